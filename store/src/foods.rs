//! Long on purpose: the food store for both engines: the catalogue, custom foods,
//! barcodes, uses and stars share the food row and its conversions.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::query_builder::Separated;
use sqlx::{Pool, QueryBuilder};

use super::DB;
use super::engine::{Engine, push_list};
use super::food_rows::{
    FoodRow, aliases_column, aliases_from_column, food_columns, mark_deleted, now_ms,
    portions_json, push_nutrients,
};
use super::recipes::refresh_above;
use super::{FoodStore, FoodUse, SearchHistoryEntry, StoreError, UsedFood, UsedOrder};
use models::food::{Food, FoodSearchRow, FoodSource, NewFood};
use models::import::Rejection;
use models::user::UserId;

#[derive(Debug)]
pub(super) struct SqlFoods(pub Pool<DB>);

/// Rows per multi-row insert: 28 columns each stays under SQLite's 32,766 parameters.
const BATCH: usize = 500;

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

/// Columns written on insert, in `push_food`'s order.
macro_rules! insert_columns {
    () => {
        "source, source_key, owner_user_id, name, name_zh, pinyin, brand, barcode, image_url, \
         nutrition_grade, category, calories, protein, fat, carbs, fiber, sugar, sodium, \
         portions, fdc_id, description, ingredients, data_quality, copied_from, servings, \
         unknown_nutrients, aliases, micronutrients, created_at, updated_at, changed_ms"
    };
}

macro_rules! search_columns {
    () => {
        "food_id, source, owner_user_id, name, name_zh, pinyin, brand, barcode, aliases, \
         deleted_at is not null as deleted, changed_ms"
    };
}

const INSERT: &str = concat!("insert into food (", insert_columns!(), ") ");

const RETURNING_FOOD: &str = concat!(" returning ", food_columns!());

/// A food changes in its source: take the new values, keep its id. A food whose values
/// are the same is not rewritten.
const UPSERT_CHANGED: &str = " on conflict (source, source_key) do update set \
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
     micronutrients = excluded.micronutrients, \
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
        or food.micronutrients is distinct from excluded.micronutrients \
        or food.ingredients is distinct from excluded.ingredients \
        or food.barcode is distinct from excluded.barcode \
        or food.deleted_at is not null";

const LIVE: &str = concat!(
    "select ",
    food_columns!(),
    " from food where deleted_at is null"
);

const GET: &str = concat!(
    "select ",
    food_columns!(),
    " from food where food_id = $1 and deleted_at is null"
);

const BY_SOURCE_KEY: &str = concat!(
    "select ",
    food_columns!(),
    " from food where source = $1 and source_key = $2 and deleted_at is null"
);

const UPDATE_CUSTOM: &str = concat!(
    "update food set name = $3, brand = $4, calories = $5, protein = $6, fat = $7, \
     carbs = $8, fiber = $9, sugar = $10, sodium = $11, portions = $12, \
     updated_at = $13, changed_ms = $14, unknown_nutrients = $15, micronutrients = $16 \
     where food_id = $1 and owner_user_id = $2 and source = 'custom' \
     and deleted_at is null returning ",
    food_columns!()
);

const OWN_CUSTOM: &str = concat!(
    "select ",
    food_columns!(),
    " from food where owner_user_id = $1 and source = 'custom' and deleted_at is null \
     order by food_id desc limit $2 offset $3"
);

const OWN_CUSTOM_COUNT: &str = "select count(*) from food where owner_user_id = $1 \
     and source = 'custom' and deleted_at is null";

const SEARCH_ROWS: &str = concat!(
    "select ",
    search_columns!(),
    " from food where food_id > $1 and deleted_at is null order by food_id limit $2"
);

const CHANGED_SINCE: &str = concat!(
    "select ",
    search_columns!(),
    " from food where changed_ms >= $1 order by changed_ms"
);

