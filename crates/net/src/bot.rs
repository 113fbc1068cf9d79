//! `fifteen bot`: plays a game server the way a browser client does, and
//! trusts nothing it is told.
//!
//! It reads the first state, solves the board, sends one move at a time and
//! waits for each state, checking every one against its own replay: the
//! board, the score, and the status. With [`Bot::check_optimal`] it also asks
//! for the optimal distance and checks every answer against its own search.
//! A disagreement is an error.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio::time::{sleep, timeout};
use tokio_tungstenite::tungstenite::{self, Message, protocol::CloseFrame};

use fifteen_core::board::{Board, Move, MoveNotation, Moves};
use fifteen_core::human;
use fifteen_core::search::{
    SearchError,
    distance::{Answers, Distance, ShortestPath, has_distance},
};
use fifteen_core::solver::{self, Solver, SolverError, SolverOptions};
use fifteen_core::tables::PatternDatabase;
use fifteen_core::tables::{NO_TABLES, Tables};

use fifteen_view::game::protocol::{Optimal, ServerMessage, State, Status, move_message};

/// Solves a board with the named solver: the one place a solver name
/// becomes moves (in fifteen's tile notation).
/// `tables` are pattern databases for the optimal solver on this board's
/// shape, if the caller has them; without them it uses Manhattan distance
/// and linear conflicts (the same answers, found more slowly).
pub(crate) fn plan(board: &Board, solver: Solver, tables: Option<Arc<PatternDatabase>>) -> Result<Moves, BotError> {
    let given = Given(tables);
    match solver::solve(board, &SolverOptions { solver, tables: &given, ..SolverOptions::default() }) {
        Ok(found) => Ok(found.moves),
        Err(SolverError::Human(human::HumanError::Unsolvable(u)) | SolverError::Search(SearchError::Unsolvable(u))) => {
            Err(BotError::Unsolvable(u.to_string()))
        }
        Err(e) => Err(BotError::Solver(e.to_string())),
    }
}

/// The tables the caller's [`Bot::tables`] gave for the board's shape.
struct Given(Option<Arc<PatternDatabase>>);

impl Tables for Given {
    fn optimal(&self, _: usize, _: usize) -> Option<Arc<PatternDatabase>> {
        self.0.clone()
    }

    fn near(&self, rows: usize, cols: usize) -> Result<Arc<PatternDatabase>, fifteen_core::tables::TablesError> {
        NO_TABLES.near(rows, cols)
    }
}

/// Why the bot did not finish a game.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    /// The URL is not a `ws://` address.
    #[error("{0}")]
    BadUrl(String),
    /// The server dealt a board that cannot be solved.
    #[error("the server dealt an unsolvable board: {0}")]
    Unsolvable(String),
    /// The solver failed (a bug).
    #[error("{0}")]
    Solver(String),
    /// No websocket connection could be made.
    #[error("cannot connect to {url}: {why}")]
    Connect {
        /// The address.
        url: String,
        /// Why: refused, HTTP status, …
        why: String,
    },
    /// The server said nothing for too long.
    #[error("timed out after {secs} s waiting for {waiting}")]
    Timeout {
        /// What the bot was waiting for.
        waiting: String,
        /// How long it waited.
        secs: f64,
    },
    /// The server sent something that is not a game state.
    #[error("malformed message from the server ({waiting}): {why}")]
    Malformed {
        /// Which message it was.
        waiting: String,
        /// What was wrong with it.
        why: String,
    },
    /// The server closed the connection before any state (for example: full).
    #[error("the server closed the connection before the game began{}", close_reason(.0))]
    Refused(Option<CloseFrame>),
    /// The game ended before it was complete.
    #[error("the game ended after {after} of {of} moves without being complete: {why}")]
    Ended {
        /// Moves acknowledged.
        after: usize,
        /// Moves planned.
        of: usize,
        /// How it ended.
        why: String,
    },
    /// A state the server sent does not match the bot's replay.
    #[error("the server and the bot disagree after move {after}: {why}")]
    Mismatch {
        /// Moves made when it was noticed.
        after: usize,
        /// What differs.
        why: String,
    },
    /// The bot's own runtime could not start.
    #[error("cannot start: {0}")]
    Io(#[from] std::io::Error),
}

