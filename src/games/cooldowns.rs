//! Limits on what one player may start: heavy work (a replay GIF, an analysis) at most once
//! per [`HEAVY_COOLDOWN_MS`] per kind, at most [`MAX_COMPUTER_GAMES`] games against the
//! computer at once, and challenges (see [`ChallengeLimits`]). The heavy work's times are kept
//! in memory (a restart forgets them, which is harmless); the games and challenges are counted
//! in the database, in the transaction that would add one. A refusal says how long to wait.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::{GameService, Result, UserError};
use crate::model::UserId;
use crate::storage::{self, Conn};

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

/// Work that takes a core for a while.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Heavy {
    /// An animated replay.
    Replay,
    /// The engine's analysis of a game.
    Analysis,
}

/// When each player last started each kind of heavy work.
#[derive(Debug, Clone, Default)]
pub(super) struct Cooldowns(Arc<Mutex<HashMap<(UserId, Heavy), i64>>>);

impl Cooldowns {
    /// Starts `work` for `user` at `now_ms`, unless they started it less than `cooldown_ms`
    /// ago; then the seconds left (rounded up).
    fn start(&self, user: UserId, work: Heavy, now_ms: i64, cooldown_ms: i64) -> Option<u64> {
        let mut started = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(&last) = started.get(&(user, work)) {
            let left = (last + cooldown_ms - now_ms).unsigned_abs();
            if last + cooldown_ms > now_ms {
                return Some(left.div_ceil(1000));
            }
        }
        started.insert((user, work), now_ms);
        // Forget what no longer holds anyone back, so the map stays as small as the activity.
        started.retain(|_, last| now_ms - *last < cooldown_ms);
        None
    }
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
    /// Lets `user` start `work` now, or refuses it as asked for too soon.
    ///
    /// # Errors
    /// [`UserError::CoolingDown`] with the seconds to wait.
    pub fn start_heavy(&self, user: UserId, work: Heavy) -> Result<()> {
        let cooldown = self.config.heavy_cooldown_ms;
        match self.cooldowns.start(user, work, self.now_ms(), cooldown) {
            Some(seconds) => Err(UserError::CoolingDown { seconds }.into()),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heavy_work_waits_its_cooldown_per_player_and_kind() {
        let cooldowns = Cooldowns::default();
        let (alice, bob) = (UserId(1), UserId(2));
        assert_eq!(cooldowns.start(alice, Heavy::Replay, 0, 10_000), None);
        assert_eq!(cooldowns.start(alice, Heavy::Replay, 1, 10_000), Some(10));
        assert_eq!(
            cooldowns.start(alice, Heavy::Replay, 9_001, 10_000),
            Some(1)
        );
        assert_eq!(cooldowns.start(alice, Heavy::Analysis, 1, 10_000), None);
        assert_eq!(cooldowns.start(bob, Heavy::Replay, 1, 10_000), None);
        assert_eq!(cooldowns.start(alice, Heavy::Replay, 10_000, 10_000), None);
    }
}
