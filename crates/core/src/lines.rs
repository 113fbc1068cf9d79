//! When a solve finished each line, read from the board alone.
//!
//! A person's solve carries no phases: only a scramble and moves. Whatever
//! order or style they used (row by row, fringe, blocks), the board says
//! when each line was done: a line (the top row or the left column of the
//! unsolved rectangle) is done at the move after which every one of its
//! cells stays home to the end. [`detect`] finds those moves in one pass
//! over the moves; the same rule applied to fifteen's own moves lets the
//! two solves be set side by side by what each had finished.

use serde::Serialize;

use crate::board::{Board, Move};

/// A line of the unsolved rectangle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Line {
    /// Row `row` (from 0), from column `from` to the right edge.
    Row {
        /// The row.
        row: usize,
        /// Its first unsolved column.
        from: usize,
    },
    /// Column `col` (from 0), from row `from` to the bottom edge.
    Column {
        /// The column.
        col: usize,
        /// Its first unsolved row.
        from: usize,
    },
    /// The last 2×2 block, at rows and columns `row`, `col` and the next.
    LastBlock {
        /// Its top row.
        row: usize,
        /// Its left column.
        col: usize,
    },
}

impl Line {
    /// Its cells on a `rows`×`cols` board, as `(top, left, bottom, right)`
    /// with the bottom and right edges excluded.
    pub fn area(&self, rows: usize, cols: usize) -> (usize, usize, usize, usize) {
        match *self {
            Line::Row { row, from } => (row, from, row + 1, cols),
            Line::Column { col, from } => (from, col, rows, col + 1),
            Line::LastBlock { row, col } => (row, col, (row + 2).min(rows), (col + 2).min(cols)),
        }
    }

    /// The line [`Line::name`] names `name` when the unsolved rectangle's
    /// top-left cell is row `top`, column `left` (from 0); `None` when no
    /// such line starts there.
    ///
    /// ```
    /// use fifteen_core::lines::Line;
    /// assert_eq!(Line::named("row 2", 1, 0), Some(Line::Row { row: 1, from: 0 }));
    /// assert_eq!(Line::named("column 2", 1, 1), Some(Line::Column { col: 1, from: 1 }));
    /// assert_eq!(Line::named("last 2×2", 2, 2), Some(Line::LastBlock { row: 2, col: 2 }));
    /// assert_eq!(Line::named("row 3", 1, 0), None, "row 3 does not start on row 2");
    /// ```
    pub fn named(name: &str, top: usize, left: usize) -> Option<Line> {
        let number = |prefix: &str| name.strip_prefix(prefix)?.parse::<usize>().ok()?.checked_sub(1);
        if name == "last 2×2" {
            return Some(Line::LastBlock { row: top, col: left });
        }
        if let Some(row) = number("row ") {
            return (row == top).then_some(Line::Row { row, from: left });
        }
        let col = number("column ")?;
        (col == left).then_some(Line::Column { col, from: top })
    }

    /// How a speedsolver names it: `row 1`, `column 3`, `last 2×2` (rows
    /// and columns from 1).
    pub fn name(&self) -> String {
        match *self {
            Line::Row { row, .. } => format!("row {}", row + 1),
            Line::Column { col, .. } => format!("column {}", col + 1),
            Line::LastBlock { .. } => "last 2×2".to_string(),
        }
    }
}

/// Lines named for a reader: `row 1, column 1`, runs of rows or of
/// columns as ranges (`rows 2–15, columns 1–14`), in the order each kind
/// first appears.
///
/// ```
/// use fifteen_core::lines::{Line, names};
/// let lines = [Line::Column { col: 0, from: 1 }, Line::Row { row: 1, from: 1 }, Line::Row { row: 2, from: 1 }];
/// assert_eq!(names(&lines), "column 1, rows 2–3");
/// ```
pub fn names(lines: &[Line]) -> String {
    let mut rows: Vec<usize> = Vec::new();
    let mut cols: Vec<usize> = Vec::new();
    let mut parts: Vec<String> = Vec::new();
    let mut order: Vec<u8> = Vec::new();
    for line in lines {
        match *line {
            Line::Row { row, .. } => {
                if rows.is_empty() {
                    order.push(b'r');
                }
                rows.push(row + 1);
            }
            Line::Column { col, .. } => {
                if cols.is_empty() {
                    order.push(b'c');
                }
                cols.push(col + 1);
            }
            Line::LastBlock { .. } => order.push(b'b'),
        }
    }
    let run = |singular: &str, plural: &str, numbers: &[usize]| match numbers {
        [one] => format!("{singular} {one}"),
        [first, .., last] if last - first + 1 == numbers.len() => format!("{plural} {first}–{last}"),
        many => format!("{plural} {}", many.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")),
    };
    for kind in order {
        parts.push(match kind {
            b'r' => run("row", "rows", &rows),
            b'c' => run("column", "columns", &cols),
            _ => "last 2×2".to_string(),
        });
    }
    parts.join(", ")
}

/// A finished line and the number of moves made when it was done.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LineDone {
    /// The line.
    pub line: Line,
    /// Moves made when it was done for good (never fewer than the line
    /// before it).
    pub at: usize,
    /// The unsolved rectangle left after it: rows from `top`, columns from
    /// `left`, to the bottom-right corner.
    pub top: usize,
    /// See `top`.
    pub left: usize,
}

