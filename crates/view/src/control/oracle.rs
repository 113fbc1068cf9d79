//! "optimal: N moves left" for the board on screen, worked out on a thread
//! of its own so that drawing never waits for a search.
//!
//! The window calls [`Oracle::observe`] every frame with the board it
//! shows; that only compares boards and, when the board is new, posts it to
//! the worker (which always takes the newest board it was sent and skips
//! the rest). Until an answer comes, [`Oracle::line`] says "…". An answer is
//! a whole solution, so every board along it is answered at once (see
//! [`fifteen_core::search::distance`], which the page's server shares): a player
//! who follows the hinted moves, or a solve stepped back and forth, sees the
//! distance without a new search.
//!
//! Boards of up to 16 cells get the optimal distance. Boards of 17 to 49
//! cells (3×6 up to 7×7) get the near solver's answer when the window
//! passes a [`Deadline`] with its clock: a proven lower bound and the shortest solution
//! found, shown as `optimal: 99–103 moves left` (one number once the two
//! meet) and sent as they improve, searched for the core's
//! [`near_seconds`] for a hint (5 s up to 25 cells, 10 s above) or until a newer board is posted; the
//! solution's moves come at the end. On a 6×6 or 7×7 the two numbers stay
//! tens of moves apart (the bound is weak there), but the upper one is a
//! real solution's length, and it falls as the player gets nearer the goal.
//! Bigger boards get no line.
//!
//! No macroquad and no clock here: the window draws the line and passes
//! the clock the near searches are timed by; the tests drive this
//! directly.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex, PoisonError};

use fifteen_core::Deadline;
use fifteen_core::board::Board;
use fifteen_core::search::distance::{Answers, DistanceRange, NearPath, ShortestPath, has_distance};
use fifteen_core::search::{MIN_NEAR_CELLS, NearProgress, NearPurpose, near_seconds};
use fifteen_core::solver::{self, SearchProgress, Solver, SolverOptions};
use fifteen_core::tables::Tables;

/// The most cells of a board the near solver hints on (a 7×7).
pub const MAX_NEAR_HINT_CELLS: usize = 49;

/// The near search under way, stopped when a newer board is posted.
type SearchUnderWay = Arc<Mutex<Option<Deadline>>>;

/// A worker's answer: a solution, or why there is none.
type WorkerAnswer = Result<OracleSolution, String>;

/// A solution the worker found, or how far a near search has come.
enum OracleSolution {
    Shortest(ShortestPath),
    Near(NearPath),
    /// The near search of this board proved this bound or found a solution
    /// this long; its moves come when it ends.
    Searching(Board, NearProgress),
}

/// The optimal distance of the boards a window shows.
pub struct Oracle {
    requests: Option<Sender<Board>>,
    answers: Receiver<WorkerAnswer>,
    known: Answers,
    near_known: Answers<NearPath>,
    /// The bounds of the board whose near search is under way.
    searching: Option<(Board, NearProgress)>,
    /// Boards posted so far: a near search stops when it changes.
    posted: Arc<AtomicU64>,
    /// The near search under way, if any.
    under_way: SearchUnderWay,
    near_hints: bool,
    asked: Option<Board>,
    failed: Option<String>,
    /// Show the optimal move after the distance (the window's toggle key).
    pub show_move: bool,
}

impl Oracle {
    /// An oracle with its worker thread; `tables` gives the pattern
    /// databases (none: Manhattan distance and linear conflicts, slower on
    /// 4×4 but never wrong, and no near hints). They are asked at every
    /// search: pass tables that keep what they find (the command's, or
    /// `BuiltTables`). With `near_deadline` (the window's, read through
    /// its clock), boards of 17 to 49 cells get the near solver's bounds,
    /// each searched for [`near_seconds`] within it.
    pub fn new(tables: Option<Arc<dyn Tables>>, near_deadline: Option<Deadline>) -> Oracle {
        let (requests, inbox) = mpsc::channel::<Board>();
        let (outbox, answers) = mpsc::channel();
        let posted = Arc::new(AtomicU64::new(0));
        let under_way = SearchUnderWay::default();
        let near_hints = near_deadline.is_some();
        let worker = OracleWorker { tables, near_deadline, posted: posted.clone(), under_way: under_way.clone() };
        let spawned = std::thread::Builder::new().name("oracle".into()).spawn(move || worker.work(inbox, outbox));
        Oracle {
            requests: spawned.is_ok().then_some(requests),
            answers,
            known: Answers::new(),
            near_known: Answers::new(),
            searching: None,
            posted,
            under_way,
            near_hints,
            asked: None,
            failed: None,
            show_move: false,
        }
    }

