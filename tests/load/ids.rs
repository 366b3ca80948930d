//! The ids of the scripted world: every pair of players has its own channel, two users, and
//! interaction ids that name the pair, so an answer is routed without any lookup table.

use crate::support::payloads::Caller;

/// At most this many pairs (interaction ids are `BASE + sequence × SLOTS + pair`).
pub const SLOTS: u64 = 4096;
const INTERACTION_BASE: u64 = 1_400_000_000_000_000_000;
const CHANNEL_BASE: u64 = 1_250_000_000_000_000_000;
const USER_BASE: u64 = 1_260_000_000_000_000_000;
const GUILD_BASE: u64 = 1_270_000_000_000_000_000 >> 22 << 22;

/// The `sequence`-th interaction of `pair`.
pub fn interaction(pair: usize, sequence: u64) -> u64 {
    INTERACTION_BASE + sequence * SLOTS + pair as u64
}

/// The channel `pair` plays in.
pub fn channel(pair: usize) -> u64 {
    CHANNEL_BASE + pair as u64
}

/// The server `pair` plays in when pairs are spread over servers: consecutive pairs fall on
/// consecutive shards, as `(guild >> 22) % shards` goes.
pub fn guild(pair: usize) -> u64 {
    GUILD_BASE + ((pair as u64) << 22)
}

/// The two players of `pair`.
pub fn players(pair: usize) -> [Caller; 2] {
    let first = USER_BASE + 2 * pair as u64;
    [first, first + 1].map(|id| Caller {
        id,
        username: "player",
    })
}

/// The pair an interaction id or a channel id belongs to.
pub fn pair_of(id: u64) -> Option<usize> {
    let pair = if id >= INTERACTION_BASE {
        (id - INTERACTION_BASE) % SLOTS
    } else {
        id.checked_sub(CHANNEL_BASE).filter(|&p| p < SLOTS)?
    };
    usize::try_from(pair).ok()
}

/// The interaction an interaction token belongs to (see `payloads::token`).
pub fn interaction_of_token(token: &str) -> Option<u64> {
    token.strip_prefix("interaction-token-")?.parse().ok()
}

#[test]
fn ids_name_their_pair() {
    assert_eq!(pair_of(interaction(17, 12_345)), Some(17));
    assert_eq!(pair_of(channel(4_095)), Some(4_095));
    assert_eq!(pair_of(channel(0) + SLOTS), None);
    let token = crate::support::payloads::token(interaction(3, 9));
    assert_eq!(interaction_of_token(&token), Some(interaction(3, 9)));
}
