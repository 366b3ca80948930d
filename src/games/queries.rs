//! Reading games back: show, lists, records, players, and the start-up consistency check.

use std::collections::HashMap;

use monkey_queen_core::{Move, Position, Record};
use tokio::sync::Semaphore;

use super::standings::{Page, Window};
use super::view::{self, GameRecord, GameSummary, GameView, Mismatch};
use super::{
    ChannelId, GameId, GameRef, GameService, InternalError, Player, Result, UserError, UserId,
    Viewer,
};
use crate::storage::{self, GameRow, MoveRow};

/// How long a process's claim of a computer's turn keeps others off it: twice the hardest
/// search's time limit, and short enough that a turn whose process died is soon taken up.
pub const COMPUTER_TURN_LEASE_MS: i64 = 10_000;

/// The most turns [`GameService::computer_turns`] returns at once: a sweep's work stays
/// bounded however many are owed, and the rest come up in the sweeps after.
pub const COMPUTER_TURNS_PER_SWEEP: u32 = 100;

/// Active games one call of [`GameService::verify_games`] replays at a time.
const CHECK_PAGE: u32 = 500;

/// One page of the check of active games (see [`GameService::check_active_games`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedPage {
    /// The page's last game: the next page starts after it.
    pub last: GameId,
    /// How many games the page replayed.
    pub games: usize,
    /// Those that disagree with their moves.
    pub mismatches: Vec<Mismatch>,
}

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

    /// The turns the computer owes that no process is thinking about: the active games
    /// where it is to move and nobody holds a live claim of its turn (see
    /// [`Self::claim_computer_turn`]), oldest first, at most [`COMPUTER_TURNS_PER_SWEEP`]. One
    /// query, through an index of those games alone.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn computer_turns(&self) -> Result<Vec<GameView>> {
        let Some(bot) = self.config.bot_user else {
            return Ok(Vec::new());
        };
        let mut conn = self.db.read().await?;
        let owed = storage::computer_turns(&mut conn, bot, self.now_ms(), COMPUTER_TURNS_PER_SWEEP)
            .await?;
        owed.into_iter()
            .map(|turn| {
                let position = view::position_of(&turn.game)?;
                let last_move =
                    super::last_move_of(&turn.game, &position, turn.last_move.as_deref())?;
                Ok(view::view(turn.game, position, last_move))
            })
            .collect()
    }

    /// Claims the computer's turn at `ply` of `game` for this process, for
    /// [`COMPUTER_TURN_LEASE_MS`]: `false` if the game moved on or another process holds the
    /// claim. With several bot processes, exactly one thinks about each turn; if it dies, the
    /// turn can be claimed again once the lease is over.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn claim_computer_turn(&self, game: GameId, ply: u32) -> Result<bool> {
        let mut conn = self.db.write().await?;
        let now = self.now_ms();
        let lease = COMPUTER_TURN_LEASE_MS;
        Ok(storage::claim_computer_turn(&mut conn, game, ply, now, lease).await?)
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
            None => storage::active_games(&mut conn, Some(user), None).await?,
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
        let here: Vec<GameSummary> = storage::active_games(&mut conn, Some(viewer.user), None)
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

    /// Remembers the thread a game is shown in: later boards go there.
    ///
    /// # Errors
    /// [`UserError::NoSuchGame`]; internal errors.
    pub async fn set_game_thread(&self, id: GameId, thread: ChannelId) -> Result<()> {
        let mut conn = self.db.write().await?;
        if storage::set_game_thread(&mut conn, id, thread).await? {
            Ok(())
        } else {
            Err(UserError::NoSuchGame(id).into())
        }
    }

    /// Rebuilds a page of the active games from their stored moves and compares each with its
    /// stored position, ply and swap flag: up to `limit` games with ids above `after`, in id
    /// order. The games and their moves are read in two queries on a connection given back
    /// before the replays, which run on a blocking thread once `cpu` grants a turn. `None` when
    /// no active game is left above `after`.
    ///
    /// # Errors
    /// Internal errors only (a mismatch is a result, not an error).
    pub async fn check_active_games(
        &self,
        after: GameId,
        limit: u32,
        cpu: &Semaphore,
    ) -> Result<Option<CheckedPage>> {
        let (games, moves) = {
            let mut conn = self.db.read().await?;
            let games = storage::active_games_after(&mut conn, after, limit).await?;
            let ids: Vec<GameId> = games.iter().map(|g| g.id).collect();
            (games, storage::moves_of_games(&mut conn, &ids).await?)
        };
        let Some(last) = games.last().map(|g| g.id) else {
            return Ok(None);
        };
        let count = games.len();
        let _turn = cpu
            .acquire()
            .await
            .map_err(|e| InternalError::Worker(e.to_string()))?;
        let mismatches = tokio::task::spawn_blocking(move || replay_page(&games, &moves))
            .await
            .map_err(|e| InternalError::Worker(e.to_string()))?;
        Ok(Some(CheckedPage {
            last,
            games: count,
            mismatches,
        }))
    }

    /// Every active game checked as [`Self::check_active_games`] does, page after page: the
    /// games that disagree (empty when all is well).
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn verify_games(&self) -> Result<Vec<Mismatch>> {
        let cpu = Semaphore::new(1);
        let (mut mismatches, mut after) = (Vec::new(), GameId(0));
        while let Some(page) = self.check_active_games(after, CHECK_PAGE, &cpu).await? {
            mismatches.extend(page.mismatches);
            after = page.last;
        }
        Ok(mismatches)
    }

    /// Like [`Self::verify_games`] for every game, finished and aborted ones too (after a copy
    /// of the database, say), page by page; also returns how many games were replayed.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn verify_every_game(&self) -> Result<(u64, Vec<Mismatch>)> {
        const PAGE: u32 = 500;
        let mut conn = self.db.read().await?;
        let (mut replayed, mut mismatches, mut after) = (0, Vec::new(), GameId(0));
        loop {
            let games = storage::games_after(&mut conn, after, PAGE).await?;
            let Some(last) = games.last() else {
                return Ok((replayed, mismatches));
            };
            after = last.id;
            replayed += games.len() as u64;
            let ids: Vec<GameId> = games.iter().map(|g| g.id).collect();
            let moves = storage::moves_of_games(&mut conn, &ids).await?;
            mismatches.extend(replay_page(&games, &moves));
        }
    }
}

