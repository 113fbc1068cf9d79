//! The line beam for big boards: states are short move lists over the one
//! shared board, and the beam commits its moves a dozen at a time.
//!
//! [`whole`](super::whole) copies the whole unsolved area into every state,
//! so a round costs the area times the width: fine up to 50×50, hopeless
//! on 300×300. Here a state is only the cells its moves changed since the
//! last commit (at most [`AHEAD_MOVES`] + 1 of them), read over the planner's
//! grid. Once the states are [`AHEAD_MOVES`] moves past the last commit, the
//! best state's first [`COMMIT_MOVES`] moves are made on the grid, with their
//! events, and the states that did not make them are dropped; the others
//! keep their last moves as a shorter list. So a round costs the width
//! times [`AHEAD_MOVES`], whatever the board's size, and memory stays flat.
//!
//! The search and its score are [`beam`](super::beam)'s. Only the stage's
//! cost is found differently: from a table over a small window round its
//! target, with the real walls, and for a tile farther out from the same
//! table as if it were nearer, plus what the rest of its way costs on an
//! open board (see [`bring_within`]).

use crate::board::Tile;
use crate::human::cell_rect::CellRect;
use crate::human::event::Sink;
use crate::human::grid::{Dir, FLAGS, LOCKED, PaddedGrid, unpack_home};
use crate::human::open_board::{bring_within, rough_cost};

use super::beam::{Beam, BeamBoard, BeamCandidate, BeamGoal, BeamStage, BeamState, ChildMove, beam_stages};
use super::line::{NO_RANK, StagedLine};
use super::prune::Pruning;
use super::table::{StageTable, StageTarget, TRAPPED};
use super::{LineProgress, Outcome};

/// Moves a state may make past the last commit before the beam commits.
const AHEAD_MOVES: usize = 24;
/// Moves committed at a time: the best state's first ones.
const COMMIT_MOVES: usize = 12;
/// Cells of a stage's exact window on each side of its target.
const NEAR: usize = REACH + BLANK_ROOM;
/// Tiles farther than this many rows or columns from their target are
/// costed as if nearer (see [`bring_within`]); the table's window reaches
/// `BLANK_ROOM` cells farther, for the blank round the tile.
const REACH: usize = 4;
const BLANK_ROOM: usize = 3;
/// The cost of a stage whose goal cannot be reached from a state (a pair's
/// second tile shut in its partner's home): above any real cost, which on
/// a big board may be thousands of moves, so the beam steers clear of it.
const SHUT: u32 = 1 << 20;
/// The stall budget counts a shut-in stage as this many moves.
const SHUT_BUDGET: u32 = 500;
/// The most stages a line may have for the rolling beam: a [`Path`]
/// keeps a stage in 14 bits.
pub(super) const MAX_STAGES: usize = 1 << 14;
/// Overlay entries a state may hold: one per move, plus the blank's first
/// cell, rounded up so that a lookup compares every slot at once.
const OVERLAY: usize = (AHEAD_MOVES + 1).next_power_of_two();
/// An unused slot's cell and word: neither is ever a real one.
const UNUSED: u32 = u32::MAX;

/// A state's overlay: the cells its moves changed since the last commit
/// and the words they hold now. Slots past the used ones hold [`UNUSED`].
/// Cells and words are kept apart so that a lookup compares all the slots
/// without a branch, which the compiler does several at a time.
#[derive(Clone, Copy)]
struct RollingSlots {
    cells: [u32; OVERLAY],
    words: [u32; OVERLAY],
}

impl RollingSlots {
    const EMPTY: RollingSlots = RollingSlots { cells: [UNUSED; OVERLAY], words: [UNUSED; OVERLAY] };

    /// The word in `cell`, if the overlay holds the cell.
    #[inline]
    fn word_in(&self, cell: u32) -> Option<u32> {
        paired(&self.cells, &self.words, cell)
    }

