//! Exact tables that depend only on a rectangle's shape, built once per
//! process and shared: how far a line is from home ([`LineTable`]), and
//! the fewest moves to finish a rectangle of at most [`REST_CELLS`] cells
//! stage by stage ([`RestTable`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::shape::{Shape, ShapeCut};

/// The most cells a rectangle solved by a [`RestTable`] has (a 3×3: 9!
/// arrangements, built in a few tens of milliseconds).
pub(super) const REST_CELLS: usize = 9;

/// The most entries a [`LineTable`] may have: a 4×5's column of four is
/// 20⁵ ≈ 3.2 million bytes.
const MAX_LINE_ENTRIES: usize = 4_000_000;

/// Not a tile of the line (in [`LineTable`]'s slots).
const NO_SLOT: u8 = u8::MAX;

/// Unreached.
const FAR: u8 = u8::MAX;

/// The fewest moves that put a cut's line home, from every place of its
/// tiles and the blank (the other tiles interchangeable): a breadth-first
/// search back from the goal, over `cells^(tiles+1)` entries.
///
/// An entry is a number in base `cells` whose lowest digit is the blank's
/// cell and whose next digits are the tiles' cells. A move of the blank
/// alone, most of the moves, so goes to a nearby entry (±1 or ± the width),
/// which keeps the search's reads in the cache.
///
/// A left column's table is the top row's of the rectangle turned on its
/// side (rows for columns), read through [`Flip`]: the same numbers, built
/// once.
#[derive(Clone)]
pub(super) struct LineTable {
    cells: usize,
    /// `cells^(k+1)` for the k-th tile's digit (the blank's is 1).
    scale: Vec<usize>,
    /// The slot of each of the line's tiles (by its number, which is its
    /// home, in the table's own rectangle), or `NO_SLOT`.
    slot: [u8; 32],
    moves: Arc<Vec<u8>>,
    /// A cell's or tile's number in the table's own rectangle.
    flip: Flip,
}

/// Numbers of a rectangle's cells in the rectangle turned on its side
/// (`(r, c)` becomes `(c, r)`), and back; or the numbers left as they are.
#[derive(Clone, Copy)]
struct Flip {
    to: [u8; 32],
    back: [u8; 32],
}

impl Flip {
    const SAME: Flip = {
        let mut to = [0u8; 32];
        let mut k = 0;
        while k < 32 {
            to[k] = k as u8;
            k += 1;
        }
        Flip { to, back: to }
    };

    fn turning(shape: Shape) -> Flip {
        let mut flip = Flip::SAME;
        for cell in 0..shape.len() {
            let (r, c) = (cell / shape.width, cell % shape.width);
            let turned = c * shape.height + r;
            flip.to[cell] = turned as u8;
            flip.back[turned] = cell as u8;
        }
        flip
    }

    #[inline]
    fn to(&self, n: usize) -> usize {
        usize::from(self.to[n])
    }

    /// `cells`, an arrangement, as the turned rectangle has it.
    fn arrangement(&self, cells: &[u8], out: &mut [u8]) {
        for (cell, &label) in cells.iter().enumerate() {
            out[self.to(cell)] = self.to[usize::from(label)];
        }
    }
}

/// The rectangle turned on its side, and the cut that becomes.
fn turned(shape: Shape, cut: ShapeCut) -> (Shape, ShapeCut) {
    let cut = match cut {
        ShapeCut::Top => ShapeCut::Left,
        ShapeCut::Left => ShapeCut::Top,
        ShapeCut::All => ShapeCut::All,
    };
    (Shape { height: shape.width, width: shape.height }, cut)
}

impl LineTable {
    fn build(shape: Shape, cut: ShapeCut) -> Option<LineTable> {
        let moves = LineTable::search(shape, cut)?;
        Some(LineTable::of(shape, cut, Arc::new(moves)))
    }

    /// The table's entries, `None` when there would be more than
    /// [`MAX_LINE_ENTRIES`].
    fn entries(shape: Shape, cut: ShapeCut) -> Option<usize> {
        let cells = shape.len();
        cells.checked_pow(shape.line(cut).len() as u32 + 1).filter(|&e| e <= MAX_LINE_ENTRIES && cells <= 32)
    }

