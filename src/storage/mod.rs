//! All SQL of the project: the connection, migrations, and one file per table, or per job
//! where a table has several: the `games` table's rows and lists (`games`), its history
//! (`finished_games`), the sweeps' and the computer's claims on it (`game_claims`), and the
//! moves stored with its advance (`moves`).
//!
//! Two engines sit under one API: SQLite, the embedded default, and PostgreSQL, for several
//! bot processes sharing one database. The URL picks ([`Backend::of_url`]); everything above
//! this module sees only [`Db`], [`Conn`] and [`Tx`], through sqlx's `Any` driver.
//!
//! Queries are checked at run time (`sqlx::query`), so the crate builds without a database.
//! The SQL is written once for both: `$1` placeholders, `RETURNING`, `ON CONFLICT`, integer
//! unix-millisecond times, and Discord ids stored as BIGINT through [`db_id`]. Where the two
//! dialects differ, both versions stand side by side in a `match` on [`Backend`]: the move of
//! [`commit_move`], the claims of the sweeps, [`lock`], and [`backup`].
//!
//! Writers wait only for what they touch. SQLite lets one writer in at a time
//! (`BEGIN IMMEDIATE`). On PostgreSQL a write transaction locks what its checks depend on
//! (a player's challenges, both ratings of a rated game: see [`lock`] and the module `locks`
//! for what each transaction takes and why no two can deadlock); a compare-and-swap statement
//! guards its own row (a move, a challenge still pending); and every claim (the outbox,
//! reminders, losses on time, lapsed challenges, the computer's turns, the games to search for
//! puzzles) skips the rows another
//! process holds (`FOR UPDATE SKIP LOCKED`), so processes never queue behind each other's
//! claims. Each sweep reads only what is due, through an index.
//!
//! What one bot process learns and another needs is stored too, each in a table of its own:
//! the interaction tokens kept for follow-ups ([`take_token`]), each game's latest board
//! ([`record_board`]) and the players' cooldowns ([`start_heavy_work`]). Each is taken or
//! replaced by one statement, so two processes never both get what only one may: a token's
//! last use, a board's predecessor, a start inside a cooldown.

mod ai_ratings;
mod analyses;
mod announcements;
mod backup;
mod batch;
mod boards;
mod catalogue;
mod challenges;
mod cooldowns;
mod copy;
mod finished_games;
mod game_claims;
mod games;
mod kept;
mod launches;
mod lessons;
mod locks;
mod mining;
mod moves;
mod notices;
mod plans;
mod players;
mod puzzles;
mod rating_history;
mod schema;
mod settings;
mod tokens;
mod tournament_pages;
mod tournaments;
mod tx;
mod writer_thread;

use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection, AnyPool, Connection, Executor, Transaction};

