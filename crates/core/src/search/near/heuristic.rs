//! The near solver's lower bound: the additive pattern databases read for a
//! board of up to 49 cells, each group's entry kept per node and only the
//! moved tile's group looked up again after a slide, in each view (as the
//! board is and, on square boards, mirrored in its main diagonal).
//!
//! The bound can also aim at another board than the goal (what the window
//! search of `window.rs` needs): the puzzle does not care what the tiles are
//! called, so each tile is read under the name of the tile whose home is
//! its cell in the target. Two kinds of group cannot be read that way and
//! count the Manhattan distance of their tiles to the target instead (still
//! a lower bound on their own moves, so the sum stays one): the group of
//! the name whose home is the target's blank cell (no tile has that name;
//! the tile the target puts in the goal's blank cell, which has no name,
//! is counted there too), and a group whose table's goal leaves the blank
//! a region apart from the target's blank cell (its entries count the
//! moves to bring the blank into that region as well).

use crate::board::Board;
use crate::search::optimal::{Entries, MAX_BIG_GROUPS, MAX_PATTERN_CELLS, PatternDatabase, rank};

/// Cell → tile and tile → cell of a board of up to 49 cells.
pub(super) type Cells = [u8; MAX_PATTERN_CELLS];

/// A board of up to 49 cells as the searches hold it: its tile in each
/// cell, and each tile's cell.
pub(super) fn cells_and_positions(board: &Board) -> (Cells, Cells) {
    let (mut cells, mut pos): (Cells, Cells) = ([0; MAX_PATTERN_CELLS], [0; MAX_PATTERN_CELLS]);
    for (cell, &tile) in board.cells().iter().enumerate() {
        cells[cell] = tile as u8;
        pos[tile as usize] = cell as u8;
    }
    (cells, pos)
}

/// Each group's entry in each view and each view's sum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct PatternValues {
    values: [[u8; MAX_BIG_GROUPS]; 2],
    sums: [u16; 2],
}

impl PatternValues {
    /// The lower bound: the larger view's sum.
    #[inline]
    pub(super) fn bound(&self) -> u32 {
        u32::from(self.sums[0].max(self.sums[1]))
    }

    /// Values whose views' sums are `sums` (every group's entry 0).
    #[cfg(test)]
    pub(super) fn with_sums(sums: [u16; 2]) -> PatternValues {
        PatternValues { values: [[0; MAX_BIG_GROUPS]; 2], sums }
    }

    /// How far apart the two views' sums are (with one view, its sum).
    #[inline]
    pub(super) fn views_apart(&self) -> u32 {
        u32::from(self.sums[0].abs_diff(self.sums[1]))
    }

    /// Group `g`'s entry in `view` (0: as the board is, 1: mirrored).
    #[cfg_attr(not(feature = "testing"), allow(dead_code))]
    #[inline]
    pub(super) fn entry(&self, view: usize, g: usize) -> u8 {
        self.values[view][g]
    }
}

/// The tables and what a lookup needs besides.
pub(super) struct PatternBound<'a> {
    /// Each group's table, one byte an entry.
    tables: Vec<&'a [u8]>,
    n: usize,
    views: usize,
    /// `group_of[view][tile]`: the tile's group in that view.
    group_of: [[u8; MAX_PATTERN_CELLS]; 2],
    /// `tiles[view][g]`: the tiles read for group g in that view.
    tiles: [Vec<Vec<u8>>; 2],
    /// `view_cell[view][cell]`: where the cell is in the view.
    view_cell: [[u8; MAX_PATTERN_CELLS]; 2],
    /// `manhattan[view]`: the groups (bits) counted by Manhattan distance
    /// to `target` instead of their table.
    manhattan: [u32; 2],
    /// `target[tile]`: the tile's cell in the board aimed at.
    target: Cells,
    cols: usize,
}

