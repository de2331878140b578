//! `/foods/*`: search across every source, the search history, and a user's custom foods.

use std::time::Instant;

use axum::{extract::State, http::StatusCode, response::IntoResponse};
use chrono::{DateTime, Utc};
use models::recipe::PerServing;
use models::{
    CustomFoodInput, Food, FoodSearchRow, FoodSource, FoodUse, Portion, UnknownNutrients,
    UsedOrder, User, UserId,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState,
    auth::{AuthUser, MaybeAuthUser},
    error::{ApiError, ApiJson, ApiResult, Success},
    extract::{Body, Path, Query},
    food_index::FoodIndex,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(search))
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

/// A food as every call returns it (SPEC §3 "Food"), per 100 g.
#[derive(Debug, Serialize, ToSchema)]
pub struct FoodView {
    pub id: Option<i64>,
    pub name: String,
    pub name_zh: Option<String>,
    pub pinyin: Option<String>,
    pub brand: Option<String>,
    pub barcode: Option<String>,
    pub image_url: Option<String>,
    pub nutrition_grade: Option<String>,
    pub calories_per_100g: f64,
    pub protein_per_100g: f64,
    pub fat_per_100g: f64,
    pub carbs_per_100g: f64,
    /// `null` when the food's source does not give it (unknown, not 0).
    pub fiber_per_100g: Option<f64>,
    pub sugar_per_100g: Option<f64>,
    pub sodium_per_100g: Option<f64>,
    pub serving_size: u32,
    pub serving_unit: &'static str,
    pub portions: Vec<Portion>,
    pub is_custom: bool,
    pub is_recipe: bool,
    /// A recipe's servings and its values per serving.
    pub per_serving: Option<PerServing>,
    /// Whether the signed-in viewer starred it.
    pub is_favorite: bool,
    pub is_usda: bool,
    pub fdc_id: Option<i64>,
    pub usda_description: Option<String>,
    pub description: Option<String>,
    pub data_source: FoodSource,
    pub data_quality: String,
    pub ingredients: Option<String>,
    pub category: Option<String>,
    pub is_owner: bool,
    pub created_at: Option<DateTime<Utc>>,
}

impl FoodView {
    pub fn of(food: &Food, viewer: Option<UserId>) -> FoodView {
        let mut view = FoodView::unsaved(&food.food);
        view.id = Some(food.id);
        view.is_owner = food.owned_by(viewer);
        view.per_serving = PerServing::of(food);
        view.created_at = Some(food.created_at);
        view
    }

    /// The view of one food with the viewer's star.
    pub async fn one(
        state: &AppState,
        food: &Food,
        viewer: Option<UserId>,
    ) -> Result<FoodView, ApiError> {
        let mut views = FoodView::list(state, std::slice::from_ref(food), viewer).await?;
        Ok(views.remove(0))
    }

    /// Views of `foods` with the viewer's stars, looked up at once.
    pub async fn list(
        state: &AppState,
        foods: &[Food],
        viewer: Option<UserId>,
    ) -> Result<Vec<FoodView>, ApiError> {
        let starred = match viewer {
            Some(user) if !foods.is_empty() => {
                let ids: Vec<i64> = foods.iter().map(|f| f.id).collect();
                state.stores.foods.favorites_among(user, &ids).await?
            }
            _ => Vec::new(),
        };
        Ok(foods
            .iter()
            .map(|f| {
                let mut view = FoodView::of(f, viewer);
                view.is_favorite = starred.contains(&f.id);
                view
            })
            .collect())
    }

    /// A food not (yet) stored, such as a USDA search hit.
    pub fn unsaved(f: &models::NewFood) -> FoodView {
        let n = &f.nutrients;
        let is_usda = f.source() == FoodSource::Usda;
        FoodView {
            id: None,
            name: f.name.clone(),
            name_zh: f.name_zh.clone(),
            pinyin: f.pinyin.clone(),
            brand: f.brand.clone(),
            barcode: f.barcode.clone(),
            image_url: f.image_url.clone(),
            nutrition_grade: f.nutrition_grade.clone(),
            calories_per_100g: n.calories,
            protein_per_100g: n.protein,
            fat_per_100g: n.fat,
            carbs_per_100g: n.carbs,
            fiber_per_100g: UnknownNutrients::shown(f.unknown.fiber, n.fiber),
            sugar_per_100g: UnknownNutrients::shown(f.unknown.sugar, n.sugar),
            sodium_per_100g: UnknownNutrients::shown(f.unknown.sodium, n.sodium),
            serving_size: 100,
            serving_unit: "g",
            portions: f.portions.clone(),
            is_custom: f.source() == FoodSource::Custom,
            is_recipe: f.source() == FoodSource::Recipe,
            per_serving: None,
            is_favorite: false,
            is_usda,
            fdc_id: f.fdc_id,
            usda_description: if is_usda { f.description.clone() } else { None },
            description: f.description.clone(),
            data_source: f.source(),
            data_quality: f.data_quality.clone(),
            ingredients: f.ingredients.clone(),
            category: f.category.clone(),
            is_owner: false,
            created_at: None,
        }
    }
}

fn user_id(user: &Option<User>) -> Option<UserId> {
    user.as_ref().map(|u| u.id)
}

fn food_not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "FOOD_NOT_FOUND", "Food not found")
}

