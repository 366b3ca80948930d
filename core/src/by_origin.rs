//! The legal moves grouped by the piece that makes them, in the order a player reads them:
//! what a move picker (a menu of pieces, a page's tappable pieces) offers.

use crate::color::Role;
use crate::moves::Move;
use crate::position::Position;
use crate::square::Square;

/// The legal moves of one piece of the side to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceMoves {
    /// Where the piece stands.
    pub from: Square,
    /// Queen or baby.
    pub role: Role,
    /// Its legal moves, never empty: the capture of the enemy queen first (it wins, R7.1),
    /// then the other captures, then the rest; within each, by destination in the order of
    /// square names (file, then rank: `a1`, `a2`, …, `b1`).
    pub moves: Vec<Move>,
}

/// The legal moves of the side to move, grouped by the piece that makes them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MovesByOrigin {
    /// Whether the pie rule's swap is legal now (R8.1); it moves no piece.
    pub swap: bool,
    /// Every piece with a legal move: the queen first, then the babies in the order of their
    /// square names (file, then rank).
    pub pieces: Vec<PieceMoves>,
}

impl MovesByOrigin {
    /// The moves of the piece on `from`; `None` when no piece of the side to move stands
    /// there or it has no legal move.
    #[must_use]
    pub fn get(&self, from: Square) -> Option<&PieceMoves> {
        self.pieces.iter().find(|piece| piece.from == from)
    }
}

impl Position {
    /// The legal moves grouped by origin, in a stable order (see [`MovesByOrigin`]); empty
    /// once the game is over.
    #[must_use]
    pub fn moves_by_origin(&self) -> MovesByOrigin {
        let mut swap = false;
        let mut normal = Vec::new();
        for m in self.legal_moves() {
            match m {
                Move::Swap => swap = true,
                Move::Normal { role, from, .. } => normal.push((role, from, m)),
            }
        }
        normal.sort_by_key(|&(role, from, m)| (role != Role::Queen, by_name(from), order(m)));
        let mut pieces: Vec<PieceMoves> = Vec::new();
        for (role, from, m) in normal {
            match pieces.last_mut() {
                Some(piece) if piece.from == from => piece.moves.push(m),
                _ => pieces.push(PieceMoves {
                    from,
                    role,
                    moves: vec![m],
                }),
            }
        }
        MovesByOrigin { swap, pieces }
    }
}

/// A square's place in the order of square names: file, then rank.
fn by_name(sq: Square) -> (u8, u8) {
    (sq.file(), sq.rank())
}

/// A move's place among its piece's moves: queen captures, other captures, the rest; then by
/// destination.
fn order(m: Move) -> (u8, Option<(u8, u8)>) {
    let kind = match m {
        Move::Normal {
            capture: Some(Role::Queen),
            ..
        } => 0,
        m if m.is_capture() => 1,
        _ => 2,
    };
    (kind, m.to().map(by_name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::GameOptions;

    fn play(moves: &[&str]) -> Position {
        let mut pos = Position::start(GameOptions::default());
        for m in moves {
            pos.play_str(m).unwrap();
        }
        pos
    }

    #[test]
    fn every_legal_move_once_under_its_piece() {
        let pos = play(&["g1-g4", "f12-f9", "g4-c8", "f9-f6"]);
        let grouped = pos.moves_by_origin();
        let mut flat: Vec<Move> = grouped
            .pieces
            .iter()
            .flat_map(|piece| {
                assert!(!piece.moves.is_empty());
                assert!(piece.moves.iter().all(|m| m.from() == Some(piece.from)));
                assert_eq!(pos.piece_at(piece.from).map(|p| p.role), Some(piece.role));
                piece.moves.clone()
            })
            .collect();
        let mut legal = pos.legal_moves();
        flat.sort_by_key(|m| m.to_string());
        legal.sort_by_key(|m| m.to_string());
        assert_eq!(flat, legal);
        assert!(!grouped.swap);
    }

    #[test]
    fn the_queen_first_then_babies_by_name() {
        // White's babies stand on g1, g4 and c8 (R5.1), its queen on c4.
        let pos = play(&["g1-g4", "f12-f9", "g4-c8", "f9-f6", "c8-c4", "f6-f8"]);
        let origins: Vec<String> = pos
            .moves_by_origin()
            .pieces
            .iter()
            .map(|piece| piece.from.to_string())
            .collect();
        assert_eq!(origins, ["c4", "c8", "g1", "g4"]);
    }

    #[test]
    fn r7_1_the_queen_capture_first_then_captures_then_the_rest_by_name() {
        // White's queen on d4 sees Black's queen on d8 and Black's babies on b2 and h4 (R4.2);
        // White's babies stand on a4 and f2.
        let text = "12/12/12/12/3q8/12/12/12/B2Q3b4/12/1b3B6/12 w 10 10 20 20 -";
        let pos = Position::from_text(text).unwrap();
        let grouped = pos.moves_by_origin();
        let origins: Vec<String> = grouped.pieces.iter().map(|p| p.from.to_string()).collect();
        assert_eq!(origins, ["d4", "a4", "f2"]);
        let queen = grouped.get(Square::parse("d4", 12).unwrap()).unwrap();
        assert_eq!(queen.role, Role::Queen);
        let names: Vec<String> = queen.moves.iter().map(ToString::to_string).collect();
        assert_eq!(names[..4], ["d4xd8", "d4xb2", "d4xh4", "d4-a7"]);
        let quiet: Vec<(u8, u8)> = queen.moves[3..]
            .iter()
            .map(|m| by_name(m.to().unwrap()))
            .collect();
        assert!(quiet.is_sorted(), "{names:?}");
        assert_eq!(grouped.get(Square::parse("a1", 12).unwrap()), None);
    }

    #[test]
    fn r8_1_the_swap_is_apart_and_a_finished_game_has_nothing() {
        let mut pos = Position::start(GameOptions::new(12, 20, true).unwrap());
        pos.play_str("g1-g7").unwrap();
        let grouped = pos.moves_by_origin();
        assert!(grouped.swap);
        assert!(grouped.pieces.iter().all(|p| p.role == Role::Queen));
        let over = play(&["g1-g4", "f12-f9", "g4-g6", "f9-f7", "g6xf7"]);
        assert_eq!(over.moves_by_origin(), MovesByOrigin::default());
    }
}