fn close_reason(frame: &Option<CloseFrame>) -> String {
    match frame {
        Some(f) if !f.reason.is_empty() => format!(" (code {}: {})", u16::from(f.code), f.reason.as_str()),
        Some(f) => format!(" (code {})", u16::from(f.code)),
        None => String::new(),
    }
}

/// A game the bot finished.
#[derive(Clone, Debug)]
pub struct BotReport {
    /// The board it was dealt.
    pub board: Board,
    /// The solver it used.
    pub solver: Solver,
    /// The moves it made, in fifteen's tile notation (the wire carries the
    /// blank's direction: see [`BotReport::sent`]).
    pub moves: Moves,
    /// Optimal distances the server sent and the bot checked.
    pub optimal_checked: usize,
}

impl BotReport {
    /// The moves as sent: where the blank went, `left, up, …`.
    pub fn sent(&self) -> Vec<&'static str> {
        self.moves.iter().map(|&mv| MoveNotation::Blank.name(mv).word()).collect()
    }
}

/// A bot that will play one game.
#[derive(Clone)]
pub struct Bot {
    /// The server's websocket address, `ws://host:port/path`.
    pub(crate) url: String,
    /// The solver, or `None` for [`Solver::default_for`] the board dealt.
    pub solver: Option<Solver>,
    /// A pause between moves.
    pub delay: Duration,
    /// How long to wait for the connection and for each state.
    pub timeout: Duration,
    /// Where the optimal solver gets pattern databases, if anywhere: the
    /// caller's, which owns the cache on disk.
    pub tables: Option<Arc<dyn Tables>>,
    /// Ask for the optimal distance (`{"Optimal":true}`) and check each
    /// answer: its distance against the bot's own search, its best move for
    /// one that leads a move nearer (boards of up to 16 cells).
    pub check_optimal: bool,
}

impl fmt::Debug for Bot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Bot")
            .field("url", &self.url)
            .field("solver", &self.solver)
            .field("delay", &self.delay)
            .field("timeout", &self.timeout)
            .field("tables", &self.tables.is_some())
            .field("check_optimal", &self.check_optimal)
            .finish()
    }
}

impl Bot {
    /// A bot for this address: default solver, no delay, 10 s timeouts, no
    /// pattern databases.
    pub fn new(url: impl Into<String>) -> Bot {
        Bot {
            url: url.into(),
            solver: None,
            delay: Duration::ZERO,
            timeout: Duration::from_secs(10),
            tables: None,
            check_optimal: false,
        }
    }

    /// Checks the address before any connection is tried.
    pub(crate) fn check_url(&self) -> Result<(), BotError> {
        let url = self.url.as_str();
        if url.starts_with("wss://") {
            return Err(BotError::BadUrl(format!(
                "{url}: wss:// needs TLS, which fifteen does not include; use a ws:// address"
            )));
        }
        let Some(rest) = url.strip_prefix("ws://") else {
            return Err(BotError::BadUrl(format!("{url} is not a websocket address: write ws://HOST:PORT/PATH")));
        };
        let host = rest.split(['/', '?', '#']).next().unwrap_or("");
        if host.is_empty() {
            return Err(BotError::BadUrl(format!("{url} names no host: write ws://HOST:PORT/PATH")));
        }
        tungstenite::http::Uri::try_from(url)
            .map_err(|e| BotError::BadUrl(format!("{url} is not a valid address: {e}")))?;
        Ok(())
    }

    /// Plays one game to the end (blocking), checking every state.
    pub fn play(&self) -> Result<BotReport, BotError> {
        self.check_url()?;
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
        runtime.block_on(self.play_async())
    }

