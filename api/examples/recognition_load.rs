//! Photo recognition against a running server, as the web app does it: upload a photo,
//! open the analysis stream, read it to `complete`. Reports the time to the first streamed
//! event, upload to complete, and images per minute with `CONCURRENCY` clients.
//!
//!     cargo run --release -p api --example recognition_load -- http://127.0.0.1:8080 [images] [concurrency]
//!
//! The photos: four of ../shared/data/images/food, or with `PHOTOS_DIR` the JPEGs under
//! that folder (40 of them, evenly spread, when there are more: one or two of each dish
//! of chinesefoodnet20/val).
//!
//! With `FOODS_OUT` it also writes each photo's foods (name and grams, as the analysis
//! named them) to that file, one line a photo, so two runs (the CPU's and CUDA's) can be
//! compared with `diff`.

use std::time::{Duration, Instant};

use futures::StreamExt;
use serde_json::{Value, json};

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

struct Timing {
    first_event_ms: f64,
    upload_to_complete_ms: f64,
    /// "name grams; …" of the analysis's foods.
    foods: String,
}

/// The foods of the stream's `complete` event: every object that has a name and
/// estimated grams, in the order given.
fn foods_named(stream: &[u8]) -> String {
    fn walk(value: &Value, out: &mut Vec<String>) {
        match value {
            Value::Object(fields) => {
                if let (Some(name), Some(grams)) = (
                    fields.get("name").and_then(Value::as_str),
                    fields.get("estimated_grams").and_then(Value::as_f64),
                ) {
                    out.push(format!("{name} {grams:.0} g"));
                }
                fields.values().for_each(|v| walk(v, out));
            }
            Value::Array(items) => items.iter().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    let text = String::from_utf8_lossy(stream);
    let mut out: Vec<String> = Vec::new();
    for line in text.lines() {
        let Some(data) = line.strip_prefix("data:") else {
            continue;
        };
        if let Ok(event) = serde_json::from_str::<Value>(data.trim())
            && event["step"] == "complete"
        {
            walk(&event, &mut out);
        }
    }
    // The result names a food in several places (the foods, their portions): once each.
    let mut seen = std::collections::HashSet::new();
    out.retain(|food| seen.insert(food.clone()));
    out.join("; ")
}

async fn one(
    client: &reqwest::Client,
    api: &str,
    token: &str,
    photo: &[u8],
) -> anyhow::Result<Timing> {
    let started = Instant::now();
    let form = reqwest::multipart::Form::new().part(
        "image",
        reqwest::multipart::Part::bytes(photo.to_vec()).file_name("plate.jpg"),
    );
    let uploaded: Value = client
        .post(format!("{api}/images/upload/"))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await?
        .json()
        .await?;
    let id = uploaded["data"]["id"]
        .as_i64()
        .ok_or_else(|| anyhow::anyhow!("upload failed: {uploaded}"))?;
    let asked = Instant::now();
    let response = client
        .post(format!("{api}/images/analyze-stream/"))
        .bearer_auth(token)
        .json(&json!({"image_id": id}))
        .send()
        .await?;
    let mut stream = response.bytes_stream();
    let mut first = None;
    // Bytes, not text: a chunk may end inside a Chinese character.
    let mut seen: Vec<u8> = Vec::new();
    let has = |seen: &[u8], what: &[u8]| seen.windows(what.len()).any(|w| w == what);
    while let Some(chunk) = stream.next().await {
        first.get_or_insert_with(|| asked.elapsed());
        seen.extend_from_slice(&chunk?);
        // The whole event: it ends with a blank line.
        if has(&seen, b"\"step\":\"complete\"") && seen.ends_with(b"\n\n") {
            break;
        }
        if has(&seen, b"\"step\":\"error\"") {
            anyhow::bail!("analysis failed: {}", String::from_utf8_lossy(&seen));
        }
    }
    Ok(Timing {
        first_event_ms: first.unwrap_or_default().as_secs_f64() * 1000.0,
        upload_to_complete_ms: started.elapsed().as_secs_f64() * 1000.0,
        foods: foods_named(&seen),
    })
}

/// The photos each client uploads in turn.
fn photos() -> anyhow::Result<Vec<Vec<u8>>> {
    const MOST: usize = 40;
    let Some(dir) = std::env::var_os("PHOTOS_DIR") else {
        let images = models::testing::shared_data("images/food")
            .ok_or_else(|| anyhow::anyhow!("../shared/data/images/food is needed"))?;
        return [
            "coco_000000000110.jpg",
            "coco_000000000142.jpg",
            "coco_000000000196.jpg",
            "mrdbourke_pizza-dad_1024.jpg",
        ]
        .iter()
        .map(|f| Ok(std::fs::read(images.join(f))?))
        .collect();
    };
    fn jpegs(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) -> std::io::Result<()> {
        for entry in std::fs::read_dir(dir)? {
            let path = entry?.path();
            if path.is_dir() {
                jpegs(&path, out)?;
            } else if path.extension().is_some_and(|e| e == "jpg" || e == "jpeg") {
                out.push(path);
            }
        }
        Ok(())
    }
    let mut files = Vec::new();
    jpegs(std::path::Path::new(&dir), &mut files)?;
    files.sort();
    anyhow::ensure!(!files.is_empty(), "no JPEG under {}", dir.to_string_lossy());
    let step = files.len().div_ceil(MOST);
    files
        .iter()
        .step_by(step)
        .map(|f| Ok(std::fs::read(f)?))
        .collect()
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let mut args = std::env::args().skip(1);
    let base = args
        .next()
        .unwrap_or_else(|| "http://127.0.0.1:8080".into());
    let count: usize = args.next().map(|v| v.parse()).transpose()?.unwrap_or(40);
    let concurrency: usize = args.next().map(|v| v.parse()).transpose()?.unwrap_or(1);
    let api = format!("{base}/api/v1");
    let photos = photos()?;
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(120))
        .build()?;
    // A person a client: the server gives each account a fair share of the photo work
    // (two photos at a time, four waiting), so one account for every client would measure
    // that limit rather than the workers.
    let mut tokens = Vec::with_capacity(concurrency);
    for client_no in 0..concurrency {
        let username = format!("load_{}_{client_no}", std::process::id());
        let registered: Value = client
            .post(format!("{api}/auth/register/"))
            .json(
                &json!({"username": username, "email": format!("{username}@example.com"),
                          "password": "LoadTest2026", "nickname": "Load"}),
            )
            .send()
            .await?
            .json()
            .await?;
        tokens.push(
            registered["data"]["access"]
                .as_str()
                .ok_or_else(|| anyhow::anyhow!("sign-up failed: {registered}"))?
                .to_owned(),
        );
    }
    // One round first, so the workers have loaded their models.
    one(&client, &api, &tokens[0], &photos[0]).await?;

    let started = Instant::now();
    let timings: Vec<(usize, Timing)> = futures::stream::iter(0..count)
        .map(|i| {
            let token = &tokens[i % concurrency];
            let (client, api, photo) = (&client, &api, &photos[i % photos.len()]);
            async move { Ok::<_, anyhow::Error>((i, one(client, api, token, photo).await?)) }
        })
        .buffer_unordered(concurrency)
        .collect::<Vec<_>>()
        .await
        .into_iter()
        .collect::<Result<_, _>>()?;
    let elapsed = started.elapsed().as_secs_f64();
    if let Some(path) = std::env::var_os("FOODS_OUT") {
        let mut by_photo = std::collections::BTreeMap::new();
        for (i, timing) in &timings {
            by_photo
                .entry(i % photos.len())
                .or_insert_with(|| timing.foods.clone());
        }
        let lines: Vec<String> = by_photo
            .iter()
            .map(|(photo, foods)| format!("photo {photo}: {foods}"))
            .collect();
        std::fs::write(path, lines.join("\n") + "\n")?;
    }
    let timings: Vec<Timing> = timings.into_iter().map(|(_, t)| t).collect();
    let mut first: Vec<f64> = timings.iter().map(|t| t.first_event_ms).collect();
    let mut total: Vec<f64> = timings.iter().map(|t| t.upload_to_complete_ms).collect();
    first.sort_by(f64::total_cmp);
    total.sort_by(f64::total_cmp);
    println!(
        "{count} photos, {concurrency} at a time: first streamed event p50 {:.1} ms (p99 {:.1}); upload to complete p50 {:.0} ms (p95 {:.0}, p99 {:.0}); {:.0} images/minute",
        percentile(&first, 0.5),
        percentile(&first, 0.99),
        percentile(&total, 0.5),
        percentile(&total, 0.95),
        percentile(&total, 0.99),
        count as f64 / elapsed * 60.0
    );
    Ok(())
}
