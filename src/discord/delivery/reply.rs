//! Answering an interaction: a command's line only its caller sees, its deferral and the edit
//! that replaces it, a click's answer; and user text clipped before it is echoed back. The
//! handlers reach these through their context (`discord::context`).

use poise::CreateReply;
use poise::serenity_prelude as serenity;
use serenity::{ComponentInteraction, CreateInteractionResponse, EditInteractionResponse};

use super::retry::{Retry, already_acknowledged, retry};
use crate::discord::{ApplicationContext, Error};

/// Answers a slash command with a message only the caller sees.
pub async fn ephemeral(ctx: ApplicationContext<'_>, text: String) -> Result<(), Error> {
    ctx.send(CreateReply::default().content(text).ephemeral(true))
        .await?;
    Ok(())
}

/// Defers a slash command's answer ("thinking…"), only for the caller when `ephemeral`, else
/// in the channel, retrying while Discord is rate limiting or unavailable. When a retry is
/// refused because an earlier attempt did get through (its answer was lost), the command
/// counts as deferred.
pub async fn defer(ctx: ApplicationContext<'_>, ephemeral: bool) -> Result<(), Error> {
    let deferred = retry("deferring a command", Retry::INTERACTION, || {
        ctx.defer_response(ephemeral)
    })
    .await;
    match deferred {
        Err(e) if already_acknowledged(&e) => {
            // Later answers must be edits or follow-ups, as after a deferral of our own.
            ctx.has_sent_initial_response
                .store(true, std::sync::atomic::Ordering::SeqCst);
            Ok(())
        }
        deferred => Ok(deferred?),
    }
}

/// Replaces a deferred response with `text` (public or ephemeral, as it was deferred), retrying
/// while Discord is rate limiting or unavailable (an edit may be repeated harmlessly).
pub async fn edit_deferred(ctx: ApplicationContext<'_>, text: String) -> Result<(), Error> {
    retry("editing a response", Retry::ANSWER_EDIT, || {
        ctx.interaction.edit_response(
            ctx.serenity_context(),
            EditInteractionResponse::new().content(text.clone()),
        )
    })
    .await?;
    Ok(())
}

/// Answers a button click with `response`, retrying while Discord is rate limiting or
/// unavailable; an answer refused because an earlier attempt did get through counts as given.
pub async fn answer_click(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    response: CreateInteractionResponse,
) -> Result<(), Error> {
    let answered = retry("answering a click", Retry::INTERACTION, || {
        click.create_response(ctx, response.clone())
    })
    .await;
    match answered {
        Err(e) if already_acknowledged(&e) => Ok(()),
        answered => Ok(answered?),
    }
}

/// Cuts user text down before it is echoed back (Discord allows 2,000 characters a message).
pub fn clip(text: &str, max_chars: usize) -> String {
    if text.chars().count() <= max_chars {
        text.to_owned()
    } else {
        let mut cut: String = text.chars().take(max_chars).collect();
        cut.push('…');
        cut
    }
}
