//! The events of a photo's analysis, as the workers record them with the image and
//! publish them, and as clients receive them.
//!
//! DESIGN: an analysis belongs to the workers. The API records its start (the first event)
//! and queues the first stage; each stage's job records its own events and hands the
//! analysis to the next stage; the last stage, a failure or a cancel records the final
//! event. An event is small: the stage results it announces are stored once, in the
//! image's stage columns, and [`AnalysisEvent::to_wire`] puts them in when the event is
//! sent, so a listener that comes back later gets exactly what a live one got.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use super::stages::{
    DetectionStage, FoodType, NutritionStage, PlateWarning, PortionStage, RecognizedFood,
    RememberedMeal,
};
use super::{AnalysisStep, StoredAnalysis};
use crate::error_code::ErrorCode;
use crate::recognition::PortionEstimate;
use crate::upload::{ProcessingStatus, UploadedImage};

/// The message of the final event of a cancelled analysis (SPEC §8).
pub const CANCELLED_BY_USER: &str = "Analysis cancelled by user";

/// One event of an analysis.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AnalysisEvent {
    /// Grows with every event of the image, across its analyses: the SSE event id. The
    /// store numbers an event when it records it.
    #[serde(default)]
    pub seq: i64,
    pub step: AnalysisStep,
    pub message: String,
    /// The step's own data beside what [`to_wire`](Self::to_wire) adds (the foods found so
    /// far, the error).
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub fields: Map<String, Value>,
}

impl AnalysisEvent {
    pub fn new(step: AnalysisStep, message: impl Into<String>) -> Self {
        AnalysisEvent {
            seq: 0,
            step,
            message: message.into(),
            fields: Map::new(),
        }
    }

    pub fn with(mut self, key: &str, value: Value) -> Self {
        self.fields.insert(key.to_owned(), value);
        self
    }

    /// The final event of an analysis that failed (or was cancelled: code `CANCELLED`).
    pub fn failed(message: &str, code: &str) -> Self {
        AnalysisEvent::new(AnalysisStep::Error, message)
            .with("error", json!({"message": message, "code": code}))
    }

    /// The final event of an analysis the user cancelled.
    pub fn cancelled() -> Self {
        AnalysisEvent::failed(CANCELLED_BY_USER, ErrorCode::Cancelled.as_str())
    }

    /// `complete` or `error`: nothing follows.
    pub fn is_final(&self) -> bool {
        matches!(self.step, AnalysisStep::Complete | AnalysisStep::Error)
    }

    /// What the image's status becomes with this event, if it ends the analysis.
    pub fn ends_as(&self) -> Option<ProcessingStatus> {
        match self.step {
            AnalysisStep::Complete => Some(ProcessingStatus::Completed),
            AnalysisStep::Error if self.error_code() == Some(ErrorCode::Cancelled.as_str()) => {
                Some(ProcessingStatus::Cancelled)
            }
            AnalysisStep::Error => Some(ProcessingStatus::Failed),
            _ => None,
        }
    }

    /// The error of a final `error` event: (message, code).
    pub fn error(&self) -> Option<(&str, &str)> {
        let error = self.fields.get("error")?;
        Some((
            error.get("message")?.as_str()?,
            error.get("code")?.as_str()?,
        ))
    }

    fn error_code(&self) -> Option<&str> {
        self.error().map(|(_, code)| code)
    }

    /// The event as clients receive it (SPEC §7 analyze-stream), with the stage results
    /// of `image` that this step announces.
    pub fn to_wire(&self, image: &UploadedImage) -> AnalysisUpdate {
        let progress = self.step.progress();
        let message = self.message.clone();
        let stored = || StoredAnalysis::of(image);
        match self.step {
            AnalysisStep::Start => AnalysisUpdate::Start {
                progress,
                message,
                image_id: image.id,
            },
            AnalysisStep::DetectingFoods => AnalysisUpdate::FoodDetection { progress, message },
            AnalysisStep::FoodDetectionComplete => {
                let detected = stored().detection;
                AnalysisUpdate::FoodDetectionComplete {
                    progress,
                    message,
                    foods: detected.as_ref().map(|d| d.food_types.clone()),
                    stage_1: detected,
                }
            }
            AnalysisStep::PortionsEstimated => {
                let portions = stored().portions;
                AnalysisUpdate::PortionEstimation {
                    progress,
                    message,
                    portions: portions.as_ref().map(|p| p.food_portions.clone()),
                    stage_2: portions,
                }
            }
            AnalysisStep::Complete => {
                let stored = stored();
                let nutrition = stored.nutrition.as_ref();
                AnalysisUpdate::Complete {
                    progress,
                    message,
                    image_id: image.id,
                    portions: stored.portions.as_ref().map(|p| p.food_portions.clone()),
                    foods: nutrition.map(|n| n.nutrition_data.clone()),
                    food_found: nutrition.map(|n| n.food_found),
                    memory: nutrition.and_then(|n| n.memory.clone()),
                    plate_warning: nutrition.and_then(|n| n.plate_warning),
                    stage_1: stored.detection,
                    stage_2: stored.portions,
                    stage_3: stored.nutrition,
                }
            }
            AnalysisStep::Error => {
                let (message_of, code) = self
                    .error()
                    .unwrap_or((&self.message, ErrorCode::ImageProcessingFailed.as_str()));
                AnalysisUpdate::Error {
                    progress,
                    error: EventError {
                        message: message_of.to_owned(),
                        code: code.to_owned(),
                    },
                    message,
                }
            }
        }
    }
}

