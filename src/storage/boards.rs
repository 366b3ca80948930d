//! The `latest_boards` table: each active game's latest board message and how it may be
//! edited, so that the next board, whichever process posts it, takes its buttons off.
//!
//! Recording a board is one statement that also hands back the board it replaces: it moves
//! the row's board into its `replaced_` columns and returns them. Of two processes recording a
//! board of one game at once, the second replaces the first's, so neither is handed back twice.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::announcements::{announced, announced_sql, delete_announcement};
use super::{Backend, Conn, Error, Pooled, batch, corrupt, db_id, discord_id, flag};
use crate::model::{AnnouncementId, ChannelId, Editable, GameId, InteractionToken, MessageId};

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

/// The statement that records a board of an active game ($1) and returns the one it replaces:
/// it moves the row's board into its `replaced_` columns. The message is $2; the parameters
/// of the channel, token, whether the interaction's answer, and when it was received are
/// given.
macro_rules! replace_sql {
    ($channel:literal, $token:literal, $original:literal, $received:literal) => {
        concat!(
            "INSERT INTO latest_boards
                 (game_id, message_id, channel_id, token, original, received_ms)
             SELECT id, $2, ",
            $channel,
            ", ",
            $token,
            ", ",
            $original,
            ", ",
            $received,
            " FROM games WHERE id = $1 AND status = 'active'
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
                 CAST(replaced_original AS INTEGER) AS replaced_original, replaced_received_ms"
        )
    };
}

/// The statement that forgets a game's ($1) board and returns it.
macro_rules! take_sql {
    () => {
        concat!(
            "DELETE FROM latest_boards WHERE game_id = $1 RETURNING ",
            columns!()
        )
    };
}

/// The statement that remembers a board ($2) as its game's ($1) message, and says whether
/// another game's board came in the channel after `$old` (the board it replaces) and before it.
macro_rules! set_message_sql {
    ($old:literal) => {
        concat!(
            "UPDATE games SET message_id = $2 WHERE id = $1
             RETURNING CAST(EXISTS (
                 SELECT 1 FROM games AS other
                 WHERE other.channel_id = games.channel_id AND other.id <> games.id
                   AND other.message_id > ",
            $old,
            " AND other.message_id < $2
             ) AS INTEGER) AS buried"
        )
    };
}

/// Records `message` as the latest board of the active game `game`, editable as `editable`,
/// and returns the board it replaces. One statement (see the module's doc): of two boards
/// recorded at once, each replaces a different one. `None` when the game had no board yet,
/// and when it is not active (nothing is recorded then).
async fn replace_board(
    conn: &mut Conn,
    game: GameId,
    message: MessageId,
    editable: &Editable,
) -> Result<Option<(MessageId, Editable)>, Error> {
    let (channel, token, original, received_ms) = stored(editable);
    let row = sqlx::query(replace_sql!("$3", "$4", "$5", "$6"))
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

/// The board of a game just posted, to record (see [`record_board`]).
#[derive(Debug, Clone)]
pub struct NewBoard<'a> {
    /// The game.
    pub game: GameId,
    /// Its message.
    pub message: MessageId,
    /// How it may be edited.
    pub editable: &'a Editable,
    /// Whether the game is still on: its board is kept, to be replaced by the next; otherwise
    /// the board kept is forgotten.
    pub active: bool,
    /// The announcement in the outbox the board delivers, if any.
    pub delivers: Option<AnnouncementId>,
}

/// What recording a board did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recorded {
    /// The announcement the board delivered, if it was still owed: its kind and when it was
    /// queued.
    pub announced: Option<(String, i64)>,
    /// The board kept before, that this one replaces.
    pub replaced: Option<(MessageId, Editable)>,
    /// Whether another game's board was posted in the same channel after the replaced board
    /// and before this one: then the replaced board is no longer the message right above it.
    pub buried: bool,
}

