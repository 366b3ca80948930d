//! A restart of the bot in the middle of a game: the game goes on from the database, and the
//! buttons of messages posted before the restart are answered by their `custom_id`.

use monkey_queen::games::{EndReason, GameStatus, UserError, UserId};
use monkey_queen::i18n::{Lang, Msg};
use serde_json::Value;

use crate::harness::{
    Board, EPHEMERAL, Harness, UPDATE_MESSAGE, assert_ephemeral_answer, custom_ids, kind,
    print_summary,
};
use crate::support::payloads::{ALICE, BOB};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_restart_the_game_goes_on_and_old_buttons_are_answered() {
    let h = Harness::registered().await;
    let (game, _) = h.start_game(ALICE, BOB).await;
    let first = h.play(ALICE, "g1-g4").await.applied();
    let second = h.play(BOB, "f12-f9").await.applied();
    assert_eq!(
        first.custom_ids,
        [format!("move:{game}:1"), format!("resign:{game}:1")]
    );
    assert_eq!(
        second.custom_ids,
        [format!("move:{game}:2"), format!("resign:{game}:2")]
    );

    let h = h.restart().await;
    let mut times = Vec::new();
    // The game continues where it was, from the database.
    let third = h.play(ALICE, "g4-g6").await.applied();
    times.push(third.took);
    let view = h.game(game).await;
    assert_eq!(view.ply(), 3);
    third.picture.assert_shows(&view.position);
    third.assert_pings(BOB.id);

    // A Resign button from before the restart, at an old ply: the position has changed.
    let stale = first.resign_button().unwrap().clone();
    let (answer, _) = h
        .click(BOB, &stale, &first.content, &first.custom_ids)
        .await;
    assert_ephemeral_answer(
        &answer,
        &Lang::En.text(&Msg::Refused(&UserError::PositionChanged)),
    );
    assert!(h.game(game).await.is_active());

    // The current one asks for confirmation, ephemerally…
    let current = third.resign_button().unwrap().clone();
    assert_eq!(current, format!("resign:{game}:3"));
    let (question, _) = h
        .click(BOB, &current, &third.content, &third.custom_ids)
        .await;
    assert_eq!(kind(&question), 4);
    assert_eq!(
        question.pointer("/data/flags").and_then(Value::as_u64),
        Some(EPHEMERAL)
    );
    let confirm = custom_ids(question.pointer("/data/components"));
    assert_eq!(confirm, [format!("resign-yes:{game}:3")]);

    // …and confirming resigns (R7.4): the question is closed and the result board posted.
    let mark = h.fake.mark();
    let question_text = question
        .pointer("/data/content")
        .and_then(Value::as_str)
        .unwrap()
        .to_owned();
    let (closed, sent) = h.click(BOB, &confirm[0], &question_text, &confirm).await;
    assert_eq!(kind(&closed), UPDATE_MESSAGE);
    assert_eq!(
        custom_ids(closed.pointer("/data/components")),
        Vec::<String>::new()
    );
    let board = Board::from_request(h.channel_message(mark).await, sent);
    times.push(board.took);
    assert!(
        board.content.contains(&format!("<@{}> resigned", BOB.id)),
        "{}",
        board.content
    );
    assert!(board.resign_button().is_none(), "{:?}", board.custom_ids);
    let view = h.game(game).await;
    assert_eq!(view.status, GameStatus::Finished);
    let result = view.result.unwrap();
    assert_eq!(result.reason, EndReason::Resignation);
    assert_eq!(result.winner_id, UserId(ALICE.id));
    board.picture.assert_shows(&view.position);

    print_summary("after restart: dispatch → board PNG uploaded", times);
    h.stop().await;
}
