//! What the service hands back: games, summaries, results, played moves, records.

use monkey_queen_core::{Color, GameOptions, Move, MoveText, Position, Record, Role};

use super::error::InternalError;
use crate::model::{
    AnnouncementId, ChannelId, EndReason, GameId, GameStatus, GuildId, Lang, Level, MessageId,
    MoveRecord, PageKey, Reach, TournamentId, UserId,
};
use crate::storage::GameRow;

/// A person (or the bot) with the display name last seen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerRef {
    /// The Discord user.
    pub id: UserId,
    /// Their display name.
    pub name: String,
}

impl PlayerRef {
    /// A player reference.
    pub fn new(id: UserId, name: impl Into<String>) -> PlayerRef {
        PlayerRef {
            id,
            name: name.into(),
        }
    }
}

/// How a finished game ended.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GameResult {
    /// The winning colour.
    pub winner: Color,
    /// The person who won.
    pub winner_id: UserId,
    /// The person who lost.
    pub loser_id: UserId,
    /// Why (R7).
    pub reason: EndReason,
    /// Rating points gained by White and Black, for a rated game.
    pub rating_deltas: Option<[f64; 2]>,
}

/// Where a game is shown on Discord.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// The server, if any.
    pub guild: Option<GuildId>,
    /// The channel.
    pub channel: ChannelId,
    /// How the bot reaches the channel.
    pub reach: Reach,
    /// The game's own thread, if it has one.
    pub thread: Option<ChannelId>,
    /// The latest board message.
    pub message: Option<MessageId>,
}

impl Place {
    /// The channel the game's boards go to: its thread, else its channel.
    #[must_use]
    pub fn shown_in(&self) -> ChannelId {
        self.thread.unwrap_or(self.channel)
    }

    /// Whether `channel` is where the game's boards go, so that what is said there reaches
    /// both players.
    #[must_use]
    pub fn shows_in(&self, channel: ChannelId) -> bool {
        self.shown_in() == channel
    }
}

/// A short line about a game, for lists and for asking "which game?".
#[derive(Debug, Clone, PartialEq)]
pub struct GameSummary {
    /// The game.
    pub id: GameId,
    /// Who plays White now.
    pub white: PlayerRef,
    /// Who plays Black now.
    pub black: PlayerRef,
    /// Where it stands.
    pub status: GameStatus,
    /// Plies played.
    pub ply: u32,
    /// Who is to move, while active.
    pub to_move: Option<UserId>,
    /// The result, once finished.
    pub result: Option<GameResult>,
    /// When the player to move runs out of time.
    pub deadline_ms: Option<i64>,
    /// When it started.
    pub created_ms: i64,
    /// When it finished or was aborted.
    pub finished_ms: Option<i64>,
    /// Where it is shown.
    pub place: Place,
}

/// Everything about one game: players, options, position, result, deadline.
#[derive(Debug, Clone, PartialEq)]
pub struct GameView {
    /// The game.
    pub id: GameId,
    /// Who plays White now (after any pie-rule swap, R8).
    pub white: PlayerRef,
    /// Who plays Black now.
    pub black: PlayerRef,
    /// Whether the pie-rule swap was played.
    pub swapped: bool,
    /// The computer's level, when one player is the bot.
    pub ai_level: Option<Level>,
    /// Board size, queen height, pie rule.
    pub options: GameOptions,
    /// The per-move time limit, if any.
    pub move_time_ms: Option<i64>,
    /// Whether the result changes ratings.
    pub rated: bool,
    /// Where it stands.
    pub status: GameStatus,
    /// The result, once finished.
    pub result: Option<GameResult>,
    /// The current position.
    pub position: Position,
    /// The last move played, if any.
    pub last_move: Option<Move>,
    /// Who is to move, while active: the player to mention.
    pub to_move: Option<UserId>,
    /// When the player to move runs out of time.
    pub deadline_ms: Option<i64>,
    /// When to remind the player to move.
    pub remind_ms: Option<i64>,
    /// When it started.
    pub created_ms: i64,
    /// When the last move was played.
    pub last_move_ms: Option<i64>,
    /// When it finished or was aborted.
    pub finished_ms: Option<i64>,
    /// Where it is shown.
    pub place: Place,
    /// The language of its public messages (boards, reminders, results), picked when it
    /// started.
    pub lang: Lang,
    /// The finished game this is a rematch of.
    pub rematch_of: Option<GameId>,
    /// The address of its web page; `None` for a game stored before pages existed, until
    /// [`GameService::page_key`](super::GameService::page_key) gives it one.
    pub page_key: Option<PageKey>,
    /// The tournament it is a pairing of.
    pub tournament: Option<TournamentId>,
}

