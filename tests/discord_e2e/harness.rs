//! The bot on a fake Discord and a temporary database, with helpers that speak in game terms
//! (challenge, click, play a move) and return what the bot sent back.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::support::database::TestDb;
use monkey_queen::app::{self, App, AppConfig, BotConfig as Config, Faces};
use monkey_queen::discord::{PublicKey, Secret, Shards, Token};
use monkey_queen::games::{
    ChallengeId, ChallengeLimits, Clock, CpuLimits, GameId, GameService, GameView, GamesChecked,
    ManualClock, ServiceConfig, SystemClock, UserId,
};
use monkey_queen::storage;
use poise::serenity_prelude::GuildId;
use serde_json::Value;

use crate::board_png::{self, Picture};
use crate::support::fake_discord::{
    APPLICATION_ID, BOT_USER_ID, CLIENT_SECRET, FakeDiscord, RecordedRequest, TOKEN,
};
pub use crate::support::payloads::custom_ids;
use crate::support::payloads::{
    ALICE, BOB, CHANNEL_ID, Caller, GUILD_ID, bot_message, bot_message_with, button_click,
    integer_option, select_click, slash_command, string_option, token, user_option,
    with_resolved_user,
};

/// Interaction callback types (Discord API).
pub const CHANNEL_MESSAGE: u64 = 4;
/// A deferred answer: "the bot is thinking".
pub const DEFERRED_CHANNEL_MESSAGE: u64 = 5;
/// Interaction callback type: acknowledge a click, edit its message later.
pub const DEFERRED_UPDATE_MESSAGE: u64 = 6;
/// The clicked message is edited in place.
pub const UPDATE_MESSAGE: u64 = 7;
/// Autocomplete suggestions.
pub const AUTOCOMPLETE_RESULT: u64 = 8;
/// Message flag: only the invoking user sees it.
pub const EPHEMERAL: u64 = 64;

/// The `color` choice of `/challenge` that gives the challenger White (poise sends a choice's
/// index).
pub const COLOR_WHITE: i64 = 1;
/// The `color` choice that gives the challenger Black.
pub const COLOR_BLACK: i64 = 2;

/// How long handlers may work before deferring, in tests that expect direct answers: longer
/// than any write takes even on a loaded test machine (the bot's default is 50 ms), so those
/// tests see one kind of answer; `slow_challenges_and_clicks_are_deferred_then_answered`
/// covers the deferred kind.
pub const ANSWER_DIRECTLY_WITHIN: Duration = Duration::from_secs(2);
/// How long a scenario waits for any one request (generous: the machine may be loaded).
pub const WAIT: Duration = Duration::from_secs(20);
/// Where a manual clock starts: 2023-11-14, in unix milliseconds.
pub const START_MS: i64 = 1_700_000_000_000;
/// The game pages' address as the boards link to it, in a harness that serves pages; the
/// pages themselves are at [`Harness::pages`].
pub const PUBLIC_URL: &str = "https://monkey-queen.test";
/// How often the bot sweeps on a manual clock: a test that moves the clock sees the sweep's
/// effect at once, and waits for sweeps (see [`Harness::sweeps`]) rather than for a while.
const QUICK_SWEEPS: Duration = Duration::from_millis(20);

/// How the bot is started, kept for its restarts.
#[derive(Clone)]
struct Setup {
    dev_guild: Option<GuildId>,
    defer_after: Duration,
    /// The clock the bot and the harness's service read, when the test moves it.
    manual_clock: Option<Arc<ManualClock>>,
    /// One bot process per entry, each running these shards, all on the one database.
    processes: Vec<Shards>,
    /// The bot's turns of CPU work, shared by its processes and kept across restarts.
    cpu: CpuLimits,
    /// Whether each process serves the game pages (on a free port of 127.0.0.1, linked from
    /// the boards as [`PUBLIC_URL`]).
    pages: bool,
    /// Whether the app has Activities enabled and the bot its client secret (with `pages`).
    activity: bool,
    /// Whether the sweeper searches finished games for puzzles (off where tests time long
    /// work: a search holds a turn of it).
    scan_games: bool,
    /// Each process's share of the global limit, and the invalid requests it warns at half of
    /// (`DISCORD_REQUESTS_PER_SECOND`, `DISCORD_INVALID_REQUEST_LIMIT`).
    rest: (u32, u32),
    /// How interactions come to each process.
    transport: Transport,
}

/// How interactions come to the bot's processes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transport {
    /// By the gateway.
    Gateway,
    /// By HTTP to each process's interactions endpoint, the gateway connected besides.
    Http,
    /// By HTTP to workers that make no gateway connection (`INTERACTIONS_ONLY`).
    HttpOnly,
}

impl Transport {
    /// [`Transport::Http`] when `MQ_TEST_TRANSPORT=http` (as `.ci/run` runs the scenarios a
    /// second time), else [`Transport::Gateway`].
    fn from_env() -> Transport {
        if std::env::var("MQ_TEST_TRANSPORT").is_ok_and(|t| t == "http") {
            Transport::Http
        } else {
            Transport::Gateway
        }
    }
}

/// Discord's own limits: 50 requests a second, 10,000 invalid requests in 10 minutes.
const DISCORD_LIMITS: (u32, u32) = (50, 10_000);

impl Setup {
    fn clock(&self) -> Arc<dyn Clock> {
        match &self.manual_clock {
            Some(clock) => clock.clone(),
            None => Arc::new(SystemClock),
        }
    }

    /// How many gateway sessions the processes open, when `recommended` shards are asked for.
    fn shards(&self, recommended: u32) -> u32 {
        self.processes
            .iter()
            .map(|shards| match *shards {
                Shards::Auto => recommended,
                Shards::Range { first, last, .. } => last - first + 1,
            })
            .sum()
    }

    fn sweep_interval(&self) -> Duration {
        match self.manual_clock {
            Some(_) => QUICK_SWEEPS,
            None => app::DEFAULT_SWEEP_INTERVAL,
        }
    }
}

/// A fake Discord with the bot connected to it, and a service on the bot's database.
pub struct Harness {
    /// The fake Discord.
    pub fake: FakeDiscord,
    bot: App,
    /// The other bot processes, when there are several (see [`Harness::processes`]).
    others: Vec<App>,
    db: TestDb,
    /// A game service on the same database file, to check what the bot stored.
    pub service: GameService,
    setup: Setup,
    sessions: u32,
    ids: Arc<AtomicU64>,
    place: std::sync::Mutex<Option<Place>>,
}

/// Rewrites an interaction payload to come from somewhere else than the test server's channel
/// (see [`Harness::interact_from`]).
pub type Place = Arc<dyn Fn(Value) -> Value + Send + Sync>;

