//! Errors, split by phase as a player meets them: text that can't be read ([`ParseError`])
//! versus a readable move the rules forbid here ([`IllegalMove`]).

use std::fmt;

use crate::square::Square;

/// Text that is not a move or square at all (R9).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseError {
    /// Nothing was typed.
    Empty,
    /// A square-like token that is not on the board, e.g. `z9` on a 12×12 board.
    NotASquare {
        /// The token as typed.
        text: String,
        /// The board size it was checked against.
        size: u8,
    },
    /// Not two squares, nor `swap`.
    Malformed(String),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Empty => f.write_str("no move given; write it like g1-g7"),
            ParseError::NotASquare { text, size } => {
                write!(f, "`{text}` is not a square on a {size}×{size} board")
            }
            ParseError::Malformed(text) => {
                write!(
                    f,
                    "`{text}` is not a move; write two squares like g1-g7, or swap"
                )
            }
        }
    }
}

impl std::error::Error for ParseError {}

/// A well-formed move that the rules do not allow in this position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalMove {
    /// R7: the game has ended; no more moves.
    GameOver,
    /// R1.1: a square of the move lies outside this game's board (e.g. `m7` on 12×12).
    OffBoard(Square),
    /// There is no piece on the origin square.
    NoPiece(Square),
    /// R4.1: the piece on the origin belongs to the opponent.
    NotYourPiece(Square),
    /// R4.2: origin and destination are the same square.
    SameSquare(Square),
    /// R4.2: the destination is not on a rank, file or diagonal of the origin.
    NotStraightLine {
        /// Where the piece stands.
        from: Square,
        /// Where it was asked to go.
        to: Square,
    },
    /// R4.2/R4.3: a piece stands between origin and destination.
    PathBlocked {
        /// Where the piece stands.
        from: Square,
        /// Where it was asked to go.
        to: Square,
        /// The first piece in the way.
        blocker: Square,
    },
    /// R4.3: the destination holds a piece of the mover's own side.
    OwnPiece(Square),
    /// R5.2: a queen of height 2 may only capture.
    QueenMustCapture(Square),
    /// R6.1: a baby's non-capturing move must end strictly closer to the enemy queen.
    BabyNotCloser {
        /// Where the baby stands.
        from: Square,
        /// Where it was asked to go.
        to: Square,
        /// The enemy queen's square.
        queen: Square,
        /// Squared distance from the origin to the enemy queen.
        before: u32,
        /// Squared distance from the destination to the enemy queen.
        after: u32,
    },
    /// R8.2: `swap` is only legal as the second ply of a game with the pie rule.
    SwapNotAllowed,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalMove::GameOver => f.write_str("the game is already over"),
            IllegalMove::OffBoard(sq) => write!(f, "{sq} is not on this board"),
            IllegalMove::NoPiece(sq) => write!(f, "there is no piece on {sq}"),
            IllegalMove::NotYourPiece(sq) => write!(f, "the piece on {sq} is not yours"),
            IllegalMove::SameSquare(sq) => write!(f, "a piece must leave its square ({sq})"),
            IllegalMove::NotStraightLine { from, to } => write!(
                f,
                "{from} to {to} is not a straight line; pieces move along ranks, files and diagonals"
            ),
            IllegalMove::PathBlocked { from, to, blocker } => {
                write!(
                    f,
                    "the way from {from} to {to} is blocked by the piece on {blocker}"
                )
            }
            IllegalMove::OwnPiece(sq) => write!(f, "{sq} holds one of your own pieces"),
            IllegalMove::QueenMustCapture(sq) => write!(
                f,
                "your queen on {sq} is only 2 tall: it may capture but not give birth"
            ),
            IllegalMove::BabyNotCloser {
                from,
                to,
                queen,
                before,
                after,
            } => write!(
                f,
                "a baby must move closer to the enemy queen on {queen}: \
                 {from} is √{before} from it, {to} would be √{after}"
            ),
            IllegalMove::SwapNotAllowed => f.write_str(
                "swap is only allowed as Black's first move in a game played with the pie rule",
            ),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// Either kind of move error, for callers that parse and play in one step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move.
    Parse(ParseError),
    /// The move is not legal here.
    Illegal(IllegalMove),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Parse(e) => e.fmt(f),
            MoveError::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for MoveError {}

impl From<ParseError> for MoveError {
    fn from(e: ParseError) -> Self {
        MoveError::Parse(e)
    }
}

impl From<IllegalMove> for MoveError {
    fn from(e: IllegalMove) -> Self {
        MoveError::Illegal(e)
    }
}

/// Why a position's text form or setup was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    /// The text does not have the expected fields.
    Syntax(String),
    /// The options are not allowed (R1.1, R3.3).
    Options(crate::OptionsError),
    /// A piece stands outside the board.
    OffBoard(Square),
    /// Two pieces stand on one square.
    Occupied(Square),
    /// R2.2: a side must have exactly one queen (none only once it was captured).
    QueenCount {
        /// The side.
        color: crate::Color,
        /// How many queens it has.
        count: usize,
    },
    /// R2.2/R5: a queen is at least 2 tall and at most 40; a captured queen has height 0.
    QueenHeight {
        /// The side.
        color: crate::Color,
        /// The height given.
        height: u8,
    },
    /// Both queens are missing: no game ends that way.
    NoQueens,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Syntax(msg) => write!(f, "not a position: {msg}"),
            SetupError::Options(e) => e.fmt(f),
            SetupError::OffBoard(sq) => write!(f, "{sq} is off the board"),
            SetupError::Occupied(sq) => write!(f, "two pieces on {sq}"),
            SetupError::QueenCount { color, count } => {
                write!(f, "{color} has {count} queens; a side has exactly one")
            }
            SetupError::QueenHeight { color, height } => {
                write!(f, "{color}'s queen cannot be {height} tall")
            }
            SetupError::NoQueens => f.write_str("both queens are missing"),
        }
    }
}

impl std::error::Error for SetupError {}

impl From<crate::OptionsError> for SetupError {
    fn from(e: crate::OptionsError) -> Self {
        SetupError::Options(e)
    }
}

/// Why a game record could not be read or replayed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordError {
    /// An options field is unknown or out of range.
    Options(String),
    /// The move at this ply (1-based) could not be read.
    Parse {
        /// 1-based ply number.
        ply: usize,
        /// Why.
        error: ParseError,
    },
    /// The move at this ply (1-based) is illegal in the position before it.
    Illegal {
        /// 1-based ply number.
        ply: usize,
        /// The move as written.
        text: String,
        /// Why.
        error: IllegalMove,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Options(msg) => write!(f, "bad game options: {msg}"),
            RecordError::Parse { ply, error } => write!(f, "ply {ply}: {error}"),
            RecordError::Illegal { ply, text, error } => write!(f, "ply {ply} ({text}): {error}"),
        }
    }
}

impl std::error::Error for RecordError {}
