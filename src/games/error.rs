//! What can go wrong in the service: a user's request refused ([`UserError`], shown to them)
//! versus a failure of the machinery ([`InternalError`], logged; the user sees a generic line).

use std::fmt;

use monkey_queen_core::{MoveError, OptionsError};

use super::view::GameSummary;
use crate::model::{
    ChallengeId, ChallengeStatus, GameId, GameStatus, PuzzleId, TournamentId, UserId,
};

/// A request the rules of the service refuse. Each variant carries what a front end needs to
/// explain it; `Display` gives a plain English sentence.
#[derive(Debug, Clone, PartialEq)]
pub enum UserError {
    /// A challenge to oneself.
    ChallengeSelf,
    /// A computer level was given, but the opponent is not this bot.
    AiLevelForHuman,
    /// Game options outside R1.1/R3.3.
    BadOptions(OptionsError),
    /// A per-move time limit that is not positive.
    BadTimeLimit(i64),
    /// A challenge between these two people is already pending in this channel.
    DuplicateChallenge {
        /// The pending challenge.
        existing: ChallengeId,
    },
    /// No challenge has this number.
    NoSuchChallenge(ChallengeId),
    /// The challenge was already answered, withdrawn or expired.
    ChallengeNotPending {
        /// What happened to it.
        status: ChallengeStatus,
    },
    /// The challenge lapsed before it was answered.
    ChallengeExpired,
    /// Accepting one's own challenge.
    OwnChallenge,
    /// Accepting or declining a challenge meant for someone else (`None`: an open challenge,
    /// which nobody declines).
    NotChallenged {
        /// Who the challenge is for.
        challenged: Option<UserId>,
    },
    /// Cancelling someone else's challenge.
    NotChallenger {
        /// Who made it.
        challenger: UserId,
    },
    /// No game has this number.
    NoSuchGame(GameId),
    /// The user has no active game here.
    NoActiveGame,
    /// The user has several active games here and must say which.
    SeveralGames(Vec<GameSummary>),
    /// The user does not play in this game.
    NotParticipant {
        /// The game.
        game: GameId,
    },
    /// The game has finished or was aborted.
    GameOver {
        /// The game.
        game: GameId,
    },
    /// It is the other player's turn.
    NotYourTurn {
        /// Who is to move.
        to_move: UserId,
    },
    /// The text is not a move, or the rules forbid it here; the engine says why.
    Illegal(MoveError),
    /// Someone else changed the game since the request was made: look again.
    PositionChanged,
    /// This very move was already applied (a retried request).
    AlreadyPlayed {
        /// The game.
        game: GameId,
        /// The ply it was played at.
        ply: u32,
        /// Its canonical notation.
        notation: String,
    },
    /// R7.4: a game may be aborted only before both players have moved.
    TooLateToAbort,
    /// The mover's time ran out before the move arrived (R7.4).
    TimeUp {
        /// When it ran out.
        deadline_ms: i64,
    },
    /// The game has no move clock, so nobody can run out of time.
    NoClock,
    /// A timeout was claimed before the deadline.
    DeadlineNotReached {
        /// When the player to move runs out of time.
        deadline_ms: i64,
    },
    /// A rematch of a game that has no result: still being played, or aborted.
    NotFinished {
        /// The game.
        game: GameId,
        /// Where it stands instead ([`GameStatus::Active`] or [`GameStatus::Aborted`]).
        status: GameStatus,
    },
    /// An analysis of a game that has no result yet, or was aborted.
    NotAnalysable {
        /// The game.
        game: GameId,
        /// Where it stands instead ([`GameStatus::Active`] or [`GameStatus::Aborted`]).
        status: GameStatus,
    },
    /// A rematch of this game already waits for an answer.
    RematchPending {
        /// That challenge.
        existing: ChallengeId,
    },
    /// A rematch of this game is already being played.
    RematchInProgress {
        /// The rematch game.
        game: GameId,
    },
    /// A page past the end of a list that only grows (a forged paging button).
    NoSuchPage {
        /// The 0-based page asked for.
        page: u32,
        /// How many pages there are.
        total_pages: u32,
    },
    /// The same heavy work (a replay, an analysis) asked for again too soon.
    CoolingDown {
        /// Seconds until it may be asked for again.
        seconds: u64,
    },
    /// Claiming a game that has a move clock (it ends on time instead).
    HasClock,
    /// Claiming a game whose other player has not been silent long enough, or is not the one
    /// to move.
    NotAbandoned {
        /// When the claim becomes possible; `None` when it is the claimant's own move.
        claimable_ms: Option<i64>,
    },
    /// A new game against the computer while the user already plays the most allowed.
    TooManyComputerGames {
        /// How many games against the computer one may play at once.
        limit: usize,
    },
    /// A new challenge while the user already has the most allowed waiting for an answer.
    TooManyChallenges {
        /// How many challenges one may have waiting at once.
        limit: usize,
    },
    /// A game started from the Activity by someone who has not opened it in that channel
    /// lately (so how the bot reaches the channel is unknown).
    NotLaunched,
    /// A game acted on from the Activity of another channel than the game's own.
    NotInThisChannel,
    /// A tournament outside a server: tournaments belong to servers.
    TournamentsInServersOnly,
    /// A tournament where the bot can't post (only user-installed there): it announces the
    /// rounds and posts the boards by itself.
    TournamentNeedsBot,
    /// Creating, starting or changing a tournament without Manage Server (or without being
    /// its organiser where the server allows organisers).
    NotOrganiser,
    /// No tournament of this server has this number.
    NoSuchTournament(TournamentId),
    /// A tournament name that is empty or too long.
    BadTournamentName {
        /// The most characters a name may have.
        max: usize,
    },
    /// A Swiss tournament's rounds out of range.
    BadRounds {
        /// The most rounds allowed.
        max: u32,
    },
    /// A player limit out of range.
    BadPlayerLimit {
        /// The fewest allowed.
        min: u32,
        /// The most allowed.
        max: u32,
    },
    /// A round robin for more players than it may take: it would last too many rounds.
    RoundRobinTooLarge {
        /// The player limit asked for.
        players: u32,
        /// The rounds that many would play.
        rounds: u32,
        /// 1 for a round robin, 2 for a double round robin.
        cycles: u32,
        /// The most players it may take.
        max: u32,
        /// The rounds that many play.
        max_rounds: u32,
    },
    /// A start time that has passed.
    StartInPast,
    /// The server already runs the most tournaments allowed at once.
    TooManyTournaments {
        /// How many may take sign-ups or run at once.
        limit: usize,
    },
    /// Joining, or starting, a tournament that has started.
    TournamentStarted,
    /// A tournament that is over.
    TournamentOver,
    /// A result changed in a tournament that has not started.
    TournamentNotStarted,
    /// Joining a full tournament.
    TournamentFull {
        /// Its player limit.
        limit: u32,
    },
    /// Joining a tournament twice.
    AlreadyJoined,
    /// Leaving a tournament one is not in.
    NotJoined,
    /// Withdrawing someone who is not in the tournament.
    NotEntered,
    /// Withdrawing someone already withdrawn.
    AlreadyWithdrawn,
    /// Starting a tournament with too few players.
    TooFewPlayers {
        /// How many it needs.
        need: u32,
    },
    /// No such game (or a bye) in that round and board.
    NoSuchPairing {
        /// The round asked for.
        round: u32,
        /// The board asked for.
        board: u32,
    },
    /// Changing the result of a game still being played.
    ResultPending,
    /// Giving a tournament game to someone who does not play in it.
    NotInPairing,
    /// Calling off a tournament game: its pairing needs a result.
    TournamentGame,
    /// No puzzle left to give: there are none, or the player has had them all.
    NoPuzzles,
    /// The player has no attempt at this puzzle.
    NoSuchPuzzle(PuzzleId),
    /// A move in a puzzle already solved or failed.
    PuzzleOver(PuzzleId),
}

