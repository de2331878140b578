//! `/meals/plan`, `/meals/{id}/copy`, `/meals/copy-day`: the same meals again on other
//! days, from a template or from meals already saved.

use std::collections::HashMap;

use axum::{extract::State, http::StatusCode, response::IntoResponse};
use models::ErrorCode;
use models::calendar::DateRange;
use models::meal;
use models::{MealLine, MealType, NewMeal};
use serde::{Deserialize, Serialize};
use store::MealFilter;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::Success;
use crate::{
    AppState,
    auth::AuthUser,
    drafting::{LineInput, check_plausible, eaten_at, record_uses, resolve_lines},
    error::{ApiError, ApiJson},
    extract::{Body, Clock, Path},
    owned::own_meal,
    params::{meal_type, required_date},
    views::MealView,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(plan))
        .routes(routes!(copy_day))
        .routes(routes!(copy))
}

/// A plan covers at most a month at once.
const MAX_PLAN_DAYS: i64 = 31;

#[derive(Deserialize, ToSchema)]
struct PlanInput {
    start_date: Option<String>,
    end_date: Option<String>,
    meal_template: Option<HashMap<String, Vec<LineInput>>>,
}

#[derive(Serialize, ToSchema)]
struct PlanCreated {
    meals_created: usize,
    meals: Vec<MealView>,
}

