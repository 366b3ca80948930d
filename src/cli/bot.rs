//! `monkey-queen bot` (the default): runs the Discord bot until Ctrl-C or SIGTERM. Every
//! setting is a flag and an environment variable (a `.env` file is read first); `--help` lists
//! them with their defaults, and `.env.example` names the same variables.

use std::net::SocketAddr;
use std::time::Duration;

use backon::{ExponentialBuilder, Retryable};
use clap::{Args, Parser};
use tracing::{info, warn};
use tracing_subscriber::EnvFilter;

use crate::app::{self, App, AppConfig, BotConfig as Config, Faces, StopSignals};
use crate::storage::{self, DEFAULT_DATABASE_URL, Db, PoolSettings};

/// How many times the bot tries to reach its database at start before giving up.
const CONNECT_ATTEMPTS: usize = 6;

/// Logging when `RUST_LOG` is not set: the bot's own info lines, warnings from everything else.
const DEFAULT_LOG: &str = "warn,monkey_queen=info";

/// The bot's settings.
#[derive(Debug, Clone, Args)]
pub struct BotArgs {
    /// The bot token, from the Developer Portal's Bot tab (never logged).
    #[arg(long, env = "DISCORD_TOKEN", hide_env_values = true)]
    token: Option<String>,
    /// Register the commands in this server only, where they appear at once (a server id).
    #[arg(long, env = "DEV_GUILD_ID")]
    dev_guild: Option<String>,
    /// Where games are stored: `sqlite://FILE` (created on first start) or
    /// `postgres://USER:PASSWORD@HOST/DATABASE` (for several bot processes).
    #[arg(long, env = "DATABASE_URL", default_value = DEFAULT_DATABASE_URL)]
    database_url: String,
    /// Database connections for reading.
    #[arg(long, env = "DATABASE_READERS", default_value_t = PoolSettings::default().readers)]
    database_readers: u32,
    /// Database connections for writing, on PostgreSQL (SQLite has one writer).
    #[arg(long, env = "DATABASE_WRITERS", default_value_t = PoolSettings::default().writers)]
    database_writers: u32,
    /// Seconds to wait for a free database connection (or SQLite's write lock). Default: 30 on
    /// SQLite, 5 on PostgreSQL.
    #[arg(long, env = "DATABASE_TIMEOUT_SECS")]
    database_timeout_secs: Option<u64>,
    /// Prepared statements kept per PostgreSQL connection (0 behind PgBouncer's transaction
    /// mode). Default: sqlx's 100.
    #[arg(long, env = "DATABASE_STATEMENT_CACHE")]
    database_statement_cache: Option<usize>,
    /// The gateway shards this process runs, a shard or a range such as `0-3`; with
    /// SHARD_COUNT. Unset: all the shards Discord recommends, in this process.
    #[arg(long, env = "SHARDS")]
    shards: Option<String>,
    /// How many shards all the bot's processes run together (with SHARDS).
    #[arg(long, env = "SHARD_COUNT")]
    shard_count: Option<String>,
    /// Send REST requests to this base URL instead of https://discord.com (a rate-limiting
    /// proxy, or the tests' fake Discord).
    #[arg(long, env = "DISCORD_API_URL")]
    api_url: Option<String>,
    /// This process's share of Discord's 50 requests a second (outside interactions) that the
    /// bot's processes share: 1 to 50; with several processes, 50 divided among them. Default
    /// 50.
    #[arg(long, env = "DISCORD_REQUESTS_PER_SECOND")]
    requests_per_second: Option<String>,
    /// Invalid requests (401, 403, 429) in 10 minutes at which Discord bans the address; a
    /// warning is logged at half of it. Default Discord's 10000.
    #[arg(long, env = "DISCORD_INVALID_REQUEST_LIMIT")]
    invalid_request_limit: Option<String>,
    /// Serve the game pages on this address and port (e.g. 127.0.0.1:8080). Unset: no web
    /// server.
    #[arg(long, env = "WEB_ADDR")]
    web_addr: Option<String>,
    /// Serve health (/healthz, /readyz) and metrics (/metrics, Prometheus's text format) on
    /// this address and port, for a supervisor and a scraper only (e.g. 127.0.0.1:9464).
    /// Unset: not served.
    #[arg(long, env = "ADMIN_ADDR")]
    admin_addr: Option<SocketAddr>,
    /// The pages' address as the world reaches them (https://…): every board in Discord
    /// then links to its game's page.
    #[arg(long, env = "PUBLIC_URL")]
    public_url: Option<String>,
    /// The app's OAuth2 client secret (Developer Portal, OAuth2 tab), with WEB_ADDR: turns on
    /// the Activity, the game page played by taps inside Discord. Never logged.
    #[arg(long, env = "DISCORD_CLIENT_SECRET", hide_env_values = true)]
    client_secret: Option<String>,
    /// The proxies in front of the pages (addresses or networks, comma-separated, such as
    /// 127.0.0.1 or 10.0.0.0/8): their X-Forwarded-For names the client the rate limits count.
    /// Unset: every request counts against the address it comes from.
    #[arg(long, env = "TRUSTED_PROXIES")]
    trusted_proxies: Option<String>,
    /// With 1, the Activity's page runs Discord's SDK mock outside Discord when its address
    /// carries ?mock_code= (a try-out against a stand-in Discord). Never in production.
    #[arg(long, env = "ACTIVITY_MOCK_SDK", hide = true)]
    activity_mock_sdk: Option<String>,
    /// The application's public key (Developer Portal, General Information), with WEB_ADDR:
    /// interactions are also received by HTTP at /interactions, for the portal's Interactions
    /// Endpoint URL.
    #[arg(long, env = "DISCORD_PUBLIC_KEY")]
    public_key: Option<String>,
    /// Make no gateway connection: a stateless worker that gets interactions by HTTP only
    /// (needs DISCORD_PUBLIC_KEY); run any number of them behind a load balancer.
    #[arg(long, env = "INTERACTIONS_ONLY", value_parser = clap::builder::BoolishValueParser::new())]
    interactions_only: bool,
    /// Log filter, in tracing's EnvFilter syntax.
    #[arg(long, env = "RUST_LOG", default_value = DEFAULT_LOG)]
    log: String,
    /// How log lines are written: `text` (for people) or `json` (one JSON object a line, the
    /// interaction and game ids as fields, for a log collector).
    #[arg(long, env = "LOG_FORMAT", default_value = "text")]
    log_format: LogFormat,
}

