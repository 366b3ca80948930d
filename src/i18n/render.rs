//! Renders a [`Msg`] in a language: the layout (which messages, with which values, joined how)
//! is written once here; every word is in the language's Fluent files (see `bundles`).

use fluent_bundle::FluentArgs;
use monkey_queen_core::analysis::Mistake;
use monkey_queen_core::{Color, GameOptions, Move, Role};

use super::bundles::format;
use super::puzzles as puzzle;
use super::tournaments as tournament;
use super::{Button, ChartWord, Lang, Msg};
use crate::games::{
    Challenge, GameResult, GameView, HistoryPage, LeaderboardPage, PlayedGame, PlayerStats,
};
use crate::model::{
    BoardOrientation, ChallengeStatus, ColorChoice, EndReason, GameStatus, GuildSettings, Level,
    UserId,
};

/// Fluent arguments from `name => value` pairs.
macro_rules! args_impl {
    ($($name:literal => $value:expr),* $(,)?) => {{
        #[allow(unused_mut)]
        let mut args = ::fluent_bundle::FluentArgs::new();
        $(args.set($name, ::fluent_bundle::FluentValue::from($value));)*
        args
    }};
}
pub(super) use args_impl as args;

/// One language's messages.
#[derive(Clone, Copy)]
pub(super) struct Texts(pub(super) Lang);

impl Texts {
    /// Message `id` with `args`.
    pub(super) fn get(self, id: &str, args: &FluentArgs<'_>) -> String {
        format(self.0, id, Some(args))
    }

    /// Message `id`, which takes no arguments.
    pub(super) fn plain(self, id: &str) -> String {
        format(self.0, id, None)
    }
}