impl Harness {
    /// Starts a fake Discord, a fresh database and the bot.
    pub async fn start(dev_guild: Option<GuildId>) -> Harness {
        Harness::start_on(FakeDiscord::start().await, dev_guild).await
    }

    /// Starts the bot on a fresh database and `fake` (set up beforehand, e.g. to fail the
    /// command registration).
    pub async fn start_on(fake: FakeDiscord, dev_guild: Option<GuildId>) -> Harness {
        Harness::start_with(fake, dev_guild, ANSWER_DIRECTLY_WITHIN).await
    }

    /// Starts with commands registered in the test server, with handlers that defer their
    /// interaction when their work takes longer than `defer_after` (zero: always).
    pub async fn registered_deferring_after(defer_after: Duration) -> Harness {
        let fake = FakeDiscord::start().await;
        let harness = Harness::start_with(fake, Some(GuildId::new(GUILD_ID)), defer_after).await;
        harness.await_registration(0).await;
        harness
    }

    /// Starts with commands registered in the test server, on a manual clock standing at
    /// [`START_MS`] (see [`Harness::clock`]) that the bot and [`Harness::service`] share.
    pub async fn registered_on_manual_clock() -> Harness {
        Harness::registered_on_manual_clock_deferring_after(ANSWER_DIRECTLY_WITHIN).await
    }

    /// As [`Harness::registered_on_manual_clock`], with handlers that defer their interaction
    /// when their work takes longer than `defer_after` (zero: always).
    pub async fn registered_on_manual_clock_deferring_after(defer_after: Duration) -> Harness {
        Harness::registered_on_manual_clock_with(defer_after, DISCORD_LIMITS).await
    }

    /// As [`Harness::registered_on_manual_clock`], the bot keeping to `requests_per_second`
    /// of the global limit and warning at half of `invalid_request_limit` invalid requests.
    pub async fn registered_on_manual_clock_with_limits(
        requests_per_second: u32,
        invalid_request_limit: u32,
    ) -> Harness {
        let limits = (requests_per_second, invalid_request_limit);
        Harness::registered_on_manual_clock_with(ANSWER_DIRECTLY_WITHIN, limits).await
    }

    async fn registered_on_manual_clock_with(defer_after: Duration, rest: (u32, u32)) -> Harness {
        let setup = Setup {
            dev_guild: Some(GuildId::new(GUILD_ID)),
            defer_after,
            manual_clock: Some(Arc::new(ManualClock::new(START_MS))),
            processes: vec![Shards::Auto],
            cpu: CpuLimits::for_this_machine(),
            pages: false,
            activity: false,
            scan_games: false,
            rest,
            transport: Transport::from_env(),
        };
        let harness = Harness::launch_new(FakeDiscord::start().await, setup).await;
        harness.await_registration(0).await;
        harness
    }

    /// Starts a fake Discord that recommends `shard_count` shards, and one bot process per
    /// entry of `processes` running those shards, all on one fresh database and a manual clock
    /// standing at [`START_MS`]; returns once each process has registered its commands in the
    /// test server.
    pub async fn processes(shard_count: u32, processes: Vec<Shards>) -> Harness {
        let setup = Setup {
            dev_guild: Some(GuildId::new(GUILD_ID)),
            defer_after: ANSWER_DIRECTLY_WITHIN,
            manual_clock: Some(Arc::new(ManualClock::new(START_MS))),
            processes,
            cpu: CpuLimits::for_this_machine(),
            pages: false,
            activity: false,
            scan_games: false,
            rest: DISCORD_LIMITS,
            transport: Transport::from_env(),
        };
        Harness::launch_registered(shard_count, setup).await
    }

    /// Starts `setup`'s processes on a fake Discord that recommends `shard_count` shards, and
    /// returns once each has registered its commands in the test server.
    async fn launch_registered(shard_count: u32, setup: Setup) -> Harness {
        let count = setup.processes.len();
        let fake = FakeDiscord::with_shards(shard_count).await;
        let harness = Harness::launch_new(fake, setup).await;
        let registered = |r: &RecordedRequest| r.is("PUT", &guild_commands_path());
        assert!(
            harness.fake.wait_for_count(WAIT, count, registered).await,
            "not every process registered its commands"
        );
        harness
    }

    async fn start_with(
        fake: FakeDiscord,
        dev_guild: Option<GuildId>,
        defer_after: Duration,
    ) -> Harness {
        let setup = Setup {
            dev_guild,
            defer_after,
            manual_clock: None,
            processes: vec![Shards::Auto],
            cpu: CpuLimits::for_this_machine(),
            pages: false,
            activity: false,
            scan_games: false,
            rest: DISCORD_LIMITS,
            transport: Transport::from_env(),
        };
        Harness::launch_new(fake, setup).await
    }

    /// Starts the bot on `fake`, a fresh database and `setup`, as the first gateway session.
    async fn launch_new(fake: FakeDiscord, setup: Setup) -> Harness {
        let _ = tracing_subscriber::fmt()
            .with_env_filter(
                tracing_subscriber::EnvFilter::try_from_default_env()
                    .unwrap_or_else(|_| "warn".into()),
            )
            .with_test_writer()
            .try_init();
        let ids = Arc::new(AtomicU64::new(1_000));
        let sessions = setup.shards(fake.recommended_shards());
        Harness::launch(fake, TestDb::new().await, setup, sessions, ids).await
    }

    /// As [`Harness::registered`], with the game pages served and linked from every board
    /// (see [`Harness::pages`]).
    pub async fn registered_with_pages() -> Harness {
        Harness::processes_with_pages(1, vec![Shards::Auto]).await
    }

    /// As [`Harness::processes`] (on the real clock), each process serving the game pages.
    pub async fn processes_with_pages(shard_count: u32, processes: Vec<Shards>) -> Harness {
        let setup = Setup {
            dev_guild: Some(GuildId::new(GUILD_ID)),
            defer_after: ANSWER_DIRECTLY_WITHIN,
            manual_clock: None,
            processes,
            cpu: CpuLimits::for_this_machine(),
            pages: true,
            activity: false,
            scan_games: false,
            rest: DISCORD_LIMITS,
            transport: Transport::from_env(),
        };
        Harness::launch_registered(shard_count, setup).await
    }

    /// As [`Harness::registered_with_pages`], for an app with Activities enabled whose bot has
    /// its client secret: the Activity is on (see `activity.rs`). Registration done includes
    /// the global Entry Point command's.
    pub async fn registered_with_activity() -> Harness {
        Harness::registered_with_activity_deferring_after(ANSWER_DIRECTLY_WITHIN).await
    }

