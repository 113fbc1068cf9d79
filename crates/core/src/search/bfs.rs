//! Breadth-first search for boards of up to 10 cells.
//!
//! States are packed into a `u64` and ranked into `0..n!`; the visited
//! set is one byte per rank in a flat table that also remembers the move that
//! reached each state, so the solution is read back without a parent map.
//! [`solve_with_pathfinding`] is the same search through
//! `pathfinding::directed::bfs`, kept as the yardstick: the packed search is
//! several times faster on the whole 3×3 graph (see the benches).
//!
//! ```
//! # // The searches' own modules are public with the feature `testing`.
//! # #[cfg(feature = "testing")] {
//! use fifteen_core::{Board, search::bfs};
//! let board: Board = "1 2 3\n4 5 6\n_ 7 8".parse().unwrap();
//! let solution = bfs::solve(&board).unwrap();
//! assert_eq!(solution.moves.to_string(), "LL");
//!
//! let graph = bfs::distances_from_goal(3, 3).unwrap();
//! assert_eq!(graph.reached(), 181_440);
//! assert_eq!(graph.max_distance(), 31);
//! # }
//! ```

use crate::board::{Board, Move, Moves};
use crate::deadline::Deadline;

use super::packed::{NO_CELL, Packed, PackedGrid, factorial, move_between, move_index};
use super::{SearchError, Solution, Stats};

/// The most cells the breadth-first solver takes: 10! states fit a 3.6 MB table.
pub(crate) const MAX_BFS_CELLS: usize = 10;

/// Marks an unreached state in [`Distances::table`].
pub(crate) const UNREACHED: u8 = u8::MAX;

const BLANK_SHIFT: u32 = 60;

fn check_size(rows: usize, cols: usize, solver: &'static str) -> Result<PackedGrid, SearchError> {
    if rows * cols > MAX_BFS_CELLS {
        return Err(SearchError::TooLarge { solver, rows, cols, max_cells: MAX_BFS_CELLS });
    }
    PackedGrid::new(rows, cols)
}

#[inline]
fn with_blank(state: Packed, blank: usize) -> u64 {
    state.0 | ((blank as u64) << BLANK_SHIFT)
}

#[inline]
fn split(entry: u64) -> (Packed, usize) {
    (Packed(entry & ((1 << BLANK_SHIFT) - 1)), (entry >> BLANK_SHIFT) as usize)
}

#[cfg_attr(not(feature = "testing"), allow(dead_code))]
/// A shortest solution by breadth-first search from the board to the goal.
///
/// Fails for boards of more than `MAX_BFS_CELLS` cells and unsolvable boards.
pub fn solve(board: &Board) -> Result<Solution, SearchError> {
    solve_until(board, &Deadline::NONE)
}

/// How often (in states expanded) the search asks whether its deadline is
/// over.
const STOP_CHECK_STATES: u64 = 1 << 14;

/// [`solve`], giving up with [`SearchError::Stopped`] once `deadline` is
/// over.
pub(crate) fn solve_until(board: &Board, deadline: &Deadline) -> Result<Solution, SearchError> {
    let grid = check_size(board.rows(), board.cols(), "bfs")?;
    board.check_solvable()?;
    let len = grid.len();
    let start = Packed::from_board(board)?;
    let goal = Packed::goal(len);
    let mut stats = Stats::default();
    if start == goal {
        return Ok(Solution { moves: Moves::default(), stats });
    }
    // reached[rank]: 0 unseen, 1..=4 the move (index + 1) that reached it, 5 the start.
    let mut reached = vec![0u8; factorial(len) as usize];
    reached[start.rank(len) as usize] = 5;
    let mut queue = Vec::with_capacity(1 << 16);
    queue.push(with_blank(start, start.blank(len)));
    let mut head = 0;
    while head < queue.len() {
        let (state, blank) = split(queue[head]);
        head += 1;
        stats.expanded += 1;
        if stats.expanded.is_multiple_of(STOP_CHECK_STATES) && deadline.is_over() {
            return Err(SearchError::Stopped);
        }
        for m in 0..4 {
            let from = grid.source(blank, m);
            if from == NO_CELL {
                continue;
            }
            let next = state.slid(blank, from as usize);
            let rank = next.rank(len) as usize;
            if reached[rank] != 0 {
                continue;
            }
            stats.generated += 1;
            reached[rank] = m as u8 + 1;
            if next == goal {
                return Ok(Solution { moves: read_back(&grid, &reached, next), stats });
            }
            queue.push(with_blank(next, from as usize));
        }
    }
    unreachable!("a solvable board reaches the goal")
}

/// Follows the reaching moves from `end` back to the start.
fn read_back(grid: &PackedGrid, reached: &[u8], end: Packed) -> Moves {
    let len = grid.len();
    let mut moves = Vec::new();
    let mut state = end;
    let mut blank = end.blank(len);
    loop {
        let code = reached[state.rank(len) as usize];
        if code == 5 {
            break;
        }
        let mv = Move::ALL[code as usize - 1];
        moves.push(mv);
        let back = grid.source(blank, move_index(mv.opposite())) as usize;
        state = state.slid(blank, back);
        blank = back;
    }
    moves.reverse();
    Moves(moves)
}

