//! The `lesson_progress` table: each player's best stars in each lesson stage they finished.

use sqlx::Row;

use super::{Conn, Error, db_id, int};
use crate::model::UserId;

/// Records `stars` for `user` in `stage`, keeping the best they ever had; returns that best.
///
/// # Errors
/// Database failure.
pub async fn record_lesson_stars(
    conn: &mut Conn,
    user: UserId,
    stage: &str,
    stars: u8,
    now: i64,
) -> Result<u8, Error> {
    let row = sqlx::query(
        "INSERT INTO lesson_progress (user_id, stage, stars, updated_ms)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id, stage) DO UPDATE
         SET stars = CASE WHEN excluded.stars > lesson_progress.stars
                          THEN excluded.stars ELSE lesson_progress.stars END,
             updated_ms = excluded.updated_ms
         RETURNING stars",
    )
    .bind(db_id(user.0))
    .bind(stage)
    .bind(i64::from(stars))
    .bind(now)
    .fetch_one(conn)
    .await?;
    int(&row, "stars")
}

/// Every stage `user` finished, with their best stars, by stage name.
///
/// # Errors
/// Database failure.
pub async fn lesson_stars(conn: &mut Conn, user: UserId) -> Result<Vec<(String, u8)>, Error> {
    let rows =
        sqlx::query("SELECT stage, stars FROM lesson_progress WHERE user_id = $1 ORDER BY stage")
            .bind(db_id(user.0))
            .fetch_all(conn)
            .await?;
    rows.iter()
        .map(|row| Ok((row.try_get("stage")?, int(row, "stars")?)))
        .collect()
}
