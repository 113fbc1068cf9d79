//! The planner's working space: everything its algorithms keep between
//! calls so that a move allocates nothing, apart from the board itself.

use crate::board::{Pos, Tile};

use super::detour::Detour;
use super::push::PushWeights;

/// Counts of how routes were found, for `--stats` and benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RouteStats {
    /// Blank moves round a travelling tile answered by the ring table.
    pub ring: u64,
    /// Approaches found among the shortest paths near the straight line.
    pub direct: u64,
    /// Routes that needed an A* search.
    pub searched: u64,
    /// Approaches by the cheapest route, moves less pushes, rather than
    /// the shortest (`normal` and `best` on big boards).
    pub detours: u64,
}

/// Buffers, tables and settings the router, transport and endgame searches
/// work in. The planner owns one and lends it out with the [`PaddedGrid`](crate::human::grid::PaddedGrid).
#[derive(Default)]
pub(in crate::human) struct Scratch {
    /// How much a push counts, by how soon the tile is placed; set by the
    /// planner at each phase.
    pub(in crate::human) weights: PushWeights,
    /// How a travelling tile weighs its next step (see [`TripStyle`]).
    pub(in crate::human) style: TripStyle,
    /// The slides of a trip tried and taken back (see `tries`), as
    /// (tile, from, to).
    pub(in crate::human) trail: Vec<(Tile, Pos, Pos)>,
    /// The route being walked, as padded indices.
    pub(in crate::human) path: Vec<usize>,
    /// The same route as cells, for the `BlankRouted` event.
    pub(in crate::human) path_cells: Vec<Pos>,
    /// The approach's dynamic programme: per row (first column, last
    /// column, offset into `approach_best`), and the best gains.
    pub(in crate::human) approach_rows: Vec<(usize, usize, usize)>,
    pub(in crate::human) approach_best: Vec<i32>,
    /// The detour search's rows (see [`Approach::Detour`]).
    pub(in crate::human) detour: Detour,
    /// How the routes were found so far.
    pub(in crate::human) stats: RouteStats,
}

/// How a travelling tile picks its next step: the plain rule, or one of the
/// variations a trip is tried with. A tile on open ground has many equally
/// short trips (a staircase with its straight stretch early or late); these
/// move its turns elsewhere and change which tiles the blank pushes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::human) struct TripStyle {
    /// Plan the tile's next steps for their pushes (see `transport`)
    /// rather than weigh each step alone: `normal` and `best` on boards
    /// too big for look-ahead.
    pub(in crate::human) plan_ahead: bool,
    /// How the blank comes to the tile when it is not beside it.
    pub(in crate::human) approach: Approach,
    /// Added to a step's score when it is vertical (in the units of
    /// [`PushWeights`]: a move is 5).
    pub(in crate::human) vertical_bias: i64,
}

impl TripStyle {
    /// The plain rule.
    pub(in crate::human) const PLAIN: TripStyle =
        TripStyle { plan_ahead: false, approach: Approach::Shortest, vertical_bias: 0 };

    /// Trips planned ahead, approached by detours through the whole box:
    /// `normal` and `best` on big boards.
    #[cfg_attr(not(feature = "testing"), allow(dead_code))]
    pub(in crate::human) const PLANNED: TripStyle =
        TripStyle { plan_ahead: true, approach: Approach::Detour { band: None }, vertical_bias: 0 };

    /// Approached by detours within `band` cells of the straight line, not
    /// planned ahead: `normal` and `best` on boards above 300×300.
    #[cfg_attr(not(feature = "testing"), allow(dead_code))]
    pub(in crate::human) const fn detouring(band: usize) -> TripStyle {
        TripStyle { approach: Approach::Detour { band: Some(band) }, ..TripStyle::PLAIN }
    }
}

/// How the blank comes to a tile (or any cell it is routed to).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::human) enum Approach {
    /// A shortest route, the one near the straight line that pushes best.
    Shortest,
    /// The cheapest route in moves less its pushes' worth, maybe a few
    /// moves longer (see `detour`): inside the box round the blank and its
    /// goal, and within `band` cells of the straight line when given.
    Detour { band: Option<usize> },
}

impl Default for TripStyle {
    fn default() -> TripStyle {
        TripStyle::PLAIN
    }
}
