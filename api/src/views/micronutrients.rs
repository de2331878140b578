use chrono::NaiveDate;
use models::User;
use models::dri::{DailyTargets, TargetGroup, daily_targets};
use models::micronutrients::{Coverage, MicronutrientTotals, Micronutrients};
use serde::Serialize;
use utoipa::ToSchema;

/// A span's vitamins, minerals and fats against the person's daily targets (US Dietary
/// Reference Intakes for their sex and age), as the day and range statistics answer them.
#[derive(Debug, Serialize, ToSchema)]
pub struct MicronutrientReport {
    /// What was eaten over the span, under the keys of a food's `micronutrients`; `null`
    /// where no food eaten gives the nutrient.
    pub micronutrients: Micronutrients,
    /// The totals over the days with a meal: what compares with a day's targets.
    pub micronutrients_per_day: Micronutrients,
    /// For every key, the share (0 to 1) of the grams eaten whose food gives it: the
    /// totals hold that share of what was eaten, the rest is unknown.
    pub micronutrient_coverage: Coverage,
    /// A day's target for each nutrient that has one.
    pub micronutrient_targets: DailyTargets,
    /// Whose targets they are; `assumed` when the profile does not say the sex or age.
    pub micronutrient_target_group: TargetGroup,
}

impl MicronutrientReport {
    pub fn of(
        totals: &MicronutrientTotals,
        days_logged: u32,
        user: &User,
        today: NaiveDate,
    ) -> Self {
        let profile = &user.profile;
        let targets = daily_targets(
            profile.gender,
            profile.date_of_birth,
            profile.body_data_set,
            profile.daily_calorie_goal,
            today,
        );
        MicronutrientReport {
            micronutrients: totals.amounts(),
            micronutrients_per_day: totals.per_day(days_logged.max(1)),
            micronutrient_coverage: totals.coverage_all(),
            micronutrient_target_group: targets.group,
            micronutrient_targets: targets,
        }
    }
}
