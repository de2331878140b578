//! `/meals/statistics`, `/meals/comparison`, `/meals/daily-summary`,
//! `/meals/nutrition-stats`: what a user ate over their local days.

use axum::extract::State;
use chrono::Days;
use models::calendar::{DateRange, MAX_RANGE_DAYS, Period};
use models::statistics::{MealStatistics, days_of_all_meals};
use serde::Deserialize;
use store::MealFilter;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState,
    auth::AuthUser,
    error::{ApiJson, ApiResult, Success},
    extract::{Clock, Query},
    params::{
        SpanParams, date_param, instant, local_days, meal_type, optional_date, required_date,
    },
    views::{Comparison, DailySummary, NutritionStats, StatisticsView},
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(statistics))
        .routes(routes!(comparison))
        .routes(routes!(daily_summary))
        .routes(routes!(nutrition_stats))
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
        let eaten = state.stores.meals.first_and_last(user.id).await?;
        days_of_all_meals(eaten, clock)?
    } else {
        local_days(&params.span, MAX_RANGE_DAYS)?.unwrap_or_else(|| DateRange::day(clock.today()))
    };
    let meals = &*state.stores.meals;
    let stats = store::gather_meal_statistics(meals, user.id, clock, range, meal_type).await?;
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
    let meals = &*state.stores.meals;
    let first =
        store::gather_meal_statistics(meals, user.id, clock, DateRange::day(d1), meal_type).await?;
    let second =
        store::gather_meal_statistics(meals, user.id, clock, DateRange::day(d2), meal_type).await?;
    Ok(ApiJson(Comparison::of(&first, &second)))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct DateParams {
    /// YYYY-MM-DD, default today
    date: Option<String>,
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
    let filter = MealFilter {
        during: Some(clock.span(DateRange::day(date))),
        meal_type: None,
    };
    let meals = state.stores.meals.between(user.id, &filter).await?;
    let stats = MealStatistics::of_day(&meals, date, clock);
    Ok(ApiJson(DailySummary::of(&stats, &meals, &user, clock)))
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
            let first = date_param(start, "start_date")?;
            Period::parse(period)?.from(first)?
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
    let meal_type = meal_type(span.meal_type.as_deref())?;
    let meals = &*state.stores.meals;
    let stats = store::gather_meal_statistics(meals, user.id, clock, range, meal_type).await?;
    Ok(ApiJson(NutritionStats::of(&stats)))
}
