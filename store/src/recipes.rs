use std::collections::{HashMap, HashSet};

use async_trait::async_trait;
use chrono::Utc;
use sqlx::{Pool, QueryBuilder};

use super::engine::{Engine, push_list};
use super::food_rows::{
    FoodRow, IN_RECIPE_ORDER, INGREDIENTS_OF, IngredientRow, food_columns, mark_deleted, now_ms,
    portions_json, push_nutrients,
};
use super::{Connection, DB};
use super::{RecipeStore, StoreError};
use models::food::{Food, FoodSource, Nutrients};
use models::micronutrients::Micronutrients;
use models::recipe::{
    Ingredient, MAX_RECIPE_DEPTH, MAX_RECIPE_PARTS, MAX_RECIPES_ABOVE, NewRecipe, Recipe,
    RecipeRefused, dependency_order, longest_chain, recipe_food, recipe_values,
};
use models::user::UserId;

#[derive(Debug)]
pub(super) struct SqlRecipes(pub Pool<DB>);

/// Ids per `in (…)` list, well under both engines' limits on bound values.
const IDS_PER_QUERY: usize = 1000;
/// Recipes worked out per transaction after an import: the write lock is held for this
/// many at a time, however many recipes the changed foods are in.
const REWORK_PER_TRANSACTION: usize = 200;

/// Rows per `update … from (values …)`: 9 bound values each.
const UPDATES_PER_QUERY: usize = 100;

/// Where a walk up the recipes starts.
#[derive(Clone, Copy)]
enum Roots {
    /// One food (a user's edit, or a recipe replaced).
    Food(i64),
    /// The foods (not recipes) changed at or after this time (an import).
    ChangedSince(i64),
}

/// The recipes holding something in `links` ((recipe, part) pairs), each once, each after
/// the recipes among them that it holds.
fn in_dependency_order(links: &[(i64, i64)]) -> Vec<i64> {
    let mut seen = HashSet::new();
    let recipes: Vec<i64> = links
        .iter()
        .map(|(recipe, _)| *recipe)
        .filter(|recipe| seen.insert(*recipe))
        .collect();
    dependency_order(&recipes, links)
}

/// What the recipes among a list hold, and which recipes hold the foods among one.
const PARTS_OF: &str =
    "select distinct recipe_food_id, food_id from recipe_ingredient where recipe_food_id in (";
const HOLDERS_OF: &str =
    "select distinct recipe_food_id, food_id from recipe_ingredient where food_id in (";

const OWN_AMONG: &str = "select food_id from food where owner_user_id is not null and food_id in (";

const SERVINGS_OF: &str = "select food_id, servings from food where food_id in (";

const OWN_RECIPE: &str = concat!(
    "select ",
    food_columns!(),
    " from food where food_id = $1 \
     and owner_user_id = $2 and source = 'recipe' and deleted_at is null"
);

const OWN_RECIPES: &str = concat!(
    "select ",
    food_columns!(),
    " from food where owner_user_id = $1 and source = 'recipe' and deleted_at is null \
     order by food_id desc limit $2 offset $3"
);

const OWN_RECIPE_COUNT: &str = "select count(*) from food where owner_user_id = $1 \
     and source = 'recipe' and deleted_at is null";

const DELETE_INGREDIENTS: &str = "delete from recipe_ingredient where recipe_food_id = $1";

const INSERT_INGREDIENTS: &str = "insert into recipe_ingredient \
     (recipe_food_id, position, food_id, quantity, amount) ";

/// A recipe's food; its values are worked out from the ingredients once they are stored.
const INSERT_RECIPE_FOOD: &str = "insert into food (source, owner_user_id, name, name_zh, \
     calories, portions, description, data_quality, servings, created_at, updated_at, \
     changed_ms) values ($1, $2, $3, $4, 0, $5, $6, $7, $8, $9, $9, $10) returning food_id";

const RENAME_RECIPE: &str = "update food set name = $2, name_zh = $3, description = $4, \
     servings = $5 where food_id = $1";

/// Every recipe above some roots (pushed after it), and the pairs they hold: `union`
/// keeps a recipe found twice (or round a loop in a damaged database) once.
const ABOVE_FROM: &str = "with recursive above(id) as \
     (select recipe_ingredient.recipe_food_id from recipe_ingredient ";
const ABOVE_FOOD: &str = "where recipe_ingredient.food_id = ";
/// Recipes themselves are reached from the foods inside them.
const ABOVE_CHANGED_SINCE: &str = "join food on food.food_id = recipe_ingredient.food_id \
     where food.source <> 'recipe' and food.changed_ms >= ";
