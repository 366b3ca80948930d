//! All SQL of the project: the connection, migrations, and one file per table.
//!
//! Queries are checked at run time (`sqlx::query`), so the crate builds without a database.
//! The SQL stays portable to PostgreSQL: `$1` placeholders, `RETURNING`, `ON CONFLICT`,
//! integer unix-millisecond times, and Discord ids stored as BIGINT through [`db_id`]. The one
//! exception is the one-batch move of [`commit_move`].

mod ai_ratings;
mod analyses;
mod announcements;
mod challenges;
mod games;
mod players;
mod rating_history;
mod settings;

use std::str::FromStr;
use std::time::Duration;

use sqlx::migrate::Migrator;
use sqlx::pool::PoolConnection;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Sqlite, SqliteConnection, SqlitePool, Transaction};

pub use ai_ratings::{AiRatingRow, ai_rating, ai_ratings, record_ai_result};
pub use analyses::{AnalysisRow, analysis, store_analysis};
pub use announcements::{
    AnnouncementRow, Owed, claim_announcements, count_announcements, delete_announcement,
    postpone_announcement, queue_announcement,
};
pub use challenges::{
    ChallengeRow, NewChallengeRow, challenge, challenge_times_since, expire_challenges,
    insert_challenge, pending_between, pending_challenge_count, pending_rematch, resolve_challenge,
    set_challenge_message,
};
pub use games::{
    Advance, Finish, GameRow, MoveRow, NewGameRow, abort_game, active_games, active_rematch,
    claim_reminders, commit_move, count_finished_games, due_games, finish_game, finished_games,
    game, insert_game, move_at, move_by_request_key, moves, set_game_message, set_game_thread,
    store_move, streak,
};
pub use players::{
    Established, PlayerRow, Standing, leaderboard, leaderboard_size, player, record_result,
    upsert_player,
};
pub use rating_history::{RatingHistoryRow, rating_history, record_rating};
pub use settings::{guild_settings, store_guild_settings};

/// One connection (or a transaction, through `&mut *tx`).
pub type Conn = SqliteConnection;
/// A write transaction.
pub type Tx = Transaction<'static, Sqlite>;
/// Errors from the database or the migrations.
pub type Error = sqlx::Error;

/// Where the database lives unless `DATABASE_URL` says otherwise: a file beside the process,
/// created on first start.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://monkey-queen.db?mode=rwc";

/// How long a connection waits for another writer before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(30);
/// Reading connections in the pool.
const READERS: u32 = 8;

/// The schema, embedded from `migrations/`.
pub static MIGRATOR: Migrator = sqlx::migrate!();

/// The database: a pool of reading connections and a single writing connection.
///
/// SQLite lets one writer in at a time. Queueing writers on one pooled connection makes them
/// wait their turn asynchronously instead of sleeping in SQLite's busy handler, and keeps that
/// connection's page cache warm. Cheap to clone.
#[derive(Debug, Clone)]
pub struct Db {
    reader: SqlitePool,
    writer: SqlitePool,
}

impl Db {
    /// A connection for reading.
    ///
    /// # Errors
    /// The pool is closed or timed out.
    pub async fn read(&self) -> Result<PoolConnection<Sqlite>, Error> {
        self.reader.acquire().await
    }

    /// The writing connection, for a single statement (waits for other writers).
    ///
    /// # Errors
    /// The pool is closed or timed out.
    pub async fn write(&self) -> Result<PoolConnection<Sqlite>, Error> {
        self.writer.acquire().await
    }

    /// Starts a write transaction on the writing connection. It holds SQLite's write lock from
    /// its first statement (`BEGIN IMMEDIATE`), so it never fails half-way for lock reasons.
    ///
    /// # Errors
    /// The database could not be reached or stayed locked past the busy timeout.
    pub async fn begin_write(&self) -> Result<Tx, Error> {
        self.writer.begin_with("BEGIN IMMEDIATE").await
    }

    /// The reading pool, for ad-hoc queries (tests, tools).
    #[must_use]
    pub fn reader(&self) -> &SqlitePool {
        &self.reader
    }

    /// The writing pool, for ad-hoc statements (tests, tools).
    #[must_use]
    pub fn writer(&self) -> &SqlitePool {
        &self.writer
    }

    /// Closes every connection, waiting for those in use to be returned.
    pub async fn close(&self) {
        self.writer.close().await;
        self.reader.close().await;
    }
}

/// Opens (creating if needed) the SQLite database at `url` with WAL, `synchronous=NORMAL`, a
/// busy timeout and foreign keys on, and applies the migrations.
///
/// The database must be a file: with `sqlite::memory:` the reading and the writing
/// connections would each see a database of their own.
///
/// # Errors
/// A malformed URL, a file that can't be opened, or a migration that fails.
pub async fn connect(url: &str) -> Result<Db, Error> {
    let options = SqliteConnectOptions::from_str(url)?
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Normal)
        .busy_timeout(BUSY_TIMEOUT)
        .foreign_keys(true);
    // A local file needs no liveness ping before each use; it would cost a round trip.
    let writer = SqlitePoolOptions::new()
        .max_connections(1)
        .acquire_timeout(BUSY_TIMEOUT)
        .test_before_acquire(false)
        .connect_with(options.clone())
        .await?;
    MIGRATOR.run(&writer).await?;
    let reader = SqlitePoolOptions::new()
        .max_connections(READERS)
        .test_before_acquire(false)
        .connect_with(options)
        .await?;
    Ok(Db { reader, writer })
}

/// A Discord id (u64) as stored: the same 64 bits read as i64. The one place ids are converted.
#[must_use]
pub const fn db_id(id: u64) -> i64 {
    i64::from_ne_bytes(id.to_ne_bytes())
}

/// A stored id back to the Discord id it came from (inverse of [`db_id`]).
#[must_use]
pub const fn discord_id(stored: i64) -> u64 {
    u64::from_ne_bytes(stored.to_ne_bytes())
}

/// Whether the error is a unique or primary key violation (someone else wrote first).
#[must_use]
pub fn is_unique_violation(error: &Error) -> bool {
    error
        .as_database_error()
        .is_some_and(|e| e.is_unique_violation())
}

/// A stored value that can't be read back: a decode error naming the column.
fn corrupt(column: &str, value: impl std::fmt::Display) -> Error {
    Error::Decode(format!("unexpected stored value in {column}: {value}").into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discord_ids_round_trip_through_i64() {
        for id in [0, 1, 80_351_110_224_678_912, i64::MAX as u64, u64::MAX] {
            assert_eq!(discord_id(db_id(id)), id);
        }
        assert_eq!(db_id(u64::MAX), -1);
        assert_eq!(db_id(80_351_110_224_678_912), 80_351_110_224_678_912);
    }
}