impl GameView {
    /// Plies played.
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.position.ply()
    }

    /// The person playing `color`.
    #[must_use]
    pub fn player(&self, color: Color) -> &PlayerRef {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The colour `user` plays, if they play.
    #[must_use]
    pub fn color_of(&self, user: UserId) -> Option<Color> {
        color_of(self.white.id, self.black.id, user)
    }

    /// Whether the game is still being played.
    #[must_use]
    pub fn is_active(&self) -> bool {
        self.status == GameStatus::Active
    }
}

/// A move that was applied, with the game after it.
#[derive(Debug, Clone, PartialEq)]
pub struct MovePlayed {
    /// The move, as the engine understood it.
    pub mv: Move,
    /// Who played it.
    pub by: UserId,
    /// The game after the move: new position, whose turn, deadline, and the result if it ended.
    pub game: GameView,
    /// The announcement of the move's board, queued with the move and handed out
    /// [`BOARD_GRACE_MS`](super::BOARD_GRACE_MS) later: the caller delivers the board itself
    /// and then reports it with
    /// [`GameService::announced`](super::GameService::announced) (or, for the computer's
    /// move, how it went, as attempt 0), so the outbox posts it only if the caller could not.
    /// `None` when the computer is to move next: its own board follows.
    pub announcement: Option<AnnouncementId>,
}

/// A game that just ended beside the board (a resignation, a claim, an abort), and the
/// announcement of its end.
#[derive(Debug, Clone, PartialEq)]
pub struct GameEnded {
    /// The game as it ended.
    pub game: GameView,
    /// Its end's announcement, queued with the end. Asked through the chat, it is handed out
    /// [`BOARD_GRACE_MS`](super::BOARD_GRACE_MS) later: the caller posts the end itself and
    /// then reports it with [`GameService::announced`](super::GameService::announced), so the
    /// outbox posts it only if the caller could not. `None` for a game played on its web page,
    /// which shows the end itself.
    pub announcement: Option<AnnouncementId>,
}

/// A game that just started, and the announcement of its first board.
#[derive(Debug, Clone, PartialEq)]
pub struct GameStarted {
    /// The new game.
    pub game: GameView,
    /// Its first board's announcement, queued with the game and handed out
    /// [`BOARD_GRACE_MS`](super::BOARD_GRACE_MS) later: the caller posts the board itself and
    /// then reports it with [`GameService::announced`](super::GameService::announced).
    pub announcement: AnnouncementId,
}

/// A game's full record for replay and export.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord {
    /// The game as it stands.
    pub game: GameView,
    /// Options and moves (R9.3); `Display` gives the pasteable text.
    pub record: Record,
    /// Who played each move and when, first ply first.
    pub moves: Vec<MoveRecord>,
}

/// A game whose stored moves do not reproduce its stored position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// The game.
    pub game: GameId,
    /// What disagrees.
    pub detail: String,
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "game #{}: {}", self.game, self.detail)
    }
}

/// The colour `user` plays in a game with these players.
pub(super) fn color_of(white: UserId, black: UserId, user: UserId) -> Option<Color> {
    if user == white {
        Some(Color::White)
    } else if user == black {
        Some(Color::Black)
    } else {
        None
    }
}

/// The side to move in a stored game: every move but `swap` passes the turn (R8.1).
fn turn_of(row: &GameRow) -> Color {
    if (row.ply - u32::from(row.swapped)).is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    }
}

/// The person playing `color` in a stored game.
pub(super) fn player_id(row: &GameRow, color: Color) -> UserId {
    match color {
        Color::White => row.white,
        Color::Black => row.black,
    }
}

fn result_of(row: &GameRow) -> Option<GameResult> {
    let (winner, reason) = (row.winner?, row.end_reason?);
    Some(GameResult {
        winner,
        winner_id: player_id(row, winner),
        loser_id: player_id(row, winner.other()),
        reason,
        rating_deltas: row.rating_deltas,
    })
}

