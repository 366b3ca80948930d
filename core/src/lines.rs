//! Occupancy by line: for every rank, file, diagonal and anti-diagonal, a 16-bit mask of the
//! occupied squares. Finding the first piece along a ray is then one bit scan instead of a
//! walk over empty squares.

use crate::direction::Direction;
use crate::square::Square;

const RANKS: usize = 0;
const FILES: usize = 1;
const DIAGONALS: usize = 2;
const ANTI_DIAGONALS: usize = 3;

/// Occupied squares, indexed by line.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct Lines([[u16; 32]; 4]);

impl Lines {
    pub(crate) const fn new() -> Lines {
        Lines([[0; 32]; 4])
    }

    /// Marks `sq` occupied (idempotent).
    pub(crate) fn occupy(&mut self, sq: Square) {
        for (kind, line, pos) in slots(sq) {
            self.0[kind][line] |= 1 << pos;
        }
    }

    /// Marks `sq` empty.
    pub(crate) fn vacate(&mut self, sq: Square) {
        for (kind, line, pos) in slots(sq) {
            self.0[kind][line] &= !(1 << pos);
        }
    }

    /// The number of steps from `from` in direction `dir` to the first occupied square, if
    /// there is one on the board.
    #[inline(always)]
    pub(crate) fn first_piece(&self, from: Square, dir: Direction) -> Option<u8> {
        let (kind, line, pos) = slot(from, dir);
        let mask = self.0[kind][line];
        let (df, dr) = (dir.file_step(), dir.rank_step());
        let forward = if df != 0 { df > 0 } else { dr > 0 };
        if forward {
            let ahead = u32::from(mask) >> (pos + 1);
            (ahead != 0).then(|| ahead.trailing_zeros() as u8 + 1)
        } else {
            let behind = u32::from(mask) & ((1 << pos) - 1);
            (behind != 0).then(|| (pos - (31 - behind.leading_zeros())) as u8)
        }
    }
}

/// The line a direction through `sq` runs along: (kind, line index, position on the line).
#[inline(always)]
fn slot(sq: Square, dir: Direction) -> (usize, usize, u32) {
    let (f, r) = (usize::from(sq.file()), usize::from(sq.rank()));
    match (dir.file_step(), dir.rank_step()) {
        (0, _) => (FILES, f, r as u32),
        (_, 0) => (RANKS, r, f as u32),
        (1, 1) | (-1, -1) => (DIAGONALS, f + 15 - r, f as u32),
        _ => (ANTI_DIAGONALS, f + r, f as u32),
    }
}

/// The four lines through `sq`: the first four directions run along one each.
fn slots(sq: Square) -> [(usize, usize, u32); 4] {
    [
        slot(sq, Direction::ALL[0]),
        slot(sq, Direction::ALL[1]),
        slot(sq, Direction::ALL[2]),
        slot(sq, Direction::ALL[3]),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_piece_in_every_direction() {
        let centre = Square::new(5, 5).unwrap();
        let mut lines = Lines::new();
        for (i, dir) in Direction::ALL.into_iter().enumerate() {
            lines.occupy(dir.square_after(centre, i as u8 % 3 + 1));
            // A farther piece on the same ray must not hide the nearer one.
            lines.occupy(dir.square_after(centre, 5));
        }
        for (i, dir) in Direction::ALL.into_iter().enumerate() {
            assert_eq!(
                lines.first_piece(centre, dir),
                Some(i as u8 % 3 + 1),
                "{dir:?}"
            );
        }
        let corner = Square::new(0, 0).unwrap();
        assert_eq!(lines.first_piece(corner, Direction::ALL[6]), None);
        lines.vacate(Square::new(5, 6).unwrap());
        assert_eq!(lines.first_piece(centre, Direction::ALL[0]), Some(5));
    }
}
