//! The fleet, proven with the real binaries: an `api` process that only enqueues and
//! relays, separate `worker` processes that consume from Redis, PostgreSQL shared by
//! all, and progress crossing processes over Redis pub/sub to an SSE client.

use std::time::Duration;

use models::testing::unavailable;
use serde_json::{Value, json};
use store::testing::{TestDatabase, redis_url};

use crate::support;
use crate::support::process::{Process, S3Server, free_port, start, start_in};

/// One API process on a fresh PostgreSQL database and Redis namespace; workers join
/// with `worker()`.
struct Fleet {
    env: Vec<(&'static str, String)>,
    namespace: String,
    api: Process,
    api_port: u16,
    admin_port: u16,
    client: reqwest::Client,
    _data_dir: tempfile::TempDir,
    _db: TestDatabase,
}

impl Fleet {
    /// `None` when PostgreSQL or Redis is not reachable here (outside CI).
    async fn start(extra_env: &[(&'static str, &str)]) -> Option<Fleet> {
        let db = TestDatabase::postgres().await?;
        if !support::redis_answers(&redis_url(), Duration::from_secs(3)).await {
            unavailable(&format!("Redis at {}", redis_url()));
            return None;
        }
        let namespace = format!("fleet-{}", uuid::Uuid::new_v4().simple());
        let data_dir = tempfile::tempdir().unwrap();
        let mut env = vec![
            ("DATABASE_URL", db.url.clone()),
            ("REDIS_URL", redis_url()),
            ("REDIS_NAMESPACE", namespace.clone()),
            ("DATA_DIR", data_dir.path().display().to_string()),
        ];
        env.extend(extra_env.iter().map(|(k, v)| (*k, (*v).to_owned())));
        let (api_port, admin_port) = (free_port(), free_port());
        let api = start(
            "api",
            &[
                env.clone(),
                vec![
                    ("BIND_ADDR", format!("127.0.0.1:{api_port}")),
                    ("ADMIN_BIND_ADDR", format!("127.0.0.1:{admin_port}")),
                    ("ADMIN_TOKEN", support::ADMIN_TOKEN.into()),
                    ("JWT_SECRET", support::TEST_JWT_SECRET.into()),
                    (
                        "WEB_DIR",
                        data_dir.path().join("no-web").display().to_string(),
                    ),
                ],
            ]
            .concat(),
            None,
        );
        let _ = rustls::crypto::ring::default_provider().install_default();
        let fleet = Fleet {
            env,
            namespace,
            api,
            api_port,
            admin_port,
            client: reqwest::Client::new(),
            _data_dir: data_dir,
            _db: db,
        };
        fleet.wait_ready().await;
        Some(fleet)
    }

    fn worker(&self, hostname: &str) -> Process {
        let mut env = self.env.clone();
        env.push(("HOSTNAME", hostname.to_owned()));
        start("worker", &env, None)
    }

    /// A worker as on another machine: its own working and data directories (it sees
    /// none of the API's files), the models by absolute path, and `env` added.
    fn worker_elsewhere(&self, hostname: &str, home: &std::path::Path) -> Process {
        let mut env: Vec<(&'static str, String)> = self
            .env
            .iter()
            .filter(|(name, _)| *name != "DATA_DIR")
            .cloned()
            .collect();
        env.extend(support::models_env());
        env.extend([
            ("HOSTNAME", hostname.to_owned()),
            ("DATA_DIR", home.join("data").display().to_string()),
        ]);
        start_in("worker", &env, None, Some(home))
    }

    /// Uploads a photo as the holder of `token`; the image's id.
    async fn upload(&self, token: &str, photo: Vec<u8>) -> i64 {
        let form = reqwest::multipart::Form::new().part(
            "image",
            reqwest::multipart::Part::bytes(photo)
                .file_name("plate.jpg")
                .mime_str("image/jpeg")
                .unwrap(),
        );
        let response = self
            .client
            .post(self.api("/images/upload/"))
            .bearer_auth(token)
            .multipart(form)
            .send()
            .await
            .unwrap();
        let (status, uploaded) = support::json_of(response).await;
        assert_eq!(status, 201, "{uploaded}");
        uploaded["data"]["id"].as_i64().unwrap()
    }

    /// Analyses the photo `id` as the holder of `token`; the finished analysis.
    async fn analyse(&self, token: &str, id: i64) -> Value {
        let response = self
            .client
            .post(self.api("/images/analyze/"))
            .bearer_auth(token)
            .json(&json!({"image_id": id}))
            .send()
            .await
            .unwrap();
        let (status, mut analysed) = support::json_of(response).await;
        // Not done within the API's wait (the photo is normalised first, by a worker
        // still loading its models): followed as a client follows it, by its result.
        let deadline = std::time::Instant::now() + Duration::from_secs(90);
        if status == 202 {
            let result = analysed["data"]["result"].as_str().unwrap().to_owned();
            loop {
                let url = format!("http://127.0.0.1:{}{result}", self.api_port);
                let response = self
                    .client
                    .get(url)
                    .bearer_auth(token)
                    .send()
                    .await
                    .unwrap();
                let (_, answer) = support::json_of(response).await;
                if answer["data"]["processing_status"] == "completed" {
                    return answer;
                }
                assert!(
                    answer["data"]["processing_status"] != "failed"
                        && std::time::Instant::now() < deadline,
                    "{answer}"
                );
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
        }
        assert_eq!(status, 200, "{analysed}");
        assert_eq!(analysed["data"]["status"], "completed", "{analysed}");
        analysed.take()
    }

    fn api(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}/api/v1{path}", self.api_port)
    }

    /// Signs a new user up; their access token.
    async fn sign_up(&self, username: &str) -> String {
        let answer: Value = self
            .client
            .post(self.api("/auth/register/"))
            .json(
                &json!({"username": username, "email": format!("{username}@example.com"),
                          "password": support::PASSWORD, "nickname": username}),
            )
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        answer["data"]["access"]
            .as_str()
            .unwrap_or_else(|| panic!("signed up: {answer}"))
            .to_owned()
    }

    async fn wait_ready(&self) -> Value {
        let url = format!("http://127.0.0.1:{}/api/v1/health/ready/", self.api_port);
        for _ in 0..300 {
            if let Ok(response) = self.client.get(&url).send().await
                && response.status() == 200
            {
                return response.json().await.unwrap();
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("the api did not become ready");
    }

    /// Starts a probe job; returns the URL of its event stream.
    async fn probe(&self, steps: u8, step_delay_ms: u64) -> String {
        let started: Value = self
            .client
            .post(format!("http://127.0.0.1:{}/probe", self.admin_port))
            .bearer_auth(support::ADMIN_TOKEN)
            .json(&json!({"steps": steps, "step_delay_ms": step_delay_ms}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let events = started["data"]["events"]
            .as_str()
            .expect("a probe job started");
        // A probe is the admin's, followed on the admin listener (its token in the address).
        format!(
            "http://admin:{}@127.0.0.1:{}{events}",
            support::ADMIN_TOKEN,
            self.admin_port
        )
    }
}

impl Drop for Fleet {
    fn drop(&mut self) {
        support::delete_redis_namespace(&self.namespace);
    }
}

#[tokio::test]
async fn separate_workers_do_the_jobs_and_progress_reaches_the_api_clients() {
    let Some(fleet) = Fleet::start(&[]).await else {
        return;
    };
    let workers = [fleet.worker("worker-a"), fleet.worker("worker-b")];
    let worker_pids: Vec<u32> = workers.iter().map(|w| w.0.id()).collect();

    let ready = fleet.wait_ready().await;
    assert_eq!(ready["data"]["mode"], "fleet");
    assert_eq!(ready["data"]["database"], "postgres");
    assert_eq!(ready["data"]["queue"], "redis");
    assert_eq!(ready["data"]["workers"], "separate");

    // Several probes at once: each is done by one of the worker processes, never by
    // the API, and every client sees its job's events through the API.
    let mut watchers = Vec::new();
    for _ in 0..4 {
        let url = fleet.probe(4, 100).await;
        let client = fleet.client.clone();
        watchers.push(tokio::spawn(async move {
            support::read_events(&client, &url, None, 100).await
        }));
    }
    for watcher in watchers {
        let events = watcher.await.unwrap();
        let steps: Vec<&str> = events
            .iter()
            .map(|e| e.data["step"].as_str().unwrap())
            .collect();
        assert!(
            steps.contains(&"probe"),
            "progress from the worker: {steps:?}"
        );
        let ids: Vec<i64> = events.iter().map(|e| e.id.unwrap()).collect();
        assert!(ids.windows(2).all(|w| w[0] < w[1]), "{ids:?}");
        let last = &events.last().unwrap().data;
        assert_eq!(last["status"], "completed", "{events:?}");
        let pid = u32::try_from(last["result"]["pid"].as_u64().unwrap()).unwrap();
        assert!(
            worker_pids.contains(&pid),
            "done by a worker ({pid} in {worker_pids:?})"
        );
        assert_ne!(pid, fleet.api.0.id());
        assert!(
            last["result"]["worker"]
                .as_str()
                .unwrap()
                .starts_with("worker-")
        );
    }
}

#[tokio::test]
async fn a_job_of_a_killed_worker_is_finished_by_another() {
    let Some(fleet) = Fleet::start(&[("WORKER_HEARTBEAT_SECS", "1")]).await else {
        return;
    };
    let mut first = fleet.worker("worker-a");
    let events_url = fleet.probe(8, 250).await;

    // The first worker gets two steps in, then dies without a chance to clean up.
    let before = support::read_events(&fleet.client, &events_url, None, 4).await;
    assert!(before.iter().any(|e| {
        e.data["worker"]
            .as_str()
            .is_some_and(|w| w.starts_with("worker-a"))
    }));
    first.0.kill().unwrap();
    first.0.wait().unwrap();
    let last_seen = before.last().unwrap().id.unwrap();

    // Another worker notices the silence and runs the job again to the end; the
    // client resumes where it was and sees it finish.
    let _second = fleet.worker("worker-b");
    let after = support::read_events(&fleet.client, &events_url, Some(last_seen), 100).await;
    let last = &after.last().unwrap().data;
    assert_eq!(last["status"], "completed", "{after:?}");
    assert!(
        last["result"]["worker"]
            .as_str()
            .unwrap()
            .starts_with("worker-b")
    );
    assert!(after.iter().all(|e| e.id.unwrap() > last_seen));
}

#[tokio::test]
async fn a_worker_on_another_host_reads_the_photos_from_the_object_store() {
    if !support::recognition_models_installed() {
        return;
    }
    let Some(photo) = support::food_photo("coco_000000000142.jpg") else {
        unavailable("the shared food photos");
        return;
    };
    let Some(store) = S3Server::start("photos").await else {
        return;
    };
    let blob_url = store.blob_url();
    let Some(fleet) = Fleet::start(&[("BLOB_URL", &blob_url)]).await else {
        return;
    };
    // The worker shares nothing with the API but PostgreSQL, Redis and the store.
    let elsewhere = tempfile::tempdir().unwrap();
    let _worker = fleet.worker_elsewhere("gpu-host", elsewhere.path());
    let token = fleet.sign_up("ann").await;

    let id = fleet.upload(&token, photo).await;
    let kept = store.objects();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert!(
        kept[0].starts_with("uploads/") && kept[0].ends_with(".jpg"),
        "{kept:?}"
    );
    assert!(
        !fleet._data_dir.path().join("uploads").exists(),
        "the photo is in the store, not on the API's disk"
    );

    let analysed = fleet.analyse(&token, id).await;
    let foods = analysed["data"]["results"].as_array().unwrap();
    assert!(!foods.is_empty(), "{analysed}");
    // Operators see that one worker takes the recognition queue.
    let metrics = fleet
        .client
        .get(format!("http://127.0.0.1:{}/metrics", fleet.admin_port))
        .bearer_auth(support::ADMIN_TOKEN)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        metrics.contains(r#"job_workers{queue="detect-foods"} 1"#),
        "{metrics}"
    );

    // Deleting the photo deletes its object.
    let response = fleet
        .client
        .delete(fleet.api(&format!("/images/{id}/delete/")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(store.objects(), Vec::<String>::new());

    // Deleting the account deletes every photo it kept.
    for _ in 0..2 {
        let lunch = support::food_photo("coco_000000000110.jpg").unwrap();
        fleet.upload(&token, lunch).await;
    }
    assert_eq!(store.objects().len(), 2);
    let response = fleet
        .client
        .delete(fleet.api("/users/account/"))
        .bearer_auth(&token)
        .json(&json!({"password": support::PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(store.objects(), Vec::<String>::new());
}

#[tokio::test]
async fn the_job_board_shows_the_fleet_s_queues_tasks_and_worker_events() {
    if !support::recognition_models_installed() {
        return;
    }
    let Some(photo) = support::food_photo("coco_000000000142.jpg") else {
        unavailable("the shared food photos");
        return;
    };
    let Some(fleet) = Fleet::start(&[]).await else {
        return;
    };
    let mut env = fleet.env.clone();
    env.extend(support::models_env());
    env.push(("HOSTNAME", "board-worker".into()));
    // The Logs page shows what the worker's log level lets through: each job's start and
    // end are at `info` (the tests' processes log warnings only).
    env.push(("RUST_LOG", "warn,apalis::layers::tracing=info".into()));
    let _worker = start("worker", &env, None);
    let admin = format!("http://127.0.0.1:{}", fleet.admin_port);
    // The Logs page's stream, open before the work starts (as a browser opens it): the
    // board is healthy while it answers, and it shows the worker's events although they
    // happen elsewhere.
    let stream = fleet
        .client
        .get(format!("{admin}/api/v1/events"))
        .basic_auth("admin", Some(support::ADMIN_TOKEN))
        .send()
        .await
        .unwrap();
    assert_eq!(stream.status(), 200);
    let logs = tokio::spawn(support::events_of(stream, 1, Duration::from_secs(60)));

    let token = fleet.sign_up("boardwatch").await;
    let id = fleet.upload(&token, photo).await;
    fleet.analyse(&token, id).await;

    let logged = logs.await.unwrap();
    assert_eq!(logged.len(), 1, "an event of the worker's on the board");
    assert!(
        logged[0].data["span"]["task_id"].is_string(),
        "{:?}",
        logged[0].data
    );

    let queues = support::on_board(&fleet.client, &admin, "/queues").await;
    let names = support::queue_names(&queues);
    let expected: Vec<String> = jobs::QUEUES
        .iter()
        .map(|q| format!("{}:{q}", fleet.namespace))
        .collect();
    assert_eq!(names, expected);
    let detect = &queues[expected
        .iter()
        .position(|q| q.ends_with(":detect-foods"))
        .unwrap()];
    assert_eq!(support::figure(detect, "DONE_JOBS"), 1, "{detect}");
    assert!(
        !detect["workers"].as_array().unwrap().is_empty(),
        "{detect}"
    );

    // The analysis and the sign-up's mail are listed under Done, their payloads
    // readable: the mail's holds the account and the kind of link, no link.
    let done = support::done_on_board(&fleet.client, &admin, 4).await;
    assert!(
        done.iter().any(|t| t["args"]["payload"]["image_id"] == id),
        "{done:?}"
    );
    let mail = done
        .iter()
        .find(|t| t["args"]["payload"]["link"] == "verify_email")
        .unwrap_or_else(|| panic!("the sign-up mail under Done: {done:?}"));
    assert!(mail["args"]["payload"]["user_id"].is_i64(), "{mail}");
}
