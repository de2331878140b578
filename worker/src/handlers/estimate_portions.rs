use jobs::payloads::{DetectionStage, EstimatePortions, HintedFood, PortionStage};
use models::recognition::{PortionEstimate, estimate_portions};
use models::upload::Stage;
use serde_json::Map;

use super::{JobHandler, image_of, store_fault};
use crate::{JobContext, JobError, WorkerDeps};

/// A named food: the weight its namer gave, else one of its household portions, else
/// 100 g (SPEC §9).
fn hinted(food: &models::Food, hint: &HintedFood) -> PortionEstimate {
    let portion = food.food.portions.first();
    let (grams, description) = match (hint.grams, portion) {
        (Some(grams), _) => (grams, format!("{grams:.0} g")),
        (None, Some(p)) => (p.grams, p.name.clone()),
        (None, None) => (100.0, "100 g".into()),
    };
    PortionEstimate {
        name: food.food.name.clone(),
        name_zh: food.food.name_zh.clone(),
        estimated_grams: grams,
        cooking_method: "as named".into(),
        portion_description: description,
        count: 1,
        catalogue_key: None,
        food_id: Some(food.id),
        basis: hint.source.clone(),
    }
}

impl JobHandler for EstimatePortions {
    async fn handle(self, ctx: &JobContext, deps: &WorkerDeps) -> Result<PortionStage, JobError> {
        let image = image_of(deps, self.image_id).await?;
        let detected: DetectionStage = image
            .stage(Stage::Detection)
            .cloned()
            .map(serde_json::from_value)
            .transpose()
            .map_err(|e| JobError::permanent("IMAGE_PROCESSING_FAILED", format!("stage 1: {e}")))?
            .ok_or_else(|| {
                JobError::permanent(
                    "IMAGE_PROCESSING_FAILED",
                    "The foods have not been detected yet",
                )
            })?;
        ctx.progress("portion_estimation", 60, "Estimating portions", Map::new())
            .await?;
        let mut portions = estimate_portions(&detected.detections);
        let ids: Vec<i64> = self.hints.iter().map(|h| h.food_id).collect();
        let foods = deps
            .stores
            .foods
            .get_many(&ids)
            .await
            .map_err(store_fault)?;
        for hint in &self.hints {
            let Some(food) = foods.iter().find(|f| f.id == hint.food_id) else {
                continue;
            };
            // A food the detector saw already is not counted twice.
            let seen = portions.iter().any(|p| {
                p.name == food.food.name
                    || p.catalogue_key.is_some() && p.catalogue_key == food.food.source_key
            });
            if !seen {
                portions.push(hinted(food, hint));
            }
        }
        let stage = PortionStage {
            food_portions: portions,
        };
        let value = serde_json::to_value(&stage).map_err(|e| JobError::Transient(e.to_string()))?;
        deps.stores
            .images
            .set_stage(self.image_id, Stage::Portions, &value)
            .await
            .map_err(store_fault)?;
        Ok(stage)
    }
}
