//! The bot's Discord settings, checked (they come from flags and the environment, see
//! `cli::bot`).

use std::fmt;
use std::net::{IpAddr, SocketAddr};

use ipnet::IpNet;

use poise::serenity_prelude::GuildId;

pub use crate::model::Secret;

use super::rest::invalid;

/// How to get a token, shown when `DISCORD_TOKEN` is missing.
const TOKEN_HELP: &str = "DISCORD_TOKEN is not set.
To get a bot token:
  1. Open https://discord.com/developers/applications and create an application (New Application).
  2. In its Bot tab, press Reset Token and copy the token.
  3. Put it in a file named .env next to Cargo.toml (see .env.example):
       DISCORD_TOKEN=your-token-here
     or export DISCORD_TOKEN in the shell that starts the bot.
Never commit the token or paste it anywhere public.

No token yet? Play in your browser instead, against the computer or a friend at your screen:
  cargo run --release -- web      (then open http://127.0.0.1:8080/)";

/// A bot token: a [`Secret`], never shown in a log line.
pub type Token = Secret;

/// What the bot needs to start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// The bot token (`DISCORD_TOKEN`).
    pub token: Token,
    /// Register commands in this server only, instantly (`DEV_GUILD_ID`); `None` = globally.
    pub dev_guild: Option<GuildId>,
    /// Send REST requests to this base URL instead of `https://discord.com`
    /// (`DISCORD_API_URL`, e.g. an HTTP proxy that handles rate limits, or a test fake).
    pub api_url: Option<String>,
    /// Which gateway shards this process runs (`SHARDS`, `SHARD_COUNT`).
    pub shards: Shards,
    /// Serve the game pages on this address (`WEB_ADDR`); `None`: no web server.
    pub web_addr: Option<SocketAddr>,
    /// The pages' address from outside (`PUBLIC_URL`, `https://…`, no trailing slash): every
    /// board links to its game's page. `None`: no links.
    pub public_url: Option<String>,
    /// The app's OAuth2 client secret (`DISCORD_CLIENT_SECRET`), with [`Self::web_addr`]:
    /// the Activity is on (see [`Self::activity`]).
    pub client_secret: Option<Secret>,
    /// The proxies in front of the pages (`TRUSTED_PROXIES`: addresses or networks, separated
    /// by commas), whose `X-Forwarded-For` names the client; none by default.
    pub trusted_proxies: Vec<IpNet>,
    /// The Activity's page may run Discord's SDK mock outside Discord's client when its address
    /// carries `?mock_code=` (`ACTIVITY_MOCK_SDK=1`): a try-out against a stand-in Discord,
    /// and the tests. Off by default, and never for production.
    pub activity_mock_sdk: bool,
    /// Reach `discord.com` at another address over TLS, trusting one more certificate, with
    /// serenity's rate limiter on as in production (the end-to-end tests' fake Discord). Not
    /// read from the environment. The bot's own REST client then ignores [`Self::api_url`].
    pub discord_at: Option<DiscordAt>,
    /// This process's share of the bot's global limit of 50 requests a second outside
    /// interactions (`DISCORD_REQUESTS_PER_SECOND`, 1 to 50; 50 when unset): with several
    /// processes, each gets its part (see `docs/running.md`).
    pub requests_per_second: u32,
    /// Invalid requests (401, 403, 429) in 10 minutes that Discord would ban this process's
    /// address at (`DISCORD_INVALID_REQUEST_LIMIT`; Discord's 10,000 when unset): a warning is
    /// logged at half of it.
    pub invalid_request_limit: u32,
    /// The application's public key (`DISCORD_PUBLIC_KEY`, as the developer portal shows it),
    /// with [`Self::web_addr`]: interactions are also received by HTTP, at `/interactions`.
    pub public_key: Option<PublicKey>,
    /// No gateway connection (`INTERACTIONS_ONLY=1`, `--interactions-only`): interactions
    /// come by HTTP only (with [`Self::public_key`]), and the commands are registered at start.
    /// Any number of such workers can share one database behind a load balancer.
    pub interactions_only: bool,
}