/// Renders `msg` in `lang`.
pub(super) fn text(lang: Lang, msg: &Msg<'_>) -> String {
    let t = Texts(lang);
    match msg {
        Msg::MoveInWords { mover, mv } => move_in_words(t, *mover, *mv),
        Msg::Refused(e) => super::refusals::refused(t, e),
        Msg::ColorName(c) => color(t, *c),
        Msg::Internal => t.plain("internal"),
        Msg::DatabaseUnreachable => t.plain("database-unreachable"),
        Msg::Label(b) => t.plain(label_id(*b)),
        Msg::Options(o) => options(t, *o),
        Msg::Clock(ms) => clock(t, *ms),
        Msg::ChallengePosted(c) => challenge_posted(t, c),
        Msg::ChallengeClosed { challenge, by } => challenge_closed(t, challenge, *by),
        Msg::GameStarted(g) => {
            let head = t.get(
                "game-started",
                &args! {
                    "game" => g.id.0,
                    "white" => mention(g.white.id),
                    "black" => mention(g.black.id),
                    "player" => g.to_move.map(mention).unwrap_or_default(),
                },
            );
            join_sentences(head, deadline(t, g))
        }
        Msg::MovePosted { game, mover, mv } => {
            let moved = move_in_words(t, *mover, *mv);
            let next = match &game.result {
                Some(result) => game_over(t, game, result),
                None => your_move(t, game),
            };
            format!("{moved}.\n{next}")
        }
        Msg::BoardShown(g) => match &g.result {
            Some(result) => join_sentences(
                t.get("board-shown-over", &args! {"game" => g.id.0}),
                Some(game_over(t, g, result)),
            ),
            None if g.status == GameStatus::Aborted => {
                t.get("board-shown-aborted", &args! {"game" => g.id.0})
            }
            None => join_sentences(
                t.get("board-shown", &args! {"game" => g.id.0, "ply" => g.ply()}),
                Some(your_move(t, g)),
            ),
        },
        Msg::GameOver(g, r) => game_over(t, g, r),
        Msg::CalledOff { game, by } => t.get(
            "called-off",
            &args! {"game" => game.0, "player" => mention(*by)},
        ),
        Msg::Aborted { game, by } => t.get(
            "aborted",
            &args! {"game" => game.0, "player" => mention(*by)},
        ),
        Msg::StatusLine(g) => status_line(t, g),
        Msg::PickPiece(game) => t.get("pick-piece", &args! {"game" => game.0}),
        Msg::PickDestination { game, from } => t.get(
            "pick-destination",
            &args! {"game" => game.0, "square" => from.to_string()},
        ),
        Msg::ChoosePiece => t.plain("choose-piece"),
        Msg::ChooseDestination => t.plain("choose-destination"),
        Msg::PieceOnSquare { role, square } => t.get(
            "role-on-square",
            &args! {"role" => role_key(*role), "square" => square.to_string()},
        ),
        Msg::BoardInThread { mv, thread } => t.get(
            "board-in-thread",
            &args! {"move" => mv.to_string(), "thread" => format!("<#{thread}>")},
        ),
        Msg::BoardElsewhere { mv, game } => t.get(
            "board-elsewhere",
            &args! {"move" => mv.to_string(), "game" => game.0},
        ),
        Msg::MovePlayed(mv) => t.get("move-played", &args! {"move" => mv.to_string()}),
        Msg::Done => t.get("done", &args! {}),
        Msg::WebPlayer(number) => t.get("web-name-player", &args! {"number" => *number}),
        Msg::WebComputer => t.plain("web-name-computer"),
        Msg::WebBadRequest => t.plain("web-bad-request"),
        Msg::ConfirmResign(game) => t.get("confirm-resign", &args! {"game" => game.0}),
        Msg::PieceMoves { square, count } => t.get(
            "piece-moves",
            &args! {"square" => square.to_string(), "count" => *count},
        ),
        Msg::GamesList { page, viewer } => {
            if page.entries.is_empty() {
                return t.plain("games-none");
            }
            let mut out = if page.total_pages > 1 {
                t.get(
                    "games-title-paged",
                    &args! {
                        "total" => page.total,
                        "page" => page.page + 1,
                        "pages" => page.total_pages,
                    },
                )
            } else {
                t.plain("games-title")
            };
            for g in &page.entries {
                let opponent = if g.white.id == *viewer {
                    &g.black
                } else {
                    &g.white
                };
                let turn = if g.to_move == Some(*viewer) {
                    "yours"
                } else {
                    "theirs"
                };
                let line = t.get(
                    "games-line",
                    &args! {
                        "game" => g.id.0,
                        "opponent" => mention(opponent.id),
                        "turn" => turn,
                        "ply" => g.ply,
                    },
                );
                out.push('\n');
                out.push_str(&line);
                if let Some(link) = super::link(&g.place) {
                    out.push_str(" — ");
                    out.push_str(&t.get("link-board", &args! {"link" => link}));
                }
            }
            out
        }
        Msg::Rules => t.plain("rules"),
        Msg::OtherBot => t.plain("other-bot"),
        Msg::UnknownButton => t.plain("unknown-button"),
        Msg::ActivityOff => t.plain("activity-off"),
        Msg::Reminder(g) => {
            let player = g.to_move.map(mention).unwrap_or_default();
            let head = match super::link(&g.place) {
                Some(link) => t.get(
                    "reminder-with-board",
                    &args! {"player" => player, "game" => g.id.0, "link" => link},
                ),
                None => t.get("reminder", &args! {"player" => player, "game" => g.id.0}),
            };
            join_sentences(head, deadline(t, g))
        }
        Msg::Stats(s) => stats(t, s),
        Msg::Puzzle(p) => puzzle::shown(t, p),
        Msg::PuzzleCaption(p) => puzzle::caption(t, p),
        Msg::PuzzlePick { puzzle, from } => match from {
            Some(from) => t.get(
                "puzzle-pick-destination",
                &args! {"puzzle" => puzzle.0, "square" => from.to_string()},
            ),
            None => t.get("puzzle-pick-piece", &args! {"puzzle" => puzzle.0}),
        },
        Msg::PuzzleRight { puzzle, mv, reply } => puzzle::right(t, puzzle, *mv, *reply),
        Msg::PuzzleSolved {
            puzzle,
            mv,
            rating,
            streak,
        } => puzzle::solved(t, puzzle, *mv, *rating, *streak),
        Msg::PuzzleWrong {
            puzzle,
            mv,
            solution,
            rating,
            retry,
        } => puzzle::wrong(t, puzzle, *mv, solution, *rating, *retry),
        Msg::PuzzleGivenUp {
            puzzle,
            solution,
            rating,
        } => puzzle::given_up(t, puzzle, solution, *rating),
        Msg::DailyPost(p) => puzzle::daily_post(t, p),
        Msg::Lesson { at, note } => super::lessons::shown(t, at, *note),
        Msg::LessonCaption(at) => super::lessons::caption(t, at),
        Msg::LessonPick { at, from } => super::lessons::pick(t, at, *from),
        Msg::LessonTrySquare => t.plain("learn-try-square"),
        Msg::LearnOffer(user) => t.get("learn-offer", &args! {"opponent" => mention(*user)}),
        Msg::DailySolvers { day, solvers } => puzzle::solvers(t, *day, solvers),
        Msg::PuzzleStats(s) => puzzle::stats(t, s),
        Msg::DailyPuzzleChannel(channel) => puzzle::channel(t, *channel),
        Msg::DailyPuzzleChannelChosen => t.plain("daily-puzzle-channel-chosen"),
        Msg::DailyPuzzleChannelUnreachable(channel) => t.get(
            "daily-puzzle-channel-unreachable",
            &args! {"channel" => format!("<#{channel}>")},
        ),
        Msg::DailyPuzzleChannelConflict => t.plain("daily-puzzle-channel-conflict"),
        Msg::Leaderboard { page, global } => leaderboard(t, page, *global),
        Msg::History { user, page } => history(t, *user, page),
        Msg::Replay { game, record } => {
            let head = t.get(
                "replay-title",
                &args! {
                    "game" => game.id.0,
                    "white" => mention(game.white.id),
                    "black" => mention(game.black.id),
                    "status" => status_line(t, game),
                },
            );
            match record {
                Some(record) => format!("{head}\n{}\n```\n{record}\n```", t.plain("replay-record")),
                None => format!("{head}\n{}", t.plain("replay-record-attached")),
            }
        }
        Msg::Settings { settings, saved } => settings_text(t, settings, *saved),
        Msg::OwnBoardColors { colors, saved } => {
            let text = t.get("own-colors", &args! {"colors" => colors.as_str()});
            if *saved {
                format!("{} {text}", t.plain("own-colors-saved"))
            } else {
                text
            }
        }
        Msg::NotManager => t.plain("not-manager"),
        Msg::ServerOnly => t.plain("server-only"),
        Msg::UnknownCommand => t.plain("unknown-command"),
        Msg::MalformedCommand => t.plain("malformed-command"),
        Msg::Analysis {
            game,
            mistakes,
            turning_points,
        } => analysis(t, game, mistakes, turning_points),
        Msg::AnalysisTitle(g) => t.get(
            "analysis-picture-title",
            &args! {
                "game" => g.id.0,
                "white" => g.white.name.clone(),
                "black" => g.black.name.clone(),
                "status" => status_line(t, g),
            },
        ),
        Msg::MistakeCaption { number, mistake } => t.get(
            "mistake-caption",
            &args! {
                "number" => *number,
                "ply" => mistake.ply,
                "color" => color_in_sentence(t, mistake.mover),
            },
        ),
        Msg::ChartWord(word) => t.plain(match word {
            ChartWord::Ply => "chart-ply",
            ChartWord::Win => "chart-win",
            ChartWord::Played => "chart-played",
            ChartWord::Better => "chart-better",
            ChartWord::NoMistakes => "analysis-no-mistakes",
            ChartWord::RatedGames => "chart-rated-games",
        }),
        Msg::GameChoice { game, opponent } => t.get(
            "game-choice",
            &args! {"game" => game.0, "opponent" => *opponent},
        ),
        Msg::TournamentPosted(view) => tournament::posted(t, view),
        Msg::TournamentRound {
            tournament: view,
            round,
        } => tournament::round(t, view, *round),
        Msg::TournamentFinal(view) => tournament::finished(t, view),
        Msg::TournamentStandings(view) => tournament::standings(t, view),
        Msg::CrosstableSubtitle(view) => tournament::subtitle(t, view),
        Msg::CrosstableWord(word) => tournament::crosstable_word(t, *word),
        Msg::TournamentList(page) => tournament::list(t, page),
        Msg::TournamentChoice(tournament) => tournament::choice(t, tournament),
        Msg::TournamentThreadName(tournament) => tournament::thread_name(t, tournament),
        Msg::TournamentJoined(tournament) => tournament::about(t, "tournament-joined", tournament),
        Msg::TournamentLeft(tournament) => tournament::left(t, tournament),
        Msg::TournamentWithdrew { tournament, player } => {
            tournament::withdrew(t, tournament, *player)
        }
        Msg::TournamentStarted(tournament) => {
            tournament::about(t, "tournament-started", tournament)
        }
        Msg::TournamentResultSet {
            tournament,
            round,
            board,
            winner,
        } => tournament::result_set(t, tournament, *round, *board, *winner),
        Msg::TournamentExported(tournament) => {
            tournament::about(t, "tournament-exported", tournament)
        }
        Msg::ThreadName(g) => t.get(
            "thread-name",
            &args! {
                "game" => g.id.0,
                "white" => g.white.name.clone(),
                "black" => g.black.name.clone(),
            },
        ),
    }
}

