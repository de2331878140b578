//! Jobs end to end on the configured queue: progress over SSE (live, late, resumed),
//! cancellation, enqueue-and-await, retries with backoff and the abort path, mail.

use std::time::Duration;

use jobs::{
    JobsError, Outcome,
    payloads::{MailDelivery, Probe, SendMail},
};
use models::MailedLink;

use crate::support::{self, Options, TestApp, run_job, spawn_app, wait_finished};

#[tokio::test]
async fn a_client_watches_a_job_from_queued_to_completed() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let job_id = app.probe(3, 50).await;
    let events = app.events(&job_id, None, 100).await;
    let steps: Vec<&str> = events
        .iter()
        .map(|e| e.data["step"].as_str().unwrap())
        .collect();
    assert_eq!(steps.last(), Some(&"complete"), "{steps:?}");
    assert!(steps.contains(&"probe"), "{steps:?}");
    // Ids grow with every event and match the payload's sequence number.
    let ids: Vec<i64> = events.iter().map(|e| e.id.unwrap()).collect();
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "{ids:?}");
    assert!(events.iter().all(|e| e.data["seq"].as_i64() == e.id));
    let last = &events.last().unwrap().data;
    assert_eq!(last["status"], "completed");
    assert_eq!(last["progress"], 100);
    assert_eq!(last["result"]["steps"], 3);
    let progress: Vec<u64> = events
        .iter()
        .map(|e| e.data["progress"].as_u64().unwrap())
        .collect();
    assert!(progress.windows(2).all(|w| w[0] <= w[1]), "{progress:?}");

    let (status, body) = app.admin_get(&format!("/jobs/{job_id}/")).await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["status"], "completed");
    assert_eq!(body["data"]["attempts"], 1);
    assert_eq!(body["data"]["result"]["steps"], 3);
}

#[tokio::test]
async fn a_late_client_gets_the_current_state_not_nothing() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let job_id = app.probe(1, 0).await;
    wait_finished(&app, &job_id).await;
    let events = app.events(&job_id, None, 10).await;
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(events[0].data["status"], "completed");
    assert_eq!(events[0].data["step"], "complete");
}

#[tokio::test]
async fn a_reconnecting_client_resumes_after_its_last_event() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let job_id = app.probe(6, 150).await;
    // Read the first few events, then drop the connection mid-job.
    let first = app.events(&job_id, None, 3).await;
    let last_seen = first.last().unwrap().id.unwrap();
    let rest = app.events(&job_id, Some(last_seen), 100).await;
    assert!(rest.iter().all(|e| e.id.unwrap() > last_seen), "{rest:?}");
    assert_eq!(rest.last().unwrap().data["status"], "completed");
    // Resuming after the final event: 204, which tells an EventSource to stop.
    let final_id = rest.last().unwrap().id.unwrap();
    let done = app
        .client
        .get(app.admin_url(&format!("/jobs/{job_id}/events/")))
        .header("last-event-id", final_id.to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(done.status(), 204);

    let response = app
        .client
        .get(app.admin_url(&format!("/jobs/{job_id}/events/")))
        .header("last-event-id", "soon")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
}

#[tokio::test]
async fn cancelling_stops_a_running_job() {
    // One job at a time: the next job can only start once the cancelled one stopped.
    let Some(app) = spawn_app(Options {
        concurrency: 1,
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let long = app.probe(20, 200).await;
    let early = app.events(&long, None, 3).await;
    assert!(
        early.iter().any(|e| e.data["status"] == "running"),
        "{early:?}"
    );
    let reached = early.last().unwrap().data["progress"].as_u64().unwrap();
    let cancelled_at = std::time::Instant::now();
    let (status, body) = app
        .admin_post(&format!("/jobs/{long}/cancel/"), &serde_json::json!({}))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["cancelled"], true);

    let job = wait_finished(&app, &long).await;
    assert_eq!(job["status"], "cancelled");
    assert_eq!(job["progress"]["step"], "cancelled");
    // The final event keeps the progress reached, short of the end.
    let kept = job["progress"]["progress"].as_u64().unwrap();
    assert!(kept >= reached && kept < 100, "{kept} after {reached}");

    // The work stopped: the single slot is free long before the cancelled job's
    // remaining 3 s of steps would have ended.
    let next = app.probe(1, 0).await;
    let finished = wait_finished(&app, &next).await;
    assert_eq!(finished["status"], "completed");
    assert!(
        cancelled_at.elapsed() < Duration::from_millis(2500),
        "{:?}",
        cancelled_at.elapsed()
    );

    let (status, body) = app
        .admin_post(&format!("/jobs/{long}/cancel/"), &serde_json::json!({}))
        .await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["cancelled"], false);
}

