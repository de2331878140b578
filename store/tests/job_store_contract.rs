//! One contract for every `JobStore`: each case runs on SQLite and on PostgreSQL.

use models::{JobFailure, JobId, JobProgress, JobStatus, JobStep, NewJob};
use serde_json::json;
use store::Stores;

store::store_contract!(
    created_jobs_start_queued,
    a_job_id_is_used_once,
    unknown_jobs_are_none,
    attempts_start_only_while_unfinished,
    the_latest_progress_wins,
    a_terminal_event_settles_the_job,
    failures_keep_message_and_code,
    cancel_applies_only_to_unfinished_jobs,
    queue_depths_count_unfinished_jobs,
    a_users_unfinished_jobs_are_counted_by_queue,
    every_job_is_counted_by_queue_status_and_day,
    jobs_are_listed_by_queue_and_status_a_page_at_a_time,
    a_users_job_runs_can_be_forgotten,
    a_scheduled_task_is_claimed_once_per_period,
    stale_jobs_go_back_to_their_queue_once,
);

fn new_job(queue: &str) -> NewJob {
    NewJob {
        id: JobId::new(),
        queue: queue.into(),
        owner_user_id: None,
        payload: Some(r#"{"job_id":"x","payload":{}}"#.into()),
    }
}

fn event(job_id: JobId, seq: i64, status: JobStatus, step: JobStep) -> JobProgress {
    JobProgress {
        job_id,
        seq,
        status,
        step,
        progress: 10,
        message: format!("{step:?} {seq}"),
        result: None,
        error: None,
        fields: Default::default(),
    }
}

async fn created_jobs_start_queued(stores: Stores) {
    let job = NewJob {
        owner_user_id: Some(42),
        ..new_job("probe")
    };
    let created = stores.jobs.create(&job).await.unwrap();
    assert_eq!(created.status, JobStatus::Queued);
    assert_eq!(created.attempts, 0);
    assert!(created.progress.is_none() && created.result.is_none() && created.error.is_none());
    let loaded = stores.jobs.get(job.id).await.unwrap().unwrap();
    assert_eq!(loaded.id, job.id);
    assert_eq!(loaded.queue, "probe");
    assert_eq!(loaded.owner_user_id, Some(42));
    assert_eq!(
        loaded.created_at.timestamp_micros(),
        created.created_at.timestamp_micros()
    );
}

async fn a_job_id_is_used_once(stores: Stores) {
    let job = new_job("probe");
    stores.jobs.create(&job).await.unwrap();
    let again = stores.jobs.create(&job).await;
    assert!(
        matches!(again, Err(store::StoreError::Conflict(_))),
        "{again:?}"
    );
}

async fn unknown_jobs_are_none(stores: Stores) {
    assert!(stores.jobs.get(JobId::new()).await.unwrap().is_none());
    assert!(
        !stores
            .jobs
            .start_attempt(JobId::new(), 1, "host-1")
            .await
            .unwrap()
    );
    assert!(!stores.jobs.request_cancel(JobId::new()).await.unwrap());
}

async fn attempts_start_only_while_unfinished(stores: Stores) {
    let job = new_job("probe");
    stores.jobs.create(&job).await.unwrap();
    assert!(
        stores
            .jobs
            .start_attempt(job.id, 1, "host-1")
            .await
            .unwrap()
    );
    let running = stores.jobs.get(job.id).await.unwrap().unwrap();
    assert_eq!((running.status, running.attempts), (JobStatus::Running, 1));
    assert!(
        stores
            .jobs
            .start_attempt(job.id, 2, "host-1")
            .await
            .unwrap()
    );
    stores
        .jobs
        .record_progress(&event(job.id, 1, JobStatus::Completed, JobStep::Complete))
        .await
        .unwrap();
    assert!(
        !stores
            .jobs
            .start_attempt(job.id, 3, "host-1")
            .await
            .unwrap()
    );
    assert_eq!(stores.jobs.get(job.id).await.unwrap().unwrap().attempts, 2);

    let cancelled = new_job("probe");
    stores.jobs.create(&cancelled).await.unwrap();
    assert!(stores.jobs.request_cancel(cancelled.id).await.unwrap());
    assert!(
        !stores
            .jobs
            .start_attempt(cancelled.id, 1, "host-1")
            .await
            .unwrap()
    );
}

async fn the_latest_progress_wins(stores: Stores) {
    let job = new_job("probe");
    stores.jobs.create(&job).await.unwrap();
    let mut second = event(job.id, 2, JobStatus::Running, JobStep::BarcodeLookup);
    second
        .fields
        .insert("foods".into(), json!(["apple", "米饭"]));
    assert!(stores.jobs.record_progress(&second).await.unwrap());
    // An older event arriving late does not overwrite the newer state.
    let first = event(job.id, 1, JobStatus::Running, JobStep::Start);
    assert!(!stores.jobs.record_progress(&first).await.unwrap());
    let loaded = stores.jobs.get(job.id).await.unwrap().unwrap();
    assert_eq!(loaded.progress.as_ref(), Some(&second));
    assert_eq!(loaded.progress.unwrap().fields["foods"][1], "米饭");
}

async fn a_terminal_event_settles_the_job(stores: Stores) {
    let job = new_job("probe");
    stores.jobs.create(&job).await.unwrap();
    let done = JobProgress {
        result: Some(json!({"worker": "w1", "steps": 3})),
        ..event(job.id, 5, JobStatus::Completed, JobStep::Complete)
    };
    assert!(stores.jobs.record_progress(&done).await.unwrap());
    let loaded = stores.jobs.get(job.id).await.unwrap().unwrap();
    assert_eq!(loaded.status, JobStatus::Completed);
    assert_eq!(loaded.result, Some(json!({"worker": "w1", "steps": 3})));
    // Nothing changes a finished job.
    let late = event(job.id, 6, JobStatus::Running, JobStep::Probe);
    assert!(!stores.jobs.record_progress(&late).await.unwrap());
    assert_eq!(
        stores.jobs.get(job.id).await.unwrap().unwrap().status,
        JobStatus::Completed
    );
}

async fn failures_keep_message_and_code(stores: Stores) {
    let job = new_job("send-mail");
    stores.jobs.create(&job).await.unwrap();
    let failure = JobFailure {
        message: "invalid mail address: nobody".into(),
        code: "MAIL_REJECTED".into(),
        retry_after_secs: None,
    };
    let failed = JobProgress {
        error: Some(failure.clone()),
        ..event(job.id, 2, JobStatus::Failed, JobStep::Error)
    };
    stores.jobs.record_progress(&failed).await.unwrap();
    let loaded = stores.jobs.get(job.id).await.unwrap().unwrap();
    assert_eq!(loaded.status, JobStatus::Failed);
    assert_eq!(loaded.error, Some(failure));
}

async fn cancel_applies_only_to_unfinished_jobs(stores: Stores) {
    let running = new_job("probe");
    stores.jobs.create(&running).await.unwrap();
    stores
        .jobs
        .start_attempt(running.id, 1, "host-1")
        .await
        .unwrap();
    assert!(stores.jobs.request_cancel(running.id).await.unwrap());
    assert!(
        stores
            .jobs
            .get(running.id)
            .await
            .unwrap()
            .unwrap()
            .cancel_requested
    );

    let finished = new_job("probe");
    stores.jobs.create(&finished).await.unwrap();
    stores
        .jobs
        .record_progress(&event(
            finished.id,
            1,
            JobStatus::Completed,
            JobStep::Complete,
        ))
        .await
        .unwrap();
    assert!(!stores.jobs.request_cancel(finished.id).await.unwrap());
    assert!(
        !stores
            .jobs
            .get(finished.id)
            .await
            .unwrap()
            .unwrap()
            .cancel_requested
    );
}

async fn queue_depths_count_unfinished_jobs(stores: Stores) {
    for queue in ["probe", "probe", "send-mail"] {
        stores.jobs.create(&new_job(queue)).await.unwrap();
    }
    let running = new_job("probe");
    stores.jobs.create(&running).await.unwrap();
    stores
        .jobs
        .start_attempt(running.id, 1, "host-1")
        .await
        .unwrap();
    let done = new_job("send-mail");
    stores.jobs.create(&done).await.unwrap();
    stores
        .jobs
        .record_progress(&event(done.id, 1, JobStatus::Failed, JobStep::Error))
        .await
        .unwrap();

    let depths: Vec<(String, JobStatus, i64)> = stores
        .jobs
        .unfinished_by_queue()
        .await
        .unwrap()
        .into_iter()
        .map(|d| (d.queue, d.status, d.count))
        .collect();
    assert_eq!(
        depths,
        vec![
            ("probe".into(), JobStatus::Queued, 2),
            ("probe".into(), JobStatus::Running, 1),
            ("send-mail".into(), JobStatus::Queued, 1),
        ]
    );
}

async fn a_users_unfinished_jobs_are_counted_by_queue(stores: Stores) {
    let of = |owner: i64, queue: &str| NewJob {
        owner_user_id: Some(owner),
        ..new_job(queue)
    };
    for job in [
        of(7, "detect-foods"),
        of(7, "detect-foods"),
        of(7, "read-label"),
        of(8, "detect-foods"),
    ] {
        stores.jobs.create(&job).await.unwrap();
    }
    let ended = of(7, "read-label");
    stores.jobs.create(&ended).await.unwrap();
    stores
        .jobs
        .record_progress(&event(ended.id, 1, JobStatus::Completed, JobStep::Complete))
        .await
        .unwrap();
    let mut counts = stores.jobs.unfinished_of_owner(7).await.unwrap();
    counts.sort();
    assert_eq!(
        counts,
        vec![("detect-foods".into(), 2), ("read-label".into(), 1)]
    );
    assert!(stores.jobs.unfinished_of_owner(9).await.unwrap().is_empty());
}

async fn every_job_is_counted_by_queue_status_and_day(stores: Stores) {
    let done = new_job("probe");
    for job in [&done, &new_job("probe"), &new_job("send-mail")] {
        stores.jobs.create(job).await.unwrap();
    }
    stores
        .jobs
        .record_progress(&event(done.id, 1, JobStatus::Completed, JobStep::Complete))
        .await
        .unwrap();
    let mut counts = stores.jobs.count_by_queue().await.unwrap();
    counts.sort_by_key(|(queue, status, _)| (queue.clone(), status.as_str()));
    assert_eq!(
        counts,
        vec![
            ("probe".into(), JobStatus::Completed, 1),
            ("probe".into(), JobStatus::Queued, 1),
            ("send-mail".into(), JobStatus::Queued, 1),
        ]
    );
    // All were created today: the last of the 7 days; a week later, none are. (Today
    // is the records' own, should midnight pass during the test.)
    let now = stores.jobs.get(done.id).await.unwrap().unwrap().created_at;
    let mut days = stores.jobs.created_per_day(now).await.unwrap();
    days.sort();
    assert_eq!(
        days,
        vec![
            ("probe".into(), [0, 0, 0, 0, 0, 0, 2]),
            ("send-mail".into(), [0, 0, 0, 0, 0, 0, 1]),
        ]
    );
    let tomorrow = stores
        .jobs
        .created_per_day(now + chrono::Duration::days(1))
        .await
        .unwrap();
    assert_eq!(tomorrow.len(), 2, "{tomorrow:?}");
    assert!(
        tomorrow.iter().all(|(_, days)| days[5] > 0 && days[6] == 0),
        "{tomorrow:?}"
    );
    let later = stores
        .jobs
        .created_per_day(now + chrono::Duration::days(8))
        .await
        .unwrap();
    assert!(later.is_empty(), "{later:?}");
}

async fn jobs_are_listed_by_queue_and_status_a_page_at_a_time(stores: Stores) {
    let mut waiting = Vec::new();
    for _ in 0..5 {
        let job = new_job("probe");
        stores.jobs.create(&job).await.unwrap();
        waiting.push(job.id);
    }
    let done = new_job("probe");
    stores.jobs.create(&done).await.unwrap();
    stores
        .jobs
        .record_progress(&event(done.id, 1, JobStatus::Completed, JobStep::Complete))
        .await
        .unwrap();
    stores.jobs.create(&new_job("send-mail")).await.unwrap();
    let pending = [JobStatus::Queued, JobStatus::Retrying];

    // Two pages of the five waiting probes: each once, with what it was given.
    let first = stores
        .jobs
        .recent(&["probe"], &pending, 0, 3)
        .await
        .unwrap();
    let rest = stores
        .jobs
        .recent(&["probe"], &pending, 3, 3)
        .await
        .unwrap();
    assert_eq!((first.len(), rest.len()), (3, 2));
    let mut listed: Vec<JobId> = first.iter().chain(&rest).map(|r| r.id).collect();
    listed.sort_by_key(|id| id.to_string());
    waiting.sort_by_key(|id| id.to_string());
    assert_eq!(listed, waiting);
    assert_eq!(
        first[0].payload,
        Some(serde_json::json!({"job_id": "x", "payload": {}}))
    );
    let ended = stores
        .jobs
        .recent(&["probe", "send-mail"], &[JobStatus::Completed], 0, 10)
        .await
        .unwrap();
    assert_eq!(
        ended.iter().map(|r| r.id).collect::<Vec<_>>(),
        vec![done.id]
    );
    let both = stores
        .jobs
        .recent(&["probe", "send-mail"], &pending, 0, 10)
        .await
        .unwrap();
    assert_eq!(both.len(), 6);
    assert!(
        stores
            .jobs
            .recent(&[], &pending, 0, 10)
            .await
            .unwrap()
            .is_empty()
    );
}

async fn a_users_job_runs_can_be_forgotten(stores: Stores) {
    let mine = NewJob {
        owner_user_id: Some(7),
        ..new_job("send-mail")
    };
    let theirs = NewJob {
        owner_user_id: Some(8),
        ..new_job("send-mail")
    };
    stores.jobs.create(&mine).await.unwrap();
    stores.jobs.create(&theirs).await.unwrap();
    assert_eq!(stores.jobs.delete_for_owner(7).await.unwrap(), 1);
    assert!(stores.jobs.get(mine.id).await.unwrap().is_none());
    assert!(stores.jobs.get(theirs.id).await.unwrap().is_some());
}

async fn a_scheduled_task_is_claimed_once_per_period(stores: Stores) {
    let now = chrono::Utc::now();
    let hour = chrono::Duration::hours(1);
    let claim = |at, next| {
        let jobs = stores.jobs.clone();
        async move { jobs.claim_schedule("prune", at, next).await.unwrap() }
    };
    // Never run: due at once, for one of the processes asking together.
    let together: Vec<_> = (0..8)
        .map(|_| tokio::spawn(claim(now, now + hour)))
        .collect();
    let mut claimed = 0;
    for claim in together {
        claimed += usize::from(claim.await.unwrap());
    }
    assert_eq!(claimed, 1);
    assert!(!claim(now + hour / 2, now + hour * 3 / 2).await);
    // Another task has its own period.
    assert!(
        stores
            .jobs
            .claim_schedule("other", now, now + hour)
            .await
            .unwrap()
    );
    // Due again an hour later.
    assert!(claim(now + hour, now + hour * 2).await);
    assert!(!claim(now + hour, now + hour * 2).await);
}

async fn stale_jobs_go_back_to_their_queue_once(stores: Stores) {
    let waiting = stores.jobs.create(&new_job("detect_foods")).await.unwrap();
    let running = stores.jobs.create(&new_job("read_label")).await.unwrap();
    assert!(
        stores
            .jobs
            .start_attempt(running.id, 1, "gpu-7")
            .await
            .unwrap()
    );
    let done = stores.jobs.create(&new_job("probe")).await.unwrap();
    stores
        .jobs
        .record_progress(&event(done.id, 1, JobStatus::Completed, JobStep::Complete))
        .await
        .unwrap();
    let unpaid = stores
        .jobs
        .create(&NewJob {
            payload: None,
            ..new_job("probe")
        })
        .await
        .unwrap();

    let now = chrono::Utc::now() + chrono::TimeDelta::seconds(1);
    // Nothing is stale yet at an earlier cut-off.
    let earlier = now - chrono::TimeDelta::hours(1);
    assert!(stores.jobs.stale(earlier, 10).await.unwrap().is_empty());

    let stale = stores.jobs.stale(now, 10).await.unwrap();
    let ids: Vec<JobId> = stale.iter().map(|s| s.id).collect();
    assert_eq!(
        ids,
        [waiting.id, running.id],
        "unfinished, with a payload, oldest first"
    );
    assert_eq!(stale[1].worker.as_deref(), Some("gpu-7"));
    assert_eq!(stale[1].status, JobStatus::Running);
    assert!(!ids.contains(&unpaid.id) && !ids.contains(&done.id));

    assert!(stores.jobs.requeue(running.id, now).await.unwrap());
    let back = stores.jobs.get(running.id).await.unwrap().unwrap();
    assert_eq!(back.status, JobStatus::Queued);
    assert_eq!((back.worker, back.runs), (None, 1));
    // Touched since the cut-off: not put back twice.
    assert!(
        !stores
            .jobs
            .requeue(running.id, back.updated_at)
            .await
            .unwrap()
    );
    assert!(!stores.jobs.requeue(done.id, now).await.unwrap());
    // Started again: a second run is counted.
    assert!(
        stores
            .jobs
            .start_attempt(running.id, 1, "gpu-8")
            .await
            .unwrap()
    );
    let again = stores.jobs.get(running.id).await.unwrap().unwrap();
    assert_eq!((again.worker.as_deref(), again.runs), (Some("gpu-8"), 2));
}
