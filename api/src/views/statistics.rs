use chrono::NaiveDate;
use models::statistics::{Intake, MacroSplit, MealStatistics, TopFood};
use models::{LocalClock, Meal, MealType, Nutrients, User};
use serde::Serialize;
use utoipa::ToSchema;

use super::{MealView, MicronutrientReport};

#[derive(Serialize, ToSchema)]
struct Summary {
    total_meals: u32,
    total_calories: f64,
    total_protein: f64,
    total_fat: f64,
    total_carbs: f64,
}

impl From<&Intake> for Summary {
    fn from(i: &Intake) -> Self {
        Summary {
            total_meals: i.meals,
            total_calories: i.nutrients.calories,
            total_protein: i.nutrients.protein,
            total_fat: i.nutrients.fat,
            total_carbs: i.nutrients.carbs,
        }
    }
}

#[derive(Serialize, ToSchema)]
struct Macros {
    calories: f64,
    protein: f64,
    fat: f64,
    carbs: f64,
}

impl From<&Nutrients> for Macros {
    fn from(n: &Nutrients) -> Self {
        Macros {
            calories: n.calories,
            protein: n.protein,
            fat: n.fat,
            carbs: n.carbs,
        }
    }
}

#[derive(Serialize, ToSchema)]
struct TypeIntake {
    count: u32,
    calories: f64,
    protein: f64,
    fat: f64,
    carbs: f64,
}

/// Every meal type as a key, eaten or not.
#[derive(Serialize, ToSchema)]
struct MealBreakdown {
    breakfast: TypeIntake,
    lunch: TypeIntake,
    dinner: TypeIntake,
    snack: TypeIntake,
}

impl MealBreakdown {
    fn of(stats: &MealStatistics) -> Self {
        let of = |wanted: MealType| {
            let intake = stats
                .by_meal_type
                .iter()
                .find(|(t, _)| *t == wanted)
                .map(|(_, i)| *i)
                .unwrap_or_default();
            TypeIntake {
                count: intake.meals,
                calories: intake.nutrients.calories,
                protein: intake.nutrients.protein,
                fat: intake.nutrients.fat,
                carbs: intake.nutrients.carbs,
            }
        };
        MealBreakdown {
            breakfast: of(MealType::Breakfast),
            lunch: of(MealType::Lunch),
            dinner: of(MealType::Dinner),
            snack: of(MealType::Snack),
        }
    }
}

#[derive(Serialize, ToSchema)]
struct Day {
    date: NaiveDate,
    meals: u32,
    calories: f64,
    protein: f64,
    fat: f64,
    carbs: f64,
}

fn days(stats: &MealStatistics) -> Vec<Day> {
    stats
        .daily
        .iter()
        .map(|(date, i)| Day {
            date: *date,
            meals: i.meals,
            calories: i.nutrients.calories,
            protein: i.nutrients.protein,
            fat: i.nutrients.fat,
            carbs: i.nutrients.carbs,
        })
        .collect()
}

#[derive(Serialize, ToSchema)]
struct DateRangeView {
    start_date: NaiveDate,
    end_date: NaiveDate,
    days_count: i64,
}

#[derive(Serialize, ToSchema)]
struct RangeStats {
    date_range: DateRangeView,
    totals: Macros,
    daily_average: Macros,
    /// Over the days with at least one meal only.
    logged_day_average: Macros,
    days_logged: u32,
}

#[derive(Serialize, ToSchema)]
struct TopFoodView {
    food_id: Option<i64>,
    name: String,
    name_zh: Option<String>,
    total_quantity: f64,
    total_calories: f64,
    frequency: u32,
}

impl From<&TopFood> for TopFoodView {
    fn from(f: &TopFood) -> Self {
        TopFoodView {
            food_id: f.food_id,
            name: f.name.clone(),
            name_zh: f.name_zh.clone(),
            total_quantity: f.total_quantity,
            total_calories: f.total_calories,
            frequency: f.frequency,
        }
    }
}

#[derive(Serialize, ToSchema)]
struct MacroSplitView {
    protein: f64,
    fat: f64,
    carbs: f64,
}

