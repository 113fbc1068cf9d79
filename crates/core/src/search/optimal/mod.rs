//! Optimal solutions by IDA* for boards of up to 16 cells (4×4, 3×5, 5×3, …).
//!
//! IDA* is depth-first search with a cost bound: a branch is cut as soon as
//! moves made plus a lower bound on the moves still needed exceed the bound,
//! and the bound grows to the smallest value that was cut. With a lower bound
//! that never overestimates, the first solution found is a shortest one.
//!
//! Two lower bounds ([`Heuristic`]):
//! - Manhattan distance plus linear conflicts, for every size;
//! - an additive disjoint [`PatternDatabase`] ([`PatternSpec::fifteen_663`]
//!   for the 15-puzzle, or the stronger [`PatternSpec::fifteen_78`]), far
//!   tighter.
//!
//! The search ([`solve_with`]) works in place on one board: a move is made,
//! the estimate updated from the moved tile alone, and the move undone on the
//! way back; nothing is allocated per node. [`solve_with_pathfinding`] runs
//! the same bounds through `pathfinding::directed::idastar`, recomputing the
//! estimate at each node, as a yardstick.
//!
//! ```
//! # // The searches' own modules are public with the feature `testing`.
//! # #[cfg(feature = "testing")] {
//! use fifteen_core::{Board, Scramble, search::optimal};
//! let board = Board::scrambled(3, 3, Scramble::Uniform, 11).unwrap();
//! let solution = optimal::solve(&board).unwrap();
//! let mut replay = board.clone();
//! replay.apply(&solution.moves).unwrap();
//! assert!(replay.is_solved());
//! assert_eq!(solution.moves.len(), fifteen_core::search::bfs::solve(&board).unwrap().moves.len());
//! # }
//! ```

mod build;
mod ida;
mod manhattan;
mod pdb;
mod placement;
mod pruning;

pub use pdb::{BuildProgress, Entries, PatternDatabase, PatternSpec, PdbError};
pub(crate) use pdb::{MAX_BIG_GROUPS, SharedBytes};
pub(crate) use placement::{MAX_PATTERN_CELLS, rank};
pub(crate) use pruning::{MOVE_PRUNING, PRUNED, PruneState};

use crate::board::{Board, Move, Moves};

use super::packed::{MAX_PACKED_CELLS, Packed, PackedGrid, move_between};
use super::{SearchError, Solution, Stats};
pub(crate) use manhattan::ManhattanConflicts;
use pdb::Lookup;

/// The most cells the optimal solver takes.
pub const MAX_OPTIMAL_CELLS: usize = MAX_PACKED_CELLS;

/// Which lower bound IDA* uses.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Heuristic<'a> {
    /// Manhattan distance plus linear conflicts (any size up to 16 cells).
    ManhattanConflicts,
    /// Additive pattern databases built for the board's shape.
    Patterns(&'a PatternDatabase),
}

impl Heuristic<'_> {}

/// One child of a node: the move (index in `U D L R` order) and the tile
/// that slides from cell `from` into the blank.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Child {
    pub(crate) mv: u8,
    pub(crate) from: u8,
    pub(crate) tile: u8,
}

/// A lower bound on the moves a board needs, computed from scratch and
/// updated for a node's children.
pub(crate) trait Estimator {
    /// What a node keeps to update the estimate cheaply (copied per node).
    type Aux: Copy;

    /// The estimate of a whole board (`cells[cell]` = tile, `pos[tile]` = cell).
    fn evaluate(&self, cells: &[u8; MAX_PACKED_CELLS], pos: &[u8; MAX_PACKED_CELLS]) -> (Self::Aux, u32);

    /// The estimates of all children of a node at once (`out[i]` for
    /// `children[i]`, whose tile slides into the blank at `blank`), so that
    /// an estimator reading big tables can start every child's reads before
    /// it waits for any. `cells` and `pos` show the node; they may be
    /// changed on the way but show the node again on return.
    #[allow(clippy::too_many_arguments)]
    fn children(
        &self,
        aux: &Self::Aux,
        cells: &mut [u8; MAX_PACKED_CELLS],
        pos: &mut [u8; MAX_PACKED_CELLS],
        blank: usize,
        children: &[Child],
        out: &mut [(Self::Aux, u32)],
    );
}

/// A board as cell → tile and tile → cell arrays.
pub(crate) fn arrays(board: &Board) -> ([u8; MAX_PACKED_CELLS], [u8; MAX_PACKED_CELLS]) {
    let mut cells = [0u8; MAX_PACKED_CELLS];
    let mut pos = [0u8; MAX_PACKED_CELLS];
    for (i, &t) in board.cells().iter().enumerate() {
        cells[i] = t as u8;
        pos[t as usize] = i as u8;
    }
    (cells, pos)
}

