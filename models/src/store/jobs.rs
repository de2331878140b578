use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::{PgPool, SqlitePool};

use super::{JobStore, StoreError, decode_json, failure, parse_status};
use crate::job::{JobId, JobProgress, JobRecord, NewJob, QueueDepth};

#[derive(Debug)]
pub(super) struct SqliteJobStore(pub SqlitePool);
#[derive(Debug)]
pub(super) struct PgJobStore(pub PgPool);

#[derive(sqlx::FromRow)]
struct JobRow {
    job_run_id: String,
    queue: String,
    owner_user_id: Option<i64>,
    status: String,
    attempts: i32,
    progress: Option<String>,
    result: Option<String>,
    error_message: Option<String>,
    error_code: Option<String>,
    cancel_requested: bool,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl TryFrom<JobRow> for JobRecord {
    type Error = StoreError;
    fn try_from(row: JobRow) -> Result<Self, StoreError> {
        Ok(JobRecord {
            id: row
                .job_run_id
                .parse()
                .map_err(|e| StoreError::Corrupt(format!("job_run_id: {e}")))?,
            queue: row.queue,
            owner_user_id: row.owner_user_id,
            status: parse_status(&row.status)?,
            attempts: row.attempts,
            progress: decode_json("progress", row.progress)?,
            result: decode_json("result", row.result)?,
            error: failure(row.error_message, row.error_code),
            cancel_requested: row.cancel_requested,
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}

// Macros rather than consts so queries stay `&'static str` (sqlx refuses built strings).
macro_rules! job_columns {
    () => {
        "job_run_id, queue, owner_user_id, status, attempts, progress, result, \
         error_message, error_code, cancel_requested, created_at, updated_at"
    };
}
macro_rules! terminal {
    () => {
        "('completed', 'failed', 'cancelled')"
    };
}

macro_rules! sql_job_store {
    ($store:ty) => {
        #[async_trait]
        impl JobStore for $store {
            async fn create(&self, job: &NewJob) -> Result<JobRecord, StoreError> {
                let now = Utc::now();
                let row: JobRow = sqlx::query_as(concat!(
                    "insert into job_run (job_run_id, queue, owner_user_id, status, \
                     created_at, updated_at) values ($1, $2, $3, 'queued', $4, $4) \
                     returning ", job_columns!(), ""
                ))
                .bind(job.id.to_string())
                .bind(&job.queue)
                .bind(job.owner_user_id)
                .bind(now)
                .fetch_one(&self.0)
                .await
                .map_err(|e| match e {
                    sqlx::Error::Database(db) if db.is_unique_violation() => {
                        StoreError::Conflict(format!("job {} already exists", job.id))
                    }
                    other => other.into(),
                })?;
                row.try_into()
            }

            async fn get(&self, id: JobId) -> Result<Option<JobRecord>, StoreError> {
                let row: Option<JobRow> = sqlx::query_as(concat!(
                    "select ", job_columns!(), " from job_run where job_run_id = $1"
                ))
                .bind(id.to_string())
                .fetch_optional(&self.0)
                .await?;
                row.map(JobRecord::try_from).transpose()
            }

            async fn start_attempt(&self, id: JobId, attempt: i32) -> Result<bool, StoreError> {
                let done = sqlx::query(concat!(
                    "update job_run set status = 'running', attempts = $2, updated_at = $3 \
                     where job_run_id = $1 and status not in ", terminal!(), " \
                     and not cancel_requested"
                ))
                .bind(id.to_string())
                .bind(attempt)
                .bind(Utc::now())
                .execute(&self.0)
                .await?;
                Ok(done.rows_affected() == 1)
            }

            async fn record_progress(&self, progress: &JobProgress) -> Result<bool, StoreError> {
                let json = serde_json::to_string(progress)
                    .map_err(|e| StoreError::Corrupt(e.to_string()))?;
                let result = progress.result.as_ref().map(|r| r.to_string());
                let (error_message, error_code) = match &progress.error {
                    Some(f) if progress.is_terminal() => {
                        (Some(f.message.clone()), Some(f.code.clone()))
                    }
                    _ => (None, None),
                };
                let done = sqlx::query(concat!(
                    "update job_run set progress = $2, progress_seq = $3, status = $4, \
                     result = coalesce($5, result), error_message = coalesce($6, error_message), \
                     error_code = coalesce($7, error_code), updated_at = $8 \
                     where job_run_id = $1 and progress_seq < $3 and status not in ", terminal!(), ""
                ))
                .bind(progress.job_id.to_string())
                .bind(json)
                .bind(progress.seq)
                .bind(progress.status.as_str())
                .bind(result)
                .bind(error_message)
                .bind(error_code)
                .bind(Utc::now())
                .execute(&self.0)
                .await?;
                Ok(done.rows_affected() == 1)
            }

            async fn request_cancel(&self, id: JobId) -> Result<bool, StoreError> {
                let done = sqlx::query(concat!(
                    "update job_run set cancel_requested = true, updated_at = $2 \
                     where job_run_id = $1 and status not in ", terminal!(), ""
                ))
                .bind(id.to_string())
                .bind(Utc::now())
                .execute(&self.0)
                .await?;
                Ok(done.rows_affected() == 1)
            }

            async fn delete_for_owner(&self, owner_user_id: i64) -> Result<u64, StoreError> {
                let done = sqlx::query("delete from job_run where owner_user_id = $1")
                    .bind(owner_user_id)
                    .execute(&self.0)
                    .await?;
                Ok(done.rows_affected())
            }

            async fn claim_schedule(
                &self,
                task: &str,
                now: DateTime<Utc>,
                next_run: DateTime<Utc>,
            ) -> Result<bool, StoreError> {
                // A task never run is due at once.
                sqlx::query(
                    "insert into scheduled_task (name, next_run_at) values ($1, $2) \
                     on conflict (name) do nothing",
                )
                .bind(task)
                .bind(now)
                .execute(&self.0)
                .await?;
                // Of concurrent claims, the first moves the time on; the others then find
                // the task no longer due (PostgreSQL re-reads the row it waited for).
                let claimed = sqlx::query(
                    "update scheduled_task set next_run_at = $3 \
                     where name = $1 and next_run_at <= $2",
                )
                .bind(task)
                .bind(now)
                .bind(next_run)
                .execute(&self.0)
                .await?;
                Ok(claimed.rows_affected() == 1)
            }

            async fn unfinished_by_queue(&self) -> Result<Vec<QueueDepth>, StoreError> {
                let rows: Vec<(String, String, i64)> = sqlx::query_as(concat!(
                    "select queue, status, count(*) from job_run \
                     where status not in ", terminal!(), " group by queue, status order by queue, status"
                ))
                .fetch_all(&self.0)
                .await?;
                rows.into_iter()
                    .map(|(queue, status, count)| {
                        Ok(QueueDepth {
                            queue,
                            status: parse_status(&status)?,
                            count,
                        })
                    })
                    .collect()
            }
        }
    };
}

sql_job_store!(SqliteJobStore);
sql_job_store!(PgJobStore);
