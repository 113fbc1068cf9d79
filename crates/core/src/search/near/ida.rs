//! Weight-1 IDA* on boards of up to 49 cells, for the lower bound and,
//! when it finishes, the optimum.
//!
//! Each completed iteration proves that no solution is shorter than the
//! smallest `f = g + h` it cut (along a shortest solution `f` never exceeds
//! its length, and move pruning keeps one shortest solution whole), so that
//! value is published as the lower bound. The search gives up when the
//! bound reaches the best solution found elsewhere (that solution is then
//! optimal) or when `stop()` says so.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed};

use crate::board::Move;
use crate::search::optimal::{MAX_PATTERN_CELLS, MOVE_PRUNING, PRUNED, PruneState};

use super::NearProgress;
use super::heuristic::{Cells, PatternBound, PatternValues, sources};

/// How often (in nodes) the search asks whether to stop.
const STOP_CHECK_NODES: u64 = 1 << 14;

/// No solution the search returns is longer (a 7×7 needs about 300 moves).
const MAX_DEPTH: usize = 1024;

/// What the two searches share: the best solution's length so far and
/// the proven lower bound, and whom to tell when either changes.
pub(super) struct Shared<'a> {
    pub(super) best: AtomicU32,
    pub(super) lower: AtomicU32,
    pub(super) ida_expanded: AtomicU64,
    pub(super) progress: &'a (dyn Fn(NearProgress) + Sync),
}

impl Shared<'_> {
    /// Tells `progress` the bound and the best so far.
    pub(super) fn report(&self) {
        let best = self.best.load(Relaxed);
        (self.progress)(NearProgress {
            lower_bound: self.lower.load(Relaxed),
            best: (best != u32::MAX).then_some(best),
        });
    }
}

struct NearIda<'a> {
    bound_of: &'a PatternBound<'a>,
    source: [[u8; 4]; MAX_PATTERN_CELLS],
    cells: Cells,
    pos: Cells,
    path: Vec<u8>,
    bound: u32,
    next_bound: u32,
    expanded: u64,
    /// Nodes of the iterations before this one.
    before: u64,
    /// Give up (paused) when this many nodes are expanded in all.
    pause_at: u64,
    paused: bool,
    stop: &'a (dyn Fn() -> bool + Sync),
    shared: &'a Shared<'a>,
    stopped: bool,
}

/// How an IDA* search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum IdaEnd {
    /// A shortest solution.
    Solved(Vec<Move>),
    /// Stopped, or the best found elsewhere proven optimal.
    Done,
    /// Gave up after its node budget: the proven bound is in `Shared`, and
    /// a search from it goes on.
    Paused,
}

/// Runs IDA* from the board (`cells`, `pos`), its first bound the larger
/// of the board's and the proven one, until it finds a shortest solution,
/// proves the best one found elsewhere optimal, is stopped, or has expanded
/// `budget` nodes (paused).
pub(super) fn search(
    bound_of: &PatternBound<'_>,
    (rows, cols): (usize, usize),
    (cells, pos): (Cells, Cells),
    (stop, budget): (&(dyn Fn() -> bool + Sync), u64),
    shared: &Shared<'_>,
) -> IdaEnd {
    let values = bound_of.evaluate(&pos);
    let h = values.bound().max(shared.lower.load(Relaxed));
    let mut ida = NearIda {
        bound_of,
        source: sources(rows, cols),
        cells,
        pos,
        path: vec![0; MAX_DEPTH],
        bound: h,
        next_bound: u32::MAX,
        expanded: 0,
        before: 0,
        pause_at: budget,
        paused: false,
        stop,
        shared,
        stopped: false,
    };
    shared.lower.fetch_max(h, Relaxed);
    loop {
        if ida.bound >= shared.best.load(Relaxed) || ida.bound as usize >= MAX_DEPTH {
            break;
        }
        ida.next_bound = u32::MAX;
        let blank = usize::from(ida.pos[0]);
        let found = ida.dfs(blank, 0, values, 0);
        shared.ida_expanded.fetch_add(ida.expanded, Relaxed);
        ida.before += std::mem::take(&mut ida.expanded);
        if let Some(len) = found {
            shared.lower.fetch_max(len as u32, Relaxed);
            shared.best.fetch_min(len as u32, Relaxed);
            return IdaEnd::Solved(ida.path[..len].iter().map(|&m| Move::ALL[usize::from(m)]).collect());
        }
        if ida.paused {
            return IdaEnd::Paused;
        }
        if ida.stopped {
            break;
        }
        shared.lower.fetch_max(ida.next_bound, Relaxed);
        shared.report();
        ida.bound = ida.next_bound;
    }
    IdaEnd::Done
}

