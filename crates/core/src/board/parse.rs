//! Reading boards from text.
//!
//! One row per line, cells split by white space (commas and brackets count as
//! white space too), the blank written `0`, `_`, `__`, `.` or `*`. A single
//! line of N numbers is read as a square board when N is a perfect square, so
//! `[15, 2, 1, 12, 8, 5, 6, 11, 4, 9, 10, 7, 3, 14, 13, 0]` is a 15-puzzle.
//! Rows may also be separated by `/`, as speedsolvers write boards
//! (`1 8 0 15/5 4 6 2/9 3 12 10/13 7 11 14`); then each row counts as a
//! line in error messages. Blank lines and `#` comments are skipped. Every
//! error names the line.

use std::str::FromStr;

use super::{BLANK, Board, SizeError, Tile, check_size};

/// Why a text could not be read as a board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseBoardError {
    /// Nothing but blank lines and comments.
    #[error("no board found: the input is empty")]
    Empty,
    /// A cell that is neither a number nor a blank mark.
    #[error("line {line}: `{value}` is not a tile number (write numbers, and the blank as 0, _, __, . or *)")]
    NotATile {
        /// Line of the text, from 1.
        line: usize,
        /// The cell as written.
        value: String,
    },
    /// A row with a different number of cells than the first.
    #[error("line {line} has {} but line {first_line} has {expected}: every row needs the same number", count(*.cells, "cell"))]
    Ragged {
        /// Line of the short or long row.
        line: usize,
        /// Cells on that line.
        cells: usize,
        /// Cells on the first row.
        expected: usize,
        /// Line of the first row.
        first_line: usize,
    },
    /// A list of cells that does not fit the shape asked for.
    #[error("{} cannot fill a {rows}×{cols} board of {} cells", count(*.cells, "cell"), rows * cols)]
    WrongCount {
        /// Cells given.
        cells: usize,
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// A one-line board whose length is not a square.
    #[error(
        "line {line} has {}: a board on one line needs a square number of cells (4, 9, 16, …); write one row per line for other shapes",
        count(*.cells, "cell")
    )]
    NotSquare {
        /// The line.
        line: usize,
        /// Cells on it.
        cells: usize,
    },
    /// Too few rows or columns, or too many cells.
    #[error("{0}")]
    Size(#[from] SizeError),
    /// A tile number that does not exist on this board.
    #[error("line {line}: tile {value} is out of range: a {rows}×{cols} board has tiles 1 to {max}")]
    OutOfRange {
        /// Line of the tile.
        line: usize,
        /// The number as read.
        value: u64,
        /// Board rows.
        rows: usize,
        /// Board columns.
        cols: usize,
        /// Largest tile on this board.
        max: usize,
    },
    /// The same tile in two cells.
    #[error("line {line}: tile {tile} appears twice (also on line {first_line})")]
    Duplicate {
        /// Line of the second copy.
        line: usize,
        /// The tile.
        tile: Tile,
        /// Line of the first copy.
        first_line: usize,
    },
    /// Two blanks.
    #[error("line {line}: a second blank (the first is on line {first_line}); a board has exactly one")]
    TwoBlanks {
        /// Line of the second blank.
        line: usize,
        /// Line of the first.
        first_line: usize,
    },
    /// A tile that appears nowhere (the lowest such tile is named).
    #[error("tile {tile} is missing: a {rows}×{cols} board needs every tile from 1 to {max} once")]
    Missing {
        /// The lowest missing tile.
        tile: Tile,
        /// Board rows.
        rows: usize,
        /// Board columns.
        cols: usize,
        /// Largest tile on this board.
        max: usize,
    },
    /// No blank cell.
    #[error("there is no blank: write it as 0, _, __, . or *")]
    NoBlank,
}

impl FromStr for Board {
    type Err = ParseBoardError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut cells: Vec<Tile> = Vec::new();
        // (line number, cells on it) for every line that holds cells.
        let mut rows: Vec<(usize, usize)> = Vec::new();
        let segments = text.lines().flat_map(|raw| raw.split('#').next().unwrap_or("").split('/'));
        for (index, content) in segments.enumerate() {
            let line = index + 1;
            let before = cells.len();
            for token in
                content.split(|c: char| c.is_whitespace() || matches!(c, ',' | '[' | ']')).filter(|t| !t.is_empty())
            {
                cells.push(read_cell(token, line)?);
            }
            let count = cells.len() - before;
            if count > 0 {
                if let Some(&(first_line, expected)) = rows.first()
                    && count != expected
                {
                    return Err(ParseBoardError::Ragged { line, cells: count, expected, first_line });
                }
                rows.push((line, count));
            }
        }
        let (first_line, width) = *rows.first().ok_or(ParseBoardError::Empty)?;
        if rows.len() == 1 {
            let side = (width as f64).sqrt().round() as usize;
            if side * side != width {
                return Err(ParseBoardError::NotSquare { line: first_line, cells: width });
            }
            let lines = vec![first_line; side];
            return validate(side, side, cells, Some(&lines));
        }
        let lines: Vec<usize> = rows.iter().map(|&(line, _)| line).collect();
        validate(rows.len(), width, cells, Some(&lines))
    }
}

/// Reads one cell: a blank mark or a tile number. Numbers too large for a
/// tile are kept as `u32::MAX` so the range check names them.
/// `1 cell`, `3 cells`.
fn count(n: usize, noun: &str) -> String {
    if n == 1 { format!("1 {noun}") } else { format!("{n} {noun}s") }
}

