use jobs::JobId;
use jobs::payloads::LookupNutrition;
use models::analysis::{
    AlternativeFood, AnalysisEvent, AnalysisStep, ConfirmedFood, DetectionStage, MemoryRecall,
    NutritionStage, PlateWarning, PortionStage, RecognizedFood, RememberedFood, RememberedMeal,
    StageResult,
};
use models::recognition::{
    CountBasis, DataQuality, PortionEstimate, check_nutrition, plate_warning,
};
use models::{Food, Nutrients};
use serde::Deserialize;

use super::{JobHandler, store_fault};
use crate::analysis;
use crate::context::Stopped;
use crate::{JobContext, JobError, WorkerDeps};

/// SPEC §5: values from USDA (or checked against it) are "usda"; anything else is not.
fn quality_of(food: &Food) -> DataQuality {
    if food.food.data_quality == "usda" {
        DataQuality::Usda
    } else {
        DataQuality::Unknown
    }
}

/// The foods of the earlier photo this one looks like, with their values now.
async fn remembered(
    deps: &WorkerDeps,
    owner: models::UserId,
    recall: MemoryRecall,
) -> Result<Option<RememberedMeal>, JobError> {
    let Some(memory) = deps
        .stores
        .images
        .memory(owner, recall.image_id)
        .await
        .map_err(store_fault)?
    else {
        return Ok(None);
    };
    let lines: Vec<(i64, f64)> = memory
        .foods
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|f| ConfirmedFood::deserialize(f).ok())
        .filter(|f| f.grams > 0.0)
        .map(|f| (f.food_id, f.grams))
        .collect();
    let ids: Vec<i64> = lines.iter().map(|(id, _)| *id).collect();
    let stored = deps
        .stores
        .foods
        .get_many(&ids)
        .await
        .map_err(store_fault)?;
    let foods: Vec<RememberedFood> = lines
        .iter()
        .filter_map(|(id, grams)| {
            let food = stored.iter().find(|f| f.id == *id)?;
            Some(RememberedFood {
                food_id: food.id,
                name: food.food.name.clone(),
                name_zh: food.food.name_zh.clone(),
                grams: *grams,
                per_100g: food.food.nutrients,
            })
        })
        .collect();
    Ok((!foods.is_empty()).then_some(RememberedMeal {
        image_id: memory.image_id,
        eaten_at: memory.eaten_at,
        similarity: recall.similarity,
        foods,
    }))
}

/// The grams of a food of the photo, or of one of its alternatives, and their words.
#[derive(Debug, PartialEq)]
struct Estimate {
    grams: f64,
    words: String,
    words_zh: Option<String>,
}

impl Estimate {
    /// Stage 2's estimate; but a food the remembered meal holds weighs what the user
    /// logged of it then. The photo looks like that plate, and what they said it held
    /// tells more than the food's usual serving; the offer of that meal ("250 g?") and
    /// the line below it then say the same grams. Items the detector counted keep their
    /// count.
    fn of(portion: &PortionEstimate, memory: Option<&RememberedMeal>) -> Estimate {
        let logged = memory
            .filter(|_| portion.count_basis != Some(CountBasis::Counted))
            .and_then(|m| m.foods.iter().find(|f| Some(f.food_id) == portion.food_id));
        match logged {
            Some(food) => Estimate {
                grams: food.grams,
                words: format!("about {:.0} g, as last time", food.grams),
                words_zh: Some(format!("约 {:.0} 克，同上次", food.grams)),
            },
            None => Estimate {
                grams: portion.estimated_grams,
                words: portion.portion_description.clone(),
                words_zh: portion.portion_description_zh.clone(),
            },
        }
    }
}

