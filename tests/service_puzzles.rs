//! Puzzles in the game service: a puzzle near the player's rating, right and wrong moves,
//! giving up, ratings and streaks, the daily puzzle with its tries and solvers, daily posts
//! owed once a day in the outbox, the starter set, two clicks at once, and the search of
//! finished games for puzzles (a queue claimed in the database).

#[allow(dead_code)] // each test binary uses its own subset of the fixtures
mod common;

use common::*;
use monkey_queen::games::{
    Announced, Background, ChannelId, Day, GameId, GameService, GuildId, Lang, MINING_CLAIMS,
    MINING_LEASE_MS, MiningDepth, MiningOutcome, PuzzleAnswer, PuzzleId, PuzzleMiner, PuzzleSearch,
    PuzzleView, Result, ServiceError, UserError, read_puzzle_lines,
};
use monkey_queen_core::puzzle::Puzzle;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// The refusal a call ended with; panics on success or an internal error.
fn refused<T: std::fmt::Debug>(result: Result<T>) -> UserError {
    match result {
        Err(ServiceError::User(e)) => e,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// White's baby on d4 takes the queen on j10: one move (rated 1000 + 350).
const ONE_MOVE: &str = "12/1b8b1/9q2/12/12/12/12/12/3B8/2B9/12/6Q5 w 12 12 40 20 - | d4xj10 | \
                        queen-capture,baby-takes-queen,one-move | 1000 | 40 example";
/// A trapped queen from self-play: three plies, two of them White's (rated 1500 + 350).
const THREE_PLIES: &str = "12/9b2/1b9b/12/9q2/6B5/B11/1Bbb5b1b/6B5/5b6/1Q10/4B3B1B1 w 8 10 36 20 - \
                           | i1-i9 b10xb5 i9xj8 | queen-capture,trapped-queen,baby-takes-queen,\
                           quiet-move,short | 1500 | 36 self-play easy 5";

fn puzzles() -> Vec<Puzzle> {
    [ONE_MOVE, THREE_PLIES]
        .iter()
        .map(|line| line.parse().unwrap())
        .collect()
}

async fn with_puzzles() -> Fixture {
    let f = Fixture::new().await;
    assert_eq!(f.service.puzzles().add(&puzzles(), None).await.unwrap(), 2);
    assert_eq!(
        f.service.puzzles().add(&puzzles(), None).await.unwrap(),
        0,
        "a position is stored once"
    );
    f
}

/// A legal move of `view`'s position that is not the solution's and wins nothing at once.
fn wrong_move(view: &PuzzleView, solution: &[monkey_queen_core::Move]) -> String {
    view.position
        .legal_moves()
        .into_iter()
        .find(|mv| {
            let mut after = view.position.clone();
            after.play_unchecked(*mv);
            Some(mv) != solution.first() && !after.is_game_over()
        })
        .unwrap()
        .to_string()
}

/// The daily puzzle's day written `YYYY-MM-DD`.
fn day(text: &str) -> Option<Day> {
    Some(text.parse().unwrap())
}

fn play(view: &PuzzleView) -> (monkey_queen::games::PuzzleId, Option<Day>, Option<u32>) {
    (view.id, view.day, Some(view.step()))
}

#[tokio::test]
async fn a_puzzle_is_solved_move_by_move_and_rates_both_sides() {
    let f = with_puzzles().await;
    // A newcomer (1500) gets the nearest puzzle: the one rated 1350, then asking again
    // gives the same open puzzle.
    let first = f.service.puzzles().next(&alice()).await.unwrap();
    assert_eq!(first.rating, 1350.0);
    assert_eq!((first.solver_moves, first.step()), (1, 0));
    assert_eq!(f.service.puzzles().next(&alice()).await.unwrap(), first);
    let (id, day, step) = play(&first);
    let solved = f
        .service
        .puzzles()
        .play(alice().id, id, day, "d4xj10", step)
        .await
        .unwrap();
    let PuzzleAnswer::Solved { rating, puzzle, .. } = solved else {
        panic!("solved expected: {solved:?}");
    };
    let change = rating.unwrap();
    assert!(change.after > change.before, "{change:?}");
    assert!(puzzle.position.is_game_over());
    assert_eq!(
        refused(
            f.service
                .puzzles()
                .play(alice().id, id, None, "d4xj10", None)
                .await
        ),
        UserError::PuzzleOver(id)
    );
    let stats = f.service.puzzles().stats(alice().id).await.unwrap();
    assert_eq!((stats.solved, stats.failed, stats.streak), (1, 0, 1));
    assert_eq!(stats.rating, change.after);
    let (after, _) = f.service.puzzles().get(id).await.unwrap();
    assert!(after.rating < 1500.0, "the puzzle lost: {}", after.rating);

    // The next is the other one, of three plies: a right move gets the reply.
    let second = f.service.puzzles().next(&alice()).await.unwrap();
    assert_ne!(second.id, id);
    let (id, day, step) = play(&second);
    let right = f
        .service
        .puzzles()
        .play(alice().id, id, day, "i1i9", step)
        .await
        .unwrap();
    let PuzzleAnswer::Right { puzzle, reply, .. } = right else {
        panic!("right expected: {right:?}");
    };
    assert_eq!(reply.to_string(), "b10xb5");
    assert_eq!(puzzle.step(), 2);
    assert_eq!(
        refused(
            f.service
                .puzzles()
                .play(alice().id, id, None, "i9xj8", Some(0))
                .await
        ),
        UserError::PositionChanged,
        "a stale button"
    );
    let done = f
        .service
        .puzzles()
        .play(alice().id, id, None, "i9xj8", Some(2))
        .await
        .unwrap();
    assert!(matches!(done, PuzzleAnswer::Solved { .. }), "{done:?}");
    assert_eq!(
        f.service.puzzles().stats(alice().id).await.unwrap().streak,
        2
    );
    assert_eq!(
        refused(f.service.puzzles().next(&alice()).await),
        UserError::NoPuzzles,
        "every puzzle had"
    );
}

#[tokio::test]
async fn a_wrong_move_fails_with_the_solution_and_an_illegal_one_changes_nothing() {
    let f = with_puzzles().await;
    let view = f.service.puzzles().next(&bob()).await.unwrap();
    let (id, day, step) = play(&view);
    assert!(matches!(
        refused(
            f.service
                .puzzles()
                .play(bob().id, id, day, "a1a2", step)
                .await
        ),
        UserError::Illegal(_)
    ));
    assert_eq!(
        f.service
            .puzzles()
            .attempt(bob().id, id, None)
            .await
            .unwrap(),
        view
    );
    let wrong = f
        .service
        .puzzles()
        .play(bob().id, id, day, "g1g2", step)
        .await
        .unwrap();
    let PuzzleAnswer::Wrong {
        solution,
        rating,
        retry,
        ..
    } = wrong
    else {
        panic!("wrong expected: {wrong:?}");
    };
    assert_eq!(solution[0].to_string(), "d4xj10");
    assert!(!retry);
    let change = rating.unwrap();
    assert!(change.after < change.before);
    let stats = f.service.puzzles().stats(bob().id).await.unwrap();
    assert_eq!((stats.solved, stats.failed, stats.streak), (0, 1, 0));

    // Giving up the next one shows the rest of its line.
    let next = f.service.puzzles().next(&bob()).await.unwrap();
    let (_, rest, rating) = f
        .service
        .puzzles()
        .give_up(bob().id, next.id, None, Some(0))
        .await
        .unwrap();
    assert_eq!(rest.len(), 3);
    assert!(rating.is_some());
    assert_eq!(f.service.puzzles().stats(bob().id).await.unwrap().failed, 2);
}

#[tokio::test]
async fn the_daily_puzzle_is_the_same_for_everyone_tried_again_and_unrated() {
    let f = with_puzzles().await;
    let a = f.service.puzzles().daily(&alice()).await.unwrap();
    let b = f.service.puzzles().daily(&bob()).await.unwrap();
    assert_eq!(a.id, b.id);
    assert_eq!(a.day, day("2023-11-14"));
    let first = a.played.is_empty().then(|| a.clone()).unwrap();
    let solution = f.service.puzzles().get(a.id).await.unwrap().1;
    // Alice errs once, then solves it; Bob solves it at once, after her.
    let wrong = f
        .service
        .puzzles()
        .play(alice().id, a.id, a.day, &wrong_move(&a, &solution), Some(0))
        .await
        .unwrap();
    assert!(matches!(
        wrong,
        PuzzleAnswer::Wrong {
            retry: true,
            rating: None,
            ..
        }
    ));
    for (who, moves) in [(alice(), &solution), (bob(), &solution)] {
        let mut step = 0;
        for (i, mv) in moves.iter().enumerate().step_by(2) {
            let answer = f
                .service
                .puzzles()
                .play(who.id, a.id, first.day, &mv.to_string(), Some(step))
                .await
                .unwrap();
            step += 2;
            if i + 1 == moves.len() {
                assert!(matches!(answer, PuzzleAnswer::Solved { rating: None, .. }));
            }
        }
        f.clock.advance(1_000);
    }
    let solvers = f.service.puzzles().daily_solvers().await.unwrap();
    let board: Vec<_> = solvers.iter().map(|s| (s.user, s.tries)).collect();
    assert_eq!(board, [(alice().id, 1), (bob().id, 0)]);
    assert_eq!(
        f.service.puzzles().stats(alice().id).await.unwrap().solved,
        0,
        "the daily puzzle is unrated"
    );
    // The next day has its own.
    f.clock.advance(86_400_000);
    let tomorrow = f.service.puzzles().daily(&alice()).await.unwrap();
    assert_eq!(tomorrow.day, day("2023-11-15"));
    assert_ne!(tomorrow.id, a.id);
}

/// Each server's daily post is owed once a day, by one process, in the outbox: handed out as
/// the day's puzzle in the server's channel and language, and dropped once its day is over
/// (the next day's is owed on its own).
#[tokio::test]
async fn each_servers_daily_post_is_owed_once_a_day_and_handed_out_that_day() {
    let f = with_puzzles().await;
    let (g1, g2) = (GuildId(1), GuildId(2));
    f.service
        .puzzles()
        .set_channel(g1, Some((ChannelId(11), Lang::Fr)))
        .await
        .unwrap();
    f.service
        .puzzles()
        .set_channel(g2, Some((ChannelId(22), Lang::En)))
        .await
        .unwrap();
    f.service.puzzles().set_channel(g2, None).await.unwrap();
    let other = service_on(&f.url, f.clock.clone()).await;
    let (here, there) = (f.service.puzzles(), other.puzzles());
    let (here, there) = tokio::join!(here.queue_daily_posts(), there.queue_daily_posts());
    let mut queued = here.unwrap();
    queued.extend(there.unwrap());
    assert_eq!(
        queued,
        [(g1, ChannelId(11), Lang::Fr)],
        "once, by one process"
    );
    assert!(
        f.service
            .puzzles()
            .queue_daily_posts()
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        f.service.delivery().pending_announcements().await.unwrap(),
        1
    );

    let post = f
        .service
        .delivery()
        .next_announcement()
        .await
        .unwrap()
        .unwrap();
    let Announced::Daily {
        channel,
        lang,
        puzzle,
        ..
    } = &post.what
    else {
        panic!("the daily post: {:?}", post.what)
    };
    assert_eq!((*channel, *lang), (ChannelId(11), Lang::Fr));
    assert_eq!(puzzle.day, day("2023-11-14"));
    let today = f.service.puzzles().daily(&alice()).await.unwrap();
    assert_eq!(puzzle.id, today.id, "the puzzle everyone is given today");
    assert!(puzzle.played.is_empty());

    // Its deliverer died; the next day it is stale, and that day's post is owed instead.
    f.clock.advance(86_400_000);
    assert!(
        f.service
            .delivery()
            .next_announcement()
            .await
            .unwrap()
            .is_none()
    );
    assert_eq!(
        f.service.delivery().pending_announcements().await.unwrap(),
        0
    );
    assert_eq!(
        f.service.puzzles().queue_daily_posts().await.unwrap().len(),
        1
    );
    let post = f
        .service
        .delivery()
        .next_announcement()
        .await
        .unwrap()
        .unwrap();
    let Announced::Daily { puzzle, .. } = &post.what else {
        panic!("the daily post: {:?}", post.what)
    };
    assert_eq!(puzzle.day, day("2023-11-15"));
    // A server that no longer wants it is not posted to.
    f.service
        .delivery()
        .announcement_failed(post.id, post.attempt)
        .await
        .unwrap();
    f.service.puzzles().set_channel(g1, None).await.unwrap();
    f.clock.advance(monkey_queen::games::retry_delay_ms(1));
    assert!(
        f.service
            .delivery()
            .next_announcement()
            .await
            .unwrap()
            .is_none()
    );
    assert_eq!(
        f.service.delivery().pending_announcements().await.unwrap(),
        0
    );
}

#[tokio::test]
async fn two_clicks_at_once_apply_one_move() {
    let f = with_puzzles().await;
    let view = f.service.puzzles().next(&carol()).await.unwrap();
    let other = service_on(&f.url, f.clock.clone()).await;
    let (here, there) = (f.service.puzzles(), other.puzzles());
    let (a, b) = tokio::join!(
        here.play(carol().id, view.id, None, "d4xj10", Some(0)),
        there.play(carol().id, view.id, None, "d4xj10", Some(0))
    );
    let results = [a, b];
    let solved = results.iter().filter(|r| r.is_ok()).count();
    assert_eq!(solved, 1, "{results:?}");
    assert_eq!(
        f.service.puzzles().stats(carol().id).await.unwrap().solved,
        1,
        "rated once"
    );
}

/// The web's "next puzzle": the first puzzle numbered from a number on, none past the last.
#[tokio::test]
async fn the_next_puzzle_is_the_first_numbered_after() {
    let f = Fixture::new().await;
    let puzzles = f.service.puzzles();
    assert_eq!(puzzles.first_from(PuzzleId(1)).await.unwrap(), None);
    let added = puzzles.add_starters().await.unwrap();
    // From the first on, each next one is a puzzle, in order, and the walk meets them all.
    let mut at = puzzles.first_from(PuzzleId(i64::MIN)).await.unwrap();
    let mut seen = 0;
    while let Some(id) = at {
        assert!(puzzles.get(id).await.is_ok());
        assert_eq!(puzzles.first_from(id).await.unwrap(), Some(id));
        seen += 1;
        at = puzzles.first_from(PuzzleId(id.0 + 1)).await.unwrap();
        assert!(at.is_none_or(|next| next.0 > id.0));
    }
    assert_eq!(seen, added);
}

#[tokio::test]
async fn the_starter_set_loads_and_reads_back() {
    let f = Fixture::new().await;
    let added = f.service.puzzles().add_starters().await.unwrap();
    assert!(added >= 100, "{added}");
    assert_eq!(f.service.puzzles().add_starters().await.unwrap(), 0);
    assert_eq!(f.service.puzzles().count().await.unwrap(), added);
    assert!(read_puzzle_lines("{\"puzzle\": \"nonsense\"}").is_err());
    assert!(read_puzzle_lines("not json").is_err());
    let lines: Vec<String> = puzzles()
        .iter()
        .map(monkey_queen::games::puzzle_line)
        .collect();
    assert_eq!(read_puzzle_lines(&lines.join("\n")).unwrap(), puzzles());
}

/// `n` finished rated games, each won by a queen capture, oldest first.
async fn finished_games(f: &Fixture, n: usize) -> Vec<GameId> {
    let mut games = Vec::with_capacity(n);
    for _ in 0..n {
        let game = f.start(&alice(), &bob()).await;
        for (text, by) in QUEEN_CAPTURE.into_iter().zip([alice(), bob(), alice()]) {
            f.play(&by, game.id, text).await.unwrap();
        }
        games.push(game.id);
    }
    games
}

/// A miner of `service`'s games with a thread of its own, searching shallowly: these tests
/// are about the queue, not about the puzzles found.
fn miner(service: &GameService) -> PuzzleMiner {
    miner_with(service, background(), CancellationToken::new())
}

/// A thread for a miner's searches.
fn background() -> Background {
    Background::start("test-miner").unwrap()
}

/// [`miner`], searching on `thread`, stopped by `stop`.
fn miner_with(service: &GameService, thread: Background, stop: CancellationToken) -> PuzzleMiner {
    PuzzleMiner::new(service.puzzles(), thread, TaskTracker::new(), stop)
        .with_depth(MiningDepth::new(2_000, 2))
}

#[tokio::test]
async fn a_game_whose_search_fails_is_marked_and_the_next_one_is_searched() {
    let f = Fixture::new().await;
    let games = finished_games(&f, 2).await;
    let (broken, sound) = (games[0], games[1]);
    // The first game's record no longer replays.
    sqlx::query("UPDATE moves SET notation = 'a1-a2' WHERE game_id = $1 AND ply = 2")
        .bind(broken.0)
        .execute(&mut *f.service.db().write().await.unwrap())
        .await
        .unwrap();
    let miner = miner(&f.service);
    let (searched, outcome) = miner.mine_one().await.unwrap().unwrap();
    assert_eq!(searched, sound, "the next game is searched");
    assert!(
        matches!(outcome, MiningOutcome::Stored { .. }),
        "{outcome:?}"
    );
    match f.service.puzzles().search_of(broken).await.unwrap() {
        Some(PuzzleSearch::Failed(why)) => assert!(why.contains("inconsistently"), "{why}"),
        other => panic!("the broken game is marked with its error, not {other:?}"),
    }
    assert_eq!(
        f.service.puzzles().search_of(sound).await.unwrap(),
        Some(PuzzleSearch::Done)
    );
    // Never retried, even once every lease would have lapsed.
    assert_eq!(miner.mine_one().await.unwrap(), None);
    f.clock.advance(10 * MINING_LEASE_MS);
    assert_eq!(miner.mine_one().await.unwrap(), None);
    assert!(matches!(
        f.service.puzzles().search_of(broken).await.unwrap(),
        Some(PuzzleSearch::Failed(_))
    ));
}

#[tokio::test]
async fn two_processes_never_search_the_same_game() {
    let f = Fixture::new().await;
    let games = finished_games(&f, 4).await;
    let other = service_on(&f.url, f.clock.clone()).await;
    // Two claims at once take two games.
    let (here, there) = (f.service.puzzles(), other.puzzles());
    let (a, b) = tokio::join!(here.next_game_to_mine(), there.next_game_to_mine());
    let (a, b) = (a.unwrap().unwrap(), b.unwrap().unwrap());
    let mut claimed = vec![a.game, b.game];
    claimed.sort_unstable();
    assert_eq!(claimed, games[..2], "the two oldest, one each");
    assert_eq!(
        f.service.puzzles().search_of(a.game).await.unwrap(),
        Some(PuzzleSearch::Claimed {
            until_ms: T0 + MINING_LEASE_MS
        })
    );
    assert_eq!(f.service.puzzles().mined(&a, &[]).await.unwrap(), Some(0));
    assert_eq!(other.puzzles().mined(&b, &[]).await.unwrap(), Some(0));
    // Two miners, one per process, search the rest between them, each game once.
    let (here, there) = (miner(&f.service), miner(&other));
    let mut searched = Vec::new();
    loop {
        let (x, y) = tokio::join!(here.mine_one(), there.mine_one());
        let found: Vec<_> = [x.unwrap(), y.unwrap()].into_iter().flatten().collect();
        if found.is_empty() {
            break;
        }
        for (game, outcome) in found {
            assert!(
                matches!(outcome, MiningOutcome::Stored { .. }),
                "{outcome:?}"
            );
            searched.push(game);
        }
    }
    searched.sort_unstable();
    assert_eq!(searched, games[2..], "each searched once");
    for game in games {
        assert_eq!(
            f.service.puzzles().search_of(game).await.unwrap(),
            Some(PuzzleSearch::Done)
        );
    }
}

#[tokio::test]
async fn a_lapsed_claim_is_taken_up_again_and_its_first_searcher_stores_nothing() {
    let f = Fixture::new().await;
    let game = finished_games(&f, 1).await[0];
    let other = service_on(&f.url, f.clock.clone()).await;
    let first = f
        .service
        .puzzles()
        .next_game_to_mine()
        .await
        .unwrap()
        .unwrap();
    assert_eq!(first.game, game);
    assert!(
        other.puzzles().next_game_to_mine().await.unwrap().is_none(),
        "held by its claim"
    );
    // The first searcher's process died, or stalled past its lease.
    f.clock.advance(MINING_LEASE_MS);
    let second = other.puzzles().next_game_to_mine().await.unwrap().unwrap();
    assert_eq!(second.game, game, "taken up again");
    assert_eq!(
        f.service.puzzles().mined(&first, &puzzles()).await.unwrap(),
        None,
        "the first claim is lost"
    );
    assert_eq!(f.service.puzzles().count().await.unwrap(), 0);
    assert_eq!(
        other.puzzles().mined(&second, &puzzles()).await.unwrap(),
        Some(2)
    );
    assert_eq!(
        other.puzzles().search_of(game).await.unwrap(),
        Some(PuzzleSearch::Done)
    );
    assert!(
        f.service
            .puzzles()
            .next_game_to_mine()
            .await
            .unwrap()
            .is_none()
    );
}

#[tokio::test]
async fn a_game_whose_every_claim_lapses_is_given_up() {
    let f = Fixture::new().await;
    let game = finished_games(&f, 1).await[0];
    for _ in 0..MINING_CLAIMS {
        let claimed = f
            .service
            .puzzles()
            .next_game_to_mine()
            .await
            .unwrap()
            .unwrap();
        assert_eq!(claimed.game, game);
        f.clock.advance(MINING_LEASE_MS);
    }
    assert!(
        f.service
            .puzzles()
            .next_game_to_mine()
            .await
            .unwrap()
            .is_none()
    );
    assert!(matches!(
        f.service.puzzles().search_of(game).await.unwrap(),
        Some(PuzzleSearch::Failed(_))
    ));
}

#[tokio::test]
async fn a_search_stopped_at_shutdown_gives_its_game_back() {
    let f = Fixture::new().await;
    let game = finished_games(&f, 1).await[0];
    // The miner's thread is busy until `busy` is dropped: the miner claims the game, then its
    // search waits behind that job.
    let thread = background();
    let (busy, held) = std::sync::mpsc::channel::<()>();
    let holding = thread.run(move || held.recv());
    let stop = CancellationToken::new();
    let stopping = miner_with(&f.service, thread, stop.clone());
    let search = tokio::spawn(async move { stopping.mine_one().await });
    while !matches!(
        f.service.puzzles().search_of(game).await.unwrap(),
        Some(PuzzleSearch::Claimed { .. })
    ) {
        tokio::task::yield_now().await;
    }
    stop.cancel();
    let (stopped, outcome) = search.await.unwrap().unwrap().unwrap();
    assert_eq!((stopped, outcome), (game, MiningOutcome::Stopped));
    drop(busy);
    assert!(
        holding.await.unwrap().is_err(),
        "the thread ran the job holding it"
    );
    // Free at once (no lease to wait for), and searched by the next miner.
    assert_eq!(
        f.service.puzzles().search_of(game).await.unwrap(),
        Some(PuzzleSearch::Waiting)
    );
    let (searched, outcome) = miner(&f.service).mine_one().await.unwrap().unwrap();
    assert_eq!(searched, game);
    assert!(
        matches!(outcome, MiningOutcome::Stored { .. }),
        "{outcome:?}"
    );
}
