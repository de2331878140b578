//! Meals over HTTP: saving from the basket, reading back by local day in several time
//! zones (and across a daylight-saving change), editing line by line, plans, statistics,
//! body weight, ownership and the bad inputs.
//!
//! Long on purpose: one file per area of the API: meals, plans, statistics and body
//! weight are read back through the same day and time-zone rules, so their cases sit
//! together.

use chrono::{DateTime, Utc};
use models::meal::Grams;
use models::{FoodSource, MealLine, MealType, NewMeal, UserId};
use reqwest::Method;
use serde_json::{Value, json};
use store::{Database, MealFilter};

use crate::support::{
    self, Options, Session, TestApp, as_user, download, food_id, get_as, number, register, send_as,
    spawn_app,
};

async fn create(app: &TestApp, who: &Session, body: Value) -> Value {
    let (status, saved) = as_user(app, Method::POST, "/meals/create/", who, body).await;
    assert_eq!(status, 201, "{saved}");
    saved["data"].clone()
}

#[tokio::test]
async fn a_basket_is_saved_as_a_meal_with_totals_from_the_server() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let rice = food_id(&app, "米饭").await;
    let egg = food_id(&app, "boiled%20egg").await;
    let (_, rice_food) = app.get(&format!("/foods/{rice}/")).await;
    let rice_kcal = number(&rice_food["data"]["calories_per_100g"]);

    let meal = create(
        &app,
        &ann,
        json!({"name": "Lunch box", "date": "2026-11-23T04:30:00.000Z", "meal_type": "lunch",
               "notes": "at work",
               "foods": [{"food_id": rice, "quantity": 150}, {"food_id": egg, "quantity": 50}]}),
    )
    .await;
    assert_eq!(meal["name"], "Lunch box");
    assert_eq!(meal["meal_type"], "lunch");
    assert_eq!(meal["eaten_at"], "2026-11-23T04:30:00Z");
    assert_eq!(meal["date"], "2026-11-23", "UTC without a time zone");
    assert_eq!(meal["time"], "04:30");
    assert_eq!(meal["notes"], "at work");
    let foods = meal["foods"].as_array().unwrap();
    assert_eq!(foods.len(), 2);
    assert_eq!(foods[0]["food_id"], rice);
    assert_eq!(foods[0]["food_name_zh"], "米饭");
    assert_eq!(number(&foods[0]["quantity"]), 150.0);
    let line_kcal = (rice_kcal * 1.5 * 10.0).round() / 10.0;
    assert_eq!(number(&foods[0]["calories"]), line_kcal);
    assert_eq!(number(&foods[0]["per_100g"]["calories"]), rice_kcal);
    let sum: f64 = foods.iter().map(|l| number(&l["calories"])).sum();
    assert!(
        (number(&meal["total_calories"]) - sum).abs() < 0.05,
        "{meal}"
    );
    let macros: f64 = foods.iter().map(|l| number(&l["protein"])).sum();
    assert!((number(&meal["total_protein"]) - macros).abs() < 0.05);

    let (status, read) = get_as(&app, &format!("/meals/{}/", meal["id"]), &ann.access).await;
    assert_eq!(status, 200);
    assert_eq!(read["data"], meal);

    // A name left empty is no name; the meal type follows the hour when not given.
    let snack = create(
        &app,
        &ann,
        json!({"name": "  ", "date": "2026-11-23T22:15:00Z", "foods": [{"food_id": egg, "quantity": 60}]}),
    )
    .await;
    assert_eq!(snack["name"], Value::Null);
    assert_eq!(snack["meal_type"], "snack");
    // A date alone puts the meal at its type's usual time.
    let dinner = create(
        &app,
        &ann,
        json!({"date": "2026-11-20", "meal_type": "dinner", "foods": [{"food_id": egg, "quantity": 60}]}),
    )
    .await;
    assert_eq!(dinner["time"], "18:00");
}

#[tokio::test]
async fn bad_meals_are_refused_and_nothing_is_saved() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let bob = register(&app, "bob").await;
    let rice = food_id(&app, "rice").await;
    let (status, bobs_food) = as_user(
        &app,
        Method::POST,
        "/foods/create/",
        &bob,
        json!({"name": "Bob's stew", "calories": 120}),
    )
    .await;
    assert_eq!(status, 201);
    let bobs_food = bobs_food["data"]["id"].as_i64().unwrap();

    let line = |food: Value, quantity: Value| json!({"food_id": food, "quantity": quantity});
    let cases = [
        (json!({"foods": []}), 422, "at least one food"),
        (json!({"name": "x"}), 422, "at least one food"),
        (
            json!({"foods": [line(json!(rice), json!(0))]}),
            422,
            "foods[0].quantity",
        ),
        (
            json!({"foods": [line(json!(rice), json!(100)), line(json!(rice), json!(-5))]}),
            422,
            "foods[1].quantity",
        ),
        (
            json!({"foods": [line(json!(rice), json!(20000))]}),
            422,
            "at most 10000",
        ),
        (
            json!({"foods": [line(json!(rice), json!("lots"))]}),
            422,
            "foods[0].quantity",
        ),
        (
            json!({"foods": [{"quantity": 10}]}),
            422,
            "foods[0].food_id",
        ),
        (
            json!({"foods": [line(json!(-1), json!(10))]}),
            422,
            "fdc_id",
        ),
        (
            json!({"foods": [line(json!(0), json!(10))]}),
            422,
            "food_id",
        ),
        (
            json!({"foods": [line(json!(rice), json!(100)), line(json!(987654), json!(10))]}),
            404,
            "Food 987654 not found",
        ),
        (
            json!({"foods": [line(json!(bobs_food), json!(10))]}),
            404,
            "not found",
        ),
        (
            json!({"date": "yesterday", "foods": [line(json!(rice), json!(10))]}),
            422,
            "date must be",
        ),
        (
            json!({"date": "3026-01-01", "foods": [line(json!(rice), json!(10))]}),
            422,
            "a year ahead",
        ),
        (
            json!({"meal_type": "brunch", "foods": [line(json!(rice), json!(10))]}),
            422,
            "meal_type",
        ),
        (
            json!({"name": "x".repeat(101), "foods": [line(json!(rice), json!(10))]}),
            422,
            "name can be at most",
        ),
        (
            json!({"foods": (0..101).map(|_| line(json!(rice), json!(1))).collect::<Vec<_>>()}),
            422,
            "at most 100 foods",
        ),
    ];
    for (body, status, message) in cases {
        let (got, answer) = as_user(&app, Method::POST, "/meals/create/", &ann, body.clone()).await;
        assert_eq!(got, status, "{body} -> {answer}");
        assert_eq!(answer["success"], false);
        let text = answer["error"]["message"].as_str().unwrap();
        assert!(text.contains(message), "{body}: {text:?} lacks {message:?}");
    }
    let (status, answer) = send_as(
        &app,
        Method::POST,
        "/meals/create/",
        &ann.access,
        &json!([1]),
    )
    .await;
    assert_eq!(status, 422, "{answer}");
    let (status, answer) = app
        .post(
            "/meals/create/",
            &json!({"foods": [line(json!(rice), json!(10))]}),
        )
        .await;
    assert_eq!(status, 401, "{answer}");
    let (status, answer) = get_as(&app, "/meals/list/?tz=Mars/Olympus", &ann.access).await;
    assert_eq!(
        (status, answer["error"]["code"].as_str()),
        (422, Some("INVALID_TIME_ZONE"))
    );

    let (_, list) = get_as(&app, "/meals/list/", &ann.access).await;
    assert_eq!(
        list["data"]["total"], 0,
        "no refused meal was saved: {list}"
    );
}