    /// As [`Harness::registered_with_activity`], with handlers that defer their interaction
    /// (or launch the Activity) when their work takes longer than `defer_after`.
    pub async fn registered_with_activity_deferring_after(defer_after: Duration) -> Harness {
        let setup = Setup {
            dev_guild: Some(GuildId::new(GUILD_ID)),
            defer_after,
            manual_clock: None,
            processes: vec![Shards::Auto],
            cpu: CpuLimits::for_this_machine(),
            pages: true,
            activity: true,
            scan_games: false,
            rest: DISCORD_LIMITS,
            transport: Transport::from_env(),
        };
        let fake = FakeDiscord::start().await;
        fake.enable_activities();
        let harness = Harness::launch_new(fake, setup).await;
        harness.await_registration(0).await;
        harness
            .fake
            .expect_request("the Entry Point command", |r| {
                r.method.as_str() == "PATCH"
                    && r.path
                        .contains(&format!("/applications/{APPLICATION_ID}/commands/"))
            })
            .await;
        harness
    }

    /// Where the `process`-th bot process (0 the first) serves the game pages, as
    /// `http://127.0.0.1:PORT`, in a harness started with pages.
    pub fn pages(&self, process: usize) -> String {
        let bot = self.bots().nth(process).expect("no such process");
        let addr = bot.web_addr().expect("the harness was started with pages");
        format!("http://{addr}")
    }

    /// The `DATABASE_URL` of the bot's database.
    pub fn database_url(&self) -> String {
        self.db.url.clone()
    }

    /// Where the `process`-th bot process (0 the first) serves health and metrics, as
    /// `http://127.0.0.1:PORT`.
    pub fn admin(&self, process: usize) -> String {
        let bot = self.bots().nth(process).expect("no such process");
        let addr = bot
            .admin_addr()
            .expect("the harness serves an admin address");
        format!("http://{addr}")
    }

    /// The address of a page the boards linked to (`https://monkey-queen.test/g/KEY`) on the
    /// `process`-th process's server.
    pub fn served(&self, link: &str, process: usize) -> String {
        let path = link
            .strip_prefix(PUBLIC_URL)
            .expect("a link to a game page");
        format!("{}{path}", self.pages(process))
    }

    /// Alice's `/name options` answered: its answer, or its deferral's edit.
    pub async fn answer(&self, name: &str, options: Vec<Value>) -> RecordedRequest {
        let id = self.next_id();
        let payload = slash_command(id, ALICE, name, options);
        let answer = self
            .exchange(&format!("/{name}"), payload, |r| {
                r.is("POST", &callback_path(id))
            })
            .await;
        if kind(&answer) == DEFERRED_CHANNEL_MESSAGE {
            return self.original_edit(id).await;
        }
        answer
    }

    /// As [`Harness::registered_on_manual_clock`], with the sweeper searching finished games
    /// for puzzles.
    pub async fn registered_scanning_games() -> Harness {
        let setup = Setup {
            dev_guild: Some(GuildId::new(GUILD_ID)),
            defer_after: ANSWER_DIRECTLY_WITHIN,
            manual_clock: Some(Arc::new(ManualClock::new(START_MS))),
            processes: vec![Shards::Auto],
            cpu: CpuLimits::for_this_machine(),
            pages: false,
            activity: false,
            scan_games: true,
            rest: DISCORD_LIMITS,
            transport: Transport::from_env(),
        };
        let harness = Harness::launch_new(FakeDiscord::start().await, setup).await;
        harness.await_registration(0).await;
        harness
    }

    /// As [`Harness::registered`], every interaction sent by HTTP to the bot's interactions
    /// endpoint whatever `MQ_TEST_TRANSPORT` says.
    pub async fn registered_by_http() -> Harness {
        Harness::registered_by(Transport::Http).await
    }

    /// As [`Harness::registered`], every interaction sent by the gateway whatever
    /// `MQ_TEST_TRANSPORT` says: for scenarios about the gateway's connection itself.
    pub async fn registered_by_gateway() -> Harness {
        Harness::registered_by(Transport::Gateway).await
    }

    /// As [`Harness::registered`], interactions coming as `transport` says.
    pub async fn registered_by(transport: Transport) -> Harness {
        let setup = Setup {
            dev_guild: Some(GuildId::new(GUILD_ID)),
            defer_after: ANSWER_DIRECTLY_WITHIN,
            manual_clock: None,
            processes: vec![Shards::Auto],
            cpu: CpuLimits::for_this_machine(),
            pages: false,
            activity: false,
            scan_games: false,
            rest: DISCORD_LIMITS,
            transport,
        };
        let harness = Harness::launch_new(FakeDiscord::start().await, setup).await;
        harness.await_registration(0).await;
        harness
    }

    /// Starts with commands registered in the test server, and waits for the registration.
    pub async fn registered() -> Harness {
        let harness = Harness::start(Some(GuildId::new(GUILD_ID))).await;
        harness.await_registration(0).await;
        harness
    }

    /// Starts the bot on `fake` and `db` as the `session`-th gateway session.
    async fn launch(
        fake: FakeDiscord,
        db: TestDb,
        setup: Setup,
        session: u32,
        ids: Arc<AtomicU64>,
    ) -> Harness {
        let mut bots = Vec::new();
        let by_http = setup.transport != Transport::Gateway;
        let interactions_only = setup.transport == Transport::HttpOnly;
        for shards in &setup.processes {
            let config = Config {
                token: Token::new(TOKEN),
                dev_guild: setup.dev_guild,
                // The Activity's sign-in asks Discord there; the bot's REST client goes to
                // `discord_at`, with serenity's rate limiter on as in production.
                api_url: Some(fake.api_url()),
                shards: *shards,
                // The interactions endpoint is served by the web server.
                web_addr: (setup.pages || by_http).then(|| "127.0.0.1:0".parse().unwrap()),
                public_url: setup.pages.then(|| PUBLIC_URL.to_owned()),
                client_secret: setup.activity.then(|| Secret::new(CLIENT_SECRET)),
                // The pages stand behind a proxy on this machine, as the README suggests.
                trusted_proxies: vec!["127.0.0.1/32".parse().unwrap()],
                activity_mock_sdk: setup.activity,
                discord_at: Some(fake.discord_at()),
                requests_per_second: setup.rest.0,
                invalid_request_limit: setup.rest.1,
                public_key: by_http.then(|| {
                    PublicKey::from_hex(&FakeDiscord::public_key()).expect("the fake's key")
                }),
                interactions_only,
            };
            let app = AppConfig {
                db: storage::connect(&db.url).await.unwrap(),
                clock: setup.clock(),
                cpu: setup.cpu.clone(),
                sweep_interval: setup.sweep_interval(),
                scan_games: setup.scan_games,
                admin_addr: Some("127.0.0.1:0".parse().unwrap()),
                faces: Faces::Bot {
                    config: Box::new(config),
                    defer_after: setup.defer_after,
                },
            };
            bots.push(App::start(app).await.expect("the bot starts"));
        }
        assert!(
            interactions_only || fake.wait_for_sessions(session, WAIT).await,
            "the bot never identified on the fake gateway"
        );
        if by_http {
            let endpoint = |bot: &App| format!("http://{}/interactions", bot.web_addr().unwrap());
            fake.send_interactions_to(bots.iter().map(endpoint).collect());
        }
        let mut bots = bots.into_iter();
        let bot = bots.next().expect("at least one bot process");
        let others = bots.collect();
        let service = GameService::new(
            storage::connect(&db.url).await.unwrap(),
            setup.clock(),
            // It seeds scenarios with as many games as they need.
            ServiceConfig {
                bot_user: Some(UserId(BOT_USER_ID)),
                challenge_limits: ChallengeLimits::NONE,
                ..ServiceConfig::default()
            },
        );
        Harness {
            fake,
            bot,
            others,
            db,
            service,
            setup,
            sessions: session,
            ids,
            place: std::sync::Mutex::new(None),
        }
    }

