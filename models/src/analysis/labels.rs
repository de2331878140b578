use serde::{Deserialize, Serialize};

use crate::nutrition_label::LabelReading;

/// A nutrition label read from a photo, and how long the reading took.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LabelRead {
    pub label: LabelReading,
    pub took_ms: f64,
    /// The barcode sent with the photo, canonical, to keep on the food.
    #[serde(default)]
    pub barcode: Option<String>,
}
