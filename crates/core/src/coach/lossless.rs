//! On a board whose par is exact: the soonest a line can be finished on a
//! shortest solution, so the way through it loses nothing.
//!
//! Iterative deepening on `t`, the moves that finish the line: a depth-
//! first search over paths of `t` moves, pruned where the tiles that must
//! be home cannot get there in the moves left (their Manhattan distance) or
//! where the path cannot lie on a shortest solution (moves made plus the
//! lower bound exceed par). At depth `t`, a board with every cell above and
//! left of the unsolved rectangle home is checked against the exact
//! distance: if it is par less `t`, the path loses nothing.

use std::collections::HashMap;

use crate::board::{Board, Move, Pos, Tile};
use crate::search::SearchError;
use crate::search::optimal::{self, Heuristic};

/// Boards the search may visit before it gives up, and the fewest-moves
/// way is shown instead: a few tenths of a second.
const NODE_BUDGET: u64 = 2_000_000;

/// The moves from `board` (optimal distance `par`) to the soonest board on
/// a shortest solution with every cell above row `top` or left of column
/// `left` home, or `None` when the search ran out of its budget first.
pub(super) fn lossless_way(
    board: &Board,
    top: usize,
    left: usize,
    heuristic: Heuristic<'_>,
    par: usize,
) -> Result<Option<Vec<Move>>, SearchError> {
    let cols = board.cols();
    let targets: Vec<(Tile, Pos)> = (0..board.len())
        .map(|i| Pos::new(i / cols, i % cols))
        .filter(|p| p.row < top || p.col < left)
        .map(|p| ((p.row * cols + p.col + 1) as Tile, p))
        .filter(|&(tile, _)| (tile as usize) < board.len())
        .collect();
    let mut search = Search { heuristic, par, targets, nodes: 0, distances: HashMap::new(), path: Vec::new() };
    let mut board = board.clone();
    for moves in search.still_to_go(&board)..=par {
        match search.dive(&mut board, moves, None) {
            Ok(true) => return Ok(Some(search.path)),
            Ok(false) => {}
            Err(Stop::Budget) => return Ok(None),
            Err(Stop::Search(err)) => return Err(err),
        }
    }
    Ok(None)
}

enum Stop {
    Budget,
    Search(SearchError),
}

impl From<SearchError> for Stop {
    fn from(err: SearchError) -> Stop {
        Stop::Search(err)
    }
}

struct Search<'a> {
    heuristic: Heuristic<'a>,
    par: usize,
    /// The tiles that must be home, with their homes.
    targets: Vec<(Tile, Pos)>,
    nodes: u64,
    /// Exact distances of the boards checked at full depth.
    distances: HashMap<Board, usize>,
    /// The moves made so far.
    path: Vec<Move>,
}

impl Search<'_> {
    /// The targets' Manhattan distance: the fewest moves that bring them home.
    fn still_to_go(&self, board: &Board) -> usize {
        self.targets.iter().map(|&(tile, home)| board.position_of(tile).manhattan(home)).sum()
    }

    /// Whether `moves_left` more moves from `board` finish the line on a
    /// shortest solution; the path so far is `self.path`.
    fn dive(&mut self, board: &mut Board, moves_left: usize, last: Option<Move>) -> Result<bool, Stop> {
        self.nodes += 1;
        if self.nodes > NODE_BUDGET {
            return Err(Stop::Budget);
        }
        let made = self.path.len();
        if self.still_to_go(board) > moves_left || made + optimal::estimate(board, self.heuristic)? as usize > self.par
        {
            return Ok(false);
        }
        if moves_left == 0 {
            let distance = match self.distances.get(board) {
                Some(&d) => d,
                None => {
                    let d = optimal::solve_with(board, self.heuristic, |_| {})?.moves.len();
                    self.distances.insert(board.clone(), d);
                    d
                }
            };
            return Ok(made + distance == self.par);
        }
        for mv in Move::ALL {
            if last == Some(mv.opposite()) || board.slide(mv).is_none() {
                continue;
            }
            self.path.push(mv);
            if self.dive(board, moves_left - 1, Some(mv))? {
                return Ok(true);
            }
            self.path.pop();
            board.slide(mv.opposite());
        }
        Ok(false)
    }
}
