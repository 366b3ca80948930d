//! Our Dutch pairings against reference pairings: `bbpPairings` (FIDE-endorsed, the program
//! ported, the standard ours follows) and `py4swiss` (tested by its authors against
//! `bbpPairings`). The fixtures and their provenance are in `tests/fixtures/`;
//! `tests/fixtures/generate.py` says how they were made.
//!
//! For every case: our pairing is legal (every active player paired once or given the only
//! bye, no repeated game, no absolute colour rule broken outside the topscorers' exception of
//! the last round), where ours differs from the reference it is no worse by the quality
//! criteria taken in order ([`quality`]), and the share of rounds where ours gives exactly
//! the reference's pairs, colours and bye is at least the file's floor (see
//! `docs/pairing.md` for the figures).

use std::collections::BTreeSet;

use monkey_queen_pairing::{
    Colour, Game, Outcome, PlayerId, Round, Tournament, pair_swiss_with_total, read_trf,
};

/// The lowest share of rounds (in percent) that must agree exactly with `bbpPairings` (315 of
/// 315 today).
const BBP_AGREEMENT_FLOOR: f64 = 99.0;

/// The lowest share of rounds (in percent) that must agree exactly with `py4swiss`, which
/// reads A.4.b otherwise than `bbpPairings` after forfeits and absences and chooses the bye
/// otherwise (306 of 315 today; `docs/pairing.md`).
const PY4SWISS_AGREEMENT_FLOOR: f64 = 97.0;

/// The checked-in `bbpPairings` fixtures; `DUTCH_FIXTURE=path` checks another file made by
/// `generate.py` (fresh cases) against the same floor instead.
#[test]
fn dutch_pairings_match_bbppairings() {
    match std::env::var("DUTCH_FIXTURE") {
        Ok(path) => check(
            &path,
            &std::fs::read_to_string(&path).expect("DUTCH_FIXTURE readable"),
            1,
            BBP_AGREEMENT_FLOOR,
        ),
        Err(_) => check(
            "bbpPairings",
            include_str!("fixtures/dutch_bbppairings.txt"),
            300,
            BBP_AGREEMENT_FLOOR,
        ),
    }
}

/// `bbpPairings` with the initial colour drawn Black (`XXC black1` in every case: pairing
/// number 1 has Black in round 1, and two players without a game played yet meeting later,
/// as in `t003_n25_r2of7`, get colours by it too). Ours must agree in every round.
#[test]
fn dutch_pairings_match_bbppairings_with_black1() {
    let text = include_str!("fixtures/dutch_bbppairings_black1.txt");
    let cases = cases(text);
    assert!(
        cases
            .iter()
            .all(|c| c.trf.lines().any(|l| l == "XXC black1")),
        "every case draws Black"
    );
    check("bbpPairings (black1)", text, 70, 100.0);
}

#[test]
fn dutch_pairings_match_py4swiss() {
    check(
        "py4swiss",
        include_str!("fixtures/dutch_py4swiss.txt"),
        300,
        PY4SWISS_AGREEMENT_FLOOR,
    );
}

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

/// Checks every case of the fixture `text` (made by `reference`): at least `min_cases`, all
/// legal, none worse by [`quality`] where ours differs, and at least `floor` percent
/// identical.
fn check(reference: &str, text: &str, min_cases: usize, floor: f64) {
    let cases = cases(text);
    assert!(cases.len() >= min_cases, "only {} cases", cases.len());
    let mut agree = 0usize;
    let mut differing = Vec::new();
    let mut worse = Vec::new();
    for case in &cases {
        let t = read_trf(&case.trf).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        let total_rounds = case
            .trf
            .lines()
            .find_map(|l| l.strip_prefix("XXR "))
            .and_then(|r| r.trim().parse().ok())
            .expect("fixture without XXR");
        // The initial colour of the fixture's `XXC` line; without one, White (what
        // `compare_bbp.for_bbp` gives `bbpPairings`, and `py4swiss`'s default).
        let initial = t.initial_colour.unwrap_or(Colour::White);
        let round = pair_swiss_with_total(&t.players, &t.history, total_rounds, initial)
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
            let (q_ours, q_ref) = (
                quality(&t, &round),
                quality(&t, &reference_round(&case.boards)),
            );
            if q_ours > q_ref {
                worse.push(format!(
                    "{}\n  ours: {q_ours:?}\n  ref:  {q_ref:?}",
                    case.name
                ));
            }
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
        "Dutch pairings identical to {reference} in {agree} of {} rounds ({share:.1}%)",
        cases.len()
    );
    if std::env::var_os("SHOW_DIFFERING").is_some() {
        for name in &differing {
            println!("differs: {name}");
        }
    }
    assert!(
        worse.is_empty(),
        "ours worse than the reference by the criteria in order in {} rounds:\n{}",
        worse.len(),
        worse.join("\n")
    );
    assert!(
        share >= floor,
        "agreement with {reference} {share:.1}% below the floor {floor}%"
    );
}

/// The float a player received in a round (A.4).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Float {
    Down,
    Up,
    None,
}