    /// Sends every later interaction from `place` (e.g. a group DM), as rewritten by it.
    pub fn interact_from(&self, place: impl Fn(Value) -> Value + Send + Sync + 'static) {
        *self.place.lock().unwrap() = Some(Arc::new(place));
    }

    /// The manual clock of a harness started with [`Harness::registered_on_manual_clock`].
    pub fn clock(&self) -> &ManualClock {
        self.setup
            .manual_clock
            .as_deref()
            .expect("the harness was started on a manual clock")
    }

    /// Waits until `sweeps` whole sweeps have run after this call (a sweep under way does not
    /// count: it may have read the database before the caller changed it).
    /// With several processes, each runs that many.
    pub async fn sweeps(&self, sweeps: u64) {
        for bot in self.bots() {
            let mut done = bot.sweeps_done();
            let target = *done.borrow_and_update() + sweeps + 1;
            tokio::time::timeout(WAIT, done.wait_for(|&n| n >= target))
                .await
                .unwrap_or_else(|_| panic!("{sweeps} sweeps did not run within {WAIT:?}"))
                .expect("the bot is running");
        }
    }

    /// The bot's turns of CPU work (see [`CpuLimits`]), the same after a restart: a test holds
    /// some of them to see what waits for them and what does not.
    pub fn cpu(&self) -> &CpuLimits {
        &self.setup.cpu
    }

    /// What the (first) bot's check of stored games found, once it is done (see
    /// [`App::games_checked`]).
    pub fn games_checked(&self) -> tokio::sync::watch::Receiver<Option<GamesChecked>> {
        self.bot.games_checked()
    }

    /// Takes every connection of each bot process's database pools, reading and writing, and
    /// keeps them until the returned connections are dropped: meanwhile every read and write
    /// the bot makes waits, as on a database that has stopped answering.
    pub async fn hold_database(&self) -> Vec<storage::Pooled> {
        let mut held = Vec::new();
        for bot in self.bots() {
            let db = bot.service().db();
            let (readers, writers) = db.pool_sizes();
            for _ in 0..writers {
                held.push(db.write().await.expect("a connection of the bot's"));
            }
            for _ in 0..readers {
                held.push(db.read().await.expect("a connection of the bot's"));
            }
        }
        held
    }

    /// Every bot process.
    fn bots(&self) -> impl Iterator<Item = &App> {
        std::iter::once(&self.bot).chain(&self.others)
    }

    /// The limits the (first) bot process keeps on its requests to Discord.
    pub fn discord_limits(&self) -> Arc<monkey_queen::discord::Limits> {
        self.bot.discord_limits().expect("the bot runs")
    }

    /// Waits until the bot handles no event: every interaction sent before has been handled
    /// completely, so whatever its handler was going to send has been sent.
    pub async fn idle(&self) {
        for bot in self.bots() {
            let mut running = bot.events_in_flight();
            tokio::time::timeout(WAIT, running.wait_for(|&n| n == 0))
                .await
                .unwrap_or_else(|_| panic!("the bot was still busy after {WAIT:?}"))
                .expect("the bot is running");
        }
    }

    /// Pushes `interaction` and returns the first request after it that `matches`.
    pub async fn exchange(
        &self,
        what: &str,
        interaction: Value,
        matches: impl Fn(&RecordedRequest) -> bool,
    ) -> RecordedRequest {
        let mark = self.fake.mark();
        self.push(interaction);
        self.wait_since(mark, what, matches).await
    }

    /// How many requests recorded since `mark` match.
    pub fn count_since(&self, mark: usize, matches: impl Fn(&RecordedRequest) -> bool) -> usize {
        self.fake
            .requests()
            .iter()
            .skip(mark)
            .filter(|r| matches(r))
            .count()
    }

    /// Waits for a guild command registration recorded after `mark`.
    pub async fn await_registration(&self, mark: usize) -> RecordedRequest {
        self.wait_since(mark, "guild command registration", |r| {
            r.is("PUT", &guild_commands_path())
        })
        .await
    }

    /// Closes the (first) bot's connections to its database: from now on it can't reach it,
    /// as with a server that is down.
    pub async fn close_bots_database(&self) {
        self.bot.service().db().close().await;
    }

    /// Stops the bot, which must finish promptly, and hands back the fake and the database.
    pub async fn stop(self) -> (FakeDiscord, TestDb) {
        self.stop_then(async |_| {}).await
    }

    /// [`Harness::stop`], letting `meanwhile` act on the database once no bot runs.
    async fn stop_then(self, meanwhile: impl AsyncFnOnce(&GameService)) -> (FakeDiscord, TestDb) {
        let stopping = Instant::now();
        for bot in std::iter::once(self.bot).chain(self.others) {
            tokio::time::timeout(WAIT, bot.shutdown())
                .await
                .expect("the bot stops in time")
                .expect("the bot stops without error");
        }
        println!("shutdown took {:?}", stopping.elapsed());
        meanwhile(&self.service).await;
        self.service.db().close().await;
        (self.fake, self.db)
    }

    /// Stops the bot process `process` (its place in [`Harness::processes`]' list, from 1:
    /// the first one stays) and waits until it has; the others run on.
    pub async fn stop_process(&mut self, process: usize) {
        assert!(process >= 1, "the first process stops with the harness");
        let bot = self.others.remove(process - 1);
        tokio::time::timeout(WAIT, bot.shutdown())
            .await
            .expect("the process stops in time")
            .expect("the process stops without error");
    }

