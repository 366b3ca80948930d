//! Where the bot may post: the servers it was invited to, the channels it can see there and its
//! permissions in each, the direct-message channels it is part of, and the messages that exist.
//!
//! The fake learns channels from the interactions it dispatches, as Discord describes them: the
//! channel's type, the server, `app_permissions` (the bot's permissions in that channel) and
//! `authorizing_integration_owners` (whether the app is installed in that server, or only by the
//! user). Tests add anything else with [`World::add_channel`].

use std::collections::HashMap;

use serde_json::{Value, json};

use super::refusal::Refusal;

/// The owner of every server the fake knows (not the bot).
pub const OWNER_ID: u64 = 1_100_000_000_000_000_098;

/// Permission bits (Discord's `permissions` bitfield).
pub mod permission {
    /// See the channel.
    pub const VIEW_CHANNEL: u64 = 1 << 10;
    /// Post messages in the channel.
    pub const SEND_MESSAGES: u64 = 1 << 11;
    /// Delete others' messages.
    pub const MANAGE_MESSAGES: u64 = 1 << 13;
    /// Embeds in messages.
    pub const EMBED_LINKS: u64 = 1 << 14;
    /// Uploads in messages.
    pub const ATTACH_FILES: u64 = 1 << 15;
    /// Read earlier messages.
    pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
    /// Start public threads.
    pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
    /// Start private threads.
    pub const CREATE_PRIVATE_THREADS: u64 = 1 << 36;
    /// Post messages in threads.
    pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;
    /// What the README's invite link asks for.
    pub const INVITED: u64 = VIEW_CHANNEL
        | SEND_MESSAGES
        | EMBED_LINKS
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | CREATE_PUBLIC_THREADS
        | SEND_MESSAGES_IN_THREADS;
}

/// What kind of channel it is, as far as posting goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChannelKind {
    /// A server's text channel.
    Text,
    /// A thread, in its parent's server.
    Thread,
    /// The DM between a user and the bot: the bot may post.
    BotDm,
    /// A DM between two users, or a group DM: the bot is not a member.
    OthersDm,
}

/// A channel as the bot sees it.
#[derive(Debug, Clone)]
pub struct Channel {
    /// Its server, if any.
    pub guild: Option<u64>,
    /// Its kind.
    pub kind: ChannelKind,
    /// The bot's permissions in it (in a server the bot is in).
    pub permissions: u64,
}

/// A message that exists: where, and whether the bot wrote it.
#[derive(Debug, Clone, Copy)]
struct Message {
    channel: u64,
    by_bot: bool,
}

/// The servers, channels and messages the fake knows.
#[derive(Debug, Default)]
pub struct World {
    /// Servers the bot was invited to (installed with the `bot` scope).
    member_of: Vec<u64>,
    channels: HashMap<u64, Channel>,
    messages: HashMap<u64, Message>,
    /// Users the bot may send DMs: they installed the app, or are in a server with the bot.
    reachable: Vec<u64>,
    /// The bot's DM channel with each user it opened one with.
    dms: HashMap<u64, u64>,
}

/// What a channel request wants to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Read the channel or a message in it.
    Read,
    /// Post a message (with uploads or not).
    Post {
        /// Whether the message has uploaded files.
        uploads: bool,
    },
    /// Edit one of the bot's messages.
    Edit,
    /// Delete a message.
    Delete,
    /// Start a thread of this type (11 public, 12 private).
    StartThread(u64),
}

impl World {
    /// Makes the bot a member of `guild` (invited to it).
    pub fn join(&mut self, guild: u64) {
        if !self.member_of.contains(&guild) {
            self.member_of.push(guild);
        }
    }

    /// Makes the bot leave `guild`.
    pub fn leave(&mut self, guild: u64) {
        self.member_of.retain(|g| *g != guild);
    }

    /// Adds or replaces a channel.
    pub fn add_channel(&mut self, id: u64, channel: Channel) {
        self.channels.insert(id, channel);
    }

    /// The channel `id`, if known.
    pub fn channel(&self, id: u64) -> Option<&Channel> {
        self.channels.get(&id)
    }

