//! Long on purpose: the meal store for both engines: a meal and its lines are written and
//! read in one transaction, and the statistics read the same rows; split, the row types
//! would be shared across files.

use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::{Pool, QueryBuilder, Transaction};

use super::engine::{Engine, push_list};
use super::food_rows::push_nutrients;
use super::{Connection, DB};
use super::{MealCursor, MealFilter, MealStore, StoreError};
use models::food::{Nutrients, round1};
use models::meal::{
    Grams, MAX_MEAL_FOODS, Meal, MealFood, MealIntake, MealLine, MealType, NewMeal,
    micronutrient_totals, totals,
};
use models::micronutrients::{MicronutrientTotals, Micronutrients};
use models::statistics::TopFood;
use models::user::UserId;

#[derive(Debug)]
pub(super) struct SqlMeals(pub Pool<DB>);

#[derive(sqlx::FromRow)]
pub(super) struct MealRow {
    meal_id: i64,
    user_id: i64,
    name: Option<String>,
    meal_type: String,
    eaten_at_ms: i64,
    notes: Option<String>,
    total_calories: f64,
    total_protein: f64,
    total_fat: f64,
    total_carbs: f64,
    total_fiber: f64,
    total_sugar: f64,
    total_sodium: f64,
    micronutrient_totals: Option<Vec<u8>>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

#[derive(sqlx::FromRow)]
pub(super) struct LineRow {
    meal_food_id: i64,
    meal_id: i64,
    food_id: Option<i64>,
    food_name: String,
    food_name_zh: Option<String>,
    brand: Option<String>,
    quantity: f64,
    calories_per_100g: f64,
    protein_per_100g: f64,
    fat_per_100g: f64,
    carbs_per_100g: f64,
    fiber_per_100g: f64,
    sugar_per_100g: f64,
    sodium_per_100g: f64,
    amount: Option<String>,
    is_quick_add: bool,
    micronutrients: Option<String>,
}

#[derive(sqlx::FromRow)]
struct IntakeRow {
    meal_type: String,
    eaten_at_ms: i64,
    total_calories: f64,
    total_protein: f64,
    total_fat: f64,
    total_carbs: f64,
    total_fiber: f64,
    total_sugar: f64,
    total_sodium: f64,
    micronutrient_totals: Option<Vec<u8>>,
}

impl TryFrom<IntakeRow> for MealIntake {
    type Error = StoreError;
    fn try_from(row: IntakeRow) -> Result<Self, StoreError> {
        Ok(MealIntake {
            meal_type: MealType::parse(&row.meal_type).map_err(|e| StoreError::Corrupt(e.0))?,
            eaten_at: instant(row.eaten_at_ms)?,
            totals: Nutrients {
                calories: row.total_calories,
                protein: row.total_protein,
                fat: row.total_fat,
                carbs: row.total_carbs,
                fiber: row.total_fiber,
                sugar: row.total_sugar,
                sodium: row.total_sodium,
            }
            .rounded(),
            micronutrients: MicronutrientTotals::from_column(row.micronutrient_totals.as_deref()),
        })
    }
}

#[derive(sqlx::FromRow)]
struct TopFoodRow {
    food_id: Option<i64>,
    name: String,
    name_zh: Option<String>,
    quantity: f64,
    calories: f64,
    frequency: i64,
}

impl From<TopFoodRow> for TopFood {
    fn from(row: TopFoodRow) -> Self {
        TopFood {
            food_id: row.food_id,
            name: row.name,
            name_zh: row.name_zh,
            total_quantity: round1(row.quantity),
            total_calories: round1(row.calories),
            frequency: u32::try_from(row.frequency).unwrap_or(u32::MAX),
        }
    }
}

fn instant(ms: i64) -> Result<DateTime<Utc>, StoreError> {
    DateTime::from_timestamp_millis(ms)
        .ok_or_else(|| StoreError::Corrupt(format!("eaten_at_ms {ms}")))
}

macro_rules! meal_columns {
    () => {
        "meal_id, user_id, name, meal_type, eaten_at_ms, notes, total_calories, total_protein, \
         total_fat, total_carbs, total_fiber, total_sugar, total_sodium, micronutrient_totals, \
         created_at, updated_at"
    };
}

macro_rules! line_columns {
    () => {
        "meal_food_id, meal_id, food_id, food_name, food_name_zh, brand, quantity, \
         calories_per_100g, protein_per_100g, fat_per_100g, carbs_per_100g, fiber_per_100g, \
         sugar_per_100g, sodium_per_100g, amount, is_quick_add, micronutrients"
    };
}

/// A meal's totals are the sum of its lines as shown; one statement keeps them so after
/// any change of lines.
const REFRESH_TOTALS: &str = "update meal set \
     total_calories = (select coalesce(sum(calories), 0) from meal_food \
        where meal_food.meal_id = meal.meal_id), \
     total_protein = (select coalesce(sum(protein), 0) from meal_food \
        where meal_food.meal_id = meal.meal_id), \
     total_fat = (select coalesce(sum(fat), 0) from meal_food \
        where meal_food.meal_id = meal.meal_id), \
     total_carbs = (select coalesce(sum(carbs), 0) from meal_food \
        where meal_food.meal_id = meal.meal_id), \
     total_fiber = (select coalesce(sum(fiber), 0) from meal_food \
        where meal_food.meal_id = meal.meal_id), \
     total_sugar = (select coalesce(sum(sugar), 0) from meal_food \
        where meal_food.meal_id = meal.meal_id), \
     total_sodium = (select coalesce(sum(sodium), 0) from meal_food \
        where meal_food.meal_id = meal.meal_id) \
     where meal_id = $1";

/// Lines are written with their values as shown, in `push_line`'s order.
const INSERT_LINES: &str = "insert into meal_food (meal_id, position, food_id, food_name, \
     food_name_zh, brand, quantity, calories_per_100g, protein_per_100g, fat_per_100g, \
     carbs_per_100g, fiber_per_100g, sugar_per_100g, sodium_per_100g, calories, protein, fat, \
     carbs, fiber, sugar, sodium, amount, is_quick_add, micronutrients) ";
/// Lines per multi-row insert: 24 columns each stays under SQLite's 32,766 parameters.
const LINES_PER_INSERT: usize = 1_300;

const INSERT_MEAL: &str = "insert into meal (user_id, name, meal_type, eaten_at_ms, notes, \
     created_at, updated_at, micronutrient_totals) values ($1, $2, $3, $4, $5, $6, $6, $7) \
     returning meal_id";

const SET_MICRONUTRIENT_TOTALS: &str =
    "update meal set micronutrient_totals = $2 where meal_id = $1";

/// Meals with their ids and totals given, in `bulk_insert`'s order.
const INSERT_MEALS_AS_GIVEN: &str = "insert into meal (meal_id, user_id, name, meal_type, \
     eaten_at_ms, notes, total_calories, total_protein, total_fat, total_carbs, total_fiber, \
     total_sugar, total_sodium, micronutrient_totals, created_at, updated_at) ";
/// Meals per multi-row insert: 16 columns each.
const MEALS_PER_INSERT: usize = 1_000;

const TOUCH: &str = "update meal set updated_at = $3 where meal_id = $1 and user_id = $2";

const LINE_MEAL: &str = "select meal.meal_id from meal_food \
     join meal on meal.meal_id = meal_food.meal_id \
     where meal_food.meal_food_id = $1 and meal.user_id = $2";

const UPDATE_MEAL: &str = "update meal set name = $2, meal_type = $3, eaten_at_ms = $4, \
     notes = $5 where meal_id = $1";

const DELETE_LINES: &str = "delete from meal_food where meal_id = $1";

const DELETE_MEAL: &str = "delete from meal where meal_id = $1 and user_id = $2";

const LINE_COUNT_AND_NEXT_POSITION: &str =
    "select count(*), coalesce(max(position), -1) + 1 from meal_food where meal_id = $1";

const LINE: &str = concat!(
    "select ",
    line_columns!(),
    " from meal_food where meal_food_id = $1"
);

const OWN_LINE: &str = concat!(
    "select ",
    line_columns!(),
    " from meal_food where meal_food_id = $1 \
     and meal_id in (select meal_id from meal where user_id = $2)"
);

const SET_LINE_QUANTITY: &str = "update meal_food set quantity = $2, calories = $3, \
     protein = $4, fat = $5, carbs = $6, fiber = $7, sugar = $8, sodium = $9, amount = $10 \
     where meal_food_id = $1";

const LINE_COUNT: &str = "select count(*) from meal_food where meal_id = $1";

const DELETE_LINE: &str = "delete from meal_food where meal_food_id = $1";

const MEALS_IN: &str = concat!("select ", meal_columns!(), " from meal where meal_id in (");

const LINES_OF_MEALS_IN: &str = concat!(
    "select ",
    line_columns!(),
    " from meal_food where meal_id in ("
);

/// The lines of the meals a filter picks, joined to them.
const FILTERED_LINES: &str = "select meal_food.meal_food_id, meal_food.meal_id, \
     meal_food.food_id, meal_food.food_name, meal_food.food_name_zh, meal_food.brand, \
     meal_food.quantity, meal_food.calories_per_100g, meal_food.protein_per_100g, \
     meal_food.fat_per_100g, meal_food.carbs_per_100g, meal_food.fiber_per_100g, \
     meal_food.sugar_per_100g, meal_food.sodium_per_100g, meal_food.amount, \
     meal_food.is_quick_add, meal_food.micronutrients \
     from meal join meal_food on meal_food.meal_id = meal.meal_id";

const INTAKES: &str = "select meal_type, eaten_at_ms, total_calories, total_protein, \
     total_fat, total_carbs, total_fiber, total_sugar, total_sodium, micronutrient_totals \
     from meal";

const TOP_FOODS: &str = "select meal_food.food_id, min(meal_food.food_name) as name, \
     min(meal_food.food_name_zh) as name_zh, \
     sum(case when meal_food.is_quick_add then 0.0 else meal_food.quantity end) as quantity, \
     sum(meal_food.calories) as calories, count(*) as frequency \
     from meal join meal_food on meal_food.meal_id = meal.meal_id";

/// A line whose food is gone, or a quick add, counts under its own name (a quick add
/// weighs nothing: it was logged without grams).
const TOP_FOODS_GROUPED: &str = " group by meal_food.food_id, \
     case when meal_food.food_id is null then meal_food.food_name else '' end \
     order by sum(meal_food.calories) desc, count(*) desc, min(meal_food.food_name) \
     limit ";

const FIRST_AND_LAST: &str =
    "select min(eaten_at_ms), max(eaten_at_ms) from meal where user_id = $1";

const FOOD_USE: &str = "select count(distinct meal.meal_id), count(*) from meal_food \
     join meal on meal.meal_id = meal_food.meal_id \
     where meal.user_id = $1 and meal_food.food_id = $2";

fn meal_of(row: MealRow, foods: Vec<MealFood>) -> Result<Meal, StoreError> {
    Ok(Meal {
        id: row.meal_id,
        owner: UserId::from_i64(row.user_id),
        name: row.name,
        meal_type: MealType::parse(&row.meal_type).map_err(|e| StoreError::Corrupt(e.0))?,
        eaten_at: instant(row.eaten_at_ms)?,
        notes: row.notes,
        totals: Nutrients {
            calories: row.total_calories,
            protein: row.total_protein,
            fat: row.total_fat,
            carbs: row.total_carbs,
            fiber: row.total_fiber,
            sugar: row.total_sugar,
            sodium: row.total_sodium,
        }
        .rounded(),
        micronutrients: MicronutrientTotals::from_column(row.micronutrient_totals.as_deref()),
        foods,
        created_at: row.created_at,
        updated_at: row.updated_at,
    })
}

fn line_of(row: LineRow) -> Result<MealFood, StoreError> {
    Ok(MealFood {
        id: row.meal_food_id,
        line: MealLine {
            food_id: row.food_id,
            food_name: row.food_name,
            food_name_zh: row.food_name_zh,
            brand: row.brand,
            quantity: Grams::parse(row.quantity).map_err(|e| StoreError::Corrupt(e.0))?,
            per_100g: Nutrients {
                calories: row.calories_per_100g,
                protein: row.protein_per_100g,
                fat: row.fat_per_100g,
                carbs: row.carbs_per_100g,
                fiber: row.fiber_per_100g,
                sugar: row.sugar_per_100g,
                sodium: row.sodium_per_100g,
            },
            micronutrients: Micronutrients::from_column(row.micronutrients.as_deref()),
            amount: row.amount,
            quick_add: row.is_quick_add,
        },
    })
}

/// Meals with their lines, in the order of `rows`.
fn assemble(rows: Vec<MealRow>, lines: Vec<LineRow>) -> Result<Vec<Meal>, StoreError> {
    let mut by_meal: HashMap<i64, Vec<MealFood>> = HashMap::with_capacity(rows.len());
    for line in lines {
        let meal_id = line.meal_id;
        by_meal.entry(meal_id).or_default().push(line_of(line)?);
    }
    rows.into_iter()
        .map(|row| {
            let foods = by_meal.remove(&row.meal_id).unwrap_or_default();
            meal_of(row, foods)
        })
        .collect()
}

/// Appends `where user_id = … [and eaten_at_ms in range] [and meal_type = …]`, naming
/// the columns of `table` (`""`, or `"meal."` in a join).
fn push_filter(b: &mut QueryBuilder<DB>, owner: UserId, filter: &MealFilter, table: &str) {
    b.push(" where ")
        .push(table)
        .push("user_id = ")
        .push_bind(owner.get());
    if let Some(during) = &filter.during {
        b.push(" and ")
            .push(table)
            .push("eaten_at_ms >= ")
            .push_bind(during.start.timestamp_millis())
            .push(" and ")
            .push(table)
            .push("eaten_at_ms < ")
            .push_bind(during.end.timestamp_millis());
    }
    if let Some(meal_type) = filter.meal_type {
        b.push(" and ")
            .push(table)
            .push("meal_type = ")
            .push_bind(meal_type.as_str());
    }
}

/// Binds a line of a meal, in `INSERT_LINES` order.
fn push_line(
    mut row: sqlx::query_builder::Separated<'_, DB, &'static str>,
    (meal_id, position, line): (i64, i64, &MealLine),
) {
    row.push_bind(meal_id)
        .push_bind(position)
        .push_bind(line.food_id)
        .push_bind(line.food_name.clone())
        .push_bind(line.food_name_zh.clone())
        .push_bind(line.brand.clone())
        .push_bind(line.quantity.get());
    push_nutrients(&mut row, &line.per_100g);
    push_nutrients(&mut row, &line.amount());
    row.push_bind(line.amount.clone())
        .push_bind(line.quick_add)
        .push_bind(line.micronutrients.to_column());
}

/// Inserts lines, each `(meal id, position, line)`, many a statement.
async fn insert_lines(
    conn: &mut Connection,
    lines: &[(i64, i64, &MealLine)],
) -> Result<(), StoreError> {
    for chunk in lines.chunks(LINES_PER_INSERT) {
        let mut b: QueryBuilder<DB> = QueryBuilder::new(INSERT_LINES);
        b.push_values(chunk.iter().copied(), push_line);
        b.build().execute(&mut *conn).await?;
    }
    Ok(())
}

/// Writes meals with the ids given, many rows a statement, in one transaction; the
/// totals are those of [`totals`]. For filling a database for a benchmark, where storing
/// one meal at a time would take hours.
pub(crate) async fn bulk_insert(
    pool: &Pool<DB>,
    meals: &[(i64, NewMeal)],
) -> Result<(), StoreError> {
    let now = Utc::now();
    let mut tx = pool.begin().await?;
    for chunk in meals.chunks(MEALS_PER_INSERT) {
        let mut b: QueryBuilder<DB> = QueryBuilder::new(INSERT_MEALS_AS_GIVEN);
        b.push_values(chunk, |mut row, (id, meal)| {
            row.push_bind(*id)
                .push_bind(meal.owner.get())
                .push_bind(meal.name.clone())
                .push_bind(meal.meal_type.as_str())
                .push_bind(meal.eaten_at.timestamp_millis())
                .push_bind(meal.notes.clone());
            push_nutrients(&mut row, &totals(&meal.lines));
            row.push_bind(micronutrient_totals(&meal.lines).to_column())
                .push_bind(now)
                .push_bind(now);
        });
        b.build().execute(&mut *tx).await?;
    }
    let lines: Vec<(i64, i64, &MealLine)> = meals
        .iter()
        .flat_map(|(id, meal)| meal.lines.iter().zip(0..).map(|(l, p)| (*id, p, l)))
        .collect();
    insert_lines(&mut tx, &lines).await?;
    tx.commit().await?;
    Ok(())
}

impl SqlMeals {
    async fn insert_meal(
        tx: &mut Transaction<'_, DB>,
        meal: &NewMeal,
        now: DateTime<Utc>,
    ) -> Result<i64, StoreError> {
        let (id,): (i64,) = sqlx::query_as(INSERT_MEAL)
            .bind(meal.owner.get())
            .bind(&meal.name)
            .bind(meal.meal_type.as_str())
            .bind(meal.eaten_at.timestamp_millis())
            .bind(&meal.notes)
            .bind(now)
            .bind(micronutrient_totals(&meal.lines).to_column())
            .fetch_one(&mut **tx)
            .await?;
        Self::add_lines(tx, id, &meal.lines, 0).await?;
        sqlx::query(REFRESH_TOTALS)
            .bind(id)
            .execute(&mut **tx)
            .await?;
        Ok(id)
    }

