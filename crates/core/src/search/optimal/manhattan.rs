//! Manhattan distance plus linear conflicts, kept up to date move by move.
//!
//! Two tiles in their goal row (or column) but in the wrong order there
//! cannot both travel straight home: one must step out of the line and back,
//! two extra moves. For each line, the fewest tiles to take out so the rest
//! are in order is the line's length of tiles minus its longest increasing
//! run, and twice that is added to the Manhattan distance (Hansson, Mayer and
//! Yung, 1992). A slide changes only the moved tile's distance and the two
//! lines it leaves and enters, so a child's estimate costs a few steps.

use super::{Child, Estimator};
use crate::search::packed::{MAX_PACKED_CELLS, PackedGrid};

const MAX_LINES: usize = 8;

/// Manhattan distance plus linear conflicts for one board shape.
#[derive(Clone, Debug)]
pub(crate) struct ManhattanConflicts {
    rows: usize,
    cols: usize,
    /// `distance[tile][cell]`: steps from the cell to the tile's home.
    distance: [[u8; MAX_PACKED_CELLS]; MAX_PACKED_CELLS],
}

/// Per-node values: the distance sum and each line's conflict penalty.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LineState {
    manhattan: u16,
    conflicts: u16,
    rows: [u8; MAX_LINES],
    cols: [u8; MAX_LINES],
}

impl ManhattanConflicts {
    pub(crate) fn new(grid: &PackedGrid) -> Self {
        let (rows, cols) = (grid.rows(), grid.cols());
        let mut distance = [[0u8; MAX_PACKED_CELLS]; MAX_PACKED_CELLS];
        for (tile, row) in distance.iter_mut().enumerate().take(rows * cols).skip(1) {
            let home = tile - 1;
            for (cell, d) in row.iter_mut().enumerate().take(rows * cols) {
                *d = ((cell / cols).abs_diff(home / cols) + (cell % cols).abs_diff(home % cols)) as u8;
            }
        }
        ManhattanConflicts { rows, cols, distance }
    }

    /// Penalty of row `r`: tiles whose home is in this row, by goal column.
    fn row_conflicts(&self, cells: &[u8; MAX_PACKED_CELLS], r: usize) -> u8 {
        let mut run = [0u8; MAX_LINES];
        let mut k = 0;
        for c in 0..self.cols {
            let t = cells[r * self.cols + c] as usize;
            if t != 0 && (t - 1) / self.cols == r {
                run[k] = ((t - 1) % self.cols) as u8;
                k += 1;
            }
        }
        2 * (k - longest_increasing(&run[..k])) as u8
    }

    /// Penalty of column `c`: tiles whose home is in this column, by goal row.
    fn col_conflicts(&self, cells: &[u8; MAX_PACKED_CELLS], c: usize) -> u8 {
        let mut run = [0u8; MAX_LINES];
        let mut k = 0;
        for r in 0..self.rows {
            let t = cells[r * self.cols + c] as usize;
            if t != 0 && (t - 1) % self.cols == c {
                run[k] = ((t - 1) / self.cols) as u8;
                k += 1;
            }
        }
        2 * (k - longest_increasing(&run[..k])) as u8
    }
}

/// Length of the longest strictly increasing subsequence of a short slice.
fn longest_increasing(values: &[u8]) -> usize {
    let mut tails = [0u8; MAX_LINES];
    let mut len = 0;
    for &v in values {
        let at = tails[..len].partition_point(|&t| t < v);
        tails[at] = v;
        if at == len {
            len += 1;
        }
    }
    len
}

impl Estimator for ManhattanConflicts {
    type Aux = LineState;

    fn evaluate(&self, cells: &[u8; MAX_PACKED_CELLS], _pos: &[u8; MAX_PACKED_CELLS]) -> (LineState, u32) {
        let mut s = LineState { manhattan: 0, conflicts: 0, rows: [0; MAX_LINES], cols: [0; MAX_LINES] };
        for (cell, &t) in cells.iter().enumerate().take(self.rows * self.cols) {
            s.manhattan += u16::from(self.distance[t as usize][cell]);
        }
        for r in 0..self.rows {
            s.rows[r] = self.row_conflicts(cells, r);
            s.conflicts += u16::from(s.rows[r]);
        }
        for c in 0..self.cols {
            s.cols[c] = self.col_conflicts(cells, c);
            s.conflicts += u16::from(s.cols[c]);
        }
        (s, u32::from(s.manhattan + s.conflicts))
    }

    fn children(
        &self,
        s: &LineState,
        cells: &mut [u8; MAX_PACKED_CELLS],
        _pos: &mut [u8; MAX_PACKED_CELLS],
        blank: usize,
        children: &[Child],
        out: &mut [(LineState, u32)],
    ) {
        for (child, slot) in children.iter().zip(out) {
            let from = usize::from(child.from);
            cells[blank] = child.tile;
            cells[from] = 0;
            let mut state = *s;
            let h = self.update(&mut state, cells, child.tile, from, blank);
            cells[from] = child.tile;
            cells[blank] = 0;
            *slot = (state, h);
        }
    }
}

impl ManhattanConflicts {
    /// The estimate after `tile` slid from `from` to `to` (`cells` already
    /// shows the move): the moved tile's distance and the two lines it left
    /// and entered.
    #[inline]
    fn update(&self, s: &mut LineState, cells: &[u8; MAX_PACKED_CELLS], tile: u8, from: usize, to: usize) -> u32 {
        let d = &self.distance[tile as usize];
        s.manhattan = s.manhattan + u16::from(d[to]) - u16::from(d[from]);
        let (fr, fc, tr, tc) = (from / self.cols, from % self.cols, to / self.cols, to % self.cols);
        if fr == tr {
            // Horizontal: the tile leaves column fc and enters column tc.
            for c in [fc, tc] {
                let new = self.col_conflicts(cells, c);
                s.conflicts = s.conflicts + u16::from(new) - u16::from(s.cols[c]);
                s.cols[c] = new;
            }
        } else {
            for r in [fr, tr] {
                let new = self.row_conflicts(cells, r);
                s.conflicts = s.conflicts + u16::from(new) - u16::from(s.rows[r]);
                s.rows[r] = new;
            }
        }
        u32::from(s.manhattan + s.conflicts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn longest_runs() {
        assert_eq!(longest_increasing(&[]), 0);
        assert_eq!(longest_increasing(&[3, 2, 1, 0]), 1);
        assert_eq!(longest_increasing(&[0, 2, 1, 3]), 3);
    }

    #[test]
    fn a_reversed_pair_costs_two_more() {
        let grid = PackedGrid::new(3, 3).unwrap();
        let est = ManhattanConflicts::new(&grid);
        let mut cells = [0u8; 16];
        for (i, t) in [2, 1, 3, 4, 5, 6, 7, 8, 0].into_iter().enumerate() {
            cells[i] = t;
        }
        let (_, h) = est.evaluate(&cells, &[0; 16]);
        assert_eq!(h, 2 + 2);
    }
}
