use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use sqlx::{PgPool, Postgres, QueryBuilder, Sqlite, SqlitePool};

use super::{BeginWrite, MealCursor, MealFilter, MealStore, StoreError};
use crate::food::{Nutrients, round1};
use crate::meal::{
    BodyWeight, Grams, MAX_MEAL_FOODS, Meal, MealFood, MealIntake, MealLine, MealType, NewMeal,
    WeightRecord,
};
use crate::statistics::TopFood;
use crate::user::UserId;

#[derive(Debug)]
pub(super) struct SqliteMeals(pub SqlitePool);
#[derive(Debug)]
pub(super) struct PgMeals(pub PgPool);

#[derive(sqlx::FromRow)]
struct MealRow {
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
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

#[derive(sqlx::FromRow)]
struct LineRow {
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

#[derive(sqlx::FromRow)]
struct WeightRow {
    body_weight_id: i64,
    user_id: i64,
    local_date: NaiveDate,
    weight: f64,
    notes: Option<String>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

macro_rules! meal_columns {
    () => {
        "meal_id, user_id, name, meal_type, eaten_at_ms, notes, total_calories, total_protein, \
         total_fat, total_carbs, total_fiber, total_sugar, total_sodium, created_at, updated_at"
    };
}

macro_rules! line_columns {
    () => {
        "meal_food_id, meal_id, food_id, food_name, food_name_zh, brand, quantity, \
         calories_per_100g, protein_per_100g, fat_per_100g, carbs_per_100g, fiber_per_100g, \
         sugar_per_100g, sodium_per_100g, amount, is_quick_add"
    };
}

macro_rules! weight_columns {
    () => {
        "body_weight_id, user_id, local_date, weight, notes, created_at, updated_at"
    };
}

/// A meal's totals are the sum of its lines as shown; one statement keeps them so after
/// any change of lines.
const REFRESH_TOTALS: &str = "update meal set \
     total_calories = (select coalesce(sum(calories), 0) from meal_food where meal_food.meal_id = meal.meal_id), \
     total_protein = (select coalesce(sum(protein), 0) from meal_food where meal_food.meal_id = meal.meal_id), \
     total_fat = (select coalesce(sum(fat), 0) from meal_food where meal_food.meal_id = meal.meal_id), \
     total_carbs = (select coalesce(sum(carbs), 0) from meal_food where meal_food.meal_id = meal.meal_id), \
     total_fiber = (select coalesce(sum(fiber), 0) from meal_food where meal_food.meal_id = meal.meal_id), \
     total_sugar = (select coalesce(sum(sugar), 0) from meal_food where meal_food.meal_id = meal.meal_id), \
     total_sodium = (select coalesce(sum(sodium), 0) from meal_food where meal_food.meal_id = meal.meal_id) \
     where meal_id = $1";

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

fn weight_of(row: WeightRow) -> WeightRecord {
    WeightRecord {
        id: row.body_weight_id,
        owner: UserId::from_i64(row.user_id),
        date: row.local_date,
        weight: row.weight,
        notes: row.notes,
        created_at: row.created_at,
        updated_at: row.updated_at,
    }
}

/// Appends `where user_id = … [and eaten_at_ms in range] [and meal_type = …]`.
macro_rules! push_filter {
    ($b:expr, $owner:expr, $filter:expr, $table:literal) => {{
        let filter: &MealFilter = $filter;
        $b.push(concat!(" where ", $table, "user_id = "))
            .push_bind($owner.get());
        if let Some(during) = &filter.during {
            $b.push(concat!(" and ", $table, "eaten_at_ms >= "))
                .push_bind(during.start.timestamp_millis())
                .push(concat!(" and ", $table, "eaten_at_ms < "))
                .push_bind(during.end.timestamp_millis());
        }
        if let Some(meal_type) = filter.meal_type {
            $b.push(concat!(" and ", $table, "meal_type = "))
                .push_bind(meal_type.as_str());
        }
    }};
}

macro_rules! sql_meal_store {
    ($store:ty, $db:ty) => {
        impl $store {
            /// Inserts `lines` after position `first_position` of a meal.
            async fn insert_lines(
                tx: &mut sqlx::Transaction<'_, $db>,
                meal_id: i64,
                first_position: i64,
                lines: &[MealLine],
            ) -> Result<(), StoreError> {
                if lines.is_empty() {
                    return Ok(());
                }
                let mut b: QueryBuilder<$db> = QueryBuilder::new(
                    "insert into meal_food (meal_id, position, food_id, food_name, food_name_zh, \
                     brand, quantity, calories_per_100g, protein_per_100g, fat_per_100g, \
                     carbs_per_100g, fiber_per_100g, sugar_per_100g, sodium_per_100g, calories, \
                     protein, fat, carbs, fiber, sugar, sodium, amount, is_quick_add) ",
                );
                b.push_values(lines.iter().zip(first_position..), |mut row, (line, position)| {
                    let per = &line.per_100g;
                    let amount = line.amount();
                    row.push_bind(meal_id)
                        .push_bind(position)
                        .push_bind(line.food_id)
                        .push_bind(line.food_name.clone())
                        .push_bind(line.food_name_zh.clone())
                        .push_bind(line.brand.clone())
                        .push_bind(line.quantity.get())
                        .push_bind(per.calories)
                        .push_bind(per.protein)
                        .push_bind(per.fat)
                        .push_bind(per.carbs)
                        .push_bind(per.fiber)
                        .push_bind(per.sugar)
                        .push_bind(per.sodium)
                        .push_bind(amount.calories)
                        .push_bind(amount.protein)
                        .push_bind(amount.fat)
                        .push_bind(amount.carbs)
                        .push_bind(amount.fiber)
                        .push_bind(amount.sugar)
                        .push_bind(amount.sodium)
                        .push_bind(line.amount.clone())
                        .push_bind(line.quick_add);
                });
                b.build().execute(&mut **tx).await?;
                Ok(())
            }

            async fn insert_meal(
                tx: &mut sqlx::Transaction<'_, $db>,
                meal: &NewMeal,
                now: DateTime<Utc>,
            ) -> Result<i64, StoreError> {
                let (id,): (i64,) = sqlx::query_as(
                    "insert into meal (user_id, name, meal_type, eaten_at_ms, notes, created_at, \
                     updated_at) values ($1, $2, $3, $4, $5, $6, $6) returning meal_id",
                )
                .bind(meal.owner.get())
                .bind(&meal.name)
                .bind(meal.meal_type.as_str())
                .bind(meal.eaten_at.timestamp_millis())
                .bind(&meal.notes)
                .bind(now)
                .fetch_one(&mut **tx)
                .await?;
                Self::insert_lines(tx, id, 0, &meal.lines).await?;
                sqlx::query(REFRESH_TOTALS).bind(id).execute(&mut **tx).await?;
                Ok(id)
            }

            /// Marks the owner's meal changed, which also makes concurrent changes of
            /// it wait their turn; false when the owner has no such meal.
            async fn touch(
                tx: &mut sqlx::Transaction<'_, $db>,
                owner: UserId,
                meal_id: i64,
            ) -> Result<bool, StoreError> {
                let done = sqlx::query(
                    "update meal set updated_at = $3 where meal_id = $1 and user_id = $2",
                )
                .bind(meal_id)
                .bind(owner.get())
                .bind(Utc::now())
                .execute(&mut **tx)
                .await?;
                Ok(done.rows_affected() == 1)
            }

            async fn load(
                conn: &mut <$db as sqlx::Database>::Connection,
                ids: &[i64],
            ) -> Result<Vec<Meal>, StoreError> {
                if ids.is_empty() {
                    return Ok(Vec::new());
                }
                let mut b: QueryBuilder<$db> = QueryBuilder::new(concat!(
                    "select ", meal_columns!(), " from meal where meal_id in ("
                ));
                let mut list = b.separated(", ");
                for id in ids {
                    list.push_bind(*id);
                }
                b.push(")");
                let mut rows: Vec<MealRow> = b.build_query_as().fetch_all(&mut *conn).await?;
                rows.sort_by_key(|r| ids.iter().position(|id| *id == r.meal_id));
                let mut b: QueryBuilder<$db> = QueryBuilder::new(concat!(
                    "select ", line_columns!(), " from meal_food where meal_id in ("
                ));
                let mut list = b.separated(", ");
                for id in ids {
                    list.push_bind(*id);
                }
                b.push(") order by meal_id, position");
                let lines: Vec<LineRow> = b.build_query_as().fetch_all(&mut *conn).await?;
                assemble(rows, lines)
            }

            async fn load_one(
                conn: &mut <$db as sqlx::Database>::Connection,
                id: i64,
            ) -> Result<Option<Meal>, StoreError> {
                Ok(Self::load(conn, &[id]).await?.pop())
            }

            /// The meal a line belongs to, when the owner owns it, marked changed (see
            /// `touch`).
            /// Ends a change to a meal's lines: its totals summed again, the meal as it
            /// is now, committed.
            async fn finish(
                mut tx: sqlx::Transaction<'static, $db>,
                meal_id: i64,
            ) -> Result<Option<Meal>, StoreError> {
                sqlx::query(REFRESH_TOTALS).bind(meal_id).execute(&mut *tx).await?;
                let meal = Self::load_one(&mut tx, meal_id).await?;
                tx.commit().await?;
                Ok(meal)
            }

            async fn touch_line_meal(
                tx: &mut sqlx::Transaction<'_, $db>,
                owner: UserId,
                line_id: i64,
            ) -> Result<Option<i64>, StoreError> {
                let row: Option<(i64,)> = sqlx::query_as(
                    "select meal.meal_id from meal_food join meal on meal.meal_id = meal_food.meal_id \
                     where meal_food.meal_food_id = $1 and meal.user_id = $2",
                )
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
        impl MealStore for $store {
            async fn create(&self, meal: &NewMeal) -> Result<Meal, StoreError> {
                self.create_many(std::slice::from_ref(meal))
                    .await?
                    .pop()
                    .ok_or(StoreError::NotFound)
            }

            async fn create_many(&self, meals: &[NewMeal]) -> Result<Vec<Meal>, StoreError> {
                let now = Utc::now();
                let mut tx = self.0.begin_with(<$db as BeginWrite>::BEGIN_WRITE).await?;
                let mut ids = Vec::with_capacity(meals.len());
                for meal in meals {
                    ids.push(Self::insert_meal(&mut tx, meal, now).await?);
                }
                let created = Self::load(&mut tx, &ids).await?;
                tx.commit().await?;
                Ok(created)
            }

            async fn get(&self, owner: UserId, id: i64) -> Result<Option<Meal>, StoreError> {
                let mut conn = self.0.acquire().await?;
                Ok(Self::load_one(&mut conn, id)
                    .await?
                    .filter(|meal| meal.owner == owner))
            }

            async fn replace(
                &self,
                owner: UserId,
                id: i64,
                meal: &NewMeal,
            ) -> Result<Option<Meal>, StoreError> {
                let mut tx = self.0.begin_with(<$db as BeginWrite>::BEGIN_WRITE).await?;
                if !Self::touch(&mut tx, owner, id).await? {
                    return Ok(None);
                }
                sqlx::query(
                    "update meal set name = $2, meal_type = $3, eaten_at_ms = $4, notes = $5 \
                     where meal_id = $1",
                )
                .bind(id)
                .bind(&meal.name)
                .bind(meal.meal_type.as_str())
                .bind(meal.eaten_at.timestamp_millis())
                .bind(&meal.notes)
                .execute(&mut *tx)
                .await?;
                sqlx::query("delete from meal_food where meal_id = $1")
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
                Self::insert_lines(&mut tx, id, 0, &meal.lines).await?;
                Self::finish(tx, id).await
            }

            async fn delete(&self, owner: UserId, id: i64) -> Result<bool, StoreError> {
                let done = sqlx::query("delete from meal where meal_id = $1 and user_id = $2")
                    .bind(id)
                    .bind(owner.get())
                    .execute(&self.0)
                    .await?;
                Ok(done.rows_affected() == 1)
            }

            async fn add_line(
                &self,
                owner: UserId,
                meal_id: i64,
                line: &MealLine,
            ) -> Result<Option<Meal>, StoreError> {
                let mut tx = self.0.begin_with(<$db as BeginWrite>::BEGIN_WRITE).await?;
                if !Self::touch(&mut tx, owner, meal_id).await? {
                    return Ok(None);
                }
                // Counted after `touch` has locked the meal, so parallel additions to a
                // nearly full meal cannot all pass the cap.
                let (count, next): (i64, i64) = sqlx::query_as(
                    "select count(*), coalesce(max(position), -1) + 1 from meal_food \
                     where meal_id = $1",
                )
                .bind(meal_id)
                .fetch_one(&mut *tx)
                .await?;
                if usize::try_from(count).unwrap_or(usize::MAX) >= MAX_MEAL_FOODS {
                    return Err(StoreError::Refused(format!(
                        "A meal can hold at most {MAX_MEAL_FOODS} foods"
                    )));
                }
                Self::insert_lines(&mut tx, meal_id, next, std::slice::from_ref(line)).await?;
                Self::finish(tx, meal_id).await
            }

            async fn set_line_quantity(
                &self,
                owner: UserId,
                line_id: i64,
                quantity: Grams,
                amount: Option<&str>,
            ) -> Result<Option<Meal>, StoreError> {
                let mut tx = self.0.begin_with(<$db as BeginWrite>::BEGIN_WRITE).await?;
                let Some(meal_id) = Self::touch_line_meal(&mut tx, owner, line_id).await? else {
                    return Ok(None);
                };
                let row: Option<LineRow> = sqlx::query_as(concat!(
                    "select ", line_columns!(), " from meal_food where meal_food_id = $1"
                ))
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
                sqlx::query(
                    "update meal_food set quantity = $2, calories = $3, protein = $4, fat = $5, \
                     carbs = $6, fiber = $7, sugar = $8, sodium = $9, amount = $10 \
                     where meal_food_id = $1",
                )
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

            async fn line(&self, owner: UserId, line_id: i64) -> Result<Option<MealLine>, StoreError> {
                let row: Option<LineRow> = sqlx::query_as(concat!(
                    "select ", line_columns!(), " from meal_food where meal_food_id = $1 \
                     and meal_id in (select meal_id from meal where user_id = $2)"
                ))
                .bind(line_id)
                .bind(owner.get())
                .fetch_optional(&self.0)
                .await?;
                row.map(|r| line_of(r).map(|f| f.line)).transpose()
            }

            async fn delete_line(
                &self,
                owner: UserId,
                line_id: i64,
            ) -> Result<Option<Meal>, StoreError> {
                let mut tx = self.0.begin_with(<$db as BeginWrite>::BEGIN_WRITE).await?;
                let Some(meal_id) = Self::touch_line_meal(&mut tx, owner, line_id).await? else {
                    return Ok(None);
                };
                let (lines,): (i64,) =
                    sqlx::query_as("select count(*) from meal_food where meal_id = $1")
                        .bind(meal_id)
                        .fetch_one(&mut *tx)
                        .await?;
                if lines <= 1 {
                    return Err(StoreError::Conflict("last food of the meal".into()));
                }
                sqlx::query("delete from meal_food where meal_food_id = $1")
                    .bind(line_id)
                    .execute(&mut *tx)
                    .await?;
                Self::finish(tx, meal_id).await
            }

            async fn list(
                &self,
                owner: UserId,
                filter: &MealFilter,
                offset: i64,
                limit: i64,
            ) -> Result<(Vec<Meal>, i64), StoreError> {
                let mut b: QueryBuilder<$db> = QueryBuilder::new("select meal_id from meal");
                push_filter!(b, owner, filter, "");
                b.push(" order by eaten_at_ms desc, meal_id desc limit ")
                    .push_bind(limit)
                    .push(" offset ")
                    .push_bind(offset);
                let ids: Vec<(i64,)> = b.build_query_as().fetch_all(&self.0).await?;
                let ids: Vec<i64> = ids.into_iter().map(|(id,)| id).collect();
                let mut b: QueryBuilder<$db> = QueryBuilder::new("select count(*) from meal");
                push_filter!(b, owner, filter, "");
                let (total,): (i64,) = b.build_query_as().fetch_one(&self.0).await?;
                let mut conn = self.0.acquire().await?;
                Ok((Self::load(&mut conn, &ids).await?, total))
            }

            async fn page_after(
                &self,
                owner: UserId,
                after: Option<MealCursor>,
                limit: i64,
            ) -> Result<Vec<Meal>, StoreError> {
                let mut b: QueryBuilder<$db> = QueryBuilder::new(concat!(
                    "select ", meal_columns!(), " from meal where user_id = "
                ));
                b.push_bind(owner.get());
                if let Some(after) = after {
                    // Written so that both engines start the index range (user_id,
                    // eaten_at_ms) at the cursor instead of reading the owner's meals
                    // from the first.
                    b.push(" and eaten_at_ms >= ")
                        .push_bind(after.eaten_at_ms)
                        .push(" and (eaten_at_ms > ")
                        .push_bind(after.eaten_at_ms)
                        .push(" or meal_id > ")
                        .push_bind(after.meal_id)
                        .push(")");
                }
                b.push(" order by eaten_at_ms, meal_id limit ").push_bind(limit);
                let mut conn = self.0.acquire().await?;
                let rows: Vec<MealRow> = b.build_query_as().fetch_all(&mut *conn).await?;
                if rows.is_empty() {
                    return Ok(Vec::new());
                }
                let mut b: QueryBuilder<$db> = QueryBuilder::new(concat!(
                    "select ", line_columns!(), " from meal_food where meal_id in ("
                ));
                let mut list = b.separated(", ");
                for row in &rows {
                    list.push_bind(row.meal_id);
                }
                b.push(") order by meal_id, position");
                let lines: Vec<LineRow> = b.build_query_as().fetch_all(&mut *conn).await?;
                assemble(rows, lines)
            }

            async fn between(
                &self,
                owner: UserId,
                filter: &MealFilter,
            ) -> Result<Vec<Meal>, StoreError> {
                let mut b: QueryBuilder<$db> =
                    QueryBuilder::new(concat!("select ", meal_columns!(), " from meal"));
                push_filter!(b, owner, filter, "");
                b.push(" order by eaten_at_ms, meal_id");
                let rows: Vec<MealRow> = b.build_query_as().fetch_all(&self.0).await?;
                if rows.is_empty() {
                    return Ok(Vec::new());
                }
                let mut b: QueryBuilder<$db> = QueryBuilder::new(
                    "select meal_food.meal_food_id, meal_food.meal_id, meal_food.food_id, \
                     meal_food.food_name, meal_food.food_name_zh, meal_food.brand, \
                     meal_food.quantity, meal_food.calories_per_100g, meal_food.protein_per_100g, \
                     meal_food.fat_per_100g, meal_food.carbs_per_100g, meal_food.fiber_per_100g, \
                     meal_food.sugar_per_100g, meal_food.sodium_per_100g, meal_food.amount, \
                     meal_food.is_quick_add \
                     from meal join meal_food on meal_food.meal_id = meal.meal_id",
                );
                push_filter!(b, owner, filter, "meal.");
                b.push(" order by meal_food.meal_id, meal_food.position");
                let lines: Vec<LineRow> = b.build_query_as().fetch_all(&self.0).await?;
                assemble(rows, lines)
            }

            async fn intakes(
                &self,
                owner: UserId,
                filter: &MealFilter,
            ) -> Result<Vec<MealIntake>, StoreError> {
                let mut b: QueryBuilder<$db> = QueryBuilder::new(
                    "select meal_type, eaten_at_ms, total_calories, total_protein, total_fat, \
                     total_carbs, total_fiber, total_sugar, total_sodium from meal",
                );
                push_filter!(b, owner, filter, "");
                b.push(" order by eaten_at_ms, meal_id");
                let rows: Vec<IntakeRow> = b.build_query_as().fetch_all(&self.0).await?;
                rows.into_iter().map(MealIntake::try_from).collect()
            }

            async fn top_foods(
                &self,
                owner: UserId,
                filter: &MealFilter,
                limit: i64,
            ) -> Result<Vec<TopFood>, StoreError> {
                let mut b: QueryBuilder<$db> = QueryBuilder::new(
                    "select meal_food.food_id, min(meal_food.food_name) as name, \
                     min(meal_food.food_name_zh) as name_zh, \
                     sum(case when meal_food.is_quick_add then 0.0 else meal_food.quantity end) as quantity, \
                     sum(meal_food.calories) as calories, count(*) as frequency \
                     from meal join meal_food on meal_food.meal_id = meal.meal_id",
                );
                push_filter!(b, owner, filter, "meal.");
                // A line whose food is gone, or a quick add, counts under its own name (a
                // quick add weighs nothing: it was logged without grams).
                b.push(
                    " group by meal_food.food_id, \
                     case when meal_food.food_id is null then meal_food.food_name else '' end \
                     order by sum(meal_food.calories) desc, count(*) desc, min(meal_food.food_name) \
                     limit ",
                )
                .push_bind(limit);
                let rows: Vec<TopFoodRow> = b.build_query_as().fetch_all(&self.0).await?;
                Ok(rows.into_iter().map(TopFood::from).collect())
            }

            async fn first_and_last(
                &self,
                owner: UserId,
            ) -> Result<Option<(DateTime<Utc>, DateTime<Utc>)>, StoreError> {
                let (first, last): (Option<i64>, Option<i64>) = sqlx::query_as(
                    "select min(eaten_at_ms), max(eaten_at_ms) from meal where user_id = $1",
                )
                .bind(owner.get())
                .fetch_one(&self.0)
                .await?;
                Ok(first
                    .zip(last)
                    .and_then(|(f, l)| {
                        DateTime::from_timestamp_millis(f).zip(DateTime::from_timestamp_millis(l))
                    }))
            }

            async fn food_use(&self, owner: UserId, food_id: i64) -> Result<(i64, i64), StoreError> {
                let (meals, lines): (i64, i64) = sqlx::query_as(
                    "select count(distinct meal.meal_id), count(*) from meal_food \
                     join meal on meal.meal_id = meal_food.meal_id \
                     where meal.user_id = $1 and meal_food.food_id = $2",
                )
                .bind(owner.get())
                .bind(food_id)
                .fetch_one(&self.0)
                .await?;
                Ok((meals, lines))
            }

            async fn record_weight(
                &self,
                owner: UserId,
                date: NaiveDate,
                weight: BodyWeight,
                notes: Option<&str>,
            ) -> Result<WeightRecord, StoreError> {
                let now = Utc::now();
                let row: WeightRow = sqlx::query_as(concat!(
                    "insert into body_weight (user_id, local_date, weight, notes, created_at, \
                     updated_at) values ($1, $2, $3, $4, $5, $5) \
                     on conflict (user_id, local_date) do update set weight = excluded.weight, \
                     notes = excluded.notes, updated_at = excluded.updated_at returning ",
                    weight_columns!()
                ))
                .bind(owner.get())
                .bind(date)
                .bind(weight.kg())
                .bind(notes)
                .bind(now)
                .fetch_one(&self.0)
                .await?;
                Ok(weight_of(row))
            }

            async fn weights(
                &self,
                owner: UserId,
                first: NaiveDate,
                last: NaiveDate,
            ) -> Result<Vec<WeightRecord>, StoreError> {
                let rows: Vec<WeightRow> = sqlx::query_as(concat!(
                    "select ", weight_columns!(), " from body_weight \
                     where user_id = $1 and local_date >= $2 and local_date <= $3 \
                     order by local_date"
                ))
                .bind(owner.get())
                .bind(first)
                .bind(last)
                .fetch_all(&self.0)
                .await?;
                Ok(rows.into_iter().map(weight_of).collect())
            }

            async fn latest_weight(&self, owner: UserId) -> Result<Option<WeightRecord>, StoreError> {
                let row: Option<WeightRow> = sqlx::query_as(concat!(
                    "select ", weight_columns!(), " from body_weight where user_id = $1 \
                     order by local_date desc limit 1"
                ))
                .bind(owner.get())
                .fetch_optional(&self.0)
                .await?;
                Ok(row.map(weight_of))
            }

            async fn delete_weight(&self, owner: UserId, id: i64) -> Result<bool, StoreError> {
                let done =
                    sqlx::query("delete from body_weight where body_weight_id = $1 and user_id = $2")
                        .bind(id)
                        .bind(owner.get())
                        .execute(&self.0)
                        .await?;
                Ok(done.rows_affected() == 1)
            }
        }
    };
}

sql_meal_store!(SqliteMeals, Sqlite);
sql_meal_store!(PgMeals, Postgres);
