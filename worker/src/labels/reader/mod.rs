//! A nutrition label read from the lines of text an OCR engine found: a Chinese
//! 营养成分表 (GB 28050) or a US Nutrition Facts panel, turned into values per 100 g
//! (`models::nutrition_label` holds what a reading is).
//!
//! The lines are put into rows by where they lie (the page may be tilted; `rows`), each
//! row's name is matched loosely against the names labels use (`names`; and, on a Chinese
//! table, by GB 28050's fixed order when a name is misread), its value cleaned of the
//! usual OCR confusions next to units (`values`), and the whole checked against what food
//! can be. A value that cannot be read or fails a check is left empty and says why: the
//! user fills it in; nothing is guessed.

mod names;
mod rows;
#[cfg(test)]
mod tests;
mod values;

use models::food::{MAX_CALORIES, MAX_MACRO_GRAMS, MAX_SODIUM_MG};
use models::nutrition_label::*;

use names::*;
use rows::*;
use values::*;

/// A value's digits must each be read at least this surely, or the value is not used.
const MIN_DIGIT_CONFIDENCE: f32 = 0.5;
/// Below this (or with a name, unit or basis worked out rather than read) the user is
/// asked to check the value.
const SURE_CONFIDENCE: f32 = 0.9;
/// Printed values are rounded; macros may add up to a little over 100 g.
const MACRO_SUM_SLACK: f64 = 2.0;
/// Energy and macros disagree when they differ by more than this share of the larger
/// (labels round, and fibre, alcohol and polyols add energy), and by more than
/// `ENERGY_SLACK_KCAL`.
const ENERGY_SLACK_SHARE: f64 = 0.3;
const ENERGY_SLACK_KCAL: f64 = 40.0;

/// A nutrient's row as found, before conversion.
#[derive(Debug, Clone)]
struct Found {
    reading: Option<Reading>,
    name_inferred: bool,
}

fn lowercase(row: &Row) -> String {
    row.text().to_lowercase().replace(' ', "")
}

/// Per 100 g or 100 mL when a row says so ("每100克", "per 100 g"); per serving when
/// one says "每份" or "serving".
fn basis_of(rows: &[Row]) -> Option<Basis> {
    let mut serving = false;
    for row in rows {
        let text = lowercase(row);
        for (at, _) in text.match_indices("100") {
            let after = &text[at + 3..];
            let before = &text[..at];
            let per = before.ends_with('每') || before.ends_with("per") || before.ends_with('/');
            if after.starts_with("毫升") || after.starts_with("ml") {
                return Some(Basis::Per100ml);
            }
            if per || after.starts_with('克') || (after.starts_with('g') && before.ends_with('每'))
            {
                return Some(Basis::Per100g);
            }
        }
        if text.contains("每份") || text.contains("份量") || text.contains("serving") {
            serving = true;
        }
    }
    serving.then_some(Basis::PerServing)
}

/// Words after which a row gives a serving's weight.
const SERVING_WORDS: [&str; 4] = ["份", "serv", "size", "portion"];
/// Words after which a row gives the whole pack's weight ("净含量:70克 每份:35克").
const NET_CONTENT_WORDS: [&str; 6] = ["净含量", "净重", "内容量", "netwt", "netweight", "net"];

/// The weight of a serving: the grams in a row about servings ("每份30克",
/// "Serving size 2/3 cup (55g)"), never the pack's net content printed beside them.
fn serving_grams(rows: &[Row]) -> Option<f64> {
    rows.iter().find_map(|row| {
        // "Serving size" is often misread or run into its value ("Serving sizø crackers
        // (29g)"); "servings per container" has no grams and is passed over.
        let serving_at = word_starts(row, &SERVING_WORDS);
        if serving_at.is_empty() {
            return None;
        }
        let net_at = word_starts(row, &NET_CONTENT_WORDS);
        let nearest =
            |starts: &[usize], at: usize| starts.iter().copied().filter(|s| *s < at).max();
        let weights: Vec<Reading> = readings(&row.glyphs)
            .into_iter()
            .filter(|r| matches!(r.unit, Some(Unit::Gram | Unit::Millilitre)) && r.value > 0.0)
            .collect();
        // A weight whose nearest word before it is a serving's is the serving; one after
        // the net content's is the pack's, unless the serving is the whole pack
        // ("Serving Size 1 package (Net Wt 35g)"): then it is the one weight that a
        // serving word comes before.
        let after_serving =
            |r: &&Reading| match (nearest(&net_at, r.start), nearest(&serving_at, r.start)) {
                (Some(net), Some(serving)) => serving > net,
                (Some(_), None) => false,
                (None, _) => true,
            };
        weights
            .iter()
            .find(after_serving)
            .or_else(|| {
                weights
                    .iter()
                    .find(|r| nearest(&serving_at, r.start).is_some())
            })
            .map(|r| r.value)
    })
}