#[tokio::test]
async fn only_the_owner_sees_or_changes_a_meal() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let eve = register(&app, "eve").await;
    let rice = food_id(&app, "rice").await;
    let meal = create(
        &app,
        &ann,
        json!({"foods": [{"food_id": rice, "quantity": 100}, {"food_id": rice, "quantity": 20}]}),
    )
    .await;
    let id = meal["id"].as_i64().unwrap();
    let line = meal["foods"][0]["id"].as_i64().unwrap();
    let attempts = [
        (Method::GET, format!("/meals/{id}/"), json!({})),
        (
            Method::PUT,
            format!("/meals/{id}/update/"),
            json!({"name": "mine"}),
        ),
        (Method::DELETE, format!("/meals/{id}/delete/"), json!({})),
        (
            Method::POST,
            format!("/meals/{id}/add-food/"),
            json!({"food_id": rice, "quantity": 5}),
        ),
        (
            Method::PUT,
            format!("/meals/food/{line}/update/"),
            json!({"quantity": 5}),
        ),
        (
            Method::DELETE,
            format!("/meals/food/{line}/delete/"),
            json!({}),
        ),
    ];
    for (method, path, body) in attempts {
        let (status, answer) = as_user(&app, method.clone(), &path, &eve, body.clone()).await;
        assert_eq!(status, 404, "{method} {path}: {answer}");
        let (status, _) = send_as(&app, method, &path, "not-a-token", &body).await;
        assert_eq!(status, 401);
    }
    let (_, eves) = get_as(&app, "/meals/list/", &eve.access).await;
    assert_eq!(eves["data"]["total"], 0);
    let (_, read) = get_as(&app, &format!("/meals/{id}/"), &ann.access).await;
    assert_eq!(read["data"], meal, "nothing changed");
}

#[tokio::test]
async fn lines_are_added_changed_and_removed_one_at_a_time() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let rice = food_id(&app, "rice").await;
    let egg = food_id(&app, "boiled%20egg").await;
    let meal = create(
        &app,
        &ann,
        json!({"foods": [{"food_id": rice, "quantity": 100}]}),
    )
    .await;
    let id = meal["id"].as_i64().unwrap();
    let (status, more) = as_user(
        &app,
        Method::POST,
        &format!("/meals/{id}/add-food/"),
        &ann,
        json!({"food_id": egg, "quantity": 50}),
    )
    .await;
    assert_eq!(status, 200, "{more}");
    let more = &more["data"];
    assert_eq!(more["foods"].as_array().unwrap().len(), 2);
    let egg_line = more["foods"][1]["id"].as_i64().unwrap();
    let egg_kcal = number(&more["foods"][1]["calories"]);
    let (status, changed) = as_user(
        &app,
        Method::PUT,
        &format!("/meals/food/{egg_line}/update/"),
        &ann,
        json!({"quantity": 100}),
    )
    .await;
    assert_eq!(status, 200, "{changed}");
    let doubled = number(&changed["data"]["foods"][1]["calories"]);
    assert!((doubled - 2.0 * egg_kcal).abs() <= 0.1);
    assert!(
        (number(&changed["data"]["total_calories"]) - number(&meal["total_calories"]) - doubled)
            .abs()
            < 0.05
    );
    for bad in [json!({"quantity": 0}), json!({}), json!({"quantity": "x"})] {
        let (status, _) = as_user(
            &app,
            Method::PUT,
            &format!("/meals/food/{egg_line}/update/"),
            &ann,
            bad,
        )
        .await;
        assert_eq!(status, 422);
    }
    let (status, fewer) = as_user(
        &app,
        Method::DELETE,
        &format!("/meals/food/{egg_line}/delete/"),
        &ann,
        json!({}),
    )
    .await;
    assert_eq!(status, 200, "{fewer}");
    assert_eq!(
        number(&fewer["data"]["total_calories"]),
        number(&meal["total_calories"])
    );
    let last = fewer["data"]["foods"][0]["id"].as_i64().unwrap();
    let (status, refused) = as_user(
        &app,
        Method::DELETE,
        &format!("/meals/food/{last}/delete/"),
        &ann,
        json!({}),
    )
    .await;
    assert_eq!(
        (status, refused["error"]["code"].as_str()),
        (422, Some("LAST_MEAL_FOOD"))
    );
    let (status, _) = as_user(
        &app,
        Method::DELETE,
        &format!("/meals/{id}/delete/"),
        &ann,
        json!({}),
    )
    .await;
    assert_eq!(status, 200);
    let (status, _) = get_as(&app, &format!("/meals/{id}/"), &ann.access).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn logged_meals_keep_the_nutrition_they_were_saved_with() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let (_, shake) = as_user(
        &app,
        Method::POST,
        "/foods/create/",
        &ann,
        json!({"name": "Protein shake", "calories": 100, "protein": 20}),
    )
    .await;
    let shake = shake["data"]["id"].as_i64().unwrap();
    let rice = food_id(&app, "rice").await;
    let meal = create(
        &app,
        &ann,
        json!({"foods": [{"food_id": shake, "quantity": 300}, {"food_id": rice, "quantity": 100}]}),
    )
    .await;
    let id = meal["id"].as_i64().unwrap();
    let (status, _) = as_user(
        &app,
        Method::PUT,
        &format!("/foods/{shake}/update/"),
        &ann,
        json!({"name": "Protein shake", "calories": 150, "protein": 30}),
    )
    .await;
    assert_eq!(status, 200);
    let (_, read) = get_as(&app, &format!("/meals/{id}/"), &ann.access).await;
    assert_eq!(
        read["data"]["foods"][0]["calories"], 300.0,
        "the edit leaves the meal alone"
    );

    // Editing the meal keeps the saved values of foods it already had…
    let (_, kept) = as_user(
        &app,
        Method::PUT,
        &format!("/meals/{id}/update/"),
        &ann,
        json!({"foods": [{"food_id": shake, "quantity": 200}, {"food_id": rice, "quantity": 100}]}),
    )
    .await;
    assert_eq!(kept["data"]["foods"][0]["calories"], 200.0, "{kept}");
    // …unless the basket took the food's new values (its line was flagged updated).
    let (_, refreshed) = as_user(
        &app,
        Method::PUT,
        &format!("/meals/{id}/update/"),
        &ann,
        json!({"foods": [{"food_id": shake, "quantity": 200, "refresh": true}]}),
    )
    .await;
    assert_eq!(
        refreshed["data"]["foods"][0]["calories"], 300.0,
        "{refreshed}"
    );
    assert_eq!(refreshed["data"]["total_protein"], 60.0);

    // Deleting the food keeps the meal whole and says how many meals show it.
    create(
        &app,
        &ann,
        json!({"foods": [{"food_id": shake, "quantity": 100}]}),
    )
    .await;
    let (status, impact) = as_user(
        &app,
        Method::DELETE,
        &format!("/foods/{shake}/delete/"),
        &ann,
        json!({}),
    )
    .await;
    assert_eq!(status, 200, "{impact}");
    assert_eq!(
        impact["data"],
        json!({"removed_from_meals": false, "meal_count": 2, "meal_foods_count": 2})
    );
    let (_, read) = get_as(&app, &format!("/meals/{id}/"), &ann.access).await;
    assert_eq!(read["data"]["foods"][0]["food_name"], "Protein shake");
    // The meal can still be edited, the deleted food's line kept as saved.
    let (status, renamed) = as_user(
        &app,
        Method::PUT,
        &format!("/meals/{id}/update/"),
        &ann,
        json!({"name": "Post-run", "foods": [{"food_id": shake, "quantity": 100}]}),
    )
    .await;
    assert_eq!(status, 200, "{renamed}");
    assert_eq!(renamed["data"]["foods"][0]["calories"], 150.0);
    let (status, gone) = as_user(
        &app,
        Method::PUT,
        &format!("/meals/{id}/update/"),
        &ann,
        json!({"foods": [{"food_id": shake, "quantity": 100, "refresh": true}]}),
    )
    .await;
    assert_eq!(status, 404, "a deleted food has no current values: {gone}");
}

