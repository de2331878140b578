//! `api import usda DIR` and `api import off FILE`: queue an import job and follow its
//! progress. In the embedded default this process also runs the job (with its own
//! in-process worker, beside any running server); in the fleet the workers run it.

use anyhow::Context;
use futures::StreamExt;
use jobs::payloads::{ImportFoods, ImportSource};
use models::JobStatus;

use crate::Config;

pub const USAGE: &str = "usage: api import usda <FoodData Central CSV folder> | api import off <Open Food Facts CSV/TSV file>";

/// Runs the command; `args` are the words after `import`.
pub async fn run(config: Config, args: &[String]) -> anyhow::Result<()> {
    let (source, path) = match args {
        [source, path] if source == "usda" => (ImportSource::Usda, path),
        [source, path] if source == "off" => (ImportSource::Off, path),
        _ => anyhow::bail!("{USAGE}"),
    };
    let path = std::fs::canonicalize(path).with_context(|| format!("cannot find {path}"))?;
    let (db, jobs) = crate::connect(&config).await?;
    let job_id = jobs
        .push(
            ImportFoods {
                source,
                path: path.to_string_lossy().into_owned(),
            },
            None,
        )
        .await?;
    eprintln!("import {job_id} queued: {}", path.display());

    let (stop, stopped) = tokio::sync::watch::channel(false);
    #[cfg(feature = "embedded-workers")]
    let worker = if config.embedded_workers {
        let shared = crate::embedded::Shared {
            jobs: jobs.clone(),
            stores: store::Stores::new(&db),
            usda: std::sync::Arc::new(platform::usda::UsdaClient::new(config.usda.clone())),
            blobs: config.places.blobs().map_err(anyhow::Error::msg)?,
            foods: None,
        };
        let mut stopped = stopped.clone();
        Some(crate::embedded::spawn_workers(
            &config,
            shared,
            async move {
                let _ = stopped.wait_for(|s| *s).await;
            },
        )?)
    } else {
        None
    };
    #[cfg(not(feature = "embedded-workers"))]
    let worker: Option<tokio::task::JoinHandle<anyhow::Result<()>>> = {
        let _ = (&db, &stopped);
        None
    };

    let events = jobs.watch(job_id, 0).await?;
    futures::pin_mut!(events);
    let mut last = None;
    while let Some(event) = events.next().await {
        eprintln!("  {:>3}% {}", event.progress, event.message);
        let done = event.status.is_terminal();
        last = Some(event);
        if done {
            break;
        }
    }
    let _ = stop.send(true);
    if let Some(worker) = worker {
        let _ = worker.await;
    }
    let last = last.context("the import reported nothing")?;
    match last.status {
        JobStatus::Completed => {
            println!("{}", serde_json::to_string_pretty(&last.result)?);
            Ok(())
        }
        _ => anyhow::bail!(
            "import {job_id} {}: {}",
            last.status.as_str(),
            last.error.map(|e| e.message).unwrap_or_default()
        ),
    }
}
