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

use crate::human::event::Sink;
use std::sync::OnceLock;

use pathfinding::directed::astar::{astar, astar_bag_collect};

use crate::board::Pos;

use super::push::{PushWeights, gain_along, push_gain};
use super::scratch::{Approach, Scratch};
use crate::human::event::Event;
use crate::human::grid::{Dir, FLAGS, PaddedGrid, unpack_home};

/// How far (in cells, measured across the longer side) the blank's approach
/// may stray from the straight line while it picks, among its shortest paths,
/// the one that pushes the tiles it meets nearest home. A wider band finds
/// slightly better paths, but the work grows with the band while the gain
/// shrinks: this is where widening stops paying (docs/benchmarks.md).
const APPROACH_BAND: usize = 6;

/// Ring cells around a tile, clockwise from north, as (row, col) deltas.
const RING: [(isize, isize); 8] = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)];

/// A blank route around a tile: up to six steps.
#[derive(Clone, Copy, Debug)]
pub(in crate::human) struct RingRoute {
    len: u8,
    dirs: [Dir; 6],
}

impl RingRoute {
    pub(in crate::human) fn len(&self) -> usize {
        self.len as usize
    }

    pub(in crate::human) fn dirs(&self) -> &[Dir] {
        &self.dirs[..self.len as usize]
    }
}

/// Shortest routes round a tile for every mask of blocked ring cells.
pub(in crate::human) struct RingTable {
    /// Indexed by `mask * 16 + from * 4 + to` (sides as [`Dir`] indices):
    /// the shortest routes, two when going either way round ties.
    routes: Vec<[Option<RingRoute>; 2]>,
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
                    let mut found = [None, None];
                    if open(start) && open(goal) {
                        let shortest = astar_bag_collect(
                            &start,
                            |&(r, c)| {
                                Dir::ALL
                                    .into_iter()
                                    .map(move |d| (r + d.delta().0, c + d.delta().1))
                                    .filter(|&p| open(p))
                                    .map(|p| (p, 1u32))
                            },
                            |_| 0,
                            |&p| p == goal,
                        );
                        // The search returns ties in no fixed order: sort them
                        // so the same board always gets the same solution.
                        let mut paths: Vec<Vec<(isize, isize)>> =
                            shortest.into_iter().flat_map(|(paths, _)| paths).collect();
                        paths.sort();
                        for (slot, cells) in paths.into_iter().take(2).enumerate() {
                            let mut route = RingRoute { len: 0, dirs: [Dir::N; 6] };
                            for pair in cells.windows(2) {
                                let step = (pair[1].0 - pair[0].0, pair[1].1 - pair[0].1);
                                route.dirs[route.len as usize] =
                                    Dir::ALL.into_iter().find(|d| d.delta() == step).expect("a unit step");
                                route.len += 1;
                            }
                            found[slot] = Some(route);
                        }
                    }
                    routes.push(found);
                }
            }
        }
        RingTable { routes }
    }

    /// All shortest routes (one or two).
    pub(in crate::human) fn choices(&self, mask: u8, from: Dir, to: Dir) -> &[Option<RingRoute>; 2] {
        &self.routes[mask as usize * 16 + from as usize * 4 + to as usize]
    }
}

pub(in crate::human) fn ring_table() -> &'static RingTable {
    static TABLE: OnceLock<RingTable> = OnceLock::new();
    TABLE.get_or_init(RingTable::build)
}

/// Bit k set when ring cell k around `center` is blocked.
#[inline]
pub(in crate::human) fn ring_mask(grid: &PaddedGrid, center: usize) -> u8 {
    // No cell has this index, so none is taken for vacated.
    ring_mask_after(grid, center, usize::MAX)
}

