//! Rate limits: in memory by `governor` (embedded, one process), or in fixed windows
//! counted in Redis (fleet, shared by every API process).

use std::{
    collections::HashMap,
    convert::Infallible,
    num::NonZeroU32,
    sync::{Arc, Mutex, Weak},
    time::Duration,
};

use governor::{
    Quota,
    clock::{Clock, DefaultClock},
    nanos::Nanos,
    state::{
        StateStore,
        keyed::{DashMapStateStore, ShrinkableKeyedStateStore},
    },
};
use jobs::QueueBackend;
use models::ErrorCode;

use crate::error::ApiError;

/// How many calls a key may make per window.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Limit {
    pub calls: u32,
    pub window: Duration,
}

impl Limit {
    pub const fn per(calls: u32, window: Duration) -> Self {
        Limit { calls, window }
    }

    /// The limit as governor's quota: its calls at once, each one back after its share
    /// of the window. None for a limit that lets no call through.
    fn quota(self) -> Option<Quota> {
        let calls = NonZeroU32::new(self.calls)?;
        Some(Quota::with_period(self.window / self.calls)?.allow_burst(calls))
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
    Memory(Arc<MemoryLimits>),
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
            QueueBackend::Sqlite(_) => RateLimiter::in_memory(),
        }
    }

    /// Limits of this process alone, their idle keys forgotten every minute.
    fn in_memory() -> Self {
        let limits = Arc::new(MemoryLimits::default());
        tokio::spawn(MemoryLimits::forget_idle_keys(Arc::downgrade(&limits)));
        RateLimiter::Memory(limits)
    }

    /// Counts a call against `key`; 429 in the envelope (with Retry-After) past the limit.
    pub async fn check(&self, key: &str, limit: Limit) -> Result<(), ApiError> {
        match self {
            RateLimiter::Memory(limits) => limits.check(key, limit, true),
            RateLimiter::Redis { conn, namespace } => {
                let (count, retry_after) = redis_window(conn, namespace, key, limit, true).await?;
                refuse_past(count > limit.calls, retry_after)
            }
        }
    }

    /// 429 when `key` has already spent its limit, without counting this call: for
    /// budgets of failures, which only a failure spends.
    pub async fn check_spent(&self, key: &str, limit: Limit) -> Result<(), ApiError> {
        match self {
            RateLimiter::Memory(limits) => limits.check(key, limit, false),
            RateLimiter::Redis { conn, namespace } => {
                let (count, retry_after) = redis_window(conn, namespace, key, limit, false).await?;
                refuse_past(count >= limit.calls, retry_after)
            }
        }
    }

    /// Counts one against `key` (a failure); [`RateLimiter::check_spent`] refuses once
    /// the limit is spent.
    pub async fn record(&self, key: &str, limit: Limit) -> Result<(), ApiError> {
        match self {
            RateLimiter::Memory(limits) => {
                // A failure past the limit is not counted: the key is refused already.
                let _ = limits.check(key, limit, true);
                Ok(())
            }
            RateLimiter::Redis { conn, namespace } => {
                redis_window(conn, namespace, key, limit, true).await?;
                Ok(())
            }
        }
    }
}

