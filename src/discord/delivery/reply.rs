//! Small helpers every handler uses: the caller's language, splitting service results into
//! refusals (shown to the user) and failures (logged), and ephemeral answers.

use poise::CreateReply;
use poise::serenity_prelude as serenity;
use serenity::{
    ComponentInteraction, CreateInteractionResponse, CreateInteractionResponseMessage,
    EditInteractionResponse,
};

use super::retry::{Retry, already_acknowledged, retry};
use crate::discord::{ApplicationContext, Error};
use crate::games::{
    Audience, ChannelId, GuildId, PlayerRef, ServiceError, UserError, UserId, Viewer,
};
use crate::i18n::{Lang, Msg};

/// A service answer: `Ok(Ok(value))`, a refusal to show the user, or an internal failure.
pub type Outcome<T> = Result<Result<T, UserError>, Error>;

/// Splits a service result: refusals become `Ok(Err(_))`, internal failures `Err(_)`.
pub fn split<T>(result: Result<T, ServiceError>) -> Outcome<T> {
    match result {
        Ok(value) => Ok(Ok(value)),
        Err(ServiceError::User(refusal)) => Ok(Err(refusal)),
        Err(ServiceError::Internal(e)) => Err(e.into()),
    }
}

/// The language of the person who sent the interaction.
pub fn user_lang(ctx: ApplicationContext<'_>) -> Lang {
    Lang::from_locale(&ctx.interaction.locale)
}

/// The language for messages everyone in the channel reads: the server's, else the caller's.
pub fn channel_lang(guild_locale: Option<&str>, user_locale: &str) -> Lang {
    Lang::from_locale(guild_locale.unwrap_or(user_locale))
}

/// The caller as a player: id and the name they show.
pub fn caller(ctx: ApplicationContext<'_>) -> PlayerRef {
    let user = &ctx.interaction.user;
    let name = ctx
        .interaction
        .member
        .as_ref()
        .and_then(|m| m.nick.clone())
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone());
    PlayerRef::new(UserId(user.id.get()), name)
}

/// The person who clicked a button, as a player.
pub fn clicker(click: &ComponentInteraction) -> PlayerRef {
    let user = &click.user;
    let name = click
        .member
        .as_ref()
        .and_then(|m| m.nick.clone())
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone());
    PlayerRef::new(UserId(user.id.get()), name)
}

/// Whether `click` was made in `channel`, or in a thread of it.
pub fn clicked_in(click: &ComponentInteraction, channel: crate::games::ChannelId) -> bool {
    click.channel_id.get() == channel.0
        || click
            .channel
            .as_ref()
            .and_then(|c| c.parent_id)
            .is_some_and(|parent| parent.get() == channel.0)
}

/// Answers a slash command with a message only the caller sees.
pub async fn ephemeral(ctx: ApplicationContext<'_>, text: String) -> Result<(), Error> {
    ctx.send(CreateReply::default().content(text).ephemeral(true))
        .await?;
    Ok(())
}

/// Defers a slash command's answer publicly ("thinking…" in the channel), retrying while
/// Discord is rate limiting or unavailable. When a retry is refused because an earlier attempt
/// did get through (its answer was lost), the command counts as deferred.
pub async fn defer_public(ctx: ApplicationContext<'_>) -> Result<(), Error> {
    defer(ctx, false).await
}

/// Defers a slash command's answer as [`defer_public`] does, but only the caller sees it (and
/// the answer that replaces it).
pub async fn defer_private(ctx: ApplicationContext<'_>) -> Result<(), Error> {
    defer(ctx, true).await
}

async fn defer(ctx: ApplicationContext<'_>, ephemeral: bool) -> Result<(), Error> {
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
    retry("editing a response", Retry::EDIT, || {
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

/// Answers a button click with a message only the clicker sees.
pub async fn ephemeral_click(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    text: String,
) -> Result<(), Error> {
    let reply = CreateInteractionResponseMessage::new()
        .content(text)
        .ephemeral(true);
    click
        .create_response(ctx, CreateInteractionResponse::Message(reply))
        .await?;
    Ok(())
}

/// Answers a button click with a refusal, in the clicker's language.
pub async fn refuse_click(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    refusal: &UserError,
) -> Result<(), Error> {
    let text = Lang::from_locale(&click.locale).text(&Msg::Refused(refusal));
    ephemeral_click(ctx, click, text).await
}

/// Who asks, and from where: the service decides what they may see (see
/// [`Viewer::may_see`]).
fn viewer(user: serenity::UserId, guild: Option<serenity::GuildId>) -> Viewer {
    Viewer {
        user: UserId(user.get()),
        guild: guild.map(|g| GuildId(g.get())),
    }
}

/// The sender of a slash command as a viewer.
pub fn command_viewer(ctx: ApplicationContext<'_>) -> Viewer {
    viewer(ctx.interaction.user.id, ctx.interaction.guild_id)
}

/// The person who clicked a button as a viewer.
pub fn click_viewer(click: &ComponentInteraction) -> Viewer {
    viewer(click.user.id, click.guild_id)
}

/// Everyone who reads the channel a slash command was sent in: the audience of a public
/// answer to it (see [`Audience::everyone_in`]).
pub fn command_audience(ctx: ApplicationContext<'_>) -> Audience {
    let guild = ctx.interaction.guild_id.map(|g| GuildId(g.get()));
    Audience::everyone_in(guild, ChannelId(ctx.interaction.channel_id.get()))
}

/// Everyone who reads the channel of a clicked message (see [`command_audience`]).
pub fn click_audience(click: &ComponentInteraction) -> Audience {
    let guild = click.guild_id.map(|g| GuildId(g.get()));
    Audience::everyone_in(guild, ChannelId(click.channel_id.get()))
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
