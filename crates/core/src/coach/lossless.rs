//! On a board whose par is exact: the soonest a line can be finished on a
//! shortest solution, so the way through it loses nothing.
//!
//! Breadth-first over the boards `t` moves away, `t` = 0, 1, 2, …, each
//! board kept once (at the fewest moves that reach it: a board reached
//! again later is off every shortest solution through it), a board dropped
//! where it cannot lie on a shortest solution (moves made plus the lower
//! bound, updated move by move as IDA* updates it, exceed par). A board
//! `t` moves away with every cell above and left of the unsolved rectangle
//! home is at least par less `t` from the goal: when it can be solved
//! within that (one pass of IDA*'s search at that bound), the moves to it
//! lose nothing, and none fewer finish the line so.

use std::collections::HashMap;

use crate::board::{Board, Move, Pos, Tile};
use crate::search::SearchError;
use crate::search::optimal::{self, Child, Estimator, EstimatorUser, Heuristic};
use crate::search::packed::{MAX_PACKED_CELLS, NO_CELL, Packed, PackedGrid};

/// Boards the search may expand before it gives up, and the fewest-moves
/// way is shown instead: a few tenths of a second, and the boards it keeps
/// (a few times as many) some tens of megabytes.
const BOARD_BUDGET: u64 = 500_000;

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
    optimal::with_estimator(board, heuristic, Lossless { board, heuristic, par, targets })?
}

/// What the search is asked: the board, its heuristic and par, the tiles
/// that must come home.
struct Lossless<'b, 'h> {
    board: &'b Board,
    heuristic: Heuristic<'h>,
    par: usize,
    targets: Vec<(Tile, Pos)>,
}

impl EstimatorUser for Lossless<'_, '_> {
    type Out = Result<Option<Vec<Move>>, SearchError>;

    fn run<E: Estimator>(self, grid: &PackedGrid, est: &E) -> Self::Out {
        let len = grid.len();
        let start = Packed::from_board(self.board)?;
        let (cells, pos) = optimal::arrays(self.board);
        let (aux, h) = est.evaluate(&cells, &pos);
        // Each board reached, with the board and the move it was reached
        // by (the start: itself, no move).
        let mut reached: HashMap<Packed, (Packed, Option<Move>)> = HashMap::from([(start, (start, None))]);
        let mut layer = vec![(start, pos[0] as usize, aux, h)];
        let mut expanded = 0u64;
        for made in 0..=self.par {
            for &(state, ..) in &layer {
                if !self.targets_home(state) {
                    continue;
                }
                let board = Board::from_cells(self.board.rows(), self.board.cols(), state.cells(len))
                    .expect("a board of the searched shape");
                // The board is at least par less the moves made from the
                // goal (it is that many moves from a board of distance par):
                // it is on a shortest solution when it is solvable within that.
                if optimal::solvable_within(&board, self.heuristic, (self.par - made) as u32, &|| false)? {
                    return Ok(Some(path_to(&reached, state)));
                }
            }
            let mut next = Vec::new();
            for &(state, blank, aux, _) in &layer {
                expanded += 1;
                if expanded > BOARD_BUDGET {
                    return Ok(None);
                }
                let (mut cells, mut pos) = arrays_of(state, len);
                let mut children = [Child::default(); 4];
                let mut count = 0;
                for m in 0..4 {
                    let from = grid.source(blank, m);
                    if from != NO_CELL {
                        children[count] = Child { mv: m as u8, from, tile: cells[from as usize] };
                        count += 1;
                    }
                }
                let mut estimates = [(aux, 0u32); 4];
                est.children(&aux, &mut cells, &mut pos, blank, &children[..count], &mut estimates);
                for (child, (child_aux, child_h)) in children[..count].iter().zip(estimates) {
                    if made + 1 + child_h as usize > self.par {
                        continue;
                    }
                    let from = usize::from(child.from);
                    let after = state.slid(blank, from);
                    if let std::collections::hash_map::Entry::Vacant(entry) = reached.entry(after) {
                        entry.insert((state, Some(Move::ALL[child.mv as usize])));
                        next.push((after, from, child_aux, child_h));
                    }
                }
            }
            layer = next;
        }
        Ok(None)
    }
}

impl Lossless<'_, '_> {
    /// Whether every tile that must be home is home in `state`.
    fn targets_home(&self, state: Packed) -> bool {
        let cols = self.board.cols();
        self.targets.iter().all(|&(tile, home)| usize::from(state.tile(home.row * cols + home.col)) == tile as usize)
    }
}

/// The moves from the start to `state`, read back through `reached`.
fn path_to(reached: &HashMap<Packed, (Packed, Option<Move>)>, mut state: Packed) -> Vec<Move> {
    let mut moves = Vec::new();
    while let Some(&(before, Some(mv))) = reached.get(&state) {
        moves.push(mv);
        state = before;
    }
    moves.reverse();
    moves
}

/// A packed board as cell → tile and tile → cell, as the estimator reads it.
fn arrays_of(state: Packed, len: usize) -> ([u8; MAX_PACKED_CELLS], [u8; MAX_PACKED_CELLS]) {
    let mut cells = [0u8; MAX_PACKED_CELLS];
    let mut pos = [0u8; MAX_PACKED_CELLS];
    for (cell, slot) in cells.iter_mut().enumerate().take(len) {
        *slot = state.tile(cell);
        pos[*slot as usize] = cell as u8;
    }
    (cells, pos)
}
