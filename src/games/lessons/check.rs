//! Judging a try at an exercise: the rules engine says whether the move is legal (and, when
//! not, which rule it breaks); the exercise's goal says whether it is the one asked for. A
//! wrong try comes back with why and with the squares to show on the board.

use monkey_queen_core::{
    IllegalMove, Move, MoveText, ParseError, Position, Role, Square, WinReason,
};

use super::stages::{Exercise, Goal};
use crate::games::{Verdict, judge_move};

/// What a square shown with a wrong try's explanation is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MarkKind {
    /// The piece that moved, or that the exercise asks to move.
    Piece,
    /// The square the try went to.
    Tried,
    /// A square the piece may go to (with its distance to the enemy queen for a baby).
    Allowed,
    /// A square the exercise asks for.
    Target,
    /// The piece in the way.
    Blocker,
    /// The enemy queen.
    EnemyQueen,
    /// A square of the opponent's answer to the try.
    Reply,
}

/// A square to show, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Mark {
    /// The square.
    pub square: Square,
    /// What it shows.
    pub kind: MarkKind,
    /// Its squared distance to the enemy queen, where the rule counts it (R6.1).
    pub distance: Option<u32>,
}

impl Mark {
    fn new(square: Square, kind: MarkKind) -> Mark {
        Mark {
            square,
            kind,
            distance: None,
        }
    }
}

/// Why a try is not the answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    /// Not a move at all.
    Unreadable(ParseError),
    /// A move the rules forbid, and which rule.
    Illegal(IllegalMove),
    /// A legal move of another piece than the one asked for (on the square given).
    OtherPiece(Square),
    /// A legal move of the right piece, to another square than the ones marked.
    Elsewhere,
    /// A legal move, but not a capture.
    NoCapture,
    /// A capture, but of another piece than the ones marked.
    OtherCapture,
    /// A legal move that does not take the enemy queen.
    QueenNotTaken,
    /// A legal move after which the opponent can still answer, as with this move.
    OpponentCanMove(Move),
    /// A legal move, but not the puzzle's winning one.
    NotTheWin,
    /// A move, where the exercise asks to swap.
    NotSwap,
}

/// The verdict on one try.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Judged {
    /// The move asked for; the position after it.
    Right {
        /// The move as played.
        mv: Move,
        /// The position after it (boxed: a position is large, a refusal small).
        after: Box<Position>,
    },
    /// Not what was asked: why, and what to show.
    Wrong {
        /// Why.
        why: Why,
        /// The squares to show.
        marks: Vec<Mark>,
    },
}

/// The squares an exercise shows before any try: the piece to move and its targets, or the
/// pieces to take.
#[must_use]
pub fn opening_marks(exercise: &Exercise) -> Vec<Mark> {
    let size = exercise.start().size();
    let square = |s: &str| Square::parse(s, size).ok();
    match exercise.goal {
        Goal::Reach { from, to } => square(from)
            .map(|sq| Mark::new(sq, MarkKind::Piece))
            .into_iter()
            .chain(
                to.iter()
                    .filter_map(|s| square(s))
                    .map(|sq| Mark::new(sq, MarkKind::Target)),
            )
            .collect(),
        Goal::Capture { on } => on
            .iter()
            .filter_map(|s| square(s))
            .map(|sq| Mark::new(sq, MarkKind::Target))
            .collect(),
        Goal::Win(_) | Goal::Find { .. } | Goal::Swap => Vec::new(),
    }
}

/// Judges `text` (a move in any notation the bot reads, or `swap`) at `exercise`.
#[must_use]
pub fn judge(exercise: &Exercise, text: &str) -> Judged {
    let position = exercise.start();
    let parsed = match MoveText::parse(text, position.size()) {
        Ok(parsed) => parsed,
        Err(e) => return wrong(Why::Unreadable(e), Vec::new()),
    };
    let mv = match position.legalize(parsed) {
        Ok(mv) => mv,
        Err(e) => return wrong(Why::Illegal(e), illegal_marks(&position, e)),
    };
    let mut after = position.clone();
    after.play_unchecked(mv);
    match goal_missed(exercise, &position, mv, &after) {
        None => Judged::Right {
            mv,
            after: Box::new(after),
        },
        Some((why, marks)) => wrong(why, marks),
    }
}

fn wrong(why: Why, marks: Vec<Mark>) -> Judged {
    Judged::Wrong { why, marks }
}

