//! One test (or more) per numbered rule of RULES.md, on hand-built positions.

use monkey_queen_core::{
    Color, GameOptions, IllegalMove, Move, MoveError, MoveText, OptionsError, Outcome, Piece,
    Position, Role, Setup, SetupError, Square, WinReason,
};

fn sq(name: &str) -> Square {
    Square::parse(name, 16).unwrap()
}

/// A 12×12 position from `(square, letter)` pairs (`Q`/`B` White, `q`/`b` Black).
fn position(pieces: &[(&str, char)], heights: [u8; 2], turn: Color) -> Position {
    Position::from_setup(&Setup {
        options: GameOptions::default(),
        pieces: pieces
            .iter()
            .map(|&(s, c)| (sq(s), Piece::from_letter(c).unwrap()))
            .collect(),
        heights,
        turn,
        ply: 10,
    })
    .unwrap()
}

fn start() -> Position {
    Position::start(GameOptions::default())
}

fn moves_of(pos: &Position) -> Vec<String> {
    let mut moves: Vec<String> = pos.legal_moves().iter().map(ToString::to_string).collect();
    moves.sort();
    moves
}

fn illegal(pos: &Position, text: &str) -> IllegalMove {
    let mut copy = pos.clone();
    match copy.play_str(text) {
        Err(MoveError::Illegal(e)) => {
            assert_eq!(
                &copy, pos,
                "a refused move must leave the position unchanged"
            );
            e
        }
        other => panic!("{text}: expected an illegal move, got {other:?}"),
    }
}

#[test]
fn r1_1_board_sizes() {
    for size in [12, 14, 16] {
        assert_eq!(
            Position::start(GameOptions::with_size(size).unwrap()).size(),
            size
        );
    }
    for size in [0, 8, 13, 18] {
        assert_eq!(
            GameOptions::with_size(size),
            Err(OptionsError::BoardSize(size))
        );
    }
}

#[test]
fn r1_2_coordinates() {
    let a1 = sq("a1");
    assert_eq!((a1.file(), a1.rank()), (0, 0));
    assert_eq!(sq("l12").to_string(), "l12");
    assert_eq!((sq("f12").file(), sq("f12").rank()), (5, 11));
    assert!(Square::parse("m1", 12).is_err());
    assert!(Square::parse("a13", 12).is_err());
}

#[test]
fn r2_2_one_queen_per_side() {
    let two_queens = Setup {
        options: GameOptions::default(),
        pieces: vec![
            (sq("a1"), Piece::from_letter('Q').unwrap()),
            (sq("b1"), Piece::from_letter('Q').unwrap()),
            (sq("f12"), Piece::from_letter('q').unwrap()),
        ],
        heights: [20, 20],
        turn: Color::White,
        ply: 0,
    };
    assert_eq!(
        Position::from_setup(&two_queens),
        Err(SetupError::QueenCount {
            color: Color::White,
            count: 2
        })
    );
    let short_queen = Setup {
        heights: [1, 20],
        pieces: vec![
            (sq("a1"), Piece::from_letter('Q').unwrap()),
            (sq("f12"), Piece::from_letter('q').unwrap()),
        ],
        ..two_queens
    };
    assert_eq!(
        Position::from_setup(&short_queen),
        Err(SetupError::QueenHeight {
            color: Color::White,
            height: 1
        })
    );
}

#[test]
fn r2_2_a_queen_never_shrinks_below_two() {
    // A height-3 queen gives birth once, then can only capture (R5.2).
    let mut pos = position(&[("a1", 'Q'), ("k12", 'q')], [3, 20], Color::White);
    pos.play_str("a1-a5").unwrap();
    assert_eq!(pos.height(Color::White), Some(2));
    pos.play_str("k12-k11").unwrap();
    assert!(pos.moves_from(sq("a5")).iter().all(|m| m.is_capture()));
}

#[test]
fn r3_1_standard_start() {
    let pos = start();
    assert_eq!(pos.queen(Color::White), Some(sq("g1")));
    assert_eq!(pos.queen(Color::Black), Some(sq("f12")));
    assert_eq!(pos.height(Color::White), Some(20));
    assert_eq!(pos.height(Color::Black), Some(20));
    assert_eq!(pos.pieces().count(), 2);
    assert_eq!(
        pos.baby_count(Color::White) + pos.baby_count(Color::Black),
        0
    );
}

