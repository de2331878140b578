use jobs::payloads::SearchBarcode;
use models::analysis::{BarcodeMatch, BarcodeSearch};

use super::JobHandler;
use crate::barcodes::{Answer, ask, parse};
use crate::{JobContext, JobError, WorkerDeps};

impl JobHandler for SearchBarcode {
    #[tracing::instrument(skip_all, fields(job_id = %ctx.job_id(), user_id = ctx.user_id(), barcode = %self.barcode))]
    async fn handle(self, ctx: &JobContext, deps: &WorkerDeps) -> Result<BarcodeSearch, JobError> {
        let barcode = parse(&self.barcode)?;
        let mut unavailable = Vec::new();
        for source in self.sources {
            let found = match ask(deps, source, &barcode, ctx.user_id()).await? {
                Answer::Stored(food_id) => BarcodeMatch {
                    source,
                    food_id: Some(food_id),
                    product: None,
                },
                Answer::Product(product) => BarcodeMatch {
                    source,
                    food_id: None,
                    product: Some(*product),
                },
                Answer::NotFound => continue,
                Answer::Unavailable { why, .. } => {
                    unavailable.push(why);
                    continue;
                }
            };
            return Ok(BarcodeSearch {
                barcode: barcode.as_str().to_owned(),
                found: Some(found),
                unavailable,
            });
        }
        Ok(BarcodeSearch {
            barcode: barcode.as_str().to_owned(),
            found: None,
            unavailable,
        })
    }
}
