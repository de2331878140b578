//! Authentication: password hashing, short-lived JWT access tokens, rotating refresh
//! tokens with reuse detection, single-use mailed links, and the `AuthUser` extractor.

mod extract;
mod password;
mod sessions;

pub use extract::{AdminListener, AuthUser, ClientIp, JobViewer, MaybeAuthUser, ended_account};
pub use models::token::{hash_token, random_token};
pub use password::{hash_password, invalid_credentials, no_such_user_hash, verify_password};
pub use sessions::{Auth, LinkProblem, SessionTokens};
