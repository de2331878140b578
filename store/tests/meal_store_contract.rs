//! One contract for the meal store, run on SQLite and on PostgreSQL.

use chrono::{DateTime, Duration, NaiveDate, Utc};
use models::meal::Grams;
use models::weight::BodyWeight;
use models::{CustomFoodInput, Food, Meal, MealLine, MealType, NewMeal, UserId};
use store::testing::user;
use store::{MealCursor, MealFilter, StoreError, Stores};

store::store_contract!(
    a_meal_keeps_its_lines_in_order_and_totals_them,
    meals_belong_to_their_owner,
    replacing_a_meal_swaps_every_line_at_once,
    lines_change_one_at_a_time_but_never_the_last,
    meals_list_newest_first_within_a_span,
    a_plan_is_saved_whole_or_not_at_all,
    food_edits_leave_logged_meals_alone,
    weight_is_one_record_per_day,
    statistics_read_totals_and_the_largest_calorie_sources,
    every_meal_is_walked_once_a_page_at_a_time,
);

async fn food(stores: &Stores, owner: UserId, name: &str, calories: f64) -> Food {
    let new = CustomFoodInput {
        name: Some(name.into()),
        calories: Some(calories),
        protein: Some(10.0),
        fat: Some(2.0),
        carbs: Some(20.0),
        ..Default::default()
    }
    .parse(owner)
    .unwrap();
    stores.foods.insert(&new).await.unwrap()
}

fn at(text: &str) -> DateTime<Utc> {
    text.parse().unwrap()
}

fn meal(owner: UserId, eaten_at: &str, lines: Vec<MealLine>) -> NewMeal {
    NewMeal {
        owner,
        name: Some("Lunch".into()),
        meal_type: MealType::Lunch,
        eaten_at: at(eaten_at),
        notes: None,
        lines,
    }
}

fn grams(g: f64) -> Grams {
    Grams::parse(g).unwrap()
}

/// Rice and egg of `owner`'s, and a lunch of 150 g of the one and 50 g of the other.
async fn rice_and_egg_lunch(stores: &Stores, owner: UserId) -> (Food, Food, Meal) {
    let rice = food(stores, owner, "Rice", 116.0).await;
    let egg = food(stores, owner, "Egg", 143.0).await;
    let lunch = stores
        .meals
        .create(&meal(
            owner,
            "2026-11-23T04:30:00Z",
            vec![
                MealLine::of(&rice, grams(150.0)),
                MealLine::of(&egg, grams(50.0)),
            ],
        ))
        .await
        .unwrap();
    (rice, egg, lunch)
}

async fn a_meal_keeps_its_lines_in_order_and_totals_them(stores: Stores) {
    let ann = user(&stores, "ann").await;
    let (_, _, saved) = rice_and_egg_lunch(&stores, ann).await;
    assert_eq!(saved.eaten_at, at("2026-11-23T04:30:00Z"));
    assert_eq!(saved.foods.len(), 2);
    assert_eq!(saved.foods[0].line.food_name, "Rice");
    assert_eq!(saved.foods[1].line.quantity.get(), 50.0);
    assert_eq!(saved.totals.calories, 174.0 + 71.5);
    assert_eq!(saved.totals.protein, 15.0 + 5.0);
    let read = stores.meals.get(ann, saved.id).await.unwrap().unwrap();
    assert_eq!(read, saved);
}

async fn meals_belong_to_their_owner(stores: Stores) {
    let ann = user(&stores, "ann").await;
    let bob = user(&stores, "bob").await;
    let rice = food(&stores, ann, "Rice", 116.0).await;
    let saved = stores
        .meals
        .create(&meal(
            ann,
            "2026-11-23T04:30:00Z",
            vec![MealLine::of(&rice, grams(100.0))],
        ))
        .await
        .unwrap();
    let line = saved.foods[0].id;
    assert!(stores.meals.get(bob, saved.id).await.unwrap().is_none());
    let other = meal(bob, "2026-11-23T05:00:00Z", vec![]);
    assert!(
        stores
            .meals
            .replace(bob, saved.id, &other)
            .await
            .unwrap()
            .is_none()
    );
    assert!(
        stores
            .meals
            .add_line(bob, saved.id, &MealLine::of(&rice, grams(5.0)))
            .await
            .unwrap()
            .is_none()
    );
    assert!(
        stores
            .meals
            .set_line_quantity(bob, line, grams(5.0), None)
            .await
            .unwrap()
            .is_none()
    );
    assert!(stores.meals.delete_line(bob, line).await.unwrap().is_none());
    assert!(!stores.meals.delete(bob, saved.id).await.unwrap());
    let (bobs, total) = stores
        .meals
        .list(bob, &MealFilter::default(), 0, 100)
        .await
        .unwrap();
    assert!(bobs.is_empty() && total == 0);
    // Ann's meal is untouched.
    assert_eq!(
        stores.meals.get(ann, saved.id).await.unwrap().unwrap(),
        saved
    );
    assert!(stores.meals.delete(ann, saved.id).await.unwrap());
    assert!(stores.meals.get(ann, saved.id).await.unwrap().is_none());
}

