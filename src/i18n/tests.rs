//! Every message renders in both languages, and the two differ (nothing left untranslated).

use monkey_queen_core::analysis::{Mistake, Score};
use monkey_queen_core::{
    GameOptions, IllegalMove, Move, MoveError, ParseError, Position, Role, Square,
};

use super::{Button, ChartWord, Lang, LessonNote, Msg};
use crate::games::lessons::{self, Judged, LessonAt, STAGES};
use crate::games::{
    Challenge, GameResult, GameSummary, GameView, HistoryPage, LeaderboardEntry, LeaderboardPage,
    Page, Place, PlayedGame, PlayerRef, PlayerStats, Reach, UserError,
};
use crate::model::{
    BoardColors, BoardOrientation, ChallengeId, ChallengeStatus, ChannelId, ClockChoice,
    ColorChoice, EndReason, GameId, GameStatus, GuildId, GuildSettings, Level, MessageId, UserId,
};

fn sq(name: &str) -> Square {
    Square::parse(name, 12).unwrap()
}

fn birth() -> Move {
    Move::Normal {
        role: Role::Queen,
        from: sq("g1"),
        to: sq("g7"),
        capture: None,
    }
}

fn mistake(ply: u32) -> Mistake {
    Mistake {
        ply,
        mover: monkey_queen_core::Color::Black,
        played: birth(),
        better: Move::Normal {
            role: Role::Queen,
            from: sq("g1"),
            to: sq("g5"),
            capture: None,
        },
        before: Score::Advantage(-40),
        after: Score::ForcedWin {
            winner: monkey_queen_core::Color::White,
            plies: 3,
        },
        loss: 0.5,
    }
}

fn place() -> Place {
    Place {
        guild: Some(GuildId(1)),
        channel: ChannelId(2),
        reach: Reach::Channel,
        thread: None,
        message: Some(MessageId(3)),
    }
}

fn game(result: Option<GameResult>) -> GameView {
    GameView {
        id: GameId(7),
        white: PlayerRef::new(UserId(10), "Ana"),
        black: PlayerRef::new(UserId(20), "Bo"),
        swapped: false,
        ai_level: None,
        options: GameOptions::default(),
        move_time_ms: Some(86_400_000),
        rated: true,
        status: if result.is_some() {
            GameStatus::Finished
        } else {
            GameStatus::Active
        },
        result,
        position: Position::start(GameOptions::default()),
        last_move: None,
        to_move: result.is_none().then_some(UserId(10)),
        deadline_ms: Some(1_800_000_000_000),
        remind_ms: None,
        created_ms: 0,
        last_move_ms: None,
        finished_ms: None,
        place: place(),
        lang: Lang::En,
        rematch_of: None,
        page_key: None,
        tournament: None,
    }
}

fn result(reason: EndReason) -> GameResult {
    GameResult {
        winner: monkey_queen_core::Color::Black,
        winner_id: UserId(20),
        loser_id: UserId(10),
        reason,
        rating_deltas: Some([-12.0, 12.0]),
    }
}

fn challenge(status: ChallengeStatus, challenged: Option<UserId>) -> Challenge {
    Challenge {
        id: ChallengeId(5),
        challenger: UserId(10),
        challenged,
        guild: Some(GuildId(1)),
        channel: ChannelId(2),
        reach: Reach::Channel,
        lang: Lang::En,
        message: None,
        options: GameOptions::default().pie_rule(true),
        color: ColorChoice::Random,
        move_time_ms: Some(600_000),
        rated: true,
        status,
        created_ms: 0,
        expires_ms: 1_800_000_000_000,
        resolved_ms: None,
        game: None,
        rematch_of: None,
    }
}

fn summary() -> GameSummary {
    let g = game(None);
    GameSummary {
        id: g.id,
        white: g.white,
        black: g.black,
        status: g.status,
        ply: 0,
        to_move: g.to_move,
        result: None,
        deadline_ms: g.deadline_ms,
        created_ms: 0,
        finished_ms: None,
        place: place(),
    }
}

