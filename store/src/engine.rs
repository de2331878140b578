//! Where the two database engines differ, for the stores. Each store is written once
//! and compiled for each engine (see [`super::sqlite`]): the SQL is text both engines
//! accept, and where they differ the difference is a constant of [`Engine`].

use sqlx::{Database, Encode, Postgres, QueryBuilder, Sqlite, Type};

/// SQLite or PostgreSQL, as the stores use them.
pub(crate) trait Engine: Database {
    /// How a transaction that writes begins. SQLite takes the write lock at once
    /// (`BEGIN IMMEDIATE`): a deferred transaction that reads before it writes fails with
    /// SQLITE_BUSY, without waiting, when another writer commits in between.
    const BEGIN_WRITE: &'static str;
    /// Serialises one owner's recipe writes (the owner bound as $1), so two at once
    /// cannot both pass the bounds. SQLite's `BEGIN IMMEDIATE` already lets one writer
    /// in at a time.
    const LOCK_OWNER: Option<&'static str>;
}

impl Engine for Sqlite {
    const BEGIN_WRITE: &'static str = "BEGIN IMMEDIATE";
    const LOCK_OWNER: Option<&'static str> = None;
}

impl Engine for Postgres {
    const BEGIN_WRITE: &'static str = "BEGIN";
    const LOCK_OWNER: Option<&'static str> =
        Some("select user_id from app_user where user_id = $1 for update");
}

/// A value the engine binds to a statement.
pub(crate) trait Bind<DB: Database>: for<'q> Encode<'q, DB> + Type<DB> {}

impl<DB: Database, T: for<'q> Encode<'q, DB> + Type<DB>> Bind<DB> for T {}

/// Appends `values` as a bound list, `a, b, …`, for an `in (…)`.
pub(crate) fn push_list<DB: Database, T: Bind<DB> + Clone>(b: &mut QueryBuilder<DB>, values: &[T]) {
    let mut list = b.separated(", ");
    for value in values {
        list.push_bind(value.clone());
    }
}