/// The application's Ed25519 public key, which signs the interactions Discord sends by HTTP.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PublicKey(pub [u8; 32]);

impl PublicKey {
    /// The key from its 64 hexadecimal digits; `None` when it is not one.
    #[must_use]
    pub fn from_hex(text: &str) -> Option<PublicKey> {
        let mut key = [0; 32];
        hex::decode_to_slice(text.trim(), &mut key).ok()?;
        ::serenity::interactions_endpoint::Verifier::try_new(key).ok()?;
        Some(PublicKey(key))
    }
}

/// Where [`Config::discord_at`] finds `discord.com`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiscordAt {
    /// The address `discord.com` resolves to.
    pub addr: SocketAddr,
    /// A root certificate (PEM) to trust besides the usual ones.
    pub root_certificate: String,
}

/// Discord's global limit: requests a bot may make per second, outside interactions.
pub const GLOBAL_REQUESTS_PER_SECOND: u32 = 50;

/// The gateway shards one process runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shards {
    /// As many as Discord recommends, all in this process (serenity's autosharding).
    Auto,
    /// Shards `first..=last` of `count`: the other processes run the rest.
    Range {
        /// The first shard of this process.
        first: u32,
        /// The last shard of this process.
        last: u32,
        /// How many shards all the processes run together.
        count: u32,
    },
}

impl Shards {
    /// Reads `SHARDS` (`3`, or a range such as `0-3`) and `SHARD_COUNT` (e.g. `8`): both or
    /// neither, with every shard below the count.
    fn parse(shards: Option<String>, count: Option<String>) -> Result<Shards, ConfigError> {
        let (shards, count) = match (shards, count) {
            (None, None) => return Ok(Shards::Auto),
            (Some(shards), Some(count)) => (shards, count),
            (shards, count) => {
                let given = shards.or(count).unwrap_or_default();
                return Err(ConfigError::BadShards(given));
            }
        };
        let bad = || ConfigError::BadShards(format!("SHARDS={shards} SHARD_COUNT={count}"));
        let number = |text: &str| text.trim().parse::<u32>().map_err(|_| bad());
        let (first, last) = match shards.split_once('-') {
            Some((first, last)) => (number(first)?, number(last)?),
            None => (number(&shards)?, number(&shards)?),
        };
        let count = number(&count)?;
        if first > last || last >= count {
            return Err(bad());
        }
        Ok(Shards::Range { first, last, count })
    }
}

