//! The `moves` table: storing a move together with its game's advance, one compare-and-swap
//! (its board queued in the outbox in the same statements), and reading moves back.

use sqlx::any::{AnyArguments, AnyRow};
use sqlx::query::Query;
use sqlx::{Any, Row};

use super::{Backend, Conn, Error, Pooled, batch, corrupt, db_id, discord_id};
use crate::model::{AnnouncementId, GameId, MoveRecord, UserId};

/// A move to store at `from_ply + 1`, and its effect on the game row; applied only if the game
/// is still active at `from_ply`.
#[derive(Debug, Clone)]
pub struct Advance<'a> {
    /// The game.
    pub id: GameId,
    /// The ply the move was validated against.
    pub from_ply: u32,
    /// The position's text form after the move.
    pub position: &'a str,
    /// Who plays White after the move (a swap exchanges the players).
    pub white: UserId,
    /// Who plays Black after the move.
    pub black: UserId,
    /// Whether this move is the pie rule's swap (R8), which exchanges the players.
    pub swap: bool,
    /// When the move was played.
    pub now: i64,
    /// The next player's deadline.
    pub deadline_ms: Option<i64>,
    /// When to remind the next player.
    pub remind_ms: Option<i64>,
    /// The move in canonical notation (R9.1).
    pub notation: &'a str,
    /// Who played it.
    pub player: UserId,
    /// The caller's idempotency key, if one was given.
    pub request_key: Option<&'a str>,
    /// When the move's board is owed to the outbox (`Owed::Board` at the new ply, queued with
    /// the move), if it is.
    pub board_due_ms: Option<i64>,
    /// In a game against the computer, who is to move after this move (kept in the row, so
    /// [`computer_turns`](super::computer_turns) finds the games where that is the
    /// computer); `None` in other games.
    pub to_move: Option<UserId>,
}

/// What storing a move did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stored {
    /// The game had changed (no longer active at `from_ply`): nothing was written.
    GameChanged,
    /// The move was stored and the game advanced.
    Moved {
        /// The announcement of the move's board, queued when [`Advance::board_due_ms`] asked
        /// for one.
        board: Option<AnnouncementId>,
    },
}

/// The statements that store a move and advance its game, and queue the move's board in the
/// outbox when one is owed, in SQLite's and PostgreSQL's words.
///
/// All are guarded by the same compare-and-swap condition (the game still active at
/// `from_ply`), so either all apply or none does; the `RETURNING` rows say which, and the
/// announcement's id. Only columns that change are written, so untouched indexes are not
/// rewritten: the players change only with a swap (R8), deadlines only in games with a clock,
/// the player to move only in games against the computer.
///
/// SQLite runs the three statements as one batch (inside one transaction, so together), the
/// announcement queued only if the game's update changed its row (`changes()`); PostgreSQL as
/// one statement, the update feeding both inserts through data-modifying `WITH`s, which SQLite
/// does not have.
/// Parameters: $1 game, $2 from_ply, $3 position, $4 now, $5 deadline, $6 reminder,
/// $7 White, $8 Black, $9 notation, $10 player, $11 request key, $12 the board's due time,
/// $13 the player to move next.
macro_rules! move_sql {
    (sqlite, $set:literal) => {
        concat!(
            "INSERT INTO moves (game_id, ply, notation, player_id, played_ms, request_key)
             SELECT id, ply + 1, $9, $10, $4, $11 FROM games
             WHERE id = $1 AND ply = $2 AND status = 'active';
             UPDATE games SET ply = ply + 1, position = $3, last_move_ms = $4",
            $set,
            " WHERE id = $1 AND ply = $2 AND status = 'active' RETURNING ply;
             INSERT INTO announcements (kind, game_id, ply, created_ms, due_ms)
             SELECT 'board', $1, $2 + 1, $4, $12 WHERE $12 IS NOT NULL AND changes() = 1
             RETURNING id AS announcement;"
        )
    };
    (sqlite_own_transaction, $set:literal) => {
        concat!("BEGIN IMMEDIATE;", move_sql!(sqlite, $set), "COMMIT;")
    };
    (postgres, $set:literal) => {
        concat!(
            "WITH advanced AS (
                 UPDATE games SET ply = ply + 1, position = $3, last_move_ms = $4",
            $set,
            " WHERE id = $1 AND ply = $2 AND status = 'active' RETURNING id, ply),
             owed AS (
                 INSERT INTO announcements (kind, game_id, ply, created_ms, due_ms)
                 SELECT 'board', id, ply, $4, $12 FROM advanced WHERE $12 IS NOT NULL
                 RETURNING id)
             INSERT INTO moves (game_id, ply, notation, player_id, played_ms, request_key)
             SELECT id, ply, $9, $10, $4, $11 FROM advanced
             RETURNING ply, (SELECT id FROM owed) AS announcement"
        )
    };
}

