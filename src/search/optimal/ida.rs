//! The in-place IDA* loop shared by every lower bound.

use crate::board::{Board, Move, Moves};
use crate::search::packed::{Grid, MAX_PACKED_CELLS, NO_CELL};
use crate::search::{Solution, Stats};

use super::{Estimator, arrays};

/// Longer than any optimal solution of a 16-cell board.
const MAX_PATH: usize = 256;
const NO_MOVE: usize = 4;

struct Ida<'a, E: Estimator> {
    grid: &'a Grid,
    est: &'a E,
    cells: [u8; MAX_PACKED_CELLS],
    pos: [u8; MAX_PACKED_CELLS],
    path: [u8; MAX_PATH],
    bound: u32,
    next_bound: u32,
    stats: Stats,
}

pub(super) fn search<E: Estimator>(grid: &Grid, est: &E, board: &Board, progress: &mut dyn FnMut(u32)) -> Solution {
    let (cells, pos) = arrays(board);
    let (aux, h) = est.evaluate(&cells, &pos);
    let blank = pos[0] as usize;
    let mut ida =
        Ida { grid, est, cells, pos, path: [0; MAX_PATH], bound: h, next_bound: u32::MAX, stats: Stats::default() };
    loop {
        progress(ida.bound);
        ida.stats.iterations += 1;
        ida.next_bound = u32::MAX;
        if let Some(len) = ida.dfs(blank, 0, h, aux, NO_MOVE) {
            let moves = ida.path[..len].iter().map(|&m| Move::ALL[m as usize]).collect();
            return Solution { moves: Moves(moves), stats: ida.stats };
        }
        assert!(ida.next_bound != u32::MAX && (ida.next_bound as usize) < MAX_PATH, "a solvable board has a solution");
        ida.bound = ida.next_bound;
    }
}

impl<E: Estimator> Ida<'_, E> {
    /// Depth-first search below a node at depth `g` with estimate `h`;
    /// returns the solution's length when one within the bound is found.
    fn dfs(&mut self, blank: usize, g: u32, h: u32, aux: E::Aux, previous: usize) -> Option<usize> {
        if h == 0 {
            return Some(g as usize);
        }
        self.stats.expanded += 1;
        let budget = self.bound - g - 1;
        for m in 0..4 {
            // The opposite of move m is m ^ 1 (U D L R): never undo the last move.
            if m == previous ^ 1 {
                continue;
            }
            let from = self.grid.source(blank, m);
            if from == NO_CELL {
                continue;
            }
            let from = from as usize;
            let tile = self.cells[from];
            self.cells[blank] = tile;
            self.cells[from] = 0;
            self.pos[tile as usize] = blank as u8;
            self.pos[0] = from as u8;
            self.stats.generated += 1;
            let mut child = aux;
            let h_child = self.est.update(&mut child, &self.cells, &self.pos, tile, from, blank, budget);
            let f = g + 1 + h_child;
            if f <= self.bound {
                self.path[g as usize] = m as u8;
                if let Some(len) = self.dfs(from, g + 1, h_child, child, m) {
                    return Some(len);
                }
            } else if f < self.next_bound {
                self.next_bound = f;
            }
            self.cells[from] = tile;
            self.cells[blank] = 0;
            self.pos[tile as usize] = from as u8;
            self.pos[0] = blank as u8;
        }
        None
    }
}
