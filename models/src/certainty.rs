//! How sure the product is of a food it names, in words a user reads: shared by the
//! recogniser that works it out and the recognition results that carry it.

use serde::{Deserialize, Serialize};

/// A food is named without a question from this score on ("Looks like …").
pub const SURE: f32 = 0.80;
/// Below this score a food is a question with alternatives ("Is this …?").
pub const LIKELY: f32 = 0.60;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CandidateSource {
    /// The user's own confirmed photo that looks the same.
    Memory,
    /// The dishes the user's own answers taught: the foods of their confirmed and
    /// corrected photos, compared by likeness with what each looked like.
    Learned,
    /// Our dish head over the gate model's embedding.
    DishModel,
    /// The gate model's ImageNet classes.
    Imagenet,
    /// The COCO detector.
    Detector,
    /// Named by the user in the upload's notes.
    Notes,
    /// An optional vision endpoint.
    Vision,
}

/// How sure the recogniser is, in three words a user reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum CertaintyLevel {
    Sure,
    Likely,
    Unsure,
}

impl CertaintyLevel {
    pub fn of(score: f32) -> Self {
        if score >= SURE {
            CertaintyLevel::Sure
        } else if score >= LIKELY {
            CertaintyLevel::Likely
        } else {
            CertaintyLevel::Unsure
        }
    }
}

/// How sure the recogniser is of a food's name (not of its nutrition data).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = RecognitionCertainty)]
pub struct Certainty {
    pub score: f32,
    pub level: CertaintyLevel,
    pub source: CandidateSource,
    /// An unsure food is asked about, never added without the user's answer.
    pub needs_confirmation: bool,
}

impl Certainty {
    pub fn new(score: f32, source: CandidateSource) -> Self {
        let score = (score.clamp(0.0, 1.0) * 100.0).round() / 100.0;
        let level = CertaintyLevel::of(score);
        Certainty {
            score,
            level,
            source,
            needs_confirmation: level == CertaintyLevel::Unsure,
        }
    }
}
