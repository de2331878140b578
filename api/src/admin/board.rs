//! The apalis job board, at the root of the admin listener (its UI asks for `/api/v1`).
//!
//! The crate's routes for one queue are mounted for each of ours, and its log stream
//! reads this process's `jobs::board_log`. Its routes across queues read the first queue
//! registered only: a queue without tasks yet shows no figures and no workers there, and
//! on Redis the tasks listed are that one queue's. So the list of queues, the tasks by
//! status, the overview and the workers are answered here, over every queue: the tasks
//! and workers with the crate's own queries of each queue, the figures from the job
//! records (apalis-redis 1.0 counts a queue's done tasks with a command of another Redis
//! type, so its figures fail once a task is done).

use std::sync::Arc;

use apalis_board::axum::{
    RawTask,
    framework::{ApiBuilder, RegisterRoute, axum::sse},
};
use apalis_core::{
    backend::{
        FetchById, Filter, ListTasks, ListWorkers, QueueInfo, RunningWorker, StatType, Statistic,
    },
    task::{Task, status::Status},
};
use apalis_redis::RedisStorage;
use apalis_sqlite::SqliteStorage;
use axum::{
    Extension, Json, Router,
    extract::{Query, State},
    http::StatusCode,
    response::{IntoResponse, Response},
    routing::get,
};
use jobs::{DEFAULT_HEARTBEAT, Job, JobStatus, Jobs, QueueBackend, Queued};
use models::JobStore;

/// The most tasks of one status a page of the Tasks list reaches back to, per queue.
const MAX_LISTED: u64 = 500;

/// What the board asks of one of our queues.
#[async_trait::async_trait]
trait BoardQueue: Send + Sync {
    /// Its name in the backend (namespaced on Redis).
    fn name(&self) -> &str;
    /// Its name among the product's queues.
    fn queue(&self) -> &'static str;
    /// Its most recent tasks with `status`, at most `limit`, as the board shows a task.
    async fn tasks(
        &self,
        status: Status,
        limit: u32,
        records: &dyn JobStore,
    ) -> Result<Vec<Listed>, String>;
    /// The workers of every queue the backend knows (apalis-redis 1.0 fails to list one
    /// queue's), with when each was last heard from.
    async fn all_workers(&self) -> Result<Vec<RunningWorker>, String>;
}

/// A task as the board lists it, with when it last ran or ended, to order by.
struct Listed {
    at: u64,
    task: serde_json::Value,
}

/// One of our queues on its storage (`S`: SQLite's or Redis's).
struct OnQueue<S, J> {
    storage: S,
    name: String,
    job: std::marker::PhantomData<fn() -> J>,
}

impl<S, J> OnQueue<S, J> {
    fn new(storage: S, name: &str) -> Box<Self> {
        Box::new(OnQueue {
            storage,
            name: name.to_owned(),
            job: std::marker::PhantomData,
        })
    }
}

/// The tasks with their payloads readable (the queue keeps them as JSON bytes).
fn listed(tasks: Vec<Task<Vec<u8>>>) -> Vec<Listed> {
    tasks
        .into_iter()
        .map(|task| {
            let at = task.ctx().done_at().or(task.ctx().run_at()).unwrap_or(0);
            let task = task.map_args(|bytes| {
                serde_json::from_slice(&bytes).unwrap_or(serde_json::Value::Null)
            });
            Listed {
                at,
                task: serde_json::to_value(RawTask(task)).unwrap_or_default(),
            }
        })
        .collect()
}

/// The job records' statuses a task of the board's `status` has.
fn recorded_as(status: &Status) -> &'static [JobStatus] {
    match status {
        Status::Pending => &[JobStatus::Queued, JobStatus::Retrying],
        Status::Running => &[JobStatus::Running],
        Status::Done => &[JobStatus::Completed],
        Status::Failed => &[JobStatus::Failed],
        Status::Killed => &[JobStatus::Cancelled],
        _ => &[],
    }
}

/// How a queue's storage lists its recent tasks of one status.
#[async_trait::async_trait]
trait RecentTasks {
    async fn recent(
        &self,
        status: Status,
        limit: u32,
        records: &dyn JobStore,
    ) -> Result<Vec<Task<Vec<u8>>>, String>;
}

