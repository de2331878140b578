//! Starts the real API on port 0 with a fresh database, as `make run` would, and
//! talks to it over HTTP. `TEST_ENGINE=postgres` runs the same tests on PostgreSQL with
//! the Redis queue and bus; `TEST_LOG=1` shows the server's logs.
//!
//! Long on purpose: the one harness every API test uses (spawning the real server, its
//! stores, mail and replayed outside services); one file so no test file grows a copy.

pub mod process;
pub mod smtp;

use std::{net::SocketAddr, path::PathBuf, time::Duration};

use api::{App, AppState, Config, Secret};
use futures::StreamExt;
use platform::{config::DataPlaces, usda::UsdaConfig};
use serde_json::{Value, json};
use store::{Engine, testing::TestDatabase};
use tokio::sync::oneshot;
use worker::WorkerConfig;

pub const ADMIN_TOKEN: &str = "test-admin-token";
pub const TEST_JWT_SECRET: &str = "test-signing-secret-of-at-least-32-characters";

pub struct Options {
    pub web_dir: Option<PathBuf>,
    pub admin_token: Option<&'static str>,
    pub smtp_url: Option<String>,
    pub embedded_workers: bool,
    pub concurrency: usize,
    pub rate_limits: api::RateLimits,
    pub connections: api::ConnectionLimits,
    /// Photo quota and decode budget.
    pub uploads: api::UploadLimits,
    /// Where USDA FoodData Central is (a replay server); by default nowhere reachable.
    pub usda_base_url: Option<String>,
    /// Open Food Facts (a local replay server in tests).
    pub off_base_url: Option<String>,
    /// Where the recognition models are; by default the project's `.models` (`make models`).
    pub models_dir: Option<PathBuf>,
    /// The optional dish classifier (a manifest name in the models directory).
    pub classifier: Option<String>,
    /// The optional OpenAI-compatible vision endpoint (a replay server).
    pub vision_url: Option<String>,
    /// Account exports written at once.
    pub exports_at_once: usize,
    /// How long a call waits for its job before it answers 202 (`ANSWER_WITHIN_MS`).
    pub answer_within: Duration,
    /// One session of each model shared by the slots (`RECOGNITION_SESSIONS=shared`),
    /// and how many photos may run as one batch (`RECOGNITION_BATCH`).
    pub shared_sessions: bool,
    pub recognition_batch: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            web_dir: None,
            admin_token: Some(ADMIN_TOKEN),
            smtp_url: None,
            embedded_workers: true,
            concurrency: 2,
            rate_limits: generous_limits(),
            connections: api::ConnectionLimits::default(),
            uploads: api::UploadLimits::default(),
            usda_base_url: None,
            off_base_url: None,
            models_dir: None,
            classifier: None,
            vision_url: None,
            exports_at_once: 4,
            // Production waits 2 s; a test machine busy with other tests may need far longer,
            // and what the tests check is the answer, not its speed.
            answer_within: Duration::from_secs(30),
            shared_sessions: false,
            recognition_batch: 1,
        }
    }
}

/// A path in the project (the workspace root).
pub fn project_path(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(path)
}

/// Tests sign in many times from one address; the rate-limit tests set their own.
pub fn generous_limits() -> api::RateLimits {
    let plenty = api::Limit::per(10_000, Duration::from_secs(60));
    api::RateLimits {
        login_per_ip: plenty,
        login_per_account: plenty,
        register_per_ip: plenty,
        mail_per_ip: plenty,
        mail_per_account: plenty,
        upload_per_account: plenty,
    }
}

pub struct TestApp {
    pub api: String,
    pub admin: String,
    pub client: reqwest::Client,
    pub state: AppState,
    pub data_dir: tempfile::TempDir,
    pub engine: Engine,
    redis_namespace: Option<String>,
    shutdown: Option<oneshot::Sender<()>>,
    _db: TestDatabase,
}

pub fn init_logs() {
    if std::env::var("TEST_LOG").is_ok() {
        platform::telemetry::init_tracing();
    }
}

