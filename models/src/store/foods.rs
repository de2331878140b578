use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::{PgPool, Postgres, QueryBuilder, Sqlite, SqlitePool};

use super::{BeginWrite, FoodStore, FoodUse, SearchHistoryEntry, StoreError, UsedFood, UsedOrder};
use crate::food::{Food, FoodSearchRow, FoodSource, NewFood, Nutrients, Portion, UnknownNutrients};
use crate::import::Rejection;
use crate::user::UserId;

#[derive(Debug)]
pub(super) struct SqliteFoods(pub SqlitePool);
#[derive(Debug)]
pub(super) struct PgFoods(pub PgPool);

/// Rows per multi-row insert: 28 columns each stays under SQLite's 32,766 parameters.
const BATCH: usize = 500;

#[derive(sqlx::FromRow)]
pub(super) struct FoodRow {
    pub(super) food_id: i64,
    source: String,
    source_key: Option<String>,
    owner_user_id: Option<i64>,
    name: String,
    name_zh: Option<String>,
    pinyin: Option<String>,
    brand: Option<String>,
    barcode: Option<String>,
    image_url: Option<String>,
    nutrition_grade: Option<String>,
    category: Option<String>,
    calories: f64,
    protein: f64,
    fat: f64,
    carbs: f64,
    fiber: f64,
    sugar: f64,
    sodium: f64,
    portions: String,
    fdc_id: Option<i64>,
    description: Option<String>,
    ingredients: Option<String>,
    data_quality: String,
    copied_from: Option<i64>,
    servings: Option<f64>,
    unknown_nutrients: Option<String>,
    aliases: Option<String>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl TryFrom<FoodRow> for Food {
    type Error = StoreError;
    fn try_from(row: FoodRow) -> Result<Self, StoreError> {
        let portions: Vec<Portion> = serde_json::from_str(&row.portions)
            .map_err(|e| StoreError::Corrupt(format!("portions: {e}")))?;
        Ok(Food {
            id: row.food_id,
            food: NewFood {
                source: Some(FoodSource::parse(&row.source).map_err(StoreError::Corrupt)?),
                source_key: row.source_key,
                owner: row.owner_user_id.map(UserId::from_i64),
                name: row.name,
                name_zh: row.name_zh,
                pinyin: row.pinyin,
                brand: row.brand,
                barcode: row.barcode,
                image_url: row.image_url,
                nutrition_grade: row.nutrition_grade,
                category: row.category,
                nutrients: Nutrients {
                    calories: row.calories,
                    protein: row.protein,
                    fat: row.fat,
                    carbs: row.carbs,
                    fiber: row.fiber,
                    sugar: row.sugar,
                    sodium: row.sodium,
                },
                portions,
                fdc_id: row.fdc_id,
                description: row.description,
                ingredients: row.ingredients,
                data_quality: row.data_quality,
                copied_from: row.copied_from,
                servings: row.servings,
                unknown: UnknownNutrients::from_column(row.unknown_nutrients.as_deref()),
                aliases: aliases_from_column(row.aliases.as_deref()),
            },
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}

#[derive(sqlx::FromRow)]
struct SearchRow {
    food_id: i64,
    source: String,
    owner_user_id: Option<i64>,
    name: String,
    name_zh: Option<String>,
    pinyin: Option<String>,
    brand: Option<String>,
    barcode: Option<String>,
    aliases: Option<String>,
    deleted: bool,
    changed_ms: i64,
}

impl TryFrom<SearchRow> for FoodSearchRow {
    type Error = StoreError;
    fn try_from(row: SearchRow) -> Result<Self, StoreError> {
        Ok(FoodSearchRow {
            id: row.food_id,
            source: FoodSource::parse(&row.source).map_err(StoreError::Corrupt)?,
            owner: row.owner_user_id.map(UserId::from_i64),
            name: row.name,
            name_zh: row.name_zh,
            pinyin: row.pinyin,
            brand: row.brand,
            barcode: row.barcode,
            aliases: aliases_from_column(row.aliases.as_deref()),
            deleted: row.deleted,
            changed_ms: row.changed_ms,
        })
    }
}

macro_rules! food_columns {
    () => {
        "food_id, source, source_key, owner_user_id, name, name_zh, pinyin, brand, barcode, \
         image_url, nutrition_grade, category, calories, protein, fat, carbs, fiber, sugar, \
         sodium, portions, fdc_id, description, ingredients, data_quality, copied_from, \
         servings, unknown_nutrients, aliases, created_at, updated_at"
    };
}
pub(super) use food_columns;

/// Columns written on insert, in `push_food`'s order.
macro_rules! insert_columns {
    () => {
        "source, source_key, owner_user_id, name, name_zh, pinyin, brand, barcode, image_url, \
         nutrition_grade, category, calories, protein, fat, carbs, fiber, sugar, sodium, \
         portions, fdc_id, description, ingredients, data_quality, copied_from, servings, \
         unknown_nutrients, aliases, created_at, updated_at, changed_ms"
    };
}

macro_rules! search_columns {
    () => {
        "food_id, source, owner_user_id, name, name_zh, pinyin, brand, barcode, aliases, \
         deleted_at is not null as deleted, changed_ms"
    };
}

/// Aliases as stored: '|'-separated, `None` when there are none.
pub(super) fn aliases_column(aliases: &[String]) -> Option<String> {
    (!aliases.is_empty()).then(|| aliases.join("|"))
}

pub(super) fn aliases_from_column(column: Option<&str>) -> Vec<String> {
    column
        .unwrap_or("")
        .split('|')
        .filter(|a| !a.is_empty())
        .map(str::to_owned)
        .collect()
}

pub(super) fn portions_json(portions: &[Portion]) -> String {
    serde_json::to_string(portions).unwrap_or_else(|_| "[]".into())
}

pub(super) fn now_ms(now: DateTime<Utc>) -> i64 {
    now.timestamp_millis()
}

/// Binds one food's values, in `insert_columns!` order.
macro_rules! push_food {
    ($b:expr, $f:expr, $now:expr) => {{
        let f: &NewFood = $f;
        let n = &f.nutrients;
        $b.push_bind(f.source().as_str())
            .push_bind(f.source_key.clone())
            .push_bind(f.owner.map(UserId::get))
            .push_bind(f.name.clone())
            .push_bind(f.name_zh.clone())
            .push_bind(f.pinyin.clone())
            .push_bind(f.brand.clone())
            .push_bind(f.barcode.clone())
            .push_bind(f.image_url.clone())
            .push_bind(f.nutrition_grade.clone())
            .push_bind(f.category.clone())
            .push_bind(n.calories)
            .push_bind(n.protein)
            .push_bind(n.fat)
            .push_bind(n.carbs)
            .push_bind(n.fiber)
            .push_bind(n.sugar)
            .push_bind(n.sodium)
            .push_bind(portions_json(&f.portions))
            .push_bind(f.fdc_id)
            .push_bind(f.description.clone())
            .push_bind(f.ingredients.clone())
            .push_bind(f.data_quality.clone())
            .push_bind(f.copied_from)
            .push_bind(f.servings)
            .push_bind(f.unknown.to_column())
            .push_bind(aliases_column(&f.aliases))
            .push_bind($now)
            .push_bind($now)
            .push_bind(now_ms($now));
    }};
}

/// Marks the owner's live food of a source (bound as $5) deleted: meals keep their
/// lines, and the search index catches up from `changed_ms`.
pub(super) const MARK_DELETED: &str = "update food set deleted_at = $3, updated_at = $3, \
     changed_ms = $4 where food_id = $1 and owner_user_id = $2 and source = $5 \
     and deleted_at is null";

macro_rules! sql_food_store {
    ($store:ty, $db:ty, $recipes:ty) => {
        impl $store {
            /// The live food with one of `codes` (the canonical barcode first): a shared
            /// one (oldest first), or `owner`'s own custom food (newest first).
            async fn first_with_barcode(
                &self,
                owner: Option<UserId>,
                codes: &[String],
            ) -> Result<Option<Food>, StoreError> {
                if codes.is_empty() {
                    return Ok(None);
                }
                let mut b: QueryBuilder<$db> = QueryBuilder::new(concat!(
                    "select ", food_columns!(), " from food where deleted_at is null and "
                ));
                match owner {
                    None => b.push("source <> 'custom'"),
                    Some(user) => b.push("source = 'custom' and owner_user_id = ").push_bind(user.get()),
                };
                b.push(" and barcode in (");
                let mut list = b.separated(", ");
                for code in codes {
                    list.push_bind(code.clone());
                }
                b.push(") order by case barcode");
                for (rank, code) in codes.iter().enumerate() {
                    b.push(" when ").push_bind(code.clone()).push(" then ").push(rank as i64);
                }
                b.push(if owner.is_some() { " end, food_id desc limit 1" } else { " end, food_id limit 1" });
                let row: Option<FoodRow> = b.build_query_as().fetch_optional(&self.0).await?;
                row.map(Food::try_from).transpose()
            }
        }

        #[async_trait]
        impl FoodStore for $store {
            async fn insert(&self, food: &NewFood) -> Result<Food, StoreError> {
                let now = Utc::now();
                let mut b: QueryBuilder<$db> =
                    QueryBuilder::new(concat!("insert into food (", insert_columns!(), ") "));
                b.push_values(std::iter::once(food), |mut row, f| push_food!(row, f, now));
                b.push(concat!(" returning ", food_columns!()));
                let row: FoodRow = b.build_query_as().fetch_one(&self.0).await.map_err(|e| match &e {
                    sqlx::Error::Database(db) if db.is_unique_violation() => {
                        StoreError::Conflict("source_key".into())
                    }
                    _ => e.into(),
                })?;
                row.try_into()
            }

            async fn upsert_shared(&self, foods: &[NewFood]) -> Result<u64, StoreError> {
                let mut written = 0;
                let mut tx = self.0.begin_with(<$db as BeginWrite>::BEGIN_WRITE).await?;
                for chunk in foods.chunks(BATCH) {
                    let now = Utc::now();
                    let mut b: QueryBuilder<$db> =
                        QueryBuilder::new(concat!("insert into food (", insert_columns!(), ") "));
                    b.push_values(chunk, |mut row, f| push_food!(row, f, now));
                    // A food changes in its source: take the new values, keep its id.
                    b.push(
                        " on conflict (source, source_key) do update set \
                         name = excluded.name, name_zh = excluded.name_zh, \
                         pinyin = excluded.pinyin, brand = excluded.brand, \
                         barcode = excluded.barcode, image_url = excluded.image_url, \
                         nutrition_grade = excluded.nutrition_grade, category = excluded.category, \
                         calories = excluded.calories, protein = excluded.protein, \
                         fat = excluded.fat, carbs = excluded.carbs, fiber = excluded.fiber, \
                         sugar = excluded.sugar, sodium = excluded.sodium, \
                         portions = excluded.portions, fdc_id = excluded.fdc_id, \
                         unknown_nutrients = excluded.unknown_nutrients, \
                         aliases = excluded.aliases, \
                         description = excluded.description, ingredients = excluded.ingredients, \
                         data_quality = excluded.data_quality, updated_at = excluded.updated_at, \
                         changed_ms = excluded.changed_ms, deleted_at = null \
                         where food.name <> excluded.name \
                            or food.name_zh is distinct from excluded.name_zh \
                            or food.pinyin is distinct from excluded.pinyin \
                            or food.brand is distinct from excluded.brand \
                            or food.calories <> excluded.calories \
                            or food.protein <> excluded.protein \
                            or food.fat <> excluded.fat \
                            or food.carbs <> excluded.carbs \
                            or food.fiber <> excluded.fiber \
                            or food.sugar <> excluded.sugar \
                            or food.sodium <> excluded.sodium \
                            or food.portions <> excluded.portions \
                            or food.unknown_nutrients is distinct from excluded.unknown_nutrients \
                            or food.aliases is distinct from excluded.aliases \
                            or food.ingredients is distinct from excluded.ingredients \
                            or food.barcode is distinct from excluded.barcode \
                            or food.deleted_at is not null",
                    );
                    written += b.build().execute(&mut *tx).await?.rows_affected();
                }
                tx.commit().await?;
                Ok(written)
            }

            async fn get(&self, id: i64) -> Result<Option<Food>, StoreError> {
                let row: Option<FoodRow> = sqlx::query_as(concat!(
                    "select ", food_columns!(), " from food where food_id = $1 and deleted_at is null"
                ))
                .bind(id)
                .fetch_optional(&self.0)
                .await?;
                row.map(Food::try_from).transpose()
            }

            async fn get_many(&self, ids: &[i64]) -> Result<Vec<Food>, StoreError> {
                if ids.is_empty() {
                    return Ok(Vec::new());
                }
                let mut b: QueryBuilder<$db> = QueryBuilder::new(concat!(
                    "select ", food_columns!(), " from food where deleted_at is null and food_id in ("
                ));
                let mut list = b.separated(", ");
                for id in ids {
                    list.push_bind(*id);
                }
                b.push(")");
                let rows: Vec<FoodRow> = b.build_query_as().fetch_all(&self.0).await?;
                rows.into_iter().map(Food::try_from).collect()
            }

            async fn find_by_barcode(&self, codes: &[String]) -> Result<Option<Food>, StoreError> {
                self.first_with_barcode(None, codes).await
            }

            async fn find_own_by_barcode(
                &self,
                user: UserId,
                codes: &[String],
            ) -> Result<Option<Food>, StoreError> {
                self.first_with_barcode(Some(user), codes).await
            }

            async fn find_by_source_key(
                &self,
                source: FoodSource,
                key: &str,
            ) -> Result<Option<Food>, StoreError> {
                let row: Option<FoodRow> = sqlx::query_as(concat!(
                    "select ", food_columns!(),
                    " from food where source = $1 and source_key = $2 and deleted_at is null"
                ))
                .bind(source.as_str())
                .bind(key)
                .fetch_optional(&self.0)
                .await?;
                row.map(Food::try_from).transpose()
            }

            async fn update_custom(
                &self,
                id: i64,
                owner: UserId,
                food: &NewFood,
            ) -> Result<Option<Food>, StoreError> {
                let mut tx = self.0.begin_with(<$db as BeginWrite>::BEGIN_WRITE).await?;
                let now = Utc::now();
                let n = &food.nutrients;
                let row: Option<FoodRow> = sqlx::query_as(concat!(
                    "update food set name = $3, brand = $4, calories = $5, protein = $6, fat = $7, \
                     carbs = $8, fiber = $9, sugar = $10, sodium = $11, portions = $12, \
                     updated_at = $13, changed_ms = $14 \
                     where food_id = $1 and owner_user_id = $2 and source = 'custom' \
                     and deleted_at is null returning ",
                    food_columns!()
                ))
                .bind(id)
                .bind(owner.get())
                .bind(&food.name)
                .bind(&food.brand)
                .bind(n.calories)
                .bind(n.protein)
                .bind(n.fat)
                .bind(n.carbs)
                .bind(n.fiber)
                .bind(n.sugar)
                .bind(n.sodium)
                .bind(portions_json(&food.portions))
                .bind(now)
                .bind(now_ms(now))
                .fetch_optional(&mut *tx)
                .await?;
                let Some(row) = row else { return Ok(None) };
                // Recipes made with it take its new values with it, or not at all: each of
                // them once, and within the bounds of `crate::recipe` at most
                // MAX_RECIPES_ABOVE of them, so the write lock is held a few milliseconds.
                <$recipes>::refresh_above(&mut tx, id).await?;
                tx.commit().await?;
                Food::try_from(row).map(Some)
            }

            async fn delete_custom(&self, id: i64, owner: UserId) -> Result<bool, StoreError> {
                let now = Utc::now();
                let done = sqlx::query(MARK_DELETED)
                    .bind(id)
                    .bind(owner.get())
                    .bind(now)
                    .bind(now_ms(now))
                    .bind(FoodSource::Custom.as_str())
                    .execute(&self.0)
                    .await?;
                Ok(done.rows_affected() == 1)
            }

            async fn list_custom(
                &self,
                owner: UserId,
                offset: i64,
                limit: i64,
            ) -> Result<(Vec<Food>, i64), StoreError> {
                let rows: Vec<FoodRow> = sqlx::query_as(concat!(
                    "select ", food_columns!(),
                    " from food where owner_user_id = $1 and source = 'custom' and deleted_at is null \
                     order by food_id desc limit $2 offset $3"
                ))
                .bind(owner.get())
                .bind(limit)
                .bind(offset)
                .fetch_all(&self.0)
                .await?;
                let (total,): (i64,) = sqlx::query_as(
                    "select count(*) from food where owner_user_id = $1 and source = 'custom' \
                     and deleted_at is null",
                )
                .bind(owner.get())
                .fetch_one(&self.0)
                .await?;
                Ok((rows.into_iter().map(Food::try_from).collect::<Result<_, _>>()?, total))
            }

            async fn search_rows(&self, after_id: i64, limit: i64) -> Result<Vec<FoodSearchRow>, StoreError> {
                let rows: Vec<SearchRow> = sqlx::query_as(concat!(
                    "select ", search_columns!(),
                    " from food where food_id > $1 and deleted_at is null order by food_id limit $2"
                ))
                .bind(after_id)
                .bind(limit)
                .fetch_all(&self.0)
                .await?;
                rows.into_iter().map(FoodSearchRow::try_from).collect()
            }

            async fn changed_since(&self, since_ms: i64) -> Result<Vec<FoodSearchRow>, StoreError> {
                let rows: Vec<SearchRow> = sqlx::query_as(concat!(
                    "select ", search_columns!(), " from food where changed_ms >= $1 order by changed_ms"
                ))
                .bind(since_ms)
                .fetch_all(&self.0)
                .await?;
                rows.into_iter().map(FoodSearchRow::try_from).collect()
            }

            async fn record_search(
                &self,
                user: UserId,
                query: &str,
                at: DateTime<Utc>,
            ) -> Result<(), StoreError> {
                sqlx::query(
                    "insert into food_search (user_id, query_key, query, count, searched_at) \
                     values ($1, $2, $3, 1, $4) \
                     on conflict (user_id, query_key) do update set \
                     count = food_search.count + 1, \
                     query = case when excluded.searched_at > food_search.searched_at \
                        then excluded.query else food_search.query end, \
                     searched_at = case when excluded.searched_at > food_search.searched_at \
                        then excluded.searched_at else food_search.searched_at end",
                )
                .bind(user.get())
                .bind(query.trim().to_lowercase())
                .bind(query.trim())
                .bind(at)
                .execute(&self.0)
                .await?;
                Ok(())
            }

            async fn search_history(
                &self,
                user: UserId,
                limit: i64,
            ) -> Result<Vec<SearchHistoryEntry>, StoreError> {
                let rows: Vec<(String, DateTime<Utc>, i32)> = sqlx::query_as(
                    "select query, searched_at, count from food_search where user_id = $1 \
                     order by searched_at desc limit $2",
                )
                .bind(user.get())
                .bind(limit)
                .fetch_all(&self.0)
                .await?;
                Ok(rows
                    .into_iter()
                    .map(|(query, searched_at, count)| SearchHistoryEntry { query, searched_at, count })
                    .collect())
            }

            async fn record_uses(&self, user: UserId, uses: &[FoodUse]) -> Result<(), StoreError> {
                // One row per food, so the statement never touches a row twice.
                let mut counts: Vec<(&FoodUse, i32)> = Vec::new();
                for food_use in uses {
                    match counts.iter_mut().find(|(u, _)| u.food_id == food_use.food_id) {
                        Some((last, n)) => {
                            *last = food_use;
                            *n += 1;
                        }
                        None => counts.push((food_use, 1)),
                    }
                }
                if counts.is_empty() {
                    return Ok(());
                }
                let now = Utc::now();
                let mut b: QueryBuilder<$db> = QueryBuilder::new(
                    "insert into food_usage (user_id, food_id, uses, used_at, last_quantity, last_amount) ",
                );
                b.push_values(&counts, |mut row, (u, n)| {
                    row.push_bind(user.get())
                        .push_bind(u.food_id)
                        .push_bind(*n)
                        .push_bind(now)
                        .push_bind(u.grams)
                        .push_bind(u.amount.clone());
                });
                // A use without a quantity (a food created) keeps what was logged before.
                b.push(
                    " on conflict (user_id, food_id) do update set \
                     uses = food_usage.uses + excluded.uses, used_at = excluded.used_at, \
                     last_quantity = coalesce(excluded.last_quantity, food_usage.last_quantity), \
                     last_amount = case when excluded.last_quantity is null \
                         then food_usage.last_amount else excluded.last_amount end",
                );
                b.build().execute(&self.0).await?;
                Ok(())
            }

            async fn used_food_details(
                &self,
                user: UserId,
                order: UsedOrder,
                limit: i64,
            ) -> Result<Vec<UsedFood>, StoreError> {
                let sql = match order {
                    UsedOrder::Recent => {
                        "select food_id, uses, used_at, last_quantity, last_amount from food_usage \
                         where user_id = $1 order by used_at desc, food_id desc limit $2"
                    }
                    UsedOrder::Frequent => {
                        "select food_id, uses, used_at, last_quantity, last_amount from food_usage \
                         where user_id = $1 and uses >= 2 \
                         order by uses desc, used_at desc, food_id desc limit $2"
                    }
                };
                let rows: Vec<(i64, i32, DateTime<Utc>, Option<f64>, Option<String>)> =
                    sqlx::query_as(sql).bind(user.get()).bind(limit).fetch_all(&self.0).await?;
                Ok(rows
                    .into_iter()
                    .map(|(food_id, uses, used_at, last_quantity, last_amount)| UsedFood {
                        food_id,
                        uses: i64::from(uses),
                        used_at,
                        last_quantity,
                        last_amount,
                    })
                    .collect())
            }

            async fn set_favorite(
                &self,
                user: UserId,
                food_id: i64,
                favorite: bool,
            ) -> Result<(), StoreError> {
                if favorite {
                    sqlx::query(
                        "insert into food_favorite (user_id, food_id, created_at) values ($1, $2, $3) \
                         on conflict (user_id, food_id) do nothing",
                    )
                    .bind(user.get())
                    .bind(food_id)
                    .bind(Utc::now())
                    .execute(&self.0)
                    .await?;
                } else {
                    sqlx::query("delete from food_favorite where user_id = $1 and food_id = $2")
                        .bind(user.get())
                        .bind(food_id)
                        .execute(&self.0)
                        .await?;
                }
                Ok(())
            }

            async fn favorites(&self, user: UserId, limit: i64) -> Result<Vec<i64>, StoreError> {
                let rows: Vec<(i64,)> = sqlx::query_as(
                    "select food_favorite.food_id from food_favorite \
                     join food on food.food_id = food_favorite.food_id and food.deleted_at is null \
                     where food_favorite.user_id = $1 \
                     order by food_favorite.created_at desc, food_favorite.food_id desc limit $2",
                )
                .bind(user.get())
                .bind(limit)
                .fetch_all(&self.0)
                .await?;
                Ok(rows.into_iter().map(|(id,)| id).collect())
            }

            async fn favorites_among(&self, user: UserId, ids: &[i64]) -> Result<Vec<i64>, StoreError> {
                if ids.is_empty() {
                    return Ok(Vec::new());
                }
                let mut b: QueryBuilder<$db> = QueryBuilder::new(
                    "select food_id from food_favorite where user_id = ",
                );
                b.push_bind(user.get()).push(" and food_id in (");
                let mut list = b.separated(", ");
                for id in ids {
                    list.push_bind(*id);
                }
                b.push(")");
                let rows: Vec<(i64,)> = b.build_query_as().fetch_all(&self.0).await?;
                Ok(rows.into_iter().map(|(id,)| id).collect())
            }

            async fn used_foods(&self, user: UserId, limit: i64) -> Result<Vec<i64>, StoreError> {
                let rows: Vec<(i64,)> = sqlx::query_as(
                    "select food_id from food_usage where user_id = $1 \
                     order by uses desc, used_at desc limit $2",
                )
                .bind(user.get())
                .bind(limit)
                .fetch_all(&self.0)
                .await?;
                Ok(rows.into_iter().map(|(id,)| id).collect())
            }

            async fn record_rejections(&self, import_id: &str, rejected: &[Rejection]) -> Result<(), StoreError> {
                let now = Utc::now();
                for chunk in rejected.chunks(BATCH) {
                    let mut b: QueryBuilder<$db> = QueryBuilder::new(
                        "insert into food_import_rejection (import_id, source_key, name, reason, created_at) ",
                    );
                    b.push_values(chunk, |mut row, r| {
                        row.push_bind(import_id)
                            .push_bind(r.source_key.clone())
                            .push_bind(r.name.clone())
                            .push_bind(r.reason.clone())
                            .push_bind(now);
                    });
                    b.build().execute(&self.0).await?;
                }
                Ok(())
            }

            async fn rejections(
                &self,
                import_id: &str,
                offset: i64,
                limit: i64,
            ) -> Result<(Vec<Rejection>, i64), StoreError> {
                let rows: Vec<(String, String, String)> = sqlx::query_as(
                    "select source_key, name, reason from food_import_rejection where import_id = $1 \
                     order by source_key limit $2 offset $3",
                )
                .bind(import_id)
                .bind(limit)
                .bind(offset)
                .fetch_all(&self.0)
                .await?;
                let (total,): (i64,) =
                    sqlx::query_as("select count(*) from food_import_rejection where import_id = $1")
                        .bind(import_id)
                        .fetch_one(&self.0)
                        .await?;
                Ok((
                    rows.into_iter()
                        .map(|(source_key, name, reason)| Rejection { source_key, name, reason })
                        .collect(),
                    total,
                ))
            }
        }
    };
}

sql_food_store!(SqliteFoods, Sqlite, super::recipes::SqliteRecipes);
sql_food_store!(PgFoods, Postgres, super::recipes::PgRecipes);
