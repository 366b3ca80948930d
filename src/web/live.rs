//! Pages follow their game live: `GET /api/games/{key}/events` is a stream of server-sent
//! events, each the whole state (see [`super::state`]) as JSON, the current one first; the
//! Activity gets the same states over a WebSocket (`GET /api/games/{key}/socket`), which
//! Discord's proxy is documented to carry.
//!
//! One feed per process subscribes to the service's events (which include other processes'
//! changes on PostgreSQL). For a game that someone watches, it reads the game once per change
//! and hands the same JSON to every watcher, so a thousand pages on one game cost one read.
//! A page that falls behind skips to the newest state; a closed page stops costing anything.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{self, Stream, StreamExt};
use serde::Deserialize;
use tokio::sync::watch;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::{debug, warn};

use super::Web;
use super::errors::WebError;
use super::state::{self, PageState};
use super::streams::Slot;
use crate::games::{GameEvent, GameId, Heard, PageKey, Reach};

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

    /// The key and sender of `game` while anyone watches it.
    fn watched(&self, game: GameId) -> Option<(PageKey, watch::Sender<Snapshot>)> {
        let games = self.games();
        let watched = games.get(&game)?;
        Some((watched.key.clone(), watched.sender.clone()))
    }

    /// How many games pages watch now.
    #[cfg(test)]
    fn watched_games(&self) -> usize {
        self.games().len()
    }

    /// Feeds the watchers from the service's events until the hub's stop, on `tasks`. With
    /// local play on, it also reports the computer's boards in games played here as shown
    /// (the page is where they are shown).
    pub(super) fn spawn_feed(&self, web: Web, tasks: &TaskTracker) {
        let service = web.service.clone();
        service.follow("the game pages", tasks, self.stop.clone(), move |heard| {
            let web = web.clone();
            async move {
                match heard {
                    Heard::Event(event) => feed(&web, &event).await,
                    Heard::Missed(_) => {
                        let games: Vec<GameId> = web.hub.games().keys().copied().collect();
                        for game in games {
                            refresh(&web, game).await;
                        }
                    }
                }
            }
        });
    }
}

