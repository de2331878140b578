//! Amounts as people type them: "150", "2 slices", "1.5碗", "半斤", "4 oz", "250 ml". Read
//! against a food's household portions, always ending in grams (what meals and recipes
//! store). A volume is weighed by the food's density, which a portion that names a volume
//! gives ("1 cup" = 244 g, "1 glass (250 ml)"); a drink without one is counted as water.
//!
//! The web app reads amounts the same way as they are typed; both are held to the cases
//! in `models/data/amount_cases.json`.

use std::fmt;

use crate::amount_words;
use crate::food::{Portion, round1};
use crate::meal::Grams;

/// Why an amount cannot be read.
#[derive(Debug, Clone, PartialEq)]
pub enum AmountError {
    Empty,
    /// Not a positive number (or no number where one must be).
    Invalid,
    /// A unit that is neither a weight nor one of the food's portions.
    UnknownUnit {
        unit: String,
        known: Vec<String>,
    },
    /// A volume, for a food that is not a drink and has no portion naming a volume: how
    /// much it weighs per millilitre is not known.
    NoDensity {
        unit: String,
        known: Vec<String>,
    },
    /// More than a meal line or an ingredient may hold.
    TooMuch,
}

impl AmountError {
    pub fn kind(&self) -> &'static str {
        match self {
            AmountError::Empty => "empty",
            AmountError::Invalid => "invalid",
            AmountError::UnknownUnit { .. } => "unknown_unit",
            AmountError::NoDensity { .. } => "no_density",
            AmountError::TooMuch => "too_much",
        }
    }
}

impl fmt::Display for AmountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AmountError::Empty => {
                f.write_str("is empty; enter grams or an amount such as 2 slices")
            }
            AmountError::Invalid => {
                f.write_str("must be a number more than 0, with an optional unit")
            }
            AmountError::UnknownUnit { unit, known } => {
                write!(f, "unknown unit {unit:?}; use g, kg, 斤, 两, oz, lb")?;
                or_one_of(f, known)
            }
            AmountError::NoDensity { unit, known } => {
                write!(
                    f,
                    "{unit:?} is a volume, and how much this food weighs per ml is not known; \
                     use g, kg, 斤, 两, oz, lb"
                )?;
                or_one_of(f, known)
            }
            AmountError::TooMuch => write!(f, "is more than {} g", Grams::MAX),
        }
    }
}

fn or_one_of(f: &mut fmt::Formatter<'_>, known: &[String]) -> fmt::Result {
    if known.is_empty() {
        Ok(())
    } else {
        write!(f, " or one of: {}", known.join(", "))
    }
}

/// What an amount means.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Reading {
    pub grams: f64,
    /// A volume of a drink with no portion naming a volume: weighed as water (1 g a ml),
    /// an assumption the app says beside the grams.
    pub counted_as_water: bool,
}

/// The grams `text` means for a food with `portions`; `drink` (`NewFood::is_drink`) lets a
/// volume be counted as water when no portion gives the food's density.
pub fn read_amount(text: &str, portions: &[Portion], drink: bool) -> Result<Reading, AmountError> {
    let text = normalise(text);
    if text.is_empty() {
        return Err(AmountError::Empty);
    }
    let (count, rest) = leading_count(&text);
    let mut unit = rest.trim().to_owned();
    // "一碗半", "1斤半": a half after the unit.
    let mut count = count;
    if count.is_some() && unit.chars().count() > 1 && unit.ends_with('半') {
        unit.pop();
        count = count.map(|c| c + 0.5);
    }
    let count = match count {
        Some(c) => c,
        None if unit.is_empty() => return Err(AmountError::Invalid),
        None => 1.0,
    };
    if !count.is_finite() || count <= 0.0 {
        return Err(AmountError::Invalid);
    }
    let mut counted_as_water = false;
    let exact = if unit.is_empty() {
        count
    } else {
        if !unit.chars().next().is_some_and(char::is_alphabetic) {
            return Err(AmountError::Invalid);
        }
        // A portion named as typed wins over a volume: "1 cup" of oats is its cup portion.
        if let Some(g) = mass_unit(&unit).or_else(|| portion_unit(&unit, portions)) {
            count * g
        } else if let Some(ml_each) = volume_unit(&canonical(strip_brackets(&unit).trim())) {
            let ml = count * ml_each;
            match density(portions, ml) {
                Some(g_per_ml) => ml * g_per_ml,
                None if drink => {
                    counted_as_water = true;
                    ml
                }
                None => {
                    return Err(AmountError::NoDensity {
                        unit,
                        known: known_units(portions),
                    });
                }
            }
        } else {
            return Err(AmountError::UnknownUnit {
                unit,
                known: known_units(portions),
            });
        }
    };
    let grams = round1(exact);
    if grams <= 0.0 {
        return Err(AmountError::Invalid);
    }
    if grams > Grams::MAX {
        return Err(AmountError::TooMuch);
    }
    Ok(Reading {
        grams,
        counted_as_water,
    })
}

