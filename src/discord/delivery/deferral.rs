//! Answering within Discord's 3 seconds when the work behind an answer may have to wait, in
//! the ways Discord documents.
//!
//! Writes queue at the database's single writing connection, so under load a challenge or an
//! Accept click can wait behind hundreds of moves. A handler gives its work a moment
//! ([`Data::defer_after`](crate::discord::Data::defer_after)) and answers directly when it is
//! done by then, as it always does on a quiet bot; otherwise it defers the interaction at once
//! (the user sees that the bot is on it) and answers later:
//! - a command is deferred privately ([`Deferred::Privately`]): its refusal, or a word that it
//!   is done, edits the "thinking…" (`PATCH …/@original`), and only then does anything public
//!   follow, as a new message whose mentions ping. Discord documents that the first follow-up
//!   made directly after a deferral edits the "thinking…" instead of making a message (keeping
//!   it private), and does not say what a follow-up does after the "thinking…" was deleted, so
//!   the bot never leans on either;
//! - a click is deferred without a visible answer ([`Deferred::Click`]): the clicked message
//!   may be edited, and anything else (a refusal only the clicker sees, a board) follows as a
//!   new message.

use std::future::Future;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{
    ComponentInteraction, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, EditInteractionResponse, Http,
};
use tracing::warn;

use super::first_answer::FirstAnswer;
use super::retry::{Retry, retry};
use crate::discord::Error;

/// How long work may take before its interaction is deferred: short of anything people
/// notice, and far from Discord's 3-second limit.
pub const DEFAULT_DEFER_AFTER: Duration = Duration::from_millis(50);

/// How long an autocomplete may look for its suggestions: Discord drops an answer that comes
/// after 3 seconds, and an autocomplete can't be deferred.
pub const SUGGEST_WITHIN: Duration = Duration::from_millis(1500);

/// What `work` (an autocomplete's reading) gives within [`SUGGEST_WITHIN`], or `None`: with
/// the database slow or unreachable, no suggestions in time beat a list Discord drops.
pub async fn in_time_to_suggest<T>(work: impl Future<Output = T>) -> Option<T> {
    tokio::time::timeout(SUGGEST_WITHIN, work).await.ok()
}

/// Runs `work`. If it is not done within `after` (zero: at once), runs `defer` alongside it;
/// returns the work's result and whether the interaction was deferred. A deferral that fails
/// is logged, and the handler answers as if it had not deferred (which may still arrive in
/// time).
pub async fn unless_quick<T>(
    after: Duration,
    work: impl Future<Output = T>,
    defer: impl Future<Output = Result<(), Error>>,
) -> (T, bool) {
    let mut work = std::pin::pin!(work);
    if !after.is_zero() {
        tokio::select! {
            done = &mut work => return (done, false),
            () = tokio::time::sleep(after) => {}
        }
    }
    let (done, deferred) = tokio::join!(work, defer);
    match deferred {
        Ok(()) => (done, true),
        Err(e) => {
            warn!(error = %e, "could not defer a slow interaction");
            (done, false)
        }
    }
}

/// After a click's deferral: replaces the clicked message's content and buttons
/// ([`Deferred::Click`]), or the private message's ([`Deferred::Privately`]); an edit may be
/// repeated harmlessly.
pub async fn edit_clicked_message(
    http: &Http,
    click: &ComponentInteraction,
    edit: EditInteractionResponse,
) -> Result<(), Error> {
    retry("editing a clicked message", Retry::ANSWER_EDIT, || {
        click.edit_response(http, edit.clone())
    })
    .await?;
    Ok(())
}

/// Defers interaction `id` privately ("thinking…" that only its sender sees; the answer edits
/// it), retrying while Discord is rate limiting or unavailable; a retry refused because an
/// earlier attempt did get through counts as deferred. Whatever is public follows as a new
/// message once the deferred answer has been edited (Discord documents that the first
/// follow-up of a deferral edits it instead, keeping its privacy).
pub async fn defer_privately(
    http: &Http,
    first: &FirstAnswer,
    id: serenity::InteractionId,
    token: &str,
) -> Result<(), Error> {
    let defer =
        CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new().ephemeral(true));
    first
        .respond(http, id, token, &defer, "deferring an interaction")
        .await
}

/// Answers interaction `id` with `text`, only for the person who sent it.
pub async fn answer_privately(
    http: &Http,
    first: &FirstAnswer,
    id: serenity::InteractionId,
    token: &str,
    text: String,
) -> Result<(), Error> {
    let reply = CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new()
            .content(text)
            .ephemeral(true),
    );
    first
        .respond(http, id, token, &reply, "answering privately")
        .await
}

/// After [`defer_privately`]: replaces the private "thinking…" with `text` (an edit may be
/// repeated harmlessly).
pub async fn edit_deferred_answer(http: &Http, token: &str, text: String) -> Result<(), Error> {
    let edit = EditInteractionResponse::new().content(text);
    retry("editing a deferred answer", Retry::ANSWER_EDIT, || {
        http.edit_original_interaction_response(token, &edit, Vec::new())
    })
    .await?;
    Ok(())
}

/// After a click's deferral ([`Deferred::Click`]): `text` in a new message only the clicker
/// sees.
pub async fn follow_up_privately(http: &Http, token: &str, text: String) -> Result<(), Error> {
    let message = CreateInteractionResponseFollowup::new()
        .content(text)
        .ephemeral(true);
    retry("following up privately", Retry::FOLLOW_UP, || {
        http.create_followup_message(token, &message, Vec::new())
    })
    .await?;
    Ok(())
}

/// How an interaction's first answer was put off, which decides how the rest is sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deferred {
    /// Not at all: the answer is the interaction's own response.
    No,
    /// With a private "thinking…" (a command): private words edit it, anything public follows
    /// as a new message once it has been edited.
    Privately,
    /// Without anything visible (a click): the clicked message may be edited, and anything
    /// else follows as a new message.
    Click,
}

/// Defers interaction `id` the way `how` says ([`Deferred::No`] does nothing).
pub async fn defer(
    http: &Http,
    first: &FirstAnswer,
    id: serenity::InteractionId,
    token: &str,
    how: Deferred,
) -> Result<(), Error> {
    match how {
        Deferred::No => Ok(()),
        Deferred::Privately => defer_privately(http, first, id, token).await,
        Deferred::Click => {
            let acknowledge = CreateInteractionResponse::Acknowledge;
            first
                .respond(http, id, token, &acknowledge, "deferring a click")
                .await
        }
    }
}

/// `text` for the sender of interaction `id` only, however it was `deferred`.
pub async fn privately(
    http: &Http,
    first: &FirstAnswer,
    id: serenity::InteractionId,
    token: &str,
    deferred: Deferred,
    text: String,
) -> Result<(), Error> {
    match deferred {
        Deferred::No => answer_privately(http, first, id, token, text).await,
        Deferred::Privately => edit_deferred_answer(http, token, text).await,
        Deferred::Click => follow_up_privately(http, token, text).await,
    }
}
