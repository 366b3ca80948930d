//! Puzzles end to end: `/puzzle` solved through the Move button's menus and `/move`, another
//! failed (its solution shown, the rating down, the streak reset in `/stats`), the daily
//! puzzle's channel chosen in `/settings` and posted by the sweep on the manual clock (once,
//! though the process owing it died in the middle of its posts), its
//! Solve button, a wrong then a right answer, and `/leaderboard scope:puzzles`. Refusals (a
//! stale button, a finished puzzle, no puzzle left) are ephemeral and change nothing.

use std::time::Instant;

use monkey_queen::games::{
    ChannelId, DELIVERY_LEASE_MS, GameRef, GuildId, Lang, PlayerRef, PuzzleId, PuzzleSearch,
    UserId, read_puzzle_lines, retry_delay_ms,
};
use monkey_queen_core::Move;
use monkey_queen_core::puzzle::Puzzle;
use serde_json::Value;

use crate::harness::{
    CHANNEL_MESSAGE, EPHEMERAL, Harness, Picker, UPDATE_MESSAGE, callback_path, content,
    custom_ids, kind, print_summary, with_flags,
};
use crate::support::fake_discord::access::{ChannelKind, permission};
use crate::support::fake_discord::delivery::Change;
use crate::support::fake_discord::{RecordedRequest, first};
use crate::support::payloads::{
    ALICE, BOB, CAROL, CHANNEL_ID, Caller, GUILD_ID, MANAGER_PERMISSIONS, bool_option,
    bot_message_with, button_click, integer_option, slash_command, string_option,
    with_channel_option, with_permissions,
};

/// The `scope` choice of `/leaderboard` for the daily puzzle (poise sends a choice's index).
const SCOPE_PUZZLES: i64 = 2;

/// An ephemeral puzzle message as the bot sent it (an answer, or an update of the clicked one).
struct Shown {
    content: String,
    components: Value,
}

impl Shown {
    /// Reads an answer that carries a puzzle message: ephemeral, with its board.
    fn from(answer: &RecordedRequest) -> Shown {
        assert!(
            answer.is_multipart(),
            "a puzzle has its board: {:?}",
            answer.json
        );
        if kind(answer) == CHANNEL_MESSAGE {
            assert_eq!(
                answer.pointer("/data/flags").and_then(Value::as_u64),
                Some(EPHEMERAL),
                "only the solver sees it"
            );
        }
        Shown {
            content: content(answer).to_owned(),
            components: answer
                .pointer("/data/components")
                .cloned()
                .unwrap_or_default(),
        }
    }

    /// The button whose id starts with `action`.
    fn button(&self, action: &str) -> String {
        custom_ids(Some(&self.components))
            .into_iter()
            .find(|id| id.starts_with(&format!("{action}:")))
            .unwrap_or_else(|| panic!("no {action} button: {}", self.content))
    }

    /// The puzzle its buttons name.
    fn puzzle(&self) -> PuzzleId {
        let id = self.button("puzzle-move");
        PuzzleId(id.split(':').nth(1).unwrap().parse().unwrap())
    }
}

/// `who` asks for a puzzle (`daily`: today's); returns the answer.
async fn ask(h: &Harness, who: Caller, daily: bool) -> RecordedRequest {
    let options = if daily {
        vec![bool_option("daily", true)]
    } else {
        Vec::new()
    };
    let (id, _) = h.command(who, "puzzle", options);
    h.callback(id).await
}

/// `who` clicks `custom_id` on the ephemeral message `shown`; returns the answer.
async fn click(h: &Harness, who: Caller, shown: &Shown, custom_id: &str) -> RecordedRequest {
    let id = h.next_id();
    let message = bot_message_with(9_000 + id, &shown.content, shown.components.clone());
    h.push(button_click(
        id,
        who,
        custom_id,
        with_flags(message, EPHEMERAL),
    ));
    h.callback(id).await
}