    /// Adds `lines` to a meal from position `first_position` on.
    async fn add_lines(
        tx: &mut Transaction<'_, DB>,
        meal_id: i64,
        lines: &[MealLine],
        first_position: i64,
    ) -> Result<(), StoreError> {
        let lines: Vec<(i64, i64, &MealLine)> = lines
            .iter()
            .zip(first_position..)
            .map(|(line, position)| (meal_id, position, line))
            .collect();
        insert_lines(tx, &lines).await
    }

    /// Marks the owner's meal changed, which also makes concurrent changes of it wait
    /// their turn; false when the owner has no such meal.
    async fn touch(
        tx: &mut Transaction<'_, DB>,
        owner: UserId,
        meal_id: i64,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(TOUCH)
            .bind(meal_id)
            .bind(owner.get())
            .bind(Utc::now())
            .execute(&mut **tx)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The lines of the meals of `rows`, in the order of `rows`.
    async fn with_lines(
        conn: &mut Connection,
        rows: Vec<MealRow>,
    ) -> Result<Vec<Meal>, StoreError> {
        if rows.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Vec<i64> = rows.iter().map(|row| row.meal_id).collect();
        let mut b: QueryBuilder<DB> = QueryBuilder::new(LINES_OF_MEALS_IN);
        push_list(&mut b, &ids);
        b.push(") order by meal_id, position");
        let lines: Vec<LineRow> = b.build_query_as().fetch_all(&mut *conn).await?;
        assemble(rows, lines)
    }

    /// The meals of `ids`, in that order.
    async fn load(conn: &mut Connection, ids: &[i64]) -> Result<Vec<Meal>, StoreError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut b: QueryBuilder<DB> = QueryBuilder::new(MEALS_IN);
        push_list(&mut b, ids);
        b.push(")");
        let mut rows: Vec<MealRow> = b.build_query_as().fetch_all(&mut *conn).await?;
        rows.sort_by_key(|r| ids.iter().position(|id| *id == r.meal_id));
        Self::with_lines(conn, rows).await
    }

