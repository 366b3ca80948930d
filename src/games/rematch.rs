//! Rematches: the same options with colours swapped, offered by one player of a finished game.

use super::view::color_of;
use super::{
    ChallengeCreated, ColorChoice, GameId, GameService, GameStatus, Lang, NewChallenge, PlayerRef,
    Result, UserError,
};
use crate::storage;

impl GameService {
    /// Offers the other player of a finished game a rematch: the same board, pie rule, clock
    /// and ratedness, in the same place, and the colours swapped — whoever moved first in the
    /// finished game moves second (with the pie rule that is the player who started as White,
    /// whatever colour the swap gave them, R8). The offer speaks `lang` (picked from the
    /// asking interaction). The opponent accepts it like any challenge.
    /// Against the computer the rematch game starts at once ([`ChallengeCreated::AiGame`]).
    ///
    /// Only finished games are rematched: an aborted game has no result to answer, so its
    /// players make a new challenge instead. One rematch of a game may be pending or being
    /// played at a time.
    ///
    /// # Errors
    /// [`UserError::NoSuchGame`], [`UserError::NotParticipant`], [`UserError::NotFinished`],
    /// [`UserError::RematchPending`], [`UserError::RematchInProgress`], and the refusals of
    /// [`GameService::create_challenge`]; internal errors.
    pub async fn rematch(
        &self,
        game: GameId,
        by: &PlayerRef,
        lang: Lang,
    ) -> Result<ChallengeCreated> {
        self.rematch_owing(game, by, lang, false).await
    }

    /// [`Self::rematch`]; with `owe_offer`, a pending offer's message is owed to the chat in
    /// the outbox, due at once, in the transaction that makes the offer (for an offer made
    /// where no face posts it).
    pub(super) async fn rematch_owing(
        &self,
        game: GameId,
        by: &PlayerRef,
        lang: Lang,
        owe_offer: bool,
    ) -> Result<ChallengeCreated> {
        let row = {
            let mut conn = self.db.read().await?;
            storage::game(&mut conn, game)
                .await?
                .ok_or(UserError::NoSuchGame(game))?
        };
        if color_of(row.white, row.black, by.id).is_none() {
            return Err(UserError::NotParticipant { game }.into());
        }
        if row.status != GameStatus::Finished {
            return Err(UserError::NotFinished {
                game,
                status: row.status,
            }
            .into());
        }
        let first_mover = if row.swapped { row.black } else { row.white };
        let opponent = if by.id == row.white {
            PlayerRef::new(row.black, row.black_name)
        } else {
            PlayerRef::new(row.white, row.white_name)
        };
        let color = if by.id == first_mover {
            ColorChoice::Black
        } else {
            ColorChoice::White
        };
        let new = NewChallenge {
            challenger: by.clone(),
            opponent: Some(opponent),
            guild: row.guild,
            channel: row.channel,
            reach: row.reach,
            lang,
            options: row.options,
            color,
            move_time_ms: row.move_time_ms,
            rated: row.rated,
            ai_level: row.ai_level,
            rematch_of: Some(game),
        };
        self.create_challenge_owing(new, owe_offer).await
    }
}