/// Meals saved at fixed UTC instants, read in the time zone given.
async fn day_of(app: &TestApp, who: &Session, tz: &str, date: &str) -> Vec<Value> {
    let (status, list) = get_as(
        app,
        &format!("/meals/list/?date={date}&tz={tz}&page_size=100"),
        &who.access,
    )
    .await;
    assert_eq!(status, 200, "{list}");
    list["data"]["meals"].as_array().unwrap().clone()
}

#[tokio::test]
async fn days_are_the_users_local_days() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let rice = food_id(&app, "rice").await;
    let foods = json!([{"food_id": rice, "quantity": 100}]);
    // 23:30 UTC on the 22nd: the 23rd at 07:30 in Shanghai, the 22nd at 18:30 in New York.
    let (status, late) = send_as(
        &app,
        Method::POST,
        "/meals/create/",
        &ann.access,
        &json!({"date": "2026-11-22T23:30:00Z", "foods": foods}),
    )
    .await;
    assert_eq!(status, 201);
    assert_eq!(late["data"]["meal_type"], "snack", "23:30 in UTC");
    let shanghai = app
        .client
        .post(app.url("/meals/create/"))
        .bearer_auth(&ann.access)
        .header("X-Time-Zone", "Asia/Shanghai")
        .json(&json!({"date": "2026-11-22T23:30:00Z", "foods": foods}))
        .send()
        .await
        .unwrap();
    let (status, breakfast) = support::json_of(shanghai).await;
    assert_eq!(status, 201);
    assert_eq!(
        breakfast["data"]["meal_type"], "breakfast",
        "07:30 in Shanghai"
    );
    assert_eq!(breakfast["data"]["date"], "2026-11-23");
    assert_eq!(breakfast["data"]["time"], "07:30");

    assert_eq!(
        day_of(&app, &ann, "Asia/Shanghai", "2026-11-23")
            .await
            .len(),
        2
    );
    assert_eq!(
        day_of(&app, &ann, "Asia/Shanghai", "2026-11-22")
            .await
            .len(),
        0
    );
    let ny = day_of(&app, &ann, "America/New_York", "2026-11-22").await;
    assert_eq!(ny.len(), 2);
    assert_eq!(ny[0]["time"], "18:30");
    assert_eq!(day_of(&app, &ann, "UTC", "2026-11-22").await.len(), 2);

    // The statistics of a local day follow the same zone.
    let (_, stats) = get_as(
        &app,
        "/meals/statistics/?date=2026-11-23&tz=Asia/Shanghai",
        &ann.access,
    )
    .await;
    assert_eq!(stats["data"]["summary"]["total_meals"], 2, "{stats}");
    let (_, stats) = get_as(
        &app,
        "/meals/statistics/?date=2026-11-23&tz=America/New_York",
        &ann.access,
    )
    .await;
    assert_eq!(stats["data"]["summary"]["total_meals"], 0);

    // 2026-03-08 in New York has 23 hours: 00:30 and 23:30 local are both in it.
    for local in [
        "2026-03-08T00:30:00",
        "2026-03-08T23:30:00",
        "2026-03-09T00:30:00",
    ] {
        let (status, body) = send_as(
            &app,
            Method::POST,
            "/meals/create/?tz=America/New_York",
            &ann.access,
            &json!({"date": local, "meal_type": "snack", "foods": foods}),
        )
        .await;
        assert_eq!(status, 201, "{body}");
    }
    let spring = day_of(&app, &ann, "America/New_York", "2026-03-08").await;
    let times: Vec<&str> = spring.iter().map(|m| m["time"].as_str().unwrap()).collect();
    assert_eq!(times, ["23:30", "00:30"], "newest first");
    assert_eq!(
        spring[1]["eaten_at"], "2026-03-08T05:30:00Z",
        "EST before the change"
    );
    assert_eq!(
        spring[0]["eaten_at"], "2026-03-09T03:30:00Z",
        "EDT after it"
    );
    assert_eq!(
        day_of(&app, &ann, "America/New_York", "2026-03-09")
            .await
            .len(),
        1
    );

    // An explicit span of instants is taken as given, its last second included.
    let (_, span) = get_as(
        &app,
        "/meals/list/?start_datetime_utc=2026-11-22T16:00:00Z&end_datetime_utc=2026-11-23T15:59:59Z",
        &ann.access,
    )
    .await;
    assert_eq!(span["data"]["total"], 2, "{span}");
}

#[tokio::test]
async fn lists_page_and_filter_and_recent_meals_cover_seven_days() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let rice = food_id(&app, "rice").await;
    let today = chrono::Utc::now().date_naive();
    for days_ago in 0..10u64 {
        for meal_type in ["breakfast", "dinner"] {
            let date = today - chrono::Days::new(days_ago);
            create(
                &app,
                &ann,
                json!({"date": date.to_string(), "meal_type": meal_type,
                       "foods": [{"food_id": rice, "quantity": 100}]}),
            )
            .await;
        }
    }
    let (_, page) = get_as(&app, "/meals/list/?page=2&page_size=5", &ann.access).await;
    let page = &page["data"];
    assert_eq!(
        (page["total"].as_i64(), page["page"].as_i64()),
        (Some(20), Some(2))
    );
    assert_eq!(page["meals"].as_array().unwrap().len(), 5);
    assert_eq!(page["has_more"], true);
    let (_, last) = get_as(&app, "/meals/list/?page=4&page_size=5", &ann.access).await;
    assert_eq!(last["data"]["has_more"], false);
    let (_, dinners) = get_as(
        &app,
        "/meals/list/?meal_type=dinner&page_size=100",
        &ann.access,
    )
    .await;
    assert_eq!(dinners["data"]["total"], 10);
    let first = today - chrono::Days::new(2);
    let (_, span) = get_as(
        &app,
        &format!("/meals/list/?start_date={first}&end_date={today}"),
        &ann.access,
    )
    .await;
    assert_eq!(span["data"]["total"], 6);
    let meals = span["data"]["meals"].as_array().unwrap();
    assert!(
        meals
            .windows(2)
            .all(|w| w[0]["eaten_at"].as_str() >= w[1]["eaten_at"].as_str())
    );
    for bad in [
        "page_size=101",
        "page=0",
        "start_date=2026-01-01",
        "date=31-12-2026",
        "meal_type=tea",
    ] {
        let (status, _) = get_as(&app, &format!("/meals/list/?{bad}"), &ann.access).await;
        assert_eq!(status, 422, "{bad}");
    }

    let (_, recent) = get_as(&app, "/meals/recent/?limit=50", &ann.access).await;
    let recent = recent["data"]["meals"].as_array().unwrap();
    assert_eq!(recent.len(), 14, "today and the 6 days before");
    let (_, seven) = get_as(&app, "/meals/recent/", &ann.access).await;
    assert_eq!(seven["data"]["meals"].as_array().unwrap().len(), 7);
}

