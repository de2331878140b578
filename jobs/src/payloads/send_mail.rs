use serde::{Deserialize, Serialize};

use crate::Job;

/// One e-mail to one recipient, plain text with an optional HTML alternative.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SendMail {
    pub to: String,
    pub subject: String,
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub html: Option<String>,
}

/// Where the mail went: a file in the outbox (embedded) or an SMTP relay (fleet).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "transport", rename_all = "snake_case")]
pub enum MailDelivery {
    Outbox { path: String },
    Smtp { relay: String },
}

impl Job for SendMail {
    const QUEUE: &'static str = "send-mail";
    type Output = MailDelivery;
}
