//! What the analysis jobs find, as the workers store it, the API reads it and the
//! clients receive it: the steps of a photo's analysis, the three stages of food
//! recognition, the barcodes in a photo and the foods they name, a read label, and what
//! a photo shows once the user answered.
//! One definition each, shared by the `jobs` payloads, the worker handlers and the API.

mod barcodes;
mod events;
mod labels;
mod shown;
mod stages;
mod steps;

pub use barcodes::{
    BarcodeLookup, BarcodeMatch, BarcodeProduct, BarcodeScan, BarcodeSearch, BarcodeSource,
    FoodFromBarcode, ScannedBarcode,
};
pub use events::{AnalysisChange, AnalysisEvent, AnalysisUpdate, CANCELLED_BY_USER, EventError};
pub use labels::LabelRead;
pub use shown::{ShownFood, confirmed_with_changes, foods_to_remember, keywords, shown_foods};
pub use stages::{
    AlternativeFood, ConfirmedFood, DetectionStage, FoodNamer, FoodType, MemoryRecall, NamedFood,
    NutritionStage, PlateWarning, PortionStage, RecognizedFood, RememberedFood, RememberedMeal,
    StageResult, StoredAnalysis,
};
pub use steps::AnalysisStep;
