//! Beam search: from the start, level by level, every child of the kept
//! boards is ranked (all have made the same number of moves: by its lower
//! bound, or by the fitted guess of `rank.rs` where there is one) and the
//! `width` best distinct ones are kept, until one is solved.
//! Children that cannot beat the best solution known (moves made plus
//! bound at least its length) are dropped; the move-pruning automaton drops
//! move sequences that lead nowhere new. Boards are told apart by a Zobrist
//! hash: a collision only loses a child.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::Ordering::Relaxed;

use rayon::prelude::*;

use crate::board::Move;
use crate::search::optimal::{MAX_PATTERN_CELLS, MOVE_PRUNING, PRUNED, PruneState};

use super::heuristic::{Cells, PatternBound, PatternValues, TableSlide, sources};
use super::ida::Shared;
use super::rank::{Features, Homes, Ranking};

/// A kept board.
#[derive(Clone, Copy)]
struct BeamNode {
    cells: Cells,
    pos: Cells,
    values: PatternValues,
    features: Features,
    rank: i32,
    hash: u64,
    prune: PruneState,
}

/// A child waiting to be chosen: its parent, move, bound, hash and the
/// entries its slide changed.
#[derive(Clone, Copy)]
struct Candidate {
    parent: u32,
    mv: u8,
    entries: [u8; 2],
    slide: TableSlide,
    h: u32,
    features: Features,
    rank: i32,
    hash: u64,
}

/// Hashes of the boards are already random: used as they are.
#[derive(Default)]
struct Identity(u64);

impl Hasher for Identity {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, _: &[u8]) {
        unreachable!("only u64 keys")
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

/// The random numbers of the Zobrist hash: `keys[tile * 49 + cell]`.
pub(super) struct Zobrist {
    keys: Vec<u64>,
}

impl Zobrist {
    pub(super) fn new() -> Zobrist {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let keys = (0..MAX_PATTERN_CELLS * MAX_PATTERN_CELLS)
            .map(|_| {
                // splitmix64
                state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = state;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                z ^ (z >> 31)
            })
            .collect();
        Zobrist { keys }
    }

