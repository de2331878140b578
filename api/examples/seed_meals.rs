//! Fills the database at `DATABASE_URL` for the meals benchmark: USERS users (default
//! 1,000; `bench_user_1` … with the password `BenchPass2026`), each with DAYS days
//! (default 730, up to today) of 5 meals a day, 4 catalogue foods each, as a person logs
//! them: breakfast, lunch, an afternoon snack, dinner and a late snack, from a rotating
//! set of the foods people eat most. Deterministic; a database that already has the
//! users is left as it is.
//!
//!     DATABASE_URL=sqlite://bench.db cargo run --release -p api --example seed_meals -- 1000 730
//!
//! Rows are written with multi-row inserts (the store's one-meal-at-a-time path would
//! take hours for 3.65 million meals); the values are computed by the same domain code
//! (`MealLine::amount`, `meal::totals`) the API uses.

use std::time::Instant;

use chrono::{Days, NaiveTime, Utc};
use models::meal::{self, Grams, MealLine, MealType};
use models::{Database, Email, Food, FoodSource, LocalClock, NewUser, Stores, Username, catalogue};
use sqlx::QueryBuilder;

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

struct MealRow {
    id: i64,
    user: i64,
    meal_type: MealType,
    eaten_at_ms: i64,
    totals: models::Nutrients,
    lines: Vec<MealLine>,
}

macro_rules! write_meals {
    ($pool:expr, $db:ty, $meals:expr, $now:expr) => {{
        let mut tx = $pool.begin().await?;
        // 16 columns a meal: 1,000 meals stay under SQLite's 32,766 parameters.
        for chunk in $meals.chunks(1_000) {
            let mut b: QueryBuilder<$db> = QueryBuilder::new(
                "insert into meal (meal_id, user_id, name, meal_type, eaten_at_ms, notes, \
                 total_calories, total_protein, total_fat, total_carbs, total_fiber, total_sugar, \
                 total_sodium, created_at, updated_at) ",
            );
            b.push_values(chunk, |mut row, m: &MealRow| {
                let t = &m.totals;
                row.push_bind(m.id)
                    .push_bind(m.user)
                    .push_bind(None::<String>)
                    .push_bind(m.meal_type.as_str())
                    .push_bind(m.eaten_at_ms)
                    .push_bind(None::<String>)
                    .push_bind(t.calories)
                    .push_bind(t.protein)
                    .push_bind(t.fat)
                    .push_bind(t.carbs)
                    .push_bind(t.fiber)
                    .push_bind(t.sugar)
                    .push_bind(t.sodium)
                    .push_bind($now)
                    .push_bind($now);
            });
            b.build().execute(&mut *tx).await?;
        }
        let lines: Vec<(i64, usize, &MealLine)> = $meals
            .iter()
            .flat_map(|m: &MealRow| m.lines.iter().enumerate().map(move |(i, l)| (m.id, i, l)))
            .collect();
        // 21 columns a line.
        for chunk in lines.chunks(1_500) {
            let mut b: QueryBuilder<$db> = QueryBuilder::new(
                "insert into meal_food (meal_id, position, food_id, food_name, food_name_zh, brand, \
                 quantity, calories_per_100g, protein_per_100g, fat_per_100g, carbs_per_100g, \
                 fiber_per_100g, sugar_per_100g, sodium_per_100g, calories, protein, fat, carbs, \
                 fiber, sugar, sodium) ",
            );
            b.push_values(chunk, |mut row, (meal_id, position, line)| {
                let per = &line.per_100g;
                let amount = line.amount();
                row.push_bind(*meal_id)
                    .push_bind(*position as i64)
                    .push_bind(line.food_id)
                    .push_bind(line.food_name.clone())
                    .push_bind(line.food_name_zh.clone())
                    .push_bind(line.brand.clone())
                    .push_bind(line.quantity.get())
                    .push_bind(per.calories)
                    .push_bind(per.protein)
                    .push_bind(per.fat)
                    .push_bind(per.carbs)
                    .push_bind(per.fiber)
                    .push_bind(per.sugar)
                    .push_bind(per.sodium)
                    .push_bind(amount.calories)
                    .push_bind(amount.protein)
                    .push_bind(amount.fat)
                    .push_bind(amount.carbs)
                    .push_bind(amount.fiber)
                    .push_bind(amount.sugar)
                    .push_bind(amount.sodium);
            });
            b.build().execute(&mut *tx).await?;
        }
        tx.commit().await?;
    }};
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
                meals.push(MealRow {
                    id: next_meal_id,
                    user: user.id.get(),
                    meal_type,
                    eaten_at_ms: at.timestamp_millis(),
                    totals: meal::totals(&lines),
                    lines,
                });
                next_meal_id += 1;
            }
        }
        let now = Utc::now();
        match &db {
            Database::Sqlite(pool) => write_meals!(pool, sqlx::Sqlite, meals, now),
            Database::Postgres(pool) => write_meals!(pool, sqlx::Postgres, meals, now),
        }
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
