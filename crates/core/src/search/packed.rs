//! Boards of up to 16 cells packed into one `u64`, four bits a cell, and
//! ranked into `0..n!` so a search can keep one byte per state in a flat
//! table instead of a hash set of vectors.

use crate::board::{Board, Move, Tile};

use super::SearchError;

/// The most cells a [`Packed`] state holds (four bits each in a `u64`).
pub(crate) const MAX_PACKED_CELLS: usize = 16;

/// Marks "no cell" in [`PackedGrid::source`].
pub(crate) const NO_CELL: u8 = u8::MAX;

/// A board's tiles, cell `i` in bits `4i..4i+4` (the blank is 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Packed(pub(crate) u64);

impl Packed {
    /// Packs a board of at most [`MAX_PACKED_CELLS`] cells.
    pub(crate) fn from_board(board: &Board) -> Result<Packed, SearchError> {
        if board.len() > MAX_PACKED_CELLS {
            return Err(SearchError::TooLarge {
                solver: "packed",
                rows: board.rows(),
                cols: board.cols(),
                max_cells: MAX_PACKED_CELLS,
            });
        }
        Ok(Packed::from_cells(board.cells()))
    }

    /// Packs cells given in reading order (at most 16, each below 16).
    pub(crate) fn from_cells(cells: &[Tile]) -> Packed {
        debug_assert!(cells.len() <= MAX_PACKED_CELLS);
        Packed(cells.iter().enumerate().fold(0u64, |acc, (i, &t)| acc | (u64::from(t) << (4 * i))))
    }

    /// The solved state of a board with `len` cells.
    pub(crate) fn goal(len: usize) -> Packed {
        let cells: Vec<Tile> = (1..len as Tile).chain([0]).collect();
        Packed::from_cells(&cells)
    }

    /// The tile in a cell.
    #[inline]
    pub(crate) fn tile(self, cell: usize) -> u8 {
        ((self.0 >> (4 * cell)) & 0xF) as u8
    }

    /// The cell holding the blank, among the first `len`.
    pub(crate) fn blank(self, len: usize) -> usize {
        (0..len).find(|&i| self.tile(i) == 0).unwrap_or(0)
    }

    /// The state after the tile at `from` slides into the blank at `blank`.
    #[inline]
    pub(crate) fn slid(self, blank: usize, from: usize) -> Packed {
        let tile = (self.0 >> (4 * from)) & 0xF;
        Packed((self.0 & !(0xF << (4 * from))) | (tile << (4 * blank)))
    }

    /// The cells in reading order.
    pub(crate) fn cells(self, len: usize) -> Vec<Tile> {
        (0..len).map(|i| Tile::from(self.tile(i))).collect()
    }

    /// The state's index among all `len!` arrangements (its Lehmer code).
    #[inline]
    pub(crate) fn rank(self, len: usize) -> u64 {
        let mut used = 0u32;
        let mut rank = 0u64;
        for i in 0..len {
            let v = u32::from(self.tile(i));
            let smaller_unused = v - (used & ((1 << v) - 1)).count_ones();
            rank = rank * (len - i) as u64 + u64::from(smaller_unused);
            used |= 1 << v;
        }
        rank
    }

    /// The arrangement with this [`rank`](Packed::rank).
    pub(crate) fn unrank(mut rank: u64, len: usize) -> Packed {
        let mut digits = [0u8; MAX_PACKED_CELLS];
        for i in (0..len).rev() {
            let radix = (len - i) as u64;
            digits[i] = (rank % radix) as u8;
            rank /= radix;
        }
        let mut unused: u32 = (1 << len) - 1;
        let mut bits = 0u64;
        for (i, &d) in digits.iter().enumerate().take(len) {
            let mut rest = unused;
            for _ in 0..d {
                rest &= rest - 1;
            }
            let v = rest.trailing_zeros();
            unused &= !(1 << v);
            bits |= u64::from(v) << (4 * i);
        }
        Packed(bits)
    }
}

/// `n!` for the state-table sizes.
pub(crate) fn factorial(n: usize) -> u64 {
    (1..=n as u64).product()
}

/// The shape of a small board and, for every cell and move, the cell the
/// blank goes to: a lookup table that replaces bounds checks in the searches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PackedGrid {
    rows: usize,
    cols: usize,
    /// `source[cell][move]`: the cell whose tile slides into a blank at `cell`
    /// (where the blank goes), [`NO_CELL`] at the edge. Moves in `U D L R` order.
    source: [[u8; 4]; MAX_PACKED_CELLS],
}

