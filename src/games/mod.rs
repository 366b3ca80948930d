//! The game service: challenges, moves, endings, clocks and reminders, lists and records,
//! ratings, leaderboards and history, rematches and per-server settings, over the database.
//! The players' cooldowns and the language each game and challenge speaks are kept here too.
//! Tournaments ([`GameService::tournaments`]) and delivery ([`GameService::delivery`]: the
//! outbox, kept tokens, latest boards, the Activity's launches) are services of their own over
//! this one.
//!
//! Plain async Rust with typed results; it knows nothing of Discord's libraries. Every change
//! is one write transaction, which first locks what its checks depend on (see
//! [`storage::lock`]: a player's challenges, both ratings of a rated game), so writes for
//! different players never wait for each other; a move is applied only if the game is still
//! at the ply it was checked against (compare-and-swap), so concurrent requests, of one
//! process or several, can't corrupt a game.
//!
//! ```
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() {
//! use std::sync::Arc;
//! use monkey_queen::games::*;
//! use monkey_queen_core::GameOptions;
//!
//! let dir = tempfile::tempdir().unwrap();
//! let url = format!("sqlite://{}?mode=rwc", dir.path().join("games.db").display());
//! let db = monkey_queen::storage::connect(&url).await.unwrap();
//! let service = GameService::new(db, Arc::new(SystemClock), ServiceConfig::default());
//!
//! let (alice, bob) = (PlayerRef::new(UserId(1), "Alice"), PlayerRef::new(UserId(2), "Bob"));
//! let created = service
//!     .create_challenge(NewChallenge {
//!         challenger: alice.clone(),
//!         opponent: Some(bob.clone()),
//!         guild: None,
//!         channel: ChannelId(10),
//!         reach: Reach::Channel,
//!         lang: Lang::En,
//!         options: GameOptions::default(),
//!         color: ColorChoice::White,
//!         move_time_ms: None,
//!         rated: true,
//!         ai_level: None,
//!         rematch_of: None,
//!     })
//!     .await
//!     .unwrap();
//! let ChallengeCreated::Pending(challenge) = created else { unreachable!() };
//! let started = service.accept_challenge(challenge.id, &bob, Lang::En).await.unwrap();
//! // The first board is owed until the bot reports it posted (else the outbox posts it).
//! service.delivery().announced(started.announcement).await.unwrap();
//! let game = started.game;
//!
//! let played = service
//!     .play(PlayRequest {
//!         user: alice.id,
//!         game: GameRef::InChannel(ChannelId(10)),
//!         text: "g1g7",
//!         expected_ply: Some(game.ply()),
//!         request_key: Some("interaction-1"),
//!     })
//!     .await
//!     .unwrap();
//! assert_eq!(played.mv.to_string(), "g1-g7");
//! assert_eq!(played.game.to_move, Some(bob.id));
//!
//! // Carol does not play in this game: a typed refusal, which the bot words in her language.
//! let refused = service.resign(UserId(3), GameRef::Id(game.id), None).await.unwrap_err();
//! assert_eq!(refused.user(), Some(&UserError::NotParticipant { game: game.id }));
//! # }
//! ```

mod abandoned;
mod activity;
mod analysis;
mod announcements;
mod at_screen;
mod challenges;
mod clock;
mod computer;
mod consistency;
mod cooldowns;
mod cpu;
mod delivery;
mod end;
mod error;
mod events;
mod health;
mod jobs;
mod lapsed;
pub mod lessons;
mod measures;
mod pages;
mod play;
mod puzzles;
mod queries;
mod rating_history;
mod rematch;
mod reminders;
mod settings;
mod standings;
mod tournaments;
mod view;
mod visibility;

use std::sync::Arc;

use monkey_queen_core::{GameOptions, Move, Position};

pub use abandoned::{ABANDON_AFTER_MS, Claim};
pub use activity::{ActivityGames, LAUNCH_LIFETIME_MS};
pub use analysis::GameAnalysis;
pub use announcements::{Announced, BOARD_GRACE_MS};
pub use clock::{Clock, ManualClock, SystemClock};
pub use computer::{COMPUTER_TURN_LEASE_MS, COMPUTER_TURNS_PER_SWEEP, Computer, TurnClaim};
pub use consistency::{CheckedPage, GamesChecked, spawn_check_games};
pub use cooldowns::{ChallengeLimits, HEAVY_COOLDOWN_MS, MAX_COMPUTER_GAMES};
pub use cpu::{Background, CpuLimits, TurnKind, take_owned_turn, take_turn};
pub use delivery::{
    Announcement, DELIVERY_LEASE_MS, Deliver, Delivery, DeliveryService, KEPT_TOKEN_FOLLOW_UPS,
    MAX_ATTEMPTS, Replaced, Retried, TOKEN_LIFETIME_MS, retry_delay_ms, token_serves,
};
pub use error::{DATABASE_UNREACHABLE, InternalError, Result, ServiceError, UserError};
pub use events::{GameEvent, Heard};
pub use health::{Check, Finding, Gateway, Health, Readiness, examine_database};
pub use jobs::Sweeps;
pub use lapsed::Lapsed;
pub use pages::GamePage;
pub use puzzles::{
    CONFIRM_FACTOR, DAILY_SOLVERS_SHOWN, GameToMine, MINING_CLAIMS, MINING_LEASE_MS, Mined,
    MiningDepth, MiningOutcome, PuzzleAnswer, PuzzleMiner, PuzzleSearch, PuzzleService,
    PuzzleStats, PuzzleView, RatingChange, Verdict, judge_move, mine, puzzle_line,
    read_puzzle_lines,
};
pub use rating_history::RatingHistory;
pub use settings::SettingsChange;
pub use standings::{
    AiStanding, HistoryPage, LeaderboardEntry, LeaderboardPage, LeaderboardScope, MAX_PAGE_SIZE,
    Page, PlayedGame, PlayerStats, RECENT_RESULTS,
};
pub use tournaments::TournamentPage;
pub use tournaments::{
    Entrant, LogLine, MAX_DOUBLE_ROUND_ROBIN_PLAYERS, MAX_NAME_CHARS, MAX_OPEN_TOURNAMENTS,
    MAX_PLAYERS, MAX_ROUND_ROBIN_PLAYERS, MAX_ROUND_ROBIN_ROUNDS, MAX_SWISS_ROUNDS, NewTournament,
    Organiser, Pairing, TIMEOUTS_TO_WITHDRAW, Tournament, TournamentExport, TournamentStanding,
    TournamentView, max_round_robin_players, round_robin_rounds, score_text,
};
pub use view::{
    GameEnded, GameRecord, GameResult, GameStarted, GameSummary, GameView, Mismatch, MovePlayed,
    Place, PlayerRef,
};

pub use crate::model::{
    AnnouncementId, Audience, BoardColors, BoardOrientation, Challenge, ChallengeId,
    ChallengeStatus, ChannelId, ClockChoice, ColorChoice, DailySolver, Day, Editable, EndReason,
    GameId, GameStatus, GuildId, GuildSettings, Heavy, InteractionToken, Lang, Level, MessageId,
    MoveRecord, PageKey, PairingResult, Player, PuzzleId, RatingAfterGame, Reach, TournamentFormat,
    TournamentId, TournamentStatus, UserId, Viewer,
};

use crate::storage::{self, Conn, Db, GameRow};

/// Settings of the service.
#[derive(Debug, Clone)]
pub struct ServiceConfig {
    /// The bot's own user id: challenging it starts a game against the computer.
    pub bot_user: Option<UserId>,
    /// How long a challenge waits for an answer.
    pub challenge_ttl_ms: i64,
    /// Search nodes per position when a game is analysed.
    pub analysis_nodes: u64,
    /// How long a player waits between two replays, or two analyses (see `cooldowns`).
    pub heavy_cooldown_ms: i64,
    /// How many challenges one player may make.
    pub challenge_limits: ChallengeLimits,
}

impl Default for ServiceConfig {
    /// No bot id; challenges wait a day; analyses search
    /// [`NODES_PER_POSITION`](monkey_queen_core::analysis::NODES_PER_POSITION) nodes a position;
    /// replays and analyses wait [`HEAVY_COOLDOWN_MS`] per player; challenges are held to
    /// [`ChallengeLimits::PLAYERS`].
    fn default() -> ServiceConfig {
        ServiceConfig {
            bot_user: None,
            challenge_ttl_ms: 24 * 60 * 60 * 1000,
            analysis_nodes: monkey_queen_core::analysis::NODES_PER_POSITION,
            heavy_cooldown_ms: cooldowns::HEAVY_COOLDOWN_MS,
            challenge_limits: ChallengeLimits::PLAYERS,
        }
    }
}

/// A new challenge, as the challenger asks for it.
#[derive(Debug, Clone)]
pub struct NewChallenge {
    /// Who challenges.
    pub challenger: PlayerRef,
    /// Who is challenged; `None` for an open challenge anyone may accept.
    pub opponent: Option<PlayerRef>,
    /// The server, if any.
    pub guild: Option<GuildId>,
    /// Where the challenge is made.
    pub channel: ChannelId,
    /// How the bot reaches that channel.
    pub reach: Reach,
    /// The language of its public messages, and of its game's (a game against the computer
    /// starts at once), as picked from the interaction that makes it.
    pub lang: Lang,
    /// Board size, queen height, pie rule.
    pub options: GameOptions,
    /// The challenger's colour.
    pub color: ColorChoice,
    /// The per-move time limit (`None`: no clock).
    pub move_time_ms: Option<i64>,
    /// Whether the game is rated (ignored against the computer: never rated).
    pub rated: bool,
    /// The computer's level when the opponent is the bot (default: medium).
    pub ai_level: Option<Level>,
    /// The finished game this is a rematch of.
    pub rematch_of: Option<GameId>,
}

/// What creating a challenge did.
#[derive(Debug, Clone, PartialEq)]
pub enum ChallengeCreated {
    /// A challenge now waits for an answer.
    Pending(Challenge),
    /// The opponent is the bot: a game against the computer started at once.
    AiGame(Box<GameStarted>),
}

/// Which game a request is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameRef {
    /// This game.
    Id(GameId),
    /// The caller's only active game in this channel (played there, or in its own thread
    /// when the channel is that thread).
    InChannel(ChannelId),
}

