//! The order in which the beam keeps a level's children: by their lower
//! bound, or, for the tables whose weights were fitted, by a guess of the
//! moves still needed that also sees what the additive tables cannot: how
//! the groups' tiles stand in each other's way.
//!
//! The guess is a weighted sum of the bound, how far apart the two views'
//! sums are, and the linear conflicts (twice the tiles to take out of each
//! row and column so that those at home in it are in order, across groups
//! as well as within: the tables count each group's moves as if the other
//! groups' tiles were not there). The weights were fitted by least squares
//! on the boards along fifteen's own near-optimal solutions of walk and
//! uniform boards, each board's target the moves its solution still made
//! (`examples/near_rank.rs`, which also measures the Manhattan distance and
//! the tiles not at home: on 6×6 the fit explained more with them, but the
//! beam ranked by them as well came out longer).
//!
//! The bound stays what prunes (a child that cannot beat the best solution
//! is still dropped) and what the proven bound is made of; the ranking only
//! chooses which children the beam keeps, so it need not be admissible.

use crate::search::optimal::{MAX_PATTERN_CELLS, PatternSpec};

use super::heuristic::{Cells, PatternValues};
use super::partition::partition;

/// How a beam ranks children (lower first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ranking {
    /// By the lower bound.
    Bound,
    /// By the fitted guess, in sixteenths of a move.
    Guess(Weights),
}

/// The guess's weights, in sixteenths of a move: of the bound, the views'
/// sums apart and the linear conflicts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Weights {
    bound: i32,
    views_apart: i32,
    conflicts: i32,
}

/// The 6×6's weights, for its groups of 5 (`fifteen pdb build --partition
/// 6x6`).
const WEIGHTS_6X6: Weights = Weights { bound: 23, views_apart: -5, conflicts: 19 };

/// The 7×7's weights, for its groups of 5 (`--partition 7x7`).
const WEIGHTS_7X7: Weights = Weights { bound: 25, views_apart: -6, conflicts: 45 };

impl Ranking {
    /// The ranking fitted for the tables of `spec`, or the bound.
    pub(super) fn for_tables(spec: &PatternSpec) -> Ranking {
        let (rows, cols) = (spec.rows(), spec.cols());
        let fitted = match (rows, cols) {
            (6, 6) => Some(WEIGHTS_6X6),
            (7, 7) => Some(WEIGHTS_7X7),
            _ => None,
        };
        match fitted {
            Some(weights) if partition(rows, cols, 5).is_ok_and(|fitted| fitted == *spec) => Ranking::Guess(weights),
            _ => Ranking::Bound,
        }
    }

    /// The rank of a board whose entries are `values` and whose other
    /// features are `features`.
    #[inline]
    pub(super) fn of(&self, values: &PatternValues, features: Features) -> i32 {
        let bound = values.bound() as i32;
        match self {
            Ranking::Bound => bound,
            Ranking::Guess(w) => {
                w.bound * bound
                    + w.views_apart * values.views_apart() as i32
                    + w.conflicts * i32::from(features.conflicts)
            }
        }
    }

    /// Whether the ranking reads [`Features`] (the bound does not).
    pub(super) fn needs_features(&self) -> bool {
        matches!(self, Ranking::Guess(_))
    }
}

/// What the guess reads of a board besides its entries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Features {
    conflicts: u16,
}

/// Each tile's home row and column on a board of a shape, to compute
/// [`Features`] from scratch or after a slide.
pub(super) struct Homes {
    rows: usize,
    cols: usize,
    row: Cells,
    col: Cells,
}

impl Homes {
    pub(super) fn new(rows: usize, cols: usize) -> Homes {
        let mut row: Cells = [0; MAX_PATTERN_CELLS];
        let mut col: Cells = [0; MAX_PATTERN_CELLS];
        for tile in 1..rows * cols {
            row[tile] = ((tile - 1) / cols) as u8;
            col[tile] = ((tile - 1) % cols) as u8;
        }
        Homes { rows, cols, row, col }
    }

    /// The features of the board `cells` (cell → tile), from scratch.
    pub(super) fn features(&self, cells: &Cells) -> Features {
        let same = |cell: usize| cell;
        let rows = (0..self.rows).map(|r| self.row_conflicts(cells, r, same));
        let cols = (0..self.cols).map(|c| self.col_conflicts(cells, c, same));
        Features { conflicts: rows.chain(cols).sum() }
    }

