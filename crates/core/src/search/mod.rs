//! Classic search solvers: shortest solutions for small boards. A program
//! runs them through [`solver::solve`](crate::solver::solve) by name:
//!
//! | solver | module | sizes | finds |
//! |---|---|---|---|
//! | breadth-first search | `bfs` | up to 10 cells (3×3, 2×5, 5×2) | a shortest solution |
//! | iterative deepening DFS | `iddfs` | up to 16 cells, shallow positions | a shortest solution |
//! | IDA* with Manhattan + linear conflict or pattern databases | `optimal` | up to 16 cells (4×4, 3×5, 5×3) | a shortest solution |
//! | beam search beside IDA*, over additive pattern databases | `near` | 17 to 49 cells (3×6 up to 7×7) | a short solution in a set time, and a lower bound on the shortest |
//!
//! [`graph`] builds the whole state graph of a board of up to 10 cells
//! (`fifteen graph`); [`distance`] keeps the optimal distance of every board
//! along a solution found (a front end's "optimal: N moves left").
//! All of them work on packed states: a board of up to 16
//! cells in one `u64`, ranked into `0..n!` for flat tables.
//!
//! The solvers' own modules are the crate's; the feature `testing` opens
//! them to the project's tests and benchmarks, with no promise of keeping
//! them.

pub mod distance;
pub mod graph;
pub(crate) mod packed;

// Public only to the project's own tests and benchmarks (feature `testing`).
#[cfg(feature = "testing")]
pub mod bfs;
#[cfg(not(feature = "testing"))]
pub(crate) mod bfs;
#[cfg(feature = "testing")]
pub mod iddfs;
#[cfg(not(feature = "testing"))]
pub(crate) mod iddfs;
#[cfg(feature = "testing")]
pub mod near;
#[cfg(not(feature = "testing"))]
pub(crate) mod near;
#[cfg(feature = "testing")]
pub mod optimal;
#[cfg(not(feature = "testing"))]
pub(crate) mod optimal;

pub use near::{MAX_NEAR_CELLS, MIN_NEAR_CELLS, NearProgress, NearPurpose, near_seconds};
pub use optimal::{Heuristic, MAX_OPTIMAL_CELLS, check_optimal_size};

use crate::board::{Moves, Unsolvable};

/// Why a search solver did not produce a solution.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SearchError {
    /// The board is too big for this solver.
    #[error(
        "the {solver} solver handles boards of up to {max_cells} cells, and a {rows}×{cols} board has {}; the `human` solver solves every size",
        rows * cols
    )]
    TooLarge {
        /// Which solver refused.
        solver: &'static str,
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
        /// The most cells the solver takes.
        max_cells: usize,
    },
    /// The near solver takes boards of 17 to 49 cells only.
    #[error(
        "the near solver handles boards of 17 to 49 cells (3×6 up to 7×7), and a {rows}×{cols} board has {}; {}",
        rows * cols,
        if rows * cols < 17 { "the `optimal` solver finds a shortest solution" } else { "the `human` solver solves every size" }
    )]
    NearSize {
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
    },
    /// The near solver reads tables with one-byte entries only.
    #[error("the near solver reads pattern databases with one-byte entries only")]
    NearEntries,
    /// The caller asked the search to stop before it found a solution.
    #[error("the search was stopped before it found a solution")]
    Stopped,
    /// The board cannot be solved at all.
    #[error("unsolvable board: {0}")]
    Unsolvable(#[from] Unsolvable),
    /// No solution of at most this many moves exists (iterative deepening with a cap).
    #[error("no solution of at most {limit} moves")]
    DepthLimit {
        /// The largest depth tried.
        limit: u32,
    },
    /// A heuristic was built for another board shape.
    #[error("the heuristic is for a {expected_rows}×{expected_cols} board, not {rows}×{cols}")]
    WrongShape {
        /// Rows the heuristic was built for.
        expected_rows: usize,
        /// Columns the heuristic was built for.
        expected_cols: usize,
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
    },
}

/// A solution found by a search solver, with the work it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The moves, tile direction.
    pub moves: Moves,
    /// What the search did.
    pub stats: Stats,
}

/// Work counters of one search. All solvers fill `expanded`; the others are
/// zero where they mean nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// States whose successors were generated.
    pub expanded: u64,
    /// Successor states generated (the count Korf reports).
    pub generated: u64,
    /// Depth limits or f-bounds tried (iterative deepening, IDA*).
    pub iterations: u32,
}

#[cfg(test)]
mod tests;
