//! The rules of Discord's that its published schema cannot say: message and component limits,
//! autocomplete choices, mention settings that contradict each other, attachments that name
//! files the request does not carry, the upload size limit, and what a `CHAT_INPUT` command or
//! an option may be called.

use std::sync::LazyLock;

use regex::Regex;
use serde_json::Value;

use super::UploadedFile;

/// Characters a message's content may have.
pub const MAX_CONTENT: usize = 2_000;
/// Action rows a message may have.
pub const MAX_ROWS: usize = 5;
/// Buttons an action row may have.
pub const MAX_BUTTONS_PER_ROW: usize = 5;
/// Characters a custom id may have.
pub const MAX_CUSTOM_ID: usize = 100;
/// Choices an autocomplete answer may offer.
pub const MAX_CHOICES: usize = 25;
/// The upload limit of a bot's channel message (no interaction to say otherwise): 10 MiB.
pub const CHANNEL_UPLOAD_LIMIT: u64 = 10 * 1024 * 1024;
/// Placeholder attachment ids are small integers (the index of `files[N]`); anything larger is
/// the snowflake of an attachment the message already has.
const PLACEHOLDER_IDS: u64 = 1 << 22;

/// Discord's rule for command and option names, in every locale, as its documentation gives
/// it; a name must also be lowercase wherever its letters have a lowercase form. Letters of any
/// script count, accented ones included (`tamaño`, `größe`).
static COMMAND_NAME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$").expect("the name rule compiles")
});

/// A broken rule: where in the body (JSON pointer), Discord's error code and message.
pub type Violation = (String, String, String);

/// The parts of a request these rules look at.
pub struct Body<'a> {
    /// The spec's route template, e.g. `/channels/{channel_id}/messages`.
    pub template: &'a str,
    /// The JSON payload.
    pub json: Option<&'a Value>,
    /// The uploaded files.
    pub files: &'a [UploadedFile],
}

/// Every form rule `body` breaks (Discord answers them together, 400 code 50035).
pub fn form_violations(body: &Body) -> Vec<Violation> {
    let Some(json) = body.json else {
        return Vec::new();
    };
    let mut found = Vec::new();
    match body.template {
        "/interactions/{interaction_id}/{interaction_token}/callback" => {
            let data = &json["data"];
            match json["type"].as_u64() {
                Some(8) => check_choices(data, "/data", &mut found),
                Some(4 | 7) => check_message(data, "/data", body.files, &mut found),
                _ => {}
            }
        }
        "/applications/{application_id}/commands"
        | "/applications/{application_id}/guilds/{guild_id}/commands" => match json {
            Value::Array(commands) => {
                for (i, command) in commands.iter().enumerate() {
                    found.extend(command_name_violations(command, &format!("/{i}")));
                }
            }
            command => found.extend(command_name_violations(command, "")),
        },
        "/channels/{channel_id}/messages"
        | "/channels/{channel_id}/messages/{message_id}"
        | "/webhooks/{webhook_id}/{webhook_token}"
        | "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
        | "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}" => {
            check_message(json, "", body.files, &mut found);
        }
        _ => {}
    }
    found
}

/// The first uploaded file larger than `limit` bytes, by its form field.
pub fn oversized_upload(files: &[UploadedFile], limit: u64) -> Option<&str> {
    files
        .iter()
        .find(|f| f.bytes.len() as u64 > limit)
        .map(|f| f.field.as_str())
}

fn violation(found: &mut Vec<Violation>, at: String, code: &str, message: String) {
    found.push((at, code.to_owned(), message));
}

/// Whether Discord accepts `name` as a command's or an option's name.
fn valid_command_name(name: &str) -> bool {
    COMMAND_NAME.is_match(name) && name.to_lowercase() == name
}

/// Where `command` (at `at` in the body) breaks the naming rule: only `CHAT_INPUT` commands (type
/// 1, the default) and options have it; `USER` and `MESSAGE` commands "may be mixed case and can
/// include spaces", and Discord's own default Entry Point command is called "Launch".
pub fn command_name_violations(command: &Value, at: &str) -> Vec<Violation> {
    let mut found = Vec::new();
    if command["type"].as_u64().is_none_or(|kind| kind == 1) {
        check_names(command, at, &mut found);
    }
    found
}

