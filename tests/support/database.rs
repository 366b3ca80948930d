//! A fresh database for one test: a SQLite file in a temporary folder, or, when
//! `MQ_TEST_BACKEND=postgres`, a database of its own on the PostgreSQL server at
//! `MQ_TEST_POSTGRES_URL` (dropped when the test ends). `.ci/run` runs the storage, service
//! and Discord suites once on each. The tests that need a server pass without running when
//! none is named, unless `MQ_TEST_POSTGRES=required` (as `.ci/run` sets), where they fail.

use std::sync::Once;
use std::sync::atomic::{AtomicU32, Ordering};

use sqlx::{Connection, Executor, PgConnection};
use tempfile::TempDir;

/// The variable naming the PostgreSQL server tests may create databases on.
pub const POSTGRES_URL_VAR: &str = "MQ_TEST_POSTGRES_URL";
/// The variable that moves every suite's databases to that server.
pub const BACKEND_VAR: &str = "MQ_TEST_BACKEND";
/// The variable that makes a missing server a failure instead of a test passed without
/// running (`MQ_TEST_POSTGRES=required`, as `.ci/run` sets).
pub const REQUIRED_VAR: &str = "MQ_TEST_POSTGRES";

/// One test's database.
pub struct TestDb {
    /// The `DATABASE_URL` of it.
    pub url: String,
    /// A SQLite file's folder, deleted at the end.
    _dir: Option<TempDir>,
    /// A PostgreSQL database's server and name, dropped at the end.
    postgres: Option<(String, String)>,
}

impl TestDb {
    /// A database on the backend `MQ_TEST_BACKEND` names (SQLite unless it says `postgres`).
    pub async fn new() -> TestDb {
        match std::env::var(BACKEND_VAR).as_deref() {
            Ok("postgres") => {
                let server = std::env::var(POSTGRES_URL_VAR).unwrap_or_else(|_| {
                    panic!("{BACKEND_VAR}=postgres needs {POSTGRES_URL_VAR}=postgres://…")
                });
                TestDb::postgres(&server).await
            }
            Ok("sqlite") | Err(_) => TestDb::sqlite(),
            Ok(other) => panic!("{BACKEND_VAR} is sqlite or postgres, not {other:?}"),
        }
    }

    /// A new SQLite file, whatever `MQ_TEST_BACKEND` says (for tests of SQLite itself).
    pub fn sqlite() -> TestDb {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}?mode=rwc", dir.path().join("test.db").display());
        TestDb {
            url,
            _dir: Some(dir),
            postgres: None,
        }
    }

    /// A new, empty database on the PostgreSQL server at `server`.
    pub async fn postgres(server: &str) -> TestDb {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let name = format!(
            "mq_test_{}_{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let mut admin = PgConnection::connect(server).await.unwrap();
        admin
            .execute(sqlx::AssertSqlSafe(format!(
                "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
            )))
            .await
            .unwrap();
        admin
            .execute(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
            .await
            .unwrap();
        admin.close().await.unwrap();
        let mut url = url::Url::parse(server).unwrap();
        url.set_path(&name);
        TestDb {
            url: url.to_string(),
            _dir: None,
            postgres: Some((server.to_owned(), name)),
        }
    }

    /// Whether this is a PostgreSQL database.
    pub fn is_postgres(&self) -> bool {
        self.postgres.is_some()
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        let Some((server, name)) = self.postgres.take() else {
            return;
        };
        // Drop runs inside the test's runtime, which can't be blocked on: a thread of its own.
        let dropped = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async {
                let mut admin = PgConnection::connect(&server).await?;
                admin
                    .execute(sqlx::AssertSqlSafe(format!(
                        "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
                    )))
                    .await?;
                admin.close().await
            })
        });
        let _ = dropped.join();
    }
}

/// The PostgreSQL server for a test that needs one, or `None` when `MQ_TEST_POSTGRES_URL` is
/// unset: then the test passes without running, and the first such test of the binary says
/// so in one line (written past the test harness's capture, so `cargo test` shows it).
///
/// # Panics
/// When `MQ_TEST_POSTGRES=required` and no server is named: the tests that need one fail.
pub fn postgres_server() -> Option<String> {
    static SAID: Once = Once::new();
    let server = std::env::var(POSTGRES_URL_VAR).ok();
    if server.is_none() {
        let required = std::env::var(REQUIRED_VAR).is_ok_and(|v| v == "required");
        assert!(
            !required,
            "{REQUIRED_VAR}=required, but {POSTGRES_URL_VAR} is unset: name a PostgreSQL server \
             (.ci/postgres-server start DIR prints one's URL)"
        );
        SAID.call_once(|| {
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "PostgreSQL tests not run: set {POSTGRES_URL_VAR}=postgres://USER@HOST/DB to \
                 run them (.ci/run starts a server and does, with {REQUIRED_VAR}=required)"
            );
        });
    }
    server
}
