//! What only PostgreSQL can show: its schema matches SQLite's, a server's data copies across
//! and back, and several services share one database. Each test needs the server named by
//! `MQ_TEST_POSTGRES_URL` and, without it, passes without running (one line says so).
//! The whole storage, service and Discord suites also run on PostgreSQL with
//! `MQ_TEST_BACKEND=postgres` (see `.ci/run`).

#[allow(dead_code)] // each test binary uses its own subset of the fixtures
mod common;

use std::collections::BTreeMap;
use std::sync::Arc;

use common::database::postgres_server;
use common::*;
use monkey_queen::games::{
    Editable, GameRef, GameStatus, Heavy, InteractionToken, Lang, Level, ManualClock, MessageId,
    SettingsChange,
};
use monkey_queen::storage::{self, CopyError};
use tokio::sync::Semaphore;

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
    let rows: Vec<(String, String)> = sqlx::query_as(sql).fetch_all(db.reader()).await.unwrap();
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
    let on_sqlite = columns(&storage::connect(&sqlite.url).await.unwrap()).await;
    let on_postgres = columns(&storage::connect(&postgres.url).await.unwrap()).await;
    assert_eq!(on_sqlite, on_postgres);
    // And the copy carries every one of them.
    let mut copied: Vec<&str> = storage::table_names();
    copied.sort_unstable();
    assert_eq!(
        copied,
        on_sqlite.keys().map(String::as_str).collect::<Vec<_>>()
    );
    for (table, columns) in &on_sqlite {
        let mut carried = storage::copied_columns(table).unwrap();
        carried.sort_unstable();
        assert_eq!(&carried, columns, "{table}");
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
/// what the processes share (a board, a kept token, a cooldown).
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
        .board_posted(&running, MessageId(55), board)
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
        .update_settings(
            GUILD,
            SettingsChange {
                threads: Some(true),
                ..SettingsChange::default()
            },
        )
        .await
        .unwrap();
    f.service
        .analysis(won.id, &Semaphore::new(1))
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
    assert_eq!((replayed, mismatches), (4, vec![]));
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
        matches!(refused, Err(CopyError::TargetNotEmpty { table: "players" })),
        "{refused:?}"
    );
    assert_eq!(target.service.verify_every_game().await.unwrap().0, 1);
}
