//! Secret tokens: made at random, stored only as their hash.

use base64::Engine;
use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};

use crate::UserId;

/// 256 random bits, URL-safe: refresh tokens and mailed links.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).expect("the operating system provides randomness");
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// What is stored instead of a token: a leaked table gives no usable token. The
/// tokens are random, so a fast hash is enough.
pub fn hash_token(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A refresh token as stored: only its hash, its session family and its state.
#[derive(Debug, Clone, PartialEq)]
pub struct RefreshToken {
    pub token_hash: String,
    pub user_id: UserId,
    pub family_id: String,
    pub expires_at: DateTime<Utc>,
    pub revoked_at: Option<DateTime<Utc>>,
}

/// A single-use link (email verification, password reset), stored as its hash.
#[derive(Debug, Clone, PartialEq)]
pub struct OneTimeToken {
    pub token_hash: String,
    pub user_id: UserId,
    pub purpose: String,
    pub expires_at: DateTime<Utc>,
    pub used_at: Option<DateTime<Utc>>,
}
