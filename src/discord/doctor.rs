//! What `monkey-queen doctor` asks Discord, each answer turned into a [`Finding`] that says in
//! plain words what is wrong and how to fix it: the token, the application (its install
//! contexts, the interactions endpoint and its public key, the Activity and the client secret),
//! the commands as registered, and the bot's permissions in a channel.
//!
//! Read with plain REST calls (`reqwest`, Discord's JSON read as it comes), so that an answer
//! serenity's models would not take is reported instead of failing the whole check.

use std::collections::BTreeSet;

use reqwest::{Client, Method, StatusCode};
use serde_json::Value;

use super::commands;
use super::config::Config;
use crate::games::Finding;

/// The permissions the bot needs in a channel where games are played, with their names: what
/// the README's invite link asks for.
const NEEDED: [(u64, &str); 7] = [
    (1 << 10, "View Channel"),
    (1 << 11, "Send Messages"),
    (1 << 14, "Embed Links"),
    (1 << 15, "Attach Files"),
    (1 << 16, "Read Message History"),
    (1 << 35, "Create Public Threads"),
    (1 << 38, "Send Messages in Threads"),
];

/// `ADMINISTRATOR`: every permission, whatever the overwrites say.
const ADMINISTRATOR: u64 = 1 << 3;

/// The application flag of an app with Activities enabled (`EMBEDDED`).
const EMBEDDED: u64 = 1 << 17;

/// What the doctor is asked to look at besides the bot's settings.
#[derive(Debug, Clone, Default)]
pub struct Asked {
    /// A channel to check the bot's permissions in (`--channel`).
    pub channel: Option<u64>,
    /// The interactions endpoint's public key as configured (`DISCORD_PUBLIC_KEY`), to compare
    /// with the application's.
    pub public_key: Option<String>,
}

/// Asks Discord about the bot configured by `config` and says what it found.
pub async fn examine(config: &Config, asked: &Asked) -> Vec<Finding> {
    let discord = match Discord::new(config) {
        Ok(discord) => discord,
        Err(e) => {
            return vec![Finding::ill(
                "Discord",
                format!("could not set up a client for Discord's API: {e}"),
            )];
        }
    };
    let mut findings = Vec::new();
    let Some(bot) = token(&discord, &mut findings).await else {
        return findings;
    };
    let application = match discord.get("/applications/@me").await {
        Answer::Json(application) => application,
        other => {
            findings.push(other.finding("the application", "read the application"));
            return findings;
        }
    };
    findings.push(install_contexts(&application));
    findings.push(interactions_endpoint(
        &application,
        asked.public_key.as_deref(),
    ));
    if config.client_secret.is_some() {
        findings.push(activity(&application, config));
        findings.push(client_secret(&discord, &application, config).await);
    }
    findings.push(registered_commands(&discord, &application, config).await);
    if let Some(channel) = asked.channel {
        findings.push(permissions(&discord, channel, &bot).await);
    }
    findings
}

/// The token: who it belongs to, or why Discord refused it. `None` when nothing else can be
/// asked.
async fn token(discord: &Discord, findings: &mut Vec<Finding>) -> Option<Value> {
    const CHECK: &str = "the token";
    match discord.get("/users/@me").await {
        Answer::Json(bot) => {
            let name = bot["username"].as_str().unwrap_or("?");
            let id = bot["id"].as_str().unwrap_or("?");
            findings.push(Finding::well(CHECK, format!("is the bot {name} ({id})")));
            Some(bot)
        }
        Answer::Status(StatusCode::UNAUTHORIZED, _) => {
            findings.push(Finding::ill(
                CHECK,
                "was refused by Discord (401): it is wrong or was reset. In the Developer \
                 Portal, the application's Bot tab, press Reset Token and put the new one in \
                 DISCORD_TOKEN",
            ));
            None
        }
        other => {
            findings.push(other.finding(CHECK, "be checked"));
            None
        }
    }
}

