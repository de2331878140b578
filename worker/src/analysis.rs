//! A photo's analysis as the workers run it: a chain of three jobs (`DetectFoods`,
//! `EstimatePortions`, `LookupNutrition`), each of which records its events with the
//! image, publishes them on the bus, and hands the analysis to the next stage's job.
//!
//! DESIGN: who owns what. The API records an analysis's start and queues its first
//! stage, then only relays the events. From then on the analysis belongs to these jobs:
//! the image names the stage job running now (`analysis_job`), and only that job may
//! store a stage, record an event or hand over. A stage's job is recorded before it is
//! handed the analysis and queued only after, so it never starts before it is the
//! stage running now; a job run twice (its worker died after handing over), or one
//! whose analysis was cancelled or started anew, finds it is no longer the stage running
//! now and stops without changing anything. Listeners come and go; nothing here waits
//! for them.

use jobs::Job;
use models::ErrorCode;
use models::analysis::{AnalysisChange, AnalysisEvent, StageResult};
use models::upload::{Stage, UploadedImage};

use crate::context::Stopped;
use crate::handlers::{image_of, store_fault};
use crate::{JobContext, JobError, WorkerDeps};

/// The image whose analysis the job runs, if the job is the stage running now; else the
/// job stops as cancelled (it is not wanted any more).
pub(crate) async fn current_image(
    deps: &WorkerDeps,
    ctx: &JobContext,
    image_id: i64,
) -> Result<UploadedImage, JobError> {
    let image = image_of(deps, image_id).await?;
    if image.analysis_job != Some(ctx.job_id()) {
        tracing::info!(image_id, job_id = %ctx.job_id(), "not the stage of this photo's analysis any more; stopping");
        return Err(JobError::Cancelled);
    }
    Ok(image)
}

/// Records an event of the analysis (with the stage's result, when it is done) and
/// tells every listener. A job that is no longer the stage running now records nothing
/// and stops as cancelled.
async fn record(
    deps: &WorkerDeps,
    ctx: &JobContext,
    image_id: i64,
    change: AnalysisChange,
    event: AnalysisEvent,
    result: Option<(Stage, serde_json::Value)>,
) -> Result<(), JobError> {
    if ctx.is_cancelled() {
        return Err(JobError::Cancelled);
    }
    let result = result.as_ref().map(|(stage, value)| (*stage, value));
    match deps
        .stores
        .images
        .advance_analysis(image_id, ctx.job_id(), change, &event, result)
        .await
        .map_err(store_fault)?
    {
        Some(recorded) => {
            deps.jobs.announce_analysis(image_id, recorded).await;
            Ok(())
        }
        None => Err(JobError::Cancelled),
    }
}

/// A stage's result, as it is stored with the image.
fn stored<S: StageResult>(stage: &S) -> Result<(Stage, serde_json::Value), JobError> {
    let value = serde_json::to_value(stage).map_err(|e| JobError::Transient(e.to_string()))?;
    Ok((S::STAGE, value))
}

/// Says the stage has begun (for a stage long enough for a listener to care).
pub(crate) async fn began(
    deps: &WorkerDeps,
    ctx: &JobContext,
    image_id: i64,
    event: AnalysisEvent,
) -> Result<(), JobError> {
    record(deps, ctx, image_id, AnalysisChange::Stays, event, None).await
}

/// Stores the stage's result and hands the analysis to the next stage's job, with the
/// event that says this stage is done: the job is recorded, handed the analysis (in the
/// same write as the result and the event), then queued.
pub(crate) async fn hand_over<S: StageResult, J: Job>(
    deps: &WorkerDeps,
    ctx: &JobContext,
    image_id: i64,
    result: &S,
    next: J,
    event: AnalysisEvent,
) -> Result<(), JobError> {
    let result = stored(result)?;
    let queued = |e: jobs::JobsError| JobError::Transient(format!("the next stage: {e}"));
    let recorded = deps
        .jobs
        .record(next, ctx.user_id())
        .await
        .map_err(queued)?;
    let change = AnalysisChange::HandsOver(recorded.id());
    let next_id = recorded.id();
    match record(deps, ctx, image_id, change, event, Some(result)).await {
        Ok(()) => match deps.jobs.enqueue(recorded).await {
            Ok(_) => Ok(()),
            // The analysis is the next stage's now, and that job will never run: it ends
            // here, rather than waiting for ever.
            Err(e) => {
                let message = "The analysis could not go on to its next step; please try again";
                stopped(
                    deps,
                    next_id,
                    image_id,
                    Stopped::Failed(&jobs::JobFailure::new(ErrorCode::EnqueueFailed, message)),
                )
                .await;
                Err(JobError::permanent(
                    ErrorCode::EnqueueFailed,
                    format!("{message}: {e}"),
                ))
            }
        },
        Err(e) => {
            deps.jobs.discard(recorded).await;
            Err(e)
        }
    }
}

/// Stores the last stage's result and ends the analysis with `complete`.
pub(crate) async fn finish<S: StageResult>(
    deps: &WorkerDeps,
    ctx: &JobContext,
    image_id: i64,
    result: &S,
    event: AnalysisEvent,
) -> Result<(), JobError> {
    let result = stored(result)?;
    record(
        deps,
        ctx,
        image_id,
        AnalysisChange::Ends,
        event,
        Some(result),
    )
    .await
}

/// Ends the analysis of a stage job that stopped without its result (failed for good,
/// or cancelled), unless it ended otherwise meanwhile.
pub(crate) async fn stopped(
    deps: &WorkerDeps,
    job_id: jobs::JobId,
    image_id: i64,
    why: Stopped<'_>,
) {
    let event = match why {
        Stopped::Cancelled => AnalysisEvent::cancelled(),
        Stopped::Failed(failure) => AnalysisEvent::failed(&failure.message, &failure.code),
    };
    match deps
        .stores
        .images
        .advance_analysis(image_id, job_id, AnalysisChange::Ends, &event, None)
        .await
    {
        Ok(Some(recorded)) => deps.jobs.announce_analysis(image_id, recorded).await,
        Ok(None) => {}
        Err(e) => tracing::warn!(image_id, error = %e, "cannot record how an analysis ended"),
    }
}

/// A stage found the stage before it did not store its result: nothing to go on with.
pub(crate) fn missing_stage(what: &str) -> JobError {
    JobError::permanent(ErrorCode::ImageProcessingFailed, what)
}