    async fn load_one(conn: &mut Connection, id: i64) -> Result<Option<Meal>, StoreError> {
        Ok(Self::load(conn, &[id]).await?.pop())
    }

    /// Ends a change to a meal's lines: its totals summed again, the meal as it is now,
    /// committed.
    async fn finish(
        mut tx: Transaction<'static, DB>,
        meal_id: i64,
    ) -> Result<Option<Meal>, StoreError> {
        sqlx::query(REFRESH_TOTALS)
            .bind(meal_id)
            .execute(&mut *tx)
            .await?;
        let mut meal = Self::load_one(&mut tx, meal_id).await?;
        // The micronutrients are summed here, from the lines just read, as SQL cannot
        // sum them.
        if let Some(meal) = &mut meal {
            meal.micronutrients = micronutrient_totals(meal.foods.iter().map(|f| &f.line));
            sqlx::query(SET_MICRONUTRIENT_TOTALS)
                .bind(meal_id)
                .bind(meal.micronutrients.to_column())
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(meal)
    }

    /// The meal a line belongs to, when the owner owns it, marked changed (see `touch`).
    async fn touch_line_meal(
        tx: &mut Transaction<'_, DB>,
        owner: UserId,
        line_id: i64,
    ) -> Result<Option<i64>, StoreError> {
        let row: Option<(i64,)> = sqlx::query_as(LINE_MEAL)
            .bind(line_id)
            .bind(owner.get())
            .fetch_optional(&mut **tx)
            .await?;
        match row {
            Some((meal_id,)) if Self::touch(tx, owner, meal_id).await? => Ok(Some(meal_id)),
            _ => Ok(None),
        }
    }
}

#[async_trait]
impl MealStore for SqlMeals {
    #[tracing::instrument(skip_all, fields(owner = meal.owner.get()), level = "debug")]
    async fn create(&self, meal: &NewMeal) -> Result<Meal, StoreError> {
        self.create_many(std::slice::from_ref(meal))
            .await?
            .pop()
            .ok_or(StoreError::NotFound)
    }

