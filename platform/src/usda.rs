//! USDA FoodData Central over HTTP: search and one food's nutrients. Answers are cached
//! (search in memory for an hour; foods by the caller, in the store), and a 429 makes
//! every caller stand back until the service's Retry-After has passed instead of
//! spending the shared key's quota on calls bound to fail.

use std::time::Duration;

use models::{FoodSource, NewFood, Nutrients};
use serde::Deserialize;

use crate::config::{ExposeSecret, Secret};
use crate::outside::{Backoff, SharedBudget, TtlCache};

pub const DEFAULT_BASE_URL: &str = "https://api.nal.usda.gov/fdc/v1";
/// USDA's shared demonstration key: a few requests an hour per address.
pub const DEFAULT_API_KEY: &str = "DEMO_KEY";
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(4);
const SEARCH_TTL: Duration = Duration::from_secs(3600);
const SEARCH_CACHE_ENTRIES: usize = 2048;
const DEFAULT_BACKOFF: Duration = Duration::from_secs(60);

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum UsdaError {
    #[error("USDA FoodData Central is rate limiting us; try again in {} s", .retry_after.as_secs())]
    RateLimited { retry_after: Duration },
    /// This service's own budget of the key's calls, or the caller's share of it, is
    /// spent: ours to say (429), not USDA failing (503).
    #[error("Too many USDA FoodData Central lookups for now; try again in {} s", .retry_after.as_secs())]
    BudgetSpent { retry_after: Duration },
    #[error("USDA FoodData Central is unavailable: {0}")]
    Unavailable(String),
}

/// One FoodData Central food with its values per 100 g.
#[derive(Debug, Clone, PartialEq)]
pub struct UsdaFood {
    pub fdc_id: i64,
    pub description: String,
    pub data_type: Option<String>,
    pub brand_owner: Option<String>,
    pub gtin_upc: Option<String>,
    pub ingredients: Option<String>,
    pub nutrients: Nutrients,
}

impl UsdaFood {
    /// As a shared, read-only local food (keyed by its FDC id).
    pub fn to_food(&self) -> NewFood {
        NewFood {
            source: Some(FoodSource::Usda),
            source_key: Some(format!("fdc:{}", self.fdc_id)),
            name: self.description.clone(),
            brand: self.brand_owner.clone().filter(|b| !b.trim().is_empty()),
            barcode: self
                .gtin_upc
                .as_deref()
                .filter(|b| !b.trim().is_empty())
                .map(models::barcode::canonical_or_raw),
            nutrients: self.nutrients,
            fdc_id: Some(self.fdc_id),
            description: Some(self.description.clone()),
            ingredients: self.ingredients.clone(),
            data_quality: "usda".into(),
            ..NewFood::default()
        }
    }
}

#[derive(Debug, Clone)]
pub struct UsdaConfig {
    pub base_url: String,
    pub api_key: Secret,
    /// How long one call may take (`USDA_TIMEOUT_MS`).
    pub timeout: Duration,
}

type SearchKey = (String, usize);

const HOUR: Duration = Duration::from_secs(3600);

/// What api.data.gov allows a key an hour: its demonstration key 30 (and 50 a day), any
/// other 1,000. Kept per process: a fleet of n processes may ask n times as much, and
/// USDA's 429 then stops them all (see [`Backoff`]).
fn calls_per_hour(api_key: &str) -> usize {
    if api_key == DEFAULT_API_KEY { 30 } else { 1000 }
}

#[derive(Debug)]
pub struct UsdaClient {
    http: reqwest::Client,
    config: UsdaConfig,
    /// Until when calls are not made (after a 429).
    backoff: Backoff,
    /// The key's calls an hour, with each account's share.
    calls: SharedBudget,
    searches: TtlCache<SearchKey, Vec<UsdaFood>>,
}

