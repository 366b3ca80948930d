//! The approximate Dutch pairing used when [`super::brackets`] finds no legal pairing: one
//! maximum-weight matching over the whole round.
//!
//! As in `bbpPairings`, every compatible pair of active players is an edge of a graph, and a
//! maximum-cardinality maximum-weight matching picks the pairing. Compatible means the two
//! never met (C1) and some colour allocation keeps both within the absolute colour rules (C3,
//! without the topscorer exception). A vertex for the bye is added when the number of players
//! is odd. Each edge's weight encodes the quality criteria lexicographically, highest first:
//!
//! 1. the bye goes to a player without a previous bye or forfeit win (C2, soft only when no one
//!    eligible can take it), and then to the lowest-ranked such player;
//! 2. score differences (C5–C7): the sum over pairs of the squared score difference, then the
//!    score group of the downfloater (lower groups float first);
//! 3. colour preferences: players not getting their preference (C10), then players not getting
//!    a strong preference (C11);
//! 4. repeated floats (C12–C15): a downfloater who floated down last round or the round before,
//!    an upfloater who floated up then;
//! 5. the Dutch order within a score group: S1's i-th player against S2's i-th (B.1, B.2).
//!
//! Each level's unit exceeds the largest total the levels below can reach over a whole
//! matching, so a better value at a higher level always wins.

use crate::colour::{ColourState, allocate};
use crate::error::PairingError;
use crate::matching::max_weight_matching;
use crate::model::{Colour, Game, HalfPoints, History, Player, PlayerId, PlayerRecord, Round};

/// A float a player received in a past round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Float {
    Down,
    Up,
}

