//! Near-optimal solutions for boards of 17 to 49 cells (3×6 up to 7×7), in
//! a time the caller sets, each with a proven lower bound on the optimum.
//!
//! Two searches share the board, on two of rayon's threads
//! ([`rayon::join`]):
//! - **beam search**, anytime: widths 256, 1024, 4096, … (four times wider
//!   each round, up to [`NearOptions::max_width`]), each round's solution
//!   kept when it is shorter than the best so far, every child that cannot
//!   beat that best dropped (see `beam.rs`);
//! - **IDA\*** with weight 1 (see `ida.rs`): each completed iteration
//!   raises the proven lower bound; finishing, it returns a shortest
//!   solution, and when its bound reaches the beam's best, that best is
//!   proven optimal and both stop.
//!
//! Both read the same lower bound: additive disjoint pattern databases
//! ([`partition`]) built by the optimal solver's table builder, on square
//! boards also looked up mirrored, each group's entry updated only for the
//! moved tile's group. On the 6×6's and 7×7's groups of 5 the beam ranks
//! a level's children by a guess fitted on fifteen's own solutions, which
//! also counts the conflicts between groups the tables cannot see (see
//! `rank.rs`); the bound still prunes.
//!
//! The library reads no clock: the caller's [`Deadline`] is asked every few
//! thousand nodes and between rounds; out of time, the first beam round
//! still runs to its end, so that there is always a solution.
//!
//! ```
//! # // The searches' own modules are public with the feature `testing`.
//! # #[cfg(feature = "testing")] {
//! use fifteen_core::{Board, Scramble, search::{near, optimal::PatternDatabase}};
//! let board = Board::scrambled(3, 6, Scramble::Uniform, 5).unwrap();
//! let tables = PatternDatabase::build(near::partition(3, 6, 3).unwrap(), 1, |_| {});
//! let options = near::NearOptions { max_width: 1024, ..near::NearOptions::default() };
//! // No time at all: the first beam round still answers.
//! let no_time = fifteen_core::Deadline::NONE.with_clock(|| 0.0).within(0.0);
//! let found = near::solve(&board, &tables, options, &no_time).unwrap();
//! let mut replay = board.clone();
//! replay.apply(&found.moves).unwrap();
//! assert!(replay.is_solved());
//! // The optimum lies between the proven bound and the solution found.
//! assert!(found.lower_bound as usize <= found.moves.len());
//! # }
//! ```

mod beam;
mod heuristic;
mod ida;
mod partition;
mod rank;
mod seconds;
mod window;

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed};

#[cfg_attr(not(feature = "testing"), allow(unused_imports))]
pub use partition::MAX_NEAR_GROUP;
pub use partition::{default_group_size, partition};
pub use seconds::{NearPurpose, near_seconds};

use crate::board::{Board, Move, Moves};
use crate::deadline::Deadline;
use crate::search::SearchError;
use crate::search::optimal::{Entries, MAX_PATTERN_CELLS, PatternDatabase};

use heuristic::{Cells, PatternBound, cells_and_positions};
use ida::{IdaEnd, Shared};

/// The fewest cells the near solver takes (3×6): smaller boards have the
/// optimal solver.
pub const MIN_NEAR_CELLS: usize = 17;

/// The most cells the near solver takes (7×7).
pub const MAX_NEAR_CELLS: usize = MAX_PATTERN_CELLS;

/// The beam's first width: a few milliseconds on a 7×7.
const FIRST_WIDTH: usize = 256;

/// The most bytes a beam round may hold: its moves back (4 bytes a board
/// a level, as deep as the round may go: the best solution's length once
/// there is one) and two levels of boards with their children
/// ([`BOARD_BYTES`] a board of the width). The width is capped so that a
/// round stays within it: 3 GiB lets a 7×7 go about 1.7 million boards
/// wide behind a 300-move solution.
const BEAM_BYTES: usize = 3 << 30;

/// The widest round when the caller gives no time left (2^18, as wide as
/// the rounds went before they were fitted to the time).
const UNTIMED_WIDTH: usize = 1 << 18;

/// The bytes a board of a beam's width takes besides its moves back: the
/// level and the next (168 bytes a board each), and about three children a
/// board as candidates, twice (40 bytes each), and the sets of hashes.
const BOARD_BYTES: usize = 640;

