//! The `games` table: storing a new game, finding games (by id, web page, player, channel),
//! a game's end (finished or aborted), and where it is shown. How a game's row is read, shared
//! by the other modules over this table (`finished_games`, `game_claims`, `moves`), is here.

use monkey_queen_core::{Color, GameOptions};
use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Conn, Error, Real, corrupt, db_id, discord_id, flag, int};
use crate::model::{
    ChannelId, EndReason, GameId, GameStatus, GuildId, Lang, Level, MessageId, PageKey, Reach,
    TournamentId, UserId, color_from_word, color_word, level_from_word, level_word,
};

/// Everything needed to store a new game.
#[derive(Debug, Clone)]
pub struct NewGameRow {
    /// Who plays White.
    pub white: UserId,
    /// Who plays Black.
    pub black: UserId,
    /// The computer's level, when one player is the bot.
    pub ai_level: Option<Level>,
    /// Board size, queen height, pie rule.
    pub options: GameOptions,
    /// The per-move time limit, if any.
    pub move_time_ms: Option<i64>,
    /// Whether the result changes ratings.
    pub rated: bool,
    /// The starting position's text form.
    pub position: String,
    /// When the game starts.
    pub created_ms: i64,
    /// When White runs out of time, if there is a clock.
    pub deadline_ms: Option<i64>,
    /// When to remind White, if there is a clock.
    pub remind_ms: Option<i64>,
    /// The server, if any.
    pub guild: Option<GuildId>,
    /// Where the game is played.
    pub channel: ChannelId,
    /// How the bot reaches the channel.
    pub reach: Reach,
    /// The language of its public messages.
    pub lang: Lang,
    /// The finished game this is a rematch of.
    pub rematch_of: Option<GameId>,
    /// The tournament it is a pairing of.
    pub tournament: Option<TournamentId>,
}

/// A game as stored, with both players' display names.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRow {
    /// Its number.
    pub id: GameId,
    /// Who plays White now (after any pie-rule swap).
    pub white: UserId,
    /// Who plays Black now.
    pub black: UserId,
    /// White's display name.
    pub white_name: String,
    /// Black's display name.
    pub black_name: String,
    /// Whether the pie rule's swap was played (R8).
    pub swapped: bool,
    /// The computer's level, when one player is the bot.
    pub ai_level: Option<Level>,
    /// Board size, queen height, pie rule.
    pub options: GameOptions,
    /// The per-move time limit, if any.
    pub move_time_ms: Option<i64>,
    /// Whether the result changes ratings.
    pub rated: bool,
    /// Where it stands.
    pub status: GameStatus,
    /// The winning colour of a finished game.
    pub winner: Option<Color>,
    /// Why a finished game ended.
    pub end_reason: Option<EndReason>,
    /// Rating points won by White and Black when a rated game finished.
    pub rating_deltas: Option<[f64; 2]>,
    /// Plies played.
    pub ply: u32,
    /// The position's text form after `ply` plies.
    pub position: String,
    /// When the game started.
    pub created_ms: i64,
    /// When the last move was played.
    pub last_move_ms: Option<i64>,
    /// When the player to move runs out of time.
    pub deadline_ms: Option<i64>,
    /// When to remind the player to move.
    pub remind_ms: Option<i64>,
    /// When the game finished or was aborted.
    pub finished_ms: Option<i64>,
    /// The server, if any.
    pub guild: Option<GuildId>,
    /// Where the game is played.
    pub channel: ChannelId,
    /// How the bot reaches the channel.
    pub reach: Reach,
    /// The language of its public messages.
    pub lang: Lang,
    /// The game's own thread, if it has one.
    pub thread: Option<ChannelId>,
    /// The latest board message.
    pub message: Option<MessageId>,
    /// The finished game this is a rematch of.
    pub rematch_of: Option<GameId>,
    /// The address of its web page; `None` for a game stored before pages existed, until it
    /// is first linked (see [`page_key`]).
    pub page_key: Option<PageKey>,
    /// The tournament it is a pairing of.
    pub tournament: Option<TournamentId>,
}

/// The end of a game, applied only if it is still active at `at_ply`.
#[derive(Debug, Clone, Copy)]
pub struct Finish {
    /// The game.
    pub id: GameId,
    /// The ply the decision was made at.
    pub at_ply: u32,
    /// The winning colour.
    pub winner: Color,
    /// Why.
    pub reason: EndReason,
    /// Rating points won by White and Black, for a rated game.
    pub rating_deltas: Option<[f64; 2]>,
    /// When.
    pub now: i64,
}

