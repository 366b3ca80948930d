//! The `announcements` table, the outbox: what the players are owed an announcement of. A row
//! is written in the transaction that makes the announcement owed, claimed by whoever delivers
//! it (its `due_ms` moved past a lease), and deleted once delivered or given up.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Backend, Conn, Error, corrupt, db_id, discord_id};
use crate::model::{AnnouncementId, ChallengeId, GameId, GuildId, TournamentId, UserId};

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
    /// `game` ended beside the board with a result (a resignation, a claimed win): its result
    /// board.
    End {
        /// The game.
        game: GameId,
    },
    /// `game` was aborted by `by` before both players had moved: its board says so.
    Abort {
        /// The game.
        game: GameId,
        /// Who aborted it.
        by: UserId,
    },
    /// `game`, left by the player to move, was called off by `by`: its board says so.
    CallOff {
        /// The game.
        game: GameId,
        /// Who called it off.
        by: UserId,
    },
    /// A rematch was offered away from the chat: the challenge's message, for the opponent.
    Offer {
        /// The challenge.
        challenge: ChallengeId,
    },
    /// The daily puzzle's post in a server's puzzle channel, of the day the announcement was
    /// made on.
    Daily {
        /// The server.
        guild: GuildId,
    },
}

/// The columns of an announcement, as [`queue_announcement`] writes them.
struct Columns {
    kind: &'static str,
    game: Option<i64>,
    challenge: Option<i64>,
    tournament: Option<i64>,
    guild: Option<i64>,
    user: Option<i64>,
    ply: Option<u32>,
}

impl Columns {
    fn of(kind: &'static str) -> Columns {
        Columns {
            kind,
            game: None,
            challenge: None,
            tournament: None,
            guild: None,
            user: None,
            ply: None,
        }
    }

    fn game(self, game: GameId) -> Columns {
        Columns {
            game: Some(game.0),
            ..self
        }
    }

    fn ply(self, ply: u32) -> Columns {
        Columns {
            ply: Some(ply),
            ..self
        }
    }

    fn by(self, user: UserId) -> Columns {
        Columns {
            user: Some(db_id(user.0)),
            ..self
        }
    }
}

impl From<Owed> for Columns {
    fn from(owed: Owed) -> Columns {
        match owed {
            Owed::Reminder { game, ply } => Columns::of("reminder").game(game).ply(ply),
            Owed::Timeout { game } => Columns::of("timeout").game(game),
            Owed::Board { game, ply } => Columns::of("board").game(game).ply(ply),
            Owed::Expiry { challenge } => Columns {
                challenge: Some(challenge.0),
                ..Columns::of("expiry")
            },
            Owed::Round { tournament, round } => Columns {
                tournament: Some(tournament.0),
                ..Columns::of("round").ply(round)
            },
            Owed::Final { tournament } => Columns {
                tournament: Some(tournament.0),
                ..Columns::of("final")
            },
            Owed::End { game } => Columns::of("end").game(game),
            Owed::Abort { game, by } => Columns::of("abort").game(game).by(by),
            Owed::CallOff { game, by } => Columns::of("call_off").game(game).by(by),
            Owed::Offer { challenge } => Columns {
                challenge: Some(challenge.0),
                ..Columns::of("offer")
            },
            Owed::Daily { guild } => Columns {
                guild: Some(db_id(guild.0)),
                ..Columns::of("daily")
            },
        }
    }
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
    /// When it was queued.
    pub created_ms: i64,
}

