//! The fleet worker: consumes the Redis queues and writes to the shared database.
//! `worker --health` checks the database and Redis once and exits (for containers).

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
    worker::run(
        deps,
        &config.workers,
        platform::telemetry::shutdown_signal(),
    )
    .await?;
    Ok(())
}
