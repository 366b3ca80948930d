//! Puzzles on the web: a puzzle's page and its stateless check over plain HTTP (right, solved
//! and wrong answers, the solution only when failed or asked for, every bad request refused
//! with a plain status and nothing changed), the game's page linking to the puzzles found in
//! it, and a puzzle solved by taps and another failed in headless Chromium.

use std::path::PathBuf;

use monkey_queen::games::{GameId, GameRef, PlayerRef, UserId, read_puzzle_lines};
use monkey_queen::model::PuzzleId;
use monkey_queen_core::puzzle::Puzzle;
use monkey_queen_core::{Move, Position};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::browser::{PHONE, browser, layout_problems, screenshots, tap};
use crate::harness::Harness;
use crate::hostile::snapshot;
use crate::pages::oversized_post;
use crate::support::payloads::{ALICE, BOB};

/// Three plies: the solver's `a2-j11`, the reply `c3xh3`, then `j11xk11` takes the queen.
const SHORT: &str = r#"{"puzzle": "12/10q1/3b8/4b3b3/11B/12/12/4b7/7B4/B1b4B4/B8Q2/6B4B w 13 15 14 20 - | a2-j11 c3xh3 j11xk11 | queen-capture,trapped-queen,baby-takes-queen,quiet-move,short | 1500 | 14 self-play easy 1009"}"#;
/// One move: `i5-i11`.
const ONE: &str = r#"{"puzzle": "5b6/5bq5/b4bb5/bb5b4/b1b9/12/12/6bBBB2/3B8/8B3/7B2B1/3B2B1B2Q w 6 6 42 20 - | i5-i11 | forced-win,quiet-move,one-move | 1150 | 42 self-play easy 1004"}"#;
/// A wide screen, for the screenshot.
const WIDE: (u32, u32) = (1280, 800);

fn puzzle(line: &str) -> Puzzle {
    read_puzzle_lines(line).unwrap().remove(0)
}

/// A finished game between Alice and Bob, with both puzzles stored as found in it; the game,
/// its page key and the puzzles' ids (the short one's first).
async fn game_with_puzzles(h: &Harness) -> (GameId, String, PuzzleId, PuzzleId) {
    let (game, board) = h.start_game(ALICE, BOB).await;
    h.play(ALICE, "g1-g7").await.applied();
    h.service
        .resign(UserId(BOB.id), GameRef::Id(game), None)
        .await
        .unwrap();
    let added = h
        .service
        .puzzles()
        .add(&[puzzle(SHORT), puzzle(ONE)], Some(game))
        .await
        .unwrap();
    assert_eq!(added, 2);
    let found = h.service.puzzles().of_game(game).await.unwrap();
    let id = |ply| found.iter().find(|(p, _)| *p == ply).unwrap().1;
    let link = board.page_link().expect("the board links to its page");
    let key = link.rsplit('/').next().unwrap().to_owned();
    h.idle().await;
    (game, key, id(14), id(42))
}

/// A legal move of `line`'s puzzle that is not its solution's first and does not win at once.
fn wrong_move(line: &str) -> Move {
    let p = puzzle(line);
    p.position
        .legal_moves()
        .into_iter()
        .find(|&m| {
            let mut after: Position = p.position.clone();
            after.play_unchecked(m);
            m != p.solution[0] && after.outcome().is_none() && !matches!(m, Move::Swap)
        })
        .expect("a wrong move")
}

