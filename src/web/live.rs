//! Pages follow their game live: `GET /api/games/{key}/events` is a stream of server-sent
//! events, each the whole state (see [`super::state`]) as JSON, the current one first.
//!
//! One feed per process subscribes to the service's events (which include other processes'
//! changes on PostgreSQL). For a game that someone watches, it reads the game once per change
//! and hands the same JSON to every watcher, so a thousand pages on one game cost one read.
//! A page that falls behind skips to the newest state; a closed page stops costing anything.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::extract::{Path, State};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{self, Stream, StreamExt};
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::watch;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::{debug, warn};

use super::Web;
use super::state::{self, PageState};
use crate::games::{GameEvent, GameId, PageKey, Reach};

/// How often an idle stream says it is alive, so proxies keep it open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// A state sent to a game's pages: how far the game had gone, and its JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Snapshot {
    progress: (usize, bool),
    json: Arc<str>,
}

impl Snapshot {
    fn of(state: &PageState) -> Snapshot {
        Snapshot {
            progress: state.progress(),
            json: state::json(state).into(),
        }
    }
}

/// A watched game: its page's key, and the latest state its pages were sent.
struct Watched {
    key: PageKey,
    sender: watch::Sender<Snapshot>,
}

/// The games being watched.
#[derive(Clone)]
pub(super) struct Hub {
    games: Arc<Mutex<HashMap<GameId, Watched>>>,
    stop: CancellationToken,
}

impl Hub {
    pub(super) fn new(stop: CancellationToken) -> Hub {
        Hub {
            games: Arc::default(),
            stop,
        }
    }

    fn games(&self) -> std::sync::MutexGuard<'_, HashMap<GameId, Watched>> {
        self.games.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Watches `game`, whose state is `current` as the caller read it; the hub keeps
    /// whichever of that and what the feed sent is further on.
    fn watch(&self, game: GameId, key: PageKey, current: Snapshot) -> watch::Receiver<Snapshot> {
        let mut games = self.games();
        let watched = games.entry(game).or_insert_with(|| Watched {
            key,
            sender: watch::Sender::new(current.clone()),
        });
        let receiver = watched.sender.subscribe();
        watched.sender.send_if_modified(|latest| {
            let further = current.progress > latest.progress;
            if further {
                *latest = current;
            }
            further
        });
        receiver
    }

    /// The key and sender of `game` while anyone watches it; forgets it once nobody does.
    fn watched(&self, game: GameId) -> Option<(PageKey, watch::Sender<Snapshot>)> {
        let mut games = self.games();
        let watched = games.get(&game)?;
        if watched.sender.receiver_count() == 0 {
            games.remove(&game);
            return None;
        }
        Some((watched.key.clone(), watched.sender.clone()))
    }

    /// Feeds the watchers from the service's events until the hub's stop, on `tasks`. With
    /// local play on, it also reports the computer's boards in games played here as shown
    /// (the page is where they are shown).
    pub(super) fn spawn_feed(&self, web: Web, tasks: &TaskTracker) {
        let mut events = web.service.subscribe();
        let stop = self.stop.clone();
        tasks.spawn(async move {
            loop {
                let event = tokio::select! {
                    biased;
                    () = stop.cancelled() => break,
                    event = events.recv() => event,
                };
                match event {
                    Ok(event) => feed(&web, &event).await,
                    Err(RecvError::Lagged(missed)) => {
                        warn!(
                            missed,
                            "the pages fell behind the service's events; refreshing all"
                        );
                        let games: Vec<GameId> = web.hub.games().keys().copied().collect();
                        for game in games {
                            refresh(&web, game).await;
                        }
                    }
                    Err(RecvError::Closed) => break,
                }
            }
            debug!("stopped feeding the game pages");
        });
    }
}

/// Shows one event to the pages of its game.
async fn feed(web: &Web, event: &GameEvent) {
    if let GameEvent::ComputerMoved(played) = event
        && played.game.place.reach == Reach::Web
        && let Some(id) = played.announcement
        && let Err(e) = web.service.announced(id).await
    {
        warn!(game = %played.game.id, error = %e, "could not report a board shown on its page");
    }
    refresh(web, event.game()).await;
}

/// Reads `game` again and sends its state to its pages, if any.
async fn refresh(web: &Web, game: GameId) {
    let Some((key, sender)) = web.hub.watched(game) else {
        return;
    };
    match state::load(web, key.as_str()).await {
        Ok((_, _, state)) => {
            let snapshot = Snapshot::of(&state);
            sender.send_if_modified(|latest| {
                let changed = *latest != snapshot;
                if changed {
                    *latest = snapshot;
                }
                changed
            });
        }
        Err(e) => debug!(%game, error = ?e, "could not read a watched game's page"),
    }
}

/// `GET /api/games/{key}/events`: the state now, then after every change, until the page
/// closes or the server stops.
pub(super) async fn events(State(web): State<Web>, Path(key): Path<String>) -> Response {
    let (page, key, state) = match state::load(&web, &key).await {
        Ok(loaded) => loaded,
        Err(e) => return e.into_response(),
    };
    let receiver = web.hub.watch(page.game.id, key, Snapshot::of(&state));
    Sse::new(stream_of(receiver, web.hub.stop.clone()))
        .keep_alive(KeepAlive::new().interval(KEEP_ALIVE))
        .into_response()
}

/// The states a watcher is sent: the latest at once, then each newer one; ends at `stop`.
fn stream_of(
    receiver: watch::Receiver<Snapshot>,
    stop: CancellationToken,
) -> impl Stream<Item = Result<Event, Infallible>> {
    let states = stream::unfold((receiver, true), |(mut receiver, first)| async move {
        if !first && receiver.changed().await.is_err() {
            return None;
        }
        let json = receiver.borrow_and_update().json.clone();
        Some((json, (receiver, false)))
    });
    states
        .map(|json| Ok(Event::default().event("state").data(&*json)))
        .take_until(stop.cancelled_owned())
}
