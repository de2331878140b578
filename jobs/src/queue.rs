use std::time::Duration;

use apalis::prelude::{ListWorkers, RunningWorker, TaskBuilder, TaskId, TaskSink};
use apalis_redis::{ConnectionManager, RedisStorage};
use apalis_sqlite::{SqlitePool, SqliteStorage};
use models::JobId;
use redis::AsyncCommands;
use serde::{Serialize, de::DeserializeOwned};
use store::Database;

use crate::{Job, JobsError, Queued};

/// The default worker heartbeat.
pub const DEFAULT_HEARTBEAT: Duration = Duration::from_secs(10);

/// A worker heard from within this long counts as live (three default heartbeats): for
/// the metrics and the job board.
pub const LIVE_WITHIN: Duration = Duration::from_secs(3 * DEFAULT_HEARTBEAT.as_secs());

/// The prefix of Redis keys and channels when the deployment names none, so that
/// deployments can share a server.
pub const DEFAULT_NAMESPACE: &str = "calorie";

/// A worker silent for this many heartbeats is taken for dead and its jobs go to
/// another (the backends' own defaults differ: 2 for SQLite, 10 for Redis).
const MISSED_HEARTBEATS: usize = 3;

/// Where jobs wait: the SQLite database itself (embedded) or Redis (fleet).
#[derive(Clone)]
pub enum QueueBackend {
    Sqlite(SqlitePool),
    Redis {
        conn: ConnectionManager,
        namespace: String,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum QueueKind {
    Sqlite,
    Redis,
}

impl std::fmt::Debug for QueueBackend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "QueueBackend::{:?}", self.kind())
    }
}

impl QueueBackend {
    /// Picks the queue from configuration: Redis when a URL is given, else the SQLite
    /// database. PostgreSQL without Redis is refused: the fleet needs a shared queue.
    pub async fn connect(
        db: &Database,
        redis_url: Option<&str>,
        namespace: &str,
    ) -> Result<Self, JobsError> {
        match (redis_url, db) {
            (Some(url), _) => Ok(QueueBackend::Redis {
                conn: apalis_redis::connect(url).await?,
                namespace: namespace.to_owned(),
            }),
            (None, Database::Sqlite(pool)) => {
                // Only apalis's tables: its `setup` also sets pragmas on whichever of the
                // pool's connections runs each (cache_size = 64000 pages, 250 MiB, which
                // held 96 MiB of the food index's start-up scan; synchronous = OFF), and
                // the pool's own options (WAL, synchronous NORMAL) are the product's.
                SqliteStorage::<()>::migrations()
                    .run(pool)
                    .await
                    .map_err(|e| JobsError::Queue(e.to_string()))?;
                Ok(QueueBackend::Sqlite(pool.clone()))
            }
            (None, Database::Postgres(_)) => Err(JobsError::Queue(
                "a PostgreSQL database needs REDIS_URL for its job queue".into(),
            )),
        }
    }

    pub fn kind(&self) -> QueueKind {
        match self {
            QueueBackend::Sqlite(_) => QueueKind::Sqlite,
            QueueBackend::Redis { .. } => QueueKind::Redis,
        }
    }

    /// The name a queue has in the backend; Redis queues are namespaced so several
    /// deployments (or test runs) can share one server.
    pub fn queue_name(&self, queue: &str) -> String {
        match self {
            QueueBackend::Sqlite(_) => queue.to_owned(),
            QueueBackend::Redis { namespace, .. } => format!("{namespace}:{queue}"),
        }
    }

    /// `heartbeat` is how often a worker on this storage says it is alive; jobs held by
    /// a worker silent for a few heartbeats are handed to another one.
    pub fn sqlite_storage<J: Job>(
        pool: &SqlitePool,
        name: &str,
        heartbeat: Duration,
    ) -> SqliteStorage<Queued<J>> {
        SqliteStorage::new(pool).with_config(sqlite_config(name, heartbeat))
    }

    pub fn redis_storage<J: Job>(
        conn: &ConnectionManager,
        name: &str,
        heartbeat: Duration,
    ) -> RedisStorage<Queued<J>> {
        RedisStorage::new(conn.clone()).with_config(redis_config(name, heartbeat))
    }

    /// Whether the queue holds the job (waiting, handed to a worker, or done). Redis can
    /// lose a job it was given (a restart without persistence); both miss one that was
    /// recorded but never pushed (a process that died in between).
    pub async fn holds(&self, queue: &str, job_id: JobId) -> Result<bool, JobsError> {
        match self {
            // The queue knows a task by an id of its own: the job's is in its payload.
            QueueBackend::Sqlite(pool) => sqlx::query_scalar::<_, i64>(
                "select 1 from Jobs where job_type = ?1 \
                 and instr(job, cast(?2 as blob)) > 0 limit 1",
            )
            .bind(self.queue_name(queue))
            .bind(job_id.to_string())
            .fetch_optional(pool)
            .await
            .map(|held| held.is_some())
            .map_err(|e| JobsError::Queue(e.to_string())),
            QueueBackend::Redis { conn, .. } => {
                let config = redis_config(&self.queue_name(queue), DEFAULT_HEARTBEAT);
                let held: bool = conn
                    .clone()
                    .hexists(config.job_data_hash(), job_id.to_string())
                    .await?;
                Ok(held)
            }
        }
    }

