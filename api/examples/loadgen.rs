//! `make bench`: starts the release `api` binary on a fresh SQLite database (the
//! embedded default), then measures it from outside the process:
//! - throughput and latency of `GET /api/v1/health` and `/health/ready` under 32
//!   concurrent clients for 5 s each;
//! - the job round trip (enqueue a probe, watch its SSE stream to the final event);
//! - the server's resident memory when idle.
//!
//! Traffic goes to 127.0.0.1 only, and every loop is bounded in time.

use std::{
    path::PathBuf,
    process::{Command, Stdio},
    sync::Arc,
    time::{Duration, Instant},
};

use futures::StreamExt;
use tokio::sync::Mutex;

const CLIENTS: usize = 32;
const RUN_FOR: Duration = Duration::from_secs(5);
const ROUND_TRIPS: usize = 100;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let target = std::env::var("CARGO_TARGET_DIR").unwrap_or_else(|_| "target".into());
    let binary = std::env::var("API_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(&target).join("release/api"));
    anyhow::ensure!(
        binary.exists(),
        "{} is missing: cargo build --release",
        binary.display()
    );
    let data = tempfile::tempdir()?;
    let (port, admin_port) = (free_port()?, free_port()?);
    let server = Command::new(&binary)
        .env(
            "DATABASE_URL",
            format!("sqlite://{}/bench.db", data.path().display()),
        )
        .env("DATA_DIR", data.path())
        .env("BIND_ADDR", format!("127.0.0.1:{port}"))
        .env("ADMIN_BIND_ADDR", format!("127.0.0.1:{admin_port}"))
        .env("ADMIN_TOKEN", "bench")
        .env("REDIS_URL", "")
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .spawn()?;
    let server = Server(server);
    let base = format!("http://127.0.0.1:{port}/api/v1");
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(CLIENTS)
        .build()?;
    wait_ready(&client, &base).await?;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let idle_kib = rss_kib(server.0.id());

    println!("server: {} (embedded default, SQLite)", binary.display());
    println!("idle resident memory: {:.1} MiB", idle_kib as f64 / 1024.0);
    for path in ["/health", "/health/ready"] {
        load(&client, &format!("{base}{path}"), path).await;
    }
    round_trips(&client, &base, admin_port).await?;
    println!(
        "resident memory after the job round trips: {:.1} MiB",
        rss_kib(server.0.id()) as f64 / 1024.0
    );
    accounts(&client, &base, server.0.id()).await?;
    println!(
        "resident memory after load: {:.1} MiB",
        rss_kib(server.0.id()) as f64 / 1024.0
    );
    Ok(())
}

/// Stops the server however the run ends.
struct Server(std::process::Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> std::io::Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port())
}

async fn wait_ready(client: &reqwest::Client, base: &str) -> anyhow::Result<()> {
    for _ in 0..200 {
        if let Ok(r) = client.get(format!("{base}/health/ready")).send().await
            && r.status().is_success()
        {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    anyhow::bail!("the server did not become ready")
}

fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse().ok())
        })
        .unwrap_or(0)
}

async fn load(client: &reqwest::Client, url: &str, label: &str) {
    let latencies = Arc::new(Mutex::new(Vec::new()));
    let deadline = Instant::now() + RUN_FOR;
    let mut tasks = Vec::new();
    for _ in 0..CLIENTS {
        let (client, url, latencies) = (client.clone(), url.to_owned(), latencies.clone());
        tasks.push(tokio::spawn(async move {
            let mut mine = Vec::new();
            let mut errors = 0u64;
            while Instant::now() < deadline {
                let started = Instant::now();
                match client.get(&url).send().await {
                    Ok(r) if r.status().is_success() => {
                        let _ = r.bytes().await;
                        mine.push(started.elapsed());
                    }
                    _ => errors += 1,
                }
            }
            latencies.lock().await.extend(mine);
            errors
        }));
    }
    let mut errors = 0;
    for task in tasks {
        errors += task.await.unwrap_or(0);
    }
    let mut latencies = latencies.lock().await.clone();
    report(label, &mut latencies, RUN_FOR, errors);
}

