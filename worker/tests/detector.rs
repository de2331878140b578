//! The real COCO detectors of ../shared/data/models, installed by `make models`, on the
//! real photos of ../shared/data/images/food.

use std::path::PathBuf;

use worker::recognition::{RecognitionConfig, Recognizer};

fn project(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(path)
}

fn recognizer(detector: &str) -> Option<Recognizer> {
    let config = RecognitionConfig {
        detector: detector.into(),
        ..RecognitionConfig::installed_at(&project(""), 2)
    };
    let recognizer = Recognizer::new(config);
    if !recognizer.installed() {
        models::testing::unavailable("the recognition models and ONNX Runtime (make models)");
        return None;
    }
    Some(recognizer)
}

#[tokio::test]
async fn both_detectors_find_the_foods_of_real_photos() {
    let Some(images) = models::testing::shared_data("images/food") else {
        return;
    };
    for model in ["yolox-nano", "yolov8n-int8"] {
        let Some(recognizer) = recognizer(model) else {
            return;
        };
        let detector = recognizer.detector().await.unwrap();
        for (file, wanted) in [
            ("coco_000000000110.jpg", "pizza"),
            ("coco_000000000142.jpg", "banana"),
            ("coco_000000000196.jpg", "broccoli"),
            ("mrdbourke_pizza-dad_1024.jpg", "pizza"),
        ] {
            let image = image::open(images.join(file)).unwrap().to_rgb8();
            let found = detector.detect_thoroughly(&image).unwrap();
            let labels: Vec<&str> = found.iter().map(|d| d.label.as_str()).collect();
            eprintln!("{model} {file}: {found:?}");
            assert!(
                labels.contains(&wanted),
                "{model} finds {wanted} in {file}: {labels:?}"
            );
            for d in &found {
                assert!(d.bbox.x >= 0.0 && d.bbox.x + d.bbox.width <= image.width() as f32 + 0.5);
                assert!(d.confidence >= 0.25 && d.confidence <= 1.0);
            }
        }
    }
}

#[tokio::test]
async fn photos_read_in_one_batch_get_the_answers_they_get_alone() {
    let Some(images) = models::testing::shared_data("images/food") else {
        return;
    };
    let Some(alone) = recognizer("yolox-nano") else {
        return;
    };
    let together = Recognizer::new(RecognitionConfig {
        sessions: 4,
        batch: 4,
        ..RecognitionConfig::installed_at(&project(""), 2)
    });
    let (alone, together) = (alone.gate().await.unwrap(), together.gate().await.unwrap());
    assert!(together.batches() && !alone.batches());
    let photos: Vec<image::RgbImage> = [
        "coco_000000000110.jpg",
        "coco_000000000142.jpg",
        "coco_000000000196.jpg",
        "mrdbourke_pizza-dad_1024.jpg",
    ]
    .iter()
    .map(|f| image::open(images.join(f)).unwrap().to_rgb8())
    .collect();
    // Four readers at once: they wait for the gate together.
    let readings: Vec<_> = std::thread::scope(|scope| {
        let readers: Vec<_> = photos
            .iter()
            .map(|photo| scope.spawn(|| together.read(photo).unwrap()))
            .collect();
        readers.into_iter().map(|r| r.join().unwrap()).collect()
    });
    for (photo, batched) in photos.iter().zip(readings) {
        let single = alone.read(photo).unwrap();
        let most_apart = single
            .embedding
            .iter()
            .zip(&batched.embedding)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0f32, f32::max);
        assert!(most_apart < 1e-3, "embeddings differ by {most_apart}");
        let top = |p: &[f32]| {
            p.iter()
                .enumerate()
                .max_by(|a, b| a.1.total_cmp(b.1))
                .unwrap()
                .0
        };
        assert_eq!(top(&single.imagenet), top(&batched.imagenet));
    }
}

#[tokio::test]
async fn the_detector_reads_a_batch_of_photos_as_it_reads_each_alone() {
    let Some(images) = models::testing::shared_data("images/food") else {
        return;
    };
    let Some(alone) = recognizer("yolox-nano") else {
        return;
    };
    let alone = alone.detector().await.unwrap();
    assert!(!alone.batches());
    let mut files: Vec<_> = std::fs::read_dir(&images)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "jpg" || e == "jpeg"))
        .collect();
    files.sort();
    // Eight photos, as many different ones as there are.
    let photos: Vec<image::RgbImage> = files
        .iter()
        .cycle()
        .take(8)
        .map(|p| image::open(p).unwrap().to_rgb8())
        .collect();
    // Eight readers at once in batches of up to eight; then three, their batches filled
    // up with blank images to eight (a GPU's single shape).
    for (readers, one_shape) in [(8, false), (3, true)] {
        let batched = RecognitionConfig {
            sessions: 1,
            batch: 8,
            one_shape,
            ..RecognitionConfig::installed_at(&project(""), 2)
        };
        if !batched.has_model("yolox-nano-batch") {
            models::testing::unavailable("the detector's batch copy (make models)");
            return;
        }
        let together = Recognizer::new(batched).detector().await.unwrap();
        assert_eq!(together.name(), "yolox-nano-batch");
        assert!(together.batches());
        let photos = &photos[..readers];
        // The readers share one session: they wait for the detector together.
        let found: Vec<_> = std::thread::scope(|scope| {
            let readers: Vec<_> = photos
                .iter()
                .map(|photo| scope.spawn(|| together.detect_thoroughly(photo).unwrap()))
                .collect();
            readers.into_iter().map(|r| r.join().unwrap()).collect()
        });
        for (photo, batched) in photos.iter().zip(found) {
            let single = alone.detect_thoroughly(photo).unwrap();
            assert_eq!(single.len(), batched.len(), "{single:?}\n{batched:?}");
            for (a, b) in single.iter().zip(&batched) {
                assert_eq!(a.label, b.label);
                assert!((a.confidence - b.confidence).abs() < 1e-4, "{a:?} {b:?}");
                assert!(
                    (a.bbox.x - b.bbox.x).abs() < 0.1 && (a.bbox.width - b.bbox.width).abs() < 0.1
                );
            }
        }
    }
}

#[tokio::test]
async fn slots_share_one_session_of_each_model_when_asked() {
    if recognizer("yolox-nano").is_none() {
        return;
    }
    let config = |sessions| RecognitionConfig {
        sessions,
        ..RecognitionConfig::installed_at(&project(""), 1)
    };
    let per_slot = Recognizer::new(config(4));
    let shared = Recognizer::new(config(1));
    assert_eq!(per_slot.gate().await.unwrap().sessions(), 4);
    assert_eq!(shared.gate().await.unwrap().sessions(), 1);
    assert_eq!(shared.detector().await.unwrap().sessions(), 1);
    // Four slots at once on the one session: each gets its own answer.
    let Some(images) = models::testing::shared_data("images/food") else {
        return;
    };
    let photo = image::open(images.join("coco_000000000142.jpg"))
        .unwrap()
        .to_rgb8();
    let detector = shared.detector().await.unwrap();
    let alone = detector.detect(&photo).unwrap();
    let at_once: Vec<_> = std::thread::scope(|scope| {
        let slots: Vec<_> = (0..4)
            .map(|_| scope.spawn(|| detector.detect(&photo).unwrap()))
            .collect();
        slots.into_iter().map(|s| s.join().unwrap()).collect()
    });
    assert!(at_once.iter().all(|found| *found == alone));
}