    /// The cell holding `word`, if the overlay holds it.
    #[inline]
    fn cell_of(&self, word: u32) -> Option<u32> {
        paired(&self.words, &self.cells, word)
    }
}

/// The value beside `key` in `keys`, if there: every slot is compared,
/// without a branch (keys are unique, so at most one matches).
#[inline]
fn paired(keys: &[u32; OVERLAY], values: &[u32; OVERLAY], key: u32) -> Option<u32> {
    let (mut hit, mut value) = (0u32, 0u32);
    for (&k, &v) in keys.iter().zip(values) {
        let same = u32::from(k == key).wrapping_neg();
        hit |= same;
        value |= same & v;
    }
    (hit != 0).then_some(value)
}

/// A stage's exact table over a window around its target.
struct Near {
    /// The window as an area of the board (board rows and columns).
    area: CellRect,
    /// Its table, in [`StageTables::cache`].
    table: usize,
}

/// What a stage's table depends on: the window's shape, the target's cells
/// in it and which of its cells are out of bounds. Most stages of a big
/// board share one of a few dozen of these (a single tile mid-row, at the
/// row's start, a pair at the board's edge, …), so tables are kept by it.
#[derive(Clone, PartialEq, Eq, Hash)]
struct NearKey {
    height: usize,
    width: usize,
    target: (usize, Option<usize>),
    blocked: Vec<u64>,
}

/// The most tables kept; past it the cache starts again.
const CACHED_TABLES: usize = 4096;

/// The word of the tile in `cell`: from the state's overlay, else the grid.
#[inline]
fn word_at(words: &[u32], overlay: &RollingSlots, mask: u64, cell: usize) -> u32 {
    if mask & bit(cell) != 0
        && let Some(word) = overlay.word_in(cell as u32)
    {
        return word;
    }
    words[cell] & !FLAGS
}

/// A cell's bit in an overlay's mask.
#[inline]
fn bit(cell: usize) -> u64 {
    1 << (cell % 64)
}

/// Sets the word of `cell` in an overlay; the cell's slot.
#[inline]
fn set_word(overlay: &mut RollingSlots, extra: &mut Overlay, cell: usize, word: u32) -> usize {
    let used = usize::from(extra.len);
    if extra.mask & bit(cell) != 0
        && let Some(k) = overlay.cells[..used].iter().position(|&c| c as usize == cell)
    {
        overlay.words[k] = word;
        return k;
    }
    overlay.cells[used] = cell as u32;
    overlay.words[used] = word;
    extra.len += 1;
    extra.mask |= bit(cell);
    used
}

/// Makes a move in an overlay: the blank leaves `from`, which takes the
/// `moved` tile's word, for `to`. The blank's own cell is found by its
/// slot, once it is in the overlay (after the first move), not by a scan.
#[inline]
fn slide(overlay: &mut RollingSlots, extra: &mut Overlay, (from, to): (usize, usize), moved: u32, blank_word: u32) {
    if extra.len == 0 {
        set_word(overlay, extra, from, moved);
    } else {
        debug_assert_eq!(overlay.cells[usize::from(extra.blank_slot)] as usize, from);
        overlay.words[usize::from(extra.blank_slot)] = moved;
    }
    extra.blank_slot = set_word(overlay, extra, to, blank_word) as u16;
}

/// What a state keeps besides the common fields: how many overlay entries
/// it uses, the slot of the blank's cell, and one bit per overlay cell, by
/// the cell's number mod 64 (a cell whose bit is clear is not in the
/// overlay, without a scan).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Overlay {
    len: u16,
    blank_slot: u16,
    mask: u64,
}

/// A state's moves since the last commit, each the blank's direction and
/// the stage after it, packed in 16 bits so that a survivor's copy is
/// small: 2 bits of direction, 14 of stage. A line has about one stage a
/// tile, so a board of at most
/// [`MAX_ROLLING_CELLS`](crate::human::effort::MAX_ROLLING_CELLS) cells
/// is well within it; a longer line (only through the testing knobs) is
/// left to the tile-by-tile planner (see [`MAX_STAGES`]).
#[derive(Clone, Copy)]
struct Path([u16; AHEAD_MOVES]);