    /// Learns the channel, server membership and clicked message an interaction describes.
    pub fn learn(&mut self, payload: &Value) {
        let id = |v: &Value| v.as_str().and_then(|s| s.parse::<u64>().ok());
        let Some(channel_id) = id(&payload["channel_id"]) else {
            return;
        };
        let guild = id(&payload["guild_id"]);
        let installed_here =
            guild.is_some() && id(&payload["authorizing_integration_owners"]["0"]) == guild;
        if let (Some(guild), true) = (guild, installed_here) {
            self.join(guild);
        }
        let user = id(&payload["member"]["user"]["id"]).or_else(|| id(&payload["user"]["id"]));
        let installed_by_user =
            user.is_some() && id(&payload["authorizing_integration_owners"]["1"]) == user;
        if let (Some(user), true) = (user, installed_here || installed_by_user)
            && !self.reachable.contains(&user)
        {
            self.reachable.push(user);
        }
        let kind = match (
            payload["channel"]["type"].as_u64(),
            payload["context"].as_u64(),
        ) {
            (Some(1), Some(1)) => ChannelKind::BotDm,
            (Some(1 | 3), _) => ChannelKind::OthersDm,
            (Some(10..=12), _) => ChannelKind::Thread,
            _ => ChannelKind::Text,
        };
        let permissions = id(&payload["app_permissions"]).unwrap_or(0);
        let known = self.channels.get(&channel_id).map(|c| c.permissions);
        self.channels.insert(
            channel_id,
            Channel {
                guild,
                kind,
                // Discord sends the bot's permissions in the channel with every interaction;
                // where the bot is not in the server they say nothing of it.
                permissions: if installed_here {
                    permissions
                } else {
                    known.unwrap_or(0)
                },
            },
        );
        let message = &payload["message"];
        if let Some(message_id) = id(&message["id"]) {
            let by_bot = message["author"]["id"].as_str() == Some(&super::BOT_USER_ID.to_string());
            self.messages.insert(
                message_id,
                Message {
                    channel: channel_id,
                    by_bot,
                },
            );
        }
    }

    /// Checks that the bot may do `action` in `channel` (on `message`, for edits, deletes and
    /// threads from a message).
    pub fn check(&self, channel: u64, message: Option<u64>, action: Action) -> Result<(), Refusal> {
        use permission::*;
        let Some(found) = self.channels.get(&channel) else {
            return Err(Refusal::unknown_channel());
        };
        let granted = match found.kind {
            ChannelKind::BotDm => u64::MAX,
            ChannelKind::OthersDm => 0,
            ChannelKind::Text | ChannelKind::Thread => {
                if found.guild.is_some_and(|g| self.member_of.contains(&g)) {
                    found.permissions
                } else {
                    0
                }
            }
        };
        if granted & VIEW_CHANNEL == 0 {
            return Err(Refusal::missing_access());
        }
        let has = |bits: u64| granted & bits == bits;
        let thread = found.kind == ChannelKind::Thread;
        let message = match message {
            Some(id) => match self.messages.get(&id).filter(|m| m.channel == channel) {
                Some(m) => Some(*m),
                None => return Err(Refusal::unknown_message()),
            },
            None => None,
        };
        let allowed = match action {
            Action::Read => has(READ_MESSAGE_HISTORY),
            Action::Post { uploads } => {
                let send = if thread {
                    SEND_MESSAGES_IN_THREADS
                } else {
                    SEND_MESSAGES
                };
                has(send) && (!uploads || has(ATTACH_FILES))
            }
            Action::Edit => {
                if message.is_some_and(|m| !m.by_bot) {
                    return Err(Refusal::new(
                        axum::http::StatusCode::FORBIDDEN,
                        50005,
                        "Cannot edit a message authored by another user",
                    ));
                }
                true
            }
            Action::Delete => message.is_none_or(|m| m.by_bot) || has(MANAGE_MESSAGES),
            Action::StartThread(kind) => {
                if thread || found.guild.is_none() {
                    return Err(Refusal::new(
                        axum::http::StatusCode::BAD_REQUEST,
                        50024,
                        "Cannot execute action on this channel type",
                    ));
                }
                has(if kind == 12 {
                    CREATE_PRIVATE_THREADS
                } else {
                    CREATE_PUBLIC_THREADS
                })
            }
        };
        if allowed {
            Ok(())
        } else {
            Err(Refusal::missing_permissions())
        }
    }

    /// `GET /channels/{id}`: the channel object, where the bot can see it (Missing Access where
    /// it can't, Unknown Channel where there is none). The bot's permissions in a server's
    /// channel are told as Discord computes them: its server gives it none
    /// ([`World::guild_object`]), and the channel's overwrite for the bot's member allows them.
    pub fn channel_object(&self, id: u64) -> Result<Value, Refusal> {
        let Some(found) = self.channels.get(&id) else {
            return Err(Refusal::unknown_channel());
        };
        let member = found.guild.is_some_and(|g| self.member_of.contains(&g));
        let visible = match found.kind {
            ChannelKind::BotDm => true,
            ChannelKind::OthersDm => false,
            ChannelKind::Text | ChannelKind::Thread => {
                member && found.permissions & permission::VIEW_CHANNEL != 0
            }
        };
        if !visible {
            return Err(Refusal::missing_access());
        }
        let bot = super::BOT_USER_ID.to_string();
        Ok(match (found.kind, found.guild) {
            (ChannelKind::Text | ChannelKind::Thread, Some(guild)) => json!({
                "id": id.to_string(),
                "type": if found.kind == ChannelKind::Thread { 11 } else { 0 },
                "guild_id": guild.to_string(),
                "name": format!("channel-{id}"),
                "position": 0,
                "flags": 0,
                "nsfw": false,
                "parent_id": null,
                "topic": null,
                "last_message_id": null,
                "rate_limit_per_user": 0,
                "permission_overwrites": [{
                    "id": bot,
                    "type": 1,
                    "allow": found.permissions.to_string(),
                    "deny": "0",
                }],
            }),
            _ => json!({
                "id": id.to_string(),
                "type": 1,
                "flags": 0,
                "last_message_id": null,
                "recipients": [],
            }),
        })
    }

