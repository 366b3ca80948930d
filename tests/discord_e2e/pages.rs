//! The game pages over plain HTTP, served by the real bot beside the fake Discord: what a page
//! holds, that it follows its game live (also through another process on PostgreSQL), and
//! every hostile request refused with a plain status, changing nothing.

use reqwest::StatusCode;
use serde_json::Value;

use monkey_queen::games::{GameRef, UserId};
use monkey_queen::i18n::{Lang, Msg};

use crate::harness::{Board, Harness, PUBLIC_URL, WAIT, links};
use crate::hostile::snapshot;
use crate::shards::{server_shard, two_processes};
use crate::support::payloads::{ALICE, BOB, integer_option};

/// A page's live stream: the `state` events of `GET /api/games/{key}/events`, read as they
/// come.
pub(crate) struct Stream {
    response: reqwest::Response,
    buffer: String,
}

impl Stream {
    pub(crate) async fn open(url: &str) -> Stream {
        let response = reqwest::get(url).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let kind = response.headers()["content-type"]
            .to_str()
            .unwrap()
            .to_owned();
        assert!(kind.starts_with("text/event-stream"), "{kind}");
        assert_eq!(response.headers()["x-accel-buffering"], "no");
        Stream {
            response,
            buffer: String::new(),
        }
    }

    /// The next state the page is sent, within [`WAIT`].
    pub(crate) async fn next(&mut self) -> Value {
        tokio::time::timeout(WAIT, async {
            loop {
                if let Some(end) = self.buffer.find("\n\n") {
                    let event: String = self.buffer.drain(..end + 2).collect();
                    if let Some(data) = event.lines().find_map(|l| l.strip_prefix("data: ")) {
                        assert!(event.contains("event: state"), "{event}");
                        return serde_json::from_str(data).unwrap();
                    }
                    continue;
                }
                let chunk = self
                    .response
                    .chunk()
                    .await
                    .unwrap()
                    .expect("the stream ended");
                self.buffer.push_str(std::str::from_utf8(&chunk).unwrap());
            }
        })
        .await
        .expect("no state came within the wait")
    }
}

/// The status line of a POST announcing a 1 MiB body, of which only the headers are sent.
pub(crate) async fn oversized_post(pages: &str, path: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let host = pages.strip_prefix("http://").unwrap();
    let mut socket = tokio::net::TcpStream::connect(host).await.unwrap();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n",
        1 << 20
    );
    socket.write_all(head.as_bytes()).await.unwrap();
    let mut answer = vec![0; 256];
    let read = tokio::time::timeout(WAIT, socket.read(&mut answer))
        .await
        .expect("an answer before the body")
        .unwrap();
    String::from_utf8_lossy(&answer[..read])
        .lines()
        .next()
        .unwrap_or_default()
        .to_owned()
}

