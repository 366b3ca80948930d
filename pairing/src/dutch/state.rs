//! What the bracket-by-bracket pairing needs to know of each active player, computed once
//! from the history: score, pairing number, colours, floats, bye eligibility, opponents.

use crate::colour::{ColourState, Strength};
use crate::model::{Colour, HalfPoints, History, Outcome, Player, PlayerId};

/// The float a player received in a past round (FIDE C.04.3 A.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Float {
    /// Paired with a lower score, or scored more than a loss without playing (the bye, a
    /// forfeit win).
    Down,
    /// Paired with a higher score.
    Up,
    /// Paired within the score group, or no such round.
    None,
}

/// One active player as the pairing sees it.
#[derive(Debug, Clone)]
pub(super) struct Entrant {
    /// The player's index in the tournament.
    pub player: usize,
    /// Points so far, in half points.
    pub score: HalfPoints,
    /// 1-based initial rank (rating descending, then id).
    pub pairing_number: usize,
    /// Colour history and preference.
    pub colour: ColourState,
    /// The floats of the last round and of the round before.
    pub floats: [Float; 2],
    /// No pairing-allocated bye and no win without playing so far (C.2).
    pub bye_eligible: bool,
    /// Games played over the board.
    pub played: usize,
}

impl Entrant {
    /// The preferred colour, `None` before the first game played.
    pub fn preference(&self) -> Option<Colour> {
        (self.colour.strength != Strength::None).then_some(self.colour.preference)
    }

    /// Colour difference beyond ±1.
    pub fn absolute_imbalance(&self) -> bool {
        self.colour.difference.abs() > 1
    }

    /// An absolute colour preference (A.6.a).
    pub fn absolute_preference(&self) -> bool {
        self.colour.strength == Strength::Absolute
    }

    /// A strong colour preference (A.6.b), not absolute.
    pub fn strong_preference(&self) -> bool {
        self.colour.strength == Strength::Strong
    }

    /// |whites − blacks|.
    pub fn imbalance(&self) -> u32 {
        self.colour.difference.unsigned_abs()
    }

    /// The colour of the last two played games when they were the same.
    pub fn repeated_colour(&self) -> Option<Colour> {
        let h = &self.colour.history;
        (h.len() >= 2 && h[h.len() - 1] == h[h.len() - 2]).then(|| h[h.len() - 1])
    }
}

/// The active players in rank order (score, then pairing number), and who has played whom.
pub(super) struct Field {
    /// Active players, highest ranked first.
    pub entrants: Vec<Entrant>,
    /// `met[i][j]`: entrants `i` and `j` played a game over the board (C.1).
    pub met: Vec<Vec<bool>>,
    /// Rounds in the history.
    pub played_rounds: usize,
    /// When pairing the last round: players scoring more than this (half points) are
    /// topscorers (A.7), who may meet with the same absolute colour preference (C.3).
    pub topscorers_above: Option<HalfPoints>,
}

impl Field {
    /// The field for the next round of `players` after `history` (ids already checked), in
    /// a tournament of `total_rounds` rounds if known.
    pub fn new(players: &[Player], history: &History, total_rounds: Option<usize>) -> Self {
        let n = players.len();
        let records = history.records(n);
        let pairing_number = pairing_numbers(players);
        let floats = past_floats(history, n);
        let mut entrants: Vec<Entrant> = (0..n)
            .filter(|&p| players[p].active)
            .map(|p| {
                let rec = &records[p];
                Entrant {
                    player: p,
                    score: rec.score,
                    pairing_number: pairing_number[p],
                    colour: ColourState::of(rec),
                    floats: floats[p],
                    bye_eligible: rec.byes == 0 && rec.forfeit_wins == 0,
                    played: rec.colours.len(),
                }
            })
            .collect();
        entrants.sort_by(|a, b| {
            b.score
                .cmp(&a.score)
                .then(a.pairing_number.cmp(&b.pairing_number))
        });
        let mut index = vec![usize::MAX; n];
        for (i, e) in entrants.iter().enumerate() {
            index[e.player] = i;
        }
        let k = entrants.len();
        let mut met = vec![vec![false; k]; k];
        for round in &history.rounds {
            for g in round.games.iter().filter(|g| g.result.was_played()) {
                let (a, b) = (index[g.white.0], index[g.black.0]);
                if a < k && b < k {
                    met[a][b] = true;
                    met[b][a] = true;
                }
            }
        }
        Field {
            entrants,
            met,
            played_rounds: history.len(),
            topscorers_above: total_rounds
                .filter(|&t| history.len() + 1 >= t)
                .map(|_| HalfPoints::try_from(history.len()).unwrap_or(HalfPoints::MAX)),
        }
    }
}

/// For each player, the floats of the last round and of the round before. A player who did
/// not play a game over the board in a round floated down in it if it scored more than a loss
/// (the bye, a forfeit win), and did not float if it scored nothing (a forfeit loss, an
/// absence): `bbpPairings`'s reading of A.4.b (see `docs/pairing.md`).
fn past_floats(history: &History, n: usize) -> Vec<[Float; 2]> {
    let mut score = vec![0 as HalfPoints; n];
    let mut out = vec![[Float::None, Float::None]; n];
    for round in 0..history.len() {
        let mut this = vec![Float::None; n];
        for (p, f) in this.iter_mut().enumerate() {
            let outcome = history.outcome(round, PlayerId(p));
            if let Outcome::Game {
                opponent, result, ..
            } = outcome
                && result.was_played()
            {
                let o = score[opponent.0];
                *f = match score[p].cmp(&o) {
                    std::cmp::Ordering::Greater => Float::Down,
                    std::cmp::Ordering::Less => Float::Up,
                    std::cmp::Ordering::Equal => Float::None,
                };
            } else if outcome.half_points() > 0 {
                *f = Float::Down;
            }
        }
        for (p, s) in score.iter_mut().enumerate() {
            *s += history.outcome(round, PlayerId(p)).half_points();
        }
        for (p, f) in this.into_iter().enumerate() {
            out[p] = [f, out[p][0]];
        }
    }
    out
}

/// Each player's pairing number (the initial ranking, from 1): rating, highest first, then id.
pub(super) fn pairing_numbers(players: &[Player]) -> Vec<usize> {
    let mut by_rating: Vec<usize> = (0..players.len()).collect();
    by_rating.sort_by(|&a, &b| {
        players[b]
            .rating
            .total_cmp(&players[a].rating)
            .then(a.cmp(&b))
    });
    let mut pairing_number = vec![0usize; players.len()];
    for (i, &p) in by_rating.iter().enumerate() {
        pairing_number[p] = i + 1;
    }
    pairing_number
}
