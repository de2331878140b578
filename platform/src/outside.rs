//! What the clients of outside services (USDA FoodData Central, Open Food Facts) share:
//! standing back after a 429 until its Retry-After has passed, so every caller stops
//! spending the quota on calls bound to fail; their budget of calls kept here, with a
//! share per spender; and a bounded cache of answers that expire.

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[derive(Debug, Default)]
pub struct Backoff {
    until: Mutex<Option<Instant>>,
}

impl Backoff {
    /// How long callers must still wait, while they must.
    pub fn remaining(&self) -> Option<Duration> {
        let until = (*self.until.lock().unwrap_or_else(|e| e.into_inner()))?;
        until.checked_duration_since(Instant::now())
    }

    /// A 429 answer: stand back for its Retry-After (seconds), else `default`. Returns
    /// how long.
    pub fn rate_limited(&self, response: &reqwest::Response, default: Duration) -> Duration {
        let wait = response
            .headers()
            .get(reqwest::header::RETRY_AFTER)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse().ok())
            .map_or(default, Duration::from_secs);
        *self.until.lock().unwrap_or_else(|e| e.into_inner()) = Some(Instant::now() + wait);
        wait
    }
}

/// Answers kept for `ttl`, at most `capacity` of them (expired ones go first, then all).
#[derive(Debug)]
pub struct TtlCache<K, V> {
    ttl: Duration,
    capacity: usize,
    entries: Mutex<HashMap<K, (Instant, V)>>,
}

impl<K: Hash + Eq, V: Clone> TtlCache<K, V> {
    pub fn new(ttl: Duration, capacity: usize) -> Self {
        TtlCache {
            ttl,
            capacity,
            entries: Mutex::new(HashMap::new()),
        }
    }

    pub fn get(&self, key: &K) -> Option<V> {
        let entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        let (at, value) = entries.get(key)?;
        (at.elapsed() < self.ttl).then(|| value.clone())
    }

    pub fn insert(&self, key: K, value: V) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if entries.len() >= self.capacity {
            entries.retain(|_, (at, _)| at.elapsed() < self.ttl);
            if entries.len() >= self.capacity {
                entries.clear();
            }
        }
        entries.insert(key, (Instant::now(), value));
    }
}

/// A service's budget of calls per window (Open Food Facts' 100 reads a minute, USDA's
/// 1,000 calls an hour per key), kept here so we never go past it, and one spender's
/// share of it: an account (or an address, for someone not signed in) spends at most a
/// quarter of a window's calls, so one looking up food after food leaves the rest to
/// everyone else.
#[derive(Debug)]
pub struct SharedBudget {
    window: Duration,
    total: usize,
    share: usize,
    /// When the window's calls were made, and by whom.
    recent: Mutex<VecDeque<(Instant, Option<String>)>>,
}

/// How an account is named as a spender of a [`SharedBudget`].
pub fn account(id: i64) -> String {
    format!("user:{id}")
}

/// How a client address is named as a spender, for someone not signed in (the API
/// counts an IPv6 client by its /64).
pub fn address(ip: std::net::IpAddr) -> String {
    format!("ip:{ip}")
}

/// Who a call to an outside service is charged to: the account, or for someone not
/// signed in their address. Every call a person causes has one.
pub fn spender(account_id: Option<i64>, ip: std::net::IpAddr) -> String {
    match account_id {
        Some(id) => account(id),
        None => address(ip),
    }
}

impl SharedBudget {
    pub fn new(total: usize, window: Duration) -> Self {
        SharedBudget {
            window,
            total,
            share: (total / 4).max(1),
            recent: Mutex::default(),
        }
    }

    /// The most calls one spender may make in a window.
    pub fn share(&self) -> usize {
        self.share
    }

    /// Takes one call for `spender` (none: the product itself), or says how long until
    /// one is free for it.
    pub fn take(&self, spender: Option<&str>) -> Result<(), Duration> {
        let now = Instant::now();
        let mut recent = self.recent.lock().unwrap_or_else(|e| e.into_inner());
        while recent
            .front()
            .is_some_and(|(t, _)| now.duration_since(*t) >= self.window)
        {
            recent.pop_front();
        }
        let wait_for = |oldest: Option<&(Instant, Option<String>)>| {
            self.window
                .saturating_sub(oldest.map_or(Duration::ZERO, |(t, _)| now.duration_since(*t)))
        };
        if recent.len() >= self.total {
            return Err(wait_for(recent.front()));
        }
        if spender.is_some() {
            let mut own = recent
                .iter()
                .filter(|(_, whose)| whose.as_deref() == spender);
            if own.clone().count() >= self.share {
                return Err(wait_for(own.next()));
            }
        }
        recent.push_back((now, spender.map(str::to_owned)));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_spender_takes_at_most_its_share_and_nobody_more_than_the_whole() {
        let budget = SharedBudget::new(100, Duration::from_secs(60));
        for _ in 0..budget.share() {
            budget.take(Some("user:1")).unwrap();
        }
        let retry_after = budget.take(Some("user:1")).unwrap_err();
        assert!(retry_after > Duration::from_secs(55), "{retry_after:?}");
        // Everyone else still has the rest of it...
        for spender in ["user:2", "user:3", "ip:192.0.2.1"] {
            for _ in 0..budget.share() {
                budget.take(Some(spender)).unwrap();
            }
        }
        // ...and no more than all of it, whoever asks.
        assert!(budget.take(Some("user:5")).is_err());
        assert!(budget.take(None).is_err());
    }
}
