//! The one error type of the HTTP layer, rendered as the spec's envelope
//! `{success: false, data: null, error: {message, code}}`.

use std::borrow::Cow;

use axum::{
    Json,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use serde::Serialize;
use utoipa::{
    ToSchema,
    openapi::schema::{Object, ObjectBuilder, Type},
};

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: Cow<'static, str>,
    pub message: String,
    /// Seconds, sent as `Retry-After` (rate limits).
    pub retry_after: Option<u64>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            code: Cow::Borrowed(code),
            message: message.into(),
            retry_after: None,
        }
    }

    /// The same error under a more specific code.
    pub fn with_code(mut self, code: &'static str) -> Self {
        self.code = Cow::Borrowed(code);
        self
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "BAD_REQUEST", message)
    }

    pub fn validation(message: impl Into<String>) -> Self {
        Self::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "VALIDATION_ERROR",
            message,
        )
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, "NOT_FOUND", message)
    }

    pub fn unavailable(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::SERVICE_UNAVAILABLE, code, message)
    }

    /// Logs the cause and tells the caller only that something went wrong on our side.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        tracing::error!(error = %cause, "internal error");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "INTERNAL_ERROR",
            "Internal server error",
        )
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {}: {}",
            self.status.as_u16(),
            self.code,
            self.message
        )
    }
}

/// The failure envelope; every answer of 400 and above is one.
#[derive(Serialize, ToSchema)]
pub(crate) struct Failure<'a> {
    #[schema(schema_with = always_false)]
    success: bool,
    #[schema(schema_with = null)]
    data: Option<()>,
    #[schema(inline)]
    error: ErrorDetail<'a>,
}

#[derive(Serialize, ToSchema)]
struct ErrorDetail<'a> {
    message: &'a str,
    /// What went wrong, for programs: `VALIDATION_ERROR`, `NOT_FOUND`, `RATE_LIMITED`, …
    code: &'a str,
}

/// The code of a save that lost a race with a deletion.
pub const REFERENCE_GONE: &str = "REFERENCE_GONE";

/// Marks an answer that lost a race with a deletion, for `auth::ended_account`.
#[derive(Debug, Clone, Copy)]
pub struct ReferenceGone;

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Failure {
            success: false,
            data: None,
            error: ErrorDetail {
                message: &self.message,
                code: &self.code,
            },
        };
        let mut response = (self.status, Json(body)).into_response();
        if self.code == REFERENCE_GONE {
            response.extensions_mut().insert(ReferenceGone);
        }
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        response
    }
}

impl From<models::Invalid> for ApiError {
    fn from(e: models::Invalid) -> Self {
        ApiError::validation(e.0)
    }
}

impl From<models::recipe::RecipeRefused> for ApiError {
    fn from(e: models::recipe::RecipeRefused) -> Self {
        use models::recipe::RecipeRefused;
        let error = ApiError::validation(e.to_string());
        match e {
            RecipeRefused::Cycle => error.with_code("RECIPE_CYCLE"),
            RecipeRefused::TooDeep => error.with_code("RECIPE_TOO_DEEP"),
            RecipeRefused::TooLarge => error.with_code("RECIPE_TOO_LARGE"),
            RecipeRefused::TooShared => error.with_code("RECIPE_TOO_SHARED"),
        }
    }
}

impl From<models::StoreError> for ApiError {
    fn from(e: models::StoreError) -> Self {
        match e {
            models::StoreError::NotFound => ApiError::not_found("Not found"),
            models::StoreError::Recipe(refused) => refused.into(),
            models::StoreError::Conflict(message) => {
                ApiError::new(StatusCode::CONFLICT, "CONFLICT", message)
            }
            models::StoreError::Refused(message) => ApiError::validation(message),
            // A row this save refers to was deleted while it ran; the transaction was
            // rolled back. When it was the caller's account, `auth::ended_account`
            // answers as for any ended session.
            models::StoreError::Database(sqlx::Error::Database(db))
                if db.kind() == sqlx::error::ErrorKind::ForeignKeyViolation =>
            {
                ApiError::new(
                    StatusCode::CONFLICT,
                    "REFERENCE_GONE",
                    "Something this refers to was deleted meanwhile; nothing was saved",
                )
            }
            // The database is away (restarting, unreachable, no free connection): the
            // caller may try again shortly, and nothing was saved.
            models::StoreError::Database(e) if database_away(&e) => {
                tracing::warn!(error = %e, "database unavailable");
                ApiError {
                    retry_after: Some(1),
                    ..ApiError::new(
                        StatusCode::SERVICE_UNAVAILABLE,
                        "DATABASE_UNAVAILABLE",
                        "The database is unavailable for a moment; nothing was saved, please try again",
                    )
                }
            }
            other => ApiError::internal(other),
        }
    }
}