/// A write that lands after a later search's does not make it the latest.
const RECORD_SEARCH: &str = "insert into food_search \
     (user_id, query_key, query, count, searched_at) values ($1, $2, $3, 1, $4) \
     on conflict (user_id, query_key) do update set \
     count = food_search.count + 1, \
     query = case when excluded.searched_at > food_search.searched_at \
        then excluded.query else food_search.query end, \
     searched_at = case when excluded.searched_at > food_search.searched_at \
        then excluded.searched_at else food_search.searched_at end";

const SEARCH_HISTORY: &str = "select query, searched_at, count from food_search \
     where user_id = $1 order by searched_at desc limit $2";

const INSERT_USES: &str = "insert into food_usage \
     (user_id, food_id, uses, used_at, last_quantity, last_amount) ";

/// A use without a quantity (a food created) keeps what was logged before.
const ADD_USES: &str = " on conflict (user_id, food_id) do update set \
     uses = food_usage.uses + excluded.uses, used_at = excluded.used_at, \
     last_quantity = coalesce(excluded.last_quantity, food_usage.last_quantity), \
     last_amount = case when excluded.last_quantity is null \
         then food_usage.last_amount else excluded.last_amount end";

const RECENTLY_USED: &str = "select food_id, uses, used_at, last_quantity, last_amount \
     from food_usage where user_id = $1 and uses > 0 \
     order by used_at desc, food_id desc limit $2";

const FREQUENTLY_USED: &str = "select food_id, uses, used_at, last_quantity, last_amount \
     from food_usage where user_id = $1 and uses >= 2 \
     order by uses desc, used_at desc, food_id desc limit $2";

const MOST_USED: &str = "select food_id from food_usage where user_id = $1 \
     order by uses desc, used_at desc limit $2";

const ADD_FAVORITE: &str = "insert into food_favorite (user_id, food_id, created_at) \
     values ($1, $2, $3) on conflict (user_id, food_id) do nothing";

const REMOVE_FAVORITE: &str = "delete from food_favorite where user_id = $1 and food_id = $2";

const FAVORITES: &str = "select food_favorite.food_id from food_favorite \
     join food on food.food_id = food_favorite.food_id and food.deleted_at is null \
     where food_favorite.user_id = $1 \
     order by food_favorite.created_at desc, food_favorite.food_id desc limit $2";

const INSERT_REJECTIONS: &str = "insert into food_import_rejection \
     (import_id, source_key, name, reason, created_at) ";

const REJECTIONS: &str = "select source_key, name, reason from food_import_rejection \
     where import_id = $1 order by source_key limit $2 offset $3";

const REJECTION_COUNT: &str = "select count(*) from food_import_rejection where import_id = $1";

/// Binds one food's values, in `insert_columns!` order.
fn push_food(mut row: Separated<'_, DB, &'static str>, f: &NewFood, now: DateTime<Utc>) {
    row.push_bind(f.source().as_str())
        .push_bind(f.source_key.clone())
        .push_bind(f.owner.map(UserId::get))
        .push_bind(f.name.clone())
        .push_bind(f.name_zh.clone())
        .push_bind(f.pinyin.clone())
        .push_bind(f.brand.clone())
        .push_bind(f.barcode.clone())
        .push_bind(f.image_url.clone())
        .push_bind(f.nutrition_grade.clone())
        .push_bind(f.category.clone());
    push_nutrients(&mut row, &f.nutrients);
    row.push_bind(portions_json(&f.portions))
        .push_bind(f.fdc_id)
        .push_bind(f.description.clone())
        .push_bind(f.ingredients.clone())
        .push_bind(f.data_quality.clone())
        .push_bind(f.copied_from)
        .push_bind(f.servings)
        .push_bind(f.unknown.to_column())
        .push_bind(aliases_column(&f.aliases))
        .push_bind(f.micronutrients.to_column())
        .push_bind(now)
        .push_bind(now)
        .push_bind(now_ms(now));
}

