//! The three stages of a photo's analysis, a chain of jobs: the API queues the first,
//! and each hands the analysis to the next (see the worker's `analysis` module). Each
//! stores its stage with the image, where the API reads it: a job's own result is empty.

use serde::{Deserialize, Serialize};

use crate::Job;

/// Stage 1: the objects in an uploaded photo, and which of them are foods.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DetectFoods {
    pub image_id: i64,
}

impl Job for DetectFoods {
    const QUEUE: &'static str = "detect-foods";
    type Output = ();
}

/// Stage 2: grams of each food, from the detections of stage 1 and the foods named in
/// the upload's notes or by an optional backend (found among the stored foods by the
/// worker's food index).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct EstimatePortions {
    pub image_id: i64,
}

impl Job for EstimatePortions {
    const QUEUE: &'static str = "estimate-portions";
    type Output = ();
}

/// Stage 3: per-100 g values of each food and their check (SPEC §5); the analysis ends.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct LookupNutrition {
    pub image_id: i64,
}

impl Job for LookupNutrition {
    const QUEUE: &'static str = "lookup-nutrition";
    type Output = ();
}