/// Like [`ring_mask`], but with `vacated` counted as free: the mask a
/// travelling tile will see from `center` once it has left `vacated`.
#[inline]
pub(in crate::human) fn ring_mask_after(grid: &PaddedGrid, center: usize, vacated: usize) -> u8 {
    let w = grid.width as isize;
    let mut mask = 0u8;
    for (k, &(dr, dc)) in RING.iter().enumerate() {
        let i = center.wrapping_add_signed(dr * w + dc);
        if !grid.is_free(i) && i != vacated {
            mask |= 1 << k;
        }
    }
    mask
}

/// The side of `center` the blank is on, if it is next to it.
#[inline]
pub(in crate::human) fn blank_side(grid: &PaddedGrid, center: usize) -> Option<Dir> {
    Dir::ALL.into_iter().find(|&d| grid.step(center, d) == grid.blank)
}

/// The shortest way round a tile (whose ring has blocked cells `mask`)
/// from side `from` to side `to` that pushes tiles nearest home, with
/// that gain.
pub(in crate::human) fn best_ring_route(
    grid: &PaddedGrid,
    weights: &PushWeights,
    mask: u8,
    from: Dir,
    to: Dir,
) -> Option<(RingRoute, i32)> {
    match *ring_table().choices(mask, from, to) {
        [Some(one), Some(other)] => {
            let (g1, g2) = (push_gain(grid, weights, one.dirs()), push_gain(grid, weights, other.dirs()));
            Some(if g2 > g1 { (other, g2) } else { (one, g1) })
        }
        [Some(one), None] => Some((one, push_gain(grid, weights, one.dirs()))),
        _ => None,
    }
}

/// Walks the blank along a ring route.
pub(in crate::human) fn walk_ring(grid: &mut PaddedGrid, scratch: &mut Scratch, route: RingRoute, sink: &mut Sink<'_>) {
    if route.len() == 0 {
        return;
    }
    scratch.stats.ring += 1;
    walk(grid, &mut scratch.path_cells, route.dirs().iter().copied(), sink);
}

/// Moves the blank round `center` to side `to`; false if the ring is blocked.
pub(in crate::human) fn route_round(
    grid: &mut PaddedGrid,
    scratch: &mut Scratch,
    center: usize,
    to: Dir,
    sink: &mut Sink<'_>,
) -> bool {
    let Some(from) = blank_side(grid, center) else { return false };
    match best_ring_route(grid, &scratch.weights, ring_mask(grid, center), from, to) {
        Some((route, _)) => {
            walk_ring(grid, scratch, route, sink);
            true
        }
        None => false,
    }
}

/// Moves the blank to `goal` over free cells, by a shortest path or, when
/// the trip's style says so, the cheapest (see `detour`); false (and
/// nothing moved) when there is none.
pub(in crate::human) fn route_blank(
    grid: &mut PaddedGrid,
    scratch: &mut Scratch,
    goal: usize,
    sink: &mut Sink<'_>,
) -> bool {
    if grid.blank == goal {
        return true;
    }
    if !grid.is_free(goal) {
        return false;
    }
    let detoured = match scratch.style.approach {
        Approach::Detour { band } => {
            scratch.detour.cheapest_path(grid, &scratch.weights, goal, band, &mut scratch.path)
        }
        Approach::Shortest => false,
    };
    if detoured {
        scratch.stats.detours += 1;
    } else if monotone_path(grid, scratch, goal, APPROACH_BAND).is_some() {
        scratch.stats.direct += 1;
    } else if searched_path(grid, &mut scratch.path, goal) {
        scratch.stats.searched += 1;
    } else {
        return false;
    }
    follow_path(grid, scratch, sink);
    true
}

