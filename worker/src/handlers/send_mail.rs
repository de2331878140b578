use jobs::payloads::{MailDelivery, SendMail};
use models::ErrorCode;

use super::JobHandler;
use crate::{JobContext, JobError, MailerError, WorkerDeps};

impl JobHandler for SendMail {
    #[tracing::instrument(skip_all, fields(job_id = %ctx.job_id(), user_id = ctx.user_id()))]
    async fn handle(self, ctx: &JobContext, deps: &WorkerDeps) -> Result<MailDelivery, JobError> {
        deps.mailer.send(&self).await.map_err(|e| match e {
            MailerError::Address(_) | MailerError::Build(_) | MailerError::Rejected(_) => {
                JobError::permanent(ErrorCode::MailRejected, e.to_string())
            }
            MailerError::Transport(_) | MailerError::Outbox(_) => {
                JobError::Transient(e.to_string())
            }
        })
    }
}
