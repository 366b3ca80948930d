//! Clocks and standings in the game service: reminders and timeouts (also across a restart and
//! with two sweepers) and their announcements (the outbox), stats, leaderboards, history, replays, rematches and per-server settings.

#[allow(dead_code)] // each test binary uses its own subset of the fixtures
mod common;

use std::collections::HashMap;

use common::*;
use monkey_queen::games::{
    Announced, Announcement, Audience, BOARD_GRACE_MS, BoardColors, BoardOrientation,
    ChallengeCreated, ChallengeStatus, ChannelId, ClockChoice, ColorChoice, DELIVERY_LEASE_MS,
    EndReason, GameId, GameRef, GameService, GameStatus, GuildId, GuildSettings, InternalError,
    LeaderboardScope, Level, MAX_ATTEMPTS, PlayRequest, PlayerRef, Result, Retried, ServiceError,
    SettingsChange, UserError, UserId, Viewer, retry_delay_ms,
};
use monkey_queen::i18n::{Lang, Msg};
use monkey_queen_core::{Color, GameOptions, Position, Record};

/// The refusal a call ended with; panics on success or an internal error.
fn refused<T: std::fmt::Debug>(result: Result<T>) -> UserError {
    match result {
        Err(ServiceError::User(e)) => e,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

fn dave() -> PlayerRef {
    PlayerRef::new(UserId(104), "Dave")
}
fn erin() -> PlayerRef {
    PlayerRef::new(UserId(105), "Erin")
}
fn frank() -> PlayerRef {
    PlayerRef::new(UserId(106), "Frank")
}

/// Another server than [`GUILD`].
const OTHER_GUILD: GuildId = GuildId(901);
const MINUTE: i64 = 60_000;

/// A rated game in `guild` with `winner` as White that `loser` resigns a second later.
async fn win(f: &Fixture, winner: &PlayerRef, loser: &PlayerRef, guild: GuildId) -> GameId {
    let mut new = challenge(winner, Some(loser));
    new.guild = Some(guild);
    let game = f.start_with(new).await;
    f.clock.advance(1_000);
    f.service
        .resign(loser.id, GameRef::Id(game.id), None)
        .await
        .unwrap();
    game.id
}

/// A game between Alice (White) and `opponent` with a clock of `ms` per move.
async fn timed(f: &Fixture, opponent: &PlayerRef, ms: i64) -> GameId {
    let mut new = challenge(&alice(), Some(opponent));
    new.move_time_ms = Some(ms);
    f.start_with(new).await.id
}

fn ids<T>(items: &[T], id: impl Fn(&T) -> GameId) -> Vec<GameId> {
    items.iter().map(id).collect()
}

// ---- reminders and timeouts ----------------------------------------------------------------

#[tokio::test]
async fn reminder_is_returned_once_and_rearmed_by_the_next_move() {
    let f = Fixture::new().await;
    let game = timed(&f, &bob(), 10 * MINUTE).await;
    let _untimed = f.start(&alice(), &carol()).await;
    // A fifth of the time left: 8 minutes in.
    f.clock.advance(8 * MINUTE - 1);
    assert!(f.service.due_reminders().await.unwrap().is_empty());
    f.clock.advance(1);
    let due = f.service.due_reminders().await.unwrap();
    assert_eq!(ids(&due, |g| g.id), [game]);
    assert_eq!(
        due[0].to_move,
        Some(alice().id),
        "the player to move is reminded"
    );
    assert_eq!(due[0].deadline_ms, Some(T0 + 10 * MINUTE));
    assert_eq!(due[0].remind_ms, None, "marked sent");
    assert!(f.service.due_reminders().await.unwrap().is_empty());
    f.clock.advance(MINUTE);
    assert!(f.service.due_reminders().await.unwrap().is_empty());

    // Alice moves at minute 9: Bob's reminder comes at minute 17, once.
    let played = f.play(&alice(), game, "g1-g6").await.unwrap();
    assert_eq!(played.game.remind_ms, Some(T0 + 17 * MINUTE));
    f.clock.set(T0 + 17 * MINUTE);
    let due = f.service.due_reminders().await.unwrap();
    assert_eq!(ids(&due, |g| g.id), [game]);
    assert_eq!(due[0].to_move, Some(bob().id));
    assert_eq!(
        due[0].last_move.map(|m| m.to_string()).as_deref(),
        Some("g1-g6")
    );
    assert!(f.service.due_reminders().await.unwrap().is_empty());
    // The timeout still comes, once.
    f.clock.set(T0 + 19 * MINUTE);
    let ended = f.service.apply_timeouts().await.unwrap();
    assert_eq!(ids(&ended, |g| g.id), [game]);
    assert!(f.service.apply_timeouts().await.unwrap().is_empty());
}

#[tokio::test]
async fn no_reminder_after_the_deadline_nor_for_the_bot() {
    let f = Fixture::new().await;
    // Nobody swept while the reminder and the deadline passed: only the timeout is due.
    let late = timed(&f, &bob(), MINUTE).await;
    // The bot plays White and is to move: its reminder is claimed, not returned.
    let mut new = challenge(&carol(), Some(&bot()));
    new.color = ColorChoice::Black;
    new.move_time_ms = Some(10 * MINUTE);
    let ai = f.start_against_computer(new).await;
    assert_eq!(ai.to_move, Some(BOT));
    f.clock.advance(8 * MINUTE);
    assert!(f.service.due_reminders().await.unwrap().is_empty());
    let ended = f.service.apply_timeouts().await.unwrap();
    assert_eq!(ids(&ended, |g| g.id), [late]);
    assert_eq!(f.service.game(ai.id).await.unwrap().remind_ms, None);
}

#[tokio::test]
async fn timeout_fires_once_and_counts_once() {
    let f = Fixture::new().await;
    let game = timed(&f, &bob(), MINUTE).await;
    f.play(&alice(), game, "g1-g6").await.unwrap();
    f.clock.advance(MINUTE);
    let ended = f.service.apply_timeouts().await.unwrap();
    assert_eq!(ids(&ended, |g| g.id), [game]);
    let result = ended[0].result.unwrap();
    assert_eq!(
        (result.loser_id, result.reason),
        (bob().id, EndReason::Timeout),
        "R7.4: the player to move ran out of time"
    );
    for _ in 0..3 {
        f.clock.advance(MINUTE);
        assert!(f.service.apply_timeouts().await.unwrap().is_empty());
    }
    let bob_stats = f.service.stats(bob().id, here(bob().id)).await.unwrap();
    assert_eq!((bob_stats.games, bob_stats.losses), (1, 1));
    assert_eq!(bob_stats.rated_games, 1);
}

#[tokio::test]
async fn deadline_passed_while_down_is_settled_at_start() {
    let f = Fixture::new().await;
    let game = timed(&f, &bob(), 3_600_000).await;
    f.play(&alice(), game, "g1-g6").await.unwrap();
    let running = timed(&f, &carol(), 3 * 24 * 3_600_000).await;
    f.service.db().close().await;

    // The bot comes back ten hours later: Bob's deadline passed while it was down.
    let later = std::sync::Arc::new(monkey_queen::games::ManualClock::new(T0 + 36_000_000));
    let service = service_on(&f.url, later.clone()).await;
    assert!(service.verify_games().await.unwrap().is_empty());
    assert!(service.due_reminders().await.unwrap().is_empty());
    let ended = service.apply_timeouts().await.unwrap();
    assert_eq!(ids(&ended, |g| g.id), [game]);
    let result = ended[0].result.unwrap();
    assert_eq!(
        (result.loser_id, result.reason),
        (bob().id, EndReason::Timeout)
    );
    assert_eq!(ended[0].finished_ms, Some(T0 + 36_000_000));
    assert!(service.apply_timeouts().await.unwrap().is_empty());
    service.db().close().await;

    // And once more after another restart: nothing fires twice.
    let service = service_on(&f.url, later).await;
    assert!(service.apply_timeouts().await.unwrap().is_empty());
    assert!(service.game(running).await.unwrap().is_active());
    let stored = service.game(game).await.unwrap();
    assert_eq!(stored.status, GameStatus::Finished);
    assert_eq!(
        service.stats(bob().id, here(bob().id)).await.unwrap().games,
        1
    );
}

/// Two bot processes sweeping one file at the same moment: every reminder and every timeout
/// is handed out exactly once between them.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_sweepers_never_double_fire() {
    let f = Fixture::new().await;
    let other = service_on(&f.url, f.clock.clone()).await;
    let mut games = Vec::new();
    for i in 0..8u64 {
        let white = PlayerRef::new(UserId(1_000 + i), format!("white {i}"));
        let black = PlayerRef::new(UserId(2_000 + i), format!("black {i}"));
        let mut new = challenge(&white, Some(&black));
        new.move_time_ms = Some(10 * MINUTE);
        games.push(f.start_with(new).await.id);
    }
    for (phase, at) in [("reminders", 8 * MINUTE), ("timeouts", 10 * MINUTE)] {
        f.clock.set(T0 + at);
        let mut tasks = Vec::new();
        for round in 0..4 {
            for service in [f.service.clone(), other.clone()] {
                tasks.push(tokio::spawn(async move {
                    let fired = if round % 2 == 0 {
                        service.due_reminders().await
                    } else {
                        service.apply_timeouts().await
                    };
                    fired.map(|games| (round % 2, ids(&games, |g| g.id)))
                }));
            }
        }
        let mut fired: HashMap<GameId, u32> = HashMap::new();
        for task in tasks {
            let (kind, ids) = task.await.unwrap().unwrap();
            let expected_kind = usize::from(phase == "timeouts");
            if kind == expected_kind {
                for id in ids {
                    *fired.entry(id).or_default() += 1;
                }
            } else {
                assert!(ids.is_empty(), "{phase}: nothing else is due");
            }
        }
        for game in &games {
            assert_eq!(fired.get(game), Some(&1), "{phase}: game {game}");
        }
        assert_eq!(fired.len(), games.len(), "{phase}");
    }
    for i in 0..8u64 {
        let stats = other
            .stats(UserId(1_000 + i), here(UserId(1_000 + i)))
            .await
            .unwrap();
        assert_eq!((stats.games, stats.losses, stats.rated_games), (1, 1, 1));
    }
}

// ---- stats, leaderboards, history ----------------------------------------------------------

#[tokio::test]
async fn stats_streak_and_win_rate() {
    let f = Fixture::new().await;
    let nobody = f
        .service
        .stats(UserId(999), here(UserId(999)))
        .await
        .unwrap();
    assert_eq!(nobody.name, None);
    assert_eq!((nobody.rating, nobody.deviation), (1500.0, 350.0));
    assert_eq!((nobody.games, nobody.win_rate), (0, None));
    assert_eq!(nobody.current_streak, 0);
    assert!(nobody.recent.is_empty());

    // Alice: W W L W W W, then an aborted game, which counts for nothing.
    let mut played = Vec::new();
    for alice_wins in [true, true, false, true, true, true] {
        let id = if alice_wins {
            win(&f, &alice(), &bob(), GUILD).await
        } else {
            win(&f, &bob(), &alice(), GUILD).await
        };
        played.push(id);
    }
    let aborted = f.start(&alice(), &bob()).await;
    f.service
        .abort(alice().id, GameRef::Id(aborted.id))
        .await
        .unwrap();

    let stats = f.service.stats(alice().id, here(alice().id)).await.unwrap();
    assert_eq!(stats.name.as_deref(), Some("Alice"));
    assert_eq!((stats.games, stats.wins, stats.losses), (6, 5, 1));
    assert_eq!(stats.rated_games, 6);
    assert_eq!(stats.win_rate, Some(5.0 / 6.0));
    assert_eq!(stats.current_streak, 3);
    assert!(stats.rating > 1500.0);
    let newest_first: Vec<GameId> = played.iter().rev().take(5).copied().collect();
    assert_eq!(ids(&stats.recent, |g| g.game), newest_first);
    let last = &stats.recent[0];
    assert!(last.won && last.rated);
    assert_eq!(last.opponent, bob());
    assert_eq!(last.color, Color::White);
    assert_eq!(last.reason, EndReason::Resignation);
    assert!(last.rating_delta.unwrap() > 0.0);
    let loss = &stats.recent[3];
    assert!(!loss.won && loss.color == Color::Black);
    assert!(loss.rating_delta.unwrap() < 0.0);

    let bob_stats = f.service.stats(bob().id, here(bob().id)).await.unwrap();
    assert_eq!(bob_stats.current_streak, -3);
    assert_eq!(bob_stats.win_rate, Some(1.0 / 6.0));

    win(&f, &bob(), &alice(), GUILD).await;
    assert_eq!(
        f.service
            .stats(alice().id, here(alice().id))
            .await
            .unwrap()
            .current_streak,
        -1
    );
    assert_eq!(
        f.service
            .stats(bob().id, here(bob().id))
            .await
            .unwrap()
            .current_streak,
        1
    );
}

/// Gives `players` the certainty of regular players (a deviation of 80), as if they had played
/// many more rated games than the test did.
async fn establish(f: &Fixture, players: &[PlayerRef]) {
    for player in players {
        sqlx::query("UPDATE players SET rating_deviation = 80 WHERE user_id = $1")
            .bind(i64::try_from(player.id.0).unwrap())
            .execute(&mut *f.service.db().write().await.unwrap())
            .await
            .unwrap();
    }
}

/// Alice and Bob play eight rated games, winning in turn, enough to settle their ratings;
/// Carol beats Dave in her first.
async fn alice_and_bob_settle_carol_starts(f: &Fixture) {
    for game in 0..8 {
        let (winner, loser) = if game % 2 == 0 {
            (alice(), bob())
        } else {
            (bob(), alice())
        };
        win(f, &winner, &loser, GUILD).await;
    }
    win(f, &carol(), &dave(), GUILD).await;
}

/// Newcomers are provisional until about eight rated games; the leaderboard ranks only the
/// others, and months without a rated game make a rating provisional again.
#[tokio::test]
async fn the_leaderboard_ranks_established_ratings_and_idle_months_unsettle_them() {
    let f = Fixture::new().await;
    alice_and_bob_settle_carol_starts(&f).await;
    let stats = |who: PlayerRef| {
        let service = f.service.clone();
        async move { service.stats(who.id, here(who.id)).await.unwrap() }
    };
    assert!(!stats(alice()).await.provisional);
    let carols = stats(carol()).await;
    assert!(carols.provisional && carols.deviation > 250.0, "{carols:?}");
    let board = f
        .service
        .leaderboard(LeaderboardScope::Guild(GUILD), 0, 10)
        .await
        .unwrap();
    let ranked: Vec<UserId> = board.entries.iter().map(|e| e.player.id).collect();
    assert_eq!(ranked.len(), 2, "only Alice and Bob: {ranked:?}");
    assert!(ranked.contains(&alice().id) && ranked.contains(&bob().id));
    assert_eq!(board.total, 2);

    // Four months later, Alice has not played: her rating stands, its deviation has grown.
    let before = stats(alice()).await;
    f.clock.advance(120 * 24 * 60 * MINUTE);
    let after = stats(alice()).await;
    assert_eq!(after.rating, before.rating);
    assert!(
        after.deviation > before.deviation + 30.0,
        "{before:?} {after:?}"
    );
    assert!(after.provisional);
    let board = f
        .service
        .leaderboard(LeaderboardScope::Global, 0, 10)
        .await
        .unwrap();
    assert!(board.entries.is_empty(), "{board:?}");
    // Back to playing, her rating moves as an uncertain one does.
    let back = win(&f, &alice(), &carol(), GUILD).await;
    let delta = f
        .service
        .game(back)
        .await
        .unwrap()
        .result
        .unwrap()
        .rating_deltas;
    let settled_gain = {
        let g = Fixture::new().await;
        alice_and_bob_settle_carol_starts(&g).await;
        let game = win(&g, &alice(), &carol(), GUILD).await;
        g.service
            .game(game)
            .await
            .unwrap()
            .result
            .unwrap()
            .rating_deltas
    };
    assert!(
        delta.unwrap()[0] > settled_gain.unwrap()[0],
        "{delta:?} {settled_gain:?}"
    );
}

#[tokio::test]
async fn leaderboard_order_paging_and_scope() {
    let f = Fixture::new().await;
    // In GUILD: Alice beats Bob, then Carol. In OTHER_GUILD: Dave beats Erin.
    win(&f, &alice(), &bob(), GUILD).await;
    win(&f, &alice(), &carol(), GUILD).await;
    win(&f, &dave(), &erin(), OTHER_GUILD).await;
    // Frank only plays the computer in GUILD: unrated, so on no board.
    let ai = f
        .start_against_computer(challenge(&frank(), Some(&bot())))
        .await;
    f.service
        .resign(frank().id, GameRef::Id(ai.id), None)
        .await
        .unwrap();
    // An aborted rated game changes nothing.
    let aborted = f.start(&carol(), &dave()).await;
    f.service
        .abort(carol().id, GameRef::Id(aborted.id))
        .await
        .unwrap();

    // One game is not enough to be ranked: say these five have played many more before.
    establish(&f, &[alice(), bob(), carol(), dave(), erin()]).await;

    let global = f
        .service
        .leaderboard(LeaderboardScope::Global, 0, 10)
        .await
        .unwrap();
    let order: Vec<UserId> = global.entries.iter().map(|e| e.player.id).collect();
    // Bob and Erin both lost one game to a newcomer: equal ratings, so the lower id first.
    assert_eq!(
        order,
        [alice().id, dave().id, carol().id, bob().id, erin().id]
    );
    assert_eq!(global.entries[3].rating, global.entries[4].rating);
    assert!(
        global
            .entries
            .windows(2)
            .all(|w| w[0].rating >= w[1].rating)
    );
    assert_eq!(
        global.entries.iter().map(|e| e.rank).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5]
    );
    let first = &global.entries[0];
    assert_eq!(first.player, alice());
    assert_eq!((first.games, first.wins, first.losses), (2, 2, 0));
    assert_eq!((global.page, global.total_pages, global.total), (0, 1, 5));
    let frank_stats = f.service.stats(frank().id, here(frank().id)).await.unwrap();
    assert_eq!(
        (
            frank_stats.rating,
            frank_stats.games,
            frank_stats.rated_games
        ),
        (1500.0, 1, 0),
        "games against the computer never change a person's rating"
    );

    // Pages of two.
    let page = |n| f.service.leaderboard(LeaderboardScope::Global, n, 2);
    let p0 = page(0).await.unwrap();
    assert_eq!((p0.page, p0.total_pages, p0.total), (0, 3, 5));
    assert_eq!(
        p0.entries.iter().map(|e| e.player.id).collect::<Vec<_>>(),
        [alice().id, dave().id]
    );
    let p2 = page(2).await.unwrap();
    assert_eq!(p2.entries.len(), 1);
    assert_eq!(
        (p2.entries[0].rank, p2.entries[0].player.id),
        (5, erin().id)
    );
    assert_eq!(page(7).await.unwrap(), p2, "past the end: the last page");

    // A server's board ranks only those who finished a game there.
    let here = f
        .service
        .leaderboard(LeaderboardScope::Guild(GUILD), 0, 10)
        .await
        .unwrap();
    assert_eq!(
        here.entries.iter().map(|e| e.player.id).collect::<Vec<_>>(),
        [alice().id, carol().id, bob().id]
    );
    assert_eq!(here.entries[2].rank, 3);
    let there = f
        .service
        .leaderboard(LeaderboardScope::Guild(OTHER_GUILD), 0, 10)
        .await
        .unwrap();
    assert_eq!(
        there
            .entries
            .iter()
            .map(|e| e.player.id)
            .collect::<Vec<_>>(),
        [dave().id, erin().id]
    );
    let empty = f
        .service
        .leaderboard(LeaderboardScope::Guild(GuildId(7)), 3, 10)
        .await
        .unwrap();
    assert!(empty.entries.is_empty());
    assert_eq!((empty.page, empty.total_pages, empty.total), (0, 1, 0));
}

