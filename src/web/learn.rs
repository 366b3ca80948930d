//! The lessons' page, for anyone, keeping nothing on the server (a visitor's progress stays in
//! their browser; inside the Activity the page signs in and plays through the Activity's routes
//! instead, which keep the person's progress: see `activity::lessons`):
//! - `GET /learn`: every stage in the reader's language, each exercise's position, task and the
//!   squares it marks, played by taps as the game page is; in the corner's exercises a piece
//!   may also be tried on squares it may not go to (only its legal moves are marked), so that
//!   a move the rules forbid is explained;
//! - `POST /api/learn/check` (`{"stage": "baby", "exercise": 0, "move": "c4-b4", "wrong": 0}`):
//!   the service's verdict on the try ([`lessons::judge`]), in words and the squares to show;
//!   a right answer that ends the stage also gives its stars for the `wrong` tries made in it.
//!
//! A body that is not such a try is 400; an unknown stage or exercise 404.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::State;
use axum::extract::rejection::JsonRejection;
use axum::response::Html;
use monkey_queen_core::{Color, Move, Position, Role, Square};
use serde::{Deserialize, Serialize};

use super::errors::WebError;
use super::lang::Viewer;
use super::page::{escape, fill, script_json, strings_json};
use super::{Web, assets};
use crate::games::lessons::{
    self, CORNER, Exercise, FIRST_GAME_LEVEL, Judged, Mark, MarkKind, STAGES, Stage, Why,
};
use crate::i18n::{Lang, web_text as word};

/// The page's address.
pub(super) const PATH: &str = "/learn";

/// A square the page marks.
#[derive(Debug, Serialize)]
pub(super) struct MarkState {
    square: String,
    kind: &'static str,
    /// Squared distance to the enemy queen, where the rule counts it.
    distance: Option<u32>,
}

impl MarkState {
    /// The mark as the page draws it.
    pub(super) fn of(mark: &Mark) -> MarkState {
        MarkState {
            square: mark.square.to_string(),
            kind: match mark.kind {
                MarkKind::Piece => "piece",
                MarkKind::Tried => "tried",
                MarkKind::Allowed => "allowed",
                MarkKind::Target => "target",
                MarkKind::Blocker => "blocker",
                MarkKind::EnemyQueen => "enemy-queen",
                MarkKind::Reply => "reply",
            },
            distance: mark.distance,
        }
    }
}

/// An exercise as the page plays it.
#[derive(Debug, Serialize)]
struct ExerciseState {
    position: String,
    /// The squares shown on a side: the corner, or the whole board.
    size: u8,
    flipped: bool,
    task: String,
    marks: Vec<MarkState>,
    dests: BTreeMap<String, Vec<ShownDest>>,
    /// Whether each piece may also be tried on squares it may not go to (the corner's
    /// exercises), for the rule it breaks to be explained.
    tries: bool,
    swap: bool,
}

/// A stage as the page shows it.
#[derive(Debug, Serialize)]
pub(super) struct StageState {
    id: &'static str,
    title: String,
    rule: String,
    exercises: Vec<ExerciseState>,
}

/// The page's JSON.
#[derive(Debug, Serialize)]
struct LearnState {
    stages: Vec<StageState>,
    check: String,
    /// The computer's level of the first game offered, where this server plays games.
    first_game: Option<&'static str>,
}

/// A legal move's destination, marked as the game page marks it.
#[derive(Debug, Serialize)]
struct ShownDest {
    to: String,
    capture: Option<&'static str>,
    birth: bool,
}

/// The legal moves of the side to move shown on the board (of `size` squares a side), by
/// origin.
fn shown_moves(position: &Position, size: u8) -> BTreeMap<String, Vec<ShownDest>> {
    let shown = |sq: Square| sq.file() < size && sq.rank() < size;
    let mut by_origin: BTreeMap<String, Vec<ShownDest>> = BTreeMap::new();
    for mv in position.legal_moves() {
        let Move::Normal {
            from, to, capture, ..
        } = mv
        else {
            continue;
        };
        if !shown(from) || !shown(to) {
            continue;
        }
        by_origin
            .entry(from.to_string())
            .or_default()
            .push(ShownDest {
                to: to.to_string(),
                capture: capture.map(|role| match role {
                    Role::Queen => "queen",
                    Role::Baby => "baby",
                }),
                birth: mv.gives_birth(),
            });
    }
    by_origin
}

