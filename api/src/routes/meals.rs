//! `/meals/*`: saving what a user ate, reading it back by local day or span, and the
//! user's recent meals. A meal's lines are in `meal_lines`, plans and copies in
//! `meal_copies`, statistics in `meal_stats`, body weight in `weight`.

use std::collections::HashMap;

use axum::{extract::State, http::StatusCode, response::IntoResponse};
use chrono::Days;
use models::calendar::DateRange;
use models::meal;
use models::{MealLine, NewMeal};
use serde::{Deserialize, Serialize};
use store::MealFilter;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::Success;
use crate::{
    AppState,
    auth::AuthUser,
    drafting::{MealFields, MealInput, eaten_at, record_uses, resolve_lines, save_meal},
    error::{ApiError, ApiJson, ApiResult},
    extract::{Body, Clock, Path, Query},
    owned::{meal_not_found, own_meal},
    params::{PageParams, SpanParams, meal_type, positive_at_most},
    views::{Deleted, MealView},
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create))
        .routes(routes!(list))
        .routes(routes!(recent))
        .routes(routes!(one))
        .routes(routes!(update))
        .routes(routes!(remove))
}

#[utoipa::path(
    post,
    path = "/meals/create",
    tag = "meals",
    operation_id = "meals_create",
    summary = "Save a meal from {name?, date?, meal_type?, notes?, foods: [{food_id, quantity} | {food_id, amount: \"2 slices\" | \"1.5碗\" | \"半斤\"} | {food_id: -1, quantity, fdc_id, name} | {quick_add: {name?, calories, protein?, fat?, carbs?}}]}: an amount is read against the food's portions (g, kg, 斤, 两, oz, lb or a portion's unit) and kept beside its grams; a quick add has no food and no grams; date is YYYY-MM-DD (local, at the meal type's usual time) or a date-time with T (UTC ISO); meal_type follows the local hour when left out. Totals come from the foods' per-100 g values; each line keeps the nutrition it was saved with.",
    params(crate::extract::TimeZoneParam),
    request_body(content = inline(MealFields), example = json!({"name": "Lunch", "date": "2026-01-15", "meal_type": "lunch", "foods": [{"food_id": 1, "quantity": 150}, {"quick_add": {"name": "Coffee", "calories": 5}}]})),
    security(("bearer" = [])),
    responses(
        (status = 201, description = "The meal", body = Success<MealView>),
        (status = 401, description = "Not signed in"),
        (status = 404, description = "FOOD_NOT_FOUND or USDA_FOOD_NOT_FOUND"),
        (status = 422, description = "VALIDATION_ERROR, naming the field"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn create(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Body(input): Body<MealFields>,
) -> Result<impl IntoResponse, ApiError> {
    let meal = MealInput::parse(&state, &user, clock, input).await?;
    let saved = save_meal(&state, &user, clock, meal).await?;
    Ok((StatusCode::CREATED, ApiJson(saved)))
}

#[utoipa::path(
    get,
    path = "/meals/{id}",
    tag = "meals",
    operation_id = "meals_one",
    summary = "One of your meals.",
    params(("id" = i64, Path, description = "Meal id"), crate::extract::TimeZoneParam),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The meal", body = Success<MealView>),
        (status = 404, description = "MEAL_NOT_FOUND"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn one(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Path(id): Path<i64>,
) -> ApiResult<MealView> {
    let meal = own_meal(&state, user.id, id).await?;
    Ok(ApiJson(MealView::new(&meal, clock)))
}

#[utoipa::path(
    put,
    path = "/meals/{id}/update",
    tag = "meals",
    operation_id = "meals_update",
    summary = "Change a meal; fields left out stay. foods replaces the lines: a food the meal had keeps its saved nutrition unless the line says refresh: true.",
    params(("id" = i64, Path, description = "Meal id"), crate::extract::TimeZoneParam),
    request_body(content = inline(MealFields), example = json!({"name": "Lunch", "date": "2026-01-15", "meal_type": "lunch", "foods": [{"food_id": 1, "quantity": 150}, {"quick_add": {"name": "Coffee", "calories": 5}}]})),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The meal", body = Success<MealView>),
        (status = 404, description = "MEAL_NOT_FOUND or FOOD_NOT_FOUND"),
        (status = 422, description = "VALIDATION_ERROR"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn update(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Path(id): Path<i64>,
    Body(input): Body<MealFields>,
) -> ApiResult<MealView> {
    let current = own_meal(&state, user.id, id).await?;
    let name = match input.name.as_deref() {
        Some(text) => meal::meal_name(Some(text))?,
        None => current.name.clone(),
    };
    let notes = match input.notes.as_deref() {
        Some(text) => meal::meal_notes(Some(text))?,
        None => current.notes.clone(),
    };
    let chosen_type = meal_type(input.meal_type.as_deref())?;
    let at = match input.date.as_deref().filter(|d| !d.trim().is_empty()) {
        Some(text) => eaten_at(text, chosen_type.or(Some(current.meal_type)), clock)?,
        None => current.eaten_at,
    };
    let lines = match &input.foods {
        Some(foods) if foods.is_empty() => {
            return Err(ApiError::validation(
                "A meal needs at least one food; delete the meal instead",
            ));
        }
        Some(foods) => {
            let kept: HashMap<i64, MealLine> = current
                .foods
                .iter()
                .filter_map(|f| f.line.food_id.map(|id| (id, f.line.clone())))
                .collect();
            resolve_lines(&state, &user, foods, &kept, true).await?
        }
        None => current.foods.iter().map(|f| f.line.clone()).collect(),
    };
    let changed = NewMeal {
        owner: user.id,
        name,
        meal_type: chosen_type.unwrap_or(current.meal_type),
        eaten_at: at,
        notes,
        lines,
    };
    let saved = state
        .stores
        .meals
        .replace(user.id, id, &changed)
        .await?
        .ok_or_else(meal_not_found)?;
    if input.foods.is_some() {
        record_uses(&state, user.id, &changed.lines).await;
    }
    Ok(ApiJson(MealView::new(&saved, clock)))
}

#[utoipa::path(
    delete,
    path = "/meals/{id}/delete",
    tag = "meals",
    operation_id = "meals_remove",
    summary = "Delete a meal: {id, deleted}.",
    params(("id" = i64, Path, description = "Meal id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Deleted", body = Success<Deleted>),
        (status = 404, description = "MEAL_NOT_FOUND"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn remove(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Deleted> {
    if !state.stores.meals.delete(user.id, id).await? {
        return Err(meal_not_found());
    }
    Ok(ApiJson(Deleted { id, deleted: true }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ListParams {
    /// From 1
    page: Option<i64>,
    /// 1 to 100, default 20
    page_size: Option<i64>,
    #[serde(flatten)]
    #[param(ignore)]
    span: SpanParams,
}

#[derive(Serialize, ToSchema)]
struct MealPage {
    meals: Vec<MealView>,
    page: i64,
    page_size: i64,
    total: i64,
    has_more: bool,
}

#[utoipa::path(
    get,
    path = "/meals/list",
    tag = "meals",
    operation_id = "meals_list",
    summary = "Your meals, newest first: {meals, page, page_size, total, has_more}.",
    params(ListParams, SpanParams, crate::extract::TimeZoneParam),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "A page of meals", body = Success<MealPage>),
        (status = 422, description = "VALIDATION_ERROR or INVALID_TIME_ZONE"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn list(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Query(params): Query<ListParams>,
) -> ApiResult<MealPage> {
    let page = PageParams {
        page: params.page,
        page_size: params.page_size,
    }
    .page()?;
    let (page, page_size, offset) = (page.number, page.size, page.offset);
    let filter = params.span.filter(clock)?;
    let (meals, total) = state
        .stores
        .meals
        .list(user.id, &filter, offset, page_size)
        .await?;
    Ok(ApiJson(MealPage {
        meals: MealView::list(&meals, clock),
        page,
        page_size,
        total,
        has_more: offset + (meals.len() as i64) < total,
    }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct RecentParams {
    /// 1 to 50, default 7
    limit: Option<i64>,
}

#[derive(Serialize, ToSchema)]
struct MealList {
    meals: Vec<MealView>,
}

/// SPEC §9: the recent meals window is 7 days.
const RECENT_DAYS: u64 = 7;

#[utoipa::path(
    get,
    path = "/meals/recent",
    tag = "meals",
    operation_id = "meals_recent",
    summary = "Meals of the last 7 local days, newest first: {meals}.",
    params(RecentParams, crate::extract::TimeZoneParam),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Meals", body = Success<MealList>),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn recent(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Query(params): Query<RecentParams>,
) -> ApiResult<MealList> {
    let limit = positive_at_most("limit", params.limit, 7, 50)?;
    let today = clock.today();
    let days = DateRange::day(today);
    let first = today - Days::new(RECENT_DAYS - 1);
    let filter = MealFilter {
        during: Some(clock.start_of(first)..clock.span(days).end),
        meal_type: None,
    };
    let (meals, _) = state.stores.meals.list(user.id, &filter, 0, limit).await?;
    Ok(ApiJson(MealList {
        meals: MealView::list(&meals, clock),
    }))
}
