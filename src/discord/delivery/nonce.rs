//! Nonces for the bot's channel posts. A message created with a `nonce` and `enforce_nonce`
//! is made once: Discord answers the same author's same nonce within a few minutes with the
//! message it made first, and makes no other. So a post sent again, after its answer was lost,
//! or by the outbox after the process that sent it died before reporting it, shows once.
//!
//! Each nonce names what its message is: a game's board at a ply (active, finished or aborted),
//! the reminder of a ply, a rematch offer, a day's daily puzzle in a channel. Every process
//! (and the handler and the outbox alike) gives the same post the same nonce, and two different
//! messages never share one. Discord takes up to 25 characters, so the name is hashed (64-bit
//! FNV-1a, the same in every build) to 16 hex digits.
//!
//! Only posts in a channel carry one: the same board may go to each player's DMs, which are
//! messages of the same author.

use poise::serenity_prelude as serenity;
use serenity::{CreateMessage, Nonce};

use crate::games::{ChallengeId, ChannelId, Day, GameView};

/// `message`, made once however often it is sent within Discord's few minutes (see the
/// module's doc).
pub fn once(message: CreateMessage, nonce: Nonce) -> CreateMessage {
    message.nonce(nonce).enforce_nonce(true)
}

/// The board of `game` as it stands: at its ply, going on or over.
pub fn board(game: &GameView) -> Nonce {
    named(&format!(
        "board {} {} {}",
        game.id,
        game.ply(),
        game.status.as_str()
    ))
}

/// The reminder of the player to move in `game`, at its ply.
pub fn reminder(game: &GameView) -> Nonce {
    named(&format!("reminder {} {}", game.id, game.ply()))
}

/// The message of challenge `challenge` (a rematch offered where its game was played).
pub fn offer(challenge: ChallengeId) -> Nonce {
    named(&format!("offer {challenge}"))
}

/// The daily puzzle of `day` (written `YYYY-MM-DD`) in `channel`.
pub fn daily(channel: ChannelId, day: Day) -> Nonce {
    named(&format!("daily {channel} {day}"))
}

/// The nonce of the message `name` describes.
fn named(name: &str) -> Nonce {
    Nonce::String(format!("{:016x}", fnv1a(name.as_bytes())))
}

/// The 64-bit FNV-1a hash of `bytes`.
fn fnv1a(bytes: &[u8]) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    bytes.iter().fold(OFFSET, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(PRIME)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_hash_to_16_hex_digits_as_fnv1a_does() {
        // The published FNV-1a test vectors.
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
        let text = |nonce: Nonce| match nonce {
            Nonce::String(text) => text,
            Nonce::Number(_) => panic!("a string nonce"),
        };
        let today = text(named("daily 42 2023-11-14"));
        assert_eq!(today.len(), 16);
        assert!(today.bytes().all(|b| b.is_ascii_hexdigit()));
        let day = "2023-11-14".parse().unwrap();
        assert_eq!(
            text(daily(ChannelId(42), day)),
            today,
            "the day as ever written"
        );
        let tomorrow = text(named("daily 42 2023-11-15"));
        assert_ne!(today, tomorrow, "another day, another post");
    }
}
