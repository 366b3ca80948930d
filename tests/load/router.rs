//! Turns the fake Discord's stream of recorded requests into small events for the scripted
//! players: each request goes to the pair of players it concerns (by the interaction id in
//! its path or token, or by its channel), so nobody scans a log. What a request showed is read
//! from the fake's record of what Discord did with it ([`RecordedRequest::delivery`]: a new
//! message or an edit, private or public, whom it pinged) and from its route and content, never
//! guessed from its order: a request the fake refused (a 429 in a busy channel, which the bot
//! sends again) showed nothing, and an edit that only takes the buttons off a board a newer one
//! replaced is no answer to anything. Uploaded pictures are checked and dropped here.

use std::time::Instant;

use serde_json::Value;
use tokio::sync::{mpsc, watch};

use crate::ids;
use crate::support::fake_discord::delivery::Change;
use crate::support::fake_discord::{Delivery, RecordedRequest};
use crate::support::payloads::custom_ids;

/// Interaction callback types that make or edit a message (the fake records what they did);
/// the others (a click deferred without a message, autocomplete suggestions) show nothing.
const MESSAGE_CALLBACKS: [u64; 3] = [4, 5, 7];
/// The prefixes of a board's buttons: a board without its picture is malformed.
const BOARD_BUTTONS: [&str; 3] = ["move:", "resign:", "replay:"];

/// What the bot did that a pair of players can see.
#[derive(Debug)]
pub enum Event {
    /// The first answer to an interaction (`POST /interactions/ID/TOKEN/callback`), as the
    /// fake took it.
    Callback {
        /// The interaction.
        interaction: u64,
        /// When the fake received it.
        at: Instant,
        /// The callback's JSON (`type` and `data`).
        json: Value,
        /// What it showed, for a callback that makes or edits a message.
        delivery: Option<Delivery>,
    },
    /// A board: a message with its picture, new, or a message edited into one (an Accept
    /// turns the challenge into the game's first board).
    Board {
        /// When the fake received it.
        at: Instant,
        /// The `custom_id`s of its buttons (they name its game and ply).
        buttons: Vec<String>,
        /// The size of its PNG picture.
        png: usize,
        /// The interaction whose answer (or follow-up) it is; `None` for a channel message.
        answering: Option<u64>,
    },
    /// Words about an interaction, without a picture: its answer edited
    /// (`PATCH …/{token}/messages/@original`: a deferral's "You played …", "Done." or a
    /// refusal) or a follow-up (`POST /webhooks/{app}/{token}`: a deferred challenge, the
    /// mention of the player to move after an Accept, a deferred click's refusal).
    Words {
        /// The interaction.
        interaction: u64,
        /// Its text.
        content: String,
        /// The `custom_id`s of its buttons (a deferred challenge's Accept).
        buttons: Vec<String>,
        /// What Discord did with it.
        delivery: Delivery,
    },
    /// A channel message without a picture (a reminder).
    Notice {
        /// Its text.
        content: String,
    },
}

