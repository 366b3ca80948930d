//! What the conductor of a run shares with the players: the fake Discord, whether each shard's
//! bot process is up (no interaction is sent to a dead one), the phase of the run for each
//! shard's pairs, the HTTP workers killed, and the database for resynchronising after a kill
//! or a restart.

use std::collections::HashSet;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use monkey_queen::games::{GameId, GameService};
use serde_json::Value;
use tokio::sync::{mpsc, watch};

use crate::ids;
use crate::support::fake_discord::FakeDiscord;

/// Where the run is.
#[derive(Debug, Clone)]
pub enum Phase {
    /// Play.
    Running,
    /// Send nothing new; wait for the answers still owed, then report.
    Stopping,
    /// The bot is being killed or restarted: stop waiting, send nothing.
    Down,
    /// The bot is down: read your game back from the database, say so, and wait.
    Resync(Arc<Victims>),
}

/// Games whose clock was moved while the bot was down (10 minutes can't pass in a run).
#[derive(Debug, Default)]
pub struct Victims {
    /// Their deadline passed while the bot was down: the restarted bot must post one loss
    /// on time for each.
    pub timeouts: HashSet<GameId>,
    /// Their reminder fell due while the bot was down: one reminder each.
    pub reminders: HashSet<GameId>,
}

/// Shared by the conductor and every pair of players.
pub struct Shared {
    /// The fake Discord.
    pub fake: FakeDiscord,
    /// Whether each shard's process is up; pushes hold the read lock, the conductor takes the
    /// write lock before a kill or a restart.
    pub alive: Vec<RwLock<bool>>,
    /// The phase of each shard's pairs, set by the conductor.
    pub phases: Vec<watch::Receiver<Phase>>,
    /// A service on the bot's database, to read games back after a kill.
    pub service: GameService,
    /// Each pair says here when it has read its game back after a kill.
    pub resynced: mpsc::UnboundedSender<usize>,
    /// How long a player thinks before a move, on average (zero: moves at once).
    pub think: Duration,
    /// Whether each pair plays in a server of its own (so the shards share the work), not
    /// all in the test server.
    pub spread: bool,
    /// How long a player waits for any one answer before calling it lost.
    pub wait: Duration,
    /// The endpoints of the HTTP workers killed so far: an interaction one of them held fails
    /// for its player, who reads the game back.
    pub killed: watch::Receiver<Vec<String>>,
    /// In an outage run, whether the database is up (the pairs trace every interaction, and
    /// one told to try again waits for the database to be back); `None` in other runs.
    pub database: Option<watch::Receiver<bool>>,
}

impl Shared {
    /// Sends an interaction to `shard` if its process is up; `None` if it is down.
    pub fn push(&self, shard: usize, payload: Value) -> Option<Instant> {
        let alive = self.alive[shard].read().unwrap();
        (*alive).then(|| self.fake.push_interaction(payload))
    }

    /// The shard whose process serves pair `pair`: where pairs are spread over servers, the
    /// shard Discord gives its server (`(guild >> 22) % shards`); otherwise the only one.
    pub fn shard_of(&self, pair: usize) -> usize {
        if !self.spread {
            return 0;
        }
        let shards = self.phases.len() as u64;
        usize::try_from((ids::guild(pair) >> 22) % shards).expect("a shard index fits")
    }
}
