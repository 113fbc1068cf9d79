//! The line beam for big boards: states are short move lists over the one
//! shared board, and the beam commits its moves a dozen at a time.
//!
//! [`beam`](super::beam) copies the whole unsolved area into every state,
//! so a round costs the area times the width: fine up to 50×50, hopeless
//! on 300×300. Here a state is only the cells its moves changed since the
//! last commit (at most [`AHEAD_MOVES`] + 1 of them), read over the planner's
//! grid. Once the states are [`AHEAD_MOVES`] moves past the last commit, the
//! best state's first [`COMMIT_MOVES`] moves are made on the grid, with their
//! events, and the states that did not make them are dropped; the others
//! keep their last moves as a shorter list. So a round costs the width
//! times the horizon, whatever the board's size, and memory stays flat.
//!
//! The score is the beam's (see [`beam`](super::beam)): the exact cost of
//! the stage under way, the weighted distances of the line's later tiles
//! and of the next lines' tiles, and the offset that keeps the score from
//! rising when a stage ends. Only the stage's cost is found differently:
//! from a table over a small window round its target, with the real walls,
//! and for a tile farther out from the same table as if it were nearer,
//! plus what the rest of its way costs on an open board (see [`bring_within`]).

use crate::board::Tile;

use super::beam::{Candidacy, Scoring, Tally, drop_duplicates, key};
use super::line::{Goal, NO_RANK, StagedLine};
use super::table::{StageTable, StageTarget, TRAPPED};
use super::{LineProgress, Outcome};
use crate::human::cell_rect::CellRect;
use crate::human::event::Event;
use crate::human::grid::{Dir, FLAGS, Grid, LOCKED, unpack_home};
use crate::human::open_board::{bring_within, rough_cost};

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
/// Moves added while a tile sits where it must not stay (see `beam`).
const KEEP_OUT: u32 = 10;
/// Overlay entries a state may hold: one per move, plus the blank's first cell.
const OVERLAY: usize = AHEAD_MOVES + 1;

/// One stage of the line in the grid's padded cell numbers.
#[derive(Clone, Copy, Debug)]
struct GridStage {
    goal: GridGoal,
    /// The blank may not enter a line cell whose lock rank is below this.
    locked: u16,
    /// The line's tiles ranked below this are covered by the stage's cost.
    current: u16,
    /// A pair already home: its tiles' words and cells, and the stage to skip to.
    skip: Option<([(u32, usize); 2], u32)>,
    /// A tile (its number and word) that must not end the stage in these cells.
    keep_out: Option<(Tile, u32, [usize; 2])>,
    /// Forced moves after this stage (a pair's turn).
    forced_after: u32,
}

#[derive(Clone, Copy, Debug)]
enum GridGoal {
    /// Bring the tile (number, word) to `cell`, and the blank to `blank` if set.
    Reach { tile: Tile, word: u32, cell: usize, blank: Option<usize> },
    /// Forced moves left, counting this one.
    Forced { dir: u8, left: u32 },
}

#[derive(Clone, Copy, Debug)]
struct RollingState {
    blank: u32,
    /// Cell of the tile of the stage under way.
    at: u32,
    stage: u32,
    /// The direction of the last move (4: none yet).
    last: u8,
    /// Overlay entries in use.
    len: u16,
    /// One bit per overlay cell, by the cell's number mod 64: a cell whose
    /// bit is clear is not in the overlay, without a scan.
    mask: u64,
    tally: Tally,
    hash: u64,
}

impl RollingState {
    fn score(&self) -> i64 {
        self.tally.score()
    }
}

impl Candidacy for RollingCandidate {
    fn parts(&mut self) -> (&mut i64, u64, u32) {
        (&mut self.score, self.state.hash, self.state.stage)
    }
}