/// Rounds at least this wide have their solution shortened by windows
/// (narrower ones are soon beaten by the next round, and on a 7×7 a pass
/// of windows costs more than a round of 1,024).
const WINDOWS_FROM: usize = 4096;

/// Rounds at least this wide have their time measured (when the caller
/// gives the time left), and the next is fitted to the time left.
const FIT_FROM: usize = 4096;

/// The share of the time left a fitted round is sized to fill: all of it.
/// A round after a shorter solution prunes more and takes less than its
/// width says; one that overruns is cut short and finishes from its best
/// boards.
const FIT_SHARE: f64 = 1.0;

/// A fitted round is at most this many times as wide as the last.
const FIT_GROWTH: usize = 8;

/// A fitted round less than this many times as wide as the last is not
/// run.
const MIN_GROWTH: f64 = 1.2;

/// The nodes IDA* expands beside the beam before it leaves the beam both
/// threads (about a second on a 5×5).
const IDA_FIRST_NODES: u64 = 1 << 21;

/// How the near solver searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NearOptions {
    /// The widest beam tried (each round four times the last, from 256):
    /// a beam of width w holds about 640·w bytes of boards (two levels and
    /// their children) and 4·w bytes a level of moves back.
    pub max_width: usize,
    /// The widest window (in moves) by which the solution of a beam of
    /// 4,096 or more is shortened (see `window.rs`); once the widest beam
    /// has run, windows grow until `stop` or the solution's length. 0: no
    /// windows.
    pub max_window: usize,
}

impl Default for NearOptions {
    /// Beams up to 2^22 boards wide (within [`BEAM_BYTES`] of memory, fewer
    /// on a 7×7), windows up to 40 moves.
    fn default() -> NearOptions {
        NearOptions { max_width: 1 << 22, max_window: 40 }
    }
}

/// A solution and how far from optimal it can be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NearSolution {
    /// The moves, tile direction.
    pub moves: Moves,
    /// No solution is shorter than this (equal to the moves' count when
    /// the solution is proven shortest).
    pub lower_bound: u32,
    /// The widest beam that finished (0 when none did).
    pub beam_width: usize,
    /// Nodes IDA* expanded.
    pub ida_expanded: u64,
}

/// How far a search has come: reported each time the proven bound rises or
/// a shorter solution is found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NearProgress {
    /// No solution is shorter than this.
    pub lower_bound: u32,
    /// The shortest solution found so far, if any.
    pub best: Option<u32>,
}

impl NearSolution {
    /// Whether the solution is proven to be a shortest one.
    #[cfg_attr(not(feature = "testing"), allow(dead_code))]
    pub fn is_optimal(&self) -> bool {
        self.moves.len() as u32 == self.lower_bound
    }
}

/// The best solution found before `stop()` says so (or before both searches
/// end: IDA* finished or proved the beam's best optimal, and the beam went
/// as wide as `options` lets it), with the proven lower bound. `tables`
/// must be for the board's shape, with one-byte entries, as [`partition`]
/// makes them.
pub fn solve(
    board: &Board,
    tables: &PatternDatabase,
    options: NearOptions,
    deadline: &Deadline,
) -> Result<NearSolution, SearchError> {
    solve_with(board, tables, options, &NearRun::until(deadline))
}

