//! API conventions: envelope, statuses, trailing slashes, unknown routes, CORS, the
//! OpenAPI document, the web app and its client-route fallback.
//!
//! Long on purpose: the conventions every route shares (envelope, statuses, slashes,
//! CORS, the OpenAPI document, the web app) are tested in one place so no route file
//! repeats them.

use serde_json::Value;

use crate::support::{self, Options, spawn_app};

#[tokio::test]
async fn health_answers_in_the_envelope_with_or_without_trailing_slash() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    for path in ["/health", "/health/"] {
        let (status, body) = app.get(path).await;
        assert_eq!(status, 200);
        assert_eq!(body["success"], true);
        assert_eq!(body["data"]["status"], "ok");
        assert_eq!(body["error"], Value::Null);
    }
}

#[tokio::test]
async fn readiness_names_the_database_and_queue_in_use() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let (status, body) = app.get("/health/ready/").await;
    assert_eq!(status, 200, "{body}");
    let data = &body["data"];
    assert_eq!(data["status"], "ready");
    assert_eq!(data["workers"], "in-process");
    match app.engine {
        store::Engine::Sqlite => {
            assert_eq!(data["mode"], "embedded");
            assert_eq!(data["database"], "sqlite");
            assert_eq!(data["queue"], "sqlite");
            assert_eq!(data["bus"], "in-process");
        }
        store::Engine::Postgres => {
            assert_eq!(data["mode"], "fleet");
            assert_eq!(data["database"], "postgres");
            assert_eq!(data["queue"], "redis");
            assert_eq!(data["bus"], "redis");
        }
    }
}

#[tokio::test]
async fn unknown_api_routes_and_methods_get_json_errors() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let (status, body) = app.get("/no/such/route/").await;
    assert_eq!(status, 404);
    assert_eq!(body["success"], false);
    assert_eq!(body["data"], Value::Null);
    assert_eq!(body["error"]["code"], "NOT_FOUND");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("/no/such/route")
    );

    let response = app.client.delete(app.url("/health/")).send().await.unwrap();
    let (status, body) = support::json_of(response).await;
    assert_eq!(status, 405);
    assert_eq!(body["error"]["code"], "METHOD_NOT_ALLOWED");

    // The API base itself is no page of the web app.
    let (status, body) = support::json_of(
        app.client
            .get(format!("{}/api/v1", app.api))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!((status, body["success"].clone()), (404, Value::Bool(false)));
}

#[tokio::test]
async fn bad_path_parameters_are_reported() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let (status, body) = app.get("/jobs/not-a-uuid/").await;
    assert_eq!(status, 400);
    assert_eq!(body["error"]["code"], "BAD_REQUEST");
    let (status, body) = app.get(&format!("/jobs/{}/", uuid::Uuid::new_v4())).await;
    assert_eq!(status, 404);
    assert_eq!(body["error"]["message"], "Job not found");
}

#[tokio::test]
async fn the_dev_server_origin_may_call_the_api() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let preflight = app
        .client
        .request(reqwest::Method::OPTIONS, app.url("/health/"))
        .header("origin", "http://localhost:5173")
        .header("access-control-request-method", "POST")
        .header(
            "access-control-request-headers",
            "authorization,content-type",
        )
        .send()
        .await
        .unwrap();
    assert!(preflight.status().is_success());
    assert_eq!(
        preflight.headers()["access-control-allow-origin"],
        "http://localhost:5173"
    );
    let foreign = app
        .client
        .get(app.url("/health/"))
        .header("origin", "http://evil.example")
        .send()
        .await
        .unwrap();
    assert!(
        foreign
            .headers()
            .get("access-control-allow-origin")
            .is_none()
    );
}

