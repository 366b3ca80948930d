//! Many game pages open at once in one browser, which keeps at most six HTTP/1.1 connections to
//! a host: a page's live stream must not hold one while nobody sees the page (left for the
//! next, kept in the back-forward cache, or in a hidden tab), so the page in front always
//! reaches the server; and a move the server has not confirmed is never shown as played.

use fantoccini::Locator;
use serde_json::{Value, json};

use crate::browser::{LocalWeb, PHONE, browser, open_live, screenshots, tap, wait_for_ply};
use crate::support::browser::Browser;

/// How many pages the tests open: more than the browser's six connections to a host.
const PAGES: usize = 10;

/// Starts a game between two people at the screen; its page's path.
async fn new_game(web: &LocalWeb) -> String {
    let answer = reqwest::Client::new()
        .post(format!("{}/api/games", web.url))
        .json(&json!({ "opponent": "human", "color": "white" }))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), reqwest::StatusCode::CREATED);
    let created: Value = answer.json().await.unwrap();
    created["url"].as_str().unwrap().to_owned()
}

/// Starts [`PAGES`] games; their pages' paths.
async fn new_games(web: &LocalWeb) -> Vec<String> {
    let mut paths = Vec::with_capacity(PAGES);
    for _ in 0..PAGES {
        paths.push(new_game(web).await);
    }
    paths
}

/// Plays g1-g7 by taps on the page in front, and waits until it is confirmed there.
async fn move_queen(b: &Browser) {
    b.wait_for(
        "the board takes taps",
        "document.getElementById('mq-board').classList.contains('is-playable') \
         && document.querySelector('rect.sq.movable[data-square=\"g1\"]') !== null",
    )
    .await;
    tap(b, "rect.sq[data-square=\"g1\"]").await;
    tap(b, "rect.sq[data-square=\"g7\"]").await;
    wait_for_ply(b, 1, 1).await;
    b.wait_for(
        "the move is confirmed",
        "document.querySelector('#mq-moves button[data-ply=\"1\"]')?.textContent === 'g1-g7' \
         && document.querySelector('#mq-conn[data-state=\"live\"]') !== null",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_on_the_tenth_page_opened_in_one_tab_reaches_the_server() {
    let Some(b) = browser(PHONE).await else {
        return;
    };
    let web = LocalWeb::start().await;
    let paths = new_games(&web).await;
    for path in &paths {
        open_live(&b, &format!("{}{path}", web.url)).await;
    }
    move_queen(&b).await;
    let last = paths.last().unwrap().trim_start_matches("/g/");
    assert_eq!(web.moves(last).await, 1, "the server has the move");

    // Back to the previous page (from the back-forward cache, or loaded again): it follows
    // its game live again, and the tenth page's move is there when it is opened again.
    b.client.back().await.unwrap();
    b.wait_for(
        "the ninth page follows its game again",
        &format!(
            "location.pathname === '{}' && document.querySelector('#mq-conn[data-state=\"live\"]') !== null",
            paths[PAGES - 2]
        ),
    )
    .await;
    b.client.forward().await.unwrap();
    wait_for_ply(&b, 1, 1).await;
    b.assert_console_clean().await;
    drop(b);
    web.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_in_the_tenth_tab_reaches_the_server() {
    let Some(b) = browser(PHONE).await else {
        return;
    };
    let web = LocalWeb::start().await;
    let paths = new_games(&web).await;
    for (i, path) in paths.iter().enumerate() {
        if i > 0 {
            let tab = b.client.new_window(true).await.unwrap();
            b.client.switch_to_window(tab.handle).await.unwrap();
        }
        open_live(&b, &format!("{}{path}", web.url)).await;
    }
    move_queen(&b).await;
    let last = paths.last().unwrap().trim_start_matches("/g/");
    assert_eq!(web.moves(last).await, 1, "the server has the move");

    // Another tab, brought to the front, follows its game: a move there is played live.
    let tabs = b.client.windows().await.unwrap();
    b.client.switch_to_window(tabs[0].clone()).await.unwrap();
    b.client
        .find(Locator::Css("body"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    move_queen(&b).await;
    let first = paths[0].trim_start_matches("/g/");
    assert_eq!(
        web.moves(first).await,
        1,
        "the server has the first tab's move"
    );
    b.assert_console_clean().await;
    drop(b);
    web.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_the_server_never_confirms_is_taken_back_and_the_player_told() {
    let Some(b) = browser(PHONE).await else {
        return;
    };
    let web = LocalWeb::start().await;
    let path = new_game(&web).await;
    open_live(&b, &format!("{}{path}", web.url)).await;
    // Requests from now on get no answer, as when the browser has no connection left for
    // them: they wait until the page gives up on them.
    b.eval(
        "(window.fetch = (url, init) => new Promise((_, reject) => \
           init.signal?.addEventListener('abort', () => reject(init.signal.reason))), true)",
    )
    .await;
    b.wait_for(
        "the board takes taps",
        "document.querySelector('rect.sq.movable[data-square=\"g1\"]') !== null",
    )
    .await;
    tap(&b, "rect.sq[data-square=\"g1\"]").await;
    tap(&b, "rect.sq[data-square=\"g7\"]").await;
    b.wait_for(
        "the move is shown while it is sent",
        "document.getElementById('mq-board').getAttribute('aria-label').includes('g7')",
    )
    .await;
    b.wait_for(
        "the board takes the move back and says why",
        "document.querySelector('#mq-alert p')?.textContent.startsWith('The server did not confirm your move') \
         && !document.getElementById('mq-board').getAttribute('aria-label').includes('g7') \
         && document.querySelector('rect.sq.movable[data-square=\"g1\"]') !== null",
    )
    .await;
    wait_for_ply(&b, 0, 0).await;
    b.screenshot_to(&screenshots().join("move-unconfirmed.png"))
        .await;
    let key = path.trim_start_matches("/g/");
    assert_eq!(web.moves(key).await, 0, "nothing reached the server");
    drop(b);
    web.stop().await;
}
