//! The Rematch button of a finished game: the same options with colours swapped, offered to
//! the other player like a challenge; against the computer the new game starts at once.

use poise::serenity_prelude as serenity;
use serenity::{ComponentInteraction, CreateInteractionResponse};

use super::challenge;
use tracing::warn;

use crate::discord::delivery::announce;
use crate::discord::delivery::deferral::{self, Deferred};
use crate::discord::delivery::reply::{answer_click, clicked_in, clicker, refuse_click, split};
use crate::discord::{Data, Error, board};
use crate::games::{ChallengeCreated, GameId};
use crate::i18n::{Lang, Msg};

/// Offers the rematch of `game` on behalf of the clicker; a slow write is deferred (the offer
/// then follows up, a refusal privately).
pub async fn click(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    game: GameId,
) -> Result<(), Error> {
    let by = clicker(click);
    let received_ms = data.service.now_ms();
    let lang = Lang::from_locale(click.guild_locale.as_deref().unwrap_or(&click.locale));
    let work = data.service.rematch(game, &by, lang);
    let defer = deferral::defer_click(ctx, click);
    let (created, deferred) = deferral::unless_quick(data.defer_after, work, defer).await;
    match split(created)? {
        Err(refusal) if deferred => deferral::refuse_deferred_click(ctx, click, &refusal).await,
        Err(refusal) => refuse_click(ctx, click, &refusal).await,
        Ok(ChallengeCreated::Pending(offer)) if clicked_in(click, offer.channel) => {
            challenge::post_for_click(ctx, data, click, &offer, lang, deferred).await
        }
        Ok(ChallengeCreated::Pending(offer)) => {
            // Clicked away from the game (a board that came by DM): the offer goes where the
            // game was played, where the opponent can see it, and the clicker is told here.
            let posted = challenge::post_at_place(&ctx.http, data, &offer, game, lang).await;
            let mine = Lang::from_locale(&click.locale);
            let text = match posted {
                Ok(()) => mine.text(&Msg::Done),
                Err(e) => {
                    warn!(%game, error = %e, "could not post a rematch where its game was");
                    // Nobody can see it: withdrawn, so that it may be offered again.
                    challenge::withdraw(data, &offer).await;
                    mine.text(&Msg::Internal)
                }
            };
            let how = if deferred {
                Deferred::Click
            } else {
                Deferred::No
            };
            deferral::privately(&ctx.http, click.id, &click.token, how, text).await
        }
        Ok(ChallengeCreated::AiGame(started)) => {
            let game = started.game;
            let first_turn = data.service.claim_computer_reply(&game);
            // The game exists now: it starts (and the computer moves) even if the click
            // cannot be answered (a deferred click is answered already).
            if !deferred {
                let acknowledge = CreateInteractionResponse::Acknowledge;
                if let Err(e) = answer_click(ctx, click, acknowledge).await {
                    warn!(game = %game.id, error = %e, "could not answer a rematch click");
                }
            }
            data.keep_token(&game, &click.token, received_ms, click.channel_id)
                .await;
            let content = lang.text(&Msg::GameStarted(&game));
            let seen = click.channel.as_ref();
            if board::post_first(&ctx.http, data, &game, content, lang, seen).await {
                announce::delivered_here(data, started.announcement).await;
            }
            data.service.play_computer(first_turn, game);
            Ok(())
        }
    }
}