/// `None` when the engine under test is not reachable here (outside CI).
pub async fn spawn_app(options: Options) -> Option<TestApp> {
    init_logs();
    let db = TestDatabase::under_test().await?;
    let engine = db.db.engine();
    let redis_namespace =
        (engine == Engine::Postgres).then(|| format!("test-{}", uuid::Uuid::new_v4().simple()));
    let data_dir = tempfile::tempdir().unwrap();
    let config = Config {
        bind_addr: "127.0.0.1:0".parse().unwrap(),
        admin_bind_addr: "127.0.0.1:0".parse().unwrap(),
        database_url: Secret::from(db.url.clone()),
        redis_url: redis_namespace
            .as_ref()
            .map(|_| Secret::from(store::testing::redis_url())),
        redis_namespace: redis_namespace.clone().unwrap_or_else(|| "calorie".into()),
        embedded_workers: options.embedded_workers,
        web_dir: options
            .web_dir
            .unwrap_or_else(|| data_dir.path().join("no-web")),
        admin_token: options.admin_token.map(Secret::from),
        cors_origins: vec!["http://localhost:5173".into()],
        json_body_limit: 64 * 1024,
        jwt_secret: Some(Secret::from(TEST_JWT_SECRET)),
        rate_limits: options.rate_limits,
        connections: options.connections,
        exports_at_once: options.exports_at_once,
        job_sweep_grace: Duration::from_secs(120),
        answer_within: options.answer_within,
        uploads: options.uploads,
        places: DataPlaces {
            data_dir: data_dir.path().to_owned(),
            blob_url: None,
        },
        usda: UsdaConfig {
            // Port 9 (discard) refuses at once: tests never reach the real service.
            base_url: options
                .usda_base_url
                .unwrap_or_else(|| "http://127.0.0.1:9/fdc/v1".into()),
            api_key: "TEST_KEY".into(),
            timeout: Duration::from_millis(700),
        },
        worker: WorkerConfig {
            concurrency: options.concurrency,
            decode_memory_bytes: platform::photo::DEFAULT_DECODE_MEMORY,
            heartbeat: jobs::DEFAULT_HEARTBEAT,
            smtp_url: options.smtp_url.map(Secret::from),
            mail_from: "Calorie Tracker <no-reply@calorie.localhost>".into(),
            public_url: "http://127.0.0.1:8080".into(),
            off: worker::barcodes::openfoodfacts::OffConfig {
                base_url: options
                    .off_base_url
                    .unwrap_or_else(|| "http://127.0.0.1:9".into()),
                timeout: Duration::from_millis(700),
                user_agent: "CalorieTracker-tests/0.1".into(),
            },
            recognition: worker::recognition::RecognitionConfig {
                models_dir: options
                    .models_dir
                    .unwrap_or_else(|| project_path(".models")),
                sessions: if options.shared_sessions {
                    1
                } else {
                    options.concurrency
                },
                batch: options.recognition_batch,
                classifier: options.classifier,
                vision: options.vision_url.map(|base_url| {
                    worker::recognition::vision::VisionConfig {
                        base_url,
                        api_key: Some("test-vision-key".into()),
                        model: "test-vision-model".into(),
                        timeout: Duration::from_millis(1500),
                    }
                }),
                ..worker::recognition::RecognitionConfig::installed_at(&project_path(""), 1)
            },
            unconfirmed_uploads_kept_for: Duration::from_secs(30 * 24 * 3600),
            host_name: "local".into(),
            queues: Default::default(),
        },
    };
    let app = match App::build(config).await {
        Ok(app) => app,
        Err(e) if engine == Engine::Postgres => {
            models::testing::unavailable(&format!("Redis for the fleet suite ({e:#})"));
            return None;
        }
        Err(e) => panic!("the app starts: {e:#}"),
    };
    let api = base(app.api_addr());
    let admin = base(app.admin_addr());
    let state = app.state().clone();
    let (tx, rx) = oneshot::channel();
    tokio::spawn(app.run_until(async {
        let _ = rx.await;
    }));
    Some(TestApp {
        api,
        admin,
        client: reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .build()
            .unwrap(),
        state,
        data_dir,
        engine,
        redis_namespace,
        shutdown: Some(tx),
        _db: db,
    })
}

