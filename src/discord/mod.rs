//! The Discord front end: configuration, the serenity client with the poise framework, slash
//! commands, the component router and clean shutdown.
//!
//! Handlers stay thin: parse what Discord sent, call the layer below, reply. Nothing below this
//! module knows serenity. Beside them a [`sweeper`] acts on the clock: expired challenges,
//! reminders and timeouts. The REST calls a move depends on (its deferral, its board, its
//! confirmation) and the command registration are retried while Discord is rate limiting or
//! unavailable (`retry`); serenity resumes or re-identifies a dropped gateway session itself.
//!
//! Start it with [`run`] (until Ctrl-C/SIGTERM), or with [`start`] and stop it with
//! [`RunningBot::shutdown`]. [`Config::api_url`] points REST at another base URL (the fake
//! Discord of the end-to-end tests); the gateway URL comes from that REST API.

mod activity;
mod announce;
mod away_boards;
mod board;
mod commands;
pub mod config;
mod cpu;
pub mod custom_id;
mod deferral;
mod errors;
mod in_flight;
mod malformed;
mod nonce;
mod old_boards;
pub mod picture_cache;
mod puzzle_posts;
mod reach;
mod reply;
mod retry;
mod router;
mod shutdown;
mod startup;
pub mod sweeper;
mod tournament_posts;

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{GatewayIntents, Http, HttpBuilder, ShardManager};
use tokio::sync::{SemaphorePermit, watch};
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::{error, info, warn};

pub use config::{Config, ConfigError, Secret, Shards, Token};
pub use cpu::CpuLimits;
pub use deferral::DEFAULT_DEFER_AFTER;
pub use errors::Error;
pub use shutdown::signal as shutdown_signal;
pub use startup::GamesChecked;

use in_flight::Drain;

use crate::games::{Clock, Computer, GameService, ServiceConfig, UserId};
use crate::render::Renderer;
use crate::storage::Db;

/// How long shutdown waits for handlers that are still running.
const DRAIN_TIMEOUT: Duration = Duration::from_secs(10);

/// How long shutdown waits for the gateway connection to close and the client to stop.
const GATEWAY_CLOSE_TIMEOUT: Duration = Duration::from_secs(8);

/// State shared by every handler (the game service will live here).
#[derive(Clone)]
pub struct Data {
    /// The game service: every read and write of games goes through it.
    pub service: GameService,
    /// The board renderer, shared by every handler (rendering runs on blocking threads).
    pub renderer: Arc<Renderer>,
    /// Turns of CPU work: pictures and analyses, long work, the computer's search (see
    /// [`CpuLimits`]).
    pub cpu: CpuLimits,
    /// Analysis answers already drawn, so a second request is answered at once.
    pub analyses: Arc<picture_cache::PictureCache>,
    /// The bot's own user id: challenging it starts a game against the computer.
    pub bot_user: UserId,
    /// How long a handler whose work waits for the database answers directly before it defers
    /// its interaction instead (see `deferral`).
    pub defer_after: Duration,
    /// How many sweeps have finished since the bot started (see [`RunningBot::sweeps_done`]).
    pub sweeps_done: Arc<watch::Sender<u64>>,
    /// The game pages' address from outside, for the boards' links (see [`Config::public_url`]).
    pub public_url: Option<Arc<str>>,
    /// Whether the Activity is on (see [`Config::activity`]): boards offer Play on the board.
    pub activity: bool,
}

impl Data {
    /// Runs CPU-heavy `work` (a picture, a replay GIF) on a blocking thread once one of the
    /// [`CpuLimits::work`] turns is free.
    ///
    /// # Errors
    /// Only if the work panicked (or the runtime is shutting down).
    pub async fn cpu_work<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Error> {
        let _turn = self
            .cpu
            .work
            .acquire()
            .await
            .map_err(|e| Error::Unexpected(e.to_string()))?;
        Ok(tokio::task::spawn_blocking(work).await?)
    }

