//! Every solver behind one name, and the one place a name becomes moves.
//!
//! A [`Solver`] names the human strategy or one of the searches; [`solve`]
//! runs it on a board as [`SolverOptions`] say and returns the moves with
//! what the search proved ([`Found`]). The searches' pattern databases come
//! from a [`Tables`]: a [`TableCache`](crate::tables::TableCache) finds
//! them in a cache directory (building and saving them when missing),
//! [`BuiltTables`](crate::tables::BuiltTables) builds them in memory, and
//! [`NO_TABLES`] has none (the optimal solver then uses Manhattan distance
//! and linear conflicts: the same answers, slower).
//! Nothing here reads a clock or a file: every solver stops when the
//! caller's [`Deadline`] says so.
//!
//! ```
//! use fifteen_core::Board;
//! use fifteen_core::solver::{self, Solver, SolverOptions};
//! let board: Board = "4 1 3\n7 2 6\n_ 5 8".parse().unwrap();
//! for solver in [Solver::Bfs, Solver::Iddfs, Solver::Optimal] {
//!     let found = solver::solve(&board, &SolverOptions { solver, ..SolverOptions::default() }).unwrap();
//!     assert_eq!(found.moves.len(), 6);
//!     assert!(found.is_shortest());
//! }
//! let human = solver::solve(&board, &SolverOptions::default()).unwrap();
//! assert_eq!(human.lower_bound, None);
//! let mut replay = board.clone();
//! replay.apply(&human.moves).unwrap();
//! assert!(replay.is_solved());
//! ```

use crate::board::{Board, Moves};
use crate::deadline::Deadline;
use crate::human::{self, HumanError, HumanOptions};
use crate::search::near::{self, MAX_NEAR_CELLS, MIN_NEAR_CELLS, NearOptions, NearProgress};
use crate::search::optimal::{self, Heuristic, MAX_OPTIMAL_CELLS};
use crate::search::{SearchError, Stats, bfs, iddfs};
#[cfg(test)]
use crate::tables::BuiltTables;
use crate::tables::{NO_TABLES, Tables, TablesError};

/// A solver fifteen can use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Solver {
    /// The strategy a person uses, region by region: any size, not the
    /// fewest moves.
    #[default]
    Human,
    /// Breadth-first search: a shortest solution, up to 10 cells.
    Bfs,
    /// Iterative deepening: a shortest solution, shallow positions up to 16
    /// cells.
    Iddfs,
    /// IDA* on pattern databases: a shortest solution, up to 16 cells; on
    /// 17 to 49 cells the near solver run until it proves its answer
    /// shortest (hours on a 5×5).
    Optimal,
    /// Beam search beside IDA* on 17 to 49 cells: a short solution by the
    /// time `stop` says, and a lower bound on the shortest.
    Near,
}

impl Solver {
    /// `human`, `bfs`, `iddfs`, `optimal` or `near`.
    pub const fn name(self) -> &'static str {
        match self {
            Solver::Human => "human",
            Solver::Bfs => "bfs",
            Solver::Iddfs => "iddfs",
            Solver::Optimal => "optimal",
            Solver::Near => "near",
        }
    }

    /// The solver a board of this many cells gets when none is named: the
    /// fewest moves found in about a second. Breadth-first search up to 9
    /// cells, the optimal solver up to 16, the human strategy beyond.
    ///
    /// ```
    /// use fifteen_core::solver::Solver;
    /// assert_eq!(Solver::default_for(9), Solver::Bfs);
    /// assert_eq!(Solver::default_for(16), Solver::Optimal);
    /// assert_eq!(Solver::default_for(25), Solver::Human);
    /// ```
    pub const fn default_for(cells: usize) -> Solver {
        match cells {
            0..=9 => Solver::Bfs,
            10..=MAX_OPTIMAL_CELLS => Solver::Optimal,
            _ => Solver::Human,
        }
    }
}

impl Solver {
    /// Whether this solver runs the near solver's search on a board of
    /// `cells` cells: [`Solver::Near`], and [`Solver::Optimal`] on 17 to 49
    /// cells (run until it proves its answer, which may take hours). The one
    /// place a solver is routed by the board's size.
    pub const fn runs_near_search(self, cells: usize) -> bool {
        let near_range = cells >= MIN_NEAR_CELLS && cells <= MAX_NEAR_CELLS;
        match self {
            Solver::Near => true,
            Solver::Optimal => near_range,
            _ => false,
        }
    }
}

