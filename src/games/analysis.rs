//! Game analysis: the engine's verdict on a finished game, computed once and stored (a
//! finished game never changes), so a second request costs one read.
//!
//! The engine runs on a blocking thread while the caller's CPU limiter grants a turn, and
//! two requests for the same game at once compute it once: the second waits for the first.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use monkey_queen_core::analysis::{self, Analysis};
use tokio::sync::Semaphore;

use super::view::GameView;
use super::{GameId, GameService, GameStatus, InternalError, Result, UserError};
use crate::storage::{self, AnalysisRow};

/// A finished game and its analysis.
#[derive(Debug, Clone)]
pub struct GameAnalysis {
    /// The game, finished.
    pub game: GameView,
    /// The engine's scores of every position.
    pub analysis: Analysis,
}

/// The games being analysed right now, each with the lock its analysis holds.
#[derive(Debug, Clone, Default)]
pub(super) struct InFlight(Arc<Mutex<HashMap<GameId, Arc<tokio::sync::Mutex<()>>>>>);

impl InFlight {
    /// The lock of `game`'s analysis (a new one if none is running).
    fn lock_of(&self, game: GameId) -> Arc<tokio::sync::Mutex<()>> {
        let mut map = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        map.entry(game).or_default().clone()
    }

    /// Forgets `game`'s lock once nobody else holds or waits for it.
    fn release(&self, game: GameId, lock: Arc<tokio::sync::Mutex<()>>) {
        let mut map = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        // One reference in the map, one here: nobody else is waiting.
        if Arc::strong_count(&lock) <= 2 {
            map.remove(&game);
        }
    }
}

impl GameService {
    /// Whether `game` can be analysed: only finished games can (aborted games and games in
    /// progress have no result to explain).
    ///
    /// # Errors
    /// [`UserError::NotAnalysable`].
    pub(super) fn check_analysable(game: &GameView) -> std::result::Result<(), UserError> {
        match game.status {
            GameStatus::Finished => Ok(()),
            status => Err(UserError::NotAnalysable {
                game: game.id,
                status,
            }),
        }
    }

    /// A game that can be analysed (see [`GameService::check_analysable`]).
    ///
    /// # Errors
    /// [`UserError::NoSuchGame`], [`UserError::NotAnalysable`]; internal errors.
    pub(super) async fn analysable(&self, id: GameId) -> Result<GameView> {
        let game = self.game(id).await?;
        GameService::check_analysable(&game)?;
        Ok(game)
    }

    /// The analysis of a finished game: the stored one, or else the engine's, computed with
    /// [`ServiceConfig::analysis_nodes`](super::ServiceConfig::analysis_nodes) nodes a
    /// position on a blocking thread once `cpu` grants a turn, and stored.
    ///
    /// # Errors
    /// [`UserError::NoSuchGame`], [`UserError::NotAnalysable`]; internal errors, including a
    /// stored analysis that can't be read back.
    pub async fn analysis(&self, id: GameId, cpu: &Semaphore) -> Result<GameAnalysis> {
        let lock = self.analysing.lock_of(id);
        let result = {
            let _only = lock.lock().await;
            self.stored_or_computed(id, cpu).await
        };
        self.analysing.release(id, lock);
        result
    }

    /// The stored analysis of a finished game, without computing one.
    ///
    /// # Errors
    /// As [`GameService::analysis`].
    pub async fn stored_analysis(&self, id: GameId) -> Result<Option<GameAnalysis>> {
        let game = self.analysable(id).await?;
        let record = self.record(id).await?.record;
        let mut conn = self.db.read().await?;
        let Some(row) = storage::analysis(&mut conn, id).await? else {
            return Ok(None);
        };
        if row.nodes != self.config.analysis_nodes {
            return Ok(None);
        }
        let analysis =
            Analysis::from_text(&record, &row.scores).map_err(|e| InternalError::Corrupt {
                game: id,
                detail: e.to_string(),
            })?;
        Ok(Some(GameAnalysis { game, analysis }))
    }

    async fn stored_or_computed(&self, id: GameId, cpu: &Semaphore) -> Result<GameAnalysis> {
        if let Some(stored) = self.stored_analysis(id).await? {
            return Ok(stored);
        }
        let game = self.analysable(id).await?;
        let record = self.record(id).await?.record;
        let nodes = self.config.analysis_nodes;
        let analysis = {
            let _turn = super::take_turn(cpu, super::TurnKind::Work)
                .await
                .map_err(|e| InternalError::Worker(e.to_string()))?;
            tokio::task::spawn_blocking(move || analysis::analyse(&record, nodes))
                .await
                .map_err(|e| InternalError::Worker(e.to_string()))?
        };
        let row = AnalysisRow {
            nodes,
            scores: analysis.to_text(),
        };
        let mut conn = self.db.write().await?;
        storage::store_analysis(&mut conn, id, &row, self.now_ms()).await?;
        self.changed(id);
        Ok(GameAnalysis { game, analysis })
    }
}
