//! "optimal: N moves left" for the board on screen, worked out on a thread
//! of its own so that drawing never waits for a search.
//!
//! The window calls [`Oracle::observe`] every frame with the board it
//! shows; that only compares boards and, when the board is new, posts it to
//! the worker (which always takes the newest board it was sent and skips
//! the rest). Until an answer comes, [`Oracle::line`] says "…". An answer is
//! a whole shortest solution, so every board along it is answered at once
//! (see [`crate::search::distance`], which the page's server shares): a
//! player who follows the optimal moves, or a solve stepped back and forth,
//! sees the distance without a new search. Boards of more than 16 cells get
//! no line (no optimal solver takes them).
//!
//! No macroquad here: the window draws the line, the tests drive this
//! directly.

use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender};

use crate::board::{Board, Move};
use crate::search::distance::{Answers, ShortestPath, has_distance};
use crate::solver::Tables;

/// The optimal distance of the boards a window shows.
pub struct Oracle {
    requests: Option<Sender<Board>>,
    answers: Receiver<Result<ShortestPath, String>>,
    known: Answers,
    asked: Option<Board>,
    failed: Option<String>,
    /// Show the optimal move after the distance (the window's toggle key).
    pub show_move: bool,
}

impl Oracle {
    /// An oracle with its worker thread; `tables` gives the pattern
    /// databases (none: Manhattan distance and linear conflicts, slower on
    /// 4×4 but never wrong). They are asked at every search: pass tables
    /// that keep what they find (the command's, or `BuiltTables`).
    pub fn new(tables: Option<Arc<dyn Tables>>) -> Oracle {
        let (requests, inbox) = mpsc::channel::<Board>();
        let (outbox, answers) = mpsc::channel();
        let spawned = std::thread::Builder::new().name("oracle".into()).spawn(move || work(inbox, outbox, tables));
        Oracle {
            requests: spawned.is_ok().then_some(requests),
            answers,
            known: Answers::new(),
            asked: None,
            failed: None,
            show_move: false,
        }
    }

    /// Takes in finished answers and posts `board` to the worker if it is
    /// new. Never blocks.
    pub fn observe(&mut self, board: &Board) {
        for answer in self.answers.try_iter() {
            match answer {
                Ok(path) => {
                    self.known.learn(path);
                    self.failed = None;
                }
                Err(why) => self.failed = Some(why),
            }
        }
        if !has_distance(board.len()) || self.answer(board).is_some() || self.asked.as_ref() == Some(board) {
            return;
        }
        if let Some(requests) = &self.requests {
            if requests.send(board.clone()).is_err() {
                self.requests = None;
            }
        }
        self.asked = Some(board.clone());
        self.failed = None;
    }

    /// Moves left and the next optimal move, when known.
    pub fn answer(&self, board: &Board) -> Option<(usize, Option<Move>)> {
        self.known.answer(board).map(|d| (d.moves_left, d.best))
    }

    /// The line to show for `board`: `optimal: 23 moves left` (with the
    /// optimal move when [`show_move`](Self::show_move) is on),
    /// `optimal: …` until known, nothing for boards of more than 16 cells.
    pub fn line(&self, board: &Board) -> Option<String> {
        if !has_distance(board.len()) {
            return None;
        }
        Some(match self.answer(board) {
            Some((0, _)) => "optimal: solved".to_string(),
            Some((left, best)) => {
                let plural = if left == 1 { "move" } else { "moves" };
                match best.filter(|_| self.show_move) {
                    Some(mv) => {
                        let tile = board.clone().slide(mv).unwrap_or(0);
                        format!("optimal: {left} {plural} left, best: slide {tile} {}", mv.word())
                    }
                    None => format!("optimal: {left} {plural} left"),
                }
            }
            None if self.failed.is_some() || self.requests.is_none() => "optimal: unavailable".to_string(),
            None => "optimal: …".to_string(),
        })
    }
}

/// The worker: solve the newest board asked, send the solution, repeat
/// until the window is gone. The tables are asked for at each search:
/// finding them once a shape and keeping them is theirs to do (as the
/// command's do).
fn work(inbox: Receiver<Board>, outbox: Sender<Result<ShortestPath, String>>, tables: Option<Arc<dyn Tables>>) {
    while let Ok(mut board) = inbox.recv() {
        if let Some(newer) = inbox.try_iter().last() {
            board = newer;
        }
        let db = tables.as_ref().and_then(|tables| tables.optimal(board.rows(), board.cols()));
        let answer = ShortestPath::search(&board, db.as_deref()).map_err(|e| e.to_string());
        if outbox.send(answer).is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Scramble;
    use std::time::{Duration, Instant};

    fn settle(oracle: &mut Oracle, board: &Board) -> String {
        let started = Instant::now();
        loop {
            oracle.observe(board);
            let line = oracle.line(board).unwrap();
            if !line.ends_with('…') || started.elapsed() > Duration::from_secs(60) {
                return line;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    #[test]
    fn says_wait_then_the_distance_and_follows_the_optimal_path_without_searching() {
        let mut oracle = Oracle::new(None);
        let board = Board::scrambled(3, 3, Scramble::Uniform, 4).unwrap();
        let shortest = crate::search::bfs::solve(&board).unwrap().moves;
        oracle.observe(&board);
        // The first frame cannot have the answer yet... or it may, on a fast
        // machine; either way it is one of the two lines.
        let first = oracle.line(&board).unwrap();
        assert!(first == "optimal: …" || first.starts_with("optimal: "), "{first}");
        assert_eq!(settle(&mut oracle, &board), format!("optimal: {} moves left", shortest.len()));
        // Along the shortest solution every board is known at once.
        let (_, Some(best)) = oracle.answer(&board).unwrap() else { panic!("a move") };
        let mut next = board.clone();
        next.slide(best);
        oracle.observe(&next);
        assert_eq!(oracle.answer(&next).map(|a| a.0), Some(shortest.len() - 1));
        oracle.show_move = true;
        let line = oracle.line(&next).unwrap();
        assert!(line.contains("best: slide"), "{line}");
        let goal = Board::goal(3, 3).unwrap();
        assert_eq!(settle(&mut oracle, &goal), "optimal: solved");
    }

    #[test]
    fn the_newest_board_wins_and_big_boards_get_no_line() {
        let mut oracle = Oracle::new(None);
        let boards: Vec<Board> = (0..20).map(|s| Board::scrambled(3, 3, Scramble::Uniform, s).unwrap()).collect();
        for b in &boards {
            oracle.observe(b);
        }
        let last = boards.last().unwrap();
        let expected = crate::search::bfs::solve(last).unwrap().moves.len();
        assert_eq!(settle(&mut oracle, last), format!("optimal: {expected} moves left"));
        assert_eq!(oracle.line(&Board::scrambled(5, 5, Scramble::Uniform, 1).unwrap()), None);
    }
}
