//! Vitamins, minerals and the fats beside them, per 100 g of a food, and their sums over
//! what a person ate (issue 36). A value a source does not give is unknown (`None`), never
//! 0, as for fibre, sugar and sodium. A food worked out from a recipe knows a nutrient for
//! only the share of its ingredients' grams whose foods give it: that share is its
//! coverage, kept beside the value, so a dish says "from 80 % of its ingredients" instead
//! of passing a partial sum off as the whole.

use std::collections::HashMap;
use std::fmt;

use serde::de::{self, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The unit a micronutrient is counted in; its key ends with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    Micrograms,
    Milligrams,
    Grams,
}

impl Unit {
    pub fn as_str(self) -> &'static str {
        match self {
            Unit::Micrograms => "µg",
            Unit::Milligrams => "mg",
            Unit::Grams => "g",
        }
    }
}

/// The three groups the app shows them in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    Vitamins,
    Minerals,
    Fats,
}

macro_rules! micronutrients {
    ($($variant:ident => $key:literal, $unit:ident, $group:ident, $max:literal;)*) => {
        /// One vitamin, mineral or fat the product tracks. The wire key (`vitamin_c_mg`)
        /// names it with its unit.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Micronutrient {
            $($variant,)*
        }

        impl Micronutrient {
            /// Every one, in the order the app lists them.
            pub const ALL: [Micronutrient; COUNT] = [$(Micronutrient::$variant,)*];

            pub fn key(self) -> &'static str {
                match self {
                    $(Micronutrient::$variant => $key,)*
                }
            }

            pub fn unit(self) -> Unit {
                match self {
                    $(Micronutrient::$variant => Unit::$unit,)*
                }
            }

            pub fn group(self) -> Group {
                match self {
                    $(Micronutrient::$variant => Group::$group,)*
                }
            }

            /// The most 100 g of any food holds, with room: above it a typed value is a
            /// slip of the unit (mg for µg), refused rather than logged.
            pub fn max_per_100g(self) -> f64 {
                match self {
                    $(Micronutrient::$variant => $max,)*
                }
            }
        }
    };
}

/// How many micronutrients there are.
pub const COUNT: usize = 24;

// Bounds: beef liver has about 9,400 µg vitamin A RAE, cod liver oil 250 µg vitamin D,
// salt 38,758 mg sodium (not here), seaweeds up to about 7,000 mg potassium, Brazil
// nuts 1,917 µg selenium, cloves 60 mg manganese, egg yolk powder 2,300 mg cholesterol.
micronutrients! {
    VitaminA => "vitamin_a_ug", Micrograms, Vitamins, 50_000.0;
    VitaminC => "vitamin_c_mg", Milligrams, Vitamins, 5_000.0;
    VitaminD => "vitamin_d_ug", Micrograms, Vitamins, 1_000.0;
    VitaminE => "vitamin_e_mg", Milligrams, Vitamins, 500.0;
    VitaminK => "vitamin_k_ug", Micrograms, Vitamins, 5_000.0;
    Thiamin => "thiamin_mg", Milligrams, Vitamins, 100.0;
    Riboflavin => "riboflavin_mg", Milligrams, Vitamins, 100.0;
    Niacin => "niacin_mg", Milligrams, Vitamins, 500.0;
    VitaminB6 => "vitamin_b6_mg", Milligrams, Vitamins, 100.0;
    Folate => "folate_ug", Micrograms, Vitamins, 10_000.0;
    VitaminB12 => "vitamin_b12_ug", Micrograms, Vitamins, 1_000.0;
    Calcium => "calcium_mg", Milligrams, Minerals, 10_000.0;
    Iron => "iron_mg", Milligrams, Minerals, 500.0;
    Magnesium => "magnesium_mg", Milligrams, Minerals, 5_000.0;
    Phosphorus => "phosphorus_mg", Milligrams, Minerals, 10_000.0;
    Potassium => "potassium_mg", Milligrams, Minerals, 20_000.0;
    Zinc => "zinc_mg", Milligrams, Minerals, 500.0;
    Copper => "copper_mg", Milligrams, Minerals, 100.0;
    Manganese => "manganese_mg", Milligrams, Minerals, 500.0;
    Selenium => "selenium_ug", Micrograms, Minerals, 5_000.0;
    Cholesterol => "cholesterol_mg", Milligrams, Fats, 5_000.0;
    SaturatedFat => "saturated_fat_g", Grams, Fats, 100.0;
    MonounsaturatedFat => "monounsaturated_fat_g", Grams, Fats, 100.0;
    PolyunsaturatedFat => "polyunsaturated_fat_g", Grams, Fats, 100.0;
}

