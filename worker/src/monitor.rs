//! Registers one apalis worker per queue on the configured backend and runs them until
//! shutdown.

use std::{future::Future, time::Duration};

use apalis::{
    layers::retry::{
        BackoffRetryPolicy, HasherRng, RetryIfPolicy, RetryPolicy,
        backoff::{ExponentialBackoff, ExponentialBackoffMaker, MakeBackoff},
    },
    layers::tracing::{DefaultMakeSpan, DefaultOnRequest, DefaultOnResponse, TraceLayer},
    prelude::*,
};
use jobs::{Job, QueueBackend, Queued};

use crate::{WorkerConfig, WorkerDeps, context::execute, handlers::JobHandler, poll::WakeOnWork};

/// How often an idle worker asks its queue for work when the bus has said nothing.
const POLL_EVERY: Duration = Duration::from_secs(1);

/// How long a worker stopped by its backend waits before it starts again.
const RESTART_PAUSE: Duration = Duration::from_millis(200);

/// The apalis handler shared by every queue; the job type picks the `JobHandler`.
async fn handle<J: JobHandler>(
    job: Queued<J>,
    deps: Data<WorkerDeps>,
    attempt: Attempt,
) -> Result<(), BoxDynError> {
    execute(&deps, job, attempt.current()).await
}

type Retry = RetryIfPolicy<BackoffRetryPolicy<ExponentialBackoff>, fn(&BoxDynError) -> bool>;

fn retry_policy() -> Retry {
    let backoff = ExponentialBackoffMaker::new(
        Duration::from_millis(250),
        Duration::from_secs(30),
        0.5,
        HasherRng::default(),
    )
    .expect("valid backoff bounds")
    .make_backoff();
    // A handler returns `AbortError` for failures that retrying cannot fix.
    RetryPolicy::retries(jobs::MAX_RETRIES)
        .with_backoff(backoff)
        .retry_if(is_retryable as fn(&BoxDynError) -> bool)
}

fn is_retryable(error: &BoxDynError) -> bool {
    error.downcast_ref::<AbortError>().is_none()
}

/// Each attempt of a job runs in apalis's `task` span (its task id and attempt), and
/// its start and end (how long it took, its result) are events: what the job board's
/// Logs page shows. At `info`, so that the default log level keeps them.
fn task_tracing() -> TraceLayer<DefaultMakeSpan, DefaultOnRequest, DefaultOnResponse> {
    TraceLayer::new()
        .make_span_with(DefaultMakeSpan::new().level(tracing::Level::INFO))
        .on_request(DefaultOnRequest::new().level(tracing::Level::INFO))
        .on_response(DefaultOnResponse::new().level(tracing::Level::INFO))
}

/// Registers one worker per job type this process takes (`WORKER_QUEUES`) on the
/// configured backend. The two backends are different types, so the shared part is
/// spelled once in `worker_on!`.
macro_rules! register {
    ($monitor:expr, $deps:expr, $config:expr, $($job:ty),+) => {{
        let mut monitor = $monitor;
        $(
            if $config.queues.takes(<$job as Job>::QUEUE) {
                let deps: WorkerDeps = $deps.clone();
                let (concurrency, heartbeat) = ($config.concurrency, $config.heartbeat);
                let backend = deps.jobs.queue().clone();
                let name = backend.queue_name(<$job as Job>::QUEUE);
                let worker = backend.worker_name(<$job as Job>::QUEUE, &deps.worker_name);
                let wake = WakeOnWork::new(<$job as Job>::QUEUE, deps.jobs.bus().clone(), POLL_EVERY);
                macro_rules! worker_on {
                    ($storage:expr) => {{
                        let storage = $storage.poll_with_strategy(wake);
                        monitor.register(move |_| {
                            WorkerBuilder::new(worker.as_str())
                                .backend(storage.clone())
                                .concurrency(concurrency)
                                .parallelize(tokio::spawn)
                                .retry(retry_policy())
                                .layer(task_tracing())
                                .data(deps.clone())
                                .build(handle::<$job>)
                        })
                    }};
                }
                monitor = match &backend {
                    QueueBackend::Sqlite(pool) => {
                        worker_on!(QueueBackend::sqlite_storage::<$job>(pool, &name, heartbeat))
                    }
                    QueueBackend::Redis { conn, .. } => {
                        worker_on!(QueueBackend::redis_storage::<$job>(conn, &name, heartbeat))
                    }
                };
            }
        )+
        monitor
    }};
}

/// Runs a worker for every queue, and the work done on a schedule, until `shutdown`
/// resolves, then lets running jobs finish for a few seconds. Every worker process runs
/// this (the API's in-process workers in the embedded mode, the `worker` binaries in the
/// fleet); a scheduled task's period is claimed in the store, so it runs once per period.
pub async fn run(
    deps: WorkerDeps,
    config: &WorkerConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), MonitorError> {
    let backend = deps.jobs.queue().clone();
    let (stop, stopping) = tokio::sync::watch::channel(false);
    let pruning = tokio::spawn(platform::uploads::prune_on_schedule(
        deps.stores.clone(),
        deps.blobs.clone(),
        config.unconfirmed_uploads_kept_for,
        stopping,
    ));
    let monitor = jobs::every_job!(register!(
        Monitor::new().should_restart(restart_after_backend_error),
        deps,
        config,
    ));
    tracing::info!(queue = ?backend.kind(), queues = %config.queues, concurrency = config.concurrency, worker = %deps.worker_name, "workers started");
    let outcome = monitor
        .shutdown_timeout(SHUTDOWN_GRACE)
        .run_with_signal(async move {
            shutdown.await;
            let _ = stop.send(true);
            Ok(())
        })
        .await;
    // The signal's sender went with the monitor, whatever ended it: the scheduled work
    // stops too, once a pruning under way is done.
    if tokio::time::timeout(SHUTDOWN_GRACE, pruning).await.is_err() {
        tracing::warn!("the pruning of uploads did not finish within the grace period");
    }
    outcome
}

/// How long running jobs (and a pruning under way) get to finish after shutdown.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

/// A worker ends when its backend fails under it (a Redis restarted empty forgets the
/// worker, and its next heartbeat is refused): it is started again, which registers
/// it anew, so the process goes on consuming once the backend is back.
fn restart_after_backend_error(worker: &WorkerContext, error: &WorkerError) -> bool {
    if worker.is_shutting_down() {
        return false;
    }
    tracing::warn!(worker = worker.name(), restarts = worker.restarts(), %error, "worker stopped; restarting it");
    // The callback cannot await: without a pause a backend still down would restart
    // the worker in a tight loop. The pause only holds the monitor, not running jobs.
    if tokio::runtime::Handle::try_current()
        .is_ok_and(|h| h.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread)
    {
        tokio::task::block_in_place(|| std::thread::sleep(RESTART_PAUSE));
    }
    true
}
