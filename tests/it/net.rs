//! `fifteen serve` and `fifteen bot` as a person runs them, over real
//! sockets on loopback: the server is the binary on a free port, its clients
//! the `fifteen bot` binary, a plain tungstenite client, and a fake server
//! that misbehaves on purpose. The server and the library's bot in-process
//! (bad frames, watching, optimal distances, limits) are the network
//! module's unit tests (`crates/net/src/tests.rs`).
#![cfg(feature = "net")]

use std::io::{BufRead, BufReader, Read};
use std::net::TcpStream;
use std::process::{Child, ChildStderr, Command, Output, Stdio};
use std::time::Duration;

use fifteen_core::Board;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::{self, Message, WebSocket, stream::MaybeTlsStream};

type Client = WebSocket<MaybeTlsStream<TcpStream>>;

/// `fifteen serve ARGS` on a free port of loopback, with a pattern-database
/// cache of its own (never the user's); killed if a test fails first.
struct Serve {
    child: Child,
    stderr: BufReader<ChildStderr>,
    /// The first line it logged: where it listens, the boards, the seed.
    banner: String,
    addr: String,
    _cache: tempfile::TempDir,
}

impl Serve {
    fn start(args: &[&str]) -> Serve {
        let cache = tempfile::tempdir().unwrap();
        let mut child = crate::common::fifteen_command()
            .args(["serve", "--addr", "127.0.0.1:0"])
            .args(args)
            .env("XDG_CACHE_HOME", cache.path())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stderr = BufReader::new(child.stderr.take().unwrap());
        let mut banner = String::new();
        stderr.read_line(&mut banner).unwrap();
        let addr =
            banner.split("http://").nth(1).unwrap_or_else(|| panic!("{banner}")).split('/').next().unwrap().to_string();
        Serve { child, stderr, banner, addr, _cache: cache }
    }

    fn url(&self, path: &str) -> String {
        format!("ws://{}{path}", self.addr)
    }

    /// Sends it Ctrl-C.
    fn interrupt(&self) {
        let status = Command::new("kill").args(["-INT", &self.child.id().to_string()]).status().unwrap();
        assert!(status.success());
    }

    /// Stops it as Ctrl-C does; what it logged from then on, its exit
    /// checked.
    fn stop(mut self) -> Vec<String> {
        self.interrupt();
        self.wait()
    }

    /// Waits for it to end; what it logged since the banner, its exit
    /// checked.
    fn wait(&mut self) -> Vec<String> {
        let exit = self.child.wait().unwrap();
        let mut rest = String::new();
        self.stderr.read_to_string(&mut rest).unwrap();
        assert!(exit.success(), "{exit:?} {rest}");
        rest.lines().map(str::to_string).collect()
    }

