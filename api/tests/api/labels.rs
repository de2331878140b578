//! Nutrition labels read over HTTP with the real OCR models (make models) on the rendered
//! labels of worker/tests/labels: the values per 100 g and how sure each is, the barcode
//! kept, the photo not kept, and every bad request answered in the envelope.

use reqwest::multipart::{Form, Part};
use serde_json::Value;

use crate::support::{
    self, Options, Session, TestApp, finish_accepted, json_of, register, spawn_app,
};

fn models_installed() -> bool {
    let ok = support::project_path(".models/ocr/ocr.json").is_file()
        && support::project_path(".ort/libonnxruntime.so.1.31.1").is_file();
    if !ok {
        models::testing::unavailable("the OCR models and ONNX Runtime (make models)");
    }
    ok
}

fn rendered(file: &str) -> (Vec<u8>, Value) {
    let dir = support::project_path("worker/tests/labels");
    let truth: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("labels.json")).unwrap()).unwrap();
    let label = truth["labels"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["file"] == file)
        .unwrap()
        .clone();
    (std::fs::read(dir.join(file)).unwrap(), label)
}

async fn send_label(app: &TestApp, who: Option<&Session>, form: Form) -> (u16, Value) {
    let mut request = app.client.post(app.url("/labels/read/")).multipart(form);
    if let Some(who) = who {
        request = request.bearer_auth(&who.access);
    }
    json_of(request.send().await.unwrap()).await
}

/// Reads a label as the web app does: a read still under way after the answer's wait
/// (202, on a busy machine) is followed to its result.
async fn read_label(app: &TestApp, who: Option<&Session>, form: Form) -> (u16, Value) {
    let (status, answer) = send_label(app, who, form).await;
    match who {
        Some(who) if status == 202 => finish_accepted(app, &who.access, &answer["data"])
            .await
            .expect("a result to read"),
        _ => (status, answer),
    }
}

fn photo_form(bytes: Vec<u8>) -> Form {
    Form::new().part(
        "image",
        Part::bytes(bytes)
            .file_name("label.jpg")
            .mime_str("image/jpeg")
            .unwrap(),
    )
}

fn field<'a>(label: &'a Value, nutrient: &str) -> &'a Value {
    label["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["nutrient"] == nutrient)
        .unwrap_or_else(|| panic!("{nutrient} in {label}"))
}

