//! `monkey-queen puzzles generate`: puzzles found in games the engine plays against itself,
//! or in the finished games of a database, each checked again by a deeper search (the bot's
//! own mining, [`mine`]), written as JSON lines (see `docs/puzzles.md`;
//! `assets/puzzles.jsonl` was made this way).

use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{Args, Subcommand};
use monkey_queen_core::puzzle::{self, Puzzle};
use monkey_queen_core::search::Level;
use monkey_queen_core::{Move, Record};

use super::database::{open, runtime};
use crate::games::{
    CONFIRM_FACTOR, GameService, Mined, MiningDepth, ServiceConfig, SystemClock, mine, puzzle_line,
};

/// The puzzle subcommands.
#[derive(Debug, Subcommand)]
pub enum PuzzlesCommand {
    /// Find puzzles and write those a deeper search confirms, one JSON object a line.
    Generate(GenerateArgs),
}

/// Where to find puzzles, how hard to look, and where to write them.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("games").required(true).args(["self_play", "from"])))]
pub struct GenerateArgs {
    /// Play this many games of the engine against itself (game `i` seeded `--seed + i`).
    #[arg(long)]
    self_play: Option<u64>,
    /// Search every finished game of this database instead.
    #[arg(long)]
    from: Option<String>,
    /// The level both sides of a self-played game play at, after its opening plies.
    #[arg(long, default_value = "easy")]
    level: Level,
    /// The first game's seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Plies of the easy level (noisy) that open each self-played game.
    #[arg(long, default_value_t = 4)]
    openings: u32,
    /// Search nodes per position.
    #[arg(long, default_value_t = puzzle::DEFAULT_NODES)]
    nodes: u64,
    /// The check searches this many times more nodes.
    #[arg(long, default_value_t = CONFIRM_FACTOR)]
    verify_factor: u64,
    /// The file to write.
    #[arg(long)]
    out: PathBuf,
}

/// Runs a puzzles subcommand.
pub fn run(command: &PuzzlesCommand) -> Result<(), String> {
    match command {
        PuzzlesCommand::Generate(args) => generate(args),
    }
}

fn generate(args: &GenerateArgs) -> Result<(), String> {
    let depth = MiningDepth::new(args.nodes, args.verify_factor);
    let mut out = std::fs::File::create(&args.out)
        .map_err(|e| format!("cannot write {}: {e}", args.out.display()))?;
    let mut tally = Tally::default();
    let mut write = |record: &Record, label: &str, tally: &mut Tally| -> Result<(), String> {
        let Some(Mined { found, confirmed }) = mine(record, label, &depth, &|| false) else {
            return Ok(());
        };
        tally.games += 1;
        tally.found += found as u64;
        for p in confirmed {
            if !tally.first_of(&p) {
                continue;
            }
            tally.kept += 1;
            writeln!(out, "{}", puzzle_line(&p))
                .map_err(|e| format!("cannot write {}: {e}", args.out.display()))?;
        }
        Ok(())
    };
    let started = Instant::now();
    if let Some(games) = args.self_play {
        for i in 0..games {
            let seed = args.seed + i;
            let record = puzzle::self_play(args.level, seed, args.openings);
            write(
                &record,
                &format!("self-play {} {seed}", args.level),
                &mut tally,
            )?;
        }
    } else if let Some(url) = &args.from {
        for (label, record) in stored_games(url)? {
            write(&record, &label, &mut tally)?;
        }
    }
    tally.report(started.elapsed());
    Ok(())
}

/// Every finished game of the database at `url`, labelled by its number.
fn stored_games(url: &str) -> Result<Vec<(String, Record)>, String> {
    runtime()?.block_on(async {
        let db = open(url).await?;
        let service = GameService::new(db, Arc::new(SystemClock), ServiceConfig::default());
        let ids = service
            .puzzles()
            .finished_games()
            .await
            .map_err(|e| format!("cannot read the games: {e}"))?;
        let mut games = Vec::with_capacity(ids.len());
        for id in ids {
            let record = service
                .record(id)
                .await
                .map_err(|e| format!("game #{id}: {e}"))?;
            games.push((format!("game {id}"), record.record));
        }
        Ok(games)
    })
}

/// What a run found, kept, and the puzzles it kept (a position, and a game's first move,
/// once: a player who misses a win twice gives the same puzzle twice).
#[derive(Default)]
struct Tally {
    games: u64,
    found: u64,
    kept: u64,
    positions: HashSet<String>,
    first_moves: HashSet<(String, Move)>,
}

impl Tally {
    /// Whether `p` is the first of its kind in this run.
    fn first_of(&mut self, p: &Puzzle) -> bool {
        let Some(&first) = p.solution.first() else {
            return false;
        };
        self.positions.insert(p.position.to_text())
            && self.first_moves.insert((p.source.game.clone(), first))
    }

    fn report(&self, took: Duration) {
        let minutes = took.as_secs_f64() / 60.0;
        eprintln!(
            "{} games, {} puzzles found, {} kept (confirmed, once each) in {:.1} min: {:.1} \
             kept per minute of one core",
            self.games,
            self.found,
            self.kept,
            minutes,
            self.kept as f64 / minutes.max(1e-9)
        );
    }
}
