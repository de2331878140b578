//! How much of each micronutrient a person should eat in a day (issue 36): the US Dietary
//! Reference Intakes for their sex and age, from `data/dri/targets.tsv` (where each number
//! comes from: `data/dri/PROVENANCE.md`), and saturated fat's limit from their calorie goal.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use chrono::NaiveDate;
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use crate::micronutrients::Micronutrient;
use crate::user::Gender;

const TARGETS_TSV: &str = include_str!("../data/dri/targets.tsv");

/// The oldest age the table's last groups reach ("71 and over").
const OLDEST: u32 = 130;

/// Any age of the 31–50 group, the one used when the person's age is not known.
const ASSUMED_AGE: u32 = 31;

/// The Dietary Guidelines for Americans 2020–2025: less than 10 % of calories from
/// saturated fat, at 9 kcal a gram.
const SATURATED_FAT_SHARE_OF_CALORIES: f64 = 0.10;
const KCAL_PER_GRAM_OF_FAT: f64 = 9.0;

/// The sex a group of the table is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Sex {
    Male,
    Female,
    /// Either: children up to 8, whose values do not differ by sex, or a person of other
    /// gender, who is given the higher of men's and women's amounts.
    Any,
}

/// The life-stage group whose values a person is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct TargetGroup {
    pub sex: Sex,
    /// Inclusive years; the last groups end at 130.
    pub age_from: u32,
    pub age_to: u32,
    /// The profile does not say the person's sex or age, so the group is a guess (men, or
    /// their sex, aged 31–50) the app should say is one.
    pub assumed: bool,
}

impl TargetGroup {
    /// In English, for logs and tests ("men aged 31–50"); the web words it from the fields.
    pub fn describe(&self) -> String {
        let adult = self.age_from >= 19;
        let who = match self.sex {
            Sex::Male if adult => "men",
            Sex::Female if adult => "women",
            Sex::Male => "boys",
            Sex::Female => "girls",
            Sex::Any if self.age_to <= 8 => "children",
            Sex::Any => "people",
        };
        if self.age_to >= OLDEST {
            format!("{who} aged {} and over", self.age_from)
        } else {
            format!("{who} aged {}–{}", self.age_from, self.age_to)
        }
    }
}

/// What a target's amount is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TargetKind {
    /// Recommended Dietary Allowance: enough for nearly all (97–98 %) healthy people.
    Rda,
    /// Adequate Intake, set where the evidence is too thin for an RDA.
    Ai,
    /// Not a need but a most: saturated fat.
    Limit,
}

/// One nutrient's daily target, in its key's unit.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, utoipa::ToSchema)]
pub struct Target {
    /// The amount to reach (or, for a limit, to stay under); null for a limit when there
    /// is no calorie goal to take it from.
    pub amount: Option<f64>,
    pub kind: TargetKind,
    /// The Tolerable Upper Intake Level from all food; null where none is set or where it
    /// is for supplements or fortified foods only, which the app's sums of food cannot
    /// tell apart.
    pub upper_limit: Option<f64>,
}

/// A person's targets for a day, for the nutrients that have one.
#[derive(Debug, Clone, PartialEq)]
pub struct DailyTargets {
    pub group: TargetGroup,
    targets: BTreeMap<Micronutrient, Target>,
}

impl DailyTargets {
    pub fn get(&self, m: Micronutrient) -> Option<Target> {
        self.targets.get(&m).copied()
    }
}

/// `{ "vitamin_c_mg": Target, ... }`, in the app's order.
impl Serialize for DailyTargets {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.targets.len()))?;
        for (m, target) in &self.targets {
            map.serialize_entry(m.key(), target)?;
        }
        map.end()
    }
}

impl utoipa::PartialSchema for DailyTargets {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Ref};
        let mut object = ObjectBuilder::new().description(Some(
            "A day's target for each micronutrient that has one, under its key.",
        ));
        for m in TABLE[0].targets.keys() {
            object = object.property(m.key(), Ref::from_schema_name("Target"));
        }
        object.into()
    }
}

impl utoipa::ToSchema for DailyTargets {
    fn schemas(
        schemas: &mut Vec<(
            String,
            utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
        )>,
    ) {
        use utoipa::{PartialSchema, ToSchema};
        schemas.push((Target::name().into_owned(), Target::schema()));
        <Target as ToSchema>::schemas(schemas);
    }
}

