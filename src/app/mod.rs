//! The application, built in one place: the database → the services → the computer and the
//! turns of CPU work → the background work → the faces the configuration asks for (the Discord
//! bot with its pages and Activity, or play at this screen). `monkey-queen bot`,
//! `monkey-queen web` and the end-to-end tests all start through [`App::start`].
//!
//! Nothing waits for a face: who the bot is comes from Discord's REST API before the gateway
//! connects, so the pages and the Activity are served from the start.

pub mod doctor;
mod metrics;
mod shutdown;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::{error, info, warn};

pub use shutdown::StopSignals;

pub use crate::discord::{Config as BotConfig, DEFAULT_DEFER_AFTER};

use crate::discord;
use crate::games::{
    Background, ChallengeLimits, Clock, Computer, CpuLimits, GameService, GamesChecked, Gateway,
    PuzzleMiner, ServiceConfig, Sweeps, SystemClock, spawn_check_games,
};
use crate::render::{BoardView, RenderError, Renderer};
use crate::storage::Db;
use crate::web::{self, LocalPlayers};

pub use crate::web::RateLimit;

/// How long shutdown waits for the background work still running.
const DRAIN_TIMEOUT: Duration = Duration::from_secs(10);

/// How often the application runs its timed work, unless told otherwise.
pub const DEFAULT_SWEEP_INTERVAL: Duration = Duration::from_secs(5);

/// What the application runs on, and which faces it shows.
pub struct AppConfig {
    /// The open database (migrations applied).
    pub db: Db,
    /// The clock deadlines are measured with.
    pub clock: Arc<dyn Clock>,
    /// The turns of CPU work (normally [`CpuLimits::for_this_machine`]).
    pub cpu: CpuLimits,
    /// How often the timed work runs (normally [`DEFAULT_SWEEP_INTERVAL`]).
    pub sweep_interval: Duration,
    /// Whether finished games are searched for puzzles (normally on; each search keeps a core
    /// busy for seconds at the lowest priority, which tests timing other work leave out).
    pub scan_games: bool,
    /// Serve health and metrics on this address (`ADMIN_ADDR`; port 0 picks a free one);
    /// `None`: not served.
    pub admin_addr: Option<SocketAddr>,
    /// The faces.
    pub faces: Faces,
}

/// The faces an application shows.
pub enum Faces {
    /// The Discord bot, with the game pages and the Activity where its configuration asks.
    Bot {
        /// The bot's settings (on the heap: they are most of the enum's size).
        config: Box<BotConfig>,
        /// How long slow work may take before its interaction is deferred (normally
        /// [`DEFAULT_DEFER_AFTER`]).
        defer_after: Duration,
    },
    /// Play at this screen (`monkey-queen web`): the game pages with local play, and no
    /// Discord.
    AtScreen {
        /// Where to serve.
        listener: TcpListener,
        /// How many requests one address may make.
        rate_limit: RateLimit,
        /// Names the pages are reached by besides the listening address (and `localhost`
        /// on loopback): any other is refused (see [`web::Hosts`]).
        other_hosts: Vec<String>,
    },
}

impl AppConfig {
    /// What a real process runs on: `db`, the system clock, this machine's turns of CPU work,
    /// the default sweep interval and puzzle mining on, showing `faces`.
    #[must_use]
    pub fn standard(db: Db, faces: Faces) -> AppConfig {
        AppConfig {
            db,
            clock: Arc::new(SystemClock),
            cpu: CpuLimits::for_this_machine(),
            sweep_interval: DEFAULT_SWEEP_INTERVAL,
            scan_games: true,
            admin_addr: None,
            faces,
        }
    }
}

