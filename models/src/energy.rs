//! A person's real daily energy need, learned from what they logged and how their weight
//! moved: over the last weeks, the energy eaten a day less what the weight change stored
//! or released (about 7,700 kcal a kilogram of body mass), blended with the formula
//! (Mifflin-St Jeor × activity) while the data is short, and the goal that follows from
//! the person's aim.
//!
//! The weight's slope is the median of the slopes between every two weighed days
//! (Theil-Sen): a day of water weight, up or down, moves it little, and days without a
//! weight simply are not there. The trend shown over the daily weights is an
//! exponentially weighted average, with the weight of a day that follows a gap grown by
//! the gap.

use chrono::{Datelike, NaiveDate};

use crate::user::{Gender, Profile};

/// Energy stored or released by a kilogram of body mass change, in kcal.
pub const KCAL_PER_KG: f64 = 7700.0;
/// The days looked back at, up to yesterday (today is still being logged).
pub const WINDOW_DAYS: i64 = 28;
/// Fewer weighed days than this, fewer full days logged than [`MIN_LOGGED_DAYS`], or full
/// days logged on under half the days of the window, is too little to say: the estimate
/// is the formula's.
pub const MIN_WEIGHED_DAYS: usize = 7;
pub const MIN_LOGGED_DAYS: usize = 7;
/// From this many full days logged and days weighed, the data alone gives the estimate.
pub const FULL_LOGGED_DAYS: usize = 21;
pub const FULL_WEIGHED_DAYS: usize = 14;
/// A day logged under this share of the person's usual (the median day) was logged in
/// part: it is left out rather than read as a day of fasting.
pub const PARTIAL_SHARE: f64 = 0.5;
/// The trend's smoothing: each day's weight moves the trend a tenth of the way.
const TREND_ALPHA: f64 = 0.1;
/// The aims a person may choose, in kg a week: losing at most 1 kg, gaining at most 0.5.
pub const MIN_AIM_KG_PER_WEEK: f64 = -1.0;
pub const MAX_AIM_KG_PER_WEEK: f64 = 0.5;
/// No goal suggested below this, whatever the aim, nor above what a profile may hold.
pub const MIN_SUGGESTED_GOAL: f64 = 1200.0;
pub const MAX_SUGGESTED_GOAL: f64 = 10000.0;
/// A need worked out from the data below half or above twice the formula's (or the
/// goal's) does not add up: meals left unlogged, or weights of different scales. The
/// estimate then stays the formula's.
const PLAUSIBLE_SHARE: std::ops::RangeInclusive<f64> = 0.5..=2.0;

/// The formula's numbers (`models/data/energy_formula.json`), which the web app's live
/// suggestion reads too.
#[derive(Debug, serde::Deserialize)]
struct Formula {
    per_kg: f64,
    per_cm: f64,
    per_year: f64,
    sex_constant: SexConstant,
    activity_factors: std::collections::BTreeMap<String, f64>,
}

#[derive(Debug, serde::Deserialize)]
struct SexConstant {
    male: f64,
    female: f64,
    other: f64,
}

fn formula() -> &'static Formula {
    static FORMULA: std::sync::LazyLock<Formula> = std::sync::LazyLock::new(|| {
        serde_json::from_str(include_str!("../data/energy_formula.json"))
            .expect("models/data/energy_formula.json is the shape Formula reads")
    });
    &FORMULA
}

/// The usual multipliers of the basal metabolic rate for each activity level (SPEC §9's
/// levels); a person who chose none counts as sedentary.
pub fn activity_factor(level: Option<&str>) -> f64 {
    let factors = &formula().activity_factors;
    level
        .and_then(|level| factors.get(level))
        .or_else(|| factors.get("sedentary"))
        .copied()
        .unwrap_or(1.2)
}

