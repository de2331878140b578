use chrono::{DateTime, Utc};
use models::analysis::{
    PlateWarning, RecognizedFood, RememberedMeal, StoredAnalysis, keywords, shown_foods,
};
use models::upload::{ProcessingStatus, UploadedImage};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

/// SPEC §3 "Uploaded image".
#[derive(Serialize, ToSchema)]
pub struct ImageView {
    id: i64,
    image_id: i64,
    processing_status: ProcessingStatus,
    /// The foods found, by name.
    keywords: Vec<String>,
    /// The same foods in Chinese, in the same order: each food's Chinese name where it
    /// has one, else its name as in `keywords`.
    keywords_zh: Vec<String>,
    /// True while a food of the photo is a question the user has not answered (and the
    /// photo is not confirmed): such a food is not among `keywords`.
    awaiting_answer: bool,
    notes: Option<String>,
    width: u32,
    height: u32,
    confirmed: bool,
    meal_id: Option<i64>,
    created_at: DateTime<Utc>,
}

impl From<&UploadedImage> for ImageView {
    fn from(image: &UploadedImage) -> Self {
        let analysis = StoredAnalysis::of(image);
        let foods = shown_foods(image, &analysis);
        let awaiting_answer = !image.confirmed
            && image.corrections.is_none()
            && !analysis.foods().iter().all(RecognizedFood::is_settled);
        ImageView {
            id: image.id,
            image_id: image.id,
            processing_status: image.status,
            keywords_zh: foods
                .iter()
                .map(|f| f.name_zh.clone().unwrap_or_else(|| f.name.clone()))
                .collect(),
            keywords: foods.into_iter().map(|f| f.name).collect(),
            awaiting_answer,
            notes: image.notes.clone(),
            width: image.width,
            height: image.height,
            confirmed: image.confirmed,
            meal_id: image.meal_id,
            created_at: image.created_at,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct ImagePage {
    pub images: Vec<ImageView>,
    pub page: i64,
    pub page_size: i64,
    pub total: i64,
}

#[derive(Serialize, ToSchema)]
pub struct CancelledView {
    /// False when no analysis of the image was running.
    pub cancelled: bool,
}

/// SPEC §3 "Recognition result".
#[derive(Serialize, ToSchema)]
pub struct ResultsView {
    image_id: i64,
    processing_status: ProcessingStatus,
    status: ProcessingStatus,
    keywords: Vec<String>,
    /// Each recognised food with its portion, nutrition and check.
    results: Vec<RecognizedFood>,
    stage_1: Option<Value>,
    stage_2: Option<Value>,
    stage_3: Option<Value>,
    confirmed: bool,
    corrections: Option<Value>,
    error: Option<ErrorView>,
    /// False when the photo shows no food at all.
    food_found: bool,
    /// The user's earlier confirmed photo that looks the same, with its foods.
    memory: Option<RememberedMeal>,
    /// Set when the foods together are more than a plate holds.
    plate_warning: Option<PlateWarning>,
}

#[derive(Serialize, ToSchema)]
struct ErrorView {
    message: String,
    code: String,
}

impl From<&UploadedImage> for ResultsView {
    fn from(image: &UploadedImage) -> Self {
        let analysis = StoredAnalysis::of(image);
        let keywords = keywords(image, &analysis);
        let (results, food_found, memory, plate_warning) = match analysis.nutrition {
            Some(n) => (n.nutrition_data, n.food_found, n.memory, n.plate_warning),
            // Until stage 3 nothing says the photo shows no food.
            None => (Vec::new(), true, None, None),
        };
        ResultsView {
            image_id: image.id,
            processing_status: image.status,
            status: image.status,
            keywords,
            results,
            // Sent as stored: an analysis by an older version as it was.
            stage_1: image.stage_1.clone(),
            stage_2: image.stage_2.clone(),
            stage_3: image.stage_3.clone(),
            confirmed: image.confirmed,
            corrections: image.corrections.clone(),
            error: image
                .error
                .clone()
                .map(|(message, code)| ErrorView { message, code }),
            food_found,
            memory,
            plate_warning,
        }
    }
}