    /// Waits for a turn of long CPU work (see [`CpuLimits::long`]); held while the work runs.
    ///
    /// # Errors
    /// Only if the runtime is shutting down.
    pub async fn heavy_turn(&self) -> Result<SemaphorePermit<'_>, Error> {
        self.cpu
            .long
            .acquire()
            .await
            .map_err(|e| Error::Unexpected(e.to_string()))
    }

    /// Runs long CPU-heavy `work` (a replay GIF) once a turn of long work and a CPU turn are
    /// free.
    ///
    /// # Errors
    /// As [`Data::cpu_work`].
    pub async fn heavy_work<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Error> {
        let _long = self.heavy_turn().await?;
        self.cpu_work(work).await
    }

    /// Keeps the token of an interaction about `game` received at `received_ms` in `channel`
    /// for later follow-ups, where the service keeps one (see
    /// [`GameService::keep_token`]); a failure is only logged (the follow-ups then go by DM).
    pub async fn keep_token(
        &self,
        game: &crate::games::GameView,
        token: &str,
        received_ms: i64,
        channel: serenity::ChannelId,
    ) {
        let token = crate::games::InteractionToken::new(token);
        let made_in = crate::games::ChannelId(channel.get());
        let kept = self
            .service
            .keep_token(game, &token, received_ms, made_in)
            .await;
        if let Err(e) = kept {
            warn!(game = %game.id, error = %e, "could not keep an interaction's token");
        }
    }
}

/// What the bot needs before it connects: the database, the clock, how often to sweep, and its
/// turns of CPU work.
#[derive(Clone)]
pub struct Deps {
    /// The open database (migrations applied).
    pub db: Db,
    /// The clock deadlines are measured with.
    pub clock: Arc<dyn Clock>,
    /// How often the sweeper looks for expired challenges, reminders and timeouts
    /// (normally [`sweeper::DEFAULT_INTERVAL`]).
    pub sweep_interval: Duration,
    /// How long slow work may take before its interaction is deferred (normally
    /// [`DEFAULT_DEFER_AFTER`]).
    pub defer_after: Duration,
    /// The turns of CPU work (normally [`CpuLimits::for_this_machine`]).
    pub cpu: CpuLimits,
    /// Whether the sweeper searches finished games for puzzles (normally on; each search
    /// holds a turn of long work for seconds, which tests timing long work leave out).
    pub scan_games: bool,
}

impl Data {
    /// Builds the handlers' shared state once Discord has said who the bot is.
    fn new(
        deps: Deps,
        bot_user: UserId,
        renderer: Arc<Renderer>,
        background: &Background,
        public_url: Option<Arc<str>>,
        activity: bool,
    ) -> Data {
        let config = ServiceConfig {
            bot_user: Some(bot_user),
            ..ServiceConfig::default()
        };
        let computer = Computer::new(
            background.tasks.clone(),
            background.stop.clone(),
            deps.cpu.search.clone(),
        );
        Data {
            service: GameService::new(deps.db, deps.clock, config).with_computer(computer),
            renderer,
            cpu: deps.cpu,
            analyses: Arc::default(),
            bot_user,
            defer_after: deps.defer_after,
            sweeps_done: background.sweeps_done.clone(),
            public_url,
            activity,
        }
    }

    /// The address of `game`'s page, when the pages are reachable from outside; a game
    /// stored before pages existed is given its key now.
    pub async fn page_url(&self, game: &crate::games::GameView) -> Option<String> {
        let base = self.public_url.as_deref()?;
        match self.service.page_key(game).await {
            Ok(key) => Some(format!("{base}/g/{key}")),
            Err(e) => {
                warn!(game = %game.id, error = %e, "could not give a game its page");
                None
            }
        }
    }
}

/// The context every command receives.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// The context of a slash-command-only handler.
pub type ApplicationContext<'a> = poise::ApplicationContext<'a, Data, Error>;

/// The gateway events the bot asks for. Interactions arrive without any intent; `GUILDS` keeps
/// the cache aware of the servers the bot is in.
pub fn intents() -> GatewayIntents {
    GatewayIntents::GUILDS
}

/// serenity's REST client for `token`. With `api_url` (`http://host:port`, no path) every request
/// goes there instead of `https://discord.com`, with the rate limiter off (serenity bypasses the
/// proxy while its rate limiter is on).
pub fn http_client(token: &Token, api_url: Option<&str>) -> Http {
    let builder = HttpBuilder::new(token.expose());
    match api_url {
        Some(url) => builder.proxy(url).ratelimiter_disabled(true).build(),
        None => builder.build(),
    }
}

