//! `/auth/*`: sign-up, sign-in, sessions, email verification, password reset.

use axum::{extract::State, http::StatusCode, response::IntoResponse};
use jobs::payloads::SendMail;
use models::ErrorCode;
use models::{
    AccountField, Email, FieldRule, MailedLink, NewPassword, NewUser, RuleBroken, User, Username,
};
use serde::Deserialize;
use store::StoreError;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::Success;
use crate::{
    AppState,
    auth::{
        AuthUser, ClientIp, LinkProblem, SessionTokens, hash_password, invalid_credentials,
        no_such_user_hash, verify_password,
    },
    error::{ApiError, ApiJson, ApiResult},
    extract::Body,
    rate_limit::Limit,
    views::{LoggedIn, LoggedOut, Registered, Sent, UserView, Verified},
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(register))
        .routes(routes!(login))
        .routes(routes!(refresh))
        .routes(routes!(logout))
        .routes(routes!(current_user))
        .routes(routes!(verify_email))
        .routes(routes!(resend_verification))
        .routes(routes!(password_reset))
        .routes(routes!(password_reset_confirm))
}

#[derive(Deserialize, ToSchema)]
struct Registration {
    username: String,
    email: String,
    password: String,
    #[serde(default)]
    nickname: String,
}

/// Creates the account, signs the user in and mails a verification link.
#[utoipa::path(
    post,
    path = "/auth/register",
    tag = "auth",
    operation_id = "auth_register",
    summary = "Sign up with {username, email, password, nickname}: 201 with {access, refresh, user, verification_sent}; a verification link is mailed.",
    request_body(content = inline(Registration), example = json!({"username": "newcook", "email": "newcook@example.com", "password": "Cooking2026x", "nickname": "Cook"})),
    responses(
        (status = 201, description = "Signed up and in", body = Success<Registered>),
        (status = 409, description = "USERNAME_TAKEN or EMAIL_TAKEN"),
        (status = 422, description = "Invalid details"),
        (status = 429, description = "RATE_LIMITED"),
    ),
)]
#[tracing::instrument(skip_all)]
async fn register(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Body(form): Body<Registration>,
) -> Result<impl IntoResponse, ApiError> {
    let limits = state.config.rate_limits;
    state
        .limiter
        .check(&format!("register:ip:{ip}"), limits.register_per_ip)
        .await?;
    let username = Username::parse(&form.username)?;
    let email = Email::parse(&form.email)?;
    let password = NewPassword::parse(&form.password)?;
    let nickname = form.nickname.trim().to_owned();
    if nickname.chars().count() > 50 {
        return Err(RuleBroken::new(
            AccountField::Nickname,
            FieldRule::TooLong,
            "nickname must be at most 50 characters",
        )
        .into());
    }
    let password_hash = hash_password(password.expose().to_owned()).await?;
    let user = state
        .stores
        .users
        .create(&NewUser {
            username,
            email,
            nickname,
            password_hash,
        })
        .await
        .map_err(|e| match e {
            // The address or the name, or how either is drawn ("Вера" beside "bepa"):
            // the unique skeletons decide inside the insert, so neither order nor a race
            // gets two accounts that look alike.
            StoreError::Conflict(field) if field == "email" => ApiError::new(
                ErrorCode::EmailTaken,
                "An account with this email, or one that looks like it, already exists",
            ),
            StoreError::Conflict(_) => ApiError::new(
                ErrorCode::UsernameTaken,
                "This username, or one that looks like it, is already taken",
            ),
            other => other.into(),
        })?;
    send_mail(&state, &user, MailedLink::VerifyEmail).await?;
    let tokens = state.auth.issue(user.id).await?;
    Ok((
        StatusCode::CREATED,
        ApiJson(Registered::new(tokens, &user, true)),
    ))
}

/// Queues the mail with a new link for `link`. The job names the account and the kind
/// of mail only: the worker makes the link as it sends, so no token sits in the queue.
async fn send_mail(state: &AppState, user: &User, link: MailedLink) -> Result<(), ApiError> {
    state
        .jobs
        .push(
            SendMail {
                user_id: user.id.get(),
                link,
            },
            Some(user.id.get()),
        )
        .await?;
    Ok(())
}

