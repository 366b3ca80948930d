//! Durability and concurrency: connection settings, reopening the file, races on one game,
//! retried requests, the start-up check that replays every game, and what two processes
//! share (a token's follow-ups, a game's latest board, a cooldown) taken by both at once.

#[allow(dead_code)] // each test binary uses its own subset of the fixtures
mod common;

use std::collections::HashSet;

use common::*;
use monkey_queen::games::{
    Editable, GameId, GameRef, GameService, HEAVY_COOLDOWN_MS, Heavy, InteractionToken,
    KEPT_TOKEN_FOLLOW_UPS, Lang, MessageId, PlayRequest, Reach, ServiceError, UserError, UserId,
};
use monkey_queen::storage;
use sqlx::Connection;

#[tokio::test]
async fn connection_uses_wal_normal_sync_busy_timeout_and_foreign_keys() {
    let f = Fixture::on(TestDb::sqlite()).await;
    let mut db = f.service.db().read().await.unwrap();
    let journal: String = sqlx::query_scalar("PRAGMA journal_mode")
        .fetch_one(&mut *db)
        .await
        .unwrap();
    let synchronous: i64 = sqlx::query_scalar("PRAGMA synchronous")
        .fetch_one(&mut *db)
        .await
        .unwrap();
    let foreign_keys: i64 = sqlx::query_scalar("PRAGMA foreign_keys")
        .fetch_one(&mut *db)
        .await
        .unwrap();
    let busy: i64 = sqlx::query_scalar("PRAGMA busy_timeout")
        .fetch_one(&mut *db)
        .await
        .unwrap();
    assert_eq!(journal, "wal");
    assert_eq!(synchronous, 1, "NORMAL");
    assert_eq!(foreign_keys, 1);
    assert!(busy >= 1_000, "{busy}");
    assert!(
        std::path::Path::new(
            f.url
                .trim_start_matches("sqlite://")
                .split('?')
                .next()
                .unwrap()
        )
        .exists()
    );
}

#[tokio::test]
async fn migrations_are_applied_once() {
    let f = Fixture::new().await;
    // Connecting again runs the migrator again without error or change.
    let again = storage::connect(&f.url).await.unwrap();
    let applied: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations")
        .fetch_one(&mut *again.read().await.unwrap())
        .await
        .unwrap();
    assert_eq!(
        applied,
        storage::migrator(again.backend()).iter().count() as i64
    );
}

#[tokio::test]
async fn reopening_the_file_continues_games_exactly() {
    let f = Fixture::new().await;
    let mut new = challenge(&alice(), Some(&bob()));
    new.move_time_ms = Some(3_600_000);
    let game = f.start_with(new).await;
    f.play(&alice(), game.id, "g1-g6").await.unwrap();
    let before = f.play(&bob(), game.id, "f12-f11").await.unwrap().game;
    f.service.db().close().await;

    let service = service_on(&f.url, f.clock.clone()).await;
    assert!(service.verify_games().await.unwrap().is_empty());
    let after = service.game(game.id).await.unwrap();
    assert_eq!(after, before);
    let next = service
        .play(PlayRequest {
            user: alice().id,
            game: GameRef::InChannel(CHANNEL),
            text: "g6-g7",
            expected_ply: Some(2),
            request_key: None,
        })
        .await
        .unwrap();
    assert_eq!(next.game.ply(), 3);
    assert_eq!(
        service.record(game.id).await.unwrap().record.to_string(),
        "monkey-queen size=12 height=20 pie=off\n1. g1-g6 f12-f11 2. g6-g7"
    );
}

#[tokio::test]
async fn a_retried_move_is_applied_once() {
    let f = Fixture::new().await;
    let game = f.start(&alice(), &bob()).await;
    let request = |text, expected_ply, request_key| PlayRequest {
        user: alice().id,
        game: GameRef::Id(game.id),
        text,
        expected_ply,
        request_key,
    };
    f.service
        .play(request("g1-g6", Some(0), Some("interaction-1")))
        .await
        .unwrap();
    // The same request again (same key): recognised, not applied.
    let again = f
        .service
        .play(request("g1-g6", Some(0), Some("interaction-1")))
        .await;
    let expected = UserError::AlreadyPlayed {
        game: game.id,
        ply: 1,
        notation: "g1-g6".into(),
    };
    assert!(
        matches!(&again, Err(ServiceError::User(e)) if *e == expected),
        "{again:?}"
    );
    // The same move for the same ply without a key, in other notation: also recognised.
    let again = f.service.play(request("G1G6", Some(0), None)).await;
    assert!(
        matches!(&again, Err(ServiceError::User(e)) if *e == expected),
        "{again:?}"
    );
    // A different move for a ply that is gone: the position changed.
    let stale = f.service.play(request("g1-g5", Some(0), None)).await;
    assert!(
        matches!(stale, Err(ServiceError::User(UserError::PositionChanged))),
        "{stale:?}"
    );
    // Bob may not pass off Alice's move as his own retry.
    let bobs = f
        .service
        .play(PlayRequest {
            user: bob().id,
            ..request("g1-g6", Some(0), None)
        })
        .await;
    assert!(
        matches!(bobs, Err(ServiceError::User(UserError::PositionChanged))),
        "{bobs:?}"
    );
    assert_eq!(f.service.record(game.id).await.unwrap().moves.len(), 1);
    assert_eq!(f.service.game(game.id).await.unwrap().ply(), 1);
}

