use std::net::{IpAddr, SocketAddr};

use axum::{
    extract::{ConnectInfo, FromRequestParts},
    http::{header, request::Parts},
};
use models::ErrorCode;
use models::User;

use crate::{
    AppState,
    error::{ApiError, ReferenceGone},
};

/// The signed-in user, from `Authorization: Bearer <access token>`. A missing,
/// malformed, expired or foreign token is refused, never taken as anonymous.
pub struct AuthUser(pub User);

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let header = parts.headers.get(header::AUTHORIZATION).ok_or_else(|| {
            ApiError::new(
                ErrorCode::NotAuthenticated,
                "Authentication credentials were not provided",
            )
        })?;
        let token = bearer(header)
            .ok_or_else(|| super::sessions::invalid_token("Expected a bearer token"))?;
        let user_id = state.auth.verify_access(token)?;
        // A deleted account's tokens stop working at once.
        let user = state
            .stores
            .users
            .get(user_id)
            .await?
            .ok_or_else(|| super::sessions::invalid_token("This account no longer exists"))?;
        Ok(AuthUser(user))
    }
}

/// A save that lost a race with the deletion of its own account answers 401, as any
/// request of an ended session does, and not the conflict its store reported.
pub async fn ended_account(
    axum::extract::State(state): axum::extract::State<AppState>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    // Only the header is kept: the token is read only for the rare answer that lost a
    // race, not on every request.
    let authorization = request.headers().get(header::AUTHORIZATION).cloned();
    let response = next.run(request).await;
    if response.extensions().get::<ReferenceGone>().is_none() {
        return response;
    }
    let Some(caller) = authorization
        .as_ref()
        .and_then(bearer)
        .and_then(|token| state.auth.verify_access(token).ok())
    else {
        return response;
    };
    match state.stores.users.get(caller).await {
        Ok(None) => super::sessions::invalid_token("This account no longer exists").into_response(),
        _ => response,
    }
}

/// The token of an `Authorization: Bearer <token>` header.
fn bearer(value: &axum::http::HeaderValue) -> Option<&str> {
    let value = value.to_str().ok()?;
    value
        .strip_prefix("Bearer ")
        .or_else(|| value.strip_prefix("bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty())
}

/// The signed-in user when a token is sent; anonymous when none is. A bad token is
/// still refused.
pub struct MaybeAuthUser(pub Option<User>);

impl FromRequestParts<AppState> for MaybeAuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        if parts.headers.contains_key(header::AUTHORIZATION) {
            AuthUser::from_request_parts(parts, state)
                .await
                .map(|AuthUser(user)| MaybeAuthUser(Some(user)))
        } else {
            Ok(MaybeAuthUser(None))
        }
    }
}

/// Marks a request that came through the admin listener, its `ADMIN_TOKEN` checked.
#[derive(Debug, Clone, Copy)]
pub struct AdminListener;

/// Who asks after a job: the operator on the admin listener (every job, the ones the
/// admin started included), or a caller of the public API (their own jobs, and the
/// jobs anyone may start without signing in: `jobs::PUBLIC_QUEUES`).
pub enum JobViewer {
    Admin,
    Caller(Option<models::UserId>),
}

impl FromRequestParts<AppState> for JobViewer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        if parts.extensions.get::<AdminListener>().is_some() {
            return Ok(JobViewer::Admin);
        }
        let MaybeAuthUser(user) = MaybeAuthUser::from_request_parts(parts, state).await?;
        Ok(JobViewer::Caller(user.map(|u| u.id)))
    }
}

/// The caller's address, for rate limits: an IPv6 caller by its /64.
pub struct ClientIp(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let ip = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::from([0, 0, 0, 0]), |c| {
                crate::serve::client_key(c.0.ip())
            });
        Ok(ClientIp(ip))
    }
}
