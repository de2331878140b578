//! `/meals/record-weight`, `/meals/weight-history`, `/meals/weight/{id}/delete`: body
//! weight, one record per local day; the newest record is the profile's weight.

use axum::{extract::State, http::StatusCode, response::IntoResponse};
use chrono::{Days, NaiveDate};
use models::ErrorCode;
use models::User;
use models::calendar::DateRange;
use models::meal::meal_notes;
use models::weight::BodyWeight;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::Success;
use crate::{
    AppState,
    auth::AuthUser,
    error::{ApiError, ApiJson, ApiResult},
    extract::{Body, Clock, Path, Query},
    params::optional_date,
    views::{Deleted, WeightView},
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(record))
        .routes(routes!(history))
        .routes(routes!(remove))
}

#[derive(Deserialize, ToSchema)]
struct WeightInput {
    date: Option<String>,
    weight: Option<f64>,
    notes: Option<String>,
}

/// The profile follows the newest record, so BMI and the profile page stay current.
async fn sync_profile(state: &AppState, user: &User) -> Result<(), ApiError> {
    let Some(latest) = state.stores.weights.latest(user.id).await? else {
        return Ok(());
    };
    if latest.weight != user.profile.weight {
        let mut profile = user.profile.clone();
        profile.weight = latest.weight;
        state
            .stores
            .users
            .update_profile(user.id, &user.nickname, &profile)
            .await?;
    }
    Ok(())
}

#[utoipa::path(
    post,
    path = "/meals/record-weight",
    tag = "meals",
    operation_id = "weight_record",
    summary = "Record {date?, weight (kg, 20-500), notes?}; one record per local day (a second replaces it); the newest record is the profile weight.",
    params(crate::extract::TimeZoneParam),
    request_body(content = inline(WeightInput), example = json!({"date": "2026-01-15", "weight": 64.5, "notes": "Before breakfast"})),
    security(("bearer" = [])),
    responses(
        (status = 201, description = "The record", body = Success<WeightView>),
        (status = 422, description = "VALIDATION_ERROR"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn record(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Body(input): Body<WeightInput>,
) -> Result<impl IntoResponse, ApiError> {
    let weight = BodyWeight::parse(
        input
            .weight
            .ok_or_else(|| ApiError::validation("weight is required"))?,
    )?;
    let today = clock.today();
    let date = optional_date(input.date.as_deref(), "date")?.unwrap_or(today);
    if date > today {
        return Err(ApiError::validation("date cannot be in the future"));
    }
    if date < NaiveDate::from_ymd_opt(1900, 1, 1).unwrap_or_default() {
        return Err(ApiError::validation("date must be after 1900-01-01"));
    }
    let notes = meal_notes(input.notes.as_deref())?;
    let saved = state
        .stores
        .weights
        .record(user.id, date, weight, notes.as_deref())
        .await?;
    sync_profile(&state, &user).await?;
    Ok((StatusCode::CREATED, ApiJson(WeightView::from(&saved))))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct HistoryParams {
    /// Default: a year before end_date
    start_date: Option<String>,
    /// Default: today
    end_date: Option<String>,
}

#[derive(Serialize, ToSchema)]
struct History {
    start_date: NaiveDate,
    end_date: NaiveDate,
    /// Oldest first.
    records: Vec<WeightView>,
    /// The newest record of all, in the range or not.
    latest: Option<WeightView>,
    /// Last minus first record of the range, in kg.
    change: Option<f64>,
}

/// The history shows the last year unless asked otherwise.
const DEFAULT_HISTORY_DAYS: u64 = 365;
/// Ten years of daily records at most at once.
const MAX_HISTORY_DAYS: i64 = 3660;

#[utoipa::path(
    get,
    path = "/meals/weight-history",
    tag = "meals",
    operation_id = "weight_history",
    summary = "Weight records oldest first, the newest of all, and the change over the range: {start_date, end_date, records, latest, change}.",
    params(HistoryParams, crate::extract::TimeZoneParam),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "History", body = Success<History>),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn history(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Query(params): Query<HistoryParams>,
) -> ApiResult<History> {
    let today = clock.today();
    let last = optional_date(params.end_date.as_deref(), "end_date")?.unwrap_or(today);
    let first = optional_date(params.start_date.as_deref(), "start_date")?
        .unwrap_or_else(|| last - Days::new(DEFAULT_HISTORY_DAYS - 1));
    let range = DateRange::new(first, last, MAX_HISTORY_DAYS)?;
    let records = state
        .stores
        .weights
        .between(user.id, range.first(), range.last())
        .await?;
    let latest = state.stores.weights.latest(user.id).await?;
    let change = match (records.first(), records.last()) {
        (Some(a), Some(b)) if records.len() > 1 => Some(models::food::round1(b.weight - a.weight)),
        _ => None,
    };
    Ok(ApiJson(History {
        start_date: range.first(),
        end_date: range.last(),
        records: records.iter().map(WeightView::from).collect(),
        latest: latest.as_ref().map(WeightView::from),
        change,
    }))
}

#[utoipa::path(
    delete,
    path = "/meals/weight/{id}/delete",
    tag = "meals",
    operation_id = "weight_remove",
    summary = "Delete a weight record.",
    params(("id" = i64, Path, description = "Weight record id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Deleted", body = Success<Deleted>),
        (status = 404, description = "WEIGHT_NOT_FOUND"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn remove(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Deleted> {
    if !state.stores.weights.delete(user.id, id).await? {
        return Err(ApiError::new(
            ErrorCode::WeightNotFound,
            "Weight record not found",
        ));
    }
    sync_profile(&state, &user).await?;
    Ok(ApiJson(Deleted { id, deleted: true }))
}
