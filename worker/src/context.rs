//! Running one job attempt: status, progress with increasing event ids, cancellation,
//! and the mapping of outcomes to retries or a final state.

use std::sync::{
    Arc,
    atomic::{AtomicBool, AtomicI64, Ordering},
};

use apalis::prelude::{AbortError, BoxDynError};
use jobs::{BusMessage, JobFailure, JobId, JobProgress, JobStatus, Jobs, MAX_RETRIES, Queued};
use serde_json::{Map, Value};
use tokio::sync::Notify;

use crate::{WorkerDeps, handlers::JobHandler};

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
    pub fn permanent(code: &str, message: impl Into<String>) -> Self {
        JobError::Permanent(JobFailure {
            message: message.into(),
            code: code.to_owned(),
        })
    }
}

/// A handler's view of its job: report progress, notice cancellation.
pub struct JobContext {
    job_id: JobId,
    jobs: Jobs,
    seq: AtomicI64,
    cancelled: Arc<(AtomicBool, Notify)>,
}

impl JobContext {
    pub fn job_id(&self) -> JobId {
        self.job_id
    }

    /// Publishes a progress step. Fails with `Cancelled` once the job was cancelled,
    /// so handlers stop at their next step.
    pub async fn progress(
        &self,
        step: &str,
        progress: u8,
        message: impl Into<String>,
        fields: Map<String, Value>,
    ) -> Result<(), JobError> {
        if self.is_cancelled() {
            return Err(JobError::Cancelled);
        }
        self.publish(JobStatus::Running, step, progress, message.into(), fields)
            .await
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancelled.0.load(Ordering::SeqCst)
    }

    /// Resolves when the job is cancelled.
    pub async fn cancelled(&self) {
        loop {
            let notified = self.cancelled.1.notified();
            if self.is_cancelled() {
                return;
            }
            notified.await;
        }
    }

    async fn publish(
        &self,
        status: JobStatus,
        step: &str,
        progress: u8,
        message: String,
        fields: Map<String, Value>,
    ) -> Result<(), JobError> {
        self.settle(JobProgress {
            job_id: self.job_id,
            seq: 0,
            status,
            step: step.to_owned(),
            progress: progress.min(100),
            message,
            result: None,
            error: None,
            fields,
        })
        .await
    }

    async fn settle(&self, mut event: JobProgress) -> Result<(), JobError> {
        event.seq = self.seq.fetch_add(1, Ordering::SeqCst) + 1;
        self.jobs
            .settle(event)
            .await
            .map(drop)
            .map_err(|e| JobError::Transient(e.to_string()))
    }
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
    let attempt_no = i32::try_from(attempt).unwrap_or(i32::MAX);
    if !store.start_attempt(job_id, attempt_no).await? {
        if record.cancel_requested && !record.status.is_terminal() {
            let ctx = JobContext::start(deps, &record).await;
            ctx.finish_cancelled().await?;
        }
        return Ok(());
    }
    let ctx = JobContext::start(deps, &record).await;
    let mut start = Map::new();
    start.insert("attempt".into(), attempt.into());
    ctx.publish(JobStatus::Running, "start", 0, "Started".into(), start)
        .await?;

    let outcome = tokio::select! {
        outcome = J::handle(payload, &ctx, deps) => outcome,
        () = ctx.cancelled() => Err(JobError::Cancelled),
    };
    let final_attempt = attempt > MAX_RETRIES;
    match outcome {
        Ok(output) => {
            let result = serde_json::to_value(output)?;
            ctx.settle(JobProgress {
                result: Some(result),
                ..ctx.event(JobStatus::Completed, "complete", 100, "Done")
            })
            .await?;
            Ok(())
        }
        Err(JobError::Cancelled) => {
            ctx.finish_cancelled().await?;
            Ok(())
        }
        Err(JobError::Transient(reason)) if !final_attempt => {
            tracing::warn!(%job_id, queue = J::QUEUE, attempt, %reason, "job failed; will retry");
            let event = ctx.event(JobStatus::Retrying, "retrying", 0, &reason);
            ctx.settle(event).await?;
            Err(reason.into())
        }
        Err(error) => {
            let failure = match error {
                JobError::Permanent(failure) => failure,
                other => JobFailure {
                    message: other.to_string(),
                    code: "JOB_FAILED".into(),
                },
            };
            tracing::warn!(%job_id, queue = J::QUEUE, attempt, reason = %failure.message, "job failed");
            ctx.settle(JobProgress {
                error: Some(failure.clone()),
                ..ctx.event(JobStatus::Failed, "error", 100, &failure.message)
            })
            .await?;
            Err(Box::new(AbortError::new(failure.message)))
        }
    }
}

impl JobContext {
    async fn start(deps: &WorkerDeps, record: &models::JobRecord) -> Self {
        let cancelled = Arc::new((AtomicBool::new(record.cancel_requested), Notify::new()));
        let mut rx = deps.jobs.bus().subscribe();
        let watch = Arc::downgrade(&cancelled);
        let job_id = record.id;
        // Listens for a cancel request until the job (and so the context) is gone.
        tokio::spawn(async move {
            while let Ok(message) = rx.recv().await {
                let Some(flag) = watch.upgrade() else { return };
                if matches!(message, BusMessage::CancelRequested { job_id: id } if id == job_id) {
                    flag.0.store(true, Ordering::SeqCst);
                    flag.1.notify_waiters();
                    return;
                }
            }
        });
        JobContext {
            job_id,
            jobs: deps.jobs.clone(),
            seq: AtomicI64::new(record.progress.as_ref().map_or(0, |p| p.seq)),
            cancelled,
        }
    }

    fn event(&self, status: JobStatus, step: &str, progress: u8, message: &str) -> JobProgress {
        JobProgress {
            job_id: self.job_id,
            seq: 0,
            status,
            step: step.to_owned(),
            progress,
            message: message.to_owned(),
            result: None,
            error: None,
            fields: Map::new(),
        }
    }

    async fn finish_cancelled(&self) -> Result<(), JobError> {
        let event = self.event(JobStatus::Cancelled, "cancelled", 0, "Cancelled by user");
        self.settle(event).await
    }
}
