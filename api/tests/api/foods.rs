//! Foods over HTTP: search in both languages across the catalogue and custom foods, the
//! search history, custom food ownership and validation, and the bad inputs.
//!
//! Long on purpose: one file per area of the API: search, custom foods and USDA fetches
//! share the catalogue set-up.

use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{Options, TestApp, get_as, register, send_as, spawn_app};

async fn search(app: &TestApp, query: &str) -> Vec<Value> {
    let (status, body) = app
        .get(&format!("/foods/search/?query={}", urlencode(query)))
        .await;
    assert_eq!(status, 200, "{query}: {body}");
    body["data"]["foods"].as_array().unwrap().clone()
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn names(foods: &[Value]) -> Vec<String> {
    foods
        .iter()
        .map(|f| f["name"].as_str().unwrap().to_owned())
        .collect()
}

fn position(foods: &[Value], pred: impl Fn(&Value) -> bool) -> Option<usize> {
    foods.iter().position(pred)
}

async fn search_body(app: &TestApp, query: &str) -> Value {
    let (status, body) = app
        .get(&format!("/foods/search/?query={}", urlencode(query)))
        .await;
    assert_eq!(status, 200, "{query}: {body}");
    body["data"].clone()
}

#[tokio::test]
async fn shipped_usda_foods_and_dishes_are_found_and_say_what_they_do_not_know() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    // A dish of the library: found whole, with its recipe and servings.
    let found = search_body(&app, "红烧肉").await;
    assert_eq!(found["exact"], true, "{found}");
    let dish = &found["foods"][0];
    assert_eq!(dish["name_zh"], "红烧肉", "{found}");
    assert!(
        dish["ingredients"].as_str().unwrap().contains("g"),
        "{dish}"
    );
    assert_eq!(dish["data_quality"], "standard-recipe");
    assert!(!dish["portions"].as_array().unwrap().is_empty());
    // By an alias.
    let alias = search_body(&app, "西红柿炒鸡蛋").await;
    assert_eq!(alias["foods"][0]["name_zh"], "番茄炒蛋", "{alias}");
    // A USDA survey food: no fibre, sugar or sodium in its source, so null, not 0.
    let survey = search_body(&app, "egg burrito with ham").await;
    let burrito = survey["foods"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "Egg burrito, with ham")
        .unwrap_or_else(|| panic!("{survey}"));
    assert_eq!(burrito["data_source"], "usda");
    assert!(burrito["sodium_per_100g"].is_null() && burrito["fiber_per_100g"].is_null());
    assert!(burrito["calories_per_100g"].as_f64().unwrap() > 0.0);
    assert!(burrito["name_zh"].as_str().is_some_and(|zh| !zh.is_empty()));
    // SR Legacy gives them, with household measures.
    let sr = search_body(&app, "pretzels hard plain salted").await;
    let pretzels = sr["foods"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "Snacks, pretzels, hard, plain, salted")
        .unwrap_or_else(|| panic!("{sr}"));
    assert!(
        pretzels["sodium_per_100g"].as_f64().unwrap() > 1000.0,
        "{pretzels}"
    );
    assert!(
        !pretzels["portions"].as_array().unwrap().is_empty(),
        "{pretzels}"
    );
    // Nothing has every word: the closest foods, marked as such.
    let closest = search_body(&app, "红烧鳄鱼").await;
    assert_eq!(closest["exact"], false, "{closest}");
    assert!(!closest["foods"].as_array().unwrap().is_empty());
    // Short forms people type.
    let oj = search_body(&app, "oj").await;
    assert!(
        oj["foods"][0]["name"]
            .as_str()
            .unwrap()
            .to_lowercase()
            .contains("orange juice"),
        "{oj}"
    );
}

