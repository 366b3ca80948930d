//! The edge weights of the bracket-by-bracket pairing, ported from `bbpPairings`
//! (`src/swisssystems/dutch.cpp`, `computeEdgeWeight`, Apache-2.0, by Jeremy Bierema).
//!
//! Every criterion of FIDE C.04.3, in order, is a bit field of the weight, highest first:
//! completion and bye eligibility (C.2, C.4), pairs and scores paired in the current bracket
//! and in the next (C.5–C.7), the unplayed games of the bye's receiver, the four colour
//! criteria (C.8–C.11), repeated floats (C.12–C.15) and their scores (C.16–C.19), and room at
//! the bottom for the order of transpositions and exchanges (set by [`super::brackets`]).
//! A field counting pairs is as wide as the largest score group needs; a field summing scores
//! gives each score group its own bits.

use std::collections::HashMap;

use super::state::{Entrant, Field, Float};
use crate::matching::Weight;
use crate::model::{Colour, HalfPoints};

/// Field widths and what the weights of one round depend on.
pub(super) struct Layout {
    /// Bits of a field that counts players of one score group.
    pub group_bits: u32,
    /// Bits of a field with one sub-field per score group.
    pub groups_bits: u32,
    /// Where each score's sub-field starts within a per-score-group field.
    pub shift: HashMap<HalfPoints, u32>,
    /// The score of the player who will get the bye (0 when there is none).
    pub bye_score: HalfPoints,
    /// Whether the bye's receiver is the only downfloater of the current bracket (then the
    /// player with the most played games is preferred for it).
    pub single_downfloater_is_bye: bool,
    /// Among players with the bye's score, the rank of each number of games played.
    pub unplayed_rank: HashMap<usize, u64>,
}

/// The bits needed to write `x`.
pub(super) fn bits(x: usize) -> u32 {
    usize::BITS - x.leading_zeros()
}

impl Layout {
    /// The layout for `field` (entrants in rank order, at least one).
    pub fn new(field: &Field) -> Self {
        let e = &field.entrants;
        let mut shift = HashMap::new();
        let (mut groups_bits, mut max_group, mut run) = (0u32, 0usize, 0usize);
        for i in (0..e.len()).rev() {
            run += 1;
            if i == 0 || e[i].score < e[i - 1].score {
                shift.insert(e[i].score, groups_bits);
                max_group = max_group.max(run);
                groups_bits += bits(run);
                run = 0;
            }
        }
        Layout {
            group_bits: bits(max_group),
            groups_bits,
            shift,
            bye_score: 0,
            single_downfloater_is_bye: false,
            unplayed_rank: HashMap::new(),
        }
    }

    /// The total width of a weight, with the two spare bits the matching needs.
    pub fn width(&self, played_rounds: usize) -> u32 {
        let floats = match played_rounds {
            0 => 0,
            1 => 1,
            _ => 2,
        };
        2 + 4 * self.group_bits
            + 2 * self.groups_bits
            + 4 * self.group_bits
            + floats * (2 * self.group_bits + 2 * self.groups_bits)
            + 3 * self.group_bits
            + 1
            + 2
    }

    /// A single 1 in the sub-field of `score`.
    fn unit<W: Weight>(&self, score: HalfPoints) -> W {
        W::from_u64(1).shl(self.shift.get(&score).copied().unwrap_or(0))
    }

    /// Whether `p` may receive the bye given the bye's score.
    fn bye_candidate(&self, p: &Entrant) -> bool {
        p.bye_eligible && p.score <= self.bye_score
    }