/// A move request.
#[derive(Debug, Clone)]
pub struct PlayRequest<'a> {
    /// Who moves.
    pub user: UserId,
    /// In which game.
    pub game: GameRef,
    /// The move in any lenient notation (R9.2).
    pub text: &'a str,
    /// The ply the caller saw (e.g. from a button's `custom_id`): if the game has moved on, the
    /// request is refused, or recognised as already applied if it is this very move.
    pub expected_ply: Option<u32>,
    /// An idempotency key (e.g. the interaction id): a move stored under it is not applied again.
    pub request_key: Option<&'a str>,
}

/// The game service. Cheap to clone; share one per process.
#[derive(Clone)]
pub struct GameService {
    db: Db,
    clock: Arc<dyn Clock>,
    config: ServiceConfig,
    analysing: analysis::InFlight,
    events: events::Events,
    computer: Option<Arc<Computer>>,
}

impl GameService {
    /// A service over a connected, migrated database (see [`storage::connect`]).
    pub fn new(db: Db, clock: Arc<dyn Clock>, config: ServiceConfig) -> GameService {
        GameService {
            db,
            clock,
            config,
            analysing: analysis::InFlight::default(),
            events: events::Events::default(),
            computer: None,
        }
    }

    /// The same service, playing the computer's turns through `computer` (see
    /// [`Self::play_computer`]).
    #[must_use]
    pub fn with_computer(mut self, computer: Computer) -> GameService {
        self.computer = Some(Arc::new(computer));
        self
    }