    async fn play_async(&self) -> Result<BotReport, BotError> {
        let connecting =
            timeout(self.timeout, tokio_tungstenite::connect_async_with_config(self.url.as_str(), None, true)).await;
        let (mut socket, _) = match connecting {
            Err(_) => return Err(self.timed_out("the connection")),
            Ok(Err(e)) => return Err(BotError::Connect { url: self.url.clone(), why: connect_error(e) }),
            Ok(Ok(connected)) => connected,
        };

        let result = self.converse(&mut socket).await;
        // Close politely whatever happened, so the server logs a clean end.
        let _ = timeout(Duration::from_secs(1), socket.close(None)).await;
        result
    }

    async fn converse<S>(&self, socket: &mut S) -> Result<BotReport, BotError>
    where
        S: StreamExt<Item = Result<Message, tungstenite::Error>> + SinkExt<Message, Error = tungstenite::Error> + Unpin,
    {
        let waiting = "the first state";
        let first = match self.next_state(socket, waiting).await {
            Err(Next::Closed(frame)) => return Err(BotError::Refused(frame)),
            Err(Next::Failed(e)) => return Err(e),
            Ok(state) => state,
        };
        let malformed = |why: String| BotError::Malformed { waiting: waiting.into(), why };
        let (rows, cols) = first.shape().ok_or_else(|| {
            malformed(format!("a Board of {} cells with no Rows and Cols is not a square", first.board.len()))
        })?;
        let board = Board::from_cells(rows, cols, first.board.clone()).map_err(|e| malformed(e.to_string()))?;
        if let Status::Error(why) = &first.status {
            return Err(malformed(format!("the first state is an error: {why}")));
        }
        check_status(&first, &board, 0)?;

        let solver = self.solver.unwrap_or_else(|| Solver::default_for(board.len()));
        let checking = self.check_optimal && has_distance(board.len());
        let tables = match &self.tables {
            Some(source) if solver == Solver::Optimal || checking => source.optimal(board.rows(), board.cols()),
            _ => None,
        };
        let moves = if board.is_solved() { Moves::default() } else { plan(&board, solver, tables.clone())? };
        let mut oracle =
            checking.then(|| OptimalCheck { tables: tables.as_deref(), answers: Answers::new(), checked: 0 });
        if let Some(oracle) = oracle.as_mut() {
            let waiting = "the state after {\"Optimal\":true}";
            if let Err(e) = socket.send(Message::Text(r#"{"Optimal":true}"#.into())).await {
                return Err(BotError::Ended { after: 0, of: moves.len(), why: format!("cannot ask for answers: {e}") });
            }
            let state = self.next_state(socket, waiting).await.map_err(|e| e.into_error(0, moves.len()))?;
            if state.board != first.board || state.score != first.score {
                return Err(malformed(format!("{waiting} is not the first state: {:?}", state.board)));
            }
            let answer = self.next_answer(socket, 0).await.map_err(|e| e.into_error(0, moves.len()))?;
            oracle.check(&answer, &board, first.score, 0)?;
        }
        let mut replay = board.clone();
        for (i, &mv) in moves.iter().enumerate() {
            if i > 0 && !self.delay.is_zero() {
                sleep(self.delay).await;
            }
            let ended = |why: String| BotError::Ended { after: i, of: moves.len(), why };
            if let Err(e) = socket.send(Message::Text(move_message(mv).into())).await {
                return Err(ended(format!("cannot send move {}: {e}", i + 1)));
            }
            if replay.slide(mv).is_none() {
                return Err(BotError::Solver(format!("the {solver} solver's move {} ({mv}) is illegal", i + 1)));
            }
            let waiting = format!("the state after move {}", i + 1);
            let state = match self.next_state(socket, &waiting).await {
                Ok(state) => state,
                Err(Next::Closed(frame)) => {
                    return Err(ended(format!("the server closed the connection{}", close_reason(&frame))));
                }
                Err(Next::Failed(e)) => return Err(e),
            };
            check(&state, &replay, first.score + i as u64 + 1, i + 1, mv)?;
            if let Some(oracle) = oracle.as_mut() {
                let answer = self.next_answer(socket, i + 1).await.map_err(|e| e.into_error(i + 1, moves.len()))?;
                oracle.check(&answer, &replay, state.score, i + 1)?;
            }
        }
        if !replay.is_solved() {
            return Err(BotError::Ended {
                after: moves.len(),
                of: moves.len(),
                why: "the moves did not solve it".into(),
            });
        }
        let optimal_checked = oracle.map_or(0, |o| o.checked);
        Ok(BotReport { board, solver, moves, optimal_checked })
    }

    fn timed_out(&self, waiting: &str) -> BotError {
        BotError::Timeout { waiting: waiting.into(), secs: self.timeout.as_secs_f64() }
    }

    async fn next_state<S>(&self, socket: &mut S, waiting: &str) -> Result<State, Next>
    where
        S: StreamExt<Item = Result<Message, tungstenite::Error>> + Unpin,
    {
        match self.next_message(socket, waiting).await? {
            ServerMessage::State(state) => Ok(state),
            ServerMessage::Optimal(answer) => Err(Next::Failed(BotError::Malformed {
                waiting: waiting.into(),
                why: format!("an optimal distance (for score {}) came instead", answer.score),
            })),
        }
    }

    /// The optimal distance that follows the state after `made` moves.
    async fn next_answer<S>(&self, socket: &mut S, made: usize) -> Result<Optimal, Next>
    where
        S: StreamExt<Item = Result<Message, tungstenite::Error>> + Unpin,
    {
        let waiting = format!("the optimal distance after move {made}");
        match self.next_message(socket, &waiting).await? {
            ServerMessage::Optimal(answer) => Ok(answer),
            ServerMessage::State(state) => Err(Next::Failed(BotError::Malformed {
                waiting,
                why: format!("a state (score {}) came instead", state.score),
            })),
        }
    }

    async fn next_message<S>(&self, socket: &mut S, waiting: &str) -> Result<ServerMessage, Next>
    where
        S: StreamExt<Item = Result<Message, tungstenite::Error>> + Unpin,
    {
        loop {
            let message = match timeout(self.timeout, socket.next()).await {
                Err(_) => return Err(Next::Failed(self.timed_out(waiting))),
                Ok(None) => return Err(Next::Closed(None)),
                Ok(Some(Err(tungstenite::Error::ConnectionClosed | tungstenite::Error::AlreadyClosed))) => {
                    return Err(Next::Closed(None));
                }
                Ok(Some(Err(e))) => {
                    return Err(Next::Failed(BotError::Malformed { waiting: waiting.into(), why: e.to_string() }));
                }
                Ok(Some(Ok(message))) => message,
            };
            let malformed = |why: String| Next::Failed(BotError::Malformed { waiting: waiting.into(), why });
            return match message {
                Message::Text(text) => {
                    ServerMessage::parse(text.as_str()).map_err(|e| malformed(format!("{e} in {}", snippet(&text))))
                }
                Message::Binary(bytes) => Err(malformed(format!("a binary frame of {} bytes", bytes.len()))),
                Message::Close(frame) => Err(Next::Closed(frame)),
                Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => continue,
            };
        }
    }
}

/// Why no state came.
enum Next {
    Closed(Option<CloseFrame>),
    Failed(BotError),
}

impl Next {
    /// The error, for a game `after` moves into `of`.
    fn into_error(self, after: usize, of: usize) -> BotError {
        match self {
            Next::Closed(frame) => {
                BotError::Ended { after, of, why: format!("the server closed the connection{}", close_reason(&frame)) }
            }
            Next::Failed(e) => e,
        }
    }
}

/// The bot's own optimal distances, to check the server's answers with.
struct OptimalCheck<'a> {
    tables: Option<&'a PatternDatabase>,
    answers: Answers,
    checked: usize,
}