/// Records a game's new board: reports the announcement it delivers, remembers it as the
/// game's message, and, while the game is on, keeps it (and how it may be edited) in place of
/// the board kept before, or, once the game is over, forgets the board kept; returns what it
/// replaced. `None` if there is no such game. Of two boards of a game recorded at once, by two
/// processes, each replaces a different one.
///
/// On SQLite one batch, a transaction of its own ([`batch::run`]): one turn of the writing
/// connection instead of three. On PostgreSQL three statements, each a transaction of its own
/// locking one row: taking a game's row and its board's together would need an order that
/// every other transaction keeps (see `locks`).
///
/// # Errors
/// Database failure.
pub async fn record_board(
    conn: &mut Pooled,
    board: &NewBoard<'_>,
) -> Result<Option<Recorded>, Error> {
    match Backend::of(conn) {
        Backend::Sqlite => record_in_batch(conn, board).await,
        Backend::Postgres => record_statement_by_statement(conn, board).await,
    }
}

/// [`record_board`] on SQLite. Whether another board came between is read before the new
/// board takes the kept one's place, in the same transaction.
async fn record_in_batch(
    conn: &mut Pooled,
    board: &NewBoard<'_>,
) -> Result<Option<Recorded>, Error> {
    macro_rules! recording {
        ($keep_or_take:expr) => {
            concat!(
                "BEGIN IMMEDIATE; ",
                announced_sql!("$3"),
                "; ",
                set_message_sql!("(SELECT message_id FROM latest_boards WHERE game_id = $1)"),
                "; ",
                $keep_or_take,
                "; COMMIT;"
            )
        };
    }
    let (sql, prefix) = if board.active {
        (
            recording!(replace_sql!("$4", "$5", "$6", "$7")),
            "replaced_",
        )
    } else {
        (recording!(take_sql!()), "")
    };
    let (channel, token, original, received_ms) = stored(board.editable);
    let query = sqlx::query(sql)
        .bind(board.game.0)
        .bind(db_id(board.message.0))
        .bind(board.delivers.map(|id| id.0))
        .bind(channel)
        .bind(token)
        .bind(original)
        .bind(received_ms);
    let rows = batch::run(conn, query).await?;
    let with = |column: &str| rows.iter().find(|row| row.try_column(column).is_ok());
    let Some(moved) = with("buried") else {
        return Ok(None);
    };
    let announced = with("kind").map(announced).transpose()?;
    let replaced = with(&format!("{prefix}message_id"))
        .map(|row| decode(row, prefix))
        .transpose()?
        .flatten();
    Ok(Some(Recorded {
        announced,
        replaced,
        buried: flag(moved, "buried")?,
    }))
}

/// [`record_board`] on PostgreSQL. Whether another board came between is read once the new
/// board has taken the kept one's place, and told which one that was.
async fn record_statement_by_statement(
    conn: &mut Pooled,
    board: &NewBoard<'_>,
) -> Result<Option<Recorded>, Error> {
    let announced = match board.delivers {
        Some(id) => delete_announcement(conn, id).await?,
        None => None,
    };
    let replaced = if board.active {
        replace_board(conn, board.game, board.message, board.editable).await?
    } else {
        take_board(conn, board.game).await?
    };
    let row = sqlx::query(set_message_sql!("$3"))
        .bind(board.game.0)
        .bind(db_id(board.message.0))
        .bind(replaced.as_ref().map(|(old, _)| db_id(old.0)))
        .fetch_optional(&mut **conn)
        .await?;
    let Some(row) = row else { return Ok(None) };
    Ok(Some(Recorded {
        announced,
        replaced,
        buried: flag(&row, "buried")?,
    }))
}

/// Forgets `game`'s latest board (the game is over) and returns it, if one was kept.
///
/// # Errors
/// Database failure.
pub async fn take_board(
    conn: &mut Conn,
    game: GameId,
) -> Result<Option<(MessageId, Editable)>, Error> {
    let row = sqlx::query(take_sql!())
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
