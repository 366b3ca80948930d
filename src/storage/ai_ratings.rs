//! The `ai_ratings` table: the computer's rating and counts at each level.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Conn, Error, corrupt, int};
use crate::model::{Level, level_from_word, level_word};
use crate::rating::Rating;

/// The computer at one level, as stored.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AiRatingRow {
    /// The level.
    pub level: Level,
    /// Its Glicko-2 rating.
    pub rating: Rating,
    /// Finished games against people.
    pub games: u32,
    /// Won.
    pub wins: u32,
    /// Lost.
    pub losses: u32,
}

fn decode(row: &AnyRow) -> Result<AiRatingRow, Error> {
    let level: String = row.try_get("ai_level")?;
    Ok(AiRatingRow {
        level: level_from_word(&level).ok_or_else(|| corrupt("ai_ratings.ai_level", &level))?,
        rating: Rating {
            rating: row.try_get("rating")?,
            deviation: row.try_get("rating_deviation")?,
            volatility: row.try_get("rating_volatility")?,
        },
        games: int(row, "games")?,
        wins: int(row, "wins")?,
        losses: int(row, "losses")?,
    })
}

/// The level's row, if it has finished a game.
///
/// # Errors
/// Database failure or a row that can't be read back.
pub async fn ai_rating(conn: &mut Conn, level: Level) -> Result<Option<AiRatingRow>, Error> {
    let row = sqlx::query(
        "SELECT ai_level, rating, rating_deviation, rating_volatility, games, wins, losses
         FROM ai_ratings WHERE ai_level = $1",
    )
    .bind(level_word(level))
    .fetch_optional(conn)
    .await?;
    row.as_ref().map(decode).transpose()
}

/// Every level that has finished a game, in no particular order.
///
/// # Errors
/// Database failure or a row that can't be read back.
pub async fn ai_ratings(conn: &mut Conn) -> Result<Vec<AiRatingRow>, Error> {
    let rows = sqlx::query(
        "SELECT ai_level, rating, rating_deviation, rating_volatility, games, wins, losses
         FROM ai_ratings",
    )
    .fetch_all(conn)
    .await?;
    rows.iter().map(decode).collect()
}

/// Counts a finished game for the computer at `level` and stores its new rating.
///
/// # Errors
/// Database failure.
pub async fn record_ai_result(
    conn: &mut Conn,
    level: Level,
    won: bool,
    rating: Rating,
    now: i64,
) -> Result<(), Error> {
    let won = i64::from(won);
    sqlx::query(
        "INSERT INTO ai_ratings (ai_level, rating, rating_deviation, rating_volatility, games,
             wins, losses, updated_ms)
         VALUES ($1, $2, $3, $4, 1, $5, 1 - $5, $6)
         ON CONFLICT (ai_level) DO UPDATE
         SET rating = excluded.rating, rating_deviation = excluded.rating_deviation,
             rating_volatility = excluded.rating_volatility, games = ai_ratings.games + 1,
             wins = ai_ratings.wins + excluded.wins, losses = ai_ratings.losses + excluded.losses,
             updated_ms = excluded.updated_ms",
    )
    .bind(level_word(level))
    .bind(rating.rating)
    .bind(rating.deviation)
    .bind(rating.volatility)
    .bind(won)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}
