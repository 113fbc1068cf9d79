//! Exact searches: the small search over where a few tracked tiles and the
//! blank can be, the endgames it finishes, and `--finish exact`.

pub(super) mod endgame;
pub(super) mod finish;
pub(super) mod tile_search;
