//! A meal said in words: "早饭吃了一碗米饭和两个鸡蛋", "2 eggs and a slice of toast". The
//! text is cut into dishes on separators and conjunctions in both languages, and before
//! each amount a Chinese phrase runs on with ("一碗米饭两个鸡蛋"); words that only say when
//! or that one ate ("早饭吃了", "for lunch I had") are dropped; each dish keeps the amount
//! said with it. Which food a dish is, is the search index's to say (the caller's
//! [`Naming`]); its grams come from that food's own portions ([`grams_of`]).

use crate::amount::{leading_count, normalise, read_amount};
use crate::amount_words::measures_zh;
use crate::food::{NewFood, Portion, round1};
use crate::meal::{Grams, MealType};
use crate::recognition::counts_items;

mod words;
use words::*;
pub use words::{
    CONJUNCTIONS_EN, CONJUNCTIONS_ZH, SPLASH_GRAMS, TEASPOON_GRAMS, form_of_container,
};

/// A meal's text longer than this is not one meal.
pub const MAX_TEXT: usize = 500;
/// Dishes read from one text at most.
pub const MAX_DISHES: usize = 20;

/// One dish of the meal as said.
#[derive(Debug, Clone, PartialEq)]
pub struct SaidDish {
    /// The part of the text it was read from: "一碗米饭", "a slice of toast".
    pub text: String,
    /// The words that name the food: "米饭", "toast".
    pub dish: String,
    /// How many, as said; 1 when no amount was said.
    pub count: f64,
    /// The unit said: "碗", "slice"; none for a bare count ("2 eggs") or no amount.
    pub unit: Option<String>,
    /// Whether an amount was said at all.
    pub amount_said: bool,
    /// Whether it was said as something added to the dish before it ("coffee with milk",
    /// "咖啡加奶"): without an amount, a splash of it, not a glass.
    pub added: bool,
}

/// How well some words name a known food, as the search index finds them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Naming {
    /// No food has all the words.
    Unknown,
    /// A food has every word.
    Found,
    /// A food is called exactly this (its name, Chinese name or another name of it).
    Exact,
}

/// The dishes of a meal said in words, in the order said. `naming` says how well words
/// name a food, so that one food's name holding a conjunction stays whole.
pub fn said_dishes(text: &str, naming: &dyn Fn(&str) -> Naming) -> Vec<SaidDish> {
    let text: String = normalise(text).chars().take(MAX_TEXT).collect();
    let mut dishes = Vec::new();
    for chunk in split_on_separators(&text) {
        for (part, added) in split_on_conjunctions(chunk.trim(), naming) {
            for piece in split_before_amounts(&part, naming) {
                if let Some(dish) = read_piece(&piece, naming) {
                    dishes.push(SaidDish { added, ..dish });
                }
            }
        }
    }
    dishes.truncate(MAX_DISHES);
    dishes
}

/// What a said dish's grams are read against: the food's own portions, and what a food of
/// its kind usually weighs where none of them fits.
#[derive(Debug, Clone, Copy, Default)]
pub struct Measures<'a> {
    pub portions: &'a [Portion],
    pub drink: bool,
    pub category: Option<&'a str>,
    /// Energy per 100 g: within a category a dry food (cereal, crisps) fills a cup with
    /// far fewer grams than a wet one (porridge, pudding).
    pub kcal: f64,
    /// Its English name: "a protein bar" weighs a bar where the food is a bar.
    pub name: &'a str,
}

impl<'a> Measures<'a> {
    pub fn of(food: &'a NewFood) -> Self {
        Measures {
            portions: &food.portions,
            drink: food.is_drink(),
            category: food.category.as_deref(),
            kcal: food.nutrients.calories,
            name: &food.name,
        }
    }
}

