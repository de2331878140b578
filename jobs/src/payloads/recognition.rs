//! The three recognition jobs, run one after another by the API for one photo. Each
//! stores its stage with the image (see `models::analysis`) and answers it.

use models::analysis::{DetectionStage, FoodNamer, NutritionStage, PortionStage};
use serde::{Deserialize, Serialize};

use crate::Job;

/// Stage 1: the objects in an uploaded photo, and which of them are foods.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DetectFoods {
    pub image_id: i64,
}

impl Job for DetectFoods {
    const QUEUE: &'static str = "detect-foods";
    type Output = DetectionStage;
}

/// Stage 2: grams of each food, from the detections of stage 1 and the foods named in
/// the upload's notes or by an optional backend (found among the stored foods by the API,
/// which holds the search index).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct EstimatePortions {
    pub image_id: i64,
    #[serde(default)]
    pub hints: Vec<HintedFood>,
}

/// A stored food the picture is said to hold.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HintedFood {
    pub food_id: i64,
    /// Its weight when the one who named it said (a vision model); else a typical portion.
    pub grams: Option<f64>,
    pub source: FoodNamer,
}

impl Job for EstimatePortions {
    const QUEUE: &'static str = "estimate-portions";
    type Output = PortionStage;
}

/// Stage 3: per-100 g values of each food and their check (SPEC §5).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct LookupNutrition {
    pub image_id: i64,
}

impl Job for LookupNutrition {
    const QUEUE: &'static str = "lookup-nutrition";
    type Output = NutritionStage;
}
