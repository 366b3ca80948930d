//! What the sweeps and the computer claim from the `games` table: losses on time, reminders
//! and the computer's turns. Each claim is taken once however many processes ask; on
//! PostgreSQL none waits for a row another process holds.

use sqlx::Row;

use super::games::{GameRow, decode, decode_all, game_columns, games_and_players, select_games};
use super::{Backend, Conn, Error, db_id};
use crate::model::{GameId, UserId};

/// A turn the computer owes, as [`computer_turns`] finds it.
#[derive(Debug, Clone, PartialEq)]
pub struct OwedTurn {
    /// The game, the computer to move.
    pub game: GameRow,
    /// The notation of the move at the game's ply (the last one played), if any.
    pub last_move: Option<String>,
}

/// The statement of [`computer_turns`]: `$1` the computer, `$2` now, `$3` the limit. On
/// PostgreSQL a game whose row another transaction holds (its turn being claimed, a move being
/// stored) is skipped: somebody is at it.
pub(super) fn computer_turns_sql(backend: Backend) -> &'static str {
    macro_rules! owed_turns {
        ($($lock:literal)?) => {
            concat!(
                "SELECT ", game_columns!(), ", m.notation AS last_move", games_and_players!(),
                "LEFT JOIN moves m ON m.game_id = g.id AND m.ply = g.ply
                 WHERE g.status = 'active' AND g.ai_level IS NOT NULL AND g.to_move_id = $1
                   AND (g.computer_ply IS NULL OR g.computer_ply <> g.ply
                        OR g.computer_lease_ms <= $2)
                 ORDER BY g.id LIMIT $3", $($lock)?
            )
        };
    }
    match backend {
        Backend::Sqlite => owed_turns!(),
        Backend::Postgres => owed_turns!(" FOR NO KEY UPDATE OF g SKIP LOCKED"),
    }
}

/// Up to `limit` active games against the computer `bot` where it is to move and no process
/// holds a live claim of its turn ([`claim_computer_turn`]), oldest first, each with its last
/// move. Read through the index of the player to move in games against the computer, so its
/// cost follows the turns owed, not the games played.
///
/// # Errors
/// Database failure or a row that can't be read back.
pub async fn computer_turns(
    conn: &mut Conn,
    bot: UserId,
    now: i64,
    limit: u32,
) -> Result<Vec<OwedTurn>, Error> {
    let rows = sqlx::query(computer_turns_sql(Backend::of(conn)))
        .bind(db_id(bot.0))
        .bind(now)
        .bind(i64::from(limit))
        .fetch_all(conn)
        .await?;
    rows.iter()
        .map(|row| {
            Ok(OwedTurn {
                game: decode(row)?,
                last_move: row.try_get("last_move")?,
            })
        })
        .collect()
}

/// Claims the computer's turn at `ply` of the active game `id` for `lease_ms` from `now`:
/// `false` if the game is no longer at that ply, or another claim of that ply is still in
/// its lease. One statement, so of several processes asking at once exactly one gets it; on
/// PostgreSQL one that finds the game's row held by another claim gives up at once.
///
/// # Errors
/// Database failure.
pub async fn claim_computer_turn(
    conn: &mut Conn,
    id: GameId,
    ply: u32,
    now: i64,
    lease_ms: i64,
) -> Result<bool, Error> {
    macro_rules! claim {
        ($($lock:literal)?) => {
            concat!(
                "UPDATE games SET computer_ply = $2, computer_lease_ms = $3 + $4
                 WHERE id = (
                     SELECT id FROM games
                     WHERE id = $1 AND ply = $2 AND status = 'active'
                       AND (computer_ply IS NULL OR computer_ply <> $2 OR computer_lease_ms <= $3)",
                $($lock,)?
                ")"
            )
        };
    }
    let sql = match Backend::of(conn) {
        Backend::Sqlite => claim!(),
        Backend::Postgres => claim!(" FOR NO KEY UPDATE SKIP LOCKED"),
    };
    let done = sqlx::query(sql)
        .bind(id.0)
        .bind(i64::from(ply))
        .bind(now)
        .bind(lease_ms)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// The statement of [`claim_reminders`]: `$1` now. On PostgreSQL the games another
/// transaction holds are skipped (another sweeper's claim, or a move being stored, which sets
/// the next reminder anyway). The unary `+` keeps the deadline's index out of it (few
/// reminders are due while most deadlines are ahead): the games are found by reminder time.
pub(super) fn claim_reminders_sql(backend: Backend) -> &'static str {
    macro_rules! claim {
        ($($lock:literal)?) => {
            concat!(
                "UPDATE games SET remind_ms = NULL
                 WHERE id IN (
                     SELECT id FROM games
                     WHERE status = 'active' AND remind_ms <= $1 AND +deadline_ms > $1",
                $($lock,)?
                ") RETURNING id"
            )
        };
    }
    match backend {
        Backend::Sqlite => claim!(),
        Backend::Postgres => claim!(" FOR NO KEY UPDATE SKIP LOCKED"),
    }
}

/// Clears the pending reminder of every active game whose reminder time has come and whose
/// deadline has not passed yet, and returns those games' ids: each reminder is claimed once,
/// however many sweepers ask, and none waits for another's claim. A move sets the next
/// reminder.
///
/// # Errors
/// Database failure.
pub async fn claim_reminders(conn: &mut Conn, now: i64) -> Result<Vec<GameId>, Error> {
    let mut ids: Vec<i64> = sqlx::query_scalar(claim_reminders_sql(Backend::of(conn)))
        .bind(now)
        .fetch_all(conn)
        .await?;
    ids.sort_unstable();
    Ok(ids.into_iter().map(GameId).collect())
}

/// The statement of [`due_games`]: `$1` now.
pub(super) const DUE_GAMES: &str =
    select_games!("WHERE g.status = 'active' AND g.deadline_ms <= $1 ORDER BY g.deadline_ms, g.id");

/// Active games whose move deadline is at or before `now`, earliest first. Each is then
/// settled in a transaction of its own that claims it ([`claim_due_game`]).
///
/// # Errors
/// Database failure or a row that can't be read back.
pub async fn due_games(conn: &mut Conn, now: i64) -> Result<Vec<GameRow>, Error> {
    let rows = sqlx::query(DUE_GAMES).bind(now).fetch_all(conn).await?;
    decode_all(&rows)
}

/// Claims the game `id`, in the caller's transaction, to settle it on time: `true` if it is
/// still active at `ply` with its deadline at or before `now`. On PostgreSQL its row is held
/// until the transaction ends, and a row another transaction holds is not waited for:
/// `false` (another process is settling it, or a move is being stored).
///
/// # Errors
/// Database failure.
pub async fn claim_due_game(tx: &mut Conn, id: GameId, ply: u32, now: i64) -> Result<bool, Error> {
    macro_rules! claim {
        ($($lock:literal)?) => {
            concat!(
                "SELECT id FROM games
                 WHERE id = $1 AND ply = $2 AND status = 'active' AND deadline_ms <= $3",
                $($lock)?
            )
        };
    }
    let sql = match Backend::of(tx) {
        Backend::Sqlite => claim!(),
        Backend::Postgres => claim!(" FOR NO KEY UPDATE SKIP LOCKED"),
    };
    let claimed: Option<i64> = sqlx::query_scalar(sql)
        .bind(id.0)
        .bind(i64::from(ply))
        .bind(now)
        .fetch_optional(tx)
        .await?;
    Ok(claimed.is_some())
}
