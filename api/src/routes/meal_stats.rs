//! `/meals/statistics`, `/meals/comparison`, `/meals/daily-summary`,
//! `/meals/nutrition-stats`: what a user ate over their local days.

use axum::extract::State;
use chrono::{Days, Months, NaiveDate};
use models::calendar::{DateRange, MAX_RANGE_DAYS};
use models::meal::MealIntake;
use models::statistics::{Intake, MacroSplit, MealStatistics, TopFood};
use models::{LocalClock, MealFilter, MealType, Nutrients, User};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState,
    auth::AuthUser,
    error::{ApiError, ApiJson, ApiResult, Success},
    extract::{Clock, Query},
    params::{
        SpanParams, date_param, instant, local_days, meal_type, optional_date, required_date,
    },
    views::{MealView, MicronutrientReport},
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(statistics))
        .routes(routes!(comparison))
        .routes(routes!(daily_summary))
        .routes(routes!(nutrition_stats))
}

/// How many foods the top calorie sources list.
const TOP_FOODS: i64 = 10;

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
struct StatisticsView {
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
    fn of(stats: &MealStatistics, user: &User, today: NaiveDate) -> Self {
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

/// Statistics of the user's meals over `range` (of one meal type, if given).
async fn compute(
    state: &AppState,
    user: &User,
    clock: LocalClock,
    range: DateRange,
    meal_type: Option<MealType>,
) -> Result<MealStatistics, ApiError> {
    let filter = MealFilter {
        during: Some(clock.span(range)),
        meal_type,
    };
    let meals = &state.stores.meals;
    let (intakes, top_foods) = tokio::try_join!(
        meals.intakes(user.id, &filter),
        meals.top_foods(user.id, &filter, TOP_FOODS),
    )?;
    Ok(MealStatistics::of(&intakes, top_foods, range, clock))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct StatisticsParams {
    /// true: from the first meal to today
    #[serde(default)]
    all: bool,
    #[serde(flatten)]
    #[param(ignore)]
    span: SpanParams,
}

#[utoipa::path(
    get,
    path = "/meals/statistics",
    tag = "meals",
    operation_id = "meal_stats_statistics",
    summary = "Statistics of local days: {start_date, end_date, is_single_day, summary, meal_breakdown, stats {date_range, totals, daily_average (over calendar days), logged_day_average (over days with a meal; zeros when none), days_logged}, top_foods, daily, macro_split, calorie_goal}.",
    params(StatisticsParams, SpanParams, crate::extract::TimeZoneParam),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Statistics", body = Success<StatisticsView>),
        (status = 422, description = "VALIDATION_ERROR"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn statistics(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Query(params): Query<StatisticsParams>,
) -> ApiResult<StatisticsView> {
    let meal_type = meal_type(params.span.meal_type.as_deref())?;
    let range = if params.all {
        // Everything: from the first meal to the last (or today, if that is later).
        let today = clock.today();
        match state.stores.meals.first_and_last(user.id).await? {
            Some((first, last)) => {
                let last = clock.date_of(last).max(today);
                DateRange::new(clock.date_of(first).min(today), last, i64::MAX)?
            }
            None => DateRange::day(today),
        }
    } else {
        local_days(&params.span, MAX_RANGE_DAYS)?.unwrap_or_else(|| DateRange::day(clock.today()))
    };
    let stats = compute(&state, &user, clock, range, meal_type).await?;
    Ok(ApiJson(StatisticsView::of(&stats, &user, clock.today())))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ComparisonParams {
    /// YYYY-MM-DD
    date1: Option<String>,
    /// YYYY-MM-DD
    date2: Option<String>,
    /// Only this meal type
    meal_type: Option<String>,
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

#[derive(Serialize, ToSchema)]
struct Comparison {
    date1: DayTotals,
    date2: DayTotals,
    /// `date2` minus `date1`.
    difference: Macros,
}

#[utoipa::path(
    get,
    path = "/meals/comparison",
    tag = "meals",
    operation_id = "meal_stats_comparison",
    summary = "Two local days side by side: {date1, date2, difference (date2 minus date1)}.",
    params(ComparisonParams, crate::extract::TimeZoneParam),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Comparison", body = Success<Comparison>),
        (status = 422, description = "VALIDATION_ERROR"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn comparison(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Query(params): Query<ComparisonParams>,
) -> ApiResult<Comparison> {
    let (d1, d2) = (
        required_date(params.date1.as_deref(), "date1")?,
        required_date(params.date2.as_deref(), "date2")?,
    );
    let meal_type = meal_type(params.meal_type.as_deref())?;
    let mut totals = Vec::with_capacity(2);
    for date in [d1, d2] {
        let stats = compute(&state, &user, clock, DateRange::day(date), meal_type).await?;
        let n = stats.total.nutrients;
        totals.push(DayTotals {
            date,
            total_meals: stats.total.meals,
            calories: n.calories,
            protein: n.protein,
            fat: n.fat,
            carbs: n.carbs,
        });
    }
    let (second, first) = (totals.pop(), totals.pop());
    let (Some(first), Some(second)) = (first, second) else {
        return Err(ApiError::internal("comparison lost a day"));
    };
    let difference = Nutrients {
        calories: second.calories - first.calories,
        protein: second.protein - first.protein,
        fat: second.fat - first.fat,
        carbs: second.carbs - first.carbs,
        ..Default::default()
    }
    .rounded();
    Ok(ApiJson(Comparison {
        date1: first,
        date2: second,
        difference: (&difference).into(),
    }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct DateParams {
    /// YYYY-MM-DD, default today
    date: Option<String>,
}

#[derive(Serialize, ToSchema)]
struct DailySummary {
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

#[utoipa::path(
    get,
    path = "/meals/daily-summary",
    tag = "meals",
    operation_id = "meal_stats_daily_summary",
    summary = "One local day against the calorie goal: {date, calorie_goal, remaining_calories, progress_percent, summary, meal_breakdown, macro_split, meals}.",
    params(DateParams, crate::extract::TimeZoneParam),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Summary", body = Success<DailySummary>),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn daily_summary(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Query(params): Query<DateParams>,
) -> ApiResult<DailySummary> {
    let date = optional_date(params.date.as_deref(), "date")?.unwrap_or_else(|| clock.today());
    let range = DateRange::day(date);
    let filter = MealFilter {
        during: Some(clock.span(range)),
        meal_type: None,
    };
    let meals = state.stores.meals.between(user.id, &filter).await?;
    let intakes: Vec<MealIntake> = meals.iter().map(MealIntake::from).collect();
    let stats = MealStatistics::of(&intakes, Vec::new(), range, clock);
    let goal = user.profile.daily_calorie_goal;
    let eaten = stats.total.nutrients.calories;
    Ok(ApiJson(DailySummary {
        date,
        calorie_goal: goal,
        remaining_calories: models::food::round1(f64::from(goal) - eaten),
        progress_percent: models::food::round1(eaten * 100.0 / f64::from(goal.max(1))),
        summary: (&stats.total).into(),
        meal_breakdown: MealBreakdown::of(&stats),
        macro_split: stats.macro_split().into(),
        meals: MealView::list(&meals, clock),
        micronutrients: MicronutrientReport::of(&stats.micronutrients, 1, &user, clock.today()),
    }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct NutritionParams {
    /// daily, weekly or monthly (with start_date)
    period: Option<String>,
    #[serde(flatten)]
    #[param(ignore)]
    span: SpanParams,
}

#[derive(Serialize, ToSchema)]
struct NutritionStats {
    start_date: NaiveDate,
    end_date: NaiveDate,
    days_count: i64,
    days_logged: u32,
    totals: Macros,
    daily_average: Macros,
    macro_split: MacroSplitView,
    daily: Vec<Day>,
}

/// The local days of a period starting on `first`.
fn period_days(first: NaiveDate, period: &str) -> Result<DateRange, ApiError> {
    let after = match period.trim() {
        "daily" | "day" => first.checked_add_days(Days::new(1)),
        "weekly" | "week" => first.checked_add_days(Days::new(7)),
        "monthly" | "month" => first.checked_add_months(Months::new(1)),
        other => {
            return Err(ApiError::validation(format!(
                "period must be daily, weekly or monthly, not {other:?}"
            )));
        }
    };
    let last = after
        .and_then(|d| d.pred_opt())
        .ok_or_else(|| ApiError::validation("start_date is out of range"))?;
    Ok(DateRange::new(first, last, MAX_RANGE_DAYS)?)
}

#[utoipa::path(
    get,
    path = "/meals/nutrition-stats",
    tag = "meals",
    operation_id = "meal_stats_nutrition_stats",
    summary = "Totals, daily averages, macro split and per-day values of a period.",
    params(NutritionParams, SpanParams, crate::extract::TimeZoneParam),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Statistics", body = Success<NutritionStats>),
        (status = 422, description = "VALIDATION_ERROR"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn nutrition_stats(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Query(params): Query<NutritionParams>,
) -> ApiResult<NutritionStats> {
    let span = &params.span;
    let range = match (
        &span.start_datetime_utc,
        &span.end_datetime_utc,
        &span.start_date,
        &params.period,
    ) {
        (Some(start), Some(end), _, _) => {
            let (start, end) = (
                instant(start, "start_datetime_utc")?,
                instant(end, "end_datetime_utc")?,
            );
            DateRange::new(clock.date_of(start), clock.date_of(end), MAX_RANGE_DAYS)?
        }
        (_, _, Some(start), Some(period)) if span.end_date.is_none() => {
            period_days(date_param(start, "start_date")?, period)?
        }
        _ => match local_days(span, MAX_RANGE_DAYS)? {
            Some(range) => range,
            // The last 7 days, today included.
            None => {
                let today = clock.today();
                DateRange::new(today - Days::new(6), today, MAX_RANGE_DAYS)?
            }
        },
    };
    let stats = compute(
        &state,
        &user,
        clock,
        range,
        meal_type(span.meal_type.as_deref())?,
    )
    .await?;
    Ok(ApiJson(NutritionStats {
        start_date: range.first(),
        end_date: range.last(),
        days_count: range.days_count(),
        days_logged: stats.days_logged,
        totals: (&stats.total.nutrients).into(),
        daily_average: (&stats.daily_average()).into(),
        macro_split: stats.macro_split().into(),
        daily: days(&stats),
    }))
}
