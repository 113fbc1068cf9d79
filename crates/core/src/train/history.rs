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

/// The attempts whose mean a trend's first and last ends compare.
pub const TREND_SPAN: usize = 5;

/// One kind of line of one size over a person's history: at least one
/// attempt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KindTrend {
    /// The kind of line.
    pub kind: LineKind,
    /// The board's rows.
    pub rows: usize,
    /// The board's columns.
    pub cols: usize,
    /// Each attempt's loss, in the order played.
    pub losses: Vec<i64>,
    /// The attempts played at par (their loss within par's margin).
    pub at_par: usize,
    /// The kind's box after them.
    pub level: u8,
}

impl KindTrend {
    /// The mean loss of every attempt.
    pub fn mean(&self) -> f64 {
        mean(&self.losses)
    }

    /// The mean loss of the first [`TREND_SPAN`] attempts.
    pub fn mean_first(&self) -> f64 {
        mean(&self.losses[..self.losses.len().min(TREND_SPAN)])
    }

    /// The mean loss of the last [`TREND_SPAN`] attempts.
    pub fn mean_last(&self) -> f64 {
        mean(&self.losses[self.losses.len().saturating_sub(TREND_SPAN)..])
    }
}

fn mean(values: &[i64]) -> f64 {
    if values.is_empty() { 0.0 } else { values.iter().sum::<i64>() as f64 / values.len() as f64 }
}

/// Each kind of each size `attempts` are of, in the order first played
/// (attempts of kinds this version does not name are passed over).
pub fn trends(attempts: &[Attempt]) -> Vec<KindTrend> {
    let boxes = super::Boxes::from_attempts(attempts);
    let mut trends: Vec<KindTrend> = Vec::new();
    for attempt in attempts {
        let Some(kind) = LineKind::from_name(&attempt.kind) else { continue };
        let key = (kind, attempt.rows, attempt.cols);
        let index = match trends.iter().position(|t| (t.kind, t.rows, t.cols) == key) {
            Some(i) => i,
            None => {
                let level = boxes.level(kind, attempt.rows, attempt.cols);
                trends.push(KindTrend {
                    kind,
                    rows: attempt.rows,
                    cols: attempt.cols,
                    losses: Vec::new(),
                    at_par: 0,
                    level,
                });
                trends.len() - 1
            }
        };
        let trend = &mut trends[index];
        trend.losses.push(attempt.loss);
        trend.at_par += usize::from(attempt.loss <= attempt.margin as i64);
    }
    trends
}

/// The history of `attempts`, their [`trends`], as one JSON object
/// (`fifteen train --history --format json`, the site's history alike):
/// `kept` says where it is kept.
pub fn trends_json(kept: &str, attempts: usize, trends: &[KindTrend]) -> serde_json::Value {
    let kinds: Vec<_> = trends
        .iter()
        .map(|t| {
            serde_json::json!({
                "kind": t.kind.name(), "rows": t.rows, "cols": t.cols, "attempts": t.losses.len(),
                "loss_mean": t.mean(), "loss_mean_first": t.mean_first(), "loss_mean_last": t.mean_last(),
                "at_par": t.at_par, "box": t.level, "loss_by_attempt": t.losses,
            })
        })
        .collect();
    serde_json::json!({"store": kept, "attempts": attempts, "kinds": kinds})
}