#[cfg_attr(not(feature = "testing"), allow(dead_code))]
/// The same search through `pathfinding::directed::bfs` on packed states
/// (its visited set is a hash map). Kept to measure against [`solve`].
///
/// ```
/// # // The searches' own modules are public with the feature `testing`.
/// # #[cfg(feature = "testing")] {
/// use fifteen_core::{Board, search::bfs};
/// let board: Board = "4 1 3\n7 2 6\n_ 5 8".parse().unwrap();
/// let ours = bfs::solve(&board).unwrap();
/// let theirs = bfs::solve_with_pathfinding(&board).unwrap();
/// assert_eq!(ours.moves.len(), theirs.moves.len());
/// # }
/// ```
pub fn solve_with_pathfinding(board: &Board) -> Result<Solution, SearchError> {
    let grid = check_size(board.rows(), board.cols(), "bfs")?;
    board.check_solvable()?;
    let len = grid.len();
    let start = with_blank(Packed::from_board(board)?, board.blank().row * board.cols() + board.blank().col);
    let goal = with_blank(Packed::goal(len), len - 1);
    let mut stats = Stats::default();
    let path = pathfinding::directed::bfs::bfs(
        &start,
        |&entry| {
            stats.expanded += 1;
            let (state, blank) = split(entry);
            let mut out = [None; 4];
            for (slot, (_, next, nb)) in out.iter_mut().zip(grid.successors(state, blank)) {
                *slot = Some(with_blank(next, nb));
            }
            out.into_iter().flatten()
        },
        |&entry| entry == goal,
    )
    .expect("a solvable board reaches the goal");
    let moves = path
        .windows(2)
        .map(|w| move_between(&grid, split(w[0]).1, split(w[1]).1).expect("consecutive states are one slide apart"))
        .collect();
    Ok(Solution { moves, stats })
}

/// Distances from the goal to every arrangement of a small board: the whole
/// breadth-first pass the state graph and the tests are built on.
#[derive(Clone, Debug)]
pub struct Distances {
    grid: PackedGrid,
    table: Vec<u8>,
    histogram: Vec<u64>,
}

impl Distances {
    /// The board's shape.
    pub(crate) fn grid(&self) -> &PackedGrid {
        &self.grid
    }

    /// Distance of each arrangement (by [`Packed::rank`]), [`UNREACHED`] for
    /// the half the goal cannot reach.
    pub(crate) fn table(&self) -> &[u8] {
        &self.table
    }

    /// How many arrangements lie at each distance, from 0.
    pub(crate) fn histogram(&self) -> &[u64] {
        &self.histogram
    }

    /// Arrangements reachable from the goal.
    pub fn reached(&self) -> u64 {
        self.histogram.iter().sum()
    }

    #[cfg_attr(not(feature = "testing"), allow(dead_code))]
    /// The largest distance from the goal.
    pub fn max_distance(&self) -> u32 {
        self.histogram.len() as u32 - 1
    }

    #[cfg_attr(not(feature = "testing"), allow(dead_code))]
    /// The length of a shortest solution of a board of this shape, `None`
    /// if it cannot be solved.
    pub fn distance(&self, board: &Board) -> Option<u32> {
        let packed = Packed::from_board(board).ok()?;
        match self.table[packed.rank(self.grid.len()) as usize] {
            UNREACHED => None,
            d => Some(u32::from(d)),
        }
    }
}

/// Breadth-first search from the goal over every arrangement of a rows × cols
/// board of at most `MAX_BFS_CELLS` cells.
pub fn distances_from_goal(rows: usize, cols: usize) -> Result<Distances, SearchError> {
    let grid = check_size(rows, cols, "bfs")?;
    let len = grid.len();
    let mut table = vec![UNREACHED; factorial(len) as usize];
    let goal = Packed::goal(len);
    table[goal.rank(len) as usize] = 0;
    let mut histogram = vec![1u64];
    let mut frontier = vec![with_blank(goal, len - 1)];
    let mut next = Vec::new();
    let mut depth = 0u8;
    while !frontier.is_empty() {
        depth += 1;
        for &entry in &frontier {
            let (state, blank) = split(entry);
            for m in 0..4 {
                let from = grid.source(blank, m);
                if from == NO_CELL {
                    continue;
                }
                let child = state.slid(blank, from as usize);
                let slot = &mut table[child.rank(len) as usize];
                if *slot == UNREACHED {
                    *slot = depth;
                    next.push(with_blank(child, from as usize));
                }
            }
        }
        if !next.is_empty() {
            histogram.push(next.len() as u64);
        }
        std::mem::swap(&mut frontier, &mut next);
        next.clear();
    }
    Ok(Distances { grid, table, histogram })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_small_facts() {
        let d = distances_from_goal(2, 2).unwrap();
        assert_eq!(d.histogram(), &[1, 2, 2, 2, 2, 2, 1], "the 2×2 goal component is a 12-cycle");
        let d = distances_from_goal(2, 3).unwrap();
        assert_eq!(d.reached(), 360);
        assert_eq!(d.max_distance(), 21);
    }

    #[test]
    fn bfs_and_pathfinding_agree_with_the_table() {
        let d = distances_from_goal(3, 3).unwrap();
        for seed in 0..20 {
            let board = Board::scrambled(3, 3, crate::Scramble::Uniform, seed).unwrap();
            let ours = solve(&board).unwrap();
            let theirs = solve_with_pathfinding(&board).unwrap();
            assert_eq!(Some(ours.moves.len() as u32), d.distance(&board));
            assert_eq!(ours.moves.len(), theirs.moves.len());
            for moves in [ours.moves, theirs.moves] {
                let mut replay = board.clone();
                replay.apply(&moves).unwrap();
                assert!(replay.is_solved());
            }
        }
    }

    #[test]
    fn too_large_and_unsolvable_are_refused() {
        let big = Board::goal(3, 4).unwrap();
        assert!(matches!(solve(&big), Err(SearchError::TooLarge { max_cells: 10, .. })));
        let swapped: Board = "2 1 3\n4 5 6\n7 8 _".parse().unwrap();
        assert!(matches!(solve(&swapped), Err(SearchError::Unsolvable(_))));
    }
}