/// Replays each game from its stored moves (`moves` holds those of every game, in any order);
/// the games that disagree with them.
///
/// The moves are read after the games, and other processes may play meanwhile. A move is
/// never changed once stored, and a game's ply moves on in the transaction that stores its
/// move, so the moves up to the game's ply as read are exactly those it was read with: those
/// are replayed, and a move played since is not taken for a disagreement.
fn replay_page(games: &[GameRow], moves: &[MoveRow]) -> Vec<Mismatch> {
    let mut by_game: HashMap<GameId, Vec<&MoveRow>> = HashMap::new();
    for m in moves {
        by_game.entry(m.game).or_default().push(m);
    }
    let mut mismatches = Vec::new();
    for row in games {
        let mut played = by_game.remove(&row.id).unwrap_or_default();
        played.sort_by_key(|m| m.ply);
        let notations: Vec<&str> = played
            .iter()
            .filter(|m| m.ply <= row.ply)
            .map(|m| m.notation.as_str())
            .collect();
        if let Some(detail) = replay_disagreement(row, &notations) {
            mismatches.push(Mismatch {
                game: row.id,
                detail,
            });
        }
    }
    mismatches
}

/// What is wrong with a stored game, judged by replaying its moves; `None` if nothing.
fn replay_disagreement(row: &GameRow, notations: &[&str]) -> Option<String> {
    match Record::from_moves(row.options, notations) {
        Ok((record, position)) => disagreement(row, &record, &position),
        Err(e) => Some(format!("stored moves do not replay: {e}")),
    }
}

/// How a stored game differs from its replayed record and final position; `None` if not.
fn disagreement(row: &GameRow, record: &Record, position: &Position) -> Option<String> {
    let replayed = position.to_text();
    if replayed != row.position {
        return Some(format!(
            "stored position `{}` but the moves give `{replayed}`",
            row.position
        ));
    }
    if position.ply() != row.ply {
        return Some(format!(
            "stored ply {} but {} moves",
            row.ply,
            position.ply()
        ));
    }
    let swapped = record.moves.contains(&Move::Swap);
    if swapped != row.swapped {
        return Some(format!(
            "stored swap flag {} but the moves say {swapped}",
            row.swapped
        ));
    }
    None
}
