//! A synthetic food database of any size for benchmarks, made the way real ones look:
//! the generic USDA foods as they are, then mostly branded variants of real product
//! names (USDA branded and Open Food Facts samples) under real brand owners, and one in
//! twenty a Chinese product built from the China food-composition names. Deterministic:
//! the same size gives the same foods.

use std::path::Path;

use crate::csv;
use crate::food::{FoodSource, NewFood, Nutrients};

/// A real food name with its values per 100 g.
#[derive(Clone)]
struct Base {
    name: String,
    nutrients: Nutrients,
}

/// SplitMix64: small, fast and good enough to pick names.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
    /// A factor in [1 - spread, 1 + spread].
    fn jitter(&mut self, spread: f64) -> f64 {
        1.0 + spread * ((self.next() % 2001) as f64 / 1000.0 - 1.0)
    }
}

const MODIFIERS: &[&str] = &[
    "Organic",
    "Original",
    "Low Fat",
    "Reduced Sodium",
    "Family Size",
    "Classic",
    "Spicy",
    "Honey",
    "Vanilla",
    "Chocolate",
    "Strawberry",
    "Whole Grain",
    "Gluten Free",
    "Extra Crispy",
    "Lite",
    "Mini",
    "Party Size",
    "Unsweetened",
    "Sea Salt",
    "Garlic",
];
const SIZES: &[&str] = &[
    "12 oz", "16 oz", "8 oz", "500 g", "1 lb", "250 g", "6 ct", "32 fl oz",
];
const CHINESE_BRANDS: &[&str] = &[
    "统一",
    "康师傅",
    "伊利",
    "蒙牛",
    "三全",
    "思念",
    "湾仔码头",
    "旺旺",
    "良品铺子",
    "三只松鼠",
    "海天",
    "老干妈",
    "娃哈哈",
    "今麦郎",
    "白象",
    "光明",
    "农夫山泉",
    "桃李",
];
const CHINESE_VARIANTS: &[&str] = &[
    "原味",
    "低糖",
    "家庭装",
    "经典",
    "香辣",
    "五香",
    "清淡",
    "特惠装",
    "即食",
    "速冻",
];

fn number(text: &str) -> Option<f64> {
    text.trim()
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite() && *v >= 0.0)
}

fn read(path: &Path) -> std::io::Result<Vec<Vec<String>>> {
    let text = std::fs::read_to_string(path)?;
    let mut rows = csv::records(&text);
    if !rows.is_empty() {
        rows.remove(0);
    }
    Ok(rows)
}

fn plausible(n: &Nutrients) -> bool {
    n.issues().is_empty()
}

/// Values with missing parts filled in plausibly, for a branded copy of a product.
fn varied(rng: &mut Rng, n: &Nutrients) -> Nutrients {
    let mut v = Nutrients {
        calories: (n.calories * rng.jitter(0.1)).clamp(1.0, 900.0),
        protein: (n.protein * rng.jitter(0.1)).min(100.0),
        fat: (n.fat * rng.jitter(0.1)).min(100.0),
        carbs: (n.carbs * rng.jitter(0.1)).min(100.0),
        fiber: n.fiber,
        sugar: n.sugar.min(n.carbs),
        sodium: n.sodium * rng.jitter(0.2),
    };
    let sum = v.protein + v.fat + v.carbs;
    if sum > 120.0 {
        let k = 120.0 / sum;
        v.protein *= k;
        v.fat *= k;
        v.carbs *= k;
    }
    v
}

fn ean13(rng: &mut Rng) -> String {
    let digits: Vec<u32> = (0..12).map(|_| (rng.next() % 10) as u32).collect();
    let sum: u32 = digits
        .iter()
        .enumerate()
        .map(|(i, d)| if i % 2 == 0 { *d } else { d * 3 })
        .sum();
    let check = (10 - sum % 10) % 10;
    digits
        .iter()
        .chain(std::iter::once(&check))
        .map(|d| char::from_digit(*d, 10).unwrap())
        .collect()
}

