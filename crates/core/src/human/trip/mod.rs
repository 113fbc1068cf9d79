//! The one-tile path: moving a single tile to a cell the way a person does,
//! the blank's routes to it, and what a push is worth on the way.

pub(super) mod detour;
pub(super) mod push;
pub(super) mod router;
pub(super) mod scratch;
pub(super) mod transport;
pub(super) mod tries;
