//! Round robin by Berger tables (FIDE C.05, Annex 1).
//!
//! With players numbered 1..=n (n even), player n is fixed and the others rotate. In round r
//! (1-based) list the others from `1 + (r-1)·n/2 (mod n-1)` onwards: the first of the list meets
//! player n, the k-th from the start meets the k-th from the end, the earlier one with White.
//! Player n has White in even rounds. For odd n a dummy player n+1 is added: whoever meets it
//! has the bye that round.
//!
//! A double round robin plays the table twice, the second cycle with colours reversed. As
//! Annex 1 advises, the last two rounds of the first cycle swap places: otherwise a player
//! whose colour in the first cycle's last round is the reverse of its first round's would play
//! one colour three times in a row across the two cycles.

use crate::error::PairingError;
use crate::model::{Game, PlayerId, Round};

/// All rounds of a single round robin for `n` players (ids `0..n`), by Berger tables.
///
/// There are `n-1` rounds for even `n` and `n` rounds for odd `n`; each pair meets once, and
/// for odd `n` each player has one bye. Each player's whites and blacks differ by at most one.
///
/// # Errors
/// [`PairingError::TooFewPlayers`] if `n < 2`.
pub fn round_robin(n: usize) -> Result<Vec<Round>, PairingError> {
    if n < 2 {
        return Err(PairingError::TooFewPlayers);
    }
    let size = n + n % 2; // with the dummy for odd n
    let fixed = size - 1; // 0-based index of the fixed player
    let m = size - 1; // players that rotate
    let half = size / 2;
    let mut rounds = Vec::with_capacity(m);
    for r in 0..m {
        let start = (r * half) % m;
        let at = |k: usize| (start + k) % m;
        let mut round = Round::default();
        let mut push = |white: usize, black: usize| {
            if white >= n {
                round.byes.push(PlayerId(black));
            } else if black >= n {
                round.byes.push(PlayerId(white));
            } else {
                round
                    .games
                    .push(Game::pending(PlayerId(white), PlayerId(black)));
            }
        };
        // Board 1: the fixed player has White in even rounds (1-based), i.e. odd `r`.
        if r % 2 == 1 {
            push(fixed, at(0));
        } else {
            push(at(0), fixed);
        }
        for k in 1..half {
            push(at(k), at(m - k));
        }
        rounds.push(round);
    }
    Ok(rounds)
}

/// All rounds of a double round robin for `n` players (ids `0..n`): the Berger table of
/// [`round_robin`] with its last two rounds swapped (FIDE C.05 Annex 1), then the table again
/// in its own order with colours reversed.
///
/// Each pair meets twice, once with each colour, once in each cycle; for odd `n` each player
/// has two byes, one in each cycle.
///
/// # Errors
/// [`PairingError::TooFewPlayers`] if `n < 2`.
pub fn double_round_robin(n: usize) -> Result<Vec<Round>, PairingError> {
    let table = round_robin(n)?;
    let mut first = table.clone();
    let len = first.len();
    if len >= 2 {
        first.swap(len - 2, len - 1);
    }
    let second = table.into_iter().map(|round| Round {
        games: round
            .games
            .iter()
            .map(|g| Game::pending(g.black, g.white))
            .collect(),
        byes: round.byes,
    });
    first.extend(second);
    Ok(first)
}
