//! Fixed-window rate limits, counted in memory (embedded, one process) or in Redis
//! (fleet, shared by every API process).

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use axum::http::StatusCode;
use jobs::QueueBackend;

use crate::error::ApiError;

/// How many calls a key may make per window.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    pub calls: u32,
    pub window: Duration,
}

impl Limit {
    pub const fn per(calls: u32, window: Duration) -> Self {
        Limit { calls, window }
    }
}

/// The limits of the account endpoints and of photos, per client address and per
/// account.
#[derive(Debug, Clone, Copy)]
pub struct RateLimits {
    pub login_per_ip: Limit,
    pub login_per_account: Limit,
    pub register_per_ip: Limit,
    pub mail_per_ip: Limit,
    pub mail_per_account: Limit,
    /// Photos sent by one account (uploads and label readings alike).
    pub upload_per_account: Limit,
}

impl Default for RateLimits {
    fn default() -> Self {
        const MINUTE: Duration = Duration::from_secs(60);
        RateLimits {
            login_per_ip: Limit::per(30, 5 * MINUTE),
            login_per_account: Limit::per(10, 5 * MINUTE),
            register_per_ip: Limit::per(10, 60 * MINUTE),
            mail_per_ip: Limit::per(10, 60 * MINUTE),
            mail_per_account: Limit::per(3, 15 * MINUTE),
            // A person photographing meals, retaking a blurred one, scanning a label,
            // stays far below one every 20 seconds; a script is held to 180 an hour.
            upload_per_account: Limit::per(30, 10 * MINUTE),
        }
    }
}

#[derive(Clone)]
pub enum RateLimiter {
    Memory(Arc<Mutex<HashMap<String, (Instant, u32)>>>),
    Redis {
        conn: redis::aio::ConnectionManager,
        namespace: String,
    },
}

impl std::fmt::Debug for RateLimiter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            RateLimiter::Memory(_) => "RateLimiter(memory)",
            RateLimiter::Redis { .. } => "RateLimiter(redis)",
        })
    }
}

impl RateLimiter {
    /// Shares the fleet's Redis when there is one.
    pub fn for_queue(queue: &QueueBackend) -> Self {
        match queue {
            QueueBackend::Redis { conn, namespace } => RateLimiter::Redis {
                conn: conn.clone(),
                namespace: namespace.clone(),
            },
            QueueBackend::Sqlite(_) => RateLimiter::Memory(Arc::default()),
        }
    }

    /// Counts a call against `key`; 429 in the envelope (with Retry-After) past the limit.
    pub async fn check(&self, key: &str, limit: Limit) -> Result<(), ApiError> {
        let retry_after = match self {
            RateLimiter::Memory(windows) => {
                let mut windows = windows.lock().unwrap_or_else(|e| e.into_inner());
                let now = Instant::now();
                if windows.len() > 100_000 {
                    windows.retain(|_, (start, _)| {
                        now.duration_since(*start) < Duration::from_secs(3600)
                    });
                }
                let entry = windows.entry(key.to_owned()).or_insert((now, 0));
                if now.duration_since(entry.0) >= limit.window {
                    *entry = (now, 0);
                }
                entry.1 += 1;
                (entry.1 > limit.calls).then(|| {
                    limit
                        .window
                        .saturating_sub(now.duration_since(entry.0))
                        .as_secs()
                        .max(1)
                })
            }
            RateLimiter::Redis { conn, namespace } => {
                let key = format!("{namespace}:rate:{key}");
                let mut conn = conn.clone();
                let (count, ttl): (u32, i64) = redis::pipe()
                    .atomic()
                    .cmd("SET")
                    .arg(&key)
                    .arg(0)
                    .arg("EX")
                    .arg(limit.window.as_secs().max(1))
                    .arg("NX")
                    .ignore()
                    .cmd("INCR")
                    .arg(&key)
                    .cmd("TTL")
                    .arg(&key)
                    .query_async(&mut conn)
                    .await
                    .map_err(ApiError::internal)?;
                (count > limit.calls).then(|| u64::try_from(ttl).unwrap_or(1).max(1))
            }
        };
        match retry_after {
            None => Ok(()),
            Some(seconds) => Err(ApiError {
                retry_after: Some(seconds),
                ..ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    "RATE_LIMITED",
                    format!("Too many attempts; try again in {seconds} seconds"),
                )
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_memory_limiter_counts_per_key_and_window() {
        let limiter = RateLimiter::Memory(Arc::default());
        let limit = Limit::per(2, Duration::from_millis(200));
        limiter.check("a", limit).await.unwrap();
        limiter.check("a", limit).await.unwrap();
        let refused = limiter.check("a", limit).await.unwrap_err();
        assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(refused.retry_after, Some(1));
        limiter.check("b", limit).await.unwrap();
        tokio::time::sleep(Duration::from_millis(250)).await;
        limiter.check("a", limit).await.unwrap();
    }
}