/// The computer's level in `lang`'s words.
pub(super) fn level_name(lang: Lang, level: Level) -> String {
    Texts(lang).get("level", &args! {"level" => level_key(level)})
}

/// `first`, then `second` after a space when there is one.
fn join_sentences(first: String, second: Option<String>) -> String {
    match second {
        Some(second) if !second.is_empty() => format!("{first} {second}"),
        _ => first,
    }
}

pub(super) fn mention(user: UserId) -> String {
    format!("<@{user}>")
}

/// A Discord timestamp shown relative to now ("in 3 hours"), in each reader's language.
pub(super) fn relative_time(ms: i64) -> String {
    format!("<t:{}:R>", ms / 1000)
}

pub(super) fn color_key(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn role_key(r: Role) -> &'static str {
    match r {
        Role::Queen => "queen",
        Role::Baby => "baby",
    }
}

fn level_key(level: Level) -> &'static str {
    match level {
        Level::Easy => "easy",
        Level::Medium => "medium",
        Level::Hard => "hard",
        Level::Max => "max",
    }
}

fn reason_key(reason: EndReason) -> &'static str {
    match reason {
        EndReason::QueenCaptured => "queen-captured",
        EndReason::NoLegalMoves => "no-legal-moves",
        EndReason::Resignation => "resignation",
        EndReason::Timeout => "timeout",
        EndReason::Abandoned => "abandoned",
    }
}

