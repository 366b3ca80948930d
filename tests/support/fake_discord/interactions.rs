//! Interactions as Discord keeps them: answered once, within 3 seconds of their dispatch; their
//! token then serves edits and follow-ups for 15 minutes. The first follow-up after a deferral
//! (callback type 5) edits its loading message; an interaction of an app only the user installed
//! gets at most 5 follow-ups; a deferral whose loading message was deleted takes none.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::refusal::Refusal;

/// How long after its dispatch an interaction may be answered.
pub const ANSWER_WITHIN: Duration = Duration::from_secs(3);
/// How long after its dispatch an interaction's token serves edits and follow-ups.
pub const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);
/// How many follow-ups an interaction gets when only a user installed the app (the
/// `authorizing_integration_owners` hold only `USER_INSTALL`).
pub const USER_INSTALL_FOLLOW_UPS: usize = 5;
/// The upload limit when an interaction does not give its own.
const DEFAULT_UPLOAD_LIMIT: u64 = 10 * 1024 * 1024;
/// The `EPHEMERAL` message flag.
pub const EPHEMERAL: u64 = 1 << 6;
/// The key of `USER_INSTALL` in `authorizing_integration_owners`.
const USER_INSTALL: &str = "1";

/// What Discord remembers of one dispatched interaction.
#[derive(Debug, Clone)]
pub struct Interaction {
    /// The interaction's type (2 command, 3 component, 4 autocomplete, …).
    pub kind: u64,
    token: String,
    dispatched: Instant,
    /// The channel it came from.
    pub channel: Option<u64>,
    /// The server it came from, if any.
    pub guild: Option<u64>,
    /// The user who caused it (`member.user` in a server, `user` elsewhere).
    pub user: Option<u64>,
    /// The interaction's `attachment_size_limit`.
    pub upload_limit: u64,
    /// Whether only a user installed the app it came through (at most 5 follow-ups).
    user_install_only: bool,
    /// The message a component interaction was clicked on, and whether it is ephemeral.
    clicked_message: Option<(u64, bool)>,
    /// The callback type it was answered with.
    answered: Option<u64>,
    /// The id of the message its answer made (or the clicked message, for an update), and
    /// whether it is ephemeral.
    original: Option<(u64, bool)>,
    /// Whether the original message is a deferral's loading message not edited yet.
    loading: bool,
    /// Whether the loading message of its deferral was deleted before it was edited.
    deferral_deleted: bool,
    /// Follow-up messages sent with its token, and whether each is ephemeral.
    follow_ups: HashMap<u64, bool>,
    /// How many follow-up requests were accepted (a first one that edited the loading
    /// message too).
    follow_up_count: usize,
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

/// The message an accepted follow-up made or edited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FollowUp {
    /// The message's id.
    pub message: u64,
    /// Whether it is ephemeral.
    pub ephemeral: bool,
    /// `false` when the follow-up edited the deferral's loading message instead.
    pub new: bool,
}

impl Interaction {
    /// Whether it was answered.
    pub fn is_answered(&self) -> bool {
        self.answered.is_some()
    }
}

