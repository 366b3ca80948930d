//! A tournament in a server: the tournament itself, its entrants, its rounds' pairings, and
//! the organiser's log of what they changed by hand.

use monkey_queen_core::{Color, GameOptions};

use super::{
    ChannelId, GameId, GuildId, Lang, MessageId, PairingResult, TournamentFormat, TournamentId,
    TournamentStatus, UserId,
};

/// A tournament: taking sign-ups, running or finished.
#[derive(Debug, Clone, PartialEq)]
pub struct Tournament {
    /// Its number.
    pub id: TournamentId,
    /// The server it belongs to.
    pub guild: GuildId,
    /// Where its message and games go.
    pub channel: ChannelId,
    /// Its thread, where the server has threads on.
    pub thread: Option<ChannelId>,
    /// Its message, once posted.
    pub message: Option<MessageId>,
    /// Its name.
    pub name: String,
    /// Round robin or Swiss.
    pub format: TournamentFormat,
    /// The rounds it plays (round robin: 0 until it starts).
    pub rounds: u32,
    /// How many times each pair meets in a round robin: 1, or 2 for a double round robin
    /// (the second cycle with colours reversed). Always 1 for a Swiss.
    pub cycles: u32,
    /// Board size, queen height, pie rule of its games.
    pub options: GameOptions,
    /// Its games' clock per move.
    pub move_time_ms: Option<i64>,
    /// Whether its games are rated.
    pub rated: bool,
    /// How many may join.
    pub max_players: u32,
    /// When it starts by itself, if it does.
    pub starts_ms: Option<i64>,
    /// Sign-ups, running or finished.
    pub status: TournamentStatus,
    /// The round being played (1-based; 0 before the start).
    pub round: u32,
    /// Who made it.
    pub organiser: UserId,
    /// The language of its public messages.
    pub lang: Lang,
    /// When it was made.
    pub created_ms: i64,
    /// When it started.
    pub started_ms: Option<i64>,
    /// When it finished.
    pub finished_ms: Option<i64>,
    /// A Swiss's initial colour: seat 0's (pairing number 1's) colour in round 1, drawn by
    /// lot at the start (FIDE Dutch system, 2016 text E.5, 2026 text Art. 5) and used again
    /// in later rounds for two players who have not played a game yet. White before the
    /// start, for a round robin (whose colours are its Berger table's), and for tournaments
    /// started before the lot was drawn.
    pub initial_color: Color,
}

/// One player of a tournament.
#[derive(Debug, Clone, PartialEq)]
pub struct Entrant {
    /// Who.
    pub user: UserId,
    /// Their display name.
    pub name: String,
    /// Their index in the pairing (by rating at the start); `None` before the start.
    pub seat: Option<u32>,
    /// Their rating when they joined, then at the start.
    pub rating: f64,
    /// When they joined.
    pub joined_ms: i64,
    /// The round they were withdrawn in, if they were.
    pub withdrawn_round: Option<u32>,
    /// Games in a row they lost on time, up to the last one.
    pub timeouts_in_row: u32,
}

/// One pairing of a round: a game, a forfeit, or a bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pairing {
    /// The round (1-based).
    pub round: u32,
    /// The board (1-based; the bye comes last).
    pub board: u32,
    /// Who has White (or the bye).
    pub white: UserId,
    /// Who has Black; `None` for a bye.
    pub black: Option<UserId>,
    /// Its game, if one was started.
    pub game: Option<GameId>,
    /// Its result so far.
    pub result: PairingResult,
}

/// A line of the organiser's log: a change they made by hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogLine {
    /// When.
    pub at_ms: i64,
    /// Who.
    pub by: UserId,
    /// What, as the service wrote it.
    pub what: String,
}
