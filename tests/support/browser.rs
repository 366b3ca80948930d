//! Headless Chromium for the game pages' tests, driven through chromedriver with fantoccini.
//!
//! [`Browser::start`] starts chromedriver on a free port and opens a session on a fresh
//! profile; dropping the [`Browser`] ends the session (which closes Chromium) and stops
//! chromedriver, also when the test fails. Beside the WebDriver client it gives what the
//! pages' tests check every time: the browser console ([`Browser::assert_console_clean`]),
//! axe-core's serious and critical findings ([`Browser::axe_violations`], axe-core vendored
//! in `support/axe/`), and waits on the page's state ([`Browser::wait_for`]).
//!
//! At most three browsers run at once in a test binary ([`BROWSERS`]; a test that needs several
//! takes their turns at once, [`Browser::start_several`]): the other tests wait for their turn,
//! so browsers never crowd a small machine (several starting at once on two cores made
//! Chromium miss its start-up patience). Starting one waits up to [`START_PATIENCE`], apart
//! from the patience of the test's own waits.
//!
//! Where no chromedriver or Chromium is installed, a test is skipped with one line, unless
//! `MQ_TEST_BROWSER=required` (as `.ci/run` sets), where it fails.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};
use tempfile::TempDir;
use tokio::sync::{Semaphore, SemaphorePermit};

/// The variable that makes a missing browser a failure instead of a skipped test.
pub const REQUIRED_VAR: &str = "MQ_TEST_BROWSER";
/// The most browsers a test binary runs at once: the most one test needs.
const MOST_BROWSERS: usize = 3;
/// The turns to run a browser in this test binary.
static BROWSERS: Semaphore = Semaphore::const_new(MOST_BROWSERS);
/// How long chromedriver and Chromium may take to start, each step (the machine may be busy).
const START_PATIENCE: Duration = Duration::from_secs(120);
/// How often [`Browser::wait_for`] looks at the page again.
const POLL: Duration = Duration::from_millis(40);
/// axe-core, injected into the page under test.
const AXE: &str = include_str!("axe/axe.min.js");
/// Chromium's switches: headless, and nothing that talks to the network by itself.
const SWITCHES: &[&str] = &[
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
];

/// One line of the browser console, as chromedriver reports it.
#[derive(Debug, Clone)]
pub struct ConsoleEntry {
    /// `SEVERE` (errors), `WARNING`, `INFO` or `DEBUG`.
    pub level: String,
    /// The text, with where it came from.
    pub message: String,
}

/// A rule axe-core found broken, of impact `serious` or `critical`.
#[derive(Debug, Clone)]
pub struct Violation {
    /// axe's rule id (`color-contrast`, `button-name`, …).
    pub id: String,
    /// `serious` or `critical`.
    pub impact: String,
    /// What the rule asks for.
    pub help: String,
    /// Selectors of the first few elements that break it.
    pub targets: Vec<String>,
}

/// A headless Chromium session and the chromedriver serving it.
pub struct Browser {
    /// The WebDriver client, for the test to drive the page with.
    pub client: Client,
    driver: Driver,
    session: String,
    /// Chromium's main process, killed if the session could not be ended.
    browser_pid: Option<u32>,
    patience: Duration,
    console: Mutex<Vec<ConsoleEntry>>,
    http: reqwest::Client,
    _profile: TempDir,
    /// This browser's turn among [`BROWSERS`], given back once it is closed (fields drop
    /// after `Drop::drop` ends the session, in order: the driver, then this).
    _turn: SemaphorePermit<'static>,
}