/// Saves the same meals on every day of a span: one per meal type of the template, at
/// its usual time. All of them are saved, or none.
#[utoipa::path(
    post,
    path = "/meals/plan",
    tag = "meals",
    operation_id = "meals_plan",
    summary = "Save a template {start_date, end_date, meal_template: {breakfast?|lunch?|dinner?|snack?: [{food_id, quantity}]}} as one meal per day and meal type (at most 31 days), all or nothing: {meals_created, meals}.",
    params(crate::extract::TimeZoneParam),
    request_body(content = inline(PlanInput), example = json!({"start_date": "2026-01-12", "end_date": "2026-01-18", "meal_template": {"breakfast": [{"food_id": 1, "quantity": 200}]}})),
    security(("bearer" = [])),
    responses(
        (status = 201, description = "The meals", body = Success<PlanCreated>),
        (status = 404, description = "FOOD_NOT_FOUND"),
        (status = 422, description = "VALIDATION_ERROR"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn plan(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Body(input): Body<PlanInput>,
) -> Result<impl IntoResponse, ApiError> {
    let days = DateRange::new(
        required_date(input.start_date.as_deref(), "start_date")?,
        required_date(input.end_date.as_deref(), "end_date")?,
        MAX_PLAN_DAYS,
    )?;
    let template = input.meal_template.unwrap_or_default();
    let mut meals_of_day = Vec::new();
    for (key, foods) in &template {
        let meal_type = MealType::parse(key).map_err(|_| {
            ApiError::validation(format!(
                "meal_template keys must be breakfast, lunch, dinner or snack, not {key:?}"
            ))
        })?;
        if foods.is_empty() {
            continue;
        }
        let lines = resolve_lines(&state, &user, foods, &HashMap::new(), true).await?;
        meals_of_day.push((meal_type, lines));
    }
    if meals_of_day.is_empty() {
        return Err(ApiError::validation(
            "meal_template needs foods for at least one meal type",
        ));
    }
    meals_of_day.sort_by_key(|(t, _)| *t);
    let mut planned = Vec::new();
    for day in days.days() {
        for (meal_type, lines) in &meals_of_day {
            let at = clock.at(day, meal_type.usual_time());
            check_plausible(at)?;
            planned.push(NewMeal {
                owner: user.id,
                name: None,
                meal_type: *meal_type,
                eaten_at: at,
                notes: None,
                lines: lines.clone(),
            });
        }
    }
    let saved = state.stores.meals.create_many(&planned).await?;
    Ok((
        StatusCode::CREATED,
        ApiJson(PlanCreated {
            meals_created: saved.len(),
            meals: MealView::list(&saved, clock),
        }),
    ))
}

/// Where a copy of a meal goes.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = MealCopyInput)]
struct CopyInput {
    date: Option<String>,
    meal_type: Option<String>,
    name: Option<String>,
}

/// A new meal with the lines of one already saved (the values they were saved with,
/// quick adds included), on another day or at another time. A date alone keeps the
/// meal's local time.
#[utoipa::path(
    post,
    path = "/meals/{id}/copy",
    tag = "meals",
    operation_id = "meals_copy",
    summary = "Copy a meal to {date: YYYY-MM-DD (keeps its local time) or a date-time, meal_type?, name?}: 201 with the new meal, its lines with the values they were saved with.",
    params(("id" = i64, Path, description = "Meal id"), crate::extract::TimeZoneParam),
    request_body(content = inline(CopyInput), example = json!({"date": "2026-01-16", "meal_type": "dinner"})),
    security(("bearer" = [])),
    responses(
        (status = 201, description = "The copy", body = Success<MealView>),
        (status = 401, description = "Not signed in"),
        (status = 404, description = "MEAL_NOT_FOUND"),
        (status = 422, description = "VALIDATION_ERROR"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn copy(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Path(id): Path<i64>,
    Body(input): Body<CopyInput>,
) -> Result<impl IntoResponse, ApiError> {
    let meal = own_meal(&state, user.id, id).await?;
    let text = input
        .date
        .as_deref()
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .ok_or_else(|| ApiError::validation("date is required"))?;
    let chosen_type = meal_type(input.meal_type.as_deref())?;
    let at = if text.contains('T') {
        eaten_at(text, chosen_type, clock)?
    } else {
        let day = required_date(Some(text), "date")?;
        let at = clock.at(day, clock.time_of(meal.eaten_at));
        check_plausible(at)?;
        at
    };
    let name = match input.name.as_deref() {
        Some(text) => meal::meal_name(Some(text))?,
        None => meal.name.clone(),
    };
    let copied = NewMeal {
        name,
        meal_type: chosen_type.unwrap_or(meal.meal_type),
        ..meal.copied_to(at)
    };
    let saved = state.stores.meals.create(&copied).await?;
    record_uses(&state, user.id, &copied.lines).await;
    Ok((StatusCode::CREATED, ApiJson(MealView::new(&saved, clock))))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
struct CopyDayInput {
    from_date: Option<String>,
    to_date: Option<String>,
}

#[derive(Serialize, ToSchema)]
struct DayCopied {
    count: usize,
    meals: Vec<MealView>,
}

/// Every meal of one local day again on another, each at its own local time; all of
/// them are saved, or none.
#[utoipa::path(
    post,
    path = "/meals/copy-day",
    tag = "meals",
    operation_id = "meals_copy_day",
    summary = "Copy every meal of {from_date} to {to_date}, each at its local time, all or nothing: 201 {count, meals}.",
    params(crate::extract::TimeZoneParam),
    request_body(content = inline(CopyDayInput), example = json!({"from_date": "2026-01-15", "to_date": "2026-01-16"})),
    security(("bearer" = [])),
    responses(
        (status = 201, description = "The copies", body = Success<DayCopied>),
        (status = 401, description = "Not signed in"),
        (status = 404, description = "NO_MEALS_ON_DAY"),
        (status = 422, description = "VALIDATION_ERROR"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn copy_day(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Body(input): Body<CopyDayInput>,
) -> Result<impl IntoResponse, ApiError> {
    let from = required_date(input.from_date.as_deref(), "from_date")?;
    let to = required_date(input.to_date.as_deref(), "to_date")?;
    let filter = MealFilter {
        during: Some(clock.span(DateRange::day(from))),
        meal_type: None,
    };
    let meals = state.stores.meals.between(user.id, &filter).await?;
    if meals.is_empty() {
        return Err(ApiError::new(
            ErrorCode::NoMealsOnDay,
            format!("There are no meals on {from} to copy"),
        ));
    }
    let mut copies = Vec::with_capacity(meals.len());
    for meal in &meals {
        let at = clock.at(to, clock.time_of(meal.eaten_at));
        check_plausible(at)?;
        copies.push(meal.copied_to(at));
    }
    let saved = state.stores.meals.create_many(&copies).await?;
    let lines: Vec<MealLine> = copies.iter().flat_map(|m| m.lines.clone()).collect();
    record_uses(&state, user.id, &lines).await;
    Ok((
        StatusCode::CREATED,
        ApiJson(DayCopied {
            count: saved.len(),
            meals: MealView::list(&saved, clock),
        }),
    ))
}
