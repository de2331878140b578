//! Faster food logging over HTTP: amounts beyond grams, quick adds, recent and starred foods,
//! copying meals and days, and recipes — with ownership and the bad inputs.
//!
//! Long on purpose: one file per area of the API: amounts, quick adds, recents, stars,
//! copies and recipes are the ways of logging a food faster, tested through the same meal
//! reads.

use std::time::{Duration, Instant};

use models::Nutrients;
use models::recipe::{MAX_RECIPE_DEPTH, recipe_values};
use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{
    Options, PASSWORD, Session, TestApp, as_user, expect_ok, food_id, get_as, number, register,
    spawn_app,
};

fn message(answer: &Value) -> &str {
    answer["error"]["message"].as_str().unwrap_or_default()
}

async fn custom_food(app: &TestApp, who: &Session, name: &str, calories: f64) -> i64 {
    let food = expect_ok(
        app,
        Method::POST,
        "/foods/create/",
        who,
        json!({"name": name, "calories": calories, "protein": 10,
               "portions": [{"grams": 30, "name": "1 slice", "name_zh": "1 片"}]}),
    )
    .await;
    food["id"].as_i64().unwrap()
}

#[tokio::test]
async fn amounts_and_quick_adds_are_logged_beside_grams() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let rice = food_id(&app, "米饭").await;
    let bread = custom_food(&app, &ann, "Sourdough", 250.0).await;

    let meal = expect_ok(
        &app,
        Method::POST,
        "/meals/create/",
        &ann,
        json!({"date": "2026-11-20T04:30:00Z", "foods": [
            {"food_id": rice, "amount": "1.5碗"},
            {"food_id": bread, "amount": "2 slices", "quantity": 999},
            {"quick_add": {"name": "Restaurant lunch", "calories": 850, "protein": 30, "fat": 40}}
        ]}),
    )
    .await;
    let lines = meal["foods"].as_array().unwrap();
    assert_eq!(
        number(&lines[0]["quantity"]),
        225.0,
        "1 碗 of rice is 150 g"
    );
    assert_eq!(lines[0]["amount"], "1.5碗");
    assert_eq!(
        number(&lines[1]["quantity"]),
        60.0,
        "the amount wins over quantity"
    );
    assert_eq!(lines[1]["amount"], "2 slices");
    assert_eq!(number(&lines[1]["calories"]), 150.0);
    assert_eq!(lines[2]["is_quick_add"], true);
    assert_eq!(lines[2]["quantity"], Value::Null);
    assert_eq!(lines[2]["food_id"], Value::Null);
    assert_eq!(lines[2]["food_name"], "Restaurant lunch");
    assert_eq!(number(&lines[2]["calories"]), 850.0);
    assert_eq!(number(&lines[2]["protein"]), 30.0);
    let sum: f64 = lines.iter().map(|l| number(&l["calories"])).sum();
    assert!(
        (number(&meal["total_calories"]) - sum).abs() < 0.05,
        "{meal}"
    );
    assert!(number(&meal["total_calories"]) > 850.0);

    // Bad amounts and quick adds say what is wrong, and nothing is saved.
    for (body, expected) in [
        (
            json!({"foods": [{"food_id": rice, "amount": "2 spoonfuls"}]}),
            "unknown unit",
        ),
        (
            json!({"foods": [{"food_id": rice, "amount": "-1碗"}]}),
            "foods[0].amount",
        ),
        (
            json!({"foods": [{"food_id": rice, "amount": "30 kg"}]}),
            "more than",
        ),
        (
            json!({"foods": [{"quick_add": {"name": "x"}}]}),
            "quick_add.calories",
        ),
        (
            json!({"foods": [{"quick_add": {"calories": 9000}}]}),
            "at most 5000",
        ),
        (
            json!({"foods": [{"quick_add": {"calories": 100, "fat": -1}}]}),
            "quick_add.fat",
        ),
        (
            json!({"foods": [{"food_id": rice, "quantity": 10, "quick_add": {"calories": 1}}]}),
            "not both",
        ),
    ] {
        let (status, answer) = as_user(&app, Method::POST, "/meals/create/", &ann, body).await;
        assert_eq!(status, 422, "{answer}");
        assert!(message(&answer).contains(expected), "{expected}: {answer}");
    }
    let (_, unknown) = as_user(
        &app,
        Method::POST,
        "/meals/create/",
        &ann,
        json!({"foods": [{"food_id": rice, "amount": "2 spoonfuls"}]}),
    )
    .await;
    assert!(
        message(&unknown).contains("碗"),
        "lists the food's units: {unknown}"
    );
    let (_, list) = get_as(&app, "/meals/list/", &ann.access).await;
    assert_eq!(list["data"]["meals"].as_array().unwrap().len(), 1);

    // A line's amount can change; a quick add has no grams to change.
    let rice_line = lines[0]["id"].as_i64().unwrap();
    let quick_line = lines[2]["id"].as_i64().unwrap();
    let changed = expect_ok(
        &app,
        Method::PUT,
        &format!("/meals/food/{rice_line}/update/"),
        &ann,
        json!({"amount": "2碗"}),
    )
    .await;
    assert_eq!(number(&changed["foods"][0]["quantity"]), 300.0);
    assert_eq!(changed["foods"][0]["amount"], "2碗");
    let grams = expect_ok(
        &app,
        Method::PUT,
        &format!("/meals/food/{rice_line}/update/"),
        &ann,
        json!({"quantity": 120}),
    )
    .await;
    assert_eq!(
        grams["foods"][0]["amount"],
        Value::Null,
        "plain grams drop the amount"
    );
    let (status, answer) = as_user(
        &app,
        Method::PUT,
        &format!("/meals/food/{quick_line}/update/"),
        &ann,
        json!({"quantity": 50}),
    )
    .await;
    assert_eq!(
        (status, answer["error"]["code"].as_str()),
        (422, Some("QUICK_ADD_HAS_NO_QUANTITY"))
    );

    // Editing the meal sends the quick add back as it is; it stays.
    let id = meal["id"].as_i64().unwrap();
    let edited = expect_ok(
        &app,
        Method::PUT,
        &format!("/meals/{id}/update/"),
        &ann,
        json!({"foods": [{"food_id": rice, "quantity": 100},
                         {"quick_add": {"name": "Restaurant lunch", "calories": 850, "protein": 30, "fat": 40}}]}),
    )
    .await;
    assert_eq!(edited["foods"][1]["is_quick_add"], true);
    assert_eq!(number(&edited["foods"][1]["calories"]), 850.0);

    // Statistics count a quick add's calories but no grams.
    let (_, stats) = get_as(
        &app,
        "/meals/statistics/?start_date=2026-11-20&end_date=2026-11-20",
        &ann.access,
    )
    .await;
    let top = stats["data"]["top_foods"]
        .as_array()
        .unwrap_or_else(|| panic!("{stats}"));
    let lunch = top
        .iter()
        .find(|t| t["name"] == "Restaurant lunch")
        .expect("quick add listed");
    assert_eq!(number(&lunch["total_calories"]), 850.0);
    assert_eq!(number(&lunch["total_quantity"]), 0.0);
}

