//! A mixed load against a running server (`bench/mixed.sh` starts one, embedded or
//! fleet): `CONNECTIONS` clients (default 64), each signed in as its own user, for
//! `SECONDS` (default 60), each request drawn from the day of a tracker's users:
//! half food searches, a fifth meal saves, a fifth statistics, a tenth photo uploads.
//! Prints, per kind and overall, how many, how many failed (anything but 2xx), the
//! throughput and p50 / p99 latency.
//!
//!     BASE=http://127.0.0.1:8080/api/v1 PHOTO=some.jpg cargo run --release -p api --example mixed_load

use std::{
    collections::BTreeMap,
    sync::Arc,
    time::{Duration, Instant},
};

use serde_json::{Value, json};
use tokio::sync::Mutex;

const QUERIES: &[&str] = &[
    "rice",
    "米饭",
    "banana",
    "chicken breast",
    "牛奶",
    "egg",
    "apple",
    "tofu",
    "豆腐",
    "noodles",
    "bread",
    "yogurt",
    "coke",
    "brocoli",
    "mi fan",
    "salmon",
    "potato",
    "番茄",
];

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Kind {
    Search,
    SaveMeal,
    Statistics,
    Upload,
}

#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    errors: u64,
    first_errors: Vec<String>,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let base = std::env::var("BASE").unwrap_or_else(|_| "http://127.0.0.1:8080/api/v1".into());
    let connections: usize = std::env::var("CONNECTIONS").map_or(Ok(64), |v| v.parse())?;
    let seconds: u64 = std::env::var("SECONDS").map_or(Ok(60), |v| v.parse())?;
    let photo = match std::env::var("PHOTO") {
        Ok(path) => std::fs::read(&path)?,
        Err(_) => anyhow::bail!("PHOTO must name a JPEG to upload"),
    };
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(connections)
        .timeout(Duration::from_secs(30))
        .build()?;

    // One user per connection, and the ids of a few foods to log.
    let run = std::process::id();
    let mut tokens = Vec::with_capacity(connections);
    for i in 0..connections {
        let name = format!("load{run}x{i}");
        let answer: Value = client
            .post(format!("{base}/auth/register/"))
            .json(
                &json!({"username": name, "email": format!("{name}@example.com"),
                          "password": "Loadtest2026", "nickname": "load"}),
            )
            .send()
            .await?
            .json()
            .await?;
        let token = answer["data"]["access"]
            .as_str()
            .ok_or_else(|| anyhow::anyhow!("sign-up failed: {answer}"))?;
        tokens.push(token.to_owned());
    }
    let mut foods = Vec::new();
    for q in ["rice", "egg", "banana", "米饭", "milk"] {
        let answer: Value = client
            .get(with_query(
                &format!("{base}/foods/search/"),
                &[("query", q), ("page_size", "3")],
            ))
            .send()
            .await?
            .json()
            .await?;
        foods.extend(
            answer["data"]["foods"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|f| f["id"].as_i64()),
        );
    }
    anyhow::ensure!(!foods.is_empty(), "the search found no foods to log");

    let tallies: Arc<Mutex<BTreeMap<Kind, Tally>>> = Arc::default();
    let started = Instant::now();
    let until = started + Duration::from_secs(seconds);
    let mut clients = Vec::new();
    for (i, token) in tokens.into_iter().enumerate() {
        let (client, base, photo, foods, tallies) = (
            client.clone(),
            base.clone(),
            photo.clone(),
            foods.clone(),
            tallies.clone(),
        );
        clients.push(tokio::spawn(async move {
            let mut n: usize = i * 7919;
            while Instant::now() < until {
                n = n.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                let roll = (n >> 8) % 10;
                let kind = match roll {
                    0..=4 => Kind::Search,
                    5 | 6 => Kind::SaveMeal,
                    7 | 8 => Kind::Statistics,
                    _ => Kind::Upload,
                };
                let request = match kind {
                    Kind::Search => client.get(with_query(
                        &format!("{base}/foods/search/"),
                        &[("query", QUERIES[n % QUERIES.len()]), ("page_size", "20")],
                    )),
                    Kind::SaveMeal => {
                        let a = foods[n % foods.len()];
                        let b = foods[(n / 7) % foods.len()];
                        client.post(format!("{base}/meals/create/")).json(&json!({
                            "foods": [{"food_id": a, "quantity": 150}, {"food_id": b, "quantity": 50}]
                        }))
                    }
                    Kind::Statistics => client.get(with_query(
                        &format!("{base}/meals/statistics/"),
                        &[("start_date", "2026-10-25"), ("end_date", "2026-11-23")],
                    )),
                    Kind::Upload => {
                        let part = reqwest::multipart::Part::bytes(photo.clone())
                            .file_name("plate.jpg")
                            .mime_str("image/jpeg")
                            .expect("a mime type");
                        client
                            .post(format!("{base}/images/upload/"))
                            .multipart(reqwest::multipart::Form::new().part("image", part))
                    }
                };
                let sent = Instant::now();
                let outcome = request.bearer_auth(&token).send().await;
                let took = sent.elapsed();
                let failure = match outcome {
                    Ok(r) if r.status().is_success() => {
                        // Read the answer whole, as a client would.
                        r.bytes().await.err().map(|e| e.to_string())
                    }
                    Ok(r) => Some(format!("{} {}", r.status(), r.text().await.unwrap_or_default())),
                    Err(e) => Some(e.to_string()),
                };
                let mut tallies = tallies.lock().await;
                let tally = tallies.entry(kind).or_default();
                tally.latencies.push(took);
                if let Some(f) = failure {
                    tally.errors += 1;
                    if tally.first_errors.len() < 3 {
                        tally.first_errors.push(f);
                    }
                }
            }
        }));
    }
    for c in clients {
        c.await?;
    }
    let elapsed = started.elapsed();
    let mut tallies = tallies.lock().await;
    println!(
        "{connections} connections for {:.1} s against {base}",
        elapsed.as_secs_f64()
    );
    println!(
        "{:<12} {:>8} {:>7} {:>9} {:>9} {:>9}",
        "kind", "requests", "errors", "per s", "p50 ms", "p99 ms"
    );
    let mut all = Tally::default();
    for (kind, tally) in tallies.iter_mut() {
        report(&format!("{kind:?}"), tally, elapsed);
        all.latencies.extend(&tally.latencies);
        all.errors += tally.errors;
        for e in &tally.first_errors {
            println!(
                "    {kind:?} error: {}",
                e.chars().take(200).collect::<String>()
            );
        }
    }
    report("all", &mut all, elapsed);
    anyhow::ensure!(all.errors == 0, "{} requests failed", all.errors);
    Ok(())
}

fn with_query(url: &str, params: &[(&str, &str)]) -> reqwest::Url {
    reqwest::Url::parse_with_params(url, params).expect("a valid URL")
}

fn report(label: &str, tally: &mut Tally, elapsed: Duration) {
    tally.latencies.sort();
    let pick = |q: f64| {
        tally
            .latencies
            .get(((tally.latencies.len() as f64 - 1.0) * q).round() as usize)
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    println!(
        "{label:<12} {:>8} {:>7} {:>9.0} {:>9.2} {:>9.2}",
        tally.latencies.len(),
        tally.errors,
        tally.latencies.len() as f64 / elapsed.as_secs_f64(),
        pick(0.5),
        pick(0.99)
    );
}
