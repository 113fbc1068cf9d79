//! The blank's approach by the cheapest way, not only the shortest.
//!
//! Every step of the blank slides a tile one cell. A step that pushes a
//! tile toward home is partly paid back later, when that tile's trip is
//! shorter; one that pushes it away costs more than the move. So a route a
//! few moves longer can be cheaper overall: the speedsolvers' detours
//! through the next lines. Here a step costs one move ([`MOVE_COST`]) less
//! its push's worth by the router's rule ([`gain_along`](super::push::gain_along)), never below
//! nothing, and the approach is the cheapest route that never steps back
//! along the longer axis of its trip: row by row (or column by column),
//! entering each from the one before and then going either way along it.
//! A search free to step back as well finds routes hardly cheaper at
//! several times the cost (docs/benchmarks.md has the figures).
//!
//! Such a route visits each cell once, so each tile on it is pushed once,
//! by exactly the step the cost counted: the costs read from the board as
//! it is are the costs the route will have.

use super::push::{MOVE_COST, PushWeights};
use crate::human::grid::{FLAGS, PaddedGrid, unpack_home};

/// Cells past the blank and its goal, across the trip, that a route may
/// use: past a few, wider margins find no more (docs/benchmarks.md).
const MARGIN: usize = 4;

/// The cost of a cell no route reaches; sums with it stay at least this.
const UNREACHED: u32 = 1 << 30;

/// How the route reached a cell of a row.
const FROM_BEFORE: u8 = 0;
const FROM_LOWER: u8 = 1;
const FROM_HIGHER: u8 = 2;

/// The search's rows, kept between calls so that an approach allocates
/// nothing once they have grown. Every row has the same number of cells;
/// in a band each row's first cell follows the straight line.
#[derive(Default)]
pub(in crate::human) struct Detour {
    /// How the route reached each cell, row after row.
    came: Vec<u8>,
    /// The offset across of each row's first cell.
    starts: Vec<i64>,
    /// The cheapest cost to each cell of the row before and of this one,
    /// from the second entry on (the first and last are never reached).
    before: Vec<u32>,
    cost: Vec<u32>,
    /// This row's costs entering it from the row before, and each cell's
    /// step in from the higher cell across.
    entered: Vec<u32>,
    down_step: Vec<u32>,
}

/// The trip's geometry: rows along its longer axis, cells along each.
struct Axes {
    /// Rows are the board's rows (the trip is longer down than across).
    tall: bool,
    /// Padded index step to the next row, and along a row.
    along: isize,
    across: isize,
    /// The blank's coordinates on the long axis and across, and which way
    /// the trip goes on the long axis (+1 or −1).
    start: (usize, usize),
    sign: isize,
    /// Rows to go, and the goal's offset across (signed).
    length: usize,
    offset: i64,
}

impl Axes {
    fn new(grid: &PaddedGrid, goal: usize) -> Axes {
        let (br, bc) = grid.coords(grid.blank);
        let (gr, gc) = grid.coords(goal);
        let width = grid.width as isize;
        let tall = br.abs_diff(gr) >= bc.abs_diff(gc);
        let ((b_along, b_across), (g_along, g_across), step) =
            if tall { ((br, bc), (gr, gc), width) } else { ((bc, br), (gc, gr), 1) };
        let sign = if g_along >= b_along { 1 } else { -1 };
        Axes {
            tall,
            along: step * sign,
            across: if tall { 1 } else { width },
            start: (b_along, b_across),
            sign,
            length: b_along.abs_diff(g_along),
            offset: g_across as i64 - b_across as i64,
        }
    }
}