/// Fills `scratch.path` with the shortest path to `goal` that pushes tiles
/// nearest home overall, by dynamic programming over the monotone paths
/// that stay within `band` cells of the straight line from the blank to
/// `goal` (so the work is about `band` times the path's length); `None` if
/// blocked cells cut every such path.
fn monotone_path(grid: &PaddedGrid, scratch: &mut Scratch, goal: usize, band: usize) -> Option<i32> {
    const NONE: i32 = i32::MIN / 2;
    // Values above this come from a path; below, from NONE's drift.
    const REACHED: i32 = NONE / 2;
    let (br, bc) = grid.coords(grid.blank);
    let (gr, gc) = grid.coords(goal);
    let (h, w) = (br.abs_diff(gr) + 1, bc.abs_diff(gc) + 1);
    let (down, right) = (gr >= br, gc >= bc);
    let (dr, dc): (isize, isize) = (if down { 1 } else { -1 }, if right { 1 } else { -1 });
    // Columns allowed in row i: within `band` of the line, measured along
    // the longer side, so consecutive rows always overlap.
    let (hl, wl) = ((h - 1) as i64, (w - 1) as i64);
    let slack = band as i64 * hl.max(wl);
    let range = |i: usize| -> (usize, usize) {
        if hl == 0 {
            return (0, w - 1);
        }
        let mid = i as i64 * wl;
        let lo = (mid - slack + hl - 1).div_euclid(hl).max(0);
        let hi = (mid + slack).div_euclid(hl).min(wl);
        (lo as usize, hi as usize)
    };
    // The blank steps down (or up) into a row and right (or left) into a
    // column; the tile it meets moves the other way (`-dr`, `-dc`).
    let weights = &scratch.weights;
    let bands = &mut scratch.approach_rows;
    let best = &mut scratch.approach_best;
    bands.clear();
    best.clear();
    let words = grid.words();
    let mut previous = (1, 0, 0);
    for i in 0..h {
        let (lo, hi) = range(i);
        let (plo, phi, pstart) = previous;
        let start = best.len();
        let r = br.wrapping_add_signed(dr * i as isize);
        let mut c = bc.wrapping_add_signed(dc * lo as isize);
        let mut cell = r * grid.width + c;
        let mut left = NONE;
        for j in lo..=hi {
            // Without branches on the data: a cell no path reaches holds
            // about NONE (it drifts by at most a weight a step), and a
            // blocked cell is set to NONE after.
            let word = words[cell];
            let (hr, hc) = unpack_home(word);
            let weight = weights.of(hr, hc);
            let above = if (j >= plo) & (j <= phi) { best[pstart + j - plo] } else { NONE };
            let mut value = (above + gain_along(r, hr, -dr, weight)).max(left + gain_along(c, hc, -dc, weight));
            if word & FLAGS != 0 {
                value = NONE;
            }
            if i == 0 && j == 0 {
                value = 0;
            }
            best.push(value);
            left = value;
            c = c.wrapping_add_signed(dc);
            cell = cell.wrapping_add_signed(dc);
        }
        bands.push((lo, hi, start));
        previous = (lo, hi, start);
    }
    let total = best[best.len() - 1];
    let found = total > REACHED;
    if found {
        // Walk back from the goal through whichever neighbour gave the value.
        let path = &mut scratch.path;
        path.clear();
        let (mut i, mut j) = (h - 1, w - 1);
        while (i, j) != (0, 0) {
            let r = br.wrapping_add_signed(dr * i as isize);
            let c = bc.wrapping_add_signed(dc * j as isize);
            let cell = r * grid.width + c;
            path.push(cell);
            let (lo, _, start) = bands[i];
            let from_left = j > lo && {
                let left = best[start + j - 1 - lo];
                let (hr, hc) = grid.home_of_cell(cell);
                left > REACHED && left + gain_along(c, hc, -dc, weights.of(hr, hc)) == best[start + j - lo]
            };
            if from_left {
                j -= 1;
            } else {
                i -= 1;
            }
        }
        path.reverse();
    }
    found.then_some(total)
}

