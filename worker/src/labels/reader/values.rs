//! Numbers and units in a row, cleaned of the usual OCR confusions beside units.

use super::rows::Glyph;

/// What a number is trusted at when it runs on into a word.
pub(super) const RAN_INTO_WORD_CONFIDENCE: f32 = 0.8;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Unit {
    Kj,
    Kcal,
    Gram,
    Milligram,
    Millilitre,
    Percent,
}

impl Unit {
    pub(super) fn as_str(self) -> &'static str {
        match self {
            Unit::Kj => "kJ",
            Unit::Kcal => "kcal",
            Unit::Gram => "g",
            Unit::Milligram => "mg",
            Unit::Millilitre => "mL",
            Unit::Percent => "%",
        }
    }
}

/// The units labels print, longest first so "mg" is not read as "g".
pub(super) const UNITS: &[(&str, Unit)] = &[
    ("千焦", Unit::Kj),
    ("kcal", Unit::Kcal),
    ("千卡", Unit::Kcal),
    ("大卡", Unit::Kcal),
    ("毫克", Unit::Milligram),
    ("毫升", Unit::Millilitre),
    ("kj", Unit::Kj),
    ("mg", Unit::Milligram),
    ("ml", Unit::Millilitre),
    ("克", Unit::Gram),
    ("g", Unit::Gram),
    ("%", Unit::Percent),
];

/// A number read from a row, with the unit after it.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Reading {
    pub(super) value: f64,
    pub(super) unit: Option<Unit>,
    /// The least sure of its digits.
    pub(super) confidence: f32,
    /// Where in the row it starts (glyph index).
    pub(super) start: usize,
    pub(super) x: f32,
    /// Its digits as cleaned ("1580", "6.5").
    pub(super) digits: String,
}

/// Letters OCR reads for digits, taken as digits only inside a number.
pub(super) fn digit_like(c: char) -> Option<char> {
    match c {
        '0'..='9' => Some(c),
        'O' | 'o' | 'D' | 'Q' => Some('0'),
        'B' => Some('8'),
        'l' | 'I' | '|' | 'i' => Some('1'),
        'S' | 's' => Some('5'),
        'Z' => Some('2'),
        _ => None,
    }
}

/// The unit starting at `at`, and where it ends.
pub(super) fn unit_at(glyphs: &[Glyph], at: usize) -> Option<(Unit, usize)> {
    let rest: String = glyphs[at..]
        .iter()
        .take(4)
        .map(|g| g.c.to_ascii_lowercase())
        .collect();
    UNITS.iter().find_map(|(text, unit)| {
        if !rest.starts_with(text) {
            return None;
        }
        let end = at + text.chars().count();
        // "g" must not be the start of a word ("grams" is fine, "Sugars" is not a unit).
        let word_goes_on = glyphs
            .get(end)
            .is_some_and(|g| g.c.is_ascii_alphabetic() && !matches!(g.c, 'J' | 'j'));
        let latin = text.chars().all(|c| c.is_ascii_alphabetic());
        (!(latin && word_goes_on) || *text == "g" && glyphs.get(end).is_some_and(|g| g.c == '('))
            .then_some((*unit, end))
    })
}

/// The numbers of a row, each with its unit (read across a space or an opening bracket).
pub(super) fn readings(glyphs: &[Glyph]) -> Vec<Reading> {
    let mut found = Vec::new();
    let mut i = 0;
    while i < glyphs.len() {
        // A digit-like letter inside a Latin word is a letter ("Total"); after a Chinese
        // name ("每份30克") a number may start at once.
        let starts_word = i == 0 || !glyphs[i - 1].c.is_ascii_alphabetic();
        if !starts_word || digit_like(glyphs[i].c).is_none() {
            i += 1;
            continue;
        }
        // The longest run of digits, digit-like letters and separators.
        let mut end = i;
        while end < glyphs.len()
            && (digit_like(glyphs[end].c).is_some() || matches!(glyphs[end].c, '.' | ','))
        {
            end += 1;
        }
        while end > i && matches!(glyphs[end - 1].c, '.' | ',') {
            end -= 1;
        }
        // Digit-like letters running on into the rest of a word (not a unit) belong to
        // it ("135lories"); before a capital a new word starts ("22OCalories" is 220,
        // "Og" is 0 g).
        if glyphs.get(end).is_some_and(|g| g.c.is_ascii_lowercase())
            && unit_at(glyphs, end).is_none()
        {
            while end > i && !glyphs[end - 1].c.is_ascii_digit() {
                end -= 1;
            }
        }
        let run = &glyphs[i..end];
        let has_digit = run.iter().any(|g| g.c.is_ascii_digit());
        let mut after = end;
        while after < glyphs.len() && matches!(glyphs[after].c, ' ' | '(') {
            after += 1;
        }
        let unit = (after < glyphs.len())
            .then(|| unit_at(glyphs, after))
            .flatten();
        // Letters alone are a number only right before a unit ("Og" is 0 g).
        if (!has_digit && unit.is_none()) || run.is_empty() {
            i = end.max(i + 1);
            continue;
        }
        // Digits running on into a word ("235Calories from Fat") were read with the
        // word: the boundary, and so the last digit, is in doubt.
        let runs_into_word =
            unit.is_none() && glyphs.get(end).is_some_and(|g| g.c.is_ascii_alphabetic());
        let digits: String = run.iter().map(|g| digit_like(g.c).unwrap_or(g.c)).collect();
        if let Some(value) = parse_number(&digits) {
            let confidence = run.iter().map(|g| g.confidence).fold(1.0, f32::min);
            found.push(Reading {
                value,
                unit: unit.map(|u| u.0),
                confidence: if runs_into_word {
                    confidence.min(RAN_INTO_WORD_CONFIDENCE)
                } else {
                    confidence
                },
                start: i,
                x: run[0].x,
                digits,
            });
        }
        i = unit.map_or(end, |u| u.1).max(i + 1);
    }
    found
}

/// "1,580" is a thousand and more, "2,5" and "2.5" two and a half.
pub(super) fn parse_number(digits: &str) -> Option<f64> {
    let separators = digits.matches(['.', ',']).count();
    let cleaned = match digits.find(',') {
        Some(at) if separators == 1 && digits.len() - at - 1 == 3 => digits.replace(',', ""),
        Some(_) if separators == 1 => digits.replace(',', "."),
        Some(_) => return None,
        None if separators > 1 => return None,
        None => digits.to_owned(),
    };
    cleaned.parse().ok().filter(|v: &f64| v.is_finite())
}
