//! What the planner reports as it works: phases, regions and events.

use std::fmt;

use crate::board::{Move, Pos, Tile};

/// A stretch of the solve a viewer can jump between.
///
/// The rows order has `Row(0)`, `Row(1)`, …, then `BottomRows`, then
/// `LastBlock`; the shells order alternates `Row(r)` and `Column(c)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
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
}

impl Phase {
    /// Short name used in JSON and tables: `top-rows`, `left-columns`,
    /// `bottom-rows` or `last-block`.
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Row(_) => "top-rows",
            Phase::Column(_) => "left-columns",
            Phase::BottomRows => "bottom-rows",
            Phase::LastBlock => "last-block",
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
        }
    }
}

/// The part of the board a placement fills (see `strategy.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Region {
    /// All but the last two rows and columns: placed one tile at a time.
    TopLeft,
    /// The last two columns above the bottom two rows: placed as row pairs.
    RightColumns,
    /// The bottom two rows left of the last two columns: placed as column pairs.
    BottomRows,
    /// The 2×2 corner: its three tiles turned home together.
    LastBlock,
}

impl Region {
    /// Short name: `top-left`, `right-columns`, `bottom-rows` or `last-block`.
    pub const fn name(self) -> &'static str {
        match self {
            Region::TopLeft => "top-left",
            Region::RightColumns => "right-columns",
            Region::BottomRows => "bottom-rows",
            Region::LastBlock => "last-block",
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
        })
    }
}

/// The one, two or three tiles a placement puts home, without allocating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Group {
    tiles: [Tile; 3],
    len: u8,
}

impl Group {
    /// A group of up to three tiles.
    ///
    /// ```
    /// use fifteen::human::Group;
    /// assert_eq!(Group::new(&[3, 4]).tiles(), &[3, 4]);
    /// ```
    pub fn new(tiles: &[Tile]) -> Group {
        assert!(!tiles.is_empty() && tiles.len() <= 3, "a group holds one to three tiles");
        let mut group = Group { tiles: [0; 3], len: tiles.len() as u8 };
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
pub enum Event<'a> {
    /// A phase begins.
    PhaseStarted(Phase),
    /// The planner starts putting these tiles home in this region.
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