async fn round_trips(client: &reqwest::Client, base: &str, admin_port: u16) -> anyhow::Result<()> {
    let mut latencies = Vec::with_capacity(ROUND_TRIPS);
    let started_all = Instant::now();
    for _ in 0..ROUND_TRIPS {
        let started = Instant::now();
        let body: serde_json::Value = client
            .post(format!("http://127.0.0.1:{admin_port}/probe"))
            .bearer_auth("bench")
            .json(&serde_json::json!({"steps": 1, "step_delay_ms": 0}))
            .send()
            .await?
            .json()
            .await?;
        let job = body["data"]["job_id"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        let mut stream = client
            .get(format!("{base}/jobs/{job}/events/"))
            .send()
            .await?
            .bytes_stream();
        let mut text = String::new();
        let finished = tokio::time::timeout(Duration::from_secs(10), async {
            while let Some(chunk) = stream.next().await {
                text.push_str(&String::from_utf8_lossy(&chunk?));
                if text.contains("\"status\":\"completed\"") {
                    return Ok::<_, reqwest::Error>(true);
                }
            }
            Ok(false)
        })
        .await;
        anyhow::ensure!(
            matches!(finished, Ok(Ok(true))),
            "probe {job} did not complete"
        );
        latencies.push(started.elapsed());
    }
    report(
        "job round trip (enqueue probe -> SSE completed)",
        &mut latencies,
        started_all.elapsed(),
        0,
    );
    Ok(())
}

/// Sign-in latency (one argon2id verification each) and the signed-in read path.
async fn accounts(client: &reqwest::Client, base: &str, pid: u32) -> anyhow::Result<()> {
    let registered: serde_json::Value = client
        .post(format!("{base}/auth/register/"))
        .json(
            &serde_json::json!({"username": "bench", "email": "bench@example.com",
                                   "password": "Sunrise2026", "nickname": "Bench"}),
        )
        .send()
        .await?
        .json()
        .await?;
    let access = registered["data"]["access"]
        .as_str()
        .ok_or_else(|| anyhow::anyhow!("register failed: {registered}"))?
        .to_owned();
    let mut latencies = Vec::new();
    let started = Instant::now();
    // The per-account sign-in limit is 10 per 5 minutes.
    for _ in 0..8 {
        let t = Instant::now();
        let response = client
            .post(format!("{base}/auth/login/"))
            .json(&serde_json::json!({"username": "bench", "password": "Sunrise2026"}))
            .send()
            .await?;
        anyhow::ensure!(response.status().is_success(), "login failed");
        latencies.push(t.elapsed());
    }
    report(
        "POST /auth/login (sequential)",
        &mut latencies,
        started.elapsed(),
        0,
    );
    println!(
        "resident memory after sign-ins: {:.1} MiB",
        rss_kib(pid) as f64 / 1024.0
    );

    let url = format!("{base}/auth/user/");
    let latencies = Arc::new(Mutex::new(Vec::new()));
    let deadline = Instant::now() + RUN_FOR;
    let mut tasks = Vec::new();
    for _ in 0..CLIENTS {
        let (client, url, access, latencies) = (
            client.clone(),
            url.clone(),
            access.clone(),
            latencies.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let mut mine = Vec::new();
            while Instant::now() < deadline {
                let t = Instant::now();
                if let Ok(r) = client.get(&url).bearer_auth(&access).send().await
                    && r.status().is_success()
                {
                    let _ = r.bytes().await;
                    mine.push(t.elapsed());
                }
            }
            latencies.lock().await.extend(mine);
        }));
    }
    for task in tasks {
        let _ = task.await;
    }
    let mut latencies = latencies.lock().await.clone();
    report("GET /auth/user (signed in)", &mut latencies, RUN_FOR, 0);
    Ok(())
}

fn report(label: &str, latencies: &mut [Duration], elapsed: Duration, errors: u64) {
    latencies.sort_unstable();
    let pick = |q: f64| {
        latencies
            .get(((latencies.len() as f64 - 1.0) * q).round() as usize)
            .copied()
            .unwrap_or_default()
    };
    println!(
        "{label}: {} requests, {:.0}/s, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms, errors {errors}",
        latencies.len(),
        latencies.len() as f64 / elapsed.as_secs_f64(),
        pick(0.5).as_secs_f64() * 1e3,
        pick(0.99).as_secs_f64() * 1e3,
        pick(1.0).as_secs_f64() * 1e3,
    );
}
