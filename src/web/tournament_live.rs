//! Tournament pages follow their tournament live: `GET /api/tournaments/{key}/events` is a
//! stream of server-sent events, each `{"html": …}`, the page's live part in the viewer's
//! language (see [`super::tournament_html`]), the current one first.
//!
//! One feed per process follows the service's events (other processes' too, on PostgreSQL).
//! A game that ends, or a round paired (its games start), is an event about a game of the
//! tournament: the feed finds its tournament (from the pages' pairings, else once from the
//! service, remembered). A player joining, leaving or withdrawn, the start, a result replaced
//! by the organiser are the tournament's own events. Either way the feed reads the tournament
//! once and hands it to every page watching it. A page that falls behind skips to the newest; a
//! closed page stops costing anything.

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{self, StreamExt};
use tokio::sync::watch;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::debug;

use super::lang::Viewer;
use super::streams::Slot;
use super::{Web, tournament, tournament_html};
use crate::games::{GameEvent, GameId, Heard, TournamentId, TournamentPage};
use crate::i18n::Lang;

/// How often an idle stream says it is alive, so proxies keep it open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);
/// How many games' tournaments are remembered before the memory starts again.
const REMEMBERED_GAMES: usize = 8_192;

/// The tournaments being watched, and the tournaments of the games seen so far.
#[derive(Clone)]
pub(super) struct TournamentHub {
    inner: Arc<Mutex<Inner>>,
    stop: CancellationToken,
}

#[derive(Default)]
struct Inner {
    watched: HashMap<TournamentId, watch::Sender<Arc<TournamentPage>>>,
    /// Each game's tournament (`None`: none), as the service said.
    known: HashMap<GameId, Option<TournamentId>>,
}

impl TournamentHub {
    pub(super) fn new(stop: CancellationToken) -> TournamentHub {
        TournamentHub {
            inner: Arc::default(),
            stop,
        }
    }