fn played(won: bool, ai_level: Option<Level>, reason: EndReason) -> PlayedGame {
    PlayedGame {
        game: GameId(3),
        color: monkey_queen_core::Color::Black,
        opponent: PlayerRef::new(UserId(10), "Ana"),
        won,
        reason,
        rated: ai_level.is_none(),
        rating_delta: ai_level.is_none().then_some(if won { 11.5 } else { -9.0 }),
        ai_level,
        plies: 31,
        finished_ms: 1_700_000_000_000,
        place: place(),
        page_key: None,
    }
}

fn stats(games: u32, streak: i64) -> PlayerStats {
    let recent = if games == 0 {
        Vec::new()
    } else {
        vec![
            played(true, None, EndReason::QueenCaptured),
            played(false, Some(Level::Hard), EndReason::Timeout),
        ]
    };
    PlayerStats {
        user: UserId(20),
        name: (games > 0).then(|| "Bo".to_owned()),
        rating: 1523.4,
        deviation: 84.2,
        provisional: false,
        games,
        rated_games: games.saturating_sub(1),
        wins: games / 2,
        losses: games - games / 2,
        win_rate: (games > 0).then(|| f64::from(games / 2) / f64::from(games)),
        current_streak: streak,
        recent,
    }
}

fn leaderboard_page(entries: usize) -> LeaderboardPage {
    Page {
        entries: (0..entries)
            .map(|i| LeaderboardEntry {
                rank: i as u64 + 11,
                player: PlayerRef::new(UserId(100 + i as u64), "P"),
                rating: 1600.0 - i as f64,
                deviation: 60.0,
                games: 1 + i as u32,
                wins: 1,
                losses: i as u32,
            })
            .collect(),
        page: 1,
        total_pages: 2,
        total: 10 + entries as u64,
    }
}

fn games_page(entries: Vec<GameSummary>, page: u32, total_pages: u32) -> Page<GameSummary> {
    Page {
        total: entries.len() as u64 + u64::from(total_pages - 1) * 10,
        entries,
        page,
        total_pages,
    }
}

fn history_page(entries: usize) -> HistoryPage {
    Page {
        entries: (0..entries)
            .map(|i| played(i % 2 == 0, None, EndReason::Resignation))
            .collect(),
        page: 0,
        total_pages: 1,
        total: entries as u64,
    }
}

