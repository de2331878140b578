//! Foods: where they come from, their nutrition per 100 g, their household portions, and
//! the rules that keep nonsense out (SPEC §3 "Food", §5, §9).

use std::fmt;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::micronutrients::Micronutrients;
use crate::user::{Invalid, UserId};

/// Where a food comes from; it decides who may change it (only custom foods change).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum FoodSource {
    /// Our bilingual built-in catalogue.
    Catalogue,
    /// USDA FoodData Central, imported or fetched live.
    Usda,
    /// Open Food Facts, imported or fetched by barcode.
    #[serde(rename = "openfoodfacts")]
    OpenFoodFacts,
    /// A user's own food.
    Custom,
    /// A user's recipe: its values are worked out from its ingredients.
    Recipe,
}

impl FoodSource {
    pub fn as_str(self) -> &'static str {
        match self {
            FoodSource::Catalogue => "catalogue",
            FoodSource::Usda => "usda",
            FoodSource::OpenFoodFacts => "openfoodfacts",
            FoodSource::Custom => "custom",
            FoodSource::Recipe => "recipe",
        }
    }

    pub fn parse(text: &str) -> Result<Self, String> {
        Ok(match text {
            "catalogue" => FoodSource::Catalogue,
            "usda" => FoodSource::Usda,
            "openfoodfacts" => FoodSource::OpenFoodFacts,
            "custom" => FoodSource::Custom,
            "recipe" => FoodSource::Recipe,
            other => return Err(format!("unknown food source {other:?}")),
        })
    }
}

impl FoodSource {
    /// Custom foods and recipes belong to one user, who alone sees them.
    pub fn is_private(self) -> bool {
        matches!(self, FoodSource::Custom | FoodSource::Recipe)
    }
}

impl fmt::Display for FoodSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Nutrition per 100 g (sodium in mg, the rest in g, energy in kcal).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Nutrients {
    pub calories: f64,
    pub protein: f64,
    pub fat: f64,
    pub carbs: f64,
    pub fiber: f64,
    pub sugar: f64,
    pub sodium: f64,
}

/// SPEC §9: sanity bounds per 100 g.
pub const MAX_CALORIES: f64 = 900.0;
pub const MAX_MACRO_GRAMS: f64 = 100.0;
pub const MAX_MACRO_SUM: f64 = 120.0;
/// Table salt is about 39 g of sodium per 100 g; nothing edible has more.
pub const MAX_SODIUM_MG: f64 = 40_000.0;

impl Nutrients {
    /// SPEC §9: what an unknown food is assumed to hold.
    pub const UNKNOWN_FOOD: Nutrients = Nutrients {
        calories: 100.0,
        protein: 10.0,
        fat: 5.0,
        carbs: 20.0,
        fiber: 2.0,
        sugar: 5.0,
        sodium: 100.0,
    };

    /// SPEC §5 sanity checks, with the spec's issue texts. Empty when plausible.
    pub fn issues(&self) -> Vec<&'static str> {
        let mut issues = Vec::new();
        if !(self.calories > 0.0 && self.calories <= MAX_CALORIES) {
            issues.push("Unusual calorie content");
        }
        let in_range = |g: f64| (0.0..=MAX_MACRO_GRAMS).contains(&g);
        if !in_range(self.protein) {
            issues.push("Unusual protein content");
        }
        if !in_range(self.fat) {
            issues.push("Unusual fat content");
        }
        if !in_range(self.carbs) {
            issues.push("Unusual carbohydrate content");
        }
        if self.protein + self.fat + self.carbs > MAX_MACRO_SUM {
            issues.push("Total macronutrients exceed expected range");
        }
        issues
    }

    /// Values for `grams` of the food, rounded as shown (SPEC §9: macros 1 decimal).
    pub fn for_grams(&self, grams: f64) -> Nutrients {
        self.map(|v| v * grams / 100.0).rounded()
    }

    /// Values for `grams` of the food, not rounded (for sums that are rounded once).
    pub fn for_grams_exact(&self, grams: f64) -> Nutrients {
        self.map(|v| v * grams / 100.0)
    }

    pub fn plus(&self, other: &Nutrients) -> Nutrients {
        Nutrients {
            calories: self.calories + other.calories,
            protein: self.protein + other.protein,
            fat: self.fat + other.fat,
            carbs: self.carbs + other.carbs,
            fiber: self.fiber + other.fiber,
            sugar: self.sugar + other.sugar,
            sodium: self.sodium + other.sodium,
        }
    }

    /// Every value to 1 decimal.
    pub fn rounded(&self) -> Nutrients {
        self.map(round1)
    }

    fn map(&self, f: impl Fn(f64) -> f64) -> Nutrients {
        Nutrients {
            calories: f(self.calories),
            protein: f(self.protein),
            fat: f(self.fat),
            carbs: f(self.carbs),
            fiber: f(self.fiber),
            sugar: f(self.sugar),
            sodium: f(self.sodium),
        }
    }
}

