//! What only PostgreSQL can show: its schema matches SQLite's, a server's data copies across
//! and back, and several services share one database. Each test needs the server named by
//! `MQ_TEST_POSTGRES_URL` and, without it, passes without running (one line says so), unless
//! `MQ_TEST_POSTGRES=required` (as `.ci/run` sets), where it fails.
//! The whole storage, service and Discord suites also run on PostgreSQL with
//! `MQ_TEST_BACKEND=postgres` (see `.ci/run`).

#[allow(dead_code)] // each test binary uses its own subset of the fixtures
mod common;

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use common::database::postgres_server;
use common::*;
use monkey_queen::games::{
    BOARD_GRACE_MS, COMPUTER_TURN_LEASE_MS, ChallengeCreated, DELIVERY_LEASE_MS, Editable,
    EndReason, GameId, GameRef, GameService, GameStatus, Heavy, InteractionToken, Lang, Level,
    ManualClock, MessageId, NewTournament, Organiser, PlayerRef, Reach, ServiceError,
    SettingsChange, TournamentFormat, UserError, UserId,
};
use monkey_queen::storage::{self, CopyError, Finish, Key};
use monkey_queen_core::{Color, GameOptions};
use tokio::sync::Semaphore;
use tokio::time::timeout;

/// Every table's columns, from the database's own catalogue.
async fn columns(db: &storage::Db) -> BTreeMap<String, Vec<String>> {
    let sql = match db.backend() {
        storage::Backend::Sqlite => {
            "SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p
             WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'
               AND m.name NOT LIKE '_sqlx_%'
             ORDER BY m.name, p.name"
        }
        storage::Backend::Postgres => {
            "SELECT table_name::TEXT, column_name::TEXT FROM information_schema.columns
             WHERE table_schema = current_schema() AND table_name NOT LIKE '_sqlx_%'
             ORDER BY table_name, column_name"
        }
    };
    let rows: Vec<(String, String)> = sqlx::query_as(sql)
        .fetch_all(&mut *db.read().await.unwrap())
        .await
        .unwrap();
    let mut tables: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (table, column) in rows {
        tables.entry(table).or_default().push(column);
    }
    tables
}

#[tokio::test]
async fn postgres_and_sqlite_schemas_have_the_same_tables_and_columns_and_copy_them_all() {
    let Some(server) = postgres_server() else {
        return;
    };
    let sqlite = TestDb::sqlite();
    let postgres = TestDb::postgres(&server).await;
    let sqlite = storage::connect(&sqlite.url).await.unwrap();
    let postgres = storage::connect(&postgres.url).await.unwrap();
    let on_sqlite = columns(&sqlite).await;
    let on_postgres = columns(&postgres).await;
    assert_eq!(on_sqlite, on_postgres);
    // And the copy, which reads the same catalogues, finds every table and every column of
    // the same kind on both: the empty databases copy both ways.
    for (from, to) in [(&sqlite, &postgres), (&postgres, &sqlite)] {
        let copied = storage::copy(from, to).await.unwrap();
        let mut tables: Vec<&str> = copied.tables.iter().map(|(t, _)| t.as_str()).collect();
        tables.sort_unstable();
        assert_eq!(
            tables,
            on_sqlite.keys().map(String::as_str).collect::<Vec<_>>()
        );
    }
}

#[tokio::test]
async fn postgres_reports_the_same_schema_version_as_sqlite() {
    let Some(server) = postgres_server() else {
        return;
    };
    let sqlite = TestDb::sqlite();
    let postgres = TestDb::postgres(&server).await;
    let version = |url: String| async move {
        let db = storage::connect(&url).await.unwrap();
        storage::schema_version(&mut db.read().await.unwrap())
            .await
            .unwrap()
    };
    let newest = storage::migrator(storage::Backend::Sqlite)
        .iter()
        .map(|m| m.version)
        .max();
    let on_postgres = storage::migrator(storage::Backend::Postgres)
        .iter()
        .map(|m| m.version)
        .max();
    assert_eq!(on_postgres, newest);
    assert_eq!(version(sqlite.url.clone()).await, newest);
    assert_eq!(version(postgres.url.clone()).await, newest);
}

