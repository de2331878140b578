//! What every binary does at start and stop: logs to stderr, and an end on Ctrl-C or
//! SIGTERM.

/// Logs to stderr, and the jobs' events to the job board's log (`jobs::board_log`);
/// `RUST_LOG` filters both (default `info`).
pub fn init_tracing() {
    use tracing_subscriber::{layer::SubscriberExt, util::SubscriberInitExt};
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::registry()
        .with(filter)
        .with(tracing_subscriber::fmt::layer())
        .with(jobs::board_log::layer())
        .try_init();
}

/// Resolves on Ctrl-C or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}

/// Seconds a request may take, in the latency histogram.
const LATENCY_BUCKETS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];
/// Photos run together in one batch of a model.
const BATCH_SIZE_BUCKETS: &[f64] = &[1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0, 16.0, 32.0, 64.0];
/// Seconds a photo waited for its batch to start.
const BATCH_WAIT_BUCKETS: &[f64] = &[
    0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0,
];

/// Seconds one model run took (one photo, or one batch of them): on a GPU, where a
/// session that is slow to answer shows first.
const INFERENCE_BUCKETS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
];

/// The process's Prometheus recorder (installed on first use): what `/metrics` renders,
/// on the API's admin listener and on a worker's `WORKER_METRICS_ADDR`.
pub fn metrics() -> &'static metrics_exporter_prometheus::PrometheusHandle {
    use metrics_exporter_prometheus::{Matcher, PrometheusBuilder};
    static HANDLE: std::sync::OnceLock<metrics_exporter_prometheus::PrometheusHandle> =
        std::sync::OnceLock::new();
    HANDLE.get_or_init(|| {
        let buckets = |builder: PrometheusBuilder, name: &str, buckets: &[f64]| {
            builder
                .set_buckets_for_metric(Matcher::Full(name.into()), buckets)
                .expect("buckets are not empty")
        };
        let builder = PrometheusBuilder::new();
        let builder = buckets(builder, "http_request_duration_seconds", LATENCY_BUCKETS);
        let builder = buckets(builder, "recognition_batch_size", BATCH_SIZE_BUCKETS);
        let builder = buckets(
            builder,
            "recognition_batch_wait_seconds",
            BATCH_WAIT_BUCKETS,
        );
        let builder = buckets(builder, "recognition_inference_seconds", INFERENCE_BUCKETS);
        builder
            .install_recorder()
            .expect("the metrics recorder is installed once")
    })
}

/// Serves `GET /metrics` on `addr` until `stop` resolves: a worker process's own figures
/// (its models' sessions, batch sizes, waits and run times), for Prometheus to scrape.
pub async fn serve_metrics(
    addr: std::net::SocketAddr,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let handle = metrics();
    let app = axum::Router::new().route(
        "/metrics",
        axum::routing::get(move || std::future::ready(handle.render())),
    );
    let listener = tokio::net::TcpListener::bind(addr).await?;
    tracing::info!(%addr, "metrics on http://{addr}/metrics");
    axum::serve(listener, app)
        .with_graceful_shutdown(stop)
        .await
}
