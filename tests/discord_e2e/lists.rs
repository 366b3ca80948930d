//! Lists longer than a message, paged with ◀ ▶: the leaderboard, `/history` and `/games`.

use monkey_queen::games::{GuildId, MessageId, PlayerRef, UserId};
use serde_json::Value;

use crate::harness::{
    CHANNEL_MESSAGE, EPHEMERAL, Harness, UPDATE_MESSAGE, button_ids, buttons, callback_path,
    content,
};
use crate::seeded::{challenge_in, decided_game, establish, new_game, pending, player, shown};
use crate::support::payloads::{
    ALICE, BOB, CAROL, CHANNEL_ID, GUILD_ID, bot_message, button_click, integer_option,
    slash_command, string_option, user_option, with_locale, with_resolved_user,
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
    assert_eq!(
        buttons(&first),
        [
            ("leaderboard:server:0:prev".to_owned(), true),
            ("leaderboard:server:1:next".to_owned(), false),
        ]
    );

    let message = bot_message(
        1_400_000_000_000_000_020,
        text,
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
        button_ids(&global),
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
            "the ▶ click",
            button_click(452, BOB, &next, message.clone()),
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
        h.service.set_board_message(game.id, board).await.unwrap();
    }
    // A game in another server is not listed here.
    let mut elsewhere = challenge_in(CHANNEL_ID, alice.clone(), player(BOB), None);
    elsewhere.guild = Some(GuildId(GUILD_ID + 1));
    let challenge = pending(&h.service, elsewhere).await;
    let started = h
        .service
        .accept_challenge(challenge.id, &player(BOB))
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
