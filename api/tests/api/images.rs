//! Photo recognition over HTTP with the real YOLOX-Nano detector (make models) on real
//! photos: upload (type from the bytes, bounds, EXIF orientation), the streamed analysis
//! and its steps, results, confirmation, a meal from them, the list, deletion with the
//! file, ownership, the bad uploads, cancellation, and no model at all.
//!
//! Long on purpose: one file per area of the API, as the routes are: every photo case
//! (upload, stream, results, confirmation, cancel, ownership, bad uploads) shares one
//! set-up, and each test stands alone.

use std::time::Duration;

use reqwest::{Method, multipart};
use serde_json::{Value, json};

use crate::support::{
    self, Options, Session, TestApp, food_photo, get_as, recognition_models_installed, register,
    send_as, spawn_app, upload,
};

/// The `data:` events of an analysis stream, until it ends.
/// How many analyses `/metrics` counts as having come out as `name`.
fn outcome(metrics: &str, name: &str) -> f64 {
    support::metric(
        metrics,
        &format!(r#"analysis_outcomes_total{{outcome="{name}"}}"#),
    )
}

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
    let Some(bytes) = food_photo("coco_000000000142.jpg") else {
        return;
    };
    if !recognition_models_installed() {
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
    // A question is not a keyword of the photo: nobody knows yet what it shows; the list
    // says the photo waits for the user's answer.
    assert_eq!(results["keywords"], json!([]));
    let (_, listed) = get_as(&app, "/images/list/?page_size=5", &ann.access).await;
    assert_eq!(listed["data"]["images"][0]["keywords"], json!([]));
    assert_eq!(listed["data"]["images"][0]["awaiting_answer"], true);

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
    // The answer differed from the offer: counted corrected, once, though a meal was
    // then saved from the photo too.
    let metrics = app.metrics().await;
    assert_eq!(
        (
            outcome(&metrics, "corrected"),
            outcome(&metrics, "answered")
        ),
        (1.0, 0.0)
    );
    assert_eq!(meal["data"]["name"], "Photo breakfast");
    assert_eq!(meal["data"]["foods"][0]["quantity"], 150.0);
    let (_, listed) = get_as(&app, "/images/list/?page_size=5", &ann.access).await;
    assert_eq!(listed["data"]["total"], 1);
    assert_eq!(listed["data"]["images"][0]["meal_id"], meal["data"]["id"]);
    assert_eq!(listed["data"]["images"][0]["keywords"], json!(["Banana"]));
    // The confirmation names the food in English only: its Chinese name comes from the
    // alternative the analysis offered under that food id.
    assert!(banana["name_zh"].is_string(), "{banana}");
    assert_eq!(
        listed["data"]["images"][0]["keywords_zh"],
        json!([banana["name_zh"]])
    );
    assert_eq!(listed["data"]["images"][0]["awaiting_answer"], false);

    // The same table again: the visual memory offers the meal the user confirmed.
    let again = food_photo("coco_000000000142.jpg").unwrap();
    let (_, second) = upload(&app, &ann, again.clone(), "again.jpg", None).await;
    let second_id = second["data"]["id"].as_i64().unwrap();
    let events = analysis_events(&app, &ann, second_id).await;
    let memory = &events.last().unwrap()["memory"];
    assert_eq!(memory["image_id"], id, "{memory}");
    assert!(memory["similarity"].as_f64().unwrap() > 0.9);
    assert_eq!(memory["foods"][0]["name"], "Banana");
    assert_eq!(memory["foods"][0]["grams"], 150.0);
    assert!(memory["eaten_at"].is_string());
    // The banana offered under it, as a food or an alternative, weighs what the offer
    // says (issue 46): what was logged of it then, not its usual serving.
    let complete = events.last().unwrap();
    let offered_bananas: Vec<&Value> = complete["foods"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|f| {
            let alternatives = f["alternatives"].as_array().into_iter().flatten();
            std::iter::once(f).chain(alternatives)
        })
        .filter(|f| f["food_id"] == banana_id && f["count_basis"] != "counted")
        .collect();
    assert!(!offered_bananas.is_empty(), "{complete}");
    for offered in offered_bananas {
        assert_eq!(offered["estimated_grams"], 150.0, "{offered}");
        assert_eq!(
            offered["portion_description"], "about 150 g, as last time",
            "{offered}"
        );
    }

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
        food_photo("coco_000000000142.jpg").unwrap(),
        "t.jpg",
        None,
    )
    .await;
    let third_id = third["data"]["id"].as_i64().unwrap();
    let events = analysis_events(&app, &ann, third_id).await;
    assert_eq!(events.last().unwrap()["memory"], Value::Null);
}

/// The same plate photographed again: mirrored, 85 % of it, a little brighter.
fn retaken(jpeg: &[u8]) -> Vec<u8> {
    let pixels = image::load_from_memory(jpeg).unwrap().to_rgb8();
    let (w, h) = pixels.dimensions();
    let mirrored = image::imageops::flip_horizontal(&pixels);
    let again = image::imageops::crop_imm(&mirrored, w * 3 / 40, h / 20, w * 17 / 20, h * 17 / 20)
        .to_image();
    let again = image::imageops::colorops::brighten(&again, 12);
    let mut out = std::io::Cursor::new(Vec::new());
    again.write_to(&mut out, image::ImageFormat::Jpeg).unwrap();
    out.into_inner()
}

