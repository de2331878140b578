//! Photo recognition over HTTP with the real YOLOX-Nano detector (make models) on real
//! photos: upload (type from the bytes, bounds, EXIF orientation), the streamed analysis
//! and its steps, results, confirmation, a meal from them, the list, deletion with the
//! file, ownership, the bad uploads, cancellation, and no model at all.

mod support;

use std::time::Duration;

use futures::StreamExt;
use reqwest::{Method, multipart};
use serde_json::{Value, json};
use support::{Options, Session, TestApp, get_as, register, send_as, spawn_app, upload};

fn photo(name: &str) -> Option<Vec<u8>> {
    let path = models::testing::shared_data(&format!("images/food/{name}"))?;
    Some(std::fs::read(path).unwrap())
}

fn models_installed() -> bool {
    let ok = support::project_path(".models/yolox-nano.json").is_file()
        && support::project_path(".ort/libonnxruntime.so.1.31.1").is_file();
    if !ok {
        models::testing::unavailable("the recognition models and ONNX Runtime (make models)");
    }
    ok
}

/// The `data:` events of an analysis stream, until it ends.
async fn analysis_events(app: &TestApp, who: &Session, image_id: i64) -> Vec<Value> {
    let response = app
        .client
        .post(app.url("/images/analyze-stream/"))
        .bearer_auth(&who.access)
        .json(&json!({"image_id": image_id}))
        .send()
        .await
        .unwrap();
    support::events_of(response, usize::MAX, Duration::from_secs(60))
        .await
        .into_iter()
        .map(|event| event.data)
        .collect()
}

