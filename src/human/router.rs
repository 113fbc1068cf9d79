//! The blank's shortest-path router.
//!
//! Three tiers, cheapest first, all giving shortest paths over the free cells:
//! 1. **Ring table.** While a tile travels, the blank only circles it: from one
//!    side of the tile to another through the eight cells around it. Those
//!    routes depend only on which of the eight cells are blocked, so they are
//!    found once, by `pathfinding`'s breadth-first search on a 3×3 window, for
//!    all 256 masks and stored in a table. Going round the ring is a shortest
//!    path whenever the table has an entry (an open ring route is 2, 4 or 6
//!    steps, and nothing outside the ring is shorter).
//! 2. **Straight lines.** For the blank's approach to a tile, an L-shaped path
//!    (along the row then the column, or the other way) that crosses no
//!    blocked cell has the Manhattan length, which no path can beat.
//! 3. **Search.** Otherwise `pathfinding`'s A* with the Manhattan heuristic,
//!    inside a window around both ends that doubles until a path is found or
//!    the window holds the whole board.

use std::sync::OnceLock;

use pathfinding::directed::{astar::astar, bfs::bfs};

use super::event::Event;
use super::grid::{Dir, Grid};

/// Ring cells around a tile, clockwise from north, as (row, col) deltas.
const RING: [(isize, isize); 8] = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)];

/// A blank route around a tile: up to six steps.
#[derive(Clone, Copy, Debug)]
pub(super) struct RingRoute {
    len: u8,
    dirs: [Dir; 6],
}

impl RingRoute {
    pub(super) fn len(&self) -> usize {
        self.len as usize
    }

    pub(super) fn dirs(&self) -> &[Dir] {
        &self.dirs[..self.len as usize]
    }
}

/// Shortest routes round a tile for every mask of blocked ring cells.
pub(super) struct RingTable {
    /// Indexed by `mask * 16 + from * 4 + to` (sides as [`Dir`] indices).
    routes: Vec<Option<RingRoute>>,
}

impl RingTable {
    fn build() -> RingTable {
        let mut routes = Vec::with_capacity(256 * 16);
        for mask in 0..256u32 {
            let open = |(r, c): (isize, isize)| {
                (r, c) != (0, 0) && r.abs() <= 1 && c.abs() <= 1 && {
                    let k = RING.iter().position(|&d| d == (r, c)).expect("a ring cell");
                    mask & (1 << k) == 0
                }
            };
            for from in Dir::ALL {
                for to in Dir::ALL {
                    let start = from.delta();
                    let goal = to.delta();
                    let found = if open(start) && open(goal) {
                        bfs(
                            &start,
                            |&(r, c)| {
                                Dir::ALL
                                    .into_iter()
                                    .map(move |d| (r + d.delta().0, c + d.delta().1))
                                    .filter(|&p| open(p))
                            },
                            |&p| p == goal,
                        )
                    } else {
                        None
                    };
                    routes.push(found.map(|cells| {
                        let mut route = RingRoute { len: 0, dirs: [Dir::N; 6] };
                        for pair in cells.windows(2) {
                            let step = (pair[1].0 - pair[0].0, pair[1].1 - pair[0].1);
                            route.dirs[route.len as usize] =
                                Dir::ALL.into_iter().find(|d| d.delta() == step).expect("a unit step");
                            route.len += 1;
                        }
                        route
                    }));
                }
            }
        }
        RingTable { routes }
    }

    pub(super) fn get(&self, mask: u8, from: Dir, to: Dir) -> Option<RingRoute> {
        self.routes[mask as usize * 16 + from as usize * 4 + to as usize]
    }
}

pub(super) fn ring_table() -> &'static RingTable {
    static TABLE: OnceLock<RingTable> = OnceLock::new();
    TABLE.get_or_init(RingTable::build)
}

/// Counts of how routes were found, for `--stats` and benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RouteStats {
    /// Blank moves round a travelling tile answered by the ring table.
    pub ring: u64,
    /// Routes that were a straight L.
    pub straight: u64,
    /// Routes that needed an A* search.
    pub searched: u64,
}

impl Grid {
    /// Bit k set when ring cell k around `center` is blocked.
    #[inline]
    pub(super) fn ring_mask(&self, center: usize) -> u8 {
        let w = self.width as isize;
        let mut mask = 0u8;
        for (k, &(dr, dc)) in RING.iter().enumerate() {
            let i = center.wrapping_add_signed(dr * w + dc);
            if !self.is_free(i) {
                mask |= 1 << k;
            }
        }
        mask
    }

    /// The side of `center` the blank is on, if it is next to it.
    #[inline]
    pub(super) fn blank_side(&self, center: usize) -> Option<Dir> {
        Dir::ALL.into_iter().find(|&d| self.step(center, d) == self.blank)
    }

    /// Length of the blank's shortest route round `center` from side `from`
    /// to side `to`, if the ring has one.
    #[inline]
    pub(super) fn ring_cost(&self, center: usize, from: Dir, to: Dir) -> Option<usize> {
        ring_table().get(self.ring_mask(center), from, to).map(|r| r.len())
    }

