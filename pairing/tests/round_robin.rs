//! Berger round robins: the published 6-player table, and for every size up to 64 that each
//! pair meets once, each player has one bye when the count is odd, and colours balance; double
//! round robins: each pair meets twice with each colour once, one meeting in each cycle.

use monkey_queen_pairing::{Colour, PairingError, Round, double_round_robin, round_robin};

/// Rounds as (white, black) pairs of 1-based numbers, board order.
fn table(n: usize) -> Vec<Vec<(usize, usize)>> {
    round_robin(n)
        .unwrap()
        .iter()
        .map(|r| {
            r.games
                .iter()
                .map(|g| (g.white.0 + 1, g.black.0 + 1))
                .collect()
        })
        .collect()
}

#[test]
fn six_players_match_the_published_berger_table() {
    // FIDE C.05 Annex 1, Berger table for 5 or 6 players (White first).
    let expected = vec![
        vec![(1, 6), (2, 5), (3, 4)],
        vec![(6, 4), (5, 3), (1, 2)],
        vec![(2, 6), (3, 1), (4, 5)],
        vec![(6, 5), (1, 4), (2, 3)],
        vec![(3, 6), (4, 2), (5, 1)],
    ];
    assert_eq!(table(6), expected);
}

#[test]
fn five_players_use_the_six_player_table_with_byes() {
    // Whoever would meet player 6 has the bye.
    let rounds = round_robin(5).unwrap();
    let byes: Vec<usize> = rounds.iter().map(|r| r.byes[0].0 + 1).collect();
    assert_eq!(byes, vec![1, 4, 2, 5, 3]);
    assert_eq!(
        rounds[1]
            .games
            .iter()
            .map(|g| (g.white.0 + 1, g.black.0 + 1))
            .collect::<Vec<_>>(),
        vec![(5, 3), (1, 2)]
    );
}

#[test]
fn every_size_meets_once_byes_once_and_balances_colours() {
    for n in 2..=64 {
        let rounds = round_robin(n).unwrap();
        assert_eq!(
            rounds.len(),
            if n.is_multiple_of(2) { n - 1 } else { n },
            "n={n}"
        );
        let mut meetings = vec![vec![0u32; n]; n];
        let mut byes = vec![0u32; n];
        let mut whites = vec![0i32; n];
        let mut blacks = vec![0i32; n];
        for r in &rounds {
            let mut seen = vec![false; n];
            for g in &r.games {
                let (w, b) = (g.white.0, g.black.0);
                meetings[w][b] += 1;
                meetings[b][w] += 1;
                whites[w] += 1;
                blacks[b] += 1;
                assert!(!seen[w] && !seen[b], "n={n}: a player twice in a round");
                seen[w] = true;
                seen[b] = true;
            }
            for b in &r.byes {
                byes[b.0] += 1;
                assert!(!seen[b.0]);
                seen[b.0] = true;
            }
            assert!(
                seen.iter().all(|&s| s),
                "n={n}: a player missing from a round"
            );
            assert_eq!(r.byes.len(), n % 2, "n={n}");
        }
        for i in 0..n {
            for (j, &m) in meetings[i].iter().enumerate() {
                assert_eq!(m, u32::from(i != j), "n={n}: {i} and {j}");
            }
            assert_eq!(byes[i], (n % 2) as u32, "n={n}: byes of {i}");
            assert!((whites[i] - blacks[i]).abs() <= 1, "n={n}: colours of {i}");
        }
    }
}

#[test]
fn fewer_than_two_players_is_an_error() {
    assert_eq!(round_robin(0), Err(PairingError::TooFewPlayers));
    assert_eq!(round_robin(1), Err(PairingError::TooFewPlayers));
    assert_eq!(double_round_robin(0), Err(PairingError::TooFewPlayers));
    assert_eq!(double_round_robin(1), Err(PairingError::TooFewPlayers));
}

/// Each player's colour round by round (`None`: a bye).
fn colours(n: usize, rounds: &[Round]) -> Vec<Vec<Option<Colour>>> {
    let mut by_player = vec![Vec::new(); n];
    for r in rounds {
        for g in &r.games {
            by_player[g.white.0].push(Some(Colour::White));
            by_player[g.black.0].push(Some(Colour::Black));
        }
        for b in &r.byes {
            by_player[b.0].push(None);
        }
    }
    by_player
}

#[test]
fn a_double_round_robin_meets_each_pair_twice_with_each_colour_once() {
    for n in 2..=40 {
        let single = round_robin(n).unwrap();
        let rounds = double_round_robin(n).unwrap();
        let cycle = single.len();
        assert_eq!(rounds.len(), 2 * cycle, "n={n}");
        // as_white[w][b]: games of w with White against b, per cycle.
        let mut as_white = vec![vec![[0u32; 2]; n]; n];
        let mut byes = vec![[0u32; 2]; n];
        for (ri, r) in rounds.iter().enumerate() {
            let half = ri / cycle;
            let mut seen = vec![false; n];
            for g in &r.games {
                let (w, b) = (g.white.0, g.black.0);
                assert!(!seen[w] && !seen[b], "n={n}: a player twice in round {ri}");
                seen[w] = true;
                seen[b] = true;
                as_white[w][b][half] += 1;
            }
            for b in &r.byes {
                assert!(!seen[b.0]);
                seen[b.0] = true;
                byes[b.0][half] += 1;
            }
            assert!(seen.iter().all(|&s| s), "n={n}: a player missing");
        }
        for i in 0..n {
            for (j, mine) in as_white[i].iter().enumerate() {
                if i == j {
                    continue;
                }
                let white: u32 = mine.iter().sum();
                assert_eq!(white, 1, "n={n}: {i} has White against {j} once");
                let met = |h: usize| mine[h] + as_white[j][i][h];
                assert_eq!((met(0), met(1)), (1, 1), "n={n}: {i}-{j} once a cycle");
            }
            let odd = u32::from(n % 2 == 1);
            assert_eq!(byes[i], [odd, odd], "n={n}: byes of {i}");
        }
    }
}

#[test]
fn a_double_round_robin_swaps_the_first_cycles_last_two_rounds_and_reverses_the_second() {
    let single = round_robin(6).unwrap();
    let double = double_round_robin(6).unwrap();
    assert_eq!(&double[..3], &single[..3]);
    assert_eq!((&double[3], &double[4]), (&single[4], &single[3]));
    for (back, front) in double[5..].iter().zip(&single) {
        let reversed: Vec<_> = front.games.iter().map(|g| (g.black, g.white)).collect();
        let got: Vec<_> = back.games.iter().map(|g| (g.white, g.black)).collect();
        assert_eq!(got, reversed);
        assert_eq!(back.byes, front.byes);
    }
}

#[test]
fn no_one_plays_a_colour_three_times_in_a_row_in_a_double_round_robin() {
    // What Annex 1's swap of the first cycle's last two rounds is for. Byes break a run.
    for n in 2..=40 {
        for (player, seq) in colours(n, &double_round_robin(n).unwrap())
            .iter()
            .enumerate()
        {
            for w in seq.windows(3) {
                assert!(
                    !(w[0].is_some() && w[0] == w[1] && w[1] == w[2]),
                    "n={n}: player {player} has {:?} three times in a row: {seq:?}",
                    w[0]
                );
            }
        }
    }
}
