use std::sync::Arc;

use chrono::{Duration, Utc};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation, errors::ErrorKind};
use models::ErrorCode;
use models::{MailedLink, OneTimeToken, RefreshToken, UserId};
use serde::{Deserialize, Serialize};
use store::SessionStore;

use super::{hash_token, random_token};
use crate::error::ApiError;

const ACCESS_TTL: Duration = Duration::minutes(15);
const REFRESH_TTL: Duration = Duration::days(30);

/// A fresh pair for the client.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SessionTokens {
    pub access: String,
    pub refresh: String,
    #[serde(skip)]
    pub family_id: String,
}

#[derive(Debug, Serialize, Deserialize)]
struct AccessClaims {
    sub: String,
    iat: i64,
    exp: i64,
    /// Only "access" is accepted as an access token.
    typ: String,
}

/// Issues and checks sessions. HS256 only: a token signed with another key or with
/// `alg: none` is refused.
pub struct Auth {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    sessions: Arc<dyn SessionStore>,
}

impl std::fmt::Debug for Auth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Auth(HS256)")
    }
}

impl Auth {
    pub fn new(secret: &[u8], sessions: Arc<dyn SessionStore>) -> Self {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 5;
        validation.set_required_spec_claims(&["exp", "sub"]);
        Auth {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
            sessions,
        }
    }

    /// Starts a session: a new refresh family.
    pub async fn issue(&self, user: UserId) -> Result<SessionTokens, ApiError> {
        let (tokens, stored) = self.pair(user, random_token())?;
        self.sessions.insert_refresh(&stored).await?;
        Ok(tokens)
    }

    /// A new access token and the next refresh token of `family`, with its stored form.
    fn pair(
        &self,
        user: UserId,
        family_id: String,
    ) -> Result<(SessionTokens, RefreshToken), ApiError> {
        let now = Utc::now();
        let claims = AccessClaims {
            sub: user.to_string(),
            iat: now.timestamp(),
            exp: (now + ACCESS_TTL).timestamp(),
            typ: "access".into(),
        };
        let access = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .map_err(ApiError::internal)?;
        let refresh = random_token();
        let stored = RefreshToken {
            token_hash: hash_token(&refresh),
            user_id: user,
            family_id: family_id.clone(),
            expires_at: now + REFRESH_TTL,
            revoked_at: None,
        };
        Ok((
            SessionTokens {
                access,
                refresh,
                family_id,
            },
            stored,
        ))
    }

    /// The user an access token speaks for.
    pub fn verify_access(&self, token: &str) -> Result<UserId, ApiError> {
        let data = jsonwebtoken::decode::<AccessClaims>(token, &self.decoding, &self.validation)
            .map_err(|e| match e.kind() {
                ErrorKind::ExpiredSignature => token_expired("Access token has expired"),
                _ => invalid_token("Invalid access token"),
            })?;
        if data.claims.typ != "access" {
            return Err(invalid_token("Invalid access token"));
        }
        data.claims
            .sub
            .parse::<i64>()
            .map(UserId::from_i64)
            .map_err(|_| invalid_token("Invalid access token"))
    }

    /// Rotates a refresh token: the old one is spent and a new one of the same family
    /// returned. Presenting a spent token means it leaked: the whole family ends.
    pub async fn rotate(&self, refresh: &str) -> Result<SessionTokens, ApiError> {
        let hash = hash_token(refresh.trim());
        let stored = self
            .sessions
            .get_refresh(&hash)
            .await?
            .ok_or_else(|| invalid_token("Invalid refresh token"))?;
        if stored.expires_at < Utc::now() && stored.revoked_at.is_none() {
            return Err(token_expired("Refresh token has expired"));
        }
        let (tokens, next) = self.pair(stored.user_id, stored.family_id.clone())?;
        if stored.revoked_at.is_some() || !self.sessions.rotate_refresh(&hash, &next).await? {
            self.sessions.revoke_family(&stored.family_id).await?;
            tracing::warn!(user = %stored.user_id, "refresh token reused; session family revoked");
            return Err(ApiError::new(
                ErrorCode::TokenReused,
                "This session has ended; please log in again",
            ));
        }
        Ok(tokens)
    }

    /// Ends the session a refresh token belongs to. Unknown tokens are ignored.
    pub async fn end_session(&self, refresh: &str) -> Result<(), ApiError> {
        if let Some(stored) = self
            .sessions
            .get_refresh(&hash_token(refresh.trim()))
            .await?
        {
            self.sessions.revoke_family(&stored.family_id).await?;
        }
        Ok(())
    }

    /// Ends every session of a user but `keep`.
    pub async fn end_other_sessions(
        &self,
        user: UserId,
        keep: Option<&str>,
    ) -> Result<(), ApiError> {
        self.sessions.revoke_user_sessions(user, keep).await?;
        Ok(())
    }

    /// Spends a mailed link: it works once.
    pub async fn spend_link(&self, token: &str, link: MailedLink) -> Result<UserId, LinkProblem> {
        let stored = self.valid_link(token, link).await?;
        match self.sessions.consume_one_time(&stored.token_hash).await {
            Ok(true) => Ok(stored.user_id),
            // Someone spent it a moment ago.
            Ok(false) => Err(LinkProblem::Spent(stored.user_id)),
            Err(e) => Err(LinkProblem::Store(e.into())),
        }
    }

    /// Checks a link without spending it.
    pub async fn check_link(&self, token: &str, link: MailedLink) -> Result<(), LinkProblem> {
        self.valid_link(token, link).await.map(drop)
    }

    /// An unspent link for `link`'s purpose that has not expired.
    async fn valid_link(&self, token: &str, link: MailedLink) -> Result<OneTimeToken, LinkProblem> {
        match self.sessions.get_one_time(&hash_token(token.trim())).await {
            Ok(Some(stored)) if stored.purpose == link.purpose() && stored.used_at.is_none() => {
                if stored.expires_at < Utc::now() {
                    Err(LinkProblem::Expired)
                } else {
                    Ok(stored)
                }
            }
            Ok(Some(stored)) if stored.purpose == link.purpose() && stored.used_at.is_some() => {
                Err(LinkProblem::Spent(stored.user_id))
            }
            Ok(_) => Err(LinkProblem::Invalid),
            Err(e) => Err(LinkProblem::Store(e.into())),
        }
    }
}

#[derive(Debug)]
pub enum LinkProblem {
    Invalid,
    /// The link was used already, by the account it names.
    Spent(UserId),
    Expired,
    Store(ApiError),
}

impl LinkProblem {
    /// The answer to a link that cannot be used, in the words of the mail it came in
    /// (`invalid`, `expired`); a store failure stays what it was.
    pub fn into_error(self, invalid: &str, expired: &str) -> ApiError {
        match self {
            LinkProblem::Invalid | LinkProblem::Spent(_) => {
                ApiError::new(ErrorCode::LinkTokenInvalid, invalid)
            }
            LinkProblem::Expired => ApiError::new(ErrorCode::LinkTokenExpired, expired),
            LinkProblem::Store(e) => e,
        }
    }
}

pub fn invalid_token(message: &str) -> ApiError {
    ApiError::new(ErrorCode::InvalidToken, message)
}

fn token_expired(message: &str) -> ApiError {
    ApiError::new(ErrorCode::TokenExpired, message)
}