#[tokio::test]
async fn the_computer_is_rated_per_level_without_moving_people() {
    let f = Fixture::new().await;
    let mut new = challenge(&alice(), Some(&bot()));
    new.ai_level = Some(Level::Hard);
    let game = f.start_against_computer(new).await;
    f.service
        .resign(alice().id, GameRef::Id(game.id), None)
        .await
        .unwrap();
    let levels = f.service.ai_standings().await.unwrap();
    assert_eq!(
        levels.iter().map(|l| l.level).collect::<Vec<_>>(),
        Level::ALL
    );
    let hard = levels[2];
    assert_eq!((hard.games, hard.wins, hard.losses), (1, 1, 0));
    // A newcomer beating a newcomer (Glicko-2, worked in rating.rs): 1662.3.
    assert!((hard.rating - 1662.31).abs() < 0.05, "{hard:?}");
    assert_eq!((levels[0].games, levels[0].rating), (0, 1500.0));
    let alice_stats = f.service.stats(alice().id, here(alice().id)).await.unwrap();
    assert_eq!((alice_stats.rating, alice_stats.deviation), (1500.0, 350.0));
    assert_eq!((alice_stats.games, alice_stats.losses), (1, 1));
}

#[tokio::test]
async fn history_pages_newest_first() {
    let f = Fixture::new().await;
    let mut finished = Vec::new();
    let mut other_guild = Vec::new();
    for i in 0..5 {
        let id = if i == 1 {
            let id = win(&f, &carol(), &alice(), OTHER_GUILD).await;
            other_guild.push(id);
            id
        } else {
            win(&f, &alice(), &bob(), GUILD).await
        };
        finished.push(id);
    }
    let aborted = f.start(&alice(), &bob()).await;
    f.service
        .abort(bob().id, GameRef::Id(aborted.id))
        .await
        .unwrap();
    let _active = f.start(&alice(), &bob()).await;
    finished.reverse();

    let page = |n, size| f.service.history(alice().id, here(alice().id), n, size);
    let p0 = page(0, 2).await.unwrap();
    assert_eq!((p0.page, p0.total_pages, p0.total), (0, 3, 5));
    assert_eq!(ids(&p0.entries, |g| g.game), finished[..2]);
    let p1 = page(1, 2).await.unwrap();
    assert_eq!(ids(&p1.entries, |g| g.game), finished[2..4]);
    let loss = &p1.entries[1];
    assert_eq!(loss.game, finished[3]);
    assert!(!loss.won);
    assert_eq!(loss.opponent, carol());
    assert_eq!(loss.reason, EndReason::Resignation);
    assert_eq!(loss.place.guild, Some(OTHER_GUILD));
    let p2 = page(2, 2).await.unwrap();
    assert_eq!(ids(&p2.entries, |g| g.game), finished[4..]);
    // A history only grows, so a page past its end was never shown: refused, not clamped.
    for past in [3, 9, u32::MAX] {
        assert_eq!(
            refused(page(past, 2).await),
            UserError::NoSuchPage {
                page: past,
                total_pages: 3
            }
        );
    }
    assert_eq!(
        page(0, 0).await.unwrap().total_pages,
        5,
        "pages hold one at least"
    );
    let all = page(0, 50).await.unwrap();
    assert_eq!(ids(&all.entries, |g| g.game), finished);
    assert!(all.entries.iter().all(|g| g.finished_ms > T0));
    // Someone who never finished a game has one empty page, and only that one.
    let none = f
        .service
        .history(dave().id, here(dave().id), 0, 10)
        .await
        .unwrap();
    assert!(none.entries.is_empty());
    assert_eq!((none.page, none.total_pages, none.total), (0, 1, 0));
    assert_eq!(
        refused(f.service.history(dave().id, here(dave().id), 1, 10).await),
        UserError::NoSuchPage {
            page: 1,
            total_pages: 1
        }
    );

    // Games of another server, or of direct messages, are listed only to their players (in
    // an answer only they see).
    let service = &f.service;
    let seen = |viewer, guild| async move {
        let viewer = Viewer {
            user: viewer,
            guild,
        };
        let page = service
            .history(alice().id, Audience::Only(viewer), 0, 50)
            .await
            .unwrap();
        assert_eq!(page.total, page.entries.len() as u64);
        ids(&page.entries, |g| g.game)
    };
    let in_guild: Vec<GameId> = finished
        .iter()
        .copied()
        .filter(|id| !other_guild.contains(id))
        .collect();
    assert_eq!(seen(bob().id, Some(GUILD)).await, in_guild);
    assert_eq!(seen(dave().id, Some(OTHER_GUILD)).await, other_guild);
    assert_eq!(seen(dave().id, None).await, Vec::<GameId>::new());
    assert_eq!(seen(carol().id, None).await, other_guild);
    let stats = f.service.stats(
        alice().id,
        Audience::Only(Viewer {
            user: dave().id,
            guild: None,
        }),
    );
    assert!(stats.await.unwrap().recent.is_empty());
}

