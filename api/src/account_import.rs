//! An account's JSON export read back into an account that holds nothing yet: its
//! custom foods, recipes, meals, weights, stars and profile. Everything is checked before
//! anything is written, and a write that fails midway removes what the import wrote, so
//! the account is left as it was: whole or empty.
//!
//! A meal line keeps the values it was logged with, whatever the foods here say now. A
//! line, an ingredient or a star names one of the export's own foods (written again here,
//! under new ids) or a shared food; a shared food counts only where a food of that id and
//! that name is here (another server's ids name other foods), else a line keeps its values
//! without a food, and a star is dropped.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, NaiveDate, Utc};
use models::food::{MAX_CALORIES, MAX_MACRO_GRAMS, MAX_SODIUM_MG};
use models::meal::{self, Grams, MAX_MEAL_FOODS, QuickAdd};
use models::micronutrients::{Micronutrient, Micronutrients};
use models::weight::BodyWeight;
use models::{
    CustomFoodInput, ErrorCode, MealLine, MealType, NewMeal, Nutrients, Portion, ProfileChanges,
    User, UserId,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    AppState,
    drafting::{IngredientInput, RecipeInput, check_plausible, record_uses},
    error::ApiError,
    food_index::reindex,
};

/// The largest export read back: about ten years of a person logging every meal.
pub const MAX_IMPORT_BYTES: usize = 32 * 1024 * 1024;

/// The export's parts that are read back; the rest (totals, views, times of writing)
/// follows from them.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AccountExport {
    #[serde(default)]
    #[schema(value_type = Object)]
    profile: Option<serde_json::Value>,
    #[serde(default)]
    #[schema(value_type = Vec<Object>)]
    custom_foods: Vec<ExportedFood>,
    #[serde(default)]
    #[schema(value_type = Vec<Object>)]
    recipes: Vec<ExportedRecipe>,
    #[serde(default)]
    #[schema(value_type = Vec<Object>)]
    meals: Vec<ExportedMeal>,
    #[serde(default)]
    #[schema(value_type = Vec<Object>)]
    weights: Vec<ExportedWeight>,
    #[serde(default)]
    #[schema(value_type = Vec<Object>)]
    favorites: Vec<ExportedStar>,
}

/// A custom food as the export writes it (a food object, per 100 g).
#[derive(Debug, Deserialize)]
struct ExportedFood {
    id: i64,
    name: Option<String>,
    brand: Option<String>,
    barcode: Option<String>,
    calories_per_100g: Option<f64>,
    protein_per_100g: Option<f64>,
    fat_per_100g: Option<f64>,
    carbs_per_100g: Option<f64>,
    fiber_per_100g: Option<f64>,
    sugar_per_100g: Option<f64>,
    sodium_per_100g: Option<f64>,
    #[serde(default)]
    portions: Vec<Portion>,
    micronutrients: Option<Micronutrients>,
}

impl ExportedFood {
    fn input(&self) -> CustomFoodInput {
        CustomFoodInput {
            name: self.name.clone(),
            calories: self.calories_per_100g,
            protein: self.protein_per_100g,
            fat: self.fat_per_100g,
            carbs: self.carbs_per_100g,
            fiber: self.fiber_per_100g,
            sugar: self.sugar_per_100g,
            sodium: self.sodium_per_100g,
            brand: self.brand.clone(),
            portions: Some(self.portions.clone()),
            copied_from: None,
            barcode: self.barcode.clone(),
            micronutrients: self.micronutrients,
        }
    }
}

#[derive(Debug, Deserialize)]
struct ExportedRecipe {
    id: i64,
    name: Option<String>,
    name_zh: Option<String>,
    servings: Option<f64>,
    notes: Option<String>,
    #[serde(default)]
    ingredients: Vec<ExportedIngredient>,
}

#[derive(Debug, Deserialize)]
struct ExportedIngredient {
    food_id: i64,
    #[serde(default)]
    food_name: String,
    quantity: f64,
    amount: Option<String>,
}

#[derive(Debug, Deserialize)]
struct ExportedMeal {
    name: Option<String>,
    meal_type: MealType,
    eaten_at: DateTime<Utc>,
    notes: Option<String>,
    #[serde(default)]
    foods: Vec<ExportedLine>,
}

#[derive(Debug, Deserialize)]
struct ExportedLine {
    food_id: Option<i64>,
    food_name: String,
    food_name_zh: Option<String>,
    brand: Option<String>,
    quantity: Option<f64>,
    amount: Option<String>,
    #[serde(default)]
    is_quick_add: bool,
    per_100g: Nutrients,
    micronutrients_per_100g: Option<Micronutrients>,
    /// The shares of a recipe dish's grams its values come from, by key.
    #[serde(default)]
    micronutrient_coverage_per_100g: HashMap<String, f64>,
}

