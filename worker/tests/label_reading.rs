//! Every rendered nutrition label of worker/tests/labels (scripts/render-labels.py:
//! Chinese 营养成分表 and US Nutrition Facts, clean and photo-like) read through the real
//! OCR models that `make models` installs: at least 98 % of the fields asked must come
//! back exactly right. `LABELS_DIR` points it at another rendered set (develop against
//! another seed than the committed one).

use std::path::PathBuf;
use std::time::Instant;

use models::nutrition_label::{Certainty, Nutrient};
use serde_json::Value;
use worker::labels::{LabelReader, OcrEngine, read};
use worker::recognition::RecognitionConfig;

fn project(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(path)
}

fn engine() -> Option<OcrEngine> {
    let config = RecognitionConfig::installed_at(&project(""), 2);
    let reader = LabelReader::new(config.clone());
    if !reader.installed() {
        models::testing::unavailable("the OCR models and ONNX Runtime (make models)");
        return None;
    }
    Some(OcrEngine::load(&config, &reader.models_dir()).expect("the OCR models load"))
}

const FIELDS: [(&str, Nutrient); 7] = [
    ("calories", Nutrient::Calories),
    ("protein", Nutrient::Protein),
    ("fat", Nutrient::Fat),
    ("carbs", Nutrient::Carbs),
    ("sodium", Nutrient::Sodium),
    ("fiber", Nutrient::Fiber),
    ("sugar", Nutrient::Sugar),
];

#[derive(Default)]
struct Tally {
    right: usize,
    asked: usize,
    /// Wrong values the reader did not flag: the worst kind of miss.
    wrong_unflagged: usize,
}

#[test]
fn rendered_labels_are_read_right() {
    let Some(engine) = engine() else {
        return;
    };
    let dir = std::env::var_os("LABELS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| project("worker/tests/labels"));
    let truth: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("labels.json")).unwrap()).unwrap();
    let labels = truth["labels"].as_array().unwrap();
    assert!(labels.len() >= 40, "the set has {} labels", labels.len());
    let (mut clean, mut photo) = (Tally::default(), Tally::default());
    let mut took = Vec::new();
    for label in labels {
        let file = label["file"].as_str().unwrap();
        let image = image::open(dir.join(file)).unwrap().to_rgb8();
        let started = Instant::now();
        let reading = read(&engine, &image).unwrap();
        took.push(started.elapsed().as_secs_f64());
        let tally = if label["photo"].as_bool().unwrap() {
            &mut photo
        } else {
            &mut clean
        };
        let mut misses = Vec::new();
        for (key, nutrient) in FIELDS {
            let Some(wanted) = label["per_100g"][key].as_f64() else {
                continue;
            };
            let field = reading.field(nutrient);
            tally.asked += 1;
            if field.value.is_some_and(|v| (v - wanted).abs() <= 0.0501) {
                tally.right += 1;
            } else {
                if field.value.is_some() && field.certainty == Certainty::Sure {
                    tally.wrong_unflagged += 1;
                }
                misses.push(format!(
                    "{key}: wanted {wanted}, got {:?} ({:?} {:?}, printed {:?})",
                    field.value, field.certainty, field.doubts, field.printed
                ));
            }
        }
        if !misses.is_empty() {
            eprintln!(
                "{file}: {}\n    rows: {:?}",
                misses.join("; "),
                reading.rows
            );
        }
    }
    took.sort_by(f64::total_cmp);
    for (name, t) in [("clean", &clean), ("photo-like", &photo)] {
        eprintln!(
            "{name}: {}/{} fields right ({:.1} %), {} wrong and not flagged",
            t.right,
            t.asked,
            100.0 * t.right as f64 / t.asked.max(1) as f64,
            t.wrong_unflagged
        );
    }
    eprintln!(
        "reading took p50 {:.2} s, p95 {:.2} s (debug build)",
        took[took.len() / 2],
        took[took.len() * 95 / 100]
    );
    let right = clean.right + photo.right;
    let asked = clean.asked + photo.asked;
    assert!(
        right as f64 >= 0.98 * asked as f64,
        "{right}/{asked} fields right"
    );
}

#[test]
fn a_wall_of_text_is_read_within_the_bound_of_lines() {
    let Some(engine) = engine() else {
        return;
    };
    // Sixteen labels side by side: far more lines of text than a label has.
    let label = image::open(project("worker/tests/labels/000-cn-clean.jpg"))
        .unwrap()
        .to_rgb8();
    let (w, h) = label.dimensions();
    let mut wall = image::RgbImage::new(w * 4, h * 4);
    for i in 0..16 {
        image::imageops::replace(
            &mut wall,
            &label,
            i64::from(w * (i % 4)),
            i64::from(h * (i / 4)),
        );
    }
    let lines = engine.read(&wall).unwrap();
    eprintln!("{} lines read of the wall", lines.len());
    assert!(!lines.is_empty());
    assert!(
        lines.len() <= worker::labels::MAX_TEXT_LINES,
        "{} lines",
        lines.len()
    );
}