/// The shipped food named `name`, as the search answers it for `query`.
async fn shipped_food(app: &TestApp, query: &str, name: &str) -> Value {
    let (status, body) = app.get(&format!("/foods/search/?query={query}")).await;
    assert_eq!(status, 200, "{body}");
    body["data"]["foods"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == name)
        .unwrap_or_else(|| panic!("{name} not found for {query}: {body}"))
        .clone()
}

#[tokio::test]
async fn volumes_are_weighed_by_density_and_a_drink_without_one_as_water() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let milk = shipped_food(&app, "whole%20milk", "Milk, whole").await;
    let cola = shipped_food(&app, "cola", "Cola (Coke)").await;
    let rice_milk = shipped_food(&app, "rice%20milk", "Rice milk").await;
    assert_eq!(
        (&milk["is_drink"], &cola["is_drink"], &rice_milk["is_drink"]),
        (&json!(false), &json!(true), &json!(true)),
        "milk is dairy; cola and rice milk are beverages"
    );
    assert_eq!(rice_milk["portions"], json!([]), "{rice_milk}");

    let meal = expect_ok(
        &app,
        Method::POST,
        "/meals/create/",
        &ann,
        json!({"date": "2026-11-20T04:30:00Z", "foods": [
            {"food_id": milk["id"], "amount": "250 ml"},
            {"food_id": milk["id"], "amount": "300 ml"},
            {"food_id": cola["id"], "amount": "1 l"},
            {"food_id": rice_milk["id"], "amount": "250 ml"},
            {"food_id": rice_milk["id"], "amount": "1杯"},
        ]}),
    )
    .await;
    let grams: Vec<f64> = meal["foods"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| number(&l["quantity"]))
        .collect();
    assert_eq!(
        grams,
        [
            250.0,  // its "1 carton (250 ml)"
            309.4,  // by its cup: 244 g a 236.6 ml
            1030.3, // by its "1 can (330 ml)" of 340 g
            250.0,  // no portions: counted as water
            236.6,  // a US cup of water
        ],
        "{meal}"
    );
    assert_eq!(meal["foods"][0]["amount"], "250 ml");

    // A solid without a density (no cup or other volume among its portions) refuses a
    // volume, and says why.
    let bibimbap = food_id(&app, "韩式拌饭").await;
    let (status, answer) = as_user(
        &app,
        Method::POST,
        "/meals/create/",
        &ann,
        json!({"foods": [{"food_id": bibimbap, "amount": "250 ml"}]}),
    )
    .await;
    assert_eq!(status, 422, "{answer}");
    assert!(
        message(&answer).contains("\"ml\" is a volume")
            && message(&answer).contains("per ml is not known")
            && message(&answer).contains("碗"),
        "{answer}"
    );
}

