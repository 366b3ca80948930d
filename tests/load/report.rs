//! What the players saw, merged over all pairs: latencies, counts, errors, and the ledger of
//! moves the verification checks against the database. Printed as one table.

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use monkey_queen::games::GameId;

use crate::bot::Memory;

/// Keep at most this many error messages (the count is exact).
const MAX_ERRORS: usize = 20;

/// A move the players were told was applied: by the ephemeral "You played", by its board, or
/// both.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Told {
    /// The game.
    pub game: GameId,
    /// The ply the players expected it at.
    pub ply: u32,
    /// Its canonical notation.
    pub notation: String,
}

/// A move whose answer never came because the bot was killed: it may or may not be stored.
#[derive(Debug, Clone)]
pub struct InFlight {
    /// The game it was sent to.
    pub game: GameId,
    /// Its request key (the interaction id).
    pub key: String,
    /// Whether the database held it when the bot was dead.
    pub stored: bool,
}

/// One interaction of an outage run, as the players saw it (see `outage::figures`).
#[derive(Debug, Clone)]
pub struct Trace {
    /// The pair that sent it.
    pub pair: usize,
    /// When it was dispatched.
    pub sent: Instant,
    /// Whether it asks for a change (a challenge, an Accept, a move), not suggestions.
    pub changes: bool,
    /// When its first answer reached the fake.
    pub first: Option<Instant>,
    /// Whether that answer deferred it.
    pub deferred: bool,
    /// When what it asked came to something: a challenge posted, a board, suggestions.
    pub served: Option<Instant>,
    /// Whether it was told the database can't be reached and to try again.
    pub try_again: bool,
    /// Whether it was refused otherwise.
    pub refused: bool,
    /// Whether it was suggestions that did not hold the move about to be made.
    pub unsuggested: bool,
}

/// Latencies, from the interaction's dispatch on the fake gateway to the request the fake
/// REST server received.
#[derive(Debug, Default)]
pub struct Latencies {
    /// `/move`: the board, or a deferral (Discord's 3-second limit).
    pub move_first: Vec<Duration>,
    /// `/move` autocomplete: the suggestions.
    pub autocomplete: Vec<Duration>,
    /// `/challenge`: the challenge message.
    pub challenge: Vec<Duration>,
    /// Accept: the challenge message turned into the first board, or a deferral.
    pub accept: Vec<Duration>,
    /// `/move` → the new board's PNG uploaded.
    pub move_image: Vec<Duration>,
    /// Accept → the first board's PNG uploaded.
    pub accept_image: Vec<Duration>,
}

/// Everything one pair (or all pairs, merged) saw.
#[derive(Debug, Default)]
pub struct Report {
    /// Latencies.
    pub latencies: Latencies,
    /// Interactions sent.
    pub pushed: u64,
    /// Interactions that got their first response.
    pub answered: u64,
    /// First responses that deferred the answer (the work took over 50 ms).
    pub deferred: u64,
    /// Board pictures received, and their total size.
    pub pngs: u64,
    /// Total PNG bytes.
    pub png_bytes: u64,
    /// Games the players started (or found started after a kill).
    pub games_started: u64,
    /// Games the players saw finish.
    pub games_finished: u64,
    /// Problems: unexpected refusals, wrong answers, timeouts.
    pub errors: Vec<String>,
    /// How many problems (`errors` keeps the first few).
    pub error_count: u64,
    /// Interactions whose answer was cut off by a kill or a restart.
    pub cut_off: u64,
    /// The moves the players were told were applied, by request key.
    pub told: HashMap<String, Told>,
    /// Request keys of refused moves.
    pub refused: Vec<String>,
    /// Moves in flight when the bot was killed.
    pub in_flight: Vec<InFlight>,
    /// Interactions a killed HTTP worker held, which the players gave up.
    pub held_by_killed: Vec<u64>,
    /// Every game the players played in.
    pub games: HashSet<GameId>,
    /// Boards with the final result, per game.
    pub final_boards: HashMap<GameId, u32>,
    /// Reminder messages, per game.
    pub reminders: HashMap<GameId, u32>,
    /// When the first interaction of the run got its first response.
    pub first_answer: Option<Instant>,
    /// Every interaction, by id, in an outage run (none otherwise).
    pub traces: HashMap<u64, Trace>,
}

impl Report {
    /// Notes a problem.
    pub fn error(&mut self, message: String) {
        self.error_count += 1;
        if self.errors.len() < MAX_ERRORS {
            self.errors.push(message);
        }
    }

