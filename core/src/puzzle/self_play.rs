//! Games the engine plays against itself, to find puzzles in.

use crate::options::GameOptions;
use crate::position::Position;
use crate::record::Record;
use crate::search::{self, Level};

/// One game on the standard board: `openings` plies of the easy level (whose noise makes
/// games differ by `seed` even at levels without it), then `level` for both sides until the
/// end. The same arguments give the same game.
#[must_use]
pub fn self_play(level: Level, seed: u64, openings: u32) -> Record {
    let options = GameOptions::default();
    let mut pos = Position::start(options);
    let mut moves = Vec::new();
    while !pos.is_game_over() {
        let mover = if pos.ply() < openings {
            Level::Easy
        } else {
            level
        };
        let Some(found) = search::best_move(&pos, mover, seed ^ u64::from(pos.ply())) else {
            break;
        };
        pos.play_unchecked(found.mv);
        moves.push(found.mv);
    }
    Record { options, moves }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_gives_the_same_finished_game() {
        let first = self_play(Level::Easy, 3, 4);
        assert_eq!(first, self_play(Level::Easy, 3, 4));
        let texts: Vec<String> = first.moves.iter().map(ToString::to_string).collect();
        let (_, end) = Record::from_moves(first.options, &texts).unwrap();
        assert!(end.is_game_over());
        assert_ne!(
            first,
            self_play(Level::Easy, 4, 4),
            "another seed, another game"
        );
    }
}
