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
//! # // The searches' own modules are public with the feature `testing`.
//! # #[cfg(feature = "testing")] {
//! use fifteen_core::Board;
//! use fifteen_core::search::optimal::{PatternDatabase, PatternSpec};
//! let spec = PatternSpec::new(3, 3, vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]], true).unwrap();
//! let pdb = PatternDatabase::build(spec, 1, |_| {});
//! let board: Board = "1 2 3\n4 5 6\n7 _ 8".parse().unwrap();
//! assert_eq!(pdb.estimate(&board).unwrap(), 1);
//! # }
//! ```

use std::ops::Range;
use std::sync::Arc;

use crate::board::{Board, Tile};
use crate::search::SearchError;
use crate::search::packed::MAX_PACKED_CELLS;

use super::placement::{MAX_GROUP_TILES, MAX_PATTERN_CELLS, UNSET, for_each_placement, rank};
use super::{Child, Estimator};

/// The most groups a spec of a board of up to 16 cells may have (what the
/// optimal solver's lookup holds per node).
pub(crate) const MAX_GROUPS: usize = 4;

/// The most groups a spec of a bigger board may have (17 groups of at
/// most 3 tiles on a 7×7).
pub(crate) const MAX_BIG_GROUPS: usize = 24;

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
    /// one-byte entries: up to 4 groups on boards of up to 16 cells (the
    /// optimal solver's), up to 24 on boards of 17 to 49 cells (the near
    /// solver's).
    pub fn new(rows: usize, cols: usize, groups: Vec<Vec<Tile>>, mirror: bool) -> Result<PatternSpec, PdbError> {
        let n = rows * cols;
        if rows < 2 || cols < 2 || n > MAX_PATTERN_CELLS {
            return Err(PdbError::BadGroups(format!("a {rows}×{cols} board is not 2×2 to {MAX_PATTERN_CELLS} cells")));
        }
        let max_groups = if n <= MAX_PACKED_CELLS { MAX_GROUPS } else { MAX_BIG_GROUPS };
        if groups.is_empty() || groups.len() > max_groups {
            return Err(PdbError::BadGroups(format!("1 to {max_groups} groups, not {}", groups.len())));
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
    /// table and three bitmaps with one lane of 8, 16, 32 or 64 bits per
    /// placement (see `build.rs`), or afterwards the byte table and its
    /// four-bit form.
    pub fn build_memory_bytes(&self) -> u64 {
        let n = self.rows * self.cols;
        let mut finished = 0u64;
        let mut peak = 0u64;
        for g in 0..self.groups.len() {
            let entries = self.table_len(g) as u64;
            let lane_bytes = u64::from(super::build::lane_bits(n - self.groups[g].len()) / 8);
            let stored = match self.entries {
                Entries::Bytes => 0,
                Entries::Nibbles => self.table_bytes(g) as u64,
            };
            peak = peak.max(finished + entries + (3 * lane_bytes * entries).max(stored));
            finished += self.table_bytes(g) as u64;
        }
        peak
    }

    /// About how long a build of the tables takes on `threads` cores, in
    /// seconds: each table's entries times the processor time an entry took
    /// in builds measured on a shared machine of two 2.5 GHz cores, by the
    /// lane of its bitmaps (8 bits: 0.42 µs, the 15-puzzle's 7-8 tables;
    /// 32 bits: 1.3 µs, the 5×5's 6-6-6-6 tables, 0.8 µs its 5-5-4-5-5;
    /// 16 and 64 bits in between and beyond). A rough guide, not a promise:
    /// another machine, or other programs on it, change it.
    pub fn build_seconds(&self, threads: usize) -> f64 {
        let n = self.rows * self.cols;
        let micros: f64 = (0..self.groups.len())
            .map(|g| {
                let per_entry = match super::build::lane_bits(n - self.groups[g].len()) {
                    8 => 0.42,
                    16 => 0.8,
                    32 => 1.3,
                    _ => 2.0,
                };
                self.table_len(g) as f64 * per_entry
            })
            .sum();
        micros / 1e6 / threads.max(1) as f64
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
pub(crate) type SharedBytes = Arc<dyn AsRef<[u8]> + Send + Sync>;

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

/// The built tables of a `PatternSpec`, ready for lookups.
#[derive(Clone, Debug)]
pub struct PatternDatabase {
    spec: PatternSpec,
    tables: Storage,
    n: usize,
    /// Tiles of each group, in table order.
    tiles: Vec<[u8; MAX_GROUP_TILES]>,
    sizes: Vec<usize>,
    /// Mirror lookup: for each group, the tiles of the unmirrored board whose
    /// mirror images are the group's tiles; and each cell's mirror.
    mirror_src: Vec<[u8; MAX_GROUP_TILES]>,
    mirror_cell: [u8; MAX_PATTERN_CELLS],
    /// `distance[tile][cell]`: Manhattan distance home (for four-bit entries).
    distance: Box<[[u8; MAX_PATTERN_CELLS]; MAX_PATTERN_CELLS]>,
}

impl PatternDatabase {
    testing_pub! {
    /// Builds every table of `spec` by breadth-first search, one table after
    /// the other, each on up to `threads` threads (the caller decides how
    /// many), reporting progress on the calling thread.
    fn build(spec: PatternSpec, threads: usize, mut progress: impl FnMut(BuildProgress)) -> PatternDatabase {
        let n = spec.rows * spec.cols;
        let total: u64 = (0..spec.groups.len()).map(|g| spec.table_len(g) as u64).sum();
        let threads = threads.clamp(1, 16);
        let mut done = 0u64;
        let distance = manhattan(spec.rows, spec.cols);
        let tables = spec
            .groups
            .iter()
            .map(|group| {
                let tiles: Vec<u8> = group.iter().map(|&t| t as u8).collect();
                let bytes = super::build::build_table((spec.rows, spec.cols), &tiles, threads, &mut |filled| {
                    done += filled;
                    progress(BuildProgress { done, total });
                });
                match spec.entries {
                    Entries::Bytes => bytes,
                    Entries::Nibbles => to_nibbles(&bytes, &tiles, n, &distance),
                }
            })
            .collect();
        PatternDatabase::from_tables(spec, tables).expect("a fresh build fits its spec")
    }
    }

    /// Wraps tables built earlier, checking their sizes and that the goal
    /// costs 0 in each.
    pub(crate) fn from_tables(spec: PatternSpec, tables: Vec<Vec<u8>>) -> Result<PatternDatabase, PdbError> {
        PatternDatabase::with_storage(spec, Storage::Owned(tables))
    }

    /// Wraps tables read in place from one shared buffer (a mapped cache
    /// file), table `g` at `ranges[g]`, with the same checks as
    /// [`from_tables`](Self::from_tables). Lookups read the buffer directly:
    /// nothing is copied.
    pub(crate) fn from_shared(
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
        let groups = spec.groups.len();
        let mut tiles = vec![[0u8; MAX_GROUP_TILES]; groups];
        let mut sizes = vec![0usize; groups];
        for (g, group) in spec.groups.iter().enumerate() {
            if tables.table(g).len() != spec.table_bytes(g) {
                let found = tables.table(g).len();
                return Err(PdbError::TableLength { table: g, found, expected: spec.table_bytes(g) });
            }
            sizes[g] = group.len();
            for (i, &t) in group.iter().enumerate() {
                tiles[g][i] = t as u8;
            }
            let home: Vec<u8> = group.iter().map(|&t| t as u8 - 1).collect();
            if entry(tables.table(g), rank(&home, n), spec.entries) != 0 {
                return Err(PdbError::BadContent(g));
            }
        }
        // Mirror in the main diagonal: cell (r, c) ↔ (c, r); the tile whose
        // home is (r, c) ↔ the tile whose home is (c, r).
        let mut mirror_cell = [0u8; MAX_PATTERN_CELLS];
        let mut mirror_tile = [0u8; MAX_PATTERN_CELLS];
        let mut mirror_src = vec![[0u8; MAX_GROUP_TILES]; groups];
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
        }
        let distance = manhattan(spec.rows, spec.cols);
        Ok(PatternDatabase { spec, tables, n, tiles, sizes, mirror_src, mirror_cell, distance })
    }

    testing_pub! {
    /// The spec the tables were built for.
    fn spec(&self) -> &PatternSpec {
        &self.spec
    }
    }

    /// The partition of the tiles the tables are for: `6-6-3`, `7-8`.
    pub fn partition(&self) -> String {
        self.spec.partition()
    }

    testing_pub! {
    /// The tables, one per group, as stored.
    fn tables(&self) -> Vec<&[u8]> {
        (0..self.tables.count()).map(|g| self.tables.table(g)).collect()
    }
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

    testing_pub! {
    /// The lower bound for a board of the spec's shape.
    fn estimate(&self, board: &Board) -> Result<u32, SearchError> {
        self.check_shape(board)?;
        if self.n > MAX_PACKED_CELLS {
            let mut pos = [0u8; MAX_PATTERN_CELLS];
            for (cell, &tile) in board.cells().iter().enumerate() {
                pos[tile as usize] = cell as u8;
            }
            return Ok(self.estimate_from_scratch(&pos));
        }
        let (cells, pos) = super::arrays(board);
        Ok(match self.spec.entries {
            Entries::Bytes => Lookup::<false>::new(self).evaluate(&cells, &pos).1,
            Entries::Nibbles => Lookup::<true>::new(self).evaluate(&cells, &pos).1,
        })
    }
    }

    /// The bound for a board given as `pos[tile]` = cell, ranked from
    /// scratch: any size, any entries (the optimal solver's incremental
    /// [`Lookup`] serves boards of up to 16 cells).
    pub(crate) fn estimate_from_scratch(&self, pos: &[u8]) -> u32 {
        let views = if self.spec.mirror { 2 } else { 1 };
        let mut best = 0;
        for view in 0..views {
            let mut sum = 0u32;
            for g in 0..self.sizes.len() {
                let index = self.group_index(g, view == 1, pos);
                sum += u32::from(entry(self.tables.table(g), index, self.spec.entries));
            }
            if self.spec.entries == Entries::Nibbles {
                let md: u32 = (1..self.n).map(|t| u32::from(self.distance[t][usize::from(pos[t])])).sum();
                sum = md + 2 * sum;
            }
            best = best.max(sum);
        }
        best
    }

    /// Group `g`'s index for a board given as `pos[tile]` = cell, as it is
    /// or (`mirrored`) mirrored in its main diagonal.
    #[inline]
    pub(crate) fn group_index(&self, g: usize, mirrored: bool, pos: &[u8]) -> usize {
        let k = self.sizes[g];
        let mut at = [0u8; MAX_GROUP_TILES];
        if mirrored {
            for (cell, &tile) in at.iter_mut().zip(&self.mirror_src[g][..k]) {
                *cell = self.mirror_cell[usize::from(pos[usize::from(tile)])];
            }
        } else {
            for (cell, &tile) in at.iter_mut().zip(&self.tiles[g][..k]) {
                *cell = pos[usize::from(tile)];
            }
        }
        rank(&at[..k], self.n)
    }

    /// The groups of tiles, each in table order, as they are (`mirrored`
    /// false) or the tiles whose mirror images they are.
    pub(crate) fn group_tiles(&self, g: usize, mirrored: bool) -> &[u8] {
        if mirrored { &self.mirror_src[g][..self.sizes[g]] } else { &self.tiles[g][..self.sizes[g]] }
    }

    /// Whether the board is looked up mirrored as well.
    pub(crate) fn mirrored(&self) -> bool {
        self.spec.mirror
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
fn manhattan(rows: usize, cols: usize) -> Box<[[u8; MAX_PATTERN_CELLS]; MAX_PATTERN_CELLS]> {
    let mut distance = Box::new([[0u8; MAX_PATTERN_CELLS]; MAX_PATTERN_CELLS]);
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
fn to_nibbles(
    bytes: &[u8],
    tiles: &[u8],
    n: usize,
    distance: &[[u8; MAX_PATTERN_CELLS]; MAX_PATTERN_CELLS],
) -> Vec<u8> {
    let mut out = vec![0u8; bytes.len().div_ceil(2)];
    for_each_placement(n, tiles.len(), |index, at| {
        let md: u8 = at.iter().zip(tiles).map(|(&cell, &t)| distance[t as usize][cell as usize]).sum();
        let moves = bytes[index];
        debug_assert!(moves != UNSET && moves >= md && (moves - md).is_multiple_of(2), "parity of the moves");
        let excess = ((moves - md) / 2).min(NIBBLE_MAX);
        out[index >> 1] |= excess << ((index & 1) << 2);
    });
    out
}

/// The tables read as a lower bound, for entries of one kind
/// (`NIBBLES`: four-bit entries over the Manhattan distance). Holds each
/// table as a plain slice, taken once per search, so a lookup is one load.
///
/// The board is looked up in up to two *views*: as it is (view 0) and, with
/// the mirror lookup, mirrored in its main diagonal (view 1). A node keeps
/// each group's index in each view, and a child's index is worked out from
/// its parent's: a slide changes the moved tile's digit of the rank, and
/// the digits of the group's tiles on the cells it passes over (none for a
/// slide along the view's rows, `cols − 1` for a slide across them).
#[derive(Clone, Copy)]
pub(crate) struct Lookup<'a, const NIBBLES: bool> {
    db: &'a PatternDatabase,
    tables: [&'a [u8]; MAX_GROUPS],
    views: usize,
    /// `slot[view][tile]`: the tile's group in that view and its digit in
    /// the group's rank (the blank: group `u8::MAX`).
    slot: [[(u8, u8); MAX_PACKED_CELLS]; 2],
    /// `view_cell[view][cell]`: where the cell is in the view (an involution).
    view_cell: [[u8; MAX_PACKED_CELLS]; 2],
    /// `weight[g][digit]`: how much one step of that digit moves the index.
    weight: [[u32; MAX_GROUP_TILES]; MAX_GROUPS],
}

/// Per-node values: each group's index and entry in each view, the sum of
/// each view's entries, and (four-bit entries; else 0) the Manhattan
/// distance of the whole board, which both views share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct GroupValues {
    index: [[u32; MAX_GROUPS]; 2],
    values: [[u8; MAX_GROUPS]; 2],
    sums: [u16; 2],
    manhattan: u16,
}

impl<'a, const NIBBLES: bool> Lookup<'a, NIBBLES> {
    pub(crate) fn new(db: &'a PatternDatabase) -> Self {
        let mut tables: [&[u8]; MAX_GROUPS] = [&[]; MAX_GROUPS];
        for (g, table) in tables.iter_mut().enumerate().take(db.tables.count()) {
            *table = db.tables.table(g);
        }
        let views = if db.spec.mirror { 2 } else { 1 };
        let mut slot = [[(u8::MAX, 0); MAX_PACKED_CELLS]; 2];
        let view_cell = [std::array::from_fn(|cell| cell as u8), std::array::from_fn(|cell| db.mirror_cell[cell])];
        let mut weight = [[0u32; MAX_GROUP_TILES]; MAX_GROUPS];
        for g in 0..db.spec.groups.len() {
            let k = db.sizes[g];
            for digit in 0..k {
                weight[g][digit] = (digit + 1..k).map(|m| (db.n - m) as u32).product();
                slot[0][usize::from(db.tiles[g][digit])] = (g as u8, digit as u8);
                slot[1][usize::from(db.mirror_src[g][digit])] = (g as u8, digit as u8);
            }
        }
        Lookup { db, tables, views, slot, view_cell, weight }
    }

    /// Group `g`'s index in `view`, ranked from scratch.
    fn index(&self, g: usize, view: usize, pos: &[u8; MAX_PACKED_CELLS]) -> u32 {
        let db = self.db;
        let tiles = if view == 1 { &db.mirror_src[g] } else { &db.tiles[g] };
        let mut at = [0u8; MAX_GROUP_TILES];
        for (cell, &tile) in at.iter_mut().zip(tiles).take(db.sizes[g]) {
            *cell = self.view_cell[view][usize::from(pos[usize::from(tile)])];
        }
        rank(&at[..db.sizes[g]], db.n) as u32
    }

    /// The index, in `view`, of the moved tile's group after it slid from
    /// `from` into the blank at `to`, from the index before (`cells` shows
    /// the board before or after the slide: only the cells between the two
    /// are read).
    #[inline]
    fn moved_index(
        &self,
        view: usize,
        index: u32,
        cells: &[u8; MAX_PACKED_CELLS],
        tile: u8,
        from: u8,
        to: usize,
    ) -> u32 {
        let (g, digit) = self.slot[view][usize::from(tile)];
        let weight = &self.weight[usize::from(g)];
        let (a, b) = (i32::from(self.view_cell[view][usize::from(from)]), i32::from(self.view_cell[view][to]));
        let step = if b > a { 1 } else { -1 };
        let mut delta = (b - a) * weight[usize::from(digit)] as i32;
        // A group tile between the two cells: one ranked before the moved
        // tile shifts the moved tile's digit back by one; one ranked after
        // it has one free cell more (or fewer) below it.
        let mut c = a + step;
        while c != b {
            let (other, d) = self.slot[view][usize::from(cells[usize::from(self.view_cell[view][c as usize])])];
            if other == g {
                delta +=
                    step * if d < digit { -(weight[usize::from(digit)] as i32) } else { weight[usize::from(d)] as i32 };
            }
            c += step;
        }
        index.wrapping_add_signed(delta)
    }

    /// The byte of group `g`'s table that holds entry `index`.
    #[inline]
    fn load(&self, g: usize, index: u32) -> u8 {
        let index = index as usize;
        if NIBBLES { self.tables[g][index >> 1] } else { self.tables[g][index] }
    }

    /// Entry `index` from the byte [`load`](Self::load) read.
    #[inline]
    fn entry(byte: u8, index: u32) -> u8 {
        if NIBBLES { (byte >> ((index & 1) << 2)) & 0xF } else { byte }
    }

    /// The bound from a view's entry sum.
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
            GroupValues { index: [[0; MAX_GROUPS]; 2], values: [[0; MAX_GROUPS]; 2], sums: [0; 2], manhattan: 0 };
        if NIBBLES {
            for (distance, &cell) in db.distance.iter().zip(pos).take(db.n).skip(1) {
                v.manhattan += u16::from(distance[cell as usize]);
            }
        }
        for view in 0..self.views {
            for g in 0..db.spec.groups.len() {
                let index = self.index(g, view, pos);
                v.index[view][g] = index;
                v.values[view][g] = Self::entry(self.load(g, index), index);
                v.sums[view] += u16::from(v.values[view][g]);
            }
        }
        (v, Self::bound(&v, v.sums[0].max(v.sums[1])))
    }

    fn children(
        &self,
        v: &GroupValues,
        cells: &mut [u8; MAX_PACKED_CELLS],
        _pos: &mut [u8; MAX_PACKED_CELLS],
        blank: usize,
        children: &[Child],
        out: &mut [(GroupValues, u32)],
    ) {
        // Every child's index in every view first, with no branch on what
        // is read, so that all the reads (cache misses, mostly) are under
        // way together; reading a view that the other alone would have cut
        // costs less than waiting for one read after the other.
        let mut read = [[0u8; 2]; 4];
        for ((child, slot), bytes) in children.iter().zip(out.iter_mut()).zip(&mut read) {
            let mut w = *v;
            for (view, byte) in bytes.iter_mut().enumerate().take(self.views) {
                let g = usize::from(self.slot[view][usize::from(child.tile)].0);
                w.index[view][g] = self.moved_index(view, w.index[view][g], cells, child.tile, child.from, blank);
                *byte = self.load(g, w.index[view][g]);
            }
            *slot = (w, 0);
        }
        for ((child, (w, bound)), bytes) in children.iter().zip(out.iter_mut()).zip(&read) {
            let tile = usize::from(child.tile);
            if NIBBLES {
                let d = &self.db.distance[tile];
                w.manhattan = w.manhattan + u16::from(d[blank]) - u16::from(d[usize::from(child.from)]);
            }
            for (view, &byte) in bytes.iter().enumerate().take(self.views) {
                let g = usize::from(self.slot[view][tile].0);
                w.set(view, g, Self::entry(byte, w.index[view][g]));
            }
            *bound = Self::bound(w, w.sums[0].max(w.sums[1]));
        }
    }
}

impl GroupValues {
    /// Sets group `g`'s entry in `view` and returns that view's new sum.
    #[inline]
    fn set(&mut self, view: usize, g: usize, value: u8) -> u16 {
        self.sums[view] = self.sums[view] + u16::from(value) - u16::from(self.values[view][g]);
        self.values[view][g] = value;
        self.sums[view]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::optimal::arrays;
    use crate::search::packed::{NO_CELL, PackedGrid};

    /// Every child's values, worked out from its parent's, equal the
    /// child's values worked out from scratch, along a long random walk.
    fn children_match_from_scratch<const NIBBLES: bool>(pdb: &PatternDatabase, seed: u64) {
        let lookup = Lookup::<NIBBLES>::new(pdb);
        let (rows, cols) = (pdb.spec.rows, pdb.spec.cols);
        let grid = PackedGrid::new(rows, cols).unwrap();
        let board = Board::scrambled(rows, cols, crate::Scramble::Uniform, seed).unwrap();
        let (mut cells, mut pos) = arrays(&board);
        let mut random = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for _ in 0..400 {
            let blank = usize::from(pos[0]);
            let (aux, _) = lookup.evaluate(&cells, &pos);
            let children: Vec<Child> = (0..4)
                .filter(|&m| grid.source(blank, m) != NO_CELL)
                .map(|m| {
                    let from = grid.source(blank, m);
                    Child { mv: m as u8, from, tile: cells[usize::from(from)] }
                })
                .collect();
            let mut out = [(aux, 0u32); 4];
            let (before_cells, before_pos) = (cells, pos);
            lookup.children(&aux, &mut cells, &mut pos, blank, &children, &mut out);
            assert_eq!((cells, pos), (before_cells, before_pos), "the node is shown again on return");
            for (child, &(values, h)) in children.iter().zip(&out) {
                let (mut c, mut p) = (cells, pos);
                let from = usize::from(child.from);
                c[blank] = child.tile;
                c[from] = 0;
                p[usize::from(child.tile)] = blank as u8;
                p[0] = child.from;
                assert_eq!(lookup.evaluate(&c, &p), (values, h), "{rows}×{cols}, seed {seed}");
            }
            random ^= random << 13;
            random ^= random >> 7;
            random ^= random << 17;
            let child = children[(random % children.len() as u64) as usize];
            let from = usize::from(child.from);
            cells[blank] = child.tile;
            cells[from] = 0;
            pos[usize::from(child.tile)] = blank as u8;
            pos[0] = child.from;
        }
    }

    #[test]
    fn a_childs_table_indices_follow_from_its_parents() {
        let fifteen = PatternSpec::new(
            4,
            4,
            vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8], vec![9, 10, 11, 12], vec![13, 14, 15]],
            true,
        )
        .unwrap();
        let mirrored = PatternDatabase::build(fifteen.clone(), 1, |_| {});
        let nibbles = PatternDatabase::build(fifteen.with_entries(Entries::Nibbles), 1, |_| {});
        let eight = PatternSpec::new(3, 3, vec![vec![5, 1, 2, 3], vec![8, 7, 6, 4]], true).unwrap();
        let eight = PatternDatabase::build(eight, 1, |_| {});
        let wide = PatternSpec::new(2, 4, vec![vec![7, 1, 5], vec![2, 3, 4, 6]], false).unwrap();
        let wide = PatternDatabase::build(wide, 1, |_| {});
        for seed in 0..3 {
            children_match_from_scratch::<false>(&mirrored, seed);
            children_match_from_scratch::<true>(&nibbles, seed);
            children_match_from_scratch::<false>(&eight, seed);
            children_match_from_scratch::<false>(&wide, seed);
        }
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
        let pdb = PatternDatabase::build(spec, 1, |_| {});
        let exact = crate::search::bfs::distances_from_goal(2, 3).unwrap();
        for seed in 0..50 {
            let board = Board::scrambled(2, 3, crate::Scramble::Uniform, seed).unwrap();
            assert_eq!(Some(pdb.estimate(&board).unwrap()), exact.distance(&board));
        }
    }
}
