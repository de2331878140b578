use std::time::Instant;

use jobs::payloads::DetectBarcodes;
use models::ErrorCode;
use models::analysis::BarcodeScan;
use serde_json::Map;

use super::{JobHandler, image_of, photo_of};
use crate::barcodes::reader::read_barcodes;
use crate::{JobContext, JobError, WorkerDeps};

impl JobHandler for DetectBarcodes {
    #[tracing::instrument(skip_all, fields(job_id = %ctx.job_id(), user_id = ctx.user_id(), image_id = self.image_id))]
    async fn handle(self, ctx: &JobContext, deps: &WorkerDeps) -> Result<BarcodeScan, JobError> {
        let image = image_of(deps, self.image_id).await?;
        ctx.progress("barcode_detection", 10, "Reading barcodes", Map::new())
            .await?;
        let bytes = photo_of(deps, &image.file_path).await?;
        let started = Instant::now();
        // Decoding is CPU work: off the async threads.
        let (barcodes, (width, height)) =
            tokio::task::spawn_blocking(move || read_barcodes(&bytes))
                .await
                .map_err(|e| JobError::Transient(format!("barcode reading panicked: {e}")))?
                .map_err(|e| JobError::permanent(ErrorCode::ImageProcessingFailed, e))?;
        Ok(BarcodeScan {
            barcodes,
            width,
            height,
            took_ms: (started.elapsed().as_secs_f64() * 1e4).round() / 10.0,
        })
    }
}
