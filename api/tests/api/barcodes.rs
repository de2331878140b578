//! Barcodes over HTTP: reading real barcode photos (../shared/data/images/barcodes),
//! and the food a barcode names, from the foods kept here, then Open Food Facts, then
//! USDA branded foods, against a local server answering as those services do (found,
//! not found, an implausible product, 429, 500, too slow). One food per barcode, also
//! when two requests race.
//!
//! Long on purpose: one file per area of the API: scans, typed codes, lookups and the
//! race of two clients share the recorded Open Food Facts answers.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use axum::{
    Router,
    extract::{Path, Query, State},
    http::StatusCode,
    response::{IntoResponse, Response},
    routing::get,
};
use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{self, Options, Session, TestApp, register, send_as, spawn_app, upload};

const OFF_FOUND: &str = include_str!("fixtures/openfoodfacts/product-found.json");
const OFF_IMPLAUSIBLE: &str = include_str!("fixtures/openfoodfacts/product-implausible.json");
const OFF_NOT_FOUND: &str = include_str!("fixtures/openfoodfacts/product-not-found.json");
const USDA_BRANDED: &str = include_str!("fixtures/usda/search-branded-upc.json");

/// Honey roasted peanuts: the UPC-A printed on `upca-1_3.png`.
const PEANUTS: &str = "0070097025088";
/// A diet cola USDA knows and Open Food Facts does not (the UPC-E of `upce-2_33.png`).
const COLA: &str = "0012000006494";
const IMPLAUSIBLE: &str = "0012345000065";
const RATE_LIMITED: &str = "0051000000675";
const BROKEN: &str = "0752050200137";
const SLOW: &str = "0854818000116";

#[derive(Clone, Default)]
struct Replay {
    off_calls: Arc<AtomicUsize>,
    usda_calls: Arc<AtomicUsize>,
}

fn answer(status: StatusCode, body: &'static str) -> Response {
    (status, [("content-type", "application/json")], body).into_response()
}

async fn off_product(
    State(replay): State<Replay>,
    Path(file): Path<String>,
    headers: axum::http::HeaderMap,
) -> Response {
    replay.off_calls.fetch_add(1, Ordering::SeqCst);
    let agent = headers["user-agent"].to_str().unwrap_or_default();
    assert!(
        agent.starts_with("CalorieTracker"),
        "Open Food Facts asks for a user agent naming the app: {agent}"
    );
    match file.trim_end_matches(".json") {
        PEANUTS => answer(StatusCode::OK, OFF_FOUND),
        IMPLAUSIBLE => answer(StatusCode::OK, OFF_IMPLAUSIBLE),
        RATE_LIMITED => (
            StatusCode::TOO_MANY_REQUESTS,
            [("retry-after", "30")],
            "Too Many Requests",
        )
            .into_response(),
        BROKEN => answer(StatusCode::INTERNAL_SERVER_ERROR, "{}"),
        SLOW => {
            tokio::time::sleep(Duration::from_secs(3)).await;
            answer(StatusCode::OK, OFF_FOUND)
        }
        _ => answer(StatusCode::NOT_FOUND, OFF_NOT_FOUND),
    }
}

async fn usda_search(
    State(replay): State<Replay>,
    Query(params): Query<Vec<(String, String)>>,
) -> Response {
    replay.usda_calls.fetch_add(1, Ordering::SeqCst);
    let query = params
        .iter()
        .find(|(k, _)| k == "query")
        .map(|(_, v)| v.as_str());
    match query {
        Some("012000006494") => answer(StatusCode::OK, USDA_BRANDED),
        _ => answer(StatusCode::OK, r#"{"foods":[]}"#),
    }
}

async fn replay_server(replay: Replay) -> String {
    let router = Router::new()
        .route("/api/v2/product/{file}", get(off_product))
        .route("/fdc/v1/foods/search", get(usda_search))
        .with_state(replay);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await });
    format!("http://{addr}")
}

async fn app_with_replay(replay: &Replay) -> Option<TestApp> {
    app_with_replay_and(replay, Options::default()).await
}

async fn app_with_replay_and(replay: &Replay, options: Options) -> Option<TestApp> {
    let base = replay_server(replay.clone()).await;
    spawn_app(Options {
        off_base_url: Some(base.clone()),
        usda_base_url: Some(format!("{base}/fdc/v1")),
        ..options
    })
    .await
}

