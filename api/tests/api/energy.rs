//! The energy-expenditure estimate over HTTP: three weeks of meals and weights through
//! the API, then the route's answer; and what it says with too little to go on.

use chrono::{Days, Utc};
use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{
    Options, Session, TestApp, as_user, expect_ok, food_id, get_as, number, register, spawn_app,
};

/// Logs `kcal` of rice at noon UTC on `date`.
async fn eat(
    app: &TestApp,
    who: &Session,
    rice: i64,
    rice_kcal: f64,
    date: chrono::NaiveDate,
    kcal: f64,
) {
    expect_ok(
        app,
        Method::POST,
        "/meals/create/",
        who,
        json!({"date": format!("{date}T12:00:00.000Z"), "meal_type": "lunch",
               "foods": [{"food_id": rice, "quantity": (kcal / rice_kcal * 1000.0).round() / 10.0}]}),
    )
    .await;
}

async fn weigh(app: &TestApp, who: &Session, date: chrono::NaiveDate, kg: f64) {
    expect_ok(
        app,
        Method::POST,
        "/meals/record-weight/",
        who,
        json!({"date": date.to_string(), "weight": kg}),
    )
    .await;
}

async fn estimate(app: &TestApp, who: &Session) -> Value {
    let (status, answer) = get_as(app, "/users/energy-expenditure/", &who.access).await;
    assert_eq!(status, 200, "{answer}");
    answer["data"].clone()
}

#[tokio::test]
async fn three_weeks_of_meals_and_weights_give_the_persons_own_need() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    expect_ok(
        &app,
        Method::PUT,
        "/users/profile/",
        &ann,
        json!({"date_of_birth": "1990-05-01", "gender": "female", "height": 168, "weight": 80,
               "activity_level": "lightly_active", "weight_aim_kg_per_week": -0.5}),
    )
    .await;
    let rice = food_id(&app, "米饭").await;
    let (_, food) = app.get(&format!("/foods/{rice}/")).await;
    let rice_kcal = number(&food["data"]["calories_per_100g"]);

    // Before anything is logged: the formula's value, said to be unsure, with what is missing.
    let empty = estimate(&app, &ann).await;
    assert_eq!(empty["confidence"], "low", "{empty}");
    assert_eq!(
        empty["estimated_kcal_per_day"],
        empty["formula_kcal_per_day"]
    );
    let codes: Vec<&str> = empty["reasons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["code"].as_str().unwrap())
        .collect();
    assert!(
        codes.contains(&"weigh_more_days") && codes.contains(&"log_more_days"),
        "{codes:?}"
    );
    let weigh_more = empty["reasons"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["code"] == "weigh_more_days")
        .unwrap();
    assert_eq!(weigh_more["days"], 7);
    assert!(
        weigh_more["message"]
            .as_str()
            .unwrap()
            .contains("7 more days"),
        "{weigh_more}"
    );

    // 22 days up to yesterday: 2,500 kcal a day, losing 0.5 kg a week; one day logged in part.
    let today = Utc::now().date_naive();
    for n in 1..=22u64 {
        let date = today - Days::new(n);
        let kcal = if n == 10 { 600.0 } else { 2500.0 };
        eat(&app, &ann, rice, rice_kcal, date, kcal).await;
        let kg = 80.0 - 0.5 / 7.0 * (22 - n) as f64;
        weigh(&app, &ann, date, (kg * 10.0).round() / 10.0).await;
    }
    let e = estimate(&app, &ann).await;
    assert_eq!(e["confidence"], "high", "{e}");
    assert_eq!(
        e["days_used"], 21,
        "the day logged in part is left out: {e}"
    );
    assert_eq!(e["days_weighed"], 22);
    let need = number(&e["estimated_kcal_per_day"]);
    assert!(
        (need - 3050.0).abs() <= 150.0,
        "2,500 eaten + 550 drawn from the body: {e}"
    );
    assert!(
        (number(&e["intake_kcal_per_day"]) - 2500.0).abs() <= 5.0,
        "{e}"
    );
    assert!(
        (number(&e["weight_trend_kg_per_week"]) + 0.5).abs() <= 0.05,
        "{e}"
    );
    // The aim (-0.5 kg a week) is 550 kcal a day below the need.
    assert_eq!(number(&e["suggested_goal_kcal"]), need - 550.0, "{e}");
    assert_eq!(e["aim_kg_per_week"], -0.5);
    assert_eq!(e["current_goal_kcal"], 2000);
    assert_eq!(e["trend"].as_array().unwrap().len(), 22);
    let codes: Vec<&str> = e["reasons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["code"].as_str().unwrap())
        .collect();
    assert!(codes.contains(&"partial_days_left_out"), "{codes:?}");

    // Another account sees none of it.
    let bob = register(&app, "bob").await;
    let other = estimate(&app, &bob).await;
    assert_eq!(other["days_used"], 0);
    assert_eq!(other["confidence"], "low");
    assert!(
        other["formula_kcal_per_day"].is_null(),
        "no body data, no formula: {other}"
    );
    assert_eq!(
        other["estimated_kcal_per_day"], 2000.0,
        "the goal stands in"
    );
}

#[tokio::test]
async fn an_aim_beyond_the_safe_rates_is_refused() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    for aim in [json!(-1.5), json!(0.8), json!("fast")] {
        let (status, answer) = as_user(
            &app,
            Method::PUT,
            "/users/profile/",
            &ann,
            json!({"weight_aim_kg_per_week": aim}),
        )
        .await;
        assert_eq!(status, 422, "{aim}: {answer}");
        assert_eq!(answer["success"], false);
    }
    let (_, profile) = get_as(&app, "/users/profile/", &ann.access).await;
    assert!(profile["data"]["profile"]["weight_aim_kg_per_week"].is_null());
    let data = expect_ok(
        &app,
        Method::PUT,
        "/users/profile/",
        &ann,
        json!({"weight_aim_kg_per_week": 0.25}),
    )
    .await;
    assert_eq!(data["profile"]["weight_aim_kg_per_week"], 0.25);
    let (status, _) = app.get("/users/energy-expenditure/").await;
    assert_eq!(status, 401);
}
