//! Every text the bot writes, in English, Spanish, French, German and Brazilian Portuguese. A
//! message is a [`Msg`] value; [`Lang::text`] renders it. The words are Project Fluent files,
//! one folder per language under `locales/` (see `bundles`); the layout, which messages with
//! which values, is written once, in `render`. Which language to answer in, for a Discord
//! locale or a browser's `Accept-Language`, is read from one table in `negotiate`. The tests
//! render every message in every language and check that each folder has exactly the English
//! message ids.

mod alt_text;
mod bundles;
mod lessons;
mod negotiate;
mod puzzles;
mod refusals;
mod render;
mod tournaments;
mod web;

use monkey_queen_core::analysis::Mistake;
use monkey_queen_core::{Color, GameOptions, Move, Role, Square};

use crate::games::lessons::{Exercise, LessonAt, Mark, Stage, Why};
use crate::games::{
    Challenge, DailySolver, GameResult, GameSummary, GameView, HistoryPage, LeaderboardPage, Page,
    PlayerStats, PuzzleStats, PuzzleView, RatingChange, Tournament, TournamentView, UserError,
};
use crate::model::{BoardColors, Day, GameId, GuildSettings, Level, PuzzleId, UserId};

pub use crate::model::Lang;
pub use alt_text::{BoardShown, MAX_CHARS as MAX_ALT_TEXT_CHARS};
pub use web::{web_strings, web_text};

impl Lang {
    /// The position of this language in [`Lang::ALL`].
    const fn index(self) -> usize {
        self as usize
    }

    /// The computer's level in this language ("medium", "medio").
    #[must_use]
    pub fn level_name(self, level: Level) -> String {
        render::level_name(self, level)
    }

    /// The alt text of a board picture (see `alt_text`).
    #[must_use]
    pub fn board_alt(self, shown: BoardShown<'_>) -> String {
        alt_text::board(render::Texts(self), shown, alt_text::MAX_CHARS)
    }

    /// The alt text of game `game`'s replay GIF, whose last frame is `last_frame`.
    #[must_use]
    pub fn replay_alt(self, game: GameId, last_frame: BoardShown<'_>) -> String {
        alt_text::replay(render::Texts(self), game.0, last_frame)
    }

    /// The alt text of game `game`'s analysis picture, which marks `mistakes` mistakes and ends
    /// at `end`.
    #[must_use]
    pub fn analysis_alt(self, game: GameId, mistakes: usize, end: BoardShown<'_>) -> String {
        alt_text::analysis(render::Texts(self), game.0, mistakes, end)
    }

    /// A lesson stage's title.
    #[must_use]
    pub fn lesson_title(self, stage: &Stage) -> String {
        lessons::title(render::Texts(self), stage)
    }

    /// The rule a lesson stage teaches.
    #[must_use]
    pub fn lesson_rule(self, stage: &Stage) -> String {
        lessons::rule(render::Texts(self), stage)
    }

    /// What a lesson's exercise asks for.
    #[must_use]
    pub fn lesson_task(self, exercise: &Exercise) -> String {
        lessons::task(render::Texts(self), exercise)
    }

    /// Why a try at a lesson's exercise is not the answer.
    #[must_use]
    pub fn lesson_why(self, why: &Why) -> String {
        lessons::why(render::Texts(self), why)
    }

    /// A right answer in a lesson, with the stage's stars (out of 3) when it ends the stage.
    #[must_use]
    pub fn lesson_right(self, stage_stars: Option<u8>) -> String {
        lessons::right(render::Texts(self), stage_stars)
    }

    /// Renders a message in this language.
    #[must_use]
    pub fn text(self, msg: &Msg<'_>) -> String {
        render::text(self, msg)
    }

    /// A command's, option's or choice's name or description from `commands.ftl` (see
    /// `locales/en/commands.ftl` for the ids), if this language has it.
    #[must_use]
    pub fn command_text(self, id: &str) -> Option<String> {
        bundles::command_text(self, id)
    }
}

