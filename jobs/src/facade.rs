use std::{sync::Arc, time::Duration};

use futures::Stream;
use models::ErrorCode;
use models::analysis::AnalysisEvent;
use models::{JobFailure, JobId, JobProgress, JobRecord, JobStatus, JobStep, NewJob};
use serde::de::DeserializeOwned;
use store::{Database, JobStore, StoreError, Stores};
use tokio::sync::broadcast::error::RecvError;

use crate::{BusMessage, Job, ProgressBus, QueueBackend, Queued};

/// How often a watcher re-reads the stored state, in case a bus message was lost
/// (a Redis reconnect, a lagging receiver).
const RESYNC_EVERY: Duration = Duration::from_secs(2);

#[derive(Debug, thiserror::Error)]
pub enum JobsError {
    #[error("job queue error: {0}")]
    Queue(String),
    #[error("redis error: {0}")]
    Redis(#[from] redis::RedisError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("job {0} not found")]
    NotFound(JobId),
    #[error("{}", .0.message)]
    Failed(JobFailure),
    #[error("job was cancelled")]
    Cancelled,
    #[error("job result could not be read: {0}")]
    BadResult(String),
}

/// A job recorded but not queued yet (see [`Jobs::record`]).
#[derive(Debug)]
pub struct Recorded<J> {
    record: JobRecord,
    payload: J,
}

impl<J> Recorded<J> {
    pub fn id(&self) -> JobId {
        self.record.id
    }
}

/// A job's outcome once it ended, or where it is while it runs.
#[derive(Debug)]
pub enum Outcome<T> {
    Done(T),
    Pending(JobProgress),
}

/// The result of a job that ended: its output, or why there is none.
pub fn outcome_of<T: DeserializeOwned>(last: JobProgress) -> Result<T, JobsError> {
    match last.status {
        JobStatus::Completed => serde_json::from_value(last.result.unwrap_or_default())
            .map_err(|e| JobsError::BadResult(e.to_string())),
        JobStatus::Cancelled => Err(JobsError::Cancelled),
        _ => Err(JobsError::Failed(last.error.unwrap_or_else(|| {
            JobFailure::new(ErrorCode::JobFailed, "job failed")
        }))),
    }
}

/// Runs `work` to its end even when the caller stops waiting for it: a request whose
/// client went away is dropped at its next `.await`, and a job recorded but not yet
/// queued would then wait for a sweep. Whatever records a job and queues it runs here,
/// so the two steps are one: both happen, or (an error) neither is left behind.
pub async fn to_the_end<F>(work: F) -> F::Output
where
    F: std::future::Future + Send + 'static,
    F::Output: Send + 'static,
{
    match tokio::spawn(work).await {
        Ok(output) => output,
        Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
        // Only a runtime shutting down cancels a spawned task; the caller goes with it.
        Err(e) => panic!("work cut short: {e}"),
    }
}

/// A test hook: while one is set, every job recorded waits before it is queued, so a
/// test can drop the request at that moment (see [`Jobs::hold_enqueues`]).
#[derive(Debug)]
pub struct EnqueueHold {
    reached: tokio::sync::Notify,
    released: tokio::sync::Semaphore,
}

impl Default for EnqueueHold {
    fn default() -> Self {
        EnqueueHold {
            reached: tokio::sync::Notify::new(),
            released: tokio::sync::Semaphore::new(0),
        }
    }
}

impl EnqueueHold {
    /// Waits until a job is held between its record and its queue.
    pub async fn reached(&self) {
        self.reached.notified().await;
    }

    /// Lets every held job, and every later one, go on to its queue.
    pub fn release(&self) {
        // A closed semaphore answers every wait at once.
        self.released.close();
    }

    async fn wait(&self) {
        self.reached.notify_one();
        let _ = self.released.acquire().await;
    }
}

/// The one way the API and the workers touch jobs: record, enqueue, watch, cancel.
#[derive(Clone, Debug)]
pub struct Jobs {
    store: Arc<dyn JobStore>,
    queue: QueueBackend,
    bus: ProgressBus,
    hold: Arc<std::sync::Mutex<Option<Arc<EnqueueHold>>>>,
}

impl Jobs {
    pub fn new(store: Arc<dyn JobStore>, queue: QueueBackend, bus: ProgressBus) -> Self {
        Jobs {
            store,
            queue,
            bus,
            hold: Arc::default(),
        }
    }

