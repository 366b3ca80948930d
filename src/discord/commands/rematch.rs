//! The Rematch button of a finished game: the same options with colours swapped, offered to
//! the other player like a challenge; against the computer the new game starts at once.

use poise::serenity_prelude::CreateInteractionResponse;

use super::challenge;
use tracing::warn;

use crate::discord::context::{Click, Deferred, split};
use crate::discord::delivery::announce;
use crate::discord::{Error, board};
use crate::games::{ChallengeCreated, GameId};
use crate::i18n::Msg;

/// Offers the rematch of `game` on behalf of the clicker; a slow write is deferred (the offer
/// then follows up, a refusal privately).
pub async fn click(click: &Click<'_>, game: GameId) -> Result<(), Error> {
    let data = click.data();
    let by = click.player();
    let received_ms = data.service.now_ms();
    let lang = click.public_lang();
    let work = data.service.rematch(game, &by, lang);
    let created = click.unless_quick(work, Deferred::Click).await;
    match split(created)? {
        Err(refusal) => click.refuse(&refusal).await,
        Ok(ChallengeCreated::Pending(offer)) if click.clicked_in(offer.channel) => {
            challenge::post_for_click(click, &offer, lang).await
        }
        Ok(ChallengeCreated::Pending(offer)) => {
            // Clicked away from the game (a board that came by DM): the offer goes where the
            // game was played, where the opponent can see it, and the clicker is told here.
            let posted = challenge::post_at_place(click.http(), data, &offer, game, lang).await;
            let mine = click.lang();
            let text = match posted {
                Ok(()) => mine.text(&Msg::Done),
                Err(e) => {
                    warn!(%game, error = %e, "could not post a rematch where its game was");
                    // Nobody can see it: withdrawn, so that it may be offered again.
                    challenge::withdraw(data, &offer).await;
                    mine.text(&Msg::Internal)
                }
            };
            click.privately(text).await
        }
        Ok(ChallengeCreated::AiGame(started)) => {
            let game = started.game;
            let first_turn = data.service.claim_computer_reply(&game);
            // The game exists now: it starts (and the computer moves) even if the click
            // cannot be answered (a deferred click is answered already).
            if !click.is_deferred() {
                let acknowledge = CreateInteractionResponse::Acknowledge;
                if let Err(e) = click.answer(acknowledge).await {
                    warn!(game = %game.id, error = %e, "could not answer a rematch click");
                }
            }
            data.keep_token(&game, &click.token, received_ms, click.channel_id)
                .await;
            let content = lang.text(&Msg::GameStarted(&game));
            let seen = click.channel.as_ref();
            if board::post_first(click.http(), data, &game, content, lang, seen).await {
                announce::delivered_here(data, started.announcement).await;
            }
            data.service.play_computer(first_turn, game);
            Ok(())
        }
    }
}
