//! Turns the fake Discord's stream of recorded requests into small events for the scripted
//! players: each request goes to the pair of players it concerns (by the interaction id in
//! its path, or by its channel), so nobody scans a log. Uploaded pictures are checked and
//! dropped here.

use std::time::Instant;

use serde_json::Value;
use tokio::sync::{mpsc, watch};

use crate::ids;
use crate::support::fake_discord::RecordedRequest;
use crate::support::payloads::custom_ids;

/// What the bot did that a pair of players can see.
#[derive(Debug)]
pub enum Event {
    /// The first answer to an interaction (`POST /interactions/ID/TOKEN/callback`).
    Callback {
        /// The interaction.
        interaction: u64,
        /// When the fake received it.
        at: Instant,
        /// The callback's JSON (`type` and `data`).
        json: Value,
    },
    /// An edit of an interaction's deferred answer (`PATCH …/messages/@original`), or a text
    /// follow-up (a deferred refusal).
    Edit {
        /// The interaction.
        interaction: u64,
        /// Its text.
        content: String,
        /// The `custom_id`s of its buttons (a deferred challenge gets them here).
        buttons: Vec<String>,
    },
    /// A deferred interaction's board arrived as a follow-up (after its [`Event::Message`]).
    Delivered {
        /// The interaction.
        interaction: u64,
    },
    /// A new message in a pair's channel: a board (with its picture) or a reminder.
    Message {
        /// When the fake received it.
        at: Instant,
        /// Its text.
        content: String,
        /// The `custom_id`s of its buttons.
        buttons: Vec<String>,
        /// The size of its PNG picture, if it has one.
        png: Option<usize>,
        /// The interaction it answers (a move's board), or `None` for a channel message.
        answering: Option<u64>,
    },
}

/// Requests that concern no pair.
#[derive(Debug, Default, Clone)]
pub struct Unrouted {
    /// Guild command registrations (one per life of the bot).
    pub registrations: u32,
    /// Anything else, e.g. `GET …/@original` after a challenge is posted.
    pub other: u64,
    /// Pictures that are not PNG files, or requests nobody expected.
    pub malformed: Vec<String>,
}

/// Routes every request from `tap` to `pairs[i]` until the tap closes; publishes what
/// concerned nobody on `unrouted`.
pub async fn route(
    mut tap: mpsc::UnboundedReceiver<RecordedRequest>,
    pairs: Vec<mpsc::UnboundedSender<Event>>,
    unrouted: watch::Sender<Unrouted>,
) {
    while let Some(request) = tap.recv().await {
        let path = request
            .path
            .strip_prefix("/api/v10/")
            .unwrap_or(&request.path);
        let route: Vec<&str> = path.split('/').collect();
        let event = match (request.method.as_str(), route.as_slice()) {
            ("POST", ["interactions", id, _, "callback"]) => id.parse().ok().map(|interaction| {
                let json = request.json.clone().unwrap_or(Value::Null);
                // A move's board is its interaction's own answer: the players see it as a
                // board, and as the answer.
                if let Some(png) = picture(&request)
                    && let Some(pair) = ids::pair_of(interaction).and_then(|p| pairs.get(p))
                {
                    let _ = pair.send(Event::Message {
                        at: request.received_at,
                        content: text(&request, "/data/content"),
                        buttons: custom_ids(request.pointer("/data/components")),
                        png: Some(png),
                        answering: Some(interaction),
                    });
                }
                (
                    interaction,
                    Event::Callback {
                        interaction,
                        at: request.received_at,
                        json,
                    },
                )
            }),
            ("POST", ["webhooks", _, token]) => {
                ids::interaction_of_token(token).map(|interaction| {
                    // A follow-up: the board of a deferred move, or a deferred refusal.
                    let event = match picture(&request) {
                        Some(_) => {
                            let pair = ids::pair_of(interaction).and_then(|p| pairs.get(p));
                            if let Some(pair) = pair {
                                let _ = pair.send(message(&request, Some(interaction)));
                            }
                            Event::Delivered { interaction }
                        }
                        None => Event::Edit {
                            interaction,
                            content: text(&request, "/content"),
                            buttons: custom_ids(request.pointer("/components")),
                        },
                    };
                    (interaction, event)
                })
            }
            ("PATCH", ["webhooks", _, token, "messages", "@original"]) => {
                ids::interaction_of_token(token).map(|interaction| {
                    let event = Event::Edit {
                        interaction,
                        content: text(&request, "/content"),
                        buttons: custom_ids(request.pointer("/components")),
                    };
                    (interaction, event)
                })
            }
            ("POST", ["channels", channel, "messages"]) => channel
                .parse()
                .ok()
                .map(|channel| (channel, message(&request, None))),
            (
                "PUT",
                ["applications", _, "guilds", _, "commands"] | ["applications", _, "commands"],
            ) => {
                unrouted.send_modify(|u| u.registrations += 1);
                None
            }
            _ => {
                unrouted.send_modify(|u| u.other += 1);
                None
            }
        };
        let Some((key, event)) = event else { continue };
        if let Event::Message {
            png: None, buttons, ..
        } = &event
            && !buttons.is_empty()
        {
            // A message with buttons is a board, and every board has its picture.
            let line = format!("{} {}: buttons but no PNG", request.method, request.path);
            unrouted.send_modify(|u| u.malformed.push(line));
        }
        match ids::pair_of(key).and_then(|pair| pairs.get(pair)) {
            Some(pair) => {
                let _ = pair.send(event);
            }
            None => unrouted.send_modify(|u| {
                u.malformed
                    .push(format!("{} {}: no pair", request.method, request.path))
            }),
        }
    }
}

/// A channel message (or the follow-up of interaction `answering`) as a player sees it.
fn message(request: &RecordedRequest, answering: Option<u64>) -> Event {
    Event::Message {
        at: request.received_at,
        content: text(request, "/content"),
        buttons: custom_ids(request.pointer("/components")),
        png: picture(request),
        answering,
    }
}

/// The size of the request's PNG picture, if it has one.
fn picture(request: &RecordedRequest) -> Option<usize> {
    request
        .files
        .iter()
        .find(|f| f.bytes.starts_with(b"\x89PNG\r\n\x1a\n"))
        .map(|f| f.bytes.len())
}

fn text(request: &RecordedRequest, pointer: &str) -> String {
    request
        .pointer(pointer)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned()
}
