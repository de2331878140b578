use jobs::payloads::NormalisePhoto;

use super::{JobHandler, image_of};
use crate::{JobContext, JobError, WorkerDeps};

impl JobHandler for NormalisePhoto {
    #[tracing::instrument(skip_all, fields(job_id = %ctx.job_id(), user_id = ctx.user_id(), image_id = self.image_id))]
    async fn handle(self, ctx: &JobContext, deps: &WorkerDeps) -> Result<(), JobError> {
        let image = image_of(deps, self.image_id).await?;
        crate::photo::kept_photo(deps, &image).await.map(drop)
    }
}
