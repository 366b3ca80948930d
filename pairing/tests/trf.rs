//! TRF-16: writing, reading back, and refusing bad input with the line named.

mod common;

use common::{play, random_players, rng};
use monkey_queen_pairing::{
    Colour, History, TieBreaks, Tournament, TrfErrorKind, pair_swiss, read_trf, write_trf,
};
use rand::Rng;

/// The decided rounds (TRF leaves out the round being played), games sorted by White and byes
/// sorted: the order TRF cannot keep.
fn normalised(history: &History) -> History {
    let mut h = history.clone();
    h.rounds.retain(|r| {
        r.games
            .iter()
            .all(|g| g.result != monkey_queen_pairing::GameResult::Pending)
    });
    for r in &mut h.rounds {
        r.games.sort_by_key(|g| g.white);
        r.byes.sort();
    }
    h
}

/// A random Swiss event: `played` rounds with results, then one paired but not played; the
/// initial colour White for an even seed, Black for an odd one.
fn event(seed: u64, n: usize, played: usize) -> Tournament {
    let initial = if seed.is_multiple_of(2) {
        Colour::White
    } else {
        Colour::Black
    };
    let mut rng = rng(seed);
    let mut players = random_players(&mut rng, n);
    let mut history = History::new();
    for r in 0..=played {
        if r == 2 {
            players[n / 2].active = false; // absent from round 3 on
        }
        let mut round = pair_swiss(&players, &history, initial).unwrap();
        if r < played {
            play(&mut rng, &mut round);
        }
        history.rounds.push(round);
    }
    for p in &mut players {
        p.active = true; // TRF does not carry withdrawals
    }
    Tournament {
        name: format!("Test event {seed}"),
        names: (0..n).map(|i| format!("Player Ø{i}")).collect(),
        players,
        history,
        initial_colour: Some(initial),
    }
}

#[test]
fn tournaments_round_trip() {
    for seed in 0..20 {
        let n = 8 + seed as usize;
        let t = event(seed, n, 5);
        for system in [TieBreaks::Swiss, TieBreaks::RoundRobin] {
            let text = write_trf(&t, system).unwrap();
            let back = read_trf(&text).unwrap();
            assert_eq!(back.name, t.name);
            assert_eq!(back.names, t.names);
            assert_eq!(back.players, t.players);
            assert_eq!(back.initial_colour, t.initial_colour, "the XXC line");
            assert_eq!(
                normalised(&back.history),
                normalised(&t.history),
                "seed {seed}\n{text}"
            );
        }
    }
}

#[test]
fn player_lines_have_the_trf16_columns() {
    let t = event(1, 4, 1);
    let text = write_trf(&t, TieBreaks::Swiss).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "012 Test event 1");
    assert_eq!(
        lines[lines.len() - 2..],
        ["XXR 1", "XXC black1"],
        "the rounds in all, the initial colour"
    );
    for (i, line) in lines[1..lines.len() - 2].iter().enumerate() {
        let chars: Vec<char> = line.chars().collect();
        let col = |a: usize, b: usize| chars[a - 1..b.min(chars.len())].iter().collect::<String>();
        assert_eq!(col(1, 3), "001");
        assert_eq!(col(5, 8).trim(), (i + 1).to_string()); // starting rank
        assert_eq!(col(15, 47).trim(), format!("Player Ø{i}")); // name
        let rating = t.players[i].rating.round() as u32;
        assert_eq!(col(49, 52).trim(), rating.to_string());
        assert!(col(81, 84).trim().parse::<f64>().is_ok()); // points
        assert!(col(86, 89).trim().parse::<usize>().is_ok()); // rank
        // Round 1 at columns 92-99: opponent, colour, result.
        let cell = col(92, 99);
        assert!(
            cell.starts_with("0000 - U")
                || cell.chars().nth(5).is_some_and(|c| c == 'w' || c == 'b'),
            "{cell:?}"
        );
    }
}

#[test]
fn a_hand_written_file_is_read() {
    let text = "012 Club Swiss\n\
                XXR 2\n\
                001    1      Alpha                             2100                             1.0    1     2 w 1     3 b -\n\
                001    2      Beta                              2000                             0.0    3     1 b 0  0000 - U\n\
                001    3      Gamma                                                              1.0    2  0000 - U     1 w +\n";
    let t = read_trf(text).unwrap();
    assert_eq!(t.name, "Club Swiss");
    assert_eq!(t.initial_colour, None, "no XXC line");
    assert_eq!(t.names, vec!["Alpha", "Beta", "Gamma"]);
    assert_eq!(t.players[2].rating, 0.0);
    assert_eq!(t.history.rounds.len(), 2);
    let r1 = &t.history.rounds[0];
    assert_eq!((r1.games[0].white.0, r1.games[0].black.0), (0, 1));
    assert_eq!(
        r1.games[0].result,
        monkey_queen_pairing::GameResult::WhiteWin
    );
    assert_eq!(r1.byes, vec![monkey_queen_pairing::PlayerId(2)]);
    let r2 = &t.history.rounds[1];
    assert_eq!((r2.games[0].white.0, r2.games[0].black.0), (2, 0));
    assert_eq!(
        r2.games[0].result,
        monkey_queen_pairing::GameResult::WhiteForfeitWin
    );
}

