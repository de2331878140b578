//! `/users/*`: the profile and the account settings (password, export, deletion).

use axum::{
    extract::{DefaultBodyLimit, State},
    http::header,
    response::IntoResponse,
};
use chrono::{NaiveDate, Utc};
use models::ErrorCode;
use models::{AccountField, Gender, NewPassword, ProfileChanges, User};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{
    router::{OpenApiRouter, UtoipaMethodRouterExt},
    routes,
};

use crate::error::Success;
use crate::{
    AppState,
    account_import::{self, AccountExport, Imported},
    auth::{AuthUser, SessionTokens, hash_password, verify_password},
    error::{ApiError, ApiJson, ApiResult},
    export,
    extract::{Body, Clock},
    views::{MealView, UserView, WeightView},
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(profile, update_profile))
        .routes(routes!(change_password))
        .routes(routes!(export_json))
        .routes(routes!(export_meals_csv))
        .routes(
            routes!(import_account).layer(DefaultBodyLimit::max(account_import::MAX_IMPORT_BYTES)),
        )
        .routes(routes!(delete_account))
}

#[derive(Serialize, ToSchema)]
struct ProfileView {
    user: ProfileUser,
    profile: ProfileFields,
}

#[derive(Serialize, ToSchema)]
struct ProfileUser {
    username: String,
    email: String,
    nickname: String,
}

#[derive(Serialize, ToSchema)]
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
    /// False until the person saves body data: gender, height and weight are then the
    /// defaults, not theirs.
    body_data_set: bool,
    /// The weight change aimed at, kg a week (negative to lose); null is keeping it.
    weight_aim_kg_per_week: Option<f64>,
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
                body_data_set: p.body_data_set,
                weight_aim_kg_per_week: p.weight_aim_kg_per_week,
            },
        }
    }
}

