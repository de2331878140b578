//! `/meals/*`: saving what a user ate (from the basket, a plan, or line by line), reading
//! it back by local day or span, and the user's recent meals. Statistics are in
//! `meal_stats`, body weight in `weight`.

use std::collections::HashMap;

use axum::{
    Router,
    extract::State,
    http::StatusCode,
    response::IntoResponse,
    routing::{delete, get, post, put},
};
use chrono::{DateTime, Days, NaiveDate, NaiveTime, Utc};
use models::amount::{AmountError, read_amount};
use models::calendar::{DateRange, parse_date};
use models::meal::{self, Grams, MAX_AMOUNT_CHARS, MAX_MEAL_FOODS, QuickAdd};
use models::{
    FoodUse, LocalClock, Meal, MealFilter, MealLine, MealType, NewMeal, Portion, User, UserId,
};
use serde::{Deserialize, Serialize};

use super::foods::{PageParams, bounded};
use crate::{
    AppState,
    auth::AuthUser,
    error::{ApiError, ApiJson, ApiResult},
    extract::{Body, Clock, Path, Query},
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/meals/create", post(create))
        .route("/meals/list", get(list))
        .route("/meals/recent", get(recent))
        .route("/meals/plan", post(plan))
        .route("/meals/copy-day", post(copy_day))
        .route("/meals/{id}/copy", post(copy))
        .route("/meals/{id}", get(one))
        .route("/meals/{id}/update", put(update))
        .route("/meals/{id}/delete", delete(remove))
        .route("/meals/{id}/add-food", post(add_food))
        .route("/meals/food/{id}/update", put(update_line))
        .route("/meals/food/{id}/delete", delete(delete_line))
}

/// A meal as every call returns it (SPEC §3 "Meal"), dated in the caller's time zone.
#[derive(Debug, Serialize)]
pub struct MealView {
    pub id: i64,
    pub name: Option<String>,
    pub meal_type: MealType,
    /// The local day, `YYYY-MM-DD`.
    pub date: NaiveDate,
    /// The local time, `HH:MM`.
    pub time: String,
    pub eaten_at: DateTime<Utc>,
    pub notes: Option<String>,
    pub foods: Vec<MealFoodView>,
    pub total_calories: f64,
    pub total_protein: f64,
    pub total_fat: f64,
    pub total_carbs: f64,
    pub total_fiber: f64,
    pub total_sugar: f64,
    pub total_sodium: f64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Serialize)]
pub struct MealFoodView {
    pub id: i64,
    pub food_id: Option<i64>,
    pub food_name: String,
    pub food_name_zh: Option<String>,
    pub brand: Option<String>,
    /// Grams; none for a quick add, which was logged without a weight.
    pub quantity: Option<f64>,
    /// The amount as logged ("2 slices"), when it was not plain grams.
    pub amount: Option<String>,
    pub is_quick_add: bool,
    /// What the quantity holds: calories, protein, fat, carbs, fiber, sugar, sodium.
    #[serde(flatten)]
    pub values: models::Nutrients,
    /// The nutrition the line was saved with.
    pub per_100g: models::Nutrients,
}

impl MealView {
    pub fn of(meal: &Meal, clock: LocalClock) -> MealView {
        let t = &meal.totals;
        MealView {
            id: meal.id,
            name: meal.name.clone(),
            meal_type: meal.meal_type,
            date: clock.date_of(meal.eaten_at),
            time: clock.time_of(meal.eaten_at).format("%H:%M").to_string(),
            eaten_at: meal.eaten_at,
            notes: meal.notes.clone(),
            foods: meal
                .foods
                .iter()
                .map(|f| {
                    let line = &f.line;
                    MealFoodView {
                        id: f.id,
                        food_id: line.food_id,
                        food_name: line.food_name.clone(),
                        food_name_zh: line.food_name_zh.clone(),
                        brand: line.brand.clone(),
                        quantity: (!line.quick_add).then(|| line.quantity.get()),
                        amount: line.amount.clone(),
                        is_quick_add: line.quick_add,
                        values: line.amount(),
                        per_100g: line.per_100g,
                    }
                })
                .collect(),
            total_calories: t.calories,
            total_protein: t.protein,
            total_fat: t.fat,
            total_carbs: t.carbs,
            total_fiber: t.fiber,
            total_sugar: t.sugar,
            total_sodium: t.sodium,
            created_at: meal.created_at,
            updated_at: meal.updated_at,
        }
    }
}

