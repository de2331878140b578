use std::collections::BTreeMap;
use std::path::PathBuf;

use jobs::BusMessage;
use jobs::JobStep;
use jobs::payloads::{ImportFoods, ImportReport, ImportSource};
use models::ErrorCode;
use models::NewFood;
use models::import::{self, Outcome, Rejection};
use serde_json::{Map, json};
use tokio::sync::mpsc;

use super::JobHandler;
use crate::{JobContext, JobError, WorkerDeps};

/// Foods written per transaction.
const BATCH: usize = 2_000;

enum Event {
    Outcome(Outcome),
    Progress(u8),
}

impl JobHandler for ImportFoods {
    #[tracing::instrument(skip_all, fields(job_id = %ctx.job_id(), user_id = ctx.user_id(), source = ?self.source, path = %self.path))]
    async fn handle(self, ctx: &JobContext, deps: &WorkerDeps) -> Result<ImportReport, JobError> {
        let import_id = ctx.job_id().to_string();
        let path = PathBuf::from(&self.path);
        if !path.exists() {
            return Err(JobError::permanent(
                ErrorCode::ImportNotFound,
                format!("{} does not exist", self.path),
            ));
        }
        // The files are read on a blocking thread; foods come back in order through a
        // bounded channel, so a slow database slows the reading instead of filling memory.
        let (tx, mut rx) = mpsc::channel::<Event>(BATCH * 2);
        let source = self.source;
        let reader = tokio::task::spawn_blocking(move || {
            let progress_tx = tx.clone();
            let progress = move |p: u8| {
                let _ = progress_tx.blocking_send(Event::Progress(p));
            };
            let each = |o: Outcome| {
                let _ = tx.blocking_send(Event::Outcome(o));
            };
            match source {
                ImportSource::Usda => import::usda_release(&path, progress, each),
                ImportSource::Off => import::open_food_facts(&path, progress, each),
            }
        });

        let mut foods: Vec<NewFood> = Vec::with_capacity(BATCH);
        let mut rejected: Vec<Rejection> = Vec::new();
        let mut report = ImportReport {
            import_id: import_id.clone(),
            read: 0,
            written: 0,
            accepted: 0,
            rejected: 0,
            reasons: BTreeMap::new(),
        };
        let store = |e: store::StoreError| JobError::Transient(format!("store: {e}"));
        let started_ms = chrono::Utc::now().timestamp_millis();
        while let Some(event) = rx.recv().await {
            match event {
                Event::Progress(p) => {
                    let fields = Map::from_iter([
                        ("accepted".to_owned(), json!(report.accepted)),
                        ("rejected".to_owned(), json!(report.rejected)),
                    ]);
                    ctx.progress(
                        JobStep::Import,
                        p.min(99),
                        format!("{} foods read", report.accepted + report.rejected),
                        fields,
                    )
                    .await?;
                }
                Event::Outcome(Outcome::Food(food)) => {
                    report.accepted += 1;
                    foods.push(*food);
                    if foods.len() >= BATCH {
                        report.written += deps
                            .stores
                            .foods
                            .upsert_shared(&foods)
                            .await
                            .map_err(store)?;
                        foods.clear();
                    }
                }
                Event::Outcome(Outcome::Rejected(r)) => {
                    report.rejected += 1;
                    *report.reasons.entry(r.reason.clone()).or_default() += 1;
                    rejected.push(r);
                    if rejected.len() >= BATCH {
                        deps.stores
                            .foods
                            .record_rejections(&import_id, &rejected)
                            .await
                            .map_err(store)?;
                        rejected.clear();
                    }
                }
            }
        }
        report.written += deps
            .stores
            .foods
            .upsert_shared(&foods)
            .await
            .map_err(store)?;
        deps.stores
            .foods
            .record_rejections(&import_id, &rejected)
            .await
            .map_err(store)?;
        report.read = match reader.await {
            Ok(Ok(read)) => read,
            Ok(Err(e)) => {
                return Err(JobError::permanent(
                    ErrorCode::ImportUnreadable,
                    e.to_string(),
                ));
            }
            Err(e) => return Err(JobError::Transient(format!("the reader stopped: {e}"))),
        };
        // Recipes made with foods this import changed take the new values.
        deps.stores
            .recipes
            .refresh_changed_since(started_ms)
            .await
            .map_err(store)?;
        if let Err(e) = deps.jobs.bus().publish(BusMessage::FoodsChanged).await {
            tracing::debug!(error = %e, "could not announce the import; indexes catch up on their own");
        }
        tracing::info!(?report, "import finished");
        Ok(report)
    }
}
