//! The `custom_id` codec: every button the bot posts says what it does in its `custom_id`
//! (`action:field:field`), so clicks are routed statelessly and keep working after a restart.

use std::fmt;
use std::str::FromStr;

use monkey_queen_core::Square;

/// The largest board: squares in a `custom_id` are read on it, and checked against the
/// game's own size where they are used.
const MAX_BOARD: u8 = 16;

/// Discord's limit on a component's `custom_id` length.
pub const MAX_LEN: usize = 100;

/// What a button click asks for, decoded from its `custom_id`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ComponentId {
    /// Accept a challenge: `accept:<challenge_id>`.
    Accept {
        /// The challenge's id.
        challenge: i64,
    },
    /// Decline a challenge: `decline:<challenge_id>`.
    Decline {
        /// The challenge's id.
        challenge: i64,
    },
    /// Withdraw one's own challenge: `cancel:<challenge_id>`.
    Cancel {
        /// The challenge's id.
        challenge: i64,
    },
    /// The Resign button of a board message, which asks for confirmation:
    /// `resign:<game_id>:<ply>`.
    Resign {
        /// The game's id.
        game: i64,
        /// The game's ply when the button was made; a later ply makes the click stale.
        ply: u32,
    },
    /// Claim the win of a game the other player left: `claim:<game_id>:<ply>`.
    ClaimWin {
        /// The game's id.
        game: i64,
        /// The game's ply when the button was made.
        ply: u32,
    },
    /// Call off a game the other player left: `calloff:<game_id>:<ply>`.
    CallOff {
        /// The game's id.
        game: i64,
        /// The game's ply when the button was made.
        ply: u32,
    },
    /// Confirm resigning at the position the question was asked in: `resign-yes:<game_id>:<ply>`.
    ConfirmResign {
        /// The game's id.
        game: i64,
        /// The game's ply when the question was asked.
        ply: u32,
    },
    /// The Move button of a board: pick a piece, then where it goes, instead of typing:
    /// `move:<game_id>:<ply>`.
    Move {
        /// The game's id.
        game: i64,
        /// The game's ply when the button was made; a later ply makes the click stale.
        ply: u32,
    },
    /// A menu of the pieces that can move: `pick:<game_id>:<ply>:<part>` (a part for each
    /// menu of at most 25 pieces, keeping the ids of one message apart). The chosen option's
    /// value is the piece's square, or `swap`.
    PickPiece {
        /// The game's id.
        game: i64,
        /// The game's ply when the menu was made.
        ply: u32,
        /// Which of the message's menus it is.
        part: u8,
    },
    /// A menu of the destinations of the piece on `from`:
    /// `pick-to:<game_id>:<ply>:<from>:<part>`. The chosen option's value is the square.
    PickDestination {
        /// The game's id.
        game: i64,
        /// The game's ply when the menu was made.
        ply: u32,
        /// The square of the piece that moves.
        from: Square,
        /// Which of the message's menus it is.
        part: u8,
    },
    /// Open the Activity (the game page inside Discord) on a game: `board:<game_id>`.
    PlayOnBoard {
        /// The game's id.
        game: i64,
    },
    /// Post the animated replay of a game: `replay:<game_id>`.
    Replay {
        /// The game's id.
        game: i64,
    },
    /// Offer the other player a rematch of a finished game: `rematch:<game_id>`.
    Rematch {
        /// The game's id.
        game: i64,
    },
    /// Post the engine's analysis of a finished game: `analyse:<game_id>`.
    Analyse {
        /// The game's id.
        game: i64,
    },
    /// Show another page of a leaderboard:
    /// `leaderboard:<server|global>:<page>:<prev|next>:<viewer>`.
    Leaderboard {
        /// Which players the board ranks.
        ranking: Ranking,
        /// The 0-based page to show.
        page: u32,
        /// Which arrow it is; it keeps the two arrows' ids apart when they lead to the same
        /// page (a disabled arrow).
        arrow: Arrow,
        /// The person the list answered (a Discord user id), whose clicks turn its message;
        /// anyone else's get a page of their own. `None` on a button posted before buttons
        /// named them (written without the field): every click on it gets a page of its own.
        viewer: Option<u64>,
    },
    /// Show another page of a player's finished games:
    /// `history:<user_id>:<page>:<prev|next>:<viewer>`.
    History {
        /// Whose games (a Discord user id).
        user: u64,
        /// The 0-based page to show.
        page: u32,
        /// Which arrow it is (see [`ComponentId::Leaderboard`]).
        arrow: Arrow,
        /// The person the list answered (see [`ComponentId::Leaderboard`]).
        viewer: Option<u64>,
    },
    /// Show another page of the clicker's games in progress: `games:<page>:<prev|next>`.
    Games {
        /// The 0-based page to show.
        page: u32,
        /// Which arrow it is (see [`ComponentId::Leaderboard`]).
        arrow: Arrow,
    },
    /// Sign up for a tournament: `tournament-join:<tournament_id>`.
    JoinTournament {
        /// The tournament's id.
        tournament: i64,
    },
    /// Leave a tournament: `tournament-leave:<tournament_id>`.
    LeaveTournament {
        /// The tournament's id.
        tournament: i64,
    },
    /// The Move button of a puzzle: `puzzle-move:<puzzle>`.
    PuzzleMove(PuzzleAt),
    /// A menu of the pieces that can move in a puzzle: `puzzle-pick:<puzzle>:<part>`.
    PuzzlePiece {
        /// The puzzle as the menu was made.
        at: PuzzleAt,
        /// Which of the message's menus it is.
        part: u8,
    },
    /// A menu of the destinations of the piece on `from` in a puzzle:
    /// `puzzle-to:<puzzle>:<from>:<part>`.
    PuzzleDestination {
        /// The puzzle as the menu was made.
        at: PuzzleAt,
        /// The square of the piece that moves.
        from: Square,
        /// Which of the message's menus it is.
        part: u8,
    },
    /// Give a puzzle up and see its solution: `puzzle-solution:<puzzle>`.
    PuzzleSolution(PuzzleAt),
    /// The Solve button of a daily puzzle's post: today's daily puzzle for the clicker,
    /// `puzzle-daily`.
    DailyPuzzle,
    /// Show another page of the server's tournaments:
    /// `tournaments:<page>:<prev|next>:<viewer>`.
    Tournaments {
        /// The 0-based page to show.
        page: u32,
        /// Which arrow it is (see [`ComponentId::Leaderboard`]).
        arrow: Arrow,
        /// The person the list answered (see [`ComponentId::Leaderboard`]).
        viewer: Option<u64>,
    },
}

