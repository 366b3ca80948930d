//! The Activity (the game page inside Discord) over plain HTTP, served by the real bot beside
//! the fake Discord: the launch from a board's button and from the App Launcher's Entry Point
//! command, the sign-in through Discord's OAuth2 (the fake hands out the codes), moves by the
//! signed-in players that reach the chat at once, and every hostile request refused with the
//! database unchanged. What is done on the Activity is owed to the chat in the outbox, so it
//! reaches the chat though the process it was done in dies before showing it.

use std::time::Instant;

use reqwest::StatusCode;
use serde_json::{Value, json};

use monkey_queen::games::{
    BOARD_GRACE_MS, ChallengeCreated, DELIVERY_LEASE_MS, GameRef, Lang, PlayRequest, UserId,
};

use crate::harness::{Board, Harness, button_ids, content, is_board_delivery, kind};
use crate::hostile::snapshot;
use crate::seeded::{is_board_post, player};
use crate::support::fake_discord::{APPLICATION_ID, RecordedRequest};
use crate::support::payloads::{
    ALICE, BOB, CAROL, CHANNEL_ID, Caller, GUILD_ID, bot_message, button_click, entry_point_command,
};

/// `LAUNCH_ACTIVITY`, the callback that opens the Activity.
const LAUNCH_ACTIVITY: u64 = 12;

/// A person signed in to the Activity: their session, for the API's `Authorization`.
#[derive(Debug, Clone)]
pub(crate) struct SignedIn {
    pub session: String,
    pub answer: Value,
}

/// `who` clicks Play on the board under `board`; returns the click's callback.
async fn play_on_the_board(h: &Harness, who: Caller, board: &Board) -> RecordedRequest {
    let button = board
        .custom_ids
        .iter()
        .find(|c| c.starts_with("board:"))
        .expect("a Play on the board button")
        .clone();
    let id = h.next_id();
    let ids: Vec<&str> = board.custom_ids.iter().map(String::as_str).collect();
    let message = bot_message(9_000 + id, &board.content, &ids);
    h.push(button_click(id, who, &button, message));
    h.callback(id).await
}

/// The instance of the Activity running in the test channel.
fn instance(h: &Harness) -> String {
    h.fake
        .activity_in(CHANNEL_ID)
        .expect("the Activity runs in the channel")
}

/// Signs `who` in to the Activity `instance` as the page does, with a fresh code from Discord.
pub(crate) async fn sign_in(pages: &str, h: &Harness, who: Caller, instance: &str) -> SignedIn {
    let code = h.fake.authorization_code(who.id, APPLICATION_ID);
    let answer = post(
        pages,
        "/api/token",
        None,
        json!({"code": code, "instance_id": instance}),
    )
    .await;
    assert_eq!(answer.0, StatusCode::OK, "{}", answer.1);
    let session = answer.1["session"].as_str().unwrap().to_owned();
    SignedIn {
        session,
        answer: answer.1,
    }
}

/// POSTs `body` to `path`, with the session when there is one; the status and the JSON.
async fn post(pages: &str, path: &str, session: Option<&str>, body: Value) -> (StatusCode, Value) {
    let mut request = reqwest::Client::new()
        .post(format!("{pages}{path}"))
        .json(&body);
    if let Some(session) = session {
        request = request.bearer_auth(session);
    }
    let answer = request.send().await.unwrap();
    let status = answer.status();
    (status, answer.json().await.unwrap_or(Value::Null))
}

/// GETs `path` with the session.
async fn get(pages: &str, path: &str, session: &str) -> (StatusCode, Value) {
    let answer = reqwest::Client::new()
        .get(format!("{pages}{path}"))
        .bearer_auth(session)
        .send()
        .await
        .unwrap();
    let status = answer.status();
    (status, answer.json().await.unwrap_or(Value::Null))
}