#[tokio::test]
async fn statistics_over_a_day_and_a_range() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let rice = food_id(&app, "rice").await;
    let egg = food_id(&app, "boiled%20egg").await;
    let meal = |date: &str, meal_type: &str, foods: Value| json!({"date": date, "meal_type": meal_type, "foods": foods});
    let m1 = create(
        &app,
        &ann,
        meal(
            "2026-11-02",
            "breakfast",
            json!([{"food_id": egg, "quantity": 100}]),
        ),
    )
    .await;
    let m2 = create(
        &app,
        &ann,
        meal(
            "2026-11-02",
            "lunch",
            json!([{"food_id": rice, "quantity": 200}, {"food_id": egg, "quantity": 50}]),
        ),
    )
    .await;
    let m3 = create(
        &app,
        &ann,
        meal(
            "2026-11-04",
            "dinner",
            json!([{"food_id": rice, "quantity": 300}]),
        ),
    )
    .await;
    let kcal = |m: &Value| number(&m["total_calories"]);

    let (status, day) = get_as(&app, "/meals/statistics/?date=2026-11-02", &ann.access).await;
    assert_eq!(status, 200, "{day}");
    let day = &day["data"];
    assert_eq!(day["is_single_day"], true);
    assert_eq!(day["summary"]["total_meals"], 2);
    assert!((number(&day["summary"]["total_calories"]) - kcal(&m1) - kcal(&m2)).abs() < 0.05);
    assert_eq!(day["meal_breakdown"]["breakfast"]["count"], 1);
    assert_eq!(day["meal_breakdown"]["lunch"]["count"], 1);
    assert_eq!(day["meal_breakdown"]["dinner"]["count"], 0);
    assert_eq!(day["meal_breakdown"]["snack"]["count"], 0);
    assert_eq!(day["calorie_goal"], 2000);

    let (_, range) = get_as(
        &app,
        "/meals/statistics/?start_date=2026-11-01&end_date=2026-11-07",
        &ann.access,
    )
    .await;
    let range = &range["data"];
    assert_eq!(range["is_single_day"], false);
    assert_eq!(range["stats"]["date_range"]["days_count"], 7);
    assert_eq!(range["stats"]["days_logged"], 2);
    let total = kcal(&m1) + kcal(&m2) + kcal(&m3);
    assert!((number(&range["stats"]["totals"]["calories"]) - total).abs() < 0.05);
    assert!((number(&range["stats"]["daily_average"]["calories"]) - total / 7.0).abs() < 0.06);
    // Two of the seven days have meals: the logged-day average is over those two.
    let logged = &range["stats"]["logged_day_average"];
    assert!(
        (number(&logged["calories"]) - total / 2.0).abs() < 0.06,
        "{logged}"
    );
    assert!(number(&logged["protein"]) > number(&range["stats"]["daily_average"]["protein"]));
    let daily = range["daily"].as_array().unwrap();
    assert_eq!(daily.len(), 7);
    assert_eq!(daily[0]["date"], "2026-11-01");
    assert_eq!(daily[0]["calories"], 0.0);
    assert_eq!(daily[3]["meals"], 1);
    let top = range["top_foods"].as_array().unwrap();
    assert_eq!(
        top[0]["food_id"], rice,
        "rice brought the most calories: {top:?}"
    );
    assert_eq!(top[0]["total_quantity"], 500.0);
    assert_eq!(top[0]["frequency"], 2);
    assert_eq!(top[1]["total_quantity"], 150.0);
    let split = &range["macro_split"];
    let shares = number(&split["protein"]) + number(&split["fat"]) + number(&split["carbs"]);
    assert!((shares - 100.0).abs() < 0.2, "{split}");

    let (_, dinners) = get_as(
        &app,
        "/meals/statistics/?start_date=2026-11-01&end_date=2026-11-07&meal_type=dinner",
        &ann.access,
    )
    .await;
    assert_eq!(dinners["data"]["summary"]["total_meals"], 1);
    let (_, all) = get_as(&app, "/meals/statistics/?all=true", &ann.access).await;
    assert_eq!(all["data"]["start_date"], "2026-11-02");
    assert_eq!(all["data"]["summary"]["total_meals"], 3);

    let (_, cmp) = get_as(
        &app,
        "/meals/comparison/?date1=2026-11-02&date2=2026-11-04",
        &ann.access,
    )
    .await;
    let cmp = &cmp["data"];
    assert_eq!(cmp["date1"]["total_meals"], 2);
    assert!(
        (number(&cmp["difference"]["calories"]) - (kcal(&m3) - kcal(&m1) - kcal(&m2))).abs() < 0.05
    );

    let (_, summary) = get_as(&app, "/meals/daily-summary/?date=2026-11-04", &ann.access).await;
    let summary = &summary["data"];
    assert_eq!(summary["meals"].as_array().unwrap().len(), 1);
    assert!((number(&summary["remaining_calories"]) - (2000.0 - kcal(&m3))).abs() < 0.05);
    assert!((number(&summary["progress_percent"]) - kcal(&m3) / 20.0).abs() < 0.06);

    let (_, week) = get_as(
        &app,
        "/meals/nutrition-stats/?start_date=2026-11-01&period=weekly",
        &ann.access,
    )
    .await;
    assert_eq!(week["data"]["end_date"], "2026-11-07", "{week}");
    assert_eq!(week["data"]["days_logged"], 2);
    let (_, month) = get_as(
        &app,
        "/meals/nutrition-stats/?start_date=2026-11-01&period=monthly",
        &ann.access,
    )
    .await;
    assert_eq!(month["data"]["days_count"], 30);

    for bad in [
        "/meals/statistics/?start_date=2026-11-07&end_date=2026-11-01",
        "/meals/statistics/?start_date=2020-01-01&end_date=2026-11-01",
        "/meals/statistics/?date=tomorrow",
        "/meals/comparison/?date1=2026-11-02",
        "/meals/nutrition-stats/?start_date=2026-11-01&period=yearly",
    ] {
        let (status, answer) = get_as(&app, bad, &ann.access).await;
        assert_eq!(status, 422, "{bad}: {answer}");
    }
}