/// The install contexts the application supports, against those the commands are made for
/// (a server and a user's account).
fn install_contexts(application: &Value) -> Finding {
    const CHECK: &str = "the install contexts";
    let config = &application["integration_types_config"];
    let server = config.get("0").is_some();
    let user = config.get("1").is_some();
    match (server, user) {
        (true, true) => Finding::well(CHECK, "servers and users may install the app"),
        (false, _) => Finding::ill(
            CHECK,
            "the app can't be installed in a server, so the bot can't be invited: in the \
             Developer Portal, Installation, tick Guild Install",
        ),
        (true, false) => Finding::ill(
            CHECK,
            "only servers may install the app, while its commands are made for users' \
             accounts too: in the Developer Portal, Installation, tick User Install (or \
             players can only use the bot in servers that invited it)",
        ),
    }
}

/// The interactions endpoint: unset (the bot hears interactions over the gateway), and the
/// public key Discord signs with, against `configured`.
fn interactions_endpoint(application: &Value, configured: Option<&str>) -> Finding {
    const CHECK: &str = "the interactions endpoint";
    let key = application["verify_key"].as_str().unwrap_or("");
    if let Some(url) = application["interactions_endpoint_url"].as_str() {
        return Finding::ill(
            CHECK,
            format!(
                "is set to {url}: Discord then sends interactions there and not over the \
                 gateway this bot listens on, so no command is answered. In the Developer \
                 Portal, General Information, clear Interactions Endpoint URL"
            ),
        );
    }
    match configured {
        Some(configured) if !configured.trim().eq_ignore_ascii_case(key) => Finding::ill(
            CHECK,
            format!(
                "DISCORD_PUBLIC_KEY is not the application's public key: set it to {key} (the \
                 Developer Portal, General Information, Public Key)"
            ),
        ),
        Some(_) => Finding::well(
            CHECK,
            "unset (interactions come over the gateway); DISCORD_PUBLIC_KEY is the \
             application's public key",
        ),
        None => Finding::well(
            CHECK,
            format!("unset (interactions come over the gateway); the public key is {key}"),
        ),
    }
}

/// The Activity, where the bot's settings turn it on: enabled for the app, and the URL
/// mapping it needs (which Discord's API does not show).
fn activity(application: &Value, config: &Config) -> Finding {
    const CHECK: &str = "the Activity";
    let flags = application["flags"].as_u64().unwrap_or(0);
    if flags & EMBEDDED == 0 {
        return Finding::ill(
            CHECK,
            "is not enabled for the app, while DISCORD_CLIENT_SECRET turns it on: in the \
             Developer Portal, Activities, Settings, enable Activities",
        );
    }
    match config.public_url.as_deref() {
        Some(url) => Finding::well(
            CHECK,
            format!(
                "is enabled. Discord's API does not show its URL mapping: in the Developer \
                 Portal, Activities, URL Mappings, the root mapping / must be {} (PUBLIC_URL \
                 without https://)",
                url.trim_start_matches("https://")
            ),
        ),
        None => Finding::ill(
            CHECK,
            "is enabled but PUBLIC_URL is unset: Discord's client loads the Activity from the \
             root URL mapping (Developer Portal, Activities, URL Mappings), which must be the \
             pages' public address; set PUBLIC_URL to it",
        ),
    }
}

