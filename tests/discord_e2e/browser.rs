//! The game pages in a real browser: headless Chromium (see `support::browser`) on the pages
//! the bot serves beside the fake Discord, and on `monkey-queen web`'s local play. A move made
//! in Discord shows on an open page, the page steps through the game by keys and buttons, the
//! boards link to it (also in a group DM, whose game no server list names), it fits a phone and
//! a wide screen with no accessibility fault axe-core calls serious, and a game at this screen
//! is played by taps.
//!
//! Skipped (one line on stderr) where chromedriver or Chromium is missing, unless
//! `MQ_TEST_BROWSER=required`.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use fantoccini::Locator;
use fantoccini::key::Key;
use monkey_queen::app::{self, App, AppConfig, Faces, RateLimit};
use monkey_queen::games::{CpuLimits, GameId, GameRef, GameService, SystemClock, UserId};
use monkey_queen::model::PageKey;
use monkey_queen::storage;
use regex::Regex;
use reqwest::StatusCode;
use serde_json::Value;
use tokio::sync::Semaphore;

use crate::board_png;
use crate::harness::{Board, Harness, PUBLIC_URL, WAIT, callback_path, content};
use crate::support::browser::Browser;
use crate::support::database::TestDb;
use crate::support::fake_discord::RecordedRequest;
use crate::support::payloads::{
    ALICE, BOB, CAROL, Caller, in_group_dm, integer_option, slash_command,
};

/// A phone's viewport, in CSS pixels.
pub(crate) const PHONE: (u32, u32) = (360, 800);
/// A wide screen's.
const WIDE: (u32, u32) = (1920, 1080);
/// The smallest tap target the pages allow, in CSS pixels.
const TAP: f64 = 44.0;

/// A headless Chromium with a `size` viewport, or `None` where there is none (the test then
/// returns: it said so).
pub(crate) async fn browser((width, height): (u32, u32)) -> Option<Browser> {
    Browser::start(width, height, WAIT).await
}

/// `N` headless Chromiums with a `size` viewport, started together (see [`browser`]).
pub(crate) async fn browsers<const N: usize>((width, height): (u32, u32)) -> Option<[Browser; N]> {
    let started = Browser::start_several(N, width, height, WAIT).await?;
    Some(started.try_into().ok().expect("as many browsers as asked"))
}

/// Opens `url` and waits until the page shows its game and follows it live.
pub(crate) async fn open_live(b: &Browser, url: &str) {
    b.client.goto(url).await.expect("the page opens");
    b.wait_for(
        "the page follows its game live",
        "document.querySelector('#mq-conn[data-state=\"live\"]') !== null \
         && document.getElementById('mq-board').getAttribute('aria-label') !== ''",
    )
    .await;
}

/// Waits until the page shows ply `ply` of `total`: the label says so, and the move list marks
/// that ply's move as the current step (none at the start).
pub(crate) async fn wait_for_ply(b: &Browser, ply: u32, total: u32) {
    let current = if ply == 0 {
        "document.querySelector('#mq-moves [aria-current]') === null".to_owned()
    } else {
        format!(
            "document.querySelector('#mq-moves button[aria-current=\"step\"]')?.dataset.ply \
             === '{ply}' && document.querySelectorAll('#mq-moves [aria-current]').length === 1"
        )
    };
    b.wait_for(
        &format!("the page shows ply {ply} of {total}"),
        &format!(
            "document.getElementById('mq-ply-label').textContent === 'Ply {ply} of {total}' \
             && {current}"
        ),
    )
    .await;
}

/// The board's aria-label: what the page says the shown position is.
async fn board_label(b: &Browser) -> String {
    let label = b
        .eval("document.getElementById('mq-board').getAttribute('aria-label')")
        .await;
    label.as_str().unwrap_or_default().to_owned()
}

/// The `aria-disabled` of the element with id `id`.
async fn disabled(b: &Browser, id: &str) -> Value {
    b.eval(&format!(
        "document.getElementById('{id}').getAttribute('aria-disabled')"
    ))
    .await
}

/// The content of the page's `<meta property="{property}">`.
async fn meta(b: &Browser, property: &str) -> Value {
    b.eval(&format!(
        "document.querySelector('meta[property=\"{property}\"]')?.content"
    ))
    .await
}

