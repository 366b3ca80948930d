//! The `guild_settings` table: one row per server that changed its settings.

use sqlx::Row;

use super::{Conn, Error, corrupt, db_id, flag};
use crate::model::{BoardOrientation, ClockChoice, GuildId, GuildSettings};

/// The server's stored settings; `None` if it never changed them.
///
/// # Errors
/// Database failure or a row that can't be read back.
pub async fn guild_settings(
    conn: &mut Conn,
    guild: GuildId,
) -> Result<Option<GuildSettings>, Error> {
    let row = sqlx::query(
        "SELECT CAST(threads AS INTEGER) AS threads, default_clock, board_orientation,
             CAST(tournament_organisers AS INTEGER) AS tournament_organisers
         FROM guild_settings WHERE guild_id = $1",
    )
    .bind(db_id(guild.0))
    .fetch_optional(conn)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let clock: String = row.try_get("default_clock")?;
    let orientation: String = row.try_get("board_orientation")?;
    Ok(Some(GuildSettings {
        threads: flag(&row, "threads")?,
        default_clock: ClockChoice::from_stored(&clock)
            .ok_or_else(|| corrupt("guild_settings.default_clock", &clock))?,
        orientation: BoardOrientation::from_stored(&orientation)
            .ok_or_else(|| corrupt("guild_settings.board_orientation", &orientation))?,
        tournament_organisers: flag(&row, "tournament_organisers")?,
    }))
}

/// Stores the server's settings whole, replacing any earlier ones.
///
/// # Errors
/// Database failure.
pub async fn store_guild_settings(
    conn: &mut Conn,
    guild: GuildId,
    settings: &GuildSettings,
    now: i64,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO guild_settings
             (guild_id, threads, default_clock, board_orientation, tournament_organisers,
              updated_ms)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (guild_id) DO UPDATE
         SET threads = excluded.threads, default_clock = excluded.default_clock,
             board_orientation = excluded.board_orientation,
             tournament_organisers = excluded.tournament_organisers,
             updated_ms = excluded.updated_ms",
    )
    .bind(db_id(guild.0))
    .bind(settings.threads)
    .bind(settings.default_clock.as_str())
    .bind(settings.orientation.as_str())
    .bind(settings.tournament_organisers)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}