/// The quality of `round` by the criteria of C.04.3 in the order the Dutch system applies
/// them as `bbpPairings` does: first the bye's score, lowest first (it is fixed before any
/// bracket: the lowest score whose player can take the bye with the rest of the round paired,
/// C.4); then bracket by bracket from the top (a pair belongs to the bracket of its lower
/// score, the bye to the last),
/// for each bracket C.5 (most pairs), C.6 (highest scores paired), C.7 (the same in the next
/// bracket), the bye's receiver with the most games played (as `bbpPairings` weighs it),
/// C.8–C.11 (colours: the
/// topscorers' colour difference beyond ±2, the same colour three times running, preferences
/// not met, strong preferences not met), C.12–C.15 (repeated downfloats and upfloats of the
/// last round and of the one before), C.16–C.19 (the score differences of those repeated
/// floats).
/// The absolute criteria (C.1–C.4) are checked by [`assert_legal`]. Lower is better,
/// compared in order.
fn quality(t: &Tournament, round: &Round) -> Vec<i64> {
    let n = t.players.len();
    let records = t.history.records(n);
    let score = |p: usize| i64::from(records[p].score);
    // Floats of the last round and of the one before.
    let mut running = vec![0i64; n];
    let mut floats = vec![[Float::None, Float::None]; n];
    for r in 0..t.history.len() {
        // An unplayed round is a downfloat if it scored more than a loss (A.4.b as
        // `bbpPairings` reads it).
        let mut this = vec![Float::None; n];
        for (p, f) in this.iter_mut().enumerate() {
            let outcome = t.history.outcome(r, PlayerId(p));
            if outcome.half_points() > 0 {
                *f = Float::Down;
            }
            if let Outcome::Game {
                opponent, result, ..
            } = outcome
                && result.was_played()
            {
                *f = match running[p].cmp(&running[opponent.0]) {
                    std::cmp::Ordering::Greater => Float::Down,
                    std::cmp::Ordering::Less => Float::Up,
                    std::cmp::Ordering::Equal => Float::None,
                };
            }
        }
        for (p, s) in running.iter_mut().enumerate() {
            *s += i64::from(t.history.outcome(r, PlayerId(p)).half_points());
        }
        for (p, f) in this.into_iter().enumerate() {
            floats[p] = [f, floats[p][0]];
        }
    }
    // Colour preference (A.6): (colour, strong or absolute) or none.
    let preference = |p: usize| -> Option<(Colour, bool)> {
        let c = &records[p].colours;
        let last = *c.last()?;
        let diff: i32 = c
            .iter()
            .map(|x| if *x == Colour::White { 1 } else { -1 })
            .sum();
        let other = |x: Colour| {
            if x == Colour::White {
                Colour::Black
            } else {
                Colour::White
            }
        };
        let repeated = c.len() >= 2 && c[c.len() - 2] == last;
        Some(if diff > 0 || (diff == 0 && last == Colour::White) {
            (Colour::Black, diff != 0 || repeated)
        } else if diff < 0 {
            (Colour::White, true)
        } else {
            (other(last), repeated)
        })
    };
    let mut scores: Vec<i64> = (0..n).filter(|&p| t.players[p].active).map(score).collect();
    scores.sort_unstable_by(|a, b| b.cmp(a));
    scores.dedup();
    // Per bracket: C.5, C.6, the bye's games played, C.8–C.11, C.12–C.15, C.16–C.19.
    let mut brackets: Vec<[i64; 15]> = Vec::new();
    for &s in &scores {
        let mut v = [0i64; 15];
        for g in round.games.iter() {
            let (w, b) = (g.white.0, g.black.0);
            if score(w).min(score(b)) != s {
                continue;
            }
            v[0] -= 1;
            v[1] -= score(w).max(score(b));
            for (p, colour) in [(w, Colour::White), (b, Colour::Black)] {
                let mut c = records[p].colours.clone();
                c.push(colour);
                let diff: i32 = c
                    .iter()
                    .map(|x| if *x == Colour::White { 1 } else { -1 })
                    .sum();
                v[3] += i64::from(diff.abs() > 2);
                v[4] += i64::from(c.len() >= 3 && c[c.len() - 3..].iter().all(|x| *x == colour));
                if let Some((want, strong)) = preference(p) {
                    v[5] += i64::from(want != colour);
                    v[6] += i64::from(strong && want != colour);
                }
            }
            let (hi, lo) = if score(w) >= score(b) { (w, b) } else { (b, w) };
            if score(hi) > score(lo) {
                for back in 0..2 {
                    let down = floats[hi][back] == Float::Down;
                    let up = floats[lo][back] == Float::Up;
                    v[7 + 2 * back] += i64::from(down);
                    v[8 + 2 * back] += i64::from(up);
                    let gap = score(hi) - score(lo);
                    v[11 + 2 * back] += if down { gap } else { 0 };
                    v[12 + 2 * back] += if up { gap } else { 0 };
                }
            }
        }
        // The bye is of the last bracket, whatever its receiver's score.
        for &p in &round.byes {
            if Some(&s) == scores.last() {
                v[2] = -(records[p.0].colours.len() as i64);
                for back in 0..2 {
                    v[7 + 2 * back] += i64::from(floats[p.0][back] == Float::Down);
                }
            }
        }
        brackets.push(v);
    }
    let mut out: Vec<i64> = round.byes.iter().map(|p| score(p.0)).collect();
    // C.7 (the pairs and scores of the next bracket) comes right after C.5–C.6.
    for (i, v) in brackets.iter().enumerate() {
        let next = brackets.get(i + 1).map_or([0, 0], |w| [w[0], w[1]]);
        out.extend([v[0], v[1], next[0], next[1]]);
        out.extend(&v[2..]);
    }
    out
}

/// The reference's boards as a round.
fn reference_round(boards: &[(usize, usize)]) -> Round {
    Round {
        games: boards
            .iter()
            .filter(|b| b.1 != 0)
            .map(|&(w, b)| Game::pending(PlayerId(w - 1), PlayerId(b - 1)))
            .collect(),
        byes: boards
            .iter()
            .filter(|b| b.1 == 0)
            .map(|b| PlayerId(b.0 - 1))
            .collect(),
    }
}