impl Path {
    const EMPTY: Path = Path([0; AHEAD_MOVES]);

    fn set(&mut self, k: usize, dir: u8, stage: u32) {
        debug_assert!((stage as usize) < MAX_STAGES, "a line's stage fits in 14 bits");
        self.0[k] = (stage << 2) as u16 | u16::from(dir);
    }

    fn dir(&self, k: usize) -> u8 {
        (self.0[k] & 3) as u8
    }

    fn get(&self, k: usize) -> (u8, u32) {
        (self.dir(k), u32::from(self.0[k] >> 2))
    }
}

/// Buffers kept between lines.
#[derive(Default)]
pub(super) struct RollingScratch {
    beam: RollingStates,
    tables: NearTables,
    /// Lock rank of the line's cells by padded cell (`NO_RANK` elsewhere).
    line_lock: Vec<u16>,
    /// Each padded cell's row and column: a state's child reads several
    /// cells' rows and columns, and a table read is several times cheaper
    /// than a division by the grid's width.
    coords: PaddedCoords,
    /// States expanded and table entries built, over every line: the work
    /// done.
    pub(super) work: u64,
}

/// Rows and columns of a padded grid's cells, by padded index.
#[derive(Default)]
struct PaddedCoords {
    width: usize,
    of: Vec<(u16, u16)>,
}

impl PaddedCoords {
    /// Fills the table for `grid` unless it already fits it. Boards for the
    /// rolling beam have at most [`MAX_ROLLING_CELLS`](crate::human::effort::MAX_ROLLING_CELLS)
    /// cells, so a padded row or column fits in 16 bits.
    fn fit(&mut self, grid: &PaddedGrid) {
        let cells = grid.words().len();
        if self.width == grid.width && self.of.len() == cells {
            return;
        }
        self.width = grid.width;
        self.of.clear();
        self.of.extend((0..cells).map(|p| {
            let (r, c) = grid.coords(p);
            (r as u16, c as u16)
        }));
    }

    #[inline]
    fn at(&self, cell: usize) -> (usize, usize) {
        let (r, c) = self.of[cell];
        (usize::from(r), usize::from(c))
    }
}

/// The beam's states and what they are made from.
#[derive(Default)]
struct RollingStates {
    states: Vec<BeamState<Overlay>>,
    next_states: Vec<BeamState<Overlay>>,
    /// Each state's changed cells since the last commit.
    overlay: Vec<RollingSlots>,
    next_overlay: Vec<RollingSlots>,
    /// Each state's moves since the last commit.
    moves: Vec<Path>,
    next_moves: Vec<Path>,
    candidates: Vec<BeamCandidate<Overlay>>,
    pruning: Pruning,
}

/// The stages' tables over windows round their targets, kept by
/// [`NearKey`] across lines.
#[derive(Default)]
pub(super) struct NearTables {
    queue: Vec<u32>,
    blocked: Vec<bool>,
    nears: Vec<Option<Near>>,
    cache: Vec<StageTable>,
    cached: std::collections::HashMap<NearKey, usize>,
    /// Costs found this line, by stage, tile cell and blank cell (see
    /// [`Memo`]).
    memo: Memo,
    /// Entries of the tables built, since last taken.
    built: u64,
}

/// The stage costs of one line a beam has asked for lately: the children
/// of a round share a few dozen places of the tile and the blank between
/// them, and a cost read here is several times cheaper than from the
/// tables. Direct-mapped: a new cost takes its slot's place.
struct Memo {
    slots: Vec<(u64, u32)>,
}

/// [`Memo`] slots, as a power of two.
const MEMO_BITS: u32 = 12;
/// A slot no key fills (cells are far below 2²⁰).
const NO_KEY: u64 = u64::MAX;

