//! Fixed-window rate limits, counted in memory (embedded, one process) or in Redis
//! (fleet, shared by every API process).

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use jobs::QueueBackend;
use models::ErrorCode;

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
    /// Sign-in attempts from one address, right or wrong.
    pub login_per_ip: Limit,
    /// Wrong passwords at one account from one address.
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
        let (count, retry_after) = self.count(key, limit, true).await?;
        refuse_past(count > limit.calls, retry_after)
    }

    /// 429 when `key` has already spent its limit, without counting this call: for
    /// budgets of failures, which only a failure spends.
    pub async fn check_spent(&self, key: &str, limit: Limit) -> Result<(), ApiError> {
        let (count, retry_after) = self.count(key, limit, false).await?;
        refuse_past(count >= limit.calls, retry_after)
    }

    /// Counts one against `key` (a failure); the count in the window so far.
    pub async fn record(&self, key: &str, limit: Limit) -> Result<u32, ApiError> {
        Ok(self.count(key, limit, true).await?.0)
    }

    /// The calls counted against `key` in its window (after this one when `add`), and
    /// the seconds until the window ends.
    async fn count(&self, key: &str, limit: Limit, add: bool) -> Result<(u32, u64), ApiError> {
        match self {
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
                if add {
                    entry.1 += 1;
                }
                let left = limit.window.saturating_sub(now.duration_since(entry.0));
                Ok((entry.1, left.as_secs().max(1)))
            }
            RateLimiter::Redis { conn, namespace } => {
                let key = format!("{namespace}:rate:{key}");
                let mut conn = conn.clone();
                let (count, ttl): (Option<u32>, i64) = if add {
                    redis::pipe()
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
                } else {
                    redis::pipe()
                        .cmd("GET")
                        .arg(&key)
                        .cmd("TTL")
                        .arg(&key)
                        .query_async(&mut conn)
                        .await
                }
                .map_err(ApiError::internal)?;
                Ok((count.unwrap_or(0), u64::try_from(ttl).unwrap_or(1).max(1)))
            }
        }
    }
}

/// 429 in the envelope, with Retry-After, when `refused`.
fn refuse_past(refused: bool, retry_after: u64) -> Result<(), ApiError> {
    if !refused {
        return Ok(());
    }
    Err(ApiError {
        retry_after: Some(retry_after),
        ..ApiError::new(
            ErrorCode::RateLimited,
            format!("Too many attempts; try again in {retry_after} seconds"),
        )
    })
}

#[cfg(test)]
mod tests {
    use axum::http::StatusCode;

    use super::*;

    #[tokio::test]
    async fn the_memory_limiter_counts_per_key_and_window() {
        let limiter = RateLimiter::Memory(Arc::default());
        let limit = Limit::per(2, Duration::from_millis(200));
        limiter.check("a", limit).await.unwrap();
        limiter.check("a", limit).await.unwrap();
        let refused = limiter.check("a", limit).await.unwrap_err();
        assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(refused.retry_after, Some(1));
        limiter.check("b", limit).await.unwrap();
        // A budget of failures: only what is recorded spends it.
        limiter.check_spent("c", limit).await.unwrap();
        assert_eq!(limiter.record("c", limit).await.unwrap(), 1);
        limiter.check_spent("c", limit).await.unwrap();
        limiter.record("c", limit).await.unwrap();
        assert_eq!(
            limiter.check_spent("c", limit).await.unwrap_err().status(),
            StatusCode::TOO_MANY_REQUESTS
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
        limiter.check("a", limit).await.unwrap();
    }
}
