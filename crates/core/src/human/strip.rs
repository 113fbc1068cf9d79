//! Long boards: a line of a long unsolved area (a 2×N strip's column
//! pairs, an N×2's rows, the columns of a 3×N or a 5×60) is searched in a
//! window of the area near the line, not in the whole area.
//!
//! A beam ([`lookahead`](super::lookahead)) costs the area it searches
//! times its width a move. On a square board the area shrinks as lines
//! fill and a line's tiles lie all over it. Along a strip the next tiles
//! are usually far down it, every step of theirs costs moves, and a beam
//! over the whole strip pays the strip's length for each of them: its time
//! grows as the square of the moves, its tree of moves as their number
//! times its width. A person does what this module does: brings the next
//! placement's tiles down the strip one at a time, the way the trips move
//! any tile, until they are within [`SPAN`] cells of home, then looks
//! closely at the few placements whose tiles are that near. The beam then
//! costs at most a window's cells a move, and [`width_for`] sizes its
//! width from the board so that a whole strip's beams do a fixed amount of
//! work: the time is linear in the moves.

use crate::board::{Pos, tile_for};
use crate::human::event::Sink;

use super::cell_rect::CellRect;
use super::grid::PaddedGrid;
use super::schedule::Placement;
use super::trip::router::route_blank;
use super::trip::scratch::Scratch;
use super::trip::transport::transport;

/// Cells along the long side that a window spans at most: tiles farther
/// along are brought within it first. Measured on 2×40, 2×100 and 3×60
/// (`docs/fewest-moves.md`): 24 takes 2–14 % more moves, 64 no fewer.
pub(super) const SPAN: usize = 48;

/// The most placements one window's line holds: the first, then those
/// after it in its phase whose tiles lie within [`SPAN`] already.
pub(super) const MAX_PLACEMENTS: usize = 4;

/// An unsolved area is long when its long side is more than this many
/// times its short one, and more than [`SHORTEST`] cells: a shorter one
/// is searched whole in well under a second (a 3×8's bottom rows take 16
/// % fewer moves searched whole than in windows).
pub(super) const LONG: usize = 2;
pub(super) const SHORTEST: usize = 16;

/// The work a whole two-row strip's window beams may do, in cells a state
/// holds (its window, and [`STATE_COST`] for the rest of its work) summed
/// over every state of every round: a second or two. A board `s` cells
/// across gets `s/2` times as much: on two-row strips a wider beam gains
/// little (within 1 % from 4 times the work on 2×40 and 2×100), on a
/// 10×30 more (9 % from 16 times; `docs/fewest-moves.md`).
pub(super) const STRIP_WORK: u64 = 1 << 29;

/// What a state costs a round besides copying its window, counted in
/// cells: scoring and keeping its children.
const STATE_COST: u64 = 128;

/// The fewest states a window's beam keeps; on a strip too long for that
/// many, the pairs are placed by their trips.
pub(super) const MIN_WIDTH: usize = 4;

/// Which way an area is long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Along {
    /// Wider than tall: the window spans columns.
    Columns,
    /// Taller than wide: the window spans rows.
    Rows,
}

/// The way `area` is stretched: on a board that is not square, an area
/// more than [`LONG`] times as long as it is wide. (A square board's areas
/// are not: only its bottom rows in the rows order are long, at most 2×50
/// where beams search them.)
fn stretched(rows: usize, cols: usize, area: &CellRect) -> Option<Along> {
    let (long, short) = (area.width.max(area.height), area.width.min(area.height));
    if rows == cols || long <= LONG * short {
        return None;
    }
    Some(if area.width > area.height { Along::Columns } else { Along::Rows })
}

/// The way `area` is long, if its lines are searched in windows: a
/// stretched area more than [`SHORTEST`] cells long.
fn along(rows: usize, cols: usize, area: &CellRect) -> Option<Along> {
    stretched(rows, cols, area).filter(|_| area.width.max(area.height) > SHORTEST)
}

/// The first [`SPAN`] columns (or rows) of `area`.
fn span_of(area: &CellRect, along: Along) -> CellRect {
    match along {
        Along::Columns => CellRect { width: area.width.min(SPAN), ..*area },
        Along::Rows => CellRect { height: area.height.min(SPAN), ..*area },
    }
}

/// A line of a long area to search in a window: its cells, and how many
/// of the line's placements it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Window {
    pub(super) area: CellRect,
    pub(super) placements: usize,
}

/// The width of the beam for the lines of the unsolved `area`, if they
/// are searched in windows: a long area that an area beam `width` wide
/// would search whole, or (`rolling`) a rolling beam that wide on a long
/// board at most [`THIN`] cells across (its rounds cost the same on any
/// area, but a strip's moves are too many for its width). At most
/// `width` and [`affordable_width`]. `Some(None)` when a long strip
/// affords fewer than [`MIN_WIDTH`] states: its tiles are placed by their
/// trips. `None` when the lines are not searched in windows.
pub(super) fn width_for(grid: &PaddedGrid, area: &CellRect, width: usize, rolling: bool) -> Option<Option<usize>> {
    let along = along(grid.rows, grid.cols, area)?;
    if rolling && grid.rows.min(grid.cols) > THIN {
        return None;
    }
    let width = width.min(affordable_width(grid, span_of(area, along).len()));
    Some((width >= MIN_WIDTH).then_some(width))
}

