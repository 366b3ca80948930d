//! Telling the other processes that a game changed, through PostgreSQL's `NOTIFY` and
//! `LISTEN`: each process notifies after it commits a change, and listens on its own
//! connection for the others'. On SQLite there is one process, so there is nothing to tell.
//!
//! A notice carries the game (or the tournament) and the process it came from (so a process
//! skips its own). It is a hint to look again, never the change itself: what changed is read
//! from the tables.

use std::fmt;
use std::sync::Arc;

use sqlx::postgres::PgListener;

use super::{Backend, Db, Error};
use crate::model::{GameId, TournamentId};

/// The channel the notices go on.
const CHANNEL: &str = "monkey_queen_games";

/// The database's URL, kept to open the listening connection; never printed, since it may hold
/// a password.
#[derive(Clone)]
pub(super) struct Url(Arc<str>);

impl Url {
    pub(super) fn new(url: &str) -> Url {
        Url(url.into())
    }
}

impl fmt::Debug for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Url(redacted)")
    }
}

/// What changed: a game, or a tournament (its players, a result set by hand).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Changed {
    /// A game.
    Game(GameId),
    /// A tournament.
    Tournament(TournamentId),
}

/// Something changed in some process.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Notice {
    /// The process that changed it (see [`notify_changed`]).
    pub origin: u64,
    /// What changed.
    pub what: Changed,
}

/// Tells the other processes that `what` changed, from process `origin`. Nothing on SQLite.
///
/// # Errors
/// Database failure.
pub async fn notify_changed(db: &Db, origin: u64, what: Changed) -> Result<(), Error> {
    if db.backend != Backend::Postgres {
        return Ok(());
    }
    let payload = match what {
        Changed::Game(game) => format!("{origin}:{}", game.0),
        Changed::Tournament(tournament) => format!("{origin}:t{}", tournament.0),
    };
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(CHANNEL)
        .bind(payload)
        .execute(&db.writer)
        .await?;
    Ok(())
}

/// The notices of every process, on a connection of their own; `None` on SQLite.
pub struct Listener(PgListener);

/// Starts listening for notices; `Ok(None)` on SQLite, where there are none.
///
/// # Errors
/// The database could not be reached.
pub async fn listen(db: &Db) -> Result<Option<Listener>, Error> {
    if db.backend != Backend::Postgres {
        return Ok(None);
    }
    let mut listener = PgListener::connect(&db.url.0).await?;
    listener.listen(CHANNEL).await?;
    Ok(Some(Listener(listener)))
}

impl Listener {
    /// The next notice. A lost connection is opened again by sqlx, and notices sent while it
    /// was down are lost: callers treat notices as hints.
    ///
    /// # Errors
    /// Database failure.
    pub async fn next(&mut self) -> Result<Notice, Error> {
        loop {
            let notification = self.0.recv().await?;
            if let Some(notice) = parse(notification.payload()) {
                return Ok(notice);
            }
        }
    }
}

/// Reads `origin:game` or `origin:ttournament`; anything else is not ours.
fn parse(payload: &str) -> Option<Notice> {
    let (origin, what) = payload.split_once(':')?;
    let what = match what.strip_prefix('t') {
        Some(tournament) => Changed::Tournament(TournamentId(tournament.parse().ok()?)),
        None => Changed::Game(GameId(what.parse().ok()?)),
    };
    Some(Notice {
        origin: origin.parse().ok()?,
        what,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notice_reads_back_and_foreign_payloads_do_not() {
        assert_eq!(
            parse("7:42"),
            Some(Notice {
                origin: 7,
                what: Changed::Game(GameId(42))
            })
        );
        assert_eq!(
            parse("7:t3"),
            Some(Notice {
                origin: 7,
                what: Changed::Tournament(TournamentId(3))
            })
        );
        for bad in ["", "7", "x:1", "1:y", "1:2:3", "1:t", "1:tx", "1:t1:2"] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }
}