    /// The entries the line's tiles at home and the blank anywhere else.
    fn homes(shape: Shape, cut: ShapeCut) -> Vec<usize> {
        let cells = shape.len();
        let tiles = shape.line(cut);
        let home: usize = tiles.iter().enumerate().map(|(k, &t)| t * cells.pow(k as u32 + 1)).sum();
        (0..cells).filter(|c| !tiles.contains(c)).map(|blank| home + blank).collect()
    }

    /// The table read from its entries.
    fn of(shape: Shape, cut: ShapeCut, moves: Arc<Vec<u8>>) -> LineTable {
        let cells = shape.len();
        let tiles = shape.line(cut);
        let scale: Vec<usize> = (1..=tiles.len()).map(|k| cells.pow(k as u32)).collect();
        let mut slot = [NO_SLOT; 32];
        for (k, &tile) in tiles.iter().enumerate() {
            slot[tile] = k as u8;
        }
        LineTable { cells, scale, slot, moves, flip: Flip::SAME }
    }

    /// The breadth-first search that fills the table's entries.
    fn search(shape: Shape, cut: ShapeCut) -> Option<Vec<u8>> {
        let cells = shape.len();
        let tiles = shape.line(cut);
        let entries = LineTable::entries(shape, cut)?;
        let scale: Vec<usize> = (1..=tiles.len()).map(|k| cells.pow(k as u32)).collect();
        let mut moves = vec![FAR; entries];
        // The search goes a level at a time: the entries `d` moves away,
        // then those found one move further (a few more are written past
        // the end of a level and not counted: room for four a state).
        let mut level: Vec<u32> = Vec::new();
        for home in LineTable::homes(shape, cut) {
            moves[home] = 0;
            level.push(home as u32);
        }
        let mut found: Vec<u32> = Vec::new();
        let next_to = Adjacent::of(shape);
        let digit = Digits::new(cells);
        let mut at = vec![0usize; tiles.len()];
        let mut next_moves = 1;
        while !level.is_empty() {
            found.resize(4 * level.len(), 0);
            let mut tail = 0;
            for &i in &level {
                let i = i as usize;
                let (mut rest, blank) = digit.split(i);
                for slot in at.iter_mut() {
                    let (quotient, remainder) = digit.split(rest);
                    *slot = remainder;
                    rest = quotient;
                }
                for &to in next_to.of_cell(blank) {
                    // The tile in `to`, if tracked, slides into the blank's
                    // cell. Without branches on the board: which tile (if
                    // any) and whether the entry is new are too random to
                    // predict.
                    let mut j = i + to - blank;
                    for (&cell, &s) in at.iter().zip(&scale) {
                        let step = blank.wrapping_sub(to).wrapping_mul(s);
                        j = j.wrapping_add(usize::from(cell == to).wrapping_mul(step));
                    }
                    let fresh = moves[j] == FAR;
                    // Breadth-first, an entry already reached is at most this far.
                    moves[j] = moves[j].min(next_moves);
                    found[tail] = j as u32;
                    tail += usize::from(fresh);
                }
            }
            found.truncate(tail);
            std::mem::swap(&mut level, &mut found);
            next_moves += 1;
        }
        Some(moves)
    }

    /// The fewest moves to put the line home from `cells` (an arrangement).
    pub(super) fn moves(&self, cells: &[u8], blank: u8) -> u8 {
        self.moves[self.index(cells, blank)]
    }

    /// The table's entry for an arrangement.
    pub(super) fn index(&self, cells: &[u8], blank: u8) -> usize {
        let mut i = self.flip.to(usize::from(blank));
        for (cell, &label) in cells.iter().enumerate() {
            if let Some(k) = self.slot_of(self.flip.to(usize::from(label))) {
                i += self.flip.to(cell) * self.scale[k];
            }
        }
        i
    }

    /// The entry after the blank moves from `blank` to `to`, where `tile` was.
    #[inline]
    pub(super) fn slide(&self, index: usize, blank: usize, to: usize, tile: u8) -> usize {
        let (blank, to) = (self.flip.to(blank), self.flip.to(to));
        let mut j = index + to - blank;
        if let Some(k) = self.slot_of(self.flip.to(usize::from(tile))) {
            j = j + blank * self.scale[k] - to * self.scale[k];
        }
        j
    }

    #[inline]
    pub(super) fn at(&self, index: usize) -> u8 {
        self.moves[index]
    }

