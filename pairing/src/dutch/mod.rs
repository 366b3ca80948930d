//! Swiss pairing by the FIDE Dutch system (C.04.3).
//!
//! Every field is paired bracket by bracket as `bbpPairings` does ([`brackets`], [`weights`]:
//! a port of its `dutch.cpp`, Apache-2.0, by Jeremy Bierema), over one matching updated after
//! each change rather than recomputed ([`graph`]); an odd field's bye score is fixed first
//! ([`bye`]). Rounds where that finds no legal pairing with the bye to an eligible player are
//! paired by one matching over the whole round ([`global`]), which approximates the Dutch
//! order and may give a second bye.

mod brackets;
mod bye;
mod global;
mod graph;
mod state;
mod weights;

use bnum::types::{I256, I512, I1024};

use std::cmp::Ordering;

use crate::colour::{allocate, preferred};
use crate::error::PairingError;
use crate::matching::Weight;
use crate::model::{Colour, Game, History, Player, PlayerId, Round};
use state::Field;
use weights::Layout;

/// The pairings of the next round of a Swiss tournament (FIDE Dutch system, see the module
/// docs and `docs/pairing.md` for what is and is not implemented).
///
/// `initial_colour` is the colour of pairing number 1 in round 1, which the Dutch system has
/// drawn by lot before the first round (2016 text E.5; 2026 text Art. 5): the caller draws it
/// once per tournament and passes the same colour for every round, since later rounds use it
/// too, for two players who have not played a game yet (`XXC white1` / `XXC black1` in a
/// TRF file, see [`crate::Tournament::initial_colour`]).
///
/// Withdrawn players are not paired. With an odd number of active players one gets the
/// pairing-allocated bye. The result is deterministic: the same inputs give the same round.
///
/// # Errors
/// - [`PairingError::BadPlayerId`] if `players[i].id != PlayerId(i)`;
/// - [`PairingError::UnknownPlayer`] if the history names a player not in `players`;
/// - [`PairingError::TooFewPlayers`] if no player is active;
/// - [`PairingError::NoPairing`] if every pairing would repeat a game or break an absolute
///   colour rule.
pub fn pair_swiss(
    players: &[Player],
    history: &History,
    initial_colour: Colour,
) -> Result<Round, PairingError> {
    pair(players, history, None, initial_colour)
}

/// As [`pair_swiss`], in a tournament of `total_rounds` rounds: when the next round is the
/// last, topscorers (more than half the possible points) may be paired against an opponent
/// with the same absolute colour preference (C.3), as the Dutch system allows.
///
/// # Errors
/// As [`pair_swiss`].
pub fn pair_swiss_with_total(
    players: &[Player],
    history: &History,
    total_rounds: usize,
    initial_colour: Colour,
) -> Result<Round, PairingError> {
    pair(players, history, Some(total_rounds), initial_colour)
}

/// [`pair_swiss`] and [`pair_swiss_with_total`].
fn pair(
    players: &[Player],
    history: &History,
    total_rounds: Option<usize>,
    initial: Colour,
) -> Result<Round, PairingError> {
    check_ids(players, history)?;
    let active = players.iter().filter(|p| p.active).count();
    if active >= 2 {
        let field = Field::new(players, history, total_rounds);
        let mut layout = Layout::new(&field);
        let width = layout.width(field.played_rounds);
        let mate = if width + 4 <= <i128 as Weight>::BITS {
            brackets::pair::<i128>(&field, &mut layout)
        } else if width + 4 <= <I256 as Weight>::BITS {
            brackets::pair::<I256>(&field, &mut layout)
        } else if width + 4 <= <I512 as Weight>::BITS {
            brackets::pair::<I512>(&field, &mut layout)
        } else if width + 4 <= <I1024 as Weight>::BITS {
            brackets::pair::<I1024>(&field, &mut layout)
        } else {
            None
        };
        if let Some(mate) = mate {
            return Ok(round_of(&field, &mate, initial));
        }
    }
    global::pair_global(players, history, initial)
}

/// The round of a bracket pairing: colours by E.1–E.5 (`initial` the colour drawn by lot),
/// boards in rank order of the higher player, the unmatched player (if any) on the bye.
fn round_of(field: &Field, mate: &[usize], initial: Colour) -> Round {
    let e = &field.entrants;
    let mut round = Round::default();
    for (i, &j) in mate.iter().enumerate() {
        if j == i {
            round.byes.push(PlayerId(e[i].player));
        } else if i < j {
            // E.1–E.5; two topscorers with the same absolute preference: the one with the
            // larger colour difference gets it, else E.3–E.4 decide (as bbpPairings).
            let (hi, lo) = (&e[i].colour, &e[j].colour);
            let c = allocate(hi, lo, e[i].pairing_number, initial).unwrap_or(
                match e[i].imbalance().cmp(&e[j].imbalance()) {
                    Ordering::Less => lo.preference.other(),
                    Ordering::Greater => hi.preference,
                    Ordering::Equal => preferred(hi, lo, e[i].pairing_number, initial),
                },
            );
            let (w, b) = match c {
                Colour::White => (e[i].player, e[j].player),
                Colour::Black => (e[j].player, e[i].player),
            };
            round.games.push(Game::pending(PlayerId(w), PlayerId(b)));
        }
    }
    round
}
/// Checks that ids match positions and that the history names only known players.
pub(crate) fn check_ids(players: &[Player], history: &History) -> Result<(), PairingError> {
    for (position, p) in players.iter().enumerate() {
        if p.id != PlayerId(position) {
            return Err(PairingError::BadPlayerId { position, id: p.id });
        }
    }
    let n = players.len();
    for round in &history.rounds {
        for g in &round.games {
            for id in [g.white, g.black] {
                if id.0 >= n {
                    return Err(PairingError::UnknownPlayer(id));
                }
            }
        }
        if let Some(&id) = round.byes.iter().find(|id| id.0 >= n) {
            return Err(PairingError::UnknownPlayer(id));
        }
    }
    Ok(())
}
