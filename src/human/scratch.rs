//! The planner's working space: everything its algorithms keep between
//! calls so that a move allocates nothing, apart from the board itself.

use crate::board::Pos;

use super::push::Weights;
use super::tile_search::TileSearch;

/// Counts of how routes were found, for `--stats` and benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RouteStats {
    /// Blank moves round a travelling tile answered by the ring table.
    pub ring: u64,
    /// Approaches found among the shortest paths near the straight line.
    pub direct: u64,
    /// Routes that needed an A* search.
    pub searched: u64,
}

/// Buffers, tables and settings the router, transport and endgame searches
/// work in. The planner owns one and lends it out with the [`Grid`](super::grid::Grid).
#[derive(Default)]
pub(super) struct Scratch {
    /// How much a push counts, by how soon the tile is placed; set by the
    /// planner at each phase.
    pub(super) weights: Weights,
    /// The route being walked, as padded indices.
    pub(super) path: Vec<usize>,
    /// The same route as cells, for the `BlankRouted` event.
    pub(super) path_cells: Vec<Pos>,
    /// The approach's dynamic programme: per row (first column, last
    /// column, offset into `approach_best`), and the best gains.
    pub(super) approach_rows: Vec<(usize, usize, usize)>,
    pub(super) approach_best: Vec<i32>,
    /// Tables for the endgame and exact-stage searches.
    pub(super) search: TileSearch,
    /// How the routes were found so far.
    pub(super) stats: RouteStats,
}
