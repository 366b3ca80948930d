//! The web face: a page for every game at an unguessable address, live as moves land, served
//! by the bot's own process on its tokio runtime and database pool.
//!
//! - `GET /g/{key}`: the game's page (HTML with OpenGraph tags, so a pasted link unfurls as
//!   the position); `GET /g/{key}/board.png`: that position as the bots' board picture.
//! - `GET /t/{key}`: a tournament's page ([`tournament`]): standings with tie-breaks, the
//!   crosstable, each round's pairings linking their games' pages; `GET
//!   /api/tournaments/{key}/events`: its live part again after every change ([`tournament_live`]).
//! - `GET /puzzles/{id}`: a puzzle's page, solved by taps, each move checked by
//!   `POST /api/puzzles/{id}/check` ([`puzzle`], [`puzzle_check`]); a game's page links to the
//!   puzzles found in it.
//! - `GET /learn`: the lessons, one rule a stage, each try checked by `POST /api/learn/check`
//!   ([`learn`]); the front page and every game's page link to it. Inside the Activity the
//!   same page plays through `/api/activity/learn` (`activity::lessons`), keeping the person's
//!   progress.
//! - `GET /api/games/{key}`: the game as JSON ([`state`]); `GET /api/games/{key}/events`: the
//!   same JSON again after every change, as server-sent events ([`live`]); `/socket`: the same
//!   over a WebSocket, for the Activity.
//! - With local play on (`monkey-queen web`): `GET /` starts games at this screen, and
//!   `POST /api/games`, `/api/games/{key}/moves` and `/resign` play them ([`local`]).
//!
//! The application (`crate::app`) builds the services and attaches this face with [`spawn`],
//! and the admin address (health and metrics, [`admin`]) with [`spawn_admin`].
//! - With the Activity on (the bot's `DISCORD_CLIENT_SECRET`): `GET /activity`, the same page
//!   inside Discord's client, signed in through Discord and played by taps ([`activity`]).
//! - `GET /assets/{file}`: the page's own CSS and JavaScript, from `web/`, built into the
//!   binary (Discord's Embedded App SDK among them, vendored: see `vendor/discord-sdk/`).
//!
//! The server only sends positions and the legal moves; the game service decides everything.
//! Every answer carries a strict Content-Security-Policy and `nosniff` ([`security`]);
//! request bodies and the requests of one client are limited.

mod activity;
mod admin;
mod asked;
mod assets;
mod client;
mod doctor;
mod errors;
mod hosts;
mod lang;
mod learn;
mod live;
mod local;
mod page;
mod pictures;
mod puzzle;
mod puzzle_check;
mod security;
mod server;
mod state;
mod streams;
mod tournament;
mod tournament_html;
mod tournament_live;
mod watchers;

use std::sync::Arc;

use axum::Router;
use axum::routing::{get, post};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::info;

use crate::games::GameService;
use crate::model::UserId;
use crate::render::Renderer;

pub use activity::Activity;
pub use admin::{Admin, spawn_admin};
pub use client::TrustedProxies;
pub use doctor::examine_public_url;
pub use hosts::Hosts;
pub use security::RateLimit;

/// How the web face runs.
#[derive(Debug, Clone)]
pub struct WebConfig {
    /// The address the pages are reached at from outside (`https://mq.example.org`), for
    /// links in Discord and OpenGraph tags; `None`: links are not offered.
    pub public_url: Option<String>,
    /// Play at this screen (`monkey-queen web`): the players whose moves the pages take.
    /// `None`: pages are for watching only.
    pub local: Option<LocalPlayers>,
    /// The Activity: how to reach Discord to sign people in. `None`: no Activity.
    pub activity: Option<Activity>,
    /// How many requests one client may make.
    pub rate_limit: RateLimit,
    /// The proxies in front of the pages whose `X-Forwarded-For` is believed.
    pub trusted_proxies: TrustedProxies,
    /// The names requests may reach the pages by (see [`Hosts`]).
    pub hosts: Hosts,
}

/// The players of games at this screen: the person (or two people taking turns) and the
/// computer, as the service knows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LocalPlayers {
    /// The person at the screen, or the first of two.
    pub first: UserId,
    /// The second of two people taking turns.
    pub second: UserId,
    /// The computer (the service's `bot_user`).
    pub computer: UserId,
}

impl LocalPlayers {
    /// The ids `monkey-queen web` uses: 1 and 2 for the people, 3 for the computer. Discord's
    /// ids are far larger, so they never meet a Discord user.
    pub const STANDARD: LocalPlayers = LocalPlayers {
        first: UserId(1),
        second: UserId(2),
        computer: UserId(3),
    };

    /// Whether `user` is a person at this screen.
    #[must_use]
    pub fn is_person(self, user: UserId) -> bool {
        user == self.first || user == self.second
    }

    /// Who `user` is here, as the pages name them in the reader's language: `first`, `second`
    /// or `computer`; `None` for anyone else.
    #[must_use]
    pub fn word(self, user: UserId) -> Option<&'static str> {
        if user == self.first {
            Some("first")
        } else if user == self.second {
            Some("second")
        } else if user == self.computer {
            Some("computer")
        } else {
            None
        }
    }
}

