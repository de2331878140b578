//! The job board's API, at `/api/v1` of the admin listener (apalis's board UI asks there),
//! and the same figures as a page a phone can read ([`super::summary`]).
//!
//! Every figure and every list is read from the job records, the one place that holds
//! every job from the moment it is recorded to its end: so each count is the length of
//! the list it opens, a job cancelled is listed as cancelled ("Killed" on the board), and
//! a job recorded but not yet taken is listed as pending. (The queues' own storages know
//! only what reached them, and name a cancelled stage "Done" when its worker stepped
//! aside.) The workers are the backend's registry of them; one not heard from within
//! [`jobs::LIVE_WITHIN`] is gone, and is left off the board's lists of workers.

use std::{str::FromStr, sync::Arc};

use apalis_board::axum::{RawTask, framework::axum::sse};
use apalis_core::{
    backend::{Filter, QueueInfo, RunningWorker, StatType, Statistic, queue::Queue},
    task::{builder::TaskBuilder, status::Status},
};
use axum::{
    Extension, Json, Router,
    extract::{Path, Query, State},
    http::StatusCode,
    response::{IntoResponse, Response},
    routing::get,
};
use jobs::{JobStatus, Jobs, QueueBackend};
use models::JobRecord;
use store::JobStore;

/// The longest page of tasks the board is given.
const MAX_PAGE: u32 = 100;

#[derive(Clone)]
pub(super) struct Board {
    records: Arc<dyn JobStore>,
    backend: QueueBackend,
}

impl Board {
    pub(super) fn new(jobs: &Jobs) -> Self {
        Board {
            records: jobs.store().clone(),
            backend: jobs.queue().clone(),
        }
    }

    /// The product's queue a backend name (namespaced on Redis) is of.
    fn queue_named(&self, name: &str) -> Option<&'static str> {
        jobs::QUEUES
            .iter()
            .copied()
            .find(|q| self.backend.queue_name(q) == name)
    }

    /// How many jobs each queue has had, by status.
    pub(super) async fn counts(&self) -> Result<Vec<(String, JobStatus, i64)>, String> {
        self.records
            .count_by_queue()
            .await
            .map_err(|e| e.to_string())
    }

    /// A page of the jobs of `queues` the board lists under `status`, newest first.
    pub(super) async fn listed(
        &self,
        queues: &[&str],
        status: &Status,
        skip: i64,
        limit: i64,
    ) -> Result<Vec<JobRecord>, String> {
        self.records
            .recent(queues, recorded_as(status), skip, limit)
            .await
            .map_err(|e| e.to_string())
    }

    /// This deployment's workers (a Redis server may hold others'), each with whether it
    /// is live, most recently heard first.
    pub(super) async fn workers(&self) -> Result<Vec<(RunningWorker, bool)>, String> {
        let since = chrono::Utc::now().timestamp() - jobs::LIVE_WITHIN.as_secs() as i64;
        let mut workers: Vec<(RunningWorker, bool)> = self
            .backend
            .workers()
            .await
            .map_err(|e| e.to_string())?
            .into_iter()
            .filter(|w| jobs::QUEUES.iter().any(|q| self.works_on(w, q)))
            .map(|w| {
                let live = i64::try_from(w.last_heartbeat).unwrap_or(i64::MAX) >= since;
                (w, live)
            })
            .collect();
        workers.sort_by_key(|(w, _)| std::cmp::Reverse(w.last_heartbeat));
        Ok(workers)
    }

    /// Whether `worker` is one of `queue`'s (`<queue>@<host>-<pid>`, `QueueBackend::worker_name`).
    pub(super) fn works_on(&self, worker: &RunningWorker, queue: &str) -> bool {
        worker
            .id
            .strip_prefix(&self.backend.queue_name(queue))
            .is_some_and(|rest| rest.starts_with('@'))
    }

    pub(super) fn queue_name(&self, queue: &str) -> String {
        self.backend.queue_name(queue)
    }
}

/// The job records' statuses a task the board lists under `status` has.
pub(super) fn recorded_as(status: &Status) -> &'static [JobStatus] {
    match status {
        Status::Pending => &[JobStatus::Queued, JobStatus::Retrying],
        Status::Running => &[JobStatus::Running],
        Status::Done => &[JobStatus::Completed],
        Status::Failed => &[JobStatus::Failed],
        Status::Killed => &[JobStatus::Cancelled],
        // "Queued" is the storages' word for a task fetched but not started: the board
        // has no figure for it, and lists the waiting jobs under Pending.
        _ => &[],
    }
}