/// Asks `options.tables` for the tables [`solve`] will use on `board`
/// (none for the human strategy, BFS and iterative deepening), so that a
/// caller timing the search finds them first: finding them may mean
/// building them for minutes.
pub fn find_tables(board: &Board, options: &SolverOptions<'_>) -> Result<(), SolverError> {
    let (rows, cols) = (board.rows(), board.cols());
    match options.solver {
        solver if solver.runs_near_search(board.len()) && (MIN_NEAR_CELLS..=MAX_NEAR_CELLS).contains(&board.len()) => {
            options.tables.near(rows, cols)?;
        }
        Solver::Optimal if board.len() <= MAX_OPTIMAL_CELLS => drop(options.tables.optimal(rows, cols)),
        _ => {}
    }
    Ok(())
}

impl std::fmt::Display for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How [`solve`] plays a board, with what, and until when.
#[derive(Clone, Copy)]
pub struct SolverOptions<'a> {
    /// Which solver.
    pub solver: Solver,
    /// How the human strategy plays (its effort, order and finish); the
    /// near solver starts from its solution.
    pub human: HumanOptions,
    /// The most moves iterative deepening tries (`None`:
    /// [`iddfs_reach`]).
    pub max_depth: Option<u32>,
    /// Where the searches' pattern databases come from.
    pub tables: &'a dyn Tables,
    /// When to stop: every solver gives up with [`SolverError::Stopped`]
    /// once it is over, but the near solver, which answers with the best
    /// found so far unless stopped ([`Deadline::is_stopped`]).
    pub deadline: &'a Deadline,
    /// Hears each depth limit or bound iterative deepening and IDA* try,
    /// and each step of the near solver's (from any of its threads).
    pub progress: &'a (dyn Fn(SearchProgress) + Sync),
}

impl std::fmt::Debug for SolverOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SolverOptions")
            .field("solver", &self.solver)
            .field("human", &self.human)
            .field("max_depth", &self.max_depth)
            .field("deadline", self.deadline)
            .finish_non_exhaustive()
    }
}

/// No deadline, for [`SolverOptions::default`].
static NO_DEADLINE: Deadline = Deadline::NONE;

/// Progress nobody hears.
fn unheard(_: SearchProgress) {}

impl Default for SolverOptions<'_> {
    /// The human strategy at its default options, no tables, no deadline,
    /// progress unheard.
    fn default() -> Self {
        SolverOptions {
            solver: Solver::Human,
            human: HumanOptions::default(),
            max_depth: None,
            tables: &NO_TABLES,
            deadline: &NO_DEADLINE,
            progress: &unheard,
        }
    }
}

/// What a solver found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The moves, tile direction.
    pub moves: Moves,
    /// No solution is shorter than this: the moves' count when a search
    /// proved them shortest, less when the near solver could not; `None`
    /// from the human strategy, which proves nothing.
    pub lower_bound: Option<u32>,
    /// The work of a search (`None` for the human strategy); for the near
    /// solver, the nodes its IDA* expanded.
    pub stats: Option<Stats>,
    /// The widest beam the near solver finished (0 for the others).
    pub beam_width: usize,
}

impl Found {
    /// Whether the moves are proven to be a shortest solution.
    pub fn is_shortest(&self) -> bool {
        self.lower_bound == Some(self.moves.len() as u32)
    }
}

/// Why [`solve`] found no moves.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolverError {
    /// The human strategy could not play the board.
    #[error(transparent)]
    Human(#[from] HumanError),
    /// A search could not.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// Iterative deepening would have to go deeper than it may.
    #[error(
        "this board needs at least {at_least} moves, and iterative deepening searches only up to {max} (each move more doubles its time): the optimal solver finds a shortest solution"
    )]
    TooDeep {
        /// Moves the board needs at least (its Manhattan distance and
        /// linear conflicts).
        at_least: u32,
        /// The most moves the search tries.
        max: u32,
    },
    /// The pattern databases could not be found or made.
    #[error(transparent)]
    Tables(#[from] TablesError),
    /// The deadline was over before a solution was found.
    #[error("the solver was stopped before it found a solution")]
    Stopped,
}

impl SolverError {
    /// Each solver's "stopped" as the one [`SolverError::Stopped`].
    fn stopped_as_one(self) -> SolverError {
        match self {
            SolverError::Human(HumanError::Stopped) | SolverError::Search(SearchError::Stopped) => SolverError::Stopped,
            other => other,
        }
    }
}

/// What a search has done so far, as [`solve`] reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SearchProgress {
    /// Iterative deepening or IDA* starts on this depth limit or bound.
    Depth(u32),
    /// The near solver's proven bound went up or it found a shorter
    /// solution.
    Near(NearProgress),
}

/// How deep iterative deepening goes unless told: boards of up to 9 cells
/// are searched whole in under a second (every 3×3 position is within 31
/// moves, every 2×4 within 36); on bigger boards each move more roughly
/// doubles the time, and 25 moves take a few seconds on a 4×4.
pub fn iddfs_reach(board: &Board) -> u32 {
    if board.len() <= 9 { 40 } else { 25 }
}

