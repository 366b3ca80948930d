//! The `cooldowns` table: when each player last started each kind of heavy work. Starting one
//! is a single statement, so however many processes are asked at once, one start is let
//! through per cooldown.

use sqlx::Row;

use super::{Conn, Error, db_id, flag};
use crate::model::{Heavy, UserId};

/// What asking to start heavy work did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Started {
    /// It starts now; the cooldown runs from now.
    Now,
    /// Refused: the last start, at this time, is less than a cooldown ago.
    CoolingDown {
        /// When the work was last started.
        since_ms: i64,
    },
}

/// Starts `work` for `user` at `now_ms`, unless they started it less than `cooldown_ms`
/// before. One statement: the row is written either way, with whether this request was let
/// through, and read back.
///
/// # Errors
/// Database failure.
pub async fn start_heavy_work(
    conn: &mut Conn,
    user: UserId,
    work: Heavy,
    now_ms: i64,
    cooldown_ms: i64,
) -> Result<Started, Error> {
    let row = sqlx::query(
        "INSERT INTO cooldowns (user_id, kind, started_ms, granted) VALUES ($1, $2, $3, TRUE)
         ON CONFLICT (user_id, kind) DO UPDATE
         SET granted = cooldowns.started_ms <= excluded.started_ms - $4,
             started_ms = CASE WHEN cooldowns.started_ms <= excluded.started_ms - $4
                               THEN excluded.started_ms ELSE cooldowns.started_ms END
         RETURNING started_ms, CAST(granted AS INTEGER) AS granted",
    )
    .bind(db_id(user.0))
    .bind(work.as_str())
    .bind(now_ms)
    .bind(cooldown_ms)
    .fetch_one(conn)
    .await?;
    if flag(&row, "granted")? {
        Ok(Started::Now)
    } else {
        Ok(Started::CoolingDown {
            since_ms: row.try_get("started_ms")?,
        })
    }
}

/// Deletes every start made at or before `started_by` (they hold nobody back any more);
/// returns how many.
///
/// # Errors
/// Database failure.
pub async fn delete_starts_by(conn: &mut Conn, started_by: i64) -> Result<u64, Error> {
    let done = sqlx::query("DELETE FROM cooldowns WHERE started_ms <= $1")
        .bind(started_by)
        .execute(conn)
        .await?;
    Ok(done.rows_affected())
}