/// The board's status of a job record.
fn board_status(status: JobStatus) -> Status {
    match status {
        JobStatus::Queued | JobStatus::Retrying => Status::Pending,
        JobStatus::Running => Status::Running,
        JobStatus::Completed => Status::Done,
        JobStatus::Failed => Status::Failed,
        JobStatus::Cancelled => Status::Killed,
    }
}

/// A job as the board shows a task: what its queue was given, with its state.
fn task_of(record: &JobRecord, queue_name: &str) -> serde_json::Value {
    let args = serde_json::json!({"job_id": record.id, "payload": record.payload});
    let at = |t: chrono::DateTime<chrono::Utc>| u64::try_from(t.timestamp()).unwrap_or(0);
    let ended = record.status.is_terminal();
    let task = TaskBuilder::new(args)
        .task_id(jobs::task_id(record.id))
        .attempt(usize::try_from(record.attempts).unwrap_or(0))
        .status(board_status(record.status))
        .queue(Queue::from_str(queue_name).unwrap_or_else(|never| match never {}))
        .run_at_timestamp(at(record.created_at))
        .done_at(ended.then(|| at(record.updated_at)))
        .lock_by(
            (record.status == JobStatus::Running)
                .then(|| record.worker.clone())
                .flatten(),
        )
        .build();
    serde_json::to_value(RawTask(task)).unwrap_or_default()
}

/// The board's API.
pub(super) fn router(jobs: &Jobs) -> Router {
    Router::new()
        .route("/queues", get(list_queues))
        .route("/tasks", get(list_tasks))
        .route("/workers", get(list_workers))
        .route("/overview", get(overview))
        .route("/queues/{queue}/tasks", get(queue_tasks))
        .route("/queues/{queue}/stats", get(queue_stats))
        .route("/queues/{queue}/workers", get(queue_workers))
        .route("/queues/{queue}/tasks/{task_id}", get(queue_task))
        .with_state(Board::new(jobs))
        .route("/events", get(sse::new_client))
        .layer(Extension(jobs::board_log::broadcaster().clone()))
}

/// The board's figures of some queues' jobs (the queued and the retrying wait).
pub(super) fn figures<'a>(
    counts: impl Iterator<Item = &'a (String, JobStatus, i64)>,
) -> Vec<Statistic> {
    let (mut pending, mut running, mut done, mut failed, mut killed) = (0, 0, 0, 0, 0);
    for (_, status, count) in counts {
        match status {
            JobStatus::Queued | JobStatus::Retrying => pending += count,
            JobStatus::Running => running += count,
            JobStatus::Completed => done += count,
            JobStatus::Failed => failed += count,
            JobStatus::Cancelled => killed += count,
        }
    }
    let total = pending + running + done + failed + killed;
    [
        ("RUNNING_JOBS", running, 1),
        ("PENDING_JOBS", pending, 1),
        ("FAILED_JOBS", failed, 2),
        ("DONE_JOBS", done, 4),
        ("KILLED_JOBS", killed, 4),
        ("TOTAL_JOBS", total, 4),
    ]
    .into_iter()
    .map(|(title, value, priority)| Statistic {
        title: title.to_owned(),
        stat_type: StatType::Number,
        value: value.to_string(),
        priority: Some(priority),
    })
    .collect()
}

/// The board answers a store's fault with 500 and its message, as the crate's routes do.
pub(super) fn fault(message: impl std::fmt::Display) -> Response {
    (StatusCode::INTERNAL_SERVER_ERROR, message.to_string()).into_response()
}

fn no_such_queue() -> Response {
    (StatusCode::NOT_FOUND, "no such queue").into_response()
}

