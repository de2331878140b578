//! Turning what a caller sent into what the stores save: an amount read against a
//! food's portions, meal lines resolved against the foods the user may use, and a new
//! meal, checked whole (`MealInput`) and saved by `save_meal` whichever call made it.

mod lines;
mod meal;
mod measure;
mod recipe;

pub(crate) use lines::{LineInput, record_uses, resolve_lines};
pub(crate) use meal::{MealFields, MealInput, check_plausible, eaten_at, save_meal};
pub(crate) use measure::Measure;
pub(crate) use recipe::{IngredientInput, RecipeInput, recipe_text};
