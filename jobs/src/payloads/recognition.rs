use models::Nutrients;
use models::recogniser::{Certainty, PhotoReading};
use models::recognition::{Detection, NutritionCheck, PortionEstimate};
use serde::{Deserialize, Serialize};

use crate::Job;

/// Stage 1: the objects in an uploaded photo, and which of them are foods.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DetectFoods {
    pub image_id: i64,
}

/// A kind of food seen in the photo (SPEC §3 stage_1 `food_types`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FoodType {
    pub name: String,
    pub name_zh: Option<String>,
    /// The detector's class ("banana"), or where a named food came from ("dish
    /// classifier", "vision").
    pub label: String,
    pub confidence: f32,
    pub count: u32,
}

/// A food an optional backend named (a dish classifier, a vision model): a name to be
/// found among the stored foods, perhaps with its weight.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NamedFood {
    pub name: String,
    pub grams: Option<f64>,
    pub confidence: f32,
    pub source: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DetectionStage {
    pub food_types: Vec<FoodType>,
    /// Foods the optional backends named (empty when none is configured).
    #[serde(default)]
    pub named_foods: Vec<NamedFood>,
    /// Everything the detector saw, foods and the objects that give scale.
    pub detections: Vec<Detection>,
    pub model: String,
    pub width: u32,
    pub height: u32,
    pub took_ms: f64,
    /// The photo as the recogniser reads it: whether it shows food, and for each food its
    /// candidates with calibrated scores (none for analyses older than the gate model).
    #[serde(default)]
    pub reading: Option<PhotoReading>,
    /// The owner's confirmed photo that looks most like this one, when close enough.
    #[serde(default)]
    pub memory: Option<MemoryRecall>,
}

/// A photo of the same user that the new one looks like.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct MemoryRecall {
    pub image_id: i64,
    /// Cosine similarity of the two photos' embeddings.
    pub similarity: f32,
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
    /// "notes", "dish classifier" or "vision".
    pub source: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PortionStage {
    pub food_portions: Vec<PortionEstimate>,
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

/// A recognised food with its portion and nutrition (SPEC §3 "Recognition result").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecognizedFood {
    pub name: String,
    pub name_zh: Option<String>,
    /// The stored food the values come from; none for the defaults of an unknown food.
    pub food_id: Option<i64>,
    pub estimated_grams: f64,
    pub cooking_method: String,
    pub portion_description: String,
    pub per_100g: Nutrients,
    /// For `estimated_grams`.
    pub nutrition: Nutrients,
    pub validation: NutritionCheck,
    #[serde(default)]
    pub portion_description_zh: Option<String>,
    #[serde(default = "one")]
    pub count: u32,
    /// How sure the recogniser is of the name (the validation is the data's quality).
    #[serde(default)]
    pub recognition: Option<Certainty>,
    /// Other foods it may be, best first.
    #[serde(default)]
    pub alternatives: Vec<AlternativeFood>,
}

fn one() -> u32 {
    1
}

fn yes() -> bool {
    true
}

/// Another food a recognised one may be, ready to take its place.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AlternativeFood {
    pub name: String,
    pub name_zh: Option<String>,
    pub food_id: Option<i64>,
    pub score: f32,
    pub estimated_grams: f64,
    pub portion_description: String,
    pub portion_description_zh: Option<String>,
    pub per_100g: Nutrients,
}

/// The foods of an earlier confirmed photo that looks like this one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RememberedMeal {
    pub image_id: i64,
    pub eaten_at: chrono::DateTime<chrono::Utc>,
    pub similarity: f32,
    pub foods: Vec<RememberedFood>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RememberedFood {
    pub food_id: i64,
    pub name: String,
    pub name_zh: Option<String>,
    pub grams: f64,
    pub per_100g: Nutrients,
}

/// Everything on one photo together, when it is more than a plate holds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PlateWarning {
    pub total_grams: f64,
    pub total_calories: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NutritionStage {
    pub nutrition_data: Vec<RecognizedFood>,
    /// False when the photo shows no food at all (the gate).
    #[serde(default = "yes")]
    pub food_found: bool,
    #[serde(default)]
    pub memory: Option<RememberedMeal>,
    #[serde(default)]
    pub plate_warning: Option<PlateWarning>,
}

impl Job for LookupNutrition {
    const QUEUE: &'static str = "lookup-nutrition";
    type Output = NutritionStage;
}
