//! Alt text for the pictures the bot posts (Discord's attachment `description`, which screen
//! readers read out): a board in words, with the size and ply, who is to move, the last move,
//! each queen's square and height, and every baby by square. Discord takes at most
//! [`MAX_CHARS`] characters: when every baby does not fit, each side's list is cut short and
//! says how many more there are.

use monkey_queen_core::{Color, Move, Position, Square};

use super::render::{Texts, args, color_key, move_in_words};

/// Discord's limit on an attachment's description, in characters.
pub const MAX_CHARS: usize = 1_024;

/// What a board picture shows, for its alt text.
#[derive(Debug, Clone, Copy)]
pub struct BoardShown<'a> {
    /// The position drawn.
    pub position: &'a Position,
    /// The move that led to it, if any.
    pub last: Option<Move>,
    /// Whether the game is over (resigned, lost on time, aborted…), though the position may
    /// not show it.
    pub over: bool,
}

/// The alt text of a board picture, within `budget` characters (at most [`MAX_CHARS`]).
pub(super) fn board(t: Texts, shown: BoardShown<'_>, budget: usize) -> String {
    let budget = budget.min(MAX_CHARS);
    let lists = [Color::White, Color::Black].map(|c| shown.position.babies(c).collect::<Vec<_>>());
    let longest = lists.iter().map(Vec::len).max().unwrap_or(0);
    // The most babies named per side that fits: every one if they fit, else fewer.
    let mut named = longest;
    loop {
        let text = describe(t, shown, &lists, named);
        if text.chars().count() <= budget || named == 0 {
            return clip(text, budget);
        }
        named = named.saturating_sub(named.div_ceil(8).max(1));
    }
}

/// The board in words, naming at most `named` babies of each side.
fn describe(t: Texts, shown: BoardShown<'_>, lists: &[Vec<Square>; 2], named: usize) -> String {
    let position = shown.position;
    let mut sentences = vec![t.get(
        "board-alt",
        &args! {"size" => u32::from(position.size()), "ply" => position.ply()},
    )];
    sentences.push(if shown.over || position.is_game_over() {
        t.plain("board-alt-over")
    } else {
        t.get(
            "board-alt-to-move",
            &args! {"color" => color_key(position.turn())},
        )
    });
    if let Some(mv) = shown.last {
        let mover = mv
            .to()
            .and_then(|to| position.piece_at(to))
            .map_or(Color::Black, |piece| piece.color);
        let mut last = t.get(
            "board-alt-last",
            &args! {"move" => move_in_words(t, mover, mv)},
        );
        // A sentence of its own, unless the move's words end one already ("…the queen!").
        if !last.ends_with(['!', '.']) {
            last.push('.');
        }
        sentences.push(last);
    }
    for color in [Color::White, Color::Black] {
        sentences.push(match (position.queen(color), position.height(color)) {
            (Some(square), Some(height)) => t.get(
                "board-alt-queen",
                &args! {
                    "color" => color_key(color),
                    "square" => square.to_string(),
                    "height" => u32::from(height),
                },
            ),
            _ => t.get(
                "board-alt-queen-taken",
                &args! {"color" => color_key(color)},
            ),
        });
    }
    for (color, babies) in [Color::White, Color::Black].into_iter().zip(lists) {
        let squares = babies
            .iter()
            .take(named)
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        let more = babies.len().saturating_sub(named);
        let squares = if more == 0 {
            squares
        } else {
            t.get(
                "board-alt-more",
                &args! {"squares" => squares, "more" => more},
            )
        };
        sentences.push(t.get(
            "board-alt-babies",
            &args! {"color" => color_key(color), "count" => babies.len(), "squares" => squares},
        ));
    }
    sentences.join(" ")
}

/// `text` cut to `budget` characters, ending with "…" when cut.
fn clip(text: String, budget: usize) -> String {
    if text.chars().count() <= budget {
        return text;
    }
    let mut clipped: String = text.chars().take(budget.saturating_sub(1)).collect();
    clipped.push('…');
    clipped
}

/// The alt text of a game's replay GIF: what it shows, then its last frame in words.
pub(super) fn replay(t: Texts, game: i64, last_frame: BoardShown<'_>) -> String {
    let head = t.get(
        "replay-alt",
        &args! {"game" => game, "ply" => last_frame.position.ply()},
    );
    join_within(head, |budget| board(t, last_frame, budget))
}

/// The alt text of a game's analysis picture: what it shows, the mistakes it marks, then the
/// final position in words.
pub(super) fn analysis(t: Texts, game: i64, mistakes: usize, end: BoardShown<'_>) -> String {
    let head = t.get(
        "analysis-alt",
        &args! {"game" => game, "mistakes" => mistakes},
    );
    join_within(head, |budget| board(t, end, budget))
}

/// `head`, then what `rest` writes in the characters left of [`MAX_CHARS`].
fn join_within(head: String, rest: impl FnOnce(usize) -> String) -> String {
    let left = MAX_CHARS.saturating_sub(head.chars().count() + 1);
    clip(format!("{head} {}", rest(left)), MAX_CHARS)
}

