//! The public generic databases the product ships with, and our Chinese dish library.
//!
//! - `data/usda/foods.tsv`: USDA SR Legacy, FNDDS survey and Foundation foods, derived
//!   from the public releases by `scripts/derive-usda.py` (duplicates merged, Chinese
//!   names and pinyin added; a nutrient a source does not give left empty = unknown).
//! - `data/dishes/*.tsv`: everyday Chinese dishes as standard recipes over catalogue and
//!   USDA foods (raw grams, cooking yield, typical servings); their values are worked out
//!   by the code that works out a user's recipe.
//!
//! Both are seeded into the store at start-up, as the catalogue is.

use std::collections::HashMap;

use crate::catalogue;
use crate::food::{FoodSource, NewFood, Nutrients, Portion, UnknownNutrients};
use crate::micronutrients::{self, Micronutrients};
use crate::recipe::cooked_values;

const USDA_FOODS: &str = include_str!("../data/usda/foods.tsv");
/// Their vitamins, minerals and fats (SR Legacy foods), by FDC id.
const USDA_MICRONUTRIENTS: &str = include_str!("../data/usda/micronutrients.tsv");
const USDA_HEADER: &str = "fdc_id\tsource\tname_en\tname_zh\tpinyin\tcategory\tkcal\tprotein_g\tfat_g\tcarbs_g\tfiber_g\tsugar_g\tsodium_mg\tportions\tmerged";

const DISHES: [&str; 2] = [
    include_str!("../data/dishes/part-1.tsv"),
    include_str!("../data/dishes/part-2.tsv"),
];
const DISH_HEADER: &str =
    "key\tname_zh\tname_en\tpinyin\taliases\tcategory\tservings\tyield\tingredients\tcompare";

/// Which USDA release a food comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UsdaRelease {
    SrLegacy,
    Fndds,
    Foundation,
}

impl UsdaRelease {
    fn parse(text: &str) -> Result<Self, String> {
        match text {
            "sr" => Ok(UsdaRelease::SrLegacy),
            "fndds" => Ok(UsdaRelease::Fndds),
            "foundation" => Ok(UsdaRelease::Foundation),
            other => Err(format!("unknown USDA release {other:?}")),
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            UsdaRelease::SrLegacy => "USDA SR Legacy",
            UsdaRelease::Fndds => "USDA FNDDS (survey food)",
            UsdaRelease::Foundation => "USDA Foundation Foods",
        }
    }
}

/// One shipped USDA food.
#[derive(Debug, Clone, PartialEq)]
pub struct UsdaFood {
    pub fdc_id: i64,
    pub release: UsdaRelease,
    pub name_en: String,
    pub name_zh: Option<String>,
    pub pinyin: Option<String>,
    pub category: Option<String>,
    pub nutrients: Nutrients,
    pub unknown: UnknownNutrients,
    pub micronutrients: Micronutrients,
    pub portions: Vec<Portion>,
    /// FDC ids of the duplicates merged into this one.
    pub merged: Vec<i64>,
}

impl UsdaFood {
    pub fn to_food(&self) -> NewFood {
        let mut description = format!("Reference: {} {}", self.release.describe(), self.fdc_id);
        if !self.merged.is_empty() {
            let ids: Vec<String> = self.merged.iter().map(i64::to_string).collect();
            description.push_str(&format!(" (also stands for FDC {})", ids.join(", ")));
        }
        NewFood {
            source: Some(FoodSource::Usda),
            // The key a live USDA lookup stores under, so it updates this row.
            source_key: Some(format!("fdc:{}", self.fdc_id)),
            name: self.name_en.clone(),
            name_zh: self.name_zh.clone(),
            pinyin: self.pinyin.clone(),
            category: self.category.clone(),
            nutrients: self.nutrients,
            unknown: self.unknown,
            micronutrients: self.micronutrients,
            portions: self.portions.clone(),
            fdc_id: Some(self.fdc_id),
            description: Some(description),
            data_quality: "usda".into(),
            ..NewFood::default()
        }
    }
}

