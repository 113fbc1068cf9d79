//! "optimal: N moves left" for the page: the optimal distance of a game's
//! position, searched on tokio's blocking pool, never on the async executor.
//!
//! A game whose client sent `{"Optimal":true}` has a [`GameOracle`] from
//! then on (`{"Optimal":false}` only silences it, so turning it off and on
//! cannot start a second search for the same game). After
//! every state the server sends, it [`observe`](GameOracle::observe)s the
//! position: one on a shortest solution already found is answered at once
//! (see [`fifteen_core::search::distance`], shared with the window); otherwise a
//! search starts, unless one is under way, and then the position waits for
//! it: at most one search per game, and the positions passed meanwhile are
//! skipped. A finished search is kept, since its whole path answers later
//! positions, and is sent only when it answers the position the game is at
//! now: a stale answer is never sent.
//!
//! [`Searches`] is what every game shares: the pattern databases, loaded
//! once through the loader the command passes in, and a limit on the
//! searches running at once (a semaphore of `threads` turns). A search
//! still waiting for its turn when its game has moved on or ended does not
//! run; one already running when the client leaves stops within a few
//! milliseconds and frees its turn. One running when the game moves on goes
//! on, since its path may still answer the positions that follow.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use tokio::sync::Semaphore;

use fifteen_core::Deadline;
use fifteen_core::board::Board;
use fifteen_core::search::distance::{Answers, ShortestPath, has_distance};
use fifteen_core::tables::PatternDatabase;
use fifteen_core::tables::Tables;

use fifteen_view::game::protocol::Optimal;

/// What the optimal searches of all games share.
pub(crate) struct Searches {
    tables: Arc<dyn Tables>,
    turns: Arc<Semaphore>,
}

impl Searches {
    /// At most `threads` searches at once (at least one), with the pattern
    /// databases `tables` finds (none: Manhattan distance and linear
    /// conflicts).
    pub(crate) fn new(tables: Arc<dyn Tables>, threads: usize) -> Searches {
        Searches { tables, turns: Arc::new(Semaphore::new(threads.max(1))) }
    }

    /// The tables for a board of this shape, as the server's tables find
    /// them. Blocks (call it on the blocking pool): the first finding may
    /// build them.
    pub(crate) fn tables(&self, rows: usize, cols: usize) -> Option<Arc<PatternDatabase>> {
        self.tables.optimal(rows, cols)
    }
}

/// A search that has ended, or was skipped because its game moved on.
pub(crate) struct Finished {
    score: u64,
    /// `None`: skipped before it ran.
    result: Option<Result<ShortestPath, String>>,
}

/// A search under way: its turn, then the blocking search.
type SearchFuture = Pin<Box<dyn Future<Output = Finished> + Send>>;

/// The score no game reaches: what [`GameOracle`] leaves when dropped, so
/// that its queued search does not run.
const GONE: u64 = u64::MAX;

/// The optimal distances of one game's positions.
pub(crate) struct GameOracle {
    searches: Arc<Searches>,
    answers: Answers,
    /// The score of the game's position now; a search for another does not start.
    now: Arc<AtomicU64>,
    /// Stopped when the game is gone: its search under way gives up.
    gone: Deadline,
    search: Option<SearchFuture>,
    /// The score last answered, so a state sent again is not answered twice.
    answered: Option<u64>,
    /// Whether the client wants answers now.
    asked: bool,
}

impl GameOracle {
    /// An oracle for one game, sharing `searches` with the others.
    pub(crate) fn new(searches: Arc<Searches>) -> GameOracle {
        GameOracle {
            searches,
            answers: Answers::new(),
            now: Arc::new(AtomicU64::new(0)),
            gone: Deadline::stoppable(),
            search: None,
            answered: None,
            asked: true,
        }
    }

    /// The client asks for answers (`{"Optimal":true}`: the position now is
    /// answered again, even if it was before) or declines them (no message,
    /// no new search; a search under way ends and is kept).
    pub(crate) fn ask(&mut self, wanted: bool) {
        self.asked = wanted;
        self.answered = None;
    }

    /// Called after the state of `board`, the position after `score` moves,
    /// is sent: the message to send next if its distance is known, else
    /// `None` and a search starts (unless one is under way). Boards of more
    /// than 16 cells get nothing. Never blocks.
    pub(crate) fn observe(&mut self, board: &Board, score: u64) -> Option<Optimal> {
        self.now.store(score, Ordering::Relaxed);
        if !self.asked || !has_distance(board.len()) {
            return None;
        }
        if self.answered == Some(score) {
            return None;
        }
        if let Some(distance) = self.answers.answer(board) {
            self.answered = Some(score);
            return Some(Optimal::of(board, score, distance));
        }
        if self.search.is_none() {
            self.search = Some(self.start(board.clone(), score));
        }
        None
    }

