//! The shortest way to put a few tracked tiles home: a search over where
//! they and the blank can be in a small set of cells.
//!
//! The other tiles in those cells are interchangeable, so a state is just a
//! slot (an index into the set of cells) per tracked tile and one for the
//! blank: at most a few hundred thousand states, numbered, so what was
//! reached and from where are array entries kept between searches, not
//! hash-map entries. The endgame window (pairs, the last block, the exact
//! search near the end) and the exact stages' lines both use it.

/// The most tracked tiles a search follows (an exact stage's line of four).
pub(crate) const MAX_TRACKED: usize = 4;

/// Where the tracked tiles and the blank are: `N - 1` tracked tiles' slots,
/// then the blank's. A slot is an index into the search's set of cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct TileSlots<const N: usize> {
    slots: [u8; N],
}

impl<const N: usize> TileSlots<N> {
    /// The tiles' slots, then the blank's (two to [`MAX_TRACKED`] + 1 slots).
    pub(crate) fn new(slots: [u8; N]) -> TileSlots<N> {
        const { assert!(N >= 2 && N <= MAX_TRACKED + 1, "one to MAX_TRACKED tiles and the blank") };
        TileSlots { slots }
    }

    /// The tracked tiles' slots.
    #[inline]
    pub(crate) fn tiles(&self) -> &[u8] {
        &self.slots[..N - 1]
    }

    /// The blank's slot.
    #[inline]
    pub(crate) fn blank(&self) -> u8 {
        self.slots[N - 1]
    }

    /// The state after the blank moves into slot `to` (a neighbour of its
    /// own): a tracked tile there takes the blank's slot.
    #[inline]
    pub(crate) fn slide(mut self, to: u8) -> TileSlots<N> {
        let from = self.slots[N - 1];
        for slot in &mut self.slots[..N - 1] {
            if *slot == to {
                *slot = from;
                break;
            }
        }
        self.slots[N - 1] = to;
        self
    }

    /// The number of the state among all of `cells` slots each.
    #[inline]
    fn index(&self, cells: usize) -> usize {
        self.slots.iter().rev().fold(0, |i, &d| i * cells + usize::from(d))
    }

    /// The state as a word, for the queues.
    #[inline]
    fn pack(&self) -> u64 {
        let mut bytes = [0; 8];
        bytes[..N].copy_from_slice(&self.slots);
        u64::from_le_bytes(bytes)
    }

    #[inline]
    fn unpack(word: u64) -> TileSlots<N> {
        let bytes = word.to_le_bytes();
        TileSlots { slots: std::array::from_fn(|k| bytes[k]) }
    }

    /// The state numbered `i`.
    fn from_index(mut i: usize, cells: usize) -> TileSlots<N> {
        let mut slots = [0; N];
        for d in &mut slots {
            *d = (i % cells) as u8;
            i /= cells;
        }
        TileSlots { slots }
    }
}

/// Which of the states with the same estimated length is expanded first.
/// Either finds a shortest path; they may find different ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ties {
    /// The one queued last: depth first among equals, which reaches the goal
    /// soonest when the estimate is informative.
    NewestFirst,
    /// The one queued first: with an estimate of zero, breadth-first search.
    OldestFirst,
}

/// A shortest-path search over [`TileSlots`] on tables kept between searches.
///
/// [`TileSearch::shortest`] is A* in buckets by estimated length, shaped
/// like `pathfinding`'s functions: the successors of a state, an estimate
/// that never overestimates the moves left and changes by at most one a
/// move, and the goal test are closures.
#[derive(Default)]
pub(crate) struct TileSearch {
    /// Search number that last reached each state (so nothing is cleared).
    seen: Vec<u32>,
    /// The state each state was reached from, as a number.
    parent: Vec<u32>,
    /// Moves to each state reached in this search.
    cost: Vec<u16>,
    /// States to expand, by moves so far plus the estimate, each bucket
    /// with the position of its oldest state not yet taken.
    buckets: Vec<(Vec<u64>, usize)>,
    stamp: u32,
    /// States taken from the queue, over every search: the work done.
    pub(crate) expanded: u64,
}

