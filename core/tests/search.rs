//! The computer opponent (issue 6): wins are taken, losses avoided, moves legal, budgets kept,
//! results reproducible. Budgets are small so the tests run fast in debug builds.

use std::time::Duration;

use monkey_queen_core::search::{self, Level, Limits};
use monkey_queen_core::{Color, GameOptions, Move, Piece, Position, Role, Setup, Square};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;

fn sq(name: &str) -> Square {
    Square::parse(name, 12).unwrap()
}

fn piece(letter: char) -> Piece {
    Piece::from_letter(letter).unwrap()
}

/// A 12×12 position from `(square, letter)` pairs (`Q`/`B` White, `q`/`b` Black).
fn build(pieces: &[(&str, char)], heights: [u8; 2], turn: Color) -> Position {
    Position::from_setup(&Setup {
        options: GameOptions::default(),
        pieces: pieces.iter().map(|&(s, l)| (sq(s), piece(l))).collect(),
        heights,
        turn,
        ply: 40,
    })
    .unwrap()
}

fn small(nodes: u64) -> Limits {
    Limits {
        nodes,
        max_depth: 64,
        time: Duration::from_secs(30),
        noise: 0,
        weights: search::WEIGHTS,
    }
}

/// Whether the side to move can capture the enemy queen (R4.4, R7.1).
fn can_take_queen(pos: &Position) -> bool {
    pos.legal_moves().iter().any(|m| {
        matches!(
            m,
            Move::Normal {
                capture: Some(Role::Queen),
                ..
            }
        )
    })
}

#[test]
fn r7_1_takes_the_queen_when_it_can() {
    // White's baby on d4 sees Black's queen on j10 along the diagonal; a baby capture (c3xa5)
    // and many quiet moves compete with it.
    let pos = build(
        &[
            ("g1", 'Q'),
            ("c3", 'B'),
            ("d4", 'B'),
            ("e6", 'b'),
            ("j10", 'q'),
            ("a5", 'b'),
        ],
        [12, 12],
        Color::White,
    );
    for level in Level::ALL {
        let found = search::best_move(&pos, level, 1).unwrap();
        assert_eq!(found.mv.to_string(), "d4xj10", "{level}");
        assert_eq!(found.mate_in(), Some(1));
    }
}

#[test]
fn r7_2_leaves_the_opponent_without_moves() {
    // Black's queen of height 2 may only capture (R5.2) and has no babies: any White move that
    // puts nothing on its lines wins at once (R7.2).
    let pos = build(&[("k1", 'Q'), ("a12", 'q')], [20, 2], Color::White);
    let found = search::search(&pos, small(1), 0).unwrap();
    let mut after = pos.clone();
    after.play_unchecked(found.mv);
    assert!(!after.has_legal_move(), "{} lets Black move", found.mv);
    assert_eq!(after.outcome().map(|o| o.winner), Some(Color::White));
}

#[test]
fn r4_4_a_threatened_queen_is_saved() {
    // Black's baby on g8 attacks White's queen on g1 along the file.
    let pos = build(
        &[
            ("g1", 'Q'),
            ("g8", 'b'),
            ("b2", 'B'),
            ("f12", 'q'),
            ("k5", 'b'),
        ],
        [10, 10],
        Color::White,
    );
    for nodes in [1, 500, 5_000] {
        let found = search::search(&pos, small(nodes), 3).unwrap();
        let mut after = pos.clone();
        after.play_unchecked(found.mv);
        assert!(!can_take_queen(&after), "{} with {nodes} nodes", found.mv);
    }
}

#[test]
fn avoids_a_move_that_opens_a_line_to_its_queen() {
    // White's baby on g4 shields the queen on g1 from Black's baby on g9; most White moves
    // are moves of that baby. Even a one-node search keeps the shield or the queen safe.
    let pos = build(
        &[("g1", 'Q'), ("g4", 'B'), ("g9", 'b'), ("a12", 'q')],
        [2, 10],
        Color::White,
    );
    for seed in 0..8 {
        let found = search::search(&pos, small(1), seed).unwrap();
        let mut after = pos.clone();
        after.play_unchecked(found.mv);
        assert!(!can_take_queen(&after), "{} (seed {seed})", found.mv);
    }
}

/// Whether the opponent, to move after our move, can force the capture of our queen or leave
/// us without a move within their next two plies (R7.1, R7.2).
fn loses_within_two(after_our_move: &Position) -> bool {
    after_our_move.legal_moves().into_iter().any(|reply| {
        let mut pos = after_our_move.clone();
        pos.play_unchecked(reply);
        pos.is_game_over()
            || pos.legal_moves().into_iter().all(|ours| {
                let mut next = pos.clone();
                next.play_unchecked(ours);
                can_take_queen(&next)
            })
    })
}

