//! How fast the imports read their files: the USDA branded sample (food, food_nutrient
//! and branded_food CSVs, 8 MB) and two Open Food Facts exports (tab- and
//! comma-separated), from `../shared/data`, each read 10 times; milliseconds per read.
//! Reading only: nothing is written to a database.
//!
//!     cargo run --release -p models --example import_read

use std::time::Instant;

use models::import::{open_food_facts, usda_release};

const READS: u32 = 10;

fn main() {
    let Some(data) = models::testing::shared_data(".") else {
        return;
    };
    let per_read = |read: &dyn Fn() -> usize| {
        let start = Instant::now();
        let mut foods = 0;
        for _ in 0..READS {
            foods = read();
        }
        (
            foods,
            start.elapsed().as_secs_f64() * 1000.0 / f64::from(READS),
        )
    };
    let usda = data.join("usda/fdc_branded_sample");
    let (foods, ms) =
        per_read(&|| usda_release(&usda, |_| {}, |_| {}).expect("the USDA sample reads"));
    println!("usda/fdc_branded_sample: {foods} foods, {ms:.1} ms a read");
    for file in [
        "openfoodfacts/off_sample_world_2024.tsv",
        "openfoodfacts/off_products_normalized.csv",
    ] {
        let path = data.join(file);
        let (foods, ms) =
            per_read(&|| open_food_facts(&path, |_| {}, |_| {}).expect("the export reads"));
        println!("{file}: {foods} products, {ms:.1} ms a read");
    }
}