/// `n` foods (at least the generic USDA ones) from the data under `data_dir`.
pub fn generate(data_dir: &Path, n: usize) -> std::io::Result<Vec<NewFood>> {
    let mut rng = Rng(0x5EED);
    let mut foods = Vec::with_capacity(n);

    // Generic foods as they are: SR Legacy and survey foods.
    for row in read(&data_dir.join("usda/derived_sr_legacy_per100g.csv"))? {
        let nutrients = Nutrients {
            calories: number(&row[2]).unwrap_or(0.0),
            protein: number(&row[3]).unwrap_or(0.0),
            fat: number(&row[4]).unwrap_or(0.0),
            carbs: number(&row[5]).unwrap_or(0.0),
            fiber: number(&row[7]).unwrap_or(0.0),
            sugar: number(&row[8]).unwrap_or(0.0),
            sodium: number(&row[9]).unwrap_or(0.0),
        };
        foods.push(usda_generic(&row[0], &row[1], nutrients));
    }
    for row in read(&data_dir.join("usda/fdc_macros_per100g.csv"))? {
        if row[0].len() >= 7 && row[0].starts_with('2') {
            let nutrients = Nutrients {
                calories: number(&row[2]).unwrap_or(0.0),
                protein: number(&row[3]).unwrap_or(0.0),
                carbs: number(&row[4]).unwrap_or(0.0),
                fat: number(&row[5]).unwrap_or(0.0),
                ..Nutrients::default()
            };
            foods.push(usda_generic(&row[0], &row[1], nutrients));
        }
    }
    foods.retain(|f| plausible(&f.nutrients));
    let generic: Vec<Base> = foods
        .iter()
        .map(|f| Base {
            name: f.name.clone(),
            nutrients: f.nutrients,
        })
        .collect();

    // Real branded product names, with values where the sample has them.
    let mut branded: Vec<Base> = Vec::new();
    let mut brands: Vec<String> = Vec::new();
    for row in read(&data_dir.join("openfoodfacts/off_products_normalized.csv"))? {
        let nutrients = Nutrients {
            calories: number(&row[6]).unwrap_or(0.0),
            fat: number(&row[8]).unwrap_or(0.0),
            carbs: number(&row[10]).unwrap_or(0.0),
            sugar: number(&row[11]).unwrap_or(0.0),
            fiber: number(&row[12]).unwrap_or(0.0),
            protein: number(&row[13]).unwrap_or(0.0),
            sodium: number(&row[15]).unwrap_or(0.0) * 1000.0,
        };
        if !row[1].trim().is_empty() {
            let nutrients = if plausible(&nutrients) {
                nutrients
            } else {
                rng.pick(&generic).nutrients
            };
            branded.push(Base {
                name: row[1].trim().to_owned(),
                nutrients,
            });
        }
        if let Some(brand) = row[2]
            .split(',')
            .next()
            .map(str::trim)
            .filter(|b| !b.is_empty())
        {
            brands.push(brand.to_owned());
        }
    }
    for row in read(&data_dir.join("usda/fdc_branded_sample/food_other.csv"))? {
        if !row[2].trim().is_empty() {
            let nutrients = rng.pick(&generic).nutrients;
            branded.push(Base {
                name: row[2].trim().to_owned(),
                nutrients,
            });
        }
    }
    for row in read(&data_dir.join("usda/fdc_branded_sample/branded_food.csv"))? {
        if !row[1].trim().is_empty() {
            brands.push(row[1].trim().to_owned());
        }
    }
    brands.sort();
    brands.dedup();

    let mut chinese: Vec<Base> = Vec::new();
    for row in read(&data_dir.join("china_fct/china_fct6_merged.csv"))? {
        let nutrients = Nutrients {
            calories: number(&row[6]).unwrap_or(0.0),
            protein: number(&row[8]).unwrap_or(0.0),
            fat: number(&row[9]).unwrap_or(0.0),
            carbs: number(&row[10]).unwrap_or(0.0),
            fiber: number(&row[11]).unwrap_or(0.0),
            sodium: number(&row[28]).unwrap_or(0.0),
            ..Nutrients::default()
        };
        let name: String = row[3]
            .split(['（', '('])
            .next()
            .unwrap_or_default()
            .trim()
            .to_owned();
        if !name.is_empty() && plausible(&nutrients) {
            chinese.push(Base { name, nutrients });
        }
    }

    let mut i = 0usize;
    while foods.len() < n {
        i += 1;
        if i.is_multiple_of(20) && !chinese.is_empty() {
            let base = rng.pick(&chinese).clone();
            let brand = *rng.pick(CHINESE_BRANDS);
            let name = format!("{brand}{}（{}）", base.name, rng.pick(CHINESE_VARIANTS));
            foods.push(product(
                &mut rng,
                FoodSource::OpenFoodFacts,
                i,
                name,
                brand.to_owned(),
                &base,
            ));
            continue;
        }
        let base = rng.pick(&branded).clone();
        let mut name = base.name.clone();
        for _ in 0..rng.below(3) {
            name = format!("{} {name}", rng.pick(MODIFIERS));
        }
        if rng.below(3) == 0 {
            name = format!("{name}, {}", rng.pick(SIZES));
        }
        let brand = rng.pick(&brands).clone();
        let source = if i.is_multiple_of(2) {
            FoodSource::Usda
        } else {
            FoodSource::OpenFoodFacts
        };
        foods.push(product(&mut rng, source, i, name, brand, &base));
    }
    foods.truncate(n);
    Ok(foods)
}

fn usda_generic(fdc_id: &str, description: &str, nutrients: Nutrients) -> NewFood {
    NewFood {
        source: Some(FoodSource::Usda),
        source_key: Some(format!("fdc:{fdc_id}")),
        name: description.to_owned(),
        nutrients,
        fdc_id: fdc_id.parse().ok(),
        description: Some(description.to_owned()),
        data_quality: "usda".into(),
        ..NewFood::default()
    }
}

fn product(
    rng: &mut Rng,
    source: FoodSource,
    i: usize,
    name: String,
    brand: String,
    base: &Base,
) -> NewFood {
    let barcode = ean13(rng);
    NewFood {
        source: Some(source),
        source_key: Some(format!("bench:{i}")),
        name,
        brand: Some(brand),
        barcode: Some(barcode),
        nutrition_grade: Some(["A", "B", "C", "D", "E"][rng.below(5)].into()),
        nutrients: varied(rng, &base.nutrients),
        data_quality: if source == FoodSource::Usda {
            "usda".into()
        } else {
            "unknown".into()
        },
        ..NewFood::default()
    }
}
