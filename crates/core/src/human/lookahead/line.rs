//! A line as the beam search sees it: its placements cut into stages, each
//! with one goal, and the cells each stage keeps the blank out of.

use crate::board::{Pos, Tile, tile_for};

use super::table::StageTarget;
use crate::human::cell_rect::CellRect;
use crate::human::event::Region;
use crate::human::schedule::{PairCells, Placement};

/// No rank: the tile is not one of the line's.
pub(super) const NO_RANK: u16 = u16::MAX;
/// A cell locked for the whole line.
pub(super) const WALL: u16 = 0;

/// What a stage asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Goal {
    /// Bring `tile` to the target.
    Reach { tile: Tile, target: StageTarget },
    /// The blank steps this way (a pair turning in).
    Forced(usize),
}

/// A pair already home when its first stage begins: skip to `to`.
#[derive(Clone, Copy, Debug)]
pub(super) struct AlreadyHome {
    pub(super) cells: [(Tile, usize); 2],
    pub(super) to: usize,
}

#[derive(Clone, Copy, Debug)]
pub(super) struct LineStage {
    pub(super) goal: Goal,
    /// Cells whose lock rank is below this are out of the blank's way.
    pub(super) locked: u16,
    /// The line's tiles ranked below this are placed or being placed: the
    /// stage's exact cost covers them, not their distance from home.
    pub(super) current: u16,
    /// Index of the placement the stage belongs to.
    pub(super) placement: usize,
    pub(super) skip: Option<AlreadyHome>,
    /// A tile that must not be in these cells when the stage ends: a
    /// pair's second tile in its partner's home would be shut in there, and
    /// from the corner it is pushed there.
    pub(super) keep_out: Option<(Tile, [usize; 2])>,
}

/// One placement of the line, for the events.
#[derive(Clone, Copy, Debug)]
pub(super) struct LinePart {
    pub(super) region: Region,
    pub(super) tiles: [Tile; 2],
    pub(super) homes: [Pos; 2],
    pub(super) len: usize,
}

/// The line: stages in order and the cells locked as they finish.
pub(super) struct StagedLine {
    /// The board's shape, for the tiles' homes.
    pub(super) rows: usize,
    pub(super) cols: usize,
    pub(super) stages: Vec<LineStage>,
    /// Cells locked as stages finish, in order.
    pub(super) locks: Vec<usize>,
    /// Per area cell: its index in `locks`, `NO_RANK`, or `WALL` for a
    /// cell locked before the line began (a line resumed tile by tile).
    pub(super) lock_rank: Vec<u16>,
    /// The line's tiles, in the order they are placed.
    pub(super) tiles: Vec<Tile>,
    pub(super) parts: Vec<LinePart>,
}

impl StagedLine {
    /// Cuts `placements` (singles and pairs) into stages; `locked` marks the
    /// area's cells locked already.
    pub(super) fn new(
        area: &CellRect,
        rows: usize,
        cols: usize,
        placements: &[Placement],
        locked: &[bool],
    ) -> StagedLine {
        let mut line = StagedLine {
            rows,
            cols,
            stages: Vec::new(),
            locks: Vec::new(),
            lock_rank: Vec::new(),
            tiles: Vec::new(),
            parts: Vec::new(),
        };
        for (placement, &p) in placements.iter().enumerate() {
            let tile = |r: usize, c: usize| tile_for(Pos::new(r, c), rows, cols);
            match p {
                Placement::Single { row, col } => {
                    let t = tile(row, col);
                    let cell = area.cell_of(row, col);
                    line.tiles.push(t);
                    line.stages.push(LineStage {
                        goal: Goal::Reach { tile: t, target: StageTarget::Tile { cell } },
                        locked: line.locks.len() as u16 + 1,
                        current: line.tiles.len() as u16,
                        placement,
                        skip: None,
                        keep_out: None,
                    });
                    line.locks.push(cell);
                    line.parts.push(LinePart {
                        region: Region::TopLeft,
                        tiles: [t, 0],
                        homes: [Pos::new(row, col), Pos::new(row, col)],
                        len: 1,
                    });
                }
                Placement::RightPair { .. } | Placement::BottomPair { .. } => {
                    let pair = p.pair(rows, cols).expect("a pair");
                    line.push_pair(area, placement, pair);
                }
                Placement::LastBlock => unreachable!("the last block is not a line"),
            }
        }
        // Ranks count from 1, so that WALL is below every stage's count.
        line.lock_rank = locked.iter().map(|&l| if l { WALL } else { NO_RANK }).collect();
        for (k, &cell) in line.locks.iter().enumerate() {
            line.lock_rank[cell] = k as u16 + 1;
        }
        line
    }

    /// A pair's stages, the way a person puts it home (see [`PairCells`]).
    fn push_pair(&mut self, area: &CellRect, placement: usize, pair: PairCells) {
        let PairCells { region, homes, park, turn } = pair;
        let [first, second] = homes.map(|h| tile_for(h, self.rows, self.cols));
        let [first_home, corner] = homes.map(|h| area.cell_of(h.row, h.col));
        let park = area.cell_of(park.row, park.col);
        let locked = self.locks.len() as u16 + 1;
        self.tiles.push(first);
        let skip_to = self.stages.len() + 4;
        self.stages.push(LineStage {
            goal: Goal::Reach { tile: first, target: StageTarget::Tile { cell: corner } },
            locked,
            current: self.tiles.len() as u16,
            placement,
            skip: Some(AlreadyHome { cells: [(first, first_home), (second, corner)], to: skip_to }),
            keep_out: Some((second, [first_home, corner])),
        });
        self.tiles.push(second);
        let current = self.tiles.len() as u16;
        self.stages.push(LineStage {
            goal: Goal::Reach { tile: second, target: StageTarget::Tuck { cell: park, blank: first_home } },
            locked: locked + 1,
            current,
            placement,
            skip: None,
            keep_out: None,
        });
        for dir in turn {
            self.stages.push(LineStage {
                goal: Goal::Forced(dir as usize),
                locked: locked + 1,
                current,
                placement,
                skip: None,
                keep_out: None,
            });
        }
        self.locks.push(corner);
        self.locks.push(first_home);
        self.parts.push(LinePart { region, tiles: [first, second], homes, len: 2 });
    }

    /// How many forced moves follow stage `k` (a pair's turn).
    pub(super) fn forced_after(&self, k: usize) -> usize {
        self.stages[k + 1..].iter().take_while(|s| matches!(s.goal, Goal::Forced(_))).count()
    }

    /// Blank-may-not-enter marks for the area during stage `k`.
    pub(super) fn blocked(&self, k: usize, out: &mut Vec<bool>) {
        let locked = self.stages[k].locked;
        out.clear();
        out.extend(self.lock_rank.iter().map(|&r| r < locked));
    }
}
