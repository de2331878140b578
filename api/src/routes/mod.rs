//! `/api/v1`: one router per area, merged here.

mod auth;
mod barcodes;
mod docs;
mod energy;
mod foods;
mod health;
mod images;
pub(crate) mod jobs;
mod labels;
mod meal_copies;
mod meal_lines;
mod meal_stats;
mod meals;
mod recipes;
mod usda;
mod users;
mod weight;

use std::sync::Arc;

use axum::{
    Extension, Router,
    extract::DefaultBodyLimit,
    http::{Method, Uri},
};
use models::ErrorCode;
use serde_json::Value;
use utoipa_axum::router::OpenApiRouter;

use crate::{AppState, error::ApiError};

pub use docs::DOCS_PAGE;

/// Every area's routes, each with its documentation.
fn areas() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(health::router())
        .merge(auth::router())
        .merge(users::router())
        .merge(energy::router())
        .merge(foods::router())
        .merge(usda::router())
        .merge(meals::router())
        .merge(meal_lines::router())
        .merge(meal_copies::router())
        .merge(meal_stats::router())
        .merge(weight::router())
        .merge(recipes::router())
        .merge(images::router())
        .merge(barcodes::router())
        .merge(labels::router())
        .merge(jobs::router())
        .merge(docs::router())
}

/// The OpenAPI document of `/api/v1`, as `/api/v1/openapi.json` serves it.
pub fn openapi_document() -> Value {
    crate::openapi::finish(areas().into_openapi())
}

pub fn router(state: AppState) -> Router {
    let limit = state.config.json_body_limit;
    let (routes, document) = areas().split_for_parts();
    routes
        // On the routes only: a key on an unknown route is not read, let alone kept.
        .route_layer(axum::middleware::from_fn_with_state(
            state.clone(),
            crate::idempotency::layer,
        ))
        .layer(Extension(crate::openapi::Published(Arc::new(
            crate::openapi::finish(document),
        ))))
        .fallback(unknown_route)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(limit))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            crate::auth::ended_account,
        ))
        .with_state(state)
}

async fn unknown_route(method: Method, uri: Uri) -> ApiError {
    ApiError::not_found(format!("No API route for {method} {}", uri.path()))
}

async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError::new(
        ErrorCode::MethodNotAllowed,
        format!("{method} is not allowed on {}", uri.path()),
    )
}