/// Every line of a solve, in the order they were finished, ending with the
/// last 2×2 block at the last move. `moves` must solve `scramble`.
///
/// ```
/// use fifteen_core::{Board, Moves, lines};
/// let scramble: Board = "1 2 3/4 5 6/7 0 8".parse().unwrap();
/// let moves: Moves = "L".parse().unwrap();
/// let done = lines::detect(&scramble, &moves);
/// let names: Vec<String> = done.iter().map(|d| d.line.name()).collect();
/// assert_eq!(names, ["row 1", "column 1", "last 2×2"]);
/// assert_eq!(done.iter().map(|d| d.at).collect::<Vec<_>>(), [0, 0, 1]);
/// ```
pub fn detect(scramble: &Board, moves: &[Move]) -> Vec<LineDone> {
    let (rows, cols) = (scramble.rows(), scramble.cols());
    let settled = settled(scramble, moves);
    let row_done = |row: usize, from: usize| (from..cols).map(|c| settled[row * cols + c]).max().unwrap_or(0);
    let col_done = |col: usize, from: usize| (from..rows).map(|r| settled[r * cols + col]).max().unwrap_or(0);
    let (mut top, mut left, mut last) = (0, 0, 0);
    let mut done = Vec::with_capacity(rows + cols);
    while rows - top > 2 || cols - left > 2 {
        let row = (rows - top > 2).then(|| row_done(top, left));
        let col = (cols - left > 2).then(|| col_done(left, top));
        // The line finished first goes first; a row before a column on a tie,
        // as the strategy builds them.
        let line = match (row, col) {
            (Some(r), Some(c)) if c < r => Line::Column { col: left, from: top },
            (Some(_), _) => Line::Row { row: top, from: left },
            _ => Line::Column { col: left, from: top },
        };
        let at = match line {
            Line::Row { .. } => row.unwrap_or(0),
            _ => col.unwrap_or(0),
        };
        match line {
            Line::Row { .. } => top += 1,
            _ => left += 1,
        }
        last = last.max(at);
        done.push(LineDone { line, at: last, top, left });
    }
    done.push(LineDone {
        line: Line::LastBlock { row: top, col: left },
        at: moves.len().max(last),
        top: rows,
        left: cols,
    });
    done
}

/// For each cell in reading order, the moves made when it was last
/// touched: from then on it holds its final tile, which is its home tile
/// when `moves` solve `scramble`. Stops at the first illegal move.
pub(crate) fn settled(scramble: &Board, moves: &[Move]) -> Vec<usize> {
    let cols = scramble.cols();
    let mut settled = vec![0usize; scramble.len()];
    let mut board = scramble.clone();
    for (i, &mv) in moves.iter().enumerate() {
        let before = board.blank();
        if board.slide(mv).is_none() {
            break;
        }
        let after = board.blank();
        settled[before.row * cols + before.col] = i + 1;
        settled[after.row * cols + after.col] = i + 1;
    }
    settled
}

/// One row of two solves set side by side: a state both reached (the same
/// unsolved rectangle left), and the moves each had made by then.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Stage {
    /// The lines the first solve finished since the stage before.
    pub finished: Vec<Line>,
    /// Rows still unsolved after it (0 when solved).
    pub rows_left: usize,
    /// Columns still unsolved after it (0 when solved).
    pub cols_left: usize,
    /// Moves the first solve had made when it got there.
    pub first: usize,
    /// Moves the second solve had made when it got there.
    pub second: usize,
}

/// Sets two solves of one board side by side by what each had finished:
/// a stage for every unsolved rectangle both of them left behind, in order,
/// ending with the solved board. Lines one solve finished in another order
/// fall into the first stage both share after them.
///
/// ```
/// use fifteen_core::{Board, Moves, lines};
/// let scramble: Board = "1 2 3/4 5 6/0 7 8".parse().unwrap();
/// let direct: Moves = "LL".parse().unwrap();
/// let detour: Moves = "DULL".parse().unwrap();
/// let stages = lines::line_up(&lines::detect(&scramble, &detour), &lines::detect(&scramble, &direct));
/// let moves: Vec<(usize, usize)> = stages.iter().map(|s| (s.first, s.second)).collect();
/// assert_eq!(moves, [(0, 0), (3, 1), (4, 2)]);
/// ```
pub fn line_up(first: &[LineDone], second: &[LineDone]) -> Vec<Stage> {
    let Some(last) = first.last() else { return Vec::new() };
    let (rows, cols) = (last.top, last.left);
    let mut stages = Vec::new();
    let mut finished = Vec::new();
    for done in first {
        finished.push(done.line);
        let Some(other) = second.iter().find(|o| (o.top, o.left) == (done.top, done.left)) else { continue };
        stages.push(Stage {
            finished: std::mem::take(&mut finished),
            rows_left: rows - done.top,
            cols_left: cols - done.left,
            first: done.at,
            second: other.at,
        });
    }
    stages
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::HumanOptions;
    use crate::board::Scramble;
    use crate::human;

    #[test]
    fn fifteens_own_lines_are_found_in_its_order() {
        let board = Board::scrambled(5, 5, Scramble::Uniform, 3).unwrap();
        let plan = human::solve(&board, &HumanOptions::default()).unwrap();
        let done = detect(&board, plan.moves());
        let names: Vec<String> = done.iter().map(|d| d.line.name()).collect();
        assert_eq!(names.len(), 7);
        assert_eq!(names.last().unwrap(), "last 2×2");
        assert!(done.windows(2).all(|w| w[0].at <= w[1].at));
        assert_eq!(done.last().unwrap().at, plan.moves().len());
    }

    #[test]
    fn a_solved_board_is_done_at_once() {
        let board = Board::goal(3, 4).unwrap();
        let done = detect(&board, &[]);
        assert!(done.iter().all(|d| d.at == 0));
        let names: Vec<String> = done.iter().map(|d| d.line.name()).collect();
        assert_eq!(names, ["row 1", "column 1", "column 2", "last 2×2"]);
    }
}
