//! Detection quality and speed on the photos of ../shared/data/images/food, in process
//! (`make models` first):
//!
//! - quality: precision and recall of the food classes on the photos with ground-truth
//!   boxes (`*.yolo.txt`), a detection counting when its class matches a true box with an
//!   IoU of 0.5 or more;
//! - speed: the detection stage per image as a worker runs it (read and decode the JPEG,
//!   letterbox, infer, decode and suppress), p50 and p99 over repeated runs.
//!
//!     cargo run --release -p api --example recognition_bench -- [yolox-nano|yolov8n-int8] [threads]

use std::path::PathBuf;
use std::time::Instant;

use models::recognition::{BoundingBox, FOOD_CLASSES, food_class};
use worker::recognition::{RecognitionConfig, Recognizer};

fn project(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(path)
}

/// Ground-truth food boxes of a photo, in pixels.
fn truth(
    path: &std::path::Path,
    labels: &[String],
    width: f32,
    height: f32,
) -> Vec<(String, BoundingBox)> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Vec::new();
    };
    text.lines()
        .filter_map(|line| {
            let v: Vec<f32> = line
                .split_whitespace()
                .filter_map(|t| t.parse().ok())
                .collect();
            let [class, cx, cy, w, h] = v[..] else {
                return None;
            };
            let label = labels.get(class as usize)?.clone();
            food_class(&label)?;
            Some((
                label,
                BoundingBox {
                    x: (cx - w / 2.0) * width,
                    y: (cy - h / 2.0) * height,
                    width: w * width,
                    height: h * height,
                },
            ))
        })
        .collect()
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let model = args.next().unwrap_or_else(|| "yolox-nano".into());
    let threads: usize = args.next().map(|t| t.parse()).transpose()?.unwrap_or(2);
    let recognizer = Recognizer::new(RecognitionConfig {
        detector: model.clone(),
        ..RecognitionConfig::installed_at(&project(""), threads)
    });
    let detector = recognizer.detector().await?;
    let images = models::testing::shared_data("images/food")
        .ok_or_else(|| anyhow::anyhow!("../shared/data/images/food is needed"))?;
    let labels: Vec<String> = std::fs::read_to_string(project(".models/coco80_labels.txt"))?
        .lines()
        .map(str::to_owned)
        .collect();
    let mut photos: Vec<PathBuf> = std::fs::read_dir(&images)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "jpg" || e == "jpeg"))
        .collect();
    photos.sort();

    // Quality, on the photos that have ground truth.
    let (mut tp, mut fp, mut fn_) = (0, 0, 0);
    for photo in &photos {
        let truth_file = photo.with_extension("yolo.txt");
        if !truth_file.exists() {
            continue;
        }
        let pixels = image::open(photo)?.to_rgb8();
        let (w, h) = (pixels.width() as f32, pixels.height() as f32);
        let expected = truth(&truth_file, &labels, w, h);
        let found: Vec<_> = detector
            .detect_thoroughly(&pixels)
            .map_err(anyhow::Error::msg)?
            .into_iter()
            .filter(|d| food_class(&d.label).is_some())
            .collect();
        let mut matched = vec![false; expected.len()];
        let (mut hit, mut miss) = (0, 0);
        for d in &found {
            let best = expected
                .iter()
                .enumerate()
                .filter(|(i, (label, b))| {
                    !matched[*i] && *label == d.label && b.iou(&d.bbox) >= 0.5
                })
                .max_by(|a, b| a.1.1.iou(&d.bbox).total_cmp(&b.1.1.iou(&d.bbox)));
            match best {
                Some((i, _)) => {
                    matched[i] = true;
                    hit += 1;
                }
                None => miss += 1,
            }
        }
        let missed = matched.iter().filter(|m| !**m).count();
        println!(
            "{}: {} true food boxes, {} found, {hit} right, {miss} wrong, {missed} missed",
            photo.file_name().unwrap_or_default().to_string_lossy(),
            expected.len(),
            found.len()
        );
        tp += hit;
        fp += miss;
        fn_ += missed;
    }
    let precision = tp as f64 / (tp + fp).max(1) as f64;
    let recall = tp as f64 / (tp + fn_).max(1) as f64;
    println!(
        "{model}: food classes ({}), IoU 0.5: precision {:.2} ({tp}/{}), recall {:.2} ({tp}/{})",
        FOOD_CLASSES
            .iter()
            .map(|c| c.label)
            .collect::<Vec<_>>()
            .join(", "),
        precision,
        tp + fp,
        recall,
        tp + fn_
    );

    // Speed: the detection stage per image, from the JPEG file.
    let rounds = 20;
    for photo in &photos {
        let mut took = Vec::with_capacity(rounds);
        for _ in 0..rounds {
            let started = Instant::now();
            let pixels = image::open(photo)?.to_rgb8();
            detector
                .detect_thoroughly(&pixels)
                .map_err(anyhow::Error::msg)?;
            took.push(started.elapsed().as_secs_f64() * 1000.0);
        }
        took.sort_by(f64::total_cmp);
        let (w, h) = image::image_dimensions(photo)?;
        println!(
            "{model} {threads} threads {:<32} {w}x{h}: detection stage p50 {:.1} ms, p99 {:.1} ms",
            photo.file_name().unwrap_or_default().to_string_lossy(),
            percentile(&took, 0.5),
            percentile(&took, 0.99)
        );
    }
    Ok(())
}