#[derive(Clone, Copy, Debug)]
struct RollingCandidate {
    parent: u32,
    dir: u8,
    /// The word of the tile the move slid.
    moved: u32,
    score: i64,
    state: RollingState,
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

/// Buffers kept between lines.
#[derive(Default)]
pub(super) struct RollingScratch {
    beam: RollingStates,
    tables: StageTables,
}

/// The beam's states and what they are made from.
#[derive(Default)]
struct RollingStates {
    states: Vec<RollingState>,
    next_states: Vec<RollingState>,
    /// Each state's changed cells since the last commit, `OVERLAY` slots a state.
    overlay: Vec<(u32, u32)>,
    next_overlay: Vec<(u32, u32)>,
    /// Each state's moves since the last commit (direction, stage after),
    /// `AHEAD_MOVES` slots a state.
    moves: Vec<(u8, u32)>,
    next_moves: Vec<(u8, u32)>,
    candidates: Vec<RollingCandidate>,
    seen: Vec<(u64, u32)>,
}

/// The line's stages and the tables that cost them.
#[derive(Default)]
struct StageTables {
    /// Lock rank of the line's cells by padded cell (`NO_RANK` elsewhere).
    line_lock: Vec<u16>,
    queue: Vec<u32>,
    blocked: Vec<bool>,
    stages: Vec<GridStage>,
    /// Padded home cell of each of the line's tiles, by rank.
    homes: Vec<usize>,
    nears: Vec<Option<Near>>,
    cache: Vec<StageTable>,
    cached: std::collections::HashMap<NearKey, usize>,
}

/// The line's fixed data for one search.
pub(super) struct Rolling<'a> {
    pub(super) area: &'a CellRect,
    pub(super) line: &'a StagedLine,
    /// Rank of each tile in the line (`NO_RANK` for the others).
    pub(super) rank: &'a [u16],
    /// Weight of each tile of the later lines (by tile number).
    pub(super) weight: &'a [i32],
    pub(super) scoring: Scoring,
    pub(super) width: usize,
}

/// The word of the tile in `cell`: from the state's overlay, else the grid.
#[inline]
fn word_at(words: &[u32], overlay: &[(u32, u32)], mask: u64, cell: usize) -> u32 {
    if mask & bit(cell) == 0 {
        return words[cell] & !FLAGS;
    }
    for &(c, w) in overlay {
        if c as usize == cell {
            return w;
        }
    }
    words[cell] & !FLAGS
}

/// A cell's bit in an overlay's mask.
#[inline]
fn bit(cell: usize) -> u64 {
    1 << (cell % 64)
}

/// Sets the word of `cell` in an overlay.
#[inline]
fn set_word(overlay: &mut [(u32, u32)], len: &mut u16, mask: &mut u64, cell: usize, word: u32) {
    for entry in &mut overlay[..usize::from(*len)] {
        if entry.0 as usize == cell {
            entry.1 = word;
            return;
        }
    }
    overlay[usize::from(*len)] = (cell as u32, word);
    *len += 1;
    *mask |= bit(cell);
}

/// A state's board: the grid, its overlay, and maybe one more move.
struct OverlayView<'a> {
    grid: &'a Grid,
    overlay: &'a [(u32, u32)],
    mask: u64,
    /// The word that moved, its new cell, and the blank's new cell.
    moved: Option<(u32, usize, usize)>,
    blank_word: u32,
}

impl OverlayView<'_> {
    fn word_at(&self, cell: usize) -> u32 {
        match self.moved {
            Some((_, _, blank)) if cell == blank => self.blank_word,
            Some((word, to, _)) if cell == to => word,
            _ => word_at(self.grid.words(), self.overlay, self.mask, cell),
        }
    }

    fn cell_of(&self, tile: Tile, word: u32) -> usize {
        match self.moved {
            Some((w, to, _)) if w == word => return to,
            _ => {}
        }
        for &(c, w) in self.overlay {
            if w == word {
                return c as usize;
            }
        }
        self.grid.where_is(tile)
    }
}

