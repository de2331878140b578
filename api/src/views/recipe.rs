use chrono::{DateTime, Utc};
use models::food::Portion;
use models::recipe::{self, Ingredient, Recipe};
use models::{FoodSource, Nutrients};
use serde::Serialize;
use utoipa::ToSchema;

use super::FoodView;

#[derive(Debug, Serialize, ToSchema)]
struct IngredientView {
    food_id: i64,
    food_name: String,
    food_name_zh: Option<String>,
    brand: Option<String>,
    quantity: f64,
    amount: Option<String>,
    is_recipe: bool,
    /// Its food's portions, and whether it is a drink: what an amount typed for it
    /// ("2 slices", "1 杯") is read against.
    portions: Vec<Portion>,
    is_drink: bool,
    #[serde(flatten)]
    values: Nutrients,
}

impl From<&Ingredient> for IngredientView {
    fn from(i: &Ingredient) -> Self {
        IngredientView {
            food_id: i.food_id,
            food_name: i.name.clone(),
            food_name_zh: i.name_zh.clone(),
            brand: i.brand.clone(),
            quantity: i.quantity.get(),
            amount: i.amount.clone(),
            is_recipe: i.source == FoodSource::Recipe,
            portions: i.portions.clone(),
            is_drink: i.drink,
            values: i.values(),
        }
    }
}

/// A recipe as every call returns it.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct RecipeView {
    id: i64,
    name: String,
    name_zh: Option<String>,
    servings: f64,
    notes: Option<String>,
    total_grams: f64,
    serving_grams: f64,
    totals: Nutrients,
    per_100g: Nutrients,
    per_serving: Nutrients,
    ingredients: Vec<IngredientView>,
    food: FoodView,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl From<&Recipe> for RecipeView {
    fn from(recipe: &Recipe) -> RecipeView {
        let food = &recipe.food;
        let serving = recipe::PerServing::of(food);
        RecipeView {
            id: food.id,
            name: food.food.name.clone(),
            name_zh: food.food.name_zh.clone(),
            servings: serving.map_or(1.0, |s| s.servings),
            notes: food.food.description.clone(),
            total_grams: recipe.total_grams(),
            serving_grams: serving.map_or(0.0, |s| s.grams),
            totals: recipe.totals(),
            per_100g: food.food.nutrients,
            per_serving: serving.map(|s| s.values).unwrap_or_default(),
            ingredients: recipe
                .ingredients
                .iter()
                .map(IngredientView::from)
                .collect(),
            food: FoodView::new(food, food.food.owner),
            created_at: food.created_at,
            updated_at: food.updated_at,
        }
    }
}