// ---- replay --------------------------------------------------------------------------------

#[tokio::test]
async fn replaying_a_stored_game_gives_its_stored_position() {
    let f = Fixture::new().await;
    let mut new = challenge(&alice(), Some(&bob()));
    new.options = GameOptions::default().pie_rule(true);
    let game = f.start_with(new).await;
    // R8: a swap, then quiet moves chosen deterministically, then a resignation.
    f.play(&alice(), game.id, "g1-g7").await.unwrap();
    let mut current = f.play(&bob(), game.id, "swap").await.unwrap().game;
    for _ in 0..30 {
        let Some(mover) = current.to_move else { break };
        let legal = current.position.legal_moves();
        let mv = legal
            .iter()
            .find(|m| !m.is_capture())
            .unwrap_or(&legal[0])
            .to_string();
        let who = if mover == alice().id { alice() } else { bob() };
        current = f.play(&who, game.id, &mv).await.unwrap().game;
    }
    if current.is_active() {
        f.service
            .resign(alice().id, GameRef::Id(game.id), None)
            .await
            .unwrap();
    }
    let stored = f.service.game(game.id).await.unwrap();
    assert_eq!(stored.status, GameStatus::Finished);
    let record = f.service.record(game.id).await.unwrap();
    assert_eq!(record.record.moves.len(), 32);
    assert_eq!(record.record.final_position(), stored.position);
    // The exported text pastes back to the same record and position (R9.3).
    let (reread, position) = Record::parse(&record.record.to_string()).unwrap();
    assert_eq!(reread, record.record);
    assert_eq!(position, stored.position);
    let stored_text: String = sqlx::query_scalar("SELECT position FROM games WHERE id = $1")
        .bind(game.id.0)
        .fetch_one(&mut *f.service.db().read().await.unwrap())
        .await
        .unwrap();
    assert_eq!(position.to_text(), stored_text);

    // A snapshot the moves do not give is reported, not papered over.
    sqlx::query("UPDATE games SET position = $2 WHERE id = $1")
        .bind(game.id.0)
        .bind(Position::start(GameOptions::default().pie_rule(true)).to_text())
        .execute(&mut *f.service.db().write().await.unwrap())
        .await
        .unwrap();
    match f.service.record(game.id).await {
        Err(ServiceError::Internal(InternalError::Corrupt { game: id, .. })) => {
            assert_eq!(id, game.id);
        }
        other => panic!("expected a corrupt-game error, got {other:?}"),
    }
}

