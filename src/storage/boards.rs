//! The `latest_boards` table: each active game's latest board message and how it may be
//! edited, so that the next board, whichever process posts it, takes its buttons off.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Backend, Conn, Error, corrupt, db_id, discord_id, flag};
use crate::model::{ChannelId, Editable, GameId, InteractionToken, MessageId};

/// The columns every query returns, in order.
macro_rules! columns {
    () => {
        "message_id, channel_id, token, CAST(original AS INTEGER) AS original, received_ms"
    };
}

/// The values an [`Editable`] is stored as: channel, token, whether the answer, received.
type Stored<'a> = (Option<i64>, Option<&'a str>, bool, Option<i64>);

fn stored(editable: &Editable) -> Stored<'_> {
    match editable {
        Editable::InChannel(channel) => (Some(db_id(channel.0)), None, false, None),
        Editable::ByToken {
            token,
            original,
            received_ms,
            channel,
        } => (
            channel.map(|c| db_id(c.0)),
            Some(token.expose()),
            *original,
            Some(*received_ms),
        ),
    }
}

fn decode(row: &AnyRow) -> Result<(MessageId, Editable), Error> {
    let message = MessageId(discord_id(row.try_get("message_id")?));
    let channel = row
        .try_get::<Option<i64>, _>("channel_id")?
        .map(|id| ChannelId(discord_id(id)));
    let token: Option<String> = row.try_get("token")?;
    let received_ms: Option<i64> = row.try_get("received_ms")?;
    let editable = match (token, received_ms, channel) {
        (Some(token), Some(received_ms), channel) => Editable::ByToken {
            token: InteractionToken::new(token),
            original: flag(row, "original")?,
            received_ms,
            channel,
        },
        (None, None, Some(channel)) => Editable::InChannel(channel),
        _ => {
            return Err(corrupt(
                "latest_boards",
                format!("{message}: no way to edit"),
            ));
        }
    };
    Ok((message, editable))
}

/// Records `message` as the latest board of the active game `game`, editable as `editable`,
/// and returns the board it replaces. In the caller's write transaction; on PostgreSQL the
/// replaced row is locked first, so of two processes replacing one game's board at once the
/// second gets the first's board, never the same predecessor. `None`, with nothing recorded,
/// when the game has no board yet (this one is then recorded), or is not active.
///
/// # Errors
/// Database failure.
pub async fn replace_board(
    conn: &mut Conn,
    game: GameId,
    message: MessageId,
    editable: &Editable,
) -> Result<Option<(MessageId, Editable)>, Error> {
    let (channel, token, original, received_ms) = stored(editable);
    // The first board of a game is inserted; a concurrent insert makes this one wait for it
    // and then do nothing, so the replacing below sees it.
    let inserted: Option<i64> = sqlx::query_scalar(
        "INSERT INTO latest_boards (game_id, message_id, channel_id, token, original, received_ms)
         SELECT id, $2, $3, $4, $5, $6 FROM games WHERE id = $1 AND status = 'active'
         ON CONFLICT (game_id) DO NOTHING
         RETURNING game_id",
    )
    .bind(game.0)
    .bind(db_id(message.0))
    .bind(channel)
    .bind(token)
    .bind(original)
    .bind(received_ms)
    .fetch_optional(&mut *conn)
    .await?;
    if inserted.is_some() {
        return Ok(None);
    }
    let select = match Backend::of(conn) {
        // SQLite's write transaction holds the whole database already.
        Backend::Sqlite => concat!(
            "SELECT ",
            columns!(),
            " FROM latest_boards WHERE game_id = $1"
        ),
        Backend::Postgres => concat!(
            "SELECT ",
            columns!(),
            " FROM latest_boards WHERE game_id = $1 FOR UPDATE"
        ),
    };
    let Some(old) = sqlx::query(select)
        .bind(game.0)
        .fetch_optional(&mut *conn)
        .await?
    else {
        // The game is not active (or ended since): its boards are not kept.
        return Ok(None);
    };
    let old = decode(&old)?;
    sqlx::query(
        "UPDATE latest_boards
         SET message_id = $2, channel_id = $3, token = $4, original = $5, received_ms = $6
         WHERE game_id = $1",
    )
    .bind(game.0)
    .bind(db_id(message.0))
    .bind(channel)
    .bind(token)
    .bind(original)
    .bind(received_ms)
    .execute(conn)
    .await?;
    Ok(Some(old))
}

/// Forgets `game`'s latest board (the game is over) and returns it, if one was kept.
///
/// # Errors
/// Database failure.
pub async fn take_board(
    conn: &mut Conn,
    game: GameId,
) -> Result<Option<(MessageId, Editable)>, Error> {
    let row = sqlx::query(concat!(
        "DELETE FROM latest_boards WHERE game_id = $1 RETURNING ",
        columns!()
    ))
    .bind(game.0)
    .fetch_optional(conn)
    .await?;
    row.as_ref().map(decode).transpose()
}

/// Drops the token of every board whose interaction was received at or before
/// `received_by`: a board also in a channel is edited there from now on, the others are
/// forgotten (nothing can edit them). Returns how many boards were forgotten.
///
/// # Errors
/// Database failure.
pub async fn lapse_board_tokens(conn: &mut Conn, received_by: i64) -> Result<u64, Error> {
    let forgotten =
        sqlx::query("DELETE FROM latest_boards WHERE received_ms <= $1 AND channel_id IS NULL")
            .bind(received_by)
            .execute(&mut *conn)
            .await?;
    sqlx::query(
        "UPDATE latest_boards SET token = NULL, original = FALSE, received_ms = NULL
         WHERE received_ms <= $1",
    )
    .bind(received_by)
    .execute(conn)
    .await?;
    Ok(forgotten.rows_affected())
}
