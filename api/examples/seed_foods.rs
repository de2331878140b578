//! Fills the database at `DATABASE_URL` with N foods for the search benchmark (default
//! 1,000,000): the built-in catalogue plus a synthetic database generated from the real
//! names in ../shared/data (see `models::corpus`). Re-running with the same N writes
//! nothing new.
//!
//!     DATABASE_URL=sqlite://bench.db cargo run --release -p api --example seed_foods -- 1000000
//!
//! The generated products carry no micronutrients, as most imported products do not.
//! `WITH_MICRONUTRIENTS=1` gives each the values of a shipped USDA food in turn (all of
//! them carry some), to measure what a database of foods that all carry them weighs.

use std::time::Instant;

use models::{catalogue, corpus, generic, testing::shared_data};
use store::{Database, Stores};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let n: usize = std::env::args()
        .nth(1)
        .map(|s| s.parse())
        .transpose()?
        .unwrap_or(1_000_000);
    let url = std::env::var("DATABASE_URL").map_err(|_| anyhow::anyhow!("set DATABASE_URL"))?;
    let db = Database::connect(&url).await?;
    db.migrate().await?;
    let stores = Stores::new(&db);
    let data = shared_data("").ok_or_else(|| anyhow::anyhow!("../shared/data is needed"))?;
    let started = Instant::now();
    let mut foods = catalogue::foods();
    foods.extend(corpus::generate(&data, n.saturating_sub(foods.len()))?);
    if std::env::var("WITH_MICRONUTRIENTS").is_ok_and(|v| v == "1") {
        let values: Vec<_> = generic::usda_foods()
            .map_err(anyhow::Error::msg)?
            .into_iter()
            .map(|f| f.micronutrients)
            .filter(|m| !m.is_unknown())
            .collect();
        for (food, values) in foods.iter_mut().zip(values.iter().cycle()) {
            if food.micronutrients.is_unknown() {
                food.micronutrients = *values;
            }
        }
    }
    eprintln!(
        "generated {} foods in {:.1} s",
        foods.len(),
        started.elapsed().as_secs_f64()
    );
    let started = Instant::now();
    let mut written = 0;
    for (i, chunk) in foods.chunks(20_000).enumerate() {
        written += stores.foods.upsert_shared(chunk).await?;
        if i % 10 == 9 {
            eprintln!("  {} foods stored", (i + 1) * 20_000);
        }
    }
    eprintln!(
        "wrote {written} foods in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    db.close().await;
    Ok(())
}
