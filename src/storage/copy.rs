//! Copying a whole database to another, of either engine: every table, row for row, checked
//! by reading both back.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Backend, Conn, Db, Error, begin_write};

/// How a column's values are carried across.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Int,
    Real,
    Text,
    /// Read as 0 or 1 (see [`super::flag`]), written as a boolean.
    Bool,
}

use Kind::{Bool, Int, Real, Text};

/// A table and its columns, in the order a copy fills them: each after those it refers to.
struct Table {
    name: &'static str,
    /// Orders the rows (games refer to earlier games, so they go in id order).
    key: &'static str,
    /// Whether its key is an identity on PostgreSQL, to be moved past the copied ids.
    identity: bool,
    columns: &'static [(&'static str, Kind)],
}

/// Every table of the schema (`migrations/`), with every column.
const TABLES: &[Table] = &[
    Table {
        name: "players",
        key: "user_id",
        identity: false,
        columns: &[
            ("user_id", Int),
            ("display_name", Text),
            ("rating", Real),
            ("rating_deviation", Real),
            ("rating_volatility", Real),
            ("games", Int),
            ("rated_games", Int),
            ("wins", Int),
            ("losses", Int),
            ("created_ms", Int),
            ("updated_ms", Int),
            ("rated_ms", Int),
        ],
    },
    Table {
        name: "tournaments",
        key: "id",
        identity: true,
        columns: &[
            ("id", Int),
            ("guild_id", Int),
            ("channel_id", Int),
            ("thread_id", Int),
            ("message_id", Int),
            ("name", Text),
            ("format", Text),
            ("rounds", Int),
            ("board_size", Int),
            ("queen_height", Int),
            ("pie", Bool),
            ("move_time_ms", Int),
            ("rated", Bool),
            ("max_players", Int),
            ("starts_ms", Int),
            ("status", Text),
            ("round", Int),
            ("organiser_id", Int),
            ("lang", Text),
            ("created_ms", Int),
            ("started_ms", Int),
            ("finished_ms", Int),
        ],
    },
    Table {
        name: "tournament_entries",
        key: "tournament_id, user_id",
        identity: false,
        columns: &[
            ("tournament_id", Int),
            ("user_id", Int),
            ("seat", Int),
            ("rating", Real),
            ("joined_ms", Int),
            ("withdrawn_round", Int),
            ("timeouts_in_row", Int),
        ],
    },
    Table {
        name: "tournament_log",
        key: "id",
        identity: true,
        columns: &[
            ("id", Int),
            ("tournament_id", Int),
            ("at_ms", Int),
            ("by_id", Int),
            ("what", Text),
        ],
    },
    Table {
        name: "games",
        key: "id",
        identity: true,
        columns: &[
            ("id", Int),
            ("white_id", Int),
            ("black_id", Int),
            ("swapped", Bool),
            ("ai_level", Text),
            ("board_size", Int),
            ("queen_height", Int),
            ("pie", Bool),
            ("move_time_ms", Int),
            ("rated", Bool),
            ("status", Text),
            ("winner", Text),
            ("end_reason", Text),
            ("white_rating_delta", Real),
            ("black_rating_delta", Real),
            ("ply", Int),
            ("position", Text),
            ("created_ms", Int),
            ("last_move_ms", Int),
            ("deadline_ms", Int),
            ("remind_ms", Int),
            ("finished_ms", Int),
            ("guild_id", Int),
            ("channel_id", Int),
            ("thread_id", Int),
            ("message_id", Int),
            ("rematch_of", Int),
            ("reach", Text),
            ("computer_ply", Int),
            ("computer_lease_ms", Int),
            ("to_move_id", Int),
            ("lang", Text),
            ("page_key", Text),
            ("tournament_id", Int),
            ("puzzles_scanned", Bool),
        ],
    },
    Table {
        name: "tournament_pairings",
        key: "tournament_id, round, board",
        identity: false,
        columns: &[
            ("tournament_id", Int),
            ("round", Int),
            ("board", Int),
            ("white_id", Int),
            ("black_id", Int),
            ("game_id", Int),
            ("result", Text),
        ],
    },
    Table {
        name: "puzzles",
        key: "id",
        identity: true,
        columns: &[
            ("id", Int),
            ("position", Text),
            ("solution", Text),
            ("themes", Text),
            ("rating", Real),
            ("rating_deviation", Real),
            ("rating_volatility", Real),
            ("plays", Int),
            ("source", Text),
            ("game_id", Int),
            ("ply", Int),
            ("created_ms", Int),
        ],
    },
    Table {
        name: "puzzle_players",
        key: "user_id",
        identity: false,
        columns: &[
            ("user_id", Int),
            ("rating", Real),
            ("rating_deviation", Real),
            ("rating_volatility", Real),
            ("solved", Int),
            ("failed", Int),
            ("streak", Int),
            ("best_streak", Int),
            ("updated_ms", Int),
        ],
    },
    Table {
        name: "puzzle_attempts",
        key: "user_id, puzzle_id, day",
        identity: false,
        columns: &[
            ("user_id", Int),
            ("puzzle_id", Int),
            ("day", Text),
            ("step", Int),
            ("tries", Int),
            ("status", Text),
            ("rated", Bool),
            ("started_ms", Int),
            ("finished_ms", Int),
        ],
    },
    Table {
        name: "daily_puzzles",
        key: "day",
        identity: false,
        columns: &[("day", Text), ("puzzle_id", Int)],
    },
    Table {
        name: "daily_posts",
        key: "guild_id, day",
        identity: false,
        columns: &[("guild_id", Int), ("day", Text)],
    },
    Table {
        name: "moves",
        key: "game_id, ply",
        identity: false,
        columns: &[
            ("game_id", Int),
            ("ply", Int),
            ("notation", Text),
            ("player_id", Int),
            ("played_ms", Int),
            ("request_key", Text),
        ],
    },
    Table {
        name: "challenges",
        key: "id",
        identity: true,
        columns: &[
            ("id", Int),
            ("challenger_id", Int),
            ("challenged_id", Int),
            ("guild_id", Int),
            ("channel_id", Int),
            ("message_id", Int),
            ("board_size", Int),
            ("queen_height", Int),
            ("pie", Bool),
            ("color_choice", Text),
            ("move_time_ms", Int),
            ("rated", Bool),
            ("status", Text),
            ("created_ms", Int),
            ("expires_ms", Int),
            ("resolved_ms", Int),
            ("game_id", Int),
            ("rematch_of", Int),
            ("reach", Text),
            ("lang", Text),
        ],
    },
    Table {
        name: "guild_settings",
        key: "guild_id",
        identity: false,
        columns: &[
            ("guild_id", Int),
            ("threads", Bool),
            ("default_clock", Text),
            ("board_orientation", Text),
            ("tournament_organisers", Bool),
            ("updated_ms", Int),
            ("puzzle_channel_id", Int),
            ("puzzle_lang", Text),
        ],
    },
    Table {
        name: "ai_ratings",
        key: "ai_level",
        identity: false,
        columns: &[
            ("ai_level", Text),
            ("rating", Real),
            ("rating_deviation", Real),
            ("rating_volatility", Real),
            ("games", Int),
            ("wins", Int),
            ("losses", Int),
            ("updated_ms", Int),
        ],
    },
    Table {
        name: "game_analyses",
        key: "game_id",
        identity: false,
        columns: &[
            ("game_id", Int),
            ("nodes", Int),
            ("scores", Text),
            ("created_ms", Int),
        ],
    },
    Table {
        name: "rating_history",
        key: "user_id, game_id",
        identity: false,
        columns: &[
            ("user_id", Int),
            ("game_id", Int),
            ("rating", Real),
            ("rating_deviation", Real),
            ("recorded_ms", Int),
        ],
    },
    Table {
        name: "announcements",
        key: "id",
        identity: true,
        columns: &[
            ("id", Int),
            ("kind", Text),
            ("game_id", Int),
            ("challenge_id", Int),
            ("tournament_id", Int),
            ("guild_id", Int),
            ("user_id", Int),
            ("ply", Int),
            ("attempts", Int),
            ("created_ms", Int),
            ("due_ms", Int),
        ],
    },
    Table {
        name: "interaction_tokens",
        key: "game_id",
        identity: false,
        columns: &[
            ("game_id", Int),
            ("token", Text),
            ("received_ms", Int),
            ("uses", Int),
        ],
    },
    Table {
        name: "latest_boards",
        key: "game_id",
        identity: false,
        columns: &[
            ("game_id", Int),
            ("message_id", Int),
            ("channel_id", Int),
            ("token", Text),
            ("original", Bool),
            ("received_ms", Int),
            ("replaced_message_id", Int),
            ("replaced_channel_id", Int),
            ("replaced_token", Text),
            ("replaced_original", Bool),
            ("replaced_received_ms", Int),
        ],
    },
    Table {
        name: "activity_launches",
        key: "user_id, channel_id",
        identity: false,
        columns: &[
            ("user_id", Int),
            ("channel_id", Int),
            ("game_id", Int),
            ("reach", Text),
            ("launched_ms", Int),
        ],
    },
    Table {
        name: "cooldowns",
        key: "user_id, kind",
        identity: false,
        columns: &[
            ("user_id", Int),
            ("kind", Text),
            ("started_ms", Int),
            ("granted", Bool),
        ],
    },
];