#[tokio::test]
async fn a_photo_is_analysed_step_by_step_and_becomes_a_meal() {
    let Some(bytes) = photo("coco_000000000142.jpg") else {
        return;
    };
    if !models_installed() {
        return;
    }
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let (status, uploaded) = upload(&app, &ann, bytes, "breakfast.jpg", None).await;
    assert_eq!(status, 201, "{uploaded}");
    let image = &uploaded["data"];
    assert_eq!(image["processing_status"], "uploaded");
    assert_eq!(
        (image["width"].as_u64(), image["height"].as_u64()),
        (Some(480), Some(640))
    );
    let id = image["id"].as_i64().unwrap();

    let events = analysis_events(&app, &ann, id).await;
    let steps: Vec<&str> = events.iter().map(|e| e["step"].as_str().unwrap()).collect();
    assert_eq!(steps.first(), Some(&"start"));
    assert_eq!(steps.last(), Some(&"complete"), "{steps:?}");
    for wanted in [
        "food_detection",
        "food_detection_complete",
        "portion_estimation",
    ] {
        assert!(steps.contains(&wanted), "{wanted} in {steps:?}");
    }
    let progress: Vec<u64> = events
        .iter()
        .map(|e| e["progress"].as_u64().unwrap())
        .collect();
    assert!(progress.windows(2).all(|w| w[0] <= w[1]), "{progress:?}");
    let detected = events
        .iter()
        .find(|e| e["step"] == "food_detection_complete")
        .unwrap();
    assert!(
        detected["foods"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["name"] == "Banana"),
        "{detected}"
    );
    let complete = events.last().unwrap();
    // The models disagree about this table (a banana beside bottles and a cake): the
    // first suggestion is a question, and the banana is one of its alternatives.
    assert_eq!(complete["food_found"], true);
    let foods = complete["foods"].as_array().unwrap();
    let first = &foods[0];
    assert_eq!(first["recognition"]["level"], "unsure", "{first}");
    assert_eq!(first["recognition"]["needs_confirmation"], true);
    assert!(first["recognition"]["score"].as_f64().unwrap() < models::recogniser::LIKELY.into());
    let banana = first["alternatives"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "Banana")
        .unwrap_or_else(|| panic!("Banana among the alternatives: {first}"));
    assert!(banana["food_id"].as_i64().is_some());
    assert!(banana["estimated_grams"].as_f64().unwrap() > 0.0);
    assert_eq!(banana["per_100g"]["calories"], 89.0);
    assert!(
        banana["portion_description"]
            .as_str()
            .unwrap()
            .contains("about")
    );
    // The nutrition data's quality is its own thing, beside the recogniser's certainty.
    assert!(first["validation"]["confidence"].is_string());
    assert!(complete["stage_1"]["food_types"].is_array());
    assert!(complete["stage_1"]["reading"]["foods"].is_array());
    assert!(complete["stage_2"]["food_portions"].is_array());
    assert!(complete["stage_3"]["nutrition_data"].is_array());
    assert_eq!(complete["memory"], Value::Null);

    // The results stay, for a client that comes back later.
    let (status, results) = get_as(&app, &format!("/images/{id}/results/"), &ann.access).await;
    assert_eq!(status, 200);
    let results = &results["data"];
    assert_eq!(results["processing_status"], "completed");
    assert_eq!(results["results"], complete["foods"]);
    assert_eq!(results["food_found"], true);
    // A question is not a keyword of the photo: nobody knows yet what it shows.
    assert_eq!(results["keywords"], json!([]));

    // An unanswered question is never saved as a meal by default.
    let (status, refused) = send_as(
        &app,
        Method::POST,
        "/images/create-meal/",
        &ann.access,
        &json!({"image_id": id, "meal_type": "breakfast"}),
    )
    .await;
    assert_eq!(status, 422, "{refused}");

    // The user answers: a banana, 150 g. The answer is kept.
    let banana_id = banana["food_id"].as_i64().unwrap();
    let corrections = json!({"foods": [{"food_id": banana_id, "name": "Banana", "grams": 150}]});
    let (status, confirmed) = send_as(
        &app,
        Method::POST,
        "/images/confirm/",
        &ann.access,
        &json!({"result_id": id, "is_confirmed": true, "corrections": corrections}),
    )
    .await;
    assert_eq!(status, 200, "{confirmed}");
    assert_eq!(confirmed["data"]["corrections"], corrections);
    let (status, meal) = send_as(
        &app,
        Method::POST,
        "/images/create-meal/",
        &ann.access,
        &json!({"image_id": id, "meal_type": "breakfast", "meal_name": "Photo breakfast",
                "foods": [{"food_id": banana_id, "quantity": 150}]}),
    )
    .await;
    assert_eq!(status, 201, "{meal}");
    assert_eq!(meal["data"]["name"], "Photo breakfast");
    assert_eq!(meal["data"]["foods"][0]["quantity"], 150.0);
    let (_, listed) = get_as(&app, "/images/list/?page_size=5", &ann.access).await;
    assert_eq!(listed["data"]["total"], 1);
    assert_eq!(listed["data"]["images"][0]["meal_id"], meal["data"]["id"]);
    assert_eq!(listed["data"]["images"][0]["keywords"], json!(["Banana"]));

    // The same table again: the visual memory offers the meal the user confirmed.
    let again = photo("coco_000000000142.jpg").unwrap();
    let (_, second) = upload(&app, &ann, again.clone(), "again.jpg", None).await;
    let second_id = second["data"]["id"].as_i64().unwrap();
    let events = analysis_events(&app, &ann, second_id).await;
    let memory = &events.last().unwrap()["memory"];
    assert_eq!(memory["image_id"], id, "{memory}");
    assert!(memory["similarity"].as_f64().unwrap() > 0.9);
    assert_eq!(memory["foods"][0]["name"], "Banana");
    assert_eq!(memory["foods"][0]["grams"], 150.0);
    assert!(memory["eaten_at"].is_string());

    // Never across users: the same photo of another user's recalls nothing.
    let bob = register(&app, "bob").await;
    let (_, bobs) = upload(&app, &bob, again, "bob.jpg", None).await;
    let bobs_id = bobs["data"]["id"].as_i64().unwrap();
    let events = analysis_events(&app, &bob, bobs_id).await;
    assert_eq!(events.last().unwrap()["memory"], Value::Null);
    let (status, _) = send_as(
        &app,
        Method::DELETE,
        &format!("/images/{second_id}/delete/"),
        &ann.access,
        &json!({}),
    )
    .await;
    assert_eq!(status, 200);

    // Another user sees nothing of it.
    let eve = register(&app, "eve").await;
    for (method, path, body) in [
        (Method::GET, format!("/images/{id}/results/"), json!({})),
        (
            Method::POST,
            "/images/analyze/".into(),
            json!({"image_id": id}),
        ),
        (
            Method::POST,
            "/images/analyze-stream/".into(),
            json!({"image_id": id}),
        ),
        (
            Method::POST,
            "/images/confirm/".into(),
            json!({"image_id": id}),
        ),
        (
            Method::POST,
            "/images/create-meal/".into(),
            json!({"image_id": id}),
        ),
        (Method::DELETE, format!("/images/{id}/delete/"), json!({})),
    ] {
        let (status, answer) = send_as(&app, method.clone(), &path, &eve.access, &body).await;
        assert_eq!(status, 404, "{method} {path}: {answer}");
    }

    // Deleting removes the record and the file (Bob's photo stays).
    let files = |dir: &std::path::Path| walk(dir).len();
    let uploads = app.data_dir.path().join("uploads");
    assert_eq!(files(&uploads), 2);
    let (status, _) = send_as(
        &app,
        Method::DELETE,
        &format!("/images/{id}/delete/"),
        &ann.access,
        &json!({}),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(files(&uploads), 1);
    let (status, _) = get_as(&app, &format!("/images/{id}/results/"), &ann.access).await;
    assert_eq!(status, 404);

    // Deleting the photo deleted its memory: the same table is new again.
    let (_, third) = upload(
        &app,
        &ann,
        photo("coco_000000000142.jpg").unwrap(),
        "t.jpg",
        None,
    )
    .await;
    let third_id = third["data"]["id"].as_i64().unwrap();
    let events = analysis_events(&app, &ann, third_id).await;
    assert_eq!(events.last().unwrap()["memory"], Value::Null);
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                found.extend(walk(&path));
            } else {
                found.push(path);
            }
        }
    }
    found
}

