//! Games at one screen (`monkey-queen web`): the people at the screen take turns at one page,
//! so a request is made for whichever of them was to move at the ply the page showed.

use super::view::{self, player_id};
use super::{GameId, GameService, GameStatus, Result, UserError, UserId};
use crate::storage;

impl GameService {
    /// Which of `people` a request about `game`, made at `ply`, is made for: the player to
    /// move at that ply. A request repeated after it went through is made for the player who
    /// made that move, so [`Self::play`] recognises it (as [`UserError::AlreadyPlayed`]).
    ///
    /// # Errors
    /// [`UserError::NoSuchGame`]; [`UserError::PositionChanged`] when the game is at another
    /// ply and no person at the screen made the move after `ply`; [`UserError::GameOver`];
    /// [`UserError::NotYourTurn`] when the player to move is not at the screen (the
    /// computer); internal errors.
    pub async fn person_to_move(
        &self,
        game: GameId,
        people: &[UserId],
        ply: u32,
    ) -> Result<UserId> {
        let mut conn = self.db.read().await?;
        let row = storage::game(&mut conn, game)
            .await?
            .ok_or(UserError::NoSuchGame(game))?;
        if row.ply != ply {
            let next = storage::move_at(&mut conn, row.id, ply.saturating_add(1)).await?;
            return match next {
                Some(done) if ply < row.ply && people.contains(&done.player) => Ok(done.player),
                _ => Err(UserError::PositionChanged.into()),
            };
        }
        if row.status != GameStatus::Active {
            return Err(UserError::GameOver { game: row.id }.into());
        }
        let to_move = player_id(&row, view::position_of(&row)?.turn());
        if people.contains(&to_move) {
            Ok(to_move)
        } else {
            Err(UserError::NotYourTurn { to_move }.into())
        }
    }
}
