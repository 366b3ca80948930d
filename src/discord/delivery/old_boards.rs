//! Boards that a newer board replaced lose their buttons (Move and Resign would only answer
//! that the position changed) when another game's board came between them in the channel: an
//! old board right above the new one keeps its buttons, which refuse stale clicks and change
//! nothing, so a move costs one REST call. The service keeps each game's latest board with how
//! the bot may edit it, in the database, and hands back the one a new board replaces (see
//! [`GameService::board_posted`](crate::games::GameService::board_posted)), whichever process
//! posted it: in its channel where the bot can post there, or through the interaction token
//! that made it while that token serves (Discord honours it for 15 minutes). Once the token is
//! too old, a board only it could edit keeps its buttons, which still refuse stale clicks.

use poise::serenity_prelude as serenity;
use serenity::{EditInteractionResponse, EditMessage, Http};
use tracing::{debug, warn};

use super::retry::{Retry, once, skipped_for_the_share};
use crate::games::{ChannelId, Editable, GameId, MessageId, token_serves};

/// Takes the buttons off the replaced board `message` at `now_ms`. A failure is only logged:
/// the old buttons refuse stale clicks anyway. So an edit in a channel, which counts against
/// the bot's global limit, is made only if the process's share has room at once: when boards
/// come faster than the share allows, they go first and old ones keep their buttons.
pub async fn strip_buttons(
    http: &Http,
    game: GameId,
    message: MessageId,
    editable: Editable,
    now_ms: i64,
) {
    let in_channel = |channel: ChannelId| async move {
        let edit = serenity::ChannelId::new(channel.0).edit_message(
            http,
            serenity::MessageId::new(message.0),
            EditMessage::new().components(Vec::new()),
        );
        once(
            "taking the buttons off an old board",
            Retry::SPARE_EDIT,
            edit,
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
        } if !token_serves(received_ms, now_ms) => in_channel(channel).await,
        Editable::ByToken {
            token, original, ..
        } => {
            let edit = EditInteractionResponse::new().components(Vec::new());
            if original {
                http.edit_original_interaction_response(token.expose(), &edit, Vec::new())
                    .await
                    .map(drop)
            } else {
                http.edit_followup_message(
                    token.expose(),
                    serenity::MessageId::new(message.0),
                    &serenity::CreateInteractionResponseFollowup::new().components(Vec::new()),
                    Vec::new(),
                )
                .await
                .map(drop)
            }
        }
    };
    match edited {
        Ok(()) => {}
        Err(e) if skipped_for_the_share(&e) => {
            debug!(%game, %message, "the buttons stay on an old board: the share is spent");
        }
        Err(e) => warn!(%game, %message, error = %e, "could not take the buttons off an old board"),
    }
}