/// Basal metabolic rate, kcal a day, whole, Mifflin-St Jeor: 10·kg + 6.25·cm − 5·age + 5
/// (male), −161 (female), the mean of the two (−78) for anyone else.
pub fn basal_metabolic_rate(weight_kg: f64, height_cm: f64, age: f64, gender: Gender) -> f64 {
    let f = formula();
    let constant = match gender {
        Gender::Male => f.sex_constant.male,
        Gender::Female => f.sex_constant.female,
        Gender::Other => f.sex_constant.other,
    };
    (f.per_kg * weight_kg + f.per_cm * height_cm + f.per_year * age + constant).round()
}

/// The formula's daily need for the profile, at `weight_kg` (the trend's, where there is
/// one), on `today`; `None` until the person has given their body data.
pub fn formula_need(profile: &Profile, weight_kg: f64, today: NaiveDate) -> Option<f64> {
    let born = profile.date_of_birth.filter(|_| profile.body_data_set)?;
    let mut age = today.year() - born.year();
    if (today.month(), today.day()) < (born.month(), born.day()) {
        age -= 1;
    }
    let bmr = basal_metabolic_rate(weight_kg, profile.height, f64::from(age), profile.gender);
    Some((bmr * activity_factor(profile.activity_level.as_deref())).round())
}

/// One local day of the window: the energy logged (none for a day without a meal) and
/// the weight recorded, if any.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Day {
    pub date: NaiveDate,
    pub intake_kcal: Option<f64>,
    pub weight_kg: Option<f64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Confidence {
    Low,
    Medium,
    High,
}

/// What the estimate rests on, or what it lacks, for the app to say in the person's
/// language (with the numbers it names).
#[derive(Debug, Clone, PartialEq, serde::Serialize, utoipa::ToSchema)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum Reason {
    /// The days logged in full and the days weighed that the estimate uses.
    BasedOn { logged_days: u32, weighed_days: u32 },
    /// Days logged far below the person's usual, left out.
    PartialDaysLeftOut { days: u32 },
    /// More days of meals are needed before the data alone gives the estimate.
    LogMoreDays { days: u32 },
    /// More days with a weight are needed.
    WeighMoreDays { days: u32 },
    /// The estimate is part formula, part data: the data's share, in percent.
    Blended { data_percent: u32 },
    /// Without body data there is no formula: the goal the person set stands in for it.
    NoBodyData,
    /// No activity level chosen: the formula counts the person as sedentary.
    NoActivityLevel,
    /// The aim asks for more than the suggested floor allows: the goal is held at it.
    GoalAtFloor { kcal: u32 },
    /// What the meals and the weights say together is far from any real need (meals
    /// left unlogged, say): the formula's value stands.
    DataDoesNotAddUp { kcal: u32 },
}

impl Reason {
    /// The English sentence, for callers that show text as it comes (the app says it
    /// in the person's language from the code).
    pub fn message(&self) -> String {
        match self {
            Reason::BasedOn {
                logged_days,
                weighed_days,
            } => format!(
                "Based on {logged_days} days of meals and {weighed_days} days with a weight."
            ),
            Reason::PartialDaysLeftOut { days } => {
                format!("{days} days logged only in part were left out.")
            }
            Reason::LogMoreDays { days } => {
                format!("Log your meals for {days} more days to learn your own need.")
            }
            Reason::WeighMoreDays { days } => {
                format!("Log {days} more days with your weight.")
            }
            Reason::Blended { data_percent } => {
                format!("{data_percent} % from your own data, the rest from the formula.")
            }
            Reason::NoBodyData => {
                "Add your body data for a formula; until then your goal stands in for it.".into()
            }
            Reason::NoActivityLevel => {
                "No activity level is chosen: the formula counts you as sedentary.".into()
            }
            Reason::GoalAtFloor { kcal } => {
                format!("The suggested goal is held at {kcal} kcal, the lowest it suggests.")
            }
            Reason::DataDoesNotAddUp { kcal } => format!(
                "Your meals and weights together say {kcal} kcal a day, which cannot be right: are all meals logged?"
            ),
        }
    }
}

