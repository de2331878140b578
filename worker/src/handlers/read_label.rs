use std::time::Instant;

use jobs::JobId;
use jobs::JobStep;
use jobs::payloads::ReadLabel;
use models::ErrorCode;
use models::analysis::LabelRead;
use models::nutrition_label::{Certainty, LabelReading};
use serde_json::Map;

use super::{JobHandler, photo_of};
use crate::context::Stopped;
use crate::recognition::RecognitionError;
use crate::{JobContext, JobError, WorkerDeps};

impl JobHandler for ReadLabel {
    #[tracing::instrument(skip_all, fields(job_id = %ctx.job_id(), user_id = ctx.user_id()))]
    async fn handle(self, ctx: &JobContext, deps: &WorkerDeps) -> Result<LabelRead, JobError> {
        ctx.progress(JobStep::LabelReading, 10, "Reading the label", Map::new())
            .await?;
        let engine = deps.labels.engine().await.map_err(|e| match e {
            RecognitionError::NotInstalled(why) => {
                tracing::warn!(reason = %why, "label reading models not installed");
                JobError::permanent(
                    ErrorCode::LabelReadingUnavailable,
                    crate::labels::NOT_INSTALLED,
                )
            }
            RecognitionError::Failed(why) => JobError::Transient(why),
        })?;
        let sent = photo_of(deps, &self.file_path).await?;
        let started = Instant::now();
        let jpeg = deps.decoding.normalise(sent).await?.jpeg;
        // Decoding and the three models are CPU work: off the async threads.
        let label = tokio::task::spawn_blocking(move || {
            let photo = image::load_from_memory(&jpeg)
                .map_err(|e| format!("cannot decode the photo: {e}"))?
                .to_rgb8();
            crate::labels::read(&engine, &photo)
        })
        .await
        .map_err(|e| JobError::Transient(format!("label reading panicked: {e}")))?
        .map_err(|e| JobError::permanent(ErrorCode::ImageProcessingFailed, e))?;
        let took_ms = (started.elapsed().as_secs_f64() * 1e4).round() / 10.0;
        count_fields(&label);
        // The answer stays with the job: the photo is not needed any more.
        deps.blobs.remove(&self.file_path).await;
        Ok(LabelRead {
            label,
            took_ms,
            barcode: self.barcode,
        })
    }

    async fn stopped(&self, _job_id: JobId, deps: &WorkerDeps, _why: Stopped<'_>) {
        deps.blobs.remove(&self.file_path).await;
    }
}

/// `label_fields_total{state}`: each field of a reading, as sure, to check, unread (on
/// the label, but not read), implausible or not on the label; an operator sees from the
/// shares whether readings get better.
fn count_fields(label: &LabelReading) {
    metrics::counter!("label_readings_total").increment(1);
    for field in &label.fields {
        let state = match field.certainty {
            Certainty::Sure => "sure",
            Certainty::Check => "check",
            Certainty::Unread => "unread",
            Certainty::Implausible => "implausible",
            Certainty::NotOnLabel => "not_on_label",
        };
        metrics::counter!("label_fields_total", "state" => state).increment(1);
    }
}
