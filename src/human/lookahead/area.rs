//! The unsolved rectangle a line is built in, with its own cell numbers.

use crate::board::{Tile, home_of};

/// The unsolved rectangle: board rows `top..top + height`, columns
/// `left..left + width`; its cells are numbered in reading order from 0.
#[derive(Clone, Copy, Debug)]
pub(super) struct Area {
    pub(super) top: usize,
    pub(super) left: usize,
    pub(super) height: usize,
    pub(super) width: usize,
    /// The whole board's shape, for tiles' homes.
    pub(super) rows: usize,
    pub(super) cols: usize,
}

impl Area {
    pub(super) fn len(&self) -> usize {
        self.height * self.width
    }

    /// Area row and column of a cell.
    #[inline]
    pub(super) fn coords(&self, cell: usize) -> (usize, usize) {
        (cell / self.width, cell % self.width)
    }

    #[inline]
    pub(super) fn cell(&self, row: usize, col: usize) -> usize {
        row * self.width + col
    }

    /// The area cell of a board cell (which must lie inside).
    #[inline]
    pub(super) fn cell_of(&self, row: usize, col: usize) -> usize {
        self.cell(row - self.top, col - self.left)
    }

    #[inline]
    pub(super) fn distance(&self, a: usize, b: usize) -> usize {
        let (ar, ac) = self.coords(a);
        let (br, bc) = self.coords(b);
        ar.abs_diff(br) + ac.abs_diff(bc)
    }

    /// The area cell of a tile's home (every unsolved tile's home is inside).
    #[inline]
    pub(super) fn home(&self, tile: Tile) -> usize {
        let home = home_of(tile, self.rows, self.cols);
        self.cell_of(home.row, home.col)
    }
}