impl Default for Memo {
    fn default() -> Memo {
        Memo { slots: vec![(NO_KEY, 0); 1 << MEMO_BITS] }
    }
}

impl Memo {
    /// Forgets every cost: a new line's stages are numbered from 0 again.
    fn clear(&mut self) {
        self.slots.fill((NO_KEY, 0));
    }

    /// The key and slot of stage `k` with its tile in `at` and the blank in `blank`.
    #[inline]
    fn slot(k: usize, at: usize, blank: usize) -> (u64, usize) {
        let key = (k as u64) << 40 | (at as u64) << 20 | blank as u64;
        (key, (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - MEMO_BITS)) as usize)
    }
}

/// The grid as the rolling beam reads it: each state's overlay over it.
struct GridOverlay<'a> {
    grid: &'a PaddedGrid,
    coords: &'a PaddedCoords,
    overlays: &'a [RollingSlots],
    line_lock: &'a [u16],
    blank_word: u32,
    offsets: [usize; 4],
}

impl BeamBoard for GridOverlay<'_> {
    /// A shut-in stage costs more than any real one, which on a big board
    /// may be thousands of moves.
    const TRAPPED: u32 = SHUT;
    type Costs = NearTables;
    type Extra = Overlay;

    #[inline]
    fn step(&self, from: usize, dir: usize) -> Option<usize> {
        Some(from.wrapping_add(self.offsets[dir]))
    }

    #[inline]
    fn blocked(&self, cell: usize, locked: u16) -> bool {
        self.grid.words()[cell] & LOCKED != 0 || self.line_lock[cell] < locked
    }

    #[inline]
    fn word_at(&self, i: usize, state: &BeamState<Overlay>, slide: Option<ChildMove>, cell: usize) -> u32 {
        match slide {
            Some((_, _, blank)) if cell == blank => self.blank_word,
            Some((word, to, _)) if cell == to => word,
            _ => word_at(self.grid.words(), self.overlay(i, state), state.extra.mask, cell),
        }
    }

    #[inline]
    fn cell_of(&self, i: usize, state: &BeamState<Overlay>, slide: Option<ChildMove>, tile: (Tile, u32, u16)) -> usize {
        let (tile, word, _) = tile;
        match slide {
            Some((moved, to, _)) if moved == word => return to,
            _ => {}
        }
        match self.overlay(i, state).cell_of(word) {
            Some(cell) => cell as usize,
            None => self.grid.where_is(tile),
        }
    }

    #[inline]
    fn tile_of(&self, word: u32) -> Tile {
        tile_of(self.grid, word)
    }

    #[inline]
    fn blank_word(&self) -> u32 {
        self.blank_word
    }

    #[inline]
    fn farther(&self, word: u32, from: usize, _: usize, dir: usize) -> i64 {
        let (row, col) = self.coords.at(from);
        let (home_row, home_col) = unpack_home(word);
        if dir.is_multiple_of(2) {
            let next_row = if dir == 0 { row - 1 } else { row + 1 };
            row.abs_diff(home_row) as i64 - next_row.abs_diff(home_row) as i64
        } else {
            let next_col = if dir == 3 { col - 1 } else { col + 1 };
            col.abs_diff(home_col) as i64 - next_col.abs_diff(home_col) as i64
        }
    }

    #[inline]
    fn distance(&self, a: usize, b: usize) -> usize {
        self.grid.distance(a, b)
    }

    /// Moves to finish stage `k` with its tile in `at` and the blank in
    /// `blank`, from the stage's table over the window round its target
    /// (the real walls in it); a tile farther out is costed as if it were
    /// at the window's reach, plus the open board's moves for the rest of
    /// its way (see [`bring_within`]), so the count does not jump where the
    /// table takes over.
    #[inline]
    fn stage_cost(&self, scratch: &mut NearTables, stage: &BeamStage, k: usize, at: usize, blank: usize) -> u32 {
        let (key, slot) = Memo::slot(k, at, blank);
        if scratch.memo.slots[slot].0 == key {
            return scratch.memo.slots[slot].1;
        }
        let cost = self.near_cost(scratch, stage, k, at, blank);
        scratch.memo.slots[slot] = (key, cost);
        cost
    }
}

