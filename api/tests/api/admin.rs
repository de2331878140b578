//! The admin listener: closed without ADMIN_TOKEN, the job board and metrics behind
//! it, and the bad-input rules on its JSON endpoint.

use crate::support::{
    ADMIN_TOKEN, Options, done_on_board, figure, json_of, on_board, queue_names, spawn_app,
    wait_finished,
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

    // Each queue's own pages are the crate's.
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
