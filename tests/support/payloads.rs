//! Interaction payloads shaped like the ones Discord sends in `INTERACTION_CREATE` (API v10):
//! slash commands and Entry Point commands (type 2), autocomplete (type 4) and button clicks
//! (type 3), in a server
//! channel, with the fields serenity 0.12.5 requires (`attachment_size_limit`, `entitlements`,
//! `locale`, `version`, …).

use serde_json::{Value, json};

use super::fake_discord::{APPLICATION_ID, bot_user};

/// The test server.
pub const GUILD_ID: u64 = 1_200_000_000_000_000_001;
/// The channel the interactions come from.
pub const CHANNEL_ID: u64 = 1_200_000_000_000_000_002;
/// All permissions a plain member has, as Discord writes them (a decimal string).
pub const MEMBER_PERMISSIONS: &str = "2248473465835073";
/// Discord's default upload limit (25 MiB).
pub const ATTACHMENT_SIZE_LIMIT: u64 = 26_214_400;

/// Interaction types.
pub const APPLICATION_COMMAND: u8 = 2;
/// Interaction types.
pub const MESSAGE_COMPONENT: u8 = 3;
/// Interaction types.
pub const AUTOCOMPLETE: u8 = 4;

/// A server member who invokes commands.
#[derive(Debug, Clone, Copy)]
pub struct Caller {
    /// The user's id.
    pub id: u64,
    /// The user's name.
    pub username: &'static str,
}

/// A first player.
pub const ALICE: Caller = Caller {
    id: 1_200_000_000_000_000_101,
    username: "alice",
};
/// A second player.
pub const BOB: Caller = Caller {
    id: 1_200_000_000_000_000_102,
    username: "bob",
};

/// A third member, who plays neither side of the first game.
pub const CAROL: Caller = Caller {
    id: 1_200_000_000_000_000_103,
    username: "carol",
};

/// The interaction token the builders give interaction `id`.
pub fn token(id: u64) -> String {
    format!("interaction-token-{id}")
}

/// A string option (type 3).
pub fn string_option(name: &str, value: &str) -> Value {
    json!({ "name": name, "type": 3, "value": value })
}

/// An integer option (type 4); poise sends choice parameters as the choice's index.
pub fn integer_option(name: &str, value: i64) -> Value {
    json!({ "name": name, "type": 4, "value": value })
}

/// A user option (type 6): the id as a string (Discord also sends `resolved`, see
/// [`with_resolved_user`]).
pub fn user_option(name: &str, user: Caller) -> Value {
    json!({ "name": name, "type": 6, "value": user.id.to_string() })
}

/// The string option being typed in an autocomplete interaction.
pub fn focused_string(name: &str, partial: &str) -> Value {
    json!({ "name": name, "type": 3, "value": partial, "focused": true })
}

/// A user object.
pub fn user(caller: Caller) -> Value {
    json!({
        "id": caller.id.to_string(),
        "username": caller.username,
        "discriminator": "0",
        "global_name": caller.username,
        "avatar": null,
        "public_flags": 0,
        "avatar_decoration_data": null,
    })
}

/// The caller as a member of the test server.
pub fn member(caller: Caller) -> Value {
    json!({
        "user": user(caller),
        "roles": [],
        "joined_at": "2024-05-01T12:00:00.000000+00:00",
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "nick": null,
        "avatar": null,
        "banner": null,
        "permissions": MEMBER_PERMISSIONS,
        "communication_disabled_until": null,
        "unusual_dm_activity_until": null,
    })
}