/// The nutrients a source does not give. Energy and the three macros every source has;
/// fibre, sugar and sodium some do not (USDA's survey foods here, many labels), and then
/// they are unknown, shown as such, never as 0. Their stored value is 0 and is not shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct UnknownNutrients {
    pub fiber: bool,
    pub sugar: bool,
    pub sodium: bool,
}

impl UnknownNutrients {
    pub const ALL: UnknownNutrients = UnknownNutrients {
        fiber: true,
        sugar: true,
        sodium: true,
    };

    pub fn any(self) -> bool {
        self.fiber || self.sugar || self.sodium
    }

    /// As stored: the unknown nutrients' names, space-separated; `None` when all known.
    pub fn to_column(self) -> Option<String> {
        let names: Vec<&str> = [
            (self.fiber, "fiber"),
            (self.sugar, "sugar"),
            (self.sodium, "sodium"),
        ]
        .into_iter()
        .filter_map(|(unknown, name)| unknown.then_some(name))
        .collect();
        (!names.is_empty()).then(|| names.join(" "))
    }

    pub fn from_column(column: Option<&str>) -> UnknownNutrients {
        let names: Vec<&str> = column.unwrap_or("").split_whitespace().collect();
        UnknownNutrients {
            fiber: names.contains(&"fiber"),
            sugar: names.contains(&"sugar"),
            sodium: names.contains(&"sodium"),
        }
    }

    /// A value as shown: `None` when unknown.
    pub fn shown(unknown: bool, value: f64) -> Option<f64> {
        (!unknown).then_some(value)
    }
}

pub fn round1(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

/// A household measure of a food: "1 medium" banana = 118 g, "1 碗" rice = 150 g.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Portion {
    pub grams: f64,
    pub name: String,
    #[serde(default)]
    pub name_zh: Option<String>,
    /// Taken from a like food ("Bread, whole wheat, toasted" has the slice of "Bread,
    /// whole wheat"), not weighed for this one: the app shows it as about so much.
    #[serde(default)]
    pub approximate: bool,
}

impl Portion {
    /// Household measures as the data files write them: `grams|English|中文` joined by `;`,
    /// with `|~` after one taken from a like food.
    pub(crate) fn parse_list(text: &str) -> Result<Vec<Portion>, String> {
        text.split(';')
            .filter(|p| !p.trim().is_empty())
            .map(|p| match p.split('|').collect::<Vec<_>>().as_slice() {
                [grams, en, zh, rest @ ..] if rest.is_empty() || rest == ["~"] => Ok(Portion {
                    grams: grams
                        .trim()
                        .parse::<f64>()
                        .ok()
                        .filter(|g| g.is_finite() && *g > 0.0)
                        .ok_or_else(|| format!("bad portion grams in {p:?}"))?,
                    name: en.trim().to_owned(),
                    name_zh: Some(zh.trim().to_owned()).filter(|t| !t.is_empty()),
                    approximate: rest == ["~"],
                }),
                _ => Err(format!("bad portion {p:?}")),
            })
            .collect()
    }
}

/// A food to be stored.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct NewFood {
    pub source: Option<FoodSource>,
    /// Identifies the food within its source (catalogue key, `fdc:<id>`, `off:<code>`),
    /// so imports and seeding update instead of duplicating.
    pub source_key: Option<String>,
    pub owner: Option<UserId>,
    pub name: String,
    pub name_zh: Option<String>,
    pub pinyin: Option<String>,
    pub brand: Option<String>,
    pub barcode: Option<String>,
    pub image_url: Option<String>,
    pub nutrition_grade: Option<String>,
    pub category: Option<String>,
    pub nutrients: Nutrients,
    pub portions: Vec<Portion>,
    pub fdc_id: Option<i64>,
    pub description: Option<String>,
    pub ingredients: Option<String>,
    pub data_quality: String,
    pub copied_from: Option<i64>,
    /// A recipe's number of servings.
    pub servings: Option<f64>,
    /// What its source does not give.
    pub unknown: UnknownNutrients,
    /// Vitamins, minerals and fats per 100 g, each known or not.
    pub micronutrients: Micronutrients,
    /// Other names people type for it (西红柿炒鸡蛋 for 番茄炒蛋), searched as its names are.
    pub aliases: Vec<String>,
}

/// The categories (catalogue and USDA alike) whose foods are drinks.
pub const DRINK_CATEGORIES: [&str; 2] = ["beverages", "alcohol"];

