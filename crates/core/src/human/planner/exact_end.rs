//! The end by exact searches: near the end, a placement and the next ones
//! of its phase searched together over every unlocked cell, and the last
//! block in its 2×2 window.

use crate::board::{Pos, Tile, tile_for};
use crate::human::event::Sink;

use super::{HumanError, Planner};
use crate::human::cell_rect::CellRect;
use crate::human::event::{Event, Group, Phase, Region};
use crate::human::exact::endgame::{finish_among, finish_in_window};
use crate::human::schedule::Placement;

/// Near the end, when few cells are unlocked, a placement and the ones after
/// it in the same phase (up to three tiles) are searched together, exactly:
/// over the positions of those tiles and the blank on every unlocked cell,
/// as long as that is at most this many states. The budget is where fewer
/// moves stop paying for the time: a pair over about 46 unlocked cells fits,
/// and a search costs a few milliseconds, small beside a big board's solve.
/// A lone single tile keeps the heuristic: the shortest placement of one
/// tile ignores what it does to the tiles after it, so it is no better.
pub(super) const EXACT_STATES: usize = 100_000;

/// States of a search over `tracked` tiles and the blank on `cells` cells,
/// `usize::MAX` when there are more: on a big board's unlocked cells the
/// product passes any word (a 300×300's four factors pass 32 bits, a
/// 1000×1000's 64), and a wrapped product could look small.
pub(super) fn exact_states(cells: usize, tracked: usize) -> usize {
    (cells.saturating_sub(tracked)..=cells).try_fold(1usize, |states, c| states.checked_mul(c)).unwrap_or(usize::MAX)
}

impl Planner {
    /// Near the end: places `first` together with the next placements of the
    /// same phase by an exact search, when that is small enough (see
    /// [`EXACT_STATES`]). False, with nothing done, otherwise.
    pub(super) fn place_exactly(
        &mut self,
        phase: Phase,
        first: Placement,
        sink: &mut Sink<'_>,
    ) -> Result<bool, HumanError> {
        let unlocked = self.grid.unlocked();
        let mut tracked: Vec<(Tile, usize)> = Vec::with_capacity(3);
        let region = first.region();
        if region == Region::LastBlock {
            return Ok(false);
        }
        self.targets(first, &mut tracked);
        while let Some((next_phase, next)) = self.schedule.clone().next() {
            if next_phase != phase {
                break;
            }
            let before = tracked.len();
            self.targets(next, &mut tracked);
            if tracked.len() > 3 || exact_states(unlocked, tracked.len()) > EXACT_STATES {
                tracked.truncate(before);
                break;
            }
            self.schedule.next();
        }
        if tracked.len() < 2 || exact_states(unlocked, tracked.len()) > EXACT_STATES {
            return Ok(false);
        }
        let mut cells = std::mem::take(&mut self.cells);
        let listed = self.grid.unlocked_cells(unlocked, &mut cells);
        let tiles: Vec<Tile> = tracked.iter().map(|&(tile, _)| tile).collect();
        let group = Group::new(&tiles);
        sink(&Event::Placement { region, group });
        let done = listed && finish_among(&mut self.grid, &mut self.scratch, &mut self.search, &cells, &tracked, sink);
        self.cells = cells;
        if !done {
            let (tile, home) = tracked[0];
            return Err(HumanError::Stuck { tile, at: self.grid.pos(home) });
        }
        sink(&Event::Locked { group });
        for &(_, home) in &tracked {
            self.grid.lock(home);
        }
        self.placed += tracked.len() as u64;
        self.exact += 1;
        Ok(true)
    }

    /// Appends the tiles a placement puts home, with their padded homes.
    fn targets(&self, placement: Placement, out: &mut Vec<(Tile, usize)>) {
        let (rows, cols) = (self.grid.rows, self.grid.cols);
        let cells = placement.cells(rows, cols);
        out.extend(cells.iter().map(|&(r, c)| (tile_for(Pos::new(r, c), rows, cols), self.grid.index(r, c))));
    }

    pub(super) fn place_last_block(&mut self, sink: &mut Sink<'_>) -> Result<(), HumanError> {
        let (grid, scratch, search) = (&mut self.grid, &mut self.scratch, &mut self.search);
        let (rows, cols) = (grid.rows, grid.cols);
        let cells = Placement::LastBlock.cells(rows, cols);
        let tracked: [(Tile, usize); 3] = std::array::from_fn(|k| {
            (tile_for(Pos::new(cells[k].0, cells[k].1), rows, cols), grid.index(cells[k].0, cells[k].1))
        });
        let tiles = tracked.map(|(tile, _)| tile);
        let group = Group::new(&tiles);
        sink(&Event::Placement { region: Region::LastBlock, group });
        let window = CellRect { top: rows - 2, left: cols - 2, height: 2, width: 2 };
        if !finish_in_window(grid, scratch, search, window, &tracked, sink) {
            return Err(HumanError::Stuck { tile: tiles[0], at: Pos::new(rows - 2, cols - 2) });
        }
        sink(&Event::Locked { group });
        for &(_, home) in &tracked {
            grid.lock(home);
        }
        self.placed += 3;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_big_boards_exact_states_saturate_instead_of_wrapping() {
        assert_eq!(exact_states(46, 2), 46 * 45 * 44);
        // 64 543 unlocked cells of a 300×300: past 32 bits, and a wrapped
        // product once sent the browser's build into a search over them all.
        assert!(exact_states(64_543, 3) > EXACT_STATES);
        assert_eq!(exact_states(1_000_000, 3), usize::MAX);
    }
}
