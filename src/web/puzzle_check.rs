//! A puzzle's page checks its moves with the server, which keeps nothing: the page sends the
//! solver's moves so far (`{"moves": ["a2-j11", "j11xk11"]}`), which are replayed against the
//! stored solution (each but the last must be right, the defender replying with the
//! solution's move), and the last is judged by the service's rule ([`judge_move`]).
//! - `POST /api/puzzles/{id}/check` answers `right` (the move, the reply, the legal moves
//!   then), `solved`, or `wrong` (the solution from before the wrong move);
//! - `POST /api/puzzles/{id}/solution` answers the solution from where the page stands.
//!
//! A body that is not such a line is 400, an illegal move 422, a line that goes on past the
//! puzzle's end 409, each with a plain-text reason; an unknown puzzle is 404. While the puzzle
//! counts in Discord (today's daily puzzle, or someone's open rated one), both answer 403 in
//! the viewer's language and judge nothing: its answer can't be read or probed here.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use monkey_queen_core::{Move, Position};
use serde::{Deserialize, Serialize};

use super::Web;
use super::errors::WebError;
use super::lang::Viewer;
use super::puzzle;
use super::state::{Dest, dests};
use crate::games::{Verdict, judge_move};

/// The most solver's moves a line may have: far more than any puzzle asks for.
const MOST_MOVES: usize = 64;

/// The solver's moves so far, as the page sends them.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct LineAsked {
    moves: Vec<String>,
}

/// One ply of a line: the move in the game's notation and the position after it.
#[derive(Debug, Serialize, PartialEq)]
pub(super) struct Step {
    #[serde(rename = "move")]
    mv: String,
    position: String,
}

impl Step {
    fn new(mv: Move, after: &Position) -> Step {
        Step {
            mv: mv.to_string(),
            position: after.to_text(),
        }
    }
}

/// What a checked move did.
#[derive(Debug, Serialize)]
#[serde(tag = "result", rename_all = "lowercase")]
pub(super) enum Checked {
    /// The right move and the defender's reply; the solver moves again, one of `dests`.
    Right {
        line: Vec<Step>,
        dests: BTreeMap<String, Vec<Dest>>,
    },
    /// The puzzle is solved by the move.
    Solved { line: Vec<Step> },
    /// A wrong move: the solution from the position before it.
    Wrong { solution: Vec<Step> },
}

/// The solution from where the page stands.
#[derive(Debug, Serialize)]
pub(super) struct Solution {
    solution: Vec<Step>,
}

/// Why a line is refused.
#[derive(Debug, PartialEq)]
enum LineError {
    /// The solver's move numbered here (from 1) is not legal there.
    Illegal(usize, String),
    /// The puzzle ended before the solver's move numbered here (from 1).
    Over(usize),
    /// A stored solution that does not replay.
    Corrupt(String),
}

impl From<LineError> for WebError {
    fn from(error: LineError) -> WebError {
        match error {
            LineError::Illegal(n, why) => WebError::Plain(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!("move {n} is illegal: {why}"),
            ),
            LineError::Over(n) => WebError::Plain(
                StatusCode::CONFLICT,
                format!("the puzzle was over before move {n}"),
            ),
            LineError::Corrupt(detail) => WebError::Internal(detail),
        }
    }
}

/// The line of a request, or 400 with why not.
fn read_line(body: Result<Json<LineAsked>, JsonRejection>) -> Result<Vec<String>, WebError> {
    let Json(asked) = body.map_err(|e| WebError::Plain(StatusCode::BAD_REQUEST, e.body_text()))?;
    if asked.moves.len() > MOST_MOVES {
        let why = format!("at most {MOST_MOVES} moves");
        return Err(WebError::Plain(StatusCode::BAD_REQUEST, why));
    }
    Ok(asked.moves)
}

/// `POST /api/puzzles/{id}/check`: judges the last of the solver's moves.
pub(super) async fn check(
    State(web): State<Web>,
    Viewer(lang): Viewer,
    Path(id): Path<String>,
    body: Result<Json<LineAsked>, JsonRejection>,
) -> Result<Json<Checked>, WebError> {
    let (view, solution) = puzzle::load_uncounted(&web, &id, lang).await?;
    let moves = read_line(body)?;
    let Some((last, before)) = moves.split_last() else {
        let why = "no move to check".to_owned();
        return Err(WebError::Plain(StatusCode::BAD_REQUEST, why));
    };
    Ok(Json(judge(&view.position, &solution, before, last)?))
}

/// `POST /api/puzzles/{id}/solution`: the solution after the solver's moves so far.
pub(super) async fn solution(
    State(web): State<Web>,
    Viewer(lang): Viewer,
    Path(id): Path<String>,
    body: Result<Json<LineAsked>, JsonRejection>,
) -> Result<Json<Solution>, WebError> {
    let (view, solution) = puzzle::load_uncounted(&web, &id, lang).await?;
    let moves = read_line(body)?;
    let position = replay(&view.position, &solution, &moves)?;
    let rest = steps(&position, rest_of(&solution, 2 * moves.len()))?;
    Ok(Json(Solution { solution: rest }))
}

