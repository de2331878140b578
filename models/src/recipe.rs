//! Recipes: a named list of foods with their grams, making a number of servings. A recipe
//! is also a food of its owner, so it is searched, starred and logged like any other; its
//! per-100 g values are worked out from its ingredients as they are now.

use serde::Serialize;

use crate::food::{Food, FoodSource, NewFood, Nutrients, Portion, round1};
use crate::meal::Grams;
use crate::user::{Invalid, UserId};

pub const MAX_SERVINGS: f64 = 100.0;
pub const MAX_INGREDIENTS: usize = 100;
pub const MAX_RECIPE_NOTES_CHARS: usize = 2000;

/// A number of servings: more than 0 and at most 100.
pub fn servings(value: Option<f64>) -> Result<f64, Invalid> {
    match value {
        Some(v) if v.is_finite() && v > 0.0 && v <= MAX_SERVINGS => Ok(round1(v).max(0.1)),
        _ => Err(Invalid(format!(
            "servings must be more than 0 and at most {MAX_SERVINGS}"
        ))),
    }
}

/// One ingredient as it is to be stored.
#[derive(Debug, Clone, PartialEq)]
pub struct NewIngredient {
    pub food_id: i64,
    pub quantity: Grams,
    pub amount: Option<String>,
}

/// A recipe to be stored (created or replacing one).
#[derive(Debug, Clone, PartialEq)]
pub struct NewRecipe {
    pub owner: UserId,
    pub name: String,
    pub name_zh: Option<String>,
    pub servings: f64,
    pub notes: Option<String>,
    pub ingredients: Vec<NewIngredient>,
}

/// An ingredient with its food's names and values as they are now.
#[derive(Debug, Clone, PartialEq)]
pub struct Ingredient {
    pub food_id: i64,
    pub name: String,
    pub name_zh: Option<String>,
    pub brand: Option<String>,
    pub source: FoodSource,
    pub quantity: Grams,
    pub amount: Option<String>,
    pub per_100g: Nutrients,
}

impl Ingredient {
    /// What its quantity holds, rounded as shown.
    pub fn values(&self) -> Nutrients {
        self.per_100g.for_grams(self.quantity.get())
    }
}

/// A stored recipe: its food (per-100 g values, one serving as its portion) and its
/// ingredients in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Recipe {
    pub food: Food,
    pub ingredients: Vec<Ingredient>,
}

/// Servings and values per serving, as every view of a recipe food shows them.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PerServing {
    pub servings: f64,
    pub grams: f64,
    #[serde(flatten)]
    pub values: Nutrients,
}

impl PerServing {
    /// A recipe food's serving, from its stored servings and per-100 g values.
    pub fn of(food: &Food) -> Option<PerServing> {
        let servings = food.food.servings.filter(|_| food.is_recipe())?;
        let grams = food.food.portions.first()?.grams;
        Some(PerServing {
            servings,
            grams,
            values: food.food.nutrients.for_grams(grams),
        })
    }
}

impl Recipe {
    pub fn total_grams(&self) -> f64 {
        round1(self.ingredients.iter().map(|i| i.quantity.get()).sum())
    }

    /// The sum of the ingredients as shown.
    pub fn totals(&self) -> Nutrients {
        self.ingredients
            .iter()
            .map(Ingredient::values)
            .fold(Nutrients::default(), |a, b| a.plus(&b))
            .rounded()
    }
}

/// Per-100 g values of a dish whose ingredients (per-100 g values and raw grams) weigh
/// `cooked_grams` once cooked: what cooking drives off (water) or adds (water absorbed)
/// changes the weight, not what is in it. Users' recipes (cooked weight = raw weight) and
/// the dish library (with a cooking yield) both are worked out here.
pub fn cooked_values(ingredients: &[(Nutrients, f64)], cooked_grams: f64) -> Nutrients {
    if cooked_grams <= 0.0 {
        return Nutrients::default();
    }
    let sum = ingredients
        .iter()
        .fold(Nutrients::default(), |acc, (per, g)| {
            acc.plus(&per.for_grams_exact(*g))
        });
    sum.for_grams_exact(100.0 * 100.0 / cooked_grams).rounded()
}

/// What a recipe's ingredients (their current per-100 g values and grams) make: its
/// per-100 g values and one serving, its portion.
pub fn recipe_values(servings: f64, ingredients: &[(Nutrients, f64)]) -> (Nutrients, Portion) {
    let total: f64 = ingredients.iter().map(|(_, g)| g).sum();
    let per_100g = cooked_values(ingredients, total);
    let serving = Portion {
        grams: round1(total / servings).max(0.1),
        name: "1 serving".into(),
        name_zh: Some("1 份".into()),
    };
    (per_100g, serving)
}

/// The recipe's food row, with the values `ingredients` make.
pub fn recipe_food(
    owner: UserId,
    name: &str,
    name_zh: Option<&str>,
    servings: f64,
    notes: Option<&str>,
    ingredients: &[(Nutrients, f64)],
) -> NewFood {
    let (per_100g, serving) = recipe_values(servings, ingredients);
    NewFood {
        source: Some(FoodSource::Recipe),
        owner: Some(owner),
        name: name.to_owned(),
        name_zh: name_zh.map(str::to_owned),
        nutrients: per_100g,
        portions: vec![serving],
        description: notes.map(str::to_owned),
        data_quality: "recipe".into(),
        servings: Some(servings),
        ..NewFood::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_100g_values_are_the_weighted_mean_of_the_ingredients() {
        let rice = Nutrients {
            calories: 116.0,
            protein: 2.6,
            carbs: 25.9,
            ..Default::default()
        };
        let egg = Nutrients {
            calories: 144.0,
            protein: 13.3,
            fat: 8.8,
            ..Default::default()
        };
        let food = recipe_food(
            UserId::from_i64(1),
            "Egg fried rice",
            Some("蛋炒饭"),
            2.0,
            None,
            &[(rice, 300.0), (egg, 100.0)],
        );
        // (116 × 300 + 144 × 100) / 400 = 123
        assert_eq!(food.nutrients.calories, 123.0);
        assert_eq!(food.nutrients.fat, 2.2);
        assert_eq!(food.portions[0].grams, 200.0);
        assert_eq!(food.servings, Some(2.0));
    }

    #[test]
    fn servings_must_be_more_than_zero_and_at_most_100() {
        assert!(servings(Some(0.0)).is_err());
        assert!(servings(Some(-1.0)).is_err());
        assert!(servings(Some(101.0)).is_err());
        assert!(servings(None).is_err());
        assert!(servings(Some(f64::NAN)).is_err());
        assert_eq!(servings(Some(2.5)).unwrap(), 2.5);
    }
}
