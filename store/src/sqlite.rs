//! The stores on SQLite: each store's file, shared with [`super::postgres`], compiled
//! with `DB` the SQLite engine. Concrete, the SQL calls need no list of what the
//! engine must bind and decode; where the engines differ is [`Engine`]'s constants.
#![allow(
    clippy::duplicate_mod,
    reason = "each store's source is compiled once per engine, on purpose"
)]

use super::*;

type DB = sqlx::Sqlite;
type Connection = <DB as sqlx::Database>::Connection;

#[path = "food_rows.rs"]
mod food_rows;
#[path = "foods.rs"]
mod foods;
#[path = "idempotency.rs"]
mod idempotency;
#[path = "images.rs"]
mod images;
#[path = "jobs.rs"]
mod jobs;
#[path = "meals.rs"]
pub(super) mod meals;
#[path = "open.rs"]
pub(super) mod open;
#[path = "recipes.rs"]
mod recipes;
#[path = "users.rs"]
mod users;
#[path = "weights.rs"]
mod weights;