#[derive(Deserialize, ToSchema)]
struct Credentials {
    username: String,
    password: String,
}

/// Wrong passwords at one account from every address together, in budgets of one
/// address's, past which each attempt at it waits [`SLOW_DOWN`].
const SLOW_DOWN_AFTER: u32 = 3;
const SLOW_DOWN: std::time::Duration = std::time::Duration::from_secs(1);

#[utoipa::path(
    post,
    path = "/auth/login",
    tag = "auth",
    operation_id = "auth_login",
    summary = "Sign in with {username (or email), password}: {access, refresh, user}.",
    request_body(content = inline(Credentials), example = json!({"username": "newcook", "password": "Cooking2026x"})),
    responses(
        (status = 200, description = "Signed in", body = Success<LoggedIn>),
        (status = 401, description = "INVALID_CREDENTIALS"),
        (status = 429, description = "RATE_LIMITED: too many attempts from this address, or too many wrong passwords at this account from this address (Retry-After)"),
    ),
)]
#[tracing::instrument(skip_all)]
async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Body(form): Body<Credentials>,
) -> ApiResult<LoggedIn> {
    if form.username.trim().is_empty() {
        return Err(ApiError::validation("Please enter username"));
    }
    if form.password.is_empty() {
        return Err(ApiError::validation("Please enter password"));
    }
    let limits = state.config.rate_limits;
    let login = models::user::login_key(&form.username);
    state
        .limiter
        .check(&format!("login:ip:{ip}"), limits.login_per_ip)
        .await?;
    let user = state.stores.users.find_by_login(&login).await?;
    // Wrong passwords spend a budget of the account (one, whether named by username or
    // email) and the address together: a stranger's guesses never lock the owner out
    // of their own account from another address. Guesses at one account from many
    // addresses are slowed down instead.
    let account = user.as_ref().map_or(login, |user| user.id.to_string());
    let pair_key = format!("login:fail:{account}:{ip}");
    let account_key = format!("login:fail:{account}");
    let per_pair = limits.login_per_account;
    let per_account = Limit::per(
        per_pair.calls.saturating_mul(SLOW_DOWN_AFTER),
        per_pair.window,
    );
    state.limiter.check_spent(&pair_key, per_pair).await?;
    if state
        .limiter
        .check_spent(&account_key, per_account)
        .await
        .is_err()
    {
        tokio::time::sleep(SLOW_DOWN).await;
    }
    let hash = match &user {
        Some(user) => user.password_hash.clone(),
        None => no_such_user_hash().await?,
    };
    let matches = verify_password(form.password, hash).await?;
    let Some(user) = user.filter(|_| matches) else {
        state.limiter.record(&pair_key, per_pair).await?;
        state.limiter.record(&account_key, per_account).await?;
        return Err(invalid_credentials());
    };
    let tokens = state.auth.issue(user.id).await?;
    Ok(ApiJson(LoggedIn::new(tokens, &user)))
}

#[derive(Deserialize, ToSchema)]
struct RefreshRequest {
    refresh: String,
}

#[utoipa::path(
    post,
    path = "/auth/refresh",
    tag = "auth",
    operation_id = "auth_refresh",
    summary = "Rotate {refresh}: a new {access, refresh}; a reused refresh token ends its whole session.",
    request_body(content = inline(RefreshRequest), example = json!({"refresh": "the refresh token from sign-in"})),
    responses(
        (status = 200, description = "New tokens", body = Success<SessionTokens>),
        (status = 401, description = "INVALID_TOKEN, TOKEN_EXPIRED or TOKEN_REUSED"),
    ),
)]
#[tracing::instrument(skip_all)]
async fn refresh(
    State(state): State<AppState>,
    Body(form): Body<RefreshRequest>,
) -> ApiResult<SessionTokens> {
    Ok(ApiJson(state.auth.rotate(&form.refresh).await?))
}

/// SPEC §7 names the field `refresh_token`; `refresh`, as login and refresh answer
/// it, is taken as well.
#[derive(Deserialize, ToSchema)]
struct LogoutRequest {
    #[serde(default)]
    refresh_token: Option<String>,
    #[serde(default)]
    refresh: Option<String>,
}

