//! Store traits, one per area, each with a SQLite and a PostgreSQL implementation.
//! The SQL is written once where both engines accept it; `sql_store!` stamps the shared
//! bodies out for each pool type so the two implementations cannot drift apart.

use std::sync::Arc;

use async_trait::async_trait;

use crate::{
    Database,
    job::{JobFailure, JobId, JobProgress, JobRecord, JobStatus, NewJob, QueueDepth},
};

mod jobs;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("not found")]
    NotFound,
    #[error("conflict: {0}")]
    Conflict(String),
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("stored data is corrupt: {0}")]
    Corrupt(String),
}

/// Job runs: their status, latest progress and outcome.
#[async_trait]
pub trait JobStore: Send + Sync + std::fmt::Debug {
    async fn create(&self, job: &NewJob) -> Result<JobRecord, StoreError>;
    async fn get(&self, id: JobId) -> Result<Option<JobRecord>, StoreError>;
    /// Marks an attempt as started. Refused (`Ok(false)`) once the job is terminal, so
    /// a cancelled job that a queue still hands out does not run.
    async fn start_attempt(&self, id: JobId, attempt: i32) -> Result<bool, StoreError>;
    /// Stores `progress` as the latest state unless a newer event is already stored;
    /// a terminal event also settles status, result and error. Returns whether it was
    /// stored.
    async fn record_progress(&self, progress: &JobProgress) -> Result<bool, StoreError>;
    /// Asks a job to stop. Returns false when it had already finished.
    async fn request_cancel(&self, id: JobId) -> Result<bool, StoreError>;
    async fn unfinished_by_queue(&self) -> Result<Vec<QueueDepth>, StoreError>;
}

/// Every store of the product, chosen once from the database engine.
#[derive(Debug, Clone)]
pub struct Stores {
    pub jobs: Arc<dyn JobStore>,
}

impl Stores {
    pub fn new(db: &Database) -> Self {
        match db {
            Database::Sqlite(pool) => Stores {
                jobs: Arc::new(jobs::SqliteJobStore(pool.clone())),
            },
            Database::Postgres(pool) => Stores {
                jobs: Arc::new(jobs::PgJobStore(pool.clone())),
            },
        }
    }
}

fn decode_json<T: serde::de::DeserializeOwned>(
    column: &str,
    text: Option<String>,
) -> Result<Option<T>, StoreError> {
    text.map(|t| serde_json::from_str(&t))
        .transpose()
        .map_err(|e| StoreError::Corrupt(format!("{column}: {e}")))
}

fn failure(message: Option<String>, code: Option<String>) -> Option<JobFailure> {
    match (message, code) {
        (Some(message), code) => Some(JobFailure {
            message,
            code: code.unwrap_or_else(|| "JOB_FAILED".into()),
        }),
        _ => None,
    }
}

fn parse_status(text: &str) -> Result<JobStatus, StoreError> {
    text.parse().map_err(StoreError::Corrupt)
}
