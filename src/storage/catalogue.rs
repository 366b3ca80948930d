//! The tables of a database as its own catalogue describes them: SQLite's `sqlite_schema`
//! and `pragma_table_info`/`pragma_foreign_key_list`, PostgreSQL's `information_schema` and
//! `pg_constraint`. Whatever the migrations made is found here, so nothing that reads it
//! keeps a list of its own (the copy, `copy.rs`).

use std::collections::{BTreeMap, BTreeSet};

use sqlx::Row;

use super::{Backend, Conn, Error};

/// A table of the schema.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Table {
    /// Its name.
    pub(super) name: String,
    /// Its columns, in the catalogue's order.
    pub(super) columns: Vec<Column>,
    /// Its primary key's columns, in the key's order; empty for a table without one.
    pub(super) key: Vec<String>,
    /// The column numbered by the database (a PostgreSQL identity or serial), if any; SQLite
    /// numbers an `INTEGER PRIMARY KEY` past the largest stored, so none is reported there.
    pub(super) identity: Option<String>,
    /// The tables its foreign keys refer to (itself too, when a row refers to another).
    pub(super) refers_to: BTreeSet<String>,
}

/// A column and its type as declared (SQLite) or as the catalogue names it (PostgreSQL).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Column {
    /// Its name.
    pub(super) name: String,
    /// Its type: `INTEGER`, `BOOLEAN`, `double precision`, `text`…
    pub(super) declared: String,
}

/// Every column of every table, in the schema of the connection (PostgreSQL) or the main
/// database (SQLite), without the engine's own tables and sqlx's `_sqlx_migrations`, by table
/// then position: the table, the column, its type, its position in the primary key (0: not
/// in it), whether the database numbers it (0 or 1).
const SQLITE_COLUMNS: &str = "
    SELECT m.name AS table_name, p.name AS column_name, p.type AS declared,
           p.pk AS key_position, 0 AS numbered
    FROM sqlite_schema m, pragma_table_info(m.name) p
    WHERE m.type = 'table' AND substr(m.name, 1, 7) <> 'sqlite_'
      AND substr(m.name, 1, 6) <> '_sqlx_'
    ORDER BY m.name, p.cid";

/// [`SQLITE_COLUMNS`] on PostgreSQL.
const POSTGRES_COLUMNS: &str = "
    SELECT c.table_name::TEXT AS table_name, c.column_name::TEXT AS column_name,
           c.data_type::TEXT AS declared,
           CAST(COALESCE(k.ordinal_position, 0) AS BIGINT) AS key_position,
           CAST(CASE WHEN c.is_identity = 'YES' OR c.column_default LIKE 'nextval(%'
                     THEN 1 ELSE 0 END AS BIGINT) AS numbered
    FROM information_schema.columns c
    JOIN information_schema.tables t
      ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     AND t.table_type = 'BASE TABLE'
    LEFT JOIN (information_schema.table_constraints tc
               JOIN information_schema.key_column_usage k
                 ON k.constraint_schema = tc.constraint_schema
                AND k.constraint_name = tc.constraint_name
                AND k.table_name = tc.table_name)
      ON tc.constraint_type = 'PRIMARY KEY' AND tc.table_schema = c.table_schema
     AND k.table_name = c.table_name AND k.column_name = c.column_name
    WHERE c.table_schema = current_schema() AND substr(c.table_name, 1, 6) <> '_sqlx_'
    ORDER BY c.table_name, c.ordinal_position";

/// Every foreign key, as the table that has it and the table it refers to.
const SQLITE_FOREIGN_KEYS: &str = "
    SELECT m.name AS table_name, f.\"table\" AS refers_to
    FROM sqlite_schema m, pragma_foreign_key_list(m.name) f
    WHERE m.type = 'table'";

/// [`SQLITE_FOREIGN_KEYS`] on PostgreSQL.
const POSTGRES_FOREIGN_KEYS: &str = "
    SELECT t.relname::TEXT AS table_name, r.relname::TEXT AS refers_to
    FROM pg_constraint k
    JOIN pg_class t ON t.oid = k.conrelid
    JOIN pg_class r ON r.oid = k.confrelid
    WHERE k.contype = 'f'
      AND k.connamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())";

/// Every table of the database, by name.
///
/// # Errors
/// Database failure.
pub(super) async fn tables(conn: &mut Conn) -> Result<Vec<Table>, Error> {
    let (columns, foreign_keys) = match Backend::of(conn) {
        Backend::Sqlite => (SQLITE_COLUMNS, SQLITE_FOREIGN_KEYS),
        Backend::Postgres => (POSTGRES_COLUMNS, POSTGRES_FOREIGN_KEYS),
    };
    let mut tables: BTreeMap<String, Table> = BTreeMap::new();
    let mut keys: BTreeMap<String, Vec<(i64, String)>> = BTreeMap::new();
    for row in sqlx::query(columns).fetch_all(&mut *conn).await? {
        let name: String = row.try_get("table_name")?;
        let column: String = row.try_get("column_name")?;
        let table = tables.entry(name.clone()).or_insert_with(|| Table {
            name: name.clone(),
            columns: Vec::new(),
            key: Vec::new(),
            identity: None,
            refers_to: BTreeSet::new(),
        });
        let key_position: i64 = row.try_get("key_position")?;
        if key_position > 0 {
            keys.entry(name)
                .or_default()
                .push((key_position, column.clone()));
        }
        if row.try_get::<i64, _>("numbered")? != 0 {
            table.identity = Some(column.clone());
        }
        table.columns.push(Column {
            name: column,
            declared: row.try_get("declared")?,
        });
    }
    for (name, mut key) in keys {
        key.sort_unstable();
        if let Some(table) = tables.get_mut(&name) {
            table.key = key.into_iter().map(|(_, column)| column).collect();
        }
    }
    for row in sqlx::query(foreign_keys).fetch_all(&mut *conn).await? {
        let name: String = row.try_get("table_name")?;
        let refers_to: String = row.try_get("refers_to")?;
        if let Some(table) = tables.get_mut(&name) {
            table.refers_to.insert(refers_to);
        }
    }
    Ok(tables.into_values().collect())
}
