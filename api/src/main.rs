//! The API server. In the embedded default it also runs the workers in-process.

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    worker::init_tracing();
    let config = api::Config::from_env()?;
    let app = api::App::build(config).await?;
    app.run_until(worker::shutdown_signal()).await
}