/// Grams of a said dish: the amount read against the food's own portions, else a
/// household measure, else as many of its first portion (100 g without).
pub fn grams_of(said: &SaidDish, food: &Measures) -> f64 {
    let portions = food.portions;
    let first = portions
        .first()
        .map(|p| p.grams)
        .filter(|g| *g > 0.0)
        .unwrap_or(100.0);
    let by_unit = said.unit.as_deref().and_then(|unit| {
        let spaced = format!("{} {unit}", said.count);
        read_amount(&spaced, portions, food.drink)
            .ok()
            .map(|r| r.grams)
            .or_else(|| household(unit, food).map(|g| said.count * g))
    });
    // "两个鸡蛋", "2 eggs", "a medium apple": items of the food's own item portion; "a
    // large one" bigger than that where the food has no large portion.
    let grams = by_unit.unwrap_or_else(|| {
        let item = portions.iter().find(|p| p.grams > 0.0 && counts_items(p));
        let size = said
            .unit
            .as_deref()
            .and_then(|unit| SIZES.iter().find(|(s, _)| *s == unit))
            .map_or(1.0, |(_, factor)| *factor);
        // "a protein bar" of a food with no portion at all: what a bar usually weighs.
        let usual_item = (said.amount_said && portions.is_empty())
            .then(|| item_grams(&said.dish, food.name))
            .flatten();
        let one = item.map(|p| p.grams * size).or(usual_item).unwrap_or(first);
        said.count * one
    });
    round1(grams.clamp(1.0, Grams::MAX))
}

/// The usual grams of one of the thing a dish is said as ("a protein bar": a bar), where
/// the food is one too and foods with such a portion agree on it
/// (`scripts/derive-category-cups.py`).
fn item_grams(dish: &str, food_name: &str) -> Option<f64> {
    const ITEMS: &str = include_str!("../data/usda/item_grams.tsv");
    let grams_of = |item: &str| {
        ITEMS.lines().skip(1).find_map(|line| {
            let mut fields = line.split('\t');
            (fields.next() == Some(item))
                .then(|| fields.next()?.parse::<f64>().ok())
                .flatten()
        })
    };
    let last = dish.split_whitespace().last()?.to_lowercase();
    let (item, grams) = singulars(&last).find_map(|item| grams_of(&item).map(|g| (item, g)))?;
    let named = food_name
        .to_lowercase()
        .split(|c: char| !c.is_alphabetic())
        .any(|w| singulars(w).any(|s| s == item));
    named.then_some(grams)
}

/// A word and what its singular may be ("bars", "sandwiches", "patties").
fn singulars(word: &str) -> impl Iterator<Item = String> {
    [
        Some(word.to_owned()),
        word.strip_suffix('s').map(str::to_owned),
        word.strip_suffix("es").map(str::to_owned),
        word.strip_suffix("ies").map(|stem| format!("{stem}y")),
    ]
    .into_iter()
    .flatten()
}

/// Grams of one of a household measure the food has no portion for: a bowl is about a
/// cup and a half of the food where it has a cup (dry cereal weighs little), a handful
/// half a cup of fresh fruit or vegetables and a quarter of anything else (nuts); a food
/// without a cup of its own weighs its like foods' usual cup; else a typical measure.
fn household(unit: &str, food: &Measures) -> Option<f64> {
    let cups = match unit {
        "杯" | "cup" => Some(1.0),
        "碗" | "bowl" => Some(1.5),
        "小碗" | "small bowl" => Some(1.0),
        "大碗" | "large bowl" | "big bowl" => Some(2.5),
        // A handful of grapes or berries is a portion of fresh fruit (80 g, NHS 5 A Day),
        // about half a cup; of nuts or dried fruit, about an ounce, a quarter of one.
        "把" | "handful"
            if matches!(food.category, Some("fruit" | "vegetables")) && food.kcal < 150.0 =>
        {
            Some(0.5)
        }
        "把" | "handful" => Some(0.25),
        _ => None,
    };
    let cup = read_amount("1 cup", food.portions, false)
        .ok()
        .map(|r| r.grams)
        .or_else(|| {
            food.category
                .and_then(|category| category_cup_grams(category, food.kcal))
        });
    match (cups, cup) {
        (Some(cups), Some(cup)) => Some(cups * cup),
        _ => HOUSEHOLD_GRAMS
            .iter()
            .find(|(u, _)| *u == unit)
            .map(|(_, g)| *g),
    }
}

/// Median grams of a cup among the foods of each category and band of energy that have a
/// cup of their own and agree on it (`scripts/derive-category-cups.py`).
const CATEGORY_CUPS: &str = include_str!("../data/usda/category_cups.tsv");

