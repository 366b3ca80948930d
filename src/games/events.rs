//! What the service publishes: every change to a game, from any face (chat, web) or from the
//! service itself (the computer's moves, the clock), so that every face shows it.
//!
//! Within a process the events go out on a broadcast channel ([`GameService::subscribe`]).
//! Across processes sharing a PostgreSQL database, each change is also notified (see
//! [`storage::notify_changed`]); [`GameService::relay_other_processes`] turns the other
//! processes' notices into [`GameEvent::Changed`] (or [`GameEvent::TournamentChanged`]) here.
//! Events are hints to show something again: what a face shows is read from the service, so a
//! missed event costs freshness, never data.

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use tokio::sync::broadcast::error::RecvError;
use tokio::sync::{Notify, broadcast};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::{debug, warn};

use super::{GameId, GameService, GameStarted, MovePlayed, TournamentId};
use crate::storage::{self, Backend};

/// How many events a slow subscriber may fall behind before it misses some.
const BACKLOG: usize = 4096;

/// Something that happened to a game.
#[derive(Debug, Clone)]
pub enum GameEvent {
    /// A game changed: a move, a start, an end, a new analysis; in this process or another.
    Changed(GameId),
    /// A move was played in this process away from the chat: by the computer, or on the
    /// Activity. Its board is owed to the chat; a face that delivers it reports the
    /// announcement (see [`MovePlayed::announcement`]).
    MovedAway(Arc<MovePlayed>),
    /// A game against the computer started in this process away from the chat (on the
    /// Activity): its first board is owed to the chat; a face that posts it reports the
    /// announcement (see [`GameStarted::announcement`]).
    StartedAway(Arc<GameStarted>),
    /// A tournament changed otherwise than through one of its games: a player joined, left or
    /// was withdrawn, it started, the organiser replaced a result; in this process or another.
    TournamentChanged(TournamentId),
}

impl GameEvent {
    /// The game it is about (`None`: a tournament's change).
    #[must_use]
    pub fn game(&self) -> Option<GameId> {
        match self {
            GameEvent::Changed(game) => Some(*game),
            GameEvent::MovedAway(played) => Some(played.game.id),
            GameEvent::StartedAway(started) => Some(started.game.id),
            GameEvent::TournamentChanged(_) => None,
        }
    }

    /// What changed, as other processes are told.
    fn changed(&self) -> storage::Changed {
        match self {
            GameEvent::Changed(game) => storage::Changed::Game(*game),
            GameEvent::MovedAway(played) => storage::Changed::Game(played.game.id),
            GameEvent::StartedAway(started) => storage::Changed::Game(started.game.id),
            GameEvent::TournamentChanged(tournament) => storage::Changed::Tournament(*tournament),
        }
    }
}

/// What a follower of the service's events hears (see [`GameService::follow`]).
#[derive(Debug, Clone)]
pub enum Heard {
    /// Something happened.
    Event(GameEvent),
    /// The follower fell behind and missed this many events: what it shows should be read
    /// again (what is owed to the players is in the outbox, which delivers it anyway).
    Missed(u64),
}

/// The service's publisher: a broadcast channel and this process's id among the processes;
/// and the outbox's bell, rung once an announcement due at once has been committed.
#[derive(Clone)]
pub(super) struct Events {
    sender: broadcast::Sender<GameEvent>,
    /// A random id, so a process skips its own notices.
    origin: u64,
    /// Set when an announcement due at once is queued; its transaction's publication
    /// (after the commit) clears it and rings [`Self::outbox`].
    owed_now: Arc<AtomicBool>,
    /// Rung for the deliverer waiting in [`GameService::outbox_rung`].
    outbox: Arc<Notify>,
}

impl Default for Events {
    fn default() -> Events {
        let mut origin = [0u8; 8];
        // Two processes with the same id would only miss each other's notices.
        let _ = getrandom::fill(&mut origin);
        Events {
            sender: broadcast::channel(BACKLOG).0,
            origin: u64::from_ne_bytes(origin),
            owed_now: Arc::default(),
            outbox: Arc::default(),
        }
    }
}

impl GameService {
    /// Every event from now on. A subscriber that falls more than a few thousand events
    /// behind is told how many it missed (`RecvError::Lagged`) and carries on.
    #[must_use]
    pub fn subscribe(&self) -> broadcast::Receiver<GameEvent> {
        self.events.sender.subscribe()
    }

