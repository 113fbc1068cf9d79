//! The exact cost of one stage of a line: the fewest moves that bring one
//! tile to its cell, from every cell of the tile and of the blank, with the
//! line's finished cells out of bounds.
//!
//! A breadth-first search backwards from the goal over (tile cell, blank
//! cell) pairs, inside a window around the tile, its cell and the blank (so
//! a table costs about the square of the window, not of the board). Moves
//! are reversible, so distances from the goal are distances to it.

use crate::human::cell_rect::CellRect;
use crate::human::open_board::rough_cost;

/// No way to the goal inside the window.
const UNREACHED: u16 = u16::MAX;

/// The cost of a state the goal cannot be reached from (a pair's second
/// tile shut in its partner's home, say): far above any real cost, so the
/// beam steers clear of it.
pub(super) const TRAPPED: u32 = 500;

/// Cells of margin around the tile, its goal and the blank.
const MARGIN: usize = 3;

/// What a stage asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum StageTarget {
    /// The tile in `cell`, the blank anywhere.
    Tile { cell: usize },
    /// The tile in `cell` and the blank in `blank`.
    Tuck { cell: usize, blank: usize },
}

impl StageTarget {
    fn cell(self) -> usize {
        match self {
            StageTarget::Tile { cell } | StageTarget::Tuck { cell, .. } => cell,
        }
    }
}

/// Fewest moves to a stage's goal from each (tile, blank) pair of a window.
pub(super) struct StageTable {
    target: StageTarget,
    /// The window, in area rows and columns: bounds inclusive.
    top: usize,
    left: usize,
    bottom: usize,
    right: usize,
    /// Window cells per row.
    span: usize,
    cells: usize,
    /// The target's row and column.
    goal: (usize, usize),
    dist: Vec<u16>,
}

impl StageTable {
    /// Its entries: the work of building it.
    pub(super) fn entries(&self) -> u64 {
        self.dist.len() as u64
    }

    /// The table for `target`, over a window around the tile at `tile`, the
    /// target and the blank at `blank`; `blocked` marks the area's cells the
    /// blank may not enter during the stage.
    pub(super) fn build(
        area: &CellRect,
        blocked: &[bool],
        target: StageTarget,
        tile: usize,
        blank: usize,
        queue: &mut Vec<u32>,
    ) -> StageTable {
        let points = [tile, blank, target.cell()]
            .into_iter()
            .chain(match target {
                StageTarget::Tuck { blank, .. } => Some(blank),
                StageTarget::Tile { .. } => None,
            })
            .map(|c| area.coords(c));
        let (mut top, mut left, mut bottom, mut right) = (usize::MAX, usize::MAX, 0, 0);
        for (r, c) in points {
            top = top.min(r);
            left = left.min(c);
            bottom = bottom.max(r);
            right = right.max(c);
        }
        let top = top.saturating_sub(MARGIN);
        let left = left.saturating_sub(MARGIN);
        let bottom = (bottom + MARGIN).min(area.height - 1);
        let right = (right + MARGIN).min(area.width - 1);
        let span = right - left + 1;
        let cells = span * (bottom - top + 1);
        let goal = area.coords(target.cell());
        let mut table =
            StageTable { target, top, left, bottom, right, span, cells, goal, dist: vec![UNREACHED; cells * cells] };
        table.fill(area, blocked, queue);
        table
    }

    /// Window slot of an area cell, if inside.
    #[inline]
    fn slot(&self, area: &CellRect, cell: usize) -> Option<usize> {
        self.slot_at(area.coords(cell))
    }

    /// Window slot of an area row and column, if inside.
    #[inline]
    fn slot_at(&self, (r, c): (usize, usize)) -> Option<usize> {
        ((self.top..=self.bottom).contains(&r) && (self.left..=self.right).contains(&c))
            .then(|| (r - self.top) * self.span + c - self.left)
    }

    /// The area cell of a window slot.
    #[inline]
    fn cell(&self, area: &CellRect, slot: usize) -> usize {
        area.cell(self.top + slot / self.span, self.left + slot % self.span)
    }

    fn fill(&mut self, area: &CellRect, blocked: &[bool], queue: &mut Vec<u32>) {
        let open: Vec<bool> = (0..self.cells).map(|s| !blocked[self.cell(area, s)]).collect();
        let rows = self.bottom - self.top + 1;
        let span = self.span;
        let neighbours = |s: usize| {
            let (r, c) = (s / span, s % span);
            [
                (r > 0).then(|| s - span),
                (c + 1 < span).then(|| s + 1),
                (r + 1 < rows).then(|| s + span),
                (c > 0).then(|| s - 1),
            ]
        };
        queue.clear();
        let goal = self.slot(area, self.target.cell()).expect("the window holds the target");
        match self.target {
            StageTarget::Tile { .. } => {
                for b in (0..self.cells).filter(|&b| b != goal && open[b]) {
                    self.dist[goal * self.cells + b] = 0;
                    queue.push((goal * self.cells + b) as u32);
                }
            }
            StageTarget::Tuck { blank, .. } => {
                let b = self.slot(area, blank).expect("the window holds the blank's target");
                self.dist[goal * self.cells + b] = 0;
                queue.push((goal * self.cells + b) as u32);
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let state = queue[head] as usize;
            head += 1;
            let (t, b) = (state / self.cells, state % self.cells);
            let d = self.dist[state] + 1;
            for nb in neighbours(b).into_iter().flatten().filter(|&nb| open[nb]) {
                let next = if nb == t { b * self.cells + nb } else { t * self.cells + nb };
                if self.dist[next] == UNREACHED {
                    self.dist[next] = d;
                    queue.push(next as u32);
                }
            }
        }
    }

    /// Moves to the goal with the tile and the blank in these area rows and
    /// columns: exact inside the window, estimated outside it.
    #[inline]
    pub(super) fn cost_at(&self, tile: (usize, usize), blank: (usize, usize)) -> u32 {
        let apart = |(ar, ac): (usize, usize), (br, bc): (usize, usize)| ar.abs_diff(br) + ac.abs_diff(bc);
        let Some(t) = self.slot_at(tile) else {
            return rough_cost(apart(tile, self.goal), apart(blank, tile));
        };
        if let Some(b) = self.slot_at(blank) {
            let d = self.dist[t * self.cells + b];
            return if d == UNREACHED { TRAPPED } else { u32::from(d) };
        }
        // The blank is outside: it comes in to a cell beside the tile,
        // which the window holds only if the tile is not at its edge.
        let (r, c) = tile;
        let mut best = u32::MAX;
        for (dr, dc) in [(-1isize, 0isize), (0, 1), (1, 0), (0, -1)] {
            let near = (r.wrapping_add_signed(dr), c.wrapping_add_signed(dc));
            if let Some(s) = self.slot_at(near) {
                let d = self.dist[t * self.cells + s];
                if d != UNREACHED {
                    best = best.min(u32::from(d) + apart(blank, near) as u32);
                }
            }
        }
        if best == u32::MAX { TRAPPED } else { best }
    }
}