// ---- rematch -------------------------------------------------------------------------------

#[tokio::test]
async fn rematch_swaps_colours_and_keeps_the_options() {
    let f = Fixture::new().await;
    let mut new = challenge(&alice(), Some(&bob()));
    new.options = GameOptions::new(14, 30, false).unwrap();
    new.move_time_ms = Some(ClockChoice::OneHour.ms().unwrap());
    new.rated = false;
    let game = f.start_with(new).await;
    f.service
        .resign(bob().id, GameRef::Id(game.id), None)
        .await
        .unwrap();

    let ChallengeCreated::Pending(offer) =
        f.service.rematch(game.id, &bob(), Lang::En).await.unwrap()
    else {
        panic!("pending challenge expected")
    };
    assert_eq!(offer.challenger, bob().id);
    assert_eq!(offer.challenged, Some(alice().id));
    assert_eq!(
        offer.color,
        ColorChoice::White,
        "Bob moved second, now first"
    );
    assert_eq!(offer.options, GameOptions::new(14, 30, false).unwrap());
    assert_eq!(offer.move_time_ms, Some(3_600_000));
    assert!(!offer.rated);
    assert_eq!((offer.guild, offer.channel), (Some(GUILD), CHANNEL));
    assert_eq!(offer.rematch_of, Some(game.id));

    // One pending rematch per game, whoever asks.
    for who in [alice(), bob()] {
        assert_eq!(
            refused(f.service.rematch(game.id, &who, Lang::En).await),
            UserError::RematchPending { existing: offer.id }
        );
    }
    let again = f
        .service
        .accept_challenge(offer.id, &alice(), Lang::En)
        .await
        .unwrap()
        .game;
    assert_eq!((again.white.id, again.black.id), (bob().id, alice().id));
    assert_eq!(again.rematch_of, Some(game.id));
    assert_eq!(again.options.size(), 14);
    // While the rematch is being played, no second one.
    assert_eq!(
        refused(f.service.rematch(game.id, &alice(), Lang::En).await),
        UserError::RematchInProgress { game: again.id }
    );
    // Once it is over, the rematch of the rematch swaps back.
    f.service
        .resign(alice().id, GameRef::Id(again.id), None)
        .await
        .unwrap();
    let ChallengeCreated::Pending(back) = f
        .service
        .rematch(again.id, &alice(), Lang::En)
        .await
        .unwrap()
    else {
        panic!("pending challenge expected")
    };
    assert_eq!(
        (back.challenger, back.color),
        (alice().id, ColorChoice::White)
    );
}

#[tokio::test]
async fn rematch_refusals() {
    let f = Fixture::new().await;
    let missing = GameId(999);
    assert_eq!(
        refused(f.service.rematch(missing, &alice(), Lang::En).await),
        UserError::NoSuchGame(missing)
    );
    let active = f.start(&alice(), &bob()).await;
    assert_eq!(
        refused(f.service.rematch(active.id, &alice(), Lang::En).await),
        UserError::NotFinished {
            game: active.id,
            status: GameStatus::Active
        }
    );
    f.service
        .resign(alice().id, GameRef::Id(active.id), None)
        .await
        .unwrap();
    assert_eq!(
        refused(f.service.rematch(active.id, &carol(), Lang::En).await),
        UserError::NotParticipant { game: active.id }
    );
    // Aborted games have no result to answer: make a new challenge instead.
    let aborted = f.start(&alice(), &carol()).await;
    f.service
        .abort(carol().id, GameRef::Id(aborted.id))
        .await
        .unwrap();
    assert_eq!(
        refused(f.service.rematch(aborted.id, &alice(), Lang::En).await),
        UserError::NotFinished {
            game: aborted.id,
            status: GameStatus::Aborted
        }
    );
    // A pending ordinary challenge between the two in the channel also blocks a rematch.
    let ChallengeCreated::Pending(pending) = f
        .service
        .create_challenge(challenge(&bob(), Some(&alice())))
        .await
        .unwrap()
    else {
        panic!()
    };
    assert_eq!(
        refused(f.service.rematch(active.id, &alice(), Lang::En).await),
        UserError::DuplicateChallenge {
            existing: pending.id
        }
    );
    // The rematch offer can be declined; then another may be offered.
    f.service
        .cancel_challenge(pending.id, bob().id)
        .await
        .unwrap();
    let ChallengeCreated::Pending(offer) = f
        .service
        .rematch(active.id, &bob(), Lang::En)
        .await
        .unwrap()
    else {
        panic!()
    };
    let declined = f
        .service
        .decline_challenge(offer.id, alice().id)
        .await
        .unwrap();
    assert_eq!(declined.status, ChallengeStatus::Declined);
    f.service
        .rematch(active.id, &alice(), Lang::En)
        .await
        .unwrap();
}

#[tokio::test]
async fn rematch_after_a_pie_swap_lets_the_other_player_start() {
    let f = Fixture::new().await;
    let mut new = challenge(&alice(), Some(&bob()));
    new.options = GameOptions::default().pie_rule(true);
    let game = f.start_with(new).await;
    f.play(&alice(), game.id, "g1-g7").await.unwrap();
    f.play(&bob(), game.id, "swap").await.unwrap();
    f.service
        .resign(alice().id, GameRef::Id(game.id), None)
        .await
        .unwrap();
    // R8.1: Bob ended as White, but Alice moved first; in the rematch Bob moves first.
    let ChallengeCreated::Pending(offer) = f
        .service
        .rematch(game.id, &alice(), Lang::En)
        .await
        .unwrap()
    else {
        panic!()
    };
    assert_eq!(offer.color, ColorChoice::Black);
    assert!(offer.options.pie());
    let again = f
        .service
        .accept_challenge(offer.id, &bob(), Lang::En)
        .await
        .unwrap()
        .game;
    assert_eq!(again.white.id, bob().id);
}

#[tokio::test]
async fn rematch_against_the_computer_starts_at_once() {
    let f = Fixture::new().await;
    let mut new = challenge(&alice(), Some(&bot()));
    new.ai_level = Some(Level::Easy);
    new.move_time_ms = Some(10 * MINUTE);
    let game = f.start_against_computer(new).await;
    assert_eq!(game.white.id, alice().id);
    f.service
        .resign(alice().id, GameRef::Id(game.id), None)
        .await
        .unwrap();
    let ChallengeCreated::AiGame(again) = f
        .service
        .rematch(game.id, &alice(), Lang::En)
        .await
        .unwrap()
    else {
        panic!("AI game expected")
    };
    let again = again.game;
    assert_eq!((again.white.id, again.black.id), (BOT, alice().id));
    assert_eq!(again.ai_level, Some(Level::Easy));
    assert_eq!(again.move_time_ms, Some(10 * MINUTE));
    assert_eq!(again.rematch_of, Some(game.id));
    assert!(again.is_active() && !again.rated);
    assert_eq!(
        refused(f.service.rematch(game.id, &alice(), Lang::En).await),
        UserError::RematchInProgress { game: again.id }
    );
}

// ---- settings ------------------------------------------------------------------------------