/// How log lines are written (`LOG_FORMAT`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum LogFormat {
    /// Lines for people.
    Text,
    /// One JSON object a line, with the fields of the spans it was written in.
    Json,
}

/// The bot's settings alone, for `monkey-queen` without a subcommand.
#[derive(Debug, Parser)]
struct BotOnly {
    #[command(flatten)]
    bot: BotArgs,
}

impl BotArgs {
    /// The settings from the environment only (no flags were given).
    pub fn from_env() -> Result<BotArgs, String> {
        BotOnly::try_parse_from(["monkey-queen"])
            .map(|only| only.bot)
            .map_err(|e| e.to_string())
    }

    /// The checked Discord settings.
    pub(super) fn config(&self) -> Result<Config, String> {
        Config::from_lookup(|key| match key {
            "DISCORD_TOKEN" => self.token.clone(),
            "DEV_GUILD_ID" => self.dev_guild.clone(),
            "DISCORD_API_URL" => self.api_url.clone(),
            "DISCORD_REQUESTS_PER_SECOND" => self.requests_per_second.clone(),
            "DISCORD_INVALID_REQUEST_LIMIT" => self.invalid_request_limit.clone(),
            "SHARDS" => self.shards.clone(),
            "SHARD_COUNT" => self.shard_count.clone(),
            "WEB_ADDR" => self.web_addr.clone(),
            "PUBLIC_URL" => self.public_url.clone(),
            "DISCORD_CLIENT_SECRET" => self.client_secret.clone(),
            "TRUSTED_PROXIES" => self.trusted_proxies.clone(),
            "ACTIVITY_MOCK_SDK" => self.activity_mock_sdk.clone(),
            "DISCORD_PUBLIC_KEY" => self.public_key.clone(),
            "INTERACTIONS_ONLY" => self.interactions_only.then(|| "1".to_owned()),
            _ => None,
        })
        .map_err(|e| e.to_string())
    }

    /// The application's public key as given (`DISCORD_PUBLIC_KEY`), before it is checked.
    pub(super) fn public_key(&self) -> Option<&str> {
        self.public_key.as_deref()
    }

    /// Where games are stored (`DATABASE_URL`).
    pub(super) fn database_url(&self) -> &str {
        &self.database_url
    }

    /// The database pool's settings.
    fn pool(&self) -> PoolSettings {
        PoolSettings {
            readers: self.database_readers,
            writers: self.database_writers,
            acquire_timeout: self.database_timeout_secs.map(Duration::from_secs),
            statement_cache: self.database_statement_cache,
        }
    }
}

