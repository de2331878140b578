//! The API's side of the food search index (`platform::food_index`): a food this
//! process writes is searchable at once, and a search is read from the caller's text.

use models::ErrorCode;
use models::{Food, UserId};
use platform::food_index::{FoodIndex, search_row};

use crate::{AppState, error::ApiError};

/// Puts a changed food into this process's index at once and tells the others.
pub(crate) async fn reindex(state: &AppState, food: &Food, deleted: bool) {
    state.foods.apply(&[search_row(food, deleted)]);
    FoodIndex::announce(&state.jobs).await;
}

/// How many of the user's most used foods rank higher in their searches.
const HISTORY_FOODS: i64 = 200;

/// The foods a viewer's searches rank higher: their most used ones (none signed out).
pub(crate) async fn boosted_foods(
    state: &AppState,
    viewer: Option<UserId>,
) -> Result<Vec<i64>, ApiError> {
    Ok(match viewer {
        Some(id) => state.stores.foods.used_foods(id, HISTORY_FOODS).await?,
        None => Vec::new(),
    })
}

/// A search as typed, or the error saying why it cannot run.
pub(crate) fn search_query(text: &str) -> Result<search::Query, ApiError> {
    search::Query::parse(text).map_err(|e| match e {
        search::QueryError::Empty => ApiError::new(ErrorCode::EmptyQuery, e.to_string()),
        search::QueryError::TooLong => ApiError::new(ErrorCode::QueryTooLong, e.to_string()),
    })
}

/// Puts a food a worker just made into this process's index at once (the worker told the
/// others), so the caller finds it by name in the next breath.
pub(crate) fn learn(state: &AppState, food: &Food) {
    state.foods.apply(&[search_row(food, false)]);
}
