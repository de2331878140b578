//! The analysis of an uploaded photo: the three recognition jobs run one after another
//! on the workers (DetectFoods, EstimatePortions, LookupNutrition), their progress
//! relayed as the steps of SPEC §4 "Image flow" ([`AnalysisStep`]). Whoever waits can go
//! away: the job running then is cancelled and nothing more starts.

use std::time::Duration;

use futures::StreamExt;
use jobs::payloads::{DetectFoods, EstimatePortions, HintedFood, LookupNutrition};
use jobs::{Job, JobId, JobStatus};
use models::ErrorCode;
use models::analysis::{AnalysisStep, DetectionStage, FoodNamer};
use models::upload::{ProcessingStatus, UploadedImage};
use models::{User, UserId};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};
use tokio::sync::mpsc;

use crate::{AppState, error::ApiError};

/// How long one stage may take before the analysis gives up.
const STAGE_TIMEOUT: Duration = Duration::from_secs(120);

/// One streamed event: `{step, progress, message, …}` plus the step's data.
pub type StepEvent = Map<String, Value>;

/// An event of one of the analysis's own steps.
fn step(step: AnalysisStep, message: &str) -> StepEvent {
    step_event(step.name(), step.progress(), message)
}

fn step_event(step: &str, progress: u8, message: &str) -> StepEvent {
    let mut event = Map::new();
    event.insert("step".into(), json!(step));
    event.insert("progress".into(), json!(progress));
    event.insert("message".into(), json!(message));
    event
}

/// Where events go; `None` when nobody streams them (the synchronous call).
#[derive(Clone)]
pub struct Sink(Option<mpsc::Sender<StepEvent>>);

impl Sink {
    pub fn none() -> Self {
        Sink(None)
    }

    pub fn to(tx: mpsc::Sender<StepEvent>) -> Self {
        Sink(Some(tx))
    }

    /// False when the listener went away.
    async fn send(&self, event: StepEvent) -> bool {
        match &self.0 {
            Some(tx) => tx.send(event).await.is_ok(),
            None => true,
        }
    }

    fn gone(&self) -> bool {
        self.0.as_ref().is_some_and(mpsc::Sender::is_closed)
    }
}

/// How an analysis ended, short of success.
#[derive(Debug)]
pub enum Stopped {
    /// The listener went away or the job was cancelled.
    Cancelled,
    Failed(ApiError),
}

impl From<ApiError> for Stopped {
    fn from(e: ApiError) -> Self {
        Stopped::Failed(e)
    }
}

/// Runs one job, relaying its running steps, and answers its result.
async fn stage<J: Job>(
    state: &AppState,
    owner: UserId,
    payload: J,
    sink: &Sink,
) -> Result<J::Output, Stopped>
where
    J::Output: DeserializeOwned,
{
    let job_id = state
        .jobs
        .push(payload, Some(owner.get()))
        .await
        .map_err(ApiError::from)?;
    let events = state.jobs.watch(job_id, 0).await.map_err(ApiError::from)?;
    futures::pin_mut!(events);
    let deadline = tokio::time::sleep(STAGE_TIMEOUT);
    tokio::pin!(deadline);
    loop {
        let event = tokio::select! {
            event = events.next() => event,
            () = &mut deadline => {
                cancel(state, job_id).await;
                return Err(Stopped::Failed(ApiError::new(ErrorCode::AnalysisTimeout,
                    "Image analysis took too long; please try again",
                )));
            }
            () = closed(sink) => {
                cancel(state, job_id).await;
                return Err(Stopped::Cancelled);
            }
        };
        let Some(event) = event else {
            return Err(Stopped::Failed(ApiError::internal(
                "a job's progress ended without its outcome",
            )));
        };
        match event.status {
            JobStatus::Completed => {
                let result = event.result.unwrap_or(Value::Null);
                return serde_json::from_value(result)
                    .map_err(|e| Stopped::Failed(ApiError::internal(format!("job result: {e}"))));
            }
            JobStatus::Failed => {
                let failure = event.error.unwrap_or(jobs::JobFailure {
                    message: "Image analysis failed".into(),
                    code: ErrorCode::JobFailed.as_str().into(),
                });
                return Err(Stopped::Failed(jobs::JobsError::Failed(failure).into()));
            }
            JobStatus::Cancelled => return Err(Stopped::Cancelled),
            // Each job's own "start" (progress 0) is not a step of the analysis; the
            // others are (`JobContext::analysis_step`).
            JobStatus::Running if event.progress > 0 => {
                let mut relayed = step_event(&event.step, event.progress, &event.message);
                relayed.extend(event.fields);
                if !sink.send(relayed).await {
                    cancel(state, job_id).await;
                    return Err(Stopped::Cancelled);
                }
            }
            _ => {}
        }
    }
}

/// Resolves when a streaming listener has gone away (never for the synchronous call).
async fn closed(sink: &Sink) {
    match &sink.0 {
        Some(tx) => tx.closed().await,
        None => std::future::pending().await,
    }
}

async fn cancel(state: &AppState, job_id: JobId) {
    if let Err(e) = state.jobs.cancel(job_id).await {
        tracing::warn!(%job_id, error = %e, "could not cancel a recognition job");
    }
}

