//! What a user ate over local days: totals, per meal type, per day, and the foods that
//! brought the most calories (SPEC §3 "Statistics response").

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};

use crate::calendar::{DateRange, LocalClock};
use crate::food::{Nutrients, round1};
use crate::meal::{Meal, MealIntake, MealType};
use crate::micronutrients::MicronutrientTotals;
use crate::user::Invalid;

/// How many foods the top calorie sources list.
pub const TOP_FOODS: i64 = 10;

/// Meals counted and what they held.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Intake {
    pub meals: u32,
    pub nutrients: Nutrients,
}

impl Intake {
    fn add(&mut self, meal: &MealIntake) {
        self.meals += 1;
        self.nutrients = self.nutrients.plus(&meal.totals);
    }

    /// Sums are kept exact while adding and rounded once, for showing.
    fn rounded(mut self) -> Intake {
        self.nutrients = self.nutrients.rounded();
        self
    }
}

/// A food among the largest calorie sources of a span.
#[derive(Debug, Clone, PartialEq)]
pub struct TopFood {
    pub food_id: Option<i64>,
    pub name: String,
    pub name_zh: Option<String>,
    pub total_quantity: f64,
    pub total_calories: f64,
    /// How many times it was logged.
    pub frequency: u32,
}

/// Shares of energy from protein, fat and carbohydrates, in percent.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct MacroSplit {
    pub protein: f64,
    pub fat: f64,
    pub carbs: f64,
}

/// kcal per gram (Atwater factors).
const KCAL_PER_G_PROTEIN: f64 = 4.0;
const KCAL_PER_G_FAT: f64 = 9.0;
const KCAL_PER_G_CARBS: f64 = 4.0;

