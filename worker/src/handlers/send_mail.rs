use jobs::payloads::{MailDelivery, SendMail};

use super::JobHandler;
use crate::{JobContext, JobError, MailerError, WorkerDeps};

impl JobHandler for SendMail {
    async fn handle(self, _ctx: &JobContext, deps: &WorkerDeps) -> Result<MailDelivery, JobError> {
        deps.mailer.send(&self).await.map_err(|e| match e {
            MailerError::Address(_) | MailerError::Build(_) | MailerError::Rejected(_) => {
                JobError::permanent("MAIL_REJECTED", e.to_string())
            }
            MailerError::Transport(_) | MailerError::Outbox(_) => {
                JobError::Transient(e.to_string())
            }
        })
    }
}
