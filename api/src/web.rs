//! Serves the built web app; client routes fall back to `index.html`.

use std::path::Path;

use axum::{
    Router,
    extract::Request,
    http::{HeaderValue, StatusCode, header},
    middleware::{self, Next},
    response::{Html, IntoResponse, Response},
};
use tower_http::services::{ServeDir, ServeFile};

pub fn router(web_dir: &Path) -> Router {
    let index = web_dir.join("index.html");
    if !index.is_file() {
        tracing::warn!(dir = %web_dir.display(), "web app not built; run `make web`");
        return Router::new().fallback(not_built);
    }
    // A missing asset is a 404, never index.html: a browser would cache the page
    // under a script's name for good.
    Router::new()
        .nest_service("/assets", ServeDir::new(web_dir.join("assets")))
        .fallback_service(ServeDir::new(web_dir).fallback(ServeFile::new(index)))
        .layer(middleware::from_fn(cache_policy))
}

/// Vite names assets by content hash, so they may be cached for good; everything else
/// (index.html above all) is revalidated so a new build shows up at once.
async fn cache_policy(request: Request, next: Next) -> Response {
    let immutable = request.uri().path().starts_with("/assets/");
    let mut response = next.run(request).await;
    let value = if immutable && response.status().is_success() {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    response
}

async fn not_built() -> Response {
    (
        StatusCode::SERVICE_UNAVAILABLE,
        Html("<!doctype html><title>Calorie tracker</title><link rel=\"icon\" href=\"data:,\">\
              <p>The web app is not built. Run <code>make web</code> (or <code>make run</code>).</p>"),
    )
        .into_response()
}
