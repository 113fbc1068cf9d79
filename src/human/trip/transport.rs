//! Moving one tile to a cell, the way a person does: bring the blank in
//! front of the tile, slide the tile, repeat.
//!
//! Each step picks the tile's direction among those that bring it closer,
//! by the cost of getting the blank in front (ring table or route) plus
//! the open board's cost of the rest of the trip (see `open_board`). Every shortest staircase costs the same
//! moves in that model; when the trip's style says so (`normal` and `best`
//! on boards too big for their look-ahead) the step is chosen by a plan of
//! the next [`PLANNED_STEPS`] steps that weighs each staircase's pushes of other
//! tiles too ([`plan_ahead`]).

use crate::human::event::Sink;
use pathfinding::directed::bfs::bfs;

use crate::board::Tile;

use super::push::{MOVE_COST, PushWeights, gain_along};
use super::router::{
    RingRoute, best_ring_route, blank_side, ring_mask, ring_mask_after, ring_table, route_blank, route_round, walk_ring,
};
use super::scratch::Scratch;
use crate::human::event::Event;
use crate::human::grid::{Dir, PaddedGrid};
use crate::human::open_board::trip_cost;

/// One way a tile could step next, weighed.
struct StepOption {
    dir: Dir,
    /// Moves less gain, then more gain first: smaller is better.
    score: (i64, i64),
    /// The blank's way round the tile, when it is beside it.
    ring: Option<RingRoute>,
}

/// Cost assumed for a ring the blank cannot go round: it must take a detour.
const BLOCKED_RING: usize = 12;

/// Moves `tile` to `dest` without disturbing locked or held cells.
/// False if no way was found (the caller chooses another plan).
pub(in crate::human) fn transport(
    grid: &mut PaddedGrid,
    scratch: &mut Scratch,
    tile: Tile,
    dest: usize,
    sink: &mut Sink<'_>,
) -> bool {
    let mut at = grid.where_is(tile);
    if at == dest {
        return true;
    }
    sink(&Event::TileTargeted { tile, from: grid.pos(at), to: grid.pos(dest) });
    grid.hold(at);
    let mut ok = true;
    while at != dest {
        match tile_step(grid, scratch, at, dest, sink) {
            Some(next) => {
                grid.release(at);
                grid.hold(next);
                at = next;
            }
            None => {
                ok = false;
                break;
            }
        }
    }
    grid.release(at);
    ok
}

/// Brings the blank in front of the tile at `at` and slides it one cell
/// toward `dest`. Returns the tile's new cell.
fn tile_step(
    grid: &mut PaddedGrid,
    scratch: &mut Scratch,
    at: usize,
    dest: usize,
    sink: &mut Sink<'_>,
) -> Option<usize> {
    let (tr, tc) = grid.coords(at);
    let (dr, dc) = grid.coords(dest);
    let rows_left = tr.abs_diff(dr);
    let cols_left = tc.abs_diff(dc);
    let vertical = if dr < tr { Dir::N } else { Dir::S };
    let horizontal = if dc < tc { Dir::W } else { Dir::E };
    let side = blank_side(grid, at);
    let mask = ring_mask(grid, at);

    // Up to two useful directions. Each is weighed by its moves (getting
    // the blank in front, the slide, and a model or plan of the rest of the
    // trip) less what the blank's way there does for other tiles: a tile
    // pushed a step nearer home saves about a move later.
    let plans_ahead = side.is_some() && scratch.style.plan_ahead;
    let ahead = plans_ahead.then(|| plan_ahead(grid, &scratch.weights, at, dest));
    let mut options: [Option<StepOption>; 2] = [None, None];
    for (k, (dir, useful)) in [(vertical, rows_left > 0), (horizontal, cols_left > 0)].into_iter().enumerate() {
        let front = grid.step(at, dir);
        if !useful || !grid.is_free(front) {
            continue;
        }
        let (along, across) = if dir.is_horizontal() { (cols_left - 1, rows_left) } else { (rows_left - 1, cols_left) };
        let (reach, gain, ring) = match side {
            Some(from) => match best_ring_route(grid, &scratch.weights, mask, from, dir) {
                Some((route, gain)) => (route.len(), gain, Some(route)),
                None => (BLOCKED_RING, 0, None),
            },
            // The approach's own path is chosen for its pushes later; a
            // guess at them here does not pay.
            None => (approach_estimate(grid, at, front), 0, None),
        };
        let rest = match &ahead {
            Some(values) => values[usize::from(k == 0)][usize::from(k == 1)][k],
            None => trip_cost(along, across) as i64 * i64::from(MOVE_COST),
        };
        let cost = (reach + 1) as i64 * i64::from(MOVE_COST) + rest;
        let style = scratch.style;
        let bias = if dir.is_horizontal() { 0 } else { style.vertical_bias };
        let score = cost - i64::from(gain) + bias;
        options[k] = Some(StepOption { dir, score: (score, -i64::from(gain)), ring });
    }
    if let [Some(a), Some(b)] = &options {
        if b.score < a.score {
            options.swap(0, 1);
        }
    }

    for option in options.into_iter().flatten() {
        let ready = match option.ring {
            Some(route) => {
                walk_ring(grid, scratch, route, sink);
                true
            }
            None => route_blank(grid, scratch, grid.step(at, option.dir), sink),
        };
        if ready {
            grid.slide(option.dir.opposite(), sink);
            return Some(grid.step(at, option.dir));
        }
    }
    // No useful direction works (a tile boxed in by locked or held
    // cells): follow a shortest path for the tile itself instead.
    let dir = detour_direction(grid, at, dest)?;
    if bring_blank_in_front(grid, scratch, at, dir, side, sink) {
        grid.slide(dir.opposite(), sink);
        return Some(grid.step(at, dir));
    }
    None
}