/// The client secret, tried on Discord's token URL with a code that is no code: a known
/// client gets `invalid_grant`, a wrong secret `invalid_client`. Nothing is granted.
async fn client_secret(discord: &Discord, application: &Value, config: &Config) -> Finding {
    const CHECK: &str = "the client secret";
    let (Some(secret), Some(id)) = (&config.client_secret, application["id"].as_str()) else {
        return Finding::ill(CHECK, "could not be checked: the application has no id");
    };
    let form = [
        ("grant_type", "authorization_code"),
        ("code", "monkey-queen-doctor"),
    ];
    let sent = discord
        .client
        .post(format!("{}/oauth2/token", discord.base))
        .basic_auth(id, Some(secret.expose()))
        .form(&form)
        .send()
        .await;
    let answered = match sent {
        Ok(response) => {
            let status = response.status();
            (
                status,
                response.json::<Value>().await.unwrap_or(Value::Null),
            )
        }
        Err(e) => return Finding::ill(CHECK, format!("could not be checked: {e}")),
    };
    match (answered.0, answered.1["error"].as_str()) {
        (StatusCode::BAD_REQUEST, Some("invalid_grant")) => {
            Finding::well(CHECK, "is the application's (Discord knew the client)")
        }
        (StatusCode::UNAUTHORIZED, _) => Finding::ill(
            CHECK,
            "was refused (invalid_client): DISCORD_CLIENT_SECRET is not this application's. \
             In the Developer Portal, OAuth2, reset the secret and put it in \
             DISCORD_CLIENT_SECRET",
        ),
        (status, error) => Finding::ill(
            CHECK,
            format!("could not be checked: Discord answered {status} {error:?}"),
        ),
    }
}

/// The commands registered (in the development server, or globally), against the bot's.
async fn registered_commands(discord: &Discord, application: &Value, config: &Config) -> Finding {
    const CHECK: &str = "the commands";
    let Some(app) = application["id"].as_str() else {
        return Finding::ill(CHECK, "could not be read: the application has no id");
    };
    let path = match config.dev_guild {
        Some(guild) => format!("/applications/{app}/guilds/{guild}/commands"),
        None => format!("/applications/{app}/commands"),
    };
    let registered = match discord.get(&path).await {
        Answer::Json(Value::Array(registered)) => registered,
        Answer::Json(_) => return Finding::ill(CHECK, "could not be read: not a list"),
        other => return other.finding(CHECK, "read the commands"),
    };
    let registered: BTreeSet<String> = registered
        .iter()
        .filter_map(|command| command["name"].as_str().map(str::to_owned))
        .collect();
    let expected = expected_commands(config);
    let missing: Vec<&String> = expected.difference(&registered).collect();
    let others: Vec<&String> = registered.difference(&expected).collect();
    let place = match config.dev_guild {
        Some(guild) => format!("in the server {guild} (DEV_GUILD_ID)"),
        None => "globally".to_owned(),
    };
    if missing.is_empty() && others.is_empty() {
        return Finding::well(
            CHECK,
            format!("all {} are registered {place}", expected.len()),
        );
    }
    let mut said = format!("registered {place} are not this build's:");
    if !missing.is_empty() {
        said.push_str(&format!(" missing {}", names(&missing)));
    }
    if !others.is_empty() {
        said.push_str(&format!(" unknown to this build {}", names(&others)));
    }
    said.push_str(
        ". The bot registers its commands each time it connects: start it (this build) once \
         and run the doctor again",
    );
    Finding::ill(CHECK, said)
}

/// The names of the commands this build registers with `config`.
fn expected_commands(config: &Config) -> BTreeSet<String> {
    let mut made = poise::builtins::create_application_commands(&commands::all());
    if config.activity() && config.dev_guild.is_none() {
        made.push(super::activity::entry_point());
    }
    made.iter()
        .filter_map(|command| serde_json::to_value(command).ok())
        .filter_map(|command| command["name"].as_str().map(str::to_owned))
        .collect()
}