pub use ai_ratings::{AiRatingRow, ai_rating, ai_ratings, record_ai_result};
pub use analyses::{AnalysisRow, analysis, store_analysis};
pub use announcements::{
    AnnouncementRow, OutboxDepth, Owed, claim_announcement, count_announcements,
    delete_announcement, outbox_depth, postpone_announcement, queue_announcement,
};
pub use backup::backup;
pub use boards::{NewBoard, Recorded, lapse_board_tokens, record_board, take_board};
pub use challenges::{
    NewChallengeRow, challenge, challenge_times_since, expire_challenges, insert_challenge,
    pending_between, pending_challenge_count, pending_rematch, resolve_challenge,
    set_challenge_game, set_challenge_message,
};
pub use cooldowns::{Started, delete_starts_by, start_heavy_work};
pub use copy::{Copied, CopyError, copy};
pub use finished_games::{count_finished_games, finished_game_ids, finished_games, streak};
pub use game_claims::{
    OwedTurn, claim_computer_turn, claim_due_game, claim_reminders, computer_turns, due_games,
};
pub use games::{
    Finish, GameRow, NewGameRow, abort_game, active_games, active_games_after, active_rematch,
    channel_games, finish_game, game, game_by_page_key, games_after, insert_game, page_key,
    set_game_thread, web_games,
};
pub use launches::{LaunchRow, delete_launches_by, launch, record_launch};
pub use lessons::{
    LessonAttemptRow, has_played, lesson_attempt, lesson_stars, record_lesson_stars,
    save_lesson_attempt,
};
pub use locks::{Key, lock, try_lock};
pub use mining::{
    MiningClaim, MiningRow, claim_game_to_mine, finish_mining, give_up_unfinished_searches,
    mining_state, release_mining_claim, renew_mining_claim,
};
pub use moves::{
    Advance, Stored, commit_move, move_at, move_by_request_key, moves, moves_of_games, store_move,
};
pub use notices::{Changed, Listener, Notice, listen, notify_changed};
pub use plans::{SweepPlan, sweep_plans};
pub use players::{
    Established, Standing, leaderboard, leaderboard_size, player, record_result, upsert_player,
};
pub use puzzles::{
    AttemptRow, AttemptStatus, NewPuzzleRow, PuzzlePlayerRow, PuzzleRow, attempt,
    choose_daily_puzzle, claim_daily_post, count_puzzles, daily_puzzle, daily_solvers,
    draw_daily_puzzle, insert_attempt, insert_puzzle, move_attempt, nearest_new_puzzle,
    open_attempt, puzzle, puzzle_counts, puzzle_from, puzzle_player, puzzles_of_game, rate_puzzle,
    store_puzzle_player,
};
pub use rating_history::{rating_history, record_rating};
pub use schema::{SchemaError, SchemaState, inspect, migrator, schema_state, schema_version};
pub use settings::{
    guild_settings, player_board_colors, puzzle_channel, puzzle_channels, set_puzzle_channel,
    store_guild_settings, store_player_board_colors,
};
pub use tokens::{delete_tokens_received_by, keep_token, take_token};
pub use tournament_pages::{
    TournamentGamePage, give_tournament_page_key, tournament_by_page_key, tournament_game_pages,
    tournament_of_game, tournament_page_key,
};
pub use tournaments::{
    NewTournamentRow, change_log, count_guild_tournaments, delete_entry, due_tournaments, entries,
    finish_tournament, guild_tournaments, insert_entry, insert_pairing, insert_tournament,
    log_change, pairings, seat_entry, set_pairing_result, set_round, set_timeouts_in_row,
    set_tournament_message, settle_pairing, start_tournament, tournament, withdraw_entry,
};

pub use tx::Tx;

/// One connection (or a transaction, through `&mut *tx`).
pub type Conn = AnyConnection;
/// A connection taken from [`Db`] (see [`Db::read`] and [`Db::write`]), handed back when
/// dropped.
#[derive(Debug)]
pub struct Pooled(Lease);

/// Where a [`Pooled`] connection came from.
#[derive(Debug)]
enum Lease {
    /// sqlx's pool (PostgreSQL).
    Pool(PoolConnection<Any>),
    /// The connections kept out of it (SQLite, see `kept`).
    Kept(kept::Lent),
}

impl Pooled {
    /// Closes the connection when dropped, instead of handing it back for another use: its
    /// user left it in a state the next one must not inherit (a batch that did not finish).
    pub fn close_on_drop(&mut self) {
        match &mut self.0 {
            Lease::Pool(conn) => conn.close_on_drop(),
            Lease::Kept(conn) => conn.close_on_drop(),
        }
    }
}

impl std::ops::Deref for Pooled {
    type Target = AnyConnection;

    fn deref(&self) -> &AnyConnection {
        match &self.0 {
            Lease::Pool(conn) => conn,
            Lease::Kept(conn) => conn,
        }
    }
}

impl std::ops::DerefMut for Pooled {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        match &mut self.0 {
            Lease::Pool(conn) => conn,
            Lease::Kept(conn) => conn,
        }
    }
}
/// Errors from the database or the migrations.
pub type Error = sqlx::Error;

/// Where the database lives unless `DATABASE_URL` says otherwise: a file beside the process,
/// created on first start.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://monkey-queen.db?mode=rwc";

/// How long to wait for a connection on SQLite, where it is also the wait for another
/// process's writer: writes queue at the one writer, under load for seconds.
const SQLITE_ACQUIRE_TIMEOUT: Duration = Duration::from_secs(30);
/// How long to wait for a connection on PostgreSQL, where nothing queues long: a server that
/// stopped answering is told to the player within seconds, and a wait for it retries its
/// connection at least every fifth of this (sqlx backs off up to a fifth of what is left), so
/// the pool serves again within a second of the server's return.
const POSTGRES_ACQUIRE_TIMEOUT: Duration = Duration::from_secs(5);

/// The database engine behind a URL.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// An embedded file (`sqlite:`).
    Sqlite,
    /// A server (`postgres://` or `postgresql://`).
    Postgres,
}

impl Backend {
    /// The engine a database URL names.
    ///
    /// # Errors
    /// A URL of any other scheme.
    pub fn of_url(url: &str) -> Result<Backend, Error> {
        if url.starts_with("sqlite:") {
            Ok(Backend::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Backend::Postgres)
        } else {
            Err(Error::Configuration(
                format!("a database URL starts with sqlite: or postgres://, not {url:?}").into(),
            ))
        }
    }

