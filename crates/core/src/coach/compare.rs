//! A person's solve beside fifteen's solve of the same scramble, lined up
//! at the unsolved rectangles both leave behind.

use crate::board::{Board, Move, Moves};
use crate::human::{self, Effort, HumanOptions};
use crate::lines::{self, Stage};
use crate::search::optimal::{self, Heuristic};

use super::CoachError;

/// A person's solve and fifteen's, side by side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// fifteen's solve of the scramble.
    pub fifteen: Moves,
    /// The fewest moves that solve it, when asked for.
    pub optimal: Option<usize>,
    /// The two solves lined up ([`lines::line_up`]): `first` is the
    /// person's moves, `second` fifteen's.
    pub stages: Vec<Stage>,
}

/// Solves `scramble` at `effort` and lines the person's `moves` up with
/// fifteen's; with `optimal`, also finds the fewest moves with that lower
/// bound (boards of up to 16 cells).
///
/// ```
/// use fifteen_core::{Board, Effort, Moves, coach, search::Heuristic};
/// let scramble: Board = "1 2 3\n4 5 6\n_ 7 8".parse().unwrap();
/// let person: Moves = "DULL".parse().unwrap();
/// let side_by_side = coach::compare(&scramble, &person, Effort::Best, Some(Heuristic::ManhattanConflicts)).unwrap();
/// assert_eq!((side_by_side.fifteen.len(), side_by_side.optimal), (2, Some(2)));
/// assert_eq!(side_by_side.stages.last().map(|s| (s.first, s.second)), Some((4, 2)));
/// ```
pub fn compare(
    scramble: &Board,
    moves: &[Move],
    effort: Effort,
    optimal: Option<Heuristic<'_>>,
) -> Result<Comparison, CoachError> {
    let plan = human::solve(scramble, &HumanOptions { effort, ..HumanOptions::default() })?;
    let optimal = match optimal {
        Some(heuristic) => Some(optimal::solve_with(scramble, heuristic, |_| {})?.moves.len()),
        None => None,
    };
    Ok(line_up(scramble, moves, plan.moves().clone(), optimal))
}

/// The person's `moves` lined up with fifteen's solve `fifteen` of the
/// same `scramble`, planned by the caller (the browser viewer plans it
/// once for its marks and its moves).
pub fn line_up(scramble: &Board, moves: &[Move], fifteen: Moves, optimal: Option<usize>) -> Comparison {
    let stages = lines::line_up(&lines::detect(scramble, moves), &lines::detect(scramble, &fifteen));
    Comparison { stages, fifteen, optimal }
}
