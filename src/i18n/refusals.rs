//! Refusals in words: why a request was turned down, from `refusals.ftl`.

use monkey_queen_core::{IllegalMove, MoveError, OptionsError, ParseError};

use super::echo;
use super::render::{Texts, args, mention, relative_time, status_key};
use crate::games::UserError;
use crate::model::{GameId, GameStatus};

/// Why `e` was refused, as a whole sentence.
pub(super) fn refused(t: Texts, e: &UserError) -> String {
    let game = |id: &str, game: GameId| t.get(id, &args! {"game" => game.0});
    match e {
        UserError::ChallengeSelf => t.plain("refused-challenge-self"),
        UserError::AiLevelForHuman => t.plain("refused-ai-level-for-human"),
        UserError::BadOptions(OptionsError::BoardSize(size)) => {
            t.get("refused-board-size", &args! {"size" => *size})
        }
        UserError::BadOptions(OptionsError::QueenHeight(height)) => {
            t.get("refused-queen-height", &args! {"height" => *height})
        }
        UserError::BadTimeLimit(ms) => t.get("refused-bad-time-limit", &args! {"ms" => *ms}),
        UserError::DuplicateChallenge { existing } => t.get(
            "refused-duplicate-challenge",
            &args! {"challenge" => existing.0},
        ),
        UserError::NoSuchChallenge(id) => {
            t.get("refused-no-such-challenge", &args! {"challenge" => id.0})
        }
        UserError::ChallengeNotPending { status } => {
            let status = t.get("challenge-status", &args! {"status" => status_key(*status)});
            t.get("refused-challenge-not-pending", &args! {"status" => status})
        }
        UserError::ChallengeExpired => t.plain("refused-challenge-expired"),
        UserError::OwnChallenge => t.plain("refused-own-challenge"),
        UserError::NotChallenged {
            challenged: Some(_),
        } => t.plain("refused-not-challenged"),
        UserError::NotChallenged { challenged: None } => t.plain("refused-open-not-declinable"),
        UserError::NotChallenger { .. } => t.plain("refused-not-challenger"),
        UserError::NoSuchGame(id) => game("refused-no-such-game", *id),
        UserError::NoActiveGame => t.plain("refused-no-active-game"),
        UserError::SeveralGames(games) => {
            let (named, more) = super::game_numbers(games);
            if more == 0 {
                t.get(
                    "refused-several-games",
                    &args! {"count" => games.len(), "games" => named},
                )
            } else {
                t.get(
                    "refused-several-games-more",
                    &args! {"count" => games.len(), "games" => named, "more" => more},
                )
            }
        }
        UserError::NotParticipant { game: id } => game("refused-not-participant", *id),
        UserError::GameOver { game: id } => game("refused-game-over", *id),
        UserError::NotYourTurn { to_move } => t.get(
            "refused-not-your-turn",
            &args! {"player" => mention(*to_move)},
        ),
        UserError::Illegal(MoveError::Illegal(e)) => {
            t.get("refused-illegal", &args! {"reason" => illegal(t, e)})
        }
        UserError::Illegal(MoveError::Parse(e)) => parse(t, e),
        UserError::PositionChanged => t.plain("refused-position-changed"),
        UserError::AlreadyPlayed { ply, notation, .. } => t.get(
            "refused-already-played",
            &args! {"move" => notation.clone(), "ply" => *ply},
        ),
        UserError::TooLateToAbort => t.plain("refused-too-late-to-abort"),
        UserError::TimeUp { .. } => t.plain("refused-time-up"),
        UserError::NoClock => t.plain("refused-no-clock"),
        UserError::DeadlineNotReached { deadline_ms } => t.get(
            "refused-deadline-not-reached",
            &args! {"time" => relative_time(*deadline_ms)},
        ),
        UserError::NotFinished {
            game: id,
            status: GameStatus::Aborted,
        } => game("refused-rematch-of-aborted", *id),
        UserError::NotFinished { game: id, .. } => game("refused-not-finished", *id),
        UserError::NotAnalysable {
            game: id,
            status: GameStatus::Aborted,
        } => game("refused-analysis-of-aborted", *id),
        UserError::NotAnalysable { game: id, .. } => game("refused-not-analysable", *id),
        UserError::RematchPending { existing } => t.get(
            "refused-rematch-pending",
            &args! {"challenge" => existing.0},
        ),
        UserError::RematchInProgress { game: id } => game("refused-rematch-in-progress", *id),
        UserError::NoSuchPage { page, total_pages } => t.get(
            "refused-no-such-page",
            &args! {"page" => u64::from(*page) + 1, "pages" => *total_pages},
        ),
        UserError::HasClock => t.plain("refused-has-clock"),
        UserError::NotAbandoned { claimable_ms: None } => t.plain("refused-your-move"),
        UserError::NotAbandoned {
            claimable_ms: Some(from),
        } => t.get(
            "refused-not-abandoned",
            &args! {"time" => relative_time(*from)},
        ),
        UserError::CoolingDown { seconds } => {
            t.get("refused-cooling-down", &args! {"seconds" => *seconds})
        }
        UserError::TooManyComputerGames { limit } => t.get(
            "refused-too-many-computer-games",
            &args! {"limit" => *limit},
        ),
        UserError::TooManyChallenges { limit } => {
            t.get("refused-too-many-challenges", &args! {"limit" => *limit})
        }
        UserError::NotLaunched => t.plain("refused-not-launched"),
        UserError::NotInThisChannel => t.plain("refused-not-in-this-channel"),
        UserError::TournamentsInServersOnly => t.plain("refused-tournament-servers-only"),
        UserError::TournamentNeedsBot => t.plain("refused-tournament-needs-bot"),
        UserError::NotOrganiser => t.plain("refused-not-organiser"),
        UserError::NoSuchTournament(id) => {
            t.get("refused-no-such-tournament", &args! {"tournament" => id.0})
        }
        UserError::BadTournamentName { max } => {
            t.get("refused-bad-tournament-name", &args! {"max" => *max})
        }
        UserError::BadRounds { max } => t.get("refused-bad-rounds", &args! {"max" => *max}),
        UserError::BadPlayerLimit { min, max } => t.get(
            "refused-bad-player-limit",
            &args! {"min" => *min, "max" => *max},
        ),
        UserError::RoundRobinTooLarge {
            players,
            rounds,
            cycles,
            max,
            max_rounds,
        } => t.get(
            "refused-round-robin-too-large",
            &args! {
                "players" => *players,
                "rounds" => *rounds,
                "cycles" => *cycles,
                "max" => *max,
                "max-rounds" => *max_rounds
            },
        ),
        UserError::StartInPast => t.plain("refused-start-in-past"),
        UserError::TooManyTournaments { limit } => {
            t.get("refused-too-many-tournaments", &args! {"limit" => *limit})
        }
        UserError::TournamentStarted => t.plain("refused-tournament-started"),
        UserError::TournamentOver => t.plain("refused-tournament-over"),
        UserError::TournamentNotStarted => t.plain("refused-tournament-not-started"),
        UserError::TournamentFull { limit } => {
            t.get("refused-tournament-full", &args! {"limit" => *limit})
        }
        UserError::AlreadyJoined => t.plain("refused-already-joined"),
        UserError::NotJoined => t.plain("refused-not-joined"),
        UserError::NotEntered => t.plain("refused-not-entered"),
        UserError::AlreadyWithdrawn => t.plain("refused-already-withdrawn"),
        UserError::TooFewPlayers { need } => {
            t.get("refused-too-few-players", &args! {"need" => *need})
        }
        UserError::NoSuchPairing { round, board } => t.get(
            "refused-no-such-pairing",
            &args! {"round" => *round, "board" => *board},
        ),
        UserError::ResultPending => t.plain("refused-result-pending"),
        UserError::NotInPairing => t.plain("refused-not-in-pairing"),
        UserError::TournamentGame => t.plain("refused-tournament-game"),
        UserError::NoPuzzles => t.plain("refused-no-puzzles"),
        UserError::NoSuchPuzzle(id) => t.get("refused-no-such-puzzle", &args! {"puzzle" => id.0}),
        UserError::PuzzleOver(id) => t.get("refused-puzzle-over", &args! {"puzzle" => id.0}),
    }
}

