//! `monkey-queen bench`: medians of the figures the README's Performance table reports.

mod analysis;
mod move_cpu;
mod render;
mod search;
mod service;
mod sweep;
mod web;
mod writes;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;
use monkey_queen_core::{GameOptions, Position, perft};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::games::{
    ChallengeCreated, ChannelId, ColorChoice, GameRef, GameService, GameView, Lang, NewChallenge,
    PlayRequest, PlayerRef, Reach, UserId,
};

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
    /// Board PNGs drawn, one after each move of a 60-ply game over and over (afresh each time
    /// round); the median is reported.
    #[arg(long, default_value_t = 200)]
    pictures: usize,
    /// Moves played through the game service per run (0 skips the service figures).
    #[arg(long, default_value_t = 20_000)]
    service_moves: u32,
    /// Moves per run of the CPU a move costs by part (0 skips it).
    #[arg(long, default_value_t = 1_000)]
    cpu_moves: u32,
    /// Active games the `sweep` part seeds its database with.
    #[arg(long, default_value_t = 100_000)]
    seed_games: u64,
    /// The `sweep` part's database (an empty PostgreSQL one, say); a fresh SQLite file if not
    /// given.
    #[arg(long)]
    sweep_database: Option<String>,
    /// A PostgreSQL server (`postgres://USER@HOST/DB`, allowed to create databases): the
    /// service part then also measures write transactions there, on a fresh database a run.
    #[arg(long)]
    postgres_url: Option<String>,
    /// Rounds (challenge, accept, rated resignation) per run of the PostgreSQL writes.
    #[arg(long, default_value_t = 960)]
    write_rounds: u32,
    /// Pages watching in the `web` part: on one game, then one on each of as many games.
    #[arg(long, default_value_t = 1000)]
    watchers: usize,
    /// Measure only one part.
    #[arg(long, value_enum)]
    only: Option<Part>,
}

/// The parts `bench` measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Part {
    /// perft and random playouts.
    Engine,
    /// The computer opponent's search.
    Search,
    /// Board PNGs and replay GIFs.
    Render,
    /// Moves through the game service on an SQLite file, and write transactions on
    /// PostgreSQL with `--postgres-url`.
    Service,
    /// The CPU a move costs, part by part: the service, its board, mining the games finished.
    Moves,
    /// The engine's analysis of a whole game, and its picture.
    Analysis,
    /// One sweep's database work, and the start-up check, with many games in progress.
    Sweep,
    /// The game pages: their bytes, the time to serve one, and how fast a move reaches the
    /// pages watching (a `monkey-queen web` process driven over loopback).
    Web,
}

/// Runs every benchmark and prints one line per figure.
pub fn run(args: &BenchArgs) -> Result<(), String> {
    let runs = args.runs.max(1);
    let wanted = |part| args.only.is_none_or(|only| only == part);
    if wanted(Part::Engine) {
        engine(args, runs);
    }
    if wanted(Part::Search) {
        search::run(runs)?;
    }
    if wanted(Part::Render) {
        render::run(args.pictures.max(1), runs)?;
    }
    if wanted(Part::Service) {
        service::run(runs, args.service_moves)?;
        if let Some(server) = &args.postgres_url {
            writes::run(runs, server, args.write_rounds.max(1))?;
        }
    }
    if wanted(Part::Moves) {
        move_cpu::run(runs, args.cpu_moves)?;
    }
    if wanted(Part::Analysis) {
        analysis::run(runs)?;
    }
    if wanted(Part::Sweep) {
        sweep::run(runs, args.seed_games, args.sweep_database.as_deref())?;
    }
    if wanted(Part::Web) {
        web::run(args.watchers)?;
    }
    Ok(())
}

/// perft from the start and random playouts per second.
fn engine(args: &BenchArgs, runs: usize) {
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
}

/// Plays uniformly random legal moves to the end; returns the number of plies.
fn random_playout(start: &Position, rng: &mut SmallRng) -> u64 {
    let mut pos = start.clone();
    loop {
        let count = pos.count_legal_moves();
        let Some(m) = (count > 0)
            .then(|| pos.nth_legal_move(rng.random_range(0..count)))
            .flatten()
        else {
            return u64::from(pos.ply());
        };
        pos.play_unchecked(m);
    }
}

/// Runs `measure` `runs` times and returns the median duration.
fn median(runs: usize, mut measure: impl FnMut() -> Duration) -> Duration {
    let mut times: Vec<Duration> = (0..runs).map(|_| measure()).collect();
    times.sort();
    times[times.len() / 2]
}

