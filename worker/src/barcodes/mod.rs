//! Barcodes: reading them from photos, and finding the food a barcode names in the
//! foods kept here, Open Food Facts and USDA FoodData Central's branded foods.

pub mod openfoodfacts;
pub mod reader;

use models::Barcode;
use models::ErrorCode;
use models::analysis::{BarcodeProduct, BarcodeSource};

use crate::{JobError, WorkerDeps, handlers::store_fault};

/// What one source says of a barcode.
pub(crate) enum Answer {
    /// Kept here already.
    Stored(i64),
    /// Described by an outside database, not kept yet.
    Product(Box<BarcodeProduct>),
    NotFound,
    /// The source could not be asked (down, slow, rate limiting us).
    Unavailable(String),
}

pub(crate) async fn ask(
    deps: &WorkerDeps,
    source: BarcodeSource,
    barcode: &Barcode,
) -> Result<Answer, JobError> {
    Ok(match source {
        BarcodeSource::Local => {
            match deps
                .stores
                .foods
                .find_by_barcode(&barcode.stored_forms())
                .await
                .map_err(store_fault)?
            {
                Some(food) => Answer::Stored(food.id),
                None => Answer::NotFound,
            }
        }
        BarcodeSource::OpenFoodFacts => match deps.off.product(barcode.as_str()).await {
            Ok(Some(product)) => Answer::Product(Box::new(product)),
            Ok(None) => Answer::NotFound,
            Err(e) => Answer::Unavailable(e.to_string()),
        },
        BarcodeSource::Usda => match deps.usda.by_barcode(barcode).await {
            Ok(Some(food)) => {
                let f = food.to_food();
                Answer::Product(Box::new(BarcodeProduct {
                    name: f.name,
                    brand: f.brand,
                    barcode: barcode.as_str().to_owned(),
                    image_url: None,
                    nutrition_grade: None,
                    nutrients: f.nutrients,
                    ingredients: f.ingredients,
                    fdc_id: f.fdc_id,
                    source: models::FoodSource::Usda,
                }))
            }
            Ok(None) => Answer::NotFound,
            Err(e) => Answer::Unavailable(e.to_string()),
        },
    })
}

/// The API parsed it; a job from elsewhere may not have.
pub(crate) fn parse(barcode: &str) -> Result<Barcode, JobError> {
    Barcode::parse(barcode).map_err(|e| JobError::permanent(ErrorCode::InvalidBarcode, e.0))
}
