//! A recipe as sent to create or replace one (or read from an account's export): its
//! text checked, and each ingredient's grams read against a food the owner may see.

use models::ErrorCode;
use models::User;
use models::recipe::{self, MAX_INGREDIENTS, NewIngredient, NewRecipe, RecipeRefused};
use serde::Deserialize;
use utoipa::ToSchema;

use super::Measure;
use crate::{AppState, error::ApiError, food_lookup::visible_foods};

#[derive(Debug, Deserialize, ToSchema)]
pub(crate) struct IngredientInput {
    pub(crate) food_id: Option<i64>,
    pub(crate) quantity: Option<f64>,
    pub(crate) amount: Option<String>,
}

/// A recipe as sent to create or replace one.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub(crate) struct RecipeInput {
    pub(crate) name: Option<String>,
    pub(crate) name_zh: Option<String>,
    pub(crate) servings: Option<f64>,
    pub(crate) notes: Option<String>,
    pub(crate) ingredients: Option<Vec<IngredientInput>>,
}

/// Trimmed text of at most `max` characters; none when empty.
pub(crate) fn recipe_text(
    value: Option<&str>,
    field: &str,
    max: usize,
) -> Result<Option<String>, ApiError> {
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
    pub(crate) async fn parse(
        &self,
        state: &AppState,
        user: &User,
        editing: Option<i64>,
    ) -> Result<NewRecipe, ApiError> {
        let name = recipe_text(
            self.name.as_deref(),
            "name",
            models::food::MAX_FOOD_NAME_CHARS,
        )?
        .ok_or_else(|| ApiError::validation("Please enter the recipe name"))?;
        let name_zh = recipe_text(
            self.name_zh.as_deref(),
            "name_zh",
            models::food::MAX_FOOD_NAME_CHARS,
        )?;
        let notes = recipe_text(
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
                    ErrorCode::FoodNotFound,
                    format!("ingredients[{i}]: food {id} not found"),
                )
            })?;
            let (quantity, amount) = measure.grams(Some(&food.food), &field, &food.food.name)?;
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
