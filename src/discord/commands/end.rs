//! Ending a game early: `/resign` (confirmed with a button, also offered on every board) and
//! `/abort` (only before both players have moved).

use poise::CreateReply;
use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateButton, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, EditInteractionResponse,
};
use tracing::warn;

use super::play::game_ref;
use crate::discord::context::{Click, Command, Deferred, Privacy, split};
use crate::discord::custom_id::ComponentId;
use crate::discord::delivery::announce;
use crate::discord::delivery::retry::{Retry, retry};
use crate::discord::{Error, board};
use crate::games::{GameId, GameRef, GameView, UserError};
use crate::i18n::{Button, Lang, Msg};

/// Resign your game here (you will be asked to confirm).
pub async fn resign(ctx: Command<'_>, game: Option<i64>) -> Result<(), Error> {
    let lang = ctx.lang();
    let user = ctx.user();
    let read = ctx
        .data()
        .service
        .find_game(user, game_ref(ctx.channel_id(), game));
    // A read that waits defers the command (privately: only the caller sees the question).
    let view = match split(ctx.unless_quick(read, Privacy::Private).await)? {
        Ok(view) => view,
        Err(refusal) => return ctx.refuse(&refusal).await,
    };
    if let Some(refusal) = cannot_resign(&view, user) {
        return ctx.refuse(&refusal).await;
    }
    let text = lang.text(&Msg::ConfirmResign(view.id));
    let buttons = confirm_button(&view, lang);
    if ctx.is_deferred() {
        let edit = EditInteractionResponse::new()
            .content(text)
            .components(buttons);
        retry(
            "asking to confirm a resignation",
            Retry::ANSWER_EDIT,
            || ctx.interaction.edit_response(ctx.http(), edit.clone()),
        )
        .await?;
        return Ok(());
    }
    let reply = CreateReply::default()
        .content(text)
        .components(buttons)
        .ephemeral(true);
    ctx.send(reply).await?;
    Ok(())
}

/// Abort your game here: only before both players have moved; no result.
pub async fn abort(ctx: Command<'_>, game: Option<i64>) -> Result<(), Error> {
    let user = ctx.user();
    let data = ctx.data();
    let work = data.service.abort(user, game_ref(ctx.channel_id(), game));
    // The write may wait behind others: deferred (privately, as it may be refused) if so.
    match split(ctx.unless_quick(work, Privacy::Private).await)? {
        Ok(ended) => {
            let text = ctx.public_lang().text(&Msg::Aborted {
                game: ended.game.id,
                by: user,
            });
            let announced = announce_abort(ctx, text).await;
            if announced.is_ok() {
                announce::delivered_here(data, ended.announcement).await;
            }
            announced
        }
        Err(refusal) => ctx.refuse(&refusal).await,
    }
}

/// Answers an `/abort` that went through with `text`, its public announcement, in a message
/// of its own; the caller's private "thinking…", if it was deferred, is answered first.
async fn announce_abort(ctx: Command<'_>, text: String) -> Result<(), Error> {
    if ctx.is_deferred() {
        // The private "thinking…" is answered first, so that the announcement is a message of
        // its own (Discord's first follow-up would edit the deferral).
        ctx.privately(ctx.lang().text(&Msg::Done)).await?;
        let message = CreateInteractionResponseFollowup::new().content(text);
        let http = ctx.http();
        retry("announcing an abort", Retry::FOLLOW_UP, || {
            http.create_followup_message(&ctx.interaction.token, &message, Vec::new())
        })
        .await?;
        return Ok(());
    }
    // Retried while Discord is rate limiting or unavailable (see `first_answer::respond`).
    ctx.send(CreateReply::default().content(text)).await
}

/// Why `user` cannot resign `game` now, if they cannot.
fn cannot_resign(game: &GameView, user: crate::games::UserId) -> Option<UserError> {
    if game.color_of(user).is_none() {
        Some(UserError::NotParticipant { game: game.id })
    } else if !game.is_active() {
        Some(UserError::GameOver { game: game.id })
    } else {
        None
    }
}

fn confirm_button(game: &GameView, lang: Lang) -> Vec<CreateActionRow> {
    let id = ComponentId::ConfirmResign {
        game: game.id,
        ply: game.ply(),
    };
    vec![CreateActionRow::Buttons(vec![
        CreateButton::new(id.to_string())
            .label(lang.text(&Msg::Label(Button::ConfirmResign)))
            .style(ButtonStyle::Danger),
    ])]
}

/// The Resign button of a board message: asks the clicker to confirm (ephemerally). A read
/// that waits defers the click privately; the question then edits the "thinking…".
pub async fn offer(click: &Click<'_>, game: GameId, ply: u32) -> Result<(), Error> {
    let lang = click.lang();
    let user = click.user();
    let read = click.data().service.game(game);
    let view = match split(click.unless_quick(read, Deferred::Privately).await)? {
        Ok(view) => view,
        Err(refusal) => return click.refuse(&refusal).await,
    };
    let refusal = cannot_resign(&view, user).or_else(|| stale(&view, ply));
    if let Some(refusal) = refusal {
        return click.refuse(&refusal).await;
    }
    let text = lang.text(&Msg::ConfirmResign(view.id));
    let buttons = confirm_button(&view, lang);
    if click.is_deferred() {
        let edit = EditInteractionResponse::new()
            .content(text)
            .components(buttons);
        return click.edit(edit).await;
    }
    let reply = CreateInteractionResponseMessage::new()
        .content(text)
        .components(buttons)
        .ephemeral(true);
    click
        .answer(CreateInteractionResponse::Message(reply))
        .await
}

/// The confirmation button: resigns at the ply the question was asked at (the service refuses
/// if the game has moved on since), closes the question and posts the result board, which is
/// owed in the outbox until it is out. A slow write is deferred (the question is then closed by
/// an edit, a refusal follows up privately).
pub async fn confirm(click: &Click<'_>, game: GameId, ply: u32) -> Result<(), Error> {
    let data = click.data();
    let user = click.user();
    let received_ms = data.service.now_ms();
    let work = data.service.resign(user, GameRef::Id(game), Some(ply));
    let ended = match split(click.unless_quick(work, Deferred::Click).await)? {
        Ok(ended) => ended,
        Err(refusal) => return click.refuse(&refusal).await,
    };
    let finished = &ended.game;
    let public = click.public_lang();
    let text = match &finished.result {
        Some(result) => public.text(&Msg::GameOver(finished, result)),
        None => public.text(&Msg::BoardShown(finished)),
    };
    let closed = if click.is_deferred() {
        let edit = EditInteractionResponse::new()
            .content(text.clone())
            .components(Vec::new());
        click.edit(edit).await
    } else {
        let update = CreateInteractionResponseMessage::new()
            .content(text.clone())
            .components(Vec::new());
        click
            .answer(CreateInteractionResponse::UpdateMessage(update))
            .await
    };
    // The resignation is saved: the result board goes out even if the question could not be
    // closed (its button then answers that the game is over).
    if let Err(e) = closed {
        warn!(game = %game, error = %e, "could not close the resignation question");
    }
    data.keep_token(finished, &click.token, received_ms, click.channel_id)
        .await;
    // Owed in the outbox: posted from there after its grace unless it is out from here.
    if board::post(click.http(), data, finished, text, public).await {
        announce::delivered_here(data, ended.announcement).await;
    }
    Ok(())
}

/// A click offered at another ply than the game's: the position has changed since.
fn stale(game: &GameView, ply: u32) -> Option<UserError> {
    (game.ply() != ply).then_some(UserError::PositionChanged)
}
