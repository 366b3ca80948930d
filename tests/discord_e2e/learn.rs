//! `/learn` end to end: a stage learnt with a wrong try (its explanation in words and framed
//! on the board) and right ones, the stars stored, `/learn` again at the next stage; a baby's
//! forbidden move tried from the menu and explained with the distances; a stale button
//! refused, changing nothing; and the challenge message offering `/learn` to a newcomer only.

use monkey_queen::games::UserId;
use monkey_queen::games::lessons::Stage;
use monkey_queen::render::Layout;
use monkey_queen::render::theme::STANDARD;
use monkey_queen_core::Square;
use serde_json::Value;

use crate::board_png;
use crate::harness::{
    CHANNEL_MESSAGE, EPHEMERAL, Harness, Picker, UPDATE_MESSAGE, alt_text, callback_path, content,
    kind, original_path, print_summary, with_flags,
};
use crate::support::fake_discord::RecordedRequest;
use crate::support::lesson_answers::ANSWERS;
use crate::support::payloads::{
    ALICE, BOB, CAROL, Caller, DAVE, bot_message_with, button_click, custom_ids, integer_option,
};

/// The `stage` choice of `/learn` for the babies (poise sends a choice's index).
const STAGE_BABIES: i64 = 3;
/// The `stage` choice of `/learn` for the positions of real games.
const STAGE_FIND: i64 = 8;

/// A lesson message as the bot sent it (an answer, or an update of the clicked one).
struct Lesson {
    content: String,
    components: Value,
    request: RecordedRequest,
}

impl Lesson {
    /// Reads an answer that carries a lesson message: ephemeral, with its board and alt text.
    fn from(answer: RecordedRequest) -> Lesson {
        assert!(
            answer.is_multipart(),
            "a lesson has its board: {:?}",
            answer.json
        );
        if kind(&answer) == CHANNEL_MESSAGE {
            assert_eq!(
                answer.pointer("/data/flags").and_then(Value::as_u64),
                Some(EPHEMERAL),
                "only the learner sees it"
            );
        }
        let alt = alt_text(&answer).unwrap_or_default();
        assert!(alt.contains("to move"), "the board has alt text: {alt:?}");
        Lesson {
            content: content(&answer).to_owned(),
            components: answer
                .pointer("/data/components")
                .cloned()
                .unwrap_or_default(),
            request: answer,
        }
    }

    /// The Move button.
    fn move_button(&self) -> String {
        custom_ids(Some(&self.components))
            .into_iter()
            .find(|id| id.starts_with("learn-move:"))
            .unwrap_or_else(|| panic!("no Move button: {}", self.content))
    }

    /// The board picture.
    fn picture(&self) -> board_png::Picture {
        board_png::decode(&self.request.files[0].bytes)
    }
}

/// `who` runs `/learn`, with `options`.
async fn learn(h: &Harness, who: Caller, options: Vec<Value>) -> Lesson {
    let (id, _) = h.command(who, "learn", options);
    let answer = h.callback(id).await;
    assert_eq!(kind(&answer), CHANNEL_MESSAGE, "{:?}", answer.json);
    Lesson::from(answer)
}

/// `who` clicks `custom_id` on the ephemeral lesson message `shown`; returns the answer.
async fn click(h: &Harness, who: Caller, shown: &Lesson, custom_id: &str) -> RecordedRequest {
    let id = h.next_id();
    let message = bot_message_with(9_000 + id, &shown.content, shown.components.clone());
    h.push(button_click(
        id,
        who,
        custom_id,
        with_flags(message, EPHEMERAL),
    ));
    h.callback(id).await
}

/// `who` tries `from`→`to` in `shown` with its Move button and the two menus; returns the
/// lesson message that answers the last pick.
async fn try_move(h: &Harness, who: Caller, shown: &Lesson, from: &str, to: &str) -> Lesson {
    let opened = click(h, who, shown, &shown.move_button()).await;
    assert_eq!(kind(&opened), UPDATE_MESSAGE, "{:?}", opened.json);
    let pieces = Picker::from_request(opened);
    let picked = h.pick(who, &pieces, &pieces.menu_with(from), from).await;
    assert_eq!(kind(&picked), UPDATE_MESSAGE, "{:?}", picked.json);
    let squares = Picker::from_request(picked);
    let answer = h.pick(who, &squares, &squares.menu_with(to), to).await;
    assert_eq!(kind(&answer), UPDATE_MESSAGE, "{:?}", answer.json);
    Lesson::from(answer)
}