/// The fields every interaction in a server channel carries.
fn envelope(id: u64, kind: u8, caller: Caller, data: Value) -> Value {
    json!({
        "id": id.to_string(),
        "application_id": APPLICATION_ID.to_string(),
        "type": kind,
        "data": data,
        "guild_id": GUILD_ID.to_string(),
        "guild": { "id": GUILD_ID.to_string(), "locale": "en-US", "features": [] },
        "channel_id": CHANNEL_ID.to_string(),
        "channel": {
            "id": CHANNEL_ID.to_string(),
            "type": 0,
            "guild_id": GUILD_ID.to_string(),
            "name": "monkey-queen",
            "position": 3,
            "parent_id": null,
            "nsfw": false,
            "flags": 0,
            "topic": null,
            "last_message_id": null,
            "rate_limit_per_user": 0,
            "permissions": MEMBER_PERMISSIONS,
        },
        "member": member(caller),
        "token": token(id),
        "version": 1,
        "app_permissions": MEMBER_PERMISSIONS,
        "locale": "en-US",
        "guild_locale": "en-US",
        "entitlements": [],
        "authorizing_integration_owners": { "0": GUILD_ID.to_string() },
        "context": 0,
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    })
}

/// Moves a server interaction into server `guild`, where the bot is invited too, as a global
/// command (no `data.guild_id`).
pub fn in_guild(mut payload: Value, guild: u64) -> Value {
    let guild = guild.to_string();
    payload["guild_id"] = json!(guild);
    payload["guild"]["id"] = json!(guild);
    payload["channel"]["guild_id"] = json!(guild);
    payload["authorizing_integration_owners"]["0"] = json!(guild);
    if let Some(data) = payload["data"].as_object_mut() {
        data.remove("guild_id");
    }
    payload
}

/// A command id Discord would have assigned to `name` (stable per name).
fn command_id(name: &str) -> String {
    let hash = name
        .bytes()
        .fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)));
    (1_300_000_000_000_000_000 + hash % 1_000_000).to_string()
}

/// `/name` with `options` (see [`string_option`] and friends), invoked by `caller`.
pub fn slash_command(id: u64, caller: Caller, name: &str, options: Vec<Value>) -> Value {
    let data = json!({
        "id": command_id(name),
        "name": name,
        "type": 1,
        "options": options,
        "guild_id": GUILD_ID.to_string(),
    });
    envelope(id, APPLICATION_COMMAND, caller, data)
}

/// `caller` invokes the app's Entry Point command `name` (a global `PRIMARY_ENTRY_POINT`
/// command, type 4, with id `command_id`) from the test server's channel, e.g. in the App
/// Launcher: an `APPLICATION_COMMAND` interaction the app answers when the command's handler is
/// `APP_HANDLER`.
pub fn entry_point_command(id: u64, caller: Caller, command_id: u64, name: &str) -> Value {
    let data = json!({ "id": command_id.to_string(), "name": name, "type": 4 });
    envelope(id, APPLICATION_COMMAND, caller, data)
}

/// Autocomplete for `/name` while `caller` types: `options` holds one [`focused_string`].
pub fn autocomplete(id: u64, caller: Caller, name: &str, options: Vec<Value>) -> Value {
    let data = json!({
        "id": command_id(name),
        "name": name,
        "type": 1,
        "options": options,
        "guild_id": GUILD_ID.to_string(),
    });
    envelope(id, AUTOCOMPLETE, caller, data)
}

/// Adds `resolved.users` / `resolved.members` entries for `users` to a command payload, as
/// Discord does for user options.
pub fn with_resolved_user(mut payload: Value, users: &[Caller]) -> Value {
    let mut resolved_users = serde_json::Map::new();
    let mut resolved_members = serde_json::Map::new();
    for caller in users {
        resolved_users.insert(caller.id.to_string(), user(*caller));
        let mut partial = member(*caller);
        if let Some(fields) = partial.as_object_mut() {
            fields.remove("user");
        }
        resolved_members.insert(caller.id.to_string(), partial);
    }
    payload["data"]["resolved"] = json!({ "users": resolved_users, "members": resolved_members });
    payload
}

/// Adds the bot itself to `resolved.users` (with `bot: true`), as Discord does when a user
/// option names the bot.
pub fn with_resolved_bot(mut payload: Value) -> Value {
    let mut users = serde_json::Map::new();
    users.insert(super::fake_discord::BOT_USER_ID.to_string(), bot_user());
    payload["data"]["resolved"] = json!({ "users": users });
    payload
}

