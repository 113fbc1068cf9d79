//! The viewer's pages under load and abuse, over real sockets on loopback
//! (the server in-process on a free port): work stopped when its client
//! hangs up or its time runs out, pages past the queue or a client's share
//! refused, a page made once, long links read and link bombs refused,
//! and what `/healthz` and `/metrics` say meanwhile. The built binary
//! under a flood is `tests/it/net.rs`'s load test.

use std::io::Write;
use std::net::{SocketAddr, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use fifteen_core::solver::Solver;

use super::{Bot, Server, ServerConfig};
use crate::testing::{answer, ask, get, header};

/// A server on a free port whose log lines are kept.
struct PageServer {
    server: Option<Server>,
    log: Arc<Mutex<Vec<String>>>,
}

impl PageServer {
    fn start(tune: impl FnOnce(&mut ServerConfig)) -> PageServer {
        let log = Arc::new(Mutex::new(Vec::new()));
        let mut config = ServerConfig::new(3, 3).unwrap();
        let sink = log.clone();
        config.log = Arc::new(move |line: &str| sink.lock().unwrap().push(line.to_string()));
        tune(&mut config);
        let server = Server::start("127.0.0.1:0".parse().unwrap(), config).unwrap();
        PageServer { server: Some(server), log }
    }

    fn addr(&self) -> SocketAddr {
        self.server.as_ref().unwrap().addr()
    }

    fn log(&self) -> Vec<String> {
        self.log.lock().unwrap().clone()
    }

    /// Waits (up to `most`) for `/healthz` to say `busy` workers are busy.
    fn wait_for_busy(&self, busy: i64, most: Duration) -> Duration {
        let started = Instant::now();
        loop {
            let health: serde_json::Value = serde_json::from_str(&get(self.addr(), "/healthz", &[]).2).unwrap();
            if health["page_workers_busy"] == busy {
                return started.elapsed();
            }
            assert!(started.elapsed() < most, "{health} after {:?}; log: {:?}", started.elapsed(), self.log());
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for PageServer {
    fn drop(&mut self) {
        if let Some(server) = self.server.take() {
            let _ = server.stop();
        }
    }
}

/// A client address behind the proxy (`X-Forwarded-For`).
fn from(ip: &str) -> [(&str, &str); 1] {
    [("X-Forwarded-For", ip)]
}

/// The reason an error page shows.
fn reason(body: &str) -> &str {
    body.split("id=\"error\"")
        .nth(1)
        .and_then(|r| r.split('>').nth(1))
        .and_then(|r| r.split('<').next())
        .unwrap_or(body)
}

/// A page that takes half a minute at `best` (a 100×100's rolling beams).
const SLOW: &str = "/watch?size=100&effort=best&seed=";

#[test]
fn a_page_whose_client_hangs_up_stops_and_a_game_is_played_meanwhile() {
    let server = PageServer::start(|c| {
        c.page_workers = 1;
        c.page_seconds = Duration::from_secs(120);
    });
    let slow = ask(server.addr(), &format!("{SLOW}1"), &[]);
    server.wait_for_busy(1, Duration::from_secs(10));
    // The worker is busy; a game does not wait for it.
    let mut bot = Bot::new(format!("ws://{}/ws", server.addr()));
    bot.solver = Some(Solver::Human);
    let report = bot.play().unwrap();
    let mut replay = report.board.clone();
    replay.apply(&report.moves).unwrap();
    assert!(replay.is_solved());
    // The client hangs up: its page's work stops within a moment.
    drop(slow);
    let stopped_in = server.wait_for_busy(0, Duration::from_secs(10));
    eprintln!("the page's work stopped {stopped_in:?} after its client hung up");
    let log = server.log();
    assert!(log.iter().any(|l| l.starts_with("page /watch?size=100") && l.contains(": 499 ")), "{log:?}");
    let metrics = get(server.addr(), "/metrics", &[]).2;
    assert!(metrics.contains("fifteen_http_requests_total{path=\"/watch\",status=\"499\"} 1"), "{metrics}");
    assert!(metrics.contains("fifteen_games_open 0"), "{metrics}");
}

#[test]
fn pages_past_a_clients_share_get_429_and_past_the_queue_503() {
    let server = PageServer::start(|c| {
        c.page_workers = 1;
        c.page_queue = 1;
        c.per_client = 2;
        c.page_seconds = Duration::from_secs(120);
        c.behind_proxy = true;
    });
    let addr = server.addr();
    let running = ask(addr, &format!("{SLOW}1"), &from("10.0.0.1"));
    server.wait_for_busy(1, Duration::from_secs(10));
    let queued = ask(addr, &format!("{SLOW}2"), &from("10.0.0.1"));
    // Both of 10.0.0.1's turns are taken.
    let started = Instant::now();
    while get(addr, "/healthz", &[]).2.contains("\"page_queue\":0") {
        assert!(started.elapsed() < Duration::from_secs(10), "the second page never queued");
        std::thread::sleep(Duration::from_millis(10));
    }
    let (status, headers, body) = get(addr, &format!("{SLOW}3"), &from("10.0.0.1"));
    assert_eq!(status, 429, "{body:.300}");
    assert!(reason(&body).contains("at most 2 at a time"), "{}", reason(&body));
    assert!(header(&headers, "retry-after").is_some());
    // Another client: the queue is full.
    let (status, headers, body) = get(addr, &format!("{SLOW}4"), &from("10.0.0.2"));
    assert_eq!(status, 503, "{body:.300}");
    assert_eq!(header(&headers, "retry-after"), Some("120"));
    assert!(reason(&body).contains("busy"), "{}", reason(&body));
    // Everything but pages is answered at once meanwhile, and small pages
    // have a worker of their own.
    let (status, _, _) = get(addr, "/viewer.css", &[]);
    assert_eq!(status, 200);
    let (status, _, body) = get(addr, "/watch?size=4&seed=9", &from("10.0.0.3"));
    assert_eq!(status, 200, "{}", reason(&body));
    drop((running, queued));
    server.wait_for_busy(0, Duration::from_secs(10));
    let (status, _, _) = get(addr, "/watch?size=4&seed=1", &from("10.0.0.1"));
    assert_eq!(status, 200, "the client's turns and the queue are free again");
}

#[test]
fn a_page_is_made_once_for_every_visitor_and_one_out_of_time_is_504() {
    let server = PageServer::start(|c| c.page_seconds = Duration::from_secs(60));
    let addr = server.addr();
    // Two visitors at once share one solve; a third gets it made.
    let path = "/watch?size=8&seed=5&effort=normal";
    let (first, second) = (ask(addr, path, &[]), ask(addr, path, &[]));
    let (a, b) = (answer(first), answer(second));
    assert_eq!((a.0, b.0), (200, 200), "{:.300} {:.300}", a.2, b.2);
    assert_eq!(a.2, b.2);
    let (status, _, body) = get(addr, path, &[]);
    assert_eq!((status, body), (200, a.2));
    let log = server.log();
    let made = log.iter().filter(|l| l.starts_with("page /watch?size=8")).collect::<Vec<_>>();
    assert_eq!(made.len(), 3, "{log:?}");
    assert!(made.iter().any(|l| l.ends_with("(cached)")), "{made:?}");
    let metrics = get(addr, "/metrics", &[]).2;
    assert!(metrics.contains("fifteen_page_cache_misses_total 1"), "{metrics}");
    assert!(metrics.contains("fifteen_page_cache_hits_total 2"), "{metrics}");
    assert!(metrics.contains("fifteen_page_cache_pages 1"), "{metrics}");

    // A replay page depends on the link's solve alone: made once too.
    let links = std::fs::read_to_string("../../tests/data/slidysim/world-records.txt").unwrap();
    let replay = format!("/replay?{}", links.lines().nth(35).unwrap().split_once('?').unwrap().1);
    let (first, again) = (get(addr, &replay, &[]), get(addr, &replay, &[]));
    assert_eq!((first.0, again.0), (200, 200), "{:.300}", reason(&first.2));
    assert_eq!(first.2, again.2);
    let log = server.log();
    let replays = log.iter().filter(|l| l.starts_with("page /replay (a query of")).collect::<Vec<_>>();
    assert!(replays.len() == 2 && replays[1].ends_with("(cached)"), "{replays:?}");

    // One the coach was left out of is made again for the next visitor
    // (here a 3×3 of over a thousand moves, too long for its exact par).
    let board = fifteen_core::Board::scrambled(3, 3, fifteen_core::Scramble::Uniform, 4).unwrap();
    let there = board.legal_moves().next().unwrap();
    let mut moves: Vec<fifteen_core::Move> = [there, there.opposite()].repeat(600);
    moves.extend(fifteen_core::human::solve(&board, &fifteen_core::HumanOptions::default()).unwrap().moves());
    let link = fifteen_core::slidysim::replay_link(&board, &moves.into(), None);
    let uncoached = format!("/replay?{}", link.split_once('?').unwrap().1);
    let (first, again) = (get(addr, &uncoached, &[]), get(addr, &uncoached, &[]));
    assert_eq!((first.0, again.0), (200, 200), "{:.300}", reason(&first.2));
    assert!(first.2.contains("no coaching here for a solve of"), "{:.300}", first.2);
    let log = server.log();
    let replays = log.iter().filter(|l| l.starts_with("page /replay (a query of")).collect::<Vec<_>>();
    assert!(replays.len() == 4 && !replays[3].ends_with("(cached)"), "{replays:?}");

    // The default effort of a 100×100 fits the time.
    let (status, _, body) = get(addr, "/watch?size=100&seed=2", &[]);
    assert_eq!(status, 200, "{:.300}", reason(&body));

    // Out of time: 504 and why; the worker is free again at once.
    let server = PageServer::start(|c| c.page_seconds = Duration::from_millis(1500));
    let (status, headers, body) = get(server.addr(), &format!("{SLOW}7"), &[]);
    assert_eq!(status, 504, "{body:.300}");
    assert!(reason(&body).contains("longer than the 1.5 s a page may take here"), "{}", reason(&body));
    assert_eq!(header(&headers, "retry-after"), None);
    server.wait_for_busy(0, Duration::from_secs(5));
}

#[test]
fn a_replays_sharper_par_is_json_on_its_own_worker_within_its_own_time() {
    let links = std::fs::read_to_string("../../tests/data/slidysim/world-records.txt").unwrap();
    let query = |line: usize| links.lines().nth(line).unwrap().split_once('?').unwrap().1.to_string();
    // The record history's 8×8 single solve (its par fifteen's, below best)
    // and a 4×4's (its par exact).
    let (eight, four) = (query(169), query(35));
    let server = PageServer::start(|c| c.sharper_seconds = Duration::from_millis(300));
    let addr = server.addr();
    // Past its time: 504 as JSON, the reason the page shows.
    let (status, headers, body) = get(addr, &format!("/replay?{eight}&coach=sharper"), &[]);
    assert_eq!(status, 504, "{body:.300}");
    assert_eq!(header(&headers, "content-type"), Some("application/json"));
    let answer: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert!(answer["error"].as_str().unwrap().contains("a sharper par takes longer than the 0.3 s"), "{answer}");
    // An exact par is as sharp as it gets: nothing to find, at once.
    let (status, _, body) = get(addr, &format!("/replay?{four}&coach=sharper"), &[]);
    assert_eq!(status, 200, "{body:.300}");
    assert_eq!(serde_json::from_str::<serde_json::Value>(&body).unwrap(), serde_json::json!({ "coach": null }));
    // A sharper par is kept (it depends on the scramble and moves alone);
    // a refusal is not: asked again, the one is served from the cache and
    // the other is tried again.
    let (status, _, again) = get(addr, &format!("/replay?{four}&coach=sharper"), &[]);
    assert_eq!((status, again), (200, body));
    let (status, _, _) = get(addr, &format!("/replay?{eight}&coach=sharper"), &[]);
    assert_eq!(status, 504);
    let sharper_lines = |how: &str| {
        server.log().iter().filter(|l| l.starts_with("page /replay?coach=sharper") && l.ends_with(how)).count()
    };
    assert_eq!((sharper_lines("(cached)"), sharper_lines("bytes")), (1, 3), "{:?}", server.log());
    // A link that cannot be read: 400, as JSON.
    let (status, _, body) = get(addr, "/replay?r=AAAA&coach=sharper", &[]);
    assert_eq!(status, 400, "{body:.300}");
    assert!(serde_json::from_str::<serde_json::Value>(&body).unwrap()["error"].is_string(), "{body}");
    let log = server.log();
    assert!(log.iter().any(|l| l.starts_with("page /replay?coach=sharper (a query of")), "{log:?}");
    server.wait_for_busy(0, Duration::from_secs(5));
}

#[test]
fn the_longest_links_open_a_link_bomb_is_413_and_overlong_lines_are_refused() {
    let server = PageServer::start(|c| c.page_seconds = Duration::from_secs(60));
    let addr = server.addr();
    let link = std::fs::read_to_string("../../tests/data/slidysim/longest-record.txt").unwrap();
    let (_, query) = link.trim().split_once('?').unwrap();
    assert!(link.len() > 57_000);
    let (status, _, body) = get(addr, &format!("/replay?{query}"), &[]);
    assert_eq!(status, 200, "{}", reason(&body));
    assert!(body.contains("20×20") || body.contains("custom replay"), "{body:.300}");

    // Longer than any URI hyper reads (64 KiB): a 30×30 solve with the
    // time of each of its moves, a link of a few hundred thousand characters.
    let board = fifteen_core::Board::scrambled(30, 30, fifteen_core::Scramble::Uniform, 3).unwrap();
    let moves = fifteen_core::human::solve(&board, &fifteen_core::HumanOptions::default()).unwrap().moves().to_vec();
    let mut at = 0u64;
    let times: Vec<u64> = (0..moves.len() as u64)
        .map(|i| {
            at += 40 + (i * 7919) % 97;
            at
        })
        .collect();
    let long = fifteen_core::slidysim::replay_link(&board, &moves.into(), Some(&times));
    let (_, query) = long.split_once('?').unwrap();
    assert!(long.len() > 100_000, "{} characters", long.len());
    let (status, _, body) = get(addr, &format!("/replay?{query}"), &[]);
    assert_eq!(status, 200, "{}", reason(&body));

    // The bomb: its solve data unpacks to 60 MB, refused as it passes 32 MiB.
    let bomb = fifteen_core::testing::link_bomb(40, 250_000);
    assert!(bomb.len() < 2_000, "{} bytes", bomb.len());
    let started = Instant::now();
    let (status, _, body) = get(addr, &format!("/replay?r={bomb}"), &[]);
    let took = started.elapsed();
    assert_eq!(status, 413, "{}", reason(&body));
    assert!(reason(&body).contains("unpacks to more than 33554432 bytes"), "{}", reason(&body));
    assert!(took < Duration::from_secs(5), "refused after {took:?}");
    // One solve of 12 million moves in 360 kB of text: refused by its
    // count, before a move is expanded.
    let (status, _, body) = get(addr, &format!("/replay?r={}", fifteen_core::testing::link_bomb(1, 60_607)), &[]);
    assert_eq!(status, 413, "{}", reason(&body));
    assert!(reason(&body).contains("over the limit of 10000000 moves"), "{}", reason(&body));

    // A request line past 1 MiB: 414, and closed; a long line elsewhere
    // than /replay: hyper's 431.
    let huge = format!("/replay?r={}", "A".repeat(super::head::LINE_LIMIT + 10));
    let (status, _, body) = get(addr, &huge, &[]);
    assert_eq!(status, 414, "{body:.200}");
    let (status, _, _) = get(addr, &format!("/watch?size=4&pad={}", "x".repeat(20_000)), &[]);
    assert_eq!(status, 431);
    // A /replay line that is not one (no version) is hyper's to refuse.
    let mut tcp = TcpStream::connect(addr).unwrap();
    tcp.write_all(b"GET /replay?r=AAAA\r\n\r\n").unwrap();
    let (status, _, _) = answer(tcp);
    assert_eq!(status, 400);
}

#[test]
fn healthz_and_metrics_say_how_busy_the_server_is() {
    let server = PageServer::start(|_| {});
    let addr = server.addr();
    let (status, headers, body) = get(addr, "/healthz", &[]);
    assert_eq!(status, 200);
    assert_eq!(header(&headers, "content-type"), Some("application/json"));
    let health: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(health["status"], "ok");
    assert_eq!((health["page_queue"].as_i64(), health["games_open"].as_i64()), (Some(0), Some(0)));
    assert_eq!(get(addr, "/watch?size=4&seed=3", &[]).0, 200);
    assert_eq!(get(addr, "/nope", &[]).0, 404);
    assert_eq!(get(addr, "/watch?size=x", &[]).0, 400);
    let lines = [
        "fifteen_http_requests_total{path=\"/healthz\",status=\"200\"} 1",
        "fifteen_http_requests_total{path=\"/watch\",status=\"200\"} 1",
        "fifteen_http_requests_total{path=\"/watch\",status=\"400\"} 1",
        "fifteen_http_requests_total{path=\"other\",status=\"404\"} 1",
        "fifteen_page_seconds_count{path=\"/watch\"} 2",
        "fifteen_page_queue_length 0",
        "fifteen_page_workers_busy 0",
    ];
    // A page's worker counts itself idle just after it hands the page
    // over, so on a busy machine the first look may still see it busy
    // (`wait_for_busy` would ask `/healthz`, which these lines count).
    let started = Instant::now();
    loop {
        let (status, headers, text) = get(addr, "/metrics", &[]);
        assert_eq!(status, 200);
        assert!(header(&headers, "content-type").is_some_and(|t| t.starts_with("application/openmetrics-text")));
        match lines.iter().find(|line| !text.contains(*line)) {
            None => break,
            Some(line) if started.elapsed().as_secs() >= 10 => panic!("{line} not in:\n{text}"),
            Some(_) => std::thread::sleep(Duration::from_millis(20)),
        }
    }
    // One log line a page: path, status, time, bytes.
    let log = server.log();
    assert!(
        log.iter().any(|l| l.starts_with("page /watch?size=4&seed=3 from 127.0.0.1: 200 in ") && l.ends_with(" bytes")),
        "{log:?}"
    );
}