/// The position after the solver's `moves`, each right, and the defender's replies.
fn replay(start: &Position, solution: &[Move], moves: &[String]) -> Result<Position, LineError> {
    let solver = start.turn();
    let mut position = start.clone();
    for (i, text) in moves.iter().enumerate() {
        let index = 2 * i;
        let mv = position
            .play_str(text)
            .map_err(|e| LineError::Illegal(i + 1, e.to_string()))?;
        if judge_move(solution, index, mv, &position, solver) != Verdict::Right {
            return Err(LineError::Over(i + 2));
        }
        play(&mut position, solution[index + 1])?;
    }
    Ok(position)
}

/// The answer to the solver's move `last` after `before`.
fn judge(
    start: &Position,
    solution: &[Move],
    before: &[String],
    last: &str,
) -> Result<Checked, LineError> {
    let at = replay(start, solution, before)?;
    let index = 2 * before.len();
    let mut after = at.clone();
    let mv = after
        .play_str(last)
        .map_err(|e| LineError::Illegal(before.len() + 1, e.to_string()))?;
    Ok(
        match judge_move(solution, index, mv, &after, start.turn()) {
            Verdict::Wrong => Checked::Wrong {
                solution: steps(&at, rest_of(solution, index))?,
            },
            Verdict::Solved => Checked::Solved {
                line: vec![Step::new(mv, &after)],
            },
            Verdict::Right => {
                let played = Step::new(mv, &after);
                let reply = solution[index + 1];
                play(&mut after, reply)?;
                Checked::Right {
                    line: vec![played, Step::new(reply, &after)],
                    dests: dests(&after).0,
                }
            }
        },
    )
}

/// The solution from ply `index` on (nothing past its end).
fn rest_of(solution: &[Move], index: usize) -> &[Move] {
    &solution[index.min(solution.len())..]
}

/// `moves` played from `start`, each with the position after it.
fn steps(start: &Position, moves: &[Move]) -> Result<Vec<Step>, LineError> {
    let mut position = start.clone();
    let mut steps = Vec::with_capacity(moves.len());
    for &mv in moves {
        play(&mut position, mv)?;
        steps.push(Step::new(mv, &position));
    }
    Ok(steps)
}

/// Plays a move of the stored solution.
fn play(position: &mut Position, mv: Move) -> Result<(), LineError> {
    position
        .play(mv.text())
        .map(|_| ())
        .map_err(|e| LineError::Corrupt(format!("the solution's {mv}: {e:?}")))
}

#[cfg(test)]
mod tests {
    use monkey_queen_core::puzzle::Puzzle;

    use super::*;

    /// A puzzle of the starter set: three plies, the solver's two moves and a reply between.
    const SHORT: &str = "12/10q1/3b8/4b3b3/11B/12/12/4b7/7B4/B1b4B4/B8Q2/6B4B w 13 15 14 20 - \
                         | a2-j11 c3xh3 j11xk11 | queen-capture,short | 1500 | 14 test";

    fn short() -> Puzzle {
        SHORT.parse().unwrap()
    }

    fn line(moves: &[&str]) -> Vec<String> {
        moves.iter().map(|m| (*m).to_owned()).collect()
    }

    #[test]
    fn a_line_is_judged_move_by_move_against_the_solution() {
        let p = short();
        let (start, solution) = (&p.position, &p.solution[..]);
        let Checked::Right {
            line: played,
            dests,
        } = judge(start, solution, &[], "a2-j11").unwrap()
        else {
            panic!("the first move is right")
        };
        assert_eq!(
            played.iter().map(|s| s.mv.as_str()).collect::<Vec<_>>(),
            ["a2-j11", "c3xh3"]
        );
        assert!(dests.contains_key("j11"), "{dests:?}");
        let solved = judge(start, solution, &line(&["a2-j11"]), "j11xk11").unwrap();
        assert!(matches!(solved, Checked::Solved { .. }), "{solved:?}");
        let wrong = start
            .legal_moves()
            .into_iter()
            .find(|&m| {
                let mut after = start.clone();
                after.play_unchecked(m);
                m != solution[0] && after.outcome().is_none()
            })
            .unwrap()
            .to_string();
        let Checked::Wrong { solution: rest } = judge(start, solution, &[], &wrong).unwrap() else {
            panic!("another move is wrong")
        };
        assert_eq!(rest.len(), 3);
        assert_eq!(rest[0].mv, "a2-j11");
        assert!(matches!(
            judge(start, solution, &[], "a1-a12"),
            Err(LineError::Illegal(1, _))
        ));
        assert_eq!(
            judge(start, solution, &line(&[&wrong]), "a2-j11").unwrap_err(),
            LineError::Over(2)
        );
        assert_eq!(
            judge(start, solution, &line(&["a2-j11", "j11xk11"]), "a1-a2").unwrap_err(),
            LineError::Over(3)
        );
    }
}