/// The stored food a name stands for: what the search puts first.
fn food_named(state: &AppState, user: &User, name: &str) -> Option<i64> {
    let query = search::Query::parse(name).ok()?;
    let hits = state
        .foods
        .index()
        .search(&query, Some(user.id.get()), &[], 1);
    hits.first().map(|h| h.id)
}

/// Foods named in the notes ("rice, egg") and by the optional backends of stage 1.
fn hints(
    state: &AppState,
    user: &User,
    notes: Option<&str>,
    detected: &DetectionStage,
) -> Vec<HintedFood> {
    let from_notes = models::recognition::note_hints(notes.unwrap_or_default())
        .into_iter()
        .map(|name| (name, None, FoodNamer::Notes));
    let from_backends = detected
        .named_foods
        .iter()
        .map(|f| (f.name.clone(), f.grams, f.source));
    from_notes
        .chain(from_backends)
        .filter_map(|(name, grams, source)| {
            food_named(state, user, &name).map(|food_id| HintedFood {
                food_id,
                grams,
                source,
            })
        })
        .collect()
}

/// The whole analysis of `image`, its steps sent to `sink`; the final event's data.
pub async fn analyse(
    state: &AppState,
    user: &User,
    image: &UploadedImage,
    sink: &Sink,
) -> Result<StepEvent, Stopped> {
    let images = &state.stores.images;
    images
        .reset_analysis(image.id)
        .await
        .map_err(ApiError::from)?;
    let outcome = run_stages(state, user, image, sink).await;
    let (status, error) = match &outcome {
        Ok(_) => return outcome,
        Err(Stopped::Cancelled) => (ProcessingStatus::Cancelled, None),
        Err(Stopped::Failed(e)) => (
            ProcessingStatus::Failed,
            Some((e.message.as_str(), e.code.as_str())),
        ),
    };
    if let Err(e) = images.set_status(image.id, status, error).await {
        tracing::warn!(image = image.id, error = %e, "could not record how an analysis ended");
    }
    outcome
}

async fn run_stages(
    state: &AppState,
    user: &User,
    image: &UploadedImage,
    sink: &Sink,
) -> Result<StepEvent, Stopped> {
    let mut start = step(AnalysisStep::Start, "Analysis started");
    start.insert("image_id".into(), json!(image.id));
    if !sink.send(start).await {
        return Err(Stopped::Cancelled);
    }
    let owner = user.id;
    let detected = stage(state, owner, DetectFoods { image_id: image.id }, sink).await?;
    let mut done = step(
        AnalysisStep::FoodDetectionComplete,
        &format!("Found {} kinds of food", detected.food_types.len()),
    );
    done.insert("foods".into(), json!(detected.food_types));
    done.insert("stage_1".into(), json!(detected));
    if !sink.send(done).await || sink.gone() {
        return Err(Stopped::Cancelled);
    }
    let hints = hints(state, user, image.notes.as_deref(), &detected);
    let portions = stage(
        state,
        owner,
        EstimatePortions {
            image_id: image.id,
            hints,
        },
        sink,
    )
    .await?;
    let mut estimated = step(AnalysisStep::PortionsEstimated, "Portions estimated");
    estimated.insert("portions".into(), json!(portions.food_portions));
    estimated.insert("stage_2".into(), json!(portions));
    if !sink.send(estimated).await {
        return Err(Stopped::Cancelled);
    }
    let nutrition = stage(state, owner, LookupNutrition { image_id: image.id }, sink).await?;
    let mut complete = step(AnalysisStep::Complete, "Analysis complete");
    complete.insert("image_id".into(), json!(image.id));
    complete.insert("foods".into(), json!(nutrition.nutrition_data));
    complete.insert("portions".into(), json!(portions.food_portions));
    complete.insert("stage_1".into(), json!(detected));
    complete.insert("stage_2".into(), json!(portions));
    complete.insert("stage_3".into(), json!(nutrition));
    complete.insert("food_found".into(), json!(nutrition.food_found));
    complete.insert("memory".into(), json!(nutrition.memory));
    complete.insert("plate_warning".into(), json!(nutrition.plate_warning));
    Ok(complete)
}

/// The events of an analysis as they happen, ending with `complete` or `error`.
pub fn stream(state: AppState, user: User, image: UploadedImage) -> mpsc::Receiver<StepEvent> {
    let (tx, rx) = mpsc::channel(16);
    tokio::spawn(async move {
        let sink = Sink::to(tx.clone());
        match analyse(&state, &user, &image, &sink).await {
            Ok(complete) => {
                let _ = tx.send(complete).await;
            }
            Err(Stopped::Cancelled) => {
                let mut event = step(AnalysisStep::Error, "Analysis cancelled by user");
                event.insert(
                    "error".into(),
                    json!({"message": "Analysis cancelled by user", "code": ErrorCode::Cancelled.as_str()}),
                );
                let _ = tx.send(event).await;
            }
            Err(Stopped::Failed(e)) => {
                let mut event = step(AnalysisStep::Error, &e.message);
                event.insert(
                    "error".into(),
                    json!({"message": e.message, "code": e.code}),
                );
                let _ = tx.send(event).await;
            }
        }
    });
    rx
}
