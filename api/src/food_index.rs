//! The API's side of the food search index (`platform::food_index`): a food this
//! process writes is searchable at once, and a search is read from the caller's text.

use models::ErrorCode;
use models::Food;
use platform::food_index::{FoodIndex, search_row};

use crate::{AppState, error::ApiError};

/// Puts a changed food into this process's index at once and tells the others.
pub(crate) async fn reindex(state: &AppState, food: &Food, deleted: bool) {
    state.foods.apply(&[search_row(food, deleted)]);
    FoodIndex::announce(&state.jobs).await;
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
