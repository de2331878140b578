//! Reliability under faults, with the real binaries, as a user sees it: a server killed
//! in the middle of a burst of saves keeps every answered meal whole, a recognition job
//! outlives the worker killed under it, the fleet rides out a restart of its Redis and
//! of its PostgreSQL, and racing clients get consistent outcomes. Each test is bounded
//! in time. (Two clients racing on the same barcode: see barcodes.rs.)
//!
//! The Redis and PostgreSQL that are restarted are the test's own (a private
//! `redis-server`, a private cluster in a temporary directory), never the machine's.
//!
//! Long on purpose: each fault test drives real processes (kill -9, restarts) on its
//! own bounded timeline, and all of them share the fleet of processes (`Fleet`) and the
//! stream reader defined here.

use std::{
    collections::HashSet,
    path::Path,
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, AtomicUsize, Ordering},
    },
    time::{Duration, Instant},
};

use futures::{StreamExt, stream::BoxStream};
use models::testing::unavailable;
use reqwest::Method;
use serde_json::{Value, json};
use store::testing::{TestDatabase, redis_url};

use crate::support::process::{
    PrivatePostgres, PrivateRedis, Process, free_port, start, tail, wait_ready,
};
use crate::support::{
    self, SseEvent, food_photo, next_block, number, parse_event, recognition_models_installed,
    redis_answers,
};

fn http_client(timeout: Duration) -> reqwest::Client {
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::builder().timeout(timeout).build().unwrap()
}

fn random_below(n: u64) -> u64 {
    u64::try_from(uuid::Uuid::new_v4().as_u128() % u128::from(n)).unwrap()
}

