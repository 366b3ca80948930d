//! Application commands as Discord keeps them (`developers/interactions/application-commands.mdx`):
//! the app's global list and each server's, with the rules the documentation gives.
//!
//! - A bulk overwrite (`PUT`) replaces the whole list of its scope, all command types included
//!   (so one that leaves the Entry Point command out removes it); a command keeps its id when
//!   the new list names it by `id`, or has one of the same name and type (an unknown `id` is
//!   10063). `POST` creates (201), or overwrites the command of the same name and type (200);
//!   `PATCH` overwrites the fields it gives; `DELETE` answers 204; an unknown command is 404
//!   code 10063. Each answer is the application command object: what was sent, with `id`,
//!   `application_id`, `version` (new when the command changed), `type`, `description` (`""`
//!   by default), `default_member_permissions` (a string), a server command's `guild_id`, and
//!   for a global one the documented defaults `integration_types: [0]` and
//!   `contexts: [0, 1, 2]`.
//! - Names are unique per type within a scope: a list that repeats one is 50035; an edit that
//!   takes one is 40041 ("An application command with that name already exists").
//! - Only `CHAT_INPUT` commands have options, and only `PRIMARY_ENTRY_POINT` (type 4) ones a
//!   `handler`. An Entry Point command is global, needs Activities enabled, and is alone of its
//!   type. Each break is 400 Invalid Form Body (50035) with the reason at its place in the body
//!   (the codes there are the fake's own where Discord documents none).
//! - When Activities are enabled, Discord makes the default Entry Point command ("Launch",
//!   handler `DISCORD_LAUNCH_ACTIVITY`): [`Commands::add_default_entry_point`].

use std::collections::HashMap;

use axum::http::StatusCode;
use serde_json::{Map, Value, json};

use super::APPLICATION_ID;
use super::limits::{Violation, command_name_violations};
use super::refusal::Refusal;
use super::schema::error_tree;

/// `PRIMARY_ENTRY_POINT`: the command type of an Activity's Entry Point command.
pub const PRIMARY_ENTRY_POINT: u64 = 4;
/// `DISCORD_LAUNCH_ACTIVITY`: the handler of the default Entry Point command.
pub const DISCORD_LAUNCH_ACTIVITY: u64 = 2;

/// Where commands are registered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// The app's global commands.
    Global,
    /// The commands of one server.
    Guild(u64),
}

/// The registered commands: the global list and each server's.
#[derive(Debug, Default)]
pub struct Commands {
    global: Vec<Value>,
    guilds: HashMap<u64, Vec<Value>>,
}

impl Commands {
    /// The commands of `scope`, as application command objects.
    pub fn list(&self, scope: Scope) -> Vec<Value> {
        match scope {
            Scope::Global => self.global.clone(),
            Scope::Guild(guild) => self.guilds.get(&guild).cloned().unwrap_or_default(),
        }
    }

    fn list_mut(&mut self, scope: Scope) -> &mut Vec<Value> {
        match scope {
            Scope::Global => &mut self.global,
            Scope::Guild(guild) => self.guilds.entry(guild).or_default(),
        }
    }

    /// Adds Discord's default Entry Point command ("Launch", handler `DISCORD_LAUNCH_ACTIVITY`)
    /// with `id`, unless the app has an Entry Point command already.
    pub fn add_default_entry_point(&mut self, id: u64) {
        if self.global.iter().any(|c| kind(c) == PRIMARY_ENTRY_POINT) {
            return;
        }
        let launch = json!({
            "type": PRIMARY_ENTRY_POINT,
            "name": "Launch",
            "handler": DISCORD_LAUNCH_ACTIVITY,
        });
        self.global.push(object(&launch, id, id, Scope::Global));
    }

    /// Serves `method` on the commands of `scope` (`command`: one of them, by id) with the
    /// request's `payload`; `activities` tells whether the app has Activities enabled, `ids`
    /// hands out snowflakes. The status and body of the answer (`null` for 204).
    pub fn serve(
        &mut self,
        method: &str,
        scope: Scope,
        command: Option<&str>,
        payload: Option<&Value>,
        activities: bool,
        ids: &dyn Fn() -> u64,
    ) -> Result<(StatusCode, Value), Refusal> {
        let empty = json!({});
        let sent = payload.unwrap_or(&empty);
        match (method, command) {
            ("GET", None) => Ok((StatusCode::OK, Value::Array(self.list(scope)))),
            ("PUT", None) => {
                let sent = sent.as_array().map_or(&[][..], Vec::as_slice);
                let list = self.overwrite(scope, sent, activities, ids)?;
                Ok((StatusCode::OK, Value::Array(list)))
            }
            ("POST", None) => self.create(scope, sent, activities, ids),
            ("GET", Some(id)) => {
                let found = self.list(scope).into_iter().find(|c| c["id"] == id);
                Ok((StatusCode::OK, found.ok_or_else(Refusal::unknown_command)?))
            }
            ("PATCH", Some(id)) => {
                let edited = self.edit(scope, id, sent, activities, ids)?;
                Ok((StatusCode::OK, edited))
            }
            ("DELETE", Some(id)) => {
                let list = self.list_mut(scope);
                let at = list.iter().position(|c| c["id"] == id);
                list.remove(at.ok_or_else(Refusal::unknown_command)?);
                Ok((StatusCode::NO_CONTENT, Value::Null))
            }
            _ => Err(Refusal::not_found()),
        }
    }