// FoodData Central's JSON, the parts we read.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SearchAnswer {
    #[serde(default)]
    foods: Vec<SearchFood>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SearchFood {
    fdc_id: i64,
    description: String,
    data_type: Option<String>,
    brand_owner: Option<String>,
    gtin_upc: Option<String>,
    ingredients: Option<String>,
    #[serde(default)]
    food_nutrients: Vec<SearchNutrient>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SearchNutrient {
    nutrient_id: Option<i64>,
    value: Option<f64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct FoodAnswer {
    fdc_id: i64,
    description: String,
    data_type: Option<String>,
    brand_owner: Option<String>,
    gtin_upc: Option<String>,
    ingredients: Option<String>,
    #[serde(default)]
    food_nutrients: Vec<FoodNutrient>,
}

#[derive(Deserialize)]
struct FoodNutrient {
    nutrient: Option<NutrientRef>,
    amount: Option<f64>,
}

#[derive(Deserialize)]
struct NutrientRef {
    id: i64,
}

/// FoodData Central nutrient amounts -> our values per 100 g.
fn nutrients_of(pairs: impl Iterator<Item = (i64, f64)>) -> Nutrients {
    let mut n = Nutrients::default();
    let mut energy = None;
    for (id, amount) in pairs {
        models::import::usda_nutrient(&mut n, &mut energy, id, amount);
    }
    n
}

impl UsdaClient {
    pub fn new(config: UsdaConfig) -> Self {
        let http = reqwest::Client::builder()
            .timeout(config.timeout)
            .user_agent(concat!("calorie-tracker/", env!("CARGO_PKG_VERSION")))
            .build()
            .expect("the HTTP client builds");
        let calls = SharedBudget::new(calls_per_hour(config.api_key.expose_secret()), HOUR);
        UsdaClient {
            http,
            config,
            backoff: Backoff::default(),
            calls,
            searches: TtlCache::new(SEARCH_TTL, SEARCH_CACHE_ENTRIES),
        }
    }

    async fn get(
        &self,
        path: &str,
        query: &[(&str, String)],
        spender: Option<&str>,
    ) -> Result<Option<reqwest::Response>, UsdaError> {
        if let Some(retry_after) = self.backoff.remaining() {
            return Err(UsdaError::RateLimited { retry_after });
        }
        self.calls
            .take(spender)
            .map_err(|retry_after| UsdaError::BudgetSpent { retry_after })?;
        let mut url = reqwest::Url::parse(&format!(
            "{}{path}",
            self.config.base_url.trim_end_matches('/')
        ))
        .map_err(|e| UsdaError::Unavailable(format!("bad USDA_BASE_URL: {e}")))?;
        url.query_pairs_mut()
            .append_pair("api_key", self.config.api_key.expose_secret())
            .extend_pairs(query.iter().map(|(k, v)| (*k, v.as_str())));
        let response = self.http.get(url).send().await.map_err(|e| {
            UsdaError::Unavailable(if e.is_timeout() {
                "timed out".into()
            } else {
                "cannot connect".into()
            })
        })?;
        match response.status().as_u16() {
            200 => Ok(Some(response)),
            404 => Ok(None),
            429 => Err(UsdaError::RateLimited {
                retry_after: self.backoff.rate_limited(&response, DEFAULT_BACKOFF),
            }),
            status => Err(UsdaError::Unavailable(format!("answered {status}"))),
        }
    }

    /// Foods matching `query`, best first as FoodData Central ranks them. A call made for
    /// `spender` (see [`crate::outside::account`]) counts against its share of the key's calls;
    /// a cached answer costs nothing.
    pub async fn search(
        &self,
        query: &str,
        page_size: usize,
        spender: Option<&str>,
    ) -> Result<Vec<UsdaFood>, UsdaError> {
        let key = (query.trim().to_lowercase(), page_size);
        if let Some(foods) = self.searches.get(&key) {
            return Ok(foods);
        }
        let response = self
            .get(
                "/foods/search",
                &[
                    ("query", key.0.clone()),
                    ("pageSize", page_size.to_string()),
                ],
                spender,
            )
            .await?
            .ok_or_else(|| UsdaError::Unavailable("search is not there".into()))?;
        let answer: SearchAnswer = response
            .json()
            .await
            // The error would name the URL, and with it the key.
            .map_err(|e| {
                UsdaError::Unavailable(format!("unreadable answer: {}", e.without_url()))
            })?;
        let foods: Vec<UsdaFood> = answer
            .foods
            .into_iter()
            .map(|f| UsdaFood {
                fdc_id: f.fdc_id,
                nutrients: nutrients_of(
                    f.food_nutrients
                        .iter()
                        .filter_map(|n| Some((n.nutrient_id?, n.value?))),
                ),
                description: f.description,
                data_type: f.data_type,
                brand_owner: f.brand_owner,
                gtin_upc: f.gtin_upc,
                ingredients: f.ingredients,
            })
            .collect();
        self.searches.insert(key, foods.clone());
        Ok(foods)
    }

    /// One food with its nutrients; `None` when FoodData Central has no such id.
    pub async fn food(
        &self,
        fdc_id: i64,
        spender: Option<&str>,
    ) -> Result<Option<UsdaFood>, UsdaError> {
        let path = format!("/food/{fdc_id}");
        let Some(response) = self.get(&path, &[], spender).await? else {
            return Ok(None);
        };
        let f: FoodAnswer = response
            .json()
            .await
            // The error would name the URL, and with it the key.
            .map_err(|e| {
                UsdaError::Unavailable(format!("unreadable answer: {}", e.without_url()))
            })?;
        Ok(Some(UsdaFood {
            fdc_id: f.fdc_id,
            nutrients: nutrients_of(
                f.food_nutrients
                    .iter()
                    .filter_map(|n| Some((n.nutrient.as_ref()?.id, n.amount?))),
            ),
            description: f.description,
            data_type: f.data_type,
            brand_owner: f.brand_owner,
            gtin_upc: f.gtin_upc,
            ingredients: f.ingredients,
        }))
    }
}

impl UsdaClient {
    /// The branded food with this barcode. FoodData Central keeps `gtinUpc` as printed
    /// (UPC-A mostly as 12 digits, some as GTIN-14), so it is asked for those forms, and
    /// a hit counts only when its code is the same product.
    pub async fn by_barcode(
        &self,
        barcode: &models::Barcode,
        spender: Option<&str>,
    ) -> Result<Option<UsdaFood>, UsdaError> {
        let forms = barcode.stored_forms();
        let asked: Vec<&String> = [12, 13, 8, 14]
            .iter()
            .filter_map(|len| forms.iter().find(|f| f.len() == *len))
            .take(2)
            .collect();
        for query in asked {
            let hits = self.search(query, 10, spender).await?;
            let same = hits.into_iter().find(|food| {
                food.gtin_upc
                    .as_deref()
                    .and_then(|code| models::Barcode::parse(code).ok())
                    .is_some_and(|code| code.as_str() == barcode.as_str())
            });
            if same.is_some() {
                return Ok(same);
            }
        }
        Ok(None)
    }
}
