//! What a photo of a plate says about the foods on it: the COCO classes that are foods
//! (and the catalogue foods they stand for), the reference objects that give scale,
//! portion estimates from box sizes, and the nutrition check of SPEC §5.

use serde::{Deserialize, Serialize};

use crate::certainty::Certainty;
use crate::food::Nutrients;

/// A box in the pixels of the (oriented) image: left, top, width, height.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct BoundingBox {
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub height: f32,
}

impl BoundingBox {
    pub fn area(&self) -> f32 {
        self.width.max(0.0) * self.height.max(0.0)
    }

    /// Intersection over union.
    pub fn iou(&self, other: &BoundingBox) -> f32 {
        let left = self.x.max(other.x);
        let top = self.y.max(other.y);
        let right = (self.x + self.width).min(other.x + other.width);
        let bottom = (self.y + self.height).min(other.y + other.height);
        let inter = (right - left).max(0.0) * (bottom - top).max(0.0);
        let union = self.area() + other.area() - inter;
        if union <= 0.0 { 0.0 } else { inter / union }
    }
}

/// One object a detector found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Detection {
    /// The model's label (a COCO class name such as "banana" or "bowl").
    pub label: String,
    pub confidence: f32,
    #[serde(rename = "box")]
    pub bbox: BoundingBox,
}

/// A COCO class that is a food, the catalogue food it stands for and what a typical
/// portion of it is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FoodClass {
    pub label: &'static str,
    /// The built-in catalogue entry (its source key).
    pub catalogue_key: &'static str,
    pub name: &'static str,
    pub name_zh: &'static str,
    /// Grams of one typical item or serving.
    pub typical_grams: f32,
    pub cooking_method: &'static str,
}

/// The foods COCO detectors know (DESIGN: banana, apple, sandwich, orange, broccoli,
/// carrot, hot dog, pizza, donut, cake).
pub const FOOD_CLASSES: &[FoodClass] = &[
    FoodClass {
        label: "banana",
        catalogue_key: "banana",
        name: "Banana",
        name_zh: "香蕉",
        typical_grams: 118.0,
        cooking_method: "raw",
    },
    FoodClass {
        label: "apple",
        catalogue_key: "apple",
        name: "Apple",
        name_zh: "苹果",
        typical_grams: 182.0,
        cooking_method: "raw",
    },
    FoodClass {
        label: "orange",
        catalogue_key: "orange",
        name: "Orange",
        name_zh: "橙子",
        typical_grams: 131.0,
        cooking_method: "raw",
    },
    FoodClass {
        label: "sandwich",
        catalogue_key: "sub-turkey",
        name: "Sandwich",
        name_zh: "三明治",
        typical_grams: 150.0,
        cooking_method: "assembled",
    },
    FoodClass {
        label: "broccoli",
        catalogue_key: "broccoli-boiled",
        name: "Broccoli",
        name_zh: "西兰花",
        typical_grams: 90.0,
        cooking_method: "boiled",
    },
    FoodClass {
        label: "carrot",
        catalogue_key: "carrot",
        name: "Carrot",
        name_zh: "胡萝卜",
        typical_grams: 61.0,
        cooking_method: "raw",
    },
    FoodClass {
        label: "hot dog",
        catalogue_key: "hot-dog",
        name: "Hot dog",
        name_zh: "热狗",
        typical_grams: 98.0,
        cooking_method: "grilled",
    },
    FoodClass {
        label: "pizza",
        catalogue_key: "pizza-cheese",
        name: "Pizza",
        name_zh: "披萨",
        typical_grams: 107.0,
        cooking_method: "baked",
    },
    FoodClass {
        label: "donut",
        catalogue_key: "donut-glazed",
        name: "Donut",
        name_zh: "甜甜圈",
        typical_grams: 60.0,
        cooking_method: "fried",
    },
    FoodClass {
        label: "cake",
        catalogue_key: "cake-sponge",
        name: "Cake",
        name_zh: "蛋糕",
        typical_grams: 80.0,
        cooking_method: "baked",
    },
];

pub fn food_class(label: &str) -> Option<&'static FoodClass> {
    FOOD_CLASSES.iter().find(|c| c.label == label)
}

