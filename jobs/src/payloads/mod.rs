//! Job payloads, one type per queue.

mod barcodes;
mod fetch_usda_food;
mod import_foods;
mod labels;
mod photos;
mod probe;
mod recognition;
mod send_mail;

pub use barcodes::{CreateFoodFromBarcode, DetectBarcodes, SearchBarcode};
pub use fetch_usda_food::{FetchUsdaFood, UsdaNutrition};
pub use import_foods::{ImportFoods, ImportReport, ImportSource};
pub use labels::ReadLabel;
pub use photos::NormalisePhoto;
pub use probe::{Probe, ProbeReport};
pub use recognition::{DetectFoods, EstimatePortions, LookupNutrition};
pub use send_mail::{MailDelivery, SendMail};
