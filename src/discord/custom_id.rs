//! The `custom_id` codec: every button the bot posts says what it does in its `custom_id`
//! (`action:field:field`), so clicks are routed statelessly and keep working after a restart.
//!
//! Each action is declared once, in the table of [`ComponentId`]: the word that names it and its
//! fields in order. Writing and reading are both generated from that line, each field through
//! its type's `Field` impl, so the two directions cannot disagree. The format is a contract with
//! every button already posted in Discord: an action's word, its fields and their order never
//! change, and a field added later must be one that may be left out, at the end.

use std::fmt;
use std::str::FromStr;

use monkey_queen_core::Square;

use crate::model::{ChallengeId, Day, GameId, PuzzleId, TournamentId, UserId};

/// The largest board: squares in a `custom_id` are read on it, and checked against the
/// game's own size where they are used.
const MAX_BOARD: u8 = 16;

/// Discord's limit on a component's `custom_id` length.
pub const MAX_LEN: usize = 100;

/// Declares [`ComponentId`] from a table of `Variant = "action" { field: Type, … }` (the
/// braces left out for an action without fields), and generates from it the enum, its
/// `Display` (the action, then every field after a `:`) and its `FromStr` (the action, the
/// number of fields, then every field in order).
macro_rules! component_ids {
    (@read $fields:ident, $variant:ident { $($field:ident: $ty:ty),* }) => {{
        let mut fields = Fields::new(
            &$fields,
            0 $(+ <$ty as Field>::MIN)*,
            0 $(+ <$ty as Field>::MAX)*,
        )?;
        Ok(ComponentId::$variant {
            $($field: Field::read(&mut fields)?),*
        })
    }};
    (@read $fields:ident, $variant:ident) => {{
        Fields::new(&$fields, 0, 0)?;
        Ok(ComponentId::$variant)
    }};
    ($(
        $(#[$doc:meta])*
        $variant:ident = $action:literal $({
            $($(#[$field_doc:meta])* $field:ident: $ty:ty),* $(,)?
        })?
    ),+ $(,)?) => {
        /// What a button click asks for, decoded from its `custom_id`.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum ComponentId {
            $(
                $(#[$doc])*
                #[doc = concat!(
                    "\n\nWritten `", $action, $($(":<", stringify!($field), ">",)*)? "`."
                )]
                $variant $({ $($(#[$field_doc])* $field: $ty),* })?,
            )+
        }

        $(
            const _: () = assert!(
                only_the_last_may_be_left_out(&[
                    $($((<$ty as Field>::MIN, <$ty as Field>::MAX)),*)?
                ]),
                concat!("only the last field of `", $action, "` may be left out"),
            );
        )+

        impl ComponentId {
            /// The word before the first `:`, which names the action.
            fn action(&self) -> &'static str {
                match self {
                    $(ComponentId::$variant { .. } => $action,)+
                }
            }
        }

        /// Every action's word, in the order declared.
        #[cfg(test)]
        const ACTIONS: &[&str] = &[$($action),+];

        impl fmt::Display for ComponentId {
            fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
                out.write_str(self.action())?;
                match self {
                    $(ComponentId::$variant $({ $($field),* })? => {
                        $($(Field::write($field, out)?;)*)?
                    })+
                }
                Ok(())
            }
        }

        impl FromStr for ComponentId {
            type Err = CustomIdError;

            fn from_str(text: &str) -> Result<ComponentId, CustomIdError> {
                let mut parts = text.split(':');
                let action = parts.next().unwrap_or_default();
                let fields: Vec<&str> = parts.collect();
                match action {
                    $($action => component_ids!(@read fields, $variant $({ $($field: $ty),* })?),)+
                    _ => Err(CustomIdError::UnknownAction),
                }
            }
        }
    };
}

component_ids! {
    /// Accept a challenge.
    Accept = "accept" {
        /// The challenge.
        challenge: ChallengeId,
    },
    /// Decline a challenge.
    Decline = "decline" {
        /// The challenge.
        challenge: ChallengeId,
    },
    /// Withdraw one's own challenge.
    Cancel = "cancel" {
        /// The challenge.
        challenge: ChallengeId,
    },
    /// The Resign button of a board message, which asks for confirmation.
    Resign = "resign" {
        /// The game.
        game: GameId,
        /// The game's ply when the button was made; a later ply makes the click stale.
        ply: u32,
    },
    /// Claim the win of a game the other player left.
    ClaimWin = "claim" {
        /// The game.
        game: GameId,
        /// The game's ply when the button was made.
        ply: u32,
    },
    /// Call off a game the other player left.
    CallOff = "calloff" {
        /// The game.
        game: GameId,
        /// The game's ply when the button was made.
        ply: u32,
    },
    /// Confirm resigning at the position the question was asked in.
    ConfirmResign = "resign-yes" {
        /// The game.
        game: GameId,
        /// The game's ply when the question was asked.
        ply: u32,
    },
    /// The Move button of a board: pick a piece, then where it goes, instead of typing.
    Move = "move" {
        /// The game.
        game: GameId,
        /// The game's ply when the button was made; a later ply makes the click stale.
        ply: u32,
    },
    /// A menu of the pieces that can move (a part for each menu of at most 25 pieces, keeping
    /// the ids of one message apart). The chosen option's value is the piece's square, or
    /// `swap`.
    PickPiece = "pick" {
        /// The game.
        game: GameId,
        /// The game's ply when the menu was made.
        ply: u32,
        /// Which of the message's menus it is.
        part: u8,
    },
    /// A menu of the destinations of the piece on `from`. The chosen option's value is the
    /// square.
    PickDestination = "pick-to" {
        /// The game.
        game: GameId,
        /// The game's ply when the menu was made.
        ply: u32,
        /// The square of the piece that moves.
        from: Square,
        /// Which of the message's menus it is.
        part: u8,
    },
    /// Open the Activity (the game page inside Discord) on a game.
    PlayOnBoard = "board" {
        /// The game.
        game: GameId,
    },
    /// Post the animated replay of a game.
    Replay = "replay" {
        /// The game.
        game: GameId,
    },
    /// Offer the other player a rematch of a finished game.
    Rematch = "rematch" {
        /// The game.
        game: GameId,
    },
    /// Post the engine's analysis of a finished game.
    Analyse = "analyse" {
        /// The game.
        game: GameId,
    },
    /// Show another page of a leaderboard.
    Leaderboard = "leaderboard" {
        /// Which players the board ranks.
        ranking: Ranking,
        /// The 0-based page to show.
        page: u32,
        /// Which arrow it is; it keeps the two arrows' ids apart when they lead to the same
        /// page (a disabled arrow).
        arrow: Arrow,
        /// The person the list answered, whose clicks turn its message; anyone else's get a
        /// page of their own. `None` on a button posted before buttons named them (written
        /// without the field): every click on it gets a page of its own.
        viewer: Option<UserId>,
    },
    /// Show another page of a player's finished games.
    History = "history" {
        /// Whose games.
        user: UserId,
        /// The 0-based page to show.
        page: u32,
        /// Which arrow it is (see [`ComponentId::Leaderboard`]).
        arrow: Arrow,
        /// The person the list answered (see [`ComponentId::Leaderboard`]).
        viewer: Option<UserId>,
    },
    /// Show another page of the clicker's games in progress.
    Games = "games" {
        /// The 0-based page to show.
        page: u32,
        /// Which arrow it is (see [`ComponentId::Leaderboard`]).
        arrow: Arrow,
    },
    /// Sign up for a tournament.
    JoinTournament = "tournament-join" {
        /// The tournament.
        tournament: TournamentId,
    },
    /// Leave a tournament.
    LeaveTournament = "tournament-leave" {
        /// The tournament.
        tournament: TournamentId,
    },
    /// The Move button of a puzzle.
    PuzzleMove = "puzzle-move" {
        /// The puzzle as the button was made.
        at: PuzzleAt,
    },
    /// A menu of the pieces that can move in a puzzle.
    PuzzlePiece = "puzzle-pick" {
        /// The puzzle as the menu was made.
        at: PuzzleAt,
        /// Which of the message's menus it is.
        part: u8,
    },
    /// A menu of the destinations of the piece on `from` in a puzzle.
    PuzzleDestination = "puzzle-to" {
        /// The puzzle as the menu was made.
        at: PuzzleAt,
        /// The square of the piece that moves.
        from: Square,
        /// Which of the message's menus it is.
        part: u8,
    },
    /// Give a puzzle up and see its solution.
    PuzzleSolution = "puzzle-solution" {
        /// The puzzle as the button was made.
        at: PuzzleAt,
    },
    /// The Solve button of a daily puzzle's post: today's daily puzzle for the clicker.
    DailyPuzzle = "puzzle-daily",
    /// The Move button of a lesson (`/learn`).
    LearnMove = "learn-move" {
        /// The clicker's step in the lessons when the button was made.
        step: u32,
    },
    /// A menu of the pieces that can move in a lesson's exercise.
    LearnPiece = "learn-pick" {
        /// The clicker's step in the lessons when the menu was made.
        step: u32,
        /// Which of the message's menus it is.
        part: u8,
    },
    /// A menu of the squares the piece on `from` may go to, or be tried on, in a lesson.
    LearnDestination = "learn-to" {
        /// The clicker's step in the lessons when the menu was made.
        step: u32,
        /// The square of the piece that moves.
        from: Square,
        /// Which of the message's menus it is.
        part: u8,
    },
    /// Show another page of the server's tournaments.
    Tournaments = "tournaments" {
        /// The 0-based page to show.
        page: u32,
        /// Which arrow it is (see [`ComponentId::Leaderboard`]).
        arrow: Arrow,
        /// The person the list answered (see [`ComponentId::Leaderboard`]).
        viewer: Option<UserId>,
    },
}

/// A puzzle attempt as a button saw it, written `<puzzle>:<day>:<step>`: the puzzle, the
/// daily puzzle's day as its code `YYYYMMDD` (0 for a `/puzzle` one), and the plies played (a
/// later step makes the click stale).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PuzzleAt {
    /// The puzzle.
    pub puzzle: PuzzleId,
    /// The daily puzzle's day, for an attempt at that.
    pub day: Option<Day>,
    /// Plies of the solution played when the button was made.
    pub step: u32,
}

impl Field for PuzzleAt {
    const MIN: usize = 3;

    fn write(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.puzzle.write(out)?;
        self.day.map_or(0, Day::code).write(out)?;
        self.step.write(out)
    }

    fn read(fields: &mut Fields<'_>) -> Result<PuzzleAt, CustomIdError> {
        let puzzle = Field::read(fields)?;
        let day = match u32::read(fields)? {
            0 => None,
            code => Some(Day::from_code(code).map_err(|_| CustomIdError::BadNumber)?),
        };
        let step = Field::read(fields)?;
        Ok(PuzzleAt { puzzle, day, step })
    }
}

/// Declares an enum a `custom_id` holds as one of a fixed set of words, and its `Field` impl.
macro_rules! word_field {
    (
        $(#[$doc:meta])*
        $name:ident { $($(#[$variant_doc:meta])* $variant:ident = $word:literal),+ $(,)? }
    ) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$variant_doc])* $variant),+
        }

        impl Field for $name {
            const MIN: usize = 1;

            fn write(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
                out.write_str(match self {
                    $($name::$variant => concat!(":", $word)),+
                })
            }

            fn read(fields: &mut Fields<'_>) -> Result<$name, CustomIdError> {
                match fields.field()? {
                    $($word => Ok($name::$variant),)+
                    _ => Err(CustomIdError::BadWord),
                }
            }
        }
    };
}

word_field! {
    /// Which players a leaderboard ranks.
    Ranking {
        /// The server the button was clicked in.
        Server = "server",
        /// Everyone.
        Global = "global",
    }
}

word_field! {
    /// One of the two paging buttons.
    Arrow {
        /// ◀: the page before.
        Prev = "prev",
        /// ▶: the page after.
        Next = "next",
    }
}

/// Why a `custom_id` is not one of ours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CustomIdError {
    /// The part before the first `:` names no action.
    UnknownAction,
    /// The action takes a different number of fields.
    FieldCount,
    /// A field is not a number in range.
    BadNumber,
    /// A field is not one of the words the action takes.
    BadWord,
}

