//! Photo recognition on labelled photos kept out of the dish head's training, as a user
//! meets it: the first suggestion right (top-1), the right food among the first three
//! (top-3), how often a wrong food is shown without a question, how often there is a
//! question, photos without food; how well the scores are calibrated; the visual
//! memory's hit rate when each dish was confirmed once before; and the time per photo.
//!
//!     cargo run --release -p worker --example recognition_eval
//!
//! Sets: ../shared/data/images/chinesefoodnet20/val (never trained on), the held-back
//! Food-101 photos the training script lists in models/data/dish_head_heldout.txt, the
//! photos of images/food, and images/barcodes (packaging and codes: no plate of food).
//!
//! Dishes a head never saw: with the leave-classes-out heads that
//!
//!     scripts/train-dish-head.py --folds-out target/dish-head-folds
//!
//! writes (each trained without a group of dishes), the held-back photos of each left-out
//! dish are read with the head that never saw it, and the others with the same heads as
//! known dishes (`target/dish-head-folds-<gate>` for another gate model;
//! `FOLDS_<GATE>=DIR`, as `FOLDS_EFFICIENTNET_LITE0=DIR`, reads them from elsewhere).
//!
//! Every figure is printed for each gate model in `GATES` (comma-separated manifest
//! names; default: the shipped `efficientnet-lite0`), each read by its own dish head, and
//! then side by side: d' and the cosine of one dish against two on
//! the held-back dish photos, one-shot accuracy, the unknown-dish rate, top-1, top-3,
//! asked, wrong unquestioned, the learning curve and the CPU time. `RECORD=DIR` writes the
//! likeness distributions the learned-food cuts are chosen from.
//!
//! Long on purpose: an evaluation tool, not product code: every figure BENCHMARKS quotes
//! for recognition comes from this one run, so its datasets and measures stay together.

use std::path::{Path, PathBuf};
use std::time::Instant;

use models::learned::{LearnedCuts, Place, Prototypes};
use models::recogniser::{Certainty, CertaintyLevel, LIKELY, PhotoReading, SURE, unit_vector};
use serde::Deserialize;
use worker::recognition::reading::{
    DishHead, IMAGENET_BACKBONE, class_food_keys, memory_vector_with, nearest,
};
use worker::recognition::{RecognitionConfig, Recognizer};

fn project(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(path)
}

/// A photo and the food it shows (`None`: no food).
struct Labelled {
    path: PathBuf,
    food: Option<String>,
    /// The dish class, for the memory experiment.
    class: String,
}

fn jpegs(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| {
        p.extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| ["jpg", "jpeg", "png"].contains(&e.to_ascii_lowercase().as_str()))
    });
    files.sort();
    files
}

fn dish_food(class: &str) -> Option<String> {
    let label = format!("dish:{class}");
    class_food_keys()
        .into_iter()
        .find(|(l, _)| *l == label)
        .map(|(_, f)| f)
}

/// "00_麻婆豆腐" → "麻婆豆腐"; "fried_rice" → "fried rice".
fn class_of_folder(name: &str) -> String {
    match name.split_once('_') {
        Some((head, rest)) if head.chars().all(|c| c.is_ascii_digit()) => rest.to_owned(),
        _ => name.replace('_', " "),
    }
}