impl Ledger {
    /// Remembers an `INTERACTION_CREATE` payload dispatched at `now`.
    pub fn dispatched(&mut self, payload: &Value, now: Instant) {
        let (Some(id), Some(token)) = (payload["id"].as_str(), payload["token"].as_str()) else {
            return;
        };
        let owners = payload["authorizing_integration_owners"].as_object();
        let snowflake = |v: &Value| v.as_str().and_then(|s| s.parse().ok());
        let interaction = Interaction {
            kind: payload["type"].as_u64().unwrap_or(0),
            token: token.to_owned(),
            dispatched: now,
            channel: snowflake(&payload["channel_id"]),
            guild: snowflake(&payload["guild_id"]),
            user: snowflake(&payload["member"]["user"]["id"])
                .or_else(|| snowflake(&payload["user"]["id"])),
            upload_limit: payload["attachment_size_limit"]
                .as_u64()
                .unwrap_or(DEFAULT_UPLOAD_LIMIT),
            user_install_only: owners.is_some_and(|o| o.keys().eq([USER_INSTALL])),
            clicked_message: payload["message"]["id"]
                .as_str()
                .and_then(|m| m.parse().ok())
                .map(|m| (m, is_ephemeral(&payload["message"]))),
            answered: None,
            original: None,
            loading: false,
            deferral_deleted: false,
            follow_ups: HashMap::new(),
            follow_up_count: 0,
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

    /// The interaction that `token` belongs to, to record what its token did.
    fn by_token_mut(&mut self, token: &str) -> Option<&mut Interaction> {
        self.by_token
            .get(token)
            .and_then(|id| self.by_id.get_mut(id))
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

    /// Records the answer of type `kind` to interaction `id` (checked with
    /// [`Self::check_callback`]), whose message part is `data`. An answer that makes a message
    /// (4, or 5's loading message) gets `message_id` as its original message; an update (6, 7)
    /// has the clicked message as its original. Returns the original message, if any, and
    /// whether it is ephemeral.
    pub fn answer(
        &mut self,
        id: &str,
        kind: u64,
        data: Option<&Value>,
        message_id: u64,
    ) -> Option<(u64, bool)> {
        let interaction = self.by_id.get_mut(id)?;
        interaction.answered = Some(kind);
        interaction.loading = kind == 5;
        interaction.original = match kind {
            4 | 5 => Some((message_id, data.is_some_and(is_ephemeral))),
            6 | 7 => interaction.clicked_message,
            _ => None,
        };
        interaction.original
    }

    /// Checks a webhook request made with an interaction's `token` at `now`: an unknown or
    /// expired token is 50027, a follow-up before the answer 10015, a message the token did not
    /// make 10008, a follow-up after the deferral's loading message was deleted 10008, and the
    /// sixth follow-up of an interaction only a user installed the app for 40094.
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
        match target {
            Target::NewFollowUp if interaction.deferral_deleted => Err(Refusal::unknown_message()),
            Target::NewFollowUp
                if interaction.user_install_only
                    && interaction.follow_up_count >= USER_INSTALL_FOLLOW_UPS =>
            {
                Err(Refusal::too_many_follow_ups())
            }
            Target::NewFollowUp => Ok(()),
            _ => interaction
                .message(target)
                .map(|_| ())
                .ok_or_else(Refusal::unknown_message),
        }
    }

    /// The message `target` of `token`'s interaction (checked with [`Self::check_webhook`]),
    /// and whether it is ephemeral.
    pub fn message(&self, token: &str, target: Target) -> Option<(u64, bool)> {
        self.by_token(token)?.message(target)
    }

    /// Records an accepted follow-up of `token`'s interaction (checked with
    /// [`Self::check_webhook`]): directly after a deferral it edits the loading message, whose
    /// ephemeral state stays; otherwise it is the new message `message_id`, ephemeral if it
    /// asks to be.
    pub fn follow_up(&mut self, token: &str, message_id: u64, ephemeral: bool) -> FollowUp {
        let new = FollowUp {
            message: message_id,
            ephemeral,
            new: true,
        };
        let Some(interaction) = self.by_token_mut(token) else {
            return new;
        };
        interaction.follow_up_count += 1;
        if interaction.loading
            && let Some((message, ephemeral)) = interaction.original
        {
            interaction.loading = false;
            return FollowUp {
                message,
                ephemeral,
                new: false,
            };
        }
        interaction.follow_ups.insert(message_id, ephemeral);
        new
    }

    /// Records that the message `target` of `token`'s interaction was edited (a deferral's
    /// loading message is no longer loading).
    pub fn edited(&mut self, token: &str, target: Target) {
        if let Some(interaction) = self.by_token_mut(token)
            && interaction.is_original(target)
        {
            interaction.loading = false;
        }
    }

    /// Records that the message `target` of `token`'s interaction was deleted.
    pub fn deleted(&mut self, token: &str, target: Target) {
        let Some(interaction) = self.by_token_mut(token) else {
            return;
        };
        if interaction.is_original(target) {
            interaction.original = None;
            interaction.deferral_deleted |= interaction.loading;
            interaction.loading = false;
        }
        if let Target::Message(id) = target
            && let Ok(id) = id.parse()
        {
            interaction.follow_ups.remove(&id);
        }
    }
}

impl Interaction {
    /// The message `target` names, if this interaction's token made it, and whether it is
    /// ephemeral.
    fn message(&self, target: Target) -> Option<(u64, bool)> {
        match target {
            Target::NewFollowUp => None,
            Target::Original => self.original,
            Target::Message(id) => {
                let id = id.parse().ok()?;
                match self.follow_ups.get(&id) {
                    Some(ephemeral) => Some((id, *ephemeral)),
                    None => self.original.filter(|(original, _)| *original == id),
                }
            }
        }
    }

    /// Whether `target` is the original message.
    fn is_original(&self, target: Target) -> bool {
        self.original.is_some() && self.message(target) == self.original
    }
}

/// Whether a message (or the message part of a request) has the `EPHEMERAL` flag.
pub fn is_ephemeral(message: &Value) -> bool {
    message["flags"]
        .as_u64()
        .is_some_and(|f| f & EPHEMERAL != 0)
}
