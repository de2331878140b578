//! A nutrition label read from the lines of text an OCR engine found: a Chinese
//! 营养成分表 (GB 28050) or a US Nutrition Facts panel, turned into values per 100 g.
//!
//! The lines are put into rows by where they lie (the page may be tilted), each row's
//! name is matched loosely against the names labels use (and, on a Chinese table, by
//! GB 28050's fixed order when a name is misread), its value cleaned of the usual OCR
//! confusions next to units, and the whole checked against what food can be. A value that
//! cannot be read or fails a check is left empty and says why: the user fills it in;
//! nothing is guessed.

use serde::{Deserialize, Serialize};

/// One kilocalorie in kilojoules.
pub const KJ_PER_KCAL: f64 = 4.184;

/// A value's digits must each be read at least this surely, or the value is not used.
const MIN_DIGIT_CONFIDENCE: f32 = 0.5;
/// Below this (or with a name, unit or basis worked out rather than read) the user is
/// asked to check the value.
const SURE_CONFIDENCE: f32 = 0.9;
/// What a number is trusted at when it runs on into a word.
const RAN_INTO_WORD_CONFIDENCE: f32 = 0.8;
/// Printed values are rounded; macros may add up to a little over 100 g.
const MACRO_SUM_SLACK: f64 = 2.0;
/// Energy and macros disagree when they differ by more than this share of the larger
/// (labels round, and fibre, alcohol and polyols add energy), and by more than
/// `ENERGY_SLACK_KCAL`.
const ENERGY_SLACK_SHARE: f64 = 0.3;
const ENERGY_SLACK_KCAL: f64 = 40.0;

/// A line of text an OCR engine read, and where it lies in the photo.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TextLine {
    pub text: String,
    /// How sure the engine is of each character of `text`, 0 to 1.
    pub confidences: Vec<f32>,
    /// Top left, top right, bottom right, bottom left, in photo pixels.
    pub corners: [(f32, f32); 4],
}

/// Which kind of panel the photo shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LabelKind {
    /// China's 营养成分表 (GB 28050).
    Gb28050,
    /// The US Nutrition Facts panel.
    NutritionFacts,
    Unknown,
}

/// What the printed values are given for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Basis {
    Per100g,
    /// Taken as per 100 g (a drink's density is close to water's).
    Per100ml,
    PerServing,
}

/// The fields of a custom food a label fills, named as `Nutrients` names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Nutrient {
    Calories,
    Protein,
    Fat,
    Carbs,
    Sodium,
    Fiber,
    Sugar,
}

impl Nutrient {
    pub const ALL: [Nutrient; 7] = [
        Nutrient::Calories,
        Nutrient::Protein,
        Nutrient::Fat,
        Nutrient::Carbs,
        Nutrient::Sodium,
        Nutrient::Fiber,
        Nutrient::Sugar,
    ];

    /// Every label must give these; the others only some do.
    pub fn is_mandatory(self) -> bool {
        !matches!(self, Nutrient::Fiber | Nutrient::Sugar)
    }

    /// GB 28050's fixed order of the mandatory rows.
    const GB_ORDER: [Nutrient; 5] = [
        Nutrient::Calories,
        Nutrient::Protein,
        Nutrient::Fat,
        Nutrient::Carbs,
        Nutrient::Sodium,
    ];
}

/// How far a field's value can be trusted, in the words the dialog shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Certainty {
    /// Read clearly.
    Sure,
    /// Read, but please check it (faint digits, a name or unit worked out).
    Check,
    /// Not read: the field is empty.
    Unread,
    /// Read, but impossible for food (or at odds with the other values): left empty.
    Implausible,
    /// The label does not give it (an optional field such as fibre).
    NotOnLabel,
}