fn fields(line: &str, count: usize) -> Result<Vec<&str>, String> {
    let fields: Vec<&str> = line.split('\t').collect();
    if fields.len() == count {
        Ok(fields)
    } else {
        Err(format!("expected {count} fields, found {}", fields.len()))
    }
}

fn number(text: &str, what: &str) -> Result<f64, String> {
    let v: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{what} is not a number: {text:?}"))?;
    if v.is_finite() && v >= 0.0 {
        Ok(v)
    } else {
        Err(format!("{what} must be 0 or more"))
    }
}

fn optional(text: &str) -> Option<String> {
    Some(text.trim().to_owned()).filter(|t| !t.is_empty())
}

pub fn parse_usda(text: &str) -> Result<Vec<UsdaFood>, String> {
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, header)) if header.trim_end() == USDA_HEADER => {}
        _ => return Err("the first line must be the header".into()),
    }
    lines
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            let at = |e: String| format!("line {}: {e}", i + 1);
            let f = fields(line, 15).map_err(at)?;
            let known = |idx: usize, what: &str| -> Result<Option<f64>, String> {
                match f[idx].trim() {
                    "" => Ok(None),
                    v => number(v, what).map(Some).map_err(at),
                }
            };
            let (fiber, sugar, sodium) = (
                known(10, "fiber")?,
                known(11, "sugar")?,
                known(12, "sodium")?,
            );
            Ok(UsdaFood {
                fdc_id: f[0]
                    .parse()
                    .map_err(|_| at(format!("bad fdc_id {:?}", f[0])))?,
                release: UsdaRelease::parse(f[1]).map_err(at)?,
                name_en: optional(f[2]).ok_or_else(|| at("name_en is empty".into()))?,
                name_zh: optional(f[3]),
                pinyin: optional(f[4]),
                category: optional(f[5]),
                nutrients: Nutrients {
                    calories: number(f[6], "kcal").map_err(at)?,
                    protein: number(f[7], "protein").map_err(at)?,
                    fat: number(f[8], "fat").map_err(at)?,
                    carbs: number(f[9], "carbs").map_err(at)?,
                    fiber: fiber.unwrap_or(0.0),
                    sugar: sugar.unwrap_or(0.0),
                    sodium: sodium.unwrap_or(0.0),
                },
                unknown: UnknownNutrients {
                    fiber: fiber.is_none(),
                    sugar: sugar.is_none(),
                    sodium: sodium.is_none(),
                },
                micronutrients: Micronutrients::UNKNOWN,
                portions: Portion::parse_list(f[13]).map_err(at)?,
                merged: f[14]
                    .split_whitespace()
                    .map(|id| id.parse().map_err(|_| at(format!("bad merged id {id:?}"))))
                    .collect::<Result<_, _>>()?,
            })
        })
        .collect()
}

/// Every shipped USDA food, or what is wrong with the file.
pub fn usda_foods() -> Result<Vec<UsdaFood>, String> {
    let mut foods = parse_usda(USDA_FOODS)?;
    let values = micronutrients::parse_table(USDA_MICRONUTRIENTS, "fdc_id")
        .map_err(|e| format!("usda/micronutrients.tsv {e}"))?;
    for food in &mut foods {
        if let Some(values) = values.get(&food.fdc_id.to_string()) {
            food.micronutrients = *values;
        }
    }
    Ok(foods)
}

/// One ingredient of a standard recipe.
#[derive(Debug, Clone, PartialEq)]
pub struct DishIngredient {
    /// A catalogue key or `fdc:ID`.
    pub food: String,
    pub name_en: String,
    pub name_zh: Option<String>,
    pub grams: f64,
}

/// A dish of the library: a standard recipe and what it works out to.
#[derive(Debug, Clone, PartialEq)]
pub struct Dish {
    pub key: String,
    pub name_zh: String,
    pub name_en: String,
    pub pinyin: String,
    pub aliases: Vec<String>,
    pub category: String,
    pub servings: Vec<Portion>,
    /// Cooked weight ÷ raw weight of the ingredients.
    pub cooking_yield: f64,
    pub ingredients: Vec<DishIngredient>,
    /// An independent measurement of the same dish (an FNDDS or SR food), if any.
    pub compare_fdc_id: Option<i64>,
    pub nutrients: Nutrients,
    pub unknown: UnknownNutrients,
    /// Worked out from the ingredients that give them, with that share as coverage.
    pub micronutrients: Micronutrients,
}

