use std::time::Duration;

use apalis::prelude::TaskSink;
use apalis_redis::{ConnectionManager, RedisStorage};
use apalis_sqlite::{SqlitePool, SqliteStorage};
use models::Database;

use crate::{Job, JobsError, Queued};

/// The default worker heartbeat.
pub const DEFAULT_HEARTBEAT: Duration = Duration::from_secs(10);

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
                SqliteStorage::<()>::setup(pool)
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
        SqliteStorage::new(pool).with_config(
            apalis_sqlite::Config::default()
                .queue(name)
                .heartbeat_interval(heartbeat)
                .missed_heartbeats(MISSED_HEARTBEATS),
        )
    }

    pub fn redis_storage<J: Job>(
        conn: &ConnectionManager,
        name: &str,
        heartbeat: Duration,
    ) -> RedisStorage<Queued<J>> {
        RedisStorage::new(conn.clone()).with_config(
            apalis_redis::Config::default()
                .queue(name)
                .heartbeat_interval(heartbeat)
                .missed_heartbeats(MISSED_HEARTBEATS),
        )
    }

    pub(crate) async fn push<J: Job>(&self, job: Queued<J>) -> Result<(), JobsError> {
        let name = self.queue_name(J::QUEUE);
        match self {
            QueueBackend::Sqlite(pool) => Self::sqlite_storage::<J>(pool, &name, DEFAULT_HEARTBEAT)
                .push(job)
                .await
                .map_err(|e| JobsError::Queue(e.to_string())),
            QueueBackend::Redis { conn, .. } => {
                Self::redis_storage::<J>(conn, &name, DEFAULT_HEARTBEAT)
                    .push(job)
                    .await
                    .map_err(|e| JobsError::Queue(e.to_string()))
            }
        }
    }
}