#[tokio::test]
async fn recent_and_starred_foods_are_the_users_own() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let bob = register(&app, "bob").await;
    let rice = food_id(&app, "米饭").await;
    let egg = food_id(&app, "boiled%20egg").await;
    let (status, _) = app.get("/foods/recent/").await;
    assert_eq!(status, 401);

    let (_, empty) = get_as(&app, "/foods/recent/", &ann.access).await;
    assert_eq!(empty["data"], json!({"recent": [], "frequent": []}));
    // A food made and a recipe made are not eaten yet: Recent does not list them.
    let porridge = expect_ok(
        &app,
        Method::POST,
        "/foods/create/",
        &ann,
        json!({"name": "Oat porridge", "calories": 68}),
    )
    .await;
    expect_ok(
        &app,
        Method::POST,
        "/recipes/create/",
        &ann,
        json!({"name": "Egg fried rice", "servings": 2,
               "ingredients": [{"food_id": rice, "quantity": 300}, {"food_id": egg, "quantity": 100}]}),
    )
    .await;
    let (_, still_empty) = get_as(&app, "/foods/recent/", &ann.access).await;
    assert_eq!(
        still_empty["data"],
        json!({"recent": [], "frequent": []}),
        "made {porridge}"
    );
    for foods in [
        json!([{"food_id": rice, "amount": "1碗"}, {"food_id": egg, "quantity": 50}]),
        json!([{"food_id": rice, "amount": "1.5碗"}]),
    ] {
        expect_ok(
            &app,
            Method::POST,
            "/meals/create/",
            &ann,
            json!({"foods": foods}),
        )
        .await;
    }
    let (_, used) = get_as(&app, "/foods/recent/?limit=5", &ann.access).await;
    let recent = used["data"]["recent"].as_array().unwrap();
    assert_eq!(recent[0]["id"], rice, "{used}");
    assert_eq!(number(&recent[0]["last_quantity"]), 225.0);
    assert_eq!(recent[0]["last_amount"], "1.5碗");
    assert_eq!(recent[0]["uses"], 2);
    assert_eq!(recent[1]["id"], egg);
    assert_eq!(number(&recent[1]["last_quantity"]), 50.0);
    assert_eq!(recent[1]["last_amount"], Value::Null);
    let frequent = used["data"]["frequent"].as_array().unwrap();
    assert_eq!(frequent.len(), 1, "only foods used twice or more");
    assert_eq!(frequent[0]["id"], rice);
    let (_, theirs) = get_as(&app, "/foods/recent/", &bob.access).await;
    assert_eq!(theirs["data"]["recent"], json!([]));
    let (status, _) = get_as(&app, "/foods/recent/?limit=0", &ann.access).await;
    assert_eq!(status, 422);

    // Stars.
    let starred = expect_ok(
        &app,
        Method::POST,
        &format!("/foods/{egg}/favorite/"),
        &ann,
        json!({}),
    )
    .await;
    assert_eq!(starred["food"]["is_favorite"], true);
    expect_ok(
        &app,
        Method::POST,
        &format!("/foods/{egg}/favorite/"),
        &ann,
        json!({}),
    )
    .await;
    let (_, favorites) = get_as(&app, "/foods/favorites/", &ann.access).await;
    let listed = favorites["data"]["foods"].as_array().unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["id"], egg);
    let (_, search) = get_as(&app, "/foods/search/?query=boiled%20egg", &ann.access).await;
    assert_eq!(search["data"]["foods"][0]["is_favorite"], true);
    let (_, search) = get_as(&app, "/foods/search/?query=boiled%20egg", &bob.access).await;
    assert_eq!(search["data"]["foods"][0]["is_favorite"], false);
    let (_, favorites) = get_as(&app, "/foods/favorites/", &bob.access).await;
    assert_eq!(favorites["data"]["foods"], json!([]));

    // Another user's custom food cannot be starred; an unknown one neither.
    let secret = custom_food(&app, &ann, "Ann's bread", 250.0).await;
    for path in [
        format!("/foods/{secret}/favorite/"),
        "/foods/99999999/favorite/".into(),
    ] {
        let (status, answer) = as_user(&app, Method::POST, &path, &bob, json!({})).await;
        assert_eq!(
            (status, answer["error"]["code"].as_str()),
            (404, Some("FOOD_NOT_FOUND"))
        );
    }
    let unstarred = expect_ok(
        &app,
        Method::DELETE,
        &format!("/foods/{egg}/favorite/"),
        &ann,
        json!({}),
    )
    .await;
    assert_eq!(unstarred["food"]["is_favorite"], false);
    let (_, favorites) = get_as(&app, "/foods/favorites/", &ann.access).await;
    assert_eq!(favorites["data"]["foods"], json!([]));
}

