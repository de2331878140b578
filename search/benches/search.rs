//! Search over a 1,000,000-food index (the catalogue plus a synthetic database built
//! from the real names in ../shared/data; `SEARCH_BENCH_FOODS` changes the size).
//! Prints the build time and the index's memory, then times single queries in both
//! languages, with typos, prefixes and pinyin.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use models::{FoodSearchRow, FoodSource, NewFood, catalogue, corpus, testing::shared_data};
use search::{Query, SearchIndex, doc_of};

pub const QUERIES: &[&str] = &[
    "banana",
    "rice",
    "chicken breast",
    "chocolate",
    "brocoli",
    "banan",
    "apple",
    "milk",
    "greek yogurt",
    "peanut butter",
    "cheddar cheese",
    "oat",
    "coca cola",
    "米饭",
    "鸡蛋",
    "牛奶",
    "面条",
    "mifan",
    "mi fan",
    "jidan",
    "dou fu",
    "牛肉面",
    "beef noodle",
];

fn row(id: i64, food: &NewFood) -> FoodSearchRow {
    FoodSearchRow {
        id,
        source: food.source(),
        owner: food.owner,
        name: food.name.clone(),
        name_zh: food.name_zh.clone(),
        pinyin: food.pinyin.clone(),
        brand: food.brand.clone(),
        barcode: food.barcode.clone(),
        aliases: food.aliases.clone(),
        deleted: false,
        changed_ms: 0,
    }
}

fn index() -> Option<SearchIndex> {
    let size: usize = std::env::var("SEARCH_BENCH_FOODS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let data = shared_data("")?;
    let mut foods = catalogue::foods();
    foods.extend(corpus::generate(&data, size - foods.len()).expect("corpus data is readable"));
    let docs: Vec<_> = foods
        .iter()
        .enumerate()
        .map(|(i, f)| doc_of(&row(i as i64 + 1, f)))
        .collect();
    let chinese = foods
        .iter()
        .filter(|f| f.name.chars().any(|c| c >= '\u{4e00}') || f.name_zh.is_some())
        .count();
    let branded = foods
        .iter()
        .filter(|f| f.brand.is_some() && f.source() != FoodSource::Catalogue)
        .count();
    let started = Instant::now();
    let index = SearchIndex::build(docs);
    let stats = index.stats();
    eprintln!(
        "index of {} foods ({} branded, {} with Chinese names): built in {:.2} s, {:.1} MiB",
        stats.foods,
        branded,
        chinese,
        started.elapsed().as_secs_f64(),
        stats.heap_bytes as f64 / (1 << 20) as f64
    );
    Some(index)
}

fn queries(c: &mut Criterion) {
    let Some(index) = index() else { return };
    let mut group = c.benchmark_group("search_1m");
    group
        .sample_size(30)
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(300));
    for q in QUERIES {
        let query = Query::parse(q).unwrap();
        group.bench_function(*q, |b| {
            b.iter(|| black_box(index.search(&query, None, &[], 20)))
        });
    }
    group.finish();
}

criterion_group!(benches, queries);
criterion_main!(benches);
