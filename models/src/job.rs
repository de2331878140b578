//! A job run as users and operators see it: its status, its latest progress and its
//! outcome. The queue library holds the work itself; this record is what the API
//! relays and what a late or reconnecting client is shown.

use std::{fmt, str::FromStr};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// Identifies one job run across the API, the queue and the workers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(transparent)]
pub struct JobId(Uuid);

impl JobId {
    pub fn new() -> Self {
        JobId(Uuid::new_v4())
    }
}

impl Default for JobId {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Display for JobId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl FromStr for JobId {
    type Err = uuid::Error;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Uuid::parse_str(s).map(JobId)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum JobStatus {
    Queued,
    Running,
    /// Failed with a transient fault; the queue will run it again after a backoff.
    Retrying,
    Completed,
    Failed,
    Cancelled,
}

impl JobStatus {
    pub const ALL: [JobStatus; 6] = [
        JobStatus::Queued,
        JobStatus::Running,
        JobStatus::Retrying,
        JobStatus::Completed,
        JobStatus::Failed,
        JobStatus::Cancelled,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            JobStatus::Queued => "queued",
            JobStatus::Running => "running",
            JobStatus::Retrying => "retrying",
            JobStatus::Completed => "completed",
            JobStatus::Failed => "failed",
            JobStatus::Cancelled => "cancelled",
        }
    }

    /// A terminal job never changes again.
    pub fn is_terminal(self) -> bool {
        matches!(
            self,
            JobStatus::Completed | JobStatus::Failed | JobStatus::Cancelled
        )
    }
}

impl FromStr for JobStatus {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        JobStatus::ALL
            .into_iter()
            .find(|status| status.as_str() == s)
            .ok_or_else(|| format!("unknown job status {s:?}"))
    }
}

/// The step a job's progress event reports: the words the API relays and the web app
/// names in the reader's language. One list for the workers, the API and the app (the
/// OpenAPI document publishes it), so a step no one has words for cannot be sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum JobStep {
    /// No worker has touched the job yet, or it was settled outside one: the step is
    /// named after the status (`queued`, `running`, `retrying`, `completed`, `failed`,
    /// `cancelled`).
    Queued,
    Running,
    Retrying,
    Completed,
    Failed,
    Cancelled,
    /// A worker took the job.
    Start,
    /// The worker finished it; the event carries the result.
    Complete,
    /// The worker gave up on it; the event carries the error.
    Error,
    BarcodeDetection,
    BarcodeLookup,
    /// Asking USDA FoodData Central for a food.
    Fetch,
    /// Importing a batch of foods.
    Import,
    LabelReading,
    /// The admin's probe job, which only reports steps.
    Probe,
}

impl JobStep {
    /// The step a synthetic event of a job in `status` names.
    pub fn of_status(status: JobStatus) -> Self {
        match status {
            JobStatus::Queued => JobStep::Queued,
            JobStatus::Running => JobStep::Running,
            JobStatus::Retrying => JobStep::Retrying,
            JobStatus::Completed => JobStep::Completed,
            JobStatus::Failed => JobStep::Failed,
            JobStatus::Cancelled => JobStep::Cancelled,
        }
    }
}

/// Why a job failed, in the words of the API's error envelope.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct JobFailure {
    pub message: String,
    pub code: String,
    /// When trying again can work (a budget that refills): the answer's Retry-After.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_after_secs: Option<u64>,
}

impl JobFailure {
    pub fn new(code: crate::ErrorCode, message: impl Into<String>) -> Self {
        JobFailure {
            message: message.into(),
            code: code.as_str().to_owned(),
            retry_after_secs: None,
        }
    }
}

/// One progress event. `seq` grows with every event of a job and is the SSE event id;
/// `fields` carries the step's own data (foods, portions, …) at the top level.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct JobProgress {
    pub job_id: JobId,
    pub seq: i64,
    pub status: JobStatus,
    pub step: JobStep,
    pub progress: u8,
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<JobFailure>,
    #[serde(flatten)]
    pub fields: serde_json::Map<String, serde_json::Value>,
}

