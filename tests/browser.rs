//! The page in a real browser: Debian's headless Chromium, driven over the
//! DevTools protocol with the same tungstenite the bot uses.
//!
//! Skipped when no Chromium is installed, unless `FIFTEEN_BROWSER_TEST=require`
//! (CI sets it after installing `chromium`). With `FIFTEEN_SCREENSHOT_DIR`
//! set, the Watch test saves `watch.png` there (the README's picture), and
//! the optimal-distance test `optimal-page.png`.
#![cfg(feature = "net")]

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use fifteen::net::{Server, ServerConfig};
use fifteen::{Board, Move};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::{self, Message, WebSocket, stream::MaybeTlsStream};

/// The browser client of the Eight game's walkthrough ("Eight slide puzzle
/// and breadth-first search", pointatinfinity.com; see the README's
/// Sources), its final listing verbatim: it plays the protocol that
/// `fifteen serve` speaks at /eight/ws.
const EIGHT_CLIENT: &str = include_str!("data/eight_client.js");
const EIGHT_URL: &str = "wss://pointatinfinity.com/eight/ws";

fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("FIFTEEN_CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH")?;
    for dir in std::env::split_paths(&path) {
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            let exe = dir.join(name);
            if exe.is_file() {
                return Some(exe);
            }
        }
    }
    None
}

/// A headless Chromium with one page, closed on drop.
struct Browser {
    child: Child,
    profile: PathBuf,
    socket: WebSocket<MaybeTlsStream<TcpStream>>,
    session: String,
    next_id: u64,
}