impl GridOverlay<'_> {
    /// [`BeamBoard::stage_cost`] when it is not in the [`Memo`].
    fn near_cost(&self, scratch: &mut NearTables, stage: &BeamStage, k: usize, at: usize, blank: usize) -> u32 {
        let BeamGoal::Reach { cell: target, .. } = stage.goal else { unreachable!("a tile's stage") };
        if scratch.nears[k].is_none() {
            let near = self.near_table(scratch, stage, target);
            scratch.nears[k] = Some(near);
        }
        let near = scratch.nears[k].as_ref().expect("built above");
        let (tr, tc) = self.coords.at(at);
        let (br, bc) = self.coords.at(blank);
        let (gr, gc) = self.coords.at(target);
        let (dr, dc) = (tr as isize - gr as isize, tc as isize - gc as isize);
        let (rows, cols, extra) = bring_within(dr.unsigned_abs(), dc.unsigned_abs(), REACH);
        let reduced = extra > 0;
        let rr = gr.wrapping_add_signed(rows as isize * dr.signum());
        let rc = gc.wrapping_add_signed(cols as isize * dc.signum());
        let area = &near.area;
        let inside = |r: usize, c: usize| {
            (area.top + 1..area.top + 1 + area.height).contains(&r)
                && (area.left + 1..area.left + 1 + area.width).contains(&c)
        };
        // The window's row and column of a board cell: the table reads
        // them as they are, with no cell number to divide back.
        let local = |r: usize, c: usize| (r - area.top - 1, c - area.left - 1);
        let rough = rough_cost(dr.unsigned_abs() + dc.unsigned_abs(), tr.abs_diff(br) + tc.abs_diff(bc));
        if !inside(rr, rc) {
            return rough;
        }
        let tile = local(rr, rc);
        // The blank where it is relative to the tile, if that is inside.
        let rbr = rr.wrapping_add_signed(br as isize - tr as isize);
        let rbc = rc.wrapping_add_signed(bc as isize - tc as isize);
        if inside(rbr, rbc) {
            let d = scratch.cache[near.table].cost_at(tile, local(rbr, rbc));
            if d < TRAPPED {
                return d + extra;
            }
            if !reduced {
                return SHUT;
            }
        }
        // The blank comes in to a cell beside the tile.
        let mut best = u32::MAX;
        for (nr, nc) in [(-1isize, 0isize), (0, 1), (1, 0), (0, -1)] {
            let (sr, sc) = (rr.wrapping_add_signed(nr), rc.wrapping_add_signed(nc));
            if inside(sr, sc) {
                let d = scratch.cache[near.table].cost_at(tile, local(sr, sc));
                if d < TRAPPED {
                    let way = tr.wrapping_add_signed(nr).abs_diff(br) + tc.wrapping_add_signed(nc).abs_diff(bc);
                    best = best.min(d + way as u32);
                }
            }
        }
        match best {
            u32::MAX if reduced => rough,
            u32::MAX => SHUT,
            _ => best + extra,
        }
    }
}

