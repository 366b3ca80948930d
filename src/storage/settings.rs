//! The `guild_settings` table, one row per server that changed its settings, and the
//! `player_settings` table, one row per player who chose their own board colours.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Conn, Error, corrupt, db_id, discord_id, flag};
use crate::model::{
    BoardColors, BoardOrientation, ChannelId, ClockChoice, GuildId, GuildSettings, Lang, UserId,
};

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
             CAST(tournament_organisers AS INTEGER) AS tournament_organisers, board_colors
         FROM guild_settings WHERE guild_id = $1",
    )
    .bind(db_id(guild.0))
    .fetch_optional(conn)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let clock: String = row.try_get("default_clock")?;
    let orientation: String = row.try_get("board_orientation")?;
    let colors: String = row.try_get("board_colors")?;
    Ok(Some(GuildSettings {
        threads: flag(&row, "threads")?,
        default_clock: ClockChoice::from_stored(&clock)
            .ok_or_else(|| corrupt("guild_settings.default_clock", &clock))?,
        orientation: BoardOrientation::from_stored(&orientation)
            .ok_or_else(|| corrupt("guild_settings.board_orientation", &orientation))?,
        tournament_organisers: flag(&row, "tournament_organisers")?,
        board_colors: BoardColors::from_stored(&colors)
            .ok_or_else(|| corrupt("guild_settings.board_colors", &colors))?,
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
              updated_ms, board_colors)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (guild_id) DO UPDATE
         SET threads = excluded.threads, default_clock = excluded.default_clock,
             board_orientation = excluded.board_orientation,
             tournament_organisers = excluded.tournament_organisers,
             updated_ms = excluded.updated_ms, board_colors = excluded.board_colors",
    )
    .bind(db_id(guild.0))
    .bind(settings.threads)
    .bind(settings.default_clock.as_str())
    .bind(settings.orientation.as_str())
    .bind(settings.tournament_organisers)
    .bind(now)
    .bind(settings.board_colors.as_str())
    .execute(conn)
    .await?;
    Ok(())
}

/// The board colours `user` chose for the boards only they see; `None` if they never chose.
///
/// # Errors
/// Database failure, or a row that can't be read back.
pub async fn player_board_colors(
    conn: &mut Conn,
    user: UserId,
) -> Result<Option<BoardColors>, Error> {
    let row = sqlx::query("SELECT board_colors FROM player_settings WHERE user_id = $1")
        .bind(db_id(user.0))
        .fetch_optional(conn)
        .await?;
    let Some(row) = row else { return Ok(None) };
    let colors: String = row.try_get("board_colors")?;
    BoardColors::from_stored(&colors)
        .map(Some)
        .ok_or_else(|| corrupt("player_settings.board_colors", &colors))
}

/// Stores the board colours `user` chose, replacing any earlier choice.
///
/// # Errors
/// Database failure.
pub async fn store_player_board_colors(
    conn: &mut Conn,
    user: UserId,
    colors: BoardColors,
    now: i64,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO player_settings (user_id, board_colors, updated_ms) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE
         SET board_colors = excluded.board_colors, updated_ms = excluded.updated_ms",
    )
    .bind(db_id(user.0))
    .bind(colors.as_str())
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Sets (or, with `None`, clears) the channel where `guild` wants the daily puzzle posted,
/// and its language; the server's other settings stay as they are.
///
/// # Errors
/// Database failure.
pub async fn set_puzzle_channel(
    conn: &mut Conn,
    guild: GuildId,
    channel: Option<(ChannelId, Lang)>,
    now: i64,
) -> Result<(), Error> {
    let defaults = GuildSettings::default();
    sqlx::query(
        "INSERT INTO guild_settings
             (guild_id, threads, default_clock, board_orientation, tournament_organisers,
              updated_ms, puzzle_channel_id, puzzle_lang)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (guild_id) DO UPDATE
         SET puzzle_channel_id = excluded.puzzle_channel_id,
             puzzle_lang = excluded.puzzle_lang, updated_ms = excluded.updated_ms",
    )
    .bind(db_id(guild.0))
    .bind(defaults.threads)
    .bind(defaults.default_clock.as_str())
    .bind(defaults.orientation.as_str())
    .bind(defaults.tournament_organisers)
    .bind(now)
    .bind(channel.map(|(c, _)| db_id(c.0)))
    .bind(channel.map(|(_, lang)| lang.tag()))
    .execute(conn)
    .await?;
    Ok(())
}

/// The channel where `guild` wants the daily puzzle posted, and its language, if it chose one.
///
/// # Errors
/// Database failure, or a row that can't be read back.
pub async fn puzzle_channel(
    conn: &mut Conn,
    guild: GuildId,
) -> Result<Option<(ChannelId, Lang)>, Error> {
    let row = sqlx::query(
        "SELECT guild_id, puzzle_channel_id, puzzle_lang FROM guild_settings
         WHERE guild_id = $1 AND puzzle_channel_id IS NOT NULL",
    )
    .bind(db_id(guild.0))
    .fetch_optional(conn)
    .await?;
    row.as_ref()
        .map(|row| puzzle_channel_of(row).map(|(_, channel, lang)| (channel, lang)))
        .transpose()
}

/// Every server's daily puzzle channel and its language.
///
/// # Errors
/// Database failure, or a row that can't be read back.
pub async fn puzzle_channels(conn: &mut Conn) -> Result<Vec<(GuildId, ChannelId, Lang)>, Error> {
    let rows = sqlx::query(
        "SELECT guild_id, puzzle_channel_id, puzzle_lang FROM guild_settings
         WHERE puzzle_channel_id IS NOT NULL ORDER BY guild_id",
    )
    .fetch_all(conn)
    .await?;
    rows.iter().map(puzzle_channel_of).collect()
}

/// A server, its daily puzzle channel and that post's language, from a row of
/// `guild_id, puzzle_channel_id, puzzle_lang`.
fn puzzle_channel_of(row: &AnyRow) -> Result<(GuildId, ChannelId, Lang), Error> {
    let lang: String = row.try_get("puzzle_lang")?;
    Ok((
        GuildId(discord_id(row.try_get("guild_id")?)),
        ChannelId(discord_id(row.try_get("puzzle_channel_id")?)),
        Lang::from_tag(&lang).ok_or_else(|| corrupt("guild_settings.puzzle_lang", &lang))?,
    ))
}
