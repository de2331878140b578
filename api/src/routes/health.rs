use axum::extract::State;
use jobs::QueueBackend;
use models::ErrorCode;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState,
    error::{ApiError, ApiJson, ApiResult, Success},
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(health))
        .routes(routes!(ready))
}

#[derive(Serialize, ToSchema)]
struct Health {
    status: &'static str,
    version: &'static str,
}

/// Liveness: the process answers.
#[utoipa::path(
    get,
    path = "/health",
    tag = "ops",
    operation_id = "health_health",
    summary = "Liveness: the process answers, with its version.",
    responses(
        (status = 200, description = "Alive", body = Success<Health>),
    ),
)]
#[tracing::instrument(skip_all)]
async fn health() -> ApiJson<Health> {
    ApiJson(Health {
        status: "ok",
        version: env!("CARGO_PKG_VERSION"),
    })
}

#[derive(Serialize, ToSchema)]
struct Readiness {
    status: &'static str,
    mode: &'static str,
    database: &'static str,
    queue: jobs::QueueKind,
    bus: &'static str,
    workers: &'static str,
}

/// Readiness: the database and the queue answer. Says which ones are in use.
#[utoipa::path(
    get,
    path = "/health/ready",
    tag = "ops",
    operation_id = "health_ready",
    summary = "Readiness: database and queue answer; names the mode, database, queue, bus and where workers run.",
    responses(
        (status = 200, description = "Ready", body = Success<Readiness>),
        (status = 503, description = "A dependency is unreachable (code NOT_READY)"),
    ),
)]
#[tracing::instrument(skip_all)]
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
    ApiError::new(
        ErrorCode::NotReady,
        format!("The {dependency} is unreachable"),
    )
}
