//! The bye of an odd field, fixed before the brackets as `bbpPairings` fixes it (C.2, C.4):
//! its receiver's score is the lowest score of a player who may take the bye (none so far)
//! with everybody else paired.
//!
//! `bbpPairings` finds it with one maximum-weight matching whose weights rank the pairings by
//! completion, then the bye's score, then the pairs within the top score group. Its weights
//! tie for most pairs, and the blossom search over them took hundreds of stages of several
//! hundred vertex scans each (7.6 s of the 8.7 s of a 1,001-player round). Here the same
//! answers come from matchings of equal weights (maximum cardinality, where nearly every
//! pair is tight at the start and the greedy start pairs almost everyone): the bye's vertex
//! is joined to the eligible players of the lowest score, then of the next score up (re-solved
//! from the previous matching), until everybody is paired.

use super::state::Field;
use super::weights::compatible;
use crate::dense_matching::DenseMatching;
use crate::model::HalfPoints;

/// The bye's receiver as the brackets need it.
pub(super) struct Bye {
    /// The receiver's score.
    pub score: HalfPoints,
    /// The receiver is in the top score group and every other player of that group can be
    /// paired within it: then the receiver is the first bracket's single downfloater.
    pub single_downfloater: bool,
}

/// The bye of `field` (an odd number of entrants), or `None` if no player who may take the
/// bye can take it with everybody else paired without breaking an absolute criterion.
pub(super) fn bye(field: &Field) -> Option<Bye> {
    let e = &field.entrants;
    let k = e.len();
    let top = e.first()?.score;
    // Vertex `k` is the bye.
    let mut matching = DenseMatching::<i128>::new(k + 1);
    for p in 0..k {
        for o in 0..p {
            if compatible(field, o, p) {
                matching.set(p, o, 2);
            }
        }
    }
    let mut scores: Vec<HalfPoints> = e.iter().map(|p| p.score).collect();
    scores.sort_unstable();
    scores.dedup();
    let mut found = None;
    for s in scores {
        for v in (0..k).filter(|&v| e[v].score == s && e[v].bye_eligible) {
            matching.set(v, k, 2);
        }
        let mate = matching.solve();
        if mate.iter().enumerate().all(|(v, &m)| m != v) {
            found = Some(e[mate[k]].score);
            break;
        }
    }
    let score = found?;
    let single_downfloater = score >= top && top_group_pairs_within(field, k);
    Some(Bye {
        score,
        single_downfloater,
    })
}

/// Whether, with the bye to an eligible player, everybody else paired, every player of the
/// top score group but one can be paired within the group: a matching of most pairs, then
/// most pairs of two top scorers.
fn top_group_pairs_within(field: &Field, k: usize) -> bool {
    let e = &field.entrants;
    let top = e[0].score;
    // Even weights keep the greedy start of the matching (see `DenseMatching::prepare`).
    let pair = 2 * (i128::try_from(k).unwrap_or(i128::MAX / 8) + 2);
    let mut matching = DenseMatching::<i128>::new(k + 1);
    for p in 0..k {
        for o in 0..p {
            if compatible(field, o, p) {
                let both_top = e[p].score >= top && e[o].score >= top;
                matching.set(p, o, pair + 2 * i128::from(both_top));
            }
        }
        if e[p].bye_eligible {
            matching.set(p, k, pair);
        }
    }
    let mate = matching.solve();
    (0..k)
        .take_while(|&v| e[v].score >= top)
        .all(|v| mate[v] == k || e[mate[v]].score >= top)
}