/// `who` plays `mv` in `shown` with its Move button and the two menus; returns the answer to
/// the last pick.
async fn play_by_menus(h: &Harness, who: Caller, shown: &Shown, mv: Move) -> RecordedRequest {
    let opened = click(h, who, shown, &shown.button("puzzle-move")).await;
    assert_eq!(kind(&opened), UPDATE_MESSAGE, "{:?}", opened.json);
    let pieces = Picker::from_request(opened);
    let from = mv.from().unwrap().to_string();
    let picked = h.pick(who, &pieces, &pieces.menu_with(&from), &from).await;
    assert_eq!(kind(&picked), UPDATE_MESSAGE, "{:?}", picked.json);
    let destinations = Picker::from_request(picked);
    let to = mv.to().unwrap().to_string();
    h.pick(who, &destinations, &destinations.menu_with(&to), &to)
        .await
}

/// `who` plays the solver's moves of `solution` in `shown` with the menus, each answer the
/// next message; returns the last.
async fn solve_by_menus(h: &Harness, who: Caller, shown: Shown, solution: &[Move]) -> Shown {
    let mut at = shown;
    for (i, mv) in solution.iter().enumerate().step_by(2) {
        let answer = play_by_menus(h, who, &at, *mv).await;
        assert_eq!(kind(&answer), UPDATE_MESSAGE, "{:?}", answer.json);
        at = Shown::from(&answer);
        if i + 1 < solution.len() {
            assert!(at.content.contains("is right"), "{}", at.content);
        }
    }
    at
}

/// `who` plays `text` with `/move`; returns the answer.
async fn play_with_command(h: &Harness, who: Caller, text: &str) -> RecordedRequest {
    let (id, _) = h.command(who, "move", vec![string_option("move", text)]);
    h.callback(id).await
}

/// The answer is a refusal only its asker sees, saying `reason`.
fn assert_refused(answer: &RecordedRequest, reason: &str) {
    assert_eq!(kind(answer), CHANNEL_MESSAGE, "{:?}", answer.json);
    assert_eq!(
        answer.pointer("/data/flags").and_then(Value::as_u64),
        Some(EPHEMERAL)
    );
    assert!(!answer.is_multipart(), "a refusal has no board");
    assert!(content(answer).contains(reason), "{}", content(answer));
}

/// A puzzle of two solver moves that no starter has: a starter's three-move line from its
/// second move on.
fn two_mover(nth: usize) -> Puzzle {
    let starters = read_puzzle_lines(include_str!("../../assets/puzzles.jsonl")).unwrap();
    let long = starters
        .into_iter()
        .filter(|p| p.solution.len() == 5)
        .nth(nth)
        .expect("the starter set has three-move puzzles");
    let mut position = long.position.clone();
    for mv in &long.solution[..2] {
        position.play(mv.text()).unwrap();
    }
    Puzzle {
        position,
        solution: long.solution[2..].to_vec(),
        ..long
    }
}