    #[inline]
    fn slot_of(&self, label: usize) -> Option<usize> {
        let slot = self.slot[label];
        (slot != NO_SLOT).then_some(usize::from(slot))
    }

    pub(super) fn cells(&self) -> usize {
        self.cells
    }
}

/// The fewest moves to finish a rectangle of at most [`REST_CELLS`] cells
/// stage by stage (each cut's line home, then only the rest moves), from
/// every arrangement: one table per stage, over the permutations of its
/// rectangle, each filled by a shortest-path search back from the
/// arrangements that finish the stage, weighted by the next stage's table.
///
/// A table whose first cut is a left column is that of the rectangle
/// turned on its side, read through [`Flip`].
pub(super) struct RestTable {
    stages: Arc<Vec<(Shape, ShapeCut, Vec<u8>)>>,
    flip: Option<Flip>,
}

impl RestTable {
    fn build(shape: Shape, cuts: &[ShapeCut]) -> RestTable {
        let mut rects = vec![shape];
        for &cut in &cuts[..cuts.len() - 1] {
            let last = *rects.last().expect("one rectangle at least");
            rects.push(last.after(cut).expect("only the last cut takes all"));
        }
        let mut stages: Vec<(Shape, ShapeCut, Vec<u8>)> = Vec::new();
        for (&shape, &cut) in rects.iter().zip(cuts).rev() {
            let m = shape.len();
            let mut moves = vec![FAR; factorial(m)];
            let mut buckets: Vec<Vec<RestArrangement>> = Vec::new();
            if cut == ShapeCut::All {
                // Rank 0: every cell holds its own number.
                let goal: Vec<u8> = (0..m as u8).collect();
                moves[0] = 0;
                push(&mut buckets, 0, RestArrangement { rank: 0, blank: shape.blank(), packed: pack(&goal) });
            } else {
                let (small, next) = match stages.last() {
                    Some((small, _, next)) => (*small, next),
                    None => unreachable!("the last cut takes all"),
                };
                let mut part = vec![0u8; small.len()];
                let mut whole = vec![0u8; m];
                for cell in shape.line(cut) {
                    whole[cell] = cell as u8;
                }
                for (r, &d) in next.iter().enumerate() {
                    if d == FAR {
                        continue;
                    }
                    unrank(r, &mut part);
                    for (k, &label) in part.iter().enumerate() {
                        whole[shape.grow_label(cut, k)] = shape.grow_label(cut, usize::from(label)) as u8;
                    }
                    let i = rank(&whole);
                    moves[i] = d;
                    let blank = whole.iter().position(|&l| l == shape.blank()).expect("a blank") as u8;
                    push(&mut buckets, d, RestArrangement { rank: i as u32, blank, packed: pack(&whole) });
                }
            }
            search_out(shape, &mut moves, buckets);
            stages.push((shape, cut, moves));
        }
        stages.reverse();
        RestTable { stages: Arc::new(stages), flip: None }
    }

    /// The fewest moves to finish from `cells`, an arrangement of the
    /// first stage's rectangle.
    pub(super) fn moves(&self, cells: &[u8]) -> u8 {
        match &self.flip {
            None => self.stages[0].2[rank(cells)],
            Some(flip) => {
                let mut turned = [0u8; REST_CELLS];
                let turned = &mut turned[..cells.len()];
                flip.arrangement(cells, turned);
                self.stages[0].2[rank(turned)]
            }
        }
    }

    /// The blank's cells, move by move, along a shortest way through the
    /// first stage: to an arrangement with its line home from which the
    /// rest takes the fewest moves. Empty if the line is already there.
    pub(super) fn first_stage(&self, cells: &[u8]) -> Vec<usize> {
        match &self.flip {
            None => self.first_stage_here(cells.to_vec()),
            Some(flip) => {
                let mut turned = vec![0u8; cells.len()];
                flip.arrangement(cells, &mut turned);
                self.first_stage_here(turned).into_iter().map(|cell| usize::from(flip.back[cell])).collect()
            }
        }
    }