impl Detour {
    /// Fills `path` (padded cells after the blank's, in order) with the
    /// cheapest route from the blank to `goal` that never steps back along
    /// the trip's longer axis, stays within [`MARGIN`] cells across of the
    /// box round both and, when `band` is given, within that many cells
    /// across of the straight line between them. False, with `path` left
    /// as it was, when blocked cells cut every such route.
    pub(in crate::human) fn cheapest_path(
        &mut self,
        grid: &PaddedGrid,
        weights: &PushWeights,
        goal: usize,
        band: Option<usize>,
        path: &mut Vec<usize>,
    ) -> bool {
        let axes = Axes::new(grid, goal);
        // Across coordinates a route may use: inside the board, the box
        // widened by the margin, and the band round the line.
        let inner = if axes.tall { grid.cols } else { grid.rows } as i64;
        let first = (1 - axes.start.1 as i64).max(axes.offset.min(0) - MARGIN as i64);
        let last = (inner - axes.start.1 as i64).min(axes.offset.max(0) + MARGIN as i64);
        let cells = (match band {
            None => last - first,
            Some(band) => 2 * band as i64,
        } + 1) as usize;
        // Each row's first cell: the box's, or the band's round the line
        // (stepped along it without dividing: a row's middle moves by at
        // most one cell from the row before's).
        self.starts.clear();
        match band {
            None => self.starts.resize(axes.length + 1, first),
            Some(band) => {
                let (mut mid, mut rest) = (0i64, 0i64);
                for _ in 0..=axes.length {
                    self.starts.push(mid - band as i64);
                    rest += axes.offset;
                    if rest >= axes.length as i64 {
                        rest -= axes.length as i64;
                        mid += 1;
                    } else if rest < 0 {
                        rest += axes.length as i64;
                        mid -= 1;
                    }
                }
            }
        }
        self.came.resize((axes.length + 1) * cells, FROM_BEFORE);
        for buffer in [&mut self.entered, &mut self.down_step] {
            buffer.clear();
            buffer.resize(cells, UNREACHED);
        }
        // With an unreached cell at either end (see `do_row`).
        for buffer in [&mut self.before, &mut self.cost] {
            buffer.clear();
            buffer.resize(cells + 2, UNREACHED);
        }
        for i in 0..=axes.length {
            let lo = self.starts[i];
            // The row's first cell moves by at most one from the row before's.
            let shift = if i == 0 { 0 } else { lo - self.starts[i - 1] };
            let row = DetourRow { i, lo, shift, open: (first.max(lo), last.min(lo + cells as i64 - 1)) };
            if axes.tall {
                self.do_row::<true>(grid, weights, &axes, &row);
            } else {
                self.do_row::<false>(grid, weights, &axes, &row);
            }
            std::mem::swap(&mut self.before, &mut self.cost);
        }
        let lo = self.starts[axes.length];
        if self.before[(axes.offset - lo) as usize + 1] >= UNREACHED {
            return false;
        }
        path.clear();
        let (mut i, mut j) = (axes.length, axes.offset);
        while (i, j) != (0, 0) {
            path.push(grid.blank.wrapping_add_signed(axes.along * i as isize + axes.across * j as isize));
            match self.came[i * cells + (j - self.starts[i]) as usize] {
                FROM_LOWER => j -= 1,
                FROM_HIGHER => j += 1,
                _ => i -= 1,
            }
        }
        path.reverse();
        true
    }

    /// Works out a row's cheapest costs (into `cost`) and how each cell
    /// was reached (into its slice of `came`): first each cell from the row
    /// before (the blank itself in the first row) or from the cell below
    /// it across, going up the row; then from the cell above it, going
    /// down the row. The two ways are kept apart, so a route never doubles
    /// back along a row.
    /// `TALL` is `axes.tall`, so that the loop has no choice to make on it.
    fn do_row<const TALL: bool>(&mut self, grid: &PaddedGrid, weights: &PushWeights, axes: &Axes, row: &DetourRow) {
        let words = grid.words();
        let cells = self.entered.len();
        let here = axes.start.0.wrapping_add_signed(axes.sign * row.i as isize);
        // Cells past the board or the box stay unreached.
        self.cost.fill(UNREACHED);
        let open_lo = (row.open.0 - row.lo) as usize;
        let n = (row.open.1 - row.open.0 + 1).max(0) as usize;
        // The open cells' slices, all `n` long; `before` and `cost` have an
        // unreached cell at either end, so the row before's cell next to
        // either end of this one reads as unreached.
        let came = &mut self.came[row.i * cells + open_lo..][..n];
        let before = &self.before[(open_lo as i64 + row.shift + 1) as usize..][..n];
        let cost = &mut self.cost[open_lo + 1..][..n];
        let entered = &mut self.entered[open_lo..][..n];
        let down_step = &mut self.down_step[open_lo..][..n];
        // The first row is entered at the blank only.
        let blank_k = if row.i == 0 { (-row.open.0) as usize } else { usize::MAX };
        let mut cell = grid.blank.wrapping_add_signed(axes.along * row.i as isize + axes.across * row.open.0 as isize);
        let mut across = (axes.start.1 as i64 + row.open.0) as usize;
        let mut carried = UNREACHED;
        for k in 0..n {
            let word = words[cell];
            cell = cell.wrapping_add_signed(axes.across);
            if word & FLAGS != 0 {
                down_step[k] = UNREACHED;
                entered[k] = UNREACHED;
                cost[k] = UNREACHED;
                carried = UNREACHED;
                across += 1;
                continue;
            }
            // The blank steps in; the tile there moves back: a step costs
            // `toward` when that is toward its home, else `away`.
            let (hr, hc) = unpack_home(word);
            let weight = weights.of(hr, hc);
            let (home_along, home_across) = if TALL { (hr, hc) } else { (hc, hr) };
            debug_assert!((0..16).contains(&weight), "a weight of {weight}");
            let (toward, away) = (TOWARD[weight as usize & 15], step_cost(-weight));
            let incoming = if row.i == 0 {
                if k == blank_k { 0 } else { UNREACHED }
            } else {
                let back = if axes.sign > 0 { home_along < here } else { home_along > here };
                before[k] + pick(back, toward, away)
            };
            let up_step = pick(home_across < across, toward, away);
            down_step[k] = pick(home_across > across, toward, away);
            across += 1;
            let entered_here = incoming.min(UNREACHED);
            let via = (carried + up_step).min(UNREACHED);
            entered[k] = entered_here;
            carried = entered_here.min(via);
            cost[k] = carried;
            came[k] = [FROM_BEFORE, FROM_LOWER][usize::from(via < entered_here)];
        }
        carried = UNREACHED;
        for k in (0..n).rev() {
            let via = (carried + down_step[k]).min(UNREACHED);
            let better = via < cost[k];
            cost[k] = cost[k].min(via);
            came[k] = [came[k], FROM_HIGHER][usize::from(better)];
            carried = entered[k].min(via);
        }
    }
}

