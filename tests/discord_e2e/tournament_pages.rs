//! A tournament's page in Chromium: the tournament's Discord messages link it, it shows the
//! standings with their tie-breaks named, the crosstable and each round's pairings, its games
//! link their live pages, it follows the tournament live as players join, games end and the
//! next round is paired (also through another process on PostgreSQL), it fits a phone and a
//! wide screen with no axe-core violation, it speaks the browser's language, and a wrong key is
//! a plain 404.

use monkey_queen::games::{PairingResult, TournamentId, UserId};
use regex::Regex;
use reqwest::StatusCode;
use serde_json::Value;

use crate::browser::{PHONE, browser, layout_problems, screenshots, tap};
use crate::harness::{Harness, PUBLIC_URL, WAIT, button_ids, content, links};
use crate::pages::Stream;
use crate::shards::{server_shard, two_processes};
use crate::support::browser::Browser;
use crate::support::payloads::{ALICE, integer_option, string_option};
use crate::tournaments::{
    NO_CLOCK, Posted, SWISS, as_manager, command, join_all, players, posted_saying, stored,
    tournament,
};

/// Three moves in which White captures Black's queen (R7.1).
const QUEEN_CAPTURE: [&str; 3] = ["g1-g6", "f12-f7", "g6xf7"];

/// A wide screen's viewport, in CSS pixels.
const WIDE: (u32, u32) = (1280, 900);

/// The key in a link to a tournament's page, checking its form.
fn key_of(link: &str) -> String {
    let form = Regex::new(&format!(
        "^{}/t/([0-9a-f]{{32}})$",
        regex::escape(PUBLIC_URL)
    ))
    .unwrap();
    let found = form
        .captures(link)
        .unwrap_or_else(|| panic!("not a tournament page's link: {link}"));
    found[1].to_owned()
}

/// Alice (a manager) creates a 2-round Swiss; its message, and the link it carries.
async fn create(h: &Harness) -> (Posted, String) {
    let options = vec![
        string_option("name", "Spring <Cup> & Co"),
        integer_option("format", SWISS),
        integer_option("rounds", 2),
        integer_option("clock", NO_CLOCK),
    ];
    let answer = tournament(h, as_manager(command(h, ALICE, "create", options))).await;
    let buttons = button_ids(&answer);
    let id = buttons
        .iter()
        .find_map(|b| b.strip_prefix("tournament-join:"))
        .and_then(|n| n.parse().ok())
        .map(TournamentId)
        .expect("a Join button");
    let link = links(&answer)
        .into_iter()
        .map(|(_, url)| url)
        .next()
        .expect("the tournament's message links its page");
    let posted = Posted {
        id,
        content: content(&answer).to_owned(),
        buttons,
    };
    (posted, link)
}

/// Opens `url` and waits until the page shows the tournament and follows it live.
async fn open_live(b: &Browser, url: &str) {
    b.client.goto(url).await.expect("the page opens");
    b.wait_for(
        "the page follows its tournament live",
        "document.querySelector('#mq-conn[data-state=\"live\"]') !== null \
         && document.querySelector('table.standings') !== null",
    )
    .await;
}

/// Checks the page's layout and accessibility at `size`, and leaves a screenshot `name`.
async fn check_and_picture(b: &Browser, (width, height): (u32, u32), name: &str) {
    b.set_viewport(width, height).await;
    let problems = layout_problems(b).await;
    assert!(problems.is_empty(), "at {width}×{height}: {problems:#?}");
    let violations = b.axe_violations().await;
    assert!(
        violations.is_empty(),
        "axe-core at {width}×{height}: {violations:#?}"
    );
    b.screenshot_to(&screenshots().join(format!("{name}-{width}.png")))
        .await;
}

