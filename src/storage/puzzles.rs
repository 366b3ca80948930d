//! The puzzle tables: `puzzles`, the players' `puzzle_attempts` and puzzle ratings
//! (`puzzle_players`), the `daily_puzzles` and the `daily_posts` made of them.
//! Attempts move on by compare-and-swap on their step, so two clicks at once apply once.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Conn, Error, corrupt, count, db_id, discord_id, flag};
use crate::model::{DailySolver, Day, GameId, GuildId, PuzzleId, UserId};
use crate::rating::Rating;

/// A puzzle to store.
#[derive(Debug, Clone, PartialEq)]
pub struct NewPuzzleRow<'a> {
    /// Its position's text form.
    pub position: &'a str,
    /// Its solution, moves separated by spaces.
    pub solution: &'a str,
    /// Its themes' names, separated by commas.
    pub themes: &'a str,
    /// Its starting rating.
    pub rating: Rating,
    /// Where it comes from, in words.
    pub source: &'a str,
    /// The stored game it comes from, and the plies played there before it.
    pub game: Option<(GameId, u32)>,
    /// When.
    pub created_ms: i64,
}

/// A stored puzzle.
#[derive(Debug, Clone, PartialEq)]
pub struct PuzzleRow {
    /// Its number.
    pub id: PuzzleId,
    /// Its position's text form.
    pub position: String,
    /// Its solution, moves separated by spaces.
    pub solution: String,
    /// Its themes' names, separated by commas.
    pub themes: String,
    /// Its rating now.
    pub rating: Rating,
    /// Rated attempts at it.
    pub plays: u32,
    /// Where it comes from, in words.
    pub source: String,
    /// The stored game it comes from, and the plies played there before it.
    pub game: Option<(GameId, u32)>,
}

/// How an attempt stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttemptStatus {
    /// Being solved.
    Open,
    /// Solved.
    Solved,
    /// Failed, or given up.
    Failed,
}

impl AttemptStatus {
    fn as_str(self) -> &'static str {
        match self {
            AttemptStatus::Open => "open",
            AttemptStatus::Solved => "solved",
            AttemptStatus::Failed => "failed",
        }
    }
}

/// A player's attempt at a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttemptRow {
    /// The puzzle.
    pub puzzle: PuzzleId,
    /// The daily puzzle's day, for an attempt at that.
    pub day: Option<Day>,
    /// The solution's plies played so far.
    pub step: u32,
    /// Wrong moves made.
    pub tries: u32,
    /// Open, solved or failed.
    pub status: AttemptStatus,
    /// Whether its end moves ratings.
    pub rated: bool,
}

/// A player's puzzle rating and record.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PuzzlePlayerRow {
    /// Their puzzle rating.
    pub rating: Rating,
    /// Puzzles solved.
    pub solved: u32,
    /// Puzzles failed.
    pub failed: u32,
    /// Puzzles solved in a row, up to the latest.
    pub streak: u32,
    /// The longest such run.
    pub best_streak: u32,
}

/// The statement reading puzzles `p`, with `$rest` after its `FROM`.
macro_rules! select_puzzles {
    ($rest:literal) => {
        concat!(
            "SELECT p.id, p.position, p.solution, p.themes, p.rating, p.rating_deviation,
                 p.rating_volatility, p.plays, p.source, p.game_id, p.ply
             FROM puzzles p ",
            $rest
        )
    };
}

/// Stores a puzzle; `None` if its position is a puzzle already.
///
/// # Errors
/// Database failure.
pub async fn insert_puzzle(
    conn: &mut Conn,
    new: &NewPuzzleRow<'_>,
) -> Result<Option<PuzzleId>, Error> {
    let id: Option<i64> = sqlx::query_scalar(
        "INSERT INTO puzzles (position, solution, themes, rating, rating_deviation,
             rating_volatility, source, game_id, ply, created_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (position) DO NOTHING RETURNING id",
    )
    .bind(new.position)
    .bind(new.solution)
    .bind(new.themes)
    .bind(new.rating.rating)
    .bind(new.rating.deviation)
    .bind(new.rating.volatility)
    .bind(new.source)
    .bind(new.game.map(|(g, _)| g.0))
    .bind(new.game.map(|(_, ply)| i64::from(ply)))
    .bind(new.created_ms)
    .fetch_optional(conn)
    .await?;
    Ok(id.map(PuzzleId))
}