#[tokio::test]
async fn a_plan_saves_a_template_on_every_day_or_nothing() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let rice = food_id(&app, "rice").await;
    let egg = food_id(&app, "boiled%20egg").await;
    let (status, planned) = as_user(
        &app,
        Method::POST,
        "/meals/plan/",
        &ann,
        json!({"start_date": "2026-12-01", "end_date": "2026-12-03", "meal_template": {
            "breakfast": [{"food_id": egg, "quantity": 100}],
            "lunch": [{"food_id": rice, "quantity": 200}, {"food_id": egg, "quantity": 50}]}}),
    )
    .await;
    assert_eq!(status, 201, "{planned}");
    assert_eq!(planned["data"]["meals_created"], 6);
    let meals = planned["data"]["meals"].as_array().unwrap();
    assert_eq!(
        (meals[0]["date"].as_str(), meals[0]["time"].as_str()),
        (Some("2026-12-01"), Some("08:00"))
    );
    assert_eq!(meals[1]["meal_type"], "lunch");
    for bad in [
        json!({"start_date": "2026-12-01", "end_date": "2027-01-05", "meal_template": {"lunch": [{"food_id": rice, "quantity": 1}]}}),
        json!({"start_date": "2026-12-01", "end_date": "2026-12-02", "meal_template": {"brunch": [{"food_id": rice, "quantity": 1}]}}),
        json!({"start_date": "2026-12-01", "end_date": "2026-12-02", "meal_template": {}}),
        json!({"start_date": "2026-12-01", "end_date": "2026-12-02", "meal_template": {"lunch": [{"food_id": 99999, "quantity": 1}]}}),
        json!({"end_date": "2026-12-02", "meal_template": {"lunch": [{"food_id": rice, "quantity": 1}]}}),
    ] {
        let (status, answer) = as_user(&app, Method::POST, "/meals/plan/", &ann, bad.clone()).await;
        assert!(status == 422 || status == 404, "{bad}: {answer}");
    }
    let (_, list) = get_as(&app, "/meals/list/", &ann.access).await;
    assert_eq!(list["data"]["total"], 6, "refused plans saved nothing");
}

#[tokio::test]
async fn weight_is_recorded_per_day_and_moves_the_profile() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let eve = register(&app, "eve").await;
    let today = chrono::Utc::now().date_naive();
    let week_ago = today - chrono::Days::new(7);
    let record =
        |date: String, weight: Value| json!({"date": date, "weight": weight, "notes": "morning"});
    let (status, first) = as_user(
        &app,
        Method::POST,
        "/meals/record-weight/",
        &ann,
        record(week_ago.to_string(), json!(72.4)),
    )
    .await;
    assert_eq!(status, 201, "{first}");
    let (_, latest) = as_user(
        &app,
        Method::POST,
        "/meals/record-weight/",
        &ann,
        record(today.to_string(), json!(71.0)),
    )
    .await;
    let (_, replaced) = as_user(
        &app,
        Method::POST,
        "/meals/record-weight/",
        &ann,
        record(today.to_string(), json!(70.8)),
    )
    .await;
    assert_eq!(
        replaced["data"]["id"], latest["data"]["id"],
        "one record per day"
    );
    let (_, profile) = get_as(&app, "/users/profile/", &ann.access).await;
    assert_eq!(profile["data"]["profile"]["weight"], 70.8, "{profile}");

    let (_, history) = get_as(&app, "/meals/weight-history/", &ann.access).await;
    let history = &history["data"];
    let weights: Vec<f64> = history["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| number(&r["weight"]))
        .collect();
    assert_eq!(weights, [72.4, 70.8]);
    assert_eq!(history["change"], -1.6);
    assert_eq!(history["latest"]["weight"], 70.8);

    for bad in [
        record(today.to_string(), json!(10)),
        record(today.to_string(), json!("heavy")),
        record((today + chrono::Days::new(2)).to_string(), json!(70)),
        json!({"date": today.to_string()}),
    ] {
        let (status, answer) = as_user(
            &app,
            Method::POST,
            "/meals/record-weight/",
            &ann,
            bad.clone(),
        )
        .await;
        assert_eq!(status, 422, "{bad}: {answer}");
    }
    let today_id = replaced["data"]["id"].as_i64().unwrap();
    let (status, _) = as_user(
        &app,
        Method::DELETE,
        &format!("/meals/weight/{today_id}/delete/"),
        &eve,
        json!({}),
    )
    .await;
    assert_eq!(status, 404);
    let (status, _) = as_user(
        &app,
        Method::DELETE,
        &format!("/meals/weight/{today_id}/delete/"),
        &ann,
        json!({}),
    )
    .await;
    assert_eq!(status, 200);
    let (_, profile) = get_as(&app, "/users/profile/", &ann.access).await;
    assert_eq!(
        profile["data"]["profile"]["weight"], 72.4,
        "back to the newest left"
    );
}

#[tokio::test]
async fn the_export_holds_every_meal() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let rice = food_id(&app, "rice").await;
    create(
        &app,
        &ann,
        json!({"name": "Dinner, \"big\"", "date": "2026-11-20T11:00:00Z",
               "foods": [{"food_id": rice, "quantity": 250}]}),
    )
    .await;
    let (status, export) = get_as(&app, "/users/export/?tz=Asia/Shanghai", &ann.access).await;
    assert_eq!(status, 200);
    assert_eq!(export["meals"][0]["date"], "2026-11-20");
    assert_eq!(export["meals"][0]["time"], "19:00");
    assert_eq!(export["meals"][0]["foods"][0]["quantity"], 250.0);
    let csv = app
        .client
        .get(app.url("/users/export/meals.csv"))
        .bearer_auth(&ann.access)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows.len(), 2, "{csv}");
    assert!(
        rows[1].contains(",2026-11-20,11:00,lunch,\"Dinner, \"\"big\"\"\","),
        "{csv}"
    );
    assert!(rows[1].contains(",250,"), "{csv}");
}

/// Saves `count` meals of `lines` foods each for `who` through the store (the API saves
/// one at a time). They are saved newest first, and three at a time share a moment, so
/// the export's order (eaten at, then id) is neither the order of ids nor of moments
/// alone. Every name needs quoting in the CSV.
async fn log_many(app: &TestApp, who: &Session, count: usize, lines: usize) -> UserId {
    let owner = UserId::from_i64(who.user["id"].as_i64().unwrap());
    let rice = app
        .state
        .stores
        .foods
        .find_by_source_key(FoodSource::Catalogue, "rice-white-cooked")
        .await
        .unwrap()
        .unwrap();
    let start: DateTime<Utc> = "2020-01-01T00:00:00Z".parse().unwrap();
    let meals: Vec<NewMeal> = (0..count)
        .map(|i| NewMeal {
            owner,
            name: Some(format!("Meal {i}, \"{}\"", i % 7)),
            meal_type: MealType::Lunch,
            eaten_at: start + chrono::Duration::minutes(((count - i) / 3) as i64),
            notes: None,
            lines: (0..lines)
                .map(|l| MealLine::of(&rice, Grams::parse((50 + (i + l) % 200) as f64).unwrap()))
                .collect(),
        })
        .collect();
    for some in meals.chunks(500) {
        app.state.stores.meals.create_many(some).await.unwrap();
    }
    owner
}