/// Plays a random legal move of `game` as `user` (the player to move) through `service`;
/// the game after it.
pub(super) async fn play_random(
    service: &GameService,
    game: &GameView,
    user: UserId,
    rng: &mut SmallRng,
) -> Result<GameView, String> {
    let legal = game.position.legal_moves();
    let text = legal[rng.random_range(0..legal.len())].to_string();
    let played = service
        .play(PlayRequest {
            user,
            game: GameRef::Id(game.id),
            text: &text,
            expected_ply: Some(game.ply()),
            request_key: None,
        })
        .await
        .map_err(|e| e.to_string())?;
    Ok(played.game)
}

/// The CPU time (user and system) of process `pid` so far, from `/proc` (in clock ticks of
/// 10 ms: measure batches, not single calls); zero where `/proc` can't be read.
pub(super) fn cpu_time(pid: u32) -> Duration {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // After the command's name in parentheses: fields 14 and 15 are utime and stime.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map(|(_, rest)| rest.split_whitespace().collect())
        .unwrap_or_default();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    // Clock ticks are 1/100 s on Linux.
    Duration::from_millis((ticks(11) + ticks(12)) * 10)
}

/// A scratch folder for one run's database, removed afterwards.
pub(super) struct BenchDir(PathBuf);

impl BenchDir {
    /// A fresh folder named after this process and `label`.
    pub(super) fn new(label: &str) -> Result<BenchDir, String> {
        let path =
            std::env::temp_dir().join(format!("monkey-queen-bench-{}-{label}", std::process::id()));
        std::fs::create_dir_all(&path)
            .map_err(|e| format!("cannot create {}: {e}", path.display()))?;
        Ok(BenchDir(path))
    }

    /// The URL of a SQLite database in it.
    pub(super) fn url(&self) -> String {
        format!("sqlite://{}?mode=rwc", self.0.join("bench.db").display())
    }
}

impl Drop for BenchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A rated game between `white` and `black` in `channel`, challenged and accepted through the
/// service, as the `service` part's writers start theirs.
async fn start_game(
    service: &GameService,
    white: &PlayerRef,
    black: &PlayerRef,
    channel: ChannelId,
) -> Result<GameView, String> {
    let created = service
        .create_challenge(NewChallenge {
            challenger: white.clone(),
            opponent: Some(black.clone()),
            guild: None,
            channel,
            reach: Reach::Channel,
            lang: Lang::En,
            options: GameOptions::default(),
            color: ColorChoice::White,
            move_time_ms: None,
            rated: true,
            ai_level: None,
            rematch_of: None,
        })
        .await
        .map_err(|e| e.to_string())?;
    let ChallengeCreated::Pending(challenge) = created else {
        return Err("the bench challenge started a computer game".into());
    };
    Ok(service
        .accept_challenge(challenge.id, black, Lang::En)
        .await
        .map_err(|e| e.to_string())?
        .game)
}

/// Runs `writer(service, w)` for each `w` of `0..writers` at once; the time until all are
/// done. The service's database is closed afterwards.
async fn time_writers<F, Fut>(
    service: GameService,
    writers: u64,
    writer: F,
) -> Result<Duration, String>
where
    F: Fn(GameService, u64) -> Fut,
    Fut: Future<Output = Result<(), String>> + Send + 'static,
{
    let started = Instant::now();
    let tasks: Vec<_> = (0..writers)
        .map(|w| tokio::spawn(writer(service.clone(), w)))
        .collect();
    for task in tasks {
        task.await
            .map_err(|e| format!("bench task failed: {e}"))??;
    }
    let elapsed = started.elapsed();
    service.db().close().await;
    Ok(elapsed)
}

#[cfg(test)]
mod tests {
    use super::cpu_time;

    #[test]
    fn the_cpu_time_read_from_proc_grows_with_work() {
        let me = std::process::id();
        let before = cpu_time(me);
        let mut work = 0u64;
        // Until the clock has ticked at least twice (it reads whole ticks of 10 ms), or long
        // past when it should have.
        let given_up = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while cpu_time(me) < before + std::time::Duration::from_millis(20)
            && std::time::Instant::now() < given_up
        {
            for i in 0..100_000u64 {
                work = std::hint::black_box(work.wrapping_mul(31).wrapping_add(i));
            }
        }
        assert!(cpu_time(me) >= before + std::time::Duration::from_millis(20));
        assert_eq!(
            cpu_time(u32::MAX),
            std::time::Duration::ZERO,
            "no such process"
        );
    }
}