/// The targets for a person on `today`.
///
/// - Age is their age on `today` from the date of birth; under 1 takes the 1–3 group (the
///   table has no infants'), over 130 the last group.
/// - A profile without body data (`body_data_set` false) holds only the defaults, so the
///   person is taken for a man aged 31–50, `assumed`. With a sex but no date of birth:
///   that sex, aged 31–50, `assumed`.
/// - `Gender::Other`: for each nutrient the higher of men's and women's amounts and the
///   lower upper limit, so that no one is told they have had enough when they may not.
/// - Saturated fat's limit is 10 % of `calorie_goal` over 9 kcal/g, to 0.1 g.
pub fn daily_targets(
    gender: Gender,
    date_of_birth: Option<NaiveDate>,
    body_data_set: bool,
    calorie_goal: i32,
    today: NaiveDate,
) -> DailyTargets {
    let (gender, age, assumed) = match (body_data_set, date_of_birth) {
        (false, _) => (Gender::Male, ASSUMED_AGE, true),
        (true, None) => (gender, ASSUMED_AGE, true),
        // A birth date after today (a newborn in an earlier time zone) is age 0.
        (true, Some(born)) => (gender, today.years_since(born).unwrap_or(0), false),
    };
    let age = age.clamp(1, OLDEST);
    let mut targets = match gender {
        Gender::Male => group_of(Sex::Male, age).clone(),
        Gender::Female => group_of(Sex::Female, age).clone(),
        Gender::Other => higher_needs(group_of(Sex::Male, age), group_of(Sex::Female, age)),
    };
    targets.group.assumed = assumed;
    if let Some(limit) = targets.targets.get_mut(&Micronutrient::SaturatedFat) {
        limit.amount = saturated_fat_limit(calorie_goal);
    }
    targets
}

fn saturated_fat_limit(calorie_goal: i32) -> Option<f64> {
    (calorie_goal > 0).then(|| {
        let grams =
            f64::from(calorie_goal) * SATURATED_FAT_SHARE_OF_CALORIES / KCAL_PER_GRAM_OF_FAT;
        (grams * 10.0).round() / 10.0
    })
}

/// The table's groups, each with its targets.
static TABLE: LazyLock<Vec<DailyTargets>> =
    LazyLock::new(|| parse(TARGETS_TSV).unwrap_or_else(|e| panic!("data/dri/targets.tsv: {e}")));

/// The group for `sex` (male or female) that holds `age` (1 to [`OLDEST`]); the table
/// covers every age of both, as a test checks.
fn group_of(sex: Sex, age: u32) -> &'static DailyTargets {
    TABLE
        .iter()
        .find(|g| {
            (g.group.sex == sex || g.group.sex == Sex::Any)
                && (g.group.age_from..=g.group.age_to).contains(&age)
        })
        .expect("the DRI table covers every age of both sexes")
}

/// Men's and women's groups of the same ages as one: each nutrient's higher amount (with
/// its kind) and lower upper limit.
fn higher_needs(men: &DailyTargets, women: &DailyTargets) -> DailyTargets {
    let targets = men
        .targets
        .iter()
        .map(|(m, a)| {
            let target = match women.targets.get(m) {
                None => *a,
                Some(b) => {
                    let higher = if b.amount > a.amount { b } else { a };
                    let upper_limit = match (a.upper_limit, b.upper_limit) {
                        (Some(x), Some(y)) => Some(x.min(y)),
                        (x, y) => x.or(y),
                    };
                    Target {
                        upper_limit,
                        ..*higher
                    }
                }
            };
            (*m, target)
        })
        .collect();
    DailyTargets {
        group: TargetGroup {
            sex: Sex::Any,
            age_from: men.group.age_from.max(women.group.age_from),
            age_to: men.group.age_to.min(women.group.age_to),
            assumed: false,
        },
        targets,
    }
}

