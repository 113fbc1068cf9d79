//! What the planner reports as it works: phases, regions and events.

use std::fmt;

use crate::board::{Move, Pos, Tile};

/// A stretch of the solve a viewer can jump between.
///
/// The rows order has `Row(0)`, `Row(1)`, …, then `BottomRows`, then
/// `LastBlock`; the shells order alternates `Row(r)` and `Column(c)` (after
/// cutting a long board to a square with rows or columns alone).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Phase {
    /// One of the top rows: its left tiles one by one, then its right pair.
    Row(usize),
    /// One of the left columns (shells order): its upper tiles one by one,
    /// then its bottom pair.
    Column(usize),
    /// The bottom two rows, one column pair at a time from the left.
    BottomRows,
    /// The last 2×2 block.
    LastBlock,
    /// Exact stages (`--finish exact`): the last cells, solved optimally.
    Rest,
}

impl Phase {
    /// Short name used in JSON and tables: `top-rows`, `left-columns`,
    /// `bottom-rows`, `last-block` or `rest`.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Phase::Row(_) => "top-rows",
            Phase::Column(_) => "left-columns",
            Phase::BottomRows => "bottom-rows",
            Phase::LastBlock => "last-block",
            Phase::Rest => "rest",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Phase::Row(r) => write!(f, "row {}", r + 1),
            Phase::Column(c) => write!(f, "column {}", c + 1),
            Phase::BottomRows => f.write_str("bottom rows"),
            Phase::LastBlock => f.write_str("last block"),
            Phase::Rest => f.write_str("the rest"),
        }
    }
}

/// The part of the board a placement fills (see `docs/strategy.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Region {
    /// All but the last two rows and columns: placed one tile at a time.
    TopLeft,
    /// The last two columns above the bottom two rows: placed as row pairs.
    RightColumns,
    /// The bottom two rows left of the last two columns: placed as column pairs.
    BottomRows,
    /// The 2×2 corner: its three tiles turned home together.
    LastBlock,
    /// Exact stages (`--finish exact`): a whole line, or everything left,
    /// put home by one exact search.
    Exact,
}

impl Region {
    /// Short name: `top-left`, `right-columns`, `bottom-rows`, `last-block` or `exact`.
    pub const fn name(self) -> &'static str {
        match self {
            Region::TopLeft => "top-left",
            Region::RightColumns => "right-columns",
            Region::BottomRows => "bottom-rows",
            Region::LastBlock => "last-block",
            Region::Exact => "exact",
        }
    }
}

impl Region {
    /// The rectangle of cells `(top, left, bottom, right)`, bottom and right
    /// exclusive, that the region covers on a `rows`×`cols` board, as
    /// `docs/strategy.md` draws it; an exact stage covers its group's homes.
    pub fn area(self, group: Group, rows: usize, cols: usize) -> (usize, usize, usize, usize) {
        let (r2, c2) = (rows.saturating_sub(2), cols.saturating_sub(2));
        match self {
            Region::TopLeft => (0, 0, r2, c2),
            Region::RightColumns => (0, c2, r2, cols),
            Region::BottomRows => (r2, 0, rows, c2),
            Region::LastBlock => (r2, c2, rows, cols),
            Region::Exact => group.tiles().iter().fold((rows, cols, 0, 0), |(t, l, b, r), &tile| {
                let home = crate::board::home_of(tile, rows, cols);
                (t.min(home.row), l.min(home.col), b.max(home.row + 1), r.max(home.col + 1))
            }),
        }
    }
}

impl fmt::Display for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Region::TopLeft => "top-left block",
            Region::RightColumns => "right columns",
            Region::BottomRows => "bottom rows",
            Region::LastBlock => "last 2×2 block",
            Region::Exact => "exact stage",
        })
    }
}

/// The tiles a placement puts home, without allocating: one, a pair, the
/// last block's three, or an exact stage's (up to fifteen).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Group {
    tiles: [Tile; Group::MAX],
    len: u8,
}

impl Group {
    /// The most tiles a group holds.
    pub const MAX: usize = 15;

    /// A group of one to `Group::MAX` tiles.
    ///
    /// ```
    /// use fifteen_core::human::Group;
    /// assert_eq!(Group::new(&[3, 4]).tiles(), &[3, 4]);
    /// ```
    pub fn new(tiles: &[Tile]) -> Group {
        assert!(!tiles.is_empty() && tiles.len() <= Group::MAX, "a group holds one to fifteen tiles");
        let mut group = Group { tiles: [0; Group::MAX], len: tiles.len() as u8 };
        group.tiles[..tiles.len()].copy_from_slice(tiles);
        group
    }

