//! `/meals/{id}/add-food`, `/meals/food/{id}/update`, `/meals/food/{id}/delete`: one
//! line of a saved meal at a time.

use std::collections::HashMap;

use axum::{
    Router,
    extract::State,
    http::StatusCode,
    routing::{delete, post, put},
};
use models::meal::MAX_MEAL_FOODS;
use serde::Deserialize;

use crate::{
    AppState,
    auth::AuthUser,
    drafting::{LineInput, Measure, record_uses, resolve_lines},
    error::{ApiError, ApiJson, ApiResult},
    extract::{Body, Clock, Path},
    owned::{meal_not_found, own_meal},
    views::MealView,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/meals/{id}/add-food", post(add_food))
        .route("/meals/food/{id}/update", put(update_line))
        .route("/meals/food/{id}/delete", delete(delete_line))
}

fn line_not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "MEAL_FOOD_NOT_FOUND",
        "Meal food not found",
    )
}

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

#[derive(Deserialize)]
struct QuantityInput {
    quantity: Option<f64>,
    amount: Option<String>,
}

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
            let portions = food.as_ref().map_or(&[][..], |f| &f.food.portions[..]);
            measure.grams(portions, "quantity", &line.food_name)?
        }
    };
    let meal = match state
        .stores
        .meals
        .set_line_quantity(user.id, id, quantity, amount.as_deref())
        .await
    {
        Err(models::StoreError::Conflict(_)) => {
            return Err(ApiError::validation(
                "A quick add has no quantity; delete it and add it again with other values",
            )
            .with_code("QUICK_ADD_HAS_NO_QUANTITY"));
        }
        other => other?.ok_or_else(line_not_found)?,
    };
    Ok(ApiJson(MealView::new(&meal, clock)))
}

async fn delete_line(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Path(id): Path<i64>,
) -> ApiResult<MealView> {
    let meal = match state.stores.meals.delete_line(user.id, id).await {
        Err(models::StoreError::Conflict(_)) => {
            return Err(ApiError::validation(
                "A meal needs at least one food; delete the meal instead",
            )
            .with_code("LAST_MEAL_FOOD"));
        }
        other => other?.ok_or_else(line_not_found)?,
    };
    Ok(ApiJson(MealView::new(&meal, clock)))
}
