//! A move as played in a game and kept: the game's record, one ply at a time.

use super::{GameId, UserId};

/// One move of a game as it was played: what, by whom, when. (The move itself, as the
/// engine understands it, is `monkey_queen_core::Move`.)
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveRecord {
    /// The game.
    pub game: GameId,
    /// 1-based ply.
    pub ply: u32,
    /// Canonical notation (R9.1).
    pub notation: String,
    /// Who played it.
    pub player: UserId,
    /// When.
    pub played_ms: i64,
    /// The caller's idempotency key, if one was given.
    pub request_key: Option<String>,
}
