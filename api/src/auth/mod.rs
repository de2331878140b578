//! Authentication: password hashing, short-lived JWT access tokens, rotating refresh
//! tokens with reuse detection, single-use mailed links, and the `AuthUser` extractor.

mod extract;
mod password;
mod sessions;
mod tokens;

pub use extract::{AuthUser, ClientIp, MaybeAuthUser, ended_account};
pub use password::{hash_password, invalid_credentials, verify_password};
pub use sessions::{Auth, LinkProblem, RESET_PASSWORD_TTL, SessionTokens, VERIFY_EMAIL_TTL};
pub use tokens::{hash_token, random_token};