    #[inline]
    fn key(&self, tile: u8, cell: usize) -> u64 {
        self.keys[usize::from(tile) * MAX_PATTERN_CELLS + cell]
    }
}

/// The narrowest a beam told to stop finishes with (narrower ones give up).
const SALVAGE_WIDTH: usize = 512;

/// A beam told to stop finishes in at most about 1/`SALVAGE_SHARE` of the
/// time it has taken so far.
const SALVAGE_SHARE: usize = 50;

/// One beam search of `width` boards, at most `max_depth` moves deep; the
/// moves of the solution it found, if it found one shorter than
/// `shared.best`. When `stop()` says so (it is asked every few dozen
/// boards), a beam wider than [`SALVAGE_WIDTH`] goes on from its best
/// boards, as many as it can finish with in a fiftieth of the time it has
/// taken (the levels left estimated by the best solution's length): the
/// work of a wide round stopped late is not lost, and it answers soon.
#[allow(clippy::too_many_arguments)]
pub(super) fn search(
    (bound_of, ranking): (&PatternBound<'_>, &Ranking),
    zobrist: &Zobrist,
    (rows, cols): (usize, usize),
    (cells, pos): (Cells, Cells),
    width: usize,
    max_depth: u32,
    stop: &(dyn Fn() -> bool + Sync),
    shared: &Shared<'_>,
) -> Option<Vec<Move>> {
    let n = rows * cols;
    let source = sources(rows, cols);
    let hash = (0..n).fold(0u64, |h, cell| h ^ zobrist.key(cells[cell], cell));
    let values = bound_of.evaluate(&pos);
    if values.bound() == 0 {
        return Some(Vec::new());
    }
    let homes = Homes::new(rows, cols);
    let features = if ranking.needs_features() { homes.features(&cells) } else { Features::default() };
    let rank = ranking.of(&values, features);
    let mut level = vec![BeamNode { cells, pos, values, features, rank, hash, prune: 0 }];
    // `trail[d][i]`: the parent (times 4) and move of board i kept at
    // depth d + 1.
    let mut trail: Vec<Vec<u32>> = Vec::new();
    let mut buffers = Buffers::default();
    let (mut width, mut salvaging) = (width, false);
    let never = || false;
    loop {
        let g = trail.len() as u32;
        let best = shared.best.load(Relaxed);
        if level.is_empty() || g + 1 >= best.min(max_depth) {
            return None;
        }
        let tools = (bound_of, (ranking, &homes), zobrist, &source);
        let watch: &(dyn Fn() -> bool + Sync) = if salvaging { &never } else { stop };
        if !expand_level(tools, &level, (g, best), watch, &mut buffers) {
            if width <= SALVAGE_WIDTH {
                return None;
            }
            let left = (best.min(max_depth) as usize).saturating_sub(g as usize).max(1);
            let salvage = (width * g as usize / (SALVAGE_SHARE * left)).max(SALVAGE_WIDTH);
            // `level` is in rank order: its best boards come first.
            (width, salvaging) = (salvage.min(width), true);
            level.truncate(width);
            expand_level(tools, &level, (g, best), &never, &mut buffers);
        }
        let (next, links, solved) = select(&level, &source, &mut buffers, width);
        trail.push(links);
        if solved {
            return Some(moves_back(&trail, trail.len() - 1, next.len() - 1));
        }
        level = next;
    }
}

/// A beam's working vectors, kept from level to level.
#[derive(Default)]
struct Buffers {
    candidates: Vec<Candidate>,
    more: Vec<Candidate>,
    sorted: Vec<Candidate>,
    /// The boards kept at the level being made, the one before and the
    /// one before that: a beam that only dedups a level at a time can swing
    /// back and forth between two.
    seen: HashSet<u64, BuildHasherDefault<Identity>>,
    before: HashSet<u64, BuildHasherDefault<Identity>>,
    two_back: HashSet<u64, BuildHasherDefault<Identity>>,
    /// The places in `sorted` of the children kept.
    kept: Vec<u32>,
}

/// Every child of `level` worth keeping into `buffers.sorted`, in rank
/// order; false (and nothing) when `stop()` said so first.
fn expand_level(
    tools: ExpandTools<'_, '_>,
    level: &[BeamNode],
    (g, best): (u32, u32),
    stop: &(dyn Fn() -> bool + Sync),
    buffers: &mut Buffers,
) -> bool {
    let Buffers { candidates, more, sorted, .. } = buffers;
    let finished = if level.len() >= PARALLEL_FROM {
        // Two halves, side by side when the other thread is free.
        let (left, right) = level.split_at(level.len() / 2);
        let offset = left.len() as u32;
        let (a, b) = rayon::join(
            || expand(tools, left, 0, (g, best), stop, candidates),
            || expand(tools, right, offset, (g, best), stop, more),
        );
        candidates.extend_from_slice(more);
        a && b
    } else {
        expand(tools, level, 0, (g, best), stop, candidates)
    };
    if finished {
        rank_order(candidates, sorted);
    }
    finished
}

/// The next level: the best `width` distinct children in `buffers.sorted`,
/// each one's parent and move; true when the last one kept is solved.
///
/// A child is dropped when it was kept at this level already or two levels
/// back (a board can come back two moves later by another way; it cannot
/// be one level back, where the blank is on the other colour). The kept
/// children are then made from their parents on both threads.
fn select(
    level: &[BeamNode],
    source: &[[u8; 4]; MAX_PATTERN_CELLS],
    buffers: &mut Buffers,
    width: usize,
) -> (Vec<BeamNode>, Vec<u32>, bool) {
    let Buffers { sorted, seen, before, two_back, kept, .. } = buffers;
    // `seen` held this level's boards, `before` the level before.
    std::mem::swap(two_back, before);
    std::mem::swap(before, seen);
    seen.clear();
    kept.clear();
    let mut solved = false;
    for (i, c) in sorted.iter().enumerate() {
        if kept.len() == width {
            break;
        }
        if two_back.contains(&c.hash) || !seen.insert(c.hash) {
            continue;
        }
        kept.push(i as u32);
        if c.h == 0 {
            solved = true;
            break;
        }
    }
    let links = kept.iter().map(|&i| sorted[i as usize].parent << 2 | u32::from(sorted[i as usize].mv)).collect();
    let mut next = Vec::new();
    kept.par_iter()
        .with_min_len(PARALLEL_FROM / 2)
        .map(|&i| child(level, source, &sorted[i as usize]))
        .collect_into_vec(&mut next);
    (next, links, solved)
}

/// The board a candidate names: its parent with the move made.
#[inline]
fn child(level: &[BeamNode], source: &[[u8; 4]; MAX_PATTERN_CELLS], c: &Candidate) -> BeamNode {
    let node = &level[c.parent as usize];
    let blank = usize::from(node.pos[0]);
    let from = usize::from(source[blank][usize::from(c.mv)]);
    let mut child = *node;
    let tile = child.cells[from];
    child.cells[blank] = tile;
    child.cells[from] = 0;
    child.pos[usize::from(tile)] = blank as u8;
    child.pos[0] = from as u8;
    child.values = node.values.with(&c.slide, c.entries);
    child.features = c.features;
    child.rank = c.rank;
    child.hash = c.hash;
    child.prune = MOVE_PRUNING.step(node.prune, usize::from(c.mv));
    child
}

/// `candidates` in rank order (lowest rank first) into `sorted`, by
/// counting: ties keep the order they were made in, their parents' rank
/// order (a child of a better board first).
fn rank_order(candidates: &mut [Candidate], sorted: &mut Vec<Candidate>) {
    sorted.clear();
    let Some(low) = candidates.iter().map(|c| c.rank).min() else { return };
    let high = candidates.iter().map(|c| c.rank).max().unwrap_or(low);
    if high.abs_diff(low) > 4096 {
        candidates.sort_by_key(|c| c.rank);
        sorted.extend_from_slice(candidates);
        return;
    }
    let mut start = vec![0usize; high.abs_diff(low) as usize + 2];
    for c in candidates.iter() {
        start[c.rank.abs_diff(low) as usize + 1] += 1;
    }
    for k in 1..start.len() {
        start[k] += start[k - 1];
    }
    sorted.resize(candidates.len(), candidates[0]);
    for c in candidates.iter() {
        let at = &mut start[c.rank.abs_diff(low) as usize];
        sorted[*at] = *c;
        *at += 1;
    }
}

/// Boards expanded at a time: their children's entries are looked up
/// together, so that the memory fetches them side by side.
const BATCH: usize = 64;

/// Levels at least this wide are expanded in two halves, side by side.
const PARALLEL_FROM: usize = 2048;

/// What expanding a board needs: the bound, the ranking, the hash keys and
/// the cells next to each cell.
type ExpandTools<'a, 'b> =
    (&'a PatternBound<'b>, (&'a Ranking, &'a Homes), &'a Zobrist, &'a [[u8; 4]; MAX_PATTERN_CELLS]);

/// Every child of the boards in `level` (boards `offset…` of their level,
/// at depth `g`) whose bound leaves it shorter than `best`, as candidates;
/// false when `stop()`, asked before each batch of boards, said so first.
fn expand(
    (bound_of, (ranking, homes), zobrist, source): ExpandTools<'_, '_>,
    level: &[BeamNode],
    offset: u32,
    (g, best): (u32, u32),
    stop: &(dyn Fn() -> bool + Sync),
    candidates: &mut Vec<Candidate>,
) -> bool {
    candidates.clear();
    let mut slides: Vec<(u32, u8, TableSlide)> = Vec::with_capacity(4 * BATCH);
    let mut entries: Vec<[u8; 2]> = Vec::with_capacity(4 * BATCH);
    for (first, batch) in level.chunks(BATCH).enumerate() {
        if stop() {
            return false;
        }
        slides.clear();
        for (i, node) in batch.iter().enumerate() {
            let blank = usize::from(node.pos[0]);
            for (m, &from) in source[blank].iter().enumerate() {
                if from == u8::MAX || MOVE_PRUNING.step(node.prune, m) == PRUNED {
                    continue;
                }
                let tile = node.cells[usize::from(from)];
                let mut pos = node.pos;
                pos[usize::from(tile)] = blank as u8;
                pos[0] = from;
                slides.push(((first * BATCH + i) as u32, m as u8, bound_of.slide(&pos, tile)));
            }
        }
        entries.clear();
        entries.extend(slides.iter().map(|(_, _, slide)| bound_of.read(slide)));
        for (&(index, m, slide), &read) in slides.iter().zip(&entries) {
            let node = &level[index as usize];
            let parent = offset + index;
            let values = node.values.with(&slide, read);
            let h = values.bound();
            if g + 1 + h >= best {
                continue;
            }
            let blank = usize::from(node.pos[0]);
            let from = usize::from(source[blank][usize::from(m)]);
            let tile = node.cells[from];
            let hash = node.hash
                ^ zobrist.key(tile, from)
                ^ zobrist.key(tile, blank)
                ^ zobrist.key(0, blank)
                ^ zobrist.key(0, from);
            let features = if ranking.needs_features() {
                homes.after(node.features, &node.cells, from, blank)
            } else {
                node.features
            };
            // A solved child comes first, whatever the guess says.
            let rank = if h == 0 { i32::MIN / 2 } else { ranking.of(&values, features) };
            candidates.push(Candidate { parent, mv: m, entries: read, slide, h, features, rank, hash });
        }
    }
    true
}

/// The moves to board `index` at depth `depth + 1`, read back along the trail.
fn moves_back(trail: &[Vec<u32>], depth: usize, index: usize) -> Vec<Move> {
    let mut moves = vec![Move::Up; depth + 1];
    let mut i = index;
    for d in (0..=depth).rev() {
        let link = trail[d][i];
        moves[d] = Move::ALL[(link & 3) as usize];
        i = (link >> 2) as usize;
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_of_the_width_fits_in_the_bytes_the_rounds_are_sized_by() {
        // Two levels of boards, about three children a board as
        // candidates, twice (the halves and the sorted copy), and three
        // sets of hashes at about twice their length.
        let (node, candidate) = (std::mem::size_of::<BeamNode>(), std::mem::size_of::<Candidate>());
        let bytes = 2 * node + 6 * candidate + 3 * 2 * 8;
        assert!(bytes <= super::super::BOARD_BYTES, "a board {node} bytes, a candidate {candidate}: {bytes} in all");
    }
}
