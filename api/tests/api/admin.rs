//! The admin listener: closed without ADMIN_TOKEN, the job board and metrics behind
//! it, and the bad-input rules on its JSON endpoint.

use std::time::Duration;

use serde_json::{Value, json};

use crate::support::{
    ADMIN_TOKEN, Options, TestApp, done_on_board, figure, json_of, on_board, queue_names,
    spawn_app, wait_finished,
};

#[tokio::test]
async fn the_admin_listener_is_closed_without_a_token() {
    let Some(app) = spawn_app(Options {
        admin_token: None,
        ..Options::default()
    })
    .await
    else {
        return;
    };
    for path in ["/", "/metrics", "/api/v1/queues"] {
        let response = app
            .client
            .get(format!("{}{path}", app.admin))
            .bearer_auth("anything")
            .send()
            .await
            .unwrap();
        let (status, body) = json_of(response).await;
        assert_eq!(status, 403, "{path}");
        assert_eq!(body["error"]["code"], "ADMIN_CLOSED");
    }
}

#[tokio::test]
async fn the_admin_token_must_be_presented() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let missing = app
        .client
        .get(format!("{}/", app.admin))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), 401);
    assert!(
        missing.headers()["www-authenticate"]
            .to_str()
            .unwrap()
            .starts_with("Basic")
    );
    let wrong = app
        .client
        .get(format!("{}/metrics", app.admin))
        .basic_auth("admin", Some("wrong"))
        .send()
        .await
        .unwrap();
    assert_eq!(wrong.status(), 401);

    // A browser logs in with basic auth and gets the board.
    let board = app
        .client
        .get(format!("{}/", app.admin))
        .basic_auth("admin", Some(ADMIN_TOKEN))
        .send()
        .await
        .unwrap();
    assert_eq!(board.status(), 200);
    assert!(board.text().await.unwrap().contains("Apalis Board"));
}

#[tokio::test]
async fn the_board_shows_every_queue_its_tasks_and_its_workers() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let board = |path: String| {
        let (client, admin) = (&app.client, &app.admin);
        async move { on_board(client, admin, &path).await }
    };
    let job_id = app.probe(1, 1).await;
    wait_finished(&app, &job_id).await;

    // Every queue, with its figures and the worker each has in this process.
    let mut queues = serde_json::Value::Null;
    for _ in 0..50 {
        queues = board("/queues".into()).await;
        let all_have_workers = queues
            .as_array()
            .unwrap()
            .iter()
            .all(|q| q["workers"].as_array().is_some_and(|w| !w.is_empty()));
        if all_have_workers {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    let listed = queue_names(&queues);
    let expected: Vec<String> = jobs::QUEUES
        .iter()
        .map(|q| app.state.jobs.queue().queue_name(q))
        .collect();
    assert_eq!(listed, expected);
    for queue in queues.as_array().unwrap() {
        let done = if queue["name"].as_str().unwrap().ends_with("probe") {
            1
        } else {
            0
        };
        assert_eq!(figure(queue, "DONE_JOBS"), done, "{queue}");
        for title in ["PENDING_JOBS", "RUNNING_JOBS", "FAILED_JOBS"] {
            assert_eq!(figure(queue, title), 0, "{queue}");
        }
        assert!(!queue["workers"].as_array().unwrap().is_empty(), "{queue}");
    }

    // The probe is listed under Done, with its payload readable, and not under Pending.
    let done = done_on_board(&app.client, &app.admin, 1).await;
    assert_eq!(done.len(), 1, "{done:?}");
    assert_eq!(done[0]["args"]["job_id"], job_id.as_str());
    assert_eq!(done[0]["args"]["payload"]["steps"], 1);
    let pending = board("/tasks?status=Pending".into()).await;
    assert_eq!(pending, serde_json::json!([]));

    let overview = board("/overview".into()).await;
    assert!(
        overview
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["title"] == "DONE_JOBS" && s["value"] == "1"),
        "{overview}"
    );
    let workers = board("/workers".into()).await;
    assert!(
        workers.as_array().unwrap().len() >= jobs::QUEUES.len(),
        "{workers}"
    );

    // Each queue's own pages answer too.
    for name in &expected {
        let tasks = board(format!("/queues/{name}/tasks?status=Done")).await;
        assert!(tasks.is_array(), "{name}: {tasks}");
    }

    // The log stream the board's status reads answers as a stream.
    let events = app
        .client
        .get(format!("{}/api/v1/events", app.admin))
        .bearer_auth(ADMIN_TOKEN)
        .send()
        .await
        .unwrap();
    assert_eq!(events.status(), 200);
    assert_eq!(events.headers()["content-type"], "text/event-stream");
}