#[derive(Debug, Deserialize)]
struct ExportedWeight {
    date: NaiveDate,
    weight: f64,
    notes: Option<String>,
}

#[derive(Debug, Deserialize)]
struct ExportedStar {
    food_id: i64,
    #[serde(default)]
    name: String,
}

/// How much an import wrote.
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct Imported {
    custom_foods: usize,
    recipes: usize,
    meals: usize,
    weights: usize,
    favorites: usize,
}

fn invalid(at: String, problem: impl std::fmt::Display) -> ApiError {
    ApiError::validation(format!("{at}: {problem}"))
}

/// Values per 100 g a food can have (SPEC §9's bounds).
fn per_100g_plausible(n: &Nutrients) -> bool {
    let within = |v: f64, max: f64| v.is_finite() && (0.0..=max).contains(&v);
    within(n.calories, MAX_CALORIES)
        && [n.protein, n.fat, n.carbs, n.fiber, n.sugar]
            .iter()
            .all(|&v| within(v, MAX_MACRO_GRAMS))
        && within(n.sodium, MAX_SODIUM_MG)
}

/// What the import wrote so far, removed again if a later write fails.
#[derive(Default)]
struct Written {
    foods: Vec<i64>,
    recipes: Vec<i64>,
    meals: Vec<i64>,
    weights: Vec<i64>,
    stars: Vec<i64>,
}

impl Written {
    async fn undo(self, state: &AppState, owner: UserId) {
        let stores = &state.stores;
        let mut failed = 0usize;
        for id in self.stars {
            failed += usize::from(stores.foods.set_favorite(owner, id, false).await.is_err());
        }
        for id in self.weights {
            failed += usize::from(stores.weights.delete(owner, id).await.is_err());
        }
        for id in self.meals {
            failed += usize::from(stores.meals.delete(owner, id).await.is_err());
        }
        for id in self.recipes.into_iter().rev() {
            failed += usize::from(stores.recipes.delete(owner, id).await.is_err());
        }
        for id in self.foods {
            failed += usize::from(stores.foods.delete_custom(id, owner).await.is_err());
        }
        if failed > 0 {
            tracing::error!(%owner, failed, "an import that failed could not remove all it wrote");
        }
    }
}

/// Reads `export` into `user`'s account, which must hold no meals, foods, recipes or
/// weights yet (409 otherwise): nothing is merged or written twice. It runs to its end,
/// or to its undo, in a task of its own: a client that goes away mid-write drops only the
/// answer, never leaving the account half written.
pub async fn import(
    state: AppState,
    user: User,
    export: AccountExport,
) -> Result<Imported, ApiError> {
    tokio::spawn(async move { import_whole(&state, &user, export).await })
        .await
        .map_err(ApiError::internal)?
}

async fn import_whole(
    state: &AppState,
    user: &User,
    export: AccountExport,
) -> Result<Imported, ApiError> {
    refuse_unless_empty(state, user.id).await?;
    let checked = check(state, user, &export).await?;
    let mut written = Written::default();
    match write(state, user, &export, checked, &mut written).await {
        Ok(imported) => Ok(imported),
        Err(e) => {
            written.undo(state, user.id).await;
            Err(e)
        }
    }
}

async fn refuse_unless_empty(state: &AppState, owner: UserId) -> Result<(), ApiError> {
    let stores = &state.stores;
    let holds_something = !stores.meals.page_after(owner, None, 1).await?.is_empty()
        || stores.foods.list_custom(owner, 0, 1).await?.1 > 0
        || stores.recipes.list(owner, 0, 1).await?.1 > 0
        || stores.weights.latest(owner).await?.is_some();
    if holds_something {
        return Err(ApiError::new(
            ErrorCode::Conflict,
            "An export can be imported only into an account that has no meals, foods, recipes or weights yet",
        ));
    }
    Ok(())
}

/// What the checks made of the parts that need no writing first.
struct Checked {
    foods: Vec<models::NewFood>,
    meals: Vec<NewMeal>,
    weights: Vec<(NaiveDate, BodyWeight, Option<String>)>,
    /// The shared foods named, by id, that are here under the same name.
    shared: HashSet<i64>,
}