/// Many tasks send moves for the same game at once, round after round: each round exactly one
/// move is applied, the others are refused, and the stored game has one move per ply.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_moves_for_one_game_apply_exactly_one_per_ply() {
    let f = Fixture::new().await;
    let game = f.start(&alice(), &bob()).await;
    let rounds = 12;
    for round in 0..rounds {
        let current = f.service.game(game.id).await.unwrap();
        let mover: UserId = current.to_move.unwrap();
        // Quiet moves only, so no round ends the game by a capture (R7.1).
        let mut moves: Vec<String> = current
            .position
            .legal_moves()
            .iter()
            .filter(|m| !m.is_capture())
            .map(ToString::to_string)
            .collect();
        moves.sort();
        // Eight different legal moves, plus the same move sent twice with a stale-check.
        let mut tasks = Vec::new();
        for (i, text) in moves.iter().take(8).enumerate() {
            let service = f.service.clone();
            let text = text.clone();
            let expected_ply = (i % 2 == 0).then_some(current.ply());
            tasks.push(tokio::spawn(async move {
                service
                    .play(PlayRequest {
                        user: mover,
                        game: GameRef::Id(game.id),
                        text: &text,
                        expected_ply,
                        request_key: None,
                    })
                    .await
            }));
        }
        let mut applied = 0;
        for task in tasks {
            match task.await.unwrap() {
                Ok(_) => applied += 1,
                Err(ServiceError::User(
                    UserError::PositionChanged | UserError::NotYourTurn { .. },
                )) => {}
                Err(other) => panic!("round {round}: unexpected {other:?}"),
            }
        }
        assert_eq!(applied, 1, "round {round}");
        assert_eq!(f.service.game(game.id).await.unwrap().ply(), round + 1);
    }
    let record = f.service.record(game.id).await.unwrap();
    let plies: Vec<u32> = record.moves.iter().map(|m| m.ply).collect();
    assert_eq!(plies, (1..=rounds).collect::<Vec<_>>());
    assert!(f.service.verify_games().await.unwrap().is_empty());
}

/// The same move sent by many tasks at once with the same request key is stored once.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_retries_of_one_request_apply_once() {
    let f = Fixture::new().await;
    let game = f.start(&alice(), &bob()).await;
    let mut tasks = Vec::new();
    for _ in 0..16 {
        let service = f.service.clone();
        tasks.push(tokio::spawn(async move {
            service
                .play(PlayRequest {
                    user: alice().id,
                    game: GameRef::Id(game.id),
                    text: "g1-g6",
                    expected_ply: Some(0),
                    request_key: Some("interaction-7"),
                })
                .await
        }));
    }
    let mut outcomes = HashSet::new();
    for task in tasks {
        outcomes.insert(match task.await.unwrap() {
            Ok(_) => "applied",
            Err(ServiceError::User(UserError::AlreadyPlayed { ply: 1, .. })) => "already",
            Err(ServiceError::User(UserError::PositionChanged)) => "changed",
            Err(other) => panic!("unexpected {other:?}"),
        });
    }
    assert!(outcomes.contains("applied"));
    let record = f.service.record(game.id).await.unwrap();
    assert_eq!(record.moves.len(), 1);
    assert_eq!(
        record.moves[0].request_key.as_deref(),
        Some("interaction-7")
    );
}

/// Eight games played at once on one file: no "database is locked", every game consistent.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn eight_games_at_once_never_lock_out() {
    let f = Fixture::new().await;
    let mut tasks = Vec::new();
    for i in 0..8u64 {
        let white = monkey_queen::games::PlayerRef::new(UserId(1_000 + i), format!("W{i}"));
        let black = monkey_queen::games::PlayerRef::new(UserId(2_000 + i), format!("B{i}"));
        let game = f.start(&white, &black).await;
        let service = f.service.clone();
        tasks.push(tokio::spawn(async move {
            let mut view = service.game(game.id).await.unwrap();
            let mut plies = 0;
            while view.is_active() && plies < 40 {
                let legal = view.position.legal_moves();
                let mv = legal[plies % legal.len()].to_string();
                let user = view.to_move.unwrap();
                view = service
                    .play(PlayRequest {
                        user,
                        game: GameRef::Id(game.id),
                        text: &mv,
                        expected_ply: Some(view.ply()),
                        request_key: None,
                    })
                    .await
                    .unwrap()
                    .game;
                plies += 1;
            }
            view
        }));
    }
    for task in tasks {
        let view = task.await.unwrap();
        assert!(view.ply() > 0);
    }
    assert!(f.service.verify_games().await.unwrap().is_empty());
}

#[tokio::test]
async fn verify_reports_a_game_whose_moves_do_not_give_its_snapshot() {
    let f = Fixture::new().await;
    let sound = f.start(&alice(), &bob()).await;
    let broken = f.start(&alice(), &carol()).await;
    f.play(&alice(), sound.id, "g1-g6").await.unwrap();
    f.play(&alice(), broken.id, "g1-g6").await.unwrap();
    assert!(f.service.verify_games().await.unwrap().is_empty());

    // Corrupt the snapshot behind the service's back: the replay no longer matches.
    let other = f.service.game(sound.id).await.unwrap();
    let mut tampered = other.position.clone();
    tampered.play_str("f12-f11").unwrap();
    sqlx::query("UPDATE games SET position = $1 WHERE id = $2")
        .bind(tampered.to_text())
        .bind(broken.id.0)
        .execute(&mut *f.service.db().write().await.unwrap())
        .await
        .unwrap();
    let mismatches = f.service.verify_games().await.unwrap();
    assert_eq!(mismatches.len(), 1);
    assert_eq!(mismatches[0].game, broken.id);
    assert!(
        mismatches[0].to_string().contains("the moves give"),
        "{}",
        mismatches[0]
    );

    // A stored move that is not legal is reported too.
    sqlx::query("UPDATE moves SET notation = 'a1-a2' WHERE game_id = $1")
        .bind(sound.id.0)
        .execute(&mut *f.service.db().write().await.unwrap())
        .await
        .unwrap();
    let mismatches = f.service.verify_games().await.unwrap();
    assert_eq!(mismatches.len(), 2);
    assert_eq!(mismatches[0].game, sound.id);
    assert!(
        mismatches[0].detail.contains("do not replay"),
        "{}",
        mismatches[0]
    );
}

#[tokio::test]
async fn the_check_of_active_games_goes_page_by_page_past_finished_games() {
    let f = Fixture::new().await;
    let mut games = Vec::new();
    for opponent in [bob(), carol(), bob(), carol(), bob()] {
        games.push(f.start(&alice(), &opponent).await.id);
    }
    for (by, text) in [alice(), carol(), alice()].iter().zip(QUEEN_CAPTURE) {
        f.play(by, games[1], text).await.unwrap();
    }
    f.play(&alice(), games[3], "g1-g6").await.unwrap();
    sqlx::query("UPDATE moves SET notation = 'a1-a2' WHERE game_id = $1")
        .bind(games[3].0)
        .execute(&mut *f.service.db().write().await.unwrap())
        .await
        .unwrap();

    let cpu = tokio::sync::Semaphore::new(1);
    let mut pages = Vec::new();
    let mut after = GameId(0);
    while let Some(page) = f.service.check_active_games(after, 2, &cpu).await.unwrap() {
        after = page.last;
        pages.push(page);
    }
    // The finished game is in no page; the one whose move was rewritten is reported.
    let lasts: Vec<GameId> = pages.iter().map(|p| p.last).collect();
    assert_eq!(lasts, [games[2], games[4]]);
    assert_eq!(pages.iter().map(|p| p.games).sum::<usize>(), 4);
    assert!(pages[0].mismatches.is_empty());
    assert_eq!(pages[1].mismatches.len(), 1);
    assert_eq!(pages[1].mismatches[0].game, games[3]);
    assert!(
        pages[1].mismatches[0].detail.contains("do not replay"),
        "{}",
        pages[1].mismatches[0]
    );
    assert_eq!(f.service.verify_games().await.unwrap(), pages[1].mismatches);
}

