//! Many games at once: the client side of the server benchmark and of the
//! concurrency test.
//!
//! [`Load::run`] opens every game first, then plays random legal moves in all of
//! them at once, timing each round trip and checking every state against a
//! replay (after a game is complete, the server ignores moves; the replay
//! expects that too). With [`Load::optimal`], every game also asks for the
//! optimal distance and waits for each position's answer before its next
//! move, as a player reading the page's line would, timing each answer.

use std::time::{Duration, Instant};

use futures_util::future::try_join_all;
use futures_util::{SinkExt, StreamExt};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;
use tokio::net::TcpStream;
use tokio::time::{sleep, timeout};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async_with_config};

use fifteen_core::board::{Board, Move};

use fifteen_core::search::distance::has_distance;

use super::bot::BotError;
use fifteen_view::game::protocol::{Optimal, ServerMessage, State, Status, move_message};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// What a load run measured.
#[derive(Clone, Debug)]
pub struct LoadReport {
    /// Moves sent in all (each answered and checked).
    pub moves: u64,
    /// Wall time from the first move to the last answer.
    pub(crate) elapsed: Duration,
    /// Every move's round trip, sorted.
    pub(crate) round_trips: Vec<Duration>,
    /// With [`Load::optimal`]: the time from each move to its position's
    /// `Optimal` answer, sorted (empty otherwise).
    pub(crate) answers: Vec<Duration>,
}

impl LoadReport {
    /// Moves answered per second, all games together.
    pub fn moves_per_second(&self) -> f64 {
        self.moves as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// The round trip that `p` percent of moves took at most (nearest rank).
    pub fn percentile(&self, p: f64) -> Duration {
        nearest_rank(&self.round_trips, p)
    }

    /// The time to the optimal answer that `p` percent of moves waited at most.
    pub fn answer_percentile(&self, p: f64) -> Duration {
        nearest_rank(&self.answers, p)
    }
}

/// The value that `p` percent of the sorted `times` are at most.
fn nearest_rank(times: &[Duration], p: f64) -> Duration {
    if times.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * times.len() as f64).ceil() as usize;
    times[rank.clamp(1, times.len()) - 1]
}

/// A load to put on a server.
#[derive(Clone, Copy, Debug)]
pub struct Load {
    /// Games played at once.
    pub games: usize,
    /// Random legal moves per game.
    pub moves: usize,
    /// Pause after each answer before a game's next move; zero: flat out.
    /// Each game starts at a random point of its first pause, so the games
    /// do not move in lockstep.
    pub pace: Duration,
    /// Seed for the moves.
    pub seed: u64,
    /// Ask for the optimal distance (`{"Optimal":true}`) and wait for each
    /// position's answer before the next move (boards of up to 16 cells).
    pub optimal: bool,
}

impl Load {
    /// `games` games of `moves` moves each, flat out.
    pub fn new(games: usize, moves: usize) -> Load {
        Load { games, moves, pace: Duration::ZERO, seed: 1, optimal: false }
    }

    /// Opens every game at `url`, then plays them all at once. Fails on the
    /// first state that disagrees with its replay.
    pub fn run(&self, url: &str) -> Result<LoadReport, BotError> {
        let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
        runtime.block_on(self.run_async(url))
    }

