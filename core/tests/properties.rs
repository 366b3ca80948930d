//! Property tests over random games: generated moves are exactly the legal ones, the text
//! form and records round-trip, and every game ends (R7.3).

use monkey_queen_core::{GameOptions, Move, MoveText, Position, Record, Square};
use proptest::prelude::*;

fn options() -> impl Strategy<Value = GameOptions> {
    (
        prop::sample::select(vec![12u8, 14, 16]),
        20u8..=40,
        any::<bool>(),
    )
        .prop_map(|(size, height, pie)| GameOptions::new(size, height, pie).unwrap())
}

/// Plays the game chosen by `choices` (cycled) until it ends; returns the moves and the
/// positions before each of them, plus the final position.
fn random_game(options: GameOptions, choices: &[u32]) -> (Vec<(Position, Move)>, Position) {
    let mut pos = Position::start(options);
    let mut history = Vec::new();
    for i in 0.. {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        assert!(i < 20_000, "R7.3: a game must end");
        let m = moves[choices[i % choices.len()] as usize % moves.len()];
        history.push((pos.clone(), m));
        pos.play_unchecked(m);
    }
    (history, pos)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn generated_moves_are_accepted_and_games_end(
        options in options(),
        choices in prop::collection::vec(any::<u32>(), 1..64),
    ) {
        let (history, end) = random_game(options, &choices);
        prop_assert!(end.outcome().is_some(), "R7: an ended game has an outcome");
        prop_assert!(!end.has_legal_move());
        for (before, m) in &history {
            prop_assert_eq!(before.outcome(), None);
            let listed = before.legal_moves();
            prop_assert_eq!(before.count_legal_moves(), listed.len() as u64);
            for (i, listed_move) in listed.iter().enumerate() {
                prop_assert_eq!(before.nth_legal_move(i as u64), Some(*listed_move));
            }
            prop_assert_eq!(before.nth_legal_move(listed.len() as u64), None);
            let mut replay = before.clone();
            prop_assert_eq!(replay.play(m.text()), Ok(*m));
            let reparsed = MoveText::parse(&m.to_string(), options.size());
            prop_assert_eq!(reparsed, Ok(m.text()));
            let reread = Position::from_text(&before.to_text());
            prop_assert_eq!(reread.as_ref(), Ok(before));
        }
        prop_assert_eq!(Position::from_text(&end.to_text()), Ok(end.clone()));
    }

    #[test]
    fn legalize_accepts_exactly_the_generated_moves(
        options in options(),
        choices in prop::collection::vec(any::<u32>(), 1..64),
        cut in 0usize..200,
    ) {
        let (history, end) = random_game(options, &choices);
        let pos = history.get(cut).map_or(end, |(p, _)| p.clone());
        let legal = pos.legal_moves();
        let n = options.size();
        let squares: Vec<Square> = (0..n)
            .flat_map(|rank| (0..n).filter_map(move |file| Square::new(file, rank)))
            .collect();
        for &from in &squares {
            for &to in &squares {
                        let verdict = pos.legalize(MoveText::Squares { from, to });
                        let generated = legal.iter().find(|m| m.from() == Some(from) && m.to() == Some(to));
                        let accepted = verdict.ok();
                        prop_assert_eq!(accepted.as_ref(), generated, "{}-{} in {}", from, to, pos.to_text());
            }
        }
    }

    #[test]
    fn records_round_trip(
        options in options(),
        choices in prop::collection::vec(any::<u32>(), 1..64),
        cut in 0usize..300,
    ) {
        let (history, _) = random_game(options, &choices);
        let moves: Vec<String> = history.iter().take(cut).map(|(_, m)| m.to_string()).collect();
        let (record, pos) = Record::from_moves(options, &moves).unwrap();
        let (reread, repos) = Record::parse(&record.to_string()).unwrap();
        prop_assert_eq!(&reread, &record);
        prop_assert_eq!(&repos, &pos);
        prop_assert_eq!(record.final_position(), pos);
    }
}