/// A database with something in every table: finished, aborted and running games (one with a
/// clock, one a rematch), challenges, ratings, settings, an analysis, an announcement, and
/// what the processes share (a board, a kept token, a cooldown, a launch of the Activity).
async fn populated(db: TestDb) -> Fixture {
    let f = Fixture::on(db).await;
    let won = f.start(&alice(), &bob()).await;
    for (i, text) in QUEEN_CAPTURE.iter().enumerate() {
        let player = if i % 2 == 0 { alice() } else { bob() };
        f.play(&player, won.id, text).await.unwrap();
    }
    f.service.rematch(won.id, &bob(), Lang::En).await.unwrap();
    let resigned = f.start(&carol(), &alice()).await;
    f.play(&carol(), resigned.id, "g1-g6").await.unwrap();
    f.service
        .resign(alice().id, GameRef::Id(resigned.id), None)
        .await
        .unwrap();
    // A game against the computer, lost by the computer: its rating moves.
    let mut against = challenge(&carol(), Some(&bot()));
    against.ai_level = Some(Level::Easy);
    let computer = f.start_against_computer(against).await;
    for (i, text) in QUEEN_CAPTURE.iter().enumerate() {
        let player = if i % 2 == 0 { carol() } else { bot() };
        f.play(&player, computer.id, text).await.unwrap();
    }
    let mut timed = challenge(&bob(), Some(&carol()));
    timed.move_time_ms = Some(3_600_000);
    let running = f.start_with(timed).await;
    f.play(&bob(), running.id, "g1-g6").await.unwrap();
    // What the processes share: its board (editable through a token, then in the channel), a
    // token kept for follow-ups, and a cooldown.
    let token = InteractionToken::new("a token");
    let board = Editable::ByToken {
        token: token.clone(),
        original: true,
        received_ms: T0,
        channel: Some(CHANNEL),
    };
    f.service
        .delivery()
        .board_posted(&running, MessageId(55), board, None)
        .await
        .unwrap();
    let mut conn = f.service.db().write().await.unwrap();
    storage::keep_token(&mut conn, running.id, &token, T0)
        .await
        .unwrap();
    drop(conn);
    f.service
        .start_heavy(alice().id, Heavy::Analysis)
        .await
        .unwrap();
    f.service
        .delivery()
        .record_launch(bob().id, CHANNEL, Some(running.id), Reach::Channel)
        .await
        .unwrap();
    f.service
        .update_settings(
            GUILD,
            SettingsChange {
                threads: Some(true),
                board_colors: Some(monkey_queen::games::BoardColors::Colorblind),
                ..SettingsChange::default()
            },
        )
        .await
        .unwrap();
    f.service
        .analysis(won.id, &Semaphore::new(1))
        .await
        .unwrap();
    // A round robin of three, started: a game (the fifth) and a bye; the bye's holder is
    // withdrawn by the organiser, which is logged.
    let manager = Organiser {
        user: UserId(42),
        manages_server: true,
    };
    let id = f
        .service
        .tournaments()
        .create(NewTournament {
            organiser: manager,
            organiser_name: "Manager".to_owned(),
            guild: GUILD,
            channel: CHANNEL,
            reach: Reach::Channel,
            name: "Cup".to_owned(),
            format: TournamentFormat::RoundRobin,
            rounds: 0,
            double: false,
            options: GameOptions::default(),
            move_time_ms: None,
            rated: true,
            max_players: 8,
            starts_ms: None,
            lang: Lang::En,
        })
        .await
        .unwrap()
        .tournament
        .id;
    for who in [alice(), bob(), carol()] {
        f.service.tournaments().join(GUILD, id, &who).await.unwrap();
    }
    let view = f
        .service
        .tournaments()
        .start(GUILD, id, manager)
        .await
        .unwrap();
    let bye = view
        .round_pairings(1)
        .find(|p| p.black.is_none())
        .unwrap()
        .white;
    f.service
        .tournaments()
        .withdraw_player(GUILD, id, manager, bye)
        .await
        .unwrap();
    // Puzzles: one solved from /puzzle, the daily one opened, a daily post claimed.
    let puzzle: monkey_queen_core::puzzle::Puzzle =
        "12/1b8b1/9q2/12/12/12/12/12/3B8/2B9/12/6Q5 w 12 12 40 20 - | d4xj10 | \
         queen-capture,baby-takes-queen,one-move | 1000 | 40 example"
            .parse()
            .unwrap();
    f.service
        .puzzles()
        .add(&[puzzle], Some(won.id))
        .await
        .unwrap();
    let given = f.service.puzzles().next(&carol()).await.unwrap();
    f.service
        .puzzles()
        .play(carol().id, given.id, None, "d4xj10", Some(0))
        .await
        .unwrap();
    f.service.puzzles().daily(&bob()).await.unwrap();
    f.service
        .puzzles()
        .set_channel(GUILD, Some((CHANNEL, Lang::En)))
        .await
        .unwrap();
    assert_eq!(
        f.service.puzzles().queue_daily_posts().await.unwrap().len(),
        1
    );
    // A player's own board colours.
    f.service
        .choose_board_colors(carol().id, monkey_queen::games::BoardColors::High)
        .await
        .unwrap();
    // Lessons: a stage finished with one wrong try.
    let stage = monkey_queen::games::lessons::Stage::by_id("queen").unwrap();
    f.service
        .lessons()
        .finish(carol().id, stage, 1)
        .await
        .unwrap();
    // Where a player stands in `/learn`: the next stage begun.
    f.service
        .lessons()
        .start(
            carol().id,
            monkey_queen::games::lessons::Stage::by_id("shrink"),
        )
        .await
        .unwrap();
    // Past the reminder time: the sweep queues an announcement.
    f.clock.advance(3_000_000);
    f.service.due_reminders().await.unwrap();
    f
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn copy_to_postgres_and_back_keeps_every_row_and_play_goes_on() {
    let Some(server) = postgres_server() else {
        return;
    };
    let source = populated(TestDb::sqlite()).await;
    let target = TestDb::postgres(&server).await;
    let to = storage::connect(&target.url).await.unwrap();
    let copied = storage::copy(source.service.db(), &to).await.unwrap();
    for (table, rows) in &copied.tables {
        assert!(*rows > 0, "{table} was copied empty");
    }

    // Every game replays on the copy, and the copy plays on with new ids.
    let clock = Arc::new(ManualClock::new(T0 + 3_000_000));
    let on_postgres = service_on(&target.url, clock).await;
    let (replayed, mismatches) = on_postgres.verify_every_game().await.unwrap();
    assert_eq!((replayed, mismatches), (5, vec![]));
    let before = source
        .service
        .game(monkey_queen::games::GameId(4))
        .await
        .unwrap();
    let after = on_postgres.game(before.id).await.unwrap();
    assert_eq!(after.position, before.position);
    assert_eq!(after.status, GameStatus::Active);
    let f = Fixture::on(target).await;
    let fresh = f.start(&alice(), &carol()).await;
    assert!(fresh.id.0 > 4, "{:?}", fresh.id);

    // And back into a new SQLite file: the same rows again (the copy compares them).
    let back = TestDb::sqlite();
    let copied_back = storage::copy(&to, &storage::connect(&back.url).await.unwrap())
        .await
        .unwrap();
    assert_eq!(copied_back.tables.len(), copied.tables.len());
}

#[tokio::test]
async fn copy_refuses_a_postgres_target_that_holds_data() {
    let Some(server) = postgres_server() else {
        return;
    };
    let source = populated(TestDb::sqlite()).await;
    let target = Fixture::on(TestDb::postgres(&server).await).await;
    target.start(&alice(), &bob()).await;
    let refused = storage::copy(source.service.db(), target.service.db()).await;
    assert!(
        matches!(refused, Err(CopyError::TargetNotEmpty { .. })),
        "{refused:?}"
    );
    assert_eq!(target.service.verify_every_game().await.unwrap().0, 1);
}

// ---- many processes, one database: who waits for whom ---------------------------------------

/// How long a write that should go through may take before the test calls it held back.
const PATIENCE: Duration = Duration::from_secs(10);

/// Dave and Erin, who play nobody else's games.
fn dave() -> PlayerRef {
    PlayerRef::new(UserId(104), "Dave")
}
/// See [`dave`].
fn erin() -> PlayerRef {
    PlayerRef::new(UserId(105), "Erin")
}

/// Waits until `n` transactions of this database wait for an advisory lock.
async fn until_waiting_for_locks(db: &storage::Db, n: i64) {
    let waiting = || async {
        sqlx::query_scalar::<_, i64>(
            "SELECT COUNT(*) FROM pg_locks
             WHERE locktype = 'advisory' AND NOT granted
               AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        )
        .fetch_one(&mut *db.read().await.unwrap())
        .await
        .unwrap()
    };
    timeout(PATIENCE, async {
        while waiting().await < n {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    })
    .await
    .unwrap_or_else(|_| panic!("{n} writers were expected to wait for a lock"));
}

/// A rated game between `white` and `black`, started through `service`.
async fn rated_game(service: &GameService, white: &PlayerRef, black: &PlayerRef) -> GameId {
    let ChallengeCreated::Pending(c) = service
        .create_challenge(challenge(white, Some(black)))
        .await
        .unwrap()
    else {
        panic!("a pending challenge was expected");
    };
    service
        .accept_challenge(c.id, black, Lang::En)
        .await
        .unwrap()
        .game
        .id
}

/// A player's row.
async fn player(service: &GameService, who: &PlayerRef) -> monkey_queen::games::Player {
    service.player(who.id).await.unwrap().unwrap()
}

/// One finish held open (the locks finishing Alice and Bob's rated game takes, and its row)
/// holds back no write of two other players in another process, and holds back those of
/// Alice or Bob until it commits.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_finish_held_open_holds_back_only_the_writes_of_its_players() {
    let Some(server) = postgres_server() else {
        return;
    };
    let f = Fixture::on(TestDb::postgres(&server).await).await;
    let other = service_on(&f.url, f.clock.clone()).await;
    let held = rated_game(&f.service, &alice(), &bob()).await;
    let alices_other = rated_game(&f.service, &alice(), &carol()).await;

    let db = f.service.db();
    let mut conn = db.write().await.unwrap();
    let mut tx = storage::begin_write(&mut conn).await.unwrap();
    storage::lock(&mut tx, &[Key::Player(alice().id), Key::Player(bob().id)])
        .await
        .unwrap();
    let finish = Finish {
        id: held,
        at_ply: 0,
        winner: Color::White,
        reason: EndReason::Resignation,
        rating_deltas: Some([10.0, -10.0]),
        now: T0,
    };
    assert!(storage::finish_game(&mut tx, &finish).await.unwrap());

    // Dave and Erin: a challenge made and accepted, the game finished and rated.
    let theirs = timeout(PATIENCE, async {
        let game = rated_game(&other, &dave(), &erin()).await;
        other.resign(erin().id, GameRef::Id(game), None).await
    })
    .await
    .expect("a write for two other players waited for the held finish")
    .unwrap();
    assert!(theirs.game.result.unwrap().rating_deltas.is_some());
    assert_eq!(player(&other, &dave()).await.rated_games, 1);

    // Alice's other game finishing, and Bob challenging Alice, wait for the held one.
    let rating = tokio::spawn({
        let other = other.clone();
        async move {
            other
                .resign(carol().id, GameRef::Id(alices_other), None)
                .await
        }
    });
    let challenging = tokio::spawn({
        let other = other.clone();
        async move {
            other
                .create_challenge(challenge(&bob(), Some(&alice())))
                .await
        }
    });
    until_waiting_for_locks(db, 2).await;
    assert!(!rating.is_finished() && !challenging.is_finished());
    tx.commit().await.unwrap();
    drop(conn);
    let rated = timeout(PATIENCE, rating).await.unwrap().unwrap().unwrap();
    assert_eq!(rated.game.status, GameStatus::Finished);
    let challenged = timeout(PATIENCE, challenging).await.unwrap().unwrap();
    assert!(
        matches!(challenged, Ok(ChallengeCreated::Pending(_))),
        "{challenged:?}"
    );
    assert_eq!(
        f.service.game(held).await.unwrap().status,
        GameStatus::Finished
    );
}

/// The results of tasks started at once, in order; a task still running after [`PATIENCE`]
/// fails the test.
async fn at_once<T: Send + 'static>(tasks: Vec<tokio::task::JoinHandle<T>>) -> Vec<T> {
    let mut results = Vec::with_capacity(tasks.len());
    for task in tasks {
        results.push(timeout(PATIENCE, task).await.expect("stuck").unwrap());
    }
    results
}