/// Lower case, full-width digits and letters as ASCII, spaces collapsed.
pub(crate) fn normalise(text: &str) -> String {
    let folded: String = text
        .chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '\u{3000}' => ' ',
            _ => c,
        })
        .collect::<String>()
        .to_lowercase();
    folded.split_whitespace().collect::<Vec<_>>().join(" ")
}

const WORD_NUMBERS: [(&str, f64); 15] = [
    ("half a", 0.5),
    ("half an", 0.5),
    ("half", 0.5),
    ("a", 1.0),
    ("an", 1.0),
    ("one", 1.0),
    ("two", 2.0),
    ("three", 3.0),
    ("four", 4.0),
    ("five", 5.0),
    ("six", 6.0),
    ("seven", 7.0),
    ("eight", 8.0),
    ("nine", 9.0),
    ("ten", 10.0),
];

const VULGAR: [(char, f64); 5] = [
    ('½', 0.5),
    ('¼', 0.25),
    ('¾', 0.75),
    ('⅓', 1.0 / 3.0),
    ('⅔', 2.0 / 3.0),
];

/// The count an amount starts with, if any, and what follows it.
pub(crate) fn leading_count(text: &str) -> (Option<f64>, &str) {
    if let Some((n, rest)) = arabic(text) {
        return (Some(n), rest);
    }
    if let Some(&(_, v)) = VULGAR.iter().find(|(c, _)| text.starts_with(*c)) {
        let c = text.chars().next().map_or(0, char::len_utf8);
        return (Some(v), &text[c..]);
    }
    for (word, value) in WORD_NUMBERS.iter() {
        if let Some(rest) = text.strip_prefix(word)
            && rest.starts_with(' ')
        {
            return (Some(*value), rest);
        }
    }
    chinese(text)
}

/// "1.5", ".5", "1/2", "1 1/2", "1½".
fn arabic(text: &str) -> Option<(f64, &str)> {
    let (whole, rest) = decimal(text)?;
    // A fraction: "1/2".
    if let Some(after) = rest.strip_prefix('/') {
        let (den, rest) = decimal(after).unwrap_or((0.0, after));
        let value = if den == 0.0 { f64::NAN } else { whole / den };
        return Some((value, rest));
    }
    // A mixed number: "1 1/2", "1½".
    let spaced = rest.strip_prefix(' ').unwrap_or(rest);
    if let Some((num, after)) = decimal(spaced)
        && let Some(after) = after.strip_prefix('/')
        && let Some((den, rest)) = decimal(after)
    {
        let value = if den == 0.0 {
            f64::NAN
        } else {
            whole + num / den
        };
        return Some((value, rest));
    }
    if let Some(&(_, v)) = VULGAR.iter().find(|(c, _)| rest.starts_with(*c)) {
        let c = rest.chars().next().map_or(0, char::len_utf8);
        return Some((whole + v, &rest[c..]));
    }
    Some((whole, rest))
}

/// Digits with at most one decimal point.
fn decimal(text: &str) -> Option<(f64, &str)> {
    let bytes = text.as_bytes();
    let mut end = 0;
    let mut dot = false;
    while end < bytes.len() {
        match bytes[end] {
            b'0'..=b'9' => end += 1,
            b'.' if !dot && bytes.get(end + 1).is_some_and(u8::is_ascii_digit) => {
                dot = true;
                end += 1;
            }
            _ => break,
        }
    }
    if end == 0 {
        return None;
    }
    text[..end].parse().ok().map(|n| (n, &text[end..]))
}

fn chinese_digit(c: char) -> Option<u32> {
    Some(match c {
        '零' => 0,
        '一' => 1,
        '二' | '两' => 2,
        '三' => 3,
        '四' => 4,
        '五' => 5,
        '六' => 6,
        '七' => 7,
        '八' => 8,
        '九' => 9,
        _ => return None,
    })
}

