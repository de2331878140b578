//! Fresh databases for tests: a SQLite file in a temporary directory, or a new
//! PostgreSQL database on the server named by `TEST_POSTGRES_URL` (default: the local
//! server's `test` database), dropped again afterwards.
//!
//! A service that cannot be reached makes the test skip with a message, except under
//! `CI=true`, where it fails: CI must run every test.

use std::time::Duration;

use models::{Email, NewUser, UserId, Username};

use crate::{Database, Stores};

// The helpers every test crate uses, with or without a database.
pub use models::testing::{csv_records, in_ci, shared_data, unavailable};

/// Runs each listed `async fn(Stores)` case once on SQLite and once on PostgreSQL:
/// one contract for both implementations of every store.
#[macro_export]
macro_rules! store_contract {
    ($($case:ident),+ $(,)?) => {
        mod sqlite {
            $(#[tokio::test]
            async fn $case() {
                let db = $crate::testing::TestDatabase::sqlite().await;
                super::$case($crate::Stores::new(&db.db)).await;
            })+
        }
        mod postgres {
            $(#[tokio::test]
            async fn $case() {
                let Some(db) = $crate::testing::TestDatabase::postgres().await else { return };
                super::$case($crate::Stores::new(&db.db)).await;
            })+
        }
    };
}

pub const DEFAULT_POSTGRES_URL: &str = "postgres://postgres@127.0.0.1:5432/test";
pub const DEFAULT_REDIS_URL: &str = "redis://127.0.0.1:6379";

/// Which engine a test suite runs on: `TEST_ENGINE=postgres` runs the suites on
/// PostgreSQL (and, for the API, Redis); the default is SQLite.
pub fn engine_under_test() -> crate::Engine {
    match std::env::var("TEST_ENGINE").as_deref() {
        Ok("postgres") => crate::Engine::Postgres,
        _ => crate::Engine::Sqlite,
    }
}

pub fn postgres_admin_url() -> String {
    std::env::var("TEST_POSTGRES_URL").unwrap_or_else(|_| DEFAULT_POSTGRES_URL.into())
}

pub fn redis_url() -> String {
    std::env::var("TEST_REDIS_URL").unwrap_or_else(|_| DEFAULT_REDIS_URL.into())
}

/// A migrated database that exists for one test.
pub struct TestDatabase {
    pub url: String,
    pub db: Database,
    _dir: Option<tempfile::TempDir>,
    drop_postgres: Option<(String, String)>,
}

impl TestDatabase {
    pub async fn sqlite() -> Self {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let url = format!("sqlite://{}", dir.path().join("test.db").display());
        let db = Database::connect(&url).await.expect("sqlite opens");
        db.migrate().await.expect("sqlite migrates");
        TestDatabase {
            url,
            db,
            _dir: Some(dir),
            drop_postgres: None,
        }
    }

    /// A new PostgreSQL database, or `None` (after `unavailable`) when the server
    /// cannot be reached.
    pub async fn postgres() -> Option<Self> {
        let admin_url = postgres_admin_url();
        let admin =
            match tokio::time::timeout(Duration::from_secs(5), sqlx::PgPool::connect(&admin_url))
                .await
            {
                Ok(Ok(pool)) => pool,
                _ => {
                    unavailable(&format!("PostgreSQL at {}", crate::db::redact(&admin_url)));
                    return None;
                }
            };
        let name = format!("calorie_test_{}", uuid::Uuid::new_v4().simple());
        sqlx::raw_sql(sqlx::AssertSqlSafe(format!("create database {name}")))
            .execute(&admin)
            .await
            .expect("create a test database");
        admin.close().await;
        let url = with_database(&admin_url, &name);
        let db = Database::connect(&url).await.expect("postgres opens");
        db.migrate().await.expect("postgres migrates");
        Some(TestDatabase {
            url,
            db,
            _dir: None,
            drop_postgres: Some((admin_url, name)),
        })
    }

    /// The engine chosen by `TEST_ENGINE`.
    pub async fn under_test() -> Option<Self> {
        match engine_under_test() {
            crate::Engine::Sqlite => Some(Self::sqlite().await),
            crate::Engine::Postgres => Self::postgres().await,
        }
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        let Some((admin_url, name)) = self.drop_postgres.take() else {
            return;
        };
        // Drop cannot await; a short-lived runtime on its own thread does the cleanup.
        let _ = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("a cleanup runtime");
            runtime.block_on(async {
                if let Ok(admin) = sqlx::PgPool::connect(&admin_url).await {
                    let sql = format!("drop database if exists {name} with (force)");
                    let _ = sqlx::raw_sql(sqlx::AssertSqlSafe(sql))
                        .execute(&admin)
                        .await;
                    admin.close().await;
                }
            });
        })
        .join();
    }
}

/// The same server URL with another database name.
fn with_database(url: &str, database: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((base, query)) => (base, Some(query)),
        None => (url, None),
    };
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let base = match base[scheme_end..].find('/') {
        Some(slash) => &base[..scheme_end + slash],
        None => base,
    };
    match query {
        Some(query) => format!("{base}/{database}?{query}"),
        None => format!("{base}/{database}"),
    }
}

/// A new user named `name` (with the email `name@example.com`) for a store test.
pub async fn user(stores: &Stores, name: &str) -> UserId {
    stores
        .users
        .create(&NewUser {
            username: Username::parse(name).expect("a test username"),
            email: Email::parse(&format!("{name}@example.com")).expect("a test email"),
            nickname: name.into(),
            password_hash: "$argon2id$fake".into(),
        })
        .await
        .expect("the test user is stored")
        .id
}

#[cfg(test)]
mod tests {
    use super::with_database;

    #[test]
    fn swaps_the_database_name() {
        assert_eq!(
            with_database("postgres://u@h:5432/test", "x"),
            "postgres://u@h:5432/x"
        );
        assert_eq!(with_database("postgres://u@h", "x"), "postgres://u@h/x");
        assert_eq!(
            with_database("postgres://u@h/test?sslmode=disable", "x"),
            "postgres://u@h/x?sslmode=disable"
        );
    }
}
