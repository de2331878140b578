//! Job runs as clients see them: state, a live progress stream, the answer of the call
//! that queued the job, cancellation.

use axum::{
    extract::State,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use futures::StreamExt;
use jobs::{JobId, JobProgress};
use models::JobRecord;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState,
    auth::JobViewer,
    error::{ApiError, ApiJson, ApiResult, Success},
    extract::{LastEventId, Path},
    job_answers::result_of,
    sse::sse,
    views::Accepted,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(job))
        .routes(routes!(events))
        .routes(routes!(result))
        .routes(routes!(cancel))
}

/// Loads a job the viewer may see (see [`JobViewer`]). Anyone else's is answered as
/// missing, so ids reveal nothing; the admin's own jobs (probes, imports) are served on
/// the admin listener only.
async fn visible_job(state: &AppState, id: &str, viewer: JobViewer) -> Result<JobRecord, ApiError> {
    let id: JobId = id
        .parse()
        .map_err(|_| ApiError::bad_request(format!("{id:?} is not a job id")))?;
    let record = state.jobs.store().get(id).await?;
    let visible = |record: &JobRecord| match &viewer {
        JobViewer::Admin => true,
        JobViewer::Caller(caller) => match (record.owner_user_id, caller) {
            (Some(owner), Some(caller)) => owner == caller.get(),
            (Some(_), None) => false,
            (None, _) => jobs::PUBLIC_QUEUES.contains(&record.queue.as_str()),
        },
    };
    match record {
        Some(record) if visible(&record) => Ok(record),
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
    viewer: JobViewer,
    Path(id): Path<String>,
) -> ApiResult<JobView> {
    Ok(ApiJson(visible_job(&state, &id, viewer).await?.into()))
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
    viewer: JobViewer,
    Path(id): Path<String>,
    LastEventId(after): LastEventId,
) -> Result<Response, ApiError> {
    let record = visible_job(&state, &id, viewer).await?;
    let seen_the_end =
        record.status.is_terminal() && record.progress.as_ref().is_some_and(|p| p.seq <= after);
    if seen_the_end {
        // 204 tells an EventSource to stop reconnecting.
        return Ok(StatusCode::NO_CONTENT.into_response());
    }
    let progress = state.jobs.watch(record.id, after).await?;
    Ok(sse(progress.map(|p| (p.seq, p)), state.stopped()).into_response())
}

/// The answer of the call that answered 202 with this job (a label read, a barcode looked
/// up, a USDA food fetched), once the job is done.
#[utoipa::path(
    get,
    path = "/jobs/{id}/result",
    tag = "jobs",
    operation_id = "jobs_result",
    summary = "The answer of the call that queued the job, once the job is done, in that call's own shape (a label as read, a barcode's food, a USDA food's nutrients); the same 202 while it runs; its failure as that call's error.",
    params(("id" = String, Path, description = "Job id (UUID)")),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The call's answer"),
        (status = 202, description = "Still under way", body = Success<Accepted>),
        (status = 404, description = "No such job"),
        (status = 409, description = "CANCELLED"),
    ),
)]
#[tracing::instrument(skip_all)]
async fn result(
    State(state): State<AppState>,
    viewer: JobViewer,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let record = visible_job(&state, &id, viewer).await?;
    result_of(&state, record).await
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
    viewer: JobViewer,
    Path(id): Path<String>,
) -> ApiResult<Cancelled> {
    let record = visible_job(&state, &id, viewer).await?;
    let cancelled = state.jobs.cancel(record.id).await?;
    Ok(ApiJson(Cancelled { cancelled }))
}
