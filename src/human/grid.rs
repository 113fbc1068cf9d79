//! The planner's working copy of the board.
//!
//! The cells sit in a grid padded with a one-cell wall on every side, so a
//! neighbour is always `index ± 1` or `index ± width` and never needs a bounds
//! check. Each cell carries flags: walls and locked tiles are permanent,
//! `HELD` marks tiles the blank must go around for now (the tile being moved,
//! a parked tile of a pair).

use crate::board::{Board, Move, Pos, Tile};
use crate::human::event::Sink;

use super::cell_rect::CellRect;
use super::event::Event;

/// Bits of a cell's word that hold each padded home coordinate.
const HOME_BITS: u32 = 15;
const HOME_MASK: u32 = (1 << HOME_BITS) - 1;

/// The most rows or columns the planner handles (padded home coordinates
/// must fit [`HOME_BITS`]).
pub(super) const MAX_SIDE: usize = HOME_MASK as usize - 2;

/// A wall of the padding, or a tile the strategy has put home.
pub(super) const LOCKED: u32 = 1 << 30;
/// A tile the blank must not disturb right now.
pub(super) const HELD: u32 = 1 << 31;
/// Both flags: a cell the blank may not enter when any is set.
pub(super) const FLAGS: u32 = LOCKED | HELD;

/// How many open rows and columns (from the top and left of the open
/// region) hold the tiles whose cells the grid keeps: two for a line and
/// its pair partner, and enough that exact stages on boards of up to 16
/// cells see all of theirs.
const TRACKED_LINES: usize = 4;

/// A direction the blank steps in: north, east, south, west.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Dir {
    N = 0,
    E = 1,
    S = 2,
    W = 3,
}

impl Dir {
    pub(super) const ALL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    pub(super) fn from_index(i: usize) -> Dir {
        Dir::ALL[i & 3]
    }

    /// The direction from a cell to a neighbouring one on any grid: a step
    /// of one cell is along a row, any other across rows.
    #[inline]
    pub(super) fn between(from: usize, to: usize) -> Dir {
        // East (1) or west (3) along a row, else south (2) or north (0),
        // worked out without a branch on the path's turns.
        let step = to as isize - from as isize;
        let (along_row, forward) = (step.unsigned_abs() == 1, step > 0);
        Dir::from_index(usize::from(along_row) + 2 * usize::from(along_row != forward))
    }

    #[inline]
    pub(super) fn opposite(self) -> Dir {
        Dir::from_index(self as usize + 2)
    }

    /// The tile move made when the blank steps this way: the tile goes the other way.
    #[inline]
    pub(super) fn tile_move(self) -> Move {
        // Looked up rather than matched: a match on a direction compiles to
        // a jump, and the blank's directions follow no pattern a branch
        // predictor learns.
        const MOVES: [Move; 4] = [Move::Down, Move::Left, Move::Up, Move::Right];
        MOVES[self as usize]
    }

    #[inline]
    pub(super) fn delta(self) -> (isize, isize) {
        const DELTAS: [(isize, isize); 4] = [(-1, 0), (0, 1), (1, 0), (0, -1)];
        DELTAS[self as usize]
    }

    /// True for east and west.
    pub(super) fn is_horizontal(self) -> bool {
        matches!(self, Dir::E | Dir::W)
    }
}