impl Micronutrient {
    pub fn from_key(key: &str) -> Option<Micronutrient> {
        Micronutrient::ALL.into_iter().find(|m| m.key() == key)
    }

    fn index(self) -> usize {
        self as usize
    }

    /// A value as shown and stored: 3 significant digits are what the tables carry.
    pub fn rounded(value: f64) -> f64 {
        if value == 0.0 || !value.is_finite() {
            return 0.0;
        }
        let digits = 2 - value.abs().log10().floor() as i32;
        let scale = 10f64.powi(digits.clamp(0, 6));
        (value * scale).round() / scale
    }
}

impl fmt::Display for Micronutrient {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A food's micronutrients per 100 g, each known or not, and for a food worked out from
/// a recipe the share of the recipe's grams each value comes from.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Micronutrients {
    values: [Option<f64>; COUNT],
    /// 1 (or unset) for a food whose source gives the value; less for a recipe's value
    /// that some ingredients could not give.
    coverage: [Option<f64>; COUNT],
}

impl Micronutrients {
    /// Nothing known.
    pub const UNKNOWN: Micronutrients = Micronutrients {
        values: [None; COUNT],
        coverage: [None; COUNT],
    };

    pub fn get(&self, m: Micronutrient) -> Option<f64> {
        self.values[m.index()]
    }

    pub fn set(&mut self, m: Micronutrient, value: Option<f64>) {
        self.values[m.index()] = value.filter(|v| v.is_finite() && *v >= 0.0);
        if self.values[m.index()].is_none() {
            self.coverage[m.index()] = None;
        }
    }

    /// The share of the grams the value comes from (1 for a food that gives it whole).
    pub fn coverage(&self, m: Micronutrient) -> f64 {
        match self.values[m.index()] {
            None => 0.0,
            Some(_) => self.coverage[m.index()].unwrap_or(1.0),
        }
    }

    /// Whether some value comes from only part of a recipe.
    pub fn is_partial(&self) -> bool {
        Micronutrient::ALL
            .into_iter()
            .any(|m| self.get(m).is_some() && self.coverage(m) < 1.0)
    }

    pub fn with(mut self, m: Micronutrient, value: f64) -> Self {
        self.set(m, Some(value));
        self
    }

    /// Whether nothing is known.
    pub fn is_unknown(&self) -> bool {
        self.values.iter().all(Option::is_none)
    }