/// How many puzzles there are.
///
/// # Errors
/// Database failure.
pub async fn count_puzzles(conn: &mut Conn) -> Result<u64, Error> {
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM puzzles")
        .fetch_one(conn)
        .await?;
    Ok(count.unsigned_abs())
}

/// The first puzzle numbered `from` or after, if any: the way on from one puzzle to the next.
///
/// # Errors
/// Database failure.
pub async fn puzzle_from(conn: &mut Conn, from: PuzzleId) -> Result<Option<PuzzleId>, Error> {
    let id: Option<i64> =
        sqlx::query_scalar("SELECT id FROM puzzles WHERE id >= $1 ORDER BY id LIMIT 1")
            .bind(from.0)
            .fetch_optional(conn)
            .await?;
    Ok(id.map(PuzzleId))
}

/// A puzzle by number.
///
/// # Errors
/// Database failure, or a row that can't be read back.
pub async fn puzzle(conn: &mut Conn, id: PuzzleId) -> Result<Option<PuzzleRow>, Error> {
    let row = sqlx::query(select_puzzles!("WHERE p.id = $1"))
        .bind(id.0)
        .fetch_optional(conn)
        .await?;
    row.as_ref().map(decode_puzzle).transpose()
}

/// A puzzle to be a day's daily puzzle, drawn at random (so nobody can tell a day's puzzle
/// before it is chosen): one that was never a daily puzzle, else any; `None` when there are
/// no puzzles.
///
/// # Errors
/// Database failure, or a row that can't be read back.
pub async fn draw_daily_puzzle(conn: &mut Conn) -> Result<Option<PuzzleRow>, Error> {
    let fresh = sqlx::query(select_puzzles!(
        "WHERE NOT EXISTS (SELECT 1 FROM daily_puzzles d WHERE d.puzzle_id = p.id)
         ORDER BY random() LIMIT 1"
    ))
    .fetch_optional(&mut *conn)
    .await?;
    let row = match fresh {
        Some(row) => Some(row),
        None => {
            sqlx::query(select_puzzles!("ORDER BY random() LIMIT 1"))
                .fetch_optional(conn)
                .await?
        }
    };
    row.as_ref().map(decode_puzzle).transpose()
}

/// Whether `puzzle` counts in Discord now: it is the daily puzzle of `day`, or someone's
/// open rated attempt.
///
/// # Errors
/// Database failure.
pub async fn puzzle_counts(conn: &mut Conn, puzzle: PuzzleId, day: Day) -> Result<bool, Error> {
    let daily: Option<i64> =
        sqlx::query_scalar("SELECT puzzle_id FROM daily_puzzles WHERE day = $1 AND puzzle_id = $2")
            .bind(day.to_string())
            .bind(puzzle.0)
            .fetch_optional(&mut *conn)
            .await?;
    if daily.is_some() {
        return Ok(true);
    }
    let rated: Option<i64> = sqlx::query_scalar(
        "SELECT puzzle_id FROM puzzle_attempts
         WHERE puzzle_id = $1 AND status = 'open' AND day = '' AND rated LIMIT 1",
    )
    .bind(puzzle.0)
    .fetch_optional(conn)
    .await?;
    Ok(rated.is_some())
}