/// The storage primitives behind "never corrupt": a move is stored only with its game's
/// update, only at the ply it was checked against, and a request key is never used twice.
#[tokio::test]
async fn compare_and_swap_primitives() {
    let f = Fixture::new().await;
    let game = f.start(&alice(), &bob()).await;
    f.play(&alice(), game.id, "g1-g6").await.unwrap();
    let db = f.service.db();
    let move_at = |from_ply, request_key| storage::Advance {
        id: game.id,
        from_ply,
        position: "not a position",
        white: alice().id,
        black: bob().id,
        swap: false,
        now: T0,
        deadline_ms: None,
        remind_ms: None,
        notation: "f12-f11",
        player: bob().id,
        request_key,
        board_due_ms: None,
        to_move: None,
    };

    // Checked against ply 0, but the game is at ply 1: neither the move nor the game changes.
    let mut tx = db.begin_write().await.unwrap();
    assert_eq!(
        storage::store_move(&mut tx, &move_at(0, None))
            .await
            .unwrap(),
        storage::Stored::GameChanged
    );
    tx.commit().await.unwrap();
    let mut conn = db.write().await.unwrap();
    assert_eq!(
        storage::commit_move(&mut conn, &move_at(0, None))
            .await
            .unwrap(),
        storage::Stored::GameChanged
    );
    drop(conn);
    assert_eq!(
        f.service.record(game.id).await.unwrap().record.moves.len(),
        1
    );
    assert!(f.service.verify_games().await.unwrap().is_empty());

    // A request key already used is refused by the unique index, and the batch's transaction
    // is rolled back: the writing connection goes on working.
    let key = "interaction-7";
    sqlx::query("UPDATE moves SET request_key = $1 WHERE game_id = $2")
        .bind(key)
        .bind(game.id.0)
        .execute(&mut *db.write().await.unwrap())
        .await
        .unwrap();
    let mut conn = db.write().await.unwrap();
    let error = storage::commit_move(&mut conn, &move_at(1, Some(key)))
        .await
        .unwrap_err();
    assert!(storage::is_unique_violation(&error), "{error}");
    drop(conn);
    assert_eq!(f.service.game(game.id).await.unwrap().ply(), 1);
    f.play(&bob(), game.id, "f12-f11").await.unwrap();
    assert!(f.service.verify_games().await.unwrap().is_empty());
}

/// A move's board is queued in the move's own statements, on both framings, and only with
/// the move: not when the game had changed, nor when the move is refused for its request key.
#[tokio::test]
async fn a_moves_board_is_queued_with_the_move_and_only_with_it() {
    let f = Fixture::new().await;
    let game = f.start(&alice(), &bob()).await;
    let db = f.service.db();
    let mut position = game.position.clone();
    let texts: Vec<String> = ["g1-g6", "f12-f11"]
        .iter()
        .map(|mv| {
            position.play_str(mv).unwrap();
            position.to_text()
        })
        .collect();
    let advance = |from_ply: u32, request_key| storage::Advance {
        id: game.id,
        from_ply,
        position: &texts[from_ply as usize],
        white: alice().id,
        black: bob().id,
        swap: false,
        now: T0,
        deadline_ms: None,
        remind_ms: None,
        notation: ["g1-g6", "f12-f11"][from_ply as usize],
        player: [alice().id, bob().id][from_ply as usize],
        request_key,
        board_due_ms: Some(T0 + 5),
        to_move: None,
    };
    let pending = || async {
        let mut conn = db.read().await.unwrap();
        storage::count_announcements(&mut conn).await.unwrap()
    };

    // As a transaction of its own: the board of ply 1, due when asked.
    let mut conn = db.write().await.unwrap();
    let storage::Stored::Moved { board: Some(first) } =
        storage::commit_move(&mut conn, &advance(0, Some("key-1")))
            .await
            .unwrap()
    else {
        panic!("the move and its board were expected to be stored");
    };
    // The game is at ply 1 now: a move checked against ply 0 stores nothing, board neither.
    assert_eq!(
        storage::commit_move(&mut conn, &advance(0, None))
            .await
            .unwrap(),
        storage::Stored::GameChanged
    );
    // A request key used before: refused whole.
    let error = storage::commit_move(&mut conn, &advance(1, Some("key-1")))
        .await
        .unwrap_err();
    assert!(storage::is_unique_violation(&error), "{error}");
    drop(conn);
    assert_eq!(pending().await, 1);

    // Inside the caller's transaction, the same; rolled back with it.
    let mut tx = db.begin_write().await.unwrap();
    let stored = storage::store_move(&mut tx, &advance(1, None))
        .await
        .unwrap();
    assert!(matches!(stored, storage::Stored::Moved { board: Some(_) }));
    tx.rollback().await.unwrap();
    assert_eq!(pending().await, 1);
    let mut tx = db.begin_write().await.unwrap();
    let stored = storage::store_move(&mut tx, &advance(1, None))
        .await
        .unwrap();
    let storage::Stored::Moved {
        board: Some(second),
    } = stored
    else {
        panic!("the move and its board were expected to be stored");
    };
    assert_eq!(
        storage::store_move(&mut tx, &advance(1, None))
            .await
            .unwrap(),
        storage::Stored::GameChanged
    );
    tx.commit().await.unwrap();
    assert_eq!(pending().await, 2);

    // Each is the board of its ply, claimed from its due time.
    let mut conn = db.write().await.unwrap();
    assert_eq!(
        storage::claim_announcement(&mut conn, T0 + 4, T0 + 100)
            .await
            .unwrap(),
        None
    );
    for (id, ply) in [(first, 1), (second, 2)] {
        let claimed = storage::claim_announcement(&mut conn, T0 + 5, T0 + 100)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(claimed.id, id);
        assert_eq!(claimed.owed, storage::Owed::Board { game: game.id, ply });
    }
    drop(conn);
    assert!(f.service.verify_games().await.unwrap().is_empty());
    assert_eq!(f.service.game(game.id).await.unwrap().ply(), 2);
}