/// One sample of every refusal. The match below does not compile when a variant is added
/// without a sample here.
fn user_errors() -> Vec<UserError> {
    let all = vec![
        UserError::ChallengeSelf,
        UserError::AiLevelForHuman,
        UserError::BadOptions(monkey_queen_core::OptionsError::BoardSize(9)),
        UserError::BadTimeLimit(-1),
        UserError::DuplicateChallenge {
            existing: ChallengeId(1),
        },
        UserError::NoSuchChallenge(ChallengeId(2)),
        UserError::ChallengeNotPending {
            status: ChallengeStatus::Declined,
        },
        UserError::ChallengeExpired,
        UserError::OwnChallenge,
        UserError::NotChallenged {
            challenged: Some(UserId(3)),
        },
        UserError::NotChallenged { challenged: None },
        UserError::NotChallenger {
            challenger: UserId(4),
        },
        UserError::NoSuchGame(GameId(5)),
        UserError::NoActiveGame,
        UserError::SeveralGames(vec![summary(), summary()]),
        UserError::NotParticipant { game: GameId(6) },
        UserError::GameOver { game: GameId(7) },
        UserError::NotYourTurn { to_move: UserId(8) },
        UserError::Illegal(MoveError::Illegal(IllegalMove::NoPiece(sq("a1")))),
        UserError::Illegal(MoveError::Parse(ParseError::Empty)),
        UserError::PositionChanged,
        UserError::AlreadyPlayed {
            game: GameId(1),
            ply: 3,
            notation: "g1-g7".into(),
        },
        UserError::TooLateToAbort,
        UserError::TimeUp { deadline_ms: 0 },
        UserError::NoClock,
        UserError::DeadlineNotReached { deadline_ms: 0 },
        UserError::NotFinished {
            game: GameId(1),
            status: GameStatus::Aborted,
        },
        UserError::NotFinished {
            game: GameId(1),
            status: GameStatus::Active,
        },
        UserError::NotAnalysable {
            game: GameId(1),
            status: GameStatus::Aborted,
        },
        UserError::NotAnalysable {
            game: GameId(1),
            status: GameStatus::Active,
        },
        UserError::RematchPending {
            existing: ChallengeId(2),
        },
        UserError::RematchInProgress { game: GameId(3) },
        UserError::NoSuchPage {
            page: 4,
            total_pages: 2,
        },
        UserError::HasClock,
        UserError::NotAbandoned { claimable_ms: None },
        UserError::NotAbandoned {
            claimable_ms: Some(0),
        },
        UserError::CoolingDown { seconds: 9 },
        UserError::TooManyComputerGames { limit: 3 },
        UserError::TooManyChallenges { limit: 5 },
        UserError::NotLaunched,
        UserError::NotInThisChannel,
        UserError::TournamentsInServersOnly,
        UserError::TournamentNeedsBot,
        UserError::NotOrganiser,
        UserError::NoSuchTournament(crate::model::TournamentId(4)),
        UserError::BadTournamentName { max: 80 },
        UserError::BadRounds { max: 11 },
        UserError::BadPlayerLimit { min: 2, max: 128 },
        UserError::RoundRobinTooLarge {
            players: 40,
            rounds: 39,
            cycles: 1,
            max: 32,
            max_rounds: 31,
        },
        UserError::RoundRobinTooLarge {
            players: 20,
            rounds: 38,
            cycles: 2,
            max: 16,
            max_rounds: 30,
        },
        UserError::StartInPast,
        UserError::TooManyTournaments { limit: 10 },
        UserError::TournamentStarted,
        UserError::TournamentOver,
        UserError::TournamentNotStarted,
        UserError::TournamentFull { limit: 8 },
        UserError::AlreadyJoined,
        UserError::NotJoined,
        UserError::NotEntered,
        UserError::AlreadyWithdrawn,
        UserError::TooFewPlayers { need: 4 },
        UserError::NoSuchPairing { round: 2, board: 3 },
        UserError::ResultPending,
        UserError::NotInPairing,
        UserError::TournamentGame,
        UserError::NoPuzzles,
        UserError::NoSuchPuzzle(crate::model::PuzzleId(3)),
        UserError::PuzzleOver(crate::model::PuzzleId(3)),
    ];
    for e in &all {
        match e {
            UserError::ChallengeSelf
            | UserError::AiLevelForHuman
            | UserError::BadOptions(_)
            | UserError::BadTimeLimit(_)
            | UserError::DuplicateChallenge { .. }
            | UserError::NoSuchChallenge(_)
            | UserError::ChallengeNotPending { .. }
            | UserError::ChallengeExpired
            | UserError::OwnChallenge
            | UserError::NotChallenged { .. }
            | UserError::NotChallenger { .. }
            | UserError::NoSuchGame(_)
            | UserError::NoActiveGame
            | UserError::SeveralGames(_)
            | UserError::NotParticipant { .. }
            | UserError::GameOver { .. }
            | UserError::NotYourTurn { .. }
            | UserError::Illegal(_)
            | UserError::PositionChanged
            | UserError::AlreadyPlayed { .. }
            | UserError::TooLateToAbort
            | UserError::TimeUp { .. }
            | UserError::NoClock
            | UserError::DeadlineNotReached { .. }
            | UserError::NotFinished { .. }
            | UserError::NotAnalysable { .. }
            | UserError::RematchPending { .. }
            | UserError::RematchInProgress { .. }
            | UserError::NoSuchPage { .. }
            | UserError::HasClock
            | UserError::NotAbandoned { .. }
            | UserError::CoolingDown { .. }
            | UserError::TooManyComputerGames { .. }
            | UserError::TooManyChallenges { .. }
            | UserError::NotLaunched
            | UserError::NotInThisChannel
            | UserError::TournamentsInServersOnly
            | UserError::TournamentNeedsBot
            | UserError::NotOrganiser
            | UserError::NoSuchTournament(_)
            | UserError::BadTournamentName { .. }
            | UserError::BadRounds { .. }
            | UserError::BadPlayerLimit { .. }
            | UserError::RoundRobinTooLarge { .. }
            | UserError::StartInPast
            | UserError::TooManyTournaments { .. }
            | UserError::TournamentStarted
            | UserError::TournamentOver
            | UserError::TournamentNotStarted
            | UserError::TournamentFull { .. }
            | UserError::AlreadyJoined
            | UserError::NotJoined
            | UserError::NotEntered
            | UserError::AlreadyWithdrawn
            | UserError::TooFewPlayers { .. }
            | UserError::NoSuchPairing { .. }
            | UserError::ResultPending
            | UserError::NotInPairing
            | UserError::TournamentGame
            | UserError::NoPuzzles
            | UserError::NoSuchPuzzle(_)
            | UserError::PuzzleOver(_) => {}
        }
    }
    all
}

