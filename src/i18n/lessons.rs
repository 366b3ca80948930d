//! The lessons in words: each stage's title and rule, each exercise's task, and why a try is
//! not the answer (a move the rules forbid is told in the refusals' own words).

use monkey_queen_core::Square;

use super::refusals::{illegal, parse};
use super::render::{Texts, args, color_key};
use crate::games::lessons::{Exercise, Goal, Stage, Why};
use monkey_queen_core::WinReason;

/// The stage's title ("The queen").
pub(super) fn title(t: Texts, stage: &Stage) -> String {
    t.plain(&format!("lesson-{}-title", stage.id))
}

/// The rule the stage teaches, in a sentence or two.
pub(super) fn rule(t: Texts, stage: &Stage) -> String {
    t.plain(&format!("lesson-{}-rule", stage.id))
}

/// What the exercise asks for.
pub(super) fn task(t: Texts, exercise: &Exercise) -> String {
    match exercise.goal {
        Goal::Reach { from, to: [] } => t.get("lesson-task-reach-any", &args! {"from" => from}),
        Goal::Reach { from, to } => t.get(
            "lesson-task-reach",
            &args! {"from" => from, "to" => to.join(", ")},
        ),
        Goal::Capture { on: [] } => t.plain("lesson-task-capture-any"),
        Goal::Capture { on } => t.get("lesson-task-capture", &args! {"squares" => on.join(", ")}),
        Goal::Win(WinReason::QueenCaptured) => t.plain("lesson-task-take-queen"),
        Goal::Win(WinReason::NoLegalMoves) => t.plain("lesson-task-no-moves"),
        Goal::Find { .. } => t.get(
            "puzzle-find",
            &args! {"color" => color_key(exercise.start().turn()), "moves" => 1},
        ),
        Goal::Swap => t.plain("lesson-task-swap"),
    }
}

/// Why a try is not the answer.
pub(super) fn why(t: Texts, why: &Why) -> String {
    let square = |id: &str, sq: Square| t.get(id, &args! {"square" => sq.to_string()});
    match why {
        Why::Unreadable(e) => parse(t, e),
        Why::Illegal(e) => t.get("refused-illegal", &args! {"reason" => illegal(t, e)}),
        Why::OtherPiece(sq) => square("lesson-other-piece", *sq),
        Why::Elsewhere => t.plain("lesson-elsewhere"),
        Why::NoCapture => t.plain("lesson-no-capture"),
        Why::OtherCapture => t.plain("lesson-other-capture"),
        Why::QueenNotTaken => t.plain("lesson-queen-not-taken"),
        Why::OpponentCanMove(reply) => t.get(
            "lesson-opponent-can-move",
            &args! {"move" => reply.to_string()},
        ),
        Why::NotTheWin => t.plain("lesson-not-the-win"),
        Why::NotSwap => t.plain("lesson-not-swap"),
    }
}

/// A right answer; with the stage's stars when it was the stage's last exercise.
pub(super) fn right(t: Texts, stage_stars: Option<u8>) -> String {
    match stage_stars {
        None => t.plain("lesson-right"),
        Some(stars) => t.get("lesson-stage-done", &args! {"stars" => stars}),
    }
}
