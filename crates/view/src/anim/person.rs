//! What a timeline of a person's solve knows besides the moves: who, how
//! fast, and the lines read from the board (see
//! [`Timeline::from_person`](super::Timeline::from_person)).
//!
//! A person's moves carry no intent: there are no placements, targets or
//! routes here, only what the board itself says (see [`lines::detect`]).
//! The pace is data too: the move times the replay recorded, if any.

use fifteen_core::board::{BLANK, Pos, Tile, tile_for};
use fifteen_core::human::Phase;
use fifteen_core::lines::{Line, LineDone};

/// Who made a solve and how fast, and the lines it finished.
#[derive(Clone, Debug, PartialEq)]
pub struct Person {
    /// Who solved it, when the replay says.
    pub(crate) player: Option<String>,
    /// What the solve was: `4×4 single`, `custom replay`, …
    pub(crate) event: String,
    /// The solve's time in milliseconds, when the replay says.
    pub(crate) time_ms: Option<u64>,
    /// When each move was made, in milliseconds from the first (one per
    /// move, never decreasing), when the replay has them.
    pub(crate) move_times_ms: Option<Vec<u64>>,
    /// The lines, in the order they were finished (see [`lines::detect`]).
    pub(crate) lines: Vec<LineDone>,
    /// The moves in the multi-tile metric (a run of one letter one move).
    pub(crate) multi_tile: usize,
    /// The time as on a 4×4 (`Solve::time_as_4x4_ms`).
    pub(crate) time_as_4x4_ms: Option<f64>,
}

impl Person {
    /// Whose solve it is, for a header: `4×4 single by dphdmn`.
    pub fn about(&self) -> String {
        match &self.player {
            Some(player) if !self.event.contains(player.as_str()) => format!("{} by {player}", self.event),
            _ => self.event.clone(),
        }
    }

    /// Seconds from the first move until `moves` moves were made, when the
    /// replay has move times (0 before the first move).
    pub(crate) fn seconds_at(&self, moves: usize) -> Option<f64> {
        let times = self.move_times_ms.as_deref()?;
        let at = match moves.checked_sub(1) {
            None => 0,
            Some(last) => *times.get(last).or(times.last())?,
        };
        Some(at as f64 / 1000.0)
    }

    /// The cells `(top, left, bottom, right)` of the line `phase` stands for.
    pub(super) fn line_area(&self, phase: Phase, rows: usize, cols: usize) -> Option<(usize, usize, usize, usize)> {
        let done = self.lines.iter().find(|d| phase_of(d.line) == phase)?;
        Some(done.line.area(rows, cols))
    }
}

/// The phase a line is shown as.
pub(super) fn phase_of(line: Line) -> Phase {
    match line {
        Line::Row { row, .. } => Phase::Row(row),
        Line::Column { col, .. } => Phase::Column(col),
        Line::LastBlock { .. } => Phase::LastBlock,
    }
}

/// The tiles whose homes make up `line` (never the blank).
pub(super) fn line_tiles(line: Line, rows: usize, cols: usize) -> Vec<Tile> {
    let (top, left, bottom, right) = line.area(rows, cols);
    (top..bottom)
        .flat_map(|r| (left..right).map(move |c| tile_for(Pos::new(r, c), rows, cols)))
        .filter(|&t| t != BLANK)
        .collect()
}
