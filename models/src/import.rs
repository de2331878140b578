//! Reading public food databases into foods: a USDA FoodData Central CSV release (food,
//! food_nutrient, branded_food with gtin_upc) and Open Food Facts exports (the
//! tab-separated "CSV" or a comma-separated file with the same column names). Every
//! product either becomes a food or is kept out with the reason: no name, no energy,
//! or values that fail the sanity rules of SPEC §5.
//!
//! Both read files a record at a time and hand each outcome to a callback, so a full
//! release does not have to fit in memory.

use std::collections::HashMap;
use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};

use crate::barcode::Barcode;
use crate::csv::{Record, first_record, for_each_record};
use crate::food::{FoodSource, NewFood, Nutrients};

/// Brand owner, barcode and ingredients of a branded USDA food.
type Branding = (Option<String>, Option<String>, Option<String>);

/// A product kept out, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Rejection {
    pub source_key: String,
    pub name: String,
    pub reason: String,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Food(Box<NewFood>),
    Rejected(Rejection),
}

#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("cannot read {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{0}")]
    Format(String),
}

fn open(path: &Path) -> Result<BufReader<File>, ImportError> {
    File::open(path)
        .map(|f| BufReader::with_capacity(1 << 16, f))
        .map_err(|source| ImportError::Io {
            path: path.to_owned(),
            source,
        })
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> ImportError + '_ {
    move |source| ImportError::Io {
        path: path.to_owned(),
        source,
    }
}

fn column(header: &Record, names: &[&str]) -> Option<usize> {
    names
        .iter()
        .find_map(|n| header.iter().position(|h| h.trim() == *n))
}

fn number(fields: &Record, index: Option<usize>) -> Option<f64> {
    let v: f64 = fields.get(index?)?.trim().parse().ok()?;
    v.is_finite().then_some(v)
}

fn text(fields: &Record, index: Option<usize>) -> Option<String> {
    let v = fields.get(index?)?.trim();
    (!v.is_empty()).then(|| v.to_owned())
}

/// Keeps out foods without a name or with nutrition past the sanity rules (SPEC §9),
/// saying why.
pub fn judge(food: NewFood) -> Outcome {
    let key = food.source_key.clone().unwrap_or_default();
    if food.name.trim().is_empty() {
        return Outcome::Rejected(Rejection {
            source_key: key,
            name: String::new(),
            reason: "no name".into(),
        });
    }
    let issues = food.nutrients.issues();
    if !issues.is_empty() {
        return Outcome::Rejected(Rejection {
            source_key: key,
            name: food.name,
            reason: issues.join("; "),
        });
    }
    Outcome::Food(Box::new(food))
}

/// Where a USDA food's energy came from: kcal (1008) wins over the Atwater factors
/// (2047, 2048) that Foundation foods give instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum EnergyKind {
    Kcal,
    Atwater,
}

/// Takes one FoodData Central nutrient amount (per 100 g) into `n`.
pub fn usda_nutrient(
    n: &mut Nutrients,
    energy: &mut Option<EnergyKind>,
    nutrient_id: i64,
    amount: f64,
) {
    let amount = amount.max(0.0);
    match nutrient_id {
        1008 => {
            n.calories = amount;
            *energy = Some(EnergyKind::Kcal);
        }
        2047 | 2048 if energy.is_none() => {
            n.calories = amount;
            *energy = Some(EnergyKind::Atwater);
        }
        1003 => n.protein = amount,
        1004 => n.fat = amount,
        1005 => n.carbs = amount,
        1079 => n.fiber = amount,
        2000 => n.sugar = amount,
        1063 if n.sugar == 0.0 => n.sugar = amount,
        1093 => n.sodium = amount,
        _ => {}
    }
}

/// The file of a USDA release that holds `what` (`food.csv`, or in the samples
/// `food_other.csv`).
fn release_file(dir: &Path, names: &[&str]) -> Result<PathBuf, ImportError> {
    names
        .iter()
        .map(|n| dir.join(n))
        .find(|p| p.exists())
        .ok_or_else(|| {
            ImportError::Format(format!(
                "{} has none of {}",
                dir.display(),
                names.join(", ")
            ))
        })
}

