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
use chrono::{DateTime, Duration, Utc};
use models::Database;
use models::ErrorCode;
use sha2::{Digest, Sha256};

use crate::{AppState, auth::AuthUser, error::ApiError};

pub const HEADER: &str = "idempotency-key";
/// How long a key is remembered.
const KEPT_FOR: Duration = Duration::hours(24);
/// A first request still marked running after this long is taken as abandoned.
const ABANDONED_AFTER: Duration = Duration::seconds(120);
/// The largest answer body remembered.
const MAX_ANSWER: usize = 16 * 1024 * 1024;

/// The most of a request's body the key's check may read: what its route would take
/// (the JSON limit, or a photo's form), so that a key never makes the server hold more
/// than the route itself would.
fn body_limit(parts: &axum::http::request::Parts, json_limit: usize) -> usize {
    let form = parts
        .headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.get(.."multipart/form-data".len())
                .is_some_and(|t| t.eq_ignore_ascii_case("multipart/form-data"))
        });
    if form {
        crate::photo::MAX_UPLOAD_FORM_BYTES
    } else {
        json_limit
    }
}

fn too_large() -> ApiError {
    ApiError::new(ErrorCode::PayloadTooLarge, "Request body is too large")
}

type Stored = (
    String,
    Option<i32>,
    Option<String>,
    Option<String>,
    DateTime<Utc>,
);

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
    let limit = body_limit(&parts, state.config.json_body_limit);
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
    let user_id = user.id.get();
    let db = &state.db;
    let now = Utc::now();
    prune(db, now - KEPT_FOR).await?;

    if !claim(db, user_id, &key, &hash, now).await? {
        let Some((stored_hash, status, content_type, stored_body, created_at)) =
            load(db, user_id, &key).await?
        else {
            return Err(in_use());
        };
        let running = status.is_none() && now - created_at < ABANDONED_AFTER;
        if stored_hash != hash && !running {
            return Err(ApiError::new(
                ErrorCode::IdempotencyKeyReused,
                "This Idempotency-Key was already used for a different request",
            ));
        }
        match status {
            Some(status) => return Ok(replay(status, content_type, stored_body)),
            None if running => {
                return Err(in_use());
            }
            None => {
                release(db, user_id, &key).await?;
                if !claim(db, user_id, &key, &hash, now).await? {
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
        release(db, user_id, &key).await?;
        return Ok(response);
    }
    let (parts, body) = response.into_parts();
    let bytes = match to_bytes(body, MAX_ANSWER).await {
        Ok(bytes) => bytes,
        Err(e) => {
            release(db, user_id, &key).await?;
            return Err(ApiError::internal(e));
        }
    };
    let content_type = parts
        .headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    finish(
        db,
        user_id,
        &key,
        i32::from(status.as_u16()),
        content_type.as_deref(),
        &String::from_utf8_lossy(&bytes),
    )
    .await?;
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

fn replay(status: i32, content_type: Option<String>, body: Option<String>) -> Response {
    let status = u16::try_from(status)
        .ok()
        .and_then(|s| StatusCode::from_u16(s).ok())
        .unwrap_or(StatusCode::OK);
    let mut response = (status, body.unwrap_or_default()).into_response();
    if let Some(value) = content_type.and_then(|c| HeaderValue::from_str(&c).ok()) {
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

async fn prune(db: &Database, before: DateTime<Utc>) -> Result<(), ApiError> {
    let sql = "delete from idempotency_key where created_at < $1";
    match db {
        Database::Sqlite(p) => sqlx::query(sql).bind(before).execute(p).await.map(drop),
        Database::Postgres(p) => sqlx::query(sql).bind(before).execute(p).await.map(drop),
    }
    .map_err(ApiError::internal)
}

/// Marks the key as running for this request; false when the user already has it.
async fn claim(
    db: &Database,
    user_id: i64,
    key: &str,
    hash: &str,
    now: DateTime<Utc>,
) -> Result<bool, ApiError> {
    let sql = "insert into idempotency_key (user_id, idempotency_key, request_hash, created_at) \
               values ($1, $2, $3, $4) on conflict do nothing";
    let done = match db {
        Database::Sqlite(p) => sqlx::query(sql)
            .bind(user_id)
            .bind(key)
            .bind(hash)
            .bind(now)
            .execute(p)
            .await
            .map(|r| r.rows_affected()),
        Database::Postgres(p) => sqlx::query(sql)
            .bind(user_id)
            .bind(key)
            .bind(hash)
            .bind(now)
            .execute(p)
            .await
            .map(|r| r.rows_affected()),
    }
    .map_err(ApiError::internal)?;
    Ok(done == 1)
}

async fn load(db: &Database, user_id: i64, key: &str) -> Result<Option<Stored>, ApiError> {
    let sql = "select request_hash, status, content_type, body, created_at from idempotency_key \
               where user_id = $1 and idempotency_key = $2";
    match db {
        Database::Sqlite(p) => {
            sqlx::query_as(sql)
                .bind(user_id)
                .bind(key)
                .fetch_optional(p)
                .await
        }
        Database::Postgres(p) => {
            sqlx::query_as(sql)
                .bind(user_id)
                .bind(key)
                .fetch_optional(p)
                .await
        }
    }
    .map_err(ApiError::internal)
}

async fn release(db: &Database, user_id: i64, key: &str) -> Result<(), ApiError> {
    let sql = "delete from idempotency_key where user_id = $1 and idempotency_key = $2";
    match db {
        Database::Sqlite(p) => sqlx::query(sql)
            .bind(user_id)
            .bind(key)
            .execute(p)
            .await
            .map(drop),
        Database::Postgres(p) => sqlx::query(sql)
            .bind(user_id)
            .bind(key)
            .execute(p)
            .await
            .map(drop),
    }
    .map_err(ApiError::internal)
}

async fn finish(
    db: &Database,
    user_id: i64,
    key: &str,
    status: i32,
    content_type: Option<&str>,
    body: &str,
) -> Result<(), ApiError> {
    let sql = "update idempotency_key set status = $3, content_type = $4, body = $5 \
               where user_id = $1 and idempotency_key = $2";
    match db {
        Database::Sqlite(p) => sqlx::query(sql)
            .bind(user_id)
            .bind(key)
            .bind(status)
            .bind(content_type)
            .bind(body)
            .execute(p)
            .await
            .map(drop),
        Database::Postgres(p) => sqlx::query(sql)
            .bind(user_id)
            .bind(key)
            .bind(status)
            .bind(content_type)
            .bind(body)
            .execute(p)
            .await
            .map(drop),
    }
    .map_err(ApiError::internal)
}
