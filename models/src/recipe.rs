//! Recipes: a named list of foods with their grams, making a number of servings. A recipe
//! is also a food of its owner, so it is searched, starred and logged like any other; its
//! per-100 g values are worked out from its ingredients as they are now.

use std::collections::{HashMap, HashSet};

use serde::Serialize;

use crate::food::{Food, FoodSource, NewFood, Nutrients, Portion, round1};
use crate::meal::Grams;
use crate::micronutrients::Micronutrients;
use crate::user::{Invalid, UserId};

pub const MAX_SERVINGS: f64 = 100.0;
pub const MAX_INGREDIENTS: usize = 100;
pub const MAX_RECIPE_NOTES_CHARS: usize = 2000;

// Recipes hold recipes, and a change to a food is carried up to every recipe above it
// inside the change's own transaction. These bounds keep that work, and the checks that
// keep them, to a number of steps fixed here, whatever a user builds.

/// Levels of recipes: one of plain foods is 1, one holding it 2, and so on. Cooking
/// rarely goes past 3 (a stock in a sauce in a dish in a lunch box); 8 leaves room, and
/// the walks along a recipe's parts take one query a level.
pub const MAX_RECIPE_DEPTH: usize = 8;
/// Distinct foods and recipes inside a recipe, at any depth: 3 full recipes of
/// [`MAX_INGREDIENTS`] each, which no dish needs, and few enough to read in a moment.
pub const MAX_RECIPE_PARTS: usize = 300;
/// Recipes above the foods and recipes of one new recipe, counted together: what an edit
/// of one of them re-works is at most this many recipes, each once. Counting them together
/// (rather than each part's own) is a little stricter, but is decided in one walk of at most
/// this many recipes. Shared foods (catalogue, imports) are not counted: users do not edit
/// them, and an import works out the recipes above them in short transactions of its own.
pub const MAX_RECIPES_ABOVE: usize = 200;

/// Why a recipe cannot be stored as given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RecipeRefused {
    #[error("A recipe cannot contain itself, directly or through another recipe")]
    Cycle,
    #[error("Recipes can hold recipes at most {MAX_RECIPE_DEPTH} levels deep")]
    TooDeep,
    #[error(
        "A recipe can hold at most {MAX_RECIPE_PARTS} different foods and recipes, counting those inside the recipes it holds"
    )]
    TooLarge,
    #[error(
        "The foods and recipes in this recipe are already inside {MAX_RECIPES_ABOVE} of your recipes, the most they can be in"
    )]
    TooShared,
}

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
    pub micronutrients: Micronutrients,
    /// Its food's portions and whether it is a drink, so its amount can be changed in
    /// the food's own units ("1 slice", "1 杯").
    pub portions: Vec<Portion>,
    pub drink: bool,
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
#[derive(Debug, Clone, Copy, PartialEq, Serialize, utoipa::ToSchema)]
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
        approximate: false,
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

/// Recipes ordered so that each comes after every recipe among them that it holds, so
/// each is worked out once, from parts already worked out. `holds` lists (recipe, part)
/// pairs. Should the stored recipes loop (refused on write, so only a damaged database),
/// those in the loop come last, each still once.
pub fn dependency_order(recipes: &[i64], holds: &[(i64, i64)]) -> Vec<i64> {
    let wanted: HashSet<i64> = recipes.iter().copied().collect();
    let mut waiting_on: HashMap<i64, HashSet<i64>> = HashMap::new();
    let mut held_by: HashMap<i64, Vec<i64>> = HashMap::new();
    for &(recipe, part) in holds {
        if recipe != part
            && wanted.contains(&recipe)
            && wanted.contains(&part)
            && waiting_on.entry(recipe).or_default().insert(part)
        {
            held_by.entry(part).or_default().push(recipe);
        }
    }
    let mut order = Vec::with_capacity(wanted.len());
    let mut placed: HashSet<i64> = HashSet::with_capacity(wanted.len());
    let mut ready: Vec<i64> = recipes
        .iter()
        .copied()
        .filter(|r| !waiting_on.contains_key(r))
        .collect();
    while let Some(recipe) = ready.pop() {
        if !placed.insert(recipe) {
            continue;
        }
        order.push(recipe);
        for holder in held_by.get(&recipe).into_iter().flatten() {
            if let Some(parts) = waiting_on.get_mut(holder) {
                parts.remove(&recipe);
                if parts.is_empty() {
                    waiting_on.remove(holder);
                    ready.push(*holder);
                }
            }
        }
    }
    order.extend(recipes.iter().copied().filter(|r| placed.insert(*r)));
    order
}

