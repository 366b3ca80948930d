//! Errors: a round that cannot be paired ([`PairingError`]) versus a TRF text that cannot be
//! read ([`TrfError`]).

use std::fmt;

use crate::model::PlayerId;

/// Why a round could not be paired.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PairingError {
    /// Fewer than two active players: there is nobody to pair.
    TooFewPlayers,
    /// `players[i].id` is not `PlayerId(i)`.
    BadPlayerId {
        /// The position in the player list.
        position: usize,
        /// The id found there.
        id: PlayerId,
    },
    /// The history names a player that is not in the player list.
    UnknownPlayer(PlayerId),
    /// No pairing exists without a repeat game or a breach of the absolute colour rules
    /// (FIDE C.04.3 C1–C3). No pairing was made.
    NoPairing,
    /// So many players or rounds that the pairing weights would not fit in 128 bits.
    TooLarge,
}

impl fmt::Display for PairingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairingError::TooFewPlayers => f.write_str("fewer than two active players to pair"),
            PairingError::BadPlayerId { position, id } => {
                write!(f, "player at position {position} has id {id}")
            }
            PairingError::UnknownPlayer(id) => {
                write!(f, "the history names player {id}, who is not in the list")
            }
            PairingError::NoPairing => f.write_str(
                "no pairing exists without a repeat game or three games of one colour in a row \
                 or a colour difference beyond 2",
            ),
            PairingError::TooLarge => f.write_str("too many players or rounds to pair"),
        }
    }
}

impl std::error::Error for PairingError {}

/// A TRF text that could not be read, with the 1-based line it failed on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfError {
    /// The 1-based line number.
    pub line: usize,
    /// What was wrong there.
    pub kind: TrfErrorKind,
}

/// What was wrong with a TRF line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrfErrorKind {
    /// A field that should be a number is not.
    BadNumber {
        /// The field's name.
        field: &'static str,
        /// The text found.
        text: String,
    },
    /// A `001` line too short to hold its fixed fields.
    TooShort,
    /// A round's colour is not `w`, `b` or `-`.
    BadColour(char),
    /// A round's result code is not one TRF defines (or not supported here).
    BadResult(char),
    /// Player numbers must run 1..=n without gaps or repeats.
    BadStartingRank(usize),
    /// A round names an opponent that is not in the file.
    UnknownOpponent(usize),
    /// Two players disagree about the game between them.
    Inconsistent {
        /// The other player's starting rank.
        opponent: usize,
    },
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TRF line {}: ", self.line)?;
        match &self.kind {
            TrfErrorKind::BadNumber { field, text } => {
                write!(f, "{field} `{text}` is not a number")
            }
            TrfErrorKind::TooShort => f.write_str("player line too short"),
            TrfErrorKind::BadColour(c) => write!(f, "colour `{c}` is not w, b or -"),
            TrfErrorKind::BadResult(c) => write!(f, "result code `{c}` is not supported"),
            TrfErrorKind::BadStartingRank(n) => {
                write!(f, "starting rank {n} is out of order or repeated")
            }
            TrfErrorKind::UnknownOpponent(n) => write!(f, "opponent {n} is not in the file"),
            TrfErrorKind::Inconsistent { opponent } => {
                write!(f, "disagrees with player {opponent} about their game")
            }
        }
    }
}

impl std::error::Error for TrfError {}