/// The calls counted against `key` in its fixed window in Redis (after this one when
/// `add`), and the seconds until the window ends.
async fn redis_window(
    conn: &redis::aio::ConnectionManager,
    namespace: &str,
    key: &str,
    limit: Limit,
    add: bool,
) -> Result<(u32, u64), ApiError> {
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

/// One governor limiter per limit in use (a handful: the configured limits, and the
/// per-account budget of wrong passwords derived from one), each keyed by the caller's
/// key.
#[derive(Default)]
pub struct MemoryLimits {
    limiters: Mutex<HashMap<Limit, Arc<KeyedLimiter>>>,
}

type KeyedLimiter = governor::RateLimiter<Call, CallStates, DefaultClock>;

/// How often keys whose calls are all back in their quota are forgotten.
const FORGET_IDLE_EVERY: Duration = Duration::from_secs(60);

impl MemoryLimits {
    /// Takes a call of `key` against `limit` when `counts`, else only looks whether it
    /// would be taken; 429 when it would not.
    fn check(&self, key: &str, limit: Limit, counts: bool) -> Result<(), ApiError> {
        let Some(limiter) = self.limiter(limit) else {
            return refuse_past(true, limit.window.as_secs().max(1));
        };
        let call = Call {
            key: key.to_owned(),
            counts,
        };
        limiter.check_key(&call).or_else(|not_until| {
            let wait = not_until.wait_time_from(limiter.clock().now());
            refuse_past(true, seconds_to_wait(wait))
        })
    }

    fn limiter(&self, limit: Limit) -> Option<Arc<KeyedLimiter>> {
        let quota = limit.quota()?;
        let mut limiters = self.limiters.lock().unwrap_or_else(|e| e.into_inner());
        let limiter = limiters.entry(limit).or_insert_with(|| {
            Arc::new(governor::RateLimiter::new(
                quota,
                CallStates::default(),
                DefaultClock::default(),
            ))
        });
        Some(limiter.clone())
    }

    /// Every minute, until the limits are dropped, forgets the keys that are as good as
    /// new: the memory holds the keys of the last window, however many keys came before.
    async fn forget_idle_keys(limits: Weak<MemoryLimits>) {
        let mut every = tokio::time::interval(FORGET_IDLE_EVERY);
        loop {
            every.tick().await;
            let Some(limits) = limits.upgrade() else {
                return;
            };
            limits.forget_idle();
        }
    }

    fn forget_idle(&self) {
        let limiters: Vec<Arc<KeyedLimiter>> = self
            .limiters
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .cloned()
            .collect();
        for limiter in limiters {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
    }
}

/// Whole seconds until a call is taken again (at least one, as Retry-After says).
fn seconds_to_wait(wait: Duration) -> u64 {
    wait.as_secs_f64().ceil().max(1.0) as u64
}

/// A key checked against a limit, and whether the check takes a call of its quota.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Call {
    key: String,
    counts: bool,
}

/// governor's state per key, where a check that does not count reads the key's state
/// without changing it. governor has no such check itself, and a budget of failures
/// needs one: a right password must see the budget without spending it.
#[derive(Default)]
struct CallStates(DashMapStateStore<String>);

impl StateStore for CallStates {
    type Key = Call;

    fn measure_and_replace<T, F, E>(&self, call: &Call, decide: F) -> Result<T, E>
    where
        F: Fn(Option<Nanos>) -> Result<(T, Nanos), E>,
    {
        if call.counts {
            return self.0.measure_and_replace(&call.key, decide);
        }
        // The store replaces the state only on `Ok`: the decision comes back as the error.
        let looked = self.0.measure_and_replace(&call.key, |state| {
            Err::<(Infallible, Nanos), _>(decide(state).map(|(taken, _)| taken))
        });
        match looked {
            Ok(never) => match never {},
            Err(decision) => decision,
        }
    }
}

impl ShrinkableKeyedStateStore<Call> for CallStates {
    fn retain_recent(&self, drop_below: Nanos) {
        self.0.retain_recent(drop_below);
    }

    fn shrink_to_fit(&self) {
        ShrinkableKeyedStateStore::shrink_to_fit(&self.0);
    }

    fn len(&self) -> usize {
        ShrinkableKeyedStateStore::len(&self.0)
    }

    fn is_empty(&self) -> bool {
        ShrinkableKeyedStateStore::is_empty(&self.0)
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
    async fn a_key_is_refused_after_its_calls_and_other_keys_are_not() {
        let limiter = RateLimiter::in_memory();
        let limit = Limit::per(2, Duration::from_millis(200));
        limiter.check("a", limit).await.unwrap();
        limiter.check("a", limit).await.unwrap();
        let refused = limiter.check("a", limit).await.unwrap_err();
        assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(refused.retry_after, Some(1));
        limiter.check("b", limit).await.unwrap();
        // Its share of the window later, a call is taken again.
        tokio::time::sleep(Duration::from_millis(250)).await;
        limiter.check("a", limit).await.unwrap();
    }

    #[tokio::test]
    async fn only_what_is_recorded_spends_a_budget_of_failures() {
        let limiter = RateLimiter::in_memory();
        let limit = Limit::per(2, Duration::from_secs(60));
        for _ in 0..5 {
            limiter.check_spent("c", limit).await.unwrap();
        }
        limiter.record("c", limit).await.unwrap();
        limiter.check_spent("c", limit).await.unwrap();
        limiter.record("c", limit).await.unwrap();
        let refused = limiter.check_spent("c", limit).await.unwrap_err();
        assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
        // Half the window: the oldest failure's share of it.
        assert!((29..=30).contains(&refused.retry_after.unwrap()));
        limiter.check_spent("d", limit).await.unwrap();
    }

    #[test]
    fn keys_as_good_as_new_are_forgotten() {
        let limits = MemoryLimits::default();
        let limit = Limit::per(3, Duration::from_millis(30));
        for key in ["a", "b", "c"] {
            limits.check(key, limit, true).unwrap();
        }
        let limiter = limits.limiter(limit).unwrap();
        assert_eq!(limiter.len(), 3);
        std::thread::sleep(Duration::from_millis(50));
        limits.forget_idle();
        assert_eq!(limiter.len(), 0);
    }
}