impl fmt::Display for CustomIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CustomIdError::UnknownAction => "unknown component action",
            CustomIdError::FieldCount => "wrong number of fields for the component action",
            CustomIdError::BadNumber => "a component field is not a valid number",
            CustomIdError::BadWord => "a component field is not a known word",
        })
    }
}

impl std::error::Error for CustomIdError {}

/// A value a `custom_id` holds in one or more of its `:`-separated fields.
trait Field: Sized {
    /// The fewest fields it takes.
    const MIN: usize;
    /// The most fields it takes: more than [`Field::MIN`] only for a value that may be left
    /// out, which only the last field of an action may be.
    const MAX: usize = Self::MIN;

    /// Writes the value's fields, each after a `:`.
    fn write(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result;

    /// Reads the value from the next fields.
    fn read(fields: &mut Fields<'_>) -> Result<Self, CustomIdError>;
}

/// The fields of a `custom_id` after its action, read in order.
struct Fields<'a>(std::slice::Iter<'a, &'a str>);

impl<'a> Fields<'a> {
    /// `fields`, when an action taking `min..=max` fields may have that many.
    fn new(fields: &'a [&'a str], min: usize, max: usize) -> Result<Fields<'a>, CustomIdError> {
        if (min..=max).contains(&fields.len()) {
            Ok(Fields(fields.iter()))
        } else {
            Err(CustomIdError::FieldCount)
        }
    }