const ABOVE_PAIRS: &str = " union select recipe_ingredient.recipe_food_id \
     from recipe_ingredient join above on recipe_ingredient.food_id = above.id) \
     select distinct recipe_food_id, food_id from recipe_ingredient \
     where recipe_food_id in (select id from above)";

/// Stores worked-out values, a row per recipe; `updated_at` and `changed_ms` are pushed
/// after it.
const STORE_WORKED: &str = "update food set calories = worked.column2, \
     protein = worked.column3, fat = worked.column4, carbs = worked.column5, \
     fiber = worked.column6, sugar = worked.column7, sodium = worked.column8, \
     portions = worked.column9, micronutrients = worked.column10, updated_at = ";

/// Works out again every recipe above `food`, each once and after the ones it holds,
/// within the caller's transaction. Returns how many. For recipes built within the
/// bounds that is at most `MAX_RECIPES_ABOVE` above one of the owner's foods; a graph
/// built before the bounds is still worked out whole, each recipe once.
pub(super) async fn refresh_above(conn: &mut Connection, food: i64) -> Result<usize, StoreError> {
    let links = links_above(conn, Roots::Food(food)).await?;
    rework(conn, &in_dependency_order(&links)).await
}

/// Every recipe above `roots`, each once, and the (recipe, part) pairs they hold, in one
/// query.
async fn links_above(conn: &mut Connection, roots: Roots) -> Result<Vec<(i64, i64)>, StoreError> {
    let mut b: QueryBuilder<DB> = QueryBuilder::new(ABOVE_FROM);
    match roots {
        Roots::Food(id) => b.push(ABOVE_FOOD).push_bind(id),
        Roots::ChangedSince(ms) => b.push(ABOVE_CHANGED_SINCE).push_bind(ms),
    };
    b.push(ABOVE_PAIRS);
    Ok(b.build_query_as().fetch_all(&mut *conn).await?)
}

/// Works out `order` (each after the recipes among them that it holds) from their
/// ingredients as they are now, each once, and stores the values: two queries read them
/// all, one statement a hundred stores them. Returns how many.
async fn rework(conn: &mut Connection, order: &[i64]) -> Result<usize, StoreError> {
    let mut parts: HashMap<i64, Vec<(i64, Nutrients, Micronutrients, f64)>> = HashMap::new();
    let mut servings: HashMap<i64, f64> = HashMap::new();
    for chunk in order.chunks(IDS_PER_QUERY) {
        let mut b: QueryBuilder<DB> = QueryBuilder::new(INGREDIENTS_OF);
        push_list(&mut b, chunk);
        b.push(IN_RECIPE_ORDER);
        let rows: Vec<IngredientRow> = b.build_query_as().fetch_all(&mut *conn).await?;
        for row in rows {
            let recipe = row.recipe_food_id;
            let i = Ingredient::try_from(row)?;
            parts.entry(recipe).or_default().push((
                i.food_id,
                i.per_100g,
                i.micronutrients,
                i.quantity.get(),
            ));
        }
        let mut b: QueryBuilder<DB> = QueryBuilder::new(SERVINGS_OF);
        push_list(&mut b, chunk);
        b.push(")");
        let rows: Vec<(i64, Option<f64>)> = b.build_query_as().fetch_all(&mut *conn).await?;
        servings.extend(rows.into_iter().map(|(id, s)| (id, s.unwrap_or(1.0))));
    }
    let mut worked: HashMap<i64, (Nutrients, Micronutrients)> = HashMap::with_capacity(order.len());
    let mut values = Vec::with_capacity(order.len());
    for &id in order {
        // A part worked out here has its new values; any other, its stored ones.
        let of_parts: Vec<(Nutrients, Micronutrients, f64)> = parts
            .get(&id)
            .into_iter()
            .flatten()
            .map(|(food, per_100g, micro, grams)| {
                let (n, m) = worked.get(food).copied().unwrap_or((*per_100g, *micro));
                (n, m, *grams)
            })
            .collect();
        let macros: Vec<(Nutrients, f64)> = of_parts.iter().map(|(n, _, g)| (*n, *g)).collect();
        let micro: Vec<(Micronutrients, f64)> = of_parts.iter().map(|(_, m, g)| (*m, *g)).collect();
        let (n, serving) = recipe_values(servings.get(&id).copied().unwrap_or(1.0), &macros);
        // A user's recipe weighs what its ingredients weigh, as for its macronutrients.
        let total: f64 = macros.iter().map(|(_, g)| g).sum();
        let m = Micronutrients::cooked(&micro, total);
        worked.insert(id, (n, m));
        values.push((id, n, m, portions_json(std::slice::from_ref(&serving))));
    }
    let now = Utc::now();
    for chunk in values.chunks(UPDATES_PER_QUERY) {
        let mut b: QueryBuilder<DB> = QueryBuilder::new(STORE_WORKED);
        b.push_bind(now)
            .push(", changed_ms = ")
            .push_bind(now_ms(now))
            .push(" from (");
        b.push_values(chunk, |mut row, (id, n, micro, portions)| {
            row.push_bind(*id);
            push_nutrients(&mut row, n);
            row.push_bind(portions.clone()).push_bind(micro.to_column());
        });
        b.push(") as worked where food.food_id = worked.column1");
        b.build().execute(&mut *conn).await?;
    }
    Ok(order.len())
}

