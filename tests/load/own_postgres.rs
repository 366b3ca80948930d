//! A PostgreSQL server of the run's own, for an outage run to stop and start again while the
//! bots run: a cluster made with `initdb` in a temporary folder and started on a free port of
//! 127.0.0.1, trusting local connections and skipping fsync (as `.ci/postgres-server` does).
//! Never the shared server of `MQ_TEST_POSTGRES_URL`. As root, PostgreSQL's programs run as the
//! `postgres` user (the server refuses to run as root); the folder is then given to it.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;

use tempfile::TempDir;

/// A running cluster of the run's own; stopped when dropped.
pub struct OwnPostgres {
    dir: TempDir,
    bin: PathBuf,
    port: u16,
}

impl OwnPostgres {
    /// Makes a cluster and starts it.
    ///
    /// # Panics
    /// When PostgreSQL's programs are missing (`pg_config --bindir` names where they are) or
    /// the cluster can't be made or started.
    pub fn start() -> OwnPostgres {
        let bin = bindir().expect("PostgreSQL's programs, for a server of the run's own");
        let dir = tempfile::tempdir().unwrap();
        if is_root() {
            run(Command::new("chown").arg("postgres").arg(dir.path()));
        }
        let port = free_port();
        let server = OwnPostgres { dir, bin, port };
        let data = server.data();
        server.run_as_postgres(
            "initdb",
            &["-D", &data, "-A", "trust", "-U", "postgres", "--no-sync"],
        );
        server.start_again();
        server
    }

    /// The server's URL (its `postgres` database).
    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    /// Stops the server as an operator's restart does (`pg_ctl stop -m fast`: sessions are
    /// ended, open transactions rolled back), waiting until it is down.
    pub fn stop(&self) {
        self.run_as_postgres("pg_ctl", &["-D", &self.data(), "-m", "fast", "-w", "stop"]);
    }

    /// Starts the (stopped) server, waiting until it accepts connections.
    pub fn start_again(&self) {
        let options = format!(
            "-c listen_addresses=127.0.0.1 -p {} -k {} -c fsync=off -c max_connections=300",
            self.port,
            self.dir.path().display()
        );
        let log = self.dir.path().join("server.log");
        self.run_as_postgres(
            "pg_ctl",
            &[
                "-D",
                &self.data(),
                "-l",
                &log.display().to_string(),
                "-o",
                &options,
                "-w",
                "start",
            ],
        );
    }

    fn data(&self) -> String {
        self.dir.path().join("data").display().to_string()
    }

    fn run_as_postgres(&self, program: &str, args: &[&str]) {
        let program = self.bin.join(program);
        let mut command = if is_root() {
            let mut command = Command::new("runuser");
            command.args(["-u", "postgres", "--"]).arg(&program);
            command
        } else {
            Command::new(&program)
        };
        run(command.args(args).current_dir(self.dir.path()));
    }
}

impl Drop for OwnPostgres {
    fn drop(&mut self) {
        let mut command = if is_root() {
            let mut command = Command::new("runuser");
            command.args(["-u", "postgres", "--"]);
            command.arg(self.bin.join("pg_ctl"));
            command
        } else {
            Command::new(self.bin.join("pg_ctl"))
        };
        let _ = command
            .args(["-D", &self.data(), "-m", "immediate", "stop"])
            .current_dir(self.dir.path())
            .output();
    }
}

/// Where PostgreSQL's programs are: `pg_config --bindir`, else the newest
/// `/usr/lib/postgresql/*/bin` (Debian's, where `pg_config` may be missing).
fn bindir() -> Option<PathBuf> {
    let asked = Command::new("pg_config").arg("--bindir").output().ok();
    if let Some(output) = asked.filter(|o| o.status.success()) {
        return Some(PathBuf::from(
            String::from_utf8_lossy(&output.stdout).trim(),
        ));
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|entry| {
            let entry = entry.ok()?;
            let version = entry.file_name().to_str()?.parse().ok()?;
            Some((version, entry.path().join("bin")))
        })
        .filter(|(_, bin)| bin.join("initdb").exists())
        .collect();
    versions.sort();
    versions.pop().map(|(_, bin)| bin)
}

/// Runs `command`, panicking with its output unless it succeeds.
fn run(command: &mut Command) {
    let output = command.output().expect("a PostgreSQL program starts");
    assert!(
        output.status.success(),
        "{command:?} failed: {}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

fn is_root() -> bool {
    std::fs::metadata(Path::new("/proc/self")).is_ok_and(|m| {
        use std::os::unix::fs::MetadataExt;
        m.uid() == 0
    })
}

/// A port of 127.0.0.1 nobody listens on now.
fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}