    /// The engine behind an open connection.
    #[must_use]
    pub fn of(conn: &Conn) -> Backend {
        if conn.backend_name() == "PostgreSQL" {
            Backend::Postgres
        } else {
            Backend::Sqlite
        }
    }
}

/// How many connections to keep and how long to wait for one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolSettings {
    /// Connections for reading.
    pub readers: u32,
    /// Connections for writing on PostgreSQL (SQLite always has one: it has one writer).
    pub writers: u32,
    /// How long to wait for a free connection (and, on SQLite, for another process's writer);
    /// `None`: the engine's own default (see [`PoolSettings::acquire_timeout_on`]).
    pub acquire_timeout: Option<Duration>,
    /// Prepared statements kept per PostgreSQL connection; 0 for a pooler such as PgBouncer
    /// in transaction mode. `None` keeps sqlx's default (100). SQLite keeps sqlx's default.
    pub statement_cache: Option<usize>,
}

impl Default for PoolSettings {
    fn default() -> Self {
        PoolSettings {
            readers: 8,
            writers: 4,
            acquire_timeout: None,
            statement_cache: None,
        }
    }
}

impl PoolSettings {
    /// How long to wait for a connection on `backend`: the one set, else 30 s on SQLite (where
    /// writes queue at its one writer) and 5 s on PostgreSQL (where a wait that long means the
    /// server is unreachable).
    #[must_use]
    pub fn acquire_timeout_on(&self, backend: Backend) -> Duration {
        self.acquire_timeout.unwrap_or(match backend {
            Backend::Sqlite => SQLITE_ACQUIRE_TIMEOUT,
            Backend::Postgres => POSTGRES_ACQUIRE_TIMEOUT,
        })
    }
}

/// The database: a pool of reading connections and a pool of writing ones (a single
/// connection on SQLite).
///
/// SQLite lets one writer in at a time. Queueing writers on one pooled connection makes them
/// wait their turn asynchronously instead of sleeping in SQLite's busy handler, and keeps that
/// connection's page cache warm. On SQLite the connections are kept out of the pools between
/// uses (see `kept`). Cheap to clone.
#[derive(Debug, Clone)]
pub struct Db {
    backend: Backend,
    reader: AnyPool,
    writer: AnyPool,
    /// On SQLite, the connections of `reader` and `writer`, kept out of them.
    kept: Option<[kept::Kept; 2]>,
    /// On SQLite, the thread the busiest writes run on.
    writer_thread: Option<std::sync::Arc<writer_thread::WriterThread>>,
    url: notices::Url,
}

impl Db {
    /// Which engine this is.
    #[must_use]
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// A connection for reading.
    ///
    /// # Errors
    /// The pool is closed or timed out.
    pub async fn read(&self) -> Result<Pooled, Error> {
        match &self.kept {
            Some([reader, _]) => Ok(Pooled(Lease::Kept(reader.lend().await?))),
            None => Ok(Pooled(Lease::Pool(self.reader.acquire().await?))),
        }
    }

    /// A writing connection, for a single statement (on SQLite, waits for other writers).
    ///
    /// # Errors
    /// The pool is closed or timed out.
    pub async fn write(&self) -> Result<Pooled, Error> {
        match &self.kept {
            Some([_, writer]) => Ok(Pooled(Lease::Kept(writer.lend().await?))),
            None => Ok(Pooled(Lease::Pool(self.writer.acquire().await?))),
        }
    }