/// Rows copied per statement batch (and per read).
const BATCH: i64 = 500;

/// One stored value, as carried from one engine to the other.
#[derive(Debug, Clone, PartialEq)]
enum Value {
    Int(Option<i64>),
    Real(Option<f64>),
    Text(Option<String>),
    Bool(Option<bool>),
}

/// What a copy moved: each table's name and row count, in copy order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Copied {
    /// `(table, rows)` for every table.
    pub tables: Vec<(&'static str, u64)>,
}

/// Why a copy did not happen or did not come out equal.
#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    /// The target already holds data, which a copy would mix with the source's.
    #[error(
        "the target database is not empty (its table {table} has rows); copy into an empty one"
    )]
    TargetNotEmpty {
        /// The first table found with rows.
        table: &'static str,
    },
    /// A row read back from the target differs from the source's.
    #[error("table {table} differs after the copy at its row {row}")]
    Differs {
        /// The table.
        table: &'static str,
        /// The row's position in key order, from 0.
        row: u64,
    },
    /// The database failed.
    #[error(transparent)]
    Database(#[from] Error),
}

/// The schema's table names, in the order a copy fills them.
#[must_use]
pub fn table_names() -> Vec<&'static str> {
    TABLES.iter().map(|t| t.name).collect()
}

/// The columns a copy carries for `table`, in order (`None` for an unknown table).
#[must_use]
pub fn copied_columns(table: &str) -> Option<Vec<&'static str>> {
    let table = TABLES.iter().find(|t| t.name == table)?;
    Some(table.columns.iter().map(|(name, _)| *name).collect())
}

