use std::sync::Arc;
use std::time::Instant;

use jobs::JobId;
use jobs::payloads::{DetectFoods, EstimatePortions};
use models::ErrorCode;
use models::analysis::{
    AnalysisEvent, AnalysisStep, DetectionStage, FoodNamer, FoodType, MemoryRecall, NamedFood,
};
use models::recognition::food_class;

use super::{JobHandler, photo_of, store_fault};
use crate::analysis;
use crate::context::Stopped;
use crate::recognition::{Gate, RecognitionError};
use crate::{JobContext, JobError, WorkerDeps};

/// Remembered photos embedded again in one analysis (about 20 ms each on a CPU).
const REEMBEDDED_PER_ANALYSIS: i64 = 16;

/// The owner's photos remembered under another gate model, embedded again with this one
/// (a few per analysis, newest first), so that what a user taught carries over a change of
/// backbone: two backbones' embeddings do not compare.
async fn embed_again(
    deps: &WorkerDeps,
    gate: &Arc<Gate>,
    owner: models::UserId,
) -> Result<(), JobError> {
    let images = &deps.stores.images;
    let stale = images
        .stale_memories(owner, gate.name(), REEMBEDDED_PER_ANALYSIS)
        .await
        .map_err(store_fault)?;
    for (image_id, file) in stale {
        let Ok(jpeg) = photo_of(deps, &file).await else {
            continue;
        };
        let reader = gate.clone();
        let embedding = tokio::task::spawn_blocking(move || {
            let pixels = image::load_from_memory(&jpeg)
                .map_err(|e| e.to_string())?
                .to_rgb8();
            reader.read(&pixels).map(|r| r.embedding)
        })
        .await;
        match embedding {
            Ok(Ok(embedding)) => images
                .keep_embedding(image_id, gate.name(), &embedding)
                .await
                .map_err(store_fault)?,
            _ => tracing::warn!(image_id, "a remembered photo could not be embedded again"),
        }
    }
    Ok(())
}

/// The kinds of food among the detections, most confident first, each with its count.
pub(crate) fn food_types(detections: &[models::recognition::Detection]) -> Vec<FoodType> {
    let mut types: Vec<FoodType> = Vec::new();
    for d in detections {
        let Some(class) = food_class(&d.label) else {
            continue;
        };
        match types.iter_mut().find(|t| t.label == class.label) {
            Some(t) => {
                t.count += 1;
                t.confidence = t.confidence.max(d.confidence);
            }
            None => types.push(FoodType {
                name: class.name.into(),
                name_zh: Some(class.name_zh.into()),
                label: class.label.into(),
                confidence: d.confidence,
                count: 1,
            }),
        }
    }
    types.sort_by(|a, b| b.confidence.total_cmp(&a.confidence));
    types
}

