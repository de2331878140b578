//! One handler per job, one file each.

mod fetch_usda_food;
mod import_foods;
mod probe;
mod send_mail;

use std::future::Future;

use jobs::Job;

use crate::{JobContext, JobError, WorkerDeps};

/// The handler of one job type.
pub(crate) trait JobHandler: Job {
    fn handle(
        self,
        ctx: &JobContext,
        deps: &WorkerDeps,
    ) -> impl Future<Output = Result<Self::Output, JobError>> + Send;
}