    /// A test hook: from now on each job waits between its record and its queue until
    /// the hold is released.
    pub fn hold_enqueues(&self) -> Arc<EnqueueHold> {
        let hold = Arc::new(EnqueueHold::default());
        *self.hold.lock().unwrap_or_else(|e| e.into_inner()) = Some(hold.clone());
        hold
    }

    /// The embedded default without `redis_url` (SQLite queue, in-process bus), the
    /// fleet with it (Redis queue and pub/sub).
    pub async fn connect(
        db: &Database,
        redis_url: Option<&str>,
        namespace: &str,
    ) -> Result<Self, JobsError> {
        let queue = QueueBackend::connect(db, redis_url, namespace).await?;
        let bus = match redis_url {
            Some(url) => ProgressBus::redis(url, namespace).await?,
            None => ProgressBus::in_process(),
        };
        Ok(Jobs::new(Stores::new(db).jobs, queue, bus))
    }

    pub fn store(&self) -> &Arc<dyn JobStore> {
        &self.store
    }

    pub fn queue(&self) -> &QueueBackend {
        &self.queue
    }

    pub fn bus(&self) -> &ProgressBus {
        &self.bus
    }

    /// Records a job run and puts it on its queue, to the end even if the caller goes
    /// away ([`to_the_end`]). A job that cannot be enqueued is settled as failed, so no
    /// record waits for a job that does not exist.
    pub async fn push<J: Job>(
        &self,
        payload: J,
        owner_user_id: Option<i64>,
    ) -> Result<JobId, JobsError> {
        let jobs = self.clone();
        to_the_end(async move {
            let job = jobs.record(payload, owner_user_id).await?;
            jobs.enqueue(job).await
        })
        .await
    }

    /// Records a job run without queueing it yet: for work that must be claimed before a
    /// worker can see it (the next stage of an analysis). [`enqueue`](Self::enqueue) it,
    /// or [`discard`](Self::discard) it, inside [`to_the_end`] when a request does it.
    pub async fn record<J: Job>(
        &self,
        payload: J,
        owner_user_id: Option<i64>,
    ) -> Result<Recorded<J>, JobsError> {
        let job_id = JobId::new();
        let stored = serde_json::to_string(&payload)
            .map_err(|e| JobsError::Queue(format!("cannot encode a {} job: {e}", J::QUEUE)))?;
        let record = self
            .store
            .create(&NewJob {
                id: job_id,
                queue: J::QUEUE.to_owned(),
                owner_user_id,
                payload: Some(stored),
            })
            .await?;
        Ok(Recorded { record, payload })
    }

    /// Puts a recorded job on its queue (see [`push`](Self::push)).
    pub async fn enqueue<J: Job>(&self, job: Recorded<J>) -> Result<JobId, JobsError> {
        let Recorded { record, payload } = job;
        let job_id = record.id;
        let hold = self.hold.lock().unwrap_or_else(|e| e.into_inner()).clone();
        if let Some(hold) = hold {
            hold.wait().await;
        }
        if let Err(e) = self.queue.push(Queued { job_id, payload }).await {
            let mut failed =
                terminal_event(&record, JobStatus::Failed, "The job could not be queued");
            failed.error = Some(JobFailure::new(
                ErrorCode::EnqueueFailed,
                failed.message.clone(),
            ));
            if let Err(settle) = self.settle(failed).await {
                tracing::error!(%job_id, error = %settle, "cannot settle a job that failed to enqueue");
            }
            return Err(e);
        }
        // Only a wake-up call: idle workers also poll on their own.
        self.publish_best_effort(BusMessage::Enqueued {
            queue: J::QUEUE.to_owned(),
        })
        .await;
        tracing::debug!(%job_id, queue = J::QUEUE, "job enqueued");
        Ok(job_id)
    }

