//! Which par a board gets, decided in one place for every front end (the
//! command, its pages, the server): [`par_for`] picks it by the board's
//! size and the caller's choice and holds the tables it needs.
//!
//! - Up to 16 cells: the optimal distance, with the shape's pattern
//!   databases when there are any.
//! - 17 to 49 cells: the near solver's solution, searched
//!   [`near_seconds`]`(`[`NearPurpose::Par`]`, cells)` a board (half a
//!   second up to 5×5, longer on 6×6 and 7×7), or fifteen's human solve when that is
//!   shorter, when the near solver's tables can be had (asked for, or
//!   [`ParChoice::Auto`]); else fifteen's human solve.
//! - Bigger: fifteen's human solve of the unsolved rectangle at the effort
//!   given, or for [`Effort::Auto`] at the size table's `par` column's:
//!   what keeps a person's whole solve coached in seconds (docs/people.md
//!   has the times and what each effort costs in par against `best`'s); the
//!   scramble's own par then at the page's effort, `best` up to 12×12
//!   ([`Par::HumanGraded`]).

use std::sync::Arc;

use crate::board::Board;
use crate::human::Effort;
use crate::search::near::{MAX_NEAR_CELLS, MIN_NEAR_CELLS, NearPurpose, near_seconds};
use crate::search::optimal::{Heuristic, MAX_OPTIMAL_CELLS, PatternDatabase};
use crate::tables::{Tables, TablesError};

use super::{NearPar, Par};

/// A line's loss margin where par is fifteen's human solve at `effort`,
/// per √(par where the line began): nine lines in ten of the world-record
/// solves in docs/people.md lost within it of what `best`'s par says, both
/// pars lowered to the person's own way. The error of a solve's length
/// grows as the root of its moves (each line's beam adds its own), not in
/// proportion, which is why the root. `best`'s own is its spread against
/// `best` with half its beam; the near solver's par is never above
/// `best`'s and gets `best`'s margin.
pub(super) fn margin_per_root(effort: Effort) -> f64 {
    match effort {
        Effort::Best => 1.1,
        Effort::Normal | Effort::Auto => 1.8,
        Effort::Fast => 2.8,
    }
}

/// How par is found on boards of more than 16 cells (up to 16 it is always
/// the optimal distance).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ParChoice {
    /// The near solver's on 17 to 49 cells when its tables can be had, else
    /// fifteen's human solve.
    #[default]
    Auto,
    /// fifteen's human solve.
    Human,
    /// The near solver's on 17 to 49 cells, and an error when its tables
    /// cannot be had; fifteen's human solve on bigger boards.
    Near,
}

/// The par [`par_for`] chose for a board, with the tables it needs.
#[derive(Clone)]
pub struct ChosenPar {
    how: How,
    effort: Effort,
    /// The effort of the scramble's own par, when fifteen's human solve
    /// finds it.
    scramble_effort: Effort,
    /// Seconds the near solver searches a board.
    near_seconds: f64,
    /// The board's cells.
    cells: usize,
}

/// The most cells a board may have for its par to be sharpened
/// ([`ChosenPar::sharper`]): `best`'s coaching of a 30×30 takes about
/// three minutes on two cores, a 50×50's far longer than a solve is
/// watched.
const MAX_SHARPENED_CELLS: usize = 900;

#[derive(Clone)]
enum How {
    Optimal(Option<Arc<PatternDatabase>>),
    Human,
    Near(Arc<PatternDatabase>),
}

impl std::fmt::Debug for ChosenPar {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ChosenPar").field("name", &self.name()).finish()
    }
}

