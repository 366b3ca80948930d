//! Limits on what one player may start: heavy work (a replay GIF, an analysis) at most once
//! per [`HEAVY_COOLDOWN_MS`] per kind, at most [`MAX_COMPUTER_GAMES`] games against the
//! computer at once, and challenges (see [`ChallengeLimits`]). All of it is in the database,
//! so every bot process grants from the same allowance: a heavy start is one statement (see
//! [`storage::start_heavy_work`]), the games and challenges are counted in the transaction
//! that would add one. A refusal says how long to wait.

use super::{GameService, Result, UserError};
use crate::model::{Heavy, UserId};
use crate::storage::{self, Conn, Started};

/// How long a player waits between two replays, or two analyses.
pub const HEAVY_COOLDOWN_MS: i64 = 10_000;

/// How many games against the computer one player may have in progress.
pub const MAX_COMPUTER_GAMES: usize = 3;

/// How many challenges one player may make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChallengeLimits {
    /// How many may wait for an answer at once.
    pub waiting: usize,
    /// How many may be made in any `window_ms` (answered, cancelled or not).
    pub burst: usize,
    /// The window `burst` is counted over.
    pub window_ms: i64,
}

impl ChallengeLimits {
    /// Players' limits: 5 waiting, 10 in any 10 minutes. Enough for quick rematches, too few
    /// to flood a channel by cancelling and challenging again.
    pub const PLAYERS: ChallengeLimits = ChallengeLimits {
        waiting: 5,
        burst: 10,
        window_ms: 10 * 60 * 1000,
    };
    /// No limit, for tools that set up many games at once (imports, test scenarios).
    pub const NONE: ChallengeLimits = ChallengeLimits {
        waiting: usize::MAX,
        burst: usize::MAX,
        window_ms: 0,
    };
}

/// Lets `user` make a challenge at `now` within `limits`, counted in the caller's transaction.
///
/// # Errors
/// [`UserError::TooManyChallenges`]; [`UserError::CoolingDown`] with the seconds until the
/// oldest challenge of the window leaves it; internal errors.
pub(super) async fn may_challenge(
    conn: &mut Conn,
    user: UserId,
    now: i64,
    limits: ChallengeLimits,
) -> Result<()> {
    if limits == ChallengeLimits::NONE {
        return Ok(());
    }
    if storage::pending_challenge_count(conn, user).await? >= limits.waiting {
        return Err(UserError::TooManyChallenges {
            limit: limits.waiting,
        }
        .into());
    }
    let made = storage::challenge_times_since(conn, user, now - limits.window_ms).await?;
    if made.len() >= limits.burst {
        // Once the burst's first challenge leaves the window, there is room for one more (a
        // burst of none waits a whole window).
        let oldest = made.get(made.len() - limits.burst).copied().unwrap_or(now);
        let left = (oldest + limits.window_ms - now).max(1).unsigned_abs();
        return Err(UserError::CoolingDown {
            seconds: left.div_ceil(1000),
        }
        .into());
    }
    Ok(())
}

impl GameService {
    /// Lets `user` start `work` now, or refuses it as asked for too soon: one start per
    /// [`ServiceConfig::heavy_cooldown_ms`](super::ServiceConfig::heavy_cooldown_ms) per
    /// player and kind, across every process.
    ///
    /// # Errors
    /// [`UserError::CoolingDown`] with the seconds to wait (rounded up); internal errors.
    pub async fn start_heavy(&self, user: UserId, work: Heavy) -> Result<()> {
        let cooldown = self.config.heavy_cooldown_ms;
        let now = self.now_ms();
        let mut conn = self.db.write().await?;
        match storage::start_heavy_work(&mut conn, user, work, now, cooldown).await? {
            Started::Now => Ok(()),
            Started::CoolingDown { since_ms } => {
                let left = (since_ms + cooldown - now).max(1).unsigned_abs();
                Err(UserError::CoolingDown {
                    seconds: left.div_ceil(1000),
                }
                .into())
            }
        }
    }
}