#[tokio::test]
async fn a_label_photo_becomes_a_food_per_100_g_with_its_barcode() {
    if !models_installed() {
        return;
    }
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    for file in ["000-cn-clean.jpg", "003-us-photo.jpg"] {
        let (bytes, truth) = rendered(file);
        // A UPC-A printed as 12 digits comes back as its 13-digit GTIN.
        let form = photo_form(bytes).text("barcode", "036000291452");
        let (status, answer) = read_label(&app, Some(&ann), form).await;
        assert_eq!(status, 200, "{file}: {answer}");
        let label = &answer["data"];
        assert_eq!(label["found"], true, "{file}: {label}");
        assert_eq!(label["barcode"], "0036000291452");
        let kind = if truth["kind"] == "gb28050" {
            "gb28050"
        } else {
            "nutrition_facts"
        };
        assert_eq!(label["kind"], kind);
        for (nutrient, wanted) in truth["per_100g"].as_object().unwrap() {
            let read = field(label, nutrient);
            let value = read["value"]
                .as_f64()
                .unwrap_or_else(|| panic!("{file} {nutrient}: {read}"));
            assert!(
                (value - wanted.as_f64().unwrap()).abs() <= 0.0501,
                "{file} {nutrient}: {read}, wanted {wanted}"
            );
            assert!(
                ["sure", "check"].contains(&read["certainty"].as_str().unwrap()),
                "{read}"
            );
        }
        for nutrient in ["fiber", "sugar"] {
            if truth["per_100g"].get(nutrient).is_none() {
                assert_eq!(field(label, nutrient)["certainty"], "not_on_label");
            }
        }
    }
    // The photos were read, not kept.
    assert_eq!(label_photos_kept(&app), 0);
    // Each reading and its fields are counted, by how each was read.
    let text = app.metrics().await;
    let value = |series: &str| crate::support::metric(&text, series);
    assert_eq!(value("label_readings_total "), 2.0, "{text}");
    let states = ["sure", "check", "unread", "implausible", "not_on_label"];
    let fields: f64 = states
        .iter()
        .map(|s| value(&format!(r#"label_fields_total{{state="{s}"}}"#)))
        .sum();
    assert_eq!(fields, 2.0 * 7.0, "seven fields a label: {text}");
    assert!(value(r#"recognition_inference_seconds_count{model="ocr-recognition"}"#) > 0.0);
}

/// The files under `labels/` of the data directory (label photos waiting for their job).
fn label_photos_kept(app: &TestApp) -> usize {
    std::fs::read_dir(app.data_dir.path().join("labels"))
        .into_iter()
        .flatten()
        .flat_map(|user| std::fs::read_dir(user.unwrap().path()).unwrap())
        .count()
}

#[tokio::test]
async fn a_label_read_slowly_is_followed_and_its_answer_kept_with_its_job() {
    if !models_installed() {
        return;
    }
    // Every call answers at once: the reading is always still under way.
    let Some(app) = spawn_app(Options {
        answer_within: std::time::Duration::ZERO,
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let ann = register(&app, "ann").await;
    let (bytes, truth) = rendered("000-cn-clean.jpg");
    let form = photo_form(bytes).text("barcode", "036000291452");
    let (status, accepted) = send_label(&app, Some(&ann), form).await;
    assert_eq!(status, 202, "{accepted}");
    let job = &accepted["data"];
    let job_id = job["job_id"].as_str().unwrap();
    assert_eq!(job["events"], format!("/api/v1/jobs/{job_id}/events/"));
    assert_eq!(job["result"], format!("/api/v1/jobs/{job_id}/result/"));
    let (status, answer) = finish_accepted(&app, &ann.access, job)
        .await
        .expect("a result to read");
    assert_eq!(status, 200, "{answer}");
    let label = &answer["data"];
    assert_eq!(label["found"], true, "{label}");
    assert_eq!(label["barcode"], "0036000291452");
    let calories = truth["per_100g"]["calories"].as_f64().unwrap();
    assert!((field(label, "calories")["value"].as_f64().unwrap() - calories).abs() <= 0.0501);
    // Read once: the photo is gone, and coming back gives the same answer without it.
    assert_eq!(label_photos_kept(&app), 0);
    let (status, again) = finish_accepted(&app, &ann.access, job).await.unwrap();
    assert_eq!((status, &again), (200, &answer));
    // The reading is Ann's alone.
    let bob = register(&app, "bob").await;
    let (status, _) = support::get_as(&app, &format!("/jobs/{job_id}/result/"), &bob.access).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn a_photo_without_a_label_finds_nothing_and_guesses_nothing() {
    if !models_installed() {
        return;
    }
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let mut blank = Vec::new();
    image::RgbImage::from_pixel(320, 240, image::Rgb([200, 180, 150]))
        .write_to(
            &mut std::io::Cursor::new(&mut blank),
            image::ImageFormat::Jpeg,
        )
        .unwrap();
    let (status, answer) = read_label(&app, Some(&ann), photo_form(blank)).await;
    assert_eq!(status, 200, "{answer}");
    let label = &answer["data"];
    assert_eq!(label["found"], false);
    assert_eq!(label["barcode"], Value::Null);
    for field in label["fields"].as_array().unwrap() {
        assert_eq!(field["value"], Value::Null, "{field}");
    }
    assert_eq!(field(label, "calories")["certainty"], "unread");
}

#[tokio::test]
async fn bad_requests_are_answered_in_the_envelope() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let (jpeg, _) = rendered("000-cn-clean.jpg");
    let cases: Vec<(&str, Option<&Session>, Form, u16, &str)> = vec![
        (
            "no one signed in",
            None,
            photo_form(jpeg.clone()),
            401,
            "NOT_AUTHENTICATED",
        ),
        (
            "an empty file",
            Some(&ann),
            photo_form(Vec::new()),
            422,
            "INVALID_IMAGE",
        ),
        (
            "not an image",
            Some(&ann),
            photo_form(b"%PDF-1.7 not a photo".to_vec()),
            415,
            "UNSUPPORTED_IMAGE",
        ),
        (
            "a truncated photo",
            Some(&ann),
            photo_form(jpeg[..jpeg.len() / 2].to_vec()),
            422,
            "INVALID_IMAGE",
        ),
        (
            "more than 10 MB",
            Some(&ann),
            photo_form(vec![0xFF; 11 * 1024 * 1024]),
            413,
            "IMAGE_TOO_LARGE",
        ),
        (
            "no photo",
            Some(&ann),
            Form::new().text("barcode", "036000291452"),
            422,
            "VALIDATION_ERROR",
        ),
        (
            "a barcode with a wrong check digit",
            Some(&ann),
            photo_form(jpeg.clone()).text("barcode", "036000291453"),
            422,
            "INVALID_BARCODE",
        ),
    ];
    for (case, who, form, status, code) in cases {
        let (got, answer) = read_label(&app, who, form).await;
        assert_eq!(got, status, "{case}: {answer}");
        assert_eq!(answer["success"], false, "{case}");
        assert_eq!(answer["error"]["code"], code, "{case}: {answer}");
    }
    let (status, answer) = json_of(
        app.client
            .post(app.url("/labels/read/"))
            .bearer_auth(&ann.access)
            .json(&serde_json::json!({"image": "label.jpg"}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 415, "{answer}");
    assert_eq!(answer["error"]["code"], "MULTIPART_REQUIRED");
}

#[tokio::test]
async fn without_the_models_reading_says_so() {
    let Some(app) = spawn_app(Options {
        models_dir: Some(std::env::temp_dir().join("no-models-here")),
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let ann = register(&app, "ann").await;
    let (jpeg, _) = rendered("000-cn-clean.jpg");
    let (status, answer) = read_label(&app, Some(&ann), photo_form(jpeg)).await;
    assert_eq!(status, 503, "{answer}");
    assert_eq!(answer["error"]["code"], "LABEL_READING_UNAVAILABLE");
    assert_eq!(
        answer["error"]["message"],
        "label reading models not installed"
    );
}
