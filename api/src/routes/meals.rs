//! `/meals/*`: saving what a user ate, reading it back by local day or span, and the
//! user's recent meals. A meal's lines are in `meal_lines`, plans and copies in
//! `meal_copies`, statistics in `meal_stats`, body weight in `weight`.

use std::collections::HashMap;

use axum::{
    Router,
    extract::State,
    http::StatusCode,
    response::IntoResponse,
    routing::{delete, get, post, put},
};
use chrono::Days;
use models::meal::{self, DateRange};
use models::{MealFilter, MealLine, NewMeal};
use serde::{Deserialize, Serialize};

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

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/meals/create", post(create))
        .route("/meals/list", get(list))
        .route("/meals/recent", get(recent))
        .route("/meals/{id}", get(one))
        .route("/meals/{id}/update", put(update))
        .route("/meals/{id}/delete", delete(remove))
}

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

async fn one(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Path(id): Path<i64>,
) -> ApiResult<MealView> {
    let meal = own_meal(&state, user.id, id).await?;
    Ok(ApiJson(MealView::new(&meal, clock)))
}

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

#[derive(Deserialize)]
struct ListParams {
    page: Option<i64>,
    page_size: Option<i64>,
    #[serde(flatten)]
    span: SpanParams,
}

#[derive(Serialize)]
struct MealPage {
    meals: Vec<MealView>,
    page: i64,
    page_size: i64,
    total: i64,
    has_more: bool,
}

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

#[derive(Deserialize)]
struct RecentParams {
    limit: Option<i64>,
}

#[derive(Serialize)]
struct MealList {
    meals: Vec<MealView>,
}

/// SPEC §9: the recent meals window is 7 days.
const RECENT_DAYS: u64 = 7;

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
