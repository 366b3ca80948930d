//! The `web` part of `monkey-queen bench`: a `monkey-queen web` server in a process of its own,
//! on a fresh SQLite file, driven over loopback as browsers would drive it. It reports the
//! bytes a game page loads, the time to serve it, and how long a move takes to reach the
//! pages watching: a thousand on one game, and one on each of a thousand games, with the
//! server process's CPU time and memory.

use std::collections::BTreeSet;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use monkey_queen_core::{GameOptions, Position};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use reqwest::Client;
use tokio::sync::mpsc;

/// Plies played before the page is weighed, so it carries a real game.
const PLIES_BEFORE: u32 = 40;
/// Moves timed on the game a thousand pages watch.
const TIMED_MOVES: usize = 30;

/// The server process, killed when dropped.
struct Server {
    child: Child,
    base: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    /// Its CPU time so far (user and system), from `/proc`.
    fn cpu(&self) -> Duration {
        super::cpu_time(self.child.id())
    }

    /// Its resident memory now and at its peak, in MiB, from `/proc`.
    fn memory(&self) -> (f64, f64) {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap_or_default();
        let kib = |name: &str| {
            status
                .lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
                .unwrap_or(0.0)
        };
        (kib("VmRSS:") / 1024.0, kib("VmHWM:") / 1024.0)
    }
}

/// Measures with `watchers` pages (1,000 by default).
pub fn run(watchers: usize) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    let dir = super::BenchDir::new("web")?;
    runtime.block_on(measure(&dir, watchers.max(1)))
}

async fn measure(dir: &super::BenchDir, watchers: usize) -> Result<(), String> {
    let server = start_server(dir).await?;
    let client = Client::new();
    let key = new_game(&client, &server).await?;
    let mut position = Position::start(GameOptions::default());
    let mut rng = SmallRng::seed_from_u64(7);
    for _ in 0..PLIES_BEFORE {
        play_random(&client, &server, &key, &mut position, &mut rng).await?;
    }
    page_weight(&client, &server, &key).await?;
    page_time(&client, &server, &key).await?;

    // A thousand pages on one game.
    let (events, mut arrivals) = mpsc::unbounded_channel();
    for watcher in 0..watchers {
        watch(&server, &key, watcher, events.clone()).await?;
    }
    wait_for(&mut arrivals, watchers).await?;
    let (cpu_before, started) = (server.cpu(), Instant::now());
    let mut delays = Vec::with_capacity(TIMED_MOVES * watchers);
    for _ in 0..TIMED_MOVES {
        if position.outcome().is_some() {
            break;
        }
        let sent = Instant::now();
        play_random(&client, &server, &key, &mut position, &mut rng).await?;
        for (_, at) in wait_for(&mut arrivals, watchers).await? {
            delays.push(at.duration_since(sent));
        }
    }
    report(
        &format!("a move until {watchers} pages watching one game show it"),
        &mut delays,
        server.cpu() - cpu_before,
        started.elapsed(),
        server.memory(),
    );

    // One page on each of a thousand games.
    let mut games = Vec::with_capacity(watchers);
    for watcher in 0..watchers {
        let key = new_game(&client, &server).await?;
        watch(&server, &key, watchers + watcher, events.clone()).await?;
        games.push(key);
    }
    wait_for(&mut arrivals, watchers).await?;
    let (cpu_before, started) = (server.cpu(), Instant::now());
    let mut delays = Vec::with_capacity(watchers);
    for key in &games {
        let mut position = Position::start(GameOptions::default());
        let sent = Instant::now();
        play_random(&client, &server, key, &mut position, &mut rng).await?;
        for (_, at) in wait_for(&mut arrivals, 1).await? {
            delays.push(at.duration_since(sent));
        }
    }
    report(
        &format!("a move until the page watching it shows it, {watchers} games watched"),
        &mut delays,
        server.cpu() - cpu_before,
        started.elapsed(),
        server.memory(),
    );
    Ok(())
}

