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
//! blank region) pairs in which moving the blank is free and moving a group
//! tile costs one (see `build.rs`). A placement of k tiles on n cells is
//! indexed by its rank among the n·(n−1)·…·(n−k+1) placements. An entry is
//! one byte ([`Entries::Bytes`], the moves) or four bits
//! ([`Entries::Nibbles`]: half the moves beyond the group's Manhattan
//! distance, which has the same parity, since every move changes one tile's
//! distance by one), so that the 15-puzzle's 8-tile table takes 259 MB
//! instead of 519 MB.
//!
//! ```
//! use fifteen::Board;
//! use fifteen::search::optimal::{PatternDatabase, PatternSpec};
//! let spec = PatternSpec::new(3, 3, vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]], true).unwrap();
//! let pdb = PatternDatabase::build(spec, 1, |_| {});
//! let board: Board = "1 2 3\n4 5 6\n7 _ 8".parse().unwrap();
//! assert_eq!(pdb.estimate(&board).unwrap(), 1);
//! ```

use std::ops::Range;
use std::sync::Arc;

use crate::board::{Board, Tile};
use crate::search::SearchError;
use crate::search::packed::{Grid, MAX_PACKED_CELLS};

use super::Estimator;
use super::placement::{MAX_GROUP_TILES, UNSET, for_each_placement, rank};

/// The most groups a spec may have.
pub const MAX_GROUPS: usize = 4;

/// The largest value a four-bit entry holds.
const NIBBLE_MAX: u8 = 15;

/// A pattern spec that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PdbError {
    /// The groups do not split the tiles of the board into disjoint parts.
    #[error("bad pattern groups: {0}")]
    BadGroups(String),
    /// Tables of the wrong number or length for the spec.
    #[error("pattern table {table} has {found} bytes, expected {expected}")]
    TableLength {
        /// Which table.
        table: usize,
        /// Bytes found.
        found: usize,
        /// Bytes the spec needs.
        expected: usize,
    },
    /// A table's content contradicts the spec (the goal must cost nothing).
    #[error("pattern table {0} does not give the goal a cost of 0")]
    BadContent(usize),
}

/// How a table stores its entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entries {
    /// One byte per placement: the fewest moves of the group's tiles.
    Bytes,
    /// Four bits per placement, two to a byte (the even placement in the
    /// low half): half the fewest moves beyond the group's Manhattan
    /// distance, capped at 15 (a cap only lowers the bound, which stays
    /// admissible).
    Nibbles,
}

/// Which tiles go together: the board shape, the groups, whether to also
/// look the mirrored board up (square boards only), and how entries are
/// stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternSpec {
    rows: usize,
    cols: usize,
    groups: Vec<Vec<Tile>>,
    mirror: bool,
    entries: Entries,
}