/// The columns [`decode`] reads, of the game `g` and its players `pw` and `pb`.
macro_rules! game_columns {
    () => {
        "g.id, g.white_id, g.black_id, pw.display_name AS white_name,
         pb.display_name AS black_name, CAST(g.swapped AS INTEGER) AS swapped, g.ai_level,
         g.board_size, g.queen_height, CAST(g.pie AS INTEGER) AS pie, g.move_time_ms,
         CAST(g.rated AS INTEGER) AS rated, g.status, g.winner, g.end_reason,
         g.white_rating_delta, g.black_rating_delta, g.ply, g.position, g.created_ms,
         g.last_move_ms, g.deadline_ms, g.remind_ms, g.finished_ms, g.guild_id,
         g.channel_id, g.reach, g.lang, g.thread_id, g.message_id, g.rematch_of, g.page_key,
         g.tournament_id"
    };
}

/// The games `g` with their players `pw` and `pb`.
macro_rules! games_and_players {
    () => {
        " FROM games g
         JOIN players pw ON pw.user_id = g.white_id
         JOIN players pb ON pb.user_id = g.black_id "
    };
}

/// A `SELECT` of [`decode`]'s columns from the games `g` and their players, followed by
/// `$rest` (the `WHERE` and what follows it).
macro_rules! select_games {
    ($($rest:tt)+) => {
        concat!(
            "SELECT ",
            $crate::storage::games::game_columns!(),
            $crate::storage::games::games_and_players!(),
            $($rest)+
        )
    };
}

pub(super) use {game_columns, games_and_players, select_games};

/// An optional Discord id column.
fn opt_id(row: &AnyRow, column: &str) -> Result<Option<u64>, Error> {
    Ok(row.try_get::<Option<i64>, _>(column)?.map(discord_id))
}

/// A game's row, as [`game_columns!`] selects it.
pub(super) fn decode(row: &AnyRow) -> Result<GameRow, Error> {
    let id = GameId(row.try_get("id")?);
    let options = GameOptions::new(
        int(row, "board_size")?,
        int(row, "queen_height")?,
        flag(row, "pie")?,
    )
    .map_err(|e| corrupt("games.board_size/queen_height", e))?;
    let word = |column: &str| row.try_get::<Option<String>, _>(column);
    let ai_level = match word("ai_level")? {
        Some(w) => Some(level_from_word(&w).ok_or_else(|| corrupt("ai_level", &w))?),
        None => None,
    };
    let status: String = row.try_get("status")?;
    let winner = match word("winner")? {
        Some(w) => Some(color_from_word(&w).ok_or_else(|| corrupt("winner", &w))?),
        None => None,
    };
    let end_reason = match word("end_reason")? {
        Some(w) => Some(EndReason::from_stored(&w).ok_or_else(|| corrupt("end_reason", &w))?),
        None => None,
    };
    let deltas: (Option<f64>, Option<f64>) = (
        row.try_get("white_rating_delta")?,
        row.try_get("black_rating_delta")?,
    );
    let ply: i64 = row.try_get("ply")?;
    Ok(GameRow {
        id,
        white: UserId(discord_id(row.try_get("white_id")?)),
        black: UserId(discord_id(row.try_get("black_id")?)),
        white_name: row.try_get("white_name")?,
        black_name: row.try_get("black_name")?,
        swapped: flag(row, "swapped")?,
        ai_level,
        options,
        move_time_ms: row.try_get("move_time_ms")?,
        rated: flag(row, "rated")?,
        status: GameStatus::from_stored(&status).ok_or_else(|| corrupt("games.status", &status))?,
        winner,
        end_reason,
        rating_deltas: match deltas {
            (Some(w), Some(b)) => Some([w, b]),
            _ => None,
        },
        ply: u32::try_from(ply).map_err(|_| corrupt("games.ply", ply))?,
        position: row.try_get("position")?,
        created_ms: row.try_get("created_ms")?,
        last_move_ms: row.try_get("last_move_ms")?,
        deadline_ms: row.try_get("deadline_ms")?,
        remind_ms: row.try_get("remind_ms")?,
        finished_ms: row.try_get("finished_ms")?,
        guild: opt_id(row, "guild_id")?.map(GuildId),
        channel: ChannelId(discord_id(row.try_get("channel_id")?)),
        reach: super::challenges::reach(row)?,
        lang: super::challenges::lang(row)?,
        thread: opt_id(row, "thread_id")?.map(ChannelId),
        message: opt_id(row, "message_id")?.map(MessageId),
        rematch_of: row.try_get::<Option<i64>, _>("rematch_of")?.map(GameId),
        page_key: match row.try_get::<Option<String>, _>("page_key")? {
            Some(key) => Some(PageKey::parse(&key).ok_or_else(|| corrupt("page_key", &key))?),
            None => None,
        },
        tournament: row
            .try_get::<Option<i64>, _>("tournament_id")?
            .map(TournamentId),
    })
}

