//! Open Food Facts over HTTP: one product by barcode. Sent with a user agent that names
//! us, as Open Food Facts asks; answers (found or not) are cached for an hour; its
//! read limit (100 product reads a minute) is kept on our side, and a 429 makes every
//! caller stand back until its Retry-After has passed.

use std::collections::HashMap;
use std::time::Duration;

use models::analysis::BarcodeProduct;
use models::{FoodSource, Nutrients};
use serde::Deserialize;
use serde_json::Value;

use platform::outside::{self, Backoff, SharedBudget, TtlCache};

pub const DEFAULT_BASE_URL: &str = "https://world.openfoodfacts.org";
/// Open Food Facts asks every client to name itself.
pub const DEFAULT_USER_AGENT: &str = concat!(
    "CalorieTracker/",
    env!("CARGO_PKG_VERSION"),
    " (calorie tracker; barcode lookups)"
);
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(4);
const CACHE_TTL: Duration = Duration::from_secs(3600);
const CACHE_ENTRIES: usize = 4096;
const DEFAULT_BACKOFF: Duration = Duration::from_secs(60);
/// Open Food Facts allows 100 product reads per minute per client.
const READS_PER_MINUTE: usize = 100;
const FIELDS: &str = "code,product_name,product_name_en,generic_name,brands,image_front_url,\
                      image_url,nutrition_grades,nutriments,ingredients_text,ingredients_text_en";

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum OffError {
    #[error("Open Food Facts is rate limiting us; try again in {} s", .retry_after.as_secs())]
    RateLimited { retry_after: Duration },
    /// Our own budget of reads, or the account's share of it, is spent: ours to say (429).
    #[error("Too many Open Food Facts lookups for now; try again in {} s", .retry_after.as_secs())]
    BudgetSpent { retry_after: Duration },
    #[error("Open Food Facts is unavailable: {0}")]
    Unavailable(String),
}

/// `OFF_BASE_URL`, `OFF_TIMEOUT_MS`, `OFF_USER_AGENT`.
#[derive(Debug, Clone)]
pub struct OffConfig {
    pub base_url: String,
    pub timeout: Duration,
    pub user_agent: String,
}

#[derive(Debug)]
pub struct OffClient {
    http: reqwest::Client,
    config: OffConfig,
    backoff: Backoff,
    /// Our reads a minute, with each account's share.
    reads: SharedBudget,
    /// Products by barcode, and the barcodes Open Food Facts does not know.
    cache: TtlCache<String, Option<BarcodeProduct>>,
}

#[derive(Deserialize)]
struct Answer {
    #[serde(default)]
    status: Value,
    product: Option<Product>,
}

#[derive(Deserialize)]
struct Product {
    product_name: Option<String>,
    product_name_en: Option<String>,
    generic_name: Option<String>,
    brands: Option<String>,
    image_front_url: Option<String>,
    image_url: Option<String>,
    nutrition_grades: Option<String>,
    #[serde(default)]
    nutriments: HashMap<String, Value>,
    ingredients_text: Option<String>,
    ingredients_text_en: Option<String>,
}