/// The puzzle `user` has never had whose rating is nearest `rating` (the lowest number
/// on a tie).
///
/// # Errors
/// Database failure, or a row that can't be read back.
pub async fn nearest_new_puzzle(
    conn: &mut Conn,
    user: UserId,
    rating: f64,
) -> Result<Option<PuzzleRow>, Error> {
    let row = sqlx::query(select_puzzles!(
        "WHERE NOT EXISTS (
             SELECT 1 FROM puzzle_attempts a WHERE a.user_id = $1 AND a.puzzle_id = p.id)
         ORDER BY ABS(p.rating - $2), p.id LIMIT 1"
    ))
    .bind(db_id(user.0))
    .bind(rating)
    .fetch_optional(conn)
    .await?;
    row.as_ref().map(decode_puzzle).transpose()
}

/// The puzzles found in a stored game, by ply.
///
/// # Errors
/// Database failure.
pub async fn puzzles_of_game(conn: &mut Conn, game: GameId) -> Result<Vec<(u32, PuzzleId)>, Error> {
    let rows = sqlx::query("SELECT ply, id FROM puzzles WHERE game_id = $1 ORDER BY ply")
        .bind(game.0)
        .fetch_all(conn)
        .await?;
    rows.iter()
        .map(|row| {
            let ply: i64 = row.try_get("ply")?;
            Ok((
                u32::try_from(ply).map_err(|_| corrupt("puzzles.ply", ply))?,
                PuzzleId(row.try_get("id")?),
            ))
        })
        .collect()
}

/// Writes a puzzle's rating after a rated attempt, and counts the attempt.
///
/// # Errors
/// Database failure.
pub async fn rate_puzzle(conn: &mut Conn, id: PuzzleId, rating: Rating) -> Result<(), Error> {
    sqlx::query(
        "UPDATE puzzles SET rating = $2, rating_deviation = $3, rating_volatility = $4,
             plays = plays + 1
         WHERE id = $1",
    )
    .bind(id.0)
    .bind(rating.rating)
    .bind(rating.deviation)
    .bind(rating.volatility)
    .execute(conn)
    .await?;
    Ok(())
}

/// `user`'s open attempt at a puzzle given by `/puzzle` (not a daily one), if any.
///
/// # Errors
/// Database failure, or a row that can't be read back.
pub async fn open_attempt(conn: &mut Conn, user: UserId) -> Result<Option<AttemptRow>, Error> {
    let row = sqlx::query(
        "SELECT puzzle_id, day, step, tries, status, CAST(rated AS INTEGER) AS rated
         FROM puzzle_attempts WHERE user_id = $1 AND status = 'open' AND day = ''
         ORDER BY started_ms DESC LIMIT 1",
    )
    .bind(db_id(user.0))
    .fetch_optional(conn)
    .await?;
    row.as_ref().map(decode_attempt).transpose()
}

/// `user`'s attempt at `puzzle` as the daily puzzle of `day`, or as a puzzle (`None`).
///
/// # Errors
/// Database failure, or a row that can't be read back.
pub async fn attempt(
    conn: &mut Conn,
    user: UserId,
    puzzle: PuzzleId,
    day: Option<Day>,
) -> Result<Option<AttemptRow>, Error> {
    let row = sqlx::query(
        "SELECT puzzle_id, day, step, tries, status, CAST(rated AS INTEGER) AS rated
         FROM puzzle_attempts WHERE user_id = $1 AND puzzle_id = $2 AND day = $3",
    )
    .bind(db_id(user.0))
    .bind(puzzle.0)
    .bind(day_column(day))
    .fetch_optional(conn)
    .await?;
    row.as_ref().map(decode_attempt).transpose()
}