#[test]
fn r3_2_start_squares_on_larger_boards() {
    for (size, white, black) in [(14, "h1", "g14"), (16, "i1", "h16")] {
        let pos = Position::start(GameOptions::with_size(size).unwrap());
        assert_eq!(pos.queen(Color::White), Some(sq(white)), "{size}");
        assert_eq!(pos.queen(Color::Black), Some(sq(black)), "{size}");
    }
}

#[test]
fn r3_3_starting_heights() {
    for height in [20, 33, 40] {
        let pos = Position::start(GameOptions::new(12, height, false).unwrap());
        assert_eq!(pos.height(Color::White), Some(height));
        assert_eq!(pos.height(Color::Black), Some(height));
    }
    assert_eq!(
        GameOptions::new(12, 19, false),
        Err(OptionsError::QueenHeight(19))
    );
    assert_eq!(
        GameOptions::new(12, 41, false),
        Err(OptionsError::QueenHeight(41))
    );
}

#[test]
fn r3_4_white_first_then_alternate_no_passing() {
    let mut pos = start();
    assert_eq!(pos.turn(), Color::White);
    assert_eq!(
        illegal(&pos, "f12-f11"),
        IllegalMove::NotYourPiece(sq("f12"))
    );
    pos.play_str("g1-g2").unwrap();
    assert_eq!(pos.turn(), Color::Black);
    assert_eq!(illegal(&pos, "g2-g3"), IllegalMove::NotYourPiece(sq("g2")));
    pos.play_str("f12-f11").unwrap();
    assert_eq!((pos.turn(), pos.ply()), (Color::White, 2));
    assert_eq!(illegal(&pos, "g2-g2"), IllegalMove::SameSquare(sq("g2")));
}

#[test]
fn r4_1_one_piece_moves() {
    let mut pos = position(
        &[("a1", 'Q'), ("c3", 'B'), ("l12", 'q')],
        [5, 5],
        Color::White,
    );
    let before: Vec<_> = pos.pieces().collect();
    pos.play_str("c3-d4").unwrap();
    let after: Vec<_> = pos.pieces().collect();
    assert_eq!(before.len(), after.len());
    assert!(after.contains(&(sq("a1"), Piece::from_letter('Q').unwrap())));
    assert!(after.contains(&(sq("d4"), Piece::from_letter('B').unwrap())));
    assert_eq!(illegal(&pos, "e5-e6"), IllegalMove::NoPiece(sq("e5")));
}

#[test]
fn r4_2_queen_lines_and_no_jumping() {
    let pos = position(
        &[("e5", 'Q'), ("e8", 'B'), ("l12", 'q')],
        [20, 20],
        Color::White,
    );
    let queen_moves: Vec<String> = pos
        .moves_from(sq("e5"))
        .iter()
        .map(ToString::to_string)
        .collect();
    // North is blocked by the own baby on e8: only e6 and e7.
    assert!(queen_moves.contains(&"e5-e7".to_owned()));
    assert!(!queen_moves.contains(&"e5-e9".to_owned()));
    // All 8 directions are used: e.g. a1 (SW), h2 (SE), a9 (NW), h8 (NE), e1 (S), l5 (E).
    for m in [
        "e5-a1", "e5-h2", "e5-a9", "e5-h8", "e5-e1", "e5-l5", "e5-a5",
    ] {
        assert!(queen_moves.contains(&m.to_owned()), "{m}");
    }
    assert_eq!(
        illegal(&pos, "e5-f7"),
        IllegalMove::NotStraightLine {
            from: sq("e5"),
            to: sq("f7")
        }
    );
    assert_eq!(
        illegal(&pos, "e5-e10"),
        IllegalMove::PathBlocked {
            from: sq("e5"),
            to: sq("e10"),
            blocker: sq("e8")
        }
    );
}

