//! A consistent copy of a live SQLite database, taken while the bot runs.

use super::{Backend, Db, Error};

/// Writes a consistent copy of the database to the new file `path` with `VACUUM INTO`: one
/// read transaction, so the copy is the database as of one instant, while the bot goes on
/// writing (WAL lets readers and the writer work at once). The copy is compact and opens as
/// an ordinary SQLite database.
///
/// # Errors
/// A PostgreSQL database (use `pg_dump`), a `path` that exists already, or a failed write.
pub async fn backup(db: &Db, path: &str) -> Result<(), Error> {
    if db.backend() == Backend::Postgres {
        return Err(Error::Configuration(
            "backup copies a SQLite database; back PostgreSQL up with pg_dump".into(),
        ));
    }
    sqlx::query("VACUUM INTO $1")
        .bind(path)
        .execute(&mut *db.read().await?)
        .await?;
    Ok(())
}