fn barcode_photo(name: &str) -> Option<Vec<u8>> {
    let path = models::testing::shared_data(&format!("images/barcodes/{name}"))?;
    Some(std::fs::read(path).unwrap())
}

async fn call(app: &TestApp, who: &Session, path: &str, body: Value) -> (u16, Value) {
    send_as(app, Method::POST, path, &who.access, &body).await
}

async fn create(app: &TestApp, who: &Session, barcode: &str) -> (u16, Value) {
    call(
        app,
        who,
        "/images/create-food-from-barcode/",
        json!({"barcode": barcode}),
    )
    .await
}

#[tokio::test]
async fn photos_of_barcodes_are_read_and_normalised() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let (Some(upc), Some(isbn), Some(upc_e)) = (
        barcode_photo("upca-1_3.png"),
        barcode_photo("ean13-1_31.png"),
        barcode_photo("upce-1_1.png"),
    ) else {
        return;
    };
    let ann = register(&app, "barcode_ann").await;

    let (status, uploaded) = upload(&app, &ann, upc, "upc.png", None).await;
    assert_eq!(status, 201, "{uploaded}");
    let image_id = uploaded["data"]["id"].as_i64().unwrap();
    let (status, read) = call(
        &app,
        &ann,
        "/images/detect-barcodes/",
        json!({"image_id": image_id}),
    )
    .await;
    assert_eq!(status, 200, "{read}");
    let data = &read["data"];
    assert_eq!(data["image_id"], image_id);
    // UPC-A is the EAN-13 with a leading zero, printed as on the pack.
    let found = &data["barcodes"][0];
    assert_eq!(found["data"], PEANUTS, "{read}");
    assert_eq!(found["type"], "UPC");
    assert_eq!(found["formatted_data"], "0 70097 02508 8");
    assert_eq!(found["is_food"], true);
    assert_eq!(data["food_barcodes_only"][0]["data"], PEANUTS);

    // A book's ISBN is read and listed, but is no food.
    let (_, uploaded) = upload(&app, &ann, isbn, "isbn.png", None).await;
    let isbn_id = uploaded["data"]["id"].as_i64().unwrap();
    let (status, read) = call(
        &app,
        &ann,
        "/images/detect-barcodes/",
        json!({"image_id": isbn_id}),
    )
    .await;
    assert_eq!(status, 200, "{read}");
    assert_eq!(read["data"]["barcodes"][0]["data"], "9780393058673");
    assert_eq!(read["data"]["barcodes"][0]["type"], "EAN13");
    assert_eq!(read["data"]["food_barcodes_only"], json!([]));

    // UPC-E is expanded, so it is the same product as its UPC-A.
    let (_, uploaded) = upload(&app, &ann, upc_e, "upce.png", None).await;
    let upc_e_id = uploaded["data"]["id"].as_i64().unwrap();
    let (_, read) = call(
        &app,
        &ann,
        "/images/detect-barcodes/",
        json!({"image_id": upc_e_id}),
    )
    .await;
    let code = &read["data"]["barcodes"][0];
    assert_eq!(code["data"], "0012345000065", "{read}");
    assert_eq!(
        (code["type"].as_str(), code["formatted_data"].as_str()),
        (Some("UPCE"), Some("0 123456 5"))
    );

    // A photo without a barcode: nothing found is an answer, not an error.
    if let Some(plate) = models::testing::shared_data("images/food/coco_000000000142.jpg") {
        let (_, uploaded) =
            upload(&app, &ann, std::fs::read(plate).unwrap(), "plate.jpg", None).await;
        let (status, read) = call(
            &app,
            &ann,
            "/images/detect-barcodes/",
            json!({"image_id": uploaded["data"]["id"]}),
        )
        .await;
        assert_eq!(status, 200, "{read}");
        assert_eq!(read["data"]["barcodes"], json!([]));
    }

    // Another user's image is as missing as one that never was; bad input is named.
    let bob = register(&app, "barcode_bob").await;
    let (status, body) = call(
        &app,
        &bob,
        "/images/detect-barcodes/",
        json!({"image_id": image_id}),
    )
    .await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (404, Some("IMAGE_NOT_FOUND"))
    );
    let (status, body) = call(&app, &bob, "/images/detect-barcodes/", json!({})).await;
    assert_eq!(status, 422, "{body}");
    let (status, _) = call(
        &app,
        &bob,
        "/images/detect-barcodes/",
        json!({"image_id": "x"}),
    )
    .await;
    assert_eq!(status, 422);
}