/// Two processes, the same players at once: one challenge accepted twice starts one game, one
/// game resigned by both players is rated once, and games of one player rated at once each
/// build on the rating the one before left.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_same_players_at_once_through_two_processes_are_applied_once() {
    let Some(server) = postgres_server() else {
        return;
    };
    let f = Fixture::on(TestDb::postgres(&server).await).await;
    let other = service_on(&f.url, f.clock.clone()).await;
    let services = [f.service.clone(), other.clone()];

    for round in 0..4 {
        // The challenged player's click, retried through the other process.
        let ChallengeCreated::Pending(c) = f
            .service
            .create_challenge(challenge(&alice(), Some(&bob())))
            .await
            .unwrap()
        else {
            panic!("a pending challenge was expected");
        };
        let accepts = at_once(
            services
                .iter()
                .map(|s| {
                    let s = s.clone();
                    tokio::spawn(async move { s.accept_challenge(c.id, &bob(), Lang::En).await })
                })
                .collect(),
        )
        .await;
        let started: Vec<GameId> = accepts
            .into_iter()
            .filter_map(|accepted| match accepted {
                Ok(started) => Some(started.game.id),
                Err(ServiceError::User(UserError::ChallengeNotPending { .. })) => None,
                Err(e) => panic!("round {round}: {e:?}"),
            })
            .collect();
        assert_eq!(started.len(), 1, "round {round}");

        // Both players resign it at once, each through a process of their own.
        let resigns = at_once(
            [(f.service.clone(), alice()), (other.clone(), bob())]
                .into_iter()
                .map(|(s, who)| {
                    let game = started[0];
                    tokio::spawn(async move { s.resign(who.id, GameRef::Id(game), None).await })
                })
                .collect(),
        )
        .await;
        let finished = resigns.iter().filter(|r| r.is_ok()).count();
        assert_eq!(finished, 1, "round {round}: {resigns:?}");
        for refused in resigns.into_iter().filter_map(Result::err) {
            assert!(
                matches!(
                    refused,
                    ServiceError::User(UserError::PositionChanged | UserError::GameOver { .. })
                ),
                "round {round}: {refused:?}"
            );
        }
    }
    let (a, b) = (player(&other, &alice()).await, player(&other, &bob()).await);
    assert_eq!((a.rated_games, b.rated_games), (4, 4));
    let history: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM rating_history")
        .fetch_one(&mut *other.db().read().await.unwrap())
        .await
        .unwrap();
    assert_eq!(history, 8);

    // Carol wins six games at once, half through each process: each rating is computed
    // from the one before, not several from the same.
    let opponents: Vec<PlayerRef> = (0..6)
        .map(|i| PlayerRef::new(UserId(400 + i), format!("loser {i}")))
        .collect();
    let mut games = Vec::new();
    for opponent in &opponents {
        games.push(rated_game(&f.service, &carol(), opponent).await);
    }
    let resigns = at_once(
        opponents
            .iter()
            .zip(&games)
            .enumerate()
            .map(|(i, (opponent, &game))| {
                let s = services[i % 2].clone();
                let loser = opponent.id;
                tokio::spawn(async move { s.resign(loser, GameRef::Id(game), None).await })
            })
            .collect(),
    )
    .await;
    assert!(resigns.iter().all(Result::is_ok), "{resigns:?}");
    let carols = other.rating_history(carol().id).await.unwrap();
    let mut ratings: Vec<f64> = carols.games.iter().map(|g| g.rating).collect();
    ratings.sort_by(f64::total_cmp);
    // Six wins, each counted on top of the one before: six ratings, each higher.
    assert_eq!(ratings.len(), 6);
    assert!(ratings.windows(2).all(|w| w[1] > w[0]), "{ratings:?}");
    let carol_now = player(&f.service, &carol()).await;
    assert_eq!(
        (carol_now.rated_games, carol_now.rating.rating),
        (6, ratings[5])
    );
}