#[tokio::test]
async fn the_catalogue_is_searchable_in_both_languages() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let banana = search(&app, "banana").await;
    assert_eq!(banana[0]["name"], "Banana", "{:?}", names(&banana));
    assert_eq!(banana[0]["name_zh"], "香蕉");
    assert_eq!(banana[0]["data_source"], "catalogue");
    assert!(
        banana[0]["portions"]
            .as_array()
            .is_some_and(|p| !p.is_empty())
    );
    let bread = position(&banana, |f| f["name"].as_str().unwrap().contains("bread"));
    assert!(bread.is_none_or(|b| b > 0));

    let rice = search(&app, "rice").await;
    assert_eq!(rice[0]["name_zh"], "米饭", "{:?}", names(&rice));
    let cake = position(&rice, |f| {
        f["name"]
            .as_str()
            .unwrap()
            .to_lowercase()
            .contains("rice cake")
    });
    assert!(cake.is_none_or(|c| c > 0));

    for (query, zh) in [
        ("米饭", "米饭"),
        ("mifan", "米饭"),
        ("mi fan", "米饭"),
        ("鸡蛋", "鸡蛋"),
        ("mantou", "馒头"),
        ("饺子", "饺子"),
    ] {
        let found = search(&app, query).await;
        assert!(
            found[0]["name_zh"].as_str().unwrap().starts_with(zh),
            "{query}: {:?}",
            found
                .iter()
                .map(|f| f["name_zh"].clone())
                .collect::<Vec<_>>()
        );
    }
    for (typo, wanted) in [("banan", "banana"), ("brocoli", "broccoli")] {
        let found = search(&app, typo).await;
        assert!(
            found[0]["name"]
                .as_str()
                .unwrap()
                .to_lowercase()
                .contains(wanted),
            "{typo}: {:?}",
            names(&found)
        );
    }

    // The plain food first: a qualifier in brackets is not part of what the food is
    // (番茄（西红柿） is a 番茄, "Cola (Coke)" a cola); plurals, other spellings and
    // other names find the same food.
    for (query, first) in [
        ("番茄", "Tomato"),
        ("西红柿", "Tomato"),
        ("土豆", "Potato"),
        ("tudou", "Potato"),
        ("牛奶", "Milk, whole"),
        ("milk", "Milk, whole"),
        ("tea", "Tea, green, brewed"),
        ("coke", "Cola (Coke)"),
        ("strawberry", "Strawberries"),
        ("tomatoes", "Tomato"),
        ("yoghurt", "Yogurt, sweetened"),
        ("aubergine", "Eggplant"),
        ("prawns", "Prawns"),
    ] {
        let found = search(&app, query).await;
        assert_eq!(found[0]["name"], first, "{query}: {:?}", names(&found));
    }

    // The same food by id, and a page size bound.
    let id = banana[0]["id"].as_i64().unwrap();
    let (status, one) = app.get(&format!("/foods/{id}/")).await;
    assert_eq!(
        (status, one["data"]["name"].clone()),
        (200, json!("Banana"))
    );
    let (_, few) = app.get("/foods/search/?query=rice&page_size=3").await;
    assert_eq!(few["data"]["foods"].as_array().unwrap().len(), 3);
}

/// Issue 46: a food taken from the search for a photo is asked "How many?" when it is
/// served by the item, as the recognised foods are; the answers say which foods are.
#[tokio::test]
async fn a_food_says_whether_it_is_served_by_the_item() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    for (query, zh, by_item) in [
        ("饺子", "饺子", true),
        ("包子", "包子", true),
        ("米饭", "米饭", false),
    ] {
        let found = search(&app, query).await;
        let food = &found[0];
        assert!(
            food["name_zh"].as_str().unwrap().contains(zh),
            "{query}: {:?}",
            names(&found)
        );
        assert_eq!(food["served_by_item"], by_item, "{query}: {food}");
        let id = food["id"].as_i64().unwrap();
        let (_, one) = app.get(&format!("/foods/{id}/")).await;
        assert_eq!(one["data"]["served_by_item"], by_item, "{query}: {one}");
    }
}