impl<'a> GridOverlay<'a> {
    fn new(
        grid: &'a PaddedGrid,
        coords: &'a PaddedCoords,
        overlays: &'a [RollingSlots],
        line_lock: &'a [u16],
    ) -> GridOverlay<'a> {
        let width = grid.width;
        GridOverlay {
            grid,
            coords,
            overlays,
            line_lock,
            blank_word: grid.words()[grid.blank] & !FLAGS,
            offsets: [width.wrapping_neg(), 1, width, 1usize.wrapping_neg()],
        }
    }

    /// The exact table of stage `k` over the cells within `NEAR` of its
    /// target, in the unsolved region, the line's cells locked by then out
    /// of bounds.
    fn near_table(&self, scratch: &mut NearTables, stage: &BeamStage, target: usize) -> Near {
        let grid = self.grid;
        let (gr, gc) = grid.coords(target);
        let (open_row, open_col) = grid.open_corner();
        let top = gr.saturating_sub(NEAR).max(open_row);
        let left = gc.saturating_sub(NEAR).max(open_col);
        let bottom = (gr + NEAR).min(grid.rows);
        let right = (gc + NEAR).min(grid.cols);
        let area = CellRect { top: top - 1, left: left - 1, height: bottom + 1 - top, width: right + 1 - left };
        let locked = stage.locked;
        scratch.blocked.clear();
        for r in top..=bottom {
            for c in left..=right {
                let p = r * grid.width + c;
                scratch.blocked.push(grid.words()[p] & LOCKED != 0 || self.line_lock[p] < locked);
            }
        }
        let local = |p: usize| {
            let (r, c) = grid.coords(p);
            area.cell(r - top, c - left)
        };
        let target = match stage.goal {
            BeamGoal::Reach { cell, blank: Some(b), .. } => StageTarget::Tuck { cell: local(cell), blank: local(b) },
            BeamGoal::Reach { cell, .. } => StageTarget::Tile { cell: local(cell) },
            BeamGoal::Forced { .. } => unreachable!("a tile's stage"),
        };
        let mut blocked = vec![0u64; scratch.blocked.len().div_ceil(64)];
        for (i, _) in scratch.blocked.iter().enumerate().filter(|(_, b)| **b) {
            blocked[i / 64] |= 1 << (i % 64);
        }
        let key = NearKey {
            height: area.height,
            width: area.width,
            target: match target {
                StageTarget::Tile { cell } => (cell, None),
                StageTarget::Tuck { cell, blank } => (cell, Some(blank)),
            },
            blocked,
        };
        if let Some(&table) = scratch.cached.get(&key) {
            return Near { area, table };
        }
        if scratch.cache.len() == CACHED_TABLES {
            scratch.cache.clear();
            scratch.cached.clear();
            scratch.nears.iter_mut().for_each(|near| *near = None);
        }
        let table = StageTable::build(&area, &scratch.blocked, target, 0, area.len() - 1, &mut scratch.queue);
        scratch.built += table.entries();
        scratch.cache.push(table);
        scratch.cached.insert(key, scratch.cache.len() - 1);
        Near { area, table: scratch.cache.len() - 1 }
    }

    /// State `i`'s overlay.
    #[inline]
    fn overlay(&self, i: usize, _: &BeamState<Overlay>) -> &'a RollingSlots {
        &self.overlays[i]
    }
}

/// The grid's padded cell of an area cell.
fn padded(grid: &PaddedGrid, area: &CellRect, cell: usize) -> usize {
    let (r, c) = area.coords(cell);
    grid.index(area.top + r, area.left + c)
}

/// The line's stages in padded cells, its tiles' padded homes (by rank),
/// its lock ranks, and empty tables, before [`run`].
pub(super) fn prepare(
    grid: &PaddedGrid,
    area: &CellRect,
    line: &StagedLine,
    stages: &mut Vec<BeamStage>,
    homes: &mut Vec<usize>,
    scratch: &mut RollingScratch,
) {
    let word = |tile: Tile| grid.words()[grid.where_is(tile)] & !FLAGS;
    beam_stages(line, |cell| padded(grid, area, cell), word, stages);
    scratch.line_lock.resize(grid.words().len(), NO_RANK);
    scratch.coords.fit(grid);
    for (k, &cell) in line.locks.iter().enumerate() {
        scratch.line_lock[padded(grid, area, cell)] = k as u16 + 1;
    }
    homes.clear();
    homes.extend(line.tiles.iter().map(|&tile| padded(grid, area, area.home(tile, grid.rows, grid.cols))));
    scratch.tables.nears.clear();
    scratch.tables.nears.resize_with(line.stages.len(), || None);
    scratch.tables.memo.clear();
}