/// The glyph indices at which any of `words` (lowercase, without spaces) starts in the
/// row, read lowercase with its spaces left out.
fn word_starts(row: &Row, words: &[&str]) -> Vec<usize> {
    let glyphs: Vec<(usize, char)> = row
        .glyphs
        .iter()
        .enumerate()
        .filter(|(_, g)| g.c != ' ')
        .map(|(i, g)| (i, g.c.to_ascii_lowercase()))
        .collect();
    let mut starts = Vec::new();
    for word in words {
        let word: Vec<char> = word.chars().collect();
        for (at, window) in glyphs.windows(word.len()).enumerate() {
            if window.iter().map(|(_, c)| *c).eq(word.iter().copied()) {
                starts.push(glyphs[at].0);
            }
        }
    }
    starts
}

/// Reads a label from the lines of text found in its photo.
pub fn read_label(lines: &[TextLine]) -> LabelReading {
    let rows = rows_of(lines);
    let mut named: Vec<(Option<RowName>, Vec<Reading>)> = Vec::new();
    let mut kind = LabelKind::Unknown;
    for row in &rows {
        let found = readings(&row.glyphs);
        let name_end = found.first().map_or(row.glyphs.len(), |r| r.start);
        let name: String = row.glyphs[..name_end].iter().map(|g| g.c).collect();
        let name = name.trim_start_matches(['-', ' ', '.', '*', '·']);
        let row_name = name_of(name);
        let text = lowercase(row);
        if text.contains("营养成分")
            || name.chars().any(is_cjk) && matches!(row_name, Some(RowName::Nutrient(_)))
        {
            kind = LabelKind::Gb28050;
        } else if kind == LabelKind::Unknown
            && (text.contains("nutritionfacts") || matches!(row_name, Some(RowName::Nutrient(_))))
        {
            kind = LabelKind::NutritionFacts;
        }
        named.push((row_name, found));
    }
    // A per-100 column beside a per-serving one: values are taken from under it.
    let column = per_100_column(&rows);
    let pick = |readings: &[Reading]| -> Option<Reading> {
        let mut values = readings.iter().filter(|r| r.unit != Some(Unit::Percent));
        match column {
            Some(x) => values
                .min_by(|a, b| (a.x - x).abs().total_cmp(&(b.x - x).abs()))
                .cloned(),
            None => values.next().cloned(),
        }
    };
    let mut found: Vec<(Nutrient, Found, usize)> = Vec::new();
    for (index, (name, readings)) in named.iter().enumerate() {
        if let Some(RowName::Nutrient(nutrient)) = name
            && !found.iter().any(|(n, _, _)| n == nutrient)
        {
            found.push((
                *nutrient,
                Found {
                    reading: pick(readings),
                    name_inferred: false,
                },
                index,
            ));
        }
    }
    for (nutrient, found, index) in &mut found {
        if found.reading.is_none() {
            found.reading = value_run_into_share(&named[*index].1, *nutrient);
        }
    }
    if kind == LabelKind::Gb28050 {
        infer_by_order(&named, &mut found, &pick);
    }
    if kind == LabelKind::NutritionFacts {
        calories_beside(&rows, &named, &mut found);
    }
    let basis = basis_of(&rows);
    let serving = serving_grams(&rows);
    let fields = Nutrient::ALL
        .iter()
        .map(|&nutrient| {
            let row = found
                .iter()
                .find(|(n, _, _)| *n == nutrient)
                .map(|(_, f, _)| f);
            field(nutrient, row, kind, basis, serving)
        })
        .collect();
    let mut reading = LabelReading {
        kind,
        basis,
        serving_grams: serving,
        fields,
        rows: rows.iter().map(Row::text).collect(),
    };
    check(&mut reading);
    reading
}

