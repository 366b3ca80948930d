//! The Activity in a real browser: headless Chromium on the page the bot serves beside the fake
//! Discord, with Discord's own `DiscordSDKMock` standing in for Discord's client (as Discord's
//! sdk-playground runs outside the iframe) and the fake Discord handing each person a code.
//! Alice and Bob play a game by taps to a queen capture, each seeing the other's moves live
//! while the channel gets every board; Carol watches, and her taps change nothing.

use std::path::PathBuf;
use std::time::Instant;

use crate::browser::{
    PHONE, browser, browsers, layout_problems, open_live, screenshots, tap, tap_move, wait_for_ply,
};
use monkey_queen::games::{GameId, Level, UserId};

use crate::harness::{Board, Harness, WAIT, is_board_delivery, print_summary};
use crate::support::browser::Browser;
use crate::support::fake_discord::{APPLICATION_ID, BOT_USER_ID, RecordedRequest};
use crate::support::payloads::{
    ALICE, BOB, CAROL, CHANNEL_ID, Caller, GUILD_ID, entry_point_command,
};

/// Opens the Activity for `who` in `instance`, signed in by the SDK's mock with a fresh code
/// from the fake Discord, and waits until it shows a game live.
async fn open_activity(b: &Browser, h: &Harness, who: Caller, instance: &str) {
    let code = h.fake.authorization_code(who.id, APPLICATION_ID);
    let url = format!(
        "{}/activity?mock_code={code}&instance_id={instance}&channel_id={CHANNEL_ID}&guild_id={GUILD_ID}",
        h.pages(0)
    );
    open_live(b, &url).await;
}

/// `who` opens the Activity from the App Launcher (the app's Entry Point command) in the test
/// channel, their Discord client speaking `locale`, signed in by the SDK's mock.
async fn open_from_the_launcher(b: &Browser, h: &Harness, who: Caller, locale: &str) {
    let entry = h.fake.global_commands();
    let entry = entry
        .iter()
        .find(|c| c["type"] == 4)
        .expect("the Entry Point");
    let command: u64 = entry["id"].as_str().unwrap().parse().unwrap();
    let id = h.next_id();
    h.push(entry_point_command(id, who, command, "launch"));
    h.callback(id).await;
    let instance = h.fake.activity_in(CHANNEL_ID).expect("the Activity runs");
    let code = h.fake.authorization_code(who.id, APPLICATION_ID);
    let url = format!(
        "{}/activity?mock_code={code}&instance_id={instance}&channel_id={CHANNEL_ID}&guild_id={GUILD_ID}&mock_locale={locale}",
        h.pages(0)
    );
    b.client.goto(&url).await.unwrap();
}

/// The `custom_id` of the Play on the board button under `board`.
fn play_on_the_board(board: &Board) -> String {
    let button = board.custom_ids.iter().find(|c| c.starts_with("board:"));
    button.expect("a Play on the board button").clone()
}

