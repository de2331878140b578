//! What the clients of outside services (USDA FoodData Central, Open Food Facts) share:
//! standing back after a 429 until its Retry-After has passed, so every caller stops
//! spending the quota on calls bound to fail, and a bounded cache of answers that expire.

use std::collections::HashMap;
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
