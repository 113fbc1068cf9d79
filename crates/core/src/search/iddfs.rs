//! Iterative deepening depth-first search.
//!
//! Try every sequence of at most N slides, depth first, never undoing the
//! previous slide; if none solves the board, try N + 1. Moves are tried in
//! a fixed order (up, left, down, right, tile direction), so the first
//! solution found is always the same one. Starting from N = 0 (the default) makes the
//! first solution a shortest one. Each new limit is reported to a callback;
//! the command prints it (`Attempting to solve in at most
//! 18 moves...`).
//!
//! ```
//! # // The searches' own modules are public with the feature `testing`.
//! # #[cfg(feature = "testing")] {
//! use fifteen_core::{Board, search::iddfs};
//! let board: Board = "1 2 3\n4 _ 6\n7 5 8".parse().unwrap();
//! let mut limits_tried = Vec::new();
//! let solution = iddfs::solve(&board, iddfs::Limits::default(), |n| limits_tried.push(n)).unwrap();
//! assert_eq!(solution.moves.to_string(), "UL");
//! assert_eq!(limits_tried, [0, 1, 2]);
//! # }
//! ```

use crate::board::{Board, Move, Moves};
use crate::deadline::Deadline;

use super::optimal::{Estimator, ManhattanConflicts, arrays};
use super::packed::{MAX_PACKED_CELLS, NO_CELL, Packed, PackedGrid, move_index};
use super::{SearchError, Solution, Stats};

/// The order moves are tried in: up, left, down, right.
const MOVE_ORDER: [Move; 4] = [Move::Up, Move::Left, Move::Down, Move::Right];

/// The depth limits to try, first and last (both inclusive).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The first limit (0 guarantees a shortest solution).
    pub start: u32,
    /// Give up after this limit.
    pub max: u32,
}

impl Default for Limits {
    /// From 0 up to 200 moves.
    fn default() -> Self {
        Limits { start: 0, max: 200 }
    }
}

#[cfg_attr(not(feature = "testing"), allow(dead_code))]
/// Solves a board of up to 16 cells by iterative deepening, calling
/// `progress(limit)` before each round.
///
/// The solution is a shortest one when `limits.start` is 0 (or no more than
/// the optimal length). Fails with [`SearchError::DepthLimit`] when no
/// solution of at most `limits.max` moves exists.
pub fn solve(board: &Board, limits: Limits, progress: impl FnMut(u32)) -> Result<Solution, SearchError> {
    solve_until(board, limits, progress, &Deadline::NONE)
}

/// [`solve`], giving up with [`SearchError::Stopped`] once `deadline` is
/// over (asked every [`STOP_CHECK_NODES`] nodes).
pub(crate) fn solve_until(
    board: &Board,
    limits: Limits,
    mut progress: impl FnMut(u32),
    deadline: &Deadline,
) -> Result<Solution, SearchError> {
    check_size(board)?;
    board.check_solvable()?;
    let grid = PackedGrid::new(board.rows(), board.cols())?;
    let start = Packed::from_board(board)?;
    let mut search = IddfsSearch {
        grid,
        goal: Packed::goal(board.len()),
        path: Vec::with_capacity(limits.max.min(1024) as usize),
        stats: Stats::default(),
        order: MOVE_ORDER.map(move_index),
        deadline,
        stopped: false,
    };
    let blank = start.blank(board.len());
    for limit in limits.start..=limits.max {
        progress(limit);
        search.stats.iterations += 1;
        if search.attempt(start, blank, limit, None) {
            return Ok(Solution { moves: Moves(search.path), stats: search.stats });
        }
        if search.stopped {
            return Err(SearchError::Stopped);
        }
    }
    Err(SearchError::DepthLimit { limit: limits.max })
}

