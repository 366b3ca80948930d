//! What an accepted message request did, as Discord carried it out: a new message or an edit,
//! which message in which channel, whether only the caller sees it, and whom it pinged.
//!
//! Discord pings a user when a new message that everyone sees mentions `<@id>` in its content
//! and its `allowed_mentions` allow it: all users when they are absent or their `parse` holds
//! `"users"`, the listed ones when they give `users`, nobody otherwise. Edits never ping.

use serde_json::Value;

/// How a request changed a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// It made a new message.
    New,
    /// It edited a message that was there.
    Edit,
}

/// What one accepted request did to a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delivery {
    /// A new message or an edit.
    pub change: Change,
    /// The message's id.
    pub message: u64,
    /// The channel it is in, when the fake knows it.
    pub channel: Option<u64>,
    /// Whether only the interaction's caller sees it.
    pub ephemeral: bool,
    /// The users Discord notified, in the order the content mentions them.
    pub pinged: Vec<u64>,
}

impl Delivery {
    /// A new message in `channel` with the message part `payload` of the request: it pings the
    /// users its content mentions and its `allowed_mentions` allow, unless it is `ephemeral`.
    pub fn new_message(
        message: u64,
        channel: Option<u64>,
        ephemeral: bool,
        payload: Option<&Value>,
    ) -> Delivery {
        let pinged = match payload {
            Some(payload) if !ephemeral => pinged(payload),
            _ => Vec::new(),
        };
        Delivery {
            change: Change::New,
            message,
            channel,
            ephemeral,
            pinged,
        }
    }

    /// An edit of `message` in `channel`: it pings nobody.
    pub fn edit(message: u64, channel: Option<u64>, ephemeral: bool) -> Delivery {
        Delivery {
            change: Change::Edit,
            message,
            channel,
            ephemeral,
            pinged: Vec::new(),
        }
    }
}

/// The users a new public message with `payload` pings.
fn pinged(payload: &Value) -> Vec<u64> {
    let mentioned = user_mentions(payload["content"].as_str().unwrap_or_default());
    let allowed = &payload["allowed_mentions"];
    if allowed.is_null() || parses_users(allowed) {
        return mentioned;
    }
    let listed: Vec<u64> = allowed["users"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|u| u.as_str().and_then(|u| u.parse().ok()).or(u.as_u64()))
        .collect();
    mentioned
        .into_iter()
        .filter(|u| listed.contains(u))
        .collect()
}

/// Whether `allowed_mentions` let every user mention ping (`parse` holds `"users"`).
fn parses_users(allowed: &Value) -> bool {
    allowed["parse"]
        .as_array()
        .is_some_and(|p| p.iter().any(|v| v == "users"))
}

/// The users `content` mentions (`<@id>` or `<@!id>`), each once, in order.
fn user_mentions(content: &str) -> Vec<u64> {
    let mut users = Vec::new();
    for (at, _) in content.match_indices("<@") {
        let rest = &content[at + 2..];
        let rest = rest.strip_prefix('!').unwrap_or(rest);
        let Some((digits, _)) = rest.split_once('>') else {
            continue;
        };
        if !digits.is_empty()
            && digits.bytes().all(|b| b.is_ascii_digit())
            && let Ok(user) = digits.parse::<u64>()
            && !users.contains(&user)
        {
            users.push(user);
        }
    }
    users
}