/// A puzzle attempt as a button saw it, written `<id>:<day>:<step>`: the puzzle, the daily
/// puzzle's day as `YYYYMMDD` (0 for a `/puzzle` one), and the plies played (a later step
/// makes the click stale).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PuzzleAt {
    /// The puzzle's number.
    pub puzzle: i64,
    /// The daily puzzle's day as `YYYYMMDD`, or 0.
    pub day: u32,
    /// Plies of the solution played when the button was made.
    pub step: u32,
}

impl fmt::Display for PuzzleAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.puzzle, self.day, self.step)
    }
}

impl PuzzleAt {
    /// Reads the three fields [`PuzzleAt`]'s `Display` writes.
    fn read([puzzle, day, step]: [&str; 3]) -> Result<PuzzleAt, CustomIdError> {
        Ok(PuzzleAt {
            puzzle: number(puzzle)?,
            day: number(day)?,
            step: number(step)?,
        })
    }
}

/// Which players a leaderboard ranks, as written in a `custom_id`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ranking {
    /// The server the button was clicked in.
    Server,
    /// Everyone.
    Global,
}

impl Ranking {
    fn word(self) -> &'static str {
        match self {
            Ranking::Server => "server",
            Ranking::Global => "global",
        }
    }
}

/// One of the two paging buttons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Arrow {
    /// ◀: the page before.
    Prev,
    /// ▶: the page after.
    Next,
}

