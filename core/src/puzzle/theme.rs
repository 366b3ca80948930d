//! What a puzzle is about, and its initial rating.

use std::fmt;
use std::str::FromStr;

use crate::color::{Color, Role};
use crate::direction::{Direction, walk};
use crate::moves::Move;
use crate::position::{Position, WinReason};
use crate::search::defended;

/// Something a puzzle shows. A puzzle has one ending (the first four) and one length (the
/// last four), and any of the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Theme {
    /// The solution ends by taking the enemy queen (R7.1).
    QueenCapture,
    /// The solution ends by leaving the defender without a legal move (R7.2).
    NoMoves,
    /// The solution ends in a position the engine proved won, short of the game's end (the
    /// finish can be played more than one way).
    ForcedWin,
    /// The solution ends in a won position that the engine has not proved won.
    Advantage,
    /// Before the queen is taken, none of its moves reaches a square the solver doesn't see.
    TrappedQueen,
    /// A baby takes the queen's stack (R4.4).
    BabyTakesQueen,
    /// A solver's queen move leaves its newborn (R5.1) between an enemy piece and the queen.
    BirthBlocks,
    /// The first move takes nothing.
    QuietMove,
    /// One solver move.
    OneMove,
    /// Two solver moves.
    Short,
    /// Three or four solver moves.
    Long,
    /// Five solver moves or more.
    VeryLong,
}

impl Theme {
    /// Every theme, in the order a puzzle lists them.
    pub const ALL: [Theme; 12] = [
        Theme::QueenCapture,
        Theme::NoMoves,
        Theme::ForcedWin,
        Theme::Advantage,
        Theme::TrappedQueen,
        Theme::BabyTakesQueen,
        Theme::BirthBlocks,
        Theme::QuietMove,
        Theme::OneMove,
        Theme::Short,
        Theme::Long,
        Theme::VeryLong,
    ];

