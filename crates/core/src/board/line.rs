//! Boards one a line, as `fifteen solve --batch` and `fifteen bench
//! --boards` read them: a board on one line (`1 2 3 … 0`, `[1, 2, …]`, the
//! forms a one-line board takes anywhere in fifteen) or a JSON object
//! `{"id": …, "board": …}` whose board is a flat list, a list of rows or the
//! board's text, and which may say the board's `"optimal"` length. Blank
//! lines and `#` comment lines hold no board.
//!
//! ```
//! use fifteen_core::board::BoardLine;
//!
//! let line = BoardLine::parse(r#"{"id": "a", "board": [[1, 2], [0, 3]], "optimal": 1}"#, 7).unwrap();
//! assert_eq!((line.id.as_str(), line.optimal), (Some("a"), Some(1)));
//! assert_eq!(line.board.unwrap().cells(), [1, 2, 0, 3]);
//! // Without an id, the line's number is its id.
//! assert_eq!(BoardLine::parse("1 2 3 _", 9).unwrap().id, 9);
//! assert!(BoardLine::parse("# a comment", 10).is_none());
//! ```

use serde_json::Value;

use super::{Board, ParseBoardError};

/// One line of boards: its id, and its board or why it holds none.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardLine {
    /// The object's `id`, else the line's number.
    pub id: Value,
    /// The board, or what is wrong with the line.
    pub board: Result<Board, BoardLineError>,
    /// The board's optimal length, when the line says it.
    pub optimal: Option<u32>,
}

/// Why a line holds no board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardLineError {
    /// The line is not UTF-8 text.
    #[error("the line is not UTF-8 text")]
    NotText,
    /// The line starts as a JSON object and is not JSON.
    #[error("the line is not JSON: {0}")]
    NotJson(String),
    /// The line is JSON but not an object.
    #[error("the line is `{0}`, not a JSON object")]
    NotAnObject(String),
    /// The object has no `board`.
    #[error("no \"board\" in the object")]
    NoBoard,
    /// The object's `board` is neither a list of cells, a list of rows nor
    /// text.
    #[error("\"board\" is `{0}`: write a list of cells, a list of rows or the board's text")]
    BoardShape(String),
    /// A cell of the board is neither a number nor text.
    #[error("`{0}` is not a cell")]
    NotACell(String),
    /// The object's `optimal` is not a move count.
    #[error("\"optimal\" is `{0}`, not a move count")]
    NotACount(String),
    /// The board's text is not a board.
    #[error(transparent)]
    Board(#[from] ParseBoardError),
}

impl BoardLine {
    /// The board of line `number` (counted from 1), or `None` for a blank
    /// or comment line.
    pub fn parse(line: &str, number: u64) -> Option<BoardLine> {
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            return None;
        }
        let plain = |board| BoardLine { id: number.into(), board, optimal: None };
        if !text.starts_with('{') {
            return Some(plain(text.parse::<Board>().map_err(BoardLineError::from)));
        }
        let object = match serde_json::from_str::<Value>(text) {
            Ok(Value::Object(object)) => object,
            Ok(other) => return Some(plain(Err(BoardLineError::NotAnObject(other.to_string())))),
            Err(e) => return Some(plain(Err(BoardLineError::NotJson(e.to_string())))),
        };
        let id = object.get("id").cloned().unwrap_or_else(|| number.into());
        let optimal = match object.get("optimal").map(|n| n.as_u64().and_then(|n| u32::try_from(n).ok()).ok_or(n)) {
            None => None,
            Some(Ok(optimal)) => Some(optimal),
            Some(Err(n)) => {
                return Some(BoardLine { id, board: Err(BoardLineError::NotACount(n.to_string())), optimal: None });
            }
        };
        let board = object
            .get("board")
            .ok_or(BoardLineError::NoBoard)
            .and_then(board_text)
            .and_then(|text| Ok(text.parse::<Board>()?));
        Some(BoardLine { id, board, optimal })
    }

    /// The board of a line that may not be UTF-8 text (read as bytes).
    pub fn parse_bytes(line: &[u8], number: u64) -> Option<BoardLine> {
        match std::str::from_utf8(line) {
            Ok(text) => BoardLine::parse(text, number),
            Err(_) => Some(BoardLine { id: number.into(), board: Err(BoardLineError::NotText), optimal: None }),
        }
    }
}

/// A JSON board as board text: a flat list (a square board), a list of
/// rows, or the text itself.
fn board_text(board: &Value) -> Result<String, BoardLineError> {
    let cell = |v: &Value| match v {
        Value::Number(n) => Ok(n.to_string()),
        Value::String(s) => Ok(s.clone()),
        other => Err(BoardLineError::NotACell(other.to_string())),
    };
    let row = |cells: &[Value]| cells.iter().map(cell).collect::<Result<Vec<_>, _>>().map(|c| c.join(" "));
    match board {
        Value::String(text) => Ok(text.clone()),
        Value::Array(rows) if !rows.is_empty() && rows.iter().all(Value::is_array) => rows
            .iter()
            .filter_map(Value::as_array)
            .map(|r| row(r))
            .collect::<Result<Vec<_>, _>>()
            .map(|rows| rows.join("\n")),
        Value::Array(cells) => row(cells),
        other => Err(BoardLineError::BoardShape(other.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_of_a_line_reads_as_its_board_or_one_reason() {
        let goal = Board::goal(3, 3).unwrap();
        for line in ["1 2 3 4 5 6 7 8 0", "[1,2,3,4,5,6,7,8,0]", r#"{"board":[1,2,3,4,5,6,7,8,0]}"#] {
            assert_eq!(BoardLine::parse(line, 1).unwrap().board, Ok(goal.clone()), "{line}");
        }
        let rows = BoardLine::parse(r#"{"id":5,"board":[[1,2,3],[4,5,6],[7,8,0]]}"#, 1).unwrap();
        assert_eq!((rows.id, rows.board), (Value::from(5), Ok(goal.clone())));
        let text = BoardLine::parse(r#"{"board":"1 2 3\n4 5 6\n7 8 _"}"#, 1).unwrap();
        assert_eq!(text.board, Ok(goal));
        let reason = |line: &str| BoardLine::parse(line, 3).unwrap().board.unwrap_err().to_string();
        assert!(reason("{not json").starts_with("the line is not JSON"));
        assert_eq!(reason("{}"), "no \"board\" in the object");
        assert!(reason(r#"{"board":true}"#).contains("write a list of cells"));
        assert!(reason(r#"{"board":[1,{}]}"#).contains("is not a cell"));
        assert!(reason(r#"{"board":[1,2,3,0],"optimal":-1}"#).contains("not a move count"));
        assert!(BoardLine::parse("   ", 4).is_none());
        assert_eq!(BoardLine::parse_bytes(b"\xff", 5).unwrap().board, Err(BoardLineError::NotText));
    }
}
