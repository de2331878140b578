//! Users and their profiles: identifiers, the parse-don't-validate newtypes for what a
//! person types in, and the profile with its defaults (SPEC §9).
//!
//! Long on purpose: a person's profile as one domain type: its fields, their parsing and
//! the energy formulas that read them.

use std::fmt;

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use unicode_normalization::UnicodeNormalization;
use unicode_security::GeneralSecurityProfile;

/// Identifies a user. Below 2^53 so JavaScript reads it exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UserId(i64);

impl UserId {
    pub fn new() -> Self {
        let bits = u64::from_le_bytes(uuid::Uuid::new_v4().as_bytes()[..8].try_into().unwrap());
        UserId(i64::try_from(bits & ((1 << 53) - 1)).unwrap_or(1).max(1))
    }

    pub fn from_i64(id: i64) -> Self {
        UserId(id)
    }

    pub fn get(self) -> i64 {
        self.0
    }
}

impl Default for UserId {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Display for UserId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A rule a person's input broke, in words they can act on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Invalid(pub String);

fn invalid(message: impl Into<String>) -> Invalid {
    Invalid(message.into())
}

/// A field of an account's form whose rule a value broke.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AccountField {
    Username,
    Email,
    Password,
    NewPassword,
    Nickname,
}

/// Which rule of an account's field a value broke, so a form can say so under the field
/// in its own language instead of reading the English message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum FieldRule {
    /// Nothing was given.
    Required,
    /// Shorter or longer than the field allows (a username's 3 to 30, a password's 8).
    Length,
    /// Longer than the most the field keeps.
    TooLong,
    /// A character outside the ones a username may hold.
    Characters,
    /// One character that is invisible, rare or drawn like another.
    Character,
    /// Letters of more than one of Latin, Greek, Cyrillic and Armenian.
    MixedAlphabets,
    /// Invisible characters in an address.
    Invisible,
    /// Not an address.
    Invalid,
    /// A password without a lowercase letter, an uppercase letter or a digit.
    Lowercase,
    Uppercase,
    Number,
}

/// A rule a field of an account's form broke: which field, which rule, and the words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct RuleBroken {
    pub field: AccountField,
    pub rule: FieldRule,
    pub message: String,
}

impl RuleBroken {
    pub fn new(field: AccountField, rule: FieldRule, message: impl Into<String>) -> Self {
        RuleBroken {
            field,
            rule,
            message: message.into(),
        }
    }

    /// The same rule, of another field that takes the same value (a new password).
    pub fn of(self, field: AccountField) -> Self {
        RuleBroken { field, ..self }
    }
}

impl From<RuleBroken> for Invalid {
    fn from(e: RuleBroken) -> Self {
        Invalid(e.message)
    }
}

/// The form a username, an email or a login is compared in: compatibility characters
/// folded (NFKC: the full-width "ａｄｍｉｎ" of a Chinese keyboard is "admin"), without
/// case.
pub fn login_key(input: &str) -> String {
    input.trim().nfkc().collect::<String>().to_lowercase()
}

/// The keys an account named `input` may be stored under: [`login_key`]'s, then, when it
/// differs, the key without folding that accounts made before folding have.
pub fn stored_keys(input: &str) -> Vec<String> {
    let mut keys = vec![login_key(input), input.trim().to_lowercase()];
    keys.dedup();
    keys
}

/// Characters that show nothing (zero-width spaces and joiners, direction marks, the
/// byte-order mark, variation selectors, soft hyphens, Hangul fillers): two names that
/// differ only by them look the same.
fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{061C}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{17B4}'
                | '\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{E0000}'..='\u{E0FFF}'
        )
}

/// The alphabets whose letters pass for one another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Alphabet {
    Latin,
    Greek,
    Cyrillic,
    Armenian,
}

fn alphabet(c: char) -> Option<Alphabet> {
    match u32::from(c) {
        0x41..=0x5A | 0x61..=0x7A | 0xC0..=0x2AF | 0x1D00..=0x1DBF | 0x1E00..=0x1EFF => {
            Some(Alphabet::Latin)
        }
        0x370..=0x3FF | 0x1F00..=0x1FFF => Some(Alphabet::Greek),
        0x400..=0x52F | 0x1C80..=0x1C8F | 0x2DE0..=0x2DFF | 0xA640..=0xA69F => {
            Some(Alphabet::Cyrillic)
        }
        0x530..=0x58F => Some(Alphabet::Armenian),
        _ => None,
    }
}

