//! Tournaments in words: a tournament's message, its rounds, standings and end, the list of a
//! server's tournaments and the private answers to its commands. Long lists (players, boards,
//! standings) are cut to fit a message, saying how many were left out.

use super::render::{Texts, args, clock, mention, options, relative_time};
use super::{CrosstableWord, echo};
use crate::games::{Page, Tournament, TournamentView};
use crate::model::{PairingResult, TournamentFormat, TournamentStatus, UserId};

/// Players named in a tournament's message; the others are counted.
const NAMED_PLAYERS: usize = 40;
/// Room for the lines of one list in a message (Discord takes 2,000 characters), leaving
/// some for its head.
const LIST_CHARS: usize = 1_700;

/// A tournament's name as it may be shown (user text; its number if nothing shows).
fn name(t: &Tournament) -> String {
    echo(&t.name).unwrap_or_else(|| format!("#{}", t.id.0))
}

/// `**Tournament #3: Name**`.
fn title(t: Texts, tournament: &Tournament) -> String {
    t.get(
        "tournament-title",
        &args! {"tournament" => tournament.id.0, "name" => name(tournament)},
    )
}

/// "Swiss, 3 rounds" or "(double) round robin" (with its rounds once known).
fn format_words(t: Texts, tournament: &Tournament) -> String {
    let format = match tournament.format {
        TournamentFormat::Swiss => "swiss",
        TournamentFormat::RoundRobin if tournament.cycles >= 2 => "double-round-robin",
        TournamentFormat::RoundRobin => "round-robin",
    };
    t.get(
        "tournament-format",
        &args! {"format" => format, "rounds" => tournament.rounds},
    )
}

/// Where a tournament stands, in one sentence.
fn status(t: Texts, view: &TournamentView) -> String {
    let tournament = &view.tournament;
    match tournament.status {
        TournamentStatus::SignUp => match tournament.starts_ms {
            Some(ms) => t.get(
                "tournament-signup-timed",
                &args! {"time" => relative_time(ms)},
            ),
            None => t.get(
                "tournament-signup-manual",
                &args! {"tournament" => tournament.id.0},
            ),
        },
        TournamentStatus::Running => t.get(
            "tournament-running",
            &args! {
                "round" => tournament.round,
                "rounds" => tournament.rounds,
                "tournament" => tournament.id.0,
            },
        ),
        TournamentStatus::Finished => match view.winner() {
            Some(winner) => t.get("tournament-won", &args! {"winner" => mention(winner.user)}),
            None => t.plain("tournament-unplayed"),
        },
    }
}

/// A tournament's own message.
pub(super) fn posted(t: Texts, view: &TournamentView) -> String {
    let tournament = &view.tournament;
    let rated = t.get(
        "challenge-rated",
        &args! {"rated" => if tournament.rated { "yes" } else { "no" }},
    );
    let settings = format!(
        "{} · {} · {} · {rated}",
        format_words(t, tournament),
        options(t, tournament.options),
        clock(t, tournament.move_time_ms)
    );
    let organiser = t.get(
        "tournament-organiser",
        &args! {"organiser" => mention(tournament.organiser)},
    );
    let players = if view.entries.is_empty() {
        t.plain("tournament-no-players")
    } else {
        let named: Vec<String> = view
            .entries
            .iter()
            .take(NAMED_PLAYERS)
            .map(|e| {
                let player = mention(e.user);
                if e.withdrawn_round.is_some() {
                    format!("~~{player}~~")
                } else {
                    player
                }
            })
            .collect();
        let more = view.entries.len().saturating_sub(NAMED_PLAYERS);
        let mut line = t.get(
            "tournament-players",
            &args! {
                "count" => view.entries.len(),
                "limit" => tournament.max_players,
                "players" => named.join(", "),
            },
        );
        if more > 0 {
            line.push(' ');
            line.push_str(&t.get("tournament-more", &args! {"count" => more}));
        }
        line
    };
    format!(
        "🏆 {}\n{settings}\n{organiser}\n{players}\n{}",
        title(t, tournament),
        status(t, view)
    )
}

