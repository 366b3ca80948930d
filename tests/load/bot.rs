//! The bot as a child process: started on the fake Discord and a database file, its output
//! drained to a log file (counting ERROR lines and panics), its memory sampled from `/proc`,
//! and stopped either cleanly (SIGTERM) or hard (SIGKILL).

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWriteExt, BufReader};
use tokio::process::{Child, Command};
use tokio::task::JoinHandle;

use monkey_queen::games::DATABASE_UNREACHABLE;

use crate::support::fake_discord::{FakeDiscord, TOKEN};
use crate::support::payloads::GUILD_ID;

/// How often the bot's resident memory is sampled.
const RSS_EVERY: Duration = Duration::from_millis(250);

/// What the bot's output said, over all its lives.
#[derive(Debug, Default)]
pub struct LogCounts {
    /// Lines logged at ERROR level.
    pub errors: AtomicU64,
    /// Lines reporting a panic.
    pub panics: AtomicU64,
    /// Lines logged at ERROR level that say the database can't be reached (not counted in
    /// `errors`).
    pub unreachable: AtomicU64,
    /// The first few ERROR / panic lines, to show in the report.
    pub examples: Mutex<Vec<String>>,
}

impl LogCounts {
    fn see(&self, line: &str) {
        let unreachable = line.contains(" ERROR ") && line.contains(DATABASE_UNREACHABLE);
        let error = line.contains(" ERROR ") && !unreachable;
        let panic = line.contains("panicked");
        if unreachable {
            self.unreachable.fetch_add(1, Ordering::Relaxed);
        }
        if error {
            self.errors.fetch_add(1, Ordering::Relaxed);
        }
        if panic {
            self.panics.fetch_add(1, Ordering::Relaxed);
        }
        if error || panic {
            let mut examples = self.examples.lock().unwrap();
            if examples.len() < 5 {
                examples.push(line.to_owned());
            }
        }
    }
}

/// Memory of one life of the bot.
#[derive(Debug, Clone, Default)]
pub struct Memory {
    /// `VmRSS` samples in KiB, with the time since the process started.
    pub samples: Vec<(Duration, u64)>,
    /// The most threads the process had at once.
    pub threads: u64,
    /// `VmHWM` (peak resident memory) in KiB, read just before the process was stopped.
    pub peak_kib: u64,
    /// User + system CPU time the process used, read at the same moment.
    pub cpu: Duration,
    /// Of that, the puzzle miner's thread's (work nobody waits for, at the lowest priority).
    pub miner_cpu: Duration,
    /// How long it lived.
    pub lived: Duration,
}

/// The configuration every life of the bot shares.
pub struct BotSetup {
    /// Where the log lives, and the database when it is a SQLite file.
    pub dir: PathBuf,
    /// The database every process uses.
    pub database_url: String,
    /// Gateway shards in all; each process runs one (1: one process, commands in the test
    /// server; more: commands registered globally, as pairs play in servers of their own).
    pub shards: u32,
    /// The fake Discord's REST base URL.
    pub api_url: String,
    /// The bot's output, all lives appended.
    pub log: PathBuf,
    /// What the output said.
    pub counts: Arc<LogCounts>,
    /// Whether each process is a worker that gets interactions by HTTP (`INTERACTIONS_ONLY`).
    pub http: bool,
}

/// One running bot process.
pub struct Bot {
    child: Child,
    /// Where its web server listens, when it is an HTTP worker.
    web_addr: Option<SocketAddr>,
    pid: u32,
    started: Instant,
    sampler: JoinHandle<()>,
    samples: Arc<Mutex<Vec<(Duration, u64)>>>,
    threads: Arc<AtomicU64>,
    drains: Vec<JoinHandle<()>>,
}

impl Bot {
    /// Starts the binary in `setup.dir` (away from any developer's `.env`), running `shard`.
    pub async fn start(setup: &BotSetup, shard: u32) -> Bot {
        let mut command = Command::new(env!("CARGO_BIN_EXE_monkey-queen"));
        if setup.shards == 1 {
            command.env("DEV_GUILD_ID", GUILD_ID.to_string());
        } else {
            command
                .env("SHARDS", shard.to_string())
                .env("SHARD_COUNT", setup.shards.to_string())
                .env_remove("DEV_GUILD_ID");
        }
        let web_addr = setup.http.then(free_address);
        if let Some(addr) = web_addr {
            command
                .env("WEB_ADDR", addr.to_string())
                .env("DISCORD_PUBLIC_KEY", FakeDiscord::public_key())
                .env("INTERACTIONS_ONLY", "1");
        }
        let mut child = command
            .current_dir(&setup.dir)
            .env("DATABASE_URL", &setup.database_url)
            .env("DISCORD_TOKEN", TOKEN)
            .env("DISCORD_API_URL", &setup.api_url)
            .env(
                "RUST_LOG",
                std::env::var("MQ_LOAD_BOT_LOG").unwrap_or("warn,monkey_queen=info".into()),
            )
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .expect("the bot binary starts");
        let pid = child.id().expect("a running child has a pid");
        let drains = vec![
            tokio::spawn(drain(
                child.stdout.take().unwrap(),
                setup.log.clone(),
                setup.counts.clone(),
            )),
            tokio::spawn(drain(
                child.stderr.take().unwrap(),
                setup.log.clone(),
                setup.counts.clone(),
            )),
        ];
        let started = Instant::now();
        let samples = Arc::new(Mutex::new(Vec::new()));
        let threads = Arc::new(AtomicU64::new(0));
        let sampler = tokio::spawn(sample_rss(pid, started, samples.clone(), threads.clone()));
        Bot {
            child,
            web_addr,
            pid,
            started,
            sampler,
            samples,
            threads,
            drains,
        }
    }