impl MacroSplit {
    pub fn of(n: &Nutrients) -> MacroSplit {
        let protein = n.protein * KCAL_PER_G_PROTEIN;
        let fat = n.fat * KCAL_PER_G_FAT;
        let carbs = n.carbs * KCAL_PER_G_CARBS;
        let energy = protein + fat + carbs;
        if energy <= 0.0 {
            return MacroSplit::default();
        }
        MacroSplit {
            protein: round1(protein * 100.0 / energy),
            fat: round1(fat * 100.0 / energy),
            carbs: round1(carbs * 100.0 / energy),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct MealStatistics {
    pub range: DateRange,
    pub total: Intake,
    /// Every meal type, in SPEC order, counted or not.
    pub by_meal_type: Vec<(MealType, Intake)>,
    /// Every day of the range, eaten on or not (empty past `MAX_DAILY_DAYS`).
    pub daily: Vec<(NaiveDate, Intake)>,
    pub top_foods: Vec<TopFood>,
    /// Days with at least one meal.
    pub days_logged: u32,
    /// Vitamins, minerals and fats over the whole range, with their coverage.
    pub micronutrients: MicronutrientTotals,
}

/// A per-day series is given for at most this many days.
pub const MAX_DAILY_DAYS: i64 = crate::calendar::MAX_RANGE_DAYS;

impl MealStatistics {
    /// Statistics of `meals` (all within `range` in `clock`'s days), with the largest
    /// calorie sources among them as the store found them.
    pub fn of(
        meals: &[MealIntake],
        top_foods: Vec<TopFood>,
        range: DateRange,
        clock: LocalClock,
    ) -> Self {
        let mut total = Intake::default();
        let mut micronutrients = MicronutrientTotals::default();
        let mut by_type: HashMap<MealType, Intake> = HashMap::new();
        let mut by_day: HashMap<NaiveDate, Intake> = HashMap::new();
        for meal in meals {
            total.add(meal);
            micronutrients.plus(&meal.micronutrients);
            by_type.entry(meal.meal_type).or_default().add(meal);
            by_day
                .entry(clock.date_of(meal.eaten_at))
                .or_default()
                .add(meal);
        }
        let days_logged = by_day.len() as u32;
        let daily = if range.days_count() <= MAX_DAILY_DAYS {
            range
                .days()
                .map(|d| (d, by_day.get(&d).copied().unwrap_or_default().rounded()))
                .collect()
        } else {
            Vec::new()
        };
        MealStatistics {
            range,
            total: total.rounded(),
            by_meal_type: MealType::ALL
                .iter()
                .map(|t| (*t, by_type.get(t).copied().unwrap_or_default().rounded()))
                .collect(),
            daily,
            top_foods,
            days_logged,
            micronutrients,
        }
    }

    /// Statistics of one local day's `meals` as saved (no top foods: the day lists its
    /// meals).
    pub fn of_day(meals: &[Meal], date: NaiveDate, clock: LocalClock) -> Self {
        let intakes: Vec<MealIntake> = meals.iter().map(MealIntake::from).collect();
        MealStatistics::of(&intakes, Vec::new(), DateRange::day(date), clock)
    }

    /// The total spread over every day of the range.
    pub fn daily_average(&self) -> Nutrients {
        self.average_over(self.range.days_count().max(1) as f64)
    }

    /// The total spread over the days with at least one meal (zeros when none).
    pub fn logged_day_average(&self) -> Nutrients {
        self.average_over(f64::from(self.days_logged.max(1)))
    }

    fn average_over(&self, days: f64) -> Nutrients {
        let t = &self.total.nutrients;
        Nutrients {
            calories: t.calories / days,
            protein: t.protein / days,
            fat: t.fat / days,
            carbs: t.carbs / days,
            fiber: t.fiber / days,
            sugar: t.sugar / days,
            sodium: t.sodium / days,
        }
        .rounded()
    }

    pub fn macro_split(&self) -> MacroSplit {
        MacroSplit::of(&self.total.nutrients)
    }

    /// How much more `later` holds than these (negative where less).
    pub fn change_to(&self, later: &MealStatistics) -> Nutrients {
        let (before, after) = (&self.total.nutrients, &later.total.nutrients);
        Nutrients {
            calories: after.calories - before.calories,
            protein: after.protein - before.protein,
            fat: after.fat - before.fat,
            carbs: after.carbs - before.carbs,
            fiber: after.fiber - before.fiber,
            sugar: after.sugar - before.sugar,
            sodium: after.sodium - before.sodium,
        }
        .rounded()
    }

    /// Calories left of a daily `goal` (negative past it).
    pub fn calories_left(&self, goal: i32) -> f64 {
        round1(f64::from(goal) - self.total.nutrients.calories)
    }

    /// Share of a daily `goal` eaten, in percent (may pass 100).
    pub fn goal_percent(&self, goal: i32) -> f64 {
        round1(self.total.nutrients.calories * 100.0 / f64::from(goal.max(1)))
    }
}

/// Every local day from the first meal to the last (or today, if that is later), given
/// when the first and last meals were eaten; today alone when there are none.
pub fn days_of_all_meals(
    first_and_last: Option<(DateTime<Utc>, DateTime<Utc>)>,
    clock: LocalClock,
) -> Result<DateRange, Invalid> {
    let today = clock.today();
    match first_and_last {
        Some((first, last)) => {
            let last = clock.date_of(last).max(today);
            DateRange::new(clock.date_of(first).min(today), last, i64::MAX)
        }
        None => Ok(DateRange::day(today)),
    }
}

#[cfg(test)]
mod tests {
    use chrono::{DateTime, Utc};

    use super::*;
    use crate::calendar::parse_date;

    fn meal(at: &str, meal_type: MealType, calories: f64) -> MealIntake {
        let eaten_at: DateTime<Utc> = at.parse().unwrap();
        MealIntake {
            meal_type,
            eaten_at,
            totals: Nutrients {
                calories,
                protein: calories / 20.0,
                fat: calories / 40.0,
                carbs: calories / 8.0,
                ..Default::default()
            },
            micronutrients: MicronutrientTotals::default(),
        }
    }

    #[test]
    fn days_are_the_users_local_days() {
        let shanghai = LocalClock::parse("Asia/Shanghai").unwrap();
        let range = DateRange::new(
            parse_date("2026-11-22", "d").unwrap(),
            parse_date("2026-11-24", "d").unwrap(),
            31,
        )
        .unwrap();
        let meals = [
            // 23:30 UTC on the 22nd is 07:30 on the 23rd in Shanghai.
            meal("2026-11-22T23:30:00Z", MealType::Breakfast, 232.0),
            meal("2026-11-23T04:00:00Z", MealType::Lunch, 245.5),
        ];
        let stats = MealStatistics::of(&meals, Vec::new(), range, shanghai);
        assert_eq!(stats.total.meals, 2);
        assert_eq!(stats.total.nutrients.calories, 477.5);
        assert_eq!(stats.days_logged, 1);
        let calories: Vec<f64> = stats.daily.iter().map(|d| d.1.nutrients.calories).collect();
        assert_eq!(calories, [0.0, 477.5, 0.0]);
        assert_eq!(stats.by_meal_type[0].1.meals, 1);
        assert_eq!(stats.by_meal_type[2].1.meals, 0, "every type is listed");
        assert_eq!(stats.daily_average().calories, 159.2);
        let split = stats.macro_split();
        assert!((split.protein + split.fat + split.carbs - 100.0).abs() < 0.2);
    }
}
