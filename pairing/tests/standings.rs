//! Standings and tie-breaks on small events worked out by hand.

use monkey_queen_pairing::{
    Game, GameResult, History, Player, PlayerId, Round, TieBreaks, round_robin, standings,
};

fn players(n: usize) -> Vec<Player> {
    (0..n)
        .map(|i| Player::new(i, 2400.0 - 10.0 * i as f64))
        .collect()
}

/// A 4-player round robin (Berger: 1–4, 2–3 / 4–3, 1–2 / 2–4, 3–1) with results
/// 1–4 1-0, 2–3 1-0, 4–3 0-1, 1–2 0-1, 2–4 0-1, 3–1 1-0.
///
/// Points: 2 and 3 have 2, 1 and 4 have 1.
/// Sonneborn–Berger (sum of beaten opponents' points, half of drawn ones'):
/// 2: beat 3 (2) and 1 (1) = 3; 3: beat 4 (1) and 1 (1) = 2; 4: beat 2 (2) = 2; 1: beat 4 = 1.
/// So 2, 3, then 4 ahead of the higher-rated 1 on SB.
#[test]
fn round_robin_breaks_ties_by_sonneborn_berger() {
    let mut rounds = round_robin(4).unwrap();
    let results = [
        [GameResult::WhiteWin, GameResult::WhiteWin],
        [GameResult::BlackWin, GameResult::BlackWin],
        [GameResult::BlackWin, GameResult::WhiteWin],
    ];
    for (round, rs) in rounds.iter_mut().zip(results) {
        for (g, r) in round.games.iter_mut().zip(rs) {
            g.result = r;
        }
    }
    let history = History { rounds };
    let table = standings(&players(4), &history, TieBreaks::RoundRobin).unwrap();
    let got: Vec<(usize, f64, f64)> = table
        .iter()
        .map(|s| (s.player.0 + 1, s.points, s.tie_breaks[0]))
        .collect();
    assert_eq!(
        got,
        vec![(2, 2.0, 3.0), (3, 2.0, 2.0), (4, 1.0, 2.0), (1, 1.0, 1.0)]
    );
    assert_eq!(
        table.iter().map(|s| s.rank).collect::<Vec<_>>(),
        vec![1, 2, 3, 4]
    );
}

/// Swiss, two rounds, 5 players. Round 1: 1–3 1-0, 4–2 0-1, bye 5. Round 2: 2–1 1-0,
/// 5–4 forfeit win for 5 (4 did not come), bye 3.
///
/// Points: 2 = 2, 5 = 2, 1 = 1, 3 = 1, 4 = 0.
/// Contributions (opponent's points; an unplayed round counts the player's own points):
/// 2: 4 (0), 1 (1) → BH 1, Cut-1 1;  5: bye (2), forfeit (2) → BH 4, Cut-1 2;
/// 1: 3 (1), 2 (2) → BH 3, Cut-1 2;  3: 1 (1), bye (1) → BH 2, Cut-1 1;
/// 4: 2 (2), forfeit (0) → BH 2, Cut-1 2.
/// SB: 2 = 0 + 1 = 1; 5 = 2 + 2 = 4; 1 = 1; 3 = 1 (bye vs itself); 4 = 0.
#[test]
fn swiss_uses_buchholz_cut1_then_buchholz_then_sb_with_virtual_opponents() {
    let g = |w: usize, b: usize, result| Game {
        white: PlayerId(w - 1),
        black: PlayerId(b - 1),
        result,
    };
    let history = History {
        rounds: vec![
            Round {
                games: vec![g(1, 3, GameResult::WhiteWin), g(4, 2, GameResult::BlackWin)],
                byes: vec![PlayerId(4)],
            },
            Round {
                games: vec![
                    g(2, 1, GameResult::WhiteWin),
                    g(5, 4, GameResult::WhiteForfeitWin),
                ],
                byes: vec![PlayerId(2)],
            },
        ],
    };
    let table = standings(&players(5), &history, TieBreaks::Swiss).unwrap();
    let got: Vec<(usize, f64, Vec<f64>)> = table
        .iter()
        .map(|s| (s.player.0 + 1, s.points, s.tie_breaks.clone()))
        .collect();
    assert_eq!(
        got,
        vec![
            (5, 2.0, vec![2.0, 4.0, 4.0]),
            (2, 2.0, vec![1.0, 1.0, 1.0]),
            (1, 1.0, vec![2.0, 3.0, 1.0]),
            (3, 1.0, vec![1.0, 2.0, 1.0]),
            (4, 0.0, vec![2.0, 2.0, 0.0]),
        ]
    );
    assert_eq!(TieBreaks::Swiss.names(), &["BH-C1", "BH", "SB"]);
}
