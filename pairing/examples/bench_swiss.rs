//! Times the pairing of round 6 of a 1,000-player Swiss with random results.
//!
//! ```text
//! CARGO_TARGET_DIR=/work/target-pairing cargo run --release -j 1 -p monkey-queen-pairing --example bench_swiss
//! ```
//!
//! Rounds 1–5 are paired by the library and given seeded random results; round 6 is then
//! paired 5 times and the median time printed. An argument changes the number of players.

use std::time::{Duration, Instant};

use monkey_queen_pairing::{GameResult, History, Player, pair_swiss};

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
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1000);
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let players: Vec<Player> = (0..n)
        .map(|i| Player::new(i, 1000.0 + (rng.next() % 1800) as f64))
        .collect();
    let mut history = History::new();
    for _ in 0..5 {
        let mut round = pair_swiss(&players, &history).expect("rounds 1-5 pair");
        for g in &mut round.games {
            g.result = if rng.next().is_multiple_of(2) {
                GameResult::WhiteWin
            } else {
                GameResult::BlackWin
            };
        }
        history.rounds.push(round);
    }
    let mut times: Vec<Duration> = (0..5)
        .map(|_| {
            let start = Instant::now();
            let round = pair_swiss(&players, &history).expect("round 6 pairs");
            let t = start.elapsed();
            assert_eq!(round.games.len(), n / 2);
            t
        })
        .collect();
    times.sort();
    println!(
        "round 6 of a {n}-player Swiss: median {:.3} s over 5 runs (min {:.3} s, max {:.3} s)",
        times[2].as_secs_f64(),
        times[0].as_secs_f64(),
        times[4].as_secs_f64()
    );
}
