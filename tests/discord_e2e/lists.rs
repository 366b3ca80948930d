//! Lists longer than a message, paged with ◀ ▶: the leaderboard, `/history` and `/games`.

use monkey_queen::games::{
    ChannelId, Editable, GameRef, GuildId, Lang, MessageId, PlayerRef, UserId,
};
use serde_json::Value;

use crate::harness::{
    CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE, EPHEMERAL, Harness,
    UPDATE_MESSAGE, assert_deferred_ephemerally, button_ids, buttons, callback_path, content,
    followup_path, kind, original_path, with_flags,
};
use crate::seeded::{challenge_in, decided_game, establish, new_game, pending, player, shown};
use crate::support::fake_discord::RecordedRequest;
use crate::support::payloads::{
    ALICE, BOB, CAROL, CHANNEL_ID, Caller, DM_CHANNEL_ID, GROUP_DM_CHANNEL_ID, GUILD_ID,
    bot_message, button_click, in_dm, in_group_dm, integer_option, slash_command, string_option,
    user_option, with_locale, with_resolved_user,
};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_leaderboard_pages_with_its_arrows() {
    let h = Harness::registered_on_manual_clock().await;
    // Twelve players, six games: a board of two pages of ten.
    let players: Vec<PlayerRef> = (0..12)
        .map(|i| PlayerRef::new(UserId(1_200_000_000_000_001_000 + i), format!("p{i}")))
        .collect();
    for pair in players.chunks(2) {
        decided_game(&h.service, &pair[0], &pair[1]).await;
    }
    establish(&h.service, &players).await;

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
    // The buttons say whose answer the message is: Alice's.
    let prev = format!("leaderboard:server:0:prev:{}", ALICE.id);
    let next = format!("leaderboard:server:1:next:{}", ALICE.id);
    assert_eq!(
        buttons(&first),
        [(prev.clone(), true), (next.clone(), false)]
    );

    let message = bot_message(1_400_000_000_000_000_020, text, &[&prev, &next]);
    // Alice turns her own message to page 2.
    let second = h
        .exchange(
            "Alice's ▶ click",
            button_click(402, ALICE, &next, message.clone()),
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
        [(prev.clone(), false), (next.clone(), true)]
    );

    // Bob's click leaves Alice's message alone: he gets the page in a message of his own.
    let aside = h
        .exchange(
            "Bob's ◀ click",
            button_click(403, BOB, &prev, message),
            |r| r.is("POST", &callback_path(403)),
        )
        .await;
    assert_eq!(aside.pointer("/type"), Some(&Value::from(CHANNEL_MESSAGE)));
    assert_eq!(aside.pointer("/data/flags"), Some(&Value::from(EPHEMERAL)));
    let text = content(&aside);
    assert!(text.contains("page 1 of 2"), "{text}");
    let bobs = [
        format!("leaderboard:server:0:prev:{}", BOB.id),
        format!("leaderboard:server:1:next:{}", BOB.id),
    ];
    assert_eq!(button_ids(&aside), bobs);
    // His own message turns for him.
    let his = with_flags(
        bot_message(1_400_000_000_000_000_021, text, &[&bobs[0], &bobs[1]]),
        EPHEMERAL,
    );
    let turned = h
        .exchange(
            "Bob's ▶ on his own page",
            button_click(405, BOB, &bobs[1], his),
            |r| r.is("POST", &callback_path(405)),
        )
        .await;
    assert_eq!(turned.pointer("/type"), Some(&Value::from(UPDATE_MESSAGE)));
    assert!(content(&turned).contains("page 2 of 2"));

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
        button_ids(&global),
        [
            format!("leaderboard:global:0:prev:{}", ALICE.id),
            format!("leaderboard:global:1:next:{}", ALICE.id)
        ]
    );
    h.stop().await;
}

