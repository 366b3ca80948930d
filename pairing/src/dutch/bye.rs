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

#[cfg(test)]
mod tests {
    use super::bye;
    use crate::dutch::pair_swiss;
    use crate::dutch::state::Field;
    use crate::dutch::weights::compatible;
    use crate::model::{Colour, GameResult, HalfPoints, History, Player};

    /// xorshift64*, enough for test data.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state >> 12;
        *state ^= *state << 25;
        *state ^= *state >> 27;
        state.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// Whether `rest` can be paired entirely with compatible pairs (exhaustive).
    fn perfect(field: &Field, rest: &[usize]) -> bool {
        let Some((&first, others)) = rest.split_first() else {
            return true;
        };
        others.iter().enumerate().any(|(i, &o)| {
            let mut left = others.to_vec();
            left.remove(i);
            compatible(field, first, o) && perfect(field, &left)
        })
    }

    /// The bye's score and the single-downfloater flag by exhaustive search.
    fn brute(field: &Field) -> Option<(HalfPoints, bool)> {
        let e = &field.entrants;
        let k = e.len();
        let top = e[0].score;
        let mut scores: Vec<HalfPoints> = e.iter().map(|p| p.score).collect();
        scores.sort_unstable();
        scores.dedup();
        let without = |r: usize, keep: &dyn Fn(usize) -> bool| -> Vec<usize> {
            (0..k).filter(|&v| v != r && keep(v)).collect()
        };
        let score = scores.into_iter().find(|&s| {
            (0..k).any(|r| {
                e[r].score == s && e[r].bye_eligible && perfect(field, &without(r, &|_| true))
            })
        })?;
        let flag = score >= top
            && (0..k).any(|r| {
                e[r].score >= top
                    && e[r].bye_eligible
                    && perfect(field, &without(r, &|v| e[v].score >= top))
                    && perfect(field, &without(r, &|v| e[v].score < top))
            });
        Some((score, flag))
    }

    #[test]
    fn the_bye_matches_exhaustive_search() {
        let mut rng = 0x0dd_f1e1d_u64;
        let mut checked = 0;
        for case in 0..150 {
            let n = 3 + 2 * (case % 5);
            let players: Vec<Player> = (0..n).map(|i| Player::new(i, 2000.0 - i as f64)).collect();
            let mut history = History::new();
            for _ in 0..=(case % 7) {
                let field = Field::new(&players, &history, None);
                let ours = bye(&field).map(|b| (b.score, b.single_downfloater));
                assert_eq!(
                    ours,
                    brute(&field),
                    "case {case}, round {}",
                    history.rounds.len() + 1
                );
                checked += 1;
                let Ok(mut round) = pair_swiss(&players, &history, Colour::White) else {
                    break;
                };
                for g in &mut round.games {
                    g.result = match next(&mut rng) % 10 {
                        0 => GameResult::WhiteForfeitWin,
                        1 => GameResult::BlackForfeitWin,
                        2 => GameResult::Draw,
                        3..=6 => GameResult::WhiteWin,
                        _ => GameResult::BlackWin,
                    };
                }
                history.rounds.push(round);
            }
        }
        assert!(checked > 300, "only {checked} rounds checked");
    }
}
