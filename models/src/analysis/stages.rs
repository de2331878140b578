//! The three stages of food recognition (SPEC §3 stage_1, stage_2, stage_3): what each
//! job finds, stored with the image as JSON and read back into these types.

use serde::{Deserialize, Serialize, de::DeserializeOwned};

use crate::food::Nutrients;
use crate::learned::LearnedMatch;
use crate::recogniser::{CandidateSource, Certainty, PhotoReading};
use crate::recognition::{CountBasis, Detection, NutritionCheck, PortionEstimate};
use crate::upload::{Stage, UploadedImage};

/// Who named a food the detector did not see: the words are stored and sent as they are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum FoodNamer {
    /// The user, in the upload's notes.
    #[serde(rename = "notes")]
    Notes,
    /// The optional dish classifier.
    #[serde(rename = "dish classifier")]
    DishClassifier,
    /// The optional vision endpoint.
    #[serde(rename = "vision")]
    Vision,
}

impl FoodNamer {
    pub fn as_str(self) -> &'static str {
        match self {
            FoodNamer::Notes => "notes",
            FoodNamer::DishClassifier => "dish classifier",
            FoodNamer::Vision => "vision",
        }
    }

    /// The recogniser's word for it, in a food's certainty.
    pub fn candidate_source(self) -> CandidateSource {
        match self {
            FoodNamer::Notes => CandidateSource::Notes,
            FoodNamer::DishClassifier => CandidateSource::DishModel,
            FoodNamer::Vision => CandidateSource::Vision,
        }
    }
}

/// A kind of food seen in the photo (SPEC §3 stage_1 `food_types`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct FoodType {
    pub name: String,
    pub name_zh: Option<String>,
    /// The detector's class ("banana"), or who named the food ([`FoodNamer`]).
    pub label: String,
    pub confidence: f32,
    pub count: u32,
}

/// A food an optional backend named (a dish classifier, a vision model): a name to be
/// found among the stored foods, perhaps with its weight.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct NamedFood {
    pub name: String,
    pub grams: Option<f64>,
    pub confidence: f32,
    pub source: FoodNamer,
}

/// Stage 1: the objects in the photo, and which of them are foods.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
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
    /// The owner's own foods (taught by their answers) the photo looks like.
    #[serde(default)]
    pub learned: Vec<LearnedMatch>,
}

/// A photo of the same user that the new one looks like.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct MemoryRecall {
    pub image_id: i64,
    /// Cosine similarity of the two photos' embeddings.
    pub similarity: f32,
}

/// Stage 2: grams of each food.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PortionStage {
    pub food_portions: Vec<PortionEstimate>,
}

/// A recognised food with its portion and nutrition (SPEC §3 "Recognition result").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
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
    /// "counted" items, one "assumed" (the app asks how many), or the slices of a
    /// "whole" pizza (offered, the slices eaten asked); none for a food served by the bowl
    /// or plate.
    #[serde(default)]
    pub count_basis: Option<CountBasis>,
    /// Grams of one item of a countable food.
    #[serde(default)]
    pub grams_per_item: Option<f64>,
    /// The user's confirmed photos that taught this food, when they named it.
    #[serde(default)]
    pub learned_examples: Option<u32>,
}

impl RecognizedFood {
    /// The recogniser is unsure of it: a question for the user, never added unasked.
    pub fn needs_answer(&self) -> bool {
        self.recognition.is_some_and(|c| c.needs_confirmation)
    }

    /// A pizza offered whole: what it is is known, how many slices were eaten is the
    /// user's to say, so it is never added unasked either.
    pub fn waits_for_amount(&self) -> bool {
        self.count_basis == Some(CountBasis::Whole)
    }

    /// Known what it is and how much: saved or remembered without asking.
    pub fn is_settled(&self) -> bool {
        !self.needs_answer() && !self.waits_for_amount()
    }
}

fn one() -> u32 {
    1
}

fn yes() -> bool {
    true
}

/// Another food a recognised one may be, ready to take its place.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct AlternativeFood {
    pub name: String,
    pub name_zh: Option<String>,
    pub food_id: Option<i64>,
    pub score: f32,
    pub estimated_grams: f64,
    pub portion_description: String,
    pub portion_description_zh: Option<String>,
    pub per_100g: Nutrients,
    /// Who suggested it.
    #[serde(default)]
    pub source: Option<CandidateSource>,
    /// The user's confirmed photos that taught this food, when they suggested it.
    #[serde(default)]
    pub learned_examples: Option<u32>,
    /// As the food's: whether its items were counted, and the grams of one.
    #[serde(default)]
    pub count_basis: Option<CountBasis>,
    #[serde(default)]
    pub grams_per_item: Option<f64>,
}

/// The foods of an earlier confirmed photo that looks like this one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct RememberedMeal {
    pub image_id: i64,
    pub eaten_at: chrono::DateTime<chrono::Utc>,
    pub similarity: f32,
    pub foods: Vec<RememberedFood>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct RememberedFood {
    pub food_id: i64,
    pub name: String,
    pub name_zh: Option<String>,
    pub grams: f64,
    pub per_100g: Nutrients,
}

