//! Plain data shared by the game service and storage: ids and the small enums that are
//! stored as text. No I/O here.

use std::fmt;

use monkey_queen_core::Color;

macro_rules! discord_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u64);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}

discord_id!(
    /// A Discord user (a person, or the bot itself in games against the computer).
    UserId
);
discord_id!(
    /// A Discord server.
    GuildId
);
discord_id!(
    /// A Discord channel or thread.
    ChannelId
);
discord_id!(
    /// A Discord message.
    MessageId
);

macro_rules! row_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub i64);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}

row_id!(
    /// A game, numbered by the database.
    GameId
);
row_id!(
    /// A challenge, numbered by the database.
    ChallengeId
);

/// Declares an enum stored as a fixed lower-case word.
macro_rules! stored_enum {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vdoc])* $variant),+
        }

        impl $name {
            /// The word stored in the database.
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }

            /// Reads the stored word back; `None` for anything else.
            #[must_use]
            pub fn from_stored(text: &str) -> Option<$name> {
                match text {
                    $($text => Some($name::$variant),)+
                    _ => None,
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

stored_enum!(
    /// The colour the challenger asks for.
    ColorChoice {
        /// The challenger plays White and moves first.
        White = "white",
        /// The challenger plays Black.
        Black = "black",
        /// Decided by chance when the game starts.
        Random = "random",
    }
);

stored_enum!(
    /// How strong the computer plays in a game against the bot.
    AiLevel {
        /// The weakest level.
        Easy = "easy",
        /// The middle level.
        Medium = "medium",
        /// The strongest level.
        Hard = "hard",
    }
);

stored_enum!(
    /// Where a challenge stands.
    ChallengeStatus {
        /// Waiting for an answer.
        Pending = "pending",
        /// Accepted: a game started.
        Accepted = "accepted",
        /// Refused by the challenged player.
        Declined = "declined",
        /// Withdrawn by the challenger.
        Cancelled = "cancelled",
        /// Not answered in time.
        Expired = "expired",
    }
);

stored_enum!(
    /// Where a game stands.
    GameStatus {
        /// Being played.
        Active = "active",
        /// Over, with a winner (R7: no draws).
        Finished = "finished",
        /// Called off before both players had moved; no result (R7.4).
        Aborted = "aborted",
    }
);

stored_enum!(
    /// Why a finished game ended (R7).
    EndReason {
        /// R7.1: the loser's queen was captured.
        QueenCaptured = "queen_captured",
        /// R7.2: the loser had no legal move.
        NoLegalMoves = "no_legal_moves",
        /// R7.4: the loser resigned.
        Resignation = "resignation",
        /// R7.4: the loser ran out of time on the move clock.
        Timeout = "timeout",
    }
);

impl From<monkey_queen_core::WinReason> for EndReason {
    fn from(reason: monkey_queen_core::WinReason) -> EndReason {
        match reason {
            monkey_queen_core::WinReason::QueenCaptured => EndReason::QueenCaptured,
            monkey_queen_core::WinReason::NoLegalMoves => EndReason::NoLegalMoves,
        }
    }
}

/// The stored word for a colour: `white` or `black`.
#[must_use]
pub const fn color_word(color: Color) -> &'static str {
    color.name()
}

/// Reads a stored colour word back.
#[must_use]
pub fn color_from_word(word: &str) -> Option<Color> {
    match word {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}