    /// The tiles, in placing order.
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles[..self.len as usize]
    }
}

impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, tile) in self.tiles().iter().enumerate() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            write!(f, "{tile}")?;
        }
        Ok(())
    }
}

/// One thing the planner does, reported **before** it happens to the board.
///
/// Borrowed slices point into the planner's scratch space, so reporting
/// allocates nothing; copy what you need to keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Event<'a> {
    /// A phase begins.
    PhaseStarted(Phase),
    /// The planner starts putting these tiles home in this region. Each
    /// placement is announced once, and the next event about placements is
    /// its [`Event::Locked`].
    Placement {
        /// The region the tiles belong to.
        region: Region,
        /// The tiles, with their homes given by the board's shape.
        group: Group,
    },
    /// A tile is about to travel (to its home, or to a parking cell for a pair).
    TileTargeted {
        /// The tile.
        tile: Tile,
        /// Where it is.
        from: Pos,
        /// Where it is going.
        to: Pos,
    },
    /// The blank is about to follow this path (its current cell excluded),
    /// found by the shortest-path router.
    BlankRouted {
        /// Cells the blank will pass through, in order.
        path: &'a [Pos],
    },
    /// A tile slides into the blank.
    Moved {
        /// The move, named by the tile's direction.
        mv: Move,
        /// The tile that slides.
        tile: Tile,
        /// Where the tile is.
        from: Pos,
        /// Where it goes (the blank's cell).
        to: Pos,
    },
    /// These tiles are home and will not move again.
    Locked {
        /// The tiles.
        group: Group,
    },
    /// A phase is over.
    PhaseFinished(Phase),
    /// The board is solved.
    Solved {
        /// Moves made in all.
        moves: u64,
    },
}

impl Event<'_> {
    /// The event as one that borrows nothing: any but a route.
    pub(super) fn without_route(&self) -> Option<Event<'static>> {
        Some(match *self {
            Event::BlankRouted { .. } => return None,
            Event::PhaseStarted(phase) => Event::PhaseStarted(phase),
            Event::Placement { region, group } => Event::Placement { region, group },
            Event::TileTargeted { tile, from, to } => Event::TileTargeted { tile, from, to },
            Event::Moved { mv, tile, from, to } => Event::Moved { mv, tile, from, to },
            Event::Locked { group } => Event::Locked { group },
            Event::PhaseFinished(phase) => Event::PhaseFinished(phase),
            Event::Solved { moves } => Event::Solved { moves },
        })
    }
}

/// Where the planner's steps report their events. The steps take it as a
/// trait object, not a type parameter, so that their code is compiled once
/// rather than once for every caller's closure: one indirect call per event
/// against a crate that builds (and rebuilds after a change) in a fraction
/// of the time.
pub(super) type Sink<'a> = dyn FnMut(&Event) + 'a;

/// Events kept to be reported later: a line built on a copy of the board
/// while the planner weighs it against another, reported only if it is
/// the one chosen. A route's cells are kept in one list beside them.
#[derive(Debug, Default)]
pub(super) struct EventLog {
    events: Vec<Kept>,
    routes: Vec<Pos>,
}

/// An event as the log keeps it: any but a route as it was, a route as
/// its cells' place in the log's list.
#[derive(Debug)]
enum Kept {
    Event(Event<'static>),
    Routed(std::ops::Range<usize>),
}

impl EventLog {
    /// Keeps `event` (a copy of its route, if it has one).
    pub(super) fn push(&mut self, event: &Event) {
        let kept = match (event.without_route(), event) {
            (Some(kept), _) => Kept::Event(kept),
            (None, Event::BlankRouted { path }) => {
                let start = self.routes.len();
                self.routes.extend_from_slice(path);
                Kept::Routed(start..self.routes.len())
            }
            (None, _) => unreachable!("only a route borrows"),
        };
        self.events.push(kept);
    }

    /// Reports every event kept, in order.
    pub(super) fn report(&self, sink: &mut Sink<'_>) {
        for kept in &self.events {
            match kept {
                Kept::Event(event) => sink(event),
                Kept::Routed(cells) => sink(&Event::BlankRouted { path: &self.routes[cells.clone()] }),
            }
        }
    }
}

#[cfg(test)]
mod examples {
    // What were examples in the docs of items only the crate uses.

    #[test]
    fn area() {
        use super::*;
        assert_eq!(Region::RightColumns.area(Group::new(&[3, 4]), 4, 4), (0, 2, 2, 4));
        assert_eq!(Region::Exact.area(Group::new(&[1, 2, 3, 4]), 4, 4), (0, 0, 1, 4));
    }
}