fn text(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

/// A nutriment per 100 g; Open Food Facts sends numbers, sometimes as strings.
fn per_100g(n: &HashMap<String, Value>, key: &str) -> Option<f64> {
    match n.get(&format!("{key}_100g"))? {
        Value::Number(v) => v.as_f64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
    .filter(|v| v.is_finite())
}

fn round1(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

impl Product {
    fn into_product(self, barcode: &str) -> BarcodeProduct {
        let n = &self.nutriments;
        let calories = per_100g(n, "energy-kcal")
            .or_else(|| per_100g(n, "energy").map(|kj| kj / 4.184))
            .unwrap_or(0.0);
        let sodium_g = per_100g(n, "sodium").or_else(|| per_100g(n, "salt").map(|s| s / 2.5));
        let g = |key| per_100g(n, key).map_or(0.0, round1);
        BarcodeProduct {
            name: text(self.product_name)
                .or_else(|| text(self.product_name_en))
                .or_else(|| text(self.generic_name))
                .unwrap_or_default(),
            brand: text(self.brands).and_then(|b| b.split(',').next().map(|b| b.trim().to_owned())),
            barcode: barcode.to_owned(),
            image_url: text(self.image_front_url)
                .or_else(|| text(self.image_url))
                .filter(|u| u.starts_with("https://") || u.starts_with("http://")),
            nutrition_grade: text(self.nutrition_grades)
                .map(|g| g.to_uppercase())
                .filter(|g| ["A", "B", "C", "D", "E"].contains(&g.as_str())),
            nutrients: Nutrients {
                calories: round1(calories),
                protein: g("proteins"),
                fat: g("fat"),
                carbs: g("carbohydrates"),
                fiber: g("fiber"),
                sugar: g("sugars"),
                sodium: round1(sodium_g.unwrap_or(0.0) * 1000.0),
            },
            ingredients: text(self.ingredients_text).or_else(|| text(self.ingredients_text_en)),
            fdc_id: None,
            source: FoodSource::OpenFoodFacts,
        }
    }
}

impl OffClient {
    pub fn new(config: OffConfig) -> Self {
        let http = reqwest::Client::builder()
            .timeout(config.timeout)
            .user_agent(config.user_agent.clone())
            .build()
            .expect("the HTTP client builds");
        OffClient {
            http,
            config,
            backoff: Backoff::default(),
            reads: SharedBudget::new(READS_PER_MINUTE, Duration::from_secs(60)),
            cache: TtlCache::new(CACHE_TTL, CACHE_ENTRIES),
        }
    }

    /// Takes one read from our per-minute budget for `account` (within its share), or
    /// says how long until one is free.
    fn take_read(&self, account: Option<i64>) -> Result<(), OffError> {
        if let Some(retry_after) = self.backoff.remaining() {
            return Err(OffError::RateLimited { retry_after });
        }
        let spender = account.map(outside::account);
        self.reads
            .take(spender.as_deref())
            .map_err(|retry_after| OffError::BudgetSpent { retry_after })
    }

    /// The product with this (canonical) barcode as Open Food Facts describes it, before our
    /// sanity rules; `None` when it has none. A read asked for `account` counts against
    /// its share of the budget; a cached answer costs nothing.
    pub async fn product(
        &self,
        barcode: &str,
        account: Option<i64>,
    ) -> Result<Option<BarcodeProduct>, OffError> {
        if let Some(known) = self.cache.get(&barcode.to_owned()) {
            return Ok(known);
        }
        self.take_read(account)?;
        let mut url = reqwest::Url::parse(&format!(
            "{}/api/v2/product/{barcode}.json",
            self.config.base_url.trim_end_matches('/')
        ))
        .map_err(|e| OffError::Unavailable(format!("bad OFF_BASE_URL: {e}")))?;
        url.query_pairs_mut().append_pair("fields", FIELDS);
        let response = self.http.get(url).send().await.map_err(|e| {
            OffError::Unavailable(if e.is_timeout() {
                "timed out".into()
            } else {
                "cannot connect".into()
            })
        })?;
        let found = match response.status().as_u16() {
            200 => {
                let answer: Answer = response.json().await.map_err(|e| {
                    OffError::Unavailable(format!("unreadable answer: {}", e.without_url()))
                })?;
                let known = matches!(&answer.status, Value::Number(n) if n.as_i64() == Some(1))
                    || answer.status.as_str() == Some("success");
                answer
                    .product
                    .filter(|_| known)
                    .map(|p| p.into_product(barcode))
            }
            404 => None,
            429 => {
                return Err(OffError::RateLimited {
                    retry_after: self.backoff.rate_limited(&response, DEFAULT_BACKOFF),
                });
            }
            status => return Err(OffError::Unavailable(format!("answered {status}"))),
        };
        self.cache.insert(barcode.to_owned(), found.clone());
        Ok(found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client() -> OffClient {
        let _ = rustls::crypto::ring::default_provider().install_default();
        OffClient::new(OffConfig {
            base_url: "http://127.0.0.1:9".into(),
            timeout: Duration::from_millis(100),
            user_agent: DEFAULT_USER_AGENT.into(),
        })
    }

    #[test]
    fn one_account_spends_at_most_its_share_of_the_minute() {
        let off = client();
        for _ in 0..off.reads.share() {
            off.take_read(Some(1)).unwrap();
        }
        let Err(OffError::BudgetSpent { retry_after }) = off.take_read(Some(1)) else {
            panic!("the account's share is spent");
        };
        assert!(retry_after > Duration::from_secs(55), "{retry_after:?}");
        // Everyone else still has the rest of the budget.
        for account in 2..=4 {
            for _ in 0..off.reads.share() {
                off.take_read(Some(account)).unwrap();
            }
        }
        // ...and no more than the budget, whoever asks.
        assert!(off.take_read(Some(5)).is_err());
        assert!(off.take_read(None).is_err());
    }
}
