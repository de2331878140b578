//! An account's JSON export read back into a new account (`POST /users/import/`): the
//! same meals, foods, recipes, stars, weights and goals come out of the new account's
//! export; a bad export writes nothing.

use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{
    Options, Session, TestApp, download, expect_ok, food_id, get_as, register, send_as, spawn_app,
};

async fn export_of(app: &TestApp, who: &Session) -> Value {
    let response = download(app, who, "/users/export/").await;
    assert_eq!(response.status(), 200);
    serde_json::from_str(&response.text().await.unwrap()).unwrap()
}

async fn import(app: &TestApp, who: &Session, export: &Value) -> (u16, Value) {
    send_as(app, Method::POST, "/users/import/", &who.access, export).await
}

/// What must come back the same: everything but ids and the times of writing, with a
/// food named by its name (its id here is another).
fn comparable(export: &Value) -> Value {
    fn strip(value: &Value) -> Value {
        match value {
            Value::Object(map) => Value::Object(
                map.iter()
                    .filter(|(k, _)| {
                        !matches!(
                            k.as_str(),
                            "id" | "food_id" | "created_at" | "updated_at" | "food" | "is_owner"
                        )
                    })
                    .map(|(k, v)| (k.clone(), strip(v)))
                    .collect(),
            ),
            Value::Array(items) => Value::Array(items.iter().map(strip).collect()),
            other => other.clone(),
        }
    }
    json!({
        "profile": strip(&export["profile"]),
        "meals": strip(&export["meals"]),
        "weights": strip(&export["weights"]),
        "custom_foods": strip(&export["custom_foods"]),
        "recipes": strip(&export["recipes"]),
        "favorites": strip(&export["favorites"]),
    })
}

