//! Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system"), computed by the
//! `skillratings` crate.
//!
//! A rated game updates both players at once, in the transaction that records its result. Time
//! counts as Glicko-2 means it to: a player's deviation grows by one rating period
//! ([`RATING_PERIOD_MS`], a day) for every period without a rated game, so a player back from a
//! long absence is rated as less certain, moves faster, and is [provisional](Rating::is_provisional)
//! again until they have played enough.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, decay_deviation, glicko2};

/// One rating period: a day. Idle for about four months, an established player (deviation
/// about 90) becomes provisional again.
pub const RATING_PERIOD_MS: i64 = 24 * 60 * 60 * 1000;

/// The deviation above which a rating is provisional: about eight rated games for a newcomer.
/// Provisional players are left off the leaderboard, and `/stats` says so.
pub const PROVISIONAL_DEVIATION: f64 = 150.0;

/// The factor between the Glicko scale (1500 ± 350) and the Glicko-2 scale (0 ± 2.01).
pub const GLICKO2_SCALE: f64 = 173.7178;

/// The system constant τ: how much the volatility may change. Glickman suggests 0.3 to 1.2.
const CONFIG: Glicko2Config = Glicko2Config {
    tau: 0.5,
    convergence_tolerance: 0.000_001,
};

/// One player's rating on the Glicko scale.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// The rating itself; 1500 for a newcomer.
    pub rating: f64,
    /// The rating deviation (uncertainty); 350 for a newcomer.
    pub deviation: f64,
    /// The volatility σ; 0.06 for a newcomer.
    pub volatility: f64,
}

impl Rating {
    /// A player who has not played a rated game yet.
    pub const NEWCOMER: Rating = Rating {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
    };

    /// The rating as it stands at `now_ms` when it was last updated at `rated_ms`: the deviation
    /// grown by each whole rating period in between (Glickman's step 6 alone), never past a
    /// newcomer's.
    #[must_use]
    pub fn at(self, rated_ms: i64, now_ms: i64) -> Rating {
        let periods = (now_ms - rated_ms).max(0) / RATING_PERIOD_MS;
        let mut rating = Glicko2Rating::from(self);
        for _ in 0..periods {
            if rating.deviation >= Self::NEWCOMER.deviation {
                break;
            }
            rating = decay_deviation(&rating);
        }
        rating.into()
    }

    /// Whether the rating is still too uncertain to rank (see [`PROVISIONAL_DEVIATION`]).
    #[must_use]
    pub fn is_provisional(self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// The rating after one game against `opponent` (as rated before it), won or lost.
    #[must_use]
    pub fn after_game(self, opponent: Rating, won: bool) -> Rating {
        let outcome = if won { Outcomes::WIN } else { Outcomes::LOSS };
        let (after, _) = glicko2(&self.into(), &opponent.into(), &outcome, &CONFIG);
        after.into()
    }
}

impl From<Rating> for Glicko2Rating {
    fn from(r: Rating) -> Glicko2Rating {
        Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl From<Glicko2Rating> for Rating {
    fn from(r: Glicko2Rating) -> Rating {
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

/// Both players' ratings after one game, winner first.
#[must_use]
pub fn rate_game(winner: Rating, loser: Rating) -> (Rating, Rating) {
    let (w, l) = glicko2(&winner.into(), &loser.into(), &Outcomes::WIN, &CONFIG);
    (w.into(), l.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    /// Two newcomers: the winner gains exactly what the loser loses, and both become surer.
    #[test]
    fn newcomers_game_is_symmetric() {
        let (winner, loser) = rate_game(Rating::NEWCOMER, Rating::NEWCOMER);
        assert!(close(winner.rating - 1500.0, 1500.0 - loser.rating, 1e-9));
        // Worked by hand from Glickman's steps 3–7: g(φ) = 0.6690, E = 0.5, v = 1/(g²/4),
        // Δ = v·g/2, φ' = 1.6712 → deviation 290.3, μ' = φ'²·g/2 → rating 1662.3.
        assert!(close(winner.rating, 1662.31, 0.05), "{winner:?}");
        assert!(close(winner.deviation, 290.32, 0.05), "{winner:?}");
        assert!(winner.deviation < 350.0 && loser.deviation < 350.0);
        assert_eq!(Rating::NEWCOMER.after_game(Rating::NEWCOMER, true), winner);
        assert_eq!(Rating::NEWCOMER.after_game(Rating::NEWCOMER, false), loser);
    }

    /// Beating a much weaker, well-known player gains little; losing to them costs a lot.
    #[test]
    fn upset_moves_more_than_expected_result() {
        let strong = Rating {
            rating: 1900.0,
            deviation: 60.0,
            volatility: 0.06,
        };
        let weak = Rating {
            rating: 1300.0,
            deviation: 60.0,
            volatility: 0.06,
        };
        let (expected_winner, _) = rate_game(strong, weak);
        let (upset_winner, upset_loser) = rate_game(weak, strong);
        assert!(expected_winner.rating - strong.rating < 5.0);
        assert!(upset_winner.rating - weak.rating > 20.0);
        assert!(strong.rating - upset_loser.rating > 20.0);
    }

    /// Idle days widen the deviation, one period a day, never past a newcomer's; the rating
    /// itself stays.
    #[test]
    fn idle_periods_widen_the_deviation() {
        let player = Rating {
            rating: 1700.0,
            deviation: 50.0,
            volatility: 0.06,
        };
        assert_eq!(
            player.at(0, RATING_PERIOD_MS - 1),
            player,
            "not a whole period"
        );
        let day = player.at(0, RATING_PERIOD_MS);
        // √(50² + (0.06 · 173.7178)²)
        assert!(close(day.deviation, 51.07, 0.01), "{day:?}");
        assert_eq!(day.rating, 1700.0);
        let months = player.at(0, 120 * RATING_PERIOD_MS);
        assert!(close(months.deviation, 124.65, 0.01), "{months:?}");
        assert_eq!(player.at(0, 100_000 * RATING_PERIOD_MS).deviation, 350.0);
        assert_eq!(
            player.at(5, 0),
            player,
            "a clock that went back changes nothing"
        );
    }

    /// About eight rated games between newcomers make a rating established; four idle months
    /// make it provisional again.
    #[test]
    fn a_rating_is_provisional_until_about_eight_games_and_again_after_months_away() {
        let (mut a, mut b) = (Rating::NEWCOMER, Rating::NEWCOMER);
        let mut games = 0;
        while a.is_provisional() {
            let won = games % 2 == 0;
            (a, b) = (a.after_game(b, won), b.after_game(a, !won));
            games += 1;
        }
        assert_eq!(games, 8);
        for _ in 0..12 {
            (a, b) = (a.after_game(b, true), b.after_game(a, false));
        }
        assert!(!a.at(0, 90 * RATING_PERIOD_MS).is_provisional());
        assert!(a.at(0, 150 * RATING_PERIOD_MS).is_provisional());
    }
}