impl<'a> PatternBound<'a> {
    /// The bound of `db`, whose entries are one byte each.
    pub(super) fn new(db: &'a PatternDatabase) -> PatternBound<'a> {
        let n = db.spec().rows() * db.spec().cols();
        let mut goal: Cells = [0; MAX_PATTERN_CELLS];
        for (cell, tile) in goal.iter_mut().enumerate().take(n - 1) {
            *tile = cell as u8 + 1;
        }
        PatternBound::toward(db, &goal)
    }

    /// The bound of the distance to the board `target` (cell → tile; the
    /// goal gives [`new`](Self::new)'s bound).
    pub(super) fn toward(db: &'a PatternDatabase, target: &Cells) -> PatternBound<'a> {
        debug_assert_eq!(db.spec().entries(), Entries::Bytes);
        let (rows, cols) = (db.spec().rows(), db.spec().cols());
        let n = rows * cols;
        let views = if db.mirrored() { 2 } else { 1 };
        // `tile_named[name]`: the tile read under that name, the tile whose
        // target cell is the name's home (0: none, the target's blank is there).
        let mut tile_named: Cells = [0; MAX_PATTERN_CELLS];
        let mut at: Cells = [0; MAX_PATTERN_CELLS];
        let mut blank = n - 1;
        for cell in 0..n {
            let tile = target[cell];
            at[usize::from(tile)] = cell as u8;
            if tile == 0 {
                blank = cell;
            } else if cell < n - 1 {
                tile_named[cell + 1] = tile;
            }
        }
        let view_cell: [[u8; MAX_PATTERN_CELLS]; 2] = [
            std::array::from_fn(|cell| cell as u8),
            std::array::from_fn(|cell| if cell < n { ((cell % cols) * cols + cell / cols) as u8 } else { 0 }),
        ];
        let groups = db.spec().groups().len();
        let mut manhattan = [0u32; 2];
        let mut tiles: [Vec<Vec<u8>>; 2] = [Vec::new(), Vec::new()];
        for view in 0..views {
            for g in 0..groups {
                let names = db.group_tiles(g, view == 1);
                let mut read: Vec<u8> = names.iter().map(|&name| tile_named[usize::from(name)]).collect();
                let blank_apart = goal_region(db, g, rows, cols) >> view_cell[view][blank] & 1 == 0;
                if read.contains(&0) || blank_apart {
                    manhattan[view] |= 1 << g;
                }
                if read.contains(&0) {
                    // The tile in the goal's blank cell has no name: counted here.
                    read.retain(|&t| t != 0);
                    read.push(target[n - 1]);
                }
                tiles[view].push(read);
            }
        }
        let mut group_of = [[u8::MAX; MAX_PATTERN_CELLS]; 2];
        for (view, of) in group_of.iter_mut().enumerate().take(views) {
            for (g, group) in tiles[view].iter().enumerate() {
                for &t in group {
                    of[usize::from(t)] = g as u8;
                }
            }
        }
        let tables = db.tables();
        PatternBound { tables, n, views, group_of, tiles, view_cell, manhattan, target: at, cols }
    }

    /// Where group `g`'s entry is in its table for the board `pos`, in
    /// `view`, or (with [`MANHATTAN`] set) the group's Manhattan distance.
    #[inline]
    fn group_index(&self, view: usize, g: usize, pos: &Cells) -> u32 {
        let tiles = &self.tiles[view][g];
        if self.manhattan[view] >> g & 1 != 0 {
            return MANHATTAN | u32::from(self.manhattan_value(tiles, pos));
        }
        let mut at = [0u8; 8];
        for (cell, &t) in at.iter_mut().zip(tiles) {
            *cell = self.view_cell[view][usize::from(pos[usize::from(t)])];
        }
        rank(&at[..tiles.len()], self.n) as u32
    }

    /// The entry at `index` of group `g`'s table (or the Manhattan distance
    /// `index` holds).
    #[inline]
    fn entry(&self, g: usize, index: u32) -> u8 {
        if index & MANHATTAN != 0 { index as u8 } else { self.tables[g][index as usize] }
    }

    #[inline]
    fn group_value(&self, view: usize, g: usize, pos: &Cells) -> u8 {
        self.entry(g, self.group_index(view, g, pos))
    }

    /// The Manhattan distance of `tiles` to their target cells.
    fn manhattan_value(&self, tiles: &[u8], pos: &Cells) -> u8 {
        let cols = self.cols;
        let distance = |t: &u8| {
            let (from, to) = (usize::from(pos[usize::from(*t)]), usize::from(self.target[usize::from(*t)]));
            (from / cols).abs_diff(to / cols) + (from % cols).abs_diff(to % cols)
        };
        tiles.iter().map(distance).sum::<usize>() as u8
    }

    /// The views looked up (2 on square boards, else 1) and the groups.
    #[cfg_attr(not(feature = "testing"), allow(dead_code))]
    pub(super) fn shape(&self) -> (usize, usize) {
        (self.views, self.tiles[0].len())
    }

    /// Every group's entry, from scratch.
    pub(super) fn evaluate(&self, pos: &Cells) -> PatternValues {
        let mut v = PatternValues { values: [[0; MAX_BIG_GROUPS]; 2], sums: [0; 2] };
        for view in 0..self.views {
            for g in 0..self.tiles[view].len() {
                let value = self.group_value(view, g, pos);
                v.values[view][g] = value;
                v.sums[view] += u16::from(value);
            }
        }
        v
    }

    /// Where the entries that change when `tile` moved are (`pos` shows the
    /// board after the move): computing these for many slides before
    /// reading any lets the memory fetch the entries side by side.
    #[inline]
    pub(super) fn slide(&self, pos: &Cells, tile: u8) -> TableSlide {
        let mut slide = TableSlide { group: [0; 2], index: [MANHATTAN; 2] };
        for view in 0..self.views {
            let g = self.group_of[view][usize::from(tile)];
            slide.group[view] = g;
            slide.index[view] = self.group_index(view, usize::from(g), pos);
        }
        slide
    }

    /// The entries a slide changes, in each view (a board looked up in one
    /// view has a second slide of Manhattan distance 0, read as 0).
    #[inline]
    pub(super) fn read(&self, slide: &TableSlide) -> [u8; 2] {
        std::array::from_fn(|view| self.entry(usize::from(slide.group[view]), slide.index[view]))
    }
}

/// Set in a [`TableSlide`]'s index when the group is counted by Manhattan
/// distance: the rest is the distance (table indexes stay far below).
const MANHATTAN: u32 = 1 << 31;

/// The entries a slide changes: in each view, the moved tile's group and
/// where its new entry is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct TableSlide {
    group: [u8; 2],
    index: [u32; 2],
}

impl PatternValues {
    /// The values after a slide whose new entries are `entries`.
    #[inline]
    pub(super) fn with(&self, slide: &TableSlide, entries: [u8; 2]) -> PatternValues {
        let mut w = *self;
        // A board looked up in one view has a second of zeros, which a
        // slide's second entry (0 in group 0) leaves as it is. The sums are
        // worked out apart and written together: a sum written a half at a
        // time and read whole (as `bound` does next) waits for both writes.
        let sums: [u16; 2] = std::array::from_fn(|view| {
            let g = usize::from(slide.group[view]);
            self.sums[view] + u16::from(entries[view]) - u16::from(self.values[view][g])
        });
        for (view, values) in w.values.iter_mut().enumerate() {
            values[usize::from(slide.group[view])] = entries[view];
        }
        w.sums = sums;
        w
    }
}

/// The cells the blank can reach from the last cell when group `g`'s tiles
/// are home (a mask): where a table's goal has the blank.
fn goal_region(db: &PatternDatabase, g: usize, rows: usize, cols: usize) -> u64 {
    let n = rows * cols;
    let home = db.spec().groups()[g].iter().fold(0u64, |m, &t| m | 1 << (t - 1));
    let (mut region, mut todo) = (0u64, vec![n - 1]);
    while let Some(cell) = todo.pop() {
        if region >> cell & 1 != 0 || home >> cell & 1 != 0 {
            continue;
        }
        region |= 1 << cell;
        let (r, c) = (cell / cols, cell % cols);
        if r > 0 {
            todo.push(cell - cols);
        }
        if r + 1 < rows {
            todo.push(cell + cols);
        }
        if c > 0 {
            todo.push(cell - 1);
        }
        if c + 1 < cols {
            todo.push(cell + 1);
        }
    }
    region
}

/// The cells next to each cell: `source[cell][m]`, the cell whose tile
/// slides into a blank at `cell` by move m (`U D L R`), or `u8::MAX`.
pub(super) fn sources(rows: usize, cols: usize) -> [[u8; 4]; MAX_PATTERN_CELLS] {
    let mut source = [[u8::MAX; 4]; MAX_PATTERN_CELLS];
    for (cell, row) in source.iter_mut().enumerate().take(rows * cols) {
        let (r, c) = (cell / cols, cell % cols);
        // The blank goes the other way from the tile: a tile sliding up
        // comes from below the blank.
        if r + 1 < rows {
            row[0] = (cell + cols) as u8;
        }
        if r > 0 {
            row[1] = (cell - cols) as u8;
        }
        if c + 1 < cols {
            row[2] = (cell + 1) as u8;
        }
        if c > 0 {
            row[3] = (cell - 1) as u8;
        }
    }
    source
}
