//! `/users/*`: the profile and the account settings (password, export, deletion).

use axum::{
    Router,
    extract::State,
    http::{StatusCode, header},
    response::IntoResponse,
    routing::{delete, get, post},
};
use chrono::{NaiveDate, Utc};
use models::{Gender, NewPassword, ProfileChanges, User};
use serde::{Deserialize, Serialize};

use super::auth::{UserView, invalid_credentials};
use crate::{
    AppState,
    auth::{AuthUser, SessionTokens, hash_password, verify_password},
    error::{ApiError, ApiJson, ApiResult},
    extract::Body,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/users/profile", get(profile).put(update_profile))
        .route("/users/change-password", post(change_password))
        .route("/users/export", get(export_json))
        .route("/users/export/meals.csv", get(export_meals_csv))
        .route("/users/account", delete(delete_account))
}

#[derive(Serialize)]
struct ProfileView {
    user: ProfileUser,
    profile: ProfileFields,
}

#[derive(Serialize)]
struct ProfileUser {
    username: String,
    email: String,
    nickname: String,
}

#[derive(Serialize)]
struct ProfileFields {
    date_of_birth: Option<NaiveDate>,
    gender: Gender,
    height: f64,
    weight: f64,
    daily_calorie_goal: i32,
}

impl From<&User> for ProfileView {
    fn from(user: &User) -> Self {
        let p = &user.profile;
        ProfileView {
            user: ProfileUser {
                username: user.username.clone(),
                email: user.email.clone(),
                nickname: user.nickname.clone(),
            },
            profile: ProfileFields {
                date_of_birth: p.date_of_birth,
                gender: p.gender,
                height: p.height,
                weight: p.weight,
                daily_calorie_goal: p.daily_calorie_goal,
            },
        }
    }
}

async fn profile(AuthUser(user): AuthUser) -> ApiJson<ProfileView> {
    ApiJson((&user).into())
}

/// Changes the fields sent; every broken rule is reported and nothing is saved then.
async fn update_profile(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Body(changes): Body<ProfileChanges>,
) -> ApiResult<ProfileView> {
    let mut profile = user.profile.clone();
    let mut nickname = user.nickname.clone();
    changes.apply(&mut profile, &mut nickname, Utc::now().date_naive())?;
    let updated = state
        .stores
        .users
        .update_profile(user.id, &nickname, &profile)
        .await?;
    Ok(ApiJson((&updated).into()))
}

#[derive(Deserialize)]
struct PasswordChange {
    current_password: String,
    new_password: String,
}

/// Sets a new password; this client gets a new session and every other one ends.
async fn change_password(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Body(form): Body<PasswordChange>,
) -> ApiResult<SessionTokens> {
    if !verify_password(form.current_password, user.password_hash.clone()).await? {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "INVALID_CREDENTIALS",
            "Current password is incorrect",
        ));
    }
    let password = NewPassword::parse(&form.new_password)?;
    let hash = hash_password(password.expose().to_owned()).await?;
    state.stores.users.set_password(user.id, &hash).await?;
    let tokens = state.auth.issue(user.id, None).await?;
    state
        .auth
        .end_other_sessions(user.id, Some(&tokens.family_id))
        .await?;
    Ok(ApiJson(tokens))
}

#[derive(Serialize)]
struct Export {
    exported_at: chrono::DateTime<Utc>,
    user: UserView,
    profile: ProfileFields,
    /// Saved meals; none can be saved yet (meals come with their own feature).
    meals: Vec<serde_json::Value>,
}

/// Everything stored about the user, as a JSON download.
async fn export_json(AuthUser(user): AuthUser) -> impl IntoResponse {
    let export = Export {
        exported_at: Utc::now(),
        user: (&user).into(),
        profile: ProfileView::from(&user).profile,
        meals: Vec::new(),
    };
    let body = serde_json::to_string_pretty(&export).unwrap_or_default();
    (
        [
            (header::CONTENT_TYPE, "application/json; charset=utf-8"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"calorie-tracker-export.json\"",
            ),
        ],
        body,
    )
}

/// The user's meals, one row per food, as a CSV download.
async fn export_meals_csv(AuthUser(_user): AuthUser) -> impl IntoResponse {
    let body =
        "meal_id,date,meal_type,meal_name,food_name,quantity_g,calories,protein_g,fat_g,carbs_g\n";
    (
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"calorie-tracker-meals.csv\"",
            ),
        ],
        body,
    )
}

#[derive(Deserialize)]
struct Confirmation {
    #[serde(default)]
    password: String,
}

#[derive(Serialize)]
struct Deleted {
    deleted: bool,
}

/// Removes the account and all its data, once the password confirms it.
async fn delete_account(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Body(form): Body<Confirmation>,
) -> ApiResult<Deleted> {
    if !verify_password(form.password, user.password_hash.clone()).await? {
        return Err(ApiError {
            message: "Password is incorrect".into(),
            ..invalid_credentials()
        });
    }
    let deleted = state.stores.users.delete(user.id).await?;
    state.jobs.store().delete_for_owner(user.id.get()).await?;
    tracing::info!(user = %user.id, "account deleted");
    Ok(ApiJson(Deleted { deleted }))
}
