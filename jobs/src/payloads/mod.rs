//! Job payloads, one type per queue.

mod barcodes;
mod fetch_usda_food;
mod import_foods;
mod labels;
mod probe;
mod recognition;
mod send_mail;

pub use barcodes::{
    BarcodeMatch, BarcodeProduct, BarcodeScan, BarcodeSearch, BarcodeSource, CreateFoodFromBarcode,
    DetectBarcodes, FoodFromBarcode, ScannedBarcode, SearchBarcode,
};
pub use fetch_usda_food::{FetchUsdaFood, UsdaNutrition};
pub use import_foods::{ImportFoods, ImportReport, ImportSource};
pub use labels::{LabelRead, ReadLabel};
pub use probe::{Probe, ProbeReport};
pub use recognition::{
    AlternativeFood, DetectFoods, DetectionStage, EstimatePortions, FoodType, HintedFood,
    LookupNutrition, MemoryRecall, NamedFood, NutritionStage, PlateWarning, PortionStage,
    RecognizedFood, RememberedFood, RememberedMeal,
};
pub use send_mail::{MailDelivery, SendMail};
