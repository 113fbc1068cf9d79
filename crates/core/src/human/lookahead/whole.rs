//! The beam over the whole unsolved area: every state reads a copy of the
//! area, with the cells of the line's tiles, and the moves it made since
//! that copy (see [`Recent`]), and has one node in a tree of moves that
//! the winning state is read back from. A round costs the area times the
//! width, so it serves boards of up to `MAX_LOOKAHEAD_CELLS`; see
//! [`beam`](super::beam) for the search and its score.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use crate::board::Tile;
use crate::human::cell_rect::CellRect;

use super::beam::{Beam, BeamBoard, BeamCandidate, BeamStage, BeamState, ChildMove, MOVE, key};
use super::line::{Goal, NO_RANK, StagedLine};
use super::prune::{CandidateKey, Pruning};
use super::table::{StageTable, TRAPPED};

/// Reusable buffers.
#[derive(Default)]
pub(super) struct WholeScratch {
    /// States, each with its node in `nodes`.
    states: Vec<BeamState<u32>>,
    next_states: Vec<BeamState<u32>>,
    /// Copies of the area (tiles by cell) and of its line tiles' cells, as
    /// 16-bit numbers (see [`MAX_CELLS`](super::beam::MAX_CELLS)): half the
    /// bytes to copy and read. Each state reads one, as it was
    /// [`RECENT`] rounds ago at most, with its own moves since.
    blocks: Vec<u16>,
    next_blocks: Vec<u16>,
    /// Each state's block and moves since it (by state).
    recent: Vec<Recent>,
    next_recent: Vec<Recent>,
    candidates: Vec<BeamCandidate<u32>>,
    nodes: Vec<MoveNode>,
    pruning: Pruning,
    costs: StageTables,
    /// The threads a wide beam's rounds are shared between, and their pool
    /// once a beam is wide enough to use it.
    threads: usize,
    pool: Option<rayon::ThreadPool>,
    /// Each thread's share of a round.
    parts: Vec<RoundPart>,
    /// States expanded and stage-table entries built, over every search:
    /// the work done.
    pub(super) work: u64,
}

impl WholeScratch {
    /// Buffers for a beam whose rounds `threads` threads share (rounds of
    /// many states only: see [`PARALLEL_STATES`]). The moves are the same
    /// for any number.
    pub(super) fn new(threads: usize) -> WholeScratch {
        WholeScratch { threads, ..WholeScratch::default() }
    }

    /// The pool of [`WholeScratch::threads`] threads, started when first
    /// needed; none for one thread (or if the threads cannot be started).
    pub(super) fn pool(&mut self) -> Option<&rayon::ThreadPool> {
        if self.threads > 1 && self.pool.is_none() {
            self.pool = rayon::ThreadPoolBuilder::new().num_threads(self.threads).build().ok();
        }
        self.pool.as_ref()
    }

    /// The pool a beam of `width` states shares its rounds in, started
    /// when first needed; none for one thread or a narrow beam (or if the
    /// threads cannot be started: the beam then runs on this one).
    fn pool_for(&mut self, width: usize) -> Option<rayon::ThreadPool> {
        if width < PARALLEL_STATES {
            return None;
        }
        self.pool()?;
        self.pool.take()
    }
}

/// Rounds of fewer states than this are made on one thread: sharing out
/// a round costs, each round, about what sharing a few hundred states'
/// children saves (docs/benchmarks.md, "The area beam's constants").
const PARALLEL_STATES: usize = 512;

/// One thread's share of a round: its states' children, those left
/// unsettled (see [`Beam::expand_part`]) and its view of the tables.
/// Aligned to two cache lines, so that threads pushing children to
/// neighbouring parts do not write to the same line.
#[derive(Default)]
#[repr(align(128))]
struct RoundPart {
    candidates: Vec<BeamCandidate<u32>>,
    unsettled: Vec<u32>,
    costs: StageTables,
    /// The candidates' keys for the pruning, by share of the boards
    /// ([`CandidateKey::share`]), each share's first `ends[share]` of its list;
    /// the lists are not cut short, so that filling them writes nothing
    /// twice.
    keys: Vec<Vec<CandidateKey>>,
    ends: Vec<usize>,
    /// The lowest and highest score of the candidates.
    span: (i64, i64),
}

