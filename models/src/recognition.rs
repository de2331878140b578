//! What a photo of a plate says about the foods on it: the COCO classes that are foods
//! (and the catalogue foods they stand for), the reference objects that give scale,
//! portion estimates from box sizes, and the nutrition check of SPEC §5.

use serde::{Deserialize, Serialize};

use crate::food::Nutrients;

/// A box in the pixels of the (oriented) image: left, top, width, height.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
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
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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
    pub portion: &'static str,
    pub portion_zh: &'static str,
    pub cooking_method: &'static str,
    /// The box area of one typical item relative to a dinner bowl's box; how portions are
    /// scaled when a bowl, plate, cup or table is in the picture.
    pub area_vs_bowl: f32,
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
        portion: "1 medium banana",
        portion_zh: "1 根中等大小的香蕉",
        cooking_method: "raw",
        area_vs_bowl: 0.55,
    },
    FoodClass {
        label: "apple",
        catalogue_key: "apple",
        name: "Apple",
        name_zh: "苹果",
        typical_grams: 182.0,
        portion: "1 medium apple",
        portion_zh: "1 个中等大小的苹果",
        cooking_method: "raw",
        area_vs_bowl: 0.45,
    },
    FoodClass {
        label: "orange",
        catalogue_key: "orange",
        name: "Orange",
        name_zh: "橙子",
        typical_grams: 131.0,
        portion: "1 medium orange",
        portion_zh: "1 个中等大小的橙子",
        cooking_method: "raw",
        area_vs_bowl: 0.42,
    },
    FoodClass {
        label: "sandwich",
        catalogue_key: "sub-turkey",
        name: "Sandwich",
        name_zh: "三明治",
        typical_grams: 150.0,
        portion: "1 sandwich",
        portion_zh: "1 个三明治",
        cooking_method: "assembled",
        area_vs_bowl: 1.0,
    },
    FoodClass {
        label: "broccoli",
        catalogue_key: "broccoli-boiled",
        name: "Broccoli",
        name_zh: "西兰花",
        typical_grams: 90.0,
        portion: "1 serving of florets",
        portion_zh: "1 份西兰花",
        cooking_method: "boiled",
        area_vs_bowl: 0.5,
    },
    FoodClass {
        label: "carrot",
        catalogue_key: "carrot",
        name: "Carrot",
        name_zh: "胡萝卜",
        typical_grams: 61.0,
        portion: "1 medium carrot",
        portion_zh: "1 根中等大小的胡萝卜",
        cooking_method: "raw",
        area_vs_bowl: 0.25,
    },
    FoodClass {
        label: "hot dog",
        catalogue_key: "hot-dog",
        name: "Hot dog",
        name_zh: "热狗",
        typical_grams: 98.0,
        portion: "1 hot dog in a bun",
        portion_zh: "1 个热狗",
        cooking_method: "grilled",
        area_vs_bowl: 0.6,
    },
    FoodClass {
        label: "pizza",
        catalogue_key: "pizza-cheese",
        name: "Pizza",
        name_zh: "披萨",
        typical_grams: 107.0,
        portion: "1 slice",
        portion_zh: "1 块披萨",
        cooking_method: "baked",
        area_vs_bowl: 0.7,
    },
    FoodClass {
        label: "donut",
        catalogue_key: "donut-glazed",
        name: "Donut",
        name_zh: "甜甜圈",
        typical_grams: 60.0,
        portion: "1 donut",
        portion_zh: "1 个甜甜圈",
        cooking_method: "fried",
        area_vs_bowl: 0.35,
    },
    FoodClass {
        label: "cake",
        catalogue_key: "cake-sponge",
        name: "Cake",
        name_zh: "蛋糕",
        typical_grams: 80.0,
        portion: "1 slice",
        portion_zh: "1 块蛋糕",
        cooking_method: "baked",
        area_vs_bowl: 0.5,
    },
];

pub fn food_class(label: &str) -> Option<&'static FoodClass> {
    FOOD_CLASSES.iter().find(|c| c.label == label)
}

/// Things of known size on a table that give a photo its scale, with the size of their
/// box relative to a dinner bowl's.
pub const REFERENCE_OBJECTS: &[(&str, f32)] = &[
    ("bowl", 1.0),
    ("cup", 0.45),
    ("wine glass", 0.4),
    ("fork", 0.3),
    ("knife", 0.3),
    ("spoon", 0.25),
    ("dining table", 12.0),
];

fn reference_size(label: &str) -> Option<f32> {
    REFERENCE_OBJECTS
        .iter()
        .find(|(l, _)| *l == label)
        .map(|(_, size)| *size)
}

/// SPEC §3 stage 2: a food's estimated portion.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PortionEstimate {
    pub name: String,
    pub name_zh: Option<String>,
    pub estimated_grams: f64,
    pub cooking_method: String,
    pub portion_description: String,
    /// How many items of it were seen.
    pub count: u32,
    /// The catalogue food it stands for (a detected class).
    pub catalogue_key: Option<String>,
    /// The stored food it is (a food named in the notes).
    #[serde(default)]
    pub food_id: Option<i64>,
    /// How the grams were reached: "reference" (scaled by an object of known size),
    /// "typical" (typical portion weights) or "hint" (named in the upload's notes).
    pub basis: String,
}

/// Scales never go beyond these: a photo is an estimate the user corrects.
const MIN_SCALE: f32 = 0.5;
const MAX_SCALE: f32 = 2.5;

