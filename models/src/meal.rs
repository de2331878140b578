//! Meals: what a user ate and when, each food line with the nutrition it was logged with
//! (SPEC §3 "Meal", §4 "Basket", §9).

use std::fmt;

use chrono::{DateTime, NaiveTime, Utc};
use serde::{Deserialize, Serialize};

use crate::food::{Food, Nutrients, round1};
use crate::micronutrients::{MicronutrientTotals, Micronutrients};
use crate::user::{Invalid, UserId};

/// SPEC §9 meal types; the hour bands of SPEC §4 pick one from a meal time.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum MealType {
    Breakfast,
    Lunch,
    Dinner,
    Snack,
}

impl MealType {
    pub const ALL: [MealType; 4] = [
        MealType::Breakfast,
        MealType::Lunch,
        MealType::Dinner,
        MealType::Snack,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            MealType::Breakfast => "breakfast",
            MealType::Lunch => "lunch",
            MealType::Dinner => "dinner",
            MealType::Snack => "snack",
        }
    }

    pub fn parse(text: &str) -> Result<Self, Invalid> {
        match text.trim().to_ascii_lowercase().as_str() {
            "breakfast" => Ok(MealType::Breakfast),
            "lunch" => Ok(MealType::Lunch),
            "dinner" => Ok(MealType::Dinner),
            "snack" => Ok(MealType::Snack),
            _ => Err(Invalid(
                "meal_type must be one of breakfast, lunch, dinner, snack".into(),
            )),
        }
    }

    /// SPEC §4: 5 to before 11 breakfast, 11 to before 16 lunch, 16 to before 22 dinner,
    /// otherwise snack (the bands of `models/data/amount_words.json`, which the web app
    /// reads too).
    pub fn at_hour(hour: u32) -> Self {
        crate::amount_words::meal_type_at_hour(hour)
    }

    /// When this meal is usually eaten: the time given to a meal logged by date only.
    pub fn usual_time(self) -> NaiveTime {
        let (h, m) = match self {
            MealType::Breakfast => (8, 0),
            MealType::Lunch => (12, 0),
            MealType::Dinner => (18, 0),
            MealType::Snack => (15, 0),
        };
        NaiveTime::from_hms_opt(h, m, 0).unwrap_or_default()
    }
}

impl fmt::Display for MealType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A logged quantity in grams: more than 0 and at most 10 kg.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct Grams(f64);

impl Grams {
    pub const MAX: f64 = 10_000.0;
    /// Quantities are kept to a tenth of a gram: the smallest one there is.
    pub const MIN: f64 = 0.1;

    /// A quantity that rounds, to the tenth of a gram kept, to less than the smallest
    /// step is refused rather than stored as another amount than the one sent.
    pub fn parse(value: f64) -> Result<Self, Invalid> {
        let kept = round1(value);
        if value.is_finite() && (Self::MIN..=Self::MAX).contains(&kept) {
            Ok(Grams(kept))
        } else {
            Err(Invalid(format!(
                "quantity must be at least {} g and at most {} g",
                Self::MIN,
                Self::MAX
            )))
        }
    }

    pub fn get(self) -> f64 {
        self.0
    }
}

/// One food of a meal as it was when logged: its names and per-100 g nutrition are
/// kept, so editing or deleting the food later leaves the meal as it was eaten.
#[derive(Debug, Clone, PartialEq)]
pub struct MealLine {
    pub food_id: Option<i64>,
    pub food_name: String,
    pub food_name_zh: Option<String>,
    pub brand: Option<String>,
    pub quantity: Grams,
    pub per_100g: Nutrients,
    /// Its food's vitamins, minerals and fats per 100 g when it was logged.
    pub micronutrients: Micronutrients,
    /// The amount as logged ("2 slices", "1.5碗"), when it was not plain grams.
    pub amount: Option<String>,
    /// Calories and macros logged without a food ("restaurant lunch, 850 kcal").
    pub quick_add: bool,
}

impl MealLine {
    /// `quantity` of `food` as it is now.
    pub fn of(food: &Food, quantity: Grams) -> MealLine {
        MealLine {
            food_id: Some(food.id),
            food_name: food.food.name.clone(),
            food_name_zh: food.food.name_zh.clone(),
            brand: food.food.brand.clone(),
            quantity,
            per_100g: food.food.nutrients,
            micronutrients: food.food.micronutrients,
            amount: None,
            quick_add: false,
        }
    }