/// Solves `board` as `options` say: with the solver it names, the tables it
/// gives, until its deadline.
pub fn solve(board: &Board, options: &SolverOptions<'_>) -> Result<Found, SolverError> {
    if options.deadline.is_stopped() {
        return Err(SolverError::Stopped);
    }
    solve_by_name(board, options).map_err(SolverError::stopped_as_one)
}

fn solve_by_name(board: &Board, options: &SolverOptions<'_>) -> Result<Found, SolverError> {
    let searched = |solution: crate::search::Solution| Found {
        lower_bound: Some(solution.moves.len() as u32),
        moves: solution.moves,
        stats: Some(solution.stats),
        beam_width: 0,
    };
    let (deadline, progress) = (options.deadline, options.progress);
    match options.solver {
        Solver::Human => {
            let plan = human::Planner::new(board, &options.human)?.until(deadline.clone()).plan()?;
            Ok(Found { moves: plan.moves().clone(), lower_bound: None, stats: None, beam_width: 0 })
        }
        Solver::Bfs => Ok(searched(bfs::solve_until(board, deadline)?)),
        Solver::Iddfs => {
            let max = options.max_depth.unwrap_or_else(|| iddfs_reach(board));
            let at_least = iddfs::lower_bound(board)?;
            if at_least > max {
                return Err(SolverError::TooDeep { at_least, max });
            }
            let depth = |limit| progress(SearchProgress::Depth(limit));
            Ok(searched(iddfs::solve_until(board, iddfs::Limits { start: 0, max }, depth, deadline)?))
        }
        // Optimal on 17 to 49 cells: the near solver run until it proves its
        // answer shortest; out of time first, it was stopped as any exact
        // search is.
        Solver::Optimal if Solver::Optimal.runs_near_search(board.len()) => match solve_near(board, options)? {
            found if found.is_shortest() => Ok(found),
            _ => Err(SolverError::Stopped),
        },
        Solver::Optimal => {
            let (rows, cols) = (board.rows(), board.cols());
            optimal::check_optimal_size(board)?;
            board.check_solvable().map_err(SearchError::from)?;
            let pdb = options.tables.optimal(rows, cols);
            let heuristic = pdb.as_deref().map_or(Heuristic::ManhattanConflicts, Heuristic::Patterns);
            let bound = |limit| progress(SearchProgress::Depth(limit));
            Ok(searched(optimal::solve_until(board, heuristic, bound, &|| deadline.is_over())?))
        }
        Solver::Near => solve_near(board, options),
    }
}