/// What a caller gives one search besides the board, the tables and the
/// options: when to stop, and optionally the time left, a first solution
/// and whom to tell of progress.
///
/// ```
/// # // The searches' own modules are public with the feature `testing`.
/// # #[cfg(feature = "testing")] {
/// use fifteen_core::{Board, Scramble, search::{near, optimal::PatternDatabase}};
/// let board = Board::scrambled(3, 6, Scramble::Uniform, 5).unwrap();
/// let tables = PatternDatabase::build(near::partition(3, 6, 3).unwrap(), 1, |_| {});
/// let options = near::NearOptions::default();
/// let no_time = fifteen_core::Deadline::NONE.with_clock(|| 0.0).within(0.0);
/// let first = near::solve(&board, &tables, options, &no_time).unwrap().moves;
/// // Seeded with a solution and out of time at once: the seed or better.
/// let seed = || Some(first.0.clone());
/// let run = near::NearRun { seed: Some(&seed), ..near::NearRun::until(&no_time) };
/// let found = near::solve_with(&board, &tables, options, &run).unwrap();
/// assert!(found.moves.len() <= first.len());
/// let mut replay = board.clone();
/// replay.apply(&found.moves).unwrap();
/// assert!(replay.is_solved());
/// # }
/// ```
#[derive(Clone, Copy)]
pub struct NearRun<'a> {
    /// When to stop. Out of time, the search answers with the best found
    /// so far (the first beam round runs to its end unless there is a
    /// seed, so that there is always an answer); stopped
    /// ([`Deadline::is_stopped`]), it gives up at once with
    /// [`SearchError::Stopped`]. With a time limit the beam sizes its
    /// rounds to it: the last is as wide as the time left lets it finish,
    /// where without one each round is four times the last and the one
    /// that cannot finish is cut short.
    pub deadline: &'a Deadline,
    /// A way to a first solution, called once on IDA*'s thread after its
    /// first nodes (even when the time is up; not when IDA* has found a
    /// shortest solution). Its solution is taken as the best so far, so the
    /// answer is never longer: the beam keeps only boards that can beat it,
    /// and the windows shorten it when nothing shorter is found. One that
    /// does not solve the board is ignored. The solver seeds with the human
    /// strategy's solution: on a 7×7 at ten seconds the beam is now and
    /// then longer than it.
    pub seed: Option<&'a (dyn Fn() -> Option<Vec<Move>> + Sync)>,
    /// Told (from either search's thread) each time the proven lower bound
    /// rises or a shorter solution is found.
    pub progress: &'a (dyn Fn(NearProgress) + Sync),
}

impl<'a> NearRun<'a> {
    /// A search until `deadline`: no seed, progress unheard.
    pub fn until(deadline: &'a Deadline) -> NearRun<'a> {
        NearRun { deadline, seed: None, progress: &|_| {} }
    }
}

impl std::fmt::Debug for NearRun<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NearRun")
            .field("deadline", self.deadline)
            .field("seeded", &self.seed.is_some())
            .finish_non_exhaustive()
    }
}

/// [`solve()`] as `run` says: when to stop, the time left, a seed, and
/// whom to tell of progress.
pub fn solve_with(
    board: &Board,
    tables: &PatternDatabase,
    options: NearOptions,
    run: &NearRun<'_>,
) -> Result<NearSolution, SearchError> {
    let NearRun { deadline, seed, progress } = *run;
    if deadline.is_stopped() {
        return Err(SearchError::Stopped);
    }
    let stop = || deadline.is_over();
    let stop: &(dyn Fn() -> bool + Sync) = &stop;
    let cancelled = || deadline.is_stopped();
    let seconds_left = || deadline.seconds_left().unwrap_or(f64::INFINITY);
    let time_left: Option<&(dyn Fn() -> f64 + Sync)> = deadline.seconds_left().map(|_| &seconds_left as _);
    check(board, tables)?;
    let (rows, cols) = (board.rows(), board.cols());
    let (cells, pos) = cells_and_positions(board);
    let bound_of = PatternBound::new(tables);
    let shared =
        Shared { best: AtomicU32::new(u32::MAX), lower: AtomicU32::new(0), ida_expanded: AtomicU64::new(0), progress };
    // IDA* takes its first iterations, the cheap ones that raise the bound
    // most, beside the beam, then leaves the beam both threads; once the
    // widest beam has run, the time left goes to windows ever longer on the
    // best solution and to IDA* going on from its bound, side by side.
    let ((beamed, beam_width), (first, seeded)) = rayon::join(
        || {
            let watch = BeamWatch { stop, cancelled: &cancelled, time_left };
            anytime_beam((tables, &bound_of), (rows, cols), (cells, pos), options, watch, &shared)
        },
        || {
            let first = ida::search(&bound_of, (rows, cols), (cells, pos), (stop, IDA_FIRST_NODES), &shared);
            let proven = || shared.lower.load(Relaxed) >= shared.best.load(Relaxed);
            // Asked even when told to stop: the answer is never longer.
            let ended = matches!(first, IdaEnd::Solved(_)) || proven();
            let seeded = match seed {
                Some(seed) if !ended => seed().filter(|moves| solves(board, moves)),
                _ => None,
            };
            if let Some(moves) = &seeded {
                shared.best.fetch_min(moves.len() as u32, Relaxed);
                shared.report();
            }
            (first, seeded)
        },
    );
    let beamed = match (beamed, seeded) {
        (Some(beamed), Some(seeded)) if seeded.len() < beamed.len() => Some(seeded),
        (None, seeded) => seeded,
        (beamed, _) => beamed,
    };
    let proven = || shared.lower.load(Relaxed) >= shared.best.load(Relaxed);
    let (beamed, exact) = rayon::join(
        || match beamed {
            Some(mut moves) if options.max_window > 0 && !proven() && !stop() => {
                let before = moves.len();
                window::shorten(tables, (rows, cols), (cells, pos), &mut moves, before, &|| stop() || proven());
                if moves.len() < before {
                    shared.best.fetch_min(moves.len() as u32, Relaxed);
                    shared.report();
                }
                Some(moves)
            }
            other => other,
        },
        || match first {
            IdaEnd::Paused if !stop() => ida::search(&bound_of, (rows, cols), (cells, pos), (stop, u64::MAX), &shared),
            other => other,
        },
    );
    let moves = match (exact, beamed) {
        _ if deadline.is_stopped() => return Err(SearchError::Stopped),
        (IdaEnd::Solved(exact), _) => exact,
        (_, Some(beamed)) => beamed,
        (_, None) => return Err(SearchError::Stopped),
    };
    let lower_bound = shared.lower.load(Relaxed).min(moves.len() as u32);
    Ok(NearSolution { moves: Moves(moves), lower_bound, beam_width, ida_expanded: shared.ida_expanded.load(Relaxed) })
}

