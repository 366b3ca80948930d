//! What a newcomer meets on `monkey-queen web`, in headless Chromium: the board's marks
//! explained under it, every square a labelled button played with the keyboard alone and each
//! move said in a live region, the pieces each side has and has taken beside the board, the
//! board turned to the player to move at one screen, board colours for colour-blind eyes and
//! high contrast (kept on the device), the end of a game offering a rematch, a new game and
//! its analysis, the people and the computer named in the reader's language, and the way from
//! the home page to the rules and the puzzles and on from one puzzle to the next.

use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;
use serde_json::{Value, json};

use crate::browser::{LocalWeb, PHONE, browser, layout_problems, open_live, screenshots, tap};
use crate::harness::WAIT;
use crate::support::browser::Browser;

/// A wide screen, where the legend sits under the board.
const WIDE: (u32, u32) = (1280, 900);

/// Starts a game at the screen, asked for in `lang`: two people, or the computer; its page's path.
async fn new_game(web: &LocalWeb, opponent: &str, lang: &str) -> String {
    let answer = reqwest::Client::new()
        .post(format!("{}/api/games", web.url))
        .header("accept-language", lang)
        .json(&json!({ "opponent": opponent, "color": "white", "level": "easy" }))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), reqwest::StatusCode::CREATED);
    let created: Value = answer.json().await.unwrap();
    created["url"].as_str().unwrap().to_owned()
}

/// Plays `moves` in the game at `path` through the page's API, each by the person to move.
async fn play(web: &LocalWeb, path: &str, moves: &[&str]) {
    let key = path.trim_start_matches("/g/");
    for (ply, mv) in moves.iter().enumerate() {
        let answer = reqwest::Client::new()
            .post(format!("{}/api/games/{key}/moves", web.url))
            .json(&json!({ "ply": ply, "move": mv }))
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), reqwest::StatusCode::OK, "{mv}");
    }
}

/// Presses `key` where the focus is, as a person's keyboard does.
async fn key(b: &Browser, key: char) {
    let keys = KeyActions::new("keyboard".to_owned())
        .then(KeyAction::Down { value: key })
        .then(KeyAction::Up { value: key });
    b.client.perform_actions(keys).await.unwrap();
}

/// The square that has the keyboard's focus.
async fn focused(b: &Browser) -> Value {
    b.eval("document.activeElement?.getAttribute('data-square') ?? null")
        .await
}

