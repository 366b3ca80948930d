//! Reminders: the player to move is mentioned once when about a fifth of their time is left.

use super::{GameService, GameView, Result};
use crate::storage::{self, Owed};

impl GameService {
    /// Claims every reminder that has come due, queues its announcement (see
    /// [`GameService::next_announcement`]) and returns the games whose player to move is to be
    /// mentioned. Meant for a sweeper that calls it every few seconds, together with
    /// [`GameService::apply_timeouts`].
    ///
    /// Each reminder is claimed and queued once: it is marked sent in the transaction that
    /// finds it and queues it, so neither a second call nor a second process sees it again;
    /// the next move arms the next one. A game whose deadline has already passed gets no reminder (the timeout
    /// sweep settles it), and one where the bot is to move is claimed but not returned.
    ///
    /// # Errors
    /// Internal errors only. A game that can't be rebuilt fails the call with
    /// [`InternalError::Corrupt`](super::InternalError::Corrupt) naming it, and every
    /// reminder stays pending.
    pub async fn due_reminders(&self) -> Result<Vec<GameView>> {
        let now = self.now_ms();
        let mut tx = self.db.begin_write().await?;
        let ids = storage::claim_reminders(&mut tx, now).await?;
        let mut due = Vec::with_capacity(ids.len());
        for id in ids {
            let Some(row) = storage::game(&mut tx, id).await? else {
                continue;
            };
            let game = self.view(&mut tx, row).await?;
            if game.to_move.is_some() && game.to_move != self.config.bot_user {
                let owed = Owed::Reminder {
                    game: game.id,
                    ply: game.ply(),
                };
                self.queue(&mut tx, owed, now).await?;
                due.push(game);
            }
        }
        tx.commit().await?;
        Ok(due)
    }
}