/// Where two documents differ, by path.
fn differences(at: &str, got: &Value, want: &Value) -> Vec<String> {
    match (got, want) {
        (Value::Object(a), Value::Object(b)) => {
            let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
            keys.sort();
            keys.dedup();
            keys.into_iter()
                .flat_map(|k| {
                    let none = Value::Null;
                    differences(
                        &format!("{at}.{k}"),
                        a.get(k).unwrap_or(&none),
                        b.get(k).unwrap_or(&none),
                    )
                })
                .collect()
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => a
            .iter()
            .zip(b)
            .enumerate()
            .flat_map(|(i, (x, y))| differences(&format!("{at}[{i}]"), x, y))
            .collect(),
        _ if got == want => Vec::new(),
        _ => vec![format!("{at}: {got} instead of {want}")],
    }
}

#[tokio::test]
async fn an_export_read_back_into_a_new_account_is_the_same_account() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let rice = food_id(&app, "米饭").await;
    let egg = food_id(&app, "boiled%20egg").await;
    let porridge = expect_ok(
        &app,
        Method::POST,
        "/foods/create/",
        &ann,
        json!({"name": "燕麦粥", "calories": 68, "protein": 2.4, "fat": 1.4, "carbs": 12,
               "fiber": 1.7, "portions": [{"grams": 250, "name": "bowl", "name_zh": "碗"}],
               "micronutrients": {"iron_mg": 0.9}}),
    )
    .await["id"]
        .as_i64()
        .unwrap();
    let fried_rice = expect_ok(
        &app,
        Method::POST,
        "/recipes/create/",
        &ann,
        json!({"name": "Egg fried rice", "name_zh": "蛋炒饭", "servings": 2,
               "ingredients": [{"food_id": rice, "amount": "2碗"}, {"food_id": egg, "quantity": 100}]}),
    )
    .await["id"]
    .as_i64()
    .unwrap();
    // A recipe with a recipe and a custom food inside.
    let set_meal = expect_ok(
        &app,
        Method::POST,
        "/recipes/create/",
        &ann,
        json!({"name": "Breakfast set", "servings": 1,
               "ingredients": [{"food_id": fried_rice, "quantity": 200}, {"food_id": porridge, "amount": "1碗"}]}),
    )
    .await["id"]
    .as_i64()
    .unwrap();
    for meal in [
        json!({"meal_type": "breakfast", "date": "2026-11-28",
               "foods": [{"food_id": porridge, "amount": "1碗"}, {"food_id": set_meal, "quantity": 150}]}),
        json!({"meal_type": "lunch", "date": "2026-11-29", "name": "午饭", "notes": "食堂",
               "foods": [{"food_id": rice, "amount": "1.5碗"}, {"food_id": egg, "quantity": 50}]}),
        json!({"meal_type": "dinner", "date": "2026-11-29",
               "foods": [{"food_id": fried_rice, "quantity": 300},
                         {"quick_add": {"name": "火锅", "calories": 850, "protein": 40}}]}),
    ] {
        expect_ok(&app, Method::POST, "/meals/create/", &ann, meal).await;
    }
    for food in [rice, porridge] {
        expect_ok(
            &app,
            Method::POST,
            &format!("/foods/{food}/favorite/"),
            &ann,
            json!({}),
        )
        .await;
    }
    expect_ok(
        &app,
        Method::POST,
        "/meals/record-weight/",
        &ann,
        json!({"date": "2026-11-29", "weight": 61.8, "notes": "早上"}),
    )
    .await;
    expect_ok(
        &app,
        Method::PUT,
        "/users/profile/",
        &ann,
        json!({"daily_calorie_goal": 1800, "gender": "female", "height": 163,
               "weight": 61.8, "activity_level": "lightly_active"}),
    )
    .await;

    let exported = export_of(&app, &ann).await;
    assert_eq!(exported["custom_foods"].as_array().unwrap().len(), 1);
    assert_eq!(exported["recipes"].as_array().unwrap().len(), 2);
    assert_eq!(exported["favorites"].as_array().unwrap().len(), 2);
    assert_eq!(exported["meals"].as_array().unwrap().len(), 3);

    let bob = register(&app, "bob").await;
    let (status, imported) = import(&app, &bob, &exported).await;
    assert_eq!(status, 200, "{imported}");
    assert_eq!(
        imported["data"],
        json!({"custom_foods": 1, "recipes": 2, "meals": 3, "weights": 1, "favorites": 2})
    );
    let again = export_of(&app, &bob).await;
    let differences = differences("", &comparable(&again), &comparable(&exported));
    assert!(differences.is_empty(), "{differences:#?}");
    // Bob's foods are his own, not links to Ann's.
    let own_porridge = again["custom_foods"][0]["id"].as_i64().unwrap();
    assert_ne!(own_porridge, porridge);
    let (status, _) = get_as(&app, &format!("/foods/{own_porridge}/"), &ann.access).await;
    assert_eq!(status, 404, "Ann cannot see Bob's copy");
    let breakfast = &again["meals"][0]["foods"][0];
    assert_eq!(breakfast["food_id"], own_porridge);
    // The history counts as eaten: Recent lists its foods.
    let (_, recent) = get_as(&app, "/foods/recent/", &bob.access).await;
    assert!(
        recent["data"]["recent"].as_array().unwrap().len() >= 3,
        "{recent}"
    );

    // Read into an account that holds something, it merges nothing and writes nothing.
    let (status, refused) = import(&app, &bob, &exported).await;
    assert_eq!(
        (status, refused["error"]["code"].clone()),
        (409, json!("CONFLICT"))
    );
    assert_eq!(
        export_of(&app, &bob).await["meals"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
}

#[tokio::test]
async fn a_bad_export_writes_nothing_and_says_where_it_is_wrong() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let carl = register(&app, "carl").await;
    let rice = food_id(&app, "米饭").await;
    let good_meal = json!({"meal_type": "lunch", "eaten_at": "2026-11-29T04:30:00Z",
        "foods": [{"food_id": rice, "food_name": "Rice, white, cooked", "quantity": 150,
                   "per_100g": {"calories": 130, "protein": 2.7, "fat": 0.3, "carbs": 28.2,
                                "fiber": 0.4, "sugar": 0.1, "sodium": 1}}]});
    let food = json!({"id": 901, "name": "Homemade dumplings", "calories_per_100g": 220,
                      "protein_per_100g": 9, "fat_per_100g": 8, "carbs_per_100g": 27});

    let empty = |what: &str| format!("{what}: carl's account holds nothing after a refused import");
    for (export, status, names) in [
        // A meal's line weighing less than nothing.
        (
            json!({"custom_foods": [food],
                   "meals": [good_meal, {"meal_type": "dinner", "eaten_at": "2026-11-29T11:00:00Z",
                   "foods": [{"food_name": "Noodles", "quantity": -5,
                              "per_100g": {"calories": 130, "protein": 4, "fat": 1, "carbs": 25,
                                           "fiber": 1, "sugar": 0, "sodium": 5}}]}]}),
            422,
            "meals[1].foods[0]",
        ),
        // Values no food holds.
        (
            json!({"meals": [{"meal_type": "lunch", "eaten_at": "2026-11-29T04:30:00Z",
                   "foods": [{"food_name": "Cake", "quantity": 100,
                              "per_100g": {"calories": 90000, "protein": 0, "fat": 0, "carbs": 0,
                                           "fiber": 0, "sugar": 0, "sodium": 0}}]}]}),
            422,
            "meals[0].foods[0]",
        ),
        // A recipe of a food that is neither in the export nor here: found only once the
        // custom food is written, which is then removed again.
        (
            json!({"custom_foods": [food],
                   "recipes": [{"id": 902, "name": "Dumpling soup", "servings": 2,
                                "ingredients": [{"food_id": 901, "quantity": 300},
                                                {"food_id": 987654321, "food_name": "Mystery broth", "quantity": 200}]}],
                   "meals": [good_meal]}),
            404,
            "Mystery broth",
        ),
        (json!({"meals": "not a list"}), 422, "meals"),
    ] {
        let (got, refused) = import(&app, &carl, &export).await;
        assert_eq!(got, status, "{refused}");
        let message = refused["error"]["message"].as_str().unwrap();
        assert!(message.contains(names), "{message}");
        let after = export_of(&app, &carl).await;
        for part in ["meals", "custom_foods", "recipes", "weights", "favorites"] {
            assert_eq!(after[part], json!([]), "{}", empty(part));
        }
    }
    // The good part alone goes in.
    let (status, imported) = import(&app, &carl, &json!({"meals": [good_meal]})).await;
    assert_eq!(status, 200, "{imported}");
    let after = export_of(&app, &carl).await;
    assert_eq!(after["meals"][0]["foods"][0]["food_id"], rice);
    assert_eq!(after["meals"][0]["total_calories"], 195.0);
}
