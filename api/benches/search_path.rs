//! The whole search path in process, over 1,000,000 stored foods: a request through the
//! API's router (the query read, the index, the store's rows, the views, the JSON) to
//! its answer, without the network, so a slower answer shows here before it ships.
//! Reads the database `bench/search.sh` (or the `seed_foods` example) fills:
//! `SEARCH_BENCH_DB`, by default ~/.cache/calorie-tracker/bench-foods-1000000.db.
//! Without it the benchmark says so and measures nothing. `make bench` seeds it first.

use std::hint::black_box;
use std::time::Duration;

use api::{App, Config};
use axum::body::{Body, to_bytes};
use axum::http::{Request, StatusCode};
use criterion::{Criterion, criterion_group, criterion_main};
use platform::config::Vars;
use tower::ServiceExt;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The queries of the HTTP benchmark, one list for both.
const QUERIES: &str = include_str!("../../bench/search-queries.txt");

fn database() -> Option<String> {
    let path = std::env::var("SEARCH_BENCH_DB").ok().or_else(|| {
        let home = std::env::var("HOME").ok()?;
        Some(format!(
            "{home}/.cache/calorie-tracker/bench-foods-1000000.db"
        ))
    })?;
    if std::path::Path::new(&path).exists() {
        Some(path)
    } else {
        eprintln!(
            "search_path: skipped, {path} is missing (seed it: bench/search.sh, or \
             DATABASE_URL=sqlite://{path} cargo run --release -p api --example seed_foods)"
        );
        None
    }
}

fn search_path(c: &mut Criterion) {
    let Some(path) = database() else { return };
    let runtime = tokio::runtime::Runtime::new().expect("a Tokio runtime");
    let data = tempfile::tempdir().expect("a data folder");
    let url = format!("sqlite://{path}");
    let vars = Vars::of([
        ("DATABASE_URL", url.as_str()),
        ("DATA_DIR", data.path().to_str().expect("a Unicode path")),
        ("BIND_ADDR", "127.0.0.1:0"),
        ("ADMIN_BIND_ADDR", "127.0.0.1:0"),
        ("EMBEDDED_WORKERS", "false"),
    ]);
    let config = Config::read(&vars).expect("the benchmark's configuration");
    let app = runtime
        .block_on(App::build(config))
        .expect("the API starts on the benchmark's database");
    let router = api::http_router(app.state().clone());
    let search = |query: &str| {
        let url = reqwest::Url::parse_with_params(
            "http://bench/api/v1/foods/search",
            [("query", query), ("page_size", "20")],
        )
        .expect("a search address");
        let uri = format!("{}?{}", url.path(), url.query().unwrap_or_default());
        let router = router.clone();
        async move {
            let request = Request::get(uri).body(Body::empty()).expect("a request");
            let response = router.oneshot(request).await.expect("an answer");
            assert_eq!(response.status(), StatusCode::OK);
            to_bytes(response.into_body(), usize::MAX)
                .await
                .expect("the answer's body")
        }
    };
    let mut group = c.benchmark_group("search_path_1m");
    group
        .sample_size(30)
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(300));
    for query in QUERIES.lines().filter(|q| !q.trim().is_empty()) {
        group.bench_function(query, |b| {
            b.iter(|| black_box(runtime.block_on(search(query))))
        });
    }
    group.finish();
}

criterion_group!(benches, search_path);
criterion_main!(benches);