    /// Its interactions endpoint, when it is an HTTP worker. The worker binds its address
    /// before it registers its commands, so once they are registered the endpoint takes
    /// connections.
    pub fn endpoint(&self) -> Option<String> {
        self.web_addr
            .map(|addr| format!("http://{addr}/interactions"))
    }

    /// SIGKILL: the process dies wherever it is, mid-transaction or mid-upload.
    pub async fn kill(self) -> Memory {
        self.stop("-KILL").await
    }

    /// SIGTERM: the bot drains its handlers and exits; panics unless it exits cleanly
    /// within 15 s.
    pub async fn terminate(self) -> Memory {
        self.stop("-TERM").await
    }

    async fn stop(mut self, signal: &str) -> Memory {
        let (peak_kib, cpu) = (peak_rss(self.pid), cpu_time(self.pid));
        let miner_cpu = thread_cpu_time(self.pid, "puzzle-miner");
        let sent = Command::new("kill")
            .args([signal, &self.pid.to_string()])
            .status()
            .await
            .unwrap();
        assert!(sent.success(), "kill {signal} failed");
        let status = tokio::time::timeout(Duration::from_secs(15), self.child.wait())
            .await
            .expect("the bot exits within 15 s of the signal")
            .unwrap();
        if signal == "-TERM" {
            assert!(status.success(), "the bot's exit after SIGTERM: {status:?}");
        }
        let lived = self.started.elapsed();
        self.sampler.abort();
        let samples = self.samples.lock().unwrap().clone();
        for drain in self.drains {
            let _ = drain.await;
        }
        Memory {
            samples,
            threads: self.threads.load(Ordering::Relaxed),
            peak_kib,
            cpu,
            miner_cpu,
            lived,
        }
    }
}

/// A free port on 127.0.0.1, for a worker's web server.
fn free_address() -> SocketAddr {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    listener.local_addr().expect("its address")
}

/// Copies the lines of `stream` to `log`, counting errors and panics.
async fn drain(stream: impl AsyncRead + Unpin, log: PathBuf, counts: Arc<LogCounts>) {
    let mut file = tokio::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&log)
        .await
        .unwrap();
    let mut lines = BufReader::new(stream).lines();
    while let Ok(Some(line)) = lines.next_line().await {
        counts.see(&line);
        let _ = file.write_all(format!("{line}\n").as_bytes()).await;
    }
    let _ = file.flush().await;
}

/// Samples `VmRSS` into `samples`, and the most threads into `threads`, until the process is
/// gone (or the task is aborted).
async fn sample_rss(
    pid: u32,
    started: Instant,
    samples: Arc<Mutex<Vec<(Duration, u64)>>>,
    threads: Arc<AtomicU64>,
) {
    let mut ticks = tokio::time::interval(RSS_EVERY);
    loop {
        ticks.tick().await;
        match status_field(pid, "VmRSS:") {
            Some(kib) => samples.lock().unwrap().push((started.elapsed(), kib)),
            None => break,
        }
        if let Some(now) = status_field(pid, "Threads:") {
            threads.fetch_max(now, Ordering::Relaxed);
        }
    }
}

/// A `kB` field of `/proc/PID/status`.
fn status_field(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|line| line.strip_prefix(field))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|kib| kib.parse().ok())
}

/// The process's peak resident memory, in KiB.
fn peak_rss(pid: u32) -> u64 {
    status_field(pid, "VmHWM:").unwrap_or(0)
}

/// User + system CPU time of a process (`/proc/PID/stat`, in clock ticks of 1/100 s).
pub fn cpu_time(pid: u32) -> Duration {
    cpu_time_at(format!("/proc/{pid}/stat"))
}

/// User + system CPU time of the threads of a process named `name` (`/proc/PID/task/*/comm`).
fn thread_cpu_time(pid: u32, name: &str) -> Duration {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return Duration::ZERO;
    };
    tasks
        .flatten()
        .filter(|task| {
            std::fs::read_to_string(task.path().join("comm")).is_ok_and(|comm| comm.trim() == name)
        })
        .map(|task| cpu_time_at(task.path().join("stat")))
        .sum()
}

/// CPU time of the test process itself.
pub fn own_cpu_time() -> Duration {
    cpu_time_at("/proc/self/stat")
}

fn cpu_time_at(path: impl AsRef<Path>) -> Duration {
    let Ok(stat) = std::fs::read_to_string(path) else {
        return Duration::ZERO;
    };
    // Fields after the command name (which is in parentheses and may hold spaces).
    let Some(rest) = stat.rsplit_once(')').map(|(_, rest)| rest) else {
        return Duration::ZERO;
    };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = [11, 12]
        .iter()
        .filter_map(|&i| fields.get(i).and_then(|f| f.parse::<u64>().ok()))
        .sum();
    Duration::from_millis(ticks * 10)
}
