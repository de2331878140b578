//! One contract for the food store, run on SQLite and on PostgreSQL.
//!
//! Long on purpose: the contract every food store meets, run on both engines; one list of
//! cases so the engines cannot drift apart.

use models::meal::Grams;
use models::recipe::{
    MAX_RECIPE_DEPTH, MAX_RECIPE_PARTS, MAX_RECIPES_ABOVE, NewIngredient, NewRecipe, RecipeRefused,
    recipe_values,
};
use models::{CustomFoodInput, Food, FoodSource, NewFood, Nutrients, Portion, UserId, catalogue};
use store::testing::user;
use store::{FoodUse, StoreError, Stores, UsedOrder};

store::store_contract!(
    the_catalogue_seeds_once_and_updates_in_place,
    the_shipped_foods_are_read_once_a_fingerprint,
    custom_foods_belong_to_their_owner,
    deleted_foods_leave_the_index_rows_but_are_marked,
    shared_imports_upsert_by_source_key,
    search_history_keeps_distinct_queries_newest_first,
    used_foods_rank_by_uses,
    used_foods_remember_what_was_logged_last,
    favorites_are_per_user_and_idempotent,
    recipes_work_out_their_values_and_follow_their_ingredients,
    a_recipe_cannot_contain_itself,
    recipes_follow_shared_foods_rewritten_by_an_import,
    recipes_nest_at_most_the_bound_and_an_edit_works_out_each_once,
    a_replace_cannot_make_the_recipes_above_it_too_deep,
    a_recipe_holds_at_most_the_bound_of_parts,
    a_food_is_inside_at_most_the_bound_of_recipes,
    an_import_works_out_each_recipe_above_the_changed_foods_once,
);

fn custom(name: &str, calories: f64, owner: UserId) -> NewFood {
    CustomFoodInput {
        name: Some(name.into()),
        calories: Some(calories),
        protein: Some(3.5),
        portions: Some(vec![Portion {
            grams: 250.0,
            name: "my mug".into(),
            name_zh: None,
            approximate: false,
        }]),
        ..Default::default()
    }
    .parse(owner)
    .unwrap()
}

/// A custom food of `owner`'s, stored.
async fn stored_custom(stores: &Stores, name: &str, calories: f64, owner: UserId) -> Food {
    stores
        .foods
        .insert(&custom(name, calories, owner))
        .await
        .unwrap()
}