impl OptimalCheck<'_> {
    /// The distance of `board`, searched unless a kept solution passes it.
    fn distance(&mut self, board: &Board) -> Result<Distance, BotError> {
        if let Some(known) = self.answers.answer(board) {
            return Ok(known);
        }
        let path = ShortestPath::search(board, self.tables, &fifteen_core::Deadline::NONE)
            .map_err(|e| BotError::Solver(e.to_string()))?;
        let distance = path.lookup(board).expect("a path passes its start");
        self.answers.learn(path);
        Ok(distance)
    }

    /// Checks the server's answer for `board`, the position after `made`
    /// moves with this `score`.
    fn check(&mut self, answer: &Optimal, board: &Board, score: u64, made: usize) -> Result<(), BotError> {
        let mismatch = |why: String| BotError::Mismatch { after: made, why };
        if answer.score != score {
            return Err(mismatch(format!(
                "an optimal distance for score {} came after the state of {score}",
                answer.score
            )));
        }
        if let Some(why) = &answer.error {
            return Err(mismatch(format!("the server has no optimal distance: {why}")));
        }
        let own = self.distance(board)?;
        if answer.moves != Some(own.moves_left) {
            return Err(mismatch(format!(
                "the server says {:?} moves are left at best but the bot's search says {}",
                answer.moves, own.moves_left
            )));
        }
        if own.moves_left > 0 {
            let Some(best) = answer.best_move() else {
                return Err(mismatch(format!("the optimal distance names no best move: {:?}", answer.best)));
            };
            let mut next = board.clone();
            let tile = next.slide(best);
            if tile.is_none() || tile != answer.tile {
                return Err(mismatch(format!("the best move {:?} does not slide tile {:?}", answer.best, answer.tile)));
            }
            if self.distance(&next)?.moves_left + 1 != own.moves_left {
                return Err(mismatch(format!("the best move {:?} is not an optimal one", answer.best)));
            }
        }
        self.checked += 1;
        Ok(())
    }
}