/// Sets the caller's locale and the server's (e.g. `es-ES`) on any interaction payload.
pub fn with_locales(mut payload: Value, user: &str, guild: &str) -> Value {
    payload["locale"] = json!(user);
    payload["guild_locale"] = json!(guild);
    payload["guild"]["locale"] = json!(guild);
    payload
}

/// A message the bot posted earlier, with one row of buttons with `custom_ids`.
pub fn bot_message(message_id: u64, content: &str, custom_ids: &[&str]) -> Value {
    let buttons: Vec<Value> = custom_ids
        .iter()
        .map(|id| json!({ "type": 2, "style": 2, "label": id, "custom_id": id }))
        .collect();
    json!({
        "id": message_id.to_string(),
        "channel_id": CHANNEL_ID.to_string(),
        "author": bot_user(),
        "content": content,
        "timestamp": "2025-01-01T00:00:00.000000+00:00",
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": false,
        "type": 0,
        "flags": 0,
        "components": [{ "type": 1, "components": buttons }],
        "application_id": APPLICATION_ID.to_string(),
        "webhook_id": APPLICATION_ID.to_string(),
    })
}

/// `caller` clicks the button `custom_id` on `message` (see [`bot_message`]).
pub fn button_click(id: u64, caller: Caller, custom_id: &str, message: Value) -> Value {
    let data = json!({ "custom_id": custom_id, "component_type": 2 });
    let mut payload = envelope(id, MESSAGE_COMPONENT, caller, data);
    payload["message"] = message;
    payload
}

/// A boolean option (type 5).
pub fn bool_option(name: &str, value: bool) -> Value {
    json!({ "name": name, "type": 5, "value": value })
}

/// Permissions of a member who may manage the server: [`MEMBER_PERMISSIONS`] plus
/// MANAGE_GUILD (1 << 5).
pub const MANAGER_PERMISSIONS: &str = "2248473465835105";

/// The same interaction from a client in `locale` (e.g. `es-ES`), in a server whose
/// preferred locale is also `locale`.
pub fn with_locale(mut payload: Value, locale: &str) -> Value {
    payload["locale"] = json!(locale);
    payload["guild_locale"] = json!(locale);
    payload
}

/// The same interaction from a member with these `permissions` (a decimal string).
pub fn with_permissions(mut payload: Value, permissions: &str) -> Value {
    payload["member"]["permissions"] = json!(permissions);
    payload
}

/// A fourth member, who plays a game of their own with [`CAROL`].
pub const DAVE: Caller = Caller {
    id: 1_200_000_000_000_000_104,
    username: "dave",
};

/// The direct-message channel between a caller and the bot.
pub const DM_CHANNEL_ID: u64 = 1_200_000_000_000_000_003;

/// The same interaction sent from a direct message with the bot: no server, no member, the
/// caller as `user`, the DM channel [`DM_CHANNEL_ID`].
pub fn in_dm(mut payload: Value, caller: Caller) -> Value {
    if let Some(fields) = payload.as_object_mut() {
        for field in ["guild_id", "guild", "member", "guild_locale"] {
            fields.remove(field);
        }
    }
    if let Some(data) = payload["data"].as_object_mut() {
        data.remove("guild_id");
    }
    payload["user"] = user(caller);
    payload["channel_id"] = json!(DM_CHANNEL_ID.to_string());
    if payload["message"].is_object() {
        payload["message"]["channel_id"] = json!(DM_CHANNEL_ID.to_string());
    }
    payload["channel"] = json!({
        "id": DM_CHANNEL_ID.to_string(),
        "type": 1,
        "flags": 0,
        "last_message_id": null,
        "recipients": [user(caller)],
    });
    payload["authorizing_integration_owners"] = json!({ "1": caller.id.to_string() });
    payload["context"] = json!(1);
    payload
}