/// The stored food of catalogue entry `food`.
async fn stored_catalogue(stores: &Stores, food: &NewFood) -> Food {
    stores
        .foods
        .find_by_source_key(FoodSource::Catalogue, food.source_key.as_deref().unwrap())
        .await
        .unwrap()
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
    let stored = stored_catalogue(&stores, first).await;
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

/// A start of the same build reads none of the shipped foods; a build that ships others
/// seeds them (writing only what changed) and records its own fingerprint.
async fn the_shipped_foods_are_read_once_a_fingerprint(stores: Stores) {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let reads = AtomicUsize::new(0);
    let shipped = || {
        reads.fetch_add(1, Ordering::SeqCst);
        catalogue::foods()
    };
    let all = catalogue::foods().len() as u64;
    let seed = |fingerprint: &'static str| stores.foods.seed_shipped(fingerprint, &shipped);
    assert_eq!(
        seed("build-1").await.unwrap(),
        Some(all),
        "a new database is seeded"
    );
    assert_eq!(
        seed("build-1").await.unwrap(),
        None,
        "the same build reads nothing"
    );
    assert_eq!(reads.load(Ordering::SeqCst), 1);
    assert_eq!(
        seed("build-2").await.unwrap(),
        Some(0),
        "another build reads its foods again and rewrites only those that changed"
    );
    assert_eq!(seed("build-2").await.unwrap(), None);
    assert_eq!(
        seed("build-1").await.unwrap(),
        Some(0),
        "an older build seeds again too"
    );
    assert_eq!(reads.load(Ordering::SeqCst), 3);
    let first = &catalogue::foods()[0];
    let stored = stored_catalogue(&stores, first).await;
    assert_eq!(stored.food.name, first.name);
}

async fn custom_foods_belong_to_their_owner(stores: Stores) {
    let ann = user(&stores, "ann").await;
    let bob = user(&stores, "bob").await;
    let mug = stored_custom(&stores, "Oat latte", 60.0, ann).await;
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
    let a = stored_custom(&stores, "Tea egg", 150.0, ann).await;
    let b = stored_custom(&stores, "Soy milk", 35.0, ann).await;
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
        stores
            .foods
            .record_search(ann, q, chrono::Utc::now())
            .await
            .unwrap();
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
    let a = stored_custom(&stores, "A", 1.0, ann).await;
    let b = stored_custom(&stores, "B", 1.0, ann).await;
    stores
        .foods
        .record_uses(ann, &[FoodUse::of(a.id)])
        .await
        .unwrap();
    stores
        .foods
        .record_uses(ann, &[FoodUse::of(b.id), FoodUse::of(b.id)])
        .await
        .unwrap();
    assert_eq!(
        stores.foods.used_foods(ann, 10).await.unwrap(),
        [b.id, a.id]
    );
}

fn logged(food_id: i64, grams: f64, amount: Option<&str>) -> FoodUse {
    FoodUse {
        food_id,
        grams: Some(grams),
        amount: amount.map(str::to_owned),
    }
}

async fn used_foods_remember_what_was_logged_last(stores: Stores) {
    let ann = user(&stores, "ann").await;
    let bob = user(&stores, "bob").await;
    let rice = stored_custom(&stores, "Rice", 116.0, ann).await;
    let egg = stored_custom(&stores, "Egg", 144.0, ann).await;
    let foods = &stores.foods;
    foods
        .record_uses(ann, &[logged(rice.id, 150.0, Some("1碗"))])
        .await
        .unwrap();
    foods
        .record_uses(ann, &[logged(egg.id, 50.0, None)])
        .await
        .unwrap();
    foods
        .record_uses(ann, &[logged(rice.id, 225.0, Some("1.5碗"))])
        .await
        .unwrap();
    // Creating or copying a food is a use that eats nothing and keeps what was logged;
    // a food only made is not Recent.
    foods
        .record_uses(ann, &[FoodUse::of(rice.id)])
        .await
        .unwrap();
    let made = stored_custom(&stores, "Made only", 100.0, ann).await;
    foods
        .record_uses(ann, &[FoodUse::of(made.id)])
        .await
        .unwrap();
    assert!(
        foods.used_foods(ann, 10).await.unwrap().contains(&made.id),
        "ranked as the user's in searches"
    );

    let recent = foods
        .used_food_details(ann, UsedOrder::Recent, 10)
        .await
        .unwrap();
    assert_eq!(
        recent.iter().map(|u| u.food_id).collect::<Vec<_>>(),
        [rice.id, egg.id]
    );
    assert_eq!(recent[0].uses, 2, "eaten twice");
    assert_eq!(recent[0].last_quantity, Some(225.0));
    assert_eq!(recent[0].last_amount.as_deref(), Some("1.5碗"));
    assert_eq!(recent[1].last_amount, None);
    let frequent = foods
        .used_food_details(ann, UsedOrder::Frequent, 10)
        .await
        .unwrap();
    assert_eq!(
        frequent.iter().map(|u| u.food_id).collect::<Vec<_>>(),
        [rice.id],
        "only foods used at least twice are frequent"
    );
    assert!(
        foods
            .used_food_details(bob, UsedOrder::Recent, 10)
            .await
            .unwrap()
            .is_empty()
    );
}

async fn favorites_are_per_user_and_idempotent(stores: Stores) {
    let ann = user(&stores, "ann").await;
    let bob = user(&stores, "bob").await;
    let a = stored_custom(&stores, "A", 1.0, ann).await;
    let b = stored_custom(&stores, "B", 1.0, ann).await;
    let foods = &stores.foods;
    foods.set_favorite(ann, a.id, true).await.unwrap();
    foods.set_favorite(ann, a.id, true).await.unwrap();
    foods.set_favorite(ann, b.id, true).await.unwrap();
    assert_eq!(foods.favorites(ann, 10).await.unwrap().len(), 2);
    assert_eq!(
        foods.favorites_among(ann, &[a.id, 999_999]).await.unwrap(),
        [a.id]
    );
    assert!(foods.favorites(bob, 10).await.unwrap().is_empty());
    foods.set_favorite(ann, a.id, false).await.unwrap();
    foods.set_favorite(ann, a.id, false).await.unwrap();
    assert_eq!(foods.favorites(ann, 10).await.unwrap(), [b.id]);
    // A deleted food is no longer listed.
    foods.delete_custom(b.id, ann).await.unwrap();
    assert!(foods.favorites(ann, 10).await.unwrap().is_empty());
}

fn recipe(owner: UserId, name: &str, servings: f64, parts: &[(i64, f64)]) -> NewRecipe {
    NewRecipe {
        owner,
        name: name.into(),
        name_zh: None,
        servings,
        notes: None,
        ingredients: parts
            .iter()
            .map(|(food_id, g)| NewIngredient {
                food_id: *food_id,
                quantity: Grams::parse(*g).unwrap(),
                amount: None,
            })
            .collect(),
    }
}

async fn recipes_work_out_their_values_and_follow_their_ingredients(stores: Stores) {
    let ann = user(&stores, "ann").await;
    let bob = user(&stores, "bob").await;
    let rice = stored_custom(&stores, "Rice", 116.0, ann).await;
    let egg = stored_custom(&stores, "Egg", 144.0, ann).await;
    let made = stores
        .recipes
        .create(&recipe(
            ann,
            "Egg fried rice",
            2.0,
            &[(rice.id, 300.0), (egg.id, 100.0)],
        ))
        .await
        .unwrap();
    assert_eq!(made.food.source(), FoodSource::Recipe);
    assert_eq!(made.food.food.nutrients.calories, 123.0);
    assert_eq!(made.food.food.portions[0].grams, 200.0);
    assert_eq!(made.total_grams(), 400.0);
    assert_eq!(made.ingredients[0].name, "Rice");
    assert_eq!(made.totals().calories, 492.0);

    // A recipe of recipes follows the ones inside it.
    let lunch = stores
        .recipes
        .create(&recipe(
            ann,
            "Lunch box",
            1.0,
            &[(made.food.id, 200.0), (egg.id, 50.0)],
        ))
        .await
        .unwrap();
    assert_eq!(lunch.food.food.nutrients.calories, 127.2);

    // Editing the food works out the recipes above it in the same write.
    let mut changed = custom("Egg", 155.0, ann);
    changed.name = "Egg".into();
    stores
        .foods
        .update_custom(egg.id, ann, &changed)
        .await
        .unwrap()
        .unwrap();
    let again = stores
        .recipes
        .get(ann, made.food.id)
        .await
        .unwrap()
        .unwrap();
    // (116 × 300 + 155 × 100) / 400 = 125.75
    assert_eq!(again.food.food.nutrients.calories, 125.8);
    let lunch = stores
        .recipes
        .get(ann, lunch.food.id)
        .await
        .unwrap()
        .unwrap();
    // (125.8 × 200 + 155 × 50) / 250 = 131.64
    assert_eq!(lunch.food.food.nutrients.calories, 131.6);

    // Owner only.
    assert!(
        stores
            .recipes
            .get(bob, made.food.id)
            .await
            .unwrap()
            .is_none()
    );
    assert_eq!(stores.recipes.list(bob, 0, 10).await.unwrap().1, 0);
    assert!(
        stores
            .recipes
            .replace(bob, made.food.id, &recipe(bob, "x", 1.0, &[(rice.id, 1.0)]))
            .await
            .unwrap()
            .is_none()
    );
    assert!(!stores.recipes.delete(bob, made.food.id).await.unwrap());
    let (mine, total) = stores.recipes.list(ann, 0, 10).await.unwrap();
    assert_eq!(total, 2);
    assert_eq!(mine[0].food.id, lunch.food.id, "newest first");

    // Replacing keeps the id and works the values out again.
    let smaller = stores
        .recipes
        .replace(
            ann,
            made.food.id,
            &recipe(ann, "Egg fried rice", 4.0, &[(rice.id, 400.0)]),
        )
        .await
        .unwrap()
        .unwrap();
    assert_eq!(smaller.food.food.nutrients.calories, 116.0);
    assert_eq!(smaller.food.food.portions[0].grams, 100.0);
    assert_eq!(smaller.ingredients.len(), 1);
    assert!(stores.recipes.delete(ann, made.food.id).await.unwrap());
    assert!(
        stores
            .recipes
            .get(ann, made.food.id)
            .await
            .unwrap()
            .is_none()
    );
}

async fn a_recipe_cannot_contain_itself(stores: Stores) {
    let ann = user(&stores, "ann").await;
    let rice = stored_custom(&stores, "Rice", 116.0, ann).await;
    let inner = stores
        .recipes
        .create(&recipe(ann, "Inner", 1.0, &[(rice.id, 100.0)]))
        .await
        .unwrap();
    let outer = stores
        .recipes
        .create(&recipe(ann, "Outer", 1.0, &[(inner.food.id, 100.0)]))
        .await
        .unwrap();
    let err = stores
        .recipes
        .replace(
            ann,
            inner.food.id,
            &recipe(ann, "Inner", 1.0, &[(outer.food.id, 100.0)]),
        )
        .await
        .unwrap_err();
    assert!(
        matches!(err, StoreError::Recipe(RecipeRefused::Cycle)),
        "{err:?}"
    );
    let inner = stores
        .recipes
        .get(ann, inner.food.id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(inner.ingredients[0].food_id, rice.id, "nothing changed");
}

async fn recipes_follow_shared_foods_rewritten_by_an_import(stores: Stores) {
    let ann = user(&stores, "ann").await;
    let mut foods = catalogue::foods();
    stores.foods.upsert_shared(&foods).await.unwrap();
    let first = stores
        .foods
        .find_by_source_key(
            FoodSource::Catalogue,
            foods[0].source_key.as_deref().unwrap(),
        )
        .await
        .unwrap()
        .unwrap();
    let made = stores
        .recipes
        .create(&recipe(ann, "Plain", 1.0, &[(first.id, 100.0)]))
        .await
        .unwrap();
    assert_eq!(
        made.food.food.nutrients.calories,
        first.food.nutrients.calories
    );
    let before = chrono::Utc::now().timestamp_millis();
    foods[0].nutrients.calories += 10.0;
    stores.foods.upsert_shared(&foods[..1]).await.unwrap();
    assert_eq!(
        stores.recipes.refresh_changed_since(before).await.unwrap(),
        1
    );
    let again = stores
        .recipes
        .get(ann, made.food.id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        again.food.food.nutrients.calories,
        foods[0].nutrients.calories
    );
}

/// Per-100 g calories of a recipe of `parts` (calories per 100 g, grams), rounded as stored.
fn worked_out(parts: &[(f64, f64)]) -> f64 {
    let values: Vec<(Nutrients, f64)> = parts
        .iter()
        .map(|(calories, g)| {
            (
                Nutrients {
                    calories: *calories,
                    ..Default::default()
                },
                *g,
            )
        })
        .collect();
    recipe_values(1.0, &values).0.calories
}

/// `levels` levels of two recipes over `base`: each holds both recipes of the level
/// below (the first level, `base` twice) and 30 g of `broth`, so every level's values
/// differ and follow the level below. Returns the levels, bottom first.
async fn diamond(
    stores: &Stores,
    owner: UserId,
    base: i64,
    broth: i64,
    levels: usize,
) -> Vec<[i64; 2]> {
    let mut built: Vec<[i64; 2]> = Vec::new();
    for level in 1..=levels {
        let below = built.last().copied().unwrap_or([base, base]);
        let mut this = [0; 2];
        for (k, id) in this.iter_mut().enumerate() {
            let parts = [(below[0], 100.0), (below[1], 50.0), (broth, 30.0)];
            *id = stores
                .recipes
                .create(&recipe(owner, &format!("L{level}-{k}"), 1.0, &parts))
                .await
                .unwrap()
                .food
                .id;
        }
        built.push(this);
    }
    built
}

/// The calories per 100 g of each level of `diamond` over a base of `base` calories.
fn diamond_values(base: f64, broth: f64, levels: usize) -> Vec<f64> {
    let mut below = base;
    (0..levels)
        .map(|_| {
            below = worked_out(&[(below, 100.0), (below, 50.0), (broth, 30.0)]);
            below
        })
        .collect()
}

async fn calories(stores: &Stores, owner: UserId, id: i64) -> f64 {
    let recipe = stores.recipes.get(owner, id).await.unwrap().unwrap();
    recipe.food.food.nutrients.calories
}

async fn recipes_nest_at_most_the_bound_and_an_edit_works_out_each_once(stores: Stores) {
    let ann = user(&stores, "ann").await;
    let base = stored_custom(&stores, "Base", 100.0, ann).await;
    let broth = stored_custom(&stores, "Broth", 20.0, ann).await;
    let levels = diamond(&stores, ann, base.id, broth.id, MAX_RECIPE_DEPTH).await;
    let top = levels[MAX_RECIPE_DEPTH - 1];
    let before = diamond_values(100.0, 20.0, MAX_RECIPE_DEPTH);
    assert_eq!(
        calories(&stores, ann, top[1]).await,
        before[MAX_RECIPE_DEPTH - 1]
    );

    // One level more is refused, and nothing is stored.
    let (_, total) = stores.recipes.list(ann, 0, 1).await.unwrap();
    let err = stores
        .recipes
        .create(&recipe(ann, "Too deep", 1.0, &[(top[0], 100.0)]))
        .await
        .unwrap_err();
    assert!(
        matches!(err, StoreError::Recipe(RecipeRefused::TooDeep)),
        "{err:?}"
    );
    assert_eq!(stores.recipes.list(ann, 0, 1).await.unwrap().1, total);

    // An edit of the base works out every level, each from the new values below it.
    let mut changed = custom("Base", 250.0, ann);
    changed.nutrients.protein = 7.0;
    let started = std::time::Instant::now();
    stores
        .foods
        .update_custom(base.id, ann, &changed)
        .await
        .unwrap()
        .unwrap();
    let took = started.elapsed();
    let after = diamond_values(250.0, 20.0, MAX_RECIPE_DEPTH);
    for (level, ids) in levels.iter().enumerate() {
        for id in ids {
            assert_eq!(
                calories(&stores, ann, *id).await,
                after[level],
                "level {level}"
            );
        }
    }
    assert!(took.as_secs() < 5, "the edit took {took:?}");
}

async fn a_replace_cannot_make_the_recipes_above_it_too_deep(stores: Stores) {
    let ann = user(&stores, "ann").await;
    let rice = stored_custom(&stores, "Rice", 116.0, ann).await;
    let mut chain = vec![rice.id];
    for level in 1..=MAX_RECIPE_DEPTH {
        let below = *chain.last().unwrap();
        let made = stores
            .recipes
            .create(&recipe(
                ann,
                &format!("Level {level}"),
                1.0,
                &[(below, 100.0)],
            ))
            .await
            .unwrap();
        chain.push(made.food.id);
    }
    let side = stores
        .recipes
        .create(&recipe(ann, "Side", 1.0, &[(rice.id, 100.0)]))
        .await
        .unwrap();
    // The lowest recipe holding a recipe would make the top one level too deep.
    let err = stores
        .recipes
        .replace(
            ann,
            chain[1],
            &recipe(ann, "Level 1", 1.0, &[(side.food.id, 100.0)]),
        )
        .await
        .unwrap_err();
    assert!(
        matches!(err, StoreError::Recipe(RecipeRefused::TooDeep)),
        "{err:?}"
    );
    let lowest = stores.recipes.get(ann, chain[1]).await.unwrap().unwrap();
    assert_eq!(lowest.ingredients[0].food_id, rice.id, "nothing changed");
    // The top one may hold it: that is as deep as it gets.
    let side_top = stores
        .recipes
        .replace(
            ann,
            chain[MAX_RECIPE_DEPTH],
            &recipe(ann, "Top", 1.0, &[(side.food.id, 100.0)]),
        )
        .await
        .unwrap()
        .unwrap();
    assert_eq!(side_top.food.food.nutrients.calories, 116.0);
}

async fn a_recipe_holds_at_most_the_bound_of_parts(stores: Stores) {
    let ann = user(&stores, "ann").await;
    // Full recipes of distinct foods: as many as fit, and one more.
    let full = models::recipe::MAX_INGREDIENTS;
    let mut recipes = Vec::new();
    for r in 0..MAX_RECIPE_PARTS / full {
        let mut parts = Vec::new();
        for i in 0..full {
            let food = stored_custom(&stores, &format!("Food {r}-{i}"), 100.0, ann).await;
            parts.push((food.id, 10.0));
        }
        let made = stores
            .recipes
            .create(&recipe(ann, &format!("Full {r}"), 1.0, &parts))
            .await
            .unwrap();
        recipes.push((made.food.id, 100.0));
    }
    // Their foods are all the parts allowed; with the recipes themselves, too many.
    let err = stores
        .recipes
        .create(&recipe(ann, "Feast", 1.0, &recipes))
        .await
        .unwrap_err();
    assert!(
        matches!(err, StoreError::Recipe(RecipeRefused::TooLarge)),
        "{err:?}"
    );
    let fits = stores
        .recipes
        .create(&recipe(ann, "Dinner", 1.0, &recipes[1..]))
        .await
        .unwrap();
    assert_eq!(fits.ingredients.len(), recipes.len() - 1);
}

async fn a_food_is_inside_at_most_the_bound_of_recipes(stores: Stores) {
    let ann = user(&stores, "ann").await;
    let own = stored_custom(&stores, "My stock", 40.0, ann).await;
    let first = catalogue::foods().swap_remove(0);
    stores
        .foods
        .upsert_shared(std::slice::from_ref(&first))
        .await
        .unwrap();
    let shared = stores
        .foods
        .find_by_source_key(FoodSource::Catalogue, first.source_key.as_deref().unwrap())
        .await
        .unwrap()
        .unwrap()
        .id;
    for n in 0..MAX_RECIPES_ABOVE {
        stores
            .recipes
            .create(&recipe(
                ann,
                &format!("Soup {n}"),
                1.0,
                &[(own.id, 100.0), (shared, 50.0)],
            ))
            .await
            .unwrap();
    }
    let err = stores
        .recipes
        .create(&recipe(ann, "One soup more", 1.0, &[(own.id, 100.0)]))
        .await
        .unwrap_err();
    assert!(
        matches!(err, StoreError::Recipe(RecipeRefused::TooShared)),
        "{err:?}"
    );
    // A shared food is not counted: users do not edit it.
    stores
        .recipes
        .create(&recipe(ann, "Plain", 1.0, &[(shared, 100.0)]))
        .await
        .unwrap();
    // Another user's recipes are their own count.
    let bob = user(&stores, "bob").await;
    let bobs = stored_custom(&stores, "Bob's stock", 40.0, bob).await;
    stores
        .recipes
        .create(&recipe(
            bob,
            "Bob's soup",
            1.0,
            &[(bobs.id, 100.0), (shared, 50.0)],
        ))
        .await
        .unwrap();
    // The edit works out all of them, each once.
    stores
        .foods
        .update_custom(own.id, ann, &custom("My stock", 80.0, ann))
        .await
        .unwrap()
        .unwrap();
    let (recipes, _) = stores.recipes.list(ann, 0, 100).await.unwrap();
    for made in recipes
        .iter()
        .filter(|r| r.food.food.name.starts_with("Soup"))
    {
        assert_eq!(made.ingredients[0].per_100g.calories, 80.0);
    }
}

async fn an_import_works_out_each_recipe_above_the_changed_foods_once(stores: Stores) {
    let ann = user(&stores, "ann").await;
    let mut foods = catalogue::foods();
    stores.foods.upsert_shared(&foods).await.unwrap();
    let shared = |i: usize| {
        let key = foods[i].source_key.clone().unwrap();
        let stores = stores.clone();
        async move {
            stores
                .foods
                .find_by_source_key(FoodSource::Catalogue, &key)
                .await
                .unwrap()
                .unwrap()
        }
    };
    let (base, broth) = (shared(0).await, shared(1).await);
    let levels = diamond(&stores, ann, base.id, broth.id, 4).await;
    let before = chrono::Utc::now().timestamp_millis();
    foods[0].nutrients.calories += 10.0;
    foods[1].nutrients.calories += 20.0;
    assert_eq!(stores.foods.upsert_shared(&foods[..2]).await.unwrap(), 2);
    // Both changed foods are under all 8 recipes: each is worked out once.
    assert_eq!(
        stores.recipes.refresh_changed_since(before).await.unwrap(),
        8
    );
    let expected = diamond_values(foods[0].nutrients.calories, foods[1].nutrients.calories, 4);
    for (level, ids) in levels.iter().enumerate() {
        for id in ids {
            assert_eq!(
                calories(&stores, ann, *id).await,
                expected[level],
                "level {level}"
            );
        }
    }
}