impl TileSearch {
    /// The states from `start` to the first state that satisfies `success`,
    /// each reached from the one before by one of its `successors`; `None`
    /// if no such state can be reached. `cells` is the number of cells
    /// (every slot is below it, and `cells` to the power of the number of
    /// slots must fit the tables); `estimate` must never overestimate the
    /// moves left and must change by at most one a move.
    pub(crate) fn shortest<const N: usize, F, I, H, G>(
        &mut self,
        start: TileSlots<N>,
        cells: usize,
        ties: Ties,
        mut successors: F,
        mut estimate: H,
        mut success: G,
    ) -> Option<Vec<TileSlots<N>>>
    where
        F: FnMut(&TileSlots<N>) -> I,
        I: IntoIterator<Item = TileSlots<N>>,
        H: FnMut(&TileSlots<N>) -> usize,
        G: FnMut(&TileSlots<N>) -> bool,
    {
        let size = cells.pow(N as u32);
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
        for (bucket, oldest) in &mut self.buckets {
            bucket.clear();
            *oldest = 0;
        }
        let push = |buckets: &mut Vec<(Vec<u64>, usize)>, f: usize, state: TileSlots<N>| {
            if buckets.len() <= f {
                buckets.resize_with(f + 1, Default::default);
            }
            buckets[f].0.push(state.pack());
        };
        let first = start.index(cells);
        push(&mut self.buckets, estimate(&start), start);
        self.seen[first] = self.stamp;
        self.parent[first] = first as u32;
        self.cost[first] = 0;
        let mut f = 0;
        while f < self.buckets.len() {
            let (bucket, oldest) = &mut self.buckets[f];
            let next = match ties {
                Ties::NewestFirst => bucket.pop(),
                Ties::OldestFirst => bucket.get(*oldest).inspect(|_| *oldest += 1).copied(),
            };
            let Some(state) = next.map(TileSlots::unpack) else {
                f += 1;
                continue;
            };
            self.expanded += 1;
            let at = state.index(cells);
            let g = f - estimate(&state);
            if usize::from(self.cost[at]) < g {
                continue; // reached more cheaply since it was queued
            }
            if success(&state) {
                let mut path = vec![state];
                let mut i = at;
                while i != first {
                    i = self.parent[i] as usize;
                    path.push(TileSlots::from_index(i, cells));
                }
                path.reverse();
                return Some(path);
            }
            for next in successors(&state) {
                let i = next.index(cells);
                if self.seen[i] != self.stamp || usize::from(self.cost[i]) > g + 1 {
                    self.seen[i] = self.stamp;
                    self.cost[i] = (g + 1) as u16;
                    self.parent[i] = at as u32;
                    push(&mut self.buckets, g + 1 + estimate(&next), next);
                }
            }
        }
        None
    }
}

