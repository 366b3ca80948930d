//! The lessons' stages, as data: each teaches one rule on a few tiny exercises, most of them
//! in the 8×8 corner (files a–h, ranks 1–8) of the 12×12 board, then a few positions of the
//! puzzle set.

use monkey_queen_core::{Color, GameOptions, Piece, Position, Role, Setup, Square, WinReason};

/// What an exercise asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// Move the piece on `from` to one of `to` (any square it may go to when `to` is empty).
    Reach {
        /// The piece to move.
        from: &'static str,
        /// The marked squares.
        to: &'static [&'static str],
    },
    /// Capture a piece (any piece when `on` is empty).
    Capture {
        /// The pieces to take.
        on: &'static [&'static str],
    },
    /// Win with this move, this way.
    Win(WinReason),
    /// A puzzle's winning move, judged as puzzles are ([`crate::games::judge_move`]).
    Find {
        /// The puzzle's move.
        solution: &'static str,
    },
    /// Take the opponent's side by the pie rule.
    Swap,
}

/// One exercise: a position and what to do in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exercise {
    /// The position: either the engine's text form, or a short list: the side to move (`w`,
    /// `b`), then each piece as `Q20:d1` (a queen and its height) or `B:c3,e4` (babies).
    pub position: &'static str,
    /// What to do.
    pub goal: Goal,
}

impl Exercise {
    /// The exercise's position, built by the rules engine.
    ///
    /// # Panics
    /// Never for the stages shipped: a test builds every one.
    #[must_use]
    pub fn start(&self) -> Position {
        build(self.position).unwrap_or_else(|e| panic!("lesson position {}: {e}", self.position))
    }

    /// How many squares of the board a face shows: the 8×8 corner when every piece and
    /// every square the exercise names lies in it, else the whole board.
    #[must_use]
    pub fn shown_size(&self) -> u8 {
        let position = self.start();
        let in_corner = |sq: Square| sq.file() < CORNER && sq.rank() < CORNER;
        let named = match self.goal {
            Goal::Reach { from, to } => std::iter::once(from).chain(to.iter().copied()).collect(),
            Goal::Capture { on } => on.to_vec(),
            _ => Vec::new(),
        };
        let all_in = position.pieces().all(|(sq, _)| in_corner(sq))
            && named
                .iter()
                .filter_map(|s| Square::parse(s, position.size()).ok())
                .all(in_corner)
            && !matches!(self.goal, Goal::Find { .. } | Goal::Swap);
        if all_in { CORNER } else { position.size() }
    }
}

/// The side of the corner the early stages are played in.
pub const CORNER: u8 = 8;

/// A stage: one rule, a few exercises.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stage {
    /// Its name in addresses, stored progress and the texts' ids (`lesson-<id>-title`).
    pub id: &'static str,
    /// Its exercises, in order.
    pub exercises: &'static [Exercise],
}

impl Stage {
    /// The stage named `id`.
    #[must_use]
    pub fn by_id(id: &str) -> Option<&'static Stage> {
        STAGES.iter().find(|stage| stage.id == id)
    }
}

const fn ex(position: &'static str, goal: Goal) -> Exercise {
    Exercise { position, goal }
}