    /// True while a search is under way.
    #[cfg(test)]
    pub(crate) fn is_searching(&self) -> bool {
        self.search.is_some()
    }

    /// Waits for the search under way; never returns when there is none.
    /// Cancel-safe: dropped before it returns, the search goes on.
    pub(crate) async fn finished(&mut self) -> Finished {
        let Some(search) = self.search.as_mut() else {
            return std::future::pending().await;
        };
        let finished = search.await;
        self.search = None;
        finished
    }

    /// Takes in a finished search; `board` and `score` are the game's
    /// position now. Returns the message to send, if any: an answer for
    /// this position (from this search or an earlier one), or the search's
    /// error when it was this position's. Starts the next search if needed.
    pub(crate) fn settle(&mut self, finished: Finished, board: &Board, score: u64) -> Option<Optimal> {
        match finished.result {
            Some(Ok(path)) => self.answers.learn(path),
            Some(Err(why)) if self.asked && finished.score == score && self.answered != Some(score) => {
                self.answered = Some(score);
                return Some(Optimal::failed(score, why));
            }
            Some(Err(_)) | None => {}
        }
        self.observe(board, score)
    }

    fn start(&self, board: Board, score: u64) -> SearchFuture {
        let searches = self.searches.clone();
        let now = self.now.clone();
        let gone = self.gone.clone();
        Box::pin(async move {
            let Ok(turn) = searches.turns.clone().acquire_owned().await else {
                return Finished { score, result: Some(Err("the server is stopping".into())) };
            };
            let job = tokio::task::spawn_blocking(move || {
                // The turn is held until the search ends, even if the game
                // that asked is gone by then.
                let _turn = turn;
                if now.load(Ordering::Relaxed) != score {
                    return None;
                }
                let tables = searches.tables(board.rows(), board.cols());
                Some(ShortestPath::search(&board, tables.as_deref(), &gone).map_err(|e| e.to_string()))
            });
            let result = job.await.unwrap_or_else(|e| Some(Err(format!("the search failed: {e}"))));
            Finished { score, result }
        })
    }
}

impl Drop for GameOracle {
    fn drop(&mut self) {
        self.now.store(GONE, Ordering::Relaxed);
        self.gone.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fifteen_core::board::{Move, Scramble};
    use fifteen_core::tables::NoTables;
    use std::sync::OnceLock;

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap()
    }

    fn optimal_length(board: &Board) -> usize {
        fifteen_core::solver::solve(
            board,
            &fifteen_core::solver::SolverOptions {
                solver: fifteen_core::solver::Solver::Optimal,
                ..Default::default()
            },
        )
        .unwrap()
        .moves
        .len()
    }

    /// Tables that, asked for, mark the game in the slot gone (as a client
    /// leaving mid-search does, dropping its oracle) and give none.
    struct LeaveWhenAsked(Arc<OnceLock<Deadline>>);

    impl Tables for LeaveWhenAsked {
        fn optimal(&self, _: usize, _: usize) -> Option<Arc<PatternDatabase>> {
            self.0.get().expect("the game's deadline").stop();
            None
        }

        fn near(&self, rows: usize, cols: usize) -> Result<Arc<PatternDatabase>, fifteen_core::tables::TablesError> {
            fifteen_core::tables::NO_TABLES.near(rows, cols)
        }
    }

    #[test]
    fn answers_come_after_a_search_and_along_its_path_at_once() {
        runtime().block_on(async {
            let mut oracle = GameOracle::new(Arc::new(Searches::new(Arc::new(NoTables), 1)));
            let board = Board::scrambled(3, 3, Scramble::Uniform, 4).unwrap();
            assert_eq!(oracle.observe(&board, 0), None);
            assert!(oracle.is_searching());
            let finished = oracle.finished().await;
            let answer = oracle.settle(finished, &board, 0).expect("the answer for the position now");
            assert_eq!((answer.score, answer.moves), (0, Some(optimal_length(&board))));
            assert_eq!(oracle.observe(&board, 0), None, "answered once");
            let mut next = board.clone();
            let tile = next.slide(answer.best_move().unwrap());
            assert_eq!(answer.tile, tile);
            let along = oracle.observe(&next, 1).expect("on the path: no search");
            assert_eq!(along.moves, Some(optimal_length(&board) - 1));
            assert!(!oracle.is_searching());
        });
    }

