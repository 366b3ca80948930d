//! What a write transaction locks on PostgreSQL, so that writers wait only for what they touch.
//!
//! A transaction whose checks read something another transaction may change at the same time
//! (a player's waiting challenges, a rating it reads and writes back) first takes the [`Key`]s
//! of what it reads: PostgreSQL advisory locks, held until it ends. Everything else is guarded
//! by its own statement: a compare-and-swap `UPDATE ... WHERE status = 'pending'` (or `ply =`)
//! waits for the row and re-checks it, and claims skip rows another claim holds
//! (`FOR UPDATE SKIP LOCKED`). SQLite has one writer at a time (`BEGIN IMMEDIATE`), so there
//! every lock is already held and these calls do nothing.
//!
//! What each write transaction of the service locks, and why that suffices:
//! - a challenge between people: the challenger and the challenged ([`Key::Player`]: the
//!   waiting count and burst window of the one, the "one pending challenge between two people
//!   in a channel" check of both, whichever of them challenges), and for a rematch
//!   [`Key::Rematches`] of the original game (one rematch pending or being played);
//! - a game against the computer: its challenger ([`Key::Player`]: at most three such games at
//!   once) and, for a rematch, [`Key::Rematches`];
//! - accepting: for a rematch, [`Key::Rematches`] (the accept turns the pending rematch into
//!   the one being played); the challenge itself is taken by its compare-and-swap `UPDATE`,
//!   the transaction's first write;
//! - finishing a game (a result, a resignation, a loss on time, a move that ends it): for a
//!   rated game both players ([`Key::Player`]: each rating is read and written back), for a
//!   game against the computer its [`Key::ComputerRating`]; the game by its compare-and-swap;
//!   unrated counts are increments, which need only the row;
//! - a server's settings: [`Key::Guild`] (read, changed, written back);
//! - a tournament's sign-ups, start, withdrawals and results by hand: [`Key::Tournament`]
//!   (its players and rounds are read, changed, written back), with, for a withdrawal that
//!   ends a game being played, that game's keys; finishing a tournament game takes the
//!   tournament's key beside the game's (its result may complete the round, which is then
//!   paired in the same transaction);
//! - declining, cancelling, aborting, a plain move, a claim (of an announcement, a reminder,
//!   a lapsed challenge, a computer's turn): nothing but their own rows.
//!
//! No two transactions can deadlock, because every one waits in the same order:
//! 1. its keys, all at once before its first write, in ascending order of their values
//!    ([`lock`]; the timeout sweep takes them without waiting, [`try_lock`]);
//! 2. then at most one existing game or challenge row, by its compare-and-swap;
//! 3. then players' rows (upserts, results), in ascending id order (see
//!    `games::challenges::upsert_players` and `games::end::settle`);
//! 4. after that only rows no other transaction holds: new rows (whose references take a
//!    key-share lock, which no update here conflicts with), and the computer's rating, which
//!    its key guards.
//!
//! Claims take many rows but never wait for one (`SKIP LOCKED`), so they close no cycle.

use super::{Backend, Conn, Error, db_id, discord_id};
use crate::model::{GameId, GuildId, Level, TournamentId, UserId};

/// Something a write transaction's checks depend on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Key {
    /// The rematches of a finished game: at most one may be pending or being played.
    Rematches(GameId),
    /// A player: their waiting challenges and recent ones, their games against the computer,
    /// their rating.
    Player(UserId),
    /// The computer's rating at one level, moved by each of its games against people.
    ComputerRating(Level),
    /// A server's settings.
    Guild(GuildId),
    /// A tournament: its players, its rounds and their results.
    Tournament(TournamentId),
}

impl Key {
    /// The advisory lock's 64-bit key: the kind and the id mixed, the same in every process
    /// and every build (processes of two builds sharing a database must exclude each other).
    /// Two keys may share a value; that costs a needless wait, never a deadlock, since locks
    /// are taken in order of value.
    #[must_use]
    pub fn value(self) -> i64 {
        let (kind, id): (u64, u64) = match self {
            Key::Rematches(game) => (1, discord_id(game.0)),
            Key::Player(user) => (2, user.0),
            Key::ComputerRating(level) => (3, level_number(level)),
            Key::Guild(guild) => (4, guild.0),
            Key::Tournament(tournament) => (5, discord_id(tournament.0)),
        };
        db_id(mix(id ^ kind.wrapping_mul(0x9E37_79B9_7F4A_7C15)))
    }
}