    #[tracing::instrument(skip_all, fields(meals = meals.len()), level = "debug")]
    async fn create_many(&self, meals: &[NewMeal]) -> Result<Vec<Meal>, StoreError> {
        let now = Utc::now();
        let mut tx = self.0.begin_with(DB::BEGIN_WRITE).await?;
        let mut ids = Vec::with_capacity(meals.len());
        for meal in meals {
            ids.push(Self::insert_meal(&mut tx, meal, now).await?);
        }
        let created = Self::load(&mut tx, &ids).await?;
        tx.commit().await?;
        Ok(created)
    }

    #[tracing::instrument(skip_all, fields(owner = owner.get(), id = id), level = "debug")]
    async fn get(&self, owner: UserId, id: i64) -> Result<Option<Meal>, StoreError> {
        let mut conn = self.0.acquire().await?;
        Ok(Self::load_one(&mut conn, id)
            .await?
            .filter(|meal| meal.owner == owner))
    }

    #[tracing::instrument(skip_all, fields(owner = owner.get(), id = id), level = "debug")]
    async fn replace(
        &self,
        owner: UserId,
        id: i64,
        meal: &NewMeal,
    ) -> Result<Option<Meal>, StoreError> {
        let mut tx = self.0.begin_with(DB::BEGIN_WRITE).await?;
        if !Self::touch(&mut tx, owner, id).await? {
            return Ok(None);
        }
        sqlx::query(UPDATE_MEAL)
            .bind(id)
            .bind(&meal.name)
            .bind(meal.meal_type.as_str())
            .bind(meal.eaten_at.timestamp_millis())
            .bind(&meal.notes)
            .execute(&mut *tx)
            .await?;
        sqlx::query(DELETE_LINES).bind(id).execute(&mut *tx).await?;
        Self::add_lines(&mut tx, id, &meal.lines, 0).await?;
        Self::finish(tx, id).await
    }

