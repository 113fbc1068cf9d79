//! Small rectangles with look-ahead (`normal`, `best`): each line searched
//! whole and weighed by what it leaves.
//!
//! Once the unsolved rectangle has at most [`band::MAX_CELLS`] cells (a
//! 4×4, or a 5×5's after its first row), a program can do what a careful
//! person only approximates: consider every way of putting the next line
//! home within a few moves of the fewest, and keep the one whose leftover
//! is cheapest to finish the same way. The leftover is priced exactly once
//! it is 3×3 or smaller (the fewest moves to finish it line by line, from
//! a table of every arrangement), and by searching its next line the same
//! way for the most promising few otherwise.
//!
//! Still region by region: the same phases, lines and last block as the
//! tile-by-tile planner, each line announced as one placement (its tiles
//! together, `row 1: tiles 1–4`), each bottom pair and the last block as
//! their own, and nothing moves once locked.

mod band;
mod shape;
mod tables;

use crate::board::{Pos, Tile, tile_for};
use crate::human::event::Sink;

use super::effort::Effort;
use super::event::{Event, Group, Phase};
use super::grid::PaddedGrid;
use super::schedule::Placement;
use crate::human::trip::router::follow_path;
use crate::human::trip::scratch::Scratch;
use band::{Breadth, Choice, Probe, best_line};
use shape::{Shape, ShapeCut, Turns};
pub use tables::KeptTable;

/// The most cells of a rectangle whose lines are searched in a free order
/// ([`Order::Free`](super::Order::Free)): a 4×4. Weighing both lines at
/// every level of a bigger one's search (a 5×5's last 4×5) doubles its
/// time for about a move.
const FREE_CELLS: usize = 16;

/// How wide the searches are at an effort, or `None` for none.
fn breadth(effort: Effort) -> Option<Breadth> {
    match effort {
        // The planner resolves `Auto` before it plans a line.
        Effort::Fast | Effort::Auto => None,
        Effort::Normal => Some(Breadth {
            slack: [4, 3, 2, 2],
            keep: [8, 3, 1, 1],
            states: 500_000,
            probe: Probe { slack: 1, keep: 2 },
        }),
        Effort::Best => Some(Breadth {
            slack: [6, 4, 2, 2],
            keep: [96, 6, 2, 1],
            states: 2_000_000,
            probe: Probe { slack: 2, keep: 4 },
        }),
    }
}

/// The next line (or bottom pair, or last block) of a small unsolved
/// rectangle, searched whole: what [`make_line`] makes.
pub(super) struct LineChoice {
    choice: Choice,
    /// The rectangle's top-left cell on the board, its shape, and its
    /// arrangement when searched (each cell's tile by the number of its
    /// home in the rectangle).
    top: usize,
    left: usize,
    shape: Shape,
    cells: Vec<u8>,
}

impl LineChoice {
    /// True when the line is the rectangle's left column (or a bottom
    /// pair), false for its top row or the last block.
    pub(super) fn is_column(&self) -> bool {
        self.choice.cut == ShapeCut::Left
    }

    /// The moves it expects the rest of the rectangle to take, its own
    /// line's included.
    pub(super) fn total(&self) -> u64 {
        u64::from(self.choice.total)
    }
}

/// Searches the next line of the unsolved rectangle, when it is small
/// enough: the one `schedule` begins (its placements from the line's
/// first), or, if `free`, the rectangle's top row or its left column,
/// whichever finishes in fewer moves (the caller then turns the schedule
/// to it). `None` when the search does not apply.
pub(super) fn choose_line(
    grid: &PaddedGrid,
    effort: Effort,
    free: bool,
    schedule: impl Iterator<Item = (Phase, Placement)>,
) -> Option<LineChoice> {
    let breadth = breadth(effort)?;
    let (rows, cols) = (grid.rows, grid.cols);
    let (top, left) = grid.open_corner();
    let (top, left) = (top - 1, left - 1);
    let shape = Shape { height: rows - top, width: cols - left };
    if shape.len() > band::MAX_CELLS || shape.height < 2 || shape.width < 2 {
        return None;
    }
    let levels = levels(schedule);
    let cuts = cuts_of(shape, &levels, |(r, c)| (r - top) * shape.width + c - left, rows, cols)?;
    let mut cells = Vec::with_capacity(shape.len());
    for r in top..rows {
        for c in left..cols {
            let at = grid.index(r, c);
            if grid.is_locked(at) {
                return None;
            }
            let (hr, hc) = grid.home_of_cell(at);
            cells.push(((hr - 1 - top) * shape.width + hc - 1 - left) as u8);
        }
    }
    let turns = if free && shape.len() <= FREE_CELLS { Turns::Free } else { Turns::Fixed(&cuts) };
    let choice = best_line(shape, turns, &cells, breadth, 0)?;
    Some(LineChoice { choice, top, left, shape, cells })
}

