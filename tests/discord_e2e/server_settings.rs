//! `/settings` for managers only, and what the settings do: a thread per game (later boards
//! and reminders go there, or stay in the channel if it can't be made), boards turned towards
//! the player to move.

use crate::support::fake_discord::{FakeDiscord, RecordedRequest};
use monkey_queen::games::{
    BoardOrientation, ChannelId, GameId, GameStatus, GameView, GuildId, MessageId, UserId,
};
use serde_json::Value;

use crate::harness::{CHANNEL_MESSAGE, EPHEMERAL, Harness, button_ids, callback_path, content};
use crate::seeded::{MINUTE_MS, challenge_in, new_game, pending, player};
use crate::support::payloads::{
    ALICE, BOB, CAROL, CHANNEL_ID, Caller, DAVE, GUILD_ID, MANAGER_PERMISSIONS, bool_option,
    bot_message, button_click, integer_option, slash_command, string_option, token, with_locale,
    with_permissions,
};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_are_for_managers_and_threads_give_each_game_its_own() {
    let h = Harness::registered_on_manual_clock().await;
    let guild = GuildId(GUILD_ID);

    let refused = h
        .exchange(
            "/settings by a member",
            slash_command(601, ALICE, "settings", vec![bool_option("threads", true)]),
            |r| r.is("POST", &callback_path(601)),
        )
        .await;
    assert_eq!(
        refused.pointer("/type"),
        Some(&Value::from(CHANNEL_MESSAGE))
    );
    assert_eq!(
        refused.pointer("/data/flags"),
        Some(&Value::from(EPHEMERAL))
    );
    assert!(content(&refused).starts_with("Only server managers"));
    let refused_es = h
        .exchange(
            "/settings by a member, in Spanish",
            with_locale(slash_command(602, ALICE, "settings", vec![]), "es-ES"),
            |r| r.is("POST", &callback_path(602)),
        )
        .await;
    assert_eq!(
        refused_es.pointer("/data/flags"),
        Some(&Value::from(EPHEMERAL))
    );
    assert!(content(&refused_es).starts_with("Solo quien gestiona el servidor"));
    assert!(
        !h.service.settings(guild).await.unwrap().threads,
        "nothing changed"
    );

    let saved = h
        .exchange(
            "/settings by a manager",
            with_permissions(
                slash_command(
                    603,
                    ALICE,
                    "settings",
                    vec![
                        bool_option("threads", true),
                        integer_option("orientation", 1),
                    ],
                ),
                MANAGER_PERMISSIONS,
            ),
            |r| r.is("POST", &callback_path(603)),
        )
        .await;
    assert_eq!(saved.pointer("/data/flags"), Some(&Value::from(EPHEMERAL)));
    let text = content(&saved);
    assert!(text.starts_with("Saved."), "{text}");
    assert!(text.contains("each new game gets its own thread"), "{text}");
    let settings = h.service.settings(guild).await.unwrap();
    assert!(settings.threads);
    assert_eq!(settings.orientation, BoardOrientation::ToMove);

    // What the setting does to games: see `boards_of_a_game_go_into_its_own_thread`.
    h.stop().await;
}

/// Turns the "thread per game" setting on with `/settings`, as a server manager.
async fn turn_threads_on(h: &Harness, id: u64) {
    let saved = h
        .exchange(
            "/settings threads:true by a manager",
            with_permissions(
                slash_command(id, ALICE, "settings", vec![bool_option("threads", true)]),
                MANAGER_PERMISSIONS,
            ),
            |r| r.is("POST", &callback_path(id)),
        )
        .await;
    assert!(content(&saved).starts_with("Saved."), "{}", content(&saved));
    assert!(h.service.settings(GuildId(GUILD_ID)).await.unwrap().threads);
}