/// SPEC §3 stage 2: a food's estimated portion.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PortionEstimate {
    pub name: String,
    pub name_zh: Option<String>,
    pub estimated_grams: f64,
    pub cooking_method: String,
    pub portion_description: String,
    #[serde(default)]
    pub portion_description_zh: Option<String>,
    /// How many items of it were seen.
    pub count: u32,
    /// The catalogue food it stands for (a detected class).
    pub catalogue_key: Option<String>,
    /// The stored food it is.
    #[serde(default)]
    pub food_id: Option<i64>,
    /// How the grams were reached: "serving" (the food's own serving, times the items
    /// seen), "typical" (a typical weight), or where a named food came from ("notes").
    pub basis: String,
    /// How sure the recogniser is that this is the food (none for older analyses).
    #[serde(default)]
    pub certainty: Option<Certainty>,
    /// Other foods it may be, best first.
    #[serde(default)]
    #[schema(no_recursion)]
    pub alternatives: Vec<PortionEstimate>,
    /// Whether `count` was counted, assumed, or is the slices of a whole, for a food
    /// served by the item; none for a food served by the bowl or plate.
    #[serde(default)]
    pub count_basis: Option<CountBasis>,
    /// Grams of one item of a food served by the item: the grams follow a corrected count.
    #[serde(default)]
    pub grams_per_item: Option<f64>,
    /// The user's confirmed photos that taught this food, when they named it.
    #[serde(default)]
    pub learned_examples: Option<u32>,
}

impl PortionEstimate {
    /// As another food's alternative, which carries no count: a pizza offered whole is
    /// offered by the slice, one slice, its number asked once it is taken.
    pub fn as_alternative(mut self) -> Self {
        if self.count_basis == Some(CountBasis::Whole) {
            let slice = self
                .grams_per_item
                .unwrap_or(self.estimated_grams / f64::from(self.count.max(1)));
            self.count = 1;
            self.count_basis = Some(CountBasis::Assumed);
            self.estimated_grams = slice;
            self.portion_description = format!("1 slice, about {slice:.0} g");
            self.portion_description_zh = Some(format!("1 块，约 {slice:.0} 克"));
        }
        self
    }
}

/// How many slices a food's serving says a whole one is cut into ("1 slice (1/12 cake)"
/// is a twelfth), where it says.
pub fn slices_named(serving: &str) -> Option<u32> {
    let (_, after) = serving.split_once("1/")?;
    let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok().filter(|n| (2..=MAX_COUNT).contains(n))
}

/// How the number of items of a countable food (pancakes, dumplings, buns, eggs, slices)
/// was reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CountBasis {
    /// The detector's boxes, each fairly sure: "4 counted".
    Counted,
    /// Nobody counted: one item is assumed and the app asks "How many?".
    Assumed,
    /// A round food eaten by the slice (a pizza, a cake) that the photo seems to hold
    /// whole: `count` is the slices of the whole, offered, and the app asks how many
    /// slices were eaten.
    Whole,
}

/// The detector's foods that come round and whole and are eaten by the slice, and how
/// many slices a whole one is cut into (a 14-inch pizza in 8, a round cake in 8).
const SLICED_WHOLE: [(&str, u32); 2] = [("pizza", 8), ("cake", 8)];

/// A box this near square (its short side over its long side) may be a round item, seen
/// from above or slanted up to about 35° from the table (a circle seen at an angle a is
/// sin(a) as tall as wide). A slice's box may be as square; on the photos of the data the
/// detector's box of a lone slice was smaller or less sure (BENCHMARKS), and the app asks
/// the slices either way.
const ROUND_ASPECT: f32 = 0.55;
/// A whole round item photographed to be logged fills at least this share of the photo.
const WHOLE_SHARE: f32 = 0.2;

