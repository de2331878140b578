//! The embedded default: the workers run inside the API process, on the SQLite queue,
//! sharing its database pool, USDA client, photo store and food index. Built only with
//! the `embedded-workers` feature (on by default); a fleet's API is built without it and
//! links no model runtime.

use std::{future::Future, sync::Arc};

use jobs::Jobs;
use platform::{blobs::Blobs, food_index::FoodIndex, usda::UsdaClient};
use store::Stores;
use tokio::task::JoinHandle;

use crate::Config;

/// What the in-process workers share with the rest of the process.
pub(crate) struct Shared {
    pub jobs: Jobs,
    pub stores: Stores,
    pub usda: Arc<UsdaClient>,
    pub blobs: Blobs,
    /// The API's food index, when it keeps one (the import command does not).
    pub foods: Option<Arc<FoodIndex>>,
}

/// Starts the workers of every queue; they run until `stop` resolves.
pub(crate) fn spawn_workers(
    config: &Config,
    shared: Shared,
    stop: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<JoinHandle<anyhow::Result<()>>> {
    let deps = worker::deps(
        &config.worker,
        &config.places,
        shared.jobs,
        shared.stores,
        shared.usda,
        shared.blobs,
        shared.foods,
    )?;
    let worker_config = config.worker.clone();
    Ok(tokio::spawn(async move {
        worker::run(deps, &worker_config, stop).await?;
        Ok(())
    }))
}

/// SPEC: without a model there is no analysis, never a made-up one. Only this process's
/// own workers can be checked here; a fleet's workers (on other machines, with models
/// this host need not have) fail the job with the same code when theirs are missing.
pub(crate) fn recognition_missing(config: &Config) -> Option<&'static str> {
    (config.embedded_workers && !config.worker.recognition.installed())
        .then_some(worker::recognition::NOT_INSTALLED)
}

/// The same for the label-reading models.
pub(crate) fn label_reading_missing(config: &Config) -> Option<&'static str> {
    let reader = worker::labels::LabelReader::new(config.worker.recognition.clone());
    (config.embedded_workers && !reader.installed()).then_some(worker::labels::NOT_INSTALLED)
}