/// For logs: the refusal as data (`NotParticipant { game: GameId(3) }`). What a user reads is
/// in their language, in `locales/*/refusals.ftl`.
impl fmt::Display for UserError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

impl std::error::Error for UserError {}

/// A failure that is not the user's doing. Log it with context; show a generic line.
#[derive(Debug)]
pub enum InternalError {
    /// The database failed or stored something unreadable.
    Database(sqlx::Error),
    /// A stored game can't be rebuilt (bad snapshot or move list).
    Corrupt {
        /// The game.
        game: GameId,
        /// What is wrong.
        detail: String,
    },
    /// A stored puzzle can't be rebuilt (its position or solution).
    CorruptPuzzle {
        /// The puzzle.
        puzzle: PuzzleId,
        /// What is wrong.
        detail: String,
    },
    /// A blocking worker (the analysis engine) stopped without an answer.
    Worker(String),
}

/// How an [`InternalError`] that is the database being unreachable begins, in the log.
pub const DATABASE_UNREACHABLE: &str = "the database can't be reached";

impl InternalError {
    /// Whether this is the database being unreachable (down, restarting, or no connection free
    /// within the pool's timeout): worth trying again in a moment, unlike the other failures.
    #[must_use]
    pub fn is_unreachable(&self) -> bool {
        matches!(self, InternalError::Database(e) if crate::storage::is_unreachable(e))
    }
}

impl fmt::Display for InternalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InternalError::Database(e) if crate::storage::is_unreachable(e) => {
                write!(f, "{DATABASE_UNREACHABLE}: {e}")
            }
            InternalError::Database(e) => write!(f, "database error: {e}"),
            InternalError::Corrupt { game, detail } => {
                write!(f, "game #{game} is stored inconsistently: {detail}")
            }
            InternalError::CorruptPuzzle { puzzle, detail } => {
                write!(f, "puzzle #{puzzle} is stored inconsistently: {detail}")
            }
            InternalError::Worker(detail) => write!(f, "a worker failed: {detail}"),
        }
    }
}

impl std::error::Error for InternalError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            InternalError::Database(e) => Some(e),
            InternalError::Corrupt { .. }
            | InternalError::CorruptPuzzle { .. }
            | InternalError::Worker(_) => None,
        }
    }
}

/// Every service call fails with one of these.
#[derive(Debug)]
pub enum ServiceError {
    /// The request is refused; tell the user why.
    User(UserError),
    /// Something broke; log it.
    Internal(InternalError),
}

impl ServiceError {
    /// The refusal, if this is one.
    #[must_use]
    pub fn user(&self) -> Option<&UserError> {
        match self {
            ServiceError::User(e) => Some(e),
            ServiceError::Internal(_) => None,
        }
    }
}

impl fmt::Display for ServiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServiceError::User(e) => e.fmt(f),
            ServiceError::Internal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ServiceError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ServiceError::User(e) => Some(e),
            ServiceError::Internal(e) => Some(e),
        }
    }
}

impl From<UserError> for ServiceError {
    fn from(e: UserError) -> Self {
        ServiceError::User(e)
    }
}

impl From<InternalError> for ServiceError {
    fn from(e: InternalError) -> Self {
        ServiceError::Internal(e)
    }
}

impl From<sqlx::Error> for ServiceError {
    fn from(e: sqlx::Error) -> Self {
        ServiceError::Internal(InternalError::Database(e))
    }
}

/// Shorthand for service results.
pub type Result<T, E = ServiceError> = std::result::Result<T, E>;