impl Rolling<'_> {
    /// Builds the line on `grid` with the usual events; see [`Outcome`].
    pub(super) fn run<S: FnMut(&Event)>(&self, grid: &mut Grid, scratch: &mut RollingScratch, sink: &mut S) -> Outcome {
        self.prepare(grid, &mut scratch.tables);
        let outcome = self.search(grid, scratch, sink);
        for &cell in &self.line.locks {
            let p = self.padded(grid, cell);
            scratch.tables.line_lock[p] = NO_RANK;
        }
        outcome
    }

    /// The grid's padded cell of an area cell.
    fn padded(&self, grid: &Grid, cell: usize) -> usize {
        let (r, c) = self.area.coords(cell);
        grid.index(self.area.top + r, self.area.left + c)
    }

    /// The line's stages in padded cells, its lock ranks, and empty tables.
    fn prepare(&self, grid: &Grid, scratch: &mut StageTables) {
        let line = self.line;
        let word = |tile: Tile| grid.words()[grid.where_is(tile)] & !FLAGS;
        scratch.line_lock.resize(grid.words().len(), NO_RANK);
        for (k, &cell) in line.locks.iter().enumerate() {
            let p = self.padded(grid, cell);
            scratch.line_lock[p] = k as u16 + 1;
        }
        scratch.stages.clear();
        for (k, stage) in line.stages.iter().enumerate() {
            let goal = match stage.goal {
                Goal::Reach { tile, target } => {
                    let (cell, blank) = match target {
                        StageTarget::Tile { cell } => (cell, None),
                        StageTarget::Tuck { cell, blank } => (cell, Some(self.padded(grid, blank))),
                    };
                    GridGoal::Reach { tile, word: word(tile), cell: self.padded(grid, cell), blank }
                }
                Goal::Forced(dir) => GridGoal::Forced { dir: dir as u8, left: 1 + line.forced_after(k) as u32 },
            };
            scratch.stages.push(GridStage {
                goal,
                locked: stage.locked,
                current: stage.current,
                skip: stage
                    .skip
                    .map(|skip| (skip.cells.map(|(tile, cell)| (word(tile), self.padded(grid, cell))), skip.to as u32)),
                keep_out: stage.keep_out.map(|(tile, cells)| (tile, word(tile), cells.map(|c| self.padded(grid, c)))),
                forced_after: line.forced_after(k) as u32,
            });
        }
        scratch.homes.clear();
        for &tile in &line.tiles {
            let home = self.area.home(tile, grid.rows, grid.cols);
            scratch.homes.push(self.padded(grid, home));
        }
        scratch.nears.clear();
        scratch.nears.resize_with(line.stages.len(), || None);
    }

    fn search<S: FnMut(&Event)>(&self, grid: &mut Grid, scratch: &mut RollingScratch, sink: &mut S) -> Outcome {
        let finished = self.line.stages.len() as u32;
        let mut progress = LineProgress { stage: 0 };
        progress.arrive(grid, self.area, self.line, sink);
        while progress.stage < self.line.stages.len() && progress.met(grid, self.area, self.line) {
            progress.finish(grid, self.area, self.line, sink);
        }
        let blank_word = grid.words()[grid.blank] & !FLAGS;
        let RollingScratch { beam, tables } = scratch;
        let mut root = RollingState {
            blank: grid.blank as u32,
            at: 0,
            stage: 0,
            last: 4,
            len: 0,
            mask: 0,
            tally: Tally::default(),
            hash: 0,
        };
        {
            let view = OverlayView { grid, overlay: &[], mask: 0, moved: None, blank_word };
            self.settle(&mut root, &view, tables, true);
        }
        if root.stage == finished {
            debug_assert_eq!(progress.stage, self.line.stages.len());
            return Outcome::Built;
        }
        let mut stall_after = stall_budget(root.tally.cost);
        let (mut best_stage, mut since) = (root.stage, 0);
        beam.states.clear();
        beam.states.push(root);
        beam.overlay.clear();
        beam.overlay.resize(OVERLAY, (0, 0));
        beam.moves.clear();
        beam.moves.resize(AHEAD_MOVES, (0, 0));
        let mut depth = 0;
        let width = grid.width;
        let offsets = [width.wrapping_neg(), 1, width, 1usize.wrapping_neg()];
        loop {
            let RollingStates { states, overlay: overlays, candidates, .. } = &mut *beam;
            candidates.clear();
            for (i, &s) in states.iter().enumerate() {
                let overlay = &overlays[i * OVERLAY..i * OVERLAY + usize::from(s.len)];
                let stage = tables.stages[s.stage as usize];
                let forced = match stage.goal {
                    GridGoal::Forced { dir, .. } => Some(usize::from(dir)),
                    GridGoal::Reach { .. } => None,
                };
                let from = s.blank as usize;
                let (row, col) = grid.coords(from);
                for (dir, &offset) in offsets.iter().enumerate() {
                    match forced {
                        Some(f) if f != dir => continue,
                        None if usize::from(s.last) == (dir + 2) % 4 => continue,
                        _ => {}
                    }
                    let next = from.wrapping_add(offset);
                    if forced.is_none() && (grid.words()[next] & LOCKED != 0 || tables.line_lock[next] < stage.locked) {
                        continue;
                    }
                    let word = word_at(grid.words(), overlay, s.mask, next);
                    let tile = tile_of(grid, word);
                    let rank = self.rank[tile as usize];
                    let mut child = s;
                    child.blank = next as u32;
                    child.last = dir as u8;
                    // The tile goes from `next` to `from`: one cell farther
                    // from home along the move's axis, or one nearer.
                    let (home_row, home_col) = unpack_home(word);
                    let farther = if dir % 2 == 0 {
                        let next_row = if dir == 0 { row - 1 } else { row + 1 };
                        row.abs_diff(home_row) as i64 - next_row.abs_diff(home_row) as i64
                    } else {
                        let next_col = if dir == 3 { col - 1 } else { col + 1 };
                        col.abs_diff(home_col) as i64 - next_col.abs_diff(home_col) as i64
                    };
                    child.tally.potential += self.weight_of(tile, rank, &stage) * farther;
                    child.hash ^= key(word, next) ^ key(word, from) ^ key(blank_word, next) ^ key(blank_word, from);
                    let view = OverlayView { grid, overlay, mask: s.mask, moved: Some((word, from, next)), blank_word };
                    if forced.is_some() {
                        child.stage += 1;
                        self.settle(&mut child, &view, tables, true);
                    } else {
                        self.settle(&mut child, &view, tables, false);
                    }
                    candidates.push(RollingCandidate {
                        parent: i as u32,
                        dir: dir as u8,
                        moved: word,
                        score: child.score(),
                        state: child,
                    });
                }
            }
            if candidates.is_empty() {
                return Outcome::Stalled(progress.placements_done(self.line));
            }
            if let Some(best) =
                candidates.iter().filter(|c| c.state.stage == finished).min_by_key(|c| (c.score, c.state.hash)).copied()
            {
                let parent = best.parent as usize * AHEAD_MOVES;
                beam.moves[parent + depth] = (best.dir, finished);
                let moves = &beam.moves[parent..parent + depth + 1];
                commit(grid, &mut progress, self.area, self.line, moves, sink);
                debug_assert_eq!(progress.stage, self.line.stages.len(), "the line is built");
                return Outcome::Built;
            }
            drop_duplicates(&mut beam.candidates, &mut beam.seen);
            if beam.candidates.len() > self.width {
                beam.candidates.select_nth_unstable_by_key(self.width, |c| (c.score, c.state.hash));
                beam.candidates.truncate(self.width);
            }
            advance(beam, depth, blank_word);
            depth += 1;
            let top = beam.states.iter().map(|s| s.stage).max().unwrap_or(0);
            if top > best_stage {
                (best_stage, since) = (top, 0);
                let cost = beam.states.iter().filter(|s| s.stage == top).map(|s| s.tally.cost).min().unwrap_or(0);
                stall_after = stall_budget(cost);
            } else {
                since += 1;
                if since > stall_after {
                    return Outcome::Stalled(progress.placements_done(self.line));
                }
            }
            if depth == AHEAD_MOVES {
                self.commit_best(grid, beam, &mut progress, blank_word, sink);
                depth -= COMMIT_MOVES;
            }
        }
    }

    /// Makes the best state's first `COMMIT_MOVES` moves on the grid and keeps
    /// the states that made the same ones, their overlays redone from the
    /// grid as it is now.
    fn commit_best<S: FnMut(&Event)>(
        &self,
        grid: &mut Grid,
        beam: &mut RollingStates,
        progress: &mut LineProgress,
        blank_word: u32,
        sink: &mut S,
    ) {
        let best = (0..beam.states.len())
            .min_by_key(|&i| (beam.states[i].score(), beam.states[i].hash))
            .expect("the beam is never empty here");
        let start = best * AHEAD_MOVES;
        let prefix: [(u8, u32); COMMIT_MOVES] = std::array::from_fn(|k| beam.moves[start + k]);
        commit(grid, progress, self.area, self.line, &prefix, sink);
        let RollingStates { states, overlay, moves, .. } = beam;
        let mut kept = 0;
        for i in 0..states.len() {
            let same = (0..COMMIT_MOVES).all(|k| moves[i * AHEAD_MOVES + k].0 == prefix[k].0);
            if !same {
                continue;
            }
            moves.copy_within(i * AHEAD_MOVES + COMMIT_MOVES..(i + 1) * AHEAD_MOVES, kept * AHEAD_MOVES);
            let mut state = states[i];
            state.len = 0;
            state.mask = 0;
            let slots = &mut overlay[kept * OVERLAY..(kept + 1) * OVERLAY];
            let mut at = grid.blank;
            for k in 0..AHEAD_MOVES - COMMIT_MOVES {
                let dir = usize::from(moves[kept * AHEAD_MOVES + k].0);
                let next = grid.step(at, Dir::from_index(dir));
                let word = word_at(grid.words(), &slots[..usize::from(state.len)], state.mask, next);
                set_word(slots, &mut state.len, &mut state.mask, at, word);
                set_word(slots, &mut state.len, &mut state.mask, next, blank_word);
                at = next;
            }
            debug_assert_eq!(at, state.blank as usize);
            states[kept] = state;
            kept += 1;
        }
        states.truncate(kept);
    }

    /// How much a cell of the tile's distance from home counts in `stage`.
    #[inline]
    fn weight_of(&self, tile: Tile, rank: u16, stage: &GridStage) -> i64 {
        if rank == NO_RANK {
            i64::from(self.weight[tile as usize])
        } else if rank < stage.current {
            0
        } else {
            self.scoring.line
        }
    }

    /// Brings a state's stage up to date (see `Beam::settle`).
    fn settle(&self, state: &mut RollingState, view: &OverlayView, scratch: &mut StageTables, mut arrived: bool) {
        let grid = view.grid;
        loop {
            let k = state.stage as usize;
            let Some(&stage) = scratch.stages.get(k) else {
                state.tally.cost = 0;
                return;
            };
            let (tile, word, target, tuck) = match stage.goal {
                GridGoal::Forced { left, .. } => {
                    state.tally.cost = left;
                    return;
                }
                GridGoal::Reach { tile, word, cell, blank } => (tile, word, cell, blank),
            };
            let rank = self.rank[tile as usize];
            let mut arriving = None;
            if arrived {
                if let Some((cells, to)) = stage.skip {
                    if cells.iter().all(|&(w, cell)| view.word_at(cell) == w) {
                        state.stage = to;
                        continue;
                    }
                }
                let previous = k.checked_sub(1).map_or(0, |p| scratch.stages[p].current);
                if rank >= previous {
                    let home = scratch.homes[usize::from(rank)];
                    arriving = Some(grid.distance(view.cell_of(tile, word), home) as i64);
                }
            }
            state.at = match view.moved {
                _ if arrived => view.cell_of(tile, word) as u32,
                Some((moved, to, _)) if moved == word => to as u32,
                _ => state.at,
            };
            let (at, blank) = (state.at as usize, state.blank as usize);
            let shut_in = stage.keep_out.is_some_and(|(t, w, cells)| cells.contains(&view.cell_of(t, w)));
            let done = !shut_in && at == target && tuck.is_none_or(|b| blank == b);
            let cost = if done {
                0
            } else {
                self.stage_cost(grid, scratch, k, at, blank) + stage.forced_after + if shut_in { KEEP_OUT } else { 0 }
            };
            if !state.tally.settle(&self.scoring, arriving, cost, cost >= SHUT, done) {
                return;
            }
            state.stage += 1;
            arrived = true;
        }
    }

    /// Moves to finish stage `k` with its tile in `at` and the blank in
    /// `blank`, from the stage's table over the window round its target
    /// (the real walls in it); a tile farther out is costed as if it were
    /// at the window's reach, plus the open board's moves for the rest of
    /// its way (see [`bring_within`]), so the count does not jump where the
    /// table takes over.
    fn stage_cost(&self, grid: &Grid, scratch: &mut StageTables, k: usize, at: usize, blank: usize) -> u32 {
        let GridGoal::Reach { cell: target, .. } = scratch.stages[k].goal else { unreachable!("a tile's stage") };
        if scratch.nears[k].is_none() {
            let near = self.near_table(grid, scratch, k, target);
            scratch.nears[k] = Some(near);
        }
        let near = scratch.nears[k].as_ref().expect("built above");
        let (tr, tc) = grid.coords(at);
        let (br, bc) = grid.coords(blank);
        let (gr, gc) = grid.coords(target);
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
        let local = |r: usize, c: usize| area.cell(r - area.top - 1, c - area.left - 1);
        let rough = rough_cost(dr.unsigned_abs() + dc.unsigned_abs(), tr.abs_diff(br) + tc.abs_diff(bc));
        if !inside(rr, rc) {
            return rough;
        }
        let tile = local(rr, rc);
        // The blank where it is relative to the tile, if that is inside.
        let rbr = rr.wrapping_add_signed(br as isize - tr as isize);
        let rbc = rc.wrapping_add_signed(bc as isize - tc as isize);
        if inside(rbr, rbc) {
            let d = scratch.cache[near.table].cost(area, tile, local(rbr, rbc));
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
                let d = scratch.cache[near.table].cost(area, tile, local(sr, sc));
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

    /// The exact table of stage `k` over the cells within `NEAR` of its
    /// target, in the unsolved region, the line's cells locked by then out
    /// of bounds.
    fn near_table(&self, grid: &Grid, scratch: &mut StageTables, k: usize, target: usize) -> Near {
        let (gr, gc) = grid.coords(target);
        let (open_row, open_col) = grid.open_corner();
        let top = gr.saturating_sub(NEAR).max(open_row);
        let left = gc.saturating_sub(NEAR).max(open_col);
        let bottom = (gr + NEAR).min(grid.rows);
        let right = (gc + NEAR).min(grid.cols);
        let area = CellRect { top: top - 1, left: left - 1, height: bottom + 1 - top, width: right + 1 - left };
        let locked = scratch.stages[k].locked;
        scratch.blocked.clear();
        for r in top..=bottom {
            for c in left..=right {
                let p = r * grid.width + c;
                scratch.blocked.push(grid.words()[p] & LOCKED != 0 || scratch.line_lock[p] < locked);
            }
        }
        let local = |p: usize| {
            let (r, c) = grid.coords(p);
            area.cell(r - top, c - left)
        };
        let target = match scratch.stages[k].goal {
            GridGoal::Reach { cell, blank: Some(b), .. } => StageTarget::Tuck { cell: local(cell), blank: local(b) },
            GridGoal::Reach { cell, .. } => StageTarget::Tile { cell: local(cell) },
            GridGoal::Forced { .. } => unreachable!("a tile's stage"),
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
        scratch.cache.push(table);
        scratch.cached.insert(key, scratch.cache.len() - 1);
        Near { area, table: scratch.cache.len() - 1 }
    }
}

/// The survivors become the next round's states: each a copy of its
/// parent's overlay and moves with one move more.
fn advance(beam: &mut RollingStates, depth: usize, blank_word: u32) {
    let RollingStates { states, next_states, overlay, next_overlay, moves, next_moves, candidates, .. } = beam;
    next_states.clear();
    next_overlay.clear();
    next_moves.clear();
    for c in candidates.iter() {
        let p = c.parent as usize;
        let parent = &states[p];
        let start = next_overlay.len();
        next_overlay.extend_from_slice(&overlay[p * OVERLAY..(p + 1) * OVERLAY]);
        let mut state = c.state;
        state.len = parent.len;
        state.mask = parent.mask;
        let slots = &mut next_overlay[start..];
        set_word(slots, &mut state.len, &mut state.mask, parent.blank as usize, c.moved);
        set_word(slots, &mut state.len, &mut state.mask, state.blank as usize, blank_word);
        let start = next_moves.len();
        next_moves.extend_from_slice(&moves[p * AHEAD_MOVES..(p + 1) * AHEAD_MOVES]);
        next_moves[start + depth] = (c.dir, state.stage);
        next_states.push(state);
    }
    std::mem::swap(states, next_states);
    std::mem::swap(overlay, next_overlay);
    std::mem::swap(moves, next_moves);
}

/// Rounds a stage may take that begins `cost` moves from done before the
/// search gives up on it: a stage that wanders (a pair's second tile shut
/// in, a plateau the beam does not cross) is cut short, since every round
/// past the horizon is a move made, and the planner puts that placement
/// home tile by tile. A stage the beam goes about well takes about its cost.
fn stall_budget(cost: u32) -> usize {
    20 + cost.min(SHUT_BUDGET) as usize
}

/// The tile whose home a cell word holds.
#[inline]
fn tile_of(grid: &Grid, word: u32) -> Tile {
    let (r, c) = unpack_home(word);
    let i = (r - 1) * grid.cols + c - 1;
    if i + 1 == grid.rows * grid.cols { 0 } else { (i + 1) as Tile }
}

/// Makes `moves` on the grid, reporting placements as their stages start
/// and finish.
fn commit<S: FnMut(&Event)>(
    grid: &mut Grid,
    progress: &mut LineProgress,
    area: &CellRect,
    line: &StagedLine,
    moves: &[(u8, u32)],
    sink: &mut S,
) {
    for &(dir, stage) in moves {
        grid.slide(Dir::from_index(usize::from(dir)), sink);
        while progress.stage < stage as usize {
            progress.finish(grid, area, line, sink);
        }
    }
}
