//! Copying a whole database to another, of either engine: every table, row for row, checked
//! by reading both back.
//!
//! The tables, their columns and the order to fill them in come from the target's own
//! catalogue ([`catalogue`](super::catalogue)), so a migration that adds a table or a column
//! is copied without a change here. The source's catalogue must describe the same tables and
//! columns, or nothing is copied ([`CopyError::SchemasDiffer`]).

use std::collections::{BTreeMap, BTreeSet};

use sqlx::Row;
use sqlx::any::AnyRow;

use super::catalogue::{self, Table};
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

impl Kind {
    /// The kind of a column of the type `declared` on `backend`: SQLite's rules of type
    /// affinity, PostgreSQL's type names; `None` for a type the copy can't carry.
    fn of(backend: Backend, declared: &str) -> Option<Kind> {
        match backend {
            Backend::Sqlite => {
                let declared = declared.to_ascii_uppercase();
                let has = |word: &str| declared.contains(word);
                if has("BOOL") {
                    Some(Kind::Bool)
                } else if has("INT") {
                    Some(Kind::Int)
                } else if has("CHAR") || has("CLOB") || has("TEXT") {
                    Some(Kind::Text)
                } else if has("REAL") || has("FLOA") || has("DOUB") {
                    Some(Kind::Real)
                } else {
                    None
                }
            }
            Backend::Postgres => match declared {
                "boolean" => Some(Kind::Bool),
                "smallint" | "integer" | "bigint" => Some(Kind::Int),
                "text" | "character varying" | "character" => Some(Kind::Text),
                "real" | "double precision" => Some(Kind::Real),
                _ => None,
            },
        }
    }
}

/// A table as the copy carries it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Layout {
    /// The table.
    name: String,
    /// Every column and its kind.
    columns: Vec<(String, Kind)>,
    /// Orders the rows: the primary key (games refer to earlier games, so they go in id
    /// order), or every column for a table without one.
    order: Vec<(String, Kind)>,
    /// The column PostgreSQL numbers, to be moved past the copied values.
    identity: Option<String>,
    /// The tables it refers to, filled before it (but itself).
    refers_to: BTreeSet<String>,
}

impl Layout {
    /// How the copy carries `table` of a database on `backend`.
    fn of(backend: Backend, table: Table) -> Result<Layout, CopyError> {
        let columns: Vec<(String, Kind)> = table
            .columns
            .into_iter()
            .map(|column| match Kind::of(backend, &column.declared) {
                Some(kind) => Ok((column.name, kind)),
                None => Err(CopyError::UnknownType {
                    table: table.name.clone(),
                    column: column.name,
                    declared: column.declared,
                }),
            })
            .collect::<Result<_, _>>()?;
        let key: Vec<(String, Kind)> = table
            .key
            .iter()
            .filter_map(|name| columns.iter().find(|(column, _)| column == name).cloned())
            .collect();
        Ok(Layout {
            name: table.name,
            order: if key.is_empty() { columns.clone() } else { key },
            columns,
            identity: table.identity,
            refers_to: table.refers_to,
        })
    }
}

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
    pub tables: Vec<(String, u64)>,
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
        table: String,
    },
    /// The two databases' catalogues describe different tables or columns.
    #[error(
        "the two databases' schemas differ ({}); run both through the same build's \
         migrations",
        .differences.join("; ")
    )]
    SchemasDiffer {
        /// Each difference, naming the table or column.
        differences: Vec<String>,
    },
    /// A column of a type the copy does not know how to carry.
    #[error("the copy can't carry the column {table}.{column}, of type {declared:?}")]
    UnknownType {
        /// The table.
        table: String,
        /// The column.
        column: String,
        /// Its type, as the catalogue gives it.
        declared: String,
    },
    /// Foreign keys that leave no order to fill the tables in.
    #[error("the tables {} refer to one another in a cycle", .tables.join(", "))]
    ForeignKeyCycle {
        /// The tables that could not be ordered.
        tables: Vec<String>,
    },
    /// A row read back from the target differs from the source's.
    #[error("table {table} differs after the copy at its row {row}")]
    Differs {
        /// The table.
        table: String,
        /// The row's position in key order, from 0.
        row: u64,
    },
    /// The database failed.
    #[error(transparent)]
    Database(#[from] Error),
}

