//! The `sweep` section of `monkey-queen bench`: what many games in progress cost the bot. It
//! seeds a database with them (see [`crate::cli::seed`]) and times the database work of one
//! sweep (lapsed challenges, reminders, losses on time, the outbox, the computer's turns, the
//! lapsed tokens and cooldowns) and
//! the check of every stored game that a start-up runs.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::cli::seed::{self, Seed};
use crate::games::{GameService, ServiceConfig, SystemClock, UserId};
use crate::storage;

/// The bot's user id in the seeded games.
const BOT: UserId = UserId(1_380_000_000_000_000_000 - 1);

/// Seeds `games` games into the database at `url` (a fresh SQLite file when `None`; a
/// PostgreSQL database must hold no games), then prints the sweep's median over `runs`.
pub fn run(runs: usize, games: u64, url: Option<&str>) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    let dir = super::BenchDir::new("sweep")?;
    let url = url.map_or_else(|| dir.url(), str::to_owned);
    runtime.block_on(measure(runs, games, &url))
}

async fn measure(runs: usize, games: u64, url: &str) -> Result<(), String> {
    let failed = |e: &dyn std::fmt::Display| e.to_string();
    let db = storage::connect(url)
        .await
        .map_err(|e| format!("cannot open the bench database: {e}"))?;
    let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM games")
        .fetch_one(&mut *db.read().await.map_err(|e| failed(&e))?)
        .await
        .map_err(|e| failed(&e))?;
    if stored > 0 {
        return Err(format!(
            "the bench database must hold no games; it holds {stored}"
        ));
    }
    let service = GameService::new(
        db.clone(),
        Arc::new(SystemClock),
        ServiceConfig {
            bot_user: Some(BOT),
            ..ServiceConfig::default()
        },
    );
    let engine = format!("{:?}", db.backend());
    let seeding = Instant::now();
    let seed = Seed {
        games,
        bot: BOT,
        now_ms: service.now_ms(),
    };
    seed::active_games(&db, &seed)
        .await
        .map_err(|e| failed(&e))?;
    println!(
        "sweep ({engine}): seeded {games} active games ({} against the computer, {} with a clock) in {:.1} s",
        games.div_ceil(10),
        games.div_ceil(4),
        seeding.elapsed().as_secs_f64()
    );
    let mut parts: [Vec<Duration>; 7] = Default::default();
    for _ in 0..runs {
        let timed = [
            time(service.expire_challenges()).await?,
            time(service.due_reminders()).await?,
            time(service.apply_timeouts()).await?,
            time(service.delivery().next_announcement()).await?,
            time(service.computer_turns()).await?,
            time(service.forget_lapsed()).await?,
        ];
        parts[6].push(timed.iter().sum());
        for (part, took) in parts.iter_mut().zip(timed) {
            part.push(took);
        }
    }
    let names = [
        "lapsed challenges",
        "reminders",
        "losses on time",
        "outbox",
        "computer's turns",
        "lapsed tokens and cooldowns",
    ];
    let medians: Vec<String> = names
        .iter()
        .zip(&mut parts)
        .map(|(name, times)| format!("{name} {}", ms(median(times))))
        .collect();
    println!(
        "sweep ({engine}), {games} games: {} per sweep (median of {runs}; {})",
        ms(median(&mut parts[6])),
        medians.join(", ")
    );
    let checking = Instant::now();
    let mismatches = service.verify_games().await.map_err(|e| failed(&e))?;
    println!(
        "sweep ({engine}): replaying every active game (the start-up check) took {:.1} s, {} mismatches",
        checking.elapsed().as_secs_f64(),
        mismatches.len()
    );
    db.close().await;
    Ok(())
}

/// How long `work` took; its error as text.
async fn time<T, E: std::fmt::Display>(
    work: impl Future<Output = Result<T, E>>,
) -> Result<Duration, String> {
    let started = Instant::now();
    work.await.map_err(|e| e.to_string())?;
    Ok(started.elapsed())
}

/// The median of `times` (sorted in place).
fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times.get(times.len() / 2).copied().unwrap_or_default()
}

/// A duration in milliseconds, to two decimals.
fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}
