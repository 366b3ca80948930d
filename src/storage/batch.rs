//! SQLite batches that are transactions of their own: `BEGIN IMMEDIATE`, the statements,
//! `COMMIT`, sent to the connection's thread once. A round trip to that thread is most of what
//! a short statement costs, and the writing connection is held for each one.
//!
//! Several statements in one prepared query is SQLite-only (sqlx calls it deprecated; the
//! tests in `tests/storage.rs` would catch its removal).

use sqlx::any::{AnyArguments, AnyRow};
use sqlx::query::Query;
use sqlx::{Any, Executor};

use super::{Error, Pooled};

/// Runs `batch` (whose SQL opens and commits its own transaction) on `conn` and returns the
/// rows of all its statements, in order.
///
/// If the batch fails, or its future is dropped before it finishes, the transaction it opened
/// may still be open; the connection is then rolled back or, failing that, closed (SQLite
/// rolls back on close) rather than handed back to the pool.
///
/// # Errors
/// The batch's own, and SQLite's busy timeout.
pub(super) async fn run(
    conn: &mut Pooled,
    batch: Query<'_, Any, AnyArguments>,
) -> Result<Vec<AnyRow>, Error> {
    let mut guard = CloseUnlessFinished {
        conn,
        finished: false,
    };
    // `fetch_all`, not `fetch_optional`: the driver stops a batch at the row it was asked
    // for, which would leave the statements after it unrun.
    let result = batch.fetch_all(&mut **guard.conn).await;
    if result.is_ok() || guard.conn.execute(sqlx::query("ROLLBACK")).await.is_ok() {
        guard.finished = true;
    }
    result
}

/// Closes the connection when dropped before the batch using it finished cleanly.
struct CloseUnlessFinished<'a> {
    conn: &'a mut Pooled,
    finished: bool,
}

impl Drop for CloseUnlessFinished<'_> {
    fn drop(&mut self) {
        if !self.finished {
            self.conn.close_on_drop();
        }
    }
}