    /// `PUT`: replaces the list of `scope` with `sent`.
    fn overwrite(
        &mut self,
        scope: Scope,
        sent: &[Value],
        activities: bool,
        ids: &dyn Fn() -> u64,
    ) -> Result<Vec<Value>, Refusal> {
        let mut found = Vec::new();
        let mut names = Vec::new();
        let mut entry_points = 0;
        for (i, command) in sent.iter().enumerate() {
            let at = format!("/{i}");
            found.extend(violations(command, scope, activities, &at));
            if names.contains(&key(command)) {
                found.push(rule(
                    &format!("{at}/name"),
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                    "Application command names must be unique per type",
                ));
            }
            names.push(key(command));
            if kind(command) == PRIMARY_ENTRY_POINT {
                entry_points += 1;
                if entry_points > 1 {
                    found.push(only_one_entry_point(&at));
                }
            }
        }
        refuse(found)?;
        let old = self.list(scope);
        let mut new = Vec::new();
        for command in sent {
            let kept = match command.get("id").filter(|id| !id.is_null()) {
                Some(id) => Some(
                    old.iter()
                        .find(|c| c["id"] == *id)
                        .ok_or_else(Refusal::unknown_command)?,
                ),
                None => old.iter().find(|c| key(c) == key(command)),
            };
            new.push(match kept {
                Some(kept) => renewed(kept, command, scope, ids),
                None => {
                    let id = ids();
                    object(command, id, id, scope)
                }
            });
        }
        *self.list_mut(scope) = new.clone();
        Ok(new)
    }

    /// `POST`: creates `sent` in `scope` (201), or overwrites the command of the same name and
    /// type (200).
    fn create(
        &mut self,
        scope: Scope,
        sent: &Value,
        activities: bool,
        ids: &dyn Fn() -> u64,
    ) -> Result<(StatusCode, Value), Refusal> {
        let mut found = violations(sent, scope, activities, "");
        let list = self.list_mut(scope);
        let same = list.iter().position(|c| key(c) == key(sent));
        let other_entry_point = list
            .iter()
            .enumerate()
            .any(|(i, c)| kind(c) == PRIMARY_ENTRY_POINT && Some(i) != same);
        if kind(sent) == PRIMARY_ENTRY_POINT && other_entry_point {
            found.push(only_one_entry_point(""));
        }
        refuse(found)?;
        Ok(match same {
            Some(i) => {
                list[i] = renewed(&list[i], sent, scope, ids);
                (StatusCode::OK, list[i].clone())
            }
            None => {
                let id = ids();
                list.push(object(sent, id, id, scope));
                (StatusCode::CREATED, list[list.len() - 1].clone())
            }
        })
    }

    /// `PATCH`: overwrites the fields `patch` gives of command `id` in `scope`.
    fn edit(
        &mut self,
        scope: Scope,
        id: &str,
        patch: &Value,
        activities: bool,
        ids: &dyn Fn() -> u64,
    ) -> Result<Value, Refusal> {
        let list = self.list_mut(scope);
        let at = list.iter().position(|c| c["id"] == id);
        let at = at.ok_or_else(Refusal::unknown_command)?;
        let mut merged = list[at].clone();
        for (field, value) in patch.as_object().into_iter().flatten() {
            merged[field] = value.clone();
        }
        let mut found = violations(&merged, scope, activities, "");
        found.extend(command_name_violations(&merged, ""));
        let others = || list.iter().enumerate().filter(|(i, _)| *i != at);
        if kind(&merged) == PRIMARY_ENTRY_POINT
            && others().any(|(_, c)| kind(c) == PRIMARY_ENTRY_POINT)
        {
            found.push(only_one_entry_point(""));
        }
        refuse(found)?;
        if others().any(|(_, c)| key(c) == key(&merged)) {
            return Err(Refusal::new(
                StatusCode::BAD_REQUEST,
                40041,
                "An application command with that name already exists",
            ));
        }
        list[at] = renewed(&list[at], &merged, scope, ids);
        Ok(list[at].clone())
    }
}