/// Two processes, one player's limits at once: six challenges with five allowed to wait store
/// five; two people challenging each other at once store one challenge; both players
/// offering a rematch at once store one; four games against the computer at once, three.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn one_players_limits_hold_across_two_processes_at_once() {
    let Some(server) = postgres_server() else {
        return;
    };
    let f = Fixture::on(TestDb::postgres(&server).await).await;
    let other = service_on(&f.url, f.clock.clone()).await;
    let through = |i: usize| {
        if i.is_multiple_of(2) {
            f.service.clone()
        } else {
            other.clone()
        }
    };

    let opponents: Vec<PlayerRef> = (0..6)
        .map(|i| PlayerRef::new(UserId(300 + i), format!("opponent {i}")))
        .collect();
    let made = at_once(
        opponents
            .iter()
            .enumerate()
            .map(|(i, opponent)| {
                let (s, new) = (through(i), challenge(&alice(), Some(opponent)));
                tokio::spawn(async move { s.create_challenge(new).await })
            })
            .collect(),
    )
    .await;
    let stored = made.iter().filter(|m| m.is_ok()).count();
    assert_eq!(stored, 5, "{made:?}");
    assert!(made.iter().any(|m| matches!(
        m,
        Err(ServiceError::User(UserError::TooManyChallenges {
            limit: 5
        }))
    )));
    let pending: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM challenges WHERE challenger_id = $1 AND status = 'pending'",
    )
    .bind(storage::db_id(alice().id.0))
    .fetch_one(&mut *f.service.db().read().await.unwrap())
    .await
    .unwrap();
    assert_eq!(pending, 5);

    let crosswise = at_once(
        [(bob(), carol()), (carol(), bob())]
            .into_iter()
            .enumerate()
            .map(|(i, (from, to))| {
                let (s, new) = (through(i), challenge(&from, Some(&to)));
                tokio::spawn(async move { s.create_challenge(new).await })
            })
            .collect(),
    )
    .await;
    assert_eq!(
        crosswise.iter().filter(|m| m.is_ok()).count(),
        1,
        "{crosswise:?}"
    );
    assert!(crosswise.iter().any(|m| matches!(
        m,
        Err(ServiceError::User(UserError::DuplicateChallenge { .. }))
    )));

    let finished = rated_game(&f.service, &dave(), &erin()).await;
    f.service
        .resign(erin().id, GameRef::Id(finished), None)
        .await
        .unwrap();
    let rematches = at_once(
        [dave(), erin()]
            .into_iter()
            .enumerate()
            .map(|(i, by)| {
                let s = through(i);
                tokio::spawn(async move { s.rematch(finished, &by, Lang::En).await })
            })
            .collect(),
    )
    .await;
    assert_eq!(
        rematches.iter().filter(|m| m.is_ok()).count(),
        1,
        "{rematches:?}"
    );

    let computer_games = at_once(
        (0..4)
            .map(|i| {
                let s = through(i);
                let mut new = challenge(&bob(), Some(&bot()));
                new.ai_level = Some(Level::Easy);
                tokio::spawn(async move { s.create_challenge(new).await })
            })
            .collect(),
    )
    .await;
    assert_eq!(
        computer_games.iter().filter(|m| m.is_ok()).count(),
        3,
        "{computer_games:?}"
    );
}

