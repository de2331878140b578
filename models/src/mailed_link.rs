//! The single-use links a mail carries (an address to verify, a password to reset).
//! The worker that sends the mail makes the link; only its hash is stored, so the
//! link exists in the mail alone, never in a job payload, a queue or a log.

use chrono::{Duration, Utc};
use serde::{Deserialize, Serialize};

use crate::UserId;
use crate::token::{self, OneTimeToken};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MailedLink {
    VerifyEmail,
    ResetPassword,
}

impl MailedLink {
    /// What the stored link is for; a link answers only the route of its purpose.
    pub fn purpose(self) -> &'static str {
        match self {
            MailedLink::VerifyEmail => "verify_email",
            MailedLink::ResetPassword => "reset_password",
        }
    }

    /// How long the link works after it is made.
    pub fn valid_for(self) -> Duration {
        match self {
            MailedLink::VerifyEmail => Duration::hours(24),
            MailedLink::ResetPassword => Duration::hours(1),
        }
    }

    /// The web app's page the link opens, under the public address.
    pub fn page(self) -> &'static str {
        match self {
            MailedLink::VerifyEmail => "verify-email",
            MailedLink::ResetPassword => "reset-password",
        }
    }

    /// Makes a new link for `user`: the token, the only copy, to be put in the mail,
    /// and the record to store, which holds only its hash.
    pub fn mint(self, user: UserId) -> (String, OneTimeToken) {
        let token = token::random_token();
        let stored = OneTimeToken {
            token_hash: token::hash_token(&token),
            user_id: user,
            purpose: self.purpose().to_owned(),
            expires_at: Utc::now() + self.valid_for(),
            used_at: None,
        };
        (token, stored)
    }

    /// The link itself: the page under `public_url` with the token.
    pub fn url(self, public_url: &str, token: &str) -> String {
        format!(
            "{}/{}/{token}",
            public_url.trim_end_matches('/'),
            self.page()
        )
    }
}
