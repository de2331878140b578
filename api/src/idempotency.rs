//! `Idempotency-Key` on POST: a client that retries a save (an offline queue, a lost
//! answer) gets the first answer again and nothing is created twice.
//!
//! Keys are per user and kept 24 hours. The same key with another method, path, query,
//! time zone (`X-Time-Zone`) or body is refused (422 `IDEMPOTENCY_KEY_REUSED`); a repeat while the first request still runs
//! gets 409 with `Retry-After`. Answers below 500 are kept (a refused request answers the
//! same refusal again); a 5xx, 429, 408 or 202 answer (work under way: the call is sent
//! again once it is done) is not kept, so the key can be retried.

use axum::{
    body::{Body, to_bytes},
    extract::{FromRequestParts, Request, State},
    http::{HeaderValue, Method, StatusCode, header},
    middleware::Next,
    response::{IntoResponse, Response},
};
use chrono::{Duration, Utc};
use models::ErrorCode;
use sha2::{Digest, Sha256};
use store::KeptAnswer;

use crate::{AppState, auth::AuthUser, error::ApiError};

pub const HEADER: &str = "idempotency-key";
/// How long a key is remembered.
const KEPT_FOR: Duration = Duration::hours(24);
/// A first request still marked running after this long is taken as abandoned.
const ABANDONED_AFTER: Duration = Duration::seconds(120);
/// The largest answer body remembered.
const MAX_ANSWER: usize = 16 * 1024 * 1024;

/// What the matched route takes, so the key's check reads no more than the route would
/// and nothing the route would refuse unread.
#[derive(Debug, PartialEq)]
enum Takes {
    /// A photo's form, up to [`crate::photo::MAX_UPLOAD_FORM_BYTES`], once the account's
    /// photo budget admits it.
    PhotoForm,
    /// JSON (or nothing), up to the JSON limit.
    Json,
    /// An account's export read back, up to [`crate::account_import::MAX_IMPORT_BYTES`].
    AccountImport,
}

impl Takes {
    fn of(parts: &axum::http::request::Parts) -> Takes {
        let route = parts
            .extensions
            .get::<axum::extract::MatchedPath>()
            .map(|p| p.as_str().trim_end_matches('/'));
        // The matched path is the whole one (`/api/v1/images/upload`).
        if route.is_some_and(|r| crate::photo::FORM_ROUTES.iter().any(|f| r.ends_with(f))) {
            Takes::PhotoForm
        } else if route.is_some_and(|r| r.ends_with("/users/import")) {
            Takes::AccountImport
        } else {
            Takes::Json
        }
    }

    /// Whether a body of `content_type` is one the route reads at all.
    fn accepts(&self, content_type: Option<&str>) -> bool {
        let essence = content_type.map(|t| {
            t.split(';')
                .next()
                .unwrap_or_default()
                .trim()
                .to_ascii_lowercase()
        });
        match (self, essence.as_deref()) {
            (Takes::PhotoForm, Some(t)) => t == "multipart/form-data",
            (Takes::PhotoForm, None) => false,
            (Takes::Json | Takes::AccountImport, None) => true,
            (Takes::Json | Takes::AccountImport, Some(t)) => {
                t == "application/json" || t.ends_with("+json")
            }
        }
    }
}

fn too_large() -> ApiError {
    ApiError::new(ErrorCode::PayloadTooLarge, "Request body is too large")
}

/// A valid key: 1-255 visible ASCII characters.
fn parse_key(value: &HeaderValue) -> Result<String, ApiError> {
    let bytes = value.as_bytes();
    if bytes.is_empty() || bytes.len() > 255 || !bytes.iter().all(|b| b.is_ascii_graphic()) {
        return Err(ApiError::new(
            ErrorCode::InvalidIdempotencyKey,
            "Idempotency-Key must be 1 to 255 visible ASCII characters",
        ));
    }
    Ok(String::from_utf8_lossy(bytes).into_owned())
}

/// The middleware: only POSTs with the header and a signed-in user are concerned.
pub async fn layer(State(state): State<AppState>, request: Request, next: Next) -> Response {
    if request.method() != Method::POST
        || request
            .uri()
            .path()
            .trim_end_matches('/')
            .ends_with("-stream")
    {
        return next.run(request).await;
    }
    let Some(value) = request.headers().get(HEADER).cloned() else {
        return next.run(request).await;
    };
    match handle(state, value, request, next).await {
        Ok(response) => response,
        Err(error) => error.into_response(),
    }
}