async fn replacing_a_meal_swaps_every_line_at_once(stores: Stores) {
    let ann = user(&stores, "ann").await;
    let (_, egg, saved) = rice_and_egg_lunch(&stores, ann).await;
    let mut changed = meal(
        ann,
        "2026-11-23T11:00:00Z",
        vec![MealLine::of(&egg, grams(100.0))],
    );
    changed.name = None;
    changed.meal_type = MealType::Dinner;
    changed.notes = Some("late".into());
    let replaced = stores
        .meals
        .replace(ann, saved.id, &changed)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(replaced.id, saved.id);
    assert_eq!(replaced.name, None);
    assert_eq!(replaced.meal_type, MealType::Dinner);
    assert_eq!(replaced.notes.as_deref(), Some("late"));
    assert_eq!(replaced.foods.len(), 1);
    assert_eq!(replaced.totals.calories, 143.0);
    assert_eq!(replaced.created_at, saved.created_at);
    assert!(replaced.updated_at >= saved.updated_at);
}

async fn lines_change_one_at_a_time_but_never_the_last(stores: Stores) {
    let ann = user(&stores, "ann").await;
    let rice = food(&stores, ann, "Rice", 116.0).await;
    let egg = food(&stores, ann, "Egg", 143.0).await;
    let saved = stores
        .meals
        .create(&meal(
            ann,
            "2026-11-23T04:30:00Z",
            vec![MealLine::of(&rice, grams(100.0))],
        ))
        .await
        .unwrap();
    let with_egg = stores
        .meals
        .add_line(ann, saved.id, &MealLine::of(&egg, grams(50.0)))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(with_egg.foods.len(), 2);
    assert_eq!(with_egg.foods[1].line.food_name, "Egg");
    assert_eq!(with_egg.totals.calories, 116.0 + 71.5);
    let egg_line = with_egg.foods[1].id;
    let more_egg = stores
        .meals
        .set_line_quantity(ann, egg_line, grams(100.0), None)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(more_egg.totals.calories, 116.0 + 143.0);
    let rice_only = stores
        .meals
        .delete_line(ann, egg_line)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(rice_only.foods.len(), 1);
    assert_eq!(rice_only.totals.calories, 116.0);
    let last = rice_only.foods[0].id;
    assert!(matches!(
        stores.meals.delete_line(ann, last).await,
        Err(StoreError::Conflict(_))
    ));
    assert_eq!(
        stores
            .meals
            .get(ann, saved.id)
            .await
            .unwrap()
            .unwrap()
            .foods
            .len(),
        1,
        "the refused delete changed nothing"
    );
}

async fn meals_list_newest_first_within_a_span(stores: Stores) {
    let ann = user(&stores, "ann").await;
    let rice = food(&stores, ann, "Rice", 116.0).await;
    let start = at("2026-11-01T12:00:00Z");
    for day in 0..10 {
        let mut m = meal(
            ann,
            "2026-11-01T12:00:00Z",
            vec![MealLine::of(&rice, grams(100.0))],
        );
        m.eaten_at = start + Duration::days(day);
        m.meal_type = if day % 2 == 0 {
            MealType::Lunch
        } else {
            MealType::Dinner
        };
        stores.meals.create(&m).await.unwrap();
    }
    let (page, total) = stores
        .meals
        .list(ann, &MealFilter::default(), 0, 3)
        .await
        .unwrap();
    assert_eq!(total, 10);
    assert_eq!(page.len(), 3);
    assert_eq!(page[0].eaten_at, start + Duration::days(9));
    assert_eq!(page[0].foods.len(), 1, "listed meals come with their lines");
    let span = MealFilter {
        during: Some(at("2026-11-03T00:00:00Z")..at("2026-11-06T00:00:00Z")),
        meal_type: None,
    };
    let (within, total) = stores.meals.list(ann, &span, 0, 100).await.unwrap();
    assert_eq!(total, 3);
    assert_eq!(within.len(), 3);
    let lunches = MealFilter {
        meal_type: Some(MealType::Lunch),
        ..span.clone()
    };
    let oldest_first = stores.meals.between(ann, &lunches).await.unwrap();
    assert_eq!(oldest_first.len(), 2);
    assert!(oldest_first[0].eaten_at < oldest_first[1].eaten_at);
    assert_eq!(oldest_first[0].foods.len(), 1);
    let (first, last) = stores.meals.first_and_last(ann).await.unwrap().unwrap();
    assert_eq!((first, last), (start, start + Duration::days(9)));
    assert_eq!(stores.meals.food_use(ann, rice.id).await.unwrap(), (10, 10));
}