/// The pairings of round `round`.
pub(super) fn round(t: Texts, view: &TournamentView, round: u32) -> String {
    let tournament = &view.tournament;
    let mut out = t.get(
        "tournament-round-title",
        &args! {
            "title" => title(t, tournament),
            "round" => round,
            "rounds" => tournament.rounds,
        },
    );
    for p in view.round_pairings(round) {
        let white = mention(p.white);
        let line = match (p.black, p.result) {
            (None, _) => t.get("tournament-bye", &args! {"player" => white}),
            (Some(black), PairingResult::WhiteForfeit | PairingResult::BlackForfeit) => {
                let (winner, absent) = if p.result == PairingResult::WhiteForfeit {
                    (p.white, black)
                } else {
                    (black, p.white)
                };
                t.get(
                    "tournament-board-forfeit",
                    &args! {
                        "board" => p.board,
                        "white" => white,
                        "black" => mention(black),
                        "winner" => mention(winner),
                        "absent" => mention(absent),
                    },
                )
            }
            (Some(black), _) => t.get(
                "tournament-board",
                &args! {
                    "board" => p.board,
                    "white" => white,
                    "black" => mention(black),
                    "game" => p.game.map_or(0, |g| g.0),
                },
            ),
        };
        out.push('\n');
        out.push_str(&line);
    }
    out.push('\n');
    out.push_str(&t.plain("tournament-round-play"));
    out
}

/// The standings' lines, as many as fit, then how many were left out.
fn standings_lines(t: Texts, view: &TournamentView) -> String {
    let names = view.tie_break_names();
    let standings = view.standings();
    let mut out = String::new();
    for (shown, s) in standings.iter().enumerate() {
        let tie_breaks: Vec<String> = names
            .iter()
            .zip(&s.tie_breaks)
            .map(|(name, value)| format!("{name} {}", TournamentView::points_text(*value)))
            .collect();
        let line = t.get(
            "tournament-standing",
            &args! {
                "rank" => s.rank,
                "player" => mention(s.user),
                "points" => TournamentView::points_text(f64::from(s.half_points) / 2.0),
                "half-points" => s.half_points,
                "tie-breaks" => tie_breaks.join(" · "),
                "withdrawn" => if s.withdrawn { "yes" } else { "no" },
            },
        );
        if out.chars().count() + line.chars().count() > LIST_CHARS {
            let more = standings.len() - shown;
            out.push('\n');
            out.push_str(&t.get("tournament-more", &args! {"count" => more}));
            break;
        }
        out.push('\n');
        out.push_str(&line);
    }
    let legend: Vec<String> = names.iter().map(|n| tie_break_name(t.0, n)).collect();
    if !legend.is_empty() {
        out.push('\n');
        out.push_str(&t.get(
            "tournament-tie-breaks",
            &args! {"names" => legend.join(", ")},
        ));
    }
    out
}

/// A tie-break's name in words with FIDE's abbreviation beside it, "Buchholz Cut-1 (BH-C1)";
/// an abbreviation the locales don't name is shown as it is.
pub(super) fn tie_break_name(lang: super::Lang, abbreviation: &str) -> String {
    let id = format!("tie-break-{}", abbreviation.to_ascii_lowercase());
    super::bundles::try_format(lang, &id, None).unwrap_or_else(|_| abbreviation.to_owned())
}

/// How far a tournament has got, for the head of its standings.
fn progress(t: Texts, view: &TournamentView) -> String {
    let tournament = &view.tournament;
    let stage = match tournament.status {
        TournamentStatus::SignUp => "signup",
        TournamentStatus::Running => "running",
        TournamentStatus::Finished => "finished",
    };
    t.get(
        "tournament-progress",
        &args! {
            "stage" => stage,
            "round" => tournament.round,
            "rounds" => tournament.rounds,
            "format" => format_words(t, tournament),
        },
    )
}

/// The standings as they stand.
pub(super) fn standings(t: Texts, view: &TournamentView) -> String {
    let head = t.get(
        "tournament-standings-title",
        &args! {"title" => title(t, &view.tournament), "progress" => progress(t, view)},
    );
    if view.entries.is_empty() {
        return format!("{head}\n{}", t.plain("tournament-no-players"));
    }
    format!("{head}{}", standings_lines(t, view))
}

/// The end of a tournament.
pub(super) fn finished(t: Texts, view: &TournamentView) -> String {
    let tournament = &view.tournament;
    let Some(winner) = view.winner() else {
        return t.get(
            "tournament-final-unplayed",
            &args! {"title" => title(t, tournament)},
        );
    };
    let head = t.get(
        "tournament-final",
        &args! {
            "title" => title(t, tournament),
            "winner" => mention(winner.user),
            "points" => TournamentView::points_text(f64::from(winner.half_points) / 2.0),
            "half-points" => winner.half_points,
        },
    );
    format!("{head}{}", standings_lines(t, view))
}

