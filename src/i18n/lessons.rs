//! The lessons in words: each stage's title and rule, each exercise's task, and why a try is
//! not the answer (a move the rules forbid is told in the refusals' own words).

use monkey_queen_core::{Square, WinReason};

use super::LessonNote;
use super::refusals::{illegal, parse};
use super::render::{Texts, args, color_key};
use crate::games::lessons::{Exercise, Goal, LessonAt, Mark, MarkKind, STAGES, Stage, Why};

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

/// A lesson's exercise in `/learn`, under what the last try did: the stage, its rule and the
/// task; after the last stage, the end of the lessons.
pub(super) fn shown(t: Texts, at: &LessonAt, note: LessonNote<'_>) -> String {
    let mut lines = Vec::new();
    match note {
        LessonNote::Start => {}
        LessonNote::Right { mv, finished } => {
            lines.push(t.get("learn-right", &args! {"move" => mv.to_string()}));
            if let Some((stage, stars)) = finished {
                let done = t.get(
                    "learn-stage-finished",
                    &args! {"title" => title(t, stage), "stars" => stars},
                );
                lines.push(format!("{done} {}", star_glyphs(stars)));
            }
        }
        LessonNote::Wrong { why: w, marks } => {
            lines.push(t.get("learn-wrong", &args! {"why" => why(t, w)}));
            if let Some(legend) = legend(t, marks) {
                lines.push(legend);
            }
        }
    }
    let Some(exercise) = at.current() else {
        lines.push(t.plain("learn-done"));
        return lines.join("\n");
    };
    if !lines.is_empty() {
        lines.push(String::new());
    }
    lines.push(heading(t, at));
    lines.push(rule(t, at.stage));
    lines.push(format!("**{}**", task(t, exercise)));
    lines.push(match note {
        LessonNote::Wrong { .. } => t.plain("learn-try-again"),
        _ => t.plain("learn-press-move"),
    });
    lines.join("\n")
}

/// The stage and exercise, with their numbers.
fn heading(t: Texts, at: &LessonAt) -> String {
    t.get(
        "learn-heading",
        &args! {
            "title" => title(t, at.stage),
            "stage" => at.number + 1,
            "stages" => STAGES.len(),
            "exercise" => at.exercise + 1,
            "exercises" => at.stage.exercises.len(),
        },
    )
}

/// The header line over a lesson's picture.
pub(super) fn caption(t: Texts, at: &LessonAt) -> String {
    t.get(
        "learn-caption",
        &args! {
            "title" => title(t, at.stage),
            "exercise" => (at.exercise + 1).min(at.stage.exercises.len()),
            "exercises" => at.stage.exercises.len(),
        },
    )
}

/// The picker's step in a lesson, over the task.
pub(super) fn pick(t: Texts, at: &LessonAt, from: Option<Square>) -> String {
    let step = match from {
        None => t.get("learn-pick-piece", &args! {"title" => title(t, at.stage)}),
        Some(from) => t.get(
            "learn-pick-destination",
            &args! {"title" => title(t, at.stage), "square" => from.to_string()},
        ),
    };
    match at.current() {
        Some(exercise) => format!("{step}\n**{}**", task(t, exercise)),
        None => step,
    }
}

/// What the board's frames mean, for the kinds `marks` shows; `None` when it shows none.
fn legend(t: Texts, marks: &[Mark]) -> Option<String> {
    let kinds = [
        (MarkKind::Piece, "learn-mark-piece"),
        (MarkKind::Tried, "learn-mark-tried"),
        (MarkKind::Allowed, "learn-mark-allowed"),
        (MarkKind::Target, "learn-mark-target"),
        (MarkKind::Blocker, "learn-mark-blocker"),
        (MarkKind::EnemyQueen, "learn-mark-enemy-queen"),
        (MarkKind::Reply, "learn-mark-reply"),
    ];
    let mut parts: Vec<String> = kinds
        .into_iter()
        .filter(|(kind, _)| marks.iter().any(|mark| mark.kind == *kind))
        .map(|(_, id)| t.plain(id))
        .collect();
    if parts.is_empty() {
        return None;
    }
    if marks.iter().any(|mark| mark.distance.is_some()) {
        parts.push(t.plain("learn-mark-distance"));
    }
    Some(format!("{} {}", t.plain("learn-marks"), parts.join(" · ")))
}

/// `stars` of 3, drawn: `★★☆`.
fn star_glyphs(stars: u8) -> String {
    let full = usize::from(stars.min(3));
    format!("{}{}", "★".repeat(full), "☆".repeat(3 - full))
}
