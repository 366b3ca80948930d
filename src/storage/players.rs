//! The `players` table: display names, ratings and counts.

use sqlx::Row;

use super::{Conn, Error, db_id};
use crate::model::UserId;
use crate::rating::Rating;

/// A player as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerRow {
    /// The Discord user.
    pub id: UserId,
    /// The display name seen last.
    pub name: String,
    /// The Glicko-2 rating.
    pub rating: Rating,
    /// Finished games (aborted ones excluded).
    pub games: u32,
    /// Of which rated.
    pub rated_games: u32,
    /// Won.
    pub wins: u32,
    /// Lost.
    pub losses: u32,
}

/// One side's line when a game finishes.
#[derive(Debug, Clone, Copy)]
pub struct Standing {
    /// The player.
    pub id: UserId,
    /// Whether they won.
    pub won: bool,
    /// Their new rating, for a rated game.
    pub rating: Option<Rating>,
}

/// Creates the player or refreshes their display name.
///
/// # Errors
/// Database failure.
pub async fn upsert_player(conn: &mut Conn, id: UserId, name: &str, now: i64) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO players (user_id, display_name, created_ms, updated_ms)
         VALUES ($1, $2, $3, $3)
         ON CONFLICT (user_id) DO UPDATE
         SET display_name = excluded.display_name, updated_ms = excluded.updated_ms",
    )
    .bind(db_id(id.0))
    .bind(name)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// The player, if known.
///
/// # Errors
/// Database failure.
pub async fn player(conn: &mut Conn, id: UserId) -> Result<Option<PlayerRow>, Error> {
    let row = sqlx::query(
        "SELECT display_name, rating, rating_deviation, rating_volatility,
                games, rated_games, wins, losses
         FROM players WHERE user_id = $1",
    )
    .bind(db_id(id.0))
    .fetch_optional(conn)
    .await?;
    let Some(row) = row else { return Ok(None) };
    Ok(Some(PlayerRow {
        id,
        name: row.try_get("display_name")?,
        rating: Rating {
            rating: row.try_get("rating")?,
            deviation: row.try_get("rating_deviation")?,
            volatility: row.try_get("rating_volatility")?,
        },
        games: row.try_get("games")?,
        rated_games: row.try_get("rated_games")?,
        wins: row.try_get("wins")?,
        losses: row.try_get("losses")?,
    }))
}

/// Counts a finished game for one player, and stores their new rating if it was rated.
///
/// # Errors
/// Database failure.
pub async fn record_result(conn: &mut Conn, standing: Standing, now: i64) -> Result<(), Error> {
    let won = i64::from(standing.won);
    match standing.rating {
        Some(rating) => {
            sqlx::query(
                "UPDATE players
                 SET games = games + 1, rated_games = rated_games + 1,
                     wins = wins + $2, losses = losses + 1 - $2,
                     rating = $3, rating_deviation = $4, rating_volatility = $5, updated_ms = $6
                 WHERE user_id = $1",
            )
            .bind(db_id(standing.id.0))
            .bind(won)
            .bind(rating.rating)
            .bind(rating.deviation)
            .bind(rating.volatility)
            .bind(now)
            .execute(conn)
            .await?;
        }
        None => {
            sqlx::query(
                "UPDATE players
                 SET games = games + 1, wins = wins + $2, losses = losses + 1 - $2, updated_ms = $3
                 WHERE user_id = $1",
            )
            .bind(db_id(standing.id.0))
            .bind(won)
            .bind(now)
            .execute(conn)
            .await?;
        }
    }
    Ok(())
}
