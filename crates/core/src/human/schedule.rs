//! The order in which tiles are put home.

use super::event::{Group, Phase, Region};
use super::grid::Dir;
use crate::board::{Pos, Tile};

/// Which way the planner sweeps the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Order {
    /// Row by row from the top while more than two rows remain, then the
    /// bottom two rows column pair by column pair, then the last block: the
    /// order most people learn.
    Rows,
    /// The shorter line first: rows of a tall region, columns of a wide
    /// one, until it is square, then row r, column r, row r+1, …
    /// (Parberry's reduction, see `docs/strategy.md`): the unsolved
    /// rectangle shrinks in both directions, so tiles travel less. The
    /// default, because it takes fewer moves than rows on square and long
    /// boards alike (the numbers are in `docs/benchmarks.md`).
    Shells,
    /// Shells, except that on a 4×4 or a 5×5 (or the last 4×4 or 5×5 of
    /// a bigger board) at `normal` and `best` the next line is the
    /// rectangle's top row or its left column, whichever the look-ahead
    /// finds leaves fewer moves (the whole-line search weighs a 4×4's, the
    /// beam builds both of a 5×5's). The default: a person looks at the
    /// board and starts where its tiles are kinder.
    #[default]
    Free,
}

impl Order {
    /// `rows`, `shells` or `free`.
    pub const fn name(self) -> &'static str {
        match self {
            Order::Rows => "rows",
            Order::Shells => "shells",
            Order::Free => "free",
        }
    }
}

/// One placement: what to put home next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Placement {
    /// The tile that belongs at (row, col), alone.
    Single { row: usize, col: usize },
    /// The two tiles of a row that belong in the last two columns.
    RightPair { row: usize },
    /// The two tiles of a column that belong in the last two rows.
    BottomPair { col: usize },
    /// The last 2×2 block.
    LastBlock,
}

impl Placement {
    /// The cells whose tiles the placement puts home, in placing order:
    /// one for a single, two for a pair, three for the last block.
    pub(super) fn cells(self, rows: usize, cols: usize) -> PlacementCells {
        let (list, len) = match self {
            Placement::Single { row, col } => ([(row, col); 3], 1),
            Placement::RightPair { row } => ([(row, cols - 2), (row, cols - 1), (0, 0)], 2),
            Placement::BottomPair { col } => ([(rows - 2, col), (rows - 1, col), (0, 0)], 2),
            Placement::LastBlock => ([(rows - 2, cols - 2), (rows - 2, cols - 1), (rows - 1, cols - 2)], 3),
        };
        PlacementCells { list, len }
    }

    /// A pair's cells and turn (see [`PairCells`]); `None` for a single
    /// tile or the last block.
    pub(super) fn pair(self, rows: usize, cols: usize) -> Option<PairCells> {
        match self {
            Placement::RightPair { row } => Some(PairCells {
                region: Region::RightColumns,
                homes: [Pos::new(row, cols - 2), Pos::new(row, cols - 1)],
                park: Pos::new(row + 1, cols - 1),
                turn: [Dir::E, Dir::S],
            }),
            Placement::BottomPair { col } => Some(PairCells {
                region: Region::BottomRows,
                homes: [Pos::new(rows - 2, col), Pos::new(rows - 1, col)],
                park: Pos::new(rows - 1, col + 1),
                turn: [Dir::S, Dir::E],
            }),
            Placement::Single { .. } | Placement::LastBlock => None,
        }
    }

    /// The tiles the placement puts home, in placing order.
    pub(super) fn group(self, rows: usize, cols: usize) -> Group {
        let cells = self.cells(rows, cols);
        let tiles: [Tile; 3] = std::array::from_fn(|k| {
            let (row, col) = cells.list[k];
            crate::board::tile_for(Pos::new(row, col), rows, cols)
        });
        Group::new(&tiles[..cells.len])
    }

    /// The region the placement's tiles belong to.
    pub(super) fn region(self) -> Region {
        match self {
            Placement::Single { .. } => Region::TopLeft,
            Placement::RightPair { .. } => Region::RightColumns,
            Placement::BottomPair { .. } => Region::BottomRows,
            Placement::LastBlock => Region::LastBlock,
        }
    }
}

/// A pair the way a person puts it home: the first tile into the second's
/// home (the corner), the second beside it in `park` with the blank in the
/// first's home, then the blank's two steps `turn` slide both in. A right
/// pair (a row's last two cells) and a bottom pair (a column's last two)
/// are mirror images.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct PairCells {
    pub(super) region: Region,
    /// The first tile's home, then the second's (the corner).
    pub(super) homes: [Pos; 2],
    pub(super) park: Pos,
    pub(super) turn: [Dir; 2],
}