fn sets(data: &Path) -> Vec<(&'static str, Vec<Labelled>)> {
    let mut cfn = Vec::new();
    let val = data.join("images/chinesefoodnet20/val");
    let mut folders: Vec<PathBuf> = std::fs::read_dir(&val)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    folders.sort();
    for folder in folders {
        let class = class_of_folder(&folder.file_name().unwrap().to_string_lossy());
        for path in jpegs(&folder) {
            cfn.push(Labelled {
                path,
                food: dish_food(&class),
                class: class.clone(),
            });
        }
    }
    let mut food101 = Vec::new();
    if let Ok(list) = std::fs::read_to_string(project("models/data/dish_head_heldout.txt")) {
        for line in list.lines().filter(|l| l.starts_with("food101_subset/")) {
            let folder = line.split('/').nth(2).unwrap_or_default();
            let class = class_of_folder(folder);
            food101.push(Labelled {
                path: data.join("images").join(line),
                food: dish_food(&class),
                class,
            });
        }
    }
    let food = data.join("images/food");
    let plates = [
        ("coco_000000000110.jpg", "pizza-cheese"),
        ("coco_000000000142.jpg", "banana"),
        ("coco_000000000196.jpg", "broccoli-boiled"),
        ("mrdbourke_pizza-dad_1024.jpg", "pizza-cheese"),
        ("mrdbourke_steak_1024.jpg", "steak-sirloin"),
        ("mrdbourke_sushi_1024.jpg", "sushi-salmon"),
    ]
    .into_iter()
    .map(|(file, food_key)| Labelled {
        path: food.join(file),
        food: Some(food_key.to_owned()),
        class: food_key.to_owned(),
    })
    .collect();
    let barcodes = jpegs(&data.join("images/barcodes"))
        .into_iter()
        .map(|path| Labelled {
            path,
            food: None,
            class: "no food".into(),
        })
        .collect();
    vec![
        ("chinesefoodnet20 val", cfn),
        ("food101 held back", food101),
        ("images/food", plates),
        ("images/barcodes (no plate)", barcodes),
    ]
}

#[derive(Default)]
struct Tally {
    photos: usize,
    top1: usize,
    top3: usize,
    wrong_unasked: usize,
    asked: usize,
    no_food: usize,
    /// (score, right) of each first suggestion, for calibration.
    scores: Vec<(f32, bool)>,
}

impl Tally {
    fn add(&mut self, expected: Option<&str>, reading: &PhotoReading) {
        self.photos += 1;
        let main = reading.foods.first();
        let keys: Vec<&str> = main
            .map(|f| f.candidates.iter().map(|c| c.food_key.as_str()).collect())
            .unwrap_or_default();
        if !reading.food_found {
            self.no_food += 1;
        }
        let certainty = main
            .and_then(|f| f.candidates.first())
            .map(|c| Certainty::new(c.score, c.source));
        let asked = certainty.is_some_and(|c| c.needs_confirmation);
        self.asked += usize::from(asked);
        let right = expected.is_some_and(|e| keys.first() == Some(&e));
        self.top1 += usize::from(right);
        self.top3 += usize::from(expected.is_some_and(|e| keys.iter().take(3).any(|k| *k == e)));
        // A food shown as a fact that is not what the photo shows.
        let shown = certainty.is_some_and(|c| !c.needs_confirmation);
        if shown && !right {
            self.wrong_unasked += 1;
        }
        if let Some(c) = certainty {
            self.scores.push((c.score, right));
        }
    }

    fn row(&self, name: &str) {
        let pct = |n: usize| 100.0 * n as f64 / self.photos.max(1) as f64;
        println!(
            "| {name} | {} | {:.1} % | {:.1} % | {:.1} % | {:.1} % | {:.1} % |",
            self.photos,
            pct(self.top1),
            pct(self.top3),
            pct(self.wrong_unasked),
            pct(self.asked),
            pct(self.no_food),
        );
    }
}

/// The heads trained without some dishes, each with the dishes it never saw.
pub fn fold_heads(dir: &Path) -> Vec<(DishHead, Vec<String>)> {
    #[derive(Deserialize)]
    struct LeftOut {
        left_out: Vec<String>,
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "json"));
    files.sort();
    files
        .iter()
        .filter_map(|path| {
            let text = std::fs::read_to_string(path).ok()?;
            let head = DishHead::parse(&text)
                .map_err(|e| eprintln!("{}: {e}", path.display()))
                .ok()?;
            let left_out: LeftOut = serde_json::from_str(&text).ok()?;
            Some((head, left_out.left_out))
        })
        .collect()
}