/// The chromedriver process and its port.
struct Driver {
    child: Child,
    port: u16,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Browser {
    /// Starts chromedriver and a Chromium session with a `width`×`height` viewport, once it is
    /// this test's turn ([`BROWSERS`]), waiting up to [`START_PATIENCE`] for each step; the
    /// page's waits ([`Browser::wait_for`]) take up to `patience`. `None` when
    /// chromedriver or Chromium is not installed and [`REQUIRED_VAR`] is not `required`: the
    /// test then returns at once (it has said why on stderr).
    ///
    /// # Panics
    /// When a browser is required and missing, or does not start.
    pub async fn start(width: u32, height: u32, patience: Duration) -> Option<Browser> {
        let browsers = Browser::start_several(1, width, height, patience).await?;
        browsers.into_iter().next()
    }

    /// Starts `count` browsers as [`Browser::start`] does, once `count` turns are free at
    /// once (so two tests never wait on each other's turns).
    ///
    /// # Panics
    /// As [`Browser::start`]; and when `count` is more than [`MOST_BROWSERS`].
    pub async fn start_several(
        count: usize,
        width: u32,
        height: u32,
        patience: Duration,
    ) -> Option<Vec<Browser>> {
        Browser::start_several_speaking(count, width, height, patience, None).await
    }

    /// As [`Browser::start`], for a person whose browser asks for `languages` (its
    /// `Accept-Language`, e.g. `"de"`).
    ///
    /// # Panics
    /// As [`Browser::start`].
    pub async fn start_speaking(
        width: u32,
        height: u32,
        patience: Duration,
        languages: &str,
    ) -> Option<Browser> {
        let browsers =
            Browser::start_several_speaking(1, width, height, patience, Some(languages)).await?;
        browsers.into_iter().next()
    }

    /// As [`Browser::start_several`], asking for `languages` where given.
    async fn start_several_speaking(
        count: usize,
        width: u32,
        height: u32,
        patience: Duration,
        languages: Option<&str>,
    ) -> Option<Vec<Browser>> {
        assert!(
            count <= MOST_BROWSERS,
            "at most {MOST_BROWSERS} browsers at once"
        );
        let (Some(chromedriver), Some(chromium)) = (chromedriver(), chromium()) else {
            let required = std::env::var(REQUIRED_VAR).is_ok_and(|v| v == "required");
            assert!(
                !required,
                "{REQUIRED_VAR}=required, but chromedriver or chromium is missing: install them \
                 (Debian: apt-get install chromium chromium-driver) or name them with \
                 CHROMEDRIVER=… and CHROMIUM=…"
            );
            eprintln!(
                "skipped: no chromedriver/chromium (set {REQUIRED_VAR}=required to require them)"
            );
            return None;
        };
        let mut turns = BROWSERS
            .acquire_many(u32::try_from(count).expect("a few browsers"))
            .await
            .expect("the browsers' turns are never closed");
        let mut browsers = Vec::with_capacity(count);
        for _ in 0..count {
            let turn = turns.split(1).expect("a turn for each browser");
            let size = (width, height);
            browsers.push(
                Browser::launch(&chromedriver, &chromium, size, patience, turn, languages).await,
            );
        }
        Some(browsers)
    }

    /// Starts chromedriver and a Chromium session in `turn`, its viewport `size` big.
    async fn launch(
        chromedriver: &Path,
        chromium: &Path,
        (width, height): (u32, u32),
        patience: Duration,
        turn: SemaphorePermit<'static>,
        languages: Option<&str>,
    ) -> Browser {
        let http = reqwest::Client::new();
        let driver = start_driver(chromedriver, START_PATIENCE).await;
        await_ready(&http, driver.port, START_PATIENCE).await;
        let profile = tempfile::tempdir().expect("a temporary folder for the profile");
        let mut args: Vec<String> = SWITCHES.iter().map(|s| (*s).to_owned()).collect();
        args.push(format!("--user-data-dir={}", profile.path().display()));
        args.push(format!("--window-size={width},{height}"));
        let mut options = json!({ "binary": chromium, "args": args });
        if let Some(languages) = languages {
            options["prefs"] = json!({ "intl.accept_languages": languages });
        }
        let capabilities = json!({
            "browserName": "chrome",
            "goog:chromeOptions": options,
            "goog:loggingPrefs": { "browser": "ALL" },
        });
        let Value::Object(capabilities) = capabilities else {
            unreachable!()
        };
        let client = tokio::time::timeout(
            START_PATIENCE,
            ClientBuilder::new(HttpConnector::new())
                .capabilities(capabilities)
                .connect(&format!("http://127.0.0.1:{}", driver.port)),
        )
        .await
        .unwrap_or_else(|_| panic!("Chromium did not start within {START_PATIENCE:?}"))
        .unwrap_or_else(|e| panic!("Chromium did not start: {e}"));
        let browser_pid = client
            .capabilities()
            .and_then(|c| c.get("goog:processID"))
            .and_then(Value::as_u64)
            .and_then(|pid| u32::try_from(pid).ok());
        let session = client
            .session_id()
            .await
            .ok()
            .flatten()
            .expect("a WebDriver session id");
        let browser = Browser {
            client,
            driver,
            session,
            browser_pid,
            patience,
            console: Mutex::default(),
            http,
            _profile: profile,
            _turn: turn,
        };
        browser.set_viewport(width, height).await;
        browser
    }

    /// Makes the page's viewport (`innerWidth`×`innerHeight`) `width`×`height` CSS pixels,
    /// and waits until the page has it. The window is resized to that size; headless
    /// Chromium's window keeps room for a toolbar it does not draw (and is never narrower than
    /// 500 px), so the viewport itself is set too, as DevTools' device mode does.
    ///
    /// # Panics
    /// When the browser does not resize.
    pub async fn set_viewport(&self, width: u32, height: u32) {
        self.client
            .set_window_size(width, height)
            .await
            .expect("the window resizes");
        let metrics = json!({
            "cmd": "Emulation.setDeviceMetricsOverride",
            "params": { "width": width, "height": height, "deviceScaleFactor": 1, "mobile": false },
        });
        let answer = self.driver_post("goog/cdp/execute", &metrics).await;
        assert!(answer.get("error").is_none(), "{answer}");
        self.wait_for(
            &format!("a {width}×{height} viewport"),
            &format!("window.innerWidth === {width} && window.innerHeight === {height}"),
        )
        .await;
    }

    /// Evaluates `expression` (JavaScript) in the page until it is truthy, and returns its
    /// value; panics, naming `what` and the last value (or error), when it is not within the
    /// patience given to [`Browser::start`].
    ///
    /// # Panics
    /// When the page never gets there.
    pub async fn wait_for(&self, what: &str, expression: &str) -> Value {
        let script = format!("return ({expression});");
        let deadline = Instant::now() + self.patience;
        loop {
            // A script may fail while a page is being left for the next one: not there yet.
            let last = match self.client.execute(&script, vec![]).await {
                Ok(value) if truthy(&value) => return value,
                Ok(value) => value.to_string(),
                Err(e) => format!("an error: {e}"),
            };
            if Instant::now() >= deadline {
                panic!(
                    "{what}: not within {:?} (`{expression}` was {last}); console: {:?}",
                    self.patience,
                    self.console().await
                );
            }
            tokio::time::sleep(POLL).await;
        }
    }

    /// Evaluates `expression` (JavaScript) in the page once.
    ///
    /// # Panics
    /// When the script fails.
    pub async fn eval(&self, expression: &str) -> Value {
        self.client
            .execute(&format!("return ({expression});"), vec![])
            .await
            .unwrap_or_else(|e| panic!("the script `{expression}` failed: {e}"))
    }

    /// Everything the console has said since the session started.
    ///
    /// # Panics
    /// When chromedriver does not give the log.
    pub async fn console(&self) -> Vec<ConsoleEntry> {
        let body = self
            .driver_post("se/log", &json!({ "type": "browser" }))
            .await;
        let entries = body.as_array().cloned().unwrap_or_default();
        // Chromedriver hands each entry once: keep them all.
        let mut console = self.console.lock().unwrap();
        console.extend(entries.iter().map(|e| ConsoleEntry {
            level: e["level"].as_str().unwrap_or_default().to_owned(),
            message: e["message"].as_str().unwrap_or_default().to_owned(),
        }));
        console.clone()
    }

    /// Asserts the console has shown no error and no warning since the session started (or
    /// since the last [`Browser::forget_console`]).
    ///
    /// # Panics
    /// When it has.
    pub async fn assert_console_clean(&self) {
        let bad: Vec<ConsoleEntry> = self
            .console()
            .await
            .into_iter()
            .filter(|e| e.level == "SEVERE" || e.level == "WARNING")
            .collect();
        assert!(
            bad.is_empty(),
            "errors or warnings in the console: {bad:#?}"
        );
    }

    /// Forgets what the console has said so far (after a step that is expected to log an
    /// error, like opening a page that does not exist).
    pub async fn forget_console(&self) {
        self.console().await;
        self.console.lock().unwrap().clear();
    }

    /// Runs axe-core on the page as it is now; returns the broken rules of impact `serious`
    /// or `critical`.
    ///
    /// # Panics
    /// When axe-core cannot be loaded or run.
    pub async fn axe_violations(&self) -> Vec<Violation> {
        let loaded = self
            .client
            .execute(&format!("{AXE}\nreturn typeof window.axe;"), vec![])
            .await
            .expect("axe-core loads");
        assert_eq!(loaded, "object", "axe-core defines window.axe");
        let found = self
            .client
            .execute_async(
                "const done = arguments[arguments.length - 1];
                 axe.run(document, { resultTypes: ['violations'] }).then(
                   (results) => done(results.violations.map((v) => ({
                     id: v.id, impact: v.impact, help: v.help,
                     targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
                   }))),
                   (error) => done({ error: String(error) }));",
                vec![],
            )
            .await
            .expect("axe-core runs");
        if let Some(error) = found.get("error") {
            panic!("axe-core failed: {error}");
        }
        let text = |v: &Value| v.as_str().unwrap_or_default().to_owned();
        found
            .as_array()
            .expect("axe's violations")
            .iter()
            .map(|v| Violation {
                id: text(&v["id"]),
                impact: text(&v["impact"]),
                help: text(&v["help"]),
                targets: v["targets"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(text)
                    .collect(),
            })
            .filter(|v| v.impact == "serious" || v.impact == "critical")
            .collect()
    }

    /// Posts `body` to chromedriver's command `command` of this session (one WebDriver does
    /// not have, like `se/log`); its answer's `value`.
    ///
    /// # Panics
    /// When chromedriver does not answer with JSON.
    async fn driver_post(&self, command: &str, body: &Value) -> Value {
        let url = format!(
            "http://127.0.0.1:{}/session/{}/{command}",
            self.driver.port, self.session
        );
        let answer = self
            .http
            .post(url)
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
            .await
            .unwrap_or_else(|e| panic!("chromedriver does not answer {command}: {e}"));
        let text = answer.text().await.unwrap_or_default();
        let answer: Value = serde_json::from_str(&text).unwrap_or_else(|e| {
            panic!("chromedriver's answer to {command} is not JSON ({e}): {text}")
        });
        answer["value"].clone()
    }

    /// A PNG of the viewport, also written to `path` (its folder is made).
    ///
    /// # Panics
    /// When the screenshot or the file fails.
    pub async fn screenshot_to(&self, path: &Path) -> Vec<u8> {
        let png = self.client.screenshot().await.expect("a screenshot");
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder).expect("the screenshot's folder");
        }
        std::fs::write(path, &png).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        png
    }
}

