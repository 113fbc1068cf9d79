//! Look-ahead (`--effort normal|best`): each line is built by a beam search
//! over the blank's moves instead of one tile at a time.
//!
//! Still the way a person works: region by region, line by line, a line's
//! single tiles one after another and its last two as a pair turned in
//! together. What changes is how far ahead the blank's path is planned:
//! over the whole line, with every move weighed by what it does for the
//! tile being placed (exactly) and for the tiles of the lines after it (by
//! their distance from home). See [`beam`] for the score.

mod beam;
mod line;
mod prune;
mod rolling;
mod table;
mod whole;

use crate::board::{Pos, Tile, home_of, tile_for};
use crate::human::event::Sink;

use super::cell_rect::CellRect;
use super::effort::{AreaBeam, Look, MAX_LOOKAHEAD_CELLS, Pull};
use super::event::{Event, Group, Phase};
use super::grid::{Dir, PaddedGrid};
use super::schedule::Placement;
use beam::{Beam, BeamStage, MOVE, NextLine, Scoring, beam_stages};
use line::{Goal, NO_RANK, StagedLine};
use rolling::{Rolling, RollingScratch};
use table::StageTarget;
use whole::{AreaCopies, Rounds, WholeScratch};

/// How much the tiles not yet placed count in a beam's score.
#[derive(Clone, Copy, Debug)]
struct BeamWeights {
    /// A tile of the next line, in moves per cell from home; each line
    /// after it counts less, by `FADE` on boards of up to about 22×22 and
    /// slower on bigger ones (see `fade_for`).
    next_line: f64,
    /// A later tile of the line being built: this share of its guessed cost.
    line_share: f64,
}

/// The weights of each [`Pull`]: a wide beam follows the strong one to
/// routes that push the later lines' tiles home; narrow beams (and the
/// rolling beam) lose their way under it. The rolling beam at its widest
/// gains from the line's own later tiles pulling harder, not the later
/// lines.
const fn weights(pull: Pull) -> BeamWeights {
    match pull {
        Pull::Light => BeamWeights { next_line: 2.0, line_share: 0.6 },
        Pull::Line => BeamWeights { next_line: 2.0, line_share: 0.7 },
        Pull::Strong => BeamWeights { next_line: 2.5, line_share: 0.7 },
    }
}

impl BeamWeights {
    /// How a beam scores the line's later tiles, their distance terms
    /// scaled by `scale` (below 1 when a stalled line is searched again).
    fn scoring(self, scale: f64) -> Scoring {
        Scoring { line: (self.line_share * scale * (PER_STEP * MOVE) as f64) as i64, per_step: PER_STEP, base: BASE }
    }
}
const FADE: f64 = 0.9;
/// What a cell of a next-line tile's distance counts, across its line (from
/// the line's row, or column) and along it, as a share of the next line's
/// weight, where an area beam weighs the two apart
/// ([`AreaBeam::split`]). Fitted on fifteen's own solves
/// (`examples/leftover.rs`, docs/fewest-moves.md, *What a line leaves*):
/// the moves the rest of a solve took after each line cost 2.9 a cell of
/// the next line's distance across and 1.6 along on 20×20, 2.5 and 1.3 on
/// 30×30; the same ratio, the mean kept at the beam's own weight.
pub(super) const NEXT_LINE_AXES: [f64; 2] = [1.28, 0.72];
/// Moves a conflict in the next line counts: two of its tiles in its row
/// (or column) in each other's order, one of which must go round the
/// other. Fitted with the shares above: 5.9 moves on 20×20, 6.0 on 30×30.
const CONFLICT: f64 = 6.0;
/// Guessed cost of a later tile of the line: moves per cell, plus a start.
const PER_STEP: i64 = 4;
const BASE: i64 = 4;
/// The least a tile of a later line counts in the rolling beam (moves per
/// cell), however far its line: on a big board most of the blank's moves
/// push tiles of lines far off, and this makes it choose, among equally
/// short routes, the one that pushes them home.
const ROLLING_FLOOR: f64 = 0.2;
/// When a line does not finish, it is searched again with the distance
/// terms scaled by this, up to this many times.
const RETRY_SCALE: f64 = 0.7;
const ATTEMPTS: usize = 3;

/// What one line came to.
pub(super) enum Outcome {
    /// Every placement of the line is home.
    Built,
    /// The search stalled with `done` placements home (their moves made).
    /// When `started`, the next one has been announced and perhaps partly
    /// made: the caller finishes that placement before any other.
    Stalled { done: usize, started: bool },
}

