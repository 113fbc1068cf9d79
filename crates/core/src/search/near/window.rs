//! Shortening a solution a window at a time: the boards `a` and `b` that a
//! stretch of the solution joins are a puzzle of their own (from `a`, reach
//! `b`), solved by IDA* with the same tables read toward `b` (see
//! `heuristic.rs`); a shorter way is spliced in. The windows slide along
//! the solution, half a window a step, and grow once a pass over the whole
//! solution finds nothing shorter.
//!
//! A beam's solution is rarely short everywhere: it keeps the boards that
//! look closest to the goal at each level, and the moves that got them
//! there can often be done in fewer. Each window's IDA* is proven optimal
//! for its stretch, so the solution never gets longer, and it still solves
//! the board (each splice joins the same two boards).

use std::sync::atomic::{AtomicU32, AtomicU64};

use crate::board::Move;
use crate::search::optimal::{MAX_PATTERN_CELLS, PatternDatabase};

use super::heuristic::{Cells, PatternBound, sources};
use super::ida::{self, Shared};

/// The first window's moves.
const FIRST_WINDOW: usize = 16;

/// Moves a window grows by once a pass finds nothing shorter.
const WINDOW_STEP: usize = 8;

/// The nodes a window's IDA* may expand before it gives up on that window.
const WINDOW_NODES: u64 = 1 << 20;

/// How a shortening is done and how it went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct WindowsDone {
    /// Moves saved.
    pub(super) saved: usize,
    /// Windows searched to the end.
    pub(super) searched: u32,
    /// Windows given up on (too many nodes).
    pub(super) given_up: u32,
    /// The widest window of a finished pass.
    pub(super) widest: usize,
}

/// The boards along `moves` from `start`: `boards[i]` after i moves.
fn boards_along(start: (Cells, Cells), moves: &[Move], source: &[[u8; 4]; MAX_PATTERN_CELLS]) -> Vec<(Cells, Cells)> {
    let mut boards = Vec::with_capacity(moves.len() + 1);
    let (mut cells, mut pos) = start;
    boards.push((cells, pos));
    for &mv in moves {
        let m = Move::ALL.iter().position(|&x| x == mv).expect("one of the four moves");
        let blank = usize::from(pos[0]);
        let from = usize::from(source[blank][m]);
        let tile = cells[from];
        cells[blank] = tile;
        cells[from] = 0;
        pos[usize::from(tile)] = blank as u8;
        pos[0] = from as u8;
        boards.push((cells, pos));
    }
    boards
}

/// Shortens `moves` (a solution from `start`) window by window, windows of
/// up to `max_window` moves, until a pass of the widest finds nothing
/// shorter or `stop()` says so.
pub(super) fn shorten(
    db: &PatternDatabase,
    (rows, cols): (usize, usize),
    start: (Cells, Cells),
    moves: &mut Vec<Move>,
    max_window: usize,
    stop: &(dyn Fn() -> bool + Sync),
) -> WindowsDone {
    let source = sources(rows, cols);
    let mut report = WindowsDone::default();
    let mut width = FIRST_WINDOW;
    let mut boards = boards_along(start, moves, &source);
    while width <= max_window && !stop() {
        let mut shorter = false;
        let mut i = 0;
        while i < moves.len() && !stop() {
            let j = (i + width).min(moves.len());
            let i0 = if j == moves.len() { j.saturating_sub(width) } else { i };
            match shortest_between(db, (rows, cols), boards[i0], &boards[j].0, j - i0, stop) {
                Some(Some(better)) => {
                    report.saved += (j - i0) - better.len();
                    moves.splice(i0..j, better);
                    boards = boards_along(start, moves, &source);
                    shorter = true;
                    report.searched += 1;
                }
                Some(None) => report.searched += 1,
                None => report.given_up += 1,
            }
            if j == moves.len() {
                break;
            }
            i += width / 2;
        }
        if stop() {
            break;
        }
        report.widest = report.widest.max(width);
        if !shorter {
            width += WINDOW_STEP;
        }
    }
    report
}

