//! Times the pairing of round 6 of a 1,000-player Swiss with random results.
//!
//! ```text
//! CARGO_TARGET_DIR=/work/target-pairing cargo run --release -j 1 -p monkey-queen-pairing --example bench_swiss
//! ```
//!
//! Rounds 1–5 are paired by the library and given seeded random results; round 6 is then
//! paired 5 times and the median time printed. An argument changes the number of players;
//! a path to a TRF file (as `generate.py` writes them) times the pairing of its next round
//! instead.

use std::time::{Duration, Instant};

use monkey_queen_pairing::{
    Colour, GameResult, History, Player, pair_swiss, pair_swiss_with_total, read_trf,
};

/// A small deterministic generator (xorshift64*), so the example needs no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

fn main() {
    let arg = std::env::args().nth(1);
    if let Some(path) = arg.as_deref().filter(|a| a.parse::<usize>().is_err()) {
        bench_trf(path);
        return;
    }
    let n: usize = arg.and_then(|a| a.parse().ok()).unwrap_or(1000);
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let players: Vec<Player> = (0..n)
        .map(|i| Player::new(i, 1000.0 + (rng.next() % 1800) as f64))
        .collect();
    let mut history = History::new();
    for _ in 0..5 {
        let mut round = pair_swiss(&players, &history, Colour::White).expect("rounds 1-5 pair");
        for g in &mut round.games {
            g.result = if rng.next().is_multiple_of(2) {
                GameResult::WhiteWin
            } else {
                GameResult::BlackWin
            };
        }
        history.rounds.push(round);
    }
    let times = time5(|| {
        let round = pair_swiss(&players, &history, Colour::White).expect("round 6 pairs");
        assert_eq!(round.games.len(), n / 2);
    });
    println!("round 6 of a {n}-player Swiss: {times}");
}

/// Times the next round of the TRF file at `path` (its `XXR` line, if any, gives the rounds).
fn bench_trf(path: &str) {
    let text = std::fs::read_to_string(path).expect("TRF file readable");
    let t = read_trf(&text).expect("TRF file valid");
    let total = text
        .lines()
        .find_map(|l| l.strip_prefix("XXR "))
        .and_then(|r| r.trim().parse().ok());
    // No `XXC` line: White, as `py4swiss` assumes.
    let initial = t.initial_colour.unwrap_or(Colour::White);
    let times = time5(|| {
        match total {
            Some(total) => pair_swiss_with_total(&t.players, &t.history, total, initial),
            None => pair_swiss(&t.players, &t.history, initial),
        }
        .expect("the round pairs");
    });
    let n = t.players.iter().filter(|p| p.active).count();
    let round = t.history.rounds.len() + 1;
    println!("round {round} of {path} ({n} players): {times}");
}

/// Runs `pairing` 5 times (`BENCH_RUNS` changes it); the median, min and max time as text.
fn time5(mut pairing: impl FnMut()) -> String {
    let runs: usize = std::env::var("BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5)
        .max(1);
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            pairing();
            start.elapsed()
        })
        .collect();
    times.sort();
    format!(
        "median {:.3} s over {runs} runs (min {:.3} s, max {:.3} s)",
        times[runs / 2].as_secs_f64(),
        times[0].as_secs_f64(),
        times[runs - 1].as_secs_f64()
    )
}
