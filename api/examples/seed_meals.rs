//! Fills the database at `DATABASE_URL` for the meals benchmark: USERS users (default
//! 1,000; `bench_user_1` … with the password `BenchPass2026`), each with DAYS days
//! (default 730, up to today) of 5 meals a day, 4 catalogue foods each, as a person logs
//! them: breakfast, lunch, an afternoon snack, dinner and a late snack, from a rotating
//! set of the foods people eat most. Deterministic; a database that already has the
//! users is left as it is.
//!
//!     DATABASE_URL=sqlite://bench.db cargo run --release -p api --example seed_meals -- 1000 730
//!
//! Rows are written with the store's multi-row inserts (`store::bulk_insert_meals`: its
//! one-meal-at-a-time path would take hours for 3.65 million meals); the values are
//! computed by the same domain code (`MealLine::amount`, `meal::totals`) the API uses.

use std::time::Instant;

use chrono::{Days, NaiveTime};
use models::meal::{Grams, MealLine, MealType};
use models::{Email, Food, FoodSource, LocalClock, NewMeal, NewUser, Username, catalogue};
use store::bulk_insert_meals;
use store::{Database, Stores};

pub const PASSWORD: &str = "BenchPass2026";

/// The catalogue foods meals are drawn from, by key: staples of both cuisines.
const FOODS: &[&str] = &[
    "rice-white-cooked",
    "egg-boiled",
    "banana",
    "apple",
    "milk-whole",
    "bread-white",
    "chicken-breast-roasted",
    "broccoli-boiled",
    "tofu",
    "mantou",
    "noodles-cooked",
    "yogurt-plain",
    "oatmeal-cooked",
    "orange",
    "beef-lean",
    "tomato",
    "jiaozi",
    "pasta-cooked",
    "salmon-cooked",
    "spinach-boiled",
];

/// Small, fast and deterministic: the same seed gives the same meals.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let mut args = std::env::args().skip(1);
    let users: u64 = args.next().map(|s| s.parse()).transpose()?.unwrap_or(1_000);
    let days: u64 = args.next().map(|s| s.parse()).transpose()?.unwrap_or(730);
    let url = std::env::var("DATABASE_URL").map_err(|_| anyhow::anyhow!("set DATABASE_URL"))?;
    let db = Database::connect(&url).await?;
    db.migrate().await?;
    let stores = Stores::new(&db);
    stores.foods.upsert_shared(&catalogue::foods()).await?;
    let mut foods: Vec<Food> = Vec::new();
    for key in FOODS {
        let food = stores
            .foods
            .find_by_source_key(FoodSource::Catalogue, key)
            .await?
            .ok_or_else(|| anyhow::anyhow!("catalogue food {key} is missing"))?;
        foods.push(food);
    }
    if stores.users.find_by_login("bench_user_1").await?.is_some() {
        eprintln!("the benchmark users are there already");
        return Ok(());
    }
    use argon2::PasswordHasher;
    let hash = argon2::Argon2::default()
        .hash_password(PASSWORD.as_bytes())
        .map_err(|e| anyhow::anyhow!("{e}"))?
        .to_string();
    let clock = LocalClock::parse("Asia/Shanghai")?;
    let today = clock.today();
    let times = [
        (MealType::Breakfast, 7, 30),
        (MealType::Lunch, 12, 15),
        (MealType::Snack, 15, 30),
        (MealType::Dinner, 18, 45),
        (MealType::Snack, 21, 30),
    ];
    let started = Instant::now();
    let mut next_meal_id: i64 = 1;
    let mut random = XorShift(0x9E37_79B9_7F4A_7C15);
    for u in 1..=users {
        let user = stores
            .users
            .create(&NewUser {
                username: Username::parse(&format!("bench_user_{u}"))?,
                email: Email::parse(&format!("bench_user_{u}@example.com"))?,
                nickname: format!("Bench {u}"),
                password_hash: hash.clone(),
            })
            .await?;
        let mut meals = Vec::with_capacity((days * 5) as usize);
        for d in 0..days {
            let date = today - Days::new(d);
            for (meal_type, h, m) in times {
                let minute = m + random.below(20) as u32;
                let at = clock.at(
                    date,
                    NaiveTime::from_hms_opt(h, minute, 0).unwrap_or_default(),
                );
                let lines: Vec<MealLine> = (0..4)
                    .map(|_| {
                        let food = &foods[random.below(foods.len() as u64) as usize];
                        let grams = 50.0 + random.below(200) as f64;
                        MealLine::of(food, Grams::parse(grams).expect("a plausible quantity"))
                    })
                    .collect();
                meals.push((
                    next_meal_id,
                    NewMeal {
                        owner: user.id,
                        name: None,
                        meal_type,
                        eaten_at: at,
                        notes: None,
                        lines,
                    },
                ));
                next_meal_id += 1;
            }
        }
        bulk_insert_meals(&db, &meals).await?;
        if u % 50 == 0 {
            eprintln!(
                "  {u} users, {} meals, {:.0} s",
                next_meal_id - 1,
                started.elapsed().as_secs_f64()
            );
        }
    }
    if let Database::Postgres(pool) = &db {
        // Ids were given here: move the identities past them.
        sqlx::query("select setval(pg_get_serial_sequence('meal', 'meal_id'), $1)")
            .bind(next_meal_id)
            .execute(pool)
            .await?;
        sqlx::query("analyze meal").execute(pool).await?;
        sqlx::query("analyze meal_food").execute(pool).await?;
    }
    eprintln!(
        "wrote {} meals of {users} users in {:.1} s",
        next_meal_id - 1,
        started.elapsed().as_secs_f64()
    );
    db.close().await;
    Ok(())
}
