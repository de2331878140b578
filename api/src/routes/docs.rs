//! The OpenAPI document of `/api/v1`, generated from the handlers' `#[utoipa::path]`
//! attributes and their types, and a page to browse it, served by us (no CDN).

use axum::{
    Extension, Json,
    response::{Html, IntoResponse, Response},
};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{AppState, openapi::Published};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(document))
        .routes(routes!(page))
}

#[utoipa::path(
    get,
    path = "/openapi.json",
    tag = "ops",
    operation_id = "ops_openapi",
    summary = "This document.",
    responses((status = 200, description = "OpenAPI 3.1 document", body = Object)),
)]
async fn document(Extension(Published(document)): Extension<Published>) -> Response {
    Json(document).into_response()
}

#[utoipa::path(
    get,
    path = "/docs",
    tag = "ops",
    operation_id = "ops_docs",
    summary = "A page to browse this document.",
    responses((status = 200, description = "HTML page", content_type = "text/html", body = String)),
)]
async fn page() -> Html<&'static str> {
    Html(DOCS_PAGE)
}

/// The browsable reference page (its inline script and style are allowed by hash).
pub const DOCS_PAGE: &str = include_str!("docs.html");
