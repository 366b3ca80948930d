//! Plain data shared by the game service and storage: ids, the small enums that are stored
//! as text (a language among them), the daily puzzle's [`Day`], an interaction's token and
//! how a board can be edited, and the domain's records as storage reads them and the service
//! hands them out: a [`Challenge`], a [`Player`] and their rating history
//! ([`RatingAfterGame`]), a game's moves ([`MoveRecord`]), a [`Tournament`] with its
//! [`Entrant`]s, [`Pairing`]s and organiser's [`LogLine`]s, and the daily puzzle's
//! [`DailySolver`]s. No I/O here.

mod challenge;
mod day;
mod moves;
mod player;
mod puzzle;
mod tournament;

use std::fmt;

use monkey_queen_core::Color;
/// The computer's level: the engine's own type, stored as [`level_word`].
pub use monkey_queen_core::search::Level;

pub use challenge::Challenge;
pub use day::{Day, NotADay};
pub use moves::MoveRecord;
pub use player::{Player, RatingAfterGame};
pub use puzzle::DailySolver;
pub use tournament::{Entrant, LogLine, Pairing, Tournament};

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
row_id!(
    /// An announcement in the outbox, numbered by the database.
    AnnouncementId
);
row_id!(
    /// A tournament, numbered by the database.
    TournamentId
);
row_id!(
    /// A puzzle, numbered by the database.
    PuzzleId
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
    /// How the bot reaches the players of a challenge or game in its channel.
    Reach {
        /// The bot may post in the channel: it was invited to the server (with the permissions
        /// a board needs there), or the channel is the bot's own DM.
        Channel = "channel",
        /// The app is only user-installed there (a group DM, a DM between users, a server that
        /// did not invite the bot): everything goes through interactions, their answers and
        /// follow-ups, and what needs no interaction goes to the players' DMs.
        Interactions = "interactions",
        /// The game is played on its web page only (`monkey-queen web`): no Discord channel,
        /// nothing to announce there.
        Web = "web",
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
    /// How a tournament pairs its players.
    TournamentFormat {
        /// Everyone meets everyone once (Berger tables).
        RoundRobin = "round_robin",
        /// A set number of rounds paired by score (FIDE Dutch system).
        Swiss = "swiss",
    }
);

stored_enum!(
    /// Where a tournament stands.
    TournamentStatus {
        /// Taking sign-ups.
        SignUp = "signup",
        /// Playing its rounds.
        Running = "running",
        /// Over: its final standings are out.
        Finished = "finished",
    }
);

stored_enum!(
    /// How one pairing of a tournament round ended, or that it has not yet.
    PairingResult {
        /// Its game is being played.
        Pending = "pending",
        /// White won: over the board, or as the organiser decided.
        White = "white",
        /// Black won.
        Black = "black",
        /// White won because Black did not play (withdrawn).
        WhiteForfeit = "white_forfeit",
        /// Black won because White did not play.
        BlackForfeit = "black_forfeit",
        /// The player had the round's bye, worth a win.
        Bye = "bye",
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
        /// The loser let a game without a clock lie for a week, and the other player claimed
        /// it.
        Abandoned = "abandoned",
    }
);

stored_enum!(
    /// The per-move time limits a challenge can choose (none, 10 minutes, 1 hour,
    /// 1 day, 3 days). The stored word doubles as the command option's value.
    ClockChoice {
        /// No clock: nobody runs out of time.
        Unlimited = "none",
        /// Ten minutes per move.
        TenMinutes = "10m",
        /// One hour per move.
        OneHour = "1h",
        /// One day per move (the default).
        OneDay = "1d",
        /// Three days per move.
        ThreeDays = "3d",
    }
);

impl ClockChoice {
    /// Every choice in the order a menu shows them: no clock, then shortest to longest.
    pub const ALL: [ClockChoice; 5] = [
        ClockChoice::Unlimited,
        ClockChoice::TenMinutes,
        ClockChoice::OneHour,
        ClockChoice::OneDay,
        ClockChoice::ThreeDays,
    ];

    /// The time limit per move in milliseconds; `None` for no clock.
    #[must_use]
    pub const fn ms(self) -> Option<i64> {
        const MINUTE: i64 = 60 * 1000;
        match self {
            ClockChoice::Unlimited => None,
            ClockChoice::TenMinutes => Some(10 * MINUTE),
            ClockChoice::OneHour => Some(60 * MINUTE),
            ClockChoice::OneDay => Some(24 * 60 * MINUTE),
            ClockChoice::ThreeDays => Some(3 * 24 * 60 * MINUTE),
        }
    }

    /// The English name, e.g. "10 minutes" or "no clock" (other languages: `i18n`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ClockChoice::Unlimited => "no clock",
            ClockChoice::TenMinutes => "10 minutes",
            ClockChoice::OneHour => "1 hour",
            ClockChoice::OneDay => "1 day",
            ClockChoice::ThreeDays => "3 days",
        }
    }

    /// The choice with exactly this limit (`None`: no clock), if it is one of the choices.
    #[must_use]
    pub fn from_ms(ms: Option<i64>) -> Option<ClockChoice> {
        ClockChoice::ALL.into_iter().find(|c| c.ms() == ms)
    }
}