/// The planner's use of [`TileSearch`]: the blank's slots, move by move,
/// along a shortest way to bring the tracked tiles from `start` (their
/// slots, then the blank's) to `goal`, the blank stepping between
/// `neighbours`. `to_home[k * cells + slot]` is tracked tile k's distance
/// from its goal when at `slot` (the estimate); without it the search is
/// breadth-first.
pub(in crate::human) fn blank_walk(
    search: &mut TileSearch,
    start: &[u8],
    goal: &[u8],
    neighbours: &[Vec<u8>],
    to_home: Option<&[u16]>,
    ties: Ties,
) -> Option<Vec<u8>> {
    fn walk<const N: usize>(
        search: &mut TileSearch,
        start: &[u8],
        goal: &[u8],
        neighbours: &[Vec<u8>],
        to_home: Option<&[u16]>,
        ties: Ties,
    ) -> Option<Vec<u8>> {
        let cells = neighbours.len();
        let start = TileSlots::<N>::new(start.try_into().expect("N slots"));
        let states = search.shortest(
            start,
            cells,
            ties,
            |s: &TileSlots<N>| {
                let s = *s;
                neighbours[usize::from(s.blank())].iter().map(move |&to| s.slide(to))
            },
            |s: &TileSlots<N>| match to_home {
                Some(table) => {
                    s.tiles().iter().enumerate().map(|(k, &at)| usize::from(table[k * cells + usize::from(at)])).sum()
                }
                None => 0,
            },
            |s: &TileSlots<N>| s.tiles().iter().zip(goal).all(|(at, home)| at == home),
        )?;
        Some(states.iter().skip(1).map(TileSlots::blank).collect())
    }
    match start.len() {
        2 => walk::<2>(search, start, goal, neighbours, to_home, ties),
        3 => walk::<3>(search, start, goal, neighbours, to_home, ties),
        4 => walk::<4>(search, start, goal, neighbours, to_home, ties),
        5 => walk::<5>(search, start, goal, neighbours, to_home, ties),
        n => panic!("{} tracked tiles: at most {MAX_TRACKED}", n - 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathfinding::directed::bfs::bfs;

    /// A grid of cells, slots in reading order.
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
        let goal = [0u8, 1];
        let distance = |slot: u8, home: u8| {
            let ((r, c), (hr, hc)) = (coords[usize::from(slot)], coords[usize::from(home)]);
            r.abs_diff(hr) + c.abs_diff(hc)
        };
        let step = |s: &TileSlots<3>| {
            let s = *s;
            neighbours[usize::from(s.blank())].iter().map(move |&to| s.slide(to))
        };
        let mut checked = 0;
        for a in 0..12u8 {
            for b in 0..12u8 {
                for blank in [3u8, 7, 11] {
                    if a == b || a == blank || b == blank {
                        continue;
                    }
                    let start = TileSlots::new([a, b, blank]);
                    let theirs = bfs(&start, step, |s| s.tiles() == goal).unwrap();
                    for ties in [Ties::NewestFirst, Ties::OldestFirst] {
                        let estimate = |s: &TileSlots<3>| distance(s.tiles()[0], 0) + distance(s.tiles()[1], 1);
                        let ours = search
                            .shortest(start, 12, ties, step, estimate, |s: &TileSlots<3>| s.tiles() == goal)
                            .unwrap();
                        assert_eq!(ours.len(), theirs.len(), "from {start:?}");
                        assert_eq!(ours[0], start);
                        assert_eq!(ours.last().unwrap().tiles(), goal);
                        for pair in ours.windows(2) {
                            assert!(step(&pair[0]).any(|s| s == pair[1]), "every step is one slide");
                        }
                    }
                    let breadth_first = search.shortest(
                        start,
                        12,
                        Ties::OldestFirst,
                        step,
                        |_: &TileSlots<3>| 0,
                        |s: &TileSlots<3>| s.tiles() == goal,
                    );
                    assert_eq!(breadth_first.unwrap().len(), theirs.len());
                    checked += 1;
                }
            }
        }
        assert!(checked > 250);
    }
}

#[cfg(test)]
mod examples {
    // What were examples in the docs of items only the crate uses.

    #[test]
    fn slots() {
        use super::TileSlots;
        let s = TileSlots::new([0, 1, 2]); // two tiles in cells 0 and 1, the blank in 2
        assert_eq!((s.tiles(), s.blank()), (&[0, 1][..], 2));
        // The blank moves into cell 1: the tile there goes to cell 2.
        assert_eq!(s.slide(1), TileSlots::new([0, 2, 1]));
    }

    #[test]
    fn tile_search() {
        use super::{Ties, TileSearch, TileSlots};

        // A 2×3 block of cells, numbered in reading order, and their neighbours.
        let neighbours: [&[u8]; 6] = [&[1, 3], &[0, 2, 4], &[1, 5], &[0, 4], &[1, 3, 5], &[2, 4]];
        // Tile A in cell 5, the blank in cell 0: bring A to cell 0.
        let start = TileSlots::new([5, 0]);
        let mut search = TileSearch::default();
        let path = search
            .shortest(
                start,
                6,
                Ties::NewestFirst,
                |s: &TileSlots<2>| neighbours[usize::from(s.blank())].iter().map(|&to| s.slide(to)).collect::<Vec<_>>(),
                |s: &TileSlots<2>| [0, 1, 2, 1, 2, 3][usize::from(s.tiles()[0])], // A's distance from cell 0
                |s: &TileSlots<2>| s.tiles()[0] == 0,
            )
            .unwrap();
        assert_eq!(path[0], start);
        assert_eq!(path.last().unwrap().tiles(), &[0]);
        // Nine moves: three slides of A (to cell 4, 1, 0), each after two moves
        // that bring the blank in front of it.
        assert_eq!(path.len() - 1, 9);
    }
}
