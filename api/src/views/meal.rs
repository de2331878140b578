use chrono::{DateTime, NaiveDate, Utc};
use models::micronutrients::{Coverage, Micronutrients};
use models::{LocalClock, Meal, MealType};
use serde::Serialize;
use utoipa::ToSchema;

/// A meal as every call returns it (SPEC §3 "Meal"), dated in the caller's time zone.
#[derive(Debug, Serialize, ToSchema)]
pub struct MealView {
    pub id: i64,
    pub name: Option<String>,
    pub meal_type: MealType,
    /// The local day, `YYYY-MM-DD`.
    pub date: NaiveDate,
    /// The local time, `HH:MM`.
    pub time: String,
    pub eaten_at: DateTime<Utc>,
    pub notes: Option<String>,
    pub foods: Vec<MealFoodView>,
    pub total_calories: f64,
    pub total_protein: f64,
    pub total_fat: f64,
    pub total_carbs: f64,
    pub total_fiber: f64,
    pub total_sugar: f64,
    pub total_sodium: f64,
    /// In the account export: the vitamins, minerals and fats the meal held, `null` where
    /// none of its foods gives one. The meal calls leave them out (a save answers as
    /// quickly as before); the day's summary and the statistics sum them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub micronutrients: Option<Micronutrients>,
    /// In the account export: the share of the meal's grams each total comes from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub micronutrient_coverage: Option<Coverage>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MealFoodView {
    pub id: i64,
    pub food_id: Option<i64>,
    pub food_name: String,
    pub food_name_zh: Option<String>,
    pub brand: Option<String>,
    /// Grams; none for a quick add, which was logged without a weight.
    pub quantity: Option<f64>,
    /// The amount as logged ("2 slices"), when it was not plain grams.
    pub amount: Option<String>,
    pub is_quick_add: bool,
    /// What the quantity holds: calories, protein, fat, carbs, fiber, sugar, sodium.
    #[serde(flatten)]
    pub values: models::Nutrients,
    /// The nutrition the line was saved with.
    pub per_100g: models::Nutrients,
    /// In the account export: the vitamins, minerals and fats per 100 g the line was
    /// saved with, each `null` where its food did not give it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub micronutrients_per_100g: Option<Micronutrients>,
    /// In the account export, for a line of a dish worked out from a recipe: the share of
    /// the dish's grams each of those values comes from; left out when all are whole.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub micronutrient_coverage_per_100g: Option<Coverage>,
}

impl MealView {
    /// A saved meal, dated on `clock`'s days.
    pub fn new(meal: &Meal, clock: LocalClock) -> MealView {
        let t = &meal.totals;
        MealView {
            id: meal.id,
            name: meal.name.clone(),
            meal_type: meal.meal_type,
            date: clock.date_of(meal.eaten_at),
            time: clock.time_of(meal.eaten_at).format("%H:%M").to_string(),
            eaten_at: meal.eaten_at,
            notes: meal.notes.clone(),
            foods: meal
                .foods
                .iter()
                .map(|f| {
                    let line = &f.line;
                    MealFoodView {
                        id: f.id,
                        food_id: line.food_id,
                        food_name: line.food_name.clone(),
                        food_name_zh: line.food_name_zh.clone(),
                        brand: line.brand.clone(),
                        quantity: (!line.quick_add).then(|| line.quantity.get()),
                        amount: line.amount.clone(),
                        is_quick_add: line.quick_add,
                        values: line.amount(),
                        per_100g: line.per_100g,
                        micronutrients_per_100g: None,
                        micronutrient_coverage_per_100g: None,
                    }
                })
                .collect(),
            total_calories: t.calories,
            total_protein: t.protein,
            total_fat: t.fat,
            total_carbs: t.carbs,
            total_fiber: t.fiber,
            total_sugar: t.sugar,
            total_sodium: t.sodium,
            micronutrients: None,
            micronutrient_coverage: None,
            created_at: meal.created_at,
            updated_at: meal.updated_at,
        }
    }

    /// A saved meal as the account export writes it: with its micronutrients and each
    /// line's.
    pub fn exported(meal: &Meal, clock: LocalClock) -> MealView {
        let mut view = MealView::new(meal, clock);
        view.micronutrients = Some(meal.micronutrients.amounts());
        view.micronutrient_coverage = Some(meal.micronutrients.coverage_all());
        for (line, food) in view.foods.iter_mut().zip(&meal.foods) {
            line.micronutrients_per_100g = Some(food.line.micronutrients.rounded());
            line.micronutrient_coverage_per_100g = food.line.micronutrients.partial_coverage();
        }
        view
    }

    /// Saved meals, in their order, dated on `clock`'s days.
    pub fn list(meals: &[Meal], clock: LocalClock) -> Vec<MealView> {
        meals.iter().map(|m| MealView::new(m, clock)).collect()
    }
}