/// An event of a photo's analysis as clients receive it (SPEC §7 analyze-stream: one
/// `data:` line of `{step, progress, message, …}`): what each step carries is its
/// variant's fields. The stage results are those stored with the image when it is sent.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(tag = "step")]
#[allow(
    clippy::large_enum_variant,
    reason = "one is built per event sent and dropped once written, never kept in bulk"
)]
pub enum AnalysisUpdate {
    /// The analysis began.
    #[serde(rename = "start")]
    Start {
        progress: u8,
        message: String,
        image_id: i64,
    },
    /// The photo is being looked at.
    #[serde(rename = "food_detection")]
    FoodDetection { progress: u8, message: String },
    /// Stage 1 is done: the kinds of food seen.
    #[serde(rename = "food_detection_complete")]
    FoodDetectionComplete {
        progress: u8,
        message: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        foods: Option<Vec<FoodType>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        stage_1: Option<DetectionStage>,
    },
    /// Stage 2 is done: grams of each food.
    #[serde(rename = "portion_estimation")]
    PortionEstimation {
        progress: u8,
        message: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        portions: Option<Vec<PortionEstimate>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        stage_2: Option<PortionStage>,
    },
    /// The analysis ended with its results: `foods` are the recognised foods (SPEC §3
    /// "Recognition result"), and stage 3's findings are copied to the top.
    #[serde(rename = "complete")]
    Complete {
        progress: u8,
        message: String,
        image_id: i64,
        #[serde(skip_serializing_if = "Option::is_none")]
        portions: Option<Vec<PortionEstimate>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        foods: Option<Vec<RecognizedFood>>,
        /// False when the photo shows no food at all.
        #[serde(skip_serializing_if = "Option::is_none")]
        food_found: Option<bool>,
        /// The user's earlier confirmed photo that looks the same, with its foods.
        #[serde(skip_serializing_if = "Option::is_none")]
        memory: Option<RememberedMeal>,
        /// Set when the foods together are more than a plate holds.
        #[serde(skip_serializing_if = "Option::is_none")]
        plate_warning: Option<PlateWarning>,
        stage_1: Option<DetectionStage>,
        stage_2: Option<PortionStage>,
        #[serde(skip_serializing_if = "Option::is_none")]
        stage_3: Option<NutritionStage>,
    },
    /// The analysis failed, or was cancelled (code `CANCELLED`).
    #[serde(rename = "error")]
    Error {
        progress: u8,
        message: String,
        error: EventError,
    },
}

impl AnalysisUpdate {
    /// `complete` or `error`: nothing follows.
    pub fn is_final(&self) -> bool {
        matches!(
            self,
            AnalysisUpdate::Complete { .. } | AnalysisUpdate::Error { .. }
        )
    }

    /// How far the analysis is, in percent, and what it says of itself.
    pub fn progress(&self) -> (u8, &str) {
        match self {
            AnalysisUpdate::Start {
                progress, message, ..
            }
            | AnalysisUpdate::FoodDetection { progress, message }
            | AnalysisUpdate::FoodDetectionComplete {
                progress, message, ..
            }
            | AnalysisUpdate::PortionEstimation {
                progress, message, ..
            }
            | AnalysisUpdate::Complete {
                progress, message, ..
            }
            | AnalysisUpdate::Error {
                progress, message, ..
            } => (*progress, message),
        }
    }
}

/// Why an analysis ended without results.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct EventError {
    pub message: String,
    pub code: String,
}

/// How recording an event moves an analysis on (see `ImageStore::advance_analysis`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnalysisChange {
    /// The stage goes on: only a progress event.
    Stays,
    /// The stage is done and the job named hands over to the next stage's.
    HandsOver(crate::JobId),
    /// The analysis ends with this event (`complete` or `error`).
    Ends,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_reads_back_as_it_was_recorded_and_says_how_it_ends() {
        let progress = AnalysisEvent::new(AnalysisStep::DetectingFoods, "Looking for foods")
            .with("foods", json!([{"name": "Banana"}]));
        let stored = serde_json::to_string(&progress).unwrap();
        assert_eq!(
            serde_json::from_str::<AnalysisEvent>(&stored).unwrap(),
            progress
        );
        assert!(!progress.is_final());
        assert_eq!(progress.ends_as(), None);

        let cancelled = AnalysisEvent::cancelled();
        assert!(cancelled.is_final());
        assert_eq!(cancelled.ends_as(), Some(ProcessingStatus::Cancelled));
        assert_eq!(cancelled.error(), Some((CANCELLED_BY_USER, "CANCELLED")));
        let failed = AnalysisEvent::failed("No model", "RECOGNITION_UNAVAILABLE");
        assert_eq!(failed.ends_as(), Some(ProcessingStatus::Failed));
        assert_eq!(
            AnalysisEvent::new(AnalysisStep::Complete, "Analysis complete").ends_as(),
            Some(ProcessingStatus::Completed)
        );
    }
}
