//! Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2022 revision).
//!
//! Every rated game is its own rating period: when it finishes, both players are updated
//! against each other, in the same transaction that records the result.

use std::f64::consts::PI;

/// The factor between the Glicko scale (1500 ± 350) and the Glicko-2 scale (0 ± 2.01).
const SCALE: f64 = 173.7178;
/// The system constant τ: how much the volatility may change. Glickman suggests 0.3 to 1.2.
pub const TAU: f64 = 0.5;
/// Convergence tolerance of the volatility iteration.
const EPSILON: f64 = 0.000_001;

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

    /// The rating after one period with these results: each opponent's rating before the
    /// period and the score against them (1 win, 0 loss). No results: only the deviation
    /// grows (Glickman's step 6 alone).
    #[must_use]
    pub fn update(self, results: &[(Rating, f64)], tau: f64) -> Rating {
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        if results.is_empty() {
            let grown = (phi * phi + sigma * sigma).sqrt();
            return Rating {
                deviation: (grown * SCALE).min(Self::NEWCOMER.deviation),
                ..self
            };
        }
        // Steps 3 and 4: estimated variance v and improvement Δ.
        let mut inverse_v = 0.0;
        let mut sum = 0.0;
        for (opponent, score) in results {
            let mu_j = (opponent.rating - 1500.0) / SCALE;
            let g = g(opponent.deviation / SCALE);
            let e = 1.0 / (1.0 + (-g * (mu - mu_j)).exp());
            inverse_v += g * g * e * (1.0 - e);
            sum += g * (score - e);
        }
        let v = 1.0 / inverse_v;
        let delta = v * sum;
        // Step 5: the new volatility.
        let sigma = new_volatility(phi, sigma, v, delta, tau);
        // Steps 6 and 7: the new deviation and rating.
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu = mu + phi * phi * sum;
        Rating {
            rating: mu * SCALE + 1500.0,
            deviation: (phi * SCALE).min(Self::NEWCOMER.deviation),
            volatility: sigma,
        }
    }
}

/// Both players' ratings after one game, winner first.
#[must_use]
pub fn rate_game(winner: Rating, loser: Rating) -> (Rating, Rating) {
    (
        winner.update(&[(loser, 1.0)], TAU),
        loser.update(&[(winner, 0.0)], TAU),
    )
}

/// Glickman's g(φ): how much an opponent's uncertainty damps the result.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

/// Step 5: the Illinois algorithm for the new volatility.
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let denom = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * denom * denom) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    while (big_b - big_a).abs() > EPSILON {
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(big_c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    /// Glickman's worked example: 1500/200/0.06 plays 1400/30 (win), 1550/100 (loss) and
    /// 1700/300 (loss) with τ = 0.5, and ends at 1464.06/151.52/0.05999.
    #[test]
    fn glickman_worked_example() {
        let player = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opponent = |rating, deviation| Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let after = player.update(
            &[
                (opponent(1400.0, 30.0), 1.0),
                (opponent(1550.0, 100.0), 0.0),
                (opponent(1700.0, 300.0), 0.0),
            ],
            0.5,
        );
        assert!(close(after.rating, 1464.06, 0.01), "{after:?}");
        assert!(close(after.deviation, 151.52, 0.01), "{after:?}");
        assert!(close(after.volatility, 0.05999, 0.00001), "{after:?}");
    }

    /// Two newcomers: the winner gains exactly what the loser loses, and both become surer.
    #[test]
    fn newcomers_game_is_symmetric() {
        let (winner, loser) = rate_game(Rating::NEWCOMER, Rating::NEWCOMER);
        assert!(close(winner.rating - 1500.0, 1500.0 - loser.rating, 1e-9));
        // Worked by hand from steps 3–7: g(φ) = 0.6690, E = 0.5, v = 1/(g²/4), Δ = v·g/2,
        // φ' = 1.6712 → deviation 290.3, μ' = φ'²·g/2 → rating 1662.3.
        assert!(close(winner.rating, 1662.31, 0.05), "{winner:?}");
        assert!(close(winner.deviation, 290.32, 0.05), "{winner:?}");
        assert!(winner.deviation < 350.0 && loser.deviation < 350.0);
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

    /// A period without games only widens the deviation, never past a newcomer's.
    #[test]
    fn idle_period_widens_deviation() {
        let player = Rating {
            rating: 1700.0,
            deviation: 50.0,
            volatility: 0.06,
        };
        let after = player.update(&[], TAU);
        assert_eq!(after.rating, 1700.0);
        assert!(after.deviation > 50.0 && after.deviation < 52.0);
        assert_eq!(Rating::NEWCOMER.update(&[], TAU).deviation, 350.0);
    }
}