/// A game between Alice and Bob, the Activity opened on it by Alice from its board and joined
/// by Bob: the game, its first board and the Activity's instance.
async fn launched_between_alice_and_bob(h: &Harness) -> (GameId, Board, String) {
    let (game, board) = h.start_game(ALICE, BOB).await;
    let button = play_on_the_board(&board);
    h.click(ALICE, &button, &board.content, &board.custom_ids)
        .await;
    let instance = h.fake.activity_in(CHANNEL_ID).expect("the Activity runs");
    h.fake.launch_activity(CHANNEL_ID, Some(GUILD_ID), BOB.id);
    (game, board, instance)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_play_the_activity_by_taps_to_a_queen_capture_and_a_third_watches() {
    let Some([alice, bob, carol]) = browsers(PHONE).await else {
        return;
    };
    let h = Harness::registered_with_activity().await;
    // Alice opens it from the board, Bob joins her, Carol opens it from the board too.
    let (game, board, instance) = launched_between_alice_and_bob(&h).await;
    let button = play_on_the_board(&board);
    h.click(CAROL, &button, &board.content, &board.custom_ids)
        .await;
    h.idle().await;
    for (b, who) in [(&alice, ALICE), (&bob, BOB), (&carol, CAROL)] {
        open_activity(b, &h, who, &instance).await;
        wait_for_ply(b, 0, 0).await;
    }

    // R7.1: White's queen captures Black's in five plies; each move by taps.
    let moves = [
        (&alice, &bob, "g1", "g4", "birth"),
        (&bob, &alice, "f12", "f9", "birth"),
        (&alice, &bob, "g4", "g6", "birth"),
        (&bob, &alice, "f9", "f7", "birth"),
        (&alice, &bob, "g6", "f7", "queen-capture"),
    ];
    // Five moves in a few seconds meet the channel's bucket: the bot posts again.
    h.fake
        .expect_refusals(|r| r.status == 429 && r.request.ends_with("/messages"));
    let mut delays = Vec::new();
    let mark = h.fake.mark();
    let started = Instant::now();
    for (ply, (mover, other, from, to, kind)) in moves.into_iter().enumerate() {
        let ply = ply as u32 + 1;
        tap_move(mover, from, to, Some(kind)).await;
        let tapped = Instant::now();
        wait_for_ply(other, ply, ply).await;
        delays.push(tapped.elapsed());
        wait_for_ply(mover, ply, ply).await;
        wait_for_ply(&carol, ply, ply).await;
        if ply == 2 {
            // The watcher's taps change nothing: no square takes them, no request is made.
            let before = carol
                .eval("document.getElementById('mq-board').outerHTML")
                .await;
            tap(&carol, "rect.sq[data-square=\"g4\"]").await;
            let after = carol
                .eval("document.getElementById('mq-board').outerHTML")
                .await;
            assert_eq!(before, after, "a watcher's tap changed the board");
            assert_eq!(h.game(game).await.ply(), 2);
        }
    }
    print_summary("a tap to the opponent's board (Activity, loopback)", delays);
    let over = h.game(game).await;
    assert!(over.result.is_some(), "the queen capture ends the game");
    for b in [&alice, &bob, &carol] {
        b.wait_for(
            "the result",
            "document.getElementById('mq-play').hidden === true \
             && !document.getElementById('mq-board').classList.contains('is-playable')",
        )
        .await;
    }
    // The channel got every board: five moves, each its board in the chat (posted again
    // where the channel's rate limit refused it).
    let delivered = |r: &RecordedRequest| is_board_delivery(r) && r.delivery.is_some();
    let since = |r: &RecordedRequest| r.received_at >= started;
    assert!(
        h.fake
            .wait_for_count(WAIT, 5, |r| since(r) && delivered(r))
            .await,
        "{}",
        h.fake.describe_requests()
    );
    h.idle().await;
    let boards = h.fake.requests()[mark..]
        .iter()
        .filter(|r| delivered(r))
        .count();
    assert_eq!(boards, 5, "{}", h.fake.describe_requests());
    let png = bob.screenshot_to(&screenshots().join("activity.png")).await;
    if std::env::var("UPDATE_SCREENSHOTS").is_ok_and(|v| v == "1") {
        let docs = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/activity.png");
        std::fs::write(&docs, &png).unwrap();
        println!("wrote {}", docs.display());
    }
    for b in [&alice, &bob, &carol] {
        b.assert_console_clean().await;
    }
    drop((alice, bob, carol));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn from_the_launcher_the_activity_lists_the_callers_games_and_starts_one_against_the_computer()
 {
    let Some(b) = browser(PHONE).await else {
        return;
    };
    let h = Harness::registered_with_activity().await;
    h.start_game(ALICE, BOB).await;
    h.start_game(CAROL, ALICE).await;
    // Alice opens the Activity from the App Launcher: no game named, two of hers here. Her
    // Discord client speaks French: so does the Activity, whatever the browser says.
    open_from_the_launcher(&b, &h, ALICE, "fr").await;
    b.wait_for(
        "the list of her games and the computer's form",
        "document.querySelectorAll('#mq-chooser-games button').length === 2 \
         && !document.getElementById('mq-computer').hidden",
    )
    .await;
    assert_eq!(
        b.eval(
            "[...document.querySelectorAll('#mq-chooser-games button')].map((b) => b.textContent)"
        )
        .await,
        serde_json::json!([
            "carol contre aliceen cours",
            "alice contre bobÀ toi de jouer"
        ]),
        "the newest first, and whose move it is"
    );
    assert_eq!(b.eval("document.documentElement.lang").await, "fr");
    assert_eq!(
        b.eval("document.getElementById('mq-chooser-title').textContent")
            .await,
        "Tes parties ici"
    );
    let problems = layout_problems(&b).await;
    assert!(problems.is_empty(), "{problems:#?}");
    let violations = b.axe_violations().await;
    assert!(violations.is_empty(), "{violations:#?}");
    b.screenshot_to(&screenshots().join("activity-list.png"))
        .await;
    // She picks the one where it is her move: it opens live, and her games are a tap away.
    tap(&b, "#mq-chooser-games li:nth-child(2) button").await;
    b.wait_for(
        "the game",
        "document.querySelector('#mq-conn[data-state=\"live\"]') !== null \
         && document.getElementById('mq-board').classList.contains('is-playable')",
    )
    .await;
    tap(&b, "#mq-home").await;
    b.wait_for(
        "her games again",
        "location.hash === '#games' \
         && document.querySelectorAll('#mq-chooser-games button').length === 2",
    )
    .await;
    // A game against the computer, at the level she picks, in this channel.
    b.eval("(document.getElementById('mq-computer-level').value = 'easy')")
        .await;
    tap(&b, "#mq-computer-start").await;
    b.wait_for(
        "the new game",
        "document.querySelector('#mq-conn[data-state=\"live\"]') !== null \
         && document.getElementById('mq-board').getAttribute('aria-label') !== ''",
    )
    .await;
    let games = h
        .service
        .active_games(UserId(ALICE.id), None)
        .await
        .unwrap();
    assert_eq!(games.len(), 3);
    let against = games
        .iter()
        .find(|g| g.white.id.0 == BOT_USER_ID || g.black.id.0 == BOT_USER_ID)
        .expect("a game against the computer");
    assert_eq!(h.game(against.id).await.ai_level, Some(Level::Easy));
    b.assert_console_clean().await;
    drop(b);
    h.stop().await;
}

/// How many plies the measure of a tap's delay plays.
const MEASURED_PLIES: usize = 40;

/// `plies` legal moves from the start that end nothing (no queen taken, nobody stuck), picked
/// by a fixed sequence so every run plays the same game: `(from, to, kind of destination)`.
fn quiet_game(plies: usize) -> Vec<(String, String, &'static str)> {
    use monkey_queen_core::{GameOptions, Move, Position, Role};
    let mut position = Position::start(GameOptions::default());
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut game = Vec::with_capacity(plies);
    while game.len() < plies {
        let quiet: Vec<Move> = position
            .legal_moves()
            .into_iter()
            .filter(|&m| {
                let mut after = position.clone();
                after.play_unchecked(m);
                after.outcome().is_none()
                    && matches!(m, Move::Normal { capture, .. } if capture != Some(Role::Queen))
            })
            .collect();
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let picked = quiet[(seed % quiet.len() as u64) as usize];
        let Move::Normal {
            role,
            from,
            to,
            capture,
        } = picked
        else {
            unreachable!()
        };
        let kind = match (role, capture) {
            (_, Some(_)) => "capture",
            (Role::Queen, None) => "birth",
            (Role::Baby, None) => "move",
        };
        position.play_unchecked(picked);
        game.push((from.to_string(), to.to_string(), kind));
    }
    game
}

/// The benchmark of the Activity's delay (run it alone): from a player's tap on a destination
/// until the opponent's page shows the move, over loopback with the debug bot, for a game of
/// [`MEASURED_PLIES`] plies; and the REST calls to Discord that each move makes.
/// `cargo test --test discord_e2e -- --ignored --nocapture a_taps_delay_to_the_opponent`
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a benchmark: run it alone"]
async fn a_taps_delay_to_the_opponent_is_measured() {
    let Some(white) = browser(PHONE).await else {
        return;
    };
    let black = browser(PHONE).await.expect("a second browser");
    let h = Harness::registered_with_activity().await;
    // Faster than Discord lets one channel take messages: the bot meets the channel's bucket
    // and posts again.
    h.fake.expect_refusals(|r| r.status == 429);
    let (_, _, instance) = launched_between_alice_and_bob(&h).await;
    open_activity(&white, &h, ALICE, &instance).await;
    open_activity(&black, &h, BOB, &instance).await;
    h.idle().await;
    let mut delays = Vec::new();
    let mut calls = Vec::new();
    for (ply, (from, to, kind)) in quiet_game(MEASURED_PLIES).into_iter().enumerate() {
        let (mover, other) = if ply % 2 == 0 {
            (&white, &black)
        } else {
            (&black, &white)
        };
        let ply = ply as u32 + 1;
        let mark = h.fake.mark();
        tap_move(mover, &from, &to, Some(kind)).await;
        let tapped = Instant::now();
        wait_for_ply(other, ply, ply).await;
        delays.push(tapped.elapsed());
        wait_for_ply(mover, ply, ply).await;
        // The next move waits for this one's board in the chat (at a person's pace, the
        // channel's rate limit aside), so each move's calls are counted apart.
        h.fake
            .expect_request_since(mark, "the move's board in the chat", |r| {
                is_board_delivery(r) && r.delivery.is_some()
            })
            .await;
        h.idle().await;
        calls.push(h.fake.requests()[mark..].len());
    }
    print_summary("a tap to the opponent's board (Activity, loopback)", delays);
    calls.sort_unstable();
    println!(
        "REST calls to Discord per Activity move: median {}, most {} (a board the channel's \
         rate limit refused is sent again)",
        calls[calls.len() / 2],
        calls[calls.len() - 1]
    );
    drop((white, black));
    h.stop().await;
}

/// Answers a lesson stage's exercises, each move (`from`, `to`) by taps, Next between them.
async fn answer_stage(b: &Browser, moves: &[(&str, &str)]) {
    for (i, (from, to)) in moves.iter().enumerate() {
        b.wait_for(
            "the exercise",
            "document.querySelector('.learn-lesson').dataset.state === 'play'",
        )
        .await;
        tap_move(b, from, to, None).await;
        b.wait_for(
            "a right answer",
            "document.querySelector('.learn-lesson').dataset.state === 'right'",
        )
        .await;
        if i + 1 < moves.len() {
            tap(b, "#mq-next").await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lessons_play_inside_the_activity_keep_the_persons_stars_and_end_in_a_first_game() {
    let Some(b) = browser(PHONE).await else {
        return;
    };
    let h = Harness::registered_with_activity().await;
    // She opens the Activity from the App Launcher; her Discord client speaks German.
    open_from_the_launcher(&b, &h, ALICE, "de").await;
    b.wait_for(
        "her games (none) and the lessons",
        "!document.getElementById('mq-computer').hidden \
         && document.querySelector('#mq-chooser a[data-learn-link]').textContent !== ''",
    )
    .await;
    tap(&b, "#mq-chooser a[data-learn-link]").await;
    b.wait_for(
        "the lessons, signed in",
        "location.pathname === '/learn' && !document.getElementById('mq-home').hidden \
         && document.getElementById('mq-task').textContent !== ''",
    )
    .await;
    assert_eq!(b.eval("document.documentElement.lang").await, "de");
    assert_eq!(
        b.eval("document.getElementById('mq-task').textContent")
            .await,
        "Zieh die Figur auf d1 nach d6."
    );
    assert_eq!(
        b.eval("document.getElementById('mq-heading').textContent")
            .await,
        "Monkey Queen lernen"
    );

    // The first stage by taps, without a mistake: three stars, kept as hers.
    answer_stage(&b, &[("d1", "d6"), ("b2", "f6"), ("g3", "b8")]).await;
    b.wait_for(
        "the stars",
        "document.querySelector('li[data-stage=\"queen\"] .learn-stars')?.textContent === '★★★'",
    )
    .await;
    let progress = h
        .service
        .lessons()
        .progress(UserId(ALICE.id))
        .await
        .unwrap();
    assert_eq!(progress[0].stars, Some(3), "stored as hers");
    let problems = layout_problems(&b).await;
    assert!(problems.is_empty(), "{problems:#?}");
    let violations = b.axe_violations().await;
    assert!(violations.is_empty(), "axe-core: {violations:#?}");
    b.screenshot_to(&screenshots().join("activity-learn.png"))
        .await;

    // The last stage, then the first game: against the computer, in this Activity.
    tap(&b, "li[data-stage=\"puzzles\"] button").await;
    answer_stage(&b, &[("e9", "a9"), ("d4", "l12"), ("j8", "g5")]).await;
    b.wait_for(
        "the offer of a first game",
        "!document.getElementById('mq-play').hidden",
    )
    .await;
    tap(&b, "#mq-play").await;
    b.wait_for(
        "the first game, in the Activity",
        "location.pathname === '/activity' && location.hash.startsWith('#g=') \
         && document.querySelector('#mq-conn[data-state=\"live\"]') !== null",
    )
    .await;
    let games = h
        .service
        .active_games(UserId(ALICE.id), None)
        .await
        .unwrap();
    assert_eq!(games.len(), 1, "{games:?}");
    assert_eq!(h.game(games[0].id).await.ai_level, Some(Level::Easy));
    // And her games are a tap away.
    tap(&b, "#mq-home").await;
    b.wait_for(
        "her games",
        "location.hash === '#games' \
         && document.querySelectorAll('#mq-chooser-games button').length === 1",
    )
    .await;
    b.assert_console_clean().await;
    drop(b);
    h.stop().await;
}