/// Every id of English `commands.ftl`: command, option and choice names and descriptions.
#[must_use]
pub fn command_ids() -> Vec<String> {
    bundles::ids(Lang::En, "commands.ftl")
}

/// The label of a button.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Button {
    /// Accept a challenge.
    Accept,
    /// Decline a challenge.
    Decline,
    /// Withdraw one's own challenge.
    Cancel,
    /// Start resigning a game (asks for confirmation).
    Resign,
    /// Confirm a resignation.
    ConfirmResign,
    /// Post the animated replay of a finished game.
    Replay,
    /// Offer a rematch with colours swapped.
    Rematch,
    /// Pick a piece, then its destination, instead of typing a move.
    Move,
    /// Open the game's page on the web (a link).
    WebPage,
    /// Open the Activity on the game: its page inside Discord, played by taps.
    PlayOnBoard,
    /// Post the engine's analysis of a finished game.
    Analyse,
    /// Take the win of a game the other player left (see `games::Claim`).
    ClaimWin,
    /// End a game the other player left with no result.
    CallOff,
    /// Sign up for a tournament.
    JoinTournament,
    /// Leave a tournament's list of players.
    LeaveTournament,
    /// Give a puzzle up and see its solution.
    Solution,
    /// Open the daily puzzle from its post.
    Solve,
}

/// A word of a tournament's crosstable picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CrosstableWord {
    /// The place column.
    Rank,
    /// The players' column.
    Player,
    /// A round's column.
    Round,
    /// The points column.
    Points,
    /// The mark of a withdrawn player.
    Withdrawn,
    /// A round a player sat out with the bye.
    Bye,
}

/// A word of the analysis picture or the rating chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChartWord {
    /// The x axis of the advantage chart: plies.
    Ply,
    /// The top and bottom edges of the advantage chart, where forced wins are drawn.
    Win,
    /// Before the move played in a mistake's diagram.
    Played,
    /// Before the engine's move in the other diagram.
    Better,
    /// Shown when no move was a mistake.
    NoMistakes,
    /// The x axis of the rating chart.
    RatedGames,
}

