//! After the run, with the bot stopped: the database against what the players were told.
//!
//! - Every game replays to its stored snapshot (the start-up check, `verify_games`, for the
//!   active ones; `record` for every game), so none is half-written.
//! - Every move the players were told was applied is stored under its interaction id, at the
//!   ply they expected, with the same notation; no refused move is stored; every stored move
//!   is one the players were told about or one in flight when the bot was killed (at most
//!   one per game); nobody's move is stored twice.
//! - Every game the database holds is one the players played, and the other way round.
//! - Clocks: each finished game got exactly one result board; each game whose deadline was
//!   moved into the past during the kill was lost on time once; each game whose reminder fell
//!   due got exactly one reminder and no other game got any; every game still on has its
//!   deadline and reminder armed from its last move.

use std::collections::{HashMap, HashSet};

use monkey_queen::games::{GameId, GameService};

use crate::control::Victims;
use crate::report::{Report, Told};

/// A stored move.
struct StoredMove {
    told: Told,
    key: Option<String>,
}

/// A stored game's state and clock.
#[derive(sqlx::FromRow)]
struct GameClock {
    id: i64,
    status: String,
    end_reason: Option<String>,
    move_time_ms: Option<i64>,
    deadline_ms: Option<i64>,
    remind_ms: Option<i64>,
    last_move_ms: Option<i64>,
    created_ms: i64,
}

/// Every problem found (empty when all is well), and a line of what was checked. Games up to
/// `seeded` were stored before the run (`MQ_LOAD_SEED_GAMES`): they must replay, nothing more.
pub async fn verify(
    service: &GameService,
    report: &Report,
    victims: &Victims,
    seeded: GameId,
) -> (Vec<String>, String) {
    let mut problems = Vec::new();
    match service.verify_games().await {
        Ok(mismatches) => {
            problems.extend(mismatches.iter().map(|m| format!("start-up check: {m}")))
        }
        Err(e) => problems.push(format!("start-up check failed: {e}")),
    }
    let games: Vec<GameClock> = sqlx::query_as(
        "SELECT id, status, end_reason, move_time_ms, deadline_ms, remind_ms, last_move_ms, created_ms
         FROM games WHERE id > $1 ORDER BY id",
    )
    .bind(seeded.0)
    .fetch_all(&mut *service.db().read().await.unwrap())
    .await
    .unwrap();
    for game in &games {
        if let Err(e) = service.record(GameId(game.id)).await {
            problems.push(format!("game #{} does not replay: {e}", game.id));
        }
    }
    let rows: Vec<(i64, i64, String, Option<String>)> =
        sqlx::query_as("SELECT game_id, ply, notation, request_key FROM moves")
            .fetch_all(&mut *service.db().read().await.unwrap())
            .await
            .unwrap();
    let stored: Vec<StoredMove> = rows
        .into_iter()
        .map(|(game, ply, notation, key)| StoredMove {
            told: Told {
                game: GameId(game),
                ply: u32::try_from(ply).unwrap(),
                notation,
            },
            key,
        })
        .collect();
    check_moves(report, &stored, &mut problems);
    check_games(report, victims, &games, &mut problems).await;
    let checked = format!(
        "verified: {} games replay to their snapshots; {} stored moves = {} the players were told about + {} in flight when a process stopped (of {} in flight); {} refused, none stored",
        games.len(),
        stored.len(),
        report.told.len(),
        report.in_flight.iter().filter(|f| f.stored).count(),
        report.in_flight.len(),
        report.refused.len(),
    );
    (problems, checked)
}

