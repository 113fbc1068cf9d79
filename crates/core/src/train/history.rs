//! A person's attempts at drills, as they are kept and exchanged: one
//! JSON object a line (`--export`, `--import`, and the browser's storage
//! alike).

use serde::{Deserialize, Serialize};

use crate::board::{Board, Moves};
use crate::coach::LineKind;
use crate::slidysim;

use super::{Drill, Score};

/// One attempt at a drill.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attempt {
    /// The kind of line, as the coach names it (`rows`, `end pairs`, …).
    pub kind: String,
    /// The board's rows.
    pub rows: usize,
    /// The board's columns.
    pub cols: usize,
    /// The drill's board in slidysim's notation (rows separated by `/`,
    /// the blank `0`).
    pub board: String,
    /// The line built (`row 3`).
    pub line: String,
    /// Whether the board was the person's own.
    pub own: bool,
    /// The moves made.
    pub moves: String,
    /// The drill's par.
    pub par: usize,
    /// Par's margin.
    pub margin: usize,
    /// What the attempt lost.
    pub loss: i64,
    /// From the first move to the line home, in milliseconds.
    pub time_ms: u64,
    /// When it was played: seconds since 1970 (UTC).
    pub when: i64,
}

/// Why a line of history could not be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum HistoryError {
    /// Not an attempt in JSON.
    #[error("not an attempt: {0}")]
    Json(#[from] serde_json::Error),
    /// A field that does not hold together.
    #[error("{0}")]
    Invalid(String),
}

impl Attempt {
    /// `moves` on `drill`, weighed as `score`, played in `time_ms` at `when`.
    pub fn new(drill: &Drill, moves: &Moves, score: &Score, time_ms: u64, when: i64) -> Attempt {
        let position = &drill.position;
        Attempt {
            kind: position.kind.name().to_string(),
            rows: position.board.rows(),
            cols: position.board.cols(),
            board: slidysim::board_notation(&position.board),
            line: position.line.name(),
            own: position.is_own(),
            moves: moves.to_string(),
            par: drill.par.par,
            margin: drill.par.margin,
            loss: score.loss,
            time_ms,
            when,
        }
    }

    /// The drill's board.
    pub fn board(&self) -> Result<Board, HistoryError> {
        let board: Board = self.board.parse().map_err(|e| HistoryError::Invalid(format!("board: {e}")))?;
        if (board.rows(), board.cols()) != (self.rows, self.cols) {
            return Err(HistoryError::Invalid(format!(
                "the board is {}×{}, not the {}×{} the attempt says",
                board.rows(),
                board.cols(),
                self.rows,
                self.cols
            )));
        }
        Ok(board)
    }

    /// The attempt read from one line of JSON, checked: a kind the coach
    /// names, a board of its size, moves in the notation.
    pub fn from_json(line: &str) -> Result<Attempt, HistoryError> {
        let attempt: Attempt = serde_json::from_str(line)?;
        if LineKind::from_name(&attempt.kind).is_none() {
            return Err(HistoryError::Invalid(format!("no kind of line is named {:?}", attempt.kind)));
        }
        attempt.board()?;
        attempt.moves.parse::<Moves>().map_err(|e| HistoryError::Invalid(format!("moves: {e}")))?;
        Ok(attempt)
    }

    /// The attempt as one line of JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("an attempt is plain data")
    }
}