/// Why a field is empty or doubtful.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Doubt {
    /// No row of the label named it.
    NotFound,
    /// Its row was found, but no value could be read from it.
    NoValue,
    /// The digits were too faint or blurred to trust.
    Faint,
    /// The row's name was misread; it was placed by GB 28050's order of rows.
    NameInferred,
    /// No unit was read; the usual one was assumed.
    UnitAssumed,
    /// The values are per serving and the serving size could not be read.
    NoServingSize,
    /// Whether the values are per 100 g or per serving could not be read.
    BasisAssumed,
    /// More than a food can hold (over 100 g per 100 g, over 900 kcal…).
    OutOfRange,
    /// Protein, fat and carbohydrate add up to more than 100 g per 100 g.
    MacrosOver100,
    /// The energy does not fit the protein, fat and carbohydrate.
    EnergyMismatch,
    /// Sugars are part of the carbohydrate, yet more than it.
    SugarOverCarbs,
}

/// One field of the food, per 100 g.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct LabelField {
    pub nutrient: Nutrient,
    /// Per 100 g (kcal, g, sodium in mg); empty when unread or implausible.
    pub value: Option<f64>,
    /// The value as printed, with its unit ("1580 kJ", "6.5 g").
    pub printed: Option<String>,
    pub certainty: Certainty,
    /// The least sure character of the value, 0 to 1.
    pub confidence: f32,
    pub doubts: Vec<Doubt>,
}

/// A label as read: per 100 g, every field accounted for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LabelReading {
    pub kind: LabelKind,
    pub basis: Option<Basis>,
    pub serving_grams: Option<f64>,
    /// In `Nutrient::ALL`'s order.
    pub fields: Vec<LabelField>,
    /// The rows of text as read, top to bottom (for the user to compare).
    pub rows: Vec<String>,
}

impl LabelReading {
    pub fn field(&self, nutrient: Nutrient) -> &LabelField {
        self.fields
            .iter()
            .find(|f| f.nutrient == nutrient)
            .expect("every nutrient has a field")
    }

    /// Whether anything of a nutrition label was found at all.
    pub fn found_anything(&self) -> bool {
        self.fields.iter().any(|f| f.value.is_some())
    }
}

// ----------------------------------------------------------------------------------
// Rows

/// One character of a row, with how sure the engine was of it and where its line is.
#[derive(Debug, Clone, Copy)]
struct Glyph {
    c: char,
    confidence: f32,
    /// The horizontal centre of its line, along the page.
    x: f32,
}

#[derive(Debug, Clone)]
struct Row {
    glyphs: Vec<Glyph>,
}

impl Row {
    fn text(&self) -> String {
        self.glyphs.iter().map(|g| g.c).collect()
    }
}

/// Full-width forms and look-alikes as the plain characters the rest expects.
fn plain(c: char) -> char {
    match c {
        '（' => '(',
        '）' => ')',
        '：' => ':',
        '％' => '%',
        '，' => ',',
        '．' | '。' | '·' => '.',
        '／' => '/',
        '—' | '－' | '–' | '一' => '-',
        c if ('０'..='９').contains(&c) => {
            char::from_u32(c as u32 - '０' as u32 + '0' as u32).unwrap_or(c)
        }
        c if ('Ａ'..='Ｚ').contains(&c) => {
            char::from_u32(c as u32 - 'Ａ' as u32 + 'A' as u32).unwrap_or(c)
        }
        c if ('ａ'..='ｚ').contains(&c) => {
            char::from_u32(c as u32 - 'ａ' as u32 + 'a' as u32).unwrap_or(c)
        }
        c => c,
    }
}

