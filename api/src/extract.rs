//! Extractors whose rejections are the spec's envelope with a precise message, so a
//! malformed body, a wrong content type or a bad query never answers in plain text.

use axum::{
    extract::{
        FromRequest, FromRequestParts, Request,
        rejection::{JsonRejection, PathRejection, QueryRejection},
    },
    http::{StatusCode, request::Parts},
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
        if let Some(field) = control_character_in(&value) {
            return Err(control_character_refused(&field));
        }
        // The path names the field that is wrong ("calories: invalid type: …").
        serde_path_to_error::deserialize(value)
            .map(Body)
            .map_err(|e| ApiError::validation(format!("Invalid request body: {e}")))
    }
}

/// Query parameters.
pub struct Query<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for Query<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        let axum::extract::Query(pairs) =
            axum::extract::Query::<Vec<(String, String)>>::try_from_uri(&parts.uri)?;
        if let Some((name, _)) = pairs
            .iter()
            .find(|(name, value)| refused_text(name) || refused_text(value))
        {
            return Err(control_character_refused(&name.escape_debug().to_string()));
        }
        let axum::extract::Query(value) = axum::extract::Query::try_from_uri(&parts.uri)?;
        Ok(Query(value))
    }
}

/// Whether text holds a control character other than a tab or a line break. Such text
/// is refused at the edge, the same on both engines (PostgreSQL cannot store a NUL).
pub fn refused_text(text: &str) -> bool {
    text.chars()
        .any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
}

/// The 422 for a field whose text holds a control character.
pub fn control_character_refused(field: &str) -> ApiError {
    ApiError::validation(format!(
        "{field}: text may not hold control characters (only tabs and line breaks)"
    ))
}

/// The path to the first text of a JSON value (a key or a string) that holds a refused
/// control character. Passwords are left as typed: they are never stored as text, and
/// one chosen before this rule must still sign in.
fn control_character_in(value: &serde_json::Value) -> Option<String> {
    use serde_json::Value;
    match value {
        Value::String(text) => refused_text(text).then(String::new),
        Value::Array(items) => items.iter().enumerate().find_map(|(i, item)| {
            control_character_in(item).map(|inner| format!("[{i}]{}", dotted(&inner)))
        }),
        Value::Object(fields) => fields.iter().find_map(|(name, field)| {
            if refused_text(name) {
                return Some(name.escape_debug().to_string());
            }
            if name.ends_with("password") {
                return None;
            }
            control_character_in(field).map(|inner| format!("{name}{}", dotted(&inner)))
        }),
        _ => None,
    }
}

/// `inner` as the rest of a path: `.name` or `[i]`.
fn dotted(inner: &str) -> String {
    if inner.is_empty() || inner.starts_with('[') {
        inner.to_owned()
    } else {
        format!(".{inner}")
    }
}

/// Path parameters.
pub struct Path<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned + Send> FromRequestParts<S> for Path<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        if let Ok(raw) = axum::extract::RawPathParams::from_request_parts(parts, state).await
            && let Some((name, _)) = raw.iter().find(|(_, value)| refused_text(value))
        {
            return Err(control_character_refused(name));
        }
        let axum::extract::Path(value) =
            axum::extract::Path::from_request_parts(parts, state).await?;
        Ok(Path(value))
    }
}

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
            JsonRejection::BytesRejection(e) if crate::serve::arrived_too_slowly(&e) => too_slow(),
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

/// A request whose body did not arrive in time.
pub fn too_slow() -> ApiError {
    ApiError::new(
        ErrorCode::RequestTimeout,
        "The request took too long to arrive; please try again on a better connection",
    )
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