/// A move whose future is dropped half-way (a cancelled request) leaves no transaction open:
/// the move is stored whole or not at all, and the writing connection goes on working.
#[tokio::test]
async fn a_cancelled_move_leaves_nothing_half_written() {
    let f = Fixture::new().await;
    let game = f.start(&alice(), &bob()).await;
    let db = f.service.db();
    let position = game.position.clone();
    let mut after = position.clone();
    after.play_str("g1-g6").unwrap();
    let text = after.to_text();
    let advance = storage::Advance {
        id: game.id,
        from_ply: 0,
        position: &text,
        white: alice().id,
        black: bob().id,
        swap: false,
        now: T0,
        deadline_ms: None,
        remind_ms: None,
        notation: "g1-g6",
        player: alice().id,
        request_key: None,
        board_due_ms: None,
        to_move: None,
    };
    // Another process holds the lock the move needs, so it waits: in SQLite's busy handler
    // for the write lock, or on PostgreSQL for the game's row.
    let mut other = sqlx::AnyConnection::connect(&f.url).await.unwrap();
    match db.backend() {
        storage::Backend::Sqlite => {
            sqlx::query("BEGIN IMMEDIATE")
                .execute(&mut other)
                .await
                .unwrap();
        }
        storage::Backend::Postgres => {
            sqlx::query("BEGIN").execute(&mut other).await.unwrap();
            sqlx::query("SELECT 1 FROM games WHERE id = $1 FOR UPDATE")
                .bind(game.id.0)
                .execute(&mut other)
                .await
                .unwrap();
        }
    }
    let mut conn = db.write().await.unwrap();
    {
        let mut batch = std::pin::pin!(storage::commit_move(&mut conn, &advance));
        assert!(futures_util::poll!(batch.as_mut()).is_pending());
        // The request is abandoned here, with its statements sent.
    }
    drop(conn);
    sqlx::query("COMMIT").execute(&mut other).await.unwrap();

    assert!(f.service.verify_games().await.unwrap().is_empty());
    let ply = f.service.game(game.id).await.unwrap().ply();
    assert!(ply <= 1, "{ply}");
    if ply == 0 {
        f.play(&alice(), game.id, "g1-g6").await.unwrap();
    }
    f.play(&bob(), game.id, "f12-f11").await.unwrap();
    assert_eq!(f.service.game(game.id).await.unwrap().ply(), 2);
    assert!(f.service.verify_games().await.unwrap().is_empty());
}

/// Two services on one file, as two bot processes would be: their moves for the same game
/// still end with exactly one move per ply.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_processes_on_one_file_do_not_double_apply() {
    let f = Fixture::new().await;
    let other = service_on(&f.url, f.clock.clone()).await;
    let game = f.start(&alice(), &bob()).await;
    for round in 0..6u32 {
        let current = f.service.game(game.id).await.unwrap();
        let mover = current.to_move.unwrap();
        let quiet: Vec<String> = current
            .position
            .legal_moves()
            .iter()
            .filter(|m| !m.is_capture())
            .take(4)
            .map(ToString::to_string)
            .collect();
        let mut tasks = Vec::new();
        for (i, text) in quiet.into_iter().enumerate() {
            let service = if i % 2 == 0 {
                f.service.clone()
            } else {
                other.clone()
            };
            tasks.push(tokio::spawn(async move {
                service
                    .play(PlayRequest {
                        user: mover,
                        game: GameRef::Id(game.id),
                        text: &text,
                        expected_ply: Some(round),
                        request_key: None,
                    })
                    .await
            }));
        }
        let mut applied = 0;
        for task in tasks {
            match task.await.unwrap() {
                Ok(_) => applied += 1,
                Err(ServiceError::User(UserError::PositionChanged)) => {}
                Err(e) => panic!("round {round}: {e:?}"),
            }
        }
        assert_eq!(applied, 1, "round {round}");
    }
    assert_eq!(other.record(game.id).await.unwrap().moves.len(), 6);
    assert!(other.verify_games().await.unwrap().is_empty());
}

/// The statement of migration 0003 that fills `rating_history` for games rated before it.
fn rating_history_backfill() -> &'static str {
    let migration = include_str!("../migrations/sqlite/0003_analyses_and_rating_history.sql");
    let start = migration
        .find("INSERT INTO rating_history")
        .expect("the migration backfills");
    &migration[start..]
}

#[tokio::test]
async fn the_rating_history_backfill_rebuilds_each_rating_of_games_rated_before_it() {
    let f = Fixture::new().await;
    let (alice, bob, carol) = (alice(), bob(), carol());
    // Rated games with different winners, so every player's rating moves both ways.
    for (white, black, loser) in [
        (&alice, &bob, &bob),
        (&bob, &carol, &bob),
        (&carol, &alice, &alice),
        (&alice, &bob, &alice),
    ] {
        let game = f.start(white, black).await;
        f.clock.advance(60_000);
        f.service
            .resign(loser.id, GameRef::Id(game.id), None)
            .await
            .unwrap();
    }
    let read = |conn: storage::Pooled| async move {
        let mut conn = conn;
        sqlx::query_as::<_, (i64, i64, f64, Option<f64>, i64)>(
            "SELECT user_id, game_id, rating, rating_deviation, recorded_ms
             FROM rating_history ORDER BY user_id, game_id",
        )
        .fetch_all(&mut *conn)
        .await
        .unwrap()
    };
    let written = read(f.service.db().read().await.unwrap()).await;
    assert_eq!(written.len(), 8, "two players a game");

    // The database as it was before the table existed: rated games, no history.
    let mut conn = f.service.db().write().await.unwrap();
    sqlx::query("DELETE FROM rating_history")
        .execute(&mut *conn)
        .await
        .unwrap();
    sqlx::query(rating_history_backfill())
        .execute(&mut *conn)
        .await
        .unwrap();
    drop(conn);
    let rebuilt = read(f.service.db().read().await.unwrap()).await;

    assert_eq!(rebuilt.len(), written.len());
    for (was, is) in written.iter().zip(&rebuilt) {
        assert_eq!(
            (was.0, was.1, was.4),
            (is.0, is.1, is.4),
            "same player, game and time"
        );
        assert!(
            (was.2 - is.2).abs() < 1e-9,
            "rating {} rebuilt as {}",
            was.2,
            is.2
        );
        assert_eq!(is.3, None, "the old deviations were not kept");
    }
}