impl Outcome {
    /// A line given up before anything was announced or moved.
    const NOTHING_DONE: Outcome = Outcome::Stalled { done: 0, started: false };
}

/// Buffers kept between lines.
#[derive(Default)]
pub(super) struct Lookahead {
    rank: Vec<u16>,
    /// Each later tile's weight for a cell of its distance from home up or
    /// down, and left or right (see [`Beam::weight`]).
    weight: Vec<[i32; 2]>,
    board: Vec<u32>,
    coords: Vec<(u16, u16)>,
    homes: Vec<(u16, u16)>,
    /// The line's stages and its tiles' homes (by rank) in the numbering
    /// of the beam under way.
    stages: Vec<BeamStage>,
    line_homes: Vec<usize>,
    whole: WholeScratch,
    rolling: RollingScratch,
    /// The next line's conflicts, where the area beam weighs them.
    next: NextLine,
    /// Whether `next` holds the next line of the line under way.
    next_set: bool,
}

impl Lookahead {
    /// Buffers for lines whose area beam `threads` threads share (see
    /// [`HumanOptions::threads`](crate::human::HumanOptions::threads)).
    pub(super) fn new(threads: usize) -> Lookahead {
        Lookahead { whole: WholeScratch::new(threads), ..Lookahead::default() }
    }

    /// The work its searches have done: states expanded and stage-table
    /// entries built, over every line.
    pub(super) fn work(&self) -> u64 {
        self.whole.work + self.rolling.work
    }

    /// The pool of the threads lines may share, started when first
    /// needed; none on one thread (or if the threads cannot be started).
    pub(super) fn pool(&mut self) -> Option<&rayon::ThreadPool> {
        self.whole.pool()
    }

    /// Builds the line made of `placements` (singles and pairs of one
    /// phase) as `look` says, reporting each event before it happens.
    /// `later` yields the placements after the line, to weigh their tiles.
    /// [`Outcome::Stalled`] says how many placements are home when the
    /// search gave up (none, nothing announced and nothing moved, for the
    /// whole-area beam); the caller places the rest tile by tile.
    pub(super) fn place_line(
        &mut self,
        grid: &mut PaddedGrid,
        area: &CellRect,
        placements: &[Placement],
        later: impl Iterator<Item = (Phase, Placement)> + Clone,
        look: Look,
        sink: &mut Sink<'_>,
    ) -> Outcome {
        let (rows, cols) = (grid.rows, grid.cols);
        let locked: Vec<bool> = (area.top..area.top + area.height)
            .flat_map(|r| (area.left..area.left + area.width).map(move |c| (r, c)))
            .map(|(r, c)| grid.is_locked(grid.index(r, c)))
            .collect();
        let line = StagedLine::new(area, rows, cols, placements, &locked);
        self.rank.resize(rows * cols, NO_RANK);
        self.weight.resize(rows * cols, [0; 2]);
        for (k, &tile) in line.tiles.iter().enumerate() {
            self.rank[tile as usize] = k as u16;
        }
        let (weights, floor) = match look {
            Look::Whole(beam) => (weights(beam.pull), 0.0),
            Look::Rolling(_, pull) => (weights(pull), ROLLING_FLOOR * MOVE as f64),
            Look::Tiles => (weights(Pull::Light), ROLLING_FLOOR * MOVE as f64),
        };
        // Split only a next line that crosses this one (the shells order's
        // row then column), as the fit was made; in the rows order it is
        // the row below, and pulling its tiles up harder than along lost
        // (docs/fewest-moves.md).
        let split = match look {
            Look::Whole(AreaBeam { split: true, .. }) => line_kind(placements, rows, cols),
            _ => None,
        };
        self.next_set = split.is_some() && self.find_next_line(area, later.clone(), rows, cols);
        self.weigh_later_lines(later, rows, cols, (weights.next_line, floor), split);
        let outcome = match look {
            Look::Tiles => Outcome::NOTHING_DONE,
            Look::Whole(beam) => match self.search_whole(grid, area, &line, beam, weights) {
                Some(moves) => {
                    replay(grid, area, &line, &moves, sink);
                    Outcome::Built
                }
                None => Outcome::NOTHING_DONE,
            },
            Look::Rolling(..) if line.stages.len() >= rolling::MAX_STAGES => Outcome::NOTHING_DONE,
            Look::Rolling(width, _) => {
                let scoring = weights.scoring(1.0);
                rolling::prepare(grid, area, &line, &mut self.stages, &mut self.line_homes, &mut self.rolling);
                let beam = Beam {
                    stages: &self.stages,
                    rank: &self.rank,
                    weight: &self.weight,
                    homes: &self.line_homes,
                    scoring,
                    width,
                    next_line: None,
                };
                Rolling { beam, area, line: &line }.run(grid, &mut self.rolling, sink)
            }
        };
        for &tile in &line.tiles {
            self.rank[tile as usize] = NO_RANK;
        }
        outcome
    }