/// Issue 49, 12: Recent lists what was eaten; a food made is the user's first in the
/// search, but not in Recent until it is logged.
#[tokio::test]
async fn a_custom_food_is_in_recent_once_logged_with_the_amount_logged() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    // Made from a label: its serving size is its first portion.
    let crackers = custom_food(&app, &ann, "Label crackers", 500.0).await;
    let plain = expect_ok(
        &app,
        Method::POST,
        "/foods/create/",
        &ann,
        json!({"name": "Plain oats", "calories": 380}),
    )
    .await["id"]
        .as_i64()
        .unwrap();
    let (_, used) = get_as(&app, "/foods/recent/", &ann.access).await;
    assert_eq!(used["data"]["recent"], json!([]), "not eaten yet");
    let (_, found) = get_as(&app, "/foods/search/?query=plain%20oats", &ann.access).await;
    assert_eq!(found["data"]["foods"][0]["id"], plain, "{found}");

    // Once logged, the amount logged wins.
    expect_ok(
        &app,
        Method::POST,
        "/meals/create/",
        &ann,
        json!({"foods": [{"food_id": crackers, "quantity": 45}]}),
    )
    .await;
    let (_, used) = get_as(&app, "/foods/recent/", &ann.access).await;
    assert_eq!(
        used["data"]["recent"].as_array().unwrap().len(),
        1,
        "{used}"
    );
    let logged = &used["data"]["recent"][0];
    assert_eq!(logged["id"], crackers);
    assert_eq!(number(&logged["last_quantity"]), 45.0);
    assert_eq!(logged["last_amount"], Value::Null);
}

#[tokio::test]
async fn a_meal_or_a_whole_day_is_copied_to_another_date() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let bob = register(&app, "bob").await;
    let rice = food_id(&app, "米饭").await;
    let shanghai = |path: &str| format!("{path}?tz=Asia/Shanghai");
    let lunch = expect_ok(
        &app,
        Method::POST,
        &shanghai("/meals/create/"),
        &ann,
        json!({"name": "Lunch", "date": "2026-11-20T12:30:00", "meal_type": "lunch",
               "foods": [{"food_id": rice, "amount": "1碗"}, {"quick_add": {"calories": 120}}]}),
    )
    .await;
    expect_ok(
        &app,
        Method::POST,
        &shanghai("/meals/create/"),
        &ann,
        json!({"date": "2026-11-20T19:00:00", "foods": [{"food_id": rice, "quantity": 100}]}),
    )
    .await;
    let id = lunch["id"].as_i64().unwrap();

    let copy = expect_ok(
        &app,
        Method::POST,
        &shanghai(&format!("/meals/{id}/copy/")),
        &ann,
        json!({"date": "2026-11-22"}),
    )
    .await;
    assert_ne!(copy["id"], lunch["id"]);
    assert_eq!(
        (copy["date"].as_str(), copy["time"].as_str()),
        (Some("2026-11-22"), Some("12:30"))
    );
    assert_eq!(copy["name"], "Lunch");
    assert_eq!(copy["meal_type"], "lunch");
    assert_eq!(copy["total_calories"], lunch["total_calories"]);
    assert_eq!(copy["foods"][0]["amount"], "1碗");
    assert_eq!(copy["foods"][1]["is_quick_add"], true);
    let at = expect_ok(
        &app,
        Method::POST,
        &shanghai(&format!("/meals/{id}/copy/")),
        &ann,
        json!({"date": "2026-11-23T00:15:00Z", "meal_type": "breakfast", "name": "Leftovers"}),
    )
    .await;
    assert_eq!(
        (at["date"].as_str(), at["time"].as_str()),
        (Some("2026-11-23"), Some("08:15"))
    );
    assert_eq!(
        (at["meal_type"].as_str(), at["name"].as_str()),
        (Some("breakfast"), Some("Leftovers"))
    );

    for (who, path, body, status, code) in [
        (
            &bob,
            format!("/meals/{id}/copy/"),
            json!({"date": "2026-11-22"}),
            404,
            "MEAL_NOT_FOUND",
        ),
        (
            &ann,
            format!("/meals/{id}/copy/"),
            json!({}),
            422,
            "VALIDATION_ERROR",
        ),
        (
            &ann,
            format!("/meals/{id}/copy/"),
            json!({"date": "2026-13-40"}),
            422,
            "VALIDATION_ERROR",
        ),
        (
            &ann,
            format!("/meals/{id}/copy/"),
            json!({"date": "2126-01-01"}),
            422,
            "VALIDATION_ERROR",
        ),
        (
            &ann,
            "/meals/copy-day/".into(),
            json!({"from_date": "2026-11-01", "to_date": "2026-11-02"}),
            404,
            "NO_MEALS_ON_DAY",
        ),
        (
            &bob,
            "/meals/copy-day/".into(),
            json!({"from_date": "2026-11-20", "to_date": "2026-11-21"}),
            404,
            "NO_MEALS_ON_DAY",
        ),
        (
            &ann,
            "/meals/copy-day/".into(),
            json!({"from_date": "2026-11-20"}),
            422,
            "VALIDATION_ERROR",
        ),
    ] {
        let (got, answer) = as_user(&app, Method::POST, &shanghai(&path), who, body).await;
        assert_eq!(
            (got, answer["error"]["code"].as_str()),
            (status, Some(code)),
            "{path}: {answer}"
        );
    }

    let day = expect_ok(
        &app,
        Method::POST,
        &shanghai("/meals/copy-day/"),
        &ann,
        json!({"from_date": "2026-11-20", "to_date": "2026-11-21"}),
    )
    .await;
    assert_eq!(day["count"], 2);
    let times: Vec<(&str, &str)> = day["meals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["date"].as_str().unwrap(), m["time"].as_str().unwrap()))
        .collect();
    assert_eq!(times, [("2026-11-21", "12:30"), ("2026-11-21", "19:00")]);
    let (_, list) = get_as(
        &app,
        &shanghai("/meals/list/").replace("?", "?date=2026-11-21&"),
        &ann.access,
    )
    .await;
    assert_eq!(list["data"]["meals"].as_array().unwrap().len(), 2, "{list}");
    let (_, original) = get_as(
        &app,
        &shanghai("/meals/list/").replace("?", "?date=2026-11-20&"),
        &ann.access,
    )
    .await;
    assert_eq!(
        original["data"]["meals"].as_array().unwrap().len(),
        2,
        "the original day is untouched"
    );
}