// ---- claims skip what another process holds -------------------------------------------------

/// A clocked challenge of `white` to `black` (a minute a move), accepted; its first board is
/// reported delivered.
async fn clocked_game(f: &Fixture, white: &PlayerRef, black: &PlayerRef) -> GameId {
    let mut new = challenge(white, Some(black));
    new.move_time_ms = Some(60_000);
    new.rated = false;
    f.start_with(new).await.id
}

/// The outbox: an announcement claimed in a transaction still open does not hold back another
/// process's claim, which takes the next one due.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_open_claim_of_an_announcement_leaves_the_next_to_another_process() {
    let Some(server) = postgres_server() else {
        return;
    };
    let f = Fixture::on(TestDb::postgres(&server).await).await;
    let other = service_on(&f.url, f.clock.clone()).await;
    // Two games whose first boards nobody reported delivered: both owed to the outbox.
    for (white, black) in [(alice(), bob()), (carol(), dave())] {
        let ChallengeCreated::Pending(c) = f
            .service
            .create_challenge(challenge(&white, Some(&black)))
            .await
            .unwrap()
        else {
            panic!("a pending challenge was expected");
        };
        f.service
            .accept_challenge(c.id, &black, Lang::En)
            .await
            .unwrap();
    }
    f.clock.advance(BOARD_GRACE_MS);
    let now = T0 + BOARD_GRACE_MS;

    let mut conn = f.service.db().write().await.unwrap();
    let mut tx = storage::begin_write(&mut conn).await.unwrap();
    let held = storage::claim_announcement(&mut tx, now, now + DELIVERY_LEASE_MS)
        .await
        .unwrap()
        .unwrap();
    let next = timeout(PATIENCE, other.delivery().next_announcement())
        .await
        .expect("the second claim waited for the first")
        .unwrap()
        .unwrap();
    assert_ne!(next.id, held.id);
    assert!(
        other
            .delivery()
            .next_announcement()
            .await
            .unwrap()
            .is_none()
    );
    // The first claimer died before committing: its announcement is due again.
    tx.rollback().await.unwrap();
    drop(conn);
    assert_eq!(
        other
            .delivery()
            .next_announcement()
            .await
            .unwrap()
            .map(|a| a.id),
        Some(held.id)
    );
}