pub(super) fn yes_no(yes: bool) -> &'static str {
    if yes { "yes" } else { "no" }
}

pub(super) fn color(t: Texts, c: Color) -> String {
    t.get("color-name", &args! {"color" => color_key(c)})
}

/// The colour as written inside a sentence.
pub(super) fn color_in_sentence(t: Texts, c: Color) -> String {
    t.get("color-in-sentence", &args! {"color" => color_key(c)})
}

fn reason(t: Texts, reason: EndReason) -> String {
    t.get("reason", &args! {"reason" => reason_key(reason)})
}

fn label_id(b: Button) -> &'static str {
    match b {
        Button::Accept => "button-accept",
        Button::Decline => "button-decline",
        Button::Cancel => "button-cancel",
        Button::Resign => "button-resign",
        Button::ConfirmResign => "button-confirm-resign",
        Button::Replay => "button-replay",
        Button::Rematch => "button-rematch",
        Button::Move => "button-move",
        Button::WebPage => "button-web-page",
        Button::PlayOnBoard => "button-play-on-board",
        Button::Analyse => "button-analyse",
        Button::ClaimWin => "button-claim-win",
        Button::CallOff => "button-call-off",
        Button::JoinTournament => "button-join-tournament",
        Button::LeaveTournament => "button-leave-tournament",
        Button::Solution => "button-solution",
        Button::Solve => "button-solve",
    }
}