impl RoundPart {
    /// Copies the part's candidates into `into`, the first at `offset` of
    /// all the round's, and sorts their keys into `shares` shares.
    fn hand_in(&mut self, into: &mut [BeamCandidate<u32>], offset: usize, shares: usize) {
        into.copy_from_slice(&self.candidates);
        let count = self.candidates.len();
        self.keys.resize_with(shares, Vec::new);
        self.ends.clear();
        self.ends.resize(shares, 0);
        for list in &mut self.keys {
            if list.len() < count {
                list.resize(count, CandidateKey::default());
            }
        }
        let (mut low, mut high) = (i64::MAX, i64::MIN);
        for (k, candidate) in self.candidates.iter().enumerate() {
            let key = CandidateKey::of(candidate, (offset + k) as u32);
            (low, high) = (low.min(key.score()), high.max(key.score()));
            // Without a branch on the share, which looks random.
            let share = key.share(shares);
            self.keys[share][self.ends[share]] = key;
            self.ends[share] += 1;
        }
        self.span = (low, high);
    }

    fn keys_of(&self, share: usize) -> &[CandidateKey] {
        &self.keys[share][..self.ends[share]]
    }
}

/// Each stage's exact table, built when first asked for, on the thread
/// that owns them; a thread's view (`shared`) only reads them.
#[derive(Default)]
pub(super) struct StageTables {
    tables: Vec<Option<Arc<StageTable>>>,
    queue: Vec<u32>,
    blocked: Vec<bool>,
    shared: bool,
    missed: bool,
    /// Entries of the tables built, since last taken.
    built: u64,
}

impl StageTables {
    /// A thread's view of `owner`'s tables, as they are now.
    fn view_of(&mut self, owner: &StageTables) {
        self.tables.clone_from(&owner.tables);
        self.shared = true;
        self.missed = false;
    }
}

#[derive(Clone, Copy, Debug)]
struct MoveNode {
    parent: u32,
    dir: u8,
    stage: u32,
}

const ROOT: u32 = u32::MAX;

/// The most moves a state reads over its block: the survivors of every
/// `RECENT + 1`th round get blocks of their own, the others share their
/// parent's: a copy for each survivor of every round costs more than the
/// reads it saves on big areas, which do not stay in a core's cache from
/// one round to the next, and longer runs of moves read no faster.
const RECENT: usize = 8;

/// A state's block (by number in [`WholeScratch::blocks`]) and the moves
/// it made since: for each, the cell the tile slid into and the tile. A
/// cell's tile is the last written there (or the block's), unless the
/// blank is there.
#[derive(Clone, Copy, Debug, Default)]
struct Recent {
    block: u32,
    len: u32,
    slides: [(u16, u16); RECENT],
}

impl Recent {
    fn slides(&self) -> &[(u16, u16)] {
        &self.slides[..self.len as usize]
    }

    /// The same with one more slide (of `tile` into `cell`).
    fn and(mut self, cell: usize, tile: u32) -> Recent {
        self.slides[self.len as usize] = (cell as u16, tile as u16);
        self.len += 1;
        self
    }
}

/// The unsolved area as the beam reads it.
pub(super) struct AreaCopies<'a> {
    pub(super) area: &'a CellRect,
    pub(super) line: &'a StagedLine,
    /// Area row and column of each area cell, and of each tile's home (by
    /// tile number; only the area's tiles are filled in).
    pub(super) coords: &'a [(u16, u16)],
    pub(super) homes: &'a [(u16, u16)],
    /// The blocks (see [`WholeScratch::blocks`]), `stride` apart, and
    /// each state's moves since its own.
    blocks: &'a [u16],
    recent: &'a [Recent],
    stride: usize,
}