#[tokio::test]
async fn a_queued_job_cancelled_never_runs() {
    let Some(app) = spawn_app(Options {
        embedded_workers: false,
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let job_id = app.probe(1, 0).await;
    let queued = app.events(&job_id, None, 1).await;
    assert_eq!(queued[0].data["status"], "queued");
    assert_eq!(queued[0].id, Some(0));
    let (status, _) = app
        .admin_post(&format!("/jobs/{job_id}/cancel/"), &serde_json::json!({}))
        .await;
    assert_eq!(status, 200);
    let events = app.events(&job_id, None, 10).await;
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].data["status"], "cancelled");
    let (_, body) = app.admin_get(&format!("/jobs/{job_id}/")).await;
    assert_eq!(body["data"]["attempts"], 0);
}

#[tokio::test]
async fn endpoints_can_enqueue_and_await_a_result() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let report = run_job(&app, Probe::new(2, 10)).await.unwrap();
    assert_eq!(report.steps, 2);
    assert_eq!(
        report.pid,
        std::process::id(),
        "embedded workers run in-process"
    );
}

#[tokio::test]
async fn a_short_wait_leaves_the_work_going_on() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let started = std::time::Instant::now();
    let job_id = app.state.jobs.push(Probe::new(4, 300), None).await.unwrap();
    let outcome = app
        .state
        .jobs
        .outcome_within::<Probe>(job_id, Duration::from_millis(400))
        .await
        .unwrap();
    let Outcome::Pending(progress) = outcome else {
        panic!("expected the job under way, got {outcome:?}")
    };
    assert!(started.elapsed() < Duration::from_secs(3));
    assert_eq!(progress.job_id, job_id);
    assert!(!progress.is_terminal());
    // Nobody waits any more, and the job still finishes.
    let job = wait_finished(&app, &job_id.to_string()).await;
    assert_eq!(job["status"], "completed");
}

/// An account made in the store, so that no sign-up mail is queued beside the test's.
async fn account(app: &TestApp, name: &str) -> models::User {
    app.state
        .stores
        .users
        .create(&models::NewUser {
            username: models::Username::parse(name).unwrap(),
            email: models::Email::parse(&format!("{name}@example.com")).unwrap(),
            nickname: "李华".into(),
            password_hash: "not used".into(),
        })
        .await
        .unwrap()
}

fn mail(user: &models::User, link: MailedLink) -> SendMail {
    SendMail {
        user_id: user.id.get(),
        link,
    }
}

#[tokio::test]
async fn mail_lands_in_the_outbox_in_the_embedded_default() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let user = account(&app, "lihua").await;
    let delivery = run_job(&app, mail(&user, MailedLink::VerifyEmail))
        .await
        .unwrap();
    let MailDelivery::Outbox { file } = delivery else {
        panic!("expected the outbox, got {delivery:?}")
    };
    // Issue 48: the job's result names the file, not where the server keeps it.
    assert!(file.ends_with(".eml") && !file.contains('/'), "{file}");
    let path = app.data_dir.path().join("outbox").join(&file);
    let sent = std::fs::read_to_string(&path)
        .unwrap()
        .replace("=\r\n", "")
        .replace("=\n", "");
    assert!(sent.contains("To: lihua@example.com"), "{sent}");
    // The worker made the link as it sent: it verifies the address.
    let page = "http://127.0.0.1:8080/verify-email/";
    let start = sent.find(page).unwrap() + page.len();
    let token: String = sent[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    let (status, verified) = app
        .post("/auth/verify-email/", &serde_json::json!({"token": token}))
        .await;
    assert_eq!(status, 200, "{verified}");
}