/// "半", "一", "两" (before another unit), "十二", "二十", "九十九".
fn chinese(text: &str) -> (Option<f64>, &str) {
    if let Some(rest) = text.strip_prefix('半') {
        return (Some(0.5), rest);
    }
    match chinese_numeral(text) {
        (Some(v), end) if end < text.len() => (Some(f64::from(v)), &text[end..]),
        // All numerals: a last 两 is the unit (50 g), as in "二十两"; "两" alone is 1 两.
        (Some(_), _) if text.ends_with('两') && text.chars().count() > 1 => {
            let unit_at = text.len() - '两'.len_utf8();
            let (count, _) = chinese_numeral(&text[..unit_at]);
            (count.map(f64::from), &text[unit_at..])
        }
        _ => (None, text),
    }
}

/// The value of the Chinese numerals `text` starts with, and where they end.
fn chinese_numeral(text: &str) -> (Option<u32>, usize) {
    let mut value: Option<u32> = None;
    let mut tens = false;
    let mut end = 0;
    for (at, c) in text.char_indices() {
        if c == '十' && !tens {
            value = Some(value.unwrap_or(1) * 10);
            tens = true;
        } else if let Some(d) = chinese_digit(c) {
            match value {
                Some(v) if tens && v % 10 == 0 => value = Some(v + d),
                None => value = Some(d),
                _ => break,
            }
        } else {
            break;
        }
        end = at + c.len_utf8();
    }
    (value, end)
}

fn mass_unit(unit: &str) -> Option<f64> {
    amount_words::grams_per_mass_unit(unit)
}

/// Millilitres in one of a volume unit (named as `canonical` names it): US measures, as
/// USDA's portions use them.
fn volume_unit(unit: &str) -> Option<f64> {
    amount_words::ml_per_volume_unit(unit)
}

/// The millilitres a portion's name states: in brackets ("1 glass (250 ml)", "1 罐（330
/// 毫升）"), else as its unit ("1 cup", "1/2 cup", "1 tbsp", "1 cup, sliced").
fn portion_volume(name: &str) -> Option<f64> {
    // "1 cup, sliced" is a cup too.
    let volume = |text: &str| {
        let text = normalise(text);
        let (count, rest) = leading_count(&text);
        let unit = canonical(rest.trim());
        let head = unit.split(',').next().map(|head| canonical(head.trim()));
        Some(count? * volume_unit(&unit).or_else(|| volume_unit(&head?))?)
    };
    let bracketed = name
        .split(['(', '（'])
        .skip(1)
        .filter_map(|part| part.split([')', '）']).next())
        .find_map(volume);
    bracketed
        .or_else(|| volume(&strip_brackets(name)))
        .filter(|ml| *ml > 0.0)
}

/// Grams per millilitre of a food, from a portion that names a volume: one of exactly
/// `ml` (the "250 ml" chip's own portion), else the first.
fn density(portions: &[Portion], ml: f64) -> Option<f64> {
    let volumes: Vec<(f64, f64)> = portions
        .iter()
        .filter_map(|p| {
            std::iter::once(&p.name)
                .chain(p.name_zh.as_ref())
                .find_map(|name| portion_volume(name))
                .map(|volume| (volume, p.grams))
        })
        .collect();
    volumes
        .iter()
        .find(|(volume, _)| (volume - ml).abs() < 0.05)
        .or(volumes.first())
        .map(|(volume, grams)| grams / volume)
}

/// One name for each unit that goes by several.
fn canonical(unit: &str) -> String {
    let singular = singular(unit);
    amount_words::unit_synonym(&singular).map_or(singular, str::to_owned)
}