/// The cells of a placement, as (row, column), without allocating.
#[derive(Clone, Copy, Debug)]
pub(super) struct PlacementCells {
    list: [(usize, usize); 3],
    len: usize,
}

impl std::ops::Deref for PlacementCells {
    type Target = [(usize, usize)];

    fn deref(&self) -> &[(usize, usize)] {
        &self.list[..self.len]
    }
}

/// A line of the sweep: a row or column with its singles and its pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SweepLine {
    /// Row `row`: singles at columns `from..cols-2`, then the right pair.
    Row {
        row: usize,
        from: usize,
    },
    /// Column `col`: singles at rows `from..rows-2`, then the bottom pair.
    Column {
        col: usize,
        from: usize,
    },
    /// Bottom pairs at columns `from..cols-2`.
    Bottom {
        from: usize,
    },
    Last,
}

/// Yields placements with their phase, one at a time, without storing them.
#[derive(Clone)]
pub(super) struct Schedule {
    rows: usize,
    cols: usize,
    order: Order,
    /// Top-left corner of the unsolved rectangle.
    top: usize,
    left: usize,
    line: Option<SweepLine>,
    /// Placements already yielded in the current line.
    done_in_line: usize,
    finished: bool,
    /// The next line as the planner chose it (`true`: the column), for
    /// [`Order::Free`].
    turn: Option<bool>,
}

impl Schedule {
    pub(super) fn new(rows: usize, cols: usize, order: Order) -> Schedule {
        Schedule { rows, cols, order, top: 0, left: 0, line: None, done_in_line: 0, finished: false, turn: None }
    }

    /// True between lines, where the next line is still to be chosen
    /// (after the last one, too).
    pub(super) fn between_lines(&self) -> bool {
        self.line.is_none_or(|line| self.placement(line, self.done_in_line).is_none())
    }

    /// Makes the next line the unsolved rectangle's left column (`column`)
    /// or its top row, if the rectangle is at least 3×3 and the order is
    /// [`Order::Free`]; otherwise the order decides, as always.
    pub(super) fn turn(&mut self, column: bool) {
        debug_assert!(self.between_lines());
        self.turn = (self.order == Order::Free).then_some(column);
    }

    fn next_line(&mut self) -> SweepLine {
        let height = self.rows - self.top;
        let width = self.cols - self.left;
        let told = self.turn.take().filter(|_| height > 2 && width > 2);
        // Shells take the shorter line: a column when the region is wider
        // than tall, so a long board is cut to a square first, then rows
        // and columns alternate.
        let shorter = height > 2 && width > height && self.order != Order::Rows;
        if told.unwrap_or(shorter) {
            let line = SweepLine::Column { col: self.left, from: self.top };
            self.left += 1;
            return line;
        }
        if height > 2 {
            let line = SweepLine::Row { row: self.top, from: self.left };
            self.top += 1;
            return line;
        }
        if width > 2 {
            let line = SweepLine::Bottom { from: self.left };
            self.left = self.cols - 2;
            return line;
        }
        SweepLine::Last
    }

    fn phase(line: SweepLine) -> Phase {
        match line {
            SweepLine::Row { row, .. } => Phase::Row(row),
            SweepLine::Column { col, .. } => Phase::Column(col),
            SweepLine::Bottom { .. } => Phase::BottomRows,
            SweepLine::Last => Phase::LastBlock,
        }
    }

    /// The placement `k` of a line, if the line has that many.
    fn placement(&self, line: SweepLine, k: usize) -> Option<Placement> {
        match line {
            SweepLine::Row { row, from } => {
                let singles = self.cols - 2 - from;
                match k.cmp(&singles) {
                    std::cmp::Ordering::Less => Some(Placement::Single { row, col: from + k }),
                    std::cmp::Ordering::Equal => Some(Placement::RightPair { row }),
                    std::cmp::Ordering::Greater => None,
                }
            }
            SweepLine::Column { col, from } => {
                let singles = self.rows - 2 - from;
                match k.cmp(&singles) {
                    std::cmp::Ordering::Less => Some(Placement::Single { row: from + k, col }),
                    std::cmp::Ordering::Equal => Some(Placement::BottomPair { col }),
                    std::cmp::Ordering::Greater => None,
                }
            }
            SweepLine::Bottom { from } => (from + k < self.cols - 2).then_some(Placement::BottomPair { col: from + k }),
            SweepLine::Last => (k == 0).then_some(Placement::LastBlock),
        }
    }
}

impl Iterator for Schedule {
    type Item = (Phase, Placement);

