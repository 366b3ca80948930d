//! Interactions as Discord keeps them: answered once, within 3 seconds of their dispatch; their
//! token then serves edits and follow-ups for 15 minutes.

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::refusal::Refusal;

/// How long after its dispatch an interaction may be answered.
pub const ANSWER_WITHIN: Duration = Duration::from_secs(3);
/// How long after its dispatch an interaction's token serves edits and follow-ups.
pub const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);
/// The upload limit when an interaction does not give its own.
const DEFAULT_UPLOAD_LIMIT: u64 = 10 * 1024 * 1024;

/// What Discord remembers of one dispatched interaction.
#[derive(Debug, Clone)]
pub struct Interaction {
    /// The interaction's type (2 command, 3 component, 4 autocomplete, …).
    pub kind: u64,
    token: String,
    dispatched: Instant,
    /// The channel it came from.
    pub channel: Option<u64>,
    /// The interaction's `attachment_size_limit`.
    pub upload_limit: u64,
    /// The message a component interaction was clicked on.
    clicked_message: Option<String>,
    /// The callback type it was answered with.
    answered: Option<u64>,
    /// The id of the message its answer made (or the clicked message, for an update).
    original: Option<String>,
    /// Follow-up messages sent with its token.
    follow_ups: HashSet<String>,
}

/// Every interaction dispatched so far, by id and by token.
#[derive(Debug, Default)]
pub struct Ledger {
    by_id: HashMap<String, Interaction>,
    by_token: HashMap<String, String>,
}

/// The message a webhook request with an interaction token is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target<'a> {
    /// `POST /webhooks/{app}/{token}`: a new follow-up.
    NewFollowUp,
    /// `/messages/@original`.
    Original,
    /// `/messages/{id}`.
    Message(&'a str),
}

impl Ledger {
    /// Remembers an `INTERACTION_CREATE` payload dispatched at `now`.
    pub fn dispatched(&mut self, payload: &Value, now: Instant) {
        let (Some(id), Some(token)) = (payload["id"].as_str(), payload["token"].as_str()) else {
            return;
        };
        let interaction = Interaction {
            kind: payload["type"].as_u64().unwrap_or(0),
            token: token.to_owned(),
            dispatched: now,
            channel: payload["channel_id"].as_str().and_then(|c| c.parse().ok()),
            upload_limit: payload["attachment_size_limit"]
                .as_u64()
                .unwrap_or(DEFAULT_UPLOAD_LIMIT),
            clicked_message: payload["message"]["id"].as_str().map(str::to_owned),
            answered: None,
            original: None,
            follow_ups: HashSet::new(),
        };
        self.by_token.insert(token.to_owned(), id.to_owned());
        self.by_id.insert(id.to_owned(), interaction);
    }

    /// The interaction `id`, if it was dispatched.
    pub fn get(&self, id: &str) -> Option<&Interaction> {
        self.by_id.get(id)
    }

    /// The interaction that `token` belongs to.
    pub fn by_token(&self, token: &str) -> Option<&Interaction> {
        self.by_token.get(token).and_then(|id| self.by_id.get(id))
    }

    /// Checks an interaction callback at `now`: unknown, late (10062) or second (40060) answers
    /// are refused.
    pub fn check_callback(&self, id: &str, token: &str, now: Instant) -> Result<(), Refusal> {
        let interaction = self
            .by_id
            .get(id)
            .filter(|i| i.token == token && now.duration_since(i.dispatched) <= ANSWER_WITHIN)
            .ok_or_else(Refusal::unknown_interaction)?;
        match interaction.answered {
            Some(_) => Err(Refusal::already_acknowledged()),
            None => Ok(()),
        }
    }

    /// Records the answer to interaction `id` (checked with [`Self::check_callback`]); an answer
    /// that makes or updates a message gets `message_id` as its original message.
    pub fn answer(&mut self, id: &str, kind: u64, message_id: String) {
        if let Some(interaction) = self.by_id.get_mut(id) {
            interaction.answered = Some(kind);
            interaction.original = match kind {
                4 | 5 => Some(message_id),
                6 | 7 => interaction.clicked_message.clone(),
                _ => None,
            };
        }
    }

    /// Checks a webhook request made with an interaction's `token` at `now`: an unknown or
    /// expired token is 50027, a follow-up before the answer 10015, a message the token did not
    /// make 10008.
    pub fn check_webhook(&self, token: &str, target: Target, now: Instant) -> Result<(), Refusal> {
        let interaction = self
            .by_token(token)
            .filter(|i| now.duration_since(i.dispatched) <= TOKEN_LIFETIME)
            .ok_or_else(Refusal::invalid_webhook_token)?;
        if interaction.answered.is_none() {
            return Err(match target {
                Target::NewFollowUp => Refusal::unknown_webhook(),
                _ => Refusal::unknown_message(),
            });
        }
        let known = match target {
            Target::NewFollowUp => true,
            Target::Original => interaction.original.is_some(),
            Target::Message(id) => {
                interaction.follow_ups.contains(id) || interaction.original.as_deref() == Some(id)
            }
        };
        if known {
            Ok(())
        } else {
            Err(Refusal::unknown_message())
        }
    }

    /// The id of the original message of `token`'s interaction, once answered.
    pub fn original(&self, token: &str) -> Option<String> {
        self.by_token(token).and_then(|i| i.original.clone())
    }

    /// Records a follow-up `message_id` sent with `token`.
    pub fn follow_up(&mut self, token: &str, message_id: String) {
        if let Some(interaction) = self
            .by_token
            .get(token)
            .and_then(|id| self.by_id.get_mut(id))
        {
            interaction.follow_ups.insert(message_id);
        }
    }

    /// Records that the message `target` of `token`'s interaction was deleted.
    pub fn deleted(&mut self, token: &str, target: Target) {
        let Some(interaction) = self
            .by_token
            .get(token)
            .and_then(|id| self.by_id.get_mut(id))
        else {
            return;
        };
        match target {
            Target::Original => interaction.original = None,
            Target::Message(id) => {
                if interaction.original.as_deref() == Some(id) {
                    interaction.original = None;
                }
                interaction.follow_ups.remove(id);
            }
            Target::NewFollowUp => {}
        }
    }
}