impl PackedGrid {
    /// The grid of a rows × cols board with at most 16 cells.
    pub(crate) fn new(rows: usize, cols: usize) -> Result<PackedGrid, SearchError> {
        if rows < 2 || cols < 2 || rows * cols > MAX_PACKED_CELLS {
            return Err(SearchError::TooLarge { solver: "packed", rows, cols, max_cells: MAX_PACKED_CELLS });
        }
        let mut source = [[NO_CELL; 4]; MAX_PACKED_CELLS];
        for (cell, row) in source.iter_mut().enumerate().take(rows * cols) {
            let (r, c) = (cell / cols, cell % cols);
            for (m, mv) in Move::ALL.into_iter().enumerate() {
                let (dr, dc) = mv.blank_step();
                let (nr, nc) = (r as isize + dr, c as isize + dc);
                if (0..rows as isize).contains(&nr) && (0..cols as isize).contains(&nc) {
                    row[m] = (nr as usize * cols + nc as usize) as u8;
                }
            }
        }
        Ok(PackedGrid { rows, cols, source })
    }

    /// Rows.
    pub(crate) fn rows(&self) -> usize {
        self.rows
    }

    /// Columns.
    pub(crate) fn cols(&self) -> usize {
        self.cols
    }

    /// Cells.
    pub(crate) fn len(&self) -> usize {
        self.rows * self.cols
    }

    /// The cell whose tile slides into a blank at `blank` for move `mv`
    /// (index in `U D L R` order), or [`NO_CELL`].
    #[inline]
    pub(crate) fn source(&self, blank: usize, mv: usize) -> u8 {
        self.source[blank][mv]
    }

    /// The neighbour states of `state` (blank at `blank`), as `(move, state, new blank)`.
    #[inline]
    pub(crate) fn successors(&self, state: Packed, blank: usize) -> impl Iterator<Item = (Move, Packed, usize)> + '_ {
        (0..4).filter_map(move |m| {
            let from = self.source[blank][m];
            (from != NO_CELL).then(|| (Move::ALL[m], state.slid(blank, from as usize), from as usize))
        })
    }
}

/// The move index (`U D L R` order) of a move.
#[inline]
pub(crate) fn move_index(mv: Move) -> usize {
    match mv {
        Move::Up => 0,
        Move::Down => 1,
        Move::Left => 2,
        Move::Right => 3,
    }
}

#[cfg_attr(not(feature = "testing"), allow(dead_code))]
/// The move that takes `a` (blank at `blank_a`) to the state with the blank at `blank_b`.
pub(crate) fn move_between(grid: &PackedGrid, blank_a: usize, blank_b: usize) -> Option<Move> {
    (0..4).find(|&m| grid.source(blank_a, m) as usize == blank_b).map(|m| Move::ALL[m])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_a_bijection_onto_0_to_n_factorial() {
        for len in [4, 6] {
            let mut seen = vec![false; factorial(len) as usize];
            for r in 0..factorial(len) {
                let p = Packed::unrank(r, len);
                assert_eq!(p.rank(len), r);
                let mut cells = p.cells(len);
                cells.sort_unstable();
                assert_eq!(cells, (0..len as Tile).collect::<Vec<_>>());
                assert!(!std::mem::replace(&mut seen[r as usize], true));
            }
        }
        let goal = Packed::goal(16);
        assert_eq!(Packed::unrank(goal.rank(16), 16), goal);
    }

    #[test]
    fn slides_match_the_board() {
        let board = Board::scrambled(4, 4, crate::Scramble::Uniform, 5).unwrap();
        let grid = PackedGrid::new(4, 4).unwrap();
        let packed = Packed::from_board(&board).unwrap();
        let blank = packed.blank(16);
        assert_eq!(blank, board.blank().row * 4 + board.blank().col);
        for (mv, next, nb) in grid.successors(packed, blank) {
            let mut b = board.clone();
            assert!(b.slide(mv).is_some());
            assert_eq!(next, Packed::from_board(&b).unwrap());
            assert_eq!(next.blank(16), nb);
            assert_eq!(move_between(&grid, blank, nb), Some(mv));
        }
        assert_eq!(grid.successors(packed, blank).count(), board.legal_moves().count());
    }

    #[test]
    fn bigger_than_16_cells_is_refused() {
        assert!(PackedGrid::new(4, 5).is_err());
        assert!(Packed::from_board(&Board::goal(5, 4).unwrap()).is_err());
    }
}

#[cfg(test)]
mod examples {
    #[test]
    fn a_packed_board_ranks_and_unranks() {
        use crate::Board;
        use crate::search::packed::{Packed, PackedGrid};

        let board: Board = "1 2 3\n4 5 6\n7 _ 8".parse().unwrap();
        let packed = Packed::from_board(&board).unwrap();
        assert_eq!(packed.tile(7), 0);
        let grid = PackedGrid::new(3, 3).unwrap();
        let rank = packed.rank(grid.len());
        assert_eq!(Packed::unrank(rank, grid.len()), packed);
        assert_eq!(packed.cells(grid.len()), board.cells());
    }
}
