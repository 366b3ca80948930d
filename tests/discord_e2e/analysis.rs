//! The Analyse button of a finished board and `/analyse`: deferred, then the picture as a
//! follow-up; a second click answered at once from the cache; another server's game refused.
//! And the rating chart beside `/stats`.

use image::GenericImageView;
use monkey_queen::games::{GameId, UserError};
use monkey_queen::i18n::{Lang, Msg};
use monkey_queen::render::RATING_CHART;
use monkey_queen::render::analysis_layout::AnalysisLayout;
use serde_json::{Value, json};

use crate::harness::{
    Board, CHANNEL_MESSAGE, EPHEMERAL, Harness, assert_deferred_ephemerally,
    assert_ephemeral_answer, content, followup_path, kind,
};
use crate::support::payloads::{
    ALICE, BOB, CAROL, Caller, bot_message, button_click, in_dm, integer_option,
};

/// Another server, where the game was not played.
const OTHER_GUILD: u64 = 1_200_000_000_000_000_901;

/// Black's queen steps next to White's (ply 4), which takes it (R7.1).
const BLUNDER_GAME: [(Caller, &str); 5] = [
    (ALICE, "g1-g4"),
    (BOB, "f12-f9"),
    (ALICE, "g4-g6"),
    (BOB, "f9-f7"),
    (ALICE, "g6xf7"),
];

fn refusal(error: &UserError) -> String {
    Lang::En.text(&Msg::Refused(error))
}

/// Alice beats Bob by the blunder game; the final board.
async fn finished_game(h: &Harness) -> (GameId, Board) {
    let (game, _) = h.start_game(ALICE, BOB).await;
    let mut last = None;
    for (who, text) in BLUNDER_GAME {
        last = Some(h.play(who, text).await.applied());
    }
    (game, last.expect("five moves"))
}

/// The interaction `payload` as if sent from another server the bot is in.
fn in_other_server(mut payload: Value) -> Value {
    let other = OTHER_GUILD.to_string();
    payload["guild_id"] = json!(other);
    payload["guild"]["id"] = json!(other);
    payload["channel"]["guild_id"] = json!(other);
    payload["authorizing_integration_owners"] = json!({ "0": other });
    payload
}