/// The texts of the results of round `round` as the page shows them.
async fn results(b: &Browser, round: u32) -> Value {
    b.eval(&format!(
        "[...document.querySelectorAll('#mq-t-round-{round} + ol .t-result')]\
         .map(e => e.textContent)"
    ))
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournaments_page_follows_it_live_and_links_its_games_pages() {
    let Some(b) = browser(WIDE).await else { return };
    let h = Harness::registered_with_pages().await;
    // Each round posts its pairings and its boards at once: Discord's limit holds some back.
    h.fake.expect_refusals(|r| r.status == 429);
    let field = players(5);
    let (posted, link) = create(&h).await;
    let key = key_of(&link);
    join_all(&h, &posted, &field[..4]).await;
    // Opened during the sign-up, the page shows the players, one more as they join, then the
    // first round once it starts.
    let url = h.served(&link, 0);
    open_live(&b, &url).await;
    assert_eq!(
        b.eval("document.querySelectorAll('table.standings tbody tr').length")
            .await,
        4
    );
    join_all(&h, &posted, &field[4..]).await;
    b.wait_for(
        "the fifth player, joined",
        "document.querySelectorAll('table.standings tbody tr').length === 5",
    )
    .await;
    assert_eq!(
        b.eval("document.getElementById('mq-t-rounds')").await,
        Value::Null
    );
    let mark = h.fake.mark();
    let id = posted.id;
    tournament(
        &h,
        as_manager(command(
            &h,
            ALICE,
            "start",
            vec![integer_option("tournament", id.0)],
        )),
    )
    .await;
    // The round's announcement links the page too.
    let announced = posted_saying(&h, mark, "round 1 of 2").await;
    assert!(
        links(&announced).iter().any(|(_, url)| *url == link),
        "{:?}",
        announced.json
    );

    b.wait_for(
        "round 1, paired at the start",
        "document.getElementById('mq-t-round-1') !== null",
    )
    .await;
    assert_eq!(
        b.eval("document.title").await,
        "Spring <Cup> & Co · Monkey Queen"
    );
    assert_eq!(
        b.eval("document.querySelectorAll('table.standings tbody tr').length")
            .await,
        5
    );
    assert_eq!(
        b.eval("document.querySelectorAll('table.crosstable tbody tr').length")
            .await,
        5
    );
    let legend = b
        .eval("document.querySelector('#mq-tournament .t-legend').textContent")
        .await;
    assert_eq!(
        legend,
        "Tie-breaks: Buchholz Cut-1 (BH-C1), Buchholz (BH), Sonneborn–Berger (SB)"
    );
    assert_eq!(
        results(&b, 1).await,
        serde_json::json!(["being played", "being played", "bye"])
    );
    let view = stored(&h, id).await;
    let games: Vec<_> = view
        .round_pairings(1)
        .filter(|p| p.result == PairingResult::Pending)
        .map(|p| (p.game.unwrap(), p.white, p.black.unwrap()))
        .collect();
    let watch: Value = b
        .eval("[...document.querySelectorAll('a.watch')].map(a => a.getAttribute('href'))")
        .await;
    let mut expected = Vec::new();
    for (game, _, _) in &games {
        let page = h
            .service
            .record(*game)
            .await
            .unwrap()
            .game
            .page_key
            .unwrap();
        expected.push(format!("/g/{page}"));
    }
    assert_eq!(
        watch,
        serde_json::json!(expected),
        "each game links its page"
    );
    for size in [PHONE, WIDE] {
        check_and_picture(&b, size, "tournament").await;
    }

    // A game ends in Discord: its result shows without a reload.
    let who = |user: UserId| *field.iter().find(|c| c.id == user.0).expect("a player");
    let capture = async |white: UserId, black: UserId| {
        for (mover, text) in [white, black, white].into_iter().zip(QUEEN_CAPTURE) {
            h.play(who(mover), text).await.applied();
        }
    };
    let (_, white, black) = games[0];
    capture(white, black).await;
    b.wait_for(
        "the first game's result",
        "[...document.querySelectorAll('#mq-t-round-1 + ol .t-result')]\
         .some(e => e.textContent === '1-0')",
    )
    .await;
    // The round's last game ends: round 2 is paired and shows, the standings follow.
    let (_, white, black) = games[1];
    capture(white, black).await;
    b.wait_for(
        "round 2, paired",
        "document.getElementById('mq-t-round-2') !== null",
    )
    .await;
    assert_eq!(
        results(&b, 1).await,
        serde_json::json!(["1-0", "1-0", "bye"])
    );
    let top = b
        .eval("document.querySelector('table.standings tbody td.points').textContent")
        .await;
    assert_eq!(top, "1");
    check_and_picture(&b, WIDE, "tournament-round-2").await;
    b.assert_console_clean().await;

    // A game's link leads to its live page.
    tap(&b, "#mq-t-round-2 + ol a.watch").await;
    b.wait_for(
        "the game's live page",
        "location.pathname.startsWith('/g/') \
         && document.querySelector('#mq-conn[data-state=\"live\"]') !== null \
         && document.getElementById('mq-board').getAttribute('aria-label') !== ''",
    )
    .await;
    let path = b.eval("location.pathname").await;
    let round_two = stored(&h, id).await;
    let game = round_two
        .round_pairings(2)
        .find_map(|p| p.game)
        .expect("a game in round 2");
    let page = h.service.record(game).await.unwrap().game.page_key.unwrap();
    assert_eq!(path, format!("/g/{page}"));
    drop(b);

    // In the browser's language.
    let Some(german) = Browser::start_speaking(WIDE.0, WIDE.1, WAIT, "de").await else {
        return;
    };
    open_live(&german, &url).await;
    assert_eq!(german.eval("document.documentElement.lang").await, "de");
    assert_eq!(
        german
            .eval("document.getElementById('mq-t-standings').textContent")
            .await,
        "Tabelle"
    );
    check_and_picture(&german, WIDE, "tournament-de").await;
    drop(german);

    // A wrong key is a plain 404, for the page and its stream.
    let pages = h.pages(0);
    for path in [
        format!("/t/{}", "0".repeat(32)),
        format!("/t/{}", key.to_uppercase()),
        "/t/nothing".to_owned(),
        format!("/api/tournaments/{}/events", "0".repeat(32)),
    ] {
        let answer = reqwest::get(format!("{pages}{path}")).await.unwrap();
        assert_eq!(answer.status(), StatusCode::NOT_FOUND, "{path}");
    }
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_ending_through_one_process_reaches_the_tournament_page_another_serves() {
    let h = Harness::processes_with_pages(2, two_processes()).await;
    if h.service.db().backend() != monkey_queen::storage::Backend::Postgres {
        // Processes share a database on PostgreSQL only; one SQLite file has one process.
        eprintln!("skipped: several processes share a database on PostgreSQL only");
        h.stop().await;
        return;
    }
    h.fake.expect_refusals(|r| r.status == 429);
    let field = players(4);
    let (posted, link) = create(&h).await;
    let key = key_of(&link);
    join_all(&h, &posted, &field).await;
    tournament(
        &h,
        as_manager(command(
            &h,
            ALICE,
            "start",
            vec![integer_option("tournament", posted.id.0)],
        )),
    )
    .await;
    // The test server's interactions reach the process of its shard; the page is watched on
    // the other one.
    let other = 1 - server_shard() as usize;
    let events = format!("{}/api/tournaments/{key}/events", h.pages(other));
    let mut stream = Stream::open(&events).await;
    let first = stream.next().await["html"].as_str().unwrap().to_owned();
    assert!(first.contains("id=\"mq-t-round-1\""), "{first}");
    assert!(!first.contains(">1-0<"), "{first}");
    let view = stored(&h, posted.id).await;
    let pairing = view.round_pairings(1).next().expect("a game");
    let who = |user: UserId| *field.iter().find(|c| c.id == user.0).expect("a player");
    let (white, black) = (pairing.white, pairing.black.expect("a game, not a bye"));
    for (mover, text) in [white, black, white].into_iter().zip(QUEEN_CAPTURE) {
        h.play(who(mover), text).await.applied();
    }
    loop {
        let html = stream.next().await["html"].as_str().unwrap().to_owned();
        if html.contains(">1-0<") {
            break;
        }
    }
    h.stop().await;
}