#[tokio::test]
async fn a_long_history_is_exported_whole_a_page_at_a_time() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let bob = register(&app, "bob").await;
    // Five pages and a bit.
    let owner = log_many(&app, &ann, 1_001, 2).await;
    log_many(&app, &bob, 3, 1).await;
    let stored = app
        .state
        .stores
        .meals
        .between(owner, &MealFilter::default())
        .await
        .unwrap();
    let ids: Vec<i64> = stored.iter().map(|m| m.id).collect();
    assert_eq!(ids.len(), 1_001);

    let response = download(&app, &ann, "/users/export/").await;
    assert_eq!(response.status(), 200);
    let export: Value = serde_json::from_str(&response.text().await.unwrap()).unwrap();
    assert_eq!(export["user"]["username"], "ann");
    assert!(export["weights"].as_array().unwrap().is_empty());
    let meals = export["meals"].as_array().unwrap();
    let exported: Vec<i64> = meals.iter().map(|m| m["id"].as_i64().unwrap()).collect();
    assert_eq!(
        exported, ids,
        "every meal once, oldest first, as the store has them"
    );
    let calories = |values: &mut dyn Iterator<Item = f64>| values.sum::<f64>();
    assert_eq!(
        calories(&mut meals.iter().map(|m| number(&m["total_calories"]))),
        calories(&mut stored.iter().map(|m| m.totals.calories))
    );
    assert!(
        meals
            .iter()
            .all(|m| m["foods"].as_array().unwrap().len() == 2)
    );
    assert_eq!(meals[0]["name"], "Meal 999, \"5\"");

    // Compressed, as most clients ask for it, it ends whole as well.
    for path in ["/users/export/", "/users/export/meals.csv"] {
        let compressed = app
            .client
            .get(app.url(path))
            .bearer_auth(&ann.access)
            .header("accept-encoding", "gzip")
            .send()
            .await
            .unwrap();
        assert_eq!(compressed.status(), 200);
        assert_eq!(compressed.headers()["content-encoding"], "gzip");
        let bytes = compressed
            .bytes()
            .await
            .expect("the whole compressed export");
        assert_eq!(&bytes[..2], &[0x1f, 0x8b], "{path}: a gzip stream");
    }
    let response = download(&app, &ann, "/users/export/meals.csv").await;
    assert_eq!(response.status(), 200);
    let csv = response.text().await.unwrap();
    let rows: Vec<&str> = csv.lines().collect();
    assert!(
        rows[0].starts_with(
            "meal_id,date,time,meal_type,meal_name,food_name,food_name_zh,quantity_g,calories,protein_g,fat_g,carbs_g,fiber_g,sugar_g,sodium_mg,vitamin_a_ug,"
        ),
        "{}",
        rows[0]
    );
    assert_eq!(rows.len(), 1 + 2 * 1_001, "a row per food");
    let row_meals: Vec<i64> = rows[1..]
        .iter()
        .map(|r| r.split(',').next().unwrap().parse().unwrap())
        .collect();
    let expected: Vec<i64> = ids.iter().flat_map(|id| [*id, *id]).collect();
    assert_eq!(row_meals, expected);
    assert!(rows[1].contains(",\"Meal 999, \"\"5\"\"\","), "{}", rows[1]);
}

#[tokio::test]
async fn exports_beyond_the_bound_are_told_when_to_come_back() {
    let Some(app) = spawn_app(Options {
        exports_at_once: 1,
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let ann = register(&app, "ann").await;
    let bob = register(&app, "bob").await;
    // About 13 MB of JSON: more than twice what the connection's buffers hold (the
    // kernel's on both sides, the server's and the client's), so the export runs until
    // it is read.
    log_many(&app, &ann, 200, 100).await;
    let running = download(&app, &ann, "/users/export/").await;
    assert_eq!(running.status(), 200);

    let refused = |response: reqwest::Response| async move {
        let status = response.status().as_u16();
        let retry_after = response.headers()["retry-after"]
            .to_str()
            .unwrap()
            .to_owned();
        let body: Value = response.json().await.unwrap();
        (
            status,
            body["error"]["code"].as_str().unwrap().to_owned(),
            retry_after,
        )
    };
    let again = download(&app, &ann, "/users/export/meals.csv").await;
    assert_eq!(
        refused(again).await,
        (429, "EXPORT_IN_PROGRESS".into(), "10".into()),
        "one export per user at a time"
    );
    let other = download(&app, &bob, "/users/export/").await;
    assert_eq!(
        refused(other).await,
        (503, "EXPORT_BUSY".into(), "10".into()),
        "one export at once in all here"
    );

    let export: Value = serde_json::from_str(&running.text().await.unwrap()).unwrap();
    assert_eq!(export["meals"].as_array().unwrap().len(), 200);
    assert_eq!(export["meals"][199]["foods"].as_array().unwrap().len(), 100);
    // Each place is given back before the export's end is sent: read to the end, the
    // next export may start.
    for (who, path) in [(&bob, "/users/export/"), (&ann, "/users/export/meals.csv")] {
        let response = download(&app, who, path).await;
        assert_eq!(response.status(), 200, "{path}");
        response.text().await.unwrap();
    }
}

#[tokio::test]
async fn an_export_that_fails_midway_is_cut_short_rather_than_shortened() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let owner = log_many(&app, &ann, 1_001, 1).await;
    let stored = app
        .state
        .stores
        .meals
        .between(owner, &MealFilter::default())
        .await
        .unwrap();
    // A meal the store cannot read, on the fourth page: the answer has started by then.
    let broken = stored[700].id;
    let corrupt = "update meal set meal_type = 'brunch' where meal_id = $1";
    match &app.state.db {
        Database::Sqlite(pool) => {
            sqlx::query(corrupt)
                .bind(broken)
                .execute(pool)
                .await
                .unwrap();
        }
        Database::Postgres(pool) => {
            sqlx::query(corrupt)
                .bind(broken)
                .execute(pool)
                .await
                .unwrap();
        }
    }
    for (path, encoding) in [
        ("/users/export/", "identity"),
        ("/users/export/", "gzip"),
        ("/users/export/meals.csv", "identity"),
    ] {
        let response = app
            .client
            .get(app.url(path))
            .bearer_auth(&ann.access)
            .header("accept-encoding", encoding)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "{path}");
        assert!(
            response.bytes().await.is_err(),
            "{path} ({encoding}): the download fails instead of ending short"
        );
    }
    // The export's place was given back.
    let response = download(&app, &ann, "/users/export/").await;
    assert_eq!(response.status(), 200);
}

/// Sends `body` to `path` as `who` with an `Idempotency-Key`.
async fn post_with_key(
    app: &TestApp,
    who: &Session,
    path: &str,
    key: &str,
    body: &Value,
) -> (u16, Value, Option<String>) {
    let response = app
        .client
        .post(app.url(path))
        .bearer_auth(&who.access)
        .header("Idempotency-Key", key)
        .json(body)
        .send()
        .await
        .unwrap();
    let retry = response
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().unwrap().to_owned());
    let (status, body) = support::json_of(response).await;
    (status, body, retry)
}

/// Sends the head of a POST as `who` with an `Idempotency-Key` and a declared body of
/// `length` bytes, then only its first 64: the answer, if one comes before the rest.
async fn answer_to_a_partial_body(
    app: &TestApp,
    who: &Session,
    path: &str,
    content_type: &str,
    length: usize,
) -> Option<String> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let address = app.api.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let head = format!(
        "POST /api/v1{path} HTTP/1.1\r\nHost: {address}\r\nAuthorization: Bearer {}\r\n\
         Idempotency-Key: big-1\r\nContent-Type: {content_type}\r\n\
         Content-Length: {length}\r\n\r\n{}",
        who.access,
        "x".repeat(64)
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    // Well inside the server's wait for the rest of a body (20 s): an answer by then did
    // not wait for it. Read until the connection closes or the time is up.
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(3);
    let mut answer = Vec::new();
    let mut piece = vec![0u8; 4096];
    while let Ok(Ok(n)) = tokio::time::timeout_at(deadline, stream.read(&mut piece)).await {
        if n == 0 {
            break;
        }
        answer.extend_from_slice(&piece[..n]);
    }
    (!answer.is_empty()).then(|| String::from_utf8_lossy(&answer).into_owned())
}