/// `/a`, `/b`: command names for a sentence.
fn names(commands: &[&String]) -> String {
    commands
        .iter()
        .map(|name| format!("/{name}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The bot's permissions in `channel`, computed as Discord documents
/// (`developers/topics/permissions.mdx`): the server's `@everyone` role and the bot's roles,
/// then the channel's overwrites for `@everyone`, the roles and the bot.
async fn permissions(discord: &Discord, channel: u64, bot: &Value) -> Finding {
    const CHECK: &str = "the channel's permissions";
    let found = match discord.get(&format!("/channels/{channel}")).await {
        Answer::Json(found) => found,
        Answer::Status(StatusCode::NOT_FOUND, _) => {
            return Finding::ill(
                CHECK,
                format!(
                    "the channel {channel} does not exist, or the bot is not in its server: \
                     check the id (right-click the channel, Copy Channel ID) and invite the bot"
                ),
            );
        }
        Answer::Status(StatusCode::FORBIDDEN, _) => {
            return Finding::ill(
                CHECK,
                format!(
                    "the bot can't see the channel {channel}: give its role View Channel there \
                     (the channel's settings, Permissions)"
                ),
            );
        }
        other => return other.finding(CHECK, "read the channel"),
    };
    let Some(guild) = found["guild_id"].as_str() else {
        return Finding::well(CHECK, format!("{channel} is a direct message channel"));
    };
    let bot_id = bot["id"].as_str().unwrap_or("");
    let server = discord.get(&format!("/guilds/{guild}")).await;
    let member = discord
        .get(&format!("/guilds/{guild}/members/{bot_id}"))
        .await;
    let (server, member) = match (server, member) {
        (Answer::Json(server), Answer::Json(member)) => (server, member),
        (Answer::Json(_), other) | (other, _) => {
            return other.finding(CHECK, "read the server and the bot's roles");
        }
    };
    let granted = granted(&server, &member, &found, bot_id);
    let lacking: Vec<&str> = NEEDED
        .iter()
        .filter(|(bit, _)| granted & bit == 0)
        .map(|(_, name)| *name)
        .collect();
    if lacking.is_empty() {
        Finding::well(CHECK, format!("the bot has all it needs in {channel}"))
    } else {
        Finding::ill(
            CHECK,
            format!(
                "the bot lacks {} in {channel}: in the channel's settings, Permissions, allow \
                 them for the bot's role (or in the server's settings, Roles)",
                lacking.join(", ")
            ),
        )
    }
}

/// The permission bits granted to the member `bot_id` in `channel` of `server`.
fn granted(server: &Value, member: &Value, channel: &Value, bot_id: &str) -> u64 {
    let bits = |v: &Value| v.as_str().and_then(|s| s.parse::<u64>().ok()).unwrap_or(0);
    let guild_id = server["id"].as_str().unwrap_or("");
    if server["owner_id"].as_str() == Some(bot_id) {
        return u64::MAX;
    }
    let member_roles: BTreeSet<&str> = member["roles"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let mut base = 0;
    for role in server["roles"].as_array().into_iter().flatten() {
        let id = role["id"].as_str().unwrap_or("");
        if id == guild_id || member_roles.contains(id) {
            base |= bits(&role["permissions"]);
        }
    }
    if base & ADMINISTRATOR != 0 {
        return u64::MAX;
    }
    let overwrites: Vec<&Value> = channel["permission_overwrites"]
        .as_array()
        .into_iter()
        .flatten()
        .collect();
    let mut granted = base;
    let apply = |granted: &mut u64, overwrite: &Value| {
        *granted &= !bits(&overwrite["deny"]);
        *granted |= bits(&overwrite["allow"]);
    };
    // @everyone's overwrite, then the roles' together, then the member's.
    if let Some(everyone) = overwrites
        .iter()
        .find(|o| o["id"].as_str() == Some(guild_id))
    {
        apply(&mut granted, everyone);
    }
    let (mut allow, mut deny) = (0, 0);
    for overwrite in &overwrites {
        let is_role = overwrite["type"].as_u64() == Some(0);
        let id = overwrite["id"].as_str().unwrap_or("");
        if is_role && id != guild_id && member_roles.contains(id) {
            allow |= bits(&overwrite["allow"]);
            deny |= bits(&overwrite["deny"]);
        }
    }
    granted = (granted & !deny) | allow;
    if let Some(own) = overwrites
        .iter()
        .find(|o| o["type"].as_u64() == Some(1) && o["id"].as_str() == Some(bot_id))
    {
        apply(&mut granted, own);
    }
    granted
}

/// Discord's REST API as the doctor asks it.
struct Discord {
    client: Client,
    /// `https://discord.com/api/v10`, or the configured base's.
    base: String,
    token: String,
}

/// What Discord answered a `GET`.
enum Answer {
    /// A JSON body (2xx).
    Json(Value),
    /// Another status, with Discord's error body.
    Status(StatusCode, Value),
    /// No answer.
    Unreachable(String),
}

impl Answer {
    /// The finding of an answer the check did not expect.
    fn finding(self, check: &'static str, doing: &str) -> Finding {
        match self {
            Answer::Json(_) => Finding::ill(check, format!("could not {doing}: unexpected answer")),
            Answer::Status(status, body) => Finding::ill(
                check,
                format!(
                    "could not {doing}: Discord answered {status} ({})",
                    body["message"].as_str().unwrap_or("no message")
                ),
            ),
            Answer::Unreachable(e) => Finding::ill(
                check,
                format!(
                    "could not {doing}: Discord could not be reached ({e}); check this \
                     machine's connection (and DISCORD_API_URL, if set)"
                ),
            ),
        }
    }
}

impl Discord {
    fn new(config: &Config) -> Result<Discord, reqwest::Error> {
        let mut builder = Client::builder().use_rustls_tls();
        let base = match &config.discord_at {
            Some(at) => {
                let root = reqwest::Certificate::from_pem(at.root_certificate.as_bytes())?;
                builder = builder
                    .resolve("discord.com", at.addr)
                    .add_root_certificate(root);
                "https://discord.com".to_owned()
            }
            None => config.api_base().trim_end_matches('/').to_owned(),
        };
        Ok(Discord {
            client: builder.build()?,
            base: format!("{base}/api/v10"),
            token: config.token.expose().to_owned(),
        })
    }

    async fn get(&self, path: &str) -> Answer {
        let sent = self
            .client
            .request(Method::GET, format!("{}{path}", self.base))
            .header("Authorization", format!("Bot {}", self.token))
            .send()
            .await;
        let response = match sent {
            Ok(response) => response,
            Err(e) => return Answer::Unreachable(e.without_url().to_string()),
        };
        let status = response.status();
        let body = response.json::<Value>().await.unwrap_or(Value::Null);
        if status.is_success() {
            Answer::Json(body)
        } else {
            Answer::Status(status, body)
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    const SEND: u64 = 1 << 11;
    const VIEW: u64 = 1 << 10;

    fn server(everyone: u64, role: u64) -> Value {
        json!({
            "id": "1",
            "owner_id": "9",
            "roles": [
                { "id": "1", "permissions": everyone.to_string() },
                { "id": "2", "permissions": role.to_string() },
            ],
        })
    }

    #[test]
    fn permissions_add_up_as_discord_documents() {
        let member = json!({ "roles": ["2"] });
        let bare = json!({ "permission_overwrites": [] });
        // The roles add up.
        assert_eq!(
            granted(&server(VIEW, SEND), &member, &bare, "5"),
            VIEW | SEND
        );
        // @everyone's overwrite denies, a role's allows again, the member's has the last word.
        let channel = json!({ "permission_overwrites": [
            { "id": "1", "type": 0, "allow": "0", "deny": (VIEW | SEND).to_string() },
            { "id": "2", "type": 0, "allow": VIEW.to_string(), "deny": "0" },
            { "id": "5", "type": 1, "allow": SEND.to_string(), "deny": VIEW.to_string() },
        ] });
        assert_eq!(granted(&server(VIEW, SEND), &member, &channel, "5"), SEND);
        // A role of another member's overwrite changes nothing.
        let others = json!({ "permission_overwrites": [
            { "id": "3", "type": 0, "allow": "0", "deny": VIEW.to_string() },
            { "id": "6", "type": 1, "allow": "0", "deny": VIEW.to_string() },
        ] });
        assert_eq!(granted(&server(VIEW, 0), &member, &others, "5"), VIEW);
        // ADMINISTRATOR and the owner have every permission, whatever the overwrites.
        assert_eq!(
            granted(&server(ADMINISTRATOR, 0), &member, &channel, "5"),
            u64::MAX
        );
        assert_eq!(granted(&server(0, 0), &member, &channel, "9"), u64::MAX);
    }
}
