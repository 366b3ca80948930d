//! Boards that a newer board replaced lose their buttons (Move and Resign would only answer
//! that the position changed). Each game's latest board is remembered with how the bot may
//! edit it: in its channel where the bot can post there, or through the interaction token that
//! made it while that token serves (Discord honours it for 15 minutes). Kept in memory: after a
//! restart, or once the token is too old, the old board keeps its buttons, which still refuse
//! stale clicks.

use std::collections::HashMap;
use std::sync::Mutex;

use poise::serenity_prelude as serenity;
use serenity::{EditInteractionResponse, EditMessage, Http};
use tracing::warn;

use super::reach::TOKEN_LIFETIME_MS;
use crate::games::{ChannelId, GameId, MessageId};

/// How a board message can be edited later.
#[derive(Debug, Clone)]
pub enum Editable {
    /// A message the bot posted in a channel it may post in.
    InChannel(ChannelId),
    /// The answer (`original`) or a follow-up of the interaction with this token.
    ByToken {
        /// The interaction's token.
        token: String,
        /// Whether the board is the interaction's own answer.
        original: bool,
        /// When the interaction arrived (service clock).
        received_ms: i64,
        /// The channel it is in, when the bot may also edit it there once the token no longer
        /// serves (an edit through the token counts against no rate limit, so it goes first:
        /// a burst of games starting at once would meet the global limit in channels).
        channel: Option<ChannelId>,
    },
}

/// Each game's latest board, and how it can be edited.
#[derive(Debug, Default)]
pub struct LatestBoards(Mutex<HashMap<GameId, (MessageId, Editable)>>);

impl LatestBoards {
    /// Records `message` as `game`'s latest board; returns the board it replaces, if the bot
    /// can still edit that one at `now_ms`.
    pub fn replace(
        &self,
        game: GameId,
        message: MessageId,
        editable: Editable,
        now_ms: i64,
    ) -> Option<(MessageId, Editable)> {
        let mut boards = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let old = boards.insert(game, (message, editable))?;
        let still = match &old.1 {
            Editable::InChannel(_) => true,
            Editable::ByToken {
                received_ms,
                channel,
                ..
            } => channel.is_some() || serves(*received_ms, now_ms),
        };
        (still && old.0 != message).then_some(old)
    }

    /// Forgets a finished game's board (nothing will replace it).
    pub fn forget(&self, game: GameId) {
        let mut boards = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        boards.remove(&game);
    }
}

/// Whether the token of an interaction received at `received_ms` still serves at `now_ms`.
fn serves(received_ms: i64, now_ms: i64) -> bool {
    now_ms - received_ms < TOKEN_LIFETIME_MS
}

/// Takes the buttons off the replaced board `message` at `now_ms`. A failure is only logged:
/// the old buttons refuse stale clicks anyway.
pub async fn strip_buttons(
    http: &Http,
    game: GameId,
    message: MessageId,
    editable: Editable,
    now_ms: i64,
) {
    let in_channel = |channel: ChannelId| async move {
        serenity::ChannelId::new(channel.0)
            .edit_message(
                http,
                serenity::MessageId::new(message.0),
                EditMessage::new().components(Vec::new()),
            )
            .await
            .map(drop)
    };
    let edited = match editable {
        Editable::InChannel(channel) => in_channel(channel).await,
        Editable::ByToken {
            received_ms,
            channel: Some(channel),
            ..
        } if !serves(received_ms, now_ms) => in_channel(channel).await,
        Editable::ByToken {
            token, original, ..
        } => {
            let edit = EditInteractionResponse::new().components(Vec::new());
            if original {
                http.edit_original_interaction_response(&token, &edit, Vec::new())
                    .await
                    .map(drop)
            } else {
                http.edit_followup_message(
                    &token,
                    serenity::MessageId::new(message.0),
                    &serenity::CreateInteractionResponseFollowup::new().components(Vec::new()),
                    Vec::new(),
                )
                .await
                .map(drop)
            }
        }
    };
    if let Err(e) = edited {
        warn!(%game, %message, error = %e, "could not take the buttons off an old board");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn by_token(received_ms: i64) -> Editable {
        Editable::ByToken {
            token: "t".into(),
            original: true,
            received_ms,
            channel: None,
        }
    }

    #[test]
    fn a_replaced_board_is_handed_back_while_it_can_be_edited() {
        let boards = LatestBoards::default();
        let game = GameId(1);
        assert!(boards.replace(game, MessageId(1), by_token(0), 0).is_none());
        let old = boards.replace(game, MessageId(2), by_token(10), 10);
        assert_eq!(old.map(|(m, _)| m), Some(MessageId(1)));
        let late = 10 + TOKEN_LIFETIME_MS;
        assert!(
            boards
                .replace(game, MessageId(3), by_token(late), late)
                .is_none()
        );
        let channel = Editable::InChannel(ChannelId(5));
        boards.replace(game, MessageId(4), channel.clone(), late);
        let much_later = late * 10;
        let old = boards.replace(game, MessageId(5), channel, much_later);
        assert_eq!(
            old.map(|(m, _)| m),
            Some(MessageId(4)),
            "channel messages stay editable"
        );
        boards.forget(game);
        assert!(boards.replace(game, MessageId(6), by_token(0), 0).is_none());
    }

    #[test]
    fn a_board_also_editable_in_its_channel_stays_editable_once_its_token_lapses() {
        let boards = LatestBoards::default();
        let game = GameId(1);
        let first = Editable::ByToken {
            token: "t".into(),
            original: true,
            received_ms: 0,
            channel: Some(ChannelId(5)),
        };
        boards.replace(game, MessageId(1), first, 0);
        let late = TOKEN_LIFETIME_MS * 2;
        let old = boards.replace(game, MessageId(2), by_token(late), late);
        assert_eq!(old.map(|(m, _)| m), Some(MessageId(1)));
        assert!(!serves(0, late), "edited in its channel, then");
    }
}