/// Why the configuration could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConfigError {
    /// `DISCORD_TOKEN` is missing or blank.
    MissingToken,
    /// `DEV_GUILD_ID` is set but is not a server id (a positive number).
    BadGuildId(String),
    /// `DISCORD_API_URL` is set but is not an `http://` or `https://` base URL.
    BadApiUrl(String),
    /// `SHARDS` and `SHARD_COUNT` are not both set, or do not name shards below the count.
    BadShards(String),
    /// `WEB_ADDR` is not an address and port.
    BadWebAddr(String),
    /// `PUBLIC_URL` is not an http(s) URL.
    BadPublicUrl(String),
    /// `DISCORD_CLIENT_SECRET` is set without `WEB_ADDR`: the Activity is a page the bot serves.
    ActivityWithoutWeb,
    /// An entry of `TRUSTED_PROXIES` is not an address or a network.
    BadTrustedProxy(String),
    /// `DISCORD_REQUESTS_PER_SECOND` is not a number from 1 to 50.
    BadRequestsPerSecond(String),
    /// `DISCORD_INVALID_REQUEST_LIMIT` is not a number from 2 to 10,000.
    BadInvalidRequestLimit(String),
    /// `DISCORD_PUBLIC_KEY` is not an Ed25519 public key in hexadecimal.
    BadPublicKey(String),
    /// `DISCORD_PUBLIC_KEY` is set without `WEB_ADDR`: the endpoint is served by the bot's web
    /// server.
    EndpointWithoutWeb,
    /// `INTERACTIONS_ONLY` is set without `DISCORD_PUBLIC_KEY`: without the gateway,
    /// interactions can only come by HTTP.
    InteractionsOnlyWithoutKey,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::MissingToken => f.write_str(TOKEN_HELP),
            ConfigError::BadGuildId(value) => write!(
                f,
                "DEV_GUILD_ID must be a server id (a number; right-click the server with \
                 Developer Mode on, then Copy Server ID), not {value:?}"
            ),
            ConfigError::BadApiUrl(value) => write!(
                f,
                "DISCORD_API_URL must be a base URL such as http://127.0.0.1:3000, not {value:?}"
            ),
            ConfigError::BadWebAddr(value) => write!(
                f,
                "WEB_ADDR must be an address and port such as 127.0.0.1:8080, not {value:?}"
            ),
            ConfigError::BadPublicUrl(value) => write!(
                f,
                "PUBLIC_URL must be the pages' address from outside, such as \
                 https://monkey-queen.example.org, not {value:?}"
            ),
            ConfigError::ActivityWithoutWeb => f.write_str(
                "DISCORD_CLIENT_SECRET turns on the Activity, a page the bot serves: set \
                 WEB_ADDR too (the address the Activity's URL mapping points to)",
            ),
            ConfigError::BadTrustedProxy(value) => write!(
                f,
                "TRUSTED_PROXIES lists the addresses or networks of the proxies in front of \
                 the pages (such as 127.0.0.1, 10.0.0.0/8), separated by commas; {value:?} is \
                 neither"
            ),
            ConfigError::BadRequestsPerSecond(value) => write!(
                f,
                "DISCORD_REQUESTS_PER_SECOND is this process's share of Discord's 50 requests a \
                 second, a number from 1 to 50 (with 3 processes, 16 each), not {value:?}"
            ),
            ConfigError::BadInvalidRequestLimit(value) => write!(
                f,
                "DISCORD_INVALID_REQUEST_LIMIT must be a number from 2 to 10000 (Discord's ban \
                 threshold of invalid requests in 10 minutes), not {value:?}"
            ),
            ConfigError::BadPublicKey(value) => write!(
                f,
                "DISCORD_PUBLIC_KEY must be the application's public key as the developer \
                 portal shows it (General Information: 64 hexadecimal digits), not {value:?}"
            ),
            ConfigError::EndpointWithoutWeb => f.write_str(
                "DISCORD_PUBLIC_KEY turns on the interactions endpoint, which the bot's web \
                 server serves at /interactions: set WEB_ADDR too",
            ),
            ConfigError::InteractionsOnlyWithoutKey => f.write_str(
                "INTERACTIONS_ONLY makes a worker with no gateway connection, which gets \
                 interactions by HTTP only: set DISCORD_PUBLIC_KEY (and WEB_ADDR) too, and the \
                 Interactions Endpoint URL in the developer portal",
            ),
            ConfigError::BadShards(value) => write!(
                f,
                "SHARDS and SHARD_COUNT go together: SHARDS is a shard or a range (0-3) below \
                 SHARD_COUNT (8), so each process runs its part; got {value:?}"
            ),
        }
    }
}

impl std::error::Error for ConfigError {}

/// The networks in `list`, separated by commas or spaces (an address is a network of one).
fn proxies(list: &str) -> Result<Vec<IpNet>, ConfigError> {
    list.split([',', ' '])
        .map(str::trim)
        .filter(|entry| !entry.is_empty())
        .map(|entry| {
            entry
                .parse::<IpNet>()
                .or_else(|_| entry.parse::<IpAddr>().map(IpNet::from))
                .map_err(|_| ConfigError::BadTrustedProxy(entry.to_owned()))
        })
        .collect()
}