/// Reads the table: a header, then `sex, age_from, age_to, key, amount, kind, upper_limit,
/// note` per line, grouped by their first three columns.
fn parse(text: &str) -> Result<Vec<DailyTargets>, String> {
    let mut groups: Vec<DailyTargets> = Vec::new();
    for (i, line) in text.lines().enumerate().skip(1) {
        let at = |problem: String| format!("line {}: {problem}", i + 1);
        let fields: Vec<&str> = line.split('\t').collect();
        let [sex, age_from, age_to, key, amount, kind, upper_limit, _note] = fields[..] else {
            return Err(at(format!("{} columns, not 8", fields.len())));
        };
        let sex = match sex {
            "male" => Sex::Male,
            "female" => Sex::Female,
            "any" => Sex::Any,
            other => return Err(at(format!("sex {other:?}"))),
        };
        let age = |text: &str| {
            text.parse::<u32>()
                .map_err(|e| at(format!("age {text:?}: {e}")))
        };
        let (age_from, age_to) = (age(age_from)?, age(age_to)?);
        let nutrient =
            Micronutrient::from_key(key).ok_or_else(|| at(format!("unknown key {key:?}")))?;
        let number = |text: &str| -> Result<Option<f64>, String> {
            if text.is_empty() {
                return Ok(None);
            }
            match text.parse::<f64>() {
                Ok(v) if v.is_finite() && v > 0.0 => Ok(Some(v)),
                _ => Err(at(format!("{text:?} is not an amount"))),
            }
        };
        let kind = match kind {
            "rda" => TargetKind::Rda,
            "ai" => TargetKind::Ai,
            "limit" => TargetKind::Limit,
            other => return Err(at(format!("kind {other:?}"))),
        };
        let target = Target {
            amount: number(amount)?,
            kind,
            upper_limit: number(upper_limit)?,
        };
        let from_calories = nutrient == Micronutrient::SaturatedFat;
        if (kind == TargetKind::Limit) != from_calories || target.amount.is_none() != from_calories
        {
            return Err(at(format!(
                "{key}: only saturated fat is a limit, with its amount left to the calorie goal"
            )));
        }
        let group = TargetGroup {
            sex,
            age_from,
            age_to,
            assumed: false,
        };
        if groups.last().is_none_or(|g| g.group != group) {
            groups.push(DailyTargets {
                group,
                targets: BTreeMap::new(),
            });
        }
        let targets = &mut groups.last_mut().expect("just pushed").targets;
        if targets.insert(nutrient, target).is_some() {
            return Err(at(format!("{key} twice for {}", group.describe())));
        }
    }
    Ok(groups)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2025, 6, 15).unwrap()
    }

    fn born_years_ago(years: i32) -> Option<NaiveDate> {
        NaiveDate::from_ymd_opt(2025 - years, 3, 1)
    }

    fn targets_for(gender: Gender, age: i32) -> DailyTargets {
        daily_targets(gender, born_years_ago(age), true, 2000, today())
    }

    fn amount(targets: &DailyTargets, m: Micronutrient) -> f64 {
        targets.get(m).and_then(|t| t.amount).expect("an amount")
    }

    #[test]
    fn a_woman_of_25_needs_18_mg_of_iron_and_no_more_than_45() {
        let targets = targets_for(Gender::Female, 25);
        assert_eq!(targets.group.describe(), "women aged 19–30");
        assert!(!targets.group.assumed);
        let iron = targets.get(Micronutrient::Iron).unwrap();
        assert_eq!(iron.amount, Some(18.0));
        assert_eq!(iron.kind, TargetKind::Rda);
        assert_eq!(iron.upper_limit, Some(45.0));
    }

    #[test]
    fn at_60_a_man_needs_1000_mg_of_calcium_and_a_woman_1200_and_8_mg_of_iron() {
        let man = targets_for(Gender::Male, 60);
        assert_eq!(amount(&man, Micronutrient::VitaminD), 15.0);
        assert_eq!(amount(&man, Micronutrient::Calcium), 1000.0);
        let woman = targets_for(Gender::Female, 60);
        assert_eq!(woman.group.describe(), "women aged 51–70");
        assert_eq!(amount(&woman, Micronutrient::Calcium), 1200.0);
        assert_eq!(amount(&woman, Micronutrient::Iron), 8.0);
        assert_eq!(
            woman.get(Micronutrient::Calcium).unwrap().upper_limit,
            Some(2000.0)
        );
    }

    #[test]
    fn after_70_vitamin_d_is_20() {
        let targets = targets_for(Gender::Male, 75);
        assert_eq!(targets.group.describe(), "men aged 71 and over");
        assert_eq!(amount(&targets, Micronutrient::VitaminD), 20.0);
        assert_eq!(
            targets.get(Micronutrient::Phosphorus).unwrap().upper_limit,
            Some(3000.0)
        );
    }

    #[test]
    fn a_boy_of_15_needs_1250_mg_of_phosphorus() {
        let targets = targets_for(Gender::Male, 15);
        assert_eq!(targets.group.describe(), "boys aged 14–18");
        assert_eq!(amount(&targets, Micronutrient::Phosphorus), 1250.0);
    }

    #[test]
    fn age_counts_the_birthday_and_infants_take_the_youngest_group() {
        let born = NaiveDate::from_ymd_opt(1974, 6, 16);
        let day_before_51 = daily_targets(Gender::Female, born, true, 2000, today());
        assert_eq!(day_before_51.group.describe(), "women aged 31–50");
        let birthday = today().succ_opt().unwrap();
        let fifty_one = daily_targets(Gender::Female, born, true, 2000, birthday);
        assert_eq!(fifty_one.group.describe(), "women aged 51–70");
        let infant = targets_for(Gender::Female, 0);
        assert_eq!(infant.group.describe(), "children aged 1–3");
        assert!(!infant.group.assumed);
    }

    #[test]
    fn an_unset_profile_is_taken_for_a_man_of_31_to_50_and_says_so() {
        // The defaults, whatever the gender field holds.
        let unset = daily_targets(Gender::Female, None, false, 2000, today());
        assert_eq!(unset.group.describe(), "men aged 31–50");
        assert!(unset.group.assumed);
        assert_eq!(amount(&unset, Micronutrient::Iron), 8.0);
        let no_birth_date = daily_targets(Gender::Female, None, true, 2000, today());
        assert_eq!(no_birth_date.group.describe(), "women aged 31–50");
        assert!(no_birth_date.group.assumed);
        assert_eq!(amount(&no_birth_date, Micronutrient::Iron), 18.0);
    }

    #[test]
    fn other_gender_gets_the_higher_amount_of_either_sex_and_the_lower_limit() {
        let targets = targets_for(Gender::Other, 40);
        assert_eq!(targets.group.sex, Sex::Any);
        assert_eq!(targets.group.describe(), "people aged 31–50");
        assert_eq!(amount(&targets, Micronutrient::Iron), 18.0);
        assert_eq!(amount(&targets, Micronutrient::VitaminC), 90.0);
        assert_eq!(amount(&targets, Micronutrient::Potassium), 3400.0);
        assert_eq!(
            targets.get(Micronutrient::Iron).unwrap().upper_limit,
            Some(45.0)
        );
        let child = targets_for(Gender::Other, 5);
        assert_eq!(child.group.describe(), "children aged 4–8");
        assert_eq!(child, targets_for(Gender::Male, 5));
    }

    #[test]
    fn saturated_fat_is_a_tenth_of_the_calorie_goal() {
        let targets = targets_for(Gender::Female, 25);
        let limit = targets.get(Micronutrient::SaturatedFat).unwrap();
        assert_eq!(limit.kind, TargetKind::Limit);
        assert_eq!(limit.amount, Some(22.2));
        assert_eq!(limit.upper_limit, None);
        let none = daily_targets(Gender::Male, None, true, 0, today());
        assert_eq!(none.get(Micronutrient::SaturatedFat).unwrap().amount, None);
        for m in [
            Micronutrient::Cholesterol,
            Micronutrient::MonounsaturatedFat,
            Micronutrient::PolyunsaturatedFat,
        ] {
            assert_eq!(targets.get(m), None);
        }
    }

    #[test]
    fn upper_limits_for_supplements_only_are_left_out() {
        let targets = targets_for(Gender::Male, 40);
        for m in [
            Micronutrient::VitaminA,
            Micronutrient::VitaminE,
            Micronutrient::Folate,
            Micronutrient::Niacin,
            Micronutrient::Magnesium,
        ] {
            assert_eq!(targets.get(m).unwrap().upper_limit, None, "{m}");
        }
        assert_eq!(
            targets.get(Micronutrient::Selenium).unwrap().upper_limit,
            Some(400.0)
        );
    }

    #[test]
    fn the_table_knows_its_keys_and_every_group_has_the_same() {
        for line in TARGETS_TSV.lines().skip(1) {
            let key = line.split('\t').nth(3).unwrap();
            assert!(Micronutrient::from_key(key).is_some(), "{key}");
        }
        let groups = parse(TARGETS_TSV).unwrap();
        assert_eq!(groups.len(), 14);
        let keys: Vec<_> = groups[0].targets.keys().collect();
        assert_eq!(keys.len(), 21);
        for g in &groups {
            assert_eq!(
                g.targets.keys().collect::<Vec<_>>(),
                keys,
                "{}",
                g.group.describe()
            );
        }
    }

    #[test]
    fn every_age_of_each_sex_is_in_exactly_one_group() {
        for sex in [Sex::Male, Sex::Female] {
            for age in 1..=OLDEST {
                let holding = TABLE
                    .iter()
                    .filter(|g| {
                        (g.group.sex == sex || g.group.sex == Sex::Any)
                            && (g.group.age_from..=g.group.age_to).contains(&age)
                    })
                    .count();
                assert_eq!(holding, 1, "{sex:?} {age}");
            }
        }
    }

    #[test]
    fn json_is_each_key_with_its_target() {
        let json = serde_json::to_value(targets_for(Gender::Male, 40)).unwrap();
        let object = json.as_object().unwrap();
        assert_eq!(object.len(), 21);
        assert_eq!(
            json["vitamin_c_mg"],
            serde_json::json!({"amount": 90.0, "kind": "rda", "upper_limit": 2000.0})
        );
        assert_eq!(json["vitamin_k_ug"]["kind"], "ai");
        assert_eq!(json["saturated_fat_g"]["kind"], "limit");
        assert!(json.get("cholesterol_mg").is_none());
        let schema =
            serde_json::to_value(<DailyTargets as utoipa::PartialSchema>::schema()).unwrap();
        assert_eq!(schema["properties"].as_object().unwrap().len(), 21);
        assert_eq!(
            schema["properties"]["iron_mg"]["$ref"],
            "#/components/schemas/Target"
        );
    }
}