fn exercise_state(lang: Lang, exercise: &Exercise) -> ExerciseState {
    let position = exercise.start();
    let size = exercise.shown_size();
    ExerciseState {
        position: position.to_text(),
        size,
        flipped: position.turn() == Color::Black,
        task: lang.lesson_task(exercise),
        marks: lessons::opening_marks(exercise)
            .iter()
            .map(MarkState::of)
            .collect(),
        dests: shown_moves(&position, size),
        tries: size == CORNER,
        swap: position.legal_moves().contains(&Move::Swap),
    }
}

/// Every stage as the page shows it, in `lang`.
pub(super) fn stage_states(lang: Lang) -> Vec<StageState> {
    STAGES.iter().map(|s| stage_state(lang, s)).collect()
}

fn stage_state(lang: Lang, stage: &'static Stage) -> StageState {
    StageState {
        id: stage.id,
        title: lang.lesson_title(stage),
        rule: lang.lesson_rule(stage),
        exercises: stage
            .exercises
            .iter()
            .map(|e| exercise_state(lang, e))
            .collect(),
    }
}

/// `GET /learn`: the lessons' page.
pub(super) async fn page(State(web): State<Web>, Viewer(lang): Viewer) -> Html<String> {
    let state = LearnState {
        stages: stage_states(lang),
        check: "/api/learn/check".to_owned(),
        first_game: web.config.local.map(|_| FIRST_GAME_LEVEL.name()),
    };
    // Serializing plain strings, numbers and maps of them cannot fail.
    let json = serde_json::to_string(&state).unwrap_or_default();
    let title = word(lang, "web-learn-title", &[]);
    let html = fill(
        assets::template("learn.html"),
        &[
            ("lang", escape(lang.tag())),
            ("title", escape(&format!("{title} · Monkey Queen"))),
            ("heading", escape(&title)),
            ("intro", escape(&word(lang, "web-learn-intro", &[]))),
            ("strings", strings_json(lang)),
            ("state", script_json(&json)),
            ("activity", super::activity::sign_in_config(&web)),
        ],
    );
    Html(html)
}

/// A try, as the page sends it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TryAsked {
    stage: String,
    exercise: usize,
    #[serde(rename = "move")]
    mv: String,
    /// Wrong tries so far in this stage.
    #[serde(default)]
    wrong: u32,
}

/// The verdict on a try.
#[derive(Debug, Serialize)]
#[serde(tag = "result", rename_all = "lowercase")]
pub(super) enum Tried {
    /// The answer: the move, the position after it, and the stage's stars when it ends it.
    Right {
        text: String,
        #[serde(rename = "move")]
        mv: String,
        position: String,
        stars: Option<u8>,
    },
    /// Not the answer: why, and the squares to show.
    Wrong { text: String, marks: Vec<MarkState> },
}

impl Tried {
    /// The answer `mv`, which leaves `after`; `stars` when it ends its stage.
    pub(super) fn right(lang: Lang, mv: Move, after: &Position, stars: Option<u8>) -> Tried {
        Tried::Right {
            text: lang.lesson_right(stars),
            mv: mv.to_string(),
            position: after.to_text(),
            stars,
        }
    }

    /// Not the answer, for `why`, shown on `marks`.
    pub(super) fn wrong(lang: Lang, why: &Why, marks: &[Mark]) -> Tried {
        Tried::Wrong {
            text: lang.lesson_why(why),
            marks: marks.iter().map(MarkState::of).collect(),
        }
    }
}

/// `POST /api/learn/check`: the verdict on a try.
pub(super) async fn check(
    Viewer(lang): Viewer,
    body: Result<Json<TryAsked>, JsonRejection>,
) -> Result<Json<Tried>, WebError> {
    let Json(asked) = body.map_err(|e| WebError::BadRequest(e.body_text()))?;
    let stage = Stage::by_id(&asked.stage).ok_or(WebError::NotFound)?;
    let exercise = stage
        .exercises
        .get(asked.exercise)
        .ok_or(WebError::NotFound)?;
    Ok(Json(match lessons::judge(exercise, &asked.mv) {
        Judged::Right { mv, after } => {
            let last = asked.exercise + 1 == stage.exercises.len();
            Tried::right(lang, mv, &after, last.then(|| lessons::stars(asked.wrong)))
        }
        Judged::Wrong { why, marks } => Tried::wrong(lang, &why, &marks),
    }))
}