    #[tracing::instrument(skip_all, fields(owner = owner.get(), id = id), level = "debug")]
    async fn delete(&self, owner: UserId, id: i64) -> Result<bool, StoreError> {
        let done = sqlx::query(DELETE_MEAL)
            .bind(id)
            .bind(owner.get())
            .execute(&self.0)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    #[tracing::instrument(
        skip_all,
        fields(owner = owner.get(), meal_id = meal_id),
        level = "debug"
    )]
    async fn add_line(
        &self,
        owner: UserId,
        meal_id: i64,
        line: &MealLine,
    ) -> Result<Option<Meal>, StoreError> {
        let mut tx = self.0.begin_with(DB::BEGIN_WRITE).await?;
        if !Self::touch(&mut tx, owner, meal_id).await? {
            return Ok(None);
        }
        // Counted after `touch` has locked the meal, so parallel additions to a nearly
        // full meal cannot all pass the cap.
        let (count, next): (i64, i64) = sqlx::query_as(LINE_COUNT_AND_NEXT_POSITION)
            .bind(meal_id)
            .fetch_one(&mut *tx)
            .await?;
        if usize::try_from(count).unwrap_or(usize::MAX) >= MAX_MEAL_FOODS {
            return Err(StoreError::Refused(format!(
                "A meal can hold at most {MAX_MEAL_FOODS} foods"
            )));
        }
        Self::add_lines(&mut tx, meal_id, std::slice::from_ref(line), next).await?;
        Self::finish(tx, meal_id).await
    }