/// (recipe, part) pairs, each once, from `query` (`PARTS_OF` or `HOLDERS_OF`) over `ids`.
async fn links(
    conn: &mut Connection,
    query: &'static str,
    ids: &[i64],
) -> Result<Vec<(i64, i64)>, StoreError> {
    let mut links = Vec::new();
    for chunk in ids.chunks(IDS_PER_QUERY) {
        let mut b: QueryBuilder<DB> = QueryBuilder::new(query);
        push_list(&mut b, chunk);
        b.push(")");
        let found: Vec<(i64, i64)> = b.build_query_as().fetch_all(&mut *conn).await?;
        links.extend(found);
    }
    Ok(links)
}

/// The (recipe, part) pairs above `foods`, a level a query, each recipe walked once;
/// `None` as soon as more than `limit` recipes are found.
async fn links_above_within(
    conn: &mut Connection,
    foods: &[i64],
    limit: usize,
) -> Result<Option<Vec<(i64, i64)>>, StoreError> {
    let mut seen: HashSet<i64> = foods.iter().copied().collect();
    let mut frontier: Vec<i64> = seen.iter().copied().collect();
    let mut found_above = 0;
    let mut links_found = Vec::new();
    while !frontier.is_empty() {
        let found = links(conn, HOLDERS_OF, &frontier).await?;
        frontier.clear();
        for (recipe, part) in found {
            if seen.insert(recipe) {
                found_above += 1;
                frontier.push(recipe);
            }
            links_found.push((recipe, part));
        }
        if found_above > limit {
            return Ok(None);
        }
    }
    Ok(Some(links_found))
}

/// The custom foods and recipes among `ids`: users' own, not the shared ones.
async fn own_among(conn: &mut Connection, ids: &[i64]) -> Result<Vec<i64>, StoreError> {
    let mut own = Vec::new();
    for chunk in ids.chunks(IDS_PER_QUERY) {
        let mut b: QueryBuilder<DB> = QueryBuilder::new(OWN_AMONG);
        push_list(&mut b, chunk);
        b.push(")");
        let found: Vec<(i64,)> = b.build_query_as().fetch_all(&mut *conn).await?;
        own.extend(found.into_iter().map(|(id,)| id));
    }
    Ok(own)
}