async fn check(state: &AppState, user: &User, export: &AccountExport) -> Result<Checked, ApiError> {
    let own: HashSet<i64> = export
        .custom_foods
        .iter()
        .map(|f| f.id)
        .chain(export.recipes.iter().map(|r| r.id))
        .collect();
    let mut foods = Vec::with_capacity(export.custom_foods.len());
    for (i, food) in export.custom_foods.iter().enumerate() {
        let at = format!("custom_foods[{i}]");
        foods.push(food.input().parse(user.id).map_err(|e| invalid(at, e.0))?);
    }

    // Shared foods named by id and name: here under that name, or not the same food.
    let mut named: HashMap<i64, &str> = HashMap::new();
    for meal in &export.meals {
        for line in &meal.foods {
            if let Some(id) = line.food_id.filter(|id| !own.contains(id)) {
                named.insert(id, &line.food_name);
            }
        }
    }
    for recipe in &export.recipes {
        for ingredient in &recipe.ingredients {
            if !own.contains(&ingredient.food_id) {
                named.insert(ingredient.food_id, &ingredient.food_name);
            }
        }
    }
    for star in &export.favorites {
        if !own.contains(&star.food_id) {
            named.insert(star.food_id, &star.name);
        }
    }
    let ids: Vec<i64> = named.keys().copied().collect();
    let mut shared = HashSet::new();
    for chunk in ids.chunks(500) {
        for food in state.stores.foods.get_many(chunk).await? {
            if food.food.owner.is_none() && named.get(&food.id) == Some(&food.food.name.as_str()) {
                shared.insert(food.id);
            }
        }
    }

    let mut meals = Vec::with_capacity(export.meals.len());
    for (i, meal) in export.meals.iter().enumerate() {
        let at = format!("meals[{i}]");
        if meal.foods.is_empty() || meal.foods.len() > MAX_MEAL_FOODS {
            return Err(invalid(
                at,
                format!("a meal has 1 to {MAX_MEAL_FOODS} foods"),
            ));
        }
        check_plausible(meal.eaten_at)?;
        let mut lines = Vec::with_capacity(meal.foods.len());
        for (j, line) in meal.foods.iter().enumerate() {
            lines.push(read_line(line).map_err(|e| invalid(format!("{at}.foods[{j}]"), e))?);
        }
        meals.push(NewMeal {
            owner: user.id,
            name: meal::meal_name(meal.name.as_deref()).map_err(|e| invalid(at.clone(), e.0))?,
            meal_type: meal.meal_type,
            eaten_at: meal.eaten_at,
            notes: meal::meal_notes(meal.notes.as_deref()).map_err(|e| invalid(at, e.0))?,
            lines,
        });
    }

    let mut weights = Vec::with_capacity(export.weights.len());
    for (i, weight) in export.weights.iter().enumerate() {
        let kg =
            BodyWeight::parse(weight.weight).map_err(|e| invalid(format!("weights[{i}]"), e.0))?;
        weights.push((weight.date, kg, weight.notes.clone()));
    }
    Ok(Checked {
        foods,
        meals,
        weights,
        shared,
    })
}

/// A line as it was logged: its values, not the food's now.
fn read_line(line: &ExportedLine) -> Result<MealLine, String> {
    if line.is_quick_add {
        let n = &line.per_100g;
        let add = QuickAdd::parse(
            Some(&line.food_name),
            Some(n.calories),
            Some(n.protein),
            Some(n.fat),
            Some(n.carbs),
        )
        .map_err(|e| e.0)?;
        return Ok(MealLine::quick(add));
    }
    if !per_100g_plausible(&line.per_100g) {
        return Err("per_100g is outside what a food can hold".into());
    }
    let quantity = Grams::parse(line.quantity.ok_or("quantity is required")?).map_err(|e| e.0)?;
    let mut micronutrients = line
        .micronutrients_per_100g
        .map(Micronutrients::checked)
        .transpose()?
        .unwrap_or(Micronutrients::UNKNOWN);
    for (key, share) in &line.micronutrient_coverage_per_100g {
        let m = Micronutrient::from_key(key)
            .ok_or_else(|| format!("micronutrient_coverage_per_100g: no nutrient {key}"))?;
        micronutrients.set_coverage(m, *share);
    }
    let name = meal::meal_name(Some(&line.food_name))
        .map_err(|e| e.0)?
        .ok_or("food_name is required")?;
    Ok(MealLine {
        food_id: line.food_id,
        food_name: name,
        food_name_zh: line.food_name_zh.clone(),
        brand: line.brand.clone(),
        quantity,
        per_100g: line.per_100g,
        micronutrients,
        amount: line.amount.clone(),
        quick_add: false,
    })
}

