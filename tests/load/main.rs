//! Load and crash runs: the real bot (the `monkey-queen` binary, as a child process) against
//! the fake Discord on 127.0.0.1, played by scripted pairs of players, each pair in its own
//! channel, making random legal moves as fast as the bot answers (with `/move` suggestions
//! asked before each move) and starting a new game when one ends. Afterwards the database is
//! checked against what the players were told (see `verify`).
//!
//! ```text
//! cargo test --release --test load -- --ignored --nocapture --test-threads 1
//! ```
//!
//! runs `load` (a bounded run) and `load_with_sigkill` (the same, with the bot killed with
//! SIGKILL at half-time and restarted on the same database). Knobs: `MQ_LOAD_GAMES` (games
//! at once, default 80), `MQ_LOAD_SECONDS` (default 60) and `MQ_LOAD_THINK_MS` (a player's
//! mean thinking time before each action, default 2000; 0: as soon as the turn comes),
//! `MQ_LOAD_PROCESSES` (bot processes, default 1; with more, each runs one gateway shard of as
//! many, and every pair plays in a server of its own so the shards share the work; the kill
//! takes the first process down while the others go on), `MQ_LOAD_BACKEND` (`postgres`:
//! the database is a fresh one on the server at `MQ_TEST_POSTGRES_URL`; default SQLite; the
//! run then also samples how often the bots' connections wait for a lock) and
//! `MQ_LOAD_SEED_GAMES` (games in progress stored before the bot starts, default 0: the run
//! then says how long a start took to answer its first interaction) and `MQ_LOAD_OUTAGE=1`
//! (the database goes away for 10 s a third of the way through the run: on PostgreSQL, a server
//! of the run's own is restarted, with three bot processes unless `MQ_LOAD_PROCESSES` says
//! otherwise; on SQLite another connection holds the write lock; see `outage` for what is then
//! checked) and `MQ_LOAD_ROLLING=1` (a rolling restart: each bot process in turn is stopped
//! with SIGTERM and started again while the others serve, as an upgrade would; three processes
//! on PostgreSQL unless `MQ_LOAD_PROCESSES` says otherwise; the pairs served by the process
//! being restarted wait for it, and read their games back) and `MQ_LOAD_HTTP=1` (interactions
//! come by HTTP, signed, to the processes' interactions endpoints in turn, each process a
//! worker with no gateway connection; not with a restart or an outage). With a kill, three
//! workers unless `MQ_LOAD_PROCESSES` says otherwise: the first is SIGKILLed at half-time
//! while the others serve and nobody pauses; the fake, as a load balancer would, sends what
//! reaches the dead one's port on to the next worker and takes it out of the rotation; the
//! interactions it held fail for their players, who read their games back, and they must be
//! the only ones that fail; then it is started again and put back in the rotation.
//!
//! The fake enforces Discord's rate limits: 5 messages per 5 s in a channel and 50 requests a
//! second from a bot in all. A move's board is the answer to its interaction, and so is a
//! game's first board (the Accept turns the challenge message into it), which count against
//! neither; the clock's messages, boards an answer could not carry, and the edit that takes
//! the buttons off a board once another game's board came below it (never here: each pair
//! plays in its own channel, and a board right above the next keeps its buttons) are channel
//! requests. Players
//! moving at once can make more of those in a channel than its bucket takes: the run declares
//! the 429s a busy channel gets (see `declare_busy_channels`). The defaults are the profile the README's figures are measured with, the
//! same before and after boards became interaction answers (with channel posts, 80 games
//! thinking 1–3 s a move were what Discord's limits allowed). The bot's
//! log is written to `target/tmp/NAME.log`. The normal `cargo test` runs a small version with a kill
//! (`smoke_run_with_a_kill`), a small rolling restart on PostgreSQL
//! (`postgres_smoke_run_of_three_processes_restarted_in_turn`) and two small outage runs (`smoke_run_with_the_write_lock_held_for_ten_seconds`,
//! and on PostgreSQL `postgres_smoke_run_of_three_processes_with_the_server_restarted`), so none
//! of this rots.
//!
//! A kill can't wait 10 minutes for a clock to fall due, so while the bot is dead the run
//! moves a few clocks in the database: some deadlines into the past (the restarted bot must
//! post each loss on time once), some reminders (one reminder each, and none elsewhere).
#![cfg(unix)]

#[path = "../support/mod.rs"]
mod support;

mod answer;
mod bot;
mod control;
mod ids;
mod lock_waits;
mod outage;
mod own_postgres;
mod player;
mod report;
mod router;
mod verify;