    /// Stops the bot and starts a new bot process on the same fake Discord and database;
    /// returns once the new one has registered its commands.
    pub async fn restart(self) -> Harness {
        self.restart_after(async |_| {}).await
    }

    /// Stops the bot, lets `meanwhile` act on the database through the harness's service while
    /// no bot runs (as another process would that then died, before showing anything in the
    /// chat), and starts a new bot process as [`Harness::restart`] does.
    pub async fn restart_after(self, meanwhile: impl AsyncFnOnce(&GameService)) -> Harness {
        let (setup, sessions, ids) = (self.setup.clone(), self.sessions, self.ids.clone());
        let (fake, db) = self.stop_then(meanwhile).await;
        let mark = fake.mark();
        let started = setup.shards(fake.recommended_shards());
        let harness = Harness::launch(fake, db, setup, sessions + started, ids).await;
        harness.await_registration(mark).await;
        harness
    }

    /// A fresh interaction id (also the idempotency key of a move).
    pub fn next_id(&self) -> u64 {
        self.ids.fetch_add(1, Ordering::SeqCst)
    }

    /// The first request after `mark` that `matches`, waiting up to [`WAIT`]; panics with the
    /// recorded requests otherwise.
    pub async fn wait_since(
        &self,
        mark: usize,
        what: &str,
        matches: impl Fn(&RecordedRequest) -> bool,
    ) -> RecordedRequest {
        match self.fake.wait_for_request_since(mark, WAIT, matches).await {
            Some(found) => found,
            None => panic!(
                "no request for {what} within {WAIT:?}; recorded:\n{}",
                self.fake.describe_requests()
            ),
        }
    }

    /// The interaction callback of interaction `id`.
    pub async fn callback(&self, id: u64) -> RecordedRequest {
        self.wait_since(0, &format!("callback of {id}"), |r| {
            r.is("POST", &callback_path(id))
        })
        .await
    }

    /// The edit of interaction `id`'s deferred response.
    pub async fn original_edit(&self, id: u64) -> RecordedRequest {
        self.wait_since(0, &format!("edit of {id}'s response"), |r| {
            r.is("PATCH", &original_path(id))
        })
        .await
    }

    /// The next message posted in the test channel after `mark`.
    pub async fn channel_message(&self, mark: usize) -> RecordedRequest {
        self.wait_since(mark, "a new channel message", is_channel_message)
            .await
    }

    /// The next board message posted after `previous` (e.g. the computer's answer to it);
    /// its time is measured from `sent`.
    pub async fn next_board(&self, previous: &Board, sent: Instant) -> Board {
        let after = previous.request.received_at;
        let next = self
            .wait_since(0, "the next board message", |r| {
                r.received_at > after && is_board_delivery(r)
            })
            .await;
        Board::from_request(next, sent)
    }

    /// The channel messages posted after `mark`, in order (without waiting).
    pub fn channel_messages_since(&self, mark: usize) -> Vec<RecordedRequest> {
        self.fake
            .requests()
            .into_iter()
            .skip(mark)
            .filter(is_channel_message)
            .collect()
    }

    /// Pushes `/name options` by `caller`; returns the interaction id.
    pub fn command(&self, caller: Caller, name: &str, options: Vec<Value>) -> (u64, Instant) {
        let id = self.next_id();
        let sent = self
            .fake
            .push_interaction(slash_command(id, caller, name, options));
        (id, sent)
    }

    /// Pushes an interaction payload (from the place set by [`Harness::interact_from`]);
    /// returns when it was sent.
    pub fn push(&self, payload: Value) -> Instant {
        let place = self.place.lock().unwrap().clone();
        let payload = match place {
            Some(place) => place(payload),
            None => payload,
        };
        self.fake.push_interaction(payload)
    }

    /// `by` challenges `opponent` (or anyone) with `options` beside the opponent; returns the
    /// posted challenge.
    pub async fn challenge(
        &self,
        by: Caller,
        opponent: Option<Caller>,
        mut options: Vec<Value>,
    ) -> PostedChallenge {
        let id = self.next_id();
        let mut payload = slash_command(id, by, "challenge", Vec::new());
        if let Some(opponent) = opponent {
            options.insert(0, user_option("opponent", opponent));
            payload = with_resolved_user(payload, &[opponent]);
        }
        payload["data"]["options"] = Value::Array(options);
        self.push(payload);
        let callback = self.callback(id).await;
        if kind(&callback) == DEFERRED_CHANNEL_MESSAGE {
            // Deferred privately: the challenge follows as a message of its own.
            let posted = self
                .wait_since(0, "the deferred challenge", |r| {
                    r.is("POST", &followup_path(id))
                })
                .await;
            return PostedChallenge::from_request(&posted);
        }
        PostedChallenge::from_callback(&callback)
    }

    /// `who` clicks button `custom_id` on a message with `content` and buttons `custom_ids`;
    /// returns the click's callback and when it was sent.
    pub async fn click(
        &self,
        who: Caller,
        custom_id: &str,
        content: &str,
        custom_ids: &[String],
    ) -> (RecordedRequest, Instant) {
        let id = self.next_id();
        let ids: Vec<&str> = custom_ids.iter().map(String::as_str).collect();
        let message = bot_message(9_000 + id, content, &ids);
        let sent = self.push(button_click(id, who, custom_id, message));
        (self.callback(id).await, sent)
    }

    /// `who` accepts `challenge`; returns the click's callback and the first board of the game:
    /// the challenge message turned into it (the click's answer, or its edit after a
    /// deferral), or a new message where it could not be.
    pub async fn accept(
        &self,
        who: Caller,
        challenge: &PostedChallenge,
    ) -> (RecordedRequest, Board) {
        let mark = self.fake.mark();
        let accept = challenge.button("accept");
        let (callback, sent) = self
            .click(who, &accept, &challenge.content, &challenge.custom_ids)
            .await;
        // Once the click's handler is done, whatever else it sent (the mention of the player
        // to move) is in.
        if callback.is_multipart() {
            self.idle().await;
            return (callback.clone(), Board::from_request(callback, sent));
        }
        let token = token(interaction_id(&callback));
        let original = format!("/webhooks/{APPLICATION_ID}/{token}/messages/@original");
        let first = self
            .wait_since(mark, "the game's first board", |r| {
                is_board_delivery(r) || (r.is("PATCH", &original) && r.is_multipart())
            })
            .await;
        self.idle().await;
        (callback, Board::from_request(first, sent))
    }