#[tokio::test]
async fn recipes_are_foods_of_their_owner_worked_out_from_their_ingredients() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let bob = register(&app, "bob").await;
    let rice = food_id(&app, "米饭").await;
    let (_, rice_food) = app.get(&format!("/foods/{rice}/")).await;
    let rice_kcal = number(&rice_food["data"]["calories_per_100g"]);
    let egg = custom_food(&app, &ann, "Home egg", 140.0).await;

    let made = expect_ok(
        &app,
        Method::POST,
        "/recipes/create/",
        &ann,
        json!({"name": "Egg fried rice", "name_zh": "蛋炒饭", "servings": 2, "notes": "wok",
               "ingredients": [{"food_id": rice, "amount": "2碗"}, {"food_id": egg, "quantity": 100}]}),
    )
    .await;
    let id = made["id"].as_i64().unwrap();
    assert_eq!(number(&made["total_grams"]), 400.0);
    assert_eq!(number(&made["serving_grams"]), 200.0);
    assert_eq!(made["ingredients"][0]["amount"], "2碗");
    assert_eq!(number(&made["ingredients"][0]["quantity"]), 300.0);
    // Each ingredient carries its food's portions, for its amount to be changed in them.
    assert_eq!(
        made["ingredients"][0]["portions"], rice_food["data"]["portions"],
        "{made}"
    );
    assert_eq!(made["ingredients"][0]["is_drink"], false);
    let expected = ((rice_kcal * 300.0 + 140.0 * 100.0) / 400.0 * 10.0).round() / 10.0;
    assert_eq!(number(&made["per_100g"]["calories"]), expected);
    assert_eq!(made["food"]["is_recipe"], true);
    assert_eq!(made["food"]["data_source"], "recipe");
    assert_eq!(number(&made["food"]["per_serving"]["grams"]), 200.0);
    assert_eq!(number(&made["food"]["per_serving"]["servings"]), 2.0);

    // It is found as one food by its owner only, and logged like one.
    let (_, found) = get_as(
        &app,
        "/foods/search/?query=%E8%9B%8B%E7%82%92%E9%A5%AD",
        &ann.access,
    )
    .await;
    let first = &found["data"]["foods"][0];
    assert_eq!(first["id"], id, "{found}");
    assert_eq!(first["is_recipe"], true);
    assert_eq!(
        number(&first["per_serving"]["calories"]),
        (expected * 2.0 * 10.0).round() / 10.0
    );
    let (_, theirs) = get_as(&app, "/foods/search/?query=Egg%20fried%20rice", &bob.access).await;
    assert!(
        theirs["data"]["foods"]
            .as_array()
            .unwrap()
            .iter()
            .all(|f| f["id"] != id)
    );
    let meal = expect_ok(
        &app,
        Method::POST,
        "/meals/create/",
        &ann,
        json!({"foods": [{"food_id": id, "amount": "1 serving"}]}),
    )
    .await;
    assert_eq!(number(&meal["foods"][0]["quantity"]), 200.0);
    let (status, _) = as_user(
        &app,
        Method::POST,
        "/meals/create/",
        &bob,
        json!({"foods": [{"food_id": id, "quantity": 100}]}),
    )
    .await;
    assert_eq!(status, 404, "another user cannot log it");

    // Editing an ingredient's food works the recipe out again.
    expect_ok(
        &app,
        Method::PUT,
        &format!("/foods/{egg}/update/"),
        &ann,
        json!({"name": "Home egg", "calories": 180}),
    )
    .await;
    let (_, again) = get_as(&app, &format!("/recipes/{id}/"), &ann.access).await;
    let updated = ((rice_kcal * 300.0 + 180.0 * 100.0) / 400.0 * 10.0).round() / 10.0;
    assert_eq!(number(&again["data"]["per_100g"]["calories"]), updated);

    // The recipe is changed through /recipes, not as a custom food.
    let (status, answer) = as_user(
        &app,
        Method::PUT,
        &format!("/foods/{id}/update/"),
        &ann,
        json!({"name": "x", "calories": 1}),
    )
    .await;
    assert_eq!(
        (status, answer["error"]["code"].as_str()),
        (409, Some("RECIPE_FOOD"))
    );

    // Owner only: another user gets 404 and changes nothing.
    for (method, path) in [
        (Method::GET, format!("/recipes/{id}/")),
        (Method::PUT, format!("/recipes/{id}/update/")),
        (Method::DELETE, format!("/recipes/{id}/delete/")),
        (Method::POST, format!("/recipes/{id}/copy/")),
    ] {
        let body = json!({"name": "Mine now", "servings": 1, "ingredients": [{"food_id": rice, "quantity": 1}]});
        let (status, answer) = as_user(&app, method, &path, &bob, body).await;
        assert_eq!(
            (status, answer["error"]["code"].as_str()),
            (404, Some("RECIPE_NOT_FOUND")),
            "{path}"
        );
    }
    let (_, list) = get_as(&app, "/recipes/", &bob.access).await;
    assert_eq!(list["data"]["total"], 0);

    // Bad recipes.
    let outer = expect_ok(
        &app,
        Method::POST,
        "/recipes/create/",
        &ann,
        json!({"name": "Bento", "servings": 1, "ingredients": [{"food_id": id, "quantity": 200}]}),
    )
    .await;
    let outer_id = outer["id"].as_i64().unwrap();
    let update = format!("/recipes/{id}/update/");
    for (path, body, status, code, text) in [
        (
            "/recipes/create/",
            json!({"name": "x", "servings": 0, "ingredients": [{"food_id": rice, "quantity": 1}]}),
            422,
            "VALIDATION_ERROR",
            "servings",
        ),
        (
            "/recipes/create/",
            json!({"name": "x", "servings": 101, "ingredients": [{"food_id": rice, "quantity": 1}]}),
            422,
            "VALIDATION_ERROR",
            "servings",
        ),
        (
            "/recipes/create/",
            json!({"name": "x", "servings": 1, "ingredients": []}),
            422,
            "VALIDATION_ERROR",
            "at least one ingredient",
        ),
        (
            "/recipes/create/",
            json!({"name": " ", "servings": 1, "ingredients": [{"food_id": rice, "quantity": 1}]}),
            422,
            "VALIDATION_ERROR",
            "name",
        ),
        (
            "/recipes/create/",
            json!({"name": "x", "servings": 1, "ingredients": [{"food_id": rice, "quantity": 0}]}),
            422,
            "VALIDATION_ERROR",
            "ingredients[0].quantity",
        ),
        (
            "/recipes/create/",
            json!({"name": "x", "servings": 1, "ingredients": [{"food_id": rice, "amount": "3 spoonfuls"}]}),
            422,
            "VALIDATION_ERROR",
            "unknown unit",
        ),
        (
            "/recipes/create/",
            json!({"name": "x", "servings": 1, "ingredients": [{"food_id": 99999999, "quantity": 1}]}),
            404,
            "FOOD_NOT_FOUND",
            "ingredients[0]",
        ),
        (
            update.as_str(),
            json!({"name": "x", "servings": 1, "ingredients": [{"food_id": id, "quantity": 1}]}),
            422,
            "RECIPE_CYCLE",
            "itself",
        ),
        (
            update.as_str(),
            json!({"name": "x", "servings": 1, "ingredients": [{"food_id": outer_id, "quantity": 1}]}),
            422,
            "RECIPE_CYCLE",
            "itself",
        ),
    ] {
        let method = if path.ends_with("update/") {
            Method::PUT
        } else {
            Method::POST
        };
        let (got, answer) = as_user(&app, method, path, &ann, body).await;
        assert_eq!(
            (got, answer["error"]["code"].as_str()),
            (status, Some(code)),
            "{answer}"
        );
        assert!(message(&answer).contains(text), "{text}: {answer}");
    }
    let bobs_food = custom_food(&app, &bob, "Bob's bread", 250.0).await;
    let (status, _) = as_user(
        &app,
        Method::POST,
        "/recipes/create/",
        &ann,
        json!({"name": "x", "servings": 1, "ingredients": [{"food_id": bobs_food, "quantity": 10}]}),
    )
    .await;
    assert_eq!(status, 404, "another user's food is not an ingredient");
    let (_, unchanged) = get_as(&app, &format!("/recipes/{id}/"), &ann.access).await;
    assert_eq!(
        unchanged["data"]["ingredients"].as_array().unwrap().len(),
        2,
        "a refused update changes nothing"
    );

    // Replacing it changes the recipes that contain it.
    let smaller = expect_ok(
        &app,
        Method::PUT,
        &update,
        &ann,
        json!({"name": "Plain rice", "servings": 1, "ingredients": [{"food_id": rice, "quantity": 100}]}),
    )
    .await;
    assert_eq!(number(&smaller["per_100g"]["calories"]), rice_kcal);
    let (_, bento) = get_as(&app, &format!("/recipes/{outer_id}/"), &ann.access).await;
    assert_eq!(number(&bento["data"]["per_100g"]["calories"]), rice_kcal);

    // Copy, then delete: the copy stays, the deleted one leaves search.
    let copy = expect_ok(
        &app,
        Method::POST,
        &format!("/recipes/{id}/copy/"),
        &ann,
        json!({}),
    )
    .await;
    assert_eq!(copy["name"], "Plain rice (copy)");
    assert_ne!(copy["id"], id);
    expect_ok(
        &app,
        Method::DELETE,
        &format!("/recipes/{id}/delete/"),
        &ann,
        json!({}),
    )
    .await;
    let (status, _) = get_as(&app, &format!("/recipes/{id}/"), &ann.access).await;
    assert_eq!(status, 404);
    let (_, found) = get_as(&app, "/foods/search/?query=Plain%20rice", &ann.access).await;
    let ids: Vec<&Value> = found["data"]["foods"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| &f["id"])
        .collect();
    assert!(
        !ids.contains(&&json!(id)) && ids.contains(&&copy["id"]),
        "{found}"
    );
    let (_, list) = get_as(&app, "/recipes/", &ann.access).await;
    assert_eq!(list["data"]["total"], 2);
}