/// Opens `user`'s attempt at `puzzle` on `day`; `false` if they had one already.
///
/// # Errors
/// Database failure.
pub async fn insert_attempt(
    conn: &mut Conn,
    user: UserId,
    puzzle: PuzzleId,
    day: Option<Day>,
    rated: bool,
    now: i64,
) -> Result<bool, Error> {
    let done = sqlx::query(
        "INSERT INTO puzzle_attempts (user_id, puzzle_id, day, status, rated, started_ms)
         VALUES ($1, $2, $3, 'open', $4, $5)
         ON CONFLICT (user_id, puzzle_id, day) DO NOTHING",
    )
    .bind(db_id(user.0))
    .bind(puzzle.0)
    .bind(day_column(day))
    .bind(rated)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Moves an open attempt from step `from` to `to`, as `status` (still open, solved or
/// failed), counting a wrong move when `wrong`; `false` if it was not open at `from` (another
/// click got there first).
///
/// # Errors
/// Database failure.
#[allow(clippy::too_many_arguments)]
pub async fn move_attempt(
    conn: &mut Conn,
    user: UserId,
    puzzle: PuzzleId,
    day: Option<Day>,
    from: u32,
    to: u32,
    status: AttemptStatus,
    wrong: bool,
    now: i64,
) -> Result<bool, Error> {
    let done = sqlx::query(
        "UPDATE puzzle_attempts
         SET step = $5, status = $6, tries = tries + $7,
             finished_ms = CASE WHEN $6 = 'open' THEN NULL ELSE $8 END
         WHERE user_id = $1 AND puzzle_id = $2 AND day = $3 AND step = $4
             AND status = 'open'",
    )
    .bind(db_id(user.0))
    .bind(puzzle.0)
    .bind(day_column(day))
    .bind(i64::from(from))
    .bind(i64::from(to))
    .bind(status.as_str())
    .bind(i64::from(wrong))
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A player's puzzle rating and record, if they ever tried one.
///
/// # Errors
/// Database failure.
pub async fn puzzle_player(
    conn: &mut Conn,
    user: UserId,
) -> Result<Option<PuzzlePlayerRow>, Error> {
    let row = sqlx::query(
        "SELECT rating, rating_deviation, rating_volatility, solved, failed, streak, best_streak
         FROM puzzle_players WHERE user_id = $1",
    )
    .bind(db_id(user.0))
    .fetch_optional(conn)
    .await?;
    let Some(row) = row else { return Ok(None) };
    Ok(Some(PuzzlePlayerRow {
        rating: Rating {
            rating: row.try_get("rating")?,
            deviation: row.try_get("rating_deviation")?,
            volatility: row.try_get("rating_volatility")?,
        },
        solved: count(&row, "solved")?,
        failed: count(&row, "failed")?,
        streak: count(&row, "streak")?,
        best_streak: count(&row, "best_streak")?,
    }))
}

/// Stores a player's puzzle rating and record whole.
///
/// # Errors
/// Database failure (the player must be in `players`).
pub async fn store_puzzle_player(
    conn: &mut Conn,
    user: UserId,
    player: &PuzzlePlayerRow,
    now: i64,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO puzzle_players (user_id, rating, rating_deviation, rating_volatility,
             solved, failed, streak, best_streak, updated_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (user_id) DO UPDATE SET rating = excluded.rating,
             rating_deviation = excluded.rating_deviation,
             rating_volatility = excluded.rating_volatility, solved = excluded.solved,
             failed = excluded.failed, streak = excluded.streak,
             best_streak = excluded.best_streak, updated_ms = excluded.updated_ms",
    )
    .bind(db_id(user.0))
    .bind(player.rating.rating)
    .bind(player.rating.deviation)
    .bind(player.rating.volatility)
    .bind(i64::from(player.solved))
    .bind(i64::from(player.failed))
    .bind(i64::from(player.streak))
    .bind(i64::from(player.best_streak))
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// The daily puzzle of `day`, if chosen.
///
/// # Errors
/// Database failure.
pub async fn daily_puzzle(conn: &mut Conn, day: Day) -> Result<Option<PuzzleId>, Error> {
    let id: Option<i64> = sqlx::query_scalar("SELECT puzzle_id FROM daily_puzzles WHERE day = $1")
        .bind(day.to_string())
        .fetch_optional(conn)
        .await?;
    Ok(id.map(PuzzleId))
}

/// Makes `puzzle` the daily puzzle of `day`, unless one was chosen first.
///
/// # Errors
/// Database failure.
pub async fn choose_daily_puzzle(conn: &mut Conn, day: Day, puzzle: PuzzleId) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO daily_puzzles (day, puzzle_id) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING",
    )
    .bind(day.to_string())
    .bind(puzzle.0)
    .execute(conn)
    .await?;
    Ok(())
}

/// Those who solved the daily puzzle of `day`, first first, at most `limit`.
///
/// # Errors
/// Database failure.
pub async fn daily_solvers(
    conn: &mut Conn,
    day: Day,
    limit: u32,
) -> Result<Vec<DailySolver>, Error> {
    let rows = sqlx::query(
        "SELECT a.user_id, p.display_name, a.tries, a.finished_ms
         FROM puzzle_attempts a JOIN players p ON p.user_id = a.user_id
         WHERE a.day = $1 AND a.status = 'solved'
         ORDER BY a.finished_ms, a.user_id LIMIT $2",
    )
    .bind(day.to_string())
    .bind(i64::from(limit))
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(DailySolver {
                user: UserId(discord_id(row.try_get("user_id")?)),
                name: row.try_get("display_name")?,
                tries: count(row, "tries")?,
                finished_ms: row.try_get("finished_ms")?,
            })
        })
        .collect()
}