/// Simulated users teaching dishes a head never saw (issue 34): with each leave-out head,
/// a user confirms the first `k` held-back photos of every dish that head left out, and
/// each of the dish's other photos is a new photo of it. The photos of the head's own
/// dishes, which the user never taught, are where a taught dish would fire wrongly.
fn learning_curve(
    folds: &[(DishHead, Vec<String>)],
    photos: &[(String, Vec<f32>)],
    cuts: LearnedCuts,
    record: Option<&Path>,
) -> [(f64, f64); 2] {
    const KS: [usize; 2] = [1, 3];
    #[derive(Default)]
    struct Curve {
        tests: usize,
        first3: usize,
        first: usize,
        wrong_first: usize,
        others: usize,
        fires: usize,
        /// Each new photo's likeness to its own dish's prototype.
        own: Vec<f32>,
        /// Each other dish's photo's likeness to the taught dish most like it.
        stranger: Vec<f32>,
    }
    let mut curves: [Curve; 2] = Default::default();
    for (head, left_out) in folds {
        let vectors: Vec<(Option<i64>, Vec<f32>)> = photos
            .iter()
            .map(|(class, e)| {
                let dish = left_out.iter().position(|c| c == class).map(|i| i as i64);
                (dish, memory_vector_with(head, e))
            })
            .collect();
        for (curve, k) in curves.iter_mut().zip(KS) {
            let mut taught: Vec<(i64, &[f32])> = Vec::new();
            let mut tested: Vec<(i64, &[f32])> = Vec::new();
            let mut untaught: Vec<&[f32]> = Vec::new();
            for (dish, v) in &vectors {
                match *dish {
                    Some(id) if taught.iter().filter(|(t, _)| *t == id).count() < k => {
                        taught.push((id, v))
                    }
                    Some(id) => tested.push((id, v)),
                    None => untaught.push(v),
                }
            }
            let learned = Prototypes::of(cuts, taught.iter().copied());
            for (id, v) in &tested {
                let found = learned.matches(v);
                curve.tests += 1;
                curve.first3 += usize::from(found.iter().take(3).any(|m| m.food_id == *id));
                if let Some(top) = found.first().filter(|m| m.place() == Some(Place::First)) {
                    if top.food_id == *id {
                        curve.first += 1;
                    } else {
                        curve.wrong_first += 1;
                    }
                }
                let likeness = learned.likeness(v);
                curve.own.extend(
                    likeness
                        .iter()
                        .filter(|m| m.food_id == *id)
                        .map(|m| m.similarity),
                );
            }
            for v in &untaught {
                curve.others += 1;
                curve.fires += usize::from(!learned.matches(v).is_empty());
                let likeness = learned.likeness(v);
                curve.stranger.push(
                    likeness
                        .iter()
                        .map(|m| m.similarity)
                        .fold(f32::MIN, f32::max),
                );
            }
        }
    }
    println!("\nLearning each user's dishes (simulated users, dishes the head never saw):\n");
    println!(
        "| confirmed photos of a dish (k) | new photos of it | offered among the first 3 | named first | named first wrongly (another taught dish) | other dishes' photos | a taught dish fires (false) |"
    );
    println!("|---|---|---|---|---|---|---|");
    let pct = |n: usize, of: usize| 100.0 * n as f64 / of.max(1) as f64;
    for (curve, k) in curves.iter().zip(KS) {
        println!(
            "| {k} | {} | {:.1} % | {:.1} % | {:.1} % | {} | {:.1} % |",
            curve.tests,
            pct(curve.first3, curve.tests),
            pct(curve.first, curve.tests),
            pct(curve.wrong_first, curve.tests),
            curve.others,
            pct(curve.fires, curve.others)
        );
    }
    // The cuts: how often a photo is this alike to its own dish's prototype (k = 1, and
    // k = 3 for naming first), and to a dish the user taught that it is not.
    println!("\nSimilarity to a taught dish's prototype (k = 1 / k = 3), all heads:\n");
    println!(
        "| from | own dish, k = 1 | own dish, k = 3 | an untaught dish's photo, k = 1 | k = 3 |"
    );
    println!("|---|---|---|---|---|");
    let above = |v: &[f32], cut: f32| {
        100.0 * v.iter().filter(|s| **s >= cut).count() as f64 / v.len().max(1) as f64
    };
    for cut in [
        0.40, 0.45, 0.50, 0.52, 0.55, 0.58, 0.60, 0.62, 0.64, 0.66, 0.68, 0.70, 0.75,
    ] {
        println!(
            "| {cut:.2} | {:.1} % | {:.1} % | {:.1} % | {:.1} % |",
            above(&curves[0].own, cut),
            above(&curves[1].own, cut),
            above(&curves[0].stranger, cut),
            above(&curves[1].stranger, cut)
        );
    }
    if let Some(path) = record {
        // The distributions the cuts are chosen from, as counts per 0.01 of similarity
        // from -1: models::learned's tests check the shipped cuts against them.
        let histogram = |v: &[f32]| {
            let mut counts = vec![0u32; 201];
            for s in v {
                counts[(((s + 1.0) * 100.0).floor() as usize).min(200)] += 1;
            }
            counts
        };
        let file = serde_json::json!({
            "what": "similarity of a new photo to a taught dish's prototype, counts per 0.01 from -1 (recognition_eval, leave-dishes-out heads, held-back photos)",
            "own_dish_k1": histogram(&curves[0].own),
            "own_dish_k3": histogram(&curves[1].own),
            "other_dish_k1": histogram(&curves[0].stranger),
            "other_dish_k3": histogram(&curves[1].stranger),
        });
        if let Err(e) = std::fs::write(path, format!("{file}\n")) {
            eprintln!("{}: {e}", path.display());
        }
    }
    // Each k's (offered among the first three, a taught dish fires falsely).
    [0, 1].map(|i| {
        (
            pct(curves[i].first3, curves[i].tests),
            pct(curves[i].fires, curves[i].others),
        )
    })
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(0.0)
}