/// A legal move in `puzzle`'s position at `step` that is not the solution's and does not win
/// at once.
async fn a_wrong_move(h: &Harness, puzzle: PuzzleId, step: usize) -> Move {
    let (view, solution) = h.service.puzzles().get(puzzle).await.unwrap();
    let mut position = view.position;
    for mv in &solution[..step] {
        position.play(mv.text()).unwrap();
    }
    position
        .legal_moves()
        .into_iter()
        .filter(|mv| *mv != solution[step] && mv.from().is_some())
        .find(|mv| {
            let mut after = position.clone();
            after.play(mv.text()).unwrap();
            after.outcome().is_none()
        })
        .expect("a move that does not win")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn puzzles_are_solved_by_menus_and_move_and_failed_with_the_solution_shown() {
    let h = Harness::registered().await;

    // Alice gets a puzzle near 1500 from the starter set, and solves it with the menus.
    let sent = Instant::now();
    let first = ask(&h, ALICE, false).await;
    println!("/puzzle answered in {:?}", sent.elapsed());
    // The bot stored the starter set before it served its first interaction.
    assert!(
        h.service.puzzles().count().await.unwrap() > 100,
        "the starter set"
    );
    let shown = Shown::from(&first);
    assert!(shown.content.contains("**Puzzle #"), "{}", shown.content);
    assert!(
        shown.content.contains("Find the winning move for "),
        "{}",
        shown.content
    );
    assert!(shown.button("puzzle-solution").ends_with(":0:0"));
    let (_, solution) = h.service.puzzles().get(shown.puzzle()).await.unwrap();
    let done = solve_by_menus(&h, ALICE, shown, &solution).await;
    assert!(
        done.content.contains("you solved puzzle"),
        "{}",
        done.content
    );
    assert!(
        done.content.contains("Puzzle rating: 1500 → **"),
        "{}",
        done.content
    );
    assert!(done.content.contains("Streak: 1"), "{}", done.content);
    assert!(
        custom_ids(Some(&done.components)).is_empty(),
        "over: no buttons"
    );
    let stats = h.service.puzzles().stats(UserId(ALICE.id)).await.unwrap();
    assert_eq!((stats.solved, stats.streak), (1, 1));
    assert!(stats.rating > 1500.0);

    // A two-mover rated at her new rating is the nearest now.
    let rating = u32::try_from(stats.rating.round() as i64 - 500).unwrap();
    let two = Puzzle {
        rating,
        ..two_mover(0)
    };
    assert_eq!(h.service.puzzles().add(&[two], None).await.unwrap(), 1);
    let shown = Shown::from(&ask(&h, ALICE, false).await);
    let puzzle = shown.puzzle();
    let (view, solution) = h.service.puzzles().get(puzzle).await.unwrap();
    assert_eq!(solution.len(), 3, "the two-mover: {view:?}");

    // Its first move with /move: right, the reply played, the next asked for.
    let right = play_with_command(&h, ALICE, &solution[0].to_string()).await;
    let next = Shown::from(&right);
    assert!(next.content.contains("is right"), "{}", next.content);
    assert!(next.content.contains(&solution[1].to_string()));
    assert!(next.button("puzzle-move").ends_with(":0:2"));

    // The old Move button is stale: refused, nothing changes.
    let stale = click(&h, ALICE, &shown, &shown.button("puzzle-move")).await;
    assert_refused(&stale, "The position has changed");
    let attempt = h
        .service
        .puzzles()
        .attempt(UserId(ALICE.id), puzzle, None)
        .await
        .unwrap();
    assert_eq!(attempt.step(), 2);

    // The second with the menus: solved, streak 2.
    let solved = play_by_menus(&h, ALICE, &next, solution[2]).await;
    assert_eq!(kind(&solved), UPDATE_MESSAGE);
    let done = Shown::from(&solved);
    assert!(
        done.content.contains("you solved puzzle"),
        "{}",
        done.content
    );
    assert!(done.content.contains("Streak: 2"), "{}", done.content);
    let stats = h.service.puzzles().stats(UserId(ALICE.id)).await.unwrap();
    assert_eq!((stats.solved, stats.streak), (2, 2));

    // A move in the finished puzzle: refused, as /move with no game and no puzzle.
    let over = click(&h, ALICE, &next, &next.button("puzzle-move")).await;
    assert_refused(&over, "is over");

    // Alice fails the next one: the solution is shown, the rating goes down, the streak resets.
    let second = Shown::from(&ask(&h, ALICE, false).await);
    let puzzle = second.puzzle();
    let (_, solution) = h.service.puzzles().get(puzzle).await.unwrap();
    let wrong = a_wrong_move(&h, puzzle, 0).await;
    let failed = play_with_command(&h, ALICE, &wrong.to_string()).await;
    let failed = Shown::from(&failed);
    assert!(
        failed.content.contains("is not the winning move"),
        "{}",
        failed.content
    );
    assert!(
        failed
            .content
            .contains(&format!("Solution: **{}**", solution[0])),
        "{}",
        failed.content
    );
    let after = h.service.puzzles().stats(UserId(ALICE.id)).await.unwrap();
    assert_eq!((after.failed, after.streak, after.best_streak), (1, 0, 2));
    assert!(after.rating < stats.rating);
    let (id, _) = h.command(ALICE, "stats", Vec::new());
    let stats_text = content(&h.callback(id).await).to_owned();
    assert!(
        stats_text.contains("2 solved, 1 failed · streak 0 (best 2)"),
        "{stats_text}"
    );

    // The failed puzzle's old button: refused, the record unchanged.
    let over = click(&h, ALICE, &second, &second.button("puzzle-solution")).await;
    assert_refused(&over, "is over");
    assert_eq!(
        h.service.puzzles().stats(UserId(ALICE.id)).await.unwrap(),
        after
    );

    // Solution gives a puzzle up (Bob's), showing it on the board.
    let bobs = Shown::from(&ask(&h, BOB, false).await);
    let (_, solution) = h.service.puzzles().get(bobs.puzzle()).await.unwrap();
    let given = click(&h, BOB, &bobs, &bobs.button("puzzle-solution")).await;
    assert_eq!(kind(&given), UPDATE_MESSAGE);
    let given = Shown::from(&given);
    assert!(given.content.contains("You gave up"), "{}", given.content);
    assert!(given.content.contains(&solution[0].to_string()));

    // None left for Carol once she has had every one.
    let carol = PlayerRef::new(UserId(CAROL.id), "carol");
    while let Ok(view) = h.service.puzzles().next(&carol).await {
        h.service
            .puzzles()
            .give_up(carol.id, view.id, None, None)
            .await
            .unwrap();
    }
    let before = h.service.puzzles().stats(carol.id).await.unwrap();
    assert_refused(&ask(&h, CAROL, false).await, "No puzzle is left");
    assert_eq!(h.service.puzzles().stats(carol.id).await.unwrap(), before);
    assert!(h.fake.unexpected_refusals().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_daily_puzzle_is_posted_each_day_and_its_solvers_listed() {
    let h = Harness::registered_on_manual_clock().await;

    // A channel the bot can't post in is refused, and nothing is stored.
    const MUTED: u64 = CHANNEL_ID + 50;
    h.fake.add_channel(
        MUTED,
        Some(GUILD_ID),
        ChannelKind::Text,
        permission::VIEW_CHANNEL,
    );
    let settings = |channel: u64| {
        let id = h.next_id();
        let payload = with_permissions(
            slash_command(id, ALICE, "settings", Vec::new()),
            MANAGER_PERMISSIONS,
        );
        (id, with_channel_option(payload, "puzzle-channel", channel))
    };
    h.fake
        .expect_refusals(|r| r.request.contains(&MUTED.to_string()));
    let (id, payload) = settings(MUTED);
    h.push(payload);
    let refused = h.callback(id).await;
    assert!(
        content(&refused).contains("I can't post in"),
        "{}",
        content(&refused)
    );
    assert_eq!(
        refused.pointer("/data/flags").and_then(Value::as_u64),
        Some(EPHEMERAL)
    );
    assert!(
        h.service
            .puzzles()
            .queue_daily_posts()
            .await
            .unwrap()
            .is_empty()
    );

    // The test channel is chosen: said there, and posted in by the next sweep.
    let mark = h.fake.mark();
    let (id, payload) = settings(CHANNEL_ID);
    h.push(payload);
    let saved = h.callback(id).await;
    assert!(
        content(&saved).contains(&format!("Daily puzzle: posted in <#{CHANNEL_ID}>")),
        "{}",
        content(&saved)
    );
    let post = h
        .wait_since(mark, "the daily puzzle's post", |r| {
            r.is("POST", &format!("/channels/{CHANNEL_ID}/messages")) && r.is_multipart()
        })
        .await;
    assert!(
        content(&post).contains("Daily puzzle of 2023-11-14"),
        "{}",
        content(&post)
    );
    assert!(content(&post).contains("find the winning move for"));
    let solve = custom_ids(post.pointer("/components"));
    assert_eq!(solve, vec!["puzzle-daily".to_owned()]);

    // Solve opens it for Bob alone; a wrong move says try again, counted.
    let id = h.next_id();
    let message = bot_message_with(
        9_000 + id,
        content(&post),
        post.pointer("/components").cloned().unwrap(),
    );
    h.push(button_click(id, BOB, "puzzle-daily", message));
    let opened = h.callback(id).await;
    assert_eq!(kind(&opened), CHANNEL_MESSAGE);
    let shown = Shown::from(&opened);
    assert!(
        shown.content.contains("Daily puzzle of 2023-11-14"),
        "{}",
        shown.content
    );
    let puzzle = shown.puzzle();
    let (_, solution) = h.service.puzzles().get(puzzle).await.unwrap();
    let wrong = a_wrong_move(&h, puzzle, 0).await;
    let retry = Shown::from(&play_by_menus(&h, BOB, &shown, wrong).await);
    assert!(retry.content.contains("Try again"), "{}", retry.content);
    assert!(
        retry.content.contains("Wrong tries: 1"),
        "{}",
        retry.content
    );
    retry.button("puzzle-solution");

    // Then right, to the end.
    let at = solve_by_menus(&h, BOB, retry, &solution).await;
    assert!(
        at.content
            .contains("you solved the daily puzzle of 2023-11-14 after 1 wrong try"),
        "{}",
        at.content
    );
    let (id, _) = h.command(
        ALICE,
        "leaderboard",
        vec![integer_option("scope", SCOPE_PUZZLES)],
    );
    let board = h.callback(id).await;
    assert!(
        content(&board).contains(&format!("1. <@{}> — after 1 wrong try", BOB.id)),
        "{}",
        content(&board)
    );

    // The next day, the next sweep posts the next daily puzzle, once.
    let mark = h.fake.mark();
    h.clock().advance(24 * 60 * 60 * 1000);
    let next = h
        .wait_since(mark, "the next day's post", |r| {
            r.is("POST", &format!("/channels/{CHANNEL_ID}/messages")) && r.is_multipart()
        })
        .await;
    assert!(
        content(&next).contains("Daily puzzle of 2023-11-15"),
        "{}",
        content(&next)
    );
    h.sweeps(2).await;
    let posts = h.count_since(mark, |r| {
        r.is("POST", &format!("/channels/{CHANNEL_ID}/messages")) && r.is_multipart()
    });
    assert_eq!(posts, 1);
    assert!(h.fake.unexpected_refusals().is_empty());
}

/// The day's puzzle posts are owed in the outbox. A process that owed them and died in the
/// middle of posting them (here the harness's service while no bot runs: it owes both servers'
/// posts, takes the first to post, and stops) leaves them to the next bot: its first sweep posts
/// the one nobody took, and the taken one once its lease is over. That one's answer is lost
/// (Discord made the message, the bot hears a 500), so it is sent again: by its nonce, Discord
/// makes no second message. Each channel gets one post.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_daily_posts_of_a_process_that_died_mid_loop_are_posted_once_by_the_next_sweep() {
    const OTHER_GUILD: u64 = GUILD_ID + 7;
    const OTHER_CHANNEL: u64 = CHANNEL_ID + 70;
    let h = Harness::registered_on_manual_clock().await;
    h.fake.join_guild(OTHER_GUILD);
    h.fake.add_channel(
        OTHER_CHANNEL,
        Some(OTHER_GUILD),
        ChannelKind::Text,
        permission::INVITED,
    );
    let posts_in = |channel: u64| {
        move |r: &RecordedRequest| {
            r.is("POST", &format!("/channels/{channel}/messages")) && r.is_multipart()
        }
    };
    // Discord makes the first post in the test channel but its answer is lost.
    h.fake.lose_answers(first(1, posts_in(CHANNEL_ID)));
    let mark = h.fake.mark();
    let h = h
        .restart_after(async |service| {
            for (guild, channel) in [(GUILD_ID, CHANNEL_ID), (OTHER_GUILD, OTHER_CHANNEL)] {
                let chosen = Some((ChannelId(channel), Lang::En));
                service
                    .puzzles()
                    .set_channel(GuildId(guild), chosen)
                    .await
                    .unwrap();
            }
            assert_eq!(
                service.puzzles().queue_daily_posts().await.unwrap().len(),
                2
            );
            let taken = service.delivery().next_announcement().await.unwrap();
            assert!(
                taken.is_some(),
                "the first post is taken, then the process dies"
            );
        })
        .await;

    let other = h
        .wait_since(mark, "the post nobody took", posts_in(OTHER_CHANNEL))
        .await;
    assert!(
        content(&other).contains("Daily puzzle of 2023-11-14"),
        "{}",
        content(&other)
    );
    h.sweeps(2).await;
    assert_eq!(
        h.count_since(mark, posts_in(CHANNEL_ID)),
        0,
        "taken, under its lease"
    );

    h.clock().advance(DELIVERY_LEASE_MS);
    h.wait_since(mark, "the taken post", posts_in(CHANNEL_ID))
        .await;
    h.sweeps(2).await;
    // Its second attempt (the dead process made the first).
    h.clock().advance(retry_delay_ms(2));
    h.sweeps(3).await;
    assert_eq!(
        h.count_since(mark, posts_in(CHANNEL_ID)),
        2,
        "sent again once its answer was lost"
    );
    let made_in = |channel: u64| {
        h.fake
            .deliveries()
            .iter()
            .filter(|d| d.change == Change::New && d.channel == Some(channel))
            .count()
    };
    assert_eq!((made_in(CHANNEL_ID), made_in(OTHER_CHANNEL)), (1, 1));
    assert_eq!(
        h.service.delivery().pending_announcements().await.unwrap(),
        0
    );
    h.clock().advance(DELIVERY_LEASE_MS);
    h.sweeps(2).await;
    assert_eq!(h.count_since(mark, posts_in(OTHER_CHANNEL)), 1);
    h.stop().await;
}

/// `/puzzle`'s answer time (interaction → answer), median over 20 asks: run with
/// `--ignored --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement"]
async fn puzzle_answer_time() {
    let h = Harness::registered().await;
    let mut times = Vec::new();
    for _ in 0..20 {
        let (id, sent) = h.command(ALICE, "puzzle", Vec::new());
        let answer = h
            .wait_since(0, "/puzzle", |r| r.is("POST", &callback_path(id)))
            .await;
        times.push(answer.received_at.duration_since(sent));
        // Gives it up, so that the next ask draws a new one.
        let shown = Shown::from(&answer);
        h.service
            .puzzles()
            .give_up(UserId(ALICE.id), shown.puzzle(), None, None)
            .await
            .unwrap();
    }
    print_summary("/puzzle", times);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sweep_searches_finished_games_for_puzzles() {
    let h = Harness::registered_scanning_games().await;
    let (game, _) = h.start_game(ALICE, BOB).await;
    for _ in 0..2 {
        let view = h.game(game).await;
        let mover = if view.to_move == Some(UserId(ALICE.id)) {
            ALICE
        } else {
            BOB
        };
        let mv = view.position.legal_moves()[0].to_string();
        h.play(mover, &mv).await.applied();
    }
    h.service
        .resign(UserId(ALICE.id), GameRef::Id(game), None)
        .await
        .unwrap();
    // Each sweep starts the search of the next game unless one runs; the game is marked
    // searched once its search is done. The search has the CPU the tests leave (its thread has
    // the lowest priority): minutes at worst, on a machine busy with other tests.
    let deadline = Instant::now() + std::time::Duration::from_secs(600);
    while h.service.puzzles().search_of(game).await.unwrap() != Some(PuzzleSearch::Done) {
        assert!(Instant::now() < deadline, "the finished game was searched");
        h.sweeps(1).await;
    }
    let found = h.service.puzzles().of_game(game).await.unwrap();
    println!("puzzles found in a two-move game: {}", found.len());
    assert!(h.fake.unexpected_refusals().is_empty());
}
