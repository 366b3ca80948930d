//! `monkey-queen bot` (the default): runs the Discord bot until Ctrl-C or SIGTERM. Every
//! setting is a flag and an environment variable (a `.env` file is read first); `--help` lists
//! them with their defaults, and `.env.example` names the same variables.

use std::sync::Arc;

use clap::{Args, Parser};
use tracing_subscriber::EnvFilter;

use crate::discord::{self, Config, Deps};
use crate::games::SystemClock;
use crate::storage::{self, DEFAULT_DATABASE_URL};

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
    /// Where games are stored: `sqlite://FILE?mode=rwc` (created on first start).
    #[arg(long, env = "DATABASE_URL", default_value = DEFAULT_DATABASE_URL)]
    database_url: String,
    /// Send REST requests to this base URL instead of https://discord.com (a rate-limiting
    /// proxy, or the tests' fake Discord).
    #[arg(long, env = "DISCORD_API_URL")]
    api_url: Option<String>,
    /// Log filter, in tracing's EnvFilter syntax.
    #[arg(long, env = "RUST_LOG", default_value = DEFAULT_LOG)]
    log: String,
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
    fn config(&self) -> Result<Config, String> {
        Config::from_lookup(|key| match key {
            "DISCORD_TOKEN" => self.token.clone(),
            "DEV_GUILD_ID" => self.dev_guild.clone(),
            "DISCORD_API_URL" => self.api_url.clone(),
            _ => None,
        })
        .map_err(|e| e.to_string())
    }
}

/// Opens the database and runs the bot with `args`.
pub fn run(args: &BotArgs) -> Result<(), String> {
    let config = args.config()?;
    let filter = EnvFilter::try_new(&args.log)
        .map_err(|e| format!("RUST_LOG / --log is not a log filter ({e}): {:?}", args.log))?;
    tracing_subscriber::fmt().with_env_filter(filter).init();
    let runtime = tokio::runtime::Runtime::new()
        .map_err(|e| format!("could not start the async runtime: {e}"))?;
    runtime.block_on(async {
        let url = &args.database_url;
        let db = storage::connect(url)
            .await
            .map_err(|e| format!("could not open the database {url}: {e}"))?;
        let deps = Deps {
            db,
            clock: Arc::new(SystemClock),
            sweep_interval: discord::sweeper::DEFAULT_INTERVAL,
            defer_after: discord::DEFAULT_DEFER_AFTER,
        };
        discord::run(config, deps).await.map_err(|e| e.to_string())
    })
}

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
