//! Headers that tell browsers what our pages may do: load only our own scripts, never be
//! framed, not sniff types, send no referrer to other sites.

use std::sync::LazyLock;

use axum::{
    extract::Request,
    http::{HeaderName, HeaderValue, header},
    middleware::Next,
    response::Response,
};
use base64::Engine;
use sha2::{Digest, Sha256};

/// The web app: its scripts and styles are files we serve (Vite), the barcode reader
/// compiles WebAssembly, photo previews are blob: or data: URLs, and products show
/// their Open Food Facts pictures (https). The installable app's manifest and service
/// worker (/manifest.webmanifest, /sw.js) are ours too.
const WEB_APP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
     style-src 'self'; img-src 'self' data: blob: https:; connect-src 'self'; \
     font-src 'self'; media-src 'self' blob:; worker-src 'self' blob:; manifest-src 'self'; \
     object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// JSON answers are never documents to render.
const API: &str = "default-src 'none'; frame-ancestors 'none'";

/// The API reference page: its one inline style and script, by hash.
static DOCS_PAGE: LazyLock<HeaderValue> = LazyLock::new(|| {
    let page = crate::routes::DOCS_PAGE;
    let inline = |open: &str, close: &str| -> String {
        let body = page
            .split_once(open)
            .and_then(|(_, rest)| rest.split_once(close))
            .map_or("", |(body, _)| body);
        let digest = Sha256::digest(body.as_bytes());
        format!(
            "'sha256-{}'",
            base64::engine::general_purpose::STANDARD.encode(digest)
        )
    };
    let policy = format!(
        "default-src 'none'; script-src {}; style-src {}; img-src data:; connect-src 'self'; \
         base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        inline("<script>", "</script>"),
        inline("<style>", "</style>")
    );
    HeaderValue::from_str(&policy).unwrap_or_else(|_| HeaderValue::from_static(API))
});

pub async fn add(request: Request, next: Next) -> Response {
    let path = request.uri().path();
    let policy = if path.trim_end_matches('/') == "/api/v1/docs" {
        DOCS_PAGE.clone()
    } else if path.starts_with("/api/") {
        HeaderValue::from_static(API)
    } else {
        HeaderValue::from_static(WEB_APP)
    };
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_SECURITY_POLICY, policy);
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(
        HeaderName::from_static("cross-origin-opener-policy"),
        HeaderValue::from_static("same-origin"),
    );
    headers.insert(
        HeaderName::from_static("permissions-policy"),
        HeaderValue::from_static("camera=(self), microphone=(), geolocation=(), payment=()"),
    );
    response
}