#[tokio::test]
async fn a_mail_no_longer_needed_is_not_sent() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let verified = account(&app, "verified").await;
    app.state
        .stores
        .users
        .mark_email_verified(verified.id)
        .await
        .unwrap();
    let gone = account(&app, "gone").await;
    app.state.stores.users.delete(gone.id).await.unwrap();
    for (user, link) in [
        (&verified, MailedLink::VerifyEmail),
        (&gone, MailedLink::ResetPassword),
    ] {
        let delivery = run_job(&app, mail(user, link)).await.unwrap();
        assert!(
            matches!(delivery, MailDelivery::NotSent { .. }),
            "{delivery:?}"
        );
    }
    assert!(
        !app.data_dir.path().join("outbox").exists(),
        "no mail written"
    );
}

#[tokio::test]
async fn mail_goes_over_smtp_when_a_relay_is_configured() {
    let smtp = support::smtp::Listener::start().await;
    let Some(app) = support::spawn_app_mailing_to(&smtp).await else {
        return;
    };
    let user = account(&app, "wangfang").await;
    let delivery = run_job(&app, mail(&user, MailedLink::ResetPassword))
        .await
        .unwrap();
    assert!(
        matches!(delivery, MailDelivery::Smtp { .. }),
        "{delivery:?}"
    );
    let received = smtp.received().await;
    assert_eq!(received.len(), 1);
    assert_eq!(
        received[0].recipients,
        vec!["<wangfang@example.com>".to_owned()]
    );
    let data = received[0].data.replace("=\n", "");
    assert!(data.contains("reset-password/"), "{data}");
    assert!(data.contains("Subject: Reset your password"), "{data}");
}

