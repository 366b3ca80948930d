//! Golden TRF files: what our writer gives for a few tournaments, byte for byte, as checked
//! in under `tests/fixtures/trf/` after an outside reader (py4swiss) read them back (see
//! `tests/fixtures/trf/README.md`, and the script beside it that reads them). Rewrite them
//! with `UPDATE_GOLDEN=1 cargo test -p monkey-queen-pairing --test trf_fixtures --
//! --test-threads 1`, then read them back again.

use std::path::PathBuf;

use monkey_queen_pairing::{
    Game, GameResult, History, Player, PlayerId, Round, TieBreaks, Tournament, double_round_robin,
    read_trf, round_robin, write_trf, write_trf_planned,
};

/// A game by hand: White's and Black's 1-based starting ranks, and its result.
type Board = (usize, usize, GameResult);

/// A Swiss of 9 players and 5 rounds, written out by hand (so that it stays what py4swiss
/// read whatever our Swiss pairs): a forfeit and a bye in round 1, draws, player 5 absent
/// from round 3 on, and round 4 paired but not played yet.
fn swiss() -> Tournament {
    use GameResult::{BlackForfeitWin, BlackWin, Draw, Pending, WhiteWin};
    let ratings = [
        2694.0, 1401.0, 1954.0, 1846.0, 2526.0, 2216.0, 2720.0, 1487.0, 1369.0,
    ];
    // (White, Black, result) by 1-based starting rank, and the bye.
    let rounds: [(&[Board], &[usize]); 4] = [
        (
            &[
                (4, 1, BlackForfeitWin),
                (2, 6, BlackWin),
                (7, 3, WhiteWin),
                (5, 8, WhiteWin),
            ],
            &[9],
        ),
        (
            &[(1, 8, BlackWin), (3, 4, Draw), (9, 5, Draw), (6, 7, Draw)],
            &[2],
        ),
        (
            &[
                (1, 3, WhiteWin),
                (8, 2, Draw),
                (4, 7, WhiteWin),
                (6, 9, BlackWin),
            ],
            &[],
        ),
        (
            &[
                (9, 1, Pending),
                (6, 4, Pending),
                (3, 2, Pending),
                (8, 7, Pending),
            ],
            &[],
        ),
    ];
    let history = History {
        rounds: rounds
            .iter()
            .map(|(games, byes)| Round {
                games: games
                    .iter()
                    .map(|&(w, b, result)| Game {
                        white: PlayerId(w - 1),
                        black: PlayerId(b - 1),
                        result,
                    })
                    .collect(),
                byes: byes.iter().map(|&p| PlayerId(p - 1)).collect(),
            })
            .collect(),
    };
    Tournament {
        name: "Swiss fixture".to_owned(),
        names: (0..ratings.len())
            .map(|i| format!("Swiss Player {}", i + 1))
            .collect(),
        players: ratings
            .iter()
            .enumerate()
            .map(|(i, &r)| Player::new(i, r))
            .collect(),
        history,
        // Written before the `XXC` line existed: py4swiss read it without one (White).
        initial_colour: None,
    }
}

/// A round robin of `n` players by `table`, every game decided: White wins when the sum of
/// the two starting ranks is even.
fn round_robin_event(name: &str, n: usize, table: Vec<Round>) -> Tournament {
    let mut rounds = table;
    for round in &mut rounds {
        for g in &mut round.games {
            g.result = if (g.white.0 + g.black.0) % 2 == 0 {
                GameResult::WhiteWin
            } else {
                GameResult::BlackWin
            };
        }
    }
    Tournament {
        name: name.to_owned(),
        names: (0..n).map(|i| format!("Ronda Ø{}", i + 1)).collect(),
        players: (0..n)
            .map(|i| Player::new(i, 2000.0 - 10.0 * i as f64))
            .collect(),
        history: History { rounds },
        initial_colour: None,
    }
}

/// Each fixture: its file name and our writer's text.
fn fixtures() -> Vec<(&'static str, String)> {
    let swiss = swiss();
    vec![
        (
            "swiss_9_players_round_4_unplayed.trf",
            write_trf_planned(&swiss, TieBreaks::Swiss, 5).unwrap(),
        ),
        (
            "round_robin_5_players.trf",
            write_trf(
                &round_robin_event("Round robin fixture", 5, round_robin(5).unwrap()),
                TieBreaks::RoundRobin,
            )
            .unwrap(),
        ),
        (
            "double_round_robin_4_players.trf",
            write_trf(
                &round_robin_event(
                    "Double round robin fixture",
                    4,
                    double_round_robin(4).unwrap(),
                ),
                TieBreaks::RoundRobin,
            )
            .unwrap(),
        ),
    ]
}

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/trf")
}

#[test]
fn the_writer_still_gives_the_files_py4swiss_read_back() {
    let bless = std::env::var_os("UPDATE_GOLDEN").is_some();
    for (name, text) in fixtures() {
        let path = dir().join(name);
        if bless {
            std::fs::write(&path, &text).unwrap();
        }
        let golden = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            text, golden,
            "{name} differs from what the writer gives now"
        );
    }
}

#[test]
fn the_fixtures_read_back_as_written() {
    let swiss = swiss();
    let back = read_trf(&std::fs::read_to_string(dir().join(fixtures()[0].0)).unwrap()).unwrap();
    // The round being played (4) is left out; the three before come back.
    assert_eq!(back.history.len(), 3);
    assert_eq!(back.names, swiss.names);
    for (r, round) in back.history.rounds.iter().enumerate() {
        let mut games = swiss.history.rounds[r].games.clone();
        games.sort_by_key(|g| g.white);
        assert_eq!(round.games, games, "round {}", r + 1);
    }
    // Player 5 is absent (Z) from round 3.
    assert!(
        back.history.rounds[2]
            .games
            .iter()
            .all(|g| g.colour_of(PlayerId(4)).is_none())
    );
    let double = std::fs::read_to_string(dir().join(fixtures()[2].0)).unwrap();
    assert_eq!(read_trf(&double).unwrap().history.len(), 6);
    assert!(double.ends_with("XXR 6\n"));
}
