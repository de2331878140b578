//! A nutrition label as read from a photo: its kind, its basis, and each nutrient's
//! value with how sure the reading is and why a value was left empty. The reading
//! itself (the OCR lines made into rows, names and values) is the worker's
//! (`worker::labels::reader`).

use serde::{Deserialize, Serialize};

/// One kilocalorie in kilojoules.
pub const KJ_PER_KCAL: f64 = 4.184;

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
    pub const GB_ORDER: [Nutrient; 5] = [
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
    /// The value's row was inferred: a misread name placed by GB 28050's order of rows,
    /// or a US panel's calories read from the row beside "Calories".
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