/// Whether the database is away rather than the request wrong: the connection broke,
/// none was free in time, or PostgreSQL is shutting down or starting up (57P01–57P03).
fn database_away(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::Io(_) | sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed => true,
        sqlx::Error::Database(db) => db.code().is_some_and(|c| c.starts_with("57P")),
        _ => false,
    }
}

impl From<jobs::JobsError> for ApiError {
    fn from(e: jobs::JobsError) -> Self {
        use jobs::JobsError;
        match e {
            JobsError::NotFound(_) => ApiError::not_found("Job not found"),
            JobsError::Failed(failure) => ApiError {
                // A job that ran out of retries (an outside service down) or could not
                // be queued is our problem; any other code names the caller's.
                status: match failure.code.as_str() {
                    "JOB_FAILED" | "ENQUEUE_FAILED" | "JOB_CRASHED" => {
                        StatusCode::SERVICE_UNAVAILABLE
                    }
                    code if code.ends_with("_UNAVAILABLE") => StatusCode::SERVICE_UNAVAILABLE,
                    code if code.ends_with("_NOT_FOUND") => StatusCode::NOT_FOUND,
                    _ => StatusCode::UNPROCESSABLE_ENTITY,
                },
                code: Cow::Owned(failure.code),
                message: failure.message,
                retry_after: None,
            },
            JobsError::Cancelled => {
                ApiError::new(StatusCode::CONFLICT, "CANCELLED", "The job was cancelled")
            }
            JobsError::Timeout { .. } => ApiError::new(
                StatusCode::GATEWAY_TIMEOUT,
                "TIMEOUT",
                "The work did not finish in time; try again",
            ),
            JobsError::Store(e) => e.into(),
            other => ApiError::internal(other),
        }
    }
}

/// A successful answer: `{success: true, data, error: null}`.
pub struct ApiJson<T>(pub T);

/// The success envelope around an answer's data, as documented and as sent.
#[derive(Serialize, ToSchema)]
pub(crate) struct Success<T> {
    #[schema(schema_with = always_true)]
    success: bool,
    data: T,
    #[schema(schema_with = null)]
    error: Option<()>,
}

fn always_true() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::Boolean)
        .enum_values(Some([true]))
        .build()
}

fn always_false() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::Boolean)
        .enum_values(Some([false]))
        .build()
}

fn null() -> Object {
    ObjectBuilder::new().schema_type(Type::Null).build()
}

impl<T: Serialize> IntoResponse for ApiJson<T> {
    fn into_response(self) -> Response {
        Json(Success {
            success: true,
            data: self.0,
            error: None,
        })
        .into_response()
    }
}

pub type ApiResult<T> = Result<ApiJson<T>, ApiError>;

#[cfg(test)]
mod tests {
    use jobs::{JobFailure, JobsError};

    use super::*;

    fn failed(code: &str) -> ApiError {
        JobsError::Failed(JobFailure {
            message: "m".into(),
            code: code.into(),
        })
        .into()
    }

    #[test]
    fn job_failures_keep_their_code() {
        let rejected = failed("MAIL_REJECTED");
        assert_eq!(
            (rejected.status, rejected.code.as_ref()),
            (StatusCode::UNPROCESSABLE_ENTITY, "MAIL_REJECTED")
        );
        // Out of retries (an outside service down) is on our side, not the caller's.
        let exhausted = failed("JOB_FAILED");
        assert_eq!(exhausted.status, StatusCode::SERVICE_UNAVAILABLE);
    }
}