/// Puts home the line `line` chose, which `first` begins, reporting each
/// event before it happens. `later` yields the placements after `first`.
/// The number of placements done and of tiles put home, or `None` with
/// nothing done (when the schedule's line is not the one chosen).
pub(super) fn make_line(
    grid: &mut PaddedGrid,
    scratch: &mut Scratch,
    line: LineChoice,
    (phase, first): (Phase, Placement),
    later: impl Iterator<Item = (Phase, Placement)>,
    sink: &mut Sink<'_>,
) -> Option<(usize, usize)> {
    let LineChoice { choice, top, left, shape, cells } = line;
    let (rows, cols) = (grid.rows, grid.cols);
    let levels = levels(std::iter::once((phase, first)).chain(later));
    let cuts = cuts_of(shape, &levels, |(r, c)| (r - top) * shape.width + c - left, rows, cols)?;
    if cuts[0] != choice.cut {
        return None;
    }
    let placements = &levels[0].1;
    let homes: Vec<(usize, usize)> = placements.iter().flat_map(|p| p.cells(rows, cols).to_vec()).collect();
    let tiles: Vec<Tile> = homes.iter().map(|&(r, c)| tile_for(Pos::new(r, c), rows, cols)).collect();
    let group = Group::new(&tiles);
    sink(&Event::Placement { region: first.region(), group });
    // The moves in legs, one a tile: each ends as a tile of the line comes
    // home for good, and is announced with that tile as its target, so a
    // viewer sees the line built tile by tile.
    let label = |(r, c): (usize, usize)| (r - top) * shape.width + c - left;
    let mut now = cells;
    let mut legs = legs(shape, &now, &choice.path, homes.iter().map(|&home| label(home))).into_iter();
    let mut start = 0;
    while start < choice.path.len() {
        let (end, target) = legs.next().map_or((choice.path.len(), None), |(end, home)| (end, Some(home)));
        if let Some(home) = target {
            let at = now.iter().position(|&l| usize::from(l) == home).expect("every tile is somewhere");
            let cell = |c: usize| Pos::new(top + c / shape.width, left + c % shape.width);
            sink(&Event::TileTargeted { tile: tile_for(cell(home), rows, cols), from: cell(at), to: cell(home) });
        }
        let leg = &choice.path[start..end];
        scratch.path.clear();
        scratch.path.extend(leg.iter().map(|&c| grid.index(top + c / shape.width, left + c % shape.width)));
        follow_path(grid, scratch, sink);
        let mut blank = now.iter().position(|&l| l == shape.blank()).expect("a blank");
        for &to in leg {
            now.swap(blank, to);
            blank = to;
        }
        start = end;
    }
    debug_assert!(homes.iter().all(|&(r, c)| grid.tile_in(grid.index(r, c)) == tile_for(Pos::new(r, c), rows, cols)));
    sink(&Event::Locked { group });
    for &(r, c) in &homes {
        grid.lock(grid.index(r, c));
    }
    Some((placements.len(), tiles.len()))
}

