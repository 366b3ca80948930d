//! A write transaction that measures how long it held its connection, from its start to its
//! commit or rollback (`monkey_queen_db_write_transaction_seconds`), on either engine.

use std::ops::{Deref, DerefMut};
use std::time::Instant;

use sqlx::{Any, AnyConnection, Database, SqlSafeStr};
use sqlx_core::transaction::TransactionManager;

use super::{Backend, Error, Pooled};

/// The transaction manager of sqlx's `Any` connections, which its `Transaction` is made of.
type Manager = <Any as Database>::TransactionManager;

/// A write transaction (see [`super::Db::begin_write`]) on a connection of its own:
/// statements run on `&mut *tx`; it rolls back when dropped without [`Tx::commit`].
///
/// sqlx's `Transaction` owning its connection would hand it back to the pool, so the
/// transaction is begun, committed and rolled back here with the manager sqlx's own is
/// made of, the same way.
pub struct Tx {
    conn: Pooled,
    open: bool,
    _held: Held,
}

/// Records, when dropped, how long the transaction has been open.
struct Held(Instant);

impl Drop for Held {
    fn drop(&mut self) {
        metrics::histogram!("monkey_queen_db_write_transaction_seconds").record(self.0.elapsed());
    }
}

impl Tx {
    /// Begins a write transaction on the writing connection `conn`: `BEGIN IMMEDIATE` on
    /// SQLite, a plain `BEGIN` on PostgreSQL (see [`super::begin_write`]).
    ///
    /// # Errors
    /// The database could not be reached or stayed locked past the timeout.
    pub(super) async fn begin(conn: Pooled) -> Result<Tx, Error> {
        let statement = match Backend::of(&conn) {
            Backend::Sqlite => Some("BEGIN IMMEDIATE".into_sql_str()),
            Backend::Postgres => None,
        };
        // Open from here, as sqlx's own: if the `BEGIN` fails half-way, the drop rolls back.
        let mut tx = Tx {
            conn,
            open: true,
            _held: Held(Instant::now()),
        };
        Manager::begin(&mut *tx.conn, statement).await?;
        Ok(tx)
    }

    /// Commits the transaction.
    ///
    /// # Errors
    /// The commit failed (the transaction is then rolled back).
    pub async fn commit(mut self) -> Result<(), Error> {
        Manager::commit(&mut *self.conn).await?;
        self.open = false;
        Ok(())
    }

    /// Rolls the transaction back.
    ///
    /// # Errors
    /// The connection failed (the server then drops the transaction itself).
    pub async fn rollback(mut self) -> Result<(), Error> {
        Manager::rollback(&mut *self.conn).await?;
        self.open = false;
        Ok(())
    }
}

impl Drop for Tx {
    fn drop(&mut self) {
        if self.open {
            // Sent at once, or before the connection's next statement, as sqlx's own does.
            Manager::start_rollback(&mut *self.conn);
        }
    }
}

impl Deref for Tx {
    type Target = AnyConnection;

    fn deref(&self) -> &AnyConnection {
        &self.conn
    }
}

impl DerefMut for Tx {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        &mut self.conn
    }
}