impl NearIda<'_> {
    fn dfs(&mut self, blank: usize, g: u32, values: PatternValues, moves: PruneState) -> Option<usize> {
        if values.bound() == 0 {
            return Some(g as usize);
        }
        self.expanded += 1;
        if self.expanded.is_multiple_of(STOP_CHECK_NODES) {
            self.paused = self.before + self.expanded >= self.pause_at;
            if self.paused || (self.stop)() || self.shared.best.load(Relaxed) <= self.bound {
                self.stopped = true;
                return None;
            }
        }
        // The children's entries are looked up before any is searched, so
        // that the memory fetches them side by side.
        let mut slides = [(0usize, 0u8, None); 4];
        for (m, slide) in slides.iter_mut().enumerate() {
            let from = self.source[blank][m];
            let state = MOVE_PRUNING.step(moves, m);
            if from == u8::MAX || state == PRUNED {
                continue;
            }
            let tile = self.cells[usize::from(from)];
            let mut pos = self.pos;
            pos[usize::from(tile)] = blank as u8;
            pos[0] = from;
            *slide = (usize::from(from), tile, Some((self.bound_of.slide(&pos, tile), state)));
        }
        let entries = slides.map(|(_, _, slide)| slide.map(|(s, _)| self.bound_of.read(&s)));
        for (m, (&(from, tile, slide), read)) in slides.iter().zip(entries).enumerate() {
            let (Some((slide, state)), Some(read)) = (slide, read) else { continue };
            self.cells[blank] = tile;
            self.cells[from] = 0;
            self.pos[usize::from(tile)] = blank as u8;
            self.pos[0] = from as u8;
            let child = values.with(&slide, read);
            let f = g + 1 + child.bound();
            let mut found = None;
            if f > self.bound {
                self.next_bound = self.next_bound.min(f);
            } else {
                self.path[g as usize] = m as u8;
                found = self.dfs(from, g + 1, child, state);
            }
            if found.is_some() || self.stopped {
                return found;
            }
            self.cells[from] = tile;
            self.cells[blank] = 0;
            self.pos[usize::from(tile)] = from as u8;
            self.pos[0] = blank as u8;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Moves, Scramble};
    use crate::search::near::heuristic::cells_and_positions;
    use crate::search::near::partition;
    use crate::search::optimal::PatternDatabase;

    fn shared(progress: &(dyn Fn(NearProgress) + Sync)) -> Shared<'_> {
        Shared { best: AtomicU32::new(u32::MAX), lower: AtomicU32::new(0), ida_expanded: AtomicU64::new(0), progress }
    }

    /// A search paused after a budget of nodes and taken up again from the
    /// bound it proved (with twice the budget, so that every iteration
    /// finishes in time) ends with a shortest solution, as one run without
    /// pauses does, and no bound it proved on the way passes it.
    #[test]
    fn a_search_paused_and_taken_up_again_proves_only_true_bounds_and_ends_optimal() {
        let db = PatternDatabase::build(partition(3, 6, 3).unwrap(), 2, |_| {});
        let bound_of = PatternBound::new(&db);
        let never = || false;
        let mut paused_somewhere = false;
        for seed in 0..6u64 {
            let board = Board::scrambled(3, 6, Scramble::Walk(60), seed).unwrap();
            let whole = shared(&|_| {});
            let IdaEnd::Solved(optimal) =
                search(&bound_of, (3, 6), cells_and_positions(&board), (&never, u64::MAX), &whole)
            else {
                panic!("no solution for\n{board}");
            };
            let bounds = std::sync::Mutex::new(Vec::new());
            let record = |p: NearProgress| bounds.lock().unwrap().push(p.lower_bound);
            let pausing = shared(&record);
            let mut budget = STOP_CHECK_NODES;
            let moves = loop {
                match search(&bound_of, (3, 6), cells_and_positions(&board), (&never, budget), &pausing) {
                    IdaEnd::Solved(moves) => break moves,
                    IdaEnd::Paused => (paused_somewhere, budget) = (true, 2 * budget),
                    IdaEnd::Done => panic!("done without a solution for\n{board}"),
                }
            };
            assert_eq!(moves.len(), optimal.len(), "{board}");
            let mut replay = board.clone();
            replay.apply(&Moves(moves)).unwrap();
            assert!(replay.is_solved());
            let bounds = bounds.into_inner().unwrap();
            assert!(bounds.iter().all(|&b| b as usize <= optimal.len()), "{bounds:?} over {}", optimal.len());
        }
        assert!(paused_somewhere, "the budget never ran out: the test tests nothing");
    }
}