/// The width of the area beam that searches a stretched `area` whole (one
/// too short for windows, such as a 2×16's), if it must be narrower than
/// `width`: [`WHOLE_SHARE`] times what a window affords. A square board's
/// width (60 000 on 36 cells) builds a 2×16's line of fifteen pairs in
/// seconds when its first try finishes, and in tens of seconds when it
/// does not and the line is tried again.
pub(super) fn whole_width(grid: &PaddedGrid, area: &CellRect, width: usize) -> Option<usize> {
    stretched(grid.rows, grid.cols, area)?;
    let afforded = affordable_width(grid, area.len()).saturating_mul(WHOLE_SHARE).max(MIN_WIDTH);
    (afforded < width).then_some(afforded)
}

/// How many times a window's width a short stretched area searched whole
/// gets: its beams then run for a few seconds at most (3.5 s on a 2×16),
/// and make 2.6 % more moves than a square board's width on twelve boards
/// 2×13 to 2×16 (`docs/fewest-moves.md`).
const WHOLE_SHARE: usize = 4;

/// How many times a window's width a short stretched area searched whole
/// gets: its beams run a few seconds at most (a 2×16 3.5 s), and make 3 %
/// more moves than a square board's width on 2×13 to 2×16 (once, 11 %
/// more).
/// The widest beam over `cells` cells that keeps the whole board's beams
/// within [`STRIP_WORK`]: a strip's moves grow as the square of its length
/// (each tile travels a share of it), so they are guessed as its length
/// times its cells.
fn affordable_width(grid: &PaddedGrid, cells: usize) -> usize {
    let (rows, cols) = (grid.rows, grid.cols);
    let moves = (rows.max(cols) as u64).saturating_mul((rows * cols) as u64);
    let work = STRIP_WORK.saturating_mul(rows.min(cols) as u64) / 2;
    let cost = cells as u64 + STATE_COST;
    usize::try_from(work / moves.max(1) / cost).unwrap_or(usize::MAX)
}

/// Boards at most this many cells across are strips: the rolling beam
/// gives way to windows there too.
pub(super) const THIN: usize = 3;

/// Brings the tiles of `line[0]` within [`SPAN`] cells of the long
/// `area`'s near end, one at a time by their trips, and the blank too (the
/// placement has been announced); then the window: that placement and
/// those after it whose tiles lie as near (up to [`MAX_PLACEMENTS`]), in
/// the cells from the line to the farthest of their tiles and the blank,
/// and a margin. `None` if a tile could not be brought (the caller
/// finishes the placement by its trips).
pub(super) fn bring_into_window(
    grid: &mut PaddedGrid,
    scratch: &mut Scratch,
    area: &CellRect,
    line: &[Placement],
    sink: &mut Sink<'_>,
) -> Option<Window> {
    let along = along(grid.rows, grid.cols, area)?;
    let near = span_of(area, along);
    let (rows, cols) = (grid.rows, grid.cols);
    for &(row, col) in line[0].cells(rows, cols).iter() {
        let tile = tile_for(Pos::new(row, col), rows, cols);
        let at = grid.pos(grid.where_is(tile));
        if near.contains(at.row, at.col) {
            continue;
        }
        // Two cells short of the far end, on the tile's home line: room
        // for the blank to go round it.
        let dest = match along {
            Along::Columns => grid.index(row, near.left + near.width - 2),
            Along::Rows => grid.index(near.top + near.height - 2, col),
        };
        if !transport(grid, scratch, tile, dest, sink) {
            return None;
        }
    }
    if !inside(grid, &near, line[0]) {
        return None;
    }
    let blank = grid.pos(grid.blank);
    if !near.contains(blank.row, blank.col) {
        let dest = match along {
            Along::Columns => grid.index(blank.row, near.left + near.width - 1),
            Along::Rows => grid.index(near.top + near.height - 1, blank.col),
        };
        if !route_blank(grid, scratch, dest, sink) {
            return None;
        }
    }
    let placements = 1 + line[1..].iter().take(MAX_PLACEMENTS - 1).take_while(|&&p| inside(grid, &near, p)).count();
    let far = farthest(grid, &line[..placements]);
    let area = match along {
        Along::Columns => CellRect { width: (far.col + 1 + MARGIN - near.left).clamp(NARROWEST, area.width), ..near },
        Along::Rows => CellRect { height: (far.row + 1 + MARGIN - near.top).clamp(NARROWEST, area.height), ..near },
    };
    Some(Window { area, placements })
}

/// Cells a window reaches past the farthest of its tiles and the blank,
/// for the blank to go round them, and the fewest cells it spans.
const MARGIN: usize = 2;
const NARROWEST: usize = 6;

/// The farthest row and column that the tiles of `placements`, their
/// homes' neighbours (a pair turns in from beside its homes) and the blank
/// reach.
fn farthest(grid: &PaddedGrid, placements: &[Placement]) -> Pos {
    let (rows, cols) = (grid.rows, grid.cols);
    let mut far = grid.pos(grid.blank);
    for placement in placements {
        for &(row, col) in placement.cells(rows, cols).iter() {
            let at = grid.pos(grid.where_is(tile_for(Pos::new(row, col), rows, cols)));
            far.row = far.row.max(at.row).max(row + 1);
            far.col = far.col.max(at.col).max(col + 1);
        }
    }
    far
}

/// Whether every tile of `placement` lies in `window` (as far as the grid
/// keeps where tiles are: those of the next few lines).
fn inside(grid: &PaddedGrid, window: &CellRect, placement: Placement) -> bool {
    let (rows, cols) = (grid.rows, grid.cols);
    placement.cells(rows, cols).iter().all(|&(row, col)| {
        let tile = tile_for(Pos::new(row, col), rows, cols);
        grid.keeps(tile) && {
            let at = grid.pos(grid.where_is(tile));
            window.contains(at.row, at.col)
        }
    })
}
