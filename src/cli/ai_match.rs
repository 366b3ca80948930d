//! `monkey-queen match`: games between two players (search levels, `random`, `greedy`) with
//! alternating colours and varied openings, summarised as a score and an Elo difference.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use clap::Args;
use monkey_queen_core::search::{self, Level};
use monkey_queen_core::{Color, Move, Position, Role};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::GameArgs;

/// A player in a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    /// Uniformly random legal moves.
    Random,
    /// The best immediate capture (queen before baby), else a random move.
    Greedy,
    /// The search at a level.
    Search(Level),
}

impl FromStr for Player {
    type Err = String;

    fn from_str(text: &str) -> Result<Player, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(Player::Random),
            "greedy" => Ok(Player::Greedy),
            other => other.parse().map(Player::Search).map_err(|_| {
                format!(
                    "`{other}` is not a player; choose random, greedy, easy, medium, hard or max"
                )
            }),
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Random => f.write_str("random"),
            Player::Greedy => f.write_str("greedy"),
            Player::Search(level) => write!(f, "{level}"),
        }
    }
}

impl Player {
    /// The player's move, or `None` when the game is over.
    fn choose(self, pos: &Position, seed: u64, rng: &mut SmallRng) -> Option<Move> {
        match self {
            Player::Random => search::random_move(pos, rng),
            Player::Greedy => search::greedy_move(pos, rng),
            Player::Search(level) => search::best_move(pos, level, seed).map(|r| r.mv),
        }
    }
}

/// `monkey-queen match` options.
#[derive(Debug, Args)]
pub struct MatchArgs {
    /// The first player: random, greedy, easy, medium, hard or max.
    #[arg(long)]
    a: Player,
    /// The second player.
    #[arg(long)]
    b: Player,
    /// Games to play; each opening is played twice, once with each player as White.
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// Seed of the openings and of the players' choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Random plies before the players take over (the first pair starts from the start).
    #[arg(long, default_value_t = 4)]
    opening_plies: u32,
    #[command(flatten)]
    game: GameArgs,
}

/// Plays the match, printing a line per game on stderr and the summary on stdout.
pub fn run(args: &MatchArgs) -> Result<(), String> {
    let options = args.game.options()?;
    let players = [args.a, args.b];
    let mut wins = [0u32; 2];
    let mut times: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    let mut plies = 0u64;
    for game in 0..args.games {
        let pair = u64::from(game / 2);
        let opening_plies = if pair == 0 { 0 } else { args.opening_plies };
        let start = opening(
            Position::start(options),
            opening_plies,
            args.seed ^ pair.wrapping_mul(0x9E37_79B9),
        );
        // Who plays each colour: player index by colour, swapped by the pie rule (R8.1).
        let mut by_color = if game % 2 == 0 { [0, 1] } else { [1, 0] };
        let seed = args.seed.wrapping_mul(1_000_003) ^ u64::from(game);
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut pos = start;
        while pos.outcome().is_none() {
            let index = by_color[pos.turn().index()];
            let t = Instant::now();
            let m = players[index]
                .choose(&pos, seed ^ u64::from(pos.ply()), &mut rng)
                .ok_or("a player found no move in an unfinished game")?;
            times[index].push(t.elapsed());
            pos.play_unchecked(m);
            if m == Move::Swap {
                by_color.swap(0, 1);
            }
        }
        let outcome = pos.outcome().ok_or("the game did not end")?;
        let winner = by_color[outcome.winner.index()];
        wins[winner] += 1;
        plies += u64::from(pos.ply());
        eprintln!(
            "game {}: {} (white) vs {} (black): {} wins, {outcome} at ply {}",
            game + 1,
            players[by_color[Color::White.index()]],
            players[by_color[Color::Black.index()]],
            players[winner],
            pos.ply()
        );
    }
    let games = wins[0] + wins[1];
    println!(
        "{} vs {}: {games} games, {} {} wins, {} {} wins, {:.1} plies per game",
        players[0],
        players[1],
        players[0],
        wins[0],
        players[1],
        wins[1],
        plies as f64 / f64::from(games.max(1))
    );
    let (elo, low, high) = elo_interval(wins[0], games);
    println!(
        "Elo difference {} - {}: {} (95% interval {} to {})",
        players[0],
        players[1],
        show_elo(elo),
        show_elo(low),
        show_elo(high)
    );
    for (player, times) in players.iter().zip(&mut times) {
        if let Player::Search(_) = player
            && !times.is_empty()
        {
            times.sort();
            println!(
                "{player}: {} moves, median {:.1} ms, worst {:.1} ms",
                times.len(),
                times[times.len() / 2].as_secs_f64() * 1000.0,
                times[times.len() - 1].as_secs_f64() * 1000.0
            );
        }
    }
    Ok(())
}

/// Plays `plies` random moves from `pos`, retrying (with the next seed) openings that end the
/// game or leave a queen capture on the board.
fn opening(pos: Position, plies: u32, seed: u64) -> Position {
    let mut rng = SmallRng::seed_from_u64(seed);
    for _ in 0..100 {
        let mut current = pos.clone();
        for _ in 0..plies {
            let moves: Vec<Move> = current
                .legal_moves()
                .into_iter()
                .filter(|m| *m != Move::Swap)
                .collect();
            if moves.is_empty() {
                break;
            }
            current.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        let decided = current.outcome().is_some()
            || current.legal_moves().iter().any(|m| {
                matches!(
                    m,
                    Move::Normal {
                        capture: Some(Role::Queen),
                        ..
                    }
                )
            });
        if !decided {
            return current;
        }
    }
    pos
}

/// The Elo difference for `wins` out of `games`, with a 95% Wilson score interval.
pub fn elo_interval(wins: u32, games: u32) -> (f64, f64, f64) {
    if games == 0 {
        return (0.0, f64::NEG_INFINITY, f64::INFINITY);
    }
    let n = f64::from(games);
    let p = f64::from(wins) / n;
    let z = 1.96_f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    // At a clean sweep the bound on that side is unbounded; don't let rounding say otherwise.
    let low = if wins == 0 {
        f64::NEG_INFINITY
    } else {
        elo(centre - half)
    };
    let high = if wins == games {
        f64::INFINITY
    } else {
        elo(centre + half)
    };
    (elo(p), low, high)
}

/// The Elo difference that predicts score `p`.
fn elo(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

fn show_elo(value: f64) -> String {
    if value.is_infinite() {
        if value > 0.0 { "+inf" } else { "-inf" }.to_owned()
    } else {
        format!("{value:+.0}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_even_and_lopsided_scores() {
        let (even, low, high) = elo_interval(50, 100);
        assert!(even.abs() < 1e-9);
        assert!(low < -60.0 && high > 60.0 && (low + high).abs() < 1e-6);
        let (all, low, high) = elo_interval(100, 100);
        assert!(all.is_infinite() && high.is_infinite());
        assert!(low > 500.0, "100/100 is at least +500 Elo, got {low}");
    }

    #[test]
    fn players_parse() {
        assert_eq!("random".parse(), Ok(Player::Random));
        assert_eq!("Greedy".parse(), Ok(Player::Greedy));
        assert_eq!("hard".parse(), Ok(Player::Search(Level::Hard)));
        assert!("grandmaster".parse::<Player>().is_err());
    }
}