impl BeamBoard for AreaCopies<'_> {
    /// The state's node in the tree of moves.
    type Extra = u32;
    type Costs = StageTables;
    const TRAPPED: u32 = TRAPPED;

    #[inline]
    fn step(&self, from: usize, dir: usize) -> Option<usize> {
        let (row, col) = self.coords[from];
        let area = self.area;
        match dir {
            0 if row > 0 => Some(from - area.width),
            1 if usize::from(col) + 1 < area.width => Some(from + 1),
            2 if usize::from(row) + 1 < area.height => Some(from + area.width),
            3 if col > 0 => Some(from - 1),
            _ => None,
        }
    }

    #[inline]
    fn blocked(&self, cell: usize, locked: u16) -> bool {
        self.line.lock_rank[cell] < locked
    }

    #[inline]
    fn word_at(&self, i: usize, state: &BeamState<u32>, slide: Option<ChildMove>, cell: usize) -> u32 {
        match slide {
            Some((_, _, blank)) if cell == blank => 0,
            Some((word, to, _)) if cell == to => word,
            _ if cell == state.blank as usize => 0,
            _ => {
                let recent = &self.recent[i];
                match recent.slides().iter().rev().find(|&&(at, _)| usize::from(at) == cell) {
                    Some(&(_, tile)) => u32::from(tile),
                    None => u32::from(self.blocks[recent.block as usize * self.stride + cell]),
                }
            }
        }
    }

    #[inline]
    fn cell_of(&self, i: usize, _: &BeamState<u32>, slide: Option<ChildMove>, tile: (Tile, u32, u16)) -> usize {
        let (_, word, rank) = tile;
        match slide {
            Some((moved, to, _)) if moved == word => to,
            _ => {
                let recent = &self.recent[i];
                match recent.slides().iter().rev().find(|&&(_, tile)| u32::from(tile) == word) {
                    Some(&(at, _)) => usize::from(at),
                    None => {
                        let block = recent.block as usize * self.stride;
                        usize::from(self.blocks[block + self.area.len() + usize::from(rank)])
                    }
                }
            }
        }
    }

    #[inline]
    fn tile_of(&self, word: u32) -> Tile {
        word
    }

    #[inline]
    fn blank_word(&self) -> u32 {
        0
    }

    #[inline]
    fn farther(&self, word: u32, from: usize, next: usize, dir: usize) -> i64 {
        let (row, col) = self.coords[from];
        let (home_row, home_col) = self.homes[word as usize];
        let (next_row, next_col) = self.coords[next];
        if dir.is_multiple_of(2) {
            i64::from(row.abs_diff(home_row)) - i64::from(next_row.abs_diff(home_row))
        } else {
            i64::from(col.abs_diff(home_col)) - i64::from(next_col.abs_diff(home_col))
        }
    }

    #[inline]
    fn distance(&self, a: usize, b: usize) -> usize {
        let ((ar, ac), (br, bc)) = (self.coords[a], self.coords[b]);
        usize::from(ar.abs_diff(br) + ac.abs_diff(bc))
    }

    fn stage_cost(&self, costs: &mut StageTables, _: &BeamStage, k: usize, at: usize, blank: usize) -> u32 {
        let StageTables { tables, queue, blocked, shared, missed, built } = costs;
        let Goal::Reach { target, .. } = self.line.stages[k].goal else { unreachable!("a tile's stage") };
        if *shared && tables[k].is_none() {
            *missed = true;
            return TRAPPED;
        }
        let table = tables[k].get_or_insert_with(|| {
            self.line.blocked(k, blocked);
            let table = StageTable::build(self.area, blocked, target, at, blank, queue);
            *built += table.entries();
            Arc::new(table)
        });
        let rc = |cell: usize| {
            let (row, col) = self.coords[cell];
            (usize::from(row), usize::from(col))
        };
        table.cost_at(rc(at), rc(blank))
    }

    fn missed(costs: &mut StageTables) -> bool {
        std::mem::take(&mut costs.missed)
    }
}

impl<'a> AreaCopies<'a> {
    pub(super) fn new(
        area: &'a CellRect,
        line: &'a StagedLine,
        coords: &'a [(u16, u16)],
        homes: &'a [(u16, u16)],
    ) -> AreaCopies<'a> {
        AreaCopies { area, line, coords, homes, blocks: &[], recent: &[], stride: area.len() + line.tiles.len() }
    }
}

/// How long a beam runs.
#[derive(Clone, Copy, Debug)]
pub(super) struct Rounds {
    /// The most rounds before a state finishes the line.
    pub(super) cap: usize,
    /// The rounds run past the first finish: the finish kept is the one
    /// whose score, with a move for each round after the first finish, is
    /// lowest. A later finish has made more moves, but may have pushed the
    /// later lines' tiles nearer home.
    pub(super) linger: usize,
}

