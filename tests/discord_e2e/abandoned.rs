//! A game without a clock whose player to move never comes back: after a week the waiting
//! player's `/board` carries Claim buttons; the win is claimed as a result board, or the game
//! is aborted with no result (the Abort the game button). Nobody else may, and not before the week is out.

use monkey_queen::games::{ABANDON_AFTER_MS, EndReason, GameStatus, UserError, UserId};
use monkey_queen::i18n::{Lang, Msg};
use serde_json::Value;

use crate::harness::{
    Board, CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE, EPHEMERAL, Harness, assert_ephemeral_answer,
    custom_ids, followup_path, interaction_id, kind, original_path,
};
use crate::support::fake_discord::RecordedRequest;
use crate::support::payloads::{
    ALICE, BOB, Caller, bot_message, button_click, integer_option, slash_command,
};

/// The `clock` choice of `/challenge` for no clock.
const NO_CLOCK: i64 = 0;

/// Alice (White) and Bob start a game without a clock, and Alice moves: Bob is to move.
async fn unclocked_game(h: &Harness) -> monkey_queen::games::GameId {
    let (game, _) = h
        .start_game_with(ALICE, BOB, vec![integer_option("clock", NO_CLOCK)])
        .await;
    assert_eq!(h.game(game).await.move_time_ms, None);
    h.play(ALICE, "g1-g7").await.applied();
    game
}

/// `who`'s `/board`: the edited answer.
async fn board_for(h: &Harness, who: Caller) -> RecordedRequest {
    let id = h.next_id();
    let mark = h.fake.mark();
    h.push(slash_command(id, who, "board", Vec::new()));
    h.wait_since(mark, "the board", |r| r.is("PATCH", &original_path(id)))
        .await
}

/// `who` clicks `custom_id` on a message with those buttons; returns the click's answer.
async fn click(h: &Harness, who: Caller, custom_id: &str, all: &[String]) -> RecordedRequest {
    let id = h.next_id();
    let ids: Vec<&str> = all.iter().map(String::as_str).collect();
    h.push(button_click(
        id,
        who,
        custom_id,
        bot_message(9_000 + id, "board", &ids),
    ));
    h.callback(id).await
}

fn refusal(error: &UserError) -> String {
    Lang::En.text(&Msg::Refused(error))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_week_without_a_move_the_waiting_player_claims_the_win() {
    let h = Harness::registered_on_manual_clock().await;
    let game = unclocked_game(&h).await;
    let view = h.game(game).await;
    let claim = format!("claim:{game}:1");
    let buttons = vec![claim.clone(), format!("calloff:{game}:1")];

    // Before the week is out: no buttons, and a forged click is refused with the date.
    assert!(custom_ids(board_for(&h, ALICE).await.pointer("/components")).is_empty());
    let early = click(&h, ALICE, &claim, &buttons).await;
    let claimable_ms = view.last_move_ms.unwrap() + ABANDON_AFTER_MS;
    assert_ephemeral_answer(
        &early,
        &refusal(&UserError::NotAbandoned {
            claimable_ms: Some(claimable_ms),
        }),
    );

    h.clock().advance(ABANDON_AFTER_MS);
    // Bob, who is to move, gets no buttons and may not claim his own silence.
    assert!(custom_ids(board_for(&h, BOB).await.pointer("/components")).is_empty());
    let own = click(&h, BOB, &claim, &buttons).await;
    assert_ephemeral_answer(
        &own,
        &refusal(&UserError::NotAbandoned { claimable_ms: None }),
    );
    // Alice's board carries both buttons; the win is the click's public answer.
    let shown = board_for(&h, ALICE).await;
    assert_eq!(custom_ids(shown.pointer("/components")), buttons);
    let id = h.next_id();
    let ids: Vec<&str> = buttons.iter().map(String::as_str).collect();
    let sent = h.push(button_click(
        id,
        ALICE,
        &claim,
        bot_message(9_000 + id, "board", &ids),
    ));
    let answer = h.callback(id).await;
    assert_eq!(answer.pointer("/type"), Some(&Value::from(CHANNEL_MESSAGE)));
    let result = Board::from_request(answer, sent);
    assert!(
        result.content.contains(&format!(
            "<@{}> left the game for a week, and <@{}> claimed it",
            BOB.id, ALICE.id
        )),
        "{}",
        result.content
    );
    let view = h.game(game).await;
    assert_eq!(view.status, GameStatus::Finished);
    let result = view.result.unwrap();
    assert_eq!(result.winner_id, UserId(ALICE.id));
    assert_eq!(result.reason, EndReason::Abandoned);
    assert!(result.rating_deltas.is_some(), "rated as the game was");
    // A second click finds the game over.
    let again = click(&h, ALICE, &claim, &buttons).await;
    assert_ephemeral_answer(&again, &refusal(&UserError::GameOver { game }));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_week_without_a_move_the_waiting_player_may_abort_the_game() {
    let h = Harness::registered_on_manual_clock().await;
    let game = unclocked_game(&h).await;
    h.clock().advance(ABANDON_AFTER_MS);
    let buttons = custom_ids(board_for(&h, ALICE).await.pointer("/components"));
    let answer = click(&h, ALICE, &buttons[1], &buttons).await;
    assert_eq!(answer.pointer("/type"), Some(&Value::from(CHANNEL_MESSAGE)));
    assert_eq!(
        answer.pointer("/data/content").and_then(Value::as_str),
        Some(
            format!(
                "Game #{game} was aborted by <@{}> after a week without a move. No result.",
                ALICE.id
            )
            .as_str()
        )
    );
    let view = h.game(game).await;
    assert_eq!(view.status, GameStatus::Aborted);
    assert!(view.result.is_none());
    h.stop().await;
}

/// When the database is slow to answer (here: a bot that defers at once), the Claim buttons
/// answer within Discord's 3 seconds all the same: the click is deferred, a refusal follows
/// only for the clicker, and the result board follows as a public message of its own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_claims_are_deferred_then_answered() {
    let h = Harness::registered_on_manual_clock_deferring_after(std::time::Duration::ZERO).await;
    let game = unclocked_game(&h).await;
    let claim = format!("claim:{game}:1");
    let buttons = vec![claim.clone(), format!("calloff:{game}:1")];

    let early = click(&h, ALICE, &claim, &buttons).await;
    assert_eq!(kind(&early), DEFERRED_UPDATE_MESSAGE, "{:?}", early.json);
    let id = interaction_id(&early);
    let refused = h
        .wait_since(0, "the refusal", |r| r.is("POST", &followup_path(id)))
        .await;
    assert_eq!(refused.pointer("/flags"), Some(&Value::from(EPHEMERAL)));

    h.clock().advance(ABANDON_AFTER_MS);
    let claimed = click(&h, ALICE, &claim, &buttons).await;
    assert_eq!(kind(&claimed), DEFERRED_UPDATE_MESSAGE);
    let id = interaction_id(&claimed);
    let result = h
        .wait_since(0, "the result board", |r| {
            r.is("POST", &followup_path(id)) && r.is_multipart()
        })
        .await;
    assert_ne!(result.pointer("/flags"), Some(&Value::from(EPHEMERAL)));
    assert_eq!(h.game(game).await.status, GameStatus::Finished);
    h.stop().await;
}
