//! The puzzles stored: added (the starter set shipped with the bot, or those found in a
//! game), counted and read back as they start; and the JSON lines they are written as.

use monkey_queen_core::Move;
use monkey_queen_core::puzzle::Puzzle;

use super::{PuzzleService, PuzzleView, solution_of, view_of};
use crate::games::{GameId, InternalError, Result, UserError};
use crate::model::PuzzleId;
use crate::rating::Rating;
use crate::storage::{self, Conn, NewPuzzleRow};

/// A puzzle's rating starts at its generator's estimate plus this (the generator's scale
/// starts at 1000 and its commonest puzzles at 1150; players at 1500).
const RATING_OFFSET: f64 = 350.0;
/// A new puzzle's rating deviation: less sure than a newcomer's, so that a few solves move it.
const PUZZLE_DEVIATION: f64 = 250.0;

/// The starter set of puzzles shipped with the bot (see `assets/puzzles.jsonl`).
const STARTER_SET: &str = include_str!("../../../assets/puzzles.jsonl");

impl PuzzleService {
    /// Stores puzzles (a position already stored is skipped), as found in `game` if given;
    /// returns how many were new.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn add(&self, puzzles: &[Puzzle], game: Option<GameId>) -> Result<u64> {
        let now = self.games.now_ms();
        let mut tx = self.games.db.begin_write().await?;
        let added = store_puzzles(&mut tx, puzzles, game, now).await?;
        tx.commit().await?;
        Ok(added)
    }

    /// Stores the starter set of puzzles shipped with the bot (those not stored yet), so
    /// that a new bot has puzzles on its first day; returns how many were new.
    ///
    /// # Errors
    /// Internal errors, or a shipped line that can't be read.
    pub async fn add_starters(&self) -> Result<u64> {
        let puzzles = read_puzzle_lines(STARTER_SET).map_err(|e| InternalError::CorruptPuzzle {
            puzzle: PuzzleId(0),
            detail: format!("assets/puzzles.jsonl: {e}"),
        })?;
        self.add(&puzzles, None).await
    }

    /// How many puzzles there are.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn count(&self) -> Result<u64> {
        let mut conn = self.games.db.read().await?;
        Ok(storage::count_puzzles(&mut conn).await?)
    }

    /// Puzzle `id` as it starts, for anyone (its web page), and its solution.
    ///
    /// # Errors
    /// [`UserError::NoSuchPuzzle`]; internal errors.
    pub async fn get(&self, id: PuzzleId) -> Result<(PuzzleView, Vec<Move>)> {
        let mut conn = self.games.db.read().await?;
        let row = storage::puzzle(&mut conn, id)
            .await?
            .ok_or(UserError::NoSuchPuzzle(id))?;
        Ok((view_of(&row, 0, None, 0)?, solution_of(&row)?))
    }

    /// Whether puzzle `id` counts in Discord now: it is today's daily puzzle, or someone's
    /// open rated `/puzzle`. While it counts, nothing outside Discord judges moves in it or
    /// shows its solution (else anyone could read the answer off its web page).
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn counts(&self, id: PuzzleId) -> Result<bool> {
        let mut conn = self.games.db.read().await?;
        Ok(storage::puzzle_counts(&mut conn, id, self.today()).await?)
    }

    /// The first puzzle numbered `from` or after, if any (the web's "next puzzle").
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn first_from(&self, from: PuzzleId) -> Result<Option<PuzzleId>> {
        let mut conn = self.games.db.read().await?;
        Ok(storage::puzzle_from(&mut conn, from).await?)
    }

    /// The puzzles found in a stored game, by the ply of their position.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn of_game(&self, game: GameId) -> Result<Vec<(u32, PuzzleId)>> {
        let mut conn = self.games.db.read().await?;
        Ok(storage::puzzles_of_game(&mut conn, game).await?)
    }
}

/// Stores `puzzles` (a position already stored is skipped), as found in `game` if given, at
/// `now`; returns how many were new.
pub(super) async fn store_puzzles(
    conn: &mut Conn,
    puzzles: &[Puzzle],
    game: Option<GameId>,
    now: i64,
) -> Result<u64> {
    let mut added = 0;
    for p in puzzles {
        let position = p.position.to_text();
        let solution = moves_text(&p.solution);
        let themes: Vec<&str> = p.themes.iter().map(|t| t.name()).collect();
        let source = match game {
            Some(game) => format!("game {game}, ply {}", p.source.ply),
            None => format!("{}, ply {}", p.source.game, p.source.ply),
        };
        let new = NewPuzzleRow {
            position: &position,
            solution: &solution,
            themes: &themes.join(","),
            rating: Rating {
                rating: f64::from(p.rating) + RATING_OFFSET,
                deviation: PUZZLE_DEVIATION,
                volatility: Rating::NEWCOMER.volatility,
            },
            source: &source,
            game: game.map(|g| (g, p.source.ply)),
            created_ms: now,
        };
        if storage::insert_puzzle(conn, &new).await?.is_some() {
            added += 1;
        }
    }
    Ok(added)
}

fn moves_text(moves: &[Move]) -> String {
    moves
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A puzzle as one JSON line: its text form (`puzzle`, which [`read_puzzle_lines`] reads),
/// and its parts spelled out for people and other programs.
#[must_use]
pub fn puzzle_line(p: &Puzzle) -> String {
    serde_json::json!({
        "puzzle": p.to_string(),
        "solution": p.solution.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "themes": p.themes.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "rating": p.rating,
        "source": format!("{}, ply {}", p.source.game, p.source.ply),
    })
    .to_string()
}

/// The puzzles of JSON lines as [`puzzle_line`] writes them (blank lines skipped).
///
/// # Errors
/// The first line that is not such a puzzle, by number.
pub fn read_puzzle_lines(text: &str) -> std::result::Result<Vec<Puzzle>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            let value: serde_json::Value =
                serde_json::from_str(line).map_err(|e| format!("line {}: {e}", i + 1))?;
            value["puzzle"]
                .as_str()
                .ok_or_else(|| format!("line {}: no \"puzzle\"", i + 1))?
                .parse::<Puzzle>()
                .map_err(|e| format!("line {}: {e}", i + 1))
        })
        .collect()
}
