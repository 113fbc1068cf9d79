//! The beam search over the blank's moves that builds one line.
//!
//! Every state in the beam has made the same number of moves. A state's
//! children are the blank's moves that do not undo its last one; each is
//! scored, duplicates (the same board) dropped, and the best `width` kept.
//! The score, in hundredths of a move:
//!
//! ```text
//! exact cost of the stage under way (tile and blank, see `table`)
//!   + Σ weight(tile) · its distance from home, for the line's later tiles
//!     and for the tiles of the lines after it (nearer lines weigh more)
//!   + an offset that keeps the score level when a stage finishes
//! ```
//!
//! The distance terms are what makes the blank's path earn: among routes
//! equally good for the tile being placed, the one that pushes the next
//! lines' tiles home wins. The offset matters as much: when a tile arrives,
//! its share of the distance term is swapped for the next stage's exact
//! cost; if that made the score jump up, the beam would rather not finish
//! the stage and stall.
//!
//! States keep their own copy of the unsolved area (only the survivors of a
//! round are copied), with the cells of the line's tiles, and one node each
//! in a tree of moves that the winning state is read back from.

use crate::board::Tile;

use super::line::{Goal, NO_RANK, StagedLine};
use super::table::{StageTable, StageTarget, TRAPPED};
use crate::human::cell_rect::CellRect;

/// The most cells a board may have for the beam: tiles and cells are kept
/// in 16 bits.
pub(super) const MAX_CELLS: usize = 1 << 16;

/// Score units per move.
pub(super) const MOVE: i64 = 100;

/// How a line is scored (all in score units per cell of distance).
#[derive(Clone, Copy, Debug)]
pub(super) struct Scoring {
    /// The line's later tiles.
    pub(super) line: i64,
    /// What a later tile's placement is guessed to cost when its turn
    /// comes: `per_step` per cell of distance plus `base`, in moves.
    pub(super) per_step: i64,
    pub(super) base: i64,
}

impl Scoring {
    /// When a tile's stage begins: its distance term (`cells` from home)
    /// gives way to the stage's exact `cost`. The changes to the potential
    /// and to the offset, which keep the score level, or lower when the
    /// exact cost is below the guess: a finished stage never raises the
    /// score, or the beam would put off finishing it (but a `trapped` one
    /// does).
    pub(super) fn arrival(&self, cells: i64, cost: u32, trapped: bool) -> (i64, i64) {
        let guess = (self.per_step * cells + self.base) * MOVE;
        let exact = i64::from(cost) * MOVE;
        let jump = if trapped { exact - guess } else { (exact - guess).min(0) };
        (-self.line * cells, self.line * cells - exact + jump)
    }
}

/// A state's score in parts: the exact cost of the stage under way (in
/// moves), the weighted distances, and the offset kept when stages end.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Tally {
    pub(super) cost: u32,
    pub(super) potential: i64,
    pub(super) offset: i64,
}

impl Tally {
    pub(super) fn score(&self) -> i64 {
        i64::from(self.cost) * MOVE + self.potential + self.offset
    }

    /// Ends a stage update with the stage's `cost`: an `arriving` tile
    /// (its cells from home) gives up its distance term (see
    /// [`Scoring::arrival`]). True when the stage is `done`, for the caller
    /// to go on to the next one; else the cost is kept.
    pub(super) fn settle(
        &mut self,
        scoring: &Scoring,
        arriving: Option<i64>,
        cost: u32,
        trapped: bool,
        done: bool,
    ) -> bool {
        if let Some(cells) = arriving {
            let (potential, offset) = scoring.arrival(cells, cost, trapped);
            self.potential += potential;
            self.offset += offset;
        }
        if !done {
            self.cost = cost;
        }
        done
    }
}

/// Reusable buffers.
#[derive(Default)]
pub(super) struct BeamScratch {
    states: Vec<WholeState>,
    next_states: Vec<WholeState>,
    /// Each state's area (tiles by cell) and its line tiles' cells, as
    /// 16-bit numbers (see [`MAX_CELLS`]): half the bytes to copy and read.
    blocks: Vec<u16>,
    next_blocks: Vec<u16>,
    candidates: Vec<WholeCandidate>,
    nodes: Vec<MoveNode>,
    queue: Vec<u32>,
    blocked: Vec<bool>,
    seen: Vec<(u64, u32)>,
}

#[derive(Clone, Copy, Debug)]
struct WholeState {
    blank: u32,
    /// Cell of the tile of the stage under way.
    at: u32,
    stage: u32,
    /// The direction of the last move (4: none yet).
    last: u8,
    tally: Tally,
    hash: u64,
    node: u32,
}

