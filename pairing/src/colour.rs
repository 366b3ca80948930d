//! Colour preferences and colour allocation (FIDE C.04.3 A.6 and E.1–E.5).

use crate::model::{Colour, PlayerRecord};

/// How much a player wants a colour (FIDE C.04.3 A.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    /// No game played yet: no preference.
    None,
    /// Colour difference 0: wants to alternate from the last game.
    Mild,
    /// Colour difference ±1: wants to even it out.
    Strong,
    /// Colour difference beyond ±1, or the same colour in the last two games.
    Absolute,
}

/// A player's colour situation before the round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColourState {
    /// Whites minus blacks over played games.
    pub difference: i32,
    /// Colours of the played games, oldest first.
    pub history: Vec<Colour>,
    /// The preferred colour (meaningless when `strength` is `None`).
    pub preference: Colour,
    /// How strong the preference is.
    pub strength: Strength,
}

impl ColourState {
    /// The colour state of a player with this record.
    #[must_use]
    pub fn of(record: &PlayerRecord) -> Self {
        let difference = record.colour_difference();
        let history = record.colours.clone();
        let last = history.last().copied();
        let last_two_same =
            history.len() >= 2 && history[history.len() - 1] == history[history.len() - 2];
        let (preference, strength) = match last {
            None => (Colour::White, Strength::None),
            Some(last) => {
                if difference > 1 {
                    (Colour::Black, Strength::Absolute)
                } else if difference < -1 {
                    (Colour::White, Strength::Absolute)
                } else if last_two_same {
                    (last.other(), Strength::Absolute)
                } else if difference == 1 {
                    (Colour::Black, Strength::Strong)
                } else if difference == -1 {
                    (Colour::White, Strength::Strong)
                } else {
                    (last.other(), Strength::Mild)
                }
            }
        };
        ColourState {
            difference,
            history,
            preference,
            strength,
        }
    }

    /// Whether giving this player `colour` keeps the absolute rules: the colour difference
    /// stays within ±2 and no colour is played three times in a row.
    #[must_use]
    pub fn allows(&self, colour: Colour) -> bool {
        let after = self.difference
            + match colour {
                Colour::White => 1,
                Colour::Black => -1,
            };
        let n = self.history.len();
        let third_in_a_row =
            n >= 2 && self.history[n - 1] == colour && self.history[n - 2] == colour;
        after.abs() <= 2 && !third_in_a_row
    }

    /// `true` if the player has a preference and `colour` is not it.
    #[must_use]
    pub fn unmet(&self, colour: Colour) -> bool {
        self.strength != Strength::None && self.preference != colour
    }

    /// `true` if the player has a strong or absolute preference and `colour` is not it.
    #[must_use]
    pub fn strong_unmet(&self, colour: Colour) -> bool {
        self.strength >= Strength::Strong && self.preference != colour
    }
}

/// The colour of the higher-ranked player `hi` against `lo`, or `None` if both colour
/// allocations break an absolute rule for one of them.
///
/// `hi_pairing_number` is `hi`'s 1-based pairing number (initial rank) and `initial` the
/// colour drawn by lot for pairing number 1 in round 1, both used by E.5.
#[must_use]
pub fn allocate(
    hi: &ColourState,
    lo: &ColourState,
    hi_pairing_number: usize,
    initial: Colour,
) -> Option<Colour> {
    let white_ok = hi.allows(Colour::White) && lo.allows(Colour::Black);
    let black_ok = hi.allows(Colour::Black) && lo.allows(Colour::White);
    match (white_ok, black_ok) {
        (false, false) => None,
        (true, false) => Some(Colour::White),
        (false, true) => Some(Colour::Black),
        (true, true) => Some(preferred(hi, lo, hi_pairing_number, initial)),
    }
}

/// FIDE C.04.3 E.1–E.5 for a pair where both allocations are allowed (`initial` as in
/// [`allocate`]).
pub(crate) fn preferred(
    hi: &ColourState,
    lo: &ColourState,
    hi_pairing_number: usize,
    initial: Colour,
) -> Colour {
    match (hi.strength, lo.strength) {
        // E.5: neither has a preference (no game played yet, in round 1 or later): the
        // higher-ranked player gets the initial colour with an odd pairing number, the other
        // with an even one (as `bbpPairings`'s `choosePlayerColor`).
        (Strength::None, Strength::None) => {
            if hi_pairing_number % 2 == 1 {
                initial
            } else {
                initial.other()
            }
        }
        // E.1: grant both preferences when they differ, or the only one there is.
        (_, Strength::None) => hi.preference,
        (Strength::None, _) => lo.preference.other(),
        _ if hi.preference != lo.preference => hi.preference,
        // E.2: grant the stronger preference.
        (a, b) if a > b => hi.preference,
        (a, b) if a < b => lo.preference.other(),
        // E.3: alternate to the most recent round in which they had different colours.
        _ => {
            let (h, l) = (&hi.history, &lo.history);
            for t in 1..=h.len().min(l.len()) {
                let (ch, cl) = (h[h.len() - t], l[l.len() - t]);
                if ch != cl {
                    return ch.other();
                }
            }
            // E.4: grant the higher-ranked player's preference.
            hi.preference
        }
    }
}
