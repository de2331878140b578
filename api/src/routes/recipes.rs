//! `/recipes/*`: a user's recipes. Each is also a food of its owner (same id), found in
//! their search and logged like any food; its values come from its ingredients.

use axum::{extract::State, http::StatusCode, response::IntoResponse};
use models::ErrorCode;
use models::UserId;
use models::recipe::{NewIngredient, NewRecipe, Recipe};
use serde::{Deserialize, Serialize};
use store::FoodUse;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::Success;
use crate::{
    AppState,
    auth::AuthUser,
    drafting::{RecipeInput, recipe_text},
    error::{ApiError, ApiJson, ApiResult},
    extract::{Body, Path, Query},
    food_index::reindex,
    params::PageParams,
    views::RecipeView,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(create))
        .routes(routes!(one))
        .routes(routes!(update))
        .routes(routes!(remove))
        .routes(routes!(copy))
}

fn recipe_not_found() -> ApiError {
    ApiError::new(ErrorCode::RecipeNotFound, "Recipe not found")
}

/// Puts a changed recipe (and the recipes it changed) into the search index.
async fn index_recipe(state: &AppState, recipe: &Recipe, deleted: bool) {
    reindex(state, &recipe.food, deleted).await;
}

#[utoipa::path(
    post,
    path = "/recipes/create",
    tag = "recipes",
    operation_id = "recipes_create",
    summary = "Create a recipe {name, name_zh?, servings (more than 0, at most 100), notes?, ingredients: [{food_id, quantity} | {food_id, amount}]}: 201 with the recipe, its values worked out from the ingredients. It is also a food of yours, found in your search and logged like any food.",
    request_body(content = inline(RecipeInput), example = json!({"name": "Tomato and egg stir-fry", "name_zh": "番茄炒蛋", "servings": 2, "ingredients": [{"food_id": 1, "quantity": 300}, {"food_id": 2, "quantity": 120}]})),
    security(("bearer" = [])),
    responses(
        (status = 201, description = "The recipe", body = Success<RecipeView>),
        (status = 401, description = "Not signed in"),
        (status = 404, description = "FOOD_NOT_FOUND (unknown or another user's ingredient)"),
        (status = 422, description = "VALIDATION_ERROR, RECIPE_TOO_DEEP (recipes inside recipes nest too deep), RECIPE_TOO_LARGE (too many foods and recipes inside, at any depth) or RECIPE_TOO_SHARED (the foods and recipes inside are in too many of your recipes already); the message says the bound"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn create(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Body(input): Body<RecipeInput>,
) -> Result<impl IntoResponse, ApiError> {
    let new = input.parse(&state, &user, None).await?;
    let made = state.stores.recipes.create(&new).await?;
    state
        .stores
        .foods
        .record_uses(user.id, &[FoodUse::of(made.food.id)])
        .await?;
    index_recipe(&state, &made, false).await;
    Ok((StatusCode::CREATED, ApiJson(RecipeView::from(&made))))
}

async fn own_recipe(state: &AppState, owner: UserId, id: i64) -> Result<Recipe, ApiError> {
    state
        .stores
        .recipes
        .get(owner, id)
        .await?
        .ok_or_else(recipe_not_found)
}

#[utoipa::path(
    get,
    path = "/recipes/{id}",
    tag = "recipes",
    operation_id = "recipes_one",
    summary = "One of your recipes.",
    params(("id" = i64, Path, description = "Recipe id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The recipe", body = Success<RecipeView>),
        (status = 401, description = "Not signed in"),
        (status = 404, description = "RECIPE_NOT_FOUND"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn one(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<RecipeView> {
    Ok(ApiJson(RecipeView::from(
        &own_recipe(&state, user.id, id).await?,
    )))
}

#[derive(Serialize, ToSchema)]
struct RecipePage {
    recipes: Vec<RecipeView>,
    page: i64,
    page_size: i64,
    total: i64,
}

#[utoipa::path(
    get,
    path = "/recipes",
    tag = "recipes",
    operation_id = "recipes_list",
    summary = "Your recipes, newest first: {recipes, page, page_size, total}. A recipe: {id (also its food id), name, name_zh, servings, notes, total_grams, serving_grams, totals, per_100g, per_serving, ingredients, food}.",
    params(PageParams),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "A page of recipes", body = Success<RecipePage>),
        (status = 401, description = "Not signed in"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn list(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Query(params): Query<PageParams>,
) -> ApiResult<RecipePage> {
    let page = params.page()?;
    let (recipes, total) = state
        .stores
        .recipes
        .list(user.id, page.offset, page.size)
        .await?;
    Ok(ApiJson(RecipePage {
        recipes: recipes.iter().map(RecipeView::from).collect(),
        page: page.number,
        page_size: page.size,
        total,
    }))
}

#[utoipa::path(
    put,
    path = "/recipes/{id}/update",
    tag = "recipes",
    operation_id = "recipes_update",
    summary = "Replace a recipe (same body as create); recipes containing it are worked out again.",
    params(("id" = i64, Path, description = "Recipe id")),
    request_body(content = inline(RecipeInput), example = json!({"name": "Tomato and egg stir-fry", "name_zh": "番茄炒蛋", "servings": 2, "ingredients": [{"food_id": 1, "quantity": 300}, {"food_id": 2, "quantity": 120}]})),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The recipe", body = Success<RecipeView>),
        (status = 401, description = "Not signed in"),
        (status = 404, description = "RECIPE_NOT_FOUND or FOOD_NOT_FOUND"),
        (status = 422, description = "VALIDATION_ERROR, RECIPE_CYCLE (it would contain itself), or RECIPE_TOO_DEEP, RECIPE_TOO_LARGE or RECIPE_TOO_SHARED as for create (a recipe inside others makes them deeper too)"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn update(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    Body(input): Body<RecipeInput>,
) -> ApiResult<RecipeView> {
    // Another user's recipe is as missing as one that never was, whatever the body.
    own_recipe(&state, user.id, id).await?;
    let new = input.parse(&state, &user, Some(id)).await?;
    let saved = state
        .stores
        .recipes
        .replace(user.id, id, &new)
        .await?
        .ok_or_else(recipe_not_found)?;
    index_recipe(&state, &saved, false).await;
    Ok(ApiJson(RecipeView::from(&saved)))
}

#[derive(Serialize, ToSchema)]
#[schema(as = RecipeDeleted)]
struct Deleted {
    id: i64,
}

#[utoipa::path(
    delete,
    path = "/recipes/{id}/delete",
    tag = "recipes",
    operation_id = "recipes_remove",
    summary = "Delete a recipe; meals that logged it keep their lines: {id}.",
    params(("id" = i64, Path, description = "Recipe id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Deleted", body = Success<Deleted>),
        (status = 401, description = "Not signed in"),
        (status = 404, description = "RECIPE_NOT_FOUND"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn remove(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Deleted> {
    let recipe = own_recipe(&state, user.id, id).await?;
    if !state.stores.recipes.delete(user.id, id).await? {
        return Err(recipe_not_found());
    }
    index_recipe(&state, &recipe, true).await;
    Ok(ApiJson(Deleted { id }))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = RecipeCopyInput)]
struct CopyInput {
    name: Option<String>,
}

#[utoipa::path(
    post,
    path = "/recipes/{id}/copy",
    tag = "recipes",
    operation_id = "recipes_copy",
    summary = "Copy a recipe {name?} (default \"<name> (copy)\"): 201 with the new recipe.",
    params(("id" = i64, Path, description = "Recipe id")),
    request_body(content = inline(CopyInput), example = json!({"name": "My stir-fry"})),
    security(("bearer" = [])),
    responses(
        (status = 201, description = "The copy", body = Success<RecipeView>),
        (status = 401, description = "Not signed in"),
        (status = 404, description = "RECIPE_NOT_FOUND"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn copy(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    Body(input): Body<CopyInput>,
) -> Result<impl IntoResponse, ApiError> {
    let recipe = own_recipe(&state, user.id, id).await?;
    let food = &recipe.food.food;
    let name = match recipe_text(
        input.name.as_deref(),
        "name",
        models::food::MAX_FOOD_NAME_CHARS,
    )? {
        Some(name) => name,
        None => {
            let copied = format!("{} (copy)", food.name);
            copied
                .chars()
                .take(models::food::MAX_FOOD_NAME_CHARS)
                .collect()
        }
    };
    let new = NewRecipe {
        owner: user.id,
        name,
        name_zh: food.name_zh.as_ref().map(|n| format!("{n}（副本）")),
        servings: food.servings.unwrap_or(1.0),
        notes: food.description.clone(),
        ingredients: recipe
            .ingredients
            .iter()
            .map(|i| NewIngredient {
                food_id: i.food_id,
                quantity: i.quantity,
                amount: i.amount.clone(),
            })
            .collect(),
    };
    let made = state.stores.recipes.create(&new).await?;
    index_recipe(&state, &made, false).await;
    Ok((StatusCode::CREATED, ApiJson(RecipeView::from(&made))))
}
