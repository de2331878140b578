//! The admin listener: the apalis job board (it must sit at the root of its own
//! router) with a phone-width summary of it, Prometheus metrics and a queue probe. Closed unless `ADMIN_TOKEN` is set,
//! and then only for requests that present it (bearer, or HTTP basic auth so a
//! browser can open the board).

mod board;
mod summary;

use apalis_board::axum::ui::ServeUI;
use axum::{
    Extension, Router,
    extract::{DefaultBodyLimit, Request, State},
    http::{HeaderValue, header},
    middleware::{self, Next},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use base64::Engine;
use jobs::payloads::{ImportFoods, ImportSource, Probe};
use models::ErrorCode;
use platform::config::ExposeSecret;
use serde::{Deserialize, Serialize};

use crate::{
    AppState,
    auth::AdminListener,
    config::Secret,
    error::{ApiError, ApiJson, ApiResult},
    extract::{Body, Path, Query},
};

pub fn router(state: AppState) -> Router {
    let token = state.config.admin_token.clone();
    Router::new()
        .route("/metrics", get(metrics))
        .route("/probe", post(probe))
        .route("/imports", post(start_import))
        .route("/imports/{id}/rejections", get(import_rejections))
        // A job's state, events, answer and cancel, as on the public API, for every job:
        // the admin's probes and imports are served here only.
        .merge(crate::routes::jobs::router().split_for_parts().0)
        .layer(Extension(AdminListener))
        .layer(DefaultBodyLimit::max(state.config.json_body_limit))
        .with_state(state.clone())
        .nest("/api/v1", board::router(&state.jobs))
        .merge(summary::router(&state.jobs))
        .route("/", get(home))
        .fallback_service(ServeUI::new())
        .layer(middleware::from_fn_with_state(token, require_admin))
}

/// The board's UI is a desktop page, a third of its size on a phone: a phone is sent to
/// the summary of the same figures.
async fn home(request: Request) -> Response {
    let headers = request.headers();
    let says = |name: header::HeaderName| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    let agent = says(header::USER_AGENT);
    let phone = says(header::HeaderName::from_static("sec-ch-ua-mobile")) == "?1"
        || agent.contains("Mobi")
        || agent.contains("Android");
    if phone {
        return axum::response::Redirect::to("/summary").into_response();
    }
    match tower::ServiceExt::oneshot(ServeUI::new(), request).await {
        Ok(response) => response.into_response(),
        Err(never) => match never {},
    }
}

async fn require_admin(
    State(token): State<Option<Secret>>,
    request: Request,
    next: Next,
) -> Response {
    let Some(token) = token else {
        return ApiError::new(
            ErrorCode::AdminClosed,
            "The admin listener is closed: set ADMIN_TOKEN to open it",
        )
        .into_response();
    };
    let presented = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(presented_token);
    if presented.is_some_and(|p| constant_time_eq(p.as_bytes(), token.expose_secret().as_bytes())) {
        return next.run(request).await;
    }
    let mut response = ApiError::new(
        ErrorCode::Unauthorized,
        "Present ADMIN_TOKEN as a bearer token or as the basic-auth password",
    )
    .into_response();
    response.headers_mut().insert(
        header::WWW_AUTHENTICATE,
        HeaderValue::from_static("Basic realm=\"calorie admin\", charset=\"UTF-8\""),
    );
    response
}

/// The token from `Bearer <token>` or from the password of `Basic base64(user:token)`.
fn presented_token(authorization: &str) -> Option<String> {
    let (scheme, value) = authorization.split_once(' ')?;
    if scheme.eq_ignore_ascii_case("bearer") {
        return Some(value.trim().to_owned());
    }
    if scheme.eq_ignore_ascii_case("basic") {
        let decoded = base64::engine::general_purpose::STANDARD
            .decode(value.trim())
            .ok()?;
        let text = String::from_utf8(decoded).ok()?;
        return text
            .split_once(':')
            .map(|(_, password)| password.to_owned());
    }
    None
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

async fn metrics(State(state): State<AppState>) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        crate::metrics::render(&state).await,
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ProbeRequest {
    #[serde(default = "default_steps")]
    steps: u8,
    #[serde(default = "default_delay")]
    step_delay_ms: u64,
}

fn default_steps() -> u8 {
    3
}

fn default_delay() -> u64 {
    100
}

#[derive(Serialize)]
struct ProbeStarted {
    job_id: jobs::JobId,
    events: String,
}

/// Sends a probe job (JSON body `{steps, step_delay_ms}`, both optional) through the
/// queue; its progress is at `events`, on this listener.
async fn probe(
    State(state): State<AppState>,
    Body(request): Body<ProbeRequest>,
) -> ApiResult<ProbeStarted> {
    let job_id = state
        .jobs
        .push(Probe::new(request.steps, request.step_delay_ms), None)
        .await?;
    Ok(ApiJson(ProbeStarted {
        job_id,
        events: format!("/jobs/{job_id}/events"),
    }))
}

#[derive(Deserialize)]
struct ImportRequest {
    source: ImportSource,
    /// A folder (USDA release) or a file (Open Food Facts export) the workers can read.
    path: String,
}

/// Starts an import job; its progress streams from the API's job events.
async fn start_import(
    State(state): State<AppState>,
    Body(request): Body<ImportRequest>,
) -> ApiResult<ProbeStarted> {
    if request.path.trim().is_empty() {
        return Err(ApiError::validation("path is required"));
    }
    let job_id = state
        .jobs
        .push(
            ImportFoods {
                source: request.source,
                path: request.path,
            },
            None,
        )
        .await?;
    Ok(ApiJson(ProbeStarted {
        job_id,
        events: format!("/jobs/{job_id}/events"),
    }))
}

#[derive(Deserialize)]
struct PageParams {
    page: Option<i64>,
    page_size: Option<i64>,
}

#[derive(Serialize)]
struct Rejections {
    import_id: String,
    total: i64,
    rejections: Vec<RejectionView>,
}

#[derive(Serialize)]
struct RejectionView {
    source_key: String,
    name: String,
    reason: String,
}

/// What an import kept out, and why.
async fn import_rejections(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(params): Query<PageParams>,
) -> ApiResult<Rejections> {
    let page = crate::params::positive_at_most("page", params.page, 1, 1_000_000)?;
    let page_size = crate::params::positive_at_most("page_size", params.page_size, 100, 1000)?;
    let (rejections, total) = state
        .stores
        .foods
        .rejections(&id, (page - 1) * page_size, page_size)
        .await?;
    Ok(ApiJson(Rejections {
        import_id: id,
        total,
        rejections: rejections
            .into_iter()
            .map(|r| RejectionView {
                source_key: r.source_key,
                name: r.name,
                reason: r.reason,
            })
            .collect(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_read_from_bearer_and_basic() {
        assert_eq!(presented_token("Bearer s3cret").as_deref(), Some("s3cret"));
        let basic = base64::engine::general_purpose::STANDARD.encode("admin:s3cret");
        assert_eq!(
            presented_token(&format!("Basic {basic}")).as_deref(),
            Some("s3cret")
        );
        assert_eq!(presented_token("Digest abc"), None);
        assert_eq!(presented_token("Basic !!!"), None);
    }

    #[test]
    fn comparison_needs_the_same_bytes() {
        assert!(constant_time_eq(b"abc", b"abc"));
        assert!(!constant_time_eq(b"abc", b"abd"));
        assert!(!constant_time_eq(b"abc", b"abcd"));
    }
}
