//! The barcodes in a photo, and the food a barcode names.

use serde::{Deserialize, Serialize};

use crate::food::{FoodSource, NewFood, Nutrients};
use crate::job::JobFailure;

/// One code read from an image (SPEC §3 "Barcode detection").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ScannedBarcode {
    /// The canonical GTIN for a retail barcode (what lookups use), else the text read.
    pub data: String,
    /// As printed under the bars.
    pub formatted_data: String,
    /// EAN13, EAN8, UPC, UPCE, or the reader's name of another format (QR_CODE…).
    #[serde(rename = "type")]
    pub kind: String,
    /// Exactly what the reader decoded.
    pub text: String,
    /// A retail code that can name a food (not a book, not a QR code).
    pub is_food: bool,
}

/// The codes read from one image, and the food of each food code when they were asked
/// for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BarcodeScan {
    pub image_id: i64,
    pub barcodes: Vec<ScannedBarcode>,
    pub width: u32,
    pub height: u32,
    pub took_ms: f64,
    /// One per food code, when the foods were asked for.
    #[serde(default)]
    pub foods: Option<Vec<BarcodeLookup>>,
}

/// What became of one food code of a photo: its food, or why there is none.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BarcodeLookup {
    pub barcode: String,
    pub food: Result<FoodFromBarcode, JobFailure>,
}

/// Where a barcode's food may be found, in the order they are asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum BarcodeSource {
    /// The foods kept here (imported Open Food Facts and USDA branded data included).
    Local,
    #[serde(rename = "openfoodfacts")]
    OpenFoodFacts,
    Usda,
}

impl BarcodeSource {
    pub const ALL: [BarcodeSource; 3] = [
        BarcodeSource::Local,
        BarcodeSource::OpenFoodFacts,
        BarcodeSource::Usda,
    ];
}

/// A product as an outside database describes it, per 100 g.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BarcodeProduct {
    pub name: String,
    pub brand: Option<String>,
    pub barcode: String,
    pub image_url: Option<String>,
    pub nutrition_grade: Option<String>,
    pub nutrients: Nutrients,
    pub ingredients: Option<String>,
    pub fdc_id: Option<i64>,
    pub source: FoodSource,
}

impl BarcodeProduct {
    /// As a shared food, keyed so a second save of the same product updates it.
    pub fn to_food(&self) -> NewFood {
        let source_key = match (self.source, self.fdc_id) {
            (FoodSource::Usda, Some(fdc_id)) => format!("fdc:{fdc_id}"),
            _ => format!("off:{}", self.barcode),
        };
        NewFood {
            source: Some(self.source),
            source_key: Some(source_key),
            name: self.name.clone(),
            brand: self.brand.clone(),
            barcode: Some(self.barcode.clone()),
            image_url: self.image_url.clone(),
            nutrition_grade: self.nutrition_grade.clone(),
            nutrients: self.nutrients,
            fdc_id: self.fdc_id,
            description: self.fdc_id.map(|_| self.name.clone()),
            ingredients: self.ingredients.clone(),
            data_quality: if self.source == FoodSource::Usda {
                "usda".into()
            } else {
                "unknown".into()
            },
            ..NewFood::default()
        }
    }
}

/// What a lookup found: a stored food, or a product not kept yet.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BarcodeMatch {
    pub source: BarcodeSource,
    /// Set when the food is stored here.
    pub food_id: Option<i64>,
    /// Set when it came from outside and was not kept.
    pub product: Option<BarcodeProduct>,
}

/// The first source that knows the barcode, if any; the sources that could not be
/// asked say why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BarcodeSearch {
    /// The barcode asked about, canonical.
    pub barcode: String,
    pub found: Option<BarcodeMatch>,
    pub unavailable: Vec<String>,
}

/// The food of a barcode, found or created.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FoodFromBarcode {
    pub food_id: i64,
    /// It was already kept here before this request.
    pub is_existing: bool,
    pub source: BarcodeSource,
}