    /// A quick add: its values are kept as 100 g of per-100 g values, so it adds up like
    /// every other line.
    pub fn quick(add: QuickAdd) -> MealLine {
        MealLine {
            food_id: None,
            food_name: add.name,
            food_name_zh: None,
            brand: None,
            quantity: Grams(100.0),
            per_100g: add.nutrients,
            micronutrients: Micronutrients::UNKNOWN,
            amount: None,
            quick_add: true,
        }
    }

    /// The nutrition of this line's quantity, rounded as shown (1 decimal).
    pub fn amount(&self) -> Nutrients {
        self.per_100g.for_grams(self.quantity.get())
    }
}

/// Calories and macros logged without a food.
#[derive(Debug, Clone, PartialEq)]
pub struct QuickAdd {
    pub name: String,
    pub nutrients: Nutrients,
}

pub const MAX_QUICK_ADD_CALORIES: f64 = 5000.0;
pub const MAX_QUICK_ADD_GRAMS: f64 = 500.0;
/// The amount text kept with a line or an ingredient, in characters.
pub const MAX_AMOUNT_CHARS: usize = 40;

impl QuickAdd {
    /// Calories above 0 and at most 5000 kcal; protein, fat and carbs 0 to 500 g.
    pub fn parse(
        name: Option<&str>,
        calories: Option<f64>,
        protein: Option<f64>,
        fat: Option<f64>,
        carbs: Option<f64>,
    ) -> Result<QuickAdd, Invalid> {
        let name = optional_text(name, "quick_add.name", MAX_MEAL_NAME_CHARS)?
            .unwrap_or_else(|| "Quick add".to_owned());
        let calories = calories.ok_or_else(|| Invalid("quick_add.calories is required".into()))?;
        if !calories.is_finite() || calories <= 0.0 || calories > MAX_QUICK_ADD_CALORIES {
            return Err(Invalid(format!(
                "quick_add.calories must be more than 0 and at most {MAX_QUICK_ADD_CALORIES} kcal"
            )));
        }
        let grams = |field: &str, v: Option<f64>| -> Result<f64, Invalid> {
            let v = v.unwrap_or(0.0);
            if v.is_finite() && (0.0..=MAX_QUICK_ADD_GRAMS).contains(&v) {
                Ok(round1(v))
            } else {
                Err(Invalid(format!(
                    "quick_add.{field} must be between 0 and {MAX_QUICK_ADD_GRAMS} g"
                )))
            }
        };
        Ok(QuickAdd {
            name,
            nutrients: Nutrients {
                calories: round1(calories),
                protein: grams("protein", protein)?,
                fat: grams("fat", fat)?,
                carbs: grams("carbs", carbs)?,
                ..Nutrients::default()
            },
        })
    }
}

/// The sum of the lines as shown, so a meal's totals always add up to its lines.
pub fn totals<'a>(lines: impl IntoIterator<Item = &'a MealLine>) -> Nutrients {
    let sum = lines
        .into_iter()
        .map(MealLine::amount)
        .fold(Nutrients::default(), |a, b| a.plus(&b));
    sum.rounded()
}

/// The micronutrients of the lines: a quick add counts as the 100 g it is kept as, of
/// which nothing is known.
pub fn micronutrient_totals<'a>(
    lines: impl IntoIterator<Item = &'a MealLine>,
) -> MicronutrientTotals {
    let mut sum = MicronutrientTotals::default();
    for line in lines {
        sum.add(&line.micronutrients, line.quantity.get());
    }
    sum
}

/// A stored line.
#[derive(Debug, Clone, PartialEq)]
pub struct MealFood {
    pub id: i64,
    pub line: MealLine,
}

/// A meal to be stored.
#[derive(Debug, Clone, PartialEq)]
pub struct NewMeal {
    pub owner: UserId,
    pub name: Option<String>,
    pub meal_type: MealType,
    pub eaten_at: DateTime<Utc>,
    pub notes: Option<String>,
    pub lines: Vec<MealLine>,
}

