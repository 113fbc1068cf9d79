//! `--par` of `compare` and `coach`: the command-line names of the core's
//! [`ParChoice`], the par's tables found once before the work is spread
//! over the cores, and the clock each near search stops by (the library
//! reads none). Which par a board gets is the core's `coach::par_for`.

use std::collections::BTreeSet;
use std::time::Instant;

use clap::ValueEnum;

use fifteen_core::Board;
use fifteen_core::Deadline;
use fifteen_core::coach::{self, ChosenPar, ParChoice};
use fifteen_core::human::Effort;
use fifteen_core::search::{NearPurpose, near_seconds};
use fifteen_core::tables::Tables;

use super::error::CliError;

/// How par is found on boards of more than 16 cells (up to 16, par is
/// always the optimal distance).
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParArg {
    /// on 17 to 49 cells the near solver too (its par or the human one,
    /// the shorter), its tables built at first use; else as `human`
    #[value(help = format!(
        "on 17 to 49 cells the near solver too, {} (its par or the human one, the shorter), \
         its tables built at first use; else as `human`",
        seconds_a_board()
    ))]
    Auto,
    /// fifteen's human solve at --effort
    Human,
    /// as `auto`, but a missing table for the near solver is an error
    Near,
}

/// How long the near solver searches a board whose par it finds, as the
/// help says it: from the core's `search::near_seconds` (for a par), by shape.
pub fn seconds_a_board() -> String {
    let seconds = |cells| near_seconds(NearPurpose::Par, cells);
    format!("{} s a board up to 5×5, {} s on 6×6, {} s on 7×7", seconds(25), seconds(36), seconds(49))
}

impl ParArg {
    /// The core's name for it.
    pub fn choice(self) -> ParChoice {
        match self {
            ParArg::Auto => ParChoice::Auto,
            ParArg::Human => ParChoice::Human,
            ParArg::Near => ParChoice::Near,
        }
    }
}

/// Finds the tables of every shape's par among `boards` (the core's
/// `par_for` says which: the optimal solver's up to 16 cells, the near
/// solver's on 17 to 49 unless `par` is `human`) before the work is spread
/// over the cores: a build says so once, before any progress bar, no
/// worker waits on another's, and with `near` a shape without them stops
/// the command before any solve.
pub fn find_tables(par: ParArg, boards: &[&Board], tables: &dyn Tables) -> Result<(), CliError> {
    let mut shapes = BTreeSet::new();
    for board in boards {
        if shapes.insert((board.rows(), board.cols())) {
            chosen(board, par, Effort::Auto, tables)?;
        }
    }
    Ok(())
}

/// The par `board` gets (the core decides), its tables from `tables`.
pub fn chosen(board: &Board, par: ParArg, effort: Effort, tables: &dyn Tables) -> Result<ChosenPar, CliError> {
    coach::par_for(board, par.choice(), effort, tables).map_err(|e| CliError::Usage(e.to_string()))
}

/// The command's clock, for the near par's searches (the library reads
/// none): no time limit of its own, `search::near_seconds` (for a par) a board.
pub fn clock() -> Deadline {
    let started = Instant::now();
    Deadline::NONE.with_clock(move || started.elapsed().as_secs_f64())
}
