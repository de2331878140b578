//! Connecting to the configured database engine and migrating it.

use std::{path::Path, str::FromStr, time::Duration};

use sqlx::{
    PgPool, SqlitePool,
    migrate::Migrator,
    postgres::PgPoolOptions,
    sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous},
};

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("../migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("../migrations/postgres");

/// Which engine a [`Database`] runs on; the mode of the whole product follows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Engine {
    Sqlite,
    Postgres,
}

impl Engine {
    pub fn as_str(self) -> &'static str {
        match self {
            Engine::Sqlite => "sqlite",
            Engine::Postgres => "postgres",
        }
    }
}

/// A connection pool on one of the two supported engines.
#[derive(Debug, Clone)]
pub enum Database {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

#[derive(Debug, thiserror::Error)]
pub enum DatabaseError {
    #[error("unsupported DATABASE_URL scheme in {0:?}: use sqlite:// or postgres://")]
    UnsupportedUrl(String),
    #[error("cannot create the database directory {path}: {source}")]
    CreateDir {
        path: String,
        source: std::io::Error,
    },
    #[error("database connection failed: {0}")]
    Connect(#[from] sqlx::Error),
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

impl Database {
    /// Connects to `url` (`sqlite://path` or `postgres://…`). A SQLite file and its
    /// directory are created when missing; WAL and a busy timeout let the in-process
    /// workers write while the API reads.
    pub async fn connect(url: &str) -> Result<Self, DatabaseError> {
        if url.starts_with("sqlite:") {
            let options = SqliteConnectOptions::from_str(url)?
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .busy_timeout(Duration::from_secs(5))
                .foreign_keys(true);
            let file = options.get_filename();
            if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty()) {
                create_dir(dir)?;
            }
            let pool = SqlitePoolOptions::new()
                .max_connections(8)
                .connect_with(options)
                .await?;
            Ok(Database::Sqlite(pool))
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            let pool = PgPoolOptions::new()
                .max_connections(16)
                .acquire_timeout(Duration::from_secs(5))
                .connect(url)
                .await?;
            Ok(Database::Postgres(pool))
        } else {
            Err(DatabaseError::UnsupportedUrl(redact(url)))
        }
    }

    pub fn engine(&self) -> Engine {
        match self {
            Database::Sqlite(_) => Engine::Sqlite,
            Database::Postgres(_) => Engine::Postgres,
        }
    }

    /// Applies the product's migrations.
    pub async fn migrate(&self) -> Result<(), DatabaseError> {
        match self {
            Database::Sqlite(pool) => migrator(&SQLITE_MIGRATIONS).run(pool).await?,
            Database::Postgres(pool) => migrator(&POSTGRES_MIGRATIONS).run(pool).await?,
        }
        Ok(())
    }

    /// A cheap round trip, for readiness checks.
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        match self {
            Database::Sqlite(pool) => sqlx::query("select 1").execute(pool).await.map(drop),
            Database::Postgres(pool) => sqlx::query("select 1").execute(pool).await.map(drop),
        }
    }

    pub async fn close(&self) {
        match self {
            Database::Sqlite(pool) => pool.close().await,
            Database::Postgres(pool) => pool.close().await,
        }
    }
}

/// Our migrations keep their own bookkeeping table: the queue library runs its own
/// migrator on the same database and would refuse versions it does not know.
fn migrator(base: &'static Migrator) -> Migrator {
    let mut migrator = Migrator::with_migrations(base.migrations.to_vec());
    migrator.dangerous_set_table_name("_calorie_migrations");
    migrator
}

fn create_dir(dir: &Path) -> Result<(), DatabaseError> {
    std::fs::create_dir_all(dir).map_err(|source| DatabaseError::CreateDir {
        path: dir.display().to_string(),
        source,
    })
}

/// Strips credentials from a URL before it reaches a log or an error message.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme_end), Some(at)) if at > scheme_end => {
            format!("{}://***{}", &url[..scheme_end], &url[at..])
        }
        _ => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::redact;

    #[test]
    fn redact_hides_credentials_only() {
        assert_eq!(
            redact("postgres://u:secret@db:5432/x"),
            "postgres://***@db:5432/x"
        );
        assert_eq!(
            redact("sqlite://data/calorie.db"),
            "sqlite://data/calorie.db"
        );
    }
}