/// Ends the session of the refresh token. Answers the same for unknown tokens, so it
/// tells nothing about whose token it was.
#[utoipa::path(
    post,
    path = "/auth/logout",
    tag = "auth",
    operation_id = "auth_logout",
    summary = "End the session of {refresh_token} (also taken as {refresh}).",
    request_body(content = inline(LogoutRequest), example = json!({"refresh_token": "the refresh token from sign-in"})),
    responses(
        (status = 200, description = "Logged out", body = Success<LoggedOut>),
        (status = 422, description = "VALIDATION_ERROR: no token given"),
    ),
)]
#[tracing::instrument(skip_all)]
async fn logout(
    State(state): State<AppState>,
    Body(form): Body<LogoutRequest>,
) -> ApiResult<LoggedOut> {
    let token = form
        .refresh_token
        .or(form.refresh)
        .filter(|token| !token.trim().is_empty())
        .ok_or_else(|| ApiError::validation("Please give the refresh_token to end"))?;
    state.auth.end_session(&token).await?;
    Ok(ApiJson(LoggedOut { logged_out: true }))
}

#[utoipa::path(
    get,
    path = "/auth/user",
    tag = "auth",
    operation_id = "auth_current_user",
    summary = "The signed-in user.",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The user", body = Success<UserView>),
        (status = 401, description = "NOT_AUTHENTICATED, INVALID_TOKEN or TOKEN_EXPIRED"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn current_user(AuthUser(user): AuthUser) -> ApiJson<UserView> {
    ApiJson((&user).into())
}

#[derive(Deserialize, ToSchema)]
struct TokenRequest {
    #[serde(default)]
    token: String,
}

/// Confirms the address and signs the user in.
#[utoipa::path(
    post,
    path = "/auth/verify-email",
    tag = "auth",
    operation_id = "auth_verify_email",
    summary = "Confirm the address with the mailed {token}; signs in: {token, refresh_token, user}.",
    request_body(content = inline(TokenRequest), example = json!({"token": "the token of the mailed link"})),
    responses(
        (status = 200, description = "Verified and signed in", body = Success<Verified>),
        (status = 400, description = "INVALID_TOKEN or TOKEN_EXPIRED"),
        (status = 409, description = "EMAIL_ALREADY_VERIFIED: the link was used already and the address is verified (no session is given)"),
    ),
)]
#[tracing::instrument(skip_all)]
async fn verify_email(
    State(state): State<AppState>,
    Body(form): Body<TokenRequest>,
) -> ApiResult<Verified> {
    let user_id = match state
        .auth
        .spend_link(&form.token, MailedLink::VerifyEmail)
        .await
    {
        Ok(user_id) => user_id,
        // Opened again (a second tap, another device): the address is verified, and
        // that is what to say. A spent link signs no one in.
        Err(LinkProblem::Spent(user_id))
            if state
                .stores
                .users
                .get(user_id)
                .await?
                .is_some_and(|user| user.email_verified) =>
        {
            return Err(ApiError::new(
                ErrorCode::EmailAlreadyVerified,
                "This email address is already verified",
            ));
        }
        Err(problem) => {
            return Err(problem.into_error(
                "Invalid verification link",
                "This verification link has expired",
            ));
        }
    };
    // An account deleted since the link was sent: the link is no longer valid.
    let user = match state.stores.users.mark_email_verified(user_id).await {
        Err(StoreError::NotFound) => {
            return Err(LinkProblem::Invalid.into_error("Invalid verification link", ""));
        }
        other => other?,
    };
    let tokens = state.auth.issue(user.id).await?;
    Ok(ApiJson(Verified::new(tokens, &user)))
}

#[derive(Deserialize, ToSchema)]
struct EmailRequest {
    #[serde(default)]
    email: String,
}

/// Parses the address and counts the call, per client and per address.
async fn mail_request(
    state: &AppState,
    ip: std::net::IpAddr,
    email: &str,
) -> Result<Email, ApiError> {
    let email = Email::parse(email)?;
    let limits = state.config.rate_limits;
    state
        .limiter
        .check(&format!("mail:ip:{ip}"), limits.mail_per_ip)
        .await?;
    state
        .limiter
        .check(
            &format!("mail:account:{}", email.key()),
            limits.mail_per_account,
        )
        .await?;
    Ok(email)
}