#[tokio::test]
async fn bad_searches_get_clear_errors() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    for (path, status, code) in [
        ("/foods/search/", 400, "EMPTY_QUERY"),
        ("/foods/search/?query=", 400, "EMPTY_QUERY"),
        ("/foods/search/?query=%20%20", 400, "EMPTY_QUERY"),
        (
            "/foods/search/?query=rice&page_size=0",
            422,
            "VALIDATION_ERROR",
        ),
        (
            "/foods/search/?query=rice&page_size=101",
            422,
            "VALIDATION_ERROR",
        ),
        (
            "/foods/search/?query=rice&page_size=ten",
            422,
            "VALIDATION_ERROR",
        ),
        ("/foods/abc/", 400, "BAD_REQUEST"),
        ("/foods/999999999/", 404, "FOOD_NOT_FOUND"),
        ("/foods/search/history/", 401, "NOT_AUTHENTICATED"),
        ("/foods/user/", 401, "NOT_AUTHENTICATED"),
    ] {
        let (got, body) = app.get(path).await;
        assert_eq!(
            (got, body["error"]["code"].as_str().unwrap()),
            (status, code),
            "{path}: {body}"
        );
        assert_eq!(body["success"], false);
    }
    let long = "a".repeat(201);
    let (status, body) = app.get(&format!("/foods/search/?query={long}")).await;
    assert_eq!(
        (status, body["error"]["code"].clone()),
        (422, json!("QUERY_TOO_LONG"))
    );
    let (status, body) = app.get("/foods/search/?query=zzqqxx").await;
    assert_eq!(
        (status, body["data"]["foods"].as_array().unwrap().len()),
        (200, 0)
    );
}