/// The name and every localized name of a command or option, then of its options, in turn.
fn check_names(item: &Value, at: &str, found: &mut Vec<Violation>) {
    let mut invalid = |at: String| {
        violation(
            found,
            at,
            "APPLICATION_COMMAND_INVALID_NAME",
            "Command name is invalid".into(),
        );
    };
    if let Some(name) = item["name"].as_str()
        && !valid_command_name(name)
    {
        invalid(format!("{at}/name"));
    }
    for (locale, name) in item["name_localizations"].as_object().into_iter().flatten() {
        if name.as_str().is_some_and(|name| !valid_command_name(name)) {
            invalid(format!("{at}/name_localizations/{locale}"));
        }
    }
    for (i, option) in item["options"].as_array().into_iter().flatten().enumerate() {
        check_names(option, &format!("{at}/options/{i}"), found);
    }
}

fn check_choices(data: &Value, at: &str, found: &mut Vec<Violation>) {
    let count = data["choices"].as_array().map_or(0, Vec::len);
    if count > MAX_CHOICES {
        violation(
            found,
            format!("{at}/choices"),
            "BASE_TYPE_MAX_LENGTH",
            format!("Must be {MAX_CHOICES} or fewer in length."),
        );
    }
}

fn check_message(message: &Value, at: &str, files: &[UploadedFile], found: &mut Vec<Violation>) {
    if let Some(content) = message["content"].as_str()
        && content.chars().count() > MAX_CONTENT
    {
        violation(
            found,
            format!("{at}/content"),
            "BASE_TYPE_MAX_LENGTH",
            format!("Must be {MAX_CONTENT} or fewer in length."),
        );
    }
    check_components(&message["components"], &format!("{at}/components"), found);
    check_mentions(
        &message["allowed_mentions"],
        &format!("{at}/allowed_mentions"),
        found,
    );
    check_attachments(
        &message["attachments"],
        &format!("{at}/attachments"),
        files,
        found,
    );
}

fn check_components(components: &Value, at: &str, found: &mut Vec<Violation>) {
    let Some(rows) = components.as_array() else {
        return;
    };
    let action_rows = rows
        .iter()
        .filter(|r| r["type"].as_u64() == Some(1))
        .count();
    if action_rows > MAX_ROWS {
        violation(
            found,
            at.to_owned(),
            "BASE_TYPE_MAX_LENGTH",
            format!("Must be {MAX_ROWS} or fewer in length."),
        );
    }
    let mut custom_ids: Vec<&str> = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let items = row["components"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default();
        let buttons = items
            .iter()
            .filter(|c| c["type"].as_u64() == Some(2))
            .count();
        let selects = items.len() - buttons;
        let row_at = format!("{at}/{r}/components");
        if selects > 1 || (selects == 1 && buttons > 0) || buttons > MAX_BUTTONS_PER_ROW {
            violation(
                found,
                row_at.clone(),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width".into(),
            );
        }
        for (c, item) in items.iter().enumerate() {
            let Some(custom_id) = item["custom_id"].as_str() else {
                continue;
            };
            let item_at = format!("{row_at}/{c}/custom_id");
            if custom_id.chars().count() > MAX_CUSTOM_ID {
                violation(
                    found,
                    item_at.clone(),
                    "BASE_TYPE_MAX_LENGTH",
                    format!("Must be {MAX_CUSTOM_ID} or fewer in length."),
                );
            }
            if custom_ids.contains(&custom_id) {
                violation(
                    found,
                    item_at,
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    "Component custom id cannot be duplicated".into(),
                );
            }
            custom_ids.push(custom_id);
        }
    }
}

fn check_mentions(mentions: &Value, at: &str, found: &mut Vec<Violation>) {
    let parses_users = mentions["parse"]
        .as_array()
        .is_some_and(|p| p.iter().any(|t| t == "users"));
    let lists_users = mentions["users"].as_array().is_some_and(|u| !u.is_empty());
    if parses_users && lists_users {
        violation(
            found,
            at.to_owned(),
            "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
            "parse:[\"users\"] and users: [ids] are mutually exclusive.".into(),
        );
    }
}

fn check_attachments(
    attachments: &Value,
    at: &str,
    files: &[UploadedFile],
    found: &mut Vec<Violation>,
) {
    for (i, attachment) in attachments.as_array().into_iter().flatten().enumerate() {
        let id = match &attachment["id"] {
            Value::Number(n) => n.as_u64(),
            Value::String(s) => s.parse().ok(),
            _ => None,
        };
        let Some(id) = id.filter(|id| *id < PLACEHOLDER_IDS) else {
            continue;
        };
        let field = format!("files[{id}]");
        if !files.iter().any(|f| f.field == field) {
            violation(
                found,
                format!("{at}/{i}/id"),
                "ATTACHMENT_NOT_FOUND",
                format!("Attachment {field} is not among the uploaded files."),
            );
        }
    }
}