fn base(addr: SocketAddr) -> String {
    format!("http://{addr}")
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}/api/v1{path}", self.api)
    }

    /// What the admin listener's `/metrics` shows now.
    pub async fn metrics(&self) -> String {
        self.client
            .get(format!("{}/metrics", self.admin))
            .bearer_auth(ADMIN_TOKEN)
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap()
    }

    pub async fn get(&self, path: &str) -> (u16, Value) {
        json_of(self.client.get(self.url(path)).send().await.unwrap()).await
    }

    /// `path` on the admin listener, with `ADMIN_TOKEN` as the basic-auth password in the
    /// address itself (so helpers that take an address send it).
    pub fn admin_url(&self, path: &str) -> String {
        let host = self.admin.trim_start_matches("http://");
        format!("http://admin:{ADMIN_TOKEN}@{host}{path}")
    }

    /// A GET on the admin listener.
    pub async fn admin_get(&self, path: &str) -> (u16, Value) {
        json_of(self.client.get(self.admin_url(path)).send().await.unwrap()).await
    }

    /// A POST of JSON on the admin listener.
    pub async fn admin_post(&self, path: &str, body: &Value) -> (u16, Value) {
        json_of(
            self.client
                .post(self.admin_url(path))
                .json(body)
                .send()
                .await
                .unwrap(),
        )
        .await
    }

    pub async fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        json_of(
            self.client
                .post(self.url(path))
                .json(body)
                .send()
                .await
                .unwrap(),
        )
        .await
    }

    /// Starts a probe job through the admin listener and returns its id.
    pub async fn probe(&self, steps: u8, step_delay_ms: u64) -> String {
        let (status, body) = json_of(
            self.client
                .post(format!("{}/probe", self.admin))
                .bearer_auth(ADMIN_TOKEN)
                .json(&serde_json::json!({"steps": steps, "step_delay_ms": step_delay_ms}))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        body["data"]["job_id"].as_str().unwrap().to_owned()
    }

    /// Reads a job's event stream until it ends (the job finished) or `max` events, on
    /// the admin listener (which sees every job).
    pub async fn events(
        &self,
        job_id: &str,
        last_event_id: Option<i64>,
        max: usize,
    ) -> Vec<SseEvent> {
        read_events(
            &self.client,
            &self.admin_url(&format!("/jobs/{job_id}/events/")),
            last_event_id,
            max,
        )
        .await
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(namespace) = self.redis_namespace.take() {
            let _ = std::thread::spawn(move || delete_redis_namespace(&namespace)).join();
        }
    }
}

/// Whether a Redis server answers at `url` within `within`.
pub async fn redis_answers(url: &str, within: Duration) -> bool {
    let Ok(client) = redis::Client::open(url) else {
        return false;
    };
    tokio::time::timeout(within, async {
        let mut conn = client.get_multiplexed_async_connection().await?;
        redis::cmd("PING").query_async::<String>(&mut conn).await
    })
    .await
    .is_ok_and(|r| r.is_ok())
}

/// Removes a test's queues from the shared Redis server.
pub fn delete_redis_namespace(namespace: &str) {
    let Ok(client) = redis::Client::open(store::testing::redis_url()) else {
        return;
    };
    let Ok(mut conn) = client.get_connection() else {
        return;
    };
    let keys: Vec<String> = redis::cmd("KEYS")
        .arg(format!("{namespace}:*"))
        .query(&mut conn)
        .unwrap_or_default();
    if !keys.is_empty() {
        let _: redis::RedisResult<()> = redis::cmd("DEL").arg(keys).query(&mut conn);
    }
}

pub async fn json_of(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    let body = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("status {status}: body is not JSON ({e}): {text}"));
    (status, body)
}

#[derive(Debug, Clone)]
pub struct SseEvent {
    pub id: Option<i64>,
    pub data: Value,
}

/// A minimal `text/event-stream` reader: collects events until the server closes the
/// stream, `max` events arrived, or 30 s passed.
pub async fn read_events(
    client: &reqwest::Client,
    url: &str,
    last_event_id: Option<i64>,
    max: usize,
) -> Vec<SseEvent> {
    let mut request = client.get(url).header("accept", "text/event-stream");
    if let Some(id) = last_event_id {
        request = request.header("last-event-id", id.to_string());
    }
    let response = request.send().await.unwrap();
    if response.status() == 204 {
        // The client has already seen the end of this job.
        return Vec::new();
    }
    events_of(response, max, Duration::from_secs(30)).await
}