    /// Whether boards of `cells` cells get a line.
    fn answers_size(&self, cells: usize) -> bool {
        has_distance(cells) || (self.near_hints && (MIN_NEAR_CELLS..=MAX_NEAR_HINT_CELLS).contains(&cells))
    }

    /// Takes in finished answers and posts `board` to the worker if it is
    /// new. Never blocks.
    pub fn observe(&mut self, board: &Board) {
        for answer in self.answers.try_iter() {
            match answer {
                Ok(OracleSolution::Shortest(path)) => self.known.learn(path),
                Ok(OracleSolution::Near(path)) => self.near_known.learn(path),
                Ok(OracleSolution::Searching(board, progress)) => self.searching = Some((board, progress)),
                Err(why) => {
                    self.failed = Some(why);
                    continue;
                }
            }
            self.failed = None;
        }
        if !self.answers_size(board.len()) || self.answer(board).is_some() || self.asked.as_ref() == Some(board) {
            return;
        }
        if let Some(requests) = &self.requests {
            self.posted.fetch_add(1, Relaxed);
            if let Some(search) = self.under_way.lock().unwrap_or_else(PoisonError::into_inner).as_ref() {
                search.stop();
            }
            if requests.send(board.clone()).is_err() {
                self.requests = None;
            }
        }
        self.asked = Some(board.clone());
        self.failed = None;
    }

    /// How far `board` is from the goal and the next move of the shortest
    /// solution known, when known: exact on up to 16 cells, between two
    /// bounds on more (without a next move while the search goes on).
    pub(crate) fn answer(&self, board: &Board) -> Option<DistanceRange> {
        if has_distance(board.len()) {
            return self.known.answer(board).map(DistanceRange::from);
        }
        self.near_known.answer(board).or_else(|| {
            let (_, progress) = self.searching.as_ref().filter(|(searched, _)| searched == board)?;
            let at_most = progress.best? as usize;
            let at_least = (progress.lower_bound as usize).min(at_most);
            Some(DistanceRange { at_least, at_most, next: None })
        })
    }

    /// The line to show for `board`: `optimal: 23 moves left` (with the
    /// optimal move when [`show_move`](Self::show_move) is on),
    /// `optimal: 99–103 moves left` while the near solver's bounds differ
    /// (its next move is then a hint, not proven best), `optimal: …` until
    /// known, nothing for boards this oracle does not answer.
    pub fn line(&self, board: &Board) -> Option<String> {
        if !self.answers_size(board.len()) {
            return None;
        }
        Some(match self.answer(board) {
            Some(DistanceRange { at_most: 0, .. }) => "optimal: solved".to_string(),
            Some(range) => {
                let plural = if range.at_most == 1 { "move" } else { "moves" };
                let left = match range.is_exact() {
                    true => range.at_most.to_string(),
                    false => format!("{}–{}", range.at_least, range.at_most),
                };
                match range.next.filter(|_| self.show_move) {
                    Some(mv) => {
                        let tile = board.clone().slide(mv).unwrap_or(0);
                        let name = if range.is_exact() { "best" } else { "hint" };
                        format!("optimal: {left} {plural} left, {name}: slide {tile} {}", mv.word())
                    }
                    None => format!("optimal: {left} {plural} left"),
                }
            }
            None if self.failed.is_some() || self.requests.is_none() => "optimal: unavailable".to_string(),
            None => "optimal: …".to_string(),
        })
    }
}

/// The worker's side: what it searches with.
struct OracleWorker {
    tables: Option<Arc<dyn Tables>>,
    near_deadline: Option<Deadline>,
    posted: Arc<AtomicU64>,
    under_way: SearchUnderWay,
}