/// The blank's moves (area directions) that build the line from the area
/// `board` (tiles by area cell), each with the stage reached after it;
/// `None` if no state finished within `rounds.cap` rounds.
pub(super) fn run(
    beam: &Beam,
    area: AreaCopies,
    rounds: Rounds,
    board: &[u32],
    scratch: &mut WholeScratch,
) -> Option<Vec<(u8, u32)>> {
    // The whole search runs on one of the pool's threads, so that a round's
    // shared parts start without waking the caller's.
    let found = match scratch.pool_for(beam.width) {
        Some(pool) => {
            let found = pool.install(|| search(beam, area, rounds, board, scratch, pool.current_num_threads()));
            scratch.pool = Some(pool);
            found
        }
        None => search(beam, area, rounds, board, scratch, 1),
    };
    scratch.work += std::mem::take(&mut scratch.costs.built);
    found
}

/// [`run`] on `threads` threads: the current one, in a pool of that many
/// if more than one.
fn search(
    beam: &Beam,
    area: AreaCopies,
    rounds: Rounds,
    board: &[u32],
    scratch: &mut WholeScratch,
    threads: usize,
) -> Option<Vec<(u8, u32)>> {
    let cells = area.area.len();
    let stride = area.stride;
    let WholeScratch {
        states,
        next_states,
        blocks,
        next_blocks,
        recent,
        next_recent,
        candidates,
        nodes,
        pruning,
        costs,
        parts,
        work,
        ..
    } = scratch;
    costs.tables.clear();
    costs.tables.resize_with(beam.stages.len(), || None);
    states.clear();
    nodes.clear();
    let mut root = root_block(beam, board, stride, blocks);
    recent.clear();
    recent.push(Recent::default());
    beam.settle_root(&AreaCopies { blocks, recent, ..area }, costs, &mut root);
    if root.stage as usize == beam.stages.len() {
        return Some(Vec::new());
    }
    states.push(root);
    let finished = beam.stages.len() as u32;
    let mut found: Option<BeamFinish> = None;
    for round in 0..rounds.cap {
        let board = AreaCopies { blocks, recent, ..area };
        *work += states.len() as u64;
        // A shared round's children, their pruning and the survivors are
        // made on all the threads.
        let shared_round = threads > 1 && states.len() >= PARALLEL_STATES;
        if shared_round {
            expand_shared(beam, &board, costs, states, candidates, (threads, parts));
        } else {
            beam.expand(&board, costs, states, candidates);
        }
        if candidates.is_empty() {
            return found.map(|finish| path(nodes, finish.node));
        }
        found = BeamFinish::best_of(found, round, beam.finished(candidates), states, nodes);
        if let Some(finish) = found {
            // Finished states go no further: only the others may finish better.
            candidates.retain(|c| c.state.stage != finished);
            if round >= finish.first_round + rounds.linger || candidates.is_empty() {
                return Some(path(nodes, finish.node));
            }
        }
        // Once a state has finished, the candidates left no longer match
        // the parts' keys of them.
        let kept = choose(beam, candidates, (pruning, parts), shared_round && found.is_none(), threads);
        let shared = threads > 1 && kept.len() >= PARALLEL_STATES;
        let survivors = Survivors { beam, candidates, kept, states, recent, shared };
        // Every state has made as many moves as the others since its
        // block, so all of them get blocks of their own in the same round.
        let copying = recent[0].slides().len() == RECENT;
        survivors.states_into(copying, nodes, next_states, next_recent);
        if copying {
            survivors.blocks_into(blocks, (stride, cells), next_blocks);
            std::mem::swap(blocks, next_blocks);
        }
        std::mem::swap(states, next_states);
        std::mem::swap(recent, next_recent);
    }
    found.map(|finish| path(nodes, finish.node))
}

/// The candidates kept (see [`Pruning`]): on all `threads` threads from
/// the `parts`' keys of them if `shared`, else on this one.
fn choose<'p>(
    beam: &Beam,
    candidates: &[BeamCandidate<u32>],
    (pruning, parts): (&'p mut Pruning, &[RoundPart]),
    shared: bool,
    threads: usize,
) -> &'p [u32] {
    if !shared {
        return pruning.keep(candidates, beam.width);
    }
    let span =
        parts.iter().fold((i64::MAX, i64::MIN), |(low, high), part| (low.min(part.span.0), high.max(part.span.1)));
    let keys = (candidates.len(), |part: usize, share| parts[part].keys_of(share));
    pruning.keep_shared(keys, span, beam.width, threads)
}

/// A round's survivors (`kept`, by candidate) as they become the next
/// round's states; `shared` between the pool's threads when there are many.
struct Survivors<'r> {
    beam: &'r Beam<'r>,
    candidates: &'r [BeamCandidate<u32>],
    kept: &'r [u32],
    states: &'r [BeamState<u32>],
    recent: &'r [Recent],
    shared: bool,
}