/// The most steps from `start` along `next` (a recipe's parts, or the recipes holding a
/// food): how many levels of recipes lie below, or above. A loop (a damaged database)
/// ends a chain rather than going round.
pub fn longest_chain(start: i64, next: &HashMap<i64, Vec<i64>>) -> usize {
    let mut known: HashMap<i64, usize> = HashMap::new();
    let mut on_path: HashSet<i64> = HashSet::new();
    // Depth-first without recursion: (node, whether its successors were pushed).
    let mut stack = vec![(start, false)];
    while let Some((node, expanded)) = stack.pop() {
        if known.contains_key(&node) {
            continue;
        }
        let successors = next.get(&node).map(Vec::as_slice).unwrap_or_default();
        if expanded {
            on_path.remove(&node);
            let longest = successors
                .iter()
                .filter_map(|s| known.get(s).map(|steps| steps + 1))
                .max()
                .unwrap_or(0);
            known.insert(node, longest);
            continue;
        }
        on_path.insert(node);
        stack.push((node, true));
        for s in successors {
            if !known.contains_key(s) && !on_path.contains(s) {
                stack.push((*s, false));
            }
        }
    }
    known.get(&start).copied().unwrap_or(0)
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

    /// `levels` levels of two recipes, each holding both of the level below, over food 0:
    /// recipes 1 and 2 hold 0, 3 and 4 hold 1 and 2, and so on.
    fn diamond(levels: i64) -> (Vec<i64>, Vec<(i64, i64)>) {
        let mut holds = vec![(1, 0), (2, 0)];
        for level in 1..levels {
            for recipe in [2 * level + 1, 2 * level + 2] {
                holds.extend([(recipe, 2 * level - 1), (recipe, 2 * level)]);
            }
        }
        ((1..=2 * levels).collect(), holds)
    }

    #[test]
    fn each_recipe_comes_once_after_the_recipes_it_holds() {
        // 16 levels: 2^16 paths from the top, 32 recipes.
        let (recipes, holds) = diamond(16);
        let mut shuffled = recipes.clone();
        shuffled.reverse();
        let order = dependency_order(&shuffled, &holds);
        assert_eq!(order.len(), 32, "each once: {order:?}");
        let at: HashMap<i64, usize> = order.iter().enumerate().map(|(i, r)| (*r, i)).collect();
        assert_eq!(at.len(), 32);
        for (recipe, part) in holds.iter().filter(|(_, part)| *part != 0) {
            assert!(at[part] < at[recipe], "{part} before {recipe}: {order:?}");
        }
    }

    #[test]
    fn a_loop_in_a_damaged_database_still_orders_each_recipe_once() {
        let order = dependency_order(&[1, 2, 3, 4], &[(2, 1), (3, 2), (2, 3), (4, 4)]);
        let mut first = order[..2].to_vec();
        first.sort_unstable();
        assert_eq!(first, vec![1, 4], "outside the loop first: {order:?}");
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, vec![1, 2, 3, 4]);
    }

    #[test]
    fn the_longest_chain_counts_levels_of_recipes() {
        let (_, holds) = diamond(16);
        let mut parts: HashMap<i64, Vec<i64>> = HashMap::new();
        let mut held_by: HashMap<i64, Vec<i64>> = HashMap::new();
        for (recipe, part) in &holds {
            parts.entry(*recipe).or_default().push(*part);
            held_by.entry(*part).or_default().push(*recipe);
        }
        assert_eq!(longest_chain(32, &parts), 16, "the top holds 16 levels");
        assert_eq!(longest_chain(1, &parts), 1);
        assert_eq!(longest_chain(0, &parts), 0, "a plain food");
        assert_eq!(longest_chain(0, &held_by), 16, "16 levels above the food");
        assert_eq!(longest_chain(31, &held_by), 0);
        // A skip link does not shorten the longest chain.
        parts.get_mut(&32).unwrap().push(0);
        assert_eq!(longest_chain(32, &parts), 16);
        let looped = HashMap::from([(1, vec![2]), (2, vec![1, 3])]);
        assert_eq!(longest_chain(1, &looped), 2, "a loop ends a chain");
    }

    #[test]
    fn refusals_say_the_bound() {
        assert_eq!(
            RecipeRefused::TooDeep.to_string(),
            format!("Recipes can hold recipes at most {MAX_RECIPE_DEPTH} levels deep")
        );
        assert!(
            RecipeRefused::TooLarge
                .to_string()
                .contains(&MAX_RECIPE_PARTS.to_string())
        );
        assert!(
            RecipeRefused::TooShared
                .to_string()
                .contains(&MAX_RECIPES_ABOVE.to_string())
        );
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