/// Each group's table entry for `board`, the groups as the board is and
/// then, on square boards, mirrored: what the beam's ranking is fitted on
/// (see `examples/near_rank.rs`).
#[cfg(feature = "testing")]
pub fn group_entries(board: &Board, tables: &PatternDatabase) -> Result<Vec<u8>, SearchError> {
    check(board, tables)?;
    let bound_of = PatternBound::new(tables);
    let values = bound_of.evaluate(&cells_and_positions(board).1);
    let (views, groups) = bound_of.shape();
    Ok((0..views).flat_map(|view| (0..groups).map(move |g| values.entry(view, g))).collect())
}

/// Refuses a board the near solver does not take, or tables that are not
/// for it.
fn check(board: &Board, tables: &PatternDatabase) -> Result<(), SearchError> {
    if !(MIN_NEAR_CELLS..=MAX_NEAR_CELLS).contains(&board.len()) {
        return Err(SearchError::NearSize { rows: board.rows(), cols: board.cols() });
    }
    tables.check_shape(board)?;
    if tables.spec().entries() != Entries::Bytes {
        return Err(SearchError::NearEntries);
    }
    Ok(board.check_solvable()?)
}

/// Whether `moves` take `board` to the goal.
fn solves(board: &Board, moves: &[Move]) -> bool {
    let mut replay = board.clone();
    replay.apply(&Moves(moves.to_vec())).is_ok() && replay.is_solved()
}

/// When the beams stop: `stop` (out of time or stopped) ends every round
/// once there is a solution, `cancelled` (stopped) even the first;
/// `time_left` sizes the rounds.
#[derive(Clone, Copy)]
struct BeamWatch<'a> {
    stop: &'a (dyn Fn() -> bool + Sync),
    cancelled: &'a (dyn Fn() -> bool + Sync),
    time_left: Option<&'a (dyn Fn() -> f64 + Sync)>,
}

