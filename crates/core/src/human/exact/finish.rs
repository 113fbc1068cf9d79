//! Exact stages (`--finish exact`): small boards solved line by line, each
//! line by an exact search, then the last twelve cells optimally.
//!
//! A person's pairs and 2×2 rotations cost a 4×4 about half as many moves
//! again as a shortest solution. In between lies solving stage by stage with
//! each stage exact: put the first row home in as few moves as possible
//! (breadth-first over where its tiles and the blank are), then solve the
//! 3×4 that remains optimally (IDA*). The phases stay visible: a row (or
//! column) stage, then the rest.

use crate::board::{Board, Move, Pos, Tile, home_of, tile_for};
use crate::human::event::Sink;
use crate::search::optimal;

use super::endgame::neighbour_slots;
use super::tile_search::{MAX_TRACKED, Ties, TileSearch, blank_walk};
use crate::human::event::{Event, Group, Phase, Region};
use crate::human::grid::{Dir, PaddedGrid};

/// How the end of a solve is played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Finish {
    /// The strategy all the way: single tiles, pairs, the last 2×2 block.
    #[default]
    Pairs,
    /// Boards of up to `MAX_EXACT_CELLS` cells: a line at a time by an
    /// exact search while more than `REST_CELLS` cells are unsolved, then
    /// the rest optimally. Far fewer moves (`docs/benchmarks.md` has the
    /// counts), but not how a person plays.
    Exact,
}

impl Finish {
    /// `pairs` or `exact`.
    pub const fn name(self) -> &'static str {
        match self {
            Finish::Pairs => "pairs",
            Finish::Exact => "exact",
        }
    }
}

/// The largest board (in cells) exact stages take: 4×4, 3×5, 5×3, 2×8, …
pub const MAX_EXACT_CELLS: usize = 16;

/// Unsolved cells left to the optimal search at the end (a 3×4).
pub(crate) const REST_CELLS: usize = 12;

/// The same for a two-wide rest: its shortest solutions run longer, and
/// the optimal search's time grows steeply with them, so a thin rest is
/// kept smaller.
const THIN_REST_CELLS: usize = 10;

/// The longest line a stage places (a 4×4's row).
const MAX_LINE: usize = MAX_TRACKED;

/// The unsolved rectangle of an exact-stage solve, and what comes next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::human) struct ExactFinish {
    top: usize,
    left: usize,
    done: bool,
}

/// The next stage: a line of the unsolved rectangle, or the rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FinishStep {
    Row(usize),
    Column(usize),
    Rest,
}

impl ExactFinish {
    pub(in crate::human) fn new() -> ExactFinish {
        ExactFinish { top: 0, left: 0, done: false }
    }

    fn next(&self, rows: usize, cols: usize) -> Option<FinishStep> {
        let (height, width) = (rows - self.top, cols - self.left);
        if self.done {
            None
        } else if height * width <= REST_CELLS && height.min(width) > 2 || height * width <= THIN_REST_CELLS {
            Some(FinishStep::Rest)
        } else if height > 2 && (height >= width || width == 2) {
            Some(FinishStep::Row(self.top))
        } else {
            Some(FinishStep::Column(self.left))
        }
    }