/// Every row of a list of games.
pub(super) fn decode_all(rows: &[AnyRow]) -> Result<Vec<GameRow>, Error> {
    rows.iter().map(decode).collect()
}

/// Stores a new active game at ply 0 and returns its id. In a game against the computer,
/// White is recorded as the player to move (see [`computer_turns`](super::computer_turns)).
///
/// # Errors
/// Database failure (e.g. a player who is not in `players`).
pub async fn insert_game(conn: &mut Conn, new: &NewGameRow) -> Result<GameId, Error> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO games (white_id, black_id, ai_level, board_size, queen_height, pie,
             move_time_ms, rated, status, ply, position, created_ms, deadline_ms, remind_ms,
             guild_id, channel_id, rematch_of, reach, to_move_id, lang, page_key,
             tournament_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'active', 0, $9, $10, $11, $12, $13, $14, $15,
             $16, CASE WHEN $3 IS NULL THEN NULL ELSE $1 END, $17, $18, $19)
         RETURNING id",
    )
    .bind(db_id(new.white.0))
    .bind(db_id(new.black.0))
    .bind(new.ai_level.map(level_word))
    .bind(i64::from(new.options.size()))
    .bind(i64::from(new.options.queen_height()))
    .bind(new.options.pie())
    .bind(new.move_time_ms)
    .bind(new.rated)
    .bind(&new.position)
    .bind(new.created_ms)
    .bind(new.deadline_ms)
    .bind(new.remind_ms)
    .bind(new.guild.map(|g| db_id(g.0)))
    .bind(db_id(new.channel.0))
    .bind(new.rematch_of.map(|g| g.0))
    .bind(new.reach.as_str())
    .bind(new.lang.tag())
    .bind(PageKey::random().as_str().to_owned())
    .bind(new.tournament.map(|t| t.0))
    .fetch_one(conn)
    .await?;
    Ok(GameId(id))
}

/// The latest games played on the web (placed there, not on Discord) by `user`, newest
/// first, at most `limit`.
///
/// # Errors
/// Database failure.
pub async fn web_games(conn: &mut Conn, user: UserId, limit: u32) -> Result<Vec<GameRow>, Error> {
    let rows = sqlx::query(select_games!(
        "WHERE g.reach = 'web' AND (g.white_id = $1 OR g.black_id = $1) ORDER BY g.id DESC LIMIT $2"
    ))
    .bind(db_id(user.0))
    .bind(i64::from(limit))
    .fetch_all(conn)
    .await?;
    decode_all(&rows)
}

/// The games `user` plays in `channel` (shown there or in a thread of it): active ones
/// first, then the latest, at most `limit`.
///
/// # Errors
/// Database failure.
pub async fn channel_games(
    conn: &mut Conn,
    user: UserId,
    channel: ChannelId,
    limit: u32,
) -> Result<Vec<GameRow>, Error> {
    let rows = sqlx::query(select_games!(
        "WHERE (g.white_id = $1 OR g.black_id = $1) AND (g.channel_id = $2 OR g.thread_id = $2)
         ORDER BY CASE WHEN g.status = 'active' THEN 0 ELSE 1 END, g.id DESC LIMIT $3"
    ))
    .bind(db_id(user.0))
    .bind(db_id(channel.0))
    .bind(i64::from(limit))
    .fetch_all(conn)
    .await?;
    decode_all(&rows)
}

/// The game whose web page is at `key`, if any.
///
/// # Errors
/// Database failure.
pub async fn game_by_page_key(conn: &mut Conn, key: &PageKey) -> Result<Option<GameRow>, Error> {
    let row = sqlx::query(select_games!("WHERE g.page_key = $1"))
        .bind(key.as_str())
        .fetch_optional(conn)
        .await?;
    row.as_ref().map(decode).transpose()
}

/// The key of game `id`'s web page: the one it has, or `fresh`, stored now, for a game stored
/// before pages existed. One statement, so two processes that link it at once agree on one key.
/// `None` if there is no such game.
///
/// # Errors
/// Database failure.
pub async fn page_key(
    conn: &mut Conn,
    id: GameId,
    fresh: &PageKey,
) -> Result<Option<PageKey>, Error> {
    let key: Option<String> = sqlx::query_scalar(
        "UPDATE games SET page_key = COALESCE(page_key, $2) WHERE id = $1 RETURNING page_key",
    )
    .bind(id.0)
    .bind(fresh.as_str())
    .fetch_optional(conn)
    .await?;
    key.map(|key| PageKey::parse(&key).ok_or_else(|| corrupt("page_key", &key)))
        .transpose()
}