/// Why a move is illegal, as the clause after "Illegal move:".
pub(super) fn illegal(t: Texts, e: &IllegalMove) -> String {
    let square =
        |id: &str, sq: monkey_queen_core::Square| t.get(id, &args! {"square" => sq.to_string()});
    match *e {
        IllegalMove::GameOver => t.plain("illegal-game-over"),
        IllegalMove::OffBoard(sq) => square("illegal-off-board", sq),
        IllegalMove::NoPiece(sq) => square("illegal-no-piece", sq),
        IllegalMove::NotYourPiece(sq) => square("illegal-not-your-piece", sq),
        IllegalMove::SameSquare(sq) => square("illegal-same-square", sq),
        IllegalMove::NotStraightLine { from, to } => t.get(
            "illegal-not-straight",
            &args! {"from" => from.to_string(), "to" => to.to_string()},
        ),
        IllegalMove::PathBlocked { from, to, blocker } => t.get(
            "illegal-path-blocked",
            &args! {
                "from" => from.to_string(),
                "to" => to.to_string(),
                "blocker" => blocker.to_string(),
            },
        ),
        IllegalMove::OwnPiece(sq) => square("illegal-own-piece", sq),
        IllegalMove::QueenMustCapture(sq) => square("illegal-queen-must-capture", sq),
        IllegalMove::BabyNotCloser {
            from,
            to,
            queen,
            before,
            after,
        } => t.get(
            "illegal-baby-not-closer",
            &args! {
                "from" => from.to_string(),
                "to" => to.to_string(),
                "queen" => queen.to_string(),
                "before" => before,
                "after" => after,
            },
        ),
        IllegalMove::SwapNotAllowed => t.plain("illegal-swap-not-allowed"),
    }
}

/// Why a text is not a move, as a sentence.
pub(super) fn parse(t: Texts, e: &ParseError) -> String {
    match e {
        ParseError::Empty => t.plain("parse-empty"),
        ParseError::NotASquare { text, size } => match echo(text) {
            Some(text) => t.get(
                "parse-not-a-square",
                &args! {"text" => text, "size" => *size},
            ),
            None => t.get("parse-not-a-square-unreadable", &args! {"size" => *size}),
        },
        ParseError::Malformed(text) => match echo(text) {
            Some(text) => t.get("parse-malformed", &args! {"text" => text}),
            None => t.plain("parse-malformed-unreadable"),
        },
    }
}