    /// The weight of the pair `hi` (higher ranked) – `lo`, or zero if they cannot meet.
    /// `in_current`: `lo` is in the current bracket; `in_next`: `lo` is in the next one.
    pub fn weight<W: Weight>(
        &self,
        field: &Field,
        hi_index: usize,
        lo_index: usize,
        in_current: bool,
        in_next: bool,
    ) -> W {
        let (hi, lo) = (&field.entrants[hi_index], &field.entrants[lo_index]);
        if !compatible(field, hi_index, lo_index) {
            return W::ZERO;
        }
        let (gb, gsb) = (self.group_bits, self.groups_bits);
        let one = |b: bool| W::from_u64(u64::from(b));
        let mut r = W::from_u64(
            1 + u64::from(!self.bye_candidate(hi)) + u64::from(!self.bye_candidate(lo)),
        );
        // C.5–C.7: pairs and scores in the current bracket, then in the next.
        r = r.shl(gb) + one(in_current);
        r = r.shl(gsb);
        if in_current {
            r += self.unit(hi.score);
        }
        r = r.shl(gb) + one(in_next);
        r = r.shl(gsb);
        if in_next {
            r += self.unit(hi.score);
        }
        // The bye's receiver: as few unplayed games as possible.
        r = r.shl(2 * gb);
        if self.single_downfloater_is_bye {
            for p in [hi, lo] {
                if p.score == self.bye_score {
                    r += W::from_u64(self.unplayed_rank.get(&p.played).copied().unwrap_or(0));
                }
            }
        }
        // C.8–C.11: colours (the lower player first, as in bbpPairings).
        for bit in colour_bits(lo, hi) {
            r = r.shl(gb) + one(in_current && bit);
        }
        let down = |p: &Entrant, back: usize| p.floats[back] == Float::Down;
        let up = |p: &Entrant, back: usize| p.floats[back] == Float::Up;
        let rounds_back: &[usize] = match field.played_rounds {
            0 => &[],
            1 => &[0],
            _ => &[0, 1],
        };
        // C.12–C.15: repeated floats.
        for &b in rounds_back {
            r = r.shl(gb);
            if in_current {
                r += one(down(lo, b)) + one(hi.score <= lo.score && down(hi, b));
            }
            r = r.shl(gb);
            if in_current {
                r += one(!(hi.score > lo.score && up(lo, b)));
            }
        }
        // C.16–C.19: the scores of repeated floaters.
        for &b in rounds_back {
            r = r.shl(gsb);
            if in_current {
                if down(lo, b) {
                    r += self.unit(lo.score);
                }
                if down(hi, b) {
                    r += self.unit(hi.score);
                }
            }
            r = r.shl(gsb);
            if in_current && !(up(lo, b) && hi.score > lo.score) {
                r += self.unit(hi.score);
            }
        }
        // Room for the order of exchanges and transpositions.
        r.shl(3 * gb + 1)
    }
}

/// C.1 and C.3: the two never played each other, and do not both have an absolute
/// preference for the same colour unless one is a topscorer in the last round.
pub(super) fn compatible(field: &Field, a: usize, b: usize) -> bool {
    let (p, q) = (&field.entrants[a], &field.entrants[b]);
    let topscorer = field
        .topscorers_above
        .is_some_and(|t| p.score > t || q.score > t);
    !field.met[a][b]
        && (!p.absolute_preference()
            || !q.absolute_preference()
            || p.preference() != q.preference()
            || topscorer)
}

/// The four colour criteria for `p` against `o`, each `true` when met.
fn colour_bits(p: &Entrant, o: &Entrant) -> [bool; 4] {
    let (pp, op) = (p.preference(), o.preference());
    let differ = pp != op;
    let repeat_ok = if p.imbalance() == o.imbalance() {
        p.repeated_colour().is_none() || p.repeated_colour() != o.repeated_colour()
    } else {
        let more = if p.imbalance() > o.imbalance() { o } else { p };
        more.repeated_colour() != pp.map(Colour::other)
    };
    [
        !p.absolute_imbalance() || !o.absolute_imbalance() || differ,
        !p.absolute_preference() || !o.absolute_preference() || differ || repeat_ok,
        differ || pp.is_none() || op.is_none(),
        (!p.strong_preference() && !p.absolute_preference())
            || (!o.strong_preference() && !o.absolute_preference())
            || (p.absolute_preference() && o.absolute_preference())
            || differ,
    ]
}

#[cfg(test)]
mod tests {
    use super::bits;

    #[test]
    fn bits_counts_the_binary_digits() {
        assert_eq!(
            [0, 1, 2, 3, 4, 7, 8, 64].map(bits),
            [0, 1, 2, 2, 3, 3, 4, 7]
        );
    }
}