/// The horizontal place of a "per 100" column header, when a per-serving one stands
/// beside it.
fn per_100_column(rows: &[Row]) -> Option<f32> {
    rows.iter().find_map(|row| {
        let text = row.text().to_lowercase();
        let per_100 = text.find("每100").or_else(|| text.find("per 100"))?;
        let serving = text.contains("每份") || text.contains("serving");
        serving.then(|| {
            let at = text[..per_100].chars().count();
            row.glyphs[at].x
        })
    })
}

/// The daily values (US, 2016 and before) and NRVs (China) a label's percentages are of.
fn daily_values(nutrient: Nutrient) -> &'static [f64] {
    match nutrient {
        // kJ (China's 8400 kJ) or kcal (2000 kcal).
        Nutrient::Calories => &[8400.0, 2000.0],
        Nutrient::Protein => &[50.0, 60.0],
        Nutrient::Fat => &[78.0, 65.0, 60.0],
        Nutrient::Carbs => &[275.0, 300.0],
        Nutrient::Sodium => &[2300.0, 2400.0, 2000.0],
        Nutrient::Fiber => &[28.0, 25.0],
        Nutrient::Sugar => &[],
    }
}

/// A value and its percentage read as one number when the unit between them was lost
/// ("80g 29%" read "8029%"): split where the percentage is the value's share of its daily
/// value, when exactly one split is.
fn value_run_into_share(readings: &[Reading], nutrient: Nutrient) -> Option<Reading> {
    let merged = readings
        .iter()
        .find(|r| r.unit == Some(Unit::Percent) && r.value >= 100.0 && !r.digits.contains('.'))?;
    let digits = &merged.digits;
    let mut splits = Vec::new();
    for cut in 1..digits.len() {
        // The unit itself may have been read as a digit ("8g" as "89").
        for skip in 0..=1 {
            if cut + skip >= digits.len() {
                continue;
            }
            let (Ok(value), Ok(share)) = (
                digits[..cut].parse::<f64>(),
                digits[cut + skip..].parse::<f64>(),
            ) else {
                continue;
            };
            let fits = daily_values(nutrient)
                .iter()
                .any(|dv| (value / dv * 100.0 - share).abs() <= 1.0 + 0.02 * share);
            if fits && share > 0.0 {
                splits.push(value);
            }
        }
    }
    match splits[..] {
        [value] => Some(Reading {
            value,
            unit: None,
            confidence: merged.confidence.min(RAN_INTO_WORD_CONFIDENCE),
            ..merged.clone()
        }),
        _ => None,
    }
}

/// The FDA's format prints the calories larger than their name, level with its foot: the
/// number rises beside "Amount per serving" and may be read as a row of its own, or in
/// that row, just above "Calories" (or below it). A calorie row without a value takes the
/// one plain number of such a row beside it, said as inferred.
fn calories_beside(
    rows: &[Row],
    named: &[(Option<RowName>, Vec<Reading>)],
    found: &mut [(Nutrient, Found, usize)],
) {
    let Some((_, calories, index)) = found
        .iter_mut()
        .find(|(n, f, _)| *n == Nutrient::Calories && f.reading.is_none())
    else {
        return;
    };
    let beside = [index.checked_sub(1), Some(*index + 1)];
    let number_of = |i: usize| -> Option<Reading> {
        let (name, readings) = named.get(i)?;
        if matches!(name, Some(RowName::Nutrient(_))) {
            return None;
        }
        let words: String = lowercase(&rows[i])
            .chars()
            .filter(char::is_ascii_alphabetic)
            .collect();
        let [only] = readings.as_slice() else {
            return None;
        };
        (only.unit.is_none() && (words.is_empty() || words.contains("amountper")))
            .then(|| only.clone())
    };
    if let Some(reading) = beside.into_iter().flatten().find_map(number_of) {
        *calories = Found {
            reading: Some(reading),
            name_inferred: true,
        };
    }
}