    /// The next field.
    fn field(&mut self) -> Result<&'a str, CustomIdError> {
        self.0.next().copied().ok_or(CustomIdError::FieldCount)
    }

    /// Whether every field has been read.
    fn is_empty(&self) -> bool {
        self.0.len() == 0
    }
}

/// Whether only the last of an action's fields, given as their `(MIN, MAX)`, may be left out:
/// reading takes a field that may be left out whenever any is left.
const fn only_the_last_may_be_left_out(widths: &[(usize, usize)]) -> bool {
    let mut i = 0;
    while i + 1 < widths.len() {
        if widths[i].0 != widths[i].1 {
            return false;
        }
        i += 1;
    }
    true
}

/// A field left out when there is no value: buttons written before it existed still read.
impl<T: Field> Field for Option<T> {
    const MIN: usize = 0;
    const MAX: usize = T::MAX;

    fn write(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Some(value) => value.write(out),
            None => Ok(()),
        }
    }

    fn read(fields: &mut Fields<'_>) -> Result<Option<T>, CustomIdError> {
        if fields.is_empty() {
            Ok(None)
        } else {
            T::read(fields).map(Some)
        }
    }
}

/// `Field` for numbers, written in decimal.
macro_rules! number_field {
    ($($ty:ty),+) => {$(
        impl Field for $ty {
            const MIN: usize = 1;

            fn write(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(out, ":{self}")
            }

            fn read(fields: &mut Fields<'_>) -> Result<$ty, CustomIdError> {
                number(fields.field()?)
            }
        }
    )+};
}