impl Config {
    /// Reads the configuration through `lookup` (a variable name to its value).
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let token = lookup("DISCORD_TOKEN")
            .map(|t| t.trim().to_owned())
            .filter(|t| !t.is_empty())
            .ok_or(ConfigError::MissingToken)?;
        let dev_guild = match lookup("DEV_GUILD_ID").map(|g| g.trim().to_owned()) {
            None => None,
            Some(g) if g.is_empty() => None,
            Some(g) => match g.parse::<u64>() {
                Ok(id) if id > 0 => Some(GuildId::new(id)),
                _ => return Err(ConfigError::BadGuildId(g)),
            },
        };
        let api_url = match lookup("DISCORD_API_URL").map(|u| u.trim().to_owned()) {
            None => None,
            Some(u) if u.is_empty() => None,
            Some(u) if u.starts_with("http://") || u.starts_with("https://") => {
                Some(u.trim_end_matches('/').to_owned())
            }
            Some(u) => return Err(ConfigError::BadApiUrl(u)),
        };
        let set = |key| lookup(key).filter(|v| !v.trim().is_empty());
        let shards = Shards::parse(set("SHARDS"), set("SHARD_COUNT"))?;
        let web_addr = match set("WEB_ADDR") {
            None => None,
            Some(a) => Some(a.trim().parse().map_err(|_| ConfigError::BadWebAddr(a))?),
        };
        let public_url = match set("PUBLIC_URL").map(|u| u.trim().to_owned()) {
            None => None,
            Some(u) if u.starts_with("http://") || u.starts_with("https://") => {
                Some(u.trim_end_matches('/').to_owned())
            }
            Some(u) => return Err(ConfigError::BadPublicUrl(u)),
        };
        let client_secret = set("DISCORD_CLIENT_SECRET").map(|s| Secret::new(s.trim()));
        if client_secret.is_some() && web_addr.is_none() {
            return Err(ConfigError::ActivityWithoutWeb);
        }
        let trusted_proxies = set("TRUSTED_PROXIES")
            .map(|list| proxies(&list))
            .transpose()?
            .unwrap_or_default();
        let requests_per_second = match set("DISCORD_REQUESTS_PER_SECOND") {
            None => GLOBAL_REQUESTS_PER_SECOND,
            Some(n) => match n.trim().parse() {
                Ok(n) if (1..=GLOBAL_REQUESTS_PER_SECOND).contains(&n) => n,
                _ => return Err(ConfigError::BadRequestsPerSecond(n)),
            },
        };
        let invalid_request_limit = match set("DISCORD_INVALID_REQUEST_LIMIT") {
            None => invalid::DISCORD_LIMIT,
            Some(n) => match n.trim().parse() {
                Ok(n) if (2..=invalid::DISCORD_LIMIT).contains(&n) => n,
                _ => return Err(ConfigError::BadInvalidRequestLimit(n)),
            },
        };
        let public_key = match set("DISCORD_PUBLIC_KEY") {
            None => None,
            Some(key) => Some(PublicKey::from_hex(&key).ok_or(ConfigError::BadPublicKey(key))?),
        };
        if public_key.is_some() && web_addr.is_none() {
            return Err(ConfigError::EndpointWithoutWeb);
        }
        let interactions_only = set("INTERACTIONS_ONLY").is_some_and(|v| v.trim() == "1");
        if interactions_only && public_key.is_none() {
            return Err(ConfigError::InteractionsOnlyWithoutKey);
        }
        Ok(Config {
            token: Token::new(token),
            dev_guild,
            api_url,
            shards,
            web_addr,
            public_url,
            client_secret,
            trusted_proxies,
            activity_mock_sdk: set("ACTIVITY_MOCK_SDK").is_some_and(|v| v.trim() == "1"),
            discord_at: None,
            requests_per_second,
            invalid_request_limit,
            public_key,
            interactions_only,
        })
    }

    /// Whether the Activity is on: the pages are served and the app's client secret is known,
    /// so the Activity's sign-in can be completed.
    #[must_use]
    pub fn activity(&self) -> bool {
        self.web_addr.is_some() && self.client_secret.is_some()
    }

    /// The base URL of Discord's REST API: [`Self::api_url`], or `https://discord.com`.
    #[must_use]
    pub fn api_base(&self) -> &str {
        self.api_url.as_deref().unwrap_or("https://discord.com")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lookup<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |key| {
            vars.iter()
                .find(|(k, _)| *k == key)
                .map(|(_, v)| (*v).to_owned())
        }
    }

    #[test]
    fn the_public_key_is_read_from_its_hexadecimal_digits_and_needs_the_web_server() {
        let signing = ed25519_dalek::SigningKey::from_bytes(&[7; 32]);
        let key = &hex::encode(signing.verifying_key().to_bytes());
        let config = Config::from_lookup(lookup(&[
            ("DISCORD_TOKEN", "abc"),
            ("WEB_ADDR", "127.0.0.1:8080"),
            ("DISCORD_PUBLIC_KEY", key),
        ]))
        .unwrap();
        assert_eq!(config.public_key, PublicKey::from_hex(key));
        assert!(config.public_key.is_some());
        assert_eq!(
            Config::from_lookup(lookup(&[
                ("DISCORD_TOKEN", "abc"),
                ("DISCORD_PUBLIC_KEY", key)
            ])),
            Err(ConfigError::EndpointWithoutWeb)
        );
        assert_eq!(
            Config::from_lookup(lookup(&[
                ("DISCORD_TOKEN", "abc"),
                ("INTERACTIONS_ONLY", "1")
            ])),
            Err(ConfigError::InteractionsOnlyWithoutKey)
        );
        let worker = Config::from_lookup(lookup(&[
            ("DISCORD_TOKEN", "abc"),
            ("WEB_ADDR", "127.0.0.1:8080"),
            ("DISCORD_PUBLIC_KEY", key),
            ("INTERACTIONS_ONLY", "1"),
        ]))
        .unwrap();
        assert!(worker.interactions_only);
        assert!(!config.interactions_only);
        for bad in ["abc", &key[2..], &format!("{}zz", &key[2..])] {
            assert_eq!(
                Config::from_lookup(lookup(&[
                    ("DISCORD_TOKEN", "abc"),
                    ("WEB_ADDR", "127.0.0.1:8080"),
                    ("DISCORD_PUBLIC_KEY", bad),
                ])),
                Err(ConfigError::BadPublicKey(bad.to_owned()))
            );
        }
    }

    #[test]
    fn token_is_required_and_the_message_says_how_to_get_one() {
        let err = Config::from_lookup(lookup(&[])).unwrap_err();
        assert_eq!(err, ConfigError::MissingToken);
        let text = err.to_string();
        assert!(text.contains("discord.com/developers/applications"));
        assert!(text.contains(".env"));
        assert_eq!(
            Config::from_lookup(lookup(&[("DISCORD_TOKEN", "  ")])).unwrap_err(),
            ConfigError::MissingToken
        );
    }

    #[test]
    fn dev_guild_is_optional_and_checked() {
        let config = Config::from_lookup(lookup(&[("DISCORD_TOKEN", " abc ")])).unwrap();
        assert_eq!(config.token.expose(), "abc");
        assert_eq!(config.dev_guild, None);

        let config =
            Config::from_lookup(lookup(&[("DISCORD_TOKEN", "abc"), ("DEV_GUILD_ID", "42")]))
                .unwrap();
        assert_eq!(config.dev_guild, Some(GuildId::new(42)));

        for bad in ["x", "0", "-3"] {
            let err =
                Config::from_lookup(lookup(&[("DISCORD_TOKEN", "abc"), ("DEV_GUILD_ID", bad)]))
                    .unwrap_err();
            assert_eq!(err, ConfigError::BadGuildId(bad.to_owned()));
        }
    }

    #[test]
    fn trusted_proxies_are_addresses_or_networks() {
        let config = Config::from_lookup(lookup(&[("DISCORD_TOKEN", "abc")])).unwrap();
        assert!(config.trusted_proxies.is_empty());
        assert!(!config.activity_mock_sdk);
        let config = Config::from_lookup(lookup(&[
            ("DISCORD_TOKEN", "abc"),
            ("TRUSTED_PROXIES", "127.0.0.1, 10.0.0.0/8 ::1"),
            ("ACTIVITY_MOCK_SDK", "1"),
        ]))
        .unwrap();
        let proxies: Vec<String> = config
            .trusted_proxies
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(proxies, ["127.0.0.1/32", "10.0.0.0/8", "::1/128"]);
        assert!(config.activity_mock_sdk);
        let err = Config::from_lookup(lookup(&[
            ("DISCORD_TOKEN", "abc"),
            ("TRUSTED_PROXIES", "10.0.0.0/8,proxy.example.org"),
        ]))
        .unwrap_err();
        assert_eq!(
            err,
            ConfigError::BadTrustedProxy("proxy.example.org".into())
        );
        assert!(err.to_string().contains("10.0.0.0/8"));
    }

    #[test]
    fn the_web_server_and_its_public_address_are_optional_and_checked() {
        let config = Config::from_lookup(lookup(&[
            ("DISCORD_TOKEN", "abc"),
            ("WEB_ADDR", "127.0.0.1:8080"),
            ("PUBLIC_URL", "https://mq.example.org/"),
        ]))
        .unwrap();
        assert_eq!(config.web_addr, Some("127.0.0.1:8080".parse().unwrap()));
        assert_eq!(config.public_url.as_deref(), Some("https://mq.example.org"));
        let none = Config::from_lookup(lookup(&[("DISCORD_TOKEN", "abc")])).unwrap();
        assert_eq!((none.web_addr, none.public_url), (None, None));
        let err = Config::from_lookup(lookup(&[("DISCORD_TOKEN", "abc"), ("WEB_ADDR", "8080")]));
        assert_eq!(err.unwrap_err(), ConfigError::BadWebAddr("8080".into()));
        let err = Config::from_lookup(lookup(&[
            ("DISCORD_TOKEN", "abc"),
            ("PUBLIC_URL", "mq.org"),
        ]));
        assert_eq!(err.unwrap_err(), ConfigError::BadPublicUrl("mq.org".into()));
    }

    #[test]
    fn the_share_of_the_global_limit_and_the_invalid_request_limit_are_checked() {
        let config = Config::from_lookup(lookup(&[("DISCORD_TOKEN", "abc")])).unwrap();
        assert_eq!(config.requests_per_second, 50);
        assert_eq!(config.invalid_request_limit, 10_000);
        let config = Config::from_lookup(lookup(&[
            ("DISCORD_TOKEN", "abc"),
            ("DISCORD_REQUESTS_PER_SECOND", " 16 "),
            ("DISCORD_INVALID_REQUEST_LIMIT", "100"),
        ]))
        .unwrap();
        assert_eq!(config.requests_per_second, 16);
        assert_eq!(config.invalid_request_limit, 100);
        for bad in ["0", "51", "many"] {
            let err = Config::from_lookup(lookup(&[
                ("DISCORD_TOKEN", "abc"),
                ("DISCORD_REQUESTS_PER_SECOND", bad),
            ]))
            .unwrap_err();
            assert_eq!(err, ConfigError::BadRequestsPerSecond(bad.into()));
        }
        let err = Config::from_lookup(lookup(&[
            ("DISCORD_TOKEN", "abc"),
            ("DISCORD_INVALID_REQUEST_LIMIT", "20000"),
        ]))
        .unwrap_err();
        assert_eq!(err, ConfigError::BadInvalidRequestLimit("20000".into()));
    }

    #[test]
    fn api_url_is_optional_and_checked() {
        let config = Config::from_lookup(lookup(&[
            ("DISCORD_TOKEN", "abc"),
            ("DISCORD_API_URL", "http://127.0.0.1:3000/"),
        ]))
        .unwrap();
        assert_eq!(config.api_url.as_deref(), Some("http://127.0.0.1:3000"));
        let err = Config::from_lookup(lookup(&[
            ("DISCORD_TOKEN", "abc"),
            ("DISCORD_API_URL", "127.0.0.1:3000"),
        ]))
        .unwrap_err();
        assert_eq!(err, ConfigError::BadApiUrl("127.0.0.1:3000".into()));
    }

    #[test]
    fn shards_are_a_range_below_their_count_or_left_to_discord() {
        let shards = |vars: &[(&str, &str)]| {
            let mut all = vec![("DISCORD_TOKEN", "abc")];
            all.extend_from_slice(vars);
            Config::from_lookup(lookup(&all)).map(|c| c.shards)
        };
        assert_eq!(shards(&[]), Ok(Shards::Auto));
        assert_eq!(
            shards(&[("SHARDS", "0-3"), ("SHARD_COUNT", "8")]),
            Ok(Shards::Range {
                first: 0,
                last: 3,
                count: 8
            })
        );
        assert_eq!(
            shards(&[("SHARDS", "7"), ("SHARD_COUNT", "8")]),
            Ok(Shards::Range {
                first: 7,
                last: 7,
                count: 8
            })
        );
        for bad in [
            vec![("SHARDS", "0-3")],
            vec![("SHARD_COUNT", "8")],
            vec![("SHARDS", "4-8"), ("SHARD_COUNT", "8")],
            vec![("SHARDS", "3-1"), ("SHARD_COUNT", "8")],
            vec![("SHARDS", "a"), ("SHARD_COUNT", "8")],
        ] {
            let err = shards(&bad).unwrap_err();
            assert!(matches!(err, ConfigError::BadShards(_)), "{bad:?}");
            assert!(err.to_string().contains("SHARD_COUNT"));
        }
    }

    #[test]
    fn the_activity_needs_the_client_secret_and_the_web_server() {
        let on = Config::from_lookup(lookup(&[
            ("DISCORD_TOKEN", "abc"),
            ("WEB_ADDR", "127.0.0.1:8080"),
            ("DISCORD_CLIENT_SECRET", " shh "),
        ]))
        .unwrap();
        assert!(on.activity());
        assert_eq!(on.client_secret.as_ref().map(Secret::expose), Some("shh"));
        let web_only = Config::from_lookup(lookup(&[
            ("DISCORD_TOKEN", "abc"),
            ("WEB_ADDR", "[::1]:80"),
        ]));
        assert!(!web_only.unwrap().activity());
        let err = Config::from_lookup(lookup(&[
            ("DISCORD_TOKEN", "abc"),
            ("DISCORD_CLIENT_SECRET", "shh"),
        ]));
        let err = err.unwrap_err();
        assert_eq!(err, ConfigError::ActivityWithoutWeb);
        assert!(err.to_string().contains("WEB_ADDR"));
    }

    #[test]
    fn the_token_never_shows_in_debug_output() {
        let config = Config::from_lookup(lookup(&[
            ("DISCORD_TOKEN", "s3cret"),
            ("WEB_ADDR", "127.0.0.1:8080"),
            ("DISCORD_CLIENT_SECRET", "cl13nt"),
        ]))
        .unwrap();
        let shown = format!("{config:?}");
        assert!(
            !shown.contains("s3cret") && !shown.contains("cl13nt"),
            "{shown}"
        );
        assert!(shown.contains("redacted"));
    }
}