/// A Chinese table's mandatory rows come in a fixed order: a row whose name was misread,
/// alone between the rows before and after it, is the missing one.
fn infer_by_order(
    named: &[(Option<RowName>, Vec<Reading>)],
    found: &mut Vec<(Nutrient, Found, usize)>,
    pick: &dyn Fn(&[Reading]) -> Option<Reading>,
) {
    let order = Nutrient::GB_ORDER;
    for (k, nutrient) in order.iter().enumerate() {
        if found.iter().any(|(n, _, _)| n == nutrient) {
            continue;
        }
        let row_of = |n: &Nutrient| found.iter().find(|(m, _, _)| m == n).map(|(_, _, i)| *i);
        let before = order[..k].iter().rev().find_map(row_of);
        let after = order[k + 1..].iter().find_map(row_of);
        let (Some(from), to) = (before, after) else {
            continue;
        };
        let to = to.unwrap_or(named.len());
        let wanted_unit = |u: Option<Unit>| match nutrient {
            Nutrient::Calories => matches!(u, Some(Unit::Kj | Unit::Kcal)),
            Nutrient::Sodium => matches!(u, Some(Unit::Milligram)),
            _ => matches!(u, Some(Unit::Gram)),
        };
        let candidates: Vec<usize> = (from + 1..to)
            .filter(|&i| named[i].0.is_none())
            .filter(|&i| pick(&named[i].1).is_some_and(|r| wanted_unit(r.unit)))
            .collect();
        if let [only] = candidates[..] {
            found.push((
                *nutrient,
                Found {
                    reading: pick(&named[only].1),
                    name_inferred: true,
                },
                only,
            ));
        }
    }
}

