//! The order in which tiles are put home.

use super::event::Phase;

/// Which way the planner sweeps the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Order {
    /// Row by row from the top while more than two rows remain, then the
    /// bottom two rows column pair by column pair, then the last block (what
    /// the reference game does).
    Rows,
    /// The shorter line first: rows of a tall region, columns of a wide
    /// one, until it is square, then row r, column r, row r+1, …
    /// (Parberry's reduction): the unsolved rectangle shrinks in both
    /// directions, so tiles travel less. The default: fewer moves at every
    /// size measured (3×3 to 1000×1000, and long boards such as 10×30 and
    /// 30×10, where it takes 11.3–11.4 thousand moves against 11.5–14.7
    /// for rows and 13.3–14.0 for shells that alternated from the start).
    #[default]
    Shells,
}

impl Order {
    /// `rows` or `shells`.
    pub const fn name(self) -> &'static str {
        match self {
            Order::Rows => "rows",
            Order::Shells => "shells",
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

/// A line of the sweep: a row or column with its singles and its pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line {
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
    line: Option<Line>,
    /// Placements already yielded in the current line.
    done_in_line: usize,
    finished: bool,
}

impl Schedule {
    pub(super) fn new(rows: usize, cols: usize, order: Order) -> Schedule {
        Schedule { rows, cols, order, top: 0, left: 0, line: None, done_in_line: 0, finished: false }
    }

    fn next_line(&mut self) -> Line {
        let height = self.rows - self.top;
        let width = self.cols - self.left;
        // Shells take the shorter line: a column when the region is wider
        // than tall, so a long board is cut to a square first, then rows
        // and columns alternate.
        if height > 2 && width > height && self.order == Order::Shells {
            let line = Line::Column { col: self.left, from: self.top };
            self.left += 1;
            return line;
        }
        if height > 2 {
            let line = Line::Row { row: self.top, from: self.left };
            self.top += 1;
            return line;
        }
        if width > 2 {
            let line = Line::Bottom { from: self.left };
            self.left = self.cols - 2;
            return line;
        }
        Line::Last
    }

    fn phase(line: Line) -> Phase {
        match line {
            Line::Row { row, .. } => Phase::Row(row),
            Line::Column { col, .. } => Phase::Column(col),
            Line::Bottom { .. } => Phase::BottomRows,
            Line::Last => Phase::LastBlock,
        }
    }

    /// The placement `k` of a line, if the line has that many.
    fn placement(&self, line: Line, k: usize) -> Option<Placement> {
        match line {
            Line::Row { row, from } => {
                let singles = self.cols - 2 - from;
                match k.cmp(&singles) {
                    std::cmp::Ordering::Less => Some(Placement::Single { row, col: from + k }),
                    std::cmp::Ordering::Equal => Some(Placement::RightPair { row }),
                    std::cmp::Ordering::Greater => None,
                }
            }
            Line::Column { col, from } => {
                let singles = self.rows - 2 - from;
                match k.cmp(&singles) {
                    std::cmp::Ordering::Less => Some(Placement::Single { row: from + k, col }),
                    std::cmp::Ordering::Equal => Some(Placement::BottomPair { col }),
                    std::cmp::Ordering::Greater => None,
                }
            }
            Line::Bottom { from } => (from + k < self.cols - 2).then_some(Placement::BottomPair { col: from + k }),
            Line::Last => (k == 0).then_some(Placement::LastBlock),
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
            if line == Line::Last {
                self.finished = true;
            }
            self.line = None;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells_of(p: Placement, rows: usize, cols: usize) -> Vec<(usize, usize)> {
        match p {
            Placement::Single { row, col } => vec![(row, col)],
            Placement::RightPair { row } => vec![(row, cols - 2), (row, cols - 1)],
            Placement::BottomPair { col } => vec![(rows - 2, col), (rows - 1, col)],
            Placement::LastBlock => vec![(rows - 2, cols - 2), (rows - 2, cols - 1), (rows - 1, cols - 2)],
        }
    }

    #[test]
    fn every_cell_but_the_corner_is_placed_once_in_both_orders() {
        for order in [Order::Rows, Order::Shells] {
            for rows in 2..9 {
                for cols in 2..9 {
                    let mut seen = vec![false; rows * cols];
                    for (_, p) in Schedule::new(rows, cols, order) {
                        for (r, c) in cells_of(p, rows, cols) {
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
