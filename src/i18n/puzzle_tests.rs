//! Puzzle messages render in every language, translated, within Discord's limits.

use monkey_queen_core::puzzle::{Puzzle, Theme};
use monkey_queen_core::{Color, Move};

use super::{Button, Lang, Msg};
use crate::games::{DailySolver, PuzzleStats, PuzzleView, RatingChange};
use crate::model::{PuzzleId, UserId};

/// A real puzzle of three solver moves (White), at `step` plies, the daily one of `day`.
fn view(step: usize, day: Option<&str>, tries: u32) -> (PuzzleView, Vec<Move>) {
    let puzzle: Puzzle = "5b1q2b1/3B8/8b3/7b2b1/7B4/1b3b6/9B2/10b1/2b1b7/6B3B1/9B1B/B5B2QB1 w 8 9 30 20 - | j6-j12 k12xj12 j2xj12 k5xg1 j12xh12 | queen-capture,trapped-queen,baby-takes-queen,quiet-move,long | 1750 | 30 self-play easy 1019"
        .parse()
        .unwrap();
    let mut position = puzzle.position.clone();
    for mv in &puzzle.solution[..step] {
        position.play(mv.text()).unwrap();
    }
    let view = PuzzleView {
        id: PuzzleId(i64::MAX),
        position,
        solver: Color::White,
        played: puzzle.solution[..step].to_vec(),
        solver_moves: 3,
        themes: Theme::ALL.to_vec(),
        rating: 2_250.0,
        day: day.map(|day| day.parse().unwrap()),
        tries,
        game: None,
    };
    (view, puzzle.solution)
}

#[test]
fn every_puzzle_message_renders_in_every_language_translated() {
    let (start, solution) = view(0, None, 0);
    let (after_reply, _) = view(2, None, 0);
    let (solved, _) = view(5, None, 0);
    let (daily, _) = view(0, Some("2023-11-14"), 0);
    let (daily_tried, _) = view(0, Some("2023-11-14"), 2);
    let (daily_solved, _) = view(5, Some("2023-11-14"), 1);
    let change = Some(RatingChange {
        before: 1_500.0,
        after: 1_523.4,
    });
    let solvers: Vec<DailySolver> = (0..10)
        .map(|i| DailySolver {
            user: UserId(u64::MAX - i),
            name: "N".repeat(32),
            tries: u32::try_from(i).unwrap(),
            finished_ms: 1_700_000_000_000,
        })
        .collect();
    let record = PuzzleStats {
        rating: 1_623.0,
        deviation: 80.0,
        solved: 12,
        failed: 3,
        streak: 4,
        best_streak: 7,
    };
    let newcomer = PuzzleStats {
        solved: 0,
        failed: 0,
        ..record
    };
    let messages = vec![
        Msg::Puzzle(&start),
        Msg::Puzzle(&daily),
        Msg::Puzzle(&daily_tried),
        Msg::PuzzleCaption(&start),
        Msg::PuzzleCaption(&solved),
        Msg::PuzzlePick {
            puzzle: start.id,
            from: None,
        },
        Msg::PuzzlePick {
            puzzle: start.id,
            from: solution[0].from(),
        },
        Msg::PuzzleRight {
            puzzle: &after_reply,
            mv: solution[0],
            reply: solution[1],
        },
        Msg::PuzzleSolved {
            puzzle: &solved,
            mv: solution[4],
            rating: change,
            streak: Some(4),
        },
        Msg::PuzzleSolved {
            puzzle: &daily_solved,
            mv: solution[4],
            rating: None,
            streak: None,
        },
        Msg::PuzzleWrong {
            puzzle: &start,
            mv: solution[1],
            solution: &solution,
            rating: change,
            retry: false,
        },
        Msg::PuzzleWrong {
            puzzle: &daily_tried,
            mv: solution[1],
            solution: &solution,
            rating: None,
            retry: true,
        },
        Msg::PuzzleGivenUp {
            puzzle: &start,
            solution: &solution,
            rating: change,
        },
        Msg::DailyPost(&daily),
        Msg::DailySolvers {
            day: "2023-11-14".parse().unwrap(),
            solvers: &solvers,
        },
        Msg::DailySolvers {
            day: "2023-11-14".parse().unwrap(),
            solvers: &[],
        },
        Msg::PuzzleStats(&record),
        Msg::PuzzleStats(&newcomer),
        Msg::DailyPuzzleChannel(Some(u64::MAX)),
        Msg::DailyPuzzleChannel(None),
        Msg::DailyPuzzleChannelChosen,
        Msg::DailyPuzzleChannelUnreachable(u64::MAX),
        Msg::DailyPuzzleChannelConflict,
        Msg::Label(Button::Solution),
        Msg::Label(Button::Solve),
    ];
    for msg in &messages {
        let en = Lang::En.text(msg);
        for lang in Lang::ALL {
            let text = lang.text(msg);
            assert!(!text.trim().is_empty(), "{lang:?} {msg:?}");
            assert!(text.chars().count() <= 2_000, "{lang:?} {msg:?}: {text}");
            assert!(!text.contains("{ $"), "{lang:?} {msg:?}: {text}");
            if matches!(msg, Msg::Label(_)) {
                assert!(text.chars().count() <= 80, "{lang:?} {msg:?}: {text}");
            }
            if lang != Lang::En && en.len() > 12 {
                assert_ne!(text, en, "{lang:?} {msg:?} is not translated");
            }
        }
    }
}

#[test]
fn a_puzzle_names_its_themes_and_the_side_to_find_the_move_for() {
    let (start, _) = view(0, None, 0);
    let text = Lang::En.text(&Msg::Puzzle(&start));
    assert!(text.contains("**Puzzle #"), "{text}");
    assert!(text.contains("queen capture, no moves left"), "{text}");
    assert!(text.contains("Find the winning move for White"), "{text}");
    let french = Lang::Fr.text(&Msg::Puzzle(&start));
    assert!(french.contains("prise de la reine"), "{french}");
}