fn round1(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

/// A nutrient's field per 100 g, from its row as found.
fn field(
    nutrient: Nutrient,
    found: Option<&Found>,
    kind: LabelKind,
    basis: Option<Basis>,
    serving: Option<f64>,
) -> LabelField {
    let empty = |certainty, doubts: Vec<Doubt>, printed: Option<String>, confidence| LabelField {
        nutrient,
        value: None,
        printed,
        certainty,
        confidence,
        doubts,
    };
    let Some(found) = found else {
        return if nutrient.is_mandatory() {
            empty(Certainty::Unread, vec![Doubt::NotFound], None, 0.0)
        } else {
            empty(Certainty::NotOnLabel, Vec::new(), None, 0.0)
        };
    };
    let Some(reading) = &found.reading else {
        return empty(Certainty::Unread, vec![Doubt::NoValue], None, 0.0);
    };
    let mut doubts = Vec::new();
    if found.name_inferred {
        doubts.push(Doubt::NameInferred);
    }
    let unit = match (nutrient, reading.unit) {
        (Nutrient::Calories, Some(u @ (Unit::Kj | Unit::Kcal))) => u,
        (Nutrient::Calories, _) => {
            // US panels print calories without a unit; a Chinese one prints kJ.
            if kind != LabelKind::NutritionFacts {
                doubts.push(Doubt::UnitAssumed);
            }
            if kind == LabelKind::Gb28050 {
                Unit::Kj
            } else {
                Unit::Kcal
            }
        }
        (_, Some(u @ (Unit::Gram | Unit::Milligram))) => u,
        (Nutrient::Sodium, _) => {
            doubts.push(Doubt::UnitAssumed);
            Unit::Milligram
        }
        _ => {
            doubts.push(Doubt::UnitAssumed);
            Unit::Gram
        }
    };
    let printed = Some(format!("{} {}", reading.value, unit.as_str()));
    if reading.confidence < MIN_DIGIT_CONFIDENCE {
        return empty(
            Certainty::Unread,
            vec![Doubt::Faint],
            printed,
            reading.confidence,
        );
    }
    let factor = match (basis, serving) {
        (Some(Basis::PerServing), Some(grams)) => 100.0 / grams,
        (Some(Basis::PerServing), None) => {
            return empty(
                Certainty::Unread,
                vec![Doubt::NoServingSize],
                printed,
                reading.confidence,
            );
        }
        (Some(Basis::Per100g | Basis::Per100ml), _) => 1.0,
        // A US panel is always per serving; a Chinese one most often per 100 g.
        (None, Some(grams)) if kind == LabelKind::NutritionFacts => {
            doubts.push(Doubt::BasisAssumed);
            100.0 / grams
        }
        (None, _) => {
            doubts.push(Doubt::BasisAssumed);
            1.0
        }
    };
    let value = match (nutrient, unit) {
        (Nutrient::Calories, Unit::Kj) => reading.value / KJ_PER_KCAL,
        (Nutrient::Sodium, Unit::Gram) => reading.value * 1000.0,
        (Nutrient::Sodium, _) => reading.value,
        (_, Unit::Milligram) => reading.value / 1000.0,
        _ => reading.value,
    } * factor;
    let sure = doubts.is_empty() && reading.confidence >= SURE_CONFIDENCE;
    LabelField {
        nutrient,
        value: Some(round1(value)),
        printed,
        certainty: if sure {
            Certainty::Sure
        } else {
            Certainty::Check
        },
        confidence: reading.confidence,
        doubts,
    }
}

/// Food's limits per 100 g: a value past them is misread.
fn out_of_range(nutrient: Nutrient, value: f64) -> bool {
    let limit = match nutrient {
        Nutrient::Calories => MAX_CALORIES,
        Nutrient::Sodium => MAX_SODIUM_MG,
        _ => MAX_MACRO_GRAMS,
    };
    !(0.0..=limit).contains(&value)
}

/// Clears a field that fails a check, saying which.
fn reject(reading: &mut LabelReading, nutrient: Nutrient, why: Doubt) {
    if let Some(field) = reading.fields.iter_mut().find(|f| f.nutrient == nutrient) {
        field.value = None;
        field.certainty = Certainty::Implausible;
        field.doubts.push(why);
    }
}

/// The sanity rules: each value within what food holds; sugars within carbohydrate;
/// protein, fat and carbohydrate at most 100 g per 100 g; energy near what they give.
/// When values disagree, the one read least surely is cleared.
fn check(reading: &mut LabelReading) {
    for nutrient in Nutrient::ALL {
        if reading
            .field(nutrient)
            .value
            .is_some_and(|v| out_of_range(nutrient, v))
        {
            reject(reading, nutrient, Doubt::OutOfRange);
        }
    }
    let value = |r: &LabelReading, n| r.field(n).value;
    if let (Some(sugar), Some(carbs)) = (
        value(reading, Nutrient::Sugar),
        value(reading, Nutrient::Carbs),
    ) && sugar > carbs + 0.5
    {
        reject(reading, Nutrient::Sugar, Doubt::SugarOverCarbs);
    }
    let macros = [Nutrient::Protein, Nutrient::Fat, Nutrient::Carbs];
    let least_sure = |r: &LabelReading, among: &[Nutrient]| {
        among
            .iter()
            .filter(|n| r.field(**n).value.is_some())
            .min_by(|a, b| r.field(**a).confidence.total_cmp(&r.field(**b).confidence))
            .copied()
    };
    let sum: f64 = macros.iter().filter_map(|n| value(reading, *n)).sum();
    if reading.basis != Some(Basis::Per100ml)
        && sum > MAX_MACRO_GRAMS + MACRO_SUM_SLACK
        && let Some(culprit) = least_sure(reading, &macros)
    {
        reject(reading, culprit, Doubt::MacrosOver100);
    }
    if let (Some(kcal), Some(p), Some(f), Some(c)) = (
        value(reading, Nutrient::Calories),
        value(reading, Nutrient::Protein),
        value(reading, Nutrient::Fat),
        value(reading, Nutrient::Carbs),
    ) {
        let fibre = value(reading, Nutrient::Fiber).unwrap_or(0.0);
        let expected = 4.0 * p + 9.0 * f + 4.0 * c + 2.0 * fibre;
        let gap = (kcal - expected).abs();
        if gap > ENERGY_SLACK_KCAL && gap > ENERGY_SLACK_SHARE * kcal.max(expected) {
            let all = [
                Nutrient::Calories,
                Nutrient::Protein,
                Nutrient::Fat,
                Nutrient::Carbs,
            ];
            if let Some(culprit) = least_sure(reading, &all) {
                reject(reading, culprit, Doubt::EnergyMismatch);
            }
        }
    }
}
