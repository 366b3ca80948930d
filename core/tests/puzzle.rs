//! Puzzles (issue 27): the only winning move is a puzzle, two winning moves or a quiet
//! position are not, games are scanned, and `verify` rejects a tampered solution.

use monkey_queen_core::puzzle::{self, Config, Puzzle, Source, Theme, Why};
use monkey_queen_core::{GameOptions, Position, Record};

/// White's baby on d4 sees Black's queen on j10 (R7.1): the only winning move.
const ONE_CAPTURE: &str = "12/1b8b1/9q2/12/12/12/12/12/3B8/2B9/12/6Q5 w 12 12 40 20 -";

/// The same with a second baby on j4 that also sees the queen.
const TWO_CAPTURES: &str = "12/1b8b1/9q2/12/12/12/12/12/3B5B2/2B9/12/6Q5 w 12 12 40 20 -";

fn config() -> Config {
    Config {
        nodes: 10_000,
        ..Config::default()
    }
}

fn source() -> Source {
    Source {
        game: "test game".into(),
        ply: 40,
    }
}

fn find(text: &str) -> Option<Puzzle> {
    let pos = Position::from_text(text).unwrap();
    puzzle::find_puzzle(&pos, source(), &config())
}

#[test]
fn the_only_queen_capture_is_a_puzzle() {
    let found = find(ONE_CAPTURE).expect("a puzzle");
    let moves: Vec<String> = found.solution.iter().map(ToString::to_string).collect();
    assert_eq!(moves, ["d4xj10"]);
    assert_eq!(
        found.themes,
        [Theme::QueenCapture, Theme::BabyTakesQueen, Theme::OneMove]
    );
    assert_eq!(found.rating, 1000);
    assert_eq!(found.source, source());
    assert_eq!(puzzle::verify(&found, &config().deeper(4)), Ok(()));
}

#[test]
fn two_winning_moves_are_no_puzzle() {
    assert_eq!(find(TWO_CAPTURES), None);
}

#[test]
fn a_quiet_position_is_no_puzzle() {
    let start = Position::start(GameOptions::default()).to_text();
    assert_eq!(find(&start), None);
}

/// Found in a game the easy level played against itself (seed 5, ply 36): i1-i9 attacks
/// Black's queen on j8 from a square g7 guards, and every square the queen could flee to is
/// seen by White; Black's counter-attack on White's queen comes a move too late.
const SELF_PLAY: &str = "12/9b2/1b9b/12/9q2/6B5/B11/1Bbb5b1b/6B5/5b6/1Q10/4B3B1B1 w 8 10 36 20 -";

#[test]
fn a_trapped_queen_from_self_play() {
    let pos = Position::from_text(SELF_PLAY).unwrap();
    let config = Config {
        nodes: 25_000,
        ..Config::default()
    };
    let found = puzzle::find_puzzle(&pos, source(), &config).expect("a puzzle");
    let moves: Vec<String> = found.solution.iter().map(ToString::to_string).collect();
    assert_eq!(moves, ["i1-i9", "b10xb5", "i9xj8"]);
    assert_eq!(
        found.themes,
        [
            Theme::QueenCapture,
            Theme::TrappedQueen,
            Theme::BabyTakesQueen,
            Theme::QuietMove,
            Theme::Short
        ]
    );
    assert_eq!(found.rating, 1500);
    assert_eq!(puzzle::verify(&found, &config.deeper(4)), Ok(()));
}

#[test]
fn verify_rejects_a_tampered_solution() {
    let found = find(ONE_CAPTURE).unwrap();
    let deeper = config().deeper(2);
    let mut other = found.clone();
    other.solution[0] = found
        .position
        .legal_moves()
        .into_iter()
        .find(|&m| m != found.solution[0])
        .unwrap();
    assert!(
        matches!(puzzle::verify(&other, &deeper), Err(Why::NotBest { index: 0, engine }) if engine == found.solution[0])
    );
    let mut longer = found.clone();
    longer.solution.push(found.solution[0]);
    assert_eq!(puzzle::verify(&longer, &deeper), Err(Why::Shape { len: 2 }));
    longer.solution.push(found.solution[0]);
    assert_eq!(
        puzzle::verify(&longer, &deeper),
        Err(Why::Illegal { index: 1 })
    );
}

#[test]
fn a_game_with_a_blunder_gives_its_puzzle() {
    // Black's queen steps next to White's (ply 4), which takes it (R7.1).
    let moves = ["g1-g4", "f12-f9", "g4-g6", "f9-f7", "g6xf7"];
    let (record, _) = Record::from_moves(GameOptions::default(), &moves).unwrap();
    let found = puzzle::puzzles_in_game(&record, "game 7", &config());
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        found[0].source,
        Source {
            game: "game 7".into(),
            ply: 4
        }
    );
    assert_eq!(found[0].solution[0].to_string(), "g6xf7");
    assert_eq!(found[0].themes[0], Theme::QueenCapture);
}

#[test]
fn the_text_form_reads_back() {
    let found = find(ONE_CAPTURE).unwrap();
    let line = found.to_string();
    assert_eq!(
        line,
        format!(
            "{ONE_CAPTURE} | d4xj10 | queen-capture,baby-takes-queen,one-move | 1000 | 40 test game"
        )
    );
    assert_eq!(line.parse::<Puzzle>(), Ok(found));
    for bad in [
        "",
        "nonsense | d4xj10 | one-move | 1000 | 40 g",
        &format!("{ONE_CAPTURE} | d4xj11 | one-move | 1000 | 40 g"),
        &format!("{ONE_CAPTURE} | d4xj10 | sideways | 1000 | 40 g"),
        &format!("{ONE_CAPTURE} | d4xj10 | one-move | many | 40 g"),
    ] {
        assert!(bad.parse::<Puzzle>().is_err(), "{bad}");
    }
}