/// One backbone's figures, for the side-by-side table.
#[derive(Default)]
struct Summary {
    gate: String,
    separation: Option<Separation>,
    one_shot: f64,
    unseen_shown: f64,
    all: Tally,
    curve: [(f64, f64); 2],
    gate_ms: f64,
    detect_ms: f64,
}

/// How far apart the photos of one dish and of two dishes are, in the standardised
/// embedding at length 1 (what the visual memory compares, less the head's logits).
#[derive(Clone, Copy)]
struct Separation {
    same: f64,
    different: f64,
    d_prime: f64,
}

fn separation(photos: &[(String, Vec<f32>)]) -> Option<Separation> {
    let (mut same, mut different) = (Vec::new(), Vec::new());
    for (i, (a, x)) in photos.iter().enumerate() {
        for (b, y) in &photos[i + 1..] {
            let cosine = x.iter().zip(y).map(|(p, q)| (p * q) as f64).sum::<f64>();
            if a == b {
                same.push(cosine);
            } else {
                different.push(cosine);
            }
        }
    }
    let moments = |v: &[f64]| {
        let mean = v.iter().sum::<f64>() / v.len().max(1) as f64;
        let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / v.len().max(1) as f64;
        (mean, var)
    };
    if same.is_empty() || different.is_empty() {
        return None;
    }
    let ((ms, vs), (md, vd)) = (moments(&same), moments(&different));
    Some(Separation {
        same: ms,
        different: md,
        d_prime: (ms - md) / ((vs + vd) / 2.0).sqrt(),
    })
}

