//! `monkey-queen bot`: runs the Discord bot until Ctrl-C or SIGTERM.

use tracing_subscriber::EnvFilter;

use crate::discord::{self, Config, Data};

/// Logging when `RUST_LOG` is not set: the bot's own info lines, warnings from everything else.
const DEFAULT_LOG: &str = "warn,monkey_queen=info";

/// Reads the configuration (environment and `.env`), starts logging and runs the bot.
pub fn run() -> Result<(), String> {
    let config = Config::from_env().map_err(|e| e.to_string())?;
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(DEFAULT_LOG)),
        )
        .init();
    let runtime = tokio::runtime::Runtime::new()
        .map_err(|e| format!("could not start the async runtime: {e}"))?;
    runtime
        .block_on(discord::run(config, Data::default()))
        .map_err(|e| e.to_string())
}