pub(crate) fn views(meals: &[Meal], clock: LocalClock) -> Vec<MealView> {
    meals.iter().map(|m| MealView::of(m, clock)).collect()
}

/// The caller's meal, or the same 404 whether it is missing or someone else's.
async fn own_meal(state: &AppState, owner: UserId, id: i64) -> Result<Meal, ApiError> {
    state
        .stores
        .meals
        .get(owner, id)
        .await?
        .ok_or_else(meal_not_found)
}

fn meal_not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "MEAL_NOT_FOUND", "Meal not found")
}

fn line_not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "MEAL_FOOD_NOT_FOUND",
        "Meal food not found",
    )
}

fn food_not_found(id: i64) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "FOOD_NOT_FOUND",
        format!("Food {id} not found"),
    )
}

/// A food line as sent: `{food_id, quantity}` or `{food_id, amount: "2 slices"}`, for a
/// USDA search hit not saved yet `{food_id: -1, quantity, fdc_id, name}`, or a quick add
/// `{quick_add: {name, calories, protein, fat, carbs}}`.
#[derive(Debug, Deserialize)]
pub(crate) struct LineInput {
    food_id: Option<i64>,
    quantity: Option<f64>,
    /// An amount read against the food's portions ("1.5碗", "半斤"); it wins over quantity.
    amount: Option<String>,
    /// (A USDA line's `name` is only informative: the food's own name is saved.)
    fdc_id: Option<i64>,
    /// On update: take the food's current nutrition rather than the line's saved one.
    #[serde(default)]
    refresh: bool,
    quick_add: Option<QuickAddInput>,
}

#[derive(Debug, Deserialize)]
struct QuickAddInput {
    name: Option<String>,
    calories: Option<f64>,
    protein: Option<f64>,
    fat: Option<f64>,
    carbs: Option<f64>,
}

/// Where a line's food comes from, once checked.
enum FoodRef {
    Saved(i64),
    Usda(i64),
}

/// How much of a food, as sent: grams, or an amount to read against its portions.
pub(crate) enum Measure {
    Grams(Grams),
    Amount(String),
}

impl Measure {
    /// From a `quantity` and an `amount` field (the amount wins); `field` names the
    /// quantity in messages, as `foods[1].quantity`.
    pub(crate) fn parse(
        quantity: Option<f64>,
        amount: Option<&str>,
        field: &str,
    ) -> Result<Measure, ApiError> {
        if let Some(text) = amount.map(str::trim).filter(|t| !t.is_empty()) {
            if text.chars().count() > MAX_AMOUNT_CHARS {
                return Err(ApiError::validation(format!(
                    "{} can be at most {MAX_AMOUNT_CHARS} characters",
                    field.replace("quantity", "amount")
                )));
            }
            return Ok(Measure::Amount(text.to_owned()));
        }
        let quantity =
            quantity.ok_or_else(|| ApiError::validation(format!("{field} is required")))?;
        Grams::parse(quantity)
            .map(Measure::Grams)
            .map_err(|e| ApiError::validation(format!("{field}: {}", e.0)))
    }

    /// The grams meant for a food with `portions`, and the amount to keep beside them.
    pub(crate) fn grams(
        &self,
        portions: &[Portion],
        field: &str,
        food_name: &str,
    ) -> Result<(Grams, Option<String>), ApiError> {
        match self {
            Measure::Grams(g) => Ok((*g, None)),
            Measure::Amount(text) => {
                let grams = read_amount(text, portions)
                    .and_then(|g| Grams::parse(g).map_err(|_| AmountError::Invalid))
                    .map_err(|e| {
                        ApiError::validation(format!(
                            "{} ({food_name}): {e}",
                            field.replace("quantity", "amount")
                        ))
                    })?;
                Ok((grams, Some(text.clone())))
            }
        }
    }
}