#[tokio::test]
async fn an_idempotency_key_covers_the_query_and_time_zone_and_reads_no_more_than_its_route() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let rice = food_id(&app, "米饭").await;
    let body = json!({"name": "Lunch", "date": "2026-11-20", "meal_type": "lunch",
                      "foods": [{"food_id": rice, "quantity": 150}]});
    let post = |path: &'static str, zone: &'static str| {
        app.client
            .post(app.url(path))
            .bearer_auth(&ann.access)
            .header("Idempotency-Key", "zone-1")
            .header("X-Time-Zone", zone)
            .json(&body)
            .send()
    };
    let (status, first) =
        support::json_of(post("/meals/create/", "Asia/Shanghai").await.unwrap()).await;
    assert_eq!(status, 201, "{first}");
    let (status, again) =
        support::json_of(post("/meals/create/", "Asia/Shanghai").await.unwrap()).await;
    assert_eq!(
        (status, &again),
        (201, &first),
        "the same request is replayed"
    );
    // Another time zone or another query is another request: refused, nothing saved.
    for (path, zone) in [
        ("/meals/create/", "America/New_York"),
        ("/meals/create/?tz=Asia/Tokyo", "Asia/Shanghai"),
    ] {
        let (status, refused) = support::json_of(post(path, zone).await.unwrap()).await;
        assert_eq!(
            (status, refused["error"]["code"].as_str()),
            (422, Some("IDEMPOTENCY_KEY_REUSED")),
            "{path} {zone}: {refused}"
        );
    }
    assert_eq!(meals_on(&app, &ann, "2026-11-20").await, 1);

    // A key makes the server read no more than the route would: a JSON body past the
    // JSON limit is refused from its declared length, before it is sent.
    let answer =
        answer_to_a_partial_body(&app, &ann, "/meals/create/", "application/json", 5_000_000)
            .await
            .expect("an answer before the body is sent");
    assert!(answer.starts_with("HTTP/1.1 413 "), "{answer}");
    assert!(answer.contains("PAYLOAD_TOO_LARGE"), "{answer}");
    // On an unknown route the key is not read at all.
    let answer =
        answer_to_a_partial_body(&app, &ann, "/no-such-route/", "application/json", 5_000_000)
            .await
            .expect("an answer before the body is sent");
    assert!(answer.starts_with("HTTP/1.1 404 "), "{answer}");
    // A photo's form may be as large as the upload route takes.
    let answer = answer_to_a_partial_body(
        &app,
        &ann,
        "/images/upload/",
        "multipart/form-data; boundary=b",
        11_000_000,
    )
    .await
    .expect("an answer before the body is sent");
    assert!(answer.starts_with("HTTP/1.1 413 "), "{answer}");
    // Issue 48: the limit is the matched route's, not the content type's: a form sent
    // to a JSON route is refused unread (415), as it is without a key, never buffered.
    let answer = answer_to_a_partial_body(
        &app,
        &ann,
        "/meals/create/",
        "multipart/form-data; boundary=b",
        10_000_000,
    )
    .await
    .expect("an answer before the body is sent");
    assert!(answer.starts_with("HTTP/1.1 415 "), "{answer}");
}

