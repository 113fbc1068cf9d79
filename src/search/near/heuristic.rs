//! The near solver's lower bound: the additive pattern databases read for a
//! board of up to 49 cells, each group's entry kept per node and only the
//! moved tile's group looked up again after a slide, in each view (as the
//! board is and, on square boards, mirrored in its main diagonal).

use crate::search::optimal::{Entries, MAX_BIG_GROUPS, MAX_PATTERN_CELLS, PatternDatabase, rank};

/// Cell → tile and tile → cell of a board of up to 49 cells.
pub(super) type Cells = [u8; MAX_PATTERN_CELLS];

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
}

/// The tables and what a lookup needs besides.
pub(super) struct PatternBound<'a> {
    db: &'a PatternDatabase,
    n: usize,
    views: usize,
    /// `group_of[view][tile]`: the tile's group in that view.
    group_of: [[u8; MAX_PATTERN_CELLS]; 2],
    /// `tiles[view][g]`: the tiles read for group g in that view.
    tiles: [Vec<Vec<u8>>; 2],
    /// `view_cell[view][cell]`: where the cell is in the view.
    view_cell: [[u8; MAX_PATTERN_CELLS]; 2],
}

impl<'a> PatternBound<'a> {
    /// The bound of `db`, whose entries are one byte each.
    pub(super) fn new(db: &'a PatternDatabase) -> PatternBound<'a> {
        debug_assert_eq!(db.spec().entries(), Entries::Bytes);
        let (rows, cols) = (db.spec().rows(), db.spec().cols());
        let n = rows * cols;
        let views = if db.mirrored() { 2 } else { 1 };
        let mut group_of = [[u8::MAX; MAX_PATTERN_CELLS]; 2];
        let groups = db.spec().groups().len();
        let tiles: [Vec<Vec<u8>>; 2] =
            std::array::from_fn(|view| (0..groups).map(|g| db.group_tiles(g, view == 1).to_vec()).collect());
        for (view, of) in group_of.iter_mut().enumerate().take(views) {
            for (g, group) in tiles[view].iter().enumerate() {
                for &t in group {
                    of[usize::from(t)] = g as u8;
                }
            }
        }
        let view_cell = [
            std::array::from_fn(|cell| cell as u8),
            std::array::from_fn(|cell| if cell < n { ((cell % cols) * cols + cell / cols) as u8 } else { 0 }),
        ];
        PatternBound { db, n, views, group_of, tiles, view_cell }
    }

    #[inline]
    fn group_value(&self, view: usize, g: usize, pos: &Cells) -> u8 {
        let tiles = &self.tiles[view][g];
        let mut at = [0u8; 8];
        for (cell, &t) in at.iter_mut().zip(tiles) {
            *cell = self.view_cell[view][usize::from(pos[usize::from(t)])];
        }
        self.db.entry(g, rank(&at[..tiles.len()], self.n))
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

    /// The values after `tile` moved (`pos` shows the board after the move).
    #[inline]
    pub(super) fn moved(&self, v: &PatternValues, pos: &Cells, tile: u8) -> PatternValues {
        let mut w = *v;
        for view in 0..self.views {
            let g = usize::from(self.group_of[view][usize::from(tile)]);
            let value = self.group_value(view, g, pos);
            w.sums[view] = w.sums[view] + u16::from(value) - u16::from(w.values[view][g]);
            w.values[view][g] = value;
        }
        w
    }
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
