//! `/foods/*`: search across every source, the search history, and a user's custom foods.

use std::time::Instant;

use axum::{
    Router,
    extract::State,
    http::StatusCode,
    response::IntoResponse,
    routing::{delete, get, post, put},
};
use chrono::{DateTime, Utc};
use models::{CustomFoodInput, Food, FoodUse, UsedOrder, User, UserId};
use serde::{Deserialize, Serialize};

use crate::{
    AppState,
    auth::{AuthUser, MaybeAuthUser},
    error::{ApiError, ApiJson, ApiResult},
    extract::{Body, Path, Query},
    food_index::{reindex, search_query},
    food_lookup::{food_not_found, visible_food, visible_foods},
    params::{PageParams, positive_at_most},
    views::FoodView,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/foods/search", get(search))
        .route("/foods/search/history", get(search_history))
        .route("/foods/user", get(user_foods))
        .route("/foods/favorites", get(favorites))
        .route("/foods/recent", get(recent_foods))
        .route("/foods/{id}/favorite", post(star).delete(unstar))
        .route("/foods/create", post(create))
        .route("/foods/{id}", get(food))
        .route("/foods/{id}/update", put(update))
        .route("/foods/{id}/delete", delete(remove))
}

fn user_id(user: &Option<User>) -> Option<UserId> {
    user.as_ref().map(|u| u.id)
}

#[derive(Deserialize)]
struct SearchParams {
    query: Option<String>,
    page_size: Option<i64>,
}

#[derive(Serialize)]
struct SearchResults {
    query: String,
    foods: Vec<FoodView>,
    took_ms: f64,
    /// The first food matches every word of the query; when false the foods are only
    /// the closest there are ("No exact match for 红烧肉 — closest:").
    exact: bool,
}

/// How many of the user's most used foods rank higher in their searches.
const HISTORY_FOODS: i64 = 200;

async fn search(
    State(state): State<AppState>,
    MaybeAuthUser(user): MaybeAuthUser,
    Query(params): Query<SearchParams>,
) -> ApiResult<SearchResults> {
    let started = Instant::now();
    let searched_at = chrono::Utc::now();
    let text = params.query.unwrap_or_default();
    let page_size = positive_at_most("page_size", params.page_size, 20, 100)?;
    let query = search_query(&text)?;
    let viewer = user_id(&user);
    let boosted = match viewer {
        Some(id) => state.stores.foods.used_foods(id, HISTORY_FOODS).await?,
        None => Vec::new(),
    };
    let hits = state.foods.index().search(
        &query,
        viewer.map(UserId::get),
        &boosted,
        page_size as usize,
    );
    let ids: Vec<i64> = hits.iter().map(|h| h.id).collect();
    let exact = hits.first().is_some_and(|h| h.whole);
    let mut found = state.stores.foods.get_many(&ids).await?;
    found.sort_by_key(|f| ids.iter().position(|id| *id == f.id));
    if let Some(id) = viewer {
        // History is a side effect the searcher need not wait for.
        let foods = state.stores.foods.clone();
        let text = text.trim().to_owned();
        tokio::spawn(async move {
            if let Err(e) = foods.record_search(id, &text, searched_at).await {
                tracing::warn!(error = %e, "could not record a search");
            }
        });
    }
    found.retain(|f| f.visible_to(viewer));
    Ok(ApiJson(SearchResults {
        query: text.trim().to_owned(),
        foods: FoodView::with_stars(&state, &found, viewer).await?,
        took_ms: (started.elapsed().as_secs_f64() * 1e4).round() / 10.0,
        exact,
    }))
}

#[derive(Deserialize)]
struct LimitParams {
    limit: Option<i64>,
}

#[derive(Serialize)]
struct HistoryView {
    history: Vec<HistoryEntry>,
}

#[derive(Serialize)]
struct HistoryEntry {
    query: String,
    searched_at: DateTime<Utc>,
    count: i32,
}

async fn search_history(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Query(params): Query<LimitParams>,
) -> ApiResult<HistoryView> {
    let limit = positive_at_most("limit", params.limit, 10, 50)?;
    let history = state.stores.foods.search_history(user.id, limit).await?;
    Ok(ApiJson(HistoryView {
        history: history
            .into_iter()
            .map(|h| HistoryEntry {
                query: h.query,
                searched_at: h.searched_at,
                count: h.count,
            })
            .collect(),
    }))
}

#[derive(Serialize)]
struct FoodPage {
    foods: Vec<FoodView>,
    page: i64,
    page_size: i64,
    total: i64,
}

async fn user_foods(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Query(params): Query<PageParams>,
) -> ApiResult<FoodPage> {
    let page = params.page()?;
    let (foods, total) = state
        .stores
        .foods
        .list_custom(user.id, page.offset, page.size)
        .await?;
    Ok(ApiJson(FoodPage {
        foods: FoodView::with_stars(&state, &foods, Some(user.id)).await?,
        page: page.number,
        page_size: page.size,
        total,
    }))
}

async fn food(
    State(state): State<AppState>,
    MaybeAuthUser(user): MaybeAuthUser,
    Path(id): Path<i64>,
) -> ApiResult<FoodView> {
    let viewer = user_id(&user);
    let food = visible_food(&state, viewer, id).await?;
    Ok(ApiJson(FoodView::with_star(&state, &food, viewer).await?))
}

async fn create(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Body(input): Body<CustomFoodInput>,
) -> Result<impl IntoResponse, ApiError> {
    if let Some(source) = input.copied_from {
        // A copy must come from a food its maker can see.
        visible_food(&state, Some(user.id), source).await?;
    }
    let new = input.parse(user.id)?;
    let food = state.stores.foods.insert(&new).await?;
    state
        .stores
        .foods
        .record_uses(user.id, &[FoodUse::of(food.id)])
        .await?;
    reindex(&state, &food, false).await;
    Ok((
        StatusCode::CREATED,
        ApiJson(FoodView::new(&food, Some(user.id))),
    ))
}

