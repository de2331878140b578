//! USDA FoodData Central live, against a local server replaying recorded answers: a
//! search and a food (200), a missing food (404), rate limiting (429 with Retry-After),
//! a broken service (500) and one too slow to wait for.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use axum::{
    Router,
    extract::{Path, Query, State},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::get,
};
use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{Options, TestApp, finish_accepted, get_as, register, send_as, spawn_app};

const SEARCH_BANANA: &str = include_str!("fixtures/usda/search-banana.json");
const FOOD_BANANA: &str = include_str!("fixtures/usda/food-173944.json");

#[derive(Clone, Default)]
struct Replay {
    calls: Arc<AtomicUsize>,
}

fn json_answer(body: &'static str) -> Response {
    ([("content-type", "application/json")], body).into_response()
}

async fn search(
    State(replay): State<Replay>,
    Query(params): Query<Vec<(String, String)>>,
) -> Response {
    replay.calls.fetch_add(1, Ordering::SeqCst);
    let get = |k: &str| params.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str());
    assert_eq!(
        get("api_key"),
        Some("TEST_KEY"),
        "the configured key is sent"
    );
    match get("query").unwrap_or_default() {
        "banana" => json_answer(SEARCH_BANANA),
        "ratelimited" => {
            let mut headers = HeaderMap::new();
            headers.insert("retry-after", "30".parse().unwrap());
            (
                StatusCode::TOO_MANY_REQUESTS,
                headers,
                "{\"error\":{\"code\":\"OVER_RATE_LIMIT\"}}",
            )
                .into_response()
        }
        "broken" => (StatusCode::INTERNAL_SERVER_ERROR, "oops").into_response(),
        "slow" => {
            tokio::time::sleep(Duration::from_secs(3)).await;
            json_answer(SEARCH_BANANA)
        }
        _ => json_answer("{\"totalHits\":0,\"foods\":[]}"),
    }
}

async fn food(State(replay): State<Replay>, Path(id): Path<i64>) -> Response {
    replay.calls.fetch_add(1, Ordering::SeqCst);
    match id {
        173944 => json_answer(FOOD_BANANA),
        500 => (StatusCode::INTERNAL_SERVER_ERROR, "oops").into_response(),
        // A proxy's page where the food should be.
        999 => (
            [("content-type", "application/json")],
            "<html>maintenance</html>",
        )
            .into_response(),
        _ => (StatusCode::NOT_FOUND, "{}").into_response(),
    }
}

/// The replay server and an app pointed at it.
async fn app_with_usda() -> Option<(TestApp, Replay)> {
    app_with_usda_and(Options::default()).await
}

async fn app_with_usda_and(options: Options) -> Option<(TestApp, Replay)> {
    let replay = Replay::default();
    let router = Router::new()
        .route("/fdc/v1/foods/search", get(search))
        .route("/fdc/v1/food/{id}", get(food))
        .with_state(replay.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}/fdc/v1", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await });
    let app = spawn_app(Options {
        usda_base_url: Some(base),
        ..options
    })
    .await?;
    Some((app, replay))
}