/// A connected bot, running on the current tokio runtime.
pub struct RunningBot {
    shard_manager: Arc<ShardManager>,
    web_addr: Option<std::net::SocketAddr>,
    in_flight: Drain,
    background: Background,
    client: JoinHandle<Result<(), serenity::Error>>,
}

/// Tasks that run beside the handlers (the sweeper, the computer's turns, the check of stored
/// games), the signal that stops them, the count of sweeps they finished and what the check
/// found.
#[derive(Clone)]
struct Background {
    tasks: TaskTracker,
    stop: CancellationToken,
    sweeps_done: Arc<watch::Sender<u64>>,
    games_checked: watch::Sender<Option<GamesChecked>>,
}

impl Default for Background {
    /// No task yet, not stopped, no sweep done, no game checked.
    fn default() -> Background {
        Background {
            tasks: TaskTracker::default(),
            stop: CancellationToken::default(),
            sweeps_done: Arc::new(watch::Sender::new(0)),
            games_checked: watch::Sender::new(None),
        }
    }
}

impl Background {
    /// Tells the tasks to stop and waits for them, at most `limit`; `false` if some were still
    /// running.
    async fn stop(&self, limit: Duration) -> bool {
        self.stop.cancel();
        self.tasks.close();
        tokio::time::timeout(limit, self.tasks.wait()).await.is_ok()
    }
}

/// Builds the client, starts the gateway connection in a background task and returns at once.
/// Commands are registered (in `config.dev_guild`, or globally) when Discord says READY.
pub async fn start(config: &Config, deps: Deps) -> Result<RunningBot, Error> {
    let http = http_client(&config.token, config.api_url.as_deref());
    // Bound now, so a taken port stops the bot at once; served once Discord says who the bot
    // is and the service exists.
    let web = match config.web_addr {
        Some(addr) => Some(
            tokio::net::TcpListener::bind(addr)
                .await
                .map_err(|e| Error::Unexpected(format!("could not serve pages on {addr}: {e}")))?,
        ),
        None => None,
    };
    let web_addr = web.as_ref().and_then(|l| l.local_addr().ok());
    let renderer = Arc::new(Renderer::new()?);
    warm_up(renderer.clone()).await?;
    // Stored before anything is served, so that the first `/puzzle` finds them.
    let starter = GameService::new(
        deps.db.clone(),
        deps.clock.clone(),
        ServiceConfig::default(),
    );
    match starter.add_starter_puzzles().await {
        Ok(added) => info!(added, "starter puzzles stored"),
        Err(e) => error!(error = %e, "could not store the starter puzzles"),
    }
    let background = Background::default();
    let (framework, in_flight) =
        in_flight::tracked(framework(config, deps, renderer, background.clone(), web));
    let mut client = serenity::ClientBuilder::new_with_http(http, intents())
        .framework(framework)
        .await?;
    let shard_manager = client.shard_manager.clone();
    let shards = config.shards;
    let task = tokio::spawn(async move {
        match shards {
            Shards::Auto => client.start_autosharded().await,
            // serenity reads the range's end as the last shard, inclusive.
            Shards::Range { first, last, count } => {
                client.start_shard_range(first..last, count).await
            }
        }
    });
    Ok(RunningBot {
        shard_manager,
        web_addr,
        in_flight,
        background,
        client: task,
    })
}

/// Runs the bot until Ctrl-C or SIGTERM, then shuts down cleanly.
pub async fn run(config: Config, deps: Deps) -> Result<(), Error> {
    start(&config, deps).await?.run_until_signal().await
}

impl RunningBot {
    /// The address the game pages are served on (with [`Config::web_addr`]; port 0 there
    /// picks a free one, given here).
    #[must_use]
    pub fn web_addr(&self) -> Option<std::net::SocketAddr> {
        self.web_addr
    }

    /// The number of sweeps finished so far, to wait on: a test that wants to see what a sweep
    /// does (or that it does nothing) waits for the next ones rather than for a while.
    #[must_use]
    pub fn sweeps_done(&self) -> watch::Receiver<u64> {
        self.background.sweeps_done.subscribe()
    }

    /// What the check of stored games found, once it is done (`None` before, and after a
    /// database failure, which is logged): it runs in the background after the bot connects.
    #[must_use]
    pub fn games_checked(&self) -> watch::Receiver<Option<GamesChecked>> {
        self.background.games_checked.subscribe()
    }