impl OracleWorker {
    /// Solves the newest board asked, sends the solution, repeats until the
    /// window is gone. The tables are asked for at each search: finding
    /// them once a shape and keeping them is theirs to do (as the
    /// command's do).
    fn work(self, inbox: Receiver<Board>, outbox: Sender<WorkerAnswer>) {
        while let Ok(mut board) = inbox.recv() {
            if let Some(newer) = inbox.try_iter().last() {
                board = newer;
            }
            let answer = if has_distance(board.len()) { self.shortest(&board) } else { self.near(&board, &outbox) };
            if outbox.send(answer).is_err() {
                return;
            }
        }
    }

    fn shortest(&self, board: &Board) -> WorkerAnswer {
        let db = self.tables.as_ref().and_then(|tables| tables.optimal(board.rows(), board.cols()));
        let path =
            ShortestPath::search(board, db.as_deref(), &fifteen_core::Deadline::NONE).map_err(|e| e.to_string())?;
        Ok(OracleSolution::Shortest(path))
    }

    /// The near solver's answer, searched for [`near_seconds`] or until a
    /// newer board is posted (whose search then begins); its bounds are
    /// sent as they improve.
    fn near(&self, board: &Board, outbox: &Sender<WorkerAnswer>) -> WorkerAnswer {
        let Some(deadline) = &self.near_deadline else { return Err("no near hints".to_string()) };
        let Some(tables) = &self.tables else { return Err("no pattern databases".to_string()) };
        let seen = self.posted.load(Relaxed);
        let search = deadline.with_own_stop().within(near_seconds(NearPurpose::Hint, board.len()));
        *self.under_way.lock().unwrap_or_else(PoisonError::into_inner) = Some(search.clone());
        // A board posted before the search was under way stops it here.
        if self.posted.load(Relaxed) != seen {
            search.stop();
        }
        let progress = |now: SearchProgress| {
            if let SearchProgress::Near(now) = now {
                let _ = outbox.send(Ok(OracleSolution::Searching(board.clone(), now)));
            }
        };
        let options = SolverOptions {
            solver: Solver::Near,
            tables: &**tables,
            deadline: &search,
            progress: &progress,
            ..SolverOptions::default()
        };
        let found = solver::solve(board, &options).map_err(|e| e.to_string())?;
        let lower_bound = found.lower_bound.unwrap_or(0) as usize;
        Ok(OracleSolution::Near(NearPath::new(board.clone(), found.moves, lower_bound)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fifteen_core::board::Scramble;
    use fifteen_core::tables::BuiltTables;
    use std::time::{Duration, Instant};

    /// The near search's final answer for `board` (the one with its next
    /// move), once it has come.
    fn near_answer(oracle: &mut Oracle, board: &Board) -> DistanceRange {
        let started = Instant::now();
        loop {
            oracle.observe(board);
            match oracle.answer(board) {
                Some(range) if range.next.is_some() || range.at_most == 0 => return range,
                _ if started.elapsed() > Duration::from_secs(60) => panic!("no answer in a minute"),
                _ => std::thread::sleep(Duration::from_millis(2)),
            }
        }
    }

    /// A window's clock that jumps a minute each time it is read: every
    /// near search is out of time at once (its first beam round answers).
    fn out_of_time_at_once() -> Deadline {
        let reads = AtomicU64::new(0);
        Deadline::NONE.with_clock(move || 60.0 * reads.fetch_add(1, Relaxed) as f64)
    }

    /// No clock: every near search runs until it proves its answer.
    fn never_out_of_time() -> Deadline {
        Deadline::NONE
    }

    /// A 3×6 board near enough to the goal for IDA* to finish in a moment,
    /// the tables of its shape and its optimal length (36).
    fn near_case() -> (Board, Arc<dyn Tables>, usize) {
        let board = Board::scrambled(3, 6, Scramble::Walk(50), 2).unwrap();
        let tables: Arc<dyn Tables> = Arc::new(BuiltTables::new(1));
        let options = SolverOptions { solver: Solver::Optimal, tables: &*tables, ..SolverOptions::default() };
        let exact = solver::solve(&board, &options).unwrap();
        assert!(exact.is_shortest());
        (board, tables, exact.moves.len())
    }

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
        let mut oracle = Oracle::new(None, None);
        let board = Board::scrambled(3, 3, Scramble::Uniform, 4).unwrap();
        let shortest =
            solver::solve(&board, &SolverOptions { solver: Solver::Bfs, ..SolverOptions::default() }).unwrap().moves;
        oracle.observe(&board);
        // The first frame cannot have the answer yet... or it may, on a fast
        // machine; either way it is one of the two lines.
        let first = oracle.line(&board).unwrap();
        assert!(first == "optimal: …" || first.starts_with("optimal: "), "{first}");
        assert_eq!(settle(&mut oracle, &board), format!("optimal: {} moves left", shortest.len()));
        // Along the shortest solution every board is known at once.
        let Some(best) = oracle.answer(&board).unwrap().next else { panic!("a move") };
        let mut next = board.clone();
        next.slide(best);
        oracle.observe(&next);
        assert_eq!(
            oracle.answer(&next).map(|a| (a.at_least, a.at_most)),
            Some((shortest.len() - 1, shortest.len() - 1))
        );
        oracle.show_move = true;
        let line = oracle.line(&next).unwrap();
        assert!(line.contains("best: slide"), "{line}");
        let goal = Board::goal(3, 3).unwrap();
        assert_eq!(settle(&mut oracle, &goal), "optimal: solved");
    }

    #[test]
    fn the_newest_board_wins_and_big_boards_get_no_line() {
        let mut oracle = Oracle::new(None, None);
        let boards: Vec<Board> = (0..20).map(|s| Board::scrambled(3, 3, Scramble::Uniform, s).unwrap()).collect();
        for b in &boards {
            oracle.observe(b);
        }
        let last = boards.last().unwrap();
        let expected = solver::solve(last, &SolverOptions { solver: Solver::Bfs, ..SolverOptions::default() })
            .unwrap()
            .moves
            .len();
        assert_eq!(settle(&mut oracle, last), format!("optimal: {expected} moves left"));
        assert_eq!(oracle.line(&Board::scrambled(5, 5, Scramble::Uniform, 1).unwrap()), None);
    }

    #[test]
    fn a_near_answer_is_a_range_whose_hints_reach_the_goal_without_searching() {
        // A random 3×6 (its optimum takes IDA* a minute to prove), stopped
        // at once: the beam's first round and the bound proved by then.
        let board = Board::scrambled(3, 6, Scramble::Uniform, 2).unwrap();
        let tables: Arc<dyn Tables> = Arc::new(BuiltTables::new(1));
        let mut oracle = Oracle::new(Some(tables), Some(out_of_time_at_once()));
        let range = near_answer(&mut oracle, &board);
        assert!(range.at_least < range.at_most, "{range:?}");
        let line = oracle.line(&board).unwrap();
        assert_eq!(line, format!("optimal: {}–{} moves left", range.at_least, range.at_most));
        oracle.show_move = true;
        let mut along = board.clone();
        for left in (1..=range.at_most).rev() {
            oracle.observe(&along);
            let here = oracle.answer(&along).expect("every board along the solution is known");
            assert_eq!((here.at_most, here.at_least), (left, range.at_least.saturating_sub(range.at_most - left)));
            let word = if here.is_exact() { "best" } else { "hint" };
            assert!(oracle.line(&along).unwrap().contains(&format!("{word}: slide")));
            along.slide(here.next.unwrap()).unwrap();
        }
        assert_eq!(oracle.line(&along).unwrap(), "optimal: solved");
    }

    #[test]
    fn a_near_search_left_to_finish_gives_the_optimum_and_without_stops_there_is_no_line() {
        let (board, tables, optimum) = near_case();
        let mut oracle = Oracle::new(Some(tables.clone()), Some(never_out_of_time()));
        assert_eq!(near_answer(&mut oracle, &board).at_most, optimum);
        assert_eq!(oracle.line(&board).unwrap(), format!("optimal: {optimum} moves left"));
        assert_eq!(oracle.line(&Board::scrambled(8, 8, Scramble::Uniform, 1).unwrap()), None, "too big to hint");
        let mut plain = Oracle::new(Some(tables), None);
        plain.observe(&board);
        assert_eq!(plain.line(&board), None);
        let mut untabled = Oracle::new(None, Some(out_of_time_at_once()));
        assert_eq!(settle(&mut untabled, &board), "optimal: unavailable");
    }
}