fn illegal_moves() -> Vec<IllegalMove> {
    let (a1, a5) = (sq("a1"), sq("a5"));
    vec![
        IllegalMove::GameOver,
        IllegalMove::OffBoard(a1),
        IllegalMove::NoPiece(a1),
        IllegalMove::NotYourPiece(a1),
        IllegalMove::SameSquare(a1),
        IllegalMove::NotStraightLine { from: a1, to: a5 },
        IllegalMove::PathBlocked {
            from: a1,
            to: a5,
            blocker: sq("a3"),
        },
        IllegalMove::OwnPiece(a5),
        IllegalMove::QueenMustCapture(a1),
        IllegalMove::BabyNotCloser {
            from: a1,
            to: a5,
            queen: sq("f6"),
            before: 50,
            after: 50,
        },
        IllegalMove::SwapNotAllowed,
    ]
}

#[test]
fn every_message_renders_in_every_language_within_discords_limits() {
    let finished = game(Some(result(EndReason::Resignation)));
    let active = game(None);
    let results: Vec<GameResult> = [
        EndReason::QueenCaptured,
        EndReason::NoLegalMoves,
        EndReason::Resignation,
        EndReason::Timeout,
    ]
    .map(result)
    .to_vec();
    let challenges: Vec<Challenge> = [
        ChallengeStatus::Pending,
        ChallengeStatus::Accepted,
        ChallengeStatus::Declined,
        ChallengeStatus::Cancelled,
        ChallengeStatus::Expired,
    ]
    .into_iter()
    .flat_map(|s| [challenge(s, Some(UserId(20))), challenge(s, None)])
    .collect();
    let refusals: Vec<UserError> = user_errors()
        .into_iter()
        .chain(
            illegal_moves()
                .into_iter()
                .map(|e| UserError::Illegal(MoveError::Illegal(e))),
        )
        .collect();
    let summaries = vec![summary()];
    let games_pages = [
        games_page(summaries.clone(), 0, 1),
        games_page(summaries.clone(), 1, 3),
        games_page(Vec::new(), 0, 1),
    ];
    let mut messages = vec![
        Msg::MoveInWords {
            mover: monkey_queen_core::Color::White,
            mv: birth(),
        },
        Msg::MoveInWords {
            mover: monkey_queen_core::Color::Black,
            mv: Move::Swap,
        },
        Msg::ColorName(monkey_queen_core::Color::White),
        Msg::Internal,
        Msg::DatabaseUnreachable,
        Msg::Options(GameOptions::default()),
        Msg::Clock(None),
        Msg::Clock(Some(600_000)),
        Msg::Clock(Some(3_600_000)),
        Msg::Clock(Some(3 * 86_400_000)),
        Msg::GameStarted(&active),
        Msg::MovePosted {
            game: &active,
            mover: monkey_queen_core::Color::White,
            mv: birth(),
        },
        Msg::MovePosted {
            game: &finished,
            mover: monkey_queen_core::Color::White,
            mv: birth(),
        },
        Msg::BoardShown(&active),
        Msg::BoardShown(&finished),
        Msg::Aborted {
            game: GameId(1),
            by: UserId(2),
        },
        Msg::CalledOff {
            game: GameId(1),
            by: UserId(2),
        },
        Msg::StatusLine(&active),
        Msg::StatusLine(&finished),
        Msg::BoardInThread {
            mv: birth(),
            thread: 1_200_000_000_000_000_777,
        },
        Msg::BoardElsewhere {
            mv: birth(),
            game: GameId(1),
        },
        Msg::MovePlayed(birth()),
        Msg::Done,
        Msg::WebPlayer(2),
        Msg::WebComputer,
        Msg::WebBadRequest,
        Msg::ConfirmResign(GameId(1)),
        Msg::PieceMoves {
            square: sq("g1"),
            count: 0,
        },
        Msg::PieceMoves {
            square: sq("g1"),
            count: 5,
        },
        Msg::GamesList {
            page: &games_pages[0],
            viewer: UserId(10),
        },
        Msg::GamesList {
            page: &games_pages[1],
            viewer: UserId(10),
        },
        Msg::GamesList {
            page: &games_pages[2],
            viewer: UserId(10),
        },
        Msg::Rules,
        Msg::OtherBot,
        Msg::UnknownButton,
        Msg::ActivityOff,
        Msg::UnknownCommand,
        Msg::MalformedCommand,
    ];
    let rematch = Challenge {
        rematch_of: Some(GameId(4)),
        ..challenge(ChallengeStatus::Pending, Some(UserId(20)))
    };
    let all_stats = [stats(0, 0), stats(5, 2), stats(6, -1), stats(1, 1)];
    let boards = [leaderboard_page(0), leaderboard_page(2)];
    let histories = [history_page(0), history_page(3)];
    let settings = [
        GuildSettings::default(),
        GuildSettings {
            threads: true,
            default_clock: ClockChoice::TenMinutes,
            orientation: BoardOrientation::ToMove,
            tournament_organisers: true,
            board_colors: BoardColors::High,
        },
    ];
    // The longest opponent a game suggestion shows: 60 characters and an ellipsis.
    let long_name = format!("{}…", "W".repeat(60));
    messages.extend([
        Msg::Reminder(&active),
        Msg::ChallengePosted(&rematch),
        Msg::Replay {
            game: &active,
            record: Some("monkey-queen 12 20\n1. g1-g7"),
        },
        Msg::Replay {
            game: &finished,
            record: None,
        },
        Msg::NotManager,
        Msg::ServerOnly,
        Msg::OwnBoardColors {
            colors: BoardColors::Standard,
            saved: false,
        },
        Msg::OwnBoardColors {
            colors: BoardColors::Colorblind,
            saved: true,
        },
        Msg::OwnBoardColors {
            colors: BoardColors::High,
            saved: true,
        },
        Msg::ThreadName(&active),
        Msg::GameChoice {
            game: GameId(i64::MAX),
            opponent: &long_name,
        },
    ]);
    messages.extend(all_stats.iter().map(Msg::Stats));
    for page in &boards {
        messages.extend([true, false].map(|global| Msg::Leaderboard { page, global }));
    }
    messages.extend(histories.iter().map(|page| Msg::History {
        user: UserId(20),
        page,
    }));
    for s in &settings {
        messages.extend([true, false].map(|saved| Msg::Settings { settings: s, saved }));
    }
    messages.extend(
        [
            Button::Accept,
            Button::Decline,
            Button::Cancel,
            Button::Resign,
            Button::ConfirmResign,
            Button::Replay,
            Button::Rematch,
            Button::Move,
            Button::WebPage,
            Button::PlayOnBoard,
            Button::Analyse,
            Button::ClaimWin,
            Button::CallOff,
            Button::JoinTournament,
            Button::LeaveTournament,
        ]
        .map(Msg::Label),
    );
    messages.extend([
        Msg::PickPiece(GameId(1)),
        Msg::PickDestination {
            game: GameId(1),
            from: sq("g1"),
        },
        Msg::ChoosePiece,
        Msg::ChooseDestination,
        Msg::PieceOnSquare {
            role: monkey_queen_core::Role::Queen,
            square: sq("g1"),
        },
        Msg::PieceOnSquare {
            role: monkey_queen_core::Role::Baby,
            square: sq("l12"),
        },
    ]);
    messages.extend(
        [
            ChartWord::Ply,
            ChartWord::Win,
            ChartWord::Played,
            ChartWord::Better,
            ChartWord::NoMistakes,
            ChartWord::RatedGames,
        ]
        .map(Msg::ChartWord),
    );
    let mistakes = [mistake(4), mistake(9)];
    messages.extend([
        Msg::AnalysisTitle(&finished),
        Msg::MistakeCaption {
            number: 1,
            mistake: &mistakes[0],
        },
        Msg::Analysis {
            game: &finished,
            mistakes: &mistakes,
            turning_points: &[4, 9, 12],
        },
        Msg::Analysis {
            game: &finished,
            mistakes: &mistakes[..1],
            turning_points: &[4],
        },
        Msg::Analysis {
            game: &finished,
            mistakes: &[],
            turning_points: &[],
        },
    ]);
    messages.extend(results.iter().map(|r| Msg::GameOver(&finished, r)));
    messages.extend(challenges.iter().map(Msg::ChallengePosted));
    messages.extend(challenges.iter().map(|c| Msg::ChallengeClosed {
        challenge: c,
        by: Some(UserId(20)),
    }));
    messages.extend(refusals.iter().map(Msg::Refused));
    let stage = |number: usize, exercise: usize| LessonAt {
        stage: &STAGES[number],
        number,
        exercise,
        wrong: 1,
        step: 7,
    };
    let (babies, shrink, done) = (stage(3, 0), stage(1, 1), stage(8, 3));
    let Judged::Wrong { why, marks } = lessons::judge(&STAGES[3].exercises[0], "c4-b4") else {
        panic!("c4-b4 does not come closer to g7");
    };
    messages.extend([
        Msg::Lesson {
            at: &babies,
            note: LessonNote::Start,
        },
        Msg::Lesson {
            at: &babies,
            note: LessonNote::Wrong {
                why: &why,
                marks: &marks,
            },
        },
        Msg::Lesson {
            at: &shrink,
            note: LessonNote::Right {
                mv: birth(),
                finished: None,
            },
        },
        Msg::Lesson {
            at: &babies,
            note: LessonNote::Right {
                mv: birth(),
                finished: Some((&STAGES[2], 1)),
            },
        },
        Msg::Lesson {
            at: &done,
            note: LessonNote::Right {
                mv: birth(),
                finished: Some((&STAGES[8], 3)),
            },
        },
        Msg::LessonCaption(&babies),
        Msg::LessonPick {
            at: &babies,
            from: None,
        },
        Msg::LessonPick {
            at: &babies,
            from: Some(sq("c4")),
        },
        Msg::LessonTrySquare,
        Msg::LearnOffer(UserId(20)),
    ]);
    // A message that fails to format (an id missing, a variable not given) panics in tests.
    for msg in &messages {
        let en = Lang::En.text(msg);
        for lang in Lang::ALL {
            let text = lang.text(msg);
            assert!(!text.trim().is_empty(), "{lang:?} {msg:?}");
            assert!(
                text.chars().count() <= 2_000,
                "{lang:?} {msg:?} is longer than a message may be: {text}"
            );
            assert!(
                !text.contains("{$") && !text.contains("{ $"),
                "{lang:?} {msg:?} has a placeholder left: {text}"
            );
            let limit = match msg {
                Msg::Label(_) => Some(80),
                Msg::PieceOnSquare { .. }
                | Msg::ThreadName(_)
                | Msg::GameChoice { .. }
                | Msg::LessonTrySquare => Some(100),
                Msg::ChoosePiece | Msg::ChooseDestination => Some(150),
                _ => None,
            };
            if let Some(limit) = limit {
                assert!(text.chars().count() <= limit, "{lang:?} {msg:?}: {text}");
            }
            // A thread is named by its players alone in some languages.
            if lang != Lang::En && en.len() > 24 && !matches!(msg, Msg::ThreadName(_)) {
                assert_ne!(text, en, "{lang:?} {msg:?} is not translated");
            }
        }
    }
}

