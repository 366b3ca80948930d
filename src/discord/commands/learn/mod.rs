//! `/learn`: the lessons (see `crate::games::lessons`), only for the one who asks, one exercise
//! at a time. Its message is ephemeral: the stage, its rule, the task and the board with the
//! squares the exercise marks, and the **Move** button (the game's piece-then-destination
//! menus, in `clicks`). Each answer edits that message: a right try shows the next exercise
//! (and, after a stage's last, its stars and the next stage); a wrong one says why and frames
//! the squares that show it, for another try. Every button names the player's step in the
//! lessons, so a stale one is refused and changes nothing.

pub mod clicks;

use monkey_queen_core::{Color, GameOptions, Move, Position, Square};
use poise::serenity_prelude as serenity;

use super::puzzle::{Answer, Shown, respond};
use crate::discord::board::{self, Marks};
use crate::discord::context::{Command, split};
use crate::discord::custom_id::ComponentId;
use crate::discord::{Data, Error};
use crate::games::UserId;
use crate::games::lessons::{CORNER, Exercise, LessonAt, Mark, MarkKind, Stage, opening_marks};
use crate::i18n::{BoardShown, Button, Lang, LessonNote, Msg};
use crate::render::{BoardView, Frame, FrameKind, Players};

/// The stages, as `/learn`'s `stage` option offers them (named by their English titles).
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum StageOption {
    #[name = "The queen"]
    Queen,
    #[name = "The stack shrinks"]
    Shrink,
    #[name = "A queen of two"]
    QueenOfTwo,
    #[name = "Babies"]
    Babies,
    #[name = "Captures"]
    Captures,
    #[name = "Take the queen"]
    TakeTheQueen,
    #[name = "No moves left"]
    NoMoves,
    #[name = "The pie rule"]
    Pie,
    #[name = "Find the move"]
    FindTheMove,
}

impl StageOption {
    /// The stage chosen.
    fn stage(self) -> Option<&'static Stage> {
        Stage::by_id(match self {
            StageOption::Queen => "queen",
            StageOption::Shrink => "shrink",
            StageOption::QueenOfTwo => "queen-two",
            StageOption::Babies => "baby",
            StageOption::Captures => "capture",
            StageOption::TakeTheQueen => "take-queen",
            StageOption::NoMoves => "no-moves",
            StageOption::Pie => "pie",
            StageOption::FindTheMove => "puzzles",
        })
    }
}

/// Learn Monkey Queen by playing: one rule at a time, only for you.
pub async fn learn(ctx: Command<'_>, stage: Option<StageOption>) -> Result<(), Error> {
    let data = ctx.data();
    let (lang, user) = (ctx.lang(), ctx.user());
    let work = async {
        let stage = stage.and_then(StageOption::stage);
        match split(data.service.lessons().start(user, stage).await)? {
            Ok(at) => Ok(Ok(
                shown(data, user, &at, lang, LessonNote::Start, None).await?
            )),
            Err(refusal) => Ok(Err(refusal)),
        }
    };
    respond(data, &ctx.asker(), Answer::New, work).await
}

/// The lesson message for `at` after `note`, as `viewer` sees it: the exercise's board with
/// the squares it marks (or, after a wrong try, the squares that show why) and the Move button;
/// once the lessons are done, `last` (the position after the last right move, and that move)
/// and no button.
async fn shown(
    data: &Data,
    viewer: UserId,
    at: &LessonAt,
    lang: Lang,
    note: LessonNote<'_>,
    last: Option<(&Position, Move)>,
) -> Result<Shown, Error> {
    let content = lang.text(&Msg::Lesson { at, note });
    let (position, last_move, frames, rows) = match (at.current(), last) {
        (Some(exercise), _) => {
            let frames = match note {
                LessonNote::Wrong { marks, .. } => marks.to_vec(),
                LessonNote::Start | LessonNote::Right { .. } => opening_marks(exercise),
            };
            (exercise.start(), None, frames, buttons(at, lang))
        }
        (None, Some((after, mv))) => (after.clone(), Some(mv), Vec::new(), Vec::new()),
        // Done, and nothing just played: the last exercise's board.
        (None, None) => {
            let last = at.stage.exercises.last().map(Exercise::start);
            let position = last.unwrap_or_else(|| Position::start(GameOptions::default()));
            (position, None, Vec::new(), Vec::new())
        }
    };
    let board = Board {
        position: &position,
        last_move,
        marks: Marks::default(),
        frames: &frames,
    };
    Ok(Shown {
        content,
        png: picture(data, viewer, at, lang, &board).await?,
        alt: alt(&position, last_move, lang),
        rows,
    })
}

