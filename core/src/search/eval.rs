//! The static evaluation, built from the game's own logic: material (babies and queen
//! height), the low queen's danger of running out of moves (R5.2, R7.2), mobility (R6.1),
//! pieces with a clear line to the queen (R4.4, R7.1) and the babies' approach to the enemy
//! queen.
//!
//! Tuned by matches at equal node budgets (120 games each): counting the pieces that could
//! reach a line to the enemy queen next move lost 90 of 120 games to the same evaluation
//! without it, and the babies' mobility scored worse the more it weighed (2 per move: 51 of
//! 120 against 0; 4 per move: 46 of 120 against 2), so neither is counted.

use crate::color::Color;
use crate::direction::{Direction, walk};
use crate::position::Position;
use crate::square::Square;
use crate::square_set::SquareSet;

/// The squares from which a piece would have a clear line to `color`'s queen: the empty squares
/// on its 8 rays, and the first piece of each ray if it is `color`'s own (capturing it opens
/// the line). Empty if the queen was captured.
pub(crate) fn queen_lines(pos: &Position, color: Color) -> SquareSet {
    let mut set = SquareSet::EMPTY;
    if let Some(queen) = pos.queen(color) {
        for dir in Direction::ALL {
            walk(queen, dir, pos.size(), |sq| match pos.piece_at(sq) {
                None => {
                    set.insert(sq);
                    true
                }
                Some(piece) => {
                    if piece.color == color {
                        set.insert(sq);
                    }
                    false
                }
            });
        }
    }
    set
}

/// Whether a piece of `attacker`'s colour has a clear line to the other side's queen, so that
/// `attacker` could capture it if it were their turn (R4.4).
pub(crate) fn attacks_queen(pos: &Position, attacker: Color) -> bool {
    let Some(queen) = pos.queen(attacker.other()) else {
        return false;
    };
    let mut found = false;
    for dir in Direction::ALL {
        walk(queen, dir, pos.size(), |sq| match pos.piece_at(sq) {
            None => true,
            Some(piece) => {
                found |= piece.color == attacker;
                false
            }
        });
        if found {
            return true;
        }
    }
    false
}

/// Whether a piece of colour `by` has a clear line to `sq`, looking through `vacated` (the
/// square a capturer is leaving), so that it could take a piece that lands on `sq` (R4.4).
pub(crate) fn defended(pos: &Position, sq: Square, by: Color, vacated: Square) -> bool {
    let mut found = false;
    for dir in Direction::ALL {
        walk(sq, dir, pos.size(), |s| {
            if s == vacated {
                return true;
            }
            match pos.piece_at(s) {
                None => true,
                Some(piece) => {
                    found |= piece.color == by;
                    false
                }
            }
        });
        if found {
            return true;
        }
    }
    false
}

/// The squares where a non-queen move may answer a threat to `color`'s queen: with one
/// attacker, the squares between them and the attacker's own square (block or capture); with
/// two or more, none (only the queen can get away). `None` if the queen is not attacked.
pub(crate) fn evasion_squares(pos: &Position, color: Color) -> Option<SquareSet> {
    let queen = pos.queen(color)?;
    let mut attackers = 0;
    let mut squares = SquareSet::EMPTY;
    for dir in Direction::ALL {
        let mut line = SquareSet::EMPTY;
        let mut hit = false;
        walk(queen, dir, pos.size(), |sq| {
            line.insert(sq);
            match pos.piece_at(sq) {
                None => true,
                Some(piece) => {
                    hit = piece.color != color;
                    false
                }
            }
        });
        if hit {
            attackers += 1;
            squares = line;
        }
    }
    match attackers {
        0 => None,
        1 => Some(squares),
        _ => Some(SquareSet::EMPTY),
    }
}

/// What the evaluation counts for one side.
#[derive(Debug, Default, Clone, Copy)]
struct SideTerms {
    babies: i32,
    height: i32,
    queen_moves: i32,
    /// Pieces that have a clear line to the enemy queen now.
    attackers: i32,
    /// How close the babies stand to the enemy queen, summed.
    approach: i32,
}

fn side_terms(pos: &Position, color: Color) -> SideTerms {
    let size = pos.size();
    let mut t = SideTerms {
        babies: pos.baby_count(color) as i32,
        height: i32::from(pos.height(color).unwrap_or(0)),
        ..SideTerms::default()
    };
    let Some(enemy_queen) = pos.queen(color.other()) else {
        return t;
    };
    if let Some(queen) = pos.queen(color) {
        // R5.2: a queen of height 2 may only capture.
        let may_give_birth = t.height > 2;
        for dir in Direction::ALL {
            walk(queen, dir, size, |sq| match pos.piece_at(sq) {
                None => {
                    t.queen_moves += i32::from(may_give_birth);
                    true
                }
                Some(piece) => {
                    t.queen_moves += i32::from(piece.color != color);
                    false
                }
            });
        }
    }
    // Our pieces with a clear line to the enemy queen: the first piece of each of its rays.
    for dir in Direction::ALL {
        walk(enemy_queen, dir, size, |sq| match pos.piece_at(sq) {
            None => true,
            Some(piece) => {
                t.attackers += i32::from(piece.color == color);
                false
            }
        });
    }
    let span = i32::from(size);
    for from in pos.babies(color) {
        let chebyshev = from
            .file()
            .abs_diff(enemy_queen.file())
            .max(from.rank().abs_diff(enemy_queen.rank()));
        t.approach += span - i32::from(chebyshev);
    }
    t
}

/// Evaluation weights, in hundredths of a baby.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    /// Per baby on the board.
    pub baby: i32,
    /// Per checker in the queen's stack.
    pub height: i32,
    /// Extra for a queen of height 2, 3 and 4 (R5.2: at 2 it can only capture).
    pub low_height: [i32; 3],
    /// Per queen move.
    pub queen_move: i32,
    /// Per waiting piece that already has a clear line to the mover's queen.
    pub attacker: i32,
    /// Per unit of the babies' approach to the enemy queen.
    pub approach: i32,
    /// For having the move.
    pub tempo: i32,
}

/// The weights the levels play with.
pub const WEIGHTS: Weights = Weights {
    baby: 100,
    height: 30,
    low_height: [-300, -120, -40],
    queen_move: 1,
    attacker: 150,
    approach: 1,
    tempo: 10,
};

impl Weights {
    fn side(&self, t: &SideTerms) -> i32 {
        let low = match t.height {
            2 => self.low_height[0],
            3 => self.low_height[1],
            4 => self.low_height[2],
            _ => 0,
        };
        self.baby * t.babies
            + self.height * t.height
            + low
            + self.queen_move * t.queen_moves
            + self.approach * t.approach
    }
}

/// The position's value for the side to move, in hundredths of a baby.
#[must_use]
pub fn evaluate(pos: &Position, w: &Weights) -> i32 {
    let us = pos.turn();
    let them = us.other();
    let ours = side_terms(pos, us);
    let theirs = side_terms(pos, them);
    w.side(&ours) - w.side(&theirs) - w.attacker * theirs.attackers + w.tempo
}
