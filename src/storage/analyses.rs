//! The `game_analyses` table: the engine's analysis of finished games, kept as text.

use sqlx::Row;

use super::{Conn, Error};
use crate::model::GameId;

/// A stored analysis: the node budget it was made with and its scores as text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnalysisRow {
    /// Search nodes per position.
    pub nodes: u64,
    /// One line per position (`Analysis::to_text`).
    pub scores: String,
}

/// The stored analysis of a game, if there is one.
///
/// # Errors
/// Database failure.
pub async fn analysis(conn: &mut Conn, game: GameId) -> Result<Option<AnalysisRow>, Error> {
    let row = sqlx::query("SELECT nodes, scores FROM game_analyses WHERE game_id = $1")
        .bind(game.0)
        .fetch_optional(conn)
        .await?;
    row.map(|row| {
        let nodes: i64 = row.try_get("nodes")?;
        Ok(AnalysisRow {
            nodes: nodes.unsigned_abs(),
            scores: row.try_get("scores")?,
        })
    })
    .transpose()
}

/// Stores a game's analysis, replacing one made with another budget.
///
/// # Errors
/// Database failure (the game must exist).
pub async fn store_analysis(
    conn: &mut Conn,
    game: GameId,
    analysis: &AnalysisRow,
    now: i64,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO game_analyses (game_id, nodes, scores, created_ms) VALUES ($1, $2, $3, $4)
         ON CONFLICT (game_id) DO UPDATE
         SET nodes = excluded.nodes, scores = excluded.scores, created_ms = excluded.created_ms",
    )
    .bind(game.0)
    .bind(i64::try_from(analysis.nodes).unwrap_or(i64::MAX))
    .bind(&analysis.scores)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}
