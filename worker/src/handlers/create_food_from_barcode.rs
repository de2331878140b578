use jobs::payloads::CreateFoodFromBarcode;
use models::analysis::FoodFromBarcode;

use super::JobHandler;
use crate::barcodes::{food_for, parse};
use crate::{JobContext, JobError, WorkerDeps};

impl JobHandler for CreateFoodFromBarcode {
    #[tracing::instrument(skip_all, fields(job_id = %ctx.job_id(), user_id = ctx.user_id(), barcode = %self.barcode))]
    async fn handle(
        self,
        ctx: &JobContext,
        deps: &WorkerDeps,
    ) -> Result<FoodFromBarcode, JobError> {
        let barcode = parse(&self.barcode)?;
        food_for(deps, ctx, &barcode).await
    }
}
