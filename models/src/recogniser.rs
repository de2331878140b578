//! What the photo recogniser made of a photo, as the analysis stores and shows it: the
//! foods seen with their candidates and how sure each is, and the embeddings of the
//! visual memory (a user's confirmed photos) as the stores keep them. Reading a photo
//! from the models' outputs is the worker's (`worker::recognition::reading`).

use serde::{Deserialize, Serialize};

pub use crate::certainty::{CandidateSource, Certainty, CertaintyLevel, LIKELY, SURE};
use crate::food::FoodSource;

/// Values in the gate model's `embedding` output.
pub const EMBEDDING_LEN: usize = 1280;

/// Alternatives offered beside a food.
pub const MAX_ALTERNATIVES: usize = 5;
/// One food a photo may show: a shipped food's key and how likely it is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Candidate {
    /// The model's class: `dish:红烧肉`, `imagenet:963`, `coco:pizza`.
    pub label: String,
    /// A catalogue or dish key, or `fdc:<id>` of the shipped USDA foods.
    pub food_key: String,
    pub score: f32,
    pub source: CandidateSource,
}

/// Where a candidate's food is stored.
pub fn food_source_of(key: &str) -> FoodSource {
    if key.starts_with("fdc:") {
        FoodSource::Usda
    } else {
        FoodSource::Catalogue
    }
}

/// One thing on the plate: its candidates, best first, and how many of it were seen.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SeenFood {
    pub candidates: Vec<Candidate>,
    pub count: u32,
}

/// What the photo shows, as far as the models can tell.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PhotoReading {
    pub food_found: bool,
    /// The gate's summed food probability.
    pub food_probability: f32,
    pub foods: Vec<SeenFood>,
}

/// Photos whose embeddings are at least this similar (cosine) show the same dish often
/// enough to offer the earlier meal ("Like your 红烧肉 of 12 Nov?").
pub const MEMORY_MATCH: f32 = 0.70;

/// The embedding scaled to length 1, so similarity is a dot product.
pub fn unit_vector(embedding: &[f32]) -> Vec<f32> {
    let norm = embedding.iter().map(|v| v * v).sum::<f32>().sqrt();
    if norm <= f32::EPSILON {
        return embedding.to_vec();
    }
    embedding.iter().map(|v| v / norm).collect()
}

/// Little-endian f32s, as the stores keep an embedding.
pub fn embedding_bytes(embedding: &[f32]) -> Vec<u8> {
    embedding.iter().flat_map(|v| v.to_le_bytes()).collect()
}

pub fn embedding_from_bytes(bytes: &[u8]) -> Option<Vec<f32>> {
    (bytes.len() == EMBEDDING_LEN * 4).then(|| {
        bytes
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect()
    })
}

/// The dot product in eight lanes, which the compiler turns into vector instructions.
pub fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0.0f32; 8];
    let (a8, a_rest) = a.split_at(a.len() / 8 * 8);
    let (b8, b_rest) = b.split_at(a8.len());
    for (x, y) in a8.chunks_exact(8).zip(b8.chunks_exact(8)) {
        for i in 0..8 {
            lanes[i] += x[i] * y[i];
        }
    }
    lanes.iter().sum::<f32>() + a_rest.iter().zip(b_rest).map(|(x, y)| x * y).sum::<f32>()
}