    /// `GET /guilds/{id}`: a server the bot is in (Missing Access for another, as Discord
    /// answers a bot outside it); its `@everyone` role grants nothing, and its owner is not
    /// the bot.
    pub fn guild_object(&self, id: u64) -> Result<Value, Refusal> {
        if !self.member_of.contains(&id) {
            return Err(Refusal::missing_access());
        }
        Ok(json!({
            "id": id.to_string(),
            "name": format!("server-{id}"),
            "icon": null,
            "splash": null,
            "discovery_splash": null,
            "owner_id": OWNER_ID.to_string(),
            "afk_channel_id": null,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "features": [],
            "emojis": [],
            "stickers": [],
            "mfa_level": 0,
            "system_channel_id": null,
            "system_channel_flags": 0,
            "rules_channel_id": null,
            "vanity_url_code": null,
            "description": null,
            "banner": null,
            "premium_tier": 0,
            "preferred_locale": "en-US",
            "public_updates_channel_id": null,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": false,
            "roles": [{
                "id": id.to_string(),
                "name": "@everyone",
                "color": 0,
                "hoist": false,
                "position": 0,
                "permissions": "0",
                "managed": false,
                "mentionable": false,
                "flags": 0,
            }],
        }))
    }

    /// `GET /guilds/{guild}/members/{user}`: the bot's member in a server it is in, with no
    /// role besides `@everyone` (Missing Access outside it; Unknown Member for anyone else,
    /// whom the fake does not keep).
    pub fn member_object(&self, guild: u64, user: u64) -> Result<Value, Refusal> {
        if !self.member_of.contains(&guild) {
            return Err(Refusal::missing_access());
        }
        if user != super::BOT_USER_ID {
            return Err(Refusal::unknown_member());
        }
        Ok(json!({
            "user": super::bot_user(),
            "nick": null,
            "avatar": null,
            "roles": [],
            "joined_at": "2026-01-01T00:00:00.000000+00:00",
            "premium_since": null,
            "deaf": false,
            "mute": false,
            "flags": 0,
            "pending": false,
            "communication_disabled_until": null,
        }))
    }

    /// Records a message the bot posted.
    pub fn posted(&mut self, channel: u64, message: u64) {
        self.messages.insert(
            message,
            Message {
                channel,
                by_bot: true,
            },
        );
    }

    /// Records a message (of anyone) that no longer exists.
    pub fn deleted(&mut self, message: u64) {
        self.messages.remove(&message);
    }

    /// Opens (or finds) the bot's DM channel with `user`, as `POST /users/@me/channels` does:
    /// Discord opens one with anyone; whether a message may be sent there is checked on
    /// posting ([`World::check_dm`]).
    pub fn open_dm(&mut self, user: u64, new_id: u64) -> u64 {
        let channel = *self.dms.entry(user).or_insert(new_id);
        self.channels.insert(
            channel,
            Channel {
                guild: None,
                kind: ChannelKind::BotDm,
                permissions: u64::MAX,
            },
        );
        channel
    }

    /// Refuses a message in a DM channel whose user cannot receive DMs from the bot (neither
    /// installed the app nor shares a server with it): 403, 50007.
    pub fn check_dm(&self, channel: u64) -> Result<(), Refusal> {
        let blocked = self
            .dms
            .iter()
            .any(|(user, dm)| *dm == channel && !self.reachable.contains(user));
        if blocked {
            return Err(Refusal::new(
                axum::http::StatusCode::FORBIDDEN,
                50007,
                "Cannot send messages to this user",
            ));
        }
        Ok(())
    }

    /// The users the bot opened a DM channel with, and their channels.
    pub fn dm_channels(&self) -> HashMap<u64, u64> {
        self.dms.clone()
    }

    /// Records a thread the bot started in `parent`: it has the parent's server and permissions.
    pub fn thread_started(&mut self, parent: u64, thread: u64) {
        if let Some(parent) = self.channels.get(&parent).cloned() {
            self.channels.insert(
                thread,
                Channel {
                    kind: ChannelKind::Thread,
                    ..parent
                },
            );
        }
    }
}
