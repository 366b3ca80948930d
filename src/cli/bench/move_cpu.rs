//! The `moves` section of `monkey-queen bench`: the CPU a move costs, part by part, measured
//! as the process's CPU time (user and system, from `/proc`) over a batch of each part, so
//! threads the part wakes (sqlx's SQLite worker) count too:
//!
//! - the move through the game service: parse, validate, one transaction on a database file;
//! - its board PNG, drawn and encoded as the bot posts it (status line, last move, names);
//! - mining a finished game for puzzles (the first [`MINED_GAMES`] of each run), shared out
//!   over its moves: what each move costs when every game is mined.
//!
//! What a bot process adds to these (Discord's JSON and HTTP, the scheduler) only the load run
//! measures.

use std::sync::Arc;
use std::time::Duration;

use monkey_queen_core::Color;
use rand::SeedableRng;
use rand::rngs::SmallRng;

use super::{BenchDir, play_random, start_game};
use crate::games::{
    ChallengeLimits, ChannelId, GameId, GameService, GameView, MiningDepth, PlayerRef,
    ServiceConfig, SystemClock, UserId, mine,
};
use crate::i18n::{Lang, Msg};
use crate::model::BoardOrientation;
use crate::render::{BoardView, Players, Renderer};
use crate::storage;

/// Finished games mined in each run (a random game's search takes seconds).
const MINED_GAMES: usize = 2;

/// What one run measured: CPU time of each part, and the moves it was spent on.
struct Spent {
    /// Moves played (and boards drawn).
    moves: u32,
    service: Duration,
    png: Duration,
    /// Moves of the games mined.
    mined_moves: u32,
    mining: Duration,
}

/// Prints the CPU of each part of a move (the median of `runs` batches of `moves` moves).
pub fn run(runs: usize, moves: u32) -> Result<(), String> {
    if moves == 0 {
        return Ok(());
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    let renderer = Renderer::new().map_err(|e| e.to_string())?;
    let mut spent = Vec::with_capacity(runs);
    for run in 0..runs {
        spent.push(runtime.block_on(measure(&renderer, moves, run))?);
    }
    let per_move = |part: fn(&Spent) -> (Duration, u32)| {
        let mut ms: Vec<f64> = spent
            .iter()
            .map(|s| {
                let (cpu, moves) = part(s);
                cpu.as_secs_f64() * 1e3 / f64::from(moves.max(1))
            })
            .collect();
        ms.sort_by(f64::total_cmp);
        ms[ms.len() / 2]
    };
    let (service, png, mining) = (
        per_move(|s| (s.service, s.moves)),
        per_move(|s| (s.png, s.moves)),
        per_move(|s| (s.mining, s.mined_moves)),
    );
    println!(
        "CPU per move by part (median of {runs} runs of {moves} random moves, {MINED_GAMES} games of each mined): \
         game service (parse, validate, one transaction) {service:.2} ms, \
         board PNG (draw, encode) {png:.2} ms, \
         puzzle mining when every game is mined {mining:.2} ms; \
         total {:.2} ms",
        service + png + mining
    );
    Ok(())
}

/// One batch: `moves` random moves through a service on a fresh database file, then each
/// move's board, then the first finished games mined.
async fn measure(renderer: &Renderer, moves: u32, run: usize) -> Result<Spent, String> {
    let dir = BenchDir::new(&format!("move-cpu-{run}"))?;
    let db = storage::connect(&dir.url())
        .await
        .map_err(|e| format!("cannot open the bench database: {e}"))?;
    let config = ServiceConfig {
        // The same two players start game after game.
        challenge_limits: ChallengeLimits::NONE,
        ..ServiceConfig::default()
    };
    let service = GameService::new(db, Arc::new(SystemClock), config);
    let white = PlayerRef::new(UserId(10_001), "Alice".to_owned());
    let black = PlayerRef::new(UserId(10_002), "Bob".to_owned());
    let mut rng = SmallRng::seed_from_u64(u64::try_from(run).unwrap_or(0));

    let mut views = Vec::with_capacity(usize::try_from(moves).unwrap_or(0));
    let mut finished = Vec::new();
    let before = cpu_time();
    let mut game = start_game(&service, &white, &black, ChannelId(30_001)).await?;
    while views.len() < views.capacity() {
        let Some(user) = game.to_move else {
            finished.push(game.id);
            game = start_game(&service, &white, &black, ChannelId(30_001)).await?;
            continue;
        };
        game = play_random(&service, &game, user, &mut rng).await?;
        views.push(game.clone());
    }
    let service_cpu = cpu_time().saturating_sub(before);

    let before = cpu_time();
    for view in &views {
        board_png(renderer, view)?;
    }
    let png = cpu_time().saturating_sub(before);

    let records = records(&service, &finished[..finished.len().min(MINED_GAMES)]).await?;
    let depth = MiningDepth::default();
    let before = cpu_time();
    for (id, record) in &records {
        let _ = mine(record, &id.to_string(), &depth, &|| false);
    }
    let mining = cpu_time().saturating_sub(before);
    let mined_moves = records.iter().map(|(_, r)| r.moves.len()).sum::<usize>();
    Ok(Spent {
        moves,
        service: service_cpu,
        png,
        mined_moves: u32::try_from(mined_moves).unwrap_or(u32::MAX),
        mining,
    })
}

/// The board PNG of `game` as the bot posts it after a move (turned as servers have it
/// unless they choose otherwise).
fn board_png(renderer: &Renderer, game: &GameView) -> Result<Vec<u8>, String> {
    let bottom = BoardOrientation::default().bottom(game.position.turn());
    let view = BoardView {
        flipped: bottom == Color::Black,
        last_move: game.last_move,
        players: Players::new(game.white.name.clone(), game.black.name.clone()),
        status: Some(Lang::En.text(&Msg::StatusLine(game))),
        ..BoardView::default()
    };
    renderer
        .board_png(&game.position, &view)
        .map_err(|e| e.to_string())
}

/// The records of the games `ids`.
async fn records(
    service: &GameService,
    ids: &[GameId],
) -> Result<Vec<(GameId, monkey_queen_core::Record)>, String> {
    let mut records = Vec::with_capacity(ids.len());
    for &id in ids {
        let record = service.record(id).await.map_err(|e| e.to_string())?;
        records.push((id, record.record));
    }
    Ok(records)
}

/// This process's CPU time so far.
fn cpu_time() -> Duration {
    super::cpu_time(std::process::id())
}