impl Arrow {
    fn word(self) -> &'static str {
        match self {
            Arrow::Prev => "prev",
            Arrow::Next => "next",
        }
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

impl fmt::Display for ComponentId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ComponentId::Accept { challenge } => write!(f, "accept:{challenge}"),
            ComponentId::Decline { challenge } => write!(f, "decline:{challenge}"),
            ComponentId::Cancel { challenge } => write!(f, "cancel:{challenge}"),
            ComponentId::Resign { game, ply } => write!(f, "resign:{game}:{ply}"),
            ComponentId::ConfirmResign { game, ply } => write!(f, "resign-yes:{game}:{ply}"),
            ComponentId::ClaimWin { game, ply } => write!(f, "claim:{game}:{ply}"),
            ComponentId::CallOff { game, ply } => write!(f, "calloff:{game}:{ply}"),
            ComponentId::Move { game, ply } => write!(f, "move:{game}:{ply}"),
            ComponentId::PickPiece { game, ply, part } => write!(f, "pick:{game}:{ply}:{part}"),
            ComponentId::PickDestination {
                game,
                ply,
                from,
                part,
            } => write!(f, "pick-to:{game}:{ply}:{from}:{part}"),
            ComponentId::PlayOnBoard { game } => write!(f, "board:{game}"),
            ComponentId::Replay { game } => write!(f, "replay:{game}"),
            ComponentId::Rematch { game } => write!(f, "rematch:{game}"),
            ComponentId::Analyse { game } => write!(f, "analyse:{game}"),
            ComponentId::Leaderboard {
                ranking,
                page,
                arrow,
                viewer,
            } => {
                write!(f, "leaderboard:{}:{page}:{}", ranking.word(), arrow.word())?;
                write_viewer(f, *viewer)
            }
            ComponentId::History {
                user,
                page,
                arrow,
                viewer,
            } => {
                write!(f, "history:{user}:{page}:{}", arrow.word())?;
                write_viewer(f, *viewer)
            }
            ComponentId::Games { page, arrow } => write!(f, "games:{page}:{}", arrow.word()),
            ComponentId::JoinTournament { tournament } => {
                write!(f, "tournament-join:{tournament}")
            }
            ComponentId::LeaveTournament { tournament } => {
                write!(f, "tournament-leave:{tournament}")
            }
            ComponentId::Tournaments {
                page,
                arrow,
                viewer,
            } => {
                write!(f, "tournaments:{page}:{}", arrow.word())?;
                write_viewer(f, *viewer)
            }
            ComponentId::PuzzleMove(at) => write!(f, "puzzle-move:{at}"),
            ComponentId::PuzzlePiece { at, part } => write!(f, "puzzle-pick:{at}:{part}"),
            ComponentId::PuzzleDestination { at, from, part } => {
                write!(f, "puzzle-to:{at}:{from}:{part}")
            }
            ComponentId::PuzzleSolution(at) => write!(f, "puzzle-solution:{at}"),
            ComponentId::DailyPuzzle => f.write_str("puzzle-daily"),
        }
    }
}

impl FromStr for ComponentId {
    type Err = CustomIdError;

