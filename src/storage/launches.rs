//! The `activity_launches` table: where each person last opened the Activity, and on which
//! game. Written by the Discord face when it answers a click with the launch; read by the
//! Activity's server, in whichever process, once Discord has said who is asking and where.

use sqlx::Row;

use super::{Conn, Error, corrupt, db_id};
use crate::model::{ChannelId, GameId, Reach, UserId};

/// A person's launch of the Activity in a channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LaunchRow {
    /// The game it was opened on (`None`: from the App Launcher).
    pub game: Option<GameId>,
    /// How the bot reaches that channel, as the launching interaction said.
    pub reach: Reach,
}

/// Records that `user` opened the Activity in `channel` at `now_ms`, as `launch` says.
/// Replaces their earlier launch there.
///
/// # Errors
/// Database failure (a game that does not exist breaks its foreign key).
pub async fn record_launch(
    conn: &mut Conn,
    user: UserId,
    channel: ChannelId,
    launch: LaunchRow,
    now_ms: i64,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO activity_launches (user_id, channel_id, game_id, reach, launched_ms)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (user_id, channel_id) DO UPDATE
         SET game_id = excluded.game_id, reach = excluded.reach,
             launched_ms = excluded.launched_ms",
    )
    .bind(db_id(user.0))
    .bind(db_id(channel.0))
    .bind(launch.game.map(|g| g.0))
    .bind(launch.reach.as_str())
    .bind(now_ms)
    .execute(conn)
    .await?;
    Ok(())
}

/// The latest launch of the Activity by `user` in `channel`, if made after `since_ms`.
///
/// # Errors
/// Database failure, or a row that can't be read back.
pub async fn launch(
    conn: &mut Conn,
    user: UserId,
    channel: ChannelId,
    since_ms: i64,
) -> Result<Option<LaunchRow>, Error> {
    let row = sqlx::query(
        "SELECT game_id, reach FROM activity_launches
         WHERE user_id = $1 AND channel_id = $2 AND launched_ms > $3",
    )
    .bind(db_id(user.0))
    .bind(db_id(channel.0))
    .bind(since_ms)
    .fetch_optional(conn)
    .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    let game: Option<i64> = row.try_get("game_id")?;
    let reach: String = row.try_get("reach")?;
    Ok(Some(LaunchRow {
        game: game.map(GameId),
        reach: Reach::from_stored(&reach).ok_or_else(|| corrupt("reach", &reach))?,
    }))
}

/// Deletes the launches made at or before `launched_by`; returns how many.
///
/// # Errors
/// Database failure.
pub async fn delete_launches_by(conn: &mut Conn, launched_by: i64) -> Result<u64, Error> {
    let done = sqlx::query("DELETE FROM activity_launches WHERE launched_ms <= $1")
        .bind(launched_by)
        .execute(conn)
        .await?;
    Ok(done.rows_affected())
}
