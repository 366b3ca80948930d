//! Each game's latest board, so that a newer board takes the buttons off the one it replaces
//! (Move and Resign there would only answer that the position changed). Kept in the database
//! with how the board may be edited (see [`Editable`]), so the process posting the next board
//! finds it whichever process posted it; forgotten when the game ends. Whether another game's
//! board came between the old board and the new one is read as the new one is recorded.

use super::DeliveryService;
use super::tokens::token_serves;
use crate::games::{ChannelId, GameId, GameView, MessageId, Result, UserError};
use crate::model::{AnnouncementId, Editable};
use crate::storage;

/// A board that a newer one replaced, and can still be edited.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replaced {
    /// The old board's message.
    pub message: MessageId,
    /// How it may be edited.
    pub editable: Editable,
    /// Whether another game's board was posted in the channel between it and the new one: it
    /// is no longer the message right above the new board, so its buttons, which invite a
    /// click, are worth an edit. Right above the new board they are not: the new board is in
    /// sight, and a click on the old one is refused and changes nothing.
    pub buried: bool,
}

impl DeliveryService {
    /// Records `message`, editable as `editable`, as the latest board of `game` (also where
    /// `/games` links to), and hands back the board it replaces if that one can still be
    /// edited now: in its channel, or through its interaction's token while that serves. Two
    /// boards posted at once, by two processes, each get a different predecessor. The board
    /// of a game that is over replaces nothing later: the game's board is forgotten.
    ///
    /// `delivers` is the announcement in the outbox that this board delivers, if any: it is
    /// reported delivered ([`Self::announced`]) in the same turn of the database's writing
    /// connection, which a busy bot's moves queue for.
    ///
    /// # Errors
    /// [`UserError::NoSuchGame`]; internal errors.
    pub async fn board_posted(
        &self,
        game: &GameView,
        message: MessageId,
        editable: Editable,
        delivers: Option<AnnouncementId>,
    ) -> Result<Option<Replaced>> {
        let db = self.games.db.clone();
        let (id, active) = (game.id, game.is_active());
        let recorded = self.games.db.on_writer(async move {
            let mut conn = db.write().await?;
            let board = storage::NewBoard {
                game: id,
                message,
                editable: &editable,
                active,
                delivers,
            };
            storage::record_board(&mut conn, &board).await
        });
        let recorded = recorded.await??;
        let Some(recorded) = recorded else {
            return Err(UserError::NoSuchGame(game.id).into());
        };
        if let Some((kind, created_ms)) = recorded.announced {
            self.record_delivery(&kind, created_ms);
        }
        let buried = recorded.buried;
        let now = self.games.now_ms();
        Ok(recorded
            .replaced
            .filter(|(old, how)| *old != message && still_editable(how, now))
            .map(|(message, editable)| Replaced {
                message,
                editable,
                buried,
            }))
    }
}

/// Whether a board editable as `how` can still be edited at `now_ms`.
fn still_editable(how: &Editable, now_ms: i64) -> bool {
    match how {
        Editable::InChannel(_)
        | Editable::ByToken {
            channel: Some(_), ..
        } => true,
        Editable::ByToken { received_ms, .. } => token_serves(*received_ms, now_ms),
    }
}

impl DeliveryService {
    /// Remembers the thread a game is shown in: later boards go there.
    ///
    /// # Errors
    /// [`UserError::NoSuchGame`]; internal errors.
    pub async fn set_game_thread(&self, id: GameId, thread: ChannelId) -> Result<()> {
        let mut conn = self.games.db.write().await?;
        if storage::set_game_thread(&mut conn, id, thread).await? {
            Ok(())
        } else {
            Err(UserError::NoSuchGame(id).into())
        }
    }
}