/// One photo per dish (seeded draws) as the only example: the share of the other photos
/// whose nearest example is their dish.
fn one_shot(photos: &[(String, Vec<f32>)]) -> f64 {
    let mut classes: Vec<&str> = photos.iter().map(|(c, _)| c.as_str()).collect();
    classes.sort();
    classes.dedup();
    let mut state = 46u64;
    let (mut right, mut total) = (0usize, 0usize);
    for _ in 0..20 {
        let examples: Vec<usize> = classes
            .iter()
            .map(|c| {
                let of: Vec<usize> = (0..photos.len()).filter(|i| photos[*i].0 == *c).collect();
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                of[(state >> 33) as usize % of.len()]
            })
            .collect();
        for (i, (class, v)) in photos.iter().enumerate() {
            if examples.contains(&i) {
                continue;
            }
            let best = examples
                .iter()
                .max_by(|a, b| {
                    let da: f32 = photos[**a].1.iter().zip(v).map(|(p, q)| p * q).sum();
                    let db: f32 = photos[**b].1.iter().zip(v).map(|(p, q)| p * q).sum();
                    da.total_cmp(&db)
                })
                .copied();
            total += 1;
            right += usize::from(best.is_some_and(|b| photos[b].0 == *class));
        }
    }
    100.0 * right as f64 / total.max(1) as f64
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let data = models::testing::shared_data("images")
        .map(|p| p.parent().unwrap().to_path_buf())
        .ok_or_else(|| anyhow::anyhow!("../shared/data/images is needed"))?;
    let threads = std::env::var("THREADS")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(2);
    // `GATES=a,b`: the gate models to compare (default: the shipped one), each with its
    // own dish head and leave-dishes-out heads.
    let gates: Vec<String> = std::env::var("GATES")
        .map(|g| g.split(',').map(str::to_owned).collect())
        .unwrap_or_else(|_| vec![IMAGENET_BACKBONE.into()]);
    let mut summaries = Vec::new();
    for gate in &gates {
        println!("\n## Gate model {gate}\n");
        summaries.push(evaluate(&data, threads, gate).await?);
    }
    println!("\n## Side by side\n");
    print!("| | ");
    for s in &summaries {
        print!("{} | ", s.gate);
    }
    println!();
    println!("|---|{}", "---|".repeat(summaries.len()));
    let row = |name: &str, f: &dyn Fn(&Summary) -> String| {
        print!("| {name} | ");
        for s in &summaries {
            print!("{} | ", f(s));
        }
        println!();
    };
    let pct = |n: usize, of: usize| 100.0 * n as f64 / of.max(1) as f64;
    row("d' (one dish vs two, held-back dish photos)", &|s| {
        s.separation
            .map_or("-".into(), |x| format!("{:.2}", x.d_prime))
    });
    row("cosine, same dish / two dishes", &|s| {
        s.separation.map_or("-".into(), |x| {
            format!("{:.3} / {:.3}", x.same, x.different)
        })
    });
    row("one photo per dish as the only example names it", &|s| {
        format!("{:.1} %", s.one_shot)
    });
    row("top-1, all food photos", &|s| {
        format!("{:.1} %", pct(s.all.top1, s.all.photos))
    });
    row("top-3", &|s| {
        format!("{:.1} %", pct(s.all.top3, s.all.photos))
    });
    row("asked", &|s| {
        format!("{:.1} %", pct(s.all.asked, s.all.photos))
    });
    row("wrong food shown without a question", &|s| {
        format!("{:.1} %", pct(s.all.wrong_unasked, s.all.photos))
    });
    row("dishes a head never saw shown as sure or likely", &|s| {
        format!("{:.1} %", s.unseen_shown)
    });
    for (i, k) in [1, 3].iter().enumerate() {
        row(
            &format!("taught {k}x: among the first three on another photo / false fires"),
            &|s| format!("{:.1} % / {:.1} %", s.curve[i].0, s.curve[i].1),
        );
    }
    row("CPU ms per photo: gate + head / detector (median)", &|s| {
        format!("{:.1} / {:.1}", s.gate_ms, s.detect_ms)
    });
    Ok(())
}