#[async_trait::async_trait]
impl<J: Job> RecentTasks for SqliteStorage<Queued<J>> {
    /// The queue's own listing: by status, the most recently done first.
    async fn recent(
        &self,
        status: Status,
        limit: u32,
        _: &dyn JobStore,
    ) -> Result<Vec<Task<Vec<u8>>>, String> {
        let filter = Filter {
            status: Some(status),
            page: 1,
            page_size: Some(limit),
        };
        self.list_tasks(&filter).await.map_err(|e| e.to_string())
    }
}

#[async_trait::async_trait]
impl<J: Job> RecentTasks for RedisStorage<Queued<J>> {
    /// apalis-redis 1.0 lists a queue's tasks from a key it never writes, or takes a page
    /// of all its task ids in id order before it filters by status; so the job records
    /// say which tasks are the recent ones of that status (a task has its job's id
    /// there), and the queue gives each.
    async fn recent(
        &self,
        status: Status,
        limit: u32,
        records: &dyn JobStore,
    ) -> Result<Vec<Task<Vec<u8>>>, String> {
        let ids = records
            .recent_of_queue(J::QUEUE, recorded_as(&status), i64::from(limit))
            .await
            .map_err(|e| e.to_string())?;
        let mut storage = self.clone();
        let mut tasks = Vec::with_capacity(ids.len());
        for id in ids {
            let task = storage.fetch_by_id(&jobs::task_id(id)).await;
            tasks.extend(task.map_err(|e| e.to_string())?);
        }
        Ok(tasks)
    }
}

#[async_trait::async_trait]
impl<S, J> BoardQueue for OnQueue<S, J>
where
    S: RecentTasks + ListWorkers + Send + Sync,
    S::Error: std::fmt::Display,
    J: Job,
{
    fn name(&self) -> &str {
        &self.name
    }
    fn queue(&self) -> &'static str {
        J::QUEUE
    }
    async fn tasks(
        &self,
        status: Status,
        limit: u32,
        records: &dyn JobStore,
    ) -> Result<Vec<Listed>, String> {
        self.storage
            .recent(status, limit, records)
            .await
            .map(listed)
    }
    async fn all_workers(&self) -> Result<Vec<RunningWorker>, String> {
        self.storage
            .list_all_workers()
            .await
            .map_err(|e| e.to_string())
    }
}

#[derive(Clone)]
struct Board {
    queues: Arc<Vec<Box<dyn BoardQueue>>>,
    records: Arc<dyn JobStore>,
    backend: QueueBackend,
}

/// The board's API: the crate's routes of each queue, and ours across them.
pub fn router(jobs: &Jobs) -> Router {
    let queue = jobs.queue();
    let mut queues: Vec<Box<dyn BoardQueue>> = Vec::new();
    macro_rules! register {
        ($builder:expr, $($job:ty),+) => {{
            let mut builder = $builder;
            $(
                let name = queue.queue_name(<$job as Job>::QUEUE);
                builder = match queue {
                    QueueBackend::Sqlite(pool) => mount::<_, $job>(builder, &mut queues, &name,
                        QueueBackend::sqlite_storage::<$job>(pool, &name, DEFAULT_HEARTBEAT)),
                    QueueBackend::Redis { conn, .. } => mount::<_, $job>(builder, &mut queues, &name,
                        QueueBackend::redis_storage::<$job>(conn, &name, DEFAULT_HEARTBEAT)),
                };
            )+
            builder
        }};
    }
    let each_queue =
        jobs::every_job!(register!(ApiBuilder::new_with_router(Router::new(), false),)).build();
    let board = Board {
        queues: Arc::new(queues),
        records: jobs.store().clone(),
        backend: queue.clone(),
    };
    Router::new()
        .route("/queues", get(list_queues))
        .route("/tasks", get(list_tasks))
        .route("/workers", get(list_workers))
        .route("/overview", get(overview))
        .with_state(board)
        .route("/events", get(sse::new_client))
        .layer(Extension(jobs::board_log::broadcaster().clone()))
        .merge(each_queue)
}