impl PatternSpec {
    /// A spec whose groups split the tiles `1..rows*cols` exactly, with
    /// one-byte entries.
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
        Ok(PatternSpec { rows, cols, groups, mirror, entries: Entries::Bytes })
    }

    /// The same spec with entries stored as `entries`.
    pub fn with_entries(mut self, entries: Entries) -> PatternSpec {
        self.entries = entries;
        self
    }

    /// Korf and Felner's 6-6-3 partition of the 15-puzzle, adapted to the
    /// blank-last goal, with the mirror lookup and one-byte entries (11.5 MB):
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

    /// Korf and Felner's 7-8 partition of the 15-puzzle, adapted to the
    /// blank-last goal (the bottom two rows and the top two), with the
    /// mirror lookup (then the right two columns and the left two) and
    /// four-bit entries: 29 MB + 259 MB, built on request only.
    ///
    /// ```text
    ///  b  b  b  b      a: 9 10 11 12 13 14 15
    ///  b  b  b  b      b: 1 2 3 4 5 6 7 8
    ///  a  a  a  a
    ///  a  a  a  _
    /// ```
    pub fn fifteen_78() -> PatternSpec {
        PatternSpec::new(4, 4, vec![(9..=15).collect(), (1..=8).collect()], true)
            .expect("a valid partition")
            .with_entries(Entries::Nibbles)
    }

    /// The partition built at first use for a board shape: 6-6-3 for 4×4,
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

    /// How entries are stored.
    pub fn entries(&self) -> Entries {
        self.entries
    }

    /// Entries of group `g`'s table: n·(n−1)·…·(n−k+1).
    pub fn table_len(&self, g: usize) -> usize {
        let n = self.rows * self.cols;
        (0..self.groups[g].len()).map(|i| n - i).product()
    }

    /// Bytes of group `g`'s table.
    pub fn table_bytes(&self, g: usize) -> usize {
        match self.entries {
            Entries::Bytes => self.table_len(g),
            Entries::Nibbles => self.table_len(g).div_ceil(2),
        }
    }

    /// The byte of group `g`'s table that holds the goal's entry.
    pub fn goal_entry_byte(&self, g: usize) -> usize {
        let home: Vec<u8> = self.groups[g].iter().map(|&t| t as u8 - 1).collect();
        let index = rank(&home, self.rows * self.cols);
        match self.entries {
            Entries::Bytes => index,
            Entries::Nibbles => index >> 1,
        }
    }

    /// Memory a build of the tables takes at its peak, in bytes: the
    /// tables finished so far, plus for the table being built its byte
    /// table and three bitmaps with one lane of 8 or 16 bits per placement
    /// (see `build.rs`), or afterwards the byte table and its four-bit form.
    pub fn build_memory_bytes(&self) -> u64 {
        let n = self.rows * self.cols;
        let mut finished = 0u64;
        let mut peak = 0u64;
        for g in 0..self.groups.len() {
            let entries = self.table_len(g) as u64;
            let lane_bytes = if n - self.groups[g].len() <= 8 { 1 } else { 2 };
            let stored = match self.entries {
                Entries::Bytes => 0,
                Entries::Nibbles => self.table_bytes(g) as u64,
            };
            peak = peak.max(finished + entries + (3 * lane_bytes * entries).max(stored));
            finished += self.table_bytes(g) as u64;
        }
        peak
    }

    /// The group sizes joined by dashes: `6-6-3`, `8-7`.
    pub fn partition(&self) -> String {
        self.groups.iter().map(|g| g.len().to_string()).collect::<Vec<_>>().join("-")
    }

    /// A one-line description, also used to name and check cache files:
    /// `4x4 mirror 1,5,6,9,10,13/7,8,11,12,14,15/2,3,4`, with ` nibbles`
    /// after it for four-bit entries.
    pub fn key(&self) -> String {
        let groups: Vec<String> =
            self.groups.iter().map(|g| g.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(",")).collect();
        let entries = match self.entries {
            Entries::Bytes => "",
            Entries::Nibbles => " nibbles",
        };
        format!(
            "{}x{} {} {}{entries}",
            self.rows,
            self.cols,
            if self.mirror { "mirror" } else { "plain" },
            groups.join("/")
        )
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

/// Bytes that tables are read from in place, shared between threads: a
/// read-only file mapping, or any buffer.
pub type SharedBytes = Arc<dyn AsRef<[u8]> + Send + Sync>;

/// Where the table bytes live.
#[derive(Clone)]
enum Storage {
    /// One buffer per table (a fresh build).
    Owned(Vec<Vec<u8>>),
    /// Every table a range of one shared buffer (a mapped cache file).
    Shared { bytes: SharedBytes, ranges: Vec<Range<usize>> },
}

impl Storage {
    fn table(&self, g: usize) -> &[u8] {
        match self {
            Storage::Owned(tables) => &tables[g],
            Storage::Shared { bytes, ranges } => &(**bytes).as_ref()[ranges[g].clone()],
        }
    }

    fn count(&self) -> usize {
        match self {
            Storage::Owned(tables) => tables.len(),
            Storage::Shared { ranges, .. } => ranges.len(),
        }
    }
}

impl std::fmt::Debug for Storage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sizes: Vec<usize> = (0..self.count()).map(|g| self.table(g).len()).collect();
        let kind = if matches!(self, Storage::Owned(_)) { "owned" } else { "shared" };
        write!(f, "{kind} tables of {sizes:?} bytes")
    }
}