/// Opens the database, trying again with growing waits (about a minute in all) while it
/// can't be reached, as when the bot and a PostgreSQL server start together. Each failure is
/// logged; a bad URL or schema fails at once.
async fn open_database(url: &str, pool: &PoolSettings) -> Result<Db, String> {
    let open = || storage::connect_with(url, pool);
    open.retry(
        ExponentialBuilder::default()
            .with_min_delay(Duration::from_secs(1))
            .with_max_times(CONNECT_ATTEMPTS - 1),
    )
    .when(storage::is_unreachable)
    .notify(|error, wait| warn!(%error, ?wait, "the database can't be reached; trying again"))
    .await
    .map_err(|e| format!("could not open the database {url}: {e}"))
}

/// Opens the database and runs the bot with `args`.
pub fn run(args: &BotArgs) -> Result<(), String> {
    let config = args.config()?;
    let filter = EnvFilter::try_new(&args.log)
        .map_err(|e| format!("RUST_LOG / --log is not a log filter ({e}): {:?}", args.log))?;
    match args.log_format {
        LogFormat::Text => tracing_subscriber::fmt().with_env_filter(filter).init(),
        LogFormat::Json => tracing_subscriber::fmt()
            .json()
            .with_current_span(true)
            .with_span_list(false)
            .with_env_filter(filter)
            .init(),
    }
    let runtime = tokio::runtime::Runtime::new()
        .map_err(|e| format!("could not start the async runtime: {e}"))?;
    let ran = runtime.block_on(async {
        // Heard from now on: a signal while the database is awaited stops the bot at once, one
        // while the application starts stops it once it has.
        let mut signals =
            StopSignals::listen().map_err(|e| format!("could not listen for signals: {e}"))?;
        let pool = args.pool();
        let db = tokio::select! {
            db = open_database(&args.database_url, &pool) => db?,
            signal = signals.recv() => {
                info!(signal, "asked to stop before the database could be opened");
                return Ok(());
            }
        };
        let faces = Faces::Bot {
            config: Box::new(config),
            defer_after: app::DEFAULT_DEFER_AFTER,
        };
        let app = App::start(AppConfig {
            admin_addr: args.admin_addr,
            ..AppConfig::standard(db, faces)
        })
        .await
        .map_err(|e| e.to_string())?;
        app.run_until_signal(signals)
            .await
            .map_err(|e| e.to_string())
    });
    // The application has stopped; a search still on a blocking thread (the puzzle miner's,
    // given up at the stop) is not waited for beyond this.
    runtime.shutdown_timeout(ABANDONED_WORK_WAIT);
    ran
}

/// How long the exit waits for work that the stopped application no longer waits for.
const ABANDONED_WORK_WAIT: std::time::Duration = std::time::Duration::from_secs(1);

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use clap::CommandFactory;

    use super::*;

    #[test]
    fn env_example_names_every_setting_and_nothing_else() {
        let settings: BTreeSet<String> = BotOnly::command()
            .get_arguments()
            .filter_map(|arg| arg.get_env())
            .map(|env| env.to_string_lossy().into_owned())
            .collect();
        let example: BTreeSet<String> = include_str!("../../.env.example")
            .lines()
            .map(|line| line.trim_start_matches('#'))
            .filter_map(|line| line.split_once('=').map(|(name, _)| name.trim()))
            .filter(|name| {
                !name.is_empty() && name.chars().all(|c| c.is_ascii_uppercase() || c == '_')
            })
            .map(str::to_owned)
            .collect();
        assert_eq!(settings, example);
    }

    #[test]
    fn flags_and_the_environment_give_the_same_settings() {
        let parsed = BotOnly::try_parse_from([
            "monkey-queen",
            "--token",
            "abc",
            "--dev-guild",
            "42",
            "--database-url",
            "sqlite://x.db",
        ])
        .unwrap()
        .bot;
        let config = parsed.config().unwrap();
        assert_eq!(config.token.expose(), "abc");
        assert_eq!(config.dev_guild.map(|g| g.get()), Some(42));
        assert_eq!(parsed.database_url, "sqlite://x.db");
        let bad = BotOnly::try_parse_from(["monkey-queen", "--token", "abc", "--dev-guild", "x"])
            .unwrap()
            .bot;
        assert!(bad.config().unwrap_err().contains("DEV_GUILD_ID"));
    }
}