impl From<MacroSplit> for MacroSplitView {
    fn from(m: MacroSplit) -> Self {
        MacroSplitView {
            protein: m.protein,
            fat: m.fat,
            carbs: m.carbs,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct StatisticsView {
    start_date: NaiveDate,
    end_date: NaiveDate,
    is_single_day: bool,
    summary: Summary,
    meal_breakdown: MealBreakdown,
    stats: RangeStats,
    top_foods: Vec<TopFoodView>,
    daily: Vec<Day>,
    macro_split: MacroSplitView,
    calorie_goal: i32,
    #[serde(flatten)]
    micronutrients: MicronutrientReport,
}

impl StatisticsView {
    pub fn of(stats: &MealStatistics, user: &User, today: NaiveDate) -> Self {
        let range = stats.range;
        StatisticsView {
            start_date: range.first(),
            end_date: range.last(),
            is_single_day: range.days_count() == 1,
            summary: (&stats.total).into(),
            meal_breakdown: MealBreakdown::of(stats),
            stats: RangeStats {
                date_range: DateRangeView {
                    start_date: range.first(),
                    end_date: range.last(),
                    days_count: range.days_count(),
                },
                totals: (&stats.total.nutrients).into(),
                daily_average: (&stats.daily_average()).into(),
                logged_day_average: (&stats.logged_day_average()).into(),
                days_logged: stats.days_logged,
            },
            top_foods: stats.top_foods.iter().map(TopFoodView::from).collect(),
            daily: days(stats),
            macro_split: stats.macro_split().into(),
            calorie_goal: user.profile.daily_calorie_goal,
            micronutrients: MicronutrientReport::of(
                &stats.micronutrients,
                stats.days_logged,
                user,
                today,
            ),
        }
    }
}

#[derive(Serialize, ToSchema)]
struct DayTotals {
    date: NaiveDate,
    total_meals: u32,
    calories: f64,
    protein: f64,
    fat: f64,
    carbs: f64,
}

impl DayTotals {
    /// The one day `stats` cover.
    fn of(stats: &MealStatistics) -> Self {
        let n = stats.total.nutrients;
        DayTotals {
            date: stats.range.first(),
            total_meals: stats.total.meals,
            calories: n.calories,
            protein: n.protein,
            fat: n.fat,
            carbs: n.carbs,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct Comparison {
    date1: DayTotals,
    date2: DayTotals,
    /// `date2` minus `date1`.
    difference: Macros,
}

impl Comparison {
    /// The day `first` covers against the day `second` covers.
    pub fn of(first: &MealStatistics, second: &MealStatistics) -> Self {
        Comparison {
            date1: DayTotals::of(first),
            date2: DayTotals::of(second),
            difference: (&first.change_to(second)).into(),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct DailySummary {
    date: NaiveDate,
    calorie_goal: i32,
    remaining_calories: f64,
    /// Share of the goal eaten, in percent (may pass 100).
    progress_percent: f64,
    summary: Summary,
    meal_breakdown: MealBreakdown,
    macro_split: MacroSplitView,
    /// Oldest first, as the day went.
    meals: Vec<MealView>,
    #[serde(flatten)]
    micronutrients: MicronutrientReport,
}

impl DailySummary {
    /// The day `stats` cover, of its `meals` (oldest first), against `user`'s goal.
    pub fn of(stats: &MealStatistics, meals: &[Meal], user: &User, clock: LocalClock) -> Self {
        let goal = user.profile.daily_calorie_goal;
        DailySummary {
            date: stats.range.first(),
            calorie_goal: goal,
            remaining_calories: stats.calories_left(goal),
            progress_percent: stats.goal_percent(goal),
            summary: (&stats.total).into(),
            meal_breakdown: MealBreakdown::of(stats),
            macro_split: stats.macro_split().into(),
            meals: MealView::list(meals, clock),
            micronutrients: MicronutrientReport::of(&stats.micronutrients, 1, user, clock.today()),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct NutritionStats {
    start_date: NaiveDate,
    end_date: NaiveDate,
    days_count: i64,
    days_logged: u32,
    totals: Macros,
    daily_average: Macros,
    macro_split: MacroSplitView,
    daily: Vec<Day>,
}

impl NutritionStats {
    pub fn of(stats: &MealStatistics) -> Self {
        let range = stats.range;
        NutritionStats {
            start_date: range.first(),
            end_date: range.last(),
            days_count: range.days_count(),
            days_logged: stats.days_logged,
            totals: (&stats.total.nutrients).into(),
            daily_average: (&stats.daily_average()).into(),
            macro_split: stats.macro_split().into(),
            daily: days(stats),
        }
    }
}