/// Migration 0006's statement that fills `players.rated_ms` from the rating history.
fn rated_ms_backfill() -> &'static str {
    let migration = include_str!("../migrations/sqlite/0006_rating_periods.sql");
    let start = migration
        .find("UPDATE players")
        .expect("the migration backfills");
    let end = start + migration[start..].find(';').expect("one statement");
    &migration[start..=end]
}

#[tokio::test]
async fn the_rated_time_backfill_finds_each_players_last_rated_game() {
    let f = Fixture::new().await;
    let (alice, bob, carol) = (alice(), bob(), carol());
    for (white, black) in [(&alice, &bob), (&bob, &carol)] {
        let game = f.start(white, black).await;
        f.clock.advance(60_000);
        f.service
            .resign(black.id, GameRef::Id(game.id), None)
            .await
            .unwrap();
    }
    // Dave only played unrated games: he has no rated time.
    let mut unrated = challenge(
        &carol,
        Some(&monkey_queen::games::PlayerRef::new(UserId(104), "Dave")),
    );
    unrated.rated = false;
    let game = f.start_with(unrated).await;
    f.service
        .resign(UserId(104), GameRef::Id(game.id), None)
        .await
        .unwrap();
    let read = || async {
        let mut conn = f.service.db().read().await.unwrap();
        sqlx::query_as::<_, (i64, Option<i64>)>(
            "SELECT user_id, rated_ms FROM players ORDER BY user_id",
        )
        .fetch_all(&mut *conn)
        .await
        .unwrap()
    };
    let written = read().await;
    assert_eq!(
        written,
        [
            (101, Some(T0 + 60_000)),
            (102, Some(T0 + 120_000)),
            (103, Some(T0 + 120_000)),
            (104, None)
        ]
    );
    let mut conn = f.service.db().write().await.unwrap();
    sqlx::query("UPDATE players SET rated_ms = NULL")
        .execute(&mut *conn)
        .await
        .unwrap();
    sqlx::query(rated_ms_backfill())
        .execute(&mut *conn)
        .await
        .unwrap();
    drop(conn);
    assert_eq!(read().await, written);
}

/// A build refuses a database that a newer build migrated further, saying so, and leaves it
/// as it was.
#[tokio::test]
async fn a_schema_newer_than_the_build_is_refused_with_a_clear_message() {
    let f = Fixture::new().await;
    sqlx::query(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time)
         VALUES (999, 'from the future', TRUE, $1, 0)",
    )
    .bind(vec![0u8; 48])
    .execute(&mut *f.service.db().write().await.unwrap())
    .await
    .unwrap();
    let refused = storage::connect(&f.url).await.unwrap_err().to_string();
    assert!(refused.contains("version 999"), "{refused}");
    assert!(refused.contains("newer than this build"), "{refused}");
    let mut conn = f.service.db().read().await.unwrap();
    assert_eq!(storage::schema_version(&mut conn).await.unwrap(), Some(999));
}

/// `backup` copies a SQLite database while a game is being played on it; the copy opens and
/// holds every move made before it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_while_moves_are_played_is_a_consistent_database() {
    let f = Fixture::on(TestDb::sqlite()).await;
    let game = f.start(&alice(), &bob()).await;
    f.play(&alice(), game.id, "g1-g6").await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("backup.db");
    let playing = {
        let service = f.service.clone();
        tokio::spawn(async move {
            for text in ["f12-f11", "g6-g5"] {
                let user = if text == "f12-f11" {
                    bob().id
                } else {
                    alice().id
                };
                let request = PlayRequest {
                    user,
                    game: GameRef::Id(game.id),
                    text,
                    expected_ply: None,
                    request_key: None,
                };
                service.play(request).await.unwrap();
            }
        })
    };
    storage::backup(f.service.db(), file.to_str().unwrap())
        .await
        .unwrap();
    playing.await.unwrap();
    let copy = service_on(&format!("sqlite://{}", file.display()), f.clock.clone()).await;
    assert!(copy.verify_every_game().await.unwrap().1.is_empty());
    let ply = copy.game(game.id).await.unwrap().ply();
    assert!((1..=3).contains(&ply), "{ply}");
    // A second backup to the same file is refused, the first left whole.
    assert!(
        storage::backup(f.service.db(), file.to_str().unwrap())
            .await
            .is_err()
    );
}

/// What a later migration might add: a column of an existing table and a table that refers to
/// games, in words both engines take.
const LATER_MIGRATION: [&str; 2] = [
    "ALTER TABLE announcements ADD COLUMN nonce TEXT",
    "CREATE TABLE puzzle_scans (
         game_id BIGINT PRIMARY KEY REFERENCES games (id),
         error TEXT,
         scanned BOOLEAN NOT NULL
     )",
];

/// Runs [`LATER_MIGRATION`] on `db`.
async fn migrate_later(db: &storage::Db) {
    for sql in LATER_MIGRATION {
        sqlx::query(sql)
            .execute(&mut *db.write().await.unwrap())
            .await
            .unwrap();
    }
}