/// Where a survivor's node, state and moves since its block are written,
/// with its candidate's number.
type SurvivorSlots<'s> = (((&'s mut MoveNode, &'s mut BeamState<u32>), &'s mut Recent), &'s u32);

impl Survivors<'_> {
    /// Their states, each with its node in the tree (added to `nodes`)
    /// and its moves since its block: its parent's and its own, or none
    /// when `copying` gives it a block of its own (numbered as the states).
    fn states_into(
        &self,
        copying: bool,
        nodes: &mut Vec<MoveNode>,
        next_states: &mut Vec<BeamState<u32>>,
        next_recent: &mut Vec<Recent>,
    ) {
        let Survivors { candidates, kept, states, recent, .. } = *self;
        let first_node = nodes.len();
        let make = |(j, (((node, state), since), &k)): (usize, SurvivorSlots)| {
            let c = &candidates[k as usize];
            let parent = &states[c.parent as usize];
            *node = MoveNode { parent: parent.extra, dir: c.dir(), stage: c.state.stage };
            *state = BeamState { extra: (first_node + j) as u32, ..c.state };
            *since = match copying {
                true => Recent { block: j as u32, ..Recent::default() },
                false => recent[c.parent as usize].and(parent.blank as usize, c.moved),
            };
        };
        // The buffers sized first, so that either thread writes each
        // survivor in its place, in one hand-over of the round rather than
        // one for each buffer. Every slot is written.
        nodes.resize(first_node + kept.len(), MoveNode { parent: ROOT, dir: 0, stage: 0 });
        next_states.resize(kept.len(), states[0]);
        next_recent.resize(kept.len(), Recent::default());
        let (nodes, next_states, next_recent) = (&mut nodes[first_node..], &mut next_states[..], &mut next_recent[..]);
        if self.shared {
            nodes.par_iter_mut().zip(next_states).zip(next_recent).zip(kept).enumerate().for_each(make);
        } else {
            nodes.iter_mut().zip(next_states).zip(next_recent).zip(kept).enumerate().for_each(make);
        }
    }

    /// Their blocks, `stride` apart (the area's `cells`, then the line
    /// tiles' cells), into `next`: each its parent's with the parent's
    /// moves since and its own made.
    fn blocks_into(&self, blocks: &[u16], (stride, cells): (usize, usize), next: &mut Vec<u16>) {
        let Survivors { beam, candidates, kept, states, recent, .. } = *self;
        let copy = |(block, &k): (&mut [u16], &u32)| {
            let c = &candidates[k as usize];
            let parent = &recent[c.parent as usize];
            let start = parent.block as usize * stride;
            block.copy_from_slice(&blocks[start..start + stride]);
            let slid = (states[c.parent as usize].blank as usize, c.moved);
            for (cell, tile) in
                parent.slides().iter().map(|&(cell, tile)| (usize::from(cell), u32::from(tile))).chain([slid])
            {
                block[cell] = tile as u16;
                let rank = beam.rank[tile as usize];
                if rank != NO_RANK {
                    block[cells + usize::from(rank)] = cell as u16;
                }
            }
            block[c.state.blank as usize] = 0;
        };
        next.resize(kept.len() * stride, 0);
        if self.shared {
            next.par_chunks_mut(stride).zip(kept.par_iter()).for_each(copy);
        } else {
            next.chunks_mut(stride).zip(kept.iter()).for_each(copy);
        }
    }
}

/// The best finish of a line so far.
#[derive(Clone, Copy)]
struct BeamFinish {
    /// The round the first finish came in.
    first_round: usize,
    /// Its score, a move added for each round after `first_round`.
    score: i64,
    /// Its node in the tree of moves.
    node: u32,
}

impl BeamFinish {
    /// The better of the finish `found` so far and this `round`'s best
    /// finishing candidate, if any (a node is added for it if it wins).
    fn best_of(
        found: Option<BeamFinish>,
        round: usize,
        candidate: Option<BeamCandidate<u32>>,
        states: &[BeamState<u32>],
        nodes: &mut Vec<MoveNode>,
    ) -> Option<BeamFinish> {
        let Some(best) = candidate else { return found };
        let first_round = found.map_or(round, |finish| finish.first_round);
        let score = best.state.score() + (round - first_round) as i64 * MOVE;
        if found.is_some_and(|finish| finish.score <= score) {
            return found;
        }
        let parent = states[best.parent as usize].extra;
        nodes.push(MoveNode { parent, dir: best.dir(), stage: best.state.stage });
        Some(BeamFinish { first_round, score, node: nodes.len() as u32 - 1 })
    }
}