/// Presses `key` on the page (not in a text field).
async fn press(b: &Browser, key: Key) {
    let body = b.client.find(Locator::Css("body")).await.unwrap();
    body.send_keys(&char::from(key).to_string()).await.unwrap();
}

/// Clicks (taps) the element `selector`.
pub(crate) async fn tap(b: &Browser, selector: &str) {
    b.client
        .find(Locator::Css(selector))
        .await
        .unwrap_or_else(|e| panic!("no {selector} to tap: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("{selector} could not be tapped: {e}"));
}

/// `b`'s person moves their piece on `from` to `to` by two taps, once the board takes them;
/// `kind` (`move`, `birth`, `capture`…), when given, is the destination's mark to wait for.
pub(crate) async fn tap_move(b: &Browser, from: &str, to: &str, kind: Option<&str>) {
    b.wait_for(
        &format!("{from} takes a tap"),
        &format!(
            "document.getElementById('mq-board').classList.contains('is-playable') \
             && document.querySelector('rect.sq.movable[data-square=\"{from}\"]') !== null"
        ),
    )
    .await;
    tap(b, &format!("rect.sq[data-square=\"{from}\"]")).await;
    let kind = kind.map_or(String::new(), |kind| format!("[data-kind=\"{kind}\"]"));
    b.wait_for(
        &format!("{from}'s destination {to}"),
        &format!("document.querySelector('g.mq-dest[data-dest=\"{to}\"]{kind}') !== null"),
    )
    .await;
    tap(b, &format!("rect.sq[data-square=\"{to}\"]")).await;
}

/// The key of a page link, `https://monkey-queen.test/g/KEY`, checking its form.
fn key_of(link: &str) -> String {
    let form = Regex::new(&format!(
        "^{}/g/([0-9a-f]{{32}})$",
        regex::escape(PUBLIC_URL)
    ))
    .unwrap();
    let found = form
        .captures(link)
        .unwrap_or_else(|| panic!("not a page link: {link}"));
    found[1].to_owned()
}

/// Plays `moves` through Discord, each `/move` by its player; returns their boards.
async fn play_all(h: &Harness, moves: &[(Caller, &str)]) -> Vec<Board> {
    let mut boards = Vec::new();
    for (who, text) in moves {
        boards.push(h.play(*who, text).await.applied());
    }
    h.idle().await;
    boards
}

/// The players move faster than Discord lets one channel take messages (see
/// `a_challenge_is_accepted_and_played_to_a_queen_capture`): the bot meets the channel's
/// bucket and posts again.
fn expect_channel_rate_limits(h: &Harness) {
    h.fake.expect_refusals(|r| {
        r.status == 429 && r.request.starts_with("POST") && r.request.ends_with("/messages")
    });
}

/// Ten plies of a game, a baby taking a baby among them, neither queen left to be taken: the
/// position the screenshots show.
const MIDGAME: [(Caller, &str); 10] = [
    (ALICE, "g1-j4"),
    (BOB, "f12-c9"),
    (ALICE, "j4-j3"),
    (BOB, "c9-e7"),
    (ALICE, "j4-g7"),
    (BOB, "e7-e11"),
    (ALICE, "j3-j4"),
    (BOB, "e7xg7"),
    (ALICE, "j4-k4"),
    (BOB, "c9-d9"),
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_played_through_discord_appears_on_an_open_page_without_a_reload() {
    let Some(b) = browser(WIDE).await else { return };
    let h = Harness::registered_with_pages().await;
    let (_, board) = h.start_game(ALICE, BOB).await;
    let link = board
        .page_link()
        .expect("the first board links to its page");
    let url = h.served(&link, 0);
    open_live(&b, &url).await;
    wait_for_ply(&b, 0, 0).await;
    assert!(
        board_label(&b).await.starts_with("Starting position: "),
        "{}",
        board_label(&b).await
    );
    // A mark on this document: a reload would lose it.
    b.eval("(window.mqSameDocument = true)").await;

    let started = Instant::now();
    h.play(ALICE, "g1-g7").await.applied();
    b.wait_for(
        "the move in the move list",
        "document.querySelector('#mq-moves button[data-ply=\"1\"]')?.textContent === 'g1-g7'",
    )
    .await;
    wait_for_ply(&b, 1, 1).await;
    println!("a move reached the open page in {:?}", started.elapsed());
    assert_eq!(
        b.eval("window.mqSameDocument === true").await,
        true,
        "reloaded"
    );
    assert_eq!(b.client.current_url().await.unwrap().as_str(), url);
    let label = board_label(&b).await;
    assert!(
        label.starts_with("Board after ply 1: White queen on g7, height 19; "),
        "{label}"
    );
    assert!(label.contains("White babies: 1"), "{label}");
    b.assert_console_clean().await;
    drop(b);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_arrow_keys_and_buttons_step_through_the_moves() {
    let Some(b) = browser(WIDE).await else { return };
    let h = Harness::registered_with_pages().await;
    expect_channel_rate_limits(&h);
    let (_, board) = h.start_game(ALICE, BOB).await;
    let moves = [
        (ALICE, "g1-g7"),
        (BOB, "f12-f9"),
        (ALICE, "g7-h8"),
        (BOB, "f9-e9"),
    ];
    play_all(&h, &moves).await;
    open_live(&b, &h.served(&board.page_link().unwrap(), 0)).await;
    // A page opens on the last ply.
    wait_for_ply(&b, 4, 4).await;
    assert_eq!(disabled(&b, "mq-next").await, "true");
    assert_eq!(disabled(&b, "mq-last").await, "true");
    assert_eq!(disabled(&b, "mq-prev").await, "false");

    // The keys.
    press(&b, Key::Home).await;
    wait_for_ply(&b, 0, 4).await;
    assert!(board_label(&b).await.starts_with("Starting position: "));
    assert_eq!(disabled(&b, "mq-first").await, "true");
    assert_eq!(disabled(&b, "mq-prev").await, "true");
    assert_eq!(disabled(&b, "mq-next").await, "false");
    press(&b, Key::Left).await;
    wait_for_ply(&b, 0, 4).await;
    press(&b, Key::Right).await;
    wait_for_ply(&b, 1, 4).await;
    assert!(
        board_label(&b)
            .await
            .starts_with("Board after ply 1: White queen on g7, height 19; Black queen on f12"),
        "{}",
        board_label(&b).await
    );
    press(&b, Key::Right).await;
    wait_for_ply(&b, 2, 4).await;
    press(&b, Key::Left).await;
    wait_for_ply(&b, 1, 4).await;
    press(&b, Key::End).await;
    wait_for_ply(&b, 4, 4).await;
    assert!(
        board_label(&b)
            .await
            .starts_with("Board after ply 4: White queen on h8, height 18; Black queen on e9"),
        "{}",
        board_label(&b).await
    );

    // The buttons.
    tap(&b, "#mq-first").await;
    wait_for_ply(&b, 0, 4).await;
    tap(&b, "#mq-prev").await;
    wait_for_ply(&b, 0, 4).await;
    tap(&b, "#mq-next").await;
    wait_for_ply(&b, 1, 4).await;
    tap(&b, "#mq-next").await;
    wait_for_ply(&b, 2, 4).await;
    tap(&b, "#mq-prev").await;
    wait_for_ply(&b, 1, 4).await;
    tap(&b, "#mq-last").await;
    wait_for_ply(&b, 4, 4).await;
    tap(&b, "#mq-next").await;
    wait_for_ply(&b, 4, 4).await;

    // A move of the list.
    tap(&b, "#mq-moves button[data-ply=\"3\"]").await;
    wait_for_ply(&b, 3, 4).await;
    assert!(
        board_label(&b)
            .await
            .starts_with("Board after ply 3: White queen on h8, height 18; Black queen on f9"),
        "{}",
        board_label(&b).await
    );
    b.assert_console_clean().await;
    drop(b);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_in_discord_links_to_its_page() {
    let Some(b) = browser(WIDE).await else { return };
    let h = Harness::registered_with_pages().await;
    let (game, first) = h.start_game(ALICE, BOB).await;
    let link = first
        .page_link()
        .expect("the first board links to its page");
    let key = key_of(&link);
    let later = play_all(&h, &[(ALICE, "g1-g7"), (BOB, "f12-f9")]).await;
    for board in &later {
        assert_eq!(
            board.page_link().as_deref(),
            Some(link.as_str()),
            "the same page"
        );
    }
    let view = h.game(game).await;

    open_live(&b, &h.served(&link, 0)).await;
    let heading = b
        .eval("document.getElementById('mq-heading').textContent")
        .await;
    assert_eq!(
        heading,
        format!("{} vs {}", view.white.name, view.black.name),
        "White, then Black"
    );
    assert_eq!(
        meta(&b, "og:image").await,
        format!("{PUBLIC_URL}/g/{key}/board.png")
    );
    assert_eq!(meta(&b, "og:url").await, format!("{PUBLIC_URL}/g/{key}"));
    let title = meta(&b, "og:title").await;
    assert!(
        title.as_str().is_some_and(|t| t.contains(&view.white.name)),
        "{title}"
    );

    // The unfurl's picture: the position now, as the boards draw it.
    let png = reqwest::get(format!("{}/g/{key}/board.png", h.pages(0)))
        .await
        .unwrap();
    assert_eq!(png.status(), StatusCode::OK);
    assert_eq!(png.headers()["content-type"], "image/png");
    let bytes = png.bytes().await.unwrap();
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG");
    board_png::decode(&bytes).assert_shows(&view.position);
    b.assert_console_clean().await;
    drop(b);
    h.stop().await;
}

/// The game numbers an answer names (`#12`).
fn games_named(answer: &RecordedRequest) -> Vec<i64> {
    let numbers = Regex::new(r"#(\d+)\b").unwrap();
    numbers
        .captures_iter(content(answer))
        .map(|c| c[1].parse().unwrap())
        .collect()
}

/// Asserts the whole of `answer` (text, buttons, links) names neither `game` nor its page.
fn assert_hides(answer: &RecordedRequest, game: GameId, key: &str) {
    let all = answer
        .json
        .as_ref()
        .map(Value::to_string)
        .unwrap_or_default();
    assert!(!all.contains(key), "the page's key leaked: {all}");
    assert!(
        !games_named(answer).contains(&game.0),
        "game {game} named: {}",
        content(answer)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_dm_games_page_is_reached_only_through_its_link() {
    let Some(b) = browser(WIDE).await else { return };
    let h = Harness::registered_with_pages().await;
    h.interact_from(|payload| in_group_dm(payload, ALICE));
    let (game, first) = h.start_game(ALICE, BOB).await;
    let link = first
        .page_link()
        .expect("the first board links to its page");
    let key = key_of(&link);
    for board in play_all(&h, &[(ALICE, "g1-g7"), (BOB, "f12-f9")]).await {
        assert_eq!(
            board.page_link().as_deref(),
            Some(link.as_str()),
            "{:?}",
            board.request.path
        );
    }
    let url = h.served(&link, 0);
    open_live(&b, &url).await;
    wait_for_ply(&b, 2, 2).await;
    let view = h.game(game).await;
    let heading = b
        .eval("document.getElementById('mq-heading').textContent")
        .await;
    assert_eq!(
        heading,
        format!("{} vs {}", view.white.name, view.black.name)
    );
    b.assert_console_clean().await;

    // In the server: a game of its own, in progress and then over, is listed (so the lists
    // are not empty for want of links); the group DM's is not, in progress or over.
    h.interact_from(|payload| payload);
    let (here, _) = h.start_game(ALICE, CAROL).await;
    let games = h.answer("games", Vec::new()).await;
    assert_eq!(games_named(&games), [here.0], "{}", content(&games));
    assert_hides(&games, game, &key);
    for (loser, id) in [(BOB, game), (CAROL, here)] {
        h.service
            .resign(UserId(loser.id), GameRef::Id(id), None)
            .await
            .unwrap();
    }
    let history = h.answer("history", Vec::new()).await;
    assert_eq!(games_named(&history), [here.0], "{}", content(&history));
    assert_hides(&history, game, &key);

    // A key one digit off everywhere finds nothing, and says nothing of the game.
    let wrong: String = key
        .chars()
        .map(|c| {
            let digit = c.to_digit(16).unwrap();
            char::from_digit((digit + 1) % 16, 16).unwrap()
        })
        .collect();
    for path in [
        format!("/g/{wrong}"),
        format!("/g/{wrong}/board.png"),
        format!("/api/games/{wrong}"),
        format!("/api/games/{wrong}/events"),
    ] {
        let answer = reqwest::get(format!("{}{path}", h.pages(0))).await.unwrap();
        assert_eq!(answer.status(), StatusCode::NOT_FOUND, "{path}");
        let body = answer.text().await.unwrap();
        for name in [&view.white.name, &view.black.name] {
            assert!(!body.contains(name.as_str()), "{path}: {body}");
        }
    }
    b.client
        .goto(&format!("{}/g/{wrong}", h.pages(0)))
        .await
        .unwrap();
    let shown = b.eval("document.body.innerText").await;
    let shown = shown.as_str().unwrap_or_default();
    assert!(
        !shown.contains(&view.white.name) && !shown.contains(&view.black.name),
        "{shown}"
    );
    assert_eq!(
        b.eval("document.getElementById('mq-board')").await,
        Value::Null
    );
    drop(b);
    h.stop().await;
}

/// Problems of the page as laid out now: horizontal scrolling, and visible controls smaller
/// than a finger (the board's squares, drawn in SVG, are not such controls).
pub(crate) async fn layout_problems(b: &Browser) -> Vec<String> {
    let script = format!(
        "(() => {{
               const problems = [];
               const width = document.documentElement.scrollWidth;
               if (width > window.innerWidth) {{
                 problems.push(`scrolls sideways: ${{width}} px wide in ${{window.innerWidth}}`);
               }}
               for (const e of document.querySelectorAll('button, a, input, select')) {{
                 const r = e.getBoundingClientRect();
                 const style = getComputedStyle(e);
                 if (r.width === 0 || r.height === 0 || style.visibility === 'hidden') continue;
                 if (r.width < {TAP} || r.height < {TAP}) {{
                   const name = e.id ? `#${{e.id}}` : `${{e.className}} \"${{e.textContent}}\"`;
                   problems.push(`${{e.tagName.toLowerCase()}} ${{name}}: ${{r.width}}×${{r.height}}`);
                 }}
               }}
               return problems;
             }})()"
    );
    b.eval(&script)
        .await
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| p.as_str().unwrap_or_default().to_owned())
        .collect()
}

/// Where the browser tests leave their screenshots.
pub(crate) fn screenshots() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/browser")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_fits_a_phone_and_a_wide_screen() {
    let Some(b) = browser(WIDE).await else { return };
    let h = Harness::registered_with_pages().await;
    expect_channel_rate_limits(&h);
    let (_, board) = h.start_game(ALICE, BOB).await;
    play_all(&h, &MIDGAME).await;
    open_live(&b, &h.served(&board.page_link().unwrap(), 0)).await;
    wait_for_ply(&b, 10, 10).await;
    for (width, height) in [PHONE, WIDE] {
        b.set_viewport(width, height).await;
        assert_eq!(
            b.eval("[window.innerWidth, window.innerHeight]").await,
            serde_json::json!([width, height])
        );
        let problems = layout_problems(&b).await;
        assert!(problems.is_empty(), "at {width}×{height}: {problems:#?}");
        let violations = b.axe_violations().await;
        assert!(
            violations.is_empty(),
            "axe-core at {width}×{height}: {violations:#?}"
        );
        let path = screenshots().join(format!("game-{width}.png"));
        let png = b.screenshot_to(&path).await;
        if width == WIDE.0 && std::env::var("UPDATE_SCREENSHOTS").is_ok_and(|v| v == "1") {
            let docs = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/web-page.png");
            std::fs::write(&docs, &png).unwrap();
            println!("wrote {}", docs.display());
        }
    }
    b.assert_console_clean().await;
    drop(b);
    h.stop().await;
}

/// `monkey-queen web` in this process, built by the same [`App::start`], the computer
/// searching only with the turn of [`LocalWeb::search`] (so a test can hold it).
pub(crate) struct LocalWeb {
    /// `http://127.0.0.1:PORT`.
    pub(crate) url: String,
    app: App,
    /// The computer's only turn of search.
    pub(crate) search: Arc<Semaphore>,
    _db: TestDb,
}

impl LocalWeb {
    pub(crate) async fn start() -> LocalWeb {
        let db = TestDb::new().await;
        let cpu = CpuLimits::for_cores(2);
        let search = cpu.search.clone();
        assert_eq!(search.available_permits(), 1);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let app = App::start(AppConfig {
            db: storage::connect(&db.url).await.unwrap(),
            clock: Arc::new(SystemClock),
            cpu,
            sweep_interval: app::DEFAULT_SWEEP_INTERVAL,
            scan_games: false,
            admin_addr: None,
            faces: Faces::AtScreen {
                listener,
                rate_limit: RateLimit::default(),
                other_hosts: Vec::new(),
            },
        })
        .await
        .unwrap();
        LocalWeb {
            url,
            app,
            search,
            _db: db,
        }
    }

    /// The game service the pages play through.
    pub(crate) fn service(&self) -> &GameService {
        self.app.service()
    }

    /// How many moves the game at `key` has, as stored.
    pub(crate) async fn moves(&self, key: &str) -> usize {
        let key = PageKey::parse(key).expect("a page key");
        let page = self.service().page(&key).await.unwrap().expect("the game");
        page.moves.len()
    }

    pub(crate) async fn stop(self) {
        tokio::time::timeout(WAIT, self.app.shutdown())
            .await
            .expect("the web face stops in time")
            .expect("the web face stops without error");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_at_this_screen_is_played_by_taps() {
    let Some(b) = browser(PHONE).await else {
        return;
    };
    let web = LocalWeb::start().await;
    b.client.goto(&format!("{}/", web.url)).await.unwrap();
    for choice in [
        "input[name=\"opponent\"][value=\"computer\"]",
        "input[name=\"level\"][value=\"easy\"]",
        "input[name=\"color\"][value=\"white\"]",
    ] {
        // A person taps the choice's label.
        tap(&b, &format!("label:has({choice})")).await;
        assert_eq!(
            b.eval(&format!(
                "document.querySelector('{}').checked",
                choice.replace('\'', "\\'")
            ))
            .await,
            true,
            "{choice}"
        );
    }
    tap(&b, "#mq-start").await;
    let path = b
        .wait_for(
            "the new game's page",
            "/^\\/g\\/[0-9a-f]{32}$/.test(location.pathname) \
             && document.querySelector('#mq-conn[data-state=\"live\"]') !== null \
             && location.pathname",
        )
        .await;
    let key = path.as_str().unwrap().trim_start_matches("/g/").to_owned();
    wait_for_ply(&b, 0, 0).await;
    b.wait_for(
        "the board takes taps",
        "document.getElementById('mq-board').classList.contains('is-playable') \
         && document.querySelector('rect.sq.movable[data-square=\"g1\"]') !== null",
    )
    .await;

    // The queen, then where she goes: g7, leaving a baby on g1. (Taps land on the squares:
    // the pieces and markers drawn over them let them through.)
    tap(&b, "rect.sq[data-square=\"g1\"]").await;
    b.wait_for(
        "the queen's destinations",
        "document.querySelector('g.mq-dest[data-dest=\"g7\"][data-kind=\"birth\"]') !== null",
    )
    .await;
    assert_eq!(
        b.eval("document.querySelectorAll('g.mq-dest[data-kind=\"birth\"]').length > 10")
            .await,
        true,
        "every plain queen move gives birth"
    );
    // The computer may not answer before the test has looked at the page on its turn.
    let held = web.search.clone().acquire_owned().await.unwrap();
    tap(&b, "rect.sq[data-square=\"g7\"]").await;
    wait_for_ply(&b, 1, 1).await;
    b.wait_for(
        "the move is taken",
        "document.querySelector('#mq-moves button[data-ply=\"1\"]')?.textContent === 'g1-g7' \
         && !document.getElementById('mq-board').classList.contains('is-playable')",
    )
    .await;
    assert_eq!(web.moves(&key).await, 1);

    // The computer's turn: a tap on the queen changes nothing.
    let before = b
        .eval("document.getElementById('mq-board').outerHTML")
        .await;
    tap(&b, "rect.sq[data-square=\"g7\"]").await;
    let after = b
        .eval("document.getElementById('mq-board').outerHTML")
        .await;
    assert_eq!(
        before, after,
        "a tap on the computer's turn changed the board"
    );
    assert_eq!(
        b.eval("document.querySelectorAll('g.mq-dest, rect.sq.movable').length")
            .await,
        0
    );
    assert_eq!(web.moves(&key).await, 1);

    // Its reply comes to the open page.
    drop(held);
    wait_for_ply(&b, 2, 2).await;
    b.wait_for(
        "the board takes taps again",
        "document.getElementById('mq-board').classList.contains('is-playable')",
    )
    .await;
    assert_eq!(web.moves(&key).await, 2);
    b.assert_console_clean().await;
    drop(b);
    web.stop().await;
}

/// How many loads the measure of a page's load takes the median of.
const LOADS: usize = 21;

/// The benchmark of a page's load (run it alone): from the request to the board
/// drawn (the page's `mq-board-drawn` mark, in the Navigation Timing clock), the first load
/// and the median of the next ones (its files then revalidated by their ETags), for a game of
/// 40 plies.
/// `cargo test --test discord_e2e -- --ignored --nocapture a_pages_load_is_measured`
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a benchmark: run it alone"]
async fn a_pages_load_is_measured_until_its_board_is_drawn() {
    let Some(b) = browser(WIDE).await else { return };
    let h = Harness::registered_with_pages().await;
    expect_channel_rate_limits(&h);
    let (game, board) = h.start_game(ALICE, BOB).await;
    let mut position = h.game(game).await.position;
    for ply in 0..40 {
        let Some(mv) = position.legal_moves().into_iter().nth(ply % 3) else {
            break;
        };
        let mover = if ply % 2 == 0 { ALICE } else { BOB };
        h.play(mover, &mv.to_string()).await.applied();
        position.play_unchecked(mv);
        if position.outcome().is_some() {
            break;
        }
    }
    h.idle().await;
    let url = h.served(&board.page_link().expect("a link"), 0);
    let mut loads = Vec::with_capacity(LOADS);
    for _ in 0..LOADS {
        b.client.goto(&url).await.expect("the page opens");
        let drawn = b
            .wait_for(
                "the board drawn",
                "performance.getEntriesByName('mq-board-drawn')[0]?.startTime ?? null",
            )
            .await;
        loads.push(drawn.as_f64().expect("a time in ms"));
    }
    let first = loads.remove(0);
    loads.sort_by(f64::total_cmp);
    println!(
        "request to board drawn, 40-ply game: first load {first:.1} ms; then median {:.1} ms, worst {:.1} ms ({} loads)",
        loads[loads.len() / 2],
        loads[loads.len() - 1],
        loads.len()
    );
    drop(b);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_appears_on_the_page_and_its_chart_goes_to_a_ply() {
    let Some(b) = browser(WIDE).await else { return };
    let h = Harness::registered_with_pages().await;
    let (game, board) = h.start_game(ALICE, BOB).await;
    // R7.1: White's queen takes Black's.
    play_all(&h, &[(ALICE, "g1-g7"), (BOB, "f12-f8"), (ALICE, "g7xf8")]).await;
    let url = h.served(&board.page_link().expect("a link"), 0);
    open_live(&b, &url).await;
    wait_for_ply(&b, 3, 3).await;
    assert_eq!(
        b.eval("document.getElementById('mq-analysis').hidden")
            .await,
        true
    );
    // Asked for in Discord, the analysis reaches the open page by itself.
    let id = h.next_id();
    let analyse = slash_command(id, ALICE, "analyse", vec![integer_option("game", game.0)]);
    h.exchange("/analyse", analyse, |r| r.is("POST", &callback_path(id)))
        .await;
    b.wait_for(
        "the analysis's chart",
        "!document.getElementById('mq-analysis').hidden \
         && document.getElementById('mq-chart').getAttribute('aria-valuenow') === '3'",
    )
    .await;
    // A click on the chart (its middle) goes to that ply: the board and the list follow.
    tap(&b, "#mq-chart").await;
    let ply = b
        .wait_for(
            "the ply the chart picked",
            "(() => { const v = document.getElementById('mq-chart').getAttribute('aria-valuenow'); \
              return v !== '3' ? Number(v) : null; })()",
        )
        .await;
    let ply = u32::try_from(ply.as_u64().expect("a ply")).unwrap();
    assert!((1..3).contains(&ply), "the middle of three plies: {ply}");
    wait_for_ply(&b, ply, 3).await;
    b.assert_console_clean().await;
    drop(b);
    h.stop().await;
}