#[utoipa::path(
    get,
    path = "/users/profile",
    tag = "users",
    operation_id = "users_profile",
    summary = "{user: {username, email, nickname}, profile: {date_of_birth, gender, height, weight, daily_calorie_goal, activity_level, macro_goal_unit, protein_goal, fat_goal, carbs_goal, body_data_set, weight_aim_kg_per_week}} (activity, the macro goals and the aim null when unset; body_data_set false until body data (gender, date_of_birth, height or weight) is saved, when those are the defaults).",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The profile", body = Success<ProfileView>),
        (status = 401, description = "Not signed in"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn profile(AuthUser(user): AuthUser) -> ApiJson<ProfileView> {
    ApiJson((&user).into())
}

/// Changes the fields sent; every broken rule is reported and nothing is saved then.
#[utoipa::path(
    put,
    path = "/users/profile",
    tag = "users",
    operation_id = "users_update_profile",
    summary = "Change any of nickname, date_of_birth (past, at most 130 years ago), gender, height (50-272 cm), weight (2-650 kg), daily_calorie_goal (500-10000 kcal), activity_level (sedentary|lightly_active|moderately_active|very_active|extra_active), macro_goal_unit (g|percent), protein_goal, fat_goal, carbs_goal (all three or none; 0-1000 g, or 0-100 % adding up to 100 ±1), weight_aim_kg_per_week (-1 to 0.5 kg a week, negative to lose); null clears the nullable ones; every broken rule is reported by field name and nothing is saved.",
    request_body(content = inline(ProfileChanges), example = json!({"nickname": "Cook", "date_of_birth": "1990-05-01", "gender": "female", "height": 168, "weight": 62.5, "daily_calorie_goal": 2000, "activity_level": "moderately_active", "macro_goal_unit": "g", "protein_goal": 100, "fat_goal": 60, "carbs_goal": 250})),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The profile", body = Success<ProfileView>),
        (status = 422, description = "Invalid values"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
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

#[derive(Deserialize, ToSchema)]
struct PasswordChange {
    current_password: String,
    new_password: String,
}

/// Sets a new password; this client gets a new session and every other one ends.
#[utoipa::path(
    post,
    path = "/users/change-password",
    tag = "users",
    operation_id = "users_change_password",
    summary = "{current_password, new_password}: new {access, refresh} for this client; every other session ends.",
    request_body(content = inline(PasswordChange), example = json!({"current_password": "Cooking2026x", "new_password": "Cooking2027x"})),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "New tokens", body = Success<SessionTokens>),
        (status = 401, description = "WRONG_PASSWORD: the current password is incorrect"),
        (status = 422, description = "Password rules"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn change_password(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Body(form): Body<PasswordChange>,
) -> ApiResult<SessionTokens> {
    if !verify_password(form.current_password, user.password_hash.clone()).await? {
        return Err(ApiError::new(
            ErrorCode::WrongPassword,
            "Current password is incorrect",
        ));
    }
    let password =
        NewPassword::parse(&form.new_password).map_err(|e| e.of(AccountField::NewPassword))?;
    let hash = hash_password(password.expose().to_owned()).await?;
    state.stores.users.set_password(user.id, &hash).await?;
    let tokens = state.auth.issue(user.id).await?;
    state
        .auth
        .end_other_sessions(user.id, Some(&tokens.family_id))
        .await?;
    Ok(ApiJson(tokens))
}

/// Every day a record can have, in a span both engines can store.
const EVER: (NaiveDate, NaiveDate) = (
    NaiveDate::from_ymd_opt(1900, 1, 1).expect("a date"),
    NaiveDate::from_ymd_opt(9999, 12, 31).expect("a date"),
);

/// Everything stored about the user, as a JSON download: `{exported_at, user, profile,
/// meals, weights, custom_foods, recipes, favorites}`, every saved meal oldest first and dated in the caller's time zone.
/// Written while the client reads it (see `export::streamed`).
#[utoipa::path(
    get,
    path = "/users/export",
    tag = "users",
    operation_id = "users_export_json",
    summary = "All of the user's data as a JSON download (not enveloped): {exported_at, user, profile, meals (oldest first, dated in the caller's time zone: tz or X-Time-Zone), weights, custom_foods, recipes, favorites}; POST /users/import reads it back into a new account. Sent while it is written: a download the server cannot finish (a failure midway) ends with the connection aborted, never as a shorter file that reads as whole. One export (JSON or CSV) per user at a time, and a bounded number per server.",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "JSON attachment", content_type = "application/json", body = Object),
        (status = 401, description = "Not signed in"),
        (status = 429, description = "EXPORT_IN_PROGRESS: the user's previous export is still being written (Retry-After)"),
        (status = 503, description = "EXPORT_BUSY: the server writes as many exports as it can at once (Retry-After)"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn export_json(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
) -> Result<impl IntoResponse, ApiError> {
    let (permit, first) = export::start(&state, &user).await?;
    let exported_at = Utc::now();
    let meals = state.stores.meals.clone();
    let weights = state.stores.weights.clone();
    let own = export::OwnFoods::of(&state);
    let body = export::streamed(permit, state.stopped(), move |mut out| async move {
        let mut document = export::JsonExport::start(
            &exported_at,
            &UserView::from(&user),
            &ProfileView::from(&user).profile,
            out.buffer(),
        )?;
        export::write_meals(&*meals, user.id, first, &mut out, |meal, buffer| {
            Ok(document.meal(&MealView::exported(meal, clock), buffer)?)
        })
        .await?;
        // One record a day at most: small next to the meals, as are the foods, recipes
        // and stars a person makes.
        let weights = weights.between(user.id, EVER.0, EVER.1).await?;
        let weights: Vec<WeightView> = weights.iter().map(WeightView::from).collect();
        let after_meals = [
            ("weights", serde_json::to_value(weights)?),
            (
                "custom_foods",
                serde_json::to_value(own.foods(user.id).await?)?,
            ),
            (
                "recipes",
                serde_json::to_value(own.recipes(user.id).await?)?,
            ),
            (
                "favorites",
                serde_json::to_value(own.favorites(user.id).await?)?,
            ),
        ];
        document.end(&after_meals, out.buffer())?;
        Ok(out)
    });
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

/// The user's meals, one row per food, as a CSV download, written while the client
/// reads it (see `export::streamed`).
#[utoipa::path(
    get,
    path = "/users/export/meals.csv",
    tag = "users",
    operation_id = "users_export_meals_csv",
    summary = "The user's meals as a CSV download, one row per food, oldest first: meal_id,date,time,meal_type,meal_name,food_name,food_name_zh,quantity_g,calories,protein_g,fat_g,carbs_g,fiber_g,sugar_g,sodium_mg, then the 24 micronutrient keys of food objects (vitamin_a_ug … polyunsaturated_fat_g: what the quantity holds, empty where the food does not give it). Sent while it is written, and limited, as the JSON export is.",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "CSV attachment", content_type = "text/csv", body = String),
        (status = 401, description = "Not signed in"),
        (status = 429, description = "EXPORT_IN_PROGRESS: the user's previous export is still being written (Retry-After)"),
        (status = 503, description = "EXPORT_BUSY: the server writes as many exports as it can at once (Retry-After)"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn export_meals_csv(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
) -> Result<impl IntoResponse, ApiError> {
    let (permit, first) = export::start(&state, &user).await?;
    let meals = state.stores.meals.clone();
    let body = export::streamed(permit, state.stopped(), move |mut out| async move {
        export::csv_header(out.buffer())?;
        export::write_meals(&*meals, user.id, first, &mut out, |meal, buffer| {
            Ok(export::csv_rows(meal, clock, buffer)?)
        })
        .await?;
        Ok(out)
    });
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

/// Reads a JSON export back into this account, which must hold nothing yet.
#[utoipa::path(
    post,
    path = "/users/import",
    tag = "users",
    operation_id = "users_import",
    summary = "Read an account's JSON export (GET /users/export, as downloaded) back into this account, which must have no meals, custom foods, recipes or weights yet: its custom foods, recipes, meals (each line with the values it was logged with), weights, stars and goals. Everything is checked first; nothing is written unless all of it is. At most 32 MB. A shared food is linked where one of that id and name is here; else a line keeps its values without a food, and a star is dropped.",
    request_body(content = inline(AccountExport), example = json!({"meals": [{"meal_type": "lunch", "eaten_at": "2026-11-30T04:30:00Z", "name": null, "notes": null, "foods": [{"food_id": null, "food_name": "Restaurant lunch", "quantity": null, "is_quick_add": true, "per_100g": {"calories": 850, "protein": 30, "fat": 35, "carbs": 90, "fiber": 0, "sugar": 0, "sodium": 0}}]}], "weights": [{"date": "2026-11-30", "weight": 62.5, "notes": null}]})),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "How much was imported", body = Success<Imported>),
        (status = 401, description = "Not signed in"),
        (status = 404, description = "FOOD_NOT_FOUND: a recipe's ingredient is neither in the export nor here (nothing was written)"),
        (status = 409, description = "CONFLICT: the account has meals, foods, recipes or weights already"),
        (status = 413, description = "PAYLOAD_TOO_LARGE: more than 32 MB"),
        (status = 422, description = "VALIDATION_ERROR: the message names the part that is wrong (nothing was written)"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn import_account(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Body(export): Body<AccountExport>,
) -> ApiResult<Imported> {
    Ok(ApiJson(account_import::import(state, user, export).await?))
}

#[derive(Deserialize, ToSchema)]
struct Confirmation {
    #[serde(default)]
    password: String,
}

#[derive(Serialize, ToSchema)]
#[schema(as = AccountDeleted)]
struct Deleted {
    deleted: bool,
}

/// Removes the account and all its data, its photos' files included, once the password
/// confirms it.
#[utoipa::path(
    delete,
    path = "/users/account",
    tag = "users",
    operation_id = "users_delete_account",
    summary = "Delete the account and all its data, its photos' files included; {password} confirms.",
    request_body(content = inline(Confirmation), example = json!({"password": "Cooking2026x"})),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Deleted", body = Success<Deleted>),
        (status = 401, description = "WRONG_PASSWORD: the password is incorrect"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn delete_account(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Body(form): Body<Confirmation>,
) -> ApiResult<Deleted> {
    if !verify_password(form.password, user.password_hash.clone()).await? {
        return Err(ApiError::new(
            ErrorCode::WrongPassword,
            "Password is incorrect",
        ));
    }
    let deleted = state.stores.users.delete(user.id).await?;
    state.jobs.store().delete_for_owner(user.id.get()).await?;
    // The records are gone (their foreign keys cascade): now the photos they named.
    platform::uploads::remove_owner_files(&state.blobs, user.id).await?;
    tracing::info!(user = %user.id, "account deleted");
    Ok(ApiJson(Deleted { deleted }))
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;

    /// The export as it was written before it was streamed: one `to_string_pretty`.
    #[derive(Serialize)]
    struct Whole {
        exported_at: chrono::DateTime<Utc>,
        user: Value,
        profile: Value,
        meals: Vec<Value>,
        weights: Vec<Value>,
        custom_foods: Vec<Value>,
    }

    fn written_in_pieces(whole: &Whole) -> String {
        let mut out = Vec::new();
        let mut document =
            export::JsonExport::start(&whole.exported_at, &whole.user, &whole.profile, &mut out)
                .unwrap();
        for meal in &whole.meals {
            document.meal(meal, &mut out).unwrap();
        }
        let after_meals = [
            ("weights", json!(whole.weights)),
            ("custom_foods", json!(whole.custom_foods)),
        ];
        document.end(&after_meals, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn the_json_export_is_written_as_the_whole_document_was() {
        let meal = |id: i64| {
            json!({"id": id, "name": "Dinner, \"big\"\nwith a line break", "notes": null,
                   "foods": [{"food_name": "米饭", "per_100g": {"calories": 116.0}, "tags": []},
                             {"food_name": "egg", "per_100g": {}, "amount": "2 \\ pieces"}],
                   "total_calories": 290.5})
        };
        let weight = json!({"id": 1, "date": "2026-11-20", "weight": 72.4, "notes": "a\tb"});
        for (meals, weights) in [
            (vec![], vec![]),
            (vec![meal(1)], vec![]),
            (vec![], vec![weight.clone()]),
            (
                vec![meal(1), meal(2), meal(3)],
                vec![weight.clone(), weight],
            ),
        ] {
            let whole = Whole {
                exported_at: "2026-11-25T08:30:00.123456Z".parse().unwrap(),
                user: json!({"id": 7, "username": "ann", "email_verified": false}),
                profile: json!({"date_of_birth": null, "height": 170.0, "goals": [1, 2]}),
                meals,
                weights,
                custom_foods: vec![json!({"id": 9, "name": "Oat \"porridge\"", "portions": []})],
            };
            assert_eq!(
                written_in_pieces(&whole),
                serde_json::to_string_pretty(&whole).unwrap()
            );
        }
    }
}
