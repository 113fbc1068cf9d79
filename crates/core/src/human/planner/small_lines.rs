//! A small unsolved rectangle's lines (with look-ahead): each searched
//! whole and weighed by what it leaves (see `small`), and with the free
//! order, a square rectangle's row and column both built by the area beam
//! and the cheaper made.

use super::Planner;
use crate::human::effort::{Effort, Look};
use crate::human::event::Sink;
use crate::human::event::{EventLog, Phase};
use crate::human::grid::PaddedGrid;
use crate::human::lookahead::{Lookahead, Outcome};
use crate::human::schedule::{Order, Placement, Schedule};
use crate::human::small;

impl Planner {
    /// With look-ahead, before the next placement is taken from the
    /// schedule: the next line of a small unsolved rectangle searched whole
    /// (see `small`). With [`Order::Free`], between lines, the search
    /// weighs the rectangle's top row against its left column, and the
    /// schedule is turned to the one chosen.
    pub(super) fn choose_small_line(&mut self) -> Option<small::LineChoice> {
        if let Some(line) = self.next_small.take() {
            return Some(line);
        }
        let free = self.order == Order::Free && self.schedule.between_lines();
        let line = small::choose_line(&self.grid, self.effort, free, self.schedule.clone())?;
        if free {
            self.schedule.turn(line.is_column());
        }
        Some(line)
    }

    /// Makes the line [`Planner::choose_small_line`] chose, which begins
    /// with `first`. False, with nothing done, if the schedule's line is
    /// not that one.
    pub(super) fn place_small(
        &mut self,
        line: small::LineChoice,
        phase: Phase,
        first: Placement,
        sink: &mut Sink<'_>,
    ) -> bool {
        let later = self.schedule.clone();
        let Some((placements, tiles)) =
            small::make_line(&mut self.grid, &mut self.scratch, line, (phase, first), later, sink)
        else {
            return false;
        };
        for _ in 1..placements {
            self.schedule.next();
        }
        self.placed += tiles as u64;
        self.exact += 1;
        true
    }

    /// With [`Order::Free`], between lines of a square unsolved rectangle
    /// whose lines the area beam builds and whose rest the whole-line
    /// search takes (a 5×5): builds its top row and its left column, each
    /// on a copy of the board, weighs each by its moves plus that search of
    /// what it leaves, and turns the schedule to the cheaper. The winner is
    /// kept, to be made by reporting its events rather than built again.
    pub(super) fn try_both_lines(&mut self) -> Option<Trial> {
        if self.order != Order::Free || !self.schedule.between_lines() {
            return None;
        }
        let (top, left) = self.grid.open_corner();
        let (height, width) = (self.grid.rows + 1 - top, self.grid.cols + 1 - left);
        if height != width || height < 3 || height * width > FREE_BEAM_CELLS {
            return None;
        }
        // Forced trips and the forced rolling beam build no whole lines.
        let look = self.strategy.look;
        if !matches!(look, Look::Whole(..)) {
            return None;
        }
        let (grid, schedule, effort) = (&self.grid, &self.schedule, self.effort);
        let (row, column) = match self.lookahead.pool() {
            // The two lines are independent: each is built on a thread of
            // the pool with its own buffers (the moves are the same as on one).
            Some(pool) => {
                let [for_row, for_column] = &mut **self
                    .trial_lookaheads
                    .get_or_insert_with(|| Box::new([Lookahead::new(1), Lookahead::new(1)]));
                pool.install(|| {
                    rayon::join(
                        || trial(grid, schedule, for_row, effort, false, look),
                        || trial(grid, schedule, for_column, effort, true, look),
                    )
                })
            }
            None => {
                let lookahead = &mut self.lookahead;
                (
                    trial(grid, schedule, lookahead, effort, false, look),
                    trial(grid, schedule, lookahead, effort, true, look),
                )
            }
        };
        let (row, column) = (row?, column?);
        let take_column = column.total < row.total;
        self.schedule.turn(take_column);
        Some(if take_column { column } else { row })
    }

    /// Makes the line [`Planner::try_both_lines`] chose, which begins with
    /// the placement just taken from the schedule: its events reported, the
    /// board as it left it taken over.
    pub(super) fn make_trial(&mut self, trial: Trial, sink: &mut Sink<'_>) {
        trial.events.report(sink);
        self.grid = trial.grid;
        for _ in 1..trial.placements {
            self.schedule.next();
        }
        self.placed += trial.tiles;
        self.next_small = Some(trial.next);
    }
}

/// A line built on a copy of the board (see [`Planner::try_both_lines`]).
pub(super) struct Trial {
    /// The board after it.
    grid: PaddedGrid,
    /// Its events, to report if it is chosen.
    events: EventLog,
    /// How many placements and tiles it puts home.
    placements: usize,
    tiles: u64,
    /// Its moves plus the whole-line search's total for the rest.
    total: u64,
    /// That search's choice of the next line.
    next: small::LineChoice,
}

/// The most cells of a square unsolved rectangle whose row and column the
/// free order weighs by building both with the area beam: a 5×5, whose
/// rest the whole-line search takes. Bigger ones would pay twice their
/// beam (a 6×6's is 60 000 states wide) for each line.
const FREE_BEAM_CELLS: usize = 25;

/// The line [`Planner::try_both_lines`] weighs: the column (`column`) or
/// the row of the unsolved rectangle, built on a copy of `grid` with the
/// buffers `lookahead`; `None` if the beam stalls or what it leaves is not
/// for the whole-line search.
fn trial(
    grid: &PaddedGrid,
    schedule: &Schedule,
    lookahead: &mut Lookahead,
    effort: Effort,
    column: bool,
    look: Look,
) -> Option<Trial> {
    let mut grid = grid.clone();
    let mut schedule = schedule.clone();
    schedule.turn(column);
    let (phase, first) = schedule.next()?;
    let mut line = vec![first];
    while let Some((_, next)) = schedule.clone().next().filter(|&(p, _)| p == phase) {
        line.push(next);
        schedule.next();
    }
    let mut events = EventLog::default();
    let start = grid.moves;
    let area = grid.unsolved_area();
    let built = lookahead.place_line(&mut grid, &area, &line, schedule.clone(), look, &mut |e| events.push(e));
    if !matches!(built, Outcome::Built) {
        return None;
    }
    let free = schedule.between_lines();
    let next = small::choose_line(&grid, effort, free, schedule)?;
    let total = grid.moves - start + next.total();
    let tiles = line.iter().map(|p| p.cells(grid.rows, grid.cols).len() as u64).sum();
    Some(Trial { grid, events, placements: line.len(), tiles, total, next })
}
