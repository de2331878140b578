use axum::{
    http::StatusCode,
    response::{IntoResponse, Response},
};
use jobs::{JobId, JobProgress};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::ApiJson;

/// 202: the work goes on on the workers (a USDA food fetched on first use, a barcode
/// looked up abroad, a label or a photo read). Follow `events` (server-sent events) to
/// its end; then `GET result` gives the call's answer, or, when `result` is null, the
/// same call again answers at once.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct Accepted {
    /// The job doing the work; null for a photo's analysis (a chain of jobs).
    pub job_id: Option<JobId>,
    /// `queued`, `running` or `retrying` (a job), `processing` (a photo's analysis).
    pub status: String,
    /// How far the work is, in percent.
    pub progress: u8,
    pub message: String,
    /// The server-sent events to follow (`Last-Event-ID` to resume).
    pub events: String,
    /// Where the answer is once the work is done; null: send the same call again.
    pub result: Option<String>,
}

impl Accepted {
    /// A job under way, and whether the answer waits under `/jobs/{id}/result`.
    pub fn job(progress: &JobProgress, result: bool) -> Self {
        let id = progress.job_id;
        Accepted {
            job_id: Some(id),
            status: progress.status.as_str().to_owned(),
            progress: progress.progress,
            message: progress.message.clone(),
            events: format!("/api/v1/jobs/{id}/events/"),
            result: result.then(|| format!("/api/v1/jobs/{id}/result/")),
        }
    }

    /// A photo's analysis under way, as its latest event says.
    pub fn analysis(image_id: i64, progress: Option<u64>, message: Option<&str>) -> Self {
        Accepted {
            job_id: None,
            status: "processing".into(),
            progress: progress.and_then(|p| u8::try_from(p).ok()).unwrap_or(0),
            message: message.unwrap_or("Analysis started").to_owned(),
            events: format!("/api/v1/images/{image_id}/events/"),
            result: Some(format!("/api/v1/images/{image_id}/results/")),
        }
    }
}

impl IntoResponse for Accepted {
    fn into_response(self) -> Response {
        (StatusCode::ACCEPTED, ApiJson(self)).into_response()
    }
}