/// Copies every row of `from` into the empty database `to`, in one transaction on the
/// target, then reads every table of both back in key order and compares them.
///
/// # Errors
/// [`CopyError::TargetNotEmpty`] (nothing written), [`CopyError::Differs`] (the copy was
/// committed but does not read back equal), or a database failure (nothing written).
pub async fn copy(from: &Db, to: &Db) -> Result<Copied, CopyError> {
    let mut target = to.write().await?;
    let mut tx = begin_write(&mut target).await?;
    lock_tables(&mut tx).await?;
    for table in TABLES {
        if count(&mut tx, table.name).await? > 0 {
            return Err(CopyError::TargetNotEmpty { table: table.name });
        }
    }
    let mut source = from.read().await?;
    let mut copied = Vec::with_capacity(TABLES.len());
    for table in TABLES {
        let mut rows = 0;
        let mut offset = 0;
        loop {
            let batch = read(&mut source, table, offset).await?;
            for row in &batch {
                insert(&mut tx, table, row).await?;
            }
            rows += batch.len() as u64;
            offset += BATCH;
            if (batch.len() as i64) < BATCH {
                break;
            }
        }
        if table.identity && Backend::of(&tx) == Backend::Postgres {
            move_identity_past(&mut tx, table).await?;
        }
        copied.push((table.name, rows));
    }
    tx.commit().await?;
    for table in TABLES {
        compare(&mut source, &mut target, table).await?;
    }
    Ok(Copied { tables: copied })
}

