//! The puzzle itself: a rectangle of numbered tiles and one blank.
//!
//! [`Board`] knows how tiles slide and nothing about how to solve it. It keeps
//! a tile→position index beside the cells, so "where is tile 7?" costs O(1),
//! which every solver relies on.

mod line;
mod move_text;
mod moves;
mod parity;
mod parse;
mod replay;
mod scramble;

use std::fmt;

pub use line::{BoardLine, BoardLineError};
pub use move_text::ReplayError;
pub use moves::{Move, MoveNotation, Moves, ParseMoveError};
pub use parity::Unsolvable;
pub use parse::ParseBoardError;
pub use replay::Replay;
pub use scramble::Scramble;

/// A tile number. `0` is the blank; tiles are `1..rows*cols`.
pub type Tile = u32;

/// The blank, as stored in a board's cells.
pub const BLANK: Tile = 0;

/// The largest number of cells a board may have (tiles are `u32`).
pub(crate) const MAX_CELLS: usize = u32::MAX as usize;

/// A cell of the board, counted from the top-left corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct Pos {
    /// Row, 0 at the top.
    pub row: usize,
    /// Column, 0 at the left.
    pub col: usize,
}

impl Pos {
    /// A position from its row and column.
    pub const fn new(row: usize, col: usize) -> Self {
        Pos { row, col }
    }

    /// Taxicab distance: the number of single steps between two cells.
    ///
    /// ```
    /// use fifteen_core::Pos;
    /// assert_eq!(Pos::new(0, 0).manhattan(Pos::new(2, 3)), 5);
    /// ```
    pub fn manhattan(self, other: Pos) -> usize {
        self.row.abs_diff(other.row) + self.col.abs_diff(other.col)
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.row, self.col)
    }
}

/// A board's shape could not be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SizeError {
    /// Fewer than two rows or columns: nothing can be rearranged.
    #[error("a board needs at least 2 rows and 2 columns, not {rows}×{cols}")]
    TooSmall {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// More cells than tile numbers can name.
    #[error("a {rows}×{cols} board has more cells than fifteen supports ({MAX_CELLS})")]
    TooLarge {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
}

/// A slide that the board does not allow.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {index} ({mv}) is illegal: no tile can slide {word} into the blank at {blank}", word = mv.word())]
pub struct IllegalMove {
    /// Position of the move in the list, from 1.
    pub index: usize,
    /// The move.
    pub mv: Move,
    /// Where the blank was.
    pub blank: Pos,
}

/// A rows × cols sliding-tile puzzle.
///
/// The goal has tiles `1..rows*cols` in reading order and the blank in the
/// bottom-right corner. Boards print as an aligned grid and parse back from it:
///
/// ```
/// use fifteen_core::Board;
/// let board: Board = "1 2 3\n4 5 6\n7 _ 8".parse().unwrap();
/// assert_eq!(board.to_string(), " 1  2  3\n 4  5  6\n 7 __  8\n");
/// assert_eq!(board.to_string().parse::<Board>().unwrap(), board);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    rows: usize,
    cols: usize,
    /// Tile in each cell, reading order.
    cells: Vec<Tile>,
    /// Cell index of each tile; `at[0]` is the blank.
    at: Vec<u32>,
}

impl Board {
    /// The solved board of the given shape.
    ///
    /// ```
    /// use fifteen_core::Board;
    /// let goal = Board::goal(2, 3).unwrap();
    /// assert_eq!(goal.cells(), &[1, 2, 3, 4, 5, 0]);
    /// assert!(goal.is_solved());
    /// ```
    pub fn goal(rows: usize, cols: usize) -> Result<Board, SizeError> {
        let len = check_size(rows, cols)?;
        let mut cells: Vec<Tile> = (1..=len as Tile).collect();
        cells[len - 1] = BLANK;
        Ok(Board::from_valid_cells(rows, cols, cells))
    }

    /// A board from its cells in reading order (`0` is the blank).
    ///
    /// Fails unless the cells hold each of `0..rows*cols` exactly once.
    ///
    /// ```
    /// use fifteen_core::Board;
    /// let board = Board::from_cells(2, 2, vec![3, 1, 0, 2]).unwrap();
    /// assert_eq!(board.position_of(3), fifteen_core::Pos::new(0, 0));
    /// assert!(Board::from_cells(2, 2, vec![3, 3, 0, 2]).is_err());
    /// ```
    pub fn from_cells(rows: usize, cols: usize, cells: Vec<Tile>) -> Result<Board, ParseBoardError> {
        parse::validate(rows, cols, cells, None)
    }