/// Calories per 100 g of a recipe of `parts` (calories per 100 g, grams), as stored.
fn worked_out(parts: &[(f64, f64)]) -> f64 {
    let values: Vec<(Nutrients, f64)> = parts
        .iter()
        .map(|(calories, g)| {
            let n = Nutrients {
                calories: *calories,
                ..Default::default()
            };
            (n, *g)
        })
        .collect();
    recipe_values(1.0, &values).0.calories
}

/// Stores a recipe as this version refuses to: straight into the tables, as one built
/// before the bounds would be. Its values are worked out by the next edit below it.
macro_rules! stored_recipe {
    ($pool:expr, $owner:expr, $name:expr, $parts:expr) => {{
        let now = chrono::Utc::now();
        let (id,): (i64,) = sqlx::query_as(
            "insert into food (source, owner_user_id, name, calories, portions, data_quality, \
             servings, created_at, updated_at, changed_ms) values ('recipe', $1, $2, 0, '[]', \
             'recipe', 1, $3, $3, $4) returning food_id",
        )
        .bind($owner)
        .bind($name)
        .bind(now)
        .bind(now.timestamp_millis())
        .fetch_one($pool)
        .await
        .unwrap();
        for (position, (part, grams)) in $parts.iter().enumerate() {
            sqlx::query(
                "insert into recipe_ingredient (recipe_food_id, position, food_id, quantity) \
                 values ($1, $2, $3, $4)",
            )
            .bind(id)
            .bind(position as i64)
            .bind(*part)
            .bind(*grams)
            .execute($pool)
            .await
            .unwrap();
        }
        id
    }};
}