/// Shows one event to the pages of its game.
async fn feed(web: &Web, event: &GameEvent) {
    if let GameEvent::MovedAway(played) = event
        && played.game.place.reach == Reach::Web
        && let Some(id) = played.announcement
        && let Err(e) = web.service.delivery().announced(id).await
    {
        warn!(game = %played.game.id, error = %e, "could not report a board shown on its page");
    }
    if let Some(game) = event.game() {
        refresh(web, game).await;
    }
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

/// A page's departure from its game: when the last one leaves, the hub forgets the game; its
/// stream's place is freed.
struct Leaving {
    hub: Hub,
    game: GameId,
    _slot: Slot,
}

impl Drop for Leaving {
    fn drop(&mut self) {
        let mut games = self.hub.games();
        if games
            .get(&self.game)
            .is_some_and(|w| w.sender.receiver_count() == 0)
        {
            games.remove(&self.game);
        }
    }
}

/// `GET /api/games/{key}/events`: the state now, then after every change, until the page
/// closes or the server stops; refused beyond the limits of [`super::streams`].
pub(super) async fn events(
    State(web): State<Web>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(key): Path<String>,
) -> Response {
    let slot = match web.streams.open(web.clients.of(peer, &headers)) {
        Ok(slot) => slot,
        Err(e) => return e.into_response(),
    };
    let states = match watch_page(&web, &key, slot).await {
        Ok(states) => states,
        Err(e) => return e.into_response(),
    };
    let stream = Sse::new(stream_of(states, web.hub.stop.clone()))
        .keep_alive(KeepAlive::new().interval(KEEP_ALIVE));
    // A reverse proxy such as nginx passes each event on at once instead of buffering them.
    ([("x-accel-buffering", "no")], stream).into_response()
}

/// Starts watching the game of the page at `key`, holding `slot` until the page leaves: its
/// states from now on (see [`states`]).
async fn watch_page(
    web: &Web,
    key: &str,
    slot: Slot,
) -> Result<impl Stream<Item = Arc<str>> + use<>, WebError> {
    let (page, key, state) = state::load(web, key).await?;
    let game = page.game.id;
    let receiver = web.hub.watch(game, key, Snapshot::of(&state));
    let leaving = Leaving {
        hub: web.hub.clone(),
        game,
        _slot: slot,
    };
    Ok(states(receiver, leaving))
}

/// The event stream of a watcher: its `states` as `state` events; ends at `stop`.
fn stream_of(
    states: impl Stream<Item = Arc<str>>,
    stop: CancellationToken,
) -> impl Stream<Item = Result<Event, Infallible>> {
    states
        .map(|json| Ok(Event::default().event("state").data(&*json)))
        .take_until(stop.cancelled_owned())
}

/// The states a watcher is sent, as JSON: the latest at once, then each newer one.
fn states(receiver: watch::Receiver<Snapshot>, leaving: Leaving) -> impl Stream<Item = Arc<str>> {
    // The receiver goes before `leaving` when the stream is dropped (tuple fields drop in
    // order), so the last page's departure finds no receiver left.
    let watching = (receiver, leaving, true);
    stream::unfold(watching, |(mut receiver, leaving, first)| async move {
        if !first && receiver.changed().await.is_err() {
            return None;
        }
        let json = receiver.borrow_and_update().json.clone();
        Some((json, (receiver, leaving, false)))
    })
}

/// What a socket's address may carry: the Activity's session (a browser can't set a
/// WebSocket's headers), so its person, not Discord's proxy, counts the socket.
#[derive(Deserialize)]
pub(super) struct SocketAsked {
    session: Option<String>,
}

/// The largest frame or message a page may send: it sends nothing but pongs and its close.
const MOST_FROM_PAGE: usize = 1024;
/// The most a socket may have waiting to be sent before the page is taken as gone.
const MOST_WAITING: usize = 1024 * 1024;

/// `GET /api/games/{key}/socket`: the same states over a WebSocket, one text message each,
/// for the Activity: Discord's proxy carries WebSockets (its documentation says so, and says
/// nothing of event streams). The page sends nothing; a frame from it over 1 KB closes the
/// socket before it is read. Counted and refused as event streams are.
pub(super) async fn socket(
    State(web): State<Web>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(key): Path<String>,
    Query(asked): Query<SocketAsked>,
    upgrade: WebSocketUpgrade,
) -> Response {
    let client = web
        .clients
        .with_session(peer, &headers, asked.session.as_deref());
    let slot = match web.streams.open(client) {
        Ok(slot) => slot,
        Err(e) => return e.into_response(),
    };
    let states = match watch_page(&web, &key, slot).await {
        Ok(states) => states,
        Err(e) => return e.into_response(),
    };
    let stop = web.hub.stop.clone();
    upgrade
        .max_frame_size(MOST_FROM_PAGE)
        .max_message_size(MOST_FROM_PAGE)
        .max_write_buffer_size(MOST_WAITING)
        .on_upgrade(move |socket| send_states(socket, states, stop))
}

/// Sends each state on `socket` until the page leaves or the server stops, with a ping when
/// nothing was sent for a while, so proxies keep it open.
async fn send_states(
    mut socket: WebSocket,
    states: impl Stream<Item = Arc<str>>,
    stop: CancellationToken,
) {
    let mut states = std::pin::pin!(states);
    let mut idle = tokio::time::interval(KEEP_ALIVE);
    idle.reset();
    loop {
        let sent = tokio::select! {
            biased;
            () = stop.cancelled() => break,
            state = states.next() => match state {
                Some(json) => socket.send(Message::Text((&*json).into())).await,
                None => break,
            },
            heard = socket.recv() => match heard {
                Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                Some(Ok(_)) => continue,
            },
            _ = idle.tick() => socket.send(Message::Ping(Default::default())).await,
        };
        if sent.is_err() {
            break;
        }
        idle.reset();
    }
    let _ = socket.send(Message::Close(None)).await;
}

#[cfg(test)]
mod tests {
    use std::net::Ipv4Addr;

    use super::*;
    use crate::web::client::Client;
    use crate::web::streams::Streams;

    fn snapshot(positions: usize) -> Snapshot {
        Snapshot {
            progress: (positions, false),
            json: positions.to_string().into(),
        }
    }

    /// A page is sent whichever state is further on, the hub's or the one it read; when the
    /// last page on a game closes, the hub forgets the game.
    #[test]
    fn pages_get_the_latest_state_and_a_game_nobody_watches_is_forgotten() {
        let hub = Hub::new(CancellationToken::new());
        let streams = Streams::default();
        let key = PageKey::random();
        let page = |current| {
            let receiver = hub.watch(GameId(1), key.clone(), current);
            let leaving = Leaving {
                hub: hub.clone(),
                game: GameId(1),
                _slot: streams
                    .open(Client::Network(Ipv4Addr::LOCALHOST.into()))
                    .unwrap(),
            };
            (receiver, leaving)
        };
        let first = page(snapshot(3));
        let second = page(snapshot(2));
        assert_eq!(second.0.borrow().progress.0, 3, "the hub's is newer");
        let third = page(snapshot(5));
        assert_eq!(
            first.0.borrow().progress.0,
            5,
            "the newest read reaches every page"
        );
        assert_eq!(hub.watched_games(), 1);
        drop(first);
        drop(second);
        assert_eq!(hub.watched_games(), 1, "one page still watches");
        drop(third);
        assert_eq!(hub.watched_games(), 0, "forgotten with its last page");
    }
}
