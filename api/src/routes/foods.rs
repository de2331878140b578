//! `/foods/*`: search across every source, a meal said in words, the search history, and
//! a user's custom foods.

use std::time::Instant;

use axum::{extract::State, http::StatusCode, response::IntoResponse};
use models::{CustomFoodInput, User, UserId};
use serde::Deserialize;
use store::{FoodUse, UsedOrder};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::Success;
use crate::{
    AppState,
    auth::{AuthUser, MaybeAuthUser},
    error::{ApiError, ApiJson, ApiResult},
    extract::{Body, Path, Query},
    food_index::{boosted_foods, reindex, search_query},
    food_lookup::{food_not_found, own_food, visible_food, visible_foods_in_order},
    meal_words::{MealWords, read_meal},
    params::{PageParams, positive_at_most},
    views::{
        DeleteImpact, FoodList, FoodPage, FoodView, HistoryView, RecentFoods, SearchResults,
        Starred, UsedFoodView,
    },
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(search))
        .routes(routes!(parse_meal))
        .routes(routes!(search_history))
        .routes(routes!(user_foods))
        .routes(routes!(favorites))
        .routes(routes!(recent_foods))
        .routes(routes!(star, unstar))
        .routes(routes!(create))
        .routes(routes!(food))
        .routes(routes!(update))
        .routes(routes!(remove))
}

fn user_id(user: &Option<User>) -> Option<UserId> {
    user.as_ref().map(|u| u.id)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct SearchParams {
    /// What to look for (1 to 200 characters)
    query: Option<String>,
    /// 1 to 100, default 20
    page_size: Option<i64>,
}

#[utoipa::path(
    get,
    path = "/foods/search",
    tag = "foods",
    operation_id = "foods_search",
    summary = "Search the catalogue, USDA and Open Food Facts foods and (signed in) your custom foods: English, Chinese, pinyin, prefixes, typos and short forms. {query, foods, took_ms, exact}: exact is false when no food matches every word and the foods are only the closest; fiber/sugar/sodium_per_100g are null where the food's source does not give them. Signed-in searches are kept in the history.",
    params(SearchParams),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "Foods, best first", body = Success<SearchResults>),
        (status = 400, description = "EMPTY_QUERY"),
        (status = 422, description = "QUERY_TOO_LONG or a bad page_size"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.as_ref().map(|u| u.id.get())))]
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
    let boosted = boosted_foods(&state, viewer).await?;
    let hits = state.foods.index().search(
        &query,
        viewer.map(UserId::get),
        &boosted,
        page_size as usize,
    );
    let ids: Vec<i64> = hits.iter().map(|h| h.id).collect();
    let exact = hits.first().is_some_and(|h| h.whole);
    let found = visible_foods_in_order(&state, viewer, &ids).await?;
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
    Ok(ApiJson(SearchResults {
        query: text.trim().to_owned(),
        foods: FoodView::with_stars(&state, &found, viewer)
            .await?
            .into_iter()
            .map(FoodView::summary)
            .collect(),
        took_ms: (started.elapsed().as_secs_f64() * 1e4).round() / 10.0,
        exact,
    }))
}

#[derive(Deserialize, ToSchema)]
struct MealText {
    /// The meal in words, in English or Chinese (1 to 500 characters): "一碗米饭两个鸡蛋",
    /// "2 eggs and a slice of toast".
    text: Option<String>,
}

/// A meal said in words, read into lines: each dish found as the search finds it, with
/// its amount as said and its grams.
#[utoipa::path(
    post,
    path = "/foods/parse-meal",
    tag = "foods",
    operation_id = "foods_parse_meal",
    summary = "A meal in words read into lines: {meal_type, items: [{text, food, grams, amount: {count, unit}, certainty: {level, score}, alternatives}], unmatched}; meal_type is the meal the text opens by naming (\"午饭吃了…\", \"for lunch I had…\"), else null.",
    request_body(content = inline(MealText), example = json!({"text": "早饭吃了一碗米饭和两个鸡蛋"})),
    responses(
        (status = 200, description = "The dishes read, and the parts not understood", body = Success<MealWords>),
        (status = 422, description = "VALIDATION_ERROR: no text, or more than 500 characters"),
    ),
)]
#[tracing::instrument(skip_all)]
async fn parse_meal(
    State(state): State<AppState>,
    MaybeAuthUser(user): MaybeAuthUser,
    Body(input): Body<MealText>,
) -> ApiResult<MealWords> {
    let text = input.text.unwrap_or_default();
    Ok(ApiJson(read_meal(&state, user_id(&user), &text).await?))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct LimitParams {
    /// 1 to 50, default 10
    limit: Option<i64>,
}

#[utoipa::path(
    get,
    path = "/foods/search/history",
    tag = "foods",
    operation_id = "foods_search_history",
    summary = "Your recent searches, newest first: {history: [{query, searched_at, count}]}.",
    params(LimitParams),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "History", body = Success<HistoryView>),
        (status = 401, description = "Not signed in"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn search_history(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Query(params): Query<LimitParams>,
) -> ApiResult<HistoryView> {
    let limit = positive_at_most("limit", params.limit, 10, 50)?;
    let history = state.stores.foods.search_history(user.id, limit).await?;
    Ok(ApiJson(history.into()))
}

#[utoipa::path(
    get,
    path = "/foods/user",
    tag = "foods",
    operation_id = "foods_user_foods",
    summary = "Your custom foods, newest first: {foods, page, page_size, total}.",
    params(PageParams),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "A page of foods", body = Success<FoodPage>),
        (status = 401, description = "Not signed in"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
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

#[utoipa::path(
    get,
    path = "/foods/{id}",
    tag = "foods",
    operation_id = "foods_food",
    summary = "One food (another user's custom food is not found).",
    params(("id" = i64, Path, description = "Food id")),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The food", body = Success<FoodView>),
        (status = 404, description = "FOOD_NOT_FOUND"),
    ),
)]
#[tracing::instrument(skip_all)]
async fn food(
    State(state): State<AppState>,
    MaybeAuthUser(user): MaybeAuthUser,
    Path(id): Path<i64>,
) -> ApiResult<FoodView> {
    let viewer = user_id(&user);
    let food = visible_food(&state, viewer, id).await?;
    Ok(ApiJson(FoodView::with_star(&state, &food, viewer).await?))
}

