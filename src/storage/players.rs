//! The `players` table: display names, ratings and counts.

use sqlx::Row;
use sqlx::sqlite::SqliteRow;

use super::{Conn, Error, db_id, discord_id};
use crate::model::{GuildId, UserId};
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

/// The columns every query returns.
macro_rules! columns {
    () => {
        "user_id, display_name, rating, rating_deviation, rating_volatility, games, rated_games,
         wins, losses"
    };
}

/// Who is on a leaderboard (`$1`: the server, or NULL for everyone).
macro_rules! on_board {
    () => {
        "WHERE p.rated_games > 0
           AND ($1 IS NULL OR EXISTS (
               SELECT 1 FROM games g
               WHERE g.status = 'finished' AND g.guild_id = $1
                 AND (g.white_id = p.user_id OR g.black_id = p.user_id)))"
    };
}

fn decode(row: &SqliteRow) -> Result<PlayerRow, Error> {
    Ok(PlayerRow {
        id: UserId(discord_id(row.try_get("user_id")?)),
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
    })
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
    let row = sqlx::query(concat!(
        "SELECT ",
        columns!(),
        " FROM players WHERE user_id = $1"
    ))
    .bind(db_id(id.0))
    .fetch_optional(conn)
    .await?;
    row.as_ref().map(decode).transpose()
}

/// Players on a rating leaderboard: those with at least one rated game, and for a server
/// only those who played a finished game there. Best rating first; ties go to the player
/// with more rated games, then to the lower user id, so pages never overlap. `limit` rows
/// after skipping `offset`.
///
/// # Errors
/// Database failure.
pub async fn leaderboard(
    conn: &mut Conn,
    guild: Option<GuildId>,
    offset: u64,
    limit: u32,
) -> Result<Vec<PlayerRow>, Error> {
    let rows = sqlx::query(concat!(
        "SELECT ",
        columns!(),
        " FROM players p ",
        on_board!(),
        " ORDER BY p.rating DESC, p.rated_games DESC, p.user_id ASC
         LIMIT $2 OFFSET $3"
    ))
    .bind(guild.map(|g| db_id(g.0)))
    .bind(i64::from(limit))
    .bind(i64::try_from(offset).unwrap_or(i64::MAX))
    .fetch_all(conn)
    .await?;
    rows.iter().map(decode).collect()
}

/// How many players [`leaderboard`] ranks.
///
/// # Errors
/// Database failure.
pub async fn leaderboard_size(conn: &mut Conn, guild: Option<GuildId>) -> Result<u64, Error> {
    let count: i64 = sqlx::query_scalar(concat!("SELECT COUNT(*) FROM players p ", on_board!()))
        .bind(guild.map(|g| db_id(g.0)))
        .fetch_one(conn)
        .await?;
    Ok(count.unsigned_abs())
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
