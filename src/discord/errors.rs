//! The bot's internal error type and the poise error handler.

use poise::serenity_prelude as serenity;
use poise::{CreateReply, FrameworkError};
use serenity::{
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
};
use tracing::{error, warn};

use super::context::{Click, Command, lang_of};
use super::delivery::retry;
use super::{Data, malformed};
use crate::i18n::Msg;

/// An internal failure: logged with context, never shown to users.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A request to Discord (or the gateway) failed.
    #[error("Discord request failed: {0}")]
    Discord(#[from] Box<serenity::Error>),
    /// Encoding an image failed.
    #[error("rendering failed: {0}")]
    Render(#[from] crate::render::RenderError),
    /// The game service failed (the database, a corrupt game).
    #[error("game service failed: {0}")]
    Service(#[from] crate::games::InternalError),
    /// A blocking or background task panicked or was cancelled.
    #[error("background task failed: {0}")]
    Task(#[from] tokio::task::JoinError),
    /// A request the bot built itself was refused.
    #[error("unexpected refusal: {0}")]
    Unexpected(String),
    /// Listening for the shutdown signal failed.
    #[error("signal handling failed: {0}")]
    Signal(#[from] std::io::Error),
}

impl Error {
    /// What the user is told of this failure: that the database can't be reached (try again
    /// in a moment), or the generic line.
    #[must_use]
    pub fn apology(&self) -> Msg<'static> {
        match self {
            Error::Service(e) if e.is_unreachable() => Msg::DatabaseUnreachable,
            _ => Msg::Internal,
        }
    }

    /// Whether Discord refused the request for good (see [`retry::refused_for_good`]): the
    /// same request would be refused again.
    #[must_use]
    pub fn is_lasting_refusal(&self) -> bool {
        matches!(self, Error::Discord(e) if retry::refused_for_good(e))
    }
}

impl From<serenity::Error> for Error {
    fn from(error: serenity::Error) -> Error {
        Error::Discord(Box::new(error))
    }
}

/// poise's error hook: internal errors are logged with what was being done, and the user gets
/// a short line in their language ephemerally: that the database can't be reached and to try
/// again in a moment ([`Msg::DatabaseUnreachable`]), or a generic one ([`Msg::Internal`]). A command that does
/// not match the registered ones (unknown, options missing, mistyped or undeclared) gets the
/// ephemeral answers of [`malformed`]; poise's other cases go to its default handler.
pub async fn on_error(failure: FrameworkError<'_, Data, Error>) {
    match failure {
        FrameworkError::Command { error, ctx, .. } => {
            error!(
                command = %ctx.command().qualified_name,
                user = %ctx.author().id,
                guild = ?ctx.guild_id(),
                channel = %ctx.channel_id(),
                error = %error,
                "command failed"
            );
            apologize(ctx, error.apology()).await;
        }
        FrameworkError::CommandPanic { payload, ctx, .. } => {
            error!(
                command = %ctx.command().qualified_name,
                user = %ctx.author().id,
                panic = payload.as_deref().unwrap_or("(no message)"),
                "command panicked"
            );
            apologize(ctx, Msg::Internal).await;
        }
        FrameworkError::EventHandler { error, event, .. } => {
            // A click was apologised for by the router, which knows how it was deferred.
            error!(event = event.snake_case_name(), error = %error, "event handler failed");
        }
        FrameworkError::CommandStructureMismatch {
            ctx, description, ..
        } => {
            warn!(
                command = %ctx.command().qualified_name,
                user = %ctx.author().id,
                problem = description,
                "options do not match the command"
            );
            answer(malformed::refuse(ctx.into()).await);
        }
        FrameworkError::ArgumentParse { ctx, error, .. } => {
            warn!(
                command = %ctx.command().qualified_name,
                user = %ctx.author().id,
                error = %error,
                "an option could not be read"
            );
            answer(malformed::refuse(ctx).await);
        }
        FrameworkError::CommandCheckFailed { ctx, .. } => {
            warn!(
                command = %ctx.command().qualified_name,
                user = %ctx.author().id,
                "options the command does not declare"
            );
            answer(malformed::refuse(ctx).await);
        }
        FrameworkError::UnknownInteraction { interaction, .. }
            if super::activity::is_entry_point(interaction) =>
        {
            // The Activity's Entry Point command: the router answers it.
        }
        FrameworkError::UnknownInteraction {
            framework,
            interaction,
            ..
        } => {
            warn!(
                command = %interaction.data.name,
                user = %interaction.user.id,
                "unknown command"
            );
            answer(malformed::refuse_unknown(framework.serenity_context, interaction).await);
        }
        FrameworkError::Setup { error, .. } => error!(error = %error, "bot setup failed"),
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                error!(error = %e, "handling a framework error failed");
            }
        }
    }
}

/// Logs a failure to answer a malformed interaction.
fn answer(sent: Result<(), Error>) {
    if let Err(e) = sent {
        warn!(error = %e, "could not answer a malformed command");
    }
}

/// Tells the clicker, ephemerally and in their language, that the button failed with
/// `error`: after the click's deferral as it requires (see [`Click::privately`]); else as the
/// click's answer, or as a follow-up when the handler had already answered it otherwise (a
/// follow-up of an interaction never answered does not exist on Discord).
pub async fn apologize_for_click(click: &Click<'_>, error: &Error) {
    let text = click.lang().text(&error.apology());
    if click.is_deferred() {
        if let Err(e) = click.privately(text).await {
            warn!(error = %e, "could not tell the user about a failed button");
        }
        return;
    }
    let ctx = click.http();
    let reply = CreateInteractionResponseMessage::new()
        .content(text.clone())
        .ephemeral(true);
    let reply = CreateInteractionResponse::Message(reply);
    if click.first_answer().is_waiting() {
        // Nothing answered the click yet, and its request waits: the apology goes there.
        if let Err(e) = click.answer(reply).await {
            warn!(error = %e, "could not tell the user about a failed button");
        }
        return;
    }
    let answered = click.create_response(ctx, reply).await;
    match answered {
        Ok(()) => return,
        Err(e) if !retry::already_acknowledged(&e) => {
            warn!(error = %e, "could not tell the user about a failed button");
            return;
        }
        Err(_) => {}
    }
    let followup = CreateInteractionResponseFollowup::new()
        .content(text)
        .ephemeral(true);
    if let Err(e) = click.create_followup(ctx, followup).await {
        warn!(error = %e, "could not tell the user about a failed button");
    }
}

/// Tells the caller of a command that came by HTTP, ephemerally and in their language, that
/// it failed with `error` (as a follow-up when it was answered already).
pub async fn apologize_for_command(ctx: Command<'_>, error: &Error) {
    let text = ctx.lang().text(&error.apology());
    let reply = CreateReply::default().content(text).ephemeral(true);
    if let Err(e) = ctx.send(reply).await {
        warn!(error = %e, "could not tell the user about a failed command");
    }
}

/// Tells the invoking user, ephemerally and in their language, that the command failed
/// (`apology` says how).
async fn apologize(ctx: poise::Context<'_, Data, Error>, apology: Msg<'_>) {
    let text = lang_of(ctx.locale().unwrap_or_default()).text(&apology);
    let reply = CreateReply::default().content(text).ephemeral(true);
    if let Err(e) = ctx.send(reply).await {
        warn!(error = %e, "could not tell the user about a failed command");
    }
}
