use jobs::JobId;
use jobs::payloads::{EstimatePortions, LookupNutrition};
use models::analysis::{
    AnalysisEvent, AnalysisStep, DetectionStage, FoodNamer, PortionStage, StageResult,
};
use models::recogniser::{CandidateSource, Certainty, MAX_ALTERNATIVES, SeenFood, food_source_of};
use models::recognition::{PortionEstimate, food_class, serving_estimate};
use models::upload::UploadedImage;

use super::{JobHandler, store_fault};
use crate::analysis;
use crate::context::Stopped;
use crate::{JobContext, JobError, WorkerDeps};

/// Grams when neither the food nor its class knows a serving.
const DEFAULT_GRAMS: f64 = 100.0;

/// `count` items of a stored food: its own serving (the first household portion) times
/// the count, bounded; else the detector class's typical weight, else 100 g.
fn portion_of(
    food: &models::Food,
    count: u32,
    catalogue_key: Option<&str>,
    certainty: Certainty,
) -> PortionEstimate {
    let class = catalogue_key.and_then(|key| {
        models::recognition::FOOD_CLASSES
            .iter()
            .find(|c| c.catalogue_key == key)
    });
    let typical = class.map_or(DEFAULT_GRAMS, |c| f64::from(c.typical_grams));
    let serving = food.food.portions.first();
    let (grams, words, words_zh) = serving_estimate(count, serving, typical);
    PortionEstimate {
        name: food.food.name.clone(),
        name_zh: food.food.name_zh.clone(),
        estimated_grams: grams,
        cooking_method: class.map_or("as served", |c| c.cooking_method).into(),
        portion_description: words,
        portion_description_zh: Some(words_zh),
        count,
        catalogue_key: catalogue_key.map(str::to_owned),
        food_id: Some(food.id),
        basis: if serving.is_some() {
            "serving"
        } else {
            "typical"
        }
        .into(),
        certainty: Some(certainty),
        alternatives: Vec::new(),
    }
}

/// A food the recogniser saw: its best candidate that is a stored food, the others as
/// alternatives (each with its own serving).
async fn recognised(
    deps: &WorkerDeps,
    seen: &SeenFood,
) -> Result<Option<PortionEstimate>, JobError> {
    let mut found: Vec<PortionEstimate> = Vec::new();
    for candidate in &seen.candidates {
        let source = food_source_of(&candidate.food_key);
        let Some(food) = deps
            .stores
            .foods
            .find_by_source_key(source, &candidate.food_key)
            .await
            .map_err(store_fault)?
        else {
            tracing::warn!(food = %candidate.food_key, "a recogniser class names no stored food");
            continue;
        };
        if found.iter().any(|f| f.food_id == Some(food.id)) {
            continue;
        }
        // Only the detector counts items; a dish model's plate is one serving.
        let count = if found.is_empty() { seen.count } else { 1 };
        let is_class = food_class_key(&candidate.label);
        found.push(portion_of(
            &food,
            count,
            is_class.then_some(candidate.food_key.as_str()),
            Certainty::new(candidate.score, candidate.source),
        ));
        if found.len() > MAX_ALTERNATIVES {
            break;
        }
    }
    let mut found = found.into_iter();
    Ok(found.next().map(|mut main| {
        main.alternatives = found.collect();
        main
    }))
}

/// Whether a label is one of the detector's food classes (whose typical weight is known).
fn food_class_key(label: &str) -> bool {
    label
        .strip_prefix("coco:")
        .is_some_and(|l| food_class(l).is_some())
}

/// A stored food the picture is said to hold.
struct HintedFood {
    food_id: i64,
    /// Its weight when the one who named it said (a vision model); else a typical portion.
    grams: Option<f64>,
    source: FoodNamer,
}