    /// [`RestTable::first_stage`] in the table's own rectangle.
    fn first_stage_here(&self, mut cells: Vec<u8>) -> Vec<usize> {
        let (shape, cut, moves) = &self.stages[0];
        let mut blank = cells.iter().position(|&l| l == shape.blank()).expect("a blank");
        let mut path = Vec::new();
        let mut part = Vec::new();
        loop {
            let here = moves[rank(&cells)];
            debug_assert!(here != FAR, "a solvable arrangement");
            if shape.line_home(*cut, &cells) {
                let rest = match self.stages.get(1) {
                    Some((_, _, next)) => {
                        shape.shrink(*cut, &cells, &mut part);
                        next[rank(&part)]
                    }
                    None => 0,
                };
                if rest == here {
                    return path;
                }
            }
            let to = shape
                .neighbours(blank)
                .find(|&to| {
                    cells.swap(blank, to);
                    let closer = moves[rank(&cells)] + 1 == here;
                    cells.swap(blank, to);
                    closer
                })
                .expect("a shortest way goes on");
            cells.swap(blank, to);
            blank = to;
            path.push(to);
        }
    }
}

/// Each cell's neighbours, listed once per shape so the searches need no
/// division to find them.
pub(super) struct Adjacent {
    cells: Vec<([usize; 4], usize)>,
}

impl Adjacent {
    pub(super) fn of(shape: Shape) -> Adjacent {
        let cells = (0..shape.len())
            .map(|cell| {
                let mut list = [0; 4];
                let mut count = 0;
                for to in shape.neighbours(cell) {
                    list[count] = to;
                    count += 1;
                }
                (list, count)
            })
            .collect();
        Adjacent { cells }
    }

    /// The neighbours of `cell`, in the order [`Shape::neighbours`] gives.
    #[inline]
    pub(super) fn of_cell(&self, cell: usize) -> &[usize] {
        let (list, count) = &self.cells[cell];
        &list[..*count]
    }
}

/// Division by a line table's number of cells (at most 32) by a
/// multiplication: a table's entry is split into its slots' cells this way,
/// several times faster than dividing.
#[derive(Clone, Copy)]
struct Digits {
    base: usize,
    /// ⌈2⁴⁰ / base⌉, which is 2⁴⁰ / base plus e / base with e < base ≤ 32:
    /// for n < 2³⁵, n·e < 2⁴⁰, too little to carry (n · reciprocal) >> 40
    /// past n / base.
    reciprocal: u64,
}

impl Digits {
    const fn new(base: usize) -> Digits {
        debug_assert!(base >= 1 && base <= 32);
        Digits { base, reciprocal: (1u64 << 40).div_ceil(base as u64) }
    }

    /// `(n / base, n % base)`.
    #[inline]
    fn split(&self, n: usize) -> (usize, usize) {
        debug_assert!(n < 1 << 35);
        let quotient = ((n as u64 * self.reciprocal) >> 40) as usize;
        (quotient, n - quotient * self.base)
    }
}

/// An arrangement in a rest table's search: its rank, the blank's cell,
/// and its cells four bits each, so that a step needs no [`unrank`].
#[derive(Clone, Copy)]
struct RestArrangement {
    rank: u32,
    blank: u8,
    packed: u64,
}

/// Adds an arrangement `d` moves from the end of its stage.
fn push(buckets: &mut Vec<Vec<RestArrangement>>, d: u8, arrangement: RestArrangement) {
    if buckets.len() <= usize::from(d) {
        buckets.resize_with(usize::from(d) + 1, Vec::new);
    }
    buckets[usize::from(d)].push(arrangement);
}

/// Fills a stage's `moves` outward from the arrangements in `buckets`
/// (bucket d: those d moves from the stage's end), nearest first.
fn search_out(shape: Shape, moves: &mut [u8], mut buckets: Vec<Vec<RestArrangement>>) {
    let next_to = Adjacent::of(shape);
    let mut d = 0;
    while d < buckets.len() {
        let bucket = std::mem::take(&mut buckets[d]);
        for from in &bucket {
            if usize::from(moves[from.rank as usize]) != d {
                continue;
            }
            let at = usize::from(from.blank);
            for &to in next_to.of_cell(at) {
                let packed = swap_nibbles(from.packed, at, to);
                let j = rank_packed(packed, shape.len());
                if usize::from(moves[j]) > d + 1 {
                    moves[j] = (d + 1) as u8;
                    push(&mut buckets, (d + 1) as u8, RestArrangement { rank: j as u32, blank: to as u8, packed });
                }
            }
        }
        d += 1;
    }
}

/// Cells of at most 16 values, four bits each, the first lowest.
fn pack(cells: &[u8]) -> u64 {
    cells.iter().enumerate().fold(0, |packed, (i, &label)| packed | u64::from(label) << (4 * i))
}