#[tokio::test]
async fn a_barcode_becomes_one_food_from_open_food_facts_then_is_found_here() {
    let replay = Replay::default();
    let Some(app) = app_with_replay(&replay).await else {
        return;
    };
    let ann = register(&app, "off_ann").await;
    let bob = register(&app, "off_bob").await;

    // Two people scan the same pack at the same moment: one food.
    let (first, second) = tokio::join!(
        create(&app, &ann, "070097025088"),
        create(&app, &bob, PEANUTS)
    );
    assert_eq!(first.0, 200, "{}", first.1);
    assert_eq!(second.0, 200, "{}", second.1);
    let food = &first.1["data"]["food"];
    assert_eq!(
        food["id"], second.1["data"]["food"]["id"],
        "one food per barcode"
    );
    assert_eq!(food["name"], "Honey Roasted Peanuts");
    assert_eq!(food["brand"], "Planters", "the first brand listed");
    assert_eq!(food["barcode"], PEANUTS);
    assert_eq!(food["nutrition_grade"], "D");
    assert_eq!(food["data_source"], "openfoodfacts");
    assert_eq!(food["calories_per_100g"], 571.0);
    assert_eq!(food["protein_per_100g"], 21.4);
    assert_eq!(food["sodium_per_100g"], 357.0, "grams of sodium become mg");
    assert!(
        food["ingredients"]
            .as_str()
            .unwrap()
            .starts_with("Peanuts, sugar")
    );
    assert!(food["image_url"].as_str().unwrap().starts_with("https://"));
    // Whichever came second may find the first one's food already kept.
    let sources = [&first.1["data"]["source"], &second.1["data"]["source"]];
    assert!(sources.contains(&&json!("openfoodfacts")), "{sources:?}");

    // Asked again, in another form of the same code: kept here, no outside call.
    let calls = replay.off_calls.load(Ordering::SeqCst);
    let (status, again) = call(
        &app,
        &ann,
        "/images/create-food-from-barcode/",
        json!({"barcode": "00070097025088"}),
    )
    .await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["data"]["is_existing"], true);
    assert_eq!(again["data"]["food"]["id"], food["id"]);
    assert_eq!(replay.off_calls.load(Ordering::SeqCst), calls);

    // Searchable by name at once.
    let (status, found) = support::get_as(
        &app,
        "/foods/search/?query=honey%20roasted%20peanuts",
        &ann.access,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(found["data"]["foods"][0]["id"], food["id"], "{found}");

    // The lookups that keep nothing.
    let (status, off) = call(
        &app,
        &ann,
        "/images/search-openfoodfacts-barcode/",
        json!({"barcode": PEANUTS}),
    )
    .await;
    assert_eq!(status, 200, "{off}");
    assert_eq!(
        (
            off["data"]["found"].as_bool(),
            off["data"]["source"].as_str()
        ),
        (Some(true), Some("openfoodfacts"))
    );
    assert_eq!(off["data"]["food"]["name"], "Honey Roasted Peanuts");
    let (_, combined) = call(
        &app,
        &ann,
        "/images/search-barcode-combined/",
        json!({"barcode": PEANUTS}),
    )
    .await;
    assert_eq!(combined["data"]["source"], "local", "{combined}");
    assert_eq!(combined["data"]["food"]["id"], food["id"]);
    let (status, unknown) = call(
        &app,
        &ann,
        "/images/search-barcode-combined/",
        json!({"barcode": "4006381333931"}),
    )
    .await;
    assert_eq!(status, 200, "{unknown}");
    assert_eq!(unknown["data"]["found"], false);

    // Not found anywhere: the user creates a food for it, and the next lookup finds it.
    let (status, bad) = call(
        &app,
        &ann,
        "/foods/create/",
        json!({"name": "Oat bar", "calories": 420, "barcode": "12345"}),
    )
    .await;
    assert_eq!(status, 422, "{bad}");
    let (status, made) = call(
        &app,
        &ann,
        "/foods/create/",
        json!({"name": "Oat bar", "calories": 420, "barcode": "4006381333931"}),
    )
    .await;
    assert_eq!(status, 201, "{made}");
    assert_eq!(made["data"]["barcode"], "4006381333931");
    let (_, again) = call(
        &app,
        &ann,
        "/images/search-barcode-combined/",
        json!({"barcode": "4006381333931"}),
    )
    .await;
    assert_eq!(
        (&again["data"]["found"], &again["data"]["source"]),
        (&json!(true), &json!("local")),
        "{again}"
    );
    assert_eq!(again["data"]["food"]["id"], made["data"]["id"]);
    let (status, basket) = create(&app, &ann, "4006381333931").await;
    assert_eq!(status, 200, "{basket}");
    assert_eq!(basket["data"]["food"]["id"], made["data"]["id"]);
    assert_eq!(basket["data"]["is_existing"], true);
    // Someone else's lookup does not find ann's food.
    let bob = register(&app, "bob_own_barcode").await;
    let (_, theirs) = call(
        &app,
        &bob,
        "/images/search-barcode-combined/",
        json!({"barcode": "4006381333931"}),
    )
    .await;
    assert_eq!(theirs["data"]["found"], false, "{theirs}");
}

