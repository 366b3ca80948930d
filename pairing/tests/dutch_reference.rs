//! Our Dutch pairings against reference pairings made by `py4swiss` (FIDE Dutch system, tested
//! by its authors against `bbpPairings`). The fixtures and their provenance are in
//! `tests/fixtures/`; `tests/fixtures/generate.py` says how they were made.
//!
//! For every case: our pairing is legal (every active player paired once or given the only
//! bye, no repeated game, no absolute colour rule broken outside the topscorers' exception of
//! the last round), and the share of rounds where ours gives exactly the reference's pairs,
//! colours and bye is at least [`AGREEMENT_FLOOR`] (312 of 315 today, 99.0%; the 3 others are
//! identical to `bbpPairings`'s, see `docs/pairing.md`).

use std::collections::BTreeSet;

use monkey_queen_pairing::{Colour, PlayerId, Round, Tournament, pair_swiss_with_total, read_trf};

/// The lowest share of rounds (in percent) that must agree exactly with the reference.
const AGREEMENT_FLOOR: f64 = 98.0;

/// One reference case: the tournament before the round and the reference's boards
/// (starting ranks; black 0 is the bye).
struct Case {
    name: String,
    trf: String,
    boards: Vec<(usize, usize)>,
}

/// The cases of a fixture file (`#` provenance lines before the first case are skipped, as
/// is anything else before it).
fn cases(text: &str) -> Vec<Case> {
    let mut out: Vec<Case> = Vec::new();
    let mut in_pairings = false;
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("=== ") {
            out.push(Case {
                name: name.to_string(),
                trf: String::new(),
                boards: Vec::new(),
            });
            in_pairings = false;
        } else if line == "--- pairings" {
            in_pairings = true;
        } else if let Some(case) = out.last_mut() {
            if in_pairings {
                let nums: Vec<usize> = line
                    .split_whitespace()
                    .map(|w| w.parse().expect("fixture board number"))
                    .collect();
                assert_eq!(nums.len(), 2, "{}: bad board line {line:?}", case.name);
                case.boards.push((nums[0], nums[1]));
            } else {
                case.trf.push_str(line);
                case.trf.push('\n');
            }
        }
    }
    out
}

/// White–black pairs (0-based) and byes of a round, as sets.
fn shape(round: &Round) -> (BTreeSet<(usize, usize)>, BTreeSet<usize>) {
    (
        round.games.iter().map(|g| (g.white.0, g.black.0)).collect(),
        round.byes.iter().map(|p| p.0).collect(),
    )
}

fn reference_shape(boards: &[(usize, usize)]) -> (BTreeSet<(usize, usize)>, BTreeSet<usize>) {
    let games = boards
        .iter()
        .filter(|b| b.1 != 0)
        .map(|&(w, b)| (w - 1, b - 1))
        .collect();
    let byes = boards
        .iter()
        .filter(|b| b.1 == 0)
        .map(|b| b.0 - 1)
        .collect();
    (games, byes)
}

/// Panics unless `round` is a legal next round of `t` (of `total_rounds` rounds): in the last
/// round a topscorer's game may break the colour rules (C.3).
fn assert_legal(name: &str, t: &Tournament, round: &Round, total_rounds: usize) {
    let n = t.players.len();
    let records = t.history.records(n);
    let played = t.history.len();
    let last_round = played + 1 >= total_rounds;
    let topscorer = |p: PlayerId| records[p.0].score as usize > played;
    let mut seen = vec![0usize; n];
    for g in &round.games {
        seen[g.white.0] += 1;
        seen[g.black.0] += 1;
        let met = t.history.rounds.iter().any(|r| {
            r.games.iter().any(|h| {
                h.result.was_played()
                    && ((h.white == g.white && h.black == g.black)
                        || (h.white == g.black && h.black == g.white))
            })
        });
        assert!(!met, "{name}: {:?} and {:?} meet again", g.white, g.black);
        if last_round && (topscorer(g.white) || topscorer(g.black)) {
            continue;
        }
        for (p, colour) in [(g.white, Colour::White), (g.black, Colour::Black)] {
            let mut colours = records[p.0].colours.clone();
            colours.push(colour);
            let diff: i32 = colours
                .iter()
                .map(|c| if *c == Colour::White { 1 } else { -1 })
                .sum();
            let three =
                colours.len() >= 3 && colours[colours.len() - 3..].iter().all(|c| *c == colour);
            assert!(
                diff.abs() <= 2 && !three,
                "{name}: {p:?} breaks an absolute colour rule"
            );
        }
    }
    for p in &round.byes {
        seen[p.0] += 1;
    }
    assert!(round.byes.len() <= 1, "{name}: more than one bye");
    for (i, player) in t.players.iter().enumerate() {
        let want = usize::from(player.active);
        assert_eq!(
            seen[i],
            want,
            "{name}: {:?} paired {} times",
            PlayerId(i),
            seen[i]
        );
    }
}