/// A level's fixed number in a key (not the enum's order, which may change).
fn level_number(level: Level) -> u64 {
    match level {
        Level::Easy => 1,
        Level::Medium => 2,
        Level::Hard => 3,
        Level::Max => 4,
    }
}

/// SplitMix64's finaliser: nearby ids get unrelated values.
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The keys' lock values, ascending, each once: the one order every transaction locks in.
fn ordered(keys: &[Key]) -> Vec<i64> {
    let mut values: Vec<i64> = keys.iter().map(|key| key.value()).collect();
    values.sort_unstable();
    values.dedup();
    values
}

/// Statements taking 1 to 4 advisory locks, left to right (PostgreSQL evaluates a select
/// list in order).
const LOCKS: [&str; 4] = [
    "SELECT pg_advisory_xact_lock($1)",
    "SELECT pg_advisory_xact_lock($1), pg_advisory_xact_lock($2)",
    "SELECT pg_advisory_xact_lock($1), pg_advisory_xact_lock($2), pg_advisory_xact_lock($3)",
    "SELECT pg_advisory_xact_lock($1), pg_advisory_xact_lock($2), pg_advisory_xact_lock($3),
            pg_advisory_xact_lock($4)",
];

/// [`LOCKS`] without waiting: true if every lock was free (`AND` stops at the first that
/// is not; those taken before it are let go with the transaction).
const TRY_LOCKS: [&str; 4] = [
    "SELECT pg_try_advisory_xact_lock($1)",
    "SELECT pg_try_advisory_xact_lock($1) AND pg_try_advisory_xact_lock($2)",
    "SELECT pg_try_advisory_xact_lock($1) AND pg_try_advisory_xact_lock($2)
            AND pg_try_advisory_xact_lock($3)",
    "SELECT pg_try_advisory_xact_lock($1) AND pg_try_advisory_xact_lock($2)
            AND pg_try_advisory_xact_lock($3) AND pg_try_advisory_xact_lock($4)",
];

/// Waits for every key, in ascending order, and holds them until the transaction `tx` ends.
/// Call it first in the transaction, before any write. Nothing on SQLite (one writer).
///
/// # Errors
/// Database failure.
pub async fn lock(tx: &mut Conn, keys: &[Key]) -> Result<(), Error> {
    if Backend::of(tx) == Backend::Sqlite {
        return Ok(());
    }
    for chunk in ordered(keys).chunks(LOCKS.len()) {
        let mut query = sqlx::query(LOCKS[chunk.len() - 1]);
        for value in chunk {
            query = query.bind(*value);
        }
        query.execute(&mut *tx).await?;
    }
    Ok(())
}

/// Takes every key if none is held by another transaction, without waiting: `false` if one
/// is (the transaction should then give up what it meant to do, and try again later). For
/// sweeps, which must not queue behind another process's work. Always `true` on SQLite.
///
/// # Errors
/// Database failure.
pub async fn try_lock(tx: &mut Conn, keys: &[Key]) -> Result<bool, Error> {
    if Backend::of(tx) == Backend::Sqlite {
        return Ok(true);
    }
    for chunk in ordered(keys).chunks(TRY_LOCKS.len()) {
        let mut query = sqlx::query_scalar::<_, bool>(TRY_LOCKS[chunk.len() - 1]);
        for value in chunk {
            query = query.bind(*value);
        }
        if !query.fetch_one(&mut *tx).await? {
            return Ok(false);
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_locked_in_ascending_order_once_each() {
        let (a, b) = (Key::Player(UserId(7)), Key::Player(UserId(8)));
        let one_way = ordered(&[a, b, Key::Rematches(GameId(3)), a]);
        let other_way = ordered(&[Key::Rematches(GameId(3)), b, a]);
        assert_eq!(one_way, other_way);
        assert_eq!(one_way.len(), 3);
        assert!(one_way.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn a_key_value_names_its_kind_and_id_and_never_changes() {
        let values = [
            Key::Rematches(GameId(1)),
            Key::Player(UserId(1)),
            Key::ComputerRating(Level::Easy),
            Key::Guild(GuildId(1)),
            Key::Player(UserId(2)),
        ]
        .map(Key::value);
        let mut distinct = values.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), values.len());
        // Processes of different builds share one database: the values are part of it.
        assert_eq!(
            Key::Player(UserId(80_351_110_224_678_912)).value(),
            PLAYER_VALUE
        );
    }

    /// [`Key::value`] of the player 80351110224678912, as first released.
    const PLAYER_VALUE: i64 = 7_036_452_193_575_260_264;
}
