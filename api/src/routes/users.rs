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
use super::{meals::MealView, weight::WeightView};
use crate::{
    AppState,
    auth::{AuthUser, SessionTokens, hash_password, verify_password},
    error::{ApiError, ApiJson, ApiResult},
    extract::{Body, Clock},
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
    activity_level: Option<String>,
    macro_goal_unit: Option<String>,
    protein_goal: Option<f64>,
    fat_goal: Option<f64>,
    carbs_goal: Option<f64>,
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
                activity_level: p.activity_level.clone(),
                macro_goal_unit: p.macro_goal_unit.clone(),
                protein_goal: p.protein_goal,
                fat_goal: p.fat_goal,
                carbs_goal: p.carbs_goal,
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
    /// Every saved meal, oldest first, dated in the caller's time zone.
    meals: Vec<MealView>,
    weights: Vec<WeightView>,
}

/// Every day a record can have, in a span both engines can store.
const EVER: (NaiveDate, NaiveDate) = (
    NaiveDate::from_ymd_opt(1900, 1, 1).expect("a date"),
    NaiveDate::from_ymd_opt(9999, 12, 31).expect("a date"),
);

/// Every meal of the user, oldest first.
async fn all_meals(state: &AppState, user: &User) -> Result<Vec<models::Meal>, ApiError> {
    Ok(state
        .stores
        .meals
        .between(user.id, &models::MealFilter::default())
        .await?)
}

/// Everything stored about the user, as a JSON download.
async fn export_json(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
) -> Result<impl IntoResponse, ApiError> {
    let meals = all_meals(&state, &user).await?;
    let weights = state.stores.meals.weights(user.id, EVER.0, EVER.1).await?;
    let export = Export {
        exported_at: Utc::now(),
        user: (&user).into(),
        profile: ProfileView::from(&user).profile,
        meals: super::meals::views(&meals, clock),
        weights: weights.iter().map(WeightView::from).collect(),
    };
    let body = serde_json::to_string_pretty(&export).map_err(ApiError::internal)?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/json; charset=utf-8"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"calorie-tracker-export.json\"",
            ),
        ],
        body,
    ))
}

/// A CSV field, quoted when it holds a separator, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// The user's meals, one row per food, as a CSV download.
async fn export_meals_csv(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
) -> Result<impl IntoResponse, ApiError> {
    let meals = all_meals(&state, &user).await?;
    let mut body = String::from(
        "meal_id,date,time,meal_type,meal_name,food_name,quantity_g,calories,protein_g,fat_g,carbs_g\n",
    );
    for meal in &meals {
        for food in &meal.foods {
            let amount = food.line.amount();
            body.push_str(&format!(
                "{},{},{},{},{},{},{},{},{},{},{}\n",
                meal.id,
                clock.date_of(meal.eaten_at),
                clock.time_of(meal.eaten_at).format("%H:%M"),
                meal.meal_type,
                csv_field(meal.name.as_deref().unwrap_or_default()),
                csv_field(&food.line.food_name),
                food.line.quantity.get(),
                amount.calories,
                amount.protein,
                amount.fat,
                amount.carbs,
            ));
        }
    }
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"calorie-tracker-meals.csv\"",
            ),
        ],
        body,
    ))
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

/// Removes the account and all its data, its photos' files included, once the password
/// confirms it.
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
    // The records are gone (their foreign keys cascade): now the photos they named.
    worker::uploads::remove_owner_files(&state.config.worker.data_dir, user.id)
        .await
        .map_err(ApiError::internal)?;
    tracing::info!(user = %user.id, "account deleted");
    Ok(ApiJson(Deleted { deleted }))
}
