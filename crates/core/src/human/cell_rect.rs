//! A rectangle of the board's cells, with its own cell numbers: the one
//! rectangle type of the solver (the unsolved area a line is built in, the
//! window round a stage's target, the cells an endgame is searched in).

use crate::board::{Tile, home_of};

/// Board rows `top..top + height` and columns `left..left + width`, in the
/// board's coordinates (not the grid's padded ones; a rectangle may reach
/// one cell into the padding, whose cells are locked). Its cells are
/// numbered in reading order from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct CellRect {
    pub(super) top: usize,
    pub(super) left: usize,
    pub(super) height: usize,
    pub(super) width: usize,
}

impl CellRect {
    pub(super) fn len(&self) -> usize {
        self.height * self.width
    }

    /// Rectangle row and column of a cell.
    #[inline]
    pub(super) fn coords(&self, cell: usize) -> (usize, usize) {
        (cell / self.width, cell % self.width)
    }

    #[inline]
    pub(super) fn cell(&self, row: usize, col: usize) -> usize {
        row * self.width + col
    }

    /// The rectangle's cell of a board cell (which must lie inside).
    #[inline]
    pub(super) fn cell_of(&self, row: usize, col: usize) -> usize {
        self.cell(row - self.top, col - self.left)
    }

    /// Whether the board cell lies inside.
    #[inline]
    pub(super) fn contains(&self, row: usize, col: usize) -> bool {
        (self.top..self.top + self.height).contains(&row) && (self.left..self.left + self.width).contains(&col)
    }

    /// The rectangle's cell of a tile's home on a `rows` × `cols` board
    /// (the home must lie inside).
    #[inline]
    pub(super) fn home(&self, tile: Tile, rows: usize, cols: usize) -> usize {
        let home = home_of(tile, rows, cols);
        self.cell_of(home.row, home.col)
    }
}
