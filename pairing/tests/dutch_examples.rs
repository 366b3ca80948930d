//! Dutch-system pairings worked out by hand from FIDE C.04.3.
//!
//! Players are given ratings in id order (id 0 strongest), so pairing numbers are ids + 1.

use monkey_queen_pairing::{
    Colour, Game, GameResult, History, PairingError, Player, PlayerId, Round, pair_swiss,
};

fn players(n: usize) -> Vec<Player> {
    (0..n)
        .map(|i| Player::new(i, 2400.0 - 10.0 * i as f64))
        .collect()
}

fn pairs(round: &Round) -> Vec<(usize, usize)> {
    round.games.iter().map(|g| (g.white.0, g.black.0)).collect()
}

fn game(white: usize, black: usize, result: GameResult) -> Game {
    Game {
        white: PlayerId(white),
        black: PlayerId(black),
        result,
    }
}

/// Round 1 with 8 players: one score bracket of 8. S1 = {1,2,3,4}, S2 = {5,6,7,8} (pairing
/// numbers); S1's i-th meets S2's i-th. Nobody has a colour preference, so E.5 applies: the
/// higher-ranked player gets the initial colour (White) with an odd pairing number, Black with
/// an even one. Hence 1–5, 6–2, 3–7, 8–4 (White first), i.e. colours alternate by board.
#[test]
fn first_round_pairs_top_half_against_bottom_half_with_alternating_colours() {
    let round = pair_swiss(&players(8), &History::new(), Colour::White).unwrap();
    assert_eq!(pairs(&round), vec![(0, 4), (5, 1), (2, 6), (7, 3)]);
    assert!(round.byes.is_empty());
}

/// Round 1 with 7 players: the bye goes to the lowest-ranked player (7); the rest pair as
/// S1 = {1,2,3}, S2 = {4,5,6}: 1–4, 5–2, 3–6.
#[test]
fn first_round_with_an_odd_count_gives_the_bye_to_the_last_player() {
    let round = pair_swiss(&players(7), &History::new(), Colour::White).unwrap();
    assert_eq!(pairs(&round), vec![(0, 3), (4, 1), (2, 5)]);
    assert_eq!(round.byes, vec![PlayerId(6)]);
}

/// Round 2 with 6 players, with a downfloater.
///
/// Round 1 (pairing numbers): 1–4 1-0, 5–2 0-1, 3–6 0-1. Scores: {1, 2, 6} on 1 point,
/// {3, 4, 5} on 0.
///
/// Bracket 1 point has three players, so one pair and one downfloater (C5). S1 = {1},
/// S2 = {2, 6}. The first candidate 1–2 is legal and meets both colour preferences (1 had
/// White and wants Black, 2 had Black and wants White), so 2–1 is played and **6 floats down**.
///
/// Bracket 0 points: the moved-down 6 (had Black, wants White) first. 6–3 is a repeat (C1).
/// 6–4 is a colour clash (4 had Black in 1–4 and wants White too), and it would leave 3–5,
/// where both had White and want Black: two unmet preferences. 6–5 meets both (5 had White,
/// wants Black) and leaves 4–3, where 4 wants White and 3 wants Black: none unmet. C10 (fewest
/// unmet colour preferences) outranks the S1/S2 order, so 6–5 and 4–3.
///
/// Result, board order: 2–1, 6–5, 4–3.
#[test]
fn second_round_floats_the_lowest_of_an_odd_bracket_down() {
    let history = History {
        rounds: vec![Round {
            games: vec![
                game(0, 3, GameResult::WhiteWin),
                game(4, 1, GameResult::BlackWin),
                game(2, 5, GameResult::BlackWin),
            ],
            byes: vec![],
        }],
    };
    let round = pair_swiss(&players(6), &history, Colour::White).unwrap();
    assert_eq!(pairs(&round), vec![(1, 0), (5, 4), (3, 2)]);
}

/// The bye goes to the lowest-ranked player who has not had one. Round 2 of a 5-player event
/// where 5 had the round-1 bye: the ranking is 1, 2, 5 (1 point), 3, 4 (0 points), and 4 is
/// the lowest without a bye.
#[test]
fn the_bye_skips_players_who_had_one() {
    // Round 1: 1–3 1-0, 4–2 0-1, bye 5.
    let history = History {
        rounds: vec![Round {
            games: vec![
                game(0, 2, GameResult::WhiteWin),
                game(3, 1, GameResult::BlackWin),
            ],
            byes: vec![PlayerId(4)],
        }],
    };
    let round = pair_swiss(&players(5), &history, Colour::White).unwrap();
    // Ranking: 1, 2, 5 (1 point), 3, 4 (0 points). Lowest without a bye: 4.
    assert_eq!(round.byes, vec![PlayerId(3)]);
    // 1 point: 5's bye was a downfloat, so 5 is paired in the bracket (C.12 outranks the
    // colours of the next bracket's pair) and 2 floats down: 5–1 (5 has no colour history, 1
    // wants Black), then 2–3 (both want White; 2 ranks higher). py4swiss agrees.
    assert_eq!(pairs(&round), vec![(4, 0), (1, 2)]);
}

/// Two players who have met cannot be paired again: NoPairing, not a repeat.
#[test]
fn a_forced_repeat_is_refused() {
    let history = History {
        rounds: vec![Round {
            games: vec![game(0, 1, GameResult::WhiteWin)],
            byes: vec![],
        }],
    };
    assert_eq!(
        pair_swiss(&players(2), &history, Colour::White),
        Err(PairingError::NoPairing)
    );
}

/// Withdrawn players are left out.
#[test]
fn withdrawn_players_are_not_paired() {
    let mut ps = players(4);
    ps[1].active = false;
    let round = pair_swiss(&ps, &History::new(), Colour::White).unwrap();
    assert_eq!(round.games.len(), 1);
    assert_eq!(round.byes, vec![PlayerId(3)]);
    assert_eq!(pairs(&round), vec![(0, 2)]);
}

/// Bad input is an error, not a panic.
#[test]
fn mismatched_ids_and_unknown_players_are_errors() {
    let mut ps = players(3);
    ps[2].id = PlayerId(7);
    assert!(matches!(
        pair_swiss(&ps, &History::new(), Colour::White),
        Err(PairingError::BadPlayerId { position: 2, .. })
    ));
    let history = History {
        rounds: vec![Round {
            games: vec![game(0, 9, GameResult::Draw)],
            byes: vec![],
        }],
    };
    assert_eq!(
        pair_swiss(&players(3), &history, Colour::White),
        Err(PairingError::UnknownPlayer(PlayerId(9)))
    );
    assert_eq!(
        pair_swiss(&[], &History::new(), Colour::White),
        Err(PairingError::TooFewPlayers)
    );
}