#[tokio::test]
async fn custom_foods_are_private_validated_and_searchable_at_once() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann_cook").await;
    let bob = register(&app, "bob_cook").await;

    for (body, message) in [
        (json!({"calories": 100}), "name"),
        (json!({"name": "Granola"}), "calories"),
        (json!({"name": "Granola", "calories": -5}), "Calories"),
        (json!({"name": "Granola", "calories": 2000}), "Calories"),
        (
            json!({"name": "Granola", "calories": 400, "protein": 70, "fat": 60}),
            "together",
        ),
        (json!({"name": "Granola", "calories": "lots"}), "calories"),
        (json!({"name": "x".repeat(201), "calories": 400}), "name"),
    ] {
        let (status, reply) =
            send_as(&app, Method::POST, "/foods/create/", &ann.access, &body).await;
        assert_eq!(status, 422, "{body}: {reply}");
        assert!(
            reply["error"]["message"]
                .as_str()
                .unwrap()
                .contains(message),
            "{body}: {reply}"
        );
    }
    let (status, _) = app
        .post(
            "/foods/create/",
            &json!({"name": "Granola", "calories": 400}),
        )
        .await;
    assert_eq!(status, 401);

    let (status, created) = send_as(
        &app,
        Method::POST,
        "/foods/create/",
        &ann.access,
        &json!({"name": "Grandma's granola", "calories": 471, "protein": 10.2, "fat": 20, "carbs": 60.5,
                "portions": [{"grams": 45, "name": "1 cup"}]}),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let food = &created["data"];
    assert_eq!(
        (food["is_custom"].clone(), food["is_owner"].clone()),
        (json!(true), json!(true))
    );
    // Protein, fat and carbs left out are 0; fibre, sugar and sodium left out are unknown.
    assert_eq!(
        (&food["fiber_per_100g"], &food["sodium_per_100g"]),
        (&Value::Null, &Value::Null),
        "left out: unknown, not 0"
    );
    let id = food["id"].as_i64().unwrap();

    // Searchable by its owner at once, by nobody else.
    let (_, mine) = get_as(&app, "/foods/search/?query=granola", &ann.access).await;
    assert_eq!(mine["data"]["foods"][0]["id"], id, "{mine}");
    let (_, theirs) = get_as(&app, "/foods/search/?query=granola", &bob.access).await;
    assert!(
        theirs["data"]["foods"]
            .as_array()
            .unwrap()
            .iter()
            .all(|f| f["id"] != id)
    );
    assert!(search(&app, "granola").await.iter().all(|f| f["id"] != id));
    let (status, _) = get_as(&app, &format!("/foods/{id}/"), &bob.access).await;
    assert_eq!(status, 404);
    let (_, listed) = get_as(&app, "/foods/user/", &ann.access).await;
    assert_eq!(
        (
            listed["data"]["total"].clone(),
            listed["data"]["foods"][0]["id"].clone()
        ),
        (json!(1), json!(id))
    );
    let (_, none) = get_as(&app, "/foods/user/", &bob.access).await;
    assert_eq!(none["data"]["total"], 0);

    // Only the owner changes it; a bad change leaves it as it was.
    let edit = json!({"name": "Granola, homemade", "calories": 455});
    let (status, _) = send_as(
        &app,
        Method::PUT,
        &format!("/foods/{id}/update/"),
        &bob.access,
        &edit,
    )
    .await;
    assert_eq!(status, 404);
    let (status, _) = send_as(
        &app,
        Method::PUT,
        &format!("/foods/{id}/update/"),
        &ann.access,
        &json!({"name": "", "calories": 1}),
    )
    .await;
    assert_eq!(status, 422);
    let (_, still) = get_as(&app, &format!("/foods/{id}/"), &ann.access).await;
    assert_eq!(still["data"]["name"], "Grandma's granola");
    let (status, updated) = send_as(
        &app,
        Method::PUT,
        &format!("/foods/{id}/update/"),
        &ann.access,
        &edit,
    )
    .await;
    assert_eq!(
        (status, updated["data"]["calories_per_100g"].clone()),
        (200, json!(455.0))
    );
    let (_, renamed) = get_as(&app, "/foods/search/?query=homemade", &ann.access).await;
    assert_eq!(renamed["data"]["foods"][0]["id"], id);

    // Built-in foods are read-only for everyone, and can be copied as custom.
    let banana = search(&app, "banana").await[0].clone();
    let banana_id = banana["id"].as_i64().unwrap();
    let (status, body) = send_as(
        &app,
        Method::PUT,
        &format!("/foods/{banana_id}/update/"),
        &ann.access,
        &edit,
    )
    .await;
    assert_eq!(
        (status, body["error"]["code"].clone()),
        (403, json!("FOOD_READ_ONLY"))
    );
    let (status, _) = send_as(
        &app,
        Method::DELETE,
        &format!("/foods/{banana_id}/delete/"),
        &ann.access,
        &json!({}),
    )
    .await;
    assert_eq!(status, 403);
    let (status, copy) = send_as(
        &app,
        Method::POST,
        "/foods/create/",
        &ann.access,
        &json!({"name": "Banana (mine)", "calories": 89, "copied_from": banana_id}),
    )
    .await;
    assert_eq!(status, 201, "{copy}");
    let (status, _) = send_as(
        &app,
        Method::POST,
        "/foods/create/",
        &bob.access,
        &json!({"name": "Stolen", "calories": 1, "copied_from": id}),
    )
    .await;
    assert_eq!(status, 404, "copying another user's food");

    // Deleting reports the impact and takes it out of search.
    let (status, _) = send_as(
        &app,
        Method::DELETE,
        &format!("/foods/{id}/delete/"),
        &bob.access,
        &json!({}),
    )
    .await;
    assert_eq!(status, 404);
    let (status, gone) = send_as(
        &app,
        Method::DELETE,
        &format!("/foods/{id}/delete/"),
        &ann.access,
        &json!({}),
    )
    .await;
    assert_eq!(status, 200, "{gone}");
    assert_eq!(
        gone["data"],
        json!({"removed_from_meals": false, "meal_count": 0, "meal_foods_count": 0})
    );
    let (_, after) = get_as(&app, "/foods/search/?query=homemade", &ann.access).await;
    assert!(
        after["data"]["foods"]
            .as_array()
            .unwrap()
            .iter()
            .all(|f| f["id"] != id)
    );
    let (status, _) = send_as(
        &app,
        Method::DELETE,
        &format!("/foods/{id}/delete/"),
        &ann.access,
        &json!({}),
    )
    .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn signed_in_searches_are_remembered_and_used_foods_rank_higher() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann_search").await;
    for q in ["rice", "鸡蛋", "Rice "] {
        let (status, _) = get_as(
            &app,
            &format!("/foods/search/?query={}", urlencode(q)),
            &ann.access,
        )
        .await;
        assert_eq!(status, 200);
    }
    // Recording happens after the answer; give it a moment.
    let mut history = Value::Null;
    for _ in 0..50 {
        let (_, body) = get_as(&app, "/foods/search/history/?limit=10", &ann.access).await;
        history = body["data"]["history"].clone();
        if history.as_array().unwrap().len() == 2 && history[0]["count"] == 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(history[0]["query"], "Rice", "{history}");
    assert_eq!(history[1]["query"], "鸡蛋");
    let (status, _) = get_as(&app, "/foods/search/history/?limit=0", &ann.access).await;
    assert_eq!(status, 422);

    // A food the user made ranks above the catalogue's plain food of the same name.
    let (_, made) = send_as(
        &app,
        Method::POST,
        "/foods/create/",
        &ann.access,
        &json!({"name": "Rice, my usual", "calories": 130}),
    )
    .await;
    let (_, found) = get_as(&app, "/foods/search/?query=rice", &ann.access).await;
    assert_eq!(
        found["data"]["foods"][0]["id"], made["data"]["id"],
        "{found}"
    );
    assert_eq!(
        search(&app, "rice").await[0]["name_zh"],
        "米饭",
        "others still see the plain food first"
    );
}

/// The foods a meal said in words is read into: (names, grams) of each line.
async fn parse_meal(app: &TestApp, text: &str) -> (u16, Value) {
    app.post("/foods/parse-meal/", &json!({ "text": text }))
        .await
}

#[tokio::test]
async fn a_meal_said_in_words_becomes_lines_with_their_amounts() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let (status, body) = parse_meal(&app, "早饭吃了一碗米饭和两个鸡蛋").await;
    assert_eq!(status, 200, "{body}");
    let items = body["data"]["items"].as_array().unwrap();
    assert_eq!(items.len(), 2, "{body}");
    // "早饭" says which meal it was.
    assert_eq!(body["data"]["meal_type"], "breakfast", "{body}");
    assert_eq!(items[0]["text"], "一碗米饭");
    assert_eq!(items[0]["amount"], json!({"count": 1.0, "unit": "碗"}));
    assert!(
        items[0]["food"]["name_zh"]
            .as_str()
            .unwrap()
            .contains("米饭")
    );
    assert_eq!(items[1]["amount"], json!({"count": 2.0, "unit": "个"}));
    assert!(items[1]["food"]["name_zh"].as_str().unwrap().contains("蛋"));
    let grams = items[1]["grams"].as_f64().unwrap();
    assert!((80.0..=130.0).contains(&grams), "two eggs: {grams} g");
    for item in items {
        assert!(item["alternatives"].as_array().unwrap().len() <= 3);
        assert!(item["food"]["calories_per_100g"].is_number());
    }
    assert_eq!(body["data"]["unmatched"], json!([]));

    // What no food is found for is said, not guessed.
    let (_, body) = parse_meal(&app, "2 eggs and a zzqqxv").await;
    assert_eq!(body["data"]["items"].as_array().unwrap().len(), 1, "{body}");
    assert_eq!(body["data"]["unmatched"], json!(["a zzqqxv"]));
    assert_eq!(body["data"]["meal_type"], Value::Null);
    // A mass typed after the food is its amount, as lists are typed.
    let (_, body) = parse_meal(&app, "For lunch I had oatmeal 50g").await;
    assert_eq!(body["data"]["meal_type"], "lunch", "{body}");
    assert_eq!(body["data"]["items"][0]["grams"], 50.0, "{body}");
    // A salad as a meal is a dressed main salad, not 100 g of leaves.
    let (_, body) = parse_meal(&app, "chicken caesar salad and a diet coke").await;
    let salad = &body["data"]["items"][0];
    let kcal = salad["grams"].as_f64().unwrap()
        * salad["food"]["calories_per_100g"].as_f64().unwrap()
        / 100.0;
    assert!(
        salad["food"]["name"]
            .as_str()
            .unwrap()
            .to_lowercase()
            .contains("caesar")
            && kcal > 250.0,
        "{body}"
    );
    assert_eq!(body["data"]["items"].as_array().unwrap().len(), 2, "{body}");
    // A thing said as one, whose food has no such portion, weighs what such things weigh.
    let (_, body) = parse_meal(&app, "a protein bar").await;
    let grams = body["data"]["items"][0]["grams"].as_f64().unwrap();
    assert!(
        (30.0..=80.0).contains(&grams),
        "a protein bar: {grams} g, {body}"
    );
    // A near match is a question: only the closest there is.
    let (_, body) = parse_meal(&app, "a bowl of red-braised pork belly recipe").await;
    let item = &body["data"]["items"][0];
    assert_eq!(item["certainty"]["level"], "unsure", "{body}");

    // Bad input: the spec's envelope, 422.
    for bad in [
        json!({}),
        json!({"text": ""}),
        json!({"text": "   "}),
        json!({"text": 5}),
        json!({"text": "米饭".repeat(251)}),
    ] {
        let (status, body) = app.post("/foods/parse-meal/", &bad).await;
        assert_eq!(status, 422, "{bad}: {body}");
        assert_eq!(body["success"], false);
        assert_eq!(body["error"]["code"], "VALIDATION_ERROR", "{body}");
    }
}