/// A shortest way from `from` to `to` if it is shorter than `moves`
/// (`Some(None)`: none is); `None` when the search gave up.
fn shortest_between(
    db: &PatternDatabase,
    shape: (usize, usize),
    from: (Cells, Cells),
    to: &Cells,
    moves: usize,
    stop: &(dyn Fn() -> bool + Sync),
) -> Option<Option<Vec<Move>>> {
    let bound_of = PatternBound::toward(db, to);
    let shared = Shared {
        best: AtomicU32::new(moves as u32),
        lower: AtomicU32::new(0),
        ida_expanded: AtomicU64::new(0),
        progress: &|_| {},
    };
    match ida::search(&bound_of, shape, from, (stop, WINDOW_NODES), &shared) {
        ida::IdaEnd::Solved(moves) => Some(Some(moves)),
        ida::IdaEnd::Paused => None,
        ida::IdaEnd::Done if stop() => None,
        ida::IdaEnd::Done => Some(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Scramble};
    use crate::search::near::heuristic::cells_and_positions;
    use crate::search::near::partition;
    use crate::search::optimal::PatternSpec;

    /// Boards reached by `steps` random moves from `board` that do not undo
    /// the last one (a plain generator: the test needs no good randomness).
    fn walk(board: &Board, steps: usize, seed: u64) -> (Board, Vec<Move>) {
        let mut board = board.clone();
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut moves: Vec<Move> = Vec::new();
        while moves.len() < steps {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mv = Move::ALL[(state % 4) as usize];
            if moves.last().is_some_and(|&last| last == mv.opposite()) {
                continue;
            }
            if board.apply(&crate::board::Moves(vec![mv])).is_ok() {
                moves.push(mv);
            }
        }
        (board, moves)
    }

    /// The fewest moves from `from` to `to`, by plain iterative deepening.
    fn distance(from: &Board, to: &Board, max: usize) -> usize {
        fn dfs(board: &mut Board, to: &Board, left: usize, last: Option<Move>) -> bool {
            if board == to {
                return true;
            }
            if left == 0 {
                return false;
            }
            for mv in Move::ALL {
                if last.is_some_and(|l| l == mv.opposite()) {
                    continue;
                }
                let mut next = board.clone();
                if next.apply(&crate::board::Moves(vec![mv])).is_ok() && dfs(&mut next, to, left - 1, Some(mv)) {
                    return true;
                }
            }
            false
        }
        (0..=max).find(|&d| dfs(&mut from.clone(), to, d, None)).expect("within reach")
    }

    #[test]
    fn the_bound_toward_any_board_is_at_most_the_distance_and_the_window_search_finds_it() {
        for (rows, cols) in [(3, 6), (5, 5)] {
            let db = PatternDatabase::build(partition(rows, cols, 3).unwrap(), 2, |_| {});
            for seed in 0..12u64 {
                let target = Board::scrambled(rows, cols, Scramble::Uniform, seed).unwrap();
                let (from, _) = walk(&target, 3 + (seed as usize % 6), seed);
                let d = distance(&from, &target, 9);
                let (to_cells, _) = cells_and_positions(&target);
                let bound_of = PatternBound::toward(&db, &to_cells);
                assert!(bound_of.evaluate(&cells_and_positions(&from).1).bound() as usize <= d, "{from}\n{target}");
                assert_eq!(bound_of.evaluate(&cells_and_positions(&target).1).bound(), 0);
                let found =
                    shortest_between(&db, (rows, cols), cells_and_positions(&from), &to_cells, d + 1, &|| false);
                let moves = found.expect("not given up").expect("a way of d moves");
                assert_eq!(moves.len(), d);
                let mut replay = from.clone();
                replay.apply(&crate::board::Moves(moves)).unwrap();
                assert_eq!(replay, target);
                let none = shortest_between(&db, (rows, cols), cells_and_positions(&from), &to_cells, d, &|| false);
                assert_eq!(none, Some(None), "nothing shorter than the distance");
            }
        }
    }

    /// The snake's groups (6×6 and 7×7 in groups of 5) are additive like
    /// the bands': on a 5×5 in groups of 3, looked up mirrored too, no
    /// board's bound is above its distance (exact for short walks, and at
    /// most the walk's length for long ones).
    #[test]
    fn snake_groups_give_a_bound_at_most_the_distance() {
        let spec = PatternSpec::new(5, 5, super::super::partition::snake(5, 5, 3), true).unwrap();
        let db = PatternDatabase::build(spec, 2, |_| {});
        let goal = Board::goal(5, 5).unwrap();
        let bound_of = PatternBound::new(&db);
        assert_eq!(bound_of.evaluate(&cells_and_positions(&goal).1).bound(), 0);
        for seed in 0..40u64 {
            let (near, _) = walk(&goal, 3 + (seed as usize % 7), seed);
            let d = distance(&near, &goal, 9);
            assert!(bound_of.evaluate(&cells_and_positions(&near).1).bound() as usize <= d, "{near}");
            let (far, moves) = walk(&goal, 60, seed);
            assert!(bound_of.evaluate(&cells_and_positions(&far).1).bound() as usize <= moves.len(), "{far}");
        }
    }

    #[test]
    fn detours_are_cut_out_and_the_solution_still_solves() {
        let db = PatternDatabase::build(partition(5, 5, 3).unwrap(), 2, |_| {});
        let goal = Board::goal(5, 5).unwrap();
        for seed in 0..4u64 {
            // A solution with a detour: to `middle`, out 14 moves and back,
            // then home.
            let (middle, out) = walk(&goal, 14, seed);
            let (board, away) = walk(&middle, 14, seed + 100);
            let (_, detour) = walk(&middle, 14, seed + 200);
            let back = |moves: &[Move]| moves.iter().rev().map(|m| m.opposite()).collect::<Vec<_>>();
            let mut moves = back(&away);
            moves.extend(detour.iter().copied());
            moves.extend(back(&detour));
            moves.extend(back(&out));
            let before = moves.len();
            let report = shorten(&db, (5, 5), cells_and_positions(&board), &mut moves, 32, &|| false);
            let mut replay = board.clone();
            replay.apply(&crate::board::Moves(moves.clone())).unwrap();
            assert!(replay.is_solved());
            assert!(moves.len() <= 28 && report.saved == before - moves.len(), "{} moves, {report:?}", moves.len());
        }
    }
}
