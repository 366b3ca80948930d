//! The `games` and `moves` tables.

use monkey_queen_core::{Color, GameOptions};
use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Backend, Conn, Error, Pooled, Real, corrupt, db_id, discord_id, flag, int};
use crate::model::{
    AnnouncementId, Audience, ChannelId, EndReason, GameId, GameStatus, GuildId, Lang, Level,
    MessageId, PageKey, Reach, TournamentId, UserId, color_from_word, color_word, level_from_word,
    level_word,
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

/// A stored move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveRow {
    /// The game.
    pub game: GameId,
    /// 1-based ply.
    pub ply: u32,
    /// Canonical notation (R9.1).
    pub notation: String,
    /// Who played it.
    pub player: UserId,
    /// When.
    pub played_ms: i64,
    /// The caller's idempotency key, if one was given.
    pub request_key: Option<String>,
}

/// A move to store at `from_ply + 1`, and its effect on the game row; applied only if the game
/// is still active at `from_ply`.
#[derive(Debug, Clone)]
pub struct Advance<'a> {
    /// The game.
    pub id: GameId,
    /// The ply the move was validated against.
    pub from_ply: u32,
    /// The position's text form after the move.
    pub position: &'a str,
    /// Who plays White after the move (a swap exchanges the players).
    pub white: UserId,
    /// Who plays Black after the move.
    pub black: UserId,
    /// Whether this move is the pie rule's swap (R8), which exchanges the players.
    pub swap: bool,
    /// When the move was played.
    pub now: i64,
    /// The next player's deadline.
    pub deadline_ms: Option<i64>,
    /// When to remind the next player.
    pub remind_ms: Option<i64>,
    /// The move in canonical notation (R9.1).
    pub notation: &'a str,
    /// Who played it.
    pub player: UserId,
    /// The caller's idempotency key, if one was given.
    pub request_key: Option<&'a str>,
    /// When the move's board is owed to the outbox (`Owed::Board` at the new ply, queued with
    /// the move), if it is.
    pub board_due_ms: Option<i64>,
    /// In a game against the computer, who is to move after this move (kept in the row, so
    /// [`computer_turns`] finds the games where that is the computer); `None` in other games.
    pub to_move: Option<UserId>,
}

/// What storing a move did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stored {
    /// The game had changed (no longer active at `from_ply`): nothing was written.
    GameChanged,
    /// The move was stored and the game advanced.
    Moved {
        /// The announcement of the move's board, queued when [`Advance::board_due_ms`] asked
        /// for one.
        board: Option<AnnouncementId>,
    },
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

macro_rules! select_games {
    ($($rest:tt)+) => {
        concat!("SELECT ", game_columns!(), games_and_players!(), $($rest)+)
    };
}

/// The games of `g` that a list for an audience may name, on `$2`–`$5` (bound from
/// [`seen_by`]).
macro_rules! seen_by {
    () => {
        "($2 = 0 OR g.white_id = $3 OR g.black_id = $3 OR g.guild_id = $4
          OR (g.guild_id IS NULL AND g.channel_id = $5))"
    };
}

/// The values of `$2`–`$5` of `seen_by!`: whether the list is filtered (0: no), the player,
/// the server and the DM or group DM whose games pass.
type SeenBy = (i64, Option<i64>, Option<i64>, Option<i64>);

/// The values of `seen_by!` for `audience` (`None`: every game), as `games::visibility`
/// decides.
fn seen_by(audience: Option<Audience>) -> SeenBy {
    let id = |id: u64| Some(db_id(id));
    match audience {
        None => (0, None, None, None),
        Some(Audience::Only(viewer)) => (
            1,
            id(viewer.user.0),
            viewer.guild.and_then(|g| id(g.0)),
            None,
        ),
        Some(Audience::Server(guild)) => (1, None, id(guild.0), None),
        Some(Audience::Channel(channel)) => (1, None, None, id(channel.0)),
    }
}

fn opt_id(row: &AnyRow, column: &str) -> Result<Option<u64>, Error> {
    Ok(row.try_get::<Option<i64>, _>(column)?.map(discord_id))
}

