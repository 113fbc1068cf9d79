//! Endgames searched exhaustively in a small window.
//!
//! A pair of tiles near its homes can get stuck (the second tile sitting in
//! the first one's home, say), and the last 2×2 block is a little puzzle of
//! its own. Rather than a catalogue of fixed manoeuvres, fifteen searches:
//! breadth-first over the positions of the tracked tiles and the blank inside
//! a window of at most 3×3 cells (the other tiles there are interchangeable),
//! which gives the shortest finish from every arrangement, stuck ones included.
//! At most 9·8·7·6 states, so a search costs microseconds.

use pathfinding::directed::bfs::bfs;

use crate::board::Tile;

use super::event::Event;
use super::grid::{Dir, Grid, LOCKED};

/// A rectangle of the padded grid, bounds inclusive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Window {
    pub(super) top: usize,
    pub(super) left: usize,
    pub(super) bottom: usize,
    pub(super) right: usize,
}

/// Positions of up to three tracked tiles, then the blank, as slots of the
/// window's cells; unused entries are `NONE`.
type State = [u8; 4];
const NONE: u8 = u8::MAX;
/// The most cells a search may range over: with two tracked tiles and the
/// blank that is 36·35·34 ≈ 43 000 states.
pub(super) const MAX_CELLS: usize = 36;

impl Grid {
    /// Puts each `(tile, home)` of `tracked` home by the shortest sequence of
    /// moves inside `window`. False, with nothing moved, if a tracked tile is
    /// outside the window, the blank cannot get in without disturbing them,
    /// or there is no way inside it.
    pub(super) fn finish_in_window<S: FnMut(&Event)>(
        &mut self,
        window: Window,
        tracked: &[(Tile, usize)],
        sink: &mut S,
    ) -> bool {
        let mut cells = [0usize; MAX_CELLS];
        let mut count = 0;
        for row in window.top..=window.bottom {
            for col in window.left..=window.right {
                let i = row * self.width + col;
                if self.flags[i] & LOCKED == 0 {
                    if count == MAX_CELLS {
                        return false;
                    }
                    cells[count] = i;
                    count += 1;
                }
            }
        }
        self.finish_among(&cells[..count], tracked, sink)
    }

    /// Like [`Grid::finish_in_window`], over any set of at most
    /// [`MAX_CELLS`] unlocked cells.
    pub(super) fn finish_among<S: FnMut(&Event)>(
        &mut self,
        cells: &[usize],
        tracked: &[(Tile, usize)],
        sink: &mut S,
    ) -> bool {
        let slot = |i: usize| cells.iter().position(|&c| c == i).map(|s| s as u8);

        let mut start: State = [NONE; 4];
        let mut goal: State = [NONE; 4];
        for (k, &(tile, home)) in tracked.iter().enumerate() {
            match (slot(self.where_is(tile)), slot(home)) {
                (Some(at), Some(home)) => {
                    start[k] = at;
                    goal[k] = home;
                }
                _ => return false,
            }
        }
        if slot(self.blank).is_none() && !self.blank_into(cells, tracked, sink) {
            return false;
        }
        let blank_slot = tracked.len();
        start[blank_slot] = slot(self.blank).expect("the blank is in the window");

        let neighbours: Vec<Vec<u8>> =
            cells.iter().map(|&c| Dir::ALL.into_iter().filter_map(|d| slot(self.step(c, d))).collect()).collect();
        let successors = |state: &State| {
            let blank = state[blank_slot];
            neighbours[blank as usize]
                .iter()
                .map(|&next| {
                    let mut s = *state;
                    if let Some(k) = s[..blank_slot].iter().position(|&p| p == next) {
                        s[k] = blank;
                    }
                    s[blank_slot] = next;
                    s
                })
                .collect::<Vec<_>>()
        };
        let Some(states) = bfs(&start, successors, |s| s[..blank_slot] == goal[..blank_slot]) else {
            return false;
        };
        self.path.clear();
        self.path.extend(states[1..].iter().map(|s| cells[s[blank_slot] as usize]));
        self.follow_path(sink);
        true
    }

    /// Routes the blank into the window, nearest cell first, around the tracked tiles.
    fn blank_into<S: FnMut(&Event)>(&mut self, cells: &[usize], tracked: &[(Tile, usize)], sink: &mut S) -> bool {
        let occupied: Vec<usize> = tracked.iter().map(|&(tile, _)| self.where_is(tile)).collect();
        let mut targets: Vec<usize> = cells.iter().copied().filter(|c| !occupied.contains(c)).collect();
        targets.sort_by_key(|&c| self.distance(self.blank, c));
        let saved: Vec<u8> = occupied.iter().map(|&i| self.flags[i]).collect();
        for &i in &occupied {
            self.hold(i);
        }
        let entered = targets.into_iter().any(|target| self.route_blank(target, sink));
        for (&i, &flag) in occupied.iter().zip(&saved) {
            self.flags[i] = flag;
        }
        entered
    }
}
