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

use super::{AnalysisStep, StoredAnalysis};
use crate::error_code::ErrorCode;
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

    /// The event as clients receive it (SPEC §7 analyze-stream: `{step, progress,
    /// message, foods, portions, stage_1, stage_2, stage_3, error}`), with the stage
    /// results of `image` that this step announces.
    pub fn to_wire(&self, image: &UploadedImage) -> Map<String, Value> {
        let mut wire = Map::new();
        wire.insert("step".into(), json!(self.step.name()));
        wire.insert("progress".into(), json!(self.step.progress()));
        wire.insert("message".into(), json!(self.message));
        wire.extend(self.fields.clone());
        let stored = || StoredAnalysis::of(image);
        match self.step {
            AnalysisStep::FoodDetectionComplete => {
                if let Some(detected) = stored().detection {
                    wire.insert("foods".into(), json!(detected.food_types));
                    wire.insert("stage_1".into(), json!(detected));
                }
            }
            AnalysisStep::PortionsEstimated => {
                if let Some(portions) = stored().portions {
                    wire.insert("portions".into(), json!(portions.food_portions));
                    wire.insert("stage_2".into(), json!(portions));
                }
            }
            AnalysisStep::Complete => {
                let stored = stored();
                wire.insert("image_id".into(), json!(image.id));
                if let Some(portions) = &stored.portions {
                    wire.insert("portions".into(), json!(portions.food_portions));
                }
                wire.insert("stage_1".into(), json!(stored.detection));
                wire.insert("stage_2".into(), json!(stored.portions));
                if let Some(nutrition) = stored.nutrition {
                    wire.insert("foods".into(), json!(nutrition.nutrition_data));
                    wire.insert("food_found".into(), json!(nutrition.food_found));
                    wire.insert("memory".into(), json!(nutrition.memory));
                    wire.insert("plate_warning".into(), json!(nutrition.plate_warning));
                    wire.insert("stage_3".into(), json!(nutrition));
                }
            }
            _ => {}
        }
        wire
    }
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
