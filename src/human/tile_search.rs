//! The shortest way to put a few tracked tiles home, over where they and the
//! blank can be in a small set of cells.

/// Positions of up to three tracked tiles, then the blank, as slots of the
/// window's cells; unused entries are `NONE`.
pub(super) type State = [u8; 4];
pub(super) const NONE: u8 = u8::MAX;
/// The most cells a search may range over: with two tracked tiles and the
/// blank that is 36·35·34 ≈ 43 000 states.
pub(super) const MAX_CELLS: usize = 36;

/// Shortest-path search over window states, on flat tables kept between
/// searches: a state is a number, so what was reached and from where are
/// array entries, not hash-map lookups (which cost most of a small board's
/// solve). It is A* with the tracked tiles' summed distances from home (a
/// move shifts one tile one cell, so that never overestimates and changes
/// by at most one a move), in buckets by estimated length.
#[derive(Default)]
pub(super) struct TileSearch {
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

impl TileSearch {
    /// The states from `start` to the first one whose tracked tiles (slots
    /// before `blank_slot`) match `goal`, each state a slot per tracked tile
    /// and then the blank's, on the cells at `coords` (row, column) with the
    /// given neighbours.
    pub(super) fn shortest(
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
        let mut search = TileSearch::default();
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