    /// The workers registered on `queue` that said they were alive within `within`,
    /// by name (`<queue>@<host>-<pid>`).
    pub async fn live_workers(
        &self,
        queue: &str,
        within: Duration,
    ) -> Result<Vec<String>, JobsError> {
        let name = self.queue_name(queue);
        let since = chrono::Utc::now().timestamp() - within.as_secs() as i64;
        match self {
            QueueBackend::Sqlite(pool) => sqlx::query_scalar(
                "select id from Workers where worker_type = ?1 and last_seen >= ?2",
            )
            .bind(&name)
            .bind(since)
            .fetch_all(pool)
            .await
            .map_err(|e| JobsError::Queue(e.to_string())),
            QueueBackend::Redis { conn, .. } => {
                let config = redis_config(&name, DEFAULT_HEARTBEAT);
                let live: Vec<String> = conn
                    .clone()
                    .zrangebyscore(config.workers_set(), since, "+inf")
                    .await?;
                Ok(live)
            }
        }
    }

    /// Every worker registered on this backend, on any queue, live or gone, with when
    /// each was last heard from (a Redis server shared by deployments lists theirs too).
    pub async fn workers(&self) -> Result<Vec<RunningWorker>, JobsError> {
        // The listing reads every queue's workers, whatever job type the storage has.
        type Any = Queued<serde_json::Value>;
        let failed = |e: &dyn std::fmt::Display| JobsError::Queue(e.to_string());
        match self {
            QueueBackend::Sqlite(pool) => SqliteStorage::<Any>::new(pool)
                .list_all_workers()
                .await
                .map_err(|e| failed(&e)),
            QueueBackend::Redis { conn, .. } => RedisStorage::<Any>::new(conn.clone())
                .list_all_workers()
                .await
                .map_err(|e| failed(&e)),
        }
    }

    /// The name a worker process registers on `queue` (`worker` is its `host-pid`).
    pub fn worker_name(&self, queue: &str, worker: &str) -> String {
        format!("{}@{worker}", self.queue_name(queue))
    }

    /// Puts a recorded job back on its queue from its stored payload (the sweeper's
    /// way, which knows the queue by name only). The bytes are those `push` sends.
    pub async fn push_stored(
        &self,
        queue: &str,
        job_id: JobId,
        payload: &str,
    ) -> Result<(), JobsError> {
        let payload: serde_json::Value = serde_json::from_str(payload)
            .map_err(|e| JobsError::Queue(format!("stored payload of {job_id}: {e}")))?;
        self.push_to(queue, Queued { job_id, payload }).await
    }

    pub(crate) async fn push<J: Job>(&self, job: Queued<J>) -> Result<(), JobsError> {
        self.push_to(J::QUEUE, job).await
    }

    /// Puts a job on the queue called `queue`, whatever type its payload has.
    async fn push_to<A>(&self, queue: &str, job: Queued<A>) -> Result<(), JobsError>
    where
        A: Serialize + DeserializeOwned + Clone + Send + Sync + Unpin + 'static,
    {
        let name = self.queue_name(queue);
        let failed = |e: &dyn std::fmt::Display| JobsError::Queue(e.to_string());
        match self {
            QueueBackend::Sqlite(pool) => SqliteStorage::<Queued<A>>::new(pool)
                .with_config(sqlite_config(&name, DEFAULT_HEARTBEAT))
                .push(job)
                .await
                .map_err(|e| failed(&e)),
            QueueBackend::Redis { conn, .. } => {
                let id = task_id(job.job_id);
                RedisStorage::<Queued<A>>::new(conn.clone())
                    .with_config(redis_config(&name, DEFAULT_HEARTBEAT))
                    .push_task(TaskBuilder::new(job).task_id(id).build())
                    .await
                    .map_err(|e| failed(&e))
            }
        }
    }
}

fn sqlite_config(name: &str, heartbeat: Duration) -> apalis_sqlite::Config {
    apalis_sqlite::Config::default()
        .queue(name)
        .heartbeat_interval(heartbeat)
        .missed_heartbeats(MISSED_HEARTBEATS)
}

fn redis_config(name: &str, heartbeat: Duration) -> apalis_redis::Config {
    apalis_redis::Config::default()
        .queue(name)
        .heartbeat_interval(heartbeat)
        .missed_heartbeats(MISSED_HEARTBEATS)
}

/// Redis knows a job by the job's own id: the sweeper can then ask whether the queue
/// still holds it, a job pushed again while held is not held twice, and the job board
/// finds a job's task.
pub fn task_id(job_id: JobId) -> TaskId {
    TaskId::from_string(job_id.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The queue's tables are made without changing the pool's connections: every one
    /// keeps a small page cache (apalis's setup gave one 64,000 pages, 250 MiB) and the
    /// product's durability (synchronous NORMAL, not OFF).
    #[tokio::test]
    async fn the_sqlite_queue_leaves_each_connection_as_the_database_opened_it() {
        let db = store::testing::TestDatabase::sqlite().await;
        let Database::Sqlite(pool) = &db.db else {
            unreachable!("a SQLite test database")
        };
        QueueBackend::connect(&db.db, None, "test").await.unwrap();
        let mut held = Vec::new();
        for _ in 0..pool.options().get_max_connections() {
            held.push(pool.acquire().await.unwrap());
        }
        for connection in &mut held {
            let cache: i64 = sqlx::query_scalar("pragma cache_size")
                .fetch_one(&mut **connection)
                .await
                .unwrap();
            let synchronous: i64 = sqlx::query_scalar("pragma synchronous")
                .fetch_one(&mut **connection)
                .await
                .unwrap();
            // Negative: KiB; positive: pages of 4 KiB.
            let cache_bytes = if cache < 0 {
                -cache * 1024
            } else {
                cache * 4096
            };
            assert!(
                cache_bytes <= 8 << 20,
                "a page cache of {cache_bytes} bytes"
            );
            assert_eq!(synchronous, 1, "synchronous NORMAL");
        }
    }
}