/// The games listed on a history page (one `• #id — …` line each).
fn history_lines(text: &str) -> usize {
    text.lines().filter(|l| l.starts_with("• #")).count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn history_pages_with_its_arrows_and_refuses_forged_pages() {
    let h = Harness::registered_on_manual_clock().await;
    let (alice, bob) = (player(ALICE), player(BOB));
    // Twelve finished games for Alice: two pages of ten.
    for i in 0..12 {
        if i % 3 == 0 {
            decided_game(&h.service, &bob, &alice).await;
        } else {
            decided_game(&h.service, &alice, &bob).await;
        }
    }
    // The buttons say whose history it is, and whose answer the message is (Carol's).
    let prev = format!("history:{}:0:prev:{}", ALICE.id, CAROL.id);
    let next = format!("history:{}:1:next:{}", ALICE.id, CAROL.id);

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
    assert_eq!(history_lines(text), 10, "{text}");
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

    let message = bot_message(1_400_000_000_000_000_050, text, &[&prev, &next]);
    let second = h
        .exchange(
            "Carol's ▶ click",
            button_click(452, CAROL, &next, message.clone()),
            |r| r.is("POST", &callback_path(452)),
        )
        .await;
    assert_eq!(second.pointer("/type"), Some(&Value::from(UPDATE_MESSAGE)));
    let text = content(&second);
    assert!(text.contains("page 2 of 2"), "{text}");
    assert_eq!(history_lines(text), 2, "{text}");
    assert_eq!(
        buttons(&second),
        [(prev.clone(), false), (next.clone(), true)],
        "▶ is disabled on the last page"
    );

    // Bob's click on Carol's message: his page, only for him; her message stays.
    let aside = h
        .exchange(
            "Bob's ▶ click",
            button_click(459, BOB, &next, message.clone()),
            |r| r.is("POST", &callback_path(459)),
        )
        .await;
    assert_eq!(aside.pointer("/type"), Some(&Value::from(CHANNEL_MESSAGE)));
    assert_eq!(aside.pointer("/data/flags"), Some(&Value::from(EPHEMERAL)));
    let text = content(&aside);
    assert!(text.contains("page 2 of 2"), "{text}");
    assert_eq!(
        button_ids(&aside),
        [
            format!("history:{}:0:prev:{}", ALICE.id, BOB.id),
            format!("history:{}:1:next:{}", ALICE.id, BOB.id),
        ]
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
    assert_eq!(history_lines(text), 10, "{text}");

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
        let forged = format!("history:{}:{page}:next:{}", ALICE.id, CAROL.id);
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
    let forged = format!("history:{}:1:next:{}", CAROL.id, CAROL.id);
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

/// The games listed on a `/games` page (one `• #id vs …` line each).
fn games_lines(text: &str) -> usize {
    text.lines().filter(|l| l.starts_with("• #")).count()
}

/// Past ten games `/games` no longer fits one message (it used to be refused by Discord for
/// its length): it pages like `/history`, only to the caller, and lists this server's games.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_pages_a_long_list_of_games_in_progress() {
    let h = Harness::registered_on_manual_clock().await;
    let alice = player(ALICE);
    // Each with its board posted, so each line carries a link: 23 lines were ~3,500 characters.
    for i in 0..23 {
        let opponent = PlayerRef::new(UserId(1_200_000_000_000_002_000 + i), format!("p{i}"));
        let game = new_game(&h.service, &alice, &opponent, None).await;
        let board = MessageId(1_400_000_000_000_100_000 + i);
        let posted = Editable::InChannel(ChannelId(CHANNEL_ID));
        h.service
            .delivery()
            .board_posted(&game, board, posted, None)
            .await
            .unwrap();
    }
    // A game in another server is not listed here.
    let mut elsewhere = challenge_in(CHANNEL_ID, alice.clone(), player(BOB), None);
    elsewhere.guild = Some(GuildId(GUILD_ID + 1));
    let challenge = pending(&h.service, elsewhere).await;
    let started = h
        .service
        .accept_challenge(challenge.id, &player(BOB), Lang::En)
        .await
        .unwrap();
    shown(&h.service, started).await;

    let first = h
        .exchange("/games", slash_command(471, ALICE, "games", vec![]), |r| {
            r.is("POST", &callback_path(471))
        })
        .await;
    assert_eq!(first.pointer("/type"), Some(&Value::from(CHANNEL_MESSAGE)));
    assert_eq!(first.pointer("/data/flags"), Some(&Value::from(EPHEMERAL)));
    let text = content(&first);
    assert!(
        text.starts_with("**Your games in progress** · 23 in all · page 1 of 3"),
        "{text}"
    );
    assert_eq!(games_lines(text), 8, "{text}");
    assert_eq!(
        buttons(&first),
        [
            ("games:0:prev".to_owned(), true),
            ("games:1:next".to_owned(), false)
        ]
    );

    let message = bot_message(
        1_400_000_000_000_000_470,
        text,
        &["games:0:prev", "games:1:next"],
    );
    // In Spanish, to the last page and back to the first.
    for (id, arrow, shown, lines) in [(472, "games:2:next", 3, 7), (473, "games:0:prev", 1, 8)] {
        let turned = h
            .exchange(
                "a page of /games",
                with_locale(button_click(id, ALICE, arrow, message.clone()), "es-ES"),
                |r| r.is("POST", &callback_path(id)),
            )
            .await;
        assert_eq!(turned.pointer("/type"), Some(&Value::from(UPDATE_MESSAGE)));
        let text = content(&turned);
        assert!(
            text.starts_with(&format!(
                "**Tus partidas en curso** · 23 en total · página {shown} de 3"
            )),
            "{text}"
        );
        assert_eq!(games_lines(text), lines, "{text}");
    }
}

/// A `/move` that does not say which of hundreds of games it is for names ten of them and
/// counts the rest (the full list of 400 numbers was ~2,300 characters).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn asking_which_game_among_hundreds_fits_in_a_message() {
    let h = Harness::registered_on_manual_clock().await;
    let alice = player(ALICE);
    for i in 0..400 {
        let opponent = PlayerRef::new(UserId(1_200_000_000_000_003_000 + i), format!("p{i}"));
        new_game(&h.service, &alice, &opponent, None).await;
    }
    let refused = h
        .exchange(
            "/move without a game",
            slash_command(481, ALICE, "move", vec![string_option("move", "g1-g7")]),
            |r| r.is("POST", &callback_path(481)),
        )
        .await;
    assert_eq!(
        refused.pointer("/data/flags"),
        Some(&Value::from(EPHEMERAL))
    );
    let text = content(&refused);
    assert!(
        text.starts_with("You have 400 games in progress here; pick one with the `game` option"),
        "{text}"
    );
    assert!(text.ends_with(" and 390 more)."), "{text}");
}

/// Another channel of the test server.
const OTHER_CHANNEL: u64 = 1_200_000_000_000_000_102;
/// A channel of another server.
const OTHER_SERVER_CHANNEL: u64 = 1_200_000_000_000_000_103;

/// A game `winner` wins by resignation, played in `channel` of `guild` (`None`: a DM or a group
/// DM).
async fn decided_game_at(
    h: &Harness,
    guild: Option<u64>,
    channel: u64,
    winner: &PlayerRef,
    loser: &PlayerRef,
) -> i64 {
    let mut new = challenge_in(channel, winner.clone(), loser.clone(), None);
    new.guild = guild.map(GuildId);
    let challenge = pending(&h.service, new).await;
    let game = h
        .service
        .accept_challenge(challenge.id, loser, Lang::En)
        .await
        .unwrap()
        .game;
    h.service
        .resign(loser.id, GameRef::Id(game.id), None)
        .await
        .unwrap();
    game.id.0
}

/// The numbers of the games a list names (its `• #id — …` lines), in order.
fn listed(text: &str) -> Vec<i64> {
    text.lines()
        .filter_map(|l| l.strip_prefix("• #"))
        .filter_map(|rest| rest.split(' ').next()?.parse().ok())
        .collect()
}

/// A public answer is read by everyone in its channel: `/history` and `/stats` there name only
/// the games all of them may see (a server's games in the server, a DM's or group DM's own
/// games there), not every game the asker played somewhere.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn public_lists_show_only_the_games_of_the_place_they_are_shown_in() {
    let h = Harness::registered_on_manual_clock().await;
    let (alice, bob) = (player(ALICE), player(BOB));
    let here = [
        decided_game_at(&h, Some(GUILD_ID), CHANNEL_ID, &alice, &bob).await,
        decided_game_at(&h, Some(GUILD_ID), OTHER_CHANNEL, &bob, &alice).await,
    ];
    decided_game_at(&h, Some(GUILD_ID + 1), OTHER_SERVER_CHANNEL, &alice, &bob).await;
    let dm = decided_game_at(&h, None, DM_CHANNEL_ID, &alice, &bob).await;
    let group = decided_game_at(&h, None, GROUP_DM_CHANNEL_ID, &bob, &alice).await;

    let public_answer = |answer: &RecordedRequest| {
        assert_eq!(answer.pointer("/type"), Some(&Value::from(CHANNEL_MESSAGE)));
        assert_ne!(
            answer.pointer("/data/flags"),
            Some(&Value::from(EPHEMERAL)),
            "public"
        );
        content(answer).to_owned()
    };
    let history = public_answer(
        &h.exchange(
            "/history in the server",
            slash_command(491, ALICE, "history", vec![]),
            |r| r.is("POST", &callback_path(491)),
        )
        .await,
    );
    assert_eq!(listed(&history), [here[1], here[0]], "{history}");
    assert!(history.contains("· 2 in all,"), "{history}");
    let stats = public_answer(
        &h.exchange(
            "/stats in the server",
            slash_command(492, ALICE, "stats", vec![]),
            |r| r.is("POST", &callback_path(492)),
        )
        .await,
    );
    assert_eq!(listed(&stats), [here[1], here[0]], "{stats}");

    h.interact_from(|payload| in_group_dm(payload, ALICE));
    let history = public_answer(
        &h.exchange(
            "/history in a group DM",
            slash_command(493, ALICE, "history", vec![]),
            |r| r.is("POST", &callback_path(493)),
        )
        .await,
    );
    assert_eq!(listed(&history), [group], "{history}");

    h.interact_from(|payload| in_dm(payload, ALICE));
    let history = public_answer(
        &h.exchange(
            "/history user:bob in a DM",
            with_resolved_user(
                slash_command(494, ALICE, "history", vec![user_option("user", BOB)]),
                &[BOB],
            ),
            |r| r.is("POST", &callback_path(494)),
        )
        .await,
    );
    assert_eq!(listed(&history), [dm], "{history}");
    h.stop().await;
}

