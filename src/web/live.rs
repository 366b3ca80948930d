//! Pages follow their game live: `GET /api/games/{key}/events` is a stream of server-sent
//! events, each the whole state (see [`super::state`]) as JSON, the current one first; the
//! Activity gets the same states over a WebSocket (`GET /api/games/{key}/socket`), which
//! Discord's proxy is documented to carry.
//!
//! One feed per process subscribes to the service's events (which include other processes'
//! changes on PostgreSQL). For a game that someone watches, it reads the game once per change
//! and hands the same JSON to every watcher, so a thousand pages on one game cost one read.
//! A page that falls behind skips to the newest state; a closed page stops costing anything.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};

use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{Stream, StreamExt};
use serde::Deserialize;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::{debug, warn};

use super::Web;
use super::errors::WebError;
use super::state::{self, PageState};
use super::streams::Slot;
use super::watchers::{Watchers, send_if_changed};
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

/// A watched game's latest: its page's key, and the state its pages were sent.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Watched {
    key: PageKey,
    snapshot: Snapshot,
}

/// The games being watched.
#[derive(Clone)]
pub(super) struct Hub {
    games: Watchers<GameId, Watched>,
    stop: CancellationToken,
}

impl Hub {
    pub(super) fn new(stop: CancellationToken) -> Hub {
        Hub {
            games: Watchers::default(),
            stop,
        }
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
                        for game in web.hub.games.ids() {
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
    let Some(sender) = web.hub.games.sender(game) else {
        return;
    };
    let key = sender.borrow().key.clone();
    match state::load(web, key.as_str()).await {
        Ok((_, key, state)) => {
            let snapshot = Snapshot::of(&state);
            send_if_changed(&sender, Watched { key, snapshot });
        }
        Err(e) => debug!(%game, error = ?e, "could not read a watched game's page"),
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
/// states from now on, as JSON: the latest at once, then each newer one.
async fn watch_page(
    web: &Web,
    key: &str,
    slot: Slot,
) -> Result<impl Stream<Item = Arc<str>> + use<>, WebError> {
    let (page, key, state) = state::load(web, key).await?;
    let snapshot = Snapshot::of(&state);
    let watching = web.hub.games.watch(
        page.game.id,
        Watched { key, snapshot },
        slot,
        // The hub keeps whichever of the page's read and what the feed sent is further on.
        |current, shared| current.snapshot.progress > shared.snapshot.progress,
    );
    Ok(watching.values(|watched| watched.snapshot.json.clone()))
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
