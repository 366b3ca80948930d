//! Clocks, standings and server settings end to end, with the real serenity client against the
//! fake Discord of `support::fake_discord`, a real SQLite database and a manual clock: the
//! sweeper's reminder
//! and timeout (each posted once, across sweeps), the Rematch button, leaderboard paging,
//! `/replay`'s GIF, `/history` paging, and `/settings` for managers only (with the thread it
//! turns on: later boards go there, or stay in the channel if it can't be made). Games are
//! set up through the game service on the bot's database; what the bot does is read from the
//! fake's recorded REST calls.

mod support;

use std::sync::Arc;
use std::time::{Duration, Instant};

use monkey_queen::discord::{self, Config, Deps, RunningBot, Token};
use monkey_queen::games::{
    BoardOrientation, ChallengeCreated, ChannelId, ColorChoice, EndReason, GameId, GameRef,
    GameService, GameStatus, GameView, GuildId, ManualClock, MessageId, NewChallenge, PlayRequest,
    PlayerRef, ServiceConfig, UserId,
};
use monkey_queen_core::{Color, GameOptions, Record};
use poise::serenity_prelude as serenity;
use serde_json::Value;
use support::fake_discord::{APPLICATION_ID, BOT_USER_ID, FakeDiscord, RecordedRequest, TOKEN};
use support::payloads::{
    ALICE, BOB, CAROL, CHANNEL_ID, Caller, DAVE, GUILD_ID, MANAGER_PERMISSIONS, bool_option,
    bot_message, button_click, integer_option, slash_command, string_option, token, user_option,
    with_locale, with_permissions, with_resolved_user,
};
use tempfile::TempDir;

/// Interaction callback types (Discord API).
const CHANNEL_MESSAGE: u64 = 4;
const DEFERRED_CHANNEL_MESSAGE: u64 = 5;
const UPDATE_MESSAGE: u64 = 7;
/// Message flag: only the invoking user sees it.
const EPHEMERAL: u64 = 64;
/// How often the bot sweeps in these tests.
const SWEEP: Duration = Duration::from_millis(40);
/// Where the manual clock starts: 2023-11-14, in unix milliseconds.
const START_MS: i64 = 1_700_000_000_000;
const MINUTE_MS: i64 = 60_000;

/// A fake Discord with the bot connected, its commands registered, and a service of its own on
/// the bot's database to set games up.
struct Harness {
    fake: FakeDiscord,
    bot: RunningBot,
    clock: Arc<ManualClock>,
    service: GameService,
    _dir: TempDir,
}

impl Harness {
    async fn start() -> Harness {
        let _ = tracing_subscriber::fmt()
            .with_env_filter(
                tracing_subscriber::EnvFilter::try_from_default_env()
                    .unwrap_or_else(|_| "warn".into()),
            )
            .with_test_writer()
            .try_init();
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}?mode=rwc", dir.path().join("bot.db").display());
        let db = monkey_queen::storage::connect(&url).await.unwrap();
        let clock = Arc::new(ManualClock::new(START_MS));
        let service = GameService::new(
            db.clone(),
            clock.clone(),
            ServiceConfig {
                bot_user: Some(UserId(BOT_USER_ID)),
                ..ServiceConfig::default()
            },
        );
        let fake = FakeDiscord::start().await;
        let config = Config {
            token: Token::new(TOKEN),
            dev_guild: Some(serenity::GuildId::new(GUILD_ID)),
            api_url: Some(fake.api_url()),
        };
        let deps = Deps {
            db,
            clock: clock.clone(),
            sweep_interval: SWEEP,
            // Longer than any write takes here: these tests expect direct answers.
            defer_after: Duration::from_secs(2),
        };
        let bot = discord::start(&config, deps).await.expect("the bot starts");
        let path = format!("/applications/{APPLICATION_ID}/guilds/{GUILD_ID}/commands");
        fake.expect_request("command registration", |r| r.is("PUT", &path))
            .await;
        Harness {
            fake,
            bot,
            clock,
            service,
            _dir: dir,
        }
    }

    /// Pushes `interaction` and returns the first request after it that `matches`.
    async fn exchange(
        &self,
        what: &str,
        interaction: Value,
        matches: impl Fn(&RecordedRequest) -> bool,
    ) -> RecordedRequest {
        let mark = self.fake.mark();
        self.fake.push_interaction(interaction);
        self.fake.expect_request_since(mark, what, matches).await
    }

    /// Lets at least `sweeps` more sweeps run (the sweeper ticks every [`SWEEP`]).
    async fn let_sweep(&self, sweeps: u32) {
        tokio::time::sleep(SWEEP * (sweeps + 1)).await;
    }

    /// Requests since `mark` that `matches`.
    fn count_since(&self, mark: usize, matches: impl Fn(&RecordedRequest) -> bool) -> usize {
        self.fake
            .requests()
            .iter()
            .skip(mark)
            .filter(|r| matches(r))
            .count()
    }

    async fn stop(self) {
        let stopping = Instant::now();
        tokio::time::timeout(Duration::from_secs(15), self.bot.shutdown())
            .await
            .expect("the bot stops within 15 s")
            .expect("the bot stops without error");
        assert!(
            stopping.elapsed() < Duration::from_secs(5),
            "the sweeper stops at once"
        );
    }
}