fn decode(row: &AnyRow) -> Result<GameRow, Error> {
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

fn decode_all(rows: &[AnyRow]) -> Result<Vec<GameRow>, Error> {
    rows.iter().map(decode).collect()
}

/// Every finished game's id, oldest first.
///
/// # Errors
/// Database failure.
pub async fn finished_game_ids(conn: &mut Conn) -> Result<Vec<GameId>, Error> {
    let ids: Vec<i64> =
        sqlx::query_scalar("SELECT id FROM games WHERE status = 'finished' ORDER BY id")
            .fetch_all(conn)
            .await?;
    Ok(ids.into_iter().map(GameId).collect())
}

/// Stores a new active game at ply 0 and returns its id. In a game against the computer,
/// White is recorded as the player to move (see [`computer_turns`]).
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

/// Active games: all of them, or one user's, optionally only in one channel; oldest first.
///
/// # Errors
/// Database failure or a row that can't be read back.
pub async fn active_games(
    conn: &mut Conn,
    user: Option<UserId>,
    channel: Option<ChannelId>,
) -> Result<Vec<GameRow>, Error> {
    let rows = sqlx::query(select_games!(
        "WHERE g.status = 'active'
           AND ($1 IS NULL OR g.white_id = $1 OR g.black_id = $1)
           AND ($2 IS NULL OR g.channel_id = $2)
         ORDER BY g.id"
    ))
    .bind(user.map(|u| db_id(u.0)))
    .bind(channel.map(|c| db_id(c.0)))
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

/// Finished games (not aborted ones), of one user or everyone, newest first: `limit` of
/// them after skipping `offset`. For an audience, only the games it may see (see
/// `games::visibility`).
///
/// # Errors
/// Database failure or a row that can't be read back.
pub async fn finished_games(
    conn: &mut Conn,
    user: Option<UserId>,
    audience: Option<Audience>,
    offset: u64,
    limit: u32,
) -> Result<Vec<GameRow>, Error> {
    let (filtered, player, guild, channel) = seen_by(audience);
    let rows = sqlx::query(select_games!(
        "WHERE g.status = 'finished'
           AND ($1 IS NULL OR g.white_id = $1 OR g.black_id = $1) AND ",
        seen_by!(),
        " ORDER BY g.finished_ms DESC, g.id DESC
         LIMIT $6 OFFSET $7"
    ))
    .bind(user.map(|u| db_id(u.0)))
    .bind(filtered)
    .bind(player)
    .bind(guild)
    .bind(channel)
    .bind(i64::from(limit))
    .bind(i64::try_from(offset).unwrap_or(i64::MAX))
    .fetch_all(conn)
    .await?;
    decode_all(&rows)
}

/// How many finished games (not aborted ones) a user has, or everyone together; for an
/// audience, only those [`finished_games`] would list to it.
///
/// # Errors
/// Database failure.
pub async fn count_finished_games(
    conn: &mut Conn,
    user: Option<UserId>,
    audience: Option<Audience>,
) -> Result<u64, Error> {
    let (filtered, player, guild, channel) = seen_by(audience);
    let count: i64 = sqlx::query_scalar(concat!(
        "SELECT COUNT(*) FROM games g
         WHERE g.status = 'finished' AND ($1 IS NULL OR g.white_id = $1 OR g.black_id = $1)
           AND ",
        seen_by!()
    ))
    .bind(user.map(|u| db_id(u.0)))
    .bind(filtered)
    .bind(player)
    .bind(guild)
    .bind(channel)
    .fetch_one(conn)
    .await?;
    Ok(count.unsigned_abs())
}

/// The user's current run of results over their finished games: `+3` after three wins in a
/// row, `-2` after two losses, `0` before the first game.
///
/// # Errors
/// Database failure.
pub async fn streak(conn: &mut Conn, user: UserId) -> Result<i64, Error> {
    let row = sqlx::query(
        "WITH r AS (
             SELECT id, finished_ms,
                    CASE WHEN (winner = 'white' AND white_id = $1)
                           OR (winner = 'black' AND black_id = $1) THEN 1 ELSE 0 END AS won
             FROM games
             WHERE status = 'finished' AND (white_id = $1 OR black_id = $1)
         ),
         latest AS (SELECT won FROM r ORDER BY finished_ms DESC, id DESC LIMIT 1),
         last_other AS (
             SELECT finished_ms, id FROM r WHERE won <> (SELECT won FROM latest)
             ORDER BY finished_ms DESC, id DESC LIMIT 1
         )
         SELECT (SELECT won FROM latest) AS won,
                (SELECT COUNT(*) FROM r LEFT JOIN last_other o ON TRUE
                 WHERE o.id IS NULL OR r.finished_ms > o.finished_ms
                    OR (r.finished_ms = o.finished_ms AND r.id > o.id)) AS streak",
    )
    .bind(db_id(user.0))
    .fetch_one(conn)
    .await?;
    let won: Option<i64> = row.try_get("won")?;
    let length: i64 = row.try_get("streak")?;
    Ok(match won {
        Some(1) => length,
        Some(_) => -length,
        None => 0,
    })
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

/// A turn the computer owes, as [`computer_turns`] finds it.
#[derive(Debug, Clone, PartialEq)]
pub struct OwedTurn {
    /// The game, the computer to move.
    pub game: GameRow,
    /// The notation of the move at the game's ply (the last one played), if any.
    pub last_move: Option<String>,
}

/// The statement of [`computer_turns`]: `$1` the computer, `$2` now, `$3` the limit. On
/// PostgreSQL a game whose row another transaction holds (its turn being claimed, a move being
/// stored) is skipped: somebody is at it.
pub(super) fn computer_turns_sql(backend: Backend) -> &'static str {
    macro_rules! owed_turns {
        ($($lock:literal)?) => {
            concat!(
                "SELECT ", game_columns!(), ", m.notation AS last_move", games_and_players!(),
                "LEFT JOIN moves m ON m.game_id = g.id AND m.ply = g.ply
                 WHERE g.status = 'active' AND g.ai_level IS NOT NULL AND g.to_move_id = $1
                   AND (g.computer_ply IS NULL OR g.computer_ply <> g.ply
                        OR g.computer_lease_ms <= $2)
                 ORDER BY g.id LIMIT $3", $($lock)?
            )
        };
    }
    match backend {
        Backend::Sqlite => owed_turns!(),
        Backend::Postgres => owed_turns!(" FOR NO KEY UPDATE OF g SKIP LOCKED"),
    }
}

/// Up to `limit` active games against the computer `bot` where it is to move and no process
/// holds a live claim of its turn ([`claim_computer_turn`]), oldest first, each with its last
/// move. Read through the index of the player to move in games against the computer, so its
/// cost follows the turns owed, not the games played.
///
/// # Errors
/// Database failure or a row that can't be read back.
pub async fn computer_turns(
    conn: &mut Conn,
    bot: UserId,
    now: i64,
    limit: u32,
) -> Result<Vec<OwedTurn>, Error> {
    let rows = sqlx::query(computer_turns_sql(Backend::of(conn)))
        .bind(db_id(bot.0))
        .bind(now)
        .bind(i64::from(limit))
        .fetch_all(conn)
        .await?;
    rows.iter()
        .map(|row| {
            Ok(OwedTurn {
                game: decode(row)?,
                last_move: row.try_get("last_move")?,
            })
        })
        .collect()
}

/// Claims the computer's turn at `ply` of the active game `id` for `lease_ms` from `now`:
/// `false` if the game is no longer at that ply, or another claim of that ply is still in
/// its lease. One statement, so of several processes asking at once exactly one gets it; on
/// PostgreSQL one that finds the game's row held by another claim gives up at once.
///
/// # Errors
/// Database failure.
pub async fn claim_computer_turn(
    conn: &mut Conn,
    id: GameId,
    ply: u32,
    now: i64,
    lease_ms: i64,
) -> Result<bool, Error> {
    macro_rules! claim {
        ($($lock:literal)?) => {
            concat!(
                "UPDATE games SET computer_ply = $2, computer_lease_ms = $3 + $4
                 WHERE id = (
                     SELECT id FROM games
                     WHERE id = $1 AND ply = $2 AND status = 'active'
                       AND (computer_ply IS NULL OR computer_ply <> $2 OR computer_lease_ms <= $3)",
                $($lock,)?
                ")"
            )
        };
    }
    let sql = match Backend::of(conn) {
        Backend::Sqlite => claim!(),
        Backend::Postgres => claim!(" FOR NO KEY UPDATE SKIP LOCKED"),
    };
    let done = sqlx::query(sql)
        .bind(id.0)
        .bind(i64::from(ply))
        .bind(now)
        .bind(lease_ms)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// The statement of [`claim_reminders`]: `$1` now. On PostgreSQL the games another
/// transaction holds are skipped (another sweeper's claim, or a move being stored, which sets
/// the next reminder anyway). The unary `+` keeps the deadline's index out of it (few
/// reminders are due while most deadlines are ahead): the games are found by reminder time.
pub(super) fn claim_reminders_sql(backend: Backend) -> &'static str {
    macro_rules! claim {
        ($($lock:literal)?) => {
            concat!(
                "UPDATE games SET remind_ms = NULL
                 WHERE id IN (
                     SELECT id FROM games
                     WHERE status = 'active' AND remind_ms <= $1 AND +deadline_ms > $1",
                $($lock,)?
                ") RETURNING id"
            )
        };
    }
    match backend {
        Backend::Sqlite => claim!(),
        Backend::Postgres => claim!(" FOR NO KEY UPDATE SKIP LOCKED"),
    }
}

/// Clears the pending reminder of every active game whose reminder time has come and whose
/// deadline has not passed yet, and returns those games' ids: each reminder is claimed once,
/// however many sweepers ask, and none waits for another's claim. A move sets the next
/// reminder.
///
/// # Errors
/// Database failure.
pub async fn claim_reminders(conn: &mut Conn, now: i64) -> Result<Vec<GameId>, Error> {
    let mut ids: Vec<i64> = sqlx::query_scalar(claim_reminders_sql(Backend::of(conn)))
        .bind(now)
        .fetch_all(conn)
        .await?;
    ids.sort_unstable();
    Ok(ids.into_iter().map(GameId).collect())
}

/// The statement of [`due_games`]: `$1` now.
pub(super) const DUE_GAMES: &str =
    select_games!("WHERE g.status = 'active' AND g.deadline_ms <= $1 ORDER BY g.deadline_ms, g.id");

/// Active games whose move deadline is at or before `now`, earliest first. Each is then
/// settled in a transaction of its own that claims it ([`claim_due_game`]).
///
/// # Errors
/// Database failure or a row that can't be read back.
pub async fn due_games(conn: &mut Conn, now: i64) -> Result<Vec<GameRow>, Error> {
    let rows = sqlx::query(DUE_GAMES).bind(now).fetch_all(conn).await?;
    decode_all(&rows)
}

/// Claims the game `id`, in the caller's transaction, to settle it on time: `true` if it is
/// still active at `ply` with its deadline at or before `now`. On PostgreSQL its row is held
/// until the transaction ends, and a row another transaction holds is not waited for:
/// `false` (another process is settling it, or a move is being stored).
///
/// # Errors
/// Database failure.
pub async fn claim_due_game(tx: &mut Conn, id: GameId, ply: u32, now: i64) -> Result<bool, Error> {
    macro_rules! claim {
        ($($lock:literal)?) => {
            concat!(
                "SELECT id FROM games
                 WHERE id = $1 AND ply = $2 AND status = 'active' AND deadline_ms <= $3",
                $($lock)?
            )
        };
    }
    let sql = match Backend::of(tx) {
        Backend::Sqlite => claim!(),
        Backend::Postgres => claim!(" FOR NO KEY UPDATE SKIP LOCKED"),
    };
    let claimed: Option<i64> = sqlx::query_scalar(sql)
        .bind(id.0)
        .bind(i64::from(ply))
        .bind(now)
        .fetch_optional(tx)
        .await?;
    Ok(claimed.is_some())
}

/// The statements that store a move and advance its game, and queue the move's board in the
/// outbox when one is owed, in SQLite's and PostgreSQL's words.
///
/// All are guarded by the same compare-and-swap condition (the game still active at
/// `from_ply`), so either all apply or none does; the `RETURNING` rows say which, and the
/// announcement's id. Only columns that change are written, so untouched indexes are not
/// rewritten: the players change only with a swap (R8), deadlines only in games with a clock,
/// the player to move only in games against the computer.
///
/// SQLite runs the three statements as one batch (inside one transaction, so together), the
/// announcement queued only if the game's update changed its row (`changes()`); PostgreSQL as
/// one statement, the update feeding both inserts through data-modifying `WITH`s, which SQLite
/// does not have.
/// Parameters: $1 game, $2 from_ply, $3 position, $4 now, $5 deadline, $6 reminder,
/// $7 White, $8 Black, $9 notation, $10 player, $11 request key, $12 the board's due time,
/// $13 the player to move next.
macro_rules! move_sql {
    (sqlite, $set:literal) => {
        concat!(
            "INSERT INTO moves (game_id, ply, notation, player_id, played_ms, request_key)
             SELECT id, ply + 1, $9, $10, $4, $11 FROM games
             WHERE id = $1 AND ply = $2 AND status = 'active';
             UPDATE games SET ply = ply + 1, position = $3, last_move_ms = $4",
            $set,
            " WHERE id = $1 AND ply = $2 AND status = 'active' RETURNING ply;
             INSERT INTO announcements (kind, game_id, ply, created_ms, due_ms)
             SELECT 'board', $1, $2 + 1, $4, $12 WHERE $12 IS NOT NULL AND changes() = 1
             RETURNING id AS announcement;"
        )
    };
    (sqlite_own_transaction, $set:literal) => {
        concat!("BEGIN IMMEDIATE;", move_sql!(sqlite, $set), "COMMIT;")
    };
    (postgres, $set:literal) => {
        concat!(
            "WITH advanced AS (
                 UPDATE games SET ply = ply + 1, position = $3, last_move_ms = $4",
            $set,
            " WHERE id = $1 AND ply = $2 AND status = 'active' RETURNING id, ply),
             owed AS (
                 INSERT INTO announcements (kind, game_id, ply, created_ms, due_ms)
                 SELECT 'board', id, ply, $4, $12 FROM advanced WHERE $12 IS NOT NULL
                 RETURNING id)
             INSERT INTO moves (game_id, ply, notation, player_id, played_ms, request_key)
             SELECT id, ply, $9, $10, $4, $11 FROM advanced
             RETURNING ply, (SELECT id FROM owed) AS announcement"
        )
    };
}

/// How a move is sent: inside the caller's transaction, or as a transaction of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Framing {
    InTransaction,
    OwnTransaction,
}

/// The columns a move writes besides its ply, position and time (see [`move_sql!`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Writes {
    /// Nothing else: a game between people without a clock.
    Plain,
    /// The next deadline and reminder.
    Clock,
    /// The player to move, in a game against the computer.
    ToMove,
    /// Both.
    ClockAndToMove,
    /// Everything a swap (R8) may change: the players exchange colours.
    Swap,
}

impl Writes {
    fn of(advance: &Advance<'_>) -> Writes {
        let clock = advance.deadline_ms.is_some() || advance.remind_ms.is_some();
        match (advance.swap, clock, advance.to_move.is_some()) {
            (true, _, _) => Writes::Swap,
            (false, false, false) => Writes::Plain,
            (false, true, false) => Writes::Clock,
            (false, false, true) => Writes::ToMove,
            (false, true, true) => Writes::ClockAndToMove,
        }
    }
}

/// The statements for a move on `backend`. On PostgreSQL one statement is a transaction of
/// its own, so both framings are the same.
fn move_sql(backend: Backend, advance: &Advance<'_>, framing: Framing) -> &'static str {
    macro_rules! writing {
        ($flavour:ident, $writes:expr) => {
            match $writes {
                Writes::Plain => move_sql!($flavour, ""),
                Writes::Clock => move_sql!($flavour, ", deadline_ms = $5, remind_ms = $6"),
                Writes::ToMove => move_sql!($flavour, ", to_move_id = $13"),
                Writes::ClockAndToMove => move_sql!(
                    $flavour,
                    ", deadline_ms = $5, remind_ms = $6, to_move_id = $13"
                ),
                Writes::Swap => move_sql!(
                    $flavour,
                    ", deadline_ms = $5, remind_ms = $6, white_id = $7, black_id = $8,
                     swapped = TRUE, to_move_id = $13"
                ),
            }
        };
    }
    let writes = Writes::of(advance);
    match (backend, framing) {
        (Backend::Sqlite, Framing::InTransaction) => writing!(sqlite, writes),
        (Backend::Sqlite, Framing::OwnTransaction) => writing!(sqlite_own_transaction, writes),
        (Backend::Postgres, _) => writing!(postgres, writes),
    }
}

/// Runs a move's statements: whether the move was stored and the game advanced, and the
/// board's announcement if one was queued.
async fn run_move(
    conn: &mut Conn,
    advance: &Advance<'_>,
    framing: Framing,
) -> Result<Stored, Error> {
    let sql = move_sql(Backend::of(conn), advance, framing);
    // `fetch_all`, not `fetch_optional`: the driver stops a batch at the row it was asked
    // for, which would leave the statements after it unrun.
    let rows = sqlx::query(sql)
        .bind(advance.id.0)
        .bind(i64::from(advance.from_ply))
        .bind(advance.position)
        .bind(advance.now)
        .bind(advance.deadline_ms)
        .bind(advance.remind_ms)
        .bind(db_id(advance.white.0))
        .bind(db_id(advance.black.0))
        .bind(advance.notation)
        .bind(db_id(advance.player.0))
        .bind(advance.request_key)
        .bind(advance.board_due_ms)
        .bind(advance.to_move.map(|u| db_id(u.0)))
        .fetch_all(conn)
        .await?;
    // SQLite returns the game's row and the announcement's apart, PostgreSQL in one row.
    if !rows.iter().any(|row| row.try_column("ply").is_ok()) {
        return Ok(Stored::GameChanged);
    }
    let board = rows
        .iter()
        .find_map(|row| row.try_get::<Option<i64>, _>("announcement").ok().flatten());
    Ok(Stored::Moved {
        board: board.map(AnnouncementId),
    })
}

/// Stores a move at `from_ply + 1` and advances the game, inside the caller's transaction,
/// if the game is still active at `from_ply` (compare-and-swap), with its board's
/// announcement when [`Advance::board_due_ms`] asks for one; [`Stored::GameChanged`]
/// (nothing written) if someone changed the game first.
///
/// # Errors
/// Database failure, including a unique violation when the request key was used before.
pub async fn store_move(conn: &mut Conn, advance: &Advance<'_>) -> Result<Stored, Error> {
    run_move(conn, advance, Framing::InTransaction).await
}

/// [`store_move`] as a transaction of its own, in one round trip: on SQLite one batch (to
/// the connection's thread once instead of four times, which is most of a move's cost), on
/// PostgreSQL one statement.
///
/// Several statements in one prepared query is SQLite-only (sqlx calls it deprecated; the
/// tests in `tests/storage.rs` would catch its removal).
///
/// If a SQLite batch fails, or its future is dropped before it finishes, the transaction it
/// opened may still be open; the connection is then rolled back or, failing that, closed
/// (SQLite rolls back on close) rather than handed back to the pool.
///
/// # Errors
/// As [`store_move`]; also SQLite's busy timeout.
pub async fn commit_move(conn: &mut Pooled, advance: &Advance<'_>) -> Result<Stored, Error> {
    if Backend::of(conn) == Backend::Postgres {
        return run_move(conn, advance, Framing::OwnTransaction).await;
    }
    let mut guard = CloseUnlessFinished {
        conn,
        finished: false,
    };
    let result = run_move(guard.conn, advance, Framing::OwnTransaction).await;
    if result.is_ok()
        || sqlx::query("ROLLBACK")
            .execute(&mut **guard.conn)
            .await
            .is_ok()
    {
        guard.finished = true;
    }
    result
}

/// Closes the connection when dropped before the batch using it finished cleanly.
struct CloseUnlessFinished<'a> {
    conn: &'a mut Pooled,
    finished: bool,
}

impl Drop for CloseUnlessFinished<'_> {
    fn drop(&mut self) {
        if !self.finished {
            self.conn.close_on_drop();
        }
    }
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

/// Remembers the latest board message of a game; `false` if there is no such game.
///
/// # Errors
/// Database failure.
pub async fn set_game_message(
    conn: &mut Conn,
    id: GameId,
    message: MessageId,
) -> Result<bool, Error> {
    let done = sqlx::query("UPDATE games SET message_id = $2 WHERE id = $1")
        .bind(id.0)
        .bind(db_id(message.0))
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

fn decode_move(row: &AnyRow) -> Result<MoveRow, Error> {
    let ply: i64 = row.try_get("ply")?;
    Ok(MoveRow {
        game: GameId(row.try_get("game_id")?),
        ply: u32::try_from(ply).map_err(|_| corrupt("moves.ply", ply))?,
        notation: row.try_get("notation")?,
        player: UserId(discord_id(row.try_get("player_id")?)),
        played_ms: row.try_get("played_ms")?,
        request_key: row.try_get("request_key")?,
    })
}

/// Every move of a game, first ply first.
///
/// # Errors
/// Database failure.
pub async fn moves(conn: &mut Conn, game: GameId) -> Result<Vec<MoveRow>, Error> {
    let rows = sqlx::query(
        "SELECT game_id, ply, notation, player_id, played_ms, request_key
         FROM moves WHERE game_id = $1 ORDER BY ply",
    )
    .bind(game.0)
    .fetch_all(conn)
    .await?;
    rows.iter().map(decode_move).collect()
}

/// Every move of each of `games`, by game then ply: a page of games' moves in one query.
///
/// # Errors
/// Database failure.
pub async fn moves_of_games(conn: &mut Conn, games: &[GameId]) -> Result<Vec<MoveRow>, Error> {
    if games.is_empty() {
        return Ok(Vec::new());
    }
    let placeholders: Vec<String> = (1..=games.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT game_id, ply, notation, player_id, played_ms, request_key
         FROM moves WHERE game_id IN ({}) ORDER BY game_id, ply",
        placeholders.join(", ")
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for game in games {
        query = query.bind(game.0);
    }
    let rows = query.fetch_all(conn).await?;
    rows.iter().map(decode_move).collect()
}

/// The move at one ply of a game, if played.
///
/// # Errors
/// Database failure.
pub async fn move_at(conn: &mut Conn, game: GameId, ply: u32) -> Result<Option<MoveRow>, Error> {
    let row = sqlx::query(
        "SELECT game_id, ply, notation, player_id, played_ms, request_key
         FROM moves WHERE game_id = $1 AND ply = $2",
    )
    .bind(game.0)
    .bind(i64::from(ply))
    .fetch_optional(conn)
    .await?;
    row.as_ref().map(decode_move).transpose()
}

/// The move stored with this idempotency key, if any.
///
/// # Errors
/// Database failure.
pub async fn move_by_request_key(conn: &mut Conn, key: &str) -> Result<Option<MoveRow>, Error> {
    let row = sqlx::query(
        "SELECT game_id, ply, notation, player_id, played_ms, request_key
         FROM moves WHERE request_key = $1",
    )
    .bind(key)
    .fetch_optional(conn)
    .await?;
    row.as_ref().map(decode_move).transpose()
}
