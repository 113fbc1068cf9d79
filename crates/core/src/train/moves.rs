//! The move game: the person's own boards where their next move lost par,
//! each a question (which move now?) with its answer (the moves that keep
//! par).
//!
//! A move keeps par when the board it leaves is one move nearer the goal:
//! its par is the board's less one. That is only a fact where par is the
//! optimal distance (boards of up to 16 cells, where the coach marks the
//! mistakes); where par is fifteen's own solve, a move that "loses" may
//! only show where fifteen's solve is not the shortest, so the game is not
//! dealt there.

use crate::board::{Board, Move};
use crate::coach::{self, CoachError, Par};
use crate::deadline::Deadline;

use super::CoachedSolve;

/// One board of the person's where their next move lost par.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveQuestion {
    /// The solve's number.
    pub solve: usize,
    /// The move the person made next, from 1 (as the coach numbers mistakes).
    pub move_number: usize,
    /// The board before it.
    pub board: Board,
    /// The board's par: its optimal distance.
    pub par: usize,
    /// The move the person made.
    pub played: Move,
    /// The moves that keep par, each leaving a board of par − 1.
    pub keeping: Vec<Move>,
}

impl MoveQuestion {
    /// Whether `mv` keeps par.
    pub fn keeps_par(&self, mv: Move) -> bool {
        self.keeping.contains(&mv)
    }
}

/// Why the move game cannot be dealt.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MoveGameError {
    /// Par is not the optimal distance.
    #[error(
        "the move game needs par to be the optimal distance (boards of up to 16 cells); {rows}×{cols} has fifteen's solve for par"
    )]
    NotExact {
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    },
    /// A board's par could not be found.
    #[error(transparent)]
    Coach(#[from] CoachError),
}

/// Up to `limit` questions from `solves`' mistakes (the moves that took
/// the goal a move further away), solve by solve in the order they were
/// made; `par` must be [`Par::Optimal`]. Each costs a search a legal move
/// (up to four).
pub fn move_questions(
    solves: &[CoachedSolve<'_>],
    par: Par<'_>,
    limit: usize,
    deadline: &Deadline,
) -> Result<Vec<MoveQuestion>, MoveGameError> {
    let mut questions = Vec::new();
    for solve in solves {
        let (rows, cols) = (solve.scramble.rows(), solve.scramble.cols());
        let (Par::Optimal(_), Some(mistakes), Some(pars)) =
            (par, &solve.coaching.mistakes, &solve.coaching.par_by_move)
        else {
            return Err(MoveGameError::NotExact { rows, cols });
        };
        let mut board = solve.scramble.clone();
        let mut made = 0;
        for &number in mistakes {
            if questions.len() == limit {
                return Ok(questions);
            }
            // Mistake `number` is the move after `number − 1` moves.
            for &mv in &solve.moves[made..number - 1] {
                let _ = board.slide(mv);
            }
            made = number - 1;
            let par_before = pars[made];
            if par_before == 0 {
                // Solved already: there is no move to choose.
                continue;
            }
            let mut keeping = Vec::new();
            for mv in board.legal_moves() {
                let mut after = board.clone();
                let _ = after.slide(mv);
                let par_after = if after.is_solved() { 0 } else { coach::board_par(&after, (0, 0), par, deadline)? };
                if par_after + 1 == par_before {
                    keeping.push(mv);
                }
            }
            let question = MoveQuestion {
                solve: solve.number,
                move_number: number,
                board: board.clone(),
                par: par_before,
                played: solve.moves[made],
                keeping,
            };
            questions.push(question);
        }
    }
    Ok(questions)
}
