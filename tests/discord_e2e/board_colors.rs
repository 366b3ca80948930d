//! Board colours: a player's own (`/colours`) draw the boards only they see, a server's
//! (`/settings`) its public boards (the daily puzzle's post and `/replay`'s GIF among them)
//! and the private boards (the Replay button's GIF too) of players who never chose.

use monkey_queen::render::theme::{COLORBLIND, HIGH, STANDARD};
use monkey_queen_core::Square;
use serde_json::Value;

use monkey_queen::render::Layout;

use crate::board_png::{self, Picture};
use crate::harness::{EPHEMERAL, Harness, callback_path, content, original_path};
use crate::seeded::{decided_game, player};
use crate::support::payloads::{
    ALICE, BOB, CAROL, CHANNEL_ID, Caller, DAVE, MANAGER_PERMISSIONS, bool_option, bot_message,
    button_click, integer_option, slash_command, with_channel_option, with_permissions,
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

/// The colour of the top-left square of a 12×12 picture's board (a light one, whichever side
/// is at the bottom), probed in its top-left corner, of the picture whose pixel `(x, y)`
/// `pixel` gives.
fn top_left(pixel: impl Fn(u32, u32) -> [u8; 3]) -> image::Rgb<u8> {
    let board = Layout::new(12, false).board();
    image::Rgb(pixel(board.x + 1, board.y + 1))
}

/// The colour of the top-left square of the first frame (the start) of a replay GIF.
fn replay_top_left(gif: &[u8]) -> image::Rgb<u8> {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(gif).expect("a valid GIF");
    let first = decoder.read_next_frame().unwrap().expect("a first frame");
    let width = u32::from(first.width);
    top_left(|x, y| {
        let i = usize::try_from((y * width + x) * 4).unwrap();
        [first.buffer[i], first.buffer[i + 1], first.buffer[i + 2]]
    })
}

/// Pushes `payload` (interaction `id`, which asks for a replay) and returns the GIF attached
/// to the edit of its deferred answer.
async fn replay_gif(h: &Harness, id: u64, payload: serde_json::Value) -> Vec<u8> {
    let mark = h.fake.mark();
    h.push(payload);
    let edit = h
        .wait_since(mark, "the replay upload", |r| {
            r.is("PATCH", &original_path(id))
        })
        .await;
    let gif = edit
        .files
        .iter()
        .find(|f| {
            f.filename
                .as_deref()
                .is_some_and(|name| name.ends_with(".gif"))
        })
        .expect("a GIF is attached");
    gif.bytes.clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_daily_puzzles_post_and_replays_take_the_servers_colours_or_the_viewers_own() {
    let h = Harness::registered_on_manual_clock().await;
    let (alice, bob) = (player(ALICE), player(BOB));
    let game = decided_game(&h.service, &alice, &bob).await;
    // Alice chose her own colours; the server's are high contrast.
    let text = colours(&h, ALICE, vec![integer_option("theme", 1)]).await;
    assert!(text.starts_with("Saved."), "{text}");
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

    // The daily puzzle's post, for everyone in the channel: the server's colours.
    let mark = h.fake.mark();
    let id = h.next_id();
    h.push(with_channel_option(
        with_permissions(
            slash_command(id, BOB, "settings", Vec::new()),
            MANAGER_PERMISSIONS,
        ),
        "puzzle-channel",
        CHANNEL_ID,
    ));
    let post = h
        .wait_since(mark, "the daily puzzle's post", |r| {
            r.is("POST", &format!("/channels/{CHANNEL_ID}/messages")) && r.is_multipart()
        })
        .await;
    assert!(
        content(&post).contains("Daily puzzle of"),
        "{}",
        content(&post)
    );
    let picture = board_png::decode(&post.files[0].bytes);
    assert_eq!(top_left(|x, y| picture.0.get_pixel(x, y).0), HIGH.light);

    // `/replay`, for everyone in the channel: the server's colours, whoever asks (Carol, who
    // never chose, or Alice, who did; each may start one replay at a time).
    for who in [CAROL, ALICE] {
        let id = h.next_id();
        let asked = slash_command(id, who, "replay", vec![integer_option("game", game.id.0)]);
        let gif = replay_gif(&h, id, asked).await;
        assert_eq!(replay_top_left(&gif), HIGH.light);
    }

    // The Replay button, for the clicker alone: their own colours (Dave's), else the
    // server's (Bob's).
    let text = colours(&h, DAVE, vec![integer_option("theme", 1)]).await;
    assert!(text.starts_with("Saved."), "{text}");
    let replay = format!("replay:{}", game.id);
    for (who, light) in [(DAVE, COLORBLIND.light), (BOB, HIGH.light)] {
        let id = h.next_id();
        let message = bot_message(1_400_000_000_000_000_040, "result", &[&replay]);
        let gif = replay_gif(&h, id, button_click(id, who, &replay, message)).await;
        assert_eq!(replay_top_left(&gif), light);
    }
    // Nothing above is drawn in the standard colours.
    assert_ne!(STANDARD.light, HIGH.light);
    h.stop().await;
}