/// Portions of the foods among `detections`: one estimate per food class, counting its
/// items; sizes scaled by the box of a reference object when one is in the picture.
pub fn estimate_portions(detections: &[Detection]) -> Vec<PortionEstimate> {
    // The unit of scale: how big a bowl would look, from the most confident reference.
    let bowl_area = detections
        .iter()
        .filter_map(|d| reference_size(&d.label).map(|size| (d, size)))
        .max_by(|a, b| a.0.confidence.total_cmp(&b.0.confidence))
        .map(|(d, size)| d.bbox.area() / size)
        .filter(|area| *area > 0.0);
    let mut estimates: Vec<PortionEstimate> = Vec::new();
    for class in FOOD_CLASSES {
        let items: Vec<&Detection> = detections
            .iter()
            .filter(|d| d.label == class.label)
            .collect();
        if items.is_empty() {
            continue;
        }
        let grams: f32 = items
            .iter()
            .map(|d| match bowl_area {
                Some(bowl) => {
                    let scale =
                        (d.bbox.area() / bowl / class.area_vs_bowl).clamp(MIN_SCALE, MAX_SCALE);
                    class.typical_grams * scale
                }
                None => class.typical_grams,
            })
            .sum();
        let count = items.len() as u32;
        estimates.push(PortionEstimate {
            name: class.name.into(),
            name_zh: Some(class.name_zh.into()),
            estimated_grams: f64::from((grams / 5.0).round() * 5.0).max(5.0),
            cooking_method: class.cooking_method.into(),
            portion_description: if count == 1 {
                class.portion.into()
            } else {
                format!("{count} × {}", class.portion)
            },
            count,
            catalogue_key: Some(class.catalogue_key.into()),
            food_id: None,
            basis: if bowl_area.is_some() {
                "reference"
            } else {
                "typical"
            }
            .into(),
        });
    }
    estimates
}

/// SPEC §9 data quality of nutrition values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DataQuality {
    Usda,
    Default,
    Unavailable,
    Error,
    Unknown,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Confidence {
    High,
    Medium,
    Low,
}

/// SPEC §3 "Nutrition validation result".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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
mod tests {
    use super::*;

    fn found(label: &str, confidence: f32, x: f32, y: f32, w: f32, h: f32) -> Detection {
        Detection {
            label: label.into(),
            confidence,
            bbox: BoundingBox {
                x,
                y,
                width: w,
                height: h,
            },
        }
    }

    #[test]
    fn boxes_overlap() {
        let a = BoundingBox {
            x: 0.0,
            y: 0.0,
            width: 10.0,
            height: 10.0,
        };
        let b = BoundingBox {
            x: 5.0,
            y: 0.0,
            width: 10.0,
            height: 10.0,
        };
        assert!((a.iou(&b) - 50.0 / 150.0).abs() < 1e-6);
        assert_eq!(a.iou(&BoundingBox { x: 20.0, ..a }), 0.0);
    }

    #[test]
    fn typical_portions_without_a_reference() {
        let portions = estimate_portions(&[
            found("banana", 0.9, 0.0, 0.0, 100.0, 40.0),
            found("banana", 0.8, 0.0, 50.0, 100.0, 40.0),
            found("person", 0.9, 0.0, 0.0, 500.0, 500.0),
        ]);
        assert_eq!(portions.len(), 1);
        let banana = &portions[0];
        assert_eq!((banana.count, banana.estimated_grams), (2, 235.0));
        assert_eq!(banana.portion_description, "2 × 1 medium banana");
        assert_eq!(banana.basis, "typical");
        assert_eq!(banana.catalogue_key.as_deref(), Some("banana"));
    }

    #[test]
    fn a_bowl_scales_the_portion() {
        // A pizza whose box is as big as the bowl's: 1 / 0.7 typical slices.
        let portions = estimate_portions(&[
            found("bowl", 0.9, 0.0, 0.0, 100.0, 100.0),
            found("pizza", 0.9, 200.0, 0.0, 100.0, 100.0),
        ]);
        assert_eq!(portions[0].basis, "reference");
        assert_eq!(portions[0].estimated_grams, 155.0);
        // A huge box is capped at 2.5 portions.
        let big = estimate_portions(&[
            found("bowl", 0.9, 0.0, 0.0, 10.0, 10.0),
            found("pizza", 0.9, 0.0, 0.0, 1000.0, 1000.0),
        ]);
        assert_eq!(big[0].estimated_grams, 270.0);
    }

    #[test]
    fn confidence_follows_the_data() {
        let ok = Nutrients {
            calories: 89.0,
            protein: 1.1,
            fat: 0.3,
            carbs: 22.8,
            ..Default::default()
        };
        let check = check_nutrition(&ok, DataQuality::Usda);
        assert!(check.is_valid);
        assert_eq!(check.confidence, Confidence::High);
        let odd = Nutrients {
            calories: 950.0,
            ..ok
        };
        let check = check_nutrition(&odd, DataQuality::Usda);
        assert_eq!(
            (check.is_valid, check.confidence),
            (false, Confidence::Medium)
        );
        assert_eq!(check.issues, ["Unusual calorie content"]);
        let default = check_nutrition(&Nutrients::UNKNOWN_FOOD, DataQuality::Default);
        assert_eq!(
            (default.is_valid, default.confidence),
            (false, Confidence::Low)
        );
    }

    #[test]
    fn every_food_class_is_a_catalogue_food() {
        let foods = crate::catalogue::foods();
        for class in FOOD_CLASSES {
            assert!(
                foods
                    .iter()
                    .any(|f| f.source_key.as_deref() == Some(class.catalogue_key)),
                "{} is in the catalogue",
                class.catalogue_key
            );
        }
    }

    #[test]
    fn hints_from_notes() {
        assert_eq!(note_hints("rice, egg"), ["rice", "egg"]);
        assert_eq!(note_hints("米饭，鸡蛋、 青菜"), ["米饭", "鸡蛋", "青菜"]);
        assert!(note_hints("  ").is_empty());
    }
}
