use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use sqlx::Pool;

use super::engine::Engine;
use super::{Connection, DB};
use super::{LookAlike, OneTimeToken, RefreshToken, SessionStore, StoreError, UserStore};
use models::user::{Gender, NewUser, Profile, User, UserId};

/// Users with their profiles, and their sessions: one store for both, on the same pool.
#[derive(Debug)]
pub(super) struct SqlAccounts(pub Pool<DB>);

#[derive(sqlx::FromRow)]
pub(super) struct UserRow {
    user_id: i64,
    username: String,
    email: String,
    nickname: String,
    password_hash: String,
    email_verified: bool,
    date_of_birth: Option<NaiveDate>,
    gender: String,
    height: f64,
    weight: f64,
    daily_calorie_goal: i32,
    activity_level: Option<String>,
    macro_goal_unit: Option<String>,
    protein_goal: Option<f64>,
    fat_goal: Option<f64>,
    carbs_goal: Option<f64>,
    body_data_set: bool,
    weight_aim_kg_per_week: Option<f64>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl TryFrom<UserRow> for User {
    type Error = StoreError;
    fn try_from(row: UserRow) -> Result<Self, StoreError> {
        Ok(User {
            id: UserId::from_i64(row.user_id),
            username: row.username,
            email: row.email,
            nickname: row.nickname,
            password_hash: row.password_hash,
            email_verified: row.email_verified,
            profile: Profile {
                date_of_birth: row.date_of_birth,
                gender: Gender::parse(&row.gender).map_err(|e| StoreError::Corrupt(e.0))?,
                height: row.height,
                weight: row.weight,
                daily_calorie_goal: row.daily_calorie_goal,
                activity_level: row.activity_level,
                macro_goal_unit: row.macro_goal_unit,
                protein_goal: row.protein_goal,
                fat_goal: row.fat_goal,
                carbs_goal: row.carbs_goal,
                body_data_set: row.body_data_set,
                weight_aim_kg_per_week: row.weight_aim_kg_per_week,
            },
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}

#[derive(sqlx::FromRow)]
struct RefreshRow {
    user_id: i64,
    family_id: String,
    expires_at: DateTime<Utc>,
    revoked_at: Option<DateTime<Utc>>,
}

#[derive(sqlx::FromRow)]
struct OneTimeRow {
    user_id: i64,
    purpose: String,
    expires_at: DateTime<Utc>,
    used_at: Option<DateTime<Utc>>,
}

macro_rules! user_columns {
    () => {
        "user_id, username, email, nickname, password_hash, email_verified, date_of_birth, \
         gender, height, weight, daily_calorie_goal, activity_level, macro_goal_unit, \
         protein_goal, fat_goal, carbs_goal, body_data_set, weight_aim_kg_per_week, created_at, \
         updated_at"
    };
}

/// Which unique column a failed insert ran into.
fn conflict(error: sqlx::Error) -> StoreError {
    match &error {
        sqlx::Error::Database(db) if db.is_unique_violation() => {
            let text = format!("{} {}", db.message(), db.constraint().unwrap_or_default());
            if text.contains("email") {
                StoreError::Conflict("email".into())
            } else {
                StoreError::Conflict("username".into())
            }
        }
        _ => error.into(),
    }
}

const CREATE: &str = concat!(
    "insert into app_user (user_id, username, username_key, email, email_key, \
     nickname, password_hash, gender, height, weight, daily_calorie_goal, \
     created_at, updated_at, username_skeleton, username_capitals_skeleton, email_skeleton) \
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13, $14, $15) returning ",
    user_columns!()
);

/// Accounts made before their skeletons were kept.
const UNKEYED: &str = "select user_id, username, email from app_user \
     where username_skeleton is null or email_skeleton is null order by created_at, user_id";

const KEY_SKELETONS: &str = "update app_user set username_skeleton = $2, \
     username_capitals_skeleton = $3, email_skeleton = $4 where user_id = $1";

const GET: &str = concat!(
    "select ",
    user_columns!(),
    " from app_user where user_id = $1"
);

const BY_LOGIN: &str = concat!(
    "select ",
    user_columns!(),
    " from app_user where username_key = $1 or email_key = $1 limit 1"
);

const BY_EMAIL: &str = concat!(
    "select ",
    user_columns!(),
    " from app_user where email_key = $1"
);

const UPDATE_PROFILE: &str = concat!(
    "update app_user set nickname = $2, date_of_birth = $3, gender = $4, \
     height = $5, weight = $6, daily_calorie_goal = $7, updated_at = $8, \
     activity_level = $9, macro_goal_unit = $10, protein_goal = $11, \
     fat_goal = $12, carbs_goal = $13, body_data_set = $14, weight_aim_kg_per_week = $15 \
     where user_id = $1 returning ",
    user_columns!()
);

const SET_PASSWORD: &str =
    "update app_user set password_hash = $2, updated_at = $3 where user_id = $1";

const MARK_EMAIL_VERIFIED: &str = concat!(
    "update app_user set email_verified = true, updated_at = $2 \
     where user_id = $1 returning ",
    user_columns!()
);

const DELETE: &str = "delete from app_user where user_id = $1";

const INSERT_REFRESH: &str = "insert into refresh_token (token_hash, user_id, family_id, \
     expires_at, created_at) values ($1, $2, $3, $4, $5)";

const GET_REFRESH: &str = "select user_id, family_id, expires_at, revoked_at \
     from refresh_token where token_hash = $1";

const SPEND_REFRESH: &str = "update refresh_token set revoked_at = $2 \
     where token_hash = $1 and revoked_at is null";

const REVOKE_FAMILY: &str = "update refresh_token set revoked_at = $2 \
     where family_id = $1 and revoked_at is null";

const REVOKE_USER_SESSIONS: &str = "update refresh_token set revoked_at = $2 \
     where user_id = $1 and revoked_at is null and family_id <> $3";

const INSERT_ONE_TIME: &str = "insert into one_time_token (token_hash, user_id, purpose, \
     expires_at, created_at) values ($1, $2, $3, $4, $5)";

const GET_ONE_TIME: &str = "select user_id, purpose, expires_at, used_at \
     from one_time_token where token_hash = $1";

const CONSUME_ONE_TIME: &str = "update one_time_token set used_at = $2 \
     where token_hash = $1 and used_at is null";

/// Stores a refresh token issued `now`.
async fn insert_refresh(
    conn: &mut Connection,
    token: &RefreshToken,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    sqlx::query(INSERT_REFRESH)
        .bind(&token.token_hash)
        .bind(token.user_id.get())
        .bind(&token.family_id)
        .bind(token.expires_at)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

impl SqlAccounts {
    /// The user whose key (`query` names which) is one of `input`'s stored keys.
    async fn find_by_key(
        &self,
        query: &'static str,
        input: &str,
    ) -> Result<Option<User>, StoreError> {
        for key in models::user::stored_keys(input) {
            let row: Option<UserRow> = sqlx::query_as(query)
                .bind(key)
                .fetch_optional(&self.0)
                .await?;
            if let Some(row) = row {
                return User::try_from(row).map(Some);
            }
        }
        Ok(None)
    }
}

#[async_trait]
impl UserStore for SqlAccounts {
    #[tracing::instrument(skip_all, level = "debug")]
    async fn create(&self, user: &NewUser) -> Result<User, StoreError> {
        let defaults = Profile::default();
        let skeletons = user.username.skeletons();
        let row: UserRow = sqlx::query_as(CREATE)
            .bind(UserId::new().get())
            .bind(user.username.as_str())
            .bind(user.username.key())
            .bind(user.email.as_str())
            .bind(user.email.key())
            .bind(&user.nickname)
            .bind(&user.password_hash)
            .bind(defaults.gender.as_str())
            .bind(defaults.height)
            .bind(defaults.weight)
            .bind(defaults.daily_calorie_goal)
            .bind(Utc::now())
            .bind(&skeletons[0])
            .bind(&skeletons[1])
            .bind(user.email.skeleton())
            .fetch_one(&self.0)
            .await
            .map_err(conflict)?;
        row.try_into()
    }

    #[tracing::instrument(skip_all, fields(id = id.get()), level = "debug")]
    async fn get(&self, id: UserId) -> Result<Option<User>, StoreError> {
        let row: Option<UserRow> = sqlx::query_as(GET)
            .bind(id.get())
            .fetch_optional(&self.0)
            .await?;
        row.map(User::try_from).transpose()
    }

    #[tracing::instrument(skip_all, level = "debug")]
    async fn find_by_login(&self, login: &str) -> Result<Option<User>, StoreError> {
        self.find_by_key(BY_LOGIN, login).await
    }

    #[tracing::instrument(skip_all, level = "debug")]
    async fn find_by_email(&self, email: &str) -> Result<Option<User>, StoreError> {
        self.find_by_key(BY_EMAIL, email).await
    }

    #[tracing::instrument(skip_all, fields(id = id.get()), level = "debug")]
    async fn update_profile(
        &self,
        id: UserId,
        nickname: &str,
        profile: &Profile,
    ) -> Result<User, StoreError> {
        let row: Option<UserRow> = sqlx::query_as(UPDATE_PROFILE)
            .bind(id.get())
            .bind(nickname)
            .bind(profile.date_of_birth)
            .bind(profile.gender.as_str())
            .bind(profile.height)
            .bind(profile.weight)
            .bind(profile.daily_calorie_goal)
            .bind(Utc::now())
            .bind(profile.activity_level.as_deref())
            .bind(profile.macro_goal_unit.as_deref())
            .bind(profile.protein_goal)
            .bind(profile.fat_goal)
            .bind(profile.carbs_goal)
            .bind(profile.body_data_set)
            .bind(profile.weight_aim_kg_per_week)
            .fetch_optional(&self.0)
            .await?;
        row.ok_or(StoreError::NotFound)?.try_into()
    }

    #[tracing::instrument(skip_all, fields(id = id.get()), level = "debug")]
    async fn set_password(&self, id: UserId, password_hash: &str) -> Result<(), StoreError> {
        let done = sqlx::query(SET_PASSWORD)
            .bind(id.get())
            .bind(password_hash)
            .bind(Utc::now())
            .execute(&self.0)
            .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    #[tracing::instrument(skip_all, fields(id = id.get()), level = "debug")]
    async fn mark_email_verified(&self, id: UserId) -> Result<User, StoreError> {
        let row: Option<UserRow> = sqlx::query_as(MARK_EMAIL_VERIFIED)
            .bind(id.get())
            .bind(Utc::now())
            .fetch_optional(&self.0)
            .await?;
        row.ok_or(StoreError::NotFound)?.try_into()
    }

    #[tracing::instrument(skip_all, level = "debug")]
    async fn key_skeletons(&self) -> Result<Vec<LookAlike>, StoreError> {
        let unkeyed: Vec<(i64, String, String)> =
            sqlx::query_as(UNKEYED).fetch_all(&self.0).await?;
        let mut look_alike = Vec::new();
        for (id, username, email) in unkeyed {
            let [small, capitals] = models::user::name_skeletons(&username);
            let keyed = sqlx::query(KEY_SKELETONS)
                .bind(id)
                .bind(small)
                .bind(capitals)
                .bind(models::user::address_skeleton(&email))
                .execute(&self.0)
                .await;
            match keyed {
                Ok(_) => {}
                // An earlier account is drawn the same: this one keeps its name, unkeyed,
                // and is reported; no new account can take either look.
                Err(sqlx::Error::Database(db)) if db.is_unique_violation() => {
                    look_alike.push(LookAlike {
                        id: UserId::from_i64(id),
                        username,
                    });
                }
                Err(e) => return Err(e.into()),
            }
        }
        Ok(look_alike)
    }

    #[tracing::instrument(skip_all, fields(id = id.get()), level = "debug")]
    async fn delete(&self, id: UserId) -> Result<bool, StoreError> {
        // Sessions and links go with the user (foreign keys cascade).
        let done = sqlx::query(DELETE).bind(id.get()).execute(&self.0).await?;
        Ok(done.rows_affected() == 1)
    }
}

#[async_trait]
impl SessionStore for SqlAccounts {
    #[tracing::instrument(skip_all, fields(user_id = token.user_id.get()), level = "debug")]
    async fn insert_refresh(&self, token: &RefreshToken) -> Result<(), StoreError> {
        let mut conn = self.0.acquire().await?;
        insert_refresh(&mut conn, token, Utc::now()).await
    }

    #[tracing::instrument(skip_all, level = "debug")]
    async fn get_refresh(&self, token_hash: &str) -> Result<Option<RefreshToken>, StoreError> {
        let row: Option<RefreshRow> = sqlx::query_as(GET_REFRESH)
            .bind(token_hash)
            .fetch_optional(&self.0)
            .await?;
        Ok(row.map(|r| RefreshToken {
            token_hash: token_hash.to_owned(),
            user_id: UserId::from_i64(r.user_id),
            family_id: r.family_id,
            expires_at: r.expires_at,
            revoked_at: r.revoked_at,
        }))
    }

    #[tracing::instrument(skip_all, fields(user_id = next.user_id.get()), level = "debug")]
    async fn rotate_refresh(
        &self,
        spent_hash: &str,
        next: &RefreshToken,
    ) -> Result<bool, StoreError> {
        // One write transaction: a reuse racing this rotation either finds the token
        // spent after the next one is stored, or waits for this commit (PostgreSQL locks
        // the updated row), so ending the family always reaches the next token too.
        let mut tx = self.0.begin_with(DB::BEGIN_WRITE).await?;
        let now = Utc::now();
        let spent = sqlx::query(SPEND_REFRESH)
            .bind(spent_hash)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        if spent.rows_affected() != 1 {
            return Ok(false);
        }
        insert_refresh(&mut tx, next, now).await?;
        tx.commit().await?;
        Ok(true)
    }

    #[tracing::instrument(skip_all, level = "debug")]
    async fn revoke_family(&self, family_id: &str) -> Result<u64, StoreError> {
        let done = sqlx::query(REVOKE_FAMILY)
            .bind(family_id)
            .bind(Utc::now())
            .execute(&self.0)
            .await?;
        Ok(done.rows_affected())
    }

    #[tracing::instrument(skip_all, fields(user_id = user_id.get()), level = "debug")]
    async fn revoke_user_sessions(
        &self,
        user_id: UserId,
        except_family: Option<&str>,
    ) -> Result<u64, StoreError> {
        let done = sqlx::query(REVOKE_USER_SESSIONS)
            .bind(user_id.get())
            .bind(Utc::now())
            .bind(except_family.unwrap_or(""))
            .execute(&self.0)
            .await?;
        Ok(done.rows_affected())
    }

    #[tracing::instrument(skip_all, fields(user_id = token.user_id.get()), level = "debug")]
    async fn insert_one_time(&self, token: &OneTimeToken) -> Result<(), StoreError> {
        sqlx::query(INSERT_ONE_TIME)
            .bind(&token.token_hash)
            .bind(token.user_id.get())
            .bind(&token.purpose)
            .bind(token.expires_at)
            .bind(Utc::now())
            .execute(&self.0)
            .await?;
        Ok(())
    }

    #[tracing::instrument(skip_all, level = "debug")]
    async fn get_one_time(&self, token_hash: &str) -> Result<Option<OneTimeToken>, StoreError> {
        let row: Option<OneTimeRow> = sqlx::query_as(GET_ONE_TIME)
            .bind(token_hash)
            .fetch_optional(&self.0)
            .await?;
        Ok(row.map(|r| OneTimeToken {
            token_hash: token_hash.to_owned(),
            user_id: UserId::from_i64(r.user_id),
            purpose: r.purpose,
            expires_at: r.expires_at,
            used_at: r.used_at,
        }))
    }

    #[tracing::instrument(skip_all, level = "debug")]
    async fn consume_one_time(&self, token_hash: &str) -> Result<bool, StoreError> {
        let done = sqlx::query(CONSUME_ONE_TIME)
            .bind(token_hash)
            .bind(Utc::now())
            .execute(&self.0)
            .await?;
        Ok(done.rows_affected() == 1)
    }
}