    /// Adds another pair's report to this one.
    pub fn merge(&mut self, other: Report) {
        let (l, o) = (&mut self.latencies, other.latencies);
        l.move_first.extend(o.move_first);
        l.autocomplete.extend(o.autocomplete);
        l.challenge.extend(o.challenge);
        l.accept.extend(o.accept);
        l.move_image.extend(o.move_image);
        l.accept_image.extend(o.accept_image);
        self.pushed += other.pushed;
        self.answered += other.answered;
        self.deferred += other.deferred;
        self.pngs += other.pngs;
        self.png_bytes += other.png_bytes;
        self.games_started += other.games_started;
        self.games_finished += other.games_finished;
        for e in other.errors {
            if self.errors.len() < MAX_ERRORS {
                self.errors.push(e);
            }
        }
        self.error_count += other.error_count;
        self.cut_off += other.cut_off;
        self.told.extend(other.told);
        self.refused.extend(other.refused);
        self.in_flight.extend(other.in_flight);
        self.held_by_killed.extend(other.held_by_killed);
        self.games.extend(other.games);
        for (game, n) in other.final_boards {
            *self.final_boards.entry(game).or_default() += n;
        }
        for (game, n) in other.reminders {
            *self.reminders.entry(game).or_default() += n;
        }
        self.traces.extend(other.traces);
        self.first_answer = match (self.first_answer, other.first_answer) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
    }

    /// Every first response, whatever the interaction.
    pub fn all_first_responses(&self) -> Vec<Duration> {
        let l = &self.latencies;
        [&l.move_first, &l.autocomplete, &l.challenge, &l.accept]
            .into_iter()
            .flatten()
            .copied()
            .collect()
    }

    /// Every board upload (after a move or an accept).
    pub fn all_images(&self) -> Vec<Duration> {
        let l = &self.latencies;
        l.move_image
            .iter()
            .chain(&l.accept_image)
            .copied()
            .collect()
    }
}

/// Median, p99 and worst of some latencies.
#[derive(Debug, Clone, Copy, Default)]
pub struct Summary {
    /// How many.
    pub count: usize,
    /// The median.
    pub median: Duration,
    /// The 99th percentile (nearest rank).
    pub p99: Duration,
    /// The slowest.
    pub worst: Duration,
}

