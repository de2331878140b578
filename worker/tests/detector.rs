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
