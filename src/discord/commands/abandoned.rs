//! The Claim buttons of a game the other player left (a week without a move, no clock), shown
//! to the waiting player with `/board`: take the win, whose result board is the click's public
//! answer, or call the game off with no result. The service decides who may, and when.

use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, ComponentInteraction, CreateActionRow, CreateButton, CreateInteractionResponse,
    CreateInteractionResponseMessage,
};

use crate::discord::custom_id::ComponentId;
use crate::discord::reply::{answer_click, clicker, refuse_click, split};
use crate::discord::{Data, Error, board};
use crate::games::{Claim, GameId, GameView, UserId};
use crate::i18n::{Button, Lang, Msg};

/// The two Claim buttons, when `user` may claim `game` now; none otherwise.
pub fn buttons(data: &Data, game: &GameView, user: UserId, lang: Lang) -> Vec<CreateActionRow> {
    if !data.service.may_claim(game, user) {
        return Vec::new();
    }
    let (id, ply) = (game.id.0, game.ply());
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

/// A click on either Claim button of `game`, made at `ply`.
pub async fn click(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    game: GameId,
    ply: u32,
    claim: Claim,
) -> Result<(), Error> {
    let user = clicker(click).id;
    let received_ms = data.service.now_ms();
    let public = Lang::from_locale(click.guild_locale.as_deref().unwrap_or(&click.locale));
    let ended = match split(data.service.claim_abandoned(user, game, ply, claim).await)? {
        Ok(ended) => ended,
        Err(refusal) => return refuse_click(ctx, click, &refusal).await,
    };
    data.keep_token(&ended, &click.token, received_ms);
    let Some(result) = &ended.result else {
        let text = public.text(&Msg::CalledOff { game, by: user });
        let message = CreateInteractionResponseMessage::new().content(text);
        return answer_click(ctx, click, CreateInteractionResponse::Message(message)).await;
    };
    let text = public.text(&Msg::GameOver(&ended, result));
    let composed = board::compose(data, &ended, text, public).await?;
    board::answer_with(&ctx.http, data, click.id, &click.token, &ended, composed).await?;
    Ok(())
}
