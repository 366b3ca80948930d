//! A write transaction that measures how long it held its connection, from its start to its
//! commit or rollback (`monkey_queen_db_write_transaction_seconds`), on either engine.

use std::ops::{Deref, DerefMut};
use std::time::Instant;

use sqlx::{Any, AnyConnection, Transaction};

use super::Error;

/// A write transaction (see [`super::Db::begin_write`]): statements run on `&mut *tx`; it
/// rolls back when dropped without [`Tx::commit`].
pub struct Tx {
    inner: Transaction<'static, Any>,
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
    /// Wraps a transaction that has just begun.
    pub(super) fn begun(inner: Transaction<'static, Any>) -> Tx {
        Tx {
            inner,
            _held: Held(Instant::now()),
        }
    }

    /// Commits the transaction.
    ///
    /// # Errors
    /// The commit failed (the transaction is then rolled back).
    pub async fn commit(self) -> Result<(), Error> {
        let Tx { inner, _held } = self;
        inner.commit().await
    }

    /// Rolls the transaction back.
    ///
    /// # Errors
    /// The connection failed (the server then drops the transaction itself).
    pub async fn rollback(self) -> Result<(), Error> {
        let Tx { inner, _held } = self;
        inner.rollback().await
    }
}

impl Deref for Tx {
    type Target = AnyConnection;

    fn deref(&self) -> &AnyConnection {
        &self.inner
    }
}

impl DerefMut for Tx {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        &mut self.inner
    }
}
