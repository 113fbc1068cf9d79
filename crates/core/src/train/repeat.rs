//! Repetition that adapts: Leitner's boxes (Sebastian Leitner, *So lernt
//! man lernen*, 1972), counted in drills rather than days.
//!
//! Every kind of line (of a size) and every board a person has drilled
//! sits in a box, from 1 to [`TOP_BOX`]. A drill played at par (its loss
//! within par's margin) moves its kind and its board up one box; one that
//! loses more sends both back to box 1. A kind in box `b` weighs
//! `1 / 2^(b−1)` of its loss in the plan, so it comes back half as often
//! for each box it has climbed and at once when it loses again; the
//! person's own boards of a kind are drilled lowest box first.

use std::collections::HashMap;

use crate::board::Board;
use crate::coach::LineKind;

use super::history::Attempt;

/// The highest box: a kind there weighs a sixteenth of its loss.
pub const TOP_BOX: u8 = 5;

/// The box after one more drill: one up when it was played at par, back
/// to 1 when it lost more than par's margin.
pub const fn next_box(current: u8, at_par: bool) -> u8 {
    if at_par { if current < TOP_BOX { current + 1 } else { TOP_BOX } } else { 1 }
}

/// The boxes of a person's history.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Boxes {
    kinds: HashMap<(LineKind, usize, usize), u8>,
    boards: HashMap<Board, u8>,
}

impl Boxes {
    /// The boxes after `attempts`, in the order they were played (those
    /// of kinds or boards this version cannot read are passed over).
    pub fn from_attempts<'a>(attempts: impl IntoIterator<Item = &'a Attempt>) -> Boxes {
        let mut boxes = Boxes::default();
        for attempt in attempts {
            let Some(kind) = LineKind::from_name(&attempt.kind) else { continue };
            let at_par = attempt.loss <= attempt.margin as i64;
            let level = boxes.kinds.entry((kind, attempt.rows, attempt.cols)).or_insert(1);
            *level = next_box(*level, at_par);
            if let Ok(board) = attempt.board() {
                let level = boxes.boards.entry(board).or_insert(1);
                *level = next_box(*level, at_par);
            }
        }
        boxes
    }

    /// The box of `kind` on boards of `rows` × `cols` (1 when never drilled).
    pub fn level(&self, kind: LineKind, rows: usize, cols: usize) -> u8 {
        self.kinds.get(&(kind, rows, cols)).copied().unwrap_or(1)
    }

    /// The box of a drill's board (1 when never drilled).
    pub fn position_level(&self, board: &Board) -> u8 {
        self.boards.get(board).copied().unwrap_or(1)
    }
}
