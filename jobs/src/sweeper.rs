//! No job lost: the database is the record of every job, the queue only its delivery.
//! A Redis restarted without persistence forgets what waited in it, a worker that died
//! while Redis was away leaves a job "running" that nothing will finish, and a process
//! that died between recording a job and pushing it (the next stage of a photo's
//! analysis, say; on either queue) leaves one that was never queued. The sweeper finds
//! such jobs (unfinished in the store, untouched for a grace period, not held by the
//! queue, and not owned by a live worker) and puts each back on its queue from the
//! payload stored with it.
//!
//! Every API process runs the sweeper; each period is claimed in the database, so one
//! process sweeps at a time. A job is put back at most once per sweep: the store marks
//! it queued again only if it is still untouched, and the queue holds a job id once.

use std::{collections::HashMap, future::Future, time::Duration};

use chrono::{TimeDelta, Utc};
use models::{JobStatus, StaleJob};

use crate::{BusMessage, Jobs, JobsError};

/// The scheduled task's name, as claimed in the store.
const SWEEP_TASK: &str = "sweep-lost-jobs";
/// Stale jobs looked at in one sweep (the rest wait for the next).
const BATCH: i64 = 500;

/// Sweeps every `grace / 4` (at least each second) until `stop` resolves.
pub async fn run(jobs: Jobs, grace: Duration, stop: impl Future<Output = ()> + Send) {
    let every = (grace / 4).max(Duration::from_secs(1));
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    tokio::pin!(stop);
    loop {
        tokio::select! {
            () = &mut stop => return,
            _ = tick.tick() => {}
        }
        let now = Utc::now();
        let next = now + TimeDelta::from_std(every).unwrap_or(TimeDelta::MAX);
        match jobs.store().claim_schedule(SWEEP_TASK, now, next).await {
            Ok(true) => {}
            Ok(false) => continue,
            Err(e) => {
                tracing::warn!(error = %e, "cannot claim the sweep for lost jobs");
                continue;
            }
        }
        match sweep(&jobs, grace).await {
            Ok(0) => {}
            Ok(n) => tracing::warn!(jobs = n, "jobs the queue had lost were queued again"),
            Err(e) => tracing::warn!(error = %e, "the sweep for lost jobs failed"),
        }
    }
}

/// One sweep: answers how many jobs went back on their queue. `grace` must be longer
/// than a few worker heartbeats, so a worker that lost its registration with Redis has
/// registered again before its running job is judged ownerless.
pub async fn sweep(jobs: &Jobs, grace: Duration) -> Result<usize, JobsError> {
    let before = Utc::now() - TimeDelta::from_std(grace).unwrap_or(TimeDelta::MAX);
    let stale = jobs.store().stale(before, BATCH).await?;
    let mut live: HashMap<String, Vec<String>> = HashMap::new();
    let mut requeued = 0;
    for job in stale {
        if jobs.queue().holds(&job.queue, job.id).await?
            || owned(jobs, &job, grace, &mut live).await?
        {
            continue;
        }
        // Touched since it was read (a worker started or finished it): not lost.
        if !jobs.store().requeue(job.id, before).await? {
            continue;
        }
        jobs.queue()
            .push_stored(&job.queue, job.id, &job.payload)
            .await?;
        tracing::warn!(job_id = %job.id, queue = job.queue, was = job.status.as_str(), "job lost by its queue, queued again");
        jobs.publish_best_effort(BusMessage::Enqueued {
            queue: job.queue.clone(),
        })
        .await;
        requeued += 1;
    }
    Ok(requeued)
}

/// Whether the worker that started the job (running, or waiting in that worker to try
/// again) is alive: registered on the job's queue, and heard from within `grace`. It
/// will finish the job.
async fn owned(
    jobs: &Jobs,
    job: &StaleJob,
    grace: Duration,
    live: &mut HashMap<String, Vec<String>>,
) -> Result<bool, JobsError> {
    let (JobStatus::Running | JobStatus::Retrying, Some(worker)) = (job.status, &job.worker) else {
        return Ok(false);
    };
    if !live.contains_key(&job.queue) {
        let workers = jobs.queue().live_workers(&job.queue, grace).await?;
        live.insert(job.queue.clone(), workers);
    }
    let name = jobs.queue().worker_name(&job.queue, worker);
    Ok(live[&job.queue].contains(&name))
}