/// How a move is sent: inside the caller's transaction, or as a transaction of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Framing {
    InTransaction,
    OwnTransaction,
}

/// The columns a move writes besides its ply, position and time (see [`move_sql!`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Writes {
    /// Nothing else: a game between people without a clock.
    Plain,
    /// The next deadline and reminder.
    Clock,
    /// The player to move, in a game against the computer.
    ToMove,
    /// Both.
    ClockAndToMove,
    /// Everything a swap (R8) may change: the players exchange colours.
    Swap,
}

impl Writes {
    fn of(advance: &Advance<'_>) -> Writes {
        let clock = advance.deadline_ms.is_some() || advance.remind_ms.is_some();
        match (advance.swap, clock, advance.to_move.is_some()) {
            (true, _, _) => Writes::Swap,
            (false, false, false) => Writes::Plain,
            (false, true, false) => Writes::Clock,
            (false, false, true) => Writes::ToMove,
            (false, true, true) => Writes::ClockAndToMove,
        }
    }
}

/// The statements for a move on `backend`. On PostgreSQL one statement is a transaction of
/// its own, so both framings are the same.
fn move_sql(backend: Backend, advance: &Advance<'_>, framing: Framing) -> &'static str {
    macro_rules! writing {
        ($flavour:ident, $writes:expr) => {
            match $writes {
                Writes::Plain => move_sql!($flavour, ""),
                Writes::Clock => move_sql!($flavour, ", deadline_ms = $5, remind_ms = $6"),
                Writes::ToMove => move_sql!($flavour, ", to_move_id = $13"),
                Writes::ClockAndToMove => move_sql!(
                    $flavour,
                    ", deadline_ms = $5, remind_ms = $6, to_move_id = $13"
                ),
                Writes::Swap => move_sql!(
                    $flavour,
                    ", deadline_ms = $5, remind_ms = $6, white_id = $7, black_id = $8,
                     swapped = TRUE, to_move_id = $13"
                ),
            }
        };
    }
    let writes = Writes::of(advance);
    match (backend, framing) {
        (Backend::Sqlite, Framing::InTransaction) => writing!(sqlite, writes),
        (Backend::Sqlite, Framing::OwnTransaction) => writing!(sqlite_own_transaction, writes),
        (Backend::Postgres, _) => writing!(postgres, writes),
    }
}

/// A move's statements, with their parameters bound.
fn move_query<'q>(
    backend: Backend,
    advance: &'q Advance<'_>,
    framing: Framing,
) -> Query<'q, Any, AnyArguments> {
    sqlx::query(move_sql(backend, advance, framing))
        .bind(advance.id.0)
        .bind(i64::from(advance.from_ply))
        .bind(advance.position)
        .bind(advance.now)
        .bind(advance.deadline_ms)
        .bind(advance.remind_ms)
        .bind(db_id(advance.white.0))
        .bind(db_id(advance.black.0))
        .bind(advance.notation)
        .bind(db_id(advance.player.0))
        .bind(advance.request_key)
        .bind(advance.board_due_ms)
        .bind(advance.to_move.map(|u| db_id(u.0)))
}

/// What a move's statements returned: whether the move was stored and the game advanced, and
/// the board's announcement if one was queued.
fn stored(rows: &[AnyRow]) -> Stored {
    // SQLite returns the game's row and the announcement's apart, PostgreSQL in one row.
    if !rows.iter().any(|row| row.try_column("ply").is_ok()) {
        return Stored::GameChanged;
    }
    let board = rows
        .iter()
        .find_map(|row| row.try_get::<Option<i64>, _>("announcement").ok().flatten());
    Stored::Moved {
        board: board.map(AnnouncementId),
    }
}

