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