    /// Settles a recorded job that will not be queued after all, as cancelled. Best
    /// effort: the caller has already decided, and a record left unsettled is logged.
    pub async fn discard<J: Job>(&self, job: Recorded<J>) {
        let cancelled = terminal_event(&job.record, JobStatus::Cancelled, "Not needed");
        if let Err(e) = self.settle(cancelled).await {
            tracing::warn!(error = %e, "cannot settle a job not needed");
        }
    }

    /// Waits at most `within` for the job's outcome: its result, its failure, or (still
    /// under way) its latest progress. Nothing is cancelled when the time is up: the work
    /// goes on, and the caller can be told where to follow it.
    pub async fn outcome_within<J: Job>(
        &self,
        job_id: JobId,
        within: Duration,
    ) -> Result<Outcome<J::Output>, JobsError> {
        use futures::StreamExt;
        // A caller that waits for nothing (`ANSWER_WITHIN_MS=0`) is told where to follow
        // the job it just queued, whether or not a fast worker has finished it already:
        // looking would make the answer a race between the worker and the watch.
        if within.is_zero() {
            return Ok(Outcome::Pending(JobProgress::new(
                job_id,
                JobStatus::Queued,
                JobStep::Queued,
                0,
                "Waiting for a worker",
            )));
        }
        let events = self.watch(job_id, 0).await?;
        futures::pin_mut!(events);
        let deadline = tokio::time::sleep(within);
        tokio::pin!(deadline);
        let mut last = None;
        loop {
            tokio::select! {
                event = events.next() => match event {
                    Some(event) if event.is_terminal() => {
                        return outcome_of::<J::Output>(event).map(Outcome::Done);
                    }
                    Some(event) => last = Some(event),
                    None => return Err(JobsError::NotFound(job_id)),
                },
                () = &mut deadline => break,
            }
        }
        let last = match last {
            Some(last) => last,
            None => stored_progress(&self.store, job_id)
                .await
                .ok_or(JobsError::NotFound(job_id))?,
        };
        if last.is_terminal() {
            return outcome_of::<J::Output>(last).map(Outcome::Done);
        }
        Ok(Outcome::Pending(last))
    }

    /// Asks a job to stop. A job that no worker holds (queued, or waiting to retry)
    /// is settled as cancelled here and never starts again; a running one is told over
    /// the bus and stops at its next step (its worker also re-reads the flag).
    /// Returns false when the job had already finished.
    pub async fn cancel(&self, job_id: JobId) -> Result<bool, JobsError> {
        if !self.store.request_cancel(job_id).await? {
            return match self.store.get(job_id).await? {
                Some(_) => Ok(false),
                None => Err(JobsError::NotFound(job_id)),
            };
        }
        if let Some(record) = self.store.get(job_id).await?
            && matches!(record.status, JobStatus::Queued | JobStatus::Retrying)
        {
            let cancelled = terminal_event(&record, JobStatus::Cancelled, "Cancelled");
            self.settle(cancelled).await?;
        }
        self.publish_best_effort(BusMessage::CancelRequested { job_id })
            .await;
        Ok(true)
    }

    /// Stores a progress event as the job's latest state, then tells watchers.
    /// Stale events (a newer one is stored, or the job is finished) are dropped.
    /// The store is the source of truth: watchers re-read it, so a lost bus message
    /// delays an update but does not fail the job.
    pub async fn settle(&self, event: JobProgress) -> Result<bool, JobsError> {
        let stored = self.store.record_progress(&event).await?;
        if stored {
            self.publish_best_effort(BusMessage::Progress(event)).await;
        }
        Ok(stored)
    }

    /// Tells every listener of a photo's analysis of an event just stored. The store has
    /// it: a listener that misses the message reads it there.
    pub async fn announce_analysis(&self, image_id: i64, event: AnalysisEvent) {
        self.publish_best_effort(BusMessage::Analysis { image_id, event })
            .await;
    }

