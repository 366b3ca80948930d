//! Finding puzzles: in one position, and in every position of a finished game.

use crate::moves::Move;
use crate::position::Position;
use crate::record::Record;
use crate::search::{self, TopMoves};

use super::{Config, Puzzle, Source, mover_chances, theme};

/// The puzzle in `pos`, if the side to move has exactly one winning move (see the
/// [module docs](super)). Plain blocking CPU work: two searches of `config.nodes` nodes per
/// solver move of the solution.
#[must_use]
pub fn find_puzzle(pos: &Position, source: Source, config: &Config) -> Option<Puzzle> {
    from_top(pos, &config.top(pos, 2), source, config)
}

/// The puzzles of a finished game, in the order played. A position counts only where the
/// opponent's last move threw away at least [`Config::gap`] of the solver's winning chances
/// and the solver was not winning already (so one winning phase gives one puzzle), and only
/// after the solution of the previous puzzle. `game` names the game in each [`Source`].
#[must_use]
pub fn puzzles_in_game(record: &Record, game: &str, config: &Config) -> Vec<Puzzle> {
    puzzles_in_game_until(record, game, config, &|| false).unwrap_or_default()
}

/// [`puzzles_in_game`], asking `stopped` before each position's search: `None` as soon as it
/// says yes (a bot shutting down gives up the search, to do it again later).
#[must_use]
pub fn puzzles_in_game_until(
    record: &Record,
    game: &str,
    config: &Config,
    stopped: &dyn Fn() -> bool,
) -> Option<Vec<Puzzle>> {
    let mut pos = Position::start(record.options);
    let mut found = Vec::new();
    // The side to move's chances in the position before, with its best move.
    let mut before: Option<f64> = None;
    let mut free_from = 0;
    for ply in 0..=record.moves.len() {
        if pos.is_game_over() {
            break;
        }
        if stopped() {
            return None;
        }
        let top = config.top(&pos, 2);
        let now = top.moves.first().map_or(0.0, |&(_, s)| mover_chances(s));
        // The opponent's last move turned a position the solver was not winning into one
        // they win, by at least the gap.
        let blunder = before.is_some_and(|theirs| {
            let had = 1.0 - theirs;
            had < config.winning && now - had >= config.gap
        });
        if ply >= free_from
            && blunder
            && let Some(puzzle) = from_top(&pos, &top, source(game, ply), config)
        {
            free_from = ply + puzzle.solution.len();
            found.push(puzzle);
        }
        before = Some(now);
        if let Some(&m) = record.moves.get(ply) {
            pos.play_unchecked(m);
        }
    }
    Some(found)
}

fn source(game: &str, ply: usize) -> Source {
    Source {
        game: game.to_owned(),
        ply: u32::try_from(ply).unwrap_or(u32::MAX),
    }
}

/// The puzzle of `pos` given its two best moves `top`, already searched.
fn from_top(pos: &Position, top: &TopMoves, source: Source, config: &Config) -> Option<Puzzle> {
    // A position with one legal move asks nothing.
    if top.moves.len() < 2 {
        return None;
    }
    let (solution, proven) = solution(pos, top, config)?;
    let themes = theme::themes(pos, &solution, proven);
    let rating = theme::rating(&solution, &themes);
    Some(Puzzle {
        position: pos.clone(),
        solution,
        themes,
        rating,
        source,
    })
}

/// The solving line from `start`: the only winning move, the engine's best defence, and so on
/// while the solver's move stays the only winning one; it ends on a solver's move. Also says
/// whether the search proved that last move a forced win.
fn solution(start: &Position, top: &TopMoves, config: &Config) -> Option<(Vec<Move>, bool)> {
    let mut best = config.judge(top, 0).ok()?;
    let mut proven = proves_win(top);
    let mut pos = start.clone();
    let mut line = Vec::new();
    loop {
        pos.play_unchecked(best);
        line.push(best);
        if pos.is_game_over() || line.len() / 2 + 1 >= config.max_solver_moves {
            break;
        }
        let Some(&(defence, _)) = config.top(&pos, 1).moves.first() else {
            break;
        };
        let mut next = pos.clone();
        next.play_unchecked(defence);
        if next.is_game_over() {
            break;
        }
        let top = config.top(&next, 2);
        let Ok(answer) = config.judge(&top, line.len() + 1) else {
            break;
        };
        line.push(defence);
        pos = next;
        best = answer;
        proven = proves_win(&top);
    }
    Some((line, proven))
}

/// Whether the best of `top` is a forced win.
fn proves_win(top: &TopMoves) -> bool {
    top.moves
        .first()
        .and_then(|&(_, score)| search::mate_in(score))
        .is_some_and(|plies| plies > 0)
}