/// How many tile steps ahead a trip is planned for its pushes. Each step
/// planned further ahead finds better pushes, but the work per tile step
/// grows with its square.
const PLANNED_STEPS: usize = 16;

/// Costs of the rest of a trip from each cell of the lookahead, by how the
/// tile got there: `[i][j][a]` for the tile `i` steps toward `dest`
/// vertically and `j` horizontally from `at`, having just moved vertically
/// (`a` = 0) or horizontally (1), so the blank is right behind it.
type StepPlan = [[[i64; 2]; PLANNED_STEPS + 1]; PLANNED_STEPS + 1];

/// What the pushes of a move past the planned steps are assumed worth, in
/// [`MOVE_COST`] units: a plan that leaves more moves for later also
/// leaves more pushes for later.
const PUSHES_PAST_PLAN: i64 = 1;

/// Side of the window of cells whose pushes a plan looks at: the
/// lookahead and its ring.
const PLAN_SIDE: usize = PLANNED_STEPS + 3;

/// Plans the next `PLANNED_STEPS` steps of the tile at `at` by dynamic programming
/// over its shortest staircases: each step costs its ring route and slide
/// in [`MOVE_COST`] units less the pushes of that route on the board as it
/// is now (skipping the cells the trip will have changed), and the steps
/// past them cost [`trip_cost`]. Tiles pushed now are worth more
/// than the next step's pushes alone show, so the whole stretch is weighed.
fn plan_ahead(grid: &PaddedGrid, weights: &PushWeights, at: usize, dest: usize) -> StepPlan {
    let (tr, tc) = grid.coords(at);
    let (dr, dc) = grid.coords(dest);
    let (rows_left, cols_left) = (tr.abs_diff(dr), tc.abs_diff(dc));
    let vertical = if dr < tr { Dir::N } else { Dir::S };
    let horizontal = if dc < tc { Dir::W } else { Dir::E };
    let dirs = [vertical, horizontal];
    let (down, right) = (vertical.delta().0, horizontal.delta().1);
    let planned = PLANNED_STEPS.min(rows_left + cols_left);
    let table = ring_table();
    let unit = i64::from(MOVE_COST);
    // The worth of pushing the tile in window cell (u, v) (index
    // (u + 1) * PLAN_SIDE + v + 1, from one row and column before the
    // lookahead's first) each way, for every cell a ring route of the plan
    // can pass. The tile's own cell and the blank's hold other tiles by then.
    let mut pushes = [[0i32; 4]; PLAN_SIDE * PLAN_SIDE];
    let last_u = rows_left.min(planned - 1) as isize + 1;
    let last_v = cols_left.min(planned - 1) as isize + 1;
    for u in -1..=last_u {
        let r = tr.wrapping_add_signed(u * down);
        for v in -1..=last_v.min(planned as isize + 1 - u) {
            let c = tc.wrapping_add_signed(v * right);
            let cell = r * grid.width + c;
            if cell == at || cell == grid.blank {
                continue;
            }
            let (hr, hc) = grid.home_of_cell(cell);
            let weight = weights.of(hr, hc);
            pushes[((u + 1) * PLAN_SIDE as isize + v + 1) as usize] = [
                gain_along(r, hr, -1, weight),
                gain_along(c, hc, 1, weight),
                gain_along(r, hr, 1, weight),
                gain_along(c, hc, -1, weight),
            ];
        }
    }
    // A board step in window indices.
    let window_step = Dir::ALL.map(|d| d.delta().0 * down * PLAN_SIDE as isize + d.delta().1 * right);
    let mut values: StepPlan = [[[0; 2]; PLANNED_STEPS + 1]; PLANNED_STEPS + 1];
    for taken in (1..=planned).rev() {
        for i in taken.saturating_sub(cols_left)..=taken.min(rows_left) {
            let j = taken - i;
            let (rows, cols) = (rows_left - i, cols_left - j);
            if taken == planned {
                let past = unit - PUSHES_PAST_PLAN;
                values[i][j] = [trip_cost(rows, cols) as i64 * past, trip_cost(cols, rows) as i64 * past];
                continue;
            }
            let here = at
                .wrapping_add_signed(grid.offset(vertical) * i as isize)
                .wrapping_add_signed(grid.offset(horizontal) * j as isize);
            let mask = ring_mask_after(grid, here, at);
            for arrived in 0..2 {
                let from = dirs[arrived].opposite();
                let mut best = i64::MAX;
                for (k, dir) in dirs.into_iter().enumerate() {
                    let left = if k == 0 { rows } else { cols };
                    if left == 0 || !grid.is_free(grid.step(here, dir)) {
                        continue;
                    }
                    let step = match table.choices(mask, from, dir) {
                        [Some(route), other] => {
                            let start = ((i + 1) * PLAN_SIDE + j + 1).wrapping_add_signed(window_step[from as usize]);
                            let mut gain = route_gain(&pushes, start, route, &window_step);
                            if let Some(other) = other {
                                gain = gain.max(route_gain(&pushes, start, other, &window_step));
                            }
                            (route.len() + 1) as i64 * unit - i64::from(gain)
                        }
                        _ => (BLOCKED_RING + 1) as i64 * unit,
                    };
                    let next = values[i + usize::from(k == 0)][j + usize::from(k == 1)][k];
                    best = best.min(step + next);
                }
                values[i][j][arrived] = if best == i64::MAX {
                    // Boxed in: the tile must detour round.
                    (trip_cost(rows, cols) + 2 * BLOCKED_RING) as i64 * unit
                } else {
                    best
                };
            }
        }
    }
    values
}

