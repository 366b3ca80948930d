//! A challenge: one player's offer of a game, open or to someone, until it is answered.

use monkey_queen_core::GameOptions;

use super::{
    ChallengeId, ChallengeStatus, ChannelId, ColorChoice, GameId, GuildId, Lang, MessageId, Reach,
    UserId,
};

/// A challenge, pending or answered.
#[derive(Debug, Clone, PartialEq)]
pub struct Challenge {
    /// Its number.
    pub id: ChallengeId,
    /// Who challenges.
    pub challenger: UserId,
    /// Who is challenged; `None` for an open challenge.
    pub challenged: Option<UserId>,
    /// The server, if any.
    pub guild: Option<GuildId>,
    /// Where the challenge was made.
    pub channel: ChannelId,
    /// How the bot reaches the channel.
    pub reach: Reach,
    /// The language of its public messages (its message, its lapse).
    pub lang: Lang,
    /// The message that shows it, once posted.
    pub message: Option<MessageId>,
    /// Board size, queen height, pie rule.
    pub options: GameOptions,
    /// The challenger's colour.
    pub color: ColorChoice,
    /// The per-move time limit, if any.
    pub move_time_ms: Option<i64>,
    /// Whether the game will be rated.
    pub rated: bool,
    /// Where it stands.
    pub status: ChallengeStatus,
    /// When it was made.
    pub created_ms: i64,
    /// When it lapses unanswered.
    pub expires_ms: i64,
    /// When it was answered, withdrawn or expired.
    pub resolved_ms: Option<i64>,
    /// The game it started, once accepted.
    pub game: Option<GameId>,
    /// The finished game this is a rematch of.
    pub rematch_of: Option<GameId>,
}
