//! Self-plays games and prints the puzzles found in them as JSON lines, with timing.
//!
//! ```text
//! cargo run -p monkey-queen-core --release --example puzzles -- --self-play 20
//!     [--level easy] [--nodes 100000] [--verify-factor 4] [--seed 1] [--openings 4]
//! ```
//!
//! Game `i` (seed `--seed + i`) starts with `--openings` plies of the easy level, whose noise
//! makes games differ even at levels without it, then `--level` plays both sides. Each finished game is
//! scanned with [`puzzle::puzzles_in_game`] at `--nodes` per search, and each puzzle is checked
//! again by [`puzzle::verify`] with `--verify-factor` times the nodes. One thread: the rates
//! are per core. Puzzles go to stdout, one JSON object a line; a summary goes to stderr.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use monkey_queen_core::puzzle::{self, Config};
use monkey_queen_core::search::{self, Level};
use monkey_queen_core::{GameOptions, Position, Record};

struct Args {
    games: u64,
    level: Level,
    nodes: u64,
    verify_factor: u64,
    seed: u64,
    openings: u32,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        games: 20,
        level: Level::Easy,
        nodes: puzzle::DEFAULT_NODES,
        verify_factor: 4,
        seed: 1,
        openings: 4,
    };
    let mut words = std::env::args().skip(1);
    while let Some(flag) = words.next() {
        let value = words.next().ok_or(format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|e| format!("{flag} {value}: {e}"))
        };
        match flag.as_str() {
            "--self-play" => args.games = number()?,
            "--level" => args.level = value.parse().map_err(|e| format!("{e}"))?,
            "--nodes" => args.nodes = number()?,
            "--verify-factor" => args.verify_factor = number()?,
            "--seed" => args.seed = number()?,
            "--openings" => {
                args.openings = u32::try_from(number()?).map_err(|e| format!("{flag}: {e}"))?;
            }
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(args)
}

/// One game: `openings` plies of the easy level, then `level` for both sides until the end.
fn self_play(level: Level, seed: u64, openings: u32) -> Record {
    let options = GameOptions::default();
    let mut pos = Position::start(options);
    let mut moves = Vec::new();
    while !pos.is_game_over() {
        let mover = if pos.ply() < openings {
            Level::Easy
        } else {
            level
        };
        let Some(found) = search::best_move(&pos, mover, seed ^ u64::from(pos.ply())) else {
            break;
        };
        pos.play_unchecked(found.mv);
        moves.push(found.mv);
    }
    Record { options, moves }
}

fn per_minute(count: usize, time: Duration) -> f64 {
    count as f64 * 60.0 / time.as_secs_f64().max(1e-9)
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let config = Config {
        nodes: args.nodes,
        ..Config::default()
    };
    let deeper = config.deeper(args.verify_factor);
    let (mut play_time, mut scan_time, mut verify_time) =
        (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    let (mut plies, mut found, mut confirmed) = (0, 0, 0);
    let mut themes: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for i in 0..args.games {
        let seed = args.seed + i;
        let clock = Instant::now();
        let record = self_play(args.level, seed, args.openings);
        play_time += clock.elapsed();
        plies += record.moves.len();
        let clock = Instant::now();
        let label = format!("self-play {} {seed}", args.level);
        let puzzles = puzzle::puzzles_in_game(&record, &label, &config);
        let scan = clock.elapsed();
        scan_time += scan;
        for p in puzzles {
            let clock = Instant::now();
            let checked = puzzle::verify(&p, &deeper);
            verify_time += clock.elapsed();
            found += 1;
            confirmed += usize::from(checked.is_ok());
            for t in &p.themes {
                let entry = themes.entry(t.to_string()).or_default();
                entry.0 += 1;
                entry.1 += usize::from(checked.is_ok());
            }
            let line = serde_json::json!({
                "puzzle": p.to_string(),
                "position": p.position.to_text(),
                "solution": p.solution.iter().map(ToString::to_string).collect::<Vec<_>>(),
                "themes": p.themes.iter().map(ToString::to_string).collect::<Vec<_>>(),
                "rating": p.rating,
                "game": p.source.game,
                "ply": p.source.ply,
                "verified": checked.is_ok(),
                "why": checked.err().map(|w| w.to_string()),
                "verify_ms": clock.elapsed().as_millis(),
                "game_scan_ms": scan.as_millis(),
            });
            println!("{line}");
        }
    }
    let total = play_time + scan_time;
    eprintln!(
        "{} games at {} ({plies} plies): play {:.1} s, scan {:.1} s at {} nodes, verify {:.1} s at {} nodes",
        args.games,
        args.level,
        play_time.as_secs_f64(),
        scan_time.as_secs_f64(),
        config.nodes,
        verify_time.as_secs_f64(),
        deeper.nodes
    );
    eprintln!(
        "{found} puzzles, {confirmed} verified: {:.2} found per minute of play + scan ({:.2} per minute of scan alone)",
        per_minute(found, total),
        per_minute(found, scan_time)
    );
    for (theme, (count, verified)) in &themes {
        eprintln!("  {theme}: {count} ({verified} verified)");
    }
    ExitCode::SUCCESS
}