/// Reminders, losses on time and lapsed challenges: one process's sweep claiming something
/// in a transaction still open does not hold back another's, which settles what else is due.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_open_claim_of_a_sweep_leaves_the_rest_to_another_process() {
    let Some(server) = postgres_server() else {
        return;
    };
    let f = Fixture::on(TestDb::postgres(&server).await).await;
    let other = service_on(&f.url, f.clock.clone()).await;
    let db = f.service.db();
    let first = clocked_game(&f, &alice(), &bob()).await;
    let lapsing = f
        .service
        .create_challenge(challenge(&carol(), Some(&dave())))
        .await
        .unwrap();
    let ChallengeCreated::Pending(lapsing) = lapsing else {
        panic!("a pending challenge was expected");
    };
    f.clock.advance(1_000);
    let second = clocked_game(&f, &carol(), &erin()).await;
    let later = f
        .service
        .create_challenge(challenge(&erin(), Some(&dave())))
        .await
        .unwrap();
    let ChallengeCreated::Pending(later) = later else {
        panic!("a pending challenge was expected");
    };

    // Reminders: the first game's is claimed and held; the second's is another's to take.
    let first_reminder = T0 + 48_000;
    let mut conn = db.write().await.unwrap();
    let mut tx = storage::begin_write(&mut conn).await.unwrap();
    assert_eq!(
        storage::claim_reminders(&mut tx, first_reminder)
            .await
            .unwrap(),
        [first]
    );
    f.clock.set(first_reminder + 1_000);
    let reminded = timeout(PATIENCE, other.due_reminders())
        .await
        .expect("a sweep waited for another's reminder claim")
        .unwrap();
    assert_eq!(reminded.iter().map(|g| g.id).collect::<Vec<_>>(), [second]);
    tx.rollback().await.unwrap();
    assert_eq!(
        other
            .due_reminders()
            .await
            .unwrap()
            .iter()
            .map(|g| g.id)
            .collect::<Vec<_>>(),
        [first]
    );

    // Losses on time: the first game is being settled by another process; the second is ours.
    let past_both = T0 + 62_000;
    f.clock.set(past_both);
    let mut tx = storage::begin_write(&mut conn).await.unwrap();
    assert!(
        storage::claim_due_game(&mut tx, first, 0, past_both)
            .await
            .unwrap()
    );
    let ended = timeout(PATIENCE, other.apply_timeouts())
        .await
        .expect("a sweep waited for another's claim of a game")
        .unwrap();
    assert_eq!(ended.iter().map(|g| g.id).collect::<Vec<_>>(), [second]);
    tx.rollback().await.unwrap();
    let ended = other.apply_timeouts().await.unwrap();
    assert_eq!(ended.iter().map(|g| g.id).collect::<Vec<_>>(), [first]);

    // Lapsed challenges: the first is being expired by another sweep; the later one is ours.
    let ttl = 24 * 60 * 60 * 1000;
    let mut tx = storage::begin_write(&mut conn).await.unwrap();
    let held = storage::expire_challenges(&mut tx, T0 + ttl).await.unwrap();
    assert_eq!(held.iter().map(|c| c.id).collect::<Vec<_>>(), [lapsing.id]);
    f.clock.set(T0 + 1_000 + ttl);
    let expired = timeout(PATIENCE, other.expire_challenges())
        .await
        .expect("a sweep waited for another's expiry")
        .unwrap();
    assert_eq!(expired.iter().map(|c| c.id).collect::<Vec<_>>(), [later.id]);
    tx.rollback().await.unwrap();
    let expired = other.expire_challenges().await.unwrap();
    assert_eq!(
        expired.iter().map(|c| c.id).collect::<Vec<_>>(),
        [lapsing.id]
    );
}