/// The copy reads the tables and columns from each database's catalogue: a table and a
/// column a later migration adds are copied (the table after the games it refers to) and
/// compared with no change to the copy.
#[tokio::test]
async fn copy_carries_the_tables_and_columns_a_later_migration_adds() {
    let source = Fixture::new().await;
    let target = TestDb::new().await;
    let to = storage::connect(&target.url).await.unwrap();
    migrate_later(source.service.db()).await;
    migrate_later(&to).await;
    let game = source.start(&alice(), &bob()).await;
    let mut db = source.service.db().write().await.unwrap();
    sqlx::query(
        "INSERT INTO announcements (kind, game_id, ply, created_ms, due_ms, nonce)
         VALUES ('board', $1, 0, 0, 0, 'nonce-1')",
    )
    .bind(game.id.0)
    .execute(&mut *db)
    .await
    .unwrap();
    sqlx::query("INSERT INTO puzzle_scans (game_id, error, scanned) VALUES ($1, 'none', TRUE)")
        .bind(game.id.0)
        .execute(&mut *db)
        .await
        .unwrap();
    drop(db);

    let copied = storage::copy(source.service.db(), &to).await.unwrap();
    let position = |name: &str| copied.tables.iter().position(|(t, _)| t == name).unwrap();
    assert!(position("games") < position("puzzle_scans"), "{copied:?}");
    assert!(copied.tables.contains(&("puzzle_scans".to_owned(), 1)));
    let nonces: Vec<Option<String>> = sqlx::query_scalar("SELECT nonce FROM announcements")
        .fetch_all(&mut *to.read().await.unwrap())
        .await
        .unwrap();
    assert!(nonces.contains(&Some("nonce-1".to_owned())), "{nonces:?}");
    let scan: (i64, String, i64) =
        sqlx::query_as("SELECT game_id, error, CAST(scanned AS INTEGER) FROM puzzle_scans")
            .fetch_one(&mut *to.read().await.unwrap())
            .await
            .unwrap();
    assert_eq!(scan, (game.id.0, "none".to_owned(), 1));
}

/// Two databases whose catalogues differ (one migrated further than the other) are not
/// copied; the refusal names every table and column that is missing.
#[tokio::test]
async fn copy_refuses_databases_whose_schemas_differ_naming_what_is_missing() {
    let source = Fixture::new().await;
    let target = TestDb::new().await;
    let to = storage::connect(&target.url).await.unwrap();
    migrate_later(source.service.db()).await;
    source.start(&alice(), &bob()).await;

    let refused = storage::copy(source.service.db(), &to).await.unwrap_err();
    let storage::CopyError::SchemasDiffer { differences } = &refused else {
        panic!("{refused:?}");
    };
    assert_eq!(
        differences,
        &[
            "the column announcements.nonce is only in the source",
            "the table puzzle_scans is only in the source",
        ],
        "{refused}"
    );
    let games: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM games")
        .fetch_one(&mut *to.read().await.unwrap())
        .await
        .unwrap();
    assert_eq!(games, 0, "nothing was copied");
}

/// Two services on one database, as two bot processes: an open challenge both are asked to
/// accept at once (by different players) starts exactly one game.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_processes_accepting_one_challenge_at_once_start_one_game() {
    let f = Fixture::new().await;
    let other = service_on(&f.url, f.clock.clone()).await;
    for round in 0..4 {
        let created = f.service.create_challenge(challenge(&alice(), None)).await;
        let Ok(monkey_queen::games::ChallengeCreated::Pending(open)) = created else {
            panic!("round {round}: an open challenge was expected: {created:?}");
        };
        let (here, there) = (f.service.clone(), other.clone());
        let accepts = [
            tokio::spawn(async move { here.accept_challenge(open.id, &bob(), Lang::En).await }),
            tokio::spawn(async move { there.accept_challenge(open.id, &carol(), Lang::En).await }),
        ];
        let mut started = Vec::new();
        for accept in accepts {
            match accept.await.unwrap() {
                Ok(game) => started.push(game.game.id),
                Err(ServiceError::User(UserError::ChallengeNotPending { .. })) => {}
                Err(e) => panic!("round {round}: {e:?}"),
            }
        }
        assert_eq!(started.len(), 1, "round {round}");
        let game = f.service.game(started[0]).await.unwrap();
        f.service
            .resign(alice().id, GameRef::Id(game.id), None)
            .await
            .unwrap();
    }
    let mut conn = f.service.db().read().await.unwrap();
    let games: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM games")
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    assert_eq!(games, 4);
}

/// The computer's turn at a ply is claimed by one process until its lease ends, and a claim
/// of a ply the game has left is refused.
#[tokio::test]
async fn the_computers_turn_is_claimed_once_until_its_lease_ends() {
    use monkey_queen::games::{COMPUTER_TURN_LEASE_MS, Level};
    let f = Fixture::new().await;
    let other = service_on(&f.url, f.clock.clone()).await;
    let mut new = challenge(&alice(), Some(&bot()));
    new.ai_level = Some(Level::Easy);
    new.color = monkey_queen::games::ColorChoice::Black;
    let game = f.start_against_computer(new).await;
    assert!(f.service.claim_computer_turn(game.id, 0).await.unwrap());
    assert!(!other.claim_computer_turn(game.id, 0).await.unwrap());
    assert!(!f.service.claim_computer_turn(game.id, 0).await.unwrap());
    assert!(
        !other.claim_computer_turn(game.id, 1).await.unwrap(),
        "not at ply 1 yet"
    );
    // The process that claimed it died: once the lease is over, another takes it.
    f.clock.advance(COMPUTER_TURN_LEASE_MS);
    assert!(other.claim_computer_turn(game.id, 0).await.unwrap());
    assert!(!f.service.claim_computer_turn(game.id, 0).await.unwrap());
    // Played: the next turn of the computer is a new claim.
    f.play(&bot(), game.id, "g1-g6").await.unwrap();
    f.play(&alice(), game.id, "f12-f11").await.unwrap();
    assert!(f.service.claim_computer_turn(game.id, 2).await.unwrap());
}

/// A database that can't be reached is told apart from one that refuses: the first is worth
/// trying again (the bot does, at start), the second is not.
#[tokio::test]
async fn an_unreachable_server_is_told_apart_from_a_refusal() {
    let unreachable = storage::connect_with(
        "postgres://nobody@127.0.0.1:1/none",
        &storage::PoolSettings {
            acquire_timeout: Some(std::time::Duration::from_secs(2)),
            ..storage::PoolSettings::default()
        },
    )
    .await
    .unwrap_err();
    assert!(storage::is_unreachable(&unreachable), "{unreachable:?}");
    let malformed = storage::connect("mysql://somewhere/db").await.unwrap_err();
    assert!(!storage::is_unreachable(&malformed), "{malformed:?}");
    assert!(malformed.to_string().contains("sqlite: or postgres://"));
}