/// The key of the game the Activity offers first.
fn launched_key(offered: &Value) -> String {
    offered["launched"]["key"]
        .as_str()
        .unwrap_or_else(|| panic!("no launched game: {offered}"))
        .to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_on_the_board_opens_the_activity_on_that_game_for_its_players_and_watchers() {
    let h = Harness::registered_with_activity().await;
    let (game, board) = h.start_game(ALICE, BOB).await;
    assert!(
        board.custom_ids.contains(&format!("board:{}", game.0)),
        "{:?}",
        board.custom_ids
    );
    let launched = play_on_the_board(&h, ALICE, &board).await;
    assert_eq!(kind(&launched), LAUNCH_ACTIVITY);
    assert_eq!(launched.json, Some(json!({"type": LAUNCH_ACTIVITY})));
    let instance = instance(&h);
    let pages = h.pages(0);
    let alice = sign_in(&pages, &h, ALICE, &instance).await;
    assert_eq!(alice.answer["user"]["id"], ALICE.id.to_string());
    assert_eq!(alice.answer["channel_id"], CHANNEL_ID.to_string());
    assert!(
        alice.answer["access_token"]
            .as_str()
            .is_some_and(|t| !t.is_empty())
    );
    let text = alice.answer.to_string();
    assert!(
        !text.contains(crate::support::fake_discord::CLIENT_SECRET),
        "{text}"
    );
    let (status, offered) = get(&pages, "/api/activity/games", &alice.session).await;
    assert_eq!(status, StatusCode::OK);
    let key = launched_key(&offered);
    assert_eq!(offered["games"][0]["key"], key.as_str());
    assert_eq!(offered["games"][0]["your_turn"], true);
    // A watcher launches it on the same game, and is offered it though it is not theirs.
    play_on_the_board(&h, CAROL, &board).await;
    let carol = sign_in(&pages, &h, CAROL, &instance).await;
    let (_, offered) = get(&pages, "/api/activity/games", &carol.session).await;
    assert_eq!(launched_key(&offered), key);
    assert_eq!(offered["games"], json!([]));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_on_the_activity_is_shown_in_the_chat_at_once() {
    let h = Harness::registered_with_activity().await;
    let (game, board) = h.start_game(ALICE, BOB).await;
    play_on_the_board(&h, ALICE, &board).await;
    let instance = instance(&h);
    h.fake.launch_activity(CHANNEL_ID, Some(GUILD_ID), BOB.id);
    let pages = h.pages(0);
    let alice = sign_in(&pages, &h, ALICE, &instance).await;
    let (_, offered) = get(&pages, "/api/activity/games", &alice.session).await;
    let key = launched_key(&offered);
    h.idle().await;

    let mark = h.fake.mark();
    let sent = Instant::now();
    let path = format!("/api/activity/games/{key}/moves");
    let (status, state) = post(
        &pages,
        &path,
        Some(&alice.session),
        json!({"ply": 0, "move": "g1-g7"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(state["moves"], json!(["g1-g7"]));
    let posted = h
        .fake
        .expect_request_since(mark, "the board in the chat", is_board_delivery)
        .await;
    let board = Board::from_request(posted, sent);
    println!("an Activity move reached the chat in {:?}", board.took);
    assert!(board.content.contains("g1–g7"), "{}", board.content);
    board.assert_pings(BOB.id);
    board.picture.assert_shows(&h.game(game).await.position);
    h.idle().await;
    // What Discord is asked for one move: the board alone (the board before it is the
    // message right above, and keeps its buttons, which refuse stale clicks).
    let calls: Vec<String> = h.fake.requests()[mark..]
        .iter()
        .map(RecordedRequest::line)
        .collect();
    println!(
        "REST calls to Discord for one Activity move: {} {calls:?}",
        calls.len()
    );
    assert_eq!(calls.len(), 1, "{calls:?}");

    // Bob answers from the Activity too; Alice's page would be told by its live stream.
    let bob = sign_in(&pages, &h, BOB, &instance).await;
    let (status, state) = post(
        &pages,
        &path,
        Some(&bob.session),
        json!({"ply": 1, "move": "f12-f9"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(state["turn"], "white");
    // A repeated request whose move went through changes nothing and answers the game.
    let (status, again) = post(
        &pages,
        &path,
        Some(&bob.session),
        json!({"ply": 1, "move": "f12-f9"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{again}");
    assert_eq!(h.game(game).await.ply(), 2);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_entry_point_opens_the_activity_on_the_callers_games_in_the_channel() {
    let h = Harness::registered_with_activity().await;
    // The app's one Entry Point command is ours, handled by the app, global.
    let entry = h
        .fake
        .global_commands()
        .into_iter()
        .find(|c| c["type"] == 4)
        .expect("an Entry Point command");
    assert_eq!(entry["handler"], 1, "{entry}");
    assert_eq!(entry["name"], "launch");
    let command_id: u64 = entry["id"].as_str().unwrap().parse().unwrap();
    let (game, _) = h.start_game(BOB, ALICE).await;
    let id = h.next_id();
    h.push(entry_point_command(id, ALICE, command_id, "launch"));
    let answer = h.callback(id).await;
    assert_eq!(kind(&answer), LAUNCH_ACTIVITY);
    let pages = h.pages(0);
    let alice = sign_in(&pages, &h, ALICE, &instance(&h)).await;
    let (_, offered) = get(&pages, "/api/activity/games", &alice.session).await;
    assert_eq!(offered["launched"], Value::Null);
    assert_eq!(offered["games"].as_array().unwrap().len(), 1, "{offered}");
    assert_eq!(offered["games"][0]["your_turn"], false);
    assert_eq!(h.game(game).await.ply(), 0);
    h.stop().await;
}

/// Only this app's Activity may frame the pages: Discord's clients and its own proxy
/// (`https://{client id}.discordsays.com`), not every app's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_this_apps_activity_may_frame_the_pages() {
    let h = Harness::registered_with_activity().await;
    let pages = h.pages(0);
    for path in ["/activity", "/nowhere"] {
        let answer = reqwest::get(format!("{pages}{path}")).await.unwrap();
        let policy = answer.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .to_owned();
        let ancestors = policy
            .split("; ")
            .find_map(|d| d.strip_prefix("frame-ancestors "))
            .unwrap_or_else(|| panic!("no frame-ancestors in {policy}"));
        assert_eq!(
            ancestors,
            format!(
                "'self' https://discord.com https://ptb.discord.com https://canary.discord.com \
                 https://{APPLICATION_ID}.discordsays.com"
            ),
            "{path}"
        );
    }
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bulk_overwrite_without_the_activity_leaves_the_entry_point_out_and_does_not_fail() {
    // A bot without the client secret, on an app with Activities enabled, registering
    // globally: its overwrite has no Entry Point command, and Discord takes it.
    let fake = crate::support::fake_discord::FakeDiscord::start().await;
    fake.enable_activities();
    let h = Harness::start_on(fake, None).await;
    let put = h
        .fake
        .expect_request("the global overwrite", |r| {
            r.is("PUT", &format!("/applications/{APPLICATION_ID}/commands"))
        })
        .await;
    h.idle().await;
    let types: Vec<&Value> = put
        .json
        .as_ref()
        .unwrap()
        .as_array()
        .unwrap()
        .iter()
        .map(|c| &c["type"])
        .collect();
    assert!(!types.contains(&&json!(4)), "{types:?}");
    assert!(
        h.fake.unexpected_refusals().is_empty(),
        "{:?}",
        h.fake.unexpected_refusals()
    );
    assert!(h.fake.global_commands().iter().all(|c| c["type"] != 4));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_hostile_request_to_the_activity_is_refused_and_changes_nothing() {
    let h = Harness::registered_with_activity().await;
    let (game, board) = h.start_game(ALICE, BOB).await;
    play_on_the_board(&h, ALICE, &board).await;
    let instance = instance(&h);
    let pages = h.pages(0);
    let token = |code: &str, instance: &str| json!({"code": code, "instance_id": instance});
    // Discord refuses each of these codes, and knows no such instance; the fake keeps its
    // refusals, as Discord would.
    h.fake.expect_refusals(|r| {
        r.request.contains("/oauth2/token") || r.request.ends_with("/activity-instances/i-1-gc-2-3")
    });

    // A forged code.
    let (status, _) = post(&pages, "/api/token", None, token("forged", &instance)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // A replayed code: it served once.
    let code = h.fake.authorization_code(ALICE.id, APPLICATION_ID);
    let (status, first) = post(&pages, "/api/token", None, token(&code, &instance)).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    let alice = first["session"].as_str().unwrap().to_owned();
    let (status, _) = post(&pages, "/api/token", None, token(&code, &instance)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // A code Discord gave another app.
    let other_app = h.fake.authorization_code(ALICE.id, APPLICATION_ID + 1);
    let (status, _) = post(&pages, "/api/token", None, token(&other_app, &instance)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // A person who is not in the instance, and an instance that does not exist.
    let code = h.fake.authorization_code(CAROL.id, APPLICATION_ID);
    let (status, _) = post(&pages, "/api/token", None, token(&code, &instance)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let code = h.fake.authorization_code(ALICE.id, APPLICATION_ID);
    let (status, _) = post(&pages, "/api/token", None, token(&code, "i-1-gc-2-3")).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    h.fake.launch_activity(CHANNEL_ID, Some(GUILD_ID), BOB.id);
    h.fake.launch_activity(CHANNEL_ID, Some(GUILD_ID), CAROL.id);
    let bob = sign_in(&pages, &h, BOB, &instance).await.session;
    let carol = sign_in(&pages, &h, CAROL, &instance).await.session;
    let (_, offered) = get(&pages, "/api/activity/games", &alice).await;
    let key = launched_key(&offered);
    h.idle().await;
    let before = snapshot(&h).await;
    let moves = format!("/api/activity/games/{key}/moves");
    let g1g7 = json!({"ply": 0, "move": "g1-g7"});
    // Not signed in, a session this server never signed, a Discord token of another app.
    let another_apps = h.fake.access_token(ALICE.id, APPLICATION_ID + 1);
    for session in [None, Some("forged.session"), Some(another_apps.as_str())] {
        let (status, _) = post(&pages, &moves, session, g1g7.clone()).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{session:?}");
    }
    // The player not to move, a watcher, a stale ply, an illegal move, a resignation at a
    // stale ply: each refused in words.
    for (session, body, path) in [
        (&bob, json!({"ply": 0, "move": "f12-f9"}), moves.clone()),
        (&carol, g1g7.clone(), moves.clone()),
        (&alice, json!({"ply": 3, "move": "g1-g7"}), moves.clone()),
        (&alice, json!({"ply": 0, "move": "g1-a2"}), moves.clone()),
        (
            &alice,
            json!({"ply": 5}),
            format!("/api/activity/games/{key}/resign"),
        ),
        (
            &carol,
            json!({"ply": 0}),
            format!("/api/activity/games/{key}/resign"),
        ),
    ] {
        let (status, answer) = post(&pages, &path, Some(session), body.clone()).await;
        assert!(status.is_client_error(), "{body} {status}");
        assert!(
            answer["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{body} {answer}"
        );
    }
    // Malformed bodies and keys.
    let (status, _) = post(&pages, &moves, Some(&alice), json!({"ply": "0", "move": 1})).await;
    assert!(status.is_client_error());
    let (status, _) = post(
        &pages,
        "/api/activity/games/nope/moves",
        Some(&alice),
        g1g7.clone(),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    h.idle().await;
    assert_eq!(
        snapshot(&h).await,
        before,
        "a refused request changed the database"
    );
    assert_eq!(h.game(game).await.ply(), 0);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resignation_and_a_rematch_on_the_activity_reach_the_chat_and_the_computer_plays_there() {
    let h = Harness::registered_with_activity().await;
    let (game, board) = h.start_game(ALICE, BOB).await;
    play_on_the_board(&h, BOB, &board).await;
    let instance = instance(&h);
    let pages = h.pages(0);
    let bob = sign_in(&pages, &h, BOB, &instance).await;
    let (_, offered) = get(&pages, "/api/activity/games", &bob.session).await;
    let key = launched_key(&offered);
    h.idle().await;

    // Bob resigns from the Activity (the page asked him to confirm): the chat sees the end.
    let mark = h.fake.mark();
    let resign = format!("/api/activity/games/{key}/resign");
    let (status, state) = post(&pages, &resign, Some(&bob.session), json!({"ply": 0})).await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(state["result"]["winner"], "white");
    let posted = h
        .fake
        .expect_request_since(mark, "the result in the chat", is_board_delivery)
        .await;
    let result = Board::from_request(posted, Instant::now());
    assert!(result.content.contains("resign"), "{}", result.content);
    assert!(h.game(game).await.result.is_some());

    // His rematch offer is posted in the chat, for Alice to answer there.
    let mark = h.fake.mark();
    let rematch = format!("/api/activity/games/{key}/rematch");
    let (status, created) = post(&pages, &rematch, Some(&bob.session), json!({})).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!(created, json!({"key": null, "offered": true}));
    let offer = h
        .fake
        .expect_request_since(mark, "the offer in the chat", |r| {
            r.is("POST", &format!("/channels/{CHANNEL_ID}/messages"))
        })
        .await;
    let ids = crate::harness::button_ids(&offer);
    assert!(ids.iter().any(|id| id.starts_with("accept:")), "{ids:?}");
    // Twice is refused, in words.
    let (status, again) = post(&pages, &rematch, Some(&bob.session), json!({})).await;
    assert!(
        status.is_client_error() && again["error"].is_string(),
        "{again}"
    );

    // From the launcher, Bob starts a game against the computer in the channel.
    let mark = h.fake.mark();
    let computer = json!({"level": "easy"});
    let (status, created) = post(
        &pages,
        "/api/activity/computer",
        Some(&bob.session),
        computer,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let new_key = created["key"].as_str().expect("the new game's key");
    assert_ne!(new_key, key);
    h.fake
        .expect_request_since(mark, "the new game's first board", is_board_delivery)
        .await;
    let (status, _) = post(
        &pages,
        "/api/activity/computer",
        Some(&bob.session),
        json!({"level": "grandmaster"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    h.stop().await;
}

/// A move, a resignation and a rematch offer made on the Activity are owed to the chat in the
/// transaction that makes them. Made by a process that dies before showing them (here the
/// test's own service, which has no chat to show them in), they reach the chat from the bot's
/// outbox: the move made while no bot ran, by the bot started after, once the move's grace is
/// over; the resignation and the offer at once. Each is posted once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_is_done_on_the_activity_reaches_the_chat_though_its_process_died() {
    let h = Harness::registered_on_manual_clock().await;
    let (game, _) = h.start_game(ALICE, BOB).await;
    h.idle().await;

    // Alice's move on the Activity, whose process is killed before it posts the board.
    let mark = h.fake.mark();
    let h = h
        .restart_after(async |service| {
            let played = service
                .play_away(PlayRequest {
                    user: UserId(ALICE.id),
                    game: GameRef::Id(game),
                    text: "g1-g7",
                    expected_ply: Some(0),
                    request_key: None,
                })
                .await
                .unwrap();
            assert!(played.announcement.is_some(), "the board is owed");
        })
        .await;
    h.sweeps(2).await;
    assert_eq!(
        h.count_since(mark, is_board_post),
        0,
        "not within its grace"
    );
    h.clock().advance(BOARD_GRACE_MS);
    let posted = h
        .fake
        .expect_request_since(mark, "the move's board, from the outbox", is_board_post)
        .await;
    let board = Board::from_request(posted, Instant::now());
    assert!(board.content.contains("g1–g7"), "{}", board.content);
    board.assert_pings(BOB.id);
    board.picture.assert_shows(&h.game(game).await.position);

    // Bob resigns there, and offers a rematch; the process dies at once.
    let mark = h.fake.mark();
    h.service
        .resign_away(UserId(BOB.id), game, Some(1))
        .await
        .unwrap();
    let posted = h
        .fake
        .expect_request_since(mark, "the result, from the outbox", is_board_post)
        .await;
    let result = Board::from_request(posted, Instant::now());
    assert!(
        result.content.contains(&format!("<@{}> resigned", BOB.id)),
        "{}",
        result.content
    );
    let created = h
        .service
        .rematch_away(game, &player(BOB), Lang::En)
        .await
        .unwrap();
    let ChallengeCreated::Pending(offer) = created else {
        panic!("a rematch between people waits for an answer");
    };
    let is_offer = |r: &RecordedRequest| {
        r.is("POST", &format!("/channels/{CHANNEL_ID}/messages"))
            && button_ids(r).iter().any(|id| id.starts_with("accept:"))
    };
    let posted = h
        .fake
        .expect_request_since(mark, "the offer, from the outbox", is_offer)
        .await;
    assert!(
        button_ids(&posted).contains(&format!("accept:{}", offer.id)),
        "{:?}",
        button_ids(&posted)
    );
    assert!(content(&posted).contains(&format!("<@{}>", ALICE.id)));
    // Its delivery is over (the message remembered) once a whole sweep has run after it.
    h.sweeps(2).await;
    let remembered = h.service.challenge(offer.id).await.unwrap();
    assert!(remembered.message.is_some(), "its message is remembered");

    h.clock().advance(DELIVERY_LEASE_MS);
    h.sweeps(2).await;
    // One message each (a post the fake rate limited is tried again: a request, no message).
    let messages = |matches: &dyn Fn(&RecordedRequest) -> bool| {
        let requests = h.fake.requests();
        let made = requests.iter().skip(mark).filter(|r| matches(r));
        made.filter_map(|r| r.delivery.as_ref().map(|d| d.message))
            .collect::<std::collections::BTreeSet<_>>()
            .len()
    };
    assert_eq!(
        messages(&is_board_post),
        1,
        "{}",
        h.fake.describe_requests()
    );
    assert_eq!(messages(&is_offer), 1, "{}", h.fake.describe_requests());
    assert_eq!(
        h.service.delivery().pending_announcements().await.unwrap(),
        0
    );
    h.stop().await;
}

/// POSTs a sign-in with `code` to `instance`; the status, and the `Retry-After` header if
/// any.
async fn sign_in_answer(pages: &str, code: &str, instance: &str) -> (StatusCode, Option<u64>) {
    let answer = reqwest::Client::new()
        .post(format!("{pages}/api/token"))
        .json(&json!({"code": code, "instance_id": instance}))
        .send()
        .await
        .unwrap();
    let retry_after = answer
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().unwrap().parse().unwrap());
    (answer.status(), retry_after)
}

/// How many code exchanges Discord has been asked for.
fn exchanges(h: &Harness) -> usize {
    h.fake
        .requests()
        .iter()
        .filter(|r| r.is("POST", "/oauth2/token"))
        .count()
}

/// Sign-ins ask Discord at a pace it tolerates, whoever sends them: a crowd at once passes
/// up to the burst, the rest are told to come back (503, `Retry-After`) without Discord being
/// asked.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_ins_ask_discord_at_a_pace_it_tolerates() {
    let h = Harness::registered_with_activity().await;
    let instance = h.fake.launch_activity(CHANNEL_ID, Some(GUILD_ID), ALICE.id);
    let pages = h.pages(0);
    // Thirty sign-ins at once: at most the burst of ten (and the few the pace adds while they
    // arrive) reach Discord.
    let codes: Vec<String> = (0..30)
        .map(|_| h.fake.authorization_code(ALICE.id, APPLICATION_ID))
        .collect();
    let answers =
        futures_util::future::join_all(codes.iter().map(|c| sign_in_answer(&pages, c, &instance)))
            .await;
    let signed_in = answers.iter().filter(|(s, _)| *s == StatusCode::OK).count();
    let busy: Vec<_> = answers
        .iter()
        .filter(|(s, _)| *s == StatusCode::SERVICE_UNAVAILABLE)
        .collect();
    assert_eq!(signed_in + busy.len(), 30, "{answers:?}");
    assert!(signed_in >= 10 && busy.len() >= 10, "{answers:?}");
    assert!(busy.iter().all(|(_, wait)| *wait == Some(1)), "{answers:?}");
    assert_eq!(exchanges(&h), signed_in, "a refused sign-in asked Discord");
    h.stop().await;
}

/// Once Discord answers a sign-in's exchange with 429, nobody asks it again before its
/// `Retry-After`: the sign-ins meanwhile are told to wait (503) as long.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_sign_in_asks_discord_while_it_asked_to_wait() {
    let h = Harness::registered_with_activity().await;
    let instance = h.fake.launch_activity(CHANNEL_ID, Some(GUILD_ID), ALICE.id);
    let pages = h.pages(0);
    // Discord answers the next exchange with 429 for 30 s: that sign-in is told to wait as
    // long, and so is the next, which does not ask Discord.
    let limit = crate::support::fake_discord::RateLimit {
        retry_after: std::time::Duration::from_secs(30),
        global: false,
    };
    h.fake.rate_limit_requests(
        limit,
        crate::support::fake_discord::first(1, |r| r.is("POST", "/oauth2/token")),
    );
    h.fake
        .expect_refusals(|r| r.request.contains("/oauth2/token"));
    let asked = exchanges(&h);
    let code = h.fake.authorization_code(ALICE.id, APPLICATION_ID);
    let (status, wait) = sign_in_answer(&pages, &code, &instance).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(wait.is_some_and(|w| (29..=30).contains(&w)), "{wait:?}");
    let (status, wait) = sign_in_answer(&pages, &code, &instance).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(wait.is_some_and(|w| (1..=30).contains(&w)), "{wait:?}");
    assert_eq!(
        exchanges(&h),
        asked + 1,
        "asked Discord while it asked to wait"
    );
    h.stop().await;
}

/// A refusal of the bot's own token by the instance look-up is the bot's fault (502), not
/// the person's absence from the Activity (403).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_an_unknown_instance_means_not_in_this_activity() {
    let h = Harness::registered_with_activity().await;
    let instance = h.fake.launch_activity(CHANNEL_ID, Some(GUILD_ID), ALICE.id);
    let pages = h.pages(0);
    h.fake
        .refuse_requests(|r| r.path.contains("/activity-instances/"));
    h.fake
        .expect_refusals(|r| r.request.contains("/activity-instances/"));
    let code = h.fake.authorization_code(ALICE.id, APPLICATION_ID);
    let (status, _) = sign_in_answer(&pages, &code, &instance).await;
    assert_eq!(status, StatusCode::BAD_GATEWAY);
    h.stop().await;
}

/// How many of `count` GETs of `path` (with `headers`) are refused with 429.
async fn refused_of(pages: &str, path: &str, headers: &[(&str, &str)], count: usize) -> usize {
    let client = reqwest::Client::new();
    let mut refused = 0;
    for _ in 0..count {
        let mut request = client.get(format!("{pages}{path}"));
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let status = request.send().await.unwrap().status();
        match status {
            StatusCode::TOO_MANY_REQUESTS => refused += 1,
            status => assert!(status.is_success(), "{path}: {status}"),
        }
    }
    refused
}

/// Behind the proxy the operator trusts (the harness's, on 127.0.0.1), each client has its own
/// allowance: one address's flood, read from `X-Forwarded-For`, leaves the next address alone,
/// an IPv6 client counts as its /64, and a person signed in to the Activity counts as
/// themself, whatever address their requests come through (Discord's proxy, for everyone).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rate_limits_count_each_client_behind_the_proxy_and_each_person_signed_in() {
    let h = Harness::registered_with_activity().await;
    let instance = h.fake.launch_activity(CHANNEL_ID, Some(GUILD_ID), ALICE.id);
    h.fake.launch_activity(CHANNEL_ID, Some(GUILD_ID), BOB.id);
    let pages = h.pages(0);
    let from = |address| [("x-forwarded-for", address)];
    assert!(refused_of(&pages, "/api/strings", &from("203.0.113.1"), 200).await >= 50);
    assert_eq!(
        refused_of(&pages, "/api/strings", &from("203.0.113.2"), 5).await,
        0
    );
    assert!(refused_of(&pages, "/api/strings", &from("2001:db8::1"), 200).await >= 50);
    // The same /64: its allowance spent (it comes back at 10 a second).
    assert!(refused_of(&pages, "/api/strings", &from("2001:db8::2"), 20).await >= 10);
    assert_eq!(
        refused_of(&pages, "/api/strings", &from("2001:db8:0:1::1"), 5).await,
        0
    );
    // A client that writes its own X-Forwarded-For to the left changes nothing.
    let spoofed = [("x-forwarded-for", "198.51.100.7, 203.0.113.1")];
    assert!(refused_of(&pages, "/api/strings", &spoofed, 20).await >= 10);

    // Two people signed in, their requests from one address.
    let alice = sign_in(&pages, &h, ALICE, &instance).await.session;
    let bob = sign_in(&pages, &h, BOB, &instance).await.session;
    let session = |token: &str| format!("Bearer {token}");
    let (alice, bob) = (session(&alice), session(&bob));
    let games = "/api/activity/games";
    let as_alice = [("authorization", alice.as_str())];
    assert!(refused_of(&pages, games, &as_alice, 200).await >= 50);
    let as_bob = [("authorization", bob.as_str())];
    assert_eq!(refused_of(&pages, games, &as_bob, 5).await, 0);
    h.stop().await;
}

/// Play on the board while the database is slow to answer: the launch can't be deferred, so
/// it is the click's answer after a moment, while nothing can be read; the launch is recorded
/// once the database is back, and the Activity opens on the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_on_the_board_launches_in_time_while_the_database_is_slow() {
    let quickly = std::time::Duration::from_millis(50);
    let h = Harness::registered_with_activity_deferring_after(quickly).await;
    let (_, board) = h.start_game(ALICE, BOB).await;
    h.idle().await;
    let held = h.hold_database().await;
    let launched = play_on_the_board(&h, ALICE, &board).await;
    assert_eq!(kind(&launched), LAUNCH_ACTIVITY);
    drop(held);
    h.idle().await;
    let pages = h.pages(0);
    let alice = sign_in(&pages, &h, ALICE, &instance(&h)).await;
    let (status, offered) = get(&pages, "/api/activity/games", &alice.session).await;
    assert_eq!(status, StatusCode::OK);
    let key = launched_key(&offered);
    assert_eq!(offered["games"][0]["key"], key.as_str(), "on the game");
    h.stop().await;
}

/// A session serves only its own channel's games, and only while its person is in the
/// Activity: it is renewed (Discord asked each time) while they are, refused once they left.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_serves_its_channel_and_lapses_when_its_person_leaves() {
    let h = Harness::registered_with_activity().await;
    let (game, board) = h.start_game(ALICE, BOB).await;
    let key = crate::pages::key_of(&board);
    let pages = h.pages(0);
    // Alice opens the Activity in another channel of the server: her session there may not
    // play the game of this one.
    let elsewhere = h
        .fake
        .launch_activity(CHANNEL_ID + 100, Some(GUILD_ID), ALICE.id);
    let there = sign_in(&pages, &h, ALICE, &elsewhere).await.session;
    let moves = format!("/api/activity/games/{key}/moves");
    let g1g7 = json!({"ply": 0, "move": "g1-g7"});
    let (status, answer) = post(&pages, &moves, Some(&there), g1g7.clone()).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert_eq!(
        answer["error"],
        "This game is played in another channel: open the Activity there to play it."
    );
    assert_eq!(h.game(game).await.ply(), 0);
    // In the game's channel, her session is renewed while she is in the Activity.
    let here = h.fake.launch_activity(CHANNEL_ID, Some(GUILD_ID), ALICE.id);
    let session = sign_in(&pages, &h, ALICE, &here).await.session;
    let (status, renewed) = post(&pages, "/api/session", Some(&session), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{renewed}");
    let renewed = renewed["session"].as_str().unwrap().to_owned();
    let (status, _) = post(&pages, &moves, Some(&renewed), g1g7).await;
    assert_eq!(status, StatusCode::OK);
    // She leaves (the last one: Discord knows the instance no more), and the next renewal is
    // refused.
    h.fake.leave_activity(&here, ALICE.id);
    h.fake
        .expect_refusals(|r| r.request.contains("/activity-instances/") && r.status == 404);
    let (status, _) = post(&pages, "/api/session", Some(&renewed), json!({})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_activity_draws_a_players_own_colours_and_keeps_a_new_choice_as_theirs() {
    let h = Harness::registered_with_activity().await;
    let (game, board) = h.start_game(ALICE, BOB).await;
    play_on_the_board(&h, ALICE, &board).await;
    let instance = instance(&h);
    let pages = h.pages(0);
    let alice = sign_in(&pages, &h, ALICE, &instance).await;
    let user = monkey_queen::games::UserId(ALICE.id);
    // Never chosen: the page keeps its own default.
    let (_, offered) = get(&pages, "/api/activity/games", &alice.session).await;
    assert_eq!(offered["colors"], Value::Null, "{offered}");

    // Chosen on the page: kept as Alice's, given back with her games.
    let path = "/api/activity/colors";
    let body = json!({"colors": "high"});
    let (status, answer) = post(&pages, path, Some(&alice.session), body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["colors"], "high");
    assert_eq!(
        h.service.own_board_colors(user).await.unwrap(),
        Some(monkey_queen::games::BoardColors::High)
    );
    let (_, offered) = get(&pages, "/api/activity/games", &alice.session).await;
    assert_eq!(offered["colors"], "high", "{offered}");

    // Colours that don't exist, or no session: refused, and nothing changes.
    let (status, _) = post(
        &pages,
        path,
        Some(&alice.session),
        json!({"colors": "pink"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = post(&pages, path, None, json!({"colors": "standard"})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        h.service.own_board_colors(user).await.unwrap(),
        Some(monkey_queen::games::BoardColors::High)
    );
    assert_eq!(h.game(game).await.ply(), 0);
    h.stop().await;
}
