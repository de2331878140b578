use jobs::payloads::{LookupNutrition, NutritionStage, PortionStage, RecognizedFood};
use models::recognition::{DataQuality, PortionEstimate, check_nutrition};
use models::upload::{ProcessingStatus, Stage};
use models::{Food, FoodSource, Nutrients};
use serde_json::Map;

use super::{JobHandler, image_of, store_fault};
use crate::{JobContext, JobError, WorkerDeps};

/// The stored food a portion stands for: by id (named in the notes) or by its catalogue key.
async fn food_of(deps: &WorkerDeps, portion: &PortionEstimate) -> Result<Option<Food>, JobError> {
    let foods = &deps.stores.foods;
    if let Some(id) = portion.food_id {
        return foods.get(id).await.map_err(store_fault);
    }
    match &portion.catalogue_key {
        Some(key) => foods
            .find_by_source_key(FoodSource::Catalogue, key)
            .await
            .map_err(store_fault),
        None => Ok(None),
    }
}

/// SPEC §5: values from USDA (or checked against it) are "usda"; anything else is not.
fn quality_of(food: &Food) -> DataQuality {
    if food.food.data_quality == "usda" {
        DataQuality::Usda
    } else {
        DataQuality::Unknown
    }
}

impl JobHandler for LookupNutrition {
    async fn handle(self, ctx: &JobContext, deps: &WorkerDeps) -> Result<NutritionStage, JobError> {
        let image = image_of(deps, self.image_id).await?;
        let portions: PortionStage = image
            .stage(Stage::Portions)
            .cloned()
            .map(serde_json::from_value)
            .transpose()
            .map_err(|e| JobError::permanent("IMAGE_PROCESSING_FAILED", format!("stage 2: {e}")))?
            .ok_or_else(|| {
                JobError::permanent(
                    "IMAGE_PROCESSING_FAILED",
                    "The portions have not been estimated yet",
                )
            })?;
        ctx.progress("portion_estimation", 80, "Looking up nutrition", Map::new())
            .await?;
        let mut nutrition_data = Vec::with_capacity(portions.food_portions.len());
        for portion in &portions.food_portions {
            // SPEC §9: an unknown food gets the default values, flagged as such.
            let (food_id, per_100g, quality) = match food_of(deps, portion).await? {
                Some(food) => (Some(food.id), food.food.nutrients, quality_of(&food)),
                None => (None, Nutrients::UNKNOWN_FOOD, DataQuality::Default),
            };
            nutrition_data.push(RecognizedFood {
                name: portion.name.clone(),
                name_zh: portion.name_zh.clone(),
                food_id,
                estimated_grams: portion.estimated_grams,
                cooking_method: portion.cooking_method.clone(),
                portion_description: portion.portion_description.clone(),
                per_100g,
                nutrition: per_100g.for_grams(portion.estimated_grams),
                validation: check_nutrition(&per_100g, quality),
            });
        }
        let stage = NutritionStage { nutrition_data };
        let value = serde_json::to_value(&stage).map_err(|e| JobError::Transient(e.to_string()))?;
        let images = &deps.stores.images;
        images
            .set_stage(self.image_id, Stage::Nutrition, &value)
            .await
            .map_err(store_fault)?;
        images
            .set_status(self.image_id, ProcessingStatus::Completed, None)
            .await
            .map_err(store_fault)?;
        Ok(stage)
    }
}