    pub fn known(&self) -> impl Iterator<Item = (Micronutrient, f64)> + '_ {
        Micronutrient::ALL
            .into_iter()
            .filter_map(|m| self.get(m).map(|v| (m, v)))
    }

    /// As stored: the values in [`Micronutrient::ALL`]'s order, comma-separated, empty
    /// when unknown, a partial one followed by `/` and its coverage; `None` when nothing
    /// is known (most foods of imports without them cost nothing).
    pub fn to_column(&self) -> Option<String> {
        if self.is_unknown() {
            return None;
        }
        let fields: Vec<String> = Micronutrient::ALL
            .into_iter()
            .map(|m| match self.get(m) {
                None => String::new(),
                Some(v) => {
                    let value = number(Micronutrient::rounded(v));
                    match self.coverage[m.index()] {
                        Some(c) if c < 1.0 => format!("{value}/{}", number(round3(c))),
                        _ => value,
                    }
                }
            })
            .collect();
        Some(fields.join(","))
    }

    /// Reads [`Micronutrients::to_column`]'s text; a field it cannot read is unknown.
    pub fn from_column(column: Option<&str>) -> Micronutrients {
        let mut out = Micronutrients::UNKNOWN;
        let Some(text) = column else {
            return out;
        };
        for (m, field) in Micronutrient::ALL.into_iter().zip(text.split(',')) {
            let (value, coverage) = match field.split_once('/') {
                Some((v, c)) => (v, c.parse::<f64>().ok()),
                None => (field, None),
            };
            if let Ok(v) = value.trim().parse::<f64>() {
                out.set(m, Some(v));
                out.coverage[m.index()] = coverage.filter(|c| (0.0..1.0).contains(c));
            }
        }
        out
    }

    /// The values as a food's JSON shows them, rounded: every key, `null` when unknown.
    pub fn rounded(&self) -> Micronutrients {
        let mut out = *self;
        for v in out.values.iter_mut().flatten() {
            *v = Micronutrient::rounded(*v);
        }
        for c in out.coverage.iter_mut().flatten() {
            *c = round3(*c);
        }
        out
    }

    /// Says that `m`'s value comes from only `share` of a dish's grams (as
    /// `partial_coverage` gave it); a share outside 0..1 is whole.
    pub fn set_coverage(&mut self, m: Micronutrient, share: f64) {
        if self.get(m).is_some() {
            self.coverage[m.index()] = Some(share).filter(|c| (0.0..1.0).contains(c));
        }
    }

    /// The shares below 1, by key, for the JSON's `micronutrient_coverage`: `None` for
    /// a food whose source gives every value it has whole.
    pub fn partial_coverage(&self) -> Option<Coverage> {
        self.is_partial().then(|| {
            let mut shares = [None; COUNT];
            for m in Micronutrient::ALL {
                if self.get(m).is_some() {
                    shares[m.index()] = Some(round3(self.coverage(m)));
                }
            }
            Coverage(shares)
        })
    }

    /// The values a recipe's ingredients give its cooked dish, per 100 g of the dish:
    /// each nutrient summed over the ingredients that give it, and the share of the
    /// ingredients' grams those are. What no ingredient gives stays unknown. Beside
    /// [`crate::recipe::cooked_values`], which does the same for the macronutrients.
    pub fn cooked(ingredients: &[(Micronutrients, f64)], cooked_grams: f64) -> Micronutrients {
        let mut totals = MicronutrientTotals::default();
        for (values, grams) in ingredients {
            totals.add(values, *grams);
        }
        let mut out = Micronutrients::UNKNOWN;
        if cooked_grams <= 0.0 || totals.grams <= 0.0 {
            return out;
        }
        for m in Micronutrient::ALL {
            if let Some(amount) = totals.amount(m) {
                out.set(m, Some(amount * 100.0 / cooked_grams));
                let share = totals.coverage(m);
                out.coverage[m.index()] = (share < 1.0).then_some(share);
            }
        }
        out
    }
}

/// A shipped table of micronutrients per 100 g: a header naming the key column and then
/// the micronutrient keys (any subset, any order), one food a line, an empty field
/// unknown. Returns each food's values by its key.
pub fn parse_table(
    text: &str,
    key_column: &str,
) -> Result<HashMap<String, Micronutrients>, String> {
    let mut lines = text.lines().enumerate();
    let header: Vec<&str> = match lines.next() {
        Some((_, header)) => header.trim_end().split('\t').collect(),
        None => return Err("the table is empty".into()),
    };
    if header.first() != Some(&key_column) {
        return Err(format!("the first column must be {key_column:?}"));
    }
    let columns: Vec<Micronutrient> = header[1..]
        .iter()
        .map(|key| Micronutrient::from_key(key).ok_or_else(|| format!("unknown column {key:?}")))
        .collect::<Result<_, _>>()?;
    let mut out = HashMap::new();
    for (i, line) in lines {
        let line = line.trim_end_matches(['\r', '\n']);
        if line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        if fields.len() != header.len() {
            return Err(format!(
                "line {}: expected {} fields, found {}",
                i + 1,
                header.len(),
                fields.len()
            ));
        }
        let mut values = Micronutrients::UNKNOWN;
        for (m, field) in columns.iter().zip(&fields[1..]) {
            let field = field.trim();
            if field.is_empty() {
                continue;
            }
            let v: f64 = field
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite() && *v >= 0.0)
                .ok_or_else(|| format!("line {}: {m} is not a number: {field:?}", i + 1))?;
            values.set(*m, Some(v));
        }
        out.insert(fields[0].trim().to_owned(), values);
    }
    Ok(out)
}