async fn handle(
    state: AppState,
    value: HeaderValue,
    request: Request,
    next: Next,
) -> Result<Response, ApiError> {
    let key = parse_key(&value)?;
    let (mut parts, body) = request.into_parts();
    // Without a user there is no scope for the key: the route answers as it would.
    let user = match AuthUser::from_request_parts(&mut parts, &state).await {
        Ok(AuthUser(user)) => user,
        Err(_) => return Ok(next.run(Request::from_parts(parts, body)).await),
    };
    let takes = Takes::of(&parts);
    let content_type = parts
        .headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok());
    if !takes.accepts(content_type) {
        // The route refuses it unread (415), as it does without a key.
        return Ok(next.run(Request::from_parts(parts, body)).await);
    }
    let limit = match takes {
        Takes::PhotoForm => {
            // Counted before a byte of the photo is read, as without a key; the route
            // then does not count it again.
            crate::photo::count_work(&state, user.id).await?;
            parts.extensions.insert(crate::photo::Counted(user.id));
            crate::photo::MAX_UPLOAD_FORM_BYTES
        }
        Takes::Json => state.config.json_body_limit,
        Takes::AccountImport => crate::account_import::MAX_IMPORT_BYTES,
    };
    let declared = parts
        .headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|length| length > limit as u64) {
        return Err(too_large());
    }
    let bytes = to_bytes(body, limit).await.map_err(|_| too_large())?;
    // The same key is the same request only with the same method, path, query, time
    // zone (it decides the day a save lands on) and body.
    let mut hasher = Sha256::new();
    hasher.update(parts.method.as_str());
    hasher.update([0]);
    hasher.update(parts.uri.path().trim_end_matches('/'));
    hasher.update([0]);
    hasher.update(parts.uri.query().unwrap_or_default());
    hasher.update([0]);
    if let Some(zone) = parts.headers.get("x-time-zone") {
        hasher.update(zone.as_bytes());
    }
    hasher.update([0]);
    hasher.update(&bytes);
    let hash = hex(&hasher.finalize());
    let owner = user.id;
    let kept = &*state.stores.idempotency;
    let now = Utc::now();
    kept.prune(now - KEPT_FOR).await?;

    if !kept.claim(owner, &key, &hash, now).await? {
        let Some(first) = kept.get(owner, &key).await? else {
            return Err(in_use());
        };
        let running = first.answer.is_none() && now - first.created_at < ABANDONED_AFTER;
        if first.request_hash != hash && !running {
            return Err(ApiError::new(
                ErrorCode::IdempotencyKeyReused,
                "This Idempotency-Key was already used for a different request",
            ));
        }
        match first.answer {
            Some(answer) => return Ok(replay(answer)),
            None if running => {
                return Err(in_use());
            }
            None => {
                kept.release(owner, &key).await?;
                if !kept.claim(owner, &key, &hash, now).await? {
                    return Err(in_use());
                }
            }
        }
    }

    let response = next
        .run(Request::from_parts(parts, Body::from(bytes)))
        .await;
    let status = response.status();
    // Transient answers are not kept: the client may retry the same key. A 202 is one:
    // the call is sent again once the work it waited for is done.
    let transient = status.is_server_error()
        || status == StatusCode::TOO_MANY_REQUESTS
        || status == StatusCode::REQUEST_TIMEOUT
        || status == StatusCode::ACCEPTED;
    if transient {
        kept.release(owner, &key).await?;
        return Ok(response);
    }
    let (parts, body) = response.into_parts();
    let bytes = match to_bytes(body, MAX_ANSWER).await {
        Ok(bytes) => bytes,
        Err(e) => {
            kept.release(owner, &key).await?;
            return Err(ApiError::internal(e));
        }
    };
    let answer = KeptAnswer {
        status: status.as_u16(),
        content_type: parts
            .headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned),
        body: String::from_utf8_lossy(&bytes).into_owned(),
    };
    kept.answer(owner, &key, &answer).await?;
    Ok(Response::from_parts(parts, Body::from(bytes)))
}

fn in_use() -> ApiError {
    ApiError {
        retry_after: Some(1),
        ..ApiError::new(
            ErrorCode::IdempotencyKeyInUse,
            "A request with this Idempotency-Key is still being processed",
        )
    }
}

fn replay(answer: KeptAnswer) -> Response {
    let status = StatusCode::from_u16(answer.status).unwrap_or(StatusCode::OK);
    let mut response = (status, answer.body).into_response();
    if let Some(value) = answer
        .content_type
        .and_then(|c| HeaderValue::from_str(&c).ok())
    {
        response.headers_mut().insert(header::CONTENT_TYPE, value);
    }
    response
        .headers_mut()
        .insert("idempotent-replayed", HeaderValue::from_static("true"));
    response
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::Takes;

    #[test]
    fn a_route_reads_only_the_bodies_it_takes() {
        assert!(Takes::Json.accepts(Some("application/json")));
        assert!(Takes::Json.accepts(Some("Application/JSON; charset=utf-8")));
        assert!(Takes::Json.accepts(None));
        assert!(!Takes::Json.accepts(Some("multipart/form-data; boundary=x")));
        assert!(!Takes::Json.accepts(Some("text/plain")));
        assert!(Takes::PhotoForm.accepts(Some("multipart/form-data; boundary=x")));
        assert!(!Takes::PhotoForm.accepts(Some("application/json")));
        assert!(!Takes::PhotoForm.accepts(None));
    }
}
