use axum::{Router, extract::State, routing::get};
use jobs::QueueBackend;
use serde::Serialize;

use crate::{
    AppState,
    error::{ApiError, ApiJson, ApiResult},
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/health", get(health))
        .route("/health/ready", get(ready))
}

#[derive(Serialize)]
struct Health {
    status: &'static str,
    version: &'static str,
}

/// Liveness: the process answers.
async fn health() -> ApiJson<Health> {
    ApiJson(Health {
        status: "ok",
        version: env!("CARGO_PKG_VERSION"),
    })
}

#[derive(Serialize)]
struct Readiness {
    status: &'static str,
    mode: &'static str,
    database: &'static str,
    queue: jobs::QueueKind,
    bus: &'static str,
    workers: &'static str,
}

/// Readiness: the database and the queue answer. Says which ones are in use.
#[tracing::instrument(skip(state))]
async fn ready(State(state): State<AppState>) -> ApiResult<Readiness> {
    state
        .db
        .ping()
        .await
        .map_err(|e| not_ready("database", e))?;
    if let QueueBackend::Redis { conn, .. } = state.jobs.queue() {
        let mut conn = conn.clone();
        redis::cmd("PING")
            .query_async::<String>(&mut conn)
            .await
            .map_err(|e| not_ready("redis", e))?;
    }
    let fleet = state.config.redis_url.is_some();
    Ok(ApiJson(Readiness {
        status: "ready",
        mode: if fleet { "fleet" } else { "embedded" },
        database: state.db.engine().as_str(),
        queue: state.jobs.queue().kind(),
        bus: if fleet { "redis" } else { "in-process" },
        workers: if state.config.embedded_workers {
            "in-process"
        } else {
            "separate"
        },
    }))
}

/// Names the dependency; the details (hosts, addresses) go to the log only.
fn not_ready(dependency: &str, error: impl std::fmt::Display) -> ApiError {
    tracing::warn!(dependency, %error, "not ready");
    ApiError::unavailable("NOT_READY", format!("The {dependency} is unreachable"))
}