    /// Builds a board from cells already known to be a permutation.
    fn from_valid_cells(rows: usize, cols: usize, cells: Vec<Tile>) -> Board {
        let mut at = vec![0u32; cells.len()];
        for (index, &tile) in cells.iter().enumerate() {
            at[tile as usize] = index as u32;
        }
        Board { rows, cols, cells, at }
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Number of cells, blank included.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: a board has at least four cells. Present for clippy's sake.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The cells in reading order, `0` for the blank.
    pub fn cells(&self) -> &[Tile] {
        &self.cells
    }

    /// The tile at a cell (`0` for the blank).
    pub fn tile_at(&self, pos: Pos) -> Tile {
        self.cells[pos.row * self.cols + pos.col]
    }

    /// Where a tile is now (`0` asks for the blank).
    pub fn position_of(&self, tile: Tile) -> Pos {
        self.pos_of_index(self.at[tile as usize] as usize)
    }

    /// Where the blank is.
    pub fn blank(&self) -> Pos {
        self.position_of(BLANK)
    }

    /// Where a tile belongs in the goal (`0`: the bottom-right corner).
    ///
    /// ```
    /// use fifteen_core::{Board, Pos};
    /// let board = Board::goal(4, 4).unwrap();
    /// assert_eq!(board.home_of(7), Pos::new(1, 2));
    /// assert_eq!(board.home_of(0), Pos::new(3, 3));
    /// ```
    pub fn home_of(&self, tile: Tile) -> Pos {
        home_of(tile, self.rows, self.cols)
    }

    fn pos_of_index(&self, index: usize) -> Pos {
        Pos::new(index / self.cols, index % self.cols)
    }

    /// True when every tile is home.
    pub fn is_solved(&self) -> bool {
        let last = self.cells.len() - 1;
        self.cells[last] == BLANK && self.cells[..last].iter().enumerate().all(|(i, &t)| t as usize == i + 1)
    }

    /// The cell the blank would move to for this slide, if it is on the board.
    fn target_of(&self, mv: Move) -> Option<usize> {
        let blank = self.at[0] as usize;
        let (row, col) = (blank / self.cols, blank % self.cols);
        let (dr, dc) = mv.blank_step();
        let row = row.checked_add_signed(dr).filter(|&r| r < self.rows)?;
        let col = col.checked_add_signed(dc).filter(|&c| c < self.cols)?;
        Some(row * self.cols + col)
    }

    /// Whether a tile can slide this way into the blank.
    pub fn can_slide(&self, mv: Move) -> bool {
        self.target_of(mv).is_some()
    }

    /// The moves allowed now, in `U D L R` order.
    pub fn legal_moves(&self) -> impl Iterator<Item = Move> + '_ {
        Move::ALL.into_iter().filter(|&mv| self.can_slide(mv))
    }

    /// Slides a tile into the blank; returns the tile that moved, or `None`
    /// (and leaves the board alone) when no tile can slide that way.
    ///
    /// ```
    /// use fifteen_core::{Board, Move};
    /// let mut board = Board::goal(3, 3).unwrap();
    /// assert_eq!(board.slide(Move::Down), Some(6)); // tile 6 slides down into the blank
    /// assert_eq!(board.slide(Move::Up), Some(6));
    /// assert!(board.is_solved());
    /// assert_eq!(board.slide(Move::Up), None); // nothing below the blank
    /// ```
    pub fn slide(&mut self, mv: Move) -> Option<Tile> {
        let target = self.target_of(mv)?;
        let blank = self.at[0] as usize;
        let tile = self.cells[target];
        self.cells[blank] = tile;
        self.cells[target] = BLANK;
        self.at[tile as usize] = blank as u32;
        self.at[0] = target as u32;
        Some(tile)
    }