/// Someone else's ◀ ▶ click on a public list does not turn it for everyone: the clicker gets
/// their own page (the games they may see) in a message only they see, whose arrows then turn
/// it; the message's own asker turns the shared message. A button from before the buttons
/// named their asker answers privately.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_click_by_someone_else_gets_their_own_page_privately() {
    let h = Harness::registered_on_manual_clock().await;
    let (alice, bob) = (player(ALICE), player(BOB));
    for _ in 0..11 {
        decided_game(&h.service, &alice, &bob).await;
    }
    // The newest: between Alice and Bob in a DM, which Bob may see but Carol's channel not.
    let dm = decided_game_at(&h, None, DM_CHANNEL_ID, &bob, &alice).await;
    let page_id = |page: u32, arrow: &str, viewer: Caller| {
        format!("history:{}:{page}:{arrow}:{}", ALICE.id, viewer.id)
    };
    let (prev, next) = (page_id(0, "prev", CAROL), page_id(1, "next", CAROL));

    let first = h
        .exchange(
            "/history user:alice by Carol",
            with_resolved_user(
                slash_command(501, CAROL, "history", vec![user_option("user", ALICE)]),
                &[ALICE],
            ),
            |r| r.is("POST", &callback_path(501)),
        )
        .await;
    let text = content(&first);
    assert!(text.contains("· 11 in all,"), "{text}");
    assert!(!listed(text).contains(&dm), "{text}");
    assert_eq!(button_ids(&first), [prev.clone(), next.clone()]);

    // Carol turns her message to page 2.
    let message = bot_message(1_400_000_000_000_000_500, text, &[&prev, &next]);
    let turned = h
        .exchange(
            "Carol's ▶",
            button_click(502, CAROL, &next, message.clone()),
            |r| r.is("POST", &callback_path(502)),
        )
        .await;
    assert_eq!(turned.pointer("/type"), Some(&Value::from(UPDATE_MESSAGE)));
    let text = content(&turned);
    assert!(
        text.contains("· 11 in all,") && text.contains("page 2 of 2"),
        "{text}"
    );
    assert_eq!(history_lines(text), 1, "{text}");

    // Bob's ◀ on it: his own first page, only for him, the DM game on it.
    let message = bot_message(1_400_000_000_000_000_500, text, &[&prev, &next]);
    let aside = h
        .exchange(
            "Bob's ◀ on Carol's message",
            button_click(503, BOB, &prev, message.clone()),
            |r| r.is("POST", &callback_path(503)),
        )
        .await;
    assert_eq!(aside.pointer("/type"), Some(&Value::from(CHANNEL_MESSAGE)));
    assert_eq!(aside.pointer("/data/flags"), Some(&Value::from(EPHEMERAL)));
    let text = content(&aside);
    assert!(
        text.contains("· 12 in all,") && text.contains("page 1 of 2"),
        "{text}"
    );
    assert_eq!(listed(text).first(), Some(&dm), "{text}");
    let bobs = [page_id(0, "prev", BOB), page_id(1, "next", BOB)];
    assert_eq!(button_ids(&aside), bobs);

    // Bob's ▶ on his own message turns it, still his view.
    let his = with_flags(
        bot_message(1_400_000_000_000_000_501, text, &[&bobs[0], &bobs[1]]),
        EPHEMERAL,
    );
    let turned = h
        .exchange(
            "Bob's ▶ on his own page",
            button_click(504, BOB, &bobs[1], his),
            |r| r.is("POST", &callback_path(504)),
        )
        .await;
    assert_eq!(turned.pointer("/type"), Some(&Value::from(UPDATE_MESSAGE)));
    let text = content(&turned);
    assert!(
        text.contains("· 12 in all,") && text.contains("page 2 of 2"),
        "{text}"
    );
    assert_eq!(history_lines(text), 2, "{text}");

    // A button posted before the buttons named their asker: answered privately, to anyone.
    let old = format!("history:{}:1:next", ALICE.id);
    let message = bot_message(1_400_000_000_000_000_502, "an old list", &[&old]);
    let answered = h
        .exchange(
            "an old button",
            button_click(505, CAROL, &old, message),
            |r| r.is("POST", &callback_path(505)),
        )
        .await;
    assert_eq!(
        answered.pointer("/data/flags"),
        Some(&Value::from(EPHEMERAL))
    );
    assert!(content(&answered).contains("page 2 of 2"));
    h.stop().await;
}