/// Stores a move at `from_ply + 1` and advances the game, inside the caller's transaction,
/// if the game is still active at `from_ply` (compare-and-swap), with its board's
/// announcement when [`Advance::board_due_ms`] asks for one; [`Stored::GameChanged`]
/// (nothing written) if someone changed the game first.
///
/// # Errors
/// Database failure, including a unique violation when the request key was used before.
pub async fn store_move(conn: &mut Conn, advance: &Advance<'_>) -> Result<Stored, Error> {
    let query = move_query(Backend::of(conn), advance, Framing::InTransaction);
    Ok(stored(&query.fetch_all(conn).await?))
}

/// [`store_move`] as a transaction of its own, in one round trip: on SQLite one batch (see
/// [`batch::run`]), on PostgreSQL one statement.
///
/// # Errors
/// As [`store_move`]; also SQLite's busy timeout.
pub async fn commit_move(conn: &mut Pooled, advance: &Advance<'_>) -> Result<Stored, Error> {
    let backend = Backend::of(conn);
    let query = move_query(backend, advance, Framing::OwnTransaction);
    let rows = match backend {
        Backend::Sqlite => batch::run(conn, query).await?,
        Backend::Postgres => query.fetch_all(&mut **conn).await?,
    };
    Ok(stored(&rows))
}

fn decode_move(row: &AnyRow) -> Result<MoveRecord, Error> {
    let ply: i64 = row.try_get("ply")?;
    Ok(MoveRecord {
        game: GameId(row.try_get("game_id")?),
        ply: u32::try_from(ply).map_err(|_| corrupt("moves.ply", ply))?,
        notation: row.try_get("notation")?,
        player: UserId(discord_id(row.try_get("player_id")?)),
        played_ms: row.try_get("played_ms")?,
        request_key: row.try_get("request_key")?,
    })
}

/// Every move of a game, first ply first.
///
/// # Errors
/// Database failure.
pub async fn moves(conn: &mut Conn, game: GameId) -> Result<Vec<MoveRecord>, Error> {
    let rows = sqlx::query(
        "SELECT game_id, ply, notation, player_id, played_ms, request_key
         FROM moves WHERE game_id = $1 ORDER BY ply",
    )
    .bind(game.0)
    .fetch_all(conn)
    .await?;
    rows.iter().map(decode_move).collect()
}

/// Every move of each of `games`, by game then ply: a page of games' moves in one query.
///
/// # Errors
/// Database failure.
pub async fn moves_of_games(conn: &mut Conn, games: &[GameId]) -> Result<Vec<MoveRecord>, Error> {
    if games.is_empty() {
        return Ok(Vec::new());
    }
    let placeholders: Vec<String> = (1..=games.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT game_id, ply, notation, player_id, played_ms, request_key
         FROM moves WHERE game_id IN ({}) ORDER BY game_id, ply",
        placeholders.join(", ")
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for game in games {
        query = query.bind(game.0);
    }
    let rows = query.fetch_all(conn).await?;
    rows.iter().map(decode_move).collect()
}

/// The move at one ply of a game, if played.
///
/// # Errors
/// Database failure.
pub async fn move_at(conn: &mut Conn, game: GameId, ply: u32) -> Result<Option<MoveRecord>, Error> {
    let row = sqlx::query(
        "SELECT game_id, ply, notation, player_id, played_ms, request_key
         FROM moves WHERE game_id = $1 AND ply = $2",
    )
    .bind(game.0)
    .bind(i64::from(ply))
    .fetch_optional(conn)
    .await?;
    row.as_ref().map(decode_move).transpose()
}

/// The move stored with this idempotency key, if any.
///
/// # Errors
/// Database failure.
pub async fn move_by_request_key(conn: &mut Conn, key: &str) -> Result<Option<MoveRecord>, Error> {
    let row = sqlx::query(
        "SELECT game_id, ply, notation, player_id, played_ms, request_key
         FROM moves WHERE request_key = $1",
    )
    .bind(key)
    .fetch_optional(conn)
    .await?;
    row.as_ref().map(decode_move).transpose()
}