/// The usual grams of one cup of a food of `category` with `kcal` per 100 g, where enough
/// of its like foods say, and say much the same.
pub fn category_cup_grams(category: &str, kcal: f64) -> Option<f64> {
    CATEGORY_CUPS.lines().skip(1).find_map(|line| {
        let fields: Vec<&str> = line.split('\t').collect();
        let [name, from, below, grams, ..] = fields[..] else {
            return None;
        };
        let (from, below): (f64, f64) = (from.parse().ok()?, below.parse().ok()?);
        (name == category && (from..below).contains(&kcal))
            .then(|| grams.parse().ok())
            .flatten()
    })
}

fn split_on_separators(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut chunks = vec![String::new()];
    for (i, c) in chars.iter().enumerate() {
        let decimal_point = *c == '.'
            && i > 0
            && chars[i - 1].is_ascii_digit()
            && chars.get(i + 1).is_some_and(char::is_ascii_digit);
        if SEPARATORS.contains(c) || (*c == '.' && !decimal_point) {
            chunks.push(String::new());
        } else if let Some(last) = chunks.last_mut() {
            last.push(*c);
        }
    }
    chunks.retain(|c| !c.trim().is_empty());
    chunks
}

/// Where a conjunction joins two parts of `text`: (start, end) of the word.
fn conjunctions(text: &str) -> Vec<(usize, usize)> {
    let mut found: Vec<(usize, usize)> = Vec::new();
    for word in CONJUNCTIONS_ZH.iter().copied() {
        for (at, _) in text.match_indices(word) {
            let end = at + word.len();
            if at > 0 && end < text.len() && !found.iter().any(|(s, e)| at < *e && end > *s) {
                found.push((at, end));
            }
        }
    }
    let mut offset = 0;
    for token in text.split(' ') {
        if CONJUNCTIONS_EN.contains(&token) && offset > 0 && offset + token.len() < text.len() {
            found.push((offset, offset + token.len()));
        }
        offset += token.len() + 1;
    }
    found.sort();
    found
}

/// The parts a conjunction joins, unless the whole names one food and a part does not;
/// each says whether it was added to the part before it ("with milk").
fn split_on_conjunctions(text: &str, naming: &dyn Fn(&str) -> Naming) -> Vec<(String, bool)> {
    let Some(&(start, end)) = conjunctions(text).first() else {
        return vec![(text.to_owned(), false)];
    };
    let whole = naming(&dish_words(text));
    let (left, right) = (text[..start].trim(), text[end..].trim());
    let parts_named = naming(&dish_words(left)).min(naming(&dish_words(right)));
    if whole == Naming::Exact || (whole > parts_named && whole == Naming::Found) {
        return vec![(text.to_owned(), false)];
    }
    let adding = ADDING.contains(&&text[start..end]);
    let mut parts = vec![(left.to_owned(), false)];
    let mut rest = split_on_conjunctions(right, naming);
    if let Some(first) = rest.first_mut() {
        first.1 |= adding;
    }
    parts.extend(rest);
    parts.retain(|(p, _)| !p.is_empty());
    parts
}

/// A Chinese amount starts at `at`: a numeral (or digits) and then a measure word, not
/// inside a longer number.
fn amount_at(text: &str, at: usize) -> bool {
    let before = text[..at].chars().next_back();
    if before.is_some_and(|c| c.is_ascii_digit() || c == '.' || is_numeral(c)) {
        return false;
    }
    let numeral = text[at..]
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_digit() || is_numeral(c));
    numeral && amount_end(text, at).is_some()
}

/// Where the amount starting at `at` ends (after its measure word).
fn amount_end(text: &str, at: usize) -> Option<usize> {
    let rest = &text[at..];
    let numeral_end = rest
        .char_indices()
        .find(|(_, c)| !(c.is_ascii_digit() || *c == '.' || is_numeral(*c)))
        .map_or(rest.len(), |(i, _)| i);
    let after = &rest[numeral_end..];
    let spaces = after.len() - after.trim_start().len();
    measures_zh()
        .find(|m| after.trim_start().starts_with(m))
        .map(|m| at + numeral_end + spaces + m.len())
}