/// The game, if it exists.
///
/// # Errors
/// Database failure or a row that can't be read back.
pub async fn game(conn: &mut Conn, id: GameId) -> Result<Option<GameRow>, Error> {
    let row = sqlx::query(select_games!("WHERE g.id = $1"))
        .bind(id.0)
        .fetch_optional(conn)
        .await?;
    row.as_ref().map(decode).transpose()
}

/// A user's active games, oldest first.
///
/// Each half of the union goes through its own index (`games_active_white`,
/// `games_active_black`); one `OR` over both columns had SQLite scan every active game.
///
/// # Errors
/// Database failure or a row that can't be read back.
pub async fn active_games(conn: &mut Conn, user: UserId) -> Result<Vec<GameRow>, Error> {
    let rows = sqlx::query(concat!(
        select_games!("WHERE g.white_id = $1 AND g.status = 'active' UNION ALL "),
        select_games!(
            "WHERE g.black_id = $1 AND g.white_id <> $1 AND g.status = 'active' ORDER BY id"
        )
    ))
    .bind(db_id(user.0))
    .fetch_all(conn)
    .await?;
    decode_all(&rows)
}

/// Up to `limit` games of any status with ids above `after`, in id order: every game, page
/// by page.
///
/// # Errors
/// Database failure or a row that can't be read back.
pub async fn games_after(
    conn: &mut Conn,
    after: GameId,
    limit: u32,
) -> Result<Vec<GameRow>, Error> {
    let rows = sqlx::query(select_games!("WHERE g.id > $1 ORDER BY g.id LIMIT $2"))
        .bind(after.0)
        .bind(i64::from(limit))
        .fetch_all(conn)
        .await?;
    decode_all(&rows)
}

/// Up to `limit` active games with ids above `after`, in id order: the active games, page by
/// page, through the `games_active_by_id` index.
///
/// # Errors
/// Database failure or a row that can't be read back.
pub async fn active_games_after(
    conn: &mut Conn,
    after: GameId,
    limit: u32,
) -> Result<Vec<GameRow>, Error> {
    let rows = sqlx::query(select_games!(
        "WHERE g.status = 'active' AND g.id > $1 ORDER BY g.id LIMIT $2"
    ))
    .bind(after.0)
    .bind(i64::from(limit))
    .fetch_all(conn)
    .await?;
    decode_all(&rows)
}

/// An active game that is a rematch of `game`, if one is being played.
///
/// # Errors
/// Database failure.
pub async fn active_rematch(conn: &mut Conn, game: GameId) -> Result<Option<GameId>, Error> {
    let id: Option<i64> = sqlx::query_scalar(
        "SELECT id FROM games WHERE rematch_of = $1 AND status = 'active' ORDER BY id LIMIT 1",
    )
    .bind(game.0)
    .fetch_optional(conn)
    .await?;
    Ok(id.map(GameId))
}

/// Ends an active game at `at_ply` with a winner; `false` if it already changed.
///
/// # Errors
/// Database failure.
pub async fn finish_game(conn: &mut Conn, finish: &Finish) -> Result<bool, Error> {
    let done = sqlx::query(
        "UPDATE games
         SET status = 'finished', winner = $3, end_reason = $4, white_rating_delta = $5,
             black_rating_delta = $6, finished_ms = $7, deadline_ms = NULL, remind_ms = NULL
         WHERE id = $1 AND ply = $2 AND status = 'active'",
    )
    .bind(finish.id.0)
    .bind(i64::from(finish.at_ply))
    .bind(color_word(finish.winner))
    .bind(finish.reason.as_str())
    .bind(Real(finish.rating_deltas.map(|d| d[0])))
    .bind(Real(finish.rating_deltas.map(|d| d[1])))
    .bind(finish.now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Calls off an active game at `at_ply` with no result; `false` if it already changed.
///
/// # Errors
/// Database failure.
pub async fn abort_game(conn: &mut Conn, id: GameId, at_ply: u32, now: i64) -> Result<bool, Error> {
    let done = sqlx::query(
        "UPDATE games
         SET status = 'aborted', finished_ms = $3, deadline_ms = NULL, remind_ms = NULL
         WHERE id = $1 AND ply = $2 AND status = 'active'",
    )
    .bind(id.0)
    .bind(i64::from(at_ply))
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Remembers the thread a game is shown in; `false` if there is no such game.
///
/// # Errors
/// Database failure.
pub async fn set_game_thread(
    conn: &mut Conn,
    id: GameId,
    thread: ChannelId,
) -> Result<bool, Error> {
    let done = sqlx::query("UPDATE games SET thread_id = $2 WHERE id = $1")
        .bind(id.0)
        .bind(db_id(thread.0))
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}