/// Refuses a recipe holding `ingredients` (`editing`, or a new one) that would contain
/// itself or go beyond the bounds of `models::recipe`. Every walk stops at a bound, so
/// this reads a number of rows those bounds fix, whatever the owner has built.
async fn check_shape(
    conn: &mut Connection,
    editing: Option<i64>,
    ingredients: &[i64],
) -> Result<(), StoreError> {
    let mut parts: HashSet<i64> = ingredients.iter().copied().collect();
    if editing.is_some_and(|id| parts.contains(&id)) {
        return Err(RecipeRefused::Cycle.into());
    }
    // Down, a level a query: a part found under level n makes the recipe n + 1 levels
    // deep at least.
    let mut holds: HashMap<i64, Vec<i64>> = HashMap::new();
    let mut frontier: Vec<i64> = parts.iter().copied().collect();
    let mut level = 1;
    while !frontier.is_empty() {
        let found = links(conn, PARTS_OF, &frontier).await?;
        if !found.is_empty() && level + 1 > MAX_RECIPE_DEPTH {
            return Err(RecipeRefused::TooDeep.into());
        }
        frontier.clear();
        for (recipe, part) in found {
            if Some(part) == editing {
                return Err(RecipeRefused::Cycle.into());
            }
            holds.entry(recipe).or_default().push(part);
            if parts.insert(part) {
                frontier.push(part);
            }
        }
        if parts.len() > MAX_RECIPE_PARTS {
            return Err(RecipeRefused::TooLarge.into());
        }
        level += 1;
    }
    // A chain may be longer than the level it was first reached at.
    let depth = 1 + ingredients
        .iter()
        .map(|part| longest_chain(*part, &holds))
        .max()
        .unwrap_or(0);
    if depth > MAX_RECIPE_DEPTH {
        return Err(RecipeRefused::TooDeep.into());
    }
    // Up, from the owner's foods and recipes inside it and from the recipe itself: after
    // this write each is inside the recipes found, and this one.
    let parts: Vec<i64> = parts.into_iter().collect();
    let mut starts = own_among(conn, &parts).await?;
    starts.extend(editing);
    let Some(links) = links_above_within(conn, &starts, MAX_RECIPES_ABOVE).await? else {
        return Err(RecipeRefused::TooShared.into());
    };
    let mut above: HashSet<i64> = links.iter().map(|(recipe, _)| *recipe).collect();
    // This recipe is above them too; a new one has no id yet, and 0 stands for it.
    above.insert(editing.unwrap_or(0));
    if above.len() > MAX_RECIPES_ABOVE {
        return Err(RecipeRefused::TooShared.into());
    }
    // The recipes above the one replaced get deeper with it.
    if let Some(id) = editing {
        let mut held_by: HashMap<i64, Vec<i64>> = HashMap::new();
        for (recipe, part) in links {
            held_by.entry(part).or_default().push(recipe);
        }
        if depth + longest_chain(id, &held_by) > MAX_RECIPE_DEPTH {
            return Err(RecipeRefused::TooDeep.into());
        }
    }
    Ok(())
}

/// The recipes of `rows` (recipe foods) with their ingredients in order.
async fn assemble(conn: &mut Connection, rows: Vec<FoodRow>) -> Result<Vec<Recipe>, StoreError> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<i64> = rows.iter().map(|row| row.food_id).collect();
    let mut b: QueryBuilder<DB> = QueryBuilder::new(INGREDIENTS_OF);
    push_list(&mut b, &ids);
    b.push(IN_RECIPE_ORDER);
    let found: Vec<IngredientRow> = b.build_query_as().fetch_all(&mut *conn).await?;
    let mut by_recipe: HashMap<i64, Vec<Ingredient>> = HashMap::new();
    for row in found {
        let id = row.recipe_food_id;
        by_recipe.entry(id).or_default().push(row.try_into()?);
    }
    rows.into_iter()
        .map(|row| {
            let ingredients = by_recipe.remove(&row.food_id).unwrap_or_default();
            Ok(Recipe {
                food: Food::try_from(row)?,
                ingredients,
            })
        })
        .collect()
}

/// The owner's live recipe `id`, with its ingredients.
async fn own_recipe(
    conn: &mut Connection,
    owner: UserId,
    id: i64,
) -> Result<Option<Recipe>, StoreError> {
    let Some(row) = own_row(conn, owner, id).await? else {
        return Ok(None);
    };
    Ok(assemble(conn, vec![row]).await?.pop())
}

async fn own_row(
    conn: &mut Connection,
    owner: UserId,
    id: i64,
) -> Result<Option<FoodRow>, StoreError> {
    Ok(sqlx::query_as(OWN_RECIPE)
        .bind(id)
        .bind(owner.get())
        .fetch_optional(&mut *conn)
        .await?)
}

async fn write_ingredients(
    conn: &mut Connection,
    id: i64,
    recipe: &NewRecipe,
) -> Result<(), StoreError> {
    sqlx::query(DELETE_INGREDIENTS)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    let mut b: QueryBuilder<DB> = QueryBuilder::new(INSERT_INGREDIENTS);
    b.push_values(
        recipe.ingredients.iter().zip(0_i64..),
        |mut row, (i, position)| {
            row.push_bind(id)
                .push_bind(position)
                .push_bind(i.food_id)
                .push_bind(i.quantity.get())
                .push_bind(i.amount.clone());
        },
    );
    b.build().execute(&mut *conn).await?;
    Ok(())
}

async fn lock_owner(conn: &mut Connection, owner: UserId) -> Result<(), StoreError> {
    if let Some(sql) = DB::LOCK_OWNER {
        sqlx::query(sql)
            .bind(owner.get())
            .fetch_optional(&mut *conn)
            .await?;
    }
    Ok(())
}