/// The slices the photo holds of a round food eaten by the slice (the catalogue food a
/// detector class stands for, `food_key`, whichever model named it), when the detector
/// saw one of it and its box looks like the whole item: nearly square and filling a good
/// part of the photo. A guess from the box's shape, so the app still asks.
pub fn slices_seen_whole(
    food_key: &str,
    detections: &[Detection],
    width: u32,
    height: u32,
) -> Option<u32> {
    let label = FOOD_CLASSES
        .iter()
        .find(|c| c.catalogue_key == food_key)?
        .label;
    let (_, slices) = SLICED_WHOLE.iter().find(|(l, _)| *l == label)?;
    let mut boxes = detections
        .iter()
        .filter(|d| d.label == label && d.confidence >= COUNTED_BOX);
    let (seen, None) = (boxes.next()?, boxes.next()) else {
        return None;
    };
    let b = seen.bbox;
    let (short, long) = (b.width.min(b.height), b.width.max(b.height));
    let photo = width as f32 * height as f32;
    (long > 0.0 && short / long >= ROUND_ASPECT && photo > 0.0 && b.area() / photo >= WHOLE_SHARE)
        .then_some(*slices)
}

/// From this confidence a detector's box counts as an item it counted.
pub const COUNTED_BOX: f32 = 0.5;

/// Measure words and units of a plate, bowl or measure rather than of an item.
const SERVED_BY_MEASURE: [&str; 38] = [
    "bowl",
    "plate",
    "cup",
    "serving",
    "glass",
    "can",
    "carton",
    "bottle",
    "box",
    "pack",
    "packet",
    "bag",
    "tbsp",
    "tsp",
    "tablespoon",
    "teaspoon",
    "oz",
    "ounce",
    "lb",
    "g",
    "kg",
    "ml",
    "l",
    "fl",
    "jin",
    "liang",
    "portion",
    "container",
    "scoop",
    "handful",
    "碗",
    "盘",
    "杯",
    "份",
    "罐",
    "盒",
    "勺",
    "瓶",
];
/// Chinese measure words of single items: 个, 张 (pancakes), 片, 块, 只, 根, 颗, 条, 串 …
const ITEM_MEASURE_WORDS: [char; 12] = [
    '个', '张', '片', '块', '只', '根', '颗', '条', '串', '枚', '粒', '卷',
];

/// Whether a portion is one item that can be counted on a plate ("1 pancake (4 in)",
/// "1 piece", "1 个（中）", "1 slice"), not a measure ("1 bowl", "1 cup", "100 g").
pub fn counts_items(portion: &crate::food::Portion) -> bool {
    fn starts_with_one(name: &str) -> Option<&str> {
        let name = name.trim_start();
        name.strip_prefix('1')
            .or_else(|| name.strip_prefix('一'))
            .map(str::trim_start)
    }
    if let Some(rest) = portion.name_zh.as_deref().and_then(starts_with_one)
        && let Some(first) = rest.chars().next()
    {
        return ITEM_MEASURE_WORDS.contains(&first);
    }
    let Some(rest) = starts_with_one(&portion.name) else {
        return false;
    };
    let lower = rest.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
        .collect();
    // "1 large bowl" is served by the bowl; "1 large" is one large item.
    let singular = |w: &&str| {
        w.strip_suffix('s')
            .filter(|s| s.len() > 1)
            .unwrap_or(w)
            .to_owned()
    };
    !words.is_empty()
        && !words.iter().take(2).any(|w| {
            SERVED_BY_MEASURE.contains(&singular(w).as_str()) || SERVED_BY_MEASURE.contains(w)
        })
}

/// A photo shows at most this many items of one food ("8 dumplings").
pub const MAX_COUNT: u32 = 12;
/// One food on one photo never weighs more than this.
pub const MAX_FOOD_GRAMS: f64 = 1200.0;
/// A photo's foods together beyond these are more than a plate holds: flagged.
pub const PLATE_GRAMS: f64 = 1500.0;
pub const PLATE_KCAL: f64 = 2000.0;

