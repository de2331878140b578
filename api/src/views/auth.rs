use models::User;
use serde::Serialize;
use utoipa::ToSchema;

use super::UserView;
use crate::auth::SessionTokens;

#[derive(Serialize, ToSchema)]
pub struct Registered {
    access: String,
    refresh: String,
    user: UserView,
    verification_sent: bool,
}

impl Registered {
    pub fn new(tokens: SessionTokens, user: &User, verification_sent: bool) -> Self {
        Registered {
            access: tokens.access,
            refresh: tokens.refresh,
            user: user.into(),
            verification_sent,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct LoggedIn {
    access: String,
    refresh: String,
    user: UserView,
}

impl LoggedIn {
    pub fn new(tokens: SessionTokens, user: &User) -> Self {
        LoggedIn {
            access: tokens.access,
            refresh: tokens.refresh,
            user: user.into(),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct LoggedOut {
    pub logged_out: bool,
}

#[derive(Serialize, ToSchema)]
pub struct Verified {
    token: String,
    refresh_token: String,
    user: UserView,
}

impl Verified {
    pub fn new(tokens: SessionTokens, user: &User) -> Self {
        Verified {
            token: tokens.access,
            refresh_token: tokens.refresh,
            user: user.into(),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct Sent {
    pub message: &'static str,
}
