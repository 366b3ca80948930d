//! Answering a click, and user text clipped before it is echoed back. The
//! handlers reach these through their context (`discord::context`).

use poise::serenity_prelude as serenity;
use serenity::{ComponentInteraction, CreateInteractionResponse, Http};

use super::first_answer::FirstAnswer;
use crate::discord::Error;

/// Answers a button click with `response` (see [`FirstAnswer::respond`]).
pub async fn answer_click(
    http: &Http,
    first: &FirstAnswer,
    click: &ComponentInteraction,
    response: &CreateInteractionResponse,
) -> Result<(), Error> {
    first
        .respond(http, click.id, &click.token, response, "answering a click")
        .await
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