fn round3(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
}

/// A number as stored, without a trailing `.0`.
fn number(v: f64) -> String {
    let text = format!("{v}");
    text.strip_suffix(".0").map(str::to_owned).unwrap_or(text)
}

/// Every key, with its value or `null`.
impl Serialize for Micronutrients {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(COUNT))?;
        for m in Micronutrient::ALL {
            map.serialize_entry(m.key(), &self.get(m))?;
        }
        map.end()
    }
}

/// Any of the keys, each a number or `null`; another key is refused, so a typo is not
/// silently dropped. Values are checked by [`Micronutrients::checked`].
impl<'de> Deserialize<'de> for Micronutrients {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Keys;
        impl<'de> Visitor<'de> for Keys {
            type Value = Micronutrients;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(
                    "an object of micronutrients per 100 g, such as {\"vitamin_c_mg\": 53.2}",
                )
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut out = Micronutrients::UNKNOWN;
                while let Some(key) = map.next_key::<String>()? {
                    let m = Micronutrient::from_key(&key).ok_or_else(|| {
                        de::Error::custom(format!("unknown micronutrient {key:?}"))
                    })?;
                    let value: Option<f64> = map.next_value()?;
                    out.values[m.index()] = value;
                }
                Ok(out)
            }
        }
        deserializer.deserialize_map(Keys)
    }
}

impl Micronutrients {
    /// Values as a person typed them: each within its bound, or which one is wrong.
    pub fn checked(self) -> Result<Micronutrients, String> {
        for m in Micronutrient::ALL {
            if let Some(v) = self.values[m.index()]
                && (!v.is_finite() || !(0.0..=m.max_per_100g()).contains(&v))
            {
                return Err(format!(
                    "{} must be between 0 and {} {} per 100 g",
                    m.key(),
                    m.max_per_100g(),
                    m.unit().as_str()
                ));
            }
        }
        Ok(self)
    }
}

/// An object with a property for each micronutrient, a number or null.
fn micronutrient_object(
    description: &str,
) -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
    use utoipa::openapi::schema::{ObjectBuilder, SchemaType, Type};
    let mut object = ObjectBuilder::new().description(Some(description.to_owned()));
    for m in Micronutrient::ALL {
        object = object.property(
            m.key(),
            ObjectBuilder::new()
                .schema_type(SchemaType::from_iter([Type::Number, Type::Null]))
                .description(Some(m.unit().as_str())),
        );
    }
    object.into()
}

/// In the API document: an object with every key, a number or null.
impl utoipa::PartialSchema for Micronutrients {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        micronutrient_object(
            "Vitamins, minerals and fats per 100 g (or, in statistics, in total). Null: the source does not give it, which is not 0.",
        )
    }
}

impl utoipa::ToSchema for Micronutrients {}

/// The share (0–1) of the grams each value comes from; keys without one are left out.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Coverage([Option<f64>; COUNT]);

impl Coverage {
    pub fn get(&self, m: Micronutrient) -> Option<f64> {
        self.0[m.index()]
    }
}

impl Serialize for Coverage {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let known = self.0.iter().filter(|c| c.is_some()).count();
        let mut map = serializer.serialize_map(Some(known))?;
        for m in Micronutrient::ALL {
            if let Some(share) = self.get(m) {
                map.serialize_entry(m.key(), &share)?;
            }
        }
        map.end()
    }
}

impl utoipa::PartialSchema for Coverage {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        micronutrient_object(
            "For each micronutrient, the share (0 to 1) of the grams its value comes from: of a recipe's ingredients, or of what was eaten. Below 1, the value is what that share holds and the rest is unknown.",
        )
    }
}

impl utoipa::ToSchema for Coverage {}

