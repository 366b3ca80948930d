//! Puzzle mining: the puzzles of a finished game, each found by one search and confirmed by a
//! deeper one ([`mine`], the one function both the bot and `monkey-queen puzzles generate`
//! call); the queue of the bot's finished rated games to mine, claimed in the database
//! (`queue`); and the background job that mines them one at a time ([`PuzzleMiner`]).
//!
//! The queue is shared by every process on the database: each game is claimed by one
//! searcher for a lease ([`MINING_LEASE_MS`]) that it renews while it searches, so two
//! processes never search the same game, and the claim of a process that dies lapses with its
//! lease for another to take up. A game whose search fails (its record does not replay, its
//! puzzles can't be stored, the search panics) is marked searched with its error and skipped
//! from then on; one claimed [`MINING_CLAIMS`] times without its search ever ending is given
//! up the same way. A search stopped at shutdown gives its claim back, uncounted.

mod miner;
mod queue;

use monkey_queen_core::Record;
use monkey_queen_core::puzzle::{self, Config, Puzzle};

use super::PuzzleService;
use crate::games::{GameId, Result};
use crate::storage;

pub use miner::{MiningOutcome, PuzzleMiner};
pub use queue::{GameToMine, MINING_CLAIMS, MINING_LEASE_MS, PuzzleSearch};

/// How much deeper than the finding search the confirming search looks, unless told
/// otherwise (`docs/puzzles.md`, "Verification").
pub const CONFIRM_FACTOR: u64 = 4;

/// How hard mining looks: the search that finds puzzles, and the deeper one that confirms
/// each.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MiningDepth {
    /// The search that finds them.
    pub find: Config,
    /// The search each must pass again.
    pub confirm: Config,
}

impl MiningDepth {
    /// Finding with `nodes` per search, confirming with `confirm_factor` times as many.
    #[must_use]
    pub fn new(nodes: u64, confirm_factor: u64) -> MiningDepth {
        let find = Config {
            nodes,
            ..Config::default()
        };
        MiningDepth {
            find,
            confirm: find.deeper(confirm_factor),
        }
    }
}

impl Default for MiningDepth {
    /// [`Config::default`]'s search, confirmed [`CONFIRM_FACTOR`] times deeper.
    fn default() -> MiningDepth {
        MiningDepth::new(puzzle::DEFAULT_NODES, CONFIRM_FACTOR)
    }
}

impl PuzzleService {
    /// Every finished game, oldest first, for `monkey-queen puzzles generate --from` to mine.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn finished_games(&self) -> Result<Vec<GameId>> {
        let mut conn = self.games.db.read().await?;
        Ok(storage::finished_game_ids(&mut conn).await?)
    }
}

/// What mining a game gave.
#[derive(Debug, Clone, PartialEq)]
pub struct Mined {
    /// How many puzzles the first search found.
    pub found: usize,
    /// Those the deeper search confirmed, in the order played.
    pub confirmed: Vec<Puzzle>,
}

/// The puzzles of the finished game `record` (`label` names it in each puzzle's source),
/// found at `depth.find` and kept if they hold at `depth.confirm`. Plain blocking CPU work;
/// `stopped` is asked before each position's search: `None` as soon as it says yes.
#[must_use]
pub fn mine(
    record: &Record,
    label: &str,
    depth: &MiningDepth,
    stopped: &dyn Fn() -> bool,
) -> Option<Mined> {
    let found = puzzle::puzzles_in_game_until(record, label, &depth.find, stopped)?;
    let mut mined = Mined {
        found: found.len(),
        confirmed: Vec::with_capacity(found.len()),
    };
    for p in found {
        if stopped() {
            return None;
        }
        if puzzle::verify(&p, &depth.confirm).is_ok() {
            mined.confirmed.push(p);
        }
    }
    Some(mined)
}
