//! Search figures: depth, nodes and time of each level from two positions.

use std::time::Instant;

use monkey_queen_core::search::{self, Level};
use monkey_queen_core::{GameOptions, Position};

use super::median;

/// A middle-game position from a medium-level self-play game (ply 24).
const MIDDLE_GAME: &str = "5b5q/8B3/2b9/2b9/12/1B10/B3B3B3/Q11/9b2/B3B7/2b7bb/7B4 w 10 11 24 20 -";

/// The search's speed at each level from the start and from a middle-game position.
pub fn run(runs: usize) -> Result<(), String> {
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