    /// The beam over the whole area: the line's moves, or `None` if it
    /// found no way.
    fn search_whole(
        &mut self,
        grid: &PaddedGrid,
        area: &CellRect,
        line: &StagedLine,
        area_beam: AreaBeam,
        weights: BeamWeights,
    ) -> Option<Vec<(u8, u32)>> {
        let (rows, cols) = (grid.rows, grid.cols);
        self.board.clear();
        self.coords.clear();
        self.homes.resize(rows * cols, (0, 0));
        for r in area.top..area.top + area.height {
            for c in area.left..area.left + area.width {
                let tile = grid.tile_in(grid.index(r, c));
                self.board.push(tile);
                self.coords.push(((r - area.top) as u16, (c - area.left) as u16));
                // Relative to the area's corner; in a window of a long
                // area a tile's home may lie beyond the window's far side.
                let home = home_of(tile, rows, cols);
                self.homes[tile as usize] = ((home.row - area.top) as u16, (home.col - area.left) as u16);
            }
        }
        beam_stages(line, |cell| cell, |tile| tile, &mut self.stages);
        self.line_homes.clear();
        self.line_homes.extend(line.tiles.iter().map(|&tile| area.home(tile, rows, cols)));
        let mut scale = 1.0;
        let mut found = None;
        for _ in 0..ATTEMPTS {
            let weight: Vec<[i32; 2]> = self.weight.iter().map(|w| w.map(|w| (f64::from(w) * scale) as i32)).collect();
            let beam = Beam {
                stages: &self.stages,
                rank: &self.rank,
                weight: &weight,
                homes: &self.line_homes,
                scoring: weights.scoring(scale),
                width: area_beam.width,
                next_line: self.next_set.then_some(&self.next),
            };
            let copies = AreaCopies::new(area, line, &self.coords, &self.homes);
            let cap = 100 + 60 * line.tiles.len() + 4 * area.len();
            let rounds = Rounds { cap, linger: area_beam.linger };
            found = whole::run(&beam, copies, rounds, &self.board, &mut self.whole);
            if found.is_some() {
                break;
            }
            scale *= RETRY_SCALE;
        }
        found
    }

    /// Sets [`Lookahead::next`] to the first line of `later` (its phase's
    /// placements), in the numbering of `area`'s cells, if it is a row or
    /// a column of at least three tiles inside it; false if not.
    fn find_next_line(
        &mut self,
        area: &CellRect,
        mut later: impl Iterator<Item = (Phase, Placement)>,
        rows: usize,
        cols: usize,
    ) -> bool {
        let next = &mut self.next;
        for &cell in &next.cells {
            next.place[cell] = NO_RANK;
        }
        next.cells.clear();
        next.rank.clear();
        next.rank.resize(rows * cols, NO_RANK);
        next.place.resize(area.len(), NO_RANK);
        next.weight = (CONFLICT * MOVE as f64) as i64;
        let Some((phase, first)) = later.next() else { return false };
        if !matches!(phase, Phase::Row(_) | Phase::Column(_)) {
            return false;
        }
        let placements =
            std::iter::once(first).chain(later.map_while(|(p, placement)| (p == phase).then_some(placement)));
        for placement in placements {
            for &(r, c) in placement.cells(rows, cols).iter() {
                if !area.contains(r, c) {
                    return false;
                }
                next.rank[tile_for(Pos::new(r, c), rows, cols) as usize] = next.cells.len() as u16;
                next.cells.push(area.cell_of(r, c));
            }
        }
        for (k, &cell) in next.cells.iter().enumerate() {
            next.place[cell] = k as u16;
        }
        next.cells.len() >= 3
    }