fn player(caller: Caller) -> PlayerRef {
    PlayerRef::new(UserId(caller.id), caller.username)
}

/// A challenge from `white` (who plays White) to `black` in the test channel, accepted.
async fn new_game(
    service: &GameService,
    white: &PlayerRef,
    black: &PlayerRef,
    move_time_ms: Option<i64>,
) -> GameView {
    let new = challenge_in(CHANNEL_ID, white.clone(), black.clone(), move_time_ms);
    let challenge = pending(service, new).await;
    service.accept_challenge(challenge.id, black).await.unwrap()
}

/// A rated challenge from `white` (who plays White) to `black` in `channel` of the test server.
fn challenge_in(
    channel: u64,
    white: PlayerRef,
    black: PlayerRef,
    move_time_ms: Option<i64>,
) -> NewChallenge {
    NewChallenge {
        challenger: white,
        opponent: Some(black),
        guild: Some(GuildId(GUILD_ID)),
        channel: ChannelId(channel),
        options: GameOptions::default(),
        color: ColorChoice::White,
        move_time_ms,
        rated: true,
        ai_level: None,
        rematch_of: None,
    }
}

/// Stores a challenge between people, which waits for an answer.
async fn pending(service: &GameService, new: NewChallenge) -> monkey_queen::games::Challenge {
    match service.create_challenge(new).await.unwrap() {
        ChallengeCreated::Pending(challenge) => challenge,
        ChallengeCreated::AiGame(_) => panic!("a challenge between people waits for an answer"),
    }
}

async fn play(service: &GameService, game: &GameView, by: &PlayerRef, text: &str) -> GameView {
    service
        .play(PlayRequest {
            user: by.id,
            game: GameRef::Id(game.id),
            text,
            expected_ply: None,
            request_key: None,
        })
        .await
        .unwrap()
        .game
}

/// A rated game in the test server that `winner` wins by resignation.
async fn decided_game(service: &GameService, winner: &PlayerRef, loser: &PlayerRef) -> GameView {
    let game = new_game(service, winner, loser, None).await;
    service
        .resign(loser.id, GameRef::Id(game.id))
        .await
        .unwrap()
}

fn channel_messages_path() -> String {
    format!("/channels/{CHANNEL_ID}/messages")
}

fn callback_path(id: u64) -> String {
    format!("/interactions/{id}/{}/callback", token(id))
}

fn original_path(id: u64) -> String {
    format!(
        "/webhooks/{APPLICATION_ID}/{}/messages/@original",
        token(id)
    )
}

/// The text of a message payload (a callback's is under `/data`).
fn content(r: &RecordedRequest) -> String {
    r.pointer("/content")
        .or_else(|| r.pointer("/data/content"))
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned()
}

