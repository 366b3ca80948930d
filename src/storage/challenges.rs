//! The `challenges` table.

use monkey_queen_core::GameOptions;
use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Backend, Conn, Error, corrupt, db_id, discord_id, flag, int};
use crate::model::{
    Challenge, ChallengeId, ChallengeStatus, ChannelId, ColorChoice, GameId, GuildId, Lang,
    MessageId, Reach, UserId,
};

/// Everything needed to store a new challenge.
#[derive(Debug, Clone)]
pub struct NewChallengeRow {
    /// Who challenges.
    pub challenger: UserId,
    /// Who is challenged; `None` for an open challenge.
    pub challenged: Option<UserId>,
    /// The server, if any.
    pub guild: Option<GuildId>,
    /// Where the challenge was made.
    pub channel: ChannelId,
    /// How the bot reaches the channel.
    pub reach: Reach,
    /// The language of its public messages.
    pub lang: Lang,
    /// Board size, queen height, pie rule.
    pub options: GameOptions,
    /// The challenger's colour.
    pub color: ColorChoice,
    /// The per-move time limit, if any.
    pub move_time_ms: Option<i64>,
    /// Whether the game will be rated.
    pub rated: bool,
    /// When it was made.
    pub created_ms: i64,
    /// When it lapses unanswered.
    pub expires_ms: i64,
    /// The finished game this is a rematch of.
    pub rematch_of: Option<GameId>,
}

/// The columns every query returns, in order.
macro_rules! columns {
    () => {
        "id, challenger_id, challenged_id, guild_id, channel_id, reach, message_id, board_size,
         queen_height, CAST(pie AS INTEGER) AS pie, color_choice, move_time_ms,
         CAST(rated AS INTEGER) AS rated, status, created_ms, expires_ms, resolved_ms, game_id,
         rematch_of, lang"
    };
}

/// The stored `reach` column.
pub(super) fn reach(row: &AnyRow) -> Result<Reach, Error> {
    let word: String = row.try_get("reach")?;
    Reach::from_stored(&word).ok_or_else(|| corrupt("reach", &word))
}

/// The stored `lang` column.
pub(super) fn lang(row: &AnyRow) -> Result<Lang, Error> {
    let tag: String = row.try_get("lang")?;
    Lang::from_tag(&tag).ok_or_else(|| corrupt("lang", &tag))
}

fn decode(row: &AnyRow) -> Result<Challenge, Error> {
    let size: u8 = int(row, "board_size")?;
    let height: u8 = int(row, "queen_height")?;
    let options = GameOptions::new(size, height, flag(row, "pie")?)
        .map_err(|e| corrupt("challenges.board_size/queen_height", e))?;
    let color: String = row.try_get("color_choice")?;
    let status: String = row.try_get("status")?;
    let user = |column: &str| -> Result<Option<UserId>, Error> {
        Ok(row
            .try_get::<Option<i64>, _>(column)?
            .map(|id| UserId(discord_id(id))))
    };
    Ok(Challenge {
        id: ChallengeId(row.try_get("id")?),
        challenger: user("challenger_id")?.ok_or_else(|| corrupt("challenger_id", "NULL"))?,
        challenged: user("challenged_id")?,
        guild: row
            .try_get::<Option<i64>, _>("guild_id")?
            .map(|id| GuildId(discord_id(id))),
        channel: ChannelId(discord_id(row.try_get("channel_id")?)),
        reach: reach(row)?,
        lang: lang(row)?,
        message: row
            .try_get::<Option<i64>, _>("message_id")?
            .map(|id| MessageId(discord_id(id))),
        options,
        color: ColorChoice::from_stored(&color).ok_or_else(|| corrupt("color_choice", &color))?,
        move_time_ms: row.try_get("move_time_ms")?,
        rated: flag(row, "rated")?,
        status: ChallengeStatus::from_stored(&status)
            .ok_or_else(|| corrupt("challenges.status", &status))?,
        created_ms: row.try_get("created_ms")?,
        expires_ms: row.try_get("expires_ms")?,
        resolved_ms: row.try_get("resolved_ms")?,
        game: row.try_get::<Option<i64>, _>("game_id")?.map(GameId),
        rematch_of: row.try_get::<Option<i64>, _>("rematch_of")?.map(GameId),
    })
}

