//! `/users/energy-expenditure`: the person's daily energy need learned from the meals
//! logged and the weights recorded over the last four weeks, blended with the formula's
//! while the data is short, and the goal that follows their aim (`models::energy`).

use axum::extract::State;
use chrono::Days;
use models::calendar::DateRange;
use models::energy::{self, Confidence, Day, Reason, TrendPoint};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::Success;
use crate::{
    AppState,
    auth::AuthUser,
    error::{ApiJson, ApiResult},
    extract::Clock,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(energy_expenditure))
}

/// A reason in the app's words (by `code`, with its numbers), and in English.
#[derive(Serialize, ToSchema)]
struct ReasonView {
    #[serde(flatten)]
    reason: Reason,
    message: String,
}

#[derive(Serialize, ToSchema)]
struct EnergyExpenditure {
    /// The daily need, kcal: the data's (intake less the weight change's energy) and
    /// the formula's, blended by `data_share`.
    estimated_kcal_per_day: f64,
    /// Mifflin-St Jeor × activity at the trend's weight; null without body data (the
    /// goal stands in for it).
    formula_kcal_per_day: Option<f64>,
    /// low: the formula's value, the data too short to say.
    confidence: Confidence,
    /// Days logged in full (days without meals and days logged only in part are left out).
    days_used: u32,
    days_weighed: u32,
    /// The weight's trend, kg a week (negative when losing); null with under two weights.
    weight_trend_kg_per_week: Option<f64>,
    /// The mean energy of the days used; null when there are none.
    intake_kcal_per_day: Option<f64>,
    /// The share of the estimate from the person's own data, 0 to 1.
    data_share: f64,
    /// The daily goal for the aim: the need plus the aim's energy, at least 1,200.
    suggested_goal_kcal: f64,
    /// The aim it follows, kg a week (the profile's, bounded; 0 when none is chosen).
    aim_kg_per_week: f64,
    /// The goal the profile holds now.
    current_goal_kcal: i32,
    /// The first and last day looked at (the four weeks up to yesterday).
    first_day: chrono::NaiveDate,
    last_day: chrono::NaiveDate,
    reasons: Vec<ReasonView>,
    /// The weighed days of the window with the smoothed trend, oldest first.
    trend: Vec<TrendPoint>,
}

#[utoipa::path(
    get,
    path = "/users/energy-expenditure",
    tag = "users",
    operation_id = "users_energy_expenditure",
    summary = "{estimated_kcal_per_day, formula_kcal_per_day, confidence (low|medium|high), days_used, days_weighed, weight_trend_kg_per_week, intake_kcal_per_day, data_share, suggested_goal_kcal, aim_kg_per_week, current_goal_kcal, first_day, last_day, reasons [{code, message, …}], trend [{date, weight_kg, trend_kg}]} over the 28 local days up to yesterday. Fewer than 7 weighed days, fewer than 7 days logged in full, meals logged in full on under half the days, or meals and weights that cannot both be right (data_does_not_add_up), give confidence low and the formula's value.",
    params(crate::extract::TimeZoneParam),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The estimate", body = Success<EnergyExpenditure>),
        (status = 401, description = "Not signed in"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn energy_expenditure(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
) -> ApiResult<EnergyExpenditure> {
    let today = clock.today();
    let last = today - Days::new(1);
    let first = today - Days::new(energy::WINDOW_DAYS as u64);
    let range = DateRange::new(first, last, energy::WINDOW_DAYS)?;
    let meals = state.stores.meals.as_ref();
    let (statistics, weights) = tokio::try_join!(
        store::gather_meal_statistics(meals, user.id, clock, range, None),
        state.stores.weights.between(user.id, first, last),
    )?;
    let days: Vec<Day> = statistics
        .daily
        .iter()
        .map(|(date, intake)| Day {
            date: *date,
            intake_kcal: (intake.meals > 0).then_some(intake.nutrients.calories),
            weight_kg: weights.iter().find(|w| w.date == *date).map(|w| w.weight),
        })
        .collect();
    let profile = &user.profile;
    let trend = energy::weight_trend(&days);
    let weight_now = trend.last().map_or(profile.weight, |p| p.trend_kg);
    let estimate = energy::estimate(
        &days,
        energy::formula_need(profile, weight_now, today),
        f64::from(profile.daily_calorie_goal),
        profile.weight_aim_kg_per_week.unwrap_or(0.0),
        profile.activity_level.is_some(),
    );
    Ok(ApiJson(EnergyExpenditure {
        estimated_kcal_per_day: estimate.estimated_kcal_per_day,
        formula_kcal_per_day: estimate.formula_kcal_per_day,
        confidence: estimate.confidence,
        days_used: estimate.days_used,
        days_weighed: estimate.weighed_days,
        weight_trend_kg_per_week: estimate.weight_trend_kg_per_week,
        intake_kcal_per_day: estimate.intake_kcal_per_day,
        data_share: (estimate.data_share * 100.0).round() / 100.0,
        suggested_goal_kcal: estimate.suggested_goal_kcal,
        aim_kg_per_week: estimate.aim_kg_per_week,
        current_goal_kcal: profile.daily_calorie_goal,
        first_day: first,
        last_day: last,
        reasons: estimate
            .reasons
            .into_iter()
            .map(|reason| ReasonView {
                message: reason.message(),
                reason,
            })
            .collect(),
        trend,
    }))
}