impl WholeState {
    fn score(&self) -> i64 {
        self.tally.score()
    }
}

#[derive(Clone, Copy, Debug)]
struct WholeCandidate {
    parent: u32,
    dir: u8,
    score: i64,
    state: WholeState,
}

#[derive(Clone, Copy, Debug)]
struct MoveNode {
    parent: u32,
    dir: u8,
    stage: u32,
}

const ROOT: u32 = u32::MAX;

/// Moves added to a stage's cost while a tile sits where it must not stay
/// (about what it takes to move it out), so the beam clears it first.
const KEEP_OUT: u32 = 10;

/// What a state's board looks like: a stored block, or a parent's block
/// with one move made.
struct WholeView<'a> {
    board: &'a [u16],
    cells: &'a [u16],
    /// The tile that moved, its rank and its new cell; and the blank's new cell.
    moved: Option<(Tile, u16, usize, usize)>,
}

impl WholeView<'_> {
    fn tile_at(&self, cell: usize) -> Tile {
        match self.moved {
            Some((_, _, _, blank)) if cell == blank => 0,
            Some((tile, _, to, _)) if cell == to => tile,
            _ => Tile::from(self.board[cell]),
        }
    }

    fn cell_of(&self, rank: u16) -> usize {
        match self.moved {
            Some((_, r, to, _)) if r == rank => to,
            _ => self.cells[usize::from(rank)] as usize,
        }
    }
}

/// The search for one line.
pub(super) struct Beam<'a> {
    pub(super) area: &'a CellRect,
    pub(super) line: &'a StagedLine,
    /// Rank of each tile in the line (`NO_RANK` for the others).
    pub(super) rank: &'a [u16],
    /// Weight of each tile of the later lines (by tile number).
    pub(super) weight: &'a [i32],
    pub(super) scoring: Scoring,
    /// Area row and column of each area cell, and of each tile's home (by
    /// tile number; only the area's tiles are filled in).
    pub(super) coords: &'a [(u16, u16)],
    pub(super) homes: &'a [(u16, u16)],
    pub(super) width: usize,
    /// Rounds after which the search gives up.
    pub(super) cap: usize,
}

