use models::analysis::{BarcodeScan, BarcodeSearch, BarcodeSource, FoodFromBarcode};
use serde::{Deserialize, Serialize};

use crate::Job;

/// Reads the barcodes in an uploaded image, and finds or creates the food of each food
/// code when `find_foods` (as [`CreateFoodFromBarcode`] does for one).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DetectBarcodes {
    pub image_id: i64,
    #[serde(default)]
    pub find_foods: bool,
}

impl Job for DetectBarcodes {
    const QUEUE: &'static str = "detect-barcodes";
    type Output = BarcodeScan;
}

/// Looks a barcode up without keeping anything.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SearchBarcode {
    /// Canonical (the API parses it first).
    pub barcode: String,
    pub sources: Vec<BarcodeSource>,
}

impl Job for SearchBarcode {
    const QUEUE: &'static str = "search-barcode";
    type Output = BarcodeSearch;
}

/// Finds or creates the food of a barcode for the job's user: their own food with that
/// barcode, then the foods kept here, then Open Food Facts, then USDA branded foods. One
/// food per barcode, also when requests race; the food counts as used by the user.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CreateFoodFromBarcode {
    /// Canonical (the API parses it first).
    pub barcode: String,
}

impl Job for CreateFoodFromBarcode {
    const QUEUE: &'static str = "create-food-from-barcode";
    type Output = FoodFromBarcode;
}