/// Stores a pending challenge unless one is already pending between the same two people in
/// the same channel (either way round), or, for a rematch, one is already pending for the
/// same game; `None` then. The check and the insert are one statement, so two simultaneous
/// requests cannot both pass.
///
/// # Errors
/// Database failure.
pub async fn insert_challenge(
    conn: &mut Conn,
    new: &NewChallengeRow,
) -> Result<Option<ChallengeId>, Error> {
    let id: Option<i64> = sqlx::query_scalar(
        "INSERT INTO challenges (challenger_id, challenged_id, guild_id, channel_id, board_size,
             queen_height, pie, color_choice, move_time_ms, rated, status, created_ms,
             expires_ms, rematch_of, reach, lang)
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending', $11, $12, $13, $14, $15
         WHERE ($2 IS NULL OR NOT EXISTS (
             SELECT 1 FROM challenges
             WHERE status = 'pending' AND channel_id = $4
               AND ((challenger_id = $1 AND challenged_id = $2)
                 OR (challenger_id = $2 AND challenged_id = $1))))
           AND ($13 IS NULL OR NOT EXISTS (
             SELECT 1 FROM challenges WHERE status = 'pending' AND rematch_of = $13))
         RETURNING id",
    )
    .bind(db_id(new.challenger.0))
    .bind(new.challenged.map(|u| db_id(u.0)))
    .bind(new.guild.map(|g| db_id(g.0)))
    .bind(db_id(new.channel.0))
    .bind(i64::from(new.options.size()))
    .bind(i64::from(new.options.queen_height()))
    .bind(new.options.pie())
    .bind(new.color.as_str())
    .bind(new.move_time_ms)
    .bind(new.rated)
    .bind(new.created_ms)
    .bind(new.expires_ms)
    .bind(new.rematch_of.map(|g| g.0))
    .bind(new.reach.as_str())
    .bind(new.lang.tag())
    .fetch_optional(conn)
    .await?;
    Ok(id.map(ChallengeId))
}

/// The pending challenge between two people in a channel, either way round, if any.
///
/// # Errors
/// Database failure.
pub async fn pending_between(
    conn: &mut Conn,
    channel: ChannelId,
    a: UserId,
    b: UserId,
) -> Result<Option<ChallengeId>, Error> {
    let id: Option<i64> = sqlx::query_scalar(
        "SELECT id FROM challenges
         WHERE status = 'pending' AND channel_id = $1
           AND ((challenger_id = $2 AND challenged_id = $3)
             OR (challenger_id = $3 AND challenged_id = $2))
         ORDER BY id LIMIT 1",
    )
    .bind(db_id(channel.0))
    .bind(db_id(a.0))
    .bind(db_id(b.0))
    .fetch_optional(conn)
    .await?;
    Ok(id.map(ChallengeId))
}

/// The pending rematch challenge of a game, if any.
///
/// # Errors
/// Database failure.
pub async fn pending_rematch(conn: &mut Conn, game: GameId) -> Result<Option<ChallengeId>, Error> {
    let id: Option<i64> = sqlx::query_scalar(
        "SELECT id FROM challenges WHERE status = 'pending' AND rematch_of = $1 ORDER BY id LIMIT 1",
    )
    .bind(game.0)
    .fetch_optional(conn)
    .await?;
    Ok(id.map(ChallengeId))
}

/// The challenge, if it exists.
///
/// # Errors
/// Database failure or a row that can't be read back.
pub async fn challenge(conn: &mut Conn, id: ChallengeId) -> Result<Option<Challenge>, Error> {
    let row = sqlx::query(concat!(
        "SELECT ",
        columns!(),
        " FROM challenges WHERE id = $1"
    ))
    .bind(id.0)
    .fetch_optional(conn)
    .await?;
    row.as_ref().map(decode).transpose()
}