/// The events of a `text/event-stream` answer, until the server closes the stream,
/// `max` events arrived, or `wait` passed.
pub async fn events_of(response: reqwest::Response, max: usize, wait: Duration) -> Vec<SseEvent> {
    assert_eq!(response.status(), 200);
    assert!(
        response.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/event-stream")
    );
    let mut stream = response.bytes_stream();
    // Bytes until a whole block is in: a chunk may end inside a character.
    let mut buffer: Vec<u8> = Vec::new();
    let mut events = Vec::new();
    let deadline = tokio::time::Instant::now() + wait;
    while events.len() < max {
        let chunk = match tokio::time::timeout_at(deadline, stream.next()).await {
            Ok(Some(chunk)) => chunk.unwrap(),
            Ok(None) => break,
            Err(_) => panic!("no end of stream within {wait:?}; got {events:?}"),
        };
        buffer.extend_from_slice(&chunk);
        while let Some(block) = next_block(&mut buffer) {
            events.extend(parse_event(&block));
        }
    }
    events
}

/// The first whole block (up to a blank line) taken out of `buffer`, if one is in.
pub fn next_block(buffer: &mut Vec<u8>) -> Option<String> {
    let end = buffer.windows(2).position(|w| w == b"\n\n")?;
    let block: Vec<u8> = buffer.drain(..end + 2).collect();
    Some(String::from_utf8(block).unwrap())
}

/// The event of one block of a `text/event-stream` (its lines up to a blank one);
/// `None` for a block without data.
pub fn parse_event(block: &str) -> Option<SseEvent> {
    let mut id = None;
    let mut data = String::new();
    for line in block.lines() {
        if let Some(v) = line.strip_prefix("id:") {
            id = v.trim().parse().ok();
        } else if let Some(v) = line.strip_prefix("data:") {
            data.push_str(v.trim_start());
        }
    }
    (!data.is_empty()).then(|| SseEvent {
        id,
        data: serde_json::from_str(&data).unwrap(),
    })
}

/// Finishes a call answered 202 as a client does: follows the work's events to their end
/// (which must be a success), then reads its `result`. `None` when `result` is null: the
/// caller sends the same call again.
pub async fn finish_accepted(app: &TestApp, token: &str, accepted: &Value) -> Option<(u16, Value)> {
    let link = |key: &str| {
        accepted[key]
            .as_str()
            .map(|path| format!("{}{path}", app.api))
    };
    let events = link("events").unwrap_or_else(|| panic!("no events to follow: {accepted}"));
    let response = app
        .client
        .get(events)
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    if response.status() != 204 {
        let events = events_of(response, usize::MAX, Duration::from_secs(60)).await;
        let last = &events.last().expect("an event").data;
        let ended_well = last["status"] == "completed" || last["step"] == "complete";
        assert!(ended_well, "the work failed: {events:?}");
    }
    let result = link("result")?;
    let response = app
        .client
        .get(result)
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    Some(json_of(response).await)
}

/// Queues a job and waits for its outcome (calls themselves wait at most about 2 s).
pub async fn run_job<J: jobs::Job>(
    app: &TestApp,
    payload: J,
) -> Result<J::Output, jobs::JobsError> {
    let id = app.state.jobs.push(payload, None).await?;
    match app
        .state
        .jobs
        .outcome_within::<J>(id, Duration::from_secs(60))
        .await?
    {
        jobs::Outcome::Done(output) => Ok(output),
        jobs::Outcome::Pending(progress) => panic!("job not done in 60 s: {progress:?}"),
    }
}