/// Grams and words for `count` items of a food whose serving is `serving` (its first
/// household portion), or `typical_grams` when it has none.
pub fn serving_estimate(
    count: u32,
    serving: Option<&crate::food::Portion>,
    typical_grams: f64,
) -> (f64, String, String) {
    let count = count.clamp(1, MAX_COUNT);
    let unit = serving.filter(|p| p.grams > 0.0);
    let unit_grams = unit.map_or(typical_grams, |p| p.grams);
    let grams = ((unit_grams * f64::from(count)).min(MAX_FOOD_GRAMS) / 5.0).round() * 5.0;
    let grams = grams.max(5.0);
    let (words, words_zh) = match (unit, count) {
        (Some(p), 1) => (
            p.name.clone(),
            p.name_zh.clone().unwrap_or_else(|| p.name.clone()),
        ),
        (Some(p), _) => (
            counted(count, &p.name),
            counted_zh(count, p.name_zh.as_deref().unwrap_or(&p.name)),
        ),
        (None, 1) => {
            return (
                grams,
                format!("about {grams:.0} g"),
                format!("约 {grams:.0} 克"),
            );
        }
        (None, _) => (format!("{count} items"), format!("{count} 个")),
    };
    (
        grams,
        format!("{words}, about {grams:.0} g"),
        format!("{words_zh}，约 {grams:.0} 克"),
    )
}

/// "1 slice" seen 3 times reads "3 slices"; anything less plain reads "3 × 1 cup (240 ml)".
fn counted(count: u32, unit: &str) -> String {
    match unit.strip_prefix("1 ") {
        // "1 medium" is one medium-sized item: "2 medium".
        Some(size @ ("small" | "medium" | "large" | "big" | "regular")) => {
            format!("{count} {size}")
        }
        Some(rest) if !rest.contains(['(', ',']) => {
            let plural = if rest.ends_with('s') || rest.ends_with("ch") || rest.ends_with("sh") {
                format!("{rest}es")
            } else {
                format!("{rest}s")
            };
            format!(
                "{count} {}",
                if rest.ends_with('s') {
                    rest.to_owned()
                } else {
                    plural
                }
            )
        }
        _ => format!("{count} × {unit}"),
    }
}

/// "1 块" or "一块" seen 3 times reads "3 块".
fn counted_zh(count: u32, unit: &str) -> String {
    let rest = unit
        .strip_prefix("1 ")
        .or_else(|| unit.strip_prefix('1'))
        .or_else(|| unit.strip_prefix('一'));
    match rest {
        Some(rest) if !rest.contains(['（', '(']) => format!("{count} {}", rest.trim()),
        _ => format!("{count} × {unit}"),
    }
}

/// Grams and kilocalories of everything on one photo, when they are more than a plate holds.
pub fn plate_warning(total_grams: f64, total_kcal: f64) -> Option<(f64, f64)> {
    (total_grams > PLATE_GRAMS || total_kcal > PLATE_KCAL)
        .then_some((total_grams.round(), total_kcal.round()))
}

/// SPEC §9 data quality of nutrition values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum DataQuality {
    Usda,
    Default,
    Unavailable,
    Error,
    Unknown,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Confidence {
    High,
    Medium,
    Low,
}

/// SPEC §3 "Nutrition validation result".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct NutritionCheck {
    #[serde(rename = "isValid")]
    pub is_valid: bool,
    #[serde(rename = "dataQuality")]
    pub data_quality: DataQuality,
    pub issues: Vec<String>,
    pub confidence: Confidence,
}

/// SPEC §5: high for USDA data with no issues, medium with issues, low for default or
/// unavailable data; valid only for USDA data with no issues.
pub fn check_nutrition(nutrients: &Nutrients, quality: DataQuality) -> NutritionCheck {
    let issues: Vec<String> = nutrients.issues().into_iter().map(String::from).collect();
    let confidence = match quality {
        DataQuality::Usda if issues.is_empty() => Confidence::High,
        DataQuality::Usda => Confidence::Medium,
        _ => Confidence::Low,
    };
    NutritionCheck {
        is_valid: quality == DataQuality::Usda && issues.is_empty(),
        data_quality: quality,
        issues,
        confidence,
    }
}

/// Food names in an upload's notes ("rice, egg" or "米饭，鸡蛋"), each at most 60 chars.
pub fn note_hints(notes: &str) -> Vec<String> {
    let mut hints: Vec<String> = notes
        .split([',', '，', ';', '；', '、', '\n'])
        .map(str::trim)
        .filter(|h| !h.is_empty() && h.chars().count() <= 60)
        .map(str::to_owned)
        .collect();
    hints.dedup();
    hints.truncate(10);
    hints
}

#[cfg(test)]
mod tests;