impl Default for ClockChoice {
    /// One day per move.
    fn default() -> ClockChoice {
        ClockChoice::OneDay
    }
}

stored_enum!(
    /// Which way a server's boards are drawn.
    BoardOrientation {
        /// White always at the bottom.
        WhiteBottom = "white_bottom",
        /// Turned so the player to move sits at the bottom.
        ToMove = "to_move",
    }
);

impl BoardOrientation {
    /// The colour drawn at the bottom when `to_move` is to play.
    #[must_use]
    pub const fn bottom(self, to_move: Color) -> Color {
        match self {
            BoardOrientation::WhiteBottom => Color::White,
            BoardOrientation::ToMove => to_move,
        }
    }
}

impl Default for BoardOrientation {
    /// White at the bottom.
    fn default() -> BoardOrientation {
        BoardOrientation::WhiteBottom
    }
}

stored_enum!(
    /// The colours boards are drawn in: a player's own choice for the boards only they see,
    /// a server's for its public boards. The same three themes as the web board's
    /// (`web/board.js`).
    BoardColors {
        /// The bot's own colours: green squares, ivory and tobacco checkers.
        Standard = "standard",
        /// Safe for every colour blindness: grey squares, Okabe and Ito's blue and orange
        /// highlights.
        Colorblind = "colorblind",
        /// High contrast: white and grey squares, black and white checkers.
        High = "high",
    }
);

impl BoardColors {
    /// Every theme, in the order menus list them.
    pub const ALL: [BoardColors; 3] = [
        BoardColors::Standard,
        BoardColors::Colorblind,
        BoardColors::High,
    ];
}

impl Default for BoardColors {
    /// The bot's own colours.
    fn default() -> BoardColors {
        BoardColors::Standard
    }
}

stored_enum!(
    /// Work that takes a core for a while, held to a cooldown per player and kind.
    Heavy {
        /// An animated replay.
        Replay = "replay",
        /// The engine's analysis of a game.
        Analysis = "analysis",
    }
);

/// A language the bot speaks, stored as its [tag](Lang::tag) (the words, and which language
/// a Discord locale or a browser asks for, are in `i18n`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English, the default.
    #[default]
    En,
    /// Spanish.
    Es,
    /// French.
    Fr,
    /// German.
    De,
    /// Brazilian Portuguese.
    PtBr,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 5] = [Lang::En, Lang::Es, Lang::Fr, Lang::De, Lang::PtBr];

    /// The language's tag, which is also its folder under `locales/` and the word stored.
    #[must_use]
    pub const fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
            Lang::Fr => "fr",
            Lang::De => "de",
            Lang::PtBr => "pt-BR",
        }
    }

    /// The language whose [tag](Lang::tag) this is exactly; `None` for anything else.
    #[must_use]
    pub fn from_tag(tag: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|lang| lang.tag() == tag)
    }
}

/// An interaction's token, which lets the bot answer and follow up that interaction while
/// Discord honours it. Anyone holding it can post as the bot there, so it is never shown: its
/// `Debug` says only that it is one, and it has no `Display`.
#[derive(Clone, PartialEq, Eq)]
pub struct InteractionToken(String);

impl InteractionToken {
    /// Wraps the token Discord sent with an interaction.
    pub fn new(token: impl Into<String>) -> InteractionToken {
        InteractionToken(token.into())
    }

    /// The token itself, for the request that uses it (and for storing it).
    #[must_use]
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for InteractionToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("InteractionToken(redacted)")
    }
}

/// The unguessable part of a game's web address (`/g/{key}`): 128 random bits from the
/// operating system, as 32 lower-case hexadecimal digits. Whoever has it may watch the game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PageKey(String);

impl PageKey {
    /// How many characters a key has.
    pub const LEN: usize = 32;

