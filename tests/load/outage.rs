//! The database going away in the middle of a run (`MQ_LOAD_OUTAGE=1`): on PostgreSQL the
//! run's own server is stopped as for a restart and started again [`OUTAGE`] later; on SQLite
//! another connection holds the write lock (`BEGIN IMMEDIATE`) for as long. Then, from what
//! the players saw (every interaction traced, see `report::Trace`):
//!
//! - every interaction sent from the outage's start to [`RECOVERY`] after the database's
//!   return got its first answer within Discord's 3 seconds (a deferral counts), and came to
//!   something: what was asked, or a private "try again" (the database can't be reached), never
//!   another refusal;
//! - each bot process served again (a board, a challenge: a write) within [`RECOVERY`] of
//!   the database's return, without a restart;
//! - the announcements the outbox owed when the database came back were all delivered;
//! - nothing panicked, and every ERROR line in the bots' log says the database can't be
//!   reached.
//!
//! That no move was lost or applied twice is the run's verification, as in every run: a move
//! told "try again" is looked up by its interaction id, like a move in flight at a kill.

use std::collections::{BTreeMap, HashSet};
use std::time::{Duration, Instant};

use monkey_queen::games::GameService;
use monkey_queen::storage::Backend;
use sqlx::{Connection, Executor, SqliteConnection};
use tokio::sync::watch;

use crate::ids;
use crate::own_postgres::OwnPostgres;
use crate::report::{Report, Trace, summarize};

/// How long the database is away.
pub const OUTAGE: Duration = Duration::from_secs(10);
/// How soon after the database's return every process must serve again.
pub const RECOVERY: Duration = Duration::from_secs(5);
/// Discord's limit for an interaction's first answer.
const ANSWER_WITHIN: Duration = Duration::from_secs(3);
/// How long the outbox may take to deliver what it owed at the database's return.
const OWED_WITHIN: Duration = Duration::from_secs(30);

/// What takes the database away.
pub enum Outage {
    /// The run's own PostgreSQL server, stopped and started again.
    Restart(OwnPostgres),
    /// Another connection to the SQLite file, which takes the write lock and holds it.
    WriteLock(String),
}

/// When the database went away and came back.
#[derive(Debug, Clone, Copy)]
pub struct Window {
    /// When it went away (the stop began, or the lock was taken).
    pub gone: Instant,
    /// When it was back (the server accepted connections again, or the lock was let go).
    pub back: Instant,
}

impl Outage {
    /// Takes the database away for [`OUTAGE`], saying on `database` when it is gone (`false`)
    /// and back (`true`).
    pub async fn run(&self, database: &watch::Sender<bool>) -> Window {
        match self {
            Outage::Restart(server) => {
                let gone = Instant::now();
                let _ = database.send(false);
                tokio::task::block_in_place(|| server.stop());
                tokio::time::sleep_until((gone + OUTAGE).into()).await;
                tokio::task::block_in_place(|| server.start_again());
                let back = Instant::now();
                let _ = database.send(true);
                Window { gone, back }
            }
            Outage::WriteLock(url) => {
                let mut holder = SqliteConnection::connect(url).await.unwrap();
                holder.execute("PRAGMA busy_timeout = 30000").await.unwrap();
                holder.execute("BEGIN IMMEDIATE").await.unwrap();
                let gone = Instant::now();
                let _ = database.send(false);
                tokio::time::sleep_until((gone + OUTAGE).into()).await;
                holder.execute("ROLLBACK").await.unwrap();
                let back = Instant::now();
                let _ = database.send(true);
                holder.close().await.unwrap();
                Window { gone, back }
            }
        }
    }

    /// Says what was done, for the report's title line.
    pub fn describe(&self) -> String {
        match self {
            Outage::Restart(_) => format!(
                "the PostgreSQL server stopped (fast shutdown) and started again {} s later",
                OUTAGE.as_secs()
            ),
            Outage::WriteLock(_) => format!(
                "SQLite's write lock held by another connection for {} s",
                OUTAGE.as_secs()
            ),
        }
    }
}

