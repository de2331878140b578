use std::collections::HashMap;

use async_trait::async_trait;
use chrono::Utc;
use sqlx::{PgPool, Postgres, QueryBuilder, Sqlite, SqlitePool};

use super::foods::{FoodRow, MARK_DELETED, food_columns, now_ms, portions_json};
use super::{BeginWrite, RecipeStore, StoreError};
use crate::food::{Food, FoodSource, Nutrients};
use crate::meal::Grams;
use crate::recipe::{Ingredient, NewRecipe, Recipe, recipe_food, recipe_values};
use crate::user::UserId;

#[derive(Debug)]
pub(super) struct SqliteRecipes(pub SqlitePool);
#[derive(Debug)]
pub(super) struct PgRecipes(pub PgPool);

/// Recipes nest; working out the ones above a changed food stops after this many steps
/// (cycles are refused on write, so only a damaged database could get there).
const MAX_REFRESH_STEPS: usize = 10_000;

#[derive(sqlx::FromRow)]
struct IngredientRow {
    recipe_food_id: i64,
    food_id: i64,
    quantity: f64,
    amount: Option<String>,
    name: String,
    name_zh: Option<String>,
    brand: Option<String>,
    source: String,
    calories: f64,
    protein: f64,
    fat: f64,
    carbs: f64,
    fiber: f64,
    sugar: f64,
    sodium: f64,
}

impl TryFrom<IngredientRow> for Ingredient {
    type Error = StoreError;
    fn try_from(row: IngredientRow) -> Result<Self, StoreError> {
        Ok(Ingredient {
            food_id: row.food_id,
            name: row.name,
            name_zh: row.name_zh,
            brand: row.brand,
            source: FoodSource::parse(&row.source).map_err(StoreError::Corrupt)?,
            quantity: Grams::parse(row.quantity).map_err(|e| StoreError::Corrupt(e.0))?,
            amount: row.amount,
            per_100g: Nutrients {
                calories: row.calories,
                protein: row.protein,
                fat: row.fat,
                carbs: row.carbs,
                fiber: row.fiber,
                sugar: row.sugar,
                sodium: row.sodium,
            },
        })
    }
}

/// Ingredients with their foods' current values (deleted foods included: a recipe keeps
/// what it was made of).
macro_rules! ingredients_of {
    () => {
        "select recipe_ingredient.recipe_food_id, recipe_ingredient.food_id, \
     recipe_ingredient.quantity, recipe_ingredient.amount, food.name, food.name_zh, food.brand, \
     food.source, food.calories, food.protein, food.fat, food.carbs, food.fiber, food.sugar, \
     food.sodium from recipe_ingredient join food on food.food_id = recipe_ingredient.food_id \
     where recipe_ingredient.recipe_food_id in ("
    };
}