    fn from_str(text: &str) -> Result<ComponentId, CustomIdError> {
        let mut parts = text.split(':');
        let action = parts.next().unwrap_or_default();
        let fields: Vec<&str> = parts.collect();
        let id = match action {
            "accept" => {
                let [challenge] = fields_of(&fields)?;
                ComponentId::Accept {
                    challenge: number(challenge)?,
                }
            }
            "decline" => {
                let [challenge] = fields_of(&fields)?;
                ComponentId::Decline {
                    challenge: number(challenge)?,
                }
            }
            "cancel" => {
                let [challenge] = fields_of(&fields)?;
                ComponentId::Cancel {
                    challenge: number(challenge)?,
                }
            }
            "resign" => {
                let [game, ply] = fields_of(&fields)?;
                ComponentId::Resign {
                    game: number(game)?,
                    ply: number(ply)?,
                }
            }
            "claim" => {
                let [game, ply] = fields_of(&fields)?;
                ComponentId::ClaimWin {
                    game: number(game)?,
                    ply: number(ply)?,
                }
            }
            "calloff" => {
                let [game, ply] = fields_of(&fields)?;
                ComponentId::CallOff {
                    game: number(game)?,
                    ply: number(ply)?,
                }
            }
            "resign-yes" => {
                let [game, ply] = fields_of(&fields)?;
                ComponentId::ConfirmResign {
                    game: number(game)?,
                    ply: number(ply)?,
                }
            }
            "move" => {
                let [game, ply] = fields_of(&fields)?;
                ComponentId::Move {
                    game: number(game)?,
                    ply: number(ply)?,
                }
            }
            "pick" => {
                let [game, ply, part] = fields_of(&fields)?;
                ComponentId::PickPiece {
                    game: number(game)?,
                    ply: number(ply)?,
                    part: number(part)?,
                }
            }
            "pick-to" => {
                let [game, ply, from, part] = fields_of(&fields)?;
                ComponentId::PickDestination {
                    game: number(game)?,
                    ply: number(ply)?,
                    from: square(from)?,
                    part: number(part)?,
                }
            }
            "board" => {
                let [game] = fields_of(&fields)?;
                ComponentId::PlayOnBoard {
                    game: number(game)?,
                }
            }
            "replay" => {
                let [game] = fields_of(&fields)?;
                ComponentId::Replay {
                    game: number(game)?,
                }
            }
            "rematch" => {
                let [game] = fields_of(&fields)?;
                ComponentId::Rematch {
                    game: number(game)?,
                }
            }
            "analyse" => {
                let [game] = fields_of(&fields)?;
                ComponentId::Analyse {
                    game: number(game)?,
                }
            }
            "leaderboard" => {
                let ([ranking, page, arrow], viewer) = with_viewer(&fields)?;
                ComponentId::Leaderboard {
                    ranking: word(ranking, [Ranking::Server, Ranking::Global], Ranking::word)?,
                    page: number(page)?,
                    arrow: word(arrow, [Arrow::Prev, Arrow::Next], Arrow::word)?,
                    viewer,
                }
            }
            "history" => {
                let ([user, page, arrow], viewer) = with_viewer(&fields)?;
                ComponentId::History {
                    user: number(user)?,
                    page: number(page)?,
                    arrow: word(arrow, [Arrow::Prev, Arrow::Next], Arrow::word)?,
                    viewer,
                }
            }
            "games" => {
                let [page, arrow] = fields_of(&fields)?;
                ComponentId::Games {
                    page: number(page)?,
                    arrow: word(arrow, [Arrow::Prev, Arrow::Next], Arrow::word)?,
                }
            }
            "tournament-join" => {
                let [tournament] = fields_of(&fields)?;
                ComponentId::JoinTournament {
                    tournament: number(tournament)?,
                }
            }
            "tournament-leave" => {
                let [tournament] = fields_of(&fields)?;
                ComponentId::LeaveTournament {
                    tournament: number(tournament)?,
                }
            }
            "tournaments" => {
                let ([page, arrow], viewer) = with_viewer(&fields)?;
                ComponentId::Tournaments {
                    page: number(page)?,
                    arrow: word(arrow, [Arrow::Prev, Arrow::Next], Arrow::word)?,
                    viewer,
                }
            }
            "puzzle-move" => ComponentId::PuzzleMove(PuzzleAt::read(fields_of(&fields)?)?),
            "puzzle-pick" => {
                let [puzzle, day, step, part] = fields_of(&fields)?;
                ComponentId::PuzzlePiece {
                    at: PuzzleAt::read([puzzle, day, step])?,
                    part: number(part)?,
                }
            }
            "puzzle-to" => {
                let [puzzle, day, step, from, part] = fields_of(&fields)?;
                ComponentId::PuzzleDestination {
                    at: PuzzleAt::read([puzzle, day, step])?,
                    from: square(from)?,
                    part: number(part)?,
                }
            }
            "puzzle-solution" => ComponentId::PuzzleSolution(PuzzleAt::read(fields_of(&fields)?)?),
            "puzzle-daily" => {
                let [] = fields_of(&fields)?;
                ComponentId::DailyPuzzle
            }
            _ => return Err(CustomIdError::UnknownAction),
        };
        Ok(id)
    }
}

