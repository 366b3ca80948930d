//! How the database means to run each sweep's statement: the plans behind "a sweep reads only
//! what is due, through an index", for checking them against a database of some size.

use sqlx::Row;

use super::{Backend, Conn, Error, announcements, challenges, db_id, game_claims, mining};
use crate::model::UserId;

/// One sweep statement's plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SweepPlan {
    /// What the sweep finds.
    pub sweep: &'static str,
    /// The table it reads what is due from.
    pub table: &'static str,
    /// The index it is meant to read that table through.
    pub index: &'static str,
    /// The plan, one step a line: PostgreSQL's `EXPLAIN`, SQLite's `EXPLAIN QUERY PLAN`.
    pub plan: String,
}

/// The plan of every sweep's statement, as it would run at `now` for the computer `bot`.
/// Nothing is run or changed.
///
/// # Errors
/// Database failure.
pub async fn sweep_plans(conn: &mut Conn, bot: UserId, now: i64) -> Result<Vec<SweepPlan>, Error> {
    let backend = Backend::of(conn);
    if backend == Backend::Sqlite {
        // EXPLAIN reads nothing, so SQLite would plan with the schema this connection saw
        // last; a read first brings in any change made since by another connection.
        sqlx::query("SELECT COUNT(*) FROM sqlite_master")
            .fetch_one(&mut *conn)
            .await?;
    }
    let statements: [(&str, &str, &str, &str, Vec<i64>); 6] = [
        (
            "lapsed challenges",
            "challenges",
            "challenges_expiry",
            challenges::expire_challenges_sql(backend),
            vec![now],
        ),
        (
            "reminders",
            "games",
            "games_remind",
            game_claims::claim_reminders_sql(backend),
            vec![now],
        ),
        (
            "losses on time",
            "games",
            "games_deadline",
            game_claims::DUE_GAMES,
            vec![now],
        ),
        (
            "the outbox",
            "announcements",
            "announcements_due",
            announcements::claim_announcement_sql(backend),
            vec![now, now],
        ),
        (
            "the computer's turns",
            "games",
            "games_computer_to_move",
            game_claims::computer_turns_sql(backend),
            vec![db_id(bot.0), now, 100],
        ),
        (
            "the games to search for puzzles",
            "games",
            "games_to_mine",
            mining::claim_game_to_mine_sql(backend),
            vec![now, now, 3],
        ),
    ];
    let mut plans = Vec::with_capacity(statements.len());
    for (sweep, table, index, sql, binds) in statements {
        let plan = explain(conn, backend, sql, &binds).await?;
        plans.push(SweepPlan {
            sweep,
            table,
            index,
            plan,
        });
    }
    Ok(plans)
}

/// The plan of `sql` with `binds`, one step a line.
async fn explain(
    conn: &mut Conn,
    backend: Backend,
    sql: &str,
    binds: &[i64],
) -> Result<String, Error> {
    let (prefix, column) = match backend {
        Backend::Sqlite => ("EXPLAIN QUERY PLAN ", "detail"),
        Backend::Postgres => ("EXPLAIN ", "QUERY PLAN"),
    };
    let explained = format!("{prefix}{sql}");
    let mut query = sqlx::query(sqlx::AssertSqlSafe(explained));
    for value in binds {
        query = query.bind(*value);
    }
    let rows = query.fetch_all(conn).await?;
    let lines = rows
        .iter()
        .map(|row| row.try_get::<String, _>(column))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(lines.join("\n"))
}