/// POSTs `body` (as JSON) to `url`: the status, and the body as JSON, or as text if it is not.
async fn post(url: &str, body: &str) -> (StatusCode, Value) {
    let answer = reqwest::Client::new()
        .post(url)
        .header("content-type", "application/json")
        .body(body.to_owned())
        .send()
        .await
        .unwrap();
    let status = answer.status();
    let text = answer.text().await.unwrap();
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

/// The moves of a line of steps the server sent.
fn moves_of(steps: &Value) -> Vec<&str> {
    steps
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["move"].as_str().unwrap())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_puzzles_page_checks_each_move_and_keeps_nothing() {
    let h = Harness::registered_with_pages().await;
    let (_, key, short, one) = game_with_puzzles(&h).await;
    let pages = h.pages(0);
    let before = snapshot(&h).await;

    // The page: its number, task and unfurl, in the reader's language; never the solution.
    let html = reqwest::get(format!("{pages}/puzzles/{short}"))
        .await
        .unwrap();
    assert_eq!(html.status(), StatusCode::OK);
    let html = html.text().await.unwrap();
    assert!(html.contains(&format!("Puzzle #{short}")), "{html}");
    assert!(html.contains("Find the winning move for White"), "{html}");
    assert!(
        html.contains(&format!(
            "content=\"https://monkey-queen.test/puzzles/{short}/board.png\""
        )),
        "{html}"
    );
    for solution in ["a2-j11", "c3xh3", "j11xk11"] {
        assert!(!html.contains(solution), "{solution} in {html}");
    }
    let french = reqwest::Client::new()
        .get(format!("{pages}/puzzles/{short}"))
        .header("accept-language", "fr")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(french.contains(&format!("Problème #{short}")), "{french}");
    assert!(
        french.contains("Trouve le coup gagnant des Blancs"),
        "{french}"
    );
    let png = reqwest::get(format!("{pages}/puzzles/{short}/board.png"))
        .await
        .unwrap();
    assert_eq!(png.headers()["content-type"], "image/png");
    let png = png.bytes().await.unwrap();
    assert!(png.starts_with(b"\x89PNG"));
    std::fs::create_dir_all(screenshots()).unwrap();
    std::fs::write(screenshots().join("puzzle-board.png"), &png).unwrap();

    // Right (with the reply and the moves then), solved, wrong (with the solution).
    let check = format!("{pages}/api/puzzles/{short}/check");
    let (status, right) = post(&check, r#"{"moves":["a2-j11"]}"#).await;
    assert_eq!(status, StatusCode::OK, "{right}");
    assert_eq!(right["result"], "right");
    assert_eq!(moves_of(&right["line"]), ["a2-j11", "c3xh3"]);
    assert!(right["dests"]["j11"].is_array(), "{right}");
    assert!(right.get("solution").is_none(), "{right}");
    let (status, solved) = post(&check, r#"{"moves":["A2J11","j11xk11"]}"#).await;
    assert_eq!(status, StatusCode::OK, "{solved}");
    assert_eq!(solved["result"], "solved");
    assert_eq!(moves_of(&solved["line"]), ["j11xk11"]);
    let wrong = wrong_move(SHORT).to_string();
    let (status, failed) = post(&check, &json!({ "moves": [wrong] }).to_string()).await;
    assert_eq!(status, StatusCode::OK, "{failed}");
    assert_eq!(failed["result"], "wrong");
    assert_eq!(
        moves_of(&failed["solution"]),
        ["a2-j11", "c3xh3", "j11xk11"]
    );
    let one_wrong = wrong_move(ONE).to_string();
    let (_, failed) = post(
        &format!("{pages}/api/puzzles/{one}/check"),
        &json!({ "moves": [one_wrong] }).to_string(),
    )
    .await;
    assert_eq!(moves_of(&failed["solution"]), ["i5-i11"]);
    // The solution when asked for, from where the page stands.
    let solution = format!("{pages}/api/puzzles/{short}/solution");
    let (status, rest) = post(&solution, r#"{"moves":["a2-j11"]}"#).await;
    assert_eq!(status, StatusCode::OK, "{rest}");
    assert_eq!(moves_of(&rest["solution"]), ["j11xk11"]);

    // Bad requests: plain statuses with a plain reason.
    for (url, body, expected) in [
        (
            &check,
            r#"{"moves":["a1-a12"]}"#,
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            &check,
            r#"{"moves":["nonsense"]}"#,
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (&check, r#"{"moves":[]}"#, StatusCode::BAD_REQUEST),
        (&check, r#"{"moves":"a2-j11"}"#, StatusCode::BAD_REQUEST),
        (
            &check,
            r#"{"moves":["a2-j11"],"ply":0}"#,
            StatusCode::BAD_REQUEST,
        ),
        (&check, r#"{"moves":["a2-j11""#, StatusCode::BAD_REQUEST),
        (&check, "", StatusCode::BAD_REQUEST),
        (
            &check,
            r#"{"moves":["a2-j11","j11xk11","a1-a2"]}"#,
            StatusCode::CONFLICT,
        ),
        (
            &solution,
            r#"{"moves":["a2-j11","j11xk11"]}"#,
            StatusCode::CONFLICT,
        ),
    ] {
        let (status, answer) = post(url, body).await;
        assert_eq!(status, expected, "{body}: {answer}");
        assert!(answer.is_string(), "plain text: {answer}");
    }
    let too_many = json!({ "moves": vec!["a2-j11"; 65] }).to_string();
    assert_eq!(post(&check, &too_many).await.0, StatusCode::BAD_REQUEST);
    let status = oversized_post(&pages, &format!("/api/puzzles/{short}/check")).await;
    assert!(status.starts_with("HTTP/1.1 413"), "{status}");
    let padded = json!({ "moves": ["a2-j11"], "pad": "x".repeat(5000) }).to_string();
    assert_eq!(post(&check, &padded).await.0, StatusCode::PAYLOAD_TOO_LARGE);
    // No such puzzle.
    for path in [
        "/puzzles/999999".to_owned(),
        "/puzzles/999999/board.png".to_owned(),
        "/puzzles/x".to_owned(),
        "/puzzles/-1".to_owned(),
        format!("/puzzles/{short}/nope"),
        format!("/puzzles/{}", "9".repeat(40)),
    ] {
        let answer = reqwest::get(format!("{pages}{path}")).await.unwrap();
        assert_eq!(answer.status(), StatusCode::NOT_FOUND, "{path}");
    }
    let (status, _) = post(
        &format!("{pages}/api/puzzles/999999/check"),
        r#"{"moves":["a2-j11"]}"#,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    h.idle().await;
    assert_eq!(
        snapshot(&h).await,
        before,
        "a puzzle's page changed the database"
    );

    // The game's page links to the puzzles found in it, by the ply of their position.
    let state: Value = reqwest::get(format!("{pages}/api/games/{key}"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        state["puzzles"],
        json!([
            { "ply": 14, "id": short.0, "url": format!("/puzzles/{short}") },
            { "ply": 42, "id": one.0, "url": format!("/puzzles/{one}") },
        ])
    );
    h.stop().await;
}

/// The state a puzzle's page carries, and the answers to its check and its solution, in
/// French: (counts, check's status and body, solution's status and body).
async fn as_the_web_sees(
    pages: &str,
    id: PuzzleId,
) -> (bool, (StatusCode, Value), (StatusCode, Value)) {
    let html = reqwest::get(format!("{pages}/puzzles/{id}"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let counts = html.contains(r#""counts":true"#);
    assert!(counts || html.contains(r#""counts":false"#), "{html}");
    let ask = |path: &'static str| {
        reqwest::Client::new()
            .post(format!("{pages}/api/puzzles/{id}/{path}"))
            .header("content-type", "application/json")
            .header("accept-language", "fr")
            .body(r#"{"moves":["a1-a2"]}"#)
            .send()
    };
    let read = |answer: reqwest::Response| async move {
        let status = answer.status();
        let text = answer.text().await.unwrap();
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        )
    };
    let check = read(ask("check").await.unwrap()).await;
    let solution = read(ask("solution").await.unwrap()).await;
    (counts, check, solution)
}

/// A puzzle that counts on Discord (today's daily puzzle, someone's open rated `/puzzle`) is
/// shown on the web but neither judged nor solved there, in the viewer's language, until it
/// no longer counts; the daily puzzle is drawn when first asked for, not known before.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_puzzle_that_counts_on_discord_is_only_shown_on_the_web() {
    let h = Harness::registered_with_pages().await;
    let (_, _, short, one) = game_with_puzzles(&h).await;
    let pages = h.pages(0);
    let refused = |(status, body): (StatusCode, Value)| {
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        let text = body["error"].as_str().unwrap_or_default().to_owned();
        assert!(
            text.starts_with("Ce problème compte en ce moment sur Discord"),
            "{body}"
        );
    };
    // Nothing counts yet: the line a1-a2 is checked (and is illegal there: 422).
    for id in [short, one] {
        let (counts, check, solution) = as_the_web_sees(&pages, id).await;
        assert!(!counts);
        assert_eq!(check.0, StatusCode::UNPROCESSABLE_ENTITY, "{check:?}");
        assert_eq!(solution.0, StatusCode::UNPROCESSABLE_ENTITY, "{solution:?}");
    }
    // Alice's rated /puzzle.
    let alice = PlayerRef::new(UserId(ALICE.id), ALICE.username);
    let rated = h.service.puzzles().next(&alice).await.unwrap().id;
    let (counts, check, solution) = as_the_web_sees(&pages, rated).await;
    assert!(counts);
    refused(check);
    refused(solution);
    if rated != one {
        assert!(!as_the_web_sees(&pages, one).await.0);
    }
    // She gives up: it no longer counts.
    h.service
        .puzzles()
        .give_up(UserId(ALICE.id), rated, None, None)
        .await
        .unwrap();
    assert!(!as_the_web_sees(&pages, rated).await.0);
    // Today's daily puzzle counts all day, the other does not.
    let bob = PlayerRef::new(UserId(BOB.id), BOB.username);
    let daily = h.service.puzzles().daily(&bob).await.unwrap().id;
    let other = if daily == short { one } else { short };
    let (counts, check, solution) = as_the_web_sees(&pages, daily).await;
    assert!(counts);
    refused(check);
    refused(solution);
    let (counts, check, _) = as_the_web_sees(&pages, other).await;
    assert!(!counts);
    assert_eq!(check.0, StatusCode::UNPROCESSABLE_ENTITY, "{check:?}");
    h.stop().await;
}

/// Taps the square `name` of the board.
async fn tap_square(b: &crate::support::browser::Browser, name: &str) {
    tap(b, &format!("rect.sq[data-square=\"{name}\"]")).await;
}

/// Plays `mv` on the board by two taps, once the board offers its piece.
async fn tap_move(b: &crate::support::browser::Browser, mv: Move) {
    let Move::Normal { from, to, .. } = mv else {
        panic!("{mv} is not played by taps")
    };
    let (from, to) = (from.to_string(), to.to_string());
    b.wait_for(
        &format!("the board offers {from}"),
        &format!(
            "document.getElementById('mq-board').classList.contains('is-playable') \
             && document.querySelector('rect.sq.movable[data-square=\"{from}\"]') !== null"
        ),
    )
    .await;
    tap_square(b, &from).await;
    b.wait_for(
        &format!("{to} is offered"),
        &format!("document.querySelector('g.mq-dest[data-dest=\"{to}\"]') !== null"),
    )
    .await;
    tap_square(b, &to).await;
}

/// The text of the element with id `id`.
async fn text_of(b: &crate::support::browser::Browser, id: &str) -> String {
    let text = b
        .eval(&format!("document.getElementById('{id}').textContent"))
        .await;
    text.as_str().unwrap_or_default().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_puzzle_is_solved_by_taps_and_another_failed() {
    let Some(b) = browser(WIDE).await else { return };
    let h = Harness::registered_with_pages().await;
    let (_, key, short, one) = game_with_puzzles(&h).await;
    let pages = h.pages(0);

    // From the game's page to its puzzle.
    b.client.goto(&format!("{pages}/g/{key}")).await.unwrap();
    b.wait_for(
        "the game's puzzles",
        "!document.getElementById('mq-puzzles').hidden",
    )
    .await;
    let problems = layout_problems(&b).await;
    assert!(problems.is_empty(), "the game's page: {problems:#?}");
    b.screenshot_to(&screenshots().join("puzzle-game.png"))
        .await;
    tap(
        &b,
        &format!("#mq-puzzle-links a[href=\"/puzzles/{short}\"]"),
    )
    .await;
    b.wait_for(
        "the puzzle's page",
        &format!(
            "location.pathname === '/puzzles/{short}' \
             && document.getElementById('mq-board').getAttribute('aria-label') !== ''"
        ),
    )
    .await;
    assert_eq!(
        text_of(&b, "mq-task").await,
        "Find the winning move for White"
    );
    let solution = puzzle(SHORT).solution;

    // The right move: the defender's reply comes, and the board takes the next.
    tap_move(&b, solution[0]).await;
    b.wait_for(
        "the reply",
        "document.querySelector('#mq-moves button[data-ply=\"2\"][aria-current=\"step\"]')\
         ?.textContent === 'c3xh3'",
    )
    .await;
    assert_eq!(
        text_of(&b, "mq-feedback").await,
        "Right! The reply was c3xh3: find the next move."
    );
    let shot = b.screenshot_to(&screenshots().join("puzzle.png")).await;
    if std::env::var("UPDATE_SCREENSHOTS").is_ok_and(|v| v == "1") {
        let docs = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/puzzle.png");
        std::fs::write(&docs, &shot).unwrap();
        println!("wrote {}", docs.display());
    }
    tap_move(&b, solution[2]).await;
    b.wait_for(
        "solved",
        "document.getElementById('mq-play').dataset.state === 'solved' \
         && document.getElementById('mq-feedback').textContent === 'Solved!' \
         && !document.getElementById('mq-board').classList.contains('is-playable')",
    )
    .await;
    for (width, height) in [PHONE, WIDE] {
        b.set_viewport(width, height).await;
        let problems = layout_problems(&b).await;
        assert!(problems.is_empty(), "at {width}×{height}: {problems:#?}");
        let violations = b.axe_violations().await;
        assert!(
            violations.is_empty(),
            "axe-core at {width}×{height}: {violations:#?}"
        );
        let path = screenshots().join(format!("puzzle-solved-{width}.png"));
        b.screenshot_to(&path).await;
    }

    // Another, failed: the solution shows, its first move on the board.
    b.client
        .goto(&format!("{pages}/puzzles/{one}"))
        .await
        .unwrap();
    let wrong = wrong_move(ONE);
    tap_move(&b, wrong).await;
    b.wait_for(
        "the solution",
        "document.getElementById('mq-play').dataset.state === 'failed' \
         && document.querySelector('#mq-moves button[data-ply=\"1\"][aria-current=\"step\"]')\
         ?.textContent === 'i5-i11'",
    )
    .await;
    assert_eq!(
        text_of(&b, "mq-feedback").await,
        format!("{wrong} is not it. The solution is on the board: step through it.")
    );
    b.screenshot_to(&screenshots().join("puzzle-failed.png"))
        .await;
    // Tried again, then given up: the solution comes when asked for.
    tap(&b, "#mq-again").await;
    b.wait_for(
        "the puzzle again",
        "document.getElementById('mq-play').dataset.state === 'solving' \
         && document.querySelectorAll('#mq-moves button').length === 0",
    )
    .await;
    tap(&b, "#mq-show-solution").await;
    b.wait_for(
        "the solution asked for",
        "document.getElementById('mq-play').dataset.state === 'failed' \
         && document.querySelector('#mq-moves button[data-ply=\"1\"]')?.textContent === 'i5-i11'",
    )
    .await;
    let violations = b.axe_violations().await;
    assert!(violations.is_empty(), "axe-core: {violations:#?}");
    b.assert_console_clean().await;
    drop(b);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fresh_monkey_queen_web_serves_the_starter_puzzles() {
    // `monkey-queen web` on a database nobody used before: the shipped puzzles are stored
    // before anything is served, as for the bot.
    let local = crate::browser::LocalWeb::start().await;
    let page = reqwest::get(format!("{}/puzzles/1", local.url))
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    let html = page.text().await.unwrap();
    assert!(html.contains("Puzzle #1"), "{html}");
    local.stop().await;
}