    /// Calls `on` with everything heard from now until `stop`, one at a time, on `tasks`.
    /// Subscribed before it returns, so nothing published after it is missed; `follower`
    /// names it in the logs.
    pub fn follow<F, Fut>(
        &self,
        follower: &'static str,
        tasks: &TaskTracker,
        stop: CancellationToken,
        mut on: F,
    ) where
        F: FnMut(Heard) -> Fut + Send + 'static,
        Fut: Future<Output = ()> + Send,
    {
        let mut events = self.subscribe();
        tasks.spawn(async move {
            loop {
                let heard = tokio::select! {
                    biased;
                    () = stop.cancelled() => break,
                    event = events.recv() => match event {
                        Ok(event) => Heard::Event(event),
                        Err(RecvError::Lagged(missed)) => {
                            warn!(follower, missed, "fell behind the service's events");
                            Heard::Missed(missed)
                        }
                        Err(RecvError::Closed) => break,
                    },
                };
                on(heard).await;
            }
            debug!(follower, "stopped following the service's events");
        });
    }

    /// Publishes `event` here and, for a shared PostgreSQL database, tells the other
    /// processes that its game (or tournament) changed (in the background: the caller's answer never waits).
    pub(super) fn publish(&self, event: GameEvent) {
        let what = event.changed();
        // Nobody listening is fine.
        let _ = self.events.sender.send(event);
        self.ring_if_owed();
        if self.db.backend() == Backend::Postgres {
            let (db, origin) = (self.db.clone(), self.events.origin);
            tokio::spawn(async move {
                if let Err(e) = storage::notify_changed(&db, origin, what).await {
                    warn!(?what, error = %e, "could not tell the other processes of a change");
                }
            });
        }
    }

    /// Notes that an announcement due at once was queued in a transaction: once that
    /// transaction's change is published, the outbox's deliverer is woken (see
    /// [`Self::outbox_rung`]). A note that another transaction's publication takes first
    /// only wakes the deliverer early; the sweep finds what it missed.
    pub(super) fn owed_now(&self) {
        self.events.owed_now.store(true, Ordering::Release);
    }

    /// Rings the outbox's bell if an announcement due at once was queued (see
    /// [`Self::owed_now`]); called once the transaction that queued it has committed.
    pub(super) fn ring_if_owed(&self) {
        if self.events.owed_now.swap(false, Ordering::AcqRel) {
            self.events.outbox.notify_one();
        }
    }

    /// Resolves once an announcement due at once (a tournament's round, the first boards of
    /// its games, a loss on time) has been queued and committed since the last call, so its
    /// deliverer need not wait for the next sweep.
    pub async fn outbox_rung(&self) {
        self.events.outbox.notified().await;
    }

    /// Publishes that `game` changed (see [`Self::publish`]).
    pub(super) fn changed(&self, game: GameId) {
        self.publish(GameEvent::Changed(game));
    }

    /// Publishes that `tournament` changed otherwise than through one of its games (see
    /// [`Self::publish`]).
    pub(super) fn tournament_changed(&self, tournament: TournamentId) {
        self.publish(GameEvent::TournamentChanged(tournament));
    }

    /// Relays the changes other processes make (PostgreSQL only) as [`GameEvent::Changed`] and
    /// [`GameEvent::TournamentChanged`] until `stop`, on `tasks`. The listening connection is
    /// opened again when it fails.
    pub fn relay_other_processes(&self, tasks: &TaskTracker, stop: CancellationToken) {
        if self.db.backend() != Backend::Postgres {
            return;
        }
        let service = self.clone();
        tasks.spawn(async move {
            tokio::select! {
                () = stop.cancelled() => {}
                () = service.relay() => {}
            }
            debug!("stopped relaying other processes' changes");
        });
    }

    async fn relay(&self) {
        loop {
            match storage::listen(&self.db).await {
                Ok(Some(mut listener)) => loop {
                    match listener.next().await {
                        Ok(notice) if notice.origin != self.events.origin => {
                            let event = match notice.what {
                                storage::Changed::Game(game) => GameEvent::Changed(game),
                                storage::Changed::Tournament(tournament) => {
                                    GameEvent::TournamentChanged(tournament)
                                }
                            };
                            let _ = self.events.sender.send(event);
                        }
                        Ok(_) => {}
                        Err(e) => {
                            warn!(error = %e, "lost the notices of other processes; listening again");
                            break;
                        }
                    }
                },
                Ok(None) => return,
                Err(e) => warn!(error = %e, "could not listen for other processes' changes"),
            }
            tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        }
    }
}