    fn next(&mut self) -> Option<Self::Item> {
        while !self.finished {
            let line = match self.line {
                Some(line) => line,
                None => {
                    let line = self.next_line();
                    self.line = Some(line);
                    self.done_in_line = 0;
                    line
                }
            };
            if let Some(placement) = self.placement(line, self.done_in_line) {
                self.done_in_line += 1;
                return Some((Schedule::phase(line), placement));
            }
            if line == SweepLine::Last {
                self.finished = true;
            }
            self.line = None;
        }
        None
    }
}

/// The unsolved rectangle's top-left corner as a line begins: the rows
/// above it and the columns left of it are home. A line's cells depend on
/// the lines before it (a row begins right of the columns already home),
/// so whoever names or outlines lines follows the corner phase by phase.
///
/// ```
/// use fifteen_core::human::{Corner, Phase};
/// let corner = Corner::default().after(Phase::Column(0)).after(Phase::Row(0));
/// assert_eq!(corner, Corner { top: 1, left: 1 });
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Corner {
    /// Rows home above the unsolved rectangle.
    pub top: usize,
    /// Columns home left of it.
    pub left: usize,
}

impl Corner {
    /// The corner once `phase`'s line is home.
    pub fn after(self, phase: Phase) -> Corner {
        match phase {
            Phase::Row(row) => Corner { top: row + 1, ..self },
            Phase::Column(col) => Corner { left: col + 1, ..self },
            Phase::BottomRows | Phase::LastBlock | Phase::Rest => self,
        }
    }
}

/// The line of the sweep that `phase` builds on a `rows`×`cols` board when
/// it begins at `corner`.
fn line_of(phase: Phase, rows: usize, cols: usize, corner: Corner) -> Option<SweepLine> {
    if rows < 2 || cols < 2 {
        return None;
    }
    Some(match phase {
        Phase::Row(row) => SweepLine::Row { row, from: corner.left },
        Phase::Column(col) => SweepLine::Column { col, from: corner.top },
        Phase::BottomRows => SweepLine::Bottom { from: corner.left },
        Phase::LastBlock => SweepLine::Last,
        Phase::Rest => return None,
    })
}

/// The cells `(top, left, bottom, right)`, bottom and right exclusive, of
/// the line `phase` builds: a row from its first unsolved column, a column
/// from its first unsolved row, the bottom two rows, or the last 2×2. Front
/// ends outline this rather than the planner's region, so the outline is
/// what the title names.
pub fn line_area(phase: Phase, rows: usize, cols: usize, corner: Corner) -> Option<(usize, usize, usize, usize)> {
    Some(match line_of(phase, rows, cols, corner)? {
        SweepLine::Row { row, from } => (row, from, row + 1, cols),
        SweepLine::Column { col, from } => (from, col, rows, col + 1),
        SweepLine::Bottom { from } => (rows - 2, from, rows, cols - 2),
        SweepLine::Last => (rows - 2, cols - 2, rows, cols),
    })
}

/// What a placement builds, in words a person uses: `row 1: tiles 1–2`,
/// `row 1: end pair 3 + 4`, `column 1: tiles 5, 9`, `bottom rows: pair 13 + 14`,
/// `last 2×2`. The one name the window, the terminal, `--stats` and the
/// page all show. Single tiles are named by their whole stretch of the line,
/// so the title stays the same while they go home one by one.
///
/// ```
/// use fifteen_core::human::{Corner, Group, Phase, PlacementTitle, Region};
/// // A 4×4 built row 1, column 1, row 2, … : each line begins where the
/// // ones before it left the corner.
/// let title = |phase, region, tiles: &[u32], (top, left)| {
///     let group = Group::new(tiles);
///     PlacementTitle { phase, region, group, shape: (4, 4), corner: Corner { top, left } }.to_string()
/// };
/// assert_eq!(title(Phase::Row(0), Region::TopLeft, &[2], (0, 0)), "row 1: tiles 1–2");
/// assert_eq!(title(Phase::Row(0), Region::RightColumns, &[3, 4], (0, 0)), "row 1: end pair 3 + 4");
/// assert_eq!(title(Phase::Column(0), Region::TopLeft, &[5], (1, 0)), "column 1: tile 5");
/// assert_eq!(title(Phase::Column(0), Region::BottomRows, &[9, 13], (1, 0)), "column 1: end pair 9 + 13");
/// assert_eq!(title(Phase::BottomRows, Region::BottomRows, &[10, 14], (2, 1)), "bottom rows: pair 10 + 14");
/// assert_eq!(title(Phase::LastBlock, Region::LastBlock, &[11, 12, 15], (2, 2)), "last 2×2");
/// // Column 1 first: it begins at the top.
/// assert_eq!(title(Phase::Column(0), Region::TopLeft, &[5], (0, 0)), "column 1: tiles 1, 5");
/// assert_eq!(title(Phase::Column(0), Region::TopLeft, &[1, 5, 9, 13], (0, 0)), "column 1: tiles 1, 5, 9, 13");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct PlacementTitle {
    /// The phase the placement is part of.
    pub phase: Phase,
    /// Its region.
    pub region: Region,
    /// Its tiles.
    pub group: Group,
    /// The board's rows and columns.
    pub shape: (usize, usize),
    /// Where the unsolved rectangle's corner was as the phase began.
    pub corner: Corner,
}