#[test]
fn r4_3_lands_on_empty_or_first_enemy_never_own() {
    let pos = position(
        &[
            ("e5", 'Q'),
            ("e8", 'B'),
            ("h5", 'b'),
            ("j5", 'b'),
            ("l12", 'q'),
        ],
        [20, 20],
        Color::White,
    );
    assert_eq!(illegal(&pos, "e5-e8"), IllegalMove::OwnPiece(sq("e8")));
    let capture = pos.clone().play_str("e5xh5").unwrap();
    assert!(capture.is_capture());
    // The second enemy on the ray is out of reach.
    assert_eq!(
        illegal(&pos, "e5-j5"),
        IllegalMove::PathBlocked {
            from: sq("e5"),
            to: sq("j5"),
            blocker: sq("h5")
        }
    );
    // The separator typed does not decide: `e5-h5` is still the capture (R9.2).
    assert_eq!(pos.clone().play_str("e5-h5").unwrap().to_string(), "e5xh5");
}

#[test]
fn r4_4_capture_removes_the_piece_and_keeps_height() {
    // Queen captures a baby: the baby is gone, no baby is born, height unchanged.
    let mut pos = position(
        &[("e5", 'Q'), ("h5", 'b'), ("l12", 'q')],
        [20, 20],
        Color::White,
    );
    pos.play_str("e5xh5").unwrap();
    assert_eq!(pos.piece_at(sq("e5")), None);
    assert_eq!(pos.queen(Color::White), Some(sq("h5")));
    assert_eq!(pos.height(Color::White), Some(20));
    assert_eq!(pos.baby_count(Color::Black), 0);
    assert_eq!(pos.baby_count(Color::White), 0);
}

#[test]
fn r4_4_baby_captures_queen_even_moving_away() {
    // A baby may capture the enemy queen, and a baby's capture is not bound by R6.1.
    let mut pos = position(
        &[
            ("a1", 'Q'),
            ("c3", 'B'),
            ("b2", 'b'),
            ("l12", 'q'),
            ("k11", 'B'),
        ],
        [20, 20],
        Color::White,
    );
    // k11xl12: baby captures the queen.
    let m = pos.clone().play_str("k11xl12").unwrap();
    assert!(m.is_capture());
    // c3xb2: moves away from the queen on l12 (distance grows), still legal as a capture.
    let m = pos.play_str("c3xb2").unwrap();
    assert_eq!(
        m,
        Move::Normal {
            role: Role::Baby,
            from: sq("c3"),
            to: sq("b2"),
            capture: Some(Role::Baby)
        }
    );
}

#[test]
fn r4_4_capturing_is_never_compulsory() {
    let pos = position(
        &[("e5", 'Q'), ("h5", 'b'), ("l12", 'q')],
        [20, 20],
        Color::White,
    );
    let moves = moves_of(&pos);
    assert!(moves.contains(&"e5xh5".to_owned()));
    assert!(moves.contains(&"e5-e6".to_owned()));
}

#[test]
fn r5_1_a_queen_move_gives_birth() {
    let mut pos = start();
    let m = pos.play_str("g1-g7").unwrap();
    assert!(m.gives_birth());
    assert_eq!(pos.queen(Color::White), Some(sq("g7")));
    assert_eq!(pos.height(Color::White), Some(19));
    assert_eq!(
        pos.piece_at(sq("g1")),
        Some(Piece {
            color: Color::White,
            role: Role::Baby
        })
    );
    assert_eq!(pos.baby_count(Color::White), 1);
}

#[test]
fn r5_2_height_two_queen_may_only_capture() {
    let pos = position(
        &[("a1", 'Q'), ("a6", 'b'), ("l12", 'q')],
        [2, 20],
        Color::White,
    );
    assert_eq!(moves_of(&pos), vec!["a1xa6", "a1xl12"]);
    assert_eq!(
        illegal(&pos, "a1-b1"),
        IllegalMove::QueenMustCapture(sq("a1"))
    );
}