pub(super) fn place_of(row: &GameRow) -> Place {
    Place {
        guild: row.guild,
        channel: row.channel,
        reach: row.reach,
        thread: row.thread,
        message: row.message,
    }
}

/// The short line for a stored game.
pub(super) fn summary(row: &GameRow) -> GameSummary {
    GameSummary {
        id: row.id,
        white: PlayerRef::new(row.white, row.white_name.clone()),
        black: PlayerRef::new(row.black, row.black_name.clone()),
        status: row.status,
        ply: row.ply,
        to_move: (row.status == GameStatus::Active).then(|| player_id(row, turn_of(row))),
        result: result_of(row),
        deadline_ms: row.deadline_ms,
        created_ms: row.created_ms,
        finished_ms: row.finished_ms,
        place: place_of(row),
    }
}

/// The stored position of a game.
pub(super) fn position_of(row: &GameRow) -> Result<Position, InternalError> {
    Position::from_text(&row.position).map_err(|e| InternalError::Corrupt {
        game: row.id,
        detail: format!("snapshot `{}`: {e}", row.position),
    })
}

/// The full view of a stored game, given its position and last move.
pub(super) fn view(row: GameRow, position: Position, last_move: Option<Move>) -> GameView {
    let result = result_of(&row);
    let place = place_of(&row);
    let to_move = (row.status == GameStatus::Active).then(|| player_id(&row, position.turn()));
    GameView {
        id: row.id,
        white: PlayerRef::new(row.white, row.white_name),
        black: PlayerRef::new(row.black, row.black_name),
        swapped: row.swapped,
        ai_level: row.ai_level,
        options: row.options,
        move_time_ms: row.move_time_ms,
        rated: row.rated,
        status: row.status,
        result,
        position,
        last_move,
        to_move,
        deadline_ms: row.deadline_ms,
        remind_ms: row.remind_ms,
        created_ms: row.created_ms,
        last_move_ms: row.last_move_ms,
        finished_ms: row.finished_ms,
        place,
        lang: row.lang,
        rematch_of: row.rematch_of,
        page_key: row.page_key,
        tournament: row.tournament,
    }
}

/// Rebuilds the last move from the position after it and its canonical notation: the piece on
/// the destination is the mover, `x` marks a capture (R9.1), and only a queen capture leaves a
/// side without its queen (R7.1).
pub(super) fn last_move_from(after: &Position, notation: &str) -> Option<Move> {
    match MoveText::parse(notation, after.size()).ok()? {
        MoveText::Swap => Some(Move::Swap),
        MoveText::Squares { from, to } => {
            let mover = after.piece_at(to)?;
            let capture = notation.contains('x').then(|| {
                if after.queen(mover.color.other()).is_none() {
                    Role::Queen
                } else {
                    Role::Baby
                }
            });
            Some(Move::Normal {
                role: mover.role,
                from,
                to,
                capture,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each kind of move comes back from the position after it and its notation.
    #[test]
    fn last_move_is_rebuilt_from_notation() {
        let games: [(bool, &[&str]); 2] = [
            // R8: swap, then queen moves giving birth.
            (true, &["g1-g7", "swap", "f12-f8"]),
            // R4.4: a queen captures a baby; R6: a baby approaches the enemy queen.
            (
                false,
                &[
                    "g1-g7", "f12-b8", "g7-g11", "b8-b7", "g11xf12", "b7-b6", "g1-g2",
                ],
            ),
        ];
        for (pie, moves) in games {
            let mut pos = Position::start(GameOptions::default().pie_rule(pie));
            for text in moves {
                let played = pos.play_str(text).unwrap();
                assert_eq!(last_move_from(&pos, &played.to_string()), Some(played));
            }
        }
        // R7.1: a queen capture.
        let mut pos = Position::start(GameOptions::default());
        let mut last = None;
        for text in ["g1-g6", "f12-f7", "g6xf7"] {
            last = Some(pos.play_str(text).unwrap());
        }
        let last = last.unwrap();
        assert_eq!(
            last,
            Move::Normal {
                role: Role::Queen,
                from: monkey_queen_core::Square::parse("g6", 12).unwrap(),
                to: monkey_queen_core::Square::parse("f7", 12).unwrap(),
                capture: Some(Role::Queen)
            }
        );
        assert_eq!(last_move_from(&pos, &last.to_string()), Some(last));
    }
}