/// The near solver, refusing a board outside its sizes before asking for
/// tables, seeded with the human solver's solution (at `options.human`),
/// so that it never answers longer than the human strategy would.
fn solve_near(board: &Board, options: &SolverOptions<'_>) -> Result<Found, SolverError> {
    let (rows, cols) = (board.rows(), board.cols());
    if !(MIN_NEAR_CELLS..=MAX_NEAR_CELLS).contains(&board.len()) {
        return Err(SearchError::NearSize { rows, cols }.into());
    }
    board.check_solvable().map_err(SearchError::from)?;
    let pdb = options.tables.near(rows, cols)?;
    let near_progress = |p| (options.progress)(SearchProgress::Near(p));
    // The seed is made whatever the time left (only a stop ends it): the
    // answer is never longer than the human strategy's.
    let untimed = options.deadline.untimed();
    let seed = || {
        let plan = human::Planner::new(board, &options.human).ok()?.until(untimed.clone()).plan();
        plan.ok().map(|plan| plan.moves().0.clone())
    };
    let run = near::NearRun { deadline: options.deadline, seed: Some(&seed), progress: &near_progress };
    let found = near::solve_with(board, &pdb, NearOptions::default(), &run)?;
    Ok(Found {
        lower_bound: Some(found.lower_bound),
        moves: found.moves,
        stats: Some(Stats { expanded: found.ida_expanded, ..Stats::default() }),
        beam_width: found.beam_width,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Scramble;

    fn with(solver: Solver) -> SolverOptions<'static> {
        SolverOptions { solver, ..SolverOptions::default() }
    }

    #[test]
    fn every_solver_replays_to_the_goal_and_the_searches_agree_on_the_length() {
        let board = Board::scrambled(3, 3, Scramble::Uniform, 11).unwrap();
        let mut lengths = Vec::new();
        for solver in [Solver::Human, Solver::Bfs, Solver::Iddfs, Solver::Optimal] {
            let found = solve(&board, &with(solver)).unwrap();
            let mut replay = board.clone();
            replay.apply(&found.moves).unwrap();
            assert!(replay.is_solved(), "{}", solver.name());
            if solver != Solver::Human {
                assert!(found.is_shortest(), "{}", solver.name());
                lengths.push(found.moves.len());
            }
        }
        assert!(lengths.windows(2).all(|w| w[0] == w[1]), "{lengths:?}");
    }

    #[test]
    fn each_solver_refuses_what_it_cannot_do_before_any_work() {
        let four = Board::scrambled(4, 4, Scramble::Uniform, 3).unwrap();
        let shallow = SolverOptions { max_depth: Some(5), ..with(Solver::Iddfs) };
        assert!(matches!(solve(&four, &shallow), Err(SolverError::TooDeep { max: 5, .. })));
        assert!(matches!(
            solve(&four, &with(Solver::Near)),
            Err(SolverError::Search(SearchError::NearSize { rows: 4, cols: 4 }))
        ));
        let six = Board::scrambled(6, 6, Scramble::Uniform, 3).unwrap();
        assert!(matches!(solve(&six, &with(Solver::Near)), Err(SolverError::Tables(_))));
        let eight = Board::scrambled(8, 8, Scramble::Uniform, 3).unwrap();
        assert!(matches!(
            solve(&eight, &with(Solver::Optimal)),
            Err(SolverError::Search(SearchError::TooLarge { .. }))
        ));
    }

    /// A clock that moves a second each time it is read: a time limit
    /// counted in questions (the library reads no clock, not even here).
    fn counting_clock() -> Deadline {
        let asked = std::sync::atomic::AtomicUsize::new(0);
        Deadline::NONE.with_clock(move || asked.fetch_add(1, std::sync::atomic::Ordering::Relaxed) as f64)
    }

    #[test]
    fn every_solver_stops_at_once_when_stopped_and_the_exact_ones_when_out_of_time() {
        let tables = BuiltTables::new(2);
        // Boards each solver takes, hard enough that no solver is done
        // before its first look at the deadline.
        let cases = [
            (Solver::Human, Board::scrambled(60, 60, Scramble::Uniform, 1).unwrap()),
            (Solver::Bfs, Board::scrambled(2, 5, Scramble::Uniform, 1).unwrap()),
            (Solver::Iddfs, Board::scrambled(4, 4, Scramble::Uniform, 1).unwrap()),
            (Solver::Optimal, Board::scrambled(4, 4, Scramble::Uniform, 1).unwrap()),
            (Solver::Optimal, Board::scrambled(3, 6, Scramble::Uniform, 1).unwrap()),
            (Solver::Near, Board::scrambled(3, 6, Scramble::Uniform, 1).unwrap()),
        ];
        for (solver, board) in &cases {
            let stopped = Deadline::stopped();
            // The near solver's tables; the optimal solver on 4×4 searches
            // without its own (millions of nodes, so that it looks at the
            // clock).
            let tables: &dyn Tables = if board.len() > 16 { &tables } else { &NO_TABLES };
            let options = SolverOptions { tables, deadline: &stopped, max_depth: Some(80), ..with(*solver) };
            let what = format!("{} on {}×{}", solver.name(), board.rows(), board.cols());
            assert!(matches!(solve(board, &options), Err(SolverError::Stopped)), "{what}");
            // Out of time after a few looks at the clock: the exact solvers
            // give up; the near solver answers with its best so far.
            let short = counting_clock().within(3.0);
            let options = SolverOptions { deadline: &short, ..options };
            match (solver, solve(board, &options)) {
                (Solver::Near, Ok(found)) => {
                    let mut replay = board.clone();
                    replay.apply(&found.moves).unwrap();
                    assert!(replay.is_solved(), "{what}");
                }
                (_, result) => assert!(matches!(result, Err(SolverError::Stopped)), "{what}: {result:?}"),
            }
        }
    }

    #[test]
    fn built_tables_are_made_once_a_shape_and_serve_the_near_solver() {
        let tables = BuiltTables::new(2);
        let board = Board::scrambled(3, 6, Scramble::Uniform, 5).unwrap();
        // Out of time at once: the first beam round still answers (the
        // proofs are tests/it/near.rs's), never longer than the human solve
        // it is seeded with.
        let no_time = Deadline::NONE.with_clock(|| 0.0).within(0.0);
        let near = SolverOptions { tables: &tables, deadline: &no_time, ..with(Solver::Near) };
        let found = solve(&board, &near).unwrap();
        let mut replay = board.clone();
        replay.apply(&found.moves).unwrap();
        assert!(replay.is_solved());
        let human = solve(&board, &SolverOptions::default()).unwrap();
        assert!(found.moves.len() <= human.moves.len());
        assert!(found.lower_bound.is_some_and(|bound| bound as usize <= found.moves.len()));
        assert!(std::sync::Arc::ptr_eq(&tables.near(3, 6).unwrap(), &tables.near(3, 6).unwrap()));
    }
}
