//! Games whose player left: in a game without a move clock, once the player to move has been
//! silent for [`ABANDON_AFTER_MS`], the other player may claim the win (rated as the game is)
//! or call the game off (no result, unrated). The service decides who may, and when.

use super::end::Shown;
use super::view::color_of;
use super::{
    EndReason, GameEnded, GameId, GameRef, GameService, GameView, Result, UserError, UserId,
};
use crate::storage::Owed;

/// How long the player to move may stay silent before the other may claim the game: a week.
pub const ABANDON_AFTER_MS: i64 = 7 * 24 * 60 * 60 * 1000;

/// What the waiting player does with an abandoned game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// Take the win.
    Win,
    /// End it with no result.
    CallOff,
}

impl GameView {
    /// When the player waiting in this game may claim it: [`ABANDON_AFTER_MS`] after the last
    /// move (or the start); `None` for a game with a clock or one that is over.
    #[must_use]
    pub fn claimable_from(&self) -> Option<i64> {
        (self.is_active() && self.move_time_ms.is_none())
            .then(|| self.last_move_ms.unwrap_or(self.created_ms) + ABANDON_AFTER_MS)
    }
}

impl GameService {
    /// Whether `user` may claim `game` now (see [`GameService::claim_abandoned`]).
    #[must_use]
    pub fn may_claim(&self, game: &GameView, user: UserId) -> bool {
        game.color_of(user).is_some()
            && game.to_move.is_some_and(|to_move| to_move != user)
            && game
                .claimable_from()
                .is_some_and(|from| self.now_ms() >= from)
    }

    /// Claims `game`, seen at `ply`, for `user` as abandoned by the player to move: the win,
    /// or no result. Checked and written in one transaction, at that ply, with the announcement
    /// of the end, for the caller to post (see [`GameEnded::announcement`]).
    ///
    /// # Errors
    /// [`UserError::NoSuchGame`], [`UserError::NotParticipant`], [`UserError::GameOver`],
    /// [`UserError::HasClock`], [`UserError::NotAbandoned`], [`UserError::PositionChanged`];
    /// internal errors.
    pub async fn claim_abandoned(
        &self,
        user: UserId,
        game: GameId,
        ply: u32,
        claim: Claim,
    ) -> Result<GameEnded> {
        let row = self.active_game_of(user, GameRef::Id(game)).await?;
        if row.ply != ply {
            return Err(UserError::PositionChanged.into());
        }
        if row.move_time_ms.is_some() {
            return Err(UserError::HasClock.into());
        }
        let Some(color) = color_of(row.white, row.black, user) else {
            return Err(UserError::NotParticipant { game }.into());
        };
        if super::view::position_of(&row)?.turn() == color {
            return Err(UserError::NotAbandoned { claimable_ms: None }.into());
        }
        let claimable_ms = row.last_move_ms.unwrap_or(row.created_ms) + ABANDON_AFTER_MS;
        if self.now_ms() < claimable_ms {
            return Err(UserError::NotAbandoned {
                claimable_ms: Some(claimable_ms),
            }
            .into());
        }
        match claim {
            Claim::Win => {
                self.end(row, color, EndReason::Abandoned, Shown::ByCaller)
                    .await
            }
            Claim::CallOff => self.call_off(&row, Owed::CallOff { game, by: user }).await,
        }
    }
}
