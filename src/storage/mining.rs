//! The queue of finished rated games to search for puzzles (the `puzzles_*` columns of
//! `games`). A searcher claims the oldest game left for a lease ([`claim_game_to_mine`]) and
//! renews it while it searches; the game's count of claims names each claim, so a searcher
//! whose lease lapsed and was taken up by another can no longer renew, finish or release it.
//! A search ends with the game marked searched, with its error if it failed: either way it is
//! never searched again.

use sqlx::Row;

use super::{Backend, Conn, Error, count};
use crate::model::GameId;

/// A game claimed for its search: which game, and which of its claims (1 for the first).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MiningClaim {
    /// The game.
    pub game: GameId,
    /// Its claims so far, this one included: names this claim.
    pub claim: u32,
}

/// Where a finished rated game's search stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MiningRow {
    /// Whether it was searched (its search ended, well or not).
    pub searched: bool,
    /// Until when a claim holds it, if one was made and not ended.
    pub lease_ms: Option<i64>,
    /// Why its search failed, if it did.
    pub error: Option<String>,
}

/// The statement of [`claim_game_to_mine`]: `$1` now, `$2` the lease's end, `$3` the claims a
/// game may have. Reads the games left in order through the index `games_to_mine`. On
/// PostgreSQL a game another claim holds (not yet committed) is skipped for the next one.
pub(super) fn claim_game_to_mine_sql(backend: Backend) -> &'static str {
    macro_rules! claim {
        ($($lock:literal)?) => {
            concat!(
                "UPDATE games SET puzzles_lease_ms = $2, puzzles_claims = puzzles_claims + 1
                 WHERE id = (
                     SELECT id FROM games
                     WHERE puzzles_scanned = FALSE AND status = 'finished' AND rated = TRUE
                       AND (puzzles_lease_ms IS NULL OR puzzles_lease_ms <= $1)
                       AND puzzles_claims < $3
                     ORDER BY id LIMIT 1",
                $($lock,)?
                ") RETURNING id, puzzles_claims"
            )
        };
    }
    match backend {
        Backend::Sqlite => claim!(),
        Backend::Postgres => claim!(" FOR NO KEY UPDATE SKIP LOCKED"),
    }
}

/// Claims the oldest finished rated game not searched yet whose claims are fewer than
/// `max_claims` and that no live lease holds, until `lease_until`.
///
/// One statement: of two claims at once (two processes) only one takes a game. On SQLite they
/// take turns; on PostgreSQL the row is locked as it is chosen, and the other claim takes the
/// next game instead of waiting.
///
/// # Errors
/// Database failure or a row that can't be read back.
pub async fn claim_game_to_mine(
    conn: &mut Conn,
    now: i64,
    lease_until: i64,
    max_claims: u32,
) -> Result<Option<MiningClaim>, Error> {
    let row = sqlx::query(claim_game_to_mine_sql(Backend::of(conn)))
        .bind(now)
        .bind(lease_until)
        .bind(i64::from(max_claims))
        .fetch_optional(conn)
        .await?;
    row.map(|row| {
        Ok(MiningClaim {
            game: GameId(row.try_get("id")?),
            claim: count(&row, "puzzles_claims")?,
        })
    })
    .transpose()
}

/// Marks searched, with `error`, the games not searched yet that used up `max_claims` claims
/// and whose last lease ended by `now`: their searches never ended (the processes died), so
/// they are given up rather than claimed forever. Returns how many.
///
/// # Errors
/// Database failure.
pub async fn give_up_unfinished_searches(
    conn: &mut Conn,
    now: i64,
    max_claims: u32,
    error: &str,
) -> Result<u64, Error> {
    let done = sqlx::query(
        "UPDATE games SET puzzles_scanned = TRUE, puzzles_lease_ms = NULL, puzzles_error = $3
         WHERE puzzles_scanned = FALSE AND status = 'finished' AND rated = TRUE
           AND puzzles_claims >= $2 AND puzzles_lease_ms <= $1",
    )
    .bind(now)
    .bind(i64::from(max_claims))
    .bind(error)
    .execute(conn)
    .await?;
    Ok(done.rows_affected())
}

/// Extends `claim` to `lease_until`; `false` if it is no longer the game's live claim (its
/// search ended, or another searcher claimed it since).
///
/// # Errors
/// Database failure.
pub async fn renew_mining_claim(
    conn: &mut Conn,
    claim: MiningClaim,
    lease_until: i64,
) -> Result<bool, Error> {
    let done = sqlx::query(
        "UPDATE games SET puzzles_lease_ms = $3
         WHERE id = $1 AND puzzles_claims = $2 AND puzzles_scanned = FALSE",
    )
    .bind(claim.game.0)
    .bind(i64::from(claim.claim))
    .bind(lease_until)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Ends `claim`'s search: the game is marked searched, with `error` if it failed; `false` if
/// the claim is no longer the game's live one.
///
/// # Errors
/// Database failure.
pub async fn finish_mining(
    conn: &mut Conn,
    claim: MiningClaim,
    error: Option<&str>,
) -> Result<bool, Error> {
    let done = sqlx::query(
        "UPDATE games SET puzzles_scanned = TRUE, puzzles_lease_ms = NULL, puzzles_error = $3
         WHERE id = $1 AND puzzles_claims = $2 AND puzzles_scanned = FALSE",
    )
    .bind(claim.game.0)
    .bind(i64::from(claim.claim))
    .bind(error)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Gives `claim` back unfinished (its searcher is stopping): the game is free to claim at
/// once, and this claim is not counted. `false` if it is no longer the game's live claim.
///
/// # Errors
/// Database failure.
pub async fn release_mining_claim(conn: &mut Conn, claim: MiningClaim) -> Result<bool, Error> {
    let done = sqlx::query(
        "UPDATE games SET puzzles_lease_ms = NULL, puzzles_claims = puzzles_claims - 1
         WHERE id = $1 AND puzzles_claims = $2 AND puzzles_scanned = FALSE",
    )
    .bind(claim.game.0)
    .bind(i64::from(claim.claim))
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Where the search of `game` stands; `None` unless it is a finished rated game.
///
/// # Errors
/// Database failure or a row that can't be read back.
pub async fn mining_state(conn: &mut Conn, game: GameId) -> Result<Option<MiningRow>, Error> {
    let row = sqlx::query(
        "SELECT CAST(puzzles_scanned AS INTEGER) AS searched, puzzles_lease_ms, puzzles_error
         FROM games WHERE id = $1 AND status = 'finished' AND rated = TRUE",
    )
    .bind(game.0)
    .fetch_optional(conn)
    .await?;
    row.map(|row| {
        Ok(MiningRow {
            searched: super::flag(&row, "searched")?,
            lease_ms: row.try_get("puzzles_lease_ms")?,
            error: row.try_get("puzzles_error")?,
        })
    })
    .transpose()
}