fn is_numeral(c: char) -> bool {
    "零一二两三四五六七八九十百半几".contains(c)
}

/// "一碗米饭两个鸡蛋" → "一碗米饭", "两个鸡蛋": a Chinese phrase runs dishes on, each
/// starting with its amount; a food named with a number in it ("三杯鸡") stays whole.
fn split_before_amounts(text: &str, naming: &dyn Fn(&str) -> Naming) -> Vec<String> {
    let starts: Vec<usize> = text
        .char_indices()
        .map(|(i, _)| i)
        .filter(|i| *i > 0 && amount_at(text, *i))
        .collect();
    if starts.is_empty() || naming(&dish_words(text)) == Naming::Exact {
        return vec![text.to_owned()];
    }
    // "米饭一碗鸡蛋两个": dishes said first, each amount after its dish.
    let amounts_after = leading_count(strip_context(text)).0.is_none();
    let mut cuts: Vec<usize> = if amounts_after {
        starts
            .iter()
            .filter_map(|at| amount_end(text, *at))
            .collect()
    } else {
        starts
    };
    cuts.retain(|at| *at > 0 && *at < text.len());
    cuts.push(text.len());
    let mut pieces: Vec<String> = Vec::new();
    let mut from = 0;
    for at in cuts {
        let piece = &text[from..at];
        from = at;
        // An amount said after its dish ("米饭一碗") stays with it.
        match pieces.last_mut() {
            Some(last) if dish_words(piece).is_empty() => last.push_str(piece),
            _ => pieces.push(piece.to_owned()),
        }
    }
    pieces
}

/// "米饭一碗": an amount said after the dish: (count, measure, the dish's words).
fn trailing_amount(text: &str) -> Option<(f64, String, String)> {
    let at = text
        .char_indices()
        .map(|(i, _)| i)
        .rev()
        .find(|i| *i > 0 && amount_at(text, *i))?;
    let (count, rest) = leading_count(&text[at..]);
    let measure = measures_zh().find(|m| rest.trim() == *m)?;
    Some((count?, measure.to_owned(), text[..at].trim().to_owned()))
}

/// A mass or volume said after the dish, as a list is often typed: "oatmeal 50g", "milk
/// 250 ml", "rice 1.5 kg".
fn trailing_measure(text: &str) -> Option<(f64, String, String)> {
    let text = text.trim_end();
    let at = text
        .char_indices()
        .rev()
        .find(|(i, c)| c.is_ascii_digit() && *i > 0 && text[..*i].ends_with(' '))
        .map(|(i, _)| i)?;
    let (count, rest) = leading_count(&text[at..]);
    let unit = rest.trim();
    let measured = crate::amount_words::grams_per_mass_unit(unit).is_some()
        || crate::amount_words::ml_per_volume_unit(unit).is_some();
    let dish = text[..at].trim();
    match count {
        Some(count) if measured && count > 0.0 && !dish.is_empty() => {
            Some((count, unit.to_owned(), dish.to_owned()))
        }
        _ => None,
    }
}

