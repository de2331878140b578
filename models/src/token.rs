//! Secret tokens: made at random, stored only as their hash.

use base64::Engine;
use sha2::{Digest, Sha256};

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
