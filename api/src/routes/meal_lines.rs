//! `/meals/{id}/add-food`, `/meals/food/{id}/update`, `/meals/food/{id}/delete`: one
//! line of a saved meal at a time.

use std::collections::HashMap;

use axum::extract::State;
use models::ErrorCode;
use models::meal::MAX_MEAL_FOODS;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::Success;
use crate::{
    AppState,
    auth::AuthUser,
    drafting::{LineInput, Measure, record_uses, resolve_lines},
    error::{ApiError, ApiJson, ApiResult},
    extract::{Body, Clock, Path},
    owned::{meal_not_found, own_meal},
    views::MealView,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(add_food))
        .routes(routes!(update_line))
        .routes(routes!(delete_line))
}

fn line_not_found() -> ApiError {
    ApiError::new(ErrorCode::MealFoodNotFound, "Meal food not found")
}

#[utoipa::path(
    post,
    path = "/meals/{id}/add-food",
    tag = "meals",
    operation_id = "meals_add_food",
    summary = "Add {food_id, quantity} (or a USDA line) to a meal; answers the meal.",
    params(("id" = i64, Path, description = "Meal id"), crate::extract::TimeZoneParam),
    request_body(content = inline(LineInput), example = json!({"food_id": 1, "quantity": 100})),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The meal", body = Success<MealView>),
        (status = 404, description = "MEAL_NOT_FOUND or FOOD_NOT_FOUND"),
        (status = 422, description = "VALIDATION_ERROR"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn add_food(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Path(id): Path<i64>,
    Body(input): Body<LineInput>,
) -> ApiResult<MealView> {
    // A missing meal is the answer even when the food is wrong too.
    let current = own_meal(&state, user.id, id).await?;
    if current.foods.len() >= MAX_MEAL_FOODS {
        return Err(ApiError::validation(format!(
            "A meal can hold at most {MAX_MEAL_FOODS} foods"
        )));
    }
    let mut lines = resolve_lines(
        &state,
        &user,
        std::slice::from_ref(&input),
        &HashMap::new(),
        false,
    )
    .await?;
    let line = lines.remove(0);
    let saved = state
        .stores
        .meals
        .add_line(user.id, id, &line)
        .await?
        .ok_or_else(meal_not_found)?;
    record_uses(&state, user.id, &[line]).await;
    Ok(ApiJson(MealView::new(&saved, clock)))
}

#[derive(Deserialize, ToSchema)]
struct QuantityInput {
    quantity: Option<f64>,
    amount: Option<String>,
}

#[utoipa::path(
    put,
    path = "/meals/food/{id}/update",
    tag = "meals",
    operation_id = "meals_update_line",
    summary = "Change a line's {quantity} or {amount} (read against its food's portions); answers its meal. A quick add has no quantity (422 QUICK_ADD_HAS_NO_QUANTITY).",
    params(("id" = i64, Path, description = "Meal food id"), crate::extract::TimeZoneParam),
    request_body(content = inline(QuantityInput), example = json!({"quantity": 120})),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The meal", body = Success<MealView>),
        (status = 404, description = "MEAL_FOOD_NOT_FOUND"),
        (status = 422, description = "VALIDATION_ERROR"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn update_line(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Path(id): Path<i64>,
    Body(input): Body<QuantityInput>,
) -> ApiResult<MealView> {
    let measure = Measure::parse(input.quantity, input.amount.as_deref(), "quantity")?;
    let (quantity, amount) = match &measure {
        Measure::Grams(g) => (*g, None),
        Measure::Amount(_) => {
            // An amount is read against the portions of the line's food.
            let line = state
                .stores
                .meals
                .line(user.id, id)
                .await?
                .ok_or_else(line_not_found)?;
            let food = match line.food_id {
                Some(food_id) => state.stores.foods.get(food_id).await?,
                None => None,
            };
            measure.grams(food.as_ref().map(|f| &f.food), "quantity", &line.food_name)?
        }
    };
    let meal = match state
        .stores
        .meals
        .set_line_quantity(user.id, id, quantity, amount.as_deref())
        .await
    {
        Err(store::StoreError::Conflict(_)) => {
            return Err(ApiError::new(
                ErrorCode::QuickAddHasNoQuantity,
                "A quick add has no quantity; delete it and add it again with other values",
            ));
        }
        other => other?.ok_or_else(line_not_found)?,
    };
    Ok(ApiJson(MealView::new(&meal, clock)))
}

#[utoipa::path(
    delete,
    path = "/meals/food/{id}/delete",
    tag = "meals",
    operation_id = "meals_delete_line",
    summary = "Remove a line; answers its meal. The last line cannot go (delete the meal).",
    params(("id" = i64, Path, description = "Meal food id"), crate::extract::TimeZoneParam),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The meal", body = Success<MealView>),
        (status = 404, description = "MEAL_FOOD_NOT_FOUND"),
        (status = 422, description = "LAST_MEAL_FOOD"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn delete_line(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Path(id): Path<i64>,
) -> ApiResult<MealView> {
    let meal = match state.stores.meals.delete_line(user.id, id).await {
        Err(store::StoreError::Conflict(_)) => {
            return Err(ApiError::new(
                ErrorCode::LastMealFood,
                "A meal needs at least one food; delete the meal instead",
            ));
        }
        other => other?.ok_or_else(line_not_found)?,
    };
    Ok(ApiJson(MealView::new(&meal, clock)))
}