#[tokio::test]
async fn a_players_own_colours_draw_their_boards_and_the_servers_the_rest() {
    let f = Fixture::new().await;
    let (alice, bob) = (alice().id, bob().id);
    assert_eq!(f.service.own_board_colors(alice).await.unwrap(), None);
    let server = SettingsChange {
        board_colors: Some(BoardColors::High),
        ..SettingsChange::default()
    };
    f.service.update_settings(GUILD, server).await.unwrap();
    f.service
        .choose_board_colors(alice, BoardColors::Colorblind)
        .await
        .unwrap();
    assert_eq!(
        f.service.own_board_colors(alice).await.unwrap(),
        Some(BoardColors::Colorblind)
    );
    let colors = |viewer, guild| f.service.board_colors(viewer, guild);
    // Alice's own boards, in the server or outside it; the server's public ones.
    assert_eq!(
        colors(Some(alice), Some(GUILD)).await.unwrap(),
        BoardColors::Colorblind
    );
    assert_eq!(
        colors(Some(alice), None).await.unwrap(),
        BoardColors::Colorblind
    );
    assert_eq!(colors(None, Some(GUILD)).await.unwrap(), BoardColors::High);
    // Bob never chose: the server's colours, and the bot's own outside a server.
    assert_eq!(
        colors(Some(bob), Some(GUILD)).await.unwrap(),
        BoardColors::High
    );
    assert_eq!(
        colors(Some(bob), None).await.unwrap(),
        BoardColors::Standard
    );
    // A new choice replaces the old.
    f.service
        .choose_board_colors(alice, BoardColors::Standard)
        .await
        .unwrap();
    assert_eq!(
        f.service.own_board_colors(alice).await.unwrap(),
        Some(BoardColors::Standard)
    );
}

#[tokio::test]
async fn settings_defaults_and_updates() {
    let f = Fixture::new().await;
    let defaults = f.service.settings(GUILD).await.unwrap();
    assert_eq!(
        defaults,
        GuildSettings {
            threads: false,
            default_clock: ClockChoice::OneDay,
            orientation: BoardOrientation::WhiteBottom,
            tournament_organisers: false,
            board_colors: BoardColors::Standard,
        }
    );
    let updated = f
        .service
        .update_settings(
            GUILD,
            SettingsChange {
                threads: Some(true),
                ..SettingsChange::default()
            },
        )
        .await
        .unwrap();
    assert_eq!(
        updated,
        GuildSettings {
            threads: true,
            ..defaults
        }
    );
    let updated = f
        .service
        .update_settings(
            GUILD,
            SettingsChange {
                default_clock: Some(ClockChoice::TenMinutes),
                orientation: Some(BoardOrientation::ToMove),
                board_colors: Some(BoardColors::Colorblind),
                ..SettingsChange::default()
            },
        )
        .await
        .unwrap();
    let expected = GuildSettings {
        threads: true,
        default_clock: ClockChoice::TenMinutes,
        orientation: BoardOrientation::ToMove,
        tournament_organisers: false,
        board_colors: BoardColors::Colorblind,
    };
    assert_eq!(updated, expected);
    assert_eq!(f.service.settings(GUILD).await.unwrap(), expected);
    assert_eq!(f.service.settings(OTHER_GUILD).await.unwrap(), defaults);

    // Challenges that name no clock get the server's default; naming one wins.
    let pending = |created| match created {
        ChallengeCreated::Pending(c) => c,
        ChallengeCreated::AiGame(_) => panic!("pending challenge expected"),
    };
    let c = pending(
        f.service
            .create_challenge_with_clock(challenge(&alice(), Some(&bob())), None)
            .await
            .unwrap(),
    );
    assert_eq!(c.move_time_ms, Some(10 * MINUTE));
    let c = pending(
        f.service
            .create_challenge_with_clock(
                challenge(&alice(), Some(&carol())),
                Some(ClockChoice::Unlimited),
            )
            .await
            .unwrap(),
    );
    assert_eq!(c.move_time_ms, None);
    let mut elsewhere = challenge(&bob(), Some(&carol()));
    elsewhere.guild = Some(OTHER_GUILD);
    let c = pending(
        f.service
            .create_challenge_with_clock(elsewhere, None)
            .await
            .unwrap(),
    );
    assert_eq!(c.move_time_ms, Some(24 * 60 * MINUTE));
    let mut direct = challenge(&dave(), Some(&erin()));
    direct.guild = None;
    let c = pending(
        f.service
            .create_challenge_with_clock(direct, Some(ClockChoice::ThreeDays))
            .await
            .unwrap(),
    );
    assert_eq!(c.move_time_ms, Some(3 * 24 * 60 * MINUTE));
    // The plain call keeps its exact clock (here: none), as before.
    let c = pending(
        f.service
            .create_challenge(challenge(&dave(), Some(&frank())))
            .await
            .unwrap(),
    );
    assert_eq!(c.move_time_ms, None);

    // Settings survive a restart.
    f.service.db().close().await;
    let service = service_on(&f.url, f.clock.clone()).await;
    assert_eq!(service.settings(GUILD).await.unwrap(), expected);
}

/// Its thread, as a player typing `/move` in it sees the game: the game is found from the
/// thread as from its channel, and nowhere else.
#[tokio::test]
async fn a_game_is_found_from_its_own_thread() {
    let f = Fixture::new().await;
    let game = f.start(&alice(), &bob()).await;
    let thread = ChannelId(777);
    let elsewhere = ChannelId(778);
    let in_channel = |user: &PlayerRef, channel, text: &'static str| {
        let user = user.id;
        let service = f.service.clone();
        async move {
            service
                .play(PlayRequest {
                    user,
                    game: GameRef::InChannel(channel),
                    text,
                    expected_ply: None,
                    request_key: None,
                })
                .await
        }
    };
    assert_eq!(
        refused(in_channel(&alice(), thread, "g1-g7").await),
        UserError::NoActiveGame,
        "no thread yet"
    );
    f.service
        .delivery()
        .set_game_thread(game.id, thread)
        .await
        .unwrap();
    assert_eq!(
        f.service.game(game.id).await.unwrap().place.thread,
        Some(thread)
    );
    // R5: White moves first, from the thread; Black answers from the channel.
    let played = in_channel(&alice(), thread, "g1-g7").await.unwrap();
    assert_eq!((played.game.id, played.game.ply()), (game.id, 1));
    let played = in_channel(&bob(), CHANNEL, "f12-f8").await.unwrap();
    assert_eq!(played.game.ply(), 2);
    assert_eq!(
        refused(in_channel(&alice(), elsewhere, "g7-g6").await),
        UserError::NoActiveGame
    );
    for channel in [CHANNEL, thread] {
        let listed = f
            .service
            .active_games(alice().id, Some(channel))
            .await
            .unwrap();
        assert_eq!(ids(&listed, |g| g.id), [game.id], "{channel:?}");
    }
    assert!(
        f.service
            .active_games(alice().id, Some(elsewhere))
            .await
            .unwrap()
            .is_empty()
    );
    // A second game in the same channel: from the channel both are candidates, from the
    // thread only the thread's own game.
    let other = f.start(&alice(), &carol()).await;
    assert!(matches!(
        refused(in_channel(&alice(), CHANNEL, "g7-g6").await),
        UserError::SeveralGames(games) if games.len() == 2
    ));
    let found = f
        .service
        .find_game(alice().id, GameRef::InChannel(thread))
        .await
        .unwrap();
    assert_eq!(found.id, game.id);
    assert_ne!(found.id, other.id);
    assert!(
        f.service
            .delivery()
            .set_game_thread(GameId(999_999), thread)
            .await
            .is_err(),
        "no such game"
    );
}

#[test]
fn clock_choices_and_orientation() {
    assert_eq!(
        ClockChoice::ALL.map(ClockChoice::ms),
        [
            None,
            Some(600_000),
            Some(3_600_000),
            Some(86_400_000),
            Some(259_200_000)
        ]
    );
    assert_eq!(
        ClockChoice::ALL.map(ClockChoice::as_str),
        ["none", "10m", "1h", "1d", "3d"]
    );
    assert_eq!(
        ClockChoice::ALL.map(ClockChoice::name),
        ["no clock", "10 minutes", "1 hour", "1 day", "3 days"]
    );
    assert_eq!(ClockChoice::default(), ClockChoice::OneDay);
    for choice in ClockChoice::ALL {
        assert_eq!(ClockChoice::from_ms(choice.ms()), Some(choice));
        assert_eq!(ClockChoice::from_stored(choice.as_str()), Some(choice));
    }
    assert_eq!(ClockChoice::from_ms(Some(1_234)), None);
    assert_eq!(BoardOrientation::default(), BoardOrientation::WhiteBottom);
    assert_eq!(
        BoardOrientation::WhiteBottom.bottom(Color::Black),
        Color::White
    );
    assert_eq!(BoardOrientation::ToMove.bottom(Color::Black), Color::Black);
    assert_eq!(BoardOrientation::ToMove.bottom(Color::White), Color::White);
}