/// The ids of a recognised food and its alternatives, in the order offered.
fn offered(food: &Value) -> Vec<i64> {
    std::iter::once(food)
        .chain(food["alternatives"].as_array().into_iter().flatten())
        .filter_map(|f| f["food_id"].as_i64())
        .collect()
}

#[tokio::test]
async fn a_corrected_dish_is_offered_again_to_its_user_only_until_the_photo_is_deleted() {
    let Some(steak) = food_photo("mrdbourke_steak_1024.jpg") else {
        return;
    };
    if !recognition_models_installed() {
        return;
    }
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let (_, first) = upload(&app, &ann, steak.clone(), "dinner.jpg", None).await;
    let first_id = first["data"]["id"].as_i64().unwrap();
    let events = analysis_events(&app, &ann, first_id).await;
    let foods = events.last().unwrap()["foods"].clone();
    // What nobody would guess from the photo: the user says it was their congee.
    let congee = support::food_id(&app, "congee").await;
    assert!(!offered(&foods[0]).contains(&congee), "{foods}");
    let corrections = json!({"foods": [{"food_id": congee, "name": "Congee", "grams": 300}]});
    let (status, _) = send_as(
        &app,
        Method::POST,
        "/images/confirm/",
        &ann.access,
        &json!({"image_id": first_id, "is_confirmed": true, "corrections": corrections}),
    )
    .await;
    assert_eq!(status, 200);

    // The same plate again: the corrected food first, said to come from the user's photos.
    let (_, second) = upload(&app, &ann, retaken(&steak), "again.jpg", None).await;
    let second_id = second["data"]["id"].as_i64().unwrap();
    let events = analysis_events(&app, &ann, second_id).await;
    let main = &events.last().unwrap()["foods"][0];
    assert_eq!(main["food_id"], congee, "{main}");
    assert_eq!(main["recognition"]["source"], "learned", "{main}");
    assert_eq!(main["learned_examples"], 1);
    // The guesses it displaced are still one tap away.
    assert!(
        main["alternatives"].as_array().unwrap().len() >= 3,
        "{main}"
    );

    // Another dish is not taken for it.
    let (_, table) = upload(
        &app,
        &ann,
        food_photo("coco_000000000142.jpg").unwrap(),
        "t.jpg",
        None,
    )
    .await;
    let table_id = table["data"]["id"].as_i64().unwrap();
    let events = analysis_events(&app, &ann, table_id).await;
    let foods = &events.last().unwrap()["foods"];
    assert!(
        foods
            .as_array()
            .unwrap()
            .iter()
            .all(|f| !offered(f).contains(&congee)),
        "{foods}"
    );

    // Never another user's: Bob's same plate learns nothing from Ann.
    let bob = register(&app, "bob").await;
    let (_, bobs) = upload(&app, &bob, retaken(&steak), "b.jpg", None).await;
    let bobs_id = bobs["data"]["id"].as_i64().unwrap();
    let events = analysis_events(&app, &bob, bobs_id).await;
    assert!(!offered(&events.last().unwrap()["foods"][0]).contains(&congee));

    // A food typed in the notes replaces the guess it corrects: one line, not two.
    let (_, hinted) = upload(&app, &bob, steak.clone(), "s.jpg", Some("steak")).await;
    let hinted_id = hinted["data"]["id"].as_i64().unwrap();
    let events = analysis_events(&app, &bob, hinted_id).await;
    let foods = events.last().unwrap()["foods"].as_array().unwrap().clone();
    assert_eq!(foods.len(), 1, "{foods:?}");
    assert_eq!(foods[0]["recognition"]["source"], "notes");
    assert!(
        foods[0]["name"]
            .as_str()
            .unwrap()
            .to_lowercase()
            .contains("steak"),
        "{foods:?}"
    );

    // Deleting the photo deletes what it taught.
    let (status, _) = send_as(
        &app,
        Method::DELETE,
        &format!("/images/{first_id}/delete/"),
        &ann.access,
        &json!({}),
    )
    .await;
    assert_eq!(status, 200);
    let (_, third) = upload(&app, &ann, retaken(&steak), "third.jpg", None).await;
    let third_id = third["data"]["id"].as_i64().unwrap();
    let events = analysis_events(&app, &ann, third_id).await;
    assert!(!offered(&events.last().unwrap()["foods"][0]).contains(&congee));
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
    let Some(bytes) = food_photo("mrdbourke_pizza-dad_1024.jpg") else {
        return;
    };
    if !recognition_models_installed() {
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
    // The pizza fills a quarter of the photo, nearly round: offered whole, the
    // catalogue's 8 slices, never more than a plate; how many were eaten is asked.
    let grams = pizza["estimated_grams"].as_f64().unwrap();
    assert!((50.0..=1200.0).contains(&grams), "{grams}");
    assert_eq!(
        (pizza["count_basis"].as_str(), pizza["count"].as_u64()),
        (Some("whole"), Some(8)),
        "{pizza}"
    );
    assert!(
        pizza["portion_description"]
            .as_str()
            .unwrap()
            .contains("8 slices"),
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
    // Saved without answers: the named foods, not the pizza whose slices were asked.
    let saved: Vec<i64> = meal["data"]["foods"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["food_id"].as_i64().unwrap())
        .collect();
    assert_eq!(saved.len(), names.len() - 1, "{meal}");
    assert!(
        !saved.contains(&pizza["food_id"].as_i64().unwrap()),
        "{meal}"
    );
    // Saving the meal settled the photo, as offered: counted once, and a confirmation
    // after it counts nothing more.
    let settled = |text: &str| ["answered", "corrected"].map(|o| outcome(text, o));
    assert_eq!(settled(&app.metrics().await), [1.0, 0.0]);
    let (status, _) = send_as(
        &app,
        Method::POST,
        "/images/confirm/",
        &ann.access,
        &json!({"image_id": id, "is_confirmed": true}),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(settled(&app.metrics().await), [1.0, 0.0]);
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
    let mut truncated = food_photo("coco_000000000142.jpg").unwrap_or_else(|| png(200, 200));
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

/// The image once its photo is kept normalised (the worker's job), within 20 s.
async fn kept_normalised(app: &TestApp, id: i64) -> models::upload::UploadedImage {
    let started = std::time::Instant::now();
    loop {
        let image = app.state.stores.images.get(id).await.unwrap().unwrap();
        if image.normalised {
            return image;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "not normalised: {image:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
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
    // The size it is kept at, upright, from its header alone.
    assert_eq!(
        (
            uploaded["data"]["width"].as_u64(),
            uploaded["data"]["height"].as_u64()
        ),
        (Some(20), Some(40))
    );
    // The worker's NormalisePhoto job keeps it upright and without EXIF, though nothing
    // asked for its analysis.
    let id = uploaded["data"]["id"].as_i64().unwrap();
    let image = kept_normalised(&app, id).await;
    assert_eq!(
        (image.width, image.height, image.content_type.as_str()),
        (20, 40, "image/jpeg")
    );
    let files = walk(&app.data_dir.path().join("uploads"));
    let kept = std::fs::read(&files[0]).unwrap();
    assert_eq!(image.byte_size, kept.len() as u64);
    assert!(!kept.windows(4).any(|w| w == b"Exif"));
    let back = image::load_from_memory(&kept).unwrap();
    assert_eq!((back.width(), back.height()), (20, 40));

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

/// The events of `GET /images/{id}/events/`, after `last` when given, until the stream
/// ends or `max` arrived; none on a 204.
async fn replayed(
    app: &TestApp,
    who: &Session,
    id: i64,
    last: Option<i64>,
    max: usize,
) -> (u16, Vec<support::SseEvent>) {
    let mut request = app
        .client
        .get(app.url(&format!("/images/{id}/events/")))
        .bearer_auth(&who.access);
    if let Some(last) = last {
        request = request.header("last-event-id", last.to_string());
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    if status != 200 {
        return (status, Vec::new());
    }
    let events = support::events_of(response, max, Duration::from_secs(60)).await;
    (status, events)
}

#[tokio::test]
async fn closing_the_stream_changes_nothing_and_only_cancel_stops_the_analysis() {
    if !recognition_models_installed() {
        return;
    }
    // No workers: the detection job waits in its queue while clients come and go, and an
    // awaited call gives up after production's 2 s.
    let Some(app) = spawn_app(Options {
        embedded_workers: false,
        answer_within: Duration::from_secs(2),
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let ann = register(&app, "ann").await;
    let (_, uploaded) = upload(&app, &ann, sideways_jpeg(64, 48), "plate.jpg", None).await;
    let id = uploaded["data"]["id"].as_i64().unwrap();
    // Never analysed: nothing to follow yet.
    let (status, _) = replayed(&app, &ann, id, None, 1).await;
    assert_eq!(status, 404);
    let (_, refused) = get_as(&app, &format!("/images/{id}/events/"), &ann.access).await;
    assert_eq!(refused["error"]["code"], "ANALYSIS_NOT_STARTED");

    let response = app
        .client
        .post(app.url("/images/analyze-stream/"))
        .bearer_auth(&ann.access)
        .json(&json!({"image_id": id}))
        .send()
        .await
        .unwrap();
    let first = support::events_of(response, 1, Duration::from_secs(5)).await;
    assert_eq!(first[0].data["step"], "start");
    assert_eq!(first[0].data["image_id"], id);
    let start_id = first[0].id.unwrap();
    // The listener has gone; the analysis has not.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (_, results) = get_as(&app, &format!("/images/{id}/results/"), &ann.access).await;
    assert_eq!(results["data"]["processing_status"], "processing");
    let (_, listed) = get_as(&app, "/images/list/", &ann.access).await;
    assert_eq!(
        listed["data"]["images"][0]["processing_status"],
        "processing"
    );

    // Asking again attaches to the running analysis: the same first event, no new job.
    let again = app
        .client
        .post(app.url("/images/analyze-stream/"))
        .bearer_auth(&ann.access)
        .json(&json!({"image_id": id}))
        .send()
        .await
        .unwrap();
    let attached = support::events_of(again, 1, Duration::from_secs(5)).await;
    assert_eq!(attached[0].id, Some(start_id));
    let (status, awaited) = send_as(
        &app,
        Method::POST,
        "/images/analyze/",
        &ann.access,
        &json!({"image_id": id}),
    )
    .await;
    assert_eq!(status, 202, "{awaited}");
    assert_eq!(awaited["data"]["status"], "processing");
    assert_eq!(
        awaited["data"]["events"],
        format!("/api/v1/images/{id}/events/")
    );
    let queued = app.state.jobs.store().unfinished_by_queue().await.unwrap();
    let detections: i64 = queued
        .iter()
        .filter(|q| q.queue == "detect-foods")
        .map(|q| q.count)
        .sum();
    assert_eq!(detections, 1, "{queued:?}");

    // Another user can neither follow nor cancel it.
    let eve = register(&app, "eve").await;
    assert_eq!(replayed(&app, &eve, id, None, 1).await.0, 404);
    let cancel = format!("/images/{id}/cancel/");
    let (status, _) = send_as(&app, Method::POST, &cancel, &eve.access, &json!({})).await;
    assert_eq!(status, 404);

    // A listener follows it; the spec's Cancel ends it for everyone.
    let follower = {
        let app_client = app.client.clone();
        let url = app.url(&format!("/images/{id}/events/"));
        let token = ann.access.clone();
        tokio::spawn(async move {
            let response = app_client.get(url).bearer_auth(token).send().await.unwrap();
            support::events_of(response, usize::MAX, Duration::from_secs(30)).await
        })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (status, cancelled) = send_as(&app, Method::POST, &cancel, &ann.access, &json!({})).await;
    assert_eq!(status, 200, "{cancelled}");
    assert_eq!(cancelled["data"]["cancelled"], true);
    let followed = follower.await.unwrap();
    let last = followed.last().unwrap();
    assert_eq!(followed[0].data["step"], "start");
    assert_eq!(last.data["step"], "error", "{followed:?}");
    assert_eq!(last.data["progress"], 100);
    assert_eq!(last.data["error"]["code"], "CANCELLED");
    assert_eq!(last.data["error"]["message"], "Analysis cancelled by user");
    let (_, results) = get_as(&app, &format!("/images/{id}/results/"), &ann.access).await;
    assert_eq!(results["data"]["processing_status"], "cancelled");
    // Nothing left to cancel; the job never runs.
    let (_, again) = send_as(&app, Method::POST, &cancel, &ann.access, &json!({})).await;
    assert_eq!(again["data"]["cancelled"], false);
    let unfinished = app.state.jobs.store().unfinished_by_queue().await.unwrap();
    assert!(
        unfinished.iter().all(|q| q.queue != "detect-foods"),
        "{unfinished:?}"
    );
    // A client that has the final event is told so.
    let (status, _) = replayed(&app, &ann, id, last.id, 1).await;
    assert_eq!(status, 204);
}

/// An app with the models, Ann, and a photo of a plate she uploaded as `file` (its id);
/// `None` where the photo or the models are not installed.
async fn a_plate_uploaded(file: &str) -> Option<(TestApp, Session, i64)> {
    let bytes = food_photo("coco_000000000142.jpg")?;
    if !recognition_models_installed() {
        return None;
    }
    let app = spawn_app(Options::default()).await?;
    let ann = register(&app, "ann").await;
    let (_, uploaded) = upload(&app, &ann, bytes, file, None).await;
    let id = uploaded["data"]["id"].as_i64().unwrap();
    Some((app, ann, id))
}

/// Issue 47: a client that goes away the moment its analysis is recorded, before the job
/// is on its queue (held there by the test hook), still gets its analysis: the job runs
/// at once, and nothing waits for the sweep of lost jobs (two minutes later).
#[tokio::test]
async fn a_request_dropped_between_recording_and_queueing_still_runs_its_analysis() {
    let Some((app, ann, id)) = a_plate_uploaded("plate.jpg").await else {
        return;
    };

    let hold = app.state.jobs.hold_enqueues();
    let request = {
        let request = app
            .client
            .post(app.url("/images/analyze-stream/"))
            .bearer_auth(&ann.access)
            .json(&json!({"image_id": id}));
        tokio::spawn(async move { request.send().await })
    };
    tokio::time::timeout(Duration::from_secs(20), hold.reached())
        .await
        .expect("the analysis is recorded and waits to be queued");
    // The tab closes: the connection goes, and the server drops the request.
    request.abort();
    let _ = request.await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    hold.release();

    let mut status = Value::Null;
    for _ in 0..150 {
        let (_, results) = get_as(&app, &format!("/images/{id}/results/"), &ann.access).await;
        status = results["data"]["processing_status"].clone();
        if status == "completed" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!(status, "completed", "the analysis ran without its client");
    let unfinished = app.state.jobs.store().unfinished_by_queue().await.unwrap();
    assert!(
        unfinished.is_empty(),
        "nothing left waiting: {unfinished:?}"
    );
}

#[tokio::test]
async fn a_listener_that_leaves_and_comes_back_gets_every_step() {
    let Some((app, ann, id)) = a_plate_uploaded("table.jpg").await else {
        return;
    };
    let response = app
        .client
        .post(app.url("/images/analyze-stream/"))
        .bearer_auth(&ann.access)
        .json(&json!({"image_id": id}))
        .send()
        .await
        .unwrap();
    // Gone after the first event (a phone switching apps).
    let first = support::events_of(response, 1, Duration::from_secs(10)).await;
    let first_id = first[0].id.unwrap();
    // Back, with the last event it had: every later step, once each, to the end.
    let (status, rest) = replayed(&app, &ann, id, Some(first_id), usize::MAX).await;
    assert_eq!(status, 200);
    let ids: Vec<i64> = rest.iter().map(|e| e.id.unwrap()).collect();
    assert_eq!(
        ids,
        (first_id + 1..first_id + 1 + ids.len() as i64).collect::<Vec<_>>()
    );
    let steps: Vec<&str> = rest
        .iter()
        .map(|e| e.data["step"].as_str().unwrap())
        .collect();
    assert_eq!(steps.first(), Some(&"food_detection"), "{steps:?}");
    assert_eq!(steps.last(), Some(&"complete"), "{steps:?}");
    assert!(steps.contains(&"food_detection_complete"), "{steps:?}");
    let complete = &rest.last().unwrap().data;
    // A listener that comes back long after sees exactly what a live one saw.
    let (_, all) = replayed(&app, &ann, id, None, usize::MAX).await;
    assert_eq!(all.len(), rest.len() + 1);
    assert_eq!(&all.last().unwrap().data, complete);
    let (_, results) = get_as(&app, &format!("/images/{id}/results/"), &ann.access).await;
    assert_eq!(results["data"]["processing_status"], "completed");
    assert_eq!(results["data"]["results"], complete["foods"]);
    // Asking with the final event resumes, never starts again: there is nothing more.
    let resumed = app
        .client
        .post(app.url("/images/analyze-stream/"))
        .bearer_auth(&ann.access)
        .header(
            "last-event-id",
            rest.last().unwrap().id.unwrap().to_string(),
        )
        .json(&json!({"image_id": id}))
        .send()
        .await
        .unwrap();
    assert_eq!(resumed.status(), 204);
    let (_, unchanged) = replayed(&app, &ann, id, None, usize::MAX).await;
    assert_eq!(unchanged.len(), all.len());
    // Analysed again: a new analysis, whose events number on.
    let again = analysis_events(&app, &ann, id).await;
    assert_eq!(again.first().unwrap()["step"], "start");
    let (_, renumbered) = replayed(&app, &ann, id, None, usize::MAX).await;
    assert!(renumbered[0].id.unwrap() > all.last().unwrap().id.unwrap());
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
    if !recognition_models_installed() {
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
    if !recognition_models_installed() {
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
    let Some(bytes) = food_photo("mrdbourke_pizza-dad_1024.jpg") else {
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

// Issue 18: what photos may cost (memory, disk, rate), and what is left of them.

/// A uniform 16-bit RGBA PNG written a row at a time: a few hundred KB, however large.
fn deep_png(width: u32, height: u32) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Sixteen);
    let mut writer = encoder.write_header().unwrap();
    let mut rows = writer.stream_writer().unwrap();
    let row = [0x12u8, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xff, 0xff].repeat(width as usize);
    for _ in 0..height {
        std::io::Write::write_all(&mut rows, &row).unwrap();
    }
    rows.finish().unwrap();
    writer.finish().unwrap();
    out
}

/// A small photo of a plate.
fn small_png() -> Vec<u8> {
    let mut out = Vec::new();
    image::RgbImage::from_fn(64, 48, |x, y| image::Rgb([x as u8 * 4, y as u8 * 5, 90]))
        .write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png)
        .unwrap();
    out
}

/// A field of noise, which no JPEG compresses much (about 2 bytes a pixel kept).
fn noisy_png(side: u32) -> Vec<u8> {
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let picture = image::RgbImage::from_fn(side, side, |_, _| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let [r, g, b, ..] = seed.to_le_bytes();
        image::Rgb([r, g, b])
    });
    let mut out = Vec::new();
    picture
        .write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png)
        .unwrap();
    out
}

/// A field of this process's `/proc/self/status`, in bytes (the test server runs in it).
fn process_memory(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kb: u64 = status
        .lines()
        .find_map(|line| line.strip_prefix(field))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kb * 1024)
}

async fn upload_response(app: &TestApp, who: &Session, bytes: Vec<u8>) -> reqwest::Response {
    let form = multipart::Form::new().part(
        "image",
        multipart::Part::bytes(bytes).file_name("photo.png"),
    );
    app.client
        .post(app.url("/images/upload/"))
        .bearer_auth(&who.access)
        .multipart(form)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn a_picture_too_big_to_decode_is_refused_from_its_header_with_memory_to_spare() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    // The issue's picture: 7071 × 7071 of 16-bit RGBA is under 50 megapixels and 600 KB,
    // but 400 MB decoded. Eight at once took 5.5 GB.
    let worst = deep_png(7071, 7071);
    assert!(worst.len() < 1_000_000, "{}", worst.len());
    let resident = process_memory("VmRSS:").unwrap_or_default();
    // Resets this process's peak (VmHWM) to what it holds now.
    let peak_reset = std::fs::write("/proc/self/clear_refs", "5").is_ok();
    let started = std::time::Instant::now();
    let answers = futures::future::join_all(
        (0..8).map(|_| upload(&app, &ann, worst.clone(), "deep.png", None)),
    )
    .await;
    for (status, answer) in answers {
        assert_eq!(
            (status, answer["error"]["code"].as_str()),
            (422, Some("IMAGE_TOO_LARGE")),
            "{answer}"
        );
        let message = answer["error"]["message"].as_str().unwrap();
        assert!(message.contains("7071 × 7071"), "{message}");
    }
    assert!(started.elapsed() < Duration::from_secs(10));
    match process_memory("VmHWM:") {
        Some(peak) if peak_reset => {
            let grew = peak.saturating_sub(resident);
            assert!(grew < 300 * 1024 * 1024, "grew by {} MB", grew >> 20);
        }
        _ => eprintln!("SKIPPED: the memory check (no /proc/self peak to reset)"),
    }
    // Still serving, and nothing was kept of them.
    let (status, answer) = upload(&app, &ann, small_png(), "plate.png", None).await;
    assert_eq!(status, 201, "{answer}");
    assert_eq!(walk(&app.data_dir.path().join("uploads")).len(), 1);
}

/// A PNG whose header reads but whose picture stops half-way: kept as sent (only its header
/// is read at upload), and then refused in the words of a damaged file by the worker that
/// decodes it, whether its analysis or its NormalisePhoto job gets there first.
#[tokio::test]
async fn a_picture_that_does_not_decode_is_refused_by_the_worker_that_reads_it() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let mut damaged = noisy_png(300);
    damaged.truncate(damaged.len() / 2);
    let (status, uploaded) = upload(&app, &ann, damaged, "plate.png", None).await;
    assert_eq!(status, 201, "{uploaded}");
    let id = uploaded["data"]["id"].as_i64().unwrap();
    // Read for its barcodes: the job fails for good, as a damaged file.
    let (status, answer) = send_as(
        &app,
        Method::POST,
        "/images/detect-barcodes/",
        &ann.access,
        &json!({"image_id": id}),
    )
    .await;
    assert_eq!(status, 422, "{answer}");
    assert_eq!(answer["error"]["code"], "INVALID_IMAGE", "{answer}");
    assert!(
        answer["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("The image could not be read"),
        "{answer}"
    );
    let image = app.state.stores.images.get(id).await.unwrap().unwrap();
    assert!(!image.normalised);
    if recognition_models_installed() {
        let events = analysis_events(&app, &ann, id).await;
        let last = events.last().unwrap();
        assert_eq!(last["step"], "error", "{events:?}");
        assert_eq!(last["error"]["code"], "INVALID_IMAGE", "{last}");
    }
}

#[tokio::test]
async fn an_account_sends_photos_at_a_bounded_rate() {
    let Some(app) = spawn_app(Options {
        rate_limits: api::RateLimits {
            upload_per_account: api::Limit::per(3, Duration::from_secs(600)),
            ..support::generous_limits()
        },
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let ann = register(&app, "ann").await;
    for _ in 0..3 {
        let (status, answer) = upload(&app, &ann, small_png(), "plate.png", None).await;
        assert_eq!(status, 201, "{answer}");
    }
    let response = upload_response(&app, &ann, small_png()).await;
    assert_eq!(response.status(), 429);
    let retry_after: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=600).contains(&retry_after), "{retry_after}");
    let (_, answer) = support::json_of(response).await;
    assert_eq!(answer["error"]["code"], "RATE_LIMITED", "{answer}");
    assert!(
        answer["error"]["message"]
            .as_str()
            .unwrap()
            .contains("at most 3 every 10 minutes"),
        "{answer}"
    );
    // A label to read is a photo too.
    let form = multipart::Form::new().part("image", multipart::Part::bytes(small_png()));
    let (status, answer) = support::json_of(
        app.client
            .post(app.url("/labels/read/"))
            .bearer_auth(&ann.access)
            .multipart(form)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(
        (status, answer["error"]["code"].as_str()),
        (429, Some("RATE_LIMITED"))
    );
    // Another account has its own count.
    let bob = register(&app, "bob").await;
    let (status, _) = upload(&app, &bob, small_png(), "plate.png", None).await;
    assert_eq!(status, 201);
}

#[tokio::test]
async fn an_account_keeps_photos_up_to_its_quota() {
    let quota = 1_000_000;
    let Some(app) = spawn_app(Options {
        uploads: api::UploadLimits {
            quota_bytes: quota,
            ..api::UploadLimits::default()
        },
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let ann = register(&app, "ann").await;
    // About 945 KB sent (noise does not compress), about 630 KB once kept as a JPEG.
    let noise = noisy_png(560);
    let (status, first) = upload(&app, &ann, noise.clone(), "noise.png", None).await;
    assert_eq!(status, 201, "{first}");
    let uploads = app.data_dir.path().join("uploads");
    let kept = std::fs::metadata(&walk(&uploads)[0]).unwrap().len();
    assert!((500_000..quota).contains(&kept), "{kept}");
    // A second would take the account over its quota: refused, and nothing kept of it.
    let (status, refused) = upload(&app, &ann, noise.clone(), "noise.png", None).await;
    assert_eq!(
        (status, refused["error"]["code"].as_str()),
        (413, Some("UPLOAD_QUOTA_EXCEEDED")),
        "{refused}"
    );
    let message = refused["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("of the 1 MB") && message.contains("delete"),
        "{message}"
    );
    assert_eq!(walk(&uploads).len(), 1);
    let (_, listed) = get_as(&app, "/images/list/", &ann.access).await;
    assert_eq!(listed["data"]["total"], 1);
    // Another account has its own quota; deleting a photo makes room.
    let bob = register(&app, "bob").await;
    assert_eq!(upload(&app, &bob, small_png(), "p.png", None).await.0, 201);
    let id = first["data"]["id"].as_i64().unwrap();
    let path = format!("/images/{id}/delete/");
    assert_eq!(
        send_as(&app, Method::DELETE, &path, &ann.access, &json!({}))
            .await
            .0,
        200
    );
    assert_eq!(upload(&app, &ann, noise, "noise.png", None).await.0, 201);
}

#[tokio::test]
async fn deleting_an_account_deletes_its_photos() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let bob = register(&app, "bob").await;
    let ann_id = ann.user["id"].as_i64().unwrap().to_string();
    for _ in 0..3 {
        assert_eq!(upload(&app, &ann, small_png(), "p.png", None).await.0, 201);
    }
    assert_eq!(upload(&app, &bob, small_png(), "p.png", None).await.0, 201);
    // A label photo whose reading was cut short.
    let labels = app.data_dir.path().join("labels").join(&ann_id);
    std::fs::create_dir_all(&labels).unwrap();
    std::fs::write(labels.join("left.jpg"), small_png()).unwrap();
    let of_ann = |app: &TestApp| -> Vec<String> {
        walk(app.data_dir.path())
            .into_iter()
            .chain(dirs(app.data_dir.path()))
            .map(|p| {
                p.strip_prefix(app.data_dir.path())
                    .unwrap()
                    .display()
                    .to_string()
            })
            .filter(|p| p.split('/').any(|part| part == ann_id))
            .collect()
    };
    assert_eq!(of_ann(&app).len(), 6, "{:?}", of_ann(&app));

    let (status, answer) = send_as(
        &app,
        Method::DELETE,
        "/users/account/",
        &ann.access,
        &json!({"password": support::PASSWORD}),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    // Nothing of Ann's is left in the data directory; Bob's photo is.
    assert_eq!(of_ann(&app), Vec::<String>::new());
    let bobs = walk(&app.data_dir.path().join("uploads"));
    assert_eq!(bobs.len(), 1);
    assert!(
        bobs[0].starts_with(
            app.data_dir
                .path()
                .join("uploads")
                .join(bob.user["id"].as_i64().unwrap().to_string())
        )
    );
}

/// Every folder under `dir`.
fn dirs(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        if entry.path().is_dir() {
            found.push(entry.path());
            found.extend(dirs(&entry.path()));
        }
    }
    found
}

#[tokio::test]
async fn photos_never_confirmed_are_pruned_after_30_days() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let mut ids = Vec::new();
    for _ in 0..3 {
        let (status, answer) = upload(&app, &ann, small_png(), "p.png", None).await;
        assert_eq!(status, 201, "{answer}");
        ids.push(answer["data"]["id"].as_i64().unwrap());
    }
    let (left_alone, confirmed, eaten) = (ids[0], ids[1], ids[2]);
    let (status, answer) = send_as(
        &app,
        Method::POST,
        "/images/confirm/",
        &ann.access,
        &json!({"image_id": confirmed, "is_confirmed": true}),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    let (_, found) = app.get("/foods/search/?query=banana").await;
    let banana = found["data"]["foods"][0]["id"].as_i64().unwrap();
    let (status, answer) = send_as(
        &app,
        Method::POST,
        "/images/create-meal/",
        &ann.access,
        &json!({"image_id": eaten, "meal_type": "lunch",
                "foods": [{"food_id": banana, "quantity": 120}]}),
    )
    .await;
    assert_eq!(status, 201, "{answer}");

    let kept_for = app.state.config.worker.unconfirmed_uploads_kept_for;
    let kept_for = chrono::TimeDelta::from_std(kept_for).unwrap();
    let data_dir = app.data_dir.path();
    let prune_at = |now: chrono::DateTime<chrono::Utc>| {
        platform::uploads::prune_unconfirmed(&app.state.stores, &app.state.blobs, now - kept_for)
    };
    // Today nothing is old enough.
    assert_eq!(prune_at(chrono::Utc::now()).await.unwrap(), 0);
    assert_eq!(walk(&data_dir.join("uploads")).len(), 3);
    // Thirty days on, the photo left alone goes, record and file; the confirmed one and
    // the one in a meal stay.
    let later = chrono::Utc::now() + kept_for + chrono::TimeDelta::minutes(1);
    assert_eq!(prune_at(later).await.unwrap(), 1);
    let results = |id: i64| format!("/images/{id}/results/");
    assert_eq!(get_as(&app, &results(left_alone), &ann.access).await.0, 404);
    assert_eq!(get_as(&app, &results(confirmed), &ann.access).await.0, 200);
    assert_eq!(get_as(&app, &results(eaten), &ann.access).await.0, 200);
    assert_eq!(walk(&data_dir.join("uploads")).len(), 2);
}

#[tokio::test]
async fn metrics_show_each_models_sessions_its_batches_and_its_run_times() {
    let Some(bytes) = food_photo("coco_000000000142.jpg") else {
        return;
    };
    if !recognition_models_installed() {
        return;
    }
    // A GPU worker's way, on the CPU: four slots, one session of each model, batches.
    let Some(app) = spawn_app(Options {
        concurrency: 4,
        shared_sessions: true,
        recognition_batch: 8,
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let ann = register(&app, "ann").await;
    let mut ids = Vec::new();
    for n in 0..4 {
        let (_, uploaded) = upload(&app, &ann, bytes.clone(), &format!("{n}.jpg"), None).await;
        ids.push(uploaded["data"]["id"].as_i64().unwrap());
    }
    let analyses = ids.iter().map(|id| analysis_events(&app, &ann, *id));
    for events in futures::future::join_all(analyses).await {
        assert_eq!(events.last().unwrap()["step"], "complete");
    }
    let text = app.metrics().await;
    let value = |line: &str| -> f64 {
        let found = text
            .lines()
            .find(|l| l.starts_with(line))
            .unwrap_or_else(|| panic!("{line} in {text}"));
        found.rsplit(' ').next().unwrap().parse().unwrap()
    };
    // One session of each model, on the CPU here.
    let detector_sessions = r#"recognition_sessions{model="yolox_nano_coco_batch",provider="cpu"}"#;
    assert_eq!(value(detector_sessions), 1.0);
    let gate_sessions = r#"recognition_sessions{model="efficientnet_lite0",provider="cpu"}"#;
    assert_eq!(value(gate_sessions), 1.0);
    // Every photo went through each model's batches, and how long it waited is counted.
    for model in ["yolox-nano-batch", "efficientnet-lite0"] {
        let photos = value(&format!(r#"recognition_batch_size_sum{{model="{model}"}}"#));
        assert!(photos >= 4.0, "{model}: {photos}");
        let waits = value(&format!(
            r#"recognition_batch_wait_seconds_count{{model="{model}"}}"#
        ));
        assert_eq!(waits, photos, "{model}");
        assert!(text.contains(&format!(
            r#"recognition_batch_size_bucket{{model="{model}",le="8"}}"#
        )));
        // Each run of the model, a batch or one photo, is timed.
        let runs = value(&format!(
            r#"recognition_inference_seconds_count{{model="{model}"}}"#
        ));
        let batches = value(&format!(
            r#"recognition_batch_size_count{{model="{model}"}}"#
        ));
        assert!(
            runs >= batches && runs > 0.0,
            "{model}: {runs} runs, {batches} batches"
        );
        assert!(text.contains(&format!(
            r#"recognition_inference_seconds_bucket{{model="{model}",le="5"}}"#
        )));
    }
    // Every analysis that ended is counted by how it came out: named sure, or asked.
    assert_eq!(
        outcome(&text, "sure") + outcome(&text, "asked"),
        ids.len() as f64,
        "{text}"
    );
}

#[tokio::test]
async fn analyses_and_barcode_readings_count_against_the_account_s_photo_work() {
    if !recognition_models_installed() {
        return;
    }
    // No workers: what is queued stays queued, as behind a long queue.
    let Some(app) = spawn_app(Options {
        embedded_workers: false,
        answer_within: Duration::ZERO,
        rate_limits: api::RateLimits {
            upload_per_account: api::Limit::per(3, Duration::from_secs(600)),
            ..support::generous_limits()
        },
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let ann = register(&app, "ann").await;
    let post = |path: &'static str, image: i64| {
        let token = ann.access.clone();
        let app = &app;
        async move { send_as(app, Method::POST, path, &token, &json!({"image_id": image})).await }
    };
    // An upload, its analysis and a barcode reading: three pieces of work.
    let (status, uploaded) = upload(&app, &ann, small_png(), "plate.png", None).await;
    assert_eq!(status, 201, "{uploaded}");
    let image = uploaded["data"]["id"].as_i64().unwrap();
    assert_eq!(post("/images/analyze/", image).await.0, 202);
    assert_eq!(post("/images/detect-barcodes/", image).await.0, 202);
    // Following the analysis already under way costs nothing...
    assert_eq!(post("/images/analyze/", image).await.0, 202);
    // ...while another reading is past the budget.
    let (status, refused) = post("/images/detect-barcodes/", image).await;
    assert_eq!(
        (status, refused["error"]["code"].as_str()),
        (429, Some("RATE_LIMITED"))
    );
}

#[tokio::test]
async fn one_account_s_burst_of_analyses_is_refused_past_its_share_of_the_workers() {
    if !recognition_models_installed() {
        return;
    }
    let Some(app) = spawn_app(Options {
        embedded_workers: false,
        answer_within: Duration::ZERO,
        ..Options::default()
    })
    .await
    else {
        return;
    };
    async fn analyse(app: &TestApp, who: &Session) -> (u16, Value) {
        let (status, uploaded) = upload(app, who, small_png(), "plate.png", None).await;
        assert_eq!(status, 201, "{uploaded}");
        let image = uploaded["data"]["id"].as_i64().unwrap();
        let body = json!({"image_id": image});
        send_as(app, Method::POST, "/images/analyze/", &who.access, &body).await
    }
    let ann = register(&app, "ann").await;
    // Four photos queued: the account's share.
    for _ in 0..4 {
        let (status, answer) = analyse(&app, &ann).await;
        assert_eq!(status, 202, "{answer}");
    }
    // A fifth waits for one of them to end instead of going on the queue.
    let (status, refused) = analyse(&app, &ann).await;
    assert_eq!(
        (status, refused["error"]["code"].as_str()),
        (429, Some("RATE_LIMITED"))
    );
    assert!(
        refused["error"]["message"]
            .as_str()
            .unwrap()
            .contains("4 of your photos are still being read"),
        "{refused}"
    );
    // Nothing of it is left queued, and another account is not held back.
    let unfinished = app
        .state
        .jobs
        .store()
        .unfinished_of_owner(ann.user["id"].as_i64().unwrap())
        .await
        .unwrap();
    // (Its verification mail waits too, outside the photo work.)
    assert!(
        unfinished.contains(&("detect-foods".to_owned(), 4)),
        "{unfinished:?}"
    );
    let bob = register(&app, "bob").await;
    assert_eq!(analyse(&app, &bob).await.0, 202);
}
