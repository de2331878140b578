//! Finding the foods a user may use: stored foods by id (shared foods for everyone,
//! custom foods and recipes for their owner), and USDA foods by FoodData Central id,
//! fetched by a `FetchUsdaFood` job and kept as a local food.

use std::collections::HashMap;

use jobs::Outcome;
use jobs::payloads::FetchUsdaFood;
use models::ErrorCode;
use models::{Food, FoodSource, User, UserId};

use crate::{AppState, error::ApiError, job_answers::run_briefly, views::Accepted};

pub(crate) fn food_not_found() -> ApiError {
    ApiError::new(ErrorCode::FoodNotFound, "Food not found")
}

/// The food of `id` if `viewer` may see it: shared foods everyone, custom foods and
/// recipes their owner; anything else is the same 404.
pub(crate) async fn visible_food(
    state: &AppState,
    viewer: Option<UserId>,
    id: i64,
) -> Result<Food, ApiError> {
    state
        .stores
        .foods
        .get(id)
        .await?
        .filter(|f| f.visible_to(viewer))
        .ok_or_else(food_not_found)
}

/// The foods of `ids` that `viewer` may see, by id.
pub(crate) async fn visible_foods(
    state: &AppState,
    viewer: UserId,
    ids: &[i64],
) -> Result<HashMap<i64, Food>, ApiError> {
    Ok(visible_foods_in_order(state, Some(viewer), ids)
        .await?
        .into_iter()
        .map(|f| (f.id, f))
        .collect())
}

/// The foods of `ids` the viewer may see, in the order of `ids`.
pub(crate) async fn visible_foods_in_order(
    state: &AppState,
    viewer: Option<UserId>,
    ids: &[i64],
) -> Result<Vec<Food>, ApiError> {
    let mut found = state.stores.foods.get_many(ids).await?;
    found.retain(|f| f.visible_to(viewer));
    found.sort_by_key(|f| ids.iter().position(|id| *id == f.id));
    Ok(found)
}

/// The caller's custom food, or why they cannot change it.
pub(crate) async fn own_food(state: &AppState, user: &User, id: i64) -> Result<Food, ApiError> {
    let food = visible_food(state, Some(user.id), id).await?;
    if food.is_recipe() {
        return Err(ApiError::new(
            ErrorCode::RecipeFood,
            "This food is a recipe; change it with the recipe calls (/recipes/{id}/update/)",
        ));
    }
    if !food.is_custom() {
        return Err(ApiError::new(
            ErrorCode::FoodReadOnly,
            "Built-in, USDA and Open Food Facts foods are read-only; copy one as a custom food to change it",
        ));
    }
    Ok(food)
}

/// The USDA food `fdc_id` as saved here: fetched (by a `FetchUsdaFood` job) and saved
/// the first time it is needed, read from the store after that. A fetch that takes
/// longer than a moment answers the call 202 ([`ApiError::under_way`]): the same call
/// again, once the job is done, finds the food saved.
pub(crate) async fn saved_usda_food(
    state: &AppState,
    fdc_id: i64,
    owner: Option<UserId>,
) -> Result<Food, ApiError> {
    let key = format!("fdc:{fdc_id}");
    if let Some(food) = state
        .stores
        .foods
        .find_by_source_key(FoodSource::Usda, &key)
        .await?
    {
        return Ok(food);
    }
    let job = FetchUsdaFood {
        fdc_id,
        spender: owner.map(|id| platform::outside::account(id.get())),
    };
    let fetched = match run_briefly(state, job, owner).await? {
        Outcome::Done(fetched) => fetched,
        Outcome::Pending(progress) => {
            return Err(ApiError::under_way(Accepted::job(&progress, false)));
        }
    };
    state
        .stores
        .foods
        .get(fetched.food_id)
        .await?
        .ok_or_else(|| ApiError::internal("a fetched USDA food vanished"))
}