    /// The number of gateway events being handled right now, to wait on: once it is back to
    /// zero after an interaction was answered, its handler has done all it was going to do.
    #[must_use]
    pub fn events_in_flight(&self) -> watch::Receiver<usize> {
        self.in_flight.running()
    }

    /// Waits for Ctrl-C or SIGTERM (then shuts down) or for the client to stop on its own (for
    /// example because Discord refused the token).
    pub async fn run_until_signal(mut self) -> Result<(), Error> {
        tokio::select! {
            ended = &mut self.client => {
                self.background.stop(DRAIN_TIMEOUT).await;
                return ended?.map_err(Error::from);
            }
            signal = shutdown::signal() => info!(signal = signal?, "shutting down"),
        }
        self.shutdown().await
    }

    /// Closes the gateway connection (no new events), stops the sweeper and lets running
    /// handlers and a sweep under way finish (up to 10 seconds), then waits for the client
    /// task to end. Every step is bounded: a gateway that was never reached (serenity then has
    /// no shard to close and its client never returns) or does not answer the close does not
    /// hold the process.
    pub async fn shutdown(mut self) -> Result<(), Error> {
        // serenity keeps a shard runner from the first connection until the shard is torn down;
        // without one there is no connection to close, and the client never returns by itself.
        let connected = !self.shard_manager.runners.lock().await.is_empty();
        let closed = tokio::time::timeout(GATEWAY_CLOSE_TIMEOUT, self.shard_manager.shutdown_all())
            .await
            .is_ok();
        if !closed {
            warn!("the gateway connection did not close within {GATEWAY_CLOSE_TIMEOUT:?}");
        }
        let (handlers, background) = tokio::join!(
            self.in_flight.wait(DRAIN_TIMEOUT),
            self.background.stop(DRAIN_TIMEOUT)
        );
        if !handlers || !background {
            warn!("some tasks were still running after {DRAIN_TIMEOUT:?}; stopping anyway");
        }
        if !connected {
            info!("never connected to the gateway; stopping its connection attempts");
            self.client.abort();
            return Ok(());
        }
        match tokio::time::timeout(GATEWAY_CLOSE_TIMEOUT, &mut self.client).await {
            Ok(ended) => ended?.map_err(Error::from),
            Err(_) => {
                let limit = GATEWAY_CLOSE_TIMEOUT;
                warn!("the gateway client did not stop within {limit:?}; stopping anyway");
                self.client.abort();
                Ok(())
            }
        }
    }
}

/// The poise framework: commands, error handler, component router, and command registration
/// on the first READY.
fn framework(
    config: &Config,
    deps: Deps,
    renderer: Arc<Renderer>,
    background: Background,
    web: Option<tokio::net::TcpListener>,
) -> poise::Framework<Data, Error> {
    let dev_guild = config.dev_guild;
    let public_url: Option<Arc<str>> = config.public_url.as_deref().map(Arc::from);
    let activity = config.client_secret.clone().filter(|_| config.activity());
    let (api_base, bot_token) = (config.api_base().to_owned(), config.token.clone());
    let sweep_interval = deps.sweep_interval;
    let scan_games = deps.scan_games;
    poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::all(),
            on_error: |error| Box::pin(errors::on_error(error)),
            command_check: Some(malformed::options_are_declared),
            event_handler: |framework, event| Box::pin(router::on_event(framework, event)),
            ..Default::default()
        })
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                info!(
                    user = %ready.user.name,
                    application = %ready.application.id,
                    "connected to Discord"
                );
                // poise holds every event until setup returns (polling every 100 ms), so the
                // registration round trip runs beside it instead of delaying the first commands.
                let commands =
                    poise::builtins::create_application_commands(&framework.options().commands);
                let registration = Registration {
                    dev_guild,
                    entry_point: activity.is_some(),
                };
                tokio::spawn(register(ctx.http.clone(), commands, registration));
                let data = Data::new(
                    deps,
                    UserId(ready.user.id.get()),
                    renderer.clone(),
                    &background,
                    public_url.clone(),
                    activity.is_some(),
                );
                data.service
                    .relay_other_processes(&background.tasks, background.stop.clone());
                if let Some(listener) = web {
                    let deps = crate::web::WebDeps {
                        service: data.service.clone(),
                        renderer,
                        cpu: data.cpu.work.clone(),
                    };
                    let activity = activity.clone().map(|client_secret| crate::web::Activity {
                        api_base: api_base.clone(),
                        client_id: ready.application.id.get(),
                        client_secret,
                        bot_token: bot_token.clone(),
                    });
                    let config = crate::web::WebConfig {
                        public_url: public_url.as_deref().map(str::to_owned),
                        local: None,
                        activity,
                        rate_limit: crate::web::RateLimit::default(),
                    };
                    crate::web::spawn(
                        listener,
                        deps,
                        config,
                        &background.tasks,
                        background.stop.clone(),
                    );
                }
                // Nothing here waits for work that grows with the games: the check of stored
                // games runs beside the handlers, and the turns the computer owes are taken up
                // by the first sweep (see `GameService::resume_computer_turns`).
                away_boards::spawn(
                    ctx.http.clone(),
                    data.clone(),
                    &background.tasks,
                    background.stop.clone(),
                );
                startup::spawn_check_games(
                    data.clone(),
                    &background.tasks,
                    background.stop.clone(),
                    background.games_checked.clone(),
                );
                let scanner =
                    scan_games.then(|| (background.tasks.clone(), background.stop.clone()));
                sweeper::Sweeper::new(ctx.http.clone(), data.clone(), scanner).spawn(
                    &background.tasks,
                    background.stop.clone(),
                    sweep_interval,
                );
                Ok(data)
            })
        })
        .build()
}