    /// The database pool.
    #[must_use]
    pub fn db(&self) -> &Db {
        &self.db
    }

    /// The time now, from the injected clock.
    #[must_use]
    pub fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    /// Finds the game a request is about: by id, or the user's only active game in a channel.
    async fn resolve(&self, conn: &mut Conn, user: UserId, game: GameRef) -> Result<GameRow> {
        match game {
            GameRef::Id(id) => Ok(storage::game(conn, id)
                .await?
                .ok_or(UserError::NoSuchGame(id))?),
            GameRef::InChannel(channel) => {
                let mut games = active_in(conn, user, channel).await?;
                match games.len() {
                    0 => Err(UserError::NoActiveGame.into()),
                    1 => Ok(games.remove(0)),
                    _ => Err(
                        UserError::SeveralGames(games.iter().map(view::summary).collect()).into(),
                    ),
                }
            }
        }
    }

    /// The full view of a stored game, with its last move.
    async fn view(&self, conn: &mut Conn, row: GameRow) -> Result<GameView> {
        let position = view::position_of(&row)?;
        let last_move = self.last_move(conn, &row, &position).await?;
        Ok(view::view(row, position, last_move))
    }

    async fn last_move(
        &self,
        conn: &mut Conn,
        row: &GameRow,
        position: &Position,
    ) -> Result<Option<Move>> {
        if row.ply == 0 {
            return Ok(None);
        }
        let stored = storage::move_at(conn, row.id, row.ply).await?;
        last_move_of(row, position, stored.as_ref().map(|m| m.notation.as_str()))
    }

    /// The deadline and reminder time for a player who starts thinking at `now`.
    fn deadline(move_time_ms: Option<i64>, now: i64) -> (Option<i64>, Option<i64>) {
        match move_time_ms {
            Some(limit) => {
                let deadline = now.saturating_add(limit);
                (Some(deadline), Some(deadline - limit / 5))
            }
            None => (None, None),
        }
    }
}

/// The last move of `row`, rebuilt from `position` (the position after it) and the notation
/// stored at the game's ply; a game past ply 0 without one is corrupt.
fn last_move_of(
    row: &GameRow,
    position: &Position,
    notation: Option<&str>,
) -> Result<Option<Move>> {
    match (row.ply, notation) {
        (0, _) => Ok(None),
        (_, Some(notation)) => Ok(view::last_move_from(position, notation)),
        (ply, None) => Err(InternalError::Corrupt {
            game: row.id,
            detail: format!("ply {ply} has no stored move"),
        }
        .into()),
    }
}

/// A user's active games shown in `channel`, oldest first: those played there, and the one
/// whose own thread `channel` is (its players move from inside the thread).
async fn active_in(conn: &mut Conn, user: UserId, channel: ChannelId) -> Result<Vec<GameRow>> {
    let games = storage::active_games(conn, user).await?;
    Ok(games
        .into_iter()
        .filter(|g| g.channel == channel || g.thread == Some(channel))
        .collect())
}