pub(super) fn options(t: Texts, o: GameOptions) -> String {
    t.get(
        "options",
        &args! {"size" => o.size(), "height" => o.queen_height(), "pie" => yes_no(o.pie())},
    )
}

pub(super) fn clock(t: Texts, ms: Option<i64>) -> String {
    let Some(ms) = ms else {
        return t.plain("clock-none");
    };
    let minutes = ms / 60_000;
    let (unit, count) = match minutes {
        m if m % 1440 == 0 => ("days", m / 1440),
        m if m % 60 == 0 => ("hours", m / 60),
        m => ("minutes", m),
    };
    t.get("clock-per-move", &args! {"unit" => unit, "count" => count})
}

fn deadline(t: Texts, g: &GameView) -> Option<String> {
    g.deadline_ms
        .map(|ms| t.get("deadline", &args! {"time" => relative_time(ms)}))
}

fn your_move(t: Texts, g: &GameView) -> String {
    let Some(user) = g.to_move else {
        return String::new();
    };
    let head = t.get(
        "your-move",
        &args! {"player" => mention(user), "color" => color_in_sentence(t, g.position.turn())},
    );
    join_sentences(head, deadline(t, g))
}

fn game_over(t: Texts, g: &GameView, r: &GameResult) -> String {
    let won = t.get(
        "game-won",
        &args! {
            "winner" => mention(r.winner_id),
            "loser" => mention(r.loser_id),
            "color" => color(t, r.winner),
            "reason" => reason_key(r.reason),
        },
    );
    match r.rating_deltas {
        Some([white, black]) => {
            let changes = t.get(
                "rating-changes",
                &args! {
                    "white" => mention(g.white.id),
                    "white-delta" => format!("{white:+.0}"),
                    "black" => mention(g.black.id),
                    "black-delta" => format!("{black:+.0}"),
                },
            );
            format!("{won}\n{changes}")
        }
        None => won,
    }
}

fn status_line(t: Texts, g: &GameView) -> String {
    if let Some(r) = &g.result {
        return t.get(
            "status-won",
            &args! {
                "color" => color(t, r.winner),
                "reason" => reason(t, r.reason),
                "ply" => g.ply(),
            },
        );
    }
    if g.status == GameStatus::Aborted {
        return t.get("status-aborted", &args! {"ply" => g.ply()});
    }
    t.get(
        "status-to-move",
        &args! {"color" => color(t, g.position.turn()), "ply" => g.ply()},
    )
}

pub(super) fn move_in_words(t: Texts, mover: Color, mv: Move) -> String {
    let Move::Normal {
        role,
        from,
        to,
        capture,
    } = mv
    else {
        return t.get("move-swap", &args! {"color" => color_key(mover)});
    };
    let piece = t.get(
        "piece-name",
        &args! {"color" => color_key(mover), "role" => role_key(role)},
    );
    let id = match capture {
        None if role == Role::Queen => "move-birth",
        None => "move-quiet",
        Some(Role::Baby) => "move-captures-baby",
        Some(Role::Queen) => "move-captures-queen",
    };
    t.get(
        id,
        &args! {"piece" => piece, "from" => from.to_string(), "to" => to.to_string()},
    )
}

fn challenge_posted(t: Texts, c: &Challenge) -> String {
    let challenger = mention(c.challenger);
    let head = match (c.challenged, c.rematch_of) {
        (Some(opponent), Some(game)) => t.get(
            "challenge-rematch",
            &args! {"challenger" => challenger.clone(), "opponent" => mention(opponent), "game" => game.0},
        ),
        (Some(opponent), None) => t.get(
            "challenge-offer",
            &args! {"challenger" => challenger.clone(), "opponent" => mention(opponent)},
        ),
        (None, _) => t.get("challenge-open", &args! {"challenger" => challenger.clone()}),
    };
    let choice = match c.color {
        ColorChoice::White => "white",
        ColorChoice::Black => "black",
        ColorChoice::Random => "random",
    };
    let colour = t.get(
        "challenge-colour",
        &args! {"choice" => choice, "challenger" => challenger},
    );
    let rated = t.get("challenge-rated", &args! {"rated" => yes_no(c.rated)});
    let expires = t.get(
        "challenge-expires",
        &args! {"time" => relative_time(c.expires_ms)},
    );
    format!(
        "{head}\n{} · {colour} · {} · {rated}\n{expires}",
        options(t, c.options),
        clock(t, c.move_time_ms)
    )
}

