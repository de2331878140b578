//! The words a meal is said in: what separates and joins dishes, what is said around a
//! food that is not the food, the units an amount may name, and the household measures
//! and sizes that give an amount its grams where a food has none of its own.

use crate::meal::MealType;

/// Punctuation that always ends a dish ("." only where it is not a decimal point).
pub(super) const SEPARATORS: [char; 14] = [
    ',', '，', '、', ';', '；', '。', '!', '！', '?', '？', '\n', '+', '&', '|',
];
/// Words that join two dishes, longest first, unless the whole is one food's name
/// ("fish and chips", "和牛").
pub const CONJUNCTIONS_ZH: &[&str] = &[
    "还有", "以及", "加上", "外加", "再加", "另外", "然后", "和", "跟", "加", "配",
];
// "on": "peanut butter on toast" is two foods, unless the whole is one food's name.
pub const CONJUNCTIONS_EN: &[&str] = &["and", "with", "plus", "also", "then", "on"];
/// The conjunctions that add something to the dish before them rather than name another.
pub(super) const ADDING: &[&str] = &["with", "加"];
/// What is added to a drink when no amount is said ("coffee with milk"): a splash of a
/// drink or of milk or cream (30 ml), a teaspoon of anything else (sugar, honey).
pub const SPLASH_GRAMS: f64 = 30.0;
pub const TEASPOON_GRAMS: f64 = 5.0;

/// The form of a food a container says it comes in: "a can of tuna" is canned tuna.
pub fn form_of_container(unit: &str) -> Option<&'static str> {
    match unit {
        "can" | "tin" | "罐" | "听" => Some("canned"),
        _ => None,
    }
}

/// How much bigger a large one is than the food's one item portion (a medium one), and
/// a small one smaller, where the food has no portion of that size: about the middle of
/// USDA's fruit, vegetable and egg sizes (a large banana is 1.15 times a medium one, a
/// large potato 1.7 times).
pub(super) const SIZES: &[(&str, f64)] = &[
    ("large", 1.3),
    ("big", 1.3),
    ("small", 0.75),
    ("大", 1.3),
    ("小", 0.75),
];
/// What is said before the food that is not the food: when, and that one ate it.
/// (A conjunction at the start of a part is a leftover of the split: "plus a coffee".)
pub(super) const CONTEXT_ZH: &[&str] = &[
    "我",
    "今天",
    "今早",
    "今晚",
    "早上",
    "上午",
    "中午",
    "下午",
    "晚上",
    "夜里",
    "刚才",
    "刚刚",
    "早饭",
    "早餐",
    "午饭",
    "午餐",
    "晚饭",
    "晚餐",
    "夜宵",
    "宵夜",
    "加餐",
    "零食",
    "一共",
    "总共",
    "吃的是",
    "喝的是",
    "吃了",
    "喝了",
    "吃的",
    "吃",
    "喝",
    "了",
    "还有",
    "以及",
    "加上",
    "外加",
    "再加",
    "另外",
    "然后",
    "和",
    "跟",
    "再来",
    "还",
];
pub(super) const CONTEXT_ZH_AFTER: &[&str] = &["吃了", "喝了", "了", "而已"];
pub(super) const CONTEXT_EN: &[&str] = &[
    "for breakfast",
    "for lunch",
    "for dinner",
    "for supper",
    "for a snack",
    "for snack",
    "for dessert",
    "for brunch",
    "breakfast was",
    "lunch was",
    "dinner was",
    "breakfast",
    "lunch",
    "dinner",
    "supper",
    "brunch",
    "snack",
    "dessert",
    "today",
    "tonight",
    "this morning",
    "this evening",
    "i've had",
    "i have had",
    "i had",
    "i ate",
    "i drank",
    "we had",
    "had",
    "ate",
    "drank",
    "just",
    "some",
    "then",
    "also",
    "and",
    "plus",
    "with",
    "a bit of",
    "was",
];
/// English units an amount may name, singular (a plural "s" is dropped to compare).
pub(super) const UNITS_EN: &[&str] = &[
    "small bowl",
    "large bowl",
    "big bowl",
    "fl oz",
    "slice",
    "piece",
    "cup",
    "bowl",
    "plate",
    "glass",
    "can",
    "bottle",
    "mug",
    "tbsp",
    "tsp",
    "tablespoon",
    "teaspoon",
    "g",
    "gram",
    "kg",
    "kilo",
    "oz",
    "ounce",
    "lb",
    "pound",
    "ml",
    "l",
    "litre",
    "liter",
    "serving",
    "portion",
    "handful",
    "scoop",
    "bar",
    "carton",
    "pack",
    "packet",
    "bag",
    "box",
    "stick",
    "spoonful",
    "medium",
    "large",
    "small",
    "big",
];
/// Grams of one of a unit a food has no portion for: a typical household measure.
pub(super) const HOUSEHOLD_GRAMS: &[(&str, f64)] = &[
    ("碗", 250.0),
    ("bowl", 250.0),
    ("小碗", 150.0),
    ("small bowl", 150.0),
    ("大碗", 400.0),
    ("large bowl", 400.0),
    ("big bowl", 400.0),
    ("盘", 300.0),
    ("plate", 300.0),
    ("碟", 150.0),
    ("杯", 240.0),
    ("cup", 240.0),
    ("glass", 250.0),
    ("mug", 300.0),
    // A handful of nuts is about an ounce.
    ("把", 30.0),
    ("handful", 30.0),
];

/// Words that say which meal it was, in the words a text starts with.
pub(super) const MEAL_WORDS_ZH: &[(&str, MealType)] = &[
    ("早饭", MealType::Breakfast),
    ("早餐", MealType::Breakfast),
    ("早上", MealType::Breakfast),
    ("今早", MealType::Breakfast),
    ("午饭", MealType::Lunch),
    ("午餐", MealType::Lunch),
    ("中午", MealType::Lunch),
    ("晚饭", MealType::Dinner),
    ("晚餐", MealType::Dinner),
    ("晚上", MealType::Dinner),
    ("今晚", MealType::Dinner),
    ("夜宵", MealType::Snack),
    ("宵夜", MealType::Snack),
    ("加餐", MealType::Snack),
    ("零食", MealType::Snack),
];
pub(super) const MEAL_WORDS_EN: &[(&str, MealType)] = &[
    ("breakfast", MealType::Breakfast),
    ("brunch", MealType::Breakfast),
    ("lunch", MealType::Lunch),
    ("dinner", MealType::Dinner),
    ("supper", MealType::Dinner),
    ("tonight", MealType::Dinner),
    ("snack", MealType::Snack),
    ("dessert", MealType::Snack),
];