impl Beam<'_> {
    /// The blank's moves (area directions) that build the line from the
    /// area `board` (tiles by area cell), each with the stage reached after
    /// it; `None` if no state finished within the cap.
    pub(super) fn run(&self, board: &[u32], scratch: &mut BeamScratch) -> Option<Vec<(u8, u32)>> {
        let area = self.area;
        let cells = area.len();
        let stride = cells + self.line.tiles.len();
        let mut tables: Vec<Option<StageTable>> = (0..self.line.stages.len()).map(|_| None).collect();
        let BeamScratch { states, next_states, blocks, next_blocks, candidates, nodes, queue, blocked, seen } = scratch;
        states.clear();
        nodes.clear();
        blocks.clear();
        blocks.extend(board.iter().map(|&tile| tile as u16));
        blocks.resize(stride, 0);
        let mut blank = 0;
        let mut hash = 0u64;
        for (cell, &tile) in board.iter().enumerate() {
            if tile == 0 {
                blank = cell;
            }
            let rank = self.rank[tile as usize];
            if rank != NO_RANK {
                blocks[cells + usize::from(rank)] = cell as u16;
            }
            hash ^= key(tile, cell);
        }
        let mut root =
            WholeState { blank: blank as u32, at: 0, stage: 0, last: 4, tally: Tally::default(), hash, node: ROOT };
        let view = WholeView { board: &blocks[..cells], cells: &blocks[cells..stride], moved: None };
        self.settle(&mut root, &view, &mut tables, queue, blocked, true);
        if root.stage as usize == self.line.stages.len() {
            return Some(Vec::new());
        }
        states.push(root);

        for _ in 0..self.cap {
            candidates.clear();
            for (i, s) in states.iter().enumerate() {
                let block = &blocks[i * stride..(i + 1) * stride];
                let stage = &self.line.stages[s.stage as usize];
                let forced = match stage.goal {
                    Goal::Forced(dir) => Some(dir),
                    Goal::Reach { .. } => None,
                };
                for dir in 0..4usize {
                    match forced {
                        Some(f) if f != dir => continue,
                        None if usize::from(s.last) == (dir + 2) % 4 => continue,
                        _ => {}
                    }
                    let from = s.blank as usize;
                    let (row, col) = self.coords[from];
                    let next = match dir {
                        0 if row > 0 => from - area.width,
                        1 if usize::from(col) + 1 < area.width => from + 1,
                        2 if usize::from(row) + 1 < area.height => from + area.width,
                        3 if col > 0 => from - 1,
                        _ => continue,
                    };
                    if forced.is_none() && self.line.lock_rank[next] < stage.locked {
                        continue;
                    }
                    let tile = Tile::from(block[next]);
                    let rank = self.rank[tile as usize];
                    let mut child = *s;
                    child.blank = next as u32;
                    child.last = dir as u8;
                    // The tile goes from `next` to `from`: one cell farther
                    // from home along the move's axis, or one nearer.
                    let (home_row, home_col) = self.homes[tile as usize];
                    let (next_row, next_col) = self.coords[next];
                    let farther = if dir % 2 == 0 {
                        i64::from(row.abs_diff(home_row)) - i64::from(next_row.abs_diff(home_row))
                    } else {
                        i64::from(col.abs_diff(home_col)) - i64::from(next_col.abs_diff(home_col))
                    };
                    child.tally.potential += self.weight_of(tile, rank, s.stage) * farther;
                    child.hash ^= key(tile, next) ^ key(tile, from) ^ key(0, next) ^ key(0, from);
                    let view = WholeView {
                        board: &block[..cells],
                        cells: &block[cells..],
                        moved: Some((tile, rank, from, next)),
                    };
                    if forced.is_some() {
                        child.stage += 1;
                        self.settle(&mut child, &view, &mut tables, queue, blocked, true);
                    } else {
                        self.settle(&mut child, &view, &mut tables, queue, blocked, false);
                    }
                    candidates.push(WholeCandidate {
                        parent: i as u32,
                        dir: dir as u8,
                        score: child.score(),
                        state: child,
                    });
                }
            }
            if candidates.is_empty() {
                return None;
            }
            let finished = self.line.stages.len() as u32;
            if let Some(best) =
                candidates.iter().filter(|c| c.state.stage == finished).min_by_key(|c| (c.score, c.state.hash))
            {
                let parent = states[best.parent as usize].node;
                nodes.push(MoveNode { parent, dir: best.dir, stage: finished });
                return Some(path(nodes, nodes.len() as u32 - 1));
            }
            drop_duplicates(candidates, seen);
            if candidates.len() > self.width {
                candidates.select_nth_unstable_by_key(self.width, |c| (c.score, c.state.hash));
                candidates.truncate(self.width);
            }
            next_states.clear();
            next_blocks.clear();
            for c in candidates.iter() {
                let parent = &states[c.parent as usize];
                let start = c.parent as usize * stride;
                next_blocks.extend_from_slice(&blocks[start..start + stride]);
                let block = &mut next_blocks[next_states.len() * stride..];
                let (from, to) = (parent.blank as usize, c.state.blank as usize);
                let tile = block[to];
                block[from] = tile;
                block[to] = 0;
                let tile = Tile::from(tile);
                let rank = self.rank[tile as usize];
                if rank != NO_RANK {
                    block[cells + usize::from(rank)] = from as u16;
                }
                let mut state = c.state;
                nodes.push(MoveNode { parent: parent.node, dir: c.dir, stage: state.stage });
                state.node = nodes.len() as u32 - 1;
                next_states.push(state);
            }
            std::mem::swap(states, next_states);
            std::mem::swap(blocks, next_blocks);
        }
        None
    }

    /// How much a cell of the tile's distance from home counts in stage `stage`.
    #[inline]
    fn weight_of(&self, tile: Tile, rank: u16, stage: u32) -> i64 {
        if rank == NO_RANK {
            i64::from(self.weight[tile as usize])
        } else if rank < self.line.stages[stage as usize].current {
            0
        } else {
            self.scoring.line
        }
    }

    /// Brings a state's stage up to date: finishes stages whose goal is met,
    /// skips pairs already home, and sets the cost of the stage under way.
    /// `arrived` says the state has just entered its stage.
    fn settle(
        &self,
        state: &mut WholeState,
        view: &WholeView,
        tables: &mut [Option<StageTable>],
        queue: &mut Vec<u32>,
        blocked: &mut Vec<bool>,
        mut arrived: bool,
    ) {
        let area = self.area;
        loop {
            let k = state.stage as usize;
            let Some(stage) = self.line.stages.get(k) else {
                state.tally.cost = 0;
                return;
            };
            let (tile, target) = match stage.goal {
                Goal::Forced(_) => {
                    let forced = self.line.stages[k..].iter().take_while(|s| matches!(s.goal, Goal::Forced(_))).count();
                    state.tally.cost = forced as u32;
                    return;
                }
                Goal::Reach { tile, target } => (tile, target),
            };
            let rank = self.rank[tile as usize];
            // On arrival the tile leaves the distance term for the exact
            // cost; its cells of distance from home, if it was weighed.
            let mut arriving = None;
            if arrived {
                if let Some(skip) = stage.skip {
                    if skip.cells.iter().all(|&(t, cell)| view.tile_at(cell) == t) {
                        state.stage = skip.to as u32;
                        continue;
                    }
                }
                let previous = k.checked_sub(1).map_or(0, |p| self.line.stages[p].current);
                if rank >= previous {
                    arriving =
                        Some(area.distance(view.cell_of(rank), area.home(tile, self.line.rows, self.line.cols)) as i64);
                }
            }
            state.at = view.cell_of(rank) as u32;
            let (at, blank) = (state.at as usize, state.blank as usize);
            // A stage is not over while a tile it must keep out of a cell
            // is there (the pair already turned the wrong way round, say).
            let shut_in = stage.keep_out.is_some_and(|(t, cells)| cells.contains(&view.cell_of(self.rank[t as usize])));
            let done = !shut_in
                && match target {
                    StageTarget::Tile { cell } => at == cell,
                    StageTarget::Tuck { cell, blank: b } => at == cell && blank == b,
                };
            let cost = if done {
                0
            } else {
                let table = tables[k].get_or_insert_with(|| {
                    self.line.blocked(k, blocked);
                    StageTable::build(area, blocked, target, at, blank, queue)
                });
                table.cost(area, at, blank) + self.line.forced_after(k) as u32 + if shut_in { KEEP_OUT } else { 0 }
            };
            if !state.tally.settle(&self.scoring, arriving, cost, cost >= TRAPPED, done) {
                return;
            }
            state.stage += 1;
            arrived = true;
        }
    }
}

