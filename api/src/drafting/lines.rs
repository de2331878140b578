use std::collections::HashMap;

use models::ErrorCode;
use models::meal::{MAX_MEAL_FOODS, QuickAdd};
use models::{MealLine, User, UserId};
use serde::Deserialize;
use store::FoodUse;
use utoipa::ToSchema;

use super::Measure;
use crate::{
    AppState,
    error::ApiError,
    food_lookup::{saved_usda_food, visible_foods},
};

/// A food line as sent: `{food_id, quantity}` or `{food_id, amount: "2 slices"}`, for a
/// USDA search hit not saved yet `{food_id: -1, quantity, fdc_id, name}`, or a quick add
/// `{quick_add: {name, calories, protein, fat, carbs}}`.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub(crate) struct LineInput {
    food_id: Option<i64>,
    quantity: Option<f64>,
    /// An amount read against the food's portions ("1.5碗", "半斤"); it wins over quantity.
    amount: Option<String>,
    /// (A USDA line's `name` is only informative: the food's own name is saved.)
    fdc_id: Option<i64>,
    /// On update: take the food's current nutrition rather than the line's saved one.
    #[serde(default)]
    refresh: bool,
    quick_add: Option<QuickAddInput>,
}

#[derive(Debug, Deserialize, ToSchema)]
struct QuickAddInput {
    name: Option<String>,
    calories: Option<f64>,
    protein: Option<f64>,
    fat: Option<f64>,
    carbs: Option<f64>,
}

/// Where a line's food comes from, once checked.
enum FoodRef {
    Saved(i64),
    Usda(i64),
}

/// A line as sent, once checked.
enum CheckedLine {
    Food { food: FoodRef, measure: Measure },
    Quick(QuickAdd),
}

/// Marks a line `foods[i]` in messages, so the caller knows which one is wrong.
fn at_line(index: Option<usize>, field: &str) -> String {
    match index {
        Some(i) => format!("foods[{i}].{field}"),
        None => field.to_owned(),
    }
}

fn food_not_found(id: i64) -> ApiError {
    ApiError::new(ErrorCode::FoodNotFound, format!("Food {id} not found"))
}

impl LineInput {
    /// `grams` of the stored food `food_id`.
    pub(crate) fn grams(food_id: i64, grams: f64) -> LineInput {
        LineInput {
            food_id: Some(food_id),
            quantity: Some(grams),
            ..LineInput::default()
        }
    }

    /// The `foods` of a meal as another call received them, still as JSON (a meal from a
    /// photo reads them once the photo is known to be the caller's).
    pub(crate) fn list_from_json(foods: &[serde_json::Value]) -> Result<Vec<LineInput>, ApiError> {
        // The path names the line and the field that is wrong ("[1].quantity: …").
        serde_path_to_error::deserialize(serde_json::Value::Array(foods.to_vec()))
            .map_err(|e| ApiError::validation(format!("Invalid meal: foods{e}")))
    }

    fn parse(&self, index: Option<usize>) -> Result<CheckedLine, ApiError> {
        if let Some(q) = &self.quick_add {
            if self.food_id.is_some() {
                return Err(ApiError::validation(format!(
                    "{} is either a food_id or a quick_add, not both",
                    at_line(index, "").trim_end_matches('.')
                )));
            }
            let add = QuickAdd::parse(q.name.as_deref(), q.calories, q.protein, q.fat, q.carbs)
                .map_err(|e| ApiError::validation(at_line(index, &e.0)))?;
            return Ok(CheckedLine::Quick(add));
        }
        let measure = Measure::parse(
            self.quantity,
            self.amount.as_deref(),
            &at_line(index, "quantity"),
        )?;
        let food = match (self.food_id, self.fdc_id) {
            (Some(-1), Some(fdc)) if fdc > 0 => FoodRef::Usda(fdc),
            (Some(-1), _) => {
                return Err(ApiError::validation(format!(
                    "{} must be a positive FoodData Central id when food_id is -1",
                    at_line(index, "fdc_id")
                )));
            }
            (Some(id), _) if id > 0 => FoodRef::Saved(id),
            (Some(_), _) => {
                return Err(ApiError::validation(format!(
                    "{} must be a food id, or -1 with an fdc_id",
                    at_line(index, "food_id")
                )));
            }
            (None, _) => {
                return Err(ApiError::validation(format!(
                    "{} is required (or a quick_add)",
                    at_line(index, "food_id")
                )));
            }
        };
        Ok(CheckedLine::Food { food, measure })
    }
}