    /// Moves the blank round `center` to side `to`; false if the ring is blocked.
    pub(super) fn route_round<S: FnMut(&Event)>(&mut self, center: usize, to: Dir, sink: &mut S) -> bool {
        let Some(from) = self.blank_side(center) else { return false };
        if from == to {
            return true;
        }
        let Some(route) = ring_table().get(self.ring_mask(center), from, to) else { return false };
        self.stats.ring += 1;
        self.path.clear();
        let mut at = self.blank;
        for &dir in route.dirs() {
            at = self.step(at, dir);
            self.path.push(at);
        }
        self.follow_path(sink);
        true
    }

    /// Moves the blank to `goal` by a shortest path over free cells; false
    /// (and nothing moved) when there is none.
    pub(super) fn route_blank<S: FnMut(&Event)>(&mut self, goal: usize, sink: &mut S) -> bool {
        if self.blank == goal {
            return true;
        }
        if !self.is_free(goal) {
            return false;
        }
        if self.straight_path(goal, true) || self.straight_path(goal, false) {
            self.stats.straight += 1;
        } else if self.searched_path(goal) {
            self.stats.searched += 1;
        } else {
            return false;
        }
        self.follow_path(sink);
        true
    }

    /// Fills `path` with an L from the blank to `goal` if every cell on it is free.
    fn straight_path(&mut self, goal: usize, rows_first: bool) -> bool {
        let (br, bc) = self.coords(self.blank);
        let (gr, gc) = self.coords(goal);
        let corner = if rows_first { br * self.width + gc } else { gr * self.width + bc };
        self.path.clear();
        let mut at = self.blank;
        for target in [corner, goal] {
            while at != target {
                let (ar, ac) = self.coords(at);
                let (tr, tc) = self.coords(target);
                let dir = if ac < tc {
                    Dir::E
                } else if ac > tc {
                    Dir::W
                } else if ar < tr {
                    Dir::S
                } else {
                    Dir::N
                };
                at = self.step(at, dir);
                if !self.is_free(at) {
                    return false;
                }
                self.path.push(at);
            }
        }
        true
    }

    /// Fills `path` by A* inside a window around the blank and `goal`.
    fn searched_path(&mut self, goal: usize) -> bool {
        let (br, bc) = self.coords(self.blank);
        let (gr, gc) = self.coords(goal);
        let mut margin = 2;
        loop {
            let top = br.min(gr).saturating_sub(margin);
            let bottom = br.max(gr) + margin;
            let left = bc.min(gc).saturating_sub(margin);
            let right = bc.max(gc) + margin;
            let whole = top == 0 && left == 0 && bottom > self.rows && right > self.cols;
            let width = self.width;
            let flags = &self.flags;
            let found = astar(
                &self.blank,
                |&i| {
                    [i - width, i + 1, i + width, i - 1]
                        .into_iter()
                        .filter(move |&n| {
                            let (nr, nc) = (n / width, n % width);
                            flags[n] == 0 && (top..=bottom).contains(&nr) && (left..=right).contains(&nc)
                        })
                        .map(|n| (n, 1usize))
                },
                |&i| (i / width).abs_diff(gr) + (i % width).abs_diff(gc),
                |&i| i == goal,
            );
            if let Some((cells, _)) = found {
                self.path.clear();
                self.path.extend_from_slice(&cells[1..]);
                return true;
            }
            if whole {
                return false;
            }
            margin *= 4;
        }
    }

    /// Reports the route in `path`, then walks the blank along it.
    pub(super) fn follow_path<S: FnMut(&Event)>(&mut self, sink: &mut S) {
        self.path_cells.clear();
        for k in 0..self.path.len() {
            let p = self.pos(self.path[k]);
            self.path_cells.push(p);
        }
        sink(&Event::BlankRouted { path: &self.path_cells });
        for k in 0..self.path.len() {
            let dir = self.dir_between(self.blank, self.path[k]);
            self.slide(dir, sink);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_open_ring_takes_two_steps_to_a_neighbouring_side_and_four_across() {
        let table = ring_table();
        assert_eq!(table.get(0, Dir::W, Dir::N).unwrap().len(), 2);
        assert_eq!(table.get(0, Dir::W, Dir::E).unwrap().len(), 4);
        assert_eq!(table.get(0, Dir::S, Dir::S).unwrap().len(), 0);
        // North-west blocked: west to north must go the long way round.
        assert_eq!(table.get(1 << 7, Dir::W, Dir::N).unwrap().len(), 6);
        // Both ways blocked.
        assert!(table.get((1 << 7) | (1 << 3), Dir::W, Dir::E).is_none());
    }

    #[test]
    fn ring_routes_walk_the_ring_and_end_on_the_side() {
        let table = ring_table();
        for mask in 0..=255u8 {
            for from in Dir::ALL {
                for to in Dir::ALL {
                    if let Some(route) = table.get(mask, from, to) {
                        let (mut r, mut c) = from.delta();
                        for d in route.dirs() {
                            r += d.delta().0;
                            c += d.delta().1;
                            assert_ne!((r, c), (0, 0), "never through the tile");
                            let k = RING.iter().position(|&x| x == (r, c)).unwrap();
                            assert_eq!(mask & (1 << k), 0, "never through a blocked cell");
                        }
                        assert_eq!((r, c), to.delta());
                    }
                }
            }
        }
    }
}