#[tokio::test]
async fn notes_name_foods_and_the_awaited_analysis_answers_the_results() {
    let Some(bytes) = photo("mrdbourke_pizza-dad_1024.jpg") else {
        return;
    };
    if !models_installed() {
        return;
    }
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let (_, uploaded) = upload(
        &app,
        &ann,
        bytes,
        "dinner.jpg",
        Some("rice, boiled egg, zzzqqq"),
    )
    .await;
    let id = uploaded["data"]["id"].as_i64().unwrap();
    assert_eq!(uploaded["data"]["notes"], "rice, boiled egg, zzzqqq");
    let (status, analysed) = send_as(
        &app,
        Method::POST,
        "/images/analyze/",
        &ann.access,
        &json!({"image_id": id}),
    )
    .await;
    assert_eq!(status, 200, "{analysed}");
    let data = &analysed["data"];
    assert_eq!(data["status"], "completed");
    let names: Vec<&str> = data["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert!(names.iter().any(|n| n.starts_with("Pizza")), "{names:?}");
    assert!(names.iter().any(|n| n.starts_with("Rice")), "{names:?}");
    assert!(names.iter().any(|n| n.starts_with("Egg")), "{names:?}");
    let results = data["results"].as_array().unwrap();
    let pizza = results
        .iter()
        .find(|r| r["name"].as_str().unwrap().starts_with("Pizza"))
        .unwrap();
    // The detector and ImageNet both see pizza: named, not asked about.
    assert_eq!(pizza["recognition"]["needs_confirmation"], false, "{pizza}");
    assert!(pizza["recognition"]["score"].as_f64().unwrap() >= 0.5);
    // Its grams are the catalogue's slices, counted, never more than a plate.
    let grams = pizza["estimated_grams"].as_f64().unwrap();
    assert!((50.0..=1200.0).contains(&grams), "{grams}");
    assert!(
        pizza["portion_description"]
            .as_str()
            .unwrap()
            .contains("slice"),
        "{pizza}"
    );
    // The foods the user named are sure: the user said so.
    let rice = results
        .iter()
        .find(|r| r["name"].as_str().unwrap().starts_with("Rice"))
        .unwrap();
    assert_eq!(rice["recognition"]["source"], "notes");
    assert_eq!(rice["recognition"]["level"], "sure");
    // A meal of the results as they are.
    let (status, meal) = send_as(
        &app,
        Method::POST,
        "/images/create-meal/",
        &ann.access,
        &json!({"image_id": id}),
    )
    .await;
    assert_eq!(status, 201, "{meal}");
    assert_eq!(meal["data"]["foods"].as_array().unwrap().len(), names.len());
}

#[tokio::test]
async fn bad_uploads_are_refused_quickly_with_clear_errors() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let png = |w: u32, h: u32| {
        let mut out = Vec::new();
        image::RgbImage::from_pixel(w, h, image::Rgb([10, 200, 30]))
            .write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png)
            .unwrap();
        out
    };
    let mut truncated = photo("coco_000000000142.jpg").unwrap_or_else(|| png(200, 200));
    truncated.truncate(truncated.len() / 3);
    // A PDF pretending to be a JPEG (by its name and its declared type).
    let pdf = b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n".to_vec();
    // A polyglot: a GIF header (a format we do not take) in front of HTML.
    let polyglot = b"GIF89a/*<html><script>alert(1)</script></html>*/".to_vec();
    let too_big = vec![0xFFu8; 11 * 1024 * 1024];
    let cases: Vec<(Vec<u8>, u16, &str)> = vec![
        (pdf, 415, "UNSUPPORTED_IMAGE"),
        (polyglot, 415, "UNSUPPORTED_IMAGE"),
        (truncated, 422, "INVALID_IMAGE"),
        (Vec::new(), 422, "INVALID_IMAGE"),
        (too_big, 413, "IMAGE_TOO_LARGE"),
    ];
    for (bytes, status, code) in cases {
        let started = std::time::Instant::now();
        let (got, answer) = upload(&app, &ann, bytes, "photo.jpg", None).await;
        assert_eq!(
            (got, answer["error"]["code"].as_str()),
            (status, Some(code)),
            "{answer}"
        );
        assert_eq!(answer["success"], false);
        assert!(started.elapsed() < Duration::from_secs(5));
    }
    let form = multipart::Form::new().text("notes", "no image");
    let (status, answer) = support::json_of(
        app.client
            .post(app.url("/images/upload/"))
            .bearer_auth(&ann.access)
            .multipart(form)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 422, "{answer}");
    // Not multipart at all: the envelope still, not the framework's text.
    let (status, answer) = support::json_of(
        app.client
            .post(app.url("/images/upload/"))
            .bearer_auth(&ann.access)
            .json(&serde_json::json!({"image": "not a file"}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(
        (status, answer["error"]["code"].as_str()),
        (415, Some("MULTIPART_REQUIRED")),
        "{answer}"
    );
    let (status, _) = support::json_of(
        app.client
            .post(app.url("/images/upload/"))
            .multipart(multipart::Form::new().part("image", multipart::Part::bytes(png(4, 4))))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 401);
    let (_, listed) = get_as(&app, "/images/list/", &ann.access).await;
    assert_eq!(listed["data"]["total"], 0, "nothing was kept");
    assert!(walk(&app.data_dir.path().join("uploads")).is_empty());
}

/// A JPEG whose EXIF says "rotate 90° clockwise to show" (orientation 6).
fn sideways_jpeg(width: u32, height: u32) -> Vec<u8> {
    let mut jpeg = Vec::new();
    image::RgbImage::from_pixel(width, height, image::Rgb([250, 220, 40]))
        .write_to(
            &mut std::io::Cursor::new(&mut jpeg),
            image::ImageFormat::Jpeg,
        )
        .unwrap();
    let tiff: &[u8] = &[
        b'M', b'M', 0, 42, 0, 0, 0, 8, // big-endian TIFF header, IFD at 8
        0, 1, // one entry
        0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, // Orientation (SHORT) = 6
        0, 0, 0, 0, // no next IFD
    ];
    let mut app1 = b"Exif\0\0".to_vec();
    app1.extend_from_slice(tiff);
    let mut segment = vec![0xFF, 0xE1];
    segment.extend_from_slice(&((app1.len() + 2) as u16).to_be_bytes());
    segment.extend_from_slice(&app1);
    let mut out = jpeg[..2].to_vec();
    out.extend_from_slice(&segment);
    out.extend_from_slice(&jpeg[2..]);
    out
}

#[tokio::test]
async fn an_upload_is_turned_upright_and_a_bomb_is_refused() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let (status, uploaded) = upload(&app, &ann, sideways_jpeg(40, 20), "sideways.jpg", None).await;
    assert_eq!(status, 201, "{uploaded}");
    assert_eq!(
        (
            uploaded["data"]["width"].as_u64(),
            uploaded["data"]["height"].as_u64()
        ),
        (Some(20), Some(40))
    );
    // The kept file is upright and has no EXIF left.
    let files = walk(&app.data_dir.path().join("uploads"));
    let kept = std::fs::read(&files[0]).unwrap();
    assert!(!kept.windows(4).any(|w| w == b"Exif"));
    assert_eq!(image::load_from_memory(&kept).unwrap().width(), 20);

    // A PNG header claiming 50,000 × 50,000 pixels.
    let bomb = {
        let mut out = Vec::new();
        image::RgbImage::new(1, 1)
            .write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png)
            .unwrap();
        out[16..20].copy_from_slice(&50_000u32.to_be_bytes());
        out[20..24].copy_from_slice(&50_000u32.to_be_bytes());
        out
    };
    let started = std::time::Instant::now();
    let (status, answer) = upload(&app, &ann, bomb, "bomb.png", None).await;
    assert!(status == 422, "{answer}");
    assert!(started.elapsed() < Duration::from_secs(2));
}