/// The pushes of a ring route with the blank starting in window cell
/// `start`.
#[inline]
fn route_gain(pushes: &[[i32; 4]], start: usize, route: &RingRoute, window_step: &[isize; 4]) -> i32 {
    let mut cell = start;
    let mut gain = 0;
    for &dir in route.dirs() {
        cell = cell.wrapping_add_signed(window_step[dir as usize]);
        gain += pushes[cell][dir.opposite() as usize];
    }
    gain
}

/// Routes the blank to the cell on side `dir` of the tile at `at`.
fn bring_blank_in_front(
    grid: &mut PaddedGrid,
    scratch: &mut Scratch,
    at: usize,
    dir: Dir,
    side: Option<Dir>,
    sink: &mut Sink<'_>,
) -> bool {
    let front = grid.step(at, dir);
    if side.is_some() && route_round(grid, scratch, at, dir, sink) {
        return true;
    }
    route_blank(grid, scratch, front, sink)
}

/// Estimated moves for the blank to reach `front`, going round the tile
/// at `at` when the tile sits on the straight line between them.
fn approach_estimate(grid: &PaddedGrid, at: usize, front: usize) -> usize {
    let (br, bc) = grid.coords(grid.blank);
    let (fr, fc) = grid.coords(front);
    let (tr, tc) = grid.coords(at);
    let between = |a: usize, t: usize, b: usize| (a < t && t < b) || (b < t && t < a);
    let blocked_line = (br == fr && br == tr && between(bc, tc, fc)) || (bc == fc && bc == tc && between(br, tr, fr));
    grid.distance(grid.blank, front) + if blocked_line { 2 } else { 0 }
}

/// First step of a shortest path for the tile over free cells, found by
/// breadth-first search, for when no step toward `dest` is open.
fn detour_direction(grid: &PaddedGrid, at: usize, dest: usize) -> Option<Dir> {
    let path = bfs(
        &at,
        |&i| Dir::ALL.into_iter().map(move |d| grid.step(i, d)).filter(|&n| grid.is_free(n) || n == grid.blank),
        |&i| i == dest,
    )?;
    path.get(1).map(|&next| grid.dir_between(at, next))
}