    /// Weights of the tiles of the lines after this one: `next_line` moves
    /// per cell for the next, [`fade_for`] times less for each line after.
    /// No tile counts less than `floor`. With `split` (whether the line
    /// being built is a row), a cell of a next line that crosses it counts
    /// apart across that line and along it, by [`NEXT_LINE_AXES`].
    fn weigh_later_lines(
        &mut self,
        later: impl Iterator<Item = (Phase, Placement)>,
        rows: usize,
        cols: usize,
        (next_line, floor): (f64, f64),
        split: Option<bool>,
    ) {
        let mut phase = None;
        let fade = fade_for(rows, cols, next_line);
        let mut worth = next_line * MOVE as f64 / fade;
        let mut first = true;
        for (p, placement) in later {
            // A new line: a new phase, or the next of the bottom pairs.
            if phase != Some(p) || matches!(placement, Placement::BottomPair { .. }) {
                worth *= fade;
                first = phase.is_none();
                phase = Some(p);
            }
            let w = worth.max(floor);
            let [across, along] = NEXT_LINE_AXES.map(|share| (w * share) as i32);
            // Up and down, then left and right: across a row is up and down.
            let weight = match (p, split) {
                (Phase::Row(_), Some(false)) if first => [across, along],
                (Phase::Column(_), Some(true)) if first => [along, across],
                _ => [w as i32; 2],
            };
            for &(r, c) in placement.cells(rows, cols).iter() {
                self.weight[tile_for(Pos::new(r, c), rows, cols) as usize] = weight;
            }
        }
    }
}

/// Whether the line made of `placements` is a row (`Some(true)`) or a
/// column (`Some(false)`): all its cells in one row, or in one column, two
/// or more of them.
fn line_kind(placements: &[Placement], rows: usize, cols: usize) -> Option<bool> {
    let (mut first, mut in_row, mut in_col, mut more) = (None, true, true, false);
    for placement in placements {
        for &(row, col) in placement.cells(rows, cols).iter() {
            match first {
                None => first = Some((row, col)),
                Some((r, c)) => (in_row, in_col, more) = (in_row && row == r, in_col && col == c, true),
            }
        }
    }
    match (more, in_row, in_col) {
        (true, true, false) => Some(true),
        (true, false, true) => Some(false),
        _ => None,
    }
}

/// How much less each later line counts than the one before: `FADE`, or
/// on a bigger board slower, so that the weights fall from `next_line` to
/// `ROLLING_FLOOR` over as many lines as the board's longer side. On a big
/// board the lines a dozen lines off are still only a few percent of the
/// way through it, and a blank path that pushes their tiles home is worth
/// taking; fading by 0.9 a line, the beam treated them as far off
/// (docs/fewest-moves.md has the measurements).
fn fade_for(rows: usize, cols: usize, next_line: f64) -> f64 {
    let side = rows.max(cols).max(1) as f64;
    FADE.max((ROLLING_FLOOR / next_line).powf(side.recip()))
}

/// Makes the found moves on the grid with the usual events: for each
/// placement its `Placement`, each tile's `TileTargeted`, the moves, and
/// `Locked` once it is home.
fn replay(grid: &mut PaddedGrid, area: &CellRect, line: &StagedLine, moves: &[(u8, u32)], sink: &mut Sink<'_>) {
    let mut progress = LineProgress::start(grid, area, line, sink);
    progress.make(grid, area, line, moves, sink);
    debug_assert_eq!(progress.stage, line.stages.len(), "the line is built");
}

/// Which stage the replay has reached, to report placements as they start and finish.
struct LineProgress {
    stage: usize,
}

impl LineProgress {
    /// Reports the line's first placement and finishes the stages whose
    /// goal is met before any move.
    fn start(grid: &mut PaddedGrid, area: &CellRect, line: &StagedLine, sink: &mut Sink<'_>) -> LineProgress {
        let mut progress = LineProgress { stage: 0 };
        progress.arrive(grid, area, line, sink);
        while progress.stage < line.stages.len() && progress.met(grid, area, line) {
            progress.finish(grid, area, line, sink);
        }
        progress
    }

    /// Makes `moves` (each with the stage reached after it) on the grid,
    /// reporting placements as their stages start and finish.
    fn make(
        &mut self,
        grid: &mut PaddedGrid,
        area: &CellRect,
        line: &StagedLine,
        moves: &[(u8, u32)],
        sink: &mut Sink<'_>,
    ) {
        for &(dir, stage) in moves {
            grid.slide(Dir::from_index(usize::from(dir)), sink);
            while self.stage < stage as usize {
                self.finish(grid, area, line, sink);
            }
        }
    }

