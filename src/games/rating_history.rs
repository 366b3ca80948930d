//! A player's rating over time: where they started and their rating after each rated game.

use super::{GameService, Result, UserId};
use crate::model::RatingAfterGame;
use crate::rating::Rating;
use crate::storage;

/// The most ratings a history holds: the latest games.
pub const MAX_HISTORY: u32 = 200;

/// A player's ratings, oldest first.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingHistory {
    /// The rating the history starts from: a newcomer's, or the rating after the game before
    /// the first one kept (when there are more than [`MAX_HISTORY`]).
    pub start_rating: f64,
    /// Its deviation, when known.
    pub start_deviation: Option<f64>,
    /// The rating after each rated game.
    pub games: Vec<RatingAfterGame>,
}

impl GameService {
    /// `user`'s rating after each of their latest rated games, oldest first.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn rating_history(&self, user: UserId) -> Result<RatingHistory> {
        let mut conn = self.db.read().await?;
        let mut games = storage::rating_history(&mut conn, user, MAX_HISTORY + 1).await?;
        let (start_rating, start_deviation) = if games.len() > MAX_HISTORY as usize {
            let first = games.remove(0);
            (first.rating, first.deviation)
        } else {
            (Rating::NEWCOMER.rating, Some(Rating::NEWCOMER.deviation))
        };
        Ok(RatingHistory {
            start_rating,
            start_deviation,
            games,
        })
    }
}
