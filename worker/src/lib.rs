//! The job workers. The `worker` binary runs them against Redis in the fleet; the API
//! runs the same library in-process on the SQLite queue in the embedded default.

mod account_mail;
mod analysis;
pub mod barcodes;
mod config;
mod context;
mod food_names;
mod handlers;
pub mod labels;
mod mailer;
pub mod memory;
mod monitor;
pub mod photo;
mod poll;
pub mod recognition;

pub use config::{Config, WorkerConfig};
pub use context::{JobContext, JobError};
pub use mailer::{Mail, Mailer, MailerError};
pub use monitor::run;

/// What every handler may use.
#[derive(Clone, Debug)]
pub struct WorkerDeps {
    pub jobs: jobs::Jobs,
    pub stores: store::Stores,
    pub usda: std::sync::Arc<platform::usda::UsdaClient>,
    pub off: std::sync::Arc<barcodes::openfoodfacts::OffClient>,
    pub mailer: Mailer,
    /// The recognition models, loaded on first use.
    pub recognizer: std::sync::Arc<recognition::Recognizer>,
    /// Each user's confirmed photos, for recognising the same dish again.
    pub memory: std::sync::Arc<memory::VisualMemory>,
    /// The OCR models that read nutrition labels, loaded on first use.
    pub labels: std::sync::Arc<labels::LabelReader>,
    /// Where photos are kept (a folder or an S3-compatible bucket).
    pub blobs: platform::blobs::Blobs,
    /// The stored foods by the names given to them, for the foods a photo is said to hold.
    pub food_names: std::sync::Arc<food_names::FoodNames>,
    /// Names this process in probe reports and worker registrations.
    pub worker_name: String,
    /// The memory the photos this process decodes hold together.
    pub decoding: std::sync::Arc<photo::DecodeRoom>,
}

/// Connects a fleet worker: database (migrated), Redis queue and progress bus.
pub async fn connect(config: &Config) -> anyhow::Result<WorkerDeps> {
    use platform::config::ExposeSecret;
    let db = store::Database::connect(config.database_url.expose_secret()).await?;
    db.migrate().await?;
    let jobs = jobs::Jobs::connect(
        &db,
        Some(config.redis_url.expose_secret()),
        &config.redis_namespace,
    )
    .await?;
    let usda = std::sync::Arc::new(platform::usda::UsdaClient::new(config.usda.clone()));
    let blobs = config.places.blobs().map_err(anyhow::Error::msg)?;
    let stores = store::Stores::new(&db);
    deps(
        &config.workers,
        &config.places,
        jobs,
        stores,
        usda,
        blobs,
        None,
    )
}

/// Builds the handlers' dependencies. (Every job type has a handler: the monitor
/// registers `jobs::every_job!`, which does not compile otherwise.) The USDA client and
/// the photo store are shared with the rest of the process, so a rate limit seen by one
/// caller holds for all; so is its food index, if it keeps one (else one is loaded when
/// first needed).
pub fn deps(
    config: &WorkerConfig,
    places: &platform::config::DataPlaces,
    jobs: jobs::Jobs,
    stores: store::Stores,
    usda: std::sync::Arc<platform::usda::UsdaClient>,
    blobs: platform::blobs::Blobs,
    food_index: Option<std::sync::Arc<platform::food_index::FoodIndex>>,
) -> anyhow::Result<WorkerDeps> {
    let food_names = food_names::FoodNames::new(stores.foods.clone(), jobs.clone(), food_index);
    Ok(WorkerDeps {
        food_names: std::sync::Arc::new(food_names),
        jobs,
        stores,
        usda,
        off: std::sync::Arc::new(barcodes::openfoodfacts::OffClient::new(config.off.clone())),
        mailer: Mailer::from_config(config, &places.data_dir)?,
        recognizer: std::sync::Arc::new(recognition::Recognizer::new(config.recognition.clone())),
        memory: std::sync::Arc::default(),
        labels: std::sync::Arc::new(labels::LabelReader::new(config.recognition.clone())),
        blobs,
        worker_name: config.worker_name(),
        decoding: std::sync::Arc::new(photo::DecodeRoom::new(config.decode_memory_bytes)),
    })
}
