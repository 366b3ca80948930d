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
use futures_util::StreamExt;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::debug;

use super::lang::Viewer;
use super::watchers::{Watchers, send_if_changed};
use super::{Web, tournament, tournament_html};
use crate::games::{GameEvent, GameId, Heard, TournamentId, TournamentPage};

/// How often an idle stream says it is alive, so proxies keep it open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);
/// How many games' tournaments are remembered before the memory starts again.
const REMEMBERED_GAMES: usize = 8_192;

/// The tournaments being watched, and the tournaments of the games seen so far.
#[derive(Clone)]
pub(super) struct TournamentHub {
    watched: Watchers<TournamentId, Arc<TournamentPage>>,
    /// Each game's tournament (`None`: none), as the service said.
    known: Arc<Mutex<HashMap<GameId, Option<TournamentId>>>>,
    stop: CancellationToken,
}

impl TournamentHub {
    pub(super) fn new(stop: CancellationToken) -> TournamentHub {
        TournamentHub {
            watched: Watchers::default(),
            known: Arc::default(),
            stop,
        }
    }

    fn known(&self) -> std::sync::MutexGuard<'_, HashMap<GameId, Option<TournamentId>>> {
        self.known.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The watched tournament `game` is played in, if any: from the pages' pairings, from
    /// what was remembered, else `None` with `true` when the service must be asked.
    fn tournament_of(&self, game: GameId) -> (Option<TournamentId>, bool) {
        let paired = self.watched.find_map(|id, page| {
            page.view
                .pairings
                .iter()
                .any(|p| p.game == Some(game))
                .then_some(id)
        });
        if paired.is_some() || self.watched.is_empty() {
            return (paired, false);
        }
        let known = self.known().get(&game).copied();
        match known {
            Some(known) => (known.filter(|id| self.watched.contains(*id)), false),
            None => (None, true),
        }
    }

    /// Remembers that `game` is played in `tournament` (or in none).
    fn remember(&self, game: GameId, tournament: Option<TournamentId>) {
        let mut known = self.known();
        if known.len() >= REMEMBERED_GAMES {
            known.clear();
        }
        known.insert(game, tournament);
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
                            for id in web.tournaments.watched.ids() {
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
    let Some(sender) = web.tournaments.watched.sender(tournament) else {
        return;
    };
    let key = sender.borrow().key.clone();
    match tournament::load(web, key.as_str()).await {
        Ok(page) => send_if_changed(&sender, Arc::new(page)),
        Err(e) => debug!(%tournament, error = ?e, "could not read a watched tournament"),
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
    let id = page.view.tournament.id;
    let watching = web.tournaments.watched.watch(
        id,
        Arc::new(page),
        slot,
        // The hub keeps whichever of the page's read and what the feed sent is further on, and
        // at the same stage (a sign-up since, say) the page's, read last.
        |current, shared| current.progress() >= shared.progress() && current != shared,
    );
    let stop = web.tournaments.stop.clone();
    let live = watching.values(move |page| {
        serde_json::json!({ "html": tournament_html::body(page, lang) }).to_string()
    });
    let stream = Sse::new(
        live.map(|json| Ok::<_, Infallible>(Event::default().event("state").data(json)))
            .take_until(stop.cancelled_owned()),
    )
    .keep_alive(KeepAlive::new().interval(KEEP_ALIVE));
    // A reverse proxy such as nginx passes each event on at once instead of buffering them.
    ([("x-accel-buffering", "no")], stream).into_response()
}