/// Claims the post of `day`'s daily puzzle in `guild`; `false` if it was claimed already.
///
/// # Errors
/// Database failure.
pub async fn claim_daily_post(conn: &mut Conn, guild: GuildId, day: Day) -> Result<bool, Error> {
    let done = sqlx::query(
        "INSERT INTO daily_posts (guild_id, day) VALUES ($1, $2)
         ON CONFLICT (guild_id, day) DO NOTHING",
    )
    .bind(db_id(guild.0))
    .bind(day.to_string())
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// An attempt's day as its column holds it: `YYYY-MM-DD`, or empty for none.
fn day_column(day: Option<Day>) -> String {
    day.map(|day| day.to_string()).unwrap_or_default()
}

/// An attempt's day read back from its column (see [`day_column`]).
fn decode_day(text: String) -> Result<Option<Day>, Error> {
    if text.is_empty() {
        return Ok(None);
    }
    match text.parse() {
        Ok(day) => Ok(Some(day)),
        Err(_) => Err(corrupt("puzzle_attempts.day", text)),
    }
}

fn decode_puzzle(row: &AnyRow) -> Result<PuzzleRow, Error> {
    let game: Option<i64> = row.try_get("game_id")?;
    let ply: Option<i64> = row.try_get("ply")?;
    let game = match (game, ply) {
        (Some(game), Some(ply)) => Some((
            GameId(game),
            u32::try_from(ply).map_err(|_| corrupt("puzzles.ply", ply))?,
        )),
        _ => None,
    };
    Ok(PuzzleRow {
        id: PuzzleId(row.try_get("id")?),
        position: row.try_get("position")?,
        solution: row.try_get("solution")?,
        themes: row.try_get("themes")?,
        rating: Rating {
            rating: row.try_get("rating")?,
            deviation: row.try_get("rating_deviation")?,
            volatility: row.try_get("rating_volatility")?,
        },
        plays: count(row, "plays")?,
        source: row.try_get("source")?,
        game,
    })
}

fn decode_attempt(row: &AnyRow) -> Result<AttemptRow, Error> {
    let status: String = row.try_get("status")?;
    Ok(AttemptRow {
        puzzle: PuzzleId(row.try_get("puzzle_id")?),
        day: decode_day(row.try_get("day")?)?,
        step: count(row, "step")?,
        tries: count(row, "tries")?,
        status: match status.as_str() {
            "open" => AttemptStatus::Open,
            "solved" => AttemptStatus::Solved,
            "failed" => AttemptStatus::Failed,
            _ => return Err(corrupt("puzzle_attempts.status", status)),
        },
        rated: flag(row, "rated")?,
    })
}