/// The caller's custom food, or why they cannot change it.
async fn own_food(state: &AppState, user: &User, id: i64) -> Result<Food, ApiError> {
    let food = visible_food(state, Some(user.id), id).await?;
    if food.is_recipe() {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "RECIPE_FOOD",
            "This food is a recipe; change it with the recipe calls (/recipes/{id}/update/)",
        ));
    }
    if !food.is_custom() {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "FOOD_READ_ONLY",
            "Built-in, USDA and Open Food Facts foods are read-only; copy one as a custom food to change it",
        ));
    }
    Ok(food)
}

async fn update(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    Body(input): Body<CustomFoodInput>,
) -> ApiResult<FoodView> {
    own_food(&state, &user, id).await?;
    let changes = input.parse(user.id)?;
    let food = state
        .stores
        .foods
        .update_custom(id, user.id, &changes)
        .await?
        .ok_or_else(food_not_found)?;
    reindex(&state, &food, false).await;
    Ok(ApiJson(
        FoodView::with_star(&state, &food, Some(user.id)).await?,
    ))
}

#[derive(Serialize)]
struct DeleteImpact {
    removed_from_meals: bool,
    meal_count: i64,
    meal_foods_count: i64,
}

async fn remove(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<DeleteImpact> {
    let food = own_food(&state, &user, id).await?;
    if !state.stores.foods.delete_custom(id, user.id).await? {
        return Err(food_not_found());
    }
    reindex(&state, &food, true).await;
    // Saved meals keep their lines with the nutrition they were saved with, so none loses
    // a line; the counts say how many meals still show the food.
    let (meal_count, meal_foods_count) = state.stores.meals.food_use(user.id, id).await?;
    Ok(ApiJson(DeleteImpact {
        removed_from_meals: false,
        meal_count,
        meal_foods_count,
    }))
}

#[derive(Serialize)]
struct FoodList {
    foods: Vec<FoodView>,
}

/// How many starred foods the search page lists.
const MAX_FAVORITES: i64 = 100;

/// The foods of `ids` the viewer may see, in the order of `ids`.
async fn foods_in_order(
    state: &AppState,
    ids: &[i64],
    viewer: UserId,
) -> Result<Vec<Food>, ApiError> {
    let mut found: Vec<Food> = visible_foods(state, viewer, ids)
        .await?
        .into_values()
        .collect();
    found.sort_by_key(|f| ids.iter().position(|id| *id == f.id));
    Ok(found)
}

async fn favorites(State(state): State<AppState>, AuthUser(user): AuthUser) -> ApiResult<FoodList> {
    let ids = state.stores.foods.favorites(user.id, MAX_FAVORITES).await?;
    let found = foods_in_order(&state, &ids, user.id).await?;
    Ok(ApiJson(FoodList {
        foods: FoodView::with_stars(&state, &found, Some(user.id)).await?,
    }))
}

#[derive(Serialize)]
struct Starred {
    food: FoodView,
}

async fn set_star(
    state: &AppState,
    user: &User,
    id: i64,
    favorite: bool,
) -> Result<ApiJson<Starred>, ApiError> {
    let food = visible_food(state, Some(user.id), id).await?;
    state
        .stores
        .foods
        .set_favorite(user.id, id, favorite)
        .await?;
    let mut food_view = FoodView::new(&food, Some(user.id));
    food_view.is_favorite = favorite;
    Ok(ApiJson(Starred { food: food_view }))
}

async fn star(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
) -> Result<ApiJson<Starred>, ApiError> {
    set_star(&state, &user, id, true).await
}

async fn unstar(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
) -> Result<ApiJson<Starred>, ApiError> {
    set_star(&state, &user, id, false).await
}

/// A food the user logged before, with what they logged last time.
#[derive(Serialize)]
struct UsedFoodView {
    #[serde(flatten)]
    food: FoodView,
    uses: i64,
    last_used_at: DateTime<Utc>,
    last_quantity: f64,
    last_amount: Option<String>,
}

#[derive(Serialize)]
struct RecentFoods {
    recent: Vec<UsedFoodView>,
    frequent: Vec<UsedFoodView>,
}

async fn used_foods(
    state: &AppState,
    user: UserId,
    order: UsedOrder,
    limit: i64,
) -> Result<Vec<UsedFoodView>, ApiError> {
    let used = state
        .stores
        .foods
        .used_food_details(user, order, limit)
        .await?;
    let ids: Vec<i64> = used.iter().map(|u| u.food_id).collect();
    let found = foods_in_order(state, &ids, user).await?;
    let views = FoodView::with_stars(state, &found, Some(user)).await?;
    Ok(views
        .into_iter()
        .filter_map(|food| {
            let u = used.iter().find(|u| Some(u.food_id) == food.id)?;
            // A food never logged with a quantity (only created) is offered as 100 g.
            let last_quantity = u.last_quantity.unwrap_or(100.0);
            Some(UsedFoodView {
                uses: u.uses,
                last_used_at: u.used_at,
                last_quantity,
                last_amount: u.last_amount.clone(),
                food,
            })
        })
        .collect())
}

async fn recent_foods(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Query(params): Query<LimitParams>,
) -> ApiResult<RecentFoods> {
    let limit = positive_at_most("limit", params.limit, 10, 50)?;
    Ok(ApiJson(RecentFoods {
        recent: used_foods(&state, user.id, UsedOrder::Recent, limit).await?,
        frequent: used_foods(&state, user.id, UsedOrder::Frequent, limit).await?,
    }))
}
