//! Vitamins, minerals and fats over HTTP (issue 36): USDA's values on the foods they
//! belong to, a dish's worked out from its recipe, a custom food's as typed, and a day's
//! and a range's totals with their coverage against the person's targets.

use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{
    Options, Session, TestApp, as_user, download, expect_ok, get_as, number, register, send_as,
    spawn_app,
};

/// The food named exactly `name` among the search's answers for `query`, as its own page
/// gives it (a search's answers leave the micronutrients out).
async fn food_named(app: &TestApp, query: &str, name: &str) -> Value {
    let (status, body) = app
        .get(&format!(
            "/foods/search/?query={}&page_size=50",
            query.replace(' ', "%20")
        ))
        .await;
    assert_eq!(status, 200, "{body}");
    let hit = body["data"]["foods"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == name)
        .unwrap_or_else(|| panic!("no {name:?} for {query:?}: {body}"));
    assert!(hit.get("micronutrients").is_none(), "{hit}");
    let (status, page) = app.get(&format!("/foods/{}/", hit["id"])).await;
    assert_eq!(status, 200, "{page}");
    page["data"].clone()
}

/// USDA's "Oranges, raw, all commercial varieties" (vitamin C 53.2 mg per 100 g).
async fn usda_orange(app: &TestApp) -> Value {
    food_named(
        app,
        "oranges raw all commercial varieties",
        "Oranges, raw, all commercial varieties",
    )
    .await
}

fn close(value: &Value, expected: f64, within: f64) {
    let got = number(value);
    assert!(
        (got - expected).abs() <= within,
        "{got} is not within {within} of {expected}"
    );
}

#[tokio::test]
async fn foods_carry_usdas_values_and_say_what_their_source_does_not_give() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let orange = usda_orange(&app).await;
    close(&orange["micronutrients"]["vitamin_c_mg"], 53.2, 0.5);
    let milk = food_named(
        &app,
        "milk whole 3.25% milkfat with added vitamin D",
        "Milk, whole, 3.25% milkfat, with added vitamin D",
    )
    .await;
    close(&milk["micronutrients"]["calcium_mg"], 113.0, 1.0);
    let spinach = food_named(&app, "spinach raw", "Spinach, raw").await;
    close(&spinach["micronutrients"]["iron_mg"], 2.71, 0.05);
    // The catalogue's banana takes USDA's values from the food it was taken from.
    let banana = food_named(&app, "banana", "Banana").await;
    close(&banana["micronutrients"]["potassium_mg"], 358.0, 2.0);
    // Every key is there, each a number or null; values from one source are whole.
    for food in [&orange, &milk, &spinach, &banana] {
        assert_eq!(
            food["micronutrients"].as_object().unwrap().len(),
            24,
            "{food}"
        );
        assert!(food.get("micronutrient_coverage").is_none(), "{food}");
    }
    // A survey food: our copy of its source gives none, so the whole group is null, not
    // an object of zeros.
    let burrito = food_named(&app, "egg burrito with ham", "Egg burrito, with ham").await;
    assert!(burrito["micronutrients"].is_null(), "{burrito}");
    // The food's own page says the same.
    let id = orange["id"].as_i64().unwrap();
    let (_, page) = app.get(&format!("/foods/{id}/")).await;
    close(&page["data"]["micronutrients"]["vitamin_c_mg"], 53.2, 0.5);
}

#[tokio::test]
async fn a_dish_is_worked_out_from_its_recipe_and_says_how_much_of_it_gives_each_value() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let catalogue = models::catalogue::entries().unwrap();
    let usda = models::generic::usda_foods().unwrap();
    let dishes = models::generic::dishes(&catalogue, &usda).unwrap();
    let dish = dishes.iter().find(|d| d.name_zh == "番茄炒蛋").unwrap();
    // Worked out here from the recipe's own lines: each ingredient's value per 100 g by
    // its grams, over the cooked weight.
    let values_of = |food: &str| {
        catalogue
            .iter()
            .find(|e| e.key == food)
            .map(|e| e.micronutrients)
            .or_else(|| {
                let id: i64 = food.strip_prefix("fdc:")?.parse().ok()?;
                usda.iter()
                    .find(|u| u.fdc_id == id || u.merged.contains(&id))
                    .map(|u| u.micronutrients)
            })
            .unwrap()
    };
    let vitamin_c = models::micronutrients::Micronutrient::VitaminC;
    let (mut amount, mut known) = (0.0, 0.0);
    for ingredient in &dish.ingredients {
        if let Some(v) = values_of(&ingredient.food).get(vitamin_c) {
            amount += v * ingredient.grams / 100.0;
            known += ingredient.grams;
        }
    }
    let cooked = dish.raw_grams() * dish.cooking_yield;
    let expected = amount * 100.0 / cooked;
    assert!(expected > 5.0, "tomato gives vitamin C: {expected}");

    let found = food_named(
        &app,
        "番茄炒蛋",
        "Tomato and egg stir-fry (fan qie chao dan)",
    )
    .await;
    close(
        &found["micronutrients"]["vitamin_c_mg"],
        expected,
        expected * 0.01,
    );
    // Oil, sugar and salt give no vitamin C in their tables, or do: either way the share
    // the value comes from is said when it is not the whole recipe.
    let share = known / dish.raw_grams();
    if share < 1.0 {
        close(
            &found["micronutrient_coverage"]["vitamin_c_mg"],
            share,
            0.001,
        );
    }
}

