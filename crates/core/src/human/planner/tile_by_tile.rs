//! One placement at a time by its trips: a single tile brought home (its
//! trip made in the style the strategy says, tried as many ways), a pair
//! parked and turned in, finished by the window search where it can jam.

use crate::board::{Pos, Tile, tile_for};
use crate::human::event::Sink;

use super::{HumanError, Planner};
use crate::human::cell_rect::CellRect;
use crate::human::event::{Event, Group, Region};
use crate::human::exact::endgame::finish_in_window;
use crate::human::grid::{Dir, PaddedGrid};
use crate::human::schedule::Placement;
use crate::human::trip::router::route_blank;
use crate::human::trip::transport::transport;
use crate::human::trip::tries::best_style;

impl Planner {
    pub(super) fn place_single(&mut self, row: usize, col: usize, sink: &mut Sink<'_>) -> Result<(), HumanError> {
        let (base, tries) = self.trip_plan();
        let (grid, scratch) = (&mut self.grid, &mut self.scratch);
        let tile = tile_for(Pos::new(row, col), grid.rows, grid.cols);
        let home = grid.index(row, col);
        scratch.style = base;
        let style = best_style(grid, scratch, tile, home, tries);
        let group = Group::new(&[tile]);
        sink(&Event::Placement { region: Region::TopLeft, group });
        scratch.style = style;
        let arrived = transport(grid, scratch, tile, home, sink);
        scratch.style = base;
        if !arrived {
            return Err(HumanError::Stuck { tile, at: Pos::new(row, col) });
        }
        sink(&Event::Locked { group });
        grid.lock(home);
        self.placed += 1;
        Ok(())
    }

    /// Puts a pair home: park the first tile in the second one's home, bring
    /// the second beside it, then turn both in with two slides. Arrangements
    /// near the homes, where that can jam, are finished by the window search.
    pub(super) fn place_pair(&mut self, pair: PairSpec, sink: &mut Sink<'_>) -> Result<(), HumanError> {
        self.scratch.style = self.trip_plan().0;
        let (grid, scratch, search) = (&mut self.grid, &mut self.scratch, &mut self.search);
        let group = Group::new(&[pair.first, pair.second]);
        sink(&Event::Placement { region: pair.region, group });
        let stuck = HumanError::Stuck { tile: pair.first, at: grid.pos(pair.first_home) };
        let tracked = [(pair.first, pair.first_home), (pair.second, pair.second_home)];
        let inside = |grid: &PaddedGrid, tile: Tile| {
            let at = grid.pos(grid.where_is(tile));
            pair.window.contains(at.row, at.col)
        };
        let home = |grid: &PaddedGrid| {
            grid.where_is(pair.first) == pair.first_home && grid.where_is(pair.second) == pair.second_home
        };

        let mut finished = home(grid)
            || inside(grid, pair.first)
                && inside(grid, pair.second)
                && finish_in_window(grid, scratch, search, pair.window, &tracked, sink);
        if !finished {
            if !transport(grid, scratch, pair.first, pair.second_home, sink) {
                return Err(stuck);
            }
            finished =
                inside(grid, pair.second) && finish_in_window(grid, scratch, search, pair.window, &tracked, sink);
        }
        if !finished {
            grid.hold(pair.second_home);
            let parked = transport(grid, scratch, pair.second, pair.second_park, sink) && {
                grid.hold(pair.second_park);
                route_blank(grid, scratch, pair.first_home, sink)
            };
            grid.release(pair.second_home);
            grid.release(pair.second_park);
            if !parked {
                return Err(stuck);
            }
            grid.slide(pair.first_slide, sink);
            grid.slide(pair.second_slide, sink);
        }
        debug_assert!(home(grid));
        sink(&Event::Locked { group });
        grid.lock(pair.first_home);
        grid.lock(pair.second_home);
        self.placed += 2;
        Ok(())
    }
}

/// One pair's cells (see [`PairCells`](super::schedule::PairCells)) in
/// the grid's numbering, with its tiles and the endgame's window.
pub(super) struct PairSpec {
    region: Region,
    /// The tile nearer the top-left, and its home.
    first: Tile,
    first_home: usize,
    /// The tile in the last column (right pair) or last row (bottom pair).
    second: Tile,
    second_home: usize,
    /// Where the second tile waits while the first is parked in its home.
    second_park: usize,
    /// The blank's two steps that turn the pair in, from the first home.
    first_slide: Dir,
    second_slide: Dir,
    /// The cells the endgame search may use.
    window: CellRect,
}

impl PairSpec {
    pub(super) fn new(grid: &PaddedGrid, placement: Placement) -> PairSpec {
        let (rows, cols) = (grid.rows, grid.cols);
        let pair = placement.pair(rows, cols).expect("a pair placement");
        let [first, second] = pair.homes;
        let window = match placement {
            // Rows row..row+2 (the last one may be the padding's), the
            // last three columns.
            Placement::RightPair { row } => {
                CellRect { top: row, left: cols.saturating_sub(3), height: 3, width: cols.min(3) }
            }
            // The last three rows, columns col..col+2.
            _ => CellRect { top: rows.saturating_sub(3), left: first.col, height: rows.min(3), width: 3 },
        };
        PairSpec {
            region: pair.region,
            first: tile_for(first, rows, cols),
            first_home: grid.index(first.row, first.col),
            second: tile_for(second, rows, cols),
            second_home: grid.index(second.row, second.col),
            second_park: grid.index(pair.park.row, pair.park.col),
            first_slide: pair.turn[0],
            second_slide: pair.turn[1],
            window,
        }
    }
}