/// Keeps every other writer out of the target until the copy commits, so it stays empty
/// between the check and the copy: SQLite's `BEGIN IMMEDIATE` has done so already; on
/// PostgreSQL every table is locked against writes (reads go on).
async fn lock_tables(tx: &mut Conn) -> Result<(), Error> {
    match Backend::of(tx) {
        Backend::Sqlite => Ok(()),
        Backend::Postgres => {
            let names: Vec<&str> = TABLES.iter().map(|t| t.name).collect();
            let sql = format!("LOCK TABLE {} IN EXCLUSIVE MODE", names.join(", "));
            sqlx::query(sqlx::AssertSqlSafe(sql)).execute(tx).await?;
            Ok(())
        }
    }
}

/// The rows of `table`.
async fn count(conn: &mut Conn, table: &str) -> Result<i64, Error> {
    let sql = format!("SELECT COUNT(*) FROM {table}");
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
        .fetch_one(conn)
        .await
}

/// `BATCH` rows of `table` from `offset` on, in key order.
async fn read(conn: &mut Conn, table: &Table, offset: i64) -> Result<Vec<Vec<Value>>, Error> {
    let columns: Vec<String> = table
        .columns
        .iter()
        .map(|&(name, kind)| match kind {
            Bool => format!("CAST({name} AS INTEGER) AS {name}"),
            _ => name.to_owned(),
        })
        .collect();
    let sql = format!(
        "SELECT {} FROM {} ORDER BY {} LIMIT $1 OFFSET $2",
        columns.join(", "),
        table.name,
        table.key
    );
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(BATCH)
        .bind(offset)
        .fetch_all(conn)
        .await?;
    rows.iter().map(|row| values(row, table)).collect()
}

/// A row's values, column by column.
fn values(row: &AnyRow, table: &Table) -> Result<Vec<Value>, Error> {
    table
        .columns
        .iter()
        .map(|&(name, kind)| {
            Ok(match kind {
                Int => Value::Int(row.try_get(name)?),
                Real => Value::Real(row.try_get(name)?),
                Text => Value::Text(row.try_get(name)?),
                Bool => Value::Bool(row.try_get::<Option<i64>, _>(name)?.map(|v| v != 0)),
            })
        })
        .collect()
}

/// Writes one row into `table`.
async fn insert(conn: &mut Conn, table: &Table, row: &[Value]) -> Result<(), Error> {
    let names: Vec<&str> = table.columns.iter().map(|(name, _)| *name).collect();
    let places: Vec<String> = (1..=names.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "INSERT INTO {} ({}) VALUES ({})",
        table.name,
        names.join(", "),
        places.join(", ")
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for value in row {
        query = match value {
            Value::Int(v) => query.bind(*v),
            Value::Real(v) => query.bind(super::Real(*v)),
            Value::Text(v) => query.bind(v.clone()),
            Value::Bool(v) => query.bind(*v),
        };
    }
    query.execute(conn).await?;
    Ok(())
}

/// Moves a PostgreSQL identity past the ids copied into it, so new rows get new ids.
async fn move_identity_past(conn: &mut Conn, table: &Table) -> Result<(), Error> {
    let sql = format!(
        "SELECT setval(pg_get_serial_sequence('{0}', '{1}'), COALESCE(MAX({1}), 0) + 1, false) \
         FROM {0}",
        table.name, table.key
    );
    sqlx::query(sqlx::AssertSqlSafe(sql)).execute(conn).await?;
    Ok(())
}

/// Reads `table` from both databases in key order and compares them row for row.
async fn compare(source: &mut Conn, target: &mut Conn, table: &Table) -> Result<(), CopyError> {
    let mut offset = 0;
    loop {
        let a = read(source, table, offset).await?;
        let b = read(target, table, offset).await?;
        if let Some(row) = (0..a.len().max(b.len())).find(|&i| a.get(i) != b.get(i)) {
            let row = offset as u64 + row as u64;
            return Err(CopyError::Differs {
                table: table.name,
                row,
            });
        }
        if (a.len() as i64) < BATCH {
            return Ok(());
        }
        offset += BATCH;
    }
}
