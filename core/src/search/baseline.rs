//! Baseline players to measure the search against: a random mover and a one-ply greedy one.

use rand::Rng;
use rand::seq::IndexedRandom;

use crate::color::Role;
use crate::moves::Move;
use crate::position::Position;

/// A uniformly random legal move, or `None` when the game is over.
pub fn random_move(pos: &Position, rng: &mut impl Rng) -> Option<Move> {
    pos.legal_moves().choose(rng).copied()
}

/// The best immediate capture (the queen before a baby), else a random move; `None` when the
/// game is over.
pub fn greedy_move(pos: &Position, rng: &mut impl Rng) -> Option<Move> {
    let moves = pos.legal_moves();
    let value = |m: &Move| match m {
        Move::Normal {
            capture: Some(Role::Queen),
            ..
        } => 2,
        Move::Normal {
            capture: Some(Role::Baby),
            ..
        } => 1,
        _ => 0,
    };
    let top = moves.iter().map(value).max()?;
    let best: Vec<Move> = moves.into_iter().filter(|m| value(m) == top).collect();
    best.choose(rng).copied()
}