impl std::fmt::Display for PlacementTitle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.words())
    }
}

impl PlacementTitle {
    fn words(&self) -> String {
        let PlacementTitle { phase, region, group, shape: (rows, cols), corner } = *self;
        let tile = |row: usize, col: usize| crate::board::tile_for(crate::board::Pos::new(row, col), rows, cols);
        let tiles = group.tiles();
        if region == Region::Exact {
            return match phase {
                Phase::Rest => format!("last {} tiles, exact", tiles.len()),
                _ => format!("{phase}: {}, exact", tile_list(tiles, 1)),
            };
        }
        match line_of(phase, rows, cols, corner) {
            Some(SweepLine::Row { row, from }) => {
                let (a, b) = (tile(row, cols - 2), tile(row, cols - 1));
                let stretch: Vec<Tile> = (from..cols.saturating_sub(2)).map(|c| tile(row, c)).collect();
                let what = match tiles {
                    [x, y] if (*x, *y) == (a, b) => format!("end pair {a} + {b}"),
                    _ if tiles.iter().all(|t| stretch.contains(t)) => tile_list(&stretch, 1),
                    _ => tile_list(tiles, 1),
                };
                format!("row {}: {what}", row + 1)
            }
            Some(SweepLine::Column { col, from }) => {
                let (a, b) = (tile(rows - 2, col), tile(rows - 1, col));
                let stretch: Vec<Tile> = (from..rows.saturating_sub(2)).map(|r| tile(r, col)).collect();
                let what = match tiles {
                    [x, y] if (*x, *y) == (a, b) => format!("end pair {a} + {b}"),
                    _ if tiles.iter().all(|t| stretch.contains(t)) => tile_list(&stretch, cols as Tile),
                    _ => tile_list(tiles, cols as Tile),
                };
                format!("column {}: {what}", col + 1)
            }
            Some(SweepLine::Bottom { .. }) => match tiles {
                [a, b] => format!("bottom rows: pair {a} + {b}"),
                _ => format!("bottom rows: {}", tile_list(tiles, cols as Tile)),
            },
            Some(SweepLine::Last) => "last 2×2".to_string(),
            None => format!("{phase}: {}", tile_list(tiles, 1)),
        }
    }
}

