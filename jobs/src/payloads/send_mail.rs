use models::MailedLink;
use serde::{Deserialize, Serialize};

use crate::Job;

/// A mail with a new link to one account. The payload names the account and the link
/// only: the worker reads the address from the account and makes the link as it sends,
/// so no token or address sits in the job table, the queue or the job board.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SendMail {
    pub user_id: i64,
    pub link: MailedLink,
}

/// Where the mail went: a file in the outbox (embedded) or an SMTP relay (fleet), or
/// why none was needed by the time the job ran.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "transport", rename_all = "snake_case")]
pub enum MailDelivery {
    Outbox { path: String },
    Smtp { relay: String },
    NotSent { reason: String },
}

impl Job for SendMail {
    const QUEUE: &'static str = "send-mail";
    type Output = MailDelivery;
}