#[tokio::test]
async fn metrics_count_requests_and_queue_depths() {
    let Some(app) = spawn_app(Options {
        embedded_workers: false,
        ..Options::default()
    })
    .await
    else {
        return;
    };
    app.get("/health").await;
    app.probe(1, 0).await;
    let text = app.metrics().await;
    assert!(
        text.contains(r#"http_requests_total{method="GET",route="/api/v1/health",status="200"} 1"#),
        "{text}"
    );
    assert!(text.contains("http_request_duration_seconds_bucket"));
    // No worker runs, so the probe waits on its queue.
    assert!(
        text.contains(r#"job_queue_depth{queue="probe",status="queued"} 1"#),
        "{text}"
    );
    assert!(text.contains(r#"job_queue_depth{queue="send-mail",status="queued"} 0"#));
    // How old the waiting probe is, and that nobody takes it: the autoscaling signal
    // (queued jobs per live worker) is the queue's whole depth.
    let gauge = |name: &str| -> f64 {
        let line = text
            .lines()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("{name} in {text}"));
        line.rsplit(' ').next().unwrap().parse().unwrap()
    };
    let age = gauge(r#"job_oldest_age_seconds{queue="probe",status="queued"}"#);
    assert!((0.0..60.0).contains(&age), "{age}");
    assert_eq!(gauge(r#"job_workers{queue="probe"}"#), 0.0);
    assert_eq!(gauge(r#"job_queue_depth_per_worker{queue="probe"}"#), 1.0);
    assert_eq!(
        gauge(r#"job_oldest_age_seconds{queue="send-mail",status="queued"}"#),
        0.0
    );
}

#[tokio::test]
async fn bad_json_bodies_get_clear_errors() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let probe = || {
        app.client
            .post(format!("{}/probe", app.admin))
            .bearer_auth(ADMIN_TOKEN)
    };
    let cases = [
        (
            probe()
                .header("content-type", "application/json")
                .body("{\"steps\": 2,"),
            400,
            "MALFORMED_JSON",
        ),
        (probe().body("steps=2"), 415, "UNSUPPORTED_MEDIA_TYPE"),
        (
            probe().header("content-type", "text/plain").body("{}"),
            415,
            "UNSUPPORTED_MEDIA_TYPE",
        ),
        (
            probe().json(&serde_json::json!({"steps": "two"})),
            422,
            "VALIDATION_ERROR",
        ),
        (
            probe().json(&serde_json::json!({"steps": -1})),
            422,
            "VALIDATION_ERROR",
        ),
        (
            probe().json(&serde_json::json!({"stepz": 1})),
            422,
            "VALIDATION_ERROR",
        ),
        (
            probe().json(&serde_json::json!([1, 2])),
            422,
            "VALIDATION_ERROR",
        ),
        (
            probe()
                .header("content-type", "application/json")
                .body(format!("{{\"pad\": \"{}\"}}", "x".repeat(200 * 1024))),
            413,
            "PAYLOAD_TOO_LARGE",
        ),
    ];
    for (request, want_status, want_code) in cases {
        let (status, body) = json_of(request.send().await.unwrap()).await;
        assert_eq!(status, want_status, "{body}");
        assert_eq!(body["success"], false);
        assert_eq!(body["error"]["code"], want_code, "{body}");
        assert!(!body["error"]["message"].as_str().unwrap().is_empty());
    }
    // Nothing was enqueued by any of them.
    let depths = app.state.jobs.store().unfinished_by_queue().await.unwrap();
    assert!(depths.is_empty(), "{depths:?}");
    // An empty object takes the defaults.
    let (status, _) = json_of(probe().json(&serde_json::json!({})).send().await.unwrap()).await;
    assert_eq!(status, 200);
}

/// Every list of the board, by queue and status, as long as the figure that opens it.
async fn board_counts_match_lists(app: &TestApp) -> Vec<Value> {
    let board = |path: String| {
        let (client, admin) = (&app.client, &app.admin);
        async move { on_board(client, admin, &path).await }
    };
    let statuses = [
        ("Pending", "PENDING_JOBS"),
        ("Running", "RUNNING_JOBS"),
        ("Done", "DONE_JOBS"),
        ("Failed", "FAILED_JOBS"),
        ("Killed", "KILLED_JOBS"),
    ];
    let queues = board("/queues".into()).await;
    let overview = board("/overview".into()).await;
    for (status, title) in statuses {
        let all = board(format!("/tasks?status={status}&page=1&page_size=100")).await;
        let total = overview
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["title"] == title)
            .unwrap()["value"]
            .as_str()
            .unwrap()
            .parse::<usize>()
            .unwrap();
        assert_eq!(all.as_array().unwrap().len(), total, "{status}: {all}");
        for queue in queues.as_array().unwrap() {
            let name = queue["name"].as_str().unwrap();
            let listed = board(format!(
                "/queues/{name}/tasks?status={status}&page=1&page_size=100"
            ))
            .await;
            let card = figure(queue, title);
            assert_eq!(
                listed.as_array().unwrap().len() as i64,
                card,
                "{name} {status}"
            );
            let stats = json!({"stats": board(format!("/queues/{name}/stats")).await});
            assert_eq!(figure(&stats, title), card, "{name} {status}");
            for task in listed.as_array().unwrap() {
                assert_eq!(task["ctx"]["status"], status, "{task}");
            }
        }
    }
    queues.as_array().unwrap().clone()
}

async fn summary_page(app: &TestApp, path: &str, language: &str) -> String {
    let response = app
        .client
        .get(format!("{}{path}", app.admin))
        .bearer_auth(ADMIN_TOKEN)
        .header("accept-language", language)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "{path}");
    response.text().await.unwrap()
}

/// Issue 47: the board tells the truth. After a mix of done, failed, cancelled and
/// pending jobs every count is the length of the list it opens; a cancelled job is
/// listed as cancelled, a job recorded but not yet queued as pending; a worker that went
/// silent is no longer listed as working, and the phone-width summary says so.
#[tokio::test]
async fn the_board_s_counts_are_its_lists_and_a_silent_worker_is_gone() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let done = app.probe(1, 1).await;
    wait_finished(&app, &done).await;
    let (status, import) = json_of(
        app.client
            .post(format!("{}/imports", app.admin))
            .bearer_auth(ADMIN_TOKEN)
            .json(&json!({"source": "usda", "path": "/no/such/release"}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 200, "{import}");
    let failed = import["data"]["job_id"].as_str().unwrap().to_owned();
    assert_eq!(wait_finished(&app, &failed).await["status"], "failed");
    let slow = app.probe(20, 5_000).await;
    let slow_id: jobs::JobId = slow.parse().unwrap();
    for _ in 0..100 {
        let record = app.state.jobs.store().get(slow_id).await.unwrap().unwrap();
        if record.status == jobs::JobStatus::Running {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(app.state.jobs.cancel(slow_id).await.unwrap());
    assert_eq!(wait_finished(&app, &slow).await["status"], "cancelled");
    // One more is recorded and held before its queue: pending, and listed so.
    let hold = app.state.jobs.hold_enqueues();
    let held = {
        let (client, admin) = (app.client.clone(), app.admin.clone());
        tokio::spawn(async move {
            client
                .post(format!("{admin}/probe"))
                .bearer_auth(ADMIN_TOKEN)
                .json(&json!({"steps": 1, "step_delay_ms": 1}))
                .send()
                .await
        })
    };
    tokio::time::timeout(Duration::from_secs(20), hold.reached())
        .await
        .unwrap();

    let queues = board_counts_match_lists(&app).await;
    let probe = queues
        .iter()
        .find(|q| q["name"].as_str().unwrap().ends_with("probe"))
        .unwrap();
    assert_eq!(figure(probe, "KILLED_JOBS"), 1, "{probe}");
    assert_eq!(figure(probe, "PENDING_JOBS"), 1, "{probe}");
    assert_eq!(figure(probe, "DONE_JOBS"), 1, "{probe}");
    let killed = on_board(&app.client, &app.admin, "/tasks?status=Killed").await;
    assert_eq!(killed[0]["args"]["job_id"], slow.as_str(), "{killed}");
    let failed_listed = on_board(&app.client, &app.admin, "/tasks?status=Failed").await;
    assert_eq!(failed_listed[0]["args"]["job_id"], failed.as_str());
    assert_eq!(
        failed_listed[0]["args"]["payload"]["path"],
        "/no/such/release"
    );
    let name = probe["name"].as_str().unwrap();
    let one = on_board(
        &app.client,
        &app.admin,
        &format!("/queues/{name}/tasks/{slow}"),
    )
    .await;
    assert_eq!(one["ctx"]["status"], "Killed");

    // The phone's page: the same figures, each opening exactly its jobs.
    let summary = summary_page(&app, "/summary", "en").await;
    assert!(summary.contains("width=device-width"), "{summary}");
    assert!(summary.contains(r#"data-status="healthy""#), "{summary}");
    let cancelled = summary_page(&app, "/summary/tasks?queue=probe&status=cancelled", "en").await;
    assert_eq!(cancelled.matches("data-job=").count(), 1, "{cancelled}");
    assert!(cancelled.contains(&slow), "{cancelled}");
    let waiting = summary_page(&app, "/summary/tasks?queue=probe&status=pending", "zh").await;
    assert_eq!(waiting.matches("data-job=").count(), 1, "{waiting}");
    assert!(waiting.contains("等待中"), "{waiting}");
    let failed_page = summary_page(
        &app,
        "/summary/tasks?queue=import-foods&status=failed",
        "en",
    )
    .await;
    assert!(failed_page.contains(&failed), "{failed_page}");

    hold.release();
    let (_, started) = json_of(held.await.unwrap().unwrap()).await;
    let held_id = started["data"]["job_id"].as_str().unwrap();
    wait_finished(&app, held_id).await;
    let queues = board_counts_match_lists(&app).await;
    let probe = queues
        .iter()
        .find(|q| q["name"].as_str().unwrap().ends_with("probe"))
        .unwrap();
    assert_eq!(figure(probe, "PENDING_JOBS"), 0, "{probe}");
    assert_eq!(figure(probe, "DONE_JOBS"), 2, "{probe}");

    // A worker of a process that ended 40 minutes ago is gone: not listed as working,
    // and the summary says so.
    let silent_since = chrono::Utc::now().timestamp() - 40 * 60;
    let ghost = format!("{name}@ghost-4242");
    match app.state.jobs.queue() {
        jobs::QueueBackend::Sqlite(pool) => {
            sqlx::query(
                "insert into Workers (id, worker_type, storage_name, layers, last_seen, started_at) \
                 values (?1, ?2, 'SqliteStorage', '', ?3, ?3)",
            )
            .bind(&ghost)
            .bind(name)
            .bind(silent_since)
            .execute(pool)
            .await
            .unwrap();
        }
        jobs::QueueBackend::Redis { conn, namespace } => {
            let mut conn = conn.clone();
            let _: () = redis::cmd("ZADD")
                .arg(format!("{namespace}:probe:workers"))
                .arg(silent_since)
                .arg(&ghost)
                .query_async(&mut conn)
                .await
                .unwrap();
        }
    }
    let workers = on_board(&app.client, &app.admin, "/workers").await;
    assert!(
        workers
            .as_array()
            .unwrap()
            .iter()
            .all(|w| w["id"] != ghost.as_str()),
        "{workers}"
    );
    let queues = on_board(&app.client, &app.admin, "/queues").await;
    for queue in queues.as_array().unwrap() {
        assert!(
            queue["workers"]
                .as_array()
                .unwrap()
                .iter()
                .all(|w| w != ghost.as_str()),
            "{queue}"
        );
    }
    let summary = summary_page(&app, "/summary", "en").await;
    assert!(summary.contains(r#"data-status="attention""#), "{summary}");
    assert!(
        summary.contains("1 workers stopped sending heartbeats"),
        "{summary}"
    );
    assert!(summary.contains("last heard 40 min ago"), "{summary}");
    assert!(summary.contains(r#"data-worker="gone""#), "{summary}");
    let zh = summary_page(&app, "/summary", "zh-CN,zh;q=0.9").await;
    assert!(zh.contains("需要处理"), "{zh}");
    assert!(zh.contains("已离线"), "{zh}");
}