/// One row of the search: its number, the offset across of its first
/// cell, how far that moved from the row before's, and the offsets of its
/// first and last cells on the board and in the box.
struct DetourRow {
    i: usize,
    lo: i64,
    shift: i64,
    open: (i64, i64),
}

/// A step's cost: a move less its push's worth, never below nothing.
#[inline]
const fn step_cost(gain: i32) -> u32 {
    let cost = MOVE_COST - gain;
    if cost > 0 { cost as u32 } else { 0 }
}

/// [`step_cost`] of a push toward home by a tile of each weight below 16
/// (weights run from 2 to 12, see [`PushWeights`]). The search looks it up:
/// as a `max` in its loop it compiles to a branch, and which tiles want
/// which way follows no pattern a branch predictor learns.
const TOWARD: [u32; 16] = {
    let mut costs = [0; 16];
    let mut weight = 0;
    while weight < 16 {
        costs[weight] = step_cost(weight as i32);
        weight += 1;
    }
    costs
};

/// `a` when `choose`, else `b`, without a branch (see [`TOWARD`]).
#[inline]
fn pick(choose: bool, a: u32, b: u32) -> u32 {
    b ^ ((a ^ b) & u32::from(choose).wrapping_neg())
}

#[cfg(test)]
mod tests {
    use pathfinding::directed::dijkstra::dijkstra;

    use super::*;
    use crate::board::{Board, Scramble};
    use crate::human::grid::Dir;
    use crate::human::trip::push::push_gain_at;

    /// The cost of a route by the push rule, walked on the board as it is.
    fn route_cost(grid: &PaddedGrid, weights: &PushWeights, path: &[usize]) -> u32 {
        let mut at = grid.blank;
        let mut total = 0;
        for &next in path {
            let dir = grid.dir_between(at, next);
            let (r, c) = grid.coords(next);
            total += step_cost(push_gain_at(grid, weights, next, r, c, dir.opposite()));
            at = next;
        }
        total
    }

    /// Cheapest route by `pathfinding`'s Dijkstra over the same cells and
    /// steps: never back along the trip's longer axis, inside the board and
    /// the box widened by `MARGIN` across.
    fn dijkstra_cost(grid: &PaddedGrid, weights: &PushWeights, goal: usize) -> Option<u32> {
        let (br, bc) = grid.coords(grid.blank);
        let (gr, gc) = grid.coords(goal);
        let tall = br.abs_diff(gr) >= bc.abs_diff(gc);
        let back = if tall {
            if gr >= br { Dir::N } else { Dir::S }
        } else if gc >= bc {
            Dir::W
        } else {
            Dir::E
        };
        let inside = |r: usize, c: usize| {
            let (along, start, end) = if tall { (c, bc, gc) } else { (r, br, gr) };
            along + MARGIN >= start.min(end) && along <= start.max(end) + MARGIN
        };
        dijkstra(
            &grid.blank,
            |&cell| {
                Dir::ALL
                    .into_iter()
                    .filter(move |&dir| dir != back)
                    .map(move |dir| grid.step(cell, dir))
                    .filter(|&next| grid.is_free(next))
                    .filter(move |&next| {
                        let (r, c) = grid.coords(next);
                        inside(r, c)
                    })
                    .map(move |next| {
                        let (r, c) = grid.coords(next);
                        let dir = grid.dir_between(cell, next);
                        (next, step_cost(push_gain_at(grid, weights, next, r, c, dir.opposite())))
                    })
            },
            |&cell| cell == goal,
        )
        .map(|(_, cost)| cost)
    }