/// A challenge from `white` (who plays White) to `black` in the test channel with
/// `move_time_ms` a move, accepted with its Accept button (so the bot posts the first board);
/// the new game.
async fn accepted_by_button(
    h: &Harness,
    id: u64,
    (white, black): (Caller, Caller),
    move_time_ms: Option<i64>,
) -> GameView {
    let new = challenge_in(CHANNEL_ID, player(white), player(black), move_time_ms);
    let challenge = pending(&h.service, new).await;
    let accept = format!("accept:{}", challenge.id);
    let message = bot_message(1_400_000_000_000_000_000 + id, "challenge", &[&accept]);
    h.exchange(
        "the Accept click",
        button_click(id, black, &accept, message),
        |r| r.is("POST", &callback_path(id)),
    )
    .await;
    let games = h
        .service
        .active_games(UserId(white.id), None)
        .await
        .unwrap();
    let game = games
        .iter()
        .rev()
        .find(|g| g.black.id == UserId(black.id))
        .expect("the accepted game");
    h.service.game(game.id).await.unwrap()
}

/// A request to start a thread in the test channel, from a message or not.
fn is_thread_request(r: &RecordedRequest) -> bool {
    let path = r.path.strip_prefix("/api/v10").unwrap_or(&r.path);
    r.method.as_str() == "POST"
        && path.starts_with(&format!("/channels/{CHANNEL_ID}/"))
        && path.ends_with("/threads")
}

/// A board message posted in `channel`.
/// Whether `r` shows a board in `channel`: a channel message there, or the answer (or
/// follow-up) of an interaction made there.
fn is_board_in(fake: &FakeDiscord, r: &RecordedRequest, channel: u64) -> bool {
    r.method == "POST" && r.is_multipart() && fake.posted_in(r) == Some(channel)
}

/// `payload` sent from inside thread `thread` of the test channel.
fn in_thread(mut payload: Value, thread: u64) -> Value {
    payload["channel_id"] = Value::from(thread.to_string());
    payload["channel"] = serde_json::json!({
        "id": thread.to_string(),
        "type": 11,
        "guild_id": GUILD_ID.to_string(),
        "name": "game thread",
        "parent_id": CHANNEL_ID.to_string(),
        "flags": 0,
        "permissions": crate::support::payloads::MEMBER_PERMISSIONS,
        "thread_metadata": {
            "archived": false,
            "auto_archive_duration": 10080,
            "archive_timestamp": "2025-01-01T00:00:00.000000+00:00",
            "locked": false,
        },
    });
    payload
}

/// `caller` plays `text` with `/move` (interaction `id`, in `channel`: the test channel or a
/// thread of it); waits for the bot's answer, the new board.
async fn move_from(h: &Harness, id: u64, caller: Caller, channel: u64, text: &str) {
    let command = slash_command(id, caller, "move", vec![string_option("move", text)]);
    let command = if channel == CHANNEL_ID {
        command
    } else {
        in_thread(command, channel)
    };
    let answer = h
        .exchange(&format!("/move {text}"), command, |r| {
            r.is(
                "POST",
                &format!("/interactions/{id}/{}/callback", token(id)),
            )
        })
        .await;
    // The board is the answer, unless the game's thread is elsewhere: then the board goes
    // there and the player is told so.
    assert!(
        answer.is_multipart() || content(&answer).contains("the board is in the game's thread"),
        "{text}: {}",
        content(&answer)
    );
}