/// One connection finishes an unrated game, then a rated one: the statement prepared with no
/// rating change takes a rating change next (on PostgreSQL, sqlx's `Any` driver would have
/// declared the missing number a `real`; see `storage::Real`).
#[tokio::test]
async fn a_result_without_rating_changes_then_one_with_them_on_one_connection() {
    use monkey_queen::games::EndReason;
    use monkey_queen_core::Color;
    let f = Fixture::new().await;
    let first = f.start(&alice(), &bob()).await;
    let second = f.start(&carol(), &bob()).await;
    let db = f.service.db();
    let mut conn = db.write().await.unwrap();
    for (game, deltas) in [(first.id, None), (second.id, Some([8.5, -8.5]))] {
        let finish = storage::Finish {
            id: game,
            at_ply: 0,
            winner: Color::White,
            reason: EndReason::Resignation,
            rating_deltas: deltas,
            now: T0,
        };
        assert!(storage::finish_game(&mut conn, &finish).await.unwrap());
    }
    drop(conn);
    let second = f.service.game(second.id).await.unwrap();
    assert_eq!(second.result.unwrap().rating_deltas, Some([8.5, -8.5]));
}

/// Fills the database with 20,000 games (one in ten active, one in twenty against the
/// computer, a third of the active ones with a clock), a move of each finished one, all but
/// the newest finished ones searched for puzzles, 5,000 challenges and 2,000 queued
/// announcements, none of them due at [`T0`], and has the engine gather its statistics: the
/// size at which a plan that scans a whole table would show.
async fn fill_for_plans(db: &storage::Db) {
    let start = monkey_queen_core::Position::start(monkey_queen_core::GameOptions::default());
    let statements = [
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
         INSERT INTO players (user_id, display_name, created_ms, updated_ms)
         SELECT 1000 + i, 'player ' || i, $1, $1 FROM n",
        "INSERT INTO players (user_id, display_name, created_ms, updated_ms)
         VALUES ($2, 'Monkey Queen', $1, $1)",
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
         INSERT INTO games (white_id, black_id, ai_level, board_size, queen_height, pie,
             move_time_ms, rated, status, ply, position, created_ms, deadline_ms, remind_ms,
             finished_ms, channel_id, to_move_id, winner, end_reason)
         SELECT 1001 + i % 1000, CASE WHEN i % 20 = 0 THEN $2 ELSE 1001 + (i + 1) % 1000 END,
             CASE WHEN i % 20 = 0 THEN 'easy' END, 12, 4, FALSE,
             CASE WHEN i % 30 = 0 THEN 3600000 END, i % 20 <> 0,
             CASE WHEN i % 10 = 0 THEN 'active' ELSE 'finished' END, 0, $3, $1,
             CASE WHEN i % 30 = 0 THEN $1 + 3600000 + i END,
             CASE WHEN i % 30 = 0 THEN $1 + 2880000 + i END,
             CASE WHEN i % 10 <> 0 THEN $1 - i END, 7,
             CASE WHEN i % 20 = 0 THEN CASE WHEN i % 400 = 0 THEN $2 ELSE 1001 + i % 1000 END END,
             CASE WHEN i % 10 <> 0 THEN 'white' END,
             CASE WHEN i % 10 <> 0 THEN 'resignation' END
         FROM n",
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
         INSERT INTO moves (game_id, ply, notation, player_id, played_ms)
         SELECT i, 1, 'g1-g6', 1001 + i % 1000, $1 FROM n WHERE i % 10 <> 0",
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
         INSERT INTO challenges (challenger_id, challenged_id, channel_id, board_size,
             queen_height, pie, color_choice, rated, status, created_ms, expires_ms)
         SELECT 1001 + i % 1000, 1001 + (i + 7) % 1000, 7, 12, 4, FALSE, 'white', TRUE,
             CASE WHEN i % 50 = 0 THEN 'pending' ELSE 'accepted' END, $1 - i, $1 + 86400000 - i
         FROM n",
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
         INSERT INTO announcements (kind, game_id, ply, created_ms, due_ms)
         SELECT 'board', i, 0, $1, $1 + 60000 + i FROM n",
        "UPDATE games SET puzzles_scanned = TRUE WHERE status = 'finished' AND id <= 19000",
        "ANALYZE",
    ];
    for sql in statements {
        sqlx::query(sql)
            .bind(T0)
            .bind(storage::db_id(BOT.0))
            .bind(start.to_text())
            .execute(&mut *db.write().await.unwrap())
            .await
            .unwrap();
    }
}

/// Each sweep reads only what is due through its index, with no full scan of the table it
/// reads from (on SQLite `EXPLAIN QUERY PLAN`, on PostgreSQL `EXPLAIN`).
#[tokio::test]
async fn every_sweep_reads_what_is_due_through_its_index() {
    let f = Fixture::new().await;
    let db = f.service.db();
    fill_for_plans(db).await;
    let mut conn = db.read().await.unwrap();
    let plans = storage::sweep_plans(&mut conn, BOT, T0).await.unwrap();
    assert_eq!(plans.len(), 6);
    for plan in plans {
        let full_scan = match db.backend() {
            storage::Backend::Sqlite => plan.plan.lines().any(|step| step.starts_with("SCAN ")),
            storage::Backend::Postgres => plan.plan.contains("Seq Scan"),
        };
        assert!(
            plan.plan.contains(plan.index) && !full_scan,
            "{} should read {} through {}:\n{}",
            plan.sweep,
            plan.table,
            plan.index,
            plan.plan
        );
    }
}

/// The statement of migration 0008 that records who is to move in the active games against
/// the computer already stored, in the dialect of `backend`.
fn to_move_backfill(backend: storage::Backend) -> &'static str {
    let migration = match backend {
        storage::Backend::Sqlite => include_str!("../migrations/sqlite/0008_computer_to_move.sql"),
        storage::Backend::Postgres => {
            include_str!("../migrations/postgres/0008_computer_to_move.sql")
        }
    };
    let start = migration
        .find("UPDATE games")
        .expect("the migration backfills");
    let end = start + migration[start..].find(';').expect("one statement");
    &migration[start..end]
}