/// Answers the same whether or not the address has an account.
#[utoipa::path(
    post,
    path = "/auth/resend-verification",
    tag = "auth",
    operation_id = "auth_resend_verification",
    summary = "Mail a new verification link to {email}; the same answer whether or not an account exists.",
    request_body(content = inline(EmailRequest), example = json!({"email": "newcook@example.com"})),
    responses(
        (status = 200, description = "Sent if the account exists", body = Success<Sent>),
        (status = 422, description = "No email"),
        (status = 429, description = "RATE_LIMITED"),
    ),
)]
#[tracing::instrument(skip_all)]
async fn resend_verification(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Body(form): Body<EmailRequest>,
) -> ApiResult<Sent> {
    let email = mail_request(&state, ip, &form.email).await?;
    if let Some(user) = state.stores.users.find_by_email(email.as_str()).await?
        && !user.email_verified
    {
        send_mail(&state, &user, MailedLink::VerifyEmail).await?;
    }
    Ok(ApiJson(Sent {
        message: "If an account with that email exists and is not verified, we have sent a new link.",
    }))
}

/// Answers the same whether or not the address has an account.
#[utoipa::path(
    post,
    path = "/auth/password-reset",
    tag = "auth",
    operation_id = "auth_password_reset",
    summary = "Mail a reset link (valid 1 hour) to {email}; the same answer whether or not an account exists.",
    request_body(content = inline(EmailRequest), example = json!({"email": "newcook@example.com"})),
    responses(
        (status = 200, description = "Sent if the account exists", body = Success<Sent>),
        (status = 422, description = "No email"),
        (status = 429, description = "RATE_LIMITED"),
    ),
)]
#[tracing::instrument(skip_all)]
async fn password_reset(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Body(form): Body<EmailRequest>,
) -> ApiResult<Sent> {
    let email = mail_request(&state, ip, &form.email).await?;
    if let Some(user) = state.stores.users.find_by_email(email.as_str()).await? {
        send_mail(&state, &user, MailedLink::ResetPassword).await?;
    }
    Ok(ApiJson(Sent {
        message: "If an account with that email exists, we have sent a password reset link. It is valid for 1 hour.",
    }))
}

#[derive(Deserialize, ToSchema)]
struct ResetConfirm {
    #[serde(default)]
    token: String,
    #[serde(default)]
    password: String,
}

/// Sets the new password and ends every session of the account.
#[utoipa::path(
    post,
    path = "/auth/password-reset-confirm",
    tag = "auth",
    operation_id = "auth_password_reset_confirm",
    summary = "Set a new password with the mailed {token, password}; every session ends.",
    request_body(content = inline(ResetConfirm), example = json!({"token": "the token of the mailed link", "password": "Cooking2027x"})),
    responses(
        (status = 200, description = "Password reset", body = Success<Sent>),
        (status = 400, description = "INVALID_TOKEN or TOKEN_EXPIRED"),
        (status = 422, description = "Password rules"),
    ),
)]
#[tracing::instrument(skip_all)]
async fn password_reset_confirm(
    State(state): State<AppState>,
    Body(form): Body<ResetConfirm>,
) -> ApiResult<Sent> {
    const INVALID: &str = "Invalid password reset link";
    const EXPIRED: &str = "This password reset link has expired";
    if form.token.trim().is_empty() {
        return Err(LinkProblem::Invalid.into_error(INVALID, EXPIRED));
    }
    // A dead link is reported before the password: the user needs a new link first.
    state
        .auth
        .check_link(&form.token, MailedLink::ResetPassword)
        .await
        .map_err(|p| p.into_error(INVALID, EXPIRED))?;
    let password = NewPassword::parse(&form.password)?;
    let hash = hash_password(password.expose().to_owned()).await?;
    let user_id = state
        .auth
        .spend_link(&form.token, MailedLink::ResetPassword)
        .await
        .map_err(|p| p.into_error(INVALID, EXPIRED))?;
    state.stores.users.set_password(user_id, &hash).await?;
    state.auth.end_other_sessions(user_id, None).await?;
    Ok(ApiJson(Sent {
        message: "Your password has been reset. Please log in.",
    }))
}