impl NewFood {
    pub fn source(&self) -> FoodSource {
        self.source.unwrap_or(FoodSource::Custom)
    }

    /// A drink: a volume of it with no portion that gives its density is counted as water.
    pub fn is_drink(&self) -> bool {
        self.category
            .as_deref()
            .is_some_and(|c| DRINK_CATEGORIES.contains(&c))
    }
}

/// A stored food.
#[derive(Debug, Clone, PartialEq)]
pub struct Food {
    pub id: i64,
    pub food: NewFood,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Food {
    pub fn source(&self) -> FoodSource {
        self.food.source()
    }

    /// Whether it is a user's own custom food (source `custom`): private to its owner,
    /// who may edit it. Recipes are private too but are not custom foods.
    pub fn is_custom(&self) -> bool {
        self.source() == FoodSource::Custom
    }

    pub fn is_recipe(&self) -> bool {
        self.source() == FoodSource::Recipe
    }

    pub fn owned_by(&self, user: Option<UserId>) -> bool {
        self.source().is_private() && self.food.owner.is_some() && self.food.owner == user
    }

    /// Whether `user` may see it: shared foods everyone, custom foods and recipes their
    /// owner.
    pub fn visible_to(&self, user: Option<UserId>) -> bool {
        !self.source().is_private() || self.owned_by(user)
    }
}

/// What the search index needs of a food, and whether it is still there.
#[derive(Debug, Clone, PartialEq)]
pub struct FoodSearchRow {
    pub id: i64,
    pub source: FoodSource,
    pub owner: Option<UserId>,
    pub name: String,
    pub name_zh: Option<String>,
    pub pinyin: Option<String>,
    pub brand: Option<String>,
    pub barcode: Option<String>,
    pub aliases: Vec<String>,
    pub deleted: bool,
    /// When it last changed, in ms since the epoch (the index catches up from here).
    pub changed_ms: i64,
}

/// A custom food as a person types it (SPEC §3 "Custom food form", §5).
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct CustomFoodInput {
    pub name: Option<String>,
    pub calories: Option<f64>,
    pub protein: Option<f64>,
    pub fat: Option<f64>,
    pub carbs: Option<f64>,
    pub fiber: Option<f64>,
    pub sugar: Option<f64>,
    pub sodium: Option<f64>,
    pub brand: Option<String>,
    pub portions: Option<Vec<Portion>>,
    pub copied_from: Option<i64>,
    /// The barcode of a product no database knows, so it is found by it next time.
    pub barcode: Option<String>,
    /// Any vitamins, minerals and fats per 100 g the label gives; the rest are unknown.
    pub micronutrients: Option<Micronutrients>,
}

pub const MAX_FOOD_NAME_CHARS: usize = 200;
const MAX_PORTIONS: usize = 20;

impl CustomFoodInput {
    /// Checks the form: name and calories required; protein, fat and carbs default to 0,
    /// fibre, sugar and sodium left out are unknown;
    /// negative or absurd values are refused with a message saying which and why.
    pub fn parse(self, owner: UserId) -> Result<NewFood, Invalid> {
        let name = self.name.as_deref().map(str::trim).unwrap_or_default();
        if name.is_empty() {
            return Err(Invalid("Please enter the food name".into()));
        }
        if name.chars().count() > MAX_FOOD_NAME_CHARS {
            return Err(Invalid(format!(
                "The food name can be at most {MAX_FOOD_NAME_CHARS} characters"
            )));
        }
        let calories = self
            .calories
            .ok_or_else(|| Invalid("Please enter the calories per 100 g".into()))?;
        let check =
            |label: &str, value: Option<f64>, max: f64, unit: &str| -> Result<f64, Invalid> {
                let v = value.unwrap_or(0.0);
                if !v.is_finite() || !(0.0..=max).contains(&v) {
                    return Err(Invalid(format!(
                        "{label} must be between 0 and {max} {unit} per 100 g"
                    )));
                }
                Ok(v)
            };
        let nutrients = Nutrients {
            calories: check("Calories", Some(calories), MAX_CALORIES, "kcal")?,
            protein: check("Protein", self.protein, MAX_MACRO_GRAMS, "g")?,
            fat: check("Fat", self.fat, MAX_MACRO_GRAMS, "g")?,
            carbs: check("Carbohydrates", self.carbs, MAX_MACRO_GRAMS, "g")?,
            fiber: check("Fiber", self.fiber, MAX_MACRO_GRAMS, "g")?,
            sugar: check("Sugar", self.sugar, MAX_MACRO_GRAMS, "g")?,
            sodium: check("Sodium", self.sodium, MAX_SODIUM_MG, "mg")?,
        };
        if nutrients.protein + nutrients.fat + nutrients.carbs > MAX_MACRO_SUM {
            return Err(Invalid(format!(
                "Protein, fat and carbohydrates together cannot exceed {MAX_MACRO_SUM} g per 100 g"
            )));
        }
        if nutrients.sugar > nutrients.carbs && nutrients.carbs > 0.0 {
            return Err(Invalid("Sugar cannot exceed carbohydrates".into()));
        }
        let portions = self.portions.unwrap_or_default();
        if portions.len() > MAX_PORTIONS {
            return Err(Invalid(format!(
                "A food can have at most {MAX_PORTIONS} portions"
            )));
        }
        let mut clean = Vec::with_capacity(portions.len());
        for p in portions {
            let label = p.name.trim();
            if label.is_empty() || label.chars().count() > 60 {
                return Err(Invalid(
                    "Each portion needs a name of at most 60 characters".into(),
                ));
            }
            if !p.grams.is_finite() || p.grams <= 0.0 || p.grams > 5000.0 {
                return Err(Invalid(
                    "A portion must weigh more than 0 and at most 5000 g".into(),
                ));
            }
            clean.push(Portion {
                grams: round1(p.grams),
                name: label.to_owned(),
                name_zh: p.name_zh,
                approximate: false,
            });
        }
        let brand = self
            .brand
            .map(|b| b.trim().to_owned())
            .filter(|b| !b.is_empty());
        let barcode = match self.barcode.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(code) => Some(crate::Barcode::parse(code)?.as_str().to_owned()),
        };
        Ok(NewFood {
            source: Some(FoodSource::Custom),
            owner: Some(owner),
            name: name.to_owned(),
            brand,
            barcode,
            nutrients,
            // Left empty, fibre, sugar and sodium are unknown (shown as such), not 0.
            unknown: UnknownNutrients {
                fiber: self.fiber.is_none(),
                sugar: self.sugar.is_none(),
                sodium: self.sodium.is_none(),
            },
            micronutrients: self
                .micronutrients
                .unwrap_or(Micronutrients::UNKNOWN)
                .checked()
                .map_err(Invalid)?,
            portions: clean,
            data_quality: "unknown".into(),
            copied_from: self.copied_from,
            ..NewFood::default()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(name: &str, calories: Option<f64>) -> CustomFoodInput {
        CustomFoodInput {
            name: Some(name.into()),
            calories,
            ..Default::default()
        }
    }

    #[test]
    fn custom_food_needs_a_name_and_calories() {
        let owner = UserId::from_i64(1);
        assert!(
            form("  ", Some(10.0))
                .parse(owner)
                .unwrap_err()
                .0
                .contains("name")
        );
        assert!(
            form("Oat cookie", None)
                .parse(owner)
                .unwrap_err()
                .0
                .contains("calories")
        );
        let food = form(" Oat cookie ", Some(420.0)).parse(owner).unwrap();
        assert_eq!(food.name, "Oat cookie");
        assert_eq!(food.nutrients.protein, 0.0, "optional values default to 0");
        assert_eq!(food.source(), FoodSource::Custom);
    }

    #[test]
    fn absurd_values_are_refused() {
        let owner = UserId::from_i64(1);
        let mut f = form("x", Some(-1.0));
        assert!(
            f.clone()
                .parse(owner)
                .unwrap_err()
                .0
                .starts_with("Calories")
        );
        f.calories = Some(950.0);
        assert!(f.clone().parse(owner).is_err());
        f.calories = Some(500.0);
        f.protein = Some(60.0);
        f.fat = Some(70.0);
        assert!(f.clone().parse(owner).unwrap_err().0.contains("together"));
        f.fat = Some(f64::NAN);
        assert!(f.parse(owner).unwrap_err().0.starts_with("Fat"));
    }

    #[test]
    fn sanity_issues_use_the_spec_texts() {
        let ok = Nutrients {
            calories: 89.0,
            protein: 1.1,
            fat: 0.3,
            carbs: 22.8,
            ..Default::default()
        };
        assert!(ok.issues().is_empty());
        let bad = Nutrients {
            calories: 0.0,
            protein: 101.0,
            fat: 30.0,
            carbs: 0.0,
            ..Default::default()
        };
        assert_eq!(
            bad.issues(),
            [
                "Unusual calorie content",
                "Unusual protein content",
                "Total macronutrients exceed expected range"
            ]
        );
    }

    #[test]
    fn values_for_a_quantity() {
        let banana = Nutrients {
            calories: 89.0,
            protein: 1.09,
            fat: 0.33,
            carbs: 22.84,
            ..Default::default()
        };
        let got = banana.for_grams(150.0);
        assert_eq!(
            (got.calories, got.protein, got.fat, got.carbs),
            (133.5, 1.6, 0.5, 34.3)
        );
    }
}