fn challenge_closed(t: Texts, c: &Challenge, by: Option<UserId>) -> String {
    let answered = |id: &str, id_by: &str| match by {
        Some(user) => t.get(id_by, &args! {"player" => mention(user)}),
        None => t.plain(id),
    };
    let what = match c.status {
        ChallengeStatus::Pending => return challenge_posted(t, c),
        ChallengeStatus::Accepted => answered("challenge-accepted", "challenge-accepted-by"),
        ChallengeStatus::Declined => answered("challenge-declined", "challenge-declined-by"),
        ChallengeStatus::Cancelled => answered("challenge-cancelled", "challenge-cancelled-by"),
        ChallengeStatus::Expired => t.plain("challenge-expired"),
    };
    let head = t.get(
        "challenge-closed",
        &args! {"challenger" => mention(c.challenger), "options" => options(t, c.options)},
    );
    format!("{head}\n{what}")
}

pub(super) fn status_key(status: ChallengeStatus) -> &'static str {
    match status {
        ChallengeStatus::Pending => "pending",
        ChallengeStatus::Accepted => "accepted",
        ChallengeStatus::Declined => "declined",
        ChallengeStatus::Cancelled => "cancelled",
        ChallengeStatus::Expired => "expired",
    }
}

fn stats(t: Texts, s: &PlayerStats) -> String {
    let player = mention(s.user);
    let rating = format!("{:.0}", s.rating);
    let deviation = format!("{:.0}", s.deviation);
    if s.games == 0 {
        return t.get(
            "stats-newcomer",
            &args! {"player" => player, "rating" => rating, "deviation" => deviation},
        );
    }
    let mut summary = t.get(
        "stats-summary",
        &args! {
            "rating" => rating,
            "deviation" => deviation,
            "provisional" => yes_no(s.provisional),
            "games" => s.games,
            "rated" => s.rated_games,
            "wins" => s.wins,
            "losses" => s.losses,
        },
    );
    if let Some(rate) = s.win_rate {
        let percent = format!("{:.0}", rate * 100.0);
        summary.push_str(" · ");
        summary.push_str(&t.get("stats-win-rate", &args! {"percent" => percent}));
    }
    let (kind, count) = match s.current_streak {
        0 => ("none", 0),
        n if n > 0 => ("wins", n),
        n => ("losses", -n),
    };
    let streak = t.get("stats-streak", &args! {"kind" => kind, "count" => count});
    let mut out = format!(
        "{}\n{summary}\n{streak}",
        t.get("stats-title", &args! {"player" => player})
    );
    if !s.recent.is_empty() {
        out.push('\n');
        out.push_str(&t.plain("stats-recent"));
        for game in &s.recent {
            out.push('\n');
            out.push_str(&played_game(t, game));
        }
    }
    out
}

fn played_game(t: Texts, g: &PlayedGame) -> String {
    let opponent = match g.ai_level {
        Some(level) => t.get(
            "played-game-computer",
            &args! {"level" => level_name(t.0, level)},
        ),
        None => mention(g.opponent.id),
    };
    let rating = g
        .rating_delta
        .map_or_else(|| t.plain("played-game-unrated"), |d| format!("{d:+.0}"));
    t.get(
        "played-game",
        &args! {
            "game" => g.game.0,
            "won" => yes_no(g.won),
            "color" => color_in_sentence(t, g.color),
            "opponent" => opponent,
            "reason" => reason(t, g.reason),
            "plies" => g.plies,
            "rating" => rating,
            "time" => format!("<t:{}:d>", g.finished_ms / 1000),
        },
    )
}