#[test]
fn new_refusals_read_as_plain_english() {
    let cases = [
        (
            UserError::NotFinished {
                game: GameId(7),
                status: GameStatus::Active,
            },
            "Game #7 is not over yet; a rematch comes after the result.",
        ),
        (
            UserError::NotFinished {
                game: GameId(7),
                status: GameStatus::Aborted,
            },
            "Game #7 was aborted, so there is nothing to rematch; make a new challenge.",
        ),
        (
            UserError::RematchPending {
                existing: monkey_queen::games::ChallengeId(3),
            },
            "A rematch of this game is already waiting for an answer (challenge #3).",
        ),
        (
            UserError::RematchInProgress { game: GameId(8) },
            "The rematch of this game is already being played (game #8).",
        ),
        (
            UserError::NoSuchPage {
                page: 4,
                total_pages: 2,
            },
            "There is no page 5 of this list (it ends at page 2).",
        ),
    ];
    for (error, text) in cases {
        assert_eq!(Lang::En.text(&Msg::Refused(&error)), text);
    }
}

// ---- announcements (the outbox) ------------------------------------------------------------

/// The reminders due now and the games lost on time, as announcements.
async fn due(f: &Fixture) -> Vec<Announcement> {
    f.service.due_reminders().await.unwrap();
    f.service.apply_timeouts().await.unwrap();
    claim_all(&f.service).await
}

/// Every announcement due now that `service` is handed, claimed one after another.
async fn claim_all(service: &GameService) -> Vec<Announcement> {
    let mut claimed = Vec::new();
    while let Some(announcement) = service.delivery().next_announcement().await.unwrap() {
        claimed.push(announcement);
    }
    claimed
}

/// What each announcement is about, as a word and a game.
fn about(due: &[Announcement]) -> Vec<(&'static str, GameId)> {
    due.iter()
        .map(|a| match &a.what {
            Announced::Reminder(g) => ("reminder", g.id),
            Announced::Timeout(g) => ("timeout", g.id),
            Announced::Started(g) => ("started", g.id),
            Announced::Board(g) => ("board", g.id),
            Announced::Expired(c) => ("expired", GameId(c.id.0)),
            Announced::Round { tournament, .. } | Announced::Final(tournament) => {
                ("tournament", GameId(tournament.tournament.id.0))
            }
            Announced::End(g) => ("end", g.id),
            Announced::Aborted { game, .. } => ("aborted", game.id),
            Announced::CalledOff { game, .. } => ("called off", game.id),
            Announced::Offer { of, .. } => ("offer", *of),
            Announced::Daily { puzzle, .. } => ("daily", GameId(puzzle.id.0)),
        })
        .collect()
}

#[tokio::test]
async fn a_reminder_and_a_loss_on_time_are_each_handed_out_once_until_reported_delivered() {
    let f = Fixture::new().await;
    let game = timed(&f, &bob(), 10 * MINUTE).await;
    assert!(due(&f).await.is_empty());
    f.clock.advance(8 * MINUTE);
    let reminder = due(&f).await;
    assert_eq!(about(&reminder), [("reminder", game)]);
    assert_eq!(reminder[0].attempt, 1);
    let Announced::Reminder(view) = &reminder[0].what else {
        unreachable!()
    };
    assert_eq!(view.to_move, Some(alice().id));
    // Handed to one deliverer: nobody else gets it while it works on it.
    assert!(due(&f).await.is_empty());
    f.service
        .delivery()
        .announced(reminder[0].id)
        .await
        .unwrap();
    assert_eq!(
        f.service.delivery().pending_announcements().await.unwrap(),
        0
    );

    f.clock.advance(2 * MINUTE);
    let timeout = due(&f).await;
    assert_eq!(about(&timeout), [("timeout", game)]);
    let Announced::Timeout(view) = &timeout[0].what else {
        unreachable!()
    };
    assert_eq!(view.result.unwrap().reason, EndReason::Timeout);
    f.service.delivery().announced(timeout[0].id).await.unwrap();
    f.clock.advance(DELIVERY_LEASE_MS * 10);
    assert!(due(&f).await.is_empty(), "delivered means done");
}

#[tokio::test]
async fn a_failed_announcement_is_retried_with_growing_waits_then_given_up() {
    let f = Fixture::new().await;
    let game = timed(&f, &bob(), 10 * MINUTE).await;
    f.clock.advance(10 * MINUTE);
    let mut attempt = 0;
    let mut waits = Vec::new();
    loop {
        let handed = due(&f).await;
        assert_eq!(about(&handed), [("timeout", game)]);
        attempt += 1;
        assert_eq!(handed[0].attempt, attempt);
        match f
            .service
            .delivery()
            .announcement_failed(handed[0].id, attempt)
            .await
            .unwrap()
        {
            Retried::At(at) => {
                let wait = at - f.service.now_ms();
                assert_eq!(wait, retry_delay_ms(attempt));
                f.clock.advance(wait - 1);
                assert!(due(&f).await.is_empty(), "not before its time");
                f.clock.advance(1);
                waits.push(wait);
            }
            Retried::GivenUp => break,
        }
    }
    assert_eq!(attempt, MAX_ATTEMPTS);
    assert!(waits.windows(2).all(|w| w[0] < w[1]), "{waits:?}");
    assert_eq!(
        f.service.delivery().pending_announcements().await.unwrap(),
        0
    );
}

/// A deliverer that dies with an announcement (a crash, a SIGKILL) leaves it claimed: once
/// the lease runs out, the next process hands it out again.
#[tokio::test]
async fn an_announcement_its_deliverer_never_reported_on_is_handed_out_again_after_a_restart() {
    let f = Fixture::new().await;
    let game = timed(&f, &bob(), 10 * MINUTE).await;
    f.clock.advance(8 * MINUTE);
    assert_eq!(about(&due(&f).await), [("reminder", game)]);
    f.service.db().close().await;

    let service = service_on(&f.url, f.clock.clone()).await;
    assert!(claim_all(&service).await.is_empty());
    f.clock.advance(DELIVERY_LEASE_MS);
    let again = claim_all(&service).await;
    assert_eq!(about(&again), [("reminder", game)]);
    assert_eq!(again[0].attempt, 2);
}

#[tokio::test]
async fn a_reminder_for_a_ply_already_played_is_dropped() {
    let f = Fixture::new().await;
    let game = timed(&f, &bob(), 10 * MINUTE).await;
    f.clock.advance(8 * MINUTE);
    f.service.due_reminders().await.unwrap();
    assert_eq!(
        f.service.delivery().pending_announcements().await.unwrap(),
        1
    );
    // Alice moves before the reminder is delivered: it no longer needs saying.
    f.play(&alice(), game, "g1-g6").await.unwrap();
    assert!(claim_all(&f.service).await.is_empty());
    assert_eq!(
        f.service.delivery().pending_announcements().await.unwrap(),
        0
    );
}

/// A move played for `user` whose board nobody reports delivered (the bot died after the
/// move, or Discord took neither the answer nor the post).
async fn play_unreported(
    f: &Fixture,
    user: &PlayerRef,
    game: GameId,
    text: &str,
) -> monkey_queen::games::MovePlayed {
    f.service
        .play(PlayRequest {
            user: user.id,
            game: GameRef::Id(game),
            text,
            expected_ply: None,
            request_key: None,
        })
        .await
        .unwrap()
}

/// The game's view in a board announcement (a move's or a first board).
fn board_view(announcement: &Announcement) -> &monkey_queen::games::GameView {
    match &announcement.what {
        Announced::Board(view) | Announced::Started(view) => view,
        other => panic!("a board was expected: {other:?}"),
    }
}

/// A person's move owes the opponent its board from the move's own transaction: once the
/// bot reports it delivered it is done, and it is never handed out.
#[tokio::test]
async fn a_moves_board_is_owed_until_reported_delivered() {
    let f = Fixture::new().await;
    let game = f.start(&alice(), &bob()).await;
    assert_eq!(
        f.service.delivery().pending_announcements().await.unwrap(),
        0
    );
    let played = play_unreported(&f, &alice(), game.id, "g1-g6").await;
    let board = played.announcement.expect("the move's board is owed");
    assert_eq!(
        f.service.delivery().pending_announcements().await.unwrap(),
        1
    );
    assert!(
        claim_all(&f.service).await.is_empty(),
        "not within its grace"
    );
    f.service.delivery().announced(board).await.unwrap();
    assert_eq!(
        f.service.delivery().pending_announcements().await.unwrap(),
        0
    );
    f.clock.advance(BOARD_GRACE_MS * 10);
    assert!(
        claim_all(&f.service).await.is_empty(),
        "delivered means done"
    );
}