    /// Asserts that of the messages made since `mark`, one pinged `user`, and none pinged
    /// anyone else (by the fake's record of what Discord did).
    pub fn assert_pinged_since(&self, mark: usize, user: u64) {
        let pinged: Vec<u64> = self
            .fake
            .requests()
            .iter()
            .skip(mark)
            .filter_map(|r| r.delivery.as_ref())
            .flat_map(|d| d.pinged.clone())
            .collect();
        assert_eq!(pinged, vec![user], "pinged since the mark");
    }

    /// `who` plays `text` with `/move`: its answer, which is the new board itself (or an
    /// ephemeral refusal), or a public deferral followed by the board as a follow-up.
    pub async fn play(&self, who: Caller, text: &str) -> Played {
        self.play_payload(slash_command(
            0,
            who,
            "move",
            vec![string_option("move", text)],
        ))
        .await
    }

    /// Like [`Harness::play`] as interaction `id` (from [`Harness::next_id`], so that a test
    /// can set up faults for it first).
    pub async fn play_as(&self, id: u64, who: Caller, text: &str) -> Played {
        let payload = slash_command(id, who, "move", vec![string_option("move", text)]);
        self.play_payload_as(id, payload).await
    }

    /// Like [`Harness::play`] with a prepared `/move` payload (its id is replaced).
    pub async fn play_payload(&self, payload: Value) -> Played {
        let id = self.next_id();
        self.play_payload_as(id, payload).await
    }

    async fn play_payload_as(&self, id: u64, mut payload: Value) -> Played {
        payload["id"] = Value::String(id.to_string());
        payload["token"] = Value::String(token(id));
        let sent = self.push(payload);
        let answer = self.callback(id).await;
        if kind(&answer) == DEFERRED_CHANNEL_MESSAGE {
            // Deferred privately: the refusal edits the deferral; a move's board follows as a
            // new message once the deferral says the move was played.
            self.idle().await;
            let requests = self.fake.requests();
            let follow_up = requests
                .iter()
                .find(|r| r.is("POST", &followup_path(id)) && r.is_multipart());
            let board = follow_up.map(|r| Board::from_request(r.clone(), sent));
            let refusal = match board {
                Some(_) => None,
                None => requests
                    .iter()
                    .rev()
                    .find(|r| r.is("PATCH", &original_path(id)))
                    .map(|r| content(r).to_owned()),
            };
            return Played {
                answer,
                board,
                refusal,
            };
        }
        let board = answer
            .is_multipart()
            .then(|| Board::from_request(answer.clone(), sent));
        let refusal = board.is_none().then(|| {
            answer
                .pointer("/data/content")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned()
        });
        Played {
            answer,
            board,
            refusal,
        }
    }

    /// `white` challenges `black`, choosing White, and `black` accepts: the game's number and
    /// its first board.
    pub async fn start_game(&self, white: Caller, black: Caller) -> (GameId, Board) {
        self.start_game_with(white, black, Vec::new()).await
    }

    /// Like [`Harness::start_game`], with more `/challenge` options (a clock, say).
    pub async fn start_game_with(
        &self,
        white: Caller,
        black: Caller,
        mut options: Vec<Value>,
    ) -> (GameId, Board) {
        options.insert(0, integer_option("color", COLOR_WHITE));
        let challenge = self.challenge(white, Some(black), options).await;
        let (_, board) = self.accept(black, &challenge).await;
        (game_of(&board), board)
    }

    /// The game as stored now.
    pub async fn game(&self, id: GameId) -> GameView {
        self.service.game(id).await.unwrap()
    }

    /// A game between Alice and Bob as stored now, whichever of them is to move in it, and
    /// two of that player's legal moves (the first and the last).
    pub async fn two_moves(&self, id: GameId) -> (GameView, Caller, [String; 2]) {
        let view = self.game(id).await;
        let mover = if view.to_move == Some(UserId(ALICE.id)) {
            ALICE
        } else {
            BOB
        };
        let legal = view.position.legal_moves();
        let texts = [legal[0].to_string(), legal[legal.len() - 1].to_string()];
        (view, mover, texts)
    }
}

/// A challenge message as the bot posted it.
pub struct PostedChallenge {
    /// The challenge's number, from its buttons.
    pub id: ChallengeId,
    /// The message text.
    pub content: String,
    /// The `custom_id` of every button, in order.
    pub custom_ids: Vec<String>,
}

impl PostedChallenge {
    /// Reads the challenge message from the callback that posted it.
    pub fn from_callback(callback: &RecordedRequest) -> PostedChallenge {
        assert_eq!(kind(callback), CHANNEL_MESSAGE, "{:?}", callback.json);
        PostedChallenge::from_request(callback)
    }

    /// Reads the challenge message from the request that posted it: an interaction's answer,
    /// or the follow-up of a deferred one.
    pub fn from_request(callback: &RecordedRequest) -> PostedChallenge {
        let custom_ids = custom_ids(
            callback
                .pointer("/data/components")
                .or_else(|| callback.pointer("/components")),
        );
        let id = custom_ids
            .iter()
            .find_map(|c| c.strip_prefix("accept:"))
            .and_then(|n| n.parse().ok())
            .map(ChallengeId)
            .expect("a challenge has an Accept button");
        PostedChallenge {
            id,
            content: content(callback).to_owned(),
            custom_ids,
        }
    }

    /// The `custom_id` of the button whose action is `action` (`accept`, `decline`, `cancel`).
    pub fn button(&self, action: &str) -> String {
        let prefix = format!("{action}:");
        self.custom_ids
            .iter()
            .find(|c| c.starts_with(&prefix))
            .unwrap_or_else(|| panic!("no {action} button in {:?}", self.custom_ids))
            .clone()
    }
}

/// A board message: a new channel message with the picture of a game.
pub struct Board {
    /// The recorded request.
    pub request: RecordedRequest,
    /// Its text.
    pub content: String,
    /// The users it may ping.
    pub mentioned: Vec<u64>,
    /// The decoded picture.
    pub picture: Picture,
    /// The `custom_id` of every button under it.
    pub custom_ids: Vec<String>,
    /// From the interaction's dispatch to the upload.
    pub took: Duration,
}