    #[test]
    fn the_route_is_the_cheapest_and_a_walk_over_free_cells_to_the_goal() {
        let mut detour = Detour::default();
        let mut path = Vec::new();
        let mut longer = 0;
        for seed in 0..40 {
            let (rows, cols) = (7 + seed as usize % 5, 12 - seed as usize % 4);
            let board = Board::scrambled(rows, cols, Scramble::Uniform, seed).unwrap();
            let mut grid = PaddedGrid::new(&board);
            // Lock the first row and hold one cell, as a trip would.
            for col in 0..cols {
                if grid.index(0, col) != grid.blank {
                    grid.lock(grid.index(0, col));
                }
            }
            let held = grid.index(rows / 2, cols / 2);
            if held != grid.blank {
                grid.hold(held);
            }
            let weights = PushWeights::sweeping(2, 1, rows.min(cols));
            for goal_row in 1..rows {
                for goal_col in 0..cols {
                    let goal = grid.index(goal_row, goal_col);
                    if !grid.is_free(goal) || goal == grid.blank {
                        continue;
                    }
                    let expected = dijkstra_cost(&grid, &weights, goal);
                    let found = detour.cheapest_path(&grid, &weights, goal, None, &mut path);
                    assert_eq!(found, expected.is_some(), "seed {seed}, goal ({goal_row}, {goal_col})");
                    if !found {
                        continue;
                    }
                    assert_eq!(path.last(), Some(&goal));
                    let mut at = grid.blank;
                    for &next in &path {
                        assert_eq!(grid.distance(at, next), 1, "one step at a time");
                        assert!(grid.is_free(next), "only free cells");
                        at = next;
                    }
                    let mut seen = path.clone();
                    seen.sort_unstable();
                    seen.dedup();
                    assert_eq!(seen.len(), path.len(), "each cell once");
                    assert_eq!(Some(route_cost(&grid, &weights, &path)), expected, "seed {seed}");
                    assert!(path.len() >= grid.distance(grid.blank, goal));
                    longer += usize::from(path.len() > grid.distance(grid.blank, goal));
                }
            }
        }
        assert!(longer > 100, "{longer} routes took a detour");
    }

    #[test]
    fn a_band_keeps_the_route_near_the_straight_line() {
        let board = Board::scrambled(40, 40, Scramble::Uniform, 5).unwrap();
        let grid = PaddedGrid::new(&board);
        let weights = PushWeights::flat();
        let mut detour = Detour::default();
        let mut path = Vec::new();
        let (br, bc) = grid.coords(grid.blank);
        for goal in [grid.index(0, 0), grid.index(39, 39), grid.index(0, 39), grid.index(39, 0)] {
            if goal == grid.blank {
                continue;
            }
            assert!(detour.cheapest_path(&grid, &weights, goal, Some(2), &mut path));
            let (gr, gc) = grid.coords(goal);
            let (h, w) = (gr as i64 - br as i64, gc as i64 - bc as i64);
            for &cell in &path {
                let (r, c) = grid.coords(cell);
                let (i, j) = (r as i64 - br as i64, c as i64 - bc as i64);
                // Offset across from the line, in cells of the shorter axis.
                let off = if h.abs() >= w.abs() { j - i * w / h } else { i - j * h / w };
                assert!(off.abs() <= 3, "({r}, {c}) strays {off} from the line");
            }
        }
    }

    #[test]
    fn a_route_with_no_way_through_is_none_and_leaves_the_path() {
        let board = Board::scrambled(6, 6, Scramble::Uniform, 1).unwrap();
        let mut grid = PaddedGrid::new(&board);
        // Wall off the bottom row from the rest.
        let wall_row = if grid.pos(grid.blank).row >= 4 { 1 } else { 4 };
        for col in 0..6 {
            grid.hold(grid.index(wall_row, col));
        }
        let goal_row = if wall_row == 1 { 0 } else { 5 };
        let goal = grid.index(goal_row, 2);
        let mut path = vec![7];
        let mut detour = Detour::default();
        assert!(!detour.cheapest_path(&grid, &PushWeights::flat(), goal, None, &mut path));
        assert_eq!(path, [7]);
    }
}