#[test]
fn dutch_pairings_match_py4swiss() {
    // `DUTCH_FIXTURE=path` checks another file made by `generate.py` (fresh cases).
    let other = std::env::var("DUTCH_FIXTURE").ok();
    let text = match &other {
        Some(path) => std::fs::read_to_string(path).expect("DUTCH_FIXTURE readable"),
        None => include_str!("fixtures/dutch_py4swiss.txt").to_string(),
    };
    let cases = cases(&text);
    assert!(
        other.is_some() || cases.len() >= 300,
        "only {} cases",
        cases.len()
    );
    let mut agree = 0usize;
    let mut differing = Vec::new();
    for case in &cases {
        let t = read_trf(&case.trf).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        let total_rounds = case
            .trf
            .lines()
            .find_map(|l| l.strip_prefix("XXR "))
            .and_then(|r| r.trim().parse().ok())
            .expect("fixture without XXR");
        let round = pair_swiss_with_total(&t.players, &t.history, total_rounds)
            .unwrap_or_else(|e| panic!("{}: no pairing: {e}", case.name));
        assert_legal(&case.name, &t, &round, total_rounds);
        let (ours, reference) = (shape(&round), reference_shape(&case.boards));
        // `DUTCH_WRITE_OURS=dir` keeps our boards (`white black`, `N 0` the bye), 1-based,
        // to compare with another program.
        if let Some(dir) = std::env::var_os("DUTCH_WRITE_OURS") {
            let mut lines: Vec<String> = ours
                .0
                .iter()
                .map(|(w, b)| format!("{} {}", w + 1, b + 1))
                .collect();
            lines.extend(ours.1.iter().map(|p| format!("{} 0", p + 1)));
            let path = std::path::Path::new(&dir).join(format!("{}.txt", case.name));
            std::fs::write(path, lines.join("\n") + "\n").expect("DUTCH_WRITE_OURS writable");
        }
        if ours == reference {
            agree += 1;
        } else {
            let unordered = |s: &BTreeSet<(usize, usize)>| -> BTreeSet<(usize, usize)> {
                s.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect()
            };
            let kind = if ours.1 != reference.1 {
                "bye"
            } else if unordered(&ours.0) == unordered(&reference.0) {
                "colours"
            } else {
                "pairs"
            };
            differing.push(format!(
                "{} ({kind})\n  ours: {:?} bye {:?}\n  ref:  {:?} bye {:?}",
                case.name, ours.0, ours.1, reference.0, reference.1
            ));
        }
    }
    let share = 100.0 * agree as f64 / cases.len() as f64;
    println!(
        "Dutch pairings identical to py4swiss in {agree} of {} rounds ({share:.1}%)",
        cases.len()
    );
    if std::env::var_os("SHOW_DIFFERING").is_some() {
        for name in &differing {
            println!("differs: {name}");
        }
    }
    assert!(
        share >= AGREEMENT_FLOOR,
        "agreement {share:.1}% below the floor {AGREEMENT_FLOOR}%"
    );
}
