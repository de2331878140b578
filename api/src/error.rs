//! The one error type of the HTTP layer, rendered as the spec's envelope
//! `{success: false, data: null, error: {message, code}}`.

use axum::{
    Json,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use models::{AccountField, ErrorCode, FieldRule, RuleBroken};
use serde::Serialize;

use crate::views::Accepted;
use utoipa::{
    ToSchema,
    openapi::schema::{Object, ObjectBuilder, Type},
};

#[derive(Debug)]
pub struct ApiError {
    /// The code names the problem and carries the answer's status.
    pub code: ErrorCode,
    pub message: String,
    /// Seconds, sent as `Retry-After` (rate limits).
    pub retry_after: Option<u64>,
    /// Not a failure: the call needs work the workers are doing (a USDA food fetched on
    /// first use) and cannot answer before it is done. It unwinds like an error, so
    /// nothing is saved, and answers 202 with where to follow the work.
    pub(crate) under_way: Option<Box<Accepted>>,
    /// The field of an account's form, and the rule of it, that a value broke.
    pub rule_broken: Option<(AccountField, FieldRule)>,
}

impl ApiError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        ApiError {
            code,
            message: message.into(),
            retry_after: None,
            under_way: None,
            rule_broken: None,
        }
    }

    /// The call waits for work under way: 202, and the same call again once it is done.
    pub(crate) fn under_way(work: Accepted) -> Self {
        ApiError {
            under_way: Some(Box::new(work)),
            ..ApiError::new(ErrorCode::Conflict, "Under way on the workers")
        }
    }

    /// The status of the answer, the code's own.
    pub fn status(&self) -> StatusCode {
        StatusCode::from_u16(self.code.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::BadRequest, message)
    }

    pub fn validation(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::ValidationError, message)
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::NotFound, message)
    }

    /// Logs the cause and tells the caller only that something went wrong on our side.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        tracing::error!(error = %cause, "internal error");
        Self::new(ErrorCode::InternalError, "Internal server error")
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}: {}", self.code.status(), self.code, self.message)
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
    #[schema(inline)]
    code: ErrorCode,
    /// With `VALIDATION_ERROR` of an account's form (sign-up, a new password): the field
    /// whose rule was broken, and the rule, for the form to say in its own language.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(inline)]
    field: Option<AccountField>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(inline)]
    rule: Option<FieldRule>,
}

/// Marks an answer that lost a race with a deletion, for `auth::ended_account`.
#[derive(Debug, Clone, Copy)]
pub struct ReferenceGone;

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let Some(work) = self.under_way {
            return work.into_response();
        }
        let body = Failure {
            success: false,
            data: None,
            error: ErrorDetail {
                message: &self.message,
                code: self.code,
                field: self.rule_broken.map(|(field, _)| field),
                rule: self.rule_broken.map(|(_, rule)| rule),
            },
        };
        let mut response = (self.status(), Json(body)).into_response();
        if self.code == ErrorCode::ReferenceGone {
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

impl From<RuleBroken> for ApiError {
    fn from(e: RuleBroken) -> Self {
        ApiError {
            rule_broken: Some((e.field, e.rule)),
            ..ApiError::validation(e.message)
        }
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
        let code = match e {
            RecipeRefused::Cycle => ErrorCode::RecipeCycle,
            RecipeRefused::TooDeep => ErrorCode::RecipeTooDeep,
            RecipeRefused::TooLarge => ErrorCode::RecipeTooLarge,
            RecipeRefused::TooShared => ErrorCode::RecipeTooShared,
        };
        ApiError::new(code, e.to_string())
    }
}

/// The photo store failed (a bucket that does not answer): the photo was not kept.
impl From<platform::blobs::BlobError> for ApiError {
    fn from(e: platform::blobs::BlobError) -> Self {
        tracing::error!(error = %e, "photo store error");
        Self::new(
            ErrorCode::PhotoStoreUnavailable,
            "Photos cannot be stored right now; the photo was not kept. Please try again.",
        )
    }
}

impl From<store::StoreError> for ApiError {
    fn from(e: store::StoreError) -> Self {
        match e {
            store::StoreError::NotFound => ApiError::not_found("Not found"),
            store::StoreError::Recipe(refused) => refused.into(),
            store::StoreError::Conflict(message) => ApiError::new(ErrorCode::Conflict, message),
            store::StoreError::Refused(message) => ApiError::validation(message),
            // A row this save refers to was deleted while it ran; the transaction was
            // rolled back. When it was the caller's account, `auth::ended_account`
            // answers as for any ended session.
            store::StoreError::Database(sqlx::Error::Database(db))
                if db.kind() == sqlx::error::ErrorKind::ForeignKeyViolation =>
            {
                ApiError::new(
                    ErrorCode::ReferenceGone,
                    "Something this refers to was deleted meanwhile; nothing was saved",
                )
            }
            // The database is away (restarting, unreachable, no free connection): the
            // caller may try again shortly, and nothing was saved.
            store::StoreError::Database(e) if database_away(&e) => {
                tracing::warn!(error = %e, "database unavailable");
                ApiError {
                    retry_after: Some(1),
                    ..ApiError::new(
                        ErrorCode::DatabaseUnavailable,
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
            // A job records its failure by wire name; one no longer in the table (an old
            // record) is answered as a job that failed on our side.
            JobsError::Failed(failure) => ApiError {
                retry_after: failure.retry_after_secs,
                ..ApiError::new(
                    ErrorCode::from_wire(&failure.code).unwrap_or(ErrorCode::JobFailed),
                    failure.message,
                )
            },
            JobsError::Cancelled => ApiError::new(ErrorCode::Cancelled, "The job was cancelled"),
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
            retry_after_secs: None,
        })
        .into()
    }

    #[test]
    fn job_failures_keep_their_code() {
        let rejected = failed("MAIL_REJECTED");
        assert_eq!(
            (rejected.status(), rejected.code),
            (StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::MailRejected)
        );
        // Out of retries (an outside service down) is on our side, not the caller's.
        let exhausted = failed("JOB_FAILED");
        assert_eq!(exhausted.status(), StatusCode::SERVICE_UNAVAILABLE);
    }
}
