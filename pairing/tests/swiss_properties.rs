//! Properties of Swiss pairing over random tournaments (seeded, so failures reproduce):
//! 2–200 players, 1–11 rounds, random results with draws and forfeits, and withdrawals.

mod common;

use std::collections::HashSet;

use common::{allows, met, perfectly_pairable, play, random_players, rng};
use monkey_queen_pairing::{Colour, History, PairingError, PlayerId, pair_swiss};
use rand::Rng;

/// Largest number of active players for which a failure to pair (or a second bye) is checked
/// by exhaustive search rather than rejected outright.
const SEARCHABLE: usize = 20;

/// Plays one random tournament and checks every round.
fn tournament(seed: u64, n: usize, rounds: usize) {
    let mut rng = rng(seed);
    let mut players = random_players(&mut rng, n);
    let mut history = History::new();
    for r in 0..rounds {
        // Now and then a player withdraws.
        if r > 0 && rng.random_bool(0.2) {
            let i = rng.random_range(0..n);
            players[i].active = false;
        }
        let active: Vec<PlayerId> = players.iter().filter(|p| p.active).map(|p| p.id).collect();
        if active.len() < 2 {
            return;
        }
        let result = pair_swiss(&players, &history, Colour::White);
        // Deterministic: the same inputs give the same pairing.
        assert_eq!(
            result,
            pair_swiss(&players, &history, Colour::White),
            "seed {seed} round {r}"
        );
        let mut round = match result {
            Ok(round) => round,
            Err(PairingError::NoPairing) => {
                // Allowed only if there really is no pairing without a repeat or a colour breach.
                assert!(
                    active.len() <= SEARCHABLE,
                    "seed {seed} round {r}: NoPairing for {} players",
                    active.len()
                );
                let pairable = if active.len().is_multiple_of(2) {
                    perfectly_pairable(&history, &active)
                } else {
                    (0..active.len()).any(|b| {
                        let mut rest = active.clone();
                        rest.remove(b);
                        perfectly_pairable(&history, &rest)
                    })
                };
                assert!(!pairable, "seed {seed} round {r}: NoPairing but one exists");
                return;
            }
            Err(e) => panic!("seed {seed} round {r}: {e}"),
        };

        // Every active player is paired once or has the bye; nobody else appears.
        let mut seen = HashSet::new();
        for g in &round.games {
            assert!(
                seen.insert(g.white) && seen.insert(g.black),
                "seed {seed} round {r}"
            );
        }
        for b in &round.byes {
            assert!(seen.insert(*b), "seed {seed} round {r}");
        }
        let expected: HashSet<PlayerId> = active.iter().copied().collect();
        assert_eq!(seen, expected, "seed {seed} round {r}");
        assert_eq!(round.byes.len(), active.len() % 2, "seed {seed} round {r}");

        for g in &round.games {
            // No repeat opponents (a pairing was found, so they were avoidable).
            assert!(
                !met(&history, g.white, g.black),
                "seed {seed} round {r}: repeat {g:?}"
            );
            // No three of a colour in a row, no colour difference beyond 2.
            assert!(
                allows(&history, g.white, Colour::White),
                "seed {seed} round {r}: {g:?}"
            );
            assert!(
                allows(&history, g.black, Colour::Black),
                "seed {seed} round {r}: {g:?}"
            );
        }

        // Nobody gets a second bye while someone without one could take it.
        if let Some(&b) = round.byes.first() {
            let had = |p: PlayerId| {
                history.rounds.iter().any(|rd| {
                    rd.byes.contains(&p)
                        || rd.games.iter().any(|g| {
                            g.result.is_forfeit()
                                && g.result
                                    .half_points(g.colour_of(p).unwrap_or(Colour::White))
                                    == 2
                                && g.colour_of(p).is_some()
                        })
                })
            };
            if had(b) {
                let fresh: Vec<PlayerId> = active.iter().copied().filter(|&p| !had(p)).collect();
                if !fresh.is_empty() {
                    assert!(
                        active.len() <= SEARCHABLE + 1,
                        "seed {seed} round {r}: second bye to {b} with {} fresh players",
                        fresh.len()
                    );
                    for q in fresh {
                        let rest: Vec<PlayerId> =
                            active.iter().copied().filter(|&p| p != q).collect();
                        assert!(
                            !perfectly_pairable(&history, &rest),
                            "seed {seed} round {r}: {q} could have had the bye instead of {b}"
                        );
                    }
                }
            }
        }

        play(&mut rng, &mut round);
        history.rounds.push(round);
    }
}

#[test]
fn small_tournaments_hold_the_properties() {
    for seed in 0..300 {
        let mut r = rng(seed ^ 0x5eed);
        let n = r.random_range(2..=16);
        let rounds = r.random_range(1..=11);
        tournament(seed, n, rounds);
    }
}

#[test]
fn medium_tournaments_hold_the_properties() {
    for seed in 0..30 {
        let mut r = rng(seed ^ 0xabcd);
        let n = r.random_range(17..=60);
        let rounds = r.random_range(1..=11);
        tournament(1000 + seed, n, rounds);
    }
}

#[test]
fn large_tournaments_hold_the_properties() {
    for (seed, n, rounds) in [(7, 200, 5), (8, 199, 4), (9, 121, 11)] {
        tournament(2000 + seed, n, rounds);
    }
}