    /// The search gave up here: how many of the line's placements are
    /// finished, and whether the next has been announced (it always has,
    /// unless the line is done).
    fn stalled(&self, line: &StagedLine) -> Outcome {
        let done = line.stages.get(self.stage).map_or(line.parts.len(), |s| s.placement);
        Outcome::Stalled { done, started: done < line.parts.len() }
    }

    /// The board cell of an area cell, as the grid numbers it.
    fn index(grid: &PaddedGrid, area: &CellRect, cell: usize) -> usize {
        let (r, c) = area.coords(cell);
        grid.index(area.top + r, area.left + c)
    }

    /// True when the stage's pair is home before it starts.
    fn skipping(&self, grid: &PaddedGrid, area: &CellRect, line: &StagedLine) -> bool {
        line.stages[self.stage]
            .skip
            .is_some_and(|skip| skip.cells.iter().all(|&(t, cell)| grid.tile_in(Self::index(grid, area, cell)) == t))
    }

    /// True when the current stage's goal is met already.
    fn met(&self, grid: &PaddedGrid, area: &CellRect, line: &StagedLine) -> bool {
        let stage = &line.stages[self.stage];
        match stage.goal {
            Goal::Forced(_) => false,
            Goal::Reach { tile, target } => {
                let at = grid.where_is(tile);
                let shut_in = stage.keep_out.is_some_and(|(t, cells)| {
                    cells.iter().any(|&cell| grid.where_is(t) == Self::index(grid, area, cell))
                });
                self.skipping(grid, area, line)
                    || !shut_in
                        && match target {
                            StageTarget::Tile { cell } => at == Self::index(grid, area, cell),
                            StageTarget::Tuck { cell, blank } => {
                                at == Self::index(grid, area, cell) && grid.blank == Self::index(grid, area, blank)
                            }
                        }
            }
        }
    }

    /// Reports the start of the current stage's placement and its tile's trip.
    fn arrive(&self, grid: &PaddedGrid, area: &CellRect, line: &StagedLine, sink: &mut Sink<'_>) {
        let Some(stage) = line.stages.get(self.stage) else { return };
        let part = &line.parts[stage.placement];
        let first = self.stage == 0 || line.stages[self.stage - 1].placement != stage.placement;
        if first {
            sink(&Event::Placement { region: part.region, group: Group::new(&part.tiles[..part.len]) });
        }
        if let Goal::Reach { tile, target } = stage.goal {
            if self.skipping(grid, area, line) {
                return;
            }
            let cell = match target {
                StageTarget::Tile { cell } | StageTarget::Tuck { cell, .. } => cell,
            };
            let from = grid.pos(grid.where_is(tile));
            let to = grid.pos(Self::index(grid, area, cell));
            if from != to {
                sink(&Event::TileTargeted { tile, from, to });
            }
        }
    }

    /// Finishes the current stage (or skips its pair), reporting a finished
    /// placement and the start of the next stage.
    fn finish(&mut self, grid: &mut PaddedGrid, area: &CellRect, line: &StagedLine, sink: &mut Sink<'_>) {
        let placement = line.stages[self.stage].placement;
        self.stage = match line.stages[self.stage].skip {
            Some(skip) if self.skipping(grid, area, line) => skip.to,
            _ => self.stage + 1,
        };
        if line.stages.get(self.stage).map(|s| s.placement) != Some(placement) {
            lock(grid, &line.parts[placement], sink);
        }
        self.arrive(grid, area, line, sink);
    }
}

fn lock(grid: &mut PaddedGrid, part: &line::LinePart, sink: &mut Sink<'_>) {
    let tiles: &[Tile] = &part.tiles[..part.len];
    sink(&Event::Locked { group: Group::new(tiles) });
    for home in &part.homes[..part.len] {
        let index = grid.index(home.row, home.col);
        grid.lock(index);
    }
}