async fn stored_recipe(app: &TestApp, owner: i64, name: &str, parts: &[(i64, f64)]) -> i64 {
    match &app.state.db {
        store::Database::Sqlite(pool) => stored_recipe!(pool, owner, name, parts),
        store::Database::Postgres(pool) => stored_recipe!(pool, owner, name, parts),
    }
}

/// Sets a custom food's calories; answers how long it took.
async fn edit_calories(app: &TestApp, who: &Session, food: i64, calories: f64) -> Duration {
    let started = Instant::now();
    let answer = expect_ok(
        app,
        Method::PUT,
        &format!("/foods/{food}/update/"),
        who,
        json!({"name": "Base", "calories": calories}),
    )
    .await;
    assert_eq!(number(&answer["calories_per_100g"]), calories);
    started.elapsed()
}

#[tokio::test]
async fn recipes_nest_within_bounds_and_an_edit_below_them_answers_at_once() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let bob = register(&app, "bob").await;
    let base = custom_food(&app, &ann, "Base", 100.0).await;
    let broth = custom_food(&app, &ann, "Broth", 20.0).await;
    // Levels of two recipes, each holding both of the level below (the first level, the
    // base twice) and some broth: the shape that once re-worked 2^levels paths in the
    // write transaction, as deep as it may now be built.
    let parts = |below: [i64; 2]| [(below[0], 100.0), (below[1], 50.0), (broth, 30.0)];
    let body = |name: String, below: [i64; 2]| {
        let ingredients: Vec<Value> = parts(below)
            .iter()
            .map(|(id, g)| json!({"food_id": id, "quantity": g}))
            .collect();
        json!({"name": name, "servings": 1, "ingredients": ingredients})
    };
    let mut levels: Vec<[i64; 2]> = Vec::new();
    for level in 1..=MAX_RECIPE_DEPTH {
        let below = levels.last().copied().unwrap_or([base, base]);
        let mut this = [0; 2];
        for (k, id) in this.iter_mut().enumerate() {
            let made = expect_ok(
                &app,
                Method::POST,
                "/recipes/create/",
                &ann,
                body(format!("L{level}-{k}"), below),
            )
            .await;
            *id = made["id"].as_i64().unwrap();
        }
        levels.push(this);
    }
    let top = *levels.last().unwrap();
    let (status, answer) = as_user(
        &app,
        Method::POST,
        "/recipes/create/",
        &ann,
        body("One level more".into(), top),
    )
    .await;
    assert_eq!(
        (status, answer["error"]["code"].as_str()),
        (422, Some("RECIPE_TOO_DEEP")),
        "{answer}"
    );
    assert!(
        message(&answer).contains(&format!("at most {MAX_RECIPE_DEPTH} levels")),
        "{answer}"
    );

    // Editing the base answers at once and works out every level from the one below.
    let values = |base: f64, levels: usize| {
        let mut below = base;
        (0..levels)
            .map(|_| {
                below = worked_out(&[(below, 100.0), (below, 50.0), (20.0, 30.0)]);
                below
            })
            .collect::<Vec<f64>>()
    };
    let took = edit_calories(&app, &ann, base, 250.0).await;
    assert!(took.as_secs() < 3, "the edit took {took:?}");
    let expected = values(250.0, MAX_RECIPE_DEPTH);
    for (level, ids) in levels.iter().enumerate() {
        for id in ids {
            let (_, recipe) = get_as(&app, &format!("/recipes/{id}/"), &ann.access).await;
            assert_eq!(
                number(&recipe["data"]["per_100g"]["calories"]),
                expected[level],
                "level {}",
                level + 1
            );
        }
    }

    // A graph built before the bounds (16 levels) is still worked out, each recipe once:
    // the edit answers, never "nest too deep", and other users save meanwhile.
    let owner = ann.user["id"].as_i64().unwrap();
    for level in MAX_RECIPE_DEPTH + 1..=16 {
        let below = *levels.last().unwrap();
        let mut this = [0; 2];
        for (k, id) in this.iter_mut().enumerate() {
            *id = stored_recipe(&app, owner, &format!("L{level}-{k}"), &parts(below)).await;
        }
        levels.push(this);
    }
    let took = edit_calories(&app, &ann, base, 300.0).await;
    assert!(took.as_secs() < 3, "the edit took {took:?}");
    let expected = values(300.0, 16);
    for id in levels[15] {
        let (_, recipe) = get_as(&app, &format!("/recipes/{id}/"), &ann.access).await;
        assert_eq!(
            number(&recipe["data"]["per_100g"]["calories"]),
            expected[15]
        );
    }
    let rice = food_id(&app, "米饭").await;
    expect_ok(
        &app,
        Method::POST,
        "/meals/create/",
        &bob,
        json!({"foods": [{"food_id": rice, "quantity": 100}]}),
    )
    .await;
    // It cannot grow deeper.
    let (status, answer) = as_user(
        &app,
        Method::POST,
        "/recipes/create/",
        &ann,
        body("Deeper".into(), levels[15]),
    )
    .await;
    assert_eq!(
        (status, answer["error"]["code"].as_str()),
        (422, Some("RECIPE_TOO_DEEP")),
        "{answer}"
    );
}