/// Why the application could not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// The board renderer could not be built (its embedded font) or draw.
    #[error(transparent)]
    Render(#[from] RenderError),
    /// Discord refused the bot, or could not be reached.
    #[error(transparent)]
    Discord(#[from] discord::Error),
    /// The pages or the admin address could not be served on the address asked for.
    #[error("could not listen on {addr}: {error}")]
    Serve {
        /// The address.
        addr: SocketAddr,
        /// What the system said.
        error: std::io::Error,
    },
    /// A background task failed to start or stop.
    #[error("a background task failed: {0}")]
    Task(String),
}

/// A running application.
pub struct App {
    service: GameService,
    tasks: TaskTracker,
    stop: CancellationToken,
    bot: Option<discord::RunningBot>,
    web_addr: Option<SocketAddr>,
    admin_addr: Option<SocketAddr>,
    sweeps_done: Arc<watch::Sender<u64>>,
    games_checked: watch::Sender<Option<GamesChecked>>,
}

impl App {
    /// Builds the application and starts its background work and faces, on the current tokio
    /// runtime; returns once they are started (the gateway connects in the background).
    ///
    /// # Errors
    /// Discord refused the bot's token, the renderer could not be built, or the pages' address
    /// is taken.
    pub async fn start(config: AppConfig) -> Result<App, AppError> {
        let (tasks, stop) = (TaskTracker::new(), CancellationToken::new());
        // What started before a later step failed stops with the failure.
        let started = stop.clone().drop_guard();
        let renderer = Arc::new(Renderer::new()?);
        warm_up(renderer.clone()).await?;
        let sweeps_done = Arc::new(watch::Sender::new(0));
        let games_checked = watch::Sender::new(None);
        let computer = || Computer::new(tasks.clone(), stop.clone(), config.cpu.search.clone());
        // Bound first, so a taken port stops the application before anything else starts.
        let admin_listener = match config.admin_addr {
            Some(addr) => Some(bind(addr).await?),
            None => None,
        };
        let gateway = Gateway::default();
        let (service, bot, web_addr, by_gateway) = match config.faces {
            Faces::Bot {
                config: bot,
                defer_after,
            } => {
                // Bound first, so a taken port stops the bot before it connects.
                let listener = match bot.web_addr {
                    Some(addr) => Some(bind(addr).await?),
                    None => None,
                };
                let (http, limits) = discord::http_client(&bot)?;
                let identity = discord::identify(&http, &limits).await?;
                let settings = ServiceConfig {
                    bot_user: Some(identity.bot_user),
                    ..ServiceConfig::default()
                };
                let service = game_service(config.db, config.clock, settings, computer()).await;
                let attached = discord::Attached {
                    service: service.clone(),
                    renderer: renderer.clone(),
                    cpu: config.cpu.clone(),
                    http,
                    limits,
                    identity,
                    defer_after,
                    tasks: tasks.clone(),
                    stop: stop.clone(),
                    gateway: gateway.clone(),
                };
                let mut running = discord::start(&bot, attached).await?;
                let interactions = running.interactions();
                let web_addr =
                    listener.and_then(|listener| {
                        let activity = bot.client_secret.clone().filter(|_| bot.activity()).map(
                            |client_secret| web::Activity {
                                api_base: bot.api_base().to_owned(),
                                client_id: identity.application,
                                client_secret,
                                bot_token: bot.token.clone(),
                                mock_sdk: bot.activity_mock_sdk,
                            },
                        );
                        let pages = web::WebConfig {
                            public_url: bot.public_url.clone(),
                            local: None,
                            activity,
                            rate_limit: RateLimit::default(),
                            trusted_proxies: web::TrustedProxies::new(bot.trusted_proxies.clone()),
                            hosts: web::Hosts::Any,
                        };
                        let deps = web::WebDeps {
                            service: service.clone(),
                            renderer: renderer.clone(),
                            cpu: config.cpu.work.clone(),
                            other_face: interactions,
                        };
                        serve(listener, deps, pages, &tasks, &stop)
                    });
                let by_gateway = !bot.interactions_only;
                (service, Some(running), web_addr, by_gateway)
            }
            Faces::AtScreen {
                listener,
                rate_limit,
                other_hosts,
            } => {
                let local = LocalPlayers::STANDARD;
                let settings = ServiceConfig {
                    bot_user: Some(local.computer),
                    // One person (or two) at one screen: their games are not held to the
                    // limits that keep one Discord user from flooding a channel.
                    challenge_limits: ChallengeLimits::NONE,
                    ..ServiceConfig::default()
                };
                let service = game_service(config.db, config.clock, settings, computer()).await;
                // A listener without an address answers to no name (none could reach it).
                let hosts = listener.local_addr().map_or_else(
                    |_| web::Hosts::Only(Vec::new().into()),
                    |addr| web::Hosts::of_address(addr, &other_hosts),
                );
                let pages = web::WebConfig {
                    public_url: None,
                    local: Some(local),
                    activity: None,
                    rate_limit,
                    // At this screen, nothing stands between the browser and the pages.
                    trusted_proxies: web::TrustedProxies::default(),
                    hosts,
                };
                let deps = web::WebDeps {
                    service: service.clone(),
                    renderer: renderer.clone(),
                    cpu: config.cpu.work.clone(),
                    other_face: None,
                };
                let addr = serve(listener, deps, pages, &tasks, &stop);
                (service, None, addr, false)
            }
        };
        let miner = if config.scan_games {
            let thread = Background::start("puzzle-miner")
                .map_err(|e| AppError::Task(format!("the puzzle miner's thread: {e}")))?;
            Some(PuzzleMiner::new(
                service.puzzles(),
                thread,
                tasks.clone(),
                stop.clone(),
            ))
        } else {
            None
        };
        let deliverer = bot.as_ref().map(discord::RunningBot::deliverer);
        Sweeps::new(service.clone(), deliverer, miner, sweeps_done.clone()).spawn(
            &tasks,
            stop.clone(),
            config.sweep_interval,
        );
        service.relay_other_processes(&tasks, stop.clone());
        spawn_check_games(
            service.clone(),
            config.cpu,
            &tasks,
            stop.clone(),
            games_checked.clone(),
        );
        let admin_addr = admin_listener.and_then(|listener| {
            let metrics = metrics::recorder();
            if let Some(handle) = &metrics {
                metrics::spawn_upkeep(handle.clone(), &tasks, stop.clone());
            }
            let admin = web::Admin {
                // Readiness waits for the gateway only where the bot connects to it.
                health: service.health(by_gateway.then_some(gateway)),
                metrics,
            };
            web::spawn_admin(listener, admin, &tasks, stop.clone())
        });
        started.disarm();
        Ok(App {
            service,
            tasks,
            stop,
            bot,
            web_addr,
            admin_addr,
            sweeps_done,
            games_checked,
        })
    }

    /// The game service the faces go through.
    #[must_use]
    pub fn service(&self) -> &GameService {
        &self.service
    }

    /// The address the game pages are served on (port 0 in the configuration picks a free
    /// one, given here).
    #[must_use]
    pub fn web_addr(&self) -> Option<SocketAddr> {
        self.web_addr
    }

    /// The admin address health and metrics are served on (see [`AppConfig::admin_addr`]).
    #[must_use]
    pub fn admin_addr(&self) -> Option<SocketAddr> {
        self.admin_addr
    }

    /// The number of sweeps finished so far, to wait on: a test that wants to see what a sweep
    /// does (or that it does nothing) waits for the next ones rather than for a while.
    #[must_use]
    pub fn sweeps_done(&self) -> watch::Receiver<u64> {
        self.sweeps_done.subscribe()
    }

    /// What the check of stored games found, once it is done (`None` before, and after a
    /// database failure, which is logged): it runs in the background from the start.
    #[must_use]
    pub fn games_checked(&self) -> watch::Receiver<Option<GamesChecked>> {
        self.games_checked.subscribe()
    }

    /// The number of Discord gateway events being handled right now (always zero without the
    /// bot), to wait on: once it is back to zero after an interaction was answered, its
    /// handler has done all it was going to do.
    #[must_use]
    pub fn events_in_flight(&self) -> watch::Receiver<usize> {
        match &self.bot {
            Some(bot) => bot.events_in_flight(),
            None => watch::channel(0).1,
        }
    }

    /// The limits the bot keeps on its requests to Discord (its share of the global limit, its
    /// invalid requests), when it runs.
    #[must_use]
    pub fn discord_limits(&self) -> Option<Arc<discord::Limits>> {
        self.bot.as_ref().map(discord::RunningBot::limits)
    }

    /// Runs until `signals` hears Ctrl-C or SIGTERM (then shuts down) or until the bot stops on
    /// its own (for example because Discord refused the token).
    ///
    /// # Errors
    /// Why the bot stopped.
    pub async fn run_until_signal(mut self, mut signals: StopSignals) -> Result<(), AppError> {
        // `Err`: the bot stopped on its own, with this outcome.
        let woke = match self.bot.as_mut() {
            Some(bot) => tokio::select! {
                ended = bot.stopped() => Err(ended),
                signal = signals.recv() => Ok(signal),
            },
            None => Ok(signals.recv().await),
        };
        let signal = match woke {
            Ok(signal) => signal,
            Err(ended) => {
                self.bot = None;
                self.stop_background().await;
                return ended.map_err(AppError::from);
            }
        };
        info!(signal, "shutting down");
        self.shutdown().await
    }

    /// Stops the faces (the gateway first: no new events; running handlers finish), then the
    /// background work (a sweep under way finishes), each bounded, and closes the database.
    ///
    /// # Errors
    /// The bot's client ended with an error.
    pub async fn shutdown(mut self) -> Result<(), AppError> {
        let stopped = match self.bot.take() {
            Some(bot) => bot.shutdown().await,
            None => Ok(()),
        };
        self.stop_background().await;
        self.service.db().close().await;
        Ok(stopped?)
    }

    /// Tells the background work to stop and waits for it, at most [`DRAIN_TIMEOUT`].
    async fn stop_background(&self) {
        self.stop.cancel();
        self.tasks.close();
        if tokio::time::timeout(DRAIN_TIMEOUT, self.tasks.wait())
            .await
            .is_err()
        {
            warn!("some tasks were still running after {DRAIN_TIMEOUT:?}; stopping anyway");
        }
    }
}

impl Drop for App {
    /// A dropped application stops its background work (without waiting for it).
    fn drop(&mut self) {
        self.stop.cancel();
    }
}

/// Binds the pages' address.
async fn bind(addr: SocketAddr) -> Result<TcpListener, AppError> {
    TcpListener::bind(addr)
        .await
        .map_err(|error| AppError::Serve { addr, error })
}

/// The game service, playing the computer's turns through `computer`, with what it needs
/// before anything is served: the shipped puzzles stored, so that the first `/puzzle` or
/// puzzle page finds them (a failure is logged; the rest still runs).
async fn game_service(
    db: Db,
    clock: Arc<dyn Clock>,
    settings: ServiceConfig,
    computer: Computer,
) -> GameService {
    let service = GameService::new(db, clock, settings).with_computer(computer);
    match service.puzzles().add_starters().await {
        Ok(added) => info!(added, "starter puzzles stored"),
        Err(e) => error!(error = %e, "could not store the starter puzzles"),
    }
    service
}

/// Serves the game pages (and `deps.other_face`) on `listener`; the address they are served on.
fn serve(
    listener: TcpListener,
    deps: web::WebDeps,
    config: web::WebConfig,
    tasks: &TaskTracker,
    stop: &CancellationToken,
) -> Option<SocketAddr> {
    let addr = listener.local_addr().ok();
    web::spawn(listener, deps, config, tasks, stop.clone());
    addr
}

/// Draws a board of each size, and the lessons' corner, in each orientation once, so that no
/// game's (or lesson's) first picture is the slow one: the empty boards are drawn then (a few
/// milliseconds each in a release build; the palette ships with the program).
async fn warm_up(renderer: Arc<Renderer>) -> Result<(), AppError> {
    let drawn = tokio::task::spawn_blocking(move || {
        let standard =
            monkey_queen_core::Position::start(monkey_queen_core::GameOptions::default());
        let corners = crate::render::CORNERS.map(|corner| (standard.clone(), Some(corner)));
        let boards = monkey_queen_core::GameOptions::SIZES
            .into_iter()
            .filter_map(|size| monkey_queen_core::GameOptions::with_size(size).ok())
            .map(|options| (monkey_queen_core::Position::start(options), None));
        for (start, corner) in boards.chain(corners) {
            for flipped in [false, true] {
                let view = BoardView {
                    flipped,
                    corner,
                    ..BoardView::default()
                };
                renderer.board_png(&start, &view)?;
            }
        }
        Ok::<(), RenderError>(())
    })
    .await
    .map_err(|e| AppError::Task(e.to_string()))?;
    Ok(drawn?)
}