/// The computer's turns: a claim of one being made in another process (its row held) is not
/// waited for: that turn is left out of the sweep and the claim refused at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_open_claim_of_a_computer_turn_is_left_alone() {
    let Some(server) = postgres_server() else {
        return;
    };
    let f = Fixture::on(TestDb::postgres(&server).await).await;
    let other = service_on(&f.url, f.clock.clone()).await;
    let mut games = Vec::new();
    for who in [alice(), bob()] {
        let mut new = challenge(&who, Some(&bot()));
        new.color = monkey_queen::games::ColorChoice::Black;
        games.push(f.start_against_computer(new).await.id);
    }
    let mut conn = f.service.db().write().await.unwrap();
    let mut tx = storage::begin_write(&mut conn).await.unwrap();
    assert!(
        storage::claim_computer_turn(&mut tx, games[0], 0, T0, COMPUTER_TURN_LEASE_MS)
            .await
            .unwrap()
    );
    let owed = timeout(PATIENCE, other.computer_turns())
        .await
        .expect("the sweep waited for a claim")
        .unwrap();
    assert_eq!(owed.iter().map(|g| g.id).collect::<Vec<_>>(), [games[1]]);
    let claimed = timeout(PATIENCE, other.claim_computer_turn(games[0], 0))
        .await
        .expect("a claim waited for another")
        .unwrap();
    assert!(!claimed);
    tx.rollback().await.unwrap();
    assert!(other.claim_computer_turn(games[0], 0).await.unwrap());
}
