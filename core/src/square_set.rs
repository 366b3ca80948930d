//! Sets of squares, one bit per square.

use crate::square::{STRIDE, Square};

/// Words of 64 bits that hold one bit per [`Square::index`].
const WORDS: usize = STRIDE * STRIDE / 64;

/// A set of squares of any board size, one bit per [`Square::index`]; copying it is cheap.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub(crate) struct SquareSet([u64; WORDS]);

impl SquareSet {
    /// The set with no square.
    pub(crate) const EMPTY: SquareSet = SquareSet([0; WORDS]);

    /// Adds `sq` (idempotent).
    #[inline]
    pub(crate) fn insert(&mut self, sq: Square) {
        self.0[sq.index() / 64] |= 1 << (sq.index() % 64);
    }

    /// Takes `sq` out (idempotent).
    #[inline]
    pub(crate) fn remove(&mut self, sq: Square) {
        self.0[sq.index() / 64] &= !(1 << (sq.index() % 64));
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub(crate) fn contains(self, sq: Square) -> bool {
        self.0[sq.index() / 64] & (1 << (sq.index() % 64)) != 0
    }

    /// How many squares the set holds.
    #[inline]
    pub(crate) fn len(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = Squares;

    /// The squares in ascending [`Square::index`] order.
    #[inline]
    fn into_iter(self) -> Squares {
        Squares {
            words: self.0,
            word: 0,
        }
    }
}

/// The squares of a [`SquareSet`], in ascending [`Square::index`] order.
pub(crate) struct Squares {
    words: [u64; WORDS],
    word: usize,
}

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.word < WORDS {
            let bits = self.words[self.word];
            if bits != 0 {
                self.words[self.word] = bits & (bits - 1);
                return Some(Square::from_index(
                    self.word * 64 + bits.trailing_zeros() as usize,
                ));
            }
            self.word += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_every_square_of_the_widest_board_in_index_order() {
        let mut set = SquareSet::EMPTY;
        let all: Vec<Square> = (0..16)
            .flat_map(|rank| (0..16).map(move |file| Square::new(file, rank).unwrap()))
            .collect();
        for &sq in all.iter().rev() {
            set.insert(sq);
            set.insert(sq);
        }
        assert_eq!(set.len(), 256);
        assert_eq!(set.into_iter().collect::<Vec<_>>(), all);
        let (a1, p16) = (all[0], all[255]);
        set.remove(a1);
        set.remove(a1);
        assert!(!set.contains(a1) && set.contains(p16));
        assert_eq!(set.len(), 255);
        assert_eq!(SquareSet::EMPTY.into_iter().next(), None);
        assert_eq!(SquareSet::default(), SquareSet::EMPTY);
    }
}
