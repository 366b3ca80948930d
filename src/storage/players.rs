//! The `players` table: display names, ratings and counts.

use sqlx::Row;
use sqlx::any::{AnyArguments, AnyRow};

use super::{Conn, Error, db_id, discord_id, int};
use crate::model::{GuildId, Player, UserId};
use crate::rating::Rating;

/// A query being bound.
type Query<'q> = sqlx::query::Query<'q, sqlx::Any, AnyArguments>;

/// One side's line when a game finishes.
#[derive(Debug, Clone, Copy)]
pub struct Standing {
    /// The player.
    pub id: UserId,
    /// Whether they won.
    pub won: bool,
    /// Their new rating, for a rated game.
    pub rating: Option<Rating>,
}

/// The columns every query returns.
macro_rules! columns {
    () => {
        "user_id, display_name, rating, rating_deviation, rating_volatility, rated_ms, games,
         rated_games, wins, losses"
    };
}

/// Who is on a leaderboard (`$1`: the server, or NULL for everyone): rated players whose rating
/// is established at `$2` (see [`Established`]: `$3` the period, `$4` the scale, `$5` the
/// deviation). The deviation grown by idle periods is √(d² + n·(σ·scale)²), so comparing
/// squares needs no square root.
macro_rules! on_board {
    () => {
        "WHERE p.rated_games > 0 AND p.rated_ms IS NOT NULL
           AND p.rating_deviation * p.rating_deviation
               + (($2 - p.rated_ms) / $3) * (p.rating_volatility * $4) * (p.rating_volatility * $4)
               <= $5 * $5
           AND ($1 IS NULL OR EXISTS (
               SELECT 1 FROM games g
               WHERE g.status = 'finished' AND g.guild_id = $1
                 AND (g.white_id = p.user_id OR g.black_id = p.user_id)))"
    };
}

fn decode(row: &AnyRow) -> Result<Player, Error> {
    Ok(Player {
        id: UserId(discord_id(row.try_get("user_id")?)),
        name: row.try_get("display_name")?,
        rating: Rating {
            rating: row.try_get("rating")?,
            deviation: row.try_get("rating_deviation")?,
            volatility: row.try_get("rating_volatility")?,
        },
        rated_ms: row.try_get("rated_ms")?,
        games: int(row, "games")?,
        rated_games: int(row, "rated_games")?,
        wins: int(row, "wins")?,
        losses: int(row, "losses")?,
    })
}

/// Creates the player or refreshes their display name.
///
/// # Errors
/// Database failure.
pub async fn upsert_player(conn: &mut Conn, id: UserId, name: &str, now: i64) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO players (user_id, display_name, created_ms, updated_ms)
         VALUES ($1, $2, $3, $3)
         ON CONFLICT (user_id) DO UPDATE
         SET display_name = excluded.display_name, updated_ms = excluded.updated_ms",
    )
    .bind(db_id(id.0))
    .bind(name)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// The player, if known.
///
/// # Errors
/// Database failure.
pub async fn player(conn: &mut Conn, id: UserId) -> Result<Option<Player>, Error> {
    let row = sqlx::query(concat!(
        "SELECT ",
        columns!(),
        " FROM players WHERE user_id = $1"
    ))
    .bind(db_id(id.0))
    .fetch_optional(conn)
    .await?;
    row.as_ref().map(decode).transpose()
}

/// Which ratings a leaderboard ranks: those whose deviation, grown by every whole idle
/// rating period up to `now_ms`, is at most `max_deviation`.
#[derive(Debug, Clone, Copy)]
pub struct Established {
    /// The time the leaderboard is for.
    pub now_ms: i64,
    /// One rating period.
    pub period_ms: i64,
    /// The factor between the Glicko and the Glicko-2 scales.
    pub scale: f64,
    /// The largest deviation ranked.
    pub max_deviation: f64,
}

/// Players on a rating leaderboard: those with an established rating (see [`Established`]),
/// and for a server only those who played a finished game there. Best rating first; ties go
/// to the player with more rated games, then to the lower user id, so pages never overlap.
/// `limit` rows after skipping `offset`.
///
/// # Errors
/// Database failure.
pub async fn leaderboard(
    conn: &mut Conn,
    guild: Option<GuildId>,
    established: Established,
    offset: u64,
    limit: u32,
) -> Result<Vec<Player>, Error> {
    let query = sqlx::query(concat!(
        "SELECT ",
        columns!(),
        " FROM players p ",
        on_board!(),
        " ORDER BY p.rating DESC, p.rated_games DESC, p.user_id ASC
         LIMIT $6 OFFSET $7"
    ));
    let rows = bind_board(query, guild, established)
        .bind(i64::from(limit))
        .bind(i64::try_from(offset).unwrap_or(i64::MAX))
        .fetch_all(conn)
        .await?;
    rows.iter().map(decode).collect()
}

/// How many players [`leaderboard`] ranks.
///
/// # Errors
/// Database failure.
pub async fn leaderboard_size(
    conn: &mut Conn,
    guild: Option<GuildId>,
    established: Established,
) -> Result<u64, Error> {
    let query = sqlx::query(concat!("SELECT COUNT(*) AS n FROM players p ", on_board!()));
    let row = bind_board(query, guild, established)
        .fetch_one(conn)
        .await?;
    let count: i64 = row.try_get("n")?;
    Ok(count.unsigned_abs())
}

/// Binds `$1`–`$5` of [`on_board`].
fn bind_board(query: Query<'_>, guild: Option<GuildId>, established: Established) -> Query<'_> {
    query
        .bind(guild.map(|g| db_id(g.0)))
        .bind(established.now_ms)
        .bind(established.period_ms)
        .bind(established.scale)
        .bind(established.max_deviation)
}

/// Counts a finished game for one player, and stores their new rating if it was rated.
///
/// # Errors
/// Database failure.
pub async fn record_result(conn: &mut Conn, standing: Standing, now: i64) -> Result<(), Error> {
    let won = i64::from(standing.won);
    match standing.rating {
        Some(rating) => {
            sqlx::query(
                "UPDATE players
                 SET games = games + 1, rated_games = rated_games + 1,
                     wins = wins + $2, losses = losses + 1 - $2,
                     rating = $3, rating_deviation = $4, rating_volatility = $5, rated_ms = $6,
                     updated_ms = $6
                 WHERE user_id = $1",
            )
            .bind(db_id(standing.id.0))
            .bind(won)
            .bind(rating.rating)
            .bind(rating.deviation)
            .bind(rating.volatility)
            .bind(now)
            .execute(conn)
            .await?;
        }
        None => {
            sqlx::query(
                "UPDATE players
                 SET games = games + 1, wins = wins + $2, losses = losses + 1 - $2, updated_ms = $3
                 WHERE user_id = $1",
            )
            .bind(db_id(standing.id.0))
            .bind(won)
            .bind(now)
            .execute(conn)
            .await?;
        }
    }
    Ok(())
}