/// Every language's folder has the five files of English, each with exactly its message ids.
#[test]
fn every_language_has_exactly_the_english_message_ids() {
    for file in [
        "bot.ftl",
        "refusals.ftl",
        "rules.ftl",
        "commands.ftl",
        "web.ftl",
    ] {
        let english = super::bundles::ids(Lang::En, file);
        assert!(english.len() > 1 || file == "rules.ftl", "{file}");
        let mut sorted = english.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), english.len(), "{file} repeats an id");
        for lang in Lang::ALL {
            let mut ids = super::bundles::ids(lang, file);
            ids.sort();
            assert_eq!(ids, sorted, "{lang:?} {file}");
        }
    }
}

#[test]
fn stats_in_words() {
    let en = Lang::En.text(&Msg::Stats(&stats(5, 2)));
    assert!(en.contains("Rating **1523** (±84, established)"), "{en}");
    assert!(
        en.contains("5 games (4 rated): 2 wins, 3 losses · win rate 40%"),
        "{en}"
    );
    assert!(en.contains("Current streak: 2 wins in a row"), "{en}");
    assert!(en.contains("#3 — won as Black vs <@10> · queen captured · 31 plies · +12"));
    assert!(
        en.contains("lost as Black vs the computer (hard) · time out"),
        "{en}"
    );
    let es = Lang::Es.text(&Msg::Stats(&stats(6, -1)));
    assert!(es.contains("Racha actual: 1 derrota seguida"), "{es}");
    assert!(es.contains("(±84, consolidada)"), "{es}");
    let provisional = PlayerStats {
        deviation: 210.4,
        provisional: true,
        ..stats(2, 1)
    };
    let en_provisional = Lang::En.text(&Msg::Stats(&provisional));
    assert!(
        en_provisional.contains("(±210, provisional: off the leaderboard until it settles)"),
        "{en_provisional}"
    );
    let es_provisional = Lang::Es.text(&Msg::Stats(&provisional));
    assert!(
        es_provisional
            .contains("(±210, provisional: fuera de la clasificación hasta que se asiente)"),
        "{es_provisional}"
    );
    assert!(
        es.contains("6 partidas (5 puntuables): 3 victorias, 3 derrotas"),
        "{es}"
    );
}

