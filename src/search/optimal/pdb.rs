//! Additive disjoint pattern databases (Korf & Felner, 2002).
//!
//! The tiles are split into disjoint groups. For each group a table holds,
//! for every placement of the group's tiles, the fewest moves **of those
//! tiles** that bring them home, the other tiles being indistinct and the
//! blank free. Since each move moves one tile, the values of the groups add
//! up to a lower bound on the whole solution, far tighter than Manhattan
//! distance. On square boards the same tables are also read for the board
//! mirrored in its main diagonal (a different partition for free) and the
//! larger of the two sums is used.
//!
//! Tables are built by a breadth-first pass from the goal over (placement,
//! blank cell) pairs in which moving the blank is free and moving a group
//! tile costs one. A placement of k tiles on n cells is indexed by its rank
//! among the n·(n−1)·…·(n−k+1) placements, one byte per entry.
//!
//! ```
//! use fifteen::Board;
//! use fifteen::search::optimal::{PatternDatabase, PatternSpec};
//! let spec = PatternSpec::new(3, 3, vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]], true).unwrap();
//! let pdb = PatternDatabase::build(spec, |_| {});
//! let board: Board = "1 2 3\n4 5 6\n7 _ 8".parse().unwrap();
//! assert_eq!(pdb.estimate(&board).unwrap(), 1);
//! ```

use crate::board::{Board, Tile};
use crate::search::SearchError;
use crate::search::packed::{Grid, MAX_PACKED_CELLS, NO_CELL};

use super::Estimator;

/// The most groups a spec may have.
pub const MAX_GROUPS: usize = 4;
/// The most tiles in one group (7 tiles of 16 cells make a 57.7 MB table).
pub const MAX_GROUP_TILES: usize = 7;

const UNSET: u8 = u8::MAX;

/// A pattern spec that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PdbError {
    /// The groups do not split the tiles of the board into disjoint parts.
    #[error("bad pattern groups: {0}")]
    BadGroups(String),
    /// Tables of the wrong number or length for the spec.
    #[error("pattern table {table} has {found} entries, expected {expected}")]
    TableLength {
        /// Which table.
        table: usize,
        /// Entries found.
        found: usize,
        /// Entries the spec needs.
        expected: usize,
    },
    /// A table's content contradicts the spec (the goal must cost nothing).
    #[error("pattern table {0} does not give the goal a cost of 0")]
    BadContent(usize),
}

/// Which tiles go together: the board shape, the groups, and whether to also
/// look the mirrored board up (square boards only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternSpec {
    rows: usize,
    cols: usize,
    groups: Vec<Vec<Tile>>,
    mirror: bool,
}

impl PatternSpec {
    /// A spec whose groups split the tiles `1..rows*cols` exactly.
    pub fn new(rows: usize, cols: usize, groups: Vec<Vec<Tile>>, mirror: bool) -> Result<PatternSpec, PdbError> {
        let n = rows * cols;
        if rows < 2 || cols < 2 || n > MAX_PACKED_CELLS {
            return Err(PdbError::BadGroups(format!("a {rows}×{cols} board is not 2×2 to 16 cells")));
        }
        if groups.is_empty() || groups.len() > MAX_GROUPS {
            return Err(PdbError::BadGroups(format!("1 to {MAX_GROUPS} groups, not {}", groups.len())));
        }
        let mut seen = vec![false; n];
        for group in &groups {
            if group.is_empty() || group.len() > MAX_GROUP_TILES {
                return Err(PdbError::BadGroups(format!(
                    "a group has 1 to {MAX_GROUP_TILES} tiles, not {}",
                    group.len()
                )));
            }
            for &t in group {
                if t == 0 || t as usize >= n || std::mem::replace(&mut seen[t as usize], true) {
                    return Err(PdbError::BadGroups(format!("tile {t} is out of range or in two groups")));
                }
            }
        }
        if let Some(t) = (1..n).find(|&t| !seen[t]) {
            return Err(PdbError::BadGroups(format!("tile {t} is in no group")));
        }
        if mirror && rows != cols {
            return Err(PdbError::BadGroups("the mirror lookup needs a square board".into()));
        }
        Ok(PatternSpec { rows, cols, groups, mirror })
    }

