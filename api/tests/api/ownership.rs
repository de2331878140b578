//! Every resource a user owns (meals, meal lines, custom foods, recipes, images, stars,
//! weight records, profile) answers another user's token with 404, or their own empty
//! view, and none of them changes.

use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{
    Options, Session, TestApp, expect_ok, get_as, register, send_as, spawn_app, upload,
};

fn png() -> Vec<u8> {
    let mut out = Vec::new();
    image::RgbImage::from_pixel(64, 48, image::Rgb([200, 180, 40]))
        .write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png)
        .unwrap();
    out
}

/// What ann can read of everything she owns, to compare before and after bob tries.
async fn snapshot(app: &TestApp, ann: &Session, paths: &[String]) -> Vec<Value> {
    let mut seen = Vec::new();
    for path in paths {
        let (status, answer) = get_as(app, path, &ann.access).await;
        assert_eq!(status, 200, "{path}: {answer}");
        seen.push(answer["data"].clone());
    }
    seen
}

#[tokio::test]
async fn another_users_token_finds_nothing_of_yours_and_changes_nothing() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let bob = register(&app, "bob").await;

    let food = expect_ok(
        &app,
        Method::POST,
        "/foods/create/",
        &ann,
        json!({"name": "Ann's bread", "calories": 250, "portions": [{"grams": 30, "name": "1 slice"}]}),
    )
    .await;
    let food_id = food["id"].as_i64().unwrap();
    let recipe = expect_ok(
        &app,
        Method::POST,
        "/recipes/create/",
        &ann,
        json!({"name": "Ann's toast", "servings": 1, "ingredients": [{"food_id": food_id, "amount": "2 slices"}]}),
    )
    .await;
    let recipe_id = recipe["id"].as_i64().unwrap();
    let meal = expect_ok(
        &app,
        Method::POST,
        "/meals/create/",
        &ann,
        json!({"date": "2026-11-20", "meal_type": "lunch",
               "foods": [{"food_id": food_id, "quantity": 60}, {"food_id": recipe_id, "quantity": 60}]}),
    )
    .await;
    let meal_id = meal["id"].as_i64().unwrap();
    let line_id = meal["foods"][0]["id"].as_i64().unwrap();
    let weight = expect_ok(
        &app,
        Method::POST,
        "/meals/record-weight/",
        &ann,
        json!({"date": "2026-11-20", "weight": 61.5}),
    )
    .await;
    let weight_id = weight["id"].as_i64().unwrap();
    let (status, image) = upload(&app, &ann, png(), "plate.png", None).await;
    assert_eq!(status, 201, "{image}");
    let image_id = image["data"]["id"].as_i64().unwrap();
    expect_ok(
        &app,
        Method::POST,
        &format!("/foods/{food_id}/favorite/"),
        &ann,
        json!({}),
    )
    .await;

    let anns = [
        format!("/meals/{meal_id}/"),
        format!("/foods/{food_id}/"),
        format!("/recipes/{recipe_id}/"),
        format!("/images/{image_id}/results/"),
        "/meals/weight-history/".to_owned(),
        "/foods/favorites/".to_owned(),
        "/foods/user/".to_owned(),
        "/users/profile/".to_owned(),
    ];
    let before = snapshot(&app, &ann, &anns).await;

    let meal_body = json!({"foods": [{"food_id": food_id, "quantity": 1}]});
    let recipe_body =
        json!({"name": "x", "servings": 1, "ingredients": [{"food_id": food_id, "quantity": 1}]});
    let attempts: Vec<(Method, String, Value)> = vec![
        (Method::GET, format!("/meals/{meal_id}/"), json!({})),
        (
            Method::PUT,
            format!("/meals/{meal_id}/update/"),
            json!({"name": "mine"}),
        ),
        (
            Method::DELETE,
            format!("/meals/{meal_id}/delete/"),
            json!({}),
        ),
        (
            Method::POST,
            format!("/meals/{meal_id}/add-food/"),
            json!({"food_id": 1, "quantity": 5}),
        ),
        (
            Method::POST,
            format!("/meals/{meal_id}/copy/"),
            json!({"date": "2026-11-21"}),
        ),
        (
            Method::PUT,
            format!("/meals/food/{line_id}/update/"),
            json!({"quantity": 5}),
        ),
        (
            Method::DELETE,
            format!("/meals/food/{line_id}/delete/"),
            json!({}),
        ),
        (Method::GET, format!("/foods/{food_id}/"), json!({})),
        (
            Method::PUT,
            format!("/foods/{food_id}/update/"),
            json!({"name": "mine", "calories": 1}),
        ),
        (
            Method::DELETE,
            format!("/foods/{food_id}/delete/"),
            json!({}),
        ),
        (
            Method::POST,
            format!("/foods/{food_id}/favorite/"),
            json!({}),
        ),
        (
            Method::DELETE,
            format!("/foods/{food_id}/favorite/"),
            json!({}),
        ),
        (
            Method::POST,
            "/foods/create/".into(),
            json!({"name": "copy", "calories": 1, "copied_from": food_id}),
        ),
        (Method::POST, "/meals/create/".into(), meal_body),
        (Method::GET, format!("/recipes/{recipe_id}/"), json!({})),
        (
            Method::PUT,
            format!("/recipes/{recipe_id}/update/"),
            recipe_body.clone(),
        ),
        (
            Method::DELETE,
            format!("/recipes/{recipe_id}/delete/"),
            json!({}),
        ),
        (
            Method::POST,
            format!("/recipes/{recipe_id}/copy/"),
            json!({}),
        ),
        (
            Method::POST,
            "/recipes/create/".into(),
            json!({"name": "x", "servings": 1, "ingredients": [{"food_id": recipe_id, "quantity": 1}]}),
        ),
        (Method::GET, format!("/foods/{recipe_id}/"), json!({})),
        (
            Method::DELETE,
            format!("/meals/weight/{weight_id}/delete/"),
            json!({}),
        ),
        (
            Method::GET,
            format!("/images/{image_id}/results/"),
            json!({}),
        ),
        (
            Method::DELETE,
            format!("/images/{image_id}/delete/"),
            json!({}),
        ),
        (
            Method::POST,
            "/images/analyze/".into(),
            json!({"image_id": image_id}),
        ),
        (
            Method::POST,
            "/images/analyze-stream/".into(),
            json!({"image_id": image_id}),
        ),
        (
            Method::POST,
            "/images/detect-barcodes/".into(),
            json!({"image_id": image_id}),
        ),
        (
            Method::POST,
            "/images/create-meal/".into(),
            json!({"image_id": image_id}),
        ),
    ];
    for (method, path, body) in attempts {
        let (status, answer) = send_as(&app, method.clone(), &path, &bob.access, &body).await;
        assert_eq!(status, 404, "{method} {path}: {answer}");
        assert_eq!(answer["success"], false, "{method} {path}");
    }
    // Lists are bob's own, and hold nothing of ann's.
    for path in [
        "/meals/list/",
        "/foods/user/",
        "/recipes/",
        "/images/list/",
        "/foods/favorites/",
        "/foods/recent/",
        "/meals/weight-history/",
    ] {
        let (status, answer) = get_as(&app, path, &bob.access).await;
        assert_eq!(status, 200, "{path}");
        let text = answer.to_string();
        assert!(!text.contains("Ann's"), "{path}: {text}");
        assert!(!text.contains("61.5"), "{path}: {text}");
    }
    let (_, search) = get_as(&app, "/foods/search/?query=Ann%27s", &bob.access).await;
    // Shared foods may come close to the words; ann's own food is not among them.
    assert!(
        search["data"]["foods"]
            .as_array()
            .unwrap()
            .iter()
            .all(|f| !f["name"].as_str().unwrap().contains("Ann's")),
        "{search}"
    );
    assert_eq!(
        search["data"]["exact"], false,
        "only typos of its words: {search}"
    );
    // Bob changing his own profile leaves ann's alone.
    expect_ok(
        &app,
        Method::PUT,
        "/users/profile/",
        &bob,
        json!({"nickname": "Bob", "weight": 90}),
    )
    .await;

    assert_eq!(
        snapshot(&app, &ann, &anns).await,
        before,
        "nothing of ann's changed"
    );
}