    #[test]
    fn a_search_whose_game_is_gone_stops_part_way() {
        runtime().block_on(async {
            // The tables are asked for inside the search's job, after the job
            // checked that its game is still there: they mark the game gone,
            // as a client leaving mid-search does. Without tables this board
            // needs far more nodes than the search expands between two
            // questions whether to stop, so an answer means it never asked.
            let game: Arc<OnceLock<Deadline>> = Arc::new(OnceLock::new());
            let loader: Arc<dyn Tables> = Arc::new(LeaveWhenAsked(game.clone()));
            let mut oracle = GameOracle::new(Arc::new(Searches::new(loader, 1)));
            game.set(oracle.gone.clone()).unwrap();
            let board = Board::scrambled(4, 4, Scramble::Uniform, 1).unwrap();
            assert_eq!(oracle.observe(&board, 0), None);
            let finished = oracle.finished().await;
            match finished.result {
                Some(Err(why)) => assert!(why.contains("stopped"), "{why}"),
                Some(Ok(path)) => panic!("the search ran to the end: {:?}", path.lookup(&board)),
                None => panic!("the search did not start"),
            }
        });
    }

    #[test]
    fn a_stale_answer_is_kept_but_not_sent_and_the_newest_position_is_searched() {
        runtime().block_on(async {
            let mut oracle = GameOracle::new(Arc::new(Searches::new(Arc::new(NoTables), 1)));
            let board = Board::scrambled(3, 3, Scramble::Uniform, 8).unwrap();
            oracle.observe(&board, 0);
            let finished = oracle.finished().await;
            assert_eq!(finished.score, 0);
            // A move off the shortest path, made before that answer is taken in.
            let best = fifteen_core::solver::solve(
                &board,
                &fifteen_core::solver::SolverOptions {
                    solver: fifteen_core::solver::Solver::Optimal,
                    ..Default::default()
                },
            )
            .unwrap()
            .moves
            .0[0];
            let away = Move::ALL.into_iter().find(|&mv| mv != best && board.can_slide(mv)).unwrap();
            let mut moved = board.clone();
            moved.slide(away);
            assert_eq!(oracle.observe(&moved, 1), None);
            assert_eq!(oracle.settle(finished, &moved, 1), None, "the answer for score 0 is stale");
            assert!(oracle.is_searching(), "the position now is searched");
            let finished = oracle.finished().await;
            let answer = oracle.settle(finished, &moved, 1).unwrap();
            assert_eq!((answer.score, answer.moves), (1, Some(optimal_length(&moved))));
            // The first search was kept: going back is answered at once.
            assert_eq!(oracle.observe(&board, 2).and_then(|a| a.moves), Some(optimal_length(&board)));
        });
    }

    #[test]
    fn a_declined_oracle_starts_nothing_and_asked_again_answers_the_position_now() {
        runtime().block_on(async {
            let mut oracle = GameOracle::new(Arc::new(Searches::new(Arc::new(NoTables), 1)));
            let board = Board::scrambled(3, 3, Scramble::Uniform, 6).unwrap();
            oracle.observe(&board, 0);
            let finished = oracle.finished().await;
            assert!(oracle.settle(finished, &board, 0).is_some());
            oracle.ask(false);
            let mut moved = board.clone();
            moved.slide(board.legal_moves().next().unwrap());
            assert_eq!(oracle.observe(&moved, 1), None);
            assert!(!oracle.is_searching(), "declined: no search");
            assert_eq!(oracle.observe(&board, 2), None, "declined: no answer, even a known one");
            oracle.ask(true);
            assert_eq!(oracle.observe(&board, 2).and_then(|a| a.moves), Some(optimal_length(&board)));
        });
    }

    #[test]
    fn a_search_queued_for_a_passed_position_does_not_run_and_big_boards_get_nothing() {
        runtime().block_on(async {
            let searches = Arc::new(Searches::new(Arc::new(NoTables), 1));
            let mut oracle = GameOracle::new(searches.clone());
            let board = Board::scrambled(3, 3, Scramble::Uniform, 5).unwrap();
            // Hold the only turn, so the search waits; the game moves on meanwhile.
            let turn = searches.turns.clone().acquire_owned().await.unwrap();
            oracle.observe(&board, 0);
            oracle.now.store(1, Ordering::Relaxed);
            drop(turn);
            let finished = oracle.finished().await;
            assert!(finished.result.is_none(), "skipped");
            let big = Board::scrambled(5, 5, Scramble::Uniform, 1).unwrap();
            let mut other = GameOracle::new(searches);
            assert_eq!(other.observe(&big, 0), None);
            assert!(!other.is_searching());
        });
    }
}