#[tokio::test]
async fn usda_branded_foods_answer_when_open_food_facts_does_not() {
    let replay = Replay::default();
    let Some(app) = app_with_replay(&replay).await else {
        return;
    };
    let ann = register(&app, "usda_bc").await;
    // Sent as the UPC-E printed on the can.
    let (status, made) = call(
        &app,
        &ann,
        "/images/create-food-from-barcode/",
        json!({"barcode": "01264904", "type": "UPCE"}),
    )
    .await;
    assert_eq!(status, 200, "{made}");
    let food = &made["data"]["food"];
    assert_eq!(food["name"], "DIET COLA");
    assert_eq!(food["barcode"], COLA);
    assert_eq!(food["data_source"], "usda");
    assert_eq!(food["fdc_id"], 2099999);
    assert_eq!(made["data"]["is_existing"], false);
    assert!(
        replay.off_calls.load(Ordering::SeqCst) >= 1,
        "Open Food Facts was asked first"
    );
    let (_, usda) = call(
        &app,
        &ann,
        "/images/search-usda-barcode/",
        json!({"barcode": COLA}),
    )
    .await;
    assert_eq!(usda["data"]["food"]["fdc_id"], 2099999, "{usda}");
}

#[tokio::test]
async fn bad_barcodes_and_failing_services_get_clear_errors() {
    let replay = Replay::default();
    let Some(app) = app_with_replay(&replay).await else {
        return;
    };
    let ann = register(&app, "bad_bc").await;
    let expect = |got: (u16, Value), status: u16, code: &str| {
        assert_eq!(got.0, status, "{}", got.1);
        assert_eq!(got.1["success"], false);
        assert_eq!(got.1["error"]["code"], code, "{}", got.1);
        got.1["error"]["message"].as_str().unwrap().to_owned()
    };
    let path = "/images/create-food-from-barcode/";
    expect(
        call(&app, &ann, path, json!({})).await,
        422,
        "VALIDATION_ERROR",
    );
    expect(
        call(&app, &ann, path, json!({"barcode": ""})).await,
        422,
        "INVALID_BARCODE",
    );
    expect(
        call(&app, &ann, path, json!({"barcode": [1]})).await,
        422,
        "VALIDATION_ERROR",
    );
    let why = expect(
        create(&app, &ann, "0070097025089").await,
        422,
        "INVALID_BARCODE",
    );
    assert!(why.contains("check digit"), "{why}");
    expect(create(&app, &ann, "12ab").await, 422, "INVALID_BARCODE");
    expect(
        create(&app, &ann, &"9".repeat(5000)).await,
        422,
        "INVALID_BARCODE",
    );
    expect(
        create(&app, &ann, "9780393058673").await,
        422,
        "NOT_A_FOOD_BARCODE",
    );

    // Not known anywhere.
    let why = expect(
        create(&app, &ann, "4006381333931").await,
        404,
        "BARCODE_NOT_FOUND",
    );
    assert!(why.contains("4006381333931"), "{why}");
    // Known, but past the sanity rules: refused with the reason, and nothing kept.
    let why = expect(
        create(&app, &ann, IMPLAUSIBLE).await,
        422,
        "PRODUCT_REJECTED",
    );
    assert!(
        why.contains("Mystery Snack") && why.contains("calorie"),
        "{why}"
    );
    let (_, search) =
        support::get_as(&app, "/foods/search/?query=mystery%20snack", &ann.access).await;
    let names: Vec<&str> = search["data"]["foods"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|f| f["name"].as_str())
        .collect();
    assert!(!names.contains(&"Mystery Snack"), "{names:?}");
    let (_, look) = call(
        &app,
        &ann,
        "/images/search-openfoodfacts-barcode/",
        json!({"barcode": IMPLAUSIBLE}),
    )
    .await;
    assert!(
        look["data"]["issues"][0]
            .as_str()
            .unwrap()
            .contains("calorie"),
        "{look}"
    );

    // Open Food Facts down, slow or rate limiting (and USDA has nothing): the caller hears it.
    for code in [BROKEN, SLOW, RATE_LIMITED] {
        let why = expect(
            create(&app, &ann, code).await,
            503,
            "BARCODE_LOOKUP_UNAVAILABLE",
        );
        assert!(why.contains("Open Food Facts"), "{why}");
    }
    // After a 429 we stand back: the next lookup makes no call.
    let calls = replay.off_calls.load(Ordering::SeqCst);
    let why = expect(
        create(&app, &ann, "5000112637922").await,
        503,
        "BARCODE_LOOKUP_UNAVAILABLE",
    );
    assert!(why.contains("rate limiting"), "{why}");
    assert_eq!(replay.off_calls.load(Ordering::SeqCst), calls);
}