/// Copies every row of `from` into the empty database `to`, in one transaction on the
/// target, then reads every table of both back in key order and compares them.
///
/// # Errors
/// [`CopyError::TargetNotEmpty`] (nothing written), [`CopyError::SchemasDiffer`],
/// [`CopyError::UnknownType`] or [`CopyError::ForeignKeyCycle`] (nothing written),
/// [`CopyError::Differs`] (the copy was committed but does not read back equal), or a
/// database failure (nothing written).
pub async fn copy(from: &Db, to: &Db) -> Result<Copied, CopyError> {
    let mut source = from.read().await?;
    let mut target = to.write().await?;
    let tables = layouts(&mut source, &mut target).await?;
    let mut tx = begin_write(&mut target).await?;
    lock_tables(&mut tx, &tables).await?;
    for table in &tables {
        if count(&mut tx, &table.name).await? > 0 {
            return Err(CopyError::TargetNotEmpty {
                table: table.name.clone(),
            });
        }
    }
    let mut copied = Vec::with_capacity(tables.len());
    for table in &tables {
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
        if let Some(column) = &table.identity
            && Backend::of(&tx) == Backend::Postgres
        {
            move_identity_past(&mut tx, &table.name, column).await?;
        }
        copied.push((table.name.clone(), rows));
    }
    tx.commit().await?;
    for table in &tables {
        compare(&mut source, &mut target, table).await?;
    }
    Ok(Copied { tables: copied })
}

/// The target's tables as the copy carries them, in the order it fills them (each after
/// those it refers to), once the source is found to have the same tables and columns.
async fn layouts(source: &mut Conn, target: &mut Conn) -> Result<Vec<Layout>, CopyError> {
    let of = |backend: Backend, tables: Vec<Table>| -> Result<Vec<Layout>, CopyError> {
        tables
            .into_iter()
            .map(|table| Layout::of(backend, table))
            .collect()
    };
    let from = of(Backend::of(source), catalogue::tables(source).await?)?;
    let to = of(Backend::of(target), catalogue::tables(target).await?)?;
    let differences = differences(&from, &to);
    if !differences.is_empty() {
        return Err(CopyError::SchemasDiffer { differences });
    }
    fill_order(to)
}

/// What is in one schema and not the other, or of another kind, table by table and column by
/// column.
fn differences(source: &[Layout], target: &[Layout]) -> Vec<String> {
    let (source, target) = (by_name(source), by_name(target));
    let mut found = Vec::new();
    let names: BTreeSet<&str> = source
        .keys()
        .copied()
        .chain(target.keys().copied())
        .collect();
    for name in names {
        let (from, to) = match (source.get(name), target.get(name)) {
            (Some(from), Some(to)) => (from, to),
            (Some(_), None) => {
                found.push(format!("the table {name} is only in the source"));
                continue;
            }
            (None, _) => {
                found.push(format!("the table {name} is only in the target"));
                continue;
            }
        };
        let columns: BTreeSet<&str> = from.keys().chain(to.keys()).copied().collect();
        for column in columns {
            match (from.get(column), to.get(column)) {
                (Some(a), Some(b)) if a != b => found.push(format!(
                    "the column {name}.{column} is {a:?} in the source but {b:?} in the target"
                )),
                (Some(_), None) => {
                    found.push(format!("the column {name}.{column} is only in the source"));
                }
                (None, Some(_)) => {
                    found.push(format!("the column {name}.{column} is only in the target"));
                }
                _ => {}
            }
        }
    }
    found
}

/// Each table's columns' kinds, by table and column name.
fn by_name(tables: &[Layout]) -> BTreeMap<&str, BTreeMap<&str, Kind>> {
    tables
        .iter()
        .map(|table| {
            let kinds = table
                .columns
                .iter()
                .map(|(name, kind)| (name.as_str(), *kind));
            (table.name.as_str(), kinds.collect())
        })
        .collect()
}

