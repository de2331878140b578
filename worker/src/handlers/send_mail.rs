use jobs::payloads::{MailDelivery, SendMail};
use models::{ErrorCode, MailedLink, UserId};

use super::{JobHandler, store_fault};
use crate::{JobContext, JobError, MailerError, WorkerDeps, account_mail};

impl JobHandler for SendMail {
    /// Makes the link now, so that it exists in the mail alone; a retry after a failed
    /// send makes another (the one never sent is never used, and expires).
    #[tracing::instrument(skip_all, fields(job_id = %ctx.job_id(), user_id = self.user_id, link = ?self.link))]
    async fn handle(self, ctx: &JobContext, deps: &WorkerDeps) -> Result<MailDelivery, JobError> {
        if self.user_id == SendMail::QUEUED_BEFORE_UPGRADE {
            return Ok(not_sent(
                "queued before an upgrade; a new link must be asked for",
            ));
        }
        let user_id = UserId::from_i64(self.user_id);
        let Some(user) = deps.stores.users.get(user_id).await.map_err(store_fault)? else {
            return Ok(not_sent("the account no longer exists"));
        };
        if self.link == MailedLink::VerifyEmail && user.email_verified {
            return Ok(not_sent("the address is verified already"));
        }
        let (token, stored) = self.link.mint(user.id);
        deps.stores
            .sessions
            .insert_one_time(&stored)
            .await
            .map_err(store_fault)?;
        let url = self.link.url(deps.mailer.public_url(), &token);
        let mail = account_mail::compose(self.link, &user, &url);
        deps.mailer.send(&mail).await.map_err(|e| match e {
            MailerError::Address(_) | MailerError::Build(_) | MailerError::Rejected(_) => {
                JobError::permanent(ErrorCode::MailRejected, e.to_string())
            }
            MailerError::Transport(_) | MailerError::Outbox(_) => {
                JobError::Transient(e.to_string())
            }
        })
    }
}

fn not_sent(reason: &str) -> MailDelivery {
    tracing::info!(reason, "no mail needed");
    MailDelivery::NotSent {
        reason: reason.to_owned(),
    }
}