/// The board being solved, and nothing else: each cell's tile and flags,
/// the cells of the tiles the planner asks about, the blank, and which
/// lines are locked. Every algorithm's working space lives in the planner's
/// [`Scratch`](super::trip::scratch::Scratch).
#[derive(Clone)]
pub(super) struct PaddedGrid {
    pub(super) rows: usize,
    pub(super) cols: usize,
    /// Padded width: `cols + 2`.
    pub(super) width: usize,
    /// Cell index of each tile; `at[0]` is the blank. Kept right only for
    /// the tiles the planner may ask about: the blank and those whose home
    /// lies in the first [`TRACKED_LINES`] open rows or columns (see
    /// [`PaddedGrid::is_tracked`]). On a big board most tiles the blank pushes are
    /// far from home and their numbers are scattered, so writing each one's
    /// cell would be a cache miss per move; the others are found by a scan of
    /// the open region when a line fills and the band moves on.
    at: Vec<u32>,
    /// Unlocked cells in each padded row and column, to see a line fill.
    open_in_row: Vec<u32>,
    open_in_col: Vec<u32>,
    /// First padded row and column with an unlocked cell.
    open_row: usize,
    open_col: usize,
    /// Each cell as one word: the padded home row and column of its tile
    /// (15 bits each; the tile's number follows from them) and the `LOCKED`
    /// and `HELD` flags in the top two bits. The approach's path search
    /// reads the flags and the home of every cell it weighs, so one word
    /// per cell makes that one memory access instead of two.
    cells: Vec<u32>,
    /// Padded index of the blank, and its unpadded row and column.
    pub(super) blank: usize,
    pub(super) blank_row: usize,
    pub(super) blank_col: usize,
    pub(super) moves: u64,
    /// Cells not yet locked.
    unlocked: usize,
}

impl PaddedGrid {
    pub(super) fn new(board: &Board) -> PaddedGrid {
        let (rows, cols) = (board.rows(), board.cols());
        let width = cols + 2;
        let padded = (rows + 2) * width;
        debug_assert!(rows <= MAX_SIDE && cols <= MAX_SIDE);
        let mut cells = vec![LOCKED; padded];
        let mut at = vec![0u32; rows * cols];
        for row in 0..rows {
            for col in 0..cols {
                let i = (row + 1) * width + col + 1;
                let tile = board.tile_at(Pos::new(row, col));
                let home = crate::board::home_of(tile, rows, cols);
                cells[i] = pack_home(home.row + 1, home.col + 1);
                at[tile as usize] = i as u32;
            }
        }
        let blank = at[0] as usize;
        let Pos { row: blank_row, col: blank_col } = board.blank();
        let mut open_in_row = vec![cols as u32; rows + 2];
        let mut open_in_col = vec![rows as u32; cols + 2];
        for open in [&mut open_in_row, &mut open_in_col] {
            let last = open.len() - 1;
            open[0] = 0;
            open[last] = 0;
        }
        PaddedGrid {
            rows,
            cols,
            width,
            at,
            open_in_row,
            open_in_col,
            open_row: 1,
            open_col: 1,
            cells,
            blank,
            blank_row,
            blank_col,
            moves: 0,
            unlocked: rows * cols,
        }
    }

    /// Padded index of a cell.
    #[inline]
    pub(super) fn index(&self, row: usize, col: usize) -> usize {
        (row + 1) * self.width + col + 1
    }

    /// Cell of a padded index.
    #[inline]
    pub(super) fn pos(&self, index: usize) -> Pos {
        Pos::new(index / self.width - 1, index % self.width - 1)
    }

    #[inline]
    pub(super) fn offset(&self, dir: Dir) -> isize {
        // As `Dir::delta`, without a jump on the direction.
        let (dr, dc) = dir.delta();
        dr * self.width as isize + dc
    }

    #[inline]
    pub(super) fn step(&self, index: usize, dir: Dir) -> usize {
        index.wrapping_add_signed(self.offset(dir))
    }

    /// The direction from a cell to a neighbouring one.
    pub(super) fn dir_between(&self, from: usize, to: usize) -> Dir {
        Dir::between(from, to)
    }

    #[inline]
    pub(super) fn is_free(&self, index: usize) -> bool {
        self.cells[index] & FLAGS == 0
    }

    /// True for walls and tiles put home.
    #[inline]
    pub(super) fn is_locked(&self, index: usize) -> bool {
        self.cells[index] & LOCKED != 0
    }

    /// The cell's flags (`LOCKED`, `HELD`), to save and restore.
    #[inline]
    pub(super) fn flags(&self, index: usize) -> u32 {
        self.cells[index] & FLAGS
    }