/// A move's board nobody reported is handed out once its grace is over: the board after that
/// move, which tells the opponent it is their turn.
#[tokio::test]
async fn a_moves_board_not_reported_is_handed_out_after_its_grace() {
    let f = Fixture::new().await;
    let game = f.start(&alice(), &bob()).await;
    let played = play_unreported(&f, &alice(), game.id, "g1-g6").await;
    let board = played.announcement.unwrap();
    f.clock.advance(BOARD_GRACE_MS - 1);
    assert!(
        claim_all(&f.service).await.is_empty(),
        "not before its grace"
    );
    f.clock.advance(1);
    let handed = claim_all(&f.service).await;
    assert_eq!(about(&handed), [("board", game.id)]);
    assert_eq!((handed[0].id, handed[0].attempt), (board, 1));
    let view = board_view(&handed[0]);
    assert_eq!(view.ply(), 1);
    assert_eq!(
        view.last_move.map(|m| m.to_string()).as_deref(),
        Some("g1-g6")
    );
    assert_eq!(view.to_move, Some(bob().id));
    f.service.delivery().announced(board).await.unwrap();
    assert_eq!(
        f.service.delivery().pending_announcements().await.unwrap(),
        0
    );
}

/// A move's board goes stale once the game has moved on: another move (whose own board says
/// more), or a resignation, which is answered by its own board.
#[tokio::test]
async fn a_moves_board_is_dropped_once_a_later_move_or_a_resignation_overtakes_it() {
    let f = Fixture::new().await;
    let game = f.start(&alice(), &bob()).await;
    play_unreported(&f, &alice(), game.id, "g1-g6").await;
    let bobs = play_unreported(&f, &bob(), game.id, "f12-f7").await;
    assert_eq!(
        f.service.delivery().pending_announcements().await.unwrap(),
        2
    );
    f.clock.advance(BOARD_GRACE_MS);
    let handed = claim_all(&f.service).await;
    assert_eq!(about(&handed), [("board", game.id)]);
    assert_eq!(handed[0].id, bobs.announcement.unwrap());
    assert_eq!(board_view(&handed[0]).ply(), 2);
    f.service.delivery().announced(handed[0].id).await.unwrap();
    assert_eq!(
        f.service.delivery().pending_announcements().await.unwrap(),
        0
    );

    play_unreported(&f, &alice(), game.id, "g6-g5").await;
    let resigned = f
        .service
        .resign(bob().id, GameRef::Id(game.id), None)
        .await
        .unwrap();
    f.clock.advance(BOARD_GRACE_MS);
    // The resignation's own board is what is owed now, not the move's.
    let handed = claim_all(&f.service).await;
    assert_eq!(about(&handed), [("end", game.id)]);
    assert_eq!(Some(handed[0].id), resigned.announcement);
    f.service.delivery().announced(handed[0].id).await.unwrap();
    assert_eq!(
        f.service.delivery().pending_announcements().await.unwrap(),
        0
    );
}

/// A game ended beside the board owes the chat its end from the transaction that ends it: a
/// resignation, a claimed win and a claim on time their result board, an abort and a call-off
/// a board saying who ended it. One the caller reports delivered is done; one nobody reported
/// is handed out after its grace. A game played on its web page owes nothing: its page shows
/// the end.
#[tokio::test]
async fn a_games_end_beside_the_board_is_owed_until_reported_delivered() {
    let f = Fixture::new().await;
    let elsewhere =
        |n: u64, new: monkey_queen::games::NewChallenge| monkey_queen::games::NewChallenge {
            channel: ChannelId(700 + n),
            ..new
        };
    let reported = f.start(&alice(), &bob()).await;
    let aborted = f
        .start_with(elsewhere(1, challenge(&carol(), Some(&dave()))))
        .await;
    let called_off = f
        .start_with(elsewhere(2, challenge(&erin(), Some(&frank()))))
        .await;
    let claimed = f
        .start_with(elsewhere(3, challenge(&bob(), Some(&carol()))))
        .await;
    let on_time = f
        .start_with(monkey_queen::games::NewChallenge {
            move_time_ms: Some(10 * MINUTE),
            ..elsewhere(4, challenge(&dave(), Some(&erin())))
        })
        .await;
    let mut web = elsewhere(5, challenge(&frank(), Some(&alice())));
    web.reach = monkey_queen::games::Reach::Web;
    let web = f.start_with(web).await;
    f.clock.advance(monkey_queen::games::ABANDON_AFTER_MS);

    let ended = f
        .service
        .resign(bob().id, GameRef::Id(reported.id), None)
        .await
        .unwrap();
    let owed = ended.announcement.expect("the result board is owed");
    assert_eq!(
        f.service.delivery().pending_announcements().await.unwrap(),
        1
    );
    f.service.delivery().announced(owed).await.unwrap();
    assert_eq!(
        f.service.delivery().pending_announcements().await.unwrap(),
        0
    );

    let ended = [
        f.service
            .abort(dave().id, GameRef::Id(aborted.id))
            .await
            .unwrap(),
        f.service
            .claim_abandoned(
                frank().id,
                called_off.id,
                0,
                monkey_queen::games::Claim::CallOff,
            )
            .await
            .unwrap(),
        f.service
            .claim_abandoned(carol().id, claimed.id, 0, monkey_queen::games::Claim::Win)
            .await
            .unwrap(),
        f.service
            .claim_timeout(erin().id, GameRef::Id(on_time.id))
            .await
            .unwrap(),
    ];
    let web_end = f
        .service
        .resign(alice().id, GameRef::Id(web.id), None)
        .await
        .unwrap();
    assert_eq!(web_end.announcement, None);
    assert!(
        claim_all(&f.service).await.is_empty(),
        "not within its grace"
    );
    f.clock.advance(BOARD_GRACE_MS);
    let handed = claim_all(&f.service).await;
    assert_eq!(
        about(&handed),
        [
            ("aborted", aborted.id),
            ("called off", called_off.id),
            ("end", claimed.id),
            ("end", on_time.id),
        ]
    );
    for (announcement, ended) in handed.iter().zip(&ended) {
        assert_eq!(Some(announcement.id), ended.announcement);
    }
    let Announced::Aborted { game, by } = &handed[0].what else {
        unreachable!()
    };
    assert_eq!((game.status, *by), (GameStatus::Aborted, dave().id));
    let Announced::CalledOff { game, by } = &handed[1].what else {
        unreachable!()
    };
    assert_eq!((game.status, *by), (GameStatus::Aborted, frank().id));
    let reasons: Vec<_> = handed[2..]
        .iter()
        .map(|a| match &a.what {
            Announced::End(game) => game.result.map(|r| (r.reason, r.winner_id)),
            other => panic!("a result board: {other:?}"),
        })
        .collect();
    assert_eq!(
        reasons,
        [
            Some((EndReason::Abandoned, carol().id)),
            Some((EndReason::Timeout, erin().id))
        ]
    );
}

/// The move that ends a game owes its result board to the loser like any other move's.
#[tokio::test]
async fn the_board_of_the_move_that_ends_the_game_is_owed_too() {
    let f = Fixture::new().await;
    let game = f.start(&alice(), &bob()).await;
    f.play(&alice(), game.id, QUEEN_CAPTURE[0]).await.unwrap();
    f.play(&bob(), game.id, QUEEN_CAPTURE[1]).await.unwrap();
    let last = play_unreported(&f, &alice(), game.id, QUEEN_CAPTURE[2]).await;
    assert!(last.game.result.is_some());
    f.clock.advance(BOARD_GRACE_MS);
    let handed = claim_all(&f.service).await;
    assert_eq!(about(&handed), [("board", game.id)]);
    assert_eq!(handed[0].id, last.announcement.unwrap());
    let view = board_view(&handed[0]);
    assert_eq!(view.result.unwrap().reason, EndReason::QueenCaptured);
    assert_eq!(view.ply(), 3);
}