/// Micronutrients summed over foods eaten: each one's amount over the grams whose food
/// gives it, and those grams beside all the grams, for its coverage.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct MicronutrientTotals {
    /// Grams of food counted.
    pub grams: f64,
    amounts: [f64; COUNT],
    known_grams: [f64; COUNT],
}

impl MicronutrientTotals {
    /// Adds `grams` of a food with these values per 100 g.
    pub fn add(&mut self, per_100g: &Micronutrients, grams: f64) {
        if !(grams.is_finite() && grams > 0.0) {
            return;
        }
        self.grams += grams;
        for m in Micronutrient::ALL {
            if let Some(v) = per_100g.get(m) {
                self.amounts[m.index()] += v * grams / 100.0;
                self.known_grams[m.index()] += grams * per_100g.coverage(m);
            }
        }
    }

    pub fn plus(&mut self, other: &MicronutrientTotals) {
        self.grams += other.grams;
        for i in 0..COUNT {
            self.amounts[i] += other.amounts[i];
            self.known_grams[i] += other.known_grams[i];
        }
    }

    /// The amount eaten: `None` when no food counted gives it.
    pub fn amount(&self, m: Micronutrient) -> Option<f64> {
        (self.known_grams[m.index()] > 0.0).then_some(self.amounts[m.index()])
    }

    /// The share of the grams whose food gives it (0 when nothing was eaten).
    pub fn coverage(&self, m: Micronutrient) -> f64 {
        if self.grams <= 0.0 {
            return 0.0;
        }
        (self.known_grams[m.index()] / self.grams).min(1.0)
    }

    /// The amounts, rounded, as [`Micronutrients`] (so they serialise under the same
    /// keys as a food's).
    pub fn amounts(&self) -> Micronutrients {
        self.per_day(1)
    }

    /// The amounts divided by `days` (a range's daily average), rounded.
    pub fn per_day(&self, days: u32) -> Micronutrients {
        let mut out = Micronutrients::UNKNOWN;
        if days == 0 {
            return out;
        }
        for m in Micronutrient::ALL {
            out.values[m.index()] = self
                .amount(m)
                .map(|a| Micronutrient::rounded(a / f64::from(days)));
        }
        out
    }

    /// Every key's coverage, rounded to 3 places.
    pub fn coverage_all(&self) -> Coverage {
        let mut shares = [None; COUNT];
        for m in Micronutrient::ALL {
            shares[m.index()] = Some(round3(self.coverage(m)));
        }
        Coverage(shares)
    }

    /// As stored on a meal: the grams, the 24 amounts and the 24 known grams, each a
    /// little-endian `f32` (196 bytes); `None` for no grams at all. A meal none of whose
    /// foods give any is stored too: its grams count against the day's coverage. Binary,
    /// not text, because statistics read one a meal over long ranges: decoding is a copy,
    /// where parsing 49 numbers would cost more than the rest of the statistics.
    pub fn to_column(&self) -> Option<Vec<u8>> {
        if self.grams <= 0.0 {
            return None;
        }
        let mut out = Vec::with_capacity(4 * (1 + 2 * COUNT));
        let numbers = std::iter::once(self.grams)
            .chain(self.amounts)
            .chain(self.known_grams);
        for v in numbers {
            out.extend_from_slice(&(v as f32).to_le_bytes());
        }
        Some(out)
    }

    /// Reads [`MicronutrientTotals::to_column`]'s bytes; anything else reads as nothing.
    pub fn from_column(column: Option<&[u8]>) -> MicronutrientTotals {
        let mut out = MicronutrientTotals::default();
        let Some(bytes) = column.filter(|b| b.len() == 4 * (1 + 2 * COUNT)) else {
            return out;
        };
        let mut numbers = bytes
            .chunks_exact(4)
            .map(|b| f64::from(f32::from_le_bytes([b[0], b[1], b[2], b[3]])));
        out.grams = numbers.next().unwrap_or_default();
        for amount in &mut out.amounts {
            *amount = numbers.next().unwrap_or_default();
        }
        for known in &mut out.known_grams {
            *known = numbers.next().unwrap_or_default();
        }
        out
    }
}

#[cfg(test)]
mod tests;