/// The stage's answers, from the lessons' shared list.
fn answers(stage: &str) -> &'static [&'static str] {
    ANSWERS
        .iter()
        .find(|(id, _)| *id == stage)
        .map(|(_, answers)| *answers)
        .unwrap_or_else(|| panic!("no answers for {stage}"))
}

/// `from` and `to` of an answer written `d1-d6` or `d4xd7`.
fn squares(answer: &str) -> (&str, &str) {
    answer
        .split_once(['-', 'x'])
        .unwrap_or_else(|| panic!("not a move: {answer}"))
}

/// The squares of a lesson's picture, checked: `size` a side (the corner's 8 or the whole
/// board's 12), White at the bottom, each in its colour (probed in its top-left corner, clear
/// of pieces and frames); their geometry.
fn squares_of(picture: &board_png::Picture, size: u8) -> Layout {
    let layout = Layout::new(size, false);
    assert_eq!(
        picture.0.dimensions(),
        (layout.width(), layout.height()),
        "picture size"
    );
    for rank in 0..size {
        for file in 0..size {
            let square = Square::new(file, rank).unwrap();
            let want = if Layout::is_light(square) {
                STANDARD.light
            } else {
                STANDARD.dark
            };
            assert_eq!(
                picture.square_color(square, size),
                want,
                "{square} of a {size}×{size} picture"
            );
        }
    }
    layout
}

/// The colour of the frame drawn on `square` of a picture of `layout`: a pixel of its left
/// band, near its top (on a dash of a dashed frame too).
fn frame_colour(picture: &board_png::Picture, layout: &Layout, square: &str) -> [u8; 3] {
    let r = layout.square_rect(Square::parse(square, 12).unwrap());
    let inset = layout.square_px() / 16;
    let band = layout.square_px() / 11;
    picture
        .0
        .get_pixel(r.x + inset + band / 2, r.y + inset + band / 2)
        .0
}

/// Whether a colour is a clear green (the allowed squares' frame), not the grey-green of the
/// squares: green well above red and blue, saturated.
fn clearly_green([r, g, b]: [u8; 3]) -> bool {
    let (r, g, b) = (i32::from(r), i32::from(g), i32::from(b));
    let saturation = f64::from(g - r.min(b)) / f64::from(g.max(1));
    g - r >= 60 && g - b >= 40 && saturation > 0.5
}

