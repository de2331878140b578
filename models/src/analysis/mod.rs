//! What the analysis jobs find, as the workers store it, the API reads it and the
//! clients receive it: the steps of a photo's analysis, the three stages of food
//! recognition, the barcodes in a photo and the foods they name, and a read label.
//! One definition each, shared by the `jobs` payloads, the worker handlers and the API.

mod barcodes;
mod labels;
mod stages;
mod steps;

pub use barcodes::{
    BarcodeMatch, BarcodeProduct, BarcodeScan, BarcodeSearch, BarcodeSource, FoodFromBarcode,
    ScannedBarcode,
};
pub use labels::LabelRead;
pub use stages::{
    AlternativeFood, ConfirmedFood, DetectionStage, FoodNamer, FoodType, MemoryRecall, NamedFood,
    NutritionStage, PlateWarning, PortionStage, RecognizedFood, RememberedFood, RememberedMeal,
    StageResult, StoredAnalysis,
};
pub use steps::AnalysisStep;
