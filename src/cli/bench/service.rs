//! The `service` section of `monkey-queen bench`: moves per second through the game service
//! (parse, validate, one compare-and-swap transaction) on a database file.

use std::sync::Arc;
use std::time::Duration;

use rand::SeedableRng;
use rand::rngs::SmallRng;

use super::{BenchDir, play_random, start_game, time_writers};
use crate::games::{ChannelId, GameService, PlayerRef, ServiceConfig, SystemClock, UserId};
use crate::storage;

/// Concurrent games in the second figure.
const CONCURRENT_GAMES: u64 = 8;

/// Prints the single-writer and the concurrent figure, each the median of `runs`.
pub fn run(runs: usize, moves: u32) -> Result<(), String> {
    if moves == 0 {
        return Ok(());
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    for writers in [1, CONCURRENT_GAMES] {
        let mut rates = Vec::with_capacity(runs);
        for run in 0..runs {
            let elapsed = runtime.block_on(measure(writers, moves, run))?;
            rates.push(f64::from(moves) / elapsed.as_secs_f64());
        }
        rates.sort_by(f64::total_cmp);
        let label = if writers == 1 {
            "single writer".to_owned()
        } else {
            format!("{writers} games at once")
        };
        println!(
            "service moves (SQLite file, validate + commit), {label}: {:.0} moves/s (median of {runs}, {moves} moves each)",
            rates[rates.len() / 2]
        );
    }
    Ok(())
}

/// Plays `moves` random legal moves spread over `writers` concurrent game series on a fresh
/// database file; returns the time taken.
async fn measure(writers: u64, moves: u32, run: usize) -> Result<Duration, String> {
    let dir = BenchDir::new(&format!("service-{run}"))?;
    let db = storage::connect(&dir.url())
        .await
        .map_err(|e| format!("cannot open the bench database: {e}"))?;
    let service = GameService::new(db, Arc::new(SystemClock), ServiceConfig::default());
    let per_writer = moves / u32::try_from(writers).unwrap_or(1);
    time_writers(service, writers, move |service, w| {
        play_series(service, w, per_writer)
    })
    .await
}

/// One writer: plays games of random legal moves, one after another, until `moves` are played.
async fn play_series(service: GameService, writer: u64, moves: u32) -> Result<(), String> {
    let mut rng = SmallRng::seed_from_u64(writer);
    let white = PlayerRef::new(UserId(10_000 + writer), format!("white {writer}"));
    let black = PlayerRef::new(UserId(20_000 + writer), format!("black {writer}"));
    let channel = ChannelId(30_000 + writer);
    let mut played = 0;
    while played < moves {
        let mut game = start_game(&service, &white, &black, channel).await?;
        while played < moves {
            let Some(user) = game.to_move else { break };
            game = play_random(&service, &game, user, &mut rng).await?;
            played += 1;
        }
    }
    Ok(())
}