/// Every queue, with its figures, its live workers and the jobs it was given on each
/// of the last 7 days.
async fn list_queues(State(board): State<Board>) -> Result<Json<Vec<QueueInfo>>, Response> {
    let counts = board.counts().await.map_err(fault)?;
    let days = board
        .records
        .created_per_day(chrono::Utc::now())
        .await
        .map_err(fault)?;
    let workers = board.workers().await.map_err(fault)?;
    let listed = jobs::QUEUES
        .iter()
        .map(|&queue| QueueInfo {
            name: board.queue_name(queue),
            stats: figures(counts.iter().filter(|(q, _, _)| q == queue)),
            workers: workers
                .iter()
                .filter(|(w, live)| *live && board.works_on(w, queue))
                .map(|(w, _)| w.id.clone())
                .collect(),
            activity: days
                .iter()
                .find(|(q, _)| q == queue)
                .map(|(_, days)| {
                    days.iter()
                        .map(|&n| usize::try_from(n).unwrap_or(0))
                        .collect()
                })
                .unwrap_or_else(|| vec![0; 7]),
        })
        .collect();
    Ok(Json(listed))
}

/// A page of the tasks of `queues` under the filter's status (pending unless asked).
async fn page_of(
    board: &Board,
    queues: &[&str],
    filter: &Filter,
) -> Result<Json<Vec<serde_json::Value>>, Response> {
    let status = filter.status.clone().unwrap_or(Status::Pending);
    let limit = filter.limit().clamp(1, MAX_PAGE);
    let skip = i64::from(filter.page.max(1) - 1) * i64::from(limit);
    let records = board
        .listed(queues, &status, skip, i64::from(limit))
        .await
        .map_err(fault)?;
    Ok(Json(
        records
            .iter()
            .map(|r| task_of(r, &board.queue_name(&r.queue)))
            .collect(),
    ))
}

/// The tasks of every queue with one status, the most recent first, a page at a time.
async fn list_tasks(
    State(board): State<Board>,
    Query(filter): Query<Filter>,
) -> Result<Json<Vec<serde_json::Value>>, Response> {
    page_of(&board, jobs::QUEUES, &filter).await
}

/// The tasks of one queue with one status.
async fn queue_tasks(
    State(board): State<Board>,
    Path(name): Path<String>,
    Query(filter): Query<Filter>,
) -> Result<Json<Vec<serde_json::Value>>, Response> {
    let queue = board.queue_named(&name).ok_or_else(no_such_queue)?;
    page_of(&board, &[queue], &filter).await
}

/// One task of a queue, by its id (the job's).
async fn queue_task(
    State(board): State<Board>,
    Path((name, task_id)): Path<(String, String)>,
) -> Result<Json<serde_json::Value>, Response> {
    let queue = board.queue_named(&name).ok_or_else(no_such_queue)?;
    let not_found = || (StatusCode::NOT_FOUND, "no such task").into_response();
    let id = task_id.parse().map_err(|_| not_found())?;
    match board.records.get(id).await.map_err(fault)? {
        Some(record) if record.queue == queue => Ok(Json(task_of(&record, &name))),
        _ => Err(not_found()),
    }
}

/// One queue's figures.
async fn queue_stats(
    State(board): State<Board>,
    Path(name): Path<String>,
) -> Result<Json<Vec<Statistic>>, Response> {
    let queue = board.queue_named(&name).ok_or_else(no_such_queue)?;
    let counts = board.counts().await.map_err(fault)?;
    Ok(Json(figures(counts.iter().filter(|(q, _, _)| q == queue))))
}

/// The live workers of every queue, with when each was last heard.
async fn list_workers(State(board): State<Board>) -> Result<Json<Vec<RunningWorker>>, Response> {
    let workers = board.workers().await.map_err(fault)?;
    Ok(Json(
        workers
            .into_iter()
            .filter(|(_, live)| *live)
            .map(|(w, _)| w)
            .collect(),
    ))
}

/// The live workers of one queue.
async fn queue_workers(
    State(board): State<Board>,
    Path(name): Path<String>,
) -> Result<Json<Vec<RunningWorker>>, Response> {
    let queue = board.queue_named(&name).ok_or_else(no_such_queue)?;
    let workers = board.workers().await.map_err(fault)?;
    Ok(Json(
        workers
            .into_iter()
            .filter(|(w, live)| *live && board.works_on(w, queue))
            .map(|(w, _)| w)
            .collect(),
    ))
}

/// The figures of every queue together.
async fn overview(State(board): State<Board>) -> Result<Json<Vec<Statistic>>, Response> {
    let counts = board.counts().await.map_err(fault)?;
    Ok(Json(figures(counts.iter())))
}