    #[inline]
    pub(super) fn set_flags(&mut self, index: usize, flags: u32) {
        self.cells[index] = self.cells[index] & !FLAGS | flags;
    }

    /// The flags and home of every cell, as words (see [`unpack_home`]).
    #[inline]
    pub(super) fn words(&self) -> &[u32] {
        &self.cells
    }

    /// Padded row and column of the home of the tile in `cell`.
    #[inline]
    pub(super) fn home_of_cell(&self, cell: usize) -> (usize, usize) {
        unpack_home(self.cells[cell])
    }

    /// The tile in `cell` (`0` for the blank).
    #[inline]
    pub(super) fn tile_in(&self, cell: usize) -> Tile {
        let (r, c) = unpack_home(self.cells[cell]);
        let i = (r - 1) * self.cols + c - 1;
        if i + 1 == self.rows * self.cols { 0 } else { (i + 1) as Tile }
    }

    /// Padded row and column of the blank.
    #[inline]
    pub(super) fn blank_coords(&self) -> (usize, usize) {
        (self.blank_row + 1, self.blank_col + 1)
    }

    /// The cell of `tile`, which must be the blank or a tracked tile (see
    /// [`PaddedGrid::is_tracked`]): the ones a placement can be about.
    #[inline]
    pub(super) fn where_is(&self, tile: Tile) -> usize {
        let at = self.at[tile as usize] as usize;
        debug_assert_eq!(self.tile_in(at), tile, "tile {tile} is not tracked");
        at
    }

    /// Padded top row and left column of the open region: the first with
    /// an unlocked cell.
    pub(super) fn open_corner(&self) -> (usize, usize) {
        (self.open_row, self.open_col)
    }

    /// Whether [`PaddedGrid::where_is`] knows where `tile` is now.
    pub(super) fn keeps(&self, tile: Tile) -> bool {
        let home = crate::board::home_of(tile, self.rows, self.cols);
        self.is_tracked(home.row + 1, home.col + 1)
    }

    /// The unsolved area: from the open corner to the board's far corner,
    /// in board coordinates.
    pub(super) fn unsolved_area(&self) -> CellRect {
        let (top, left) = self.open_corner();
        CellRect { top: top - 1, left: left - 1, height: self.rows + 1 - top, width: self.cols + 1 - left }
    }

    /// Whether `at` keeps the cell of the tile whose padded home is
    /// (`hr`, `hc`): homes in the first [`TRACKED_LINES`] open rows or
    /// columns, which hold every tile of the lines being placed.
    #[inline]
    fn is_tracked(&self, hr: usize, hc: usize) -> bool {
        // Both tests made (`|`, not `||`): a slide asks this of every tile
        // it pushes, and which ones are tracked follows no pattern.
        (hr < self.open_row + TRACKED_LINES) | (hc < self.open_col + TRACKED_LINES)
    }

    pub(super) fn lock(&mut self, index: usize) {
        if self.is_locked(index) {
            return;
        }
        self.unlocked -= 1;
        self.set_flags(index, LOCKED);
        let (row, col) = self.coords(index);
        self.open_in_row[row] -= 1;
        self.open_in_col[col] -= 1;
        let (old_row, old_col) = (self.open_row, self.open_col);
        while self.open_row <= self.rows && self.open_in_row[self.open_row] == 0 {
            self.open_row += 1;
        }
        while self.open_col <= self.cols && self.open_in_col[self.open_col] == 0 {
            self.open_col += 1;
        }
        if (self.open_row, self.open_col) != (old_row, old_col) {
            self.find_tracked();
        }
    }

    /// Puts right the cells of the tracked tiles after the band moved: one
    /// pass over the open region, done once per filled line, so at most
    /// about (2/3)·n³ cell reads on an n×n board in all (shells fill a row
    /// and a column per shell; rows order reads about n³/2).
    fn find_tracked(&mut self) {
        for row in self.open_row..=self.rows {
            let start = row * self.width;
            for col in self.open_col..=self.cols {
                let (hr, hc) = unpack_home(self.cells[start + col]);
                if self.is_tracked(hr, hc) {
                    let tile = self.tile_in(start + col);
                    self.at[tile as usize] = (start + col) as u32;
                }
            }
        }
    }