/// Whether a line is the dish expected: a food whose name holds one of the names, with
/// grams in the household range.
fn right_line(line: &Value, expected: &Value) -> bool {
    let names = [&line["food"]["name"], &line["food"]["name_zh"]]
        .map(|n| n.as_str().unwrap_or_default().to_lowercase());
    let named = expected["names"]
        .as_array()
        .unwrap()
        .iter()
        .any(|n| names.iter().any(|name| name.contains(n.as_str().unwrap())));
    let grams = line["grams"].as_f64().unwrap_or_default();
    let range = &expected["grams"];
    named && grams >= range[0].as_f64().unwrap() && grams <= range[1].as_f64().unwrap()
}

/// How many of a language's phrases of a test set `parse-meal` reads exactly, and what
/// it read of the others; prints both, with the time a phrase takes.
async fn phrases_read_right(app: &TestApp, cases: &Value, language: &str) -> (usize, Vec<String>) {
    let phrases = cases[language].as_array().unwrap();
    let mut right = 0;
    let mut wrong = Vec::new();
    let mut took = Vec::new();
    for case in phrases {
        let text = case["text"].as_str().unwrap();
        let started = std::time::Instant::now();
        let (status, body) = parse_meal(app, text).await;
        took.push(started.elapsed().as_secs_f64() * 1e3);
        assert_eq!(status, 200, "{text}: {body}");
        let lines = body["data"]["items"].as_array().unwrap();
        let expected = case["dishes"].as_array().unwrap();
        let exact = lines.len() == expected.len()
            && body["data"]["unmatched"] == json!([])
            && lines.iter().zip(expected).all(|(l, e)| right_line(l, e));
        if exact {
            right += 1;
        } else {
            let read: Vec<String> = lines
                .iter()
                .map(|l| format!("{} {} g", l["food"]["name"], l["grams"]))
                .collect();
            wrong.push(format!(
                "{text} → {read:?} unmatched {}",
                body["data"]["unmatched"]
            ));
        }
    }
    took.sort_by(f64::total_cmp);
    println!(
        "{language}: {right} of {} phrases exactly right ({:.1} %); p50 {:.1} ms a phrase over HTTP",
        phrases.len(),
        right as f64 / phrases.len() as f64 * 100.0,
        took[took.len() / 2]
    );
    for miss in &wrong {
        println!("  missed: {miss}");
    }
    (right, wrong)
}