impl JobHandler for LookupNutrition {
    #[tracing::instrument(skip_all, fields(job_id = %ctx.job_id(), user_id = ctx.user_id(), image_id = self.image_id))]
    async fn handle(self, ctx: &JobContext, deps: &WorkerDeps) -> Result<(), JobError> {
        let image = analysis::current_image(deps, ctx, self.image_id).await?;
        let portions = PortionStage::stored(&image)
            .map_err(|e| analysis::missing_stage(&format!("stage 2: {e}")))?
            .ok_or_else(|| analysis::missing_stage("The portions have not been estimated yet"))?;
        // Every food the portions name, main and alternative, in one read.
        let ids: Vec<i64> = portions
            .food_portions
            .iter()
            .flat_map(|p| std::iter::once(p).chain(&p.alternatives))
            .filter_map(|p| p.food_id)
            .collect();
        let foods = deps
            .stores
            .foods
            .get_many(&ids)
            .await
            .map_err(store_fault)?;
        let food_of = |id: Option<i64>| foods.iter().find(|f| Some(f.id) == id);
        let detected = DetectionStage::stored(&image).ok().flatten();
        let memory = match detected.as_ref().and_then(|d| d.memory) {
            Some(recall) => remembered(deps, image.owner, recall).await?,
            None => None,
        };
        let mut nutrition_data = Vec::with_capacity(portions.food_portions.len());
        for portion in &portions.food_portions {
            // SPEC §9: an unknown food gets the default values, flagged as such.
            let (food_id, per_100g, quality) = match food_of(portion.food_id) {
                Some(food) => (Some(food.id), food.food.nutrients, quality_of(food)),
                None => (None, Nutrients::UNKNOWN_FOOD, DataQuality::Default),
            };
            let mut alternatives = Vec::with_capacity(portion.alternatives.len());
            for alternative in &portion.alternatives {
                let Some(food) = food_of(alternative.food_id) else {
                    continue;
                };
                let estimate = Estimate::of(alternative, memory.as_ref());
                alternatives.push(AlternativeFood {
                    name: alternative.name.clone(),
                    name_zh: alternative.name_zh.clone(),
                    food_id: Some(food.id),
                    score: alternative.certainty.map_or(0.0, |c| c.score),
                    estimated_grams: estimate.grams,
                    portion_description: estimate.words,
                    portion_description_zh: estimate.words_zh,
                    per_100g: food.food.nutrients,
                    source: alternative.certainty.map(|c| c.source),
                    learned_examples: alternative.learned_examples,
                    count_basis: alternative.count_basis,
                    grams_per_item: alternative.grams_per_item,
                });
            }
            let estimate = Estimate::of(portion, memory.as_ref());
            nutrition_data.push(RecognizedFood {
                name: portion.name.clone(),
                name_zh: portion.name_zh.clone(),
                food_id,
                estimated_grams: estimate.grams,
                cooking_method: portion.cooking_method.clone(),
                portion_description: estimate.words,
                per_100g,
                nutrition: per_100g.for_grams(estimate.grams),
                validation: check_nutrition(&per_100g, quality),
                portion_description_zh: estimate.words_zh,
                count: portion.count,
                recognition: portion.certainty,
                alternatives,
                count_basis: portion.count_basis,
                grams_per_item: portion.grams_per_item,
                learned_examples: portion.learned_examples,
            });
        }
        let food_found = detected
            .as_ref()
            .and_then(|d| d.reading.as_ref())
            .is_none_or(|r| r.food_found)
            || !nutrition_data.is_empty();
        // A whole pizza's slices are asked of the person: not what the plate is said to hold.
        let offered = || nutrition_data.iter().filter(|f| !f.waits_for_amount());
        let total_grams: f64 = offered().map(|f| f.estimated_grams).sum();
        let total_kcal: f64 = offered().map(|f| f.nutrition.calories).sum();
        let plate_warning =
            plate_warning(total_grams, total_kcal).map(|(total_grams, total_calories)| {
                PlateWarning {
                    total_grams,
                    total_calories,
                }
            });
        let stage = NutritionStage {
            nutrition_data,
            food_found,
            memory,
            plate_warning,
        };
        // `analysis_outcomes_total`, once the analysis has ended here (a stage job run
        // twice, or one cancelled meanwhile, ends nothing): sure when every food was named
        // without a question, asked when one waits for the person's answer (answered,
        // corrected and cancelled are counted where the person does them).
        let asked = stage
            .nutrition_data
            .iter()
            .any(|f| f.recognition.is_none_or(|c| c.needs_confirmation));
        let outcome = if asked || stage.nutrition_data.is_empty() {
            "asked"
        } else {
            "sure"
        };
        let complete = AnalysisEvent::new(AnalysisStep::Complete, "Analysis complete");
        analysis::finish(deps, ctx, self.image_id, &stage, complete).await?;
        metrics::counter!("analysis_outcomes_total", "outcome" => outcome).increment(1);
        Ok(())
    }

    async fn stopped(&self, job_id: JobId, deps: &WorkerDeps, why: Stopped<'_>) {
        analysis::stopped(deps, job_id, self.image_id, why).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Stage 2's congee: its usual serving.
    fn congee(count_basis: Option<CountBasis>) -> PortionEstimate {
        PortionEstimate {
            name: "Congee".into(),
            name_zh: Some("粥".into()),
            estimated_grams: 85.0,
            cooking_method: "as served".into(),
            portion_description: "about 85 g".into(),
            portion_description_zh: Some("约 85 克".into()),
            count: 1,
            catalogue_key: None,
            food_id: Some(3),
            basis: "learned".into(),
            certainty: None,
            alternatives: Vec::new(),
            count_basis,
            grams_per_item: None,
            learned_examples: Some(1),
        }
    }

    fn meal(food_id: i64, grams: f64) -> RememberedMeal {
        RememberedMeal {
            image_id: 1,
            eaten_at: chrono::Utc::now(),
            similarity: 0.95,
            foods: vec![RememberedFood {
                food_id,
                name: "Congee".into(),
                name_zh: Some("粥".into()),
                grams,
                per_100g: Nutrients::UNKNOWN_FOOD,
            }],
        }
    }

    #[test]
    fn a_food_the_remembered_meal_holds_weighs_what_was_logged_of_it_then() {
        let memory = meal(3, 250.0);
        assert_eq!(
            Estimate::of(&congee(None), Some(&memory)),
            Estimate {
                grams: 250.0,
                words: "about 250 g, as last time".into(),
                words_zh: Some("约 250 克，同上次".into()),
            }
        );
        // Another food of the meal, no memory, or items the detector counted: stage 2's.
        let usual = Estimate {
            grams: 85.0,
            words: "about 85 g".into(),
            words_zh: Some("约 85 克".into()),
        };
        assert_eq!(Estimate::of(&congee(None), Some(&meal(4, 250.0))), usual);
        assert_eq!(Estimate::of(&congee(None), None), usual);
        assert_eq!(
            Estimate::of(&congee(Some(CountBasis::Counted)), Some(&memory)),
            usual
        );
    }
}