/// Told ⊆ stored (same game, ply, notation), refused ∩ stored = ∅, stored ⊆ told ∪ in flight.
fn check_moves(report: &Report, stored: &[StoredMove], problems: &mut Vec<String>) {
    let mut by_key: HashMap<&str, &Told> = HashMap::new();
    for m in stored {
        match &m.key {
            Some(key) => {
                by_key.insert(key, &m.told);
            }
            None => problems.push(format!("{:?} has no request key", m.told)),
        }
    }
    for (key, told) in &report.told {
        match by_key.get(key.as_str()) {
            None => problems.push(format!("LOST: {told:?} (interaction {key}) is not stored")),
            Some(&stored) if stored != told => {
                problems.push(format!("MISPLACED: told {told:?}, stored {stored:?}"))
            }
            Some(_) => {}
        }
    }
    for key in &report.refused {
        if let Some(stored) = by_key.get(key.as_str()) {
            problems.push(format!("a refused move is stored: {stored:?}"));
        }
    }
    let in_flight: HashMap<&str, bool> = report
        .in_flight
        .iter()
        .map(|f| (f.key.as_str(), f.stored))
        .collect();
    let mut unheard_per_game: HashMap<GameId, u32> = HashMap::new();
    for (key, stored) in &by_key {
        if report.told.contains_key(*key) {
            continue;
        }
        match in_flight.get(key) {
            Some(true) => *unheard_per_game.entry(stored.game).or_default() += 1,
            Some(false) => problems.push(format!(
                "{stored:?} was not stored when the bot was dead, yet is now"
            )),
            None => problems.push(format!(
                "PHANTOM: {stored:?} was stored but nobody was told"
            )),
        }
    }
    for (game, count) in unheard_per_game {
        if count > 1 {
            problems.push(format!("game #{game}: {count} unconfirmed moves stored"));
        }
    }
}

/// The games the players saw against the stored ones, and their clocks.
async fn check_games(
    report: &Report,
    victims: &Victims,
    games: &[GameClock],
    problems: &mut Vec<String>,
) {
    let stored: HashSet<GameId> = games.iter().map(|g| GameId(g.id)).collect();
    for game in stored.difference(&report.games) {
        problems.push(format!("game #{game} is stored but no player saw it start"));
    }
    for game in report.games.difference(&stored) {
        problems.push(format!("game #{game} was played but is not stored"));
    }
    // A game may end with a move the bot was killed before announcing.
    let unannounced: HashSet<GameId> = report
        .in_flight
        .iter()
        .filter(|f| f.stored)
        .map(|f| f.game)
        .collect();
    for game in games {
        let id = GameId(game.id);
        let boards = report.final_boards.get(&id).copied().unwrap_or(0);
        let reminders = report.reminders.get(&id).copied().unwrap_or(0);
        match game.status.as_str() {
            "finished" if boards != 1 && !(boards == 0 && unannounced.contains(&id)) => {
                problems.push(format!("finished game #{id} got {boards} result boards"))
            }
            "active" if boards != 0 => {
                problems.push(format!("active game #{id} got {boards} result boards"))
            }
            "finished" | "active" => {}
            other => problems.push(format!("game #{id} is {other}")),
        }
        let expected_reminders = u32::from(victims.reminders.contains(&id));
        if reminders != expected_reminders {
            problems.push(format!(
                "game #{id} got {reminders} reminders, expected {expected_reminders}"
            ));
        }
        if let (Some(limit), "active") = (game.move_time_ms, game.status.as_str()) {
            let deadline = game.last_move_ms.unwrap_or(game.created_ms) + limit;
            if game.deadline_ms != Some(deadline) || game.remind_ms != Some(deadline - limit / 5) {
                problems.push(format!(
                    "game #{id}: clock lost (deadline {:?}, reminder {:?}, expected {deadline})",
                    game.deadline_ms, game.remind_ms
                ));
            }
        }
    }
    for &game in &victims.timeouts {
        let stored = games.iter().find(|g| g.id == game.0);
        let ended = stored.map(|g| (g.status.as_str(), g.end_reason.as_deref()));
        if ended != Some(("finished", Some("timeout"))) {
            problems.push(format!(
                "game #{game} should have been lost on time: {ended:?}"
            ));
        }
    }
}