    /// Runs `job`, a write, on SQLite on a thread of its own (see `writer_thread`), where it
    /// waits only for other writes; on PostgreSQL where it is.
    ///
    /// # Errors
    /// On SQLite, a job that panicked.
    pub async fn on_writer<T: Send + 'static>(
        &self,
        job: impl std::future::Future<Output = T> + Send + 'static,
    ) -> Result<T, Error> {
        match &self.writer_thread {
            Some(thread) => thread.run(job).await,
            None => Ok(job.await),
        }
    }

    /// Starts a write transaction (see [`begin_write`]); on PostgreSQL it then takes the
    /// [`lock`]s its checks need. The wait for it is measured
    /// (`monkey_queen_db_write_wait_seconds`), and so is how long it stays open ([`Tx`]).
    ///
    /// # Errors
    /// The database could not be reached or stayed locked past the timeout.
    pub async fn begin_write(&self) -> Result<Tx, Error> {
        let asked = std::time::Instant::now();
        let begun = match self.write().await {
            Ok(conn) => Tx::begin(conn).await,
            Err(e) => Err(e),
        };
        metrics::histogram!("monkey_queen_db_write_wait_seconds").record(asked.elapsed());
        begun
    }

    /// How many connections each pool has open and how many of them are in use.
    #[must_use]
    pub fn pool_use(&self) -> PoolUse {
        let in_use = |pool: &AnyPool| {
            let open = pool.size();
            (
                open,
                open.saturating_sub(u32::try_from(pool.num_idle()).unwrap_or(u32::MAX)),
            )
        };
        match &self.kept {
            Some([reader, writer]) => PoolUse {
                reader: (self.reader.size(), reader.lent()),
                writer: (self.writer.size(), writer.lent()),
            },
            None => PoolUse {
                reader: in_use(&self.reader),
                writer: in_use(&self.writer),
            },
        }
    }

    /// How many connections each of [`Db::read`] and [`Db::write`] may hand out at once.
    #[must_use]
    pub fn pool_sizes(&self) -> (u32, u32) {
        (
            self.reader.options().get_max_connections(),
            self.writer.options().get_max_connections(),
        )
    }

    /// Closes every connection, waiting for those in use to be returned.
    pub async fn close(&self) {
        if let Some(kept) = &self.kept {
            kept.iter().for_each(kept::Kept::stop);
        }
        self.writer.close().await;
        self.reader.close().await;
    }
}

/// The connections of [`Db`]'s pools: `(open, in use)` for each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolUse {
    /// The reading pool's.
    pub reader: (u32, u32),
    /// The writing pool's.
    pub writer: (u32, u32),
}

/// Starts a write transaction on `conn`: `BEGIN IMMEDIATE` on SQLite (the one writer's lock
/// from the start, so it never fails half-way for lock reasons), a plain `BEGIN` (read
/// committed) on PostgreSQL, where the transaction then takes the [`lock`]s its checks need.
///
/// # Errors
/// The database could not be reached or stayed locked past the timeout.
pub async fn begin_write(conn: &mut Conn) -> Result<Transaction<'_, Any>, Error> {
    match Backend::of(conn) {
        Backend::Sqlite => conn.begin_with("BEGIN IMMEDIATE").await,
        Backend::Postgres => conn.begin().await,
    }
}

/// Opens the database at `url` with the default pool settings; see [`connect_with`].
///
/// # Errors
/// As [`connect_with`].
pub async fn connect(url: &str) -> Result<Db, Error> {
    connect_with(url, &PoolSettings::default()).await
}

/// Opens the database at `url` and brings its schema up to date.
///
/// SQLite: the file is created if missing, with WAL, `synchronous=NORMAL`, a busy timeout
/// and foreign keys on. It must be a file: with `sqlite::memory:` the reading and the writing
/// connections would each see a database of their own. PostgreSQL: the database must exist.
///
/// # Errors
/// A malformed URL, a database that can't be reached, a schema newer than this build knows
/// ([`SchemaError::Newer`]), or a migration that fails.
pub async fn connect_with(url: &str, settings: &PoolSettings) -> Result<Db, Error> {
    sqlx::any::install_default_drivers();
    let backend = Backend::of_url(url)?;
    let options: AnyConnectOptions = connect_url(url, backend, settings).parse()?;
    let writers = match backend {
        Backend::Sqlite => 1,
        Backend::Postgres => settings.writers.max(1),
    };
    let writer = pool_options(backend, writers, settings)
        .connect_with(options.clone())
        .await?;
    schema::migrate(&writer, backend).await?;
    let readers = settings.readers.max(1);
    let reader = pool_options(backend, readers, settings)
        .connect_with(options)
        .await?;
    let timeout = settings.acquire_timeout_on(backend);
    let kept = (backend == Backend::Sqlite).then(|| {
        [
            kept::Kept::new(reader.clone(), readers, timeout),
            kept::Kept::new(writer.clone(), writers, timeout),
        ]
    });
    let writer_thread = match backend {
        Backend::Sqlite => Some(std::sync::Arc::new(
            writer_thread::WriterThread::start().map_err(Error::Io)?,
        )),
        Backend::Postgres => None,
    };
    Ok(Db {
        backend,
        reader,
        writer,
        kept,
        writer_thread,
        url: notices::Url::new(url),
    })
}