    fn inner(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Watches the tournament of `current` (as the caller read it); the hub keeps whichever
    /// of that and what the feed sent is further on, and at the same stage (a sign-up since,
    /// say) the caller's, read last.
    fn watch(&self, current: TournamentPage) -> watch::Receiver<Arc<TournamentPage>> {
        let id = current.view.tournament.id;
        let current = Arc::new(current);
        let mut inner = self.inner();
        let sender = inner
            .watched
            .entry(id)
            .or_insert_with(|| watch::Sender::new(current.clone()));
        let receiver = sender.subscribe();
        sender.send_if_modified(|latest| {
            let further = current.progress() >= latest.progress() && current != *latest;
            if further {
                *latest = current;
            }
            further
        });
        receiver
    }

    /// The watched tournament `game` is played in, if any: from the pages' pairings, from
    /// what was remembered, else `None` with `true` when the service must be asked.
    fn tournament_of(&self, game: GameId) -> (Option<TournamentId>, bool) {
        let inner = self.inner();
        if inner.watched.is_empty() {
            return (None, false);
        }
        let paired = inner.watched.iter().find_map(|(id, sender)| {
            let page = sender.borrow();
            page.view
                .pairings
                .iter()
                .any(|p| p.game == Some(game))
                .then_some(*id)
        });
        if paired.is_some() {
            return (paired, false);
        }
        match inner.known.get(&game) {
            Some(known) => (known.filter(|id| inner.watched.contains_key(id)), false),
            None => (None, true),
        }
    }

    /// Remembers that `game` is played in `tournament` (or in none).
    fn remember(&self, game: GameId, tournament: Option<TournamentId>) {
        let mut inner = self.inner();
        if inner.known.len() >= REMEMBERED_GAMES {
            inner.known.clear();
        }
        inner.known.insert(game, tournament);
    }

    /// The sender of `tournament`'s pages while anyone watches it.
    fn watched(&self, tournament: TournamentId) -> Option<watch::Sender<Arc<TournamentPage>>> {
        self.inner().watched.get(&tournament).cloned()
    }

    /// Feeds the watchers from the service's events until the hub's stop, on `tasks`.
    pub(super) fn spawn_feed(&self, web: Web, tasks: &TaskTracker) {
        let service = web.service.clone();
        service.follow(
            "the tournament pages",
            tasks,
            self.stop.clone(),
            move |heard| {
                let web = web.clone();
                async move {
                    match heard {
                        Heard::Event(GameEvent::TournamentChanged(id)) => {
                            refresh(&web, id).await;
                        }
                        Heard::Event(event) => {
                            if let Some(game) = event.game() {
                                feed(&web, game).await;
                            }
                        }
                        Heard::Missed(_) => {
                            let watched: Vec<TournamentId> =
                                web.tournaments.inner().watched.keys().copied().collect();
                            for id in watched {
                                refresh(&web, id).await;
                            }
                        }
                    }
                }
            },
        );
    }
}

/// Shows a change of `game` to the pages of its tournament, if any watch it.
async fn feed(web: &Web, game: GameId) {
    let hub = &web.tournaments;
    let tournament = match hub.tournament_of(game) {
        (Some(id), _) => id,
        (None, false) => return,
        (None, true) => match web.service.tournaments().of_game(game).await {
            Ok(found) => {
                hub.remember(game, found);
                match found {
                    Some(id) => id,
                    None => return,
                }
            }
            Err(e) => {
                debug!(%game, error = %e, "could not read a game's tournament");
                return;
            }
        },
    };
    refresh(web, tournament).await;
}

/// Reads `tournament` again and sends it to its pages, if any.
async fn refresh(web: &Web, tournament: TournamentId) {
    let Some(sender) = web.tournaments.watched(tournament) else {
        return;
    };
    let key = sender.borrow().key.clone();
    match tournament::load(web, key.as_str()).await {
        Ok(page) => {
            sender.send_if_modified(|latest| {
                let changed = **latest != page;
                if changed {
                    *latest = Arc::new(page);
                }
                changed
            });
        }
        Err(e) => debug!(%tournament, error = ?e, "could not read a watched tournament"),
    }
}

/// A page's departure from its tournament: when the last one leaves, the hub forgets it; its
/// stream's place is freed.
struct Leaving {
    hub: TournamentHub,
    tournament: TournamentId,
    _slot: Slot,
}

impl Drop for Leaving {
    fn drop(&mut self) {
        let mut inner = self.hub.inner();
        if inner
            .watched
            .get(&self.tournament)
            .is_some_and(|s| s.receiver_count() == 0)
        {
            inner.watched.remove(&self.tournament);
        }
    }
}

/// `GET /api/tournaments/{key}/events`: the page's live part now, then after every change, in
/// the viewer's language, until the page closes or the server stops; refused beyond the
/// limits of [`super::streams`].
pub(super) async fn events(
    State(web): State<Web>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Viewer(lang): Viewer,
    headers: HeaderMap,
    Path(key): Path<String>,
) -> Response {
    let slot = match web.streams.open(web.clients.of(peer, &headers)) {
        Ok(slot) => slot,
        Err(e) => return e.into_response(),
    };
    let page = match tournament::load(&web, &key).await {
        Ok(page) => page,
        Err(e) => return e.into_response(),
    };
    let leaving = Leaving {
        hub: web.tournaments.clone(),
        tournament: page.view.tournament.id,
        _slot: slot,
    };
    let receiver = web.tournaments.watch(page);
    let stop = web.tournaments.stop.clone();
    let stream = Sse::new(
        states(receiver, leaving, lang)
            .map(|json| Ok::<_, Infallible>(Event::default().event("state").data(json)))
            .take_until(stop.cancelled_owned()),
    )
    .keep_alive(KeepAlive::new().interval(KEEP_ALIVE));
    // A reverse proxy such as nginx passes each event on at once instead of buffering them.
    ([("x-accel-buffering", "no")], stream).into_response()
}

/// What a watcher is sent: the latest page at once, then each newer one, as JSON.
fn states(
    receiver: watch::Receiver<Arc<TournamentPage>>,
    leaving: Leaving,
    lang: Lang,
) -> impl futures_util::Stream<Item = String> {
    // The receiver goes before `leaving` when the stream is dropped (tuple fields drop in
    // order), so the last page's departure finds no receiver left.
    let watching = (receiver, leaving, true);
    stream::unfold(watching, move |(mut receiver, leaving, first)| async move {
        if !first && receiver.changed().await.is_err() {
            return None;
        }
        let page = receiver.borrow_and_update().clone();
        let json = serde_json::json!({ "html": tournament_html::body(&page, lang) }).to_string();
        Some((json, (receiver, leaving, false)))
    })
}