    /// Korf and Felner's 6-6-3 partition of the 15-puzzle, adapted to the
    /// blank-last goal, with the mirror lookup:
    ///
    /// ```text
    ///  a  c  c  c      a: 1 5 6 9 10 13
    ///  a  a  b  b      b: 7 8 11 12 14 15
    ///  a  a  b  b      c: 2 3 4
    ///  a  b  b  _
    /// ```
    pub fn fifteen_663() -> PatternSpec {
        PatternSpec::new(4, 4, vec![vec![1, 5, 6, 9, 10, 13], vec![7, 8, 11, 12, 14, 15], vec![2, 3, 4]], true)
            .expect("a valid partition")
    }

    /// The partition used by default for a board shape: 6-6-3 for 4×4,
    /// none (Manhattan distance and linear conflicts) for the others.
    pub fn default_for(rows: usize, cols: usize) -> Option<PatternSpec> {
        (rows == 4 && cols == 4).then(PatternSpec::fifteen_663)
    }

    /// Rows of the board.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the board.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The groups of tiles.
    pub fn groups(&self) -> &[Vec<Tile>] {
        &self.groups
    }

    /// Whether the mirrored board is looked up too.
    pub fn mirror(&self) -> bool {
        self.mirror
    }

    /// Entries of group `g`'s table: n·(n−1)·…·(n−k+1).
    pub fn table_len(&self, g: usize) -> usize {
        let n = self.rows * self.cols;
        (0..self.groups[g].len()).map(|i| n - i).product()
    }

    /// A one-line description, also used to name and check cache files:
    /// `4x4 mirror 1,5,6,9,10,13/7,8,11,12,14,15/2,3,4`.
    pub fn key(&self) -> String {
        let groups: Vec<String> =
            self.groups.iter().map(|g| g.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(",")).collect();
        format!("{}x{} {} {}", self.rows, self.cols, if self.mirror { "mirror" } else { "plain" }, groups.join("/"))
    }
}

/// How far a table build has got, over all tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// Table entries filled so far.
    pub done: u64,
    /// Entries in all tables.
    pub total: u64,
}

/// The built tables of a [`PatternSpec`], ready for lookups.
#[derive(Clone, Debug)]
pub struct PatternDatabase {
    spec: PatternSpec,
    tables: Vec<Vec<u8>>,
    n: usize,
    /// Tiles of each group, in table order.
    tiles: [[u8; MAX_GROUP_TILES]; MAX_GROUPS],
    sizes: [usize; MAX_GROUPS],
    /// Group of each tile (the blank: none).
    group_of: [u8; MAX_PACKED_CELLS],
    /// Mirror lookup: for each group, the tiles of the unmirrored board whose
    /// mirror images are the group's tiles; and each cell's mirror.
    mirror_src: [[u8; MAX_GROUP_TILES]; MAX_GROUPS],
    mirror_group_of: [u8; MAX_PACKED_CELLS],
    mirror_cell: [u8; MAX_PACKED_CELLS],
}

impl PatternDatabase {
    /// Builds every table of `spec` by breadth-first search, one thread per
    /// table, reporting progress on the calling thread.
    pub fn build(spec: PatternSpec, mut progress: impl FnMut(BuildProgress)) -> PatternDatabase {
        let grid = Grid::new(spec.rows, spec.cols).expect("checked by the spec");
        let total: u64 = (0..spec.groups.len()).map(|g| spec.table_len(g) as u64).sum();
        // One thread per table; they report filled entries over a channel so
        // that `progress` is only ever called on this thread.
        let (sender, receiver) = std::sync::mpsc::channel::<u64>();
        let tables = std::thread::scope(|scope| {
            let workers: Vec<_> = spec
                .groups
                .iter()
                .map(|group| {
                    let tiles: Vec<u8> = group.iter().map(|&t| t as u8).collect();
                    let sender = sender.clone();
                    let grid = &grid;
                    scope.spawn(move || {
                        build_table(grid, &tiles, &mut |filled| {
                            // The receiver lives until every worker is done.
                            let _ = sender.send(filled);
                        })
                    })
                })
                .collect();
            drop(sender);
            let mut done = 0u64;
            for filled in receiver {
                done += filled;
                progress(BuildProgress { done, total });
            }
            workers
                .into_iter()
                .map(|w| w.join().expect("a table build does not panic").expect("a spec's groups have at most 7 tiles"))
                .collect::<Vec<_>>()
        });
        PatternDatabase::from_tables(spec, tables).expect("a fresh build fits its spec")
    }

