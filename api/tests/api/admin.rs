//! The admin listener: closed without ADMIN_TOKEN, the job board and metrics behind
//! it, and the bad-input rules on its JSON endpoint.

use crate::support::{ADMIN_TOKEN, Options, json_of, spawn_app};

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
async fn the_board_has_every_queue_registered() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    // Per-queue task lists (the Redis backend's per-queue stats script is broken
    // upstream, so stats are not used here).
    let stats = |queue: String| {
        app.client
            .get(format!("{}/api/v1/queues/{queue}/tasks", app.admin))
            .bearer_auth(ADMIN_TOKEN)
            .send()
    };
    for queue in jobs::QUEUES {
        let name = app.state.jobs.queue().queue_name(queue);
        let response = stats(name.clone()).await.unwrap();
        let status = response.status();
        if status != 200 {
            panic!("{name}: {status} {}", response.text().await.unwrap());
        }
        let body: serde_json::Value = response.json().await.unwrap();
        assert!(body.is_array(), "{name}: {body}");
    }
    // Paths the board's API does not know fall to its UI page, not to stats.
    let unknown = stats("no-such-queue".into()).await.unwrap();
    assert!(unknown.json::<serde_json::Value>().await.is_err());
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