fn connect_error(e: tungstenite::Error) -> String {
    match e {
        tungstenite::Error::Io(io) if io.kind() == std::io::ErrorKind::ConnectionRefused => "connection refused".into(),
        tungstenite::Error::Http(response) => {
            format!("the server answered HTTP {} instead of opening a websocket", response.status())
        }
        other => other.to_string(),
    }
}

fn snippet(text: &str) -> String {
    match text.char_indices().nth(60) {
        Some((cut, _)) => format!("{:?}…", &text[..cut]),
        None => format!("{text:?}"),
    }
}

/// Checks a state against the replay after `made` moves, the last being `mv`.
fn check(state: &State, replay: &Board, score: u64, made: usize, mv: Move) -> Result<(), BotError> {
    let mismatch = |why: String| BotError::Mismatch { after: made, why };
    let sent = MoveNotation::Blank.name(mv).word();
    if let Status::Error(why) = &state.status {
        return Err(mismatch(format!("the server refused move {made} ({sent}): {why}")));
    }
    if state.board != replay.cells() {
        return Err(mismatch(format!(
            "after {sent} the server's board is {:?} but the replay's is {:?}",
            state.board,
            replay.cells()
        )));
    }
    if state.score != score {
        return Err(mismatch(format!("the server's score is {} but {score} moves were made", state.score)));
    }
    check_status(state, replay, made)
}