async fn a_plan_is_saved_whole_or_not_at_all(stores: Stores) {
    let ann = user(&stores, "ann").await;
    let rice = food(&stores, ann, "Rice", 116.0).await;
    let good = meal(
        ann,
        "2026-11-23T04:30:00Z",
        vec![MealLine::of(&rice, grams(100.0))],
    );
    let mut foreign = good.clone();
    foreign.owner = UserId::from_i64(424242);
    assert!(
        stores
            .meals
            .create_many(&[good.clone(), foreign])
            .await
            .is_err()
    );
    let (none, _) = stores
        .meals
        .list(ann, &MealFilter::default(), 0, 100)
        .await
        .unwrap();
    assert!(none.is_empty(), "a failed plan leaves nothing behind");
    let saved = stores
        .meals
        .create_many(&[good.clone(), good])
        .await
        .unwrap();
    assert_eq!(saved.len(), 2);
    assert_ne!(saved[0].id, saved[1].id);
}

async fn food_edits_leave_logged_meals_alone(stores: Stores) {
    let ann = user(&stores, "ann").await;
    let shake = food(&stores, ann, "Protein shake", 100.0).await;
    let saved = stores
        .meals
        .create(&meal(
            ann,
            "2026-11-23T04:30:00Z",
            vec![MealLine::of(&shake, grams(300.0))],
        ))
        .await
        .unwrap();
    let changed = CustomFoodInput {
        name: Some("Protein shake v2".into()),
        calories: Some(150.0),
        ..Default::default()
    }
    .parse(ann)
    .unwrap();
    stores
        .foods
        .update_custom(shake.id, ann, &changed)
        .await
        .unwrap();
    stores.foods.delete_custom(shake.id, ann).await.unwrap();
    let read = stores.meals.get(ann, saved.id).await.unwrap().unwrap();
    assert_eq!(read.foods[0].line.food_name, "Protein shake");
    assert_eq!(read.totals.calories, 300.0);
}

async fn weight_is_one_record_per_day(stores: Stores) {
    let ann = user(&stores, "ann").await;
    let bob = user(&stores, "bob").await;
    let day = |d: &str| NaiveDate::parse_from_str(d, "%Y-%m-%d").unwrap();
    let kg = |w: f64| BodyWeight::parse(w).unwrap();
    stores
        .weights
        .record(ann, day("2026-11-01"), kg(72.0), None)
        .await
        .unwrap();
    let first = stores
        .weights
        .record(ann, day("2026-11-20"), kg(71.0), Some("after run"))
        .await
        .unwrap();
    let again = stores
        .weights
        .record(ann, day("2026-11-20"), kg(70.5), None)
        .await
        .unwrap();
    assert_eq!(again.id, first.id, "the day's record is replaced");
    assert_eq!(again.weight, 70.5);
    assert_eq!(again.notes, None);
    let all = stores
        .weights
        .between(ann, day("2026-01-01"), day("2026-12-31"))
        .await
        .unwrap();
    assert_eq!(
        all.iter().map(|w| w.weight).collect::<Vec<_>>(),
        [72.0, 70.5]
    );
    assert_eq!(
        stores.weights.latest(ann).await.unwrap().unwrap().id,
        first.id
    );
    assert!(!stores.weights.delete(bob, first.id).await.unwrap());
    assert!(stores.weights.delete(ann, first.id).await.unwrap());
    assert_eq!(
        stores.weights.latest(ann).await.unwrap().unwrap().weight,
        72.0
    );
}

