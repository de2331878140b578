use jobs::BusMessage;
use jobs::payloads::CreateFoodFromBarcode;
use models::ErrorCode;
use models::analysis::{BarcodeSource, FoodFromBarcode};
use models::import::{Outcome, judge};
use serde_json::Map;

use super::{JobHandler, store_fault};
use crate::barcodes::{Answer, ask, parse};
use crate::{JobContext, JobError, WorkerDeps};

impl JobHandler for CreateFoodFromBarcode {
    #[tracing::instrument(skip_all, fields(job_id = %ctx.job_id(), user_id = ctx.user_id(), barcode = %self.barcode))]
    async fn handle(
        self,
        ctx: &JobContext,
        deps: &WorkerDeps,
    ) -> Result<FoodFromBarcode, JobError> {
        let barcode = parse(&self.barcode)?;
        if !barcode.is_food() {
            return Err(JobError::permanent(
                ErrorCode::NotAFoodBarcode,
                format!("{barcode} is a book or periodical code (ISBN/ISSN), not a food"),
            ));
        }
        if let Answer::Stored(food_id) = ask(deps, BarcodeSource::Local, &barcode).await? {
            return Ok(FoodFromBarcode {
                food_id,
                is_existing: true,
                source: BarcodeSource::Local,
            });
        }
        let mut refused = None;
        let mut unavailable = Vec::new();
        for source in [BarcodeSource::OpenFoodFacts, BarcodeSource::Usda] {
            ctx.progress(
                "barcode_lookup",
                30,
                format!("Asking {source:?}"),
                Map::new(),
            )
            .await?;
            let product = match ask(deps, source, &barcode).await? {
                Answer::Product(product) => product,
                Answer::Unavailable(why) => {
                    unavailable.push(why);
                    continue;
                }
                Answer::Stored(_) | Answer::NotFound => continue,
            };
            // A product past the sanity rules is not kept; another source may describe
            // it properly, else the caller hears why.
            let food = match judge(product.to_food()) {
                Outcome::Food(food) => food,
                Outcome::Rejected(r) => {
                    refused.get_or_insert(format!(
                        "{} ({barcode}) was refused: {}",
                        if r.name.is_empty() {
                            "The product"
                        } else {
                            &r.name
                        },
                        r.reason
                    ));
                    continue;
                }
            };
            let foods = &deps.stores.foods;
            foods.upsert_shared(&[*food]).await.map_err(store_fault)?;
            // Whoever stored first wins a race: every request answers with the same food.
            let Answer::Stored(food_id) = ask(deps, BarcodeSource::Local, &barcode).await? else {
                return Err(JobError::Transient("the new food was not stored".into()));
            };
            if let Err(e) = deps.jobs.bus().publish(BusMessage::FoodsChanged).await {
                tracing::debug!(error = %e, "could not announce the new food; indexes catch up on their own");
            }
            return Ok(FoodFromBarcode {
                food_id,
                is_existing: false,
                source,
            });
        }
        Err(match (refused, unavailable.is_empty()) {
            (Some(why), _) => JobError::permanent(ErrorCode::ProductRejected, why),
            (None, false) => JobError::permanent(
                ErrorCode::BarcodeLookupUnavailable,
                format!(
                    "No food is kept here for barcode {barcode}, and it could not be looked up: {}",
                    unavailable.join("; ")
                ),
            ),
            (None, true) => JobError::permanent(
                ErrorCode::BarcodeNotFound,
                format!("No food information found for barcode {barcode}"),
            ),
        })
    }
}
