//! The check of stored games: every game replays to its stored position. At start, the active
//! games are checked in the background, page by page, so the faces answer from the start: each
//! page is read on a connection given back before its games are replayed, replayed as long work
//! (see [`CpuLimits`]), and followed by a yield. It stops at shutdown. A copy of the database
//! (`monkey-queen database copy`) checks every game the same way.

use std::collections::HashMap;
use std::time::Instant;

use monkey_queen_core::{Move, Position, Record};

use tokio::sync::{Semaphore, watch};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::{error, info};

use super::view::Mismatch;
use super::{CpuLimits, GameId, GameService, InternalError, Result};
use crate::model::MoveRecord;
use crate::storage::{self, GameRow};

/// Active games replayed at a time: a few milliseconds of CPU and of database time.
const PAGE: u32 = 100;

/// What the check of stored games found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GamesChecked {
    /// The active games replayed.
    pub games: u64,
    /// Those whose stored position disagrees with their moves (each is logged).
    pub mismatches: u64,
}

/// Starts the check of every active game on `tasks`, which gives up when `stop` is cancelled;
/// once it is done, what it found is sent on `checked`. Each mismatch is logged, then a
/// summary; a database failure is logged and ends the check.
pub fn spawn_check_games(
    service: GameService,
    cpu: CpuLimits,
    tasks: &TaskTracker,
    stop: CancellationToken,
    checked: watch::Sender<Option<GamesChecked>>,
) {
    tasks.spawn(async move {
        tokio::select! {
            biased;
            () = stop.cancelled() => {
                info!("shutting down: the check of stored games is left for the next start");
            }
            found = check_games(&service, &cpu) => {
                if let Some(found) = found {
                    checked.send_replace(Some(found));
                }
            }
        }
    });
}

/// Replays every active game, a page at a time, and logs any whose stored position disagrees
/// with its moves; `None` if the database failed.
async fn check_games(service: &GameService, cpu: &CpuLimits) -> Option<GamesChecked> {
    let started = Instant::now();
    let mut found = GamesChecked {
        games: 0,
        mismatches: 0,
    };
    let mut after = GameId(0);
    loop {
        let page = match check_page(service, cpu, after).await {
            Ok(Some(page)) => page,
            Ok(None) => break,
            Err(e) => {
                error!(error = %e, "could not check the stored games");
                return None;
            }
        };
        found.games += page.games as u64;
        found.mismatches += page.mismatches.len() as u64;
        for mismatch in page.mismatches {
            error!(%mismatch, "a stored game does not replay to its snapshot");
        }
        after = page.last;
        tokio::task::yield_now().await;
    }
    let took_ms = started.elapsed().as_millis();
    if found.mismatches == 0 {
        info!(
            games = found.games,
            took_ms, "every active game replays cleanly"
        );
    } else {
        let (games, mismatches) = (found.games, found.mismatches);
        error!(
            games,
            mismatches, took_ms, "some stored games do not replay"
        );
    }
    Some(found)
}

/// Checks the page of active games after `after`, on a turn of long work.
async fn check_page(
    service: &GameService,
    cpu: &CpuLimits,
    after: GameId,
) -> Result<Option<CheckedPage>> {
    let _long = super::take_turn(&cpu.long, super::TurnKind::Long)
        .await
        .map_err(|e| InternalError::Worker(e.to_string()))?;
    service.check_active_games(after, PAGE, &cpu.work).await
}

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
        let _turn = super::take_turn(cpu, super::TurnKind::Work)
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
fn replay_page(games: &[GameRow], moves: &[MoveRecord]) -> Vec<Mismatch> {
    let mut by_game: HashMap<GameId, Vec<&MoveRecord>> = HashMap::new();
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
pub(super) fn disagreement(row: &GameRow, record: &Record, position: &Position) -> Option<String> {
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
