//! The Dutch pairing bracket by bracket, top down, ported from `bbpPairings`
//! (`src/swisssystems/dutch.cpp`, `computeMatching`, Apache-2.0, by Jeremy Bierema).
//!
//! One maximum-weight matching over all players keeps the whole round pairable. Then, for
//! each bracket (the moved-down players and one score group) the weights of its edges are
//! set by [`super::weights`], and the bracket's choices are fixed one at a time, each time
//! recomputing the matching with a small bonus that breaks ties in the Dutch order: which
//! moved-down players are paired and with whom (B.3), how many and which players are
//! exchanged between S1 and S2 (B.4, B.2), then S1's opponents from the top (B.1). A fixed
//! pair is locked in the graph; whoever is left unpaired moves down to the next bracket.

use super::graph::Graph;
use super::state::Field;
use super::weights::Layout;
use crate::matching::Weight;

/// The pairing of `field` as partner indices (`mate[i] == i`: the bye), or `None` if no
/// pairing keeps the absolute criteria and gives the bye (if any) to an eligible player.
/// `W` must hold `layout.width()` bits.
pub(super) fn pair<W: Weight>(field: &Field, layout: &mut Layout) -> Option<Vec<usize>> {
    let e = &field.entrants;
    let k = e.len();
    let width = layout.width(field.played_rounds);
    let max_weight = W::from_u64(1).shl(width - 2) - W::from_u64(1);
    let score = |v: usize| e[v].score;
    if k % 2 == 1 {
        // The bye's score first (C.2, C.4), then the weights that depend on it.
        let bye = super::bye::bye(field)?;
        layout.bye_score = bye.score;
        layout.single_downfloater_is_bye = bye.single_downfloater;
        let mut played: Vec<usize> = (0..k)
            .filter(|&v| score(v) == layout.bye_score)
            .map(|v| e[v].played)
            .collect();
        played.sort_unstable_by(|a, b| b.cmp(a));
        for (rank, p) in played.into_iter().enumerate() {
            layout.unplayed_rank.insert(p, rank as u64);
        }
    }
    // The bye's edges weigh as little as the lightest pair could (see [`Graph`]).
    let mut graph: Graph<W> = Graph::new(k, W::from_u64(1).shl(width - 4));
    for p in 0..k {
        for o in 0..p {
            graph.set(p, o, layout.weight(field, o, p, false, false));
        }
    }
    // A first matching without brackets, which the first bracket's re-solves start from (for
    // an odd field that is faster than solving afresh with the bracket's weights: 94 stages
    // and 5 dual steps against 110 and 87 in round 6 of 1,001 players). Can everybody be
    // paired? (An odd field's bye was checked above.)
    let first = graph.matching();
    if k.is_multiple_of(2) && first.iter().enumerate().any(|(v, &m)| m == v) {
        return None;
    }
    let mut mate: Vec<Option<usize>> = vec![None; k];
    let mut matched = vec![false; k];
    // The players of the current bracket and the next score group, as vertices.
    let mut vx: Vec<usize> = (0..k).take_while(|&v| score(v) >= score(0)).collect();
    let mut next = vx.len();
    // Moved-down players at the front of `vx`, and the first vertex of the score group.
    let mut sg_begin = 0usize;
    let mut sg_begin_vertex = 0usize;
    let gb = layout.group_bits;

    while vx.len() > 1 || next < k {
        let next_sg_begin = vx.len();
        let next_sg_begin_vertex = sg_begin_vertex + (next_sg_begin - sg_begin);
        let sg_iter = next;
        while next < k && score(next) >= score(sg_iter) {
            vx.push(next);
            next += 1;
        }
        let m = vx.len();
        let in_bracket = |v: usize| v >= sg_begin_vertex && v < next_sg_begin_vertex;

        // base[larger][smaller], larger >= sg_begin.
        let mut base = vec![vec![W::ZERO; m]; m];
        for larger in sg_begin..m {
            for smaller in 0..larger {
                base[larger][smaller] = layout.weight(
                    field,
                    vx[smaller],
                    vx[larger],
                    larger < next_sg_begin,
                    larger >= next_sg_begin,
                );
                graph.set(vx[larger], vx[smaller], base[larger][smaller]);
            }
        }
        let with_exchange_order = |base: &Vec<Vec<W>>,
                                   smaller: usize,
                                   larger: usize,
                                   smaller_rem: usize,
                                   rem_pairs: usize|
         -> W {
            let r = base[larger][smaller];
            if r == W::ZERO {
                return r;
            }
            let addend = W::from_u64(u64::from(smaller_rem < rem_pairs)).shl(2 * gb)
                - W::from_u64(smaller_rem as u64);
            r + addend.double()
        };

        let mut stable = graph.matching();

        // Choose the moved-down players to pair in this bracket.
        let mut md_score = 0;
        let mut remaining = 0usize;
        let mut remaining_matched = 0usize;
        for pi in 0..sg_begin {
            if pi == 0 || score(vx[pi]) < md_score {
                md_score = score(vx[pi]);
                remaining = 0;
                remaining_matched = 0;
                let mut q = pi;
                while q < m && score(vx[q]) >= md_score {
                    remaining += 1;
                    if in_bracket(stable[vx[q]]) {
                        remaining_matched += 1;
                    }
                    q += 1;
                }
            }
            if remaining_matched == 0 {
                continue;
            }
            let pv = vx[pi];
            if remaining <= remaining_matched {
                matched[pv] = true;
                continue;
            }
            remaining -= 1;
            if !in_bracket(stable[pv]) {
                for oi in sg_begin..next_sg_begin {
                    let w = base[oi][pi];
                    if w != W::ZERO {
                        graph.set(pv, vx[oi], w + W::from_u64(1));
                    }
                }
                stable = graph.matching();
            }
            if in_bracket(stable[pv]) {
                matched[pv] = true;
                remaining_matched -= 1;
                for oi in sg_begin..next_sg_begin {
                    let w = base[oi][pi];
                    if w != W::ZERO {
                        let bonus = (next_sg_begin - sg_begin) as u64 + 1;
                        graph.set(pv, vx[oi], w + W::from_u64(bonus));
                    }
                }
            }
        }

        // Choose the opponents of the moved-down players.
        for pi in 0..sg_begin {
            let pv = vx[pi];
            if !matched[pv] {
                continue;
            }
            let mut addend = m as u64;
            for oi in (sg_begin..next_sg_begin).rev() {
                let ov = vx[oi];
                if matched[ov] {
                    continue;
                }
                let w = base[oi][pi];
                if w != W::ZERO {
                    graph.set(pv, ov, w + W::from_u64(addend));
                    addend += 1;
                }
            }
            stable = graph.matching();
            let mv = stable[pv];
            matched[mv] = true;
            graph.finalize_pair(pv, mv, max_weight);
        }

        // The remainder: the score group's players paired within the bracket.
        let mut remainder: Vec<usize> = Vec::new();
        let mut rem_pairs = 0usize;
        for (pi, &pv) in vx.iter().enumerate().take(next_sg_begin).skip(sg_begin) {
            if stable[pv] < sg_begin_vertex {
                continue;
            }
            remainder.push(pi);
            if stable[pv] < pv {
                rem_pairs += 1;
            }
        }
        let first_group_end = rem_pairs;

        for (oj, &oi) in remainder.iter().enumerate() {
            for (pj, &pi) in remainder.iter().enumerate().take(oj) {
                graph.set(
                    vx[pi],
                    vx[oi],
                    with_exchange_order(&base, pi, oi, pj, rem_pairs),
                );
            }
        }
        stable = graph.matching();

        let exchanged_up =
            |stable: &Vec<usize>, v: usize| stable[v] <= v || stable[v] >= next_sg_begin_vertex;
        let exchange_count = if first_group_end < remainder.len() {
            let end = remainder[first_group_end];
            remainder
                .iter()
                .take_while(|&&pi| pi < end)
                .filter(|&&pi| exchanged_up(&stable, vx[pi]))
                .count()
        } else {
            0
        };

        // Lower players of S1 to exchange where possible.
        let mut left = exchange_count;
        let mut idx = first_group_end;
        while idx > 0 && left > 0 {
            let oi_start = idx;
            idx -= 1;
            let pi = remainder[idx];
            let pv = vx[pi];
            if stable[pv] > pv && stable[pv] < next_sg_begin_vertex {
                for &oi in &remainder[oi_start..] {
                    let w = with_exchange_order(&base, pi, oi, idx, rem_pairs);
                    if w != W::ZERO {
                        graph.set(pv, vx[oi], w - W::from_u64(1));
                    }
                }
                stable = graph.matching();
            }
            let exchange = exchanged_up(&stable, pv);
            left -= usize::from(exchange);
            for &oi in &remainder[idx + 1..] {
                if exchange {
                    base[oi][pi] = W::ZERO;
                }
                graph.set(
                    pv,
                    vx[oi],
                    with_exchange_order(&base, pi, oi, idx, rem_pairs),
                );
            }
        }

        // Higher players of S2 to exchange where possible.
        let mut left = exchange_count;
        let mut idx = first_group_end;
        while idx < remainder.len() && left > 1 {
            let pi = remainder[idx];
            let pv = vx[pi];
            let already = stable[pv] > pv && stable[pv] < next_sg_begin_vertex;
            if !already {
                for &oi in &remainder[idx + 1..] {
                    let w = with_exchange_order(&base, pi, oi, idx, rem_pairs);
                    if w != W::ZERO {
                        graph.set(pv, vx[oi], w + W::from_u64(1));
                    }
                }
                stable = graph.matching();
            }
            let exchange = stable[pv] > pv && stable[pv] < next_sg_begin_vertex;
            if exchange {
                left -= 1;
                for &oi in &remainder[..idx] {
                    base[pi][oi] = W::ZERO;
                    graph.set(pv, vx[oi], W::ZERO);
                }
                for oi in next_sg_begin..m {
                    base[oi][pi] = W::ZERO;
                    graph.set(pv, vx[oi], W::ZERO);
                }
            }
            if !already {
                for &oi in &remainder[idx + 1..] {
                    graph.set(
                        pv,
                        vx[oi],
                        with_exchange_order(&base, pi, oi, idx, rem_pairs),
                    );
                }
            }
            idx += 1;
        }

        // Fix who is exchanged and drop the exchange bonuses.
        for (pj, &pi) in remainder.iter().enumerate() {
            let pv = vx[pi];
            for &oi in &remainder[pj + 1..] {
                let ov = vx[oi];
                if stable[pv] <= pv
                    || stable[pv] >= next_sg_begin_vertex
                    || (stable[ov] > ov && stable[ov] < next_sg_begin_vertex)
                {
                    base[oi][pi] = W::ZERO;
                }
                graph.set(pv, ov, base[oi][pi]);
            }
        }

        // S1's opponents, from the top.
        for &pi in &remainder {
            let pv = vx[pi];
            if stable[pv] > pv && stable[pv] < next_sg_begin_vertex {
                let mut addend = 0u64;
                for &oi in remainder.iter().rev() {
                    let ov = vx[oi];
                    if oi <= pi || matched[ov] {
                        continue;
                    }
                    let w = base[oi][pi];
                    if w != W::ZERO {
                        graph.set(pv, ov, w + W::from_u64(addend));
                    }
                    addend += 1;
                }
                stable = graph.matching();
                let mv = stable[pv];
                matched[pv] = true;
                matched[mv] = true;
                graph.finalize_pair(pv, mv, max_weight);
            }
        }

        // The next bracket: the unpaired players of this one, then the next score group.
        let mut new_vx = Vec::new();
        sg_begin = 0;
        layout.single_downfloater_is_bye =
            k % 2 == 1 && sg_iter < k && layout.bye_score >= score(sg_iter);
        for (pi, &pv) in vx.iter().enumerate() {
            if pi < next_sg_begin && matched[pv] {
                mate[pv] = Some(stable[pv]);
                mate[stable[pv]] = Some(pv);
            } else {
                new_vx.push(pv);
                if pi < next_sg_begin {
                    sg_begin += 1;
                }
                if layout.single_downfloater_is_bye && score(stable[pv]) < score(sg_iter) {
                    layout.single_downfloater_is_bye = false;
                }
            }
        }
        vx = new_vx;
        sg_begin_vertex = next_sg_begin_vertex;
    }
    Some((0..k).map(|v| mate[v].unwrap_or(v)).collect())
}