/// When the work behind a list is slow (here: a bot that defers at once), `/games`,
/// `/history` and `/leaderboard` are deferred within Discord's 3 seconds (privately for the
/// private list) and the deferral is edited into the list; so are their ◀ ▶ clicks: the
/// update deferred then the message edited, or for someone else's click, a private deferral
/// edited into their page. Nothing is deleted and nothing follows up, but a refusal after a
/// deferred update.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_lists_and_page_clicks_are_deferred_then_edited_in() {
    let h = Harness::registered_deferring_after(std::time::Duration::ZERO).await;
    let (alice, bob) = (player(ALICE), player(BOB));
    for _ in 0..12 {
        decided_game(&h.service, &alice, &bob).await;
    }
    let mut ranked = vec![alice.clone(), bob.clone()];
    for i in 0..10 {
        let opponent = PlayerRef::new(UserId(1_200_000_000_000_004_000 + i), format!("p{i}"));
        decided_game(&h.service, &opponent, &bob).await;
        new_game(&h.service, &alice, &opponent, None).await;
        ranked.push(opponent);
    }
    establish(&h.service, &ranked).await;
    let mark = h.fake.mark();

    // The private list: an ephemeral deferral, edited into the list.
    let id = h.next_id();
    h.push(slash_command(id, ALICE, "games", vec![]));
    assert_deferred_ephemerally(&h.callback(id).await);
    let games = h.original_edit(id).await;
    let text = content(&games);
    assert!(
        text.starts_with("**Your games in progress** · 10 in all · page 1 of 2"),
        "{text}"
    );
    assert_eq!(button_ids(&games), ["games:0:prev", "games:1:next"]);
    let games_message = with_flags(
        bot_message(9_000 + id, text, &["games:0:prev", "games:1:next"]),
        EPHEMERAL,
    );

    // The public lists: a public deferral, edited into the list; mentions don't ping.
    let mut lists = Vec::new();
    for (name, head) in [
        (
            "history",
            format!("**Finished games of <@{}>** · 12 in all", ALICE.id),
        ),
        (
            "leaderboard",
            "**Leaderboard — this server** · page 1 of 2".to_owned(),
        ),
    ] {
        let id = h.next_id();
        h.push(slash_command(id, ALICE, name, vec![]));
        let deferral = h.callback(id).await;
        assert_eq!(kind(&deferral), DEFERRED_CHANNEL_MESSAGE, "{name}");
        assert_ne!(
            deferral.pointer("/data/flags"),
            Some(&Value::from(EPHEMERAL)),
            "{name} is public"
        );
        let list = h.original_edit(id).await;
        assert!(content(&list).starts_with(&head), "{}", content(&list));
        assert_eq!(
            list.pointer("/allowed_mentions/parse"),
            Some(&serde_json::json!([])),
            "{name}"
        );
        let ids = button_ids(&list);
        assert_eq!(ids.len(), 2, "{name}");
        lists.push((content(&list).to_owned(), ids));
    }

    // Alice's own clicks: the update deferred, then her message edited.
    for (text, ids) in &lists {
        let message = bot_message(1_400_000_000_000_000_600, text, &[&ids[0], &ids[1]]);
        let id = h.next_id();
        h.push(button_click(id, ALICE, &ids[1], message));
        assert_eq!(kind(&h.callback(id).await), DEFERRED_UPDATE_MESSAGE);
        let edit = h.original_edit(id).await;
        assert!(content(&edit).contains("page 2 of 2"), "{}", content(&edit));
        assert_eq!(button_ids(&edit), *ids);
    }
    let id = h.next_id();
    h.push(button_click(id, ALICE, "games:1:next", games_message));
    assert_eq!(kind(&h.callback(id).await), DEFERRED_UPDATE_MESSAGE);
    let edit = h.original_edit(id).await;
    assert!(content(&edit).contains("page 2 of 2"), "{}", content(&edit));

    // Bob's clicks on Alice's lists: a private deferral, edited into his page.
    for (text, ids) in &lists {
        let message = bot_message(1_400_000_000_000_000_601, text, &[&ids[0], &ids[1]]);
        let id = h.next_id();
        h.push(button_click(id, BOB, &ids[1], message));
        assert_deferred_ephemerally(&h.callback(id).await);
        let edit = h.original_edit(id).await;
        assert!(content(&edit).contains("page 2 of 2"), "{}", content(&edit));
        let bobs: Vec<String> = ids
            .iter()
            .map(|id| format!("{}:{}", id.rsplit_once(':').unwrap().0, BOB.id))
            .collect();
        assert_eq!(button_ids(&edit), bobs);
    }

    // A forged page: Alice's deferred update is refused by a private follow-up, her message
    // left alone; Bob's private deferral is edited into the refusal.
    let (text, ids) = &lists[0];
    let forged = format!("history:{}:5:next:", ALICE.id);
    let message = bot_message(1_400_000_000_000_000_602, text, &[&ids[0], &ids[1]]);
    let id = h.next_id();
    h.push(button_click(
        id,
        ALICE,
        &format!("{forged}{}", ALICE.id),
        message.clone(),
    ));
    assert_eq!(kind(&h.callback(id).await), DEFERRED_UPDATE_MESSAGE);
    let refused = h
        .wait_since(0, "the refusal", |r| r.is("POST", &followup_path(id)))
        .await;
    assert_eq!(refused.pointer("/flags"), Some(&Value::from(EPHEMERAL)));
    assert!(content(&refused).starts_with("There is no page 6"));
    h.idle().await;
    assert_eq!(h.count_since(0, |r| r.is("PATCH", &original_path(id))), 0);
    let id = h.next_id();
    h.push(button_click(
        id,
        BOB,
        &format!("{forged}{}", ALICE.id),
        message,
    ));
    assert_deferred_ephemerally(&h.callback(id).await);
    let refused = h.original_edit(id).await;
    assert!(content(&refused).starts_with("There is no page 6"));

    // No answer was a deletion or a follow-up (but the refusal after a deferred update).
    h.idle().await;
    let unexpected: Vec<String> = h
        .fake
        .requests()
        .iter()
        .skip(mark)
        .filter(|r| {
            r.method.as_str() == "DELETE"
                || (r.method.as_str() == "POST"
                    && r.path.contains("/webhooks/")
                    && !r.path.contains("/messages/"))
        })
        .map(|r| format!("{} {}", r.method, r.path))
        .collect();
    assert_eq!(unexpected.len(), 1, "{unexpected:?}");
    h.stop().await;
}