/// A `page_size`-style number within bounds, or a clear error naming it.
pub(crate) fn bounded(
    name: &str,
    value: Option<i64>,
    default: i64,
    max: i64,
) -> Result<i64, ApiError> {
    let v = value.unwrap_or(default);
    if !(1..=max).contains(&v) {
        return Err(ApiError::validation(format!(
            "{name} must be between 1 and {max}"
        )));
    }
    Ok(v)
}

/// `?page=&page_size=` of a listing call: pages from 1, at most 100 rows each.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct PageParams {
    /// From 1
    pub page: Option<i64>,
    /// 1 to 100, default 20
    pub page_size: Option<i64>,
}

/// A checked page: which one, how big, and the rows it skips.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Page {
    pub number: i64,
    pub size: i64,
    pub offset: i64,
}

impl PageParams {
    pub(crate) fn page(&self) -> Result<Page, ApiError> {
        let number = bounded("page", self.page, 1, 1_000_000)?;
        let size = bounded("page_size", self.page_size, 20, 100)?;
        Ok(Page {
            number,
            size,
            offset: (number - 1) * size,
        })
    }
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
) -> Result<std::collections::HashMap<i64, Food>, ApiError> {
    Ok(state
        .stores
        .foods
        .get_many(ids)
        .await?
        .into_iter()
        .filter(|f| f.visible_to(Some(viewer)))
        .map(|f| (f.id, f))
        .collect())
}

/// A search as typed, or the error saying why it cannot run.
pub(crate) fn search_query(text: &str) -> Result<search::Query, ApiError> {
    search::Query::parse(text).map_err(|e| match e {
        search::QueryError::Empty => ApiError::bad_request(e.to_string()).with_code("EMPTY_QUERY"),
        search::QueryError::TooLong => {
            ApiError::validation(e.to_string()).with_code("QUERY_TOO_LONG")
        }
    })
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct SearchParams {
    /// What to look for (1 to 200 characters)
    query: Option<String>,
    /// 1 to 100, default 20
    page_size: Option<i64>,
}

#[derive(Serialize, ToSchema)]
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
    let page_size = bounded("page_size", params.page_size, 20, 100)?;
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
        foods: FoodView::list(&state, &found, viewer).await?,
        took_ms: (started.elapsed().as_secs_f64() * 1e4).round() / 10.0,
        exact,
    }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct LimitParams {
    /// 1 to 50, default 10
    limit: Option<i64>,
}

#[derive(Serialize, ToSchema)]
struct HistoryView {
    history: Vec<HistoryEntry>,
}

#[derive(Serialize, ToSchema)]
struct HistoryEntry {
    query: String,
    searched_at: DateTime<Utc>,
    count: i32,
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
    let limit = bounded("limit", params.limit, 10, 50)?;
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

#[derive(Serialize, ToSchema)]
struct FoodPage {
    foods: Vec<FoodView>,
    page: i64,
    page_size: i64,
    total: i64,
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
        foods: FoodView::list(&state, &foods, Some(user.id)).await?,
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
    Ok(ApiJson(FoodView::one(&state, &food, viewer).await?))
}

/// The index row of a food just written, for this process's index.
fn search_row(food: &Food, deleted: bool) -> FoodSearchRow {
    FoodSearchRow {
        id: food.id,
        source: food.source(),
        owner: food.food.owner,
        name: food.food.name.clone(),
        name_zh: food.food.name_zh.clone(),
        pinyin: food.food.pinyin.clone(),
        brand: food.food.brand.clone(),
        barcode: food.food.barcode.clone(),
        aliases: food.food.aliases.clone(),
        deleted,
        changed_ms: food.updated_at.timestamp_millis(),
    }
}

/// Puts a changed food into this process's index at once and tells the others.
pub(crate) async fn reindex(state: &AppState, food: &Food, deleted: bool) {
    state.foods.apply(&[search_row(food, deleted)]);
    FoodIndex::announce(&state.jobs).await;
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
        ApiJson(FoodView::of(&food, Some(user.id))),
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
    Ok(ApiJson(FoodView::one(&state, &food, Some(user.id)).await?))
}

#[derive(Serialize, ToSchema)]
struct DeleteImpact {
    removed_from_meals: bool,
    meal_count: i64,
    meal_foods_count: i64,
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

#[derive(Serialize, ToSchema)]
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
    let found = foods_in_order(&state, &ids, user.id).await?;
    Ok(ApiJson(FoodList {
        foods: FoodView::list(&state, &found, Some(user.id)).await?,
    }))
}

#[derive(Serialize, ToSchema)]
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
    let mut food_view = FoodView::of(&food, Some(user.id));
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

/// A food the user logged before, with what they logged last time.
#[derive(Serialize, ToSchema)]
struct UsedFoodView {
    #[serde(flatten)]
    food: FoodView,
    uses: i64,
    last_used_at: DateTime<Utc>,
    last_quantity: f64,
    last_amount: Option<String>,
}

#[derive(Serialize, ToSchema)]
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
    let views = FoodView::list(state, &found, Some(user)).await?;
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
    let limit = bounded("limit", params.limit, 10, 50)?;
    Ok(ApiJson(RecentFoods {
        recent: used_foods(&state, user.id, UsedOrder::Recent, limit).await?,
        frequent: used_foods(&state, user.id, UsedOrder::Frequent, limit).await?,
    }))
}