/// Polls a job until it is finished.
pub async fn wait_finished(app: &TestApp, job_id: &str) -> Value {
    for _ in 0..300 {
        let (_, body) = app.admin_get(&format!("/jobs/{job_id}/")).await;
        if matches!(
            body["data"]["status"].as_str(),
            Some("completed" | "failed" | "cancelled")
        ) {
            return body["data"].clone();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("job {job_id} did not finish");
}

// Signed-in calls, shared by the area suites.

pub const PASSWORD: &str = "Sunrise2026";

pub struct Session {
    pub access: String,
    pub refresh: String,
    pub user: Value,
}

pub async fn register(app: &TestApp, username: &str) -> Session {
    let (status, body) = app
        .post(
            "/auth/register/",
            &json!({"username": username, "email": format!("{username}@example.com"),
                    "password": PASSWORD, "nickname": "小明"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    Session {
        access: body["data"]["access"].as_str().unwrap().into(),
        refresh: body["data"]["refresh"].as_str().unwrap().into(),
        user: body["data"]["user"].clone(),
    }
}

pub async fn login(app: &TestApp, username: &str, password: &str) -> (u16, Value) {
    app.post(
        "/auth/login/",
        &json!({"username": username, "password": password}),
    )
    .await
}

pub async fn get_as(app: &TestApp, path: &str, token: &str) -> (u16, Value) {
    json_of(
        app.client
            .get(app.url(path))
            .bearer_auth(token)
            .send()
            .await
            .unwrap(),
    )
    .await
}

pub async fn send_as(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    token: &str,
    body: &Value,
) -> (u16, Value) {
    json_of(
        app.client
            .request(method, app.url(path))
            .bearer_auth(token)
            .json(body)
            .send()
            .await
            .unwrap(),
    )
    .await
}

/// A GET as `who`, answered as it comes (a download: an export, a CSV).
pub async fn download(app: &TestApp, who: &Session, path: &str) -> reqwest::Response {
    app.client
        .get(app.url(path))
        .bearer_auth(&who.access)
        .send()
        .await
        .unwrap()
}

/// `send_as` with `who`'s access token.
pub async fn as_user(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    who: &Session,
    body: Value,
) -> (u16, Value) {
    send_as(app, method, path, &who.access, &body).await
}

/// A call as `who` that must succeed (200 or 201): the answer's data.
pub async fn expect_ok(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    who: &Session,
    body: Value,
) -> Value {
    let (status, answer) = as_user(app, method, path, who, body).await;
    assert!(status == 200 || status == 201, "{path}: {status} {answer}");
    answer["data"].clone()
}

/// The id of the catalogue food the search puts first.
pub async fn food_id(app: &TestApp, query: &str) -> i64 {
    let (status, body) = app.get(&format!("/foods/search/?query={query}")).await;
    assert_eq!(status, 200, "{body}");
    body["data"]["foods"][0]["id"].as_i64().unwrap()
}

/// A number of an answer, or a failure that shows what stood there instead.
/// The value of the first line of a Prometheus text that starts with `series` (a name
/// with its labels), 0 when there is none (a counter never incremented).
pub fn metric(text: &str, series: &str) -> f64 {
    text.lines()
        .find(|l| l.starts_with(series))
        .map_or(0.0, |l| l.rsplit(' ').next().unwrap().parse().unwrap())
}

pub fn number(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

/// A photo of food from the shared test data; `None` where that is not installed.
pub fn food_photo(name: &str) -> Option<Vec<u8>> {
    let path = models::testing::shared_data(&format!("images/food/{name}"))?;
    Some(std::fs::read(path).unwrap())
}

/// Whether the recognition models and ONNX Runtime are installed (`make models`); a
/// test that needs them says so and passes when they are not.
pub fn recognition_models_installed() -> bool {
    let ok = project_path(".models/yolox-nano.json").is_file()
        && project_path(".ort/libonnxruntime.so.1.31.1").is_file();
    if !ok {
        models::testing::unavailable("the recognition models and ONNX Runtime (make models)");
    }
    ok
}

/// The recognition models and ONNX Runtime of this checkout, by absolute path, for a
/// process started in any working directory.
pub fn models_env() -> [(&'static str, String); 2] {
    [
        ("MODELS_DIR", project_path(".models").display().to_string()),
        (
            "ORT_DYLIB_PATH",
            project_path(".ort/libonnxruntime.so.1.31.1")
                .display()
                .to_string(),
        ),
    ]
}

/// Uploads an image as `who` (multipart field `image`, optional notes).
pub async fn upload(
    app: &TestApp,
    who: &Session,
    bytes: Vec<u8>,
    file: &str,
    notes: Option<&str>,
) -> (u16, Value) {
    let mut form = reqwest::multipart::Form::new().part(
        "image",
        reqwest::multipart::Part::bytes(bytes)
            .file_name(file.to_owned())
            .mime_str("image/jpeg")
            .unwrap(),
    );
    if let Some(notes) = notes {
        form = form.text("notes", notes.to_owned());
    }
    json_of(
        app.client
            .post(app.url("/images/upload/"))
            .bearer_auth(&who.access)
            .multipart(form)
            .send()
            .await
            .unwrap(),
    )
    .await
}

/// Everything stored of the jobs: each job record's payload, result and error, and what the
/// queue keeps of its tasks (SQLite's task table, or every key of this app's Redis
/// namespace), as text.
pub async fn stored_job_data(app: &TestApp) -> Vec<String> {
    const RECORDS: &str = "select coalesce(payload, '') || ' ' || coalesce(result, '') \
         || ' ' || coalesce(error_message, '') from job_run";
    let mut stored: Vec<String> = match &app.state.db {
        store::Database::Sqlite(pool) => sqlx::query_scalar(RECORDS).fetch_all(pool).await,
        store::Database::Postgres(pool) => sqlx::query_scalar(RECORDS).fetch_all(pool).await,
    }
    .unwrap();
    match app.state.jobs.queue() {
        jobs::QueueBackend::Sqlite(pool) => {
            let tasks: Vec<(Vec<u8>, Option<String>)> =
                sqlx::query_as("select job, last_result from Jobs")
                    .fetch_all(pool)
                    .await
                    .unwrap();
            stored.extend(tasks.into_iter().map(|(job, result)| {
                format!(
                    "{} {}",
                    String::from_utf8_lossy(&job),
                    result.unwrap_or_default()
                )
            }));
        }
        jobs::QueueBackend::Redis { conn, namespace } => {
            let mut conn = conn.clone();
            let keys: Vec<String> = redis::cmd("KEYS")
                .arg(format!("{namespace}:*"))
                .query_async(&mut conn)
                .await
                .unwrap();
            for key in keys {
                let kind: String = redis::cmd("TYPE")
                    .arg(&key)
                    .query_async(&mut conn)
                    .await
                    .unwrap();
                if kind == "none" {
                    continue; // expired since
                }
                let mut call = redis::cmd(match kind.as_str() {
                    "hash" => "HGETALL",
                    "list" => "LRANGE",
                    "set" => "SMEMBERS",
                    "zset" => "ZRANGE",
                    "string" => "GET",
                    other => panic!("{key} is a Redis {other}: read it too"),
                });
                call.arg(&key);
                if matches!(kind.as_str(), "list" | "zset") {
                    call.arg(0).arg(-1);
                }
                let values: Vec<Vec<u8>> = if kind == "string" {
                    vec![call.query_async(&mut conn).await.unwrap()]
                } else {
                    call.query_async(&mut conn)
                        .await
                        .unwrap_or_else(|e| panic!("{key} ({kind}): {e}"))
                };
                stored.extend(
                    values
                        .iter()
                        .map(|v| String::from_utf8_lossy(v).into_owned()),
                );
            }
        }
    }
    stored
}

// The job board's API (`/api/v1` on the admin listener), shared by the admin and fleet
// suites.

/// A JSON answer of the board at `admin` (the admin listener's base URL).
pub async fn on_board(client: &reqwest::Client, admin: &str, path: &str) -> Value {
    let response = client
        .get(format!("{admin}/api/v1{path}"))
        .bearer_auth(ADMIN_TOKEN)
        .send()
        .await
        .unwrap();
    let status = response.status();
    let text = response.text().await.unwrap();
    assert_eq!(status, 200, "{path}: {text}");
    serde_json::from_str(&text).unwrap_or_else(|_| panic!("{path} answers JSON: {text}"))
}

/// The board's first page of tasks under Done, once it holds at least `count` (the queue
/// marks a task done a moment after the job's record says so).
pub async fn done_on_board(client: &reqwest::Client, admin: &str, count: usize) -> Vec<Value> {
    let mut done = Vec::new();
    for _ in 0..50 {
        let listed = on_board(client, admin, "/tasks?status=Done&page=1&page_size=15").await;
        done = listed.as_array().cloned().unwrap_or_default();
        if done.len() >= count {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    done
}

/// The names in the board's list of queues.
pub fn queue_names(queues: &Value) -> Vec<&str> {
    queues
        .as_array()
        .unwrap()
        .iter()
        .map(|q| q["name"].as_str().unwrap())
        .collect()
}

/// One figure (`DONE_JOBS`, …) of a queue in the board's list.
pub fn figure(queue: &Value, title: &str) -> i64 {
    queue["stats"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["title"] == title)
        .unwrap_or_else(|| panic!("{title} of {queue}"))["value"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap()
}

/// An app whose workers send mail through `smtp`.
pub async fn spawn_app_mailing_to(smtp: &smtp::Listener) -> Option<TestApp> {
    spawn_app(Options {
        smtp_url: Some(format!("smtp://{}", smtp.addr)),
        ..Options::default()
    })
    .await
}