// The beam keeps tiles and cells in 16 bits.
const _: () = assert!(MAX_LOOKAHEAD_CELLS <= beam::MAX_CELLS);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::schedule::{Order, Schedule};

    /// The weights `weigh_later_lines` gives the tiles of a 20×20 whose
    /// first row is being built, by tile.
    fn later_weights(split: Option<bool>) -> Vec<[i32; 2]> {
        let (rows, cols) = (20, 20);
        let mut lookahead = Lookahead::default();
        lookahead.weight.resize(rows * cols, [0; 2]);
        let later = Schedule::new(rows, cols, Order::Shells).skip_while(|&(p, _)| p == Phase::Row(0));
        lookahead.weigh_later_lines(later, rows, cols, (weights(Pull::Strong).next_line, 0.0), split);
        lookahead.weight
    }

    #[test]
    fn the_next_lines_tiles_weigh_across_and_along_apart_by_the_fitted_shares() {
        let (plain, split) = (later_weights(None), later_weights(Some(true)));
        let next_line = (weights(Pull::Strong).next_line * MOVE as f64) as i32;
        // The next line after row 1 is column 1: across it is left and right.
        let in_column = tile_for(Pos::new(5, 0), 20, 20) as usize;
        assert_eq!(plain[in_column], [next_line; 2]);
        let [across, along] = NEXT_LINE_AXES.map(|share| (f64::from(next_line) * share) as i32);
        assert_eq!(split[in_column], [along, across]);
        assert!(across > next_line && along < next_line);
        // The lines after it as before.
        let in_row = tile_for(Pos::new(1, 5), 20, 20) as usize;
        assert_eq!(split[in_row], plain[in_row]);
        assert_eq!(split[in_row][0], split[in_row][1]);
        // A next line that does not cross this one (a column after a
        // column) is weighed as before.
        assert_eq!(later_weights(Some(false)), plain);
    }

    #[test]
    fn the_next_line_is_found_in_line_order_with_each_tiles_rank() {
        let (rows, cols) = (20, 20);
        let area = CellRect { top: 0, left: 0, height: rows, width: cols };
        let mut lookahead = Lookahead::default();
        // Row 1 under way: the next line is column 1, below row 1's cell.
        let later = Schedule::new(rows, cols, Order::Shells).skip_while(|&(p, _)| p == Phase::Row(0));
        assert!(lookahead.find_next_line(&area, later, rows, cols));
        let next = &lookahead.next;
        assert_eq!(next.cells.len(), rows - 1);
        for (k, &cell) in next.cells.iter().enumerate() {
            assert_eq!(area.coords(cell), (k + 1, 0), "column 1 from the top");
            assert_eq!(usize::from(next.place[cell]), k);
            assert_eq!(usize::from(next.rank[tile_for(Pos::new(k + 1, 0), rows, cols) as usize]), k);
        }
        assert_eq!(next.rank.iter().filter(|&&r| r != NO_RANK).count(), rows - 1);
        // Found again for the line after, the old marks are gone.
        let later = Schedule::new(rows, cols, Order::Shells).skip_while(|&(p, _)| p != Phase::Row(1));
        assert!(lookahead.find_next_line(&area, later, rows, cols));
        assert_eq!(lookahead.next.place.iter().filter(|&&p| p != NO_RANK).count(), cols - 1);
        // A next line outside the area is not weighed.
        let corner = CellRect { top: 0, left: 10, height: rows, width: 10 };
        let later = Schedule::new(rows, cols, Order::Shells).skip_while(|&(p, _)| p == Phase::Row(0));
        assert!(!lookahead.find_next_line(&corner, later, rows, cols));
    }

    #[test]
    fn a_line_is_a_row_or_a_column_by_its_cells() {
        let row = [Placement::Single { row: 2, col: 2 }, Placement::RightPair { row: 2 }];
        let column = [Placement::Single { row: 2, col: 2 }, Placement::BottomPair { col: 2 }];
        assert_eq!(line_kind(&row, 6, 6), Some(true));
        assert_eq!(line_kind(&column, 6, 6), Some(false));
        assert_eq!(line_kind(&row[..1], 6, 6), None);
    }

    #[test]
    fn only_the_wide_area_beams_of_13x13_to_30x30_split_them() {
        use crate::human::effort::Effort;
        let splits = |n: usize| matches!(Effort::Best.look(n, n), Look::Whole(AreaBeam { split: true, .. }));
        assert!(splits(20) && splits(30) && splits(13));
        assert!(!splits(12) && !splits(10) && !splits(5) && !splits(40));
        assert!(!matches!(Effort::Normal.look(20, 20), Look::Whole(AreaBeam { split: true, .. })));
    }
}
