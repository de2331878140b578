//! The fleet, proven with the real binaries: an `api` process that only enqueues and
//! relays, separate `worker` processes that consume from Redis, PostgreSQL shared by
//! all, and progress crossing processes over Redis pub/sub to an SSE client.

mod support;

use std::{
    net::TcpListener,
    path::PathBuf,
    process::{Child, Command, Stdio},
    time::Duration,
};

use models::testing::{TestDatabase, redis_url, unavailable};
use serde_json::json;

struct Process(Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn binary(name: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_BIN_EXE_api")).with_file_name(name);
    assert!(
        path.exists(),
        "{} is missing: build the workspace first",
        path.display()
    );
    path
}

fn start(name: &str, env: &[(&str, String)]) -> Process {
    let mut command = Command::new(binary(name));
    command
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env(
            "RUST_LOG",
            if std::env::var("TEST_LOG").is_ok() {
                "info"
            } else {
                "warn"
            },
        )
        .stdin(Stdio::null());
    for (key, value) in env {
        command.env(key, value);
    }
    Process(
        command
            .spawn()
            .unwrap_or_else(|e| panic!("start {name}: {e}")),
    )
}

async fn redis_reachable() -> bool {
    let Ok(client) = redis::Client::open(redis_url()) else {
        return false;
    };
    tokio::time::timeout(Duration::from_secs(3), async {
        let mut conn = client.get_multiplexed_async_connection().await?;
        redis::cmd("PING").query_async::<String>(&mut conn).await
    })
    .await
    .is_ok_and(|r| r.is_ok())
}

#[tokio::test]
async fn separate_workers_do_the_jobs_and_progress_reaches_the_api_clients() {
    let Some(db) = TestDatabase::postgres().await else {
        return;
    };
    if !redis_reachable().await {
        unavailable(&format!("Redis at {}", redis_url()));
        return;
    }
    let namespace = format!("fleet-{}", uuid::Uuid::new_v4().simple());
    let data_dir = tempfile::tempdir().unwrap();
    let (api_port, admin_port) = (free_port(), free_port());
    let shared = vec![
        ("DATABASE_URL", db.url.clone()),
        ("REDIS_URL", redis_url()),
        ("REDIS_NAMESPACE", namespace.clone()),
        ("DATA_DIR", data_dir.path().display().to_string()),
    ];
    let with = |extra: &[(&'static str, String)]| [shared.clone(), extra.to_vec()].concat();
    let api = start(
        "api",
        &with(&[
            ("BIND_ADDR", format!("127.0.0.1:{api_port}")),
            ("ADMIN_BIND_ADDR", format!("127.0.0.1:{admin_port}")),
            ("ADMIN_TOKEN", support::ADMIN_TOKEN.into()),
            (
                "WEB_DIR",
                data_dir.path().join("no-web").display().to_string(),
            ),
        ]),
    );
    let workers = [
        start("worker", &with(&[("HOSTNAME", "worker-a".into())])),
        start("worker", &with(&[("HOSTNAME", "worker-b".into())])),
    ];
    let worker_pids: Vec<u32> = workers.iter().map(|w| w.0.id()).collect();

    let _ = rustls::crypto::ring::default_provider().install_default();
    let client = reqwest::Client::new();
    let base = format!("http://127.0.0.1:{api_port}/api/v1");
    let mut ready = None;
    for _ in 0..100 {
        if let Ok(response) = client.get(format!("{base}/health/ready/")).send().await
            && response.status() == 200
        {
            ready = Some(response.json::<serde_json::Value>().await.unwrap());
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let ready = ready.expect("the api became ready");
    assert_eq!(ready["data"]["mode"], "fleet");
    assert_eq!(ready["data"]["database"], "postgres");
    assert_eq!(ready["data"]["queue"], "redis");
    assert_eq!(ready["data"]["workers"], "separate");

    // Several probes at once: each is done by one of the worker processes, never by
    // the API, and every client sees its job's events through the API.
    let mut watchers = Vec::new();
    for _ in 0..4 {
        let started: serde_json::Value = client
            .post(format!("http://127.0.0.1:{admin_port}/probe"))
            .bearer_auth(support::ADMIN_TOKEN)
            .json(&json!({"steps": 4, "step_delay_ms": 100}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let url = format!(
            "http://127.0.0.1:{api_port}{}",
            started["data"]["events"].as_str().unwrap()
        );
        let client = client.clone();
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
        assert_ne!(pid, api.0.id());
        assert!(
            last["result"]["worker"]
                .as_str()
                .unwrap()
                .starts_with("worker-")
        );
    }

    drop(workers);
    drop(api);
    support::delete_redis_namespace(&namespace);
}

#[tokio::test]
async fn a_job_of_a_killed_worker_is_finished_by_another() {
    let Some(db) = TestDatabase::postgres().await else {
        return;
    };
    if !redis_reachable().await {
        unavailable(&format!("Redis at {}", redis_url()));
        return;
    }
    let namespace = format!("fleet-{}", uuid::Uuid::new_v4().simple());
    let data_dir = tempfile::tempdir().unwrap();
    let (api_port, admin_port) = (free_port(), free_port());
    let shared = vec![
        ("DATABASE_URL", db.url.clone()),
        ("REDIS_URL", redis_url()),
        ("REDIS_NAMESPACE", namespace.clone()),
        ("DATA_DIR", data_dir.path().display().to_string()),
        ("WORKER_HEARTBEAT_SECS", "1".to_owned()),
    ];
    let with = |extra: &[(&'static str, String)]| [shared.clone(), extra.to_vec()].concat();
    let _api = start(
        "api",
        &with(&[
            ("BIND_ADDR", format!("127.0.0.1:{api_port}")),
            ("ADMIN_BIND_ADDR", format!("127.0.0.1:{admin_port}")),
            ("ADMIN_TOKEN", support::ADMIN_TOKEN.into()),
            (
                "WEB_DIR",
                data_dir.path().join("no-web").display().to_string(),
            ),
        ]),
    );
    let mut first = start("worker", &with(&[("HOSTNAME", "worker-a".into())]));
    let _ = rustls::crypto::ring::default_provider().install_default();
    let client = reqwest::Client::new();
    let started = loop_until_ok(|| {
        client
            .post(format!("http://127.0.0.1:{admin_port}/probe"))
            .bearer_auth(support::ADMIN_TOKEN)
            .json(&json!({"steps": 8, "step_delay_ms": 250}))
            .send()
    })
    .await;
    let job: serde_json::Value = started.json().await.unwrap();
    let events_url = format!(
        "http://127.0.0.1:{api_port}{}",
        job["data"]["events"].as_str().unwrap()
    );

    // The first worker gets two steps in, then dies without a chance to clean up.
    let before = support::read_events(&client, &events_url, None, 4).await;
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
    let _second = start("worker", &with(&[("HOSTNAME", "worker-b".into())]));
    let after = support::read_events(&client, &events_url, Some(last_seen), 100).await;
    let last = &after.last().unwrap().data;
    assert_eq!(last["status"], "completed", "{after:?}");
    assert!(
        last["result"]["worker"]
            .as_str()
            .unwrap()
            .starts_with("worker-b")
    );
    assert!(after.iter().all(|e| e.id.unwrap() > last_seen));
    support::delete_redis_namespace(&namespace);
}

async fn loop_until_ok<F, Fut>(request: F) -> reqwest::Response
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = reqwest::Result<reqwest::Response>>,
{
    for _ in 0..100 {
        if let Ok(response) = request().await
            && response.status() == 200
        {
            return response;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the server never accepted the request");
}