/// `packed` with cells `a` and `b` swapped.
#[inline]
fn swap_nibbles(packed: u64, a: usize, b: usize) -> u64 {
    let differ = ((packed >> (4 * a)) ^ (packed >> (4 * b))) & 0xF;
    packed ^ (differ << (4 * a)) ^ (differ << (4 * b))
}

/// [`rank`] of `n` packed cells.
#[inline]
fn rank_packed(packed: u64, n: usize) -> usize {
    debug_assert!(n <= REST_CELLS);
    let mut unseen: u32 = (1 << n) - 1;
    let mut r = 0;
    for i in 0..n {
        let v = (packed >> (4 * i)) & 0xF;
        let smaller = usize::from(ONES[(unseen & ((1 << v) - 1)) as usize]);
        unseen &= !(1 << v);
        r = r * (n - i) + smaller;
    }
    r
}

/// The number of bits set in each number below 2⁹, for [`rank_packed`]
/// (a look-up in the cache is quicker than counting without a popcount
/// instruction, which the baseline x86-64 target lacks).
const ONES: [u8; 1 << REST_CELLS] = {
    let mut ones = [0u8; 1 << REST_CELLS];
    let mut i = 1;
    while i < ones.len() {
        ones[i] = ones[i >> 1] + (i & 1) as u8;
        i += 1;
    }
    ones
};

fn factorial(n: usize) -> usize {
    (1..=n).product()
}

/// The number of a permutation of `0..n` among all `n!` (Lehmer code).
/// The values after position i that are smaller than `perm[i]` are the
/// unseen values below it, counted in a bit set (n is at most 16).
pub(super) fn rank(perm: &[u8]) -> usize {
    let n = perm.len();
    let mut unseen: u32 = (1 << n) - 1;
    let mut r = 0;
    for (i, &v) in perm.iter().enumerate() {
        let smaller = (unseen & ((1 << v) - 1)).count_ones() as usize;
        unseen &= !(1 << v);
        r = r * (n - i) + smaller;
    }
    r
}

/// The permutation numbered `r` by [`rank`], into `out` (its length n is
/// at most 12: 12! is the largest factorial below 2³²). Its digits in the
/// factorial base come by multiplications ([`Digits`]), the k-th unused
/// value by clearing the lowest k bits of a bit set.
pub(super) fn unrank(r: usize, out: &mut [u8]) {
    let n = out.len();
    debug_assert!(n <= 12 && r < factorial(n));
    let mut digits = [0usize; 12];
    let mut r = r;
    for i in (0..n).rev() {
        let (quotient, remainder) = FACTORIAL_BASE[n - i].split(r);
        digits[i] = remainder;
        r = quotient;
    }
    let mut unused: u32 = (1 << n) - 1;
    for (slot, &k) in out.iter_mut().zip(&digits) {
        let mut left = unused;
        for _ in 0..k {
            left &= left - 1;
        }
        let v = left.trailing_zeros();
        unused &= !(1 << v);
        *slot = v as u8;
    }
}

/// Division by 1 to 12, for [`unrank`].
const FACTORIAL_BASE: [Digits; 13] = {
    let mut bases = [Digits::new(1); 13];
    let mut b = 2;
    while b < 13 {
        bases[b] = Digits::new(b);
        b += 1;
    }
    bases
};

/// Tables built so far, by shape, for the process: each built once, by
/// the first thread to ask (one asking meanwhile waits for it), with the
/// map's lock held only to find or add its cell.
struct Cache<K, V>(OnceLock<Mutex<HashMap<K, Arc<OnceLock<V>>>>>);

impl<K: Eq + std::hash::Hash, V: Clone> Cache<K, V> {
    const fn new() -> Cache<K, V> {
        Cache(OnceLock::new())
    }

    /// The cell of `key`'s table, added empty if there is none yet.
    fn cell(&self, key: K) -> Arc<OnceLock<V>> {
        let mut tables = self.0.get_or_init(Default::default).lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        Arc::clone(tables.entry(key).or_default())
    }

    fn get_or_build(&self, key: K, build: impl FnOnce() -> V) -> V {
        self.cell(key).get_or_init(build).clone()
    }

    /// Takes `value` for `key`, unless one is there already.
    fn provide(&self, key: K, value: V) {
        let _ = self.cell(key).set(value);
    }
}