/// Requests that concern no pair.
#[derive(Debug, Default, Clone)]
pub struct Unrouted {
    /// Guild command registrations (one per life of the bot).
    pub registrations: u32,
    /// Edits that only took the buttons off a board a newer board replaced.
    pub unbuttoned: u64,
    /// Requests that showed nothing: refused ones (a 429, sent again), reads such as
    /// `GET …/@original`.
    pub other: u64,
    /// Boards without a PNG picture, or requests for no pair.
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
        for (key, event) in events(&request, &unrouted) {
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
}

/// What `request` showed, each event with the interaction or channel id that names its pair.
fn events(request: &RecordedRequest, unrouted: &watch::Sender<Unrouted>) -> Vec<(u64, Event)> {
    let path = request
        .path
        .strip_prefix("/api/v10/")
        .unwrap_or(&request.path);
    let route: Vec<&str> = path.split('/').collect();
    let mut events = Vec::new();
    match (request.method.as_str(), route.as_slice()) {
        ("PUT", ["applications", _, "guilds", _, "commands"] | ["applications", _, "commands"]) => {
            unrouted.send_modify(|u| u.registrations += 1);
        }
        ("POST", ["interactions", id, _, "callback"]) => {
            let Ok(interaction) = id.parse::<u64>() else {
                return events;
            };
            let json = request.json.clone().unwrap_or(Value::Null);
            let makes_message = json["type"]
                .as_u64()
                .is_some_and(|t| MESSAGE_CALLBACKS.contains(&t));
            if makes_message && request.delivery.is_none() {
                unrouted.send_modify(|u| u.other += 1);
                return events;
            }
            let buttons = custom_ids(request.pointer("/data/components"));
            let board = pictured(request, &buttons, unrouted).map(|png| Event::Board {
                at: request.received_at,
                buttons,
                png,
                answering: Some(interaction),
            });
            let callback = Event::Callback {
                interaction,
                at: request.received_at,
                json,
                delivery: request.delivery.clone(),
            };
            events.push((interaction, callback));
            events.extend(board.map(|board| (interaction, board)));
        }
        (_, route) => match &request.delivery {
            Some(delivery) => events.extend(shown(request, route, delivery, unrouted)),
            None => unrouted.send_modify(|u| u.other += 1),
        },
    }
    events
}

/// What a message request other than a callback showed, by its route and what the fake did.
fn shown(
    request: &RecordedRequest,
    route: &[&str],
    delivery: &Delivery,
    unrouted: &watch::Sender<Unrouted>,
) -> Option<(u64, Event)> {
    let interaction = match route {
        ["webhooks", _, token, ..] => ids::interaction_of_token(token),
        _ => None,
    };
    let key = interaction.or(delivery.channel)?;
    let content = text(request);
    let buttons = custom_ids(request.pointer("/components"));
    if let Some(png) = pictured(request, &buttons, unrouted) {
        let board = Event::Board {
            at: request.received_at,
            buttons,
            png,
            answering: interaction,
        };
        return Some((key, board));
    }
    if delivery.change == Change::Edit && content.is_empty() && buttons.is_empty() {
        unrouted.send_modify(|u| u.unbuttoned += 1);
        return None;
    }
    let event = match interaction {
        Some(interaction) => Event::Words {
            interaction,
            content,
            buttons,
            delivery: delivery.clone(),
        },
        None => Event::Notice { content },
    };
    Some((key, event))
}

/// The size of the request's PNG picture, if it has one; a request with a board's buttons
/// and no picture is noted as malformed (every board has its picture).
fn pictured(
    request: &RecordedRequest,
    buttons: &[String],
    unrouted: &watch::Sender<Unrouted>,
) -> Option<usize> {
    let png = picture(request);
    let board = buttons
        .iter()
        .any(|b| BOARD_BUTTONS.iter().any(|p| b.starts_with(p)));
    if png.is_none() && board {
        let line = format!("{}: a board's buttons but no PNG", request.line());
        unrouted.send_modify(|u| u.malformed.push(line));
    }
    png
}

/// The size of the request's PNG picture, if it has one.
fn picture(request: &RecordedRequest) -> Option<usize> {
    request
        .files
        .iter()
        .find(|f| f.bytes.starts_with(b"\x89PNG\r\n\x1a\n"))
        .map(|f| f.bytes.len())
}

/// The content of a message request (`None` or absent: empty).
fn text(request: &RecordedRequest) -> String {
    request
        .pointer("/content")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned()
}

#[cfg(test)]
mod tests {

    use axum::http::Method;
    use serde_json::json;

    use super::*;

    fn request(
        method: Method,
        path: &str,
        json: Value,
        delivery: Option<Delivery>,
    ) -> RecordedRequest {
        RecordedRequest {
            method,
            path: format!("/api/v10/{path}"),
            query: None,
            content_type: Some("application/json".into()),
            authorization: Some(format!("Bot {}", crate::support::fake_discord::TOKEN)),
            body: Vec::new(),
            json: Some(json),
            files: Vec::new(),
            received_at: Instant::now(),
            delivery,
        }
    }

    #[test]
    fn an_edit_that_only_takes_buttons_off_and_a_refused_post_show_nothing() {
        let (unrouted, seen) = watch::channel(Unrouted::default());
        let token = crate::support::payloads::token(ids::interaction(3, 9));
        let unbutton = request(
            Method::PATCH,
            &format!("webhooks/1/{token}/messages/@original"),
            json!({ "components": [] }),
            Some(Delivery::edit(10, Some(ids::channel(3)), false)),
        );
        assert!(events(&unbutton, &unrouted).is_empty());
        let limited = request(
            Method::POST,
            &format!("channels/{}/messages", ids::channel(3)),
            json!({ "content": "⏰" }),
            None,
        );
        assert!(events(&limited, &unrouted).is_empty());
        assert_eq!((seen.borrow().unbuttoned, seen.borrow().other), (1, 1));
        let refusal = request(
            Method::PATCH,
            &format!("webhooks/1/{token}/messages/@original"),
            json!({ "content": "It is not your turn." }),
            Some(Delivery::edit(10, Some(ids::channel(3)), true)),
        );
        let shown = events(&refusal, &unrouted);
        assert!(matches!(
            shown.as_slice(),
            [(id, Event::Words { delivery, .. })] if *id == ids::interaction(3, 9) && delivery.ephemeral
        ));
    }
}
