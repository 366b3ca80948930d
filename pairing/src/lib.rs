//! Tournament pairings for **Monkey Queen**: round robin (single or double) by Berger tables,
//! Swiss by the FIDE Dutch system (C.04.3) through maximum-weight matching, standings with
//! tie-breaks, and the FIDE Tournament Report File (TRF-16).
//!
//! This crate has no I/O and no async: it turns a player list and a [`History`] of rounds into
//! the next round, standings, or TRF text. `docs/pairing.md` says which rules are implemented.
//!
//! ```
//! use monkey_queen_pairing::{Colour, History, Player, pair_swiss};
//!
//! let players: Vec<Player> = (0..4).map(|i| Player::new(i, 2000.0 - i as f64)).collect();
//! // The initial colour, drawn by lot once per tournament: here White for player 0.
//! let round = pair_swiss(&players, &History::new(), Colour::White).unwrap();
//! // Round 1: top half against bottom half, colours alternating by board.
//! assert_eq!(round.games.len(), 2);
//! assert_eq!((round.games[0].white.0, round.games[0].black.0), (0, 2));
//! assert_eq!((round.games[1].white.0, round.games[1].black.0), (3, 1));
//! ```

#![warn(missing_docs)]

mod berger;
mod colour;
mod dense_matching;
mod dutch;
mod error;
#[allow(
    clippy::all,
    clippy::pedantic,
    reason = "vendored from the mwmatching crate; kept close to upstream"
)]
mod matching;
mod model;
mod standings;
mod trf;

pub use berger::{double_round_robin, round_robin};
pub use dutch::{pair_swiss, pair_swiss_with_total};
pub use error::{PairingError, TrfError, TrfErrorKind};
pub use model::{
    Colour, Game, GameResult, HalfPoints, History, Outcome, Player, PlayerId, PlayerRecord, Round,
};
pub use standings::{Standing, TieBreaks, standings};
pub use trf::{Tournament, read_trf, write_trf, write_trf_planned};
