//! A restart of the bot in the middle of a game: the game goes on from the database, and the
//! buttons of messages posted before the restart are answered by their `custom_id`; a turn the
//! computer owes with nobody working on it is taken up (the kill of the bot while the computer
//! thinks is `discord_process::the_computer_moves_once_after_being_killed_while_it_thinks`).

use monkey_queen::games::GamesChecked;
use monkey_queen::games::{EndReason, GameStatus, UserError, UserId};
use monkey_queen::i18n::{Lang, Msg};
use serde_json::Value;

use crate::harness::{
    Board, COLOR_BLACK, EPHEMERAL, Harness, UPDATE_MESSAGE, WAIT, assert_ephemeral_answer, content,
    custom_ids, game_of, is_channel_message, kind, print_summary,
};
use crate::seeded::{computer_plays_white, new_game, player};
use crate::support::fake_discord::{BOT_NAME, BOT_USER_ID};
use crate::support::payloads::{
    ALICE, BOB, CAROL, Caller, DAVE, integer_option, slash_command, user_option, with_resolved_bot,
};

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

/// A game where the computer is to move that no task of this bot works on (it was started by
/// another process, here the test's own service) is taken up by the sweeper, and the computer
/// moves once however many sweeps follow.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_turn_nobody_works_on_is_taken_up_by_the_sweeper_once() {
    let h = Harness::registered_on_manual_clock().await;
    let mark = h.fake.mark();
    let game = computer_plays_white(&h.service, ALICE).await;
    assert_eq!(game.to_move, Some(UserId(BOT_USER_ID)));

    let board = h
        .wait_since(mark, "the computer's move", is_channel_message)
        .await;
    let board = Board::from_request(board, std::time::Instant::now());
    board.assert_pings(ALICE.id);
    // More sweeps, and the bot idle: still one move and one board.
    h.sweeps(3).await;
    h.idle().await;
    assert_eq!(h.count_since(mark, is_channel_message), 1);
    let view = h.game(game.id).await;
    assert_eq!(view.ply(), 1);
    assert_eq!(view.to_move, Some(UserId(ALICE.id)));
    h.stop().await;
}

/// A bot stopped while the computer thinks leaves the turn in the database (or, if the move
/// was being played, finishes it); started again, the computer moves, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stopped_while_the_computer_thinks_the_computer_moves_once_after_the_restart() {
    let h = Harness::registered().await;
    let mark = h.fake.mark();
    // Alice takes Black against `hard` (index 2), which thinks for a while in a debug build.
    let options = vec![
        user_option(
            "opponent",
            Caller {
                id: BOT_USER_ID,
                username: BOT_NAME,
            },
        ),
        integer_option("color", COLOR_BLACK),
        integer_option("level", 2),
    ];
    let id = h.next_id();
    h.push(with_resolved_bot(slash_command(
        id,
        ALICE,
        "challenge",
        options,
    )));
    let first = h
        .wait_since(mark, "the first board", is_channel_message)
        .await;
    let game = game_of(&Board::from_request(first, std::time::Instant::now()));

    let h = h.restart().await;
    let moved = h
        .wait_since(mark, "the computer's move", |r| {
            is_channel_message(r) && content(r).starts_with("White")
        })
        .await;
    Board::from_request(moved, std::time::Instant::now()).assert_pings(ALICE.id);
    h.sweeps(2).await;
    h.idle().await;
    assert_eq!(
        h.count_since(mark, is_channel_message),
        2,
        "the first board and one move"
    );
    let view = h.game(game).await;
    assert_eq!(view.ply(), 1);
    assert_eq!(view.to_move, Some(UserId(ALICE.id)));
    h.stop().await;
}

/// A restarted bot answers at once although its check of the stored games cannot start (the
/// test holds every turn of long work, which the check replays games on); once it can, the
/// check replays every active game and finds the one whose snapshot was tampered with.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_bot_answers_before_its_check_of_stored_games_which_then_finds_a_bad_one() {
    let h = Harness::registered().await;
    let (game, _) = h.start_game(ALICE, BOB).await;
    h.play(ALICE, "g1-g4").await.applied();

    // Another game, whose stored position is then moved on behind the service's back.
    let tampered = new_game(&h.service, &player(CAROL), &player(DAVE), None).await;
    let mut position = tampered.position.clone();
    position.play_str("g1-g4").unwrap();
    sqlx::query("UPDATE games SET position = $1 WHERE id = $2")
        .bind(position.to_text())
        .bind(tampered.id.0)
        .execute(&mut *h.service.db().write().await.unwrap())
        .await
        .unwrap();

    let cpu = h.cpu().clone();
    let turns = u32::try_from(cpu.long_turns()).unwrap();
    let held = cpu.long.clone().acquire_many_owned(turns).await.unwrap();
    let h = h.restart().await;
    let second = h.play(BOB, "f12-f9").await.applied();
    second.picture.assert_shows(&h.game(game).await.position);
    assert_eq!(
        *h.games_checked().borrow(),
        None,
        "the check waits for a turn of long work"
    );

    drop(held);
    let mut checked = h.games_checked();
    let found = *tokio::time::timeout(WAIT, checked.wait_for(Option::is_some))
        .await
        .expect("the check ends once it gets a turn of long work")
        .unwrap();
    assert_eq!(
        found,
        Some(GamesChecked {
            games: 2,
            mismatches: 1
        })
    );
    h.stop().await;
}
