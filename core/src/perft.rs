//! Counting move sequences, the standard check of a move generator (R10).

use crate::position::Position;

/// The number of legal move sequences of exactly `depth` plies from `pos` (R10). A game that
/// ends earlier contributes nothing.
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => pos
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut child = pos.clone();
                child.play_unchecked(m);
                perft(&child, depth - 1)
            })
            .sum(),
    }
}