#[cfg(test)]
mod tests {
    use monkey_queen_core::GameOptions;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::i18n::Lang;

    /// Positions of random games on every board size, at every stage: a few hundred.
    fn positions() -> Vec<(Position, Option<Move>)> {
        let mut rng = SmallRng::seed_from_u64(7);
        let mut out = Vec::new();
        for game in 0..60 {
            let size = GameOptions::SIZES[game % 3];
            let height = rng.random_range(GameOptions::HEIGHTS);
            let options = GameOptions::new(size, height, false).unwrap();
            let mut position = Position::start(options);
            let mut last = None;
            let plies = rng.random_range(0..200);
            for ply in 0..plies {
                if position.is_game_over() {
                    break;
                }
                let moves = position.legal_moves();
                let mv = moves[rng.random_range(0..moves.len())];
                position.play_unchecked(mv);
                last = Some(mv);
                if ply % 25 == 0 {
                    out.push((position.clone(), last));
                }
            }
            out.push((position, last));
        }
        out
    }

    /// The squares an English alt text lists after `lead` (up to the sentence's end).
    fn listed(text: &str, lead: &str) -> Option<Vec<String>> {
        let start = text.find(lead)? + lead.len();
        let end = text[start..].find('.')? + start;
        Some(text[start..end].split(", ").map(str::to_owned).collect())
    }

    #[test]
    fn the_alt_text_says_what_the_board_shows() {
        let positions = positions();
        assert!(positions.len() > 200, "{}", positions.len());
        let t = Texts(Lang::En);
        for (position, last) in &positions {
            let shown = BoardShown {
                position,
                last: *last,
                over: false,
            };
            let text = board(t, shown, MAX_CHARS);
            let size = position.size();
            assert!(
                text.starts_with(&format!("Monkey Queen board, {size}×{size}, ")),
                "{text}"
            );
            let turn = match position.turn() {
                Color::White => "White to move.",
                Color::Black => "Black to move.",
            };
            assert_eq!(text.contains(turn), !position.is_game_over(), "{text}");
            for (color, name) in [(Color::White, "White"), (Color::Black, "Black")] {
                match (position.queen(color), position.height(color)) {
                    (Some(square), Some(height)) => assert!(
                        text.contains(&format!("{name} queen on {square}, {height} high.")),
                        "{text}"
                    ),
                    _ => assert!(
                        text.contains(&format!("{name}'s queen has been captured.")),
                        "{text}"
                    ),
                }
                let babies: Vec<String> = position.babies(color).map(|s| s.to_string()).collect();
                let said = match babies.len() {
                    0 => text
                        .contains(&format!("{name} has no babies."))
                        .then(Vec::new),
                    1 => listed(&text, &format!("One {name} baby: ")),
                    n => listed(&text, &format!("{n} {name} babies: ")),
                };
                assert_eq!(said, Some(babies), "{text}");
            }
            if let Some(mv) = last {
                assert!(text.contains("Last move: "), "{text}");
                if let Move::Normal { from, to, .. } = mv {
                    assert!(
                        text.contains(&format!("{from}")) && text.contains(&format!("{to}")),
                        "{text}"
                    );
                }
            }
        }
    }

    #[test]
    fn every_language_fits_discords_limit_and_fills_every_variable() {
        for (position, last) in positions() {
            for lang in Lang::ALL {
                let shown = BoardShown {
                    position: &position,
                    last,
                    over: false,
                };
                for text in [
                    lang.board_alt(shown),
                    lang.replay_alt(crate::model::GameId(12), shown),
                    lang.analysis_alt(crate::model::GameId(12), 3, shown),
                ] {
                    assert!(text.chars().count() <= MAX_CHARS, "{lang:?}: {text}");
                    assert!(
                        !text.contains('{') && !text.contains('}'),
                        "{lang:?}: {text}"
                    );
                }
            }
        }
    }

    #[test]
    fn babies_that_do_not_fit_are_counted_not_named() {
        let (position, last) = positions()
            .into_iter()
            .max_by_key(|(p, _)| p.baby_count(Color::White) + p.baby_count(Color::Black))
            .unwrap();
        let t = Texts(Lang::En);
        let shown = BoardShown {
            position: &position,
            last,
            over: true,
        };
        let whole = board(t, shown, MAX_CHARS);
        let budget = whole.chars().count() - 20;
        let short = board(t, shown, budget);
        assert!(short.chars().count() <= budget, "{short}");
        assert!(short.contains(" more."), "{short}");
        assert!(short.contains("The game is over."), "{short}");
        assert!(
            !short.ends_with('…'),
            "cut between babies, not mid-word: {short}"
        );
        // A queen is never left out for babies.
        let queens = [Color::White, Color::Black]
            .into_iter()
            .filter(|c| position.queen(*c).is_some())
            .count();
        assert_eq!(short.matches(" queen on ").count(), queens, "{short}");
    }
}
