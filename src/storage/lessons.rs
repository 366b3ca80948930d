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

/// Where a player stands in the lessons in Discord (the `lesson_attempts` table).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LessonAttemptRow {
    /// The stage shown.
    pub stage: String,
    /// The exercise shown in it (one past its last once every stage is done).
    pub exercise: u32,
    /// Wrong tries in the stage so far.
    pub wrong: u32,
    /// Moved on by every try and every new start.
    pub step: u32,
}

/// `user`'s place in the lessons, if they ever started them in Discord.
///
/// # Errors
/// Database failure.
pub async fn lesson_attempt(
    conn: &mut Conn,
    user: UserId,
) -> Result<Option<LessonAttemptRow>, Error> {
    let row =
        sqlx::query("SELECT stage, exercise, wrong, step FROM lesson_attempts WHERE user_id = $1")
            .bind(db_id(user.0))
            .fetch_optional(conn)
            .await?;
    row.map(|row| {
        Ok(LessonAttemptRow {
            stage: row.try_get("stage")?,
            exercise: int(&row, "exercise")?,
            wrong: int(&row, "wrong")?,
            step: int(&row, "step")?,
        })
    })
    .transpose()
}

/// Stores `attempt` as `user`'s place in the lessons.
///
/// # Errors
/// Database failure.
pub async fn save_lesson_attempt(
    conn: &mut Conn,
    user: UserId,
    attempt: &LessonAttemptRow,
    now: i64,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO lesson_attempts (user_id, stage, exercise, wrong, step, updated_ms)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (user_id) DO UPDATE
         SET stage = excluded.stage, exercise = excluded.exercise, wrong = excluded.wrong,
             step = excluded.step, updated_ms = excluded.updated_ms",
    )
    .bind(db_id(user.0))
    .bind(attempt.stage.as_str())
    .bind(i64::from(attempt.exercise))
    .bind(i64::from(attempt.wrong))
    .bind(i64::from(attempt.step))
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Whether `user` has ever played: a game of theirs active or finished, or a lesson stage
/// finished.
///
/// # Errors
/// Database failure.
pub async fn has_played(conn: &mut Conn, user: UserId) -> Result<bool, Error> {
    let row = sqlx::query(
        "SELECT (SELECT COUNT(*) FROM (SELECT 1 FROM games
                                        WHERE (white_id = $1 OR black_id = $1)
                                          AND status IN ('active', 'finished')
                                        LIMIT 1) AS g)
              + (SELECT COUNT(*) FROM (SELECT 1 FROM lesson_progress WHERE user_id = $1
                                        LIMIT 1) AS l) AS played",
    )
    .bind(db_id(user.0))
    .fetch_one(conn)
    .await?;
    Ok(int::<i64>(&row, "played")? > 0)
}