#[tokio::test]
async fn transient_failures_are_retried_with_backoff_then_fail() {
    // A port nobody listens on: every attempt is refused.
    let closed = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let Some(app) = spawn_app(Options {
        smtp_url: Some(format!("smtp://{closed}")),
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let user = account(&app, "unlucky").await;
    let job_id = app
        .state
        .jobs
        .push(mail(&user, MailedLink::VerifyEmail), None)
        .await
        .unwrap()
        .to_string();
    let events = app.events(&job_id, None, 100).await;
    let retrying = events
        .iter()
        .filter(|e| e.data["status"] == "retrying")
        .count();
    assert!(retrying >= 1, "{events:?}");
    let last = &events.last().unwrap().data;
    assert_eq!(last["status"], "failed");
    assert_eq!(last["step"], "error");
    assert_eq!(last["error"]["code"], "JOB_FAILED");
    let (_, body) = app.admin_get(&format!("/jobs/{job_id}/")).await;
    assert_eq!(body["data"]["attempts"], jobs::MAX_RETRIES + 1);
    assert!(
        body["data"]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("mail server")
    );
}

#[tokio::test]
async fn permanent_failures_fail_at_once() {
    // The relay refuses the recipient for good (550).
    let smtp = support::smtp::Listener::start().await;
    let Some(app) = support::spawn_app_mailing_to(&smtp).await else {
        return;
    };
    let user = account(&app, "refused").await;
    let outcome = run_job(&app, mail(&user, MailedLink::VerifyEmail)).await;
    let Err(JobsError::Failed(failure)) = outcome else {
        panic!("expected a failure, got {outcome:?}")
    };
    assert_eq!(failure.code, "MAIL_REJECTED");
    assert!(failure.message.contains("refused"), "{}", failure.message);
    // The job keeps the server's reply without the address it named.
    assert!(
        !failure.message.contains("refused@example.com"),
        "{}",
        failure.message
    );
    let depths = app.state.jobs.store().unfinished_by_queue().await.unwrap();
    assert!(depths.is_empty());
}

#[tokio::test]
async fn a_job_recorded_but_never_queued_is_queued_by_the_sweep() {
    // No workers: what the sweep puts back on the queue stays there to be seen.
    let Some(app) = spawn_app(Options {
        embedded_workers: false,
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let jobs = &app.state.jobs;
    // A process died between recording this job and queueing it...
    let lost = jobs.record(Probe::new(1, 0), None).await.unwrap().id();
    // ...while this one was queued as usual.
    let queued = jobs.push(Probe::new(1, 0), None).await.unwrap();
    assert!(!jobs.queue().holds("probe", lost).await.unwrap());
    assert!(jobs.queue().holds("probe", queued).await.unwrap());
    tokio::time::sleep(Duration::from_millis(20)).await;
    // Only the lost one goes back on its queue, once.
    assert_eq!(jobs::sweeper::sweep(jobs, Duration::ZERO).await.unwrap(), 1);
    assert!(jobs.queue().holds("probe", lost).await.unwrap());
    assert_eq!(jobs::sweeper::sweep(jobs, Duration::ZERO).await.unwrap(), 0);
}

/// Issue 48: the admin's jobs (probes, imports) are served on the admin listener only:
/// the public API answers them as missing, to a caller without a token and to a
/// signed-in one, and cannot cancel them. A job someone not signed in can start (a
/// USDA food's nutrients) stays followable there.
#[tokio::test]
async fn the_admin_s_jobs_are_not_on_the_public_api() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let probe = app.probe(20, 200).await;
    let (status, import) = app
        .admin_post(
            "/imports",
            &serde_json::json!({"source": "usda", "path": "/no/such/release"}),
        )
        .await;
    assert_eq!(status, 200, "{import}");
    assert_eq!(
        import["data"]["events"],
        format!(
            "/jobs/{}/events",
            import["data"]["job_id"].as_str().unwrap()
        )
    );
    let import = import["data"]["job_id"].as_str().unwrap().to_owned();
    let ann = support::register(&app, "ann").await;
    for job in [&probe, &import] {
        for path in [
            format!("/jobs/{job}/"),
            format!("/jobs/{job}/result/"),
            format!("/jobs/{job}/events/"),
        ] {
            let (status, body) = app.get(&path).await;
            assert_eq!(status, 404, "{path}: {body}");
            assert_eq!(body["error"]["code"], "NOT_FOUND", "{body}");
            let (status, _) = support::get_as(&app, &path, &ann.access).await;
            assert_eq!(status, 404, "{path}");
        }
        let (status, _) = app
            .post(&format!("/jobs/{job}/cancel/"), &serde_json::json!({}))
            .await;
        assert_eq!(status, 404);
    }
    let (_, running) = app.admin_get(&format!("/jobs/{probe}/")).await;
    assert_ne!(running["data"]["status"], "cancelled", "{running}");
    // The admin sees and stops them.
    let (status, cancelled) = app
        .admin_post(&format!("/jobs/{probe}/cancel/"), &serde_json::json!({}))
        .await;
    assert_eq!(
        (status, &cancelled["data"]["cancelled"]),
        (200, &serde_json::json!(true))
    );
    assert_eq!(wait_finished(&app, &probe).await["status"], "cancelled");
    // An anonymous USDA fetch is still followed on the public API by its id.
    let fetch = app
        .state
        .jobs
        .push(
            jobs::payloads::FetchUsdaFood {
                fdc_id: 1,
                spender: None,
            },
            None,
        )
        .await
        .unwrap();
    let (status, body) = app.get(&format!("/jobs/{fetch}/")).await;
    assert_eq!(status, 200, "{body}");
}