/// The built tables of a [`PatternSpec`], ready for lookups.
#[derive(Clone, Debug)]
pub struct PatternDatabase {
    spec: PatternSpec,
    tables: Storage,
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
    /// `distance[tile][cell]`: Manhattan distance home (for four-bit entries).
    distance: [[u8; MAX_PACKED_CELLS]; MAX_PACKED_CELLS],
}

impl PatternDatabase {
    /// Builds every table of `spec` by breadth-first search, one table after
    /// the other, each on up to `threads` threads (the caller decides how
    /// many), reporting progress on the calling thread.
    pub fn build(spec: PatternSpec, threads: usize, mut progress: impl FnMut(BuildProgress)) -> PatternDatabase {
        let grid = Grid::new(spec.rows, spec.cols).expect("checked by the spec");
        let total: u64 = (0..spec.groups.len()).map(|g| spec.table_len(g) as u64).sum();
        let threads = threads.clamp(1, 16);
        let mut done = 0u64;
        let distance = manhattan(spec.rows, spec.cols);
        let tables = spec
            .groups
            .iter()
            .map(|group| {
                let tiles: Vec<u8> = group.iter().map(|&t| t as u8).collect();
                let bytes = super::build::build_table(&grid, &tiles, threads, &mut |filled| {
                    done += filled;
                    progress(BuildProgress { done, total });
                });
                match spec.entries {
                    Entries::Bytes => bytes,
                    Entries::Nibbles => to_nibbles(&bytes, &tiles, grid.len(), &distance),
                }
            })
            .collect();
        PatternDatabase::from_tables(spec, tables).expect("a fresh build fits its spec")
    }

    /// Wraps tables built earlier, checking their sizes and that the goal
    /// costs 0 in each.
    pub fn from_tables(spec: PatternSpec, tables: Vec<Vec<u8>>) -> Result<PatternDatabase, PdbError> {
        PatternDatabase::with_storage(spec, Storage::Owned(tables))
    }

    /// Wraps tables read in place from one shared buffer (a mapped cache
    /// file), table `g` at `ranges[g]`, with the same checks as
    /// [`from_tables`](Self::from_tables). Lookups read the buffer directly:
    /// nothing is copied.
    pub fn from_shared(
        spec: PatternSpec,
        bytes: SharedBytes,
        ranges: Vec<Range<usize>>,
    ) -> Result<PatternDatabase, PdbError> {
        let len = (*bytes).as_ref().len();
        if let Some(g) = ranges.iter().position(|r| r.start > r.end || r.end > len) {
            return Err(PdbError::TableLength {
                table: g,
                found: len.saturating_sub(ranges[g].start),
                expected: ranges[g].len(),
            });
        }
        PatternDatabase::with_storage(spec, Storage::Shared { bytes, ranges })
    }