/// The foods named in the upload's notes ("rice, egg") and by the optional backends of
/// stage 1, found among the foods the owner may see (the search's first answer).
async fn hints(
    deps: &WorkerDeps,
    image: &UploadedImage,
    detected: &DetectionStage,
) -> Result<Vec<HintedFood>, JobError> {
    let from_notes = models::recognition::note_hints(image.notes.as_deref().unwrap_or_default())
        .into_iter()
        .map(|name| (name, None, FoodNamer::Notes));
    let from_backends = detected
        .named_foods
        .iter()
        .map(|f| (f.name.clone(), f.grams, f.source));
    let named: Vec<_> = from_notes.chain(from_backends).collect();
    if named.is_empty() {
        return Ok(Vec::new());
    }
    let index = deps.food_names.index().await?;
    Ok(named
        .into_iter()
        .filter_map(|(name, grams, source)| {
            index
                .food_named(&name, image.owner)
                .map(|food_id| HintedFood {
                    food_id,
                    grams,
                    source,
                })
        })
        .collect())
}

/// A named food: the weight its namer gave, else its serving (SPEC §9).
fn hinted(food: &models::Food, hint: &HintedFood) -> PortionEstimate {
    let source = hint.source.candidate_source();
    // The user's own words are sure; another model's naming is a guess to confirm.
    let score = if hint.source == FoodNamer::Notes {
        1.0
    } else {
        0.5
    };
    let mut estimate = portion_of(food, 1, None, Certainty::new(score, source));
    if let Some(grams) = hint.grams.filter(|g| *g > 0.0) {
        let grams = grams.min(models::recognition::MAX_FOOD_GRAMS);
        estimate.estimated_grams = grams;
        estimate.portion_description = format!("{grams:.0} g");
        estimate.portion_description_zh = Some(format!("{grams:.0} 克"));
    }
    estimate.cooking_method = "as named".into();
    estimate.basis = hint.source.as_str().into();
    estimate
}

impl JobHandler for EstimatePortions {
    #[tracing::instrument(skip_all, fields(job_id = %ctx.job_id(), user_id = ctx.user_id(), image_id = self.image_id))]
    async fn handle(self, ctx: &JobContext, deps: &WorkerDeps) -> Result<(), JobError> {
        let image = analysis::current_image(deps, ctx, self.image_id).await?;
        let detected = DetectionStage::stored(&image)
            .map_err(|e| analysis::missing_stage(&format!("stage 1: {e}")))?
            .ok_or_else(|| analysis::missing_stage("The foods have not been detected yet"))?;
        let hints = hints(deps, &image, &detected).await?;
        let mut portions = Vec::new();
        for seen in detected.reading.iter().flat_map(|r| &r.foods) {
            if let Some(estimate) = recognised(deps, seen).await? {
                // Two things on the plate that are the same food are one line.
                if !portions
                    .iter()
                    .any(|p: &PortionEstimate| p.food_id == estimate.food_id)
                {
                    portions.push(estimate);
                }
            }
        }
        let ids: Vec<i64> = hints.iter().map(|h| h.food_id).collect();
        let foods = deps
            .stores
            .foods
            .get_many(&ids)
            .await
            .map_err(store_fault)?;
        for hint in &hints {
            let Some(food) = foods.iter().find(|f| f.id == hint.food_id) else {
                continue;
            };
            let named = hinted(food, hint);
            // The user named a food the recogniser offered: it is that food, for sure.
            match portions.iter_mut().find(|p| {
                p.food_id == Some(food.id)
                    || p.alternatives.iter().any(|a| a.food_id == Some(food.id))
            }) {
                Some(line)
                    if named
                        .certainty
                        .is_some_and(|c| c.source == CandidateSource::Notes) =>
                {
                    let alternatives = std::mem::take(&mut line.alternatives)
                        .into_iter()
                        .filter(|a| a.food_id != Some(food.id))
                        .collect();
                    *line = PortionEstimate {
                        alternatives,
                        ..named
                    };
                }
                Some(_) => {}
                None => portions.push(named),
            }
        }
        let stage = PortionStage {
            food_portions: portions,
        };
        let next = LookupNutrition {
            image_id: self.image_id,
        };
        let done = AnalysisEvent::new(AnalysisStep::PortionsEstimated, "Portions estimated");
        analysis::hand_over(deps, ctx, self.image_id, &stage, next, done).await
    }

    async fn stopped(&self, job_id: JobId, deps: &WorkerDeps, why: Stopped<'_>) {
        analysis::stopped(deps, job_id, self.image_id, why).await;
    }
}
