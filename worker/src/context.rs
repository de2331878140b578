//! Running one job attempt: status, progress with increasing event ids, cancellation,
//! and the mapping of outcomes to retries or a final state.

use std::{
    panic::AssertUnwindSafe,
    sync::{
        Arc, Weak,
        atomic::{AtomicBool, AtomicI64, AtomicU8, Ordering},
    },
    time::Duration,
};

use apalis::prelude::{AbortError, BoxDynError};
use futures::FutureExt;
use jobs::{
    BusMessage, JobFailure, JobId, JobProgress, JobStatus, JobStep, Jobs, MAX_RETRIES, Queued,
};
use models::ErrorCode;
use models::JobRecord;
use serde_json::{Map, Value};
use store::JobStore;
use tokio::sync::{Notify, broadcast::error::RecvError};

use crate::{WorkerDeps, handlers::JobHandler};

/// How often a running job re-reads its cancel flag, in case the bus message was lost.
const CANCEL_RECHECK: Duration = Duration::from_secs(2);

/// Tries to store a job's final state before giving up (and letting the queue run
/// the attempt again).
const FINAL_STATE_TRIES: u32 = 5;

/// How a handler failed.
#[derive(Debug, thiserror::Error)]
pub enum JobError {
    /// Worth another try after a backoff (a timeout, a refused connection).
    #[error("{0}")]
    Transient(String),
    /// Retrying cannot help (bad input, an unknown barcode): fail at once.
    #[error("{}", .0.message)]
    Permanent(JobFailure),
    #[error("cancelled")]
    Cancelled,
}

impl JobError {
    pub fn permanent(code: ErrorCode, message: impl Into<String>) -> Self {
        JobError::Permanent(JobFailure::new(code, message))
    }

    /// Refused for now by a budget that refills: trying again after `retry_after` can work.
    pub fn for_now(code: ErrorCode, message: impl Into<String>, retry_after: Duration) -> Self {
        JobError::Permanent(JobFailure {
            retry_after_secs: Some(retry_after.as_secs().max(1)),
            ..JobFailure::new(code, message)
        })
    }
}

/// Why a job ended without its output.
pub(crate) enum Stopped<'a> {
    Cancelled,
    Failed(&'a JobFailure),
}

/// A handler's view of its job: report progress, notice cancellation.
pub struct JobContext {
    job_id: JobId,
    /// The user the job runs for, if any (a mail to an address has none).
    user_id: Option<i64>,
    jobs: Jobs,
    seq: AtomicI64,
    /// The progress reached, kept by the final event of a cancelled job.
    progress: AtomicU8,
    cancelled: Arc<Cancellation>,
}

#[derive(Default)]
struct Cancellation {
    requested: AtomicBool,
    notify: Notify,
}

impl Cancellation {
    fn request(&self) {
        self.requested.store(true, Ordering::SeqCst);
        self.notify.notify_waiters();
    }
}

impl JobContext {
    pub fn job_id(&self) -> JobId {
        self.job_id
    }

    pub fn user_id(&self) -> Option<i64> {
        self.user_id
    }

    /// Publishes a progress step. Fails with `Cancelled` once the job was cancelled,
    /// so handlers stop at their next step.
    pub async fn progress(
        &self,
        step: JobStep,
        progress: u8,
        message: impl Into<String>,
        fields: Map<String, Value>,
    ) -> Result<(), JobError> {
        if self.is_cancelled() {
            return Err(JobError::Cancelled);
        }
        let event = JobProgress {
            fields,
            ..JobProgress::new(self.job_id, JobStatus::Running, step, progress, message)
        };
        self.settle(event).await
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancelled.requested.load(Ordering::SeqCst)
    }

    /// Resolves when the job is cancelled.
    pub async fn cancelled(&self) {
        loop {
            let notified = self.cancelled.notify.notified();
            if self.is_cancelled() {
                return;
            }
            notified.await;
        }
    }

    /// Watches for a cancel request (bus message, or the stored flag re-read
    /// periodically) for as long as the context lives.
    fn start(deps: &WorkerDeps, record: &JobRecord) -> Self {
        let cancelled = Arc::new(Cancellation::default());
        tokio::spawn(watch_cancel(
            record.id,
            deps.jobs.clone(),
            Arc::downgrade(&cancelled),
        ));
        JobContext {
            job_id: record.id,
            user_id: record.owner_user_id,
            jobs: deps.jobs.clone(),
            seq: AtomicI64::new(record.progress.as_ref().map_or(0, |p| p.seq)),
            progress: AtomicU8::new(record.progress.as_ref().map_or(0, |p| p.progress)),
            cancelled,
        }
    }

    fn event(&self, status: JobStatus, step: JobStep, progress: u8, message: &str) -> JobProgress {
        JobProgress::new(self.job_id, status, step, progress, message)
    }

    async fn settle(&self, mut event: JobProgress) -> Result<(), JobError> {
        event.seq = self.seq.fetch_add(1, Ordering::SeqCst) + 1;
        self.progress.store(event.progress, Ordering::SeqCst);
        self.jobs
            .settle(event)
            .await
            .map(drop)
            .map_err(|e| JobError::Transient(e.to_string()))
    }