async fn profile(app: &TestApp, who: &Session, body: Value) {
    let (status, answer) = send_as(app, Method::PUT, "/users/profile/", &who.access, &body).await;
    assert_eq!(status, 200, "{answer}");
}

#[tokio::test]
async fn a_day_adds_up_what_was_eaten_with_its_coverage_against_the_persons_targets() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let orange = usda_orange(&app).await;
    let orange_c = number(&orange["micronutrients"]["vitamin_c_mg"]);
    // A custom food whose label gives calcium only.
    let cake = expect_ok(
        &app,
        Method::POST,
        "/foods/create/",
        &ann,
        json!({"name": "Rice cake", "calories": 380, "carbs": 80,
               "micronutrients": {"calcium_mg": 120, "iron_mg": null}}),
    )
    .await;
    assert_eq!(number(&cake["micronutrients"]["calcium_mg"]), 120.0);
    assert!(cake["micronutrients"]["iron_mg"].is_null(), "{cake}");
    for (date, foods) in [
        (
            "2026-11-23T04:30:00.000Z",
            json!([{"food_id": orange["id"], "quantity": 150}, {"food_id": cake["id"], "quantity": 100}]),
        ),
        (
            "2026-11-24T04:30:00.000Z",
            json!([{"food_id": orange["id"], "quantity": 100}]),
        ),
    ] {
        let meal = expect_ok(
            &app,
            Method::POST,
            "/meals/create/",
            &ann,
            json!({"date": date, "meal_type": "lunch", "foods": foods}),
        )
        .await;
        // A save answers as it did; the day's summary sums the micronutrients.
        assert!(meal.get("micronutrients").is_none(), "{meal}");
    }

    let (status, day) = get_as(
        &app,
        "/meals/daily-summary/?date=2026-11-23&tz=UTC",
        &ann.access,
    )
    .await;
    assert_eq!(status, 200, "{day}");
    let day = &day["data"];
    // 150 g of orange; the cake gives no vitamin C: 150 of the day's 250 g.
    close(&day["micronutrients"]["vitamin_c_mg"], orange_c * 1.5, 0.2);
    close(&day["micronutrient_coverage"]["vitamin_c_mg"], 0.6, 0.001);
    // Calcium from both foods.
    let orange_ca = number(&orange["micronutrients"]["calcium_mg"]);
    close(
        &day["micronutrients"]["calcium_mg"],
        orange_ca * 1.5 + 120.0,
        0.5,
    );
    close(&day["micronutrient_coverage"]["calcium_mg"], 1.0, 0.001);
    // Vitamin D: the orange gives 0, the cake nothing: a total over 60 % of the grams.
    close(&day["micronutrients"]["vitamin_d_ug"], 0.0, 0.0);
    // No body data: the targets of men aged 31–50, said to be assumed.
    let group = &day["micronutrient_target_group"];
    assert_eq!(group["sex"], "male", "{group}");
    assert_eq!(
        (group["age_from"].as_u64(), group["age_to"].as_u64()),
        (Some(31), Some(50))
    );
    assert_eq!(group["assumed"], true);
    assert_eq!(
        number(&day["micronutrient_targets"]["vitamin_c_mg"]["amount"]),
        90.0
    );
    assert_eq!(day["micronutrient_targets"]["vitamin_c_mg"]["kind"], "rda");
    assert_eq!(
        number(&day["micronutrient_targets"]["vitamin_c_mg"]["upper_limit"]),
        2000.0
    );
    assert!(day["micronutrient_targets"]["cholesterol_mg"].is_null());

    // A woman of 31 gets her own: vitamin C 75 mg, iron 18 mg.
    profile(
        &app,
        &ann,
        json!({"gender": "female", "date_of_birth": "1995-05-31"}),
    )
    .await;
    let (_, day) = get_as(
        &app,
        "/meals/daily-summary/?date=2026-11-23&tz=UTC",
        &ann.access,
    )
    .await;
    let day = &day["data"];
    assert_eq!(day["micronutrient_target_group"]["sex"], "female");
    assert_eq!(day["micronutrient_target_group"]["assumed"], false);
    assert_eq!(
        number(&day["micronutrient_targets"]["vitamin_c_mg"]["amount"]),
        75.0
    );
    assert_eq!(
        number(&day["micronutrient_targets"]["iron_mg"]["amount"]),
        18.0
    );

    // Two days: totals over both, and the average of the days with a meal.
    let (status, range) = get_as(
        &app,
        "/meals/statistics/?start_date=2026-11-22&end_date=2026-11-24&tz=UTC",
        &ann.access,
    )
    .await;
    assert_eq!(status, 200, "{range}");
    let range = &range["data"];
    close(
        &range["micronutrients"]["vitamin_c_mg"],
        orange_c * 2.5,
        0.3,
    );
    close(
        &range["micronutrients_per_day"]["vitamin_c_mg"],
        orange_c * 1.25,
        0.2,
    );
    close(
        &range["micronutrient_coverage"]["vitamin_c_mg"],
        250.0 / 350.0,
        0.001,
    );

    // The JSON export has each meal's micronutrients and each line's as logged.
    let export: Value = download(&app, &ann, "/users/export/")
        .await
        .json()
        .await
        .unwrap();
    let first = &export["meals"][0];
    close(
        &first["micronutrients"]["vitamin_c_mg"],
        orange_c * 1.5,
        0.2,
    );
    close(&first["micronutrient_coverage"]["vitamin_c_mg"], 0.6, 0.001);
    close(
        &first["foods"][0]["micronutrients_per_100g"]["vitamin_c_mg"],
        orange_c,
        0.01,
    );
    assert!(first["foods"][1]["micronutrients_per_100g"]["vitamin_c_mg"].is_null());

    // The CSV export has a column a nutrient; the cake's vitamin C is empty, not 0.
    let csv = download(&app, &ann, "/users/export/meals.csv")
        .await
        .text()
        .await
        .unwrap();
    let mut rows = csv.lines();
    let header: Vec<&str> = rows.next().unwrap().split(',').collect();
    let column = header.iter().position(|h| *h == "vitamin_c_mg").unwrap();
    assert_eq!(header.len(), 15 + 24, "{header:?}");
    let cells: Vec<Vec<&str>> = rows.map(|r| r.split(',').collect()).collect();
    let cake_row = cells.iter().find(|c| c[5] == "Rice cake").unwrap();
    assert_eq!(cake_row[column], "");
    let orange_row = cells
        .iter()
        .find(|c| c[5].starts_with("\"Oranges") || c[5].starts_with("Oranges"));
    assert!(orange_row.is_some(), "{csv}");
}

