use std::time::Instant;

use jobs::JobStep;
use jobs::payloads::DetectBarcodes;
use models::analysis::{BarcodeLookup, BarcodeScan};
use models::{Barcode, ErrorCode};
use serde_json::Map;

use super::{JobHandler, image_of};
use crate::barcodes::food_for;
use crate::barcodes::reader::read_barcodes;
use crate::{JobContext, JobError, WorkerDeps};

impl JobHandler for DetectBarcodes {
    #[tracing::instrument(skip_all, fields(job_id = %ctx.job_id(), user_id = ctx.user_id(), image_id = self.image_id))]
    async fn handle(self, ctx: &JobContext, deps: &WorkerDeps) -> Result<BarcodeScan, JobError> {
        let image = image_of(deps, self.image_id).await?;
        ctx.progress(
            JobStep::BarcodeDetection,
            10,
            "Reading barcodes",
            Map::new(),
        )
        .await?;
        let bytes = crate::photo::kept_photo(deps, &image).await?;
        let started = Instant::now();
        // Decoding is CPU work: off the async threads.
        let (barcodes, (width, height)) =
            tokio::task::spawn_blocking(move || read_barcodes(&bytes))
                .await
                .map_err(|e| JobError::Transient(format!("barcode reading panicked: {e}")))?
                .map_err(|e| JobError::permanent(ErrorCode::ImageProcessingFailed, e))?;
        let took_ms = (started.elapsed().as_secs_f64() * 1e4).round() / 10.0;
        let foods = if self.find_foods {
            let food_codes: Vec<&str> = barcodes
                .iter()
                .filter(|b| b.is_food)
                .map(|b| b.data.as_str())
                .collect();
            if !food_codes.is_empty() {
                let message = format!("Finding the food of {} barcodes", food_codes.len());
                ctx.progress(JobStep::BarcodeLookup, 30, message, Map::new())
                    .await?;
            }
            let lookups = food_codes.into_iter().map(|code| lookup(deps, ctx, code));
            let found = futures::future::join_all(lookups).await;
            Some(found.into_iter().collect::<Result<Vec<_>, _>>()?)
        } else {
            None
        };
        Ok(BarcodeScan {
            image_id: self.image_id,
            barcodes,
            width,
            height,
            took_ms,
            foods,
        })
    }
}

/// The food of one code of the photo, or why there is none. A fault worth another try
/// (the store away) fails the whole job, which is tried again.
async fn lookup(
    deps: &WorkerDeps,
    ctx: &JobContext,
    code: &str,
) -> Result<BarcodeLookup, JobError> {
    let found = match Barcode::parse(code) {
        Ok(barcode) => food_for(deps, ctx, &barcode).await,
        Err(e) => Err(JobError::permanent(ErrorCode::InvalidBarcode, e.0)),
    };
    let food = match found {
        Ok(food) => Ok(food),
        Err(JobError::Permanent(failure)) => Err(failure),
        Err(other) => return Err(other),
    };
    Ok(BarcodeLookup {
        barcode: code.to_owned(),
        food,
    })
}
