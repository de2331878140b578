use models::analysis::{BarcodeScan, BarcodeSource, ScannedBarcode};
use serde::Serialize;
use utoipa::ToSchema;

use super::FoodView;

/// SPEC §3 "Barcode detection".
#[derive(Serialize, ToSchema)]
pub(crate) struct DetectionView {
    pub image_id: i64,
    pub barcodes: Vec<ScannedBarcode>,
    pub food_barcodes_only: Vec<ScannedBarcode>,
    pub took_ms: f64,
}

impl From<&BarcodeScan> for DetectionView {
    fn from(scan: &BarcodeScan) -> Self {
        DetectionView {
            image_id: scan.image_id,
            food_barcodes_only: scan
                .barcodes
                .iter()
                .filter(|b| b.is_food)
                .cloned()
                .collect(),
            barcodes: scan.barcodes.clone(),
            took_ms: scan.took_ms,
        }
    }
}

/// SPEC §7 create-food-from-barcode: `{food, is_existing}`.
#[derive(Serialize, ToSchema)]
pub(crate) struct CreatedView {
    pub food: FoodView,
    pub is_existing: bool,
    pub source: BarcodeSource,
}

#[derive(Serialize, ToSchema)]
pub(crate) struct BarcodeFoodView {
    pub barcode: String,
    pub food: FoodView,
    pub is_existing: bool,
    pub source: BarcodeSource,
}

#[derive(Serialize, ToSchema)]
pub(crate) struct MissingView {
    pub barcode: String,
    pub code: String,
    pub message: String,
}

/// The barcodes of a photo and the food of each food barcode.
#[derive(Serialize, ToSchema)]
pub(crate) struct BarcodeFoodsView {
    #[serde(flatten)]
    pub detection: DetectionView,
    pub foods: Vec<BarcodeFoodView>,
    /// Food barcodes no food could be found or made for, each with why.
    pub missing: Vec<MissingView>,
}

/// A lookup's answer: the food (stored, or as the outside database describes it).
#[derive(Serialize, ToSchema)]
pub(crate) struct BarcodeSearchView {
    pub barcode: String,
    pub found: bool,
    pub food: Option<FoodView>,
    pub source: Option<BarcodeSource>,
    /// Why the product would be refused if saved (SPEC §9 sanity rules); empty if fine.
    pub issues: Vec<String>,
    /// Sources that could not be asked, and why.
    pub unavailable: Vec<String>,
}