async fn write(
    state: &AppState,
    user: &User,
    export: &AccountExport,
    checked: Checked,
    written: &mut Written,
) -> Result<Imported, ApiError> {
    let stores = &state.stores;
    // The export's own food ids, and what they are here.
    let mut ids: HashMap<i64, i64> = HashMap::new();
    for (food, new) in export.custom_foods.iter().zip(&checked.foods) {
        let made = stores.foods.insert(new).await?;
        written.foods.push(made.id);
        ids.insert(food.id, made.id);
        reindex(state, &made, false).await;
    }

    // A recipe after the recipes inside it.
    let mut left: Vec<&ExportedRecipe> = export.recipes.iter().collect();
    while !left.is_empty() {
        let ready = left.iter().position(|r| {
            r.ingredients.iter().all(|i| {
                ids.contains_key(&i.food_id) || !export.recipes.iter().any(|o| o.id == i.food_id)
            })
        });
        let Some(at) = ready else {
            return Err(ApiError::validation(
                "recipes: each recipe's ingredients must be foods or other recipes, without a circle",
            ));
        };
        let recipe = left.remove(at);
        let field = format!(
            "recipes[{}]",
            export
                .recipes
                .iter()
                .position(|r| r.id == recipe.id)
                .unwrap_or_default()
        );
        let mut ingredients = Vec::with_capacity(recipe.ingredients.len());
        for (j, ingredient) in recipe.ingredients.iter().enumerate() {
            let food_id = match ids.get(&ingredient.food_id) {
                Some(here) => *here,
                None if checked.shared.contains(&ingredient.food_id) => ingredient.food_id,
                None => {
                    return Err(ApiError::new(
                        ErrorCode::FoodNotFound,
                        format!(
                            "{field}.ingredients[{j}]: {} is not a food here",
                            ingredient.food_name
                        ),
                    ));
                }
            };
            ingredients.push(IngredientInput {
                food_id: Some(food_id),
                quantity: Some(ingredient.quantity),
                amount: None,
            });
        }
        let input = RecipeInput {
            name: recipe.name.clone(),
            name_zh: recipe.name_zh.clone(),
            servings: recipe.servings,
            notes: recipe.notes.clone(),
            ingredients: Some(ingredients),
        };
        let mut new = input.parse(state, user, None).await?;
        // The amounts as written ("2 slices"), beside the grams they were.
        for (made, ingredient) in new.ingredients.iter_mut().zip(&recipe.ingredients) {
            made.amount = ingredient.amount.clone();
        }
        let made = stores.recipes.create(&new).await?;
        written.recipes.push(made.food.id);
        ids.insert(recipe.id, made.food.id);
        reindex(state, &made.food, false).await;
    }

    let mut meals = checked.meals;
    for line in meals.iter_mut().flat_map(|m| m.lines.iter_mut()) {
        line.food_id = line.food_id.and_then(|id| match ids.get(&id) {
            Some(here) => Some(*here),
            None => checked.shared.contains(&id).then_some(id),
        });
    }
    for page in meals.chunks(200) {
        let made = stores.meals.create_many(page).await?;
        written.meals.extend(made.iter().map(|m| m.id));
    }

    for (date, kg, notes) in &checked.weights {
        let record = stores
            .weights
            .record(user.id, *date, *kg, notes.as_deref())
            .await?;
        written.weights.push(record.id);
    }

    for star in &export.favorites {
        let id = match ids.get(&star.food_id) {
            Some(here) => *here,
            None if checked.shared.contains(&star.food_id) => star.food_id,
            None => continue,
        };
        stores.foods.set_favorite(user.id, id, true).await?;
        written.stars.push(id);
    }

    if let Some(profile) = &export.profile {
        apply_profile(state, user, profile).await?;
    }
    // Recent and the search's ranking know the foods the history logged.
    let lines: Vec<MealLine> = meals.into_iter().flat_map(|m| m.lines).collect();
    record_uses(state, user.id, &lines).await;
    Ok(Imported {
        custom_foods: export.custom_foods.len(),
        recipes: export.recipes.len(),
        meals: export.meals.len(),
        weights: checked.weights.len(),
        favorites: written.stars.len(),
    })
}

/// The exported goals and body data; body data only where the person had set it.
async fn apply_profile(
    state: &AppState,
    user: &User,
    profile: &serde_json::Value,
) -> Result<(), ApiError> {
    let Some(fields) = profile.as_object() else {
        return Err(ApiError::validation("profile must be an object"));
    };
    let body_data_set = fields
        .get("body_data_set")
        .and_then(serde_json::Value::as_bool)
        != Some(false);
    let fields: serde_json::Map<String, serde_json::Value> = fields
        .iter()
        .filter(|(key, _)| {
            let body = matches!(
                key.as_str(),
                "gender" | "height" | "weight" | "date_of_birth"
            );
            key.as_str() != "body_data_set"
                && key.as_str() != "nickname"
                && (body_data_set || !body)
        })
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    let changes: ProfileChanges = serde_json::from_value(serde_json::Value::Object(fields))
        .map_err(|e| ApiError::validation(format!("profile: {e}")))?;
    let mut kept = user.profile.clone();
    let mut nickname = user.nickname.clone();
    changes
        .apply(&mut kept, &mut nickname, Utc::now().date_naive())
        .map_err(|e| invalid("profile".into(), e.0))?;
    state
        .stores
        .users
        .update_profile(user.id, &nickname, &kept)
        .await?;
    Ok(())
}