/// A group DM the bot is not part of (the app user-installed by its members).
pub const GROUP_DM_CHANNEL_ID: u64 = 1_200_000_000_000_000_004;

/// The caller of an interaction payload, as Discord writes the user.
fn caller_of(payload: &Value) -> Value {
    if payload["member"].is_object() {
        payload["member"]["user"].clone()
    } else {
        payload["user"].clone()
    }
}

/// The same interaction sent in a group DM ([`GROUP_DM_CHANNEL_ID`]) through the app that
/// `installer` added to their apps: no server, no member, context 2 (a private channel), and
/// only a user install among the authorizing owners.
pub fn in_group_dm(mut payload: Value, installer: Caller) -> Value {
    let caller = caller_of(&payload);
    if let Some(fields) = payload.as_object_mut() {
        for field in ["guild_id", "guild", "member", "guild_locale"] {
            fields.remove(field);
        }
    }
    if let Some(data) = payload["data"].as_object_mut() {
        data.remove("guild_id");
    }
    payload["user"] = caller.clone();
    payload["channel_id"] = json!(GROUP_DM_CHANNEL_ID.to_string());
    if payload["message"].is_object() {
        payload["message"]["channel_id"] = json!(GROUP_DM_CHANNEL_ID.to_string());
    }
    payload["channel"] = json!({
        "id": GROUP_DM_CHANNEL_ID.to_string(),
        "type": 3,
        "flags": 0,
        "last_message_id": null,
        "name": "friends",
        "owner_id": installer.id.to_string(),
        "recipients": [user(installer), caller],
    });
    payload["authorizing_integration_owners"] = json!({ "1": installer.id.to_string() });
    payload["context"] = json!(2);
    payload
}

/// The same interaction in the test server, had its managers never invited the bot: the app
/// is there only because `installer` added it to their apps.
pub fn in_server_without_bot(mut payload: Value, installer: Caller) -> Value {
    payload["authorizing_integration_owners"] = json!({ "1": installer.id.to_string() });
    payload["context"] = json!(0);
    payload
}

/// The same interaction from a member whose payload carries no `permissions` at all.
pub fn without_permissions(mut payload: Value) -> Value {
    if let Some(member) = payload["member"].as_object_mut() {
        member.remove("permissions");
    }
    payload
}

/// The `custom_id`s of a components array.
pub fn custom_ids(components: Option<&Value>) -> Vec<String> {
    components
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|c| c["custom_id"].as_str().map(str::to_owned))
        .collect()
}

/// A message the bot posted earlier with these `components` (as the bot sent them).
pub fn bot_message_with(message_id: u64, content: &str, components: Value) -> Value {
    let mut message = bot_message(message_id, content, &[]);
    message["components"] = components;
    message
}

/// `caller` picks `values` in the select menu `custom_id` on `message` (see
/// [`bot_message_with`]).
pub fn select_click(
    id: u64,
    caller: Caller,
    custom_id: &str,
    values: &[&str],
    message: Value,
) -> Value {
    let data = json!({ "custom_id": custom_id, "component_type": 3, "values": values });
    let mut payload = envelope(id, MESSAGE_COMPONENT, caller, data);
    payload["message"] = message;
    payload
}

/// Adds a channel option `name` (type 7) naming text channel `channel` of the test server to a
/// command payload, with its `resolved.channels` entry, as Discord sends them.
pub fn with_channel_option(mut payload: Value, name: &str, channel: u64) -> Value {
    let id = channel.to_string();
    if let Some(options) = payload["data"]["options"].as_array_mut() {
        options.push(json!({ "name": name, "type": 7, "value": id }));
    }
    payload["data"]["resolved"]["channels"][&id] = json!({
        "id": id,
        "name": "puzzles",
        "type": 0,
        "permissions": MEMBER_PERMISSIONS,
        "guild_id": GUILD_ID.to_string(),
    });
    payload
}