/// The key in a board's link to its page.
pub(crate) fn key_of(board: &Board) -> String {
    let link = board.page_link().expect("the board links to its page");
    let key = link
        .strip_prefix(&format!("{PUBLIC_URL}/g/"))
        .unwrap_or_else(|| panic!("{link}"));
    assert!(
        key.len() == 32
            && key
                .bytes()
                .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()),
        "128 random bits: {key}"
    );
    key.to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_states_come_over_a_websocket_for_the_activity() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let h = Harness::registered_with_pages().await;
    let (_, board) = h.start_game(ALICE, BOB).await;
    let key = key_of(&board);
    let pages = h.pages(0).replacen("http://", "ws://", 1);
    let (mut socket, _) =
        tokio_tungstenite::connect_async(format!("{pages}/api/games/{key}/socket"))
            .await
            .expect("the socket opens");
    let mut next = async || loop {
        let message = tokio::time::timeout(WAIT, socket.next())
            .await
            .expect("a state within the wait")
            .expect("the socket is open")
            .unwrap();
        if let Message::Text(text) = message {
            return serde_json::from_str::<Value>(&text).unwrap();
        }
    };
    assert_eq!(next().await["moves"], serde_json::json!([]));
    h.play(ALICE, "g1-g7").await.applied();
    assert_eq!(next().await["moves"], serde_json::json!(["g1-g7"]));
    // A page that talks too much is closed: it has nothing to say.
    let (mut socket, _) =
        tokio_tungstenite::connect_async(format!("{pages}/api/games/{key}/socket"))
            .await
            .unwrap();
    socket.send(Message::Text("x".repeat(4096))).await.unwrap();
    let closed = tokio::time::timeout(WAIT, async {
        while let Some(Ok(message)) = socket.next().await {
            if let Message::Close(_) = message {
                return;
            }
        }
    })
    .await;
    assert!(closed.is_ok(), "the socket stayed open");
    // An unknown game is a plain 404; a request that is no WebSocket's, a 400.
    let unknown = format!("{pages}/api/games/{}/socket", "0".repeat(32));
    match tokio_tungstenite::connect_async(unknown).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(answer)) => {
            assert_eq!(answer.status(), StatusCode::NOT_FOUND);
        }
        other => panic!("{other:?}"),
    }
    let plain = reqwest::get(format!("{}/api/games/{key}/socket", h.pages(0)))
        .await
        .unwrap();
    assert_eq!(plain.status(), StatusCode::BAD_REQUEST);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_follows_its_game_live_and_offers_no_moves_to_watchers() {
    let h = Harness::registered_with_pages().await;
    let (game, board) = h.start_game(ALICE, BOB).await;
    let key = key_of(&board);
    let pages = h.pages(0);
    let mut stream = Stream::open(&format!("{pages}/api/games/{key}/events")).await;
    let first = stream.next().await;
    assert_eq!(first["moves"], serde_json::json!([]));
    assert_eq!(first["white"]["name"], "alice");
    assert_eq!(first["turn"], "white");
    // Watchers are shown the position, never offered moves (the legal moves of the side to
    // move are the rules' business, listed for whoever plays them: the Activity's player).
    assert_eq!(first["playable"], serde_json::json!([]));
    assert_eq!(
        first["dests"]["g1"].as_array().map(Vec::is_empty),
        Some(false)
    );
    assert_eq!(first["white"]["id"], ALICE.id.to_string());
    let played = h.play(ALICE, "g1-g7").await.applied();
    assert_eq!(key_of(&played), key, "every board links to the same page");
    let next = stream.next().await;
    assert_eq!(next["moves"], serde_json::json!(["g1-g7"]));
    assert_eq!(next["positions"].as_array().unwrap().len(), 2);
    assert_eq!(next["turn"], "black");
    // The page itself: the game's names, OpenGraph's picture of the position, the state.
    let html = reqwest::get(format!("{pages}/g/{key}")).await.unwrap();
    assert_eq!(html.status(), StatusCode::OK);
    let html = html.text().await.unwrap();
    assert!(html.contains("alice – bob"), "{html}");
    assert!(
        html.contains(&format!("content=\"{PUBLIC_URL}/g/{key}/board.png\"")),
        "{html}"
    );
    let png = reqwest::get(format!("{pages}/g/{key}/board.png"))
        .await
        .unwrap();
    assert_eq!(png.headers()["content-type"], "image/png");
    let etag = png.headers()["etag"].to_str().unwrap().to_owned();
    assert!(png.bytes().await.unwrap().starts_with(b"\x89PNG"));
    assert_eq!(h.game(game).await.ply(), 1);
    // The picture is named by what it shows: a client that has it is answered 304, and
    // while every turn of CPU work is taken, only a picture already drawn is served (503
    // with Retry-After otherwise: an unfurl can wait, a move can't).
    let ask = |etag: Option<&str>, lang: &str| {
        let mut request = reqwest::Client::new()
            .get(format!("{pages}/g/{key}/board.png"))
            .header("accept-language", lang);
        if let Some(etag) = etag {
            request = request.header("if-none-match", etag);
        }
        request.send()
    };
    let asked = ask(Some(&etag), "en").await.unwrap();
    assert_eq!(asked.status(), StatusCode::NOT_MODIFIED);
    let cpu = h.cpu().work.clone();
    let all = u32::try_from(cpu.available_permits()).unwrap();
    let held = cpu.acquire_many(all).await.unwrap();
    let kept = ask(None, "en").await.unwrap();
    assert_eq!(kept.status(), StatusCode::OK, "drawn before, kept");
    assert_eq!(kept.headers()["etag"], etag.as_str());
    // In French its status line differs: another picture, not drawn yet.
    let busy = ask(Some(&etag), "fr").await.unwrap();
    assert_eq!(busy.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(busy.headers()["retry-after"], "2");
    drop(held);
    let moved = ask(Some(&etag), "fr").await.unwrap();
    assert_eq!(moved.status(), StatusCode::OK);
    assert_ne!(
        moved.headers()["etag"],
        etag.as_str(),
        "other words, another picture"
    );
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_through_one_process_reaches_the_pages_another_serves() {
    let h = Harness::processes_with_pages(2, two_processes()).await;
    if h.service.db().backend() != monkey_queen::storage::Backend::Postgres {
        // Processes share a database on PostgreSQL only; one SQLite file has one process.
        eprintln!("skipped: several processes share a database on PostgreSQL only");
        h.stop().await;
        return;
    }
    let (_, board) = h.start_game(ALICE, BOB).await;
    let key = key_of(&board);
    // The test server's interactions reach the process of its shard; the page is watched on
    // the other one.
    let other = 1 - server_shard() as usize;
    let mut stream = Stream::open(&format!("{}/api/games/{key}/events", h.pages(other))).await;
    assert_eq!(stream.next().await["moves"], serde_json::json!([]));
    h.play(ALICE, "g1-g7").await.applied();
    assert_eq!(stream.next().await["moves"], serde_json::json!(["g1-g7"]));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_requests_get_a_plain_refusal_and_change_nothing() {
    let h = Harness::registered_with_pages().await;
    let (_, board) = h.start_game(ALICE, BOB).await;
    let key = key_of(&board);
    h.idle().await;
    let before = snapshot(&h).await;
    let pages = h.pages(0);
    let client = reqwest::Client::new();
    // The headers of every answer, a refusal included.
    for path in ["/", &format!("/g/{key}"), "/nowhere"] {
        let answer = client.get(format!("{pages}{path}")).send().await.unwrap();
        let policy = answer.headers()["content-security-policy"]
            .to_str()
            .unwrap();
        assert!(policy.contains("script-src 'self';"), "{policy}");
        assert!(!policy.contains("unsafe-inline"), "{policy}");
        // No Activity here: nobody else may frame the pages.
        assert!(policy.ends_with("frame-ancestors 'self'"), "{policy}");
        assert_eq!(answer.headers()["x-content-type-options"], "nosniff");
        // The public address is https: browsers are told to keep to it.
        assert_eq!(
            answer.headers()["strict-transport-security"],
            "max-age=31536000"
        );
    }
    let unknown = "0123456789abcdef0123456789abcdef";
    let upper = key.to_ascii_uppercase();
    for path in [
        "/g/".to_owned(),
        "/g/x".to_owned(),
        format!("/g/{}", &key[..31]),
        format!("/g/{key}0"),
        format!("/g/{unknown}"),
        format!("/g/{upper}"),
        format!("/g/{unknown}/board.png"),
        format!("/api/games/{unknown}"),
        format!("/api/games/{unknown}/events"),
        format!("/api/games/{key}/nope"),
        "/assets/../Cargo.toml".to_owned(),
        "/assets/%2e%2e%2fCargo.toml".to_owned(),
        "/assets/..%2f..%2fCargo.toml".to_owned(),
        "/assets/game.html".to_owned(),
        "/assets/nothing.js".to_owned(),
        "/assets/.hidden".to_owned(),
        "/etc/passwd".to_owned(),
        format!("/g/{}", "a".repeat(10_000)),
    ] {
        let answer = client.get(format!("{pages}{path}")).send().await.unwrap();
        assert_eq!(answer.status(), StatusCode::NOT_FOUND, "{path}");
        let body = answer.text().await.unwrap();
        assert!(
            !body.contains("Alice") && !body.contains("[package]"),
            "{path}: {body}"
        );
    }
    // Pages the bot serves are for watching: moves go through Discord.
    for (path, body) in [
        (
            format!("/api/games/{key}/moves"),
            r#"{"ply":0,"move":"g1-g7"}"#.to_owned(),
        ),
        (
            format!("/api/games/{key}/resign"),
            r#"{"ply":0}"#.to_owned(),
        ),
        (
            "/api/games".to_owned(),
            r#"{"opponent":"computer"}"#.to_owned(),
        ),
    ] {
        let answer = client
            .post(format!("{pages}{path}"))
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .unwrap();
        assert!(
            answer.status().is_client_error(),
            "{path}: {}",
            answer.status()
        );
    }
    // A body far over the limit is refused from its length alone, before it is sent (read
    // over a plain socket: a client still writing the body would see the connection close).
    let status = oversized_post(&pages, &format!("/g/{key}")).await;
    assert!(status.starts_with("HTTP/1.1 413"), "{status}");
    // A flood from one address: refused beyond its allowance, the rest of the bot unharmed.
    let mut refused = 0;
    for _ in 0..200 {
        let answer = client.get(format!("{pages}/g/{key}")).send().await.unwrap();
        match answer.status() {
            StatusCode::OK => {}
            StatusCode::TOO_MANY_REQUESTS => refused += 1,
            other => panic!("{other}"),
        }
    }
    assert!(refused >= 100, "only {refused} of 200 refused");
    h.idle().await;
    assert_eq!(
        snapshot(&h).await,
        before,
        "a hostile request changed the database"
    );
    // Discord's side answers as before.
    let played = h.play(ALICE, "g1-g7").await.applied();
    assert_eq!(key_of(&played), key);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replay_and_history_link_the_games_pages_in_the_readers_language() {
    let h = Harness::registered_with_pages().await;
    let (game, board) = h.start_game(ALICE, BOB).await;
    let key = key_of(&board);
    h.play(ALICE, "g1-g7").await.applied();
    h.service
        .resign(UserId(BOB.id), GameRef::Id(game), None)
        .await
        .unwrap();
    let page = format!("{PUBLIC_URL}/g/{key}");
    let history = h.answer("history", Vec::new()).await;
    assert!(
        links(&history).contains(&(format!("#{game}"), page.clone())),
        "{:?}",
        links(&history)
    );
    let replay = h
        .answer("replay", vec![integer_option("game", game.0)])
        .await;
    assert_eq!(links(&replay), [("Web page".to_owned(), page.clone())]);
    // The page speaks the browser's language.
    let french = reqwest::Client::new()
        .get(h.served(&page, 0))
        .header("accept-language", "fr-CH, fr;q=0.9, en;q=0.5")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(french.contains("<html lang=\"fr\">"), "{french}");
    let words = Lang::Fr.text(&Msg::WebComputer);
    assert!(
        french.contains(&format!("\"web-name-computer\":\"{words}\"")),
        "{french}"
    );
    h.stop().await;
}

/// A POST of JSON to the local server; its status and body.
async fn post(url: &str, body: &str) -> (StatusCode, Value) {
    let answer = reqwest::Client::new()
        .post(url)
        .header("content-type", "application/json")
        .body(body.to_owned())
        .send()
        .await
        .unwrap();
    let status = answer.status();
    (
        status,
        serde_json::from_str(&answer.text().await.unwrap()).unwrap(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn at_this_screen_a_retried_move_stands_once_and_a_stale_one_is_refused() {
    let local = crate::browser::LocalWeb::start().await;
    let (status, created) = post(
        &format!("{}/api/games", local.url),
        r#"{"opponent":"human","color":"white"}"#,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    let key = created["url"]
        .as_str()
        .unwrap()
        .strip_prefix("/g/")
        .unwrap()
        .to_owned();
    let moves = format!("{}/api/games/{key}/moves", local.url);
    // Played, then the same request again (a retry after a lost answer): one move.
    for _ in 0..2 {
        let (status, state) = post(&moves, r#"{"ply":0,"move":"G1G7"}"#).await;
        assert_eq!(status, StatusCode::OK, "{state}");
        assert_eq!(state["moves"], serde_json::json!(["g1-g7"]));
    }
    assert_eq!(local.moves(&key).await, 1);
    // Another move at the same ply: the position changed, said in the viewer's words.
    let (status, refused) = post(&moves, r#"{"ply":0,"move":"g1-g6"}"#).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert!(refused["error"].as_str().unwrap().len() > 10, "{refused}");
    // An illegal move, and a body that is not a move.
    let (status, _) = post(&moves, r#"{"ply":1,"move":"a1-a2"}"#).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let garbage = reqwest::Client::new()
        .post(&moves)
        .header("content-type", "application/json")
        .body(r#"{"ply":"one"}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(garbage.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let said: Value = garbage.json().await.unwrap();
    assert_eq!(said["error"], "This request is not one the page sends.");
    // A new game with a field the page never sends: refused in the viewer's language, as
    // JSON like every refusal, never in serde's words.
    let spanish = reqwest::Client::new()
        .post(format!("{}/api/games", local.url))
        .header("content-type", "application/json")
        .header("accept-language", "es")
        .body(r#"{"opponent":"human","colour":"white"}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(spanish.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let said: Value = spanish.json().await.unwrap();
    assert_eq!(
        said["error"],
        "Esta petición no es de las que envía la página."
    );
    assert_eq!(local.moves(&key).await, 1);
    local.stop().await;
}

/// Play at this screen answers only to its own names: a page elsewhere whose name resolves to
/// this machine (DNS rebinding) gets 421 and starts no game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn at_this_screen_a_request_by_another_name_is_refused() {
    let local = crate::browser::LocalWeb::start().await;
    let port = local.url.rsplit(':').next().unwrap().to_owned();
    let client = reqwest::Client::new();
    let by_name = |host: String| {
        client
            .post(format!("{}/api/games", local.url))
            .header(reqwest::header::HOST, host)
            .header("content-type", "application/json")
            .body(r#"{"opponent":"human","color":"white"}"#)
            .send()
    };
    for host in [format!("attacker.example:{port}"), "localhost".to_owned()] {
        let refused = by_name(host.clone()).await.unwrap();
        assert_eq!(refused.status(), StatusCode::MISDIRECTED_REQUEST, "{host}");
    }
    let home = client
        .get(format!("{}/", local.url))
        .header(reqwest::header::HOST, format!("attacker.example:{port}"))
        .send()
        .await
        .unwrap();
    assert_eq!(home.status(), StatusCode::MISDIRECTED_REQUEST);
    assert!(
        local
            .service()
            .web_games(UserId(1), 10)
            .await
            .unwrap()
            .is_empty(),
        "no game was started"
    );
    for host in [format!("localhost:{port}"), format!("127.0.0.1:{port}")] {
        let created = by_name(host.clone()).await.unwrap();
        assert_eq!(created.status(), StatusCode::CREATED, "{host}");
    }
    local.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn at_this_screen_a_move_retried_after_the_computer_replied_stands_once() {
    let local = crate::browser::LocalWeb::start().await;
    let (status, created) = post(
        &format!("{}/api/games", local.url),
        r#"{"opponent":"computer","level":"easy","color":"white"}"#,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    let key = created["url"].as_str().unwrap()["/g/".len()..].to_owned();
    let moves = format!("{}/api/games/{key}/moves", local.url);
    let mut events = local.service().subscribe();
    // The computer may not reply until the test lets it.
    let held = local.search.clone().acquire_owned().await.unwrap();
    let (status, state) = post(&moves, r#"{"ply":0,"move":"g1-g7"}"#).await;
    assert_eq!(status, StatusCode::OK, "{state}");
    // On the computer's turn: the retry stands, any other move is refused.
    let (status, _) = post(&moves, r#"{"ply":0,"move":"g1g7"}"#).await;
    assert_eq!(status, StatusCode::OK);
    let (status, refused) = post(&moves, r#"{"ply":1,"move":"g12-g11"}"#).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert_eq!(local.moves(&key).await, 1);
    // After its reply: the retry still stands once.
    drop(held);
    tokio::time::timeout(crate::harness::WAIT, async {
        while local.moves(&key).await < 2 {
            events.recv().await.expect("the service runs");
        }
    })
    .await
    .expect("the computer replies");
    let (status, state) = post(&moves, r#"{"ply":0,"move":"g1-g7"}"#).await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(state["moves"].as_array().unwrap().len(), 2, "{state}");
    assert_eq!(local.moves(&key).await, 2);
    local.stop().await;
}