use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use monkey_queen::games::{Clock, GameId, GameService, ServiceConfig, SystemClock, UserId};
use monkey_queen::storage;
use tokio::sync::{mpsc, watch};

use bot::{Bot, BotSetup, LogCounts, Memory};
use control::{Phase, Shared, Victims};
use player::Pair;
use report::{Report, RunFacts};
use router::Unrouted;
use support::fake_discord::{BOT_USER_ID, FakeDiscord};

/// How long the bot may take to connect and register its commands.
const STARTUP: Duration = Duration::from_secs(30);

/// How often the load balancer in front of HTTP workers checks that they are up (before its
/// check, the first connection a dead worker refuses takes it out of the rotation).
const HEALTH_CHECK: Duration = Duration::from_secs(2);

/// What a run is asked to do.
struct Knobs {
    /// Name of the log file.
    name: &'static str,
    /// Games at once (pairs of players).
    games: usize,
    /// How long the players play.
    seconds: f64,
    /// Kill the bot with SIGKILL at half-time and restart it.
    kill: bool,
    /// A player's mean thinking time before a move.
    think: Duration,
    /// Every how many pairs plays with a 10-minute clock (1: all of them).
    clock_every: usize,
    /// Bot processes, one gateway shard each.
    processes: u32,
    /// Whether the database is on PostgreSQL.
    postgres: bool,
    /// Games in progress stored before the bot starts (see `monkey_queen::cli::seed`).
    seed_games: u64,
    /// Take the database away for a while in the middle of the run (see `outage`).
    outage: bool,
    /// Restart each process in turn with SIGTERM while the others serve.
    rolling: bool,
    /// Interactions by HTTP to workers with no gateway connection.
    http: bool,
}

impl Knobs {
    /// The full run, sized by `MQ_LOAD_GAMES` and `MQ_LOAD_SECONDS`.
    fn from_env(name: &'static str, kill: bool) -> Knobs {
        let var = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<f64>().ok());
        let outage = std::env::var("MQ_LOAD_OUTAGE").as_deref() == Ok("1");
        let rolling = std::env::var("MQ_LOAD_ROLLING").as_deref() == Ok("1");
        let postgres = std::env::var("MQ_LOAD_BACKEND").as_deref() == Ok("postgres");
        let http = std::env::var("MQ_LOAD_HTTP").as_deref() == Ok("1");
        let processes = if ((outage || rolling) && postgres) || (http && kill) {
            3
        } else {
            1
        };
        Knobs {
            name,
            games: var("MQ_LOAD_GAMES").map_or(80, |g| g as usize),
            seconds: var("MQ_LOAD_SECONDS").unwrap_or(60.0),
            kill,
            think: Duration::from_secs_f64(var("MQ_LOAD_THINK_MS").unwrap_or(2000.0) / 1000.0),
            clock_every: 2,
            processes: var("MQ_LOAD_PROCESSES").map_or(processes, |p| p as u32),
            postgres,
            seed_games: var("MQ_LOAD_SEED_GAMES").map_or(0, |g| g as u64),
            outage,
            rolling,
            http,
        }
    }
}

impl Knobs {
    /// A short run of the normal suite: `games` games of players moving at once, for
    /// `seconds`, one process on SQLite, nothing taken away.
    fn smoke(name: &'static str, games: usize, seconds: f64) -> Knobs {
        Knobs {
            name,
            games,
            seconds,
            kill: false,
            think: Duration::ZERO,
            clock_every: 2,
            processes: 1,
            postgres: false,
            seed_games: 0,
            outage: false,
            rolling: false,
            http: false,
        }
    }