impl Browser {
    /// Starts Chromium, or returns `None` (test skipped) when there is none.
    fn launch() -> Option<Browser> {
        let Some(exe) = chromium() else {
            let required = std::env::var("FIFTEEN_BROWSER_TEST").is_ok_and(|v| v == "require");
            assert!(!required, "FIFTEEN_BROWSER_TEST=require but no chromium on PATH");
            // Straight to the terminal too: the harness hides what passing tests print.
            let line = "skipped: no chromium on PATH (apt-get install chromium)";
            eprintln!("{line}");
            let _ = std::io::Write::write_all(&mut std::io::stderr().lock(), format!("{line}\n").as_bytes());
            return None;
        };
        let profile =
            std::env::temp_dir().join(format!("fifteen-chromium-{}-{:?}", std::process::id(), Instant::now()));
        let mut child = Command::new(exe)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
                "--remote-debugging-port=0",
                "--window-size=560,760",
                "about:blank",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("chromium starts");
        let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
        let devtools = loop {
            let line = lines.next().expect("chromium printed its DevTools address").unwrap();
            if let Some(url) = line.strip_prefix("DevTools listening on ") {
                break url.trim().to_string();
            }
        };
        std::thread::spawn(move || lines.for_each(drop));
        let (socket, _) = tungstenite::connect(devtools.as_str()).expect("DevTools websocket");
        if let MaybeTlsStream::Plain(tcp) = socket.get_ref() {
            tcp.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        }
        let mut browser = Browser { child, profile, socket, session: String::new(), next_id: 0 };
        let target = browser.call("Target.createTarget", json!({"url": "about:blank"}));
        let target_id = target["targetId"].as_str().unwrap().to_string();
        let attached = browser.call("Target.attachToTarget", json!({"targetId": target_id, "flatten": true}));
        browser.session = attached["sessionId"].as_str().unwrap().to_string();
        browser.call("Page.enable", json!({}));
        browser.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": 560, "height": 760, "deviceScaleFactor": 1, "mobile": false}),
        );
        Some(browser)
    }

    /// Sends one DevTools command and waits for its answer.
    fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({"id": id, "method": method, "params": params});
        if !self.session.is_empty() {
            message["sessionId"] = json!(self.session);
        }
        self.socket.send(Message::Text(message.to_string().into())).unwrap();
        loop {
            let Message::Text(text) = self.socket.read().unwrap() else { continue };
            let reply: Value = serde_json::from_str(text.as_str()).unwrap();
            if reply["id"] == json!(id) {
                assert!(reply.get("error").is_none(), "{method}: {reply}");
                return reply["result"].clone();
            }
        }
    }

    fn navigate(&mut self, url: &str) {
        self.call("Page.navigate", json!({"url": url}));
    }

    /// Evaluates JavaScript in the page and returns its value.
    fn eval(&mut self, expression: &str) -> Value {
        let result = self.call("Runtime.evaluate", json!({"expression": expression, "returnByValue": true}));
        assert!(result.get("exceptionDetails").is_none(), "{expression}: {result}");
        result["result"]["value"].clone()
    }

    /// Polls an expression until `done` holds for its value (or panics after
    /// `secs`); while the page is still loading it may throw, which counts as `null`.
    fn wait_for(&mut self, expression: &str, secs: u64, done: impl Fn(&Value) -> bool) -> Value {
        let until = Instant::now() + Duration::from_secs(secs);
        let guarded = format!("(() => {{ try {{ return {expression}; }} catch (e) {{ return null; }} }})()");
        loop {
            let value = self.eval(&guarded);
            if done(&value) {
                return value;
            }
            assert!(Instant::now() < until, "timed out waiting on {expression}: last {value}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn key(&mut self, key: &str, code: u32) {
        for kind in ["keyDown", "keyUp"] {
            self.call(
                "Input.dispatchKeyEvent",
                json!({"type": kind, "key": key, "code": key, "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code}),
            );
        }
    }

    fn screenshot(&mut self, path: &Path) {
        let shot = self.call("Page.captureScreenshot", json!({"format": "png"}));
        std::fs::write(path, base64_decode(shot["data"].as_str().unwrap())).unwrap();
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let digits: Vec<u8> = text.bytes().filter(|&c| c != b'=' && !c.is_ascii_whitespace()).map(value).collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &d)| n | (d as u32) << (18 - 6 * i));
        out.extend(n.to_be_bytes()[1..chunk.len()].iter());
    }
    out
}

fn start_server(rows: usize, cols: usize, seed: u64) -> (Server, ServerConfig, Arc<Mutex<Vec<String>>>) {
    let log = Arc::new(Mutex::new(Vec::new()));
    let mut config = ServerConfig::new(rows, cols).unwrap();
    config.seed = seed;
    let sink = log.clone();
    config.log = Arc::new(move |line: &str| sink.lock().unwrap().push(line.to_string()));
    let server = Server::start("127.0.0.1:0".parse().unwrap(), config.clone()).unwrap();
    (server, config, log)
}

/// The tiles as the page shows them: each cell's text, `0` for the blank.
fn drawn(len: usize) -> String {
    format!(
        "Array.from({{length: {len}}}, (_, i) => document.getElementById('cell_' + i)).map(c => c ? Number(c.textContent || 0) : -1)"
    )
}

fn cells_of(value: &Value) -> Vec<u32> {
    value.as_array().map(|a| a.iter().map(|v| v.as_u64().unwrap_or(u64::MAX) as u32).collect()).unwrap_or_default()
}

#[test]
fn the_page_draws_the_first_state_plays_arrow_keys_and_watches_the_human_solver() {
    let Some(mut browser) = Browser::launch() else { return };
    let (server, config, log) = start_server(4, 4, 3);
    let board = config.board(0).unwrap();
    browser.navigate(&format!("http://{}/", server.addr()));

    // The board is drawn from the server's first state.
    let shown = browser.wait_for(&drawn(16), 20, |v| cells_of(v) == board.cells());
    assert_eq!(cells_of(&shown), board.cells());
    assert_eq!(browser.eval("document.getElementById('status').textContent"), json!("playing"));
    assert_eq!(browser.eval("document.getElementById('score').textContent"), json!("0"));

    // An arrow key slides a tile the way it points.
    let (key, code, mv) = [("ArrowLeft", 37, Move::Left), ("ArrowRight", 39, Move::Right)]
        .into_iter()
        .find(|&(_, _, mv)| board.can_slide(mv))
        .unwrap();
    browser.key(key, code);
    let mut replay: Board = board.clone();
    replay.slide(mv);
    browser.wait_for(&drawn(16), 10, |v| cells_of(v) == replay.cells());
    assert_eq!(browser.eval("document.getElementById('score').textContent"), json!("1"));

    // Watch: the solver streams its moves with the region outlined and the target marked.
    browser.eval("document.getElementById('speed').value = '250'; document.getElementById('watch').click()");
    let marks = "[document.getElementById('phase').textContent, !document.getElementById('region').hidden, \
                 document.querySelectorAll('.cell.target').length, document.querySelectorAll('.cell.goal').length, \
                 Number(document.getElementById('score').textContent), document.getElementById('watch').textContent]";
    let seen = browser.wait_for(marks, 30, |v| {
        v[0].as_str().is_some_and(|p| p.starts_with("Watching: row ") || p.starts_with("Watching: column "))
            && v[4].as_u64() > Some(12)
    });
    assert_eq!(seen[1], json!(true), "the region is outlined: {seen}");
    assert!(seen[2].as_u64() >= Some(1) && seen[3].as_u64() >= Some(1), "target and home are marked: {seen}");
    assert_eq!(seen[5], json!("Stop"));
    if let Some(dir) = std::env::var_os("FIFTEEN_SCREENSHOT_DIR") {
        browser.screenshot(&Path::new(&dir).join("watch.png"));
    }
    // Faster, to the end.
    browser.eval("const s = document.getElementById('speed'); s.value = '15'; s.dispatchEvent(new Event('change'))");
    browser.wait_for("document.getElementById('status').textContent", 60, |v| v == "complete");
    let solved: Vec<u32> = Board::goal(4, 4).unwrap().cells().to_vec();
    assert_eq!(cells_of(&browser.eval(&drawn(16))), solved);
    let phase = browser.eval("document.getElementById('phase').textContent");
    assert!(phase.as_str().is_some_and(|p| p.starts_with("Solved. Last: last 2×2")), "{phase}");

    // New game: a new connection, a new board.
    browser.eval("document.getElementById('new').click()");
    let second = config.board(1).unwrap();
    browser.wait_for(&drawn(16), 20, |v| cells_of(v) == second.cells());
    drop(browser);
    server.stop().unwrap();
    let log = log.lock().unwrap().clone();
    assert!(log[0].starts_with("game 1 ") && log[0].ends_with(", complete"), "{log:?}");
}

#[test]
fn the_page_shows_the_optimal_distance_and_the_best_move_on_b() {
    let Some(mut browser) = Browser::launch() else { return };
    let (server, config, _) = start_server(3, 3, 5);
    let board = config.board(0).unwrap();
    let shortest = fifteen::search::optimal::solve(&board).unwrap().moves;
    browser.navigate(&format!("http://{}/", server.addr()));
    let line = "document.getElementById('optimal').textContent";
    let shown = browser.wait_for(line, 20, |v| v.as_str().is_some_and(|t| !t.ends_with('…')));
    assert_eq!(shown, json!(format!("optimal: {} moves left", shortest.len())));

    // B: the best move, in words and marked on its tile.
    browser.key("b", 66);
    let best = "[document.getElementById('optimal').textContent,                 Array.from(document.querySelectorAll('.cell.best')).map(c => c.textContent),                 document.getElementById('best').getAttribute('aria-pressed')]";
    let seen = browser.eval(best);
    let text = seen[0].as_str().unwrap().to_string();
    let (_, said) = text.split_once(", best: slide ").unwrap_or_else(|| panic!("{text}"));
    let (tile, way) = said.split_once(' ').unwrap();
    assert_eq!(seen[1], json!([tile]), "the tile named is marked: {seen}");
    assert_eq!(seen[2], json!("true"));
    if let Some(dir) = std::env::var_os("FIFTEEN_SCREENSHOT_DIR") {
        browser.screenshot(&Path::new(&dir).join("optimal-page.png"));
    }
    // Making it: one move fewer, known at once (it is on the solution found).
    let (key, code, mv) = [
        ("ArrowLeft", 37, Move::Left),
        ("ArrowRight", 39, Move::Right),
        ("ArrowUp", 38, Move::Up),
        ("ArrowDown", 40, Move::Down),
    ]
    .into_iter()
    .find(|&(_, _, mv)| mv.word() == way)
    .unwrap();
    let mut next = board.clone();
    assert_eq!(next.slide(mv).map(|t| t.to_string()).as_deref(), Some(tile));
    browser.key(key, code);
    let after = browser.wait_for(line, 20, |v| {
        v.as_str().is_some_and(|t| t.starts_with(&format!("optimal: {} move", shortest.len() - 1)))
    });
    assert!(after.as_str().unwrap().contains(", best: slide "), "{after}");
    browser.key("b", 66);
    browser.wait_for(line, 5, |v| v == &json!(format!("optimal: {} moves left", shortest.len() - 1)));

    // Following the best move to the end solves the board in the fewest moves.
    browser.key("b", 66);
    let keys = [("ArrowLeft", 37), ("ArrowRight", 39), ("ArrowUp", 38), ("ArrowDown", 40)];
    for left in (1..shortest.len()).rev() {
        let said = browser.wait_for(line, 20, |v| {
            v.as_str().is_some_and(|t| t.starts_with(&format!("optimal: {left} move")) && t.contains("best"))
        });
        let way = said.as_str().unwrap().rsplit(' ').next().unwrap().to_string();
        let (key, code) = keys.into_iter().find(|(key, _)| key[5..].eq_ignore_ascii_case(&way)).unwrap();
        browser.key(key, code);
    }
    browser.wait_for(line, 20, |v| v == "optimal: solved");
    let phase = browser.eval("document.getElementById('phase').textContent");
    let fewest = shortest.len();
    assert_eq!(phase, json!(format!("Solved in {fewest} moves (the fewest possible: {fewest}).")));
    drop(browser);
    server.stop().unwrap();
}

#[test]
fn the_page_shows_no_optimal_line_for_boards_over_16_cells() {
    let Some(mut browser) = Browser::launch() else { return };
    let (server, config, _) = start_server(3, 6, 1);
    let board = config.board(0).unwrap();
    browser.navigate(&format!("http://{}/", server.addr()));
    browser.wait_for(&drawn(18), 20, |v| cells_of(v) == board.cells());
    let hidden = "[document.getElementById('optimal').hidden, document.getElementById('best').hidden]";
    assert_eq!(browser.eval(hidden), json!([true, true]));
    drop(browser);
    server.stop().unwrap();
}

#[test]
fn the_eight_walkthroughs_own_client_finishes_a_game_unchanged() {
    let Some(mut browser) = Browser::launch() else { return };
    let (server, config, log) = start_server(3, 3, 2);
    let board = config.board(0).unwrap();
    assert!(EIGHT_CLIENT.contains(EIGHT_URL));
    // The only change: the address of the server it plays.
    let script = EIGHT_CLIENT.replace(EIGHT_URL, &format!("ws://{}/eight/ws", server.addr()));
    let cells: String = (0..9).map(|i| format!("<div id=\"cell_{i}\"></div>")).collect();
    let page = format!(
        "<!doctype html><html><body>{cells}<p id=\"status\"></p><p id=\"score\"></p><script>{script}</script></body></html>"
    );
    let dir = std::env::temp_dir().join(format!("fifteen-eight-client-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("eight_client.html");
    std::fs::write(&path, page).unwrap();
    browser.navigate(&format!("file://{}", path.display()));

    let status = "[document.getElementById('status').innerText, Number(document.getElementById('score').innerText)]";
    let end = browser.wait_for(status, 120, |v| v[0] == "complete");
    let moves = end[1].as_u64().unwrap();
    assert!(moves > 0 && moves <= 31, "BFS on a 3×3 takes at most 31 moves: {end}");
    drop(browser);
    server.stop().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let log = log.lock().unwrap().clone();
    assert_eq!(log.len(), 1, "{log:?}");
    assert!(log[0].contains(&format!("{moves} moves in")) && log[0].ends_with(", complete"), "{log:?} from {board:?}");
}

#[test]
fn the_eight_client_listing_is_whole() {
    assert!(EIGHT_CLIENT.starts_with("function recoverSolution(state)") && EIGHT_CLIENT.trim_end().ends_with("run();"));
}

#[test]
fn base64_decodes() {
    assert_eq!(base64_decode("aGVsbG8="), b"hello");
    assert_eq!(base64_decode("aGk="), b"hi");
    assert_eq!(base64_decode("YWJj"), b"abc");
}
