//! What pushing a tile is worth.
//!
//! Every step of the blank slides one tile one cell. When the tile ends up
//! nearer its home, a later trip to fetch it is shorter, so the router
//! prefers, among routes of equal length, the one whose pushes are worth
//! most; and a push counts more the sooner its tile will be placed.

use crate::human::grid::{Dir, PaddedGrid};

/// What a move costs in the units of [`PushWeights`]: a push of an ordinary
/// tile toward home is worth 2/5 of a move, one in the lines placed next up
/// to 12/5.
pub(in crate::human) const MOVE_COST: i32 = 5;

/// How much pushing a tile one step nearer home is worth, by how soon the
/// tile will be placed: its distance in lines from the unsolved region's
/// top row and left column. The worth falls linearly from 12 (the line
/// being placed) to 2 over the first 30 % of the region's side, then stays
/// 2: a push helps most when it saves a trip soon, before the blank's later
/// sweeps push the tile about again.
#[derive(Clone, Debug)]
pub(in crate::human) struct PushWeights {
    /// Padded top row and left column of the unsolved region; `FAR` when
    /// that side is not being swept.
    top: usize,
    left: usize,
    /// Worth of a push of a tile k lines in (the last entry for all farther).
    table: [i32; 1024],
}

/// A frontier no home is near: `home - FAR` wraps to a huge distance.
pub(in crate::human) const FAR: usize = usize::MAX / 2;

impl Default for PushWeights {
    fn default() -> PushWeights {
        PushWeights::flat()
    }
}

impl PushWeights {
    /// Worth of a push far from the frontier, and at it.
    const BASE: i32 = 2;
    const FRONT: i32 = 12;
    /// Percent of the region's side over which the worth falls.
    const REACH_PERCENT: usize = 30;

    /// The same worth for every tile (no line is being swept).
    pub(in crate::human) fn flat() -> PushWeights {
        PushWeights { top: FAR, left: FAR, table: [Self::BASE; 1024] }
    }

    /// Sweeping from padded row `top` and column `left` (either `FAR`),
    /// with `side` the unsolved region's shorter side.
    pub(in crate::human) fn sweeping(top: usize, left: usize, side: usize) -> PushWeights {
        let reach = side.saturating_mul(Self::REACH_PERCENT).div_ceil(100).max(1) as i64;
        let (front, base) = (i64::from(Self::FRONT), i64::from(Self::BASE));
        let table = std::array::from_fn(|k| {
            let k = k as i64;
            (base + (front - base) * (reach - k).max(0) / reach) as i32
        });
        PushWeights { top, left, table }
    }

    /// Worth of a push of the tile whose home is padded (`hr`, `hc`).
    #[inline]
    pub(in crate::human) fn of(&self, hr: usize, hc: usize) -> i32 {
        let lines = hr.wrapping_sub(self.top).min(hc.wrapping_sub(self.left));
        self.table[lines.min(self.table.len() - 1)]
    }
}

/// The one rule for a push along one axis: `weight` when the tile at
/// coordinate `here` moves one step toward `home` (`tile_step` is −1 or +1
/// along that axis), else `-weight`.
#[inline]
pub(in crate::human) fn gain_along(here: usize, home: usize, tile_step: isize, weight: i32) -> i32 {
    gain_toward((home as isize - here as isize) * tile_step, weight)
}

/// `weight` when a step's share of the way home (the way home times the
/// step, summed over both axes) is positive, else `-weight`.
#[inline]
fn gain_toward(share: isize, weight: i32) -> i32 {
    if share > 0 { weight } else { -weight }
}

/// The worth of moving the tile in `cell` (padded row `r`, column `c`)
/// one step `dir`.
#[inline]
pub(in crate::human) fn push_gain_at(
    grid: &PaddedGrid,
    weights: &PushWeights,
    cell: usize,
    r: usize,
    c: usize,
    dir: Dir,
) -> i32 {
    let (hr, hc) = grid.home_of_cell(cell);
    let weight = weights.of(hr, hc);
    let (dr, dc) = dir.delta();
    // Both axes at once (the step along the other is 0, so it adds 0):
    // no branch on the route's turns.
    gain_toward((hr as isize - r as isize) * dr + (hc as isize - c as isize) * dc, weight)
}

/// The summed worth of the pushes when the blank walks `dirs` from where it
/// is: each tile on the way moves back one cell.
pub(in crate::human) fn push_gain(grid: &PaddedGrid, weights: &PushWeights, dirs: &[Dir]) -> i32 {
    let (mut at, (mut r, mut c)) = (grid.blank, grid.blank_coords());
    let mut gain = 0;
    for &dir in dirs {
        at = grid.step(at, dir);
        r = r.wrapping_add_signed(dir.delta().0);
        c = c.wrapping_add_signed(dir.delta().1);
        gain += push_gain_at(grid, weights, at, r, c, dir.opposite());
    }
    gain
}