#[tokio::test]
async fn the_openapi_document_lists_the_routes_and_has_a_page() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let doc: Value = app
        .client
        .get(app.url("/openapi.json"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(doc["openapi"], "3.1.0");
    let paths = doc["paths"].as_object().unwrap();
    for path in [
        "/health",
        "/health/ready",
        "/jobs/{id}/",
        "/jobs/{id}/events/",
        "/jobs/{id}/cancel/",
        "/meals/create/",
        "/meals/statistics/",
        "/meals/{id}/update/",
        "/meals/{id}/copy/",
        "/foods/recent/",
        "/foods/{id}/favorite/",
        "/recipes/create/",
        "/recipes/{id}/update/",
    ] {
        assert!(paths.contains_key(path), "{path} is documented");
    }
    // Creating POSTs say they take an Idempotency-Key; logging in does not.
    let takes_key = |path: &str| {
        doc["paths"][path]["post"]["parameters"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["name"] == "Idempotency-Key" && p["in"] == "header")
    };
    for path in [
        "/meals/create/",
        "/meals/{id}/add-food/",
        "/recipes/create/",
        "/foods/create/",
    ] {
        assert!(takes_key(path), "{path} takes Idempotency-Key");
    }
    assert!(!takes_key("/auth/login/"));
    // The routes that take a photo's form are the ones the key's check reads as forms.
    let mut forms: Vec<String> = paths
        .iter()
        .filter(|(_, item)| {
            item["post"]["requestBody"]["content"]
                .get("multipart/form-data")
                .is_some()
        })
        .map(|(path, _)| path.trim_end_matches('/').to_owned())
        .collect();
    forms.sort();
    let mut known: Vec<String> = api::photo::FORM_ROUTES
        .iter()
        .map(|r| (*r).to_owned())
        .collect();
    known.sort();
    assert_eq!(forms, known);
    for path in ["/users/export/", "/users/export/meals.csv"] {
        let responses = &doc["paths"][path]["get"]["responses"];
        for (status, code) in [("429", "EXPORT_IN_PROGRESS"), ("503", "EXPORT_BUSY")] {
            assert!(
                responses[status]["description"]
                    .as_str()
                    .is_some_and(|d| d.contains(code)),
                "{path} documents {status} {code}"
            );
        }
    }
    let profile = &doc["paths"]["/users/profile/"]["put"]["requestBody"]["content"]["application/json"]
        ["schema"]["properties"];
    for field in [
        "activity_level",
        "macro_goal_unit",
        "protein_goal",
        "fat_goal",
        "carbs_goal",
    ] {
        assert!(
            profile.get(field).is_some(),
            "profile {field} documented: {profile}"
        );
    }
    // Every documented route without parameters answers (none falls to the 404).
    for (path, item) in paths.iter().filter(|(p, _)| !p.contains('{')) {
        for method in item.as_object().unwrap().keys() {
            let response = app
                .client
                .request(method.to_uppercase().parse().unwrap(), app.url(path))
                .send()
                .await
                .unwrap();
            assert_ne!(response.status(), 404, "{method} {path}");
        }
    }
    let page = app.client.get(app.url("/docs")).send().await.unwrap();
    assert_eq!(page.status(), 200);
    assert!(
        page.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html")
    );
    assert!(page.text().await.unwrap().contains("openapi.json"));
}

/// The document is generated from the routes (`routes!` in each area's `router()`), so
/// no route goes undocumented: every documented path answers its documented methods
/// (never the router's own 404 or 405) and refuses every other method with 405.
#[tokio::test]
async fn every_route_is_documented_and_every_documented_operation_is_routed() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let (_, doc) = app.get("/openapi.json").await;
    let paths = doc["paths"].as_object().unwrap();
    let mut operations = 0;
    for (path, item) in paths {
        let documented = item.as_object().unwrap();
        let concrete = path.replace("{id}", "1").replace("{fdc_id}", "1");
        for method in ["get", "post", "put", "patch", "delete"] {
            let response = app
                .client
                .request(method.to_uppercase().parse().unwrap(), app.url(&concrete))
                .send()
                .await
                .unwrap();
            let status = response.status().as_u16();
            let text = if matches!(status, 404 | 405) {
                response.text().await.unwrap()
            } else {
                String::new()
            };
            if documented.contains_key(method) {
                operations += 1;
                assert!(
                    status != 405 && !text.contains("No API route for"),
                    "{method} {path} is documented but not routed: {status} {text}"
                );
                let id = &documented[method]["operationId"];
                assert!(id.as_str().is_some_and(|id| id.contains('_')), "{id}");
            } else {
                assert_eq!(
                    status, 405,
                    "{method} {path} answers but is not documented: {text}"
                );
            }
        }
    }
    assert!(operations > 70, "{operations} operations");
}

