//! The one error type of the HTTP layer, rendered as the spec's envelope
//! `{success: false, data: null, error: {message, code}}`.

use axum::{
    Json,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use serde::Serialize;

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            code,
            message: message.into(),
        }
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

#[derive(Serialize)]
struct ErrorBody<'a> {
    success: bool,
    data: Option<()>,
    error: ErrorDetail<'a>,
}

#[derive(Serialize)]
struct ErrorDetail<'a> {
    message: &'a str,
    code: &'a str,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            success: false,
            data: None,
            error: ErrorDetail {
                message: &self.message,
                code: self.code,
            },
        };
        (self.status, Json(body)).into_response()
    }
}

impl From<models::StoreError> for ApiError {
    fn from(e: models::StoreError) -> Self {
        match e {
            models::StoreError::NotFound => ApiError::not_found("Not found"),
            models::StoreError::Conflict(message) => {
                ApiError::new(StatusCode::CONFLICT, "CONFLICT", message)
            }
            other => ApiError::internal(other),
        }
    }
}

impl From<jobs::JobsError> for ApiError {
    fn from(e: jobs::JobsError) -> Self {
        use jobs::JobsError;
        match e {
            JobsError::NotFound(_) => ApiError::not_found("Job not found"),
            JobsError::Failed(failure) => ApiError {
                status: StatusCode::UNPROCESSABLE_ENTITY,
                // Job failure codes are owned strings; the envelope keeps a generic one
                // unless the code is one the API knows.
                code: "JOB_FAILED",
                message: failure.message,
            },
            JobsError::Cancelled => {
                ApiError::new(StatusCode::CONFLICT, "CANCELLED", "The job was cancelled")
            }
            JobsError::Timeout(_) => ApiError::new(
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

#[derive(Serialize)]
struct SuccessBody<T> {
    success: bool,
    data: T,
    error: Option<()>,
}

impl<T: Serialize> IntoResponse for ApiJson<T> {
    fn into_response(self) -> Response {
        Json(SuccessBody {
            success: true,
            data: self.0,
            error: None,
        })
        .into_response()
    }
}

pub type ApiResult<T> = Result<ApiJson<T>, ApiError>;