/// Every game that starts owes its first board, which tells White it is their move, from the
/// transaction that starts it: an accepted challenge, an open challenge taken, a rematch, and
/// a game against the computer. One reported delivered is done; one nobody reported is handed
/// out after its grace as the game's start; one whose game has moved on meanwhile is dropped.
#[tokio::test]
async fn every_new_games_first_board_is_owed_until_reported_delivered() {
    let f = Fixture::new().await;
    let start = |new| async {
        let ChallengeCreated::Pending(c) = f.service.create_challenge(new).await.unwrap() else {
            panic!("a pending challenge was expected");
        };
        c
    };
    // Reported: done.
    let c = start(challenge(&alice(), Some(&bob()))).await;
    let reported = f
        .service
        .accept_challenge(c.id, &bob(), Lang::En)
        .await
        .unwrap();
    assert_eq!(
        f.service.delivery().pending_announcements().await.unwrap(),
        1
    );
    f.service
        .delivery()
        .announced(reported.announcement)
        .await
        .unwrap();
    assert_eq!(
        f.service.delivery().pending_announcements().await.unwrap(),
        0
    );

    // Not reported: a challenge accepted, an open one taken, a rematch, the computer's.
    let mut channel = ChannelId(600);
    let mut elsewhere = |new: monkey_queen::games::NewChallenge| {
        channel = ChannelId(channel.0 + 1);
        monkey_queen::games::NewChallenge { channel, ..new }
    };
    let c = start(elsewhere(challenge(&carol(), Some(&dave())))).await;
    let accepted = f
        .service
        .accept_challenge(c.id, &dave(), Lang::En)
        .await
        .unwrap();
    let c = start(elsewhere(challenge(&erin(), None))).await;
    let open = f
        .service
        .accept_challenge(c.id, &frank(), Lang::En)
        .await
        .unwrap();
    let resigned = f
        .service
        .resign(bob().id, GameRef::Id(reported.game.id), None)
        .await
        .unwrap();
    f.service
        .delivery()
        .announced(resigned.announcement.unwrap())
        .await
        .unwrap();
    let ChallengeCreated::Pending(offer) = f
        .service
        .rematch(reported.game.id, &alice(), Lang::En)
        .await
        .unwrap()
    else {
        panic!("a rematch offer was expected");
    };
    let rematch = f
        .service
        .accept_challenge(offer.id, &bob(), Lang::En)
        .await
        .unwrap();
    let mut against = elsewhere(challenge(&alice(), Some(&bot())));
    against.ai_level = Some(Level::Easy);
    let ChallengeCreated::AiGame(computer) = f.service.create_challenge(against).await.unwrap()
    else {
        panic!("a game against the computer was expected");
    };
    // And one whose White moves before the board is handed out: it goes stale.
    let c = start(elsewhere(challenge(&dave(), Some(&erin())))).await;
    let moved_on = f
        .service
        .accept_challenge(c.id, &erin(), Lang::En)
        .await
        .unwrap();
    f.play(&dave(), moved_on.game.id, "g1-g6").await.unwrap();

    let started = [&accepted, &open, &rematch, &*computer];
    assert_eq!(
        f.service.delivery().pending_announcements().await.unwrap(),
        5
    );
    assert!(
        claim_all(&f.service).await.is_empty(),
        "not within its grace"
    );
    f.clock.advance(BOARD_GRACE_MS);
    let handed = claim_all(&f.service).await;
    let expected: Vec<_> = started.iter().map(|s| ("started", s.game.id)).collect();
    assert_eq!(about(&handed), expected);
    for (announcement, started) in handed.iter().zip(started) {
        assert_eq!(announcement.id, started.announcement);
        let view = board_view(announcement);
        assert_eq!(view.ply(), 0);
        assert_eq!(view.to_move, Some(view.white.id));
        f.service
            .delivery()
            .announced(announcement.id)
            .await
            .unwrap();
    }
    assert_eq!(
        f.service.delivery().pending_announcements().await.unwrap(),
        0
    );
}

/// In a game against the computer, its move owes the board the person answers, handed out
/// after its grace if the process that played it never reports; a person's move whose reply
/// is the computer's owes nothing (the computer's turn is owed in the database, and its board
/// shows both moves), and the computer's board goes stale once the person has answered it.
#[tokio::test]
async fn the_computers_move_owes_its_board_and_a_move_it_answers_owes_none() {
    let f = Fixture::new().await;
    let mut new = challenge(&carol(), Some(&bot()));
    new.color = ColorChoice::Black;
    let game = f.start_against_computer(new).await;
    let played = play_unreported(&f, &bot(), game.id, "g1-g6").await;
    let first = played.announcement.expect("the computer's board is queued");
    assert!(claim_all(&f.service).await.is_empty());
    f.clock.advance(BOARD_GRACE_MS);
    let handed = claim_all(&f.service).await;
    assert_eq!(about(&handed), [("board", game.id)]);
    assert_eq!(handed[0].id, first);
    assert_eq!(
        board_view(&handed[0])
            .last_move
            .map(|m| m.to_string())
            .as_deref(),
        Some("g1-g6")
    );
    f.service.delivery().announced(first).await.unwrap();

    let carols = play_unreported(&f, &carol(), game.id, "f12-f7").await;
    assert_eq!(carols.announcement, None);
    let second = play_unreported(&f, &bot(), game.id, "g6-g5").await;
    assert!(second.announcement.is_some());
    play_unreported(&f, &carol(), game.id, "f7-f8").await;
    f.clock.advance(BOARD_GRACE_MS);
    assert!(claim_all(&f.service).await.is_empty());
    assert_eq!(
        f.service.delivery().pending_announcements().await.unwrap(),
        0
    );
}

/// Two processes asking at once: each announcement is handed to one of them.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_deliverers_never_get_the_same_announcement() {
    let f = Fixture::new().await;
    let other = service_on(&f.url, f.clock.clone()).await;
    let mut games = Vec::new();
    for i in 0..12u64 {
        let white = PlayerRef::new(UserId(1_000 + i), format!("white {i}"));
        let black = PlayerRef::new(UserId(2_000 + i), format!("black {i}"));
        let mut new = challenge(&white, Some(&black));
        new.move_time_ms = Some(MINUTE);
        games.push(f.start_with(new).await.id);
    }
    f.clock.advance(MINUTE);
    f.service.apply_timeouts().await.unwrap();
    let mut tasks = Vec::new();
    for _ in 0..3 {
        for service in [f.service.clone(), other.clone()] {
            tasks.push(tokio::spawn(async move { claim_all(&service).await }));
        }
    }
    let mut handed: HashMap<GameId, u32> = HashMap::new();
    for task in tasks {
        for (_, game) in about(&task.await.unwrap()) {
            *handed.entry(game).or_default() += 1;
        }
    }
    for game in &games {
        assert_eq!(handed.get(game), Some(&1), "game {game}");
    }
}

/// A process delivers its announcements one after another, each with retries taking some
/// seconds, and one delivery may outlast its lease. Another process sweeping then takes up
/// the one whose lease lapsed, but not those the first has yet to start: each is claimed only
/// as its delivery begins, so none of them is delivered twice. (When one sweep claimed its
/// whole batch at once, the lease on the rest lapsed with the first, and both processes
/// delivered them.)
#[tokio::test]
async fn what_a_slow_deliverer_has_not_started_is_not_delivered_by_another_process_too() {
    let f = Fixture::new().await;
    let other = service_on(&f.url, f.clock.clone()).await;
    let games = [
        timed(&f, &bob(), 10 * MINUTE).await,
        timed(&f, &carol(), 10 * MINUTE).await,
        timed(&f, &dave(), 10 * MINUTE).await,
    ];
    f.clock.advance(10 * MINUTE);
    f.service.apply_timeouts().await.unwrap();

    // The first process starts on the oldest, and spends longer than its lease on it.
    let slow = f
        .service
        .delivery()
        .next_announcement()
        .await
        .unwrap()
        .unwrap();
    assert_eq!(about(std::slice::from_ref(&slow)), [("timeout", games[0])]);
    f.clock.advance(DELIVERY_LEASE_MS + 1);
    // The second sweeps meanwhile: the two nobody had started, then the lapsed one again.
    let theirs = claim_all(&other).await;
    assert_eq!(
        about(&theirs),
        [
            ("timeout", games[1]),
            ("timeout", games[2]),
            ("timeout", games[0])
        ]
    );
    let attempts: Vec<u32> = theirs.iter().map(|a| a.attempt).collect();
    assert_eq!(attempts, [1, 1, 2]);
    // The first reports its slow delivery and goes on to its next: the rest are the
    // second's now.
    f.service.delivery().announced(slow.id).await.unwrap();
    let ours = claim_all(&f.service).await;
    let both: Vec<_> = ours
        .iter()
        .filter(|a| theirs.iter().any(|t| t.id == a.id))
        .map(|a| a.id)
        .collect();
    assert!(both.is_empty(), "delivered by both processes: {both:?}");
    for delivered in &theirs {
        other.delivery().announced(delivered.id).await.unwrap();
    }
    assert_eq!(
        f.service.delivery().pending_announcements().await.unwrap(),
        0
    );
}
