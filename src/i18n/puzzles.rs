//! Puzzles in words: a puzzle as its solver sees it, the answers to their moves, the daily
//! puzzle's post and its solvers, a player's puzzle record and the daily puzzle's channel.

use monkey_queen_core::Move;
use monkey_queen_core::puzzle::Theme;

use super::render::{Texts, args, color_key, mention, yes_no};
use crate::games::{DailySolver, Day, PuzzleStats, PuzzleView, RatingChange};

/// The puzzle's head: its number (or the daily puzzle's day), rating and themes, and what to
/// find, with how to answer.
pub(super) fn shown(t: Texts, p: &PuzzleView) -> String {
    format!("{}\n{}", title(t, p), to_find(t, p, false))
}

/// `**Puzzle #3** · rating 1650 · Themes: …`.
fn title(t: Texts, p: &PuzzleView) -> String {
    let rating = format!("{:.0}", p.rating);
    let head = match &p.day {
        Some(day) => t.get(
            "daily-puzzle-title",
            &args! {"day" => day.to_string(), "puzzle" => p.id.0, "rating" => rating},
        ),
        None => t.get(
            "puzzle-title",
            &args! {"puzzle" => p.id.0, "rating" => rating},
        ),
    };
    if p.themes.is_empty() {
        return head;
    }
    let themes: Vec<String> = p.themes.iter().map(|&th| theme(t, th)).collect();
    let themes = t.get("puzzle-themes", &args! {"themes" => themes.join(", ")});
    format!("{head} · {themes}")
}

/// A theme's words.
fn theme(t: Texts, theme: Theme) -> String {
    t.get("puzzle-theme", &args! {"theme" => theme.name()})
}

/// What to find (the first move, or the next after a right one), the solution's length, how
/// to answer and, for the daily puzzle, the wrong tries so far.
fn to_find(t: Texts, p: &PuzzleView, next: bool) -> String {
    let color = color_key(p.solver);
    let find = if next {
        t.get("puzzle-next", &args! {"color" => color})
    } else {
        t.get(
            "puzzle-find",
            &args! {"color" => color, "moves" => p.solver_moves},
        )
    };
    let how = t.get("puzzle-how", &args! {"daily" => yes_no(p.day.is_some())});
    let mut out = format!("{find} {how}");
    if p.day.is_some() && p.tries > 0 {
        out.push(' ');
        out.push_str(&t.get("puzzle-tries", &args! {"tries" => p.tries}));
    }
    out
}

/// The header line over a puzzle's picture.
pub(super) fn caption(t: Texts, p: &PuzzleView) -> String {
    let solved = p.position.outcome().is_some() || p.played.len() + 1 >= 2 * p.solver_moves;
    t.get(
        "puzzle-caption",
        &args! {
            "puzzle" => p.id.0,
            "color" => color_key(p.solver),
            "solved" => yes_no(solved),
        },
    )
}

/// A right move: the defender's reply, and the next move asked for.
pub(super) fn right(t: Texts, p: &PuzzleView, mv: Move, reply: Move) -> String {
    let head = t.get(
        "puzzle-right",
        &args! {
            "move" => mv.to_string(),
            "reply" => reply.to_string(),
            "color" => color_key(p.solver.other()),
        },
    );
    format!("{head}\n{}", to_find(t, p, true))
}

/// A puzzle solved, with the rating change and streak of a rated one.
pub(super) fn solved(
    t: Texts,
    p: &PuzzleView,
    mv: Move,
    rating: Option<RatingChange>,
    streak: Option<u32>,
) -> String {
    let mv = mv.to_string();
    let mut out = match &p.day {
        Some(day) => t.get(
            "daily-puzzle-solved",
            &args! {"move" => mv, "day" => day.to_string(), "tries" => p.tries},
        ),
        None => t.get("puzzle-solved", &args! {"move" => mv, "puzzle" => p.id.0}),
    };
    if let Some(change) = rating {
        out.push('\n');
        out.push_str(&rating_change(t, change));
    }
    if let Some(streak) = streak {
        out.push(' ');
        out.push_str(&t.get("puzzle-streak", &args! {"streak" => streak}));
    }
    out
}