impl Board {
    /// Reads a board message; panics unless it carries exactly one PNG named `board.png`.
    pub fn from_request(request: RecordedRequest, sent: Instant) -> Board {
        assert!(request.is_multipart(), "{:?}", request.content_type);
        assert_eq!(request.files.len(), 1, "one picture");
        let file = &request.files[0];
        assert_eq!(file.filename.as_deref(), Some("board.png"));
        // An interaction's answer carries its message under `data`.
        let at = if request.path.ends_with("/callback") {
            "/data"
        } else {
            ""
        };
        let field = |name: &str| request.pointer(&format!("{at}{name}"));
        assert_eq!(
            field("/attachments/0/filename").and_then(Value::as_str),
            Some("board.png")
        );
        let mentioned = field("/allowed_mentions/users")
            .and_then(Value::as_array)
            .map(|users| users.iter().map(snowflake).collect())
            .unwrap_or_default();
        Board {
            content: field("/content")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned(),
            mentioned,
            picture: board_png::decode(&file.bytes),
            custom_ids: custom_ids(field("/components")),
            took: request.received_at.duration_since(sent),
            request,
        }
    }

    /// The message's flags (64: ephemeral).
    pub fn flags(&self) -> u64 {
        let at = if self.request.path.ends_with("/callback") {
            "/data/flags"
        } else {
            "/flags"
        };
        self.request
            .pointer(at)
            .and_then(Value::as_u64)
            .unwrap_or(0)
    }

    /// The address of the game's page its link button leads to, if it has one.
    pub fn page_link(&self) -> Option<String> {
        page_link(&self.request)
    }

    /// The `custom_id` of the Resign button, while the game is on.
    pub fn resign_button(&self) -> Option<&String> {
        self.custom_ids.iter().find(|c| c.starts_with("resign:"))
    }

    /// Asserts the message pings exactly `user` (and says so in its text): by the fake's record
    /// of what the request did, Discord notified `user` and nobody else.
    pub fn assert_pings(&self, user: u64) {
        assert!(
            self.content.contains(&format!("<@{user}>")),
            "{}",
            self.content
        );
        assert_eq!(self.mentioned, vec![user], "{}", self.content);
        let delivery = self.request.delivery.as_ref();
        assert_eq!(
            delivery.map(|d| d.pinged.as_slice()),
            Some([user].as_slice()),
            "whom {} pinged, by the fake's record (none: the fake did not carry it out): \
             {delivery:?}",
            self.request.line()
        );
    }
}

/// The outcome of one `/move`.
pub struct Played {
    /// The interaction's answer: the board (callback type 4, public, with the picture), an
    /// ephemeral refusal, or a public deferral (type 5) when the work was slow.
    pub answer: RecordedRequest,
    /// The board, if the move was applied: the answer itself or, after a deferral, the
    /// follow-up.
    pub board: Option<Board>,
    /// The refusal's text, if the move was refused.
    pub refusal: Option<String>,
}

impl Played {
    /// Asserts the move was refused, only to the player, with `reason`, and no board was made.
    pub fn assert_refused(&self, reason: &str) {
        assert!(self.board.is_none(), "a refused move made a board");
        assert_eq!(self.refusal.as_deref(), Some(reason));
        if kind(&self.answer) == CHANNEL_MESSAGE {
            assert_eq!(
                self.answer.pointer("/data/flags").and_then(Value::as_u64),
                Some(EPHEMERAL)
            );
        }
    }

    /// Asserts the move was applied; returns its board, the interaction's own public answer.
    pub fn applied(self) -> Board {
        let board = self.board.unwrap_or_else(|| {
            panic!(
                "an applied move answers with its board; refused: {:?}",
                self.refusal
            )
        });
        assert_eq!(board.flags(), 0, "a board is public");
        board
    }
}

/// Asserts `deferral` is a deferred, ephemeral interaction answer.
pub fn assert_deferred_ephemerally(deferral: &RecordedRequest) {
    assert_eq!(kind(deferral), DEFERRED_CHANNEL_MESSAGE);
    assert_eq!(
        deferral.pointer("/data/flags").and_then(Value::as_u64),
        Some(EPHEMERAL)
    );
}

/// Asserts `callback` answers a click with a message only the clicker sees, saying `text`.
pub fn assert_ephemeral_answer(callback: &RecordedRequest, text: &str) {
    assert_eq!(kind(callback), CHANNEL_MESSAGE, "{:?}", callback.json);
    assert_eq!(
        callback.pointer("/data/flags").and_then(Value::as_u64),
        Some(EPHEMERAL)
    );
    assert_eq!(
        callback.pointer("/data/content").and_then(Value::as_str),
        Some(text)
    );
}

/// The callback type of an interaction callback.
pub fn kind(callback: &RecordedRequest) -> u64 {
    callback.pointer("/type").and_then(Value::as_u64).unwrap()
}

/// The text of a message payload: a webhook edit's or follow-up's, a channel message's, or an
/// interaction answer's (under `/data`).
pub fn content(request: &RecordedRequest) -> &str {
    request
        .pointer("/content")
        .or_else(|| request.pointer("/data/content"))
        .and_then(Value::as_str)
        .unwrap_or_default()
}

/// The alt text (Discord's `description`) of a message payload's first attachment (an
/// answer's are under `/data`).
pub fn alt_text(request: &RecordedRequest) -> Option<&str> {
    request
        .pointer("/attachments/0/description")
        .or_else(|| request.pointer("/data/attachments/0/description"))
        .and_then(Value::as_str)
}

/// The components of a message payload's rows (an answer's are under `/data`).
fn components(request: &RecordedRequest) -> Vec<Value> {
    let rows = request
        .pointer("/components")
        .or_else(|| request.pointer("/data/components"))
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    rows.iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .collect()
}

/// The buttons of a message payload (an answer's are under `/data`): `(custom_id, disabled)`.
pub fn buttons(request: &RecordedRequest) -> Vec<(String, bool)> {
    components(request)
        .iter()
        .map(|b| {
            (
                b["custom_id"].as_str().unwrap_or_default().to_owned(),
                b["disabled"].as_bool().unwrap_or(false),
            )
        })
        .collect()
}

/// The link buttons of a message payload: `(label, address)`.
pub fn links(request: &RecordedRequest) -> Vec<(String, String)> {
    components(request)
        .iter()
        .filter_map(|b| {
            let url = b["url"].as_str()?.to_owned();
            Some((b["label"].as_str().unwrap_or_default().to_owned(), url))
        })
        .collect()
}

/// The address of the link button of a message payload (an answer's are under `/data`).
pub fn page_link(request: &RecordedRequest) -> Option<String> {
    links(request).into_iter().next().map(|(_, url)| url)
}

/// The `custom_id` of every button of a message payload, in order.
pub fn button_ids(request: &RecordedRequest) -> Vec<String> {
    buttons(request).into_iter().map(|(id, _)| id).collect()
}

/// A Discord id written as a string or a number.
fn snowflake(value: &Value) -> u64 {
    value
        .as_u64()
        .or_else(|| value.as_str().and_then(|s| s.parse().ok()))
        .unwrap()
}