/// A point of the smoothed weight trend.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, utoipa::ToSchema)]
pub struct TrendPoint {
    pub date: NaiveDate,
    pub weight_kg: f64,
    pub trend_kg: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Estimate {
    pub estimated_kcal_per_day: f64,
    /// `None` without body data (the goal stands in for it in the blend).
    pub formula_kcal_per_day: Option<f64>,
    pub confidence: Confidence,
    /// Days logged in full that the estimate uses.
    pub days_used: u32,
    pub weighed_days: u32,
    /// `None` with fewer than two weighed days.
    pub weight_trend_kg_per_week: Option<f64>,
    /// The mean energy of the days used; `None` when there are none.
    pub intake_kcal_per_day: Option<f64>,
    pub suggested_goal_kcal: f64,
    pub aim_kg_per_week: f64,
    /// The data's share of the estimate, 0 to 1.
    pub data_share: f64,
    pub reasons: Vec<Reason>,
}

/// The smoothed trend over the weighed days, in date order.
pub fn weight_trend(days: &[Day]) -> Vec<TrendPoint> {
    let mut points = Vec::new();
    let mut last: Option<(NaiveDate, f64)> = None;
    for day in days {
        let Some(weight) = day.weight_kg else {
            continue;
        };
        let trend = match last {
            None => weight,
            Some((date, trend)) => {
                // A gap of n days moves the trend as n days of this weight would.
                let gap = (day.date - date).num_days().max(1) as i32;
                let kept = (1.0 - TREND_ALPHA).powi(gap);
                trend * kept + weight * (1.0 - kept)
            }
        };
        last = Some((day.date, trend));
        points.push(TrendPoint {
            date: day.date,
            weight_kg: weight,
            trend_kg: round2(trend),
        });
    }
    points
}

/// The Theil-Sen slope of the weights, kg a day: the median of the slopes between every
/// two weighed days. `None` with fewer than two.
pub fn weight_slope(days: &[Day]) -> Option<f64> {
    let weighed: Vec<(i64, f64)> = days
        .iter()
        .filter_map(|d| d.weight_kg.map(|w| (d.date.num_days_from_ce().into(), w)))
        .collect();
    let mut slopes = Vec::with_capacity(weighed.len() * weighed.len() / 2);
    for (i, (a_day, a)) in weighed.iter().enumerate() {
        for (b_day, b) in &weighed[i + 1..] {
            if b_day != a_day {
                slopes.push((b - a) / (b_day - a_day) as f64);
            }
        }
    }
    if slopes.is_empty() {
        return None;
    }
    slopes.sort_by(f64::total_cmp);
    let mid = slopes.len() / 2;
    Some(if slopes.len() % 2 == 0 {
        (slopes[mid - 1] + slopes[mid]) / 2.0
    } else {
        slopes[mid]
    })
}

/// The days logged in full: a day with meals whose energy is at least [`PARTIAL_SHARE`]
/// of the median logged day. Returns them and how many were left out as partial.
fn full_days(days: &[Day]) -> (Vec<f64>, u32) {
    let mut logged: Vec<f64> = days
        .iter()
        .filter_map(|d| d.intake_kcal)
        .filter(|k| *k > 0.0)
        .collect();
    if logged.is_empty() {
        return (logged, 0);
    }
    let mut sorted = logged.clone();
    sorted.sort_by(f64::total_cmp);
    let median = sorted[sorted.len() / 2];
    let before = logged.len();
    logged.retain(|k| *k >= PARTIAL_SHARE * median);
    let partial = (before - logged.len()) as u32;
    (logged, partial)
}

/// The estimate over `days` (the window, in date order), for a person whose formula
/// need is `formula` (`None` without body data: `goal` stands in) and whose aim is
/// `aim_kg_per_week` (bounded to the safe rates).
pub fn estimate(
    days: &[Day],
    formula: Option<f64>,
    goal: f64,
    aim_kg_per_week: f64,
    activity_chosen: bool,
) -> Estimate {
    let aim = aim_kg_per_week.clamp(MIN_AIM_KG_PER_WEEK, MAX_AIM_KG_PER_WEEK);
    let (full, partial) = full_days(days);
    let logged = full.len();
    let weighed = days.iter().filter(|d| d.weight_kg.is_some()).count();
    let intake = (!full.is_empty()).then(|| full.iter().sum::<f64>() / full.len() as f64);
    let slope = weight_slope(days);
    let mut reasons = vec![Reason::BasedOn {
        logged_days: logged as u32,
        weighed_days: weighed as u32,
    }];
    if partial > 0 {
        reasons.push(Reason::PartialDaysLeftOut { days: partial });
    }
    let base = formula.unwrap_or(goal);
    let measured = match (intake, slope) {
        (Some(intake), Some(slope)) => Some(intake - slope * KCAL_PER_KG),
        _ => None,
    };
    let plausible = measured.is_some_and(|m| PLAUSIBLE_SHARE.contains(&(m / base)));
    // Full days logged on under half the days of the window are too sparse to trust.
    let window = days.len().max(1);
    let enough = weighed >= MIN_WEIGHED_DAYS && logged >= MIN_LOGGED_DAYS && 2 * logged >= window;
    if enough
        && !plausible
        && let Some(m) = measured
    {
        reasons.push(Reason::DataDoesNotAddUp {
            kcal: m.max(0.0).round() as u32,
        });
    }
    let data_share = if enough && plausible {
        (logged as f64 / FULL_LOGGED_DAYS as f64)
            .min(weighed as f64 / FULL_WEIGHED_DAYS as f64)
            .min(1.0)
    } else {
        0.0
    };
    if logged < FULL_LOGGED_DAYS {
        reasons.push(Reason::LogMoreDays {
            days: (FULL_LOGGED_DAYS - logged) as u32,
        });
    }
    if weighed < FULL_WEIGHED_DAYS {
        let needed = if weighed < MIN_WEIGHED_DAYS {
            MIN_WEIGHED_DAYS - weighed
        } else {
            FULL_WEIGHED_DAYS - weighed
        };
        reasons.push(Reason::WeighMoreDays {
            days: needed as u32,
        });
    }
    if formula.is_none() {
        reasons.push(Reason::NoBodyData);
    } else if !activity_chosen {
        reasons.push(Reason::NoActivityLevel);
    }
    let estimated = match measured {
        Some(m) if data_share > 0.0 => data_share * m + (1.0 - data_share) * base,
        _ => base,
    };
    if data_share > 0.0 && data_share < 1.0 {
        reasons.push(Reason::Blended {
            data_percent: (data_share * 100.0).round() as u32,
        });
    }
    let confidence = if data_share == 0.0 {
        Confidence::Low
    } else if data_share >= 1.0 {
        Confidence::High
    } else {
        Confidence::Medium
    };
    let estimated = estimated.round();
    let wanted = (estimated + aim * KCAL_PER_KG / 7.0).round();
    let suggested = wanted.clamp(MIN_SUGGESTED_GOAL, MAX_SUGGESTED_GOAL);
    if wanted < MIN_SUGGESTED_GOAL {
        reasons.push(Reason::GoalAtFloor {
            kcal: MIN_SUGGESTED_GOAL as u32,
        });
    }
    Estimate {
        estimated_kcal_per_day: estimated,
        formula_kcal_per_day: formula,
        confidence,
        days_used: logged as u32,
        weighed_days: weighed as u32,
        weight_trend_kg_per_week: slope.map(|s| round2(s * 7.0)),
        intake_kcal_per_day: intake.map(f64::round),
        suggested_goal_kcal: suggested,
        aim_kg_per_week: aim,
        data_share,
        reasons,
    }
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(n: i64) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 1).unwrap() + chrono::Days::new(n as u64)
    }

    /// `n` days eating `kcal` a day, losing `kg_per_week`, with `noise(day)` added to each
    /// weight.
    fn person(n: i64, kcal: f64, kg_per_week: f64, noise: impl Fn(i64) -> f64) -> Vec<Day> {
        (0..n)
            .map(|d| Day {
                date: date(d),
                intake_kcal: Some(kcal),
                weight_kg: Some(80.0 + kg_per_week / 7.0 * d as f64 + noise(d)),
            })
            .collect()
    }

    #[test]
    fn steady_intake_and_a_steady_loss_give_the_need() {
        let days = person(21, 2500.0, -0.5, |_| 0.0);
        let e = estimate(&days, Some(2300.0), 2000.0, 0.0, true);
        // 0.5 kg a week is 550 kcal a day drawn from the body: 2,500 + 550.
        assert!((e.estimated_kcal_per_day - 3050.0).abs() <= 150.0, "{e:?}");
        assert_eq!(e.confidence, Confidence::High);
        assert_eq!(e.weight_trend_kg_per_week, Some(-0.5));
        assert_eq!(e.intake_kcal_per_day, Some(2500.0));
        assert_eq!(e.days_used, 21);
    }

    #[test]
    fn water_weight_swings_barely_move_it() {
        let clean = estimate(
            &person(21, 2500.0, -0.5, |_| 0.0),
            Some(2300.0),
            2000.0,
            0.0,
            true,
        );
        // ±1 kg from day to day: up one day, down the next, and a seeded scatter.
        let swings = [
            |d: i64| if d % 2 == 0 { 1.0 } else { -1.0 },
            |d: i64| if d % 3 == 0 { 1.0 } else { -0.5 },
            |d: i64| [0.8, -1.0, 0.3, 1.0, -0.6, -0.2, 0.9][(d * 5 % 7) as usize],
        ];
        for (i, noise) in swings.iter().enumerate() {
            let noisy = estimate(
                &person(21, 2500.0, -0.5, noise),
                Some(2300.0),
                2000.0,
                0.0,
                true,
            );
            let moved = (noisy.estimated_kcal_per_day - clean.estimated_kcal_per_day).abs();
            assert!(moved <= 100.0, "swing {i} moved it {moved} kcal");
        }
    }

    #[test]
    fn days_without_a_log_are_left_out_not_counted_as_zero() {
        let mut days = person(28, 2500.0, -0.5, |_| 0.0);
        for d in [3, 4, 10, 17, 18, 25] {
            days[d].intake_kcal = None;
        }
        for d in [5, 12] {
            days[d].weight_kg = None;
        }
        let e = estimate(&days, Some(2300.0), 2000.0, 0.0, true);
        assert_eq!(e.intake_kcal_per_day, Some(2500.0));
        assert_eq!(e.days_used, 22);
        assert!((e.estimated_kcal_per_day - 3050.0).abs() <= 150.0, "{e:?}");
    }

    #[test]
    fn a_day_logged_in_part_is_flagged_and_left_out() {
        let mut days = person(21, 2500.0, -0.5, |_| 0.0);
        days[7].intake_kcal = Some(400.0);
        let e = estimate(&days, Some(2300.0), 2000.0, 0.0, true);
        assert_eq!(e.intake_kcal_per_day, Some(2500.0));
        assert!(e.reasons.contains(&Reason::PartialDaysLeftOut { days: 1 }));
    }

    #[test]
    fn too_little_data_is_the_formula_and_says_what_is_missing() {
        let mut days = person(21, 2500.0, -0.5, |_| 0.0);
        for day in days.iter_mut().skip(5) {
            day.weight_kg = None;
        }
        let e = estimate(&days, Some(2300.0), 2000.0, 0.0, true);
        assert_eq!(e.confidence, Confidence::Low);
        assert_eq!(e.estimated_kcal_per_day, 2300.0);
        assert!(
            e.reasons.contains(&Reason::WeighMoreDays { days: 2 }),
            "{:?}",
            e.reasons
        );
        // Intake on under half the days: the formula too.
        let mut sparse = person(28, 2500.0, -0.5, |_| 0.0);
        for day in sparse.iter_mut().step_by(2) {
            day.intake_kcal = None;
        }
        sparse[1].intake_kcal = None;
        let e = estimate(&sparse, Some(2300.0), 2000.0, 0.0, true);
        assert_eq!(
            (e.confidence, e.estimated_kcal_per_day),
            (Confidence::Low, 2300.0)
        );
    }

    #[test]
    fn short_data_is_blended_with_the_formula() {
        let days = person(14, 2500.0, -0.5, |_| 0.0);
        let e = estimate(&days, Some(2300.0), 2000.0, 0.0, true);
        assert_eq!(e.confidence, Confidence::Medium);
        // 14 of 21 days: two thirds data (3,050), a third formula (2,300).
        assert!((e.estimated_kcal_per_day - 2800.0).abs() <= 10.0, "{e:?}");
        assert!(e.reasons.contains(&Reason::Blended { data_percent: 67 }));
    }

    #[test]
    fn the_goal_follows_the_aim_within_safe_rates() {
        let days = person(21, 2500.0, -0.5, |_| 0.0);
        let keep = estimate(&days, Some(2300.0), 2000.0, 0.0, true);
        let lose = estimate(&days, Some(2300.0), 2000.0, -0.5, true);
        assert_eq!(lose.suggested_goal_kcal, keep.suggested_goal_kcal - 550.0);
        let too_fast = estimate(&days, Some(2300.0), 2000.0, -3.0, true);
        assert_eq!(too_fast.aim_kg_per_week, MIN_AIM_KG_PER_WEEK);
        assert_eq!(
            too_fast.suggested_goal_kcal,
            keep.suggested_goal_kcal - 1100.0
        );
        let low = estimate(&[], Some(1500.0), 2000.0, -1.0, true);
        assert_eq!(low.suggested_goal_kcal, MIN_SUGGESTED_GOAL);
    }

    #[test]
    fn data_that_cannot_be_right_leaves_the_formula() {
        // 1,000 kcal logged a day while gaining 2 kg a week: meals are missing.
        let days = person(21, 1000.0, 2.0, |_| 0.0);
        let e = estimate(&days, Some(2300.0), 2000.0, 0.0, true);
        assert_eq!(
            (e.confidence, e.estimated_kcal_per_day),
            (Confidence::Low, 2300.0)
        );
        assert!(
            matches!(e.reasons.last(), Some(Reason::DataDoesNotAddUp { kcal: 0 })),
            "{:?}",
            e.reasons
        );
        // And no goal beyond what a profile holds.
        let huge = estimate(
            &person(21, 9500.0, -1.0, |_| 0.0),
            Some(6000.0),
            2000.0,
            0.5,
            true,
        );
        assert_eq!(huge.suggested_goal_kcal, MAX_SUGGESTED_GOAL);
    }

    #[test]
    fn the_trend_smooths_the_daily_weights() {
        let days = person(21, 2500.0, 0.0, |d| if d % 2 == 0 { 1.0 } else { -1.0 });
        let trend = weight_trend(&days);
        assert_eq!(trend.len(), 21);
        let last = trend.last().unwrap();
        assert!((last.trend_kg - 80.0).abs() < 0.3, "{last:?}");
    }

    #[test]
    fn the_formula_is_mifflin_st_jeor_times_activity() {
        // 70 kg, 175 cm, 30 years, male: 10·70 + 6.25·175 − 5·30 + 5 = 1,649.
        assert_eq!(
            basal_metabolic_rate(70.0, 175.0, 30.0, Gender::Male),
            1649.0
        );
        assert_eq!(activity_factor(None), 1.2);
        assert_eq!(activity_factor(Some("no such level")), 1.2);
        // The cases the web app's suggestion checks too.
        let file: serde_json::Value =
            serde_json::from_str(include_str!("../data/energy_formula.json")).unwrap();
        let cases = file["cases"].as_array().unwrap();
        assert!(cases.len() >= 5);
        for case in cases {
            let gender = Gender::parse(case["sex"].as_str().unwrap()).unwrap();
            let number = |key: &str| case[key].as_f64().unwrap();
            let bmr = basal_metabolic_rate(
                number("weight_kg"),
                number("height_cm"),
                number("age"),
                gender,
            );
            assert_eq!(bmr, number("bmr"), "{case}");
            let goal = (bmr * activity_factor(case["activity"].as_str())).round();
            assert_eq!(goal, number("goal"), "{case}");
        }
    }
}