/// A count said as "times" after the dish, as a list is often typed: "beef tacos x2",
/// "饺子 ×10".
fn trailing_times(text: &str) -> Option<(f64, String)> {
    let text = text.trim_end();
    let at = text.rfind(['x', '×', '*'])?;
    let dish = text[..at].trim_end();
    let digits = text[at..].trim_start_matches(['x', '×', '*']).trim();
    let spaced = at > 0 && text[..at].ends_with(' ');
    let count: f64 = digits.parse().ok()?;
    (spaced
        && !dish.is_empty()
        && count > 0.0
        && count <= 100.0
        && digits.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
    .then(|| (count, dish.to_owned()))
}

/// The meal a text says it was, when it starts by saying so: "午饭吃了一碗面", "for lunch
/// I had a sandwich", "breakfast: oatmeal". Only the opening words count: "a lunch box"
/// further on names a food, not the meal.
pub fn said_meal_type(text: &str) -> Option<MealType> {
    let text = normalise(text);
    let opening: String = text.chars().take(6).collect();
    let zh = MEAL_WORDS_ZH
        .iter()
        .filter_map(|(word, meal)| opening.find(word).map(|at| (at, *meal)))
        .min_by_key(|(at, _)| *at);
    if let Some((_, meal)) = zh {
        return Some(meal);
    }
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(4)
        .find_map(|word| {
            MEAL_WORDS_EN
                .iter()
                .find(|(w, _)| *w == word)
                .map(|(_, meal)| *meal)
        })
}

fn strip_context(text: &str) -> &str {
    let mut text = text.trim_matches(|c: char| c.is_whitespace() || c == ':' || c == '：');
    loop {
        let before = text;
        for word in CONTEXT_ZH.iter().copied() {
            text = text.strip_prefix(word).unwrap_or(text);
        }
        for word in CONTEXT_EN.iter().copied() {
            if let Some(rest) = text.strip_prefix(word)
                && (rest.is_empty() || rest.starts_with([' ', ':']))
            {
                text = rest;
            }
        }
        for word in CONTEXT_ZH_AFTER.iter().copied() {
            text = text.strip_suffix(word).unwrap_or(text);
        }
        text = text.trim_matches(|c: char| c.is_whitespace() || c == ':' || c == '：' || c == '-');
        if text == before {
            return text;
        }
    }
}

/// The words that name the food in a piece: what is left without its amount and context.
fn dish_words(piece: &str) -> String {
    let (_, _, dish) = amount_of(strip_context(piece));
    dish
}

/// The amount a piece starts with ((count, unit) when said) and the words after it.
fn amount_of(text: &str) -> (Option<f64>, Option<String>, String) {
    let (count, rest) = leading_count(text);
    let Some(count) = count.filter(|c| c.is_finite() && *c > 0.0) else {
        if let Some((count, measure, dish)) =
            trailing_amount(text).or_else(|| trailing_measure(text))
        {
            return (Some(count), Some(measure), dish);
        }
        if let Some((count, dish)) = trailing_times(text) {
            return (Some(count), None, dish);
        }
        return (None, None, text.trim().to_owned());
    };
    let rest = rest.trim_start();
    if let Some(measure) = measures_zh().find(|m| rest.starts_with(m)) {
        let dish = rest[measure.len()..].trim_start_matches('的').trim();
        return (Some(count), Some(measure.to_owned()), dish.to_owned());
    }
    // "200g", "2 slices of", "a bowl of", "1 large".
    let glued = rest.trim_start_matches(|c: char| c.is_ascii_alphabetic());
    let first_word = &rest[..rest.len() - glued.len()];
    for unit in UNITS_EN.iter().copied() {
        let words = unit.split(' ').count();
        let said: Vec<&str> = rest.split(' ').take(words).collect();
        if said.len() < words {
            continue;
        }
        let said = said.join(" ");
        let singular = said
            .strip_suffix("es")
            .filter(|s| *s == unit)
            .or_else(|| said.strip_suffix('s'));
        if said == unit || singular == Some(unit) || (first_word == unit && words == 1) {
            let after = if first_word == unit && words == 1 {
                glued
            } else {
                &rest[said.len()..]
            };
            let after = after.trim_start();
            let after = after.strip_prefix("of ").unwrap_or(after);
            return (Some(count), Some(unit.to_owned()), after.trim().to_owned());
        }
    }
    (Some(count), None, rest.trim().to_owned())
}

fn read_piece(piece: &str, naming: &dyn Fn(&str) -> Naming) -> Option<SaidDish> {
    // A food named with a number or a context word in it ("三杯鸡", "和牛") is that food.
    let whole = piece.trim();
    let said = if naming(whole) == Naming::Exact {
        whole
    } else {
        strip_context(piece)
    };
    if said.is_empty() {
        return None;
    }
    if naming(said) == Naming::Exact {
        return Some(SaidDish {
            text: said.to_owned(),
            dish: said.to_owned(),
            count: 1.0,
            unit: None,
            amount_said: false,
            added: false,
        });
    }
    let (count, unit, dish) = amount_of(said);
    let dish = strip_context(&dish).to_owned();
    (!dish.is_empty() || count.is_some()).then(|| SaidDish {
        text: said.to_owned(),
        dish,
        count: count.unwrap_or(1.0),
        unit,
        amount_said: count.is_some(),
        added: false,
    })
}

#[cfg(test)]
mod tests;