#[tokio::test]
async fn a_users_recipe_takes_its_ingredients_values_and_bad_ones_are_refused() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let orange = usda_orange(&app).await;
    let orange_c = number(&orange["micronutrients"]["vitamin_c_mg"]);
    let yogurt = expect_ok(
        &app,
        Method::POST,
        "/foods/create/",
        &ann,
        json!({"name": "Home yogurt", "calories": 60, "protein": 3.5}),
    )
    .await;
    let made = expect_ok(
        &app,
        Method::POST,
        "/recipes/create/",
        &ann,
        json!({"name": "Orange yogurt", "servings": 1,
               "ingredients": [{"food_id": orange["id"], "quantity": 200}, {"food_id": yogurt["id"], "quantity": 100}]}),
    )
    .await;
    let food = &made["food"];
    close(
        &food["micronutrients"]["vitamin_c_mg"],
        orange_c * 2.0 / 3.0,
        0.2,
    );
    close(
        &food["micronutrient_coverage"]["vitamin_c_mg"],
        2.0 / 3.0,
        0.001,
    );

    // The yogurt's label gives vitamin C after all: the recipe takes it up.
    let (status, _) = send_as(
        &app,
        Method::PUT,
        &format!("/foods/{}/update/", yogurt["id"]),
        &ann.access,
        &json!({"name": "Home yogurt", "calories": 60, "protein": 3.5,
                "micronutrients": {"vitamin_c_mg": 3}}),
    )
    .await;
    assert_eq!(status, 200);
    let (_, again) = get_as(&app, &format!("/foods/{}/", food["id"]), &ann.access).await;
    let again = &again["data"];
    close(
        &again["micronutrients"]["vitamin_c_mg"],
        (orange_c * 2.0 + 3.0) / 3.0,
        0.2,
    );
    // Now the whole recipe gives vitamin C; the rest still comes from the orange alone.
    close(&again["micronutrient_coverage"]["vitamin_c_mg"], 1.0, 0.0);
    close(
        &again["micronutrient_coverage"]["calcium_mg"],
        2.0 / 3.0,
        0.001,
    );

    // Bad values: a key that is not one, a negative, an absurd one, a word.
    for (bad, says) in [
        (json!({"iron": 2}), "unknown micronutrient"),
        (json!({"iron_mg": -1}), "iron_mg must be between 0 and"),
        (
            json!({"vitamin_d_ug": 50000}),
            "vitamin_d_ug must be between 0 and",
        ),
        (json!({"iron_mg": "lots"}), ""),
        (json!([1, 2]), ""),
    ] {
        let (status, reply) = as_user(
            &app,
            Method::POST,
            "/foods/create/",
            &ann,
            json!({"name": "Odd", "calories": 100, "micronutrients": bad}),
        )
        .await;
        assert_eq!(status, 422, "{bad}: {reply}");
        assert_eq!(reply["success"], false);
        assert!(
            reply["error"]["message"].as_str().unwrap().contains(says),
            "{bad}: {reply}"
        );
    }
}