#[test]
fn leaderboard_lines_carry_the_rank_on_the_whole_board() {
    let en = Lang::En.text(&Msg::Leaderboard {
        page: &leaderboard_page(2),
        global: false,
    });
    assert!(
        en.starts_with("**Leaderboard — this server** · page 2 of 2"),
        "{en}"
    );
    assert!(
        en.contains("\n11. <@100> — **1600** (±60) · 1 game, 1–0"),
        "{en}"
    );
    assert!(en.contains("\n12. <@101> — **1599**"), "{en}");
}

#[test]
fn a_page_of_games_says_which_page_it_is_when_there_are_several() {
    let one = Lang::En.text(&Msg::GamesList {
        page: &games_page(vec![summary()], 0, 1),
        viewer: UserId(10),
    });
    assert!(
        one.starts_with("**Your games in progress**\n• #7 vs <@20>"),
        "{one}"
    );
    let second = Lang::Es.text(&Msg::GamesList {
        page: &games_page(vec![summary()], 1, 3),
        viewer: UserId(10),
    });
    assert!(
        second.starts_with("**Tus partidas en curso** · 21 en total · página 2 de 3\n"),
        "{second}"
    );
}

#[test]
fn asking_which_game_names_ten_and_counts_the_rest() {
    let games = vec![summary(); 300];
    let refusal = UserError::SeveralGames(games);
    let en = Lang::En.text(&Msg::Refused(&refusal));
    assert!(
        en.contains("(#7, #7, #7, #7, #7, #7, #7, #7, #7, #7 and 290 more)"),
        "{en}"
    );
    let es = Lang::Es.text(&Msg::Refused(&refusal));
    assert!(es.contains("#7 y 290 más)"), "{es}");
    assert!(en.chars().count() < 2000 && es.chars().count() < 2000);
}