/// A command's type (1, `CHAT_INPUT`, when not given).
fn kind(command: &Value) -> u64 {
    command["type"].as_u64().unwrap_or(1)
}

/// What makes a command unique in its scope: its name and type.
fn key(command: &Value) -> (Option<&str>, u64) {
    (command["name"].as_str(), kind(command))
}

/// The rules one command (at `at` in the body) breaks, in `scope`.
fn violations(command: &Value, scope: Scope, activities: bool, at: &str) -> Vec<Violation> {
    let mut found = Vec::new();
    let kind = kind(command);
    if kind == PRIMARY_ENTRY_POINT && scope != Scope::Global {
        found.push(rule(
            &format!("{at}/type"),
            "APPLICATION_COMMAND_TYPE_INVALID",
            "PRIMARY_ENTRY_POINT commands can only be global",
        ));
    }
    if kind == PRIMARY_ENTRY_POINT && !activities {
        found.push(rule(
            &format!("{at}/type"),
            "APPLICATION_COMMAND_TYPE_INVALID",
            "PRIMARY_ENTRY_POINT commands need the app's Activities enabled",
        ));
    }
    if kind != PRIMARY_ENTRY_POINT && !command["handler"].is_null() {
        found.push(rule(
            &format!("{at}/handler"),
            "APPLICATION_COMMAND_HANDLER_INVALID",
            "handler can only be set for PRIMARY_ENTRY_POINT commands",
        ));
    }
    let options = command["options"].as_array().is_some_and(|o| !o.is_empty());
    if kind != 1 && options {
        found.push(rule(
            &format!("{at}/options"),
            "APPLICATION_COMMAND_OPTIONS_INVALID",
            "options can only be set for CHAT_INPUT commands",
        ));
    }
    found
}

fn only_one_entry_point(at: &str) -> Violation {
    rule(
        &format!("{at}/type"),
        "APPLICATION_COMMAND_TYPE_INVALID",
        "An app can have only one PRIMARY_ENTRY_POINT command",
    )
}

fn rule(at: &str, code: &str, message: &str) -> Violation {
    (at.to_owned(), code.to_owned(), message.to_owned())
}

/// 50035 with every broken rule, if any.
fn refuse(found: Vec<Violation>) -> Result<(), Refusal> {
    if found.is_empty() {
        Ok(())
    } else {
        Err(Refusal::invalid_form_body(error_tree(&found)))
    }
}

/// `kept` overwritten by `sent`: its id stays, its version changes if anything else did.
fn renewed(kept: &Value, sent: &Value, scope: Scope, ids: &dyn Fn() -> u64) -> Value {
    let snowflake = |field: &str| kept[field].as_str().and_then(|s| s.parse().ok());
    let (id, version) = (
        snowflake("id").unwrap_or(0),
        snowflake("version").unwrap_or(0),
    );
    let mut command = object(sent, id, version, scope);
    if command != *kept {
        command["version"] = json!(ids().to_string());
    }
    command
}

/// The application command object Discord makes of `sent`, with `id` and `version`.
fn object(sent: &Value, id: u64, version: u64, scope: Scope) -> Value {
    let mut command: Map<String, Value> = sent.as_object().cloned().unwrap_or_default();
    for field in ["handler", "options", "type"] {
        if command.get(field).is_some_and(Value::is_null) {
            command.remove(field);
        }
    }
    command.insert("id".into(), json!(id.to_string()));
    command.insert("application_id".into(), json!(APPLICATION_ID.to_string()));
    command.insert("version".into(), json!(version.to_string()));
    command.insert("type".into(), json!(kind(sent)));
    if !command.get("description").is_some_and(Value::is_string) {
        command.insert("description".into(), json!(""));
    }
    let permissions = match command.get("default_member_permissions") {
        Some(Value::Number(bits)) => json!(bits.to_string()),
        Some(Value::String(bits)) => json!(bits),
        _ => Value::Null,
    };
    command.insert("default_member_permissions".into(), permissions);
    match scope {
        Scope::Guild(guild) => {
            command.insert("guild_id".into(), json!(guild.to_string()));
        }
        Scope::Global => {
            for (field, default) in [
                ("integration_types", json!([0])),
                ("contexts", json!([0, 1, 2])),
            ] {
                if command.get(field).is_none_or(Value::is_null) {
                    command.insert(field.into(), default);
                }
            }
        }
    }
    Value::Object(command)
}
