//! SQLite's connections, kept out of sqlx's pool between uses.
//!
//! sqlx's pool takes a connection back in a task of its own that first pings it (a round trip
//! to the connection's thread) and only then lets the next user in: on a busy bot, most of the
//! time the one writing connection was not in use went there, and every use cost a ping. A
//! connection to a local file does not break on its own, so on SQLite each connection, once
//! opened, stays out of the pool and goes from one user straight to the next, in the order
//! they asked. One its user gave up on half-way ([`Lent::close_on_drop`]) goes back to the
//! pool to be closed, and a fresh one is opened in its place.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection, AnyPool};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::Error;

/// Connections taken from `pool` once and lent out in turn.
#[derive(Debug, Clone)]
pub(super) struct Kept {
    pool: AnyPool,
    /// The connections taken and not lent out.
    idle: Arc<Mutex<Vec<PoolConnection<Any>>>>,
    /// One per connection the pool may open; a user holds one while it holds a connection.
    turns: Arc<Semaphore>,
    size: u32,
    timeout: Duration,
}

impl Kept {
    /// Lends out up to `size` of `pool`'s connections (its maximum), each after a wait of at
    /// most `timeout`.
    pub(super) fn new(pool: AnyPool, size: u32, timeout: Duration) -> Kept {
        Kept {
            pool,
            idle: Arc::default(),
            turns: Arc::new(Semaphore::new(size as usize)),
            size,
            timeout,
        }
    }

    /// A connection, once one is free: a kept one, or a new one from the pool.
    ///
    /// # Errors
    /// No connection within the timeout, the pool closed, or a new connection failed.
    pub(super) async fn lend(&self) -> Result<Lent, Error> {
        let turn = tokio::time::timeout(self.timeout, Arc::clone(&self.turns).acquire_owned())
            .await
            .map_err(|_| Error::PoolTimedOut)?
            .map_err(|_| Error::PoolClosed)?;
        let kept = self.lock().pop();
        let conn = match kept {
            Some(conn) => conn,
            // Fewer are taken than the pool's maximum while a turn is held.
            None => self.pool.acquire().await?,
        };
        Ok(Lent {
            conn: Some(conn),
            idle: Arc::clone(&self.idle),
            turns: Arc::clone(&self.turns),
            close: false,
            _turn: turn,
        })
    }

    /// How many connections are lent out now.
    pub(super) fn lent(&self) -> u32 {
        let free = u32::try_from(self.turns.available_permits()).unwrap_or(u32::MAX);
        self.size.saturating_sub(free)
    }

    /// Lends no more, and gives every connection kept back to the pool (those lent out go back
    /// as they are returned), so that the pool can close them.
    pub(super) fn stop(&self) {
        let kept = {
            let mut idle = self.lock();
            self.turns.close();
            std::mem::take(&mut *idle)
        };
        drop(kept);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<PoolConnection<Any>>> {
        self.idle.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// A connection lent out by [`Kept`], kept again when dropped.
#[derive(Debug)]
pub(super) struct Lent {
    conn: Option<PoolConnection<Any>>,
    idle: Arc<Mutex<Vec<PoolConnection<Any>>>>,
    turns: Arc<Semaphore>,
    close: bool,
    _turn: OwnedSemaphorePermit,
}

impl Lent {
    /// Closes the connection when dropped instead of keeping it: its user left it in a state
    /// the next one must not inherit.
    pub(super) fn close_on_drop(&mut self) {
        self.close = true;
    }

    fn conn(&self) -> &PoolConnection<Any> {
        self.conn
            .as_ref()
            .expect("a lent connection is there until dropped")
    }

    fn conn_mut(&mut self) -> &mut PoolConnection<Any> {
        self.conn
            .as_mut()
            .expect("a lent connection is there until dropped")
    }
}

impl std::ops::Deref for Lent {
    type Target = AnyConnection;

    fn deref(&self) -> &AnyConnection {
        self.conn()
    }
}

impl std::ops::DerefMut for Lent {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        self.conn_mut()
    }
}

impl Drop for Lent {
    fn drop(&mut self) {
        let Some(mut conn) = self.conn.take() else {
            return;
        };
        if self.close {
            conn.close_on_drop();
            return;
        }
        let mut idle = self.idle.lock().unwrap_or_else(PoisonError::into_inner);
        if !self.turns.is_closed() {
            idle.push(conn);
        }
        // Otherwise (stopped) `conn` goes back to the pool, after the lock is released.
    }
}