macro_rules! sql_recipe_store {
    ($store:ty, $db:ty) => {
        impl $store {
            /// The recipes of `rows` (recipe foods) with their ingredients in order.
            async fn assemble(
                conn: &mut <$db as sqlx::Database>::Connection,
                rows: Vec<FoodRow>,
            ) -> Result<Vec<Recipe>, StoreError> {
                if rows.is_empty() {
                    return Ok(Vec::new());
                }
                let mut b: QueryBuilder<$db> = QueryBuilder::new(ingredients_of!());
                let mut list = b.separated(", ");
                for row in &rows {
                    list.push_bind(row.food_id);
                }
                b.push(") order by recipe_ingredient.recipe_food_id, recipe_ingredient.position");
                let found: Vec<IngredientRow> = b.build_query_as().fetch_all(&mut *conn).await?;
                let mut by_recipe: HashMap<i64, Vec<Ingredient>> = HashMap::new();
                for row in found {
                    let id = row.recipe_food_id;
                    by_recipe.entry(id).or_default().push(row.try_into()?);
                }
                rows.into_iter()
                    .map(|row| {
                        let ingredients = by_recipe.remove(&row.food_id).unwrap_or_default();
                        Ok(Recipe { food: Food::try_from(row)?, ingredients })
                    })
                    .collect()
            }

            async fn own_row(
                conn: &mut <$db as sqlx::Database>::Connection,
                owner: UserId,
                id: i64,
            ) -> Result<Option<FoodRow>, StoreError> {
                Ok(sqlx::query_as(concat!(
                    "select ", food_columns!(), " from food where food_id = $1 \
                     and owner_user_id = $2 and source = 'recipe' and deleted_at is null"
                ))
                .bind(id)
                .bind(owner.get())
                .fetch_optional(&mut *conn)
                .await?)
            }

            async fn write_ingredients(
                conn: &mut <$db as sqlx::Database>::Connection,
                id: i64,
                recipe: &NewRecipe,
            ) -> Result<(), StoreError> {
                sqlx::query("delete from recipe_ingredient where recipe_food_id = $1")
                    .bind(id)
                    .execute(&mut *conn)
                    .await?;
                let mut b: QueryBuilder<$db> = QueryBuilder::new(
                    "insert into recipe_ingredient (recipe_food_id, position, food_id, quantity, amount) ",
                );
                b.push_values(recipe.ingredients.iter().zip(0_i64..), |mut row, (i, position)| {
                    row.push_bind(id)
                        .push_bind(position)
                        .push_bind(i.food_id)
                        .push_bind(i.quantity.get())
                        .push_bind(i.amount.clone());
                });
                b.build().execute(&mut *conn).await?;
                Ok(())
            }

            /// Works out a recipe's per-100 g values and serving from its ingredients as
            /// they are now, and stores them.
            async fn work_out(
                conn: &mut <$db as sqlx::Database>::Connection,
                id: i64,
            ) -> Result<Food, StoreError> {
                let rows: Vec<IngredientRow> =
                    sqlx::query_as(concat!(ingredients_of!(), "$1) order by recipe_ingredient.position"))
                        .bind(id)
                        .fetch_all(&mut *conn)
                        .await?;
                let values: Vec<(Nutrients, f64)> = rows
                    .into_iter()
                    .map(|row| Ingredient::try_from(row).map(|i| (i.per_100g, i.quantity.get())))
                    .collect::<Result<_, _>>()?;
                let (servings,): (Option<f64>,) =
                    sqlx::query_as("select servings from food where food_id = $1")
                        .bind(id)
                        .fetch_one(&mut *conn)
                        .await?;
                let (n, serving) = recipe_values(servings.unwrap_or(1.0), &values);
                let now = Utc::now();
                let row: FoodRow = sqlx::query_as(concat!(
                    "update food set calories = $2, protein = $3, fat = $4, carbs = $5, fiber = $6, \
                     sugar = $7, sodium = $8, portions = $9, updated_at = $10, changed_ms = $11 \
                     where food_id = $1 returning ",
                    food_columns!()
                ))
                .bind(id)
                .bind(n.calories)
                .bind(n.protein)
                .bind(n.fat)
                .bind(n.carbs)
                .bind(n.fiber)
                .bind(n.sugar)
                .bind(n.sodium)
                .bind(portions_json(std::slice::from_ref(&serving)))
                .bind(now)
                .bind(now_ms(now))
                .fetch_one(&mut *conn)
                .await?;
                row.try_into()
            }

            /// Whether recipe `id` is among `ingredients` or inside any recipe among them.
            async fn would_contain(
                conn: &mut <$db as sqlx::Database>::Connection,
                id: i64,
                ingredients: &[i64],
            ) -> Result<bool, StoreError> {
                let mut frontier: Vec<i64> = ingredients.to_vec();
                let mut steps = 0;
                while !frontier.is_empty() && steps < MAX_REFRESH_STEPS {
                    if frontier.contains(&id) {
                        return Ok(true);
                    }
                    steps += frontier.len();
                    let mut b: QueryBuilder<$db> = QueryBuilder::new(
                        "select distinct food_id from recipe_ingredient where recipe_food_id in (",
                    );
                    let mut list = b.separated(", ");
                    for f in &frontier {
                        list.push_bind(*f);
                    }
                    b.push(")");
                    let next: Vec<(i64,)> = b.build_query_as().fetch_all(&mut *conn).await?;
                    frontier = next.into_iter().map(|(f,)| f).collect();
                }
                Ok(false)
            }

            /// Works out again, bottom up, every recipe that contains `food_id`.
            pub(super) async fn refresh_above(
                conn: &mut <$db as sqlx::Database>::Connection,
                food_id: i64,
            ) -> Result<Vec<Food>, StoreError> {
                let mut changed: Vec<Food> = Vec::new();
                let mut frontier = vec![food_id];
                let mut steps = 0;
                while let Some(id) = frontier.pop() {
                    let users: Vec<(i64,)> = sqlx::query_as(
                        "select distinct recipe_food_id from recipe_ingredient where food_id = $1",
                    )
                    .bind(id)
                    .fetch_all(&mut *conn)
                    .await?;
                    for (recipe,) in users {
                        steps += 1;
                        if steps > MAX_REFRESH_STEPS {
                            return Err(StoreError::Corrupt("recipes nest too deep".into()));
                        }
                        // A recipe reached twice is worked out again with its newer parts.
                        let food = Self::work_out(conn, recipe).await?;
                        changed.retain(|f| f.id != recipe);
                        changed.push(food);
                        frontier.push(recipe);
                    }
                }
                Ok(changed)
            }
        }

        #[async_trait]
        impl RecipeStore for $store {
            async fn create(&self, recipe: &NewRecipe) -> Result<Recipe, StoreError> {
                let mut tx = self.0.begin_with(<$db as BeginWrite>::BEGIN_WRITE).await?;
                let food = recipe_food(
                    recipe.owner,
                    &recipe.name,
                    recipe.name_zh.as_deref(),
                    recipe.servings,
                    recipe.notes.as_deref(),
                    &[],
                );
                let now = Utc::now();
                let (id,): (i64,) = sqlx::query_as(
                    "insert into food (source, owner_user_id, name, name_zh, calories, portions, \
                     description, data_quality, servings, created_at, updated_at, changed_ms) \
                     values ($1, $2, $3, $4, 0, $5, $6, $7, $8, $9, $9, $10) returning food_id",
                )
                .bind(FoodSource::Recipe.as_str())
                .bind(recipe.owner.get())
                .bind(&food.name)
                .bind(&food.name_zh)
                .bind(portions_json(&food.portions))
                .bind(&food.description)
                .bind(&food.data_quality)
                .bind(food.servings)
                .bind(now)
                .bind(now_ms(now))
                .fetch_one(&mut *tx)
                .await?;
                Self::write_ingredients(&mut tx, id, recipe).await?;
                Self::work_out(&mut tx, id).await?;
                let row = Self::own_row(&mut tx, recipe.owner, id).await?.ok_or(StoreError::NotFound)?;
                let made = Self::assemble(&mut tx, vec![row]).await?;
                tx.commit().await?;
                made.into_iter().next().ok_or(StoreError::NotFound)
            }

            async fn get(&self, owner: UserId, id: i64) -> Result<Option<Recipe>, StoreError> {
                let mut conn = self.0.acquire().await?;
                let Some(row) = Self::own_row(&mut conn, owner, id).await? else {
                    return Ok(None);
                };
                Ok(Self::assemble(&mut conn, vec![row]).await?.into_iter().next())
            }

            async fn list(
                &self,
                owner: UserId,
                offset: i64,
                limit: i64,
            ) -> Result<(Vec<Recipe>, i64), StoreError> {
                let mut conn = self.0.acquire().await?;
                let rows: Vec<FoodRow> = sqlx::query_as(concat!(
                    "select ", food_columns!(),
                    " from food where owner_user_id = $1 and source = 'recipe' and deleted_at is null \
                     order by food_id desc limit $2 offset $3"
                ))
                .bind(owner.get())
                .bind(limit)
                .bind(offset)
                .fetch_all(&mut *conn)
                .await?;
                let (total,): (i64,) = sqlx::query_as(
                    "select count(*) from food where owner_user_id = $1 and source = 'recipe' \
                     and deleted_at is null",
                )
                .bind(owner.get())
                .fetch_one(&mut *conn)
                .await?;
                Ok((Self::assemble(&mut conn, rows).await?, total))
            }

            async fn replace(
                &self,
                owner: UserId,
                id: i64,
                recipe: &NewRecipe,
            ) -> Result<Option<Recipe>, StoreError> {
                let mut tx = self.0.begin_with(<$db as BeginWrite>::BEGIN_WRITE).await?;
                if Self::own_row(&mut tx, owner, id).await?.is_none() {
                    return Ok(None);
                }
                let parts: Vec<i64> = recipe.ingredients.iter().map(|i| i.food_id).collect();
                if Self::would_contain(&mut tx, id, &parts).await? {
                    return Err(StoreError::Conflict("recipe cycle".into()));
                }
                // Names and servings here; the values are worked out below.
                sqlx::query(
                    "update food set name = $2, name_zh = $3, description = $4, servings = $5 \
                     where food_id = $1",
                )
                .bind(id)
                .bind(&recipe.name)
                .bind(&recipe.name_zh)
                .bind(&recipe.notes)
                .bind(recipe.servings)
                .execute(&mut *tx)
                .await?;
                Self::write_ingredients(&mut tx, id, recipe).await?;
                Self::work_out(&mut tx, id).await?;
                Self::refresh_above(&mut tx, id).await?;
                let row = Self::own_row(&mut tx, owner, id).await?.ok_or(StoreError::NotFound)?;
                let made = Self::assemble(&mut tx, vec![row]).await?;
                tx.commit().await?;
                Ok(made.into_iter().next())
            }

            async fn delete(&self, owner: UserId, id: i64) -> Result<bool, StoreError> {
                let now = Utc::now();
                let done = sqlx::query(MARK_DELETED)
                    .bind(id)
                    .bind(owner.get())
                    .bind(now)
                    .bind(now_ms(now))
                    .bind(FoodSource::Recipe.as_str())
                    .execute(&self.0)
                    .await?;
                Ok(done.rows_affected() == 1)
            }

            async fn refresh_changed_since(&self, since_ms: i64) -> Result<usize, StoreError> {
                let mut tx = self.0.begin_with(<$db as BeginWrite>::BEGIN_WRITE).await?;
                // Recipes themselves are reached from the foods inside them.
                let changed: Vec<(i64,)> = sqlx::query_as(
                    "select distinct recipe_ingredient.food_id from recipe_ingredient \
                     join food on food.food_id = recipe_ingredient.food_id \
                     where food.changed_ms >= $1 and food.source <> 'recipe'",
                )
                .bind(since_ms)
                .fetch_all(&mut *tx)
                .await?;
                let mut refreshed = 0;
                for (food_id,) in changed {
                    refreshed += Self::refresh_above(&mut tx, food_id).await?.len();
                }
                tx.commit().await?;
                Ok(refreshed)
            }
        }
    };
}

sql_recipe_store!(SqliteRecipes, Sqlite);
sql_recipe_store!(PgRecipes, Postgres);