/// Fills `path` by A* inside a window around the blank and `goal`.
fn searched_path(grid: &PaddedGrid, path: &mut Vec<usize>, goal: usize) -> bool {
    let (br, bc) = grid.coords(grid.blank);
    let (gr, gc) = grid.coords(goal);
    let mut margin = 2;
    loop {
        let top = br.min(gr).saturating_sub(margin);
        let bottom = br.max(gr) + margin;
        let left = bc.min(gc).saturating_sub(margin);
        let right = bc.max(gc) + margin;
        let whole = top == 0 && left == 0 && bottom > grid.rows && right > grid.cols;
        let width = grid.width;
        let words = grid.words();
        let found = astar(
            &grid.blank,
            |&i| {
                [i - width, i + 1, i + width, i - 1]
                    .into_iter()
                    .filter(move |&n| {
                        let (nr, nc) = (n / width, n % width);
                        words[n] & FLAGS == 0 && (top..=bottom).contains(&nr) && (left..=right).contains(&nc)
                    })
                    .map(|n| (n, 1usize))
            },
            |&i| (i / width).abs_diff(gr) + (i % width).abs_diff(gc),
            |&i| i == goal,
        );
        if let Some((cells, _)) = found {
            path.clear();
            path.extend_from_slice(&cells[1..]);
            return true;
        }
        if whole {
            return false;
        }
        margin *= 4;
    }
}

/// Reports the route in `scratch.path`, then walks the blank along it.
pub(in crate::human) fn follow_path(grid: &mut PaddedGrid, scratch: &mut Scratch, sink: &mut Sink<'_>) {
    let mut previous = grid.blank;
    let dirs = scratch.path.iter().map(move |&next| Dir::between(std::mem::replace(&mut previous, next), next));
    walk(grid, &mut scratch.path_cells, dirs, sink);
}

/// Reports the blank's route, the cells `dirs` take it through (into
/// `cells`), then walks it.
#[inline]
fn walk(grid: &mut PaddedGrid, cells: &mut Vec<Pos>, dirs: impl Iterator<Item = Dir> + Clone, sink: &mut Sink<'_>) {
    cells.clear();
    let (mut row, mut col) = (grid.blank_row, grid.blank_col);
    for dir in dirs.clone() {
        let (dr, dc) = dir.delta();
        row = row.wrapping_add_signed(dr);
        col = col.wrapping_add_signed(dc);
        cells.push(Pos::new(row, col));
    }
    sink(&Event::BlankRouted { path: cells });
    for dir in dirs {
        grid.slide(dir, sink);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_open_ring_takes_two_steps_to_a_neighbouring_side_and_four_across() {
        let table = ring_table();
        let len = |mask, from, to| table.choices(mask, from, to)[0].map(|r: RingRoute| r.len());
        assert_eq!(len(0, Dir::W, Dir::N), Some(2));
        assert_eq!(len(0, Dir::W, Dir::E), Some(4));
        assert_eq!(len(0, Dir::S, Dir::S), Some(0));
        // Going across, either way round is as short: both are offered.
        assert_eq!(table.choices(0, Dir::W, Dir::E)[1].map(|r| r.len()), Some(4));
        assert!(table.choices(0, Dir::W, Dir::N)[1].is_none(), "one way is shorter");
        // North-west blocked: west to north must go the long way round.
        assert_eq!(len(1 << 7, Dir::W, Dir::N), Some(6));
        // Both ways blocked.
        assert_eq!(len((1 << 7) | (1 << 3), Dir::W, Dir::E), None);
    }

    #[test]
    fn ring_routes_walk_the_ring_and_end_on_the_side() {
        let table = ring_table();
        for mask in 0..=255u8 {
            for from in Dir::ALL {
                for to in Dir::ALL {
                    let [first, second] = *table.choices(mask, from, to);
                    if let (Some(a), Some(b)) = (first, second) {
                        assert_eq!(a.len(), b.len(), "alternatives are equally short");
                        assert_ne!(a.dirs(), b.dirs());
                    }
                    for route in [first, second].into_iter().flatten() {
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