number_field!(u8, u32);

/// `Field` for the ids, written as their number (the id's own `Display` is not the contract).
macro_rules! id_field {
    ($($id:ident),+) => {$(
        impl Field for $id {
            const MIN: usize = 1;

            fn write(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(out, ":{}", self.0)
            }

            fn read(fields: &mut Fields<'_>) -> Result<$id, CustomIdError> {
                number(fields.field()?).map($id)
            }
        }
    )+};
}

id_field!(ChallengeId, GameId, PuzzleId, TournamentId, UserId);

impl Field for Square {
    const MIN: usize = 1;

    fn write(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(out, ":{self}")
    }

    fn read(fields: &mut Fields<'_>) -> Result<Square, CustomIdError> {
        square(fields.field()?)
    }
}

/// A decimal number written the way [`ComponentId`]'s `Display` writes the bot's ids (no sign,
/// no padding; ids and plies are never negative).
fn number<T: FromStr + ToString>(field: &str) -> Result<T, CustomIdError> {
    let value: T = field.parse().map_err(|_| CustomIdError::BadNumber)?;
    if !field.starts_with('-') && value.to_string() == field {
        Ok(value)
    } else {
        Err(CustomIdError::BadNumber)
    }
}

/// A square written the way [`ComponentId`]'s `Display` writes it (`g1`), on any board size.
fn square(field: &str) -> Result<Square, CustomIdError> {
    match Square::parse(field, MAX_BOARD) {
        Ok(square) if square.to_string() == field => Ok(square),
        _ => Err(CustomIdError::BadWord),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    /// An attempt at the daily puzzle of 2023-11-14.
    fn at() -> PuzzleAt {
        PuzzleAt {
            puzzle: PuzzleId(7),
            day: "2023-11-14".parse().ok(),
            step: 2,
        }
    }

    fn examples() -> Vec<(ComponentId, &'static str)> {
        vec![
            (
                ComponentId::Accept {
                    challenge: ChallengeId(17),
                },
                "accept:17",
            ),
            (
                ComponentId::Decline {
                    challenge: ChallengeId(17),
                },
                "decline:17",
            ),
            (
                ComponentId::Cancel {
                    challenge: ChallengeId(9),
                },
                "cancel:9",
            ),
            (
                ComponentId::Resign {
                    game: GameId(5),
                    ply: 12,
                },
                "resign:5:12",
            ),
            (
                ComponentId::ConfirmResign {
                    game: GameId(5),
                    ply: 12,
                },
                "resign-yes:5:12",
            ),
            (ComponentId::PlayOnBoard { game: GameId(8) }, "board:8"),
            (ComponentId::Replay { game: GameId(8) }, "replay:8"),
            (
                ComponentId::ClaimWin {
                    game: GameId(5),
                    ply: 12,
                },
                "claim:5:12",
            ),
            (
                ComponentId::CallOff {
                    game: GameId(5),
                    ply: 12,
                },
                "calloff:5:12",
            ),
            (
                ComponentId::Move {
                    game: GameId(5),
                    ply: 12,
                },
                "move:5:12",
            ),
            (
                ComponentId::PickPiece {
                    game: GameId(5),
                    ply: 12,
                    part: 1,
                },
                "pick:5:12:1",
            ),
            (
                ComponentId::PickDestination {
                    game: GameId(5),
                    ply: 12,
                    from: Square::parse("p16", 16).unwrap(),
                    part: 0,
                },
                "pick-to:5:12:p16:0",
            ),
            (ComponentId::Rematch { game: GameId(8) }, "rematch:8"),
            (ComponentId::Analyse { game: GameId(8) }, "analyse:8"),
            (
                ComponentId::Leaderboard {
                    ranking: Ranking::Server,
                    page: 0,
                    arrow: Arrow::Prev,
                    viewer: Some(UserId(42)),
                },
                "leaderboard:server:0:prev:42",
            ),
            (
                ComponentId::Leaderboard {
                    ranking: Ranking::Global,
                    page: 3,
                    arrow: Arrow::Next,
                    viewer: Some(UserId(1_200_000_000_000_000_001)),
                },
                "leaderboard:global:3:next:1200000000000000001",
            ),
            // Posted before buttons named their viewer.
            (
                ComponentId::Leaderboard {
                    ranking: Ranking::Global,
                    page: 3,
                    arrow: Arrow::Next,
                    viewer: None,
                },
                "leaderboard:global:3:next",
            ),
            (
                ComponentId::History {
                    user: UserId(1_200_000_000_000_000_001),
                    page: 0,
                    arrow: Arrow::Prev,
                    viewer: Some(UserId(1_200_000_000_000_000_002)),
                },
                "history:1200000000000000001:0:prev:1200000000000000002",
            ),
            (
                ComponentId::History {
                    user: UserId(7),
                    page: 2,
                    arrow: Arrow::Next,
                    viewer: None,
                },
                "history:7:2:next",
            ),
            (
                ComponentId::Games {
                    page: 4,
                    arrow: Arrow::Prev,
                },
                "games:4:prev",
            ),
            (
                ComponentId::JoinTournament {
                    tournament: TournamentId(3),
                },
                "tournament-join:3",
            ),
            (
                ComponentId::LeaveTournament {
                    tournament: TournamentId(3),
                },
                "tournament-leave:3",
            ),
            (
                ComponentId::Tournaments {
                    page: 2,
                    arrow: Arrow::Next,
                    viewer: Some(UserId(42)),
                },
                "tournaments:2:next:42",
            ),
            (
                ComponentId::Tournaments {
                    page: 2,
                    arrow: Arrow::Prev,
                    viewer: None,
                },
                "tournaments:2:prev",
            ),
            (
                ComponentId::PuzzleMove { at: at() },
                "puzzle-move:7:20231114:2",
            ),
            (
                ComponentId::PuzzlePiece { at: at(), part: 1 },
                "puzzle-pick:7:20231114:2:1",
            ),
            (
                ComponentId::PuzzleDestination {
                    at: at(),
                    from: Square::parse("g1", 12).unwrap(),
                    part: 0,
                },
                "puzzle-to:7:20231114:2:g1:0",
            ),
            (
                ComponentId::PuzzleSolution { at: at() },
                "puzzle-solution:7:20231114:2",
            ),
            (
                ComponentId::PuzzleSolution {
                    at: PuzzleAt {
                        day: None,
                        step: 0,
                        ..at()
                    },
                },
                "puzzle-solution:7:0:0",
            ),
            (ComponentId::DailyPuzzle, "puzzle-daily"),
            (ComponentId::LearnMove { step: 4 }, "learn-move:4"),
            (
                ComponentId::LearnPiece { step: 4, part: 0 },
                "learn-pick:4:0",
            ),
            (
                ComponentId::LearnDestination {
                    step: 4,
                    from: Square::parse("c4", 12).unwrap(),
                    part: 1,
                },
                "learn-to:4:c4:1",
            ),
        ]
    }

    #[test]
    fn formats_and_parses_every_action() {
        for (id, text) in examples() {
            assert_eq!(id.to_string(), text);
            assert_eq!(text.parse::<ComponentId>(), Ok(id));
        }
    }

    #[test]
    fn every_declared_action_round_trips() {
        let examples = examples();
        for &action in ACTIONS {
            let of_action: Vec<_> = examples
                .iter()
                .filter(|(id, _)| id.action() == action)
                .collect();
            assert!(!of_action.is_empty(), "no example of {action:?}");
            for (id, text) in of_action {
                let written = id.to_string();
                assert_eq!(&written, text);
                assert_eq!(written.split(':').next(), Some(action));
                assert_eq!(written.parse::<ComponentId>(), Ok(*id), "{written:?}");
            }
        }
    }

    #[test]
    fn actions_are_distinct_words_without_colons() {
        let distinct: HashSet<&str> = ACTIONS.iter().copied().collect();
        assert_eq!(distinct.len(), ACTIONS.len(), "{ACTIONS:?}");
        for action in ACTIONS {
            assert!(!action.is_empty() && !action.contains(':'), "{action:?}");
        }
    }

    #[test]
    fn only_an_actions_last_field_may_be_left_out() {
        assert!(only_the_last_may_be_left_out(&[]));
        assert!(only_the_last_may_be_left_out(&[(1, 1), (3, 3), (0, 1)]));
        assert!(!only_the_last_may_be_left_out(&[(0, 1), (1, 1)]));
    }

    #[test]
    fn the_largest_ids_fit_discords_limit_and_round_trip() {
        let id = ComponentId::Resign {
            game: GameId(i64::MAX),
            ply: u32::MAX,
        };
        let text = id.to_string();
        assert!(text.len() <= MAX_LEN);
        assert_eq!(text.parse::<ComponentId>(), Ok(id));
        let id = ComponentId::Leaderboard {
            ranking: Ranking::Global,
            page: u32::MAX,
            arrow: Arrow::Next,
            viewer: Some(UserId(u64::MAX)),
        };
        assert!(id.to_string().len() <= MAX_LEN);
        assert_eq!(id.to_string().parse::<ComponentId>(), Ok(id));
        let id = ComponentId::History {
            user: UserId(u64::MAX),
            page: u32::MAX,
            arrow: Arrow::Prev,
            viewer: Some(UserId(u64::MAX)),
        };
        assert!(id.to_string().len() <= MAX_LEN);
        assert_eq!(id.to_string().parse::<ComponentId>(), Ok(id));
        let id = ComponentId::PickDestination {
            game: GameId(i64::MAX),
            ply: u32::MAX,
            from: Square::parse("p16", 16).unwrap(),
            part: u8::MAX,
        };
        assert!(id.to_string().len() <= MAX_LEN);
        assert_eq!(id.to_string().parse::<ComponentId>(), Ok(id));
        let id = ComponentId::PuzzleDestination {
            at: PuzzleAt {
                puzzle: PuzzleId(i64::MAX),
                day: "9999-12-31".parse().ok(),
                step: u32::MAX,
            },
            from: Square::parse("p16", 16).unwrap(),
            part: u8::MAX,
        };
        assert!(id.to_string().len() <= MAX_LEN);
        assert_eq!(id.to_string().parse::<ComponentId>(), Ok(id));
    }

    #[test]
    fn rejects_what_it_did_not_write() {
        let cases = [
            ("", CustomIdError::UnknownAction),
            ("moves:1", CustomIdError::UnknownAction),
            ("move:1", CustomIdError::FieldCount),
            ("pick-to:5:12:q1:0", CustomIdError::BadWord),
            ("pick-to:5:12:G1:0", CustomIdError::BadWord),
            ("pick-to:5:12:g01:0", CustomIdError::BadWord),
            ("pick:5:12:256", CustomIdError::BadNumber),
            ("ACCEPT:1", CustomIdError::UnknownAction),
            ("accept", CustomIdError::FieldCount),
            ("accept:1:2", CustomIdError::FieldCount),
            ("resign:5", CustomIdError::FieldCount),
            ("resign:5:12:1", CustomIdError::FieldCount),
            ("accept:", CustomIdError::BadNumber),
            ("accept:x", CustomIdError::BadNumber),
            ("accept:+1", CustomIdError::BadNumber),
            ("accept:01", CustomIdError::BadNumber),
            ("accept:-1", CustomIdError::BadNumber),
            ("replay:-0", CustomIdError::BadNumber),
            ("resign:5:-1", CustomIdError::BadNumber),
            ("replay", CustomIdError::FieldCount),
            ("board:1:2", CustomIdError::FieldCount),
            ("rematch:x", CustomIdError::BadNumber),
            ("analyse", CustomIdError::FieldCount),
            ("analyse:8:1", CustomIdError::FieldCount),
            ("analyse:-8", CustomIdError::BadNumber),
            ("leaderboard:server:1", CustomIdError::FieldCount),
            ("leaderboard:world:1:next", CustomIdError::BadWord),
            ("leaderboard:server:1:up", CustomIdError::BadWord),
            ("leaderboard:Server:1:next", CustomIdError::BadWord),
            ("history:7:1", CustomIdError::FieldCount),
            ("history:7:1:next:1:2", CustomIdError::FieldCount),
            ("history:7:1:next:", CustomIdError::BadNumber),
            ("history:7:1:next:x", CustomIdError::BadNumber),
            ("history:7:1:next:-1", CustomIdError::BadNumber),
            ("leaderboard:server:1:next:01", CustomIdError::BadNumber),
            ("leaderboard:server:1:next:1:2", CustomIdError::FieldCount),
            ("history:x:1:next", CustomIdError::BadNumber),
            ("history:-7:1:next", CustomIdError::BadNumber),
            ("history:7:-1:next", CustomIdError::BadNumber),
            (
                "history:18446744073709551616:0:next",
                CustomIdError::BadNumber,
            ),
            ("history:7:4294967296:next", CustomIdError::BadNumber),
            ("history:7:1:down", CustomIdError::BadWord),
            ("tournament-join", CustomIdError::FieldCount),
            ("tournament-join:-3", CustomIdError::BadNumber),
            ("tournament-leave:3:1", CustomIdError::FieldCount),
            ("tournaments:1", CustomIdError::FieldCount),
            ("tournaments:1:up:7", CustomIdError::BadWord),
            ("puzzle-move:7:0", CustomIdError::FieldCount),
            ("puzzle-move:7:x:0", CustomIdError::BadNumber),
            ("puzzle-move:7:20231399:0", CustomIdError::BadNumber),
            ("puzzle-move:7:20230229:0", CustomIdError::BadNumber),
            ("puzzle-move:7:2023-11-14:0", CustomIdError::BadNumber),
            ("puzzle-move:7:020231114:0", CustomIdError::BadNumber),
            ("puzzle-move:7:4294967296:0", CustomIdError::BadNumber),
            ("puzzle-to:7:0:0:z9:0", CustomIdError::BadWord),
            ("puzzle-daily:1", CustomIdError::FieldCount),
        ];
        for (text, error) in cases {
            assert_eq!(text.parse::<ComponentId>(), Err(error), "{text:?}");
        }
    }
}