    async fn run_async(&self, url: &str) -> Result<LoadReport, BotError> {
        let opened = try_join_all((0..self.games).map(|i| open(url, i, self.optimal))).await?;
        let started = Instant::now();
        let tasks: Vec<_> = opened
            .into_iter()
            .enumerate()
            .map(|(i, (socket, board, score))| {
                let rng = Pcg64::seed_from_u64(self.seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
                tokio::spawn(play(socket, board, score, *self, rng, i))
            })
            .collect();
        let mut round_trips = Vec::with_capacity(self.games * self.moves);
        let mut answers = Vec::new();
        for task in tasks {
            let times = task.await.map_err(|e| BotError::Solver(format!("a load task failed: {e}")))??;
            round_trips.extend(times.round_trips);
            answers.extend(times.answers);
        }
        let elapsed = started.elapsed();
        round_trips.sort_unstable();
        answers.sort_unstable();
        Ok(LoadReport { moves: round_trips.len() as u64, elapsed, round_trips, answers })
    }
}

const WAIT: Duration = Duration::from_secs(20);

/// Connects one game; with `optimal`, asks for the distance and waits for
/// the first position's answer.
async fn open(url: &str, game: usize, optimal: bool) -> Result<(Socket, Board, u64), BotError> {
    let connect_error = |why: String| BotError::Connect { url: url.to_string(), why: format!("game {game}: {why}") };
    let (mut socket, _) = timeout(WAIT, connect_async_with_config(url, None, true))
        .await
        .map_err(|_| connect_error("timed out".into()))?
        .map_err(|e| connect_error(e.to_string()))?;
    let first = next_state(&mut socket, game, 0).await?;
    let (rows, cols) = first.shape().ok_or_else(|| malformed(game, 0, "no shape".into()))?;
    let board = Board::from_cells(rows, cols, first.board).map_err(|e| malformed(game, 0, e.to_string()))?;
    if optimal && has_distance(board.len()) {
        send(&mut socket, r#"{"Optimal":true}"#.to_string(), game, 0, 0).await?;
        next_state(&mut socket, game, 0).await?;
        next_answer(&mut socket, game, 0, first.score).await?;
    }
    Ok((socket, board, first.score))
}

/// One game's timings.
struct Times {
    round_trips: Vec<Duration>,
    answers: Vec<Duration>,
}

async fn send(socket: &mut Socket, text: String, game: usize, made: usize, of: usize) -> Result<(), BotError> {
    socket.send(Message::Text(text.into())).await.map_err(|e| BotError::Ended {
        after: made,
        of,
        why: format!("game {game}: {e}"),
    })
}

async fn play(
    mut socket: Socket,
    mut replay: Board,
    mut score: u64,
    load: Load,
    mut rng: Pcg64,
    game: usize,
) -> Result<Times, BotError> {
    let moves = load.moves;
    let mut times = Vec::with_capacity(moves);
    let wait_for_answers = load.optimal && has_distance(replay.len());
    let mut answers = Vec::with_capacity(if wait_for_answers { moves } else { 0 });
    let mut legal = [Move::Up; 4];
    let pace_us = load.pace.as_micros().min(u32::MAX as u128) as u32;
    if pace_us > 0 {
        sleep(Duration::from_micros(rng.random_range(0..pace_us) as u64)).await;
    }
    for made in 1..=moves {
        if pace_us > 0 && made > 1 {
            sleep(load.pace).await;
        }
        let mut count = 0;
        for mv in replay.legal_moves() {
            legal[count] = mv;
            count += 1;
        }
        let mv = legal[rng.random_range(0..count as u32) as usize];
        let sent = Instant::now();
        send(&mut socket, move_message(mv), game, made - 1, moves).await?;
        let state = next_state(&mut socket, game, made).await?;
        times.push(sent.elapsed());
        // A complete game ignores moves (and a position already answered is
        // not answered again).
        let moved = !replay.is_solved();
        if moved {
            replay.slide(mv);
            score += 1;
        }
        if state.board != replay.cells() || state.score != score || state.status != Status::of(&replay) {
            return Err(BotError::Mismatch {
                after: made,
                why: format!(
                    "game {game}: the server sent {:?} score {} status {} but the replay is {:?} score {score}",
                    state.board,
                    state.score,
                    state.status,
                    replay.cells()
                ),
            });
        }
        if wait_for_answers && moved {
            next_answer(&mut socket, game, made, score).await?;
            answers.push(sent.elapsed());
        }
    }
    let _ = timeout(Duration::from_secs(1), socket.close(None)).await;
    Ok(Times { round_trips: times, answers })
}

fn malformed(game: usize, made: usize, why: String) -> BotError {
    BotError::Malformed { waiting: format!("game {game}, state after {made} moves"), why }
}

async fn next_state(socket: &mut Socket, game: usize, made: usize) -> Result<State, BotError> {
    match next_message(socket, game, made).await? {
        ServerMessage::State(state) => Ok(state),
        ServerMessage::Optimal(answer) => {
            Err(malformed(game, made, format!("an optimal distance (score {}) instead of a state", answer.score)))
        }
    }
}

/// Waits for the optimal distance of the position after `score` moves.
async fn next_answer(socket: &mut Socket, game: usize, made: usize, score: u64) -> Result<Optimal, BotError> {
    match next_message(socket, game, made).await? {
        ServerMessage::Optimal(answer) if answer.score == score && answer.moves.is_some() => Ok(answer),
        ServerMessage::Optimal(answer) => {
            Err(malformed(game, made, format!("{answer:?} for the position of score {score}")))
        }
        ServerMessage::State(state) => Err(malformed(
            game,
            made,
            format!("a state (score {}) while waiting for the optimal distance", state.score),
        )),
    }
}

async fn next_message(socket: &mut Socket, game: usize, made: usize) -> Result<ServerMessage, BotError> {
    loop {
        let message = timeout(WAIT, socket.next())
            .await
            .map_err(|_| BotError::Timeout {
                waiting: format!("game {game} after {made} moves"),
                secs: WAIT.as_secs_f64(),
            })?
            .ok_or_else(|| BotError::Ended { after: made, of: made, why: format!("game {game}: connection closed") })?
            .map_err(|e| malformed(game, made, e.to_string()))?;
        return match message {
            Message::Text(text) => {
                ServerMessage::parse(text.as_str()).map_err(|e| malformed(game, made, e.to_string()))
            }
            Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => continue,
            other => Err(malformed(game, made, format!("unexpected {other:?}"))),
        };
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;
    use crate::{Server, ServerConfig};

    #[test]
    fn percentiles_use_the_nearest_rank() {
        let report = LoadReport {
            moves: 100,
            elapsed: Duration::from_secs(2),
            round_trips: (1..=100).map(Duration::from_millis).collect(),
            answers: Vec::new(),
        };
        assert_eq!(report.percentile(50.0), Duration::from_millis(50));
        assert_eq!(report.percentile(99.0), Duration::from_millis(99));
        assert_eq!(report.percentile(100.0), Duration::from_millis(100));
        assert_eq!(report.moves_per_second(), 50.0);
        assert_eq!(report.answer_percentile(99.0), Duration::ZERO);
    }

    /// A 3×3 server on a free port whose log lines are kept, and its
    /// websocket URL.
    fn server(tune: impl FnOnce(&mut ServerConfig)) -> (Server, String, Arc<Mutex<Vec<String>>>) {
        let log = Arc::new(Mutex::new(Vec::new()));
        let mut config = ServerConfig::new(3, 3).unwrap();
        config.seed = 7;
        let sink = log.clone();
        config.log = Arc::new(move |line: &str| sink.lock().unwrap().push(line.to_string()));
        tune(&mut config);
        let server = Server::start("127.0.0.1:0".parse().unwrap(), config).unwrap();
        let url = format!("ws://{}/ws", server.addr());
        (server, url, log)
    }

    #[test]
    fn a_hundred_concurrent_games_of_a_hundred_random_moves_match_their_replays() {
        let (server, url, log) = server(|_| {});
        let report = Load { seed: 11, ..Load::new(100, 100) }.run(&url).unwrap();
        assert_eq!(report.moves, 100 * 100);
        // Each game's line is logged when its connection closes.
        let until = Instant::now() + Duration::from_secs(10);
        while log.lock().unwrap().len() < 100 && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(10));
        }
        let log = log.lock().unwrap().clone();
        assert_eq!(log.len(), 100, "one line per game");
        assert!(log.iter().all(|l| l.contains("moves in")), "{log:?}");
        server.stop().unwrap();
    }

    #[test]
    fn twenty_concurrent_games_each_get_every_position_answered() {
        let (server, url, _) = server(|c| c.optimal_threads = 2);
        let load = Load { seed: 5, optimal: true, ..Load::new(20, 40) };
        let report = load.run(&url).unwrap();
        assert_eq!(report.moves, 20 * 40);
        // Every move changed the position (with these seeds no game reaches the
        // goal, after which moves are ignored) and waited for its answer.
        assert_eq!(report.answers.len(), report.round_trips.len());
        server.stop().unwrap();
    }
}