    #[tracing::instrument(
        skip_all,
        fields(owner = owner.get(), line_id = line_id),
        level = "debug"
    )]
    async fn set_line_quantity(
        &self,
        owner: UserId,
        line_id: i64,
        quantity: Grams,
        amount: Option<&str>,
    ) -> Result<Option<Meal>, StoreError> {
        let mut tx = self.0.begin_with(DB::BEGIN_WRITE).await?;
        let Some(meal_id) = Self::touch_line_meal(&mut tx, owner, line_id).await? else {
            return Ok(None);
        };
        let row: Option<LineRow> = sqlx::query_as(LINE)
            .bind(line_id)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(row) = row else { return Ok(None) };
        let mut line = line_of(row)?.line;
        if line.quick_add {
            return Err(StoreError::Conflict("a quick add has no quantity".into()));
        }
        line.quantity = quantity;
        let values = line.amount();
        sqlx::query(SET_LINE_QUANTITY)
            .bind(line_id)
            .bind(quantity.get())
            .bind(values.calories)
            .bind(values.protein)
            .bind(values.fat)
            .bind(values.carbs)
            .bind(values.fiber)
            .bind(values.sugar)
            .bind(values.sodium)
            .bind(amount)
            .execute(&mut *tx)
            .await?;
        Self::finish(tx, meal_id).await
    }

    #[tracing::instrument(
        skip_all,
        fields(owner = owner.get(), line_id = line_id),
        level = "debug"
    )]
    async fn line(&self, owner: UserId, line_id: i64) -> Result<Option<MealLine>, StoreError> {
        let row: Option<LineRow> = sqlx::query_as(OWN_LINE)
            .bind(line_id)
            .bind(owner.get())
            .fetch_optional(&self.0)
            .await?;
        row.map(|r| line_of(r).map(|f| f.line)).transpose()
    }

    #[tracing::instrument(
        skip_all,
        fields(owner = owner.get(), line_id = line_id),
        level = "debug"
    )]
    async fn delete_line(&self, owner: UserId, line_id: i64) -> Result<Option<Meal>, StoreError> {
        let mut tx = self.0.begin_with(DB::BEGIN_WRITE).await?;
        let Some(meal_id) = Self::touch_line_meal(&mut tx, owner, line_id).await? else {
            return Ok(None);
        };
        let (lines,): (i64,) = sqlx::query_as(LINE_COUNT)
            .bind(meal_id)
            .fetch_one(&mut *tx)
            .await?;
        if lines <= 1 {
            return Err(StoreError::Conflict("last food of the meal".into()));
        }
        sqlx::query(DELETE_LINE)
            .bind(line_id)
            .execute(&mut *tx)
            .await?;
        Self::finish(tx, meal_id).await
    }

    #[tracing::instrument(
        skip_all,
        fields(owner = owner.get(), offset = offset, limit = limit),
        level = "debug"
    )]
    async fn list(
        &self,
        owner: UserId,
        filter: &MealFilter,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<Meal>, i64), StoreError> {
        let mut b: QueryBuilder<DB> = QueryBuilder::new("select meal_id from meal");
        push_filter(&mut b, owner, filter, "");
        b.push(" order by eaten_at_ms desc, meal_id desc limit ")
            .push_bind(limit)
            .push(" offset ")
            .push_bind(offset);
        let ids: Vec<(i64,)> = b.build_query_as().fetch_all(&self.0).await?;
        let ids: Vec<i64> = ids.into_iter().map(|(id,)| id).collect();
        let mut b: QueryBuilder<DB> = QueryBuilder::new("select count(*) from meal");
        push_filter(&mut b, owner, filter, "");
        let (total,): (i64,) = b.build_query_as().fetch_one(&self.0).await?;
        let mut conn = self.0.acquire().await?;
        Ok((Self::load(&mut conn, &ids).await?, total))
    }

    #[tracing::instrument(skip_all, fields(owner = owner.get(), limit = limit), level = "debug")]
    async fn page_after(
        &self,
        owner: UserId,
        after: Option<MealCursor>,
        limit: i64,
    ) -> Result<Vec<Meal>, StoreError> {
        let mut b: QueryBuilder<DB> = QueryBuilder::new(concat!(
            "select ",
            meal_columns!(),
            " from meal where user_id = "
        ));
        b.push_bind(owner.get());
        if let Some(after) = after {
            // Written so that both engines start the index range (user_id, eaten_at_ms)
            // at the cursor instead of reading the owner's meals from the first.
            b.push(" and eaten_at_ms >= ")
                .push_bind(after.eaten_at_ms)
                .push(" and (eaten_at_ms > ")
                .push_bind(after.eaten_at_ms)
                .push(" or meal_id > ")
                .push_bind(after.meal_id)
                .push(")");
        }
        b.push(" order by eaten_at_ms, meal_id limit ")
            .push_bind(limit);
        let mut conn = self.0.acquire().await?;
        let rows: Vec<MealRow> = b.build_query_as().fetch_all(&mut *conn).await?;
        Self::with_lines(&mut conn, rows).await
    }

    #[tracing::instrument(skip_all, fields(owner = owner.get()), level = "debug")]
    async fn between(&self, owner: UserId, filter: &MealFilter) -> Result<Vec<Meal>, StoreError> {
        let mut b: QueryBuilder<DB> =
            QueryBuilder::new(concat!("select ", meal_columns!(), " from meal"));
        push_filter(&mut b, owner, filter, "");
        b.push(" order by eaten_at_ms, meal_id");
        let rows: Vec<MealRow> = b.build_query_as().fetch_all(&self.0).await?;
        if rows.is_empty() {
            return Ok(Vec::new());
        }
        let mut b: QueryBuilder<DB> = QueryBuilder::new(FILTERED_LINES);
        push_filter(&mut b, owner, filter, "meal.");
        b.push(" order by meal_food.meal_id, meal_food.position");
        let lines: Vec<LineRow> = b.build_query_as().fetch_all(&self.0).await?;
        assemble(rows, lines)
    }

    #[tracing::instrument(skip_all, fields(owner = owner.get()), level = "debug")]
    async fn intakes(
        &self,
        owner: UserId,
        filter: &MealFilter,
    ) -> Result<Vec<MealIntake>, StoreError> {
        let mut b: QueryBuilder<DB> = QueryBuilder::new(INTAKES);
        push_filter(&mut b, owner, filter, "");
        b.push(" order by eaten_at_ms, meal_id");
        let rows: Vec<IntakeRow> = b.build_query_as().fetch_all(&self.0).await?;
        rows.into_iter().map(MealIntake::try_from).collect()
    }

    #[tracing::instrument(skip_all, fields(owner = owner.get(), limit = limit), level = "debug")]
    async fn top_foods(
        &self,
        owner: UserId,
        filter: &MealFilter,
        limit: i64,
    ) -> Result<Vec<TopFood>, StoreError> {
        let mut b: QueryBuilder<DB> = QueryBuilder::new(TOP_FOODS);
        push_filter(&mut b, owner, filter, "meal.");
        b.push(TOP_FOODS_GROUPED).push_bind(limit);
        let rows: Vec<TopFoodRow> = b.build_query_as().fetch_all(&self.0).await?;
        Ok(rows.into_iter().map(TopFood::from).collect())
    }

    #[tracing::instrument(skip_all, fields(owner = owner.get()), level = "debug")]
    async fn first_and_last(
        &self,
        owner: UserId,
    ) -> Result<Option<(DateTime<Utc>, DateTime<Utc>)>, StoreError> {
        let (first, last): (Option<i64>, Option<i64>) = sqlx::query_as(FIRST_AND_LAST)
            .bind(owner.get())
            .fetch_one(&self.0)
            .await?;
        Ok(first.zip(last).and_then(|(f, l)| {
            DateTime::from_timestamp_millis(f).zip(DateTime::from_timestamp_millis(l))
        }))
    }

    #[tracing::instrument(
        skip_all,
        fields(owner = owner.get(), food_id = food_id),
        level = "debug"
    )]
    async fn food_use(&self, owner: UserId, food_id: i64) -> Result<(i64, i64), StoreError> {
        let (meals, lines): (i64, i64) = sqlx::query_as(FOOD_USE)
            .bind(owner.get())
            .bind(food_id)
            .fetch_one(&self.0)
            .await?;
        Ok((meals, lines))
    }
}