#[tokio::test]
async fn a_photo_of_a_pack_becomes_its_food() {
    let replay = Replay::default();
    let Some(app) = app_with_replay(&replay).await else {
        return;
    };
    let (Some(peanuts), Some(isbn)) = (
        barcode_photo("upca-1_3.png"),
        barcode_photo("ean13-1_31.png"),
    ) else {
        return;
    };
    let ann = register(&app, "pack_ann").await;
    let (_, uploaded) = upload(&app, &ann, peanuts, "pack.png", None).await;
    let image_id = uploaded["data"]["id"].as_i64().unwrap();
    let (status, analysed) = call(
        &app,
        &ann,
        "/images/analyze-with-barcode/",
        json!({"image_id": image_id}),
    )
    .await;
    assert_eq!(status, 200, "{analysed}");
    let data = &analysed["data"];
    assert_eq!(data["barcodes"][0]["data"], PEANUTS);
    assert_eq!(data["foods"][0]["barcode"], PEANUTS);
    assert_eq!(data["foods"][0]["food"]["name"], "Honey Roasted Peanuts");
    assert_eq!(data["foods"][0]["is_existing"], false);
    assert_eq!(data["missing"], json!([]));
    // The same photo again: the food is kept now.
    let (_, again) = call(
        &app,
        &ann,
        "/images/analyze-with-barcode/",
        json!({"image_id": image_id}),
    )
    .await;
    assert_eq!(again["data"]["foods"][0]["is_existing"], true, "{again}");
    assert_eq!(
        again["data"]["foods"][0]["food"]["id"],
        data["foods"][0]["food"]["id"]
    );

    // A book: its code is listed, no food is looked for.
    let (_, uploaded) = upload(&app, &ann, isbn, "book.png", None).await;
    let (status, book) = call(
        &app,
        &ann,
        "/images/analyze-with-barcode/",
        json!({"image_id": uploaded["data"]["id"]}),
    )
    .await;
    assert_eq!(status, 200, "{book}");
    assert_eq!(book["data"]["barcodes"].as_array().unwrap().len(), 1);
    assert_eq!(
        (
            book["data"]["foods"].clone(),
            book["data"]["missing"].clone()
        ),
        (json!([]), json!([]))
    );
}