#[test]
fn the_reminder_mentions_the_player_to_move_with_the_deadline() {
    let g = game(None);
    assert_eq!(
        Lang::En.text(&Msg::Reminder(&g)),
        "⏰ <@10>, it is still your move in game #7 ([board](https://discord.com/channels/1/2/3)). \
         Time runs out <t:1800000000:R>."
    );
}

#[test]
fn a_birth_in_words() {
    let msg = Msg::MoveInWords {
        mover: monkey_queen_core::Color::White,
        mv: birth(),
    };
    assert_eq!(
        Lang::En.text(&msg),
        "White queen g1–g7, a baby is born on g1"
    );
    assert_eq!(
        Lang::Es.text(&msg),
        "Reina blanca g1–g7, nace un bebé en g1"
    );
}

#[test]
fn a_game_suggestion_names_the_opponent_in_the_readers_language() {
    let msg = Msg::GameChoice {
        game: GameId(7),
        opponent: "Ana",
    };
    assert_eq!(Lang::En.text(&msg), "#7 vs Ana");
    assert_eq!(Lang::Es.text(&msg), "#7 contra Ana");
    assert_eq!(Lang::De.text(&msg), "#7 gegen Ana");
}

#[test]
fn refusals_name_the_player_to_move() {
    let e = UserError::NotYourTurn {
        to_move: UserId(42),
    };
    assert_eq!(
        Lang::En.text(&Msg::Refused(&e)),
        "It is not your turn: <@42> is to move."
    );
    let e = UserError::Illegal(MoveError::Illegal(IllegalMove::NoPiece(sq("c3"))));
    assert_eq!(
        Lang::En.text(&Msg::Refused(&e)),
        "Illegal move: there is no piece on c3."
    );
}

