//! One contract for the food store, run on SQLite and on PostgreSQL.

use models::{
    CustomFoodInput, Email, FoodSource, NewFood, NewUser, Nutrients, Portion, Stores, UserId,
    Username, catalogue,
};

models::store_contract!(
    the_catalogue_seeds_once_and_updates_in_place,
    custom_foods_belong_to_their_owner,
    deleted_foods_leave_the_index_rows_but_are_marked,
    shared_imports_upsert_by_source_key,
    search_history_keeps_distinct_queries_newest_first,
    used_foods_rank_by_uses,
);

async fn user(stores: &Stores, name: &str) -> UserId {
    stores
        .users
        .create(&NewUser {
            username: Username::parse(name).unwrap(),
            email: Email::parse(&format!("{name}@example.com")).unwrap(),
            nickname: name.into(),
            password_hash: "$argon2id$fake".into(),
        })
        .await
        .unwrap()
        .id
}

fn custom(name: &str, calories: f64, owner: UserId) -> NewFood {
    CustomFoodInput {
        name: Some(name.into()),
        calories: Some(calories),
        protein: Some(3.5),
        portions: Some(vec![Portion {
            grams: 250.0,
            name: "my mug".into(),
            name_zh: None,
        }]),
        ..Default::default()
    }
    .parse(owner)
    .unwrap()
}

async fn the_catalogue_seeds_once_and_updates_in_place(stores: Stores) {
    let foods = catalogue::foods();
    let written = stores.foods.upsert_shared(&foods).await.unwrap();
    assert_eq!(written as usize, foods.len());
    assert_eq!(
        stores.foods.upsert_shared(&foods).await.unwrap(),
        0,
        "unchanged entries are not rewritten"
    );
    let first = &foods[0];
    let stored = stores
        .foods
        .find_by_source_key(FoodSource::Catalogue, first.source_key.as_deref().unwrap())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.food.name_zh, first.name_zh);
    assert_eq!(stored.food.portions, first.portions);
    let mut changed = first.clone();
    changed.nutrients.calories += 1.0;
    assert_eq!(stores.foods.upsert_shared(&[changed]).await.unwrap(), 1);
    let again = stores.foods.get(stored.id).await.unwrap().unwrap();
    assert_eq!(
        again.food.nutrients.calories,
        first.nutrients.calories + 1.0
    );
}

async fn custom_foods_belong_to_their_owner(stores: Stores) {
    let ann = user(&stores, "ann").await;
    let bob = user(&stores, "bob").await;
    let mug = stores
        .foods
        .insert(&custom("Oat latte", 60.0, ann))
        .await
        .unwrap();
    assert!(mug.is_custom() && mug.owned_by(Some(ann)) && !mug.visible_to(Some(bob)));
    assert_eq!(mug.food.portions[0].name, "my mug");
    let (mine, total) = stores.foods.list_custom(ann, 0, 20).await.unwrap();
    assert_eq!((mine.len(), total), (1, 1));
    assert_eq!(stores.foods.list_custom(bob, 0, 20).await.unwrap().1, 0);

    let edit = custom("Oat latte, large", 65.0, ann);
    assert!(
        stores
            .foods
            .update_custom(mug.id, bob, &edit)
            .await
            .unwrap()
            .is_none(),
        "not Bob's"
    );
    let edited = stores
        .foods
        .update_custom(mug.id, ann, &edit)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (edited.food.name.as_str(), edited.food.nutrients.calories),
        ("Oat latte, large", 65.0)
    );
    assert!(!stores.foods.delete_custom(mug.id, bob).await.unwrap());
    assert!(stores.foods.delete_custom(mug.id, ann).await.unwrap());
    assert!(
        !stores.foods.delete_custom(mug.id, ann).await.unwrap(),
        "already gone"
    );
    assert!(stores.foods.get(mug.id).await.unwrap().is_none());
}

async fn deleted_foods_leave_the_index_rows_but_are_marked(stores: Stores) {
    let ann = user(&stores, "ann").await;
    let before = chrono::Utc::now().timestamp_millis();
    let a = stores
        .foods
        .insert(&custom("Tea egg", 150.0, ann))
        .await
        .unwrap();
    let b = stores
        .foods
        .insert(&custom("Soy milk", 35.0, ann))
        .await
        .unwrap();
    stores.foods.delete_custom(a.id, ann).await.unwrap();
    let rows = stores.foods.changed_since(before).await.unwrap();
    let of = |id| rows.iter().find(|r| r.id == id).unwrap();
    assert!(of(a.id).deleted && !of(b.id).deleted);
    assert_eq!(of(b.id).owner, Some(ann));
    let live = stores.foods.search_rows(0, 10).await.unwrap();
    assert_eq!(live.iter().map(|r| r.id).collect::<Vec<_>>(), [b.id]);
    let many = stores.foods.get_many(&[a.id, b.id, 999_999]).await.unwrap();
    assert_eq!(many.len(), 1);
}

async fn shared_imports_upsert_by_source_key(stores: Stores) {
    let product = NewFood {
        source: Some(FoodSource::OpenFoodFacts),
        source_key: Some("off:3017620422003".into()),
        name: "Nutella".into(),
        brand: Some("Ferrero".into()),
        barcode: Some("3017620422003".into()),
        nutrition_grade: Some("E".into()),
        nutrients: Nutrients {
            calories: 539.0,
            protein: 6.3,
            fat: 30.9,
            carbs: 57.5,
            sugar: 56.3,
            ..Default::default()
        },
        data_quality: "unknown".into(),
        ..NewFood::default()
    };
    assert_eq!(
        stores
            .foods
            .upsert_shared(std::slice::from_ref(&product))
            .await
            .unwrap(),
        1
    );
    let stored = stores
        .foods
        .find_by_source_key(FoodSource::OpenFoodFacts, "off:3017620422003")
        .await
        .unwrap()
        .unwrap();
    let mut renamed = product.clone();
    renamed.name = "Nutella hazelnut spread".into();
    stores.foods.upsert_shared(&[renamed]).await.unwrap();
    let again = stores.foods.get(stored.id).await.unwrap().unwrap();
    assert_eq!(again.food.name, "Nutella hazelnut spread");
    assert_eq!(again.food.nutrition_grade.as_deref(), Some("E"));
    assert!(
        stores.foods.insert(&product).await.is_err(),
        "one food per source key"
    );
}

async fn search_history_keeps_distinct_queries_newest_first(stores: Stores) {
    let ann = user(&stores, "ann").await;
    for q in ["rice", "banana", "Rice ", "米饭"] {
        stores.foods.record_search(ann, q).await.unwrap();
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    let history = stores.foods.search_history(ann, 10).await.unwrap();
    let queries: Vec<(&str, i32)> = history
        .iter()
        .map(|h| (h.query.as_str(), h.count))
        .collect();
    assert_eq!(queries, [("米饭", 1), ("Rice", 2), ("banana", 1)]);
    assert_eq!(stores.foods.search_history(ann, 1).await.unwrap().len(), 1);
}

async fn used_foods_rank_by_uses(stores: Stores) {
    let ann = user(&stores, "ann").await;
    let a = stores.foods.insert(&custom("A", 1.0, ann)).await.unwrap();
    let b = stores.foods.insert(&custom("B", 1.0, ann)).await.unwrap();
    stores.foods.record_uses(ann, &[a.id]).await.unwrap();
    stores.foods.record_uses(ann, &[b.id, b.id]).await.unwrap();
    assert_eq!(
        stores.foods.used_foods(ann, 10).await.unwrap(),
        [b.id, a.id]
    );
}