/// Every route of `/api/v1` comes with its documentation, so none may be added with a
/// bare `.route(`; only the admin listener (metrics, the job board) is outside the API.
#[test]
fn api_routes_are_registered_only_with_their_documentation() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let (mut files, mut dirs) = (Vec::new(), vec![src.clone()]);
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path == src.join("admin") {
                continue;
            } else if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    assert!(files.len() > 20, "{files:?}");
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for bare in [".route(", ".route_service("] {
            assert!(
                !text.contains(bare),
                "{} registers a route with {bare}: use .routes(routes!(handler)) with #[utoipa::path]",
                file.display()
            );
        }
    }
}

#[tokio::test]
async fn the_web_app_is_served_with_a_fallback_for_client_routes() {
    let web = tempfile::tempdir().unwrap();
    std::fs::write(
        web.path().join("index.html"),
        "<!doctype html><div id=root>app</div>",
    )
    .unwrap();
    std::fs::create_dir(web.path().join("assets")).unwrap();
    std::fs::write(web.path().join("assets/app-1234.js"), "console.log(1)").unwrap();
    let Some(app) = spawn_app(Options {
        web_dir: Some(web.path().to_owned()),
        ..Options::default()
    })
    .await
    else {
        return;
    };
    for path in [
        "/",
        "/statistics",
        "/reset-password/abc",
        "/reset-password/abc/",
    ] {
        let response = app
            .client
            .get(format!("{}{path}", app.api))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(response.headers()["cache-control"], "no-cache");
        assert!(response.text().await.unwrap().contains("id=root"), "{path}");
    }
    let asset = app
        .client
        .get(format!("{}/assets/app-1234.js", app.api))
        .send()
        .await
        .unwrap();
    assert_eq!(asset.status(), 200);
    assert!(
        asset.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("immutable")
    );
    assert!(
        asset.headers()["content-type"]
            .to_str()
            .unwrap()
            .contains("javascript")
    );
    // A missing asset is a 404, not the app's page under a script's name.
    let missing = app
        .client
        .get(format!("{}/assets/gone-5678.js", app.api))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), 404);
    assert!(
        !missing.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("immutable")
    );
    // API routes never fall back to the app.
    let (status, _) = app.get("/statistics").await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn the_installable_app_gets_its_manifest_and_a_service_worker_that_updates() {
    let web = tempfile::tempdir().unwrap();
    std::fs::write(
        web.path().join("index.html"),
        "<!doctype html><div id=root>app</div>",
    )
    .unwrap();
    std::fs::write(
        web.path().join("sw.js"),
        "self.addEventListener('fetch', () => {});",
    )
    .unwrap();
    std::fs::write(
        web.path().join("manifest.webmanifest"),
        r#"{"name":"Calorie Tracker"}"#,
    )
    .unwrap();
    let Some(app) = spawn_app(Options {
        web_dir: Some(web.path().to_owned()),
        ..Options::default()
    })
    .await
    else {
        return;
    };
    for (path, content_type) in [
        ("/sw.js", "text/javascript"),
        ("/manifest.webmanifest", "application/manifest+json"),
    ] {
        let response = app
            .client
            .get(format!("{}{path}", app.api))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(response.headers()["content-type"], content_type, "{path}");
        // A browser checks for a new worker on each start; a cached one would hide it.
        assert_eq!(response.headers()["cache-control"], "no-cache", "{path}");
        let policy = response.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .to_owned();
        for directive in ["worker-src 'self'", "manifest-src 'self'"] {
            assert!(policy.contains(directive), "{directive} in {policy}");
        }
        assert!(
            !response.text().await.unwrap().contains("id=root"),
            "{path}"
        );
    }
}