fn check_status(state: &State, replay: &Board, made: usize) -> Result<(), BotError> {
    let expected = Status::of(replay);
    if state.status != expected {
        return Err(BotError::Mismatch {
            after: made,
            why: format!("the server says {} but the replay is {}", state.status, expected),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_solver_goes_by_the_boards_cells() {
        assert_eq!(Solver::default_for(9), Solver::Bfs);
        assert_eq!(Solver::default_for(16), Solver::Optimal);
        assert_eq!(Solver::default_for(25), Solver::Human);
    }

    #[test]
    fn urls_are_checked_before_connecting() {
        for bad in ["", "localhost:8080", "http://x/", "wss://pointatinfinity.com/eight/ws", "ws://", "ws:///x"] {
            assert!(matches!(Bot::new(bad).check_url(), Err(BotError::BadUrl(_))), "{bad}");
        }
        assert!(Bot::new("ws://[::1]:9/ws").check_url().is_ok());
    }

    #[test]
    fn every_solver_plans_moves_that_solve_the_board() {
        let board = Board::scrambled(3, 3, fifteen_core::board::Scramble::Uniform, 5).unwrap();
        let mut lengths = Vec::new();
        for solver in [Solver::Bfs, Solver::Optimal, Solver::Human] {
            let moves = plan(&board, solver, None).unwrap();
            let mut replay = board.clone();
            replay.apply(&moves).unwrap();
            assert!(replay.is_solved(), "{solver}");
            lengths.push(moves.len());
        }
        assert_eq!(lengths[0], lengths[1], "bfs and optimal both find a shortest solution");
        assert!(lengths[2] >= lengths[0]);
    }

    #[test]
    fn a_wrong_optimal_distance_is_named() {
        let board = Board::from_cells(2, 2, vec![1, 2, 0, 3]).unwrap();
        let mut oracle = OptimalCheck { tables: None, answers: Answers::new(), checked: 0 };
        let right = Optimal::of(&board, 4, Distance { moves_left: 1, best: Some(Move::Left) });
        assert!(oracle.check(&right, &board, 4, 0).is_ok());
        let said = |answer: Optimal, score: u64| {
            let mut oracle = OptimalCheck { tables: None, answers: Answers::new(), checked: 0 };
            oracle.check(&answer, &board, score, 0).unwrap_err().to_string()
        };
        assert!(said(right.clone(), 5).contains("for score 4 came after the state of 5"));
        assert!(said(Optimal { moves: Some(3), ..right.clone() }, 4).contains("the bot's search says 1"));
        assert!(said(Optimal { tile: Some(1), ..right.clone() }, 4).contains("does not slide tile"));
        assert!(said(Optimal { best: None, ..right.clone() }, 4).contains("names no best move"));
        assert!(said(Optimal::failed(4, "no tables".into()), 4).contains("no optimal distance: no tables"));
        // Tile 1 down instead of tile 3 left: legal, but away from the goal.
        let away = Optimal::of(&board, 4, Distance { moves_left: 1, best: Some(Move::Down) });
        assert!(said(away, 4).contains("is not an optimal one"));
        assert_eq!(oracle.checked, 1);
    }

    #[test]
    fn a_state_that_differs_from_the_replay_is_named() {
        let board = Board::goal(2, 2).unwrap();
        let mut replay = board.clone();
        replay.slide(Move::Down).unwrap();
        let mut state = State::new(&replay, 1);
        assert!(check(&state, &replay, 1, 1, Move::Down).is_ok());
        assert!(check(&state, &replay, 2, 1, Move::Down).unwrap_err().to_string().contains("score"));
        state.board.swap(0, 1);
        let err = check(&state, &replay, 1, 1, Move::Down).unwrap_err().to_string();
        assert!(err.contains("after up the server's board"), "{err}");
        state = State::new(&replay, 1);
        state.status = Status::Complete;
        assert!(check(&state, &replay, 1, 1, Move::Down).unwrap_err().to_string().contains("says complete"));
    }
}

#[cfg(test)]
mod examples {
    // What were examples in the docs of items only the crate uses.

    #[test]
    fn plan() {
        use crate::bot::plan;
        use fifteen_core::solver::Solver;
        use fifteen_core::{Board, Scramble};
        let board = Board::scrambled(3, 3, Scramble::Uniform, 4).unwrap();
        let moves = plan(&board, Solver::Human, None).unwrap();
        let mut replay = board.clone();
        replay.apply(&moves).unwrap();
        assert!(replay.is_solved());
    }

    #[test]
    fn check_url() {
        use crate::Bot;
        assert!(Bot::new("ws://127.0.0.1:8080/eight/ws").check_url().is_ok());
        assert!(Bot::new("http://127.0.0.1:8080/").check_url().is_err());
    }
}
