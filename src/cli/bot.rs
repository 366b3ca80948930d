//! `monkey-queen bot` (the default): runs the Discord bot until Ctrl-C or SIGTERM.

use std::sync::Arc;

use tracing_subscriber::EnvFilter;

use crate::discord::{self, Config, Deps};
use crate::games::SystemClock;
use crate::storage;

/// Logging when `RUST_LOG` is not set: the bot's own info lines, warnings from everything else.
const DEFAULT_LOG: &str = "warn,monkey_queen=info";

/// Reads the configuration (environment and `.env`), opens the database, runs the bot.
pub fn run() -> Result<(), String> {
    let config = Config::from_env().map_err(|e| e.to_string())?;
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(DEFAULT_LOG)),
        )
        .init();
    let runtime = tokio::runtime::Runtime::new()
        .map_err(|e| format!("could not start the async runtime: {e}"))?;
    runtime.block_on(async {
        let url = storage::database_url();
        let db = storage::connect(&url)
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