/// Starts `monkey-queen web` on a free port of 127.0.0.1 and waits until it answers.
async fn start_server(dir: &super::BenchDir) -> Result<Server, String> {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map_err(|e| format!("no free port: {e}"))?
        .port();
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let child = Command::new(exe)
        .args(["web", "--addr", &format!("127.0.0.1:{port}")])
        .args([
            "--database-url",
            &dir.url(),
            "--requests-per-second",
            "1000000",
        ])
        .args(["--log", "error"])
        .stdout(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    let server = Server {
        child,
        base: format!("http://127.0.0.1:{port}"),
    };
    let client = Client::new();
    let deadline = Instant::now() + Duration::from_secs(30);
    while Instant::now() < deadline {
        if let Ok(answer) = client.get(&server.base).send().await
            && answer.status().is_success()
        {
            return Ok(server);
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Err("the server did not answer within 30 s".to_owned())
}

/// Starts a game of two people at the screen; its page's key.
async fn new_game(client: &Client, server: &Server) -> Result<String, String> {
    let answer = client
        .post(format!("{}/api/games", server.base))
        .header("content-type", "application/json")
        .body(r#"{"opponent":"human","color":"white"}"#)
        .send()
        .await
        .map_err(|e| e.to_string())?;
    let body = answer.text().await.map_err(|e| e.to_string())?;
    let json: serde_json::Value =
        serde_json::from_str(&body).map_err(|e| format!("{e}: {body}"))?;
    json["url"]
        .as_str()
        .and_then(|url| url.strip_prefix("/g/"))
        .map(str::to_owned)
        .ok_or_else(|| format!("no game: {body}"))
}

/// Plays a random legal move in the game at `key`, as its page would.
async fn play_random(
    client: &Client,
    server: &Server,
    key: &str,
    position: &mut Position,
    rng: &mut SmallRng,
) -> Result<(), String> {
    let moves = position.legal_moves();
    let mv = moves[rng.random_range(0..moves.len())];
    let body = format!(r#"{{"ply":{},"move":"{mv}"}}"#, position.ply());
    let answer = client
        .post(format!("{}/api/games/{key}/moves", server.base))
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .map_err(|e| e.to_string())?;
    if !answer.status().is_success() {
        return Err(format!("move {mv} refused: {}", answer.status()));
    }
    position.play_unchecked(mv);
    Ok(())
}

/// Opens a page's live stream; each state it is sent is reported as `(watcher, when)`. Each
/// watcher comes from an address of its own on loopback (127.1.x.y), as pages in as many
/// browsers would: the server holds each client to a few live streams.
async fn watch(
    server: &Server,
    key: &str,
    watcher: usize,
    events: mpsc::UnboundedSender<(usize, Instant)>,
) -> Result<(), String> {
    let [.., high, low] = u32::try_from(watcher).unwrap_or(u32::MAX).to_be_bytes();
    let client = Client::builder()
        .local_address(std::net::IpAddr::V4(std::net::Ipv4Addr::new(
            127, 1, high, low,
        )))
        .build()
        .map_err(|e| e.to_string())?;
    let mut answer = client
        .get(format!("{}/api/games/{key}/events", server.base))
        .send()
        .await
        .map_err(|e| e.to_string())?;
    if !answer.status().is_success() {
        return Err(format!(
            "watcher {watcher}'s stream was refused: {}",
            answer.status()
        ));
    }
    tokio::spawn(async move {
        while let Ok(Some(chunk)) = answer.chunk().await {
            let at = Instant::now();
            let states = chunk.windows(12).filter(|w| w == b"event: state").count();
            for _ in 0..states {
                if events.send((watcher, at)).is_err() {
                    return;
                }
            }
        }
    });
    Ok(())
}

/// The next `count` arrivals, within a minute.
async fn wait_for(
    arrivals: &mut mpsc::UnboundedReceiver<(usize, Instant)>,
    count: usize,
) -> Result<Vec<(usize, Instant)>, String> {
    let mut got = Vec::with_capacity(count);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    while got.len() < count {
        match tokio::time::timeout_at(deadline, arrivals.recv()).await {
            Ok(Some(arrival)) => got.push(arrival),
            _ => {
                return Err(format!(
                    "{} of {count} pages were shown the move",
                    got.len()
                ));
            }
        }
    }
    Ok(got)
}

/// The bytes a browser loads for the game page: the page, its style sheet and every module
/// `game.js` imports, as served and gzip-compressed.
async fn page_weight(client: &Client, server: &Server, key: &str) -> Result<(), String> {
    let mut files = vec![format!("/g/{key}"), "/assets/page.css".to_owned()];
    let mut modules = BTreeSet::from(["game.js".to_owned()]);
    let mut pending = vec!["game.js".to_owned()];
    while let Some(module) = pending.pop() {
        let text = fetch(client, server, &format!("/assets/{module}"), false)
            .await
            .map(|b| String::from_utf8_lossy(&b).into_owned())?;
        for import in imports(&text) {
            if modules.insert(import.clone()) {
                pending.push(import);
            }
        }
    }
    files.extend(modules.iter().map(|m| format!("/assets/{m}")));
    let (mut plain, mut gzipped) = (0, 0);
    for file in &files {
        plain += fetch(client, server, file, false).await?.len();
        gzipped += fetch(client, server, file, true).await?.len();
    }
    println!(
        "game page after {PLIES_BEFORE} plies: {} requests, {:.1} KB as sent uncompressed, {:.1} KB gzip (board PNG for unfurls not included)",
        files.len(),
        plain as f64 / 1000.0,
        gzipped as f64 / 1000.0
    );
    Ok(())
}

/// The modules a script imports (`from "./x.js"`).
fn imports(script: &str) -> Vec<String> {
    script
        .split("from ")
        .skip(1)
        .filter_map(|rest| {
            let quote = rest.chars().next().filter(|c| *c == '"' || *c == '\'')?;
            let name = rest[1..].split(quote).next()?;
            Some(name.strip_prefix("./")?.to_owned())
        })
        .collect()
}

/// The body of `path`, compressed or not.
async fn fetch(
    client: &Client,
    server: &Server,
    path: &str,
    gzip: bool,
) -> Result<Vec<u8>, String> {
    let mut request = client.get(format!("{}{path}", server.base));
    if gzip {
        request = request.header("accept-encoding", "gzip");
    }
    let answer = request.send().await.map_err(|e| e.to_string())?;
    if !answer.status().is_success() {
        return Err(format!("{path}: {}", answer.status()));
    }
    Ok(answer.bytes().await.map_err(|e| e.to_string())?.to_vec())
}

/// The median time to serve the game page, HTML with its state, over loopback.
async fn page_time(client: &Client, server: &Server, key: &str) -> Result<(), String> {
    let mut times = Vec::new();
    for _ in 0..101 {
        let started = Instant::now();
        fetch(client, server, &format!("/g/{key}"), false).await?;
        times.push(started.elapsed());
    }
    times.sort();
    println!(
        "game page served (request to last byte, loopback): median {:.2} ms, p99 {:.2} ms",
        ms(times[times.len() / 2]),
        ms(times[times.len() * 99 / 100])
    );
    Ok(())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// One line of figures: the delays' median and 99th percentile, the server's CPU over the
/// wall time, and its memory.
fn report(what: &str, delays: &mut [Duration], cpu: Duration, wall: Duration, memory: (f64, f64)) {
    delays.sort();
    let at = |q: usize| {
        delays
            .get(delays.len() * q / 100)
            .copied()
            .unwrap_or_default()
    };
    println!(
        "{what}: p50 {:.1} ms, p99 {:.1} ms ({} deliveries); server CPU {:.2} s in {:.1} s; RSS {:.0} MiB (peak {:.0} MiB)",
        ms(at(50)),
        ms(at(99)),
        delays.len(),
        cpu.as_secs_f64(),
        wall.as_secs_f64(),
        memory.0,
        memory.1
    );
}