    pub(crate) async fn publish_best_effort(&self, message: BusMessage) {
        if let Err(e) = self.bus.publish(message).await {
            tracing::warn!(error = %e, "bus message lost; readers fall back to the store");
        }
    }

    /// The job's current state, then every newer event until it finishes. Events with
    /// `seq <= after_seq` (already seen by a reconnecting client) are skipped.
    pub async fn watch(
        &self,
        job_id: JobId,
        after_seq: i64,
    ) -> Result<impl Stream<Item = JobProgress> + Send + 'static + use<>, JobsError> {
        // Subscribe before reading the store: whatever is published after the read is
        // then already on its way to us.
        let mut rx = self.bus.subscribe();
        let record = self
            .store
            .get(job_id)
            .await?
            .ok_or(JobsError::NotFound(job_id))?;
        let store = self.store.clone();
        Ok(async_stream(move |yield_| async move {
            let mut last_seq = after_seq;
            let current = current_state(&record);
            if current.seq > last_seq || (current.seq == 0 && last_seq == 0) {
                last_seq = current.seq;
                let done = current.is_terminal();
                if !yield_.send(current).await || done {
                    return;
                }
            } else if current.is_terminal() {
                // The client already has the final event.
                return;
            }
            let mut resync = tokio::time::interval(RESYNC_EVERY);
            resync.tick().await;
            loop {
                let candidate = tokio::select! {
                    msg = rx.recv() => match msg {
                        Ok(BusMessage::Progress(p)) if p.job_id == job_id => Some(p),
                        Ok(_) => None,
                        Err(RecvError::Lagged(_)) => stored_progress(&store, job_id).await,
                        Err(RecvError::Closed) => return,
                    },
                    _ = resync.tick() => stored_progress(&store, job_id).await,
                    () = yield_.closed() => return,
                };
                match candidate {
                    Some(event) if event.seq > last_seq => {
                        last_seq = event.seq;
                        let done = event.is_terminal();
                        if !yield_.send(event).await || done {
                            return;
                        }
                    }
                    Some(event) if event.is_terminal() => return,
                    _ => {}
                }
            }
        }))
    }
}

async fn stored_progress(store: &Arc<dyn JobStore>, job_id: JobId) -> Option<JobProgress> {
    match store.get(job_id).await {
        Ok(record) => record.map(|r| current_state(&r)),
        Err(e) => {
            tracing::warn!(%job_id, error = %e, "cannot re-read job state");
            None
        }
    }
}

/// The latest stored event, or a synthetic one for a job no worker has touched yet.
pub fn current_state(record: &JobRecord) -> JobProgress {
    record.progress.clone().unwrap_or_else(|| {
        JobProgress::new(
            record.id,
            record.status,
            JobStep::of_status(record.status),
            0,
            "Waiting for a worker",
        )
    })
}

/// The final event of a job settled outside its worker; it keeps the progress
/// reached so far.
pub(crate) fn terminal_event(record: &JobRecord, status: JobStatus, message: &str) -> JobProgress {
    let previous = current_state(record);
    JobProgress {
        seq: previous.seq + 1,
        ..JobProgress::new(
            record.id,
            status,
            JobStep::of_status(status),
            previous.progress,
            message,
        )
    }
}

/// A small generator: the body sends items through a channel of capacity one, so it
/// runs only as fast as the consumer reads and stops when the consumer goes away.
fn async_stream<T, F, Fut>(body: F) -> impl Stream<Item = T> + Send + 'static
where
    T: Send + 'static,
    F: FnOnce(Yield<T>) -> Fut,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    let (tx, rx) = tokio::sync::mpsc::channel(1);
    tokio::spawn(body(Yield(tx)));
    tokio_stream::wrappers::ReceiverStream::new(rx)
}

struct Yield<T>(tokio::sync::mpsc::Sender<T>);

impl<T> Yield<T> {
    /// Returns false when nobody is listening any more.
    async fn send(&self, item: T) -> bool {
        self.0.send(item).await.is_ok()
    }

    async fn closed(&self) {
        self.0.closed().await
    }
}