    /// Wraps tables built earlier (read from a cache), checking their sizes
    /// and that the goal costs 0 in each.
    pub fn from_tables(spec: PatternSpec, tables: Vec<Vec<u8>>) -> Result<PatternDatabase, PdbError> {
        let n = spec.rows * spec.cols;
        if tables.len() != spec.groups.len() {
            return Err(PdbError::TableLength { table: tables.len(), found: 0, expected: spec.groups.len() });
        }
        let mut tiles = [[0u8; MAX_GROUP_TILES]; MAX_GROUPS];
        let mut sizes = [0usize; MAX_GROUPS];
        let mut group_of = [u8::MAX; MAX_PACKED_CELLS];
        for (g, group) in spec.groups.iter().enumerate() {
            if tables[g].len() != spec.table_len(g) {
                return Err(PdbError::TableLength { table: g, found: tables[g].len(), expected: spec.table_len(g) });
            }
            sizes[g] = group.len();
            for (i, &t) in group.iter().enumerate() {
                tiles[g][i] = t as u8;
                group_of[t as usize] = g as u8;
            }
            let home: Vec<u8> = group.iter().map(|&t| t as u8 - 1).collect();
            if tables[g][rank(&home, n)] != 0 {
                return Err(PdbError::BadContent(g));
            }
        }
        // Mirror in the main diagonal: cell (r, c) ↔ (c, r); the tile whose
        // home is (r, c) ↔ the tile whose home is (c, r).
        let mut mirror_cell = [0u8; MAX_PACKED_CELLS];
        let mut mirror_tile = [0u8; MAX_PACKED_CELLS];
        let mut mirror_src = [[0u8; MAX_GROUP_TILES]; MAX_GROUPS];
        let mut mirror_group_of = [u8::MAX; MAX_PACKED_CELLS];
        if spec.mirror {
            let w = spec.cols;
            for (cell, m) in mirror_cell.iter_mut().enumerate().take(n) {
                *m = ((cell % w) * w + cell / w) as u8;
            }
            for t in 1..n {
                mirror_tile[t] = mirror_cell[t - 1] + 1;
            }
            for g in 0..spec.groups.len() {
                for i in 0..sizes[g] {
                    mirror_src[g][i] = mirror_tile[tiles[g][i] as usize];
                }
            }
            for t in 1..n {
                mirror_group_of[t] = group_of[mirror_tile[t] as usize];
            }
        }
        Ok(PatternDatabase { spec, tables, n, tiles, sizes, group_of, mirror_src, mirror_group_of, mirror_cell })
    }

    /// The spec the tables were built for.
    pub fn spec(&self) -> &PatternSpec {
        &self.spec
    }

    /// The tables, one per group.
    pub fn tables(&self) -> &[Vec<u8>] {
        &self.tables
    }

    /// Bytes held by the tables.
    pub fn size_bytes(&self) -> usize {
        self.tables.iter().map(Vec::len).sum()
    }

    /// The lower bound for a board of the spec's shape.
    pub fn estimate(&self, board: &Board) -> Result<u32, SearchError> {
        self.check_shape(board)?;
        let (cells, pos) = super::arrays(board);
        Ok(self.evaluate(&cells, &pos).1)
    }

    pub(crate) fn check_shape(&self, board: &Board) -> Result<(), SearchError> {
        if board.rows() != self.spec.rows || board.cols() != self.spec.cols {
            return Err(SearchError::WrongShape {
                expected_rows: self.spec.rows,
                expected_cols: self.spec.cols,
                rows: board.rows(),
                cols: board.cols(),
            });
        }
        Ok(())
    }

    #[inline]
    fn value(&self, g: usize, pos: &[u8; MAX_PACKED_CELLS]) -> u8 {
        let mut at = [0u8; MAX_GROUP_TILES];
        for i in 0..self.sizes[g] {
            at[i] = pos[self.tiles[g][i] as usize];
        }
        self.tables[g][rank(&at[..self.sizes[g]], self.n)]
    }

    #[inline]
    fn mirror_value(&self, g: usize, pos: &[u8; MAX_PACKED_CELLS]) -> u8 {
        let mut at = [0u8; MAX_GROUP_TILES];
        for i in 0..self.sizes[g] {
            at[i] = self.mirror_cell[pos[self.mirror_src[g][i] as usize] as usize];
        }
        self.tables[g][rank(&at[..self.sizes[g]], self.n)]
    }
}

/// Per-node values: each group's value, plain and mirrored, and their sums.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GroupValues {
    values: [u8; MAX_GROUPS],
    mirrored: [u8; MAX_GROUPS],
    sum: u16,
    mirrored_sum: u16,
}

