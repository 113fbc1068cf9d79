//! The server and the library's bot over real sockets on loopback: the
//! server runs in-process on port 0; its clients are the bot and a plain
//! tungstenite client that sends bad frames on purpose. The `fifteen serve`
//! and `fifteen bot` binaries are driven in `tests/it/net.rs`.

use std::net::TcpStream;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::{Bot, BotError, Server, ServerConfig};
use fifteen_core::solver::Solver;
use fifteen_core::tables::PatternDatabase;
use fifteen_core::tables::{NO_TABLES, Tables};
use fifteen_core::{Board, Move, Scramble};
use fifteen_view::game::protocol::{Optimal, State, Status, move_message};
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{CloseCode, Data, OpCode};
use tokio_tungstenite::tungstenite::{self, Message, WebSocket, stream::MaybeTlsStream};

type Client = WebSocket<MaybeTlsStream<TcpStream>>;

/// A server on a free port whose log lines are kept.
struct TestServer {
    server: Option<Server>,
    log: Arc<Mutex<Vec<String>>>,
}

impl TestServer {
    fn start(rows: usize, cols: usize, tune: impl FnOnce(&mut ServerConfig)) -> TestServer {
        let log = Arc::new(Mutex::new(Vec::new()));
        let mut config = ServerConfig::new(rows, cols).unwrap();
        config.seed = 7;
        let sink = log.clone();
        config.log = Arc::new(move |line: &str| sink.lock().unwrap().push(line.to_string()));
        tune(&mut config);
        let server = Server::start("127.0.0.1:0".parse().unwrap(), config).unwrap();
        TestServer { server: Some(server), log }
    }

    fn url(&self, path: &str) -> String {
        format!("ws://{}{path}", self.server.as_ref().unwrap().addr())
    }

    fn stop(&mut self) -> Vec<String> {
        self.server.take().unwrap().stop().unwrap();
        self.log.lock().unwrap().clone()
    }