    /// The same short run with three processes of one shard each on PostgreSQL.
    fn postgres_smoke(name: &'static str, games: usize, seconds: f64) -> Knobs {
        Knobs {
            processes: 3,
            postgres: true,
            ..Knobs::smoke(name, games, seconds)
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn smoke_run_with_a_kill() {
    run(Knobs {
        kill: true,
        // Enough games with a clock are on at the kill for both kinds of clock check.
        clock_every: 1,
        ..Knobs::smoke("smoke", 8, 5.0)
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_smoke_run_of_three_processes_with_one_killed() {
    if support::database::postgres_server().is_none() {
        return;
    }
    run(Knobs {
        kill: true,
        clock_every: 1,
        ..Knobs::postgres_smoke("postgres-smoke", 9, 6.0)
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_smoke_run_of_three_http_workers_with_one_killed() {
    if support::database::postgres_server().is_none() {
        return;
    }
    run(Knobs {
        kill: true,
        http: true,
        ..Knobs::postgres_smoke("postgres-http-smoke", 9, 6.0)
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_smoke_run_of_three_processes_restarted_in_turn() {
    if support::database::postgres_server().is_none() {
        return;
    }
    run(Knobs {
        rolling: true,
        ..Knobs::postgres_smoke("postgres-rolling-smoke", 9, 8.0)
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn smoke_run_with_the_write_lock_held_for_ten_seconds() {
    run(Knobs {
        outage: true,
        ..Knobs::smoke("outage-smoke", 8, 15.0)
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_smoke_run_of_three_processes_with_the_server_restarted() {
    // The server restarted is one of the run's own; the one named says PostgreSQL is here.
    if support::database::postgres_server().is_none() {
        return;
    }
    run(Knobs {
        outage: true,
        ..Knobs::postgres_smoke("postgres-outage-smoke", 9, 15.0)
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a minute of full load; run with --release --ignored --nocapture"]
async fn load() {
    run(Knobs::from_env("load", false)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a minute of full load with a SIGKILL; run with --release --ignored --nocapture"]
async fn load_with_sigkill() {
    run(Knobs::from_env("load-sigkill", true)).await;
}

/// Everything a run holds on to between its phases.
struct Conductor {
    setup: BotSetup,
    /// The processes that are not killed.
    others: Vec<Bot>,
    shared: Arc<Shared>,
    /// The phase of each shard's pairs.
    phases: Vec<watch::Sender<Phase>>,
    resynced: mpsc::UnboundedReceiver<usize>,
    /// The endpoints of the HTTP workers killed so far.
    killed: watch::Sender<Vec<String>>,
    unrouted: watch::Receiver<Unrouted>,
    lives: Vec<Memory>,
    sessions: u32,
    /// Pairs of players in the run.
    pairs: usize,
    /// The last game stored before the run.
    seeded: GameId,
}

/// Plays, reports, verifies; panics on any lost, duplicated or refused move, any problem in
/// the database, any error in the bot's log or any unanswered interaction.
async fn run(knobs: Knobs) {
    assert!(
        !knobs.http || !(knobs.rolling || knobs.outage),
        "MQ_LOAD_HTTP runs without a rolling restart or an outage"
    );
    let dir = tempfile::tempdir().unwrap();
    let log = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{}.log", knobs.name));
    let _ = std::fs::remove_file(&log);
    let fake = FakeDiscord::with_shards(knobs.processes).await;
    fake.keep_requests(false);
    declare_busy_channels(&fake);
    let tap = fake.tap();
    // An outage on PostgreSQL restarts a server of the run's own, never the shared one.
    let own_server = (knobs.outage && knobs.postgres).then(own_postgres::OwnPostgres::start);
    let database = match knobs.postgres {
        true => {
            let server = own_server.as_ref().map_or_else(
                || support::database::postgres_server().expect("MQ_TEST_POSTGRES_URL"),
                own_postgres::OwnPostgres::url,
            );
            Some(support::database::TestDb::postgres(&server).await)
        }
        false => None,
    };
    let database_url = database.as_ref().map_or_else(
        || format!("sqlite://{}?mode=rwc", dir.path().join("bot.db").display()),
        |db| db.url.clone(),
    );
    let outage = match (knobs.outage, own_server) {
        (false, _) => None,
        (true, Some(server)) => Some(outage::Outage::Restart(server)),
        (true, None) => Some(outage::Outage::WriteLock(database_url.clone())),
    };
    let (database_up, database_rx) = watch::channel(true);
    let setup = BotSetup {
        dir: dir.path().to_owned(),
        database_url: database_url.clone(),
        shards: knobs.processes,
        api_url: fake.api_url(),
        log: log.clone(),
        counts: Arc::new(LogCounts::default()),
        http: knobs.http,
    };
    let (to_pairs, from_router): (Vec<_>, Vec<_>) =
        (0..knobs.games).map(|_| mpsc::unbounded_channel()).unzip();
    let (unrouted_tx, unrouted) = watch::channel(Unrouted::default());
    tokio::spawn(router::route(tap, to_pairs, unrouted_tx));

    let (seeded, seed_line) = seed(&database_url, knobs.seed_games).await;
    let own_cpu_before = bot::own_cpu_time();
    let bots_started = Instant::now();
    let mut bots = Vec::new();
    for shard in 0..knobs.processes {
        bots.push(Bot::start(&setup, shard).await);
    }
    assert!(
        knobs.http || fake.wait_for_sessions(knobs.processes, STARTUP).await,
        "the bot never connected"
    );
    wait_for_registrations(&unrouted, knobs.processes).await;
    if knobs.http {
        fake.send_interactions_to(bots.iter().filter_map(Bot::endpoint).collect());
    }
    let first = bots.remove(0);
    let service = GameService::new(
        storage::connect(&setup.database_url).await.unwrap(),
        Arc::new(SystemClock),
        ServiceConfig {
            bot_user: Some(UserId(BOT_USER_ID)),
            ..ServiceConfig::default()
        },
    );
    let (phases, phase_rxs): (Vec<_>, Vec<_>) = (0..knobs.processes)
        .map(|_| watch::channel(Phase::Running))
        .unzip();
    let (resynced_tx, resynced) = mpsc::unbounded_channel();
    let (killed, killed_rx) = watch::channel(Vec::new());
    let shared = Arc::new(Shared {
        fake,
        alive: (0..knobs.processes).map(|_| RwLock::new(true)).collect(),
        phases: phase_rxs,
        service,
        resynced: resynced_tx,
        think: knobs.think,
        spread: knobs.processes > 1,
        // Behind a 10 s outage (and SQLite's writes queued behind its lock), answers take longer.
        wait: Duration::from_secs(if knobs.outage { 40 } else { 10 }),
        killed: killed_rx,
        database: knobs.outage.then_some(database_rx),
    });
    let mut conductor = Conductor {
        setup,
        others: bots,
        shared: shared.clone(),
        phases,
        resynced,
        killed,
        unrouted,
        lives: Vec::new(),
        sessions: knobs.processes,
        pairs: knobs.games,
        seeded,
    };

    let lock_waits = knobs.postgres.then(|| {
        tokio::spawn(lock_waits::sample(
            shared.service.db().clone(),
            shared.phases[0].clone(),
        ))
    });
    let started = Instant::now();
    let players: Vec<_> = from_router
        .into_iter()
        .enumerate()
        .map(|(i, events)| {
            tokio::spawn(Pair::new(i, i % knobs.clock_every == 0, shared.clone(), events).play())
        })
        .collect();
    let play = Duration::from_secs_f64(knobs.seconds);
    let (mut bot, mut down, mut victims, mut kill_lines) =
        (first, Duration::ZERO, Victims::default(), Vec::new());
    let mut went_away = None;
    if let Some(outage) = &outage {
        tokio::time::sleep(play / 3).await;
        let window = outage.run(&database_up).await;
        let (owed, not_due) = outage::owed(&shared.service).await;
        let owed_count = owed.len();
        let service = shared.service.clone();
        let delivered = tokio::spawn(async move { outage::delivered(&service, owed).await });
        // Play goes on long enough after the return for every process to show it serves.
        let end = (started + play).max(window.back + 2 * outage::RECOVERY);
        tokio::time::sleep_until(end.into()).await;
        went_away = Some((window, owed_count, not_due, delivered));
    } else if knobs.rolling {
        let mut restarts;
        (bot, restarts) = conductor.restart_in_turn(bot, play).await;
        kill_lines.append(&mut restarts);
    } else if knobs.kill && knobs.http {
        tokio::time::sleep(play / 2).await;
        let line;
        (bot, line) = conductor.kill_worker(bot).await;
        kill_lines.push(line);
        tokio::time::sleep(play / 2).await;
    } else if knobs.kill {
        tokio::time::sleep(play / 2).await;
        let killed = Instant::now();
        (bot, victims, kill_lines) = conductor.kill_and_restart(bot, knobs.games).await;
        down = killed.elapsed();
        tokio::time::sleep(play / 2).await;
    } else {
        tokio::time::sleep(play).await;
    }
    conductor.set_phase(&Phase::Stopping);
    let mut report = Report::default();
    for player in players {
        report.merge(player.await.unwrap());
    }
    let played = started.elapsed() - down;
    conductor.lives.push(bot.terminate().await);
    for other in std::mem::take(&mut conductor.others) {
        conductor.lives.push(other.terminate().await);
    }
    let own_cpu = bot::own_cpu_time().saturating_sub(own_cpu_before);
    let counts = &conductor.setup.counts;
    let unreachable_lines = counts
        .unreachable
        .load(std::sync::atomic::Ordering::Relaxed);
    let mut outage_problems = Vec::new();
    if let Some((window, owed, not_due, delivered)) = went_away {
        let figures = outage::figures(
            &report,
            window,
            knobs.processes,
            if knobs.postgres {
                storage::Backend::Postgres
            } else {
                storage::Backend::Sqlite
            },
            (owed, delivered.await.unwrap()),
            not_due,
            unreachable_lines,
        );
        kill_lines.extend(figures.lines);
        outage_problems = figures.problems;
    }
    if let Some(line) = seed_line {
        kill_lines.push(start_up_line(
            &line,
            &report,
            bots_started,
            &conductor.lives[0],
        ));
    }
    if let Some(sampler) = lock_waits {
        kill_lines.push(sampler.await.unwrap());
    }

    let (mut problems, checked) = verify::verify(&shared.service, &report, &victims, seeded).await;
    problems.extend(outage_problems);
    if knobs.http {
        let (line, failed_elsewhere) = failures(&shared.fake, &report, &conductor.killed);
        kill_lines.push(line);
        problems.extend(failed_elsewhere);
    }
    let unrouted = conductor.unrouted.borrow().clone();
    if knobs.kill || knobs.rolling {
        kill_lines.push(format!(
            "answers cut off by the stops: {} interactions never answered, {} moves in flight ({} of them stored, each resolved by reading its game back)",
            report.cut_off,
            report.in_flight.len(),
            report.in_flight.iter().filter(|f| f.stored).count()
        ));
    }
    kill_lines.push(checked);
    kill_lines.push(format!(
        "requests: {} boards lost their buttons to a newer one; refused by the fake: {}",
        unrouted.unbuttoned,
        refusals(&shared.fake)
    ));
    if !knobs.postgres
        && let Some(server) = support::database::postgres_server()
    {
        kill_lines.push(copy_to_postgres(&shared.service, &server).await);
    }
    let facts = RunFacts {
        title: format!(
            "{}: {} games ({} players) for {:.0} s, {} on {}, {}{}, {} build",
            knobs.name,
            knobs.games,
            2 * knobs.games,
            knobs.seconds,
            match knobs.processes {
                1 => "one bot process".to_owned(),
                n => format!("{n} bot processes of one shard each"),
            },
            if knobs.postgres {
                "PostgreSQL"
            } else {
                "SQLite"
            },
            if knobs.think.is_zero() {
                "moving as soon as their turn comes".to_owned()
            } else {
                format!(
                    "thinking {:.1} s on average before a move",
                    knobs.think.as_secs_f64()
                )
            },
            match (knobs.kill, knobs.processes, &outage) {
                (true, n, _) if knobs.http => format!(
                    ", interactions by HTTP to {n} workers with no gateway, the first SIGKILLed at half-time"
                ),
                (false, _, Some(outage)) => format!(", {} a third of the way", outage.describe()),
                (false, _, None) if knobs.rolling => {
                    ", each process restarted in turn (SIGTERM)".to_owned()
                }
                (false, n, None) if knobs.http => {
                    format!(", interactions by HTTP to {n} worker(s) with no gateway")
                }
                (false, _, None) => String::new(),
                (true, 1, _) => ", SIGKILL at half-time".to_owned(),
                (true, _, _) => ", the first process SIGKILLed at half-time".to_owned(),
            },
            if cfg!(debug_assertions) {
                "debug"
            } else {
                "release"
            },
        ),
        played,
        lives: &conductor.lives,
        own_cpu,
        log_errors: counts.errors.load(std::sync::atomic::Ordering::Relaxed),
        log_panics: counts.panics.load(std::sync::atomic::Ordering::Relaxed),
        malformed: unrouted.malformed.len(),
        kill: kill_lines,
    };
    report::print(&report, &facts);
    for problem in &problems {
        println!("PROBLEM: {problem}");
    }
    println!("bot log: {}", log.display());

    assert!(
        problems.is_empty(),
        "{} problems in the database",
        problems.len()
    );
    assert_eq!(report.error_count, 0, "{:#?}", report.errors);
    assert_eq!(
        facts.log_errors + facts.log_panics,
        0,
        "{:#?}",
        counts.examples
    );
    if !knobs.outage {
        assert_eq!(unreachable_lines, 0, "the database was unreachable");
    }
    assert!(unrouted.malformed.is_empty(), "{:#?}", unrouted.malformed);
    assert!(report.games_finished > 0, "no game finished during the run");
    if knobs.kill && !knobs.http {
        assert!(
            !victims.timeouts.is_empty() && !victims.reminders.is_empty(),
            "no game with a clock was on at the kill"
        );
    }
}

impl Conductor {
    /// SIGKILL at once; with the bot dead, moves a few clocks and lets every pair read its
    /// game back; then restarts the bot on the same database and lets the players go on.
    async fn kill_and_restart(&mut self, bot: Bot, games: usize) -> (Bot, Victims, Vec<String>) {
        self.set_phase(&Phase::Down);
        let mut alive: Vec<_> = self
            .shared
            .alive
            .iter()
            .map(|a| a.write().unwrap())
            .collect();
        alive.iter_mut().for_each(|a| **a = false);
        drop(alive);
        self.lives.push(bot.kill().await);
        // Whatever the dead bot sent before it died reaches the players first.
        tokio::time::sleep(Duration::from_millis(300)).await;
        let victims = Arc::new(move_clocks(&self.shared.service, self.seeded).await);
        self.set_phase(&Phase::Resync(victims.clone()));
        for _ in 0..games {
            tokio::time::timeout(STARTUP, self.resynced.recv())
                .await
                .expect("every pair reads its game back")
                .unwrap();
        }
        let restarting = Instant::now();
        let bot = Bot::start(&self.setup, 0).await;
        self.sessions += 1;
        assert!(
            self.shared
                .fake
                .wait_for_sessions(self.sessions, STARTUP)
                .await,
            "the restarted bot never connected"
        );
        wait_for_registrations(&self.unrouted, self.sessions).await;
        let restart = restarting.elapsed();
        for alive in &self.shared.alive {
            *alive.write().unwrap() = true;
        }
        self.set_phase(&Phase::Running);
        let lines = vec![format!(
            "SIGKILL: restarted and ready in {:.0} ms; clocks moved while down: {} deadlines passed, {} reminders due",
            restart.as_secs_f64() * 1000.0,
            victims.timeouts.len(),
            victims.reminders.len()
        )];
        let victims = Arc::try_unwrap(victims).unwrap_or_else(|shared| Victims {
            timeouts: shared.timeouts.clone(),
            reminders: shared.reminders.clone(),
        });
        (bot, victims, lines)
    }
}

impl Conductor {
    /// SIGKILLs the HTTP worker `bot` while the others serve: once no exchange with it is
    /// underway and it is out of the fake's rotation, tells the pairs, which give up what it
    /// held; then starts it again and puts it back in the rotation. Its new life, and a line
    /// of figures.
    async fn kill_worker(&mut self, bot: Bot) -> (Bot, String) {
        let endpoint = bot.endpoint().expect("an HTTP worker");
        let fake = &self.shared.fake;
        let rerouted = fake.rerouted_interactions();
        self.lives.push(bot.kill().await);
        fake.wait_out_of_rotation(&endpoint, HEALTH_CHECK).await;
        self.killed.send_modify(|killed| killed.push(endpoint));
        let restarting = Instant::now();
        let bot = Bot::start(&self.setup, 0).await;
        self.sessions += 1;
        wait_for_registrations(&self.unrouted, self.sessions).await;
        let ready = restarting.elapsed();
        let endpoints = std::iter::once(&bot).chain(&self.others);
        fake.send_interactions_to(endpoints.filter_map(Bot::endpoint).collect());
        let line = format!(
            "SIGKILL of one of {} HTTP workers: {} interactions sent to its port after it died went on to the next worker; restarted and back in the rotation in {:.0} ms",
            self.others.len() + 1,
            fake.rerouted_interactions() - rerouted,
            ready.as_secs_f64() * 1000.0
        );
        (bot, line)
    }

    /// Every shard's pairs to `phase`.
    fn set_phase(&self, phase: &Phase) {
        for sender in &self.phases {
            let _ = sender.send(phase.clone());
        }
    }

    /// A rolling restart over the run's `play` time: each process in turn (`first`, then the
    /// others), evenly spaced, is stopped with SIGTERM (it finishes what it was doing and exits
    /// cleanly) and started again on its shard, while the other processes serve their pairs.
    /// The restarted shard's pairs stop sending while it is down, then read their games back
    /// (a move whose answer was cut off may or may not be stored). Returns the first process's
    /// new life and a line of figures for each restart.
    async fn restart_in_turn(&mut self, first: Bot, play: Duration) -> (Bot, Vec<String>) {
        let processes = self.phases.len();
        let gap = play / u32::try_from(processes + 1).expect("few processes");
        let mut first = Some(first);
        let mut lines = Vec::new();
        for shard in 0..processes {
            tokio::time::sleep(gap).await;
            let stopping = Instant::now();
            let _ = self.phases[shard].send(Phase::Down);
            *self.shared.alive[shard].write().unwrap() = false;
            let bot = match shard {
                0 => first.take().expect("the first process"),
                _ => self.others.remove(0),
            };
            self.lives.push(bot.terminate().await);
            let stopped = stopping.elapsed();
            // An answer the stopped process sent that has not reached its pair yet counts as cut
            // off; its move, if any, is resolved by reading the game back all the same.
            let _ = self.phases[shard].send(Phase::Resync(Arc::new(Victims::default())));
            let pairs = (0..self.pairs)
                .filter(|&p| self.shared.shard_of(p) == shard)
                .count();
            for _ in 0..pairs {
                tokio::time::timeout(STARTUP, self.resynced.recv())
                    .await
                    .expect("every pair of the shard reads its game back")
                    .unwrap();
            }
            let restarting = Instant::now();
            let bot = Bot::start(&self.setup, u32::try_from(shard).expect("a shard")).await;
            self.sessions += 1;
            assert!(
                self.shared
                    .fake
                    .wait_for_sessions(self.sessions, STARTUP)
                    .await,
                "the restarted process never connected"
            );
            wait_for_registrations(&self.unrouted, self.sessions).await;
            let ready = restarting.elapsed();
            *self.shared.alive[shard].write().unwrap() = true;
            let _ = self.phases[shard].send(Phase::Running);
            match shard {
                0 => first = Some(bot),
                _ => self.others.push(bot),
            }
            lines.push(format!(
                "rolling restart of process {shard} ({pairs} pairs): stopped cleanly in {:.0} ms, started and ready in {:.0} ms",
                stopped.as_secs_f64() * 1000.0,
                ready.as_secs_f64() * 1000.0
            ));
        }
        tokio::time::sleep(gap).await;
        (first.expect("the first process, restarted"), lines)
    }
}

/// Declares what a busy channel gets: Discord's 429 on its message bucket (5 per 5 s; not the
/// global limit), for a post, edit or delete of a message there. A post the bot waits out and
/// sends again; an edit that takes the buttons off an old board it lets be, and that board
/// keeps buttons that refuse stale clicks.
fn declare_busy_channels(fake: &FakeDiscord) {
    fake.expect_refusals(|r| {
        let route: Vec<&str> = r
            .request
            .split_once(" /api/v10/")
            .map_or("", |(_, path)| path)
            .split('/')
            .collect();
        r.status == 429
            && r.rate_limit.as_ref().is_some_and(|limit| !limit.1)
            && matches!(route.as_slice(), ["channels", _, "messages", ..])
    });
}

/// The fake's refusals, counted by status and route (ids left out), e.g.
/// `3 × 429 PATCH /api/v10/channels/{id}/messages/{id}`, saying which 429s were the global
/// limit's.
fn refusals(fake: &FakeDiscord) -> String {
    let mut counts = std::collections::BTreeMap::<String, usize>::new();
    for refusal in fake.refusals() {
        let route: Vec<&str> = refusal
            .request
            .split('/')
            .map(|part| match part.bytes().all(|b| b.is_ascii_digit()) {
                true if !part.is_empty() => "{id}",
                _ => part,
            })
            .collect();
        let global = match refusal.rate_limit.as_ref().is_some_and(|limit| limit.1) {
            true => " (the global limit)",
            false => "",
        };
        let key = format!("{} {}{global}", refusal.status.as_u16(), route.join("/"));
        *counts.entry(key).or_default() += 1;
    }
    if counts.is_empty() {
        return "none".to_owned();
    }
    let counts: Vec<String> = counts.iter().map(|(k, n)| format!("{n} × {k}")).collect();
    counts.join(", ")
}

/// The interactions sent by HTTP that failed for their players, as a line of the report, and
/// a problem for each one no killed worker held (those are the only ones that may fail).
fn failures(
    fake: &FakeDiscord,
    report: &Report,
    killed: &watch::Sender<Vec<String>>,
) -> (String, Vec<String>) {
    let (killed, held) = (killed.borrow(), &report.held_by_killed);
    let failed = fake.failed_interactions();
    let (broken, elsewhere): (Vec<_>, Vec<_>) = failed
        .iter()
        .partition(|f| killed.contains(&f.worker) && held.contains(&f.interaction));
    let problems: Vec<String> = elsewhere
        .iter()
        .map(|f| {
            format!(
                "interaction {} failed at {} ({}), which no killed worker held",
                f.interaction,
                match f.worker.as_str() {
                    "" => "no worker",
                    worker => worker,
                },
                f.why
            )
        })
        .collect();
    let line = format!(
        "interactions that failed for their players: {} held by the killed worker ({} broke their HTTP exchange, the others were deferred or half-answered when it died), {} elsewhere",
        held.len(),
        broken.len(),
        problems.len()
    );
    (line, problems)
}

/// Waits until `count` guild command registrations were seen (one per life of the bot).
async fn wait_for_registrations(unrouted: &watch::Receiver<Unrouted>, count: u32) {
    let mut unrouted = unrouted.clone();
    tokio::time::timeout(STARTUP, unrouted.wait_for(|u| u.registrations >= count))
        .await
        .expect("the bot registers its commands")
        .unwrap();
}

/// Copies the run's SQLite database to a fresh PostgreSQL one (the copy compares every table
/// of both) and replays every game there; what it found, as a line of the report.
async fn copy_to_postgres(service: &GameService, server: &str) -> String {
    let target = support::database::TestDb::postgres(server).await;
    let to = storage::connect(&target.url).await.unwrap();
    let started = Instant::now();
    let copied = storage::copy(service.db(), &to)
        .await
        .expect("the copy to PostgreSQL");
    let took = started.elapsed();
    let copy = GameService::new(to, Arc::new(SystemClock), ServiceConfig::default());
    let (replayed, mismatches) = copy.verify_every_game().await.unwrap();
    assert!(mismatches.is_empty(), "{mismatches:?}");
    let (games, replayed_here) = (service.verify_every_game().await.unwrap().0, replayed);
    assert_eq!(games, replayed_here, "every game was copied");
    let rows: u64 = copied.tables.iter().map(|(_, rows)| rows).sum();
    format!(
        "copied to PostgreSQL: {rows} rows in {:.1} s, every table equal; all {replayed} games replay there",
        took.as_secs_f64()
    )
}

/// Picks a tenth of the active games with a clock (at least one each; none of those seeded
/// up to `seeded`) and, as if the bot had been down for ten minutes, puts the deadline of some
/// and the reminder of others in the past.
async fn move_clocks(service: &GameService, seeded: GameId) -> Victims {
    let db = service.db();
    let ids: Vec<i64> = sqlx::query_scalar(
        "SELECT id FROM games
         WHERE status = 'active' AND move_time_ms IS NOT NULL AND id > $1 ORDER BY id",
    )
    .bind(seeded.0)
    .fetch_all(&mut *db.read().await.unwrap())
    .await
    .unwrap();
    let each = (ids.len() / 10).max(1).min(ids.len() / 2);
    let past = service.now_ms() - 1_000;
    let mut victims = Victims::default();
    for (i, &id) in ids.iter().enumerate().take(2 * each) {
        let statement = if i < each {
            "UPDATE games SET deadline_ms = $1 WHERE id = $2"
        } else {
            "UPDATE games SET remind_ms = $1 WHERE id = $2"
        };
        sqlx::query(statement)
            .bind(past)
            .bind(id)
            .execute(&mut *db.write().await.unwrap())
            .await
            .unwrap();
        let set = if i < each {
            &mut victims.timeouts
        } else {
            &mut victims.reminders
        };
        set.insert(monkey_queen::games::GameId(id));
    }
    victims
}

/// Stores `games` games in progress in the database at `url` before the bot starts; the last
/// one's id, and a line saying how long it took (none when `games` is 0).
async fn seed(url: &str, games: u64) -> (GameId, Option<String>) {
    if games == 0 {
        return (GameId(0), None);
    }
    let db = storage::connect(url).await.unwrap();
    let started = Instant::now();
    let seed = monkey_queen::cli::seed::Seed {
        games,
        bot: UserId(BOT_USER_ID),
        now_ms: SystemClock.now_ms(),
    };
    let last = monkey_queen::cli::seed::active_games(&db, &seed)
        .await
        .expect("seeding the database");
    db.close().await;
    let line = format!(
        "{games} games in progress stored before the start ({:.1} s)",
        started.elapsed().as_secs_f64()
    );
    (last, Some(line))
}

/// What a start on a seeded database took: from the bot processes' start to the first
/// interaction answered, and the first process's resident memory then.
fn start_up_line(seeded: &str, report: &Report, started: Instant, first: &Memory) -> String {
    let Some(answered) = report.first_answer else {
        return format!("start-up with {seeded}: no interaction was answered");
    };
    let took = answered.duration_since(started);
    let rss = first
        .samples
        .iter()
        .find(|(at, _)| *at >= took)
        .map_or(0, |(_, kib)| *kib);
    format!(
        "start-up with {seeded}: process start -> first interaction answered {:.0} ms; RSS then {:.0} MiB",
        took.as_secs_f64() * 1000.0,
        rss as f64 / 1024.0
    )
}
