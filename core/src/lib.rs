//! The rules of **Monkey Queen** (Mark Steere), as specified in the project's `RULES.md`.
//!
//! This crate has no I/O: it knows squares, pieces, moves and positions, the move notation
//! (R9), a one-line text form of positions, game records and `perft`; the computer opponent
//! ([`search`]), game analysis ([`analysis`]) and puzzles ([`puzzle`]).
//!
//! ```
//! use monkey_queen_core::{GameOptions, Position};
//!
//! let mut pos = Position::start(GameOptions::default());
//! assert_eq!(pos.legal_moves().len(), 33); // R10
//! let played = pos.play_str("g1g7").unwrap();
//! assert_eq!(played.to_string(), "g1-g7");
//! assert_eq!(pos.height(monkey_queen_core::Color::White), Some(19));
//! ```

pub mod analysis;
mod by_origin;
mod color;
mod direction;
mod error;
mod lines;
mod moves;
mod options;
mod perft;
mod position;
pub mod puzzle;
mod record;
pub mod search;
mod square;
mod square_set;
mod text;

pub use by_origin::{MovesByOrigin, PieceMoves};
pub use color::{Color, Piece, Role};
pub use error::{IllegalMove, MoveError, ParseError, RecordError, SetupError};
pub use moves::{Move, MoveText};
pub use options::{GameOptions, OptionsError};
pub use perft::perft;
pub use position::{Outcome, Position, Setup, WinReason};
pub use record::Record;
pub use square::Square;
