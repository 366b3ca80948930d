//! The tournament tables: `tournaments`, their `tournament_entries` (who plays),
//! `tournament_pairings` (each round's games and byes) and `tournament_log` (what the
//! organiser changed by hand). A tournament's changes are made holding its lock
//! ([`super::Key::Tournament`]), so these statements need no compare-and-swap of their own,
//! except the start, which also guards against a second start.

use monkey_queen_core::{Color, GameOptions};
use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Conn, Error, corrupt, count, db_id, discord_id, flag};
use crate::model::{
    ChannelId, Entrant, GameId, GuildId, Lang, LogLine, MessageId, Pairing, PairingResult,
    Tournament, TournamentFormat, TournamentId, TournamentStatus, UserId, color_from_word,
    color_word,
};

/// A new tournament, taking sign-ups.
#[derive(Debug, Clone)]
pub struct NewTournamentRow<'a> {
    /// The server.
    pub guild: GuildId,
    /// Where its message and games go.
    pub channel: ChannelId,
    /// Its name.
    pub name: &'a str,
    /// Round robin or Swiss.
    pub format: TournamentFormat,
    /// Swiss: the rounds to play; round robin: 0 (set at the start).
    pub rounds: u32,
    /// Round robin: 1, or 2 for a double round robin; Swiss: 1.
    pub cycles: u32,
    /// Board size, queen height, pie rule of its games.
    pub options: GameOptions,
    /// Its games' clock per move.
    pub move_time_ms: Option<i64>,
    /// Whether its games are rated.
    pub rated: bool,
    /// How many may join.
    pub max_players: u32,
    /// When it starts by itself, if it does.
    pub starts_ms: Option<i64>,
    /// Who made it.
    pub organiser: UserId,
    /// The language of its public messages.
    pub lang: Lang,
    /// When.
    pub created_ms: i64,
}

/// The statement reading tournaments, with `$where` after its `FROM`.
macro_rules! select_tournaments {
    ($where:literal) => {
        concat!(
            "SELECT id, guild_id, channel_id, thread_id, message_id, name, format, rounds,
                 cycles, board_size, queen_height, CAST(pie AS INTEGER) AS pie, move_time_ms,
                 CAST(rated AS INTEGER) AS rated, max_players, starts_ms, status, round,
                 organiser_id, lang, created_ms, started_ms, finished_ms, initial_color
             FROM tournaments ",
            $where
        )
    };
}

/// Stores a new tournament taking sign-ups; returns its id.
///
/// # Errors
/// Database failure (the organiser must be in `players`).
pub async fn insert_tournament(
    conn: &mut Conn,
    new: &NewTournamentRow<'_>,
) -> Result<TournamentId, Error> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO tournaments (guild_id, channel_id, name, format, rounds, board_size,
             queen_height, pie, move_time_ms, rated, max_players, starts_ms, status,
             organiser_id, lang, created_ms, cycles)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'signup', $13, $14, $15,
             $16)
         RETURNING id",
    )
    .bind(db_id(new.guild.0))
    .bind(db_id(new.channel.0))
    .bind(new.name)
    .bind(new.format.as_str())
    .bind(i64::from(new.rounds))
    .bind(i64::from(new.options.size()))
    .bind(i64::from(new.options.queen_height()))
    .bind(new.options.pie())
    .bind(new.move_time_ms)
    .bind(new.rated)
    .bind(i64::from(new.max_players))
    .bind(new.starts_ms)
    .bind(db_id(new.organiser.0))
    .bind(new.lang.tag())
    .bind(new.created_ms)
    .bind(i64::from(new.cycles))
    .fetch_one(conn)
    .await?;
    Ok(TournamentId(id))
}

/// A tournament by id.
///
/// # Errors
/// Database failure, or a row that can't be read back.
pub async fn tournament(conn: &mut Conn, id: TournamentId) -> Result<Option<Tournament>, Error> {
    let row = sqlx::query(select_tournaments!("WHERE id = $1"))
        .bind(id.0)
        .fetch_optional(conn)
        .await?;
    row.as_ref().map(decode_tournament).transpose()
}

