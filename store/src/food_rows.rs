//! A food as stored, shared by the food and the recipe stores (a recipe is a food).

use chrono::{DateTime, Utc};
use sqlx::Pool;
use sqlx::query_builder::Separated;

use super::DB;
use super::StoreError;
use models::food::{Food, FoodSource, NewFood, Nutrients, Portion, UnknownNutrients};
use models::meal::Grams;
use models::micronutrients::Micronutrients;
use models::recipe::Ingredient;
use models::user::UserId;

#[derive(sqlx::FromRow)]
pub(super) struct FoodRow {
    pub(super) food_id: i64,
    source: String,
    source_key: Option<String>,
    owner_user_id: Option<i64>,
    name: String,
    name_zh: Option<String>,
    pinyin: Option<String>,
    brand: Option<String>,
    barcode: Option<String>,
    image_url: Option<String>,
    nutrition_grade: Option<String>,
    category: Option<String>,
    calories: f64,
    protein: f64,
    fat: f64,
    carbs: f64,
    fiber: f64,
    sugar: f64,
    sodium: f64,
    portions: String,
    fdc_id: Option<i64>,
    description: Option<String>,
    ingredients: Option<String>,
    data_quality: String,
    copied_from: Option<i64>,
    servings: Option<f64>,
    unknown_nutrients: Option<String>,
    aliases: Option<String>,
    micronutrients: Option<String>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl TryFrom<FoodRow> for Food {
    type Error = StoreError;
    fn try_from(row: FoodRow) -> Result<Self, StoreError> {
        let portions: Vec<Portion> = serde_json::from_str(&row.portions)
            .map_err(|e| StoreError::Corrupt(format!("portions: {e}")))?;
        Ok(Food {
            id: row.food_id,
            food: NewFood {
                source: Some(FoodSource::parse(&row.source).map_err(StoreError::Corrupt)?),
                source_key: row.source_key,
                owner: row.owner_user_id.map(UserId::from_i64),
                name: row.name,
                name_zh: row.name_zh,
                pinyin: row.pinyin,
                brand: row.brand,
                barcode: row.barcode,
                image_url: row.image_url,
                nutrition_grade: row.nutrition_grade,
                category: row.category,
                nutrients: Nutrients {
                    calories: row.calories,
                    protein: row.protein,
                    fat: row.fat,
                    carbs: row.carbs,
                    fiber: row.fiber,
                    sugar: row.sugar,
                    sodium: row.sodium,
                },
                portions,
                fdc_id: row.fdc_id,
                description: row.description,
                ingredients: row.ingredients,
                data_quality: row.data_quality,
                copied_from: row.copied_from,
                servings: row.servings,
                unknown: UnknownNutrients::from_column(row.unknown_nutrients.as_deref()),
                aliases: aliases_from_column(row.aliases.as_deref()),
                micronutrients: Micronutrients::from_column(row.micronutrients.as_deref()),
            },
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}

macro_rules! food_columns {
    () => {
        "food_id, source, source_key, owner_user_id, name, name_zh, pinyin, brand, barcode, \
         image_url, nutrition_grade, category, calories, protein, fat, carbs, fiber, sugar, \
         sodium, portions, fdc_id, description, ingredients, data_quality, copied_from, \
         servings, unknown_nutrients, aliases, micronutrients, created_at, updated_at"
    };
}
pub(super) use food_columns;

/// Aliases as stored: '|'-separated, `None` when there are none.
pub(super) fn aliases_column(aliases: &[String]) -> Option<String> {
    (!aliases.is_empty()).then(|| aliases.join("|"))
}

pub(super) fn aliases_from_column(column: Option<&str>) -> Vec<String> {
    column
        .unwrap_or("")
        .split('|')
        .filter(|a| !a.is_empty())
        .map(str::to_owned)
        .collect()
}

pub(super) fn portions_json(portions: &[Portion]) -> String {
    serde_json::to_string(portions).unwrap_or_else(|_| "[]".into())
}

pub(super) fn now_ms(now: DateTime<Utc>) -> i64 {
    now.timestamp_millis()
}

/// Marks the owner's live food of a source deleted: meals keep their lines, and the
/// search index catches up from `changed_ms`. False when the owner has no such food.
pub(super) async fn mark_deleted(
    pool: &Pool<DB>,
    id: i64,
    owner: UserId,
    source: FoodSource,
) -> Result<bool, StoreError> {
    let now = Utc::now();
    let done = sqlx::query(MARK_DELETED)
        .bind(id)
        .bind(owner.get())
        .bind(now)
        .bind(now_ms(now))
        .bind(source.as_str())
        .execute(pool)
        .await?;
    Ok(done.rows_affected() == 1)
}

const MARK_DELETED: &str = "update food set deleted_at = $3, updated_at = $3, \
     changed_ms = $4 where food_id = $1 and owner_user_id = $2 and source = $5 \
     and deleted_at is null";

/// Binds nutrients, in the order calories, protein, fat, carbs, fiber, sugar, sodium.
pub(super) fn push_nutrients(row: &mut Separated<'_, DB, &'static str>, n: &Nutrients) {
    row.push_bind(n.calories)
        .push_bind(n.protein)
        .push_bind(n.fat)
        .push_bind(n.carbs)
        .push_bind(n.fiber)
        .push_bind(n.sugar)
        .push_bind(n.sodium);
}

/// An ingredient of a recipe: its food as stored, with the quantity the recipe holds.
#[derive(sqlx::FromRow)]
pub(super) struct IngredientRow {
    pub(super) recipe_food_id: i64,
    food_id: i64,
    quantity: f64,
    amount: Option<String>,
    name: String,
    name_zh: Option<String>,
    brand: Option<String>,
    source: String,
    calories: f64,
    protein: f64,
    fat: f64,
    carbs: f64,
    fiber: f64,
    sugar: f64,
    sodium: f64,
    micronutrients: Option<String>,
    portions: String,
    category: Option<String>,
}

impl TryFrom<IngredientRow> for Ingredient {
    type Error = StoreError;
    fn try_from(row: IngredientRow) -> Result<Self, StoreError> {
        Ok(Ingredient {
            food_id: row.food_id,
            name: row.name,
            name_zh: row.name_zh,
            brand: row.brand,
            source: FoodSource::parse(&row.source).map_err(StoreError::Corrupt)?,
            quantity: Grams::parse(row.quantity).map_err(|e| StoreError::Corrupt(e.0))?,
            amount: row.amount,
            per_100g: Nutrients {
                calories: row.calories,
                protein: row.protein,
                fat: row.fat,
                carbs: row.carbs,
                fiber: row.fiber,
                sugar: row.sugar,
                sodium: row.sodium,
            },
            micronutrients: Micronutrients::from_column(row.micronutrients.as_deref()),
            portions: serde_json::from_str(&row.portions)
                .map_err(|e| StoreError::Corrupt(format!("portions: {e}")))?,
            drink: row
                .category
                .as_deref()
                .is_some_and(|c| models::food::DRINK_CATEGORIES.contains(&c)),
        })
    }
}

/// Ingredients with their foods' current values (deleted foods included: a recipe keeps
/// what it was made of), of the recipes in a list.
pub(super) const INGREDIENTS_OF: &str = "select recipe_ingredient.recipe_food_id, \
     recipe_ingredient.food_id, recipe_ingredient.quantity, recipe_ingredient.amount, \
     food.name, food.name_zh, food.brand, food.source, food.calories, food.protein, \
     food.fat, food.carbs, food.fiber, food.sugar, food.sodium, food.micronutrients, \
     food.portions, food.category \
     from recipe_ingredient \
     join food on food.food_id = recipe_ingredient.food_id \
     where recipe_ingredient.recipe_food_id in (";
pub(super) const IN_RECIPE_ORDER: &str =
    ") order by recipe_ingredient.recipe_food_id, recipe_ingredient.position";
