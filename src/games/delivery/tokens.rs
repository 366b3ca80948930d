//! The interaction tokens kept for games the bot reaches only through interactions (a group
//! DM, a server that did not invite it): the latest one of each game serves the follow-ups
//! nobody clicked for (the computer's move, a reminder, a loss on time) while Discord honours
//! it, a few times. Kept in the database, so whichever process delivers those uses the token
//! another process saw; the sweep deletes those that lapsed (see
//! [`GameService::forget_lapsed`]).

use super::DeliveryService;
use crate::games::{ChannelId, GameId, GameView, Reach, Result};
use crate::model::InteractionToken;
use crate::storage;

/// How long the bot uses an interaction's token for follow-ups: Discord honours it for 15
/// minutes; the margin covers a slow request and clocks that disagree.
pub const TOKEN_LIFETIME_MS: i64 = 14 * 60 * 1000;

/// How many follow-ups the bot makes on a kept token. Discord allows five per interaction of
/// an app that is only user-installed where it was made; one is left for the handler of the
/// interaction itself.
pub const KEPT_TOKEN_FOLLOW_UPS: u32 = 4;

/// Whether the token of an interaction received at `received_ms` still serves at `now_ms`.
#[must_use]
pub fn token_serves(received_ms: i64, now_ms: i64) -> bool {
    now_ms - received_ms < TOKEN_LIFETIME_MS
}

impl DeliveryService {
    /// Keeps the token of an interaction about `game` received at `received_ms` in
    /// `made_in`, when the bot can reach that game only through interactions and the
    /// interaction was made where the game lives: a click elsewhere (a board that came by DM,
    /// `/move game:` from another channel) changes nothing about where the game's boards and
    /// reminders go. A token received before the one kept is not kept.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn keep_token(
        &self,
        game: &GameView,
        token: &InteractionToken,
        received_ms: i64,
        made_in: ChannelId,
    ) -> Result<()> {
        if game.place.reach != Reach::Interactions || !game.place.shows_in(made_in) {
            return Ok(());
        }
        let mut conn = self.games.db.write().await?;
        storage::keep_token(&mut conn, game.id, token, received_ms).await?;
        Ok(())
    }

    /// The latest token kept for `game`, for one follow-up now, if it still serves one: at
    /// most [`KEPT_TOKEN_FOLLOW_UPS`] in all, across every process, within
    /// [`TOKEN_LIFETIME_MS`] of its interaction.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn take_token(&self, game: GameId) -> Result<Option<InteractionToken>> {
        let received_after = self.games.now_ms() - TOKEN_LIFETIME_MS;
        let mut conn = self.games.db.write().await?;
        Ok(storage::take_token(&mut conn, game, received_after, KEPT_TOKEN_FOLLOW_UPS).await?)
    }
}