/// The fields as an array of exactly `N`.
fn fields_of<'a, const N: usize>(fields: &[&'a str]) -> Result<[&'a str; N], CustomIdError> {
    <[&str; N]>::try_from(fields).map_err(|_| CustomIdError::FieldCount)
}

/// `N` fields and the viewer after them, if written (see [`ComponentId::Leaderboard`]).
fn with_viewer<'a, const N: usize>(
    fields: &[&'a str],
) -> Result<([&'a str; N], Option<u64>), CustomIdError> {
    match fields.split_at_checked(N) {
        Some((fields, [])) => Ok((fields_of(fields)?, None)),
        Some((fields, [viewer])) => Ok((fields_of(fields)?, Some(number(viewer)?))),
        _ => Err(CustomIdError::FieldCount),
    }
}

/// The `:<viewer>` field of a paging button, when there is a viewer.
fn write_viewer(f: &mut fmt::Formatter<'_>, viewer: Option<u64>) -> fmt::Result {
    match viewer {
        Some(viewer) => write!(f, ":{viewer}"),
        None => Ok(()),
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
pub fn square(field: &str) -> Result<Square, CustomIdError> {
    match Square::parse(field, MAX_BOARD) {
        Ok(square) if square.to_string() == field => Ok(square),
        _ => Err(CustomIdError::BadWord),
    }
}

/// The one of `choices` whose word is `field`.
fn word<T: Copy, const N: usize>(
    field: &str,
    choices: [T; N],
    word: fn(T) -> &'static str,
) -> Result<T, CustomIdError> {
    choices
        .into_iter()
        .find(|&choice| word(choice) == field)
        .ok_or(CustomIdError::BadWord)
}

#[cfg(test)]
mod tests {
    use super::*;

    const AT: PuzzleAt = PuzzleAt {
        puzzle: 7,
        day: 20_231_114,
        step: 2,
    };

    fn examples() -> Vec<(ComponentId, &'static str)> {
        vec![
            (ComponentId::Accept { challenge: 17 }, "accept:17"),
            (ComponentId::Decline { challenge: 17 }, "decline:17"),
            (ComponentId::Cancel { challenge: 9 }, "cancel:9"),
            (ComponentId::Resign { game: 5, ply: 12 }, "resign:5:12"),
            (
                ComponentId::ConfirmResign { game: 5, ply: 12 },
                "resign-yes:5:12",
            ),
            (ComponentId::PlayOnBoard { game: 8 }, "board:8"),
            (ComponentId::Replay { game: 8 }, "replay:8"),
            (ComponentId::ClaimWin { game: 5, ply: 12 }, "claim:5:12"),
            (ComponentId::CallOff { game: 5, ply: 12 }, "calloff:5:12"),
            (ComponentId::Move { game: 5, ply: 12 }, "move:5:12"),
            (
                ComponentId::PickPiece {
                    game: 5,
                    ply: 12,
                    part: 1,
                },
                "pick:5:12:1",
            ),
            (
                ComponentId::PickDestination {
                    game: 5,
                    ply: 12,
                    from: Square::parse("p16", 16).unwrap(),
                    part: 0,
                },
                "pick-to:5:12:p16:0",
            ),
            (ComponentId::Rematch { game: 8 }, "rematch:8"),
            (ComponentId::Analyse { game: 8 }, "analyse:8"),
            (
                ComponentId::Leaderboard {
                    ranking: Ranking::Server,
                    page: 0,
                    arrow: Arrow::Prev,
                    viewer: Some(42),
                },
                "leaderboard:server:0:prev:42",
            ),
            (
                ComponentId::Leaderboard {
                    ranking: Ranking::Global,
                    page: 3,
                    arrow: Arrow::Next,
                    viewer: Some(1_200_000_000_000_000_001),
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
                    user: 1_200_000_000_000_000_001,
                    page: 0,
                    arrow: Arrow::Prev,
                    viewer: Some(1_200_000_000_000_000_002),
                },
                "history:1200000000000000001:0:prev:1200000000000000002",
            ),
            (
                ComponentId::History {
                    user: 7,
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
                ComponentId::JoinTournament { tournament: 3 },
                "tournament-join:3",
            ),
            (
                ComponentId::LeaveTournament { tournament: 3 },
                "tournament-leave:3",
            ),
            (
                ComponentId::Tournaments {
                    page: 2,
                    arrow: Arrow::Next,
                    viewer: Some(42),
                },
                "tournaments:2:next:42",
            ),
            (ComponentId::PuzzleMove(AT), "puzzle-move:7:20231114:2"),
            (
                ComponentId::PuzzlePiece { at: AT, part: 1 },
                "puzzle-pick:7:20231114:2:1",
            ),
            (
                ComponentId::PuzzleDestination {
                    at: AT,
                    from: Square::parse("g1", 12).unwrap(),
                    part: 0,
                },
                "puzzle-to:7:20231114:2:g1:0",
            ),
            (
                ComponentId::PuzzleSolution(AT),
                "puzzle-solution:7:20231114:2",
            ),
            (ComponentId::DailyPuzzle, "puzzle-daily"),
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
    fn the_largest_ids_fit_discords_limit_and_round_trip() {
        let id = ComponentId::Resign {
            game: i64::MAX,
            ply: u32::MAX,
        };
        let text = id.to_string();
        assert!(text.len() <= MAX_LEN);
        assert_eq!(text.parse::<ComponentId>(), Ok(id));
        let id = ComponentId::Leaderboard {
            ranking: Ranking::Global,
            page: u32::MAX,
            arrow: Arrow::Next,
            viewer: Some(u64::MAX),
        };
        assert!(id.to_string().len() <= MAX_LEN);
        assert_eq!(id.to_string().parse::<ComponentId>(), Ok(id));
        let id = ComponentId::History {
            user: u64::MAX,
            page: u32::MAX,
            arrow: Arrow::Prev,
            viewer: Some(u64::MAX),
        };
        assert!(id.to_string().len() <= MAX_LEN);
        assert_eq!(id.to_string().parse::<ComponentId>(), Ok(id));
        let id = ComponentId::PickDestination {
            game: i64::MAX,
            ply: u32::MAX,
            from: Square::parse("p16", 16).unwrap(),
            part: u8::MAX,
        };
        assert!(id.to_string().len() <= MAX_LEN);
        assert_eq!(id.to_string().parse::<ComponentId>(), Ok(id));
        let id = ComponentId::PuzzleDestination {
            at: PuzzleAt {
                puzzle: i64::MAX,
                day: u32::MAX,
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
            ("puzzle-to:7:0:0:z9:0", CustomIdError::BadWord),
            ("puzzle-daily:1", CustomIdError::FieldCount),
        ];
        for (text, error) in cases {
            assert_eq!(text.parse::<ComponentId>(), Err(error), "{text:?}");
        }
    }
}
