//! One handler per job, one file each.

mod create_food_from_barcode;
mod detect_barcodes;
mod detect_foods;
mod estimate_portions;
mod fetch_usda_food;
mod import_foods;
mod lookup_nutrition;
mod normalise_photo;
mod probe;
mod read_label;
mod search_barcode;
mod send_mail;

use std::future::Future;

use jobs::{Job, JobId};
use models::ErrorCode;

use crate::context::Stopped;
use crate::{JobContext, JobError, WorkerDeps};

/// A store fault is worth another try.
pub(crate) fn store_fault(e: store::StoreError) -> JobError {
    JobError::Transient(format!("store: {e}"))
}

/// The uploaded image a recognition job is about.
pub(crate) async fn image_of(
    deps: &WorkerDeps,
    id: i64,
) -> Result<models::upload::UploadedImage, JobError> {
    deps.stores
        .images
        .get(id)
        .await
        .map_err(store_fault)?
        .ok_or_else(|| {
            JobError::permanent(ErrorCode::ImageNotFound, format!("Image {id} not found"))
        })
}

/// The bytes of a photo in the photo store. A photo that is not there (deleted while
/// the job waited) fails the job; a store that does not answer is worth another try.
pub(crate) async fn photo_of(deps: &WorkerDeps, key: &str) -> Result<Vec<u8>, JobError> {
    match deps.blobs.get(key).await {
        Ok(bytes) => Ok(bytes.into()),
        Err(platform::blobs::BlobError::NotFound(_)) => Err(JobError::permanent(
            ErrorCode::ImageProcessingFailed,
            "cannot read the image: it is no longer stored",
        )),
        Err(e) => Err(JobError::Transient(e.to_string())),
    }
}

/// The handler of one job type.
pub(crate) trait JobHandler: Job {
    fn handle(
        self,
        ctx: &JobContext,
        deps: &WorkerDeps,
    ) -> impl Future<Output = Result<Self::Output, JobError>> + Send;

    /// Runs once when the job ends without its output (it failed for good, or was
    /// cancelled), before that end is stored: a stage of a photo's analysis ends the
    /// analysis with it.
    fn stopped(
        &self,
        _job_id: JobId,
        _deps: &WorkerDeps,
        _why: Stopped<'_>,
    ) -> impl Future<Output = ()> + Send {
        async {}
    }
}
