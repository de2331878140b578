//! Nutrition label reading on the rendered labels of worker/tests/labels (or DIR): the
//! time per photo (p50, p95; each label read once after one warm-up), as the worker reads
//! them (models loaded, one session of RECOGNITION_THREADS threads, default 2). With
//! `--show FILE` it prints the lines of text read from one photo, where they lie, and the
//! label made of them.
//!
//!     cargo run --release -p worker --example label_bench [DIR]
//!     cargo run --release -p worker --example label_bench -- --show PHOTO.jpg

use std::path::PathBuf;
use std::time::Instant;

use worker::labels::{LabelReader, OcrEngine};
use worker::recognition::RecognitionConfig;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let project = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let threads = std::env::var("RECOGNITION_THREADS")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(2);
    let config = RecognitionConfig::installed_at(&project, threads);
    let reader = LabelReader::new(config.clone());
    if !reader.installed() {
        return Err("the OCR models are not installed (make models)".into());
    }
    let engine = OcrEngine::load(&config, &reader.models_dir())?;
    if let [flag, file] = &args[..]
        && flag == "--show"
    {
        let photo = image::open(file)?.to_rgb8();
        let lines = engine.read(&photo)?;
        for line in &lines {
            let [(x, y), _, _, (_, bottom)] = line.corners;
            let least = line.confidences.iter().copied().fold(1.0, f32::min);
            println!("({x:5.0},{y:5.0})-{bottom:5.0} {least:.2} {}", line.text);
        }
        let label = worker::labels::reader::read_label(&lines);
        println!("{}", serde_json::to_string_pretty(&label)?);
        return Ok(());
    }
    let dir = args
        .first()
        .map(PathBuf::from)
        .unwrap_or_else(|| project.join("worker/tests/labels"));
    let mut photos: Vec<PathBuf> = std::fs::read_dir(&dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "jpg"))
        .collect();
    photos.sort();
    let warm = image::open(&photos[0])?.to_rgb8();
    worker::labels::read(&engine, &warm)?;
    let mut took = Vec::new();
    for path in &photos {
        // Decoding is part of a job's work too.
        let started = Instant::now();
        let photo = image::open(path)?.to_rgb8();
        worker::labels::read(&engine, &photo)?;
        took.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    took.sort_by(f64::total_cmp);
    let at = |q: f64| took[((took.len() - 1) as f64 * q).round() as usize];
    println!(
        "label reading, {} photos, {threads} threads: p50 {:.0} ms, p95 {:.0} ms, max {:.0} ms",
        took.len(),
        at(0.5),
        at(0.95),
        at(1.0)
    );
    Ok(())
}