#[tokio::test]
async fn without_a_model_recognition_says_so() {
    let Some(app) = spawn_app(Options {
        models_dir: Some(std::env::temp_dir().join("no-models-here")),
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let ann = register(&app, "ann").await;
    let (_, uploaded) = upload(&app, &ann, sideways_jpeg(64, 48), "plate.jpg", None).await;
    let id = uploaded["data"]["id"].as_i64().unwrap();
    for path in ["/images/analyze/", "/images/analyze-stream/"] {
        let (status, answer) = send_as(
            &app,
            Method::POST,
            path,
            &ann.access,
            &json!({"image_id": id}),
        )
        .await;
        assert_eq!(status, 503, "{path}: {answer}");
        assert_eq!(answer["error"]["code"], "RECOGNITION_UNAVAILABLE");
        assert_eq!(
            answer["error"]["message"],
            "recognition model not installed"
        );
    }
    let (_, results) = get_as(&app, &format!("/images/{id}/results/"), &ann.access).await;
    assert_eq!(results["data"]["results"], json!([]), "no made-up result");
}

#[tokio::test]
async fn closing_the_stream_cancels_the_analysis() {
    if !models_installed() {
        return;
    }
    // No workers: the detection job waits in its queue while the client goes away.
    let Some(app) = spawn_app(Options {
        embedded_workers: false,
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let ann = register(&app, "ann").await;
    let (_, uploaded) = upload(&app, &ann, sideways_jpeg(64, 48), "plate.jpg", None).await;
    let id = uploaded["data"]["id"].as_i64().unwrap();
    let response = app
        .client
        .post(app.url("/images/analyze-stream/"))
        .bearer_auth(&ann.access)
        .json(&json!({"image_id": id}))
        .send()
        .await
        .unwrap();
    let mut stream = response.bytes_stream();
    let first = tokio::time::timeout(Duration::from_secs(5), stream.next())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    assert!(
        std::str::from_utf8(&first)
            .unwrap()
            .contains("\"step\":\"start\"")
    );
    drop(stream);
    let mut status = Value::Null;
    for _ in 0..100 {
        let (_, results) = get_as(&app, &format!("/images/{id}/results/"), &ann.access).await;
        status = results["data"]["processing_status"].clone();
        if status == "cancelled" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(status, "cancelled");
}

/// A protobuf field: key, then the value (varint, or length-delimited bytes).
fn field_varint(out: &mut Vec<u8>, number: u32, value: u64) {
    varint(out, u64::from(number << 3));
    varint(out, value);
}

fn field_bytes(out: &mut Vec<u8>, number: u32, bytes: &[u8]) {
    varint(out, u64::from((number << 3) | 2));
    varint(out, bytes.len() as u64);
    out.extend_from_slice(bytes);
}

fn varint(out: &mut Vec<u8>, mut value: u64) {
    loop {
        let byte = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

/// `ValueInfoProto` of a float tensor of a fixed shape.
fn tensor_info(name: &str, dims: &[u64]) -> Vec<u8> {
    let mut shape = Vec::new();
    for d in dims {
        let mut dim = Vec::new();
        field_varint(&mut dim, 1, *d);
        field_bytes(&mut shape, 1, &dim);
    }
    let mut tensor = Vec::new();
    field_varint(&mut tensor, 1, 1); // FLOAT
    field_bytes(&mut tensor, 2, &shape);
    let mut kind = Vec::new();
    field_bytes(&mut kind, 1, &tensor);
    let mut info = Vec::new();
    field_bytes(&mut info, 1, name.as_bytes());
    field_bytes(&mut info, 2, &kind);
    info
}

fn node(inputs: &[&str], output: &str, op: &str) -> Vec<u8> {
    let mut node = Vec::new();
    for input in inputs {
        field_bytes(&mut node, 1, input.as_bytes());
    }
    field_bytes(&mut node, 2, output.as_bytes());
    field_bytes(&mut node, 4, op.as_bytes());
    node
}

/// A tiny real ONNX dish classifier: the mean of each colour channel, times 10, as the
/// logits of "rice" (red), "broccoli" (green) and "blueberries" (blue).
fn tiny_classifier() -> Vec<u8> {
    let mut weights = Vec::new();
    field_varint(&mut weights, 1, 3);
    field_varint(&mut weights, 1, 3);
    field_varint(&mut weights, 2, 1); // FLOAT
    let mut floats = Vec::new();
    for i in 0..9 {
        floats.extend_from_slice(&(if i % 4 == 0 { 10.0f32 } else { 0.0 }).to_le_bytes());
    }
    field_bytes(&mut weights, 4, &floats);
    field_bytes(&mut weights, 8, b"weights");
    let mut graph = Vec::new();
    field_bytes(
        &mut graph,
        1,
        &node(&["images"], "pooled", "GlobalAveragePool"),
    );
    field_bytes(&mut graph, 1, &node(&["pooled"], "flat", "Flatten"));
    field_bytes(
        &mut graph,
        1,
        &node(&["flat", "weights"], "logits", "MatMul"),
    );
    field_bytes(&mut graph, 2, b"dish");
    field_bytes(&mut graph, 5, &weights);
    field_bytes(&mut graph, 11, &tensor_info("images", &[1, 3, 8, 8]));
    field_bytes(&mut graph, 12, &tensor_info("logits", &[1, 3]));
    let mut opset = Vec::new();
    field_varint(&mut opset, 2, 13);
    let mut model = Vec::new();
    field_varint(&mut model, 1, 8); // IR version
    field_bytes(&mut model, 7, &graph);
    field_bytes(&mut model, 8, &opset);
    model
}

/// The project's models plus the tiny dish classifier, in a directory of their own.
fn models_with_a_classifier() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir(support::project_path(".models"))
        .unwrap()
        .flatten()
        .filter(|entry| entry.path().is_file())
    {
        std::fs::copy(entry.path(), dir.path().join(entry.file_name())).unwrap();
    }
    let model = tiny_classifier();
    let sha: String = <sha2::Sha256 as sha2::Digest>::digest(&model)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    std::fs::write(dir.path().join("tiny-dishes.onnx"), &model).unwrap();
    std::fs::write(
        dir.path().join("tiny-dishes.txt"),
        "rice\nbroccoli\nblueberries\n",
    )
    .unwrap();
    let manifest = json!({
        "name": "tiny-dishes", "task": "classification", "file": "tiny-dishes.onnx", "sha256": sha,
        "labels": "tiny-dishes.txt", "labels_sha256": "",
        "input": {"name": "images", "width": 8, "height": 8, "layout": "NCHW", "colour": "RGB",
                  "scale": 0.00392156862745098, "mean": [0.0, 0.0, 0.0], "std": [1.0, 1.0, 1.0],
                  "letterbox": "stretch", "pad": 0},
        "output": {"decoder": "classes", "softmax": true},
        "licence": "test model, made by this test"
    });
    std::fs::write(dir.path().join("tiny-dishes.json"), manifest.to_string()).unwrap();
    dir
}

#[tokio::test]
async fn an_onnx_dish_classifier_names_the_dish() {
    if !models_installed() {
        return;
    }
    let models = models_with_a_classifier();
    let Some(app) = spawn_app(Options {
        models_dir: Some(models.path().to_owned()),
        classifier: Some("tiny-dishes".into()),
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let ann = register(&app, "ann").await;
    // A red picture: the classifier is sure it is rice.
    let mut red = Vec::new();
    image::RgbImage::from_pixel(64, 64, image::Rgb([230, 20, 20]))
        .write_to(
            &mut std::io::Cursor::new(&mut red),
            image::ImageFormat::Jpeg,
        )
        .unwrap();
    let (_, uploaded) = upload(&app, &ann, red, "red.jpg", None).await;
    let id = uploaded["data"]["id"].as_i64().unwrap();
    let (status, analysed) = send_as(
        &app,
        Method::POST,
        "/images/analyze/",
        &ann.access,
        &json!({"image_id": id}),
    )
    .await;
    assert_eq!(status, 200, "{analysed}");
    let stage_1 = &analysed["data"]["stage_1"];
    assert_eq!(stage_1["named_foods"][0]["name"], "rice", "{stage_1}");
    assert_eq!(stage_1["named_foods"][0]["source"], "dish classifier");
    assert!(stage_1["named_foods"][0]["confidence"].as_f64().unwrap() > 0.9);
    let portions = analysed["data"]["stage_2"]["food_portions"]
        .as_array()
        .unwrap();
    assert_eq!(portions[0]["basis"], "dish classifier");
    let rice = &analysed["data"]["results"][0];
    assert!(rice["name"].as_str().unwrap().starts_with("Rice"), "{rice}");
    assert!(rice["food_id"].as_i64().is_some());
}

#[derive(Clone, Default)]
struct VisionReplay {
    asked: std::sync::Arc<std::sync::Mutex<Vec<Value>>>,
}

async fn chat_completions(
    axum::extract::State(replay): axum::extract::State<VisionReplay>,
    headers: axum::http::HeaderMap,
    axum::Json(body): axum::Json<Value>,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    assert_eq!(headers["authorization"], "Bearer test-vision-key");
    replay.asked.lock().unwrap().push(body.clone());
    let text = body["messages"][1]["content"][0]["text"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(text.contains("grams"));
    let answer = json!({"foods": [
        {"name": "fried rice", "grams": 320, "confidence": 0.82},
        {"name": "kung pao chicken", "grams": 180, "confidence": 0.7}
    ]});
    axum::Json(json!({
        "id": "chatcmpl-1", "object": "chat.completion",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": answer.to_string()}, "finish_reason": "stop"}]
    }))
    .into_response()
}

#[tokio::test]
async fn a_vision_endpoint_names_dishes_with_their_weight_and_its_failure_is_not_fatal() {
    if !models_installed() {
        return;
    }
    let replay = VisionReplay::default();
    let router = axum::Router::new()
        .route(
            "/v1/chat/completions",
            axum::routing::post(chat_completions),
        )
        .with_state(replay.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}/v1", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await });
    let Some(app) = spawn_app(Options {
        vision_url: Some(base),
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let ann = register(&app, "ann").await;
    let (_, uploaded) = upload(&app, &ann, sideways_jpeg(64, 48), "dinner.jpg", None).await;
    let id = uploaded["data"]["id"].as_i64().unwrap();
    let (status, analysed) = send_as(
        &app,
        Method::POST,
        "/images/analyze/",
        &ann.access,
        &json!({"image_id": id}),
    )
    .await;
    assert_eq!(status, 200, "{analysed}");
    let asked = replay.asked.lock().unwrap().clone();
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0]["model"], "test-vision-model");
    let image_url = asked[0]["messages"][1]["content"][1]["image_url"]["url"]
        .as_str()
        .unwrap();
    assert!(
        image_url.starts_with("data:image/jpeg;base64,/9j/"),
        "the photo is sent"
    );
    let results = analysed["data"]["results"].as_array().unwrap();
    let names: Vec<&str> = results
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert!(names.iter().any(|n| n.contains("ried rice")), "{names:?}");
    assert!(
        names.iter().any(|n| n.to_lowercase().contains("kung pao")),
        "{names:?}"
    );
    let fried = results
        .iter()
        .find(|r| r["name"].as_str().unwrap().contains("ried rice"))
        .unwrap();
    assert_eq!(fried["estimated_grams"], 320.0, "the weight the model gave");

    // An endpoint that cannot be reached leaves the detector's findings standing.
    let Some(offline) = spawn_app(Options {
        vision_url: Some("http://127.0.0.1:9/v1".into()),
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let bob = register(&offline, "bob").await;
    let Some(bytes) = photo("mrdbourke_pizza-dad_1024.jpg") else {
        return;
    };
    let (_, uploaded) = upload(&offline, &bob, bytes, "pizza.jpg", None).await;
    let id = uploaded["data"]["id"].as_i64().unwrap();
    let (status, analysed) = send_as(
        &offline,
        Method::POST,
        "/images/analyze/",
        &bob.access,
        &json!({"image_id": id}),
    )
    .await;
    assert_eq!(status, 200, "{analysed}");
    assert!(
        analysed["data"]["keywords"]
            .as_array()
            .unwrap()
            .iter()
            .any(|k| k.as_str().unwrap().starts_with("Pizza")),
        "{analysed}"
    );
}