/// A message the bot can write. Data comes along; wording lives in `locales/`.
#[derive(Debug, Clone)]
pub enum Msg<'a> {
    /// A move in words: "White queen g1–g7, a baby is born on g1".
    MoveInWords {
        /// Who moved.
        mover: Color,
        /// The move.
        mv: Move,
    },
    /// A request the service refused, with its reason.
    Refused(&'a UserError),
    /// A colour's name, capitalised: "White".
    ColorName(Color),
    /// Something failed on our side; the details went to the log.
    Internal,
    /// The database can't be reached (down, restarting, or overloaded): try again in a moment.
    DatabaseUnreachable,
    /// A button's label.
    Label(Button),
    /// The options of a game in words: "12×12, queens of 20, no pie rule".
    Options(GameOptions),
    /// A per-move time limit in words ("1 day per move", or no clock).
    Clock(Option<i64>),
    /// A challenge message: who challenges whom, with what options, until when.
    ChallengePosted(&'a Challenge),
    /// A challenge that is no longer open: accepted, declined, cancelled or expired.
    ChallengeClosed {
        /// The challenge.
        challenge: &'a Challenge,
        /// Who answered it, when someone did.
        by: Option<UserId>,
    },
    /// The first board message of a game: who plays which colour and who moves first.
    GameStarted(&'a GameView),
    /// The board message after a move: the move in words and who is to move now, or the result.
    MovePosted {
        /// The game after the move.
        game: &'a GameView,
        /// The move and who made it.
        mover: Color,
        /// The move.
        mv: Move,
    },
    /// The board shown again on request.
    BoardShown(&'a GameView),
    /// The end of a game: who won and why, rating changes.
    GameOver(&'a GameView, &'a GameResult),
    /// A game the other player left, called off by the one who waited.
    CalledOff {
        /// The game.
        game: GameId,
        /// Who called it off.
        by: UserId,
    },
    /// A game called off before both players moved.
    Aborted {
        /// The game.
        game: GameId,
        /// Who aborted it.
        by: UserId,
    },
    /// The caption line over a board picture: whose turn, or the result.
    StatusLine(&'a GameView),
    /// The name of the first or second person playing at one screen on the web.
    WebPlayer(u8),
    /// The computer's name in a game played on the web.
    WebComputer,
    /// A request to the pages' API whose body is not what the page sends.
    WebBadRequest,
    /// The picker's first step: which piece to move (the board marks those that can).
    PickPiece(GameId),
    /// The picker's second step: where the piece on `from` goes (its moves are marked).
    PickDestination {
        /// The game.
        game: GameId,
        /// The chosen piece's square.
        from: Square,
    },
    /// The placeholder of the piece menu.
    ChoosePiece,
    /// The placeholder of the destination menu.
    ChooseDestination,
    /// A piece in the piece menu: "Queen on g1".
    PieceOnSquare {
        /// Queen or baby.
        role: Role,
        /// Where it stands.
        square: Square,
    },
    /// Ephemeral answer to a move made outside its game's thread: the board went there.
    BoardInThread {
        /// The move played.
        mv: Move,
        /// The game's thread (a Discord channel id).
        thread: u64,
    },
    /// Ephemeral answer to a move whose board goes to the game's own place, which is not where
    /// the move was made (a board that came by DM, `/move game:` from elsewhere).
    BoardElsewhere {
        /// The move played.
        mv: Move,
        /// The game.
        game: GameId,
    },
    /// The private answer to a deferred move, whose board follows as a new message.
    MovePlayed(Move),
    /// The private answer to a deferred command whose public answer follows.
    Done,
    /// Ephemeral question before resigning.
    ConfirmResign(GameId),
    /// The legal moves of a piece, shown with `/moves`.
    PieceMoves {
        /// The square asked about.
        square: monkey_queen_core::Square,
        /// How many moves it has.
        count: usize,
    },
    /// A page of the caller's active games in this server (`/games`).
    GamesList {
        /// The page, oldest games first.
        page: &'a Page<GameSummary>,
        /// The caller.
        viewer: UserId,
    },
    /// The rules in short.
    Rules,
    /// Challenging a bot account other than this one.
    OtherBot,
    /// A button this bot does not know (or no longer serves).
    UnknownButton,
    /// The Play on the board button of a bot whose Activity is off now.
    ActivityOff,
    /// A slash command this bot does not have (an old registration, or a forged payload).
    UnknownCommand,
    /// A slash command whose options do not match the command: one missing, of the wrong
    /// type, unknown or out of range.
    MalformedCommand,
    /// The one reminder to the player to move, with the deadline as a relative timestamp.
    Reminder(&'a GameView),
    /// A player's rating, counts, streak and recent results (`/stats`).
    Stats(&'a PlayerStats),
    /// A page of a leaderboard (`/leaderboard`).
    Leaderboard {
        /// The page.
        page: &'a LeaderboardPage,
        /// Everyone's board rather than this server's.
        global: bool,
    },
    /// A page of a player's finished games (`/history`).
    History {
        /// Whose games.
        user: UserId,
        /// The page.
        page: &'a HistoryPage,
    },
    /// The caption of a replay: the game, and its record (`None`: the record is attached as a
    /// file, being too long for a message).
    Replay {
        /// The game.
        game: &'a GameView,
        /// The record's text.
        record: Option<&'a str>,
    },
    /// A server's settings (`/settings`), after a change when `saved`.
    Settings {
        /// The settings.
        settings: &'a GuildSettings,
        /// Whether they were just changed.
        saved: bool,
    },
    /// `/colours`: the colours of the boards only the caller sees, after a change when
    /// `saved`.
    OwnBoardColors {
        /// The colours (the standard ones when the player never chose).
        colors: BoardColors,
        /// Whether they were just chosen.
        saved: bool,
    },
    /// `/settings` by someone without the Manage Server permission.
    NotManager,
    /// A command that only works in a server.
    ServerOnly,
    /// The name of a game's own thread.
    ThreadName(&'a GameView),
    /// A game among the suggestions of a `game` option: its number and the opponent's name
    /// ("#7 vs Ana"), plain text.
    GameChoice {
        /// The game.
        game: GameId,
        /// The other player's name, as shown (already shortened to fit).
        opponent: &'a str,
    },
    /// The text beside an analysis picture: the game, its biggest mistakes in words (each
    /// with the engine's better move) and its turning points.
    Analysis {
        /// The game.
        game: &'a GameView,
        /// The mistakes shown, in the order played.
        mistakes: &'a [Mistake],
        /// Plies after which the lead changed hands.
        turning_points: &'a [u32],
    },
    /// The title line of an analysis picture (names, not mentions).
    AnalysisTitle(&'a GameView),
    /// The caption over a mistake's diagrams: its number, ply and mover.
    MistakeCaption {
        /// 1-based, as marked on the chart.
        number: usize,
        /// The mistake.
        mistake: &'a Mistake,
    },
    /// A word of a chart.
    ChartWord(ChartWord),
    /// A tournament's own message: its settings, its players and where it stands.
    TournamentPosted(&'a TournamentView),
    /// The pairings of a tournament's round, boards numbered, the bye named.
    TournamentRound {
        /// The tournament.
        tournament: &'a TournamentView,
        /// The round (1-based).
        round: u32,
    },
    /// The end of a tournament: its winner and final standings, or that it ended unplayed.
    TournamentFinal(&'a TournamentView),
    /// A tournament's standings as they stand (`/tournament standings`).
    TournamentStandings(&'a TournamentView),
    /// The line under a crosstable picture's title: the format and how far it has got.
    CrosstableSubtitle(&'a TournamentView),
    /// A word of a crosstable picture.
    CrosstableWord(CrosstableWord),
    /// A page of a server's tournaments (`/tournament list`).
    TournamentList(&'a Page<Tournament>),
    /// A tournament among the suggestions of a `tournament` option (plain text).
    TournamentChoice(&'a Tournament),
    /// The name of a tournament's thread.
    TournamentThreadName(&'a Tournament),
    /// The private answer to joining a tournament.
    TournamentJoined(&'a Tournament),
    /// The private answer to leaving a tournament: off the list before the start, withdrawn
    /// after it.
    TournamentLeft(&'a Tournament),
    /// The private answer to the organiser who withdrew a player.
    TournamentWithdrew {
        /// The tournament.
        tournament: &'a Tournament,
        /// The player withdrawn.
        player: UserId,
    },
    /// The private answer to starting a tournament.
    TournamentStarted(&'a Tournament),
    /// The private answer to the organiser who replaced a result.
    TournamentResultSet {
        /// The tournament.
        tournament: &'a Tournament,
        /// The round.
        round: u32,
        /// The board.
        board: u32,
        /// Who wins that pairing now.
        winner: UserId,
    },
    /// The text beside a tournament's exported files.
    TournamentExported(&'a Tournament),
    /// A puzzle as its solver sees it: number (or day), rating, themes and what to find.
    Puzzle(&'a PuzzleView),
    /// The header line over a puzzle's picture.
    PuzzleCaption(&'a PuzzleView),
    /// The picker's steps in a puzzle: which piece, then (`from` chosen) where it goes.
    PuzzlePick {
        /// The puzzle.
        puzzle: PuzzleId,
        /// The piece chosen, at the second step.
        from: Option<Square>,
    },
    /// A right move in a puzzle: the defender's reply, and the next move asked for.
    PuzzleRight {
        /// The puzzle after the reply.
        puzzle: &'a PuzzleView,
        /// The player's move.
        mv: Move,
        /// The reply.
        reply: Move,
    },
    /// A puzzle solved, with the rating change and streak of a rated one.
    PuzzleSolved {
        /// The puzzle after the last move.
        puzzle: &'a PuzzleView,
        /// The last move.
        mv: Move,
        /// The solver's puzzle rating's change (rated puzzles).
        rating: Option<RatingChange>,
        /// Puzzles solved in a row now (rated puzzles).
        streak: Option<u32>,
    },
    /// A wrong move: the solution, or (the daily puzzle) try again.
    PuzzleWrong {
        /// The puzzle as it was before the move.
        puzzle: &'a PuzzleView,
        /// The wrong move.
        mv: Move,
        /// The solution from there.
        solution: &'a [Move],
        /// The solver's puzzle rating's change (rated puzzles).
        rating: Option<RatingChange>,
        /// Whether they may try again.
        retry: bool,
    },
    /// A puzzle given up: the rest of its solution.
    PuzzleGivenUp {
        /// The puzzle.
        puzzle: &'a PuzzleView,
        /// The solution from where the player stood.
        solution: &'a [Move],
        /// The solver's puzzle rating's change (rated puzzles).
        rating: Option<RatingChange>,
    },
    /// The daily puzzle's post in a server's channel.
    DailyPost(&'a PuzzleView),
    /// A lesson's exercise in `/learn` (or the end of the lessons), after what the last try did.
    Lesson {
        /// Where the player stands now.
        at: &'a LessonAt,
        /// What the last try did.
        note: LessonNote<'a>,
    },
    /// The header line over a lesson's picture.
    LessonCaption(&'a LessonAt),
    /// The picker's steps in a lesson: which piece, then (`from` chosen) where it goes.
    LessonPick {
        /// Where the player stands.
        at: &'a LessonAt,
        /// The piece chosen, at the second step.
        from: Option<Square>,
    },
    /// A lesson's destination menu: a square the piece may not go to, offered to be tried.
    LessonTrySquare,
    /// The challenge message's line for an opponent who has never played: `/learn` offered.
    LearnOffer(UserId),
    /// The solvers of the daily puzzle of `day`, first first (`/leaderboard scope:puzzles`).
    DailySolvers {
        /// The day.
        day: Day,
        /// Who solved it.
        solvers: &'a [DailySolver],
    },
    /// A player's puzzle rating and record, a line of `/stats`.
    PuzzleStats(&'a PuzzleStats),
    /// Where the server's daily puzzle is posted (a channel id), or that it is not.
    DailyPuzzleChannel(Option<u64>),
    /// Posted in the channel just chosen for the daily puzzle.
    DailyPuzzleChannelChosen,
    /// `/settings` naming a channel for the daily puzzle where the bot can't post.
    DailyPuzzleChannelUnreachable(u64),
    /// `/settings` choosing a daily puzzle channel and turning it off at once.
    DailyPuzzleChannelConflict,
}

/// What the last try at a lesson did, told above the exercise shown.
#[derive(Debug, Clone, Copy)]
pub enum LessonNote<'a> {
    /// Nothing yet: the exercise just opened.
    Start,
    /// The answer, and the stage with its stars when it ended one.
    Right {
        /// The move played.
        mv: Move,
        /// The stage finished, and its stars.
        finished: Option<(&'static Stage, u8)>,
    },
    /// Not the answer: why, and the squares the board shows.
    Wrong {
        /// Why.
        why: &'a Why,
        /// The squares marked.
        marks: &'a [Mark],
    },
}

/// The most characters of someone's text quoted back (a tournament's name fits whole).
const MOST_ECHOED: usize = 80;

/// User text as it may be quoted back in `code`: control characters and invisible formatting
/// (bidi overrides, zero-width spaces) shown as `�`, backticks as `'`, so they cannot garble
/// the message, and at most [`MOST_ECHOED`] characters (then `…`); `None` when only spaces are
/// left.
fn echo(text: &str) -> Option<String> {
    let shown: String = text
        .chars()
        .map(|c| match c {
            '`' => '\'',
            c if c.is_control() || invisible(c) => char::REPLACEMENT_CHARACTER,
            c => c,
        })
        .collect();
    let shown = shown.trim();
    if shown.is_empty() {
        return None;
    }
    let mut clipped: String = shown.chars().take(MOST_ECHOED).collect();
    if clipped.len() < shown.len() {
        clipped.push('…');
    }
    Some(clipped)
}

/// Unicode format characters that change how the text around them shows, or show nothing.
fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{061C}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{2069}'
            | '\u{FEFF}'
    )
}

/// How many games a refusal that asks "which game?" names; the others are counted.
const NAMED_GAMES: usize = 10;

/// The numbers of the first [`NAMED_GAMES`] of `games` (`#3, #8`) and how many are left out.
fn game_numbers(games: &[GameSummary]) -> (String, usize) {
    let named: Vec<String> = games
        .iter()
        .take(NAMED_GAMES)
        .map(|g| format!("#{}", g.id))
        .collect();
    (named.join(", "), games.len().saturating_sub(NAMED_GAMES))
}

/// A link to the message where a game's board was last posted, when there is one. Boards
/// after the first are in the game's thread, if it has one; the first stays in the channel,
/// and is the message the thread was started from, so it shares the thread's id.
#[must_use]
pub fn link(place: &crate::games::Place) -> Option<String> {
    let message = place.message?;
    let channel = match place.thread {
        Some(thread) if thread.0 != message.0 => thread,
        _ => place.channel,
    };
    let guild = place
        .guild
        .map_or_else(|| "@me".to_owned(), |g| g.to_string());
    Some(format!(
        "https://discord.com/channels/{guild}/{channel}/{message}"
    ))
}

#[cfg(test)]
mod puzzle_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tournament_tests;
#[cfg(test)]
mod wording_tests;

/// The words of an analysis picture in `lang`, under `title`, with a caption for each of
/// `mistakes`.
pub fn analysis_texts(
    lang: Lang,
    title: String,
    mistakes: &[Mistake],
) -> crate::render::AnalysisTexts {
    let word = |w: ChartWord| lang.text(&Msg::ChartWord(w));
    crate::render::AnalysisTexts {
        title,
        ply: word(ChartWord::Ply),
        win: word(ChartWord::Win),
        played: word(ChartWord::Played),
        better: word(ChartWord::Better),
        captions: mistakes
            .iter()
            .enumerate()
            .map(|(i, mistake)| {
                lang.text(&Msg::MistakeCaption {
                    number: i + 1,
                    mistake,
                })
            })
            .collect(),
        no_mistakes: word(ChartWord::NoMistakes),
    }
}

/// A tie-break's name in `lang` with FIDE's abbreviation beside it, e.g. "Buchholz Cut-1
/// (BH-C1)" for `BH-C1` (see `TournamentView::tie_break_names`).
#[must_use]
pub fn tie_break_name(lang: Lang, abbreviation: &str) -> String {
    tournaments::tie_break_name(lang, abbreviation)
}

/// The headers of a tournament's crosstable picture in `lang`, with its tie-breaks' short
/// names (the same in every language).
pub fn crosstable_texts(lang: Lang, tie_breaks: &[&str]) -> crate::render::CrosstableTexts {
    let word = |w: CrosstableWord| lang.text(&Msg::CrosstableWord(w));
    crate::render::CrosstableTexts {
        rank: word(CrosstableWord::Rank),
        player: word(CrosstableWord::Player),
        round: word(CrosstableWord::Round),
        points: word(CrosstableWord::Points),
        tie_breaks: tie_breaks.iter().map(|&name| name.to_owned()).collect(),
        withdrawn: word(CrosstableWord::Withdrawn),
        bye: word(CrosstableWord::Bye),
    }
}
