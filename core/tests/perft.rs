//! R10: perft numbers from the standard start, and the other starts of R3.2.

use monkey_queen_core::{GameOptions, Position, perft};

fn start(size: u8) -> Position {
    Position::start(GameOptions::with_size(size).unwrap())
}

#[test]
fn r10_perft_from_the_standard_start() {
    let pos = start(12);
    for (depth, expected) in [(1, 33), (2, 1_078), (3, 54_675), (4, 2_661_454)] {
        assert_eq!(perft(&pos, depth), expected, "depth {depth}");
    }
}
