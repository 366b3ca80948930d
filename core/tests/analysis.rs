//! Game analysis: deterministic scores, blunders found, forced wins scored as such, and the
//! stored text form read back.

use monkey_queen_core::analysis::{self, Analysis, Score};
use monkey_queen_core::{Color, GameOptions, Move, Record};

/// A small budget: the tests run unoptimised.
const NODES: u64 = 4_000;

/// Black's queen steps next to White's (ply 4), which takes it (R4.4, R7.1).
const BLUNDER: [&str; 5] = ["g1-g4", "f12-f9", "g4-g6", "f9-f7", "g6xf7"];

/// The first plies of a fixed game of random legal moves (the one `monkey-queen bench` uses).
const RANDOM: [&str; 16] = [
    "g1-b6", "f12-c9", "b6-b11", "c9-f6", "g1-h2", "f12-d12", "h2-h3", "f6-j10", "b6-e3", "f6-d8",
    "b11-i11", "j10-l10", "b11-d11", "d12-g9", "i11-h10", "l10-l12",
];

fn record(moves: &[&str]) -> Record {
    Record::from_moves(GameOptions::default(), moves).unwrap().0
}

#[test]
fn the_same_game_gets_the_same_scores_every_run() {
    let game = record(&RANDOM);
    let first = analysis::analyse(&game, NODES);
    let second = analysis::analyse(&game, NODES);
    assert_eq!(first, second);
    assert_eq!(first.to_text(), second.to_text());
    assert_eq!(first.scores().len(), RANDOM.len() + 1);
    // Every position but a finished one has an engine move, legal where it stands.
    assert!(first.scores().iter().all(|s| s.best.is_some()));
}

#[test]
fn a_game_won_by_a_blunder_has_that_blunder_marked() {
    let analysis = analysis::analyse(&record(&BLUNDER), NODES);
    let mistakes = analysis.biggest_mistakes(3);
    let blunder = mistakes
        .iter()
        .find(|m| m.ply == 4)
        .unwrap_or_else(|| panic!("ply 4 is not marked: {mistakes:?}"));
    assert_eq!(blunder.mover, Color::Black);
    assert_eq!(blunder.played.to_string(), "f9-f7");
    assert_ne!(blunder.better, blunder.played);
    assert_eq!(
        blunder.after,
        Score::ForcedWin {
            winner: Color::White,
            plies: 1
        }
    );
    assert!(blunder.loss > 0.3, "{blunder:?}");
    // It is the costliest of them, and the lead changed hands there.
    let costliest = mistakes
        .iter()
        .max_by(|a, b| a.loss.total_cmp(&b.loss))
        .unwrap();
    assert_eq!(costliest.ply, 4);
    assert!(
        analysis.turning_points().contains(&4),
        "{:?}",
        analysis.turning_points()
    );
}

#[test]
fn a_forced_win_is_scored_as_one() {
    let analysis = analysis::analyse(&record(&BLUNDER), NODES);
    let scores: Vec<Score> = analysis.scores().iter().map(|s| s.score).collect();
    // After ply 4 White takes the queen next move (R7.1); after ply 5 White has won.
    assert_eq!(
        scores[4],
        Score::ForcedWin {
            winner: Color::White,
            plies: 1
        }
    );
    assert_eq!(
        scores[5],
        Score::ForcedWin {
            winner: Color::White,
            plies: 0
        }
    );
    assert!(matches!(
        analysis.scores()[4].best,
        Some(Move::Normal { .. })
    ));
    assert_eq!(analysis.scores()[5].best, None);
    assert_eq!(scores[4].chances(Color::White), 1.0);
    assert_eq!(scores[4].chances(Color::Black), 0.0);
    // An ordinary advantage never counts as certain.
    for score in &scores[..4] {
        assert!(matches!(score, Score::Advantage(_)), "{score:?}");
        let chances = score.chances(Color::White);
        assert!(chances > 0.0 && chances < 1.0);
    }
}

#[test]
fn the_text_form_reads_back_and_refuses_what_does_not_fit() {
    let game = record(&BLUNDER);
    let analysis = analysis::analyse(&game, NODES);
    let text = analysis.to_text();
    assert_eq!(Analysis::from_text(&game, &text), Ok(analysis.clone()));
    assert!(
        text.lines().last().unwrap().starts_with("win white 0 -"),
        "{text}"
    );
    let shorter = record(&BLUNDER[..4]);
    assert!(Analysis::from_text(&shorter, &text).is_err(), "line count");
    let illegal = text.replacen("cp", "cp 1", 1);
    assert!(Analysis::from_text(&game, &illegal).is_err());
    let mut lines: Vec<&str> = text.lines().collect();
    lines[0] = "cp 12 a1-a2";
    assert!(
        Analysis::from_text(&game, &lines.join("\n")).is_err(),
        "no piece on a1"
    );
}

#[test]
fn a_game_without_moves_has_one_position_and_no_mistakes() {
    let analysis = analysis::analyse(&record(&[]), NODES);
    assert_eq!(analysis.scores().len(), 1);
    assert!(analysis.biggest_mistakes(3).is_empty());
    assert!(analysis.turning_points().is_empty());
}
