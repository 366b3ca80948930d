//! The `announcements` table, the outbox: what the players are owed an announcement of. A row
//! is written in the transaction that makes the announcement owed, claimed by whoever delivers
//! it (its `due_ms` moved past a lease), and deleted once delivered or given up.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Backend, Conn, Error, corrupt};
use crate::model::{AnnouncementId, ChallengeId, GameId, TournamentId};

/// What an announcement is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owed {
    /// The player to move in `game`, still at `ply`, is running short of time.
    Reminder {
        /// The game.
        game: GameId,
        /// The ply the reminder is for; stale once the game has moved on.
        ply: u32,
    },
    /// `game` ended on time: its result board.
    Timeout {
        /// The game.
        game: GameId,
    },
    /// The board of `game` at `ply`: after the move to that ply, or, at ply 0, the first
    /// board of a game that just started.
    Board {
        /// The game.
        game: GameId,
        /// The ply the board shows; stale once the game has moved on.
        ply: u32,
    },
    /// A challenge lapsed unanswered: its message loses its buttons.
    Expiry {
        /// The challenge.
        challenge: ChallengeId,
    },
    /// A tournament's round was paired: its pairings, mentioning the players.
    Round {
        /// The tournament.
        tournament: TournamentId,
        /// The round (1-based).
        round: u32,
    },
    /// A tournament finished: its final standings and crosstable.
    Final {
        /// The tournament.
        tournament: TournamentId,
    },
}

/// A claimed announcement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnnouncementRow {
    /// Its id.
    pub id: AnnouncementId,
    /// What it announces.
    pub owed: Owed,
    /// Claims so far, this one included.
    pub attempts: u32,
}

/// Queues an announcement, first claimable at `due_ms`, and returns its id.
///
/// # Errors
/// Database failure (the game or challenge must exist).
pub async fn queue_announcement(
    conn: &mut Conn,
    owed: Owed,
    now: i64,
    due_ms: i64,
) -> Result<AnnouncementId, Error> {
    let (kind, game, challenge, tournament, ply) = match owed {
        Owed::Reminder { game, ply } => ("reminder", Some(game.0), None, None, Some(ply)),
        Owed::Timeout { game } => ("timeout", Some(game.0), None, None, None),
        Owed::Board { game, ply } => ("board", Some(game.0), None, None, Some(ply)),
        Owed::Expiry { challenge } => ("expiry", None, Some(challenge.0), None, None),
        Owed::Round { tournament, round } => ("round", None, None, Some(tournament.0), Some(round)),
        Owed::Final { tournament } => ("final", None, None, Some(tournament.0), None),
    };
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO announcements
             (kind, game_id, challenge_id, tournament_id, ply, created_ms, due_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
    )
    .bind(kind)
    .bind(game)
    .bind(challenge)
    .bind(tournament)
    .bind(ply.map(i64::from))
    .bind(now)
    .bind(due_ms)
    .fetch_one(conn)
    .await?;
    Ok(AnnouncementId(id))
}

/// The statement of [`claim_announcement`]: `$1` now, `$2` the lease's end. On PostgreSQL
/// an announcement another transaction holds (another deliverer's claim, not yet committed)
/// is skipped for the next one due.
pub(super) fn claim_announcement_sql(backend: Backend) -> &'static str {
    macro_rules! claim {
        ($($lock:literal)?) => {
            concat!(
                "UPDATE announcements SET due_ms = $2, attempts = attempts + 1
                 WHERE id = (
                     SELECT id FROM announcements WHERE due_ms <= $1 ORDER BY due_ms, id LIMIT 1",
                $($lock,)?
                ") RETURNING id, kind, game_id, challenge_id, tournament_id, ply, attempts"
            )
        };
    }
    match backend {
        Backend::Sqlite => claim!(),
        Backend::Postgres => claim!(" FOR UPDATE SKIP LOCKED"),
    }
}

/// Claims the oldest announcement due at `now`, if any: it is postponed to `lease_until` and
/// its attempts counted, so no other claim sees it before then.
///
/// One statement: the oldest due is chosen and postponed together, so of two claims at once
/// (two processes) only one takes it. On SQLite they take turns; on PostgreSQL the row is
/// locked as it is chosen, and the other claim takes the next one due instead of waiting.
///
/// # Errors
/// Database failure or a row that can't be read back.
pub async fn claim_announcement(
    conn: &mut Conn,
    now: i64,
    lease_until: i64,
) -> Result<Option<AnnouncementRow>, Error> {
    let row = sqlx::query(claim_announcement_sql(Backend::of(conn)))
        .bind(now)
        .bind(lease_until)
        .fetch_optional(conn)
        .await?;
    row.as_ref().map(decode).transpose()
}

/// Makes a claimed announcement due again at `due_ms` (a failed delivery, to retry).
///
/// # Errors
/// Database failure.
pub async fn postpone_announcement(
    conn: &mut Conn,
    id: AnnouncementId,
    due_ms: i64,
) -> Result<(), Error> {
    sqlx::query("UPDATE announcements SET due_ms = $2 WHERE id = $1")
        .bind(id.0)
        .bind(due_ms)
        .execute(conn)
        .await?;
    Ok(())
}

/// Deletes an announcement (delivered, given up, or no longer owed).
///
/// # Errors
/// Database failure.
pub async fn delete_announcement(conn: &mut Conn, id: AnnouncementId) -> Result<(), Error> {
    sqlx::query("DELETE FROM announcements WHERE id = $1")
        .bind(id.0)
        .execute(conn)
        .await?;
    Ok(())
}

/// How many announcements are queued, claimed or not.
///
/// # Errors
/// Database failure.
pub async fn count_announcements(conn: &mut Conn) -> Result<u64, Error> {
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM announcements")
        .fetch_one(conn)
        .await?;
    Ok(count.unsigned_abs())
}

fn decode(row: &AnyRow) -> Result<AnnouncementRow, Error> {
    let kind: String = row.try_get("kind")?;
    let game: Option<i64> = row.try_get("game_id")?;
    let challenge: Option<i64> = row.try_get("challenge_id")?;
    let tournament: Option<i64> = row.try_get("tournament_id")?;
    let ply: Option<i64> = row.try_get("ply")?;
    let ply = ply.and_then(|p| u32::try_from(p).ok());
    let owed = match (kind.as_str(), game, challenge.or(tournament), ply) {
        ("reminder", Some(game), _, Some(ply)) => Owed::Reminder {
            game: GameId(game),
            ply,
        },
        ("timeout", Some(game), _, _) => Owed::Timeout { game: GameId(game) },
        ("board", Some(game), _, Some(ply)) => Owed::Board {
            game: GameId(game),
            ply,
        },
        ("expiry", _, Some(challenge), _) => Owed::Expiry {
            challenge: ChallengeId(challenge),
        },
        ("round", _, Some(tournament), Some(round)) => Owed::Round {
            tournament: TournamentId(tournament),
            round,
        },
        ("final", _, Some(tournament), _) => Owed::Final {
            tournament: TournamentId(tournament),
        },
        _ => return Err(corrupt("announcements.kind", kind)),
    };
    let attempts: i64 = row.try_get("attempts")?;
    Ok(AnnouncementRow {
        id: AnnouncementId(row.try_get("id")?),
        owed,
        attempts: u32::try_from(attempts).unwrap_or(u32::MAX),
    })
}