/// English plurals to singular, word by word: slices, boxes, berries.
fn singular(unit: &str) -> String {
    unit.split(' ')
        .map(|w| {
            if !w.is_ascii() || w.len() < 3 {
                w.to_owned()
            } else if let Some(stem) = w.strip_suffix("ies") {
                format!("{stem}y")
            } else if ["ses", "xes", "ches", "shes"]
                .iter()
                .any(|s| w.ends_with(s))
            {
                w[..w.len() - 2].to_owned()
            } else if w.ends_with('s') && !w.ends_with("ss") {
                w[..w.len() - 1].to_owned()
            } else {
                w.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A portion's unit and how many of it the portion is: "1/2 cup" is half a cup.
fn portion_key(name: &str) -> Option<(f64, String)> {
    let text = normalise(&strip_brackets(name));
    let (count, rest) = leading_count(&text);
    let key = canonical(rest.trim());
    (!key.is_empty()).then_some((count.unwrap_or(1.0), key))
}

fn strip_brackets(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0;
    for c in text.chars() {
        match c {
            '(' | '（' => depth += 1,
            ')' | '）' => depth = (depth - 1).max(0),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// How well a portion answers to a unit: exactly, or by the part of its name before a comma.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum Fit {
    Exact,
    Head,
}

fn portion_unit(unit: &str, portions: &[Portion]) -> Option<f64> {
    let wanted = canonical(strip_brackets(unit).trim());
    let mut best: Option<(Fit, bool, f64)> = None;
    for p in portions {
        for name in std::iter::once(&p.name).chain(p.name_zh.as_ref()) {
            let Some((count, key)) = portion_key(name) else {
                continue;
            };
            let fit = if key == wanted {
                Fit::Exact
            } else if key
                .split_once(',')
                .is_some_and(|(head, _)| canonical(head.trim()) == wanted)
            {
                Fit::Head
            } else {
                continue;
            };
            if count <= 0.0 {
                continue;
            }
            let single = count == 1.0;
            let better = match &best {
                None => true,
                Some((f, s, _)) => fit < *f || (fit == *f && single && !*s),
            };
            if better {
                best = Some((fit, single, p.grams / count));
            }
        }
    }
    best.map(|(_, _, grams)| grams)
}

/// The units a food's portions answer to, for an error message.
fn known_units(portions: &[Portion]) -> Vec<String> {
    let mut units: Vec<String> = Vec::new();
    for p in portions {
        for name in std::iter::once(&p.name).chain(p.name_zh.as_ref()) {
            let key = normalise(&strip_brackets(name));
            let (_, rest) = leading_count(&key);
            let unit = rest.trim().to_owned();
            if !unit.is_empty() && !units.contains(&unit) {
                units.push(unit);
            }
        }
    }
    units
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use serde::Deserialize;

    use super::*;

    #[derive(Deserialize)]
    struct Cases {
        foods: HashMap<String, Vec<Portion>>,
        drinks: Vec<String>,
        cases: Vec<Case>,
    }

    #[derive(Deserialize)]
    struct Case {
        food: String,
        input: String,
        grams: Option<f64>,
        #[serde(default)]
        counted_as_water: bool,
        error: Option<String>,
    }

    #[test]
    fn reads_every_shared_case() {
        let cases: Cases =
            serde_json::from_str(include_str!("../data/amount_cases.json")).expect("cases");
        let mut wrong = Vec::new();
        for case in &cases.cases {
            let portions = &cases.foods[&case.food];
            let drink = cases.drinks.contains(&case.food);
            let got = read_amount(&case.input, portions, drink);
            let ok = match (&got, case.grams, &case.error) {
                (Ok(r), Some(want), None) => {
                    (r.grams - want).abs() < 1e-9 && r.counted_as_water == case.counted_as_water
                }
                (Err(e), None, Some(kind)) => e.kind() == kind,
                _ => false,
            };
            if !ok {
                wrong.push(format!(
                    "{} {:?}: got {:?}, want {:?}/{:?}",
                    case.food, case.input, got, case.grams, case.error
                ));
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    #[test]
    fn an_unknown_unit_lists_the_units_the_food_knows() {
        let bread = [Portion {
            grams: 30.0,
            name: "1 slice".into(),
            name_zh: Some("1 片".into()),
            approximate: false,
        }];
        let e = read_amount("2 spoonfuls", &bread, false).unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown unit \"spoonfuls\"; use g, kg, 斤, 两, oz, lb or one of: slice, 片"
        );
    }

    #[test]
    fn a_volume_of_a_food_without_density_says_so() {
        let bread = [Portion {
            grams: 30.0,
            name: "1 slice".into(),
            name_zh: Some("1 片".into()),
            approximate: false,
        }];
        let e = read_amount("2 cups", &bread, false).unwrap_err();
        assert_eq!(
            e.to_string(),
            "\"cups\" is a volume, and how much this food weighs per ml is not known; \
             use g, kg, 斤, 两, oz, lb or one of: slice, 片"
        );
    }
}