impl Drop for Browser {
    /// Ends the session, so that chromedriver closes Chromium (Chromium outlives a stopped
    /// chromedriver); kills Chromium if that fails. Chromedriver stops after this.
    fn drop(&mut self) {
        if !end_session(self.driver.port, &self.session)
            && let Some(pid) = self.browser_pid
        {
            let _ = Command::new("kill").arg("-9").arg(pid.to_string()).status();
        }
    }
}

/// Whether a script's value counts as true, as JavaScript would say.
fn truthy(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|n| n != 0.0),
        Value::String(s) => !s.is_empty(),
        Value::Array(_) | Value::Object(_) => true,
    }
}

/// Chromedriver: `CHROMEDRIVER`, or `chromedriver` on the PATH.
fn chromedriver() -> Option<PathBuf> {
    match std::env::var_os("CHROMEDRIVER") {
        Some(path) => Some(PathBuf::from(path)).filter(|p| p.is_file()),
        None => on_path("chromedriver"),
    }
}

/// Chromium: `CHROMIUM`, or `/usr/bin/chromium`, or `chromium` on the PATH.
fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("CHROMIUM") {
        return Some(PathBuf::from(path)).filter(|p| p.is_file());
    }
    let debian = PathBuf::from("/usr/bin/chromium");
    if debian.is_file() {
        return Some(debian);
    }
    on_path("chromium")
}

