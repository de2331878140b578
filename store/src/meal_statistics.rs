//! A span's statistics read from the meals store: the sums over the meals, and the
//! largest calorie sources, fetched together.

use models::calendar::{DateRange, LocalClock};
use models::meal::MealType;
use models::statistics::{MealStatistics, TOP_FOODS};
use models::user::UserId;

use crate::{MealFilter, MealStore, StoreError};

/// Statistics of `owner`'s meals over the local days of `range` (of one meal type, if
/// given), with the largest calorie sources among them.
pub async fn gather_meal_statistics(
    meals: &dyn MealStore,
    owner: UserId,
    clock: LocalClock,
    range: DateRange,
    meal_type: Option<MealType>,
) -> Result<MealStatistics, StoreError> {
    let filter = MealFilter {
        during: Some(clock.span(range)),
        meal_type,
    };
    let (intakes, top_foods) = tokio::try_join!(
        meals.intakes(owner, &filter),
        meals.top_foods(owner, &filter, TOP_FOODS),
    )?;
    Ok(MealStatistics::of(&intakes, top_foods, range, clock))
}