    fn with_storage(spec: PatternSpec, tables: Storage) -> Result<PatternDatabase, PdbError> {
        let n = spec.rows * spec.cols;
        if tables.count() != spec.groups.len() {
            return Err(PdbError::TableLength { table: tables.count(), found: 0, expected: spec.groups.len() });
        }
        let mut tiles = [[0u8; MAX_GROUP_TILES]; MAX_GROUPS];
        let mut sizes = [0usize; MAX_GROUPS];
        let mut group_of = [u8::MAX; MAX_PACKED_CELLS];
        for (g, group) in spec.groups.iter().enumerate() {
            if tables.table(g).len() != spec.table_bytes(g) {
                let found = tables.table(g).len();
                return Err(PdbError::TableLength { table: g, found, expected: spec.table_bytes(g) });
            }
            sizes[g] = group.len();
            for (i, &t) in group.iter().enumerate() {
                tiles[g][i] = t as u8;
                group_of[t as usize] = g as u8;
            }
            let home: Vec<u8> = group.iter().map(|&t| t as u8 - 1).collect();
            if entry(tables.table(g), rank(&home, n), spec.entries) != 0 {
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
        let distance = manhattan(spec.rows, spec.cols);
        Ok(PatternDatabase {
            spec,
            tables,
            n,
            tiles,
            sizes,
            group_of,
            mirror_src,
            mirror_group_of,
            mirror_cell,
            distance,
        })
    }

    /// The spec the tables were built for.
    pub fn spec(&self) -> &PatternSpec {
        &self.spec
    }

    /// The tables, one per group, as stored.
    pub fn tables(&self) -> Vec<&[u8]> {
        (0..self.tables.count()).map(|g| self.tables.table(g)).collect()
    }

    /// Whether the tables are read in place from a shared buffer (a mapped
    /// file) rather than held by this database.
    pub fn is_shared(&self) -> bool {
        matches!(self.tables, Storage::Shared { .. })
    }

    /// Bytes held by the tables.
    pub fn size_bytes(&self) -> usize {
        (0..self.tables.count()).map(|g| self.tables.table(g).len()).sum()
    }

    /// The lower bound for a board of the spec's shape.
    pub fn estimate(&self, board: &Board) -> Result<u32, SearchError> {
        self.check_shape(board)?;
        let (cells, pos) = super::arrays(board);
        Ok(match self.spec.entries {
            Entries::Bytes => Lookup::<false>::new(self).evaluate(&cells, &pos).1,
            Entries::Nibbles => Lookup::<true>::new(self).evaluate(&cells, &pos).1,
        })
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
}

/// `distance[tile][cell]`: Manhattan distance from the cell to the tile's home.
fn manhattan(rows: usize, cols: usize) -> [[u8; MAX_PACKED_CELLS]; MAX_PACKED_CELLS] {
    let mut distance = [[0u8; MAX_PACKED_CELLS]; MAX_PACKED_CELLS];
    for (tile, row) in distance.iter_mut().enumerate().take(rows * cols).skip(1) {
        let home = tile - 1;
        for (cell, d) in row.iter_mut().enumerate().take(rows * cols) {
            *d = ((cell / cols).abs_diff(home / cols) + (cell % cols).abs_diff(home % cols)) as u8;
        }
    }
    distance
}

/// One entry of a stored table.
fn entry(table: &[u8], index: usize, entries: Entries) -> u8 {
    match entries {
        Entries::Bytes => table[index],
        Entries::Nibbles => (table[index >> 1] >> ((index & 1) << 2)) & 0xF,
    }
}

/// A byte table (moves) as four-bit entries: half the moves beyond the
/// placement's Manhattan distance, capped at 15.
fn to_nibbles(bytes: &[u8], tiles: &[u8], n: usize, distance: &[[u8; MAX_PACKED_CELLS]; MAX_PACKED_CELLS]) -> Vec<u8> {
    let mut out = vec![0u8; bytes.len().div_ceil(2)];
    for_each_placement(n, tiles.len(), |index, at| {
        let md: u8 = at.iter().zip(tiles).map(|(&cell, &t)| distance[t as usize][cell as usize]).sum();
        let moves = bytes[index];
        debug_assert!(moves != UNSET && moves >= md && (moves - md) % 2 == 0, "parity of the moves");
        let excess = ((moves - md) / 2).min(NIBBLE_MAX);
        out[index >> 1] |= excess << ((index & 1) << 2);
    });
    out
}

/// The tables read as a lower bound, for entries of one kind
/// (`NIBBLES`: four-bit entries over the Manhattan distance). Holds each
/// table as a plain slice, taken once per search, so a lookup is one load.
#[derive(Clone, Copy)]
pub(crate) struct Lookup<'a, const NIBBLES: bool> {
    db: &'a PatternDatabase,
    tables: [&'a [u8]; MAX_GROUPS],
}

/// Per-node values: each group's entry, plain and mirrored, their sums,
/// and (four-bit entries) the Manhattan distance of the whole board, which
/// the mirrored board shares.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GroupValues {
    values: [u8; MAX_GROUPS],
    mirrored: [u8; MAX_GROUPS],
    sum: u16,
    mirrored_sum: u16,
    manhattan: u16,
}

impl<'a, const NIBBLES: bool> Lookup<'a, NIBBLES> {
    pub(crate) fn new(db: &'a PatternDatabase) -> Self {
        let mut tables: [&[u8]; MAX_GROUPS] = [&[]; MAX_GROUPS];
        for (g, table) in tables.iter_mut().enumerate().take(db.tables.count()) {
            *table = db.tables.table(g);
        }
        Lookup { db, tables }
    }

    /// The entry of group `g` for the tiles at `at` (read as stored).
    #[inline]
    fn stored(&self, g: usize, at: &[u8]) -> u8 {
        let index = rank(at, self.db.n);
        if NIBBLES { (self.tables[g][index >> 1] >> ((index & 1) << 2)) & 0xF } else { self.tables[g][index] }
    }

    #[inline]
    fn value(&self, g: usize, pos: &[u8; MAX_PACKED_CELLS]) -> u8 {
        let mut at = [0u8; MAX_GROUP_TILES];
        for i in 0..self.db.sizes[g] {
            at[i] = pos[self.db.tiles[g][i] as usize];
        }
        self.stored(g, &at[..self.db.sizes[g]])
    }

    #[inline]
    fn mirror_value(&self, g: usize, pos: &[u8; MAX_PACKED_CELLS]) -> u8 {
        let mut at = [0u8; MAX_GROUP_TILES];
        for i in 0..self.db.sizes[g] {
            at[i] = self.db.mirror_cell[pos[self.db.mirror_src[g][i] as usize] as usize];
        }
        self.stored(g, &at[..self.db.sizes[g]])
    }

    /// The bound from the entry sums.
    #[inline]
    fn bound(v: &GroupValues, sum: u16) -> u32 {
        if NIBBLES { u32::from(v.manhattan + 2 * sum) } else { u32::from(sum) }
    }
}

impl<const NIBBLES: bool> Estimator for Lookup<'_, NIBBLES> {
    type Aux = GroupValues;

    fn evaluate(&self, _cells: &[u8; MAX_PACKED_CELLS], pos: &[u8; MAX_PACKED_CELLS]) -> (GroupValues, u32) {
        let db = self.db;
        let mut v =
            GroupValues { values: [0; MAX_GROUPS], mirrored: [0; MAX_GROUPS], sum: 0, mirrored_sum: 0, manhattan: 0 };
        for (distance, &cell) in db.distance.iter().zip(pos).take(db.n).skip(1) {
            v.manhattan += u16::from(distance[cell as usize]);
        }
        for g in 0..db.spec.groups.len() {
            v.values[g] = self.value(g, pos);
            v.sum += u16::from(v.values[g]);
            if db.spec.mirror {
                v.mirrored[g] = self.mirror_value(g, pos);
                v.mirrored_sum += u16::from(v.mirrored[g]);
            }
        }
        (v, Self::bound(&v, v.sum.max(v.mirrored_sum)))
    }

    #[inline]
    fn update(
        &self,
        v: &mut GroupValues,
        _cells: &[u8; MAX_PACKED_CELLS],
        pos: &[u8; MAX_PACKED_CELLS],
        tile: u8,
        from: usize,
        to: usize,
        budget: u32,
    ) -> u32 {
        let db = self.db;
        if NIBBLES {
            let d = &db.distance[tile as usize];
            v.manhattan = v.manhattan + u16::from(d[to]) - u16::from(d[from]);
        }
        let g = db.group_of[tile as usize] as usize;
        let new = self.value(g, pos);
        v.sum = v.sum + u16::from(new) - u16::from(v.values[g]);
        v.values[g] = new;
        let plain = Self::bound(v, v.sum);
        if !db.spec.mirror || plain > budget {
            // Pruned on the plain sum alone: the mirrored values are not
            // needed (this child is never expanded, so they may go stale).
            return plain;
        }
        let mg = db.mirror_group_of[tile as usize] as usize;
        let new = self.mirror_value(mg, pos);
        v.mirrored_sum = v.mirrored_sum + u16::from(new) - u16::from(v.mirrored[mg]);
        v.mirrored[mg] = new;
        Self::bound(v, v.sum.max(v.mirrored_sum))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let pdb = PatternDatabase::build(spec, 1, |_| {});
        let exact = crate::search::bfs::distances_from_goal(2, 3).unwrap();
        for seed in 0..50 {
            let board = Board::scrambled(2, 3, crate::Scramble::Uniform, seed).unwrap();
            assert_eq!(Some(pdb.estimate(&board).unwrap()), exact.distance(&board));
        }
    }
}