/// Where `path` (the blank's cells from `cells`) is cut into legs: for each
/// tile of `line` (by its home) that is not home for good from the start,
/// the number of moves after which it is, in that order, with the tile.
fn legs(shape: Shape, cells: &[u8], path: &[usize], line: impl Iterator<Item = usize>) -> Vec<(usize, usize)> {
    let mut settled = vec![0usize; shape.len()];
    let mut now = cells.to_vec();
    let mut blank = now.iter().position(|&l| l == shape.blank()).expect("a blank");
    for (k, &to) in path.iter().enumerate() {
        let tile = usize::from(now[to]);
        now.swap(blank, to);
        // The tile now sits where the blank was: home, or away from it.
        settled[tile] = if blank == tile { k + 1 } else { usize::MAX };
        blank = to;
    }
    let mut order: Vec<(usize, usize)> = line.map(|home| (settled[home], home)).filter(|&(k, _)| k > 0).collect();
    order.sort_unstable();
    debug_assert!(order.iter().all(|&(k, _)| k != usize::MAX), "the line ends home");
    order
}

/// The placements grouped as the searches put them home: a row's or a
/// column's all together, each bottom pair and the last block alone.
fn levels(placements: impl Iterator<Item = (Phase, Placement)>) -> Vec<(Phase, Vec<Placement>)> {
    let mut levels: Vec<(Phase, Vec<Placement>)> = Vec::new();
    for (phase, placement) in placements {
        match levels.last_mut() {
            Some((last, group)) if *last == phase && matches!(phase, Phase::Row(_) | Phase::Column(_)) => {
                group.push(placement)
            }
            _ => levels.push((phase, vec![placement])),
        }
    }
    levels
}

/// The cut each level makes of the rectangle, or `None` if a level is not
/// exactly the rectangle's top row, left column or last block at its turn.
fn cuts_of(
    mut shape: Shape,
    levels: &[(Phase, Vec<Placement>)],
    cell_of: impl Fn((usize, usize)) -> usize,
    rows: usize,
    cols: usize,
) -> Option<Vec<ShapeCut>> {
    let mut cuts = Vec::with_capacity(levels.len());
    // Cells of the current rectangle are numbered as in the first one;
    // `grow` maps the current rectangle's numbers back to them.
    let mut grow: Vec<usize> = (0..shape.len()).collect();
    for (phase, placements) in levels {
        let cut = match phase {
            Phase::Row(_) => ShapeCut::Top,
            Phase::Column(_) | Phase::BottomRows => ShapeCut::Left,
            Phase::LastBlock => ShapeCut::All,
            Phase::Rest => return None,
        };
        let mut want: Vec<usize> = shape.line(cut).iter().map(|&c| grow[c]).collect();
        let mut have: Vec<usize> = placements.iter().flat_map(|p| p.cells(rows, cols).to_vec()).map(&cell_of).collect();
        want.sort_unstable();
        have.sort_unstable();
        if want != have {
            return None;
        }
        cuts.push(cut);
        match shape.after(cut) {
            Some(next) => {
                grow = (0..next.len()).map(|c| grow[shape.grow_label(cut, c)]).collect();
                shape = next;
            }
            None => return Some(cuts),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::schedule::{Order, Schedule};
    use super::*;

    fn cuts(rows: usize, cols: usize, schedule: Schedule) -> Option<Vec<ShapeCut>> {
        let shape = Shape { height: rows, width: cols };
        cuts_of(shape, &levels(schedule), |(r, c)| r * cols + c, rows, cols)
    }

    #[test]
    fn the_schedules_lines_cut_the_rectangle_in_turn() {
        use ShapeCut::*;
        let whole = |rows, cols, order| cuts(rows, cols, Schedule::new(rows, cols, order));
        assert_eq!(whole(4, 4, Order::Shells), Some(vec![Top, Left, Top, Left, All]));
        assert_eq!(whole(4, 4, Order::Rows), Some(vec![Top, Top, Left, Left, All]));
        assert_eq!(whole(2, 5, Order::Shells), Some(vec![Left, Left, Left, All]));
        assert_eq!(whole(5, 2, Order::Shells), Some(vec![Top, Top, Top, All]));
        assert_eq!(whole(3, 6, Order::Shells), Some(vec![Left, Left, Left, Top, Left, All]));
        assert_eq!(whole(2, 2, Order::Rows), Some(vec![All]));
        // A line begun tile by tile is not one of the rectangle's lines.
        let mut begun = Schedule::new(4, 4, Order::Shells);
        begun.next();
        assert_eq!(cuts(4, 4, begun), None);
    }
}