#[tokio::test]
async fn usda_search_and_nutrition_are_fetched_cached_and_kept() {
    let Some((app, replay)) = app_with_usda().await else {
        return;
    };
    let (status, body) = app.get("/foods/usda/search/?query=banana").await;
    assert_eq!(status, 200, "{body}");
    let foods = body["data"]["foods"].as_array().unwrap();
    assert_eq!(body["data"]["usda_available"], true);
    assert_eq!(foods[0]["fdc_id"], 173944);
    assert_eq!(foods[0]["calories_per_100g"], 89.0);
    assert_eq!(foods[0]["id"], Value::Null, "not kept here yet");
    assert_eq!(
        (foods[0]["is_usda"].clone(), foods[0]["data_source"].clone()),
        (json!(true), json!("usda"))
    );
    assert_eq!(foods[1]["brand"], "Sample Snacks Inc.");
    assert_eq!(foods[1]["barcode"], "041498123456");
    // The same search again is answered from the cache.
    let calls = replay.calls.load(Ordering::SeqCst);
    app.get("/foods/usda/search/?query=Banana").await;
    assert_eq!(replay.calls.load(Ordering::SeqCst), calls);

    let (status, nutrition) = app.get("/foods/usda/nutrition/173944/").await;
    assert_eq!(status, 200, "{nutrition}");
    let n = &nutrition["data"];
    assert_eq!(
        (n["fdc_id"].clone(), n["food_description"].clone()),
        (json!(173944), json!("Bananas, raw"))
    );
    assert_eq!(
        n["nutrients"],
        json!({"calories": 89.0, "protein": 1.09, "fat": 0.33, "carbs": 22.84, "fiber": 2.6, "sugar": 12.23, "sodium": 1.0})
    );
    let food_id = n["food_id"].as_i64().unwrap();
    // Kept: asked again, no call; searched, it answers with its id.
    let calls = replay.calls.load(Ordering::SeqCst);
    let (status, _) = app.get("/foods/usda/nutrition/173944/").await;
    assert_eq!(status, 200);
    assert_eq!(replay.calls.load(Ordering::SeqCst), calls);
    let (_, again) = app.get("/foods/usda/search/?query=banana").await;
    assert_eq!(again["data"]["foods"][0]["id"], food_id);

    // Saving it to log: the same food every time, and it is read-only.
    let ann = register(&app, "ann_usda").await;
    let (status, saved) = send_as(
        &app,
        Method::POST,
        "/foods/usda/create/",
        &ann.access,
        &json!({"fdc_id": 173944}),
    )
    .await;
    assert_eq!(status, 201, "{saved}");
    assert_eq!(saved["data"]["id"], food_id);
    let (_, twice) = send_as(
        &app,
        Method::POST,
        "/foods/usda/create/",
        &ann.access,
        &json!({"fdc_id": 173944}),
    )
    .await;
    assert_eq!(twice["data"]["id"], food_id);
    let (status, _) = send_as(
        &app,
        Method::PUT,
        &format!("/foods/{food_id}/update/"),
        &ann.access,
        &json!({"name": "x", "calories": 1}),
    )
    .await;
    assert_eq!(status, 403);
    let (status, copy) = send_as(
        &app,
        Method::POST,
        "/foods/usda/create/",
        &ann.access,
        &json!({"fdc_id": 173944, "custom_name": "My banana"}),
    )
    .await;
    assert_eq!(
        (
            status,
            copy["data"]["is_custom"].clone(),
            copy["data"]["name"].clone()
        ),
        (201, json!(true), json!("My banana"))
    );
    // And the kept USDA food is now in the local search too.
    let mut found = false;
    for _ in 0..50 {
        let (_, local) = get_as(&app, "/foods/search/?query=bananas%20raw", &ann.access).await;
        if local["data"]["foods"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["id"] == food_id)
        {
            found = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(found, "the fetched food reaches the search index");
}

#[tokio::test]
async fn an_unreadable_usda_answer_never_shows_the_key() {
    let Some((app, _)) = app_with_usda().await else {
        return;
    };
    let (status, body) = app.get("/foods/usda/nutrition/999/").await;
    assert_eq!(status, 503, "{body}");
    assert!(!body.to_string().contains("TEST_KEY"), "{body}");
    // The failed job's error is kept with it (and shown on the job board): without the
    // address it called, which carries the key.
    let mut stored = Vec::new();
    for _ in 0..50 {
        stored = crate::support::stored_job_data(&app).await;
        if stored.iter().any(|text| text.contains("unreadable answer")) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(
        stored.iter().any(|text| text.contains("unreadable answer")),
        "{stored:?}"
    );
    for text in &stored {
        assert!(!text.contains("TEST_KEY"), "{text}");
    }
}

#[tokio::test]
async fn usda_failures_are_clear_and_search_falls_back_to_local_foods() {
    let Some((app, replay)) = app_with_usda().await else {
        return;
    };
    for (path, status, code) in [
        ("/foods/usda/nutrition/424242/", 404, "USDA_FOOD_NOT_FOUND"),
        ("/foods/usda/nutrition/500/", 503, "USDA_UNAVAILABLE"),
        ("/foods/usda/nutrition/0/", 400, "BAD_REQUEST"),
        ("/foods/usda/nutrition/abc/", 400, "BAD_REQUEST"),
        ("/foods/usda/search/?query=", 400, "EMPTY_QUERY"),
    ] {
        let (got, body) = app.get(path).await;
        assert_eq!(
            (got, body["error"]["code"].as_str().unwrap_or_default()),
            (status, code),
            "{path}: {body}"
        );
    }
    // A broken or slow service: search still answers, from the USDA foods kept here.
    for query in ["broken", "slow"] {
        let (status, body) = app.get(&format!("/foods/usda/search/?query={query}")).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["usda_available"], false, "{query}");
        assert!(body["data"]["message"].as_str().unwrap().contains("USDA"));
    }
    // Rate limited: it says so, and stands back for the Retry-After instead of calling again.
    let (status, body) = app.get("/foods/usda/search/?query=ratelimited").await;
    assert_eq!(
        (status, body["data"]["usda_available"].clone()),
        (200, json!(false))
    );
    assert!(
        body["data"]["message"]
            .as_str()
            .unwrap()
            .contains("rate limiting"),
        "{body}"
    );
    let calls = replay.calls.load(Ordering::SeqCst);
    let (status, body) = app.get("/foods/usda/search/?query=apple").await;
    assert_eq!(
        (status, body["data"]["usda_available"].clone()),
        (200, json!(false))
    );
    let (status, body) = app.get("/foods/usda/nutrition/173944/").await;
    assert_eq!(
        (status, body["error"]["code"].clone()),
        (503, json!("USDA_UNAVAILABLE"))
    );
    assert_eq!(
        replay.calls.load(Ordering::SeqCst),
        calls,
        "no calls while rate limited"
    );
    // The local search never depends on USDA.
    let (status, local) = app.get("/foods/search/?query=banana").await;
    assert_eq!(
        (status, local["data"]["foods"][0]["name"].clone()),
        (200, json!("Banana"))
    );
    let (status, _) = app
        .post("/foods/usda/create/", &json!({"fdc_id": 173944}))
        .await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn a_usda_search_hit_is_logged_in_a_meal_and_kept_once() {
    let Some((app, replay)) = app_with_usda().await else {
        return;
    };
    let ann = register(&app, "ann_meal").await;
    let line = json!({"food_id": -1, "quantity": 118, "fdc_id": 173944, "name": "Bananas, raw"});
    let (status, first) = send_as(
        &app,
        Method::POST,
        "/meals/create/",
        &ann.access,
        &json!({"meal_type": "snack", "foods": [line]}),
    )
    .await;
    assert_eq!(status, 201, "{first}");
    let food = &first["data"]["foods"][0];
    let food_id = food["food_id"].as_i64().unwrap();
    assert_eq!(food["food_name"], "Bananas, raw");
    assert_eq!(food["calories"], 105.0, "118 g at 89 kcal per 100 g");
    let calls = replay.calls.load(Ordering::SeqCst);
    let (status, second) = send_as(
        &app,
        Method::POST,
        "/meals/create/",
        &ann.access,
        &json!({"meal_type": "snack", "foods": [line]}),
    )
    .await;
    assert_eq!(status, 201, "{second}");
    assert_eq!(
        second["data"]["foods"][0]["food_id"], food_id,
        "one food for the fdc id"
    );
    assert_eq!(
        replay.calls.load(Ordering::SeqCst),
        calls,
        "kept: no second fetch"
    );

    // A food USDA does not know is refused, and no meal is saved.
    let (status, missing) = send_as(
        &app,
        Method::POST,
        "/meals/create/",
        &ann.access,
        &json!({"foods": [{"food_id": -1, "quantity": 100, "fdc_id": 424242}]}),
    )
    .await;
    assert_eq!(
        (status, missing["error"]["code"].as_str()),
        (404, Some("USDA_FOOD_NOT_FOUND"))
    );
    let (_, list) = get_as(&app, "/meals/list/", &ann.access).await;
    assert_eq!(list["data"]["total"], 2);
}

#[tokio::test]
async fn a_usda_food_slow_to_come_is_answered_202_and_then_found() {
    // Every call answers at once: the fetch is always still under way.
    let Some((app, replay)) = app_with_usda_and(Options {
        answer_within: Duration::ZERO,
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let ann = register(&app, "ann_slow").await;
    let meal = json!({"meal_type": "snack",
        "foods": [{"food_id": -1, "quantity": 118, "fdc_id": 173944, "name": "Bananas, raw"}]});
    let save = || async {
        let response = app
            .client
            .post(app.url("/meals/create/"))
            .bearer_auth(&ann.access)
            .header("idempotency-key", "slow-banana-1")
            .json(&meal)
            .send()
            .await
            .unwrap();
        crate::support::json_of(response).await
    };
    // A meal whose USDA food is being fetched: 202, where to follow it, nothing saved.
    let (status, accepted) = save().await;
    assert_eq!(status, 202, "{accepted}");
    let job = &accepted["data"];
    assert!(job["job_id"].is_string(), "{job}");
    assert_eq!(job["result"], Value::Null, "the same call again answers");
    let (_, list) = get_as(&app, "/meals/list/", &ann.access).await;
    assert_eq!(list["data"]["total"], 0);
    assert!(finish_accepted(&app, &ann.access, job).await.is_none());
    // Sent again (with the same key: a 202 is not kept), it is saved.
    let (status, saved) = save().await;
    assert_eq!(status, 201, "{saved}");
    assert_eq!(saved["data"]["foods"][0]["calories"], 105.0);
    let (status, replayed) = save().await;
    assert_eq!(status, 201);
    assert_eq!(replayed["data"]["id"], saved["data"]["id"], "kept once");

    // The nutrition call answers 202, and its answer waits under the job's result.
    let calls = replay.calls.load(Ordering::SeqCst);
    let (status, accepted) = get_as(&app, "/foods/usda/nutrition/173944/", &ann.access).await;
    assert_eq!(status, 202, "{accepted}");
    let (status, nutrition) = finish_accepted(&app, &ann.access, &accepted["data"])
        .await
        .expect("a result to read");
    assert_eq!(status, 200, "{nutrition}");
    assert_eq!(nutrition["data"]["food_description"], "Bananas, raw");
    assert_eq!(
        nutrition["data"]["food_id"],
        saved["data"]["foods"][0]["food_id"]
    );
    assert_eq!(
        replay.calls.load(Ordering::SeqCst),
        calls,
        "kept: no second fetch"
    );
    // Nobody else reads it.
    let bob = register(&app, "bob_slow").await;
    let result = accepted["data"]["result"].as_str().unwrap();
    let response = app
        .client
        .get(format!("{}{result}", app.api))
        .bearer_auth(&bob.access)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 404);
}

#[tokio::test]
async fn one_client_spends_at_most_a_quarter_of_the_usda_key_s_calls() {
    let Some((app, replay)) = app_with_usda().await else {
        return;
    };
    // The key's 1,000 calls an hour: someone not signed in spends their address's
    // quarter, live from USDA...
    for n in 0..250 {
        let (status, body) = app.get(&format!("/foods/usda/search/?query=q{n}")).await;
        assert_eq!(
            (status, &body["data"]["usda_available"]),
            (200, &json!(true)),
            "{n}"
        );
    }
    assert_eq!(replay.calls.load(Ordering::SeqCst), 250);
    // ...then is answered from the foods kept here, without a call.
    let (status, body) = app.get("/foods/usda/search/?query=one-more").await;
    assert_eq!(
        (status, &body["data"]["usda_available"]),
        (200, &json!(false))
    );
    assert_eq!(replay.calls.load(Ordering::SeqCst), 250);
    // Issue 48: nor does a food's nutrition fetch reach USDA for that address: the job
    // is charged to it, and the answer is ours to give, 429 with when to come back.
    let response = app
        .client
        .get(app.url("/foods/usda/nutrition/173944/"))
        .send()
        .await
        .unwrap();
    let retry_after = response.headers().get("retry-after").cloned();
    let (status, refused) = crate::support::json_of(response).await;
    assert_eq!(status, 429, "{refused}");
    assert_eq!(refused["error"]["code"], "RATE_LIMITED");
    let retry_after: u64 = retry_after.unwrap().to_str().unwrap().parse().unwrap();
    assert!(retry_after > 3000, "{retry_after}");
    assert_eq!(replay.calls.load(Ordering::SeqCst), 250);
    // A cached answer costs nothing, and a signed-in person has a share of their own.
    let (_, body) = app.get("/foods/usda/search/?query=q7").await;
    assert_eq!(body["data"]["usda_available"], json!(true));
    let ann = register(&app, "ann").await;
    let (status, body) = get_as(&app, "/foods/usda/search/?query=banana", &ann.access).await;
    assert_eq!(
        (status, &body["data"]["usda_available"]),
        (200, &json!(true))
    );
    let (status, food) = get_as(&app, "/foods/usda/nutrition/173944/", &ann.access).await;
    assert_eq!(status, 200, "{food}");
}