/// Migration 0008 finds whose turn it is in every active game against the computer from the
/// stored position, as the moves themselves record it: the computer's or the person's, and
/// after a pie-rule swap (R8) too.
#[tokio::test]
async fn the_to_move_backfill_agrees_with_what_the_moves_record() {
    use monkey_queen::games::{ColorChoice, Level};
    let f = Fixture::new().await;
    let against = |who: &monkey_queen::games::PlayerRef, color, pie| {
        let mut new = challenge(who, Some(&bot()));
        new.color = color;
        new.ai_level = Some(Level::Easy);
        new.options = monkey_queen_core::GameOptions::default().pie_rule(pie);
        new
    };
    let computer_first = f
        .start_against_computer(against(&alice(), ColorChoice::Black, false))
        .await;
    let person_first = f
        .start_against_computer(against(&bob(), ColorChoice::White, false))
        .await;
    let swapped = f
        .start_against_computer(against(&carol(), ColorChoice::Black, true))
        .await;
    f.play(&bot(), swapped.id, "g1-g6").await.unwrap();
    let after_swap = f.play(&carol(), swapped.id, "swap").await.unwrap().game;
    assert_eq!(after_swap.to_move, Some(BOT));
    f.play(&bob(), person_first.id, "g1-g6").await.unwrap();
    f.start(&alice(), &bob()).await;

    let db = f.service.db();
    let to_move = || async {
        sqlx::query_as::<_, (i64, Option<i64>)>("SELECT id, to_move_id FROM games ORDER BY id")
            .fetch_all(&mut *db.read().await.unwrap())
            .await
            .unwrap()
    };
    let recorded = to_move().await;
    let bot_id = storage::db_id(BOT.0);
    assert_eq!(
        recorded,
        [
            (computer_first.id.0, Some(bot_id)),
            (person_first.id.0, Some(bot_id)),
            (swapped.id.0, Some(bot_id)),
            (4, None),
        ]
    );
    sqlx::query("UPDATE games SET to_move_id = NULL")
        .execute(&mut *db.write().await.unwrap())
        .await
        .unwrap();
    sqlx::query(to_move_backfill(db.backend()))
        .execute(&mut *db.write().await.unwrap())
        .await
        .unwrap();
    assert_eq!(to_move().await, recorded);
}

/// Two services on one database, as two bot processes: a kept token's follow-ups, taken by
/// both at once, are made four times in all, never a fifth.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_processes_taking_a_kept_tokens_follow_ups_at_once_make_four_in_all() {
    let f = Fixture::new().await;
    let other = service_on(&f.url, f.clock.clone()).await;
    let mut new = challenge(&alice(), Some(&bob()));
    new.reach = Reach::Interactions;
    let game = f.start_with(new).await;
    for round in 0..3 {
        let token = InteractionToken::new(format!("token {round}"));
        let now = f.service.now_ms();
        f.service
            .delivery()
            .keep_token(&game, &token, now, CHANNEL)
            .await
            .unwrap();
        let takes: Vec<_> = (0..8)
            .map(|i| {
                let service = if i % 2 == 0 { &f.service } else { &other }.clone();
                tokio::spawn(async move { service.delivery().take_token(game.id).await.unwrap() })
            })
            .collect();
        let mut taken = 0;
        for take in takes {
            if let Some(kept) = take.await.unwrap() {
                assert_eq!(kept, token, "round {round}");
                taken += 1;
            }
        }
        assert_eq!(taken, KEPT_TOKEN_FOLLOW_UPS, "round {round}");
        f.clock.advance(1);
    }
}

/// Two processes on one database replacing one game's board at once: each board replaces a
/// different one, so every board but the latest is handed back exactly once (to lose its
/// buttons), through the service as through `storage::record_board` alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_processes_posting_boards_of_one_game_at_once_each_replace_a_different_one() {
    let f = Fixture::new().await;
    let other = service_on(&f.url, f.clock.clone()).await;
    let game = f.start(&alice(), &bob()).await;
    let in_channel = Editable::InChannel(CHANNEL);
    let replace = |db: storage::Db, message: u64| {
        let editable = in_channel.clone();
        tokio::spawn(async move {
            let mut conn = db.write().await.unwrap();
            let board = storage::NewBoard {
                game: game.id,
                message: MessageId(message),
                editable: &editable,
                active: true,
                delivers: None,
            };
            let recorded = storage::record_board(&mut conn, &board).await.unwrap();
            recorded.unwrap().replaced.map(|(old, _)| old.0)
        })
    };
    let post = |service: GameService, message: u64| {
        let (game, editable) = (game.clone(), in_channel.clone());
        tokio::spawn(async move {
            let old = service
                .delivery()
                .board_posted(&game, MessageId(message), editable, None)
                .await;
            old.unwrap().map(|old| old.message.0)
        })
    };
    let tasks: Vec<_> = (1..=32u64)
        .map(|message| match message % 4 {
            0 => replace(f.service.db().clone(), message),
            1 => replace(other.db().clone(), message),
            2 => post(f.service.clone(), message),
            _ => post(other.clone(), message),
        })
        .collect();
    let mut replaced = Vec::new();
    for task in tasks {
        replaced.extend(task.await.unwrap());
    }
    assert_eq!(replaced.len(), 31, "only the first board replaced none");
    let latest = f
        .service
        .delivery()
        .board_posted(&game, MessageId(100), in_channel, None)
        .await
        .unwrap()
        .map(|old| old.message.0);
    replaced.extend(latest);
    replaced.sort_unstable();
    assert_eq!(replaced, (1..=32).collect::<Vec<_>>());
}

/// Two services on one database asked for heavy work for one player at once: it starts once
/// per cooldown, and every other request is told how long to wait.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_processes_asked_for_heavy_work_at_once_start_it_once_per_cooldown() {
    let f = Fixture::new().await;
    let other = service_on(&f.url, f.clock.clone()).await;
    for round in 0..3 {
        let asks: Vec<_> = (0..8)
            .map(|i| {
                let service = if i % 2 == 0 { &f.service } else { &other }.clone();
                tokio::spawn(async move { service.start_heavy(alice().id, Heavy::Analysis).await })
            })
            .collect();
        let mut started = 0;
        for ask in asks {
            match ask.await.unwrap() {
                Ok(()) => started += 1,
                Err(ServiceError::User(UserError::CoolingDown { seconds: 10 })) => {}
                Err(e) => panic!("round {round}: {e:?}"),
            }
        }
        assert_eq!(started, 1, "round {round}");
        f.clock.advance(HEAVY_COOLDOWN_MS);
    }
}