/// Whether `r` posts a message in the test channel (a board, say).
pub fn is_channel_message(r: &RecordedRequest) -> bool {
    r.is("POST", &format!("/channels/{CHANNEL_ID}/messages"))
}

/// Whether `r` delivers a new board: a message in the test channel, or a follow-up with a
/// picture (where the bot can only answer interactions).
pub fn is_board_delivery(r: &RecordedRequest) -> bool {
    let follow_up = r.method.as_str() == "POST"
        && r.path
            .starts_with(&format!("/api/v10/webhooks/{APPLICATION_ID}/"))
        && !r.path.contains("/messages/");
    is_channel_message(r) || (follow_up && r.is_multipart())
}

/// Whether `r` posts a message in a channel (any channel, a DM included).
pub fn is_any_channel_message(r: &RecordedRequest) -> bool {
    r.method.as_str() == "POST"
        && r.path.starts_with("/api/v10/channels/")
        && r.path.ends_with("/messages")
}

/// The route of the test server's command registration.
pub fn guild_commands_path() -> String {
    format!("/applications/{APPLICATION_ID}/guilds/{GUILD_ID}/commands")
}

/// The route of interaction `id`'s callback.
pub fn callback_path(id: u64) -> String {
    format!("/interactions/{id}/{}/callback", token(id))
}

/// The route of interaction `id`'s follow-up messages.
pub fn followup_path(id: u64) -> String {
    format!("/webhooks/{APPLICATION_ID}/{}", token(id))
}

/// The route of interaction `id`'s original response.
pub fn original_path(id: u64) -> String {
    format!(
        "/webhooks/{APPLICATION_ID}/{}/messages/@original",
        token(id)
    )
}

/// Milliseconds, for printing.
pub fn millis(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Prints the median and worst of `times` under `what`.
pub fn print_summary(what: &str, mut times: Vec<Duration>) {
    if times.is_empty() {
        return;
    }
    times.sort();
    println!(
        "{what} over {} samples: median {:.1} ms, worst {:.1} ms",
        times.len(),
        millis(times[(times.len() - 1) / 2]),
        millis(times[times.len() - 1])
    );
}

/// The game number a board message's Resign button names.
pub fn game_of(board: &Board) -> GameId {
    let button = board
        .resign_button()
        .expect("an active game's board has Resign");
    let id = button.split(':').nth(1).unwrap().parse().unwrap();
    GameId(id)
}

/// One step of the Move button's menus: the interaction's answer, read as a picker message.
pub struct Picker {
    /// Its text.
    pub content: String,
    /// Its components, as sent.
    pub components: Value,
    /// The decoded picture.
    pub picture: Picture,
}

impl Picker {
    /// Reads a picker from the callback that answered with it, or the edit that showed it.
    pub fn from_request(answer: RecordedRequest) -> Picker {
        assert!(
            answer.is_multipart(),
            "a picker has its picture: {:?}",
            answer.json
        );
        // An interaction's answer carries its message under `data`; an edit is the message.
        let at = if answer.path.ends_with("/callback") {
            "/data"
        } else {
            ""
        };
        let picture = board_png::decode(&answer.files[0].bytes);
        Picker {
            content: answer
                .pointer(&format!("{at}/content"))
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned(),
            components: answer
                .pointer(&format!("{at}/components"))
                .cloned()
                .unwrap_or_default(),
            picture,
        }
    }

    /// Every option of every menu: `(menu custom_id, value, label, description)`.
    pub fn options(&self) -> Vec<(String, String, String, String)> {
        let text = |v: &Value| v.as_str().unwrap_or_default().to_owned();
        self.components
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .flat_map(|menu| {
                let id = text(&menu["custom_id"]);
                menu["options"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default()
                    .into_iter()
                    .map(move |o| {
                        (
                            id.clone(),
                            text(&o["value"]),
                            text(&o["label"]),
                            text(&o["description"]),
                        )
                    })
            })
            .collect()
    }

    /// The menu that offers `value`.
    pub fn menu_with(&self, value: &str) -> String {
        self.options()
            .into_iter()
            .find(|(_, v, _, _)| v == value)
            .unwrap_or_else(|| panic!("no option {value} in {:?}", self.options()))
            .0
    }
}

impl Harness {
    /// `who` clicks the Move button of `board`; returns the callback (a picker, or a refusal).
    pub async fn click_move(&self, who: Caller, board: &Board) -> RecordedRequest {
        let button = board
            .custom_ids
            .iter()
            .find(|c| c.starts_with("move:"))
            .expect("an active board has a Move button")
            .clone();
        self.click(who, &button, &board.content, &board.custom_ids)
            .await
            .0
    }

    /// `who` picks `value` in the menu `menu` of `picker`; returns the callback.
    pub async fn pick(
        &self,
        who: Caller,
        picker: &Picker,
        menu: &str,
        value: &str,
    ) -> RecordedRequest {
        let id = self.next_id();
        let message = bot_message_with(9_000 + id, &picker.content, picker.components.clone());
        let message = with_flags(message, EPHEMERAL);
        self.push(select_click(id, who, menu, &[value], message));
        self.callback(id).await
    }

    /// `who` plays `from`→`to` with the Move button of `board` and its two menus; returns the
    /// new board (the last pick's answer) and both pickers.
    pub async fn play_by_picking(
        &self,
        who: Caller,
        board: &Board,
        from: &str,
        to: &str,
    ) -> (Board, Picker, Picker) {
        let opened = self.click_move(who, board).await;
        assert_eq!(kind(&opened), CHANNEL_MESSAGE, "{:?}", opened.json);
        assert_eq!(
            opened.pointer("/data/flags").and_then(Value::as_u64),
            Some(EPHEMERAL),
            "only the player sees the picker"
        );
        let pieces = Picker::from_request(opened);
        let menu = pieces.menu_with(from);
        let picked = self.pick(who, &pieces, &menu, from).await;
        assert_eq!(kind(&picked), UPDATE_MESSAGE, "{:?}", picked.json);
        let destinations = Picker::from_request(picked);
        let menu = destinations.menu_with(to);
        let sent = Instant::now();
        let played = self.pick(who, &destinations, &menu, to).await;
        (Board::from_request(played, sent), pieces, destinations)
    }
}

/// A message with these `flags` (64: ephemeral).
pub fn with_flags(mut message: Value, flags: u64) -> Value {
    message["flags"] = Value::from(flags);
    message
}

/// The interaction id in a callback's path (`…/interactions/{id}/{token}/callback`).
pub fn interaction_id(callback: &RecordedRequest) -> u64 {
    let mut parts = callback.path.split('/');
    parts.find(|p| *p == "interactions");
    parts.next().and_then(|id| id.parse().ok()).unwrap()
}
