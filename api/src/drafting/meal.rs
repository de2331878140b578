use std::collections::HashMap;

use chrono::{DateTime, Days, NaiveDate, NaiveTime, Utc};
use models::calendar::parse_date;
use models::meal;
use models::{LocalClock, MealLine, MealType, NewMeal, User};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{LineInput, record_uses, resolve_lines};
use crate::{AppState, error::ApiError, params::meal_type, views::MealView};

/// A meal as sent to create or update it; on update an absent field is left as it is.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub(crate) struct MealFields {
    pub name: Option<String>,
    pub date: Option<String>,
    pub meal_type: Option<String>,
    pub notes: Option<String>,
    pub foods: Option<Vec<LineInput>>,
}

/// A new meal as its caller wants it saved: named, dated, typed, and each line read
/// against its food, every rule checked. Made by `MealInput::parse`, saved by
/// `save_meal`.
pub(crate) struct MealInput {
    name: Option<String>,
    meal_type: MealType,
    eaten_at: DateTime<Utc>,
    notes: Option<String>,
    lines: Vec<MealLine>,
}

impl MealInput {
    /// Checks a new meal as sent. Without a date it is eaten now; without a type it is
    /// the type of its local hour.
    pub(crate) async fn parse(
        state: &AppState,
        user: &User,
        clock: LocalClock,
        fields: MealFields,
    ) -> Result<MealInput, ApiError> {
        let foods = fields.foods.unwrap_or_default();
        if foods.is_empty() {
            return Err(ApiError::validation("Add at least one food to the meal"));
        }
        let name = meal::meal_name(fields.name.as_deref())?;
        let notes = meal::meal_notes(fields.notes.as_deref())?;
        let chosen_type = meal_type(fields.meal_type.as_deref())?;
        let at = match fields.date.as_deref().filter(|d| !d.trim().is_empty()) {
            Some(text) => eaten_at(text, chosen_type, clock)?,
            None => Utc::now(),
        };
        let lines = resolve_lines(state, user, &foods, &HashMap::new(), true).await?;
        Ok(MealInput {
            name,
            meal_type: chosen_type.unwrap_or_else(|| MealType::at_hour(clock.hour_of(at))),
            eaten_at: at,
            notes,
            lines,
        })
    }
}

/// Saves a new meal of the user and counts its foods as used.
pub(crate) async fn save_meal(
    state: &AppState,
    user: &User,
    clock: LocalClock,
    input: MealInput,
) -> Result<MealView, ApiError> {
    let new = NewMeal {
        owner: user.id,
        name: input.name,
        meal_type: input.meal_type,
        eaten_at: input.eaten_at,
        notes: input.notes,
        lines: input.lines,
    };
    let saved = state.stores.meals.create(&new).await?;
    record_uses(state, user.id, &new.lines).await;
    Ok(MealView::new(&saved, clock))
}

/// How far ahead a meal may be planned or logged.
const MAX_DAYS_AHEAD: u64 = 366;

/// When a meal was eaten: `YYYY-MM-DD` (a local day, at the meal type's usual time),
/// a date-time with an offset (`…Z`, the web app's UTC ISO), or one without (local).
pub(crate) fn eaten_at(
    text: &str,
    meal_type: Option<MealType>,
    clock: LocalClock,
) -> Result<DateTime<Utc>, ApiError> {
    let text = text.trim();
    let invalid = || {
        ApiError::validation(
            "date must be a date like 2026-11-23 or a date-time like 2026-11-23T12:30:00Z",
        )
    };
    let at = if text.contains('T') {
        if let Ok(t) = DateTime::parse_from_rfc3339(text) {
            t.with_timezone(&Utc)
        } else {
            let local = chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S%.f")
                .or_else(|_| chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M"))
                .map_err(|_| invalid())?;
            clock.at(local.date(), local.time())
        }
    } else {
        let day = parse_date(text, "date").map_err(|_| invalid())?;
        let time = meal_type.map_or(
            NaiveTime::from_hms_opt(12, 0, 0).unwrap_or_default(),
            MealType::usual_time,
        );
        clock.at(day, time)
    };
    check_plausible(at)?;
    Ok(at)
}

/// A meal is eaten after 1900 and at most a year ahead.
pub(crate) fn check_plausible(at: DateTime<Utc>) -> Result<(), ApiError> {
    let earliest = NaiveDate::from_ymd_opt(1900, 1, 1).unwrap_or_default();
    let latest = Utc::now() + Days::new(MAX_DAYS_AHEAD);
    if at.date_naive() < earliest || at > latest {
        return Err(ApiError::validation(
            "date must be after 1900 and at most a year ahead",
        ));
    }
    Ok(())
}
