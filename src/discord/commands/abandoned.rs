//! The Claim buttons of a game the other player left (a week without a move, no clock), shown
//! to the waiting player with `/board`: take the win, whose result board is the click's public
//! answer, or call the game off with no result. The service decides who may, and when.

use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateButton, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
};
use tracing::warn;

use crate::discord::context::{Click, Deferred, split};
use crate::discord::custom_id::ComponentId;
use crate::discord::delivery::announce;
use crate::discord::delivery::retry::{Retry, retry};
use crate::discord::{Data, Error, board};
use crate::games::{ChannelId, Claim, GameEnded, GameId, GameView, UserId};
use crate::i18n::{Button, Lang, Msg};

/// The two Claim buttons, when `user` may claim `game` now; none otherwise.
pub fn buttons(data: &Data, game: &GameView, user: UserId, lang: Lang) -> Vec<CreateActionRow> {
    if !data.service.may_claim(game, user) {
        return Vec::new();
    }
    let (id, ply) = (game.id, game.ply());
    let button = |custom_id: ComponentId, label: Button, style: ButtonStyle| {
        CreateButton::new(custom_id.to_string())
            .label(lang.text(&Msg::Label(label)))
            .style(style)
    };
    vec![CreateActionRow::Buttons(vec![
        button(
            ComponentId::ClaimWin { game: id, ply },
            Button::ClaimWin,
            ButtonStyle::Success,
        ),
        button(
            ComponentId::CallOff { game: id, ply },
            Button::CallOff,
            ButtonStyle::Secondary,
        ),
    ])]
}

/// A click on either Claim button of `game`, made at `ply`. A slow write is deferred; the
/// result board is then a new message (a refusal one only the clicker sees). Clicked away from
/// where the game lives, the board goes there and the clicker is told privately. The end is
/// owed in the outbox until it is out.
pub async fn click(click: &Click<'_>, game: GameId, ply: u32, claim: Claim) -> Result<(), Error> {
    let data = click.data();
    let user = click.user();
    let received_ms = data.service.now_ms();
    let public = click.public_lang();
    let work = data.service.claim_abandoned(user, game, ply, claim);
    let ended = click.unless_quick(work, Deferred::Click).await;
    let how = click.deferred();
    let http = click.http();
    let ended = match split(ended)? {
        Ok(ended) => ended,
        Err(refusal) => return click.refuse(&refusal).await,
    };
    let GameEnded {
        game: ended,
        announcement,
    } = ended;
    let here = ended.place.shows_in(ChannelId(click.channel_id.get()));
    data.keep_token(&ended, &click.token, received_ms, click.channel_id)
        .await;
    let text = match &ended.result {
        Some(result) => public.text(&Msg::GameOver(&ended, result)),
        None => public.text(&Msg::CalledOff { game, by: user }),
    };
    if !here {
        if board::post(http, data, &ended, text, public).await {
            announce::delivered_here(data, announcement).await;
        }
        return click.privately(click.lang().text(&Msg::Done)).await;
    }
    if ended.result.is_none() {
        let called_off = match how {
            Deferred::Click => {
                let message = CreateInteractionResponseFollowup::new().content(text);
                retry("announcing a game called off", Retry::FOLLOW_UP, || {
                    click.create_followup(click.http(), message.clone())
                })
                .await
                .map(drop)
                .map_err(Error::from)
            }
            _ => {
                let message = CreateInteractionResponseMessage::new().content(text);
                click
                    .answer(CreateInteractionResponse::Message(message))
                    .await
            }
        };
        if called_off.is_ok() {
            announce::delivered_here(data, announcement).await;
        }
        return called_off;
    }
    let composed = board::compose(data, &ended, text.clone(), public).await?;
    // Owed in the outbox: posted from there after its grace unless it is out from here (then
    // reported with the board's place).
    let delivered = match how {
        Deferred::Click => {
            board::follow_up(http, data, &click.token, &ended, &composed, announcement).await
        }
        _ => board::answer_with(&click.asker(), data, &ended, composed, announcement).await,
    };
    if let Err(e) = delivered {
        warn!(%game, error = %e, "could not answer a claim with its board");
        if board::post(http, data, &ended, text, public).await {
            announce::delivered_here(data, announcement).await;
        }
    }
    Ok(())
}
