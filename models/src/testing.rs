//! Helpers for tests in every crate of the workspace that need no database: the shared
//! third-party data, and skipping (or, under `CI=true`, failing) when something a test
//! needs is missing. Fresh databases are `store::testing`'s.

/// Whether missing services fail tests instead of skipping them.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

/// Reports a missing prerequisite: panics in CI, otherwise prints why the test skips.
pub fn unavailable(what: &str) {
    if in_ci() {
        panic!("{what} is required under CI=true");
    }
    eprintln!("SKIPPED: {what} is not available");
}

pub use crate::csv::records as csv_records;

/// The shared third-party test data (`../shared/data` beside the project, or
/// `SHARED_DATA_DIR`); `None` (after `unavailable`) when it is not there.
pub fn shared_data(relative: &str) -> Option<std::path::PathBuf> {
    let base = std::env::var_os("SHARED_DATA_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data")
        });
    let path = base.join(relative);
    if path.exists() {
        Some(path)
    } else {
        unavailable(&format!("shared test data {}", path.display()));
        None
    }
}