/// A wrong move: the solution and the rating change, or (the daily puzzle) try again.
pub(super) fn wrong(
    t: Texts,
    p: &PuzzleView,
    mv: Move,
    solution: &[Move],
    rating: Option<RatingChange>,
    retry: bool,
) -> String {
    let head = t.get("puzzle-wrong", &args! {"move" => mv.to_string()});
    if retry {
        let again = t.get("puzzle-try-again", &args! {"tries" => p.tries});
        return format!("{head}\n{again}");
    }
    let mut out = format!("{head}\n{}", solution_line(t, solution));
    if let Some(change) = rating {
        out.push('\n');
        out.push_str(&rating_change(t, change));
    }
    out.push('\n');
    out.push_str(&t.plain("puzzle-another"));
    out
}

/// A puzzle given up: its solution and the rating change.
pub(super) fn given_up(
    t: Texts,
    p: &PuzzleView,
    solution: &[Move],
    rating: Option<RatingChange>,
) -> String {
    let mut out = format!(
        "{}\n{}",
        t.get("puzzle-given-up", &args! {"puzzle" => p.id.0}),
        solution_line(t, solution)
    );
    if let Some(change) = rating {
        out.push('\n');
        out.push_str(&rating_change(t, change));
    }
    out.push('\n');
    out.push_str(&t.plain("puzzle-another"));
    out
}

/// `Solution: **g1-g7** → h3-h4 → …` (the solver's moves in bold).
fn solution_line(t: Texts, solution: &[Move]) -> String {
    let moves: Vec<String> = solution
        .iter()
        .enumerate()
        .map(|(i, mv)| {
            if i % 2 == 0 {
                format!("**{mv}**")
            } else {
                mv.to_string()
            }
        })
        .collect();
    t.get("puzzle-solution", &args! {"moves" => moves.join(" → ")})
}

/// `Puzzle rating: 1500 → 1523 (+23).`
fn rating_change(t: Texts, change: RatingChange) -> String {
    let before = change.before.round();
    let after = change.after.round();
    t.get(
        "puzzle-rating-change",
        &args! {
            "before" => format!("{before:.0}"),
            "after" => format!("{after:.0}"),
            "change" => format!("{:+.0}", after - before),
        },
    )
}

/// The daily puzzle's public post.
pub(super) fn daily_post(t: Texts, p: &PuzzleView) -> String {
    t.get(
        "daily-puzzle-post",
        &args! {
            "day" => p.day.map(|day| day.to_string()).unwrap_or_default(),
            "color" => color_key(p.solver),
            "moves" => p.solver_moves,
        },
    )
}

/// Today's daily puzzle's solvers, first first, with their wrong tries.
pub(super) fn solvers(t: Texts, day: Day, solvers: &[DailySolver]) -> String {
    if solvers.is_empty() {
        return t.get("daily-solvers-empty", &args! {"day" => day.to_string()});
    }
    let mut out = t.get("daily-solvers-title", &args! {"day" => day.to_string()});
    for (rank, solver) in solvers.iter().enumerate() {
        out.push('\n');
        out.push_str(&t.get(
            "daily-solver-line",
            &args! {
                "rank" => rank + 1,
                "player" => mention(solver.user),
                "tries" => solver.tries,
                "time" => solver.finished_ms / 1000,
            },
        ));
    }
    out
}

/// A player's puzzle record, a line of `/stats`.
pub(super) fn stats(t: Texts, s: &PuzzleStats) -> String {
    if s.solved + s.failed == 0 {
        return t.plain("stats-no-puzzles");
    }
    t.get(
        "stats-puzzles",
        &args! {
            "rating" => format!("{:.0}", s.rating),
            "deviation" => format!("{:.0}", s.deviation),
            "solved" => s.solved,
            "failed" => s.failed,
            "streak" => s.streak,
            "best" => s.best_streak,
        },
    )
}

/// Where a server's daily puzzle is posted (a channel id), or that it is not.
pub(super) fn channel(t: Texts, channel: Option<u64>) -> String {
    match channel {
        Some(channel) => t.get(
            "settings-daily-puzzle",
            &args! {"channel" => format!("<#{channel}>")},
        ),
        None => t.plain("settings-daily-puzzle-off"),
    }
}
