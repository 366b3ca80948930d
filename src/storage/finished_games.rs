//! The history of finished games: every finished game's id, the lists and counts an audience
//! may see, and a player's streak.

use sqlx::Row;

use super::games::{GameRow, decode_all, select_games};
use super::{Conn, Error, db_id};
use crate::model::{Audience, GameId, UserId};

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
