//! The fleet worker: consumes the Redis queues and writes to the shared database.
//! `worker --health` checks the database and Redis once and exits (for containers);
//! `WORKER_METRICS_ADDR` serves its own `/metrics` (sessions, batch sizes and waits).

use platform::config::ExposeSecret;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    platform::telemetry::init_tracing();
    let _ = rustls::crypto::ring::default_provider().install_default();
    let config = worker::Config::from_env().map_err(anyhow::Error::msg)?;
    let deps = worker::connect(&config).await?;
    if std::env::args().any(|arg| arg == "--health") {
        deps.jobs.store().unfinished_by_queue().await?;
        println!("ok");
        return Ok(());
    }
    // The job board's Logs page, on the API, shows this worker's jobs.
    jobs::board_log::publish(config.redis_url.expose_secret(), &config.redis_namespace).await?;
    // Installed before any model is loaded, so its sessions are counted.
    platform::telemetry::metrics();
    if let Some(addr) = config.metrics_addr {
        tokio::spawn(async move {
            let stop = platform::telemetry::shutdown_signal();
            if let Err(e) = platform::telemetry::serve_metrics(addr, stop).await {
                tracing::error!(%addr, error = %e, "cannot serve the metrics");
            }
        });
    }
    worker::run(
        deps,
        &config.workers,
        platform::telemetry::shutdown_signal(),
    )
    .await?;
    Ok(())
}