    /// Plays the next stage; false once the board is solved.
    pub(in crate::human) fn step(
        &mut self,
        grid: &mut PaddedGrid,
        search: &mut TileSearch,
        sink: &mut Sink<'_>,
    ) -> bool {
        let (rows, cols) = (grid.rows, grid.cols);
        let Some(stage) = self.next(rows, cols) else { return false };
        let cells: Vec<(usize, usize)> = match stage {
            FinishStep::Row(r) => (self.left..cols).map(|c| (r, c)).collect(),
            FinishStep::Column(c) => (self.top..rows).map(|r| (r, c)).collect(),
            FinishStep::Rest => (self.top..rows)
                .flat_map(|r| (self.left..cols).map(move |c| (r, c)))
                .filter(|&(r, c)| (r, c) != (rows - 1, cols - 1))
                .collect(),
        };
        let phase = match stage {
            FinishStep::Row(r) => Phase::Row(r),
            FinishStep::Column(c) => Phase::Column(c),
            FinishStep::Rest => Phase::Rest,
        };
        let tiles: Vec<Tile> = cells.iter().map(|&(r, c)| tile_for(Pos::new(r, c), rows, cols)).collect();
        let group = Group::new(&tiles);
        sink(&Event::PhaseStarted(phase));
        sink(&Event::Placement { region: Region::Exact, group });
        let moves = match stage {
            FinishStep::Rest => self.rest_moves(grid),
            _ => line_moves(grid, search, &tiles),
        };
        for mv in moves {
            let dir = Dir::ALL.into_iter().find(|d| d.tile_move() == mv).expect("every move has a blank step");
            grid.slide(dir, sink);
        }
        sink(&Event::Locked { group });
        for &(r, c) in &cells {
            let home = grid.index(r, c);
            grid.lock(home);
        }
        sink(&Event::PhaseFinished(phase));
        match stage {
            FinishStep::Row(_) => self.top += 1,
            FinishStep::Column(_) => self.left += 1,
            FinishStep::Rest => self.done = true,
        }
        true
    }

    /// A shortest solution of the unsolved rectangle, as its own puzzle.
    fn rest_moves(&self, grid: &PaddedGrid) -> Vec<Move> {
        let (rows, cols) = (grid.rows, grid.cols);
        let (height, width) = (rows - self.top, cols - self.left);
        let mut cells = Vec::with_capacity(height * width);
        for r in self.top..rows {
            for c in self.left..cols {
                let tile = grid.tile_in(grid.index(r, c));
                cells.push(if tile == 0 {
                    0
                } else {
                    let home = home_of(tile, rows, cols);
                    tile_for(Pos::new(home.row - self.top, home.col - self.left), height, width)
                });
            }
        }
        let rest = Board::from_cells(height, width, cells).expect("the unsolved rectangle holds its own tiles");
        optimal::solve(&rest).expect("the rest of a solvable board is solvable").moves.0
    }
}

/// The fewest moves that put `tiles` home (the unsolved cells are all that
/// may move): breadth-first over the cells of those tiles and the blank.
fn line_moves(grid: &PaddedGrid, search: &mut TileSearch, tiles: &[Tile]) -> Vec<Move> {
    let (rows, cols) = (grid.rows, grid.cols);
    let free: Vec<usize> = (0..rows)
        .flat_map(|r| (0..cols).map(move |c| (r, c)))
        .map(|(r, c)| grid.index(r, c))
        .filter(|&i| grid.is_free(i))
        .collect();
    let slot = |cell: usize| free.iter().position(|&f| f == cell).map(|s| s as u8);
    let neighbours = neighbour_slots(grid, &free);
    assert!(tiles.len() <= MAX_LINE, "exact stages place lines of at most {MAX_LINE} tiles");
    let mut slots: Vec<u8> = tiles.iter().map(|&t| slot(grid.where_is(t)).expect("an unlocked tile")).collect();
    slots.push(slot(grid.blank).expect("the blank is free"));
    let goal: Vec<u8> = tiles
        .iter()
        .map(|&t| {
            let home = home_of(t, rows, cols);
            slot(grid.index(home.row, home.col)).expect("a free home")
        })
        .collect();
    let blanks = blank_walk(search, &slots, &goal, &neighbours, None, Ties::OldestFirst)
        .expect("a line of a solvable board can always be put home");
    let mut from = grid.blank;
    blanks
        .into_iter()
        .map(|s| {
            let to = free[usize::from(s)];
            let mv = grid.dir_between(from, to).tile_move();
            from = to;
            mv
        })
        .collect()
}