async fn evaluate(data: &Path, threads: usize, gate_name: &str) -> anyhow::Result<Summary> {
    let mut config = RecognitionConfig::installed_at(&project(""), threads);
    config.gate = gate_name.into();
    let recognizer = Recognizer::new(config);
    let detector = recognizer.detector().await?;
    let gate = recognizer.gate().await?;
    let head = gate.head();
    let memory_vector = |e: &[f32]| memory_vector_with(head, e);
    let mut all = Tally::default();
    let mut gate_ms = Vec::new();
    let mut detect_ms = Vec::new();
    let mut cfn_embeddings: Vec<(String, Vec<f32>)> = Vec::new();
    let mut retaken: Vec<Vec<f32>> = Vec::new();
    let folds_dir = std::env::var(format!(
        "FOLDS_{}",
        gate_name.replace('-', "_").to_uppercase()
    ))
    .map(PathBuf::from)
    .unwrap_or_else(|_| {
        if gate_name == IMAGENET_BACKBONE {
            project("target/dish-head-folds")
        } else {
            project(&format!("target/dish-head-folds-{gate_name}"))
        }
    });
    let folds = fold_heads(&folds_dir);
    // Each held-back dish photo's embedding, for the simulated users who teach dishes.
    let mut dish_embeddings: Vec<(String, Vec<f32>)> = Vec::new();
    // Read by the heads that never saw the dish, and by those that did.
    let mut unseen = Tally::default();
    let mut unseen_shown: Vec<(String, String, f32)> = Vec::new();
    let mut known = Tally::default();
    println!(
        "| set | photos | top-1 | top-3 | wrong food shown without a question | asked | no food found |"
    );
    println!("|---|---|---|---|---|---|---|");
    for (name, photos) in sets(data) {
        if photos.is_empty() {
            println!("| {name} | missing | | | | | |");
            continue;
        }
        let mut tally = Tally::default();
        for photo in &photos {
            let pixels = image::open(&photo.path)?.to_rgb8();
            let t = Instant::now();
            let gated = gate.read(&pixels).map_err(anyhow::Error::msg)?;
            std::hint::black_box(head.probabilities(&gated.embedding, &gated.logits));
            gate_ms.push(t.elapsed().as_secs_f64() * 1e3);
            let t = Instant::now();
            let detections = detector
                .detect_thoroughly(&pixels)
                .map_err(anyhow::Error::msg)?;
            detect_ms.push(t.elapsed().as_secs_f64() * 1e3);
            let reading = gated.read_photo(&detections, pixels.width(), pixels.height());
            if std::env::var("VERBOSE").is_ok() {
                let main: Vec<String> = reading
                    .foods
                    .iter()
                    .map(|f| {
                        f.candidates
                            .iter()
                            .take(3)
                            .map(|c| format!("{} {:.2}", c.food_key, c.score))
                            .collect::<Vec<_>>()
                            .join(", ")
                    })
                    .collect();
                let mut top: Vec<(usize, f32)> =
                    gated.imagenet.iter().copied().enumerate().collect();
                top.sort_by(|a, b| b.1.total_cmp(&a.1));
                let seen: Vec<String> = detections
                    .iter()
                    .map(|d| {
                        format!(
                            "{} {:.2} {:.0}%",
                            d.label,
                            d.confidence,
                            100.0 * d.bbox.area() / (pixels.width() * pixels.height()) as f32
                        )
                    })
                    .collect();
                eprintln!(
                    "{} expected {:?}: gate {:.2} {:?}\n    imagenet {:?}\n    detector {:?}",
                    photo.path.display(),
                    photo.food,
                    reading.food_probability,
                    main,
                    &top[..3],
                    seen
                );
            }
            tally.add(photo.food.as_deref(), &reading);
            if name.starts_with("chinesefoodnet20") || name.starts_with("food101") {
                dish_embeddings.push((photo.class.clone(), gated.embedding.clone()));
                for (fold_head, left_out) in &folds {
                    let reading = gated.read_photo_with(
                        fold_head,
                        &detections,
                        pixels.width(),
                        pixels.height(),
                    );
                    if left_out.contains(&photo.class) {
                        // None of the head's foods is right, unless another model names it.
                        unseen.add(photo.food.as_deref(), &reading);
                        if let Some(c) = reading.foods.first().and_then(|f| f.candidates.first())
                            && !Certainty::new(c.score, c.source).needs_confirmation
                        {
                            unseen_shown.push((photo.class.clone(), c.food_key.clone(), c.score));
                        }
                    } else {
                        known.add(photo.food.as_deref(), &reading);
                    }
                }
            }
            if photo.food.is_some() {
                all.add(photo.food.as_deref(), &reading);
            }
            if name.starts_with("chinesefoodnet20") {
                cfn_embeddings.push((photo.class.clone(), memory_vector(&gated.embedding)));
                // The same plate photographed again: mirrored, 85 % of it, a little brighter.
                let (w, h) = pixels.dimensions();
                let again = image::imageops::crop_imm(
                    &image::imageops::flip_horizontal(&pixels),
                    w * 3 / 40,
                    h / 20,
                    w * 17 / 20,
                    h * 17 / 20,
                )
                .to_image();
                let again = image::imageops::colorops::brighten(&again, 12);
                let seen_again = gate.read(&again).map_err(anyhow::Error::msg)?;
                retaken.push(memory_vector(&seen_again.embedding));
            }
        }
        tally.row(name);
    }
    all.row("all food photos");

    let mut curve = [(0.0, 0.0); 2];
    if folds.is_empty() {
        println!(
            "\nNo leave-classes-out heads in {}: scripts/train-dish-head.py --folds-out writes them.",
            folds_dir.display()
        );
    } else {
        println!(
            "\nDishes a head never saw ({} heads, each trained without {}–{} of the 41 dishes; \
             held-back photos):\n",
            folds.len(),
            folds.iter().map(|f| f.1.len()).min().unwrap_or(0),
            folds.iter().map(|f| f.1.len()).max().unwrap_or(0),
        );
        println!(
            "| dishes | photos | top-1 | top-3 | wrong food shown without a question | asked | no food found |"
        );
        println!("|---|---|---|---|---|---|---|");
        unseen.row("dishes the head never saw");
        known.row("its own dishes, same heads");
        println!(
            "\nDishes the head never saw shown as sure or likely (\"Looks like\", \"Probably\"; \
             target ≤ 5 %): {} of {} ({:.1} %)",
            unseen_shown.len(),
            unseen.photos,
            100.0 * unseen_shown.len() as f64 / unseen.photos.max(1) as f64
        );
        for (class, food, score) in &unseen_shown {
            println!("- {class} shown as {food} ({score:.2})");
        }
        // `RECORD=DIR`: the likeness distributions go to DIR/likeness-<gate>.json.
        let record = std::env::var("RECORD")
            .ok()
            .map(|dir| Path::new(&dir).join(format!("likeness-{gate_name}.json")));
        curve = learning_curve(&folds, &dish_embeddings, head.cuts, record.as_deref());
    }

    println!("\nCalibration of the first suggestion's score (all food photos):\n");
    println!("| score | photos | right |");
    println!("|---|---|---|");
    for (low, high, level) in [
        (SURE, 1.01, CertaintyLevel::Sure),
        (LIKELY, SURE, CertaintyLevel::Likely),
        (0.0, LIKELY, CertaintyLevel::Unsure),
    ] {
        let inside: Vec<&(f32, bool)> = all
            .scores
            .iter()
            .filter(|(s, _)| *s >= low && *s < high)
            .collect();
        let right = inside.iter().filter(|(_, r)| *r).count();
        println!(
            "| {level:?} ({low:.2}–{:.2}) | {} | {:.1} % |",
            high.min(1.0),
            inside.len(),
            100.0 * right as f64 / inside.len().max(1) as f64
        );
    }

    // The visual memory: each dish confirmed once (its first val photo); every other
    // photo of the set looked up among those 20.
    let mut confirmed: Vec<(String, Vec<f32>)> = Vec::new();
    for (class, e) in &cfn_embeddings {
        if !confirmed.iter().any(|(c, _)| c == class) {
            confirmed.push((class.clone(), e.clone()));
        }
    }
    let memory: Vec<f32> = confirmed.iter().flat_map(|(_, e)| e.clone()).collect();
    println!("\nVisual memory (chinesefoodnet20 val, each dish confirmed once before):\n");
    println!("| similarity from | offered | right when offered | photos offered the right meal |");
    println!("|---|---|---|---|");
    let queries: Vec<&(String, Vec<f32>)> = cfn_embeddings
        .iter()
        .filter(|(c, e)| !confirmed.iter().any(|(cc, ce)| cc == c && ce == e))
        .collect();
    for threshold in [0.5, 0.6, head.cuts.same_plate, 0.8, 0.9] {
        let (mut offered, mut right) = (0, 0);
        for (class, e) in &queries {
            if let Some((i, s)) = nearest(e, &memory)
                && s >= threshold
            {
                offered += 1;
                right += usize::from(confirmed[i].0 == *class);
            }
        }
        println!(
            "| {threshold:.2} | {:.1} % | {:.1} % | {:.1} % |",
            100.0 * offered as f64 / queries.len().max(1) as f64,
            100.0 * right as f64 / offered.max(1) as f64,
            100.0 * right as f64 / queries.len().max(1) as f64
        );
    }

    // Each plate confirmed once, then photographed again (another framing and light):
    // the memory holds all 200 confirmed photos, each new one is looked up among them.
    let memory: Vec<f32> = cfn_embeddings.iter().flat_map(|(_, e)| e.clone()).collect();
    println!(
        "\nVisual memory, the same plate photographed again (chinesefoodnet20 val, 200 remembered):\n"
    );
    println!("| similarity from | offered | the right meal |");
    println!("|---|---|---|");
    for threshold in [0.6, head.cuts.same_plate, 0.8] {
        let (mut offered, mut right) = (0, 0);
        for (i, e) in retaken.iter().enumerate() {
            if let Some((j, s)) = nearest(e, &memory)
                && s >= threshold
            {
                offered += 1;
                right += usize::from(i == j);
            }
        }
        println!(
            "| {threshold:.2} | {:.1} % | {:.1} % |",
            100.0 * offered as f64 / retaken.len().max(1) as f64,
            100.0 * right as f64 / retaken.len().max(1) as f64
        );
    }

    // Nearest neighbours among 10,000 photos of one user.
    let mut state = 2026u64;
    let mut random = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 40) as f32 / (1u64 << 24) as f32 - 0.5
    };
    let many: Vec<f32> = (0..10_000)
        .flat_map(|_| memory_vector(&(0..1280).map(|_| random()).collect::<Vec<_>>()))
        .collect();
    let query = memory_vector(&(0..1280).map(|_| random()).collect::<Vec<_>>());
    let mut nn_ms = Vec::new();
    for _ in 0..50 {
        let t = Instant::now();
        std::hint::black_box(nearest(&query, &many));
        nn_ms.push(t.elapsed().as_secs_f64() * 1e3);
    }
    println!(
        "\nTime per photo ({threads} threads): gate + embedding + dish head {:.1} ms (median), \
         detector {:.1} ms; nearest of 10,000 remembered photos {:.2} ms",
        median(gate_ms.clone()),
        median(detect_ms.clone()),
        median(nn_ms)
    );
    // The held-back dish photos in the standardised embedding, at length 1.
    let standardised: Vec<(String, Vec<f32>)> = dish_embeddings
        .iter()
        .map(|(class, e)| (class.clone(), unit_vector(&head.standardise(e))))
        .collect();
    let unseen_rate = 100.0 * unseen_shown.len() as f64 / unseen.photos.max(1) as f64;
    Ok(Summary {
        gate: gate_name.into(),
        separation: separation(&standardised),
        one_shot: one_shot(&standardised),
        unseen_shown: unseen_rate,
        all,
        curve,
        gate_ms: median(gate_ms),
        detect_ms: median(detect_ms),
    })
}
