use models::MailedLink;
use serde::{Deserialize, Serialize};

use crate::Job;

/// A mail with a new link to one account. The payload names the account and the link
/// only: the worker reads the address from the account and makes the link as it sends,
/// so no token or address sits in the job table, the queue or the job board.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(from = "Stored")]
pub struct SendMail {
    pub user_id: i64,
    pub link: MailedLink,
}

impl SendMail {
    /// Stands for the account of a mail queued before mail jobs named their account: no
    /// account has a negative id, and such a mail is not sent (its link was made then).
    pub const QUEUED_BEFORE_UPGRADE: i64 = -1;
}

/// A mail job's payload as a queue may hold it: the account and the link, or the whole
/// mail, as it was queued before the upgrade. Read so that such a job ends instead of
/// stopping its queue's worker, which cannot read it otherwise.
#[derive(Deserialize)]
#[serde(untagged)]
enum Stored {
    Account {
        user_id: i64,
        link: MailedLink,
    },
    WholeMail {
        #[allow(dead_code)]
        to: String,
    },
}

impl From<Stored> for SendMail {
    fn from(stored: Stored) -> Self {
        match stored {
            Stored::Account { user_id, link } => SendMail { user_id, link },
            Stored::WholeMail { .. } => SendMail {
                user_id: SendMail::QUEUED_BEFORE_UPGRADE,
                link: MailedLink::VerifyEmail,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mail_queued_before_the_upgrade_is_read_as_one_not_to_send() {
        let now: SendMail =
            serde_json::from_str(r#"{"user_id":7,"link":"reset_password"}"#).unwrap();
        assert_eq!((now.user_id, now.link), (7, MailedLink::ResetPassword));
        let before: SendMail = serde_json::from_str(
            r#"{"to":"a@example.com","subject":"Verify","text":"http://x/verify-email/abc","html":null}"#,
        )
        .unwrap();
        assert_eq!(before.user_id, SendMail::QUEUED_BEFORE_UPGRADE);
        assert!(serde_json::from_str::<SendMail>(r#"{"subject":"no address"}"#).is_err());
    }
}

/// Where the mail went: a file in the outbox (embedded) or an SMTP relay (fleet), or
/// why none was needed by the time the job ran.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "transport", rename_all = "snake_case")]
pub enum MailDelivery {
    /// Written to the outbox as this file (its name only: where the server keeps its
    /// files is the operator's, in the log, never the account's to see).
    Outbox {
        file: String,
    },
    Smtp {
        relay: String,
    },
    NotSent {
        reason: String,
    },
}

impl Job for SendMail {
    const QUEUE: &'static str = "send-mail";
    type Output = MailDelivery;
}