/// A line as sent, once checked.
enum LineRequest {
    Food { food: FoodRef, measure: Measure },
    Quick(QuickAdd),
}

/// Marks a line `foods[i]` in messages, so the caller knows which one is wrong.
fn at_line(index: Option<usize>, field: &str) -> String {
    match index {
        Some(i) => format!("foods[{i}].{field}"),
        None => field.to_owned(),
    }
}

impl LineInput {
    fn parse(&self, index: Option<usize>) -> Result<LineRequest, ApiError> {
        if let Some(q) = &self.quick_add {
            if self.food_id.is_some() {
                return Err(ApiError::validation(format!(
                    "{} is either a food_id or a quick_add, not both",
                    at_line(index, "").trim_end_matches('.')
                )));
            }
            let add = QuickAdd::parse(q.name.as_deref(), q.calories, q.protein, q.fat, q.carbs)
                .map_err(|e| ApiError::validation(at_line(index, &e.0)))?;
            return Ok(LineRequest::Quick(add));
        }
        let measure = Measure::parse(
            self.quantity,
            self.amount.as_deref(),
            &at_line(index, "quantity"),
        )?;
        let food = match (self.food_id, self.fdc_id) {
            (Some(-1), Some(fdc)) if fdc > 0 => FoodRef::Usda(fdc),
            (Some(-1), _) => {
                return Err(ApiError::validation(format!(
                    "{} must be a positive FoodData Central id when food_id is -1",
                    at_line(index, "fdc_id")
                )));
            }
            (Some(id), _) if id > 0 => FoodRef::Saved(id),
            (Some(_), _) => {
                return Err(ApiError::validation(format!(
                    "{} must be a food id, or -1 with an fdc_id",
                    at_line(index, "food_id")
                )));
            }
            (None, _) => {
                return Err(ApiError::validation(format!(
                    "{} is required (or a quick_add)",
                    at_line(index, "food_id")
                )));
            }
        };
        Ok(LineRequest::Food { food, measure })
    }
}

/// The foods of `inputs` as lines, each with the food's nutrition as it is now, or
/// (for a food the meal already holds, unless asked to refresh) as it was saved.
pub(crate) async fn resolve_lines(
    state: &AppState,
    user: &User,
    inputs: &[LineInput],
    kept: &HashMap<i64, MealLine>,
    numbered: bool,
) -> Result<Vec<MealLine>, ApiError> {
    if inputs.len() > MAX_MEAL_FOODS {
        return Err(ApiError::validation(format!(
            "A meal can hold at most {MAX_MEAL_FOODS} foods"
        )));
    }
    let parsed = inputs
        .iter()
        .enumerate()
        .map(|(i, input)| input.parse(numbered.then_some(i)))
        .collect::<Result<Vec<_>, _>>()?;
    // A food is read when its values are needed, or its portions (for an amount).
    let wanted: Vec<i64> = parsed
        .iter()
        .zip(inputs)
        .filter_map(|(request, input)| match request {
            LineRequest::Food {
                food: FoodRef::Saved(id),
                measure,
            } if input.refresh
                || !kept.contains_key(id)
                || matches!(measure, Measure::Amount(_)) =>
            {
                Some(*id)
            }
            _ => None,
        })
        .collect();
    let found = super::foods::visible_foods(state, user.id, &wanted).await?;
    let mut lines = Vec::with_capacity(parsed.len());
    for (i, (request, input)) in parsed.into_iter().zip(inputs).enumerate() {
        let field = at_line(numbered.then_some(i), "quantity");
        let (food, measure) = match request {
            LineRequest::Quick(add) => {
                lines.push(MealLine::quick(add));
                continue;
            }
            LineRequest::Food { food, measure } => (food, measure),
        };
        let line = match food {
            FoodRef::Saved(id) => {
                let current = found.get(&id);
                let saved = kept.get(&id).filter(|_| !input.refresh);
                let portions = current.map_or(&[][..], |f| &f.food.portions[..]);
                match (current, saved) {
                    (_, Some(saved)) => {
                        let (quantity, amount) =
                            measure.grams(portions, &field, &saved.food_name)?;
                        MealLine {
                            quantity,
                            amount,
                            ..saved.clone()
                        }
                    }
                    (Some(food), None) => {
                        let (quantity, amount) =
                            measure.grams(portions, &field, &food.food.name)?;
                        MealLine {
                            amount,
                            ..MealLine::of(food, quantity)
                        }
                    }
                    (None, None) => return Err(food_not_found(id)),
                }
            }
            FoodRef::Usda(fdc_id) => {
                let food = super::usda::saved_food(state, fdc_id, Some(user.id)).await?;
                let (quantity, amount) =
                    measure.grams(&food.food.portions, &field, &food.food.name)?;
                MealLine {
                    amount,
                    ..MealLine::of(&food, quantity)
                }
            }
        };
        lines.push(line);
    }
    Ok(lines)
}

