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

use super::event::Event;
use super::grid::{Dir, Grid};

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

/// Shortest-path search over window states, on flat tables kept between
/// searches. Measured against `pathfinding::directed::bfs` (which keeps its
/// visited states in a hash map): the endgame of a 30×30 board went from
/// about 6 ms to under 1 ms, most of a small board's solve. It is A* with
/// the tracked tiles' summed distances from home (a move shifts one tile one
/// cell, so that never overestimates and changes by at most one a move), in
/// buckets by estimated length. Measured on 100 random boards each with the
/// planner's budget then (50 000 states): 4×4 0.56 → 0.23 ms a board, 5×5
/// 1.33 → 0.64 ms, 10×10 2.98 → 1.66 ms, for paths as short.
#[derive(Default)]
pub(super) struct WindowSearch {
    /// Search number that last reached each state (so nothing is cleared).
    seen: Vec<u32>,
    /// The state each state was reached from, as an index.
    parent: Vec<u32>,
    /// Moves to each state reached in this search.
    cost: Vec<u16>,
    /// States to expand, by moves so far plus the estimate.
    buckets: Vec<Vec<u32>>,
    /// Each tracked tile's distance from home, by slot.
    to_home: [Vec<u16>; 3],
    stamp: u32,
}

impl WindowSearch {
    /// The states from `start` to the first one whose tracked tiles (slots
    /// before `blank_slot`) match `goal`, each state a slot per tracked tile
    /// and then the blank's, on the cells at `coords` (row, column) with the
    /// given neighbours.
    fn shortest(
        &mut self,
        coords: &[(usize, usize)],
        neighbours: &[Vec<u8>],
        start: State,
        goal: State,
        blank_slot: usize,
    ) -> Option<Vec<State>> {
        let cells = coords.len();
        let digits = blank_slot + 1;
        let size = cells.pow(digits as u32);
        if self.seen.len() < size {
            self.seen.resize(size, 0);
            self.parent.resize(size, 0);
            self.cost.resize(size, 0);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        for (k, table) in self.to_home.iter_mut().enumerate().take(blank_slot) {
            let (hr, hc) = coords[goal[k] as usize];
            table.clear();
            table.extend(coords.iter().map(|&(r, c)| (r.abs_diff(hr) + c.abs_diff(hc)) as u16));
        }
        let to_home = &self.to_home;
        let estimate =
            |state: &State| -> usize { (0..blank_slot).map(|k| to_home[k][state[k] as usize] as usize).sum() };
        let index = |state: &State| state[..digits].iter().rev().fold(0usize, |i, &d| i * cells + d as usize);
        let decode = |mut i: usize| {
            let mut state = [NONE; 4];
            for d in state.iter_mut().take(digits) {
                *d = (i % cells) as u8;
                i /= cells;
            }
            state
        };
        let first = index(&start);
        for bucket in &mut self.buckets {
            bucket.clear();
        }
        let push = |buckets: &mut Vec<Vec<u32>>, f: usize, state: State| {
            if buckets.len() <= f {
                buckets.resize_with(f + 1, Vec::new);
            }
            buckets[f].push(u32::from_le_bytes(state));
        };
        push(&mut self.buckets, estimate(&start), start);
        self.seen[first] = self.stamp;
        self.parent[first] = first as u32;
        self.cost[first] = 0;
        let mut f = 0;
        while f < self.buckets.len() {
            let Some(packed) = self.buckets[f].pop() else {
                f += 1;
                continue;
            };
            let state = packed.to_le_bytes();
            let h = estimate(&state);
            let g = f - h;
            let at = index(&state);
            if usize::from(self.cost[at]) < g {
                continue; // reached more cheaply since it was queued
            }
            if h == 0 {
                let mut path = vec![state];
                let mut i = at;
                while i != first {
                    i = self.parent[i] as usize;
                    path.push(decode(i));
                }
                path.reverse();
                return Some(path);
            }
            let blank = state[blank_slot];
            for &next in &neighbours[blank as usize] {
                let mut s = state;
                if let Some(k) = s[..blank_slot].iter().position(|&p| p == next) {
                    s[k] = blank;
                }
                s[blank_slot] = next;
                let i = index(&s);
                if self.seen[i] != self.stamp || usize::from(self.cost[i]) > g + 1 {
                    self.seen[i] = self.stamp;
                    self.cost[i] = (g + 1) as u16;
                    self.parent[i] = at as u32;
                    push(&mut self.buckets, g + 1 + estimate(&s), s);
                }
            }
        }
        None
    }
}

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
                if !self.is_locked(i) {
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

    /// Like [`Grid::finish_in_window`], over any set of unlocked cells (at
    /// most 255; the caller keeps the states within its budget).
    pub(super) fn finish_among<S: FnMut(&Event)>(
        &mut self,
        cells: &[usize],
        tracked: &[(Tile, usize)],
        sink: &mut S,
    ) -> bool {
        debug_assert!(cells.len() <= usize::from(u8::MAX));
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
        let coords: Vec<(usize, usize)> = cells.iter().map(|&c| self.coords(c)).collect();
        let Some(states) = self.search.shortest(&coords, &neighbours, start, goal, blank_slot) else {
            return false;
        };
        self.path.clear();
        self.path.extend(states.iter().skip(1).map(|s| cells[s[blank_slot] as usize]));
        self.follow_path(sink);
        true
    }

    /// Routes the blank into the window, nearest cell first, around the tracked tiles.
    fn blank_into<S: FnMut(&Event)>(&mut self, cells: &[usize], tracked: &[(Tile, usize)], sink: &mut S) -> bool {
        let occupied: Vec<usize> = tracked.iter().map(|&(tile, _)| self.where_is(tile)).collect();
        let mut targets: Vec<usize> = cells.iter().copied().filter(|c| !occupied.contains(c)).collect();
        targets.sort_by_key(|&c| self.distance(self.blank, c));
        let saved: Vec<u32> = occupied.iter().map(|&i| self.flags(i)).collect();
        for &i in &occupied {
            self.hold(i);
        }
        let entered = targets.into_iter().any(|target| self.route_blank(target, sink));
        for (&i, &flag) in occupied.iter().zip(&saved) {
            self.set_flags(i, flag);
        }
        entered
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathfinding::directed::bfs::bfs;

    /// A 3×4 grid of cells, slots in reading order.
    fn grid_neighbours(rows: usize, cols: usize) -> Vec<Vec<u8>> {
        (0..rows * cols)
            .map(|i| {
                let (r, c) = (i / cols, i % cols);
                let mut n = Vec::new();
                if r > 0 {
                    n.push((i - cols) as u8);
                }
                if c + 1 < cols {
                    n.push((i + 1) as u8);
                }
                if r + 1 < rows {
                    n.push((i + cols) as u8);
                }
                if c > 0 {
                    n.push((i - 1) as u8);
                }
                n
            })
            .collect()
    }

    #[test]
    fn the_flat_search_finds_paths_as_short_as_pathfindings_bfs() {
        let neighbours = grid_neighbours(3, 4);
        let coords: Vec<(usize, usize)> = (0..12).map(|i| (i / 4, i % 4)).collect();
        let mut search = WindowSearch::default();
        let blank_slot = 2;
        let goal: State = [0, 1, NONE, NONE];
        let step = |state: &State| {
            let state = *state;
            let blank = state[blank_slot];
            neighbours[blank as usize].iter().map(move |&next| {
                let mut s = state;
                if let Some(k) = s[..blank_slot].iter().position(|&p| p == next) {
                    s[k] = blank;
                }
                s[blank_slot] = next;
                s
            })
        };
        let mut checked = 0;
        for a in 0..12u8 {
            for b in 0..12u8 {
                for blank in [3u8, 7, 11] {
                    if a == b || a == blank || b == blank {
                        continue;
                    }
                    let start = [a, b, blank, NONE];
                    let ours = search.shortest(&coords, &neighbours, start, goal, blank_slot).unwrap();
                    let theirs = bfs(&start, step, |s| s[..2] == goal[..2]).unwrap();
                    assert_eq!(ours.len(), theirs.len(), "from {start:?}");
                    assert_eq!(ours[0], start);
                    assert_eq!(ours.last().unwrap()[..2], goal[..2]);
                    for pair in ours.windows(2) {
                        assert!(step(&pair[0]).any(|s| s == pair[1]), "every step is one slide");
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 250);
    }
}
