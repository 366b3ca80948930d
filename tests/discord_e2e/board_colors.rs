//! Board colours: a player's own (`/colours`) draw the boards only they see, a server's
//! (`/settings`) its public boards and the private boards of players who never chose.

use monkey_queen::render::theme::{COLORBLIND, HIGH, STANDARD};
use monkey_queen_core::Square;
use serde_json::Value;

use crate::board_png::{self, Picture};
use crate::harness::{EPHEMERAL, Harness, callback_path, content};
use crate::support::payloads::{
    ALICE, BOB, Caller, MANAGER_PERMISSIONS, bool_option, integer_option, slash_command,
    with_permissions,
};

/// `/board` of the caller's game, privately or for everyone: its picture.
async fn board(h: &Harness, who: Caller, private: bool) -> Picture {
    let id = h.next_id();
    h.push(slash_command(
        id,
        who,
        "board",
        vec![bool_option("private", private)],
    ));
    let edit = h.original_edit(id).await;
    board_png::decode(&edit.files[0].bytes)
}

/// The colour of a1 (a dark square) in `picture`.
fn dark(picture: &Picture) -> image::Rgb<u8> {
    picture.square_color(Square::parse("a1", 12).unwrap(), 12)
}

/// `/colours` by `who` with `options`: its private answer's text.
async fn colours(h: &Harness, who: Caller, options: Vec<Value>) -> String {
    let id = h.next_id();
    let answer = h
        .exchange(
            "/colours",
            slash_command(id, who, "colours", options),
            |r| r.is("POST", &callback_path(id)),
        )
        .await;
    assert_eq!(answer.pointer("/data/flags"), Some(&Value::from(EPHEMERAL)));
    content(&answer).to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_players_colours_draw_their_private_boards_and_the_servers_its_public_ones() {
    let h = Harness::registered().await;
    h.start_game(ALICE, BOB).await;

    let text = colours(&h, ALICE, vec![integer_option("theme", 1)]).await;
    assert!(text.starts_with("Saved."), "{text}");
    assert!(text.contains("colour-blind safe"), "{text}");
    // Only Alice's own boards change.
    assert_eq!(dark(&board(&h, ALICE, true).await), COLORBLIND.dark);
    assert_eq!(dark(&board(&h, ALICE, false).await), STANDARD.dark);
    assert_eq!(dark(&board(&h, BOB, true).await), STANDARD.dark);

    // The server's colours: its public boards, and the private ones of Bob, who never chose.
    let id = h.next_id();
    let saved = h
        .exchange(
            "/settings colours by a manager",
            with_permissions(
                slash_command(id, BOB, "settings", vec![integer_option("colours", 2)]),
                MANAGER_PERMISSIONS,
            ),
            |r| r.is("POST", &callback_path(id)),
        )
        .await;
    assert!(content(&saved).contains("Board colours: high contrast"));
    assert_eq!(dark(&board(&h, ALICE, false).await), HIGH.dark);
    assert_eq!(dark(&board(&h, BOB, true).await), HIGH.dark);
    assert_eq!(dark(&board(&h, ALICE, true).await), COLORBLIND.dark);

    // Asked without a choice, `/colours` says what Alice has; a member who is no manager
    // still can't touch the server's.
    let text = colours(&h, ALICE, Vec::new()).await;
    assert!(!text.starts_with("Saved."), "{text}");
    assert!(text.contains("colour-blind safe"), "{text}");
    let id = h.next_id();
    let refused = h
        .exchange(
            "/settings colours by a member",
            slash_command(id, ALICE, "settings", vec![integer_option("colours", 0)]),
            |r| r.is("POST", &callback_path(id)),
        )
        .await;
    assert_eq!(
        refused.pointer("/data/flags"),
        Some(&Value::from(EPHEMERAL))
    );
    assert!(content(&refused).starts_with("Only server managers"));
    assert_eq!(dark(&board(&h, ALICE, false).await), HIGH.dark);
    h.stop().await;
}