/// Refuses a username that mixes Latin, Greek, Cyrillic or Armenian letters ("аdmin"
/// with a Cyrillic а): TR39's "highly restrictive" rule. Chinese, Japanese and Korean
/// beside Latin letters are fine ("李华abc").
fn mixed_alphabets(name: &str) -> Result<(), RuleBroken> {
    let mut alphabets: Vec<Alphabet> = name.chars().filter_map(alphabet).collect();
    alphabets.sort();
    alphabets.dedup();
    if alphabets.len() > 1 {
        return Err(username(
            FieldRule::MixedAlphabets,
            "Username may not mix Latin, Cyrillic and Greek letters",
        ));
    }
    Ok(())
}

fn username(rule: FieldRule, message: impl Into<String>) -> RuleBroken {
    RuleBroken::new(AccountField::Username, rule, message)
}

/// 3 to 30 letters, digits, `_`, `.` or `-`; unique regardless of case and of full- or
/// half-width forms, of one alphabet at a time (see [`mixed_alphabets`]), and never drawn
/// like another ([`Username::skeleton`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Username(String);

impl Username {
    pub fn parse(input: &str) -> Result<Self, RuleBroken> {
        let name: String = input.trim().nfkc().collect();
        let name = name.as_str();
        if name.is_empty() {
            return Err(username(FieldRule::Required, "Please enter username"));
        }
        let length = name.chars().count();
        if !(3..=30).contains(&length) {
            return Err(username(
                FieldRule::Length,
                "Username must be 3 to 30 characters long",
            ));
        }
        if !name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '-'))
        {
            return Err(username(
                FieldRule::Characters,
                "Username may contain only letters, digits, '_', '.' and '-'",
            ));
        }
        // TR39's identifier profile: what is invisible (the Hangul fillers), obsolete or
        // drawn like a common letter (the small capital ᴀ) is not part of a name.
        if let Some(c) = name
            .chars()
            .find(|&c| !c.identifier_allowed() && !matches!(c, '_' | '.' | '-'))
        {
            return Err(username(
                FieldRule::Character,
                format!(
                    "Username may not contain \u{201c}{c}\u{201d} (U+{:04X}): it is invisible, \
                 rare or drawn like another letter",
                    u32::from(c)
                ),
            ));
        }
        mixed_alphabets(name)?;
        Ok(Username(name.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The form uniqueness is checked on ([`login_key`]).
    pub fn key(&self) -> String {
        login_key(&self.0)
    }

    /// What the name is drawn as (TR39's skeletons over Unicode's full confusables
    /// table): of its small letters ("сауеаух" is "cayeayx"), and of its capitals
    /// ("Вера" is "BEPA"), each unique among accounts, so no name passes for another.
    pub fn skeletons(&self) -> [String; 2] {
        skeletons(&self.key())
    }
}

/// The skeletons of a stored username (see [`Username::skeletons`]).
pub fn name_skeletons(username: &str) -> [String; 2] {
    skeletons(&login_key(username))
}

/// The skeleton of a stored address (see [`Email::skeleton`]).
pub fn address_skeleton(email: &str) -> String {
    let [small, _] = skeletons(&login_key(email));
    small
}

/// The skeletons of a key (see [`Username::skeletons`]).
fn skeletons(key: &str) -> [String; 2] {
    let small = unicode_security::skeleton(&key.to_lowercase()).collect();
    let capitals = unicode_security::skeleton(&key.to_uppercase())
        .collect::<String>()
        .to_lowercase();
    [small, capitals]
}

/// A plausible address: one `@`, a dotted domain, no spaces and nothing invisible; kept
/// with full-width forms folded (NFKC), compared without case.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Email(String);

impl Email {
    pub fn parse(input: &str) -> Result<Self, RuleBroken> {
        let email_rule = |rule, message| RuleBroken::new(AccountField::Email, rule, message);
        if input.trim().chars().any(invisible) {
            return Err(email_rule(
                FieldRule::Invisible,
                "The email address contains invisible characters; please type it again",
            ));
        }
        let email: String = input.trim().nfkc().collect();
        let email = email.as_str();
        // Folding can make one (a half-width Hangul filler becomes the filler).
        if email.chars().any(invisible) {
            return Err(email_rule(
                FieldRule::Invisible,
                "The email address contains invisible characters; please type it again",
            ));
        }
        if email.is_empty() {
            return Err(email_rule(
                FieldRule::Required,
                "Please enter your email address",
            ));
        }
        let valid = email.len() <= 254
            && !email.chars().any(char::is_whitespace)
            && email.split_once('@').is_some_and(|(local, domain)| {
                !local.is_empty()
                    && !domain.contains('@')
                    && domain.contains('.')
                    && !domain.starts_with('.')
                    && !domain.ends_with('.')
            });
        if !valid {
            return Err(email_rule(
                FieldRule::Invalid,
                "Please enter valid email address",
            ));
        }
        Ok(Email(email.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn key(&self) -> String {
        login_key(&self.0)
    }

    /// What the address is drawn as (its small letters' TR39 skeleton): unique among
    /// accounts, so a Cyrillic е in it does not make a second account.
    pub fn skeleton(&self) -> String {
        address_skeleton(&self.0)
    }
}

/// A password that meets SPEC §5: at least 8 characters with a lowercase letter, an
/// uppercase letter and a digit. The first rule broken is reported.
#[derive(Clone)]
pub struct NewPassword(String);

impl NewPassword {
    pub const MAX_LEN: usize = 256;

    pub fn parse(input: &str) -> Result<Self, RuleBroken> {
        let broken = |rule, message| RuleBroken::new(AccountField::Password, rule, message);
        if input.chars().count() < 8 {
            return Err(broken(
                FieldRule::Length,
                "Password must be at least 8 characters long",
            ));
        }
        if input.len() > Self::MAX_LEN {
            return Err(broken(
                FieldRule::TooLong,
                "Password must be at most 256 characters long",
            ));
        }
        if !input.chars().any(char::is_lowercase) {
            return Err(broken(
                FieldRule::Lowercase,
                "Password must contain at least one lowercase letter",
            ));
        }
        if !input.chars().any(char::is_uppercase) {
            return Err(broken(
                FieldRule::Uppercase,
                "Password must contain at least one uppercase letter",
            ));
        }
        if !input.chars().any(|c| c.is_ascii_digit()) {
            return Err(broken(
                FieldRule::Number,
                "Password must contain at least one number",
            ));
        }
        Ok(NewPassword(input.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for NewPassword {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("NewPassword(***)")
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Gender {
    Male,
    Female,
    Other,
}

impl Gender {
    pub fn parse(input: &str) -> Result<Self, Invalid> {
        match input.trim().to_lowercase().as_str() {
            "male" | "m" => Ok(Gender::Male),
            "female" | "f" => Ok(Gender::Female),
            "other" => Ok(Gender::Other),
            _ => Err(invalid("gender must be male, female or other")),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Gender::Male => "male",
            Gender::Female => "female",
            Gender::Other => "other",
        }
    }
}

/// Body data and goal. Defaults per SPEC §9: male, 175 cm, 70 kg, 2000 kcal.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Profile {
    pub date_of_birth: Option<NaiveDate>,
    pub gender: Gender,
    pub height: f64,
    pub weight: f64,
    pub daily_calorie_goal: i32,
    /// One of [`ACTIVITY_LEVELS`], or none chosen.
    pub activity_level: Option<String>,
    /// `g` or `percent` (of the calorie goal); set whenever the three macro goals are.
    pub macro_goal_unit: Option<String>,
    pub protein_goal: Option<f64>,
    pub fat_goal: Option<f64>,
    pub carbs_goal: Option<f64>,
    /// Whether the person has saved body data (sex, birth date, height or weight): until
    /// then those are the defaults, which the app must not show as the person's own.
    pub body_data_set: bool,
    /// The weight change aimed at, kg a week (negative to lose), within the safe rates
    /// ([`crate::energy`]); none chosen is keeping the weight.
    pub weight_aim_kg_per_week: Option<f64>,
}

/// SPEC §9's activity levels, as sent and stored.
pub const ACTIVITY_LEVELS: [&str; 5] = [
    "sedentary",
    "lightly_active",
    "moderately_active",
    "very_active",
    "extra_active",
];

/// Units the macro goals can be in: grams or percent of the calorie goal.
pub const MACRO_GOAL_UNITS: [&str; 2] = ["g", "percent"];

impl Default for Profile {
    fn default() -> Self {
        Profile {
            date_of_birth: None,
            gender: Gender::Male,
            height: 175.0,
            weight: 70.0,
            daily_calorie_goal: 2000,
            activity_level: None,
            macro_goal_unit: None,
            protein_goal: None,
            fat_goal: None,
            carbs_goal: None,
            body_data_set: false,
            weight_aim_kg_per_week: None,
        }
    }
}

/// What a profile edit may change, as sent. `date_of_birth: null` clears it.
#[derive(Debug, Default, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ProfileChanges {
    pub nickname: Option<String>,
    #[serde(default, deserialize_with = "present")]
    pub date_of_birth: Option<Option<String>>,
    pub gender: Option<String>,
    pub height: Option<f64>,
    pub weight: Option<f64>,
    pub daily_calorie_goal: Option<f64>,
    #[serde(default, deserialize_with = "present")]
    pub activity_level: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    pub macro_goal_unit: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    pub protein_goal: Option<Option<f64>>,
    #[serde(default, deserialize_with = "present")]
    pub fat_goal: Option<Option<f64>>,
    #[serde(default, deserialize_with = "present")]
    pub carbs_goal: Option<Option<f64>>,
    /// kg a week, −1 to 0.5 (negative to lose); null clears it (keep the weight).
    #[serde(default, deserialize_with = "present")]
    pub weight_aim_kg_per_week: Option<Option<f64>>,
}

/// Tells a field sent as `null` (Some(None)) from one left out (None).
fn present<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(d).map(Some)
}

impl ProfileChanges {
    /// Applies the changes to `profile` and `nickname`, or lists every broken rule.
    pub fn apply(
        self,
        profile: &mut Profile,
        nickname: &mut String,
        today: NaiveDate,
    ) -> Result<(), Invalid> {
        let mut problems = Vec::new();
        let sets_body_data = self.gender.is_some()
            || self.height.is_some()
            || self.weight.is_some()
            || matches!(&self.date_of_birth, Some(Some(text)) if !text.trim().is_empty());
        if let Some(name) = self.nickname {
            let name = name.trim();
            if name.chars().count() > 50 {
                problems.push("nickname must be at most 50 characters".to_owned());
            } else {
                *nickname = name.to_owned();
            }
        }
        match self.date_of_birth {
            Some(None) => profile.date_of_birth = None,
            Some(Some(text)) if text.trim().is_empty() => profile.date_of_birth = None,
            Some(Some(text)) => match NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d") {
                Ok(date) if date > today => {
                    problems.push("date_of_birth cannot be in the future".into())
                }
                Ok(date) if date >= today => {
                    problems.push("date_of_birth must be in the past".into())
                }
                Ok(date)
                    if Some(date) < today.checked_sub_months(chrono::Months::new(130 * 12)) =>
                {
                    problems.push("date_of_birth must be at most 130 years ago".into())
                }
                Ok(date) => profile.date_of_birth = Some(date),
                Err(_) => problems.push("date_of_birth must be a date like 1990-05-31".into()),
            },
            None => {}
        }
        if let Some(gender) = self.gender {
            match Gender::parse(&gender) {
                Ok(g) => profile.gender = g,
                Err(e) => problems.push(e.0),
            }
        }
        let mut number = |value: Option<f64>, field: &str, low: f64, high: f64, unit: &str| {
            value.and_then(|v| {
                if v.is_finite() && (low..=high).contains(&v) {
                    Some(v)
                } else {
                    problems.push(format!("{field} must be between {low} and {high} {unit}"));
                    None
                }
            })
        };
        let height = number(self.height, "height", 50.0, 272.0, "cm");
        let weight = number(self.weight, "weight", 2.0, 650.0, "kg");
        let goal = number(
            self.daily_calorie_goal,
            "daily_calorie_goal",
            500.0,
            10000.0,
            "kcal",
        );
        if let Some(h) = height {
            profile.height = (h * 10.0).round() / 10.0;
        }
        if let Some(w) = weight {
            profile.weight = (w * 10.0).round() / 10.0;
        }
        if let Some(g) = goal {
            profile.daily_calorie_goal = g.round() as i32;
        }
        let mut next = profile.clone();
        match self.activity_level {
            Some(None) => next.activity_level = None,
            Some(Some(level)) if ACTIVITY_LEVELS.contains(&level.as_str()) => {
                next.activity_level = Some(level)
            }
            Some(Some(_)) => problems.push(format!(
                "activity_level must be one of {}",
                ACTIVITY_LEVELS.join(", ")
            )),
            None => {}
        }
        match self.macro_goal_unit {
            Some(None) => next.macro_goal_unit = None,
            Some(Some(unit)) if MACRO_GOAL_UNITS.contains(&unit.as_str()) => {
                next.macro_goal_unit = Some(unit)
            }
            Some(Some(_)) => problems.push("macro_goal_unit must be g or percent".into()),
            None => {}
        }
        if let Some(v) = self.protein_goal {
            next.protein_goal = v;
        }
        if let Some(v) = self.fat_goal {
            next.fat_goal = v;
        }
        if let Some(v) = self.carbs_goal {
            next.carbs_goal = v;
        }
        match self.weight_aim_kg_per_week {
            Some(None) => next.weight_aim_kg_per_week = None,
            Some(Some(v))
                if v.is_finite()
                    && (crate::energy::MIN_AIM_KG_PER_WEEK
                        ..=crate::energy::MAX_AIM_KG_PER_WEEK)
                        .contains(&v) =>
            {
                next.weight_aim_kg_per_week = Some((v * 100.0).round() / 100.0)
            }
            Some(Some(_)) => problems.push(format!(
                "weight_aim_kg_per_week must be between {} and {} kg a week",
                crate::energy::MIN_AIM_KG_PER_WEEK,
                crate::energy::MAX_AIM_KG_PER_WEEK
            )),
            None => {}
        }
        problems.extend(macro_goal_problems(&next));
        if problems.is_empty() {
            profile.activity_level = next.activity_level;
            profile.macro_goal_unit = next.macro_goal_unit;
            profile.protein_goal = next.protein_goal.map(|v| (v * 10.0).round() / 10.0);
            profile.fat_goal = next.fat_goal.map(|v| (v * 10.0).round() / 10.0);
            profile.carbs_goal = next.carbs_goal.map(|v| (v * 10.0).round() / 10.0);
            profile.weight_aim_kg_per_week = next.weight_aim_kg_per_week;
            profile.body_data_set |= sets_body_data;
            Ok(())
        } else {
            Err(Invalid(problems.join("; ")))
        }
    }
}

/// The macro goals are all three or none, in a unit, within its range; percents add up to 100 (±1).
fn macro_goal_problems(p: &Profile) -> Vec<String> {
    let goals = [
        ("protein_goal", p.protein_goal),
        ("fat_goal", p.fat_goal),
        ("carbs_goal", p.carbs_goal),
    ];
    let set = goals.iter().filter(|(_, v)| v.is_some()).count();
    if set == 0 {
        return Vec::new();
    }
    if set < 3 {
        return vec![
            "protein_goal, fat_goal and carbs_goal must be given together or all cleared".into(),
        ];
    }
    let Some(unit) = p.macro_goal_unit.as_deref() else {
        return vec!["macro_goal_unit (g or percent) is required with macro goals".into()];
    };
    let (high, unit_name) = if unit == "percent" {
        (100.0, "%")
    } else {
        (1000.0, "g")
    };
    let mut problems: Vec<String> = goals
        .iter()
        .filter_map(|(field, v)| {
            let v = v.expect("all three are set");
            (!(v.is_finite() && (0.0..=high).contains(&v)))
                .then(|| format!("{field} must be between 0 and {high} {unit_name}"))
        })
        .collect();
    if problems.is_empty() && unit == "percent" {
        let sum: f64 = goals.iter().filter_map(|(_, v)| *v).sum();
        if (sum - 100.0).abs() > 1.0 {
            problems.push(format!(
                "protein_goal, fat_goal and carbs_goal in percent must add up to 100 (they add up to {})",
                (sum * 10.0).round() / 10.0
            ));
        }
    }
    problems
}

/// A user as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct User {
    pub id: UserId,
    pub username: String,
    pub email: String,
    pub nickname: String,
    pub password_hash: String,
    pub email_verified: bool,
    pub profile: Profile,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// What registration stores.
#[derive(Debug, Clone)]
pub struct NewUser {
    pub username: Username,
    pub email: Email,
    pub nickname: String,
    pub password_hash: String,
}

#[cfg(test)]
mod tests;
