//! `/recipes/*`: a user's recipes. Each is also a food of its owner (same id), found in
//! their search and logged like any food; its values come from its ingredients.

use axum::{
    Router,
    extract::State,
    http::StatusCode,
    response::IntoResponse,
    routing::{delete, get, post, put},
};
use models::recipe::{self, MAX_INGREDIENTS, NewIngredient, NewRecipe, Recipe, RecipeRefused};
use models::{FoodUse, User, UserId};
use serde::{Deserialize, Serialize};

use crate::{
    AppState,
    auth::AuthUser,
    drafting::Measure,
    error::{ApiError, ApiJson, ApiResult},
    extract::{Body, Path, Query},
    food_index::reindex,
    food_lookup::visible_foods,
    params::PageParams,
    views::RecipeView,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/recipes", get(list))
        .route("/recipes/create", post(create))
        .route("/recipes/{id}", get(one))
        .route("/recipes/{id}/update", put(update))
        .route("/recipes/{id}/delete", delete(remove))
        .route("/recipes/{id}/copy", post(copy))
}

fn recipe_not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "RECIPE_NOT_FOUND",
        "Recipe not found",
    )
}

#[derive(Debug, Deserialize)]
struct IngredientInput {
    food_id: Option<i64>,
    quantity: Option<f64>,
    amount: Option<String>,
}

/// A recipe as sent to create or replace one.
#[derive(Debug, Default, Deserialize)]
struct RecipeInput {
    name: Option<String>,
    name_zh: Option<String>,
    servings: Option<f64>,
    notes: Option<String>,
    ingredients: Option<Vec<IngredientInput>>,
}

fn text(value: Option<&str>, field: &str, max: usize) -> Result<Option<String>, ApiError> {
    let value = value.map(str::trim).unwrap_or_default();
    if value.chars().count() > max {
        return Err(ApiError::validation(format!(
            "{field} can be at most {max} characters"
        )));
    }
    Ok((!value.is_empty()).then(|| value.to_owned()))
}

impl RecipeInput {
    /// Checks the recipe and reads each ingredient's grams against its food, which must
    /// be one the owner may see. `editing` is the recipe being replaced, which cannot be
    /// one of its own ingredients.
    async fn parse(
        &self,
        state: &AppState,
        user: &User,
        editing: Option<i64>,
    ) -> Result<NewRecipe, ApiError> {
        let name = text(
            self.name.as_deref(),
            "name",
            models::food::MAX_FOOD_NAME_CHARS,
        )?
        .ok_or_else(|| ApiError::validation("Please enter the recipe name"))?;
        let name_zh = text(
            self.name_zh.as_deref(),
            "name_zh",
            models::food::MAX_FOOD_NAME_CHARS,
        )?;
        let notes = text(
            self.notes.as_deref(),
            "notes",
            recipe::MAX_RECIPE_NOTES_CHARS,
        )?;
        let servings = recipe::servings(self.servings)?;
        let inputs = self.ingredients.as_deref().unwrap_or_default();
        if inputs.is_empty() {
            return Err(ApiError::validation(
                "A recipe needs at least one ingredient",
            ));
        }
        if inputs.len() > MAX_INGREDIENTS {
            return Err(ApiError::validation(format!(
                "A recipe can have at most {MAX_INGREDIENTS} ingredients"
            )));
        }
        let mut wanted = Vec::with_capacity(inputs.len());
        for (i, input) in inputs.iter().enumerate() {
            match input.food_id {
                Some(id) if Some(id) == editing => return Err(RecipeRefused::Cycle.into()),
                Some(id) if id > 0 => wanted.push(id),
                _ => {
                    return Err(ApiError::validation(format!(
                        "ingredients[{i}].food_id must be a food id"
                    )));
                }
            }
        }
        let found = visible_foods(state, user.id, &wanted).await?;
        let mut ingredients = Vec::with_capacity(inputs.len());
        for (i, (input, id)) in inputs.iter().zip(&wanted).enumerate() {
            let field = format!("ingredients[{i}].quantity");
            let measure = Measure::parse(input.quantity, input.amount.as_deref(), &field)?;
            let food = found.get(id).ok_or_else(|| {
                ApiError::new(
                    StatusCode::NOT_FOUND,
                    "FOOD_NOT_FOUND",
                    format!("ingredients[{i}]: food {id} not found"),
                )
            })?;
            let (quantity, amount) = measure.grams(&food.food.portions, &field, &food.food.name)?;
            ingredients.push(NewIngredient {
                food_id: *id,
                quantity,
                amount,
            });
        }
        Ok(NewRecipe {
            owner: user.id,
            name,
            name_zh,
            servings,
            notes,
            ingredients,
        })
    }
}

/// Puts a changed recipe (and the recipes it changed) into the search index.
async fn index_recipe(state: &AppState, recipe: &Recipe, deleted: bool) {
    reindex(state, &recipe.food, deleted).await;
}

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

async fn one(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<RecipeView> {
    Ok(ApiJson(RecipeView::from(
        &own_recipe(&state, user.id, id).await?,
    )))
}

#[derive(Serialize)]
struct RecipePage {
    recipes: Vec<RecipeView>,
    page: i64,
    page_size: i64,
    total: i64,
}

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

#[derive(Serialize)]
struct Deleted {
    id: i64,
}

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

#[derive(Debug, Default, Deserialize)]
struct CopyInput {
    name: Option<String>,
}

async fn copy(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    Body(input): Body<CopyInput>,
) -> Result<impl IntoResponse, ApiError> {
    let recipe = own_recipe(&state, user.id, id).await?;
    let food = &recipe.food.food;
    let name = match text(
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