/// The tables in an order that fills each after the tables its foreign keys refer to (a
/// table referring to itself, as a rematch refers to its game, is filled in key order);
/// among those ready at once, by name.
fn fill_order(tables: Vec<Layout>) -> Result<Vec<Layout>, CopyError> {
    let names: BTreeSet<String> = tables.iter().map(|t| t.name.clone()).collect();
    let mut waiting: BTreeMap<String, Layout> =
        tables.into_iter().map(|t| (t.name.clone(), t)).collect();
    let mut placed: BTreeSet<String> = BTreeSet::new();
    let mut order = Vec::with_capacity(waiting.len());
    loop {
        let ready = waiting.values().find(|table| {
            table.refers_to.iter().all(|other| {
                other == &table.name || placed.contains(other) || !names.contains(other)
            })
        });
        let Some(name) = ready.map(|table| table.name.clone()) else {
            break;
        };
        if let Some(table) = waiting.remove(&name) {
            order.push(table);
        }
        placed.insert(name);
    }
    if waiting.is_empty() {
        Ok(order)
    } else {
        Err(CopyError::ForeignKeyCycle {
            tables: waiting.into_keys().collect(),
        })
    }
}

/// An identifier quoted for either engine.
fn quoted(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// Keeps every other writer out of the target until the copy commits, so it stays empty
/// between the check and the copy: SQLite's `BEGIN IMMEDIATE` has done so already; on
/// PostgreSQL every table is locked against writes (reads go on).
async fn lock_tables(tx: &mut Conn, tables: &[Layout]) -> Result<(), Error> {
    match Backend::of(tx) {
        Backend::Sqlite => Ok(()),
        Backend::Postgres => {
            let names: Vec<String> = tables.iter().map(|t| quoted(&t.name)).collect();
            let sql = format!("LOCK TABLE {} IN EXCLUSIVE MODE", names.join(", "));
            sqlx::query(sqlx::AssertSqlSafe(sql)).execute(tx).await?;
            Ok(())
        }
    }
}

/// The rows of `table`.
async fn count(conn: &mut Conn, table: &str) -> Result<i64, Error> {
    let sql = format!("SELECT COUNT(*) FROM {}", quoted(table));
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
        .fetch_one(conn)
        .await
}

/// `BATCH` rows of `table` from `offset` on, in key order. Text is ordered by its bytes on
/// both engines (PostgreSQL's `C` collation is SQLite's `BINARY`), so both read the same
/// order.
async fn read(conn: &mut Conn, table: &Layout, offset: i64) -> Result<Vec<Vec<Value>>, Error> {
    let columns: Vec<String> = table
        .columns
        .iter()
        .map(|(name, kind)| match kind {
            Kind::Bool => format!("CAST({0} AS INTEGER) AS {0}", quoted(name)),
            _ => quoted(name),
        })
        .collect();
    let postgres = Backend::of(conn) == Backend::Postgres;
    let order: Vec<String> = table
        .order
        .iter()
        .map(|(name, kind)| match kind {
            Kind::Text if postgres => format!("{} COLLATE \"C\"", quoted(name)),
            _ => quoted(name),
        })
        .collect();
    let sql = format!(
        "SELECT {} FROM {} ORDER BY {} LIMIT $1 OFFSET $2",
        columns.join(", "),
        quoted(&table.name),
        order.join(", ")
    );
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(BATCH)
        .bind(offset)
        .fetch_all(conn)
        .await?;
    rows.iter().map(|row| values(row, table)).collect()
}

/// A row's values, column by column.
fn values(row: &AnyRow, table: &Layout) -> Result<Vec<Value>, Error> {
    table
        .columns
        .iter()
        .map(|(name, kind)| {
            let name = name.as_str();
            Ok(match kind {
                Kind::Int => Value::Int(row.try_get(name)?),
                Kind::Real => Value::Real(row.try_get(name)?),
                Kind::Text => Value::Text(row.try_get(name)?),
                Kind::Bool => Value::Bool(row.try_get::<Option<i64>, _>(name)?.map(|v| v != 0)),
            })
        })
        .collect()
}

/// Writes one row into `table`.
async fn insert(conn: &mut Conn, table: &Layout, row: &[Value]) -> Result<(), Error> {
    let names: Vec<String> = table.columns.iter().map(|(name, _)| quoted(name)).collect();
    let places: Vec<String> = (1..=names.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "INSERT INTO {} ({}) VALUES ({})",
        quoted(&table.name),
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

/// Moves the PostgreSQL identity (or serial) of `column` past the values copied into it, so
/// new rows get new ids.
async fn move_identity_past(conn: &mut Conn, table: &str, column: &str) -> Result<(), Error> {
    let sql = format!(
        "SELECT setval(pg_get_serial_sequence($1, $2), COALESCE(MAX({}), 0) + 1, false) FROM {}",
        quoted(column),
        quoted(table)
    );
    sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(quoted(table))
        .bind(column.to_owned())
        .execute(conn)
        .await?;
    Ok(())
}

/// Reads `table` from both databases in key order and compares them row for row.
async fn compare(source: &mut Conn, target: &mut Conn, table: &Layout) -> Result<(), CopyError> {
    let mut offset = 0;
    loop {
        let a = read(source, table, offset).await?;
        let b = read(target, table, offset).await?;
        if let Some(row) = (0..a.len().max(b.len())).find(|&i| a.get(i) != b.get(i)) {
            let row = offset as u64 + row as u64;
            return Err(CopyError::Differs {
                table: table.name.clone(),
                row,
            });
        }
        if (a.len() as i64) < BATCH {
            return Ok(());
        }
        offset += BATCH;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(name: &str, refers_to: &[&str]) -> Layout {
        Layout {
            name: name.to_owned(),
            columns: vec![("id".to_owned(), Kind::Int)],
            order: vec![("id".to_owned(), Kind::Int)],
            identity: None,
            refers_to: refers_to.iter().map(|&t| t.to_owned()).collect(),
        }
    }

    fn names(tables: &[Layout]) -> Vec<&str> {
        tables.iter().map(|t| t.name.as_str()).collect()
    }

    #[test]
    fn each_table_is_filled_after_those_it_refers_to_and_itself_is_no_obstacle() {
        let order = fill_order(vec![
            table("announcements", &["games", "challenges"]),
            table("challenges", &["games", "players"]),
            table("games", &["games", "players", "tournaments"]),
            table("players", &[]),
            table("tournaments", &["players", "elsewhere"]),
        ])
        .unwrap();
        assert_eq!(
            names(&order),
            [
                "players",
                "tournaments",
                "games",
                "challenges",
                "announcements"
            ]
        );
    }

    #[test]
    fn tables_referring_to_one_another_are_named() {
        let refused = fill_order(vec![
            table("a", &["b"]),
            table("b", &["a"]),
            table("c", &[]),
        ]);
        let Err(CopyError::ForeignKeyCycle { tables }) = refused else {
            panic!("{refused:?}");
        };
        assert_eq!(tables, ["a", "b"]);
    }

    #[test]
    fn column_types_are_read_in_each_engines_words() {
        use Backend::{Postgres, Sqlite};
        for (backend, declared, kind) in [
            (Sqlite, "INTEGER", Some(Kind::Int)),
            (Sqlite, "BIGINT", Some(Kind::Int)),
            (Sqlite, "BOOLEAN", Some(Kind::Bool)),
            (Sqlite, "DOUBLE PRECISION", Some(Kind::Real)),
            (Sqlite, "REAL", Some(Kind::Real)),
            (Sqlite, "TEXT", Some(Kind::Text)),
            (Sqlite, "BLOB", None),
            (Sqlite, "", None),
            (Postgres, "integer", Some(Kind::Int)),
            (Postgres, "bigint", Some(Kind::Int)),
            (Postgres, "boolean", Some(Kind::Bool)),
            (Postgres, "double precision", Some(Kind::Real)),
            (Postgres, "text", Some(Kind::Text)),
            (Postgres, "interval", None),
            (Postgres, "bytea", None),
        ] {
            assert_eq!(Kind::of(backend, declared), kind, "{backend:?} {declared}");
        }
    }
}
