//! Slash commands that do not match what the bot registered: an unknown command, an option
//! missing, of the wrong type, out of range or not declared (an old registration still cached
//! by a client, or a forged payload). Each gets a short ephemeral answer in the caller's
//! language and runs nothing; autocomplete gets no suggestions.

use std::collections::HashSet;

use poise::serenity_prelude as serenity;
use poise::{BoxFuture, CommandInteractionType, CreateReply};
use serenity::{
    CommandInteraction, CreateAutocompleteResponse, CreateInteractionResponse,
    CreateInteractionResponseMessage,
};

use super::context::{Command, lang_of};
use super::{Context, Error};
use crate::i18n::Msg;

/// The framework-wide check: every option sent is one the command declares, and none twice.
/// poise itself ignores options it does not know; a `false` here makes the command a
/// [`poise::FrameworkError::CommandCheckFailed`], answered by [`refuse`].
pub fn options_are_declared(ctx: Context<'_>) -> BoxFuture<'_, Result<bool, Error>> {
    Box::pin(async move {
        let poise::Context::Application(app) = ctx else {
            return Ok(true);
        };
        let declared: HashSet<&str> = app.command().parameters.iter().map(|p| &*p.name).collect();
        let mut seen = HashSet::new();
        Ok(app
            .args
            .iter()
            .all(|o| declared.contains(o.name) && seen.insert(o.name)))
    })
}

/// Answers a command whose options do not fit it ([`Msg::MalformedCommand`]), or an
/// autocomplete request for one with no suggestions.
pub async fn refuse(ctx: Context<'_>) -> Result<(), Error> {
    if let poise::Context::Application(app) = ctx
        && app.interaction_type == CommandInteractionType::Autocomplete
    {
        return no_suggestions(app.serenity_context(), app.interaction).await;
    }
    let text = lang_of(ctx.locale().unwrap_or_default()).text(&Msg::MalformedCommand);
    ctx.send(CreateReply::default().content(text).ephemeral(true))
        .await?;
    Ok(())
}

/// Answers a command that came by HTTP and does not fit what the bot registered: unknown
/// ([`Msg::UnknownCommand`]) or with options that do not fit ([`Msg::MalformedCommand`]).
pub async fn refuse_command(ctx: Command<'_>, unknown: bool) -> Result<(), Error> {
    let msg = if unknown {
        Msg::UnknownCommand
    } else {
        Msg::MalformedCommand
    };
    ctx.privately(ctx.lang().text(&msg)).await
}

/// Answers a command the bot does not have ([`Msg::UnknownCommand`]), or an autocomplete
/// request for one with no suggestions.
pub async fn refuse_unknown(
    ctx: &serenity::Context,
    interaction: &CommandInteraction,
) -> Result<(), Error> {
    if interaction.data.autocomplete().is_some() {
        return no_suggestions(ctx, interaction).await;
    }
    let text = lang_of(&interaction.locale).text(&Msg::UnknownCommand);
    let reply = CreateInteractionResponseMessage::new()
        .content(text)
        .ephemeral(true);
    interaction
        .create_response(ctx, CreateInteractionResponse::Message(reply))
        .await?;
    Ok(())
}

/// An empty list of suggestions.
async fn no_suggestions(
    ctx: &serenity::Context,
    interaction: &CommandInteraction,
) -> Result<(), Error> {
    let empty = CreateInteractionResponse::Autocomplete(CreateAutocompleteResponse::new());
    interaction.create_response(ctx, empty).await?;
    Ok(())
}