/// How many pixels of the squares of a picture of `layout` are a clear green.
fn green_pixels(picture: &board_png::Picture, layout: &Layout) -> usize {
    let board = layout.board();
    (board.y..board.y + board.h)
        .flat_map(|y| (board.x..board.x + board.w).map(move |x| (x, y)))
        .filter(|&(x, y)| clearly_green(picture.0.get_pixel(x, y).0))
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn learn_teaches_a_stage_with_a_wrong_and_right_tries_and_goes_on_from_the_next() {
    let h = Harness::registered().await;
    let alice = UserId(ALICE.id);

    // A newcomer starts at the first stage: the queen, its first exercise marked.
    let first = learn(&h, ALICE, Vec::new()).await;
    assert!(first.content.contains("**The queen**"), "{}", first.content);
    assert!(first.content.contains("stage 1 of 9 · exercise 1 of 3"));
    assert!(first.content.contains("Move the piece on d1 to d6."));
    assert!(first.content.contains("Press **Move** to play."));

    // A legal move that misses the marked square: explained, framed, tried again.
    let wrong = try_move(&h, ALICE, &first, "d1", "d4").await;
    assert!(
        wrong
            .content
            .contains("❌ That move is legal, but it does not reach the marked square."),
        "{}",
        wrong.content
    );
    assert!(
        wrong
            .content
            .contains("On the board: blue: the piece that moves · yellow: the square asked for")
    );
    assert!(
        wrong.content.contains("exercise 1 of 3"),
        "the same exercise again"
    );
    assert!(wrong.content.contains("Press **Move** to try again."));
    // The exercise is played in the corner: its picture shows the 8×8 corner alone.
    let picture = wrong.picture();
    let layout = squares_of(&picture, 8);
    let [red, green, blue] = frame_colour(&picture, &layout, "d6");
    assert!(
        red > 200 && green > 180 && blue < 120,
        "d6 framed yellow: {red},{green},{blue}"
    );
    let [red, green, blue] = frame_colour(&picture, &layout, "d1");
    assert!(
        blue > 180 && red < 120,
        "d1 framed blue: {red},{green},{blue}"
    );

    // The first message's Move button is stale now: refused, and nothing changes.
    let stale = click(&h, ALICE, &first, &first.move_button()).await;
    assert_eq!(kind(&stale), CHANNEL_MESSAGE, "{:?}", stale.json);
    assert!(!stale.is_multipart(), "a refusal has no board");
    assert!(
        content(&stale).contains("The position has changed"),
        "{}",
        content(&stale)
    );
    let step: u32 = wrong.move_button()["learn-move:".len()..].parse().unwrap();
    let still = h.service.lessons().at(alice, step).await.unwrap();
    assert_eq!(
        (still.stage.id, still.exercise, still.wrong),
        ("queen", 0, 1)
    );

    // The stage's right answers, one exercise after another; the last gives the stars.
    let mut shown = wrong;
    let queen = answers("queen");
    for (i, answer) in queen.iter().enumerate() {
        let (from, to) = squares(answer);
        shown = try_move(&h, ALICE, &shown, from, to).await;
        assert!(
            shown.content.contains(&format!("✅ **{answer}**: right!")),
            "{}",
            shown.content
        );
        if i + 1 < queen.len() {
            assert!(shown.content.contains(&format!("exercise {} of 3", i + 2)));
        }
    }
    assert!(
        shown
            .content
            .contains("🏅 Stage “The queen” done: 2 stars out of 3. ★★☆"),
        "{}",
        shown.content
    );
    assert!(
        shown
            .content
            .contains("**The stack shrinks** · stage 2 of 9 · exercise 1 of 2")
    );
    let progress = h.service.lessons().progress(alice).await.unwrap();
    assert_eq!(progress[0].stars, Some(2), "stored: {progress:?}");
    assert!(progress[1..].iter().all(|p| p.stars.is_none()));

    // /learn again starts at the first stage not finished.
    let again = learn(&h, ALICE, Vec::new()).await;
    assert!(
        again
            .content
            .contains("**The stack shrinks** · stage 2 of 9"),
        "{}",
        again.content
    );
    // And the message before it is stale.
    let stale = click(&h, ALICE, &shown, &shown.move_button()).await;
    assert!(
        content(&stale).contains("The position has changed"),
        "{}",
        content(&stale)
    );
    h.idle().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_babys_forbidden_move_is_tried_from_the_menu_and_explained_with_its_distances() {
    let h = Harness::registered().await;
    let babies = learn(&h, BOB, vec![integer_option("stage", STAGE_BABIES)]).await;
    assert!(
        babies.content.contains("**Babies** · stage 4 of 9"),
        "{}",
        babies.content
    );

    // The menu of the baby on c4 offers its moves and the other squares on its lines.
    let opened = click(&h, BOB, &babies, &babies.move_button()).await;
    let pieces = Picker::from_request(opened);
    let picked = h.pick(BOB, &pieces, &pieces.menu_with("c4"), "c4").await;
    let menu = Picker::from_request(picked);
    let b4 = menu
        .options()
        .into_iter()
        .find(|(_, value, _, _)| value == "b4")
        .expect("b4, on the baby's rank, may be tried");
    assert_eq!(b4.3, "not marked: try it and see why");
    // Only the corner is shown, so only its squares are offered.
    for (_, value, _, _) in menu.options() {
        let square = Square::parse(&value, 12).unwrap();
        assert!(
            square.file() < 8 && square.rank() < 8,
            "{value} is outside the corner shown"
        );
    }

    let wrong = try_move(&h, BOB, &babies, "c4", "b4").await;
    assert!(
        wrong.content.contains(
            "a baby must move closer to the enemy queen on g7: c4 is √25 from it, b4 would be √34"
        ),
        "{}",
        wrong.content
    );
    assert!(
        wrong.content.contains("dashed green: where it may go"),
        "{}",
        wrong.content
    );
    assert!(wrong.content.contains("√: the distance to the enemy queen"));
    if let Ok(path) = std::env::var("MQ_LEARN_PNG") {
        std::fs::write(path, &wrong.request.files[0].bytes).unwrap();
    }
    let picture = wrong.picture();
    let layout = squares_of(&picture, 8);
    let [red, green, blue] = frame_colour(&picture, &layout, "b4");
    assert!(
        red > 180 && green < 120 && blue < 100,
        "b4 framed red: {red},{green},{blue}"
    );
    // The squares the baby may go to, framed in a clear green (dashed: at least a side's
    // length of band).
    let band = layout.square_px() / 11;
    let greens = green_pixels(&picture, &layout);
    assert!(
        greens > usize::try_from(band * layout.square_px()).unwrap(),
        "the allowed squares framed green: {greens} green pixels"
    );

    // Nothing stored until the stage is done.
    let progress = h.service.lessons().progress(UserId(BOB.id)).await.unwrap();
    assert!(progress.iter().all(|p| p.stars.is_none()));

    // The positions of real games are shown on the whole board.
    let find = learn(&h, BOB, vec![integer_option("stage", STAGE_FIND)]).await;
    assert!(
        find.content.contains("**Find the move**"),
        "{}",
        find.content
    );
    squares_of(&find.picture(), 12);
    h.idle().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_challenge_offers_learn_to_a_newcomer_and_not_to_a_player() {
    let h = Harness::registered().await;
    let offer = "/learn teaches you the rules in five minutes";

    // Bob has never played: the challenge offers him /learn.
    let to_bob = h.challenge(ALICE, Some(BOB), Vec::new()).await;
    assert!(to_bob.content.contains(offer), "{}", to_bob.content);
    assert!(
        to_bob
            .content
            .contains(&format!("<@{}>, new to Monkey Queen?", BOB.id))
    );

    // Once he plays, it no longer does.
    h.accept(BOB, &to_bob).await;
    let again = h.challenge(CAROL, Some(BOB), Vec::new()).await;
    assert!(!again.content.contains(offer), "{}", again.content);

    // Nor to someone who learnt a stage, though they never played a game.
    h.service
        .lessons()
        .finish(UserId(DAVE.id), Stage::by_id("queen").unwrap(), 0)
        .await
        .unwrap();
    let to_dave = h.challenge(CAROL, Some(DAVE), Vec::new()).await;
    assert!(!to_dave.content.contains(offer), "{}", to_dave.content);
    h.idle().await;
}

/// `/learn`'s answer time, median over 20 asks: from the interaction to its first answer (the
/// lesson, or a deferral when the work is slow) and to the answer that carries the board. Run
/// with `--ignored --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement"]
async fn learn_answer_time_is_measured() {
    let h = Harness::registered().await;
    let (mut first, mut board) = (Vec::new(), Vec::new());
    for _ in 0..20 {
        let mark = h.fake.mark();
        let (id, sent) = h.command(ALICE, "learn", Vec::new());
        let answer = h
            .wait_since(mark, "/learn's answer", |r| {
                r.is("POST", &callback_path(id))
            })
            .await;
        first.push(answer.received_at.duration_since(sent));
        let shown = h
            .wait_since(mark, "/learn's board", |r| {
                (r.is("POST", &callback_path(id)) || r.is("PATCH", &original_path(id)))
                    && r.is_multipart()
            })
            .await;
        board.push(shown.received_at.duration_since(sent));
    }
    print_summary("/learn, to its first answer", first);
    print_summary("/learn, to its board", board);
    h.idle().await;
}