/// The next round by one matching over the whole round, criteria as in the module docs. Also
/// the fallback when the bracket-by-bracket pairing finds no legal pairing (it then gives a
/// second bye only if no eligible player can take it).
///
/// # Errors
/// As [`super::pair_swiss`], less the id checks (done by the caller); `initial` is the
/// initial colour drawn by lot (E.5).
pub(super) fn pair_global(
    players: &[Player],
    history: &History,
    initial: Colour,
) -> Result<Round, PairingError> {
    let n = players.len();
    let records = history.records(n);

    let pairing_number = super::state::pairing_numbers(players);

    // Active players in rank order: score, then pairing number.
    let mut ranked: Vec<usize> = (0..n).filter(|&p| players[p].active).collect();
    ranked.sort_by(|&a, &b| {
        records[b]
            .score
            .cmp(&records[a].score)
            .then(pairing_number[a].cmp(&pairing_number[b]))
    });
    let k = ranked.len();
    match k {
        0 => return Err(PairingError::TooFewPlayers),
        1 => {
            return Ok(Round {
                games: Vec::new(),
                byes: vec![PlayerId(ranked[0])],
            });
        }
        _ => {}
    }

    let score: Vec<HalfPoints> = ranked.iter().map(|&p| records[p].score).collect();
    // Score groups: index of the group, position in it, and its size.
    let mut group = vec![0usize; k];
    let mut pos = vec![0usize; k];
    let mut group_size = Vec::new();
    for i in 0..k {
        if i > 0 && score[i] == score[i - 1] {
            group[i] = group[i - 1];
            pos[i] = pos[i - 1] + 1;
        } else {
            group[i] = if i == 0 { 0 } else { group[i - 1] + 1 };
            group_size.push(0);
        }
        group_size[group[i]] += 1;
    }
    let groups = group_size.len();
    let colours: Vec<ColourState> = ranked
        .iter()
        .map(|&p| ColourState::of(&records[p]))
        .collect();
    let floats = past_floats(history, n);

    // Tier sizes. `pairs` bounds the number of edges in any matching.
    let pairs = (k / 2 + 1) as i128;
    let max_diff = score.first().copied().unwrap_or(0).min(1 << 12) as i128;
    let tiers_max: [i128; 6] = [
        2 * k as i128 + 2,                                     // Dutch order
        6,                                                     // repeated floats
        2,                                                     // strong colour preferences
        2,                                                     // colour preferences
        max_diff * max_diff * groups as i128 + groups as i128, // score differences
        k as i128,                                             // bye: rank from the bottom
    ];
    let mut unit = [0i128; 7];
    unit[0] = 1;
    for t in 0..6 {
        let bound = if t == 5 { 1 } else { pairs };
        unit[t + 1] = tiers_max[t]
            .checked_mul(bound)
            .and_then(|x| x.checked_add(1))
            .and_then(|x| x.checked_mul(unit[t]))
            .ok_or(PairingError::TooLarge)?;
    }
    // The bye to an ineligible player costs one unit of the top tier; every weight stays
    // positive, and twice the largest fits (the matching doubles weights).
    let top = unit[6].checked_mul(4).ok_or(PairingError::TooLarge)? / 2;

    // Opponents met over the board: a forfeited game is no meeting (C.1).
    let mut played_with = vec![Vec::new(); n];
    for g in history.rounds.iter().flat_map(|r| &r.games) {
        if g.result.was_played() && g.white.0 < n && g.black.0 < n {
            played_with[g.white.0].push(g.black);
            played_with[g.black.0].push(g.white);
        }
    }
    let mut edges = Vec::with_capacity(k * (k - 1) / 2 + k);
    let mut met = vec![false; n];
    for i in 0..k {
        for &o in &played_with[ranked[i]] {
            if let Some(m) = met.get_mut(o.0) {
                *m = true;
            }
        }
        for j in i + 1..k {
            if met[ranked[j]] {
                continue; // C1
            }
            let (hi, lo) = (&colours[i], &colours[j]);
            let Some(c) = allocate(hi, lo, pairing_number[ranked[i]], initial) else {
                continue; // C3
            };
            let d = (score[i] - score[j]).min(1 << 12) as i128;
            let diff_pen = if d > 0 {
                d * d * groups as i128 + (groups - group[i]) as i128
            } else {
                0
            };
            let colour_pen = i128::from(hi.unmet(c)) + i128::from(lo.unmet(c.other()));
            let strong_pen =
                i128::from(hi.strong_unmet(c)) + i128::from(lo.strong_unmet(c.other()));
            let float_pen = if d > 0 {
                let f = |p: usize, want: Float| -> i128 {
                    let [last, before] = floats[p];
                    2 * i128::from(last == Some(want)) + i128::from(before == Some(want))
                };
                f(ranked[i], Float::Down) + f(ranked[j], Float::Up)
            } else {
                0
            };
            let order_pen = if group[i] == group[j] {
                let half = group_size[group[i]] / 2;
                let (a, b) = (pos[i], pos[j]);
                let same_side = (a < half) == (b < half);
                2 * (b - a).abs_diff(half) as i128 + i128::from(same_side)
            } else {
                (group_size[group[i]] - 1 - pos[i] + pos[j]) as i128
            };
            let penalty = order_pen * unit[0]
                + float_pen * unit[1]
                + strong_pen * unit[2]
                + colour_pen * unit[3]
                + diff_pen * unit[4];
            edges.push((i, j, top - penalty));
        }
        for &o in &played_with[ranked[i]] {
            if let Some(m) = met.get_mut(o.0) {
                *m = false;
            }
        }
    }
    let vertices = if k % 2 == 1 {
        for (i, &p) in ranked.iter().enumerate() {
            let rec: &PlayerRecord = &records[p];
            let ineligible = rec.byes > 0 || rec.forfeit_wins > 0;
            let penalty = (k - 1 - i) as i128 * unit[5] + i128::from(ineligible) * unit[6];
            edges.push((i, k, top - penalty));
        }
        k + 1
    } else {
        k
    };

    let mate = max_weight_matching(vertices, edges, true);
    let mut games = Vec::with_capacity(k / 2);
    let mut byes = Vec::new();
    for i in 0..k {
        match mate[i] {
            None => return Err(PairingError::NoPairing),
            Some(j) if j == k => byes.push(PlayerId(ranked[i])),
            Some(j) if j > i => {
                let c = allocate(&colours[i], &colours[j], pairing_number[ranked[i]], initial)
                    .ok_or(PairingError::NoPairing)?;
                let (w, b) = match c {
                    Colour::White => (ranked[i], ranked[j]),
                    Colour::Black => (ranked[j], ranked[i]),
                };
                games.push((i, Game::pending(PlayerId(w), PlayerId(b))));
            }
            Some(_) => {}
        }
    }
    // Boards: by the higher score in the pair, then the higher-ranked player.
    games.sort_by_key(|&(i, _)| i);
    Ok(Round {
        games: games.into_iter().map(|(_, g)| g).collect(),
        byes,
    })
}

/// For each player, the float received in the last round and in the round before.
/// A pairing-allocated bye counts as a downfloat.
fn past_floats(history: &History, n: usize) -> Vec<[Option<Float>; 2]> {
    let mut score = vec![0 as HalfPoints; n];
    let mut out = vec![[None, None]; n];
    for round in &history.rounds {
        let mut this = vec![None; n];
        for g in &round.games {
            let (w, b) = (g.white.0, g.black.0);
            if w < n && b < n && score[w] != score[b] {
                let (up, down) = if score[w] > score[b] { (b, w) } else { (w, b) };
                this[down] = Some(Float::Down);
                this[up] = Some(Float::Up);
            }
        }
        for b in &round.byes {
            if let Some(f) = this.get_mut(b.0) {
                *f = Some(Float::Down);
            }
        }
        for g in &round.games {
            for (p, c) in [(g.white.0, Colour::White), (g.black.0, Colour::Black)] {
                if let Some(s) = score.get_mut(p) {
                    *s += g.result.half_points(c);
                }
            }
        }
        for b in &round.byes {
            if let Some(s) = score.get_mut(b.0) {
                *s += 2;
            }
        }
        for (p, f) in this.into_iter().enumerate() {
            out[p] = [f, out[p][0]];
        }
    }
    out
}