#[tokio::test]
async fn a_missing_web_build_says_how_to_build_it() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let response = app
        .client
        .get(format!("{}/", app.api))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 503);
    assert!(response.text().await.unwrap().contains("make web"));
}

#[tokio::test]
async fn pages_and_answers_carry_security_headers() {
    let web = tempfile::tempdir().unwrap();
    std::fs::write(
        web.path().join("index.html"),
        "<!doctype html><div id=root></div>",
    )
    .unwrap();
    let Some(app) = spawn_app(Options {
        web_dir: Some(web.path().to_owned()),
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let headers_of = |path: &'static str| {
        let client = app.client.clone();
        let url = format!("{}{path}", app.api);
        async move { client.get(url).send().await.unwrap().headers().clone() }
    };
    let page = headers_of("/statistics").await;
    let policy = page["content-security-policy"].to_str().unwrap();
    for directive in [
        "default-src 'self'",
        "script-src 'self' 'wasm-unsafe-eval'",
        "style-src 'self'",
        "object-src 'none'",
        "frame-ancestors 'none'",
    ] {
        assert!(policy.contains(directive), "{directive} in {policy}");
    }
    assert!(!policy.contains("unsafe-inline"), "{policy}");
    for headers in [&page, &headers_of("/api/v1/health").await] {
        assert_eq!(headers["x-content-type-options"], "nosniff");
        assert_eq!(headers["x-frame-options"], "DENY");
        assert_eq!(headers["referrer-policy"], "no-referrer");
    }
    let api = headers_of("/api/v1/health").await;
    assert_eq!(
        api["content-security-policy"],
        "default-src 'none'; frame-ancestors 'none'"
    );
    // The reference page runs its one inline script, allowed by its hash only.
    let docs = headers_of("/api/v1/docs").await;
    let policy = docs["content-security-policy"].to_str().unwrap();
    assert_eq!(policy.matches("'sha256-").count(), 2, "{policy}");
    assert!(!policy.contains("unsafe-inline"), "{policy}");
}

/// Whether the server closes `stream` within `within`: it reads the end of the stream
/// (or a reset), perhaps after an answer.
async fn closed_within(stream: &mut tokio::net::TcpStream, within: std::time::Duration) -> bool {
    use tokio::io::AsyncReadExt;
    let mut buf = [0u8; 4096];
    let deadline = tokio::time::Instant::now() + within;
    loop {
        match tokio::time::timeout_at(deadline, stream.read(&mut buf)).await {
            Err(_) => return false,
            Ok(Ok(0) | Err(_)) => return true,
            Ok(Ok(_)) => continue,
        }
    }
}

#[tokio::test]
async fn idle_and_slow_connections_are_closed_and_bounded_per_address() {
    use std::time::Duration;
    use tokio::{io::AsyncWriteExt, net::TcpSocket};
    let Some(app) = spawn_app(Options {
        connections: api::ConnectionLimits {
            timeout: Duration::from_secs(1),
            max: 10_000,
            per_address: 40,
            ..api::ConnectionLimits::default()
        },
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let address: std::net::SocketAddr = app.api.trim_start_matches("http://").parse().unwrap();
    let connect_from = |from: [u8; 4]| async move {
        let socket = TcpSocket::new_v4().unwrap();
        socket.bind(std::net::SocketAddr::from((from, 0))).unwrap();
        socket.connect(address).await.unwrap()
    };
    // Silent connections, one that sends half its headers, and one idle after an answer.
    let mut silent = Vec::new();
    for _ in 0..38 {
        silent.push(connect_from([127, 0, 0, 1]).await);
    }
    let mut slow = connect_from([127, 0, 0, 1]).await;
    slow.write_all(b"GET /api/v1/health/ HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let mut kept_alive = connect_from([127, 0, 0, 1]).await;
    kept_alive
        .write_all(b"GET /api/v1/health/ HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    // Past the limit of one address: closed at once.
    let mut over = connect_from([127, 0, 0, 1]).await;
    assert!(closed_within(&mut over, Duration::from_millis(500)).await);

    // Another client is served meanwhile.
    let elsewhere = reqwest::Client::builder()
        .local_address(std::net::IpAddr::from([127, 0, 0, 2]))
        .build()
        .unwrap();
    let answer = elsewhere.get(app.url("/health/")).send().await.unwrap();
    assert_eq!(answer.status(), 200);

    // Within the timeout (and a margin) the server has closed every one of them.
    for stream in silent.iter_mut().chain([&mut slow, &mut kept_alive]) {
        assert!(closed_within(stream, Duration::from_secs(3)).await);
    }
    // And the address may connect again.
    let again = reqwest::Client::new()
        .get(app.url("/health/"))
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 200);
}

#[tokio::test]
async fn an_address_too_long_is_refused_in_the_envelope() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    // 7,400 Chinese characters are 67 KB in the address (past what HTTP clients send,
    // so it goes by hand), within the 72 KB a head may take.
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let address = app.api.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let request = format!(
        "GET /api/v1/foods/search/?query={} HTTP/1.1\r\nHost: {address}\r\n\r\n",
        "%E4%B8%AD".repeat(7_400)
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    assert!(head.starts_with("HTTP/1.1 414 "), "{head}");
    let body: Value = serde_json::from_str(body).unwrap();
    assert_eq!(body["success"], false);
    assert_eq!(body["error"]["code"], "URI_TOO_LONG");
    // A long query that fits is refused by the search itself, in the envelope too.
    let (status, body) = app
        .get(&format!("/foods/search/?query={}", "a".repeat(10_000)))
        .await;
    assert_eq!((status, body["success"].clone()), (422, Value::Bool(false)));
}

/// Connection limits with short deadlines, for the tests of slow clients.
fn short_deadlines(per_address: usize, arriving_per_address: usize) -> api::ConnectionLimits {
    use std::time::Duration;
    api::ConnectionLimits {
        timeout: Duration::from_secs(1),
        request: Duration::from_secs(3),
        upload: Duration::from_secs(6),
        max: 10_000,
        per_address,
        arriving_per_address,
        ..api::ConnectionLimits::default()
    }
}

/// Sends `head` and then `body` a byte at a time, one every `every`, and reads the answer
/// (empty when the server closed the connection instead). Gives up on sending once the
/// server has closed.
async fn trickle(
    app: &support::TestApp,
    head: String,
    body: &[u8],
    every: std::time::Duration,
) -> (String, std::time::Duration) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let started = std::time::Instant::now();
    let stream = tokio::net::TcpStream::connect(app.api.trim_start_matches("http://"))
        .await
        .unwrap();
    let (mut reader, mut writer) = stream.into_split();
    let answer = tokio::spawn(async move {
        let mut answer = Vec::new();
        let _ = reader.read_to_end(&mut answer).await;
        String::from_utf8_lossy(&answer).into_owned()
    });
    writer.write_all(head.as_bytes()).await.unwrap();
    for byte in body {
        if answer.is_finished() || writer.write_all(&[*byte]).await.is_err() {
            break;
        }
        tokio::time::sleep(every).await;
    }
    let answer = tokio::time::timeout(std::time::Duration::from_secs(30), answer)
        .await
        .expect("the server neither answered nor closed the connection")
        .unwrap();
    (answer, started.elapsed())
}

#[tokio::test]
async fn a_request_must_arrive_whole_within_its_deadline() {
    use std::time::Duration;
    let Some(app) = spawn_app(Options {
        connections: short_deadlines(40, 40),
        ..Options::default()
    })
    .await
    else {
        return;
    };
    // A sign-in sent a byte every half second: each pause is within the connection
    // timeout, but the whole request is not within its deadline (3 s here, 30 s by
    // default). It is refused in the envelope and the connection is closed.
    let body = br#"{"username": "somebody", "password": "a password long enough"}"#;
    let head = format!(
        "POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n",
        body.len()
    );
    let (answer, took) = trickle(&app, head, body, Duration::from_millis(500)).await;
    assert!(took < Duration::from_secs(6), "held for {took:?}");
    assert!(answer.starts_with("HTTP/1.1 408 "), "{answer}");
    assert!(answer.contains(r#""code":"REQUEST_TIMEOUT""#), "{answer}");

    // An upload may take longer (6 s here, 60 s by default): the same pace for 4 s
    // reaches the route, which reads the form and answers for itself.
    let who = support::register(&app, "slow_uploader").await;
    let boundary = "b0undary";
    let form = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"image\"; filename=\"a.png\"\r\n\
         Content-Type: image/png\r\n\r\nnot a png\r\n--{boundary}--\r\n"
    );
    let head = format!(
        "POST /api/v1/images/upload HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {}\r\n\
         Content-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {}\r\n\r\n",
        who.access,
        form.len()
    );
    let every = Duration::from_secs(4) / u32::try_from(form.len()).unwrap();
    let (answer, took) = trickle(&app, head, form.as_bytes(), every).await;
    assert!(took >= Duration::from_secs(3), "{took:?}");
    assert!(answer.starts_with("HTTP/1.1 415 "), "{answer}");
    assert!(answer.contains("UNSUPPORTED_IMAGE"), "{answer}");
}

#[tokio::test]
async fn an_answer_the_client_does_not_take_is_given_up() {
    use std::time::Duration;
    use tokio::{io::AsyncWriteExt, net::TcpSocket};
    // A large file of the web app, far more than the sockets' buffers hold.
    let web = tempfile::tempdir().unwrap();
    std::fs::write(web.path().join("index.html"), "<!doctype html>").unwrap();
    std::fs::write(web.path().join("large.bin"), vec![7u8; 64 << 20]).unwrap();
    let Some(app) = spawn_app(Options {
        web_dir: Some(web.path().to_path_buf()),
        connections: short_deadlines(1, 1),
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let address: std::net::SocketAddr = app.api.trim_start_matches("http://").parse().unwrap();
    // Asks for it and never reads: the server's writes wait.
    let socket = TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let mut stalled = socket.connect(address).await.unwrap();
    stalled
        .write_all(b"GET /large.bin HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(500)).await;
    // The one connection this address may hold is taken meanwhile...
    let mut refused = tokio::net::TcpStream::connect(address).await.unwrap();
    assert!(closed_within(&mut refused, Duration::from_millis(500)).await);
    // ...and given back once a write has waited the timeout (1 s here, 20 s by default).
    tokio::time::sleep(Duration::from_secs(2)).await;
    let answer = reqwest::Client::new()
        .get(app.url("/health/"))
        .send()
        .await
        .expect("the stalled answer still holds the address's connection");
    assert_eq!(answer.status(), 200);
    drop(stalled);
}

#[tokio::test]
async fn requests_still_arriving_are_bounded_per_address() {
    use std::time::Duration;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let Some(app) = spawn_app(Options {
        connections: api::ConnectionLimits {
            // Long enough that nothing here ends by a deadline.
            timeout: Duration::from_secs(20),
            request: Duration::from_secs(30),
            ..short_deadlines(40, 2)
        },
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let address = app.api.trim_start_matches("http://").to_owned();
    let head = b"POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
                 Content-Length: 100\r\n\r\n{";
    // Two requests whose bodies are still arriving...
    let mut arriving = Vec::new();
    for _ in 0..2 {
        let mut stream = tokio::net::TcpStream::connect(&address).await.unwrap();
        stream.write_all(head).await.unwrap();
        arriving.push(stream);
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    // ...are as many as one address may send at once: a third is refused at once, in the
    // envelope, and its connection closed.
    let mut third = tokio::net::TcpStream::connect(&address).await.unwrap();
    third.write_all(head).await.unwrap();
    let mut answer = String::new();
    tokio::time::timeout(Duration::from_secs(3), third.read_to_string(&mut answer))
        .await
        .expect("the third request was taken in as well")
        .unwrap();
    assert!(answer.starts_with("HTTP/1.1 429 "), "{answer}");
    assert!(answer.contains("RATE_LIMITED"), "{answer}");
    assert!(
        answer.to_ascii_lowercase().contains("retry-after: 1"),
        "{answer}"
    );
    // A request with no body is not counted.
    assert_eq!(app.get("/health/").await.0, 200);
    // Once a body has arrived whole, its place is free again.
    let mut done = arriving.pop().unwrap();
    done.write_all(&[b' '; 99]).await.unwrap();
    let mut answer = [0u8; 12];
    done.read_exact(&mut answer).await.unwrap();
    assert!(answer.starts_with(b"HTTP/1.1 4"), "{answer:?}");
    let (status, body) = support::login(&app, "nobody", "wrong password").await;
    assert_eq!(status, 401, "{body}");
}

/// Issue 48: a request's head may hold 72 KB, not hyper's 400 KB: past that it is
/// refused with 431 at once, so 1,600 connections holding unfinished heads cost a
/// sixth of what they did. Both listeners queue 4,096 connections waiting to be
/// accepted (the standard library's 128 delayed a bystander during a burst).
#[tokio::test]
async fn a_head_too_big_is_refused_and_connects_wait_in_a_deep_backlog() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let addr = app.api.trim_start_matches("http://").to_owned();
    let mut stream = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let head = format!(
        "GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Padding: {}\r\n\r\n",
        "a".repeat(100 * 1024)
    );
    // The server may stop reading (and answer) before the whole head is written.
    let _ = stream.write_all(head.as_bytes()).await;
    let mut answer = vec![0u8; 64];
    let read = tokio::time::timeout(std::time::Duration::from_secs(5), stream.read(&mut answer))
        .await
        .expect("answered at once")
        .unwrap();
    let answer = String::from_utf8_lossy(&answer[..read]).to_string();
    assert!(answer.starts_with("HTTP/1.1 431"), "{answer:?}");
    // A head within the bound is served.
    let ok = app
        .client
        .get(app.url("/health"))
        .header("x-padding", "a".repeat(40 * 1024))
        .send()
        .await
        .unwrap();
    assert_eq!(ok.status(), 200);

    let Ok(listed) = std::process::Command::new("ss").args(["-ltnH"]).output() else {
        models::testing::unavailable("ss (iproute2), to read the listen backlog");
        return;
    };
    let listed = String::from_utf8_lossy(&listed.stdout).to_string();
    for listener in [&app.api, &app.admin] {
        let local = listener.trim_start_matches("http://");
        let line = listed
            .lines()
            .find(|l| l.split_whitespace().nth(3) == Some(local))
            .unwrap_or_else(|| panic!("{local} listed: {listed}"));
        // LISTEN, Recv-Q, Send-Q: for a listener Send-Q is its backlog.
        let backlog: u32 = line.split_whitespace().nth(2).unwrap().parse().unwrap();
        let cap: u32 = std::fs::read_to_string("/proc/sys/net/core/somaxconn")
            .map_or(4096, |s| s.trim().parse().unwrap_or(4096));
        assert_eq!(backlog, 4096.min(cap), "{line}");
        assert!(backlog >= 1024.min(cap), "{line}");
    }
}