/// The `aria-label` of square `name`.
async fn square_label(b: &Browser, name: &str) -> String {
    let label = b
        .eval(&format!(
            "document.querySelector('rect.sq[data-square=\"{name}\"]').getAttribute('aria-label')"
        ))
        .await;
    label.as_str().unwrap_or_default().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newcomer_reads_the_board_in_words_and_plays_it_with_the_keyboard_alone() {
    let Some(b) = browser(WIDE).await else { return };
    let web = LocalWeb::start().await;
    let path = new_game(&web, "human", "en").await;
    open_live(&b, &format!("{}{path}", web.url)).await;

    // The legend explains every mark the board draws, each drawn as the board draws it.
    assert_eq!(
        b.eval("document.getElementById('mq-legend-summary').textContent")
            .await,
        "What the marks on the board mean"
    );
    tap(&b, "#mq-legend-summary").await;
    let kinds = b
        .eval(
            "[...document.querySelectorAll('#mq-legend-list li')].map((li) => \
             li.dataset.kind + (li.querySelector('svg.legend-icon') ? '' : ' (no picture)'))",
        )
        .await;
    assert_eq!(
        kinds,
        json!([
            "move",
            "birth",
            "capture",
            "queen-capture",
            "selected",
            "last",
            "last-capture",
            "queen",
            "baby"
        ])
    );

    // Every square is a labelled button; one of them is in the tab order.
    assert_eq!(
        b.eval(
            "[...document.querySelectorAll('rect.sq')].every((r) => r.getAttribute('role') === 'button' \
             && r.getAttribute('aria-label')) && document.querySelectorAll('rect.sq[tabindex=\"0\"]').length"
        )
        .await,
        1
    );
    assert_eq!(square_label(&b, "g1").await, "g1, White queen of 20");
    assert_eq!(square_label(&b, "f12").await, "f12, Black queen of 20");
    assert_eq!(square_label(&b, "d4").await, "d4, empty");
    // Beside the board: each side's queen, babies and captures.
    assert_eq!(
        b.eval("document.querySelector('[data-testid=\"material-white\"]').textContent")
            .await,
        "Queen of 20 · babies: 0 · captures: 0"
    );

    // The keyboard: Tab reaches the board (on the queen, the first piece that moves), Enter
    // picks her, the arrows walk to g7, Enter plays there.
    b.eval("document.querySelector('rect.sq[tabindex=\"0\"]').focus()")
        .await;
    assert_eq!(focused(&b).await, "g1");
    key(&b, char::from(Key::Enter)).await;
    b.wait_for(
        "the queen picked, her squares marked and said",
        "document.querySelectorAll('g.mq-dest[data-kind=\"birth\"]').length > 10 \
         && document.getElementById('mq-announce').textContent.startsWith('g1 picked')",
    )
    .await;
    assert_eq!(
        square_label(&b, "g7").await,
        "g7, empty, the queen can go here, leaving a baby"
    );
    for _ in 0..6 {
        key(&b, char::from(Key::Up)).await;
    }
    assert_eq!(focused(&b).await, "g7");
    // The arrows moved the cursor, not the game's plies.
    assert_eq!(
        b.eval("document.getElementById('mq-ply-label').textContent")
            .await,
        "Ply 0 of 0"
    );
    b.screenshot_to(&screenshots().join("newcomer-keyboard.png"))
        .await;
    key(&b, char::from(Key::Enter)).await;
    b.wait_for(
        "the move played and said",
        "document.getElementById('mq-announce').textContent === 'Played: g1-g7. Player 2 to move'",
    )
    .await;
    assert_eq!(
        square_label(&b, "g7").await,
        "g7, White queen of 19, last move"
    );
    assert_eq!(
        b.eval("document.querySelector('[data-testid=\"material-white\"]').textContent")
            .await,
        "Queen of 19 · babies: 1 · captures: 0"
    );

    // At one screen the board turns to the player to move: Black's side at the bottom now.
    b.wait_for(
        "the board turned to Black",
        "(() => { const y = (s) => Number(document.querySelector(`rect.sq[data-square=\"${s}\"]`).getAttribute('y')); \
           return y('a12') > y('a1'); })()",
    )
    .await;
    assert_eq!(
        b.eval("!document.getElementById('mq-turn-board-choice').hidden")
            .await,
        true
    );
    let violations = b.axe_violations().await;
    assert!(violations.is_empty(), "axe-core: {violations:#?}");
    // A tap leaves the keyboard's cursor alone: the arrows step through the game again.
    tap(&b, "rect.sq[data-square=\"a5\"]").await;
    assert_eq!(focused(&b).await, Value::Null);
    key(&b, char::from(Key::Left)).await;
    b.wait_for(
        "the arrow stepped back a ply",
        "document.getElementById('mq-ply-label').textContent === 'Ply 0 of 1'",
    )
    .await;
    key(&b, char::from(Key::Right)).await;
    b.eval("document.getElementById('mq-legend').scrollIntoView() ?? true")
        .await;
    b.screenshot_to(&screenshots().join("newcomer-legend.png"))
        .await;

    // Colours for colour-blind eyes and high contrast, kept on this device.
    let dark = "document.querySelector('rect.sq[data-square=\"a1\"]').getAttribute('fill')";
    assert_eq!(b.eval(dark).await, "#809971");
    for (theme, fill) in [("colorblind", "#9e9e9e"), ("high", "#8c8c8c")] {
        b.eval(&format!(
            "(() => {{ const s = document.getElementById('mq-colors'); s.value = '{theme}'; \
               s.dispatchEvent(new Event('change')); return true; }})()"
        ))
        .await;
        assert_eq!(b.eval(dark).await, fill, "{theme}");
        let violations = b.axe_violations().await;
        assert!(
            violations.is_empty(),
            "axe-core in {theme}: {violations:#?}"
        );
        b.screenshot_to(&screenshots().join(format!("newcomer-{theme}.png")))
            .await;
    }
    b.client.refresh().await.unwrap();
    b.wait_for(
        "the high-contrast colours after a reload",
        "document.querySelector('rect.sq[data-square=\"a1\"]')?.getAttribute('fill') === '#8c8c8c' \
         && document.getElementById('mq-colors').value === 'high'",
    )
    .await;
    b.assert_console_clean().await;
    drop(b);
    web.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_offers_a_rematch_and_names_its_players_in_the_readers_language() {
    let Some(b) = Browser::start_speaking(PHONE.0, PHONE.1, WAIT, "es").await else {
        return;
    };
    let web = LocalWeb::start().await;
    // Started from an English page: the names stored are English.
    let path = new_game(&web, "human", "en").await;
    // R7.1: White's queen takes Black's.
    play(&web, &path, &["g1-g7", "f12-f8", "g7xf8"]).await;
    b.client.goto(&format!("{}{path}", web.url)).await.unwrap();
    b.wait_for(
        "the finished game, no longer live",
        "document.querySelector('#mq-conn[data-over=\"true\"]') !== null \
         && document.getElementById('mq-conn-text').textContent === 'Partida terminada' \
         && !document.getElementById('mq-after').hidden",
    )
    .await;
    let words = b
        .eval(
            "[document.getElementById('mq-heading').textContent, \
              document.getElementById('mq-status').textContent, document.title]",
        )
        .await;
    let words = words.to_string();
    assert!(
        words.contains("Jugador 1") && words.contains("Jugador 2") && !words.contains("Player"),
        "{words}"
    );
    assert_eq!(
        b.eval("document.querySelector('[data-testid=\"material-white\"]').textContent")
            .await,
        "Reina de 19 · bebés: 1 · capturas: 1"
    );
    assert_eq!(
        b.eval("document.querySelector('[data-testid=\"material-black\"]').textContent")
            .await,
        "Reina capturada · bebés: 1 · capturas: 0"
    );
    assert_eq!(
        b.eval("document.getElementById('mq-new-game').getAttribute('href')")
            .await,
        "/"
    );
    let problems = layout_problems(&b).await;
    assert!(problems.is_empty(), "{problems:#?}");
    let violations = b.axe_violations().await;
    assert!(violations.is_empty(), "axe-core: {violations:#?}");
    b.screenshot_to(&screenshots().join("newcomer-finished.png"))
        .await;
    b.eval("document.getElementById('mq-after').scrollIntoView() ?? true")
        .await;
    b.screenshot_to(&screenshots().join("newcomer-after.png"))
        .await;

    // The analysis, asked for from the page, shows its chart.
    tap(&b, "#mq-analyse").await;
    b.wait_for(
        "the analysis's chart",
        "!document.getElementById('mq-analysis').hidden \
         && document.getElementById('mq-analyse').hidden",
    )
    .await;

    // Rematch: a new game, colours swapped, its page opened.
    tap(&b, "#mq-rematch").await;
    let next = b
        .wait_for(
            "the rematch's page",
            &format!(
                "location.pathname !== '{path}' && /^\\/g\\/[0-9a-f]{{32}}$/.test(location.pathname) \
                 && document.querySelector('#mq-conn[data-state=\"live\"]') !== null \
                 && location.pathname"
            ),
        )
        .await;
    let state = reqwest::get(format!(
        "{}/api/games/{}",
        web.url,
        next.as_str().unwrap().trim_start_matches("/g/")
    ))
    .await
    .unwrap()
    .json::<Value>()
    .await
    .unwrap();
    assert_eq!(state["status"], "active");
    assert_eq!(state["white"]["local"], "second", "{state}");
    assert_eq!(state["black"]["local"], "first", "{state}");

    // The home page: the games named in Spanish, the form's colour the first player's when two
    // play, the rules, and the way to the puzzles.
    b.client.goto(&format!("{}/", web.url)).await.unwrap();
    b.wait_for(
        "the home page's list",
        "document.querySelectorAll('#mq-games-list li').length === 2",
    )
    .await;
    let listed = b
        .eval("document.getElementById('mq-games-list').textContent")
        .await;
    let listed = listed.as_str().unwrap();
    assert!(
        listed.contains("Jugador 1") && !listed.contains("Player"),
        "{listed}"
    );
    assert_eq!(
        b.eval("document.getElementById('mq-color-legend').textContent")
            .await,
        "Tu color"
    );
    tap(&b, "label:has(input[name=\"opponent\"][value=\"human\"])").await;
    assert_eq!(
        b.eval("document.getElementById('mq-color-legend').textContent")
            .await,
        "Color del jugador 1"
    );
    assert_eq!(
        b.eval("document.querySelectorAll('#mq-rules li').length")
            .await,
        5
    );
    let violations = b.axe_violations().await;
    assert!(
        violations.is_empty(),
        "axe-core on the home page: {violations:#?}"
    );
    b.screenshot_to(&screenshots().join("newcomer-home.png"))
        .await;

    // From the home page to a puzzle, on to the next, and home again.
    tap(&b, "#mq-puzzles-link").await;
    let first = b
        .wait_for(
            "a puzzle's page",
            "/^\\/puzzles\\/\\d+$/.test(location.pathname) \
             && document.getElementById('mq-board').getAttribute('aria-label') !== '' \
             && location.pathname",
        )
        .await;
    tap(&b, "#mq-puzzle-next").await;
    b.wait_for(
        "the next puzzle's page",
        &format!(
            "/^\\/puzzles\\/\\d+$/.test(location.pathname) && location.pathname !== {first} \
             && document.getElementById('mq-board').getAttribute('aria-label') !== ''"
        ),
    )
    .await;
    tap(&b, "#mq-puzzle-home").await;
    b.wait_for(
        "the home page again",
        "location.pathname === '/' && document.getElementById('mq-new-game') !== null",
    )
    .await;
    b.assert_console_clean().await;
    drop(b);
    web.stop().await;
}
