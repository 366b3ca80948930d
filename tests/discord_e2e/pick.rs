//! Click-to-move: a whole game played with the Move button and its two menus, to a queen
//! capture; the menus go only to the player to move; stale and forged picks are refused and
//! change nothing; the menus speak Spanish.

use monkey_queen::games::{GameStatus, UserError, UserId};
use monkey_queen::i18n::{Lang, Msg};
use monkey_queen_core::Color;
use serde_json::Value;

use crate::harness::{
    Board, CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE, EPHEMERAL, Harness, Picker,
    assert_deferred_ephemerally, followup_path, interaction_id, kind,
};
use crate::support::payloads::{ALICE, BOB, CAROL};

fn refusal(error: &UserError) -> String {
    Lang::En.text(&Msg::Refused(error))
}

/// The text of an ephemeral answer; panics unless it is one.
fn ephemeral_text(answer: &crate::support::fake_discord::RecordedRequest) -> String {
    assert_eq!(kind(answer), CHANNEL_MESSAGE, "{:?}", answer.json);
    assert_eq!(
        answer.pointer("/data/flags").and_then(Value::as_u64),
        Some(EPHEMERAL)
    );
    answer
        .pointer("/data/content")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_played_by_picking_pieces_and_squares_to_a_queen_capture() {
    let h = Harness::registered().await;
    let (game, mut board) = h.start_game(ALICE, BOB).await;
    // R7.1: White's queen captures Black's in five plies.
    let moves = [
        (ALICE, BOB, "g1", "g4"),
        (BOB, ALICE, "f12", "f9"),
        (ALICE, BOB, "g4", "g6"),
        (BOB, ALICE, "f9", "f7"),
        (ALICE, BOB, "g6", "f7"),
    ];
    for (ply, (who, other, from, to)) in moves.into_iter().enumerate() {
        let before = h.game(game).await.position;
        let (next, pieces, destinations) = h.play_by_picking(who, &board, from, to).await;
        pieces.picture.assert_shows(&before);
        destinations.picture.assert_shows(&before);
        // The first menu: the movable pieces, the queen first, and they are marked.
        let first = &pieces.options()[0];
        assert_eq!(
            first.1,
            from,
            "the queen comes first: {:?}",
            pieces.options()
        );
        assert!(first.2.starts_with("Queen on"), "{first:?}");
        assert!(
            pieces.content.contains(&format!("Game #{game}")),
            "{}",
            pieces.content
        );
        // The second: the queen's destinations, each saying what happens.
        let chosen = destinations
            .options()
            .into_iter()
            .find(|o| o.1 == to)
            .unwrap();
        assert!(!chosen.3.is_empty(), "{chosen:?}");
        if ply == 4 {
            assert_eq!(destinations.options()[0].1, "f7", "the queen capture first");
            assert!(chosen.3.contains("captures the queen"), "{chosen:?}");
        }
        // The move is played as /move plays it: the new board is the pick's public answer.
        assert_eq!(next.flags(), 0);
        let view = h.game(game).await;
        assert_eq!(view.ply() as usize, ply + 1);
        next.picture.assert_shows(&view.position);
        if view.status == GameStatus::Active {
            next.assert_pings(other.id);
        }
        board = next;
    }
    let over = h.game(game).await;
    assert_eq!(over.status, GameStatus::Finished);
    assert_eq!(over.position.queen(Color::Black), None);
    assert!(
        board.custom_ids.iter().all(|c| !c.starts_with("move:")),
        "a finished board has no Move button: {:?}",
        board.custom_ids
    );
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_player_to_move_gets_the_menus_and_stale_or_forged_picks_change_nothing() {
    let h = Harness::registered().await;
    let (game, board) = h.start_game(ALICE, BOB).await;
    // Bob is not to move; Carol does not play.
    let not_yours = h.click_move(BOB, &board).await;
    assert_eq!(
        ephemeral_text(&not_yours),
        refusal(&UserError::NotYourTurn {
            to_move: UserId(ALICE.id)
        })
    );
    let stranger = h.click_move(CAROL, &board).await;
    assert_eq!(
        ephemeral_text(&stranger),
        refusal(&UserError::NotParticipant { game })
    );

    // Alice opens her menus, then a forged piece (a square without a piece that can move,
    // a square off the board) is refused.
    let opened = h.click_move(ALICE, &board).await;
    let pieces = picker(opened);
    let menu = pieces.menu_with("g1");
    for forged in ["a1", "z99", "g1-g7"] {
        let answer = h.pick(ALICE, &pieces, &menu, forged).await;
        assert_eq!(
            ephemeral_text(&answer),
            refusal(&UserError::PositionChanged),
            "{forged}"
        );
    }
    // A swap without the pie rule, or a forged destination, is refused by the rules, and Bob
    // can't pick for Alice.
    let answer = h.pick(ALICE, &pieces, &menu, "swap").await;
    assert!(
        ephemeral_text(&answer).starts_with("Illegal move"),
        "{:?}",
        answer.json
    );
    let picked = h.pick(ALICE, &pieces, &menu, "g1").await;
    let destinations = picker(picked);
    let to = destinations.menu_with("g4");
    let answer = h.pick(ALICE, &destinations, &to, "h3").await;
    assert!(
        ephemeral_text(&answer).starts_with("Illegal move"),
        "{:?}",
        answer.json
    );
    let answer = h.pick(BOB, &destinations, &to, "g4").await;
    assert_eq!(
        ephemeral_text(&answer),
        refusal(&UserError::NotYourTurn {
            to_move: UserId(ALICE.id)
        })
    );
    assert_eq!(h.game(game).await.ply(), 0, "nothing was played");

    // Alice plays by typing instead; her menus are now stale.
    h.play(ALICE, "g1-g7").await.applied();
    let answer = h.pick(ALICE, &destinations, &to, "g4").await;
    assert_eq!(
        ephemeral_text(&answer),
        refusal(&UserError::PositionChanged)
    );
    let stale = h.click_move(ALICE, &board).await;
    assert_eq!(ephemeral_text(&stale), refusal(&UserError::PositionChanged));
    let record = h.service.record(game).await.unwrap();
    assert_eq!(record.moves.len(), 1);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_menus_speak_the_players_language() {
    let h = Harness::registered().await;
    let (game, board) = h.start_game(ALICE, BOB).await;
    let button = board
        .custom_ids
        .iter()
        .find(|c| c.starts_with("move:"))
        .unwrap()
        .clone();
    let id = h.next_id();
    let message = crate::support::payloads::bot_message(9_000 + id, &board.content, &[&button]);
    let click = crate::support::payloads::with_locales(
        crate::support::payloads::button_click(id, ALICE, &button, message),
        "es-ES",
        "es-ES",
    );
    h.push(click);
    let pieces = picker(h.callback(id).await);
    assert!(
        pieces.content.contains(&format!("Partida #{game}")),
        "{}",
        pieces.content
    );
    assert_eq!(pieces.options()[0].2, "Reina en g1");
    let placeholder = pieces.components[0]["components"][0]["placeholder"].as_str();
    assert_eq!(placeholder, Some("Elige una pieza"));
    assert_eq!(
        Lang::Es.text(&Msg::Label(monkey_queen::i18n::Button::Move)),
        "Mover"
    );
    h.stop().await;
}

fn picker(answer: crate::support::fake_discord::RecordedRequest) -> Picker {
    Picker::from_request(answer)
}

/// When the database is slow to answer (here: a bot that defers at once), the Move button and
/// the piece menu answer within Discord's 3 seconds all the same: the Move button is deferred
/// privately and its menu edits the deferral in; a piece picked is deferred without a visible
/// answer and its menu edited in; the destination's board then follows as a new message,
/// which pings the opponent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_menus_are_deferred_then_edited_in() {
    let h = Harness::registered_deferring_after(std::time::Duration::ZERO).await;
    let (game, board) = h.start_game_with(ALICE, BOB, Vec::new()).await;
    let view = h.game(game).await;
    let (white, black) = if view.white.id == UserId(ALICE.id) {
        (ALICE, BOB)
    } else {
        (BOB, ALICE)
    };

    let opened = h.click_move(white, &board).await;
    assert_deferred_ephemerally(&opened);
    let id = interaction_id(&opened);
    let pieces = Picker::from_request(h.original_edit(id).await);
    let menu = pieces.menu_with("g1");
    let picked = h.pick(white, &pieces, &menu, "g1").await;
    assert_eq!(kind(&picked), DEFERRED_UPDATE_MESSAGE, "{:?}", picked.json);
    let id = interaction_id(&picked);
    let destinations = Picker::from_request(h.original_edit(id).await);
    let menu = destinations.menu_with("g4");
    let played = h.pick(white, &destinations, &menu, "g4").await;
    assert_eq!(kind(&played), DEFERRED_UPDATE_MESSAGE, "{:?}", played.json);
    let id = interaction_id(&played);
    let board = h
        .wait_since(0, "the board", |r| {
            r.is("POST", &followup_path(id)) && r.is_multipart()
        })
        .await;
    Board::from_request(board, std::time::Instant::now()).assert_pings(black.id);
    assert_eq!(h.game(game).await.ply(), 1);

    // Black's stale menu of White's pieces: deferred, then refused to Black alone.
    let stale = h.pick(black, &pieces, &pieces.menu_with("g1"), "g1").await;
    let id = interaction_id(&stale);
    let refused = h
        .wait_since(0, "the refusal", |r| r.is("POST", &followup_path(id)))
        .await;
    assert_eq!(refused.pointer("/flags"), Some(&Value::from(EPHEMERAL)));
    h.stop().await;
}