    /// Stores a final state, retrying a passing store fault in place: re-running a
    /// job that did its work (sent its mail) because its outcome could not be written
    /// would be worse than waiting a moment.
    async fn settle_final(&self, event: JobProgress) -> Result<(), JobError> {
        let mut tries = 0;
        loop {
            tries += 1;
            match self.settle(event.clone()).await {
                Ok(()) => return Ok(()),
                Err(e) if tries >= FINAL_STATE_TRIES => return Err(e),
                Err(e) => {
                    tracing::warn!(job_id = %self.job_id, error = %e, "cannot store the final state; trying again");
                    tokio::time::sleep(Duration::from_millis(200 * u64::from(tries))).await;
                }
            }
        }
    }

    async fn finish_cancelled(&self) -> Result<(), JobError> {
        let reached = self.progress.load(Ordering::SeqCst);
        let event = self.event(
            JobStatus::Cancelled,
            JobStep::Cancelled,
            reached,
            "Cancelled",
        );
        self.settle_final(event).await
    }
}

async fn watch_cancel(job_id: JobId, jobs: Jobs, cancelled: Weak<Cancellation>) {
    let mut bus = jobs.bus().subscribe();
    let mut recheck = tokio::time::interval(CANCEL_RECHECK);
    recheck.tick().await;
    loop {
        let requested = tokio::select! {
            message = bus.recv() => match message {
                Ok(BusMessage::CancelRequested { job_id: id }) => id == job_id,
                Ok(_) => false,
                Err(RecvError::Lagged(_)) => cancel_requested(jobs.store().as_ref(), job_id).await,
                Err(RecvError::Closed) => return,
            },
            _ = recheck.tick() => cancel_requested(jobs.store().as_ref(), job_id).await,
        };
        // The job finished and its context is gone: stop watching.
        let Some(cancelled) = cancelled.upgrade() else {
            return;
        };
        if requested {
            cancelled.request();
            return;
        }
    }
}

async fn cancel_requested(store: &dyn JobStore, job_id: JobId) -> bool {
    store
        .get(job_id)
        .await
        .ok()
        .flatten()
        .is_some_and(|r| r.cancel_requested)
}

/// Runs one attempt of a job through its handler and records the outcome. The error
/// returned tells the queue whether to retry (a plain error) or not (`AbortError`).
pub(crate) async fn execute<J: JobHandler>(
    deps: &WorkerDeps,
    queued: Queued<J>,
    attempt: usize,
) -> Result<(), BoxDynError> {
    let Queued { job_id, payload } = queued;
    let store = deps.jobs.store();
    let Some(record) = store.get(job_id).await? else {
        tracing::warn!(%job_id, queue = J::QUEUE, "dropping a job with no job record");
        return Ok(());
    };
    // Watch for cancellation before starting, so a cancel that lands in between is
    // not missed.
    let ctx = JobContext::start(deps, &record);
    let attempt_no = i32::try_from(attempt).unwrap_or(i32::MAX);
    if !store
        .start_attempt(job_id, attempt_no, &deps.worker_name)
        .await?
    {
        // Finished, or cancelled while no worker held it: settle it if nobody has, and
        // let its handler clean up after it (a label read's photo) either way.
        if let Some(now) = store.get(job_id).await?
            && now.cancel_requested
            && (now.status == JobStatus::Cancelled || !now.status.is_terminal())
        {
            payload.stopped(job_id, deps, Stopped::Cancelled).await;
            if !now.status.is_terminal() {
                ctx.finish_cancelled().await?;
            }
        }
        return Ok(());
    }
    let mut start = Map::new();
    start.insert("attempt".into(), attempt.into());
    ctx.settle(JobProgress {
        fields: start,
        ..ctx.event(JobStatus::Running, JobStep::Start, 0, "Started")
    })
    .await?;

    // A panicking handler fails its job for good instead of leaving it running.
    let kept = payload.clone();
    let handled = AssertUnwindSafe(J::handle(payload, &ctx, deps))
        .catch_unwind()
        .map(|outcome| {
            outcome.unwrap_or_else(|_| {
                Err(JobError::permanent(
                    ErrorCode::JobCrashed,
                    "The job crashed",
                ))
            })
        });
    let outcome = tokio::select! {
        outcome = handled => outcome,
        () = ctx.cancelled() => Err(JobError::Cancelled),
    };
    let final_attempt = attempt > MAX_RETRIES;
    match outcome {
        Ok(output) => {
            let result = serde_json::to_value(output)?;
            ctx.settle_final(JobProgress {
                result: Some(result),
                ..ctx.event(JobStatus::Completed, JobStep::Complete, 100, "Done")
            })
            .await?;
            Ok(())
        }
        Err(JobError::Cancelled) => {
            kept.stopped(job_id, deps, Stopped::Cancelled).await;
            ctx.finish_cancelled().await?;
            Ok(())
        }
        Err(JobError::Transient(reason)) if !final_attempt => {
            tracing::warn!(%job_id, queue = J::QUEUE, attempt, %reason, "job failed; will retry");
            let reached = ctx.progress.load(Ordering::SeqCst);
            ctx.settle(ctx.event(JobStatus::Retrying, JobStep::Retrying, reached, &reason))
                .await?;
            Err(reason.into())
        }
        Err(error) => {
            let failure = match error {
                JobError::Permanent(failure) => failure,
                other => JobFailure::new(ErrorCode::JobFailed, other.to_string()),
            };
            tracing::warn!(%job_id, queue = J::QUEUE, attempt, reason = %failure.message, "job failed");
            kept.stopped(job_id, deps, Stopped::Failed(&failure)).await;
            ctx.settle_final(JobProgress {
                error: Some(failure.clone()),
                ..ctx.event(JobStatus::Failed, JobStep::Error, 100, &failure.message)
            })
            .await?;
            Err(Box::new(AbortError::new(failure.message)))
        }
    }
}