#[test]
fn r6_1_babies_move_strictly_closer() {
    // Enemy queen on f6; baby on a1 (distance² 50).
    let pos = position(
        &[("l1", 'Q'), ("a1", 'B'), ("f6", 'q')],
        [20, 20],
        Color::White,
    );
    let baby_moves: Vec<String> = pos
        .moves_from(sq("a1"))
        .iter()
        .map(ToString::to_string)
        .collect();
    for m in &baby_moves {
        let to = Square::parse(&m[3..], 12).unwrap();
        assert!(to.distance_squared(sq("f6")) < 50, "{m}");
    }
    // A move along the diagonal past the queen's closest point is fine until it is not closer.
    assert!(baby_moves.contains(&"a1-e5".to_owned()));
    assert!(baby_moves.contains(&"a1-a10".to_owned()), "41 < 50");
    assert_eq!(
        illegal(&pos, "a1-a12"),
        IllegalMove::BabyNotCloser {
            from: sq("a1"),
            to: sq("a12"),
            queen: sq("f6"),
            before: 50,
            after: 61
        }
    );
    // Equal distance is not closer: b1 (41) to a2 (41).
    let pos = position(
        &[("l1", 'Q'), ("b1", 'B'), ("f6", 'q')],
        [20, 20],
        Color::White,
    );
    assert!(matches!(
        illegal(&pos, "b1-a2"),
        IllegalMove::BabyNotCloser {
            before: 41,
            after: 41,
            ..
        }
    ));
}

#[test]
fn r6_2_examples() {
    // A baby on g1, enemy queen on f11: g1-f1 is legal (101 -> 100).
    let pos = position(
        &[("l5", 'Q'), ("g1", 'B'), ("f11", 'q')],
        [20, 20],
        Color::White,
    );
    assert!(pos.clone().play_str("g1-f1").is_ok());
    // A baby on a1, enemy queen on f6: a1-b1 and a1-a2 are legal (50 -> 41).
    let pos = position(
        &[("l12", 'Q'), ("a1", 'B'), ("f6", 'q')],
        [20, 20],
        Color::White,
    );
    assert!(pos.clone().play_str("a1-b1").is_ok());
    assert!(pos.clone().play_str("a1-a2").is_ok());
    // From b1, b1-a1 would be illegal (41 -> 50).
    let pos = position(
        &[("l12", 'Q'), ("b1", 'B'), ("f6", 'q')],
        [20, 20],
        Color::White,
    );
    assert_eq!(
        illegal(&pos, "b1-a1"),
        IllegalMove::BabyNotCloser {
            from: sq("b1"),
            to: sq("a1"),
            queen: sq("f6"),
            before: 41,
            after: 50
        }
    );
}

#[test]
fn r6_3_straight_line_distance_not_king_steps() {
    // Enemy queen on f6. a1-b1 leaves the king-step distance at 5 but brings the straight-line
    // distance from sqrt 50 to sqrt 41: legal under R6.1, illegal under king steps.
    let pos = position(
        &[("l12", 'Q'), ("a1", 'B'), ("f6", 'q')],
        [20, 20],
        Color::White,
    );
    assert!(pos.clone().play_str("a1-b1").is_ok());
    // Likewise a1-a4 (king steps 5 -> 5, distance² 50 -> 29).
    assert!(pos.clone().play_str("a1-a4").is_ok());
    // Queen on f1, baby on a5: a5-b6 keeps distance² at 41 (16 + 25): not closer.
    let pos = position(
        &[("l12", 'Q'), ("a5", 'B'), ("f1", 'q')],
        [20, 20],
        Color::White,
    );
    assert!(matches!(
        illegal(&pos, "a5-b6"),
        IllegalMove::BabyNotCloser {
            before: 41,
            after: 41,
            ..
        }
    ));
}

#[test]
fn r7_1_capturing_the_queen_wins_at_once() {
    let mut pos = position(
        &[("a1", 'Q'), ("a12", 'q'), ("b12", 'b')],
        [20, 20],
        Color::White,
    );
    pos.play_str("a1xa12").unwrap();
    assert_eq!(
        pos.outcome(),
        Some(Outcome {
            winner: Color::White,
            reason: WinReason::QueenCaptured
        })
    );
    assert!(pos.legal_moves().is_empty());
    assert_eq!(illegal(&pos, "b12-b11"), IllegalMove::GameOver);
}