/// The line's fixed data for one search.
pub(super) struct Rolling<'a> {
    pub(super) beam: Beam<'a>,
    pub(super) area: &'a CellRect,
    pub(super) line: &'a StagedLine,
}

impl Rolling<'_> {
    /// Builds the line on `grid` with the usual events (see [`Outcome`]),
    /// once [`prepare`] has made its stages.
    pub(super) fn run(&self, grid: &mut PaddedGrid, scratch: &mut RollingScratch, sink: &mut Sink<'_>) -> Outcome {
        let outcome = self.search(grid, scratch, sink);
        for &cell in &self.line.locks {
            scratch.line_lock[padded(grid, self.area, cell)] = NO_RANK;
        }
        outcome
    }

    fn search(&self, grid: &mut PaddedGrid, scratch: &mut RollingScratch, sink: &mut Sink<'_>) -> Outcome {
        let mut progress = LineProgress::start(grid, self.area, self.line, sink);
        let RollingScratch { beam, tables, line_lock, coords, work } = scratch;
        let mut root = BeamState::root(grid.blank, 0, Overlay::default());
        self.beam.settle_root(&GridOverlay::new(grid, coords, &[RollingSlots::EMPTY], line_lock), tables, &mut root);
        if root.stage as usize == self.beam.stages.len() {
            debug_assert_eq!(progress.stage, self.line.stages.len());
            return Outcome::Built;
        }
        let mut stall = Stall::new(&root);
        beam.states.clear();
        beam.states.push(root);
        beam.overlay.clear();
        beam.overlay.push(RollingSlots::EMPTY);
        beam.moves.clear();
        beam.moves.push(Path::EMPTY);
        let mut depth = 0;
        loop {
            let board = GridOverlay::new(grid, coords, &beam.overlay, line_lock);
            *work += beam.states.len() as u64 + std::mem::take(&mut tables.built);
            self.beam.expand(&board, tables, &beam.states, &mut beam.candidates);
            if beam.candidates.is_empty() {
                return progress.stalled(self.line);
            }
            if let Some(best) = self.beam.finished(&beam.candidates) {
                let path = &mut beam.moves[best.parent as usize];
                path.set(depth, best.dir(), best.state.stage);
                let moves: [(u8, u32); AHEAD_MOVES] = std::array::from_fn(|k| path.get(k));
                progress.make(grid, self.area, self.line, &moves[..=depth], sink);
                debug_assert_eq!(progress.stage, self.line.stages.len(), "the line is built");
                return Outcome::Built;
            }
            advance(beam, depth, board.blank_word, &self.beam);
            depth += 1;
            if stall.stalled(&beam.states) {
                return progress.stalled(self.line);
            }
            if depth == AHEAD_MOVES {
                self.commit_best(grid, beam, &mut progress, sink);
                depth -= COMMIT_MOVES;
            }
        }
    }

    /// Makes the best state's first `COMMIT_MOVES` moves on the grid and keeps
    /// the states that made the same ones, their overlays redone from the
    /// grid as it is now.
    fn commit_best(
        &self,
        grid: &mut PaddedGrid,
        beam: &mut RollingStates,
        progress: &mut LineProgress,
        sink: &mut Sink<'_>,
    ) {
        let blank_word = grid.words()[grid.blank] & !FLAGS;
        let best = (0..beam.states.len())
            .min_by_key(|&i| (beam.states[i].score(), beam.states[i].hash))
            .expect("the beam is never empty here");
        let prefix: [(u8, u32); COMMIT_MOVES] = std::array::from_fn(|k| beam.moves[best].get(k));
        progress.make(grid, self.area, self.line, &prefix, sink);
        let RollingStates { states, overlay, moves, .. } = beam;
        let mut kept = 0;
        for i in 0..states.len() {
            let same = (0..COMMIT_MOVES).all(|k| moves[i].dir(k) == prefix[k].0);
            if !same {
                continue;
            }
            let mut path = Path::EMPTY;
            path.0[..AHEAD_MOVES - COMMIT_MOVES].copy_from_slice(&moves[i].0[COMMIT_MOVES..]);
            moves[kept] = path;
            let mut state = states[i];
            state.extra = Overlay::default();
            let slots = &mut overlay[kept];
            *slots = RollingSlots::EMPTY;
            let mut at = grid.blank;
            for k in 0..AHEAD_MOVES - COMMIT_MOVES {
                let dir = usize::from(moves[kept].dir(k));
                let next = grid.step(at, Dir::from_index(dir));
                let word = word_at(grid.words(), slots, state.extra.mask, next);
                slide(slots, &mut state.extra, (at, next), word, blank_word);
                at = next;
            }
            debug_assert_eq!(at, state.blank as usize);
            states[kept] = state;
            kept += 1;
        }
        states.truncate(kept);
    }
}