    /// A new random key.
    ///
    /// # Panics
    /// Only if the operating system has no source of randomness, which nothing can run without.
    #[must_use]
    pub fn random() -> PageKey {
        let mut bits = [0u8; 16];
        getrandom::fill(&mut bits).expect("the operating system's randomness");
        PageKey(bits.iter().map(|b| format!("{b:02x}")).collect())
    }

    /// A key as written in an address; `None` unless it is exactly 32 lower-case hex digits.
    #[must_use]
    pub fn parse(text: &str) -> Option<PageKey> {
        let valid = text.len() == Self::LEN
            && text
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        valid.then(|| PageKey(text.to_owned()))
    }

    /// The key as written in the address.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for PageKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// How a board message can be edited later (to take its buttons off once a newer board is
/// out).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Editable {
    /// A message the bot posted in a channel it may post in.
    InChannel(ChannelId),
    /// The answer (`original`) or a follow-up of the interaction with this token.
    ByToken {
        /// The interaction's token.
        token: InteractionToken,
        /// Whether the board is the interaction's own answer.
        original: bool,
        /// When the interaction arrived (service clock).
        received_ms: i64,
        /// The channel it is in, when the bot may also edit it there once the token no longer
        /// serves (an edit through the token counts against no rate limit, so it goes first:
        /// a burst of games starting at once would meet the global limit in channels).
        channel: Option<ChannelId>,
    },
}

/// Who is looking at a list of games: a game played in another server, or in direct
/// messages, is listed only to its own players.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Viewer {
    /// The person asking.
    pub user: UserId,
    /// The server they ask in (`None` in direct messages).
    pub guild: Option<GuildId>,
}

/// Who reads an answer, which decides the games a list in it may name (see
/// `games::visibility`): one person, or everyone who reads the channel it is posted in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    /// The viewer alone (an answer only they see): the games they may see.
    Only(Viewer),
    /// Everyone who reads a channel of this server (a public answer there): its games.
    Server(GuildId),
    /// Everyone in this DM or group DM (a public answer there): the games played in it.
    Channel(ChannelId),
}

/// A server's settings; a server that never changed them has the defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GuildSettings {
    /// Whether each new game gets its own thread (default: off).
    pub threads: bool,
    /// The clock of a challenge that names none (default: one day).
    pub default_clock: ClockChoice,
    /// How boards are drawn (default: White at the bottom).
    pub orientation: BoardOrientation,
    /// Whether members without Manage Server may create tournaments and start their own
    /// (default: off).
    pub tournament_organisers: bool,
    /// The colours of the server's public boards (default: the bot's own); a player's own
    /// choice colours the boards only they see.
    pub board_colors: BoardColors,
}

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

/// The stored word for the computer's level: its name (`easy`, `medium`, `hard`, `max`).
#[must_use]
pub const fn level_word(level: Level) -> &'static str {
    level.name()
}

/// Reads a stored level word back, exactly as [`level_word`] writes it.
#[must_use]
pub fn level_from_word(word: &str) -> Option<Level> {
    Level::ALL.into_iter().find(|level| level.name() == word)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Games against the computer were stored with these words before the level became the
    /// engine's type; they must read back the same.
    #[test]
    fn languages_keep_their_stored_tags_and_tokens_stay_hidden() {
        for lang in Lang::ALL {
            assert_eq!(Lang::from_tag(lang.tag()), Some(lang));
        }
        assert_eq!(Lang::from_tag("pt-br"), None, "exactly as stored");
        let editable = Editable::ByToken {
            token: InteractionToken::new("aW50ZXJhY3Rpb24"),
            original: true,
            received_ms: 1,
            channel: None,
        };
        assert!(!format!("{editable:?}").contains("aW50ZXJhY3Rpb24"));
    }

    #[test]
    fn levels_keep_their_stored_words() {
        for (level, word) in [
            (Level::Easy, "easy"),
            (Level::Medium, "medium"),
            (Level::Hard, "hard"),
            (Level::Max, "max"),
        ] {
            assert_eq!(level_word(level), word);
            assert_eq!(level_from_word(word), Some(level));
        }
        for stray in ["Easy", " hard", "expert", ""] {
            assert_eq!(level_from_word(stray), None, "{stray:?}");
        }
    }
}

/// A secret (the bot token, the app's OAuth2 client secret). Its `Debug` output is redacted,
/// so it never reaches a log line.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// Wraps a secret string.
    pub fn new(secret: impl Into<String>) -> Secret {
        Secret(secret.into())
    }

    /// The secret itself, for the one request that sends it.
    #[must_use]
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(<redacted>)")
    }
}