/// The root state, its block (see [`WholeScratch::blocks`]) in `block`.
fn root_block(beam: &Beam, board: &[u32], stride: usize, block: &mut Vec<u16>) -> BeamState<u32> {
    block.clear();
    block.extend(board.iter().map(|&tile| tile as u16));
    block.resize(stride, 0);
    let mut blank = 0;
    let mut hash = 0u64;
    for (cell, &tile) in board.iter().enumerate() {
        if tile == 0 {
            blank = cell;
        }
        let rank = beam.rank[tile as usize];
        if rank != NO_RANK {
            block[board.len() + usize::from(rank)] = cell as u16;
        }
        hash ^= key(tile, cell);
    }
    BeamState::root(blank, hash, ROOT)
}

/// [`Beam::expand`] with the states shared between the pool's threads,
/// each reading the tables as they were at the round's start; the children
/// whose tables were missing are then settled here, in order, and each
/// thread copies its children into `candidates` with their keys for
/// [`Pruning::keep_shared`].
fn expand_shared(
    beam: &Beam,
    board: &AreaCopies,
    costs: &mut StageTables,
    states: &[BeamState<u32>],
    candidates: &mut Vec<BeamCandidate<u32>>,
    (threads, parts): (usize, &mut Vec<RoundPart>),
) {
    parts.resize_with(threads, RoundPart::default);
    let share = states.len().div_ceil(threads);
    let owner: &StageTables = costs;
    parts.par_iter_mut().enumerate().for_each(|(p, part)| {
        let first = (p * share).min(states.len());
        let last = (first + share).min(states.len());
        part.candidates.clear();
        part.unsettled.clear();
        part.costs.view_of(owner);
        beam.expand_part(
            board,
            &mut part.costs,
            (&states[first..last], first),
            &mut part.candidates,
            &mut part.unsettled,
        );
    });
    if parts.iter().any(|part| !part.unsettled.is_empty()) {
        while_the_other_waits(|| {
            for part in parts.iter_mut() {
                for &k in &part.unsettled {
                    beam.settle_child(board, costs, states, &mut part.candidates[k as usize]);
                }
            }
        });
    }
    let count = parts.iter().map(|part| part.candidates.len()).sum();
    let Some(&any) = parts.iter().find_map(|part| part.candidates.first()) else {
        candidates.clear();
        return;
    };
    candidates.resize(count, any);
    gather(parts, candidates, 0, threads);
}

/// Copies each part's children into `into`, in order, and sorts their
/// keys by share of the boards, each part on a thread of its own.
fn gather(parts: &mut [RoundPart], into: &mut [BeamCandidate<u32>], offset: usize, shares: usize) {
    match parts {
        [] => {}
        [part] => part.hand_in(into, offset, shares),
        _ => {
            let (first, second) = parts.split_at_mut(parts.len() / 2);
            let length = first.iter().map(|part| part.candidates.len()).sum();
            let (into_first, into_second) = into.split_at_mut(length);
            rayon::join(
                || gather(first, into_first, offset, shares),
                || gather(second, into_second, offset + length, shares),
            );
        }
    }
}

/// How many times at most [`while_the_other_waits`] checks whether the
/// work is done: a fraction of a big area's round, after which the
/// waiting thread goes back to the pool and sleeps, as it would have.
const WAIT_SPINS: u32 = 4096;

/// Runs `work` on this thread while another of the pool's threads waits
/// for it awake, for a while, so that it takes up the round's next shared
/// part at once. A thread of the pool that finds nothing to do soon sleeps,
/// and waking it again for each shared part of every round costs more
/// than the spinning.
fn while_the_other_waits<R: Send>(work: impl FnOnce() -> R + Send) -> R {
    let done = AtomicBool::new(false);
    let (result, ()) = rayon::join(
        || {
            let result = work();
            done.store(true, Ordering::Release);
            result
        },
        || {
            for _ in 0..WAIT_SPINS {
                if done.load(Ordering::Acquire) {
                    return;
                }
                std::hint::spin_loop();
            }
        },
    );
    result
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
