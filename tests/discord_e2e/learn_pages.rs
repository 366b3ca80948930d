//! The lessons on the web: the page and its stateless check over plain HTTP (a right try, a
//! wrong one explained with its squares, in the reader's language, bad requests refused), and
//! a newcomer walking every stage to the end by taps in headless Chromium, from the front page
//! to a first game against the computer, with a wrong try explained on the board; the same walk
//! in Spanish, and a wrong try explained in French.

use std::path::PathBuf;
use std::time::Instant;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::browser::{LocalWeb, PHONE, layout_problems, screenshots, tap, tap_move};
use crate::harness::WAIT;
use crate::support::browser::Browser;
use crate::support::lesson_answers::ANSWERS;

/// A wide screen.
const WIDE: (u32, u32) = (1280, 800);

async fn post(url: &str, lang: &str, body: &Value) -> (StatusCode, Value) {
    let answer = reqwest::Client::new()
        .post(url)
        .header("accept-language", lang)
        .json(body)
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lessons_page_checks_each_try_in_the_readers_language() {
    let local = LocalWeb::start().await;
    let html = reqwest::get(format!("{}/learn", local.url))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(html.contains("Learn Monkey Queen"), "{html}");
    assert!(html.contains("Move the piece on d1 to d6."), "{html}");
    let home = reqwest::get(&local.url)
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(home.contains("href=\"/learn\""), "{home}");
    let check = format!("{}/api/learn/check", local.url);

    let (status, right) = post(
        &check,
        "en",
        &json!({"stage": "queen", "exercise": 0, "move": "d1d6", "wrong": 0}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(right["result"], "right");
    assert_eq!(right["move"], "d1-d6");
    assert_eq!(right["stars"], Value::Null, "not the stage's end");
    let (_, last) = post(
        &check,
        "en",
        &json!({"stage": "pie", "exercise": 0, "move": "swap", "wrong": 1}),
    )
    .await;
    assert_eq!(last["stars"], 2);
    assert_eq!(last["text"], "Stage done: 2 of 3 stars.");

    let (_, wrong) = post(
        &check,
        "fr",
        &json!({"stage": "baby", "exercise": 0, "move": "c4-b4"}),
    )
    .await;
    assert_eq!(wrong["result"], "wrong");
    assert_eq!(
        wrong["text"],
        "Coup illégal : un bébé doit se rapprocher de la reine adverse en g7 : c4 en est à √25, \
         b4 en serait à √34."
    );
    let marks = wrong["marks"].as_array().unwrap();
    assert!(marks.contains(&json!({"square": "b4", "kind": "tried", "distance": 34})));
    assert!(marks.contains(&json!({"square": "g7", "kind": "enemy-queen", "distance": null})));
    assert!(marks.contains(&json!({"square": "d5", "kind": "allowed", "distance": 13})));

    for (body, status) in [
        (
            json!({"stage": "nope", "exercise": 0, "move": "a1-a2"}),
            StatusCode::NOT_FOUND,
        ),
        (
            json!({"stage": "queen", "exercise": 9, "move": "a1-a2"}),
            StatusCode::NOT_FOUND,
        ),
        (
            json!({"stage": "queen", "exercise": 0}),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({"stage": "queen", "exercise": 0, "move": "d1-d6", "x": 1}),
            StatusCode::BAD_REQUEST,
        ),
    ] {
        assert_eq!(post(&check, "en", &body).await.0, status, "{body}");
    }
    local.stop().await;
}

/// Plays `mv` (`d1-d6`, `c3xa1`, `swap`) by taps; returns the taps made.
async fn play(b: &Browser, mv: &str) -> u32 {
    if mv == "swap" {
        b.wait_for("the swap", "!document.getElementById('mq-swap').hidden")
            .await;
        tap(b, "#mq-swap").await;
        return 1;
    }
    let (from, to) = mv.split_once(['-', 'x']).unwrap();
    tap_move(b, from, to, None).await;
    2
}

async fn text_of(b: &Browser, id: &str) -> String {
    let text = b
        .eval(&format!("document.getElementById('{id}').textContent"))
        .await;
    text.as_str().unwrap_or_default().to_owned()
}

/// Waits for a right answer to be shown.
async fn wait_right(b: &Browser) {
    b.wait_for(
        "a right answer",
        "document.querySelector('.learn-lesson').dataset.state === 'right'",
    )
    .await;
}

/// Plays every exercise's answer by taps, Next between them, after a wrong try at the first
/// exercise of the baby stage, whose explanation on the board `explained` checks; the taps.
async fn walk_every_stage(b: &Browser, explained: impl AsyncFn(&Browser)) -> u32 {
    let mut taps = 0;
    for (stage, answers) in ANSWERS {
        for (i, answer) in answers.iter().enumerate() {
            if stage == "baby" && i == 0 {
                taps += play(b, "c4-b4").await;
                b.wait_for(
                    "the explanation",
                    "document.querySelector('.learn-marks g[data-kind=\"tried\"][data-square=\"b4\"]') \
                     !== null",
                )
                .await;
                explained(b).await;
            }
            taps += play(b, answer).await;
            wait_right(b).await;
            let last_of_all = stage == "puzzles" && i + 1 == answers.len();
            if !last_of_all {
                b.wait_for("next", "!document.getElementById('mq-next').hidden")
                    .await;
                tap(b, "#mq-next").await;
                taps += 1;
            }
        }
    }
    taps
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newcomer_learns_every_rule_by_taps_and_starts_a_first_game() {
    let Some(b) = Browser::start(WIDE.0, WIDE.1, WAIT).await else {
        return;
    };
    let local = LocalWeb::start().await;
    let started = Instant::now();
    let mut taps = 0;

    b.client.goto(&local.url).await.unwrap();
    b.wait_for(
        "the link to the lessons",
        "document.querySelector('a[data-learn-link]')?.textContent === 'Learn to play'",
    )
    .await;
    tap(&b, "a[data-learn-link]").await;
    taps += 1;
    b.wait_for(
        "the lessons",
        "location.pathname === '/learn' \
         && document.getElementById('mq-board').getAttribute('aria-label') !== ''",
    )
    .await;
    assert_eq!(text_of(&b, "mq-task").await, "Move the piece on d1 to d6.");
    assert_eq!(
        b.eval("document.querySelector('.learn-marks g[data-kind=\"target\"]')?.dataset.square")
            .await,
        "d6"
    );

    taps += walk_every_stage(&b, async |b: &Browser| {
        assert_eq!(
            text_of(b, "mq-feedback").await,
            "Illegal move: a baby must move closer to the enemy queen on g7: c4 is √25 \
             from it, b4 would be √34."
        );
        let allowed = b
            .eval("document.querySelectorAll('.learn-marks g[data-kind=\"allowed\"]').length")
            .await;
        assert!(allowed.as_u64().unwrap() > 0, "{allowed}");
        let shot = b
            .screenshot_to(&screenshots().join("learn-wrong.png"))
            .await;
        if std::env::var("UPDATE_SCREENSHOTS").is_ok_and(|v| v == "1") {
            let docs = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/learn.png");
            std::fs::write(&docs, &shot).unwrap();
        }
        let problems = layout_problems(b).await;
        assert!(problems.is_empty(), "{problems:#?}");
        let violations = b.axe_violations().await;
        assert!(violations.is_empty(), "axe-core: {violations:#?}");
    })
    .await;
    b.wait_for(
        "the offer of a first game",
        "!document.getElementById('mq-play').hidden",
    )
    .await;
    let stars = b
        .eval("JSON.parse(localStorage.getItem('mq-learn')).stars")
        .await;
    assert_eq!(stars["baby"], 2, "{stars}");
    assert_eq!(stars["queen"], 3, "{stars}");
    assert_eq!(stars.as_object().unwrap().len(), ANSWERS.len(), "{stars}");
    let seconds = started.elapsed().as_secs_f64();
    println!("a scripted newcomer finished the lessons in {taps} taps and {seconds:.1} s");
    for (width, height) in [PHONE, WIDE] {
        b.set_viewport(width, height).await;
        let problems = layout_problems(&b).await;
        assert!(problems.is_empty(), "at {width}×{height}: {problems:#?}");
        let violations = b.axe_violations().await;
        assert!(
            violations.is_empty(),
            "axe-core at {width}×{height}: {violations:#?}"
        );
    }
    b.screenshot_to(&screenshots().join("learn-done.png")).await;

    // Progress stays with the browser.
    b.client.refresh().await.unwrap();
    b.wait_for(
        "the stars kept",
        "document.querySelector('li[data-stage=\"baby\"] .learn-stars')?.textContent === '★★☆'",
    )
    .await;
    b.wait_for(
        "the offer again",
        "document.querySelector('li[data-stage=\"pie\"] .learn-stars')?.textContent === '★★★'",
    )
    .await;

    // The first game, against the easiest computer.
    tap(&b, "li[data-stage=\"puzzles\"] button").await;
    for answer in ANSWERS[8].1 {
        play(&b, answer).await;
        wait_right(&b).await;
        if *answer != "j8-g5" {
            tap(&b, "#mq-next").await;
        }
    }
    tap(&b, "#mq-play").await;
    b.wait_for("the first game", "location.pathname.startsWith('/g/')")
        .await;
    b.assert_console_clean().await;
    drop(b);
    local.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_try_is_explained_in_french_on_the_board() {
    let Some(b) = Browser::start_speaking(PHONE.0, PHONE.1, WAIT, "fr").await else {
        return;
    };
    let local = LocalWeb::start().await;
    b.client
        .goto(&format!("{}/learn", local.url))
        .await
        .unwrap();
    b.wait_for(
        "the lessons in French",
        "document.getElementById('mq-stages-title').textContent === 'Étapes'",
    )
    .await;
    tap(&b, "li[data-stage=\"queen-two\"] button").await;
    assert_eq!(text_of(&b, "mq-task").await, "Prends une pièce.");
    play(&b, "d4-d5").await;
    b.wait_for(
        "the explanation",
        "document.querySelector('.learn-marks g[data-kind=\"allowed\"][data-square=\"d7\"]') !== null",
    )
    .await;
    assert_eq!(
        text_of(&b, "mq-feedback").await,
        "Coup illégal : ta reine en d4 n'est plus qu'une pile de 2 : elle peut prendre, mais pas \
         donner naissance à un bébé."
    );
    let violations = b.axe_violations().await;
    assert!(violations.is_empty(), "axe-core: {violations:#?}");
    b.assert_console_clean().await;
    drop(b);
    local.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newcomer_learns_every_rule_in_spanish() {
    let Some(b) = Browser::start_speaking(PHONE.0, PHONE.1, WAIT, "es").await else {
        return;
    };
    let local = LocalWeb::start().await;
    b.client.goto(&local.url).await.unwrap();
    b.wait_for(
        "the link to the lessons",
        "document.querySelector('a[data-learn-link]')?.textContent === 'Aprende a jugar'",
    )
    .await;
    tap(&b, "a[data-learn-link]").await;
    b.wait_for(
        "the lessons in Spanish",
        "location.pathname === '/learn' \
         && document.getElementById('mq-stages-title').textContent === 'Etapas'",
    )
    .await;
    // The wrong try is explained in the words the server's check gives a Spanish reader.
    let (_, why) = post(
        &format!("{}/api/learn/check", local.url),
        "es",
        &json!({"stage": "baby", "exercise": 0, "move": "c4-b4"}),
    )
    .await;
    let why = why["text"].as_str().unwrap().to_owned();
    assert!(why.contains("√34"), "{why}");
    walk_every_stage(&b, async |b: &Browser| {
        assert_eq!(text_of(b, "mq-feedback").await, why);
    })
    .await;
    b.wait_for(
        "the end, in Spanish",
        "document.getElementById('mq-feedback').textContent.endsWith('Ya conoces todas las reglas. ¿Listo para una primera partida?') \
         && !document.getElementById('mq-play').hidden",
    )
    .await;
    let stars = b
        .eval("JSON.parse(localStorage.getItem('mq-learn')).stars")
        .await;
    assert_eq!(stars.as_object().unwrap().len(), ANSWERS.len(), "{stars}");
    assert_eq!(stars["baby"], 2, "{stars}");
    let violations = b.axe_violations().await;
    assert!(violations.is_empty(), "axe-core: {violations:#?}");
    b.assert_console_clean().await;
    drop(b);
    local.stop().await;
}