#[test]
fn answers_a_threat_two_plies_ahead() {
    // White's queen of height 2 on a1 can only capture (R5.2). Black threatens h7-h1, attacking
    // it along rank 1 from a square the baby on l5 defends, and White's baby may not step back
    // to rank 1 to block (R6.1). Only 2 of White's 27 moves (e2-f3, e2-g2) survive; a one-node
    // search plays another.
    let pos = build(
        &[
            ("a1", 'Q'),
            ("e2", 'B'),
            ("h7", 'b'),
            ("l5", 'b'),
            ("k12", 'q'),
        ],
        [2, 8],
        Color::White,
    );
    let surviving: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .filter(|&m| {
            let mut after = pos.clone();
            after.play_unchecked(m);
            !loses_within_two(&after)
        })
        .map(|m| m.to_string())
        .collect();
    assert_eq!(surviving, ["e2-f3", "e2-g2"]);
    let blind = search::search(&pos, small(1), 0).unwrap();
    assert!(!surviving.contains(&blind.mv.to_string()));
    // The easy level looks one ply ahead and may miss it; the others must not.
    for seed in 0..3 {
        let found = search::best_move(&pos, Level::Medium, seed).unwrap();
        assert!(
            surviving.contains(&found.mv.to_string()),
            "seed {seed}: played {}",
            found.mv
        );
    }
}

#[test]
fn the_node_budget_is_respected() {
    let pos = Position::start(GameOptions::default());
    for nodes in [1, 10, 300, 3_000] {
        let found = search::search(&pos, small(nodes), 0).unwrap();
        assert!(found.nodes <= nodes, "{} > {nodes}", found.nodes);
    }
}

/// With no time at all and no node budget, the search stops at its first look at the clock
/// (every 512 nodes) and still answers with a legal move: the cap cuts the search, whatever
/// the machine's speed.
#[test]
fn the_time_cap_stops_the_search() {
    let pos = Position::start(GameOptions::default());
    let limits = Limits {
        nodes: u64::MAX,
        max_depth: 64,
        time: Duration::ZERO,
        noise: 0,
        weights: search::WEIGHTS,
    };
    let found = search::search(&pos, limits, 0).unwrap();
    assert!(found.nodes <= 512, "{} nodes", found.nodes);
    assert!(pos.legal_moves().contains(&found.mv));
}

#[test]
fn the_same_seed_gives_the_same_move() {
    let mut pos = Position::start(GameOptions::default());
    for text in ["g1-g6", "f12-f7", "g6-c2"] {
        pos.play_str(text).unwrap();
    }
    for limits in [small(2_000), Level::Easy.limits()] {
        let a = search::search(&pos, limits, 42).unwrap();
        let b = search::search(&pos, limits, 42).unwrap();
        assert_eq!(
            (a.mv, a.score, a.depth, a.nodes),
            (b.mv, b.score, b.depth, b.nodes)
        );
    }
}

#[test]
fn no_move_once_the_game_is_over() {
    let pos = build(&[("k1", 'Q'), ("a12", 'q')], [20, 2], Color::Black);
    assert!(pos.is_game_over());
    assert_eq!(search::best_move(&pos, Level::Easy, 0), None);
}

#[test]
fn r8_the_pie_rule_swap_is_a_legal_choice() {
    let options = GameOptions::default().pie_rule(true);
    let mut pos = Position::start(options);
    pos.play_str("g1-g7").unwrap();
    let found = search::search(&pos, small(3_000), 0).unwrap();
    assert!(pos.legal_moves().contains(&found.mv));
}

#[test]
fn levels_read_and_print() {
    for level in Level::ALL {
        assert_eq!(level.to_string().parse(), Ok(level));
        assert_eq!(level.to_string().to_uppercase().parse(), Ok(level));
    }
    assert!("expert".parse::<Level>().is_err());
    // Each level searches more than the one below.
    let budgets: Vec<u64> = Level::ALL.iter().map(|l| l.limits().nodes).collect();
    assert!(budgets.windows(2).all(|w| w[0] < w[1]));
    assert!(Level::Hard.limits().time <= Duration::from_secs(2));
}

#[test]
fn easy_beats_a_random_mover() {
    let mut rng = SmallRng::seed_from_u64(5);
    for game in 0..2u64 {
        let easy = if game == 0 {
            Color::White
        } else {
            Color::Black
        };
        let mut pos = Position::start(GameOptions::default());
        while pos.outcome().is_none() {
            let m = if pos.turn() == easy {
                search::best_move(&pos, Level::Easy, game).unwrap().mv
            } else {
                *pos.legal_moves().choose(&mut rng).unwrap()
            };
            pos.play_unchecked(m);
        }
        assert_eq!(pos.outcome().unwrap().winner, easy, "game {game}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// The search only ever returns legal moves, from positions reached by random play.
    #[test]
    fn never_an_illegal_move(seed in any::<u64>(), plies in 0usize..120, size in prop::sample::select(vec![12u8, 14]), pie in any::<bool>()) {
        let options = GameOptions::with_size(size).unwrap().pie_rule(pie);
        let mut pos = Position::start(options);
        let mut rng = SmallRng::seed_from_u64(seed);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            let Some(&m) = moves.choose(&mut rng) else { break };
            pos.play_unchecked(m);
        }
        match search::search(&pos, small(1_500), seed) {
            Some(found) => {
                prop_assert!(pos.legal_moves().contains(&found.mv), "{} in {}", found.mv, pos.to_text());
                prop_assert!(found.nodes <= 1_500);
            }
            None => prop_assert!(pos.is_game_over()),
        }
    }
}

#[test]
fn searches_run_on_other_threads() {
    // A bot runs searches on a blocking thread pool: positions and results are `Send`.
    let pos = Position::start(GameOptions::default());
    let handle = std::thread::spawn(move || search::best_move(&pos, Level::Easy, 1));
    let found = handle.join().unwrap().unwrap();
    assert!(
        Position::start(GameOptions::default())
            .legal_moves()
            .contains(&found.mv)
    );
}