async fn statistics_read_totals_and_the_largest_calorie_sources(stores: Stores) {
    let ann = user(&stores, "ann").await;
    let bob = user(&stores, "bob").await;
    let rice = food(&stores, ann, "Rice", 116.0).await;
    let egg = food(&stores, ann, "Egg", 143.0).await;
    let oil = food(&stores, ann, "Oil", 884.0).await;
    let lines = |items: &[(&Food, f64)]| {
        items
            .iter()
            .map(|(f, g)| MealLine::of(f, grams(*g)))
            .collect::<Vec<_>>()
    };
    let mut dinner = meal(
        ann,
        "2026-11-02T11:00:00Z",
        lines(&[(&rice, 200.0), (&oil, 10.0)]),
    );
    dinner.meal_type = MealType::Dinner;
    for m in [
        meal(
            ann,
            "2026-11-01T04:00:00Z",
            lines(&[(&rice, 150.0), (&egg, 50.0)]),
        ),
        dinner,
        meal(ann, "2026-11-09T04:00:00Z", lines(&[(&egg, 500.0)])),
        meal(bob, "2026-11-01T04:00:00Z", lines(&[(&oil, 100.0)])),
    ] {
        stores.meals.create(&m).await.unwrap();
    }
    let week = MealFilter {
        during: Some(at("2026-11-01T00:00:00Z")..at("2026-11-08T00:00:00Z")),
        meal_type: None,
    };
    let intakes = stores.meals.intakes(ann, &week).await.unwrap();
    assert_eq!(
        intakes.len(),
        2,
        "Bob's meal and the one after the week are out"
    );
    assert_eq!(intakes[0].totals.calories, 174.0 + 71.5);
    assert_eq!(intakes[1].meal_type, MealType::Dinner);
    let top = stores.meals.top_foods(ann, &week, 10).await.unwrap();
    let names: Vec<&str> = top.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["Rice", "Oil", "Egg"]);
    assert_eq!(top[0].food_id, Some(rice.id));
    assert_eq!(
        (top[0].total_quantity, top[0].total_calories),
        (350.0, 406.0)
    );
    assert_eq!(top[0].frequency, 2);
    let one = stores.meals.top_foods(ann, &week, 1).await.unwrap();
    assert_eq!(one.len(), 1);
    let dinners = MealFilter {
        meal_type: Some(MealType::Dinner),
        ..week
    };
    assert_eq!(stores.meals.intakes(ann, &dinners).await.unwrap().len(), 1);
}

async fn every_meal_is_walked_once_a_page_at_a_time(stores: Stores) {
    let ann = user(&stores, "ann").await;
    let bob = user(&stores, "bob").await;
    let rice = food(&stores, ann, "Rice", 116.0).await;
    let line = |g: f64| MealLine::of(&rice, grams(g));
    // Saved out of order, three of them at the same moment: the walk orders by the
    // moment, then by id.
    for (eaten_at, g) in [
        ("2026-11-05T12:00:00Z", 50.0),
        ("2026-11-01T12:00:00Z", 60.0),
        ("2026-11-03T12:00:00Z", 70.0),
        ("2026-11-03T12:00:00Z", 80.0),
        ("2026-11-03T12:00:00Z", 90.0),
        ("2026-11-02T12:00:00Z", 100.0),
        ("2026-11-04T12:00:00Z", 110.0),
    ] {
        stores
            .meals
            .create(&meal(ann, eaten_at, vec![line(g), line(g + 1.0)]))
            .await
            .unwrap();
    }
    stores
        .meals
        .create(&meal(bob, "2026-11-03T12:00:00Z", vec![line(10.0)]))
        .await
        .unwrap();
    let everything = stores
        .meals
        .between(ann, &MealFilter::default())
        .await
        .unwrap();
    assert_eq!(everything.len(), 7);
    for limit in [1, 2, 3, 7, 100] {
        let mut walked = Vec::new();
        let mut after = None;
        loop {
            let page = stores.meals.page_after(ann, after, limit).await.unwrap();
            assert!(page.len() as i64 <= limit);
            let Some(last) = page.last() else { break };
            after = Some(MealCursor::after(last));
            walked.extend(page);
        }
        let ids: Vec<i64> = walked.iter().map(|m| m.id).collect();
        let expected: Vec<i64> = everything.iter().map(|m| m.id).collect();
        assert_eq!(
            ids, expected,
            "pages of {limit}: every meal once, oldest first"
        );
        assert!(walked.iter().all(|m| m.owner == ann));
        let grams: Vec<Vec<f64>> = walked
            .iter()
            .map(|m| m.foods.iter().map(|f| f.line.quantity.get()).collect())
            .collect();
        let expected: Vec<Vec<f64>> = everything
            .iter()
            .map(|m| m.foods.iter().map(|f| f.line.quantity.get()).collect())
            .collect();
        assert_eq!(grams, expected, "each meal with its lines, in order");
    }
    let same_moment: Vec<i64> = everything[2..5].iter().map(|m| m.id).collect();
    assert!(same_moment.windows(2).all(|w| w[0] < w[1]));
    assert!(
        stores
            .meals
            .page_after(UserId::from_i64(424242), None, 10)
            .await
            .unwrap()
            .is_empty()
    );
}
