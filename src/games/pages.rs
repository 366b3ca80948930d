//! A game's web page: found by its unguessable key, with everything the page shows.
//!
//! The key is the permission, as on lichess: whoever has the address may watch the game, so
//! a face hands the address only to those who may see the game (see `visibility`).

use monkey_queen_core::Color;
use monkey_queen_core::analysis::Analysis;

use super::{GameService, GameView, Result, UserError, view};
use crate::model::{MoveRecord, PageKey};
use crate::storage;

/// Everything a game's page shows.
#[derive(Debug, Clone)]
pub struct GamePage {
    /// The game as it stands.
    pub game: GameView,
    /// Every move, first ply first.
    pub moves: Vec<MoveRecord>,
    /// White's and Black's ratings now, for players who have played a rated game.
    pub ratings: [Option<f64>; 2],
    /// The engine's analysis, once a finished game has one.
    pub analysis: Option<Analysis>,
    /// The colour the computer plays, in a game against it.
    pub computer: Option<Color>,
}

impl GameService {
    /// The page at `key`: `None` if no game has it.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn page(&self, key: &PageKey) -> Result<Option<GamePage>> {
        let (game, moves, players) = {
            let mut conn = self.db.read().await?;
            let Some(row) = storage::game_by_page_key(&mut conn, key).await? else {
                return Ok(None);
            };
            let mut moves = storage::moves(&mut conn, row.id).await?;
            // A move stored since the game was read is left for the next read (see
            // `GameService::record`): the page shows the game as read.
            moves.retain(|m| m.ply <= row.ply);
            let white = storage::player(&mut conn, row.white).await?;
            let black = storage::player(&mut conn, row.black).await?;
            let position = view::position_of(&row)?;
            let last = moves.last().map(|m| m.notation.as_str());
            let last_move = super::last_move_of(&row, &position, last)?;
            (view::view(row, position, last_move), moves, [white, black])
        };
        let ratings = players.map(|player| {
            player
                .filter(|p| p.rated_games > 0)
                .map(|p| p.rating.rating)
        });
        let analysis = if game.status == super::GameStatus::Finished {
            self.stored_analysis(game.id)
                .await?
                .map(|stored| stored.analysis)
        } else {
            None
        };
        let computer = [Color::White, Color::Black]
            .into_iter()
            .find(|&c| game.ai_level.is_some() && Some(game.player(c).id) == self.config.bot_user);
        Ok(Some(GamePage {
            computer,
            game,
            moves,
            ratings,
            analysis,
        }))
    }

    /// The latest games `user` played on the web, newest first, at most `limit`.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn web_games(&self, user: crate::model::UserId, limit: u32) -> Result<Vec<GameView>> {
        let mut conn = self.db.read().await?;
        let rows = storage::web_games(&mut conn, user, limit).await?;
        let mut games = Vec::with_capacity(rows.len());
        for row in rows {
            games.push(self.view(&mut conn, row).await?);
        }
        Ok(games)
    }

    /// The key of `game`'s page, given one now if it was stored before pages existed.
    ///
    /// # Errors
    /// [`UserError::NoSuchGame`]; internal errors.
    pub async fn page_key(&self, game: &GameView) -> Result<PageKey> {
        if let Some(key) = &game.page_key {
            return Ok(key.clone());
        }
        let mut conn = self.db.write().await?;
        storage::page_key(&mut conn, game.id, &PageKey::random())
            .await?
            .ok_or_else(|| UserError::NoSuchGame(game.id).into())
    }
}