/// Counts uses of the same food once, with the last one listed: one row per food, so
/// a statement never touches a row twice.
/// Each food's last use and how many times it was eaten: a use without a quantity (a
/// food made, a product scanned) counts none, so Recent lists only what was eaten while
/// the search still ranks the food as the user's.
fn uses_per_food(uses: &[FoodUse]) -> Vec<(&FoodUse, i32)> {
    let mut counts: Vec<(&FoodUse, i32)> = Vec::new();
    for food_use in uses {
        let eaten = i32::from(food_use.grams.is_some());
        match counts
            .iter_mut()
            .find(|(u, _)| u.food_id == food_use.food_id)
        {
            Some((last, n)) => {
                *last = food_use;
                *n += eaten;
            }
            None => counts.push((food_use, eaten)),
        }
    }
    counts
}

impl SqlFoods {
    /// The live food with one of `codes` (the canonical barcode first): a shared one
    /// (oldest first), or `owner`'s own custom food (newest first).
    async fn first_with_barcode(
        &self,
        owner: Option<UserId>,
        codes: &[String],
    ) -> Result<Option<Food>, StoreError> {
        if codes.is_empty() {
            return Ok(None);
        }
        let mut b: QueryBuilder<DB> = QueryBuilder::new(LIVE);
        match owner {
            None => b.push(" and source <> 'custom'"),
            Some(user) => b
                .push(" and source = 'custom' and owner_user_id = ")
                .push_bind(user.get()),
        };
        b.push(" and barcode in (");
        push_list(&mut b, codes);
        b.push(") order by case barcode");
        for (rank, code) in codes.iter().enumerate() {
            b.push(" when ")
                .push_bind(code.clone())
                .push(" then ")
                .push(rank as i64);
        }
        b.push(match owner {
            Some(_) => " end, food_id desc limit 1",
            None => " end, food_id limit 1",
        });
        let row: Option<FoodRow> = b.build_query_as().fetch_optional(&self.0).await?;
        row.map(Food::try_from).transpose()
    }
}

/// Inserts shared foods or rewrites those whose source key is there and whose values
/// differ; how many rows were written.
async fn upsert_in(
    tx: &mut sqlx::Transaction<'_, DB>,
    foods: &[NewFood],
) -> Result<u64, StoreError> {
    let mut written = 0;
    for chunk in foods.chunks(BATCH) {
        let now = Utc::now();
        let mut b: QueryBuilder<DB> = QueryBuilder::new(INSERT);
        b.push_values(chunk, |row, f| push_food(row, f, now));
        b.push(UPSERT_CHANGED);
        written += b.build().execute(&mut **tx).await?.rows_affected();
    }
    Ok(written)
}

#[async_trait]
impl FoodStore for SqlFoods {
    #[tracing::instrument(skip_all, fields(source = food.source().as_str()), level = "debug")]
    async fn insert(&self, food: &NewFood) -> Result<Food, StoreError> {
        let now = Utc::now();
        let mut b: QueryBuilder<DB> = QueryBuilder::new(INSERT);
        b.push_values([food], |row, f| push_food(row, f, now));
        b.push(RETURNING_FOOD);
        let row: FoodRow = b
            .build_query_as()
            .fetch_one(&self.0)
            .await
            .map_err(|e| match &e {
                sqlx::Error::Database(db) if db.is_unique_violation() => {
                    StoreError::Conflict("source_key".into())
                }
                _ => e.into(),
            })?;
        row.try_into()
    }

    #[tracing::instrument(skip_all, fields(foods = foods.len()), level = "debug")]
    async fn upsert_shared(&self, foods: &[NewFood]) -> Result<u64, StoreError> {
        let mut tx = self.0.begin_with(DB::BEGIN_WRITE).await?;
        let written = upsert_in(&mut tx, foods).await?;
        tx.commit().await?;
        Ok(written)
    }