/// Decodes the one PNG of `request`, which must be named `name`.
fn picture(
    request: &crate::support::fake_discord::RecordedRequest,
    name: &str,
) -> image::DynamicImage {
    assert_eq!(request.files.len(), 1, "one picture");
    assert_eq!(request.files[0].filename.as_deref(), Some(name));
    image::load_from_memory_with_format(&request.files[0].bytes, image::ImageFormat::Png)
        .expect("a PNG")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_analyse_button_defers_then_answers_and_from_the_cache_at_once() {
    let h = Harness::registered().await;
    h.fake.expect_refusals(|r| {
        r.status == 429 && r.request.starts_with("POST") && r.request.ends_with("/messages")
    });
    let (game, board) = finished_game(&h).await;
    let analyse = format!("analyse:{game}");
    assert_eq!(
        board.custom_ids,
        [
            format!("replay:{game}"),
            format!("rematch:{game}"),
            analyse.clone()
        ]
    );

    // Carol watched the game in this server: she may look, and only she sees the answer.
    let id = h.next_id();
    let ids: Vec<&str> = board.custom_ids.iter().map(String::as_str).collect();
    h.push(button_click(
        id,
        CAROL,
        &analyse,
        bot_message(9_000 + id, &board.content, &ids),
    ));
    assert_deferred_ephemerally(&h.callback(id).await);
    let follow_up = h.original_edit(id).await;
    assert_eq!(
        follow_up.delivery.as_ref().map(|d| d.ephemeral),
        Some(true),
        "the deferral, edited: only Carol sees it"
    );
    let text = content(&follow_up).to_owned();
    assert!(
        text.starts_with(&format!("**Analysis of game #{game}**")),
        "{text}"
    );
    assert!(text.contains("1. Ply 4: Black queen f9–f7"), "{text}");
    let shown = h
        .service
        .stored_analysis(game)
        .await
        .unwrap()
        .expect("the analysis is stored")
        .analysis
        .biggest_mistakes(3)
        .len();
    assert!(shown >= 1);
    let layout = AnalysisLayout::new(12, shown);
    assert_eq!(
        picture(&follow_up, "analysis.png").dimensions(),
        (layout.width(), layout.height())
    );

    // Bob clicks too: the answer is drawn already and comes at once, without a deferral.
    let (answer, _) = h
        .click(BOB, &analyse, &board.content, &board.custom_ids)
        .await;
    assert_eq!(kind(&answer), CHANNEL_MESSAGE, "{:?}", answer.json);
    assert_eq!(
        answer.pointer("/data/flags").and_then(Value::as_u64),
        Some(EPHEMERAL)
    );
    assert_eq!(
        answer.pointer("/data/content").and_then(Value::as_str),
        Some(text.as_str())
    );
    assert_eq!(
        picture(&answer, "analysis.png").dimensions(),
        (layout.width(), layout.height())
    );

    // Someone in another server, or in a DM, is answered as if the game did not exist.
    let hidden = refusal(&UserError::NoSuchGame(game));
    for payload in [
        in_other_server(button_click(
            h.next_id(),
            CAROL,
            &analyse,
            bot_message(1, "", &ids),
        )),
        in_dm(
            button_click(h.next_id(), CAROL, &analyse, bot_message(2, "", &ids)),
            CAROL,
        ),
    ] {
        let id: u64 = payload["id"].as_str().unwrap().parse().unwrap();
        let mark = h.fake.mark();
        h.push(payload);
        assert_ephemeral_answer(&h.callback(id).await, &hidden);
        assert!(h.channel_messages_since(mark).is_empty());
    }
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analyse_command_answers_in_public_and_refuses_a_game_in_progress() {
    let h = Harness::registered().await;
    h.fake.expect_refusals(|r| {
        r.status == 429 && r.request.starts_with("POST") && r.request.ends_with("/messages")
    });
    let (game, _) = finished_game(&h).await;
    // Deferred privately (a refusal after the deferral reaches only the caller): the deferral
    // says it is done, then the analysis follows as a public message of its own.
    let (id, _) = h.command(CAROL, "analyse", vec![integer_option("game", game.0)]);
    assert_deferred_ephemerally(&h.callback(id).await);
    assert_eq!(content(&h.original_edit(id).await), "Done.");
    let follow_up = h
        .wait_since(0, "the analysis", |r| r.is("POST", &followup_path(id)))
        .await;
    assert_ne!(
        follow_up.pointer("/flags").and_then(Value::as_u64),
        Some(EPHEMERAL)
    );
    assert_eq!(
        follow_up.delivery.as_ref().map(|d| d.change),
        Some(crate::support::fake_discord::delivery::Change::New),
        "a message of its own"
    );
    assert!(content(&follow_up).contains(&format!("game #{game}")));
    picture(&follow_up, "analysis.png");

    let (playing, _) = h.start_game(ALICE, CAROL).await;
    let (id, _) = h.command(BOB, "analyse", vec![integer_option("game", playing.0)]);
    let refused = refusal(&UserError::NotAnalysable {
        game: playing,
        status: monkey_queen::games::GameStatus::Active,
    });
    assert_ephemeral_answer(&h.callback(id).await, &refused);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stats_show_the_rating_chart_after_a_rated_game() {
    let h = Harness::registered().await;
    h.fake.expect_refusals(|r| {
        r.status == 429 && r.request.starts_with("POST") && r.request.ends_with("/messages")
    });
    // Before any rated game: the numbers alone.
    let (id, _) = h.command(ALICE, "stats", Vec::new());
    let before = h.callback(id).await;
    assert_eq!(kind(&before), CHANNEL_MESSAGE);
    assert!(before.files.is_empty());

    finished_game(&h).await;
    let (id, _) = h.command(ALICE, "stats", Vec::new());
    let after = h.callback(id).await;
    assert_eq!(kind(&after), CHANNEL_MESSAGE, "{:?}", after.json);
    let chart = picture(&after, "rating.png");
    assert_eq!(chart.dimensions(), RATING_CHART);
    let history = h
        .service
        .rating_history(monkey_queen::games::UserId(ALICE.id))
        .await;
    let history = history.unwrap();
    assert_eq!(history.games.len(), 1);
    assert!(history.games[0].rating > 1500.0);
    assert!(history.games[0].deviation.is_some_and(|d| d < 350.0));
    h.stop().await;
}