#[tokio::test]
async fn a_pack_looked_up_slowly_is_answered_202_and_its_food_found_under_the_job() {
    let replay = Replay::default();
    // Every call answers at once: the reading and the lookup are still under way.
    let Some(app) = app_with_replay_and(
        &replay,
        Options {
            answer_within: std::time::Duration::ZERO,
            ..Options::default()
        },
    )
    .await
    else {
        return;
    };
    let Some(peanuts) = barcode_photo("upca-1_3.png") else {
        return;
    };
    let ann = register(&app, "slow_pack").await;
    let (_, uploaded) = upload(&app, &ann, peanuts, "pack.png", None).await;
    let image_id = uploaded["data"]["id"].as_i64().unwrap();
    let (status, accepted) = call(
        &app,
        &ann,
        "/images/analyze-with-barcode/",
        json!({"image_id": image_id}),
    )
    .await;
    assert_eq!(status, 202, "{accepted}");
    let (status, analysed) = support::finish_accepted(&app, &ann.access, &accepted["data"])
        .await
        .expect("a result to read");
    assert_eq!(status, 200, "{analysed}");
    let data = &analysed["data"];
    assert_eq!(data["image_id"], image_id);
    assert_eq!(data["foods"][0]["barcode"], PEANUTS);
    assert_eq!(data["foods"][0]["food"]["name"], "Honey Roasted Peanuts");
    assert_eq!(data["missing"], json!([]));
    // Searchable by name at once, first for the user who scanned it; not in their Recent
    // until they eat it.
    let (_, found) = support::get_as(
        &app,
        "/foods/search/?query=honey%20roasted%20peanuts",
        &ann.access,
    )
    .await;
    assert_eq!(
        found["data"]["foods"][0]["id"],
        data["foods"][0]["food"]["id"]
    );
    let (_, recent) = support::get_as(&app, "/foods/recent/", &ann.access).await;
    assert!(
        !recent.to_string().contains("Honey Roasted Peanuts"),
        "{recent}"
    );

    // A code nobody knows fails as the call would have.
    let (status, accepted) = create(&app, &ann, "4006381333931").await;
    assert_eq!(status, 202, "{accepted}");
    let result = accepted["data"]["result"].as_str().unwrap();
    let mut failure = (0, Value::Null);
    for _ in 0..100 {
        failure = support::get_as(&app, result.trim_start_matches("/api/v1"), &ann.access).await;
        if failure.0 != 202 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(failure.0, 404, "{}", failure.1);
    assert_eq!(failure.1["error"]["code"], "BARCODE_NOT_FOUND");
}

/// A valid EAN-13 of `n`: twelve digits and their check digit.
fn ean13(n: u64) -> String {
    let body = format!("200{n:09}");
    let sum: u32 = body
        .chars()
        .enumerate()
        .map(|(i, c)| c.to_digit(10).unwrap() * if i % 2 == 0 { 1 } else { 3 })
        .sum();
    format!("{body}{}", (10 - sum % 10) % 10)
}

/// Issue 48: once an account has spent its share of this service's Open Food Facts
/// reads, a pack is not looked up there: the answer is ours, 429 with when to come back,
/// not a 503 that says the service failed; another account still gets its reads.
#[tokio::test]
async fn a_spent_share_of_open_food_facts_answers_429_with_retry_after() {
    let replay = Replay::default();
    let Some(app) = app_with_replay(&replay).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    // A quarter of the 100 reads a minute: 25 packs neither source knows.
    for n in 0..25 {
        let (status, body) = create(&app, &ann, &ean13(n)).await;
        assert_eq!(status, 404, "{n}: {body}");
    }
    assert_eq!(replay.off_calls.load(Ordering::SeqCst), 25);
    let response = app
        .client
        .post(app.url("/images/create-food-from-barcode/"))
        .bearer_auth(&ann.access)
        .json(&json!({"barcode": ean13(99)}))
        .send()
        .await
        .unwrap();
    let retry_after = response.headers().get("retry-after").cloned();
    let (status, body) = support::json_of(response).await;
    assert_eq!(
        (status, &body["error"]["code"]),
        (429, &json!("RATE_LIMITED")),
        "{body}"
    );
    let retry_after: u64 = retry_after.unwrap().to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&retry_after), "{retry_after}");
    assert_eq!(replay.off_calls.load(Ordering::SeqCst), 25, "not asked");
    let bob = register(&app, "bob").await;
    let (status, body) = create(&app, &bob, PEANUTS).await;
    assert_eq!(
        (status, &body["data"]["source"]),
        (200, &json!("openfoodfacts")),
        "{body}"
    );
}
