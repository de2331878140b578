//! What a row is about: its name matched loosely against the names labels use.

use models::nutrition_label::Nutrient;

/// What a row is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum RowName {
    Nutrient(Nutrient),
    /// A row of the label that is none of ours (saturated fat, calcium…).
    Other,
}

pub(super) const CHINESE_NAMES: &[(&str, Nutrient)] = &[
    ("能量", Nutrient::Calories),
    ("热量", Nutrient::Calories),
    ("蛋白质", Nutrient::Protein),
    ("脂肪", Nutrient::Fat),
    ("碳水化合物", Nutrient::Carbs),
    ("钠", Nutrient::Sodium),
    ("膳食纤维", Nutrient::Fiber),
    ("糖", Nutrient::Sugar),
    ("总糖", Nutrient::Sugar),
];

/// Rows a Chinese label may have that are not ours, some containing our names.
pub(super) const CHINESE_OTHERS: &[&str] = &[
    "饱和",
    "反式",
    "胆固醇",
    "钙",
    "铁",
    "锌",
    "钾",
    "维生素",
    "乳糖",
    "添加糖",
    "项目",
    "营养",
];

pub(super) const ENGLISH_NAMES: &[(&str, Nutrient)] = &[
    ("calories", Nutrient::Calories),
    ("energy", Nutrient::Calories),
    ("totalfat", Nutrient::Fat),
    ("fat", Nutrient::Fat),
    ("protein", Nutrient::Protein),
    ("sodium", Nutrient::Sodium),
    ("totalcarbohydrate", Nutrient::Carbs),
    ("totalcarbohydrates", Nutrient::Carbs),
    ("totalcarbs", Nutrient::Carbs),
    ("totalcarb", Nutrient::Carbs),
    ("carbohydrate", Nutrient::Carbs),
    ("carbohydrates", Nutrient::Carbs),
    ("dietaryfiber", Nutrient::Fiber),
    ("dietaryfibre", Nutrient::Fiber),
    ("fiber", Nutrient::Fiber),
    ("fibre", Nutrient::Fiber),
    ("totalsugars", Nutrient::Sugar),
    ("totalsugar", Nutrient::Sugar),
    ("sugars", Nutrient::Sugar),
];

pub(super) const ENGLISH_OTHERS: &[&str] = &[
    "saturated",
    "trans",
    "cholesterol",
    "added",
    "includes",
    "caloriesfrom",
    "vitamin",
    "calcium",
    "iron",
    "potassium",
    "servings",
    "polyunsaturated",
    "monounsaturated",
];

pub(super) fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut current = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            current.push(
                (previous[j] + cost)
                    .min(previous[j + 1] + 1)
                    .min(current[j] + 1),
            );
        }
        previous = current;
    }
    previous[b.len()]
}

/// The closest of `names` to `text`, allowing a misread character in three.
pub(super) fn closest(text: &str, names: &[(&str, Nutrient)]) -> Option<Nutrient> {
    let text: Vec<char> = text.chars().collect();
    names
        .iter()
        .filter_map(|(name, nutrient)| {
            let name: Vec<char> = name.chars().collect();
            let distance = edit_distance(&text, &name);
            (distance <= name.len() / 3).then_some((distance, *nutrient))
        })
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, nutrient)| nutrient)
}

pub(super) fn is_cjk(c: char) -> bool {
    ('\u{4e00}'..='\u{9fff}').contains(&c)
}

/// What a row's name (the text before its first number) says it is.
pub(super) fn name_of(name: &str) -> Option<RowName> {
    let chinese: String = name.chars().filter(|c| is_cjk(*c)).collect();
    if !chinese.is_empty() {
        if CHINESE_OTHERS.iter().any(|o| chinese.contains(o)) {
            return Some(RowName::Other);
        }
        return closest(&chinese, CHINESE_NAMES).map(RowName::Nutrient);
    }
    let english: String = name
        .chars()
        .filter(char::is_ascii_alphabetic)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    if english.len() < 3 {
        return None;
    }
    if ENGLISH_OTHERS.iter().any(|o| english.starts_with(o)) {
        return Some(RowName::Other);
    }
    closest(&english, ENGLISH_NAMES).map(RowName::Nutrient)
}