    /// The name in the text form: lower case, words joined by `-`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Theme::QueenCapture => "queen-capture",
            Theme::NoMoves => "no-moves",
            Theme::ForcedWin => "forced-win",
            Theme::Advantage => "advantage",
            Theme::TrappedQueen => "trapped-queen",
            Theme::BabyTakesQueen => "baby-takes-queen",
            Theme::BirthBlocks => "birth-blocks",
            Theme::QuietMove => "quiet-move",
            Theme::OneMove => "one-move",
            Theme::Short => "short",
            Theme::Long => "long",
            Theme::VeryLong => "very-long",
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Theme {
    type Err = String;

    /// Reads a [`Theme::name`].
    fn from_str(text: &str) -> Result<Theme, String> {
        Theme::ALL
            .into_iter()
            .find(|t| t.name() == text)
            .ok_or_else(|| format!("`{text}` is not a theme"))
    }
}

/// The themes of the puzzle `solution` from `start`, in [`Theme::ALL`] order; `proven` says
/// whether the search proved the solution's last move a forced win.
pub(super) fn themes(start: &Position, solution: &[Move], proven: bool) -> Vec<Theme> {
    let solver = start.turn();
    let mut positions = vec![start.clone()];
    for &m in solution {
        let mut next = positions[positions.len() - 1].clone();
        next.play_unchecked(m);
        positions.push(next);
    }
    let end = &positions[positions.len() - 1];
    let last = solution.last().copied();
    let solver_moves = solution.iter().step_by(2);
    let mut found = vec![match end.outcome().map(|o| o.reason) {
        Some(WinReason::QueenCaptured) => Theme::QueenCapture,
        Some(WinReason::NoLegalMoves) => Theme::NoMoves,
        None if proven => Theme::ForcedWin,
        None => Theme::Advantage,
    }];
    let queen_taken = found[0] == Theme::QueenCapture;
    // The position before the defender's last move, when there was one.
    let before_last_defence = positions.len().checked_sub(3).map(|i| &positions[i]);
    if queen_taken && before_last_defence.is_some_and(|p| queen_trapped(p, solver.other())) {
        found.push(Theme::TrappedQueen);
    }
    if queen_taken
        && matches!(
            last,
            Some(Move::Normal {
                role: Role::Baby,
                ..
            })
        )
    {
        found.push(Theme::BabyTakesQueen);
    }
    let blocks = solver_moves
        .zip(positions.iter().skip(1).step_by(2))
        .any(|(&m, after)| birth_blocks(after, m));
    if blocks {
        found.push(Theme::BirthBlocks);
    }
    if solution.first().is_some_and(|m| !m.is_capture()) {
        found.push(Theme::QuietMove);
    }
    found.push(match solution.len().div_ceil(2) {
        0 | 1 => Theme::OneMove,
        2 => Theme::Short,
        3 | 4 => Theme::Long,
        _ => Theme::VeryLong,
    });
    found
}

/// Whether `color`, to move in `pos`, has no queen move to a square the other side doesn't
/// see once the queen has moved (its newborn stays behind and blocks, R5.1).
fn queen_trapped(pos: &Position, color: Color) -> bool {
    let Some(queen) = pos.queen(color) else {
        return false;
    };
    pos.moves_from(queen).into_iter().all(|m| match m {
        Move::Normal { from, to, .. } => {
            // A capture empties the queen's square; a birth fills it (`to` is never walked).
            let vacated = if m.is_capture() { from } else { to };
            defended(pos, to, color.other(), vacated)
        }
        Move::Swap => false,
    })
}

/// Whether `m`, played just before `after`, is a queen's birth whose newborn stands between
/// the queen and an enemy piece: the first piece beyond the newborn, away from the queen.
fn birth_blocks(after: &Position, m: Move) -> bool {
    let Move::Normal { from, to, .. } = m else {
        return false;
    };
    if !m.gives_birth() {
        return false;
    }
    // Away from the queen: from where it went towards where it was.
    let Some((away, _)) = Direction::towards(to, from) else {
        return false;
    };
    let mover = after.turn().other();
    let mut blocked = false;
    walk(from, away, after.size(), |sq| match after.piece_at(sq) {
        None => true,
        Some(piece) => {
            blocked = piece.color != mover;
            false
        }
    });
    blocked
}

/// The initial rating of a puzzle (see `docs/puzzles.md`): 1000, plus 250 per solver move
/// after the first, 150 for a quiet first move and 100 for a trapped queen or a blocking birth.
pub(super) fn rating(solution: &[Move], themes: &[Theme]) -> u32 {
    let solver_moves = u32::try_from(solution.len().div_ceil(2)).unwrap_or(u32::MAX);
    let has = |t| u32::from(themes.contains(&t));
    let subtle = has(Theme::TrappedQueen).max(has(Theme::BirthBlocks));
    1000_u32
        .saturating_add(250_u32.saturating_mul(solver_moves.saturating_sub(1)))
        .saturating_add(150 * has(Theme::QuietMove))
        .saturating_add(100 * subtle)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(text: &str, m: &str) -> (Position, Move) {
        let mut pos = Position::from_text(text).unwrap();
        let m = pos.play_str(m).unwrap();
        (pos, m)
    }

    #[test]
    fn a_newborn_on_the_line_of_an_enemy_piece_blocks() {
        // Black's baby on a1 sees White's queen on d4 along the diagonal.
        let text = "9q2/12/12/12/12/12/12/12/3Q8/12/12/b11 w 10 10 40 20 -";
        let (pos, m) = after(text, "d4-f6");
        assert!(birth_blocks(&pos, m), "d4-f6 leaves d4 between a1 and f6");
        let (pos, m) = after(text, "d4-d8");
        assert!(!birth_blocks(&pos, m), "nothing behind d4 on the d-file");
    }

    #[test]
    fn a_queen_with_every_escape_seen_is_trapped() {
        // Black's queen on a12 of height 2 may only capture (R5.2); White's baby on b11 is
        // guarded by the baby on c10, so taking it loses the queen.
        let trapped = "q11/1B10/2B9/12/12/12/12/12/12/12/12/6Q5 b 10 2 40 20 -";
        assert!(queen_trapped(
            &Position::from_text(trapped).unwrap(),
            Color::Black
        ));
        // Without the guard, the queen takes b11 safely.
        let free = "q11/1B10/12/12/12/12/12/12/12/12/12/6Q5 b 10 2 40 20 -";
        assert!(!queen_trapped(
            &Position::from_text(free).unwrap(),
            Color::Black
        ));
    }

    #[test]
    fn rating_grows_with_the_line() {
        let pos = Position::start(crate::GameOptions::default());
        let one = vec![pos.legal_moves()[0]];
        assert_eq!(rating(&one, &[Theme::QueenCapture, Theme::OneMove]), 1000);
        let three = vec![one[0]; 3];
        let themes = [Theme::TrappedQueen, Theme::QuietMove, Theme::Short];
        assert_eq!(rating(&three, &themes), 1000 + 250 + 150 + 100);
    }
}