/// Mounts the crate's routes of one queue, and keeps the queue for ours.
fn mount<S, J>(
    builder: ApiBuilder<Router>,
    queues: &mut Vec<Box<dyn BoardQueue>>,
    name: &str,
    storage: S,
) -> ApiBuilder<Router>
where
    S: Clone,
    J: Job,
    OnQueue<S, J>: BoardQueue + 'static,
    ApiBuilder<Router>: RegisterRoute<S, Queued<J>>,
{
    queues.push(OnQueue::<S, J>::new(storage.clone(), name));
    builder.register(name, storage)
}

/// The board's figures of some queues' jobs (the queued and the retrying wait).
fn figures<'a>(counts: impl Iterator<Item = &'a (String, JobStatus, i64)>) -> Vec<Statistic> {
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

/// The crate's routes answer a backend's fault with 500 and its message: so do these.
fn fault(message: impl std::fmt::Display) -> Response {
    (StatusCode::INTERNAL_SERVER_ERROR, message.to_string()).into_response()
}

/// The workers of this deployment's queues (a Redis server may hold others').
async fn our_workers(board: &Board) -> Result<Vec<RunningWorker>, Response> {
    let Some(first) = board.queues.first() else {
        return Ok(Vec::new());
    };
    let mut workers = first.all_workers().await.map_err(fault)?;
    workers.retain(|w| board.queues.iter().any(|q| works_on(w, q.name())));
    Ok(workers)
}

/// Whether `worker` is one of `queue`'s (`<queue>@<host>-<pid>`, `QueueBackend::worker_name`).
fn works_on(worker: &RunningWorker, queue: &str) -> bool {
    worker
        .id
        .strip_prefix(queue)
        .is_some_and(|rest| rest.starts_with('@'))
}

/// Every queue, with its figures, its live workers and the jobs it was given on each
/// of the last 7 days.
async fn list_queues(State(board): State<Board>) -> Result<Json<Vec<QueueInfo>>, Response> {
    let counts = board.records.count_by_queue().await.map_err(fault)?;
    let days = board
        .records
        .created_per_day(chrono::Utc::now())
        .await
        .map_err(fault)?;
    let mut listed = Vec::with_capacity(board.queues.len());
    for queue in board.queues.iter() {
        let workers = board.backend.live_workers(queue.queue(), jobs::LIVE_WITHIN);
        listed.push(QueueInfo {
            name: queue.name().to_owned(),
            stats: figures(counts.iter().filter(|(q, _, _)| q == queue.queue())),
            workers: workers.await.map_err(fault)?,
            activity: days
                .iter()
                .find(|(q, _)| q == queue.queue())
                .map(|(_, days)| {
                    days.iter()
                        .map(|&n| usize::try_from(n).unwrap_or(0))
                        .collect()
                })
                .unwrap_or_else(|| vec![0; 7]),
        });
    }
    Ok(Json(listed))
}

/// The tasks of every queue with one status (pending unless asked), the most recent
/// first, a page at a time.
async fn list_tasks(
    State(board): State<Board>,
    Query(filter): Query<Filter>,
) -> Result<Json<Vec<serde_json::Value>>, Response> {
    let status = filter.status.clone().unwrap_or(Status::Pending);
    let page = u64::from(filter.page.max(1));
    let page_size = u64::from(filter.limit().clamp(1, 100));
    let skip = (page - 1).saturating_mul(page_size);
    let reach = u32::try_from(skip.saturating_add(page_size).min(MAX_LISTED)).unwrap_or(0);
    let mut tasks = Vec::new();
    for queue in board.queues.iter() {
        let listed = queue.tasks(status.clone(), reach, board.records.as_ref());
        tasks.extend(listed.await.map_err(fault)?);
    }
    tasks.sort_by_key(|task| std::cmp::Reverse(task.at));
    Ok(Json(
        tasks
            .into_iter()
            .skip(usize::try_from(skip).unwrap_or(usize::MAX))
            .take(usize::try_from(page_size).unwrap_or(0))
            .map(|listed| listed.task)
            .collect(),
    ))
}

/// Every worker of every queue, with when it was last heard.
async fn list_workers(State(board): State<Board>) -> Result<Json<Vec<RunningWorker>>, Response> {
    our_workers(&board).await.map(Json)
}

/// The figures of every queue together.
async fn overview(State(board): State<Board>) -> Result<Json<Vec<Statistic>>, Response> {
    let counts = board.records.count_by_queue().await.map_err(fault)?;
    Ok(Json(figures(counts.iter())))
}