#[test]
fn board_links() {
    assert_eq!(
        super::link(&place()).as_deref(),
        Some("https://discord.com/channels/1/2/3")
    );
    // In a game's own thread: later boards are in the thread, the first (the message the
    // thread was started from, with the same id) in the channel.
    let in_thread = Place {
        thread: Some(ChannelId(4)),
        message: Some(MessageId(5)),
        ..place()
    };
    assert_eq!(
        super::link(&in_thread).as_deref(),
        Some("https://discord.com/channels/1/4/5")
    );
    let first_board = Place {
        thread: Some(ChannelId(4)),
        message: Some(MessageId(4)),
        ..place()
    };
    assert_eq!(
        super::link(&first_board).as_deref(),
        Some("https://discord.com/channels/1/2/4")
    );
    let direct = Place {
        guild: None,
        ..place()
    };
    assert_eq!(
        super::link(&direct).as_deref(),
        Some("https://discord.com/channels/@me/2/3")
    );
    assert_eq!(
        super::link(&Place {
            message: None,
            ..place()
        }),
        None
    );
}

#[test]
fn quoted_input_loses_what_would_garble_the_message() {
    let not_a_move =
        |text: &str| UserError::Illegal(MoveError::Parse(ParseError::Malformed(text.into())));
    assert_eq!(
        Lang::En.text(&Msg::Refused(&not_a_move("`g1\u{202e}\u{200b}-g9`\n\u{0}"))),
        "`'g1\u{fffd}\u{fffd}-g9'\u{fffd}\u{fffd}` is not a move; write two squares like g1-g7, or swap."
    );
    assert_eq!(
        Lang::En.text(&Msg::Refused(&not_a_move(" \u{3000} "))),
        "That is not a move; write two squares like g1-g7, or swap."
    );
    let not_a_square = UserError::Illegal(MoveError::Parse(ParseError::NotASquare {
        text: String::new(),
        size: 12,
    }));
    assert_eq!(
        Lang::Es.text(&Msg::Refused(&not_a_square)),
        "Eso no es una casilla de un tablero de 12×12; escríbela como g1."
    );
    // A long text is quoted only in part.
    let long = Lang::En.text(&Msg::Refused(&not_a_move(&"g".repeat(3000))));
    assert_eq!(
        long,
        format!(
            "`{}…` is not a move; write two squares like g1-g7, or swap.",
            "g".repeat(80)
        )
    );
}

#[test]
fn an_analysis_names_its_mistakes_and_turning_points_in_words() {
    let finished = game(Some(result(EndReason::QueenCaptured)));
    let mistakes = [mistake(4)];
    let msg = Msg::Analysis {
        game: &finished,
        mistakes: &mistakes,
        turning_points: &[4, 9],
    };
    let en = Lang::En.text(&msg);
    assert!(en.contains("1. Ply 4: Black queen g1–g7"), "{en}");
    assert!(en.contains("better: Black queen g1–g5"), "{en}");
    assert!(en.contains("Black's chances 54% → 0%"), "{en}");
    assert!(en.contains("Turning points: plies 4 and 9."), "{en}");
    let es = Lang::Es.text(&msg);
    assert!(es.contains("1. Jugada 4: Reina negra g1–g7"), "{es}");
    assert!(es.contains("mejor: Reina negra g1–g5"), "{es}");
    assert!(es.contains("Momentos decisivos: jugadas 4 y 9."), "{es}");
    for text in [en, es] {
        assert!(text.chars().count() <= 2000);
    }
}