/// The URL with the settings only a URL can carry through the `Any` driver.
fn connect_url(url: &str, backend: Backend, settings: &PoolSettings) -> String {
    let param = match backend {
        // Created on first start unless the URL says otherwise.
        Backend::Sqlite if !url.contains("mode=") => Some("mode=rwc".to_owned()),
        Backend::Sqlite => None,
        Backend::Postgres => settings
            .statement_cache
            .map(|capacity| format!("statement-cache-capacity={capacity}")),
    };
    match param {
        Some(param) if url.contains('?') => format!("{url}&{param}"),
        Some(param) => format!("{url}?{param}"),
        None => url.to_owned(),
    }
}

/// A pool of `size` connections set up for `backend`.
fn pool_options(backend: Backend, size: u32, settings: &PoolSettings) -> AnyPoolOptions {
    let timeout = settings.acquire_timeout_on(backend);
    let options = AnyPoolOptions::new()
        .max_connections(size)
        .acquire_timeout(timeout);
    match backend {
        // A local file needs no liveness ping before each use; it would cost a round trip.
        Backend::Sqlite => {
            let busy_ms = timeout.as_millis();
            let pragmas = format!(
                "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
                 PRAGMA busy_timeout = {busy_ms}; PRAGMA foreign_keys = ON;"
            );
            options
                .test_before_acquire(false)
                .after_connect(move |conn, _| {
                    let pragmas = pragmas.clone();
                    Box::pin(async move {
                        conn.execute(sqlx::raw_sql(sqlx::AssertSqlSafe(pragmas)))
                            .await?;
                        Ok(())
                    })
                })
        }
        // A server can drop a connection: each is checked before use and replaced if dead.
        Backend::Postgres => options.test_before_acquire(true),
    }
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

/// Whether the error means the database could not be reached (worth trying again), not
/// that it refused what was asked: no connection within the timeout, a connection that broke,
/// or a PostgreSQL server that ended the session because it is shutting down, restarting or
/// not yet accepting connections (SQLSTATE class 08, and 57P01 to 57P03).
#[must_use]
pub fn is_unreachable(error: &Error) -> bool {
    let ended_by_server = error
        .as_database_error()
        .and_then(|e| e.code())
        .is_some_and(|code| {
            code.starts_with("08") || ["57P01", "57P02", "57P03"].contains(&&*code)
        });
    ended_by_server
        || matches!(
            error,
            Error::Io(_) | Error::Tls(_) | Error::PoolTimedOut | Error::PoolClosed
        )
}

/// Whether the error is a unique or primary key violation (someone else wrote first).
#[must_use]
pub fn is_unique_violation(error: &Error) -> bool {
    error
        .as_database_error()
        .is_some_and(|e| e.is_unique_violation())
}

/// An integer column read into a narrower type; a value out of its range is a decode error.
fn int<T: TryFrom<i64>>(row: &sqlx::any::AnyRow, column: &str) -> Result<T, Error> {
    use sqlx::Row;
    let value: i64 = row.try_get(column)?;
    T::try_from(value).map_err(|_| corrupt(column, value))
}

/// An optional `DOUBLE PRECISION` to bind. sqlx 0.9's `Any` driver hands PostgreSQL a missing
/// f64 as a missing f32, so a statement first run with `None` is prepared with a `real`
/// parameter, and the same statement later run with a number fails ("incorrect binary data
/// format"). A missing f32 is handed over as a missing f64, so this binds `None` as that.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Real(pub(crate) Option<f64>);

impl sqlx::Type<sqlx::Any> for Real {
    fn type_info() -> sqlx::any::AnyTypeInfo {
        <f64 as sqlx::Type<sqlx::Any>>::type_info()
    }
}

impl<'q> sqlx::Encode<'q, sqlx::Any> for Real {
    fn encode_by_ref(
        &self,
        buf: &mut <sqlx::Any as sqlx::Database>::ArgumentBuffer,
    ) -> Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
        match self.0 {
            Some(value) => <f64 as sqlx::Encode<'q, sqlx::Any>>::encode_by_ref(&value, buf),
            None => <Option<f32> as sqlx::Encode<'q, sqlx::Any>>::encode_by_ref(&None, buf),
        }
    }
}

/// A boolean column, selected as `CAST(column AS INTEGER) AS column`: sqlx's `Any` driver
/// reads no column SQLite declares BOOLEAN, so both engines hand it over as 0 or 1.
fn flag(row: &sqlx::any::AnyRow, column: &str) -> Result<bool, Error> {
    use sqlx::Row;
    let value: i64 = row.try_get(column)?;
    Ok(value != 0)
}

/// A non-negative count column.
fn count(row: &sqlx::any::AnyRow, column: &str) -> Result<u32, Error> {
    use sqlx::Row;
    let value: i64 = row.try_get(column)?;
    u32::try_from(value).map_err(|_| corrupt(column, value))
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