/// Whether IDA* takes `board`: up to [`MAX_OPTIMAL_CELLS`] cells, else
/// [`SearchError::TooLarge`]. Past them `--solver optimal` is the near
/// solver run to its proof (hours on a 5×5), so a caller that must answer
/// in bounded time (a batch, the optimal page) refuses them with this.
pub fn check_optimal_size(board: &Board) -> Result<(), SearchError> {
    if board.len() > MAX_OPTIMAL_CELLS {
        let (rows, cols) = (board.rows(), board.cols());
        return Err(SearchError::TooLarge { solver: "optimal", rows, cols, max_cells: MAX_OPTIMAL_CELLS });
    }
    Ok(())
}

fn check(board: &Board, heuristic: Heuristic<'_>) -> Result<PackedGrid, SearchError> {
    check_optimal_size(board)?;
    if let Heuristic::Patterns(pdb) = heuristic {
        pdb.check_shape(board)?;
    }
    board.check_solvable()?;
    PackedGrid::new(board.rows(), board.cols())
}

/// A shortest solution by IDA* with Manhattan distance and linear conflicts.
pub fn solve(board: &Board) -> Result<Solution, SearchError> {
    solve_with(board, Heuristic::ManhattanConflicts, |_| {})
}

/// A shortest solution by in-place IDA* with the given lower bound, calling
/// `progress(bound)` before each iteration.
///
/// ```
/// # // The searches' own modules are public with the feature `testing`.
/// # #[cfg(feature = "testing")] {
/// use fifteen_core::{Board, search::optimal::{self, Heuristic}};
/// let board: Board = "5 1 2 3\n9 6 7 4\n13 10 11 8\n_ 14 15 12".parse().unwrap();
/// let mut bounds = Vec::new();
/// let solution = optimal::solve_with(&board, Heuristic::ManhattanConflicts, |b| bounds.push(b)).unwrap();
/// assert_eq!(solution.moves.to_string(), "DDDLLLUUU");
/// assert_eq!(bounds.last(), Some(&9));
/// # }
/// ```
pub fn solve_with(board: &Board, heuristic: Heuristic<'_>, progress: impl FnMut(u32)) -> Result<Solution, SearchError> {
    solve_until(board, heuristic, progress, &|| false)
}

/// [`solve_with`], asking `stop()` every few thousand nodes and giving up
/// with [`SearchError::Stopped`] when it says so: for a caller whose
/// answer is no longer wanted (a server's client gone).
pub(crate) fn solve_until(
    board: &Board,
    heuristic: Heuristic<'_>,
    mut progress: impl FnMut(u32),
    stop: &dyn Fn() -> bool,
) -> Result<Solution, SearchError> {
    let grid = check(board, heuristic)?;
    let solution = match heuristic {
        Heuristic::ManhattanConflicts => {
            ida::search(&grid, &ManhattanConflicts::new(&grid), board, &mut progress, stop)
        }
        Heuristic::Patterns(pdb) => match pdb.spec().entries() {
            Entries::Bytes => ida::search(&grid, &Lookup::<false>::new(pdb), board, &mut progress, stop),
            Entries::Nibbles => ida::search(&grid, &Lookup::<true>::new(pdb), board, &mut progress, stop),
        },
    };
    solution.ok_or(SearchError::Stopped)
}

/// Whether `board` has a solution of at most `limit` moves: one pass of
/// IDA*'s depth-first search at that bound, for a caller that knows the
/// distance is not below it (a board one move from one of known distance
/// is one nearer or one further). Gives up with [`SearchError::Stopped`]
/// when `stop()` says so.
pub(crate) fn solvable_within(
    board: &Board,
    heuristic: Heuristic<'_>,
    limit: u32,
    stop: &dyn Fn() -> bool,
) -> Result<bool, SearchError> {
    let grid = check(board, heuristic)?;
    let found = match heuristic {
        Heuristic::ManhattanConflicts => ida::within(&grid, &ManhattanConflicts::new(&grid), board, limit, stop),
        Heuristic::Patterns(pdb) => match pdb.spec().entries() {
            Entries::Bytes => ida::within(&grid, &Lookup::<false>::new(pdb), board, limit, stop),
            Entries::Nibbles => ida::within(&grid, &Lookup::<true>::new(pdb), board, limit, stop),
        },
    };
    found.ok_or(SearchError::Stopped)
}

