//! The words of amounts and meal times (`models/data/amount_words.json`): mass and volume
//! units with their spellings, the other units' one names, the Chinese measure words and
//! the hour bands of the meal types. The web app reads the same file, so an amount typed
//! in the basket and the same amount read here mean the same grams, and a meal time the
//! same meal type.

use std::collections::HashMap;
use std::sync::LazyLock;

use serde::Deserialize;

use crate::meal::MealType;

#[derive(Debug, Deserialize)]
struct AmountWords {
    meal_type_hours: Vec<MealHours>,
    mass: Vec<MeasuredUnit>,
    volume: Vec<MeasuredUnit>,
    synonyms: HashMap<String, String>,
    measures_zh: Vec<String>,
}

/// The hours `from` to before `until` of one meal type.
#[derive(Debug, Deserialize)]
struct MealHours {
    meal_type: MealType,
    from: u32,
    until: u32,
}

/// A mass unit (its grams) or a volume unit (its millilitres), by its spellings.
#[derive(Debug, Deserialize)]
struct MeasuredUnit {
    #[serde(alias = "grams", alias = "ml")]
    each: f64,
    names: Vec<String>,
}

fn each_of(units: &[MeasuredUnit], unit: &str) -> Option<f64> {
    units
        .iter()
        .find(|u| u.names.iter().any(|name| name == unit))
        .map(|u| u.each)
}

static WORDS: LazyLock<AmountWords> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../data/amount_words.json"))
        .expect("models/data/amount_words.json is the shape AmountWords reads")
});

/// SPEC §4: the meal type of a meal eaten at `hour` (0–23); snack outside the bands.
pub(crate) fn meal_type_at_hour(hour: u32) -> MealType {
    WORDS
        .meal_type_hours
        .iter()
        .find(|band| (band.from..band.until).contains(&hour))
        .map_or(MealType::Snack, |band| band.meal_type)
}

/// Grams in one of a mass unit, by any of its spellings.
pub(crate) fn grams_per_mass_unit(unit: &str) -> Option<f64> {
    each_of(&WORDS.mass, unit)
}

/// Millilitres in one of a volume unit, by any of its spellings.
pub(crate) fn ml_per_volume_unit(unit: &str) -> Option<f64> {
    each_of(&WORDS.volume, unit)
}

/// The one name of a unit that goes by several ("碗" and "bowl" are "bowl").
pub(crate) fn unit_synonym(unit: &str) -> Option<&'static str> {
    WORDS.synonyms.get(unit).map(String::as_str)
}

/// Chinese measure words an amount ends with ("一碗", "两个"), longest first.
pub(crate) fn measures_zh() -> impl Iterator<Item = &'static str> {
    WORDS.measures_zh.iter().map(String::as_str)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_meal_type_bands_cover_the_day_as_spec_4_says() {
        let types: Vec<MealType> = (0..24).map(meal_type_at_hour).collect();
        assert_eq!(types[4], MealType::Snack);
        assert_eq!(types[5], MealType::Breakfast);
        assert_eq!(types[10], MealType::Breakfast);
        assert_eq!(types[11], MealType::Lunch);
        assert_eq!(types[15], MealType::Lunch);
        assert_eq!(types[16], MealType::Dinner);
        assert_eq!(types[21], MealType::Dinner);
        assert_eq!(types[22], MealType::Snack);
    }

    #[test]
    fn a_longer_measure_word_comes_before_one_it_ends_with() {
        let measures: Vec<&str> = measures_zh().collect();
        for (i, short) in measures.iter().enumerate() {
            for long in &measures[i + 1..] {
                assert!(
                    !long.ends_with(short) && !long.starts_with(short),
                    "{long} must come before {short}, or {short} is read first"
                );
            }
        }
        assert_eq!(grams_per_mass_unit("斤"), Some(500.0));
        assert_eq!(ml_per_volume_unit("fluid ounce"), Some(29.57));
        assert_eq!(unit_synonym("碗"), Some("bowl"));
    }
}