/// The effort of the scramble's par when the coach picks it: the page's
/// ([`Effort::for_page`], `best` up to 12×12), never less than a line's.
/// It is the par whose error weighs most (the scramble's rectangle is the
/// biggest, and its error falls wholly on the first line's loss), one
/// solve where a line's par is one a line; and a page's solve of the
/// scramble beside the coaching is at this effort, so par is never above
/// it. (`best` past 12×12 costs more than the rest of the coaching: 26 s
/// for a 30×30 on two cores.)
fn scramble_par_effort(rows: usize, cols: usize) -> Effort {
    let strength = |effort: Effort| [Effort::Fast, Effort::Normal, Effort::Best].iter().position(|&e| e == effort);
    let (page, lines) = (Effort::for_page(rows, cols), Effort::for_par(rows, cols));
    if strength(page) >= strength(lines) { page } else { lines }
}

/// The par of boards of `board`'s shape: as `choice` says on 17 to 49
/// cells, at `effort` (resolved by the size table's `par` column when
/// `auto`), with the tables `tables` has. Fails only when [`ParChoice::Near`] asks for tables
/// that cannot be had.
pub fn par_for(
    board: &Board,
    choice: ParChoice,
    effort: Effort,
    tables: &dyn Tables,
) -> Result<ChosenPar, TablesError> {
    let (rows, cols) = (board.rows(), board.cols());
    let (effort, scramble_effort) = match effort {
        Effort::Auto => (Effort::for_par(rows, cols), scramble_par_effort(rows, cols)),
        named => (named, named),
    };
    let cells = board.len();
    let how = if cells <= MAX_OPTIMAL_CELLS {
        How::Optimal(tables.optimal(rows, cols))
    } else if (MIN_NEAR_CELLS..=MAX_NEAR_CELLS).contains(&cells) && choice != ParChoice::Human {
        match (tables.near(rows, cols), choice) {
            (Ok(near), _) => How::Near(near),
            (Err(err), ParChoice::Near) => return Err(err),
            (Err(_), _) => How::Human,
        }
    } else {
        How::Human
    };
    Ok(ChosenPar { how, effort, scramble_effort, near_seconds: near_seconds(NearPurpose::Par, cells), cells })
}

impl ChosenPar {
    /// The par to coach with.
    pub fn par(&self) -> Par<'_> {
        match &self.how {
            How::Optimal(tables) => {
                Par::Optimal(tables.as_deref().map_or(Heuristic::ManhattanConflicts, Heuristic::Patterns))
            }
            How::Human if self.scramble_effort != self.effort => {
                Par::HumanGraded { scramble: self.scramble_effort, lines: self.effort }
            }
            How::Human => Par::Human(self.effort),
            How::Near(tables) => Par::Near(NearPar { tables, seconds: self.near_seconds, effort: self.effort }),
        }
    }

    /// What par is, for the output: `optimal`, `fifteen at normal`, `near
    /// solver, 0.5 s a board, or fifteen at best`.
    pub fn name(&self) -> String {
        match &self.how {
            How::Near(_) => {
                format!("near solver, {} s a board, or fifteen at {}", self.near_seconds, self.effort.name())
            }
            _ => self.par().name(),
        }
    }

    /// Seconds the near solver searches a board, when it finds par.
    pub fn near_seconds(&self) -> f64 {
        self.near_seconds
    }

    /// Whether par is the optimal distance rather than an upper bound.
    pub fn is_exact(&self) -> bool {
        matches!(self.how, How::Optimal(_))
    }

    /// The effort of a sharper par of the same board, where one is worth
    /// finding while the coaching is shown: `best`, where par is fifteen's
    /// solve at less and the board has at most 900 cells (a 30×30's takes
    /// minutes, a bigger board's far longer); `None` where par is exact or
    /// already at `best`.
    pub fn sharper(&self) -> Option<Effort> {
        let below_best = matches!(self.how, How::Human) && self.effort != Effort::Best;
        (below_best && self.cells <= MAX_SHARPENED_CELLS).then_some(Effort::Best)
    }

    /// The human solver's effort: its par, or the one the near solver's is
    /// weighed against, and fifteen's ways through lines.
    pub fn effort(&self) -> Effort {
        self.effort
    }
}
