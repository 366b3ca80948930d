//! A database full of games in progress, for the benchmarks that ask how the bot fares with
//! many of them (`monkey-queen bench --only sweep`, the load run's `MQ_LOAD_SEED_GAMES`).
//!
//! The games are stored through the same statements as real ones, at their start position,
//! each in a channel of its own. A tenth are against the computer, with the human to move
//! (so none of them makes the bot think), and every fourth has a clock whose deadline and
//! reminder lie a week ahead (so the sweeps find them armed but nothing due).

use monkey_queen_core::{GameOptions, Position};

use crate::games::{ChannelId, GameId, GuildId, Level, Reach, UserId};
use crate::i18n::Lang;
use crate::storage::{self, Db, Error, NewGameRow};

/// Games stored per transaction.
const BATCH: u64 = 2_000;

/// The first seeded player's id; player `i` is `PLAYERS + i`. Far from the ids tests use.
const PLAYERS: u64 = 1_380_000_000_000_000_000;
/// The first seeded game's channel; game `i` is played in `CHANNELS + i`.
const CHANNELS: u64 = 1_390_000_000_000_000_000;
/// The server of the seeded games in servers (every other one).
const GUILD: u64 = 1_395_000_000_000_000_000;

/// A week: how far ahead the seeded clocks' deadlines are.
const WEEK_MS: i64 = 7 * 24 * 60 * 60 * 1000;

/// What to seed.
#[derive(Debug, Clone, Copy)]
pub struct Seed {
    /// Games in progress.
    pub games: u64,
    /// The bot's user id: a tenth of the games are against it.
    pub bot: UserId,
    /// The time the games were created at, and their clocks are counted from.
    pub now_ms: i64,
}

/// Stores `seed.games` active games (and a player for each); returns the
/// highest game id stored, so a caller can tell them from games made afterwards.
///
/// # Errors
/// Database failure.
pub async fn active_games(db: &Db, seed: &Seed) -> Result<GameId, Error> {
    let options = GameOptions::default();
    let position = Position::start(options).to_text();
    let players = (seed.games + 1).max(2);
    let mut done = 0;
    while done < players {
        let mut tx = db.begin_write().await?;
        for i in done..(done + BATCH).min(players) {
            storage::upsert_player(&mut tx, UserId(PLAYERS + i), "seeded player", seed.now_ms)
                .await?;
        }
        tx.commit().await?;
        done = (done + BATCH).min(players);
    }
    storage::upsert_player(
        &mut *db.write().await?,
        seed.bot,
        "Monkey Queen",
        seed.now_ms,
    )
    .await?;
    let mut last = GameId(0);
    let mut done = 0;
    while done < seed.games {
        let mut tx = db.begin_write().await?;
        for i in done..(done + BATCH).min(seed.games) {
            // Players i and i + 1, so each plays about two games.
            let white = UserId(PLAYERS + i);
            let black = match i % 10 {
                0 => seed.bot,
                _ => UserId(PLAYERS + (i + 1) % players),
            };
            let clocked = i % 4 == 0;
            let row = NewGameRow {
                white,
                black,
                ai_level: (black == seed.bot).then_some(Level::Medium),
                options,
                move_time_ms: clocked.then_some(WEEK_MS),
                rated: black != seed.bot,
                position: position.clone(),
                created_ms: seed.now_ms,
                deadline_ms: clocked.then_some(seed.now_ms + WEEK_MS),
                remind_ms: clocked.then_some(seed.now_ms + WEEK_MS * 4 / 5),
                guild: (i % 2 == 0).then_some(GuildId(GUILD)),
                channel: ChannelId(CHANNELS + i),
                reach: Reach::Channel,
                rematch_of: None,
                tournament: None,
                lang: Lang::default(),
            };
            last = storage::insert_game(&mut tx, &row).await?;
        }
        tx.commit().await?;
        done = (done + BATCH).min(seed.games);
    }
    Ok(last)
}
