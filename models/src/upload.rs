//! A photo a user uploaded for recognition, and how far its analysis got (SPEC §3
//! "Uploaded image", "Recognition result").

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::user::UserId;

/// Where an image's analysis stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ProcessingStatus {
    Uploaded,
    Processing,
    Completed,
    Failed,
    Cancelled,
}

impl ProcessingStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ProcessingStatus::Uploaded => "uploaded",
            ProcessingStatus::Processing => "processing",
            ProcessingStatus::Completed => "completed",
            ProcessingStatus::Failed => "failed",
            ProcessingStatus::Cancelled => "cancelled",
        }
    }

    pub fn parse(text: &str) -> Result<Self, String> {
        Ok(match text {
            "uploaded" => ProcessingStatus::Uploaded,
            "processing" => ProcessingStatus::Processing,
            "completed" => ProcessingStatus::Completed,
            "failed" => ProcessingStatus::Failed,
            "cancelled" => ProcessingStatus::Cancelled,
            other => return Err(format!("unknown processing status {other:?}")),
        })
    }
}

/// An upload to be stored: the file is already written in the photo store.
#[derive(Debug, Clone, PartialEq)]
pub struct NewImage {
    pub owner: UserId,
    /// Relative to the data directory.
    pub file_path: String,
    pub content_type: String,
    pub width: u32,
    pub height: u32,
    pub byte_size: u64,
    pub notes: Option<String>,
}

/// The three stages of the analysis pipeline (SPEC §3 stage_1, stage_2, stage_3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    Detection,
    Portions,
    Nutrition,
}

#[derive(Debug, Clone, PartialEq)]
pub struct UploadedImage {
    pub id: i64,
    pub owner: UserId,
    pub file_path: String,
    pub content_type: String,
    pub width: u32,
    pub height: u32,
    pub byte_size: u64,
    pub notes: Option<String>,
    pub status: ProcessingStatus,
    pub stage_1: Option<serde_json::Value>,
    pub stage_2: Option<serde_json::Value>,
    pub stage_3: Option<serde_json::Value>,
    /// Why the analysis failed: (message, code).
    pub error: Option<(String, String)>,
    pub confirmed: bool,
    pub corrections: Option<serde_json::Value>,
    pub meal_id: Option<i64>,
    /// The job of the analysis stage running now; `None` when no analysis runs.
    pub analysis_job: Option<crate::JobId>,
    /// The number of the image's latest analysis event (0: never analysed).
    pub analysis_seq: i64,
    /// Whether the photo is kept as the product keeps photos (upright, scaled, a JPEG
    /// without metadata); until then it is what was sent (the `NormalisePhoto` job).
    pub normalised: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl UploadedImage {
    pub fn stage(&self, stage: Stage) -> Option<&serde_json::Value> {
        match stage {
            Stage::Detection => self.stage_1.as_ref(),
            Stage::Portions => self.stage_2.as_ref(),
            Stage::Nutrition => self.stage_3.as_ref(),
        }
    }
}

/// A confirmed photo as the recogniser learns from it: what it looked like and the food
/// it mostly showed (the one with the most grams), a labelled example of the user's.
#[derive(Debug, Clone, PartialEq)]
pub struct RememberedPhoto {
    pub image_id: i64,
    pub embedding: Vec<f32>,
    pub main_food: Option<i64>,
}

impl RememberedPhoto {
    /// The food of `[{food_id, name, grams}]` with the most grams.
    pub fn main_food_of(foods: &serde_json::Value) -> Option<i64> {
        foods
            .as_array()?
            .iter()
            .filter_map(|f| Some((f.get("food_id")?.as_i64()?, f.get("grams")?.as_f64()?)))
            .filter(|(_, grams)| grams.is_finite())
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(id, _)| id)
    }
}

/// A photo the user confirmed: what it showed, for the next photo that looks the same.
#[derive(Debug, Clone, PartialEq)]
pub struct PhotoMemory {
    pub image_id: i64,
    /// When the photo was taken (uploaded).
    pub eaten_at: DateTime<Utc>,
    /// `[{food_id, name, grams}]` as confirmed.
    pub foods: serde_json::Value,
}

/// A completed 640 × 480 photo of user 1, neither analysed nor confirmed: what unit tests
/// fill in.
#[cfg(test)]
impl Default for UploadedImage {
    fn default() -> Self {
        let now = chrono::Utc::now();
        UploadedImage {
            id: 7,
            owner: crate::user::UserId::from_i64(1),
            file_path: "uploads/1/a.jpg".into(),
            content_type: "image/jpeg".into(),
            width: 640,
            height: 480,
            byte_size: 1,
            notes: None,
            status: ProcessingStatus::Completed,
            stage_1: None,
            stage_2: None,
            stage_3: None,
            error: None,
            confirmed: false,
            corrections: None,
            meal_id: None,
            analysis_job: None,
            analysis_seq: 0,
            normalised: true,
            created_at: now,
            updated_at: now,
        }
    }
}
