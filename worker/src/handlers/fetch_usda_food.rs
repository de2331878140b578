use jobs::BusMessage;
use jobs::JobStep;
use jobs::payloads::{FetchUsdaFood, UsdaNutrition};
use models::ErrorCode;
use models::{Food, FoodSource};
use serde_json::Map;

use super::{JobHandler, store_fault};
use crate::{JobContext, JobError, WorkerDeps};

fn nutrition_of(food: &Food) -> UsdaNutrition {
    UsdaNutrition {
        food_id: food.id,
        fdc_id: food.food.fdc_id.unwrap_or_default(),
        food_description: food
            .food
            .description
            .clone()
            .unwrap_or_else(|| food.food.name.clone()),
        brand_owner: food.food.brand.clone(),
        nutrients: food.food.nutrients,
    }
}

impl JobHandler for FetchUsdaFood {
    #[tracing::instrument(skip_all, fields(job_id = %ctx.job_id(), user_id = ctx.user_id(), fdc_id = self.fdc_id))]
    async fn handle(self, ctx: &JobContext, deps: &WorkerDeps) -> Result<UsdaNutrition, JobError> {
        let key = format!("fdc:{}", self.fdc_id);
        let foods = &deps.stores.foods;
        // Kept from an earlier fetch (or an import) with its energy: no call needed.
        if let Some(food) = foods
            .find_by_source_key(FoodSource::Usda, &key)
            .await
            .map_err(store_fault)?
            && food.food.nutrients.calories > 0.0
        {
            return Ok(nutrition_of(&food));
        }
        ctx.progress(
            JobStep::Fetch,
            10,
            "Asking USDA FoodData Central",
            Map::new(),
        )
        .await?;
        // Jobs queued before the payload named its spender are charged to their owner.
        let spender = self
            .spender
            .clone()
            .or_else(|| ctx.user_id().map(platform::outside::account));
        let fetched = match deps.usda.food(self.fdc_id, spender.as_deref()).await {
            Ok(Some(food)) => food,
            Ok(None) => {
                return Err(JobError::permanent(
                    ErrorCode::UsdaFoodNotFound,
                    format!("USDA FoodData Central has no food {}", self.fdc_id),
                ));
            }
            // Ours to refuse: the caller may try again once the budget refills.
            Err(e @ platform::usda::UsdaError::BudgetSpent { retry_after }) => {
                return Err(JobError::for_now(
                    ErrorCode::RateLimited,
                    e.to_string(),
                    retry_after,
                ));
            }
            // The person is waiting: say so now rather than retry for minutes.
            Err(e) => {
                return Err(JobError::permanent(
                    ErrorCode::UsdaUnavailable,
                    e.to_string(),
                ));
            }
        };
        foods
            .upsert_shared(&[fetched.to_food()])
            .await
            .map_err(store_fault)?;
        let stored = foods
            .find_by_source_key(FoodSource::Usda, &key)
            .await
            .map_err(store_fault)?
            .ok_or_else(|| JobError::Transient("the fetched food was not stored".into()))?;
        if let Err(e) = deps.jobs.bus().publish(BusMessage::FoodsChanged).await {
            tracing::debug!(error = %e, "could not announce the new food; indexes catch up on their own");
        }
        Ok(nutrition_of(&stored))
    }
}