/// Moves a pending challenge to `status`; `false` if it was no longer pending. One statement
/// that waits for the challenge's row and checks it again, so of two at once only one applies.
///
/// # Errors
/// Database failure.
pub async fn resolve_challenge(
    conn: &mut Conn,
    id: ChallengeId,
    status: ChallengeStatus,
    now: i64,
) -> Result<bool, Error> {
    let done = sqlx::query(
        "UPDATE challenges SET status = $2, resolved_ms = $3
         WHERE id = $1 AND status = 'pending'",
    )
    .bind(id.0)
    .bind(status.as_str())
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Links an accepted challenge to the game it started, in the transaction that accepted it.
///
/// # Errors
/// Database failure.
pub async fn set_challenge_game(
    conn: &mut Conn,
    id: ChallengeId,
    game: GameId,
) -> Result<(), Error> {
    sqlx::query("UPDATE challenges SET game_id = $2 WHERE id = $1")
        .bind(id.0)
        .bind(game.0)
        .execute(conn)
        .await?;
    Ok(())
}

/// Remembers the message that shows the challenge; `false` if there is no such challenge.
///
/// # Errors
/// Database failure.
pub async fn set_challenge_message(
    conn: &mut Conn,
    id: ChallengeId,
    message: MessageId,
) -> Result<bool, Error> {
    let done = sqlx::query("UPDATE challenges SET message_id = $2 WHERE id = $1")
        .bind(id.0)
        .bind(db_id(message.0))
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// How many challenges `user` has made that wait for an answer.
///
/// # Errors
/// Database failure.
pub async fn pending_challenge_count(conn: &mut Conn, user: UserId) -> Result<usize, Error> {
    let count: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM challenges WHERE challenger_id = $1 AND status = 'pending'",
    )
    .bind(db_id(user.0))
    .fetch_one(conn)
    .await?;
    Ok(usize::try_from(count).unwrap_or(usize::MAX))
}

/// When each challenge `user` made after `since_ms` was made, earliest first.
///
/// # Errors
/// Database failure.
pub async fn challenge_times_since(
    conn: &mut Conn,
    user: UserId,
    since_ms: i64,
) -> Result<Vec<i64>, Error> {
    sqlx::query_scalar(
        "SELECT created_ms FROM challenges WHERE challenger_id = $1 AND created_ms > $2
         ORDER BY created_ms",
    )
    .bind(db_id(user.0))
    .bind(since_ms)
    .fetch_all(conn)
    .await
}

/// The statement of [`expire_challenges`]: `$1` now. On PostgreSQL a challenge another
/// transaction holds (being accepted, declined, or expired by another sweeper) is skipped.
pub(super) fn expire_challenges_sql(backend: Backend) -> &'static str {
    macro_rules! expire {
        ($($lock:literal)?) => {
            concat!(
                "UPDATE challenges SET status = 'expired', resolved_ms = $1
                 WHERE id IN (
                     SELECT id FROM challenges WHERE status = 'pending' AND expires_ms <= $1",
                $($lock,)?
                ") RETURNING ",
                columns!()
            )
        };
    }
    match backend {
        Backend::Sqlite => expire!(),
        Backend::Postgres => expire!(" FOR NO KEY UPDATE SKIP LOCKED"),
    }
}

/// Marks every pending challenge whose time is up as expired and returns them; one another
/// transaction holds is left for the next sweep rather than waited for.
///
/// # Errors
/// Database failure.
pub async fn expire_challenges(conn: &mut Conn, now: i64) -> Result<Vec<Challenge>, Error> {
    let rows = sqlx::query(expire_challenges_sql(Backend::of(conn)))
        .bind(now)
        .fetch_all(conn)
        .await?;
    let mut expired = rows.iter().map(decode).collect::<Result<Vec<_>, _>>()?;
    expired.sort_by_key(|c| c.id);
    Ok(expired)
}