/// The stall budget: how far the beam has got, and how many rounds it has
/// gone without getting farther.
struct Stall {
    best_stage: u32,
    since: usize,
    after: usize,
}

impl Stall {
    fn new(root: &BeamState<Overlay>) -> Stall {
        Stall { best_stage: root.stage, since: 0, after: stall_budget(root.tally.cost) }
    }

    /// Counts a round: true when the search has gone past its budget
    /// without a state reaching a new stage.
    fn stalled(&mut self, states: &[BeamState<Overlay>]) -> bool {
        let top = states.iter().map(|s| s.stage).max().unwrap_or(0);
        if top > self.best_stage {
            let cost = states.iter().filter(|s| s.stage == top).map(|s| s.tally.cost).min().unwrap_or(0);
            *self = Stall { best_stage: top, since: 0, after: stall_budget(cost) };
            false
        } else {
            self.since += 1;
            self.since > self.after
        }
    }
}

/// The best candidates (see [`Pruning::keep`]) become the next round's
/// states: each a copy of its parent's overlay and moves with one move more.
fn advance(beam: &mut RollingStates, depth: usize, blank_word: u32, search: &Beam) {
    let RollingStates { states, next_states, overlay, next_overlay, moves, next_moves, candidates, pruning } = beam;
    next_states.clear();
    next_overlay.clear();
    next_moves.clear();
    for &k in pruning.keep(candidates, search.width) {
        let c = &candidates[k as usize];
        let p = c.parent as usize;
        let parent = &states[p];
        next_overlay.push(overlay[p]);
        let mut state = c.state;
        state.extra = parent.extra;
        let slots = next_overlay.last_mut().expect("just pushed");
        slide(slots, &mut state.extra, (parent.blank as usize, state.blank as usize), c.moved, blank_word);
        let mut path = moves[p];
        path.set(depth, c.dir(), state.stage);
        next_moves.push(path);
        next_states.push(state);
    }
    std::mem::swap(states, next_states);
    std::mem::swap(overlay, next_overlay);
    std::mem::swap(moves, next_moves);
}

/// Rounds a stage may take that begins `cost` moves from done before the
/// search gives up on it: a stage that wanders (a pair's second tile shut
/// in, a plateau the beam does not cross) is cut short, since every round
/// past [`AHEAD_MOVES`] is a move made, and the planner puts that placement
/// home tile by tile. A stage the beam goes about well takes about its cost.
fn stall_budget(cost: u32) -> usize {
    20 + cost.min(SHUT_BUDGET) as usize
}

/// The tile whose home a cell word holds.
#[inline]
fn tile_of(grid: &PaddedGrid, word: u32) -> Tile {
    let (r, c) = unpack_home(word);
    let i = (r - 1) * grid.cols + c - 1;
    if i + 1 == grid.rows * grid.cols { 0 } else { (i + 1) as Tile }
}