/// How the legal move `mv` misses the exercise's goal, if it does.
fn goal_missed(
    exercise: &Exercise,
    before: &Position,
    mv: Move,
    after: &Position,
) -> Option<(Why, Vec<Mark>)> {
    let size = before.size();
    let square = |s: &str| Square::parse(s, size).ok();
    let mover = before.turn();
    match exercise.goal {
        Goal::Reach { from, to } => {
            let from = square(from)?;
            if mv.from() != Some(from) {
                let marks = vec![Mark::new(from, MarkKind::Piece)];
                return Some((Why::OtherPiece(from), marks));
            }
            let targets: Vec<Square> = to.iter().filter_map(|s| square(s)).collect();
            let arrived = mv.to().is_some_and(|sq| targets.contains(&sq));
            (!targets.is_empty() && !arrived).then(|| {
                let mut marks = vec![Mark::new(from, MarkKind::Piece)];
                marks.extend(targets.iter().map(|&sq| Mark::new(sq, MarkKind::Target)));
                (Why::Elsewhere, marks)
            })
        }
        Goal::Capture { on } => {
            let targets: Vec<Square> = on.iter().filter_map(|s| square(s)).collect();
            let captures: Vec<Move> = before
                .legal_moves()
                .into_iter()
                .filter(|m| m.is_capture())
                .filter(|m| targets.is_empty() || m.to().is_some_and(|sq| targets.contains(&sq)))
                .collect();
            let took = captures.contains(&mv);
            (!took).then(|| {
                let why = if mv.is_capture() {
                    Why::OtherCapture
                } else {
                    Why::NoCapture
                };
                (why, move_marks(&captures))
            })
        }
        Goal::Win(reason) => {
            let won = after
                .outcome()
                .is_some_and(|o| o.winner == mover && o.reason == reason);
            if won {
                return None;
            }
            let queen = before.queen(mover.other());
            match after.legal_moves().first() {
                Some(&reply) if reason == WinReason::NoLegalMoves => {
                    let marks = [reply.from(), reply.to()]
                        .into_iter()
                        .flatten()
                        .map(|sq| Mark::new(sq, MarkKind::Reply))
                        .collect();
                    Some((Why::OpponentCanMove(reply), marks))
                }
                _ => Some((
                    Why::QueenNotTaken,
                    queen
                        .map(|sq| Mark::new(sq, MarkKind::EnemyQueen))
                        .into_iter()
                        .collect(),
                )),
            }
        }
        Goal::Find { solution } => {
            let solution = MoveText::parse(solution, size)
                .ok()
                .and_then(|text| before.legalize(text).ok())?;
            match judge_move(&[solution], 0, mv, after, mover) {
                Verdict::Solved | Verdict::Right => None,
                Verdict::Wrong => {
                    let hint = solution.from().map(|sq| Mark::new(sq, MarkKind::Piece));
                    Some((Why::NotTheWin, hint.into_iter().collect()))
                }
            }
        }
        Goal::Swap => (mv != Move::Swap).then_some((Why::NotSwap, Vec::new())),
    }
}

/// The squares of `moves`: each piece that moves, and where it may go.
fn move_marks(moves: &[Move]) -> Vec<Mark> {
    let mut marks: Vec<Mark> = Vec::new();
    for m in moves {
        for (sq, kind) in [(m.from(), MarkKind::Piece), (m.to(), MarkKind::Allowed)] {
            if let Some(sq) = sq
                && !marks.iter().any(|mark| mark.square == sq)
            {
                marks.push(Mark::new(sq, kind));
            }
        }
    }
    marks
}

/// The squares that show why `e` is illegal in `position`.
fn illegal_marks(position: &Position, e: IllegalMove) -> Vec<Mark> {
    match e {
        IllegalMove::NotStraightLine { from, to } => {
            let mut marks = allowed(position, from);
            marks.push(Mark::new(to, MarkKind::Tried));
            marks
        }
        IllegalMove::PathBlocked { from, to, blocker } => vec![
            Mark::new(from, MarkKind::Piece),
            Mark::new(to, MarkKind::Tried),
            Mark::new(blocker, MarkKind::Blocker),
        ],
        IllegalMove::QueenMustCapture(from) => allowed(position, from),
        IllegalMove::BabyNotCloser {
            from,
            to,
            queen,
            after,
            ..
        } => {
            let mut marks = allowed(position, from);
            marks.push(Mark {
                square: to,
                kind: MarkKind::Tried,
                distance: Some(after),
            });
            marks.push(Mark::new(queen, MarkKind::EnemyQueen));
            marks
        }
        IllegalMove::NoPiece(sq)
        | IllegalMove::NotYourPiece(sq)
        | IllegalMove::OwnPiece(sq)
        | IllegalMove::SameSquare(sq)
        | IllegalMove::OffBoard(sq) => vec![Mark::new(sq, MarkKind::Tried)],
        IllegalMove::GameOver | IllegalMove::SwapNotAllowed => Vec::new(),
    }
}

/// The piece on `from` and the squares it may go to; for a baby, each with its squared
/// distance to the enemy queen (R6.1), and its own.
fn allowed(position: &Position, from: Square) -> Vec<Mark> {
    let enemy_queen = position.queen(position.turn().other());
    let is_baby = position
        .piece_at(from)
        .is_some_and(|p| p.role == Role::Baby && p.color == position.turn());
    let distance = |sq: Square| {
        enemy_queen
            .filter(|_| is_baby)
            .map(|q| sq.distance_squared(q))
    };
    let mut marks = vec![Mark {
        square: from,
        kind: MarkKind::Piece,
        distance: distance(from),
    }];
    marks.extend(position.moves_from(from).into_iter().filter_map(|m| {
        let to = m.to()?;
        Some(Mark {
            square: to,
            kind: MarkKind::Allowed,
            distance: if m.is_capture() { None } else { distance(to) },
        })
    }));
    marks
}