    /// How many cells are not locked yet.
    pub(super) fn unlocked(&self) -> usize {
        self.unlocked
    }

    /// The unlocked cells, when there are at most `limit` of them (they
    /// then lie within the last `limit` rows and columns).
    pub(super) fn unlocked_cells(&self, limit: usize, out: &mut Vec<usize>) -> bool {
        out.clear();
        if self.unlocked > limit {
            return false;
        }
        for row in self.rows.saturating_sub(limit).max(1)..=self.rows {
            for col in self.cols.saturating_sub(limit).max(1)..=self.cols {
                let i = self.index(row - 1, col - 1);
                if !self.is_locked(i) {
                    out.push(i);
                }
            }
        }
        true
    }

    pub(super) fn hold(&mut self, index: usize) {
        self.cells[index] |= HELD;
    }

    pub(super) fn release(&mut self, index: usize) {
        self.cells[index] &= !HELD;
    }

    /// The blank steps one cell (a tile slides the other way). Reports the
    /// move, then makes it.
    #[inline(always)]
    pub(super) fn slide(&mut self, dir: Dir, sink: &mut Sink<'_>) {
        let next = self.step(self.blank, dir);
        debug_assert!(!self.is_locked(next), "the blank may not enter a locked cell");
        let tile = self.tile_in(next);
        let (dr, dc) = dir.delta();
        let to = Pos::new(self.blank_row, self.blank_col);
        self.blank_row = self.blank_row.wrapping_add_signed(dr);
        self.blank_col = self.blank_col.wrapping_add_signed(dc);
        sink(&Event::Moved { mv: dir.tile_move(), tile, from: Pos::new(self.blank_row, self.blank_col), to });
        // Swap the homes; each cell keeps its flags.
        let (b, n) = (self.cells[self.blank], self.cells[next]);
        self.cells[self.blank] = b & FLAGS | n & !FLAGS;
        self.cells[next] = n & FLAGS | b & !FLAGS;
        // An untracked tile's cell is written to the blank's entry, which
        // is set right after: no branch on which tiles the blank meets.
        let (hr, hc) = unpack_home(n);
        let entry = if self.is_tracked(hr, hc) { tile as usize } else { 0 };
        self.at[entry] = self.blank as u32;
        self.at[0] = next as u32;
        self.blank = next;
        self.moves += 1;
    }

    /// Manhattan distance between two padded indices.
    pub(super) fn distance(&self, a: usize, b: usize) -> usize {
        let (ar, ac) = (a / self.width, a % self.width);
        let (br, bc) = (b / self.width, b % self.width);
        ar.abs_diff(br) + ac.abs_diff(bc)
    }

    /// Row and column of a padded index, padded coordinates.
    #[inline]
    pub(super) fn coords(&self, index: usize) -> (usize, usize) {
        (index / self.width, index % self.width)
    }

    /// Copies the working board back out (for tests and hints).
    pub(super) fn to_board(&self) -> Board {
        let mut cells = Vec::with_capacity(self.rows * self.cols);
        for row in 0..self.rows {
            for col in 0..self.cols {
                cells.push(self.tile_in(self.index(row, col)));
            }
        }
        Board::from_cells(self.rows, self.cols, cells).expect("the grid always holds a permutation")
    }
}

/// A cell word holding a padded home, no flags.
#[inline]
fn pack_home(row: usize, col: usize) -> u32 {
    debug_assert!(row <= HOME_MASK as usize && col <= HOME_MASK as usize);
    (row as u32) << HOME_BITS | col as u32
}

/// The padded home row and column in a cell word.
#[inline]
pub(super) fn unpack_home(word: u32) -> (usize, usize) {
    ((word >> HOME_BITS & HOME_MASK) as usize, (word & HOME_MASK) as usize)
}
