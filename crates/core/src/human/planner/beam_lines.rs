//! Lines by a beam (`--effort normal|best`): the area beam over the whole
//! unsolved area (or, on a long board, over a window of it, the line's
//! tiles brought in first), or the rolling beam over the grid, as the
//! planner's strategy says.

use super::Planner;
use super::exact_end::{EXACT_STATES, exact_states};
use crate::human::cell_rect::CellRect;
use crate::human::effort::{AreaBeam, Look, Pull};
use crate::human::event::Sink;
use crate::human::event::{Event, Phase};
use crate::human::grid::PaddedGrid;
use crate::human::lookahead::Outcome;
use crate::human::schedule::Placement;
use crate::human::strip;

/// What [`Planner::place_line_ahead`] did with the line's first placement.
pub(super) enum Ahead {
    /// It is home.
    Home,
    /// It has been announced and perhaps partly made: the caller finishes
    /// it alone.
    Started,
    /// Nothing was announced or moved.
    Untouched,
}

impl Planner {
    /// With look-ahead: builds the line that starts with `first` (the rest of
    /// its phase) by a beam search, unless it is small enough for the exact
    /// search. [`Ahead::Home`] when at least `first` is home (the rolling
    /// beam may give up later in the line; the next step then takes up the
    /// rest); otherwise the caller places `first`.
    pub(super) fn place_line_ahead(&mut self, phase: Phase, first: Placement, sink: &mut Sink<'_>) -> Ahead {
        let look = self.strategy.look;
        if look == Look::Tiles || first == Placement::LastBlock || self.given_up == Some(phase) {
            return Ahead::Untouched;
        }
        let mut line = vec![first];
        let mut rest = self.schedule.clone().peekable();
        while let Some((_, next)) = rest.next_if(|&(p, _)| p == phase) {
            line.push(next);
        }
        let tiles_of = |p: &Placement| if matches!(p, Placement::Single { .. }) { 1 } else { 2 };
        let tiles = line.iter().map(tiles_of).sum::<usize>();
        if tiles <= 3 && exact_states(self.grid.unlocked(), tiles) <= EXACT_STATES {
            return Ahead::Untouched;
        }
        let area = self.grid.unsolved_area();
        let windowed = window_width(&self.grid, &area, look).is_some();
        let (area, look) = if windowed {
            match self.bring_into_window(look, &mut line, &area, sink) {
                Ok(window) => window,
                Err(ahead) => return ahead,
            }
        } else {
            (area, narrowed(&self.grid, &area, look))
        };
        // The bottom rows are one long line of pairs in a two-row strip,
        // where the rolling beam's blank paths lose to the pairs placed one
        // by one (see docs/fewest-moves.md).
        if matches!(look, Look::Rolling(..)) && phase == Phase::BottomRows {
            return Ahead::Untouched;
        }
        let done = match self.lookahead.place_line(&mut self.grid, &area, &line, rest, look, sink) {
            Outcome::Built => line.len(),
            // A window's first placement was announced before its tiles
            // were brought; a window that fails is a small search, and the
            // next placement's window is another.
            Outcome::Stalled { done: 0, started } if windowed || started => return Ahead::Started,
            Outcome::Stalled { done: 0, .. } => {
                self.given_up = Some(phase);
                return Ahead::Untouched;
            }
            Outcome::Stalled { done, .. } => done,
        };
        for _ in 1..done {
            self.schedule.next();
        }
        self.placed += line[..done].iter().map(tiles_of).sum::<usize>() as u64;
        Ahead::Home
    }

    /// On a long board (see `strip`): announces the line's first
    /// placement, brings its tiles into the window of the long `area`
    /// nearest the line, and cuts `line` to the placements the window
    /// holds; then the window, and the area beam that searches it, as wide
    /// as the board's length affords. `Err` with what the caller does
    /// instead: place the first placement by its trips, announced or not.
    fn bring_into_window(
        &mut self,
        look: Look,
        line: &mut Vec<Placement>,
        area: &CellRect,
        sink: &mut Sink<'_>,
    ) -> Result<(CellRect, Look), Ahead> {
        let Some(width) = window_width(&self.grid, area, look).flatten() else {
            return Err(Ahead::Untouched);
        };
        let pull = match look {
            Look::Whole(beam) => beam.pull,
            Look::Rolling(_, pull) => pull,
            Look::Tiles => Pull::Light,
        };
        let first = line[0];
        sink(&Event::Placement { region: first.region(), group: first.group(self.grid.rows, self.grid.cols) });
        let window =
            strip::bring_into_window(&mut self.grid, &mut self.scratch, area, line, sink).ok_or(Ahead::Started)?;
        line.truncate(window.placements);
        Ok((window.area, Look::Whole(AreaBeam::new(width, pull))))
    }
}

/// The width of the beam that searches the lines of `area` in windows,
/// if it is long (see [`strip::width_for`]).
fn window_width(grid: &PaddedGrid, area: &CellRect, look: Look) -> Option<Option<usize>> {
    match look {
        Look::Whole(beam) => strip::width_for(grid, area, beam.width, false),
        Look::Rolling(width, _) => strip::width_for(grid, area, width, true),
        Look::Tiles => None,
    }
}

/// `look`, its area beam narrowed on a stretched `area` searched whole
/// (see [`strip::whole_width`]).
fn narrowed(grid: &PaddedGrid, area: &CellRect, look: Look) -> Look {
    match look {
        Look::Whole(beam) => match strip::whole_width(grid, area, beam.width) {
            Some(width) => Look::Whole(AreaBeam { width, ..beam }),
            None => look,
        },
        _ => look,
    }
}
