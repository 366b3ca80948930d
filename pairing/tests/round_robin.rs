//! Berger round robins: the published 6-player table, and for every size up to 30 that each
//! pair meets once, each player has one bye when the count is odd, and colours balance.

use monkey_queen_pairing::{PairingError, round_robin};

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
    for n in 2..=30 {
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
}
