//! The fleet worker: consumes the Redis queues and writes to the shared database.
//! `worker --health` checks the database and Redis once and exits (for containers).

use anyhow::Context;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    worker::init_tracing();
    let _ = rustls::crypto::ring::default_provider().install_default();
    let config = worker::WorkerConfig::from_env().map_err(anyhow::Error::msg)?;
    let database_url = std::env::var("DATABASE_URL").context("DATABASE_URL is required")?;
    let redis_url = std::env::var("REDIS_URL").context("REDIS_URL is required for a worker")?;
    let namespace = std::env::var("REDIS_NAMESPACE").unwrap_or_else(|_| "calorie".into());
    let deps = worker::connect(&config, &database_url, &redis_url, &namespace).await?;
    if std::env::args().any(|arg| arg == "--health") {
        deps.jobs.store().unfinished_by_queue().await?;
        println!("ok");
        return Ok(());
    }
    worker::run(deps, &config, worker::shutdown_signal()).await?;
    Ok(())
}