/// A stored meal with its lines in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Meal {
    pub id: i64,
    pub owner: UserId,
    pub name: Option<String>,
    pub meal_type: MealType,
    pub eaten_at: DateTime<Utc>,
    pub notes: Option<String>,
    pub totals: Nutrients,
    pub micronutrients: MicronutrientTotals,
    pub foods: Vec<MealFood>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Meal {
    /// The same meal at another time: its lines keep the values they were saved with.
    pub fn copied_to(&self, eaten_at: DateTime<Utc>) -> NewMeal {
        NewMeal {
            owner: self.owner,
            name: self.name.clone(),
            meal_type: self.meal_type,
            eaten_at,
            notes: self.notes.clone(),
            lines: self.foods.iter().map(|f| f.line.clone()).collect(),
        }
    }
}

/// What a meal held and when, without its lines: all that totals need.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MealIntake {
    pub meal_type: MealType,
    pub eaten_at: DateTime<Utc>,
    pub totals: Nutrients,
    pub micronutrients: MicronutrientTotals,
}

impl From<&Meal> for MealIntake {
    fn from(meal: &Meal) -> Self {
        MealIntake {
            meal_type: meal.meal_type,
            eaten_at: meal.eaten_at,
            totals: meal.totals,
            micronutrients: meal.micronutrients,
        }
    }
}

pub const MAX_MEAL_NAME_CHARS: usize = 100;
pub const MAX_MEAL_NOTES_CHARS: usize = 1000;
pub const MAX_MEAL_FOODS: usize = 100;

/// A meal name as typed: trimmed, empty meaning none.
pub fn meal_name(text: Option<&str>) -> Result<Option<String>, Invalid> {
    optional_text(text, "name", MAX_MEAL_NAME_CHARS)
}

pub fn meal_notes(text: Option<&str>) -> Result<Option<String>, Invalid> {
    optional_text(text, "notes", MAX_MEAL_NOTES_CHARS)
}

fn optional_text(text: Option<&str>, field: &str, max: usize) -> Result<Option<String>, Invalid> {
    let text = text.map(str::trim).unwrap_or_default();
    if text.chars().count() > max {
        return Err(Invalid(format!("{field} can be at most {max} characters")));
    }
    Ok((!text.is_empty()).then(|| text.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meal_types_follow_the_hour_bands() {
        let types: Vec<MealType> = [4, 5, 10, 11, 15, 16, 21, 22, 0]
            .into_iter()
            .map(MealType::at_hour)
            .collect();
        use MealType::*;
        assert_eq!(
            types,
            [
                Snack, Breakfast, Breakfast, Lunch, Lunch, Dinner, Dinner, Snack, Snack
            ]
        );
        assert_eq!(MealType::parse(" Lunch ").unwrap(), Lunch);
        assert!(MealType::parse("brunch").is_err());
    }

    #[test]
    fn quantities_must_be_positive_and_plausible() {
        assert!(Grams::parse(0.0).is_err());
        assert!(Grams::parse(-5.0).is_err());
        assert!(Grams::parse(f64::NAN).is_err());
        assert!(Grams::parse(10_000.1).is_err());
        assert_eq!(Grams::parse(150.04).unwrap().get(), 150.0);
        // Below the smallest step kept: refused, not stored as 0.1 g.
        assert!(Grams::parse(1e-320).is_err());
        assert!(Grams::parse(0.04).is_err());
        assert_eq!(Grams::parse(0.1).unwrap().get(), 0.1);
    }

    #[test]
    fn totals_add_up_to_the_lines_as_shown() {
        let line = |grams: f64| MealLine {
            food_id: Some(1),
            food_name: "Rice".into(),
            food_name_zh: None,
            brand: None,
            quantity: Grams::parse(grams).unwrap(),
            per_100g: Nutrients {
                calories: 116.0,
                protein: 2.6,
                fat: 0.33,
                carbs: 25.9,
                ..Default::default()
            },
            micronutrients: Micronutrients::UNKNOWN,
            amount: None,
            quick_add: false,
        };
        let lines = [line(150.0), line(33.0)];
        let t = totals(&lines);
        assert_eq!(
            (t.calories, t.protein, t.fat, t.carbs),
            (212.3, 4.8, 0.6, 47.4)
        );
    }

    #[test]
    fn names_are_checked() {
        assert_eq!(meal_name(Some("  ")).unwrap(), None);
        assert_eq!(
            meal_name(Some(" Lunch ")).unwrap().as_deref(),
            Some("Lunch")
        );
        assert!(meal_name(Some(&"x".repeat(101))).is_err());
    }
}
