use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::{Pool, QueryBuilder};

use super::DB;
use super::engine::push_list;
use super::{JobStore, StoreError, decode_json, failure, parse_status};
use models::job::{JobId, JobProgress, JobRecord, JobStatus, NewJob, QueueDepth, StaleJob};

#[derive(Debug)]
pub(super) struct SqlJobs(pub Pool<DB>);

#[derive(sqlx::FromRow)]
struct JobRow {
    job_run_id: String,
    queue: String,
    owner_user_id: Option<i64>,
    payload: Option<String>,
    status: String,
    attempts: i32,
    progress: Option<String>,
    result: Option<String>,
    error_message: Option<String>,
    error_code: Option<String>,
    cancel_requested: bool,
    worker: Option<String>,
    runs: i32,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

#[derive(sqlx::FromRow)]
struct StaleRow {
    job_run_id: String,
    queue: String,
    status: String,
    worker: Option<String>,
    payload: String,
    updated_at: DateTime<Utc>,
}

fn job_id(text: &str) -> Result<JobId, StoreError> {
    text.parse()
        .map_err(|e| StoreError::Corrupt(format!("job_run_id: {e}")))
}

impl TryFrom<JobRow> for JobRecord {
    type Error = StoreError;
    fn try_from(row: JobRow) -> Result<Self, StoreError> {
        Ok(JobRecord {
            id: job_id(&row.job_run_id)?,
            queue: row.queue,
            owner_user_id: row.owner_user_id,
            payload: decode_json("payload", row.payload)?,
            status: parse_status(&row.status)?,
            attempts: row.attempts,
            progress: decode_json("progress", row.progress)?,
            result: decode_json("result", row.result)?,
            error: failure(row.error_message, row.error_code),
            cancel_requested: row.cancel_requested,
            worker: row.worker,
            runs: row.runs,
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}

/// Column lists are macros, so `concat!` builds the `&'static str` statements from them
/// (sqlx refuses strings built at run time).
macro_rules! job_columns {
    () => {
        "job_run_id, queue, owner_user_id, payload, status, attempts, progress, result, \
         error_message, error_code, cancel_requested, worker, runs, created_at, updated_at"
    };
}
/// The states a job never leaves.
macro_rules! terminal {
    () => {
        "('completed', 'failed', 'cancelled')"
    };
}

const CREATE: &str = concat!(
    "insert into job_run (job_run_id, queue, owner_user_id, payload, status, \
     created_at, updated_at) values ($1, $2, $3, $4, 'queued', $5, $5) \
     returning ",
    job_columns!()
);

const GET: &str = concat!(
    "select ",
    job_columns!(),
    " from job_run where job_run_id = $1"
);

/// Refused once the job is terminal or asked to stop.
const START_ATTEMPT: &str = concat!(
    "update job_run set status = 'running', attempts = $2, updated_at = $3, \
     worker = $4, runs = runs + 1 where job_run_id = $1 and status not in ",
    terminal!(),
    " and not cancel_requested"
);

/// Only a newer event of a job still running is stored.
const RECORD_PROGRESS: &str = concat!(
    "update job_run set progress = $2, progress_seq = $3, status = $4, \
     result = coalesce($5, result), error_message = coalesce($6, error_message), \
     error_code = coalesce($7, error_code), updated_at = $8 \
     where job_run_id = $1 and progress_seq < $3 and status not in ",
    terminal!()
);

const REQUEST_CANCEL: &str = concat!(
    "update job_run set cancel_requested = true, updated_at = $2 \
     where job_run_id = $1 and status not in ",
    terminal!()
);

const DELETE_FOR_OWNER: &str = "delete from job_run where owner_user_id = $1";

/// A task never run is due at once.
const ADD_SCHEDULE: &str = "insert into scheduled_task (name, next_run_at) values ($1, $2) \
     on conflict (name) do nothing";

const CLAIM_SCHEDULE: &str = "update scheduled_task set next_run_at = $3 \
     where name = $1 and next_run_at <= $2";

// The oldest is read as the minimum of `created_at` in the engine's own text or
// timestamp form, then decoded by the row type like any `created_at`.
const UNFINISHED_BY_QUEUE: &str = concat!(
    "select queue, status, count(*) as count, min(created_at) as oldest from job_run \
     where status not in ",
    terminal!(),
    " group by queue, status order by queue, status"
);

const COUNT_BY_QUEUE: &str =
    "select queue, status, count(*) as count from job_run group by queue, status";

/// Jobs created on each of the last 7 days ($1..$8 are the days' bounds, oldest first).
const CREATED_PER_DAY: &str = "select queue, \
     sum(case when created_at < $2 then 1 else 0 end) as day1, \
     sum(case when created_at >= $2 and created_at < $3 then 1 else 0 end) as day2, \
     sum(case when created_at >= $3 and created_at < $4 then 1 else 0 end) as day3, \
     sum(case when created_at >= $4 and created_at < $5 then 1 else 0 end) as day4, \
     sum(case when created_at >= $5 and created_at < $6 then 1 else 0 end) as day5, \
     sum(case when created_at >= $6 and created_at < $7 then 1 else 0 end) as day6, \
     sum(case when created_at >= $7 then 1 else 0 end) as day7 \
     from job_run where created_at >= $1 and created_at < $8 group by queue";

const UNFINISHED_OF_OWNER: &str = concat!(
    "select queue, count(*) as count from job_run where owner_user_id = $1 and status not in ",
    terminal!(),
    " group by queue"
);

const STALE: &str = concat!(
    "select job_run_id, queue, status, worker, payload, updated_at from job_run \
     where status not in ",
    terminal!(),
    " and payload is not null and updated_at < $1 order by updated_at limit $2"
);

/// Only a job still untouched since the sweeper looked at it goes back.
const REQUEUE: &str = concat!(
    "update job_run set status = 'queued', worker = null, updated_at = $3 \
     where job_run_id = $1 and updated_at < $2 and status not in ",
    terminal!()
);

#[derive(sqlx::FromRow)]
struct CountRow {
    queue: String,
    status: String,
    count: i64,
}

#[derive(sqlx::FromRow)]
struct DaysRow {
    queue: String,
    day1: i64,
    day2: i64,
    day3: i64,
    day4: i64,
    day5: i64,
    day6: i64,
    day7: i64,
}

#[derive(sqlx::FromRow)]
struct DepthRow {
    queue: String,
    status: String,
    count: i64,
    oldest: DateTime<Utc>,
}

#[async_trait]
impl JobStore for SqlJobs {
    #[tracing::instrument(skip_all, fields(job_id = %job.id, queue = job.queue), level = "debug")]
    async fn create(&self, job: &NewJob) -> Result<JobRecord, StoreError> {
        let row: JobRow = sqlx::query_as(CREATE)
            .bind(job.id.to_string())
            .bind(&job.queue)
            .bind(job.owner_user_id)
            .bind(job.payload.clone())
            .bind(Utc::now())
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

    #[tracing::instrument(skip_all, fields(job_id = %id), level = "debug")]
    async fn get(&self, id: JobId) -> Result<Option<JobRecord>, StoreError> {
        let row: Option<JobRow> = sqlx::query_as(GET)
            .bind(id.to_string())
            .fetch_optional(&self.0)
            .await?;
        row.map(JobRecord::try_from).transpose()
    }

    #[tracing::instrument(skip_all, fields(job_id = %id, attempt = attempt), level = "debug")]
    async fn start_attempt(
        &self,
        id: JobId,
        attempt: i32,
        worker: &str,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(START_ATTEMPT)
            .bind(id.to_string())
            .bind(attempt)
            .bind(Utc::now())
            .bind(worker)
            .execute(&self.0)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    #[tracing::instrument(
        skip_all,
        fields(job_id = %progress.job_id, seq = progress.seq),
        level = "debug"
    )]
    async fn record_progress(&self, progress: &JobProgress) -> Result<bool, StoreError> {
        let json =
            serde_json::to_string(progress).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let result = progress.result.as_ref().map(|r| r.to_string());
        let (error_message, error_code) = match &progress.error {
            Some(f) if progress.is_terminal() => (Some(f.message.clone()), Some(f.code.clone())),
            _ => (None, None),
        };
        let done = sqlx::query(RECORD_PROGRESS)
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

    #[tracing::instrument(skip_all, fields(job_id = %id), level = "debug")]
    async fn request_cancel(&self, id: JobId) -> Result<bool, StoreError> {
        let done = sqlx::query(REQUEST_CANCEL)
            .bind(id.to_string())
            .bind(Utc::now())
            .execute(&self.0)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    #[tracing::instrument(skip_all, fields(owner = owner_user_id), level = "debug")]
    async fn delete_for_owner(&self, owner_user_id: i64) -> Result<u64, StoreError> {
        let done = sqlx::query(DELETE_FOR_OWNER)
            .bind(owner_user_id)
            .execute(&self.0)
            .await?;
        Ok(done.rows_affected())
    }

    #[tracing::instrument(skip_all, fields(task = task), level = "debug")]
    async fn claim_schedule(
        &self,
        task: &str,
        now: DateTime<Utc>,
        next_run: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        sqlx::query(ADD_SCHEDULE)
            .bind(task)
            .bind(now)
            .execute(&self.0)
            .await?;
        // Of concurrent claims, the first moves the time on; the others then find the
        // task no longer due (PostgreSQL re-reads the row it waited for).
        let claimed = sqlx::query(CLAIM_SCHEDULE)
            .bind(task)
            .bind(now)
            .bind(next_run)
            .execute(&self.0)
            .await?;
        Ok(claimed.rows_affected() == 1)
    }

    #[tracing::instrument(skip_all, level = "debug")]
    async fn unfinished_by_queue(&self) -> Result<Vec<QueueDepth>, StoreError> {
        let rows: Vec<DepthRow> = sqlx::query_as(UNFINISHED_BY_QUEUE)
            .fetch_all(&self.0)
            .await?;
        rows.into_iter()
            .map(|row| {
                Ok(QueueDepth {
                    queue: row.queue,
                    status: parse_status(&row.status)?,
                    count: row.count,
                    oldest: row.oldest,
                })
            })
            .collect()
    }

    #[tracing::instrument(skip_all, level = "debug")]
    async fn created_per_day(
        &self,
        now: DateTime<Utc>,
    ) -> Result<Vec<(String, [i64; 7])>, StoreError> {
        let today = now.date_naive().and_time(chrono::NaiveTime::MIN).and_utc();
        let mut query = sqlx::query_as::<_, DaysRow>(CREATED_PER_DAY);
        for day in (0..7).rev() {
            query = query.bind(today - chrono::Duration::days(day));
        }
        let rows = query
            .bind(today + chrono::Duration::days(1))
            .fetch_all(&self.0)
            .await?;
        Ok(rows
            .into_iter()
            .map(|r| {
                let days = [r.day1, r.day2, r.day3, r.day4, r.day5, r.day6, r.day7];
                (r.queue, days)
            })
            .collect())
    }

    #[tracing::instrument(skip_all, level = "debug")]
    async fn recent(
        &self,
        queues: &[&str],
        statuses: &[JobStatus],
        skip: i64,
        limit: i64,
    ) -> Result<Vec<JobRecord>, StoreError> {
        if statuses.is_empty() || queues.is_empty() {
            return Ok(Vec::new());
        }
        let statuses: Vec<String> = statuses.iter().map(|s| s.as_str().to_owned()).collect();
        let queues: Vec<String> = queues.iter().map(|q| (*q).to_owned()).collect();
        let mut b: QueryBuilder<DB> = QueryBuilder::new(concat!(
            "select ",
            job_columns!(),
            " from job_run where queue in ("
        ));
        push_list(&mut b, &queues);
        b.push(") and status in (");
        push_list(&mut b, &statuses);
        // The job id breaks ties, so pages neither repeat nor skip a job.
        b.push(") order by updated_at desc, job_run_id desc limit ")
            .push_bind(limit)
            .push(" offset ")
            .push_bind(skip);
        let rows: Vec<JobRow> = b.build_query_as().fetch_all(&self.0).await?;
        rows.into_iter().map(JobRecord::try_from).collect()
    }

    #[tracing::instrument(skip_all, level = "debug")]
    async fn count_by_queue(&self) -> Result<Vec<(String, JobStatus, i64)>, StoreError> {
        let rows: Vec<CountRow> = sqlx::query_as(COUNT_BY_QUEUE).fetch_all(&self.0).await?;
        rows.into_iter()
            .map(|row| Ok((row.queue, parse_status(&row.status)?, row.count)))
            .collect()
    }

    #[tracing::instrument(skip_all, level = "debug")]
    async fn unfinished_of_owner(
        &self,
        owner_user_id: i64,
    ) -> Result<Vec<(String, i64)>, StoreError> {
        Ok(sqlx::query_as(UNFINISHED_OF_OWNER)
            .bind(owner_user_id)
            .fetch_all(&self.0)
            .await?)
    }

    #[tracing::instrument(skip_all, level = "debug")]
    async fn stale(&self, before: DateTime<Utc>, limit: i64) -> Result<Vec<StaleJob>, StoreError> {
        let rows: Vec<StaleRow> = sqlx::query_as(STALE)
            .bind(before)
            .bind(limit)
            .fetch_all(&self.0)
            .await?;
        rows.into_iter()
            .map(|row| {
                Ok(StaleJob {
                    id: job_id(&row.job_run_id)?,
                    queue: row.queue,
                    status: parse_status(&row.status)?,
                    worker: row.worker,
                    payload: row.payload,
                    updated_at: row.updated_at,
                })
            })
            .collect()
    }

    #[tracing::instrument(skip_all, fields(job_id = %id), level = "debug")]
    async fn requeue(&self, id: JobId, before: DateTime<Utc>) -> Result<bool, StoreError> {
        let done = sqlx::query(REQUEUE)
            .bind(id.to_string())
            .bind(before)
            .bind(Utc::now())
            .execute(&self.0)
            .await?;
        Ok(done.rows_affected() == 1)
    }
}
