//! The schema: one folder of migrations per engine, applied at start, and the refusal to
//! open a database that a newer build has migrated further.

use sqlx::migrate::Migrator;
use sqlx::{AnyConnection, AnyPool, Connection};

use super::{Backend, Conn, Db, Error};

/// SQLite's migrations, embedded from `migrations/sqlite/`.
static SQLITE: Migrator = sqlx::migrate!("migrations/sqlite");
/// PostgreSQL's, from `migrations/postgres/`: the same versions from 6 on.
static POSTGRES: Migrator = sqlx::migrate!("migrations/postgres");

/// Why a database's schema can't be used.
#[derive(Debug, thiserror::Error)]
pub enum SchemaError {
    /// A newer build migrated it further than this one knows.
    #[error(
        "the database's schema is at version {found}, newer than this build of monkey-queen \
         knows (version {known}): run the newer build, or restore a backup made before it"
    )]
    Newer {
        /// The version the database is at.
        found: i64,
        /// The newest version this build has.
        known: i64,
    },
}

/// The migrations of `backend`.
#[must_use]
pub fn migrator(backend: Backend) -> &'static Migrator {
    match backend {
        Backend::Sqlite => &SQLITE,
        Backend::Postgres => &POSTGRES,
    }
}

/// The newest migration applied to the database, or `None` for a database never migrated.
///
/// # Errors
/// Database failure.
pub async fn schema_version(conn: &mut Conn) -> Result<Option<i64>, Error> {
    let exists = match Backend::of(conn) {
        Backend::Sqlite => {
            "SELECT COUNT(*) FROM sqlite_master \
                            WHERE type = 'table' AND name = '_sqlx_migrations'"
        }
        Backend::Postgres => {
            "SELECT COUNT(*) FROM information_schema.tables \
                              WHERE table_schema = current_schema() \
                                AND table_name = '_sqlx_migrations'"
        }
    };
    let tables: i64 = sqlx::query_scalar(exists).fetch_one(&mut *conn).await?;
    if tables == 0 {
        return Ok(None);
    }
    sqlx::query_scalar("SELECT MAX(version) FROM _sqlx_migrations WHERE success")
        .fetch_one(conn)
        .await
}

/// Where a database's schema stands against this build's migrations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SchemaState {
    /// The newest migration applied, `None` for a database never migrated.
    pub found: Option<i64>,
    /// The newest migration this build has.
    pub known: i64,
}

impl SchemaState {
    /// Whether the database has exactly this build's migrations.
    #[must_use]
    pub fn is_current(&self) -> bool {
        self.found == Some(self.known)
    }
}

/// Where the database's schema stands, read on a reading connection: it also tells that the
/// database answers.
///
/// # Errors
/// The database could not be reached.
pub async fn schema_state(db: &Db) -> Result<SchemaState, Error> {
    let backend = db.backend();
    let known = migrator(backend)
        .iter()
        .map(|m| m.version)
        .max()
        .unwrap_or(0);
    let found = schema_version(&mut *db.read().await?).await?;
    Ok(SchemaState { found, known })
}

/// Where the schema of the database at `url` stands, read on one connection of its own and
/// without migrating it (nor creating a SQLite file that is missing): what `monkey-queen
/// doctor` reports.
///
/// # Errors
/// A malformed URL, or a database that can't be opened or read.
pub async fn inspect(url: &str) -> Result<SchemaState, Error> {
    sqlx::any::install_default_drivers();
    let backend = Backend::of_url(url)?;
    let mut conn = AnyConnection::connect(url).await?;
    let found = schema_version(&mut conn).await;
    conn.close().await?;
    let known = migrator(backend)
        .iter()
        .map(|m| m.version)
        .max()
        .unwrap_or(0);
    Ok(SchemaState {
        found: found?,
        known,
    })
}

/// Applies the migrations this database lacks, after checking it is not newer than them.
pub(super) async fn migrate(pool: &AnyPool, backend: Backend) -> Result<(), Error> {
    let migrator = migrator(backend);
    let known = migrator.iter().map(|m| m.version).max().unwrap_or(0);
    let found = schema_version(&mut *pool.acquire().await?).await?;
    if let Some(found) = found.filter(|&found| found > known) {
        return Err(Error::Configuration(Box::new(SchemaError::Newer {
            found,
            known,
        })));
    }
    migrator.run(pool).await?;
    Ok(())
}