/// A server's tournaments, newest first: `limit` of them after skipping `offset`.
///
/// # Errors
/// Database failure, or a row that can't be read back.
pub async fn guild_tournaments(
    conn: &mut Conn,
    guild: GuildId,
    offset: u64,
    limit: u32,
) -> Result<Vec<Tournament>, Error> {
    let rows = sqlx::query(select_tournaments!(
        "WHERE guild_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(db_id(guild.0))
    .bind(i64::from(limit))
    .bind(i64::try_from(offset).unwrap_or(i64::MAX))
    .fetch_all(conn)
    .await?;
    rows.iter().map(decode_tournament).collect()
}

/// How many tournaments a server has had.
///
/// # Errors
/// Database failure.
pub async fn count_guild_tournaments(conn: &mut Conn, guild: GuildId) -> Result<u64, Error> {
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM tournaments WHERE guild_id = $1")
        .bind(db_id(guild.0))
        .fetch_one(conn)
        .await?;
    Ok(count.unsigned_abs())
}

/// The tournaments taking sign-ups whose start time has come, oldest first.
///
/// # Errors
/// Database failure.
pub async fn due_tournaments(conn: &mut Conn, now: i64) -> Result<Vec<TournamentId>, Error> {
    let ids: Vec<i64> = sqlx::query_scalar(
        "SELECT id FROM tournaments WHERE status = 'signup' AND starts_ms <= $1 ORDER BY id",
    )
    .bind(now)
    .fetch_all(conn)
    .await?;
    Ok(ids.into_iter().map(TournamentId).collect())
}

/// Records where the tournament's message (and thread) are.
///
/// # Errors
/// Database failure.
pub async fn set_tournament_message(
    conn: &mut Conn,
    id: TournamentId,
    message: MessageId,
    thread: Option<ChannelId>,
) -> Result<(), Error> {
    sqlx::query("UPDATE tournaments SET message_id = $2, thread_id = $3 WHERE id = $1")
        .bind(id.0)
        .bind(db_id(message.0))
        .bind(thread.map(|t| db_id(t.0)))
        .execute(conn)
        .await?;
    Ok(())
}

/// Starts a tournament taking sign-ups, to play `rounds` rounds with the initial colour
/// drawn for it (see [`Tournament::initial_color`]); `false` if it was not taking sign-ups
/// any more (started already).
///
/// # Errors
/// Database failure.
pub async fn start_tournament(
    conn: &mut Conn,
    id: TournamentId,
    rounds: u32,
    initial_color: Color,
    now: i64,
) -> Result<bool, Error> {
    let done = sqlx::query(
        "UPDATE tournaments SET status = 'running', rounds = $2, started_ms = $3,
             initial_color = $4
         WHERE id = $1 AND status = 'signup'",
    )
    .bind(id.0)
    .bind(i64::from(rounds))
    .bind(now)
    .bind(color_word(initial_color))
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Moves a running tournament to `round`.
///
/// # Errors
/// Database failure.
pub async fn set_round(conn: &mut Conn, id: TournamentId, round: u32) -> Result<(), Error> {
    sqlx::query("UPDATE tournaments SET round = $2 WHERE id = $1")
        .bind(id.0)
        .bind(i64::from(round))
        .execute(conn)
        .await?;
    Ok(())
}

/// Marks a tournament finished.
///
/// # Errors
/// Database failure.
pub async fn finish_tournament(conn: &mut Conn, id: TournamentId, now: i64) -> Result<(), Error> {
    sqlx::query("UPDATE tournaments SET status = 'finished', finished_ms = $2 WHERE id = $1")
        .bind(id.0)
        .bind(now)
        .execute(conn)
        .await?;
    Ok(())
}

/// The players of a tournament: by seat once seated, else in the order they joined.
///
/// # Errors
/// Database failure, or a row that can't be read back.
pub async fn entries(conn: &mut Conn, id: TournamentId) -> Result<Vec<Entrant>, Error> {
    let rows = sqlx::query(
        "SELECT e.user_id, p.display_name, e.seat, e.rating, e.joined_ms, e.withdrawn_round,
             e.timeouts_in_row
         FROM tournament_entries e JOIN players p ON p.user_id = e.user_id
         WHERE e.tournament_id = $1 ORDER BY e.seat, e.joined_ms, e.user_id",
    )
    .bind(id.0)
    .fetch_all(conn)
    .await?;
    rows.iter().map(decode_entry).collect()
}

/// Adds a player with their rating now; `false` if they were in already.
///
/// # Errors
/// Database failure (the player must be in `players`).
pub async fn insert_entry(
    conn: &mut Conn,
    id: TournamentId,
    user: UserId,
    rating: f64,
    now: i64,
) -> Result<bool, Error> {
    let done = sqlx::query(
        "INSERT INTO tournament_entries (tournament_id, user_id, rating, joined_ms)
         VALUES ($1, $2, $3, $4) ON CONFLICT (tournament_id, user_id) DO NOTHING",
    )
    .bind(id.0)
    .bind(db_id(user.0))
    .bind(rating)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Removes a player (before the start); `false` if they were not in.
///
/// # Errors
/// Database failure.
pub async fn delete_entry(conn: &mut Conn, id: TournamentId, user: UserId) -> Result<bool, Error> {
    let done =
        sqlx::query("DELETE FROM tournament_entries WHERE tournament_id = $1 AND user_id = $2")
            .bind(id.0)
            .bind(db_id(user.0))
            .execute(conn)
            .await?;
    Ok(done.rows_affected() == 1)
}

/// Seats a player at the start, with their rating then.
///
/// # Errors
/// Database failure.
pub async fn seat_entry(
    conn: &mut Conn,
    id: TournamentId,
    user: UserId,
    seat: u32,
    rating: f64,
) -> Result<(), Error> {
    sqlx::query(
        "UPDATE tournament_entries SET seat = $3, rating = $4
         WHERE tournament_id = $1 AND user_id = $2",
    )
    .bind(id.0)
    .bind(db_id(user.0))
    .bind(i64::from(seat))
    .bind(rating)
    .execute(conn)
    .await?;
    Ok(())
}

/// Withdraws a player in `round`; `false` if they had been withdrawn already.
///
/// # Errors
/// Database failure.
pub async fn withdraw_entry(
    conn: &mut Conn,
    id: TournamentId,
    user: UserId,
    round: u32,
) -> Result<bool, Error> {
    let done = sqlx::query(
        "UPDATE tournament_entries SET withdrawn_round = $3
         WHERE tournament_id = $1 AND user_id = $2 AND withdrawn_round IS NULL",
    )
    .bind(id.0)
    .bind(db_id(user.0))
    .bind(i64::from(round))
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Sets how many games in a row a player has lost on time.
///
/// # Errors
/// Database failure.
pub async fn set_timeouts_in_row(
    conn: &mut Conn,
    id: TournamentId,
    user: UserId,
    count: u32,
) -> Result<(), Error> {
    sqlx::query(
        "UPDATE tournament_entries SET timeouts_in_row = $3
         WHERE tournament_id = $1 AND user_id = $2",
    )
    .bind(id.0)
    .bind(db_id(user.0))
    .bind(i64::from(count))
    .execute(conn)
    .await?;
    Ok(())
}

/// Stores a pairing.
///
/// # Errors
/// Database failure (e.g. the same board twice).
pub async fn insert_pairing(
    conn: &mut Conn,
    id: TournamentId,
    pairing: &Pairing,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO tournament_pairings
             (tournament_id, round, board, white_id, black_id, game_id, result)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(id.0)
    .bind(i64::from(pairing.round))
    .bind(i64::from(pairing.board))
    .bind(db_id(pairing.white.0))
    .bind(pairing.black.map(|b| db_id(b.0)))
    .bind(pairing.game.map(|g| g.0))
    .bind(pairing.result.as_str())
    .execute(conn)
    .await?;
    Ok(())
}

/// Every pairing of a tournament, round by round, board by board.
///
/// # Errors
/// Database failure, or a row that can't be read back.
pub async fn pairings(conn: &mut Conn, id: TournamentId) -> Result<Vec<Pairing>, Error> {
    let rows = sqlx::query(
        "SELECT round, board, white_id, black_id, game_id, result FROM tournament_pairings
         WHERE tournament_id = $1 ORDER BY round, board",
    )
    .bind(id.0)
    .fetch_all(conn)
    .await?;
    rows.iter().map(decode_pairing).collect()
}

/// Sets a pairing's result.
///
/// # Errors
/// Database failure.
pub async fn set_pairing_result(
    conn: &mut Conn,
    id: TournamentId,
    round: u32,
    board: u32,
    result: PairingResult,
) -> Result<(), Error> {
    sqlx::query(
        "UPDATE tournament_pairings SET result = $4
         WHERE tournament_id = $1 AND round = $2 AND board = $3",
    )
    .bind(id.0)
    .bind(i64::from(round))
    .bind(i64::from(board))
    .bind(result.as_str())
    .execute(conn)
    .await?;
    Ok(())
}

/// Records the result of a pairing's game, with the colours its players ended with (a
/// pie-rule swap exchanges them).
///
/// # Errors
/// Database failure.
pub async fn settle_pairing(
    conn: &mut Conn,
    id: TournamentId,
    pairing: &Pairing,
    white: UserId,
    black: UserId,
    result: PairingResult,
) -> Result<(), Error> {
    sqlx::query(
        "UPDATE tournament_pairings SET white_id = $4, black_id = $5, result = $6
         WHERE tournament_id = $1 AND round = $2 AND board = $3",
    )
    .bind(id.0)
    .bind(i64::from(pairing.round))
    .bind(i64::from(pairing.board))
    .bind(db_id(white.0))
    .bind(db_id(black.0))
    .bind(result.as_str())
    .execute(conn)
    .await?;
    Ok(())
}

/// Writes a line of the organiser's log.
///
/// # Errors
/// Database failure.
pub async fn log_change(
    conn: &mut Conn,
    id: TournamentId,
    by: UserId,
    what: &str,
    now: i64,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO tournament_log (tournament_id, at_ms, by_id, what) VALUES ($1, $2, $3, $4)",
    )
    .bind(id.0)
    .bind(now)
    .bind(db_id(by.0))
    .bind(what)
    .execute(conn)
    .await?;
    Ok(())
}

/// The organiser's log, oldest first.
///
/// # Errors
/// Database failure.
pub async fn change_log(conn: &mut Conn, id: TournamentId) -> Result<Vec<LogLine>, Error> {
    let rows = sqlx::query(
        "SELECT at_ms, by_id, what FROM tournament_log WHERE tournament_id = $1 ORDER BY id",
    )
    .bind(id.0)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(LogLine {
                at_ms: row.try_get("at_ms")?,
                by: UserId(discord_id(row.try_get("by_id")?)),
                what: row.try_get("what")?,
            })
        })
        .collect()
}

fn decode_tournament(row: &AnyRow) -> Result<Tournament, Error> {
    let format: String = row.try_get("format")?;
    let status: String = row.try_get("status")?;
    let lang: String = row.try_get("lang")?;
    let initial_color: String = row.try_get("initial_color")?;
    let size: i64 = row.try_get("board_size")?;
    let height: i64 = row.try_get("queen_height")?;
    let options = GameOptions::new(
        u8::try_from(size).map_err(|_| corrupt("tournaments.board_size", size))?,
        u8::try_from(height).map_err(|_| corrupt("tournaments.queen_height", height))?,
        flag(row, "pie")?,
    )
    .map_err(|e| corrupt("tournaments.board_size", e))?;
    Ok(Tournament {
        id: TournamentId(row.try_get("id")?),
        guild: GuildId(discord_id(row.try_get("guild_id")?)),
        channel: ChannelId(discord_id(row.try_get("channel_id")?)),
        thread: row
            .try_get::<Option<i64>, _>("thread_id")?
            .map(|t| ChannelId(discord_id(t))),
        message: row
            .try_get::<Option<i64>, _>("message_id")?
            .map(|m| MessageId(discord_id(m))),
        name: row.try_get("name")?,
        format: TournamentFormat::from_stored(&format)
            .ok_or_else(|| corrupt("tournaments.format", &format))?,
        rounds: count(row, "rounds")?,
        cycles: count(row, "cycles")?,
        options,
        move_time_ms: row.try_get("move_time_ms")?,
        rated: flag(row, "rated")?,
        max_players: count(row, "max_players")?,
        starts_ms: row.try_get("starts_ms")?,
        status: TournamentStatus::from_stored(&status)
            .ok_or_else(|| corrupt("tournaments.status", &status))?,
        round: count(row, "round")?,
        organiser: UserId(discord_id(row.try_get("organiser_id")?)),
        lang: Lang::from_tag(&lang).ok_or_else(|| corrupt("tournaments.lang", &lang))?,
        created_ms: row.try_get("created_ms")?,
        started_ms: row.try_get("started_ms")?,
        finished_ms: row.try_get("finished_ms")?,
        initial_color: color_from_word(&initial_color)
            .ok_or_else(|| corrupt("tournaments.initial_color", &initial_color))?,
    })
}

fn decode_entry(row: &AnyRow) -> Result<Entrant, Error> {
    Ok(Entrant {
        user: UserId(discord_id(row.try_get("user_id")?)),
        name: row.try_get("display_name")?,
        seat: optional_count(row, "seat")?,
        rating: row.try_get("rating")?,
        joined_ms: row.try_get("joined_ms")?,
        withdrawn_round: optional_count(row, "withdrawn_round")?,
        timeouts_in_row: count(row, "timeouts_in_row")?,
    })
}

fn decode_pairing(row: &AnyRow) -> Result<Pairing, Error> {
    let result: String = row.try_get("result")?;
    Ok(Pairing {
        round: count(row, "round")?,
        board: count(row, "board")?,
        white: UserId(discord_id(row.try_get("white_id")?)),
        black: row
            .try_get::<Option<i64>, _>("black_id")?
            .map(|b| UserId(discord_id(b))),
        game: row.try_get::<Option<i64>, _>("game_id")?.map(GameId),
        result: PairingResult::from_stored(&result)
            .ok_or_else(|| corrupt("tournament_pairings.result", &result))?,
    })
}

/// A nullable non-negative count column.
fn optional_count(row: &AnyRow, column: &str) -> Result<Option<u32>, Error> {
    let value: Option<i64> = row.try_get(column)?;
    value
        .map(|v| u32::try_from(v).map_err(|_| corrupt(column, v)))
        .transpose()
}
