use models::Nutrients;
use serde::{Deserialize, Serialize};

use crate::Job;

/// Fetches one food's nutrients from USDA FoodData Central and keeps it as a local food
/// (so the next ask, and search, need no call).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct FetchUsdaFood {
    pub fdc_id: i64,
    /// Who the call to USDA is charged to (`platform::outside::account` or `address`):
    /// someone not signed in spends their address's share, never only the whole key's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spender: Option<String>,
}

/// SPEC §3 "USDA nutrition response", plus the id of the food as stored here.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct UsdaNutrition {
    pub food_id: i64,
    pub fdc_id: i64,
    pub food_description: String,
    pub brand_owner: Option<String>,
    /// Per 100 g; sodium in mg.
    pub nutrients: Nutrients,
}

impl Job for FetchUsdaFood {
    const QUEUE: &'static str = "fetch-usda-food";
    type Output = UsdaNutrition;
}
