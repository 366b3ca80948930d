//! The transposition table: what earlier searches learned about a position, by Zobrist hash.

use crate::moves::Move;
use crate::square::Square;

/// How a stored score relates to the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact.
    Exact,
    /// The true value is at least the score (a beta cut-off).
    Lower,
    /// The true value is at most the score (no move reached alpha).
    Upper,
}

/// A move packed into two bytes: origin and destination square indices (`swap` is 0 → 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PackedMove {
    from: u8,
    to: u8,
}

impl PackedMove {
    /// Packs a move.
    pub fn of(m: Move) -> PackedMove {
        match m {
            Move::Normal { from, to, .. } => PackedMove {
                from: square_byte(from),
                to: square_byte(to),
            },
            Move::Swap => PackedMove { from: 0, to: 0 },
        }
    }

    /// Whether `m` is the packed move.
    pub fn matches(self, m: Move) -> bool {
        PackedMove::of(m) == self
    }
}

fn square_byte(sq: Square) -> u8 {
    sq.index() as u8
}

/// One stored result.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    /// The full hash, to tell collisions apart.
    pub key: u64,
    /// The best (or refuting) move found.
    pub mv: Option<PackedMove>,
    /// The score, mate scores counted from this position.
    pub score: i32,
    /// The depth searched.
    pub depth: i8,
    /// How `score` bounds the true value.
    pub bound: Bound,
}

/// A fixed-size table indexed by the low bits of the hash. A new entry replaces one of another
/// position, or a shallower one of the same position.
pub struct Table {
    entries: Vec<Option<Entry>>,
    mask: usize,
}

impl Table {
    /// A table with room for `capacity` entries, rounded up to a power of two and kept between
    /// 1 Ki and 1 Mi entries (24 MiB).
    pub fn new(capacity: usize) -> Table {
        let len = capacity.clamp(1024, 1 << 20).next_power_of_two();
        Table {
            entries: vec![None; len],
            mask: len - 1,
        }
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.entries[key as usize & self.mask].filter(|e| e.key == key)
    }

    /// Stores an entry, replacing a shallower one or one of another position.
    pub fn store(&mut self, entry: Entry) {
        let slot = &mut self.entries[entry.key as usize & self.mask];
        match slot {
            Some(old) if old.key == entry.key && old.depth > entry.depth => {
                if entry.mv.is_some() && old.mv.is_none() {
                    old.mv = entry.mv;
                }
            }
            _ => *slot = Some(entry),
        }
    }
}