/// Reads a FoodData Central CSV release in `dir`. `progress` gets the share done (0..=100).
pub fn usda_release(
    dir: &Path,
    mut progress: impl FnMut(u8),
    mut each: impl FnMut(Outcome),
) -> Result<usize, ImportError> {
    let food_nutrient = release_file(dir, &["food_nutrient.csv"])?;
    let food = release_file(dir, &["food.csv", "food_other.csv"])?;
    let branded = dir.join("branded_food.csv");

    // Nutrients by food: energy (kcal, or the Atwater factors), protein, fat, carbs,
    // fibre, sugars, sodium.
    let mut nutrients: HashMap<i64, (Nutrients, Option<EnergyKind>)> = HashMap::new();
    let mut cols = None;
    for_each_record(open(&food_nutrient)?, b',', true, |r| {
        let Some((fdc, nutrient, amount)) = cols else {
            cols = Some((
                column(r, &["fdc_id"]),
                column(r, &["nutrient_id"]),
                column(r, &["amount"]),
            ));
            return true;
        };
        let (Some(id), Some(nutrient), Some(amount)) = (
            number(r, fdc).map(|v| v as i64),
            number(r, nutrient).map(|v| v as i64),
            number(r, amount),
        ) else {
            return true;
        };
        let (n, energy) = nutrients.entry(id).or_default();
        usda_nutrient(n, energy, nutrient, amount);
        true
    })
    .map_err(io(&food_nutrient))?;
    progress(40);

    // Brand, barcode and ingredients of branded foods.
    let mut brands: HashMap<i64, Branding> = HashMap::new();
    if branded.exists() {
        let mut cols = None;
        for_each_record(open(&branded)?, b',', true, |r| {
            let Some((fdc, owner, name, gtin, ingredients)) = cols else {
                cols = Some((
                    column(r, &["fdc_id"]),
                    column(r, &["brand_owner"]),
                    column(r, &["brand_name"]),
                    column(r, &["gtin_upc"]),
                    column(r, &["ingredients"]),
                ));
                return true;
            };
            if let Some(id) = number(r, fdc).map(|v| v as i64) {
                brands.insert(
                    id,
                    (
                        text(r, owner).or_else(|| text(r, name)),
                        text(r, gtin),
                        text(r, ingredients),
                    ),
                );
            }
            true
        })
        .map_err(io(&branded))?;
    }
    progress(60);

    let mut read = 0;
    let mut cols = None;
    for_each_record(open(&food)?, b',', true, |r| {
        let Some((fdc, description, data_type)) = cols else {
            cols = Some((
                column(r, &["fdc_id"]),
                column(r, &["description"]),
                column(r, &["data_type"]),
            ));
            return true;
        };
        let Some(id) = number(r, fdc).map(|v| v as i64) else {
            return true;
        };
        read += 1;
        let name = text(r, description).unwrap_or_default();
        let key = format!("fdc:{id}");
        let Some((n, energy)) = nutrients.remove(&id) else {
            each(Outcome::Rejected(Rejection {
                source_key: key,
                name,
                reason: "no nutrient values".into(),
            }));
            return true;
        };
        if energy.is_none() {
            each(Outcome::Rejected(Rejection {
                source_key: key,
                name,
                reason: "no energy value".into(),
            }));
            return true;
        }
        let (brand, barcode, ingredients) = brands.remove(&id).unwrap_or_default();
        let barcode = barcode.map(|code| crate::barcode::canonical_or_raw(&code));
        let _ = text(r, data_type);
        each(judge(NewFood {
            source: Some(FoodSource::Usda),
            source_key: Some(key),
            name: name.clone(),
            brand,
            barcode,
            nutrients: n,
            fdc_id: Some(id),
            description: Some(name),
            ingredients,
            data_quality: "usda".into(),
            ..NewFood::default()
        }));
        true
    })
    .map_err(io(&food))?;
    progress(100);
    Ok(read)
}