/// A search of its own over boards of one shape that asks the lower bound
/// of every node, updated move by move as IDA* updates it (the coach's way
/// that loses nothing): [`with_estimator`] hands it the heuristic's
/// estimator, made once.
pub(crate) trait EstimatorUser {
    type Out;
    fn run<E: Estimator>(self, grid: &PackedGrid, est: &E) -> Self::Out;
}

/// Runs `user` with the estimator of `heuristic` for `board`'s shape,
/// after checking the board as the solver does.
pub(crate) fn with_estimator<U: EstimatorUser>(
    board: &Board,
    heuristic: Heuristic<'_>,
    user: U,
) -> Result<U::Out, SearchError> {
    let grid = check(board, heuristic)?;
    Ok(match heuristic {
        Heuristic::ManhattanConflicts => user.run(&grid, &ManhattanConflicts::new(&grid)),
        Heuristic::Patterns(pdb) => match pdb.spec().entries() {
            Entries::Bytes => user.run(&grid, &Lookup::<false>::new(pdb)),
            Entries::Nibbles => user.run(&grid, &Lookup::<true>::new(pdb)),
        },
    })
}

/// The lower bound a heuristic gives a board (for tests and measurements:
/// a search asks it of every node through `with_estimator`).
#[cfg(any(test, feature = "testing"))]
pub fn estimate(board: &Board, heuristic: Heuristic<'_>) -> Result<u32, SearchError> {
    let grid = check(board, heuristic)?;
    let (cells, pos) = arrays(board);
    Ok(match heuristic {
        Heuristic::ManhattanConflicts => ManhattanConflicts::new(&grid).evaluate(&cells, &pos).1,
        Heuristic::Patterns(pdb) => pdb.estimate(board)?,
    })
}

#[cfg_attr(not(feature = "testing"), allow(dead_code))]
/// The same search through `pathfinding::directed::idastar` on packed
/// states, the estimate recomputed from scratch at every node. Kept to
/// measure against [`solve_with`].
pub fn solve_with_pathfinding(board: &Board, heuristic: Heuristic<'_>) -> Result<Solution, SearchError> {
    let grid = check(board, heuristic)?;
    match heuristic {
        Heuristic::ManhattanConflicts => Ok(pathfinding_search(&grid, &ManhattanConflicts::new(&grid), board)),
        Heuristic::Patterns(pdb) => Ok(match pdb.spec().entries() {
            Entries::Bytes => pathfinding_search(&grid, &Lookup::<false>::new(pdb), board),
            Entries::Nibbles => pathfinding_search(&grid, &Lookup::<true>::new(pdb), board),
        }),
    }
}

#[cfg_attr(not(feature = "testing"), allow(dead_code))]
fn pathfinding_search<E: Estimator>(grid: &PackedGrid, est: &E, board: &Board) -> Solution {
    let len = grid.len();
    let start = (Packed::from_board(board).expect("checked size"), board.blank().row * grid.cols() + board.blank().col);
    let goal = Packed::goal(len);
    let mut stats = Stats::default();
    let (path, _) = pathfinding::directed::idastar::idastar(
        &start,
        |&(state, blank)| {
            stats.expanded += 1;
            let mut out = [None; 4];
            for (slot, (_, next, nb)) in out.iter_mut().zip(grid.successors(state, blank)) {
                *slot = Some(((next, nb), 1u32));
            }
            out.into_iter().flatten()
        },
        |&(state, _)| {
            let mut cells = [0u8; MAX_PACKED_CELLS];
            let mut pos = [0u8; MAX_PACKED_CELLS];
            for (i, cell) in cells.iter_mut().enumerate().take(len) {
                *cell = state.tile(i);
                pos[*cell as usize] = i as u8;
            }
            est.evaluate(&cells, &pos).1
        },
        |&(state, _)| state == goal,
    )
    .expect("a solvable board reaches the goal");
    let moves: Vec<Move> =
        path.windows(2).map(|w| move_between(grid, w[0].1, w[1].1).expect("one slide apart")).collect();
    Solution { moves: Moves(moves), stats }
}

#[cfg(test)]
mod examples {
    // What were examples in the docs of items only the crate uses.

    #[test]
    fn solve_until() {
        use crate::{
            Board,
            search::{
                SearchError,
                optimal::{self, Heuristic},
            },
        };
        let board: Board = "0 12 9 13\n15 11 10 14\n3 7 5 6\n4 8 2 1".parse().unwrap();
        let stopped = optimal::solve_until(&board, Heuristic::ManhattanConflicts, |_| {}, &|| true);
        assert!(matches!(stopped, Err(SearchError::Stopped)));
    }
}
