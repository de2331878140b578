use chrono::{DateTime, Utc};
use models::User;
use serde::Serialize;
use utoipa::ToSchema;

/// A user as clients see it.
#[derive(Serialize, ToSchema)]
pub struct UserView {
    id: i64,
    username: String,
    email: String,
    nickname: String,
    email_verified: bool,
    date_joined: DateTime<Utc>,
}

impl From<&User> for UserView {
    fn from(user: &User) -> Self {
        UserView {
            id: user.id.get(),
            username: user.username.clone(),
            email: user.email.clone(),
            nickname: user.nickname.clone(),
            email_verified: user.email_verified,
            date_joined: user.created_at,
        }
    }
}