/// What a lesson's picture shows.
struct Board<'a> {
    position: &'a Position,
    last_move: Option<Move>,
    /// The picker's marks (movable pieces, a piece's destinations).
    marks: Marks,
    /// The lesson's framed squares.
    frames: &'a [Mark],
}

/// The lesson's board as its player `viewer` sees it (their side at the bottom, in their
/// colours), captioned with the stage and exercise.
async fn picture(
    data: &Data,
    viewer: UserId,
    at: &LessonAt,
    lang: Lang,
    board: &Board<'_>,
) -> Result<Vec<u8>, Error> {
    let position = board.position.clone();
    // The player is the side to move, or the side that just moved.
    let player = match board.last_move {
        Some(_) => position.turn().other(),
        None => position.turn(),
    };
    let view = BoardView {
        flipped: player == Color::Black,
        last_move: board.last_move,
        marks: board.marks.squares.clone(),
        selected: board.marks.selected,
        players: Players::new(
            lang.text(&Msg::ColorName(Color::White)),
            lang.text(&Msg::ColorName(Color::Black)),
        ),
        status: Some(lang.text(&Msg::LessonCaption(at))),
        frames: board.frames.iter().map(frame).collect(),
        colors: board::colors_for(data, viewer, None).await,
        corner: corner(at, board),
    };
    let renderer = data.renderer.clone();
    Ok(data
        .cpu_work(move || renderer.board_png(&position, &view))
        .await??)
}

/// The corner the picture shows alone, as the lessons' page does: the exercise's (or, once
/// the lessons are done, the last one's) when it is played in the corner and the pieces and
/// the last move lie in it; `None` for the whole board. Marks and frames outside it (the
/// squares a piece may reach beyond it) are left out of the picture, as the page leaves them.
fn corner(at: &LessonAt, board: &Board<'_>) -> Option<u8> {
    let exercise = at.current().or_else(|| at.stage.exercises.last())?;
    let moved = board
        .last_move
        .iter()
        .flat_map(|mv| mv.from().into_iter().chain(mv.to()));
    let mut shown = board.position.pieces().map(|(sq, _)| sq).chain(moved);
    (exercise.shown_size() == CORNER && shown.all(in_corner)).then_some(CORNER)
}

/// Whether `square` lies in the corner the early stages are played in.
fn in_corner(square: Square) -> bool {
    square.file() < CORNER && square.rank() < CORNER
}

/// A lesson's mark as the picture frames it (the colours of the lessons' page).
fn frame(mark: &Mark) -> Frame {
    Frame {
        square: mark.square,
        kind: match mark.kind {
            MarkKind::Piece => FrameKind::Piece,
            MarkKind::Target => FrameKind::Target,
            MarkKind::Allowed => FrameKind::Allowed,
            MarkKind::Tried | MarkKind::Blocker => FrameKind::Wrong,
            MarkKind::EnemyQueen | MarkKind::Reply => FrameKind::Danger,
        },
        label: mark.distance.map(|d| format!("√{d}")),
    }
}

/// The alt text of a lesson's picture in `lang`.
fn alt(position: &Position, last: Option<Move>, lang: Lang) -> String {
    lang.board_alt(BoardShown {
        position,
        last,
        over: false,
    })
}

/// The Move button, naming the player's step.
fn buttons(at: &LessonAt, lang: Lang) -> Vec<serenity::CreateActionRow> {
    let id = ComponentId::LearnMove { step: at.step };
    vec![serenity::CreateActionRow::Buttons(vec![
        serenity::CreateButton::new(id.to_string())
            .label(lang.text(&Msg::Label(Button::Move)))
            .style(serenity::ButtonStyle::Primary),
    ])]
}
