//! The in-place IDA* loop shared by every lower bound.

use crate::board::{Board, Move, Moves};
use crate::search::packed::{MAX_PACKED_CELLS, NO_CELL, PackedGrid};
use crate::search::{Solution, Stats};

use super::pruning::{MOVE_PRUNING, MovePruning, PRUNED, PruneState};
use super::{Child, Estimator, arrays};

/// Longer than any optimal solution of a 16-cell board.
const MAX_PATH: usize = 256;

/// How often (in nodes expanded) the search asks whether to stop: rare
/// enough to cost nothing measurable, often enough to stop within a few
/// milliseconds.
const STOP_CHECK_NODES: u64 = 1 << 14;

struct Ida<'a, E: Estimator> {
    grid: &'a PackedGrid,
    pruning: &'a MovePruning,
    est: &'a E,
    cells: [u8; MAX_PACKED_CELLS],
    pos: [u8; MAX_PACKED_CELLS],
    path: [u8; MAX_PATH],
    bound: u32,
    next_bound: u32,
    stats: Stats,
    stop: &'a dyn Fn() -> bool,
    stopped: bool,
}

/// The search; `None` when `stop()` said so before a solution was found.
pub(super) fn search<E: Estimator>(
    grid: &PackedGrid,
    est: &E,
    board: &Board,
    progress: &mut dyn FnMut(u32),
    stop: &dyn Fn() -> bool,
) -> Option<Solution> {
    let (cells, pos) = arrays(board);
    let (aux, h) = est.evaluate(&cells, &pos);
    let blank = pos[0] as usize;
    let mut ida = Ida {
        grid,
        pruning: &MOVE_PRUNING,
        est,
        cells,
        pos,
        path: [0; MAX_PATH],
        bound: h,
        next_bound: u32::MAX,
        stats: Stats::default(),
        stop,
        stopped: false,
    };
    loop {
        progress(ida.bound);
        ida.stats.iterations += 1;
        ida.next_bound = u32::MAX;
        if let Some(len) = ida.dfs(blank, 0, h, aux, 0) {
            let moves = ida.path[..len].iter().map(|&m| Move::ALL[m as usize]).collect();
            return Some(Solution { moves: Moves(moves), stats: ida.stats });
        }
        if ida.stopped {
            return None;
        }
        assert!(ida.next_bound != u32::MAX && (ida.next_bound as usize) < MAX_PATH, "a solvable board has a solution");
        ida.bound = ida.next_bound;
    }
}

/// Whether `board` has a solution of at most `limit` moves, by one
/// depth-first pass at that bound (no deeper iterations: a caller that
/// knows the distance is `limit` or more needs no others); `None` when
/// `stop()` said so first.
pub(super) fn within<E: Estimator>(
    grid: &PackedGrid,
    est: &E,
    board: &Board,
    limit: u32,
    stop: &dyn Fn() -> bool,
) -> Option<bool> {
    let (cells, pos) = arrays(board);
    let (aux, h) = est.evaluate(&cells, &pos);
    if h > limit {
        return Some(false);
    }
    let blank = pos[0] as usize;
    let mut ida = Ida {
        grid,
        pruning: &MOVE_PRUNING,
        est,
        cells,
        pos,
        path: [0; MAX_PATH],
        bound: limit.min(MAX_PATH as u32 - 1),
        next_bound: u32::MAX,
        stats: Stats::default(),
        stop,
        stopped: false,
    };
    let found = ida.dfs(blank, 0, h, aux, 0).is_some();
    (!ida.stopped).then_some(found)
}

impl<E: Estimator> Ida<'_, E> {
    /// Depth-first search below a node at depth `g` with estimate `h`;
    /// returns the solution's length when one within the bound is found.
    /// `moves` is the move-pruning automaton's state after the moves so far.
    fn dfs(&mut self, blank: usize, g: u32, h: u32, aux: E::Aux, moves: PruneState) -> Option<usize> {
        if h == 0 {
            return Some(g as usize);
        }
        self.stats.expanded += 1;
        if self.stats.expanded.is_multiple_of(STOP_CHECK_NODES) && (self.stop)() {
            self.stopped = true;
            return None;
        }
        let mut children = [Child::default(); 4];
        let mut after = [0 as PruneState; 4];
        let mut count = 0;
        for m in 0..4 {
            let from = self.grid.source(blank, m);
            let state = self.pruning.step(moves, m);
            if from == NO_CELL || state == PRUNED {
                continue;
            }
            children[count] = Child { mv: m as u8, from, tile: self.cells[from as usize] };
            after[count] = state;
            count += 1;
        }
        self.stats.generated += count as u64;
        let mut estimates = [(aux, 0u32); 4];
        self.est.children(&aux, &mut self.cells, &mut self.pos, blank, &children[..count], &mut estimates);
        for i in 0..count {
            let (child, (child_aux, h_child)) = (&children[i], estimates[i]);
            let f = g + 1 + h_child;
            if f > self.bound {
                self.next_bound = self.next_bound.min(f);
                continue;
            }
            let (from, tile) = (usize::from(child.from), child.tile);
            self.cells[blank] = tile;
            self.cells[from] = 0;
            self.pos[tile as usize] = blank as u8;
            self.pos[0] = from as u8;
            self.path[g as usize] = child.mv;
            if let Some(len) = self.dfs(from, g + 1, h_child, child_aux, after[i]) {
                return Some(len);
            }
            if self.stopped {
                // The search is over: the board arrays are left as they are.
                return None;
            }
            self.cells[from] = tile;
            self.cells[blank] = 0;
            self.pos[tile as usize] = from as u8;
            self.pos[0] = blank as u8;
        }
        None
    }
}