/// A lower bound on the moves `board` needs: its Manhattan distance plus
/// linear conflicts, the estimate the optimal solver starts from. Iterative
/// deepening must search every limit below the answer, so this says up
/// front how deep it will have to go.
///
/// ```
/// # // The searches' own modules are public with the feature `testing`.
/// # #[cfg(feature = "testing")] {
/// use fifteen_core::{Board, search::iddfs};
/// // 2 and 1 are in their home row but swapped: one must step out and back.
/// let board: Board = "2 1 3\n4 5 6\n7 8 _".parse().unwrap();
/// assert_eq!(iddfs::lower_bound(&board).unwrap(), 4);
/// # }
/// ```
pub fn lower_bound(board: &Board) -> Result<u32, SearchError> {
    check_size(board)?;
    let grid = PackedGrid::new(board.rows(), board.cols())?;
    let (cells, pos) = arrays(board);
    Ok(ManhattanConflicts::new(&grid).evaluate(&cells, &pos).1)
}

/// Refuses boards over 16 cells, which do not pack into a `u64`.
fn check_size(board: &Board) -> Result<(), SearchError> {
    if board.len() > MAX_PACKED_CELLS {
        return Err(SearchError::TooLarge {
            solver: "iddfs",
            rows: board.rows(),
            cols: board.cols(),
            max_cells: MAX_PACKED_CELLS,
        });
    }
    Ok(())
}

/// How often (in nodes expanded) the search asks whether its deadline is
/// over: rare enough to cost nothing, often enough to stop within
/// milliseconds.
const STOP_CHECK_NODES: u64 = 1 << 14;

struct IddfsSearch<'a> {
    grid: PackedGrid,
    goal: Packed,
    path: Vec<Move>,
    stats: Stats,
    order: [usize; 4],
    deadline: &'a Deadline,
    /// Set once the deadline was found over: every level unwinds.
    stopped: bool,
}

impl IddfsSearch<'_> {
    /// True when `state` can be solved in at most
    /// `remaining` moves, leaving those moves in `path`.
    fn attempt(&mut self, state: Packed, blank: usize, remaining: u32, previous: Option<usize>) -> bool {
        if state == self.goal {
            return true;
        }
        if remaining == 0 || self.stopped {
            return false;
        }
        self.stats.expanded += 1;
        if self.stats.expanded.is_multiple_of(STOP_CHECK_NODES) && self.deadline.is_over() {
            self.stopped = true;
            return false;
        }
        for m in self.order {
            // Never undo the previous slide (the opposite move index is m ^ 1).
            if previous == Some(m ^ 1) {
                continue;
            }
            let from = self.grid.source(blank, m);
            if from == NO_CELL {
                continue;
            }
            self.stats.generated += 1;
            self.path.push(Move::ALL[m]);
            if self.attempt(state.slid(blank, from as usize), from as usize, remaining - 1, Some(m)) {
                return true;
            }
            self.path.pop();
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opposite_move_indices_differ_in_the_last_bit() {
        for mv in Move::ALL {
            assert_eq!(move_index(mv) ^ 1, move_index(mv.opposite()));
        }
    }

    #[test]
    fn an_18_move_board_is_solved_after_trying_limits_10_to_18() {
        // A board 18 moves from the goal, searched from limit 10: limits 10 to 18 are tried.
        let board: Board = "7 1 3 4\n2 5 10 8\n_ 6 9 11\n13 14 15 12".parse().unwrap();
        let mut tried = Vec::new();
        let solution = solve(&board, Limits { start: 10, max: 30 }, |n| tried.push(n)).unwrap();
        assert_eq!(tried, (10..=18).collect::<Vec<_>>());
        let words: Vec<&str> = solution.moves.iter().map(|m| m.word()).collect();
        assert_eq!(
            words.join(", "),
            "left, down, right, down, left, up, right, up, left, left, down, right, right, up, left, left, left, up"
        );
    }

    #[test]
    fn a_cap_below_the_answer_is_reported() {
        let board = Board::scrambled(3, 3, crate::Scramble::Walk(12), 4).unwrap();
        let shortest = super::super::bfs::solve(&board).unwrap().moves.len() as u32;
        assert!(shortest > 2);
        let err = solve(&board, Limits { start: 0, max: shortest - 1 }, |_| {}).unwrap_err();
        assert_eq!(err, SearchError::DepthLimit { limit: shortest - 1 });
    }
}