/// Every stage, in the order they are taught.
pub static STAGES: [Stage; 9] = [
    Stage {
        id: "queen",
        exercises: &[
            ex(
                "w Q20:d1 q20:h8",
                Goal::Reach {
                    from: "d1",
                    to: &["d6"],
                },
            ),
            ex(
                "w Q20:b2 q20:h7 B:b4",
                Goal::Reach {
                    from: "b2",
                    to: &["f6"],
                },
            ),
            ex(
                "w Q20:g3 q20:h8 B:g1,c3",
                Goal::Reach {
                    from: "g3",
                    to: &["b8"],
                },
            ),
        ],
    },
    Stage {
        id: "shrink",
        exercises: &[
            ex(
                "w Q4:c2 q20:h8",
                Goal::Reach {
                    from: "c2",
                    to: &["c6"],
                },
            ),
            ex(
                "w Q3:c6 q20:h8 B:c2",
                Goal::Reach {
                    from: "c6",
                    to: &["f6"],
                },
            ),
        ],
    },
    Stage {
        id: "queen-two",
        exercises: &[
            ex("w Q2:d4 q20:g8 B:c3 b:d7,a4", Goal::Capture { on: &[] }),
            ex("w Q2:f2 q20:h8 B:e1,g1 b:f5,b6", Goal::Capture { on: &[] }),
        ],
    },
    Stage {
        id: "baby",
        exercises: &[
            ex(
                "w Q20:b1 q20:g7 B:c4",
                Goal::Reach {
                    from: "c4",
                    to: &[],
                },
            ),
            ex(
                "w Q20:a1 q20:e8 B:f3",
                Goal::Reach {
                    from: "f3",
                    to: &[],
                },
            ),
        ],
    },
    Stage {
        id: "capture",
        exercises: &[
            ex("w Q20:e1 q20:h8 B:c3 b:a1", Goal::Capture { on: &["a1"] }),
            ex("w Q20:b3 q20:h8 B:d1 b:b6", Goal::Capture { on: &["b6"] }),
        ],
    },
    Stage {
        id: "take-queen",
        exercises: &[
            ex(
                "w Q20:a1 q20:g6 B:d3 b:f7,h5",
                Goal::Win(WinReason::QueenCaptured),
            ),
            ex(
                "w Q20:c1 q20:f8 B:b4 b:c6,f5",
                Goal::Win(WinReason::QueenCaptured),
            ),
        ],
    },
    Stage {
        id: "no-moves",
        exercises: &[
            ex("w Q20:b1 q2:h8 B:h4", Goal::Win(WinReason::NoLegalMoves)),
            ex("w Q20:g1 q2:a8 B:d5", Goal::Win(WinReason::NoLegalMoves)),
        ],
    },
    Stage {
        id: "pie",
        exercises: &[ex(
            "5q6/12/12/12/12/12/6Q5/12/12/12/12/6B5 b 19 20 1 20 pie",
            Goal::Swap,
        )],
    },
    Stage {
        id: "puzzles",
        exercises: &[
            ex(
                "12/5b2b3/11b/b3B7/6B3B1/12/q10b/10B1/3B5B2/12/7B4/4Q7 w 13 15 16 20 -",
                Goal::Find { solution: "e9xa9" },
            ),
            ex(
                "5bq5/5bb5/b4bb5/Bb5b4/b1b9/12/12/7B1B2/3B8/8B3/10B1/3B2B1B2Q w 6 5 46 20 -",
                Goal::Find { solution: "d4-l12" },
            ),
            ex(
                "5b6/2B9/2b8b/B11/9b1q/1b8bb/3BB3BB2/12/6Q5/2b9/1b10/6B1B3 b 12 11 19 20 -",
                Goal::Find { solution: "j8-g5" },
            ),
        ],
    },
];

/// Why a lesson position can't be built (only ever a mistake in [`STAGES`]).
fn build(spec: &str) -> Result<Position, String> {
    if spec.contains('/') {
        return Position::from_text(spec).map_err(|e| e.to_string());
    }
    let mut words = spec.split_whitespace();
    let turn = match words.next() {
        Some("w") => Color::White,
        Some("b") => Color::Black,
        other => return Err(format!("no side to move: {other:?}")),
    };
    let options = GameOptions::default();
    let mut pieces = Vec::new();
    let mut heights = [0; 2];
    for word in words {
        let (kind, squares) = word.split_once(':').ok_or("a piece without squares")?;
        let letter = kind.chars().next().ok_or("an empty piece")?;
        let piece = Piece::from_letter(letter).ok_or_else(|| format!("no piece {letter}"))?;
        if piece.role == Role::Queen {
            let height = kind[1..]
                .parse()
                .map_err(|_| format!("no height in {kind}"))?;
            heights[piece.color.index()] = height;
        }
        for square in squares.split(',') {
            let sq = Square::parse(square, options.size()).map_err(|e| e.to_string())?;
            pieces.push((sq, piece));
        }
    }
    Position::from_setup(&Setup {
        options,
        pieces,
        heights,
        turn,
        ply: 10,
    })
    .map_err(|e| e.to_string())
}