/// Queues an announcement, first claimable at `due_ms`, and returns its id.
///
/// # Errors
/// Database failure (the game, challenge or tournament must exist).
pub async fn queue_announcement(
    conn: &mut Conn,
    owed: Owed,
    now: i64,
    due_ms: i64,
) -> Result<AnnouncementId, Error> {
    let columns = Columns::from(owed);
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO announcements
             (kind, game_id, challenge_id, tournament_id, guild_id, user_id, ply, created_ms,
              due_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
    )
    .bind(columns.kind)
    .bind(columns.game)
    .bind(columns.challenge)
    .bind(columns.tournament)
    .bind(columns.guild)
    .bind(columns.user)
    .bind(columns.ply.map(i64::from))
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
                ") RETURNING id, kind, game_id, challenge_id, tournament_id, guild_id, user_id, ply,
                   attempts, created_ms"
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

/// The statement that deletes the announcement `$id` and returns what [`announced`] reads.
macro_rules! announced_sql {
    ($id:literal) => {
        concat!(
            "DELETE FROM announcements WHERE id = ",
            $id,
            " RETURNING kind, created_ms"
        )
    };
}

pub(super) use announced_sql;

/// Deletes an announcement (delivered, given up, or no longer owed); what it was (its kind, as
/// stored: `board`, `reminder`…) and when it was queued, if it was still there.
///
/// # Errors
/// Database failure.
pub async fn delete_announcement(
    conn: &mut Conn,
    id: AnnouncementId,
) -> Result<Option<(String, i64)>, Error> {
    let deleted = sqlx::query(announced_sql!("$1"))
        .bind(id.0)
        .fetch_optional(conn)
        .await?;
    deleted.as_ref().map(announced).transpose()
}

/// What a deleted announcement was: its kind, as stored, and when it was queued.
pub(super) fn announced(row: &AnyRow) -> Result<(String, i64), Error> {
    Ok((row.try_get("kind")?, row.try_get("created_ms")?))
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

/// The outbox at a glance: how many announcements are queued and when the oldest was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutboxDepth {
    /// Announcements queued, claimed or not.
    pub queued: u64,
    /// When the oldest was written (milliseconds since the epoch), if any is queued.
    pub oldest_ms: Option<i64>,
}

/// How deep the outbox is (see [`OutboxDepth`]).
///
/// # Errors
/// Database failure.
pub async fn outbox_depth(conn: &mut Conn) -> Result<OutboxDepth, Error> {
    let row =
        sqlx::query("SELECT COUNT(*) AS queued, MIN(created_ms) AS oldest FROM announcements")
            .fetch_one(conn)
            .await?;
    let queued: i64 = row.try_get("queued")?;
    let oldest_ms: Option<i64> = row.try_get("oldest")?;
    Ok(OutboxDepth {
        queued: queued.unsigned_abs(),
        oldest_ms,
    })
}

fn decode(row: &AnyRow) -> Result<AnnouncementRow, Error> {
    let kind: String = row.try_get("kind")?;
    let game: Option<i64> = row.try_get("game_id")?;
    let challenge: Option<i64> = row.try_get("challenge_id")?;
    let tournament: Option<i64> = row.try_get("tournament_id")?;
    let guild: Option<i64> = row.try_get("guild_id")?;
    let user: Option<i64> = row.try_get("user_id")?;
    let ply: Option<i64> = row.try_get("ply")?;
    let ply = ply.and_then(|p| u32::try_from(p).ok());
    let game = game.map(GameId);
    let user = user.map(|u| UserId(discord_id(u)));
    let guild = guild.map(|g| GuildId(discord_id(g)));
    let owed = match (kind.as_str(), game, challenge.or(tournament), ply) {
        ("reminder", Some(game), _, Some(ply)) => Owed::Reminder { game, ply },
        ("timeout", Some(game), _, _) => Owed::Timeout { game },
        ("board", Some(game), _, Some(ply)) => Owed::Board { game, ply },
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
        ("end", Some(game), _, _) => Owed::End { game },
        ("abort" | "call_off", Some(game), _, _) => {
            let by = user.ok_or_else(|| corrupt("announcements.user_id", &kind))?;
            if kind == "abort" {
                Owed::Abort { game, by }
            } else {
                Owed::CallOff { game, by }
            }
        }
        ("offer", _, Some(challenge), _) => Owed::Offer {
            challenge: ChallengeId(challenge),
        },
        ("daily", _, _, _) => Owed::Daily {
            guild: guild.ok_or_else(|| corrupt("announcements.guild_id", &kind))?,
        },
        _ => return Err(corrupt("announcements.kind", kind)),
    };
    let attempts: i64 = row.try_get("attempts")?;
    Ok(AnnouncementRow {
        id: AnnouncementId(row.try_get("id")?),
        owed,
        attempts: u32::try_from(attempts).unwrap_or(u32::MAX),
        created_ms: row.try_get("created_ms")?,
    })
}
