use jobs::JobId;
use jobs::payloads::{EstimatePortions, LookupNutrition};
use models::analysis::{
    AnalysisEvent, AnalysisStep, DetectionStage, FoodNamer, PortionStage, StageResult,
};
use models::learned::{LearnedMatch, Place};
use models::recogniser::{Certainty, MAX_ALTERNATIVES, SeenFood, food_source_of};
use models::recognition::{
    COUNTED_BOX, CountBasis, Detection, PortionEstimate, counts_items, food_class,
    serving_estimate, slices_named, slices_seen_whole,
};
use models::upload::UploadedImage;

use super::{JobHandler, store_fault};
use crate::analysis;
use crate::context::Stopped;
use crate::{JobContext, JobError, WorkerDeps};

/// Grams when neither the food nor its class knows a serving.
const DEFAULT_GRAMS: f64 = 100.0;

/// `count` items of a stored food: its own serving (the first household portion) times
/// the count, bounded; else the detector class's typical weight, else 100 g. A food served
/// by the item says how its count was `seen`: counted, assumed, or the slices of a whole.
fn portion_of(
    food: &models::Food,
    count: u32,
    seen: CountBasis,
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
    let by_item = serving.filter(|p| p.grams > 0.0 && counts_items(p));
    let (grams, mut words, mut words_zh) = serving_estimate(count, serving, typical);
    let seen = by_item.map(|_| seen);
    if seen == Some(CountBasis::Whole) {
        words = format!("a whole one ({count} slices), about {grams:.0} g");
        words_zh = format!("整个（{count} 块），约 {grams:.0} 克");
    }
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
        count_basis: seen,
        grams_per_item: by_item.map(|p| p.grams),
        learned_examples: None,
    }
}

/// The detector counted the items of a food when each of its boxes is fairly sure.
fn counted_by_detector(detections: &[Detection], food_key: &str, count: u32) -> bool {
    let boxes = detections
        .iter()
        .filter(|d| food_class(&d.label).is_some_and(|c| c.catalogue_key == food_key));
    let (mut all, mut sure) = (0u32, 0u32);
    for d in boxes {
        all += 1;
        sure += u32::from(d.confidence >= COUNTED_BOX);
    }
    all > 0 && sure == all && all == count
}