/// Counts each food of saved lines as used, with what was logged, so it ranks higher in
/// the user's searches and is one click to log again.
async fn record_uses(state: &AppState, user: UserId, lines: &[MealLine]) {
    let uses: Vec<FoodUse> = lines
        .iter()
        .filter_map(|l| {
            l.food_id.map(|food_id| FoodUse {
                food_id,
                grams: Some(l.quantity.get()),
                amount: l.amount.clone(),
            })
        })
        .collect();
    if let Err(e) = state.stores.foods.record_uses(user, &uses).await {
        tracing::warn!(error = %e, "could not count food uses");
    }
}

/// A meal as sent to create or update it; on update an absent field is left as it is.
#[derive(Debug, Default, Deserialize)]
struct MealInput {
    name: Option<String>,
    date: Option<String>,
    meal_type: Option<String>,
    notes: Option<String>,
    foods: Option<Vec<LineInput>>,
}

/// How far ahead a meal may be planned or logged.
const MAX_DAYS_AHEAD: u64 = 366;

/// When a meal was eaten: `YYYY-MM-DD` (a local day, at the meal type's usual time),
/// a date-time with an offset (`…Z`, the web app's UTC ISO), or one without (local).
fn eaten_at(
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

fn check_plausible(at: DateTime<Utc>) -> Result<(), ApiError> {
    let earliest = NaiveDate::from_ymd_opt(1900, 1, 1).unwrap_or_default();
    let latest = Utc::now() + Days::new(MAX_DAYS_AHEAD);
    if at.date_naive() < earliest || at > latest {
        return Err(ApiError::validation(
            "date must be after 1900 and at most a year ahead",
        ));
    }
    Ok(())
}

pub(crate) fn meal_type(text: Option<&str>) -> Result<Option<MealType>, ApiError> {
    text.filter(|t| !t.trim().is_empty())
        .map(MealType::parse)
        .transpose()
        .map_err(ApiError::from)
}

async fn create(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Body(input): Body<MealInput>,
) -> Result<impl IntoResponse, ApiError> {
    let saved = save_new(&state, &user, clock, input).await?;
    Ok((StatusCode::CREATED, ApiJson(saved)))
}

/// A new meal from a create payload built by another call (a meal from a photo).
pub(crate) async fn create_from_json(
    state: &AppState,
    user: &User,
    clock: LocalClock,
    payload: serde_json::Value,
) -> Result<MealView, ApiError> {
    let input: MealInput = serde_path_to_error::deserialize(payload)
        .map_err(|e| ApiError::validation(format!("Invalid meal: {e}")))?;
    save_new(state, user, clock, input).await
}

async fn save_new(
    state: &AppState,
    user: &User,
    clock: LocalClock,
    input: MealInput,
) -> Result<MealView, ApiError> {
    let foods = input.foods.unwrap_or_default();
    if foods.is_empty() {
        return Err(ApiError::validation("Add at least one food to the meal"));
    }
    let name = meal::meal_name(input.name.as_deref())?;
    let notes = meal::meal_notes(input.notes.as_deref())?;
    let chosen_type = meal_type(input.meal_type.as_deref())?;
    let at = match input.date.as_deref().filter(|d| !d.trim().is_empty()) {
        Some(text) => eaten_at(text, chosen_type, clock)?,
        None => Utc::now(),
    };
    let lines = resolve_lines(state, user, &foods, &HashMap::new(), true).await?;
    let new = NewMeal {
        owner: user.id,
        name,
        meal_type: chosen_type.unwrap_or_else(|| MealType::at_hour(clock.hour_of(at))),
        eaten_at: at,
        notes,
        lines,
    };
    let saved = state.stores.meals.create(&new).await?;
    record_uses(state, user.id, &new.lines).await;
    Ok(MealView::of(&saved, clock))
}

async fn one(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Path(id): Path<i64>,
) -> ApiResult<MealView> {
    let meal = own_meal(&state, user.id, id).await?;
    Ok(ApiJson(MealView::of(&meal, clock)))
}

async fn update(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Path(id): Path<i64>,
    Body(input): Body<MealInput>,
) -> ApiResult<MealView> {
    let current = own_meal(&state, user.id, id).await?;
    let name = match input.name.as_deref() {
        Some(text) => meal::meal_name(Some(text))?,
        None => current.name.clone(),
    };
    let notes = match input.notes.as_deref() {
        Some(text) => meal::meal_notes(Some(text))?,
        None => current.notes.clone(),
    };
    let chosen_type = meal_type(input.meal_type.as_deref())?;
    let at = match input.date.as_deref().filter(|d| !d.trim().is_empty()) {
        Some(text) => eaten_at(text, chosen_type.or(Some(current.meal_type)), clock)?,
        None => current.eaten_at,
    };
    let lines = match &input.foods {
        Some(foods) if foods.is_empty() => {
            return Err(ApiError::validation(
                "A meal needs at least one food; delete the meal instead",
            ));
        }
        Some(foods) => {
            let kept: HashMap<i64, MealLine> = current
                .foods
                .iter()
                .filter_map(|f| f.line.food_id.map(|id| (id, f.line.clone())))
                .collect();
            resolve_lines(&state, &user, foods, &kept, true).await?
        }
        None => current.foods.iter().map(|f| f.line.clone()).collect(),
    };
    let changed = NewMeal {
        owner: user.id,
        name,
        meal_type: chosen_type.unwrap_or(current.meal_type),
        eaten_at: at,
        notes,
        lines,
    };
    let saved = state
        .stores
        .meals
        .replace(user.id, id, &changed)
        .await?
        .ok_or_else(meal_not_found)?;
    if input.foods.is_some() {
        record_uses(&state, user.id, &changed.lines).await;
    }
    Ok(ApiJson(MealView::of(&saved, clock)))
}

/// What a delete answers.
#[derive(Serialize)]
pub(crate) struct Deleted {
    pub id: i64,
    pub deleted: bool,
}

async fn remove(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Deleted> {
    if !state.stores.meals.delete(user.id, id).await? {
        return Err(meal_not_found());
    }
    Ok(ApiJson(Deleted { id, deleted: true }))
}

async fn add_food(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Path(id): Path<i64>,
    Body(input): Body<LineInput>,
) -> ApiResult<MealView> {
    // A missing meal is the answer even when the food is wrong too.
    let current = own_meal(&state, user.id, id).await?;
    if current.foods.len() >= MAX_MEAL_FOODS {
        return Err(ApiError::validation(format!(
            "A meal can hold at most {MAX_MEAL_FOODS} foods"
        )));
    }
    let mut lines = resolve_lines(
        &state,
        &user,
        std::slice::from_ref(&input),
        &HashMap::new(),
        false,
    )
    .await?;
    let line = lines.remove(0);
    let saved = state
        .stores
        .meals
        .add_line(user.id, id, &line)
        .await?
        .ok_or_else(meal_not_found)?;
    record_uses(&state, user.id, &[line]).await;
    Ok(ApiJson(MealView::of(&saved, clock)))
}

#[derive(Deserialize)]
struct QuantityInput {
    quantity: Option<f64>,
    amount: Option<String>,
}

async fn update_line(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Path(id): Path<i64>,
    Body(input): Body<QuantityInput>,
) -> ApiResult<MealView> {
    let measure = Measure::parse(input.quantity, input.amount.as_deref(), "quantity")?;
    let (quantity, amount) = match &measure {
        Measure::Grams(g) => (*g, None),
        Measure::Amount(_) => {
            // An amount is read against the portions of the line's food.
            let line = state
                .stores
                .meals
                .line(user.id, id)
                .await?
                .ok_or_else(line_not_found)?;
            let food = match line.food_id {
                Some(food_id) => state.stores.foods.get(food_id).await?,
                None => None,
            };
            let portions = food.as_ref().map_or(&[][..], |f| &f.food.portions[..]);
            measure.grams(portions, "quantity", &line.food_name)?
        }
    };
    let meal = match state
        .stores
        .meals
        .set_line_quantity(user.id, id, quantity, amount.as_deref())
        .await
    {
        Err(models::StoreError::Conflict(_)) => {
            return Err(ApiError::validation(
                "A quick add has no quantity; delete it and add it again with other values",
            )
            .with_code("QUICK_ADD_HAS_NO_QUANTITY"));
        }
        other => other?.ok_or_else(line_not_found)?,
    };
    Ok(ApiJson(MealView::of(&meal, clock)))
}

async fn delete_line(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Path(id): Path<i64>,
) -> ApiResult<MealView> {
    let meal = match state.stores.meals.delete_line(user.id, id).await {
        Err(models::StoreError::Conflict(_)) => {
            return Err(ApiError::validation(
                "A meal needs at least one food; delete the meal instead",
            )
            .with_code("LAST_MEAL_FOOD"));
        }
        other => other?.ok_or_else(line_not_found)?,
    };
    Ok(ApiJson(MealView::of(&meal, clock)))
}

/// Which meals a list or statistics call is about, as sent.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct SpanParams {
    pub meal_type: Option<String>,
    pub date: Option<String>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub start_datetime_utc: Option<String>,
    pub end_datetime_utc: Option<String>,
}

pub(crate) fn instant(text: &str, field: &str) -> Result<DateTime<Utc>, ApiError> {
    DateTime::parse_from_rfc3339(text.trim())
        .map(|t| t.with_timezone(&Utc))
        .map_err(|_| {
            ApiError::validation(format!(
                "{field} must be a date-time like 2026-11-23T00:00:00Z"
            ))
        })
}

pub(crate) fn date_param(text: &str, field: &str) -> Result<NaiveDate, ApiError> {
    Ok(parse_date(text, field)?)
}

/// A date parameter that may be left out (or sent empty).
pub(crate) fn optional_date(
    value: Option<&str>,
    field: &str,
) -> Result<Option<NaiveDate>, ApiError> {
    value
        .filter(|t| !t.trim().is_empty())
        .map(|t| date_param(t, field))
        .transpose()
}

/// A date parameter that must be there.
pub(crate) fn required_date(value: Option<&str>, field: &str) -> Result<NaiveDate, ApiError> {
    optional_date(value, field)?.ok_or_else(|| ApiError::validation(format!("{field} is required")))
}

/// Local days `start_date..=end_date`, or the one day `date`; `None` when neither is sent.
pub(crate) fn local_days(
    params: &SpanParams,
    max_days: i64,
) -> Result<Option<DateRange>, ApiError> {
    let blank = |v: &Option<String>| {
        v.as_deref()
            .filter(|t| !t.trim().is_empty())
            .map(str::to_owned)
    };
    match (
        blank(&params.date),
        blank(&params.start_date),
        blank(&params.end_date),
    ) {
        (_, Some(start), Some(end)) => Ok(Some(DateRange::new(
            date_param(&start, "start_date")?,
            date_param(&end, "end_date")?,
            max_days,
        )?)),
        (_, Some(_), None) | (_, None, Some(_)) => {
            Err(ApiError::validation("start_date and end_date go together"))
        }
        (Some(date), None, None) => Ok(Some(DateRange::day(date_param(&date, "date")?))),
        (None, None, None) => Ok(None),
    }
}

impl SpanParams {
    /// The filter these parameters describe, in the caller's days.
    fn filter(&self, clock: LocalClock) -> Result<MealFilter, ApiError> {
        let meal_type = meal_type(self.meal_type.as_deref())?;
        let during = match (&self.start_datetime_utc, &self.end_datetime_utc) {
            (Some(start), Some(end)) => {
                let (start, end) = (
                    instant(start, "start_datetime_utc")?,
                    instant(end, "end_datetime_utc")?,
                );
                if end < start {
                    return Err(ApiError::validation(
                        "end_datetime_utc must not be before start_datetime_utc",
                    ));
                }
                // The spec's end is the last second of a day (23:59:59): include it.
                Some(start..end + chrono::Duration::seconds(1))
            }
            (Some(_), None) | (None, Some(_)) => {
                return Err(ApiError::validation(
                    "start_datetime_utc and end_datetime_utc go together",
                ));
            }
            (None, None) => local_days(self, i64::MAX)?.map(|days| clock.span(days)),
        };
        Ok(MealFilter { during, meal_type })
    }
}

#[derive(Deserialize)]
struct ListParams {
    page: Option<i64>,
    page_size: Option<i64>,
    #[serde(flatten)]
    span: SpanParams,
}

#[derive(Serialize)]
struct MealPage {
    meals: Vec<MealView>,
    page: i64,
    page_size: i64,
    total: i64,
    has_more: bool,
}

async fn list(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Query(params): Query<ListParams>,
) -> ApiResult<MealPage> {
    let page = PageParams {
        page: params.page,
        page_size: params.page_size,
    }
    .page()?;
    let (page, page_size, offset) = (page.number, page.size, page.offset);
    let filter = params.span.filter(clock)?;
    let (meals, total) = state
        .stores
        .meals
        .list(user.id, &filter, offset, page_size)
        .await?;
    Ok(ApiJson(MealPage {
        meals: views(&meals, clock),
        page,
        page_size,
        total,
        has_more: offset + (meals.len() as i64) < total,
    }))
}

#[derive(Deserialize)]
struct RecentParams {
    limit: Option<i64>,
}

#[derive(Serialize)]
struct MealList {
    meals: Vec<MealView>,
}

/// SPEC §9: the recent meals window is 7 days.
const RECENT_DAYS: u64 = 7;

async fn recent(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Query(params): Query<RecentParams>,
) -> ApiResult<MealList> {
    let limit = bounded("limit", params.limit, 7, 50)?;
    let today = clock.today();
    let days = DateRange::day(today);
    let first = today - Days::new(RECENT_DAYS - 1);
    let filter = MealFilter {
        during: Some(clock.start_of(first)..clock.span(days).end),
        meal_type: None,
    };
    let (meals, _) = state.stores.meals.list(user.id, &filter, 0, limit).await?;
    Ok(ApiJson(MealList {
        meals: views(&meals, clock),
    }))
}

/// A plan covers at most a month at once.
const MAX_PLAN_DAYS: i64 = 31;

#[derive(Deserialize)]
struct PlanInput {
    start_date: Option<String>,
    end_date: Option<String>,
    meal_template: Option<HashMap<String, Vec<LineInput>>>,
}

#[derive(Serialize)]
struct PlanCreated {
    meals_created: usize,
    meals: Vec<MealView>,
}

/// Saves the same meals on every day of a span: one per meal type of the template, at
/// its usual time. All of them are saved, or none.
async fn plan(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Body(input): Body<PlanInput>,
) -> Result<impl IntoResponse, ApiError> {
    let days = DateRange::new(
        required_date(input.start_date.as_deref(), "start_date")?,
        required_date(input.end_date.as_deref(), "end_date")?,
        MAX_PLAN_DAYS,
    )?;
    let template = input.meal_template.unwrap_or_default();
    let mut meals_of_day = Vec::new();
    for (key, foods) in &template {
        let meal_type = MealType::parse(key).map_err(|_| {
            ApiError::validation(format!(
                "meal_template keys must be breakfast, lunch, dinner or snack, not {key:?}"
            ))
        })?;
        if foods.is_empty() {
            continue;
        }
        let lines = resolve_lines(&state, &user, foods, &HashMap::new(), true).await?;
        meals_of_day.push((meal_type, lines));
    }
    if meals_of_day.is_empty() {
        return Err(ApiError::validation(
            "meal_template needs foods for at least one meal type",
        ));
    }
    meals_of_day.sort_by_key(|(t, _)| *t);
    let mut planned = Vec::new();
    for day in days.days() {
        for (meal_type, lines) in &meals_of_day {
            let at = clock.at(day, meal_type.usual_time());
            check_plausible(at)?;
            planned.push(NewMeal {
                owner: user.id,
                name: None,
                meal_type: *meal_type,
                eaten_at: at,
                notes: None,
                lines: lines.clone(),
            });
        }
    }
    let saved = state.stores.meals.create_many(&planned).await?;
    Ok((
        StatusCode::CREATED,
        ApiJson(PlanCreated {
            meals_created: saved.len(),
            meals: views(&saved, clock),
        }),
    ))
}

/// Where a copy of a meal goes.
#[derive(Debug, Default, Deserialize)]
struct CopyInput {
    date: Option<String>,
    meal_type: Option<String>,
    name: Option<String>,
}

/// A new meal with the lines of one already saved (the values they were saved with,
/// quick adds included), on another day or at another time. A date alone keeps the
/// meal's local time.
async fn copy(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Path(id): Path<i64>,
    Body(input): Body<CopyInput>,
) -> Result<impl IntoResponse, ApiError> {
    let meal = own_meal(&state, user.id, id).await?;
    let text = input
        .date
        .as_deref()
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .ok_or_else(|| ApiError::validation("date is required"))?;
    let chosen_type = meal_type(input.meal_type.as_deref())?;
    let at = if text.contains('T') {
        eaten_at(text, chosen_type, clock)?
    } else {
        let day = required_date(Some(text), "date")?;
        let at = clock.at(day, clock.time_of(meal.eaten_at));
        check_plausible(at)?;
        at
    };
    let name = match input.name.as_deref() {
        Some(text) => meal::meal_name(Some(text))?,
        None => meal.name.clone(),
    };
    let copied = NewMeal {
        name,
        meal_type: chosen_type.unwrap_or(meal.meal_type),
        ..meal.copied_to(at)
    };
    let saved = state.stores.meals.create(&copied).await?;
    record_uses(&state, user.id, &copied.lines).await;
    Ok((StatusCode::CREATED, ApiJson(MealView::of(&saved, clock))))
}

#[derive(Debug, Default, Deserialize)]
struct CopyDayInput {
    from_date: Option<String>,
    to_date: Option<String>,
}

#[derive(Serialize)]
struct DayCopied {
    count: usize,
    meals: Vec<MealView>,
}

/// Every meal of one local day again on another, each at its own local time; all of
/// them are saved, or none.
async fn copy_day(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Body(input): Body<CopyDayInput>,
) -> Result<impl IntoResponse, ApiError> {
    let from = required_date(input.from_date.as_deref(), "from_date")?;
    let to = required_date(input.to_date.as_deref(), "to_date")?;
    let filter = MealFilter {
        during: Some(clock.span(DateRange::day(from))),
        meal_type: None,
    };
    let meals = state.stores.meals.between(user.id, &filter).await?;
    if meals.is_empty() {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "NO_MEALS_ON_DAY",
            format!("There are no meals on {from} to copy"),
        ));
    }
    let mut copies = Vec::with_capacity(meals.len());
    for meal in &meals {
        let at = clock.at(to, clock.time_of(meal.eaten_at));
        check_plausible(at)?;
        copies.push(meal.copied_to(at));
    }
    let saved = state.stores.meals.create_many(&copies).await?;
    let lines: Vec<MealLine> = copies.iter().flat_map(|m| m.lines.clone()).collect();
    record_uses(&state, user.id, &lines).await;
    Ok((
        StatusCode::CREATED,
        ApiJson(DayCopied {
            count: saved.len(),
            meals: views(&saved, clock),
        }),
    ))
}
