//! A player: who they are to the bot, their rating and their record, and their rating over
//! time.

use super::{GameId, UserId};
use crate::rating::Rating;

/// A player the bot knows: their name, rating and counts of finished games.
#[derive(Debug, Clone, PartialEq)]
pub struct Player {
    /// The Discord user.
    pub id: UserId,
    /// The display name seen last.
    pub name: String,
    /// The Glicko-2 rating, as of its last change (see [`Rating::at`]).
    pub rating: Rating,
    /// When the rating last changed; `None` before the first rated game.
    pub rated_ms: Option<i64>,
    /// Finished games (aborted ones excluded).
    pub games: u32,
    /// Of which rated.
    pub rated_games: u32,
    /// Won.
    pub wins: u32,
    /// Lost.
    pub losses: u32,
}

/// A player's rating after one of their rated games: a point of their rating history.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingAfterGame {
    /// The game.
    pub game: GameId,
    /// The rating after it.
    pub rating: f64,
    /// Its deviation; `None` for games rated before the history was kept.
    pub deviation: Option<f64>,
    /// When the game finished.
    pub recorded_ms: i64,
}