/// Line tables built so far, or given ([`KeptTable::provide`]).
static LINE_TABLES: Cache<(Shape, ShapeCut), Option<Arc<LineTable>>> = Cache::new();

/// The line table of a cut of a rectangle, built on first use and kept
/// for the process (a few megabytes at most); `None` when it would be too big.
/// A left column's is the top row's of the rectangle turned on its side.
pub(super) fn line_table(shape: Shape, cut: ShapeCut) -> Option<Arc<LineTable>> {
    LINE_TABLES.get_or_build((shape, cut), || {
        if cut == ShapeCut::Left {
            let (shape_turned, top) = turned(shape, cut);
            line_table(shape_turned, top)
                .map(|row| Arc::new(LineTable { flip: Flip::turning(shape), ..LineTable::clone(&row) }))
        } else {
            LineTable::build(shape, cut).map(Arc::new)
        }
    })
}

/// The rectangles whose top row's line table is worth keeping between
/// runs: those of a million entries and more, a row of four on a 4×4
/// (16⁵) and on a 5×4 (20⁵, also a 4×5's column), which take about 7 and
/// 30 ms to build, a large part of a 4×4's or a 5×5's solve.
const KEPT: [Shape; 2] = [Shape { height: 4, width: 4 }, Shape { height: 5, width: 4 }];

/// A line table the look-ahead builds at first use that is worth keeping
/// between runs: the table cache keeps them in its directory and gives
/// them back with [`KeptTable::provide`] instead of building them again
/// (`TableCache::provide_line_tables`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeptTable(Shape);

/// Why entries given for a [`KeptTable`] cannot be its own.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KeptTableError {
    /// Too many or too few.
    #[error("{found} entries, expected {expected}")]
    Length {
        /// The entries given.
        found: usize,
        /// The table's.
        expected: usize,
    },
    /// An arrangement with the line home is not at 0 moves.
    #[error("entry {entry}, the line at home, is {moves}, not 0")]
    NotHome {
        /// The entry.
        entry: usize,
        /// What it says.
        moves: u8,
    },
}

impl KeptTable {
    /// The kept tables the look-ahead may read on a `rows`×`cols` board:
    /// those whose rectangle, either way up, fits in it.
    pub fn needed_by(rows: usize, cols: usize) -> Vec<KeptTable> {
        let fits = |s: &Shape| (s.height <= rows && s.width <= cols) || (s.width <= rows && s.height <= cols);
        KEPT.iter().filter(|s| fits(s)).map(|&s| KeptTable(s)).collect()
    }

    /// A name for it, for a file: `line-5x4`.
    pub fn name(self) -> String {
        format!("line-{}x{}", self.0.height, self.0.width)
    }

    /// How many entries (bytes) it has.
    pub fn entry_count(self) -> usize {
        LineTable::entries(self.0, ShapeCut::Top).expect("kept tables are within the limit")
    }

    /// Its entries (the fewest moves from each place of the line's tiles
    /// and the blank), built now if the process has not got them yet.
    pub fn entries(self) -> Arc<Vec<u8>> {
        let table = line_table(self.0, ShapeCut::Top).expect("kept tables are within the limit");
        Arc::clone(&table.moves)
    }

    /// Gives the process the table's entries, kept from an earlier run,
    /// so that it is not built again; refused, with the reason, when they
    /// cannot be its entries. A table the process has already is kept.
    pub fn provide(self, moves: Vec<u8>) -> Result<(), KeptTableError> {
        if moves.len() != self.entry_count() {
            return Err(KeptTableError::Length { found: moves.len(), expected: self.entry_count() });
        }
        if let Some(entry) = LineTable::homes(self.0, ShapeCut::Top).into_iter().find(|&e| moves[e] != 0) {
            return Err(KeptTableError::NotHome { entry, moves: moves[entry] });
        }
        LINE_TABLES
            .provide((self.0, ShapeCut::Top), Some(Arc::new(LineTable::of(self.0, ShapeCut::Top, Arc::new(moves)))));
        Ok(())
    }
}