fn read_cell(token: &str, line: usize) -> Result<Tile, ParseBoardError> {
    if token == "." || token == "*" || token.bytes().all(|b| b == b'_') {
        return Ok(BLANK);
    }
    if !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseBoardError::NotATile { line, value: token.to_string() });
    }
    Ok(token.parse::<u32>().unwrap_or(u32::MAX))
}

/// Checks that `cells` is a permutation of `0..rows*cols` and builds the board.
/// `lines[r]` is the text line of row `r`, for error messages.
pub(super) fn validate(
    rows: usize,
    cols: usize,
    cells: Vec<Tile>,
    lines: Option<&[usize]>,
) -> Result<Board, ParseBoardError> {
    let len = check_size(rows, cols)?;
    if cells.len() != len {
        return Err(ParseBoardError::WrongCount { cells: cells.len(), rows, cols });
    }
    let line_of = |index: usize| lines.map_or(index / cols + 1, |l| l[index / cols]);
    // seen[t] = 1 + index of the first cell holding t.
    let mut seen = vec![0u32; len];
    for (index, &tile) in cells.iter().enumerate() {
        let t = tile as usize;
        if t >= len {
            return Err(ParseBoardError::OutOfRange {
                line: line_of(index),
                value: tile as u64,
                rows,
                cols,
                max: len - 1,
            });
        }
        if seen[t] != 0 {
            let first_line = line_of(seen[t] as usize - 1);
            let line = line_of(index);
            return Err(if tile == BLANK {
                ParseBoardError::TwoBlanks { line, first_line }
            } else {
                ParseBoardError::Duplicate { line, tile, first_line }
            });
        }
        seen[t] = index as u32 + 1;
    }
    // With no repeats and every value in range, all are present; kept for
    // callers that pass fewer cells in the future.
    if seen[0] == 0 {
        return Err(ParseBoardError::NoBlank);
    }
    if let Some(tile) = seen.iter().position(|&s| s == 0) {
        return Err(ParseBoardError::Missing { tile: tile as Tile, rows, cols, max: len - 1 });
    }
    Ok(Board::from_valid_cells(rows, cols, cells))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        text.parse::<Board>().unwrap_err().to_string()
    }

    #[test]
    fn reads_every_blank_mark_and_comments() {
        for blank in ["0", "_", "__", ".", "*"] {
            let text = format!("# a 2×2\n\n1 2\n3 {blank}   # last row\n");
            assert!(text.parse::<Board>().unwrap().is_solved(), "{blank}");
        }
    }

    #[test]
    fn reads_one_line_lists_as_squares() {
        let b: Board = "[15, 2, 1, 12, 8, 5, 6, 11, 4, 9, 10, 7, 3, 14, 13, 0]".parse().unwrap();
        assert_eq!((b.rows(), b.cols()), (4, 4));
        assert_eq!(b.tile_at(super::super::Pos::new(3, 2)), 13);
    }

    #[test]
    fn reads_rows_separated_by_slashes() {
        let b: Board = "1 8 0 15/5 4 6 2/9 3 12 10/13 7 11 14".parse().unwrap();
        assert_eq!((b.rows(), b.cols()), (4, 4));
        assert_eq!(b.tile_at(super::super::Pos::new(0, 3)), 15);
        let solved: Board = "1 2 3/4 5 0\n".parse().unwrap();
        assert_eq!((solved.rows(), solved.cols()), (2, 3));
        assert_eq!(err("1 2/3 9"), "line 2: tile 9 is out of range: a 2×2 board has tiles 1 to 3");
        assert!(err("1 2 3/4 0").starts_with("line 2 has 2 cells but line 1 has 3"));
    }

    #[test]
    fn reads_rectangles() {
        let b: Board = "1 2 3 4 5\n6 7 8 9 0".parse().unwrap();
        assert_eq!((b.rows(), b.cols()), (2, 5));
        assert!(b.is_solved());
    }

    #[test]
    fn errors_name_the_line_and_value() {
        assert_eq!(err(""), "no board found: the input is empty");
        assert_eq!(err("# only a comment\n\n"), "no board found: the input is empty");
        assert!(err("1 2\n3 x").starts_with("line 2: `x` is not a tile number"));
        assert!(err("1 2 3\n4 5\n6 7 0").starts_with("line 2 has 2 cells but line 1 has 3"));
        assert!(err("1 2 3 0 4").starts_with("line 1 has 5 cells: a board on one line needs a square"));
        assert_eq!(err("1 2 0 3 4"), err("[1, 2, 0, 3, 4]"));
        assert_eq!(err("1 2\n3 9"), "line 2: tile 9 is out of range: a 2×2 board has tiles 1 to 3");
        assert_eq!(err("1 2\n\n2 0"), "line 3: tile 2 appears twice (also on line 1)");
        assert_eq!(err("1 0\n0 2"), "line 2: a second blank (the first is on line 1); a board has exactly one");
        assert_eq!(err("1 2 3 4"), "line 1: tile 4 is out of range: a 2×2 board has tiles 1 to 3");
        assert_eq!(err("5\n0"), "a board needs at least 2 rows and 2 columns, not 2×1");
        assert!(err("1 2\n3 99999999999999").contains("out of range"));
    }

    #[test]
    fn from_cells_reports_missing_and_blankless_boards() {
        assert_eq!(
            Board::from_cells(2, 2, vec![1, 2, 3]).unwrap_err().to_string(),
            "3 cells cannot fill a 2×2 board of 4 cells"
        );
        assert!(matches!(Board::from_cells(2, 2, vec![1, 1, 2, 3]), Err(ParseBoardError::Duplicate { tile: 1, .. })));
    }
}