    /// Waits until the server has logged `n` lines.
    fn wait_for_log(&self, n: usize) -> Vec<String> {
        let until = Instant::now() + Duration::from_secs(10);
        loop {
            let lines = self.log.lock().unwrap().clone();
            if lines.len() >= n || Instant::now() > until {
                return lines;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

fn connect(url: &str) -> Client {
    let (client, _) = tungstenite::connect(url).unwrap();
    if let MaybeTlsStream::Plain(tcp) = client.get_ref() {
        tcp.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    }
    client
}

fn read_message(client: &mut Client) -> Message {
    loop {
        match client.read().unwrap() {
            Message::Ping(_) | Message::Pong(_) => continue,
            other => return other,
        }
    }
}

fn read_state(client: &mut Client) -> State {
    match read_message(client) {
        Message::Text(text) => serde_json::from_str(text.as_str()).unwrap(),
        other => panic!("expected a state, got {other:?}"),
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

fn send_text(client: &mut Client, text: &str) {
    client.send(Message::Text(text.into())).unwrap();
}

fn board_of(state: &State) -> Board {
    let (rows, cols) = state.shape().unwrap();
    Board::from_cells(rows, cols, state.board.clone()).unwrap()
}

#[test]
fn the_library_bot_reports_its_moves_and_they_solve_the_board_dealt() {
    let mut server = TestServer::start(4, 4, |c| c.scramble = Scramble::Walk(30));
    let mut bot = Bot::new(server.url("/ws"));
    bot.solver = Some(Solver::Human);
    let report = bot.play().unwrap();
    let mut replay = report.board.clone();
    replay.apply(&report.moves).unwrap();
    assert!(replay.is_solved());
    assert_eq!(
        report.board,
        ServerConfig::new(4, 4)
            .map(|mut c| {
                c.seed = 7;
                c.scramble = Scramble::Walk(30);
                c.board(0).unwrap()
            })
            .unwrap()
    );
    server.stop();
}

#[test]
fn the_library_bot_checks_every_optimal_distance_the_server_sends() {
    // The human solver's positions are off any shortest path: most need a
    // search of their own on both sides.
    let mut server = TestServer::start(4, 4, |c| c.scramble = Scramble::Walk(30));
    let mut bot = Bot::new(server.url("/ws"));
    bot.solver = Some(Solver::Human);
    bot.check_optimal = true;
    let report = bot.play().unwrap();
    assert_eq!(report.optimal_checked, report.moves.len() + 1, "the dealt position and one per move");
    server.stop();
}
#[test]
fn every_kind_of_bad_frame_gets_the_unchanged_state_and_the_game_goes_on() {
    let mut server = TestServer::start(3, 3, |_| {});
    let mut client = connect(&server.url("/eight/ws"));
    let first = read_state(&mut client);
    assert_eq!(first.status, Status::Playing);
    assert_eq!(first.score, 0);
    let board = board_of(&first);
    let off_board: Vec<String> = Move::ALL.into_iter().filter(|&mv| !board.can_slide(mv)).map(move_message).collect();
    let too_long = format!(r#"{{"Move":"left","pad":"{}"}}"#, "x".repeat(5000));
    let mut texts: Vec<(&str, &str)> = vec![
        ("hello", "not JSON"),
        ("", "not JSON"),
        ("{", "not JSON"),
        ("{}", "no \"Move\""),
        ("[\"left\"]", "no \"Move\""),
        ("null", "no \"Move\""),
        (r#"{"move":"left"}"#, "no \"Move\""),
        (r#"{"Move":"sideways"}"#, "unknown move \"sideways\""),
        (r#"{"Move":3}"#, "unknown move 3"),
        (r#"{"Move":null}"#, "unknown move null"),
        (r#"{"Watch":"fast"}"#, "\"Watch\" takes the milliseconds"),
        (r#"{"Optimal":"yes"}"#, "\"Optimal\" takes true or false"),
        (too_long.as_str(), "over the 4096-byte limit"),
    ];
    texts.extend(off_board.iter().map(|m| (m.as_str(), "the blank cannot go")));
    for (text, needle) in texts {
        send_text(&mut client, text);
        let state = read_state(&mut client);
        match &state.status {
            Status::Error(why) => assert!(why.contains(needle), "{text:.40}: {why}"),
            other => panic!("{text:.40} got {other}"),
        }
        assert_eq!((state.board.as_slice(), state.score), (board.cells(), 0), "{text:.40}");
    }
    client.send(Message::Binary(vec![1u8, 2, 3].into())).unwrap();
    let state = read_state(&mut client);
    assert!(matches!(&state.status, Status::Error(why) if why.contains("binary frames")), "{:?}", state.status);
    assert_eq!(state.board, board.cells());

    // The game goes on: a legal move is made and scored.
    let mv = board.legal_moves().next().unwrap();
    send_text(&mut client, &move_message(mv));
    let state = read_state(&mut client);
    let mut replay = board.clone();
    replay.slide(mv);
    assert_eq!((state.board.as_slice(), state.score, &state.status), (replay.cells(), 1, &Status::of(&replay)));

    // A frame over 64 KiB is not read: the connection is closed with 1009.
    send_text(&mut client, &"x".repeat(70_000));
    let (code, reason) = read_close(&mut client);
    assert_eq!(u16::from(code), 1009, "{reason}");
    drop(client);

    // Text that is not UTF-8: closed with 1007.
    let mut client = connect(&server.url("/ws"));
    read_state(&mut client);
    let frame = Frame::message(vec![0xff, 0xfe, b'{'], OpCode::Data(Data::Text), true);
    client.send(Message::Frame(frame)).unwrap();
    let (code, _) = read_close(&mut client);
    assert_eq!(u16::from(code), 1007);
    drop(client);

    // And the server still deals games.
    let mut client = connect(&server.url("/ws"));
    assert_eq!(read_state(&mut client).status, Status::Playing);
    client.close(None).unwrap();
    // Each game's line is written when its connection's task ends, and two
    // tasks may end in either order.
    let log = server.wait_for_log(3);
    assert!(
        log.iter().any(|l| l.contains("1 moves") && l.contains("dropped (message over the 65536-byte limit)")),
        "{log:?}"
    );
    assert!(log.iter().any(|l| l.contains("dropped (text frame is not UTF-8)")), "{log:?}");
    server.stop();
}

#[test]
fn watching_streams_the_human_solver_with_phase_and_target_to_the_end() {
    let mut server = TestServer::start(4, 4, |_| {});
    let mut client = connect(&server.url("/ws"));
    let first = read_state(&mut client);
    let mut replay = board_of(&first);
    send_text(&mut client, r#"{"Watch":1}"#);
    let reply = read_state(&mut client);
    assert_eq!(reply.board, first.board, "the reply to Watch shows what is about to happen");
    assert_eq!(reply.phase.as_deref(), Some("top rows"));
    let mut phases = Vec::new();
    loop {
        let state = read_state(&mut client);
        let moved = replay.legal_moves().find(|&mv| {
            let mut next = replay.clone();
            next.slide(mv);
            next.cells() == state.board
        });
        replay.slide(moved.expect("each streamed state is one legal move on"));
        assert!(state.target.as_ref().is_some_and(|t| !t.is_empty()));
        let region = state.region.as_ref().unwrap();
        assert!(region.bottom <= 4 && region.right <= 4);
        let phase = state.phase.clone().unwrap();
        if phases.last() != Some(&phase) {
            phases.push(phase);
        }
        if state.status == Status::Complete {
            break;
        }
        assert_eq!(state.status, Status::Playing);
    }
    assert!(replay.is_solved());
    assert_eq!(phases.first().map(String::as_str), Some("top rows"));
    assert_eq!(phases.last().map(String::as_str), Some("last block"));
    assert!(phases.iter().any(|p| p == "right pair") && phases.iter().any(|p| p == "bottom pair"), "{phases:?}");
    client.close(None).unwrap();
    assert!(server.wait_for_log(1)[0].ends_with(", complete"));
    server.stop();
}

#[test]
fn a_move_or_stop_ends_a_watch() {
    let mut server = TestServer::start(5, 5, |_| {});
    let mut client = connect(&server.url("/ws"));
    read_state(&mut client);
    send_text(&mut client, r#"{"Watch":50}"#);
    assert!(read_state(&mut client).phase.is_some());
    read_state(&mut client);
    send_text(&mut client, r#"{"Stop":true}"#);
    // States already in flight may arrive first; then one without a phase, then silence.
    let mut state = read_state(&mut client);
    while state.phase.is_some() {
        state = read_state(&mut client);
    }
    if let MaybeTlsStream::Plain(tcp) = client.get_ref() {
        tcp.set_read_timeout(Some(Duration::from_millis(300))).unwrap();
    }
    assert!(client.read().is_err(), "no more moves after Stop");
    server.stop();
}

/// A message from the server: a state, or an optimal distance.
enum Reply {
    State(State),
    Optimal(Optimal),
}

fn read_reply(client: &mut Client) -> Reply {
    match read_message(client) {
        Message::Text(text) => match Optimal::parse(text.as_str()) {
            Some(optimal) => Reply::Optimal(optimal),
            None => Reply::State(serde_json::from_str(text.as_str()).unwrap()),
        },
        other => panic!("expected a text frame, got {other:?}"),
    }
}

/// Reads a game's messages while checking the optimal distances it is
/// sent: each follows the state of its position, with nothing between (so
/// never for a position already left), and agrees with the optimal solver.
struct Follower {
    client: Client,
    board: Board,
    score: u64,
    answers: Vec<Optimal>,
}

impl Follower {
    fn read(&mut self) -> Reply {
        let reply = read_reply(&mut self.client);
        match &reply {
            Reply::State(state) => {
                self.board = board_of(state);
                self.score = state.score;
            }
            Reply::Optimal(optimal) => {
                assert_eq!(optimal.score, self.score, "an answer for a position left behind: {optimal:?}");
                let shortest = fifteen_core::solver::solve(
                    &self.board,
                    &fifteen_core::solver::SolverOptions {
                        solver: fifteen_core::solver::Solver::Optimal,
                        ..Default::default()
                    },
                )
                .unwrap()
                .moves;
                assert_eq!(optimal.moves, Some(shortest.len()), "{optimal:?} for {:?}", self.board.cells());
                if let Some(best) = optimal.best_move() {
                    let mut next = self.board.clone();
                    assert_eq!(next.slide(best), optimal.tile, "the tile the best move slides");
                    let after = fifteen_core::solver::solve(
                        &next,
                        &fifteen_core::solver::SolverOptions {
                            solver: fifteen_core::solver::Solver::Optimal,
                            ..Default::default()
                        },
                    )
                    .unwrap()
                    .moves;
                    assert_eq!(after.len() + 1, shortest.len(), "the best move is an optimal one");
                } else {
                    assert!(self.board.is_solved());
                }
                self.answers.push(optimal.clone());
            }
        }
        reply
    }

    /// Reads until the state of `score` and its answer have come.
    fn until_answered(&mut self, score: u64) -> Optimal {
        loop {
            if let Reply::Optimal(optimal) = self.read()
                && optimal.score == score
            {
                return optimal;
            }
        }
    }

    fn send(&mut self, text: &str) {
        send_text(&mut self.client, text);
    }
}

/// A table loader that holds the search that asks it (the server's
/// first) until the test lets it go, and says when it is asked: a search
/// under way for as long as a test needs. Gives no tables.
struct HeldLoader {
    loader: Arc<dyn Tables>,
    called: std::sync::mpsc::Receiver<()>,
    release: std::sync::mpsc::Sender<()>,
}

/// [`HeldLoader`]'s tables: each ask says so; the first then waits for the
/// release (the server asks at every search).
struct HeldTables {
    calling: std::sync::mpsc::Sender<()>,
    gate: Mutex<Option<std::sync::mpsc::Receiver<()>>>,
}

impl Tables for HeldTables {
    fn optimal(&self, _: usize, _: usize) -> Option<Arc<PatternDatabase>> {
        let _ = self.calling.send(());
        let first = self.gate.lock().unwrap().take();
        if let Some(gate) = first {
            let _ = gate.recv_timeout(Duration::from_secs(60));
        }
        None
    }

    fn near(&self, rows: usize, cols: usize) -> Result<Arc<PatternDatabase>, fifteen_core::tables::TablesError> {
        NO_TABLES.near(rows, cols)
    }
}

impl HeldLoader {
    fn new() -> HeldLoader {
        let (release, gate) = std::sync::mpsc::channel::<()>();
        let (calling, called) = std::sync::mpsc::channel::<()>();
        let loader = Arc::new(HeldTables { calling, gate: Mutex::new(Some(gate)) });
        HeldLoader { loader, called, release }
    }

    /// Waits until a search is in the loader.
    fn wait_for_search(&self) {
        self.called.recv_timeout(Duration::from_secs(10)).expect("a search calls the loader");
    }
}

#[test]
fn a_4x4_game_is_sent_the_optimal_distance_of_each_position_and_never_a_stale_one() {
    // Boards 30 random slides from the goal: Manhattan distance (no tables
    // in tests) solves them in milliseconds. The first search is held in
    // the table loader while the player moves on.
    let held = HeldLoader::new();
    let mut server = TestServer::start(4, 4, |c| {
        c.scramble = Scramble::Walk(30);
        c.tables = held.loader.clone();
    });
    let mut client = connect(&server.url("/ws"));
    let first = read_state(&mut client);
    let mut game = Follower { client, board: board_of(&first), score: 0, answers: Vec::new() };
    game.send(r#"{"Optimal":true}"#);
    assert!(matches!(game.read(), Reply::State(_)));
    held.wait_for_search();

    // Moves made while the search for the first position runs: its answer
    // comes after that position was left and must not be sent.
    let mut replay = game.board.clone();
    let mut last = None;
    for i in 0..12u64 {
        let onward: Vec<Move> = replay.legal_moves().filter(|&mv| Some(mv.opposite()) != last).collect();
        let mv = onward[i as usize % onward.len()];
        replay.slide(mv);
        last = Some(mv);
        game.send(&move_message(mv));
        assert!(matches!(game.read(), Reply::State(_)));
    }
    assert_eq!((&game.board, game.answers.len()), (&replay, 0));
    held.release.send(()).unwrap();
    let answer = game.until_answered(12);
    assert_eq!(game.answers.len(), 1, "only the position now is answered: {:?}", game.answers);
    assert_eq!(
        answer.moves,
        Some(
            fifteen_core::solver::solve(
                &replay,
                &fifteen_core::solver::SolverOptions {
                    solver: fifteen_core::solver::Solver::Optimal,
                    ..Default::default()
                }
            )
            .unwrap()
            .moves
            .len()
        )
    );

    // Following the best move: the next position is on the solution found,
    // so its answer comes at once, one move shorter.
    let best = answer.best_move().unwrap();
    game.send(&move_message(best));
    let next = game.until_answered(13);
    assert_eq!(next.moves, answer.moves.map(|m| m - 1));

    // A refused move resends the state; the answer is not sent twice.
    let off_board = Move::ALL.into_iter().find(|&mv| !game.board.can_slide(mv)).unwrap();
    game.send(&move_message(off_board));
    game.send(r#"{"Optimal":false}"#);
    let mv = game.board.legal_moves().next().unwrap();
    game.send(&move_message(mv));
    game.send(r#"{"Stop":true}"#);
    let sent = game.answers.len();
    for _ in 0..4 {
        assert!(matches!(game.read(), Reply::State(_)), "no answer once declined");
    }
    assert_eq!(game.answers.len(), sent);
    assert!(game.answers.iter().filter(|a| a.score == 13).count() == 1);
    // Asked again: the position now is answered.
    game.send(r#"{"Optimal":true}"#);
    assert_eq!(game.until_answered(14).score, 14);
    game.client.close(None).unwrap();
    server.wait_for_log(1);
    server.stop();
}

#[test]
fn a_search_still_running_does_not_hold_up_stopping_the_server() {
    // The first search is held in the table loader, as a long search would
    // be (IDA* cannot be interrupted).
    let held = HeldLoader::new();
    let mut server = TestServer::start(3, 3, |c| c.tables = held.loader.clone());
    let mut client = connect(&server.url("/ws"));
    read_state(&mut client);
    send_text(&mut client, r#"{"Optimal":true}"#);
    read_state(&mut client);
    held.wait_for_search();
    let stopping = Instant::now();
    let log = server.stop();
    assert!(stopping.elapsed() < Duration::from_secs(10), "stopped in {:?}", stopping.elapsed());
    assert!(log[0].contains("dropped (server stopping)"), "{log:?}");
    let _ = held.release.send(());
}

#[test]
fn boards_over_16_cells_get_no_optimal_distance() {
    let mut server = TestServer::start(3, 6, |_| {});
    let mut client = connect(&server.url("/ws"));
    let mut board = board_of(&read_state(&mut client));
    send_text(&mut client, r#"{"Optimal":true}"#);
    assert!(matches!(read_reply(&mut client), Reply::State(_)));
    for _ in 0..3 {
        let mv = board.legal_moves().next().unwrap();
        board.slide(mv);
        send_text(&mut client, &move_message(mv));
        assert!(matches!(read_reply(&mut client), Reply::State(_)));
    }
    // Time for an answer that should never come, then one more message.
    std::thread::sleep(Duration::from_millis(300));
    send_text(&mut client, r#"{"Stop":true}"#);
    match read_reply(&mut client) {
        Reply::State(state) => assert_eq!((state.board.as_slice(), state.score), (board.cells(), 3)),
        Reply::Optimal(optimal) => panic!("an 18-cell board got {optimal:?}"),
    }
    server.stop();
}

#[test]
fn a_client_gone_mid_search_frees_its_turn_for_the_next_game() {
    // One search at a time, server-wide: the next game's answer can only
    // come once the first game's search has ended or been dropped.
    let mut server = TestServer::start(4, 4, |c| {
        c.scramble = Scramble::Walk(40);
        c.optimal_threads = 1;
    });
    for _ in 0..3 {
        let mut gone = connect(&server.url("/ws"));
        read_state(&mut gone);
        send_text(&mut gone, r#"{"Optimal":true}"#);
        drop(gone);
    }
    let mut client = connect(&server.url("/ws"));
    let first = read_state(&mut client);
    let mut game = Follower { client, board: board_of(&first), score: 0, answers: Vec::new() };
    game.send(r#"{"Optimal":true}"#);
    game.until_answered(0);
    let log = server.wait_for_log(3);
    assert!(log.iter().take(3).all(|l| l.contains("dropped")), "{log:?}");
    game.client.close(None).unwrap();
    server.stop();
}

#[test]
fn seeded_servers_deal_the_same_games_in_the_same_order() {
    let firsts = |seed: u64| {
        let mut server = TestServer::start(4, 4, |c| c.seed = seed);
        let boards: Vec<Vec<u32>> = (0..3)
            .map(|_| {
                let mut client = connect(&server.url("/ws"));
                let state = read_state(&mut client);
                client.close(None).unwrap();
                state.board
            })
            .collect();
        server.stop();
        boards
    };
    let a = firsts(99);
    assert_eq!(a, firsts(99));
    assert_ne!(a, firsts(100));
    assert!(a[0] != a[1] && a[1] != a[2]);
}

#[test]
fn game_i_of_a_seeded_server_is_the_board_its_config_names() {
    let mut server = TestServer::start(3, 3, |c| c.seed = 5);
    let mut config = ServerConfig::new(3, 3).unwrap();
    config.seed = 5;
    for i in 0..3 {
        let mut client = connect(&server.url("/ws"));
        assert_eq!(read_state(&mut client).board, config.board(i).unwrap().cells(), "game {}", i + 1);
        client.close(None).unwrap();
    }
    server.stop();
}

#[test]
fn games_beyond_the_cap_are_refused_with_code_1013() {
    let mut server = TestServer::start(3, 3, |c| c.max_games = 2);
    let mut open: Vec<Client> = (0..2).map(|_| connect(&server.url("/ws"))).collect();
    for client in &mut open {
        read_state(client);
    }
    let mut third = connect(&server.url("/ws"));
    let (code, reason) = read_close(&mut third);
    assert_eq!(u16::from(code), 1013);
    assert!(reason.contains("server full"), "{reason}");
    let mut bot = Bot::new(server.url("/eight/ws"));
    bot.solver = Some(Solver::Human);
    let err = bot.play().unwrap_err();
    assert!(matches!(err, BotError::Refused(_)), "{err}");
    assert!(err.to_string().contains("code 1013: server full"), "{err}");
    // A slot frees up when a game ends.
    open.pop().unwrap().close(None).unwrap();
    server.wait_for_log(3);
    std::thread::sleep(Duration::from_millis(100));
    let mut again = connect(&server.url("/ws"));
    assert_eq!(read_state(&mut again).score, 0);
    server.stop();
}

#[test]
fn idle_games_are_closed() {
    let mut server = TestServer::start(3, 3, |c| c.idle_timeout = Duration::from_millis(300));
    let mut client = connect(&server.url("/ws"));
    read_state(&mut client);
    let started = Instant::now();
    let (code, reason) = read_close(&mut client);
    assert_eq!(u16::from(code), 1001);
    assert!(reason.contains("idle"), "{reason}");
    assert!(started.elapsed() >= Duration::from_millis(250));
    assert!(server.wait_for_log(1)[0].contains("dropped (idle for 0.3 s)"));
    server.stop();
}

/// Raises this process's limit on open files to `want` when it is lower (up
/// to the hard limit), so a test's sockets fit; fails naming the limit when
/// even the hard limit is too low.
#[cfg(unix)]
fn allow_open_files(want: u64) {
    use rustix::process::{Resource, getrlimit, setrlimit};
    let limit = getrlimit(Resource::Nofile);
    let current = limit.current.unwrap_or(u64::MAX);
    if current >= want {
        return;
    }
    let maximum = limit.maximum.unwrap_or(u64::MAX);
    assert!(maximum >= want, "this test needs {want} open files; the hard limit is {maximum}");
    setrlimit(Resource::Nofile, rustix::process::Rlimit { current: Some(want), maximum: limit.maximum })
        .expect("raising the open-file limit");
}

/// Reads from `tcp` until the server closes it (end of file or a reset) or
/// `deadline` passes; the answer is what it had sent by then and whether it
/// closed.
fn read_until_closed(tcp: &mut TcpStream, deadline: Instant) -> (Vec<u8>, bool) {
    use std::io::Read;
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return (got, false);
        }
        tcp.set_read_timeout(Some(left)).unwrap();
        match tcp.read(&mut buf) {
            Ok(0) => return (got, true),
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => return (got, true),
            Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {
                return (got, false);
            }
            Err(e) => panic!("reading a slow client's socket: {e}"),
        }
    }
}

/// Whether the server still holds `tcp` open (nothing to read, no end of
/// file), asked without waiting.
fn still_open(tcp: &TcpStream) -> bool {
    tcp.set_nonblocking(true).unwrap();
    let open = matches!(tcp.peek(&mut [0u8; 1]), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock);
    tcp.set_nonblocking(false).unwrap();
    open
}

#[test]
#[cfg(unix)]
#[ignore = "ten seconds: a thousand slow clients; CI runs it"]
fn a_thousand_slow_header_clients_are_closed_while_a_game_completes() {
    use std::io::Write;
    const SLOW: usize = 1000;
    // Each slow client is two sockets in this process: its own and the
    // server's end.
    allow_open_files(2 * SLOW as u64 + 512);
    let limit = Duration::from_secs(3);
    let mut server = TestServer::start(3, 3, |c| c.header_timeout = limit);
    let addr = server.server.as_ref().unwrap().addr();
    let opened = Instant::now();
    // Half a request each: the request line and one header, never the blank
    // line that ends the head.
    let mut slow: Vec<TcpStream> = (0..SLOW)
        .map(|_| {
            let mut tcp = TcpStream::connect(addr).unwrap();
            tcp.write_all(b"GET / HTTP/1.1\r\nHost: fifteen\r\n").unwrap();
            tcp
        })
        .collect();
    let all_opened = opened.elapsed();

    // A real player meanwhile: the page loads and a game is played to the end.
    assert!(http_get(addr, "/").starts_with("HTTP/1.1 200"));
    let mut bot = Bot::new(server.url("/ws"));
    bot.solver = Some(Solver::Human);
    let report = bot.play().unwrap();
    let mut replay = report.board.clone();
    replay.apply(&report.moves).unwrap();
    assert!(replay.is_solved());
    assert!(server.wait_for_log(1)[0].ends_with(", complete"), "{:?}", server.log);
    let played = opened.elapsed();
    if played + Duration::from_millis(500) < limit {
        let open = slow.iter().filter(|tcp| still_open(tcp)).count();
        assert_eq!(open, SLOW, "every slow client is still connected while the game is played");
    } else {
        eprintln!(
            "(opening {SLOW} sockets took {all_opened:?} and the game ended at {played:?}: too late to see them open)"
        );
    }

    // Then each is closed, none before the limit, all soon after it: the
    // last one opened gets its whole limit, counted from when it opened
    // (opening a thousand takes seconds on a busy machine).
    let slack = Duration::from_secs(5);
    let deadline = opened + all_opened + limit + slack;
    for (i, tcp) in slow.iter_mut().enumerate() {
        let (sent, closed) = read_until_closed(tcp, deadline);
        assert!(closed, "slow client {i} still connected {:?} after it connected", opened.elapsed());
        assert!(sent.is_empty(), "slow client {i} was sent {:?}", String::from_utf8_lossy(&sent));
        if i == 0 {
            assert!(opened.elapsed() >= limit - Duration::from_millis(50), "closed after {:?}", opened.elapsed());
        }
    }
    let all_closed = opened.elapsed();
    assert!(all_closed < all_opened + limit + slack, "the last closed after {all_closed:?}");
    server.stop();
}

#[test]
fn heads_too_slow_or_too_long_and_idle_connections_are_closed() {
    use std::io::Write;
    let limit = Duration::from_millis(800);
    let mut server = TestServer::start(3, 3, |c| {
        c.header_timeout = limit;
        c.idle_timeout = Duration::from_millis(600);
    });
    let addr = server.server.as_ref().unwrap().addr();
    let soon = || Instant::now() + limit + Duration::from_secs(3);

    // A head trickled a byte at a time, each well within the limit, is
    // closed at the limit all the same.
    let mut trickle = TcpStream::connect(addr).unwrap();
    let started = Instant::now();
    let mut bytes = b"GET / HTTP/1.1\r\nHost: fifteen\r\nX-Slow: ".iter().cycle();
    while still_open(&trickle) && started.elapsed() < limit + Duration::from_secs(3) {
        // A write after the server closed may fail; the loop's test sees it.
        let _ = trickle.write_all(&[*bytes.next().unwrap()]);
        std::thread::sleep(Duration::from_millis(50));
    }
    let took = started.elapsed();
    let (sent, closed) = read_until_closed(&mut trickle, soon());
    assert!(closed && sent.is_empty(), "{closed} {:?}", String::from_utf8_lossy(&sent));
    assert!(took >= limit && took < limit + Duration::from_secs(2), "closed after {took:?}");

    // A head past the cap is refused with 431 and closed.
    let mut long = TcpStream::connect(addr).unwrap();
    let cookie = "x".repeat(super::server::HEAD_LIMIT);
    let _ = write!(long, "GET / HTTP/1.1\r\nHost: fifteen\r\nCookie: {cookie}\r\n\r\n");
    let (sent, closed) = read_until_closed(&mut long, soon());
    let sent = String::from_utf8_lossy(&sent);
    assert!(closed && sent.starts_with("HTTP/1.1 431"), "{closed} {sent:.200}");

    // A connection served once is closed: it carries one request.
    let mut kept = TcpStream::connect(addr).unwrap();
    write!(kept, "GET /viewer.css HTTP/1.1\r\nHost: fifteen\r\n\r\n").unwrap();
    let (sent, closed) = read_until_closed(&mut kept, soon());
    let sent = String::from_utf8_lossy(&sent);
    assert!(closed && sent.starts_with("HTTP/1.1 200") && sent.contains(".board-wrap"), "{closed} {sent:.200}");

    // A websocket that only pings is idle: closed with 1001 after --idle.
    let mut pinger = connect(&server.url("/ws"));
    read_state(&mut pinger);
    if let MaybeTlsStream::Plain(tcp) = pinger.get_ref() {
        tcp.set_read_timeout(Some(Duration::from_millis(100))).unwrap();
    }
    let started = Instant::now();
    let code = loop {
        assert!(started.elapsed() < Duration::from_secs(5), "a pinging websocket was never closed");
        pinger.send(Message::Ping(vec![1].into())).unwrap();
        match pinger.read() {
            Ok(Message::Close(frame)) => break frame.map(|f| u16::from(f.code)),
            Ok(_) => continue,
            Err(tungstenite::Error::Io(e)) if e.kind() == std::io::ErrorKind::WouldBlock => continue,
            Err(e) => panic!("{e}"),
        }
    };
    assert_eq!(code, Some(1001));
    assert!(started.elapsed() >= Duration::from_millis(550), "closed after {:?}", started.elapsed());
    assert!(server.wait_for_log(1)[0].contains("dropped (idle for 0.6 s)"), "{:?}", server.log);
    server.stop();
}

#[test]
fn stopping_the_server_closes_open_games_with_1001() {
    let mut server = TestServer::start(3, 3, |_| {});
    let mut client = connect(&server.url("/ws"));
    read_state(&mut client);
    let log = server.stop();
    let (code, reason) = read_close(&mut client);
    assert_eq!((u16::from(code), reason.as_str()), (1001, "server stopping"));
    assert_eq!(log.len(), 1);
    assert!(log[0].contains("dropped (server stopping)"), "{log:?}");
}

#[test]
fn the_page_and_its_assets_are_served() {
    let mut server = TestServer::start(3, 3, |_| {});
    let addr = server.server.as_ref().unwrap().addr();
    for (path, kind, needle) in [
        ("/", "text/html", "<script type=\"module\" src=\"/game.js\">"),
        ("/game.js", "text/javascript", "from \"./viewer.js\""),
        ("/viewer.js", "text/javascript", "export {"),
        ("/viewer.css", "text/css", ".board-wrap"),
    ] {
        let response = http_get(addr, path);
        assert!(response.starts_with("HTTP/1.1 200"), "{path}: {response:.200}");
        assert!(response.to_ascii_lowercase().contains(&format!("content-type: {kind}")), "{path}");
        assert!(response.contains(needle), "{path}");
        assert!(!response.contains("http://") && !response.contains("https://"), "{path}: nothing from elsewhere");
    }
    // The game page may open its websocket back to the server, and no more.
    let page = http_get(addr, "/").to_ascii_lowercase();
    assert!(page.contains("content-security-policy: default-src 'none'; script-src 'self'"), "{page:.400}");
    assert!(page.contains("connect-src 'self'"), "{page:.400}");
    assert!(http_get(addr, "/nope").starts_with("HTTP/1.1 404"));
    // A plain GET on the websocket path is not an upgrade: refused, not a crash.
    assert!(http_get(addr, "/ws").starts_with("HTTP/1.1 4"));
    server.stop();
}

fn http_get(addr: std::net::SocketAddr, path: &str) -> String {
    use std::io::{Read, Write};
    let mut tcp = TcpStream::connect(addr).unwrap();
    write!(tcp, "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").unwrap();
    let mut response = String::new();
    tcp.read_to_string(&mut response).unwrap();
    response
}

#[test]
fn a_config_too_big_to_serve_is_refused_before_its_board_is_made() {
    use super::ServeError;
    // A board of a trillion cells would take terabytes: refused by its size.
    assert!(matches!(ServerConfig::new(1_000_000, 1_000_000), Err(ServeError::TooLarge { .. })));
    assert!(matches!(ServerConfig::new(101, 100), Err(ServeError::TooLarge { .. })));
    assert!(matches!(ServerConfig::new(1, 20_000), Err(ServeError::Size(_))), "no board: too few rows");
    assert!(ServerConfig::new(100, 100).is_ok());
}