/// `program` in a folder of the PATH.
fn on_path(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| p.is_file())
}

/// Starts chromedriver on a port it picks, and reads which from what it prints.
async fn start_driver(program: &Path, patience: Duration) -> Driver {
    let mut child = Command::new(program)
        .arg("--port=0")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{} does not start: {e}", program.display()));
    let stdout = child.stdout.take().expect("chromedriver's output");
    let (port_tx, port_rx) = tokio::sync::oneshot::channel();
    // Reads its output to the end, so that it never blocks on a full pipe.
    std::thread::spawn(move || {
        let mut port_tx = Some(port_tx);
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let port = line
                .split_once("started successfully on port ")
                .and_then(|(_, rest)| rest.trim_end_matches('.').trim().parse::<u16>().ok());
            if let Some(port) = port
                && let Some(tx) = port_tx.take()
            {
                let _ = tx.send(port);
            }
        }
    });
    // Stopped on the way out if it never says.
    let mut driver = Driver { child, port: 0 };
    match tokio::time::timeout(patience, port_rx).await {
        Ok(Ok(port)) => driver.port = port,
        _ => panic!("chromedriver did not say its port within {patience:?}"),
    }
    driver
}

/// Waits until chromedriver's `/status` says it is ready for sessions.
async fn await_ready(http: &reqwest::Client, port: u16, patience: Duration) {
    let deadline = Instant::now() + patience;
    loop {
        let answer = http
            .get(format!("http://127.0.0.1:{port}/status"))
            .send()
            .await;
        if let Ok(answer) = answer
            && let Ok(body) = answer.text().await
            && serde_json::from_str::<Value>(&body).is_ok_and(|s| s["value"]["ready"] == true)
        {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "chromedriver was not ready within {patience:?}"
        );
        tokio::time::sleep(POLL).await;
    }
}

/// Ends WebDriver session `session` on the chromedriver at `port`, blocking (it runs in
/// `Drop`, where nothing can be awaited); whether chromedriver said it did.
fn end_session(port: u16, session: &str) -> bool {
    let address = std::net::SocketAddr::from(([127, 0, 0, 1], port));
    let Ok(mut stream) = TcpStream::connect_timeout(&address, Duration::from_secs(2)) else {
        return false;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(20)));
    let request = format!(
        "DELETE /session/{session} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\
         Content-Length: 0\r\nConnection: close\r\n\r\n"
    );
    if stream.write_all(request.as_bytes()).is_err() {
        return false;
    }
    // The status line is enough: chromedriver answers once Chromium is closed, and may keep
    // the connection open after.
    let mut status = String::new();
    let _ = BufReader::new(stream).read_line(&mut status);
    status.starts_with("HTTP/1.1 200")
}