    /// Plays a list of moves, stopping at the first illegal one.
    ///
    /// ```
    /// use fifteen_core::{Board, Moves};
    /// let mut board = Board::goal(2, 2).unwrap();
    /// let moves: Moves = "DR".parse().unwrap();
    /// board.apply(&moves).unwrap();
    /// assert_eq!(board.cells(), &[0, 1, 3, 2]);
    /// ```
    pub fn apply<'a>(&mut self, moves: impl IntoIterator<Item = &'a Move>) -> Result<(), IllegalMove> {
        for (i, &mv) in moves.into_iter().enumerate() {
            if self.slide(mv).is_none() {
                return Err(IllegalMove { index: i + 1, mv, blank: self.blank() });
            }
        }
        Ok(())
    }

    /// Sum over tiles of the distance to their homes: a lower bound on the
    /// number of moves any solution needs.
    pub fn manhattan(&self) -> usize {
        self.cells
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t != BLANK)
            .map(|(i, &t)| self.pos_of_index(i).manhattan(self.home_of(t)))
            .sum()
    }
}

/// Where a tile belongs on a board with this shape; the blank's home is the
/// bottom-right corner.
pub fn home_of(tile: Tile, rows: usize, cols: usize) -> Pos {
    if tile == BLANK {
        Pos::new(rows - 1, cols - 1)
    } else {
        let i = tile as usize - 1;
        Pos::new(i / cols, i % cols)
    }
}

/// The tile that belongs at a cell (`0` for the bottom-right corner).
pub fn tile_for(pos: Pos, rows: usize, cols: usize) -> Tile {
    let i = pos.row * cols + pos.col;
    if i + 1 == rows * cols { BLANK } else { (i + 1) as Tile }
}

fn check_size(rows: usize, cols: usize) -> Result<usize, SizeError> {
    if rows < 2 || cols < 2 {
        return Err(SizeError::TooSmall { rows, cols });
    }
    match rows.checked_mul(cols) {
        Some(len) if u32::try_from(len).is_ok() => Ok(len),
        _ => Err(SizeError::TooLarge { rows, cols }),
    }
}

impl fmt::Display for Board {
    /// An aligned grid, one row per line, the blank as underscores (`__`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = digits(self.cells.len() - 1).max(2);
        let blank = "_".repeat(width);
        for row in self.cells.chunks(self.cols) {
            for (c, &tile) in row.iter().enumerate() {
                if c > 0 {
                    f.write_str(" ")?;
                }
                if tile == BLANK {
                    f.write_str(&blank)?;
                } else {
                    write!(f, "{tile:>width$}")?;
                }
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board {}×{}\n{}", self.rows, self.cols, self)
    }
}

fn digits(mut n: usize) -> usize {
    let mut d = 1;
    while n >= 10 {
        n /= 10;
        d += 1;
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goal_is_solved_and_knows_homes() {
        let goal = Board::goal(3, 4).unwrap();
        assert!(goal.is_solved());
        for tile in 0..12 {
            assert_eq!(goal.position_of(tile), goal.home_of(tile));
            assert_eq!(tile_for(goal.home_of(tile), 3, 4), tile);
        }
    }

    #[test]
    fn too_small_and_too_large_are_refused() {
        assert_eq!(Board::goal(1, 5), Err(SizeError::TooSmall { rows: 1, cols: 5 }));
        assert!(matches!(Board::goal(1 << 20, 1 << 20), Err(SizeError::TooLarge { .. })));
    }

    #[test]
    fn slides_move_the_tile_in_the_named_direction() {
        let mut b = Board::goal(3, 3).unwrap();
        assert!(!b.can_slide(Move::Up) && !b.can_slide(Move::Left));
        assert_eq!(b.slide(Move::Right), Some(8));
        assert_eq!(b.blank(), Pos::new(2, 1));
        assert_eq!(b.position_of(8), Pos::new(2, 2));
        let err = b.apply(&[Move::Down, Move::Down, Move::Down]).unwrap_err();
        assert_eq!(err.index, 3);
        assert_eq!(err.blank, Pos::new(0, 1));
    }

    #[test]
    fn display_pads_to_the_widest_tile() {
        let b = Board::goal(4, 4).unwrap();
        assert_eq!(b.to_string(), " 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 14 15 __\n");
        let big = Board::goal(10, 11).unwrap();
        assert!(big.to_string().ends_with("109 ___\n"));
    }

    #[test]
    fn manhattan_counts_each_tile_distance() {
        let b = Board::from_cells(2, 2, vec![0, 1, 3, 2]).unwrap();
        assert_eq!(b.manhattan(), 2);
    }
}
