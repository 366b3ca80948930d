//! `monkey-queen web`: the game pages on this machine, playable without Discord: a game
//! against the computer, or two people at one screen, stored like any other game.

use std::net::SocketAddr;

use clap::Args;

use tokio::net::TcpListener;
use tracing_subscriber::EnvFilter;

use crate::app::{App, AppConfig, Faces, RateLimit, StopSignals};
use crate::storage::{self, DEFAULT_DATABASE_URL};

/// Where to serve and store.
#[derive(Debug, Clone, Args)]
pub struct WebArgs {
    /// The address and port to serve on.
    #[arg(long, env = "WEB_ADDR", default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Where games are stored (as for the bot).
    #[arg(long, env = "DATABASE_URL", default_value = DEFAULT_DATABASE_URL)]
    database_url: String,
    /// Serve on an address other machines reach. Whoever reaches the pages plays the games
    /// at this screen, for either side: without this, only a loopback address is taken.
    #[arg(long)]
    allow_network: bool,
    /// Another name the pages are reached by (`name` or `name:port`), e.g. this machine's
    /// name on the network; requests naming any other are refused. Repeat for several.
    #[arg(long = "host", value_name = "NAME")]
    hosts: Vec<String>,
    /// Requests one address may make a second (six times as many at once).
    #[arg(long, default_value_t = RateLimit::default().per_second)]
    requests_per_second: u32,
    /// Log filter, in tracing's EnvFilter syntax.
    #[arg(long, env = "RUST_LOG", default_value = "warn,monkey_queen=info")]
    log: String,
}

/// Serves the pages until Ctrl-C or SIGTERM.
pub fn run(args: &WebArgs) -> Result<(), String> {
    let filter = EnvFilter::try_new(&args.log)
        .map_err(|e| format!("RUST_LOG / --log is not a log filter ({e}): {:?}", args.log))?;
    tracing_subscriber::fmt().with_env_filter(filter).init();
    let runtime = tokio::runtime::Runtime::new()
        .map_err(|e| format!("could not start the async runtime: {e}"))?;
    runtime.block_on(serve(args))
}

/// Refuses an address other machines reach unless `allow_network` says the operator means it.
fn check_address(addr: SocketAddr, allow_network: bool) -> Result<(), String> {
    if addr.ip().is_loopback() || allow_network {
        return Ok(());
    }
    Err(format!(
        "{addr} can be reached from other machines, and whoever reaches these pages plays the \
         games at this screen, for either side, and starts games without limit. Serve on \
         127.0.0.1 (the default), or add --allow-network if that is what you want."
    ))
}

async fn serve(args: &WebArgs) -> Result<(), String> {
    check_address(args.addr, args.allow_network)?;
    // Heard from now on: a signal while the application starts stops it once it has.
    let signals =
        StopSignals::listen().map_err(|e| format!("could not listen for signals: {e}"))?;
    let db = storage::connect(&args.database_url)
        .await
        .map_err(|e| format!("could not open the database {}: {e}", args.database_url))?;
    let listener = TcpListener::bind(args.addr)
        .await
        .map_err(|e| format!("could not serve on {}: {e}", args.addr))?;
    let faces = Faces::AtScreen {
        listener,
        other_hosts: args.hosts.clone(),
        rate_limit: RateLimit {
            per_second: args.requests_per_second,
            burst: args.requests_per_second.saturating_mul(6),
        },
    };
    let app = App::start(AppConfig::standard(db, faces))
        .await
        .map_err(|e| e.to_string())?;
    if !args.addr.ip().is_loopback() {
        // Whoever reaches this address plays the games at this screen.
        tracing::warn!(addr = %args.addr, hosts = ?args.hosts, "serving games that anyone who reaches this address may play");
    }
    println!("Monkey Queen: play at http://{}/ (Ctrl-C stops)", args.addr);
    app.run_until_signal(signals)
        .await
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_other_machines_reach_needs_allow_network() {
        let lan: SocketAddr = "0.0.0.0:8080".parse().unwrap();
        let refused = check_address(lan, false).unwrap_err();
        assert!(refused.contains("--allow-network"), "{refused}");
        assert!(check_address(lan, true).is_ok());
        for loopback in ["127.0.0.1:8080", "[::1]:8080"] {
            assert!(check_address(loopback.parse().unwrap(), false).is_ok());
        }
    }
}