impl Dish {
    pub fn raw_grams(&self) -> f64 {
        self.ingredients.iter().map(|i| i.grams).sum()
    }

    /// The recipe as the food shows it.
    pub fn recipe_text(&self) -> String {
        let lines: Vec<String> = self
            .ingredients
            .iter()
            .map(|i| match &i.name_zh {
                Some(zh) => format!("{} {} {} g", i.name_en, zh, fmt_grams(i.grams)),
                None => format!("{} {} g", i.name_en, fmt_grams(i.grams)),
            })
            .collect();
        let raw = fmt_grams(self.raw_grams());
        let cooked = fmt_grams(self.raw_grams() * self.cooking_yield);
        format!(
            "{}. Raw {raw} g, cooked {cooked} g (yield {:.0} %). 原料共 {raw} 克，熟重 {cooked} 克。",
            lines.join("; "),
            self.cooking_yield * 100.0,
        )
    }

    pub fn to_food(&self) -> NewFood {
        NewFood {
            source: Some(FoodSource::Catalogue),
            source_key: Some(self.key.clone()),
            name: self.name_en.clone(),
            name_zh: Some(self.name_zh.clone()),
            pinyin: Some(self.pinyin.clone()),
            category: Some(self.category.clone()),
            nutrients: self.nutrients,
            unknown: self.unknown,
            micronutrients: self.micronutrients,
            portions: self.servings.clone(),
            description: Some(
                "A standard recipe of our dish library, worked out from its ingredients. \
                 标准食谱，按原料计算。"
                    .into(),
            ),
            ingredients: Some(self.recipe_text()),
            data_quality: "standard-recipe".into(),
            aliases: self.aliases.clone(),
            ..NewFood::default()
        }
    }
}

fn fmt_grams(g: f64) -> String {
    let rounded = (g * 10.0).round() / 10.0;
    if rounded.fract() == 0.0 {
        format!("{rounded:.0}")
    } else {
        format!("{rounded:.1}")
    }
}

/// What a recipe needs of a food it uses.
#[derive(Clone)]
struct PantryFood {
    name_en: String,
    name_zh: Option<String>,
    nutrients: Nutrients,
    unknown: UnknownNutrients,
    micronutrients: Micronutrients,
}

/// The values of the foods a recipe may use: catalogue keys and `fdc:ID`s.
struct Pantry {
    foods: HashMap<String, PantryFood>,
}

impl Pantry {
    fn new(catalogue: &[catalogue::CatalogueEntry], usda: &[UsdaFood]) -> Pantry {
        let mut foods = HashMap::new();
        for e in catalogue {
            foods.insert(
                e.key.clone(),
                PantryFood {
                    name_en: e.name_en.clone(),
                    name_zh: Some(e.name_zh.clone()),
                    nutrients: e.nutrients,
                    unknown: UnknownNutrients::default(),
                    micronutrients: e.micronutrients,
                },
            );
        }
        for f in usda {
            let value = PantryFood {
                name_en: f.name_en.clone(),
                name_zh: f.name_zh.clone(),
                nutrients: f.nutrients,
                unknown: f.unknown,
                micronutrients: f.micronutrients,
            };
            for id in std::iter::once(f.fdc_id).chain(f.merged.iter().copied()) {
                foods.insert(format!("fdc:{id}"), value.clone());
            }
        }
        Pantry { foods }
    }
}

