//! Job runs as clients see them: state, a live progress stream, cancellation.

use std::{convert::Infallible, time::Duration};

use axum::{
    extract::State,
    http::{HeaderMap, StatusCode},
    response::{
        IntoResponse, Response,
        sse::{Event, KeepAlive, Sse},
    },
};
use futures::{Stream, StreamExt};
use jobs::{JobId, JobProgress};
use models::JobRecord;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState,
    auth::MaybeAuthUser,
    error::{ApiError, ApiJson, ApiResult, Success},
    extract::Path,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(job))
        .routes(routes!(events))
        .routes(routes!(cancel))
}

/// Loads a job the caller may see: an anonymous job, or one of the caller's own.
/// Anyone else's is answered as missing, so ids reveal nothing.
async fn visible_job(
    state: &AppState,
    id: &str,
    MaybeAuthUser(caller): MaybeAuthUser,
) -> Result<JobRecord, ApiError> {
    let id: JobId = id
        .parse()
        .map_err(|_| ApiError::bad_request(format!("{id:?} is not a job id")))?;
    let caller = caller.map(|user| user.id.get());
    match state.jobs.store().get(id).await? {
        Some(record) if record.owner_user_id.is_none() || record.owner_user_id == caller => {
            Ok(record)
        }
        _ => Err(ApiError::not_found("Job not found")),
    }
}

#[derive(Serialize, ToSchema)]
struct JobView {
    id: JobId,
    queue: String,
    status: jobs::JobStatus,
    attempts: i32,
    progress: Option<JobProgress>,
    result: Option<serde_json::Value>,
    error: Option<jobs::JobFailure>,
    created_at: chrono::DateTime<chrono::Utc>,
    updated_at: chrono::DateTime<chrono::Utc>,
}

impl From<JobRecord> for JobView {
    fn from(r: JobRecord) -> Self {
        JobView {
            id: r.id,
            queue: r.queue,
            status: r.status,
            attempts: r.attempts,
            progress: r.progress,
            result: r.result,
            error: r.error,
            created_at: r.created_at,
            updated_at: r.updated_at,
        }
    }
}

#[utoipa::path(
    get,
    path = "/jobs/{id}",
    tag = "jobs",
    operation_id = "jobs_job",
    summary = "A job run: status, attempts, latest progress, result or error.",
    params(("id" = String, Path, description = "Job id (UUID)")),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The job", body = Success<JobView>),
        (status = 400, description = "Not a job id"),
        (status = 404, description = "No such job"),
    ),
)]
#[tracing::instrument(skip_all)]
async fn job(
    State(state): State<AppState>,
    caller: MaybeAuthUser,
    Path(id): Path<String>,
) -> ApiResult<JobView> {
    Ok(ApiJson(visible_job(&state, &id, caller).await?.into()))
}

/// `text/event-stream` of the job's progress: first its current state, then every
/// newer event until it finishes. `Last-Event-ID` resumes after the events a
/// reconnecting client already has.
#[utoipa::path(
    get,
    path = "/jobs/{id}/events",
    tag = "jobs",
    operation_id = "jobs_events",
    summary = "Server-sent events of the job's progress: the current state first, then each newer event until a terminal one (completed, failed, cancelled). Each event's id is its sequence number; send Last-Event-ID to resume.",
    params(("id" = String, Path, description = "Job id (UUID)")),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "text/event-stream of progress events", content_type = "text/event-stream", body = String),
        (status = 404, description = "No such job"),
    ),
)]
#[tracing::instrument(skip_all)]
async fn events(
    State(state): State<AppState>,
    caller: MaybeAuthUser,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let record = visible_job(&state, &id, caller).await?;
    let after = last_event_id(&headers)?;
    let seen_the_end =
        record.status.is_terminal() && record.progress.as_ref().is_some_and(|p| p.seq <= after);
    if seen_the_end {
        // 204 tells an EventSource to stop reconnecting.
        return Ok(StatusCode::NO_CONTENT.into_response());
    }
    let progress = state.jobs.watch(record.id, after).await?;
    Ok(sse(progress, state.stopped()).into_response())
}

/// Relays progress events as SSE, each with its sequence number as the event id,
/// until the job finishes or the server shuts down.
pub fn sse(
    progress: impl Stream<Item = JobProgress> + Send + 'static,
    stopped: impl std::future::Future<Output = ()> + Send + 'static,
) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let events = progress.take_until(stopped).map(|p| {
        let event = Event::default().id(p.seq.to_string());
        Ok(match serde_json::to_string(&p) {
            Ok(json) => event.data(json),
            Err(e) => event.event("error").data(format!("{{\"error\":\"{e}\"}}")),
        })
    });
    Sse::new(events).keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
}

fn last_event_id(headers: &HeaderMap) -> Result<i64, ApiError> {
    match headers.get("last-event-id") {
        None => Ok(0),
        Some(value) => value
            .to_str()
            .ok()
            .and_then(|v| v.trim().parse::<i64>().ok())
            .filter(|v| *v >= 0)
            .ok_or_else(|| ApiError::bad_request("Last-Event-ID must be a non-negative number")),
    }
}

#[derive(Serialize, ToSchema)]
struct Cancelled {
    cancelled: bool,
}

/// Stops the work, not only a stream: a queued job never starts, a running one stops
/// at its next step. Cancelling a finished job answers `cancelled: false`.
#[utoipa::path(
    post,
    path = "/jobs/{id}/cancel",
    tag = "jobs",
    operation_id = "jobs_cancel",
    summary = "Stops the job: a queued job never runs, a running one stops at its next step. data.cancelled is false when it had already finished.",
    params(("id" = String, Path, description = "Job id (UUID)")),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "Cancellation recorded", body = Success<Cancelled>),
        (status = 404, description = "No such job"),
    ),
)]
#[tracing::instrument(skip_all)]
async fn cancel(
    State(state): State<AppState>,
    caller: MaybeAuthUser,
    Path(id): Path<String>,
) -> ApiResult<Cancelled> {
    let record = visible_job(&state, &id, caller).await?;
    let cancelled = state.jobs.cancel(record.id).await?;
    Ok(ApiJson(Cancelled { cancelled }))
}