/// The rest table of a rectangle of at most [`REST_CELLS`] cells cut in
/// this order, built on first use and kept for the process. One that
/// begins with a left column is that of the rectangle turned on its side.
pub(super) fn rest_table(shape: Shape, cuts: &[ShapeCut]) -> Arc<RestTable> {
    static TABLES: Cache<(Shape, Vec<ShapeCut>), Arc<RestTable>> = Cache::new();
    debug_assert!(shape.len() <= REST_CELLS && cuts.last() == Some(&ShapeCut::All));
    TABLES.get_or_build((shape, cuts.to_vec()), || {
        if cuts[0] == ShapeCut::Left {
            let (shape_turned, _) = turned(shape, ShapeCut::Left);
            let cuts_turned: Vec<ShapeCut> = cuts.iter().map(|&cut| turned(shape, cut).1).collect();
            let rows_first = rest_table(shape_turned, &cuts_turned);
            Arc::new(RestTable { stages: Arc::clone(&rows_first.stages), flip: Some(Flip::turning(shape)) })
        } else {
            Arc::new(RestTable::build(shape, cuts))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_table_takes_back_its_own_entries_and_refuses_others() {
        let [table] = KeptTable::needed_by(4, 4)[..] else { panic!("a 4×4 reads one") };
        assert_eq!(table.name(), "line-4x4");
        let entries = table.entries().to_vec();
        assert_eq!(entries.len(), table.entry_count());
        assert!(table.provide(entries[1..].to_vec()).is_err());
        table.provide(entries).unwrap();
    }

    #[test]
    fn ranks_number_every_permutation_once() {
        let mut perm = [0u8; 5];
        let ranks: Vec<usize> = (0..factorial(5))
            .map(|r| {
                unrank(r, &mut perm);
                rank(&perm)
            })
            .collect();
        assert_eq!(ranks, (0..factorial(5)).collect::<Vec<_>>());
        assert_eq!(rank(&[0, 1, 2, 3]), 0);
        assert_eq!(rank(&[3, 2, 1, 0]), factorial(4) - 1);
        let mut perm = [0u8; 9];
        for r in (0..factorial(9)).step_by(101).chain([factorial(9) - 1]) {
            unrank(r, &mut perm);
            assert_eq!(rank(&perm), r);
            assert_eq!(rank_packed(pack(&perm), 9), r);
            let swapped = swap_nibbles(pack(&perm), 2, 7);
            perm.swap(2, 7);
            assert_eq!(swapped, pack(&perm));
        }
    }

    #[test]
    fn digits_divide_every_entry_a_table_may_have() {
        for base in 2..=32 {
            let digits = Digits::new(base);
            for n in (0..MAX_LINE_ENTRIES).step_by(997).chain([MAX_LINE_ENTRIES - 1, (1 << 22) - 1]) {
                assert_eq!(digits.split(n), (n / base, n % base), "{n} / {base}");
            }
        }
    }

    #[test]
    fn a_2x2_block_takes_its_distance_and_a_2x3_at_least_its_optimum() {
        let block = rest_table(Shape { height: 2, width: 2 }, &[ShapeCut::All]);
        // 1 2 / _ 3 is one move from home, 1 2 / 3 _ none.
        assert_eq!(block.moves(&[0, 1, 3, 2]), 1);
        assert_eq!(block.moves(&[0, 1, 2, 3]), 0);
        // The 2×3: its left pair, then the 2×2; staged can only be longer
        // than optimal, and from the goal's neighbours it is the same.
        let shape = Shape { height: 2, width: 3 };
        let staged = rest_table(shape, &[ShapeCut::Left, ShapeCut::All]);
        assert_eq!(staged.moves(&[0, 1, 2, 3, 5, 4]), 1);
        assert_eq!(staged.first_stage(&[0, 1, 2, 3, 4, 5]), Vec::<usize>::new());
        let reached = staged.stages[0].2.iter().filter(|&&d| d != FAR).count();
        assert_eq!(reached, factorial(6) / 2, "half the arrangements are solvable");
    }

    #[test]
    fn a_line_table_counts_the_moves_of_a_tile_home() {
        let shape = Shape { height: 2, width: 3 };
        let table = LineTable::build(shape, ShapeCut::Left).unwrap();
        // Tiles 0 and 3 (the left column) home, the blank anywhere else: 0.
        assert_eq!(table.moves(&[0, 1, 2, 3, 4, 5], 5), 0);
        // Tile 0 one cell right of home with the blank at home: one move.
        assert_eq!(table.moves(&[5, 0, 2, 3, 4, 1], 0), 1);
    }
}