/// The lines put into rows. A line joins the row of the line beside it when it lies
/// where that line, carried on along its own direction, would be (within half a line's
/// height): rows stay together on a tilted page and across the slope a photo taken at an
/// angle gives each part of a label.
fn rows_of(lines: &[TextLine]) -> Vec<Row> {
    struct Placed<'a> {
        line: &'a TextLine,
        centre: (f32, f32),
        /// Along the line: its own direction when long enough to have one, else the
        /// page's.
        along: (f32, f32),
        height: f32,
    }
    let length = |a: (f32, f32), b: (f32, f32)| ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt();
    let direction = |l: &TextLine| {
        let [tl, tr, br, bl] = l.corners;
        let (dx, dy) = (tr.0 - tl.0 + br.0 - bl.0, tr.1 - tl.1 + br.1 - bl.1);
        let norm = (dx * dx + dy * dy).sqrt().max(1e-6);
        (dx / norm, dy / norm)
    };
    let elongated = |l: &TextLine| {
        length(l.corners[0], l.corners[1]) > 2.0 * length(l.corners[0], l.corners[3])
    };
    let mut slants: Vec<f32> = lines
        .iter()
        .filter(|l| elongated(l))
        .map(|l| {
            let (dx, dy) = direction(l);
            dy.atan2(dx)
        })
        .collect();
    slants.sort_by(f32::total_cmp);
    let slant = slants.get(slants.len() / 2).copied().unwrap_or(0.0);
    let (sin, cos) = slant.sin_cos();
    let mut placed: Vec<Placed> = lines
        .iter()
        .map(|line| Placed {
            line,
            centre: (
                line.corners.iter().map(|c| c.0).sum::<f32>() / 4.0,
                line.corners.iter().map(|c| c.1).sum::<f32>() / 4.0,
            ),
            along: if elongated(line) {
                direction(line)
            } else {
                (cos, sin)
            },
            height: (length(line.corners[0], line.corners[3])
                + length(line.corners[1], line.corners[2]))
                / 2.0,
        })
        .collect();
    // Along the page and down it, the page's slant taken out.
    let page_x = |p: &Placed| p.centre.0 * cos + p.centre.1 * sin;
    let page_y = |p: &Placed| -p.centre.0 * sin + p.centre.1 * cos;
    placed.sort_by(|a, b| page_y(a).total_cmp(&page_y(b)));
    let mut groups: Vec<Vec<Placed>> = Vec::new();
    for p in placed {
        // How far off each row's line it is, in its own heights.
        let off = |group: &Vec<Placed>| {
            let beside = group
                .iter()
                .min_by(|a, b| {
                    (page_x(a) - page_x(&p))
                        .abs()
                        .total_cmp(&(page_x(b) - page_x(&p)).abs())
                })
                .expect("rows are never empty");
            let (ux, uy) = beside.along;
            let (dx, dy) = (p.centre.0 - beside.centre.0, p.centre.1 - beside.centre.1);
            // The distance from `beside`'s line, carried on, to this line's centre.
            (dy * ux - dx * uy).abs() / p.height.min(beside.height)
        };
        let best = groups
            .iter()
            .enumerate()
            .map(|(i, g)| (i, off(g)))
            .min_by(|a, b| a.1.total_cmp(&b.1));
        match best {
            Some((i, off)) if off <= 0.5 => groups[i].push(p),
            _ => groups.push(vec![p]),
        }
    }
    groups.sort_by(|a, b| {
        let y = |g: &Vec<Placed>| g.iter().map(&page_y).sum::<f32>() / g.len() as f32;
        y(a).total_cmp(&y(b))
    });
    groups
        .into_iter()
        .map(|mut group| {
            group.sort_by(|a, b| page_x(a).total_cmp(&page_x(b)));
            let mut glyphs = Vec::new();
            for p in group {
                let x = page_x(&p);
                if !glyphs.is_empty() {
                    glyphs.push(Glyph {
                        c: ' ',
                        confidence: 1.0,
                        x,
                    });
                }
                let confidences = p
                    .line
                    .confidences
                    .iter()
                    .copied()
                    .chain(std::iter::repeat(1.0));
                for (c, confidence) in p.line.text.chars().zip(confidences) {
                    glyphs.push(Glyph {
                        c: plain(c),
                        confidence,
                        x,
                    });
                }
            }
            Row { glyphs }
        })
        .collect()
}

// ----------------------------------------------------------------------------------
// Numbers and units

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Unit {
    Kj,
    Kcal,
    Gram,
    Milligram,
    Millilitre,
    Percent,
}