    #[tracing::instrument(skip_all, level = "debug")]
    async fn seed_shipped(
        &self,
        fingerprint: &str,
        foods: &(dyn Fn() -> Vec<NewFood> + Send + Sync),
    ) -> Result<Option<u64>, StoreError> {
        let seeded: Option<String> =
            sqlx::query_scalar("select fingerprint from shipped_foods_seeded")
                .fetch_optional(&self.0)
                .await?;
        if seeded.as_deref() == Some(fingerprint) {
            return Ok(None);
        }
        let foods = foods();
        let mut tx = self.0.begin_with(DB::BEGIN_WRITE).await?;
        let written = upsert_in(&mut tx, &foods).await?;
        sqlx::query(
            "insert into shipped_foods_seeded (only_row, fingerprint) values (1, $1) \
             on conflict (only_row) do update set fingerprint = excluded.fingerprint",
        )
        .bind(fingerprint)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Some(written))
    }

    #[tracing::instrument(skip_all, fields(id = id), level = "debug")]
    async fn get(&self, id: i64) -> Result<Option<Food>, StoreError> {
        let row: Option<FoodRow> = sqlx::query_as(GET).bind(id).fetch_optional(&self.0).await?;
        row.map(Food::try_from).transpose()
    }

    #[tracing::instrument(skip_all, fields(ids = ids.len()), level = "debug")]
    async fn get_many(&self, ids: &[i64]) -> Result<Vec<Food>, StoreError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut b: QueryBuilder<DB> = QueryBuilder::new(LIVE);
        b.push(" and food_id in (");
        push_list(&mut b, ids);
        b.push(")");
        let rows: Vec<FoodRow> = b.build_query_as().fetch_all(&self.0).await?;
        rows.into_iter().map(Food::try_from).collect()
    }

    #[tracing::instrument(skip_all, fields(codes = codes.len()), level = "debug")]
    async fn find_by_barcode(&self, codes: &[String]) -> Result<Option<Food>, StoreError> {
        self.first_with_barcode(None, codes).await
    }

    #[tracing::instrument(skip_all, fields(user = user.get()), level = "debug")]
    async fn find_own_by_barcode(
        &self,
        user: UserId,
        codes: &[String],
    ) -> Result<Option<Food>, StoreError> {
        self.first_with_barcode(Some(user), codes).await
    }

    #[tracing::instrument(skip_all, fields(source = source.as_str()), level = "debug")]
    async fn find_by_source_key(
        &self,
        source: FoodSource,
        key: &str,
    ) -> Result<Option<Food>, StoreError> {
        let row: Option<FoodRow> = sqlx::query_as(BY_SOURCE_KEY)
            .bind(source.as_str())
            .bind(key)
            .fetch_optional(&self.0)
            .await?;
        row.map(Food::try_from).transpose()
    }

    #[tracing::instrument(skip_all, fields(id = id, owner = owner.get()), level = "debug")]
    async fn update_custom(
        &self,
        id: i64,
        owner: UserId,
        food: &NewFood,
    ) -> Result<Option<Food>, StoreError> {
        let mut tx = self.0.begin_with(DB::BEGIN_WRITE).await?;
        let now = Utc::now();
        let n = &food.nutrients;
        let row: Option<FoodRow> = sqlx::query_as(UPDATE_CUSTOM)
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
            .bind(food.unknown.to_column())
            .bind(food.micronutrients.to_column())
            .fetch_optional(&mut *tx)
            .await?;
        let Some(row) = row else { return Ok(None) };
        // Recipes made with it take its new values with it, or not at all: each of them
        // once, and within the bounds of `models::recipe` at most MAX_RECIPES_ABOVE of
        // them, so the write lock is held a few milliseconds.
        refresh_above(&mut tx, id).await?;
        tx.commit().await?;
        Food::try_from(row).map(Some)
    }

    #[tracing::instrument(skip_all, fields(id = id, owner = owner.get()), level = "debug")]
    async fn delete_custom(&self, id: i64, owner: UserId) -> Result<bool, StoreError> {
        mark_deleted(&self.0, id, owner, FoodSource::Custom).await
    }

    #[tracing::instrument(
        skip_all,
        fields(owner = owner.get(), offset = offset, limit = limit),
        level = "debug"
    )]
    async fn list_custom(
        &self,
        owner: UserId,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<Food>, i64), StoreError> {
        let rows: Vec<FoodRow> = sqlx::query_as(OWN_CUSTOM)
            .bind(owner.get())
            .bind(limit)
            .bind(offset)
            .fetch_all(&self.0)
            .await?;
        let (total,): (i64,) = sqlx::query_as(OWN_CUSTOM_COUNT)
            .bind(owner.get())
            .fetch_one(&self.0)
            .await?;
        let foods = rows
            .into_iter()
            .map(Food::try_from)
            .collect::<Result<_, _>>()?;
        Ok((foods, total))
    }

    #[tracing::instrument(skip_all, fields(after_id = after_id, limit = limit), level = "debug")]
    async fn search_rows(
        &self,
        after_id: i64,
        limit: i64,
    ) -> Result<Vec<FoodSearchRow>, StoreError> {
        let rows: Vec<SearchRow> = sqlx::query_as(SEARCH_ROWS)
            .bind(after_id)
            .bind(limit)
            .fetch_all(&self.0)
            .await?;
        rows.into_iter().map(FoodSearchRow::try_from).collect()
    }

    #[tracing::instrument(skip_all, fields(since_ms = since_ms), level = "debug")]
    async fn changed_since(&self, since_ms: i64) -> Result<Vec<FoodSearchRow>, StoreError> {
        let rows: Vec<SearchRow> = sqlx::query_as(CHANGED_SINCE)
            .bind(since_ms)
            .fetch_all(&self.0)
            .await?;
        rows.into_iter().map(FoodSearchRow::try_from).collect()
    }

    #[tracing::instrument(skip_all, fields(user = user.get()), level = "debug")]
    async fn record_search(
        &self,
        user: UserId,
        query: &str,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        sqlx::query(RECORD_SEARCH)
            .bind(user.get())
            .bind(query.trim().to_lowercase())
            .bind(query.trim())
            .bind(at)
            .execute(&self.0)
            .await?;
        Ok(())
    }

    #[tracing::instrument(skip_all, fields(user = user.get(), limit = limit), level = "debug")]
    async fn search_history(
        &self,
        user: UserId,
        limit: i64,
    ) -> Result<Vec<SearchHistoryEntry>, StoreError> {
        let rows: Vec<(String, DateTime<Utc>, i32)> = sqlx::query_as(SEARCH_HISTORY)
            .bind(user.get())
            .bind(limit)
            .fetch_all(&self.0)
            .await?;
        Ok(rows
            .into_iter()
            .map(|(query, searched_at, count)| SearchHistoryEntry {
                query,
                searched_at,
                count,
            })
            .collect())
    }

    #[tracing::instrument(skip_all, fields(user = user.get(), uses = uses.len()), level = "debug")]
    async fn record_uses(&self, user: UserId, uses: &[FoodUse]) -> Result<(), StoreError> {
        let counts = uses_per_food(uses);
        if counts.is_empty() {
            return Ok(());
        }
        let now = Utc::now();
        let mut b: QueryBuilder<DB> = QueryBuilder::new(INSERT_USES);
        b.push_values(&counts, |mut row, (u, n)| {
            row.push_bind(user.get())
                .push_bind(u.food_id)
                .push_bind(*n)
                .push_bind(now)
                .push_bind(u.grams)
                .push_bind(u.amount.clone());
        });
        b.push(ADD_USES);
        b.build().execute(&self.0).await?;
        Ok(())
    }

    #[tracing::instrument(skip_all, fields(user = user.get(), limit = limit), level = "debug")]
    async fn used_food_details(
        &self,
        user: UserId,
        order: UsedOrder,
        limit: i64,
    ) -> Result<Vec<UsedFood>, StoreError> {
        let sql = match order {
            UsedOrder::Recent => RECENTLY_USED,
            UsedOrder::Frequent => FREQUENTLY_USED,
        };
        let rows: Vec<(i64, i32, DateTime<Utc>, Option<f64>, Option<String>)> = sqlx::query_as(sql)
            .bind(user.get())
            .bind(limit)
            .fetch_all(&self.0)
            .await?;
        Ok(rows
            .into_iter()
            .map(
                |(food_id, uses, used_at, last_quantity, last_amount)| UsedFood {
                    food_id,
                    uses: i64::from(uses),
                    used_at,
                    last_quantity,
                    last_amount,
                },
            )
            .collect())
    }

    #[tracing::instrument(skip_all, fields(user = user.get(), food_id = food_id), level = "debug")]
    async fn set_favorite(
        &self,
        user: UserId,
        food_id: i64,
        favorite: bool,
    ) -> Result<(), StoreError> {
        if favorite {
            sqlx::query(ADD_FAVORITE)
                .bind(user.get())
                .bind(food_id)
                .bind(Utc::now())
                .execute(&self.0)
                .await?;
        } else {
            sqlx::query(REMOVE_FAVORITE)
                .bind(user.get())
                .bind(food_id)
                .execute(&self.0)
                .await?;
        }
        Ok(())
    }

    #[tracing::instrument(skip_all, fields(user = user.get(), limit = limit), level = "debug")]
    async fn favorites(&self, user: UserId, limit: i64) -> Result<Vec<i64>, StoreError> {
        let rows: Vec<(i64,)> = sqlx::query_as(FAVORITES)
            .bind(user.get())
            .bind(limit)
            .fetch_all(&self.0)
            .await?;
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }

    #[tracing::instrument(skip_all, fields(user = user.get(), ids = ids.len()), level = "debug")]
    async fn favorites_among(&self, user: UserId, ids: &[i64]) -> Result<Vec<i64>, StoreError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut b: QueryBuilder<DB> =
            QueryBuilder::new("select food_id from food_favorite where user_id = ");
        b.push_bind(user.get()).push(" and food_id in (");
        push_list(&mut b, ids);
        b.push(")");
        let rows: Vec<(i64,)> = b.build_query_as().fetch_all(&self.0).await?;
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }

    #[tracing::instrument(skip_all, fields(user = user.get(), limit = limit), level = "debug")]
    async fn used_foods(&self, user: UserId, limit: i64) -> Result<Vec<i64>, StoreError> {
        let rows: Vec<(i64,)> = sqlx::query_as(MOST_USED)
            .bind(user.get())
            .bind(limit)
            .fetch_all(&self.0)
            .await?;
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }

    #[tracing::instrument(
        skip_all,
        fields(import_id = import_id, rejected = rejected.len()),
        level = "debug"
    )]
    async fn record_rejections(
        &self,
        import_id: &str,
        rejected: &[Rejection],
    ) -> Result<(), StoreError> {
        let now = Utc::now();
        for chunk in rejected.chunks(BATCH) {
            let mut b: QueryBuilder<DB> = QueryBuilder::new(INSERT_REJECTIONS);
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

    #[tracing::instrument(
        skip_all,
        fields(import_id = import_id, offset = offset, limit = limit),
        level = "debug"
    )]
    async fn rejections(
        &self,
        import_id: &str,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<Rejection>, i64), StoreError> {
        let rows: Vec<(String, String, String)> = sqlx::query_as(REJECTIONS)
            .bind(import_id)
            .bind(limit)
            .bind(offset)
            .fetch_all(&self.0)
            .await?;
        let (total,): (i64,) = sqlx::query_as(REJECTION_COUNT)
            .bind(import_id)
            .fetch_one(&self.0)
            .await?;
        let rejected = rows
            .into_iter()
            .map(|(source_key, name, reason)| Rejection {
                source_key,
                name,
                reason,
            })
            .collect();
        Ok((rejected, total))
    }
}