/// The crosstable picture's subtitle.
pub(super) fn subtitle(t: Texts, view: &TournamentView) -> String {
    progress(t, view)
}

/// A word of the crosstable picture.
pub(super) fn crosstable_word(t: Texts, word: CrosstableWord) -> String {
    t.plain(match word {
        CrosstableWord::Rank => "crosstable-rank",
        CrosstableWord::Player => "crosstable-player",
        CrosstableWord::Round => "crosstable-round",
        CrosstableWord::Points => "crosstable-points",
        CrosstableWord::Withdrawn => "crosstable-withdrawn",
        CrosstableWord::Bye => "crosstable-bye",
    })
}

/// Where a tournament of the list stands, in a few words.
fn stage(t: Texts, tournament: &Tournament) -> String {
    match tournament.status {
        TournamentStatus::SignUp => match tournament.starts_ms {
            Some(ms) => t.get(
                "tournament-stage-signup-timed",
                &args! {"time" => relative_time(ms)},
            ),
            None => t.plain("tournament-stage-signup"),
        },
        TournamentStatus::Running => t.get(
            "tournament-stage-running",
            &args! {"round" => tournament.round, "rounds" => tournament.rounds},
        ),
        TournamentStatus::Finished => t.plain("tournament-stage-finished"),
    }
}

/// A page of a server's tournaments.
pub(super) fn list(t: Texts, page: &Page<Tournament>) -> String {
    if page.entries.is_empty() {
        return t.plain("tournament-list-empty");
    }
    let mut out = t.get(
        "tournament-list-title",
        &args! {"total" => page.total, "page" => page.page + 1, "pages" => page.total_pages},
    );
    for tournament in &page.entries {
        out.push('\n');
        out.push_str(&t.get(
            "tournament-list-line",
            &args! {
                "tournament" => tournament.id.0,
                "name" => name(tournament),
                "format" => format_words(t, tournament),
                "stage" => stage(t, tournament),
            },
        ));
    }
    out
}

/// A name cut to `max` characters.
fn clipped(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(max - 1).collect();
    cut.push('…');
    cut
}

/// A tournament among suggestions (at most 100 characters).
pub(super) fn choice(t: Texts, tournament: &Tournament) -> String {
    t.get(
        "tournament-choice",
        &args! {
            "tournament" => tournament.id.0,
            "name" => clipped(&name(tournament), 50),
            "stage" => clipped(&stage_plain(t, tournament), 35),
        },
    )
}

/// Where a tournament stands, without a timestamp (suggestions show plain text).
fn stage_plain(t: Texts, tournament: &Tournament) -> String {
    match tournament.status {
        TournamentStatus::SignUp => t.plain("tournament-stage-signup"),
        _ => stage(t, tournament),
    }
}

/// The name of a tournament's thread (at most 100 characters).
pub(super) fn thread_name(t: Texts, tournament: &Tournament) -> String {
    t.get(
        "tournament-thread-name",
        &args! {"tournament" => tournament.id.0, "name" => clipped(&name(tournament), 50)},
    )
}

/// `id` with the tournament's number and name.
pub(super) fn about(t: Texts, id: &str, tournament: &Tournament) -> String {
    t.get(
        id,
        &args! {"tournament" => tournament.id.0, "name" => name(tournament)},
    )
}

/// The private answer to leaving.
pub(super) fn left(t: Texts, tournament: &Tournament) -> String {
    t.get(
        "tournament-left",
        &args! {
            "tournament" => tournament.id.0,
            "name" => name(tournament),
            "started" => if tournament.status == TournamentStatus::SignUp { "no" } else { "yes" },
        },
    )
}

/// The private answer to the organiser who withdrew `player`.
pub(super) fn withdrew(t: Texts, tournament: &Tournament, player: UserId) -> String {
    t.get(
        "tournament-withdrew",
        &args! {
            "tournament" => tournament.id.0,
            "player" => mention(player),
            "started" => if tournament.status == TournamentStatus::SignUp { "no" } else { "yes" },
        },
    )
}

/// The private answer to the organiser who replaced a result.
pub(super) fn result_set(
    t: Texts,
    tournament: &Tournament,
    round: u32,
    board: u32,
    winner: UserId,
) -> String {
    t.get(
        "tournament-result-set",
        &args! {
            "tournament" => tournament.id.0,
            "round" => round,
            "board" => board,
            "winner" => mention(winner),
        },
    )
}