impl JobHandler for DetectFoods {
    #[tracing::instrument(skip_all, fields(job_id = %ctx.job_id(), user_id = ctx.user_id(), image_id = self.image_id))]
    async fn handle(self, ctx: &JobContext, deps: &WorkerDeps) -> Result<(), JobError> {
        let image = analysis::current_image(deps, ctx, self.image_id).await?;
        let looking = AnalysisEvent::new(AnalysisStep::DetectingFoods, "Looking for foods");
        analysis::began(deps, ctx, self.image_id, looking).await?;
        let unavailable = |e: RecognitionError| match e {
            RecognitionError::NotInstalled(why) => {
                tracing::warn!(reason = %why, "recognition model not installed");
                JobError::permanent(
                    ErrorCode::RecognitionUnavailable,
                    crate::recognition::NOT_INSTALLED,
                )
            }
            RecognitionError::Failed(why) => JobError::Transient(why),
        };
        let detector = deps.recognizer.detector().await.map_err(unavailable)?;
        let gate = deps.recognizer.gate().await.map_err(unavailable)?;
        let classifier = match deps.recognizer.classifier().await {
            Some(Ok(classifier)) => Some(classifier),
            Some(Err(e)) => {
                tracing::warn!(error = %e, "dish classifier unavailable");
                None
            }
            None => None,
        };
        let backbone = (gate.name().to_owned(), gate.head());
        let memory_gate = gate.clone();
        let started = Instant::now();
        let jpeg = crate::photo::kept_photo(deps, &image).await?;
        let bytes = jpeg.clone();
        let seen = tokio::task::spawn_blocking(move || {
            let pixels = image::load_from_memory(&bytes)
                .map_err(|e| format!("cannot decode the image: {e}"))?
                .to_rgb8();
            let detections = detector.detect_thoroughly(&pixels)?;
            let gated = gate.read(&pixels)?;
            let reading = gated.read_photo(&detections, pixels.width(), pixels.height());
            let dish = match &classifier {
                Some(c) => c.classify(&pixels).unwrap_or_else(|e| {
                    tracing::warn!(error = %e, "the dish classifier failed");
                    None
                }),
                None => None,
            };
            Ok::<_, String>((
                detections,
                reading,
                gated.embedding,
                dish,
                detector.name().to_owned(),
                pixels.dimensions(),
            ))
        })
        .await
        .map_err(|e| JobError::Transient(format!("detection panicked: {e}")))?
        .map_err(|e| JobError::permanent(ErrorCode::ImageProcessingFailed, e))?;
        let (detections, reading, embedding, dish, model, (width, height)) = seen;
        let images = &deps.stores.images;
        images
            .keep_embedding(self.image_id, &backbone.0, &embedding)
            .await
            .map_err(store_fault)?;
        embed_again(deps, &memory_gate, image.owner).await?;
        // The same user's confirmed photos only, never anyone else's.
        let recall = deps
            .memory
            .recall(
                images.as_ref(),
                image.owner,
                (&backbone.0, backbone.1),
                &embedding,
            )
            .await
            .map_err(store_fault)?;
        let memory = recall
            .nearest
            .filter(|(id, similarity)| {
                *id != self.image_id && *similarity >= backbone.1.cuts.same_plate
            })
            .map(|(image_id, similarity)| MemoryRecall {
                image_id,
                similarity: (similarity * 1000.0).round() / 1000.0,
            });
        let mut named_foods: Vec<NamedFood> = dish
            .map(|(name, confidence)| NamedFood {
                name,
                grams: None,
                confidence,
                source: FoodNamer::DishClassifier,
            })
            .into_iter()
            .collect();
        if let Some(vision) = deps.recognizer.vision() {
            // An outside service: its failure leaves the detector's findings standing.
            match vision.foods(&jpeg).await {
                Ok(foods) => named_foods.extend(foods.into_iter().map(|f| NamedFood {
                    name: f.name,
                    grams: f.grams,
                    confidence: f.confidence,
                    source: FoodNamer::Vision,
                })),
                Err(e) => tracing::warn!(error = %e, "the vision endpoint failed"),
            }
        }
        let mut types = food_types(&detections);
        types.extend(named_foods.iter().map(|f| FoodType {
            name: f.name.clone(),
            name_zh: None,
            label: f.source.as_str().into(),
            confidence: f.confidence,
            count: 1,
        }));
        let stage = DetectionStage {
            food_types: types,
            named_foods,
            detections,
            model,
            width,
            height,
            took_ms: (started.elapsed().as_secs_f64() * 1e4).round() / 10.0,
            reading: Some(reading),
            memory,
            learned: recall.learned,
        };
        let found = format!("Found {} kinds of food", stage.food_types.len());
        let next = EstimatePortions {
            image_id: self.image_id,
        };
        // It carries the foods and stage 1 when it is sent (`AnalysisEvent::to_wire`).
        let done = AnalysisEvent::new(AnalysisStep::FoodDetectionComplete, found);
        analysis::hand_over(deps, ctx, self.image_id, &stage, next, done).await
    }

    async fn stopped(&self, job_id: JobId, deps: &WorkerDeps, why: Stopped<'_>) {
        analysis::stopped(deps, job_id, self.image_id, why).await;
    }
}
