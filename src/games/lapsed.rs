//! What the sweep forgets of the state the processes share: interaction tokens Discord no
//! longer honours (kept for follow-ups, or for editing a board), cooldowns that hold nobody
//! back, and the Activity's launches once they lapse. Each is found through an index on its
//! time, so a sweep reads only what lapsed.

use super::TOKEN_LIFETIME_MS;
use super::{GameService, Result};
use crate::storage;

/// What one [`GameService::forget_lapsed`] deleted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Lapsed {
    /// Tokens kept for follow-ups.
    pub tokens: u64,
    /// Boards that could be edited only through their token (those also in a channel are
    /// edited there from now on).
    pub boards: u64,
    /// Players' cooldowns of heavy work.
    pub cooldowns: u64,
    /// Launches of the Activity that no longer name the game it opens on.
    pub launches: u64,
}

impl GameService {
    /// Deletes the tokens that no longer serve, the boards only they could edit, the
    /// cooldowns that are over and the lapsed launches of the Activity.
    ///
    /// # Errors
    /// Internal errors only; what was deleted before the failure stays deleted (it had lapsed).
    pub async fn forget_lapsed(&self) -> Result<Lapsed> {
        let now = self.now_ms();
        let received_by = now - TOKEN_LIFETIME_MS;
        let mut conn = self.db.write().await?;
        let tokens = storage::delete_tokens_received_by(&mut conn, received_by).await?;
        let boards = storage::lapse_board_tokens(&mut conn, received_by).await?;
        let started_by = now - self.config.heavy_cooldown_ms;
        let cooldowns = storage::delete_starts_by(&mut conn, started_by).await?;
        let launched_by = now - super::LAUNCH_LIFETIME_MS;
        let launches = storage::delete_launches_by(&mut conn, launched_by).await?;
        Ok(Lapsed {
            tokens,
            boards,
            cooldowns,
            launches,
        })
    }
}
