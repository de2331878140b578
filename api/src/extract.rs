//! Extractors whose rejections are the spec's envelope with a precise message, so a
//! malformed body, a wrong content type or a bad query never answers in plain text.

use axum::{
    extract::{
        FromRequest, FromRequestParts, Request,
        rejection::{JsonRejection, PathRejection, QueryRejection},
    },
    http::StatusCode,
};
use models::ErrorCode;
use serde::de::DeserializeOwned;

use crate::error::ApiError;

/// A JSON object body. Arrays are refused even where serde would read one into a
/// struct field by field.
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let axum::Json(value) =
            axum::Json::<serde_json::Value>::from_request(request, state).await?;
        if !value.is_object() {
            return Err(ApiError::validation(
                "The request body must be a JSON object",
            ));
        }
        // The path names the field that is wrong ("calories: invalid type: …").
        serde_path_to_error::deserialize(value)
            .map(Body)
            .map_err(|e| ApiError::validation(format!("Invalid request body: {e}")))
    }
}

/// Query parameters.
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct Query<T>(pub T);

/// Path parameters.
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct Path<T>(pub T);

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection {
            JsonRejection::MissingJsonContentType(_) => ApiError::new(
                ErrorCode::UnsupportedMediaType,
                "Expected a JSON body with Content-Type: application/json",
            ),
            JsonRejection::JsonSyntaxError(e) => ApiError::new(
                ErrorCode::MalformedJson,
                format!("Malformed JSON: {}", source_text(&e)),
            ),
            // axum's text names the field ("calories: invalid type: …"); the innermost
            // cause alone would not.
            JsonRejection::JsonDataError(e) => ApiError::validation(format!(
                "Invalid request body: {}",
                e.body_text().trim_start_matches(
                    "Failed to deserialize the JSON body into the target type: "
                )
            )),
            JsonRejection::BytesRejection(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                ApiError::new(ErrorCode::PayloadTooLarge, "Request body is too large")
            }
            other => ApiError::bad_request(other.body_text()),
        }
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        ApiError::validation(format!(
            "Invalid query parameters: {}",
            source_text(&rejection)
        ))
    }
}

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> Self {
        match rejection {
            PathRejection::FailedToDeserializePathParams(e) => {
                ApiError::bad_request(format!("Invalid path parameter: {}", source_text(&e)))
            }
            other => ApiError::internal(other.body_text()),
        }
    }
}

/// The innermost cause, which names the field and the problem without axum's prefix.
fn source_text(error: &(dyn std::error::Error + 'static)) -> String {
    let mut current = error;
    while let Some(next) = current.source() {
        current = next;
    }
    current.to_string()
}

/// The caller's time zone, which decides where their days begin: the `tz` query
/// parameter, else the `X-Time-Zone` header (the web app sends the browser's zone), else
/// UTC. An unknown zone is refused rather than silently read as UTC.
pub struct Clock(pub models::LocalClock);

pub const TIME_ZONE_HEADER: &str = "x-time-zone";

#[derive(serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TimeZoneParam {
    /// IANA time zone of the caller's days (or the X-Time-Zone header); default UTC
    tz: Option<String>,
}

impl<S: Send + Sync> FromRequestParts<S> for Clock {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Self, ApiError> {
        let from_query = axum::extract::Query::<TimeZoneParam>::try_from_uri(&parts.uri)
            .ok()
            .and_then(|q| q.0.tz)
            .filter(|tz| !tz.trim().is_empty());
        let from_header = || {
            parts
                .headers
                .get(TIME_ZONE_HEADER)
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned)
                .filter(|tz| !tz.trim().is_empty())
        };
        match from_query.or_else(from_header) {
            None => Ok(Clock(models::LocalClock::default())),
            Some(name) => models::LocalClock::parse(&name)
                .map(Clock)
                .map_err(|e| ApiError::new(ErrorCode::InvalidTimeZone, e.0)),
        }
    }
}

/// `Last-Event-ID`: the number of the last server-sent event a reconnecting client has
/// (0 when it has none).
pub struct LastEventId(pub i64);

impl<S: Send + Sync> FromRequestParts<S> for LastEventId {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Self, ApiError> {
        match parts.headers.get("last-event-id") {
            None => Ok(LastEventId(0)),
            Some(value) => value
                .to_str()
                .ok()
                .and_then(|v| v.trim().parse::<i64>().ok())
                .filter(|v| *v >= 0)
                .map(LastEventId)
                .ok_or_else(|| {
                    ApiError::bad_request("Last-Event-ID must be a non-negative number")
                }),
        }
    }
}
