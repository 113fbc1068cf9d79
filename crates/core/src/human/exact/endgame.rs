//! Endgames searched exactly in a small window.
//!
//! A pair of tiles near its homes can get stuck (the second tile sitting in
//! the first one's home, say), and the last 2×2 block is a little puzzle of
//! its own. Rather than a catalogue of fixed manoeuvres, fifteen searches:
//! over the positions of the tracked tiles and the blank inside a window of
//! at most 3×3 cells (the other tiles there are interchangeable), which gives
//! the shortest finish from every arrangement, stuck ones included. At most
//! 9·8·7·6 states, so a search costs microseconds.

use crate::board::Tile;
use crate::human::event::Sink;

use super::tile_search::{MAX_TRACKED, Ties, TileSearch, blank_walk};
use crate::human::cell_rect::CellRect;
use crate::human::grid::{Dir, PaddedGrid};
use crate::human::trip::router::{follow_path, route_blank};
use crate::human::trip::scratch::Scratch;

/// The most cells a window search may range over: with two tracked tiles
/// and the blank that is 36·35·34 ≈ 43 000 states.
pub(in crate::human) const MAX_CELLS: usize = 36;

/// Puts each `(tile, home)` of `tracked` home by the shortest sequence of
/// moves inside `window`. False, with nothing moved, if a tracked tile is
/// outside the window, the blank cannot get in without disturbing them,
/// or there is no way inside it.
pub(in crate::human) fn finish_in_window(
    grid: &mut PaddedGrid,
    scratch: &mut Scratch,
    search: &mut TileSearch,
    window: CellRect,
    tracked: &[(Tile, usize)],
    sink: &mut Sink<'_>,
) -> bool {
    let mut cells = [0usize; MAX_CELLS];
    let mut count = 0;
    for row in window.top..window.top + window.height {
        for col in window.left..window.left + window.width {
            let i = grid.index(row, col);
            if !grid.is_locked(i) {
                if count == MAX_CELLS {
                    return false;
                }
                cells[count] = i;
                count += 1;
            }
        }
    }
    finish_among(grid, scratch, search, &cells[..count], tracked, sink)
}

/// Like [`finish_in_window`], over any set of unlocked cells (at most 255;
/// the caller keeps the states within its budget).
pub(in crate::human) fn finish_among(
    grid: &mut PaddedGrid,
    scratch: &mut Scratch,
    search: &mut TileSearch,
    cells: &[usize],
    tracked: &[(Tile, usize)],
    sink: &mut Sink<'_>,
) -> bool {
    debug_assert!(cells.len() <= usize::from(u8::MAX));
    let slot = |i: usize| cells.iter().position(|&c| c == i).map(|s| s as u8);

    let mut slots = [0u8; MAX_TRACKED + 1];
    let mut goal = [0u8; MAX_TRACKED];
    for (k, &(tile, home)) in tracked.iter().enumerate() {
        match (slot(grid.where_is(tile)), slot(home)) {
            (Some(at), Some(home)) => {
                slots[k] = at;
                goal[k] = home;
            }
            _ => return false,
        }
    }
    if slot(grid.blank).is_none() && !blank_into(grid, scratch, cells, tracked, sink) {
        return false;
    }
    slots[tracked.len()] = slot(grid.blank).expect("the blank is in the window");
    let start = &slots[..=tracked.len()];
    let goal = &goal[..tracked.len()];

    let neighbours = neighbour_slots(grid, cells);
    // Each tracked tile's distance from home, by slot. A move shifts one
    // tile one cell, so their sum never overestimates the moves left.
    let board: &PaddedGrid = grid;
    let to_home: Vec<u16> = goal
        .iter()
        .flat_map(|&home| {
            let (hr, hc) = board.coords(cells[usize::from(home)]);
            cells.iter().map(move |&c| {
                let (r, c) = board.coords(c);
                (r.abs_diff(hr) + c.abs_diff(hc)) as u16
            })
        })
        .collect();
    let Some(blanks) = blank_walk(search, start, goal, &neighbours, Some(&to_home), Ties::NewestFirst) else {
        return false;
    };
    scratch.path.clear();
    scratch.path.extend(blanks.iter().map(|&s| cells[usize::from(s)]));
    follow_path(grid, scratch, sink);
    true
}

/// For each of `cells`, the slots (indices into `cells`) of its neighbours
/// among them, north, east, south, west: where the blank can step in a
/// [`TileSearch`] over those cells.
pub(in crate::human) fn neighbour_slots(grid: &PaddedGrid, cells: &[usize]) -> Vec<Vec<u8>> {
    let slot = |i: usize| cells.iter().position(|&c| c == i).map(|s| s as u8);
    cells.iter().map(|&c| Dir::ALL.into_iter().filter_map(|d| slot(grid.step(c, d))).collect()).collect()
}

/// Routes the blank into the window, nearest cell first, around the tracked tiles.
fn blank_into(
    grid: &mut PaddedGrid,
    scratch: &mut Scratch,
    cells: &[usize],
    tracked: &[(Tile, usize)],
    sink: &mut Sink<'_>,
) -> bool {
    let occupied: Vec<usize> = tracked.iter().map(|&(tile, _)| grid.where_is(tile)).collect();
    let mut targets: Vec<usize> = cells.iter().copied().filter(|c| !occupied.contains(c)).collect();
    targets.sort_by_key(|&c| grid.distance(grid.blank, c));
    let saved: Vec<u32> = occupied.iter().map(|&i| grid.flags(i)).collect();
    for &i in &occupied {
        grid.hold(i);
    }
    let entered = targets.into_iter().any(|target| route_blank(grid, scratch, target, sink));
    for (&i, &flag) in occupied.iter().zip(&saved) {
        grid.set_flags(i, flag);
    }
    entered
}