/// The `XXC` line's initial colour, as `bbpPairings` reads it: `white1` or `black1` among
/// other words, the last one counting.
#[test]
fn the_initial_colour_is_read_from_the_xxc_line() {
    let players = "001    1      Alpha                             2100                             0.0    1\n\
                   001    2      Beta                              2000                             0.0    2\n";
    for (xxc, expected) in [
        ("XXC white1\n", Some(Colour::White)),
        ("XXC black1\n", Some(Colour::Black)),
        ("XXC rank black1\n", Some(Colour::Black)),
        ("XXC black1 white1\n", Some(Colour::White)),
        ("XXC rank\n", None),
        ("XXC\n", None),
    ] {
        let t = read_trf(&format!("012 Lot\n{xxc}{players}")).unwrap();
        assert_eq!(t.initial_colour, expected, "{xxc:?}");
        // Round 1 gives the initial colour to player 1.
        let initial = expected.unwrap_or(Colour::White);
        let round = pair_swiss(&t.players, &t.history, initial).unwrap();
        let white = if initial == Colour::White { 0 } else { 1 };
        assert_eq!(round.games[0].white.0, white, "{xxc:?}");
    }
}

#[test]
fn bad_lines_are_named() {
    let good = write_trf(&event(3, 6, 2), TieBreaks::Swiss).unwrap();
    let lines: Vec<String> = good.lines().map(String::from).collect();
    let with = |i: usize, f: &dyn Fn(&str) -> String| {
        let mut ls = lines.clone();
        ls[i] = f(&ls[i]);
        ls.join("\n")
    };
    let replace_at = |s: &str, col: usize, text: &str| {
        let mut chars: Vec<char> = s.chars().collect();
        for (k, c) in text.chars().enumerate() {
            chars[col - 1 + k] = c;
        }
        chars.into_iter().collect::<String>()
    };
    let e = read_trf(&with(2, &|s| replace_at(s, 5, "ab12"))).unwrap_err();
    assert_eq!(e.line, 3);
    assert!(matches!(
        e.kind,
        TrfErrorKind::BadNumber {
            field: "starting rank",
            ..
        }
    ));
    let e = read_trf(&with(1, &|s| replace_at(s, 49, "x999"))).unwrap_err();
    assert_eq!(e.line, 2);
    assert!(matches!(
        e.kind,
        TrfErrorKind::BadNumber {
            field: "rating",
            ..
        }
    ));
    let e = read_trf(&with(4, &|_| "001 1".to_string())).unwrap_err();
    assert_eq!((e.line, e.kind), (5, TrfErrorKind::TooShort));
    let e = read_trf(&with(3, &|s| replace_at(s, 99, "?"))).unwrap_err();
    assert_eq!(e.line, 4);
    assert!(matches!(
        e.kind,
        TrfErrorKind::BadResult('?') | TrfErrorKind::BadColour(_)
    ));
    let e = read_trf(&with(2, &|s| replace_at(s, 5, "   9"))).unwrap_err();
    assert!(matches!(e.kind, TrfErrorKind::BadStartingRank(9)));
    // Flip one player's result of round 1: the two lines now disagree.
    let e = read_trf(&with(1, &|s| {
        let code = s.chars().nth(98).unwrap();
        let flipped = match code {
            '1' => "0",
            '0' => "1",
            '=' => "1",
            '+' => "-",
            '-' => "+",
            _ => "Z",
        };
        replace_at(s, 99, flipped)
    }))
    .unwrap_err();
    assert!(
        matches!(
            e.kind,
            TrfErrorKind::Inconsistent { .. } | TrfErrorKind::BadResult(_)
        ),
        "{e}"
    );
}

#[test]
fn random_damage_never_panics() {
    let good = write_trf(&event(4, 9, 4), TieBreaks::Swiss).unwrap();
    let bytes: Vec<char> = good.chars().collect();
    let alphabet: Vec<char> = "0123456789 wb-+=UZFHWDL01\n\r\té".chars().collect();
    let mut rng = rng(99);
    for _ in 0..3000 {
        let mut chars = bytes.clone();
        for _ in 0..rng.random_range(1..6) {
            let i = rng.random_range(0..chars.len());
            match rng.random_range(0..3) {
                0 => chars[i] = alphabet[rng.random_range(0..alphabet.len())],
                1 => {
                    chars.remove(i);
                }
                _ => chars.insert(i, alphabet[rng.random_range(0..alphabet.len())]),
            }
        }
        let text: String = chars.into_iter().collect();
        if let Ok(t) = read_trf(&text) {
            // Whatever was accepted can be written again.
            let _ = write_trf(&t, TieBreaks::Swiss);
        }
    }
    assert!(read_trf("").unwrap().players.is_empty());
}