#[test]
fn r7_2_no_legal_moves_loses() {
    // White has only a height-2 queen, and no enemy piece on any of its lines.
    let pos = position(&[("a1", 'Q'), ("k12", 'q')], [2, 20], Color::White);
    assert!(pos.legal_moves().is_empty());
    assert_eq!(
        pos.outcome(),
        Some(Outcome {
            winner: Color::Black,
            reason: WinReason::NoLegalMoves
        })
    );
    assert_eq!(illegal(&pos, "a1-a2"), IllegalMove::GameOver);
    // Give it a capture and it plays on.
    let pos = position(
        &[("a1", 'Q'), ("k12", 'q'), ("a7", 'b')],
        [2, 20],
        Color::White,
    );
    assert_eq!(pos.outcome(), None);
}

#[test]
fn r8_1_swap_after_whites_first_move() {
    let mut pos = Position::start(GameOptions::default().pie_rule(true));
    assert_eq!(illegal(&pos, "swap"), IllegalMove::SwapNotAllowed);
    pos.play_str("g1-g7").unwrap();
    let board_before: Vec<_> = pos.pieces().collect();
    assert!(pos.legal_moves().contains(&Move::Swap));
    assert_eq!(pos.play_str("swap").unwrap(), Move::Swap);
    assert_eq!(pos.pieces().collect::<Vec<_>>(), board_before);
    assert_eq!((pos.turn(), pos.ply()), (Color::Black, 2));
    // Swap happens once: now Black plays a board move.
    assert_eq!(illegal(&pos, "swap"), IllegalMove::SwapNotAllowed);
    pos.play_str("f12-f11").unwrap();
    assert_eq!(pos.turn(), Color::White);
}

#[test]
fn r8_2_swap_only_with_the_pie_rule() {
    let mut pos = start();
    pos.play_str("g1-g7").unwrap();
    assert!(!pos.legal_moves().contains(&Move::Swap));
    assert_eq!(illegal(&pos, "swap"), IllegalMove::SwapNotAllowed);
}

#[test]
fn r9_1_canonical_notation() {
    let mut pos = position(
        &[("e5", 'Q'), ("h5", 'b'), ("l12", 'q')],
        [20, 20],
        Color::White,
    );
    assert_eq!(pos.clone().play_str("E5E9").unwrap().to_string(), "e5-e9");
    assert_eq!(pos.play_str("e5 h5").unwrap().to_string(), "e5xh5");
    assert_eq!(Move::Swap.to_string(), "swap");
}

#[test]
fn r9_2_lenient_input() {
    for text in ["g1-g7", "G1G7", "g1 g7", "g1xg7", "g1g7", " g1 - G7 "] {
        let mut pos = start();
        assert_eq!(pos.play_str(text).unwrap().to_string(), "g1-g7", "{text}");
    }
    let mut pos = start();
    assert!(matches!(pos.play_str("z9-a1"), Err(MoveError::Parse(_))));
    assert_eq!(
        pos.play_str("z9-a1").unwrap_err().to_string(),
        "`z9` is not a square on a 12×12 board"
    );
    assert_eq!(pos, start());
    assert_eq!(MoveText::parse("swap", 12), Ok(MoveText::Swap));
}

#[test]
fn r10_whites_first_moves() {
    let moves = moves_of(&start());
    assert_eq!(moves.len(), 33);
    let count = |pred: &dyn Fn(Square) -> bool| {
        start()
            .legal_moves()
            .iter()
            .filter(|m| pred(m.to().unwrap()))
            .count()
    };
    let g1 = sq("g1");
    assert_eq!(count(&|t| t.file() == g1.file()), 11, "up the g-file");
    assert_eq!(count(&|t| t.rank() == 0 && t.file() < g1.file()), 6, "left");
    assert_eq!(
        count(&|t| t.rank() == 0 && t.file() > g1.file()),
        5,
        "right"
    );
    assert_eq!(
        count(&|t| t.rank() > 0 && t.file() < g1.file()),
        6,
        "up-left"
    );
    assert_eq!(
        count(&|t| t.rank() > 0 && t.file() > g1.file()),
        5,
        "up-right"
    );
    assert!(start().legal_moves().iter().all(|m| m.from() == Some(g1)));
}