pub fn parse_dishes(
    text: &str,
    catalogue: &[catalogue::CatalogueEntry],
    usda: &[UsdaFood],
) -> Result<Vec<Dish>, String> {
    let pantry = Pantry::new(catalogue, usda);
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, header)) if header.trim_end() == DISH_HEADER => {}
        _ => return Err("the first line must be the header".into()),
    }
    lines
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            let at = |e: String| format!("line {}: {e}", i + 1);
            let f = fields(line, 10).map_err(at)?;
            let required = |idx: usize, what: &str| {
                optional(f[idx]).ok_or_else(|| at(format!("{what} is empty")))
            };
            let cooking_yield = number(f[7], "yield").map_err(at)?;
            if !(0.2..=4.0).contains(&cooking_yield) {
                return Err(at(format!("yield {cooking_yield} is out of 0.2..4")));
            }
            let mut ingredients = Vec::new();
            let mut values = Vec::new();
            let mut micro = Vec::new();
            let mut unknown = UnknownNutrients::default();
            for item in f[8].split(';').filter(|s| !s.trim().is_empty()) {
                let (food, grams) = item
                    .trim()
                    .rsplit_once(':')
                    .ok_or_else(|| at(format!("bad ingredient {item:?}")))?;
                let grams = number(grams, "ingredient grams")
                    .ok()
                    .filter(|g| *g > 0.0)
                    .ok_or_else(|| at(format!("bad grams in {item:?}")))?;
                let used = pantry
                    .foods
                    .get(food)
                    .ok_or_else(|| at(format!("no food {food:?}")))?;
                unknown.fiber |= used.unknown.fiber;
                unknown.sugar |= used.unknown.sugar;
                unknown.sodium |= used.unknown.sodium;
                values.push((used.nutrients, grams));
                micro.push((used.micronutrients, grams));
                ingredients.push(DishIngredient {
                    food: food.to_owned(),
                    name_en: used.name_en.clone(),
                    name_zh: used.name_zh.clone(),
                    grams,
                });
            }
            if ingredients.is_empty() {
                return Err(at("a dish needs ingredients".into()));
            }
            let raw: f64 = values.iter().map(|(_, g)| g).sum();
            let servings = Portion::parse_list(f[6]).map_err(at)?;
            if servings.is_empty() {
                return Err(at("a dish needs a serving".into()));
            }
            Ok(Dish {
                key: required(0, "key")?,
                name_zh: required(1, "name_zh")?,
                name_en: required(2, "name_en")?,
                pinyin: required(3, "pinyin")?,
                aliases: f[4].split('|').filter_map(optional).collect(),
                category: required(5, "category")?,
                servings,
                cooking_yield,
                compare_fdc_id: match f[9].trim() {
                    "" => None,
                    id => Some(
                        id.trim_start_matches("fdc:")
                            .parse()
                            .map_err(|_| at(format!("bad compare {id:?}")))?,
                    ),
                },
                nutrients: cooked_values(&values, raw * cooking_yield),
                micronutrients: Micronutrients::cooked(&micro, raw * cooking_yield),
                unknown,
                ingredients,
            })
        })
        .collect()
}

/// Every dish of the library, or what is wrong with it.
pub fn dishes(
    catalogue: &[catalogue::CatalogueEntry],
    usda: &[UsdaFood],
) -> Result<Vec<Dish>, String> {
    let mut all = Vec::new();
    for (i, part) in DISHES.iter().enumerate() {
        all.extend(
            parse_dishes(part, catalogue, usda)
                .map_err(|e| format!("dishes/part-{}.tsv {e}", i + 1))?,
        );
    }
    Ok(all)
}

/// Which `shipped_foods` this build makes: a hash of the data and code they come from
/// (models/build.rs). A database that holds it holds these foods already.
pub const SHIPPED_FOODS_FINGERPRINT: &str = env!("SHIPPED_FOODS_FINGERPRINT");

/// Every food the product ships, as foods to store: the catalogue, USDA's foods, then
/// the dishes (the catalogue read once for itself and for the dishes' ingredients).
pub fn shipped_foods() -> Vec<NewFood> {
    let catalogue =
        catalogue::entries().expect("the built-in catalogue parses (checked by its tests)");
    let usda = usda_foods().expect("the shipped USDA foods parse (checked by their tests)");
    let dishes = dishes(&catalogue, &usda).expect("the dish library parses (checked by its tests)");
    catalogue
        .iter()
        .map(catalogue::CatalogueEntry::to_food)
        .chain(usda.iter().map(UsdaFood::to_food))
        .chain(dishes.iter().map(Dish::to_food))
        .collect()
}
