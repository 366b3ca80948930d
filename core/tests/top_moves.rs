//! The multi-PV search (issue 27): the best `k` root moves with their values, consistent with
//! the single-move search. Budgets are small so the tests run fast in debug builds.

use std::time::Duration;

use monkey_queen_core::search::{self, Limits};
use monkey_queen_core::{GameOptions, Position};

fn limits(nodes: u64) -> Limits {
    Limits {
        nodes,
        max_depth: 64,
        time: Duration::from_secs(60),
        noise: 0,
        weights: search::WEIGHTS,
    }
}

/// The start and four positions from games the easy level played against itself.
fn samples() -> Vec<Position> {
    let start = Position::start(GameOptions::default());
    let texts = [
        "5b6/4b2q4/5b6/2b1b3b3/12/2bb8/5bB5/9B2/12/QB1B8/B11/1B4B4B b 12 11 21 20 -",
        "5b1b1b1b/4bq2b3/12/2b1b3b3/6Q5/2bB8/5b6/12/12/3B7B/B5B5/1B4B5 w 9 4 48 20 -",
        "12/9b2/1b9b/12/9q2/6B5/B11/1Bbb5b1b/6B5/5b6/1Q10/4B3B1B1 w 8 10 36 20 -",
        "5bB5/12/7b3q/B8B2/12/4b7/2Q9/12/B11/3B8/b3b7/12 w 4 3 76 20 -",
    ];
    std::iter::once(start)
        .chain(texts.iter().map(|t| Position::from_text(t).unwrap()))
        .collect()
}

#[test]
fn one_move_is_the_searchs_own_choice() {
    for (i, pos) in samples().iter().enumerate() {
        for nodes in [1, 700, 6_000] {
            let seed = i as u64;
            let top = search::top_moves(pos, 1, limits(nodes), seed);
            let single = search::search(pos, limits(nodes), seed).unwrap();
            assert_eq!(
                top.moves,
                [(single.mv, single.score)],
                "sample {i}, {nodes} nodes"
            );
            assert_eq!(top.depth, single.depth);
        }
    }
}

#[test]
fn moves_are_distinct_legal_and_sorted() {
    for (i, pos) in samples().iter().enumerate() {
        let top = search::top_moves(pos, 4, limits(8_000), 3);
        let legal = pos.legal_moves();
        assert_eq!(top.moves.len(), 4.min(legal.len()), "sample {i}");
        assert!(top.nodes <= 8_000);
        for (j, (m, _)) in top.moves.iter().enumerate() {
            assert!(legal.contains(m), "sample {i}: {m} is illegal");
            assert!(!top.moves[..j].iter().any(|(o, _)| o == m), "{m} twice");
        }
        assert!(
            top.moves.windows(2).all(|w| w[0].1 >= w[1].1),
            "sample {i}: {:?}",
            top.moves
        );
    }
}

#[test]
fn the_same_inputs_give_the_same_moves() {
    let pos = &samples()[2];
    let first = search::top_moves(pos, 3, limits(5_000), 9);
    let again = search::top_moves(pos, 3, limits(5_000), 9);
    assert_eq!(first.moves, again.moves);
}

#[test]
fn a_queen_capture_comes_first_with_a_winning_value() {
    // White's baby on d4 sees Black's queen on j10 (R7.1); the rest is about even.
    let text = "12/1b8b1/9q2/12/12/12/12/12/3B8/2B9/12/6Q5 w 12 12 40 20 -";
    let pos = Position::from_text(text).unwrap();
    let top = search::top_moves(&pos, 3, limits(6_000), 0);
    assert_eq!(top.moves[0].0.to_string(), "d4xj10");
    assert_eq!(search::mate_in(top.moves[0].1), Some(1));
    for &(m, score) in &top.moves[1..] {
        assert_eq!(search::mate_in(score), None, "{m} {score}");
    }
}

#[test]
fn no_moves_once_the_game_is_over_or_none_asked() {
    let mut pos = Position::start(GameOptions::default());
    assert!(search::top_moves(&pos, 0, limits(100), 0).moves.is_empty());
    for m in ["g1-g4", "f12-f9", "g4-g6", "f9-f7", "g6xf7"] {
        pos.play_str(m).unwrap();
    }
    assert!(search::top_moves(&pos, 2, limits(100), 0).moves.is_empty());
}
