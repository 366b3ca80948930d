//! Every puzzle of the starter set the bot ships (`assets/puzzles.jsonl`) still holds when
//! checked by a search four times deeper than the one that found it: its solution is the
//! only winning line. Slow in a debug build, so ignored there; CI runs it in release:
//! `cargo test --release -p monkey-queen-core --test starter_puzzles -- --ignored`.

use monkey_queen_core::puzzle::{self, Config, Puzzle};

const STARTER_SET: &str = include_str!("../../assets/puzzles.jsonl");

fn starter_set() -> Vec<Puzzle> {
    STARTER_SET
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            value["puzzle"].as_str().unwrap().parse().unwrap()
        })
        .collect()
}

#[test]
fn the_starter_set_is_readable_and_has_no_repeats() {
    let set = starter_set();
    let mut positions: Vec<String> = set.iter().map(|p| p.position.to_text()).collect();
    positions.sort();
    positions.dedup();
    assert_eq!(positions.len(), set.len(), "a position is one puzzle");
    assert!(set.iter().all(|p| p.solution.len() % 2 == 1));
}

#[test]
#[ignore = "a deep search per puzzle: run in release"]
fn every_starter_puzzle_holds_under_a_search_four_times_deeper() {
    let deeper = Config::default().deeper(4);
    let failed: Vec<String> = starter_set()
        .iter()
        .filter_map(|p| {
            puzzle::verify(p, &deeper)
                .err()
                .map(|why| format!("{p}: {why}"))
        })
        .collect();
    assert!(
        failed.is_empty(),
        "{} fail:\n{}",
        failed.len(),
        failed.join("\n")
    );
}