impl Unit {
    fn as_str(self) -> &'static str {
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
const UNITS: &[(&str, Unit)] = &[
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
struct Reading {
    value: f64,
    unit: Option<Unit>,
    /// The least sure of its digits.
    confidence: f32,
    /// Where in the row it starts (glyph index).
    start: usize,
    x: f32,
    /// Its digits as cleaned ("1580", "6.5").
    digits: String,
}

/// Letters OCR reads for digits, taken as digits only inside a number.
fn digit_like(c: char) -> Option<char> {
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
fn unit_at(glyphs: &[Glyph], at: usize) -> Option<(Unit, usize)> {
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
fn readings(glyphs: &[Glyph]) -> Vec<Reading> {
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
fn parse_number(digits: &str) -> Option<f64> {
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

// ----------------------------------------------------------------------------------
// Names

/// What a row is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RowName {
    Nutrient(Nutrient),
    /// A row of the label that is none of ours (saturated fat, calcium…).
    Other,
}

const CHINESE_NAMES: &[(&str, Nutrient)] = &[
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
const CHINESE_OTHERS: &[&str] = &[
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

const ENGLISH_NAMES: &[(&str, Nutrient)] = &[
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

const ENGLISH_OTHERS: &[&str] = &[
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

fn edit_distance(a: &[char], b: &[char]) -> usize {
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
fn closest(text: &str, names: &[(&str, Nutrient)]) -> Option<Nutrient> {
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

fn is_cjk(c: char) -> bool {
    ('\u{4e00}'..='\u{9fff}').contains(&c)
}

/// What a row's name (the text before its first number) says it is.
fn name_of(name: &str) -> Option<RowName> {
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

// ----------------------------------------------------------------------------------
// The label

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

/// The weight of a serving: the grams in a row about servings ("每份30克",
/// "Serving size 2/3 cup (55g)").
fn serving_grams(rows: &[Row]) -> Option<f64> {
    rows.iter().find_map(|row| {
        let text = lowercase(row);
        // "Serving size" is often misread or run into its value ("Serving sizø crackers
        // (29g)"); "servings per container" has no grams and is passed over.
        let about_servings = text.contains('份') || text.contains("serv") || text.contains("size");
        if !about_servings {
            return None;
        }
        readings(&row.glyphs)
            .into_iter()
            .find(|r| matches!(r.unit, Some(Unit::Gram | Unit::Millilitre)) && r.value > 0.0)
            .map(|r| r.value)
    })
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
        Nutrient::Calories => crate::food::MAX_CALORIES,
        Nutrient::Sodium => crate::food::MAX_SODIUM_MG,
        _ => crate::food::MAX_MACRO_GRAMS,
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
        && sum > crate::food::MAX_MACRO_GRAMS + MACRO_SUM_SLACK
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A line of text read with full confidence, its box `x, y` (top left), `w × h`.
    fn line(text: &str, x: f32, y: f32, w: f32, h: f32) -> TextLine {
        TextLine {
            text: text.into(),
            confidences: vec![0.99; text.chars().count()],
            corners: [(x, y), (x + w, y), (x + w, y + h), (x, y + h)],
        }
    }

    /// A table: each row's cells at the given columns.
    fn table(rows: &[&[&str]]) -> Vec<TextLine> {
        let mut lines = Vec::new();
        for (r, cells) in rows.iter().enumerate() {
            for (c, cell) in cells.iter().enumerate() {
                if !cell.is_empty() {
                    lines.push(line(
                        cell,
                        20.0 + 220.0 * c as f32,
                        20.0 + 50.0 * r as f32,
                        150.0,
                        30.0,
                    ));
                }
            }
        }
        lines
    }

    fn values(reading: &LabelReading) -> Vec<Option<f64>> {
        reading.fields.iter().map(|f| f.value).collect()
    }

    #[test]
    fn reads_a_chinese_table_per_100_g() {
        let reading = read_label(&table(&[
            &["营养成分表"],
            &["项目", "每100克(g)", "NRV%"],
            &["能量", "1580千焦(kJ)", "19%"],
            &["蛋白质", "6.5克(g)", "11%"],
            &["脂肪", "18.2克", "30%"],
            &["碳水化合物", "60.1g", "20%"],
            &["—糖", "22.0g", ""],
            &["钠", "320毫克(mg)", "16%"],
        ]));
        assert_eq!(reading.kind, LabelKind::Gb28050);
        assert_eq!(reading.basis, Some(Basis::Per100g));
        assert_eq!(
            values(&reading),
            [
                Some(377.6),
                Some(6.5),
                Some(18.2),
                Some(60.1),
                Some(320.0),
                None,
                Some(22.0)
            ]
        );
        assert_eq!(reading.field(Nutrient::Protein).certainty, Certainty::Sure);
        assert_eq!(
            reading.field(Nutrient::Fiber).certainty,
            Certainty::NotOnLabel
        );
        assert_eq!(
            reading.field(Nutrient::Calories).printed.as_deref(),
            Some("1580 kJ")
        );
    }

    #[test]
    fn turns_a_serving_into_100_g() {
        let reading = read_label(&table(&[
            &["营养成分表"],
            &["项目", "每份(30克)", "NRV%"],
            &["能量", "480kJ", "6%"],
            &["蛋白质", "3.0g", "5%"],
            &["脂肪", "4.5g", "8%"],
            &["碳水化合物", "15.0g", "5%"],
            &["钠", "90mg", "5%"],
        ]));
        assert_eq!(reading.basis, Some(Basis::PerServing));
        assert_eq!(reading.serving_grams, Some(30.0));
        assert_eq!(
            values(&reading)[..5],
            [Some(382.4), Some(10.0), Some(15.0), Some(50.0), Some(300.0)]
        );
    }

    #[test]
    fn reads_a_us_panel_per_serving() {
        let reading = read_label(&table(&[
            &["Nutrition Facts"],
            &["8 servings per container"],
            &["Serving size", "2/3 cup (55g)"],
            &["Amount per serving"],
            &["Calories", "230"],
            &["", "", "% Daily Value*"],
            &["Total Fat 8g", "", "10%"],
            &["Saturated Fat 1g", "", "5%"],
            &["Trans Fat 0g"],
            &["Cholesterol 0mg", "", "0%"],
            &["Sodium 160mg", "", "7%"],
            &["Total Carbohydrate 37g", "", "13%"],
            &["Dietary Fiber 4g", "", "14%"],
            &["Total Sugars 12g"],
            &["Includes 10g Added Sugars", "", "20%"],
            &["Protein 3g"],
        ]));
        assert_eq!(reading.kind, LabelKind::NutritionFacts);
        assert_eq!(reading.basis, Some(Basis::PerServing));
        assert_eq!(reading.serving_grams, Some(55.0));
        assert_eq!(
            values(&reading),
            [
                Some(418.2),
                Some(5.5),
                Some(14.5),
                Some(67.3),
                Some(290.9),
                Some(7.3),
                Some(21.8)
            ]
        );
    }

    #[test]
    fn cleans_digits_misread_as_letters_next_to_units() {
        let reading = read_label(&table(&[
            &["营养成分表"],
            &["项目", "每100g", "NRV%"],
            &["能量", "l5BO kJ", "19%"],
            &["蛋白质", "6,5g", "11%"],
            &["脂肪", "1B.2g", "30%"],
            &["碳水化合物", "S0.4g", "20%"],
            &["钠", "3lO mg", "16%"],
        ]));
        assert_eq!(
            values(&reading)[..5],
            [Some(377.6), Some(6.5), Some(18.2), Some(50.4), Some(310.0)]
        );
    }

    #[test]
    fn a_misread_name_is_placed_by_the_tables_order() {
        let reading = read_label(&table(&[
            &["项目", "每100克", "NRV%"],
            &["能量", "1580千焦", "19%"],
            &["蛋臼贡", "6.5克", "11%"],
            &["脂肪", "18.2克", "30%"],
            &["碳水化合物", "60.1克", "20%"],
            &["钠", "320毫克", "16%"],
        ]));
        let protein = reading.field(Nutrient::Protein);
        assert_eq!(protein.value, Some(6.5));
        assert_eq!(protein.certainty, Certainty::Check);
        assert_eq!(protein.doubts, [Doubt::NameInferred]);
    }

    #[test]
    fn saturated_fat_and_added_sugars_are_not_fat_and_sugar() {
        let reading = read_label(&table(&[
            &["营养成分表"],
            &["项目", "每100克", "NRV%"],
            &["能量", "2000千焦", "24%"],
            &["蛋白质", "6.0克", "10%"],
            &["-饱和脂肪酸", "9.0克", "45%"],
            &["脂肪", "25.0克", "42%"],
            &["碳水化合物", "50.0克", "17%"],
            &["钠", "100毫克", "5%"],
        ]));
        assert_eq!(reading.field(Nutrient::Fat).value, Some(25.0));
        let us = read_label(&table(&[
            &["Serving size", "1 bar (40g)"],
            &["Calories", "200"],
            &["Total Fat 8g"],
            &["Total Carbohydrate 28g"],
            &["Includes 10g Added Sugars"],
            &["Protein 4g"],
            &["Sodium 100mg"],
        ]));
        assert_eq!(us.field(Nutrient::Sugar).certainty, Certainty::NotOnLabel);
        assert_eq!(us.field(Nutrient::Calories).value, Some(500.0));
    }

    #[test]
    fn values_food_cannot_hold_are_left_empty_and_flagged() {
        // "18.2" read without its point.
        let reading = read_label(&table(&[
            &["项目", "每100克", "NRV%"],
            &["能量", "1580千焦", "19%"],
            &["蛋白质", "6.5克", "11%"],
            &["脂肪", "182克", "30%"],
            &["碳水化合物", "60.1克", "20%"],
            &["钠", "320毫克", "16%"],
        ]));
        let fat = reading.field(Nutrient::Fat);
        assert_eq!((fat.value, fat.certainty), (None, Certainty::Implausible));
        assert_eq!(fat.doubts, [Doubt::OutOfRange]);
        assert_eq!(reading.field(Nutrient::Protein).value, Some(6.5));
    }

    #[test]
    fn macros_over_100_g_clear_the_least_sure() {
        let mut lines = table(&[
            &["项目", "每100克"],
            &["能量", "1700千焦"],
            &["蛋白质", "65.0克"],
            &["脂肪", "18.0克"],
            &["碳水化合物", "30.0克"],
            &["钠", "300毫克"],
        ]);
        // The protein's first digit was faint.
        let protein = lines.iter_mut().find(|l| l.text == "65.0克").unwrap();
        protein.confidences[0] = 0.7;
        let reading = read_label(&lines);
        let field = reading.field(Nutrient::Protein);
        assert_eq!(field.value, None);
        assert!(field.doubts.contains(&Doubt::MacrosOver100), "{field:?}");
        assert_eq!(reading.field(Nutrient::Fat).value, Some(18.0));
    }

    #[test]
    fn energy_at_odds_with_the_macros_is_cleared() {
        let reading = read_label(&table(&[
            &["项目", "每100克"],
            &["能量", "158千焦"],
            &["蛋白质", "6.5克"],
            &["脂肪", "18.2克"],
            &["碳水化合物", "60.1克"],
            &["钠", "320毫克"],
        ]));
        let energy = reading.field(Nutrient::Calories);
        assert_eq!(energy.value, None);
        assert_eq!(energy.doubts, [Doubt::EnergyMismatch]);
    }

    #[test]
    fn faint_digits_are_not_used() {
        let mut lines = table(&[
            &["项目", "每100克"],
            &["能量", "1580千焦"],
            &["钠", "320毫克"],
        ]);
        lines.last_mut().unwrap().confidences[1] = 0.2;
        let reading = read_label(&lines);
        let sodium = reading.field(Nutrient::Sodium);
        assert_eq!((sodium.value, sodium.certainty), (None, Certainty::Unread));
        assert_eq!(sodium.doubts, [Doubt::Faint]);
        assert_eq!(reading.field(Nutrient::Protein).doubts, [Doubt::NotFound]);
    }

    #[test]
    fn per_serving_without_a_serving_size_is_not_converted() {
        let reading = read_label(&table(&[
            &["Nutrition Facts"],
            &["Amount per serving"],
            &["Calories", "230"],
            &["Protein 3g"],
        ]));
        let protein = reading.field(Nutrient::Protein);
        assert_eq!(
            (protein.value, protein.doubts.as_slice()),
            (None, &[Doubt::NoServingSize][..])
        );
    }

    #[test]
    fn the_per_100_column_is_read_beside_a_serving_column() {
        let reading = read_label(&table(&[
            &["项目", "每100克", "每份(25克)", "NRV%"],
            &["能量", "2000千焦", "500千焦", "6%"],
            &["蛋白质", "8.0克", "2.0克", "3%"],
            &["脂肪", "24.0克", "6.0克", "10%"],
            &["碳水化合物", "60.0克", "15.0克", "5%"],
            &["钠", "400毫克", "100毫克", "5%"],
        ]));
        assert_eq!(reading.basis, Some(Basis::Per100g));
        assert_eq!(
            values(&reading)[..5],
            [Some(478.0), Some(8.0), Some(24.0), Some(60.0), Some(400.0)]
        );
    }

    #[test]
    fn a_tilted_photo_keeps_its_rows() {
        // Rows 40 px apart on a page turned by 8°: far right cells sit lower than the
        // next row's left ones.
        let (sin, cos) = 8f32.to_radians().sin_cos();
        let turn = |x: f32, y: f32| (x * cos - y * sin, x * sin + y * cos);
        let mut lines = Vec::new();
        for (r, (name, value)) in [
            ("能量", "900千焦"),
            ("蛋白质", "5.0克"),
            ("脂肪", "10.0克"),
            ("碳水化合物", "30.0克"),
            ("钠", "50毫克"),
        ]
        .iter()
        .enumerate()
        {
            for (text, x) in [(*name, 0.0), (*value, 400.0)] {
                let y = 40.0 * r as f32;
                let corners = [
                    turn(x, y),
                    turn(x + 150.0, y),
                    turn(x + 150.0, y + 28.0),
                    turn(x, y + 28.0),
                ];
                lines.push(TextLine {
                    text: text.into(),
                    confidences: vec![0.98; text.chars().count()],
                    corners,
                });
            }
        }
        lines.push(line("每100克", 380.0, -60.0, 150.0, 28.0));
        let reading = read_label(&lines);
        assert_eq!(
            values(&reading)[..5],
            [Some(215.1), Some(5.0), Some(10.0), Some(30.0), Some(50.0)]
        );
    }

    #[test]
    fn a_value_run_into_its_percentage_is_split_by_its_daily_value() {
        let reading = read_label(&table(&[
            &["Serving size 1 cup (200g)"],
            &["Calories 420"],
            &["Total Fat 8g 10%"],
            &["Total Carbohydrate 8029%"],
            &["Protein 9g"],
            &["Sodium 160mg 7%"],
        ]));
        let carbs = reading.field(Nutrient::Carbs);
        assert_eq!(carbs.value, Some(40.0));
        assert_eq!(carbs.certainty, Certainty::Check);
        // 1 g and 729 % fits no daily value, nor does 80 g and 9 %: only one split does.
        assert_eq!(
            value_run_into_share(&readings(&glyphs("17263%")), Nutrient::Carbs).map(|r| r.value),
            Some(172.0)
        );
        assert_eq!(
            value_run_into_share(&readings(&glyphs("9999%")), Nutrient::Carbs),
            None
        );
    }

    fn glyphs(text: &str) -> Vec<Glyph> {
        text.chars()
            .map(|c| Glyph {
                c,
                confidence: 1.0,
                x: 0.0,
            })
            .collect()
    }

    #[test]
    fn numbers_and_units_in_a_row() {
        let glyphs: Vec<Glyph> =
            "Calories 145 Calories from Fat 40 Og 1,580 kJ 2,5g 12% 135lories 22OCalories"
                .chars()
                .map(|c| Glyph {
                    c,
                    confidence: 1.0,
                    x: 0.0,
                })
                .collect();
        let found: Vec<(f64, Option<Unit>)> = readings(&glyphs)
            .iter()
            .map(|r| (r.value, r.unit))
            .collect();
        assert_eq!(
            found,
            [
                (145.0, None),
                (40.0, None),
                (0.0, Some(Unit::Gram)),
                (1580.0, Some(Unit::Kj)),
                (2.5, Some(Unit::Gram)),
                (12.0, Some(Unit::Percent)),
                (135.0, None),
                (220.0, None),
            ]
        );
    }
}