/// A call to `/api/v1{path}`: the status and the JSON envelope, or why none came.
async fn call(
    client: &reqwest::Client,
    base: &str,
    method: Method,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> Result<(u16, Value), String> {
    let mut request = client.request(method, format!("{base}/api/v1{path}"));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if let Some(body) = body {
        request = request.json(body);
    }
    let response = request.send().await.map_err(|e| format!("{e:?}"))?;
    let status = response.status().as_u16();
    let text = response.text().await.map_err(|e| format!("{e:?}"))?;
    let body = serde_json::from_str(&text)
        .map_err(|e| format!("status {status}: not JSON ({e}): {text}"))?;
    Ok((status, body))
}

async fn sign_up(client: &reqwest::Client, base: &str, username: &str) -> String {
    let (status, body) = call(
        client,
        base,
        Method::POST,
        "/auth/register/",
        None,
        Some(
            &json!({"username": username, "email": format!("{username}@example.com"),
                     "password": support::PASSWORD, "nickname": username}),
        ),
    )
    .await
    .unwrap();
    assert_eq!(status, 201, "{body}");
    body["data"]["access"].as_str().unwrap().to_owned()
}

/// A few catalogue foods, by the id the search puts first.
async fn catalogue_foods(client: &reqwest::Client, base: &str) -> Vec<i64> {
    let mut ids = Vec::new();
    for query in ["米饭", "banana", "apple", "boiled%20egg"] {
        let path = format!("/foods/search/?query={query}&page_size=1");
        let (status, body) = call(client, base, Method::GET, &path, None, None)
            .await
            .unwrap();
        assert_eq!(status, 200, "{body}");
        ids.push(body["data"]["foods"][0]["id"].as_i64().unwrap());
    }
    ids
}

/// A meal of one to three of `foods`, in random amounts.
fn meal_body(foods: &[i64], name: &str) -> Value {
    let lines: Vec<Value> = (0..=random_below(3))
        .map(|i| {
            json!({"food_id": foods[usize::try_from(i).unwrap() % foods.len()],
                   "quantity": 20 + random_below(300)})
        })
        .collect();
    json!({"name": name, "meal_type": "lunch", "foods": lines})
}

/// The meal's total is the sum of its lines (each line is at least a few calories, so
/// a lost line shows).
fn assert_whole(meal: &Value) {
    let lines = meal["foods"].as_array().unwrap();
    assert!(!lines.is_empty(), "a meal without lines: {meal}");
    let sum: f64 = lines.iter().map(|l| number(&l["calories"])).sum();
    assert!(
        (number(&meal["total_calories"]) - sum).abs() < 0.1,
        "total is not the sum of the lines: {meal}"
    );
}

/// Every meal answered 201 reads back as it was answered.
async fn assert_all_there(client: &reqwest::Client, base: &str, token: &str, saved: &[Value]) {
    for meal in saved {
        let path = format!("/meals/{}/", meal["id"]);
        let (status, read) = call(client, base, Method::GET, &path, Some(token), None)
            .await
            .unwrap();
        assert_eq!(
            status, 200,
            "meal {} answered 201 is gone: {read}",
            meal["id"]
        );
        assert_eq!(&read["data"], meal, "meal {} changed", meal["id"]);
        assert_whole(&read["data"]);
    }
}

// ---------------------------------------------------------------------------------
// 1. kill -9 of the embedded server in the middle of a burst of saves.

fn embedded_env(dir: &Path, port: u16) -> Vec<(&'static str, String)> {
    vec![
        ("RUST_LOG", "warn".into()),
        (
            "DATABASE_URL",
            format!("sqlite://{}/calorie.db?mode=rwc", dir.display()),
        ),
        ("DATA_DIR", dir.display().to_string()),
        ("BIND_ADDR", format!("127.0.0.1:{port}")),
        ("ADMIN_BIND_ADDR", format!("127.0.0.1:{}", free_port())),
        ("JWT_SECRET", support::TEST_JWT_SECRET.into()),
        ("WEB_DIR", dir.join("no-web").display().to_string()),
        ("USDA_BASE_URL", "http://127.0.0.1:9/fdc/v1".into()),
        ("OFF_BASE_URL", "http://127.0.0.1:9".into()),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_killed_during_saves_keeps_every_answered_meal_whole() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("api.log");
    let port = free_port();
    let env = embedded_env(dir.path(), port);
    let base = format!("http://127.0.0.1:{port}");
    let client = http_client(Duration::from_secs(20));
    let server = start("api", &env, Some(&log));
    assert!(
        wait_ready(&client, &base, Duration::from_secs(40)).await,
        "{}",
        tail(&log, 30)
    );
    let token = sign_up(&client, &base, "burst").await;
    let foods = catalogue_foods(&client, &base).await;

    // Eight clients save meals as fast as they are answered.
    let saved = Arc::new(Mutex::new(Vec::<Value>::new()));
    let refused = Arc::new(Mutex::new(Vec::<String>::new()));
    let in_flight = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let mut clients = Vec::new();
    for c in 0..8 {
        let (client, base, token, foods) =
            (client.clone(), base.clone(), token.clone(), foods.clone());
        let (saved, refused, in_flight, stop) = (
            saved.clone(),
            refused.clone(),
            in_flight.clone(),
            stop.clone(),
        );
        clients.push(tokio::spawn(async move {
            let mut n = 0;
            while !stop.load(Ordering::SeqCst) {
                n += 1;
                let body = meal_body(&foods, &format!("burst {c}-{n}"));
                in_flight.fetch_add(1, Ordering::SeqCst);
                let answer = call(
                    &client,
                    &base,
                    Method::POST,
                    "/meals/create/",
                    Some(&token),
                    Some(&body),
                )
                .await;
                in_flight.fetch_sub(1, Ordering::SeqCst);
                match answer {
                    Ok((201, meal)) => saved.lock().unwrap().push(meal["data"].clone()),
                    Ok((status, answer)) => {
                        refused.lock().unwrap().push(format!("{status} {answer}"))
                    }
                    // The server is gone.
                    Err(_) => break,
                }
            }
        }));
    }

    // Kill -9 at a random moment while saves are in flight.
    tokio::time::sleep(Duration::from_millis(800 + random_below(1000))).await;
    let deadline = Instant::now() + Duration::from_secs(5);
    while in_flight.load(Ordering::SeqCst) == 0 && Instant::now() < deadline {
        tokio::task::yield_now().await;
    }
    let unanswered = in_flight.load(Ordering::SeqCst);
    assert!(unanswered > 0, "saves were in flight at the kill");
    drop(server);
    stop.store(true, Ordering::SeqCst);
    for c in clients {
        tokio::time::timeout(Duration::from_secs(30), c)
            .await
            .expect("every client hears of the kill")
            .unwrap();
    }
    let saved = saved.lock().unwrap().clone();
    let refused = refused.lock().unwrap().clone();
    assert!(
        refused.is_empty(),
        "saves refused before the kill: {refused:?}"
    );
    assert!(
        saved.len() >= 8,
        "a burst of saves before the kill: {}",
        saved.len()
    );

    // Restarted on the same files: the database is sound and holds every answered
    // save, each with its lines and totals; nothing half-written is left.
    let server = start("api", &env, Some(&dir.path().join("api-restarted.log")));
    assert!(
        wait_ready(&client, &base, Duration::from_secs(40)).await,
        "{}",
        tail(&dir.path().join("api-restarted.log"), 30)
    );
    let db = sqlx::SqlitePool::connect(&format!("sqlite://{}/calorie.db", dir.path().display()))
        .await
        .unwrap();
    let integrity: String = sqlx::query_scalar("pragma integrity_check")
        .fetch_one(&db)
        .await
        .unwrap();
    assert_eq!(integrity, "ok");
    let broken_keys: Vec<(String,)> = sqlx::query_as("pragma foreign_key_check")
        .fetch_all(&db)
        .await
        .unwrap_or_default();
    assert!(broken_keys.is_empty(), "{broken_keys:?}");
    let meals: i64 = sqlx::query_scalar("select count(*) from meal")
        .fetch_one(&db)
        .await
        .unwrap();
    let meals = usize::try_from(meals).unwrap();
    assert!(
        (saved.len()..=saved.len() + unanswered).contains(&meals),
        "{meals} meals stored, {} answered 201, {unanswered} unanswered",
        saved.len()
    );
    let half_written: Vec<(i64, f64, Option<f64>)> = sqlx::query_as(
        "select m.meal_id, m.total_calories, (select sum(f.calories) from meal_food f \
         where f.meal_id = m.meal_id) from meal m",
    )
    .fetch_all(&db)
    .await
    .unwrap()
    .into_iter()
    .filter(|(_, total, sum): &(i64, f64, Option<f64>)| {
        sum.is_none_or(|sum| (total - sum).abs() >= 0.1)
    })
    .collect();
    assert!(half_written.is_empty(), "meals not whole: {half_written:?}");
    db.close().await;
    assert_all_there(&client, &base, &token, &saved).await;

    // And it saves again.
    let (status, meal) = call(
        &client,
        &base,
        Method::POST,
        "/meals/create/",
        Some(&token),
        Some(&meal_body(&foods, "after")),
    )
    .await
    .unwrap();
    assert_eq!(status, 201, "{meal}");
    eprintln!(
        "kill -9 during a burst: {} saves answered, {unanswered} in flight, {meals} stored",
        saved.len()
    );
    drop(server);
}

// ---------------------------------------------------------------------------------
// The fleet: one `api` process on a PostgreSQL database and a Redis namespace; workers
// join with `worker()`.

struct Fleet {
    env: Vec<(&'static str, String)>,
    /// The API's own settings beside `env` (its listeners), kept to start it again.
    api_env: Vec<(&'static str, String)>,
    base: String,
    admin: String,
    client: reqwest::Client,
    dir: tempfile::TempDir,
    namespace: String,
    /// Its keys are deleted afterwards from the machine's Redis (a private one dies).
    shared_redis: bool,
    api: Process,
}

impl Fleet {
    async fn start(database_url: &str, redis: &str, extra: &[(&'static str, &str)]) -> Fleet {
        let namespace = format!("soak-{}", uuid::Uuid::new_v4().simple());
        let dir = tempfile::tempdir().unwrap();
        let mut env = vec![
            ("DATABASE_URL", database_url.to_owned()),
            ("REDIS_URL", redis.to_owned()),
            ("REDIS_NAMESPACE", namespace.clone()),
            ("DATA_DIR", dir.path().display().to_string()),
            ("USDA_BASE_URL", "http://127.0.0.1:9/fdc/v1".into()),
            ("OFF_BASE_URL", "http://127.0.0.1:9".into()),
        ];
        env.extend(support::models_env());
        env.extend(extra.iter().map(|(k, v)| (*k, (*v).to_owned())));
        let (api_port, admin_port) = (free_port(), free_port());
        let api_env = vec![
            ("BIND_ADDR", format!("127.0.0.1:{api_port}")),
            ("ADMIN_BIND_ADDR", format!("127.0.0.1:{admin_port}")),
            ("ADMIN_TOKEN", support::ADMIN_TOKEN.into()),
            ("JWT_SECRET", support::TEST_JWT_SECRET.into()),
            ("WEB_DIR", dir.path().join("no-web").display().to_string()),
        ];
        let api = start_api(&env, &api_env, dir.path());
        let fleet = Fleet {
            env,
            api_env,
            base: format!("http://127.0.0.1:{api_port}"),
            admin: format!("http://127.0.0.1:{admin_port}"),
            client: http_client(Duration::from_secs(20)),
            dir,
            shared_redis: redis == redis_url(),
            namespace,
            api,
        };
        fleet.wait_api().await;
        fleet
    }

    async fn wait_api(&self) {
        assert!(
            wait_ready(&self.client, &self.base, Duration::from_secs(40)).await,
            "the api did not become ready: {}",
            tail(&self.dir.path().join("api.log"), 30)
        );
    }

    /// `kill -9` of the API, then the same API again on the same ports.
    async fn restart_api(&mut self) {
        let _ = self.api.0.kill();
        let _ = self.api.0.wait();
        self.api = start_api(&self.env, &self.api_env, self.dir.path());
        self.wait_api().await;
    }

    fn worker(&self, hostname: &str) -> Process {
        let mut env = self.env.clone();
        env.push(("HOSTNAME", hostname.to_owned()));
        let log = self.dir.path().join(format!("{hostname}.log"));
        start("worker", &env, Some(&log))
    }

    /// The end of every process's log, for failure messages.
    fn logs(&self) -> String {
        let mut out = String::new();
        for entry in std::fs::read_dir(self.dir.path()).unwrap().flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "log") {
                out += &format!("\n--- {}\n{}", path.display(), tail(&path, 15));
            }
        }
        out
    }

    /// Starts a probe job; its id and the URL of its event stream.
    async fn probe(&self, steps: u8, step_delay_ms: u64) -> (String, String) {
        let response = self
            .client
            .post(format!("{}/probe", self.admin))
            .bearer_auth(support::ADMIN_TOKEN)
            .json(&json!({"steps": steps, "step_delay_ms": step_delay_ms}))
            .send()
            .await
            .unwrap();
        let status = response.status();
        let started: Value = response.json().await.unwrap();
        assert_eq!(status, 200, "{started}");
        (
            started["data"]["job_id"].as_str().unwrap().to_owned(),
            // On the admin listener, whose token goes in the address.
            format!(
                "http://admin:{}@{}{}",
                support::ADMIN_TOKEN,
                self.admin.trim_start_matches("http://"),
                started["data"]["events"].as_str().unwrap()
            ),
        )
    }

    /// Polls a job until it is finished; its status.
    async fn finished(&self, job_id: &str, within: Duration) -> String {
        let deadline = Instant::now() + within;
        let mut last = Value::Null;
        while Instant::now() < deadline {
            // A probe is the admin's: it is followed on the admin listener.
            let answer = self
                .client
                .get(format!("{}/jobs/{job_id}", self.admin))
                .bearer_auth(support::ADMIN_TOKEN)
                .send()
                .await;
            let body = match answer {
                Ok(response) if response.status() == 200 => response.json::<Value>().await.ok(),
                _ => None,
            };
            if let Some(body) = body {
                let status = body["data"]["status"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned();
                if matches!(status.as_str(), "completed" | "failed" | "cancelled") {
                    return status;
                }
                last = body;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        panic!(
            "job {job_id} did not finish within {within:?}: {last}{}",
            self.logs()
        );
    }
}

/// The fleet's API process, its log in `dir/api.log` (a restarted one writes it anew).
fn start_api(
    env: &[(&'static str, String)],
    api_env: &[(&'static str, String)],
    dir: &Path,
) -> Process {
    start("api", &[env, api_env].concat(), Some(&dir.join("api.log")))
}

impl Drop for Fleet {
    fn drop(&mut self) {
        if self.shared_redis {
            support::delete_redis_namespace(&self.namespace);
        }
    }
}

/// The machine's Redis, for a fleet whose Redis is not the point of the test.
async fn shared_redis() -> Option<String> {
    let url = redis_url();
    if redis_answers(&url, Duration::from_secs(3)).await {
        Some(url)
    } else {
        unavailable(&format!("Redis at {url}"));
        None
    }
}

/// Reads a `text/event-stream` answer one event at a time.
struct SseReader {
    stream: BoxStream<'static, reqwest::Result<Vec<u8>>>,
    buffer: Vec<u8>,
}

impl SseReader {
    fn new(response: reqwest::Response) -> SseReader {
        assert_eq!(response.status(), 200);
        SseReader {
            stream: response
                .bytes_stream()
                .map(|r| r.map(|b| b.to_vec()))
                .boxed(),
            buffer: Vec::new(),
        }
    }

    /// The next event; `None` when the stream ended or broke. Panics when nothing
    /// comes within `wait`.
    async fn next(&mut self, wait: Duration) -> Option<SseEvent> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            while let Some(block) = next_block(&mut self.buffer) {
                if let Some(event) = parse_event(&block) {
                    return Some(event);
                }
            }
            match tokio::time::timeout_at(deadline, self.stream.next()).await {
                Ok(Some(Ok(chunk))) => self.buffer.extend_from_slice(&chunk),
                Ok(Some(Err(_)) | None) => return None,
                Err(_) => panic!("no event within {wait:?}"),
            }
        }
    }
}

// ---------------------------------------------------------------------------------
// 2. kill -9 of a worker in the middle of a recognition job.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_recognition_outlives_the_worker_killed_under_it() {
    let Some(bytes) = food_photo("coco_000000000142.jpg") else {
        return;
    };
    if !recognition_models_installed() {
        return;
    }
    let Some(db) = TestDatabase::postgres().await else {
        return;
    };
    let Some(redis) = shared_redis().await else {
        return;
    };
    let fleet = Fleet::start(&db.url, &redis, &[("WORKER_HEARTBEAT_SECS", "1")]).await;
    let first = fleet.worker("worker-a");
    let token = sign_up(&fleet.client, &fleet.base, "snap").await;
    let form = reqwest::multipart::Form::new().part(
        "image",
        reqwest::multipart::Part::bytes(bytes)
            .file_name("breakfast.jpg")
            .mime_str("image/jpeg")
            .unwrap(),
    );
    let uploaded: Value = fleet
        .client
        .post(format!("{}/api/v1/images/upload/", fleet.base))
        .bearer_auth(&token)
        .multipart(form)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let image_id = uploaded["data"]["id"].as_i64().expect("uploaded");
    let response = fleet
        .client
        .post(format!("{}/api/v1/images/analyze-stream/", fleet.base))
        .bearer_auth(&token)
        .json(&json!({"image_id": image_id}))
        .timeout(Duration::from_secs(90))
        .send()
        .await
        .unwrap();
    let mut stream = SseReader::new(response);

    // The worker says it is at work; then it dies without a chance to clean up.
    let mut steps = Vec::new();
    loop {
        let event = stream
            .next(Duration::from_secs(30))
            .await
            .unwrap_or_else(|| panic!("the stream ended early: {steps:?}{}", fleet.logs()));
        let step = event.data["step"].as_str().unwrap().to_owned();
        steps.push(step.clone());
        if step != "start" {
            break;
        }
    }
    assert_eq!(steps, ["start", "food_detection"]);
    let killed_at = Instant::now();
    drop(first);

    // Another worker takes the job over; the client's stream goes on to the end.
    let _second = fleet.worker("worker-b");
    let mut complete = Value::Null;
    while let Some(event) = stream.next(Duration::from_secs(60)).await {
        steps.push(event.data["step"].as_str().unwrap().to_owned());
        complete = event.data;
    }
    let recovered_in = killed_at.elapsed();
    assert_eq!(
        complete["step"],
        "complete",
        "{steps:?}: {complete}{}",
        fleet.logs()
    );
    // The stages the API reports come once each; the detection the dead worker had
    // begun is run again from its start by the other one.
    for wanted in ["food_detection_complete", "complete"] {
        assert_eq!(
            steps.iter().filter(|s| *s == wanted).count(),
            1,
            "{wanted} once in {steps:?}"
        );
    }

    // The results exist once: one result set, each food in it once.
    let (status, results) = call(
        &fleet.client,
        &fleet.base,
        Method::GET,
        &format!("/images/{image_id}/results/"),
        Some(&token),
        None,
    )
    .await
    .unwrap();
    assert_eq!(status, 200, "{results}");
    let results = &results["data"];
    assert_eq!(results["processing_status"], "completed");
    assert_eq!(results["results"], complete["foods"]);
    let names: Vec<&str> = results["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    // The banana is named, or offered as the answer to the recogniser's question.
    let offered: Vec<&str> = results["results"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|f| f["alternatives"].as_array().unwrap())
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"Banana") || offered.contains(&"Banana"),
        "{names:?} {offered:?}"
    );
    let distinct: HashSet<&&str> = names.iter().collect();
    assert_eq!(distinct.len(), names.len(), "no food twice: {names:?}");
    eprintln!("worker killed mid-detection: the analysis completed {recovered_in:?} later");
}

// ---------------------------------------------------------------------------------
// 2b. An analysis belongs to the workers: its listener leaving, or the API killed and
// started again, changes nothing for it.

/// Uploads a photo as `token`'s user; its id.
async fn upload_photo(fleet: &Fleet, token: &str, bytes: Vec<u8>) -> i64 {
    let form = reqwest::multipart::Form::new().part(
        "image",
        reqwest::multipart::Part::bytes(bytes)
            .file_name("meal.jpg")
            .mime_str("image/jpeg")
            .unwrap(),
    );
    let uploaded: Value = fleet
        .client
        .post(format!("{}/api/v1/images/upload/", fleet.base))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    uploaded["data"]["id"].as_i64().expect("uploaded")
}

/// Starts the analysis of `image` and goes away after its first event; that event.
async fn start_and_leave(fleet: &Fleet, token: &str, image: i64) -> SseEvent {
    let response = fleet
        .client
        .post(format!("{}/api/v1/images/analyze-stream/", fleet.base))
        .bearer_auth(token)
        .json(&json!({"image_id": image}))
        .send()
        .await
        .unwrap();
    let first = SseReader::new(response)
        .next(Duration::from_secs(30))
        .await
        .expect("a first event");
    assert_eq!(first.data["step"], "start");
    first
}

/// Follows the analysis of `image` from after `last` to its final event, reconnecting
/// with the last event received when the stream drops.
async fn follow_analysis(
    fleet: &Fleet,
    token: &str,
    image: i64,
    last: Option<i64>,
) -> Vec<SseEvent> {
    let mut events: Vec<SseEvent> = Vec::new();
    for _ in 0..5 {
        let mut request = fleet
            .client
            .get(format!("{}/api/v1/images/{image}/events/", fleet.base))
            .bearer_auth(token);
        if let Some(id) = events.last().and_then(|e| e.id).or(last) {
            request = request.header("last-event-id", id.to_string());
        }
        if let Ok(response) = request.send().await
            && response.status() == 200
        {
            let mut reader = SseReader::new(response);
            while let Some(event) = reader.next(Duration::from_secs(60)).await {
                let done = matches!(event.data["step"].as_str(), Some("complete" | "error"));
                events.push(event);
                if done {
                    return events;
                }
            }
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    panic!(
        "the analysis of {image} did not end: {events:?}{}",
        fleet.logs()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_outlives_its_listener_and_a_killed_api() {
    let Some(bytes) = food_photo("coco_000000000142.jpg") else {
        return;
    };
    if !recognition_models_installed() {
        return;
    }
    let Some(db) = TestDatabase::postgres().await else {
        return;
    };
    let Some(redis) = shared_redis().await else {
        return;
    };
    let mut fleet = Fleet::start(&db.url, &redis, &[("WORKER_HEARTBEAT_SECS", "1")]).await;
    let _worker = fleet.worker("worker-a");
    let token = sign_up(&fleet.client, &fleet.base, "away").await;

    // 1. The listener leaves after the first event (a phone switching apps).
    let left = upload_photo(&fleet, &token, bytes.clone()).await;
    let left_first = start_and_leave(&fleet, &token, left).await;
    // 2. The API that started it is killed (kill -9) and started again.
    let killed = upload_photo(&fleet, &token, bytes).await;
    let killed_first = start_and_leave(&fleet, &token, killed).await;
    fleet.restart_api().await;

    for (image, first) in [(left, left_first), (killed, killed_first)] {
        // Coming back with the last event it had, a listener gets every later step.
        let rest = follow_analysis(&fleet, &token, image, first.id).await;
        let ids: Vec<i64> = rest.iter().map(|e| e.id.unwrap()).collect();
        let from = first.id.unwrap() + 1;
        assert_eq!(ids, (from..from + ids.len() as i64).collect::<Vec<_>>());
        let steps: Vec<&str> = rest
            .iter()
            .map(|e| e.data["step"].as_str().unwrap())
            .collect();
        assert_eq!(steps.last(), Some(&"complete"), "{steps:?}{}", fleet.logs());
        // It completed once: one start, one end, and the results it announced.
        let all = follow_analysis(&fleet, &token, image, None).await;
        let count = |step: &str| all.iter().filter(|e| e.data["step"] == step).count();
        assert_eq!(
            (count("start"), count("complete"), count("error")),
            (1, 1, 0)
        );
        let (status, results) = call(
            &fleet.client,
            &fleet.base,
            Method::GET,
            &format!("/images/{image}/results/"),
            Some(&token),
            None,
        )
        .await
        .unwrap();
        assert_eq!(status, 200);
        assert_eq!(results["data"]["processing_status"], "completed");
        assert_eq!(
            results["data"]["results"],
            rest.last().unwrap().data["foods"]
        );
    }
    // Each stage's job ran to its end once per analysis.
    let pool = sqlx::PgPool::connect(&db.url).await.unwrap();
    let done: Vec<(String, i64)> = sqlx::query_as(
        "select queue, count(*) from job_run where status = 'completed' \
         and queue in ('detect-foods', 'estimate-portions', 'lookup-nutrition') \
         group by queue order by queue",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(
        done,
        [
            ("detect-foods".to_owned(), 2),
            ("estimate-portions".to_owned(), 2),
            ("lookup-nutrition".to_owned(), 2)
        ]
    );
}

// ---------------------------------------------------------------------------------
// 3. A restart of Redis while a stream is open and jobs are queued.

/// Follows a job's event stream to its end, reconnecting with `Last-Event-ID` when it
/// drops; the events and the number of reconnections.
async fn follow_job(client: reqwest::Client, url: String) -> (Vec<SseEvent>, usize) {
    let mut events: Vec<SseEvent> = Vec::new();
    let mut reconnects = 0;
    loop {
        let mut request = client.get(&url).header("accept", "text/event-stream");
        if let Some(id) = events.last().and_then(|e| e.id) {
            request = request.header("last-event-id", id.to_string());
        }
        match request.send().await {
            Ok(response) if response.status() == 204 => return (events, reconnects),
            Ok(response) if response.status() == 200 => {
                let mut reader = SseReader::new(response);
                while let Some(event) = reader.next(Duration::from_secs(30)).await {
                    let done = matches!(
                        event.data["status"].as_str(),
                        Some("completed" | "failed" | "cancelled")
                    );
                    events.push(event);
                    if done {
                        return (events, reconnects);
                    }
                }
            }
            _ => {}
        }
        reconnects += 1;
        if reconnects > 5 {
            return (events, reconnects);
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// A fleet on a Redis of its own, to restart: workers beat each second, and jobs still
/// waiting in Redis when it dies are queued again by the API's sweeper after its grace
/// (3 s here, 120 s by default). `None` where PostgreSQL or `redis-server` is missing.
async fn fleet_on_a_private_redis() -> Option<(TestDatabase, PrivateRedis, Fleet)> {
    let db = TestDatabase::postgres().await?;
    let redis = PrivateRedis::start().await?;
    let fleet = Fleet::start(
        &db.url,
        &redis.url(),
        &[
            ("WORKER_HEARTBEAT_SECS", "1"),
            ("JOB_SWEEP_GRACE_SECS", "3"),
        ],
    )
    .await;
    Some((db, redis, fleet))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fleet_rides_out_a_restart_of_its_redis() {
    let Some((_db, mut redis, fleet)) = fleet_on_a_private_redis().await else {
        return;
    };
    let _worker = fleet.worker("worker-a");

    // A client watches a long job; a few more wait behind it.
    let (watched, url) = fleet.probe(16, 250).await;
    let watcher = tokio::spawn(follow_job(fleet.client.clone(), url));
    let mut before = Vec::new();
    for _ in 0..3 {
        before.push(fleet.probe(3, 200).await.0);
    }
    tokio::time::sleep(Duration::from_millis(300)).await;

    // Redis dies, stays away for two seconds and comes back empty on the same port.
    let restarted = Instant::now();
    redis.kill();
    tokio::time::sleep(Duration::from_secs(2)).await;
    redis.restart().await;
    assert!(
        wait_ready(&fleet.client, &fleet.base, Duration::from_secs(20)).await,
        "the api is ready again by itself{}",
        fleet.logs()
    );
    let ready_in = restarted.elapsed();

    // New jobs are done; every job, from before or after, comes to an end.
    let mut after = Vec::new();
    for _ in 0..3 {
        after.push(fleet.probe(2, 100).await.0);
    }
    for id in &after {
        assert_eq!(
            fleet.finished(id, Duration::from_secs(30)).await,
            "completed"
        );
    }
    let mut outcomes = Vec::new();
    for id in std::iter::once(&watched).chain(&before) {
        outcomes.push(fleet.finished(id, Duration::from_secs(30)).await);
    }
    // None is lost: those Redis forgot were queued again and done.
    assert!(outcomes.iter().all(|o| o == "completed"), "{outcomes:?}");
    let (events, reconnects) = tokio::time::timeout(Duration::from_secs(30), watcher)
        .await
        .expect("the watched stream ends")
        .unwrap();
    assert!(reconnects <= 1, "at most one retry: {reconnects}");
    let last = &events.last().expect("events").data;
    assert_eq!(last["status"], "completed", "{events:?}");
    let ids: Vec<i64> = events.iter().map(|e| e.id.unwrap()).collect();
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "{ids:?}");
    eprintln!(
        "redis restart: ready again in {ready_in:?}, watched stream reconnected {reconnects} time(s), \
         jobs from before: {outcomes:?}"
    );
}

/// How many times workers started each job, from the store.
async fn runs_of(database_url: &str, ids: &[String]) -> Vec<i64> {
    let pool = sqlx::PgPool::connect(database_url).await.unwrap();
    let mut runs = Vec::new();
    for id in ids {
        let n: i32 = sqlx::query_scalar("select runs from job_run where job_run_id = $1")
            .bind(id)
            .fetch_one(&pool)
            .await
            .unwrap();
        runs.push(i64::from(n));
    }
    runs
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn jobs_a_restarted_redis_forgot_are_done_once_each() {
    let Some((db, mut redis, fleet)) = fleet_on_a_private_redis().await else {
        return;
    };

    // 1. Jobs wait in Redis with no worker to take them; Redis comes back empty. Only
    // the database remembers them: the API's sweeper queues them again.
    let mut waiting = Vec::new();
    for _ in 0..8 {
        waiting.push(fleet.probe(2, 50).await.0);
    }
    redis.kill();
    tokio::time::sleep(Duration::from_millis(500)).await;
    redis.restart().await;
    let _workers = [fleet.worker("worker-a"), fleet.worker("worker-b")];
    for id in &waiting {
        assert_eq!(
            fleet.finished(id, Duration::from_secs(60)).await,
            "completed"
        );
    }
    assert_eq!(
        runs_of(&db.url, &waiting).await,
        vec![1; waiting.len()],
        "each lost job done exactly once{}",
        fleet.logs()
    );

    // 2. A job quiet for longer than the grace (one slow step) whose worker is alive is
    // not taken from it when Redis forgets it: the live owner finishes it, once.
    let (slow, _) = fleet.probe(2, 4_500).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    redis.kill();
    tokio::time::sleep(Duration::from_millis(500)).await;
    redis.restart().await;
    assert_eq!(
        fleet.finished(&slow, Duration::from_secs(60)).await,
        "completed"
    );
    // Well past a sweep: nothing ran it a second time.
    tokio::time::sleep(Duration::from_secs(4)).await;
    assert_eq!(
        runs_of(&db.url, std::slice::from_ref(&slow)).await,
        [1],
        "{}",
        fleet.logs()
    );
    eprintln!(
        "redis restarted empty under {} queued jobs and 1 running: lost 0, done twice 0",
        waiting.len()
    );
}

// ---------------------------------------------------------------------------------
// 4. A restart of PostgreSQL under a steady load of saves and reads.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_api_rides_out_a_restart_of_its_postgres() {
    let Some(redis) = shared_redis().await else {
        return;
    };
    let Some(pg) = PrivatePostgres::start() else {
        return;
    };
    let fleet = Fleet::start(&pg.url("postgres"), &redis, &[]).await;
    let (client, base) = (fleet.client.clone(), fleet.base.clone());
    let token = sign_up(&client, &base, "steady").await;
    let foods = catalogue_foods(&client, &base).await;

    let saved = Arc::new(Mutex::new(Vec::<Value>::new()));
    let failures = Arc::new(Mutex::new(Vec::<(Duration, String)>::new()));
    let answered = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let began = Instant::now();
    let mut clients = Vec::new();
    for c in 0..4 {
        let (client, base, token, foods) = (
            http_client(Duration::from_secs(15)),
            base.clone(),
            token.clone(),
            foods.clone(),
        );
        let (saved, failures, answered, stop) = (
            saved.clone(),
            failures.clone(),
            answered.clone(),
            stop.clone(),
        );
        clients.push(tokio::spawn(async move {
            let mut n = 0;
            while !stop.load(Ordering::SeqCst) {
                n += 1;
                let body = meal_body(&foods, &format!("steady {c}-{n}"));
                let sent = Instant::now();
                let mut answers = vec![
                    call(
                        &client,
                        &base,
                        Method::POST,
                        "/meals/create/",
                        Some(&token),
                        Some(&body),
                    )
                    .await,
                ];
                if let Ok((201, meal)) = &answers[0] {
                    saved.lock().unwrap().push(meal["data"].clone());
                    let path = format!("/meals/{}/", meal["data"]["id"]);
                    answers
                        .push(call(&client, &base, Method::GET, &path, Some(&token), None).await);
                }
                for answer in answers {
                    answered.fetch_add(1, Ordering::SeqCst);
                    match answer {
                        Ok((200 | 201, _)) => {}
                        Ok((status, body)) => failures
                            .lock()
                            .unwrap()
                            .push((began.elapsed(), format!("{status} {body}"))),
                        Err(e) => failures.lock().unwrap().push((
                            began.elapsed(),
                            format!("no answer after {:?}: {e}", sent.elapsed()),
                        )),
                    }
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }));
    }

    tokio::time::sleep(Duration::from_millis(1500)).await;
    let before = saved.lock().unwrap().len();
    assert!(before > 0, "saves before the restart");
    let restart_began = began.elapsed();
    let pg = tokio::task::spawn_blocking(move || {
        pg.restart();
        pg
    })
    .await
    .unwrap();
    let restart_ended = began.elapsed();
    tokio::time::sleep(Duration::from_secs(3)).await;
    let saved_mid = saved.lock().unwrap().len();
    tokio::time::sleep(Duration::from_secs(1)).await;
    stop.store(true, Ordering::SeqCst);
    for c in clients {
        tokio::time::timeout(Duration::from_secs(30), c)
            .await
            .expect("no client hangs")
            .unwrap();
    }
    let saved = saved.lock().unwrap().clone();
    let failures = failures.lock().unwrap().clone();
    let answered = answered.load(Ordering::SeqCst);

    // Requests fail only around the restart, each saying the database is away (503, try
    // again) in the envelope.
    for (at, failure) in &failures {
        assert!(
            *at + Duration::from_millis(500) >= restart_began
                && *at <= restart_ended + Duration::from_secs(6),
            "a failure at {at:?}, the restart took {restart_began:?}..{restart_ended:?}: {failure}"
        );
        let (status, body) = failure.split_once(' ').unwrap();
        let status: u16 = status
            .parse()
            .unwrap_or_else(|_| panic!("a request got no answer: {failure}"));
        assert_eq!(status, 503, "{failure}");
        let body: Value = serde_json::from_str(body).unwrap();
        assert_eq!(body["success"], false, "{failure}");
        assert_eq!(body["error"]["code"], "DATABASE_UNAVAILABLE", "{failure}");
        assert!(body["error"]["code"].is_string() && body["error"]["message"].is_string());
    }
    assert!(
        failures.len() <= 20,
        "{} of {answered} requests failed: {failures:?}",
        failures.len()
    );
    // The API recovered by itself: saves went on after the restart, and it is ready.
    assert!(saved.len() > saved_mid, "saves after the restart");
    assert!(wait_ready(&client, &base, Duration::from_secs(10)).await);
    assert_all_there(&client, &base, &token, &saved).await;
    eprintln!(
        "postgres restart ({:?}): {answered} requests, {} saves, {} failed{}",
        restart_ended - restart_began,
        saved.len(),
        failures.len(),
        failures
            .iter()
            .map(|(at, f)| format!("\n  at {at:?}: {}", f.chars().take(160).collect::<String>()))
            .collect::<String>()
    );
    drop(fleet);
    drop(pg);
}

// ---------------------------------------------------------------------------------
// 5. Races with consistent outcomes (in process, on the engine under test).

#[tokio::test]
async fn racing_edits_of_a_food_leave_one_of_them_whole() {
    let Some(app) = support::spawn_app(support::Options::default()).await else {
        return;
    };
    let ann = support::register(&app, "ann").await;
    let bodies = [
        json!({"name": "Granola A", "brand": "Mill A", "calories": 471, "protein": 10.5,
               "fat": 20, "carbs": 60, "fiber": 5, "sugar": 12, "sodium": 100,
               "portions": [{"grams": 45, "name": "1 cup"}]}),
        json!({"name": "Granola B", "brand": "Mill B", "calories": 250, "protein": 8,
               "fat": 9, "carbs": 35, "fiber": 3, "sugar": 6, "sodium": 400,
               "portions": [{"grams": 30, "name": "1 bar"}, {"grams": 60, "name": "2 bars"}]}),
    ];
    let (status, created) = support::send_as(
        &app,
        Method::POST,
        "/foods/create/",
        &ann.access,
        &bodies[0],
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let id = created["data"]["id"].as_i64().unwrap();
    let path = format!("/foods/{id}/update/");
    let view = |food: &Value| {
        json!([
            food["name"],
            food["brand"],
            food["calories_per_100g"],
            food["protein_per_100g"],
            food["fat_per_100g"],
            food["carbs_per_100g"],
            food["fiber_per_100g"],
            food["sugar_per_100g"],
            food["sodium_per_100g"],
            food["portions"]
        ])
    };
    // What each body reads back as, alone.
    let mut expected = Vec::new();
    for body in &bodies {
        let (status, updated) = support::send_as(&app, Method::PUT, &path, &ann.access, body).await;
        assert_eq!(status, 200, "{updated}");
        expected.push(view(&updated["data"]));
    }
    assert_ne!(expected[0], expected[1]);
    let mut winners = [0; 2];
    for round in 0..30 {
        let (a, b) = if round % 2 == 0 { (0, 1) } else { (1, 0) };
        let (first, second) = tokio::join!(
            support::send_as(&app, Method::PUT, &path, &ann.access, &bodies[a]),
            support::send_as(&app, Method::PUT, &path, &ann.access, &bodies[b]),
        );
        assert_eq!((first.0, second.0), (200, 200), "{first:?} {second:?}");
        assert_eq!(
            view(&first.1["data"]),
            expected[a],
            "each answer is its own body"
        );
        assert_eq!(view(&second.1["data"]), expected[b]);
        let (_, now) = support::get_as(&app, &format!("/foods/{id}/"), &ann.access).await;
        let now = view(&now["data"]);
        let winner = expected
            .iter()
            .position(|e| *e == now)
            .unwrap_or_else(|| panic!("round {round}: a mix of both edits: {now}"));
        winners[winner] += 1;
    }
    eprintln!(
        "racing food edits: A won {} rounds, B {}",
        winners[0], winners[1]
    );
}

#[tokio::test]
async fn a_refresh_token_spent_twice_at_once_gives_at_most_one_session() {
    let Some(app) = support::spawn_app(support::Options::default()).await else {
        return;
    };
    support::register(&app, "ann").await;
    let mut outcomes = Vec::new();
    for _ in 0..12 {
        let (status, session) = support::login(&app, "ann", support::PASSWORD).await;
        assert_eq!(status, 200, "{session}");
        let refresh = session["data"]["refresh"].as_str().unwrap().to_owned();
        let body = json!({"refresh": refresh});
        let (first, second) = tokio::join!(
            app.post("/auth/refresh/", &body),
            app.post("/auth/refresh/", &body)
        );
        let answers = [first, second];
        let winners: Vec<&Value> = answers
            .iter()
            .filter(|(status, _)| *status == 200)
            .map(|(_, body)| body)
            .collect();
        for (status, body) in &answers {
            assert!(
                *status == 200 || (*status == 401 && body["success"] == false),
                "{status} {body}"
            );
        }
        assert!(
            winners.len() <= 1,
            "two new sessions from one token: {answers:?}"
        );
        // The spent token is spent; the new one works only if reuse detection did not
        // end the session.
        let (again, _) = app.post("/auth/refresh/", &body).await;
        assert_eq!(again, 401);
        let survived = match winners.first() {
            Some(won) => {
                let (status, next) = app
                    .post(
                        "/auth/refresh/",
                        &json!({"refresh": won["data"]["refresh"]}),
                    )
                    .await;
                assert!(status == 200 || status == 401, "{status} {next}");
                status == 200
            }
            None => false,
        };
        outcomes.push((winners.len(), survived));
    }
    eprintln!("refresh races (new tokens, session survived): {outcomes:?}");
}
