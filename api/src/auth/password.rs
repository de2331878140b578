//! argon2id, run off the async threads: a hash takes tens of milliseconds of CPU.

use argon2::{Argon2, PasswordHasher, PasswordVerifier, password_hash::phc::PasswordHash};
use models::ErrorCode;

use crate::error::ApiError;

pub async fn hash_password(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || {
        Argon2::default()
            .hash_password(password.as_bytes())
            .map(|hash| hash.to_string())
    })
    .await
    .map_err(ApiError::internal)?
    .map_err(ApiError::internal)
}

/// False for a wrong password and for a hash that cannot be read.
pub async fn verify_password(password: String, hash: String) -> Result<bool, ApiError> {
    tokio::task::spawn_blocking(move || {
        PasswordHash::new(&hash)
            .map(|parsed| {
                Argon2::default()
                    .verify_password(password.as_bytes(), &parsed)
                    .is_ok()
            })
            .unwrap_or(false)
    })
    .await
    .map_err(ApiError::internal)
}

/// A hash to check against when the user does not exist, so an unknown name takes
/// as long to refuse as a wrong password.
pub async fn no_such_user_hash() -> Result<String, ApiError> {
    static HASH: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();
    HASH.get_or_try_init(|| hash_password(super::random_token()))
        .await
        .cloned()
}

/// A sign-in that failed: the same answer for an unknown user and a wrong password.
pub fn invalid_credentials() -> ApiError {
    ApiError::new(ErrorCode::InvalidCredentials, "Invalid credentials")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn hashes_verify_and_differ_per_salt() {
        let a = hash_password("Abcdefg1".into()).await.unwrap();
        let b = hash_password("Abcdefg1".into()).await.unwrap();
        assert!(a.starts_with("$argon2id$"));
        assert_ne!(a, b);
        assert!(verify_password("Abcdefg1".into(), a.clone()).await.unwrap());
        assert!(!verify_password("abcdefg1".into(), a).await.unwrap());
        assert!(
            !verify_password("x".into(), "not a hash".into())
                .await
                .unwrap()
        );
    }
}