impl Estimator for PatternDatabase {
    type Aux = GroupValues;

    fn evaluate(&self, _cells: &[u8; MAX_PACKED_CELLS], pos: &[u8; MAX_PACKED_CELLS]) -> (GroupValues, u32) {
        let mut v = GroupValues { values: [0; MAX_GROUPS], mirrored: [0; MAX_GROUPS], sum: 0, mirrored_sum: 0 };
        for g in 0..self.spec.groups.len() {
            v.values[g] = self.value(g, pos);
            v.sum += u16::from(v.values[g]);
            if self.spec.mirror {
                v.mirrored[g] = self.mirror_value(g, pos);
                v.mirrored_sum += u16::from(v.mirrored[g]);
            }
        }
        (v, u32::from(v.sum.max(v.mirrored_sum)))
    }

    #[inline]
    fn update(
        &self,
        v: &mut GroupValues,
        _cells: &[u8; MAX_PACKED_CELLS],
        pos: &[u8; MAX_PACKED_CELLS],
        tile: u8,
        _from: usize,
        _to: usize,
        budget: u32,
    ) -> u32 {
        let g = self.group_of[tile as usize] as usize;
        let new = self.value(g, pos);
        v.sum = v.sum + u16::from(new) - u16::from(v.values[g]);
        v.values[g] = new;
        if !self.spec.mirror || u32::from(v.sum) > budget {
            // Pruned on the plain sum alone: the mirrored values are not
            // needed (this child is never expanded, so they may go stale).
            return u32::from(v.sum);
        }
        let mg = self.mirror_group_of[tile as usize] as usize;
        let new = self.mirror_value(mg, pos);
        v.mirrored_sum = v.mirrored_sum + u16::from(new) - u16::from(v.mirrored[mg]);
        v.mirrored[mg] = new;
        u32::from(v.sum.max(v.mirrored_sum))
    }
}

/// Index of a placement of k distinct cells among n: the cells' ranks
/// among the cells still free, read as a mixed-radix number (n, n−1, …).
#[inline]
pub(crate) fn rank(at: &[u8], n: usize) -> usize {
    let mut used = 0u32;
    let mut index = 0usize;
    for (i, &p) in at.iter().enumerate() {
        let free_below = u32::from(p) - (used & ((1u32 << p) - 1)).count_ones();
        index = index * (n - i) + free_below as usize;
        used |= 1 << p;
    }
    index
}

/// Builds one group's table; calls `progress(newly_filled)` now and then
/// (the counts add up to the entries filled) and returns the table.
///
/// The breadth-first pass runs over (placement, blank cell) pairs in which
/// the blank wanders for free among the cells no group tile covers, and a
/// move of cost one slides a group tile into the blank. A state's whole
/// blank region is grown at once as a 16-bit mask (shifts, no single blank
/// moves) and marked visited in one word write, since a placement's 16
/// blank cells share one 16-bit lane of the visited set. Queue entries pack
/// the placement (4 bits a tile), the blank (4 bits) and the placement's
/// index (32 bits) into a `u64`.
fn build_table(grid: &Grid, tiles: &[u8], progress: &mut dyn FnMut(u64)) -> Option<Vec<u8>> {
    let n = grid.len();
    let k = tiles.len();
    if k > MAX_GROUP_TILES {
        return None;
    }
    let regions = Regions::new(grid);
    let entries: usize = (0..k).map(|i| n - i).product();
    let mut table = vec![UNSET; entries];
    // 16 bits per placement, one per blank cell: four placements a word.
    let mut visited = vec![0u64; entries.div_ceil(4)];
    let is_visited =
        |visited: &[u64], index: usize, cell: u32| visited[index >> 2] >> ((index & 3) * 16 + cell as usize) & 1 != 0;
    let pack = |at: &[u8], cell: u32, index: usize| -> u64 {
        let mut e = 0u64;
        for (i, &p) in at.iter().enumerate() {
            e |= u64::from(p) << (4 * i);
        }
        e | (u64::from(cell) << 28) | ((index as u64) << 32)
    };
    let home: Vec<u8> = tiles.iter().map(|&t| t - 1).collect();
    let mut filled = 0u64;
    let mut current = vec![pack(&home, n as u32 - 1, rank(&home, n))];
    let mut next: Vec<u64> = Vec::new();
    let mut cost = 0u8;
    let mut at = [0u8; MAX_GROUP_TILES];
    while !current.is_empty() {
        for &e in &current {
            let blank = ((e >> 28) & 0xF) as u32;
            let index = (e >> 32) as usize;
            if is_visited(&visited, index, blank) {
                continue;
            }
            let mut occupied = 0u32;
            for (i, slot) in at.iter_mut().enumerate().take(k) {
                *slot = ((e >> (4 * i)) & 0xF) as u8;
                occupied |= 1 << *slot;
            }
            let region = regions.flood(1 << blank, regions.full & !occupied);
            visited[index >> 2] |= u64::from(region) << ((index & 3) * 16);
            if table[index] == UNSET {
                table[index] = cost;
                filled += 1;
                if filled & 0xFFFF == 0 {
                    progress(0x10000);
                }
            }
            for i in 0..k {
                let p = at[i];
                let mut targets = regions.next_to[p as usize] & region;
                while targets != 0 {
                    let c = targets.trailing_zeros();
                    targets &= targets - 1;
                    at[i] = c as u8;
                    let new_index = rank(&at[..k], n);
                    if !is_visited(&visited, new_index, u32::from(p)) {
                        next.push(pack(&at[..k], u32::from(p), new_index));
                    }
                }
                at[i] = p;
            }
        }
        std::mem::swap(&mut current, &mut next);
        next.clear();
        cost += 1;
    }
    progress(filled & 0xFFFF);
    Some(table)
}

