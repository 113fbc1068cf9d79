//! A plan's drills as they are printed, kept and read back: one JSON
//! object a drill (`fifteen train --plan --format json`, the command's
//! store and the browser's alike), and which of them are still to play.

use serde::{Deserialize, Serialize};

use crate::board::{Board, Moves};
use crate::coach::{BetterWay, LineKind, LinePar, Way};
use crate::lines::Line;
use crate::slidysim;

use super::history::Attempt;
use super::{Drill, DrillOrigin, KindCost, Position};

/// One drill of a plan, as it is printed and kept.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct PlannedDrill {
    /// Its place in the plan, from 1.
    pub drill: usize,
    /// The kind of line, as the coach names it.
    pub kind: String,
    /// The board's rows.
    pub rows: usize,
    /// The board's columns.
    pub cols: usize,
    /// The board in slidysim's notation (rows separated by `/`, the blank `0`).
    pub board: String,
    /// The line to build (`row 3`).
    pub line: String,
    /// The unsolved rectangle's top row (from 0): every cell above or left
    /// of it is home.
    pub top: usize,
    /// The unsolved rectangle's left column (from 0).
    pub left: usize,
    /// The board's par.
    pub par: usize,
    /// Par's margin.
    pub margin: usize,
    /// Whether the board is the person's own.
    pub own: bool,
    /// For an own board: the solve and line (from 1) it comes from, the
    /// person's moves on that line and what it lost.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<FromSolve>,
    /// For a fresh board: the seed that made it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// fifteen's way through the line, in the notation.
    pub way: String,
    /// The way's moves.
    pub way_moves: usize,
    /// How the way was found (as the coach names ways).
    pub way_found_by: String,
    /// The kind's moves lost a solve.
    pub kind_loss_per_solve: f64,
    /// The kind's box.
    pub kind_box: u8,
}

/// Where an own drill's board comes from.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct FromSolve {
    /// The solve's number, from 1.
    pub solve: usize,
    /// The line's number in its coaching, from 1.
    pub line: usize,
    /// The person's moves on the line.
    pub moves: usize,
    /// What the line lost.
    pub loss: i64,
}

/// Why a kept drill cannot be read back.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("drill {drill} has {what}")]
pub struct PlannedDrillError {
    /// The drill's place in its plan.
    pub drill: usize,
    /// What is wrong with it.
    pub what: &'static str,
}

impl PlannedDrill {
    /// Drill `number` of a plan whose kinds cost `costs`.
    pub fn new(number: usize, drill: &Drill, costs: &[KindCost]) -> PlannedDrill {
        let position = &drill.position;
        let (rows, cols) = (position.board.rows(), position.board.cols());
        let cost = costs.iter().find(|c| c.kind == position.kind && (c.rows, c.cols) == (rows, cols));
        let (from, seed) = match position.origin {
            DrillOrigin::Own { solve, line, moves, loss } => {
                (Some(FromSolve { solve, line: line + 1, moves, loss }), None)
            }
            DrillOrigin::Fresh { seed } => (None, Some(seed)),
        };
        let (top, left) = position.corner();
        PlannedDrill {
            drill: number,
            kind: position.kind.name().to_string(),
            rows,
            cols,
            board: slidysim::board_notation(&position.board),
            line: position.line.name(),
            top,
            left,
            par: drill.par.par,
            margin: drill.par.margin,
            own: position.is_own(),
            from,
            seed,
            way: drill.par.better.moves.to_string(),
            way_moves: drill.par.better.moves.len(),
            way_found_by: drill.par.better.way.name().to_string(),
            kind_loss_per_solve: cost.map_or(0.0, |c| c.loss_per_solve),
            kind_box: cost.map_or(1, |c| c.level),
        }
    }

    /// The drill as the plan made it, read back and checked: a board of
    /// its size, a kind and a way the coach names, a line that starts at
    /// its corner, a way in the notation.
    pub fn to_drill(&self) -> Result<Drill, PlannedDrillError> {
        let bad = |what: &'static str| PlannedDrillError { drill: self.drill, what };
        let board: Board = self.board.parse().map_err(|_| bad("a board that does not read"))?;
        if (board.rows(), board.cols()) != (self.rows, self.cols) {
            return Err(bad("a board of another size than it says"));
        }
        let kind = LineKind::from_name(&self.kind).ok_or_else(|| bad("no kind of line the coach names"))?;
        let line =
            Line::named(&self.line, self.top, self.left).ok_or_else(|| bad("a line that does not start there"))?;
        let moves: Moves = self.way.parse().map_err(|_| bad("a way that does not read"))?;
        let way = Way::from_name(&self.way_found_by).ok_or_else(|| bad("a way found by no way the coach names"))?;
        let origin = match (&self.from, self.seed) {
            (Some(f), _) => {
                DrillOrigin::Own { solve: f.solve, line: f.line.saturating_sub(1), moves: f.moves, loss: f.loss }
            }
            (None, Some(seed)) => DrillOrigin::Fresh { seed },
            (None, None) => return Err(bad("neither the solve it comes from nor a seed")),
        };
        let position = Position { kind, line, board, origin, known: None };
        let par = LinePar { par: self.par, margin: self.margin, better: BetterWay { moves, way } };
        Ok(Drill { position, par })
    }

    /// Whether `attempt` was made at this drill: the same board and line.
    pub fn is_played_by(&self, attempt: &Attempt) -> bool {
        attempt.board == self.board && attempt.line == self.line
    }
}

/// The drills of `drills` no attempt of `played` (those made since the
/// plan was) was made at, in the plan's order.
pub fn unplayed<'a>(drills: &'a [PlannedDrill], played: &[Attempt]) -> Vec<&'a PlannedDrill> {
    drills.iter().filter(|d| !played.iter().any(|a| d.is_played_by(a))).collect()
}
