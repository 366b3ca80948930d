//! `monkey-queen bench`: medians of the figures the README's Performance table reports.

use std::time::{Duration, Instant};

use clap::Args;
use monkey_queen_core::search::{self, Level};
use monkey_queen_core::{GameOptions, Position, perft};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// What to measure and how often.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Runs per figure; the median is reported.
    #[arg(long, default_value_t = 5)]
    runs: usize,
    /// Perft depth from the 12×12 start.
    #[arg(long, default_value_t = 5)]
    perft_depth: u32,
    /// Random playouts per run.
    #[arg(long, default_value_t = 20_000)]
    playouts: u32,
}

/// Runs every benchmark and prints one line per figure.
pub fn run(args: &BenchArgs) -> Result<(), String> {
    let runs = args.runs.max(1);
    let start = Position::start(GameOptions::default());

    let mut nodes = 0;
    let perft_time = median(runs, || {
        let t = Instant::now();
        nodes = perft(&start, args.perft_depth);
        t.elapsed()
    });
    println!(
        "perft({}) from the 12x12 start: {nodes} sequences in {:.3} s (median of {runs})",
        args.perft_depth,
        perft_time.as_secs_f64()
    );

    let mut plies = 0;
    let playout_time = median(runs, || {
        let mut rng = SmallRng::seed_from_u64(1);
        let t = Instant::now();
        plies = (0..args.playouts)
            .map(|_| random_playout(&start, &mut rng))
            .sum::<u64>();
        t.elapsed()
    });
    println!(
        "random playouts: {:.0} games/s, {:.1} plies/game (median of {runs})",
        f64::from(args.playouts) / playout_time.as_secs_f64(),
        plies as f64 / f64::from(args.playouts)
    );

    bench_search(runs)
}

/// A middle-game position from a medium-level self-play game (ply 24).
const MIDDLE_GAME: &str = "5b5q/8B3/2b9/2b9/12/1B10/B3B3B3/Q11/9b2/B3B7/2b7bb/7B4 w 10 11 24 20 -";

/// The search's speed at each level from the start and from a middle-game position.
fn bench_search(runs: usize) -> Result<(), String> {
    let middle = Position::from_text(MIDDLE_GAME).map_err(|e| e.to_string())?;
    let start = Position::start(GameOptions::default());
    for (name, pos) in [("start", &start), ("middle game", &middle)] {
        for level in [Level::Easy, Level::Medium, Level::Hard] {
            let mut found = None;
            let time = median(runs, || {
                let t = Instant::now();
                found = search::best_move(pos, level, 0);
                t.elapsed()
            });
            let found = found.ok_or("the bench position has no move")?;
            println!(
                "search {level} from the {name}: depth {}, {} nodes, {:.1} ms, {:.0} knodes/s (median of {runs})",
                found.depth,
                found.nodes,
                time.as_secs_f64() * 1000.0,
                found.nodes as f64 / time.as_secs_f64() / 1000.0
            );
        }
    }
    Ok(())
}

/// Plays uniformly random legal moves to the end; returns the number of plies.
fn random_playout(start: &Position, rng: &mut SmallRng) -> u64 {
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(128);
    loop {
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            return u64::from(pos.ply());
        }
        pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
    }
}

/// Runs `measure` `runs` times and returns the median duration.
fn median(runs: usize, mut measure: impl FnMut() -> Duration) -> Duration {
    let mut times: Vec<Duration> = (0..runs).map(|_| measure()).collect();
    times.sort();
    times[times.len() / 2]
}