#[utoipa::path(
    post,
    path = "/foods/create",
    tag = "foods",
    operation_id = "foods_create",
    summary = "Create a custom food from {name, calories, protein?, fat?, carbs?, fiber?, sugar?, sodium?, portions?, copied_from?, barcode?} per 100 g; a barcode (8, 12, 13 or 14 digits) finds the food in your barcode lookups next time.",
    request_body(content = inline(CustomFoodInput), example = json!({"name": "Oat porridge", "calories": 68, "protein": 2.4, "fat": 1.4, "carbs": 12, "fiber": 1.7, "portions": [{"grams": 250, "name": "bowl", "name_zh": "碗"}]})),
    security(("bearer" = [])),
    responses(
        (status = 201, description = "The food", body = Success<FoodView>),
        (status = 401, description = "Not signed in"),
        (status = 404, description = "copied_from is not a food you can see"),
        (status = 422, description = "VALIDATION_ERROR"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
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

#[utoipa::path(
    put,
    path = "/foods/{id}/update",
    tag = "foods",
    operation_id = "foods_update",
    summary = "Change your custom food (same body as create).",
    params(("id" = i64, Path, description = "Food id")),
    request_body(content = inline(CustomFoodInput), example = json!({"name": "Oat porridge", "calories": 68, "protein": 2.4, "fat": 1.4, "carbs": 12, "fiber": 1.7, "portions": [{"grams": 250, "name": "bowl", "name_zh": "碗"}]})),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The food", body = Success<FoodView>),
        (status = 403, description = "FOOD_READ_ONLY"),
        (status = 404, description = "FOOD_NOT_FOUND"),
        (status = 422, description = "VALIDATION_ERROR"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
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

#[utoipa::path(
    delete,
    path = "/foods/{id}/delete",
    tag = "foods",
    operation_id = "foods_remove",
    summary = "Delete your custom food: {removed_from_meals, meal_count, meal_foods_count}; saved meals keep their nutrition.",
    params(("id" = i64, Path, description = "Food id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Deleted", body = Success<DeleteImpact>),
        (status = 403, description = "FOOD_READ_ONLY"),
        (status = 404, description = "FOOD_NOT_FOUND"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
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

/// How many starred foods the search page lists.
const MAX_FAVORITES: i64 = 100;

#[utoipa::path(
    get,
    path = "/foods/favorites",
    tag = "foods",
    operation_id = "foods_favorites",
    summary = "Your starred foods, newest star first: {foods}.",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Foods", body = Success<FoodList>),
        (status = 401, description = "Not signed in"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn favorites(State(state): State<AppState>, AuthUser(user): AuthUser) -> ApiResult<FoodList> {
    let ids = state.stores.foods.favorites(user.id, MAX_FAVORITES).await?;
    let found = visible_foods_in_order(&state, Some(user.id), &ids).await?;
    Ok(ApiJson(FoodList {
        foods: FoodView::with_stars(&state, &found, Some(user.id)).await?,
    }))
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

#[utoipa::path(
    post,
    path = "/foods/{id}/favorite",
    tag = "foods",
    operation_id = "foods_star",
    summary = "Star a food (idempotent): {food}.",
    params(("id" = i64, Path, description = "Food id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Starred", body = Success<Starred>),
        (status = 401, description = "Not signed in"),
        (status = 404, description = "FOOD_NOT_FOUND"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn star(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
) -> Result<ApiJson<Starred>, ApiError> {
    set_star(&state, &user, id, true).await
}

#[utoipa::path(
    delete,
    path = "/foods/{id}/favorite",
    tag = "foods",
    operation_id = "foods_unstar",
    summary = "Take a food's star away (idempotent): {food}.",
    params(("id" = i64, Path, description = "Food id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Not starred", body = Success<Starred>),
        (status = 401, description = "Not signed in"),
        (status = 404, description = "FOOD_NOT_FOUND"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn unstar(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
) -> Result<ApiJson<Starred>, ApiError> {
    set_star(&state, &user, id, false).await
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
    let found = visible_foods_in_order(state, Some(user), &ids).await?;
    let views = FoodView::with_stars(state, &found, Some(user)).await?;
    Ok(UsedFoodView::list(views, &used))
}

#[utoipa::path(
    get,
    path = "/foods/recent",
    tag = "foods",
    operation_id = "foods_recent_foods",
    summary = "Foods you logged: {recent (last used first), frequent (used twice or more, most used first)}, each a food with uses, last_used_at, last_quantity (grams) and last_amount.",
    params(LimitParams),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Used foods", body = Success<RecentFoods>),
        (status = 401, description = "Not signed in"),
        (status = 422, description = "VALIDATION_ERROR"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
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
