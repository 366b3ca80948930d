//! Helpers shared by the integration tests: random tournaments and independent checks.

#![allow(dead_code, reason = "each test file uses a different part")]

use monkey_queen_pairing::{Colour, GameResult, History, Player, PlayerId, Round};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// `n` players with distinct random ratings.
pub fn random_players(rng: &mut SmallRng, n: usize) -> Vec<Player> {
    (0..n)
        .map(|i| Player::new(i, f64::from(rng.random_range(1000..2800u32))))
        .collect()
}

/// Random results for a freshly paired round: mostly decisive, some draws and forfeits.
pub fn play(rng: &mut SmallRng, round: &mut Round) {
    for g in &mut round.games {
        let x: f64 = rng.random();
        g.result = if x < 0.45 {
            GameResult::WhiteWin
        } else if x < 0.9 {
            GameResult::BlackWin
        } else if x < 0.95 {
            GameResult::Draw
        } else if x < 0.975 {
            GameResult::WhiteForfeitWin
        } else {
            GameResult::BlackForfeitWin
        };
    }
}

/// A fresh seeded generator.
pub fn rng(seed: u64) -> SmallRng {
    SmallRng::seed_from_u64(seed)
}

/// Colours of `p`'s played games, in order (forfeits don't count).
pub fn colours(history: &History, p: PlayerId) -> Vec<Colour> {
    let mut out = Vec::new();
    for r in &history.rounds {
        for g in &r.games {
            if let Some(c) = g.colour_of(p)
                && g.result.was_played()
            {
                out.push(c);
            }
        }
    }
    out
}

/// Whether `p` and `q` met in any round.
pub fn met(history: &History, p: PlayerId, q: PlayerId) -> bool {
    history
        .rounds
        .iter()
        .flat_map(|r| &r.games)
        .any(|g| g.result.was_played() && g.opponent_of(p) == Some(q))
}

/// Whether giving `p` `colour` next keeps the absolute colour rules.
pub fn allows(history: &History, p: PlayerId, colour: Colour) -> bool {
    let mut cs = colours(history, p);
    cs.push(colour);
    let diff: i32 = cs
        .iter()
        .map(|c| if *c == Colour::White { 1 } else { -1 })
        .sum();
    let n = cs.len();
    let three = n >= 3 && cs[n - 1] == cs[n - 2] && cs[n - 2] == cs[n - 3];
    diff.abs() <= 2 && !three
}

/// Whether `p` and `q` may be paired next round (C1 and the absolute colour rules).
pub fn compatible(history: &History, p: PlayerId, q: PlayerId) -> bool {
    !met(history, p, q)
        && ((allows(history, p, Colour::White) && allows(history, q, Colour::Black))
            || (allows(history, p, Colour::Black) && allows(history, q, Colour::White)))
}

/// Whether `players` (at most ~20) can all be paired among themselves, by bitmask search.
pub fn perfectly_pairable(history: &History, players: &[PlayerId]) -> bool {
    let k = players.len();
    assert!(k <= 24);
    if k % 2 == 1 {
        return false;
    }
    let mut memo = std::collections::HashMap::new();
    fn go(
        mask: u32,
        k: usize,
        ok: &dyn Fn(usize, usize) -> bool,
        memo: &mut std::collections::HashMap<u32, bool>,
    ) -> bool {
        if mask.count_ones() as usize == k {
            return true;
        }
        if let Some(&v) = memo.get(&mask) {
            return v;
        }
        let i = (0..k).find(|&i| mask & (1 << i) == 0).unwrap();
        let mut res = false;
        for j in i + 1..k {
            if mask & (1 << j) == 0 && ok(i, j) && go(mask | 1 << i | 1 << j, k, ok, memo) {
                res = true;
                break;
            }
        }
        memo.insert(mask, res);
        res
    }
    let ok = |i: usize, j: usize| compatible(history, players[i], players[j]);
    go(0, k, &ok, &mut memo)
}