/// Cell masks of a grid, for growing blank regions by shifts.
struct Regions {
    full: u32,
    not_first_col: u32,
    not_last_col: u32,
    cols: u32,
    /// `next_to[cell]`: the cells next to it.
    next_to: [u32; MAX_PACKED_CELLS],
}

impl Regions {
    fn new(grid: &Grid) -> Regions {
        let n = grid.len();
        let cols = grid.cols();
        let full = (1u32 << n) - 1;
        let first_col = (0..n).filter(|c| c % cols == 0).fold(0u32, |m, c| m | 1 << c);
        let last_col = (0..n).filter(|c| c % cols == cols - 1).fold(0u32, |m, c| m | 1 << c);
        let mut next_to = [0u32; MAX_PACKED_CELLS];
        for (cell, mask) in next_to.iter_mut().enumerate().take(n) {
            for m in 0..4 {
                let c = grid.source(cell, m);
                if c != NO_CELL {
                    *mask |= 1 << c;
                }
            }
        }
        Regions { full, not_first_col: full & !first_col, not_last_col: full & !last_col, cols: cols as u32, next_to }
    }

    /// The cells of `free` connected to `seed` (seed included).
    #[inline]
    fn flood(&self, seed: u32, free: u32) -> u32 {
        let mut region = seed;
        loop {
            let grown = (region
                | ((region << 1) & self.not_first_col)
                | ((region >> 1) & self.not_last_col)
                | (region << self.cols)
                | (region >> self.cols))
                & (free | seed);
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placement_ranks_are_a_bijection() {
        let n = 6;
        let mut seen = [false; 6 * 5 * 4];
        for a in 0..6u8 {
            for b in (0..6u8).filter(|&b| b != a) {
                for c in (0..6u8).filter(|&c| c != a && c != b) {
                    let r = rank(&[a, b, c], n);
                    assert!(!std::mem::replace(&mut seen[r], true));
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn bad_specs_are_refused() {
        assert!(PatternSpec::new(3, 3, vec![vec![1, 2, 3], vec![4, 5, 6]], false).is_err(), "7 and 8 missing");
        assert!(PatternSpec::new(3, 3, vec![vec![1, 2, 3, 4], vec![4, 5, 6, 7, 8]], false).is_err(), "4 twice");
        assert!(PatternSpec::new(2, 3, vec![vec![1, 2, 3, 4, 5]], true).is_err(), "mirror needs a square");
    }

    #[test]
    fn one_group_of_all_tiles_is_the_exact_distance() {
        // With every tile in one group the table is the true distance.
        let spec = PatternSpec::new(2, 3, vec![vec![1, 2, 3, 4, 5]], false).unwrap();
        let pdb = PatternDatabase::build(spec, |_| {});
        let exact = crate::search::bfs::distances_from_goal(2, 3).unwrap();
        for seed in 0..50 {
            let board = Board::scrambled(2, 3, crate::Scramble::Uniform, seed).unwrap();
            assert_eq!(Some(pdb.estimate(&board).unwrap()), exact.distance(&board));
        }
    }
}