#[async_trait]
impl RecipeStore for SqlRecipes {
    #[tracing::instrument(skip_all, fields(owner = recipe.owner.get()), level = "debug")]
    async fn create(&self, recipe: &NewRecipe) -> Result<Recipe, StoreError> {
        let mut tx = self.0.begin_with(DB::BEGIN_WRITE).await?;
        lock_owner(&mut tx, recipe.owner).await?;
        let parts: Vec<i64> = recipe.ingredients.iter().map(|i| i.food_id).collect();
        check_shape(&mut tx, None, &parts).await?;
        let food = recipe_food(
            recipe.owner,
            &recipe.name,
            recipe.name_zh.as_deref(),
            recipe.servings,
            recipe.notes.as_deref(),
            &[],
        );
        let now = Utc::now();
        let (id,): (i64,) = sqlx::query_as(INSERT_RECIPE_FOOD)
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
        write_ingredients(&mut tx, id, recipe).await?;
        rework(&mut tx, &[id]).await?;
        let made = own_recipe(&mut tx, recipe.owner, id)
            .await?
            .ok_or(StoreError::NotFound)?;
        tx.commit().await?;
        Ok(made)
    }

    #[tracing::instrument(skip_all, fields(owner = owner.get(), id = id), level = "debug")]
    async fn get(&self, owner: UserId, id: i64) -> Result<Option<Recipe>, StoreError> {
        let mut conn = self.0.acquire().await?;
        own_recipe(&mut conn, owner, id).await
    }

    #[tracing::instrument(
        skip_all,
        fields(owner = owner.get(), offset = offset, limit = limit),
        level = "debug"
    )]
    async fn list(
        &self,
        owner: UserId,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<Recipe>, i64), StoreError> {
        let mut conn = self.0.acquire().await?;
        let rows: Vec<FoodRow> = sqlx::query_as(OWN_RECIPES)
            .bind(owner.get())
            .bind(limit)
            .bind(offset)
            .fetch_all(&mut *conn)
            .await?;
        let (total,): (i64,) = sqlx::query_as(OWN_RECIPE_COUNT)
            .bind(owner.get())
            .fetch_one(&mut *conn)
            .await?;
        Ok((assemble(&mut conn, rows).await?, total))
    }

    #[tracing::instrument(skip_all, fields(owner = owner.get(), id = id), level = "debug")]
    async fn replace(
        &self,
        owner: UserId,
        id: i64,
        recipe: &NewRecipe,
    ) -> Result<Option<Recipe>, StoreError> {
        let mut tx = self.0.begin_with(DB::BEGIN_WRITE).await?;
        lock_owner(&mut tx, owner).await?;
        if own_row(&mut tx, owner, id).await?.is_none() {
            return Ok(None);
        }
        let parts: Vec<i64> = recipe.ingredients.iter().map(|i| i.food_id).collect();
        check_shape(&mut tx, Some(id), &parts).await?;
        // Names and servings here; the values are worked out below.
        sqlx::query(RENAME_RECIPE)
            .bind(id)
            .bind(&recipe.name)
            .bind(&recipe.name_zh)
            .bind(&recipe.notes)
            .bind(recipe.servings)
            .execute(&mut *tx)
            .await?;
        write_ingredients(&mut tx, id, recipe).await?;
        rework(&mut tx, &[id]).await?;
        refresh_above(&mut tx, id).await?;
        let made = own_recipe(&mut tx, owner, id)
            .await?
            .ok_or(StoreError::NotFound)?;
        tx.commit().await?;
        Ok(Some(made))
    }

    #[tracing::instrument(skip_all, fields(owner = owner.get(), id = id), level = "debug")]
    async fn delete(&self, owner: UserId, id: i64) -> Result<bool, StoreError> {
        mark_deleted(&self.0, id, owner, FoodSource::Recipe).await
    }

    #[tracing::instrument(skip_all, fields(since_ms = since_ms), level = "debug")]
    async fn refresh_changed_since(&self, since_ms: i64) -> Result<usize, StoreError> {
        // Finding them only reads; the write lock is held a chunk of recipes at a time,
        // children before the recipes that hold them, so each chunk reads parts already
        // stored.
        let mut conn = self.0.acquire().await?;
        let links = links_above(&mut conn, Roots::ChangedSince(since_ms)).await?;
        drop(conn);
        let order = in_dependency_order(&links);
        for chunk in order.chunks(REWORK_PER_TRANSACTION) {
            let mut tx = self.0.begin_with(DB::BEGIN_WRITE).await?;
            rework(&mut tx, chunk).await?;
            tx.commit().await?;
        }
        Ok(order.len())
    }
}