/// The announcements the outbox owes now (due), read once the database answers again, and
/// how many more it holds that are not due yet (boards in their grace, which the process that
/// made them owed delivers itself, else the outbox once it ends).
pub async fn owed(service: &GameService) -> (HashSet<i64>, usize) {
    let deadline = Instant::now() + RECOVERY;
    loop {
        let owed: Result<Vec<(i64, i64)>, sqlx::Error> = async {
            sqlx::query_as("SELECT id, due_ms FROM announcements")
                .fetch_all(&mut *service.db().read().await?)
                .await
        }
        .await;
        let now = service.now_ms();
        match owed {
            Ok(rows) => {
                let due: HashSet<i64> = rows
                    .iter()
                    .filter(|(_, due)| *due <= now)
                    .map(|(id, _)| *id)
                    .collect();
                return (due.clone(), rows.len() - due.len());
            }
            Err(e) if Instant::now() > deadline => panic!("the outbox can't be read: {e}"),
            Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
}

/// Waits until none of `owed` is left in the outbox (each delivered, or given up and so
/// gone too); how long that took, or `None` after [`OWED_WITHIN`].
pub async fn delivered(service: &GameService, owed: HashSet<i64>) -> Option<Duration> {
    let started = Instant::now();
    while started.elapsed() < OWED_WITHIN {
        let left: Result<Vec<i64>, sqlx::Error> = async {
            sqlx::query_scalar("SELECT id FROM announcements")
                .fetch_all(&mut *service.db().read().await?)
                .await
        }
        .await;
        if let Ok(left) = left
            && !left.iter().any(|id| owed.contains(id))
        {
            return Some(started.elapsed());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    None
}

/// What the outage run found: lines for the report, and problems.
pub struct Figures {
    /// Lines of the report.
    pub lines: Vec<String>,
    /// What failed a promise.
    pub problems: Vec<String>,
}

/// Which of `processes` bot processes serves pair `pair` (each plays in a server of its own,
/// on shard `(guild >> 22) % shards` as Discord routes it).
fn process_of(pair: usize, processes: u32) -> u32 {
    u32::try_from((ids::guild(pair) >> 22) % u64::from(processes)).unwrap()
}

/// The figures of the outage `window`, from every interaction the players traced; `owed`
/// announcements were owed (due) at the return and delivered after `delivered`, beside
/// `not_due` not due yet;
/// `unreachable_lines` ERROR lines of the log said the database can't be reached.
pub fn figures(
    report: &Report,
    window: Window,
    processes: u32,
    backend: Backend,
    owed: (usize, Option<Duration>),
    not_due: usize,
    unreachable_lines: u64,
) -> Figures {
    let mut problems = Vec::new();
    let ends = window.back + RECOVERY;
    let during: Vec<&Trace> = report
        .traces
        .values()
        .filter(|t| t.sent >= window.gone && t.sent < ends)
        .collect();
    let firsts: Vec<Duration> = during
        .iter()
        .filter_map(|t| t.first.map(|f| f.duration_since(t.sent)))
        .collect();
    let late = during
        .iter()
        .filter(|t| {
            t.first
                .is_none_or(|f| f.duration_since(t.sent) > ANSWER_WITHIN)
        })
        .count();
    let deferred = during.iter().filter(|t| t.deferred).count();
    let served = during.iter().filter(|t| t.served.is_some()).count();
    let try_again = during.iter().filter(|t| t.try_again).count();
    let refused = during.iter().filter(|t| t.refused).count();
    let unsuggested = during.iter().filter(|t| t.unsuggested).count();
    let nothing = during
        .iter()
        .filter(|t| t.served.is_none() && !t.try_again && !t.refused)
        .count();
    let first = summarize(&firsts);
    let mut lines = vec![format!(
        "outage: the database away {:.1} s; {} interactions sent from then to {} s after its return: {} answered within 3 s ({} deferred; first answer median {:.0} ms, worst {:.0} ms); {} served, {} told to try again, {} refused otherwise, {} came to nothing; {} suggestion lists without the move (empty in time)",
        window.back.duration_since(window.gone).as_secs_f64(),
        during.len(),
        RECOVERY.as_secs(),
        during.len() - late,
        deferred,
        first.median.as_secs_f64() * 1000.0,
        first.worst.as_secs_f64() * 1000.0,
        served,
        try_again,
        refused,
        nothing,
        unsuggested,
    )];
    if during.is_empty() {
        problems.push("no interaction was sent during the outage".to_owned());
    }
    if late > 0 {
        problems.push(format!(
            "{late} interactions of the outage had no answer within 3 s"
        ));
    }
    if refused + nothing > 0 {
        problems.push(format!(
            "{refused} interactions of the outage were refused, {nothing} came to nothing"
        ));
    }
    // Suggestions, outside the outage and its recovery, always hold the move.
    let unsuggested_outside = report
        .traces
        .values()
        .filter(|t| t.unsuggested && (t.sent < window.gone || t.sent >= ends))
        .count();
    if unsuggested_outside > 0 {
        problems.push(format!(
            "{unsuggested_outside} suggestion lists outside the outage did not hold the move"
        ));
    }
    if backend == Backend::Sqlite && try_again > 0 {
        // Behind SQLite's lock, writes wait (the busy timeout is 30 s) and are served.
        problems.push(format!(
            "{try_again} interactions were told to try again behind a 10 s lock"
        ));
    }
    let mut recovered = BTreeMap::new();
    for trace in report.traces.values().filter(|t| t.changes) {
        if let Some(served) = trace.served.filter(|s| *s >= window.back) {
            let process = process_of(trace.pair, processes);
            let after = served.duration_since(window.back);
            recovered
                .entry(process)
                .and_modify(|d: &mut Duration| *d = (*d).min(after))
                .or_insert(after);
        }
    }
    let mut each = Vec::new();
    for process in 0..processes {
        match recovered.get(&process) {
            Some(after) => {
                each.push(format!(
                    "process {}: {:.0} ms",
                    process + 1,
                    after.as_secs_f64() * 1000.0
                ));
                if *after > RECOVERY {
                    problems.push(format!(
                        "process {} served again only {:.1} s after the database's return",
                        process + 1,
                        after.as_secs_f64()
                    ));
                }
            }
            None => {
                each.push(format!("process {}: never", process + 1));
                problems.push(format!("process {} never served again", process + 1));
            }
        }
    }
    lines.push(format!(
        "recovery: served again after the database's return, without a restart: {}",
        each.join(", ")
    ));
    let (owed, delivered) = owed;
    lines.push(match delivered {
        Some(took) => format!(
            "outbox: {owed} announcements due at the database's return, all delivered within {:.1} s ({not_due} more queued, not due yet)",
            took.as_secs_f64()
        ),
        None => {
            problems.push(format!(
                "the outbox did not deliver the {owed} announcements it owed within {} s",
                OWED_WITHIN.as_secs()
            ));
            format!("outbox: {owed} announcements owed at the database's return, not all delivered")
        }
    });
    lines.push(format!(
        "log: {unreachable_lines} ERROR lines saying the database can't be reached (any other ERROR line or panic is a problem)"
    ));
    Figures { lines, problems }
}