/// Everything on one photo together, when it is more than a plate holds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PlateWarning {
    pub total_grams: f64,
    pub total_calories: f64,
}

/// Stage 3: per-100 g values of each food and their check (SPEC §5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
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

/// A stage's result, stored with its image under its [`Stage`].
pub trait StageResult: Serialize + DeserializeOwned {
    const STAGE: Stage;

    /// The stored result of this stage, if the image has one; an error when it does not
    /// read as this type.
    fn stored(image: &UploadedImage) -> Result<Option<Self>, serde_json::Error> {
        image.stage(Self::STAGE).map(Self::deserialize).transpose()
    }
}

impl StageResult for DetectionStage {
    const STAGE: Stage = Stage::Detection;
}

impl StageResult for PortionStage {
    const STAGE: Stage = Stage::Portions;
}

impl StageResult for NutritionStage {
    const STAGE: Stage = Stage::Nutrition;
}

/// An image's stage results, each read once into its type; a stage not reached, or one
/// that no longer reads (left by an older version), is `None`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct StoredAnalysis {
    pub detection: Option<DetectionStage>,
    pub portions: Option<PortionStage>,
    pub nutrition: Option<NutritionStage>,
}

impl StoredAnalysis {
    pub fn of(image: &UploadedImage) -> Self {
        StoredAnalysis {
            detection: readable(image),
            portions: readable(image),
            nutrition: readable(image),
        }
    }

    /// The recognised foods (none before stage 3).
    pub fn foods(&self) -> &[RecognizedFood] {
        self.nutrition
            .as_ref()
            .map_or(&[], |n| n.nutrition_data.as_slice())
    }

    /// The recognised foods the user need not be asked what they are.
    pub fn sure_foods(&self) -> impl Iterator<Item = &RecognizedFood> {
        self.foods().iter().filter(|f| !f.needs_answer())
    }

    /// The foods known what they are and how much: what is saved or remembered of the photo
    /// when the user sent no foods of their own.
    pub fn settled_foods(&self) -> impl Iterator<Item = &RecognizedFood> {
        self.foods().iter().filter(|f| f.is_settled())
    }
}

fn readable<S: StageResult>(image: &UploadedImage) -> Option<S> {
    S::stored(image).unwrap_or_else(|e| {
        tracing::warn!(image = image.id, stage = ?S::STAGE, error = %e, "a stored stage does not read");
        None
    })
}

/// A food the user confirmed a photo shows: the photo's memory keeps a list of them, for
/// the next photo that looks the same.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConfirmedFood {
    pub food_id: i64,
    pub name: String,
    pub grams: f64,
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn image(stage_1: serde_json::Value, stage_3: serde_json::Value) -> UploadedImage {
        UploadedImage {
            stage_1: Some(stage_1),
            stage_3: Some(stage_3),
            ..UploadedImage::default()
        }
    }

    #[test]
    fn stored_stages_read_once_into_their_types() {
        let nutrients = json!({"calories": 89.0, "protein": 1.1, "fat": 0.3, "carbs": 22.8,
            "fiber": 2.6, "sugar": 12.2, "sodium": 1.0});
        let food = |name: &str, unsure: bool| {
            json!({"name": name, "name_zh": null, "food_id": 3, "estimated_grams": 118.0,
                "cooking_method": "raw", "portion_description": "1 medium",
                "per_100g": nutrients, "nutrition": nutrients,
                "validation": {"isValid": true, "dataQuality": "usda", "issues": [],
                    "confidence": "high"},
                "recognition": {"score": 0.3, "level": if unsure { "unsure" } else { "sure" },
                    "source": "detector", "needs_confirmation": unsure}})
        };
        let stored = image(
            json!({"food_types": [], "named_foods": [{"name": "rice", "grams": null,
                "confidence": 0.5, "source": "dish classifier"}],
                "detections": [], "model": "yolox-nano", "width": 640, "height": 480,
                "took_ms": 12.5}),
            // An analysis from before `food_found`: foods found, as then.
            json!({"nutrition_data": [food("Banana", false), food("Cake", true)]}),
        );
        let analysis = StoredAnalysis::of(&stored);
        let detected = analysis.detection.as_ref().unwrap();
        assert_eq!(detected.named_foods[0].source, FoodNamer::DishClassifier);
        assert!(analysis.portions.is_none());
        let nutrition = analysis.nutrition.as_ref().unwrap();
        assert!(nutrition.food_found);
        assert_eq!(nutrition.nutrition_data[0].count, 1);
        let sure: Vec<&str> = analysis.sure_foods().map(|f| f.name.as_str()).collect();
        assert_eq!(sure, ["Banana"]);
        assert_eq!(
            serde_json::to_value(&detected.named_foods[0]).unwrap()["source"],
            "dish classifier"
        );
    }

    #[test]
    fn a_stage_that_no_longer_reads_is_none() {
        let stored = image(json!({"food_types": "?"}), json!([]));
        assert_eq!(StoredAnalysis::of(&stored), StoredAnalysis::default());
        assert!(DetectionStage::stored(&stored).is_err());
    }
}