/// `tile 5`, `tiles 1–3` (a run with this step between neighbours: 1 along
/// a row, the width down a column, shown with commas), or `tiles 12 + 17`.
fn tile_list(tiles: &[Tile], step: Tile) -> String {
    let run = tiles.windows(2).all(|w| w[1] == w[0] + step);
    match tiles {
        [] => String::new(),
        [one] => format!("tile {one}"),
        [a, .., z] if run && step == 1 => format!("tiles {a}–{z}"),
        [a, b] if run => format!("tiles {a}, {b}"),
        [a, b, c] if run => format!("tiles {a}, {b}, {c}"),
        [a, b, c, d] if run => format!("tiles {a}, {b}, {c}, {d}"),
        [a, b, .., z] if run => format!("tiles {a}, {b}, …, {z}"),
        _ => format!("tiles {}", tiles.iter().map(Tile::to_string).collect::<Vec<_>>().join(" + ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_but_the_corner_is_placed_once_in_every_order() {
        for order in [Order::Rows, Order::Shells, Order::Free] {
            for rows in 2..9 {
                for cols in 2..9 {
                    let mut seen = vec![false; rows * cols];
                    for (_, p) in Schedule::new(rows, cols, order) {
                        for &(r, c) in p.cells(rows, cols).iter() {
                            assert!(!seen[r * cols + c], "{order:?} {rows}×{cols}: ({r},{c}) twice");
                            seen[r * cols + c] = true;
                        }
                    }
                    assert_eq!(seen.iter().filter(|&&s| !s).count(), 1, "{order:?} {rows}×{cols}");
                    assert!(!seen[rows * cols - 1]);
                }
            }
        }
    }

    #[test]
    fn every_placement_has_a_title_naming_its_line_and_singles_share_it() {
        for order in [Order::Rows, Order::Shells, Order::Free] {
            for rows in 2..9 {
                for cols in 2..9 {
                    let mut single_title: Option<(Phase, String)> = None;
                    let mut corner = Corner::default();
                    let mut last_phase = None;
                    let mut schedule = Schedule::new(rows, cols, order);
                    let mut turns = 0usize;
                    while let Some((phase, p)) = {
                        // Free: the column first at every other turn.
                        if schedule.between_lines() {
                            turns += 1;
                            schedule.turn(turns.is_multiple_of(2));
                        }
                        schedule.next()
                    } {
                        if last_phase != Some(phase) {
                            if let Some(done) = last_phase {
                                corner = corner.after(done);
                            }
                            last_phase = Some(phase);
                        }
                        let (region, group) = (p.region(), p.group(rows, cols));
                        let title = PlacementTitle { phase, region, group, shape: (rows, cols), corner }.to_string();
                        let line = match phase {
                            Phase::Row(r) => format!("row {}: ", r + 1),
                            Phase::Column(c) => format!("column {}: ", c + 1),
                            Phase::BottomRows => "bottom rows: pair ".to_string(),
                            _ => "last 2×2".to_string(),
                        };
                        assert!(title.starts_with(&line), "{rows}×{cols} {order:?} {p:?}: {title}");
                        let (top, left, bottom, right) = line_area(phase, rows, cols, corner).unwrap();
                        for &(r, c) in p.cells(rows, cols).iter() {
                            assert!(
                                (top..bottom).contains(&r) && (left..right).contains(&c),
                                "{order:?} {rows}×{cols} {p:?}"
                            );
                        }
                        if let Placement::Single { .. } = p {
                            match &single_title {
                                Some((ph, t)) if *ph == phase => assert_eq!(*t, title, "{rows}×{cols}"),
                                _ => single_title = Some((phase, title)),
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn rows_order_on_a_4x4() {
        let phases: Vec<_> = Schedule::new(4, 4, Order::Rows).collect();
        use Placement::*;
        assert_eq!(
            phases,
            vec![
                (Phase::Row(0), Single { row: 0, col: 0 }),
                (Phase::Row(0), Single { row: 0, col: 1 }),
                (Phase::Row(0), RightPair { row: 0 }),
                (Phase::Row(1), Single { row: 1, col: 0 }),
                (Phase::Row(1), Single { row: 1, col: 1 }),
                (Phase::Row(1), RightPair { row: 1 }),
                (Phase::BottomRows, BottomPair { col: 0 }),
                (Phase::BottomRows, BottomPair { col: 1 }),
                (Phase::LastBlock, LastBlock),
            ]
        );
    }

    #[test]
    fn shells_cut_a_long_board_to_a_square_first() {
        let distinct = |rows, cols| {
            let mut phases: Vec<Phase> = Schedule::new(rows, cols, Order::Shells).map(|(p, _)| p).collect();
            phases.dedup();
            phases
        };
        use Phase::*;
        assert_eq!(distinct(4, 6), [Column(0), Column(1), Row(0), Column(2), Row(1), BottomRows, LastBlock]);
        assert_eq!(distinct(6, 4), [Row(0), Row(1), Row(2), Column(0), Row(3), BottomRows, LastBlock]);
    }

    #[test]
    fn shells_order_alternates_rows_and_columns() {
        let phases: Vec<Phase> = Schedule::new(5, 5, Order::Shells).map(|(p, _)| p).collect();
        let mut distinct = phases.clone();
        distinct.dedup();
        assert_eq!(
            distinct,
            vec![
                Phase::Row(0),
                Phase::Column(0),
                Phase::Row(1),
                Phase::Column(1),
                Phase::Row(2),
                Phase::BottomRows,
                Phase::LastBlock
            ]
        );
    }
}

#[cfg(test)]
mod examples {
    // What were examples in the docs of items only the crate uses.

    #[test]
    fn line_area() {
        use super::*;
        let corner = |top, left| Corner { top, left };
        assert_eq!(line_area(Phase::Row(0), 4, 4, corner(0, 0)), Some((0, 0, 1, 4)));
        assert_eq!(line_area(Phase::Column(0), 4, 4, corner(1, 0)), Some((1, 0, 4, 1)));
        assert_eq!(line_area(Phase::Column(0), 4, 4, corner(0, 0)), Some((0, 0, 4, 1)));
        assert_eq!(line_area(Phase::LastBlock, 4, 4, corner(2, 2)), Some((2, 2, 4, 4)));
    }
}
