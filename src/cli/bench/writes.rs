//! The PostgreSQL writes of `monkey-queen bench --only service`: write transactions per second
//! through the game service with several writers at once, each for players of its own (a
//! challenge made, accepted, then resigned and rated: three write transactions a round), each
//! run on a fresh database of the server named by `--postgres-url`.

use std::sync::Arc;
use std::time::Duration;

use sqlx::{Connection, Executor};

use super::{start_game, time_writers};
use crate::games::{
    ChallengeLimits, ChannelId, GameRef, GameService, PlayerRef, ServiceConfig, SystemClock, UserId,
};
use crate::storage::{self, PoolSettings};

/// Writers at once in each figure.
const WRITERS: [u32; 3] = [1, 4, 8];

/// Write transactions in one round: the challenge, the accept, the resignation.
const PER_ROUND: u32 = 3;

/// Prints write transactions per second for each number of [`WRITERS`], each the median of
/// `runs` runs of `rounds` rounds shared among the writers.
pub fn run(runs: usize, server: &str, rounds: u32) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    for writers in WRITERS {
        let mut rates = Vec::with_capacity(runs);
        for run in 0..runs {
            let elapsed = runtime.block_on(measure(server, writers, rounds, run))?;
            rates.push(f64::from(rounds / writers * writers * PER_ROUND) / elapsed.as_secs_f64());
        }
        rates.sort_by(f64::total_cmp);
        println!(
            "service writes (PostgreSQL, challenge + accept + rated resignation), {writers} \
             writers for different players: {:.0} transactions/s (median of {runs}, {rounds} \
             rounds each)",
            rates[rates.len() / 2]
        );
    }
    Ok(())
}

/// Plays `rounds` rounds spread over `writers` concurrent writers on a fresh database of
/// `server`; returns the time taken.
async fn measure(server: &str, writers: u32, rounds: u32, run: usize) -> Result<Duration, String> {
    let name = format!("mq_bench_{}_{writers}_{run}", std::process::id());
    let url = database_url(server, &name)?;
    let mut admin = sqlx::PgConnection::connect(server)
        .await
        .map_err(|e| format!("cannot reach the PostgreSQL server: {e}"))?;
    let create = format!("CREATE DATABASE {name}");
    admin
        .execute(sqlx::AssertSqlSafe(create))
        .await
        .map_err(|e| format!("cannot create the bench database: {e}"))?;
    let measured = measure_on(&url, writers, rounds).await;
    let drop = format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)");
    admin
        .execute(sqlx::AssertSqlSafe(drop))
        .await
        .map_err(|e| format!("cannot drop the bench database: {e}"))?;
    measured
}

async fn measure_on(url: &str, writers: u32, rounds: u32) -> Result<Duration, String> {
    let pool = PoolSettings {
        readers: writers,
        writers,
        ..PoolSettings::default()
    };
    let db = storage::connect_with(url, &pool)
        .await
        .map_err(|e| format!("cannot open the bench database: {e}"))?;
    let config = ServiceConfig {
        // Counted as for players; the burst is not held back: the bench makes many.
        challenge_limits: ChallengeLimits {
            waiting: ChallengeLimits::PLAYERS.waiting,
            burst: usize::MAX,
            window_ms: 10 * 60 * 1000,
        },
        ..ServiceConfig::default()
    };
    let service = GameService::new(db, Arc::new(SystemClock), config);
    let per_writer = rounds / writers;
    time_writers(service, u64::from(writers), move |service, w| {
        write_rounds(service, w, per_writer)
    })
    .await
}

/// One writer: `rounds` rated games between its own two players, each challenged, accepted
/// and resigned.
async fn write_rounds(service: GameService, writer: u64, rounds: u32) -> Result<(), String> {
    let white = PlayerRef::new(UserId(10_000 + writer), format!("white {writer}"));
    let black = PlayerRef::new(UserId(20_000 + writer), format!("black {writer}"));
    for _ in 0..rounds {
        let game = start_game(&service, &white, &black, ChannelId(30_000 + writer)).await?;
        service
            .resign(black.id, GameRef::Id(game.id), None)
            .await
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// `server`'s URL with the database `name` in place of its own.
fn database_url(server: &str, name: &str) -> Result<String, String> {
    let (base, query) = server.split_once('?').unwrap_or((server, ""));
    let Some((host, _)) = base
        .rsplit_once('/')
        .filter(|(host, _)| host.contains("://"))
    else {
        return Err(format!("{server:?} is not a postgres:// URL"));
    };
    Ok(if query.is_empty() {
        format!("{host}/{name}")
    } else {
        format!("{host}/{name}?{query}")
    })
}