/// GS1 check digit of an 8-, 12-, 13- or 14-digit code.
/// Reads an Open Food Facts export (tab-separated, or comma-separated with the same
/// column names). `progress` gets the share of bytes read.
pub fn open_food_facts(
    path: &Path,
    mut progress: impl FnMut(u8),
    mut each: impl FnMut(Outcome),
) -> Result<usize, ImportError> {
    let size = std::fs::metadata(path).map_err(io(path))?.len().max(1);
    let mut reader = open(path)?;
    let mut first = String::new();
    std::io::BufRead::read_line(&mut reader, &mut first).map_err(io(path))?;
    let tabs = first.contains('\t');
    let delimiter = if tabs { b'\t' } else { b',' };
    let header = first_record(first.trim_end(), delimiter, !tabs);
    let c = |names: &[&str]| column(&header, names);
    let (code, name, brands) = (c(&["code"]), c(&["product_name"]), c(&["brands"]));
    if code.is_none() || name.is_none() {
        return Err(ImportError::Format(format!(
            "{} has no code and product_name columns",
            path.display()
        )));
    }
    let grade = c(&["nutriscore_grade", "nutrition_grade_fr"]);
    let kcal = c(&["energy-kcal_100g", "energy_kcal_100g"]);
    let kj = c(&["energy_100g", "energy-kj_100g", "energy_kj_100g"]);
    let protein = c(&["proteins_100g"]);
    let fat = c(&["fat_100g"]);
    let carbs = c(&["carbohydrates_100g"]);
    let sugar = c(&["sugars_100g"]);
    let fiber = c(&["fiber_100g"]);
    let sodium = c(&["sodium_100g"]);
    let salt = c(&["salt_100g"]);
    let ingredients = c(&["ingredients_text"]);
    let image = c(&["image_url", "image_small_url"]);

    let mut read = 0usize;
    // Exports list some products twice under forms of one code (with and without
    // UPC-A's leading zero): the first is kept, so a re-import rewrites nothing.
    let mut seen = std::collections::HashSet::new();
    let mut bytes = first.len() as u64;
    let mut last_share = 0;
    for_each_record(reader, delimiter, !tabs, |r| {
        bytes += r.iter().map(|f| f.len() as u64 + 1).sum::<u64>();
        let share = (bytes * 100 / size).min(99) as u8;
        if share >= last_share + 5 {
            last_share = share;
            progress(share);
        }
        let Some(code) = text(r, code) else {
            return true;
        };
        read += 1;
        let product = text(r, name).unwrap_or_default();
        // One product is one barcode however the export wrote it (UPC-A with or
        // without its leading zero), so a scan finds it.
        let code = match Barcode::parse(&code) {
            Ok(barcode) => barcode.as_str().to_owned(),
            Err(why) => {
                each(Outcome::Rejected(Rejection {
                    source_key: format!("off:{code}"),
                    name: product,
                    reason: format!("invalid barcode: {}", why.0),
                }));
                return true;
            }
        };
        let key = format!("off:{code}");
        if !seen.insert(code.clone()) {
            each(Outcome::Rejected(Rejection {
                source_key: key,
                name: product,
                reason: "duplicate barcode (an earlier product has it)".into(),
            }));
            return true;
        }
        let calories =
            number(r, kcal).or_else(|| number(r, kj).map(|v| (v / 4.184 * 10.0).round() / 10.0));
        let Some(calories) = calories else {
            each(Outcome::Rejected(Rejection {
                source_key: key,
                name: product,
                reason: "no energy value".into(),
            }));
            return true;
        };
        let g = |i| number(r, i).unwrap_or(0.0);
        let sodium_mg = number(r, sodium)
            .or_else(|| number(r, salt).map(|s| s / 2.5))
            .unwrap_or(0.0)
            * 1000.0;
        each(judge(NewFood {
            source: Some(FoodSource::OpenFoodFacts),
            source_key: Some(key),
            name: product,
            brand: text(r, brands).and_then(|b| b.split(',').next().map(|b| b.trim().to_owned())),
            barcode: Some(code),
            image_url: text(r, image)
                .filter(|u| u.starts_with("https://") || u.starts_with("http://")),
            nutrition_grade: text(r, grade)
                .map(|g| g.to_uppercase())
                .filter(|g| ["A", "B", "C", "D", "E"].contains(&g.as_str())),
            nutrients: Nutrients {
                calories,
                protein: g(protein),
                fat: g(fat),
                carbs: g(carbs),
                fiber: g(fiber),
                sugar: g(sugar),
                sodium: (sodium_mg * 10.0).round() / 10.0,
            },
            ingredients: text(r, ingredients),
            data_quality: "unknown".into(),
            ..NewFood::default()
        }));
        true
    })
    .map_err(io(path))?;
    progress(100);
    Ok(read)
}