/// What the web face needs from the process it runs in.
#[derive(Clone)]
pub struct WebDeps {
    /// The game service (with the computer, for local play).
    pub service: GameService,
    /// The board renderer.
    pub renderer: Arc<Renderer>,
    /// Turns of CPU work, shared with every other picture.
    pub cpu: Arc<Semaphore>,
    /// Routes another face serves on this address (the Discord face's interactions
    /// endpoint), outside the pages' per-client limits and host check: Discord sends them
    /// from few addresses, signed.
    pub other_face: Option<Router>,
}

/// The handlers' shared state.
#[derive(Clone)]
struct Web {
    service: GameService,
    renderer: Arc<Renderer>,
    cpu: Arc<Semaphore>,
    config: Arc<WebConfig>,
    hub: live::Hub,
    /// The tournaments pages watch.
    tournaments: tournament_live::TournamentHub,
    activity: Option<activity::ActivityState>,
    /// Who requests come from, as the limits count.
    clients: security::Clients,
    /// The live streams open now.
    streams: streams::Streams,
    /// The unfurl pictures drawn last.
    pictures: pictures::Pictures,
}

/// Serves the pages on `listener` until `stop`, on `tasks` (the watchers' feed runs there
/// too). Open event streams end at `stop`, so shutdown does not wait for them.
pub fn spawn(
    listener: TcpListener,
    deps: WebDeps,
    config: WebConfig,
    tasks: &TaskTracker,
    stop: CancellationToken,
) {
    let config = Arc::new(config);
    let hub = live::Hub::new(stop.clone());
    let tournaments = tournament_live::TournamentHub::new(stop.clone());
    let activity = config.activity.clone().map(activity::ActivityState::new);
    let clients = security::Clients {
        proxies: Arc::new(config.trusted_proxies.clone()),
        person: activity.clone().map(|activity| {
            let service = deps.service.clone();
            let person: security::SignedInPerson =
                Arc::new(move |token| activity.person(token, service.now_ms()));
            person
        }),
    };
    let web = Web {
        service: deps.service,
        renderer: deps.renderer,
        cpu: deps.cpu,
        activity,
        config: config.clone(),
        hub: hub.clone(),
        tournaments: tournaments.clone(),
        clients: clients.clone(),
        streams: streams::Streams::default(),
        pictures: pictures::Pictures::default(),
    };
    hub.spawn_feed(web.clone(), tasks);
    tournaments.spawn_feed(web.clone(), tasks);
    let limiters = security::Limiters::new(config.rate_limit, &clients);
    limiters.spawn_cleanup(tasks, stop.clone());
    let mut app = router(web, &limiters);
    if let Some(other) = deps.other_face {
        app = app.merge(other);
    }
    let address = listener.local_addr().ok();
    info!(?address, "serving game pages");
    tasks.spawn(server::serve(listener, app, tasks.clone(), stop));
}

fn router(web: Web, limiters: &security::Limiters) -> Router {
    let mut routes = Router::new()
        .route("/g/{key}", get(page::game))
        .route("/g/{key}/board.png", get(page::board_png))
        .route("/api/games/{key}", get(state::get))
        .route("/api/games/{key}/events", get(live::events))
        .route("/api/games/{key}/socket", get(live::socket))
        .route("/t/{key}", get(tournament::page))
        .route(
            "/api/tournaments/{key}/events",
            get(tournament_live::events),
        )
        .route("/puzzles/{id}", get(puzzle::page))
        .route("/puzzles/{id}/board.png", get(puzzle::board_png))
        .route("/api/puzzles/{id}/check", post(puzzle_check::check))
        .route("/api/puzzles/{id}/solution", post(puzzle_check::solution))
        .route(learn::PATH, get(learn::page))
        .route("/api/learn/check", post(learn::check));
    if web.config.local.is_some() {
        routes = routes
            .route("/", get(local::home))
            .route("/api/games", post(local::create))
            .route("/api/games/{key}/moves", post(local::play))
            .route("/api/games/{key}/resign", post(local::resign))
            .route("/api/games/{key}/rematch", post(local::rematch))
            .route("/api/games/{key}/analysis", post(local::analyse));
    } else {
        routes = routes.route("/", get(activity::root));
    }
    if web.activity.is_some() {
        routes = routes
            .route("/activity", get(activity::page))
            .route("/api/token", post(activity::sign_in))
            .route("/api/session", post(activity::renew))
            .route("/api/strings", get(activity::strings))
            .route("/api/activity/games", get(activity::games))
            .route("/api/activity/games/{key}/moves", post(activity::play))
            .route("/api/activity/games/{key}/resign", post(activity::resign))
            .route("/api/activity/games/{key}/rematch", post(activity::rematch))
            .route("/api/activity/computer", post(activity::computer))
            .route("/api/activity/colors", post(activity::colors))
            .route("/api/activity/learn", get(activity::lessons::lessons))
            .route("/api/activity/learn/start", post(activity::lessons::start))
            .route("/api/activity/learn/try", post(activity::lessons::attempt));
    }
    let files = Router::new().route("/assets/{file}", get(assets::get));
    let hosts = web.config.hosts.clone();
    let activity_client = web.config.activity.as_ref().map(|a| a.client_id);
    let https = web
        .config
        .public_url
        .as_deref()
        .is_some_and(|url| url.starts_with("https://"));
    security::layers(
        routes.fallback(errors::not_found),
        files,
        limiters,
        activity_client,
        https,
    )
    .layer(axum::middleware::from_fn_with_state(hosts, hosts::check))
    .with_state(web)
}