/// A food the recogniser saw: its best candidate that is a stored food, the others as
/// alternatives (each with its own serving).
async fn recognised(
    deps: &WorkerDeps,
    seen: &SeenFood,
    detected: &DetectionStage,
) -> Result<Option<PortionEstimate>, JobError> {
    let detections = &detected.detections;
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
        // Only the detector counts items; a dish model's plate is one serving. A pizza
        // whose one box looks whole is offered whole, and its slices asked.
        let whole = slices_seen_whole(
            &candidate.food_key,
            detections,
            detected.width,
            detected.height,
        );
        let (count, counted) = match whole {
            // A cake's serving may say it is a twelfth; else the class's slices.
            Some(slices) if found.is_empty() => {
                let named = food
                    .food
                    .portions
                    .first()
                    .and_then(|p| slices_named(&p.name));
                (named.unwrap_or(slices), CountBasis::Whole)
            }
            _ if found.is_empty()
                && counted_by_detector(detections, &candidate.food_key, seen.count) =>
            {
                (seen.count, CountBasis::Counted)
            }
            _ if found.is_empty() => (seen.count, CountBasis::Assumed),
            _ => (1, CountBasis::Assumed),
        };
        let is_class = food_class_key(&candidate.label);
        found.push(portion_of(
            &food,
            count,
            counted,
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
    let mut estimate = portion_of(
        food,
        1,
        CountBasis::Assumed,
        None,
        Certainty::new(score, source),
    );
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

/// The foods the user's own answers taught, put among the plate's main food and its
/// alternatives where their likeness places them: first, or among the first three.
fn with_learned(
    main: Option<PortionEstimate>,
    learned: &[(LearnedMatch, &models::Food)],
) -> Option<PortionEstimate> {
    let mut main = main;
    // The least alike first, so that the most alike ends in front.
    for (found, food) in learned.iter().rev() {
        let Some(place) = found.place() else {
            continue;
        };
        let mut taught = portion_of(food, 1, CountBasis::Assumed, None, found.certainty());
        taught.learned_examples = Some(found.examples);
        taught.basis = "learned".into();
        let Some(line) = main.as_mut() else {
            main = Some(taught);
            continue;
        };
        if line.food_id == Some(food.id) {
            line.learned_examples = Some(found.examples);
            if line
                .certainty
                .is_none_or(|c| c.score < found.certainty().score)
            {
                line.certainty = taught.certainty;
            }
            continue;
        }
        line.alternatives.retain(|a| a.food_id != Some(food.id));
        match place {
            Place::First => {
                let mut guess = std::mem::replace(line, taught);
                line.alternatives = std::mem::take(&mut guess.alternatives);
                line.alternatives.insert(0, guess.as_alternative());
            }
            Place::AmongFirstThree => line.alternatives.insert(0, taught),
        }
        line.alternatives.truncate(MAX_ALTERNATIVES);
    }
    main
}

/// A food the user named in the notes takes the place of the guess it corrects: the first
/// line the recogniser asked about (the guess stays, as its first alternative). A food the
/// models named without a question stays, and the named food has a line of its own beside
/// it: "rice, egg" typed under a pizza the detector and ImageNet both see lists the rest
/// of the meal.
fn named_by_user(portions: &mut Vec<PortionEstimate>, named: PortionEstimate) {
    let food_id = named.food_id;
    if let Some(line) = portions
        .iter_mut()
        .find(|p| p.food_id == food_id || p.alternatives.iter().any(|a| a.food_id == food_id))
    {
        // The user named a food the recogniser offered: it is that food, for sure.
        let alternatives = std::mem::take(&mut line.alternatives)
            .into_iter()
            .filter(|a| a.food_id != food_id)
            .collect();
        *line = PortionEstimate {
            alternatives,
            ..named
        };
        return;
    }
    let asked = |p: &PortionEstimate| p.certainty.is_some_and(|c| c.needs_confirmation);
    match portions
        .iter_mut()
        .find(|p| p.basis != FoodNamer::Notes.as_str() && asked(p))
    {
        Some(guess) => {
            let mut corrected = std::mem::replace(guess, named);
            guess.alternatives = std::mem::take(&mut corrected.alternatives);
            guess.alternatives.insert(0, corrected.as_alternative());
            guess.alternatives.truncate(MAX_ALTERNATIVES);
        }
        None => portions.push(named),
    }
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
        let reading = detected.reading.as_ref();
        let learned_ids: Vec<i64> = detected.learned.iter().map(|l| l.food_id).collect();
        let learned_foods = deps
            .stores
            .foods
            .get_many(&learned_ids)
            .await
            .map_err(store_fault)?;
        // Only the owner's foods taught by the owner's answers; a food since deleted or
        // hidden is left out.
        let learned: Vec<(LearnedMatch, &models::Food)> = detected
            .learned
            .iter()
            .filter_map(|l| {
                let food = learned_foods.iter().find(|f| f.id == l.food_id)?;
                food.visible_to(Some(image.owner)).then_some((*l, food))
            })
            .collect();
        for (i, seen) in reading.iter().flat_map(|r| &r.foods).enumerate() {
            let mut estimate = recognised(deps, seen, &detected).await?;
            // The plate's main food is what the user's own dishes are compared with.
            if i == 0 {
                estimate = with_learned(estimate, &learned);
            }
            if let Some(estimate) = estimate {
                // Two things on the plate that are the same food are one line.
                if !portions
                    .iter()
                    .any(|p: &PortionEstimate| p.food_id == estimate.food_id)
                {
                    portions.push(estimate);
                }
            }
        }
        if portions.is_empty()
            && reading.is_none_or(|r| r.food_found)
            && let Some(taught) = with_learned(None, &learned)
        {
            portions.push(taught);
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
            if hint.source == FoodNamer::Notes {
                named_by_user(&mut portions, named);
            } else if !portions.iter().any(|p| {
                p.food_id == Some(food.id)
                    || p.alternatives.iter().any(|a| a.food_id == Some(food.id))
            }) {
                portions.push(named);
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

#[cfg(test)]
mod tests {
    use models::recogniser::CandidateSource;

    use super::*;

    /// A shipped catalogue food, stored under `id`.
    fn food(key: &str, id: i64) -> models::Food {
        let food = models::catalogue::foods()
            .into_iter()
            .find(|f| f.source_key.as_deref() == Some(key))
            .unwrap_or_else(|| panic!("{key} is in the catalogue"));
        models::Food {
            id,
            food,
            created_at: chrono::Utc::now(),
            updated_at: chrono::Utc::now(),
        }
    }

    fn guess(food: &models::Food, score: f32) -> PortionEstimate {
        portion_of(
            food,
            1,
            CountBasis::Assumed,
            None,
            Certainty::new(score, CandidateSource::DishModel),
        )
    }

    fn ids(line: &PortionEstimate) -> Vec<Option<i64>> {
        std::iter::once(line)
            .chain(&line.alternatives)
            .map(|p| p.food_id)
            .collect()
    }

    #[test]
    fn a_dish_taught_once_is_among_the_first_three_and_often_taught_is_first() {
        let (pork, ribs, rice, steak) = (
            food("baozi-pork", 1),
            food("jiaozi", 2),
            food("rice-white-cooked", 3),
            food("steak-sirloin", 4),
        );
        let mut main = guess(&pork, 0.7);
        main.alternatives = vec![guess(&ribs, 0.1), guess(&rice, 0.05)];
        let once = LearnedMatch {
            food_id: steak.id,
            similarity: 0.64,
            examples: 1,
            cuts: models::learned::IMAGENET_CUTS,
        };
        let line = with_learned(Some(main.clone()), &[(once, &steak)]).unwrap();
        assert_eq!(ids(&line), [Some(1), Some(4), Some(2), Some(3)]);
        assert_eq!(line.alternatives[0].learned_examples, Some(1));
        let thrice = LearnedMatch {
            examples: 3,
            similarity: 0.68,
            ..once
        };
        let line = with_learned(Some(main), &[(thrice, &steak)]).unwrap();
        // Named first, the recogniser's guess its first alternative; still a question.
        assert_eq!(ids(&line), [Some(4), Some(1), Some(2), Some(3)]);
        let certainty = line.certainty.unwrap();
        assert_eq!(certainty.source, CandidateSource::Learned);
        assert!(certainty.needs_confirmation);
        // Not alike enough: nothing changes.
        let far = LearnedMatch {
            similarity: 0.3,
            ..thrice
        };
        let line = with_learned(Some(guess(&pork, 0.7)), &[(far, &steak)]).unwrap();
        assert_eq!(ids(&line), [Some(1)]);
    }

    #[test]
    fn a_food_named_in_the_notes_replaces_the_guess_it_corrects() {
        let (pork, steak, rice) = (
            food("baozi-pork", 1),
            food("steak-sirloin", 4),
            food("rice-white-cooked", 3),
        );
        let named = |food: &models::Food| {
            hinted(
                food,
                &HintedFood {
                    food_id: food.id,
                    grams: None,
                    source: FoodNamer::Notes,
                },
            )
        };
        // A 74 % guess the models vouch for is not corrected: the named food is beside it.
        let mut portions = vec![guess(&pork, 0.74)];
        named_by_user(&mut portions, named(&steak));
        assert_eq!(portions.len(), 2);
        let mut portions = vec![guess(&pork, 0.45)];
        named_by_user(&mut portions, named(&steak));
        // One line, not two: "Add all" logs the steak only; the guess is one tap away.
        assert_eq!(portions.len(), 1);
        assert_eq!(ids(&portions[0]), [Some(4), Some(1)]);
        assert!(!portions[0].certainty.unwrap().needs_confirmation);
        // A second food named beside it has a line of its own.
        named_by_user(&mut portions, named(&rice));
        assert_eq!(portions.len(), 2);
        assert_eq!(portions[1].food_id, Some(3));
    }

    #[test]
    fn pancakes_nobody_counted_are_asked_about_and_counted_buns_are_said() {
        let pancake = food("pancake", 5);
        let line = guess(&pancake, 0.5);
        assert_eq!(line.count_basis, Some(CountBasis::Assumed));
        assert_eq!(line.grams_per_item, Some(38.0));
        let rice = food("rice-white-cooked", 3);
        assert_eq!(guess(&rice, 0.5).count_basis, None, "served by the bowl");
        let seen = |confidence| Detection {
            label: "donut".into(),
            confidence,
            bbox: models::recognition::BoundingBox {
                x: 0.0,
                y: 0.0,
                width: 10.0,
                height: 10.0,
            },
        };
        let key = food_class("donut").unwrap().catalogue_key;
        assert!(counted_by_detector(&[seen(0.9), seen(0.7)], key, 2));
        assert!(
            !counted_by_detector(&[seen(0.9), seen(0.3)], key, 2),
            "a weak box"
        );
        assert!(!counted_by_detector(&[], key, 1), "not seen at all");
    }

    #[test]
    fn a_whole_pizza_is_offered_whole_and_its_slices_asked() {
        let pizza = food("pizza-cheese", 6);
        let certainty = Certainty::new(0.9, CandidateSource::Detector);
        let line = portion_of(
            &pizza,
            8,
            CountBasis::Whole,
            Some("pizza-cheese"),
            certainty,
        );
        assert_eq!(line.count_basis, Some(CountBasis::Whole));
        assert_eq!(line.count, 8);
        assert_eq!(line.grams_per_item, Some(107.0));
        assert_eq!(line.estimated_grams, 855.0);
        assert_eq!(
            line.portion_description,
            "a whole one (8 slices), about 855 g"
        );
        assert_eq!(
            line.portion_description_zh.as_deref(),
            Some("整个（8 块），约 855 克")
        );
        // A food served by the bowl has no slices to ask about.
        let rice = food("rice-white-cooked", 3);
        let bowl = portion_of(&rice, 1, CountBasis::Whole, None, certainty);
        assert_eq!(bowl.count_basis, None);
    }
}