/// The buttons of a message payload: `(custom_id, disabled)`.
fn buttons(r: &RecordedRequest) -> Vec<(String, bool)> {
    let rows = r
        .pointer("/components")
        .or_else(|| r.pointer("/data/components"))
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    rows.iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .map(|b| {
            (
                b["custom_id"].as_str().unwrap_or_default().to_owned(),
                b["disabled"].as_bool().unwrap_or(false),
            )
        })
        .collect()
}

fn custom_ids(r: &RecordedRequest) -> Vec<String> {
    buttons(r).into_iter().map(|(id, _)| id).collect()
}

fn is_board_post(r: &RecordedRequest) -> bool {
    r.is("POST", &channel_messages_path()) && r.is_multipart()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_player_to_move_is_reminded_once_and_then_loses_on_time_once() {
    let h = Harness::start().await;
    let (alice, bob) = (player(ALICE), player(BOB));
    // Ten minutes a move: the reminder comes with a fifth left, 8 minutes in.
    let game = new_game(&h.service, &alice, &bob, Some(10 * MINUTE_MS)).await;
    let game = play(&h.service, &game, &alice, "g1-g7").await;
    let deadline_s = game.deadline_ms.unwrap() / 1000;
    h.let_sweep(2).await;
    let start = h.fake.mark();
    assert_eq!(
        h.count_since(0, |r| r.is("POST", &channel_messages_path())),
        0,
        "nothing is due yet: {}",
        h.fake.describe_requests()
    );

    h.clock.advance(8 * MINUTE_MS + 1_000);
    let reminder = h
        .fake
        .expect_request_since(start, "the reminder", |r| {
            r.is("POST", &channel_messages_path()) && content(r).contains("still your move")
        })
        .await;
    assert_eq!(
        content(&reminder),
        format!(
            "⏰ <@{}>, it is still your move in game #{}. Time runs out <t:{deadline_s}:R>.",
            BOB.id, game.id
        )
    );
    // The mention pings Bob, and only Bob.
    assert_eq!(
        reminder.pointer("/allowed_mentions/users"),
        Some(&serde_json::json!([BOB.id.to_string()]))
    );
    h.let_sweep(3).await;
    assert_eq!(
        h.count_since(start, |r| content(r).contains("still your move")),
        1,
        "one reminder only"
    );

    let mark = h.fake.mark();
    h.clock.advance(2 * MINUTE_MS);
    let result = h
        .fake
        .expect_request_since(mark, "the result board", is_board_post)
        .await;
    let text = content(&result);
    assert!(
        text.contains(&format!("**<@{}> wins** (White)", ALICE.id)),
        "{text}"
    );
    assert!(
        text.contains(&format!("<@{}> ran out of time", BOB.id)),
        "{text}"
    );
    let png = &result.files[0].bytes;
    assert!(png.starts_with(b"\x89PNG"), "the board picture is a PNG");
    assert_eq!(
        custom_ids(&result),
        [
            format!("replay:{}", game.id),
            format!("rematch:{}", game.id),
            format!("analyse:{}", game.id)
        ]
    );
    // Two more sweeps (and a start-up sweep of a restarted bot would be the same): no repeat.
    h.let_sweep(3).await;
    assert_eq!(
        h.count_since(mark, is_board_post),
        1,
        "the result is posted once"
    );

    let over = h.service.game(game.id).await.unwrap();
    assert_eq!(over.status, GameStatus::Finished);
    let result = over.result.unwrap();
    assert_eq!(
        (result.winner, result.reason),
        (Color::White, EndReason::Timeout)
    );
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expired_challenge_loses_its_buttons() {
    let h = Harness::start().await;
    let (alice, bob) = (player(ALICE), player(BOB));
    let created = h
        .service
        .create_challenge(NewChallenge {
            challenger: alice,
            opponent: Some(bob),
            guild: Some(GuildId(GUILD_ID)),
            channel: ChannelId(CHANNEL_ID),
            options: GameOptions::default(),
            color: ColorChoice::Random,
            move_time_ms: None,
            rated: true,
            ai_level: None,
            rematch_of: None,
        })
        .await
        .unwrap();
    let ChallengeCreated::Pending(challenge) = created else {
        panic!("pending")
    };
    let message = 1_400_000_000_000_000_001;
    h.fake.add_bot_message(CHANNEL_ID, message);
    h.service
        .set_challenge_message(challenge.id, monkey_queen::games::MessageId(message))
        .await
        .unwrap();
    let mark = h.fake.mark();
    h.clock.advance(25 * 60 * MINUTE_MS);
    let path = format!("/channels/{CHANNEL_ID}/messages/{message}");
    let edit = h
        .fake
        .expect_request_since(mark, "the challenge message edit", |r| r.is("PATCH", &path))
        .await;
    assert!(content(&edit).contains("Expired: nobody accepted in time."));
    assert_eq!(edit.pointer("/components"), Some(&serde_json::json!([])));
    h.let_sweep(3).await;
    assert_eq!(h.count_since(mark, |r| r.is("PATCH", &path)), 1);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_offered_by_button_is_accepted_like_a_challenge() {
    let h = Harness::start().await;
    let (alice, bob) = (player(ALICE), player(BOB));
    // Alice played White and won.
    let first = decided_game(&h.service, &alice, &bob).await;
    let board = bot_message(
        1_400_000_000_000_000_010,
        "result",
        &[
            &format!("replay:{}", first.id),
            &format!("rematch:{}", first.id),
        ],
    );

    // Bob asks for a rematch: a challenge message with Accept, Decline and Cancel.
    let offer = h
        .exchange(
            "the rematch offer",
            button_click(301, BOB, &format!("rematch:{}", first.id), board.clone()),
            |r| r.is("POST", &callback_path(301)),
        )
        .await;
    assert_eq!(offer.pointer("/type"), Some(&Value::from(CHANNEL_MESSAGE)));
    let text = content(&offer);
    assert!(
        text.contains(&format!(
            "<@{}> offers <@{}> a rematch of game #{}, colours swapped!",
            BOB.id, ALICE.id, first.id
        )),
        "{text}"
    );
    let ids = custom_ids(&offer);
    assert_eq!(ids.len(), 3, "{ids:?}");
    let accept = ids[0].clone();
    assert!(accept.starts_with("accept:"), "{ids:?}");
    // The bot reads its message back to remember it.
    h.fake
        .expect_request("the challenge message read back", |r| {
            r.is("GET", &original_path(301))
        })
        .await;

    // A second click is refused: one rematch at a time.
    let again = h
        .exchange(
            "the second rematch click",
            button_click(302, ALICE, &format!("rematch:{}", first.id), board),
            |r| r.is("POST", &callback_path(302)),
        )
        .await;
    assert_eq!(again.pointer("/data/flags"), Some(&Value::from(EPHEMERAL)));
    assert!(content(&again).contains("already waiting for an answer"));

    // Alice accepts: the message closes and the new game's board is posted, colours swapped.
    let mark = h.fake.mark();
    let closed = h
        .exchange(
            "the accept click",
            button_click(
                303,
                ALICE,
                &accept,
                bot_message(1_400_000_000_000_000_011, &text, &[&accept]),
            ),
            |r| r.is("POST", &callback_path(303)),
        )
        .await;
    assert_eq!(closed.pointer("/type"), Some(&Value::from(UPDATE_MESSAGE)));
    let started = h
        .fake
        .expect_request_since(mark, "the rematch's first board", is_board_post)
        .await;
    let rematch = h
        .service
        .active_games(UserId(ALICE.id), None)
        .await
        .unwrap()
        .pop()
        .expect("the rematch is being played");
    assert_eq!(
        (rematch.white.id, rematch.black.id),
        (UserId(BOB.id), UserId(ALICE.id))
    );
    assert!(content(&started).starts_with(&format!("**Game #{}**", rematch.id)));
    assert_eq!(
        custom_ids(&started),
        [
            format!("move:{}:0", rematch.id),
            format!("resign:{}:0", rematch.id)
        ]
    );
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_leaderboard_pages_with_its_arrows() {
    let h = Harness::start().await;
    // Twelve players, six games: a board of two pages of ten.
    let players: Vec<PlayerRef> = (0..12)
        .map(|i| PlayerRef::new(UserId(1_200_000_000_000_001_000 + i), format!("p{i}")))
        .collect();
    for pair in players.chunks(2) {
        decided_game(&h.service, &pair[0], &pair[1]).await;
    }

    let first = h
        .exchange(
            "/leaderboard",
            slash_command(401, ALICE, "leaderboard", vec![]),
            |r| r.is("POST", &callback_path(401)),
        )
        .await;
    assert_eq!(first.pointer("/type"), Some(&Value::from(CHANNEL_MESSAGE)));
    let text = content(&first);
    assert!(
        text.starts_with("**Leaderboard — this server** · page 1 of 2"),
        "{text}"
    );
    assert_eq!(
        text.lines().filter(|l| l.contains(". <@")).count(),
        10,
        "{text}"
    );
    // Mentions in the list don't ping anyone.
    assert_eq!(
        first.pointer("/data/allowed_mentions/parse"),
        Some(&serde_json::json!([]))
    );
    assert_eq!(
        buttons(&first),
        [
            ("leaderboard:server:0:prev".to_owned(), true),
            ("leaderboard:server:1:next".to_owned(), false),
        ]
    );

    let message = bot_message(
        1_400_000_000_000_000_020,
        &text,
        &["leaderboard:server:0:prev", "leaderboard:server:1:next"],
    );
    let second = h
        .exchange(
            "the ▶ click",
            button_click(402, BOB, "leaderboard:server:1:next", message.clone()),
            |r| r.is("POST", &callback_path(402)),
        )
        .await;
    assert_eq!(second.pointer("/type"), Some(&Value::from(UPDATE_MESSAGE)));
    let text = content(&second);
    assert!(text.contains("page 2 of 2"), "{text}");
    assert!(
        text.contains("\n11. <@") && text.contains("\n12. <@"),
        "{text}"
    );
    assert_eq!(
        buttons(&second),
        [
            ("leaderboard:server:0:prev".to_owned(), false),
            ("leaderboard:server:1:next".to_owned(), true),
        ]
    );

    let back = h
        .exchange(
            "the ◀ click",
            button_click(403, BOB, "leaderboard:server:0:prev", message),
            |r| r.is("POST", &callback_path(403)),
        )
        .await;
    assert!(content(&back).contains("page 1 of 2"));

    // In Spanish, for everyone: the same six winners lead.
    let global = h
        .exchange(
            "/leaderboard scope:global in Spanish",
            with_locale(
                slash_command(404, ALICE, "leaderboard", vec![integer_option("scope", 1)]),
                "es-ES",
            ),
            |r| r.is("POST", &callback_path(404)),
        )
        .await;
    let text = content(&global);
    assert!(
        text.starts_with("**Clasificación — todo el mundo** · página 1 de 2"),
        "{text}"
    );
    assert_eq!(
        custom_ids(&global),
        ["leaderboard:global:0:prev", "leaderboard:global:1:next"]
    );
    h.stop().await;
}

/// The games listed on a history page (one `• #id — …` line each).
fn history_lines(text: &str) -> usize {
    text.lines().filter(|l| l.starts_with("• #")).count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn history_pages_with_its_arrows_and_refuses_forged_pages() {
    let h = Harness::start().await;
    let (alice, bob) = (player(ALICE), player(BOB));
    // Twelve finished games for Alice: two pages of ten.
    for i in 0..12 {
        if i % 3 == 0 {
            decided_game(&h.service, &bob, &alice).await;
        } else {
            decided_game(&h.service, &alice, &bob).await;
        }
    }
    let prev = format!("history:{}:0:prev", ALICE.id);
    let next = format!("history:{}:1:next", ALICE.id);

    // Carol looks at Alice's history, as /history allows anyone to.
    let first = h
        .exchange(
            "/history user:alice",
            with_resolved_user(
                slash_command(451, CAROL, "history", vec![user_option("user", ALICE)]),
                &[ALICE],
            ),
            |r| r.is("POST", &callback_path(451)),
        )
        .await;
    assert_eq!(first.pointer("/type"), Some(&Value::from(CHANNEL_MESSAGE)));
    assert_ne!(
        first.pointer("/data/flags"),
        Some(&Value::from(EPHEMERAL)),
        "public"
    );
    let text = content(&first);
    assert!(
        text.starts_with(&format!(
            "**Finished games of <@{}>** · 12 in all, newest first · page 1 of 2",
            ALICE.id
        )),
        "{text}"
    );
    assert_eq!(history_lines(&text), 10, "{text}");
    assert_eq!(
        first.pointer("/data/allowed_mentions/parse"),
        Some(&serde_json::json!([])),
        "mentions in the list don't ping"
    );
    assert_eq!(
        buttons(&first),
        [(prev.clone(), true), (next.clone(), false)],
        "◀ is disabled on the first page"
    );

    let message = bot_message(1_400_000_000_000_000_050, &text, &[&prev, &next]);
    let second = h
        .exchange(
            "the ▶ click",
            button_click(452, BOB, &next, message.clone()),
            |r| r.is("POST", &callback_path(452)),
        )
        .await;
    assert_eq!(second.pointer("/type"), Some(&Value::from(UPDATE_MESSAGE)));
    let text = content(&second);
    assert!(text.contains("page 2 of 2"), "{text}");
    assert_eq!(history_lines(&text), 2, "{text}");
    assert_eq!(
        buttons(&second),
        [(prev.clone(), false), (next.clone(), true)],
        "▶ is disabled on the last page"
    );

    let back = h
        .exchange(
            "the ◀ click, in Spanish",
            with_locale(button_click(453, CAROL, &prev, message.clone()), "es-ES"),
            |r| r.is("POST", &callback_path(453)),
        )
        .await;
    assert_eq!(back.pointer("/type"), Some(&Value::from(UPDATE_MESSAGE)));
    let text = content(&back);
    assert!(
        text.starts_with(&format!(
            "**Partidas terminadas de <@{}>** · 12 en total, las más recientes primero · página 1 de 2",
            ALICE.id
        )),
        "{text}"
    );
    assert_eq!(history_lines(&text), 10, "{text}");

    // Forged: a page past the end is refused to the clicker alone; the message stays.
    for (id, locale, expected) in [
        (
            454,
            "en-US",
            "There is no page 3 of this list (it ends at page 2).",
        ),
        (
            455,
            "es-ES",
            "Esta lista no tiene página 8 (termina en la página 2).",
        ),
    ] {
        let page = if locale == "en-US" { 2 } else { 7 };
        let forged = format!("history:{}:{page}:next", ALICE.id);
        let refused = h
            .exchange(
                "a forged page",
                with_locale(button_click(id, CAROL, &forged, message.clone()), locale),
                |r| r.is("POST", &callback_path(id)),
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
        assert_eq!(content(&refused), expected);
    }
    // Someone with no finished games has one page and no arrows; their page 1 is forged.
    let empty = h
        .exchange(
            "/history of a newcomer",
            slash_command(456, CAROL, "history", vec![]),
            |r| r.is("POST", &callback_path(456)),
        )
        .await;
    assert!(content(&empty).contains("has no finished games yet"));
    assert!(buttons(&empty).is_empty());
    let forged = format!("history:{}:1:next", CAROL.id);
    let refused = h
        .exchange(
            "a forged page of an empty history",
            button_click(457, CAROL, &forged, message.clone()),
            |r| r.is("POST", &callback_path(457)),
        )
        .await;
    assert_eq!(
        refused.pointer("/data/flags"),
        Some(&Value::from(EPHEMERAL))
    );
    assert!(content(&refused).starts_with("There is no page 2"));
    // Not even a number: the unknown-button answer.
    let garbled = h
        .exchange(
            "a garbled history button",
            button_click(458, CAROL, "history:alice:1:next", message),
            |r| r.is("POST", &callback_path(458)),
        )
        .await;
    assert_eq!(
        garbled.pointer("/data/flags"),
        Some(&Value::from(EPHEMERAL))
    );
    assert!(content(&garbled).starts_with("That button no longer does anything"));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replay_uploads_a_gif_with_a_frame_per_ply_and_the_record() {
    let h = Harness::start().await;
    let (alice, bob) = (player(ALICE), player(BOB));
    let game = new_game(&h.service, &alice, &bob, None).await;
    // R4: births; R7.1: White's queen takes Black's and wins.
    let mut view = game.clone();
    for (by, text) in [(&alice, "g1-g7"), (&bob, "f12-f8"), (&alice, "g7xf8")] {
        view = play(&h.service, &view, by, text).await;
    }
    assert_eq!(view.status, GameStatus::Finished);

    let id = 501;
    let deferred = h
        .exchange(
            "/replay callback",
            slash_command(id, BOB, "replay", vec![integer_option("game", game.id.0)]),
            |r| r.is("POST", &callback_path(id)),
        )
        .await;
    assert_eq!(
        deferred.pointer("/type"),
        Some(&Value::from(DEFERRED_CHANNEL_MESSAGE))
    );
    let edit = h
        .fake
        .expect_request("the replay upload", |r| r.is("PATCH", &original_path(id)))
        .await;
    let gif = edit
        .files
        .iter()
        .find(|f| f.filename.as_deref() == Some(&format!("monkey-queen-{}.gif", game.id)))
        .expect("a GIF is attached");
    let mut decoder = gif::DecodeOptions::new()
        .read_info(gif.bytes.as_slice())
        .expect("a valid GIF");
    let mut frames = 0;
    while decoder.read_next_frame().unwrap().is_some() {
        frames += 1;
    }
    assert_eq!(frames, 3 + 1, "the start and one frame per ply");

    // The caption carries the record; pasted back, it gives the same game.
    let text = content(&edit);
    assert!(
        text.starts_with(&format!("**Replay of game #{}**", game.id)),
        "{text}"
    );
    let record_text = text
        .split("```")
        .nth(1)
        .expect("the record in a code block")
        .trim();
    let (record, _) = Record::parse(record_text).unwrap();
    let moves: Vec<String> = record.moves.iter().map(ToString::to_string).collect();
    assert_eq!(moves, ["g1-g7", "f12-f8", "g7xf8"]);

    // A game that does not exist is refused, only to the caller.
    let missing = h
        .exchange(
            "/replay of no game",
            slash_command(502, BOB, "replay", vec![integer_option("game", 999)]),
            |r| r.is("POST", &callback_path(502)),
        )
        .await;
    assert_eq!(
        missing.pointer("/data/flags"),
        Some(&Value::from(EPHEMERAL))
    );
    assert_eq!(content(&missing), "There is no game #999.");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_are_for_managers_and_threads_give_each_game_its_own() {
    let h = Harness::start().await;
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
        "permissions": support::payloads::MEMBER_PERMISSIONS,
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

/// The game's thread once the bot has stored it (it does so right after Discord answers).
async fn stored_thread(service: &GameService, game: GameId) -> ChannelId {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(thread) = service.game(game).await.unwrap().place.thread {
            return thread;
        }
        assert!(
            Instant::now() < deadline,
            "the game's thread was never stored"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn boards_of_a_game_go_into_its_own_thread() {
    let h = Harness::start().await;
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
    let thread = stored_thread(&h.service, game.id).await;
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
    h.clock.advance(8 * MINUTE_MS + 1_000);
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
        custom_ids(&last),
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
    let h = Harness::start().await;
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
    let h = Harness::start().await;
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
    let h = Harness::start().await;
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
        vec![support::payloads::string_option("move", "g1-g7")],
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_replay_button_shows_the_replay_to_the_clicker_and_stats_speak_spanish() {
    let h = Harness::start().await;
    let (alice, bob) = (player(ALICE), player(BOB));
    let game = decided_game(&h.service, &alice, &bob).await;
    let replay = format!("replay:{}", game.id);
    let message = bot_message(1_400_000_000_000_000_040, "result", &[&replay]);
    let deferred = h
        .exchange(
            "the Replay click",
            button_click(801, BOB, &replay, message),
            |r| r.is("POST", &callback_path(801)),
        )
        .await;
    assert_eq!(
        deferred.pointer("/type"),
        Some(&Value::from(DEFERRED_CHANNEL_MESSAGE))
    );
    assert_eq!(
        deferred.pointer("/data/flags"),
        Some(&Value::from(EPHEMERAL))
    );
    let edit = h
        .fake
        .expect_request("the replay upload", |r| r.is("PATCH", &original_path(801)))
        .await;
    let gif = &edit.files[0].bytes;
    assert!(gif.starts_with(b"GIF89a"), "an animated GIF");
    assert!(
        content(&edit).contains("monkey-queen"),
        "{}",
        content(&edit)
    );

    let stats = h
        .exchange(
            "/stats in Spanish",
            with_locale(slash_command(802, BOB, "stats", vec![]), "es-ES"),
            |r| r.is("POST", &callback_path(802)),
        )
        .await;
    let text = content(&stats);
    assert!(
        text.starts_with(&format!("**Estadísticas de <@{}>**", BOB.id)),
        "{text}"
    );
    assert!(
        text.contains("1 partida (1 puntuable): 0 victorias, 1 derrota"),
        "{text}"
    );
    assert!(text.contains("Racha actual: 1 derrota seguida"), "{text}");
    assert!(text.contains("perdida con negras contra <@"), "{text}");

    let history = h
        .exchange(
            "/history",
            slash_command(803, BOB, "history", vec![]),
            |r| r.is("POST", &callback_path(803)),
        )
        .await;
    let text = content(&history);
    assert!(
        text.contains(&format!("#{} — lost as Black", game.id)),
        "{text}"
    );
    assert!(text.contains("resignation"), "{text}");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_against_the_computer_starts_at_once() {
    let h = Harness::start().await;
    let alice = player(ALICE);
    let computer = PlayerRef::new(UserId(BOT_USER_ID), "Monkey Queen");
    let created = h
        .service
        .create_challenge(NewChallenge {
            challenger: alice.clone(),
            opponent: Some(computer),
            guild: Some(GuildId(GUILD_ID)),
            channel: ChannelId(CHANNEL_ID),
            options: GameOptions::default(),
            color: ColorChoice::White,
            move_time_ms: None,
            rated: false,
            ai_level: Some(monkey_queen::games::Level::Easy),
            rematch_of: None,
        })
        .await
        .unwrap();
    let ChallengeCreated::AiGame(first) = created else {
        panic!("a game against the computer starts at once")
    };
    h.service
        .resign(alice.id, GameRef::Id(first.id))
        .await
        .unwrap();
    let rematch = format!("rematch:{}", first.id);
    let mark = h.fake.mark();
    let ack = h
        .exchange(
            "the Rematch click",
            button_click(
                901,
                ALICE,
                &rematch,
                bot_message(1_400_000_000_000_000_050, "x", &[&rematch]),
            ),
            |r| r.is("POST", &callback_path(901)),
        )
        .await;
    assert_eq!(ack.pointer("/type"), Some(&Value::from(6)), "acknowledged");
    // Colours swapped: the computer is White and moves at once; two boards follow.
    let started = h
        .fake
        .expect_request_since(mark, "the rematch's first board", is_board_post)
        .await;
    assert!(
        content(&started).starts_with("**Game #"),
        "{}",
        content(&started)
    );
    h.fake
        .expect_request_since(mark, "the computer's first move", |r| {
            is_board_post(r) && content(r).starts_with("White queen")
        })
        .await;
    let game = h
        .service
        .active_games(alice.id, None)
        .await
        .unwrap()
        .pop()
        .unwrap();
    assert_eq!(
        (game.white.id, game.black.id),
        (UserId(BOT_USER_ID), alice.id)
    );
    assert_eq!(game.ply, 1);
    h.stop().await;
}
