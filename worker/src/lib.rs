//! The job workers. The `worker` binary runs them against Redis in the fleet; the API
//! runs the same library in-process on the SQLite queue in the embedded default.

pub mod barcodes;
pub mod blobs;
mod config;
mod context;
mod handlers;
pub mod labels;
mod mailer;
pub mod memory;
mod monitor;
mod outside;
mod poll;
pub mod recognition;
pub mod uploads;
pub mod usda;

pub use config::{Config, Secret, Vars, WorkerConfig};
pub use context::{JobContext, JobError};
pub use mailer::{Mailer, MailerError};
pub use monitor::run;

/// What every handler may use.
#[derive(Clone, Debug)]
pub struct WorkerDeps {
    pub jobs: jobs::Jobs,
    pub stores: models::Stores,
    pub usda: std::sync::Arc<usda::UsdaClient>,
    pub off: std::sync::Arc<barcodes::openfoodfacts::OffClient>,
    pub mailer: Mailer,
    /// The recognition models, loaded on first use.
    pub recognizer: std::sync::Arc<recognition::Recognizer>,
    /// Each user's confirmed photos, for recognising the same dish again.
    pub memory: std::sync::Arc<memory::VisualMemory>,
    /// The OCR models that read nutrition labels, loaded on first use.
    pub labels: std::sync::Arc<labels::LabelReader>,
    /// Where photos are kept (a folder or an S3-compatible bucket).
    pub blobs: blobs::Blobs,
    /// Names this process in probe reports and worker registrations.
    pub worker_name: String,
}

/// Connects a fleet worker: database (migrated), Redis queue and progress bus.
pub async fn connect(config: &Config) -> anyhow::Result<WorkerDeps> {
    let db = models::Database::connect(config.database_url.expose()).await?;
    db.migrate().await?;
    let jobs = jobs::Jobs::connect(
        &db,
        Some(config.redis_url.expose()),
        &config.redis_namespace,
    )
    .await?;
    let usda = std::sync::Arc::new(usda::UsdaClient::new(config.workers.usda.clone()));
    let blobs = config.workers.blobs().map_err(anyhow::Error::msg)?;
    deps(&config.workers, jobs, models::Stores::new(&db), usda, blobs)
}

/// Builds the handlers' dependencies. (Every job type has a handler: the monitor
/// registers `jobs::every_job!`, which does not compile otherwise.) The USDA client and
/// the photo store are shared with the rest of the process, so a rate limit seen by one
/// caller holds for all.
pub fn deps(
    config: &WorkerConfig,
    jobs: jobs::Jobs,
    stores: models::Stores,
    usda: std::sync::Arc<usda::UsdaClient>,
    blobs: blobs::Blobs,
) -> anyhow::Result<WorkerDeps> {
    Ok(WorkerDeps {
        jobs,
        stores,
        usda,
        off: std::sync::Arc::new(barcodes::openfoodfacts::OffClient::new(config.off.clone())),
        mailer: Mailer::from_config(config)?,
        recognizer: std::sync::Arc::new(recognition::Recognizer::new(config.recognition.clone())),
        memory: std::sync::Arc::default(),
        labels: std::sync::Arc::new(labels::LabelReader::new(config.recognition.clone())),
        blobs,
        worker_name: config.worker_name(),
    })
}

/// Logs to stderr; `RUST_LOG` filters (default `info`).
pub fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt().with_env_filter(filter).try_init();
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
