//! Standings: points, then tie-breaks, then rating.
//!
//! Tie-breaks are computed over the rounds in the history; games still pending count for
//! nothing. **Unplayed rounds** (a pairing-allocated bye, a forfeit won or lost, absence) follow
//! a simplified FIDE "virtual opponent" rule (C.07, 2023, art. 16): the player is taken to have
//! met an opponent with its **own final score**, and the round's points are what it actually
//! got (a bye or forfeit win 1, a forfeit loss or absence 0). Opponents' scores are their actual
//! final scores. For Buchholz Cut-1 the lowest single contribution is dropped.

use crate::dutch::check_ids;
use crate::error::PairingError;
use crate::model::{GameResult, History, Outcome, Player, PlayerId};

/// Which tie-breaks order players on equal points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TieBreaks {
    /// Round robin: Sonneborn–Berger.
    RoundRobin,
    /// Swiss: Buchholz Cut-1, then Buchholz, then Sonneborn–Berger.
    Swiss,
}

impl TieBreaks {
    /// The names of the tie-breaks in order, e.g. for a table header.
    #[must_use]
    pub const fn names(self) -> &'static [&'static str] {
        match self {
            TieBreaks::RoundRobin => &["SB"],
            TieBreaks::Swiss => &["BH-C1", "BH", "SB"],
        }
    }
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// 1-based place; players are never given equal places (rating, then id, decide last).
    pub rank: usize,
    /// The player.
    pub player: PlayerId,
    /// Points (a win or bye 1, a draw ½).
    pub points: f64,
    /// The tie-break values, in the order of [`TieBreaks::names`].
    pub tie_breaks: Vec<f64>,
}

/// The standings of all players (withdrawn ones included), best first.
///
/// # Errors
/// [`PairingError::BadPlayerId`] or [`PairingError::UnknownPlayer`] if the players and the
/// history disagree.
pub fn standings(
    players: &[Player],
    history: &History,
    system: TieBreaks,
) -> Result<Vec<Standing>, PairingError> {
    check_ids(players, history)?;
    let n = players.len();
    // Everything in quarter points, so that sums and products stay exact.
    let points: Vec<u64> = history
        .records(n)
        .iter()
        .map(|r| u64::from(r.score) * 2)
        .collect();
    let mut rows: Vec<(usize, u64, Vec<u64>)> = (0..n)
        .map(|p| {
            let mut contributions = Vec::new(); // opponent score per round, quarter points
            let mut sb = 0u64; // quarter points × result fraction
            for round in 0..history.len() {
                let outcome = history.outcome(round, PlayerId(p));
                let (opp_score, got) = match outcome {
                    Outcome::Game {
                        result: GameResult::Pending,
                        ..
                    } => continue,
                    Outcome::Game {
                        opponent,
                        result,
                        colour,
                    } if result.was_played() => (points[opponent.0], result.half_points(colour)),
                    other => (points[p], other.half_points()),
                };
                contributions.push(opp_score);
                sb += opp_score * u64::from(got) / 2;
            }
            let bh: u64 = contributions.iter().sum();
            let cut1 = bh - contributions.iter().min().copied().unwrap_or(0);
            let tbs = match system {
                TieBreaks::RoundRobin => vec![sb],
                TieBreaks::Swiss => vec![cut1, bh, sb],
            };
            (p, points[p], tbs)
        })
        .collect();
    rows.sort_by(|a, b| {
        b.1.cmp(&a.1)
            .then_with(|| b.2.cmp(&a.2))
            .then_with(|| players[b.0].rating.total_cmp(&players[a.0].rating))
            .then(a.0.cmp(&b.0))
    });
    Ok(rows
        .into_iter()
        .enumerate()
        .map(|(i, (p, pts, tbs))| Standing {
            rank: i + 1,
            player: PlayerId(p),
            points: pts as f64 / 4.0,
            tie_breaks: tbs.into_iter().map(|t| t as f64 / 4.0).collect(),
        })
        .collect())
}