#[tokio::test]
async fn an_account_with_recipes_stars_and_quick_adds_is_deleted_whole() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let bread = custom_food(&app, &ann, "Sourdough", 250.0).await;
    let inner = expect_ok(
        &app,
        Method::POST,
        "/recipes/create/",
        &ann,
        json!({"name": "Toast", "servings": 1, "ingredients": [{"food_id": bread, "amount": "2 slices"}]}),
    )
    .await;
    let outer = expect_ok(
        &app,
        Method::POST,
        "/recipes/create/",
        &ann,
        json!({"name": "Breakfast", "servings": 2, "ingredients": [{"food_id": inner["id"], "quantity": 60}]}),
    )
    .await;
    expect_ok(
        &app,
        Method::POST,
        &format!("/foods/{}/favorite/", outer["id"]),
        &ann,
        json!({}),
    )
    .await;
    expect_ok(
        &app,
        Method::POST,
        "/meals/create/",
        &ann,
        json!({"foods": [{"food_id": outer["id"], "amount": "1 serving"}, {"quick_add": {"calories": 90}}]}),
    )
    .await;
    let (status, deleted) = as_user(
        &app,
        Method::DELETE,
        "/users/account/",
        &ann,
        json!({"password": PASSWORD}),
    )
    .await;
    assert_eq!(
        (status, &deleted["data"]["deleted"]),
        (200, &json!(true)),
        "{deleted}"
    );
    let (_, found) = app.get("/foods/search/?query=Breakfast").await;
    assert!(
        found["data"]["foods"]
            .as_array()
            .unwrap()
            .iter()
            .all(|f| f["id"] != outer["id"])
    );
}