/// A candidate state of a beam, as the duplicate check sees it.
pub(super) trait Candidacy {
    /// Its score (smaller is better), its board's hash and its stage.
    fn parts(&mut self) -> (&mut i64, u64, u32);
}

impl Candidacy for WholeCandidate {
    fn parts(&mut self) -> (&mut i64, u64, u32) {
        (&mut self.score, self.state.hash, self.state.stage)
    }
}

/// Keeps, of the candidates that reach the same board (and stage), the one
/// with the better score: an open-addressing table of hashes, so a round
/// costs about the candidates' number, not a sort of them.
pub(super) fn drop_duplicates<C: Candidacy>(candidates: &mut Vec<C>, seen: &mut Vec<(u64, u32)>) {
    const EMPTY: u32 = u32::MAX;
    const DROPPED: i64 = i64::MAX;
    let size = (2 * candidates.len()).next_power_of_two().max(16);
    seen.clear();
    seen.resize(size, (0, EMPTY));
    let mask = size - 1;
    let order = |c: &mut C| {
        let (score, hash, _) = c.parts();
        (*score, hash)
    };
    for i in 0..candidates.len() {
        let (_, hash, stage) = candidates[i].parts();
        let key = hash ^ u64::from(stage).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut slot = key as usize & mask;
        loop {
            let (k, at) = seen[slot];
            if at == EMPTY {
                seen[slot] = (key, i as u32);
                break;
            }
            if k == key {
                let other = at as usize;
                if order(&mut candidates[i]) < order(&mut candidates[other]) {
                    *candidates[other].parts().0 = DROPPED;
                    seen[slot].1 = i as u32;
                } else {
                    *candidates[i].parts().0 = DROPPED;
                }
                break;
            }
            slot = (slot + 1) & mask;
        }
    }
    candidates.retain_mut(|c| *c.parts().0 != DROPPED);
}

/// The moves from the root to `node`, each with the stage after it.
fn path(nodes: &[MoveNode], mut node: u32) -> Vec<(u8, u32)> {
    let mut moves = Vec::new();
    while node != ROOT {
        let n = nodes[node as usize];
        moves.push((n.dir, n.stage));
        node = n.parent;
    }
    moves.reverse();
    moves
}

/// A random-looking key for a tile in a cell (for board hashes).
#[inline]
pub(super) fn key(tile: Tile, cell: usize) -> u64 {
    let mut z = (u64::from(tile) << 32 | cell as u64).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
