//! How much of a replay link fifteen reads: every bound on a link's size,
//! in one place, each checked before the work it bounds.
//!
//! A link is short text that may stand for a great deal: zlib packs a
//! million repeated moves into a few bytes, a leaderboard replay packs its
//! solves a second time inside the first, and a run-length solution writes
//! 99 moves in three letters. So the text is bounded as it is inflated
//! ([`LinkLimits::unpacked_bytes`]), and the moves and cells of the solves
//! to be read are added up from the counts the text holds, before any move
//! is expanded or board built ([`LinkLimits::moves`],
//! [`LinkLimits::cells`]); solves past [`LinkLimits::solves`] are not read
//! at all. Whatever the limits, no solve may hold more than
//! [`MAX_SOLVE_MOVES`] moves nor a board more than [`MAX_BOARD_CELLS`]
//! cells.

use super::SlidysimError;

/// The most moves one solve may hold, whatever the limits (a person's
/// 100×100 solve is about 1.5 million).
pub(super) const MAX_SOLVE_MOVES: usize = 50_000_000;

/// The largest board a leaderboard replay may name, whatever the limits.
pub(super) const MAX_BOARD_CELLS: usize = 1_000_000;

/// How much of a source of replay links is read.
/// [`parse_source`](super::parse_source) refuses a source
/// past them before doing the work it would cost: a link is short text
/// that may stand for a great deal (zlib packs a million repeated moves
/// into a few bytes, a leaderboard replay packs its solves a second time,
/// a run-length solution writes 99 moves in three letters), so the text is
/// bounded as it is inflated, and the moves and cells of the solves to be
/// read are added up from the counts the text holds before any move is
/// expanded or board built. Whatever the limits, no solve may hold more
/// than 50 million moves, nor its board more than a million cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LinkLimits {
    /// Bytes a payload, and the packed solve data inside a leaderboard
    /// replay, may each unpack to.
    pub unpacked_bytes: usize,
    /// Moves the solves read may hold in all.
    pub moves: usize,
    /// Cells the boards of the solves read may have in all (each solve's
    /// board counted).
    pub cells: usize,
    /// Solves read; any after them are skipped unread (a page that shows
    /// the first reads one).
    pub solves: usize,
}

impl LinkLimits {
    /// For a link from anyone: 32 MiB unpacked (a person's 100×100 solve
    /// with its move times is about 10 MB), 10 million moves (five people's
    /// 100×100 solves), a million cells. Reading as much takes a few seconds
    /// and a few hundred megabytes.
    pub const DEFAULT: LinkLimits =
        LinkLimits { unpacked_bytes: 32 << 20, moves: 10_000_000, cells: 1_000_000, solves: usize::MAX };

    /// For a source its reader trusts: only the bounds fifteen has for any
    /// link (64 MiB unpacked, and each solve's own limits).
    pub const TRUSTED: LinkLimits =
        LinkLimits { unpacked_bytes: 64 << 20, moves: usize::MAX, cells: usize::MAX, solves: usize::MAX };
}

impl Default for LinkLimits {
    /// [`LinkLimits::DEFAULT`].
    fn default() -> LinkLimits {
        LinkLimits::DEFAULT
    }
}

/// What the solves read so far have taken of the limits.
pub(super) struct Budget<'a> {
    pub(super) limits: &'a LinkLimits,
    moves: usize,
    cells: usize,
    solves: usize,
}

impl Budget<'_> {
    pub(super) fn new(limits: &LinkLimits) -> Budget<'_> {
        Budget { limits, moves: 0, cells: 0, solves: 0 }
    }

    /// How many more solves may be read.
    pub(super) fn solves_left(&self) -> usize {
        self.limits.solves.saturating_sub(self.solves)
    }

    /// Takes solve number `solve` (from 1), of `cells` cells and `moves`
    /// moves (as counted from its text), or says which limit it passes.
    pub(super) fn take(&mut self, solve: usize, cells: usize, moves: usize) -> Result<(), SlidysimError> {
        if moves > MAX_SOLVE_MOVES {
            return Err(SlidysimError::TooManyMoves { solve, limit: MAX_SOLVE_MOVES });
        }
        let (all_moves, all_cells) = (self.moves.saturating_add(moves), self.cells.saturating_add(cells));
        if all_moves > self.limits.moves {
            return Err(SlidysimError::MovesOverLimit { solve, moves: all_moves, limit: self.limits.moves });
        }
        if all_cells > self.limits.cells {
            return Err(SlidysimError::CellsOverLimit { solve, cells: all_cells, limit: self.limits.cells });
        }
        (self.moves, self.cells, self.solves) = (all_moves, all_cells, self.solves + 1);
        Ok(())
    }
}

/// The moves a solution's text stands for, counted without expanding them:
/// each letter stands for the count after it, or for one move without one.
/// Exact for run-length text (`R3U2L`); an upper bound for any other (a
/// word's letters each count one).
pub(super) fn count_moves(solution: &str) -> usize {
    let mut total = 0usize;
    // Whether a letter began the run being read, and the count after it.
    let (mut letter, mut count) = (false, None::<usize>);
    let run = |letter: bool, count: Option<usize>| count.unwrap_or(usize::from(letter));
    for b in solution.bytes() {
        if b.is_ascii_digit() {
            count = Some(count.unwrap_or(0).saturating_mul(10).saturating_add(usize::from(b - b'0')));
        } else if b.is_ascii_alphabetic() {
            total = total.saturating_add(run(letter, count));
            (letter, count) = (true, None);
        }
    }
    total.saturating_add(run(letter, count))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_counted_from_their_run_lengths_without_expanding_them() {
        assert_eq!(count_moves("R3U2L"), 6);
        assert_eq!(count_moves("R99L99R99L99"), 4 * 99);
        assert_eq!((count_moves(""), count_moves("U"), count_moves("R10")), (0, 1, 10));
        assert!(count_moves("R99999999999999999999999") >= usize::MAX / 2);
    }

    #[test]
    fn a_budget_names_the_limit_a_solve_passes() {
        let limits = LinkLimits { moves: 100, cells: 50, solves: 2, ..LinkLimits::DEFAULT };
        let mut budget = Budget::new(&limits);
        assert_eq!(budget.solves_left(), 2);
        budget.take(1, 16, 60).unwrap();
        assert_eq!(budget.solves_left(), 1);
        assert_eq!(budget.take(2, 16, 41), Err(SlidysimError::MovesOverLimit { solve: 2, moves: 101, limit: 100 }));
        assert_eq!(budget.take(2, 35, 40), Err(SlidysimError::CellsOverLimit { solve: 2, cells: 51, limit: 50 }));
        budget.take(2, 34, 40).unwrap();
        assert_eq!(budget.solves_left(), 0);
        let mut trusted = Budget::new(&LinkLimits::TRUSTED);
        assert_eq!(
            trusted.take(1, 4, MAX_SOLVE_MOVES + 1),
            Err(SlidysimError::TooManyMoves { solve: 1, limit: MAX_SOLVE_MOVES })
        );
    }
}