/// Issue 48: with a key, a photo is admitted by the account's photo budget before a byte
/// of it is read, as without one, and counted once.
#[tokio::test]
async fn an_idempotency_key_reads_no_photo_the_account_may_not_send() {
    let Some(app) = spawn_app(Options {
        rate_limits: api::RateLimits {
            upload_per_account: api::Limit::per(2, std::time::Duration::from_secs(600)),
            ..support::generous_limits()
        },
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let ann = register(&app, "ann").await;
    let photo = {
        let mut png = Vec::new();
        image::DynamicImage::new_rgb8(64, 48)
            .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
            .unwrap();
        png
    };
    // One photo with a key: counted once, not twice.
    let form = reqwest::multipart::Form::new().part(
        "image",
        reqwest::multipart::Part::bytes(photo.clone())
            .file_name("plate.png")
            .mime_str("image/png")
            .unwrap(),
    );
    let sent = app
        .client
        .post(app.url("/images/upload/"))
        .bearer_auth(&ann.access)
        .header("Idempotency-Key", "photo-1")
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(sent.status(), 201);
    let (status, second) = support::upload(&app, &ann, photo, "plate.png", None).await;
    assert_eq!(
        status, 201,
        "the budget of 2 had room for a second: {second}"
    );
    // The budget is spent: a third, with a key, is refused from its head.
    let answer = answer_to_a_partial_body(
        &app,
        &ann,
        "/images/upload/",
        "multipart/form-data; boundary=b",
        5_000_000,
    )
    .await
    .expect("an answer before the body is sent");
    assert!(answer.starts_with("HTTP/1.1 429 "), "{answer}");
    assert!(
        answer.to_ascii_lowercase().contains("retry-after"),
        "{answer}"
    );
}

async fn meals_on(app: &TestApp, who: &Session, date: &str) -> i64 {
    let (status, day) = get_as(app, &format!("/meals/statistics/?date={date}"), &who.access).await;
    assert_eq!(status, 200, "{day}");
    day["data"]["summary"]["total_meals"].as_i64().unwrap()
}

#[tokio::test]
async fn a_repeated_idempotency_key_answers_the_first_answer_and_saves_once() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let bob = register(&app, "bob").await;
    let rice = food_id(&app, "米饭").await;
    let body = json!({"name": "Queued lunch", "date": "2026-11-20", "meal_type": "lunch",
                      "foods": [{"food_id": rice, "quantity": 150}]});

    let first = post_with_key(&app, &ann, "/meals/create/", "save-1", &body).await;
    assert_eq!(first.0, 201, "{}", first.1);
    let again = post_with_key(&app, &ann, "/meals/create/", "save-1", &body).await;
    assert_eq!((again.0, &again.1), (first.0, &first.1), "the same answer");
    assert_eq!(meals_on(&app, &ann, "2026-11-20").await, 1, "one meal");

    // The same key for another request is refused and saves nothing.
    let other = json!({"name": "Other", "date": "2026-11-20", "meal_type": "dinner",
                       "foods": [{"food_id": rice, "quantity": 90}]});
    let (status, reused, _) = post_with_key(&app, &ann, "/meals/create/", "save-1", &other).await;
    assert_eq!(
        (status, reused["error"]["code"].as_str()),
        (422, Some("IDEMPOTENCY_KEY_REUSED"))
    );
    assert_eq!(reused["success"], false);
    assert_eq!(meals_on(&app, &ann, "2026-11-20").await, 1);

    // Keys are per user: Bob's "save-1" is his own.
    let (status, bobs, _) = post_with_key(&app, &bob, "/meals/create/", "save-1", &body).await;
    assert_eq!(status, 201, "{bobs}");
    assert_ne!(bobs["data"]["id"], first.1["data"]["id"]);
    assert_eq!(meals_on(&app, &bob, "2026-11-20").await, 1);

    // A refused request keeps its refusal: the key answers 422 again, even once fixed.
    let broken = json!({"date": "2026-11-20", "meal_type": "lunch", "foods": []});
    let (status, refused, _) = post_with_key(&app, &ann, "/meals/create/", "save-2", &broken).await;
    assert_eq!(status, 422, "{refused}");
    let (status, again, _) = post_with_key(&app, &ann, "/meals/create/", "save-2", &broken).await;
    assert_eq!((status, &again), (422, &refused));
    assert_eq!(meals_on(&app, &ann, "2026-11-20").await, 1);

    // Other creating routes honour it too: a quick-add line added once.
    let meal_id = first.1["data"]["id"].as_i64().unwrap();
    let line = json!({"quick_add": {"name": "Tea", "calories": 40}});
    let path = format!("/meals/{meal_id}/add-food/");
    let a = post_with_key(&app, &ann, &path, "add-1", &line).await;
    let b = post_with_key(&app, &ann, &path, "add-1", &line).await;
    assert_eq!((a.0, &a.1), (b.0, &b.1), "{}", a.1);
    let (_, meal) = get_as(&app, &format!("/meals/{meal_id}/"), &ann.access).await;
    assert_eq!(meal["data"]["foods"].as_array().unwrap().len(), 2, "{meal}");

    // A bad key is refused in the envelope.
    let long = "k".repeat(256);
    for key in ["", "with space", long.as_str()] {
        let (status, bad, _) = post_with_key(&app, &ann, "/meals/create/", key, &body).await;
        assert_eq!(status, 422, "{key:?}: {bad}");
        assert_eq!(bad["error"]["code"], "INVALID_IDEMPOTENCY_KEY");
    }

    // While the first request still runs, a repeat is told to wait.
    let user_id = ann.user["id"].as_i64().unwrap();
    let keep = |key: &'static str, at: chrono::DateTime<chrono::Utc>| {
        let db = app.state.db.clone();
        async move {
            let sql = "insert into idempotency_key \
                       (user_id, idempotency_key, request_hash, status, body, created_at) \
                       values ($1, $2, 'x', $3, '{}', $4)";
            let status = (key != "busy").then_some(201);
            match &db {
                store::Database::Sqlite(p) => {
                    let q = sqlx::query(sql)
                        .bind(user_id)
                        .bind(key)
                        .bind(status)
                        .bind(at);
                    q.execute(p).await.unwrap();
                }
                store::Database::Postgres(p) => {
                    let q = sqlx::query(sql)
                        .bind(user_id)
                        .bind(key)
                        .bind(status)
                        .bind(at);
                    q.execute(p).await.unwrap();
                }
            }
        }
    };
    keep("busy", chrono::Utc::now()).await;
    let (status, busy, retry) = post_with_key(&app, &ann, "/meals/create/", "busy", &body).await;
    assert_eq!(
        (status, busy["error"]["code"].as_str()),
        (409, Some("IDEMPOTENCY_KEY_IN_USE"))
    );
    assert_eq!(retry.as_deref(), Some("1"));
    assert_eq!(meals_on(&app, &ann, "2026-11-20").await, 1);

    // A key older than 24 hours is forgotten: the same key saves a new meal.
    keep("old", chrono::Utc::now() - chrono::Duration::hours(25)).await;
    let (status, saved, _) = post_with_key(&app, &ann, "/meals/create/", "old", &body).await;
    assert_eq!(status, 201, "{saved}");
    assert_eq!(meals_on(&app, &ann, "2026-11-20").await, 2);
}

#[tokio::test]
async fn parallel_additions_cannot_pass_the_foods_cap() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let rice = food_id(&app, "米饭").await;
    let foods: Vec<Value> = (0..95)
        .map(|i| json!({"food_id": rice, "quantity": 10 + i}))
        .collect();
    let meal = create(
        &app,
        &ann,
        json!({"date": "2026-11-20", "meal_type": "lunch", "foods": foods}),
    )
    .await;
    let id = meal["id"].as_i64().unwrap();
    let path = format!("/meals/{id}/add-food/");
    let body = json!({"food_id": rice, "quantity": 50});
    let answers = futures::future::join_all(
        (0..20).map(|_| send_as(&app, Method::POST, &path, &ann.access, &body)),
    )
    .await;
    let added = answers.iter().filter(|(status, _)| *status == 200).count();
    assert_eq!(added, 5, "{answers:?}");
    for (status, refused) in answers.iter().filter(|(status, _)| *status != 200) {
        assert_eq!(*status, 422, "{refused}");
        assert_eq!(
            refused["error"]["message"],
            "A meal can hold at most 100 foods"
        );
    }
    let (_, saved) = as_user(
        &app,
        Method::GET,
        &format!("/meals/{id}/"),
        &ann,
        json!(null),
    )
    .await;
    assert_eq!(saved["data"]["foods"].as_array().unwrap().len(), 100);
}

#[tokio::test]
async fn a_quantity_below_the_smallest_step_is_refused_not_rounded_up() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let rice = food_id(&app, "米饭").await;
    for quantity in [1e-320, 0.04] {
        let (status, refused) = as_user(
            &app,
            Method::POST,
            "/meals/create/",
            &ann,
            json!({"date": "2026-11-20", "meal_type": "lunch",
                   "foods": [{"food_id": rice, "quantity": quantity}]}),
        )
        .await;
        assert_eq!(status, 422, "{quantity}: {refused}");
        assert!(
            refused["error"]["message"]
                .as_str()
                .unwrap()
                .contains("at least 0.1 g"),
            "{refused}"
        );
    }
    assert_eq!(meals_on(&app, &ann, "2026-11-20").await, 0);
    let saved = create(
        &app,
        &ann,
        json!({"date": "2026-11-20", "meal_type": "lunch",
               "foods": [{"food_id": rice, "quantity": 0.1}]}),
    )
    .await;
    assert_eq!(saved["foods"][0]["quantity"], 0.1);
}

#[tokio::test]
async fn saves_racing_the_deletion_of_their_account_end_as_a_closed_session() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let rice = food_id(&app, "米饭").await;
    for round in 0..4 {
        let who = register(&app, &format!("leaver{round}")).await;
        let meal = json!({"date": "2026-11-20", "meal_type": "lunch",
                          "foods": [{"food_id": rice, "quantity": 150}]});
        let saves = futures::future::join_all(
            (0..24).map(|_| send_as(&app, Method::POST, "/meals/create/", &who.access, &meal)),
        );
        let deletion = async {
            tokio::time::sleep(std::time::Duration::from_millis(5 * round)).await;
            send_as(
                &app,
                Method::DELETE,
                "/users/account/",
                &who.access,
                &json!({"password": support::PASSWORD}),
            )
            .await
        };
        let (answers, (deleted, body)) = tokio::join!(saves, deletion);
        assert_eq!(deleted, 200, "{body}");
        for (status, answer) in &answers {
            assert!(
                *status == 201 || (*status == 401 && answer["error"]["code"] == "INVALID_TOKEN"),
                "round {round}: {status} {answer}"
            );
        }
    }
}
