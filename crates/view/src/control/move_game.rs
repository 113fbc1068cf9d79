//! The move game (`fifteen train --move-game`): the person's own boards
//! where their next move lost par, one after another; they choose the
//! next move and are told whether it keeps par.

use fifteen_core::board::{Board, Move};
use fifteen_core::train::moves::MoveQuestion;

use crate::scene::Row;

/// The questions and the answers so far.
pub struct MoveGame {
    questions: Vec<MoveQuestion>,
    at: usize,
    /// The move chosen on the board on screen, once chosen.
    chosen: Option<Move>,
    /// Questions answered, and of them those answered with a move that keeps par.
    answered: usize,
    kept: usize,
}

impl MoveGame {
    /// A game of `questions`, from the first; `None` when there are none.
    pub fn new(questions: Vec<MoveQuestion>) -> Option<MoveGame> {
        (!questions.is_empty()).then_some(MoveGame { questions, at: 0, chosen: None, answered: 0, kept: 0 })
    }

    /// The question on screen.
    pub(crate) fn question(&self) -> &MoveQuestion {
        &self.questions[self.at]
    }

    /// Its board.
    pub(crate) fn board(&self) -> &Board {
        &self.question().board
    }

    /// True once the question on screen is answered.
    pub(crate) fn is_answered(&self) -> bool {
        self.chosen.is_some()
    }

    /// `mv` chosen on the question on screen; returns what to say.
    pub(crate) fn answer(&mut self, mv: Move) -> String {
        let question = &self.questions[self.at];
        let first = self.chosen.is_none();
        self.chosen = Some(mv);
        let keeps = question.keeps_par(mv);
        if first {
            self.answered += 1;
            self.kept += usize::from(keeps);
        }
        let slid = tile_word(&question.board, mv);
        if keeps {
            return format!("{slid} keeps par: {} moves left from here", question.par - 1);
        }
        let others: Vec<String> = question.keeping.iter().map(|&k| tile_word(&question.board, k)).collect();
        format!(
            "{slid} loses par (2 moves); {} would keep it (you played {})",
            others.join(" or "),
            tile_word(&question.board, question.played)
        )
    }

    /// The same question again.
    pub(crate) fn retry(&mut self) {
        self.chosen = None;
    }

    /// On to the next question; false at the last.
    pub(crate) fn next(&mut self) -> bool {
        if self.at + 1 >= self.questions.len() {
            return false;
        }
        self.at += 1;
        self.chosen = None;
        true
    }

    /// The big line above the board.
    pub(crate) fn title(&self) -> String {
        match self.chosen {
            None => format!("which move? {} of {}", self.at + 1, self.questions.len()),
            Some(mv) if self.question().keeps_par(mv) => "keeps par".to_string(),
            Some(_) => "loses par".to_string(),
        }
    }

    /// The panel's rows.
    pub(crate) fn rows(&self) -> Vec<Row> {
        let question = self.question();
        let (rows, cols) = (question.board.rows(), question.board.cols());
        let mut panel = vec![
            Row::Heading(format!("MOVE GAME  {rows}×{cols}")),
            Row::Stat("board".into(), format!("yours: solve {}, move {}", question.solve, question.move_number)),
            Row::Stat("par (optimal)".into(), question.par.to_string()),
            Row::Stat("moves that keep it".into(), question.keeping.len().to_string()),
            Row::Stat("kept par".into(), format!("{} of {}", self.kept, self.answered)),
        ];
        if self.chosen.is_some() {
            panel.push(Row::Stat("you played then".into(), tile_word(&question.board, question.played)));
        }
        panel.push(Row::Note("your next move here lost par: which keeps it?".into()));
        panel.push(Row::Note("R again · S next board · Esc stop".into()));
        panel
    }
}

/// A move named by the tile it slides: `5 left`.
fn tile_word(board: &Board, mv: Move) -> String {
    let mut after = board.clone();
    match after.slide(mv) {
        Some(tile) => format!("{tile} {}", mv.word()),
        None => mv.word().to_string(),
    }
}