/// Beams ever wider, until `stop()`, the widest, or the best proven
/// optimal, each solution of a wide one shortened by windows of up to
/// `options.max_window` moves; the best solution and the widest beam that
/// finished.
fn anytime_beam(
    (tables, bound_of): (&PatternDatabase, &PatternBound<'_>),
    shape: (usize, usize),
    board: (Cells, Cells),
    options: NearOptions,
    BeamWatch { stop, cancelled, time_left }: BeamWatch<'_>,
    shared: &Shared<'_>,
) -> (Option<Vec<Move>>, usize) {
    let zobrist = beam::Zobrist::new();
    let ranking = rank::Ranking::for_tables(tables.spec());
    let mut best: Option<Vec<Move>> = None;
    // A round goes at most twice the start's bound deep, plus room for the
    // detours a narrow beam takes (a shortest solution is rarely much over
    // the bound; a deeper round gives up and the next, wider, tries).
    let start = bound_of.evaluate(&board.1).bound();
    let max_depth = 2 * start + 64;
    // As wide as a round may go within the memory allowed: it goes no
    // deeper than the best solution, so the shorter that is, the wider.
    // Without the time left the rounds are not fitted to it: they stop at
    // UNTIMED_WIDTH, where a search to the proof leaves the rest to IDA*.
    let max_width = if time_left.is_some() { options.max_width } else { options.max_width.min(UNTIMED_WIDTH) };
    let widest = || {
        let depth = max_depth.min(shared.best.load(Relaxed)) as usize;
        let fits = (BEAM_BYTES / (BOARD_BYTES + 4 * depth)).max(FIRST_WIDTH);
        max_width.max(1).min(fits)
    };
    let (mut width, mut finished) = (FIRST_WIDTH.min(widest()), 0);
    let proven = || shared.lower.load(Relaxed) >= shared.best.load(Relaxed);
    loop {
        // A seed counts as a solution (`shared.best` is its length).
        let solved = shared.best.load(Relaxed) != u32::MAX;
        if proven() || width > widest() || (solved && stop()) || cancelled() {
            break;
        }
        // Until there is a solution, rounds run until stopped, whatever the
        // time.
        let round_stop: &(dyn Fn() -> bool + Sync) = if solved { stop } else { cancelled };
        let left_before = time_left.map(|left| left());
        let found = beam::search((bound_of, &ranking), &zobrist, shape, board, width, max_depth, round_stop, shared);
        let took = left_before.zip(time_left).map(|(before, left)| before - left());
        if !round_stop() {
            finished = width;
        }
        if let Some(mut moves) = found {
            if width >= WINDOWS_FROM && options.max_window > 0 {
                window::shorten(tables, shape, board, &mut moves, options.max_window, &|| stop() || proven());
            }
            shared.best.fetch_min(moves.len() as u32, Relaxed);
            best = Some(moves);
            shared.report();
        }
        let timing = took.zip(time_left).map(|(took, left)| (took, left()));
        match next_width(width, timing, widest()) {
            Some(next) => width = next,
            None => break,
        }
    }
    (best, finished)
}

/// The next round's width after one of `width` that took `took` of the
/// time, with `left` left: four times as wide, or, from [`FIT_FROM`] on, as
/// wide as the time left lets finish (a round's time grows about as its
/// width does), at most [`FIT_GROWTH`] times as wide. `None` when that is
/// less than [`MIN_GROWTH`] times as wide: the time left then goes to the
/// windows and to IDA*.
fn next_width(width: usize, timing: Option<(f64, f64)>, max_width: usize) -> Option<usize> {
    match timing {
        Some((took, left)) if width >= FIT_FROM && took > 0.0 => {
            let fit = width as f64 * FIT_SHARE * left.max(0.0) / took;
            let next = fit.min((width * FIT_GROWTH) as f64).min(max_width as f64);
            (next >= width as f64 * MIN_GROWTH).then_some(next as usize)
        }
        _ => Some(width * 4),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_grow_fourfold_until_timed_then_fit_the_time_left() {
        let max = 1 << 18;
        // Narrow rounds, or no time given: four times as wide.
        assert_eq!(next_width(256, Some((1.0, 100.0)), max), Some(1024));
        assert_eq!(next_width(4096, None, max), Some(16384));
        // Plenty of time: at most FIT_GROWTH times as wide.
        assert_eq!(next_width(4096, Some((1.0, 100.0)), max), Some(4096 * FIT_GROWTH));
        // Two rounds' time left: as wide as fits in its share of it.
        assert_eq!(next_width(4096, Some((1.0, 2.0)), max), Some((4096.0 * FIT_SHARE * 2.0) as usize));
        // Too little for a round much wider, or none: the schedule ends.
        assert_eq!(next_width(4096, Some((1.0, 1.0)), max), None);
        assert_eq!(next_width(4096, Some((1.0, -3.0)), max), None);
        // Never wider than the widest.
        assert_eq!(next_width(max, Some((1.0, 100.0)), max), None);
        assert_eq!(next_width(max / 2, Some((1.0, 100.0)), max), Some(max));
    }
}