fn leaderboard(t: Texts, page: &LeaderboardPage, global: bool) -> String {
    let board = t.get("leaderboard-board", &args! {"global" => yes_no(global)});
    if page.entries.is_empty() {
        return t.get("leaderboard-empty", &args! {"board" => board});
    }
    let mut out = t.get(
        "leaderboard-title",
        &args! {"board" => board, "page" => page.page + 1, "pages" => page.total_pages},
    );
    for e in &page.entries {
        out.push('\n');
        out.push_str(&t.get(
            "leaderboard-line",
            &args! {
                "rank" => e.rank,
                "player" => mention(e.player.id),
                "rating" => format!("{:.0}", e.rating),
                "deviation" => format!("{:.0}", e.deviation),
                "games" => e.games,
                "wins" => e.wins,
                "losses" => e.losses,
            },
        ));
    }
    out
}

fn history(t: Texts, user: UserId, page: &HistoryPage) -> String {
    let player = mention(user);
    if page.entries.is_empty() {
        return t.get("history-empty", &args! {"player" => player});
    }
    let mut out = t.get(
        "history-title",
        &args! {
            "player" => player,
            "total" => page.total,
            "page" => page.page + 1,
            "pages" => page.total_pages,
        },
    );
    for game in &page.entries {
        out.push('\n');
        out.push_str(&played_game(t, game));
    }
    out.push('\n');
    out.push_str(&t.plain("history-footer"));
    out
}

fn settings_text(t: Texts, s: &GuildSettings, saved: bool) -> String {
    let head = t.plain(if saved {
        "settings-saved"
    } else {
        "settings-title"
    });
    let threads = t.get(
        "settings-threads",
        &args! {"threads" => if s.threads { "on" } else { "off" }},
    );
    let clock = t.get(
        "settings-clock",
        &args! {"clock" => clock(t, s.default_clock.ms())},
    );
    let orientation = match s.orientation {
        BoardOrientation::WhiteBottom => "white-bottom",
        BoardOrientation::ToMove => "to-move",
    };
    let boards = t.get("settings-boards", &args! {"orientation" => orientation});
    let colors = t.get(
        "settings-colors",
        &args! {"colors" => s.board_colors.as_str()},
    );
    let organisers = t.get(
        "settings-organisers",
        &args! {"organisers" => if s.tournament_organisers { "on" } else { "off" }},
    );
    format!("{head}\n{threads}\n{clock}\n{boards}\n{colors}\n{organisers}")
}

fn analysis(t: Texts, g: &GameView, mistakes: &[Mistake], turning_points: &[u32]) -> String {
    let mut out = t.get(
        "analysis-title",
        &args! {
            "game" => g.id.0,
            "white" => mention(g.white.id),
            "black" => mention(g.black.id),
            "status" => status_line(t, g),
        },
    );
    out.push('\n');
    out.push_str(&t.plain(if mistakes.is_empty() {
        "analysis-no-mistakes"
    } else {
        "analysis-mistakes"
    }));
    for (i, m) in mistakes.iter().enumerate() {
        out.push('\n');
        out.push_str(&t.get(
            "analysis-mistake",
            &args! {
                "number" => i + 1,
                "ply" => m.ply,
                "played" => move_in_words(t, m.mover, m.played),
                "better" => move_in_words(t, m.mover, m.better),
                "color" => color_in_sentence(t, m.mover),
                "before" => format!("{:.0}", m.before.chances(m.mover) * 100.0),
                "after" => format!("{:.0}", m.after.chances(m.mover) * 100.0),
            },
        ));
    }
    match turning_points {
        [] => {}
        [one] => {
            out.push('\n');
            out.push_str(&t.get("analysis-turning-point", &args! {"ply" => *one}));
        }
        [first @ .., last] => {
            let first: Vec<String> = first.iter().map(ToString::to_string).collect();
            out.push('\n');
            out.push_str(&t.get(
                "analysis-turning-points",
                &args! {"plies" => first.join(", "), "last" => *last},
            ));
        }
    }
    out
}