    /// The games it logged, once stopped.
    fn games(self) -> Vec<String> {
        self.stop().into_iter().filter(|line| line.starts_with("game ")).collect()
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn connect(url: &str) -> Client {
    let (client, _) = tungstenite::connect(url).unwrap();
    if let MaybeTlsStream::Plain(tcp) = client.get_ref() {
        tcp.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    }
    client
}

fn read_board(client: &mut Client) -> Vec<u32> {
    loop {
        match client.read().unwrap() {
            Message::Ping(_) | Message::Pong(_) => continue,
            Message::Text(text) => {
                let state: serde_json::Value = serde_json::from_str(text.as_str()).unwrap();
                return serde_json::from_value(state["Board"].clone()).unwrap();
            }
            other => panic!("expected a state, got {other:?}"),
        }
    }
}

fn read_close(client: &mut Client) -> (CloseCode, String) {
    loop {
        match client.read() {
            Ok(Message::Close(Some(frame))) => return (frame.code, frame.reason.to_string()),
            Ok(Message::Close(None)) => panic!("close without a code"),
            Ok(_) => continue,
            Err(e) => panic!("expected a close frame, got {e}"),
        }
    }
}

/// The JSON state a server sends for `board` after `score` moves.
fn state(board: &Board, score: u64) -> String {
    format!(
        r#"{{"Board":{:?},"Status":"playing","Score":{score},"Rows":{},"Cols":{}}}"#,
        board.cells(),
        board.rows(),
        board.cols()
    )
    .replace(' ', "")
}

fn fifteen(args: &[&str]) -> Output {
    crate::common::fifteen_command().args(args).stdin(Stdio::null()).output().unwrap()
}

#[test]
fn the_bot_binary_finishes_3x3_and_4x4_games_with_the_human_solver() {
    for size in [3, 4] {
        let server = Serve::start(&["--size", &size.to_string(), "--seed", "7"]);
        for path in ["/eight/ws", "/ws"] {
            let out = fifteen(&["bot", &server.url(path), "--solver", "human"]);
            let stdout = String::from_utf8(out.stdout).unwrap();
            assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
            let lines: Vec<&str> = stdout.lines().collect();
            let sent: Vec<&str> = lines[0].split(", ").collect();
            assert!(sent.iter().all(|w| ["left", "right", "up", "down"].contains(w)), "{stdout}");
            let summary = format!("complete in {} moves (human solver, {size}×{size} board)", sent.len());
            assert_eq!(lines[1], summary);
        }
        let log = server.games();
        assert_eq!(log.len(), 2, "{log:?}");
        assert!(
            log.iter().all(|l| l.ends_with(", complete") && l.contains(&format!("{size}×{size} board"))),
            "{log:?}"
        );
    }
}

#[test]
fn the_bot_binary_checks_every_optimal_distance_the_server_sends() {
    let server = Serve::start(&["--size", "3", "--seed", "7"]);
    let out = fifteen(&["bot", &server.url("/ws"), "--check-optimal"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    let last = text.lines().last().unwrap();
    let moves: usize = last.split_whitespace().nth(2).unwrap().parse().unwrap();
    assert!(last.ends_with(&format!("3×3 board; {} optimal distances checked)", moves + 1)), "{last}");
    server.stop();
}

#[test]
#[ignore = "ten seconds: builds the 4×4 tables for the bot; CI runs it"]
fn the_bot_binary_finishes_3x3_with_bfs_and_4x4_with_optimal() {
    // The optimal solver builds its pattern databases once, into a cache of
    // the test's own (never the user's).
    let cache = tempfile::tempdir().unwrap();
    for (size, solver) in [(3, "bfs"), (4, "optimal"), (3, "default"), (4, "default")] {
        let size_arg = size.to_string();
        let mut serve_args = vec!["--size", size_arg.as_str(), "--seed", "7"];
        if size == 4 {
            serve_args.extend(["--walk", "40"]);
        }
        let server = Serve::start(&serve_args);
        let url = server.url("/eight/ws");
        let mut args = vec!["bot", url.as_str()];
        if solver != "default" {
            args.extend(["--solver", solver]);
        }
        let out = crate::common::fifteen_command()
            .args(&args)
            .env("XDG_CACHE_HOME", cache.path())
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{solver}: {}", String::from_utf8_lossy(&out.stderr));
        let expected = match (size, solver) {
            (3, _) => "bfs solver, 3×3 board",
            _ => "optimal solver, 4×4 board",
        };
        assert!(stdout.contains(expected), "{solver}: {stdout}");
        assert!(server.games()[0].ends_with(", complete"));
    }
}

#[test]
fn bot_errors_are_one_line_with_the_right_exit_status() {
    let cases: [(&[&str], i32, &str); 4] = [
        (&["bot", "http://127.0.0.1:9/"], 2, "is not a websocket address"),
        (&["bot", "wss://pointatinfinity.com/eight/ws"], 2, "needs TLS"),
        (&["bot", "ws://127.0.0.1:1/eight/ws", "--solver", "human"], 1, "connection refused"),
        (&["bot", "ws://127.0.0.1:1/ws", "--timeout", "0"], 2, "--timeout"),
    ];
    for (args, code, needle) in cases {
        let out = fifteen(args);
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(code), "{args:?}: {stderr}");
        assert!(stderr.starts_with("error: ") && stderr.contains(needle), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn the_bot_names_a_server_that_sends_nonsense_or_nothing() {
    // A tiny fake server: answers the handshake, then misbehaves.
    for misbehaviour in ["garbage", "silence", "wrong board"] {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let fake = std::thread::spawn(move || {
            let (stream, _) = listener.accept().unwrap();
            let mut ws = tungstenite::accept(stream).unwrap();
            match misbehaviour {
                "garbage" => ws.send(Message::Text("hello there".into())).unwrap(),
                "silence" => std::thread::sleep(Duration::from_millis(1500)),
                _ => {
                    let board = Board::from_cells(2, 2, vec![1, 2, 0, 3]).unwrap();
                    ws.send(Message::Text(state(&board, 0).into())).unwrap();
                    let _ = ws.read();
                    // Claims the move made a different board.
                    ws.send(Message::Text(state(&board, 1).into())).unwrap();
                }
            }
            let _ = ws.close(None);
            let _ = ws.read();
        });
        let url = format!("ws://{addr}/eight/ws");
        let out = fifteen(&["bot", &url, "--solver", "human", "--timeout", "0.5"]);
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(1), "{misbehaviour}: {stderr}");
        let needle = match misbehaviour {
            "garbage" => "malformed message from the server (the first state)",
            "silence" => "timed out after 0.5 s waiting for the first state",
            _ => "the server and the bot disagree after move 1: after right the server's board is [1, 2, 0, 3]",
        };
        assert!(stderr.starts_with("error: ") && stderr.contains(needle), "{misbehaviour}: {stderr}");
        fake.join().unwrap();
    }
}

#[test]
fn the_serve_binary_logs_each_game_and_stops_cleanly_on_ctrl_c() {
    let mut server = Serve::start(&["--size", "3", "--seed", "5"]);
    assert!(server.banner.contains("3×3 boards, uniform, seed 5"), "{}", server.banner);

    let out = fifteen(&["bot", &server.url("/eight/ws"), "--solver", "human"]);
    assert!(out.status.success());
    let mut client = connect(&server.url("/ws"));
    let first = read_board(&mut client);
    // Game 2 of seed 5 is reproducible: another server of seed 5 deals it
    // too (which board each game gets is checked in `crates/net/src/tests.rs`).
    let again = Serve::start(&["--size", "3", "--seed", "5"]);
    // Its first game is dealt before the second client connects: games are
    // numbered as they are dealt, and two connections at once may be dealt
    // in either order.
    let mut game_one = connect(&again.url("/ws"));
    read_board(&mut game_one);
    game_one.close(None).unwrap();
    assert_eq!(first, read_board(&mut connect(&again.url("/ws"))), "game 2 of seed 5 is reproducible");
    again.stop();

    server.interrupt();
    let (code, _) = read_close(&mut client);
    assert_eq!(u16::from(code), 1001);
    let lines = server.wait();
    let rest = lines.join("\n");
    assert_eq!(lines.len(), 3, "{rest}");
    assert!(lines[0].starts_with("game 1 from 127.0.0.1:") && lines[0].ends_with(", complete"), "{rest}");
    assert!(
        lines[1].starts_with("game 2 ")
            && lines[1].contains("0 moves in")
            && lines[1].ends_with("dropped (server stopping)"),
        "{rest}"
    );
    assert_eq!(lines[2], "fifteen serve: stopped");
}

#[test]
fn serve_refuses_bad_arguments() {
    for (args, needle) in [
        (&["serve", "--size", "1"][..], "at least 2 rows"),
        (&["serve", "--size", "101"][..], "too big to serve"),
        (&["serve", "--max-games", "0"][..], "--max-games"),
        (&["serve", "--idle=-1"][..], "--idle"),
        (&["serve", "--header-timeout", "0"][..], "--header-timeout"),
        (&["serve", "--header-timeout", "1e300"][..], "--header-timeout"),
        (&["serve", "--page-workers", "0"][..], "--page-workers"),
        (&["serve", "--page-seconds", "-1"][..], "--page-seconds"),
        (&["serve", "--per-client", "0"][..], "--per-client"),
    ] {
        let out = fifteen(args);
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
    }
    let busy = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let out = fifteen(&["serve", "--addr", &busy.local_addr().unwrap().to_string()]);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr.starts_with("error: cannot listen on 127.0.0.1:"), "{stderr}");
}
/// A GET of `path` from the server at `addr`, with the server's own test
/// client: the status, the headers (lower-case names) and the body.
fn http_get(addr: &str, path: &str) -> fifteen_net::testing::HttpAnswer {
    fifteen_net::testing::get(addr.parse().unwrap(), path, &[("Connection", "close")])
}

#[test]
#[ignore = "seconds: serves and coaches a replay link; CI runs it"]
fn the_replay_page_shows_the_splits_replay_json_prints_under_a_policy() {
    // The page's content is tested here, not its time: the budget is
    // generous for a debug build on a loaded machine.
    let serve = Serve::start(&["--size", "3", "--page-seconds", "60"]);
    // A 5×5 (the README's link): coached on the page in well under a second.
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("5x5.txt");
    let links = std::fs::read_to_string("tests/data/slidysim/world-records.txt").unwrap();
    let link = links.lines().nth(69).unwrap().to_string();
    std::fs::write(&source, &link).unwrap();
    let source = source.to_str().unwrap();
    let (_, payload) = link.trim().split_once("?r=").unwrap();
    let (status, headers, body) = http_get(&serve.addr, &format!("/replay?r={payload}"));
    assert_eq!(status, 200, "{body}");
    let policy = headers.iter().find(|(k, _)| k == "content-security-policy").map(|(_, v)| v.as_str());
    assert!(policy.is_some_and(|p| p.contains("script-src 'self'") && p.contains("connect-src 'self'")), "{headers:?}");
    assert!(body.contains("id=\"fifteen-data\" data-host=\"server\""), "a served page's viewer may ask its server");
    let data = super::web::page_data(&body);
    let json = crate::common::fifteen_command().args(["replay", source, "--format", "json"]).output().unwrap();
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(super::web::splits(&data), super::web::lines(&json));
    assert!(data["duo"]["fifteen"]["count"].as_u64().unwrap() > 0 && data["coach"]["lines"].is_array());

    // A link that cannot be read: 400, and the reason on the page, escaped.
    let (status, _, body) = http_get(&serve.addr, "/replay?r=%3Cscript%3E");
    assert_eq!(status, 400);
    assert!(body.contains("id=\"error\"") && !body.contains("<script>"), "{body}");
    let (status, _, _) = http_get(&serve.addr, "/watch?size=101");
    assert_eq!(status, 413);
    let (status, _, body) = http_get(&serve.addr, "/watch?size=4&seed=2");
    assert_eq!(status, 200);
    assert!(super::web::page_data(&body)["count"].as_u64().unwrap() > 0);
    let (status, _, body) = http_get(&serve.addr, "/viewer.js");
    assert_eq!(status, 200);
    assert!(body.contains("fifteen-data"));
    drop(serve);
}

/// The CPU seconds a process has used (user and system), from
/// `/proc/PID/stat`.
#[cfg(target_os = "linux")]
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // The fields after the command's name (which may hold spaces).
    let fields: Vec<&str> = stat.rsplit_once(')').unwrap().1.split_whitespace().collect();
    let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
    ticks as f64 / rustix::param::clock_ticks_per_second() as f64
}

/// A process's peak resident memory in bytes, from `/proc/PID/status`.
#[cfg(target_os = "linux")]
fn peak_memory(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap() * 1024
}

/// One GET on its own connection, from `client` (behind the proxy): the
/// status, or `None` when no answer came within `wait` (the client then
/// hangs up).
fn get_from(addr: &str, path: &str, client: &str, wait: Duration) -> Option<u16> {
    use std::io::Write;
    let mut tcp = TcpStream::connect(addr).unwrap();
    tcp.set_read_timeout(Some(wait)).unwrap();
    write!(tcp, "GET {path} HTTP/1.1\r\nHost: {addr}\r\nX-Forwarded-For: {client}\r\n\r\n").unwrap();
    let mut head = [0u8; 12];
    let mut got = 0;
    while got < head.len() {
        match tcp.read(&mut head[got..]) {
            Ok(0) | Err(_) => return None,
            Ok(n) => got += n,
        }
    }
    String::from_utf8_lossy(&head[9..12]).parse().ok()
}

/// A game of `moves` moves, back and forth along the blank's row: the
/// longest any move's answer took.
fn play_moves(url: &str, moves: usize) -> Duration {
    let mut client = connect(url);
    let board = read_board(&mut client);
    let blank = board.iter().position(|&t| t == 0).unwrap();
    // The blank goes left first when it can (it starts in any column).
    let mut way = if blank % 4 > 0 { ["left", "right"] } else { ["right", "left"] }.into_iter().cycle();
    let mut slowest = Duration::ZERO;
    for _ in 0..moves {
        let sent = std::time::Instant::now();
        client.send(Message::Text(format!(r#"{{"Move":"{}"}}"#, way.next().unwrap()).into())).unwrap();
        read_board(&mut client);
        slowest = slowest.max(sent.elapsed());
    }
    slowest
}

#[test]
#[cfg(target_os = "linux")]
#[ignore = "seconds: floods the built server with pages that hang up, a link bomb and a game, and measures it; CI runs it"]
fn a_flood_of_abandoned_pages_and_a_link_bomb_leave_the_server_quiet_and_the_game_playing() {
    let serve = Serve::start(&["--size", "4", "--page-workers", "2", "--behind-proxy"]);
    let pid = serve.child.id();
    let addr = serve.addr.clone();
    let started = std::time::Instant::now();
    // 32 pages that take half a minute each (a 100×100 at `best`), from
    // eight visitors at four each (their share), every one hanging up
    // after 3 s: two are made, eight wait, the rest are refused at once.
    let flood: Vec<_> = (0..32)
        .map(|i| {
            let addr = addr.clone();
            std::thread::spawn(move || {
                let path = format!("/watch?size=100&effort=best&seed={i}");
                get_from(&addr, &path, &format!("10.0.0.{}", i % 8), Duration::from_secs(3))
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    // Meanwhile: a visitor's 4×4 page, a game's moves and the link bomb.
    let page_at = std::time::Instant::now();
    let page = get_from(&addr, "/watch?size=4&seed=1", "10.0.1.1", Duration::from_secs(30));
    let page_took = page_at.elapsed();
    let slowest_move = play_moves(&serve.url("/ws"), 20);
    let bomb = fifteen_core::testing::link_bomb(40, 250_000);
    let bomb_at = std::time::Instant::now();
    let bombed = get_from(&addr, &format!("/replay?r={bomb}"), "10.0.1.2", Duration::from_secs(30));
    let bomb_took = bomb_at.elapsed();
    let answers: Vec<Option<u16>> = flood.into_iter().map(|t| t.join().unwrap()).collect();
    let gone = started.elapsed();

    // The server goes quiet: a second with under a tenth of a second of CPU.
    let quiet_from = std::time::Instant::now();
    let mut last = cpu_seconds(pid);
    let quiet_after = loop {
        std::thread::sleep(Duration::from_secs(1));
        let now = cpu_seconds(pid);
        if now - last < 0.1 {
            break quiet_from.elapsed();
        }
        last = now;
        assert!(quiet_from.elapsed() < Duration::from_secs(10), "still working 10 s after the flood's clients left");
    };
    let peak = peak_memory(pid);
    let hung_up = answers.iter().filter(|a| a.is_none()).count();
    let refused = answers.iter().filter(|a| *a == &Some(503)).count();
    eprintln!(
        "flood: {hung_up} hung up, {refused} refused with 503, all gone at +{gone:.1?}; quiet {quiet_after:.1?} later; \
         4×4 page {page:?} in {page_took:.2?}; slowest of 20 moves {slowest_move:.2?}; \
         bomb {bombed:?} in {bomb_took:.2?}; peak memory {} MB",
        peak >> 20
    );
    assert_eq!(hung_up + refused, 32, "{answers:?}");
    assert!(hung_up >= 2, "the pages being made were still being made when their clients left: {answers:?}");
    assert_eq!(page, Some(200));
    // Far less than the flood's pages take (half a minute each): it did not
    // wait for them (a debug build on a loaded machine takes seconds).
    assert!(page_took < Duration::from_secs(6), "the 4×4 page took {page_took:?}");
    assert!(slowest_move < Duration::from_secs(2), "a move took {slowest_move:?}");
    assert_eq!(bombed, Some(413));
    assert!(bomb_took < Duration::from_secs(5), "the bomb was refused after {bomb_took:?}");
    assert!(peak < 1 << 30, "peak memory {peak} bytes");
    let log = serve.stop();
    assert!(log.iter().any(|l| l.contains(": 499 ")), "{log:?}");
}
