//! Reading games back: show, lists, records and players.

use monkey_queen_core::{Move, Record};

use super::consistency::disagreement;
use super::standings::{Page, Window};
use super::view::{self, GameRecord, GameSummary, GameView};
use super::{
    ChannelId, GameId, GameRef, GameService, GameStatus, InternalError, Player, Result, UserError,
    UserId, Viewer,
};
use crate::storage;

impl GameService {
    /// A game as it stands: players, position, last move, result, deadline.
    ///
    /// # Errors
    /// [`UserError::NoSuchGame`]; internal errors.
    pub async fn game(&self, id: GameId) -> Result<GameView> {
        let mut conn = self.db.read().await?;
        let row = storage::game(&mut conn, id)
            .await?
            .ok_or(UserError::NoSuchGame(id))?;
        self.view(&mut conn, row).await
    }

    /// A game by reference: any game by id (anyone may look), or the user's only active game
    /// in a channel.
    ///
    /// # Errors
    /// [`UserError::NoSuchGame`], [`UserError::NoActiveGame`], [`UserError::SeveralGames`];
    /// internal errors.
    pub async fn find_game(&self, user: UserId, game: GameRef) -> Result<GameView> {
        let mut conn = self.db.read().await?;
        let row = self.resolve(&mut conn, user, game).await?;
        self.view(&mut conn, row).await
    }

    /// The moves `user` may play now in a game (by reference, as [`Self::find_game`]): the
    /// legal moves when it is their turn in an active game, none otherwise. What the move
    /// box suggests as they type; read without the last move a full view needs.
    ///
    /// # Errors
    /// [`UserError::NoSuchGame`], [`UserError::NoActiveGame`], [`UserError::SeveralGames`];
    /// internal errors.
    pub async fn moves_for(&self, user: UserId, game: GameRef) -> Result<Vec<Move>> {
        let mut conn = self.db.read().await?;
        let row = self.resolve(&mut conn, user, game).await?;
        let position = view::position_of(&row)?;
        let to_move = view::player_id(&row, position.turn());
        Ok(if row.status == GameStatus::Active && to_move == user {
            position.legal_moves()
        } else {
            Vec::new()
        })
    }

    /// A user's active games, oldest first; only those shown in `channel` when given (played
    /// there, or in their own thread when `channel` is that thread).
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn active_games(
        &self,
        user: UserId,
        channel: Option<ChannelId>,
    ) -> Result<Vec<GameSummary>> {
        let mut conn = self.db.read().await?;
        let rows = match channel {
            Some(channel) => super::active_in(&mut conn, user, channel).await?,
            None => storage::active_games(&mut conn, user).await?,
        };
        Ok(rows.iter().map(view::summary).collect())
    }

    /// A page of the viewer's active games where they ask, oldest first: those of the server
    /// they ask in, or, in direct messages, those played in direct messages. `page` is 0-based;
    /// a page past the end (games finished meanwhile) is the last page.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn games_in_progress(
        &self,
        viewer: Viewer,
        page: u32,
        page_size: u32,
    ) -> Result<Page<GameSummary>> {
        let mut conn = self.db.read().await?;
        let here: Vec<GameSummary> = storage::active_games(&mut conn, viewer.user)
            .await?
            .iter()
            .filter(|row| row.guild == viewer.guild)
            .map(view::summary)
            .collect();
        Ok(Window::new(page, page_size, here.len() as u64).slice(here))
    }

    /// Finished games, newest first: a user's, or everyone's when `user` is `None`.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn finished_games(
        &self,
        user: Option<UserId>,
        limit: u32,
    ) -> Result<Vec<GameSummary>> {
        let mut conn = self.db.read().await?;
        let rows = storage::finished_games(&mut conn, user, None, 0, limit).await?;
        Ok(rows.iter().map(view::summary).collect())
    }

    /// A game's record (options and moves, R9.3) with who played each move and when. The
    /// moves are replayed and must give the stored position, ply and swap flag.
    ///
    /// The game is read first and its moves after, while the game may be played on: the
    /// record is the game as read, with the moves up to its ply: a stored move never changes
    /// and a game's ply moves on in the transaction that stores its move, so those are
    /// exactly the moves it was read with. A move stored in between is left for the next read.
    ///
    /// # Errors
    /// [`UserError::NoSuchGame`]; internal errors, including a move list that does not replay
    /// or replays to something other than what is stored ([`InternalError::Corrupt`]).
    pub async fn record(&self, id: GameId) -> Result<GameRecord> {
        let mut conn = self.db.read().await?;
        let row = storage::game(&mut conn, id)
            .await?
            .ok_or(UserError::NoSuchGame(id))?;
        let mut moves = storage::moves(&mut conn, id).await?;
        moves.retain(|m| m.ply <= row.ply);
        let notations: Vec<&str> = moves.iter().map(|m| m.notation.as_str()).collect();
        let (record, position) =
            Record::from_moves(row.options, &notations).map_err(|e| InternalError::Corrupt {
                game: id,
                detail: e.to_string(),
            })?;
        if let Some(detail) = disagreement(&row, &record, &position) {
            return Err(InternalError::Corrupt { game: id, detail }.into());
        }
        let last_move = record.moves.last().copied();
        Ok(GameRecord {
            game: view::view(row, position, last_move),
            record,
            moves,
        })
    }

    /// A player's rating and counts, if they have played or been challenged.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn player(&self, user: UserId) -> Result<Option<Player>> {
        let mut conn = self.db.read().await?;
        Ok(storage::player(&mut conn, user).await?)
    }
}