/// The foods of `inputs` as lines, each with the food's nutrition as it is now, or
/// (for a food the meal already holds, unless asked to refresh) as it was saved.
pub(crate) async fn resolve_lines(
    state: &AppState,
    user: &User,
    inputs: &[LineInput],
    kept: &HashMap<i64, MealLine>,
    numbered: bool,
) -> Result<Vec<MealLine>, ApiError> {
    if inputs.len() > MAX_MEAL_FOODS {
        return Err(ApiError::validation(format!(
            "A meal can hold at most {MAX_MEAL_FOODS} foods"
        )));
    }
    let parsed = inputs
        .iter()
        .enumerate()
        .map(|(i, input)| input.parse(numbered.then_some(i)))
        .collect::<Result<Vec<_>, _>>()?;
    // A food is read when its values are needed, or its portions (for an amount).
    let wanted: Vec<i64> = parsed
        .iter()
        .zip(inputs)
        .filter_map(|(request, input)| match request {
            CheckedLine::Food {
                food: FoodRef::Saved(id),
                measure,
            } if input.refresh
                || !kept.contains_key(id)
                || matches!(measure, Measure::Amount(_)) =>
            {
                Some(*id)
            }
            _ => None,
        })
        .collect();
    let found = visible_foods(state, user.id, &wanted).await?;
    let mut lines = Vec::with_capacity(parsed.len());
    for (i, (request, input)) in parsed.into_iter().zip(inputs).enumerate() {
        let field = at_line(numbered.then_some(i), "quantity");
        let (food, measure) = match request {
            CheckedLine::Quick(add) => {
                lines.push(MealLine::quick(add));
                continue;
            }
            CheckedLine::Food { food, measure } => (food, measure),
        };
        let line = match food {
            FoodRef::Saved(id) => {
                let current = found.get(&id);
                let saved = kept.get(&id).filter(|_| !input.refresh);
                match (current, saved) {
                    (_, Some(saved)) => {
                        let (quantity, amount) =
                            measure.grams(current.map(|f| &f.food), &field, &saved.food_name)?;
                        MealLine {
                            quantity,
                            amount,
                            ..saved.clone()
                        }
                    }
                    (Some(food), None) => {
                        let (quantity, amount) =
                            measure.grams(Some(&food.food), &field, &food.food.name)?;
                        MealLine {
                            amount,
                            ..MealLine::of(food, quantity)
                        }
                    }
                    (None, None) => return Err(food_not_found(id)),
                }
            }
            FoodRef::Usda(fdc_id) => {
                let food = saved_usda_food(state, fdc_id, Some(user.id)).await?;
                let (quantity, amount) =
                    measure.grams(Some(&food.food), &field, &food.food.name)?;
                MealLine {
                    amount,
                    ..MealLine::of(&food, quantity)
                }
            }
        };
        lines.push(line);
    }
    Ok(lines)
}

/// Counts each food of saved lines as used, with what was logged, so it ranks higher in
/// the user's searches and is one click to log again.
pub(crate) async fn record_uses(state: &AppState, user: UserId, lines: &[MealLine]) {
    let uses: Vec<FoodUse> = lines
        .iter()
        .filter_map(|l| {
            l.food_id.map(|food_id| FoodUse {
                food_id,
                grams: Some(l.quantity.get()),
                amount: l.amount.clone(),
            })
        })
        .collect();
    if let Err(e) = state.stores.foods.record_uses(user, &uses).await {
        tracing::warn!(error = %e, "could not count food uses");
    }
}