impl JobProgress {
    /// An event with no step data; `seq` is set when it is published.
    pub fn new(
        job_id: JobId,
        status: JobStatus,
        step: JobStep,
        progress: u8,
        message: impl Into<String>,
    ) -> Self {
        JobProgress {
            job_id,
            seq: 0,
            status,
            step,
            progress: progress.min(100),
            message: message.into(),
            result: None,
            error: None,
            fields: serde_json::Map::new(),
        }
    }

    pub fn is_terminal(&self) -> bool {
        self.status.is_terminal()
    }
}

/// What the API records before it enqueues a job.
#[derive(Debug, Clone)]
pub struct NewJob {
    pub id: JobId,
    pub queue: String,
    pub owner_user_id: Option<i64>,
    /// What travels on the queue (JSON), kept so a job the queue lost can be queued again.
    pub payload: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JobRecord {
    pub id: JobId,
    pub queue: String,
    pub owner_user_id: Option<i64>,
    /// What the job was given (its queue's payload), as stored.
    pub payload: Option<serde_json::Value>,
    pub status: JobStatus,
    pub attempts: i32,
    /// The latest progress event, replayed to clients that connect late.
    pub progress: Option<JobProgress>,
    pub result: Option<serde_json::Value>,
    pub error: Option<JobFailure>,
    pub cancel_requested: bool,
    /// The worker process (`host-pid`) that last started it.
    pub worker: Option<String>,
    /// How many times a worker started it.
    pub runs: i32,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// Unfinished jobs of one queue, for the metrics page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct QueueDepth {
    pub queue: String,
    pub status: JobStatus,
    pub count: i64,
    /// When the oldest of them was created.
    pub oldest: DateTime<Utc>,
}

/// An unfinished job untouched for a while: perhaps one its queue lost.
#[derive(Debug, Clone, PartialEq)]
pub struct StaleJob {
    pub id: JobId,
    pub queue: String,
    pub status: JobStatus,
    pub worker: Option<String>,
    /// What it was queued with (none for jobs recorded before payloads were kept).
    pub payload: String,
    pub updated_at: DateTime<Utc>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_fields_are_flattened_for_clients() {
        let mut fields = serde_json::Map::new();
        fields.insert("foods".into(), serde_json::json!(["apple"]));
        let event = JobProgress {
            job_id: JobId::new(),
            seq: 3,
            status: JobStatus::Running,
            step: JobStep::BarcodeLookup,
            progress: 40,
            message: "Detecting".into(),
            result: None,
            error: None,
            fields,
        };
        let json = serde_json::to_value(&event).unwrap();
        assert_eq!(json["foods"][0], "apple");
        assert_eq!(json["step"], "barcode_lookup");
        assert!(json.get("result").is_none());
        let back: JobProgress = serde_json::from_value(json).unwrap();
        assert_eq!(back, event);
    }

    #[test]
    fn statuses_round_trip_and_know_terminality() {
        for status in JobStatus::ALL {
            assert_eq!(status.as_str().parse::<JobStatus>().unwrap(), status);
        }
        assert!(JobStatus::Cancelled.is_terminal());
        assert!(!JobStatus::Retrying.is_terminal());
        assert!("paused".parse::<JobStatus>().is_err());
    }

    #[test]
    fn a_status_names_its_synthetic_step_as_clients_read_it() {
        for status in JobStatus::ALL {
            let step = serde_json::to_value(JobStep::of_status(status)).unwrap();
            assert_eq!(step, status.as_str());
        }
        let unknown = serde_json::json!({
            "job_id": JobId::new(), "seq": 1, "status": "running",
            "step": "teleport", "progress": 5, "message": "?"
        });
        assert!(serde_json::from_value::<JobProgress>(unknown).is_err());
    }
}