    /// The features after the tile in cell `from` slid into the blank at
    /// cell `blank` of the board `cells` (as it was before the slide), whose
    /// features were `f`: only two lines change (a tile sliding along a row
    /// leaves the row's order as it was, and changes its two columns').
    #[inline]
    pub(super) fn after(&self, f: Features, cells: &Cells, from: usize, blank: usize) -> Features {
        // The board after the slide, read through the cells before it.
        let moved = |cell: usize| {
            if cell == blank {
                from
            } else if cell == from {
                blank
            } else {
                cell
            }
        };
        let same = |cell: usize| cell;
        let (before, after) = if from / self.cols == blank / self.cols {
            let (a, b) = (from % self.cols, blank % self.cols);
            (
                self.col_conflicts(cells, a, same) + self.col_conflicts(cells, b, same),
                self.col_conflicts(cells, a, moved) + self.col_conflicts(cells, b, moved),
            )
        } else {
            let (a, b) = (from / self.cols, blank / self.cols);
            (
                self.row_conflicts(cells, a, same) + self.row_conflicts(cells, b, same),
                self.row_conflicts(cells, a, moved) + self.row_conflicts(cells, b, moved),
            )
        };
        Features { conflicts: f.conflicts + after - before }
    }

    /// Row `r`'s linear conflicts, its cells read through `read`.
    #[inline]
    fn row_conflicts(&self, cells: &Cells, r: usize, read: impl Fn(usize) -> usize) -> u16 {
        let tiles = (0..self.cols).map(|c| cells[read(r * self.cols + c)]);
        conflicts(
            tiles.filter(|&t| t != 0 && usize::from(self.row[usize::from(t)]) == r).map(|t| self.col[usize::from(t)]),
        )
    }

    /// Column `c`'s linear conflicts, its cells read through `read`.
    #[inline]
    fn col_conflicts(&self, cells: &Cells, c: usize, read: impl Fn(usize) -> usize) -> u16 {
        let tiles = (0..self.rows).map(|r| cells[read(r * self.cols + c)]);
        conflicts(
            tiles.filter(|&t| t != 0 && usize::from(self.col[usize::from(t)]) == c).map(|t| self.row[usize::from(t)]),
        )
    }
}

/// Twice the places to take out of a line so that the rest rise: the
/// places are the home places, along the line, of the tiles at home in it.
#[inline]
fn conflicts(places: impl Iterator<Item = u8>) -> u16 {
    // Patience: `tops[k]`, the lowest last place of a rising run of k + 1.
    let (mut tops, mut runs, mut count) = ([0u8; 8], 0usize, 0u16);
    for place in places {
        count += 1;
        let k = tops[..runs].iter().position(|&top| top >= place).unwrap_or(runs);
        tops[k] = place;
        runs = runs.max(k + 1);
    }
    2 * (count - runs as u16)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Scramble};
    use crate::search::near::heuristic::{cells_and_positions, sources};

    #[test]
    fn the_guess_ranks_only_the_tables_it_was_fitted_on() {
        let guessed = |rows, cols, group| Ranking::for_tables(&partition(rows, cols, group).unwrap()) != Ranking::Bound;
        assert!(guessed(6, 6, 5) && guessed(7, 7, 5));
        assert!(!guessed(6, 6, 4) && !guessed(7, 7, 4) && !guessed(5, 5, 5) && !guessed(5, 5, 6));
    }

    #[test]
    fn a_conflict_ranks_a_board_after_one_with_the_same_entries_and_none() {
        let ranking = Ranking::for_tables(&partition(6, 6, 5).unwrap());
        let homes = Homes::new(6, 6);
        let (mut cells, _) = cells_and_positions(&Board::goal(6, 6).unwrap());
        let values = PatternValues::with_sums([100, 96]);
        let calm = ranking.of(&values, homes.features(&cells));
        // Tiles 1 and 2 the wrong way round: a conflict in the top row.
        cells.swap(0, 1);
        assert_eq!(homes.features(&cells).conflicts, 2);
        assert!(ranking.of(&values, homes.features(&cells)) > calm);
    }

    #[test]
    fn a_line_in_reverse_has_all_but_one_tile_in_conflict() {
        assert_eq!(conflicts([3, 2, 1, 0].into_iter()), 6);
        assert_eq!(conflicts([0, 2, 1, 3].into_iter()), 2);
        assert_eq!(conflicts([0, 1, 2].into_iter()), 0);
        assert_eq!(conflicts(std::iter::empty()), 0);
    }

    #[test]
    fn features_after_a_slide_are_those_of_the_board_it_makes() {
        for (n, seed) in [(6, 1), (7, 2), (6, 3)] {
            let homes = Homes::new(n, n);
            let source = sources(n, n);
            let board = Board::scrambled(n, n, Scramble::Uniform, seed).unwrap();
            let (mut cells, _) = cells_and_positions(&board);
            let mut f = homes.features(&cells);
            for step in 0..500 {
                let blank = cells.iter().position(|&t| t == 0).unwrap();
                let choices: Vec<u8> = source[blank].iter().copied().filter(|&c| c != u8::MAX).collect();
                let from = usize::from(choices[step * 7 % choices.len()]);
                f = homes.after(f, &cells, from, blank);
                cells.swap(from, blank);
                assert_eq!(f, homes.features(&cells), "{n}x{n} seed {seed} step {step}");
            }
        }
    }
}
