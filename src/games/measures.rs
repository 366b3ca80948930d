//! The services' counters, named in one place (Prometheus's conventions: `_total` for counts).
//! They count nothing until the application installs a recorder (see `crate::app`).

use crate::model::EndReason;

/// A move was stored (`monkey_queen_moves_total`), a player's or the computer's.
pub(super) fn move_played() {
    metrics::counter!("monkey_queen_moves_total").increment(1);
}

/// A game started (`monkey_queen_games_started_total{by}`): `by` a challenge accepted, a
/// game against the computer, or a tournament's pairing.
pub(super) fn game_started(by: &'static str) {
    metrics::counter!("monkey_queen_games_started_total", "by" => by).increment(1);
}

/// A game ended with a result, counted as its transaction writes it
/// (`monkey_queen_games_finished_total{reason}`).
pub(super) fn game_finished(reason: EndReason) {
    metrics::counter!("monkey_queen_games_finished_total", "reason" => reason.as_str())
        .increment(1);
}

/// A game was called off with no result (`monkey_queen_games_finished_total{reason="aborted"}`).
pub(super) fn game_called_off() {
    metrics::counter!("monkey_queen_games_finished_total", "reason" => "aborted").increment(1);
}

/// A finished game was searched for puzzles (`monkey_queen_puzzle_searches_total`) and
/// `count` new ones found in it stored (`monkey_queen_puzzles_mined_total`).
pub(super) fn game_mined(count: u64) {
    metrics::counter!("monkey_queen_puzzle_searches_total").increment(1);
    metrics::counter!("monkey_queen_puzzles_mined_total").increment(count);
}
