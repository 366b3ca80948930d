//! The queue of finished rated games to mine, as the service keeps it: the next game claimed
//! with its record, the claim renewed, ended (its puzzles stored) or failed, and where each
//! game stands (see the module `storage::mining` for the claims themselves).

use monkey_queen_core::Record;
use monkey_queen_core::puzzle::Puzzle;
use tracing::warn;

use super::super::PuzzleService;
use super::super::catalogue::store_puzzles;
use crate::games::{GameId, InternalError, Result, ServiceError};
use crate::storage::{self, MiningClaim};

/// How long a claim of a game to mine holds unless renewed; a searcher renews it every
/// quarter of this while it searches.
pub const MINING_LEASE_MS: i64 = 120_000;

/// How many claims a game may have: one claimed that many times without its search ending
/// (each claimant died) is given up, marked failed.
pub const MINING_CLAIMS: u32 = 3;

/// The error a game given up after [`MINING_CLAIMS`] claims is marked with.
const UNFINISHED: &str = "its search never ended (every claim of it lapsed)";

/// A game claimed for its search, with its record (see [`PuzzleService::next_game_to_mine`]).
#[derive(Debug, Clone)]
pub struct GameToMine {
    /// The game.
    pub game: GameId,
    /// Its moves.
    pub record: Record,
    /// The claim.
    claim: MiningClaim,
}

/// Where the search of a finished rated game for puzzles stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PuzzleSearch {
    /// Not searched yet, and no searcher holds it.
    Waiting,
    /// A searcher holds it until then.
    Claimed {
        /// When the claim lapses unless renewed.
        until_ms: i64,
    },
    /// Searched; its puzzles are stored.
    Done,
    /// Its search failed, for this reason: it is not searched again.
    Failed(String),
}

impl PuzzleService {
    /// Claims the oldest finished rated game not searched yet that no other searcher holds,
    /// for [`MINING_LEASE_MS`], and reads its record; `None` when there is none. A game whose
    /// record does not replay is marked failed with its error, and the next one is claimed.
    /// The caller searches it (CPU work, under its limiter), renews the claim while it does,
    /// and reports with [`Self::mined`].
    ///
    /// # Errors
    /// Internal errors only (the claim, if made, lapses with its lease).
    pub async fn next_game_to_mine(&self) -> Result<Option<GameToMine>> {
        loop {
            let now = self.games.now_ms();
            let claim = {
                let mut conn = self.games.db.write().await?;
                let given_up =
                    storage::give_up_unfinished_searches(&mut conn, now, MINING_CLAIMS, UNFINISHED)
                        .await?;
                if given_up > 0 {
                    warn!(
                        given_up,
                        "gave up searching games whose searches never ended"
                    );
                }
                storage::claim_game_to_mine(&mut conn, now, now + MINING_LEASE_MS, MINING_CLAIMS)
                    .await?
            };
            let Some(claim) = claim else {
                return Ok(None);
            };
            match self.games.record(claim.game).await {
                Ok(record) => {
                    return Ok(Some(GameToMine {
                        game: claim.game,
                        record: record.record,
                        claim,
                    }));
                }
                Err(e @ ServiceError::Internal(InternalError::Database(_))) => return Err(e),
                Err(e) => {
                    warn!(game = %claim.game, error = %e, "a game to search for puzzles can't be read");
                    let mut conn = self.games.db.write().await?;
                    storage::finish_mining(&mut conn, claim, Some(&e.to_string())).await?;
                }
            }
        }
    }

    /// Stores the puzzles found in `job`'s game and marks it searched, in one transaction;
    /// returns how many puzzles were new, or `None` (nothing stored) if the claim lapsed and
    /// another searcher took the game.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn mined(&self, job: &GameToMine, found: &[Puzzle]) -> Result<Option<u64>> {
        let now = self.games.now_ms();
        let mut tx = self.games.db.begin_write().await?;
        if !storage::finish_mining(&mut tx, job.claim, None).await? {
            tx.rollback().await?;
            return Ok(None);
        }
        let added = store_puzzles(&mut tx, found, Some(job.game), now).await?;
        tx.commit().await?;
        crate::games::measures::game_mined(added);
        Ok(Some(added))
    }

    /// Where the search of `game` for puzzles stands; `None` unless it is a finished rated
    /// game (the only ones searched).
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn search_of(&self, game: GameId) -> Result<Option<PuzzleSearch>> {
        let mut conn = self.games.db.read().await?;
        let Some(row) = storage::mining_state(&mut conn, game).await? else {
            return Ok(None);
        };
        Ok(Some(match (row.searched, row.error, row.lease_ms) {
            (true, Some(error), _) => PuzzleSearch::Failed(error),
            (true, None, _) => PuzzleSearch::Done,
            (false, _, Some(until_ms)) if until_ms > self.games.now_ms() => {
                PuzzleSearch::Claimed { until_ms }
            }
            (false, _, _) => PuzzleSearch::Waiting,
        }))
    }

    /// Extends `job`'s claim by [`MINING_LEASE_MS`] from now; `false` if it is lost (another
    /// searcher took the game once it lapsed).
    pub(super) async fn renew_mining(&self, job: &GameToMine) -> Result<bool> {
        let lease_until = self.games.now_ms() + MINING_LEASE_MS;
        let mut conn = self.games.db.write().await?;
        Ok(storage::renew_mining_claim(&mut conn, job.claim, lease_until).await?)
    }

    /// Marks `job`'s game searched with `error`: its search failed, and it is not searched
    /// again. `false` if the claim was lost.
    pub(super) async fn mining_failed(&self, job: &GameToMine, error: &str) -> Result<bool> {
        let mut conn = self.games.db.write().await?;
        Ok(storage::finish_mining(&mut conn, job.claim, Some(error)).await?)
    }

    /// Gives `job`'s claim back unfinished and uncounted (the searcher is stopping), so that
    /// the game is searched again at once, here after a restart or by another process.
    pub(super) async fn release_mining(&self, job: &GameToMine) -> Result<bool> {
        let mut conn = self.games.db.write().await?;
        Ok(storage::release_mining_claim(&mut conn, job.claim).await?)
    }
}