/// Summarises `times`.
pub fn summarize(times: &[Duration]) -> Summary {
    if times.is_empty() {
        return Summary::default();
    }
    let mut sorted = times.to_vec();
    sorted.sort_unstable();
    let rank =
        |q: f64| sorted[((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len()) - 1];
    Summary {
        count: sorted.len(),
        median: rank(0.5),
        p99: rank(0.99),
        worst: sorted[sorted.len() - 1],
    }
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

fn mib(kib: u64) -> String {
    format!("{:.1} MiB", kib as f64 / 1024.0)
}

/// Mean resident memory of the first and the last third of a life's steady part: after the
/// warm-up (the first third of the life, at most 20 s) in which thread pools and caches fill.
pub fn thirds(memory: &Memory) -> Option<(u64, u64)> {
    let warm_up = (memory.lived / 3).min(Duration::from_secs(20));
    let steady: Vec<u64> = memory
        .samples
        .iter()
        .filter(|(at, _)| *at >= warm_up)
        .map(|(_, kib)| *kib)
        .collect();
    let third = steady.len() / 3;
    if third == 0 {
        return None;
    }
    let mean = |s: &[u64]| s.iter().sum::<u64>() / s.len() as u64;
    Some((
        mean(&steady[..third]),
        mean(&steady[steady.len() - third..]),
    ))
}

/// What the run measured beside the players' report.
pub struct RunFacts<'a> {
    /// A one-line description of the run.
    pub title: String,
    /// How long the players played (bot down time excluded).
    pub played: Duration,
    /// Each life of the bot.
    pub lives: &'a [Memory],
    /// CPU time of the test process (fake Discord + players).
    pub own_cpu: Duration,
    /// ERROR lines and panics in the bot's log.
    pub log_errors: u64,
    /// Panics in the bot's log.
    pub log_panics: u64,
    /// Requests nobody expected, or boards without a picture.
    pub malformed: usize,
    /// Lines about the kill, if there was one.
    pub kill: Vec<String>,
}

/// Prints the table.
pub fn print(report: &Report, facts: &RunFacts<'_>) {
    let secs = facts.played.as_secs_f64();
    println!("\n=== {} ===", facts.title);
    println!(
        "interactions answered     {:>8}  ({:.0}/s over {:.1} s of play; {} sent; {} deferred)",
        report.answered,
        report.answered as f64 / secs,
        secs,
        report.pushed,
        report.deferred
    );
    println!(
        "moves applied             {:>8}  ({:.0}/s)",
        report.told.len(),
        report.told.len() as f64 / secs
    );
    let (cpu, miner): (Duration, Duration) = (
        facts.lives.iter().map(|life| life.cpu).sum(),
        facts.lives.iter().map(|life| life.miner_cpu).sum(),
    );
    let per_move = |cpu: Duration| cpu.as_secs_f64() * 1000.0 / report.told.len().max(1) as f64;
    println!(
        "bot CPU per move          {:>8.2} ms ({:.2} ms without the puzzle miner's thread, which used {:.1} s)",
        per_move(cpu),
        per_move(cpu.saturating_sub(miner)),
        miner.as_secs_f64()
    );
    println!(
        "games started / finished  {:>8} / {}",
        report.games_started, report.games_finished
    );
    println!(
        "board PNGs received       {:>8}  (mean {:.0} KB)",
        report.pngs,
        report.png_bytes as f64 / report.pngs.max(1) as f64 / 1000.0
    );
    println!(
        "\n{:<40} {:>8} {:>10} {:>10} {:>10}",
        "latency (dispatch → request at the fake)", "samples", "median", "p99", "worst"
    );
    let l = &report.latencies;
    let rows = [
        (
            "first response, all interactions",
            report.all_first_responses(),
        ),
        (
            "  /move answer (the board, or a deferral)",
            l.move_first.clone(),
        ),
        ("  /move autocomplete suggestions", l.autocomplete.clone()),
        ("  /challenge message", l.challenge.clone()),
        (
            "  Accept (the first board, or a deferral)",
            l.accept.clone(),
        ),
        ("board image posted, all", report.all_images()),
        ("  after /move", l.move_image.clone()),
        ("  after Accept (first board)", l.accept_image.clone()),
    ];
    for (name, times) in &rows {
        let s = summarize(times);
        println!(
            "{name:<40} {:>8} {:>10} {:>10} {:>10}",
            s.count,
            ms(s.median),
            ms(s.p99),
            ms(s.worst)
        );
    }
    println!();
    for (i, life) in facts.lives.iter().enumerate() {
        let flat = thirds(life).map_or_else(
            || "too short to compare".to_owned(),
            |(first, last)| {
                format!(
                    "RSS after warm-up: mean {} (first third) → {} (last third)",
                    mib(first),
                    mib(last)
                )
            },
        );
        println!(
            "bot life {}: {:.1} s, peak RSS (VmHWM) {}, {flat}, up to {} threads, CPU {:.1} s ({:.0}% of one core)",
            i + 1,
            life.lived.as_secs_f64(),
            mib(life.peak_kib),
            life.threads,
            life.cpu.as_secs_f64(),
            100.0 * life.cpu.as_secs_f64() / life.lived.as_secs_f64().max(0.001)
        );
    }
    for (i, life) in facts.lives.iter().enumerate() {
        let every = Duration::from_secs(10);
        let series: Vec<String> = life
            .samples
            .chunk_by(|a, b| a.0.as_secs() / every.as_secs() == b.0.as_secs() / every.as_secs())
            .filter_map(|chunk| chunk.last())
            .map(|(_, kib)| format!("{:.0}", *kib as f64 / 1024.0))
            .collect();
        println!(
            "bot life {} RSS (MiB) every 10 s: {}",
            i + 1,
            series.join(" ")
        );
    }
    println!(
        "test process (fake Discord + players): CPU {:.1} s",
        facts.own_cpu.as_secs_f64()
    );
    println!(
        "errors: {} from the players (refusals, wrong answers, timeouts), {} ERROR lines and {} panics in the bot's log, {} malformed requests",
        report.error_count, facts.log_errors, facts.log_panics, facts.malformed
    );
    for e in &report.errors {
        println!("  - {e}");
    }
    for line in &facts.kill {
        println!("{line}");
    }
    let first = summarize(&report.all_first_responses());
    let image = summarize(&report.all_images());
    let verdict = |ok: bool| if ok { "met" } else { "MISSED" };
    println!(
        "targets: p99 first response {} ≤ 100 ms: {}; p99 image {} ≤ 500 ms: {}",
        ms(first.p99),
        verdict(first.p99 <= Duration::from_millis(100)),
        ms(image.p99),
        verdict(image.p99 <= Duration::from_millis(500))
    );
}