/// The game's thread, stored by the bot in the handler that opened it (the Accept click's).
async fn stored_thread(h: &Harness, game: GameId) -> ChannelId {
    h.idle().await;
    h.service
        .game(game)
        .await
        .unwrap()
        .place
        .thread
        .expect("the game's thread is stored")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn boards_of_a_game_go_into_its_own_thread() {
    let h = Harness::registered_on_manual_clock().await;
    turn_threads_on(&h, 901).await;

    // The first board goes to the channel; a public thread is then started from it.
    let mark = h.fake.mark();
    let game = accepted_by_button(&h, 902, (ALICE, BOB), Some(10 * MINUTE_MS)).await;
    let first = h
        .fake
        .expect_request_since(mark, "the first board, in the channel", |r| {
            is_board_in(&h.fake, r, CHANNEL_ID)
        })
        .await;
    assert!(
        content(&first).starts_with(&format!("**Game #{}**", game.id)),
        "{}",
        content(&first)
    );
    let opened = h
        .fake
        .expect_request_since(mark, "the thread", is_thread_request)
        .await;
    assert!(
        opened.received_at >= first.received_at,
        "board, then thread"
    );
    let started_from: u64 = opened
        .path
        .strip_prefix(&format!("/api/v10/channels/{CHANNEL_ID}/messages/"))
        .and_then(|rest| rest.strip_suffix("/threads"))
        .expect("a thread started from a message")
        .parse()
        .unwrap();
    assert_eq!(
        opened.pointer("/name").and_then(Value::as_str),
        Some(format!("Monkey Queen #{}: alice vs bob", game.id).as_str())
    );
    assert_eq!(
        opened.pointer("/auto_archive_duration"),
        Some(&Value::from(10080))
    );
    let thread = stored_thread(&h, game.id).await;
    // On Discord (and the fake) a thread started from a message takes the message's id.
    assert_eq!(thread, ChannelId(started_from));
    assert_eq!(
        h.service.game(game.id).await.unwrap().place.message,
        Some(MessageId(started_from)),
        "started from the first board"
    );
    assert_ne!(thread.0, CHANNEL_ID);

    // The sweeper's reminder (a fifth of the ten minutes left) goes to the thread too.
    let before = h.fake.mark();
    h.clock().advance(8 * MINUTE_MS + 1_000);
    let reminder = h
        .fake
        .expect_request_since(before, "the reminder", |r| {
            content(r).contains("still your move")
        })
        .await;
    assert!(
        reminder.is("POST", &format!("/channels/{}/messages", thread.0)),
        "{}",
        reminder.line()
    );

    // R7 (a queen capture ends the game) in three plies: White and Black move from inside
    // the thread and from the channel; every later board goes to the thread.
    let moves = [
        (911, ALICE, thread.0, "g1-g7"),
        (912, BOB, CHANNEL_ID, "f12-f8"),
        (913, ALICE, thread.0, "g7xf8"),
    ];
    for (id, caller, channel, text) in moves {
        let before = h.fake.mark();
        move_from(&h, id, caller, channel, text).await;
        let board = h
            .fake
            .expect_request_since(before, "the board, in the thread", |r| {
                is_board_in(&h.fake, r, thread.0)
            })
            .await;
        assert!(
            board.files.iter().any(|f| f.bytes.starts_with(b"\x89PNG")),
            "a board picture"
        );
    }
    let over = h.service.game(game.id).await.unwrap();
    assert_eq!(over.status, GameStatus::Finished);
    assert_eq!(over.place.thread, Some(thread));
    let last = h
        .fake
        .requests()
        .into_iter()
        .rev()
        .find(|r| is_board_in(&h.fake, r, thread.0))
        .unwrap();
    assert_eq!(
        button_ids(&last),
        [
            format!("replay:{}", game.id),
            format!("rematch:{}", game.id),
            format!("analyse:{}", game.id)
        ],
        "the result, with Replay, Rematch and Analyse, in the thread"
    );
    assert_eq!(
        h.count_since(mark, |r| is_board_in(&h.fake, r, CHANNEL_ID)),
        1,
        "only the first board in the channel: {}",
        h.fake.describe_requests()
    );
    assert_eq!(
        h.count_since(mark, |r| is_board_in(&h.fake, r, thread.0)),
        3
    );
    assert_eq!(
        h.count_since(mark, is_thread_request),
        1,
        "one thread a game"
    );
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_whose_thread_cannot_be_made_stays_in_its_channel() {
    let h = Harness::registered_on_manual_clock().await;
    turn_threads_on(&h, 921).await;
    // First the bot lacks the permission (403), then Discord fails (500).
    h.fake.refuse_requests(is_thread_request);
    let mark = h.fake.mark();
    let forbidden = accepted_by_button(&h, 922, (ALICE, BOB), None).await;
    h.fake
        .expect_request_since(mark, "the refused thread", is_thread_request)
        .await;
    h.fake.fail_requests(is_thread_request);
    let mark = h.fake.mark();
    let failing = accepted_by_button(&h, 923, (CAROL, DAVE), None).await;
    h.fake
        .expect_request_since(mark, "the failed thread", is_thread_request)
        .await;

    for (game, white, id) in [(&forbidden, ALICE, 924), (&failing, CAROL, 925)] {
        let before = h.fake.mark();
        move_from(&h, id, white, CHANNEL_ID, "g1-g7").await;
        let board = h
            .fake
            .expect_request_since(before, "the board, in the channel", |r| {
                is_board_in(&h.fake, r, CHANNEL_ID)
            })
            .await;
        assert!(
            content(&board).contains("g1"),
            "game #{}: {}",
            game.id,
            content(&board)
        );
        assert_eq!(
            h.service.game(game.id).await.unwrap().place.thread,
            None,
            "game #{} has no thread",
            game.id
        );
    }
    // Each game asked once; both first boards and both later boards are in the channel.
    assert_eq!(h.count_since(0, is_thread_request), 2);
    assert_eq!(h.count_since(0, |r| is_board_in(&h.fake, r, CHANNEL_ID)), 4);
    assert_eq!(
        h.count_since(0, |r| r.method.as_str() == "POST"
            && r.path.contains("/messages")
            && r.is_multipart()
            && !is_board_in(&h.fake, r, CHANNEL_ID)),
        0,
        "no board anywhere else: {}",
        h.fake.describe_requests()
    );
    h.stop().await;
}

/// A challenge made inside a thread (say, an old game's) keeps its game in that thread: no
/// thread can be started in a thread, so the bot doesn't try, even with threads on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_challenged_inside_a_thread_stays_in_it() {
    const THREAD: u64 = 1_300_000_000_000_000_077;
    let h = Harness::registered_on_manual_clock().await;
    turn_threads_on(&h, 931).await;
    let new = challenge_in(THREAD, player(ALICE), player(BOB), None);
    let challenge = pending(&h.service, new).await;
    let accept = format!("accept:{}", challenge.id);
    let message = bot_message(1_400_000_000_000_000_931, "challenge", &[&accept]);
    let mark = h.fake.mark();
    let click = in_thread(button_click(932, BOB, &accept, message), THREAD);
    h.fake.push_interaction(click);
    h.fake
        .expect_request_since(mark, "the first board, in the thread", |r| {
            is_board_in(&h.fake, r, THREAD)
        })
        .await;
    move_from(&h, 933, ALICE, THREAD, "g1-g7").await;
    h.fake
        .expect_request_since(mark, "the next board, in the thread", |r| {
            is_board_in(&h.fake, r, THREAD) && content(r).contains("g1")
        })
        .await;
    assert_eq!(
        h.count_since(0, is_thread_request),
        0,
        "no thread in a thread"
    );
    let game = h
        .service
        .active_games(UserId(ALICE.id), None)
        .await
        .unwrap();
    assert_eq!(game.len(), 1);
    assert_eq!(game[0].place.channel, ChannelId(THREAD));
    assert_eq!(game[0].place.thread, None);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn boards_turn_towards_the_player_to_move_when_the_server_asks() {
    let h = Harness::registered_on_manual_clock().await;
    h.service
        .update_settings(
            GuildId(GUILD_ID),
            monkey_queen::games::SettingsChange {
                orientation: Some(BoardOrientation::ToMove),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    let (alice, bob) = (player(ALICE), player(BOB));
    new_game(&h.service, &alice, &bob, None).await;
    let mark = h.fake.mark();
    h.fake.push_interaction(slash_command(
        701,
        ALICE,
        "move",
        vec![crate::support::payloads::string_option("move", "g1-g7")],
    ));
    let board = h
        .fake
        .expect_request_since(mark, "the board after the move", |r| {
            is_board_in(&h.fake, r, CHANNEL_ID)
        })
        .await;
    // Black is to move: the picture is the flipped one.
    let game = h
        .service
        .active_games(UserId(ALICE.id), None)
        .await
        .unwrap()
        .pop()
        .unwrap();
    let game = h.service.game(game.id).await.unwrap();
    let renderer = monkey_queen::render::Renderer::new().unwrap();
    let picture = |flipped: bool| {
        let view = monkey_queen::render::BoardView {
            flipped,
            last_move: game.last_move,
            players: monkey_queen::render::Players::new("alice", "bob"),
            status: Some(
                monkey_queen::i18n::Lang::En.text(&monkey_queen::i18n::Msg::StatusLine(&game)),
            ),
            ..Default::default()
        };
        renderer.board_png(&game.position, &view).unwrap()
    };
    let uploaded = &board.files[0].bytes;
    assert_eq!(uploaded, &picture(true), "Black at the bottom");
    assert_ne!(uploaded, &picture(false));
    h.stop().await;
}
