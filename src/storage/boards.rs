//! The `latest_boards` table: each active game's latest board message and how it may be
//! edited, so that the next board, whichever process posts it, takes its buttons off.
//!
//! Recording a board is one statement that also hands back the board it replaces: it moves
//! the row's board into its `replaced_` columns and returns them. Of two processes recording a
//! board of one game at once, the second replaces the first's, so neither is handed back twice.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Conn, Error, corrupt, db_id, discord_id, flag};
use crate::model::{ChannelId, Editable, GameId, InteractionToken, MessageId};

/// The columns of the current board, in order.
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

/// The board in the columns named `prefix` + the names of [`columns!`], if there is one.
fn decode(row: &AnyRow, prefix: &str) -> Result<Option<(MessageId, Editable)>, Error> {
    let column = |name: &str| format!("{prefix}{name}");
    let Some(message) = row.try_get::<Option<i64>, _>(column("message_id").as_str())? else {
        return Ok(None);
    };
    let message = MessageId(discord_id(message));
    let channel = row
        .try_get::<Option<i64>, _>(column("channel_id").as_str())?
        .map(|id| ChannelId(discord_id(id)));
    let token: Option<String> = row.try_get(column("token").as_str())?;
    let received_ms: Option<i64> = row.try_get(column("received_ms").as_str())?;
    let editable = match (token, received_ms, channel) {
        (Some(token), Some(received_ms), channel) => Editable::ByToken {
            token: InteractionToken::new(token),
            original: flag(row, &column("original"))?,
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
    Ok(Some((message, editable)))
}

/// Records `message` as the latest board of the active game `game`, editable as `editable`,
/// and returns the board it replaces. One statement (see the module's doc): of two boards
/// recorded at once, each replaces a different one. `None` when the game had no board yet,
/// and when it is not active (nothing is recorded then).
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
    let row = sqlx::query(
        "INSERT INTO latest_boards (game_id, message_id, channel_id, token, original, received_ms)
         SELECT id, $2, $3, $4, $5, $6 FROM games WHERE id = $1 AND status = 'active'
         ON CONFLICT (game_id) DO UPDATE
         SET replaced_message_id = latest_boards.message_id,
             replaced_channel_id = latest_boards.channel_id,
             replaced_token = latest_boards.token,
             replaced_original = latest_boards.original,
             replaced_received_ms = latest_boards.received_ms,
             message_id = excluded.message_id,
             channel_id = excluded.channel_id,
             token = excluded.token,
             original = excluded.original,
             received_ms = excluded.received_ms
         RETURNING replaced_message_id, replaced_channel_id, replaced_token,
             CAST(replaced_original AS INTEGER) AS replaced_original, replaced_received_ms",
    )
    .bind(game.0)
    .bind(db_id(message.0))
    .bind(channel)
    .bind(token)
    .bind(original)
    .bind(received_ms)
    .fetch_optional(conn)
    .await?;
    match row {
        Some(row) => decode(&row, "replaced_"),
        None => Ok(None),
    }
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
    match row {
        Some(row) => decode(&row, ""),
        None => Ok(None),
    }
}

/// Drops every token received at or before `received_by`: a board also in a channel is
/// edited there from now on, the others are forgotten (nothing can edit them), and the
/// replaced boards' copies are cleared. Returns how many boards were forgotten.
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
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "UPDATE latest_boards
         SET replaced_message_id = NULL, replaced_channel_id = NULL, replaced_token = NULL,
             replaced_original = FALSE, replaced_received_ms = NULL
         WHERE replaced_received_ms <= $1",
    )
    .bind(received_by)
    .execute(conn)
    .await?;
    Ok(forgotten.rows_affected())
}
