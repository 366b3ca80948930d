//! The `rating_history` table: a player's rating after each rated game.

use sqlx::Row;

use super::{Conn, Error, db_id};
use crate::model::{GameId, RatingAfterGame, UserId};
use crate::rating::Rating;

/// Remembers `user`'s rating after `game`.
///
/// # Errors
/// Database failure.
pub async fn record_rating(
    conn: &mut Conn,
    user: UserId,
    game: GameId,
    rating: Rating,
    now: i64,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO rating_history (user_id, game_id, rating, rating_deviation, recorded_ms)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (user_id, game_id) DO NOTHING",
    )
    .bind(db_id(user.0))
    .bind(game.0)
    .bind(rating.rating)
    .bind(rating.deviation)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// `user`'s latest `limit` ratings, oldest first.
///
/// # Errors
/// Database failure.
pub async fn rating_history(
    conn: &mut Conn,
    user: UserId,
    limit: u32,
) -> Result<Vec<RatingAfterGame>, Error> {
    let rows = sqlx::query(
        "SELECT game_id, rating, rating_deviation, recorded_ms FROM (
             SELECT game_id, rating, rating_deviation, recorded_ms FROM rating_history
             WHERE user_id = $1 ORDER BY recorded_ms DESC, game_id DESC LIMIT $2
         ) AS latest ORDER BY recorded_ms ASC, game_id ASC",
    )
    .bind(db_id(user.0))
    .bind(i64::from(limit))
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(RatingAfterGame {
                game: GameId(row.try_get("game_id")?),
                rating: row.try_get("rating")?,
                deviation: row.try_get("rating_deviation")?,
                recorded_ms: row.try_get("recorded_ms")?,
            })
        })
        .collect()
}
