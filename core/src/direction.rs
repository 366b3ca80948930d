//! The eight directions pieces move in (R4.2), and walking along them.

use crate::square::{STRIDE, Square};

/// One of the eight directions a piece moves in (R4.2): one step along a rank, a file or a
/// diagonal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Direction {
    file: i8,
    rank: i8,
}

impl Direction {
    /// The eight directions, clockwise from up the board (towards rank 12). The first four
    /// run along one line each (file, diagonal, rank, anti-diagonal); the last four are the
    /// same lines the other way, in the same order.
    pub(crate) const ALL: [Direction; 8] = [
        Direction::new(0, 1),
        Direction::new(1, 1),
        Direction::new(1, 0),
        Direction::new(1, -1),
        Direction::new(0, -1),
        Direction::new(-1, -1),
        Direction::new(-1, 0),
        Direction::new(-1, 1),
    ];

    const fn new(file: i8, rank: i8) -> Direction {
        Direction { file, rank }
    }

    /// The change of file of one step: -1, 0 or 1.
    #[inline(always)]
    pub(crate) const fn file_step(self) -> i8 {
        self.file
    }

    /// The change of rank of one step: -1, 0 or 1.
    #[inline(always)]
    pub(crate) const fn rank_step(self) -> i8 {
        self.rank
    }

    /// The change of [`Square::index`] of one step.
    #[inline(always)]
    pub(crate) const fn offset(self) -> isize {
        self.rank as isize * STRIDE as isize + self.file as isize
    }

    /// How many squares lie beyond `from` this way on a `size`×`size` board.
    #[inline(always)]
    pub(crate) fn room(self, from: Square, size: u8) -> u8 {
        let along = |coord: u8, step: i8| match step {
            1 => size - 1 - coord,
            -1 => coord,
            _ => u8::MAX,
        };
        along(from.file(), self.file).min(along(from.rank(), self.rank))
    }

    /// The square `steps` steps from `from` this way. The caller keeps `steps` within
    /// [`room`](Self::room), so the square is on the board.
    #[inline(always)]
    pub(crate) const fn square_after(self, from: Square, steps: u8) -> Square {
        let index = from
            .index()
            .wrapping_add_signed(self.offset() * steps as isize);
        Square::from_index(index)
    }

    /// The direction from `from` to `to` and how many steps apart they are, when `to` lies
    /// on one of `from`'s lines (R4.2: the same rank, file or diagonal, not the same square).
    pub(crate) fn towards(from: Square, to: Square) -> Option<(Direction, u8)> {
        let df = i16::from(to.file()) - i16::from(from.file());
        let dr = i16::from(to.rank()) - i16::from(from.rank());
        let straight = df == 0 || dr == 0 || df.abs() == dr.abs();
        if !straight || (df == 0 && dr == 0) {
            return None;
        }
        let direction = Direction::new(df.signum() as i8, dr.signum() as i8);
        Some((direction, df.abs().max(dr.abs()) as u8))
    }
}

/// Calls `visit` with every square along the ray from `from` in direction `dir` on a
/// `size`×`size` board, nearest first, until it returns `false` or the board ends.
#[inline]
pub(crate) fn walk(from: Square, dir: Direction, size: u8, mut visit: impl FnMut(Square) -> bool) {
    for steps in 1..=dir.room(from, size) {
        if !visit(dir.square_after(from, steps)) {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name, 16).unwrap()
    }

    #[test]
    fn r4_2_eight_distinct_unit_steps_each_with_its_opposite() {
        for (i, dir) in Direction::ALL.into_iter().enumerate() {
            assert!((-1..=1).contains(&dir.file) && (-1..=1).contains(&dir.rank));
            assert_ne!((dir.file, dir.rank), (0, 0));
            let opposite = Direction::ALL[(i + 4) % 8];
            assert_eq!((opposite.file, opposite.rank), (-dir.file, -dir.rank));
            assert_eq!(Direction::ALL.iter().filter(|&&d| d == dir).count(), 1);
        }
    }

    #[test]
    fn r4_2_walks_stop_at_the_edge_of_each_board_size() {
        let from = sq("c3");
        let counts: Vec<usize> = Direction::ALL
            .into_iter()
            .map(|dir| {
                let mut n = 0;
                walk(from, dir, 12, |_| {
                    n += 1;
                    true
                });
                n
            })
            .collect();
        // Up, up-right, right, down-right, down, down-left, left, up-left on 12×12.
        assert_eq!(counts, [9, 9, 9, 2, 2, 2, 2, 2]);
        let mut seen = Vec::new();
        walk(from, Direction::ALL[1], 16, |s| {
            seen.push(s.to_string());
            seen.len() < 3
        });
        assert_eq!(seen, ["d4", "e5", "f6"], "nearest first, stops when told");
        assert_eq!(Direction::ALL[1].room(sq("a1"), 16), 15);
        assert_eq!(Direction::ALL[1].room(sq("a1"), 14), 13);
    }

    #[test]
    fn r4_2_towards_finds_lines_and_only_lines() {
        let (dir, steps) = Direction::towards(sq("g1"), sq("g7")).unwrap();
        assert_eq!((dir, steps), (Direction::ALL[0], 6));
        assert_eq!(dir.square_after(sq("g1"), steps), sq("g7"));
        let (dir, steps) = Direction::towards(sq("f6"), sq("b2")).unwrap();
        assert_eq!((dir, steps), (Direction::ALL[5], 4));
        assert_eq!(
            Direction::towards(sq("a1"), sq("b3")),
            None,
            "a knight's jump"
        );
        assert_eq!(
            Direction::towards(sq("d4"), sq("d4")),
            None,
            "the same square"
        );
    }
}