/// Issue 35's test set: everyday meals typed in each language, written before looking
/// at the shipped foods. At least 90 % of the phrases of each language come back exactly.
#[tokio::test]
async fn nine_in_ten_everyday_meals_are_read_exactly_in_each_language() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let cases: Value = serde_json::from_str(include_str!("fixtures/meal_phrases.json")).unwrap();
    for language in ["zh", "en"] {
        let phrases = cases[language].as_array().unwrap().len();
        let (right, wrong) = phrases_read_right(&app, &cases, language).await;
        assert!(phrases >= 60);
        let share = right as f64 / phrases as f64;
        assert!(
            share >= 0.9,
            "{language}: {:.1} % right\n{}",
            share * 100.0,
            wrong.join("\n")
        );
    }
}

/// Issue 49's held-out set, 30 phrases a language written before they were run and never
/// tuned on: "a can of tuna", "one large baked potato", "coffee with milk", "spaghetti
/// bolognese" among them. The target is 28 of 30 in each; English reads 29 and Chinese
/// 30 (BENCHMARKS names the miss), and neither may fall back from that.
#[tokio::test]
async fn held_out_meals_in_words_are_read_exactly() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let cases: Value =
        serde_json::from_str(include_str!("fixtures/meal_phrases_heldout.json")).unwrap();
    for (language, at_least) in [("en", 29), ("zh", 30)] {
        assert_eq!(cases[language].as_array().unwrap().len(), 30);
        let (right, wrong) = phrases_read_right(&app, &cases, language).await;
        assert!(
            right >= at_least,
            "{language}: {right} of 30 right\n{}",
            wrong.join("\n")
        );
    }
}