/// Draws a board of each size in each orientation once, so that no game's first picture is
/// the slow one: the empty boards are drawn then (a few milliseconds each in a release build;
/// the palette ships with the program).
async fn warm_up(renderer: Arc<Renderer>) -> Result<(), Error> {
    tokio::task::spawn_blocking(move || {
        for size in monkey_queen_core::GameOptions::SIZES {
            let options = monkey_queen_core::GameOptions::with_size(size)
                .map_err(|e| Error::Unexpected(e.to_string()))?;
            let start = monkey_queen_core::Position::start(options);
            for flipped in [false, true] {
                let view = crate::render::BoardView {
                    flipped,
                    ..crate::render::BoardView::default()
                };
                renderer.board_png(&start, &view)?;
            }
        }
        Ok(())
    })
    .await?
}

/// Where the commands go: `dev_guild` (instantly) or globally, and whether the Activity's
/// Entry Point command goes with them (it is always global).
#[derive(Debug, Clone, Copy)]
struct Registration {
    dev_guild: Option<serenity::GuildId>,
    entry_point: bool,
}

/// Registers `commands` as `to` says, retrying while Discord is rate limiting or unavailable;
/// a failure is logged and the bot keeps running, since commands registered earlier still
/// work. Globally, the Entry Point command is part of the one overwrite of the app's commands
/// (which replaces every type, so leaving it out removes it); with a development server, it is
/// registered globally on its own.
async fn register(http: Arc<Http>, mut commands: Vec<serenity::CreateCommand>, to: Registration) {
    let dev_guild = to.dev_guild;
    if to.entry_point && dev_guild.is_none() {
        commands.push(activity::entry_point());
    }
    let count = commands.len();
    let registered = retry::retry("registering commands", retry::Retry::REGISTRATION, || {
        let (http, commands) = (http.clone(), commands.clone());
        async move {
            match dev_guild {
                Some(guild) => guild.set_commands(&http, commands).await.map(drop),
                None => serenity::Command::set_global_commands(&http, commands)
                    .await
                    .map(drop),
            }
        }
    })
    .await;
    match registered {
        Ok(()) => info!(count, guild = ?dev_guild, "commands registered"),
        Err(e) => error!(error = %e, guild = ?dev_guild, "registering commands failed"),
    }
    if to.entry_point && dev_guild.is_some() {
        let registered = retry::retry(
            "registering the Entry Point",
            retry::Retry::REGISTRATION,
            || {
                let http = http.clone();
                async move { activity::register_entry_point(&http).await }
            },
        )
        .await;
        if let Err(e) = registered {
            error!(error = %e, "registering the Activity's Entry Point command failed");
        }
    }
}
